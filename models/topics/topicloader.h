// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Loads a topic's header (GET /topics/{name}) for the topic page: one load at a time, the newest
// wins, a 2xx that is not a topic is a Decode error. The last answers are remembered (a few
// topics, in memory) so that the page shows them again offline; the page's posts come from the
// cached timeline scope "topic:<key>" (models::TimelineFeed::Scope::ofTopic).
#pragma once

#include "net/apierror.h"
#include "net/apifwd.h"
#include "wire/wiretypes.h"

#include <QCache>
#include <QObject>
#include <QPointer>

#include <optional>

namespace threadline::core {
class Outbox;
}

namespace threadline::models {

class TopicLoader : public QObject
{
    Q_OBJECT

public:
    static constexpr int kRemembered = 32; // topics remembered for offline use

    // api and outbox are not owned and may be null or go away first (then nothing is loaded,
    // nothing is said of follows).
    TopicLoader(core::ApiClient *api, core::Outbox *outbox, QObject *parent = nullptr);

    // Starts loading a topic (its key, without the #s); a load in flight is dropped.
    void load(const QString &topic);
    void cancel();
    [[nodiscard]] bool isLoading() const { return !m_reply.isNull(); }
    [[nodiscard]] bool isOffline() const;
    // What the server last said of a topic in this session (nullopt: nothing yet).
    [[nodiscard]] std::optional<core::TopicInfo> remembered(const QString &topic) const;
    // Keeps a newer state (a follow's answer) for a topic already remembered.
    void remember(const core::TopicInfo &info);
    // The state the latest queued follow of a topic asks for; nullopt when none is queued.
    [[nodiscard]] std::optional<bool> queuedFollow(const QString &topic) const;

Q_SIGNALS:
    void loaded(const QString &topic, const threadline::core::TopicInfo &info);
    void failed(const QString &topic, const threadline::core::ApiError &error);
    void offlineChanged(bool offline);
    // A queued follow of a topic was taken (followers: the server's count, -1 unknown), or
    // failed for good (message: which and why, in words), or was discarded from the outbox.
    void followCompleted(const QString &topic, bool following, qint64 followers);
    void followFailed(const QString &topic, const QString &message);

private:
    QPointer<core::ApiClient> m_api;
    QPointer<core::ApiReply> m_reply;
    QPointer<core::Outbox> m_outbox;
    QCache<QString, core::TopicInfo> m_remembered{kRemembered};
};

} // namespace threadline::models

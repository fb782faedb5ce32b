// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Loads one person's profile (GET /users/{uid}) for a view: one load at a time, the newest wins,
// a 2xx that is not a profile is a Decode error. The view keeps what it showed and words the
// failure (ProfileHeader).
#pragma once

#include "net/apierror.h"
#include "net/apifwd.h"
#include "wire/wiretypes.h"

#include <QObject>
#include <QPointer>

namespace threadline::models {

class ProfileLoader : public QObject
{
    Q_OBJECT

public:
    // api is not owned and may go away first (then nothing is loaded).
    explicit ProfileLoader(core::ApiClient *api, QObject *parent = nullptr);

    // Starts loading uid; a load in flight is dropped without a signal.
    void load(qint64 uid);
    void cancel();
    [[nodiscard]] bool isLoading() const { return !m_reply.isNull(); }
    [[nodiscard]] bool isOffline() const;
    [[nodiscard]] bool hasClient() const { return !m_api.isNull(); }

Q_SIGNALS:
    void loaded(qint64 uid, const threadline::core::UserProfile &profile);
    void failed(qint64 uid, const threadline::core::ApiError &error);
    // The client went offline or back online (the view shows what it has, or loads again).
    void offlineChanged(bool offline);

private:
    QPointer<core::ApiClient> m_api;
    QPointer<core::ApiReply> m_reply;
};

} // namespace threadline::models

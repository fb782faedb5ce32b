// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The follows the outbox holds for people, as a person's page needs them: which state is queued
// for someone, and what became of it (taken, failed, discarded, or toggled back before it was
// sent). A view learns this from here instead of reading the outbox; the follow itself goes
// through core::Actions::setFollow.
//
//   auto *follows = feeds->pendingFollows(this);
//   connect(follows, &PendingFollows::failed, this, [](qint64 uid, const QString &why) { … });
//   if (const auto desired = follows->queued(uid)) …   // shown on top of the server's state
#pragma once

#include "wire/wiretypes.h"

#include <QObject>
#include <QPointer>

#include <optional>

namespace threadline::core {
class Outbox;
}

namespace threadline::models {

class PendingFollows : public QObject
{
    Q_OBJECT

public:
    // outbox is not owned and may be null (then nothing is ever queued).
    explicit PendingFollows(core::Outbox *outbox, QObject *parent = nullptr);

    // False without an outbox: no follow can be queued (a view hides its Follow button).
    [[nodiscard]] bool canQueue() const { return !m_outbox.isNull(); }
    // The state the latest queued follow of uid asks for; nullopt when none is queued.
    [[nodiscard]] std::optional<bool> queued(qint64 uid) const;

Q_SIGNALS:
    // The server took a follow of uid; `answer` is its follow state (nullopt when the answer
    // did not say, then `desired` is the best guess).
    void completed(qint64 uid, bool desired, const std::optional<core::FollowState> &answer);
    // A follow of uid failed for good; `message` says which and why.
    void failed(qint64 uid, const QString &message);
    // A follow of uid was discarded from the outbox.
    void discarded(qint64 uid);
    // A toggle of uid's follow is durable (written, updated, dropped, or nothing to do).
    void saved(qint64 uid);

private:
    QPointer<core::Outbox> m_outbox;
};

} // namespace threadline::models

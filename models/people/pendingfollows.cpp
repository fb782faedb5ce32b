// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "people/pendingfollows.h"

#include "outbox/outbox.h"
#include "outbox/outboxanswer.h"

namespace threadline::models {

using Kind = core::OutboxEntry::Kind;

PendingFollows::PendingFollows(core::Outbox *outbox, QObject *parent)
    : QObject(parent)
    , m_outbox(outbox)
{
    if (!m_outbox)
        return;
    connect(m_outbox, &core::Outbox::completed, this,
            [this](const core::OutboxEntry &entry, const core::OutboxAnswer &answer) {
                if (entry.kind == Kind::Follow)
                    Q_EMIT completed(entry.targetId, entry.desired != 0, answer.follow);
            });
    connect(m_outbox, &core::Outbox::failed, this,
            [this](const core::OutboxEntry &entry, const QString &message) {
                if (entry.kind == Kind::Follow)
                    Q_EMIT failed(entry.targetId, message);
            });
    connect(m_outbox, &core::Outbox::discarded, this, [this](const core::OutboxEntry &entry) {
        if (entry.kind == Kind::Follow)
            Q_EMIT discarded(entry.targetId);
    });
    connect(m_outbox, &core::Outbox::toggleSaved, this, [this](Kind kind, qint64 targetId, int) {
        if (kind == Kind::Follow)
            Q_EMIT saved(targetId);
    });
}

std::optional<bool> PendingFollows::queued(qint64 uid) const
{
    if (!m_outbox)
        return std::nullopt;
    const QList<core::OutboxEntry> entries = m_outbox->entries();
    for (auto it = entries.crbegin(); it != entries.crend(); ++it) {
        if (it->kind == Kind::Follow && it->targetId == uid)
            return it->desired != 0;
    }
    return std::nullopt;
}

} // namespace threadline::models

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Outbox (outbox.h): the actions on messages on a person's board — leaving one, liking it,
// deleting it, reporting it and a moderator's hide or unhide — and notifications marked as read,
// queued like every other action.
#include "outbox/outbox.h"

#include "wire/jsoncodec.h"

#include <QJsonDocument>

namespace threadline::core {

namespace {

using Kind = OutboxEntry::Kind;

QJsonObject reasonBody(const QString &reason)
{
    QJsonObject body;
    if (!reason.isEmpty())
        body.insert(QStringLiteral("reason"), reason);
    return body;
}

} // namespace

qint64 Outbox::leaveMessage(qint64 uid, const QString &content, const QString &target)
{
    return queueOn(Kind::LeaveMessage, uid, target,
                   QJsonObject{{QStringLiteral("content"), content}});
}

qint64 Outbox::deleteMessage(qint64 messageId, const QString &target)
{
    return queueOn(Kind::DeleteMessage, messageId, target);
}

qint64 Outbox::setMessageLike(qint64 messageId, bool liked, const QString &target)
{
    const qint64 id = allocateId();
    whenLoaded([=, this] {
        OutboxEntry e = makeEntry(Kind::MessageLike, id, target);
        e.targetId = messageId;
        e.desired = liked ? 1 : 0;
        e.baseline = liked ? 0 : 1;
        enqueue(e);
    });
    return id;
}

qint64 Outbox::markNotificationRead(qint64 notificationId)
{
    return queueOn(Kind::NotificationRead, notificationId, QString());
}

qint64 Outbox::markNotificationsRead(std::optional<qint64> upTo)
{
    QJsonObject body;
    if (upTo)
        body.insert(QStringLiteral("upTo"), *upTo);
    return queueOn(Kind::NotificationsRead, 0, QString(), body);
}

qint64 Outbox::hideMessage(qint64 messageId, const QString &reason, const QString &target)
{
    return queueOn(Kind::HideMessage, messageId, target, reasonBody(reason));
}

qint64 Outbox::unhideMessage(qint64 messageId, const QString &reason, const QString &target)
{
    return queueOn(Kind::UnhideMessage, messageId, target, reasonBody(reason));
}

qint64 Outbox::reportMessage(qint64 messageId, Report::Reason reason,
                             const std::optional<QString> &note, const QString &target)
{
    const qint64 id = allocateId();
    NewReport report;
    report.targetId = messageId;
    report.reason = reason;
    report.note = note;
    QJsonObject body = QJsonDocument::fromJson(encodeNewReport(report)).object();
    body.insert(QStringLiteral("targetType"), QStringLiteral("message"));
    whenLoaded([=, this] {
        OutboxEntry e = makeEntry(Kind::Report, id, target);
        e.targetId = messageId;
        e.payload = body;
        enqueue(e);
    });
    return id;
}

} // namespace threadline::core

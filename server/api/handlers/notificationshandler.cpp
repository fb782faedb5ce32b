// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Notifications' routes (notificationshandler.h).
#include "api/handlers/notificationshandler.h"

#include "api/changelog.h"
#include "api/cursor.h"
#include "api/notifications.h"
#include "db/database.h"

#include <QUrl>

namespace threadline::server {

NotificationsHandler::NotificationsHandler(Database &db, Notifications &notifications,
                                           ChangeLog &changes)
    : m_db(db)
    , m_notifications(notifications)
    , m_changes(changes)
{
}

void NotificationsHandler::addRoutes(RouteTable &t)
{
    t.add("GET", "notifications", Worker, this, &NotificationsHandler::list);
    t.add("GET", "notifications/unread", Worker, this, &NotificationsHandler::unread);
    t.add("POST", "notifications/{id}/read", Write | JsonBody | OptionalBody, this,
          &NotificationsHandler::readOne);
    t.add("POST", "notifications/read", Write | JsonBody | OptionalBody, this,
          &NotificationsHandler::readAll);
}

// Mine, newest first (createtime, then id), read through notifications_list (or, with
// ?unread=1, the partial index of the unread ones); the cursor is the last one's (createtime, id).
Response NotificationsHandler::list(Request &req)
{
    const int limit = limitParam(req.query, "limit", 30, 100);
    bool onlyUnread = false;
    if (req.query.hasQueryItem(QStringLiteral("unread"))) {
        const QString v = req.query.queryItemValue(QStringLiteral("unread"), QUrl::FullyDecoded);
        if (v == QLatin1String("1") || v == QLatin1String("true"))
            onlyUnread = true;
        else if (v != QLatin1String("0") && v != QLatin1String("false"))
            fail(400, QStringLiteral("unread: must be 1 or 0"));
    }
    const Keyset ks =
        beforeCursor(req.query, QStringLiteral("n.createtime"), QStringLiteral("n.id"));
    QVariantList binds{req.viewer.uid};
    binds += ks.binds;
    binds << limit + 1;
    auto rows =
        m_db.query(QStringLiteral("SELECT %1 FROM notifications n WHERE n.uid = ?%2%3"
                                  " ORDER BY n.createtime DESC, n.id DESC LIMIT ?")
                       .arg(Notifications::columns(),
                            onlyUnread ? QStringLiteral(" AND n.is_read = 0") : QString(), ks.sql),
                   binds);
    const bool more = rows.size() > size_t(limit);
    if (more)
        rows.resize(size_t(limit));
    const QJsonValue next = nextCursor(more, more ? rows.back()[12].toLongLong() : 0,
                                       more ? rows.back()[0].toLongLong() : 0);
    return Response::json({{QStringLiteral("items"), m_notifications.render(rows)},
                           {QStringLiteral("next"), next},
                           {QStringLiteral("unread"), m_notifications.unread(req.viewer.uid)}});
}

Response NotificationsHandler::unread(Request &req)
{
    return Response::json({{QStringLiteral("unread"), m_notifications.unread(req.viewer.uid)}});
}

// Idempotent: marking a read one again changes nothing and writes no record.
Response NotificationsHandler::readOne(Request &req)
{
    const qint64 id = req.ids[0];
    const qint64 uid = req.viewer.uid;
    if (m_db.exec(QStringLiteral("UPDATE notifications SET is_read = 1"
                                 " WHERE id = ? AND uid = ? AND is_read = 0"),
                  {id, uid}) > 0)
        m_changes.record("notification", id, "upsert", uid);
    else if (!m_db.one(QStringLiteral("SELECT 1 FROM notifications WHERE id = ? AND uid = ?"),
                       {id, uid}))
        fail(404, QStringLiteral("no such notification"));
    return Response::json({{QStringLiteral("id"), id},
                           {QStringLiteral("read"), true},
                           {QStringLiteral("unread"), m_notifications.unread(uid)}});
}

// All mine, or those up to `upTo` (what the client has shown: one that came meanwhile stays
// unread); each one marked writes its record.
Response NotificationsHandler::readAll(Request &req)
{
    const qint64 uid = req.viewer.uid;
    const auto upTo = idField(req.json, "upTo", false);
    QString sql =
        QStringLiteral("UPDATE notifications SET is_read = 1 WHERE uid = ? AND is_read = 0");
    QVariantList binds{uid};
    if (upTo) {
        sql += QStringLiteral(" AND id <= ?");
        binds << *upTo;
    }
    const auto marked = m_db.query(sql + QStringLiteral(" RETURNING id"), binds);
    for (const Row &r : marked)
        m_changes.record("notification", r[0].toLongLong(), "upsert", uid);
    return Response::json({{QStringLiteral("unread"), m_notifications.unread(uid)},
                           {QStringLiteral("marked"), qint64(marked.size())}});
}

} // namespace threadline::server

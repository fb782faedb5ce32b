// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// People (usershandler.h): profiles and following.
#include "api/handlers/usershandler.h"

#include "api/changelog.h"
#include "api/clock.h"
#include "api/notifications.h"
#include "api/renderer.h"
#include "db/database.h"

namespace threadline::server {

UsersHandler::UsersHandler(Database &db, Renderer &renderer, ChangeLog &changes,
                           Notifications &notifications)
    : m_db(db)
    , m_renderer(renderer)
    , m_changes(changes)
    , m_notifications(notifications)
{
}

void UsersHandler::addRoutes(RouteTable &t)
{
    t.add("GET", "me", 0, this, &UsersHandler::me);
    t.add("GET", "users/{id}", Worker | Tagged, this, &UsersHandler::getUser);
    t.add("PUT", "users/{id}/follow", Write, this, &UsersHandler::follow);
    t.add("DELETE", "users/{id}/follow", Write, this, &UsersHandler::unfollow);
}

Response UsersHandler::me(Request &req)
{
    return Response::json(m_renderer.userProfile(req.viewer.uid, req.viewer));
}

Response UsersHandler::getUser(Request &req)
{
    return Response::json(m_renderer.userProfile(req.ids[0], req.viewer));
}

static QJsonObject followState(Database &db, qint64 uid, bool following)
{
    return {{QStringLiteral("following"), following},
            {QStringLiteral("followers"),
             db.scalar(QStringLiteral("SELECT COUNT(*) FROM follows WHERE followee = ?"), {uid}, 0)
                 .toLongLong()}};
}

Response UsersHandler::follow(Request &req)
{
    const qint64 uid = req.ids[0];
    m_renderer.requireUser(uid);
    if (uid == req.viewer.uid)
        fail(422, QStringLiteral("uid: you cannot follow yourself"));
    const qint64 now = nowMs();
    if (m_db.exec(
            QStringLiteral("INSERT INTO follows(follower, followee, createtime) VALUES(?, ?, ?)"
                           " ON CONFLICT(follower, followee) DO NOTHING"),
            {req.viewer.uid, uid, now}) > 0) {
        m_db.exec(QStringLiteral("INSERT INTO activity(type, actor, target_uid, createtime) "
                                 "VALUES('follow', ?, ?, ?)"),
                  {req.viewer.uid, uid, now});
        m_changes.record("user", uid);
        m_changes.record("user", req.viewer.uid);
        m_notifications.followed(req.viewer.uid, uid);
    }
    return Response::json(followState(m_db, uid, true));
}

Response UsersHandler::unfollow(Request &req)
{
    const qint64 uid = req.ids[0];
    m_renderer.requireUser(uid);
    if (uid == req.viewer.uid)
        fail(422, QStringLiteral("uid: you cannot follow yourself"));
    if (m_db.exec(QStringLiteral("DELETE FROM follows WHERE follower = ? AND followee = ?"),
                  {req.viewer.uid, uid}) > 0) {
        m_db.exec(
            QStringLiteral(
                "DELETE FROM activity WHERE type = 'follow' AND actor = ? AND target_uid = ?"),
            {req.viewer.uid, uid});
        m_changes.record("user", uid);
        m_changes.record("user", req.viewer.uid);
    }
    return Response::json(followState(m_db, uid, false));
}

} // namespace threadline::server

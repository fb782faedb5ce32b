// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// People's lists (peoplehandler.h).
#include "api/handlers/peoplehandler.h"

#include "api/cursor.h"
#include "api/jsonwrite.h"
#include "api/renderer.h"
#include "db/database.h"

#include <QJsonArray>
#include <QJsonObject>

namespace threadline::server {

PeopleHandler::PeopleHandler(Database &db, Renderer &renderer)
    : m_db(db)
    , m_renderer(renderer)
{
}

void PeopleHandler::addRoutes(RouteTable &t)
{
    t.add("GET", "me/likes", Worker, this, &PeopleHandler::myLikes);
    t.add("GET", "users/{id}/followers", Worker, this, &PeopleHandler::followers);
    t.add("GET", "users/{id}/following", Worker, this, &PeopleHandler::following);
}

// The posts I liked, by the time of my like (newest first), as the timeline renders them. The
// cursor is the like's (createtime, id), read through post_likes_by_user (uid, createtime, id).
// A post I may no longer see (deleted; hidden, for ordinary users) is left out.
Response PeopleHandler::myLikes(Request &req)
{
    const int limit = limitParam(req.query, "limit", 20, 50);
    const Keyset ks =
        beforeCursor(req.query, QStringLiteral("l.createtime"), QStringLiteral("l.id"));
    QVariantList binds{req.viewer.uid};
    binds += ks.binds;
    binds << limit + 1;
    const auto rows =
        m_db.query(QStringLiteral("SELECT l.id, l.createtime, l.post_id FROM post_likes l"
                                  " JOIN posts p ON p.id = l.post_id WHERE l.uid = ? AND %1%2"
                                  " ORDER BY l.createtime DESC, l.id DESC LIMIT ?")
                       .arg(Renderer::postVisible(req.viewer), ks.sql),
                   binds);
    QList<qint64> ids;
    for (size_t i = 0; i < rows.size() && i < size_t(limit); ++i)
        ids.append(rows[i][2].toLongLong());
    const bool more = rows.size() > size_t(limit);
    const QJsonValue next = nextCursor(more, more ? rows[limit - 1][1].toLongLong() : 0,
                                       more ? rows[limit - 1][0].toLongLong() : 0);
    Response r;
    r.body = "{\"items\":";
    r.body += m_renderer.postsJson(ids, req.viewer);
    r.body += ",\"next\":";
    json::value(r.body, next);
    r.body += '}';
    return r;
}

Response PeopleHandler::followers(Request &req)
{
    return follows(req, true);
}

Response PeopleHandler::following(Request &req)
{
    return follows(req, false);
}

// {"items":[{"user":{brief},"createtime"}],"next"}: newest follow first, then the other
// person's uid descending; the cursor is that (createtime, uid).
Response PeopleHandler::follows(Request &req, bool followers)
{
    const qint64 uid = req.ids[0];
    m_renderer.requireUser(uid);
    const int limit = limitParam(req.query, "limit", 20, 50);
    const QString self = followers ? QStringLiteral("followee") : QStringLiteral("follower");
    const QString other = followers ? QStringLiteral("follower") : QStringLiteral("followee");
    const Keyset ks = beforeCursor(req.query, QStringLiteral("createtime"), other);
    QVariantList binds{uid};
    binds += ks.binds;
    binds << limit + 1;
    const auto rows = m_db.query(QStringLiteral("SELECT %1, createtime FROM follows WHERE %2 = ?%3"
                                                " ORDER BY createtime DESC, %1 DESC LIMIT ?")
                                     .arg(other, self, ks.sql),
                                 binds);
    QJsonArray items;
    for (size_t i = 0; i < rows.size() && i < size_t(limit); ++i)
        items.append(
            QJsonObject{{QStringLiteral("user"), m_renderer.userBrief(rows[i][0].toLongLong())},
                        {QStringLiteral("createtime"), rows[i][1].toLongLong()}});
    const bool more = rows.size() > size_t(limit);
    const QJsonValue next = nextCursor(more, more ? rows[limit - 1][1].toLongLong() : 0,
                                       more ? rows[limit - 1][0].toLongLong() : 0);
    return Response::json({{QStringLiteral("items"), items}, {QStringLiteral("next"), next}});
}

} // namespace threadline::server

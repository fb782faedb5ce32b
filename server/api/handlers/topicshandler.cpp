// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Topics (topicshandler.h): GET /topics/{name}, PUT and DELETE /topics/{name}/follow.
#include "api/handlers/topicshandler.h"

#include "api/clock.h"
#include "api/topics.h"
#include "db/database.h"

#include <QUrl>

namespace threadline::server {

namespace {

// The path's name, percent-decoded, as a topic key; 400 when it is not a topic name.
QString keyOf(const Request &req)
{
    const QString key = topicKey(QUrl::fromPercentEncoding(req.name.toUtf8()));
    if (key.isEmpty())
        fail(400, QStringLiteral("name: a topic name is 1 to 20 letters, digits, '_', '-' or '·'"
                                 " (without the #s)"));
    return key;
}

} // namespace

TopicsHandler::TopicsHandler(Database &db)
    : m_db(db)
{
}

void TopicsHandler::addRoutes(RouteTable &t)
{
    t.add("GET", "topics/{name}", Worker, this, &TopicsHandler::topic);
    t.add("PUT", "topics/{name}/follow", Write, this, &TopicsHandler::follow);
    t.add("DELETE", "topics/{name}/follow", Write, this, &TopicsHandler::unfollow);
}

QJsonObject TopicsHandler::followState(const QString &topic, bool following)
{
    return {{QStringLiteral("following"), following},
            {QStringLiteral("followers"),
             m_db.scalar(QStringLiteral("SELECT COUNT(*) FROM topic_follows WHERE topic = ?"),
                         {topic}, 0)
                 .toLongLong()}};
}

Response TopicsHandler::topic(Request &req)
{
    const QString key = keyOf(req);
    // A topic nobody used yet still answers (0 posts): following it first is allowed.
    const qint64 posts =
        m_db.scalar(QStringLiteral("SELECT COUNT(*) FROM topic_posts t JOIN posts p"
                                   " ON p.id = t.post_id WHERE t.topic = ? AND p.deleted = 0"
                                   " AND p.hidden = 0"),
                    {key}, 0)
            .toLongLong();
    const bool mine =
        m_db.one(QStringLiteral("SELECT 1 FROM topic_follows WHERE uid = ? AND topic = ?"),
                 {req.viewer.uid, key})
            .has_value();
    QJsonObject o = followState(key, mine);
    o.remove(QStringLiteral("following"));
    o.insert(QStringLiteral("name"), key);
    o.insert(QStringLiteral("posts"), posts);
    o.insert(QStringLiteral("followedByMe"), mine);
    return Response::json(o);
}

Response TopicsHandler::follow(Request &req)
{
    const QString key = keyOf(req);
    m_db.exec(QStringLiteral("INSERT INTO topic_follows(uid, topic, createtime) VALUES(?, ?, ?)"
                             " ON CONFLICT(uid, topic) DO NOTHING"),
              {req.viewer.uid, key, nowMs()});
    return Response::json(followState(key, true));
}

Response TopicsHandler::unfollow(Request &req)
{
    const QString key = keyOf(req);
    m_db.exec(QStringLiteral("DELETE FROM topic_follows WHERE uid = ? AND topic = ?"),
              {req.viewer.uid, key});
    return Response::json(followState(key, false));
}

} // namespace threadline::server

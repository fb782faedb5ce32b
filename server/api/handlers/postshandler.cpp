// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Posts (postshandler.h): the timeline, one post, creating and deleting, likes and likers,
// views, hot.
#include "api/handlers/postshandler.h"

#include "api/cachedreader.h"
#include "api/changelog.h"
#include "api/clock.h"
#include "api/cursor.h"
#include "api/handlers/recentviews.h"
#include "api/jsonwrite.h"
#include "api/moderationrecords.h"
#include "api/notifications.h"
#include "api/renderer.h"
#include "api/topics.h"
#include "api/visibility.h"
#include "db/database.h"

#include <QJsonDocument>
#include <QUrl>

namespace threadline::server {

PostsHandler::PostsHandler(Database &db, Renderer &renderer, CachedReader &reads,
                           Visibility &visibility, ChangeLog &changes,
                           ModerationRecords &moderation, Notifications &notifications)
    : m_db(db)
    , m_renderer(renderer)
    , m_reads(reads)
    , m_visibility(visibility)
    , m_changes(changes)
    , m_moderation(moderation)
    , m_notifications(notifications)
{
}

void PostsHandler::addRoutes(RouteTable &t)
{
    t.add("GET", "timeline", Worker | Tagged, this, &PostsHandler::timeline);
    t.add("POST", "posts", Write | JsonBody, this, &PostsHandler::createPost);
    t.add("GET", "posts/{id}", Worker | Tagged, this, &PostsHandler::getPost);
    t.add("DELETE", "posts/{id}", Write, this, &PostsHandler::deletePost);
    t.add("PUT", "posts/{id}/like", Write | Atomic | Worker | PostLike, this,
          &PostsHandler::likePost);
    t.add("DELETE", "posts/{id}/like", Write | Atomic | Worker | PostLike, this,
          &PostsHandler::unlikePost);
    t.add("POST", "posts/{id}/views", Write | JsonBody | OptionalBody, this,
          &PostsHandler::viewPost);
    t.add("GET", "posts/{id}/likes", Worker, this, &PostsHandler::postLikes);
    t.add("GET", "hot", Worker, this, &PostsHandler::hot);
    t.add("GET", "me/recent", 0, this, &PostsHandler::recentViews);
    t.add("DELETE", "me/recent", Write, this, &PostsHandler::clearRecentViews);
}

Response PostsHandler::timeline(Request &req)
{
    const QString scope = req.query.hasQueryItem(QStringLiteral("scope"))
                              ? req.query.queryItemValue(QStringLiteral("scope"))
                              : QStringLiteral("all");
    const int limit = limitParam(req.query, "limit", 20, 50);
    QString where = Renderer::postVisible(req.viewer);
    QVariantList binds;
    QString topic;
    if (scope == QLatin1String("following")) {
        // the people I follow, me, and the topics I follow
        where += QStringLiteral(
            " AND (p.author = ? OR p.author IN (SELECT followee FROM follows WHERE follower = ?)"
            " OR p.id IN (SELECT tp.post_id FROM topic_follows tf JOIN topic_posts tp"
            " ON tp.topic = tf.topic WHERE tf.uid = ?))");
        binds << req.viewer.uid << req.viewer.uid << req.viewer.uid;
    } else if (scope == QLatin1String("topic")) {
        topic = topicKey(req.query.queryItemValue(QStringLiteral("topic"), QUrl::FullyDecoded));
        if (topic.isEmpty())
            fail(400, QStringLiteral("topic: scope=topic needs a topic name (1 to 20 letters, "
                                     "digits, '_', '-' or '·', without the #s)"));
    } else if (scope == QLatin1String("user")) {
        const auto uid = intParam(req.query, "uid");
        if (!uid || *uid <= 0)
            fail(400, QStringLiteral("uid: scope=user needs a user id"));
        m_renderer.requireUser(*uid);
        where += QStringLiteral(" AND p.author = ?");
        binds << *uid;
    } else if (scope != QLatin1String("all")) {
        fail(400, QStringLiteral("scope: must be all, following, user or topic"));
    }
    // The newest visible comments on each card: 3 by default, ?comments=0..5 as on /posts/{id}.
    const int comments = limitParam(req.query, "comments", 3, 5, 0);
    // Read cache: brought up to date before anything of the page is read.
    const bool cached = m_reads.cacheable(req);
    const quint64 epoch = cached ? m_reads.cache()->refresh(m_db) : 0;
    std::vector<Row> rows;
    if (!topic.isEmpty()) {
        // a topic's posts: its index newest first, the posts joined for what the caller may see
        const Keyset ks =
            beforeCursor(req.query, QStringLiteral("t.createtime"), QStringLiteral("t.post_id"));
        QVariantList tb{topic};
        tb += binds;
        tb += ks.binds;
        tb << limit + 1;
        rows = m_db.query(QStringLiteral("SELECT p.id, p.createtime FROM topic_posts t"
                                         " JOIN posts p ON p.id = t.post_id WHERE t.topic = ?"
                                         " AND %1%2 ORDER BY t.createtime DESC, t.post_id DESC"
                                         " LIMIT ?")
                              .arg(where, ks.sql),
                          tb);
    } else {
        const Keyset ks =
            beforeCursor(req.query, QStringLiteral("p.createtime"), QStringLiteral("p.id"));
        binds += ks.binds;
        binds << limit + 1;
        rows = m_db.query(QStringLiteral("SELECT p.id, p.createtime FROM posts p WHERE %1%2"
                                         " ORDER BY p.createtime DESC, p.id DESC LIMIT ?")
                              .arg(where, ks.sql),
                          binds);
    }
    QList<qint64> ids;
    for (size_t i = 0; i < rows.size() && i < size_t(limit); ++i)
        ids.append(rows[i][0].toLongLong());
    const bool more = rows.size() > size_t(limit);
    const QJsonValue next = nextCursor(more, more ? rows[limit - 1][1].toLongLong() : 0,
                                       more ? rows[limit - 1][0].toLongLong() : 0);
    // {"items":[…],"next":…}, written as text (the bytes QJsonDocument wrote)
    Response r;
    r.body = "{\"items\":";
    if (cached)
        json::array(r.body, m_reads.cachedPosts(ids, req.viewer, comments, epoch));
    else
        r.body += m_renderer.postsJson(ids, req.viewer, comments);
    r.body += ",\"next\":";
    json::value(r.body, next);
    r.body += '}';
    return r;
}

Response PostsHandler::getPost(Request &req)
{
    const int comments = limitParam(req.query, "comments", 3, 5, 0);
    if (m_reads.cacheable(req)) {
        const quint64 epoch = m_reads.cache()->refresh(m_db);
        std::vector<QByteArray> posts =
            m_reads.cachedPosts({req.ids[0]}, req.viewer, comments, epoch);
        if (posts.empty())
            fail(404, QStringLiteral("no such post"));
        Response r;
        r.body = std::move(posts.front());
        return r;
    }
    const auto p = m_renderer.renderPost(req.ids[0], req.viewer, comments);
    if (!p)
        fail(404, QStringLiteral("no such post"));
    return Response::json(*p);
}

static bool validPictureUrl(const QString &s)
{
    if (s.startsWith(QLatin1Char('/')))
        return !s.startsWith(QLatin1String("//")) && s.size() <= 2048;
    const QUrl u(s, QUrl::StrictMode);
    return u.isValid() &&
           (u.scheme() == QLatin1String("http") || u.scheme() == QLatin1String("https")) &&
           !u.host().isEmpty() && s.size() <= 2048;
}

Response PostsHandler::createPost(Request &req)
{
    const QJsonObject &o = req.json;
    const QString content = stringField(o, "content", false).value_or(QString()).trimmed();
    if (codePoints(content) > 2000)
        fail(422, QStringLiteral("content: at most 2,000 characters"));
    QJsonArray pictures;
    const QJsonValue pv = o.value(QStringLiteral("pictureUrls"));
    if (!pv.isUndefined() && !pv.isNull()) {
        if (!pv.isArray())
            fail(400, QStringLiteral("pictureUrls: must be an array of strings"));
        for (const QJsonValue &e : pv.toArray()) {
            if (!e.isString())
                fail(400, QStringLiteral("pictureUrls: must be an array of strings"));
            if (!validPictureUrl(e.toString()))
                fail(422,
                     QStringLiteral(
                         "pictureUrls: each must be an http(s) URL or a path beginning with /"));
            pictures.append(e);
        }
    }
    if (pictures.size() > 9)
        fail(422, QStringLiteral("pictureUrls: at most 9 pictures"));
    if (content.isEmpty() && pictures.isEmpty())
        fail(422, QStringLiteral("content: a post needs content or a picture"));
    QString category =
        stringField(o, "category", false)
            .value_or(pictures.isEmpty() ? QStringLiteral("TEXT") : QStringLiteral("PICTURE"));
    if (category != QLatin1String("TEXT") && category != QLatin1String("PICTURE"))
        fail(422, QStringLiteral("category: must be TEXT or PICTURE"));
    const QString device = stringField(o, "device", false).value_or(QString()).trimmed();
    if (codePoints(device) > 100)
        fail(422, QStringLiteral("device: at most 100 characters"));
    QVariant geo;
    const QJsonValue gv = o.value(QStringLiteral("geo"));
    if (!gv.isUndefined() && !gv.isNull()) {
        if (!gv.isObject())
            fail(400, QStringLiteral("geo: must be an object or null"));
        const QJsonObject g = gv.toObject();
        const QJsonValue name = g.value(QStringLiteral("name")),
                         lat = g.value(QStringLiteral("lat")), lng = g.value(QStringLiteral("lng"));
        if ((!name.isUndefined() && !name.isString()) || (!lat.isUndefined() && !lat.isDouble()) ||
            (!lng.isUndefined() && !lng.isDouble()))
            fail(400, QStringLiteral("geo: name must be a string, lat and lng numbers"));
        if (lat.toDouble() < -90 || lat.toDouble() > 90 || lng.toDouble() < -180 ||
            lng.toDouble() > 180)
            fail(422, QStringLiteral("geo: lat must be within ±90 and lng within ±180"));
        if (codePoints(name.toString()) > 200)
            fail(422, QStringLiteral("geo: name at most 200 characters"));
        QJsonObject clean{{QStringLiteral("name"), name.toString()},
                          {QStringLiteral("lat"), lat.toDouble()},
                          {QStringLiteral("lng"), lng.toDouble()}};
        geo = QString::fromUtf8(QJsonDocument(clean).toJson(QJsonDocument::Compact));
    }
    const qint64 now = nowMs();
    const qint64 id =
        m_db.scalar(
                QStringLiteral("INSERT INTO posts(author, category, content, device, geo, pictures,"
                               " createtime) VALUES(?, ?, ?, ?, ?, ?, ?) RETURNING id"),
                {req.viewer.uid, category, content, device, geo,
                 QString::fromUtf8(QJsonDocument(pictures).toJson(QJsonDocument::Compact)), now})
            .toLongLong();
    m_db.exec(QStringLiteral(
                  "INSERT INTO activity(type, actor, post_id, createtime) VALUES('post', ?, ?, ?)"),
              {req.viewer.uid, id, now});
    // #topic#s: the post joins each topic's timeline, and "A posted in #topic" is recorded.
    for (const QString &topic : topicsOf(content)) {
        m_db.exec(
            QStringLiteral("INSERT INTO topic_posts(topic, post_id, createtime) VALUES(?, ?, ?)"),
            {topic, id, now});
        m_db.exec(QStringLiteral("INSERT INTO activity(type, actor, post_id, topic, createtime)"
                                 " VALUES('topic', ?, ?, ?, ?)"),
                  {req.viewer.uid, id, topic, now});
    }
    m_moderation.autoFlag(QStringLiteral("post"), id, content);
    m_changes.record("post", id);
    return Response::json(m_renderer.renderPost(id, req.viewer).value(), 201);
}

Response PostsHandler::deletePost(Request &req)
{
    const qint64 id = req.ids[0];
    const auto row =
        m_db.one(QStringLiteral("SELECT author, hidden, deleted FROM posts WHERE id = ?"), {id});
    if (!row)
        fail(404, QStringLiteral("no such post"));
    const qint64 author = row->at(0).toLongLong();
    const bool may = req.viewer.moderator || author == req.viewer.uid;
    if (row->at(2).toInt() != 0) {
        if (may)
            return Response::noContent();
        fail(404, QStringLiteral("no such post"));
    }
    if (row->at(1).toInt() != 0 && !req.viewer.moderator)
        fail(404, QStringLiteral("no such post"));
    if (!may)
        fail(403, QStringLiteral("only the author or a moderator may delete this post"));
    m_db.exec(QStringLiteral("UPDATE posts SET deleted = 1 WHERE id = ?"), {id});
    m_changes.record("post", id, "remove");
    m_moderation.closeItem(QStringLiteral("post"), id);
    m_notifications.withdrawPost(id);
    if (req.viewer.moderator && author != req.viewer.uid) {
        m_moderation.log(req.viewer.uid, QStringLiteral("delete"), QStringLiteral("post"), id,
                         QString());
        m_notifications.moderated(req.viewer.uid, QStringLiteral("delete"), QStringLiteral("post"),
                                  id, QString());
    }
    return Response::noContent();
}

static QJsonObject likeState(Database &db, qint64 postId, bool liked)
{
    return {
        {QStringLiteral("liked"), liked},
        {QStringLiteral("likeCount"),
         db.scalar(QStringLiteral("SELECT COUNT(*) FROM post_likes WHERE post_id = ?"), {postId}, 0)
             .toLongLong()}};
}

// PostgreSQL: the whole like or unlike in one statement (tl_post_like, schema.h v4; since the
// notifications' version it writes the like's notification too), in a transaction of its own.
// -1 is a post the caller may not see.
static Response likeOnPostgres(Database &db, const Request &req, bool on)
{
    const qint64 id = req.ids[0];
    const qint64 n = db.scalar(QStringLiteral("SELECT tl_post_like(?, ?, ?, ?, ?)"),
                               {id, req.viewer.uid, on, nowMs(), req.viewer.moderator}, -1)
                         .toLongLong();
    if (n < 0)
        fail(404, QStringLiteral("no such post"));
    return Response::json({{QStringLiteral("liked"), on}, {QStringLiteral("likeCount"), n}});
}

Response PostsHandler::likePost(Request &req)
{
    if (m_db.isPostgres())
        return likeOnPostgres(m_db, req, true);
    const qint64 id = req.ids[0];
    m_visibility.requireVisiblePost(id, req.viewer);
    const qint64 now = nowMs();
    if (m_db.exec(QStringLiteral("INSERT INTO post_likes(post_id, uid, createtime) VALUES(?, ?, ?)"
                                 " ON CONFLICT(post_id, uid) DO NOTHING"),
                  {id, req.viewer.uid, now}) > 0) {
        m_db.exec(
            QStringLiteral(
                "INSERT INTO activity(type, actor, post_id, createtime) VALUES('like', ?, ?, ?)"),
            {req.viewer.uid, id, now});
        m_changes.record("post", id);
        m_notifications.likedPost(req.viewer.uid, id);
    }
    return Response::json(likeState(m_db, id, true));
}

Response PostsHandler::unlikePost(Request &req)
{
    if (m_db.isPostgres())
        return likeOnPostgres(m_db, req, false);
    const qint64 id = req.ids[0];
    m_visibility.requireVisiblePost(id, req.viewer);
    if (m_db.exec(QStringLiteral("DELETE FROM post_likes WHERE post_id = ? AND uid = ?"),
                  {id, req.viewer.uid}) > 0) {
        m_db.exec(QStringLiteral(
                      "DELETE FROM activity WHERE type = 'like' AND actor = ? AND post_id = ?"),
                  {req.viewer.uid, id});
        m_changes.record("post", id);
    }
    return Response::json(likeState(m_db, id, false));
}

Response PostsHandler::viewPost(Request &req)
{
    const qint64 id = req.ids[0];
    m_visibility.requireVisiblePost(id, req.viewer);
    const qint64 now = nowMs();
    m_db.exec(QStringLiteral("INSERT INTO views(post_id, uid, day, createtime) VALUES(?, ?, ?, ?)"
                             " ON CONFLICT(post_id, uid, day) DO NOTHING"),
              {id, req.viewer.uid, dayNumberUtc8(now), now});
    recentviews::record(m_db, req.viewer.uid, id, now);
    return Response::noContent();
}

Response PostsHandler::postLikes(Request &req)
{
    const qint64 id = req.ids[0];
    m_visibility.requireVisiblePost(id, req.viewer);
    const int limit = limitParam(req.query, "limit", 20, 50);
    const Keyset ks = beforeCursor(req.query, QStringLiteral("createtime"), QStringLiteral("id"));
    QVariantList binds{id};
    binds += ks.binds;
    binds << limit + 1;
    const auto rows =
        m_db.query(QStringLiteral("SELECT id, uid, createtime FROM post_likes WHERE post_id = ?%1"
                                  " ORDER BY createtime DESC, id DESC LIMIT ?")
                       .arg(ks.sql),
                   binds);
    QJsonArray items;
    for (size_t i = 0; i < rows.size() && i < size_t(limit); ++i)
        items.append(
            QJsonObject{{QStringLiteral("id"), rows[i][0].toLongLong()},
                        {QStringLiteral("postId"), id},
                        {QStringLiteral("createtime"), rows[i][2].toLongLong()},
                        {QStringLiteral("user"), m_renderer.userBrief(rows[i][1].toLongLong())}});
    const bool more = rows.size() > size_t(limit);
    const QJsonValue next = nextCursor(more, more ? rows[limit - 1][2].toLongLong() : 0,
                                       more ? rows[limit - 1][0].toLongLong() : 0);
    return Response::json({{QStringLiteral("items"), items}, {QStringLiteral("next"), next}});
}

Response PostsHandler::hot(Request &req)
{
    const QString window = req.query.hasQueryItem(QStringLiteral("window"))
                               ? req.query.queryItemValue(QStringLiteral("window"))
                               : QStringLiteral("day");
    const QString by = req.query.hasQueryItem(QStringLiteral("by"))
                           ? req.query.queryItemValue(QStringLiteral("by"))
                           : QStringLiteral("likes");
    qint64 span = 0;
    if (window == QLatin1String("day"))
        span = 24LL * 3600 * 1000;
    else if (window == QLatin1String("week"))
        span = 7LL * 24 * 3600 * 1000;
    else
        fail(400, QStringLiteral("window: must be day or week"));
    QString table;
    if (by == QLatin1String("likes"))
        table = QStringLiteral("post_likes");
    else if (by == QLatin1String("views"))
        table = QStringLiteral("views");
    else
        fail(400, QStringLiteral("by: must be likes or views"));
    const int limit = limitParam(req.query, "limit", 10, 50);
    const int comments = limitParam(req.query, "comments", 3, 5, 0);
    const auto rows = m_db.query(
        QStringLiteral("SELECT p.id, COUNT(*) AS n FROM %1 x JOIN posts p ON p.id = x.post_id"
                       " WHERE x.createtime >= ? AND %2 GROUP BY p.id, p.createtime"
                       " ORDER BY n DESC, p.createtime DESC, p.id DESC LIMIT ?")
            .arg(table, Renderer::postVisible(req.viewer)),
        {nowMs() - span, limit});
    QList<qint64> ids;
    QHash<qint64, qint64> counted; // the window's likes (or views): what the rank is by
    for (const Row &r : rows) {
        ids.append(r[0].toLongLong());
        counted.insert(r[0].toLongLong(), r[1].toLongLong());
    }
    QJsonArray items = m_renderer.renderPosts(ids, req.viewer, comments);
    if (!ids.isEmpty()) {
        QHash<qint64, qint64> views;
        QVariantList idv;
        const QString in = m_db.anyOf(QStringLiteral("post_id"), ids, idv);
        for (const Row &r : m_db.query(
                 QStringLiteral("SELECT post_id, COUNT(*) FROM views WHERE %1 GROUP BY post_id")
                     .arg(in),
                 idv))
            views.insert(r[0].toLongLong(), r[1].toLongLong());
        for (qsizetype i = 0; i < items.size(); ++i) {
            QJsonObject p = items[i].toObject();
            const qint64 id = p.value(QStringLiteral("id")).toInteger();
            p.insert(QStringLiteral("viewCount"), views.value(id, 0));
            p.insert(QStringLiteral("hotCount"), counted.value(id, 0));
            items[i] = p;
        }
    }
    return Response::json({{QStringLiteral("items"), items}});
}

} // namespace threadline::server

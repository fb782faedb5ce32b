// Auth, timeline, posts, post likes, views, likers, users and follows, hot (activity:
// apiactivity.cpp).
#include "api/api.h"

#include "api/jsonwrite.h"
#include "api/passwords.h"

#include <QJsonDocument>
#include <QUrl>

namespace threadline::server {

namespace {
const QString kV1 = QStringLiteral("v");

} // namespace

Response Api::health(Request &)
{
    return Response::json({{QStringLiteral("status"), QStringLiteral("ok")},
                           {QStringLiteral("version"), QStringLiteral(THREADLINE_SERVER_VERSION)},
                           {QStringLiteral("instance"), m_db.instanceId()}});
}

Response Api::login(Request &req)
{
    const QString username = stringField(req.json, "username", true).value();
    const QString password = stringField(req.json, "password", true).value();
    const QString limitKey = QStringLiteral("login:") + req.peer;
    const RateLimiter::Limit loginLimit{60, 1};
    if (m_config.rateLimits) {
        const int wait = m_limiter.peek(limitKey, loginLimit, nowMs());
        if (wait)
            throw ApiError{429, QStringLiteral("rate_limited"),
                           QStringLiteral("too many failed sign-ins; retry in %1 s").arg(wait),
                           wait};
    }
    const auto row =
        m_db.one(QStringLiteral("SELECT id, pw_hash FROM users WHERE username = ?"), {username});
    // The password check (PBKDF2, tens of milliseconds) runs on a worker thread; the request
    // thread goes on answering. An unknown user name is checked against a dummy hash of the same
    // cost: a refusal takes as long either way.
    const qint64 uid = row ? row->at(0).toLongLong() : 0;
    const QString stored = row ? row->at(1).toString() : m_dummyHash;
    auto deferred = std::make_shared<Deferred>();
    deferred->work = [password, stored] { return QVariant(verifyPassword(password, stored)); };
    deferred->finish = [this, uid, limitKey, loginLimit](Request &, const QVariant &ok) {
        if (!uid || !ok.toBool()) {
            if (m_config.rateLimits)
                m_limiter.take(limitKey, loginLimit, nowMs());
            fail(401, QStringLiteral("wrong username or password"));
        }
        Transaction tx(m_db);
        const QString token = newToken();
        m_db.exec(QStringLiteral("INSERT INTO tokens(hash, uid, created) VALUES(?, ?, ?)"),
                  {tokenHash(token), uid, nowMs()});
        QJsonObject u = userBrief(uid);
        u.insert(QStringLiteral("role"), user(uid)->role);
        markActive(uid);
        tx.commit();
        return Response::json({{QStringLiteral("token"), token}, {QStringLiteral("user"), u}});
    };
    m_deferred = std::move(deferred);
    return Response(); // answered by the deferred step
}

Response Api::logout(Request &req)
{
    const QString token = QString::fromLatin1(req.header("authorization").mid(7).trimmed());
    m_db.exec(QStringLiteral("UPDATE tokens SET revoked = 1 WHERE hash = ?"), {tokenHash(token)});
    m_tokenCache.remove(tokenHash(token));
    return Response::noContent();
}

Response Api::me(Request &req)
{
    return Response::json(userProfile(req.viewer.uid, req.viewer));
}

Response Api::timeline(Request &req)
{
    const QString scope = req.query.hasQueryItem(QStringLiteral("scope"))
                              ? req.query.queryItemValue(QStringLiteral("scope"))
                              : QStringLiteral("all");
    const int limit = limitParam(req.query, "limit", 20, 50);
    QString where = postVisible(req.viewer);
    QVariantList binds;
    if (scope == QLatin1String("following")) {
        where += QStringLiteral(
            " AND (p.author = ? OR p.author IN (SELECT followee FROM follows WHERE follower = ?))");
        binds << req.viewer.uid << req.viewer.uid;
    } else if (scope == QLatin1String("user")) {
        const auto uid = intParam(req.query, "uid");
        if (!uid || *uid <= 0)
            fail(400, QStringLiteral("uid: scope=user needs a user id"));
        requireUser(*uid);
        where += QStringLiteral(" AND p.author = ?");
        binds << *uid;
    } else if (scope != QLatin1String("all")) {
        fail(400, QStringLiteral("scope: must be all, following or user"));
    }
    // Read cache: brought up to date before anything of the page is read.
    const bool cached = cacheable(req);
    const quint64 epoch = cached ? m_cache->refresh(m_db) : 0;
    const Keyset ks =
        beforeCursor(req.query, QStringLiteral("p.createtime"), QStringLiteral("p.id"));
    binds += ks.binds;
    binds << limit + 1;
    const auto rows = m_db.query(QStringLiteral("SELECT p.id, p.createtime FROM posts p WHERE %1%2"
                                                " ORDER BY p.createtime DESC, p.id DESC LIMIT ?")
                                     .arg(where, ks.sql),
                                 binds);
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
        json::array(r.body, cachedPosts(ids, req.viewer, 3, epoch));
    else
        r.body += postsJson(ids, req.viewer);
    r.body += ",\"next\":";
    json::value(r.body, next);
    r.body += '}';
    return r;
}

Api::PostRow Api::requireVisiblePost(qint64 id, const Viewer &v)
{
    const auto row = m_db.one(
        QStringLiteral("SELECT id, author, hidden, deleted FROM posts WHERE id = ?"), {id});
    if (!row || row->at(3).toInt() != 0 || (row->at(2).toInt() != 0 && !v.moderator))
        fail(404, QStringLiteral("no such post"));
    return PostRow{id, row->at(1).toLongLong(), row->at(2).toInt() != 0, false};
}

Response Api::getPost(Request &req)
{
    const int comments = limitParam(req.query, "comments", 3, 5, 0);
    if (cacheable(req)) {
        const quint64 epoch = m_cache->refresh(m_db);
        std::vector<QByteArray> posts = cachedPosts({req.ids[0]}, req.viewer, comments, epoch);
        if (posts.empty())
            fail(404, QStringLiteral("no such post"));
        Response r;
        r.body = std::move(posts.front());
        return r;
    }
    const auto p = renderPost(req.ids[0], req.viewer, comments);
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

Response Api::createPost(Request &req)
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
    autoFlag(QStringLiteral("post"), id, content);
    recordChange("post", id);
    return Response::json(renderPost(id, req.viewer).value(), 201);
}

Response Api::deletePost(Request &req)
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
    recordChange("post", id, "remove");
    closeItem(QStringLiteral("post"), id);
    if (req.viewer.moderator && author != req.viewer.uid)
        logModeration(req.viewer.uid, QStringLiteral("delete"), QStringLiteral("post"), id,
                      QString());
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

// PostgreSQL: the whole like or unlike in one statement (tl_post_like, schema.h v4), in a
// transaction of its own. -1 is a post the caller may not see.
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

bool Api::isPostLike(const Request &req) const
{
    if (!m_db.isPostgres() || !req.prechecked || req.routeIndex < 0 ||
        req.routeIndex >= m_routes.size())
        return false;
    const Handler h = m_routes[req.routeIndex].handler;
    return h == &Api::likePost || h == &Api::unlikePost;
}

Response Api::likePost(Request &req)
{
    if (m_db.isPostgres())
        return likeOnPostgres(m_db, req, true);
    const qint64 id = req.ids[0];
    requireVisiblePost(id, req.viewer);
    const qint64 now = nowMs();
    if (m_db.exec(QStringLiteral("INSERT INTO post_likes(post_id, uid, createtime) VALUES(?, ?, ?)"
                                 " ON CONFLICT(post_id, uid) DO NOTHING"),
                  {id, req.viewer.uid, now}) > 0) {
        m_db.exec(
            QStringLiteral(
                "INSERT INTO activity(type, actor, post_id, createtime) VALUES('like', ?, ?, ?)"),
            {req.viewer.uid, id, now});
        recordChange("post", id);
    }
    return Response::json(likeState(m_db, id, true));
}

Response Api::unlikePost(Request &req)
{
    if (m_db.isPostgres())
        return likeOnPostgres(m_db, req, false);
    const qint64 id = req.ids[0];
    requireVisiblePost(id, req.viewer);
    if (m_db.exec(QStringLiteral("DELETE FROM post_likes WHERE post_id = ? AND uid = ?"),
                  {id, req.viewer.uid}) > 0) {
        m_db.exec(QStringLiteral(
                      "DELETE FROM activity WHERE type = 'like' AND actor = ? AND post_id = ?"),
                  {req.viewer.uid, id});
        recordChange("post", id);
    }
    return Response::json(likeState(m_db, id, false));
}

Response Api::viewPost(Request &req)
{
    const qint64 id = req.ids[0];
    requireVisiblePost(id, req.viewer);
    const qint64 now = nowMs();
    m_db.exec(QStringLiteral("INSERT INTO views(post_id, uid, day, createtime) VALUES(?, ?, ?, ?)"
                             " ON CONFLICT(post_id, uid, day) DO NOTHING"),
              {id, req.viewer.uid, dayNumberUtc8(now), now});
    return Response::noContent();
}

Response Api::postLikes(Request &req)
{
    const qint64 id = req.ids[0];
    requireVisiblePost(id, req.viewer);
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
        items.append(QJsonObject{{QStringLiteral("id"), rows[i][0].toLongLong()},
                                 {QStringLiteral("postId"), id},
                                 {QStringLiteral("createtime"), rows[i][2].toLongLong()},
                                 {QStringLiteral("user"), userBrief(rows[i][1].toLongLong())}});
    const bool more = rows.size() > size_t(limit);
    const QJsonValue next = nextCursor(more, more ? rows[limit - 1][2].toLongLong() : 0,
                                       more ? rows[limit - 1][0].toLongLong() : 0);
    return Response::json({{QStringLiteral("items"), items}, {QStringLiteral("next"), next}});
}

Response Api::getUser(Request &req)
{
    return Response::json(userProfile(req.ids[0], req.viewer));
}

static QJsonObject followState(Database &db, qint64 uid, bool following)
{
    return {{QStringLiteral("following"), following},
            {QStringLiteral("followers"),
             db.scalar(QStringLiteral("SELECT COUNT(*) FROM follows WHERE followee = ?"), {uid}, 0)
                 .toLongLong()}};
}

Response Api::follow(Request &req)
{
    const qint64 uid = req.ids[0];
    requireUser(uid);
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
        recordChange("user", uid);
        recordChange("user", req.viewer.uid);
    }
    return Response::json(followState(m_db, uid, true));
}

Response Api::unfollow(Request &req)
{
    const qint64 uid = req.ids[0];
    requireUser(uid);
    if (uid == req.viewer.uid)
        fail(422, QStringLiteral("uid: you cannot follow yourself"));
    if (m_db.exec(QStringLiteral("DELETE FROM follows WHERE follower = ? AND followee = ?"),
                  {req.viewer.uid, uid}) > 0) {
        m_db.exec(
            QStringLiteral(
                "DELETE FROM activity WHERE type = 'follow' AND actor = ? AND target_uid = ?"),
            {req.viewer.uid, uid});
        recordChange("user", uid);
        recordChange("user", req.viewer.uid);
    }
    return Response::json(followState(m_db, uid, false));
}

Response Api::hot(Request &req)
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
    const auto rows = m_db.query(
        QStringLiteral("SELECT p.id, COUNT(*) AS n FROM %1 x JOIN posts p ON p.id = x.post_id"
                       " WHERE x.createtime >= ? AND %2 GROUP BY p.id, p.createtime"
                       " ORDER BY n DESC, p.createtime DESC, p.id DESC LIMIT ?")
            .arg(table, postVisible(req.viewer)),
        {nowMs() - span, limit});
    QList<qint64> ids;
    QHash<qint64, qint64> counted; // the window's likes (or views): what the rank is by
    for (const Row &r : rows) {
        ids.append(r[0].toLongLong());
        counted.insert(r[0].toLongLong(), r[1].toLongLong());
    }
    QJsonArray items = renderPosts(ids, req.viewer);
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

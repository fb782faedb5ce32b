#include "api/api.h"

#include "demo/demodata.h"
#include "api/passwords.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonParseError>

namespace threadline::server {

Api::Api(Database &db, const ServerConfig &config)
    : m_db(db)
    , m_config(config)
{
    addRoutes();
}

void Api::addRoutes()
{
    const auto r = [this](const char *method, const char *path, Handler h, int flags) {
        m_routes.append(Route{QByteArray(method),
                              QString::fromLatin1(path).split(QLatin1Char('/'), Qt::SkipEmptyParts),
                              h, flags});
    };
    r("GET", "health", &Api::health, Public);
    // Not Write: no caller, no idempotency key; its one insert has a transaction of its own,
    // after the password check (which runs on a worker thread).
    r("POST", "auth/login", &Api::login, Public | JsonBody);
    r("POST", "auth/logout", &Api::logout, Write);
    r("GET", "me", &Api::me, 0);
    r("GET", "timeline", &Api::timeline, Worker);
    r("POST", "posts", &Api::createPost, Write | JsonBody);
    r("GET", "posts/{id}", &Api::getPost, Worker);
    r("DELETE", "posts/{id}", &Api::deletePost, Write);
    r("GET", "posts/{id}/comments", &Api::listComments, Worker);
    r("POST", "posts/{id}/comments", &Api::createComment, Write | JsonBody);
    r("PUT", "posts/{id}/like", &Api::likePost, Write | Atomic | Worker);
    r("DELETE", "posts/{id}/like", &Api::unlikePost, Write | Atomic | Worker);
    r("POST", "posts/{id}/views", &Api::viewPost, Write | JsonBody | OptionalBody);
    r("GET", "posts/{id}/likes", &Api::postLikes, Worker);
    r("GET", "comments/{id}/replies", &Api::listReplies, Worker);
    r("DELETE", "comments/{id}", &Api::deleteComment, Write);
    r("PUT", "comments/{id}/like", &Api::likeComment, Write | Atomic | Worker);
    r("DELETE", "comments/{id}/like", &Api::unlikeComment, Write | Atomic | Worker);
    r("PUT", "comments/{id}/oppose", &Api::opposeComment, Write | Atomic | Worker);
    r("DELETE", "comments/{id}/oppose", &Api::unopposeComment, Write | Atomic | Worker);
    r("GET", "users/{id}", &Api::getUser, Worker);
    r("PUT", "users/{id}/follow", &Api::follow, Write);
    r("DELETE", "users/{id}/follow", &Api::unfollow, Write);
    r("GET", "hot", &Api::hot, Worker);
    r("GET", "activity", &Api::activity, 0);
    r("GET", "sync", &Api::sync, Worker);
    r("POST", "media", &Api::uploadMedia, Write | RawBody);
    r("GET", "media/{name}", &Api::getMedia, Public);
    r("POST", "reports", &Api::createReport, Write | JsonBody);
    r("GET", "moderation/queue", &Api::modQueue, Moderator);
    r("POST", "moderation/comments/{id}/hide", &Api::hideComment, Moderator | Write | JsonBody);
    r("POST", "moderation/comments/{id}/unhide", &Api::unhideComment,
      Moderator | Write | JsonBody | OptionalBody);
    r("POST", "moderation/posts/{id}/hide", &Api::hidePost, Moderator | Write | JsonBody);
    r("POST", "moderation/posts/{id}/unhide", &Api::unhidePost,
      Moderator | Write | JsonBody | OptionalBody);
    r("POST", "moderation/items/{id}/dismiss", &Api::dismissItem,
      Moderator | Write | JsonBody | OptionalBody);
    r("GET", "moderation/log", &Api::modLog, Moderator);
    r("GET", "devices", &Api::listDevices, 0);
    r("PUT", "devices", &Api::putDevice, Moderator | Write | JsonBody);
    r("DELETE", "devices", &Api::deleteDevice, Moderator | Write);
    r("GET", "moderation/stats", &Api::modStats, Moderator);
    r("GET", "moderation/stats/users/{id}", &Api::modUserStats, Moderator);
}

bool Api::init(QString *error)
{
    loadWordlist();
    // Checked instead of a stored hash when the user name is unknown: the same cost, so the
    // time of a refusal does not tell which user names exist.
    m_dummyHash = hashPassword(newToken());
    QDir().mkpath(m_config.mediaDir);
    if (m_config.demo) {
        try {
            if (seedDemo(m_db, m_config.mediaDir, nowMs()).users > 0)
                seedModerationDemo();
        } catch (const DbError &e) {
            *error = QStringLiteral("demo data: %1").arg(QString::fromUtf8(e.what()));
            return false;
        }
    }
    return true;
}

void Api::initWorker()
{
    loadWordlist();
}

bool Api::onWorker(const Request &req) const
{
    return req.prechecked && req.routeIndex >= 0 && req.routeIndex < m_routes.size() &&
           (m_routes[req.routeIndex].flags & Worker);
}

void Api::loadWordlist()
{
    m_words.clear();
    if (m_config.wordlistFile.isEmpty()) {
        // A small built-in list (the deployment brings its own with --wordlist).
        m_words = {QStringLiteral("spam-link"), QStringLiteral("buy followers"),
                   QStringLiteral("刷粉"),      QStringLiteral("代开发票"),
                   QStringLiteral("赌博"),      QStringLiteral("casino bonus")};
        return;
    }
    QFile f(m_config.wordlistFile);
    if (!f.open(QIODevice::ReadOnly))
        return;
    const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        const QString w = line.trimmed().toLower();
        if (!w.isEmpty() && !w.startsWith(QLatin1Char('#')))
            m_words.append(w);
    }
}

static bool segmentsMatch(const QStringList &pattern, const QStringList &segs)
{
    if (pattern.size() != segs.size())
        return false;
    for (qsizetype i = 0; i < pattern.size(); ++i) {
        if (pattern[i].startsWith(QLatin1Char('{')))
            continue;
        if (pattern[i] != segs[i])
            return false;
    }
    return true;
}

static std::optional<qint64> parsePathId(const QString &s)
{
    if (s.isEmpty() || s.size() > 16)
        return std::nullopt;
    for (QChar c : s)
        if (c < QLatin1Char('0') || c > QLatin1Char('9'))
            return std::nullopt;
    const qint64 v = s.toLongLong();
    if (v <= 0 || v >= 9007199254740992LL)
        return std::nullopt;
    return v;
}

static Response unavailable()
{
    Response r = Response::error(503, QStringLiteral("unavailable"),
                                 QStringLiteral("the database is unavailable; try again shortly"));
    r.headers.append(qMakePair(QByteArray("Retry-After"), QByteArray("1")));
    return r;
}

// Runs one request's work. A database connection found broken (PostgreSQL restarted, stopped, or
// the connection dropped) is reopened and the work run once more — unless the statement lost was
// a COMMIT, whose outcome is unknown (the client retries; a POST's Idempotency-Key makes that
// safe). While the database cannot be reached the answer is 503 `unavailable` with Retry-After.
template<typename F> Response Api::guarded(F &&f)
{
    for (int attempt = 0;; ++attempt) {
        m_pendingChanges.clear();
        try {
            return f();
        } catch (const ApiError &e) {
            try {
                if (m_db.inTransaction())
                    m_db.rollback();
            } catch (const DbError &) { // the connection broke: the next request reopens it
            }
            Response r = Response::error(e.status, e.code, e.message);
            if (e.status == 429)
                r.headers.append(qMakePair(QByteArray("Retry-After"),
                                           QByteArray::number(std::max(1, e.retryAfter))));
            return r;
        } catch (const std::exception &e) { // DbError or anything else
            try {
                if (m_db.inTransaction())
                    m_db.rollback();
            } catch (...) {
            }
            m_deferred.reset();
            const bool lost =
                dynamic_cast<const DbUnavailable *>(&e) != nullptr || m_db.checkConnection();
            if (lost) {
                const bool repeatable = attempt == 0 && !m_db.lostDuringCommit();
                if (m_db.reconnect() && repeatable)
                    continue; // the same work on the new connection
                return unavailable();
            }
            qWarning("internal error: %s", e.what()); // a bug, logged, 500
            return Response::error(500, QStringLiteral("internal"),
                                   QStringLiteral("internal error; the server logged it"));
        }
    }
}

const Api::Route &Api::findRoute(Request &req)
{
    if (req.prechecked && req.routeIndex >= 0 && req.routeIndex < m_routes.size())
        return m_routes[req.routeIndex];
    if (!req.path.startsWith(QLatin1String("/api/v1/")) && req.path != QLatin1String("/api/v1"))
        fail(404, QStringLiteral("no such route"));
    req.segments = req.path.mid(8).split(QLatin1Char('/'), Qt::SkipEmptyParts);
    bool pathKnown = false;
    for (qsizetype i = 0; i < m_routes.size(); ++i) {
        const Route &route = m_routes[i];
        if (!segmentsMatch(route.pattern, req.segments))
            continue;
        pathKnown = true;
        if (route.method == req.method || (req.method == "HEAD" && route.method == "GET")) {
            req.routeIndex = int(i);
            return route;
        }
    }
    fail(404,
         pathKnown
             ? QStringLiteral("no such route for method %1").arg(QString::fromLatin1(req.method))
             : QStringLiteral("no such route"));
}

Response Api::handle(Request &req)
{
    Outcome o = begin(req);
    if (!o.deferred)
        return o.response;
    return complete(req, *o.deferred, o.deferred->work());
}

std::optional<Response> Api::precheck(Request &req)
{
    req.prechecked = false;
    bool passed = false;
    Response r = guarded([&] {
        const Route &route = findRoute(req);
        checkHead(req, route);
        if (req.declaredLength > bodyLimit(route))
            failTooLarge(route);
        passed = true;
        return Response();
    });
    if (!passed)
        return r;
    req.prechecked = true;
    return std::nullopt;
}

qsizetype Api::bodyLimit(const Route &route)
{
    return (route.flags & RawBody) ? kMaxMediaBody : kMaxJsonBody;
}

qsizetype Api::bodyLimit(const Request &req) const
{
    if (req.routeIndex < 0 || req.routeIndex >= m_routes.size())
        return kMaxJsonBody;
    return bodyLimit(m_routes[req.routeIndex]);
}

void Api::failTooLarge(const Route &route)
{
    if (route.flags & RawBody)
        fail(413, QStringLiteral("the file is over 5 MiB"));
    fail(413, QStringLiteral("the request body is over 64 KiB"));
}

Response Api::tooLarge(const Request &req) const
{
    try {
        if (req.routeIndex < 0 || req.routeIndex >= m_routes.size())
            fail(413, QStringLiteral("the request body is over 64 KiB"));
        failTooLarge(m_routes[req.routeIndex]);
    } catch (const ApiError &e) {
        return Response::error(e.status, e.code, e.message);
    }
}

Api::Outcome Api::begin(Request &req)
{
    m_deferred.reset();
    Outcome o;
    o.response = guarded([&] { return dispatch(req, findRoute(req)); });
    if (m_deferred && o.response.status < 400)
        o.deferred = std::move(m_deferred);
    m_deferred.reset();
    return o;
}

Response Api::complete(Request &req, const Deferred &deferred, const QVariant &workResult)
{
    return guarded([&] { return deferred.finish(req, workResult); });
}

void Api::authenticate(Request &req)
{
    const QByteArray auth = req.header("authorization");
    // The scheme is case-insensitive (RFC 7235): "Bearer", "bearer", …
    if (auth.size() < 10 || auth.left(7).toLower() != "bearer ")
        fail(401, QStringLiteral("sign in first: no bearer token"));
    const QString token = QString::fromLatin1(auth.mid(7).trimmed());
    const QString hash = tokenHash(token);
    // Tokens expire --token-ttl seconds after the sign-in (30 days by default).
    const qint64 oldest = nowMs() - m_config.tokenTtlSeconds * 1000;
    const qint64 now = nowMs();
    if (const auto it = m_tokenCache.constFind(hash); it != m_tokenCache.constEnd()) {
        if (it->created <= oldest) {
            m_tokenCache.erase(it);
            fail(401, QStringLiteral("the token is unknown, expired or revoked"));
        }
        // SQLite: one process owns the database, so a sign-out is always seen here. PostgreSQL:
        // another process may revoke the token; the check is reused for --token-cache only.
        if (!m_db.isPostgres() || now - it->checkedAt < m_config.tokenCacheMs) {
            req.viewer = it->viewer;
            return;
        }
    }
    const auto row = m_db.one(
        QStringLiteral("SELECT t.uid, u.role, t.created FROM tokens t JOIN users u ON u.id = t.uid"
                       " WHERE t.hash = ? AND t.revoked = 0 AND t.created > ?"),
        {hash, oldest});
    if (!row) {
        m_tokenCache.remove(hash);
        fail(401, QStringLiteral("the token is unknown, expired or revoked"));
    }
    req.viewer.uid = row->at(0).toLongLong();
    req.viewer.moderator = row->at(1).toString() == QLatin1String("moderator");
    if (m_db.isPostgres() && m_config.tokenCacheMs <= 0)
        return;
    if (m_tokenCache.size() > 100000)
        m_tokenCache.clear();
    m_tokenCache.insert(hash, CachedToken{req.viewer, row->at(2).toLongLong(), now});
}

void Api::markActive(qint64 uid)
{
    const qint64 now = nowMs();
    const qint64 day = dayNumberUtc8(now);
    if (m_activeMarked.contains({uid, day}))
        return;
    if (m_activeMarked.size() > 200000)
        m_activeMarked.clear();
    const QDate date = QDate(1970, 1, 1).addDays(day);
    const QString month = date.toString(QStringLiteral("yyyy-MM"));
    m_db.exec(QStringLiteral(
                  "INSERT INTO user_days(uid, month, bits) VALUES(?, ?, ?)"
                  " ON CONFLICT(uid, month) DO UPDATE SET bits = user_days.bits | excluded.bits"),
              {uid, month, qint64(1) << (date.day() - 1)});
    m_activeMarked.insert({uid, day});
}

void Api::checkHead(Request &req, const Route &route)
{
    req.ids.clear(); // filled below (again, when a request is repeated after a reconnect)
    if (!(route.flags & Public)) {
        authenticate(req);
        if (m_config.rateLimits) {
            // generous per-user limits: bursts of 300, 100 a second sustained
            const int wait =
                m_limiter.take(QStringLiteral("u%1").arg(req.viewer.uid), {300, 100}, nowMs());
            if (wait)
                throw ApiError{429, QStringLiteral("rate_limited"),
                               QStringLiteral("too many requests; retry in %1 s").arg(wait), wait};
        }
        if ((route.flags & Moderator) && !req.viewer.moderator)
            fail(403, QStringLiteral("moderators only"));
        markActive(req.viewer.uid);
    }
    for (qsizetype i = 0; i < route.pattern.size(); ++i) {
        if (route.pattern[i] == QLatin1String("{id}")) {
            const auto id = parsePathId(req.segments[i]);
            if (!id)
                fail(400, QStringLiteral(
                              "the id in the path must be a positive whole number below 2^53"));
            req.ids.append(*id);
        } else if (route.pattern[i] == QLatin1String("{name}")) {
            req.name = req.segments[i];
        }
    }
}

Response Api::dispatch(Request &req, const Route &route)
{
    if (!req.prechecked)
        checkHead(req, route);
    if (route.flags & JsonBody) {
        if (req.body.size() > kMaxJsonBody)
            fail(413, QStringLiteral("the request body is over 64 KiB"));
        if (req.body.trimmed().isEmpty()) {
            if (!(route.flags & OptionalBody))
                fail(400, QStringLiteral("the body must be a JSON object"));
        } else {
            QJsonParseError err;
            const QJsonDocument doc = QJsonDocument::fromJson(req.body, &err);
            if (err.error != QJsonParseError::NoError)
                fail(400, QStringLiteral("malformed JSON: %1 at offset %2")
                              .arg(err.errorString())
                              .arg(err.offset));
            if (const qsizetype at = loneSurrogateAt(req.body); at >= 0)
                fail(400, QStringLiteral("malformed JSON: a lone UTF-16 surrogate escape at "
                                         "offset %1 (text would be changed)")
                              .arg(at));
            if (!doc.isObject())
                fail(400, QStringLiteral("the body must be a JSON object"));
            req.json = doc.object();
        }
    } else if (route.flags & RawBody) {
        if (req.body.size() > kMaxMediaBody)
            fail(413, QStringLiteral("the file is over 5 MiB"));
    } else if (req.body.size() > kMaxJsonBody) {
        fail(413, QStringLiteral("the request body is over 64 KiB"));
    }
    if (route.flags & Write)
        return runWrite(req, route);
    return (this->*route.handler)(req);
}

Response Api::runWrite(Request &req, const Route &route)
{
    const QByteArray key = req.method == "POST" && req.viewer.uid
                               ? req.header("idempotency-key").trimmed()
                               : QByteArray();
    if (key.size() > 200)
        fail(400, QStringLiteral("Idempotency-Key: at most 200 characters"));
    QByteArray fingerprint;
    if (!key.isEmpty()) {
        QCryptographicHash h(QCryptographicHash::Sha256);
        h.addData(req.method + ' ' + req.path.toUtf8() + '\n');
        if (route.flags & RawBody) {
            h.addData(req.header("content-type") + '\n');
            h.addData(req.body);
        } else {
            h.addData(QJsonDocument(req.json).toJson(QJsonDocument::Compact));
        }
        fingerprint = h.result().toHex();
    }
    // A like or a vote on PostgreSQL: one function call, its own transaction (schema.h, v4).
    if ((route.flags & Atomic) && m_db.isPostgres() && key.isEmpty())
        return (this->*route.handler)(req);
    Transaction tx(m_db);
    m_pendingChanges.clear();
    if (!key.isEmpty()) {
        if (m_db.isPostgres())
            m_db.exec(QStringLiteral("SELECT pg_advisory_xact_lock(?)"),
                      {qint64(qHash(key) ^ (quint64(req.viewer.uid) << 20)) & 0x7fffffffffffLL});
        const auto row =
            m_db.one(QStringLiteral("SELECT fingerprint, status, body FROM idempotency"
                                    " WHERE uid = ? AND ikey = ? AND createtime > ?"),
                     {req.viewer.uid, QString::fromLatin1(key), nowMs() - 24LL * 3600 * 1000});
        if (row) {
            if (row->at(0).toString().toLatin1() != fingerprint)
                fail(409, QStringLiteral("this Idempotency-Key was used with a different request"));
            Response r;
            r.status = row->at(1).toInt();
            r.body = row->at(2).toString().toUtf8();
            if (r.body.isEmpty())
                r.contentType.clear();
            r.headers.append(qMakePair(QByteArray("Idempotent-Replayed"), QByteArray("true")));
            return r; // the transaction rolls back: nothing changes
        }
    }
    Response r = (this->*route.handler)(req);
    if (r.status >= 400)
        return r;
    flushChanges();
    if (!key.isEmpty()) {
        m_db.exec(QStringLiteral(
                      "INSERT INTO idempotency(uid, ikey, fingerprint, status, body, createtime)"
                      " VALUES(?, ?, ?, ?, ?, ?) ON CONFLICT(uid, ikey) DO UPDATE SET"
                      " fingerprint = excluded.fingerprint, status = excluded.status,"
                      " body = excluded.body, createtime = excluded.createtime"),
                  {req.viewer.uid, QString::fromLatin1(key), QString::fromLatin1(fingerprint),
                   r.status, QString::fromUtf8(r.body), nowMs()});
    }
    tx.commit();
    return r;
}

void Api::recordChange(const char *kind, qint64 id, const char *op)
{
    m_pendingChanges.append({QByteArray(kind) + '/' + op, id});
}

void Api::flushChanges()
{
    if (m_pendingChanges.isEmpty())
        return;
    // No lock: on SQLite one writer at a time makes seq order commit order; on PostgreSQL each
    // row carries its transaction's id (the txid column's default) and /sync reads only rows
    // of transactions that have ended (apisync.cpp), so writers never wait for each other here.
    const qint64 now = nowMs();
    QSet<QPair<QByteArray, qint64>> seen;
    QVariantList binds;
    int n = 0;
    for (const auto &c : std::as_const(m_pendingChanges)) {
        if (seen.contains(c))
            continue;
        seen.insert(c);
        const qsizetype slash = c.first.indexOf('/');
        binds << QString::fromLatin1(c.first.left(slash)) << c.second
              << QString::fromLatin1(c.first.mid(slash + 1)) << now;
        ++n;
    }
    for (int start = 0; start < n; start += 200) {
        const int count = std::min(200, n - start);
        QString sql = QStringLiteral("INSERT INTO changes(kind, obj_id, op, createtime) VALUES ");
        for (int i = 0; i < count; ++i)
            sql += i ? QStringLiteral(",(?,?,?,?)") : QStringLiteral("(?,?,?,?)");
        m_db.exec(sql, binds.mid(start * 4, count * 4));
    }
    m_pendingChanges.clear();
}

// A batch of post likes (workers.h): one statement, one commit; see api.h.
std::vector<Response> Api::postLikeBatch(std::vector<Request> &reqs)
{
    std::vector<Response> out(reqs.size());
    bool written = false;
    if (reqs.size() > 1) {
        guarded([&] {
            QList<qint64> posts, uids;
            QStringList ons, mods;
            for (Request &r : reqs) {
                if (r.ids.isEmpty())                           // (precheck() read the path's id)
                    throw ApiError{400, QString(), QString()}; // not batched: answered alone
                posts.append(r.ids[0]);
                uids.append(r.viewer.uid);
                ons.append(r.method == "PUT" ? QStringLiteral("t") : QStringLiteral("f"));
                mods.append(r.viewer.moderator ? QStringLiteral("t") : QStringLiteral("f"));
            }
            const auto rows =
                m_db.query(QStringLiteral("SELECT i, n FROM tl_post_likes(?::bigint[], ?::bigint[],"
                                          " ?::boolean[], ?, ?::boolean[])"),
                           {Database::arrayLiteral(posts), Database::arrayLiteral(uids),
                            QStringLiteral("{%1}").arg(ons.join(QLatin1Char(','))), nowMs(),
                            QStringLiteral("{%1}").arg(mods.join(QLatin1Char(',')))});
            if (rows.size() != reqs.size())
                throw ApiError{500, QString(), QString()};
            for (const Row &row : rows) {
                const size_t i = size_t(row[0].toLongLong() - 1);
                const qint64 n = row[1].toLongLong();
                if (i >= out.size())
                    throw ApiError{500, QString(), QString()};
                out[i] = n < 0 ? Response::error(404, QStringLiteral("not_found"),
                                                 QStringLiteral("no such post"))
                               : Response::json({{QStringLiteral("liked"), reqs[i].method == "PUT"},
                                                 {QStringLiteral("likeCount"), n}});
            }
            written = true;
            return Response();
        });
    }
    if (!written) // one like, or a batch that could not be written: each as it always is
        for (size_t i = 0; i < reqs.size(); ++i)
            out[i] = begin(reqs[i]).response;
    return out;
}

} // namespace threadline::server

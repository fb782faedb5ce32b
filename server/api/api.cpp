// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The router (api.h): the route table, the checks before and around a route, writes in their
// transaction with the change log and the Idempotency-Key, and errors as the contract's bodies.
#include "api/api.h"

#include "api/clock.h"
#include "api/conventions.h"
#include "api/passwords.h"

#include <QCryptographicHash>
#include <QDir>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QUrl>
#include <algorithm>

namespace threadline::server {

Api::Api(Database &db, const ServerConfig &config)
    : m_db(db)
    , m_config(config)
    , m_limiter(config.rateLimitKeys)
    , m_authenticator(m_db, m_config)
    , m_renderer(m_db)
    , m_changes(m_db)
    , m_moderationRecords(m_db, m_config)
    , m_notifications(m_db, m_renderer, m_changes)
    , m_visibility(m_db)
    , m_reads(m_db, m_renderer)
    , m_health(m_db, m_config)
    , m_auth(m_db, m_config, m_limiter, m_authenticator, m_renderer, m_deferred)
    , m_users(m_db, m_renderer, m_changes, m_notifications)
    , m_posts(m_db, m_renderer, m_reads, m_visibility, m_changes, m_moderationRecords,
              m_notifications)
    , m_comments(m_db, m_renderer, m_reads, m_visibility, m_changes, m_moderationRecords,
                 m_notifications)
    , m_activity(m_db, m_renderer)
    , m_sync(m_db, m_config, m_renderer, m_notifications)
    , m_media(m_db, m_config)
    , m_messages(m_db, m_renderer, m_moderationRecords, m_notifications)
    , m_moderation(m_db, m_config, m_renderer, m_visibility, m_changes, m_moderationRecords,
                   m_notifications)
    , m_devices(m_db, m_moderationRecords)
    , m_stats(m_db, m_renderer)
    , m_rankings(m_db, m_renderer)
    , m_topics(m_db)
    , m_people(m_db, m_renderer)
    , m_notificationRoutes(m_db, m_notifications, m_changes)
    , m_search(m_db, m_renderer)
{
    // The patterns never overlap (no two routes match one method and path), so the order of
    // the table decides nothing but the routes' indexes, which are the same in every Api.
    m_health.addRoutes(m_routes);
    m_auth.addRoutes(m_routes);
    m_users.addRoutes(m_routes);
    m_posts.addRoutes(m_routes);
    m_comments.addRoutes(m_routes);
    m_activity.addRoutes(m_routes);
    m_sync.addRoutes(m_routes);
    m_media.addRoutes(m_routes);
    m_moderation.addRoutes(m_routes);
    m_devices.addRoutes(m_routes);
    m_stats.addRoutes(m_routes);
    m_rankings.addRoutes(m_routes);
    m_topics.addRoutes(m_routes);
    m_people.addRoutes(m_routes);
    m_messages.addRoutes(m_routes);
    m_notificationRoutes.addRoutes(m_routes);
    m_search.addRoutes(m_routes);
    m_moderation.setMessages(&m_messages);
}

void Api::init()
{
    m_moderationRecords.loadWordlist();
    m_auth.prepare();
    QDir().mkpath(m_config.mediaDir);
}

void Api::initWorker()
{
    m_moderationRecords.loadWordlist();
}

bool Api::onWorker(const Request &req) const
{
    return req.prechecked && m_routes.has(req.routeIndex) &&
           (m_routes.at(req.routeIndex).flags & Worker);
}

bool Api::isStream(const Request &req) const
{
    return req.prechecked && m_routes.has(req.routeIndex) &&
           (m_routes.at(req.routeIndex).flags & Stream);
}

Response Api::openStream(Request &req, StreamStart &out)
{
    return guarded([&] {
        out = StreamStart();
        out.comments = limitParam(req.query, "comments", 3, 5, 0);
        // EventSource sends the last id it saw when it reconnects: it wins over the URL's since
        // (which is still the one the stream was first opened with).
        QString since = QString::fromLatin1(req.header("last-event-id").trimmed());
        if (since.isEmpty() && req.query.hasQueryItem(QStringLiteral("since")))
            since = req.query.queryItemValue(QStringLiteral("since"), QUrl::FullyDecoded);
        if (since.isEmpty() && !req.query.hasQueryItem(QStringLiteral("since"))) {
            out.hello = true;
            out.pos = m_sync.start();
            out.cursor = m_sync.cursor(out.pos);
            out.unread = m_sync.unread(req.viewer);
            return Response();
        }
        const auto pos = m_sync.parseSince(since);
        if (pos)
            out.pos = *pos;
        else
            out.expired = true;
        return Response();
    });
}

bool Api::readStream(bool moderator, const QList<qint64> &uids, const SyncHandler::Position &from,
                     int limit, int comments, StreamPage *out)
{
    const Response r = guarded([&] {
        const SyncHandler::SharedPage shared = m_sync.readShared(moderator, from, limit, comments);
        out->next = shared.next;
        out->nextCursor = shared.nextCursor;
        out->hasMore = shared.hasMore;
        out->byUser.clear();
        for (qint64 uid : uids)
            out->byUser.insert(uid, m_sync.personal(shared, Viewer{uid, moderator}));
        return Response();
    });
    if (r.status >= 400) {
        qWarning("push stream: reading the change log failed (%d)", r.status);
        return false;
    }
    return true;
}

bool Api::isPostLike(const Request &req) const
{
    return m_db.isPostgres() && req.prechecked && m_routes.has(req.routeIndex) &&
           (m_routes.at(req.routeIndex).flags & PostLike);
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
// A transaction PostgreSQL aborted to break a deadlock is run again, twice at most.
template<typename F> Response Api::guarded(F &&f)
{
    for (int attempt = 0;; ++attempt) {
        m_changes.clear();
        try {
            return f();
        } catch (const ContractError &e) {
            try {
                if (m_db.inTransaction())
                    m_db.rollback();
            } catch (const DbError &) { // the connection broke: the next request reopens it
            }
            Response r = Response::error(e.status, e.code, e.message);
            if (!e.allow.isEmpty())
                r.headers.append(qMakePair(QByteArray("Allow"), e.allow));
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
            if (dynamic_cast<const DbDeadlock *>(&e) != nullptr && attempt < 2)
                continue; // rolled back whole: the same work again
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

QList<QPair<QByteArray, QByteArray>> Api::routeNames() const
{
    QList<QPair<QByteArray, QByteArray>> names;
    names.reserve(m_routes.size());
    for (qsizetype i = 0; i < m_routes.size(); ++i) {
        const Route &r = m_routes.at(i);
        names.append({r.method, "/api/v1/" + r.pattern.join(QLatin1Char('/')).toLatin1()});
    }
    return names;
}

const Route &Api::findRoute(Request &req)
{
    if (req.prechecked && m_routes.has(req.routeIndex))
        return m_routes.at(req.routeIndex);
    if (!req.path.startsWith(QLatin1String("/api/v1/")) && req.path != QLatin1String("/api/v1"))
        fail(404, QStringLiteral("no such route"));
    // A method this server has on no route at all (methods are case-sensitive: "get" is not
    // GET) is 501, whatever the path; a known method the path does not have is 405 with Allow.
    static const QList<QByteArray> known{"GET", "HEAD", "POST", "PUT", "DELETE"};
    if (!known.contains(req.method))
        throw ContractError{501, QStringLiteral("not_implemented"),
                            QStringLiteral("the method %1 is not implemented by this server")
                                .arg(QString::fromLatin1(req.method.left(32)))};
    req.segments = req.path.mid(8).split(QLatin1Char('/'), Qt::SkipEmptyParts);
    QList<QByteArray> allowed;
    for (qsizetype i = 0; i < m_routes.size(); ++i) {
        const Route &route = m_routes.at(i);
        if (!segmentsMatch(route.pattern, req.segments))
            continue;
        if (route.method == req.method || (req.method == "HEAD" && route.method == "GET")) {
            req.routeIndex = int(i);
            return route;
        }
        if (!allowed.contains(route.method))
            allowed.append(route.method);
        if (route.method == "GET" && !allowed.contains("HEAD"))
            allowed.append("HEAD");
    }
    // only a path spelled as the route is (no empty or dot segments: "/media/" is not "/media")
    const QStringList spelled = req.path.mid(8).split(QLatin1Char('/'));
    const bool exact = std::none_of(spelled.cbegin(), spelled.cend(), [](const QString &seg) {
        return seg.isEmpty() || seg == QLatin1String(".") || seg == QLatin1String("..");
    });
    if (allowed.isEmpty() || !exact)
        fail(404, QStringLiteral("no such route"));
    ContractError e{
        405, QStringLiteral("method_not_allowed"),
        QStringLiteral("%1 is not allowed here; this path allows %2")
            .arg(QString::fromLatin1(req.method), QString::fromLatin1(allowed.join(", ")))};
    e.allow = allowed.join(", ");
    throw e;
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
    if (!passed) {
        decorate(req, r);
        return r;
    }
    req.prechecked = true;
    return std::nullopt;
}

qsizetype Api::bodyLimit(const Route &route)
{
    return (route.flags & RawBody) ? kMaxMediaBody : kMaxJsonBody;
}

qsizetype Api::bodyLimit(const Request &req) const
{
    if (!m_routes.has(req.routeIndex))
        return kMaxJsonBody;
    return bodyLimit(m_routes.at(req.routeIndex));
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
        if (!m_routes.has(req.routeIndex))
            fail(413, QStringLiteral("the request body is over 64 KiB"));
        failTooLarge(m_routes.at(req.routeIndex));
    } catch (const ContractError &e) {
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
    if (!o.deferred)
        decorate(req, o.response);
    return o;
}

Response Api::complete(Request &req, const Deferred &deferred, const QVariant &workResult)
{
    Response r = guarded([&] { return deferred.finish(req, workResult); });
    decorate(req, r);
    return r;
}

void Api::decorate(const Request &req, Response &r) const
{
    const bool known = m_routes.has(req.routeIndex);
    applyConventions(req, r, known && (m_routes.at(req.routeIndex).flags & Tagged),
                     known ? m_routes.at(req.routeIndex).pattern : QStringList());
}

void Api::checkHead(Request &req, const Route &route)
{
    req.ids.clear(); // filled below (again, when a request is repeated after a reconnect)
    if (!(route.flags & Public)) {
        m_authenticator.authenticate(req);
        if (m_config.rateLimits) {
            // generous per-user limits: bursts of 300, 100 a second sustained
            const QString key = QStringLiteral("u%1").arg(req.viewer.uid);
            const qint64 now = nowMs();
            const int wait = m_limiter.take(key, kUserLimit, now);
            const RateLimiter::Quota left = m_limiter.quota(key, kUserLimit, now);
            req.rateLimit = int(kUserLimit.burst);
            req.rateRemaining = left.remaining;
            req.rateReset = left.resetSeconds;
            if (wait)
                throw ContractError{429, QStringLiteral("rate_limited"),
                                    QStringLiteral("too many requests; retry in %1 s").arg(wait),
                                    wait};
        }
        if ((route.flags & Moderator) && !req.viewer.moderator)
            fail(403, QStringLiteral("moderators only"));
        m_authenticator.markActive(req.viewer.uid);
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
    return route.handler(req);
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
    // (Its change row wakes the push streams through the change log's NOTIFY trigger.)
    if ((route.flags & Atomic) && m_db.isPostgres() && key.isEmpty())
        return route.handler(req);
    Transaction tx(m_db);
    m_changes.clear();
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
    Response r = route.handler(req);
    if (r.status >= 400)
        return r;
    const bool changed = m_changes.flush();
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
    if (changed && m_changed)
        m_changed(); // the push streams of this process read the log (http/eventstream.h)
    return r;
}

void Api::pruneLogs()
{
    const qint64 now = nowMs();
    m_db.exec(QStringLiteral("DELETE FROM changes WHERE createtime < ?"),
              {now - qint64(m_config.changelogDays) * 24 * 3600 * 1000});
    m_db.exec(QStringLiteral("DELETE FROM idempotency WHERE createtime < ?"),
              {now - 24LL * 3600 * 1000});
    // The points written since a board was last read, folded in (at start and every hour), so
    // that the events never pile up while nobody reads a board.
    m_rankings.catchUp();
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
                if (r.ids.isEmpty()) // (precheck() read the path's id)
                    throw ContractError{400, QString(), QString()}; // not batched: answered alone
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
                throw ContractError{500, QString(), QString()};
            for (const Row &row : rows) {
                const size_t i = size_t(row[0].toLongLong() - 1);
                const qint64 n = row[1].toLongLong();
                if (i >= out.size())
                    throw ContractError{500, QString(), QString()};
                out[i] = n < 0 ? Response::error(404, QStringLiteral("not_found"),
                                                 QStringLiteral("no such post"))
                               : Response::json({{QStringLiteral("liked"), reqs[i].method == "PUT"},
                                                 {QStringLiteral("likeCount"), n}});
                decorate(reqs[i], out[i]);
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

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The router: one server's API as the HTTP front (http/) and the workers (workers.h) call it.
// It matches a request against the route table (routetable.h), checks the token, the rate
// limits and the role before the body is read, parses the body, runs writes in a transaction
// with their change rows and Idempotency-Key, and answers a ContractError as the contract's
// error body. The routes themselves are one handler per resource (handlers/), built here with
// what each needs: the database, the renderer (renderer.h), the read cache, the change log.
#pragma once

#include "api/authenticator.h"
#include "api/cachedreader.h"
#include "api/changelog.h"
#include "api/handlers/activityhandler.h"
#include "api/handlers/authhandler.h"
#include "api/handlers/commentshandler.h"
#include "api/handlers/deviceshandler.h"
#include "api/handlers/healthhandler.h"
#include "api/handlers/mediahandler.h"
#include "api/handlers/messageshandler.h"
#include "api/handlers/moderationhandler.h"
#include "api/handlers/notificationshandler.h"
#include "api/handlers/peoplehandler.h"
#include "api/handlers/postshandler.h"
#include "api/handlers/rankingshandler.h"
#include "api/handlers/searchhandler.h"
#include "api/handlers/statshandler.h"
#include "api/handlers/synchandler.h"
#include "api/handlers/topicshandler.h"
#include "api/handlers/usershandler.h"
#include "api/moderationrecords.h"
#include "api/notifications.h"
#include "api/ratelimiter.h"
#include "api/readcache.h"
#include "api/renderer.h"
#include "api/request.h"
#include "api/response.h"
#include "api/routetable.h"
#include "api/visibility.h"
#include "db/database.h"
#include "serverconfig.h"

#include <QVariant>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace threadline::server {

// An Api runs on one thread with its own connection: the HTTP front's, and on PostgreSQL each
// worker's (workers.h: the routes flagged Worker, after the front's precheck()); they share only
// the read cache. Routes are short and synchronous, except a slow step without the database
// (a password check), which comes back from begin() as Deferred.
class Api
{
public:
    Api(Database &db, const ServerConfig &config);
    Api(const Api &) = delete;
    Api &operator=(const Api &) = delete;

    // Loads the word list, prepares the sign-in check and makes the media folder.
    void init();
    // The word list only: a worker's Api (workers.h) — the HTTP thread's Api did the rest — or
    // the one the demo's start-up step writes its story through (demo/demostartup.h).
    void initWorker();
    // PostgreSQL: whether a prechecked request is a like or an unlike of a post (workers.h
    // writes those that arrive together in one statement), and that batch: one answer each,
    // in order (each like on its own, as begin() would, if the batch cannot be written).
    [[nodiscard]] bool isPostLike(const Request &req) const;
    std::vector<Response> postLikeBatch(std::vector<Request> &reqs);
    // PostgreSQL: the process's read cache (readcache.h), shared with the workers' Apis.
    void setReadCache(std::shared_ptr<ReadCache> cache) { m_reads.setCache(std::move(cache)); }
    [[nodiscard]] const std::shared_ptr<ReadCache> &readCache() const { return m_reads.cache(); }
    // After precheck(): whether begin() may run on a worker's Api (the route is a read or a
    // one-statement write whose only effects are in the database).
    [[nodiscard]] bool onWorker(const Request &req) const;
    [[nodiscard]] bool onPostgres() const { return m_db.isPostgres(); }

    // The whole request, synchronously (the slow steps, such as a password check, run inline).
    Response handle(Request &req);

    // The same in steps, for the HTTP front:
    // 1. precheck() once the request line and headers are in, before a byte of the body is read:
    //    route (404), token (401), rate limit (429), role (403), path ids (400) — the order of
    //    handle() — and a declared Content-Length over the route's limit (413). nothing: read the
    //    body (at most bodyLimit() bytes; over it, answer tooLarge()) and go on with begin().
    [[nodiscard]] std::optional<Response> precheck(Request &req);
    [[nodiscard]] qsizetype bodyLimit(const Request &req) const;
    [[nodiscard]] Response tooLarge(const Request &req) const;
    // 2. begin(): the rest. A slow step that needs no database (hashing a password) comes back
    //    as `deferred`: run deferred->work() on a worker thread, then complete() on this thread.
    using Deferred = server::Deferred;
    struct Outcome
    {
        Response response; // when deferred is null
        std::shared_ptr<Deferred> deferred;
    };
    Outcome begin(Request &req);
    Response complete(Request &req, const Deferred &deferred, const QVariant &workResult);
    // The routes by index (Request::routeIndex): method and pattern ("GET", "/api/v1/posts/{id}"),
    // for the log line and the metrics.
    [[nodiscard]] QList<QPair<QByteArray, QByteArray>> routeNames() const;
    // The push stream (http/eventstream.h). isStream(): a prechecked request for it.
    [[nodiscard]] bool isStream(const Request &req) const;
    // Where a stream starts: `hello` (no cursor: from the change log's present), `expired` (its
    // cursor is older than the log keeps) or the position of its cursor (`Last-Event-ID` wins
    // over `since`). An answer of 400 or more refuses it (a cursor that is not ours, a bad
    // `comments`).
    struct StreamStart
    {
        bool hello = false;
        bool expired = false;
        SyncHandler::Position pos;
        QString cursor;    // with hello
        qint64 unread = 0; // with hello: the caller's unread notifications
        int comments = 3;
    };
    Response openStream(Request &req, StreamStart &out);
    // The records after `from` as /sync gives them (a page of at most `limit`) to each viewer
    // of `uids`, all ordinary users or all moderators: rendered once for all of them, then each
    // one's own fields and records (SyncHandler::readShared, personal). False when the database
    // could not be read (for any of them: then for none).
    struct StreamPage
    {
        SyncHandler::Position next;
        QString nextCursor;
        bool hasMore = false;
        QHash<qint64, SyncHandler::Page> byUser;
    };
    bool readStream(bool moderator, const QList<qint64> &uids, const SyncHandler::Position &from,
                    int limit, int comments, StreamPage *out);
    // Called (on the writing thread) after a write committed change-log records.
    void setChangeListener(std::function<void()> listener) { m_changed = std::move(listener); }

    // The routes this server answers (for the test that holds them against docs/openapi.yaml).
    [[nodiscard]] const RouteTable &routes() const { return m_routes; }

    // Drops change-log entries older than --changelog-days and idempotency keys over 24 h.
    void pruneLogs();

    static constexpr qsizetype kMaxJsonBody = 64 * 1024;
    // Every signed-in caller's requests: bursts of 300, 100 a second sustained.
    static constexpr RateLimiter::Limit kUserLimit{300, 100};
    static constexpr qsizetype kMaxMediaBody = 5 * 1024 * 1024;

private:
    template<typename F> Response guarded(F &&f);
    const Route &findRoute(Request &req);
    // Token, rate limit, role and path ids: everything before the body.
    void checkHead(Request &req, const Route &route);
    [[noreturn]] static void failTooLarge(const Route &route);
    static qsizetype bodyLimit(const Route &route);
    Response dispatch(Request &req, const Route &route);
    Response runWrite(Request &req, const Route &route);
    // The HTTP conventions of every answer (conventions.h).
    void decorate(const Request &req, Response &r) const;

    // Declared in the order they are built: each is given the ones above it.
    Database &m_db;
    ServerConfig m_config;
    RateLimiter m_limiter;
    std::shared_ptr<Deferred> m_deferred; // set by a route with a slow step (login)
    Authenticator m_authenticator;
    Renderer m_renderer;
    ChangeLog m_changes;
    ModerationRecords m_moderationRecords;
    Notifications m_notifications;
    Visibility m_visibility;
    CachedReader m_reads;
    // One handler per resource.
    HealthHandler m_health;
    AuthHandler m_auth;
    UsersHandler m_users;
    PostsHandler m_posts;
    CommentsHandler m_comments;
    ActivityHandler m_activity;
    SyncHandler m_sync;
    MediaHandler m_media;
    MessagesHandler m_messages; // before m_moderation: reports and the queue ask it
    ModerationHandler m_moderation;
    DevicesHandler m_devices;
    StatsHandler m_stats;
    RankingsHandler m_rankings;
    TopicsHandler m_topics;
    PeopleHandler m_people;
    NotificationsHandler m_notificationRoutes;
    SearchHandler m_search;
    RouteTable m_routes;
    std::function<void()> m_changed;
};

} // namespace threadline::server

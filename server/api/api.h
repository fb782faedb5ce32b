#pragma once

#include "db/database.h"
#include "api/ratelimiter.h"
#include "api/readcache.h"
#include "serverconfig.h"

#include <QByteArray>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QUrlQuery>
#include <QVariant>
#include <functional>
#include <memory>
#include <optional>

namespace threadline::server {

// A contract error: the status plus {"error":{"code","message"}}.
struct ApiError
{
    int status;
    QString code;
    QString message;
    int retryAfter = 0; // seconds, for 429
};

[[noreturn]] void fail(int status, const QString &message);

struct Response
{
    int status = 200;
    QByteArray body;
    QByteArray contentType = "application/json";
    QList<QPair<QByteArray, QByteArray>> headers;

    static Response json(const QJsonObject &o, int status = 200);
    static Response noContent();
    static Response error(int status, const QString &code, const QString &message);
};

// Who is asking.
struct Viewer
{
    qint64 uid = 0;
    bool moderator = false;
};

struct Request
{
    QByteArray method;    // GET, POST, …
    QString path;         // /api/v1/…
    QStringList segments; // after /api/v1
    QUrlQuery query;
    QByteArray body;
    QHash<QByteArray, QByteArray> headers; // lower-case names
    QString peer;                          // remote address, for rate limits
    Viewer viewer;
    QList<qint64> ids; // the {id} segments of the route, in order
    QString name;      // the {name} segment (media)
    QJsonObject json;  // the parsed body of JSON routes
    // Content-Length as declared before the body is read (-1: none, or a chunked body).
    qint64 declaredLength = -1;
    int routeIndex = -1;     // set by Api::precheck()
    bool prechecked = false; // route, token, role and path ids already checked

    QByteArray header(const char *name) const { return headers.value(QByteArray(name)); }
};

// One server's API: routing, authentication, idempotency and every endpoint of api-v1.md.
// An Api runs on one thread with its own connection: the HTTP front's, and on PostgreSQL each
// worker's (workers.h: the routes flagged Worker, after the front's precheck()); they share only
// the read cache. Handlers are short and synchronous, except a slow step without the database
// (a password check), which comes back from begin() as Deferred.
class Api
{
public:
    Api(Database &db, const ServerConfig &config);

    // Loads the word list and the caches; seeds the demo world when asked.
    [[nodiscard]] bool init(QString *error);
    // A worker's Api (workers.h): the word list only — the HTTP thread's Api did the rest.
    void initWorker();
    // PostgreSQL: whether a prechecked request is a like or an unlike of a post (workers.h
    // writes those that arrive together in one statement), and that batch: one answer each,
    // in order (each like on its own, as begin() would, if the batch cannot be written).
    [[nodiscard]] bool isPostLike(const Request &req) const;
    std::vector<Response> postLikeBatch(std::vector<Request> &reqs);
    // PostgreSQL: the process's read cache (readcache.h), shared with the workers' Apis.
    void setReadCache(std::shared_ptr<ReadCache> cache) { m_cache = std::move(cache); }
    [[nodiscard]] const std::shared_ptr<ReadCache> &readCache() const { return m_cache; }
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
    struct Deferred
    {
        std::function<QVariant()> work; // touches neither the Api nor the database
        std::function<Response(Request &, const QVariant &)> finish;
    };
    struct Outcome
    {
        Response response; // when deferred is null
        std::shared_ptr<Deferred> deferred;
    };
    Outcome begin(Request &req);
    Response complete(Request &req, const Deferred &deferred, const QVariant &workResult);
    // Drops change-log entries older than --changelog-days and idempotency keys over 24 h.
    void pruneLogs();

    static constexpr qsizetype kMaxJsonBody = 64 * 1024;
    static constexpr qsizetype kMaxMediaBody = 5 * 1024 * 1024;
    static constexpr int kReportsPerHour = 30; // new reports per user (with --rate-limits on)

private:
    using Handler = Response (Api::*)(Request &);
    // OptionalBody: every field is optional, so an empty body means {}; elsewhere it is 400.
    enum Flag {
        Public = 1,
        Moderator = 2,
        Write = 4,
        JsonBody = 8,
        RawBody = 16,
        OptionalBody = 32,
        // One statement on PostgreSQL (a function of the schema): runs without BEGIN/COMMIT of
        // its own (a single statement is its own transaction). PUT/DELETE only: no idempotency
        // key to record with it.
        Atomic = 64,
        // May run on a worker thread (workers.h) with an Api and a connection of its own: the
        // handler's effects are in the database only (and the user briefs' cache, which no
        // route changes), nothing another Api instance would have to see in memory.
        Worker = 128,
    };
    struct Route
    {
        QByteArray method;
        QStringList pattern; // literal segments, "{id}" or "{name}"
        Handler handler;
        int flags;
    };
    void addRoutes();
    template<typename F> Response guarded(F &&f);
    const Route &findRoute(Request &req);
    // Token, rate limit, role and path ids: everything before the body.
    void checkHead(Request &req, const Route &route);
    [[noreturn]] static void failTooLarge(const Route &route);
    static qsizetype bodyLimit(const Route &route);
    Response dispatch(Request &req, const Route &route);
    Response runWrite(Request &req, const Route &route);
    void authenticate(Request &req);
    void markActive(qint64 uid);

    // --- endpoints (api*.cpp) ---
    Response health(Request &);
    Response login(Request &);
    Response logout(Request &);
    Response me(Request &);
    Response timeline(Request &);
    Response getPost(Request &);
    Response createPost(Request &);
    Response deletePost(Request &);
    Response listComments(Request &);
    Response listCommentsUncached(Request &);
    // Read cache (readcache.h): whether this read may be answered from it; the posts of `ids`
    // (visible ones, in order) as JSON objects for req.viewer, rendered for nobody once and
    // personalised; the viewer's likes and votes on what `slots` name.
    [[nodiscard]] bool cacheable(const Request &req) const;
    std::vector<QByteArray> cachedPosts(const QList<qint64> &ids, const Viewer &v,
                                        int inlineComments, quint64 epoch);
    std::vector<QByteArray> personalised(const std::vector<const ReadCache::Entry *> &entries,
                                         const Viewer &v);
    Response listReplies(Request &);
    Response createComment(Request &);
    Response deleteComment(Request &);
    Response likePost(Request &);
    Response unlikePost(Request &);
    Response likeComment(Request &);
    Response unlikeComment(Request &);
    Response opposeComment(Request &);
    Response unopposeComment(Request &);
    Response viewPost(Request &);
    Response postLikes(Request &);
    Response getUser(Request &);
    Response follow(Request &);
    Response unfollow(Request &);
    Response hot(Request &);
    Response activity(Request &);
    Response sync(Request &);
    Response uploadMedia(Request &);
    Response getMedia(Request &);
    Response createReport(Request &);
    Response modQueue(Request &);
    Response hideComment(Request &);
    Response unhideComment(Request &);
    Response hidePost(Request &);
    Response unhidePost(Request &);
    Response dismissItem(Request &);
    Response modLog(Request &);
    Response listDevices(Request &);
    Response putDevice(Request &);
    Response deleteDevice(Request &);
    Response modStats(Request &);
    Response modUserStats(Request &);

    // --- shared pieces (apirender.cpp) ---
public:
    // Renders posts by id, in the order given, leaving out what the viewer may not see.
    QJsonArray renderPosts(const QList<qint64> &ids, const Viewer &v, int inlineComments = 3);
    std::optional<QJsonObject> renderPost(qint64 id, const Viewer &v, int inlineComments = 3);
    // Renders comment rows (selected with commentColumns()), in order.
    QJsonArray renderComments(const std::vector<Row> &rows, const Viewer &v);
    // The same as compact JSON text (what QJsonDocument writes for them, byte for byte): the
    // read pages write these into their response without building QJsonObjects.
    QByteArray postsJson(const QList<qint64> &ids, const Viewer &v, int inlineComments = 3);
    // Each visible post of `ids` as its JSON object (the ones this viewer may not see left out).
    QHash<qint64, QByteArray> postParts(const QList<qint64> &ids, const Viewer &v,
                                        int inlineComments = 3);
    std::vector<QByteArray> commentItems(const std::vector<Row> &rows, const Viewer &v);
    std::optional<QJsonObject> renderComment(qint64 id, const Viewer &v);
    QJsonObject userBrief(qint64 uid);
    QJsonObject userProfile(qint64 uid, const Viewer &v);
    static QString commentColumns();
    // SQL condition (on alias c) for comments the viewer may see
    static QString commentVisible(const Viewer &v);
    static QString postVisible(const Viewer &v, const QString &alias = QStringLiteral("p"));

private:
    struct UserInfo
    {
        QJsonObject brief;
        QByteArray briefJson; // brief as compact JSON text
        QString role;
    };
    const UserInfo *user(qint64 uid);
    void writeUserBrief(QByteArray &out, qint64 uid);
    QHash<QString, QString> deviceNames(const QSet<QString> &rawLower);
    QJsonObject moderationObject(const QVariant &by, const QVariant &reason, const QVariant &time);

    // --- helpers used by endpoints ---
    struct PostRow
    {
        qint64 id = 0, author = 0;
        bool hidden = false, deleted = false;
    };
    // The post as the viewer may see it, or 404.
    PostRow requireVisiblePost(qint64 id, const Viewer &v);
    struct CommentRow
    {
        qint64 id = 0, postId = 0, rootId = 0, parentId = 0, floor = 0, author = 0;
        bool hidden = false, floorHidden = false, deleted = false;
        bool visible() const { return !hidden && !floorHidden && !deleted; }
    };
    std::optional<CommentRow> commentRow(qint64 id);
    CommentRow requireVisibleComment(qint64 id, const Viewer &v);
    void requireUser(qint64 uid);

    void recordChange(const char *kind, qint64 id, const char *op = "upsert");
    void flushChanges();
    void logModeration(qint64 moderator, const QString &action, const QString &targetType,
                       qint64 targetId, const QString &reason);
    void autoFlag(const QString &targetType, qint64 targetId, const QString &text);
    void closeItem(const QString &targetType, qint64 targetId);
    QJsonObject commentVoteState(qint64 commentId, qint64 uid);
    static QJsonObject voteState(qint64 likes, qint64 opposes, int mine);
    Response setCommentVote(Request &req, int vote, bool on);
    Response modSetCommentHidden(Request &req, bool hide);
    Response modSetPostHidden(Request &req, bool hide);
    QJsonObject queueItem(const Row &itemRow);
    void loadWordlist();
    // The demo's moderation story and activity (demomoderation.cpp), after seedDemo().
    void seedModerationDemo();

    Database &m_db;
    ServerConfig m_config;
    QList<Route> m_routes;
    QHash<qint64, UserInfo> m_users;
    struct CachedToken
    {
        Viewer viewer;
        qint64 created = 0;
        qint64 checkedAt = 0; // nowMs() of the database check (PostgreSQL: --token-cache)
    };
    // SQLite: for as long as the token lives (one process owns the database). PostgreSQL: for
    // --token-cache after each database check, so that a sign-out through another process is
    // seen within that time.
    QHash<QString, CachedToken> m_tokenCache;
    QString m_dummyHash; // a password hash of the real cost, checked for unknown user names
    std::shared_ptr<Deferred> m_deferred;       // set by a handler with a slow step (login)
    QSet<QPair<qint64, qint64>> m_activeMarked; // (uid, day) already written
    QStringList m_words;                        // lower-cased
    QList<QPair<QByteArray, qint64>> m_pendingChanges;
    RateLimiter m_limiter;
    std::shared_ptr<ReadCache> m_cache; // null: every read from the database
};

// --- small shared utilities (apiutil.cpp) ---
qint64 nowMs();
qint64 dayNumberUtc8(qint64 ms); // days since the epoch, in UTC+8
QString encodeCursor(const QList<qint64> &parts);
std::optional<QList<qint64>> decodeCursor(const QString &cursor, int parts);
// Query parameters: clamped limits and integers (400 when malformed)
int limitParam(const QUrlQuery &q, const char *name, int def, int max, int min = 1);
std::optional<qint64> intParam(const QUrlQuery &q, const char *name);
// JSON body fields: 400 on a wrong type; optional missing → nullopt; required missing → 422
std::optional<QString> stringField(const QJsonObject &o, const char *name, bool required);
std::optional<qint64> idField(const QJsonObject &o, const char *name, bool required);
qsizetype codePoints(const QString &s);
// Where a \uXXXX escape of the JSON text encodes half a UTF-16 surrogate pair without its other
// half (-1: nowhere). QJsonDocument pairs such a half with whatever follows and changes the text,
// so a body holding one is malformed (400) rather than stored altered.
qsizetype loneSurrogateAt(QByteArrayView json);
// The (createtime, id) keyset condition of a "newest first" list after its `before` cursor
// (" AND (t < ? OR (t = ? AND id < ?))" and its values; empty without a cursor; 400 when the
// cursor is not one this server gave out).
struct Keyset
{
    QString sql;
    QVariantList binds;
};
Keyset beforeCursor(const QUrlQuery &q, const QString &timeCol, const QString &idCol);
// The `next` of a newest-first page: the cursor after its last row, or null on the last page.
QJsonValue nextCursor(bool more, qint64 lastTime, qint64 lastId);

} // namespace threadline::server

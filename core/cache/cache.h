// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The client's local cache: one SQLite file per server and account, a projection of what the
// server said, so that the client paints before the network answers and works offline. It may
// be thrown away at any time (the outbox, which must survive, is another file).
//
// Threads. All SQL runs on the cache's own worker thread, which opens its own QSqlDatabase
// connection there. Every public method only enqueues a request and returns its requestId at
// once; the answer comes back as a signal on the thread the Cache lives in (queued), carrying
// the same id. Requests run in the order they were made. Each request ends with exactly one
// signal: its result signal (`done` for writes, `xLoaded` for reads, `opened` for open) or
// `failed`. Nothing here blocks the calling thread, except waitForIdle() (tests, shutdown)
// and the destructor, which lets queued requests finish.
//
// Robustness. open() moves a cache file that cannot be used aside — random bytes, truncated,
// zero-length, a directory in its place, unreadable, not a database, a foreign SQLite file, or
// a schema version newer than this build knows (a newer client's cache: rebuilt, not guessed
// at) — by renaming it (with its -wal/-shm/-journal) to `<name>.corrupt-<yyyyMMdd-HHmmss-zzz>`,
// creates a fresh cache and answers opened(true, <reason>, true, <that name>) so the UI can
// tell the user. It touches no other file and deletes nothing.
// `PRAGMA quick_check` reads the whole file, too slow for the first paint, so it runs on the
// worker right after the requests queued behind open() (the first page) — or, held by the app
// (holdIntegrityCheck()), once the first frame is painted; if it fails — or if
// SQLite reports corruption during any later request (which then fails) — the cache is
// rebuilt the same way and `opened` is emitted again with recovered = true: the caller drops
// what it showed from the cache and refetches. A row whose blob does not decode is skipped and
// deleted, never a crash.
//
// Storage. WAL, synchronous=NORMAL; schema in cacheschema.h (version in `PRAGMA user_version`,
// stepwise migrations). Objects are stored whole as a compact binary blob (CacheBlob,
// cacheblob.h) next to the columns that are searched on.
//
// Files. This facade is cache.cpp; the worker side is detail::CacheStore (cachestore.h: its
// requests in cachestore.cpp, opening and rebuilding in cacheopen.cpp) over the raw sqlite3
// wrappers of sqlitestatement.h; the blob codec is cacheblob.cpp.
#pragma once

#include "cache/cacheblob.h"  // CacheBlob, the rows' format: users of the cache find it here
#include "cache/cachetypes.h" // TimelinePage, HistoryEntry, the limits
#include "wire/wiretypes.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QUrl>
#include <QtGlobal>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

class QThread;

namespace threadline::core {

namespace detail {
class CacheStore;
}

class Cache : public QObject
{
    Q_OBJECT

public:
    using Clock = std::function<qint64()>; // ms since the epoch, UTC

    static constexpr int kDefaultCommentLimit = cachelimits::kDefaultCommentLimit;
    static constexpr int kHistoryLimit = cachelimits::kHistoryLimit;
    static constexpr qint64 kHistoryMaxAgeMs = cachelimits::kHistoryMaxAgeMs;
    // The meta key of the /sync cursor (cleared with everything else by clear() and rebuilds).
    static constexpr QLatin1String kSyncCursorKey{"sync.cursor"};

    explicit Cache(QObject *parent = nullptr);
    // Lets the requests already queued finish (skipping a pending integrity check), closes the
    // file and stops the worker thread: blocks until then (shutdown, account switch).
    ~Cache() override;

    // <AppDataLocation>/cache/id-<instance>/<user>.sqlite for a server whose instance is known
    // (ServerIdentity), else <AppDataLocation>/cache/<host>_<port>/<user>.sqlite. Host, port
    // and user are sanitised into file names injectively: [A-Za-z0-9.-] are kept, every other
    // byte (UTF-8) is written as `_hh`; the port defaults to the scheme's (80, 443).
    [[nodiscard]] static QString pathFor(const QUrl &server, const QString &username,
                                         const QString &instance = {});

    // The clock of markViewed() without a time and of loadHistory(); read on the calling
    // thread when the request is made. Defaults to the system clock.
    void setClock(Clock clock);
    // How many of the newest comments per post saveComments() keeps (default 5,000).
    void setCommentLimit(int keep);
    [[nodiscard]] QThread *workerThread() const;

    // Opens (creating, migrating or rebuilding) the cache at `path`; answers `opened`.
    quint64 open(const QString &path);
    quint64 close(); // answers `done`

    // Posts. savePosts() upserts the posts (and their authors into the users). With a non-empty
    // scopeKey it also stores them as a page of that scope: replaceScope starts the scope over
    // with this page (a refresh), otherwise the page is appended after the stored ones (posts
    // already in the scope keep their place); `next` is the server's cursor after this page
    // (absent on the last page).
    quint64 savePosts(const QList<Post> &posts, const QString &scopeKey = {},
                      bool replaceScope = false, const std::optional<QString> &next = {});
    quint64 savePost(const Post &post);
    // Posts from outside the server's pages (QA's --import of fixture files): the posts with
    // their authors, inline comments and likers, placed into the scope among the posts already
    // there, newest first (createtime, then id); the scope's cursor is kept. Answers `done` for
    // the returned id once the posts are in; their comments and likers follow in the next
    // requests (requests run in order: a later load sees all of it).
    quint64 importPosts(const QList<Post> &posts, const QString &scopeKey);
    quint64 loadTimeline(const QString &scopeKey, int limit, int offset = 0); // timelineLoaded
    quint64 loadPost(qint64 postId);                                          // postLoaded
    // Drops the post with its comments, likes, timeline places and history entry.
    quint64 removePost(qint64 postId);
    // Takes the post out of one scope's list only (the post stays for the other lists).
    quint64 removeFromScope(const QString &scopeKey, qint64 postId);

    quint64 saveUsers(const QList<UserBrief> &users);
    quint64 loadUsers(const QList<qint64> &uids); // usersLoaded, in the order asked, known only

    // Comments. saveComments() upserts floors and replies of one post, then trims the post to
    // the comment limit in the same transaction.
    quint64 saveComments(qint64 postId, const QList<Comment> &comments);
    // Floors after `afterFloor` (<= 0: from the first) in floor order (at most `limit`) with their
    // replies in seq order (at most `repliesPerRoot` each; -1: all stored). The page's `next` is
    // the last floor on it when more floors are stored; totalRoots counts the stored floors.
    quint64 loadFloors(qint64 postId, qint64 afterFloor, int limit,
                       int repliesPerRoot = -1); // floorsLoaded
    // The same newest first: floors below `beforeFloor` (<= 0: from the newest), floor
    // descending; `next` is the last (oldest) floor on the page when older ones are stored.
    quint64 loadNewestFloors(qint64 postId, qint64 beforeFloor, int limit,
                             int repliesPerRoot = -1); // floorsLoaded
    // Replies of one floor after `afterSeq` (<= 0: from the first) in seq order; `next` is the last
    // seq when more are stored.
    quint64 loadReplies(qint64 rootId, qint64 afterSeq, int limit); // repliesLoaded
    // Removes a comment; a floor's root takes its whole floor with it.
    quint64 removeComment(qint64 commentId);
    // Keeps the newest `keep` comments of the post (createtime, then id, descending).
    quint64 trimComments(qint64 postId, int keep = kDefaultCommentLimit);

    // A post's likers, a set by user: saving a second like of the same user replaces the first.
    // `replace` drops the post's stored likers first.
    quint64 saveLikes(qint64 postId, const QList<Like> &likes, bool replace = false);
    quint64 loadLikes(qint64 postId, int limit = 50); // likesLoaded, newest first

    // Small values, e.g. the /sync cursor.
    quint64 saveMeta(const QString &key, const QString &value);
    quint64 removeMeta(const QString &key);
    quint64 loadMeta(const QString &key); // metaLoaded

    // The first page of a list that is not a timeline (followers, a board, activity, rankings),
    // the server's body as it came, under `key`; the newest kMaxPages are kept, and a body over
    // kMaxPageBytes is not kept (an older copy under the key is dropped).
    quint64 savePage(const QString &key, const QByteArray &body);
    quint64 loadPage(const QString &key); // pageLoaded

    // Recently viewed posts: one entry per post (the latest view), the newest 60, none older
    // than 30 days by the clock. Without `whenMs`, the clock's now.
    quint64 markViewed(qint64 postId, std::optional<qint64> whenMs = {});
    quint64 loadHistory(); // historyLoaded, newest first

    // Search (offline): the cached posts, comments or people whose text holds `text`, newest
    // first by id, at most `limit`, below `before` (a `next` of an earlier page of this cache).
    // 3 or more characters: any substring, through the trigram index; 1 or 2: the newest
    // kSearchShortWindow posts or comments only (the page's `window` says so). A comment comes
    // with its post (the page's `posts`). Answers searchLoaded.
    quint64 search(SearchPage::Kind kind, const QString &text,
                   const std::optional<QString> &before = {}, int limit = 20);

    // Empties every table, the sync cursor included.
    quint64 clear();

    // Blocks until every request made so far has run and its answer has been delivered
    // (signals emitted). For tests and shutdown only. False on timeout.
    bool waitForIdle(int timeoutMs = 30000);

    // The integrity check (`PRAGMA quick_check`) after open() waits until
    // releaseIntegrityCheck(): the app holds it before opening and releases it once the first
    // frame with the cache's posts is painted, so that the check never competes with the first
    // page for a core. Without a hold it runs right after the requests queued behind open().
    void holdIntegrityCheck();
    void releaseIntegrityCheck();

    // Test hook: called on the worker thread at the start of every request with its name.
    void setRequestObserver(std::function<void(const char *request)> observer);

Q_SIGNALS:
    // `error`: why opening failed, or (recovered) why the old file was moved aside.
    void opened(bool ok, const QString &error, bool recovered, const QString &movedAsidePath);
    void done(quint64 requestId);
    void failed(quint64 requestId, const QString &error);
    void timelineLoaded(quint64 requestId, const threadline::core::TimelinePage &page);
    void postLoaded(quint64 requestId, qint64 postId,
                    const std::optional<threadline::core::Post> &post);
    void usersLoaded(quint64 requestId, const QList<threadline::core::UserBrief> &users);
    void floorsLoaded(quint64 requestId, qint64 postId, const threadline::core::FloorPage &page);
    void repliesLoaded(quint64 requestId, qint64 rootId, const threadline::core::ReplyPage &page);
    void likesLoaded(quint64 requestId, qint64 postId, const QList<threadline::core::Like> &likes);
    void metaLoaded(quint64 requestId, const QString &key, const std::optional<QString> &value);
    void historyLoaded(quint64 requestId, const QList<threadline::core::HistoryEntry> &entries);
    void pageLoaded(quint64 requestId, const threadline::core::SavedPage &page);
    void searchLoaded(quint64 requestId, const threadline::core::SearchPage &page);

private:
    template<class Job> quint64 enqueue(const char *name, Job &&job);
    [[nodiscard]] qint64 now() const;

    QThread *m_thread = nullptr;
    QObject *m_worker = nullptr; // lives in m_thread: the target of queued requests
    std::shared_ptr<detail::CacheStore> m_store;
    Clock m_clock;
    std::atomic<quint64> m_nextId{1};
};

} // namespace threadline::core

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The worker side of the Cache (cache.h): CacheStore runs on the cache's own thread only and
// holds its connection. The Cache facade queues each request as a job that calls run(), which
// answers on the Cache's thread through reply(). Its parts:
//   cachestore.cpp  the requests — the prepared SQL and every save, load and remove
//   cacheopen.cpp   opening: the checks that tell an unusable file, migrations, the schema
//                   compared with the migrations', the integrity check after the first page,
//                   moving a damaged file aside and rebuilding
// Internal to threadline_core: nothing outside core includes it.
#pragma once

#include "cache/cachetypes.h"
#include "cache/sqlitestatement.h"

#include <QLoggingCategory>
#include <QMetaObject>
#include <QPointer>
#include <QSqlDatabase>
#include <QString>
#include <QTimer>

#include <atomic>
#include <exception>
#include <functional>
#include <optional>
#include <utility>

namespace threadline::core {
class Cache;
}

namespace threadline::core::detail {

Q_DECLARE_LOGGING_CATEGORY(lcCache) // "threadline.cache"

class CacheStore
{
public:
    CacheStore(Cache *owner, QObject *worker)
        : m_owner(owner)
        , m_worker(worker)
    {
    }
    ~CacheStore() { closeDb(); }

    // Runs one request: observer, the not-open check, errors to `failed`, corruption to a
    // rebuild.
    template<class Job> void run(const char *name, quint64 id, bool needsOpen, Job &job)
    {
        if (m_observer)
            m_observer(name);
        if (needsOpen && !m_sql.handle()) {
            fail(id, QStringLiteral("the cache is not open"));
            return;
        }
        try {
            job(*this, id);
            if (m_sql.handle()) // what the request's writes queued, into the search index
                scheduleFlush(qstrcmp(name, "open") != 0); // never before the first page
        } catch (const SqlError &e) {
            qCWarning(lcCache) << name << "failed:" << e.message;
            fail(id, e.message);
            if (e.corrupt())
                recover(e.message);
        } catch (const std::exception &e) {
            qCWarning(lcCache) << name << "failed:" << e.what();
            fail(id, QString::fromLocal8Bit(e.what()));
        }
    }

    // Answers on the owner's thread. The Cache outlives every answer it can receive: its
    // destructor stops this thread first, and Qt drops events posted to a deleted object.
    // (Owner is always Cache: a template parameter so that this header needs only Cache's
    // name, and the files that answer — cache.cpp, cacheopen.cpp — its class.)
    template<class F, class Owner = Cache> void reply(F &&f)
    {
        Owner *owner = m_owner;
        QMetaObject::invokeMethod(
            owner, [owner, f = std::forward<F>(f)]() { f(owner); }, Qt::QueuedConnection);
    }
    template<class Owner = Cache> void done(quint64 id)
    {
        reply([id](Owner *c) { Q_EMIT c->done(id); });
    }
    template<class Owner = Cache> void fail(quint64 id, const QString &error)
    {
        reply([id, error](Owner *c) { Q_EMIT c->failed(id, error); });
    }

    // ---- opening (cacheopen.cpp)

    void open(const QString &path);
    // on: the check after the next open() waits; off: a check waiting runs now (cache.h)
    void holdIntegrityCheck(bool on);
    void close();
    void closeDb();

    // ---- requests (cachestore.cpp)

    void savePosts(const QList<Post> &posts, const QString &scope, bool replace,
                   const std::optional<QString> &next, qint64 now);
    void placePostsByTime(const QList<Post> &posts, const QString &scope, qint64 now);
    TimelinePage loadTimeline(const QString &scope, int limit, int offset);
    std::optional<Post> loadPost(qint64 id);
    void removePost(qint64 id);
    void removeFromScope(const QString &scope, qint64 id);
    void saveUsers(const QList<UserBrief> &users);
    QList<UserBrief> loadUsers(const QList<qint64> &uids);
    void saveComments(qint64 postId, const QList<Comment> &comments);
    // newest: floors below `afterFloor`, newest first (the Newest order's cursor)
    FloorPage loadFloors(qint64 postId, qint64 afterFloor, int limit, int repliesPerRoot,
                         bool newest = false);
    ReplyPage loadReplies(qint64 rootId, qint64 afterSeq, int limit);
    void removeComment(qint64 id);
    void trimComments(qint64 postId, int keep);
    void saveLikes(qint64 postId, const QList<Like> &likes, bool replace);
    QList<Like> loadLikes(qint64 postId, int limit);
    void saveMeta(const QString &key, const QString &value);
    void removeMeta(const QString &key);
    std::optional<QString> loadMeta(const QString &key);
    void savePage(const QString &key, const QByteArray &body, qint64 now);
    SavedPage loadPage(const QString &key);
    void markViewed(qint64 postId, qint64 when, qint64 now);
    QList<HistoryEntry> loadHistory(qint64 now);
    void clear();
    // Moves what the triggers queued into the search index, in one transaction (cacheschema.h,
    // version 4); nothing when the queue is empty.
    void flushSearch();
    // flushSearch() once no write has come for kSearchFlushDelayMs, or at once when
    // kSearchFlushRows rows are queued (`mayFlushNow`: not after opening, whose queue — left by
    // the last run — waits until the first page is read): a page written is answered without
    // waiting for the index (cachesearch.cpp). Nothing when the queue is empty.
    void scheduleFlush(bool mayFlushNow);
    // Search (cachesearch.cpp): a page of the kind's hits, newest first by id, below `before`.
    SearchPage search(SearchPage::Kind kind, const QString &text,
                      const std::optional<QString> &before, int limit);

    int m_commentLimit = cachelimits::kDefaultCommentLimit;
    std::atomic<bool> m_closing{false}; // set by ~Cache: skip the integrity check
    std::function<void(const char *)> m_observer;

private:
    enum class Verdict { Ok, Corrupt, Failed };

    // opening (cacheopen.cpp)
    void scheduleIntegrityCheck();
    void integrityCheck(quint64 generation);
    void recover(const QString &why);
    Verdict attempt(const QString &path, QString &why);
    bool bindHandle(QString &why);
    bool registerFunctions(QString &why);
    QString schemaMismatch();
    void migrate(int from);
    static QString moveAside(const QString &path, QString &error);

    // requests (cachestore.cpp)
    void appendPlaces(const QList<Post> &posts, const QString &scope);
    void upsertPosts(const QList<Post> &posts);
    void queueText(Stmt &old, int table, qint64 id, QByteArrayView blob,
                   std::optional<QByteArrayView> (*text)(QByteArrayView));
    void dropPosts(const QList<qint64> &ids);
    void dropComments(const QList<qint64> &ids);
    void trim(qint64 postId, int keep);
    static void readComments(Stmt &q, QList<Comment> &out, QList<qint64> &bad);
    void pruneHistory(qint64 now);
    // search (cachesearch.cpp)
    void searchRows(SearchPage::Kind kind, const QString &text, qint64 before, int limit,
                    SearchPage &page);
    void searchPeople(const QString &text, qint64 before, int limit, SearchPage &page);

    Cache *m_owner;
    QObject *m_worker; // lives on this thread: the target of queued jobs
    QString m_path;
    bool m_existed = false;        // the file was there before the last attempt
    quint64 m_generation = 0;      // bumped by every close: stale queued checks do nothing
    bool m_checkHeld = false;      // holdIntegrityCheck(true) until released
    bool m_checkWaiting = false;   // an open() found a check to run while held
    QPointer<QTimer> m_flushTimer; // scheduleFlush()'s, a child of m_worker (on this thread)
    QString m_connection;
    QSqlDatabase m_db;
    SqliteConnection m_sql; // the sqlite3* of m_db and its prepared statements
};

} // namespace threadline::core::detail

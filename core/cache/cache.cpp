// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Cache (cache.h): the caller's side. Each method captures its arguments by value and queues a
// job on the cache's worker thread, where detail::CacheStore (cachestore.h) runs it; the blob
// codec is cacheblob.cpp, the sqlite3 wrappers sqlitestatement.cpp.
#include "cache/cache.h"
#include "account/serveridentity.h"
#include "cache/cachestore.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QSemaphore>
#include <QStandardPaths>
#include <QThread>

#include <algorithm>

namespace threadline::core {

using namespace Qt::StringLiterals;

namespace {

// Keeps [a-z0-9.-]; every other UTF-8 byte (upper case too, for case-insensitive file
// systems, and '_' itself) becomes "_hh", so different inputs never share a name.
QString sanitise(const QString &s)
{
    static constexpr char kHex[] = "0123456789abcdef";
    QString out;
    const QByteArray utf8 = s.toUtf8();
    out.reserve(utf8.size());
    for (qsizetype i = 0; i < utf8.size(); ++i) {
        const auto c = uchar(utf8[i]);
        const bool keep = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
                          (c == '.' && i > 0); // no leading dot: no ".", "..", hidden names
        if (keep) {
            out += QLatin1Char(char(c));
        } else {
            out += u'_';
            out += QLatin1Char(kHex[c >> 4]);
            out += QLatin1Char(kHex[c & 0xf]);
        }
    }
    return out.isEmpty() ? u"_"_s : out;
}

} // namespace

using detail::CacheStore;

Cache::Cache(QObject *parent)
    : QObject(parent)
    , m_thread(new QThread)
    , m_worker(new QObject)
    , m_store(std::make_shared<CacheStore>(this, m_worker))
{
    m_thread->setObjectName(u"threadline-cache"_s);
    m_worker->moveToThread(m_thread);
    m_thread->start();
}

Cache::~Cache()
{
    // Runs after every request already queued: closes the connection on its own thread.
    std::shared_ptr<CacheStore> store = m_store;
    QThread *thread = m_thread;
    store->m_closing = true;
    QMetaObject::invokeMethod(
        m_worker,
        [store, thread] {
            store->close();
            thread->quit();
        },
        Qt::QueuedConnection);
    m_thread->wait();
    delete m_worker;
    delete m_thread;
}

template<class Job> quint64 Cache::enqueue(const char *name, Job &&job)
{
    const quint64 id = m_nextId.fetch_add(1);
    const bool needsOpen = qstrcmp(name, "open") != 0 && qstrcmp(name, "close") != 0;
    QMetaObject::invokeMethod(
        m_worker,
        [store = m_store, name, id, needsOpen, job = std::forward<Job>(job)]() mutable {
            store->run(name, id, needsOpen, job);
        },
        Qt::QueuedConnection);
    return id;
}

qint64 Cache::now() const
{
    return m_clock ? m_clock() : QDateTime::currentMSecsSinceEpoch();
}

QString Cache::pathFor(const QUrl &server, const QString &username, const QString &instance)
{
    const QString scheme = server.scheme().toLower();
    const int port = server.port(scheme == u"https"_s ? 443 : scheme == u"http"_s ? 80 : 0);
    const QString byAddress = sanitise(server.host().toLower()) + u'_' + QString::number(port);
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
                        u"/cache/"_s + ServerIdentity::folderName(instance, byAddress);
    return dir + u'/' + sanitise(username) + u".sqlite"_s;
}

void Cache::setClock(Clock clock)
{
    m_clock = std::move(clock);
}

void Cache::setCommentLimit(int keep)
{
    QMetaObject::invokeMethod(
        m_worker, [store = m_store, keep] { store->m_commentLimit = std::max(keep, 0); },
        Qt::QueuedConnection);
}

void Cache::setRequestObserver(std::function<void(const char *)> observer)
{
    QMetaObject::invokeMethod(
        m_worker, [store = m_store, observer] { store->m_observer = observer; },
        Qt::QueuedConnection);
}

void Cache::holdIntegrityCheck()
{
    QMetaObject::invokeMethod(
        m_worker, [store = m_store] { store->holdIntegrityCheck(true); }, Qt::QueuedConnection);
}

void Cache::releaseIntegrityCheck()
{
    QMetaObject::invokeMethod(
        m_worker, [store = m_store] { store->holdIntegrityCheck(false); }, Qt::QueuedConnection);
}

QThread *Cache::workerThread() const
{
    return m_thread;
}

quint64 Cache::open(const QString &path)
{
    return enqueue("open", [path](CacheStore &s, quint64) { s.open(path); });
}

quint64 Cache::close()
{
    return enqueue("close", [](CacheStore &s, quint64 id) {
        s.close();
        s.done(id);
    });
}

quint64 Cache::savePosts(const QList<Post> &posts, const QString &scopeKey, bool replaceScope,
                         const std::optional<QString> &next)
{
    return enqueue("savePosts",
                   [posts, scopeKey, replaceScope, next, now = now()](CacheStore &s, quint64 id) {
                       s.savePosts(posts, scopeKey, replaceScope, next, now);
                       s.done(id);
                   });
}

quint64 Cache::importPosts(const QList<Post> &posts, const QString &scopeKey)
{
    const quint64 id =
        enqueue("importPosts", [posts, scopeKey, now = now()](CacheStore &s, quint64 id) {
            s.placePostsByTime(posts, scopeKey, now);
            s.done(id);
        });
    for (const Post &p : posts) {
        if (p.id <= 0)
            continue;
        if (!p.comments.isEmpty())
            saveComments(p.id, p.comments);
        if (!p.likes.isEmpty())
            saveLikes(p.id, p.likes);
    }
    return id;
}

quint64 Cache::savePost(const Post &post)
{
    return savePosts({post});
}

quint64 Cache::loadTimeline(const QString &scopeKey, int limit, int offset)
{
    return enqueue("loadTimeline", [scopeKey, limit = std::max(limit, 0),
                                    offset = std::max(offset, 0)](CacheStore &s, quint64 id) {
        TimelinePage page = s.loadTimeline(scopeKey, limit, offset);
        s.reply([id, page = std::move(page)](Cache *c) { Q_EMIT c->timelineLoaded(id, page); });
    });
}

quint64 Cache::loadPost(qint64 postId)
{
    return enqueue("loadPost", [postId](CacheStore &s, quint64 id) {
        std::optional<Post> post = s.loadPost(postId);
        s.reply([id, postId, post = std::move(post)](Cache *c) {
            Q_EMIT c->postLoaded(id, postId, post);
        });
    });
}

quint64 Cache::removePost(qint64 postId)
{
    return enqueue("removePost", [postId](CacheStore &s, quint64 id) {
        s.removePost(postId);
        s.done(id);
    });
}

quint64 Cache::removeFromScope(const QString &scopeKey, qint64 postId)
{
    return enqueue("removeFromScope", [scopeKey, postId](CacheStore &s, quint64 id) {
        s.removeFromScope(scopeKey, postId);
        s.done(id);
    });
}

quint64 Cache::saveUsers(const QList<UserBrief> &users)
{
    return enqueue("saveUsers", [users](CacheStore &s, quint64 id) {
        s.saveUsers(users);
        s.done(id);
    });
}

quint64 Cache::loadUsers(const QList<qint64> &uids)
{
    return enqueue("loadUsers", [uids](CacheStore &s, quint64 id) {
        QList<UserBrief> users = s.loadUsers(uids);
        s.reply([id, users = std::move(users)](Cache *c) { Q_EMIT c->usersLoaded(id, users); });
    });
}

quint64 Cache::saveComments(qint64 postId, const QList<Comment> &comments)
{
    return enqueue("saveComments", [postId, comments](CacheStore &s, quint64 id) {
        s.saveComments(postId, comments);
        s.done(id);
    });
}

quint64 Cache::loadFloors(qint64 postId, qint64 afterFloor, int limit, int repliesPerRoot)
{
    return enqueue("loadFloors",
                   [postId, afterFloor, limit, repliesPerRoot](CacheStore &s, quint64 id) {
                       FloorPage page = s.loadFloors(postId, afterFloor, limit, repliesPerRoot);
                       s.reply([id, postId, page = std::move(page)](Cache *c) {
                           Q_EMIT c->floorsLoaded(id, postId, page);
                       });
                   });
}

quint64 Cache::loadNewestFloors(qint64 postId, qint64 beforeFloor, int limit, int repliesPerRoot)
{
    return enqueue("loadNewestFloors", [postId, beforeFloor, limit, repliesPerRoot](CacheStore &s,
                                                                                    quint64 id) {
        FloorPage page = s.loadFloors(postId, beforeFloor, limit, repliesPerRoot, true);
        s.reply([id, postId, page = std::move(page)](Cache *c) {
            Q_EMIT c->floorsLoaded(id, postId, page);
        });
    });
}

quint64 Cache::loadReplies(qint64 rootId, qint64 afterSeq, int limit)
{
    return enqueue("loadReplies", [rootId, afterSeq, limit](CacheStore &s, quint64 id) {
        ReplyPage page = s.loadReplies(rootId, afterSeq, limit);
        s.reply([id, rootId, page = std::move(page)](Cache *c) {
            Q_EMIT c->repliesLoaded(id, rootId, page);
        });
    });
}

quint64 Cache::removeComment(qint64 commentId)
{
    return enqueue("removeComment", [commentId](CacheStore &s, quint64 id) {
        s.removeComment(commentId);
        s.done(id);
    });
}

quint64 Cache::trimComments(qint64 postId, int keep)
{
    return enqueue("trimComments", [postId, keep](CacheStore &s, quint64 id) {
        s.trimComments(postId, keep);
        s.done(id);
    });
}

quint64 Cache::saveLikes(qint64 postId, const QList<Like> &likes, bool replace)
{
    return enqueue("saveLikes", [postId, likes, replace](CacheStore &s, quint64 id) {
        s.saveLikes(postId, likes, replace);
        s.done(id);
    });
}

quint64 Cache::loadLikes(qint64 postId, int limit)
{
    return enqueue("loadLikes", [postId, limit](CacheStore &s, quint64 id) {
        QList<Like> likes = s.loadLikes(postId, limit);
        s.reply([id, postId, likes = std::move(likes)](Cache *c) {
            Q_EMIT c->likesLoaded(id, postId, likes);
        });
    });
}

quint64 Cache::saveMeta(const QString &key, const QString &value)
{
    return enqueue("saveMeta", [key, value](CacheStore &s, quint64 id) {
        s.saveMeta(key, value);
        s.done(id);
    });
}

quint64 Cache::removeMeta(const QString &key)
{
    return enqueue("removeMeta", [key](CacheStore &s, quint64 id) {
        s.removeMeta(key);
        s.done(id);
    });
}

quint64 Cache::loadMeta(const QString &key)
{
    return enqueue("loadMeta", [key](CacheStore &s, quint64 id) {
        std::optional<QString> value = s.loadMeta(key);
        s.reply([id, key, value = std::move(value)](Cache *c) {
            Q_EMIT c->metaLoaded(id, key, value);
        });
    });
}

quint64 Cache::savePage(const QString &key, const QByteArray &body)
{
    const qint64 now = this->now();
    return enqueue("savePage", [key, body, now](CacheStore &s, quint64 id) {
        s.savePage(key, body, now);
        s.done(id);
    });
}

quint64 Cache::loadPage(const QString &key)
{
    return enqueue("loadPage", [key](CacheStore &s, quint64 id) {
        SavedPage page = s.loadPage(key);
        s.reply([id, page = std::move(page)](Cache *c) { Q_EMIT c->pageLoaded(id, page); });
    });
}

quint64 Cache::markViewed(qint64 postId, std::optional<qint64> whenMs)
{
    const qint64 now = this->now();
    return enqueue("markViewed",
                   [postId, when = whenMs.value_or(now), now](CacheStore &s, quint64 id) {
                       s.markViewed(postId, when, now);
                       s.done(id);
                   });
}

quint64 Cache::loadHistory()
{
    return enqueue("loadHistory", [now = now()](CacheStore &s, quint64 id) {
        QList<HistoryEntry> entries = s.loadHistory(now);
        s.reply(
            [id, entries = std::move(entries)](Cache *c) { Q_EMIT c->historyLoaded(id, entries); });
    });
}

quint64 Cache::search(SearchPage::Kind kind, const QString &text,
                      const std::optional<QString> &before, int limit)
{
    return enqueue("search", [kind, text, before, limit](CacheStore &s, quint64 id) {
        SearchPage page = s.search(kind, text, before, limit);
        s.reply([id, page = std::move(page)](Cache *c) { Q_EMIT c->searchLoaded(id, page); });
    });
}

quint64 Cache::clear()
{
    return enqueue("clear", [](CacheStore &s, quint64 id) {
        s.clear();
        s.done(id);
    });
}

bool Cache::waitForIdle(int timeoutMs)
{
    auto idle = std::make_shared<QSemaphore>();
    QMetaObject::invokeMethod(
        m_worker, [idle] { idle->release(); }, Qt::QueuedConnection);
    if (!idle->tryAcquire(1, timeoutMs))
        return false;
    // Deliver the answers the worker has queued for this object.
    QCoreApplication::sendPostedEvents(this, QEvent::MetaCall);
    return true;
}

} // namespace threadline::core

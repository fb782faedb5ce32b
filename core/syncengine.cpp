// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "syncengine.h"

#include "cache/cache.h"
#include "net/apiclient.h"
#include "net/endpoints.h"
#include "poststore.h"
#include "wire/jsoncodec.h"

#include <QFutureWatcher>
#include <QUrlQuery>
#include <QtConcurrent/QtConcurrentRun>

namespace threadline::core {

SyncEngine::SyncEngine(ApiClient *api, Cache *cache, PostStore *store, QObject *parent)
    : QObject(parent)
    , m_api(api)
    , m_cache(cache)
    , m_store(store)
{
    m_poll.setInterval(30000);
    // While a stream delivers, the ticks pass: the timer keeps its rhythm, so that a stream
    // tried and refused again and again (the fallback) does not push the next poll back.
    connect(&m_poll, &QTimer::timeout, this, [this] {
        if (!m_streaming)
            syncNow();
    });
    connect(m_cache, &Cache::timelineLoaded, this, [this](quint64 id, const TimelinePage &page) {
        if (id != m_timelineRequest)
            return;
        m_store->upsertPosts(page.posts);
        QList<qint64> ids;
        for (const Post &p : page.posts) {
            ids.append(p.id);
            m_cachedIds.insert(p.id);
        }
        Q_EMIT cachedTimelineReady(ids, page.next);
    });
    connect(m_cache, &Cache::metaLoaded, this,
            [this](quint64 id, const QString &, const std::optional<QString> &value) {
                if (id != m_cursorRequest)
                    return;
                m_cursor = value;
                m_cursorLoaded = true;
                syncNow();
            });
}

void SyncEngine::setPollIntervalMs(int ms)
{
    m_pollMs = std::max(0, ms);
    if (ms <= 0) {
        m_poll.stop();
        return;
    }
    m_poll.setInterval(ms);
    if (m_cursorLoaded)
        m_poll.start();
}

void SyncEngine::setStreaming(bool on)
{
    if (m_streaming == on)
        return;
    m_streaming = on;
}

void SyncEngine::applyStreamed(const SyncPage &page)
{
    if (m_syncing) // never both at once (setStreaming); a late event is read again on resume
        return;
    acceptPage(page, m_cursor.has_value());
    Q_EMIT synced(int(page.changes.size()));
}

void SyncEngine::streamCursorExpired(const ApiError &error)
{
    setStreaming(false);
    if (m_syncing)
        return; // a round is already under way: it meets the 410 itself
    setSyncing(true);
    cursorRefused(error, m_cursor.has_value());
}

void SyncEngine::setGapPages(int pages)
{
    m_gapPages = std::max(1, pages);
}

void SyncEngine::start()
{
    if (m_refreshesTimeline)
        m_timelineRequest = m_cache->loadTimeline(QString::fromLatin1(kTimelineScope), 20);
    m_cursorRequest = m_cache->loadMeta(QString::fromLatin1(kCursorKey));
    if (m_refreshesTimeline)
        refreshTimeline();
    if (m_pollMs > 0)
        m_poll.start();
}

void SyncEngine::setSyncing(bool on)
{
    const bool was = isBusy();
    m_syncing = on;
    if (was != isBusy())
        Q_EMIT busyChanged(isBusy());
}

void SyncEngine::setRefreshing(bool on)
{
    const bool was = isBusy();
    m_refreshing = on;
    if (was != isBusy())
        Q_EMIT busyChanged(isBusy());
}

void SyncEngine::syncNow()
{
    if (!m_cursorLoaded || m_api->isOffline())
        return;
    if (m_streaming) {
        Q_EMIT roundWanted();
        return;
    }
    if (m_syncing) { // one round at a time; a request meanwhile runs right after
        m_syncAgain = true;
        return;
    }
    ++m_round;
    m_toApply.clear();
    m_appliedInPage = 0;
    m_nextRequest.reset();
    m_lastPageSeen = false;
    m_roundError.reset();
    m_roundApplied = 0;
    requestSync(m_cursor.value_or(QString()));
}

void SyncEngine::requestSync(const QString &since)
{
    setSyncing(true);
    m_requesting = true;
    const quint64 round = m_round;
    ApiReply *reply = m_api->send(endpoint::sync(500, since), this);
    connect(reply, &ApiReply::finished, this, [this, reply, since, round] {
        if (round != m_round)
            return; // a 410 started over meanwhile
        if (!reply->ok()) {
            m_requesting = false;
            const ApiError e = reply->error();
            if (e.kind == ApiError::Kind::Http && e.status == 410 && m_toApply.isEmpty()) {
                cursorRefused(e, !since.isEmpty());
                return;
            }
            m_lastPageSeen = true; // what came before is applied, then the round fails
            m_roundError = e;
            if (m_toApply.isEmpty())
                finishRound();
            return;
        }
        // A page of 500 records is several ms of JSON: decoded on a pool thread.
        auto *watcher = new QFutureWatcher<std::optional<Result<SyncPage>>>(this);
        connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, since, round] {
            watcher->deleteLater();
            if (round != m_round)
                return;
            m_requesting = false;
            const std::optional<Result<SyncPage>> page = watcher->result();
            if (!page->ok()) { // keep the cursor: nothing of this page was applied
                ApiError e;
                e.kind = ApiError::Kind::Decode;
                e.message = page->error().toString();
                m_lastPageSeen = true;
                m_roundError = e;
                if (m_toApply.isEmpty())
                    finishRound();
                return;
            }
            onPage(round, since, page->value());
        });
        watcher->setFuture(QtConcurrent::run(
            [body = reply->body()] { return std::optional(decodeSyncPage(body)); }));
    });
}

void SyncEngine::onPage(quint64 round, const QString &since, const SyncPage &page)
{
    m_toApply.append({page, !since.isEmpty()});
    if (page.hasMore && m_roundApplied + int(page.changes.size()) < kMaxRoundRecords) {
        if (m_toApply.size() <= kPagesAhead)
            requestSync(page.next); // the next page comes while this one is applied
        else
            m_nextRequest = page.next;
    } else {
        m_lastPageSeen = true;
    }
    if (!m_applyQueued) {
        m_applyQueued = true;
        QTimer::singleShot(0, this, [this, round] { applySlice(round); });
    }
}

void SyncEngine::applySlice(quint64 round)
{
    m_applyQueued = false;
    if (round != m_round || m_toApply.isEmpty())
        return;
    Pending &pending = m_toApply.first();
    const QList<Change> &all = pending.page.changes;
    const qsizetype n = std::min<qsizetype>(kApplySlice, all.size() - m_appliedInPage);
    if (n > 0) {
        const QList<Change> slice = all.mid(m_appliedInPage, n);
        m_appliedInPage += n;
        m_roundApplied += int(n);
        applyChanges(slice);
        Q_EMIT changesApplied(slice);
    }
    if (m_appliedInPage >= all.size()) { // the page is in: its cursor is ours
        const Pending done = m_toApply.takeFirst();
        m_appliedInPage = 0;
        if (done.hadCursor)
            m_expiredInARow = 0; // a cursor of the server's was taken: it keeps its promises
        m_cursor = done.page.next;
        m_cache->saveMeta(QString::fromLatin1(kCursorKey), done.page.next);
        if (done.page.unread)
            Q_EMIT unreadCounted(*done.page.unread);
        if (m_nextRequest && !m_requesting && m_toApply.size() <= kPagesAhead) {
            const QString next = *m_nextRequest;
            m_nextRequest.reset();
            requestSync(next);
        }
    }
    if (!m_toApply.isEmpty()) {
        m_applyQueued = true;
        QTimer::singleShot(0, this, [this, round] { applySlice(round); });
    } else if (m_lastPageSeen && !m_requesting) {
        finishRound();
    }
}

void SyncEngine::finishRound()
{
    setSyncing(false);
    if (m_roundError) {
        const ApiError e = *m_roundError;
        m_roundError.reset();
        Q_EMIT syncFailed(e);
        return;
    }
    Q_EMIT synced(m_roundApplied);
    if (m_syncAgain) {
        m_syncAgain = false;
        syncNow();
    }
}

void SyncEngine::acceptPage(const SyncPage &page, bool hadCursor)
{
    applyChanges(page.changes);
    if (hadCursor)
        m_expiredInARow = 0; // a cursor of the server's was taken: it keeps its promises
    m_cursor = page.next;
    m_cache->saveMeta(QString::fromLatin1(kCursorKey), page.next);
    if (!page.changes.isEmpty())
        Q_EMIT changesApplied(page.changes);
    if (page.unread)
        Q_EMIT unreadCounted(*page.unread);
}

void SyncEngine::cursorRefused(const ApiError &e, bool hadCursor)
{
    // Older than the change log keeps: start over from a fresh cursor and refresh what we show
    // from the normal lists — a few times, backing off. A server that refuses every cursor (even
    // a fresh start) would otherwise be asked in a loop.
    ++m_round; // whatever the round had asked for is dropped
    m_toApply.clear();
    m_appliedInPage = 0;
    m_nextRequest.reset();
    m_requesting = false;
    m_lastPageSeen = false;
    m_roundApplied = 0;
    m_cursor.reset();
    m_cache->removeMeta(QString::fromLatin1(kCursorKey));
    if (!hadCursor || m_expiredInARow >= kMaxExpiredInARow) {
        m_expiredInARow = 0;
        setSyncing(false);
        ApiError refused = e;
        refused.message = tr("The server refuses every sync position (410 cursor expired); "
                             "updates are paused until the next refresh.");
        Q_EMIT syncFailed(refused);
        return;
    }
    const int delayMs = kExpiredBackoffMs << m_expiredInARow;
    ++m_expiredInARow;
    QTimer::singleShot(delayMs, this, [this, round = m_round] {
        if (round == m_round && m_syncing)
            requestSync(QString());
    });
    if (m_refreshesTimeline)
        refreshTimeline();
    Q_EMIT cursorExpired();
}

void SyncEngine::applyChanges(const QList<Change> &changes)
{
    QList<Post> posts;
    QHash<qint64, QList<Comment>> comments;
    QList<UserBrief> users;
    for (const Change &c : changes) {
        switch (c.kind) {
        case Change::Kind::Post:
            if (c.op == Change::Op::Upsert && c.post()) {
                // The store holds what the views loaded (and the outbox's targets): a change to
                // one of those reaches the screen, every other post lives in the cache only —
                // else each post the sync delivers stays in memory (2,000 a page took RSS from
                // 102 to 438 MB in 100 s).
                if (m_store->containsPost(c.id))
                    m_store->upsertPost(*c.post());
                posts.append(*c.post());
            } else if (c.op == Change::Op::Remove) {
                m_store->removePost(c.id);
                m_cache->removePost(c.id);
            }
            break;
        case Change::Kind::Comment:
            if (c.op == Change::Op::Upsert && c.comment()) {
                if (m_store->containsPost(c.comment()->postId))
                    m_store->upsertComment(*c.comment());
                comments[c.comment()->postId].append(*c.comment());
            } else if (c.op == Change::Op::Remove) {
                m_store->removeComment(c.id);
                m_cache->removeComment(c.id);
            }
            break;
        case Change::Kind::User:
            if (c.user())
                users.append(c.user()->brief);
            break;
        case Change::Kind::Notification: // NotificationCenter takes these (changesApplied)
            break;
        }
    }
    if (!posts.isEmpty())
        m_cache->savePosts(posts);
    for (auto it = comments.cbegin(); it != comments.cend(); ++it)
        m_cache->saveComments(it.key(), it.value());
    if (!users.isEmpty())
        m_cache->saveUsers(users);
}

void SyncEngine::refreshTimeline()
{
    if (m_refreshing || m_api->isOffline())
        return;
    setRefreshing(true);
    fetchTimelinePage(std::nullopt, m_gapPages, {});
}

void SyncEngine::fetchTimelinePage(const std::optional<QString> &before, int pagesLeft,
                                   QList<qint64> acc)
{
    const bool first = !before; // the first page starts the cached scope over
    ApiReply *reply = m_api->send(endpoint::timeline({}, 20, before), this);
    connect(reply, &ApiReply::finished, this, [this, reply, pagesLeft, acc, first]() mutable {
        if (!reply->ok()) {
            setRefreshing(false);
            Q_EMIT syncFailed(reply->error());
            return;
        }
        const auto page = decodePostPage(reply->body());
        if (!page.ok()) {
            setRefreshing(false);
            ApiError e;
            e.kind = ApiError::Kind::Decode;
            e.message = page.error().toString();
            Q_EMIT syncFailed(e);
            return;
        }
        m_store->upsertPosts(page.value().items);
        bool reached = m_cachedIds.isEmpty();
        for (const Post &p : page.value().items) {
            acc.append(p.id);
            reached = reached || m_cachedIds.contains(p.id);
        }
        const bool more = page.value().next.has_value();
        // A gap: the newest posts do not reach what the cache showed. Fetch a few more pages;
        // past that, tell the user how many at least were missed.
        if (!reached && more && pagesLeft > 1) {
            m_cache->savePosts(page.value().items, QString::fromLatin1(kTimelineScope), first,
                               page.value().next);
            fetchTimelinePage(page.value().next, pagesLeft - 1, acc);
            return;
        }
        m_cache->savePosts(page.value().items, QString::fromLatin1(kTimelineScope), first,
                           page.value().next);
        finishRefresh(acc, page.value().next, !reached && more);
    });
}

void SyncEngine::finishRefresh(const QList<qint64> &ids, const std::optional<QString> &next,
                               bool gap)
{
    m_cachedIds = QSet<qint64>(ids.cbegin(), ids.cend());
    setRefreshing(false);
    Q_EMIT timelineRefreshed(ids, next);
    if (gap)
        Q_EMIT gapDetected(int(ids.size()));
}

} // namespace threadline::core

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "timeline/timelinefeed.h"

#include "cache/cache.h"
#include "net/apiclient.h"
#include "poststore.h"
#include "syncengine.h"
#include "timeline/timelinemodel.h"
#include "wire/jsoncodec.h"

#include <QTimer>
#include <QUrl>
#include <algorithm>
#include <utility>

namespace threadline::models {

using core::ApiError;
using core::ApiReply;
using core::Post;

namespace {
// Pages in a row that may add nothing new (all shown already) before the feed stops asking.
constexpr int kMaxEmptyPages = 10;

QList<qint64> idsOf(const QList<Post> &posts)
{
    QList<qint64> ids;
    ids.reserve(posts.size());
    for (const Post &p : posts)
        ids.append(p.id);
    return ids;
}
} // namespace

QString TimelineFeed::Scope::key() const
{
    switch (kind) {
    case Kind::All:
        return QStringLiteral("all"); // core::SyncEngine::kTimelineScope
    case Kind::Following:
        return QStringLiteral("following");
    case Kind::User:
    case Kind::Mine:
        return QStringLiteral("user:%1").arg(uid);
    case Kind::Liked:
        return QStringLiteral("liked");
    case Kind::Hot:
        return QStringLiteral("hot:%1:%2")
            .arg(window == Window::Day ? QLatin1String("day") : QLatin1String("week"),
                 by == Rank::Likes ? QLatin1String("likes") : QLatin1String("views"));
    case Kind::Topic:
        return QStringLiteral("topic:") + topic;
    }
    return {};
}

core::Call TimelineFeed::Scope::call(int limit, const std::optional<QString> &before) const
{
    using core::endpoint::TimelineQuery;
    switch (kind) {
    case Kind::Hot:
        return core::endpoint::hot(window == Window::Day ? core::endpoint::HotWindow::Day
                                                         : core::endpoint::HotWindow::Week,
                                   by == Rank::Likes ? core::endpoint::HotRank::Likes
                                                     : core::endpoint::HotRank::Views,
                                   limit);
    case Kind::Following:
        return core::endpoint::timeline({TimelineQuery::Scope::Following}, limit, before);
    case Kind::User:
    case Kind::Mine:
        return core::endpoint::timeline({TimelineQuery::Scope::User, uid}, limit, before);
    case Kind::Liked:
        return core::endpoint::myLikes(limit, before);
    case Kind::Topic:
        return core::endpoint::timeline({TimelineQuery::Scope::Topic, 0, topic}, limit, before);
    case Kind::All:
        break;
    }
    return core::endpoint::timeline({}, limit, before);
}

TimelineFeed::TimelineFeed(core::ApiClient *api, core::Cache *cache, core::PostStore *store,
                           TimelineModel *model, QObject *parent)
    : QObject(parent)
    , m_api(api)
    , m_cache(cache)
    , m_store(store)
    , m_model(model)
{
    connect(m_model, &TimelineModel::moreRequested, this, &TimelineFeed::onMoreRequested);
    m_model->setShowsMyPendingPosts(m_scope.showsMyPendingPosts());
    connect(m_api, &core::ApiClient::offlineChanged, this, [this] { updateHasMore(); });
    connect(m_store, &core::PostStore::postChanged, this,
            [this](qint64 postId, core::PostStore::Fields fields) {
                if (m_scope.kind == Scope::Kind::Liked &&
                    fields.testFlag(core::PostStore::Field::Likes))
                    onPostLikesChanged(postId);
            });
    connect(m_cache, &core::Cache::timelineLoaded, this,
            [this](quint64 id, const core::TimelinePage &page) {
                if (id == 0)
                    return;
                if (id == m_cachePaintRequest)
                    onCachePaint(page);
                else if (id == m_cachePageRequest)
                    onCachePage(page);
            });
    connect(m_cache, &core::Cache::failed, this, [this](quint64 id, const QString &) {
        if (id == 0 || (id != m_cachePaintRequest && id != m_cachePageRequest))
            return;
        // A cache that cannot answer is as good as an empty one: the server still can.
        if (id == m_cachePaintRequest) {
            m_cachePaintRequest = 0;
            updateBusy();
            return;
        }
        m_cachePageRequest = 0;
        m_cacheStored = m_cacheOffset;
        updateHasMore();
        finishPage({});
    });
}

TimelineFeed::~TimelineFeed() = default;

void TimelineFeed::setScope(const Scope &scope)
{
    if (scope == m_scope)
        return;
    m_scope = scope;
    m_model->setShowsMyPendingPosts(scope.showsMyPendingPosts());
    applyRanking();
    if (!m_started)
        return;
    cancelAll();
    m_model->setHasMore(false);
    m_model->setPosts({});
    start();
}

void TimelineFeed::applyRanking()
{
    using R = TimelineModel::Ranking;
    const bool day = m_scope.window == Scope::Window::Day;
    const bool likes = m_scope.by == Scope::Rank::Likes;
    m_model->setRanking(!m_scope.isHot() ? R::None
                        : likes          ? (day ? R::LikesToday : R::LikesThisWeek)
                                         : (day ? R::ViewsToday : R::ViewsThisWeek));
    if (!m_scope.isHot())
        m_model->setHotCounts({});
}

void TimelineFeed::onPostLikesChanged(qint64 postId)
{
    if (!m_started || postId <= 0)
        return;
    const auto post = m_store->post(postId); // with my pending like or unlike laid over
    if (!post)
        return;
    if (!post->liked && m_model->rowOf(postId) >= 0) {
        m_model->removePost(postId);
        m_cache->removeFromScope(m_scope.key(), postId);
        // the cached list is one shorter, and so is the part of it the model covers
        m_cacheOffset = std::max<qint64>(0, m_cacheOffset - 1);
        m_cacheStored = std::max<qint64>(0, m_cacheStored - 1);
    } else if (post->liked && m_model->rowOf(postId) < 0) {
        // Only my own like on its way goes on top (the server has not counted it yet): a change
        // of a liked post that is further down the list than the pages loaded is no news.
        const auto server = m_store->serverPost(postId);
        if (!server || server->liked)
            return;
        m_model->prependPosts({postId});
        // The cached list as shown, with the post on top (read offline in this order).
        QList<Post> stored;
        for (int row = 0; row < m_model->rowCount(); ++row)
            if (const auto p = m_store->serverPost(m_model->postIdAt(row)))
                stored.append(*p);
        m_cache->savePosts(stored, m_scope.key(), true, m_next);
        m_cacheOffset = m_cacheStored = stored.size();
    }
}

void TimelineFeed::setPageSize(int size)
{
    m_pageSize = std::clamp(size, 1, 50);
}

bool TimelineFeed::isBusy() const
{
    return m_firstReply || m_pageReply || m_cachePaintRequest != 0 || m_cachePageRequest != 0;
}

void TimelineFeed::updateBusy()
{
    const bool busy = isBusy();
    if (busy == m_busy)
        return;
    m_busy = busy;
    Q_EMIT busyChanged(busy);
}

void TimelineFeed::setStatus(const QString &status)
{
    if (status == m_status)
        return;
    m_status = status;
    Q_EMIT statusChanged(status);
}

bool TimelineFeed::hasMore() const
{
    if (m_scope.isHot())
        return false;
    return m_cacheOffset < m_cacheStored || (m_next.has_value() && !m_api->isOffline());
}

void TimelineFeed::updateHasMore()
{
    m_model->setHasMore(hasMore());
}

void TimelineFeed::cancelPage()
{
    m_cachePageRequest = 0;
    m_emptyPages = 0;
    if (ApiReply *r = m_pageReply) {
        m_pageReply = nullptr;
        r->abort(); // its handler sees Cancelled and does nothing
    }
}

void TimelineFeed::cancelAll()
{
    const bool paging = m_pageReply || m_cachePageRequest != 0 || m_morePending;
    cancelPage();
    m_cachePaintRequest = 0;
    m_morePending = false;
    if (ApiReply *r = m_firstReply) {
        m_firstReply = nullptr;
        r->abort();
    }
    m_serverKnown = false;
    m_next.reset();
    m_cacheOffset = 0;
    m_cacheStored = 0;
    if (paging) // the model waited for that page: it may ask again
        m_model->appendPosts({});
    updateBusy();
}

void TimelineFeed::upsertMissing(const QList<Post> &posts)
{
    // What the cache says never overrides what the server said in this session.
    QList<Post> missing;
    for (const Post &p : posts)
        if (!m_store->containsPost(p.id))
            missing.append(p);
    if (!missing.isEmpty())
        m_store->upsertPosts(missing);
}

void TimelineFeed::start()
{
    cancelAll();
    m_started = true;
    m_cachePaintRequest = m_cache->loadTimeline(m_scope.key(), m_pageSize);
    if (m_api->isOffline()) {
        setStatus(tr("Offline — showing saved posts"));
    } else {
        setStatus(tr("Loading…"));
        requestFirstPage();
    }
    updateBusy();
}

void TimelineFeed::refresh()
{
    if (!m_started) {
        start();
        return;
    }
    if (m_api->isOffline()) {
        setStatus(tr("Offline — showing saved posts"));
        return;
    }
    if (m_firstReply) // already on its way
        return;
    setStatus(tr("Loading…"));
    requestFirstPage();
    updateBusy();
}

void TimelineFeed::requestFirstPage()
{
    ApiReply *reply = m_api->send(m_scope.call(m_pageSize), this);
    m_firstReply = reply;
    connect(reply, &ApiReply::finished, this, [this, reply] { onFirstPage(reply); });
}

void TimelineFeed::peekNewer()
{
    if (!m_started || !m_serverKnown || m_scope.isHot() || m_api->isOffline())
        return;
    if (m_peekReply || m_firstReply) {
        m_peekAgain = true;
        return;
    }
    ApiReply *reply = m_api->send(m_scope.call(m_pageSize), this);
    m_peekReply = reply;
    connect(reply, &ApiReply::finished, this, [this, reply] {
        reply->deleteLater();
        if (reply != m_peekReply)
            return;
        m_peekReply = nullptr;
        if (reply->ok()) {
            if (const auto page = core::decodePostPage(reply->body()); page.ok()) {
                // the posts above the first one shown (all of the page when none is shown)
                int count = 0;
                for (const Post &p : page.value().items) {
                    if (m_model->rowOf(p.id) >= 0)
                        break;
                    ++count;
                }
                Q_EMIT newerAvailable(count);
            }
        }
        if (std::exchange(m_peekAgain, false))
            QTimer::singleShot(1000, this, &TimelineFeed::peekNewer);
    });
}

void TimelineFeed::followLive(core::SyncEngine *sync)
{
    connect(sync, &core::SyncEngine::changesApplied, this,
            [this](const QList<core::Change> &changes) {
                const qint64 top = m_model->rowCount() > 0 ? m_model->postIdAt(0) : 0;
                for (const core::Change &c : changes) {
                    // ids grow with time: a post above the first one shown, not shown
                    if (c.kind == core::Change::Kind::Post && c.post() &&
                        m_model->rowOf(c.id) < 0 && c.id > top) {
                        peekNewer();
                        return;
                    }
                }
            });
}

void TimelineFeed::onCachePaint(const core::TimelinePage &page)
{
    m_cachePaintRequest = 0;
    if (!m_serverKnown) {
        upsertMissing(page.posts);
        m_cacheOffset = page.posts.size();
        m_cacheStored = std::max<qint64>(page.storedCount, m_cacheOffset);
        m_next = page.next; // the cursor after the stored pages: the server goes on from there
        m_morePending = false;
        updateHasMore();
        m_model->setPosts(idsOf(page.posts));
        if (!m_firstReply)
            setStatus(m_api->isOffline() ? tr("Offline — showing saved posts")
                                         : tr("Showing saved posts"));
        else
            setStatus(tr("Showing saved posts — updating…"));
        Q_EMIT cachePainted(m_model->rowCount());
    }
    updateBusy();
}

void TimelineFeed::fail(const ApiError &e, bool firstPage)
{
    if (e.kind == ApiError::Kind::Offline) {
        setStatus(tr("Offline — showing saved posts"));
        return;
    }
    const QString text = firstPage ? tr("Could not load the timeline: %1").arg(e.describe())
                                   : tr("Could not load more posts: %1").arg(e.describe());
    setStatus(text);
    Q_EMIT error(text);
}

void TimelineFeed::onFirstPage(ApiReply *reply)
{
    if (reply != m_firstReply || reply->error().kind == ApiError::Kind::Cancelled)
        return;
    m_firstReply = nullptr;
    if (!reply->ok()) {
        fail(reply->error(), true);
    } else if (const auto page = core::decodePostPage(reply->body()); !page.ok()) {
        fail(ApiError::decode(page.error().toString()), true); // the model keeps its rows
    } else {
        applyFirstPage(page.value().items, page.value().next);
    }
    if (m_morePending && !m_firstReply) { // a fetchMore waited for the first page
        m_morePending = false;
        if (!m_pageReply && m_cachePageRequest == 0)
            loadMore();
    }
    updateBusy();
}

void TimelineFeed::applyFirstPage(const QList<Post> &posts, const std::optional<QString> &next)
{
    m_cachePaintRequest = 0; // a late cached page is older than this
    m_store->upsertPosts(posts);
    const QString key = m_scope.key();
    const bool hadCursor = m_serverKnown; // the model's bottom is m_next's position
    m_serverKnown = true;

    QList<qint64> ids;
    for (const Post &p : posts)
        if (m_store->containsPost(p.id) && !ids.contains(p.id))
            ids.append(p.id);
    QList<qint64> shown;
    shown.reserve(m_model->rowCount());
    for (int row = 0; row < m_model->rowCount(); ++row)
        if (const qint64 id = m_model->postIdAt(row); id > 0) // not my pending posts on top
            shown.append(id);

    if (m_scope.isHot()) {            // a ranking: replaced as a whole, when it changed
        QHash<qint64, qint64> counts; // what each is ranked by (the model's, not the store's)
        for (const Post &p : posts)
            if (p.hotCount)
                counts.insert(p.id, *p.hotCount);
        m_model->setHotCounts(counts);
        m_cache->savePosts(posts, key, true, std::nullopt);
        m_next.reset();
        m_cacheOffset = m_cacheStored = posts.size();
        updateHasMore();
        if (ids != shown) {
            cancelPage();
            m_morePending = false;
            m_model->setPosts(ids);
        }
        setStatus(tr("Up to date"));
        Q_EMIT refreshed(ids == shown ? 0 : int(ids.size()));
        return;
    }

    // New posts on top: the page's posts before the first one already shown. The rest must
    // continue what is shown, in the same order; otherwise there is a gap (or the list
    // changed underneath) and the page replaces everything.
    qsizetype firstShown = 0;
    while (firstShown < ids.size() && m_model->rowOf(ids.at(firstShown)) < 0)
        ++firstShown;
    bool continues = firstShown < ids.size() || shown.isEmpty();
    QList<qint64> tail;
    for (qsizetype i = firstShown; continues && i < ids.size(); ++i) {
        const qsizetype row = i - firstShown;
        if (row < shown.size())
            continues = shown.at(row) == ids.at(i);
        else
            tail.append(ids.at(i));
    }

    if (!continues) {
        m_cache->savePosts(posts, key, true, next);
        m_next = next;
        m_cacheOffset = m_cacheStored = posts.size();
        cancelPage();
        m_morePending = false;
        updateHasMore();
        m_model->setPosts(ids);
        setStatus(tr("Up to date"));
        Q_EMIT refreshed(int(ids.size()));
        return;
    }

    const QList<qint64> fresh = ids.mid(0, firstShown);
    const bool beyondPage = shown.size() > ids.size() - firstShown;
    if (beyondPage && hadCursor) {
        // The model already reaches further down than this page (a refresh after scrolling):
        // paging goes on where it was, and the cache keeps the whole list as shown.
        QList<Post> stored;
        stored.reserve(fresh.size() + shown.size());
        for (qint64 id : fresh + shown)
            if (const auto p = m_store->serverPost(id))
                stored.append(*p);
        m_cache->savePosts(stored, key, true, m_next);
        m_cacheOffset = m_cacheStored = stored.size();
    } else {
        // Paging goes on after this page; what is shown below it is skipped when it comes.
        if (m_pageReply || m_cachePageRequest != 0) { // asked where the list used to end
            cancelPage();
            m_morePending = true;
        }
        m_cache->savePosts(posts, key, true, next);
        m_next = next;
        m_cacheOffset = m_cacheStored = posts.size();
    }
    updateHasMore();
    m_model->prependPosts(fresh);
    if (!tail.isEmpty()) {     // what is shown ended inside the page: the rest goes below
        m_morePending = false; // the page a pending fetchMore waited for
        m_model->appendPosts(tail);
    }
    // "Up to date" is what stays true; the new posts are news of a moment (newOnTop), and the
    // first page into an empty list is not news at all.
    setStatus(tr("Up to date"));
    if (!fresh.isEmpty() && !shown.isEmpty())
        Q_EMIT newOnTop(int(fresh.size()));
    Q_EMIT refreshed(int(fresh.size()));
}

void TimelineFeed::onMoreRequested()
{
    if (m_firstReply) { // the first page decides where the next one starts
        m_morePending = true;
        return;
    }
    if (m_pageReply || m_cachePageRequest != 0) // its answer ends the model's fetch
        return;
    m_emptyPages = 0;
    loadMore();
}

void TimelineFeed::loadMore()
{
    if (!m_scope.isHot() && m_cacheOffset < m_cacheStored) {
        m_cachePageRequest = m_cache->loadTimeline(m_scope.key(), m_pageSize, int(m_cacheOffset));
    } else if (!m_scope.isHot() && m_next && !m_api->isOffline()) {
        ApiReply *reply = m_api->send(m_scope.call(m_pageSize, m_next), this);
        m_pageReply = reply;
        connect(reply, &ApiReply::finished, this, [this, reply] { onServerPage(reply); });
    } else {
        updateHasMore(); // nothing more where we may look
        m_model->appendPosts({});
    }
    updateBusy();
}

void TimelineFeed::onCachePage(const core::TimelinePage &page)
{
    m_cachePageRequest = 0;
    upsertMissing(page.posts);
    m_cacheOffset = page.offset + page.posts.size();
    m_cacheStored = page.posts.isEmpty() ? m_cacheOffset : page.storedCount;
    if (!m_serverKnown)
        m_next = page.next;
    updateHasMore();
    finishPage(idsOf(page.posts));
    updateBusy();
}

void TimelineFeed::onServerPage(ApiReply *reply)
{
    if (reply != m_pageReply || reply->error().kind == ApiError::Kind::Cancelled)
        return;
    m_pageReply = nullptr;
    // On a failure the cursor stays: the next fetchMore (a scroll) tries the same page again.
    if (!reply->ok()) {
        fail(reply->error(), false);
        m_model->appendPosts({});
        updateBusy();
        return;
    }
    const auto page = core::decodePostPage(reply->body());
    if (!page.ok()) {
        fail(ApiError::decode(page.error().toString()), false);
        m_model->appendPosts({});
        updateBusy();
        return;
    }
    const QList<Post> &posts = page.value().items;
    m_store->upsertPosts(posts);
    m_cache->savePosts(posts, m_scope.key(), false, page.value().next);
    m_cacheOffset += posts.size();
    m_cacheStored = m_cacheOffset;
    m_next = page.value().next;
    updateHasMore();
    finishPage(idsOf(posts));
    updateBusy();
}

void TimelineFeed::finishPage(const QList<qint64> &ids)
{
    int fresh = 0;
    for (qint64 id : ids)
        if (m_model->rowOf(id) < 0 && m_store->containsPost(id))
            ++fresh;
    if (fresh == 0 && hasMore() && ++m_emptyPages < kMaxEmptyPages) {
        loadMore(); // everything on it is shown already: the model still waits for rows
        return;
    }
    m_emptyPages = 0;
    m_model->appendPosts(ids);
    Q_EMIT pageLoaded(fresh);
}

} // namespace threadline::models

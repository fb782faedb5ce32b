// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "thread/threadloader.h"

#include "cache/cache.h"
#include "net/apiclient.h"
#include "net/endpoints.h"
#include "wire/jsoncodec.h"

#include <QUrl>
#include <algorithm>
#include <climits>

namespace threadline::models {

using core::ApiError;
using core::Comment;

ThreadLoader::ThreadLoader(core::ApiClient *api, core::Cache *cache, core::PostStore *store,
                           CommentTreeModel *model, QObject *parent)
    : QObject(parent)
    , m_api(api)
    , m_cache(cache)
    , m_store(store)
    , m_model(model)
{
    connect(m_model, &CommentTreeModel::moreFloorsRequested, this, &ThreadLoader::onMoreFloors);
    connect(m_model, &CommentTreeModel::moreRepliesRequested, this, &ThreadLoader::onMoreReplies);
    // The post left (deleted, or hidden from me): what is still on its way is dropped.
    connect(m_store, &core::PostStore::postRemoved, this, [this](qint64 postId) {
        if (postId != m_postId)
            return;
        ++m_generation;
        m_floorRequests.clear();
        m_replyRequests.clear();
        if (m_busy > 0) {
            m_busy = 0;
            Q_EMIT busyChanged(false);
        }
    });
    if (m_cache) {
        connect(m_cache, &core::Cache::floorsLoaded, this, &ThreadLoader::onCacheFloors);
        connect(m_cache, &core::Cache::repliesLoaded, this, &ThreadLoader::onCacheReplies);
        connect(m_cache, &core::Cache::failed, this, &ThreadLoader::onCacheFailed);
    }
}

void ThreadLoader::setFloorPageSize(int floors)
{
    m_floorPage = std::clamp(floors, 1, kMaxPage);
}

void ThreadLoader::setReplyPageSize(int replies)
{
    m_replyPage = std::clamp(replies, 1, kMaxPage);
}

bool ThreadLoader::online() const
{
    return m_api && !m_api->isOffline();
}

void ThreadLoader::busy(int delta)
{
    const bool was = m_busy > 0;
    m_busy = std::max(0, m_busy + delta);
    if (was != (m_busy > 0))
        Q_EMIT busyChanged(m_busy > 0);
}

void ThreadLoader::open(qint64 postId, CommentTreeModel::Order order)
{
    ++m_generation;
    m_postId = postId;
    m_serverAnswered = false;
    m_nextAfter.reset();
    m_nextBefore.reset();
    m_floorRequests.clear();
    m_replyRequests.clear();
    if (m_busy > 0) {
        m_busy = 0;
        Q_EMIT busyChanged(false);
    }
    m_model->setPost(postId, order);
    if (postId <= 0) // nothing, or my post on its way (a local id): nothing to load yet
        return;
    fetchPostIfMissing();
    // The cache paints first and the server's page follows; best order is the server's ranking,
    // so the cache (which keeps floor order, either way) serves it only offline.
    if (m_cache && (order != CommentTreeModel::Order::Best || !online()))
        loadFloorsFromCache(0);
    if (online())
        loadFloorsFromServer();
    else if (!m_cache)
        Q_EMIT error(tr("Offline: the comments are not available."));
}

void ThreadLoader::fetchPostIfMissing()
{
    if (m_store->containsPost(m_postId) || !online() || m_fetchingPost == m_postId)
        return;
    const qint64 postId = m_postId;
    m_fetchingPost = postId;
    core::ApiReply *reply = m_api->send(core::endpoint::post(postId), this);
    connect(reply, &core::ApiReply::finished, this, [this, reply, postId] {
        if (m_fetchingPost == postId)
            m_fetchingPost = 0;
        if (!reply->ok()) { // error() says what went wrong with the thread
            if (!m_store->containsPost(postId))
                Q_EMIT postUnavailable(postId);
            return;
        }
        const auto post = core::decodePost(reply->body());
        if (post.ok() && !m_store->containsPost(postId))
            m_store->upsertPost(post.value());
    });
}

void ThreadLoader::setOrder(CommentTreeModel::Order order)
{
    if (order != m_model->order())
        open(m_postId, order);
}

void ThreadLoader::reload()
{
    open(m_postId, m_model->order());
}

// --- floors ---------------------------------------------------------------------------------

void ThreadLoader::loadFloorsFromServer()
{
    core::endpoint::FloorsQuery query;
    query.limit = m_floorPage;
    query.replies = CommentTreeModel::kPreviewReplies;
    query.best = m_model->order() == CommentTreeModel::Order::Best;
    query.newest = m_model->order() == CommentTreeModel::Order::Newest;
    if (m_serverAnswered) {
        if (query.newest)
            query.beforeFloor = m_nextAfter;
        else
            query.after = m_nextAfter;
        query.before = m_nextBefore;
    }
    ask(core::endpoint::floors(m_postId, query), [this](core::ApiReply *reply) {
        if (!reply->ok()) {
            const ApiError e = reply->error();
            if (e.kind == ApiError::Kind::Http && e.status == 404) {
                m_model->setHasMoreFloors(false);
                m_model->floorsFailed();
                Q_EMIT postGone(m_postId); // first: the line then offers no Retry
                Q_EMIT error(tr("This post is no longer available."), e.details());
                return;
            }
            m_model->floorsFailed();
            fail(tr("Could not load the comments"), e);
            // What the cache holds beyond what is shown is better than nothing (not in best
            // order: the cache cannot rank by score).
            if (m_cache && m_serverAnswered && m_model->order() != CommentTreeModel::Order::Best)
                loadFloorsFromCache(cacheCursor());
            return;
        }
        const auto page = core::decodeFloorPage(reply->body());
        if (!page.ok()) {
            m_model->floorsFailed();
            fail(tr("Could not load the comments"), ApiError::decode(page.error().toString()));
            return;
        }
        applyFloors(page.value(), true);
    });
}

void ThreadLoader::ask(const core::Call &call, std::function<void(core::ApiReply *)> onAnswer)
{
    const quint64 generation = m_generation;
    busy(+1);
    core::ApiReply *reply = m_api->send(call, this);
    connect(reply, &core::ApiReply::finished, this,
            [this, reply, generation, onAnswer = std::move(onAnswer)] {
                if (generation != m_generation)
                    return; // an answer to an earlier open()
                busy(-1);
                onAnswer(reply);
            });
}

void ThreadLoader::loadFloorsFromCache(qint64 cursor)
{
    if (!m_cache)
        return;
    busy(+1);
    m_floorRequests.insert(m_model->order() == CommentTreeModel::Order::Newest
                               ? m_cache->loadNewestFloors(m_postId, cursor, m_floorPage, -1)
                               : m_cache->loadFloors(m_postId, cursor, m_floorPage, -1));
}

qint64 ThreadLoader::cacheCursor() const
{
    return m_model->order() == CommentTreeModel::Order::Newest ? m_model->oldestFloor()
                                                               : m_model->lastFloor();
}

void ThreadLoader::onCacheFloors(quint64 requestId, qint64, const core::FloorPage &page)
{
    if (!m_floorRequests.remove(requestId))
        return;
    busy(-1);
    applyFloors(page, false);
}

void ThreadLoader::addKnownComments(QList<Comment> &roots, QList<Comment> &replies) const
{
    // Offline, at the end of what the cache holds: the comments the store knows besides (a
    // card's inline comments, for a thread never opened), so that the thread shows what its
    // card shows. Only on the last page: a cursor never jumps over floors not shown yet.
    QSet<qint64> have;
    for (const Comment &c : std::as_const(roots))
        have.insert(c.id);
    for (const Comment &c : std::as_const(replies))
        have.insert(c.id);
    for (const qint64 id : m_store->commentIds(m_postId))
        if (id > 0 && !have.contains(id) && !m_model->indexOfComment(id).isValid())
            if (const auto c = m_store->serverComment(id))
                (c->isRoot() ? roots : replies).append(*c);
    if (m_model->order() == CommentTreeModel::Order::Newest)
        std::stable_sort(roots.begin(), roots.end(),
                         [](const Comment &a, const Comment &b) { return a.floor > b.floor; });
}

void ThreadLoader::applyFloors(const core::FloorPage &page, bool fromServer)
{
    QList<Comment> roots = page.roots;
    QList<Comment> replies = page.replies;
    bool hasMore = page.hasMore();
    if (fromServer) {
        if (m_cache)
            m_cache->saveComments(m_postId, page.roots + page.replies);
        m_serverAnswered = true;
        m_nextAfter = page.next;
        m_nextBefore = page.nextCursor;
        if (page.totalRoots != m_totalFloors) {
            m_totalFloors = page.totalRoots;
            Q_EMIT totalFloorsChanged(m_totalFloors);
        }
    } else {
        if (!online() && !page.hasMore())
            addKnownComments(roots, replies);
        if (m_serverAnswered)
            hasMore = m_model->hasMoreFloors(); // the server's paging decides
        else if (online())
            hasMore = true;                                    // the server's answer decides
        if (m_model->order() == CommentTreeModel::Order::Best) // the cache keeps floor order
            std::stable_sort(roots.begin(), roots.end(), [](const Comment &a, const Comment &b) {
                return a.score != b.score ? a.score > b.score : a.floor < b.floor;
            });
    }
    m_model->appendFloors(roots, replies, hasMore,
                          fromServer ? CommentTreeModel::Source::Server
                                     : CommentTreeModel::Source::Cache);
    if (!fromServer && !online() && !page.hasMore())
        sayWhatIsMissing();
}

void ThreadLoader::sayWhatIsMissing()
{
    // Offline at the end of what this computer holds: what is known, and that the rest needs a
    // connection (never "no comments" for a post that has some).
    const auto post = m_store->post(m_postId);
    const qint64 total = post ? post->commentCount : 0;
    const int held = m_model->heldComments();
    if (total <= held)
        return;
    const int n = int(std::min<qint64>(total, INT_MAX));
    if (held == 0)
        Q_EMIT error(tr("Offline: this post has %n comment(s), and reading them needs a "
                        "connection.",
                        nullptr, n));
    else
        Q_EMIT error(tr("Offline: %1 of the %n comment(s) are saved on this computer; the rest "
                        "need a connection.",
                        nullptr, n)
                         .arg(held));
}

void ThreadLoader::onMoreFloors()
{
    if (online()) {
        if (!m_serverAnswered && isBusy())
            return; // the first page is on its way and will end the wait
        loadFloorsFromServer();
    } else if (m_cache) {
        loadFloorsFromCache(cacheCursor());
    } else {
        // later: the model may be inside its own signals (a view's fetchMore)
        QMetaObject::invokeMethod(m_model, &CommentTreeModel::floorsFailed, Qt::QueuedConnection);
        Q_EMIT error(tr("Offline: more comments cannot be loaded."));
    }
}

// --- replies --------------------------------------------------------------------------------

void ThreadLoader::onMoreReplies(qint64 rootId, qint64 afterSeq)
{
    if (rootId < 0) { // my floor, not on the server yet: it has only what I wrote
        m_model->appendReplies(rootId, {}, true);
        return;
    }
    if (online())
        loadRepliesFromServer(rootId, afterSeq);
    else if (m_cache) // the cache continues after what the floor holds
        loadRepliesFromCache(rootId, m_model->lastSeq(rootId));
    else {
        m_model->repliesFailed(rootId);
        Q_EMIT error(tr("Offline: more replies cannot be loaded."));
    }
}

void ThreadLoader::loadRepliesFromServer(qint64 rootId, qint64 afterSeq)
{
    ask(core::endpoint::replies(rootId, m_replyPage, afterSeq),
        [this, rootId](core::ApiReply *reply) {
            if (!reply->ok()) {
                const ApiError e = reply->error();
                if (e.kind == ApiError::Kind::Http && e.status == 404) {
                    // the floor was deleted (or hidden): it leaves the thread
                    m_store->removeComment(rootId);
                    if (m_cache)
                        m_cache->removeComment(rootId);
                    Q_EMIT error(tr("This floor is no longer available."));
                    return;
                }
                fail(tr("Could not load the replies"), e);
                if (m_cache)
                    loadRepliesFromCache(rootId, m_model->lastSeq(rootId));
                else
                    m_model->repliesFailed(rootId);
                return;
            }
            const auto page = core::decodeReplyPage(reply->body());
            if (!page.ok()) {
                m_model->repliesFailed(rootId);
                fail(tr("Could not load the replies"), ApiError::decode(page.error().toString()));
                return;
            }
            if (m_cache)
                m_cache->saveComments(m_postId, page->items);
            m_model->appendReplies(rootId, page->items, !page->next.has_value(),
                                   CommentTreeModel::Source::Server);
        });
}

void ThreadLoader::loadRepliesFromCache(qint64 rootId, qint64 afterSeq)
{
    busy(+1);
    m_replyRequests.insert(m_cache->loadReplies(rootId, afterSeq, m_replyPage), {rootId, afterSeq});
}

void ThreadLoader::onCacheReplies(quint64 requestId, qint64 rootId, const core::ReplyPage &page)
{
    if (!m_replyRequests.remove(requestId))
        return;
    busy(-1);
    if (page.items.isEmpty()) {
        m_model->repliesFailed(rootId);
        if (!online())
            Q_EMIT error(tr("Offline: the rest of this floor is not in the local cache."));
        return;
    }
    // The cache may have gaps (trimmed, single replies from /sync): never a complete floor.
    m_model->appendReplies(rootId, page.items, false, CommentTreeModel::Source::Cache);
}

void ThreadLoader::onCacheFailed(quint64 requestId, const QString &message)
{
    if (m_floorRequests.remove(requestId)) {
        busy(-1);
        m_model->floorsFailed();
    } else if (const auto it = m_replyRequests.constFind(requestId); it != m_replyRequests.cend()) {
        const qint64 rootId = it->first;
        m_replyRequests.erase(it);
        busy(-1);
        m_model->repliesFailed(rootId);
    } else {
        return;
    }
    if (!online())
        Q_EMIT error(tr("The local cache could not be read: %1").arg(message));
}

void ThreadLoader::fail(const QString &what, const ApiError &error)
{
    if (error.kind == ApiError::Kind::Offline || error.kind == ApiError::Kind::Cancelled)
        return; // offline is said once, by the status bar
    Q_EMIT this->error(tr("%1: %2").arg(what, error.describe()), error.details());
}

} // namespace threadline::models

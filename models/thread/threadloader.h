// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Feeds a CommentTreeModel with one post's thread: the cache first (instant, and all there is
// offline), then the server, page by page — floors ≤ 200 a page (default 50) with their first 3
// replies in one call, the rest of a floor by `rootId` when its "more replies (N)" row is
// activated (docs/design.md "Seed lessons": never a whole thread at once). What the server says
// goes into the post store and the cache; the model reads the store. Errors reach error() in words
// and never clear what is shown.
#pragma once

#include "thread/commenttreemodel.h"

#include <QObject>
#include <QPointer>
#include <QSet>
#include <functional>
#include <optional>

namespace threadline::core {
class ApiClient;
class ApiReply;
class Cache;
struct Call;
struct ApiError;
} // namespace threadline::core

namespace threadline::models {

class ThreadLoader : public QObject
{
    Q_OBJECT
public:
    static constexpr int kDefaultFloorPage = 50;
    static constexpr int kMaxPage = 200; // the server's maximum for floors and replies

    // cache may be null (no cache).
    ThreadLoader(core::ApiClient *api, core::Cache *cache, core::PostStore *store,
                 CommentTreeModel *model, QObject *parent = nullptr);

    void setFloorPageSize(int floors);  // clamped to 1..200
    void setReplyPageSize(int replies); // clamped to 1..200 (default 200)

    // Shows the thread of `postId` (a reset), the cache's first page, then the server's.
    void open(qint64 postId, CommentTreeModel::Order order = CommentTreeModel::Order::Floor);
    // Best first / by floor: the thread again in that order.
    void setOrder(CommentTreeModel::Order order);
    // The thread again from the first page (e.g. after a cursor expired or the user refreshed).
    void reload();
    [[nodiscard]] qint64 postId() const { return m_postId; }
    [[nodiscard]] bool isBusy() const { return m_busy > 0; }
    // The floors the server says this caller can see (0 until it answered).
    [[nodiscard]] qint64 totalFloors() const { return m_totalFloors; }

Q_SIGNALS:
    void busyChanged(bool busy);
    // A sentence for the user: "Could not load the comments: the server did not answer."
    // `details`: ApiError::details() of a failed request (the request id), for a Details line.
    void error(const QString &message, const QString &details = {});
    void totalFloorsChanged(qint64 total);
    // The post is gone (deleted, or hidden for this user): the view should close or say so.
    void postGone(qint64 postId);
    // The post itself (not in the store: opened from a link, the history, the queue) could not
    // be loaded; error() or postGone() says why.
    void postUnavailable(qint64 postId);

private:
    // GET /posts/{id} when the store lacks the post, so that the header has something to show.
    void fetchPostIfMissing();
    // Sends a call of this open(): busy until it is answered; an answer to an earlier open() is
    // dropped (busy was reset by the open()).
    void ask(const core::Call &call, std::function<void(core::ApiReply *)> onAnswer);
    void loadFloorsFromServer();
    // From the cache after `cursor` in the model's order (floor order: after that floor; newest
    // first: below it); 0 from the start.
    void loadFloorsFromCache(qint64 cursor);
    [[nodiscard]] qint64 cacheCursor() const; // where the cache continues what is shown
    void loadRepliesFromServer(qint64 rootId, qint64 afterSeq);
    void loadRepliesFromCache(qint64 rootId, qint64 afterSeq);
    void onMoreFloors();
    void onMoreReplies(qint64 rootId, qint64 afterSeq);
    void onCacheFloors(quint64 requestId, qint64 postId, const core::FloorPage &page);
    void onCacheReplies(quint64 requestId, qint64 rootId, const core::ReplyPage &page);
    void onCacheFailed(quint64 requestId, const QString &message);
    void applyFloors(const core::FloorPage &page, bool fromServer);
    void addKnownComments(QList<core::Comment> &roots, QList<core::Comment> &replies) const;
    void sayWhatIsMissing();
    void fail(const QString &what, const core::ApiError &error);
    [[nodiscard]] bool online() const;
    void busy(int delta);

    core::ApiClient *m_api;
    QPointer<core::Cache> m_cache;
    core::PostStore *m_store;
    CommentTreeModel *m_model;
    int m_floorPage = kDefaultFloorPage;
    int m_replyPage = kMaxPage;

    qint64 m_postId = 0;
    qint64 m_fetchingPost = 0;         // the post GET /posts/{id} is loading
    quint64 m_generation = 0;          // answers to an earlier open() are dropped
    bool m_serverAnswered = false;     // the server gave the first page of this open()
    std::optional<qint64> m_nextAfter; // floor order: the server's next `after` (newest: `before`)
    std::optional<QString> m_nextBefore; // best order: the server's next `before`
    qint64 m_totalFloors = 0;
    QSet<quint64> m_floorRequests;                             // cache requests of this open()
    QHash<quint64, std::pair<qint64, qint64>> m_replyRequests; // id → (root, afterSeq)
    int m_busy = 0;
};

} // namespace threadline::models

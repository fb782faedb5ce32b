// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// CommentTreeModel (commenttreemodel.h), its node tree: pages of floors and replies merged into
// the floors (one grouped pass per page, floors already shown taking the replies they lack, the
// server's cursor moved over what it sent), the "more replies (N)" and "load more floors" rows,
// expanding a floor and activating a More row.
#include "thread/commenttreemodel.h"

#include "thread/threadassembly.h"

#include <QScopedValueRollback>
#include <QSet>
#include <algorithm>

namespace threadline::models {

using core::Comment;
using core::PostStore;

// --- pages ----------------------------------------------------------------------------------

void CommentTreeModel::fillFloor(FloorNode &node, const QList<qint64> &replyIds,
                                 Source source) const
{
    node.loaded = replyIds;
    node.shown = std::min<int>(kPreviewReplies, int(replyIds.size()));
    if (source == Source::Server) {
        // The server sent the floor's earliest replies, without a gap: fewer than asked is all.
        node.cursor = replyIds.isEmpty() ? 0 : seqOf(replyIds.constLast());
        node.complete = replyIds.size() < kPreviewReplies;
    }
}

qint64 CommentTreeModel::seqOf(qint64 commentId) const
{
    const auto c = m_store->serverComment(commentId);
    return c ? c->seq : 0;
}

void CommentTreeModel::appendFloors(const QList<Comment> &roots, const QList<Comment> &replies,
                                    bool hasMore, Source source)
{
    const QScopedValueRollback<bool> changing(m_inChange, true); // no fetchMore() from signals
    m_loadingFloors = false;
    m_floorsFailed = false;
    const bool firstPage = !m_pageSeen;
    m_pageSeen = true;
    m_hasMoreFloors = hasMore;
    {
        // Into the store first (the rows read it); its signals are this page, not live news.
        const QScopedValueRollback<bool> applying(m_applying, true);
        m_store->upsertComments(roots);
        m_store->upsertComments(replies);
    }
    // Floors already shown take the page's replies they lack (the earliest of their floor).
    QList<Comment> rows;
    QSet<qint64> fresh;
    for (const Comment &r : roots)
        if (r.isRoot() && admits(r) && !m_keyOfRoot.contains(r.id) && !fresh.contains(r.id)) {
            rows.append(r);
            fresh.insert(r.id);
        }
    QHash<qint64, QList<Comment>> forShown; // root id → its page replies
    for (const Comment &c : replies) {
        if (c.isRoot() || !admits(c) || m_keyOfReply.contains(c.id))
            continue;
        if (fresh.contains(c.rootId))
            rows.append(c);
        else if (m_keyOfRoot.contains(c.rootId))
            forShown[c.rootId].append(c);
    }
    for (auto it = forShown.cbegin(); it != forShown.cend(); ++it)
        mergeReplies(it.key(), *it, source, /*pagePreview=*/true);
    // One grouped pass over the page: floors by root id, replies in seq order.
    const ThreadIndex index = assembleThread(rows);
    QHash<qint64, const Floor *> floorOf;
    floorOf.reserve(index.floors.size());
    for (const Floor &f : index.floors)
        floorOf.insert(rows.at(f.root).id, &f);
    // My comments waiting in the outbox: replies to these floors under them, my floors (the
    // first page only) at the end — shown at once, as they were when the thread was last open.
    QHash<qint64, QList<qint64>> pendingByRoot;
    QList<qint64> pendingFloors;
    if (!fresh.isEmpty() || firstPage)
        for (qint64 id : m_store->commentIds(m_postId))
            if (id < 0)
                if (const auto c = m_store->comment(id); c && admits(*c)) {
                    if (c->isRoot() && firstPage && !m_keyOfRoot.contains(id))
                        pendingFloors.append(id);
                    else if (!c->isRoot() && fresh.contains(c->rootId))
                        pendingByRoot[c->rootId].append(id);
                }

    QList<FloorNode> nodes;
    const auto add = [&](const Floor &f) {
        FloorNode node;
        node.key = m_nextKey++;
        node.rootId = rows.at(f.root).id;
        QList<qint64> ids;
        ids.reserve(f.replies.size());
        for (int r : f.replies)
            ids.append(rows.at(r).id);
        fillFloor(node, ids, source);
        node.extra = pendingInCreationOrder(pendingByRoot.value(node.rootId));
        nodes.append(node);
    };
    if (m_order == Order::Floor) {
        for (const Floor &f : index.floors)
            add(f);
    } else { // the page's own order (score, as the server ranked it)
        for (const Comment &r : roots)
            if (const Floor *f = fresh.contains(r.id) ? floorOf.value(r.id) : nullptr)
                add(*f);
    }
    // Floors from pages go before the ones added live (mine); in floor order, where they belong.
    // Newest first: after mine (on top), where their floor number puts them.
    int ownStart = int(m_floors.size());
    while (m_order != Order::Newest && ownStart > 0 && m_floors.at(ownStart - 1).own)
        --ownStart;
    if (!nodes.isEmpty() && m_order == Order::Newest) {
        insertNewestFloors(nodes);
    } else if (!nodes.isEmpty()) {
        const bool inOrder =
            m_order == Order::Best || ownStart == 0 ||
            floorOfNode(m_floors.at(ownStart - 1)) < floorOfNode(nodes.constFirst());
        if (inOrder) {
            insertFloors(ownStart, nodes);
        } else {
            for (const FloorNode &n : std::as_const(nodes)) {
                const qint64 f = floorOfNode(n);
                int row = 0;
                while (row < ownStart && floorOfNode(m_floors.at(row)) < f)
                    ++row;
                insertFloors(row, {n});
                ++ownStart;
            }
        }
    }
    if (!pendingFloors.isEmpty()) {
        QList<FloorNode> own;
        for (qint64 id : pendingInCreationOrder(pendingFloors)) {
            FloorNode node;
            node.key = m_nextKey++;
            node.rootId = id;
            node.own = true;
            node.complete = true;
            node.extra = pendingInCreationOrder(pendingRepliesTo(id));
            own.append(node);
        }
        if (m_order == Order::Newest) { // the newest of mine first, on top
            std::reverse(own.begin(), own.end());
            insertFloors(0, own);
        } else {
            insertFloors(int(m_floors.size()), own);
        }
    }
    setMoreFloorsRow(hasMore);
}

void CommentTreeModel::insertNewestFloors(const QList<FloorNode> &nodes)
{
    int ownEnd = 0;
    while (ownEnd < int(m_floors.size()) && m_floors.at(ownEnd).own)
        ++ownEnd;
    const int end = int(m_floors.size());
    // The common case: older than everything shown — one insertion at the end.
    if (end == ownEnd || floorOfNode(m_floors.at(end - 1)) > floorOfNode(nodes.constFirst())) {
        insertFloors(end, nodes);
        return;
    }
    // The server's first page after the cache's (which may lack the newest floors).
    for (const FloorNode &n : nodes) {
        const qint64 f = floorOfNode(n);
        int row = ownEnd;
        while (row < int(m_floors.size()) && floorOfNode(m_floors.at(row)) > f)
            ++row;
        insertFloors(row, {n});
    }
}

void CommentTreeModel::insertFloors(int row, const QList<FloorNode> &nodes)
{
    if (nodes.isEmpty())
        return;
    beginInsertRows({}, row, row + int(nodes.size()) - 1);
    for (int i = 0; i < int(nodes.size()); ++i) {
        const FloorNode &n = nodes.at(i);
        m_floors.insert(row + i, n);
        m_keyOfRoot.insert(n.rootId, n.key);
        for (qint64 id : n.loaded)
            m_keyOfReply.insert(id, n.key);
        for (qint64 id : n.extra)
            m_keyOfReply.insert(id, n.key);
    }
    reindexFrom(row);
    endInsertRows();
    // The "more replies (N)" rows of the new floors.
    for (int i = row; i < row + int(nodes.size()); ++i)
        updateMoreRow(i);
}

void CommentTreeModel::appendReplies(qint64 rootId, const QList<Comment> &replies, bool complete,
                                     Source source)
{
    const QScopedValueRollback<bool> changing(m_inChange, true);
    FloorNode *node = nodeOfRoot(rootId);
    if (!node)
        return;
    node->loading = false;
    node->failed = false;
    mergeReplies(rootId, replies, source, /*pagePreview=*/false);
    node = nodeOfRoot(rootId);
    if (source == Source::Server && complete)
        node->complete = true;
    updateMoreRow(rowOfKey(node->key));
}

void CommentTreeModel::mergeReplies(qint64 rootId, const QList<Comment> &replies, Source source,
                                    bool pagePreview)
{
    FloorNode *node = nodeOfRoot(rootId);
    if (!node)
        return;
    {
        const QScopedValueRollback<bool> applying(m_applying, true);
        m_store->upsertComments(replies);
    }
    QList<Comment> sorted;
    for (const Comment &c : replies)
        if (!c.isRoot() && c.rootId == rootId && admits(c))
            sorted.append(c);
    std::sort(sorted.begin(), sorted.end(), inReplyOrder);
    // The server's replies have no gap from the cursor on: it moves over them.
    if (source == Source::Server && !sorted.isEmpty() &&
        (pagePreview || node->cursor <= sorted.constFirst().seq))
        node->cursor = std::max(node->cursor, sorted.constLast().seq);
    QList<Comment> fresh;
    for (const Comment &c : std::as_const(sorted))
        if (!m_keyOfReply.contains(c.id))
            fresh.append(c);
    if (fresh.isEmpty())
        return;
    const int row = rowOfKey(node->key);
    const QModelIndex parent = index(row, 0);
    // The common case: all after what the floor holds — one insert of the run (when expanded).
    if (node->loaded.isEmpty() || fresh.constFirst().seq > seqOf(node->loaded.constLast())) {
        QList<qint64> ids;
        for (const Comment &c : std::as_const(fresh))
            ids.append(c.id);
        const bool show = node->expanded || node->shown == int(node->loaded.size());
        const int first = node->shown;
        int count = 0;
        if (show)
            count = node->expanded ? int(ids.size())
                                   : std::min<int>(int(ids.size()),
                                                   std::max(0, kPreviewReplies - node->shown));
        if (count > 0)
            beginInsertRows(parent, first, first + count - 1);
        node->loaded += ids;
        node->shown += count;
        for (qint64 id : std::as_const(ids))
            m_keyOfReply.insert(id, node->key);
        if (count > 0)
            endInsertRows();
        return;
    }
    for (const Comment &c : std::as_const(fresh))
        insertReply(*nodeOfRoot(rootId), c);
}

void CommentTreeModel::floorsFailed()
{
    m_loadingFloors = false;
    m_floorsFailed = true;
    setMoreFloorsRow(m_hasMoreFloors);
}

void CommentTreeModel::repliesFailed(qint64 rootId)
{
    if (FloorNode *node = nodeOfRoot(rootId)) {
        node->loading = false;
        node->failed = true;
        updateMoreRow(rowOfKey(node->key));
    }
}

void CommentTreeModel::setHasMoreFloors(bool more)
{
    m_hasMoreFloors = more;
    setMoreFloorsRow(more);
}

void CommentTreeModel::setMoreFloorsRow(bool shown)
{
    const int row = floorRowsEnd();
    if (shown && !m_moreFloorsRow) {
        beginInsertRows({}, row, row);
        m_moreFloorsRow = true;
        endInsertRows();
    } else if (!shown && m_moreFloorsRow) {
        beginRemoveRows({}, row, row);
        m_moreFloorsRow = false;
        endRemoveRows();
    } else if (shown) {
        const QModelIndex i = index(row, 0);
        Q_EMIT dataChanged(i, i, {Qt::DisplayRole, LoadingRole});
    }
}

// --- the "more replies (N)" row -------------------------------------------------------------

qint64 CommentTreeModel::moreCount(const FloorNode &node) const
{
    const auto root = m_store->comment(node.rootId);
    qint64 counted = 0; // rows that the root's replyCount counts (visible ones)
    for (int i = 0; i < node.visible(); ++i)
        if (const auto c = m_store->comment(idAtChild(node, i));
            c && c->status == Comment::Status::Visible)
            ++counted;
    const qint64 byCount = root ? root->replyCount - counted : 0;
    const qint64 held = qint64(node.loaded.size()) - node.shown; // held, not shown yet
    return std::max<qint64>({0, byCount, held});
}

void CommentTreeModel::updateMoreRow(int floorRow)
{
    if (floorRow < 0 || floorRow >= int(m_floors.size()))
        return;
    FloorNode &node = m_floors[floorRow];
    // A floor that holds every reply shows "more" only for what it holds and does not show; its
    // root's count may run ahead for a moment while a new reply is on its way.
    const qint64 count = node.complete ? qint64(node.loaded.size()) - node.shown : moreCount(node);
    const bool want =
        count > 0 && !(node.expanded && node.complete && node.shown == int(node.loaded.size()));
    const QModelIndex parent = index(floorRow, 0);
    const int row = node.visible();
    if (want && !node.moreRow) {
        beginInsertRows(parent, row, row);
        node.moreRow = true;
        node.moreShown = count;
        endInsertRows();
    } else if (!want && node.moreRow) {
        beginRemoveRows(parent, row, row);
        node.moreRow = false;
        endRemoveRows();
    } else if (want) {
        node.moreShown = count;
        const QModelIndex i = index(row, 0, parent);
        Q_EMIT dataChanged(i, i, {Qt::DisplayRole, MoreCountRole, LoadingRole});
    }
}

void CommentTreeModel::expand(const QModelIndex &index)
{
    if (!index.isValid() || index.model() != this)
        return;
    const int floorRow = index.internalId() == 0 ? index.row() : rowOfKey(int(index.internalId()));
    if (floorRow < 0 || floorRow >= int(m_floors.size()))
        return;
    FloorNode &node = m_floors[floorRow];
    node.expanded = true;
    const int held = int(node.loaded.size());
    if (node.shown < held) { // what the floor holds is shown at once, in place
        beginInsertRows(this->index(floorRow, 0), node.shown, held - 1);
        node.shown = held;
        endInsertRows();
    }
    FloorNode &n = m_floors[floorRow];
    if (!n.complete && !n.loading && moreCount(n) > 0) {
        n.loading = true;
        n.failed = false;
        updateMoreRow(floorRow);
        Q_EMIT moreRepliesRequested(n.rootId, n.cursor);
        return;
    }
    updateMoreRow(floorRow);
}

bool CommentTreeModel::activate(const QModelIndex &index)
{
    switch (RowKind(index.data(KindRole).toInt())) {
    case RowKind::MoreFloors:
        m_floorsFailed = false;
        fetchMore({});
        return true;
    case RowKind::MoreReplies:
        expand(index);
        return true;
    case RowKind::Comment:
        break;
    }
    return false;
}

} // namespace threadline::models

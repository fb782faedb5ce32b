// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// CommentTreeModel (commenttreemodel.h), its live side: the store's signals — comments added
// (mine at once, others' where they belong when that part of the thread is loaded), changed
// (hidden ones leave for ordinary users, unhidden ones come back), removed (a root with its
// floor), and my pending comments, shown in the order I wrote them and replaced in place when
// the server's id arrives.
#include "thread/commenttreemodel.h"

#include <algorithm>

namespace threadline::models {

using core::Comment;
using core::PostStore;

// --- my pending comments (local ids < 0) ----------------------------------------------------

QList<qint64> CommentTreeModel::pendingInCreationOrder(QList<qint64> ids)
{
    std::sort(ids.begin(), ids.end(), std::greater<>()); // -1, -2, …: the order they were made
    return ids;
}

QList<qint64> CommentTreeModel::pendingRepliesTo(qint64 rootId) const
{
    QList<qint64> out;
    for (qint64 id : m_store->commentIds(m_postId))
        if (id < 0 && !m_keyOfReply.contains(id))
            if (const auto c = m_store->comment(id); c && !c->isRoot() && c->rootId == rootId)
                out.append(id);
    return out;
}
// --- live changes from the store ------------------------------------------------------------

void CommentTreeModel::insertLiveComment(const Comment &c)
{
    if (!admits(c) || m_keyOfRoot.contains(c.id) || m_keyOfReply.contains(c.id))
        return;
    if (c.isRoot()) {
        int ownStart = int(m_floors.size());
        while (ownStart > 0 && m_floors.at(ownStart - 1).own)
            --ownStart;
        FloorNode node;
        node.key = m_nextKey++;
        node.rootId = c.id;
        node.complete = c.replyCount == 0; // a new floor: its replies arrive live
        node.extra = pendingInCreationOrder(pendingRepliesTo(c.id));
        int row = int(m_floors.size());
        if (c.id < 0) {
            node.own = true; // mine: at the end (newest first: on top), shown at once
            if (m_order == Order::Newest)
                row = 0;
        } else if (!m_pageSeen) {
            return; // where it goes is known once the first page is here
        } else if (m_order == Order::Floor) {
            row = 0;
            while (row < ownStart) {
                const auto r = m_store->comment(m_floors.at(row).rootId);
                if (r && r->floor > c.floor)
                    break;
                ++row;
            }
            if (row == ownStart && m_hasMoreFloors)
                return; // it belongs to a page not loaded yet
        } else if (m_order == Order::Newest) {
            row = 0; // after mine, before the first older floor
            while (row < int(m_floors.size()) &&
                   (m_floors.at(row).own || floorOfNode(m_floors.at(row)) > c.floor))
                ++row;
            if (row == int(m_floors.size()) && m_hasMoreFloors)
                return; // it belongs to a page not loaded yet
        } else {
            if (m_hasMoreFloors)
                return;
            row = ownStart;
        }
        node.returned = c.id > 0 && c.replyCount > 0;
        insertFloors(row, {node});
        if (node.returned) { // replies the store holds already (they came first)
            QList<Comment> replies;
            for (const qint64 id : m_store->commentIds(m_postId))
                if (const auto r = m_store->comment(id); r && r->id > 0 && r->rootId == c.id)
                    replies.append(*r);
            std::sort(replies.begin(), replies.end(),
                      [](const Comment &a, const Comment &b) { return a.seq < b.seq; });
            for (const Comment &r : std::as_const(replies))
                insertLiveComment(r);
        }
        return;
    }
    const int floorRow = rowOfKey(m_keyOfRoot.value(c.rootId));
    if (floorRow < 0)
        return; // its floor is not loaded: the root's reply count tells
    FloorNode &node = m_floors[floorRow];
    const QModelIndex parent = index(floorRow, 0);
    if (c.id < 0) { // mine, waiting for the server: at the end of the floor, at once
        const int row = node.visible();
        beginInsertRows(parent, row, row);
        node.extra.append(c.id);
        m_keyOfReply.insert(c.id, node.key);
        endInsertRows();
        updateMoreRow(floorRow);
        return;
    }
    // After everything the floor holds, and the floor not complete: a page will bring it; until
    // then "more replies (N)" counts it.
    if (!node.complete && !node.returned &&
        (node.loaded.isEmpty() || c.seq > seqOf(node.loaded.constLast()))) {
        updateMoreRow(floorRow);
        return;
    }
    insertReply(node, c);
    if (node.returned) {
        const auto root = m_store->comment(node.rootId);
        if (!root || node.loaded.size() >= root->replyCount) {
            node.returned = false;
            node.complete = true;
        }
    }
    updateMoreRow(floorRow);
}

void CommentTreeModel::insertReply(FloorNode &node, const Comment &c)
{
    // Where it goes among the replies the floor holds (seq order): a binary search.
    const auto it = std::upper_bound(node.loaded.cbegin(), node.loaded.cend(), c.seq,
                                     [this](qint64 seq, qint64 id) { return seq < seqOf(id); });
    const int pos = int(it - node.loaded.cbegin());
    const bool show =
        pos < node.shown || node.expanded || (pos == node.shown && node.shown < kPreviewReplies);
    if (show) {
        beginInsertRows(index(rowOfKey(node.key), 0), pos, pos);
        node.loaded.insert(pos, c.id);
        ++node.shown;
        m_keyOfReply.insert(c.id, node.key);
        endInsertRows();
    } else {
        node.loaded.insert(pos, c.id);
        m_keyOfReply.insert(c.id, node.key);
    }
}

void CommentTreeModel::onCommentAdded(qint64 postId, qint64 commentId)
{
    if (postId != m_postId || m_applying)
        return;
    if (const auto c = m_store->comment(commentId))
        insertLiveComment(*c);
}

void CommentTreeModel::removeFloorAt(int row)
{
    if (row < 0 || row >= int(m_floors.size()))
        return;
    beginRemoveRows({}, row, row);
    const FloorNode node = m_floors.takeAt(row);
    m_rowOfKey.remove(node.key);
    m_keyOfRoot.remove(node.rootId);
    for (qint64 id : node.loaded)
        m_keyOfReply.remove(id);
    for (qint64 id : node.extra)
        m_keyOfReply.remove(id);
    reindexFrom(row);
    endRemoveRows();
}

void CommentTreeModel::removeReply(FloorNode &node, qint64 replyId)
{
    const int floorRow = rowOfKey(node.key);
    const QModelIndex parent = index(floorRow, 0);
    m_keyOfReply.remove(replyId);
    m_labels.forget(replyId);
    if (const int i = int(node.loaded.indexOf(replyId)); i >= 0) {
        if (i < node.shown) {
            beginRemoveRows(parent, i, i);
            node.loaded.removeAt(i);
            --node.shown;
            endRemoveRows();
        } else {
            node.loaded.removeAt(i);
        }
    } else if (const int j = int(node.extra.indexOf(replyId)); j >= 0) {
        beginRemoveRows(parent, node.shown + j, node.shown + j);
        node.extra.removeAt(j);
        endRemoveRows();
    }
    updateMoreRow(floorRow);
}

void CommentTreeModel::onCommentRemoved(qint64 postId, qint64 commentId)
{
    if (postId != m_postId)
        return;
    if (m_keyOfRoot.contains(commentId)) {
        m_labels.forget(commentId);
        removeFloorAt(rowOfKey(m_keyOfRoot.value(commentId)));
        return;
    }
    const auto k = m_keyOfReply.constFind(commentId);
    if (k == m_keyOfReply.constEnd())
        return;
    const int floorRow = rowOfKey(*k);
    if (floorRow >= 0)
        removeReply(m_floors[floorRow], commentId);
}

void CommentTreeModel::onCommentChanged(qint64 commentId, PostStore::Fields fields)
{
    const auto c = m_store->comment(commentId);
    if (!c || c->postId != m_postId)
        return;
    if (m_applying && !m_keyOfRoot.contains(commentId) && !m_keyOfReply.contains(commentId))
        return; // part of a page being added
    const QModelIndex i = indexOfComment(commentId);
    const bool held = m_keyOfRoot.contains(commentId) || m_keyOfReply.contains(commentId);
    if (!admits(*c)) { // hidden, and I am not a moderator: it leaves (a root with its floor)
        if (held)
            onCommentRemoved(m_postId, commentId);
        return;
    }
    if (!held) { // came back (unhidden)
        insertLiveComment(*c);
        return;
    }
    if (i.isValid())
        Q_EMIT dataChanged(i, i, rolesFor(fields));
    if (fields & PostStore::Field::Comments)
        if (c->isRoot())
            updateMoreRow(i.row());
}

void CommentTreeModel::onCommentIdChanged(qint64 localId, qint64 serverId)
{
    if (const auto k = m_keyOfRoot.constFind(localId); k != m_keyOfRoot.constEnd()) {
        const int key = *k;
        const int row = rowOfKey(key);
        if (m_keyOfRoot.contains(serverId)) { // the server's floor arrived first (a sync)
            const QList<qint64> mine = m_floors.at(row).extra;
            removeFloorAt(row);
            // my replies to it, still waiting, move under the server's copy
            if (FloorNode *server = nodeOfRoot(serverId))
                for (qint64 id : mine)
                    if (!m_keyOfReply.contains(id)) {
                        const int at = server->visible();
                        beginInsertRows(index(rowOfKey(server->key), 0), at, at);
                        server->extra.append(id);
                        m_keyOfReply.insert(id, server->key);
                        endInsertRows();
                    }
            updateMoreRow(rowOfKey(m_keyOfRoot.value(serverId)));
            return;
        }
        m_keyOfRoot.remove(localId);
        m_keyOfRoot.insert(serverId, key);
        m_floors[row].rootId = serverId;
        m_labels.forget(localId);
        const QModelIndex i = index(row, 0);
        Q_EMIT dataChanged(i, i, {});
        return;
    }
    const auto k = m_keyOfReply.constFind(localId);
    if (k == m_keyOfReply.constEnd())
        return;
    const int floorRow = rowOfKey(*k);
    if (floorRow < 0)
        return;
    FloorNode &node = m_floors[floorRow];
    if (m_keyOfReply.contains(serverId)) { // already shown, from a sync: the local row goes
        removeReply(node, localId);
        return;
    }
    const int row = childRowOf(node, localId);
    m_keyOfReply.remove(localId);
    m_keyOfReply.insert(serverId, node.key);
    m_labels.forget(localId);
    if (const int i = int(node.extra.indexOf(localId)); i >= 0)
        node.extra[i] = serverId;
    else if (const int j = int(node.loaded.indexOf(localId)); j >= 0)
        node.loaded[j] = serverId;
    if (row >= 0) {
        const QModelIndex i = index(row, 0, index(floorRow, 0));
        Q_EMIT dataChanged(i, i, {});
    }
    updateMoreRow(floorRow);
}
} // namespace threadline::models

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// CommentTreeModel (commenttreemodel.h), its QAbstractItemModel side: setting the post up, the
// indexes (floors at the top level, a floor's key as its children's internalId), the rows' data
// and roles, the lookups the loader and the view use, and the relative-time role with its ticker.
// How pages become floors is in commenttreepages.cpp, live changes and my pending comments in
// commenttreelive.cpp.
#include "thread/commenttreemodel.h"

#include "common/rolenames.h"
#include "wire/usertext.h"

#include "common/timeticker.h"

#include <QMetaEnum>
#include <algorithm>

namespace threadline::models {

using core::Comment;
using core::PostStore;

CommentTreeModel::CommentTreeModel(PostStore *store, QObject *parent)
    : QAbstractItemModel(parent)
    , m_store(store)
{
    connect(m_store, &PostStore::commentAdded, this, &CommentTreeModel::onCommentAdded);
    connect(m_store, &PostStore::commentChanged, this, &CommentTreeModel::onCommentChanged);
    connect(m_store, &PostStore::commentRemoved, this, &CommentTreeModel::onCommentRemoved);
    connect(m_store, &PostStore::commentIdChanged, this, &CommentTreeModel::onCommentIdChanged);
    connect(m_store, &PostStore::postRemoved, this, [this](qint64 postId) {
        if (postId == m_postId && !m_floors.isEmpty())
            setPost(m_postId, m_order); // the post left with its comments
    });
}

// --- setup ----------------------------------------------------------------------------------

void CommentTreeModel::setPost(qint64 postId, Order order)
{
    beginResetModel();
    m_postId = postId;
    m_order = order;
    m_floors.clear();
    m_rowOfKey.clear();
    m_keyOfRoot.clear();
    m_keyOfReply.clear();
    m_labels.clear();
    m_hasMoreFloors = false;
    m_moreFloorsRow = false;
    m_loadingFloors = false;
    m_floorsFailed = false;
    m_pageSeen = false;
    endResetModel();
}

void CommentTreeModel::setModerator(bool moderator)
{
    if (moderator == m_moderator)
        return;
    m_moderator = moderator;
    setPost(m_postId, m_order); // what is admitted changed: the owner loads again
}

bool CommentTreeModel::admits(const Comment &c) const
{
    return c.postId == m_postId && (m_moderator || c.status == Comment::Status::Visible);
}

void CommentTreeModel::reindexFrom(int row)
{
    for (int i = row; i < int(m_floors.size()); ++i)
        m_rowOfKey.insert(m_floors.at(i).key, i);
}

CommentTreeModel::FloorNode *CommentTreeModel::nodeOfRoot(qint64 rootId)
{
    const int row = rowOfKey(m_keyOfRoot.value(rootId));
    return row >= 0 ? &m_floors[row] : nullptr;
}
// --- lookups --------------------------------------------------------------------------------

qint64 CommentTreeModel::idAtChild(const FloorNode &node, int row) const
{
    if (row < 0)
        return 0;
    if (row < node.shown)
        return node.loaded.at(row);
    if (row < node.visible())
        return node.extra.at(row - node.shown);
    return 0;
}

int CommentTreeModel::childRowOf(const FloorNode &node, qint64 replyId) const
{
    const int i = int(node.loaded.indexOf(replyId));
    if (i >= 0)
        return i < node.shown ? i : -1;
    const int j = int(node.extra.indexOf(replyId));
    return j >= 0 ? node.shown + j : -1;
}

QModelIndex CommentTreeModel::indexOfComment(qint64 commentId) const
{
    if (const auto k = m_keyOfRoot.constFind(commentId); k != m_keyOfRoot.constEnd())
        return index(rowOfKey(*k), 0);
    const auto k = m_keyOfReply.constFind(commentId);
    if (k == m_keyOfReply.constEnd())
        return {};
    const int floorRow = rowOfKey(*k);
    if (floorRow < 0)
        return {};
    const int row = childRowOf(m_floors.at(floorRow), commentId);
    return row >= 0 ? index(row, 0, index(floorRow, 0)) : QModelIndex();
}

qint64 CommentTreeModel::commentIdAt(const QModelIndex &index) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return 0;
    if (index.internalId() == 0)
        return index.row() < int(m_floors.size()) ? m_floors.at(index.row()).rootId : 0;
    const int floorRow = rowOfKey(int(index.internalId()));
    return floorRow >= 0 ? idAtChild(m_floors.at(floorRow), index.row()) : 0;
}

int CommentTreeModel::loadedReplies(qint64 rootId) const
{
    const int row = rowOfKey(m_keyOfRoot.value(rootId));
    return row >= 0 ? int(m_floors.at(row).loaded.size()) : 0;
}

qint64 CommentTreeModel::lastSeq(qint64 rootId) const
{
    const int row = rowOfKey(m_keyOfRoot.value(rootId));
    if (row < 0)
        return 0;
    qint64 last = 0;
    for (qint64 id : m_floors.at(row).loaded)
        if (id > 0)
            if (const auto c = m_store->serverComment(id))
                last = std::max(last, c->seq);
    return last;
}

qint64 CommentTreeModel::lastFloor() const
{
    qint64 last = 0;
    for (const FloorNode &n : m_floors)
        if (!n.own && n.rootId > 0)
            if (const auto c = m_store->serverComment(n.rootId))
                last = std::max(last, c->floor);
    return last;
}

int CommentTreeModel::heldComments() const
{
    int n = 0;
    for (const FloorNode &f : m_floors)
        n += 1 + int(f.loaded.size()) + int(f.extra.size());
    return n;
}

qint64 CommentTreeModel::oldestFloor() const
{
    qint64 oldest = 0;
    for (const FloorNode &n : m_floors)
        if (!n.own && n.rootId > 0)
            if (const auto c = m_store->serverComment(n.rootId); c && c->floor > 0)
                oldest = oldest == 0 ? c->floor : std::min(oldest, c->floor);
    return oldest;
}

qint64 CommentTreeModel::floorOfNode(const FloorNode &node) const
{
    const auto c = m_store->comment(node.rootId);
    return c ? c->floor : 0;
}

// --- QAbstractItemModel ---------------------------------------------------------------------

QModelIndex CommentTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (column != 0 || row < 0)
        return {};
    if (!parent.isValid())
        return row < floorRowsEnd() + (m_moreFloorsRow ? 1 : 0) ? createIndex(row, 0, quintptr(0))
                                                                : QModelIndex();
    if (parent.internalId() != 0 || parent.row() >= int(m_floors.size()))
        return {};
    const FloorNode &node = m_floors.at(parent.row());
    return row < node.children() ? createIndex(row, 0, quintptr(node.key)) : QModelIndex();
}

QModelIndex CommentTreeModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == 0)
        return {};
    const int row = rowOfKey(int(child.internalId()));
    return row >= 0 ? createIndex(row, 0, quintptr(0)) : QModelIndex();
}

int CommentTreeModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return floorRowsEnd() + (m_moreFloorsRow ? 1 : 0);
    if (parent.column() != 0 || parent.internalId() != 0 || parent.row() >= int(m_floors.size()))
        return 0;
    return m_floors.at(parent.row()).children();
}

int CommentTreeModel::columnCount(const QModelIndex &) const
{
    return 1;
}

bool CommentTreeModel::hasChildren(const QModelIndex &parent) const
{
    return rowCount(parent) > 0;
}

bool CommentTreeModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && m_hasMoreFloors && !m_loadingFloors && !m_floorsFailed &&
           !m_inChange;
}

void CommentTreeModel::fetchMore(const QModelIndex &parent)
{
    if (!canFetchMore(parent))
        return;
    m_loadingFloors = true;
    if (m_moreFloorsRow) {
        const QModelIndex i = index(floorRowsEnd(), 0);
        Q_EMIT dataChanged(i, i, {Qt::DisplayRole, LoadingRole});
    }
    Q_EMIT moreFloorsRequested();
}

QVariant CommentTreeModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    if (index.internalId() == 0) {
        if (index.row() < int(m_floors.size()))
            return commentData(m_floors.at(index.row()).rootId, role);
        switch (role) { // the "load more floors" row
        case KindRole:
            return int(RowKind::MoreFloors);
        case PostIdRole:
            return m_postId;
        case LoadingRole:
            return m_loadingFloors;
        case Qt::DisplayRole:
            return m_loadingFloors  ? tr("Loading floors…")
                   : m_floorsFailed ? tr("Could not load more floors — try again")
                                    : tr("Load more floors");
        }
        return {};
    }
    const int floorRow = rowOfKey(int(index.internalId()));
    if (floorRow < 0)
        return {};
    const FloorNode &node = m_floors.at(floorRow);
    if (index.row() < node.visible())
        return commentData(idAtChild(node, index.row()), role);
    switch (role) { // the "more replies (N)" row
    case KindRole:
        return int(RowKind::MoreReplies);
    case PostIdRole:
        return m_postId;
    case RootIdRole:
        return node.rootId;
    case MoreCountRole:
        return node.moreShown;
    case LoadingRole:
        return node.loading;
    case Qt::DisplayRole:
        return node.loading  ? tr("Loading replies…")
               : node.failed ? tr("Could not load the replies — try again")
                             : tr("More replies (%1)").arg(node.moreShown);
    }
    return {};
}

QVariant CommentTreeModel::commentData(qint64 id, int role) const
{
    const auto c = m_store->comment(id);
    if (!c)
        return {};
    switch (role) {
    case KindRole:
        return int(RowKind::Comment);
    case Qt::DisplayRole:
    case ContentRole:
        return c->content;
    case IdRole:
        return c->id;
    case PostIdRole:
        return c->postId;
    case RootIdRole:
        return c->rootId;
    case ParentIdRole:
        return c->parentId;
    case FloorRole:
        return c->floor;
    case SeqRole:
        return c->seq;
    case AuthorIdRole:
        return c->author.uid;
    case AuthorNameRole:
        return c->author.nickName;
    case AvatarUrlRole:
        return c->author.headImg;
    case ReplyToNameRole:
        return c->replyTo ? c->replyTo->nickName : QString();
    case LabelRole:
        return c->replyTo && !c->isRoot() ? tr("%1 replied to %2")
                                                .arg(core::shownName(c->author.nickName),
                                                     core::shownName(c->replyTo->nickName))
                                          : core::shownName(c->author.nickName);
    case ReplyHintRole:
        return tr("Reply to %1").arg(core::shownName(c->author.nickName));
    case Qt::AccessibleTextRole: { // what a screen reader says of the row, as the timeline's
        // the names as text, without the isolating marks the painted label puts around them
        const QString who = c->replyTo && !c->isRoot()
                                ? tr("%1 replied to %2")
                                      .arg(core::sanitizedText(c->author.nickName),
                                           core::sanitizedText(c->replyTo->nickName))
                                : core::sanitizedText(c->author.nickName);
        //: A comment for a screen reader: "李四 replied to 王五, floor 3: text. 2 likes · 1
        //: reply · 5 minutes ago"
        QString spoken =
            tr("%1, floor %2: %3. %4 · %5 · %6")
                .arg(who, QString::number(c->floor), c->content,
                     tr("%n like(s)", nullptr, int(c->likeCount)),
                     c->isRoot() ? tr("%n reply(s)", nullptr, int(c->replyCount))
                                 : tr("%n direct reply(s)", nullptr, int(c->replyCount)),
                     m_labels.text(c->id, c->createtime));
        if (c->opposeCount > 0)
            spoken += QLatin1String(" · ") + tr("%n oppose(s)", nullptr, int(c->opposeCount));
        if (c->liked)
            spoken += QLatin1String(" · ") + tr("you like it");
        if (c->opposed)
            spoken += QLatin1String(" · ") + tr("you oppose it");
        if (c->status == Comment::Status::Hidden)
            spoken += QLatin1String(" · ") + tr("hidden by a moderator");
        const auto pending = PostStore::Pending(commentData(id, PendingRole).toInt());
        if (pending == PostStore::Pending::Sending)
            spoken += QLatin1String(" · ") + tr("sending");
        else if (pending == PostStore::Pending::Failed)
            spoken += QLatin1String(" · ") + tr("not sent");
        return spoken;
    }
    case CreatedTimeRole:
        return c->createtime;
    case RelativeTimeRole: {
        return m_labels.text(c->id, c->createtime);
    }
    case LikedRole:
        return c->liked;
    case LikeCountRole:
        return c->likeCount;
    case OpposedRole:
        return c->opposed;
    case OpposeCountRole:
        return c->opposeCount;
    case ScoreRole:
        return c->score;
    case ReplyCountRole:
        return c->replyCount;
    case PendingRole:
        return int(c->id < 0 && m_store->commentPendingState(c->id) == PostStore::Pending::None
                       ? PostStore::Pending::Sending
                       : m_store->commentPendingState(c->id));
    case HiddenRole:
        return c->status == Comment::Status::Hidden;
    case ModerationReasonRole:
        return c->moderation ? core::sanitizedText(c->moderation->reason) : QString();
    case MoreCountRole:
        return qint64(0);
    case LoadingRole:
        return false;
    }
    return {};
}

QHash<int, QByteArray> CommentTreeModel::roleNames() const
{
    return roleNamesOf<Role>(QAbstractItemModel::roleNames(), RoleSpelling::EnumKey);
}

QList<int> CommentTreeModel::rolesFor(PostStore::Fields fields)
{
    QList<int> roles;
    if (fields & PostStore::Field::Content)
        roles << Qt::DisplayRole << ContentRole << AuthorIdRole << AuthorNameRole << AvatarUrlRole
              << ReplyToNameRole << LabelRole << ReplyHintRole << FloorRole << SeqRole
              << CreatedTimeRole << RelativeTimeRole;
    if (fields & PostStore::Field::Likes)
        roles << LikedRole << LikeCountRole << OpposedRole << OpposeCountRole << ScoreRole;
    if (fields & PostStore::Field::Comments)
        roles << ReplyCountRole;
    if (fields & PostStore::Field::Hidden)
        roles << HiddenRole << ModerationReasonRole;
    if (fields & PostStore::Field::Pending)
        roles << PendingRole;
    return roles;
}
// --- the relative-time role -----------------------------------------------------------------

void CommentTreeModel::setTicker(TimeTicker *ticker, const RelativeTime &format)
{
    TimeTicker *previous = m_labels.ticker();
    m_labels.set(ticker, format);
    hookUpTicker(this, previous, ticker, [this](qint64 nowMs) { onTick(nowMs); });
}

void CommentTreeModel::onTick(qint64 nowMs)
{
    // The floors, then each floor's replies: runs of rows under one parent together.
    qint64 nextDue = -1;
    const auto tickUnder = [&](const QModelIndex &parent, int count, auto idAt) {
        m_labels.tick(
            count, nowMs,
            [&](int row) -> std::optional<std::pair<qint64, qint64>> {
                const auto c = m_store->comment(idAt(row));
                return c ? std::optional(std::pair(c->id, c->createtime)) : std::nullopt;
            },
            [&](int first, int last) {
                Q_EMIT dataChanged(index(first, 0, parent), index(last, 0, parent),
                                   {RelativeTimeRole});
            },
            nextDue);
    };
    tickUnder(QModelIndex(), int(m_floors.size()),
              [this](int row) { return m_floors.at(row).rootId; });
    for (int f = 0; f < int(m_floors.size()); ++f) {
        const FloorNode &node = m_floors.at(f);
        tickUnder(index(f, 0), node.visible(),
                  [&node, this](int row) { return idAtChild(node, row); });
    }
    m_labels.arm(nextDue);
}

} // namespace threadline::models

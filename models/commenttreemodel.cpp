#include "commenttreemodel.h"
#include "usertext.h"

#include "threadassembly.h"
#include "timeticker.h"

#include <QMetaEnum>
#include <QScopedValueRollback>
#include <QSet>
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
    int ownStart = int(m_floors.size());
    while (ownStart > 0 && m_floors.at(ownStart - 1).own)
        --ownStart;
    if (!nodes.isEmpty()) {
        const auto floorOfNode = [this](const FloorNode &n) {
            const auto c = m_store->comment(n.rootId);
            return c ? c->floor : 0;
        };
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
        insertFloors(int(m_floors.size()), own);
    }
    setMoreFloorsRow(hasMore);
}

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
    std::sort(sorted.begin(), sorted.end(), [](const Comment &a, const Comment &b) {
        return a.seq != b.seq ? a.seq < b.seq : a.id < b.id;
    });
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
    QHash<int, QByteArray> names = QAbstractItemModel::roleNames();
    const QMetaEnum e = QMetaEnum::fromType<Role>();
    for (int i = 0; i < e.keyCount(); ++i)
        names.insert(e.value(i), QByteArray(e.key(i)));
    return names;
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
            node.own = true; // mine: at the end, shown at once
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

// --- the relative-time role -----------------------------------------------------------------

void CommentTreeModel::setTicker(TimeTicker *ticker, const RelativeTime &format)
{
    if (m_labels.ticker())
        disconnect(m_labels.ticker(), nullptr, this, nullptr);
    m_labels.set(ticker, format);
    if (!ticker)
        return;
    connect(ticker, &TimeTicker::tick, this, &CommentTreeModel::onTick);
    onTick(ticker->now());
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

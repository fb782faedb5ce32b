// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// One post's thread (楼中楼) as a two-level tree, as docs/design.md "Thread view" describes:
//   top level: the floors (root comments), then a "load more floors" row while the server has more
//   under a floor: its replies as one flat list in `seq` order ("张三 回复 李四"), the first 3
//                  shown, then a "more replies (N)" row that loads and expands the rest in place
// Rows point into the shared post store (a like in the thread is the same like everywhere). Pages
// arrive from a loader (ThreadLoader: the cache first, then the server) through appendFloors() and
// appendReplies(); each page is grouped in one pass (assembleThread: hashes on root and parent id).
// Live changes come from the store's signals: my pending comments appear at once (sending / failed)
// and are replaced in place by the server's comment (no reset), others' new comments appear where
// they belong when that part of the thread is loaded, removed or hidden comments leave (a root with
// its floor). Hidden comments are absent for ordinary users; moderators see them, marked.
// The floor order (by number, best first by score, or newest first) is fixed when a page arrives:
// a like does not make rows jump.
#pragma once

#include "common/relativetime.h"
#include "common/timelabels.h"
#include "poststore.h"

#include <QAbstractItemModel>
#include <QHash>
#include <QList>

namespace threadline::models {

class CommentTreeModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum class RowKind {
        Comment,     // a floor's root (top level) or a reply (under a floor)
        MoreReplies, // the last row under a floor: "more replies (N)"
        MoreFloors,  // the last top-level row: "load more floors"
    };
    Q_ENUM(RowKind)

    // Where a page came from: the server's pages have no gaps (the reply cursor moves over them,
    // a short one completes a floor); the cache's may (trimmed, single replies from /sync).
    enum class Source { Server, Cache };
    Q_ENUM(Source)

    enum class Order {
        Floor,  // floor number, oldest first
        Best,   // score descending, then floor (as the server pages order=best)
        Newest, // floor number, newest first (order=newest); my pending floors on top
    };
    Q_ENUM(Order)

    enum Role {
        KindRole = Qt::UserRole + 1, // int: RowKind
        IdRole,                      // qint64: the comment id (< 0: mine, not yet on the server)
        PostIdRole,                  // qint64: the post
        RootIdRole,                  // qint64: the floor's root (0 for a root itself)
        ParentIdRole,                // qint64: the comment answered (0 for a root)
        FloorRole,                   // qint64: the floor number (楼)
        SeqRole,                     // qint64: the reply's number in its floor (0 for a root)
        AuthorIdRole,                // qint64: the author's uid
        AuthorNameRole,              // QString: the author's nickname
        AvatarUrlRole,               // QString: the author's avatar (absolute or /path)
        ReplyToNameRole,             // QString: whom a reply answers ("" for a root)
        LabelRole,            // QString: "张三" for a root, "张三 回复 李四" for a reply
        ReplyHintRole,        // QString: the input box's hint when answering it: "回复 张三"
        ContentRole,          // QString: the text, plain
        CreatedTimeRole,      // qint64: createtime, ms since the epoch
        RelativeTimeRole,     // QString: 刚刚 / N分钟前 / … (ages with the ticker)
        LikedRole,            // bool: I like it (赞; pending votes included)
        LikeCountRole,        // qint64: likes
        OpposedRole,          // bool: I oppose it (踩)
        OpposeCountRole,      // qint64: opposes
        ScoreRole,            // qint64: 2 × likes − opposes
        ReplyCountRole,       // qint64: a root: its floor's replies; a reply: direct replies
        PendingRole,          // int: core::PostStore::Pending (sending / failed)
        HiddenRole,           // bool: hidden by a moderator (only moderators see these)
        ModerationReasonRole, // QString: why it was hidden (moderators)
        MoreCountRole,        // qint64: MoreReplies rows: the replies not shown yet
        LoadingRole,          // bool: More rows: their page is being loaded
    };
    Q_ENUM(Role)

    static constexpr int kPreviewReplies = 3; // replies a floor shows before "more replies (N)"

    explicit CommentTreeModel(core::PostStore *store, QObject *parent = nullptr);

    // Shows the thread of `postId` in `order`: an empty tree (a reset) that pages then fill.
    void setPost(qint64 postId, Order order = Order::Floor);
    [[nodiscard]] qint64 postId() const { return m_postId; }
    [[nodiscard]] Order order() const { return m_order; }
    // Moderators see hidden comments, marked; everyone else never does. Changing it is a reset.
    void setModerator(bool moderator);
    [[nodiscard]] bool isModerator() const { return m_moderator; }
    void setTicker(TimeTicker *ticker, const RelativeTime &format);

    // --- pages from the loader (the model puts the comments into the store) ---
    // A page of floors with (some of) their replies, in the page's order (the server's best order,
    // or floor order); floors already shown are skipped, each floor's replies merged. `hasMore`:
    // the source has more floors after this page (shows the "load more floors" row).
    void appendFloors(const QList<core::Comment> &roots, const QList<core::Comment> &replies,
                      bool hasMore, Source source = Source::Server);
    // The next replies of one floor (seq order, after what it holds); `complete`: none after them.
    void appendReplies(qint64 rootId, const QList<core::Comment> &replies, bool complete,
                       Source source = Source::Server);
    // A load failed: the More row says so, and activating it tries again (a view's own
    // fetchMore() does not, so that a dead server is not asked in a loop).
    void floorsFailed();
    void repliesFailed(qint64 rootId);
    void setHasMoreFloors(bool more);
    [[nodiscard]] bool hasMoreFloors() const { return m_hasMoreFloors; }

    // --- what the view does ---
    // The "more replies" row was activated: shows the replies the floor holds and, when the
    // source has more, asks for them (moreRepliesRequested). Also takes a floor's root index.
    void expand(const QModelIndex &index);
    // Activating any row: a More row loads (expand / fetchMore); false for a comment.
    bool activate(const QModelIndex &index);

    // --- lookups ---
    [[nodiscard]] QModelIndex indexOfComment(qint64 commentId) const;
    [[nodiscard]] qint64 commentIdAt(const QModelIndex &index) const;
    [[nodiscard]] int floorCount() const { return int(m_floors.size()); }
    // The comments the tree holds: floors and the replies under them (shown or not).
    [[nodiscard]] int heldComments() const;
    // The replies a floor holds (loaded, shown or not) and the last seq among them (where the
    // cache continues; the server continues from the floor's own cursor).
    [[nodiscard]] int loadedReplies(qint64 rootId) const;
    [[nodiscard]] qint64 lastSeq(qint64 rootId) const;
    // The last floor number the tree holds from the source (the floor-order cursor).
    [[nodiscard]] qint64 lastFloor() const;
    // The lowest floor number the tree holds from the source (the newest-first cursor; 0: none).
    [[nodiscard]] qint64 oldestFloor() const;

    // --- QAbstractItemModel ---
    [[nodiscard]] QModelIndex index(int row, int column,
                                    const QModelIndex &parent = {}) const override;
    [[nodiscard]] QModelIndex parent(const QModelIndex &child) const override;
    [[nodiscard]] int rowCount(const QModelIndex &parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex &parent = {}) const override;
    [[nodiscard]] bool hasChildren(const QModelIndex &parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex &index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;
    [[nodiscard]] bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

    // The roles a change of these fields touches on a comment row.
    [[nodiscard]] static QList<int> rolesFor(core::PostStore::Fields fields);

Q_SIGNALS:
    // The owner (ThreadLoader) loads the next floors and calls appendFloors() (or floorsFailed()).
    void moreFloorsRequested();
    // … the replies of a floor after `afterSeq` (the server's cursor: every reply up to it is
    // held) and calls appendReplies() (or repliesFailed()).
    void moreRepliesRequested(qint64 rootId, qint64 afterSeq);

private:
    struct FloorNode
    {
        int key = 0;          // stable for the node's life: the children's internalId
        qint64 rootId = 0;    // the root comment (may change from a local id to the server's)
        QList<qint64> loaded; // replies held, seq order (from pages and live inserts)
        QList<qint64> extra;  // replies shown after them: mine, and ones that arrived live
        int shown = 0;        // how many of `loaded` are shown
        qint64 cursor = 0;    // the server's replies are held without a gap up to this seq
        bool expanded = false;
        bool complete = false; // `loaded` holds every reply of the floor
        bool loading = false;  // its replies are being fetched
        bool failed = false;   // the last load failed (the row says so; activating retries)
        bool moreRow = false;  // the "more replies" row is shown
        qint64 moreShown = 0;  // the N it says (changed by updateMoreRow, with dataChanged)
        bool own = false;      // added live (mine / arrived by sync), not from a page
        // a server's floor that arrived live with replies (an unhide brought it back): the
        // replies the sync brings after it are taken in, in seq order, until it is complete
        bool returned = false;
        [[nodiscard]] int visible() const { return shown + int(extra.size()); }
        [[nodiscard]] int children() const { return visible() + (moreRow ? 1 : 0); }
    };

    [[nodiscard]] bool admits(const core::Comment &c) const;
    [[nodiscard]] bool before(const core::Comment &a, const core::Comment &b) const;
    [[nodiscard]] FloorNode *nodeOfRoot(qint64 rootId);
    [[nodiscard]] int rowOfKey(int key) const { return m_rowOfKey.value(key, -1); }
    [[nodiscard]] qint64 moreCount(const FloorNode &node) const;
    [[nodiscard]] qint64 idAtChild(const FloorNode &node, int row) const;
    [[nodiscard]] int childRowOf(const FloorNode &node, qint64 replyId) const;
    [[nodiscard]] QVariant commentData(qint64 id, int role) const;
    [[nodiscard]] int floorRowsEnd() const { return int(m_floors.size()); }
    [[nodiscard]] qint64 floorOfNode(const FloorNode &node) const;
    // Newest order: page floors by floor number, descending, after my own floors on top.
    void insertNewestFloors(const QList<FloorNode> &nodes);
    void reindexFrom(int row);
    void insertFloors(int row, const QList<FloorNode> &nodes);
    void removeFloorAt(int row);
    void removeReply(FloorNode &node, qint64 replyId);
    void updateMoreRow(int floorRow);
    void setMoreFloorsRow(bool shown);
    void insertLiveComment(const core::Comment &c);
    void fillFloor(FloorNode &node, const QList<qint64> &replyIds, Source source) const;
    [[nodiscard]] qint64 seqOf(qint64 commentId) const;
    void mergeReplies(qint64 rootId, const QList<core::Comment> &replies, Source source,
                      bool pagePreview);
    void insertReply(FloorNode &node, const core::Comment &c);
    [[nodiscard]] static QList<qint64> pendingInCreationOrder(QList<qint64> ids);
    [[nodiscard]] QList<qint64> pendingRepliesTo(qint64 rootId) const;

    void onCommentAdded(qint64 postId, qint64 commentId);
    void onCommentChanged(qint64 commentId, core::PostStore::Fields fields);
    void onCommentRemoved(qint64 postId, qint64 commentId);
    void onCommentIdChanged(qint64 localId, qint64 serverId);
    void onTick(qint64 nowMs);

    core::PostStore *m_store;
    qint64 m_postId = 0;
    Order m_order = Order::Floor;
    bool m_moderator = false;
    QList<FloorNode> m_floors;
    QHash<int, int> m_rowOfKey;      // node key → top-level row
    QHash<qint64, int> m_keyOfRoot;  // root id → node key
    QHash<qint64, int> m_keyOfReply; // reply id → node key
    int m_nextKey = 1;
    bool m_hasMoreFloors = false;
    bool m_moreFloorsRow = false;
    bool m_loadingFloors = false;
    bool m_floorsFailed = false; // the last load failed: only activating the row tries again
    bool m_pageSeen = false;     // a page arrived: live floors have a place
    bool m_applying = false;     // a page is going into the store (its signals are not news)
    bool m_inChange = false;     // a page is being added: fetchMore() waits (re-entrance)
    TimeLabels m_labels;         // the time role's texts, aged by the ticker
};

} // namespace threadline::models

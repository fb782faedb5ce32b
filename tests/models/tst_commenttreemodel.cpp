// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The comment tree (floors and replies, 楼中楼) under QAbstractItemModelTester: pages, "more
// replies (N)" expanding in place, "load more floors", best order, my pending replies replaced in
// place, likes, removals and moderation hides; then the ThreadLoader against the real server (the
// 1,800-comment thread paged to its end, best order, the cache offline, hidden comments for
// moderators only, a dead server, a deleted post) and the sample fixture.
#include "actions.h"
#include "net/apiclient.h"
#include "cache/cache.h"
#include "thread/commenttreemodel.h"
#include "wire/jsoncodec.h"
#include "outbox/outbox.h"
#include "poststore.h"
#include "testserver.h"
#include "thread/threadloader.h"
#include "common/timeticker.h"
#include "wire/usertext.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QJsonArray>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "isolates.h"

using namespace threadline;
using namespace threadline::models;
using core::Comment;
using core::PostStore;
using test::Client;
using test::TestServer;
using Kind = CommentTreeModel::RowKind;

namespace {
const QString kApi = QStringLiteral("/api/v1");
constexpr qint64 kPost = 7;

core::UserBrief user(qint64 uid)
{
    static const QStringList names{QStringLiteral("张三"), QStringLiteral("李四"),
                                   QStringLiteral("王五"), QStringLiteral("麻子")};
    return core::UserBrief{uid, names.at(int(qAbs(uid) % names.size())), QString()};
}

Comment root(qint64 id, qint64 floor, qint64 replies = 0, qint64 score = 0)
{
    Comment c;
    c.id = id;
    c.postId = kPost;
    c.floor = floor;
    c.author = user(id);
    c.content = QStringLiteral("floor %1").arg(floor);
    c.createtime = 1'700'000'000'000 + id;
    c.replyCount = replies;
    c.score = score;
    c.likeCount = score > 0 ? score / 2 : 0;
    return c;
}

Comment reply(qint64 id, const Comment &rootC, qint64 seq, const Comment &parent)
{
    Comment c;
    c.id = id;
    c.postId = kPost;
    c.rootId = rootC.id;
    c.parentId = parent.id;
    c.floor = rootC.floor;
    c.seq = seq;
    c.author = user(id);
    c.replyTo = parent.author;
    c.content = QStringLiteral("reply %1").arg(seq);
    c.createtime = rootC.createtime + seq * 1000;
    return c;
}

// Floors 1..n (ids 100+f); floor 1 has `first` replies (ids 1000+seq), the others none.
struct Thread
{
    QList<Comment> roots;
    QList<Comment> replies; // of floor 1, seq order
};

Thread makeThread(int floors, int first)
{
    Thread t;
    for (int f = 1; f <= floors; ++f)
        t.roots.append(root(100 + f, f, f == 1 ? first : 0));
    for (int s = 1; s <= first; ++s) {
        const Comment &parent = s <= 2 ? t.roots.first() : t.replies.at(s - 2);
        t.replies.append(reply(1000 + s, t.roots.first(), s, parent));
    }
    return t;
}

QList<qint64> ids(const QList<Comment> &comments)
{
    QList<qint64> out;
    for (const Comment &c : comments)
        out.append(c.id);
    return out;
}

// The ids of the comment rows under `parent`, in row order.
QList<qint64> childIds(const CommentTreeModel &m, const QModelIndex &parent)
{
    QList<qint64> out;
    for (int r = 0; r < m.rowCount(parent); ++r) {
        const QModelIndex i = m.index(r, 0, parent);
        if (Kind(i.data(CommentTreeModel::KindRole).toInt()) == Kind::Comment)
            out.append(i.data(CommentTreeModel::IdRole).toLongLong());
    }
    return out;
}

Kind kindAt(const CommentTreeModel &m, int row, const QModelIndex &parent = {})
{
    return Kind(m.index(row, 0, parent).data(CommentTreeModel::KindRole).toInt());
}

core::Post samplePost()
{
    QFile f(QStringLiteral(THREADLINE_REPO_FIXTURES_DIR "/seed-post-90012.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("no fixture");
    return core::decodePost(f.readAll()).value();
}

// Scrolls to the end as a view would: fetchMore() until there is no more, each page awaited.
bool fetchAllFloors(CommentTreeModel &model, ThreadLoader &loader)
{
    for (int pages = 0; pages < 500; ++pages) {
        if (!QTest::qWaitFor([&] { return !loader.isBusy(); }, 20000))
            return false;
        if (!model.canFetchMore({}))
            return true;
        const int before = model.floorCount();
        model.fetchMore({});
        if (!QTest::qWaitFor([&] { return model.floorCount() > before || !loader.isBusy(); },
                             20000))
            return false;
    }
    return false;
}

// What the server says, through the test client: a floors page as the loader would get it.
core::FloorPage floorsOf(Client &c, qint64 postId, const QString &query)
{
    const auto r = c.get(kApi + QStringLiteral("/posts/%1/comments?%2").arg(postId).arg(query));
    return core::decodeFloorPage(r.body).value();
}
} // namespace

class TstCommentTreeModel : public QObject
{
    Q_OBJECT

    TestServer m_server;
    QTemporaryDir m_dir;

    struct Harness
    {
        PostStore store;
        CommentTreeModel model{&store};
        QAbstractItemModelTester tester{&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest};
        Harness() { model.setPost(kPost); }
        void page(const QList<Comment> &roots, const QList<Comment> &replies, bool more)
        {
            model.appendFloors(roots, replies, more);
        }
    };

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_server.start()); }

    // --- the model alone, fed as the loader feeds it ---

    void sampleRendersAsFloors()
    {
        const core::Post p = samplePost();
        PostStore store;
        CommentTreeModel model(&store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPost(p.id);
        model.appendFloors(p.comments, {}, false);
        QCOMPARE(model.rowCount(), 3); // three floors, no "load more floors" row
        for (int r = 0; r < 3; ++r) {
            const QModelIndex i = model.index(r, 0);
            QCOMPARE(kindAt(model, r), Kind::Comment);
            QCOMPARE(i.data(CommentTreeModel::ContentRole).toString(),
                     QStringLiteral("这是一个回复678ijnfdsf"));
            QCOMPARE(model.rowCount(i), 0);
            QVERIFY(!i.data(CommentTreeModel::LabelRole).toString().isEmpty());
            QVERIFY(!i.data(CommentTreeModel::RelativeTimeRole).toString().isEmpty());
        }
    }

    void floorShowsThreeRepliesThenMore()
    {
        Harness h;
        const Thread t = makeThread(3, 10);
        h.page(t.roots, t.replies.mid(0, 3), false); // the server sends the first 3 of a floor
        QCOMPARE(h.model.rowCount(), 3);
        const QModelIndex f1 = h.model.index(0, 0);
        QCOMPARE(h.model.rowCount(f1), 4); // 3 replies + "more replies (7)"
        QCOMPARE(childIds(h.model, f1), ids(t.replies.mid(0, 3)));
        const QModelIndex more = h.model.index(3, 0, f1);
        QCOMPARE(kindAt(h.model, 3, f1), Kind::MoreReplies);
        QCOMPARE(more.data(CommentTreeModel::MoreCountRole).toLongLong(), 7);
        QCOMPARE(more.data(Qt::DisplayRole).toString(), QStringLiteral("More replies (7)"));
        QCOMPARE(h.model.rowCount(h.model.index(1, 0)), 0); // a floor without replies
        // labels: "A replied to B"; a reply to a reply does not indent further
        const QModelIndex r3 = h.model.index(2, 0, f1);
        QCOMPARE(r3.data(CommentTreeModel::LabelRole).toString(),
                 QStringLiteral("%1 replied to %2")
                     .arg(threadline::core::shownName(t.replies.at(2).author.nickName),
                          threadline::core::shownName(t.replies.at(1).author.nickName)));
        QCOMPARE(withoutIsolates(r3.data(CommentTreeModel::ReplyHintRole).toString()),
                 QStringLiteral("Reply to %1").arg(t.replies.at(2).author.nickName));
        QCOMPARE(h.model.rowCount(r3), 0);
        QCOMPARE(f1.data(CommentTreeModel::ReplyCountRole).toLongLong(), 10);

        // activating "more": asks for the rest after seq 3, then expands in place
        QSignalSpy asked(&h.model, &CommentTreeModel::moreRepliesRequested);
        QSignalSpy inserted(&h.model, &QAbstractItemModel::rowsInserted);
        QSignalSpy reset(&h.model, &QAbstractItemModel::modelReset);
        QVERIFY(h.model.activate(more));
        QCOMPARE(asked.count(), 1);
        QCOMPARE(asked.at(0).at(0).toLongLong(), t.roots.first().id);
        QCOMPARE(asked.at(0).at(1).toLongLong(), 3);
        QVERIFY(h.model.index(3, 0, f1).data(CommentTreeModel::LoadingRole).toBool());
        h.model.expand(more); // a second click while loading asks nothing more
        QCOMPARE(asked.count(), 1);
        h.model.appendReplies(t.roots.first().id, t.replies.mid(3), true);
        QCOMPARE(childIds(h.model, f1), ids(t.replies));
        QCOMPARE(h.model.rowCount(f1), 10); // the "more" row is gone
        QCOMPARE(reset.count(), 0);
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(inserted.at(0).at(0).value<QModelIndex>(), QModelIndex(f1));
        QCOMPARE(inserted.at(0).at(1).toInt(), 3);
        QCOMPARE(inserted.at(0).at(2).toInt(), 9);
    }

    void heldRepliesExpandWithoutARequest()
    {
        // the cache gave the whole floor: "more" shows what is held, no request
        Harness h;
        const Thread t = makeThread(1, 6);
        h.page(t.roots, t.replies, false);
        const QModelIndex f1 = h.model.index(0, 0);
        QCOMPARE(h.model.rowCount(f1), 4);
        QSignalSpy asked(&h.model, &CommentTreeModel::moreRepliesRequested);
        QVERIFY(h.model.activate(h.model.index(3, 0, f1)));
        QCOMPARE(asked.count(), 0);
        QCOMPARE(childIds(h.model, f1), ids(t.replies));
    }

    void loadMoreFloorsRow()
    {
        Harness h;
        const Thread t = makeThread(6, 0);
        QSignalSpy asked(&h.model, &CommentTreeModel::moreFloorsRequested);
        h.page(t.roots.mid(0, 3), {}, true);
        QCOMPARE(h.model.rowCount(), 4);
        QCOMPARE(kindAt(h.model, 3), Kind::MoreFloors);
        // nothing is asked while the page goes in (a view's fetchMore waits for the change)
        QCOMPARE(asked.count(), 0);
        QVERIFY(h.model.canFetchMore({}));
        h.model.fetchMore({});
        QCOMPARE(asked.count(), 1);
        QVERIFY(h.model.index(3, 0).data(CommentTreeModel::LoadingRole).toBool());
        QCOMPARE(h.model.index(3, 0).data(Qt::DisplayRole).toString(),
                 QStringLiteral("Loading floors…"));
        h.model.fetchMore({});
        QVERIFY(!h.model.activate(h.model.index(0, 0))); // a comment row loads nothing
        QCOMPARE(asked.count(), 1);
        // a failed load: the row says so; a view's fetchMore does not retry, activating does
        h.model.floorsFailed();
        QCOMPARE(h.model.index(3, 0).data(Qt::DisplayRole).toString(),
                 QStringLiteral("Could not load more floors — try again"));
        QVERIFY(!h.model.canFetchMore({}));
        h.model.fetchMore({});
        QCOMPARE(asked.count(), 1);
        QVERIFY(h.model.activate(h.model.index(3, 0)));
        QCOMPARE(asked.count(), 2);
        QSignalSpy reset(&h.model, &QAbstractItemModel::modelReset);
        h.page(t.roots.mid(3), {}, false);
        QCOMPARE(h.model.rowCount(), 6);
        QCOMPARE(childIds(h.model, {}), ids(t.roots));
        QVERIFY(!h.model.canFetchMore({}));
        QCOMPARE(reset.count(), 0);
        QCOMPARE(h.model.lastFloor(), 6);
        // a page repeating floors already shown adds nothing
        QSignalSpy inserted(&h.model, &QAbstractItemModel::rowsInserted);
        h.page(t.roots, {}, false);
        QCOMPARE(inserted.count(), 0);
    }

    void floorsFillGapsInFloorOrder()
    {
        Harness h;
        const Thread t = makeThread(5, 0);
        h.page({t.roots.at(0), t.roots.at(2), t.roots.at(4)}, {}, false);
        h.page({t.roots.at(3), t.roots.at(1)}, {}, false);
        QCOMPARE(childIds(h.model, {}), ids(t.roots));
    }

    void bestOrderKeepsThePagesRanking()
    {
        Harness h;
        h.model.setPost(kPost, CommentTreeModel::Order::Best);
        const QList<Comment> ranked{root(103, 3, 0, 10), root(101, 1, 0, 4), root(102, 2, 0, 0)};
        h.page(ranked, {}, true);
        QCOMPARE(childIds(h.model, {}), (QList<qint64>{103, 101, 102}));
        // a like does not make rows jump
        h.store.setPendingCommentVote(102, 1);
        QCOMPARE(childIds(h.model, {}), (QList<qint64>{103, 101, 102}));
        h.page({root(104, 4, 0, -1)}, {}, false);
        QCOMPARE(childIds(h.model, {}), (QList<qint64>{103, 101, 102, 104}));
    }

    void likeTogglesOneRowsLikeRoles()
    {
        Harness h;
        const Thread t = makeThread(2, 4);
        h.page(t.roots, t.replies.mid(0, 3), false);
        const QModelIndex r2 = h.model.indexOfComment(1002);
        QVERIFY(r2.isValid());
        QSignalSpy changed(&h.model, &QAbstractItemModel::dataChanged);
        h.store.setPendingCommentVote(1002, 1);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(0).value<QModelIndex>(), QModelIndex(r2));
        QCOMPARE(changed.at(0).at(1).value<QModelIndex>(), QModelIndex(r2));
        const auto roles = changed.at(0).at(2).value<QList<int>>();
        QVERIFY(roles.contains(CommentTreeModel::LikedRole));
        QVERIFY(roles.contains(CommentTreeModel::LikeCountRole));
        QVERIFY(roles.contains(CommentTreeModel::ScoreRole));
        QVERIFY(!roles.contains(CommentTreeModel::ContentRole));
        QVERIFY(r2.data(CommentTreeModel::LikedRole).toBool());
        QCOMPARE(r2.data(CommentTreeModel::LikeCountRole).toLongLong(), 1);
        QCOMPARE(r2.data(CommentTreeModel::ScoreRole).toLongLong(), 2);
        // oppose (踩) takes the like back
        h.store.setPendingCommentVote(1002, -1);
        QVERIFY(!r2.data(CommentTreeModel::LikedRole).toBool());
        QVERIFY(r2.data(CommentTreeModel::OpposedRole).toBool());
        QCOMPARE(r2.data(CommentTreeModel::ScoreRole).toLongLong(), -1);
    }

    void myPendingReplyShowsAtOnceAndIsReplacedInPlace()
    {
        Harness h;
        const Thread t = makeThread(2, 10);
        h.page(t.roots, t.replies.mid(0, 3), false);
        const QModelIndex f1 = h.model.index(0, 0);
        QCOMPARE(h.model.rowCount(f1), 4);
        // a reply of mine to reply 2 of a collapsed floor: shown at once, after the shown ones
        Comment mine = reply(-1, t.roots.first(), 0, t.replies.at(1));
        mine.content = QStringLiteral("我的回复");
        h.store.addPendingComment(mine);
        QCOMPARE(h.model.rowCount(f1), 5);
        const QPersistentModelIndex row(h.model.index(3, 0, f1));
        QCOMPARE(row.data(CommentTreeModel::IdRole).toLongLong(), -1);
        QCOMPARE(row.data(CommentTreeModel::PendingRole).toInt(), int(PostStore::Pending::Sending));
        QCOMPARE(withoutIsolates(row.data(CommentTreeModel::LabelRole).toString()),
                 QStringLiteral("%1 replied to %2")
                     .arg(mine.author.nickName, t.replies.at(1).author.nickName));
        // the floor's count includes it: still 7 not shown
        QCOMPARE(h.model.index(4, 0, f1).data(CommentTreeModel::MoreCountRole).toLongLong(), 7);
        // a transient failure marks it; the server then creates it: the same row, its id
        h.store.setCommentPending(-1, PostStore::Pending::Failed);
        QCOMPARE(row.data(CommentTreeModel::PendingRole).toInt(), int(PostStore::Pending::Failed));
        QSignalSpy inserted(&h.model, &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(&h.model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy reset(&h.model, &QAbstractItemModel::modelReset);
        Comment server = mine;
        server.id = 1011;
        server.seq = 11;
        h.store.resolvePendingComment(-1, server);
        QCOMPARE(inserted.count(), 0);
        QCOMPARE(removed.count(), 0);
        QCOMPARE(reset.count(), 0);
        QVERIFY(row.isValid());
        QCOMPARE(row.row(), 3);
        QCOMPARE(row.data(CommentTreeModel::IdRole).toLongLong(), 1011);
        QCOMPARE(row.data(CommentTreeModel::PendingRole).toInt(), int(PostStore::Pending::None));
        QCOMPARE(h.model.indexOfComment(1011), QModelIndex(row));
        // expanding later does not show it twice
        QSignalSpy asked(&h.model, &CommentTreeModel::moreRepliesRequested);
        h.model.expand(h.model.index(4, 0, f1));
        QCOMPARE(asked.count(), 1);
        QList<Comment> rest = t.replies.mid(3);
        rest.append(server);
        h.model.appendReplies(101, rest, true);
        const QList<qint64> shown = childIds(h.model, f1);
        QCOMPARE(shown.count(1011), 1);
        QCOMPARE(shown.size(), 11);
    }

    void myPendingFloorAndTheServersCopyArrivingFirst()
    {
        Harness h;
        const Thread t = makeThread(2, 0);
        h.page(t.roots, {}, true);
        Comment mine = root(-5, 0);
        h.store.addPendingComment(mine);
        QCOMPARE(h.model.rowCount(), 4); // 2 floors, mine, "load more floors"
        QCOMPARE(h.model.index(2, 0).data(CommentTreeModel::IdRole).toLongLong(), -5);
        QCOMPARE(kindAt(h.model, 3), Kind::MoreFloors);
        // the sync brought the server's copy before the outbox's answer: one floor remains
        Comment server = mine;
        server.id = 150;
        server.floor = 50;
        h.store.upsertComment(server); // beyond the loaded floors: not inserted by itself
        QCOMPARE(h.model.rowCount(), 4);
        h.store.resolvePendingComment(-5, server);
        QCOMPARE(h.model.rowCount(), 4);
        QCOMPARE(h.model.index(2, 0).data(CommentTreeModel::IdRole).toLongLong(), 150);
        // a reply of someone else to the server's copy of a reply already shown
        Harness g;
        const Thread u = makeThread(1, 2);
        g.page(u.roots, u.replies, false);
        Comment local = reply(-9, u.roots.first(), 0, u.roots.first());
        g.store.addPendingComment(local);
        Comment echoed = local;
        echoed.id = 1003;
        echoed.seq = 3;
        g.store.upsertComment(echoed); // complete floor: inserted live
        QCOMPARE(g.model.rowCount(g.model.index(0, 0)), 4);
        g.store.resolvePendingComment(-9, echoed);
        QCOMPARE(childIds(g.model, g.model.index(0, 0)), (QList<qint64>{1001, 1002, 1003}));
    }

    void othersRepliesArriveWhereTheyBelong()
    {
        Harness h;
        const Thread t = makeThread(2, 10);
        h.page(t.roots, t.replies.mid(0, 3), false);
        const QModelIndex f1 = h.model.index(0, 0);
        QSignalSpy inserted(&h.model, &QAbstractItemModel::rowsInserted);
        // a new reply beyond what the floor holds: only the count of "more replies" grows
        Comment r11 = reply(1011, t.roots.first(), 11, t.roots.first());
        Comment root1 = t.roots.first();
        root1.replyCount = 11;
        h.store.upsertComment(root1);
        h.store.upsertComment(r11);
        QCOMPARE(inserted.count(), 0);
        QCOMPARE(h.model.index(3, 0, f1).data(CommentTreeModel::MoreCountRole).toLongLong(), 8);
        // a floor with everything loaded takes it as a row
        Comment f2 = t.roots.at(1);
        f2.replyCount = 1;
        h.store.upsertComment(f2);
        h.store.upsertComment(reply(2001, f2, 1, f2));
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(childIds(h.model, h.model.index(1, 0)), (QList<qint64>{2001}));
        // a new floor when all floors are loaded
        h.store.upsertComment(root(103, 3));
        QCOMPARE(h.model.rowCount(), 3);
    }

    void cachedRepliesWithAGapDoNotMoveTheServerCursor()
    {
        // the cache held seq 1, 2, 3 and 150 of a floor (trimmed, or one reply from /sync)
        Harness h;
        Comment r1 = root(101, 1, 150);
        QList<Comment> held;
        for (qint64 seq : {1, 2, 3, 150})
            held.append(reply(1000 + seq, r1, seq, r1));
        h.model.appendFloors({r1}, held, false, CommentTreeModel::Source::Cache);
        const QModelIndex f1 = h.model.index(0, 0);
        QSignalSpy asked(&h.model, &CommentTreeModel::moreRepliesRequested);
        h.model.expand(f1);
        QCOMPARE(asked.count(), 1);
        QCOMPARE(asked.at(0).at(1).toLongLong(), 0); // from the start: nothing is known gap-free
        QList<Comment> page;
        for (qint64 seq = 1; seq <= 20; ++seq)
            page.append(reply(1000 + seq, r1, seq, r1));
        h.model.appendReplies(101, page, false);
        QList<qint64> want;
        for (qint64 seq = 1; seq <= 20; ++seq)
            want.append(1000 + seq);
        want.append(1150);
        QCOMPARE(childIds(h.model, f1), want); // in seq order, the held 150 last
        h.model.expand(f1);
        QCOMPARE(asked.count(), 2);
        QCOMPARE(asked.at(1).at(1).toLongLong(), 20); // the server continues after 20
    }

    void moderatorsFloorOfHiddenRepliesIsNotCompleteEarly()
    {
        // 3 hidden replies then 2 visible: the preview holds the hidden ones, replyCount is 2
        Harness h;
        h.model.setModerator(true);
        h.model.setPost(kPost);
        Comment r1 = root(101, 1, 2);
        QList<Comment> preview;
        for (qint64 seq = 1; seq <= 3; ++seq) {
            Comment c = reply(1000 + seq, r1, seq, r1);
            c.status = Comment::Status::Hidden;
            preview.append(c);
        }
        h.page({r1}, preview, false);
        const QModelIndex f1 = h.model.index(0, 0);
        QCOMPARE(h.model.rowCount(f1), 4);
        QCOMPARE(kindAt(h.model, 3, f1), Kind::MoreReplies);
        QCOMPARE(h.model.index(3, 0, f1).data(CommentTreeModel::MoreCountRole).toLongLong(), 2);
        QSignalSpy asked(&h.model, &CommentTreeModel::moreRepliesRequested);
        h.model.expand(f1);
        QCOMPARE(asked.count(), 1);
        QCOMPARE(asked.at(0).at(1).toLongLong(), 3);
    }

    void myRepliesMoveUnderTheServersCopyOfMyFloor()
    {
        Harness h;
        h.page({root(101, 1)}, {}, false);
        h.store.addPendingComment(root(-5, 0));
        Comment mine = reply(-6, root(-5, 0), 0, root(-5, 0));
        h.store.addPendingComment(mine);
        QCOMPARE(childIds(h.model, h.model.index(1, 0)), (QList<qint64>{-6}));
        Comment server = root(-5, 0);
        server.id = 150;
        server.floor = 2;
        h.store.upsertComment(server); // the sync brought it first: a floor of its own
        QCOMPARE(h.model.floorCount(), 3);
        h.store.resolvePendingComment(-5, server);
        QCOMPARE(h.model.floorCount(), 2);
        const QModelIndex f = h.model.indexOfComment(150);
        QVERIFY(f.isValid());
        QCOMPARE(childIds(h.model, f), (QList<qint64>{-6}));
        Comment serverReply = mine;
        serverReply.id = 1501;
        serverReply.rootId = 150;
        serverReply.parentId = 150;
        serverReply.seq = 1;
        h.store.resolvePendingComment(-6, serverReply);
        QCOMPARE(childIds(h.model, h.model.indexOfComment(150)), (QList<qint64>{1501}));
    }

    void myWaitingFloorsShowWhenTheThreadOpensAgain()
    {
        PostStore store;
        store.addPendingComment(root(-7, 0)); // written offline, the thread closed since
        CommentTreeModel model(&store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPost(kPost);
        model.appendFloors({root(101, 1)}, {}, false);
        QCOMPARE(childIds(model, {}), (QList<qint64>{101, -7}));
        Comment server = root(-7, 0);
        server.id = 170;
        server.floor = 2;
        store.resolvePendingComment(-7, server);
        QCOMPARE(childIds(model, {}), (QList<qint64>{101, 170}));
    }

    void offlineWithoutACacheFailsOutsideTheModelsSignals()
    {
        core::ApiClient api;
        api.setOffline(true);
        PostStore store;
        CommentTreeModel model(&store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        ThreadLoader loader(&api, nullptr, &store, &model);
        QSignalSpy errors(&loader, &ThreadLoader::error);
        model.setPost(kPost);
        model.appendFloors({root(101, 1)}, {}, true); // an earlier page said there is more
        model.fetchMore({});
        QCOMPARE(errors.count(), 1);
        QTRY_COMPARE(model.index(1, 0).data(Qt::DisplayRole).toString(),
                     QStringLiteral("Could not load more floors — try again"));
        QVERIFY(!model.canFetchMore({}));
    }

    void removalsAndHidesForUsersAndModerators_data()
    {
        QTest::addColumn<bool>("moderator");
        QTest::newRow("user") << false;
        QTest::newRow("moderator") << true;
    }

    void removalsAndHidesForUsersAndModerators()
    {
        QFETCH(bool, moderator);
        Harness h;
        h.model.setModerator(moderator);
        h.model.setPost(kPost);
        Thread t = makeThread(3, 5);
        t.replies[1].status = Comment::Status::Hidden; // hidden before: only moderators see it
        h.page(t.roots, t.replies.mid(0, 3), false);
        const QModelIndex f1 = h.model.index(0, 0);
        QCOMPARE(childIds(h.model, f1).contains(1002), moderator);
        if (moderator)
            QVERIFY(h.model.indexOfComment(1002).data(CommentTreeModel::HiddenRole).toBool());
        // a moderator hides reply 1 (live)
        Comment r1 = t.replies.at(0);
        r1.status = Comment::Status::Hidden;
        r1.moderation = core::Moderation{user(10009), QStringLiteral("spam"), 1};
        h.store.upsertComment(r1);
        QCOMPARE(h.model.indexOfComment(1001).isValid(), moderator);
        if (moderator)
            QCOMPARE(h.model.indexOfComment(1001)
                         .data(CommentTreeModel::ModerationReasonRole)
                         .toString(),
                     QStringLiteral("spam"));
        // hiding a root takes its floor
        Comment f2 = t.roots.at(1);
        f2.status = Comment::Status::Hidden;
        h.store.upsertComment(f2);
        QCOMPARE(h.model.rowCount(), moderator ? 3 : 2);
        // deletions: a reply, then a root with its floor
        h.store.removeComment(1003);
        QVERIFY(!h.model.indexOfComment(1003).isValid());
        h.store.removeComment(101);
        QVERIFY(!h.model.indexOfComment(101).isValid());
        QCOMPARE(h.model.rowCount(), moderator ? 2 : 1);
        QCOMPARE(
            h.model.index(h.model.rowCount() - 1, 0).data(CommentTreeModel::IdRole).toLongLong(),
            103);
        // unhide (ordinary users get it back as a new upsert)
        f2.status = Comment::Status::Visible;
        h.store.upsertComment(f2);
        QCOMPARE(childIds(h.model, {}), (QList<qint64>{102, 103}));
        // the post goes: the tree empties
        h.store.upsertPost(core::Post{.id = kPost});
        h.store.removePost(kPost);
        QCOMPARE(h.model.rowCount(), 0);
    }

    void tickerTouchesOnlyTheTimeRole()
    {
        qint64 nowMs = 1'700'000'000'000 + 101 + 30'000; // floor 1 is 30 s old
        TimeTicker ticker([&nowMs] { return nowMs; });
        Harness h;
        const Thread t = makeThread(2, 2);
        h.page(t.roots, t.replies, false);
        h.model.setTicker(&ticker, RelativeTime());
        for (int r = 0; r < h.model.rowCount(); ++r) // a view reads the labels
            h.model.index(r, 0).data(CommentTreeModel::RelativeTimeRole);
        const QModelIndex f1 = h.model.index(0, 0);
        for (int r = 0; r < h.model.rowCount(f1); ++r)
            h.model.index(r, 0, f1).data(CommentTreeModel::RelativeTimeRole);
        QSignalSpy changed(&h.model, &QAbstractItemModel::dataChanged);
        nowMs += 60'000;
        Q_EMIT ticker.tick(nowMs);
        QVERIFY(changed.count() >= 1);
        for (const auto &args : changed)
            QCOMPARE(args.at(2).value<QList<int>>(),
                     QList<int>{CommentTreeModel::RelativeTimeRole});
        changed.clear();
        Q_EMIT ticker.tick(nowMs); // nothing changed: nothing emitted
        QCOMPARE(changed.count(), 0);
    }

    // --- the loader against the real server ---

    void busyThreadPagesToItsEnd()
    {
        Client c(m_server.baseUrl());
        const QString token = c.login(QStringLiteral("zhangsan"));
        core::ApiClient api;
        api.setBaseUrl(m_server.baseUrl());
        api.setToken(token);
        core::Cache cache;
        cache.open(m_dir.filePath(QStringLiteral("busy.sqlite")));
        PostStore store;
        CommentTreeModel model(&store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        ThreadLoader loader(&api, &cache, &store, &model);
        loader.setFloorPageSize(50);
        loader.setReplyPageSize(5); // a floor's replies in several pages
        QSignalSpy total(&loader, &ThreadLoader::totalFloorsChanged);
        QSignalSpy errors(&loader, &ThreadLoader::error);
        loader.open(90500);
        QTRY_VERIFY_WITH_TIMEOUT(model.floorCount() >= 50 && !loader.isBusy(), 20000);
        QCOMPARE(total.count(), 1);
        const qint64 floors = total.at(0).at(0).toLongLong();
        QCOMPARE(floors, 200);
        while (model.canFetchMore({})) {
            const int before = model.floorCount();
            model.fetchMore({});
            QTRY_VERIFY_WITH_TIMEOUT(model.floorCount() > before, 20000);
        }
        QCOMPARE(model.floorCount(), 200);
        QCOMPARE(model.rowCount(), 200); // no "load more floors" at the end
        for (int r = 0; r < 200; ++r)
            QCOMPARE(model.index(r, 0).data(CommentTreeModel::FloorRole).toLongLong(), r + 1);
        QCOMPARE(errors.count(), 0);

        // the biggest floor: expand it and compare with the server's replies, in seq order
        int best = 0;
        for (int r = 1; r < 200; ++r)
            if (model.index(r, 0).data(CommentTreeModel::ReplyCountRole).toLongLong() >
                model.index(best, 0).data(CommentTreeModel::ReplyCountRole).toLongLong())
                best = r;
        const QModelIndex floor = model.index(best, 0);
        const qint64 rootId = floor.data(CommentTreeModel::IdRole).toLongLong();
        const qint64 count = floor.data(CommentTreeModel::ReplyCountRole).toLongLong();
        QVERIFY2(count > 10, "the busy thread has a floor of several replies pages");
        QCOMPARE(model.rowCount(floor), 4);
        QList<qint64> expected;
        for (QString after = QStringLiteral("0");;) {
            const auto r = c.get(
                kApi +
                QStringLiteral("/comments/%1/replies?limit=200&after=%2").arg(rootId).arg(after));
            const auto page = core::decodeReplyPage(r.body).value();
            expected += ids(page.items);
            if (!page.next)
                break;
            after = QString::number(*page.next);
        }
        QCOMPARE(qint64(expected.size()), count);
        QVERIFY(model.activate(model.index(3, 0, floor)));
        QTRY_VERIFY_WITH_TIMEOUT(!loader.isBusy() && model.rowCount(floor) > 4, 20000);
        while (kindAt(model, model.rowCount(floor) - 1, floor) == Kind::MoreReplies) {
            const int before = model.rowCount(floor);
            QVERIFY(model.activate(model.index(before - 1, 0, floor)));
            QTRY_VERIFY_WITH_TIMEOUT(!loader.isBusy() && model.rowCount(floor) != before, 20000);
        }
        QCOMPARE(childIds(model, floor), expected);
        // every reply says whom it answers
        for (int r = 0; r < model.rowCount(floor); ++r)
            QVERIFY(model.index(r, 0, floor)
                        .data(CommentTreeModel::LabelRole)
                        .toString()
                        .contains(QStringLiteral(" replied to ")));
        QVERIFY(cache.waitForIdle());
    }

    void cacheServesTheThreadOffline()
    {
        // the previous test left the busy thread in this cache file
        core::Cache cache;
        cache.open(m_dir.filePath(QStringLiteral("busy.sqlite")));
        core::ApiClient api;
        api.setBaseUrl(m_server.baseUrl());
        api.setOffline(true);
        PostStore store;
        CommentTreeModel model(&store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        ThreadLoader loader(&api, &cache, &store, &model);
        loader.setFloorPageSize(50);
        const qsizetype mark = m_server.settle(); // the earlier tests' requests are logged
        QVERIFY(mark >= 0);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        loader.open(90500);
        // a view at the bottom fetches page after page: all from the cache
        QTRY_COMPARE_WITH_TIMEOUT(model.floorCount(), 50, 10000);
        QVERIFY(fetchAllFloors(model, loader));
        QCOMPARE(model.floorCount(), 200);
        QTRY_VERIFY_WITH_TIMEOUT(!loader.isBusy(), 10000);
        QVERIFY(inserted.count() >= 4); // page by page
        QCOMPARE(model.rowCount(), 200);
        for (int r = 0; r < 200; ++r)
            QCOMPARE(model.index(r, 0).data(CommentTreeModel::FloorRole).toLongLong(), r + 1);
        // a floor's replies come from the cache too
        const QModelIndex f1 = model.index(0, 0);
        const qint64 count = f1.data(CommentTreeModel::ReplyCountRole).toLongLong();
        if (kindAt(model, model.rowCount(f1) - 1, f1) == Kind::MoreReplies) {
            QVERIFY(model.activate(model.index(model.rowCount(f1) - 1, 0, f1)));
            QTRY_COMPARE_WITH_TIMEOUT(qint64(childIds(model, f1).size()), count, 10000);
        }
        QCOMPARE(m_server.requestsSince(mark), QList<QByteArray>()); // not one request
    }

    void bestOrderFromTheServer()
    {
        Client c(m_server.baseUrl());
        const QString token = c.login(QStringLiteral("lisi"));
        // two more likes on floor 7 of the busy post: the ranking is the server's, live
        const auto page = floorsOf(c, 90500, QStringLiteral("limit=10"));
        const qint64 target = page.roots.at(6).id;
        for (const QString &who : {QStringLiteral("wangwu"), QStringLiteral("mazi")}) {
            Client u(m_server.baseUrl());
            u.login(who);
            QCOMPARE(u.put(kApi + QStringLiteral("/comments/%1/like").arg(target)).status, 200);
        }
        core::ApiClient api;
        api.setBaseUrl(m_server.baseUrl());
        api.setToken(token);
        PostStore store;
        CommentTreeModel model(&store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        ThreadLoader loader(&api, nullptr, &store, &model);
        loader.setFloorPageSize(30);
        loader.open(90500, CommentTreeModel::Order::Best);
        QTRY_COMPARE_WITH_TIMEOUT(model.floorCount(), 30, 20000);
        QVERIFY(fetchAllFloors(model, loader));
        QCOMPARE(model.floorCount(), 200);
        QList<qint64> expected;
        auto p1 = floorsOf(c, 90500, QStringLiteral("order=best&limit=30"));
        expected += ids(p1.roots);
        auto p2 = floorsOf(c, 90500,
                           QStringLiteral("order=best&limit=30&before=") +
                               QString::fromLatin1(QUrl::toPercentEncoding(*p1.nextCursor)));
        expected += ids(p2.roots);
        QCOMPARE(childIds(model, {}).mid(0, 60), expected);
        QVERIFY(expected.contains(target)); // its score of 4 or more ranks it in the first 60
        for (int r = 1; r < 60; ++r)
            QVERIFY(model.index(r, 0).data(CommentTreeModel::ScoreRole).toLongLong() <=
                    model.index(r - 1, 0).data(CommentTreeModel::ScoreRole).toLongLong());
        // switching back to floor order starts over
        loader.setOrder(CommentTreeModel::Order::Floor);
        QTRY_COMPARE_WITH_TIMEOUT(model.floorCount(), 30, 20000);
        QCOMPARE(model.index(0, 0).data(CommentTreeModel::FloorRole).toLongLong(), 1);
        QCOMPARE(model.index(0, 0).data(CommentTreeModel::FloorRole).toLongLong(), 1);
    }

    void myReplyThroughTheOutboxIsReplacedInPlace()
    {
        Client c(m_server.baseUrl());
        const QString token = c.login(QStringLiteral("zhangsan"));
        const qint64 postId = c.post(kApi + QStringLiteral("/posts"),
                                     QJsonObject{{QStringLiteral("content"), QStringLiteral("楼")}})
                                  .obj()
                                  .value(QStringLiteral("id"))
                                  .toInteger();
        Client l(m_server.baseUrl());
        l.login(QStringLiteral("lisi"));
        const qint64 rootId =
            l.post(kApi + QStringLiteral("/posts/%1/comments").arg(postId),
                   QJsonObject{{QStringLiteral("content"), QStringLiteral("沙发")}})
                .obj()
                .value(QStringLiteral("id"))
                .toInteger();
        core::ApiClient api;
        api.setBaseUrl(m_server.baseUrl());
        api.setToken(token);
        PostStore store;
        core::Outbox outbox(&api);
        QSignalSpy opened(&outbox, &core::Outbox::opened);
        outbox.open(m_dir.filePath(QStringLiteral("outbox.sqlite")));
        QVERIFY(opened.wait(10000));
        core::Actions actions(&outbox, &store);
        actions.setMe(core::UserBrief{10001, QStringLiteral("张三"), QString()});
        CommentTreeModel model(&store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        ThreadLoader loader(&api, nullptr, &store, &model);
        loader.open(postId);
        QTRY_COMPARE_WITH_TIMEOUT(model.floorCount(), 1, 10000);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        const qint64 local = actions.comment(postId, rootId, QStringLiteral("回复沙发"));
        QVERIFY(local < 0);
        const QModelIndex f1 = model.index(0, 0);
        QCOMPARE(model.rowCount(f1), 1); // at once
        const QPersistentModelIndex row(model.index(0, 0, f1));
        QCOMPARE(row.data(CommentTreeModel::IdRole).toLongLong(), local);
        QCOMPARE(withoutIsolates(row.data(CommentTreeModel::LabelRole).toString()),
                 QStringLiteral("张三 replied to 李四"));
        QCOMPARE(row.data(CommentTreeModel::PendingRole).toInt(), int(PostStore::Pending::Sending));
        QTRY_VERIFY_WITH_TIMEOUT(row.data(CommentTreeModel::IdRole).toLongLong() > 0, 10000);
        QCOMPARE(row.data(CommentTreeModel::PendingRole).toInt(), int(PostStore::Pending::None));
        QCOMPARE(row.data(CommentTreeModel::SeqRole).toLongLong(), 1);
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(reset.count(), 0);
        QCOMPARE(model.rowCount(f1), 1);
        // and a floor of my own
        const qint64 floorLocal = actions.comment(postId, 0, QStringLiteral("二楼"));
        QCOMPARE(model.floorCount(), 2);
        QCOMPARE(model.index(1, 0).data(CommentTreeModel::IdRole).toLongLong(), floorLocal);
        QTRY_VERIFY_WITH_TIMEOUT(model.index(1, 0).data(CommentTreeModel::IdRole).toLongLong() > 0,
                                 10000);
        QCOMPARE(model.index(1, 0).data(CommentTreeModel::FloorRole).toLongLong(), 2);
        QCOMPARE(reset.count(), 0);
    }

    void hiddenCommentsForModeratorsOnly_data()
    {
        QTest::addColumn<QString>("who");
        QTest::addColumn<bool>("sees");
        QTest::newRow("user") << QStringLiteral("zhangsan") << false;
        QTest::newRow("moderator") << QStringLiteral("moderator") << true;
    }

    void hiddenCommentsForModeratorsOnly()
    {
        QFETCH(QString, who);
        QFETCH(bool, sees);
        static qint64 postId = 0, hiddenReply = 0;
        if (!postId) {
            Client a(m_server.baseUrl());
            a.login(QStringLiteral("wangwu"));
            postId = a.post(kApi + QStringLiteral("/posts"),
                            QJsonObject{{QStringLiteral("content"), QStringLiteral("帖")}})
                         .obj()
                         .value(QStringLiteral("id"))
                         .toInteger();
            const qint64 r =
                a.post(kApi + QStringLiteral("/posts/%1/comments").arg(postId),
                       QJsonObject{{QStringLiteral("content"), QStringLiteral("一楼")}})
                    .obj()
                    .value(QStringLiteral("id"))
                    .toInteger();
            hiddenReply = a.post(kApi + QStringLiteral("/posts/%1/comments").arg(postId),
                                 QJsonObject{{QStringLiteral("content"), QStringLiteral("广告")},
                                             {QStringLiteral("parentId"), r}})
                              .obj()
                              .value(QStringLiteral("id"))
                              .toInteger();
            Client m(m_server.baseUrl());
            m.login(QStringLiteral("moderator"));
            QCOMPARE(m.post(kApi + QStringLiteral("/moderation/comments/%1/hide").arg(hiddenReply),
                            QJsonObject{{QStringLiteral("reason"), QStringLiteral("spam")}})
                         .status,
                     200);
        }
        Client c(m_server.baseUrl());
        core::ApiClient api;
        api.setBaseUrl(m_server.baseUrl());
        api.setToken(c.login(who));
        PostStore store;
        CommentTreeModel model(&store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setModerator(sees);
        ThreadLoader loader(&api, nullptr, &store, &model);
        loader.open(postId);
        QTRY_COMPARE_WITH_TIMEOUT(model.floorCount(), 1, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!loader.isBusy(), 10000);
        const QModelIndex i = model.indexOfComment(hiddenReply);
        QCOMPARE(i.isValid(), sees);
        if (sees) {
            QVERIFY(i.data(CommentTreeModel::HiddenRole).toBool());
            QCOMPARE(i.data(CommentTreeModel::ModerationReasonRole).toString(),
                     QStringLiteral("spam"));
        }
        QCOMPARE(model.rowCount(model.index(0, 0)), sees ? 1 : 0);
    }

    void deadServerAndDeletedPost()
    {
        Client c(m_server.baseUrl());
        const QString token = c.login(QStringLiteral("zhangsan"));
        const qint64 postId = c.post(kApi + QStringLiteral("/posts"),
                                     QJsonObject{{QStringLiteral("content"), QStringLiteral("x")}})
                                  .obj()
                                  .value(QStringLiteral("id"))
                                  .toInteger();
        for (int i = 0; i < 3; ++i)
            c.post(kApi + QStringLiteral("/posts/%1/comments").arg(postId),
                   QJsonObject{{QStringLiteral("content"), QStringLiteral("c%1").arg(i)}});
        core::ApiClient api;
        api.setBaseUrl(m_server.baseUrl());
        api.setToken(token);
        api.setRetryPolicy(core::RetryPolicy{1, 10, 10});
        PostStore store;
        CommentTreeModel model(&store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        ThreadLoader loader(&api, nullptr, &store, &model);
        loader.setFloorPageSize(2);
        QSignalSpy errors(&loader, &ThreadLoader::error);
        QSignalSpy gone(&loader, &ThreadLoader::postGone);
        loader.open(postId);
        QTRY_COMPARE_WITH_TIMEOUT(model.floorCount(), 2, 10000);
        QVERIFY(fetchAllFloors(model, loader));
        QCOMPARE(model.floorCount(), 3);
        QTRY_VERIFY_WITH_TIMEOUT(!loader.isBusy(), 10000);
        QCOMPARE(model.rowCount(), 3);
        // the post is deleted: opening it again says so in words
        QCOMPARE(c.del(kApi + QStringLiteral("/posts/%1").arg(postId)).status, 204);
        loader.reload();
        QTRY_COMPARE_WITH_TIMEOUT(gone.count(), 1, 10000);
        QCOMPARE(errors.count(), 1);
        QCOMPARE(errors.at(0).at(0).toString(),
                 QStringLiteral("This post is no longer available."));
        QCOMPARE(model.rowCount(), 0);

        // a dead server while paging: words, the rows kept, the row says so and retries on demand
        TestServer other;
        QVERIFY(other.start());
        Client o(other.baseUrl());
        api.setBaseUrl(other.baseUrl());
        api.setToken(o.login(QStringLiteral("zhangsan")));
        errors.clear();
        loader.open(90500);
        QTRY_VERIFY_WITH_TIMEOUT(model.floorCount() == 2 && !loader.isBusy(), 10000);
        model.fetchMore({});
        QTRY_VERIFY_WITH_TIMEOUT(model.floorCount() == 4 && !loader.isBusy(), 10000);
        other.stop();
        model.fetchMore({});
        QTRY_VERIFY_WITH_TIMEOUT(errors.count() >= 1 && !loader.isBusy(), 20000);
        QVERIFY2(errors.at(0).at(0).toString().startsWith(
                     QStringLiteral("Could not load the comments: ")),
                 qPrintable(errors.at(0).at(0).toString()));
        const int shown = model.floorCount();
        QVERIFY(shown >= 4 && shown < 200);
        const QModelIndex more = model.index(shown, 0);
        QCOMPARE(kindAt(model, shown), Kind::MoreFloors);
        QCOMPARE(more.data(Qt::DisplayRole).toString(),
                 QStringLiteral("Could not load more floors — try again"));
        QVERIFY(!model.canFetchMore({})); // not in a loop against a dead server
        const int before = int(errors.count());
        QVERIFY(model.activate(more));
        QTRY_COMPARE_WITH_TIMEOUT(int(errors.count()), before + 1, 20000);
        QCOMPARE(model.floorCount(), shown);
    }
};

QTEST_MAIN(TstCommentTreeModel)
#include "tst_commenttreemodel.moc"

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The post store: pending actions win over server data until they finish (design point 4).
#include "wire/jsoncodec.h"
#include "poststore.h"

#include <QFile>
#include <QSignalSpy>
#include <QTest>

using namespace threadline::core;

class TstPostStore : public QObject
{
    Q_OBJECT

private:
    static Post samplePost()
    {
        QFile f(QStringLiteral(THREADLINE_REPO_FIXTURES_DIR "/seed-post-90012.json"));
        if (!f.open(QIODevice::ReadOnly))
            qFatal("cannot read the seed fixture");
        const auto r = decodePost(f.readAll());
        if (!r.ok())
            qFatal("the seed fixture does not decode");
        return r.value();
    }
    static Comment comment(qint64 id, qint64 postId, qint64 rootId = 0, qint64 parentId = 0)
    {
        Comment c;
        c.id = id;
        c.postId = postId;
        c.rootId = rootId;
        c.parentId = parentId;
        c.author.uid = 10001;
        c.content = QStringLiteral("c%1").arg(id);
        c.createtime = 1000 + id;
        return c;
    }

private Q_SLOTS:
    void sampleLoadsOnceWithItsComments()
    {
        PostStore store;
        QSignalSpy added(&store, &PostStore::postAdded);
        QSignalSpy commentsAdded(&store, &PostStore::commentAdded);
        store.upsertPost(samplePost());
        store.upsertPost(samplePost()); // the same post again: no second object, no change
        QCOMPARE(added.count(), 1);
        QCOMPARE(commentsAdded.count(), 3);
        QCOMPARE(store.commentIds(90012).size(), 3);
        QCOMPARE(store.post(90012)->likeCount, 3);
    }

    void viewCountSurvivesPagesThatDoNotTellIt()
    {
        PostStore store;
        Post hot = samplePost();
        hot.viewCount = 3204;
        hot.hotCount = 128;
        store.upsertPost(hot);
        Post timeline = samplePost(); // a /timeline page or /sync: no viewCount
        timeline.content = QStringLiteral("edited");
        store.upsertPost(timeline);
        QCOMPARE(store.post(90012)->content, QStringLiteral("edited"));
        QCOMPARE(store.post(90012)->viewCount, std::optional<qint64>(3204));
        hot.viewCount = 3205; // /hot again: its figure wins
        store.upsertPost(hot);
        QCOMPARE(store.post(90012)->viewCount, std::optional<qint64>(3205));
    }

    void pendingLikeWinsOverServerData()
    {
        PostStore store;
        Post p = samplePost();
        p.liked = false;
        p.likeCount = 3;
        store.upsertPost(p);
        QSignalSpy changed(&store, &PostStore::postChanged);

        store.setPendingPostLike(90012, true);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(1).value<PostStore::Fields>(),
                 PostStore::Fields(PostStore::Field::Likes));
        QVERIFY(store.post(90012)->liked);
        QCOMPARE(store.post(90012)->likeCount, 4);

        // A /sync or a page that has not seen the like arrives: still liked, still 4 …
        Post fromSync = p;
        fromSync.content = QStringLiteral("edited");
        store.upsertPost(fromSync);
        QVERIFY(store.post(90012)->liked);
        QCOMPARE(store.post(90012)->likeCount, 4);
        QCOMPARE(changed.last().at(1).value<PostStore::Fields>(),
                 PostStore::Fields(PostStore::Field::Content));

        // … and someone else liked it meanwhile: the server says 4, mine makes 5.
        fromSync.likeCount = 4;
        store.upsertPost(fromSync);
        QCOMPARE(store.post(90012)->likeCount, 5);

        // The like completes: the server's answer wins from now on.
        store.applyPostLikeAnswer(90012, true, 5);
        QVERIFY(store.post(90012)->liked);
        QCOMPARE(store.post(90012)->likeCount, 5);
        fromSync.liked = true;
        fromSync.likeCount = 7;
        store.upsertPost(fromSync);
        QCOMPARE(store.post(90012)->likeCount, 7);
    }

    void unlikeBackToServerStateIsNoChange()
    {
        PostStore store;
        Post p = samplePost();
        p.liked = true;
        store.upsertPost(p);
        QSignalSpy changed(&store, &PostStore::postChanged);
        store.setPendingPostLike(90012, false);
        QCOMPARE(store.post(90012)->likeCount, 2);
        store.clearPendingPostLike(90012); // toggled back within the window: nothing sent
        QCOMPARE(store.post(90012)->likeCount, 3);
        QVERIFY(store.post(90012)->liked);
        QCOMPARE(changed.count(), 2);
        store.clearPendingPostLike(90012); // nothing to clear: no signal
        QCOMPARE(changed.count(), 2);
    }

    void commentVotesExcludeEachOther_data()
    {
        QTest::addColumn<bool>("liked");
        QTest::addColumn<bool>("opposed");
        QTest::addColumn<int>("vote");
        QTest::addColumn<qint64>("likes");
        QTest::addColumn<qint64>("opposes");
        QTest::addColumn<qint64>("score");
        // server: 2 likes, 1 oppose (including mine, if any)
        QTest::newRow("none→like") << false << false << 1 << qint64(3) << qint64(1) << qint64(5);
        QTest::newRow("none→oppose") << false << false << -1 << qint64(2) << qint64(2) << qint64(2);
        QTest::newRow("like→oppose") << true << false << -1 << qint64(1) << qint64(2) << qint64(0);
        QTest::newRow("oppose→like") << false << true << 1 << qint64(3) << qint64(0) << qint64(6);
        QTest::newRow("like→none") << true << false << 0 << qint64(1) << qint64(1) << qint64(1);
    }
    void commentVotesExcludeEachOther()
    {
        QFETCH(bool, liked);
        QFETCH(bool, opposed);
        QFETCH(int, vote);
        PostStore store;
        Comment c = comment(7, 1);
        c.likeCount = 2;
        c.opposeCount = 1;
        c.score = 3;
        c.liked = liked;
        c.opposed = opposed;
        store.upsertComment(c);
        QSignalSpy changed(&store, &PostStore::commentChanged);
        store.setPendingCommentVote(7, vote);
        const Comment shown = *store.comment(7);
        QTEST(shown.likeCount, "likes");
        QTEST(shown.opposeCount, "opposes");
        QTEST(shown.score, "score");
        QCOMPARE(shown.liked, vote == 1);
        QCOMPARE(shown.opposed, vote == -1);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(1).value<PostStore::Fields>(),
                 PostStore::Fields(PostStore::Field::Likes));
    }

    void pendingReplyToPendingCommentResolves()
    {
        PostStore store;
        Post p;
        p.id = 1;
        p.createtime = 1;
        p.author.uid = 10003;
        p.commentCount = 0;
        store.upsertPost(p);
        Comment root = comment(-5, 1);
        store.addPendingComment(root);
        Comment reply = comment(-6, 1, -5, -5);
        store.addPendingComment(reply);
        QCOMPARE(store.post(1)->commentCount, 2);
        QCOMPARE(store.commentPendingState(-5), PostStore::Pending::Sending);

        QSignalSpy idChanged(&store, &PostStore::commentIdChanged);
        QSignalSpy removed(&store, &PostStore::commentRemoved);
        Comment created = comment(500, 1);
        p.commentCount = 1; // the server saw the root, not yet the reply
        store.upsertPost(p);
        store.resolvePendingComment(-5, created);
        QCOMPARE(idChanged.count(), 1);
        QCOMPARE(removed.count(), 0); // replaced in place, not removed and added
        QCOMPARE(store.comment(-6)->rootId, 500);
        QCOMPARE(store.comment(-6)->parentId, 500);
        QCOMPARE(store.comment(500)->replyCount, 1); // my pending reply counts under its root
        QCOMPARE(store.post(1)->commentCount, 2);

        // The reply fails for good: it leaves, and the counts with it.
        QSignalSpy postChanged(&store, &PostStore::postChanged);
        store.removeComment(-6);
        QCOMPARE(store.post(1)->commentCount, 1);
        QCOMPARE(store.comment(500)->replyCount, 0);
        QCOMPARE(postChanged.count(), 1);
    }

    void removingRootTakesItsFloor()
    {
        PostStore store;
        store.upsertComments(
            {comment(1, 9), comment(2, 9, 1, 1), comment(3, 9, 1, 2), comment(4, 9)});
        QSignalSpy removed(&store, &PostStore::commentRemoved);
        store.removeComment(1);
        QCOMPARE(removed.count(), 3);
        QVERIFY(!store.containsComment(2));
        QVERIFY(store.containsComment(4));
    }

    void removingPostDropsItsComments()
    {
        PostStore store;
        store.upsertPost(samplePost());
        QSignalSpy removed(&store, &PostStore::postRemoved);
        store.removePost(90012);
        QCOMPARE(removed.count(), 1);
        QVERIFY(!store.containsComment(500011));
        QVERIFY(!store.post(90012));
    }

    // Memory: the store keeps a post's inline comments once (the comment table refers to
    // them while equal) and shares users' strings; what it returns is what it was given.
    void inlineCommentsAreStoredOnceAndKeepTheirValues()
    {
        PostStore store;
        const Post given = samplePost();
        store.upsertPost(given);
        QCOMPARE(store.commentCount(), 3);
        QCOMPARE(store.serverPost(90012)->comments, given.comments);
        for (const Comment &c : given.comments) {
            QVERIFY(store.containsComment(c.id));
            QCOMPARE(*store.serverComment(c.id), c);
        }
        const qint64 id = given.comments.at(2).id;

        // The table's comment changes: the post's inline copy stays as the post said.
        QSignalSpy commentChanged(&store, &PostStore::commentChanged);
        QSignalSpy postChanged(&store, &PostStore::postChanged);
        store.applyCommentVoteAnswer(id, true, 7, false, 0, 14);
        QCOMPARE(commentChanged.count(), 1);
        QCOMPARE(postChanged.count(), 0);
        QCOMPARE(store.comment(id)->likeCount, 7);
        QCOMPARE(store.post(90012)->comments, given.comments);
        Comment edited = given.comments.at(1);
        edited.content = QStringLiteral("edited");
        store.upsertComment(edited);
        QCOMPARE(store.comment(edited.id)->content, QStringLiteral("edited"));
        QCOMPARE(store.post(90012)->comments, given.comments);

        // The post changes: the comments it still holds inline are as it says (as before), the
        // one it dropped stays in the table as it was there.
        Post next = given;
        next.comments.removeAt(2);
        store.upsertPost(next);
        QCOMPARE(store.post(90012)->comments, next.comments);
        QCOMPARE(store.comment(id)->likeCount, 7);
        QCOMPARE(*store.serverComment(edited.id), given.comments.at(1));
        QCOMPARE(store.commentCount(), 3);

        // The same values again become shared again; a removed comment leaves the table only.
        store.upsertPost(given);
        QCOMPARE(*store.serverComment(id), given.comments.at(2));
        store.removeComment(id);
        QVERIFY(!store.containsComment(id));
        QVERIFY(!store.comment(id));
        QCOMPARE(store.commentCount(), 2);
        QCOMPARE(store.post(90012)->comments, given.comments);
        QVERIFY(store.commentIds(90012).size() == 2);

        store.removePost(90012);
        QCOMPARE(store.commentCount(), 0);
        store.upsertPost(given);
        QCOMPARE(store.commentCount(), 3);
        store.clear();
        QCOMPARE(store.commentCount(), 0);
        QVERIFY(!store.containsComment(id));
    }

    void pendingReplyToAnInlineCommentResolves()
    {
        PostStore store;
        const Post given = samplePost();
        store.upsertPost(given);
        const Comment root = given.comments.at(0);
        QVERIFY(root.isRoot());
        Comment mine = comment(-1, 90012, root.id, root.id);
        store.addPendingComment(mine);
        QCOMPARE(store.comment(root.id)->replyCount, root.replyCount + 1);
        QCOMPARE(store.serverComment(root.id), std::optional<Comment>(root));
        Comment server = mine;
        server.id = 600001;
        store.resolvePendingComment(-1, server);
        QCOMPARE(*store.serverComment(600001), server);
        QCOMPARE(store.comment(root.id)->replyCount, root.replyCount);
        store.removeComment(root.id); // the floor goes with its root
        QVERIFY(!store.containsComment(600001));
        QCOMPARE(store.post(90012)->comments, given.comments);
    }

    void usersStringsAreSharedAndStayAsGiven()
    {
        PostStore store;
        const auto brief = [](qint64 uid, const char *name) {
            return UserBrief{uid, QString::fromUtf8(name),
                             QStringLiteral("/media/avatar-%1.jpg").arg(uid)};
        };
        Post a = samplePost();
        a.id = 1;
        a.comments.clear();
        a.author = brief(7, "张三");
        a.likes = {Like{1, 1, 5, brief(8, "李四")}, Like{2, 1, 6, brief(7, "张三")}};
        Post b = a;
        b.id = 2;
        b.author = brief(8, "李四");
        b.likes = {Like{3, 2, 5, brief(7, "张三")}};
        store.upsertPost(a);
        store.upsertPost(b);
        QCOMPARE(store.post(1)->author, brief(7, "张三"));
        QCOMPARE(store.post(1)->likes, a.likes);
        QCOMPARE(store.post(2)->likes, b.likes);
        // one copy of 张三's strings for the author of post 1 and both his likes
        QCOMPARE(store.post(1)->author.nickName.constData(),
                 store.post(2)->likes.at(0).user.nickName.constData());
        QCOMPARE(store.post(1)->likes.at(1).user.headImg.constData(),
                 store.post(1)->author.headImg.constData());
        // a new name is taken as given; the old post keeps what it said
        Post renamed = b;
        renamed.id = 3;
        renamed.likes = {Like{4, 3, 7, brief(7, "张三丰")}};
        store.upsertPost(renamed);
        QCOMPARE(store.post(3)->likes.at(0).user.nickName, QStringLiteral("张三丰"));
        QCOMPARE(store.post(1)->author.nickName, QStringLiteral("张三"));
        // empty and null strings stay what they were
        Post anonymous = a;
        anonymous.id = 4;
        anonymous.author = UserBrief{9, QString(), QString()};
        anonymous.device = QString();
        store.upsertPost(anonymous);
        QVERIFY(store.post(4)->author.nickName.isNull());
        QVERIFY(store.post(4)->device.isNull());
        QCOMPARE(store.post(4)->likes, a.likes);
    }

    void pendingStateSignalsOnlyOnChange()
    {
        PostStore store;
        store.upsertPost(samplePost());
        QSignalSpy changed(&store, &PostStore::postChanged);
        store.setPostPending(90012, PostStore::Pending::Failed);
        store.setPostPending(90012, PostStore::Pending::Failed);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(1).value<PostStore::Fields>(),
                 PostStore::Fields(PostStore::Field::Pending));
        QCOMPARE(store.pendingState(90012), PostStore::Pending::Failed);
    }
};

QTEST_GUILESS_MAIN(TstPostStore)
#include "tst_poststore.moc"

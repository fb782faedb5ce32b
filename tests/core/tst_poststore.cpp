// The post store: pending actions win over server data until they finish (design point 4).
#include "jsoncodec.h"
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

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The timeline model over the shared post store, under QAbstractItemModelTester.
#include "wire/jsoncodec.h"
#include "poststore.h"
#include "timeline/timelinemodel.h"
#include "common/timeticker.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QSignalSpy>
#include <QTest>

using namespace threadline;
using namespace threadline::models;
using core::PostStore;

namespace {
core::Post samplePost()
{
    QFile f(QStringLiteral(THREADLINE_REPO_FIXTURES_DIR "/seed-post-90012.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("no fixture");
    return core::decodePost(f.readAll()).value();
}

core::Post post(qint64 id, qint64 time)
{
    core::Post p;
    p.id = id;
    p.createtime = time;
    p.author = core::UserBrief{10001, QStringLiteral("张三"), QStringLiteral("/a.png")};
    p.content = QStringLiteral("post %1").arg(id);
    return p;
}
} // namespace

class TstTimelineModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sampleRendersSensibleRoles()
    {
        PostStore store;
        store.upsertPost(samplePost());
        TimelineModel model(&store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPosts({90012});
        const QModelIndex i = model.index(0);
        QCOMPARE(i.data(TimelineModel::PictureUrlsRole).toStringList().size(), 9);
        QCOMPARE(i.data(TimelineModel::ExtraPicturesRole).toInt(), 1);
        QCOMPARE(i.data(TimelineModel::DeviceRole).toString(), QStringLiteral("红米 6"));
        QCOMPARE(i.data(TimelineModel::LikeTextRole).toString(), QStringLiteral("3"));
        QCOMPARE(i.data(TimelineModel::CommentTextRole).toString(), QStringLiteral("9"));
        // the same user twice among the likers: named once
        QCOMPARE(i.data(TimelineModel::LikerNamesRole).toStringList(),
                 (QStringList{QStringLiteral("李四"), QStringLiteral("麻子")}));
        // the newest comments, shown in time order
        const QVariantList comments = i.data(TimelineModel::InlineCommentsRole).toList();
        QCOMPARE(comments.size(), 3);
        QCOMPARE(comments.at(0).toMap().value(QStringLiteral("id")).toLongLong(), 500012);
        QCOMPARE(comments.at(1).toMap().value(QStringLiteral("id")).toLongLong(), 500013);
        QCOMPARE(comments.at(2).toMap().value(QStringLiteral("id")).toLongLong(), 500011);
        QCOMPARE(i.data(Qt::DisplayRole).toString(), QStringLiteral("这是一个带9张图片的动态"));
        // a screen reader hears who, what, the counts and when
        const QString spoken = i.data(Qt::AccessibleTextRole).toString();
        QVERIFY2(spoken.startsWith(QStringLiteral("王五: 这是一个带9张图片的动态. 3 like")),
                 qPrintable(spoken));
        QVERIFY(spoken.contains(QStringLiteral("9 comment")));
    }

    void zeroCountsReadLikeAndReply()
    {
        PostStore store;
        store.upsertPost(post(1, 100));
        TimelineModel model(&store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPosts({1});
        QCOMPARE(model.index(0).data(TimelineModel::LikeTextRole).toString(),
                 QStringLiteral("Like"));
        QCOMPARE(model.index(0).data(TimelineModel::CommentTextRole).toString(),
                 QStringLiteral("Reply"));
    }

    void likeToggleChangesOneRowsLikeRolesOnly()
    {
        PostStore store;
        for (int i = 1; i <= 5; ++i)
            store.upsertPost(post(i, 100 * i));
        TimelineModel model(&store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPosts({5, 4, 3, 2, 1});
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        store.setPendingPostLike(3, true);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(0).toModelIndex().row(), 2);
        QCOMPARE(changed.at(0).at(1).toModelIndex().row(), 2);
        const auto roles = changed.at(0).at(2).value<QList<int>>();
        QCOMPARE(roles, TimelineModel::rolesFor(PostStore::Field::Likes));
        QVERIFY(!roles.contains(TimelineModel::ContentRole));
        QVERIFY(model.index(2).data(TimelineModel::LikedRole).toBool());
        QCOMPARE(model.index(2).data(TimelineModel::LikeTextRole).toString(), QStringLiteral("1"));
    }

    void pagingNewOnTopAndRemovals()
    {
        PostStore store;
        for (int i = 1; i <= 60; ++i)
            store.upsertPost(post(i, 100 * i));
        TimelineModel model(&store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy more(&model, &TimelineModel::moreRequested);
        QList<qint64> first;
        for (int i = 50; i > 30; --i)
            first << i;
        model.setPosts(first);
        model.setHasMore(true);
        QVERIFY(model.canFetchMore({}));
        model.fetchMore({});
        QCOMPARE(more.count(), 1);
        QVERIFY(!model.canFetchMore({})); // one page at a time
        QList<qint64> second;
        for (int i = 30; i > 10; --i)
            second << i;
        second << 31; // a post already shown: not twice
        model.appendPosts(second);
        QCOMPARE(model.rowCount(), 40);
        model.appendPosts({}); // an empty batch inserts nothing
        model.prependPosts({52, 51});
        QCOMPARE(model.rowCount(), 42);
        QCOMPARE(model.postIdAt(0), 52);
        QCOMPARE(reset.count(), 1); // only setPosts resets
        QCOMPARE(inserted.count(), 2);
        // a moderator hid a post: it leaves every view
        store.removePost(40);
        QCOMPARE(model.rowCount(), 41);
        QCOMPARE(model.rowOf(40), -1);
        QCOMPARE(model.postIdAt(model.rowOf(39)), 39);
        QCOMPARE(model.rowOf(11), 40);
    }

    void moderatorsSeeHiddenPostsMarked()
    {
        // a moderator's store keeps a hidden post (the server sends it with hidden: true)
        PostStore store;
        for (int i = 1; i <= 3; ++i)
            store.upsertPost(post(i, 100 * i));
        TimelineModel model(&store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPosts({3, 2, 1});
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        core::Post hidden = post(2, 200);
        hidden.hidden = true;
        hidden.moderation = core::Moderation{core::UserBrief{10009, QStringLiteral("管理员"), {}},
                                             QStringLiteral("spam"), 300};
        store.upsertPost(hidden);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(0).toModelIndex().row(), 1);
        QCOMPARE(changed.at(0).at(2).value<QList<int>>(),
                 TimelineModel::rolesFor(PostStore::Field::Hidden));
        QVERIFY(model.index(1).data(TimelineModel::HiddenRole).toBool());
        // unhidden: marked no more
        store.upsertPost(post(2, 200));
        QCOMPARE(changed.count(), 2);
        QVERIFY(!model.index(1).data(TimelineModel::HiddenRole).toBool());
        // a refresh replaces everything: one reset
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.setPosts({1, 3});
        QCOMPARE(reset.count(), 1);
        QCOMPARE(model.rowCount(), 2);
    }

    void tickerTouchesOnlyTheTimeRoleOfChangedRows()
    {
        const qint64 t0 = 1'800'000'000'000;
        qint64 clock = t0;
        TimeTicker ticker([&clock] { return clock; }); // a fake clock: time is what we say
        PostStore store;
        store.upsertPost(post(1, t0 - 30'000));        // 30 s: just now
        store.upsertPost(post(2, t0 - 5 * 60'000));    // 5 minutes ago
        store.upsertPost(post(3, t0 - 3 * 3'600'000)); // 3 hours ago
        TimelineModel model(&store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPosts({1, 2, 3});
        model.setTicker(&ticker, RelativeTime(RelativeTime::Zone::Utc8));
        for (int row = 0; row < 3; ++row) // what a view paints
            QVERIFY(!model.index(row).data(TimelineModel::RelativeTimeRole).toString().isEmpty());
        QCOMPARE(model.index(0).data(TimelineModel::RelativeTimeRole).toString(),
                 QStringLiteral("just now"));
        // the earliest label change (row 0 at 60 s) is what the ticker is asked for
        QCOMPARE(ticker.dueAtMs(), t0 + 30'000);

        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        clock = t0 + 31'000;
        Q_EMIT ticker.tick(clock);
        QCOMPARE(changed.count(), 1); // row 0 only: 5 min 31 s and 3 h still read the same
        QCOMPARE(changed.at(0).at(0).toModelIndex().row(), 0);
        QCOMPARE(changed.at(0).at(1).toModelIndex().row(), 0);
        QCOMPARE(changed.at(0).at(2).value<QList<int>>(),
                 QList<int>{TimelineModel::RelativeTimeRole});
        // "1 minute ago" with the English catalogue; the untranslated source reads "1 minute(s)
        // ago"
        QVERIFY(model.index(0)
                    .data(TimelineModel::RelativeTimeRole)
                    .toString()
                    .startsWith(QStringLiteral("1 minute")));
    }
};

QTEST_MAIN(TstTimelineModel)
#include "tst_timelinemodel.moc"

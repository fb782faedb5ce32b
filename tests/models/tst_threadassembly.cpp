// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "wire/jsoncodec.h"
#include "thread/threadassembly.h"
#include "thread/threadgen.h"

#include <QFile>
#include <QTest>

using namespace threadline;
using namespace threadline::models;

class TstThreadAssembly : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sampleHasThreeFloorsInFloorOrder()
    {
        QFile f(QStringLiteral(THREADLINE_REPO_FIXTURES_DIR "/seed-post-90012.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto post = core::decodePost(f.readAll());
        QVERIFY(post.ok());
        QList<core::Comment> rows = post.value().comments;
        // the sample gives no floor numbers: number them by time, as the server does
        std::sort(rows.begin(), rows.end(),
                  [](const auto &a, const auto &b) { return a.createtime < b.createtime; });
        for (int i = 0; i < rows.size(); ++i)
            rows[i].floor = i + 1;
        const ThreadIndex t = assembleThread(rows);
        QCOMPARE(t.floors.size(), 3);
        QCOMPARE(rows[t.floors[0].root].id, 500012);
        QCOMPARE(rows[t.floors[2].root].id, 500011);
        QVERIFY(t.orphans.isEmpty());
        QCOMPARE(t.replyCount(500013), 0);
    }

    void repliesFlatInSeqOrderWithCounts()
    {
        // floor 1: root 1; 2 answers 1; 3 answers 2; 4 answers 2; 5 answers 1 — in seq order
        // 2,3,4,5
        auto c = [](qint64 id, qint64 root, qint64 parent, qint64 seq) {
            core::Comment x;
            x.id = id;
            x.rootId = root;
            x.parentId = parent;
            x.seq = seq;
            x.floor = 1;
            return x;
        };
        const QList<core::Comment> rows{c(4, 1, 2, 3), c(1, 0, 0, 0), c(5, 1, 1, 4), c(2, 1, 1, 1),
                                        c(3, 1, 2, 2)};
        const ThreadIndex t = assembleThread(rows);
        QCOMPARE(t.floors.size(), 1);
        QList<qint64> order;
        for (int r : t.floors[0].replies)
            order << rows[r].id;
        QCOMPARE(order, (QList<qint64>{2, 3, 4, 5})); // a reply to a reply does not indent
        QCOMPARE(t.replyCount(1), 4);                 // a root: every reply of its floor
        QCOMPARE(t.replyCount(2), 2);                 // a reply: its direct replies
        QCOMPARE(t.replyCount(3), 0);
    }

    void orphansWhenTheRootIsNotLoaded()
    {
        core::Comment r;
        r.id = 9;
        r.rootId = 8;
        r.parentId = 8;
        r.seq = 1;
        const ThreadIndex t = assembleThread({r});
        QVERIFY(t.floors.isEmpty());
        QCOMPARE(t.orphans, QList<int>{0});
    }

    void sameAsTheNaiveOracle_data()
    {
        QTest::addColumn<int>("total");
        QTest::addColumn<int>("roots");
        QTest::addColumn<quint32>("seed");
        QTest::newRow("empty") << 0 << 0 << 1u;
        QTest::newRow("roots only") << 50 << 50 << 2u;
        QTest::newRow("one floor") << 300 << 1 << 3u;
        QTest::newRow("1,800 over 200") << 1800 << 200 << 4u;
        QTest::newRow("random 1") << 700 << 37 << 5u;
        QTest::newRow("random 2") << 900 << 90 << 6u;
    }
    void sameAsTheNaiveOracle()
    {
        QFETCH(int, total);
        QFETCH(int, roots);
        QFETCH(quint32, seed);
        const auto rows = testing::makeThread(total, roots, seed);
        const ThreadIndex grouped = assembleThread(rows);
        QCOMPARE(grouped.floors.size(), roots);
        QCOMPARE(grouped, assembleThreadNaive(rows));
        int replies = 0;
        for (const Floor &f : grouped.floors)
            replies += int(f.replies.size());
        QCOMPARE(replies, total - roots);
    }
};

QTEST_GUILESS_MAIN(TstThreadAssembly)
#include "tst_threadassembly.moc"

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// FlatTreeProxy: a two-level tree as one flat list (each top-level row followed by its children),
// followed change by change — rows and children inserted and removed, data changed, resets —
// always equal to the tree flattened from scratch, under QAbstractItemModelTester; and the thread
// pane's real model (CommentTreeModel) through it: a page of floors, a floor's replies expanding
// in place (one insertion, persistent indexes kept), the depth of every row.
#include "thread/commenttreemodel.h"
#include "thread/flattreeproxy.h"
#include "poststore.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTest>

using threadline::models::CommentTreeModel;
using threadline::models::FlatTreeProxy;

namespace {

// The tree flattened from scratch: "text/depth" per row.
QStringList flattened(const QAbstractItemModel &tree)
{
    QStringList out;
    for (int r = 0; r < tree.rowCount(); ++r) {
        const QModelIndex top = tree.index(r, 0);
        out << top.data().toString() + QStringLiteral("/0");
        for (int c = 0; c < tree.rowCount(top); ++c)
            out << tree.index(c, 0, top).data().toString() + QStringLiteral("/1");
    }
    return out;
}

QStringList shown(const FlatTreeProxy &flat)
{
    QStringList out;
    for (int r = 0; r < flat.rowCount(); ++r) {
        const QModelIndex i = flat.index(r, 0);
        out << i.data().toString() + QLatin1Char('/') +
                   QString::number(i.data(FlatTreeProxy::DepthRole).toInt());
    }
    return out;
}

// Every row maps to the source and back to itself.
bool roundTrips(const FlatTreeProxy &flat)
{
    for (int r = 0; r < flat.rowCount(); ++r) {
        const QModelIndex i = flat.index(r, 0);
        const QModelIndex source = flat.mapToSource(i);
        if (!source.isValid() || flat.mapFromSource(source) != i || source.data() != i.data())
            return false;
    }
    return true;
}

QStandardItem *top(const QString &name, int children)
{
    auto *item = new QStandardItem(name);
    for (int c = 0; c < children; ++c)
        item->appendRow(new QStandardItem(name + QLatin1Char('.') + QString::number(c)));
    return item;
}

threadline::core::Comment comment(qint64 id, qint64 rootId, qint64 floor, qint64 seq)
{
    threadline::core::Comment c;
    c.id = id;
    c.postId = 1;
    c.rootId = rootId;
    c.parentId = rootId;
    c.floor = floor;
    c.seq = seq;
    c.author = threadline::core::UserBrief{10001, QStringLiteral("读者"), {}};
    c.content = QStringLiteral("comment %1").arg(id);
    c.createtime = 1'700'000'000'000 + id;
    return c;
}

} // namespace

class TstFlatTreeProxy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void followsEveryChange()
    {
        QStandardItemModel tree;
        tree.appendRow(top(QStringLiteral("a"), 2));
        tree.appendRow(top(QStringLiteral("b"), 0));
        tree.appendRow(top(QStringLiteral("c"), 3));
        FlatTreeProxy flat;
        QAbstractItemModelTester tester(&flat,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        flat.setSourceModel(&tree);
        QCOMPARE(shown(flat), flattened(tree));
        QCOMPARE(flat.rowCount(), 8);
        QVERIFY(roundTrips(flat));

        // children arriving under a row: rows inserted right after it, one signal
        QSignalSpy inserted(&flat, &QAbstractItemModel::rowsInserted);
        const QPersistentModelIndex cRow = flat.index(4, 0); // "c"
        QCOMPARE(cRow.data().toString(), QStringLiteral("c"));
        QList<QStandardItem *> more;
        for (int i = 0; i < 5; ++i)
            more << new QStandardItem(QStringLiteral("b.%1").arg(i));
        tree.item(1)->appendRows(more);
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(inserted.at(0).at(1).toInt(), 4);
        QCOMPARE(inserted.at(0).at(2).toInt(), 8);
        QCOMPARE(shown(flat), flattened(tree));
        QCOMPARE(cRow.row(), 9); // a persistent index moved with its row
        QVERIFY(roundTrips(flat));

        // top-level rows arriving with their children, in the middle and at the end
        tree.insertRow(1, top(QStringLiteral("x"), 2));
        tree.appendRow(top(QStringLiteral("z"), 1));
        QCOMPARE(shown(flat), flattened(tree));
        QVERIFY(roundTrips(flat));

        // children removed, and a top-level row taking its children with it
        QSignalSpy removed(&flat, &QAbstractItemModel::rowsRemoved);
        tree.item(2)->removeRows(1, 3); // three of b's children
        QCOMPARE(shown(flat), flattened(tree));
        tree.removeRow(0); // "a" and its two children
        QCOMPARE(removed.count(), 2);
        QCOMPARE(removed.at(1).at(1).toInt(), 0);
        QCOMPARE(removed.at(1).at(2).toInt(), 2);
        QCOMPARE(shown(flat), flattened(tree));
        QVERIFY(roundTrips(flat));

        // data changed: the flat rows that show it
        QSignalSpy changed(&flat, &QAbstractItemModel::dataChanged);
        tree.item(1)->child(0)->setText(QStringLiteral("renamed"));
        QCOMPARE(changed.count(), 1);
        const QModelIndex at = changed.at(0).at(0).value<QModelIndex>();
        QCOMPARE(at.data().toString(), QStringLiteral("renamed"));
        QCOMPARE(at.data(FlatTreeProxy::DepthRole).toInt(), 1);
        QCOMPARE(shown(flat), flattened(tree));

        // grandchildren are not shown and change nothing
        const int rows = flat.rowCount();
        tree.item(1)->child(0)->appendRow(new QStandardItem(QStringLiteral("deep")));
        QCOMPARE(flat.rowCount(), rows);

        // a reset
        tree.clear();
        QCOMPARE(flat.rowCount(), 0);
        tree.appendRow(top(QStringLiteral("n"), 1));
        QCOMPARE(shown(flat), flattened(tree));
        // never asks its source to fetch more
        QVERIFY(!flat.canFetchMore({}));
        QCOMPARE(flat.columnCount(), 1);
        QCOMPARE(flat.rowCount(flat.index(0, 0)), 0);
    }

    void threadPagesAndReplies()
    {
        threadline::core::PostStore store;
        CommentTreeModel tree(&store);
        FlatTreeProxy flat;
        QAbstractItemModelTester tester(&flat,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        flat.setSourceModel(&tree);
        tree.setPost(1);
        QList<threadline::core::Comment> roots, replies;
        for (int f = 1; f <= 200; ++f) {
            auto root = comment(1000 + f * 100, 0, f, 0);
            root.replyCount = f == 2 ? 1003 : 3;
            roots << root;
            for (int s = 1; s <= 3; ++s)
                replies << comment(root.id + s, root.id, f, s);
        }
        tree.appendFloors(roots, replies, true);
        // 200 floors, 600 replies, floor 2's "more replies", "load more floors"
        QCOMPARE(flat.rowCount(), 802);
        QVERIFY(roundTrips(flat));
        const qint64 floor2 = 1000 + 2 * 100;
        const QModelIndex floorRow = flat.mapFromSource(tree.indexOfComment(floor2));
        QCOMPARE(floorRow.row(), 4);
        QCOMPARE(floorRow.data(FlatTreeProxy::DepthRole).toInt(), 0);
        QCOMPARE(flat.index(5, 0).data(FlatTreeProxy::DepthRole).toInt(), 1);
        const QPersistentModelIndex third = flat.index(9, 0); // floor 3's root
        QCOMPARE(third.data(CommentTreeModel::IdRole).toLongLong(), 1300);

        // floor 2's 1,000 other replies expand in place
        QList<threadline::core::Comment> more;
        for (int s = 4; s <= 1003; ++s)
            more << comment(5'000'000 + s, floor2, 2, s);
        tree.expand(tree.indexOfComment(floor2)); // "more replies" activated
        tree.appendReplies(floor2, more, true);
        QCOMPARE(flat.rowCount(), 802 + 1000 - 1); // the "more replies" row gone
        QCOMPARE(third.row(), 9 + 999);
        QCOMPARE(third.data(CommentTreeModel::IdRole).toLongLong(), 1300);
        QVERIFY(roundTrips(flat));
        // the last flat row is "load more floors"
        QCOMPARE(CommentTreeModel::RowKind(
                     flat.index(flat.rowCount() - 1, 0).data(CommentTreeModel::KindRole).toInt()),
                 CommentTreeModel::RowKind::MoreFloors);
    }
};

QTEST_GUILESS_MAIN(TstFlatTreeProxy)
#include "tst_flattreeproxy.moc"

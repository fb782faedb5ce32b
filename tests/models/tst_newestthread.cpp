// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A 12,000-floor thread through the client's ThreadLoader and CommentTreeModel (under
// QAbstractItemModelTester), against the real server: every order (by floor, best first, newest
// first) paged to its end online with no gap and no duplicate, then the same from the cache
// offline — which keeps the newest 5,000 comments of the post, so it pages exactly the newest
// 5,000 floors in each order, each once, without one request. Then a floor written by someone
// else arrives by /sync-like store news: on top in the Newest order, and my pending floor above it.

#include "cache/cache.h"
#include "net/apiclient.h"
#include "poststore.h"
#include "testserver.h"
#include "thread/commenttreemodel.h"
#include "thread/threadloader.h"

#include <QAbstractItemModelTester>
#include <QElapsedTimer>
#include <QJsonObject>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>

using namespace threadline;
using namespace threadline::models;
using core::PostStore;
using test::Client;
using test::TestServer;
using Order = CommentTreeModel::Order;

namespace {
const QString kApi = QStringLiteral("/api/v1");
constexpr int kFloors = 12000;
constexpr int kCached = 5000; // the cache's newest comments per post (Cache::kDefaultCommentLimit)

bool fetchAllFloors(CommentTreeModel &model, ThreadLoader &loader)
{
    for (int pages = 0; pages < 500; ++pages) {
        if (!QTest::qWaitFor([&] { return !loader.isBusy(); }, 30000))
            return false;
        if (!model.canFetchMore({}))
            return true;
        const int before = model.floorCount();
        model.fetchMore({});
        if (!QTest::qWaitFor([&] { return model.floorCount() > before || !loader.isBusy(); },
                             30000))
            return false;
    }
    return false;
}

QList<qint64> floorsShown(const CommentTreeModel &model)
{
    QList<qint64> out;
    for (int r = 0; r < model.floorCount(); ++r)
        out.append(model.index(r, 0).data(CommentTreeModel::FloorRole).toLongLong());
    return out;
}

QList<qint64> range(qint64 from, qint64 to) // inclusive, either direction
{
    QList<qint64> out;
    for (qint64 f = from; from <= to ? f <= to : f >= to; from <= to ? ++f : --f)
        out.append(f);
    return out;
}
} // namespace

class TstNewestThread : public QObject
{
    Q_OBJECT

    TestServer m_server;
    QTemporaryDir m_dir;
    QString m_token;
    qint64 m_post = 0;
    QHash<qint64, qint64> m_idOfFloor;

    // best first as the server ranks it: 2 × likes − opposes, then floor
    QList<qint64> bestOrder(qint64 from, qint64 to) const
    {
        QList<qint64> liked{10, 6000, 11000}, rest;
        QList<qint64> out;
        for (qint64 f : liked)
            if (f >= from && f <= to)
                out.append(f);
        for (qint64 f = from; f <= to; ++f)
            if (!liked.contains(f))
                rest.append(f);
        return out + rest;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(m_server.start());
        Client c(m_server.baseUrl());
        m_token = c.login(QStringLiteral("zhangsan"));
        QVERIFY(!m_token.isEmpty());
        const auto p = c.post(kApi + QStringLiteral("/posts"),
                              QJsonObject{{QStringLiteral("content"), QStringLiteral("hot")}});
        QCOMPARE(p.status, 201);
        m_post = p.obj().value(QStringLiteral("id")).toInteger();
        QElapsedTimer t;
        t.start();
        for (int i = 1; i <= kFloors; ++i) {
            const auto r =
                c.post(kApi + QStringLiteral("/posts/%1/comments").arg(m_post),
                       QJsonObject{{QStringLiteral("content"), QStringLiteral("floor %1").arg(i)}});
            QCOMPARE(r.status, 201);
            m_idOfFloor.insert(i, r.obj().value(QStringLiteral("id")).toInteger());
        }
        qInfo("%d floors in %lld ms", kFloors, t.elapsed());
        Client liker(m_server.baseUrl());
        QVERIFY(!liker.login(QStringLiteral("lisi")).isEmpty());
        for (const qint64 f : {qint64(10), qint64(6000), qint64(11000)})
            QCOMPARE(
                liker.put(kApi + QStringLiteral("/comments/%1/like").arg(m_idOfFloor[f])).status,
                200);
    }

    void everyOrderOnline_data()
    {
        QTest::addColumn<Order>("order");
        QTest::newRow("floor") << Order::Floor;
        QTest::newRow("best") << Order::Best;
        QTest::newRow("newest") << Order::Newest;
    }
    void everyOrderOnline()
    {
        QFETCH(Order, order);
        core::ApiClient api;
        api.setBaseUrl(m_server.baseUrl());
        api.setToken(m_token);
        core::Cache cache;
        cache.open(m_dir.filePath(QStringLiteral("cache.sqlite")));
        PostStore store;
        CommentTreeModel model(&store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        ThreadLoader loader(&api, &cache, &store, &model);
        loader.setFloorPageSize(ThreadLoader::kMaxPage);
        QSignalSpy errors(&loader, &ThreadLoader::error);
        loader.open(m_post, order);
        QVERIFY(fetchAllFloors(model, loader));
        const QList<qint64> shown = floorsShown(model);
        QCOMPARE(shown.size(), qsizetype(kFloors));
        QCOMPARE(QSet<qint64>(shown.cbegin(), shown.cend()).size(), qsizetype(kFloors));
        if (order == Order::Floor)
            QCOMPARE(shown, range(1, kFloors));
        else if (order == Order::Newest)
            QCOMPARE(shown, range(kFloors, 1));
        else
            QCOMPARE(shown, bestOrder(1, kFloors));
        QCOMPARE(model.rowCount(), kFloors); // no "load more floors" row at the end
        QCOMPARE(loader.totalFloors(), qint64(kFloors));
        QCOMPARE(errors.count(), 0);
        QVERIFY(cache.waitForIdle());
    }

    void everyOrderFromTheCache_data() { everyOrderOnline_data(); }
    void everyOrderFromTheCache()
    {
        QFETCH(Order, order);
        core::ApiClient api;
        api.setBaseUrl(m_server.baseUrl());
        api.setOffline(true);
        core::Cache cache;
        cache.open(m_dir.filePath(QStringLiteral("cache.sqlite")));
        PostStore store;
        CommentTreeModel model(&store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        ThreadLoader loader(&api, &cache, &store, &model);
        loader.setFloorPageSize(ThreadLoader::kMaxPage);
        const qsizetype mark = m_server.settle();
        QVERIFY(mark >= 0);
        loader.open(m_post, order);
        QVERIFY(fetchAllFloors(model, loader));
        const QList<qint64> shown = floorsShown(model);
        // the newest 5,000, each once
        QCOMPARE(shown.size(), qsizetype(kCached));
        const QList<qint64> newest = range(kFloors - kCached + 1, kFloors);
        QCOMPARE(QSet<qint64>(shown.cbegin(), shown.cend()),
                 QSet<qint64>(newest.cbegin(), newest.cend()));
        if (order == Order::Floor)
            QCOMPARE(shown, range(kFloors - kCached + 1, kFloors));
        else if (order == Order::Newest)
            QCOMPARE(shown, range(kFloors, kFloors - kCached + 1));
        QCOMPARE(m_server.requestsSince(mark), QList<QByteArray>()); // not one request
    }

    void newFloorsGoOnTopInNewestOrder()
    {
        core::ApiClient api;
        api.setBaseUrl(m_server.baseUrl());
        api.setToken(m_token);
        PostStore store;
        CommentTreeModel model(&store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        ThreadLoader loader(&api, nullptr, &store, &model);
        loader.setFloorPageSize(20);
        loader.open(m_post, Order::Newest);
        QTRY_VERIFY_WITH_TIMEOUT(model.floorCount() == 20 && !loader.isBusy(), 20000);
        // someone else's new floor, as /sync brings it into the store
        Client other(m_server.baseUrl());
        QVERIFY(!other.login(QStringLiteral("wangwu")).isEmpty());
        const auto r = other.post(kApi + QStringLiteral("/posts/%1/comments").arg(m_post),
                                  QJsonObject{{QStringLiteral("content"), QStringLiteral("new")}});
        QCOMPARE(r.status, 201);
        core::Comment c;
        c.id = r.obj().value(QStringLiteral("id")).toInteger();
        c.postId = m_post;
        c.floor = r.obj().value(QStringLiteral("floor")).toInteger();
        c.content = QStringLiteral("new");
        c.createtime = r.obj().value(QStringLiteral("createtime")).toInteger();
        store.upsertComments({c});
        QCOMPARE(model.floorCount(), 21);
        QCOMPARE(model.index(0, 0).data(CommentTreeModel::FloorRole).toLongLong(), c.floor);
        QCOMPARE(model.index(1, 0).data(CommentTreeModel::FloorRole).toLongLong(), qint64(kFloors));
    }
};

QTEST_MAIN(TstNewestThread)
#include "tst_newestthread.moc"

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Recently viewed follows the account (docs/api.md): views one client made (its own HOME and
// cache) show up in another client's Recently viewed once it is online with the same account,
// merged with that client's own views (by post, the newest view wins), and the merged list is
// what its cache then holds offline. Against the real threadline-server with real caches on
// temporary files.
#include "cache/cache.h"
#include "clientparts.h"
#include "net/apiclient.h"
#include "poststore.h"
#include "testserver.h"
#include "timeline/historymodel.h"
#include "timeline/timelinemodel.h"
#include "wire/jsoncodec.h"

#include <QAbstractItemModelTester>
#include <QJsonArray>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace threadline;
using namespace threadline::models;
using threadline::test::Client;
using threadline::test::openCache;
using threadline::test::TestServer;

namespace {

const QString kApi = QStringLiteral("/api/v1");
constexpr int kWait = 20000;

QList<qint64> ids(const QAbstractItemModel &m)
{
    QList<qint64> out;
    for (int row = 0; row < m.rowCount(); ++row)
        out.append(m.index(row, 0).data(TimelineModel::IdRole).toLongLong());
    return out;
}

} // namespace

class TstRecentSync : public QObject
{
    Q_OBJECT

private:
    TestServer m_server;
    QTemporaryDir m_dir;

    void setUp(core::ApiClient &api, const QString &token)
    {
        test::pointAt(api, m_server.baseUrl(), token);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY2(m_server.start(), "the server did not start");
    }

    void anotherClientsViewsAreMergedWithMine()
    {
        Client web(m_server.baseUrl());
        const QString token = web.login(QStringLiteral("wangwu"));
        QVERIFY(!token.isEmpty());
        const auto page = core::decodePostPage(
            web.get(kApi + QStringLiteral("/timeline?scope=all&limit=5")).body);
        QVERIFY(page.ok());
        const QList<core::Post> posts = page.value().items;
        QVERIFY(posts.size() >= 4);
        const qint64 p1 = posts[0].id, p2 = posts[1].id, p3 = posts[2].id, p4 = posts[3].id;

        // Client A (its own cache file) views p1 and p2 online: the server keeps them.
        {
            core::ApiClient api;
            setUp(api, token);
            core::Cache cache;
            QVERIFY(openCache(cache, m_dir.filePath(QStringLiteral("a.sqlite"))));
            core::PostStore store;
            store.upsertPosts(posts);
            HistoryModel history(&api, &cache, &store);
            QSignalSpy reported(&history, &HistoryModel::viewReported);
            history.markViewed(p1);
            history.markViewed(p2);
            QTRY_COMPARE_WITH_TIMEOUT(reported.count(), 2, kWait);
            QVERIFY(reported.at(0).at(1).toBool() && reported.at(1).at(1).toBool());
            QVERIFY(cache.waitForIdle());
        }

        // Client B, offline, has views of its own: p3, then p1 (later than A's view of p1).
        core::ApiClient api;
        setUp(api, token);
        core::Cache cache;
        QVERIFY(openCache(cache, m_dir.filePath(QStringLiteral("b.sqlite"))));
        core::PostStore store;
        store.upsertPosts({posts[0], posts[2], posts[3]});
        api.setOffline(true);
        {
            HistoryModel history(&api, &cache, &store);
            history.markViewed(p3);
            history.markViewed(p1);
            QCOMPARE(ids(history), (QList<qint64>{p1, p3}));
            QVERIFY(cache.waitForIdle());
        }

        // B online with the same account: the union, newest view first (p1 is B's later view).
        api.setOffline(false);
        {
            core::PostStore fresh; // the server's list brings p2's post too
            HistoryModel history(&api, &cache, &fresh);
            QAbstractItemModelTester tester(&history,
                                            QAbstractItemModelTester::FailureReportingMode::QtTest);
            history.load();
            QTRY_COMPARE_WITH_TIMEOUT(ids(history), (QList<qint64>{p1, p3, p2}), kWait);
            QVERIFY(fresh.containsPost(p2));
            // A view made now goes on top of the merged list, once.
            history.markViewed(p2);
            QCOMPARE(ids(history), (QList<qint64>{p2, p1, p3}));
            history.markViewed(p4); // not in this store: fetched, then shown on top
            QTRY_COMPARE_WITH_TIMEOUT(ids(history), (QList<qint64>{p4, p2, p1, p3}), kWait);
            QVERIFY(cache.waitForIdle());
        }

        // B offline again: the cache holds the merged list, posts included.
        api.setOffline(true);
        {
            core::PostStore empty;
            HistoryModel history(&api, &cache, &empty);
            QSignalSpy loaded(&history, &HistoryModel::loaded);
            history.load();
            QVERIFY(loaded.wait(kWait));
            QCOMPARE(ids(history), (QList<qint64>{p4, p2, p1, p3}));
        }

        // And the server has B's online views: A, signing in again, sees them first.
        const auto server = web.get(kApi + QStringLiteral("/me/recent?limit=60"));
        QCOMPARE(server.status, 200);
        QList<qint64> onServer;
        for (const QJsonValue &v : server.obj().value(QStringLiteral("items")).toArray())
            onServer.append(v.toObject().value(QStringLiteral("id")).toInteger());
        QCOMPARE(onServer, (QList<qint64>{p4, p2, p1}));
    }

    void aServerWithoutTheListChangesNothing()
    {
        // A wrong answer (no items, wrong types) keeps the local list as it is.
        core::ApiClient api;
        setUp(api, QStringLiteral("not-a-token")); // 401: the list is not merged
        core::Cache cache;
        QVERIFY(openCache(cache, m_dir.filePath(QStringLiteral("c.sqlite"))));
        core::PostStore store;
        HistoryModel history(&api, &cache, &store);
        QSignalSpy loaded(&history, &HistoryModel::loaded);
        history.load();
        QVERIFY(loaded.wait(kWait));
        QCOMPARE(history.rowCount(), 0);
    }
};

QTEST_MAIN(TstRecentSync)
#include "tst_recentsync.moc"

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Timeline feeds for every scope, recently viewed posts and the activity feed, against the real
// threadline-server with a real cache on a temporary file. Every model runs under
// QAbstractItemModelTester, which also calls fetchMore() after every change, as a view would:
// the feeds page on by themselves until the list ends.
#include "cache/cache.h"
#include "clientparts.h"
#include "net/apiclient.h"
#include "people/activitymodel.h"
#include "poststore.h"
#include "testserver.h"
#include "timeline/historymodel.h"
#include "timeline/timelinefeed.h"
#include "timeline/timelinemodel.h"
#include "wire/jsoncodec.h"

#include <QAbstractItemModelTester>
#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <memory>

#include "isolates.h"

using namespace threadline;
using namespace threadline::models;
using threadline::test::Client;
using threadline::test::openCache;
using threadline::test::TestServer;
using Scope = TimelineFeed::Scope;

namespace {
const QString kApi = QStringLiteral("/api/v1");
constexpr int kWait = 20000;

QList<qint64> idsOf(const QJsonArray &items)
{
    QList<qint64> ids;
    for (const QJsonValue &v : items)
        ids.append(v.toObject().value(QStringLiteral("id")).toInteger());
    return ids;
}

// Every id of a paged list as the test client reads it (`path` already has a query).
QList<qint64> allIds(Client &c, const QString &path)
{
    QList<qint64> ids;
    QString before;
    for (int page = 0; page < 200; ++page) {
        QString p = path + QStringLiteral("&limit=50");
        if (!before.isEmpty())
            p += QStringLiteral("&before=") + QString::fromLatin1(QUrl::toPercentEncoding(before));
        const auto r = c.get(p);
        if (r.status != 200)
            return {};
        ids += idsOf(r.items());
        const QJsonValue next = r.obj().value(QStringLiteral("next"));
        if (!next.isString())
            break;
        before = next.toString();
    }
    return ids;
}

QList<qint64> column(const QAbstractItemModel &m, int role)
{
    QList<qint64> out;
    for (int row = 0; row < m.rowCount(); ++row)
        out.append(m.index(row, 0).data(role).toLongLong());
    return out;
}

QList<qint64> rowsOf(const TimelineModel &m)
{
    return column(m, TimelineModel::IdRole);
}

// One signed-in client: API client, cache file, store, a timeline model (under the tester)
// and its feed.
struct Side
{
    core::ApiClient api;
    core::Cache cache;
    core::PostStore store;
    TimelineModel model{&store};
    QAbstractItemModelTester tester{&model, QAbstractItemModelTester::FailureReportingMode::QtTest};
    TimelineFeed feed{&api, &cache, &store, &model};

    Side(const QUrl &base, const QString &token, const QString &cachePath)
    {
        api.setBaseUrl(base);
        api.setToken(token);
        api.setRetryPolicy(core::RetryPolicy{1, 10, 10});
        if (!openCache(cache, cachePath))
            qFatal("the cache did not open");
    }
    // No page on its way and none to fetch: the list is complete.
    [[nodiscard]] bool atEnd() const { return !feed.isBusy() && !model.canFetchMore({}); }
};

// A scripted peer on loopback: the first page of a list is `first`, a further page (a request
// with `before=`) is `page`; each is a whole HTTP answer.
struct Peer
{
    QTcpServer server;
    QByteArray first;
    QByteArray page;

    Peer()
    {
        if (!server.listen(QHostAddress::LocalHost))
            qFatal("no loopback port");
        QObject::connect(&server, &QTcpServer::newConnection, &server, [this] {
            while (QTcpSocket *s = server.nextPendingConnection()) {
                QObject::connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
                QObject::connect(s, &QTcpSocket::readyRead, s, [this, s] {
                    const QByteArray request = s->readAll();
                    s->write(request.contains("before=") ? page : first);
                    s->disconnectFromHost();
                });
            }
        });
    }
    [[nodiscard]] QUrl url() const
    {
        return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(server.serverPort()));
    }
    static QByteArray answer(int status, const QByteArray &body)
    {
        return QByteArray("HTTP/1.1 ") + QByteArray::number(status) +
               (status == 200 ? " OK" : " Error") +
               "\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: " +
               QByteArray::number(body.size()) + "\r\n\r\n" + body;
    }
};
} // namespace

class TstFeeds : public QObject
{
    Q_OBJECT

private:
    TestServer m_server;
    QTemporaryDir m_dir;
    QString m_token; // zhangsan (10001), who follows 李四 (10002) and 王五 (10003)
    std::unique_ptr<Client> m_client;

    QString cachePath(const QString &name) const
    {
        return m_dir.filePath(QString(name).remove(QLatin1Char(' ')) + QStringLiteral(".sqlite"));
    }
    // A new post by `username`; its id.
    qint64 postAs(const QString &username, const QString &content)
    {
        Client c(m_server.baseUrl());
        if (c.login(username).isEmpty())
            return 0;
        const auto r = c.post(kApi + QStringLiteral("/posts"),
                              QJsonObject{{QStringLiteral("content"), content}});
        return r.status == 201 ? r.obj().value(QStringLiteral("id")).toInteger() : 0;
    }
    // Posts of a page as the client decodes them.
    QList<core::Post> postsAt(const QString &path)
    {
        const auto r = m_client->get(path);
        const auto page = core::decodePostPage(r.body);
        return page.ok() ? page.value().items : QList<core::Post>{};
    }

private Q_SLOTS:
    void initTestCase()
    {
        qRegisterMetaType<core::ApiError>();
        QVERIFY(m_dir.isValid());
        QVERIFY2(m_server.start(), m_server.stderrLog().right(2000).constData());
        m_client = std::make_unique<Client>(m_server.baseUrl());
        m_token = m_client->login(QStringLiteral("zhangsan"));
        QVERIFY(!m_token.isEmpty());
    }

    void scopeKeysAndPaths()
    {
        QCOMPARE(Scope::all().key(), QStringLiteral("all")); // the sync engine's key
        QCOMPARE(Scope::following().key(), QStringLiteral("following"));
        QCOMPARE(Scope::user(10003).key(), QStringLiteral("user:10003"));
        QCOMPARE(Scope::mine(10001).key(), QStringLiteral("user:10001"));
        QCOMPARE(Scope::hot(Scope::Window::Week, Scope::Rank::Views).key(),
                 QStringLiteral("hot:week:views"));
        QCOMPARE(Scope::user(10003).call(20, QStringLiteral("a+b")).path,
                 QStringLiteral(
                     "/api/v1/timeline?scope=user&uid=10003&limit=20&before=a%2Bb&comments=5"));
        QCOMPARE(Scope::hot(Scope::Window::Day, Scope::Rank::Likes).call(80).path,
                 QStringLiteral("/api/v1/hot?window=day&by=likes&limit=50&comments=5"));
    }

    void scopes_data()
    {
        QTest::addColumn<Scope>("scope");
        QTest::addColumn<QString>("path");          // the list as the test client reads it
        QTest::addColumn<QList<qint64>>("authors"); // who may appear (empty: anyone)
        const QString tl = kApi + QStringLiteral("/timeline?scope=");
        const QString hot = kApi + QStringLiteral("/hot?window=");
        QTest::newRow("all") << Scope::all() << tl + QStringLiteral("all") << QList<qint64>{};
        QTest::newRow("following") << Scope::following() << tl + QStringLiteral("following")
                                   << QList<qint64>{10001, 10002, 10003};
        QTest::newRow("user") << Scope::user(10003) << tl + QStringLiteral("user&uid=10003")
                              << QList<qint64>{10003};
        QTest::newRow("mine") << Scope::mine(10001) << tl + QStringLiteral("user&uid=10001")
                              << QList<qint64>{10001};
        using W = Scope::Window;
        using R = Scope::Rank;
        QTest::newRow("hot day likes") << Scope::hot(W::Day, R::Likes)
                                       << hot + QStringLiteral("day&by=likes") << QList<qint64>{};
        QTest::newRow("hot week likes") << Scope::hot(W::Week, R::Likes)
                                        << hot + QStringLiteral("week&by=likes") << QList<qint64>{};
        QTest::newRow("hot day views") << Scope::hot(W::Day, R::Views)
                                       << hot + QStringLiteral("day&by=views") << QList<qint64>{};
        QTest::newRow("hot week views") << Scope::hot(W::Week, R::Views)
                                        << hot + QStringLiteral("week&by=views") << QList<qint64>{};
    }

    void scopes()
    {
        QFETCH(Scope, scope);
        QFETCH(QString, path);
        QFETCH(QList<qint64>, authors);
        Side s(m_server.baseUrl(), m_token,
               cachePath(QStringLiteral("scope-") + QLatin1String(QTest::currentDataTag())));
        QSignalSpy refreshed(&s.feed, &TimelineFeed::refreshed);
        QSignalSpy errors(&s.feed, &TimelineFeed::error);
        s.feed.setScope(scope);
        s.feed.start();
        QVERIFY(refreshed.wait(kWait));

        // The first page: the server's order.
        const QList<qint64> first =
            idsOf(m_client->get(path + QStringLiteral("&limit=20")).items());
        QVERIFY(!first.isEmpty());
        QVERIFY(s.model.rowCount() >= first.size());
        QCOMPARE(rowsOf(s.model).mid(0, first.size()), first);

        // Paging to the end (the tester fetches more after every insert, as a view does).
        QTRY_VERIFY_WITH_TIMEOUT(s.atEnd(), 60000);
        QCOMPARE(errors.count(), 0);
        const QList<qint64> rows = rowsOf(s.model);
        QCOMPARE(QSet<qint64>(rows.cbegin(), rows.cend()).size(), rows.size()); // each once
        if (scope.isHot()) {
            QCOMPARE(rows, first); // one ranking, no pages
        } else {
            QCOMPARE(rows, allIds(*m_client, path));
            QVERIFY(rows.size() > 20); // more than one page was read
        }
        if (!authors.isEmpty()) {
            QSet<qint64> seen;
            for (qint64 uid : column(s.model, TimelineModel::AuthorIdRole)) {
                QVERIFY2(authors.contains(uid), QByteArray::number(uid).constData());
                seen.insert(uid);
            }
            if (scope.kind == Scope::Kind::Following) // me and both people I follow
                QCOMPARE(seen.size(), 3);
        }
        QVERIFY(s.cache.waitForIdle());
    }

    void cacheFirst()
    {
        const QString path = cachePath(QStringLiteral("cache-first"));
        QList<qint64> all;
        {
            Side a(m_server.baseUrl(), m_token, path);
            a.feed.start();
            QTRY_VERIFY_WITH_TIMEOUT(a.atEnd() && a.feed.isUpToDate(), 60000);
            all = rowsOf(a.model);
            QVERIFY(a.cache.waitForIdle());
        }
        QVERIFY(all.size() > 40);

        // Offline: the cached rows, page after page from the cache, and not one request.
        {
            Side b(m_server.baseUrl(), m_token, path);
            b.api.setOffline(true);
            QSignalSpy painted(&b.feed, &TimelineFeed::cachePainted);
            QSignalSpy refreshed(&b.feed, &TimelineFeed::refreshed);
            QSignalSpy errors(&b.feed, &TimelineFeed::error);
            QSignalSpy requests(&b.api, &core::ApiClient::requestFailed);
            b.feed.start();
            QVERIFY(painted.wait(kWait));
            QCOMPARE(painted.at(0).at(0).toInt(), 20);
            QCOMPARE(rowsOf(b.model).mid(0, 20), all.mid(0, 20));
            QTRY_VERIFY_WITH_TIMEOUT(b.atEnd(), kWait); // stops where the cache ends
            QCOMPARE(rowsOf(b.model), all);
            QCOMPARE(refreshed.count(), 0);
            QCOMPARE(errors.count(), 0);
            QCOMPARE(requests.count(), 0); // an offline request would fail with Kind::Offline
            QVERIFY(!b.feed.status().isEmpty());
            b.feed.refresh(); // offline: says so, sends nothing
            QVERIFY(!b.feed.isBusy());
            QCOMPARE(requests.count(), 0);
        }

        // Online but slow: the cached rows are painted before the server answers; the server's
        // page then meets them, so no second reset.
        Side c(m_server.baseUrl(), m_token, path);
        core::FaultConfig slow;
        slow.latencyMs = 3000; // a wide margin: on a machine with busy cores 500 ms was not
        c.api.setFaultConfig(slow);
        QSignalSpy painted(&c.feed, &TimelineFeed::cachePainted);
        QSignalSpy refreshed(&c.feed, &TimelineFeed::refreshed);
        QSignalSpy resets(&c.model, &QAbstractItemModel::modelReset);
        c.feed.start();
        QVERIFY(painted.wait(kWait));
        QCOMPARE(refreshed.count(), 0);
        QCOMPARE(rowsOf(c.model), all.mid(0, 20)); // more waits for the server's first page
        QVERIFY(!c.feed.isUpToDate());
        QVERIFY(refreshed.wait(kWait));
        QCOMPARE(refreshed.at(0).at(0).toInt(), 0);
        QCOMPARE(resets.count(), 1); // the cache's paint only
        QCOMPARE(rowsOf(c.model).mid(0, 20), all.mid(0, 20));
        QVERIFY(c.feed.isUpToDate());
        QVERIFY(c.cache.waitForIdle());
    }

    void gapResets()
    {
        // The cache holds only old posts (a long time away): the first page does not meet
        // them, so it replaces them.
        const QString path = cachePath(QStringLiteral("gap"));
        const QList<qint64> all = allIds(*m_client, kApi + QStringLiteral("/timeline?scope=all"));
        QVERIFY(all.size() > 60);
        QList<core::Post> old;
        for (qint64 id : all.mid(all.size() - 5)) {
            const auto post =
                core::decodePost(m_client->get(kApi + QStringLiteral("/posts/%1").arg(id)).body);
            QVERIFY(post.ok());
            old.append(post.value());
        }
        {
            core::Cache cache;
            QVERIFY(openCache(cache, path));
            cache.savePosts(old, QStringLiteral("all"), true, std::nullopt);
            QVERIFY(cache.waitForIdle());
        }
        Side s(m_server.baseUrl(), m_token, path);
        QSignalSpy painted(&s.feed, &TimelineFeed::cachePainted);
        QSignalSpy refreshed(&s.feed, &TimelineFeed::refreshed);
        QSignalSpy resets(&s.model, &QAbstractItemModel::modelReset);
        // The cache's paint first, for certain: the first page is asked for once it is on
        // screen (started online, a busy machine's cache could answer after the server).
        s.api.setOffline(true);
        s.feed.start();
        QVERIFY(painted.wait(kWait));
        QCOMPARE(painted.at(0).at(0).toInt(), 5);
        s.api.setOffline(false);
        s.feed.refresh();
        QVERIFY(refreshed.wait(kWait));
        QCOMPARE(painted.count(), 1);
        QCOMPARE(resets.count(), 2); // the cache's paint, then the gap
        QCOMPARE(refreshed.at(0).at(0).toInt(), 20);
        QCOMPARE(rowsOf(s.model).mid(0, 20), all.mid(0, 20));
        QTRY_VERIFY_WITH_TIMEOUT(s.atEnd(), 60000);
        QCOMPARE(rowsOf(s.model), all);
        QVERIFY(s.cache.waitForIdle());
    }

    void newPostOnTopAfterRefresh()
    {
        Side s(m_server.baseUrl(), m_token, cachePath(QStringLiteral("refresh")));
        QSignalSpy busy(&s.feed, &TimelineFeed::busyChanged);
        s.feed.start();
        QTRY_VERIFY_WITH_TIMEOUT(s.atEnd() && s.feed.isUpToDate(), 60000);
        QVERIFY(busy.count() >= 2);
        QCOMPARE(busy.first().at(0).toBool(), true);
        QCOMPARE(busy.last().at(0).toBool(), false);
        const int before = s.model.rowCount();

        const qint64 id = postAs(QStringLiteral("lisi"), QStringLiteral("新鲜出炉 🍞"));
        QVERIFY(id > 0);
        QSignalSpy inserted(&s.model, &QAbstractItemModel::rowsInserted);
        QSignalSpy resets(&s.model, &QAbstractItemModel::modelReset);
        QSignalSpy refreshed(&s.feed, &TimelineFeed::refreshed);
        s.feed.refresh();
        QVERIFY(refreshed.wait(kWait));
        QCOMPARE(refreshed.at(0).at(0).toInt(), 1);
        QCOMPARE(resets.count(), 0);
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(inserted.at(0).at(1).toInt(), 0);
        QCOMPARE(inserted.at(0).at(2).toInt(), 0);
        QCOMPARE(s.model.rowCount(), before + 1);
        QCOMPARE(s.model.postIdAt(0), id);
        QCOMPARE(s.model.index(0).data(TimelineModel::ContentRole).toString(),
                 QStringLiteral("新鲜出炉 🍞"));
        QCOMPARE(s.model.index(0).data(TimelineModel::AuthorNameRole).toString(),
                 QStringLiteral("李四"));
        QCOMPARE(rowsOf(s.model), allIds(*m_client, kApi + QStringLiteral("/timeline?scope=all")));
        // Nothing new: the server answers 304 to the first page's ETag and the feed gets the
        // page it had, as a 200 — no rows, no reset, the same list.
        const qint64 notModified = s.api.revalidation().notModified;
        const QList<qint64> shown = rowsOf(s.model);
        refreshed.clear();
        inserted.clear();
        s.feed.refresh();
        QVERIFY(refreshed.wait(kWait));
        QCOMPARE(refreshed.at(0).at(0).toInt(), 0);
        QCOMPARE(inserted.count(), 0);
        QCOMPARE(resets.count(), 0);
        QCOMPARE(s.api.revalidation().notModified, notModified + 1);
        QVERIFY(s.api.revalidation().bytesSaved > 0);
        QCOMPARE(rowsOf(s.model), shown);
        QVERIFY(s.atEnd());
        QVERIFY(s.cache.waitForIdle());

        // The cache holds the list as shown (the new post on top, all the pages below it).
        Side offline(m_server.baseUrl(), m_token, cachePath(QStringLiteral("refresh")));
        offline.api.setOffline(true);
        offline.feed.start();
        QTRY_VERIFY_WITH_TIMEOUT(offline.atEnd() && offline.model.rowCount() > 0, kWait);
        QCOMPARE(rowsOf(offline.model), rowsOf(s.model));
    }

    void historyOrderDedupMove()
    {
        core::ApiClient api;
        api.setBaseUrl(m_server.baseUrl());
        api.setToken(m_token);
        core::Cache cache;
        QVERIFY(openCache(cache, cachePath(QStringLiteral("history"))));
        core::PostStore store;
        const QList<core::Post> posts =
            postsAt(kApi + QStringLiteral("/timeline?scope=user&uid=10003&limit=5"));
        QCOMPARE(posts.size(), 5);
        store.upsertPosts(posts);
        const qint64 a = posts.at(0).id, b = posts.at(1).id, c = posts.at(2).id;

        HistoryModel history(&api, &cache, &store);
        QAbstractItemModelTester tester(&history,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy reported(&history, &HistoryModel::viewReported);
        QSignalSpy inserted(&history, &QAbstractItemModel::rowsInserted);
        history.markViewed(a);
        history.markViewed(b);
        history.markViewed(c);
        QCOMPARE(column(history, TimelineModel::IdRole), (QList<qint64>{c, b, a}));
        QCOMPARE(inserted.count(), 3);
        for (const auto &args : inserted)
            QCOMPARE(args.at(1).toInt(), 0);

        // Viewing `a` again moves its row to the top: no reset, no insert, one entry per post.
        QSignalSpy moved(&history, &QAbstractItemModel::rowsMoved);
        QSignalSpy resets(&history, &QAbstractItemModel::modelReset);
        QSignalSpy changed(&history, &QAbstractItemModel::dataChanged);
        inserted.clear();
        history.markViewed(a);
        QCOMPARE(moved.count(), 1);
        QCOMPARE(moved.at(0).at(1).toInt(), 2); // from row 2
        QCOMPARE(moved.at(0).at(4).toInt(), 0); // to the top
        QCOMPARE(resets.count(), 0);
        QCOMPARE(inserted.count(), 0);
        QCOMPARE(column(history, TimelineModel::IdRole), (QList<qint64>{a, c, b}));
        history.markViewed(a); // already on top: only its time changes
        QCOMPARE(moved.count(), 1);
        QCOMPARE(history.rowCount(), 3);
        const QList<qint64> times = column(history, HistoryModel::ViewedAtRole);
        QVERIFY(times.at(0) > times.at(1) && times.at(1) > times.at(2));
        QVERIFY(changed.count() >= 2);
        QCOMPARE(changed.last().at(2).value<QList<int>>(),
                 (QList<int>{HistoryModel::ViewedAtRole}));

        // The card roles are the timeline's, and follow the store.
        QCOMPARE(history.index(1).data(TimelineModel::ContentRole).toString(), posts.at(2).content);
        QCOMPARE(history.index(1).data(TimelineModel::AuthorNameRole).toString(),
                 QStringLiteral("王五"));
        QVERIFY(history.roleNames().value(HistoryModel::ViewedAtRole) == "ViewedAtRole");
        QVERIFY(history.roleNames().value(TimelineModel::LikedRole) == "LikedRole");
        changed.clear();
        const bool liked = store.post(b)->liked;
        store.setPendingPostLike(b, !liked);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(0).toModelIndex().row(), 2);
        QVERIFY(changed.at(0).at(2).value<QList<int>>().contains(TimelineModel::LikedRole));
        QCOMPARE(history.index(2).data(TimelineModel::LikedRole).toBool(), !liked);
        store.clearPendingPostLike(b);

        // The server heard every view; failures would have been ignored.
        QTRY_COMPARE_WITH_TIMEOUT(reported.count(), 5, kWait);
        for (const auto &args : reported)
            QVERIFY(args.at(1).toBool());

        // The cache kept them: a second model on the same cache shows the same order. Read
        // offline, so that it is the cache alone (online, the server's list is merged in, and
        // its times for the same views are those of their arrival there: a few ms later).
        QVERIFY(cache.waitForIdle());
        api.setOffline(true);
        core::PostStore store2;
        HistoryModel again(&api, &cache, &store2);
        QAbstractItemModelTester tester2(&again,
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy loaded(&again, &HistoryModel::loaded);
        again.load();
        QVERIFY(loaded.wait(kWait));
        QCOMPARE(loaded.at(0).at(0).toInt(), 3);
        QCOMPARE(column(again, TimelineModel::IdRole), (QList<qint64>{a, c, b}));
        QCOMPARE(column(again, HistoryModel::ViewedAtRole), times);
        QVERIFY(store2.containsPost(a)); // painted from the cache
        QVERIFY(cache.waitForIdle());
    }

    void historyCountsTheViewAndFetchesUnknownPosts()
    {
        // A new post that 13 others viewed today: high in /hot?by=views with its viewCount.
        const qint64 id = postAs(QStringLiteral("lisi"), QStringLiteral("看过的人请举手"));
        QVERIFY(id > 0);
        const QStringList viewers = {
            QStringLiteral("lisi"),    QStringLiteral("wangwu"),  QStringLiteral("mazi"),
            QStringLiteral("qianqi"),  QStringLiteral("maliu"),   QStringLiteral("moderator"),
            QStringLiteral("demo100"), QStringLiteral("demo101"), QStringLiteral("demo102"),
            QStringLiteral("demo103"), QStringLiteral("demo104"), QStringLiteral("demo105"),
            QStringLiteral("demo106")};
        for (const QString &name : viewers) {
            Client v(m_server.baseUrl());
            QVERIFY(!v.login(name).isEmpty());
            QCOMPARE(v.post(kApi + QStringLiteral("/posts/%1/views").arg(id)).status, 204);
        }
        const auto viewCount = [this, id]() -> qint64 {
            const auto items =
                m_client->get(kApi + QStringLiteral("/hot?window=day&by=views&limit=50")).items();
            for (const QJsonValue &v : items)
                if (v.toObject().value(QStringLiteral("id")).toInteger() == id)
                    return v.toObject().value(QStringLiteral("viewCount")).toInteger();
            return -1;
        };
        QCOMPARE(viewCount(), 13);

        core::ApiClient api;
        api.setBaseUrl(m_server.baseUrl());
        api.setToken(m_token);
        core::Cache cache;
        QVERIFY(openCache(cache, cachePath(QStringLiteral("history-views"))));
        core::PostStore store; // does not hold the post: the model fetches it
        HistoryModel history(&api, &cache, &store);
        QAbstractItemModelTester tester(&history,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy reported(&history, &HistoryModel::viewReported);
        history.markViewed(id);
        QVERIFY(reported.wait(kWait));
        QCOMPARE(reported.at(0).at(0).toLongLong(), id);
        QVERIFY(reported.at(0).at(1).toBool());
        QTRY_COMPARE_WITH_TIMEOUT(history.rowCount(), 1, kWait);
        QCOMPARE(history.postIdAt(0), id);
        QVERIFY(store.containsPost(id));
        QCOMPARE(viewCount(), 14); // the server counted my view
        history.markViewed(id);    // once per user and day
        QVERIFY(reported.wait(kWait));
        QCOMPARE(viewCount(), 14);
        QCOMPARE(history.rowCount(), 1);
        QVERIFY(cache.waitForIdle());
    }

    void historyCapAndAgeOffline()
    {
        core::ApiClient api;
        api.setBaseUrl(m_server.baseUrl());
        api.setToken(m_token);
        core::Cache cache;
        QVERIFY(openCache(cache, cachePath(QStringLiteral("history-cap"))));
        core::PostStore store;
        QList<core::Post> posts;
        for (qint64 id :
             allIds(*m_client, kApi + QStringLiteral("/timeline?scope=all")).mid(0, 65)) {
            const auto post =
                core::decodePost(m_client->get(kApi + QStringLiteral("/posts/%1").arg(id)).body);
            QVERIFY(post.ok());
            posts.append(post.value());
        }
        QCOMPARE(posts.size(), 65);
        QList<qint64> ids;
        for (const core::Post &p : posts)
            ids.append(p.id);
        store.upsertPosts(posts);

        api.setOffline(true); // views are recorded, not sent
        QSignalSpy requests(&api, &core::ApiClient::requestFailed);
        qint64 now = 1'800'000'000'000;
        const auto clock = [&now] { return now; };
        cache.setClock(clock);
        HistoryModel history(&api, &cache, &store);
        history.setClock(clock);
        QAbstractItemModelTester tester(&history,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        for (qint64 id : ids) {
            now += 1000;
            history.markViewed(id);
        }
        QCOMPARE(history.rowCount(), core::Cache::kHistoryLimit);
        QList<qint64> newestFirst(ids.crbegin(), ids.crend());
        newestFirst.resize(core::Cache::kHistoryLimit);
        QCOMPARE(column(history, TimelineModel::IdRole), newestFirst);
        // A post that is nowhere (offline): recorded, not shown.
        history.markViewed(1'999'999);
        QCOMPARE(history.rowCount(), core::Cache::kHistoryLimit);
        QCOMPARE(history.postIdAt(0), newestFirst.first());
        QCOMPARE(requests.count(), 0);

        QVERIFY(cache.waitForIdle());
        HistoryModel again(&api, &cache, &store);
        again.setClock(clock);
        QAbstractItemModelTester tester2(&again,
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy loaded(&again, &HistoryModel::loaded);
        again.load();
        QVERIFY(loaded.wait(kWait));
        // The cache keeps the newest 60 entries; the post that is nowhere is one of them and
        // is skipped.
        newestFirst.removeLast();
        QCOMPARE(column(again, TimelineModel::IdRole), newestFirst);

        // 30 days later the entries have aged out.
        now += core::Cache::kHistoryMaxAgeMs + 60'000;
        loaded.clear();
        again.load();
        QVERIFY(loaded.wait(kWait));
        QCOMPARE(again.rowCount(), 0);
        QVERIFY(cache.waitForIdle());
    }

    void activityOfPeopleIFollow()
    {
        // I follow 麻子, who then posts, likes a post and follows 钱七.
        // (李四, whom I follow too, writes the post 麻子 likes first.)
        const qint64 liked = postAs(QStringLiteral("lisi"), QStringLiteral("求赞"));
        QVERIFY(liked > 0);
        QCOMPARE(m_client->put(kApi + QStringLiteral("/users/10004/follow")).status, 200);
        Client mazi(m_server.baseUrl());
        QVERIFY(!mazi.login(QStringLiteral("mazi")).isEmpty());
        const auto made =
            mazi.post(kApi + QStringLiteral("/posts"),
                      QJsonObject{{QStringLiteral("content"), QStringLiteral("麻子到此一游")}});
        QCOMPARE(made.status, 201);
        const qint64 own = made.obj().value(QStringLiteral("id")).toInteger();
        QCOMPARE(mazi.put(kApi + QStringLiteral("/posts/%1/like").arg(liked)).status, 200);
        QCOMPARE(mazi.put(kApi + QStringLiteral("/users/10006/follow")).status, 200);

        core::ApiClient api;
        api.setBaseUrl(m_server.baseUrl());
        api.setToken(m_token);
        api.setRetryPolicy(core::RetryPolicy{1, 10, 10});
        ActivityModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        ActivityFeed feed(&api, &model);
        QSignalSpy refreshed(&feed, &ActivityFeed::refreshed);
        QSignalSpy errors(&feed, &ActivityFeed::error);
        feed.start();
        QVERIFY(refreshed.wait(kWait));
        const QList<qint64> first =
            idsOf(m_client->get(kApi + QStringLiteral("/activity?limit=20")).items());
        QCOMPARE(column(model, ActivityModel::IdRole).mid(0, first.size()), first);

        // Newest first: the follow, the like, the post.
        const auto at = [&model](int row, int role) { return model.index(row).data(role); };
        QCOMPARE(at(0, ActivityModel::TypeRole).toString(), QStringLiteral("follow"));
        // each name isolated, so that neither can reorder the sentence
        QCOMPARE(at(0, ActivityModel::TextRole).toString(),
                 QChar(0x2068) + QStringLiteral("麻子") + QChar(0x2069) +
                     QStringLiteral(" followed ") + QChar(0x2068) + QStringLiteral("钱七") +
                     QChar(0x2069));
        QCOMPARE(withoutIsolates(at(0, Qt::DisplayRole).toString()),
                 QStringLiteral("麻子 followed 钱七"));
        QCOMPARE(at(0, ActivityModel::TargetUserIdRole).toLongLong(), 10006);
        QCOMPARE(at(0, ActivityModel::TargetUserNameRole).toString(), QStringLiteral("钱七"));
        QCOMPARE(at(0, ActivityModel::PostIdRole).toLongLong(), 0);
        QCOMPARE(at(1, ActivityModel::TypeRole).toString(), QStringLiteral("like"));
        QCOMPARE(withoutIsolates(at(1, ActivityModel::TextRole).toString()),
                 QStringLiteral("麻子 liked 李四's post"));
        QCOMPARE(at(1, ActivityModel::PostIdRole).toLongLong(), liked);
        QCOMPARE(at(1, ActivityModel::PostAuthorIdRole).toLongLong(), 10002);
        QCOMPARE(at(1, ActivityModel::PostAuthorNameRole).toString(), QStringLiteral("李四"));
        QCOMPARE(at(1, ActivityModel::SummaryRole).toString(), QStringLiteral("求赞"));
        QCOMPARE(at(1, ActivityModel::OpenTargetRole).toString(), QStringLiteral("post"));
        QCOMPARE(at(0, ActivityModel::OpenTargetRole).toString(), QStringLiteral("profile"));
        QVERIFY(!at(1, ActivityModel::RelativeTimeRole).toString().isEmpty());
        QCOMPARE(at(1, ActivityModel::ActorIdRole).toLongLong(), 10004);
        QCOMPARE(at(1, ActivityModel::ActorNameRole).toString(), QStringLiteral("麻子"));
        QVERIFY(!at(1, ActivityModel::ActorAvatarRole).toString().isEmpty());
        QCOMPARE(at(2, ActivityModel::TypeRole).toString(), QStringLiteral("post"));
        QCOMPARE(withoutIsolates(at(2, ActivityModel::TextRole).toString()),
                 QStringLiteral("麻子 posted"));
        QCOMPARE(at(2, ActivityModel::PostIdRole).toLongLong(), own);
        QVERIFY(at(0, ActivityModel::CreatedTimeRole).toLongLong() >=
                at(2, ActivityModel::CreatedTimeRole).toLongLong());

        // Paging to the end: every entry once.
        QTRY_VERIFY_WITH_TIMEOUT(!feed.isBusy() && !model.canFetchMore({}), 60000);
        QCOMPARE(errors.count(), 0);
        const QList<qint64> all = column(model, ActivityModel::IdRole);
        QCOMPARE(all, allIds(*m_client, kApi + QStringLiteral("/activity?x=1")));
        QVERIFY(all.size() > 20);

        // A comment shows on top after a refresh, without a reset.
        const auto comment =
            mazi.post(kApi + QStringLiteral("/posts/%1/comments").arg(liked),
                      QJsonObject{{QStringLiteral("content"), QStringLiteral("沙发")}});
        QCOMPARE(comment.status, 201);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        refreshed.clear();
        feed.refresh();
        QVERIFY(refreshed.wait(kWait));
        QCOMPARE(refreshed.at(0).at(0).toInt(), 1);
        QCOMPARE(resets.count(), 0);
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(inserted.at(0).at(1).toInt(), 0);
        QCOMPARE(withoutIsolates(at(0, ActivityModel::TextRole).toString()),
                 QStringLiteral("麻子 commented on 李四's post"));
        QCOMPARE(at(0, ActivityModel::CommentIdRole).toLongLong(),
                 comment.obj().value(QStringLiteral("id")).toInteger());
        QCOMPARE(at(0, ActivityModel::PostIdRole).toLongLong(), liked);

        // Errors are words; the rows stay.
        Peer peer;
        peer.first = Peer::answer(200, "{\"items\":[{\"id\":\"seven\"}],\"next\":null}");
        api.setBaseUrl(peer.url());
        const int rows = model.rowCount();
        feed.refresh();
        QVERIFY(errors.wait(kWait));
        QVERIFY2(errors.at(0).at(0).toString().contains(QStringLiteral("could not be read")),
                 qPrintable(errors.at(0).at(0).toString()));
        QCOMPARE(model.rowCount(), rows);
        QCOMPARE(resets.count(), 0);

        QCOMPARE(mazi.del(kApi + QStringLiteral("/users/10006/follow")).status, 200);
        QCOMPARE(m_client->del(kApi + QStringLiteral("/users/10004/follow")).status, 200);
    }

    void errorsKeepRows_data()
    {
        QTest::addColumn<QByteArray>("answer");
        QTest::addColumn<QString>("words"); // part of the sentence the user reads
        QTest::newRow("not json") << Peer::answer(200, "{\"items\":[")
                                  << QStringLiteral("could not be read");
        QTest::newRow("wrong shape")
            << Peer::answer(200, "{\"items\":[{\"id\":\"x\"}],\"next\":null}")
            << QStringLiteral("could not be read");
        QTest::newRow("html") << Peer::answer(200, "<html>hello</html>")
                              << QStringLiteral("could not be read");
        QTest::newRow("404")
            << Peer::answer(404,
                            "{\"error\":{\"code\":\"not_found\",\"message\":\"no such user\"}}")
            << QStringLiteral("no longer exists");
        QTest::newRow("400") << Peer::answer(
                                    400,
                                    "{\"error\":{\"code\":\"bad_request\",\"message\":\"scope\"}}")
                             << QStringLiteral("did not understand");
        QTest::newRow("500") << Peer::answer(500, "oops") << QStringLiteral("had a problem");
    }

    void errorsKeepRows()
    {
        QFETCH(QByteArray, answer);
        QFETCH(QString, words);
        // The peer serves a real first page (with a `next`) and then `answer` for the next page.
        Peer peer;
        const auto real = m_client->get(kApi + QStringLiteral("/timeline?scope=all&limit=20"));
        QVERIFY(real.obj().value(QStringLiteral("next")).isString());
        peer.first = Peer::answer(200, real.body);
        peer.page = answer;
        Side s(peer.url(), m_token,
               cachePath(QStringLiteral("errors-") + QLatin1String(QTest::currentDataTag())));
        QSignalSpy errors(&s.feed, &TimelineFeed::error);
        QSignalSpy refreshed(&s.feed, &TimelineFeed::refreshed);
        s.feed.start();
        QVERIFY(refreshed.wait(kWait));
        // The tester asked for the next page at once: it fails, in words, and the rows stay.
        QVERIFY(errors.wait(kWait));
        QVERIFY2(errors.at(0).at(0).toString().contains(words),
                 qPrintable(errors.at(0).at(0).toString()));
        const QList<qint64> shown = idsOf(real.items());
        QCOMPARE(rowsOf(s.model), shown);
        QTRY_VERIFY(!s.feed.isBusy());
        QVERIFY(s.model.canFetchMore({})); // a later scroll tries again

        // A refresh answered the same way: the rows stay, no reset.
        QSignalSpy resets(&s.model, &QAbstractItemModel::modelReset);
        QSignalSpy removed(&s.model, &QAbstractItemModel::rowsRemoved);
        errors.clear();
        peer.first = answer;
        s.feed.refresh();
        QVERIFY(errors.wait(kWait));
        QVERIFY2(errors.at(0).at(0).toString().contains(words),
                 qPrintable(errors.at(0).at(0).toString()));
        QCOMPARE(rowsOf(s.model), shown);
        QCOMPARE(resets.count(), 0);
        QCOMPARE(removed.count(), 0);
        QCOMPARE(s.feed.status(), errors.at(0).at(0).toString());
        QVERIFY(s.cache.waitForIdle());
    }

    void stoppedServer()
    {
        TestServer server;
        QVERIFY2(server.start(), server.stderrLog().right(2000).constData());
        Client c(server.baseUrl());
        const QString token = c.login(QStringLiteral("zhangsan"));
        QVERIFY(!token.isEmpty());
        Side s(server.baseUrl(), token, cachePath(QStringLiteral("stopped")));
        s.feed.setScope(Scope::user(10003));
        s.feed.start();
        QTRY_VERIFY_WITH_TIMEOUT(s.atEnd() && s.feed.isUpToDate(), kWait);
        const QList<qint64> shown = rowsOf(s.model);
        QVERIFY(shown.size() > 20);

        server.stop();
        QSignalSpy errors(&s.feed, &TimelineFeed::error);
        QSignalSpy resets(&s.model, &QAbstractItemModel::modelReset);
        s.feed.refresh();
        QVERIFY(errors.wait(kWait));
        QVERIFY2(errors.at(0).at(0).toString().contains(QStringLiteral("could not be reached")),
                 qPrintable(errors.at(0).at(0).toString()));
        QCOMPARE(rowsOf(s.model), shown);
        QCOMPARE(resets.count(), 0);
        QVERIFY(!s.feed.isBusy());
        QVERIFY(s.cache.waitForIdle());
    }
};

QTEST_GUILESS_MAIN(TstFeeds)
#include "tst_feeds.moc"

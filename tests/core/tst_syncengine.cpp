// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The sync engine against the real threadline-server: cache first, /sync upserts and removes,
// pending likes survive a sync, 410 recovery, failures leave the cache as it was.
#include "net/apiclient.h"
#include "cache/cache.h"
#include "poststore.h"
#include "syncengine.h"
#include "testserver.h"

#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

using namespace threadline::core;
using threadline::test::Client;
using threadline::test::TestServer;

namespace {
const QString kApi = QStringLiteral("/api/v1");

// The client side of one signed-in user: API client, cache file, store and engine.
struct Side
{
    ApiClient api;
    Cache cache;
    PostStore store;
    SyncEngine engine{&api, &cache, &store};

    Side(const QUrl &base, const QString &token, const QString &cachePath)
    {
        api.setBaseUrl(base);
        api.setToken(token);
        api.setRetryPolicy(RetryPolicy{1, 10, 10});
        engine.setPollIntervalMs(0); // the tests drive it
        QSignalSpy opened(&cache, &Cache::opened);
        cache.open(cachePath);
        if (!opened.wait(10000) || !opened.at(0).at(0).toBool())
            qFatal("the cache did not open");
    }
};
} // namespace

class TstSyncEngine : public QObject
{
    Q_OBJECT

private:
    TestServer m_server;
    QTemporaryDir m_dir;
    QString m_token;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY2(m_server.start(), m_server.stderrLog().right(2000).constData());
        Client c(m_server.baseUrl());
        m_token = c.login(QStringLiteral("zhangsan"));
        QVERIFY(!m_token.isEmpty());
    }

    void cacheFirstThenServer()
    {
        const QString path = m_dir.filePath(QStringLiteral("first.sqlite"));
        {
            Side side(m_server.baseUrl(), m_token, path);
            QSignalSpy refreshed(&side.engine, &SyncEngine::timelineRefreshed);
            side.engine.start();
            QVERIFY(refreshed.wait(15000));
            QCOMPARE(refreshed.at(0).at(0).value<QList<qint64>>().size(), 20);
            // The first run's /sync may still be on its way: let it finish.
            QTRY_VERIFY_WITH_TIMEOUT(!side.engine.isBusy() && side.api.pendingCount() == 0, 15000);
            QVERIFY(side.cache.waitForIdle());
        }
        // A new run, offline: the cached page is painted and not one request leaves. The
        // baseline is taken once the server has logged all that the first run sent.
        const qsizetype mark = m_server.settle();
        QVERIFY(mark >= 0);
        Side side(m_server.baseUrl(), m_token, path);
        side.api.setOffline(true);
        QSignalSpy cached(&side.engine, &SyncEngine::cachedTimelineReady);
        side.engine.start();
        QVERIFY(cached.wait(10000));
        const auto ids = cached.at(0).at(0).value<QList<qint64>>();
        QCOMPARE(ids.size(), 20);
        QVERIFY(side.store.post(ids.first()).has_value());
        QVERIFY(side.cache.waitForIdle());
        QCOMPARE(m_server.requestsSince(mark), QList<QByteArray>());
    }

    void syncAppliesOthersLikeButKeepsMyPendingLike()
    {
        Side side(m_server.baseUrl(), m_token, m_dir.filePath(QStringLiteral("sync.sqlite")));
        QSignalSpy synced(&side.engine, &SyncEngine::synced);
        QSignalSpy refreshed(&side.engine, &SyncEngine::timelineRefreshed);
        side.engine.start();
        QVERIFY(refreshed.wait(15000));
        QTRY_VERIFY_WITH_TIMEOUT(synced.count() >= 1, 10000); // the first round sets the cursor

        // Two posts: another user likes both; on one of them I have a like pending.
        const QList<qint64> ids = refreshed.at(0).at(0).value<QList<qint64>>();
        QList<qint64> notLiked; // two posts I have not liked yet
        for (qint64 id : ids)
            if (!side.store.post(id)->liked && id != 90501 /* the demo's hot post */ &&
                notLiked.size() < 2)
                notLiked.append(id);
        QCOMPARE(notLiked.size(), 2);
        const qint64 mine = notLiked.at(0), other = notLiked.at(1);
        const Post before = *side.store.post(mine);
        const qint64 otherCount = side.store.post(other)->likeCount;
        QVERIFY(!before.liked);
        side.store.setPendingPostLike(mine, true);
        QCOMPARE(side.store.post(mine)->likeCount, before.likeCount + 1);

        Client lisi(m_server.baseUrl());
        QVERIFY(!lisi.login(QStringLiteral("demo120"))
                     .isEmpty()); // a reader who liked only the hot post
        QCOMPARE(lisi.put(kApi + QStringLiteral("/posts/%1/like").arg(mine)).status, 200);
        QCOMPARE(lisi.put(kApi + QStringLiteral("/posts/%1/like").arg(other)).status, 200);

        synced.clear();
        side.engine.syncNow();
        QVERIFY(synced.wait(10000));
        QVERIFY(synced.at(0).at(0).toInt() >= 2);
        // What the server counts now.
        Client me(m_server.baseUrl());
        me.setToken(m_token);
        const qint64 serverMine = me.get(kApi + QStringLiteral("/posts/%1").arg(mine))
                                      .obj()
                                      .value(QStringLiteral("likeCount"))
                                      .toInteger();
        const qint64 serverOther = me.get(kApi + QStringLiteral("/posts/%1").arg(other))
                                       .obj()
                                       .value(QStringLiteral("likeCount"))
                                       .toInteger();
        QCOMPARE(serverOther, otherCount + 1);
        QCOMPARE(side.store.post(other)->likeCount, serverOther);
        // The sync says "not liked by you": my pending like still shows, counted on top.
        QVERIFY(side.store.post(mine)->liked);
        QCOMPARE(side.store.post(mine)->likeCount, serverMine + 1);
        QCOMPARE(serverMine, before.likeCount + 1);
    }

    void removesReachStoreAndCache()
    {
        const QString path = m_dir.filePath(QStringLiteral("remove.sqlite"));
        Side side(m_server.baseUrl(), m_token, path);
        QSignalSpy synced(&side.engine, &SyncEngine::synced);
        QSignalSpy refreshed(&side.engine, &SyncEngine::timelineRefreshed);
        side.engine.start();
        QVERIFY(refreshed.wait(15000));
        QTRY_VERIFY_WITH_TIMEOUT(synced.count() >= 1, 10000);
        const qint64 victim = refreshed.at(0).at(0).value<QList<qint64>>().at(1);
        QVERIFY(side.store.containsPost(victim));

        Client mod(m_server.baseUrl());
        QVERIFY(!mod.login(QStringLiteral("moderator")).isEmpty());
        QCOMPARE(mod.post(kApi + QStringLiteral("/moderation/posts/%1/hide").arg(victim),
                          QJsonObject{{QStringLiteral("reason"), QStringLiteral("test")}})
                     .status,
                 200);
        QSignalSpy removed(&side.store, &PostStore::postRemoved);
        synced.clear();
        side.engine.syncNow();
        QVERIFY(synced.wait(10000));
        QCOMPARE(removed.count(), 1);
        QVERIFY(!side.store.containsPost(victim));
        QSignalSpy loaded(&side.cache, &Cache::postLoaded);
        side.cache.loadPost(victim);
        QVERIFY(loaded.wait(5000));
        QVERIFY(!loaded.at(0).at(2).value<std::optional<Post>>().has_value());
    }

    // Posts the sync brings that no view has loaded go to the cache, not into memory
    // (before, every post delivered stayed in the store — 2,000 a page took RSS from 102 to
    // 438 MB in 100 s); a post the views hold still changes on screen.
    void syncKeepsWhatNoViewHoldsInTheCacheOnly()
    {
        const QString path = m_dir.filePath(QStringLiteral("budget.sqlite"));
        Side side(m_server.baseUrl(), m_token, path);
        QSignalSpy synced(&side.engine, &SyncEngine::synced);
        QSignalSpy refreshed(&side.engine, &SyncEngine::timelineRefreshed);
        side.engine.start();
        QVERIFY(refreshed.wait(15000));
        QTRY_VERIFY_WITH_TIMEOUT(synced.count() >= 1 && !side.engine.isBusy(), 10000);
        const QList<qint64> shown = refreshed.at(0).at(0).value<QList<qint64>>();
        QVERIFY(!shown.isEmpty());
        const int postsBefore = side.store.postCount();
        const int commentsBefore = side.store.commentCount();

        Client other(m_server.baseUrl());
        QVERIFY(!other.login(QStringLiteral("wangwu")).isEmpty());
        QList<qint64> created;
        for (int i = 0; i < 120; ++i) {
            const auto r = other.post(
                kApi + QStringLiteral("/posts"),
                QJsonObject{{QStringLiteral("content"), QStringLiteral("sync budget %1").arg(i)}});
            QCOMPARE(r.status, 201);
            created.append(r.obj().value(QStringLiteral("id")).toInteger());
        }
        for (int i = 0; i < 40; ++i) {
            QCOMPARE(
                other
                    .post(kApi + QStringLiteral("/posts/%1/comments").arg(created.first()),
                          QJsonObject{{QStringLiteral("content"), QStringLiteral("c%1").arg(i)}})
                    .status,
                201);
        }
        // And one change to a post on screen.
        QCOMPARE(other
                     .post(kApi + QStringLiteral("/posts/%1/comments").arg(shown.first()),
                           QJsonObject{{QStringLiteral("content"), QStringLiteral("seen")}})
                     .status,
                 201);
        const qint64 countBefore = side.store.post(shown.first())->commentCount;

        synced.clear();
        side.engine.syncNow();
        QTRY_VERIFY_WITH_TIMEOUT(!synced.isEmpty() && !side.engine.isBusy(), 15000);
        QCOMPARE(side.store.postCount(), postsBefore);
        QVERIFY2(side.store.commentCount() <= commentsBefore + 1,
                 qPrintable(QString::number(side.store.commentCount() - commentsBefore)));
        QCOMPARE(side.store.post(shown.first())->commentCount, countBefore + 1);
        // What was left out of memory is in the cache.
        QSignalSpy loaded(&side.cache, &Cache::postLoaded);
        side.cache.loadPost(created.last());
        QVERIFY(loaded.wait(5000));
        const auto cached = loaded.at(0).at(2).value<std::optional<Post>>();
        QVERIFY(cached.has_value());
        QCOMPARE(cached->content, QStringLiteral("sync budget 119"));
    }

    void expiredCursorStartsOver()
    {
        TestServer server;
        QVERIFY(server.start(
            {QStringLiteral("--demo"), QStringLiteral("--changelog-days"), QStringLiteral("0")}));
        Client c(server.baseUrl());
        const QString token = c.login(QStringLiteral("zhangsan"));
        Side side(server.baseUrl(), token, m_dir.filePath(QStringLiteral("expired.sqlite")));
        // An old cursor in the cache, as after a month away.
        QVERIFY(c.get(kApi + QStringLiteral("/sync")).status == 200);
        const QString old =
            c.get(kApi + QStringLiteral("/sync")).obj().value(QStringLiteral("next")).toString();
        side.cache.saveMeta(QString::fromLatin1(SyncEngine::kCursorKey), old);
        QVERIFY(side.cache.waitForIdle());
        QCOMPARE(c.post(kApi + QStringLiteral("/posts"),
                        QJsonObject{{QStringLiteral("content"), QStringLiteral("later")}})
                     .status,
                 201);
        QSignalSpy refreshed(&side.engine, &SyncEngine::timelineRefreshed);
        QSignalSpy failed(&side.engine, &SyncEngine::syncFailed);
        QSignalSpy expired(&side.engine, &SyncEngine::cursorExpired);
        side.engine.start();
        // 410 → a fresh cursor and the lists again; no error reaches the user.
        QTRY_VERIFY_WITH_TIMEOUT(server.stderrLog().contains("GET /api/v1/sync 410"), 15000);
        QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() >= 1 && !side.engine.isBusy(), 15000);
        QCOMPARE(failed.count(), 0);
        QCOMPARE(expired.count(), 1); // the window's feeds refresh on it
        QVERIFY(side.cache.waitForIdle());
        QSignalSpy meta(&side.cache, &Cache::metaLoaded);
        side.cache.loadMeta(QString::fromLatin1(SyncEngine::kCursorKey));
        QVERIFY(meta.wait(5000));
        const QString fresh = meta.at(0).at(2).value<std::optional<QString>>().value_or(QString());
        QVERIFY(!fresh.isEmpty());
        QVERIFY(fresh != old);
        QVERIFY(side.store.post(refreshed.at(0).at(0).value<QList<qint64>>().first())->content ==
                QStringLiteral("later"));
    }

    void timelineLeftToTheWindowsFeeds()
    {
        // the desktop window's feeds paint and refresh All: the engine keeps to /sync
        TestServer server;
        QVERIFY(server.start());
        Client c(server.baseUrl());
        const QString token = c.login(QStringLiteral("zhangsan"));
        Side side(server.baseUrl(), token, m_dir.filePath(QStringLiteral("syncOnly.sqlite")));
        side.engine.setRefreshesTimeline(false);
        QSignalSpy cached(&side.engine, &SyncEngine::cachedTimelineReady);
        QSignalSpy refreshed(&side.engine, &SyncEngine::timelineRefreshed);
        QSignalSpy synced(&side.engine, &SyncEngine::synced);
        side.engine.start();
        QVERIFY(synced.wait(15000));
        QTRY_VERIFY(!side.engine.isBusy());
        QCOMPARE(cached.count(), 0);
        QCOMPARE(refreshed.count(), 0);
        QVERIFY(!server.stderrLog().contains("GET /api/v1/timeline"));
    }

    void serverThatAlwaysExpiresIsNotAskedInALoop()
    {
        // A hostile peer on loopback (a fault we inject): every /sync, a fresh start too, is
        // 410. Before: 904 /sync and 902 /timeline requests in 40 s, "Up to date" meanwhile.
        QTcpServer peer;
        QVERIFY(peer.listen(QHostAddress::LocalHost));
        int syncs = 0;
        connect(&peer, &QTcpServer::newConnection, &peer, [&peer, &syncs] {
            while (QTcpSocket *s = peer.nextPendingConnection()) {
                connect(s, &QTcpSocket::readyRead, s, [s, &syncs] {
                    const QByteArray head = s->readAll();
                    QByteArray body = "{\"items\":[],\"next\":null}";
                    QByteArray status = "200 OK";
                    if (head.startsWith("GET /api/v1/sync")) {
                        ++syncs;
                        status = "410 Gone";
                        body = "{\"error\":{\"code\":\"cursor_expired\",\"message\":\"old\"}}";
                    }
                    s->write("HTTP/1.1 " + status +
                             "\r\nContent-Type: application/json\r\nContent-Length: " +
                             QByteArray::number(body.size()) + "\r\n\r\n" + body);
                    s->disconnectFromHost();
                });
            }
        });
        Side side(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(peer.serverPort())), m_token,
                  m_dir.filePath(QStringLiteral("always410.sqlite")));
        side.cache.saveMeta(QString::fromLatin1(SyncEngine::kCursorKey), QStringLiteral("old"));
        QVERIFY(side.cache.waitForIdle());
        QSignalSpy failed(&side.engine, &SyncEngine::syncFailed);
        QSignalSpy expired(&side.engine, &SyncEngine::cursorExpired);
        side.engine.start();
        QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), 15000);
        QVERIFY2(failed.at(0).at(0).value<ApiError>().message.contains(QStringLiteral("410")),
                 qPrintable(failed.at(0).at(0).value<ApiError>().message));
        QCOMPARE(expired.count(), 1); // one fresh start, refused too: given up, in words
        QCOMPARE(syncs, 2);
        QTRY_VERIFY(!side.engine.isBusy());
        // Nothing more by itself: the next round (a poll, the user's refresh) asks once more.
        side.engine.syncNow();
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 2, 15000);
        QCOMPARE(syncs, 3);
    }

    void failuresLeaveCacheUnchanged_data()
    {
        QTest::addColumn<QByteArray>("answer");
        QTest::newRow("500") << QByteArray(
            "HTTP/1.1 500 Internal Server Error\r\nContent-Type: application/json\r\n"
            "Content-Length: 2\r\n\r\n{}");
        QTest::newRow("malformed json")
            << QByteArray("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                          "Content-Length: 12\r\n\r\n{\"changes\":[");
        QTest::newRow("wrong types") << QByteArray(
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
            "Content-Length: 44\r\n\r\n{\"changes\":5,\"next\":\"x\",\"hasMore\":false}   ");
        QTest::newRow("dropped") << QByteArray();
        QTest::newRow("slow") << QByteArray("slow");
    }
    void failuresLeaveCacheUnchanged()
    {
        QFETCH(QByteArray, answer);
        // A scripted peer on loopback (a fault we inject): answers every request the same way.
        QTcpServer peer;
        QVERIFY(peer.listen(QHostAddress::LocalHost));
        connect(&peer, &QTcpServer::newConnection, &peer, [&peer, answer] {
            while (QTcpSocket *s = peer.nextPendingConnection()) {
                connect(s, &QTcpSocket::readyRead, s, [s, answer] {
                    s->readAll();
                    if (answer == "slow")
                        return; // keeps the connection open and says nothing: a timeout
                    if (answer.isEmpty()) {
                        s->abort();
                        return;
                    }
                    s->write(answer);
                    s->disconnectFromHost();
                });
            }
        });
        const QString path = m_dir.filePath(
            QStringLiteral("fail-%1.sqlite").arg(QTest::currentDataTag()).remove(QLatin1Char(' ')));
        Side side(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(peer.serverPort())), m_token,
                  path);
        side.api.setTimeoutMs(300);
        side.cache.saveMeta(QString::fromLatin1(SyncEngine::kCursorKey),
                            QStringLiteral("cursor-before"));
        QVERIFY(side.cache.waitForIdle());
        QSignalSpy failed(&side.engine, &SyncEngine::syncFailed);
        side.engine.start();
        QTRY_VERIFY_WITH_TIMEOUT(failed.count() >= 2, 10000); // the page and the sync
        const auto kind = failed.at(0).at(0).value<ApiError>().kind;
        if (answer == "slow")
            QCOMPARE(kind, ApiError::Kind::Timeout);
        else if (answer.isEmpty())
            QCOMPARE(kind, ApiError::Kind::Network);
        QSignalSpy meta(&side.cache, &Cache::metaLoaded);
        side.cache.loadMeta(QString::fromLatin1(SyncEngine::kCursorKey));
        QVERIFY(meta.wait(5000));
        QCOMPARE(meta.at(0).at(2).value<std::optional<QString>>().value_or(QString()),
                 QStringLiteral("cursor-before"));
        QSignalSpy timeline(&side.cache, &Cache::timelineLoaded);
        side.cache.loadTimeline(QString::fromLatin1(SyncEngine::kTimelineScope), 20);
        QVERIFY(timeline.wait(5000));
        QVERIFY(timeline.at(0).at(1).value<TimelinePage>().posts.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TstSyncEngine)
#include "tst_syncengine.moc"

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The client's push stream (LiveSync over GET /api/v1/stream) against the real threadline-server,
// two users on two clients: A is an assembled core (AppCore) with an open thread (ThreadLoader +
// CommentTreeModel) and a poll interval of ten minutes, so that whatever reaches it came by the
// stream; B comments through its own API client and outbox.
//  - B's comment shows in A's open thread within 2 s, with the post's count; no /sync was sent;
//  - a moderator hides it: A's thread loses it;
//  - the server stopped and started again on the same database: A resumes from its last event and
//    gets what was written meanwhile, once each, nothing of before again, still without /sync;
//  - offline (from the start, or going offline): no stream request reaches the server; back
//    online the stream opens again;
//  - a revoked token: sign-in required, one stream attempt, no loop;
//  - a full server (503): polling, said in the status bar, no loop;
//  - a stream gone silent (the server stopped with SIGSTOP): taken for dead and opened again;
//  - an older server without a stream (404; a small HTTP peer of the test's, since no such
//    server exists here): the client polls quietly, says nothing, and does not ask in a loop.
#include "actions.h"
#include "appcore.h"
#include "cache/cache.h"
#include "clientparts.h"
#include "livecore.h"
#include "livesync.h"
#include "net/apiclient.h"
#include "outbox/outbox.h"
#include "poststore.h"
#include "signedin.h"
#include "syncengine.h"
#include "testserver.h"
#include "thread/commenttreemodel.h"
#include "thread/threadloader.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>

#include <csignal>

using namespace threadline;
using namespace threadline::models;
using test::api;
using test::Client;
using test::TestServer;

namespace {

using test::countLines;
using test::kHugePollMs;
using test::uidOf;

// How often each comment id came in A's applied records (upserts and removes alike).
struct Applied
{
    QList<core::Change> changes;
    [[nodiscard]] int countOf(qint64 commentId, qsizetype from = 0) const
    {
        int n = 0;
        for (qsizetype i = from; i < changes.size(); ++i)
            n += changes[i].kind == core::Change::Kind::Comment && changes[i].id == commentId;
        return n;
    }
};

// A: the assembled core of a signed-in user with one thread open.
struct SideA
{
    core::AppCore core;
    CommentTreeModel model{core.store()};
    QAbstractItemModelTester tester{&model, QAbstractItemModelTester::FailureReportingMode::QtTest};
    ThreadLoader loader{core.api(), core.cache(), core.store(), &model};
    Applied applied;

    SideA(const QUrl &server, const QString &token, qint64 uid, const QString &dir,
          bool offline = false, int pollMs = kHugePollMs, int silenceMs = 37500)
    {
        QObject::connect(core.sync(), &core::SyncEngine::changesApplied, &core,
                         [this](const QList<core::Change> &c) { applied.changes += c; });
        test::startLiveCore(core, server, token, uid, dir,
                            test::LiveCoreOptions{offline, pollMs, silenceMs});
    }
};

// B: another user's API client, store, outbox and actions.
struct SideB
{
    core::ApiClient api;
    core::PostStore store;
    core::Outbox outbox{&api};
    core::Actions actions{&outbox, &store};

    bool start(const QUrl &server, const QString &token, qint64 uid, const QString &path)
    {
        test::pointAt(api, server, token);
        actions.setMe(core::UserBrief{uid, QStringLiteral("B"), QString()});
        return test::openOutbox(outbox, path);
    }
    // Comments through the outbox; the server's id once it took it (0 on failure).
    qint64 comment(qint64 postId, const QString &text)
    {
        QSignalSpy resolved(&outbox, &core::Outbox::localIdResolved);
        const qint64 local = actions.comment(postId, 0, text);
        if (!QTest::qWaitFor([&] { return !resolved.isEmpty(); }, 15000))
            return 0;
        for (const auto &args : resolved)
            if (args.at(0).toLongLong() == local)
                return args.at(1).toLongLong();
        return 0;
    }
};

// A server of before the push stream: /sync answers (an empty page), everything else is 404.
class OlderServer : public QTcpServer
{
public:
    int syncs = 0;
    int streams = 0;
    OlderServer()
    {
        connect(this, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *s = nextPendingConnection()) {
                connect(s, &QTcpSocket::readyRead, s, [this, s] {
                    const QByteArray head = s->peek(65536);
                    if (!head.contains("\r\n\r\n"))
                        return;
                    s->readAll();
                    const QByteArray line = head.left(head.indexOf("\r\n"));
                    QByteArray status = "404 Not Found";
                    QByteArray body = R"({"error":{"code":"not_found","message":"no such route"}})";
                    if (line.startsWith("GET /api/v1/sync")) {
                        ++syncs;
                        status = "200 OK";
                        body = R"({"changes":[],"next":"c1","hasMore":false})";
                    } else if (line.startsWith("GET /api/v1/stream")) {
                        ++streams;
                    }
                    s->write("HTTP/1.1 " + status +
                             "\r\nContent-Type: application/json\r\nConnection: "
                             "close\r\nContent-Length: " +
                             QByteArray::number(body.size()) + "\r\n\r\n" + body);
                    s->disconnectFromHost();
                });
                connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
            }
        });
    }
};

} // namespace

class TstLiveStream : public QObject
{
    Q_OBJECT

private:
    TestServer m_server;
    QTemporaryDir m_dir;

    QString dir(const QString &name)
    {
        const QString d = m_dir.filePath(name);
        QDir().mkpath(d);
        return d;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY2(m_server.start(), m_server.stderrLog().right(2000).constData());
    }

    // (a) (b) (c): a comment at once, a hide, a restart of the server.
    void commentHideAndRestart()
    {
        Client a(m_server.baseUrl());
        const QString tokenA = a.login(QStringLiteral("zhangsan"));
        QVERIFY(!tokenA.isEmpty());
        Client b(m_server.baseUrl());
        const QString tokenB = b.login(QStringLiteral("lisi"));
        QVERIFY(!tokenB.isEmpty());
        Client mod(m_server.baseUrl());
        QVERIFY(!mod.login(QStringLiteral("moderator")).isEmpty());
        const qint64 postId = test::newPost(a, QStringLiteral("live: a post for the stream"));
        QVERIFY(postId > 0);

        SideA sideA(m_server.baseUrl(), tokenA, uidOf(a), dir(QStringLiteral("a")));
        QTRY_VERIFY_WITH_TIMEOUT(sideA.core.live()->isLive(), 15000);
        sideA.loader.open(postId);
        QTRY_VERIFY_WITH_TIMEOUT(!sideA.loader.isBusy() && sideA.core.store()->post(postId), 15000);
        const qint64 countBefore = sideA.core.store()->post(postId)->commentCount;
        SideB sideB;
        QVERIFY(sideB.start(m_server.baseUrl(), tokenB, uidOf(b),
                            dir(QStringLiteral("b")) + QStringLiteral("/outbox")));
        const qsizetype mark = m_server.settle();
        QVERIFY(mark >= 0);

        // (a) B comments: A's open thread shows it within 2 s of B sending it.
        QElapsedTimer latency;
        qint64 shownMs = -1;
        connect(&sideB.outbox, &core::Outbox::sent, this, [&] { latency.start(); });
        connect(&sideA.model, &QAbstractItemModel::rowsInserted, this, [&] {
            if (shownMs < 0 && latency.isValid())
                for (int r = 0; r < sideA.model.rowCount(); ++r)
                    if (sideA.model.index(r, 0).data(CommentTreeModel::ContentRole) ==
                        QVariant(QStringLiteral("seen live")))
                        shownMs = latency.elapsed();
        });
        const qint64 commentId = sideB.comment(postId, QStringLiteral("seen live"));
        QVERIFY(commentId > 0);
        QTRY_VERIFY_WITH_TIMEOUT(sideA.model.indexOfComment(commentId).isValid(), 2000);
        QVERIFY(shownMs >= 0);
        QVERIFY2(shownMs < 2000, qPrintable(QString::number(shownMs)));
        qInfo("B's comment was in A's open thread %lld ms after B's outbox sent it", shownMs);
        QCOMPARE(sideA.model.indexOfComment(commentId).data(CommentTreeModel::ContentRole),
                 QVariant(QStringLiteral("seen live")));
        QTRY_COMPARE_WITH_TIMEOUT(sideA.core.store()->post(postId)->commentCount, countBefore + 1,
                                  2000);

        // (b) a moderator hides it: it leaves A's thread.
        QCOMPARE(mod.post(api(QStringLiteral("/moderation/comments/%1/hide").arg(commentId)),
                          QJsonObject{{QStringLiteral("reason"), QStringLiteral("test")}})
                     .status,
                 200);
        QElapsedTimer hide;
        hide.start();
        QTRY_VERIFY_WITH_TIMEOUT(!sideA.model.indexOfComment(commentId).isValid(), 2000);
        qInfo("the hidden comment left A's thread at most %lld ms after the hide was answered",
              hide.elapsed());
        QTRY_COMPARE_WITH_TIMEOUT(sideA.core.store()->post(postId)->commentCount, countBefore,
                                  2000);
        // None of it came by polling.
        const QList<QByteArray> lines = m_server.requestsSince(mark);
        QCOMPARE(countLines(lines, "/api/v1/sync"), 0);
        QCOMPARE(sideA.core.live()->attempts(), 1);

        // The user's refresh while live: a /sync round (the stream closed meanwhile), then a new
        // stream from its cursor.
        QSignalSpy synced(sideA.core.sync(), &core::SyncEngine::synced);
        sideA.core.sync()->syncNow();
        QVERIFY(synced.wait(10000));
        QTRY_VERIFY_WITH_TIMEOUT(sideA.core.live()->isLive(), 10000);
        QCOMPARE(sideA.core.live()->attempts(), 2);

        // (c) the server stops; what is written while A is away reaches it once it is back,
        // once each, and nothing of before comes again.
        const qsizetype before = sideA.applied.changes.size();
        QSignalSpy ended(sideA.core.live(), &core::LiveSync::streamEnded);
        QSignalSpy told(sideA.core.live(), &core::LiveSync::eventReceived);
        m_server.stop();
        QTRY_VERIFY_WITH_TIMEOUT(!sideA.core.live()->isLive(), 10000);
        QVERIFY(m_server.restart());
        // A still knows the old address (restart() gives a new port): it keeps failing there
        // until it learns the new one, so everything below is written while it is away.
        test::pointAt(sideB.api, m_server.baseUrl(), tokenB);
        Client b2(m_server.baseUrl());
        b2.setToken(tokenB);
        const qint64 mark2 = m_server.settle();
        QVERIFY(mark2 >= 0);
        QList<qint64> meanwhile;
        for (int i = 0; i < 3; ++i) {
            const auto r = b2.post(
                api(QStringLiteral("/posts/%1/comments").arg(postId)),
                QJsonObject{{QStringLiteral("content"), QStringLiteral("while away %1").arg(i)}});
            QCOMPARE(r.status, 201);
            meanwhile.append(test::num(r.obj(), "id"));
        }
        sideA.core.setServer(m_server.baseUrl());
        QTRY_VERIFY_WITH_TIMEOUT(sideA.core.live()->isLive(), 15000);
        for (qint64 id : std::as_const(meanwhile))
            QTRY_VERIFY_WITH_TIMEOUT(sideA.model.indexOfComment(id).isValid(), 5000);
        QTRY_COMPARE_WITH_TIMEOUT(sideA.core.store()->post(postId)->commentCount, countBefore + 3,
                                  5000);
        for (qint64 id : std::as_const(meanwhile))
            QCOMPARE(sideA.applied.countOf(id), 1);
        QCOMPARE(sideA.applied.countOf(commentId, before), 0); // the hidden one: not again
        const QList<QByteArray> after = m_server.requestsSince(mark2);
        QCOMPARE(countLines(after, "/api/v1/sync"), 0);
        QVERIFY(countLines(after, "/api/v1/stream") >= 1);
        // the stop ended the stream: by the server's word as it drained ("reconnect"), or as a
        // connection that broke
        const bool toldToReconnect = std::any_of(told.cbegin(), told.cend(), [](const auto &args) {
            return args.at(0).toByteArray() == "reconnect";
        });
        QVERIFY(ended.count() >= 1 || toldToReconnect);
    }

    // (d) offline from the start (--offline): not one stream request; going offline closes it,
    // back online opens it again.
    void offlineOpensNoStream()
    {
        Client a(m_server.baseUrl());
        const QString token = a.login(QStringLiteral("wangwu"));
        QVERIFY(!token.isEmpty());
        const qint64 uid = uidOf(a);
        {
            const qsizetype mark = m_server.settle();
            QVERIFY(mark >= 0);
            SideA side(m_server.baseUrl(), token, uid, dir(QStringLiteral("offline")), true);
            QSignalSpy cached(side.core.sync(), &core::SyncEngine::cachedTimelineReady);
            QVERIFY(cached.wait(10000)); // the engine started (from the cache)
            QVERIFY(side.core.live()->isEnabled());
            // Given every chance to: no stream is tried.
            QVERIFY(!QTest::qWaitFor([&] { return side.core.live()->attempts() > 0; }, 1500));
            QCOMPARE(m_server.requestsSince(mark), QList<QByteArray>());

            // Online: the first round gives the cursor, the stream opens.
            side.core.setOffline(false);
            QTRY_VERIFY_WITH_TIMEOUT(side.core.live()->isLive(), 15000);
            QTRY_VERIFY_WITH_TIMEOUT(
                side.core.api()->pendingCount() == 0 && !side.core.sync()->isBusy(), 15000);
            side.loader.open(test::newPost(a, QStringLiteral("live: offline")));
            QTRY_VERIFY_WITH_TIMEOUT(!side.loader.isBusy(), 15000);

            // Offline again: the stream closes and nothing is sent until back online.
            const int attempts = side.core.live()->attempts();
            side.core.setOffline(true);
            QVERIFY(!side.core.live()->isLive());
            QVERIFY(!side.core.sync()->isStreaming());
            const qsizetype mark2 = m_server.settle();
            QVERIFY(mark2 >= 0);
            QVERIFY(
                !QTest::qWaitFor([&] { return side.core.live()->attempts() > attempts; }, 1500));
            QCOMPARE(m_server.requestsSince(mark2), QList<QByteArray>());
            side.core.setOffline(false);
            QTRY_VERIFY_WITH_TIMEOUT(side.core.live()->isLive(), 15000);
            QCOMPARE(side.core.live()->attempts(), attempts + 1);
        }
    }

    // (e) the token is revoked: the stream's 401 is the app's sign-in-required, and no loop.
    void revokedTokenAsksToSignIn()
    {
        Client a(m_server.baseUrl());
        const QString token = a.login(QStringLiteral("mazi"));
        QVERIFY(!token.isEmpty());
        SideA side(m_server.baseUrl(), token, uidOf(a), dir(QStringLiteral("revoked")));
        QTRY_VERIFY_WITH_TIMEOUT(side.core.live()->isLive(), 15000);
        QSignalSpy signIn(&side.core, &core::AppCore::signInRequired);
        QCOMPARE(a.post(api(QStringLiteral("/auth/logout")), QJsonObject()).status, 204);
        const int attempts = side.core.live()->attempts();
        const qsizetype mark = m_server.settle();
        QVERIFY(mark >= 0);
        side.core.live()->reconnect(); // as after a network change: the stream asks again
        QVERIFY(signIn.wait(5000));
        QVERIFY(!side.core.live()->isLive());
        // A few seconds: one request, not a loop.
        QVERIFY(
            !QTest::qWaitFor([&] { return side.core.live()->attempts() > attempts + 1; }, 3000));
        QCOMPARE(side.core.live()->attempts(), attempts + 1);
        QCOMPARE(countLines(m_server.requestsSince(mark), "/api/v1/stream"), 1);
        // Signed in again: the stream comes back.
        const QString fresh = a.login(QStringLiteral("mazi"));
        side.core.api()->setToken(fresh);
        side.core.live()->tokenChanged();
        QTRY_VERIFY_WITH_TIMEOUT(side.core.live()->isLive(), 15000);
    }

    // A server whose streams are all taken (503): A polls at its interval, says so in the status
    // bar, and tries a stream again only after the fallback's wait (1 s here, 5 min by default).
    void fullServerFallsBackToPolling()
    {
        TestServer full;
        QVERIFY2(full.start({QStringLiteral("--demo"), QStringLiteral("--max-streams"),
                             QStringLiteral("0")}),
                 full.stderrLog().right(2000).constData());
        Client a(full.baseUrl());
        const QString token = a.login(QStringLiteral("qianqi"));
        QVERIFY(!token.isEmpty());
        SideA side(full.baseUrl(), token, uidOf(a), dir(QStringLiteral("full")), false, 30000);
        QSignalSpy fallback(side.core.live(), &core::LiveSync::fallbackChanged);
        QVERIFY(fallback.wait(15000));
        QVERIFY(side.core.live()->isFallingBack());
        QVERIFY(!side.core.sync()->isStreaming());
        QCOMPARE(side.core.statusText(),
                 QStringLiteral("Live updates unavailable; checking every 30 s"));
        // Not a loop: the next attempt waits for the fallback (here 1 s) or the server's
        // Retry-After, whichever is longer.
        const int attempts = side.core.live()->attempts();
        QVERIFY(
            !QTest::qWaitFor([&] { return side.core.live()->attempts() > attempts + 3; }, 3000));
        QVERIFY(side.core.live()->isFallingBack());
        // An explicit sync still runs a /sync round.
        QSignalSpy synced(side.core.sync(), &core::SyncEngine::synced);
        side.core.sync()->syncNow();
        QVERIFY(synced.wait(10000));
    }

    // (f) an older server: no stream, and nothing said about it; polling goes on, no loop.
    void olderServerWithoutStreamPollsQuietly()
    {
        OlderServer older;
        QVERIFY(older.listen(QHostAddress::LocalHost));
        const QUrl url(QStringLiteral("http://127.0.0.1:%1").arg(older.serverPort()));
        SideA side(url, QStringLiteral("token"), 10001, dir(QStringLiteral("older")), false, 500);
        QTRY_VERIFY_WITH_TIMEOUT(side.core.live()->isStreamAbsent(), 15000);
        QCOMPARE(older.streams, 1);
        QVERIFY(!side.core.live()->isFallingBack());
        QVERIFY2(!side.core.statusText().contains(QStringLiteral("Live updates")),
                 qPrintable(side.core.statusText()));
        // it polls, and asks for a stream no more in the meantime
        const int syncs = older.syncs;
        QTRY_VERIFY_WITH_TIMEOUT(older.syncs >= syncs + 2, 10000);
        QCOMPARE(older.streams, 1);
        QCOMPARE(side.core.live()->attempts(), 1);
    }

    // Pings every 0.3 s keep a stream alive past a 1.5 s silence limit; the server stopped
    // (SIGSTOP) sends none: the stream is taken for dead and opened again once it answers.
    void silentStreamIsReopened()
    {
        TestServer pinging;
        QVERIFY2(pinging.start({QStringLiteral("--demo"), QStringLiteral("--stream-ping"),
                                QStringLiteral("0.3")}),
                 pinging.stderrLog().right(2000).constData());
        Client a(pinging.baseUrl());
        const QString token = a.login(QStringLiteral("maliu"));
        QVERIFY(!token.isEmpty());
        SideA side(pinging.baseUrl(), token, uidOf(a), dir(QStringLiteral("silent")), false,
                   kHugePollMs, 1500);
        QTRY_VERIFY_WITH_TIMEOUT(side.core.live()->isLive(), 15000);
        QSignalSpy ended(side.core.live(), &core::LiveSync::streamEnded);
        QVERIFY(!ended.wait(3000)); // idle but pinged: alive, for twice the limit
        QCOMPARE(side.core.live()->attempts(), 1);
        QCOMPARE(::kill(pid_t(pinging.pid()), SIGSTOP), 0);
        QVERIFY(ended.wait(5000));
        QCOMPARE(ended.at(0).at(0).value<core::ApiError>().kind, core::ApiError::Kind::Timeout);
        QVERIFY(!side.core.live()->isLive());
        QCOMPARE(::kill(pid_t(pinging.pid()), SIGCONT), 0);
        QTRY_VERIFY_WITH_TIMEOUT(side.core.live()->isLive(), 15000);
        QVERIFY(side.core.live()->attempts() >= 2);
    }
};

QTEST_GUILESS_MAIN(TstLiveStream)
#include "tst_livestream.moc"

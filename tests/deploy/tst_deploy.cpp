// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The local deployment (scripts/deploy-local.sh: PostgreSQL, two threadline-server processes,
// nginx with TLS in front) with the client core driving it over HTTPS, trusting the
// deployment's self-signed certificate:
// - nginx's own answers are JSON in the contract's error shape, never HTML;
// - the core signs in, likes, comments and syncs through it;
// - one server process frozen, then killed (SIGKILL) with requests under way in it, during a
//   load run: no GET/PUT/DELETE fails (nginx tries the other server; the client's own retries
//   are off for them), the POSTs it held are retried by the client with their Idempotency-Key,
//   and every acknowledged comment is there exactly once;
// - PostgreSQL restarted: the servers reconnect by themselves (same processes), requests in the
//   gap are answered 503 JSON with Retry-After, and the outbox replays what was queued.
//
// The deployment itself is started by the CTest fixture `deploy` (tests/deploy/CMakeLists.txt:
// deploy-local.sh up --dir $THREADLINE_DEPLOY_DIR) and stopped by its cleanup (down, folder
// removed), so that it goes away however this suite ends. THREADLINE_DEPLOY_SCRIPT names the
// script, which the suite calls again (status, up after a kill, restart-db).
#include "account/session.h"
#include "actions.h"
#include "appcore.h"
#include "deployfiles.h"
#include "livesync.h"
#include "net/apiclient.h"
#include "outbox/outbox.h"
#include "poststore.h"
#include "syncengine.h"
#include "testserver.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSet>
#include <QSignalSpy>
#include <QSslSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <csignal>
#include <memory>

using namespace threadline::core;
using threadline::test::Client;
using threadline::test::HttpResult;
using threadline::test::deploy::readFile;
namespace deploy = threadline::test::deploy;

namespace {

const QString kApi = QStringLiteral("/api/v1");

} // namespace

class TstDeploy : public QObject
{
    Q_OBJECT

private:
    QString m_dir;    // the deployment's folder
    QString m_script; // scripts/deploy-local.sh
    QUrl m_url;       // https://127.0.0.1:PORT
    QList<QSslCertificate> m_ca;
    QTemporaryDir m_tmp;
    std::unique_ptr<AppCore> m_core; // signed in as zhangsan (signInLikeCommentSync on)

    // deploy-local.sh CMD --dir DIR ARGS…; the exit code, *output its stdout and stderr.
    int script(const QString &cmd, const QStringList &args = {}, QByteArray *output = nullptr,
               int timeoutMs = 180000)
    {
        return deploy::runScript(m_script, m_dir, cmd, args, output, timeoutMs);
    }

    qint64 pidOf(const QString &name) const { return deploy::pidOf(m_dir, name); }

    // A client of the harness (it does not verify the certificate: the core's does), signed in.
    std::unique_ptr<Client> client(const QString &user)
    {
        auto c = std::make_unique<Client>(m_url);
        if (c->login(user).isEmpty())
            return nullptr;
        return c;
    }

    // The API client of the core, trusting the deployment's certificate, with this token.
    std::unique_ptr<ApiClient> api(const QString &token, const RetryPolicy &policy)
    {
        auto a = std::make_unique<ApiClient>();
        a->setBaseUrl(m_url);
        a->setCaCertificates(m_ca);
        a->setToken(token);
        a->setRetryPolicy(policy);
        a->setTimeoutMs(20000);
        return a;
    }

    // A fresh post of `user`'s (its comments are only the test's).
    qint64 newPost(Client &c, const QString &content)
    {
        const HttpResult r =
            c.post(kApi + QStringLiteral("/posts"),
                   QJsonObject{{QStringLiteral("category"), QStringLiteral("TEXT")},
                               {QStringLiteral("content"), content},
                               {QStringLiteral("pictureUrls"), QJsonArray()},
                               {QStringLiteral("device"), QStringLiteral("deploy test")}},
                   {{"Idempotency-Key", Client::newIdempotencyKey()}});
        return r.status == 201 ? r.obj().value(QStringLiteral("id")).toInteger() : 0;
    }

    // Every visible comment of a post: content → how many times.
    QHash<QString, int> commentsOf(Client &c, qint64 post)
    {
        QHash<QString, int> out;
        qint64 after = 0;
        for (int page = 0; page < 50; ++page) {
            const HttpResult r =
                c.get(kApi + QStringLiteral("/posts/%1/comments?limit=200&replies=20&after=%2")
                                 .arg(post)
                                 .arg(after));
            if (r.status != 200)
                return {};
            const QJsonObject o = r.obj();
            for (const auto &v : o.value(QStringLiteral("roots")).toArray())
                ++out[v.toObject().value(QStringLiteral("content")).toString()];
            for (const auto &v : o.value(QStringLiteral("replies")).toArray())
                ++out[v.toObject().value(QStringLiteral("content")).toString()];
            if (o.value(QStringLiteral("next")).isNull())
                break;
            after = o.value(QStringLiteral("next")).toInteger();
        }
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_dir = qEnvironmentVariable("THREADLINE_DEPLOY_DIR");
        m_script = qEnvironmentVariable("THREADLINE_DEPLOY_SCRIPT");
        QVERIFY2(!m_dir.isEmpty() && QFile::exists(m_script),
                 "THREADLINE_DEPLOY_DIR and THREADLINE_DEPLOY_SCRIPT come from the CTest fixture");
        QVERIFY(m_tmp.isValid());
        QByteArray out;
        // The fixture brought it up; `up` again is idempotent (it starts nothing new).
        QCOMPARE(script(QStringLiteral("status"), {}, &out), 0);
        const qint64 server1 = pidOf(QStringLiteral("server-1"));
        QVERIFY2(script(QStringLiteral("up"), {}, &out) == 0, out.constData());
        QCOMPARE(pidOf(QStringLiteral("server-1")), server1);
        m_url = QUrl(QString::fromUtf8(readFile(m_dir + QStringLiteral("/run/url"))));
        QVERIFY2(m_url.scheme() == QLatin1String("https") && m_url.port() > 0,
                 qPrintable(m_url.toString()));
        QVERIFY2(out.contains(m_url.toString().toUtf8()), out.constData());
        const QString cert = m_dir + QStringLiteral("/tls/cert.pem");
        QVERIFY2(out.contains(cert.toUtf8()), out.constData());
        m_ca = QSslCertificate::fromPath(cert);
        QCOMPARE(m_ca.size(), 1);
    }

    void cleanupTestCase()
    {
        m_core.reset();
        // The fixture's cleanup stops the deployment; bring back what a failed test left
        // stopped, so that `down` has its pid files to act on (nothing else is started here).
    }

    // The certificate is trusted only when given; nginx's own answers are JSON.
    void frontIsTlsWithJsonErrors()
    {
        {
            auto untrusted = api(QString(), {1, 0, 0});
            untrusted->setCaCertificates({});
            ApiReply *r = untrusted->get(QStringLiteral("/api/v1/health"), this);
            QSignalSpy done(r, &ApiReply::finished);
            QVERIFY(done.wait(20000));
            QCOMPARE(r->error().kind, ApiError::Kind::Tls);
        }
        {
            auto trusted = api(QString(), {1, 0, 0});
            ApiReply *r = trusted->get(QStringLiteral("/api/v1/health"), this);
            QSignalSpy done(r, &ApiReply::finished);
            QVERIFY(done.wait(20000));
            QVERIFY2(r->ok(), qPrintable(r->error().describe()));
            QCOMPARE(r->json().object().value(QStringLiteral("status")).toString(),
                     QStringLiteral("ok"));
        }
        Client c(m_url);
        struct Case
        {
            QByteArray method;
            QString path;
            QByteArray body;
            int status;
            QString code;
        };
        const QList<Case> cases{
            {"GET", QStringLiteral("/"), {}, 404, QStringLiteral("not_found")},
            {"GET", QStringLiteral("/index.html"), {}, 404, QStringLiteral("not_found")},
            {"GET",
             QStringLiteral("/api/v1/") + QString(20000, QLatin1Char('a')),
             {},
             414,
             QStringLiteral("too_large")},
            {"POST", QStringLiteral("/api/v1/posts"), QByteArray(100 * 1024, 'x'), 413,
             QStringLiteral("too_large")},
        };
        for (const Case &k : cases) {
            const HttpResult r =
                c.raw(k.method, k.path, k.body, {{"Content-Type", "application/json"}});
            QVERIFY2(r.status == k.status, r.describe().constData());
            QVERIFY2(r.header("Content-Type").startsWith("application/json"),
                     r.describe().constData());
            QVERIFY2(r.errorCode() == k.code, r.describe().constData());
            QVERIFY2(!r.body.contains("<html"), r.describe().constData());
        }
        // A request line nginx cannot parse, and plain HTTP on the HTTPS port: still JSON.
        for (const QByteArray &raw :
             {QByteArray("GARBAGE\r\n\r\n"), QByteArray("GET / HTTP/1.1\r\nHost: x\r\n\r\n")}) {
            const bool tls = raw.startsWith("GARBAGE");
            std::unique_ptr<QTcpSocket> s;
            if (tls) {
                auto ssl = std::make_unique<QSslSocket>();
                QSslConfiguration conf = ssl->sslConfiguration();
                conf.setCaCertificates(m_ca);
                ssl->setSslConfiguration(conf);
                ssl->connectToHostEncrypted(m_url.host(), quint16(m_url.port()));
                QVERIFY2(ssl->waitForEncrypted(10000), qPrintable(ssl->errorString()));
                s = std::move(ssl);
            } else {
                s = std::make_unique<QTcpSocket>();
                s->connectToHost(m_url.host(), quint16(m_url.port()));
                QVERIFY(s->waitForConnected(10000));
            }
            s->write(raw);
            QByteArray answer;
            QElapsedTimer t;
            t.start();
            while (!answer.contains("}") && t.elapsed() < 10000 &&
                   s->state() == QAbstractSocket::ConnectedState) {
                s->waitForReadyRead(500);
                answer += s->readAll();
            }
            answer += s->readAll();
            QVERIFY2(answer.startsWith("HTTP/1.1 400"), answer.constData());
            QVERIFY2(answer.contains("Content-Type: application/json"), answer.constData());
            QVERIFY2(answer.contains("{\"error\":{\"code\":\"bad_request\""), answer.constData());
        }
    }

    // The core signs in over HTTPS, likes, comments and syncs.
    void signInLikeCommentSync()
    {
        m_core = std::make_unique<AppCore>();
        m_core->setServer(m_url);
        m_core->api()->setCaCertificates(m_ca);
        QSignalSpy signedIn(m_core->session(), &Session::signedIn);
        QSignalSpy failed(m_core->session(), &Session::loginFailed);
        m_core->session()->login(m_url, QStringLiteral("zhangsan"), QStringLiteral("demo"));
        QTRY_VERIFY_WITH_TIMEOUT(signedIn.count() + failed.count() > 0, 30000);
        QVERIFY2(failed.isEmpty(),
                 failed.isEmpty() ? "" : qPrintable(failed.at(0).at(0).toString()));
        m_core->api()->setToken(m_core->session()->token());
        const auto me = signedIn.at(0).at(0).value<UserProfile>();
        QCOMPARE(me.brief.uid, 10001);

        AppCore::AccountOptions o;
        o.cachePath = m_tmp.filePath(QStringLiteral("cache.sqlite"));
        o.outboxPath = m_tmp.filePath(QStringLiteral("outbox.sqlite"));
        o.likeDelayMs = 100;
        o.pollIntervalMs = 0;
        QSignalSpy refreshed(m_core->sync(), &SyncEngine::timelineRefreshed);
        m_core->startAccount(me, o);
        QVERIFY(refreshed.wait(30000));
        QTRY_VERIFY_WITH_TIMEOUT(!m_core->sync()->isBusy(), 30000);

        auto lisi = client(QStringLiteral("lisi"));
        QVERIFY(lisi);
        const qint64 post = newPost(*lisi, QStringLiteral("deploy: like and comment me"));
        QVERIFY(post > 0);
        // The new post is on top of the timeline the core refreshes.
        m_core->sync()->refreshTimeline();
        QTRY_VERIFY_WITH_TIMEOUT(m_core->store()->post(post).has_value(), 30000);
        QVERIFY(!m_core->store()->post(post)->liked);

        m_core->actions()->togglePostLike(post);
        m_core->actions()->comment(post, 0, QStringLiteral("a comment through nginx"));
        QTRY_COMPARE_WITH_TIMEOUT(m_core->pendingCount(), 0, 30000);
        QCOMPARE(m_core->failedCount(), 0);
        const QJsonObject seen = lisi->get(kApi + QStringLiteral("/posts/%1").arg(post)).obj();
        QCOMPARE(seen.value(QStringLiteral("likeCount")).toInt(), 1);
        QCOMPARE(seen.value(QStringLiteral("commentCount")).toInt(), 1);

        // Someone else's like comes back to the core by /sync.
        QCOMPARE(lisi->put(kApi + QStringLiteral("/posts/%1/like").arg(post)).status, 200);
        m_core->sync()->syncNow();
        QTRY_COMPARE_WITH_TIMEOUT(m_core->store()->post(post)->likeCount, 2, 30000);
        QVERIFY(m_core->store()->post(post)->liked);
    }

    // One server process killed with SIGKILL in the middle of a load run.
    void serverKilledDuringLoad()
    {
        // The signed-in core of the case before keeps a push stream open through nginx: a
        // long-lived upstream connection that least_conn counts, so that every short request
        // would go to the other server and none be in the victim's hands when it dies. Offline,
        // it holds none.
        if (m_core) {
            m_core->setOffline(true);
            QTRY_VERIFY_WITH_TIMEOUT(!m_core->live()->isLive(), 10000);
        }
        auto me = client(QStringLiteral("wangwu"));
        QVERIFY(me);
        const qint64 target = newPost(*me, QStringLiteral("deploy: the load run's post"));
        QVERIFY(target > 0);
        // Posts to like: the first page of the timeline.
        QList<qint64> posts;
        for (const auto &v : me->get(kApi + QStringLiteral("/timeline?limit=20")).items())
            posts << v.toObject().value(QStringLiteral("id")).toInteger();
        QVERIFY(posts.size() >= 10);

        // Idempotent requests: one attempt each (nginx's retry, not the client's, must hide
        // the dead server). POSTs: nginx's retry (they carry a key), else the client's.
        // Requests nginx passed to a second server (its access log names both: "up=A, B").
        const auto nginxRetries = [this](const QByteArray &method = {}) {
            const QByteArray log =
                readFile(m_dir + QStringLiteral("/logs/nginx-access.log")) + '\n';
            int n = 0;
            for (const QByteArray &line : log.split('\n'))
                if (line.contains(" up=127.0.0.1:") && line.contains(", 127.0.0.1:") &&
                    (method.isEmpty() || line.contains("\"" + method + ' ')))
                    ++n;
            return n;
        };
        const int retriedBefore = nginxRetries();
        const int postsRetriedBefore = nginxRetries("POST");
        int postsRetried = 0;
        auto once = api(me->token(), {1, 0, 0});
        auto retrying = api(me->token(), {8, 200, 2000});
        int idempotentSent = 0, idempotentOk = 0, postsSent = 0;
        QStringList idempotentFailures, postFailures;
        QSet<qint64> likeInFlight;
        QHash<qint64, bool> liked;
        QStringList acknowledged; // contents of the comments the server took (2xx)
        const qint64 killAtMs = 2500, reviveAtMs = 6000, endAtMs = 9000;
        const qint64 victim = pidOf(QStringLiteral("server-1"));
        QVERIFY(victim > 0);
        bool frozen = false, killed = false, revived = false;
        QProcess up;
        QElapsedTimer clock;
        clock.start();
        int tick = 0;
        QTimer load;
        load.setInterval(15);
        connect(&load, &QTimer::timeout, this, [&] {
            ++tick;
            // a timeline page
            ++idempotentSent;
            ApiReply *g = once->get(QStringLiteral("/api/v1/timeline?scope=all"), this);
            connect(g, &ApiReply::finished, this, [&, g] {
                if (g->ok())
                    ++idempotentOk;
                else
                    idempotentFailures << g->method() + QLatin1Char(' ') + g->path() +
                                              QStringLiteral(": ") + g->error().describe();
            });
            // a like or an unlike of a post with nothing in flight
            const qint64 p = posts.at(tick % posts.size());
            if (!likeInFlight.contains(p)) {
                likeInFlight.insert(p);
                ++idempotentSent;
                const bool put = !liked.value(p);
                const QString path = QStringLiteral("/api/v1/posts/%1/like").arg(p);
                ApiReply *l = put ? once->put(path, this) : once->del(path, this);
                connect(l, &ApiReply::finished, this, [&, l, p, put] {
                    likeInFlight.remove(p);
                    if (l->ok()) {
                        ++idempotentOk;
                        liked[p] = put;
                    } else {
                        idempotentFailures << l->method() + QLatin1Char(' ') + l->path() +
                                                  QStringLiteral(": ") + l->error().describe();
                    }
                });
            }
            // a comment with its own key: every fourth tick, and six at once just after the
            // victim froze, so that some are in its hands when it dies
            const auto comment = [&](int n) {
                ++postsSent;
                const QString content = QStringLiteral("load comment %1.%2").arg(tick).arg(n);
                RequestOptions ro;
                ro.idempotencyKey = ApiClient::newIdempotencyKey();
                ApiReply *c =
                    retrying->postJson(QStringLiteral("/api/v1/posts/%1/comments").arg(target),
                                       QJsonObject{{QStringLiteral("content"), content}}, this, ro);
                connect(c, &ApiReply::finished, this, [&, c, content] {
                    if (c->attempts() > 1)
                        ++postsRetried;
                    if (c->ok())
                        acknowledged << content;
                    else
                        postFailures << content + QStringLiteral(": ") + c->error().describe();
                });
            };
            if (tick % 4 == 0)
                comment(0);
            // Frozen first (SIGSTOP), so that requests are under way in it when SIGKILL comes:
            // nginx passes them to the other server (the POSTs because they carry a key; one
            // that still fails with 502 the client sends again with its key).
            if (!frozen && clock.elapsed() >= killAtMs - 500) {
                frozen = true;
                ::kill(pid_t(victim), SIGSTOP);
                for (int n = 1; n <= 6; ++n)
                    comment(n);
            }
            if (!killed && clock.elapsed() >= killAtMs) {
                killed = true;
                ::kill(pid_t(victim), SIGKILL);
            }
            if (!revived && clock.elapsed() >= reviveAtMs) {
                revived = true;
                // `up` again starts the missing server on its port; nginx takes it back.
                up.start(QStringLiteral("bash"),
                         {m_script, QStringLiteral("up"), QStringLiteral("--dir"), m_dir});
            }
            if (clock.elapsed() >= endAtMs)
                load.stop();
        });
        load.start();
        QTRY_VERIFY_WITH_TIMEOUT(!load.isActive(), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(once->pendingCount() == 0 && retrying->pendingCount() == 0, 60000);
        QVERIFY(up.state() == QProcess::NotRunning || up.waitForFinished(120000));
        QVERIFY2(up.exitCode() == 0, up.readAll().constData());
        QVERIFY(killed && revived);

        // nginx did try the other server (its log is written every 2 s), and the POSTs that
        // died with the victim were sent again with their keys: by nginx (a POST with an
        // Idempotency-Key is retried on the other server, nginx.conf.in) or by the client.
        QTRY_VERIFY_WITH_TIMEOUT(nginxRetries() > retriedBefore, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(postsRetried > 0 || nginxRetries("POST") > postsRetriedBefore,
                                 10000);
        qInfo("%d idempotent requests, %d comments posted, %lld acknowledged, %d of them "
              "retried by the client; %d requests passed on to the other server by nginx",
              idempotentSent, postsSent, qint64(acknowledged.size()), postsRetried,
              nginxRetries() - retriedBefore);
        QVERIFY2(idempotentFailures.isEmpty(),
                 qPrintable(idempotentFailures.mid(0, 5).join(QStringLiteral("\n"))));
        QCOMPARE(idempotentOk, idempotentSent);
        QVERIFY2(postFailures.isEmpty(),
                 qPrintable(postFailures.mid(0, 5).join(QStringLiteral("\n"))));
        QCOMPARE(acknowledged.size(), postsSent);

        // Nothing acknowledged is lost, nothing was applied twice.
        const QHash<QString, int> stored = commentsOf(*me, target);
        for (const QString &c : acknowledged)
            QVERIFY2(stored.value(c) == 1,
                     qPrintable(QStringLiteral("%1: stored %2 times").arg(c).arg(stored.value(c))));
        QCOMPARE(stored.size(), acknowledged.size());
        // The likes are as the last acknowledged request of each post left them.
        for (auto it = liked.cbegin(); it != liked.cend(); ++it) {
            const QJsonObject p = me->get(kApi + QStringLiteral("/posts/%1").arg(it.key())).obj();
            QVERIFY2(p.value(QStringLiteral("liked")).toBool() == it.value(),
                     qPrintable(QString::number(it.key())));
        }
        // The killed server runs again (a new process), and the whole deployment says so.
        QVERIFY(pidOf(QStringLiteral("server-1")) != victim);
        QByteArray out;
        QVERIFY2(script(QStringLiteral("status"), {}, &out) == 0, out.constData());
    }

    // PostgreSQL stopped for a few seconds and started again.
    void postgresRestarted()
    {
        QVERIFY2(m_core, "signInLikeCommentSync runs first");
        m_core->setOffline(false); // serverKilledDuringLoad took it offline
        QTRY_VERIFY_WITH_TIMEOUT(m_core->live()->isLive(), 15000);
        auto lisi = client(QStringLiteral("lisi"));
        QVERIFY(lisi);
        const qint64 post =
            newPost(*lisi, QStringLiteral("deploy: liked while the database is away"));
        QVERIFY(post > 0);
        QTRY_VERIFY_WITH_TIMEOUT(!m_core->sync()->isBusy(), 30000);
        m_core->sync()->refreshTimeline();
        QTRY_VERIFY_WITH_TIMEOUT(m_core->store()->post(post).has_value(), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(!m_core->sync()->isBusy(), 30000);

        const qint64 server1 = pidOf(QStringLiteral("server-1"));
        const qint64 server2 = pidOf(QStringLiteral("server-2"));
        const qint64 pg = pidOf(QStringLiteral("postgresql"));
        QProcess restart;
        restart.setProcessChannelMode(QProcess::MergedChannels);
        restart.start(QStringLiteral("bash"),
                      {m_script, QStringLiteral("restart-db"), QStringLiteral("--gap"),
                       QStringLiteral("4"), QStringLiteral("--dir"), m_dir});
        // Wait for the gap: the database's pid file goes first.
        QTRY_VERIFY_WITH_TIMEOUT(pidOf(QStringLiteral("postgresql")) != pg, 30000);

        // In the gap: answers are 503 JSON with Retry-After (never a hang, never HTML).
        QList<HttpResult> gap;
        for (int i = 0; i < 4 && restart.state() != QProcess::NotRunning; ++i) {
            gap << lisi->get(kApi + QStringLiteral("/timeline?limit=5"));
            QTest::qWait(300);
        }
        // And the core acts meanwhile: its outbox keeps the actions and replays them.
        m_core->actions()->togglePostLike(post);
        m_core->actions()->comment(post, 0, QStringLiteral("written while the database restarts"));

        QVERIFY(restart.state() == QProcess::NotRunning || restart.waitForFinished(120000));
        QVERIFY2(restart.exitCode() == 0, restart.readAll().constData());
        QVERIFY(!gap.isEmpty());
        for (const HttpResult &r : gap) {
            QVERIFY2(r.status == 503 || r.status == 200, r.describe().constData());
            if (r.status == 503) {
                QVERIFY2(r.errorCode() == QLatin1String("unavailable"), r.describe().constData());
                QVERIFY2(r.hasHeader("Retry-After"), r.describe().constData());
            }
        }
        QVERIFY2(std::any_of(gap.cbegin(), gap.cend(),
                             [](const HttpResult &r) { return r.status == 503; }),
                 "no request met the gap");

        // The same server processes reconnect by themselves.
        QTRY_VERIFY_WITH_TIMEOUT(
            lisi->get(kApi + QStringLiteral("/timeline?limit=5")).status == 200 &&
                lisi->get(kApi + QStringLiteral("/timeline?limit=5")).status == 200,
            30000);
        QCOMPARE(pidOf(QStringLiteral("server-1")), server1);
        QCOMPARE(pidOf(QStringLiteral("server-2")), server2);

        QTRY_COMPARE_WITH_TIMEOUT(m_core->pendingCount(), 0, 60000);
        QCOMPARE(m_core->failedCount(), 0);
        const QJsonObject seen = lisi->get(kApi + QStringLiteral("/posts/%1").arg(post)).obj();
        QCOMPARE(seen.value(QStringLiteral("likeCount")).toInt(), 1);
        QCOMPARE(seen.value(QStringLiteral("commentCount")).toInt(), 1);
        QByteArray out;
        QVERIFY2(script(QStringLiteral("status"), {}, &out) == 0, out.constData());
    }
};

QTEST_GUILESS_MAIN(TstDeploy)
#include "tst_deploy.moc"

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A rolling restart of the local deployment (scripts/deploy-local.sh: PostgreSQL, two
// threadline-server processes, nginx with TLS) under a steady load through nginx, as the
// client core sends it: reads, likes and comments with an Idempotency-Key, each sent once (no
// retry by the client). Each server in turn gets SIGTERM (`restart-server N`: it drains and
// exits, and starts again on its port). Not one request may fail as the client sees it, no
// comment may be stored twice (docs/deploy.md "Restarts"). Also: the request id from the client
// through nginx to the server's log, the servers' log files carry times, and /metrics answers on
// a server's loopback port but not through nginx.
#include "deployfiles.h"
#include "net/apiclient.h"
#include "testserver.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <QTimer>
#include <memory>

using namespace threadline::core;
using threadline::test::Client;
using threadline::test::HttpResult;
using threadline::test::deploy::readFile;
namespace deploy = threadline::test::deploy;

namespace {

const QString kApi = QStringLiteral("/api/v1");

} // namespace

class TstRollingRestart : public QObject
{
    Q_OBJECT

private:
    QString m_dir;
    QString m_script;
    QUrl m_url;
    QList<QSslCertificate> m_ca;

    QString runFile(const QString &name) const { return m_dir + QStringLiteral("/run/") + name; }
    qint64 pidOf(int server) const
    {
        return deploy::pidOf(m_dir, QStringLiteral("server-%1").arg(server));
    }
    quint16 portOf(int server) const { return deploy::portOf(m_dir, server); }
    QByteArray serverLog(int server) const { return deploy::serverLog(m_dir, server); }

private Q_SLOTS:
    void initTestCase()
    {
        m_dir = qEnvironmentVariable("THREADLINE_DEPLOY_DIR");
        m_script = qEnvironmentVariable("THREADLINE_DEPLOY_SCRIPT");
        QVERIFY2(
            !m_dir.isEmpty() && !m_script.isEmpty(),
            "THREADLINE_DEPLOY_DIR and THREADLINE_DEPLOY_SCRIPT (tests/deploy/CMakeLists.txt)");
        const QByteArray url = readFile(runFile(QStringLiteral("url"))).trimmed();
        QVERIFY2(!url.isEmpty(), "the deployment is not up (fixture deploy_up)");
        m_url = QUrl(QString::fromUtf8(url));
        m_ca = QSslCertificate::fromPath(m_dir + QStringLiteral("/tls/cert.pem"));
        QVERIFY(!m_ca.isEmpty());
    }

    void requestIdReachesTheServersLog()
    {
        Client c(m_url);
        const HttpResult r =
            c.raw("GET", kApi + QStringLiteral("/health"), {}, {{"X-Request-Id", "deploy-rid-7"}});
        QCOMPARE(r.status, 200);
        QCOMPARE(r.header("X-Request-Id"), QByteArray("deploy-rid-7"));
        // Without one, nginx's own ($request_id, 32 hex digits) reaches the server.
        const HttpResult made = c.get(kApi + QStringLiteral("/health"));
        QVERIFY2(QRegularExpression(QStringLiteral("^[0-9a-f]{32}$"))
                     .match(QString::fromLatin1(made.header("X-Request-Id")))
                     .hasMatch(),
                 made.header("X-Request-Id").constData());
        // One of the servers logged it, with a time first.
        static const QRegularExpression line(QStringLiteral(
            "\\n\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}[+-]\\d{2}:\\d{2} info "
            "deploy-rid-7 GET /api/v1/health 200 [0-9.]+ms 127\\.0\\.0\\.1 /api/v1/health\\n"));
        QTRY_VERIFY(line.match(QString::fromUtf8('\n' + serverLog(1) + serverLog(2))).hasMatch());
    }

    void metricsOnLoopbackOnly()
    {
        // Through nginx: the API's 404, never the metrics.
        Client edge(m_url);
        const HttpResult outside = edge.get(QStringLiteral("/metrics"));
        QCOMPARE(outside.status, 404);
        QVERIFY(!outside.body.contains("threadline_"));
        // On a server's own loopback port: the text format.
        Client local(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(portOf(1))));
        const HttpResult inside = local.get(QStringLiteral("/metrics"));
        QCOMPARE(inside.status, 200);
        QVERIFY(inside.body.contains("# TYPE threadline_http_requests_total counter\n"));
        QVERIFY(inside.body.contains("threadline_read_cache_hits_total "));
    }

    void rollingRestartUnderLoadLosesNothing()
    {
        Client me(m_url);
        QVERIFY(!me.login(QStringLiteral("lisi")).isEmpty());
        const HttpResult created = me.post(
            kApi + QStringLiteral("/posts"),
            QJsonObject{{QStringLiteral("category"), QStringLiteral("TEXT")},
                        {QStringLiteral("content"), QStringLiteral("deploy: rolling restart")},
                        {QStringLiteral("pictureUrls"), QJsonArray()},
                        {QStringLiteral("device"), QStringLiteral("deploy test")}},
            {{"Idempotency-Key", Client::newIdempotencyKey()}});
        QCOMPARE(created.status, 201);
        const qint64 target = created.obj().value(QStringLiteral("id")).toInteger();
        QList<qint64> posts;
        for (const auto &v : me.get(kApi + QStringLiteral("/timeline?limit=20")).items())
            posts << v.toObject().value(QStringLiteral("id")).toInteger();
        QVERIFY(posts.size() >= 10);

        // One attempt each: nginx and the draining servers must hide the restarts.
        auto once = std::make_unique<ApiClient>();
        once->setBaseUrl(m_url);
        once->setCaCertificates(m_ca);
        once->setToken(me.token());
        once->setRetryPolicy({1, 0, 0});
        once->setTimeoutMs(20000);

        const qint64 pids[2] = {pidOf(1), pidOf(2)};
        QVERIFY(pids[0] > 0 && pids[1] > 0);
        int sent = 0, ok = 0;
        QStringList failures;
        QSet<qint64> likeInFlight;
        QHash<qint64, bool> liked;
        QStringList acknowledged;
        int tick = 0;
        QTimer load;
        load.setInterval(10);
        connect(&load, &QTimer::timeout, this, [&] {
            ++tick;
            const auto done = [&](ApiReply *r, const std::function<void()> &onOk = {}) {
                connect(r, &ApiReply::finished, this, [&, r, onOk] {
                    if (r->ok()) {
                        ++ok;
                        if (onOk)
                            onOk();
                    } else {
                        failures << r->method() + QLatin1Char(' ') + r->path() +
                                        QStringLiteral(": ") + r->error().describe();
                    }
                });
            };
            ++sent;
            done(once->get(QStringLiteral("/api/v1/timeline?scope=all&limit=10"), this));
            const qint64 p = posts.at(tick % posts.size());
            if (!likeInFlight.contains(p)) {
                likeInFlight.insert(p);
                ++sent;
                const bool put = !liked.value(p);
                const QString path = QStringLiteral("/api/v1/posts/%1/like").arg(p);
                ApiReply *l = put ? once->put(path, this) : once->del(path, this);
                connect(l, &ApiReply::finished, this, [&, p] { likeInFlight.remove(p); });
                done(l, [&, p, put] { liked[p] = put; });
            }
            if (tick % 3 == 0) {
                ++sent;
                const QString content = QStringLiteral("rolling %1").arg(tick);
                RequestOptions ro;
                ro.idempotencyKey = ApiClient::newIdempotencyKey();
                done(once->postJson(QStringLiteral("/api/v1/posts/%1/comments").arg(target),
                                    QJsonObject{{QStringLiteral("content"), content}}, this, ro),
                     [&, content] { acknowledged << content; });
            }
        });
        load.start();

        // The load runs a moment, then each server is restarted in turn (SIGTERM, its exit,
        // started again on its port, taking requests again), then the load runs a moment more.
        QElapsedTimer clock;
        clock.start();
        QTRY_VERIFY_WITH_TIMEOUT(sent > 200, 20000);
        qsizetype logFrom[2] = {0, 0};
        for (int server = 1; server <= 2; ++server) {
            logFrom[server - 1] = serverLog(server).size();
            QProcess restart;
            restart.setProcessChannelMode(QProcess::MergedChannels);
            restart.start(QStringLiteral("bash"),
                          {m_script, QStringLiteral("restart-server"), QString::number(server),
                           QStringLiteral("--dir"), m_dir});
            // The event loop runs meanwhile: the load goes on through the restart.
            QTRY_VERIFY_WITH_TIMEOUT(restart.state() == QProcess::NotRunning, 120000);
            // Read once: QVERIFY2 evaluates its message even when the check holds.
            const QByteArray out = restart.readAll();
            QVERIFY2(restart.exitStatus() == QProcess::NormalExit && restart.exitCode() == 0,
                     out.constData());
            // Drained, not killed.
            QVERIFY2(!out.contains("killed"), out.constData());
            QVERIFY(pidOf(server) != pids[server - 1]);
            // The next restart follows at once, as an operator's loop would: restart-server
            // returns only once nginx sends the new process requests again (it held it as down
            // for fail_timeout after its last refused connection; with both held down at once it
            // would answer 502 itself).
            QVERIFY2(out.contains("takes requests through nginx again"), out.constData());
        }
        const int before = sent;
        QTRY_VERIFY_WITH_TIMEOUT(sent > before + 200, 20000);
        // Both new processes took requests through nginx (their lines follow the old one's last).
        const auto newProcessServed = [&](int server) {
            const QByteArray log = serverLog(server).mid(logFrom[server - 1]);
            const qsizetype stopped = log.indexOf(" info stopped\n");
            return stopped >= 0 && log.indexOf(" GET /api/v1/timeline 200 ", stopped) >= 0;
        };
        QTRY_VERIFY_WITH_TIMEOUT(newProcessServed(1) && newProcessServed(2), 10000);
        load.stop();
        QTRY_VERIFY_WITH_TIMEOUT(once->pendingCount() == 0, 60000);
        qInfo("%d requests (%lld comments acknowledged) over %.1f s and two restarts, %lld failed",
              sent, qint64(acknowledged.size()), clock.elapsed() / 1000.0, qint64(failures.size()));
        QVERIFY2(failures.isEmpty(), qPrintable(failures.mid(0, 5).join(QStringLiteral("\n"))));
        QCOMPARE(ok, sent);

        // Each server drained and exited by itself, and its log file says when.
        for (int server = 1; server <= 2; ++server) {
            const QByteArray log = serverLog(server);
            QVERIFY(log.contains(" info draining: stopped accepting; "));
            QVERIFY(log.contains(" info stopped\n"));
            QVERIFY(!log.contains("still open are closed"));
        }

        // Every acknowledged comment is stored once; nothing else was.
        QHash<QString, int> stored;
        qint64 after = 0;
        for (int page = 0; page < 50; ++page) {
            const HttpResult r = me.get(
                kApi +
                QStringLiteral("/posts/%1/comments?limit=200&after=%2").arg(target).arg(after));
            QCOMPARE(r.status, 200);
            const QJsonObject o = r.obj();
            for (const auto &v : o.value(QStringLiteral("roots")).toArray())
                ++stored[v.toObject().value(QStringLiteral("content")).toString()];
            if (o.value(QStringLiteral("next")).isNull())
                break;
            after = o.value(QStringLiteral("next")).toInteger();
        }
        for (const QString &c : std::as_const(acknowledged))
            QVERIFY2(stored.value(c) == 1,
                     qPrintable(QStringLiteral("%1: stored %2 times").arg(c).arg(stored.value(c))));
        QCOMPARE(stored.size(), acknowledged.size());
        for (auto it = liked.cbegin(); it != liked.cend(); ++it) {
            const QJsonObject p = me.get(kApi + QStringLiteral("/posts/%1").arg(it.key())).obj();
            QVERIFY2(p.value(QStringLiteral("liked")).toBool() == it.value(),
                     qPrintable(QString::number(it.key())));
        }
    }
};

QTEST_GUILESS_MAIN(TstRollingRestart)
#include "tst_rollingrestart.moc"

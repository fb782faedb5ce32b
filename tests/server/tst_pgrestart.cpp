// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// PostgreSQL goes away and comes back: the server reconnects by itself.
//
// The suite runs a PostgreSQL cluster of its own (scripts/pg-cluster.sh into a temporary
// directory; not the shared fixture, which other suites use at the same time), starts one
// threadline-server on it, then:
//  - restarts the cluster while the server is idle: the next requests succeed (the broken
//    connection is found on first use, reopened, its statements prepared again, the request
//    run again) — no 500, no restart of the server;
//  - stops the cluster: every request that needs the database is answered at once with 503 and
//    the contract's JSON error (`unavailable`, Retry-After) — never a hang, a crash or HTML;
//    GET /health still answers (it needs no database);
//  - starts it again: the very next request succeeds.
// Needs PostgreSQL 15's binaries (as pg-cluster.sh does); as root the cluster runs as "postgres".

#include "testserver.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>
#include <unistd.h>

using threadline::test::Client;
using threadline::test::HttpResult;
using threadline::test::TestServer;

namespace {

const QString kApi = QStringLiteral("/api/v1");
const QString kPgBin = QStringLiteral("/usr/lib/postgresql/15/bin");

} // namespace

class TstPgRestart : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void restartWhileIdle();
    void stoppedDatabaseAnswers503();
    void startedAgainAnswersAtOnce();

private:
    // pg_ctl as the cluster's owner; true on exit code 0.
    bool pgCtl(const QStringList &args, QByteArray *output = nullptr);
    bool startCluster();
    bool stopCluster();
    static void checkUnavailable(const HttpResult &r);

    std::unique_ptr<QTemporaryDir> m_tmp;
    QString m_dir; // the cluster's directory (pg-cluster.sh layout: data, sock, log, url)
    QString m_url; // postgresql://postgres@127.0.0.1:PORT
    int m_port = 0;
    TestServer m_server;
    QString m_token;
};

bool TstPgRestart::pgCtl(const QStringList &args, QByteArray *output)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    QStringList all{kPgBin + QStringLiteral("/pg_ctl"), QStringLiteral("-D"),
                    m_dir + QStringLiteral("/data")};
    all += args;
    if (::geteuid() == 0)
        p.start(
            QStringLiteral("runuser"),
            QStringList{QStringLiteral("-u"), QStringLiteral("postgres"), QStringLiteral("--")} +
                all);
    else
        p.start(all.takeFirst(), all);
    if (!p.waitForFinished(120000))
        return false;
    if (output)
        *output = p.readAll();
    return p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

bool TstPgRestart::startCluster()
{
    // The options of scripts/pg-cluster.sh, on the port it chose.
    QByteArray out;
    const bool ok = pgCtl(
        {QStringLiteral("-l"), m_dir + QStringLiteral("/log"), QStringLiteral("-w"),
         QStringLiteral("-t"), QStringLiteral("60"), QStringLiteral("-o"),
         QStringLiteral("-p %1 -k %2/sock -c listen_addresses=127.0.0.1 -c fsync=off -c "
                        "synchronous_commit=off -c full_page_writes=off -c max_connections=50")
             .arg(m_port)
             .arg(m_dir),
         QStringLiteral("start")},
        &out);
    if (!ok)
        qWarning("pg_ctl start: %s", out.constData());
    return ok;
}

bool TstPgRestart::stopCluster()
{
    QByteArray out;
    const bool ok = pgCtl({QStringLiteral("-m"), QStringLiteral("fast"), QStringLiteral("-w"),
                           QStringLiteral("stop")},
                          &out);
    if (!ok)
        qWarning("pg_ctl stop: %s", out.constData());
    return ok;
}

void TstPgRestart::initTestCase()
{
    // scripts/install-deps.sh installs PostgreSQL: without it this suite fails, it never skips
    QVERIFY2(QFile::exists(kPgBin + QStringLiteral("/pg_ctl")),
             "no PostgreSQL 15 binaries (scripts/install-deps.sh installs postgresql)");
    // Under /tmp with a short path (a Unix socket path), traversable by the postgres user.
    m_tmp = std::make_unique<QTemporaryDir>(QStringLiteral("/tmp/tl-pgrestart-XXXXXX"));
    QVERIFY(m_tmp->isValid());
    QVERIFY(QFile::setPermissions(
        m_tmp->path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup |
                           QFile::ExeGroup | QFile::ReadOther | QFile::ExeOther));
    m_dir = m_tmp->path() + QStringLiteral("/pg");
    QProcess script;
    script.start(QStringLiteral("bash"),
                 {QStringLiteral(THREADLINE_SOURCE_DIR "/scripts/pg-cluster.sh"),
                  QStringLiteral("start"), m_dir});
    QVERIFY(script.waitForFinished(300000));
    QVERIFY2(script.exitCode() == 0, script.readAllStandardError().constData());
    m_url = QString::fromUtf8(script.readAllStandardOutput()).trimmed().split('\n').last();
    QVERIFY2(m_url.startsWith(QLatin1String("postgresql://")), qPrintable(m_url));
    m_port = QUrl(m_url).port();
    QVERIFY(m_port > 0);

    QVERIFY2(m_server.start({QStringLiteral("--demo"), QStringLiteral("--db"),
                             m_url + QStringLiteral("/postgres")}),
             m_server.stderrLog().right(3000).constData());
    Client c(m_server.baseUrl());
    m_token = c.login(QStringLiteral("zhangsan"));
    QVERIFY(!m_token.isEmpty());
}

void TstPgRestart::cleanupTestCase()
{
    if (m_server.isRunning()) {
        const QByteArray log = m_server.stderrLog();
        QVERIFY2(!log.contains(" 500 "), log.right(3000).constData());
        // One line says the database went away and one that it is back; the statements of the
        // dead connection are dropped without a warning each.
        QVERIFY2(log.contains("the database is unavailable: "), log.right(3000).constData());
        QVERIFY2(!log.contains("Unable to free statement"), log.right(3000).constData());
        m_server.stop();
        QVERIFY2(!m_server.crashed(), "the server crashed");
    }
    if (!m_dir.isEmpty()) {
        QProcess script;
        script.start(QStringLiteral("bash"),
                     {QStringLiteral(THREADLINE_SOURCE_DIR "/scripts/pg-cluster.sh"),
                      QStringLiteral("stop"), m_dir});
        script.waitForFinished(120000);
    }
}

void TstPgRestart::checkUnavailable(const HttpResult &r)
{
    QVERIFY2(r.status == 503, r.describe().constData());
    QCOMPARE(r.header("Content-Type"), QByteArray("application/json"));
    QVERIFY2(r.isJson(), r.describe().constData());
    QCOMPARE(r.errorCode(), QStringLiteral("unavailable"));
    QVERIFY(!r.errorMessage().isEmpty());
    bool ok = false;
    const int retry = r.header("Retry-After").toInt(&ok);
    QVERIFY2(ok && retry >= 1, r.header("Retry-After").constData());
}

void TstPgRestart::restartWhileIdle()
{
    Client c(m_server.baseUrl());
    c.setToken(m_token);
    QCOMPARE(c.get(kApi + "/timeline?limit=2").status, 200);
    QCOMPARE(c.put(kApi + "/posts/90012/like").status, 200);

    // Every connection of the server is cut by the restart; nothing tells it until it uses one.
    QVERIFY(pgCtl({QStringLiteral("-m"), QStringLiteral("fast"), QStringLiteral("-w"),
                   QStringLiteral("-t"), QStringLiteral("60"), QStringLiteral("restart")}));
    const HttpResult t = c.get(kApi + "/timeline?limit=2");
    QVERIFY2(t.status == 200, t.describe().constData());
    HttpResult r = c.del(kApi + "/posts/90012/like");
    QVERIFY2(r.status == 200, r.describe().constData());
    QCOMPARE(r.obj().value("liked").toBool(), false);
    r = c.post(kApi + "/posts", QJsonObject{{"content", "after a restart"}});
    QVERIFY2(r.status == 201, r.describe().constData());
    QVERIFY(m_server.isRunning());
    QVERIFY(m_server.stderrLog().contains("the database connection is back"));
}

void TstPgRestart::stoppedDatabaseAnswers503()
{
    QVERIFY(stopCluster());
    Client c(m_server.baseUrl());
    c.setToken(m_token);
    Client fresh(m_server.baseUrl()); // a token the server has never seen: checked in the database
    fresh.setToken(QStringLiteral("not-a-token-the-server-knows"));
    for (int round = 0; round < 3; ++round) {
        QElapsedTimer timer;
        timer.start();
        checkUnavailable(c.get(kApi + "/timeline"));
        checkUnavailable(c.put(kApi + "/posts/90012/like"));
        checkUnavailable(c.del(kApi + "/posts/90012/like"));
        checkUnavailable(c.post(kApi + "/posts", QJsonObject{{"content", "while down"}},
                                {{"Idempotency-Key", Client::newIdempotencyKey()}}));
        checkUnavailable(c.get(kApi + "/sync"));
        checkUnavailable(fresh.get(kApi + "/me"));
        Client anon(m_server.baseUrl());
        checkUnavailable(anon.post(kApi + "/auth/login",
                                   QJsonObject{{"username", "lisi"}, {"password", "demo"}}));
        // Answered at once (a refused connection), not after a timeout.
        QVERIFY2(timer.elapsed() < 10000, qPrintable(QString::number(timer.elapsed())));
    }
    // The server's own health needs no database.
    Client anon(m_server.baseUrl());
    QCOMPARE(anon.get(kApi + "/health").status, 200);
    QVERIFY(m_server.isRunning());
}

void TstPgRestart::startedAgainAnswersAtOnce()
{
    QVERIFY(startCluster());
    Client c(m_server.baseUrl());
    c.setToken(m_token);
    HttpResult r = c.get(kApi + "/timeline?limit=2");
    QVERIFY2(r.status == 200, r.describe().constData());
    r = c.put(kApi + "/posts/90012/like");
    QVERIFY2(r.status == 200, r.describe().constData());
    QCOMPARE(r.obj().value("liked").toBool(), true);
    const QByteArray key = Client::newIdempotencyKey();
    r = c.post(kApi + "/posts", QJsonObject{{"content", "back again"}}, {{"Idempotency-Key", key}});
    QVERIFY2(r.status == 201, r.describe().constData());
    const HttpResult again =
        c.post(kApi + "/posts", QJsonObject{{"content", "back again"}}, {{"Idempotency-Key", key}});
    QCOMPARE(again.status, 201);
    QCOMPARE(again.header("Idempotent-Replayed"), QByteArray("true"));
    Client other(m_server.baseUrl());
    QVERIFY(!other.login(QStringLiteral("lisi")).isEmpty());
    QVERIFY(m_server.isRunning());
}

QTEST_GUILESS_MAIN(TstPgRestart)
#include "tst_pgrestart.moc"

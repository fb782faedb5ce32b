// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The push stream in the local deployment (scripts/deploy-local.sh: nginx with TLS in front of
// two threadline-server processes on PostgreSQL), with real processes and nothing faked:
// - a server process killed (SIGKILL) under streams opened through nginx: the streams it held
//   end, the others go on; each ended one reconnects through nginx with its last id as
//   Last-Event-ID, lands on the other process, and gets every comment written meanwhile — none
//   lost, none twice, the event ids strictly increasing across the two connections, and the
//   same comments /sync gives over the same cursors;
// - PostgreSQL restarted under open streams (one on each process, plain HTTP to the processes'
//   own ports, so that the writes and the streams are on known processes): each stream ends or
//   goes on, and after a reconnect with its last id no comment is missing or repeated; the
//   process that holds the streams listens again (LISTEN on a connection of its own): a write
//   through the other process reaches a fresh stream within the 3 s periodic read, and then
//   every write within a second.
// The deployment is the CTest fixture `deploy` (tests/deploy/CMakeLists.txt), shared with
// tst_deploy (RESOURCE_LOCK): each case starts with `up` (what a case before it left stopped
// runs again) and leaves the deployment whole.
#include "deployfiles.h"
#include "ssereader.h"
#include "testserver.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSignalSpy>
#include <QSslCertificate>
#include <QTest>
#include <QUrl>
#include <csignal>
#include <memory>

using threadline::test::Client;
using threadline::test::cursorPosition;
using threadline::test::HttpResult;
using threadline::test::deploy::readFile;
namespace deploy = threadline::test::deploy;
using threadline::test::sseClock;
using threadline::test::SseReader;

namespace {

const QString kApi = QStringLiteral("/api/v1");

QString enc(const QString &s)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(s));
}

} // namespace

class TstDeployStream : public QObject
{
    Q_OBJECT

private:
    QString m_dir;    // the deployment's folder
    QString m_script; // scripts/deploy-local.sh
    QUrl m_url;       // https://127.0.0.1:PORT (nginx)
    QList<QSslCertificate> m_ca;
    QHash<QString, QString> m_tokens;
    qint64 m_post = 0;
    int m_counter = 0;

    int script(const QString &cmd, const QStringList &args = {}, QByteArray *output = nullptr)
    {
        return deploy::runScript(m_script, m_dir, cmd, args, output);
    }
    qint64 pidOf(const QString &name) const { return deploy::pidOf(m_dir, name); }
    quint16 portOf(int server) const { return deploy::portOf(m_dir, server); }
    QUrl serverUrl(int server) const
    {
        return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(portOf(server)));
    }
    // The stream requests a server process has logged so far.
    int streamsLogged(int server) const
    {
        return int(deploy::serverLog(m_dir, server).count("GET /api/v1/stream 200 "));
    }
    // A stream through nginx (TLS).
    std::unique_ptr<SseReader> viaNginx(const QString &user, const QString &query = {},
                                        const threadline::test::HeaderList &headers = {})
    {
        return std::make_unique<SseReader>(m_url, m_ca, kApi + QStringLiteral("/stream") + query,
                                           m_tokens.value(user), headers);
    }
    // A stream on one server process's own port (plain HTTP).
    std::unique_ptr<SseReader> onServer(int server, const QString &user,
                                        const threadline::test::HeaderList &headers = {})
    {
        return std::make_unique<SseReader>(portOf(server), kApi + QStringLiteral("/stream"),
                                           m_tokens.value(user), headers);
    }
    // A comment on the suite's post, through `base`; sent again with its Idempotency-Key until
    // it is acknowledged (each try waits for its answer): its id, 0 when it never was.
    qint64 comment(const QUrl &base, const QString &content)
    {
        Client c(base);
        c.setToken(m_tokens.value(QStringLiteral("lisi")));
        const QByteArray key = Client::newIdempotencyKey();
        HttpResult r;
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < 30000) {
            r = c.post(kApi + QStringLiteral("/posts/%1/comments").arg(m_post),
                       QJsonObject{{QStringLiteral("content"), content}},
                       {{"Idempotency-Key", key}});
            if (r.status == 201)
                return r.obj().value(QStringLiteral("id")).toInteger();
            // 502/503 while a process or the database is away: the answer says try again
            if (r.status != 0 && r.status != 502 && r.status != 503)
                break;
        }
        qWarning() << "comment failed:" << r.describe();
        return 0;
    }
    QString unique(const QString &prefix)
    {
        return QStringLiteral("%1 #%2").arg(prefix).arg(++m_counter);
    }
    // The suite post's comment ids a stream has had, in order (repeats kept).
    QList<qint64> ours(const SseReader &s) const
    {
        QList<qint64> ids;
        for (const QJsonObject &c : s.records())
            if (c.value(QStringLiteral("kind")).toString() == QLatin1String("comment") &&
                c.value(QStringLiteral("data"))
                        .toObject()
                        .value(QStringLiteral("postId"))
                        .toInteger() == m_post)
                ids.append(c.value(QStringLiteral("id")).toInteger());
        return ids;
    }
    // The suite post's comment ids /sync gives from `since` to its end, through `base`.
    QList<qint64> syncComments(const QUrl &base, QString since)
    {
        Client c(base);
        c.setToken(m_tokens.value(QStringLiteral("zhangsan")));
        QList<qint64> ids;
        for (int page = 0; page < 100; ++page) {
            const HttpResult r = c.get(kApi + QStringLiteral("/sync?since=") + enc(since));
            if (r.status != 200) {
                qWarning() << r.describe();
                return {};
            }
            for (const QJsonValue &v : r.obj().value(QStringLiteral("changes")).toArray()) {
                const QJsonObject o = v.toObject();
                if (o.value(QStringLiteral("kind")).toString() == QLatin1String("comment") &&
                    o.value(QStringLiteral("data"))
                            .toObject()
                            .value(QStringLiteral("postId"))
                            .toInteger() == m_post)
                    ids.append(o.value(QStringLiteral("id")).toInteger());
            }
            since = r.obj().value(QStringLiteral("next")).toString();
            if (!r.obj().value(QStringLiteral("hasMore")).toBool())
                break;
        }
        return ids;
    }
    // Brings up what is not running (a case before may have left a process stopped).
    void whole()
    {
        QByteArray out;
        QVERIFY2(script(QStringLiteral("up"), {}, &out) == 0, out.constData());
        QVERIFY2(script(QStringLiteral("status"), {}, &out) == 0, out.constData());
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_dir = qEnvironmentVariable("THREADLINE_DEPLOY_DIR");
        m_script = qEnvironmentVariable("THREADLINE_DEPLOY_SCRIPT");
        QVERIFY2(!m_dir.isEmpty() && QFile::exists(m_script),
                 "THREADLINE_DEPLOY_DIR and THREADLINE_DEPLOY_SCRIPT come from the CTest fixture");
        whole();
        m_url = QUrl(QString::fromUtf8(readFile(m_dir + QStringLiteral("/run/url"))));
        QVERIFY2(m_url.scheme() == QLatin1String("https") && m_url.port() > 0,
                 qPrintable(m_url.toString()));
        m_ca = QSslCertificate::fromPath(m_dir + QStringLiteral("/tls/cert.pem"));
        QCOMPARE(m_ca.size(), 1);
        for (const char *u : {"zhangsan", "lisi"}) {
            Client c(m_url);
            const QString token = c.login(QString::fromLatin1(u));
            QVERIFY2(!token.isEmpty(), u);
            m_tokens.insert(QString::fromLatin1(u), token);
        }
        Client c(m_url);
        c.setToken(m_tokens.value(QStringLiteral("lisi")));
        const HttpResult p = c.post(kApi + QStringLiteral("/posts"),
                                    QJsonObject{{"category", "TEXT"},
                                                {"content", "the deployment's stream post"},
                                                {"pictureUrls", QJsonArray{}}},
                                    {{"Idempotency-Key", Client::newIdempotencyKey()}});
        QCOMPARE(p.status, 201);
        m_post = p.obj().value(QStringLiteral("id")).toInteger();
    }

    void serverKilledUnderStreams()
    {
        whole();
        const int logged1 = streamsLogged(1), logged2 = streamsLogged(2);
        // Six streams through nginx: least_conn spreads them over both processes.
        std::vector<std::unique_ptr<SseReader>> first;
        for (int i = 0; i < 6; ++i) {
            first.push_back(viaNginx(QStringLiteral("zhangsan")));
            QTRY_COMPARE_WITH_TIMEOUT(first.back()->events().size(), 1, 10000);
            QCOMPARE(first.back()->events().first().name, QByteArray("hello"));
        }
        // Where they went (each process logs a stream's start before its hello).
        const int on1 = streamsLogged(1) - logged1, on2 = streamsLogged(2) - logged2;
        QCOMPARE(on1 + on2, 6);
        const int victim = on1 > 0 ? 1 : 2;
        const int onVictim = victim == 1 ? on1 : on2;
        qInfo("streams through nginx: %d on server 1, %d on server 2; server %d is killed", on1,
              on2, victim);

        QList<qint64> written;
        for (int i = 0; i < 3; ++i) {
            written.append(comment(m_url, unique(QStringLiteral("before the kill"))));
            QVERIFY(written.last());
        }
        for (const auto &s : first)
            QTRY_VERIFY_WITH_TIMEOUT(s->find(QStringLiteral("comment"), written.last()).has_value(),
                                     5000);

        const qint64 pid = pidOf(QStringLiteral("server-%1").arg(victim));
        QVERIFY(pid > 0);
        QCOMPARE(::kill(pid_t(pid), SIGKILL), 0);
        // nginx ends the streams of the dead process; the others go on.
        const auto ended = [&] {
            int n = 0;
            for (const auto &s : first)
                n += s->closed() ? 1 : 0;
            return n;
        };
        QTRY_COMPARE_WITH_TIMEOUT(ended(), onVictim, 10000);

        // Written while those streams are away (nginx sends them to the live process).
        for (int i = 0; i < 3; ++i) {
            written.append(comment(m_url, unique(QStringLiteral("while away"))));
            QVERIFY(written.last());
        }
        // An EventSource reconnects to the same URL with the last id it saw.
        std::vector<std::unique_ptr<SseReader>> second(first.size());
        for (size_t i = 0; i < first.size(); ++i) {
            if (!first[i]->closed())
                continue;
            second[i] =
                viaNginx(QStringLiteral("zhangsan"), {}, {{"Last-Event-ID", first[i]->lastId()}});
            QTRY_COMPARE_WITH_TIMEOUT(second[i]->status(), 200, 10000);
        }
        written.append(comment(m_url, unique(QStringLiteral("after the reconnect"))));
        QVERIFY(written.last());
        for (size_t i = 0; i < first.size(); ++i) {
            const SseReader &now = second[i] ? *second[i] : *first[i];
            QTRY_VERIFY_WITH_TIMEOUT(
                now.find(QStringLiteral("comment"), written.last()).has_value(), 5000);
        }
        // Every stream: each comment once, in order, and the ids continue across the reconnect.
        const QString start = QString::fromLatin1(first.front()->events().first().id);
        const QList<qint64> viaSync = syncComments(m_url, start);
        QCOMPARE(viaSync, written);
        for (size_t i = 0; i < first.size(); ++i) {
            QList<qint64> seen = ours(*first[i]);
            QVERIFY2(first[i]->idsIncreasing().isEmpty(), qPrintable(first[i]->idsIncreasing()));
            if (second[i]) {
                QVERIFY(!second[i]->events().isEmpty());
                QCOMPARE(second[i]->events().first().name, QByteArray("changes")); // no hello
                const QString gap = second[i]->idsIncreasing(first[i]->lastId());
                QVERIFY2(gap.isEmpty(), qPrintable(gap));
                seen += ours(*second[i]);
                // what the resumed stream brought is exactly /sync from the last id
                QCOMPARE(ours(*second[i]),
                         syncComments(m_url, QString::fromLatin1(first[i]->lastId())));
            }
            QCOMPARE(seen, written);
        }
        first.clear();
        second.clear();
        whole(); // the killed process runs again
    }

    void postgresRestartedUnderStreams()
    {
        whole();
        const QUrl a = serverUrl(1); // writes
        const int b = 2;             // streams
        // Before: a write through A reaches a stream on B (LISTEN/NOTIFY).
        auto onB = onServer(b, QStringLiteral("zhangsan"));
        auto onA = onServer(1, QStringLiteral("zhangsan"));
        QTRY_COMPARE_WITH_TIMEOUT(onB->events().size(), 1, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(onA->events().size(), 1, 10000);
        QList<qint64> written;
        written.append(comment(a, unique(QStringLiteral("before the restart"))));
        QVERIFY(written.last());
        QTRY_VERIFY_WITH_TIMEOUT(onB->find(QStringLiteral("comment"), written.last()).has_value(),
                                 2000);
        QTRY_VERIFY_WITH_TIMEOUT(onA->find(QStringLiteral("comment"), written.last()).has_value(),
                                 2000);

        const qint64 pg = pidOf(QStringLiteral("postgresql"));
        QProcess restart;
        restart.setProcessChannelMode(QProcess::MergedChannels);
        QSignalSpy restarted(&restart, &QProcess::finished);
        restart.start(QStringLiteral("bash"),
                      {m_script, QStringLiteral("restart-db"), QStringLiteral("--gap"),
                       QStringLiteral("1"), QStringLiteral("--dir"), m_dir});
        QVERIFY(restarted.wait(120000));
        QVERIFY2(restart.exitCode() == 0, restart.readAll().constData());
        QVERIFY(pidOf(QStringLiteral("postgresql")) != pg);

        // Written once the database is back (the first request through A may meet the broken
        // connection: the server reconnects and runs it again).
        for (int i = 0; i < 2; ++i) {
            written.append(comment(a, unique(QStringLiteral("after the restart"))));
            QVERIFY(written.last());
        }
        // Each stream went on or ended; one that ended reconnects with its last id.
        std::unique_ptr<SseReader> againB, againA;
        for (auto [old, again, server] :
             {std::tuple{onB.get(), &againB, b}, std::tuple{onA.get(), &againA, 1}}) {
            if (old->closed()) {
                *again = onServer(server, QStringLiteral("zhangsan"),
                                  {{"Last-Event-ID", old->lastId()}});
                QTRY_COMPARE_WITH_TIMEOUT((*again)->status(), 200, 10000);
            }
            const SseReader &now = *again ? **again : *old;
            // the 3 s periodic read is the latest it may come
            QTRY_VERIFY_WITH_TIMEOUT(
                now.find(QStringLiteral("comment"), written.last()).has_value(), 4000);
            QList<qint64> seen = ours(*old);
            QVERIFY2(old->idsIncreasing().isEmpty(), qPrintable(old->idsIncreasing()));
            if (*again) {
                const QString gap = (*again)->idsIncreasing(old->lastId());
                QVERIFY2(gap.isEmpty(), qPrintable(gap));
                seen += ours(**again);
            }
            QCOMPARE(seen, written);
            qInfo("server %d's stream %s the restart", server,
                  *again ? "ended with" : "went on through");
        }

        // And a reconnect after the restart with the last id: what was written while away,
        // nothing twice.
        {
            SseReader &last = againB ? *againB : *onB;
            const QByteArray lastId = last.lastId();
            QList<qint64> seen = ours(*onB);
            if (againB)
                seen += ours(*againB);
            last.close();
            written.append(comment(a, unique(QStringLiteral("while away after the restart"))));
            QVERIFY(written.last());
            auto resumed = onServer(b, QStringLiteral("zhangsan"), {{"Last-Event-ID", lastId}});
            QTRY_VERIFY_WITH_TIMEOUT(
                resumed->find(QStringLiteral("comment"), written.last()).has_value(), 4000);
            QCOMPARE(resumed->events().first().name, QByteArray("changes"));
            const QString gap = resumed->idsIncreasing(lastId);
            QVERIFY2(gap.isEmpty(), qPrintable(gap));
            seen += ours(*resumed);
            QCOMPARE(seen, written);
        }

        // B listens again: a write through A reaches a fresh stream on B within the periodic
        // read's 3 s, and from then on each within a second — by notification, not by the
        // periodic read (five writes at a second or less each by chance alone: 1 in 243).
        auto fresh = onServer(b, QStringLiteral("zhangsan"));
        QTRY_COMPARE_WITH_TIMEOUT(fresh->events().size(), 1, 10000);
        written.append(comment(a, unique(QStringLiteral("to a fresh stream"))));
        QVERIFY(written.last());
        QTRY_VERIFY_WITH_TIMEOUT(fresh->find(QStringLiteral("comment"), written.last()).has_value(),
                                 3500);
        QList<qint64> latencies;
        for (int i = 0; i < 5; ++i) {
            const qint64 before = sseClock().elapsed();
            written.append(comment(a, unique(QStringLiteral("notified"))));
            QVERIFY(written.last());
            QTRY_VERIFY_WITH_TIMEOUT(
                fresh->find(QStringLiteral("comment"), written.last()).has_value(), 1000);
            latencies.append(fresh->find(QStringLiteral("comment"), written.last())->second -
                             before);
        }
        std::sort(latencies.begin(), latencies.end());
        qInfo("after the restart, write on server 1 → event on server 2: median %lld ms, max "
              "%lld ms",
              latencies[2], latencies.last());
        QVERIFY2(fresh->idsIncreasing().isEmpty(), qPrintable(fresh->idsIncreasing()));
        // The same processes throughout.
        QByteArray out;
        QVERIFY2(script(QStringLiteral("status"), {}, &out) == 0, out.constData());
    }
};

QTEST_GUILESS_MAIN(TstDeployStream)
#include "tst_deploystream.moc"

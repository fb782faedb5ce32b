// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tst_hostilepeer: the client's HTTP against a hostile peer on loopback — a header
// that never ends, a body with no length that never ends, answers with one bad object among good
// ones — next to the real threadline-server, which must stay reachable through the same network
// manager meanwhile. The peer is a QTcpServer in this process (a fault injected on purpose: no
// real server misbehaves like this); everything else is real.
// Waits on signals only (QSignalSpy::wait, QTRY_*): no sleeps.

#include "net/apiclient.h"
#include "net/apierror.h"
#include "testserver.h"

#include <QElapsedTimer>
#include <QFile>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPointer>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

#include <memory>

using namespace threadline::core;
using namespace threadline::test;

namespace {

constexpr int kWaitMs = 20000;

// Answers every request with `head` and then `filler` for ever (as fast as the client reads),
// or `whole` once. Counts what it got out and notices when the client hangs up.
class HostilePeer : public QObject
{
    Q_OBJECT

public:
    QByteArray head;   // written first
    QByteArray filler; // then this, again and again (empty: nothing more)
    qint64 sent = 0;
    int connections = 0;
    int hangUps = 0;

    bool listen()
    {
        connect(&m_server, &QTcpServer::newConnection, this, &HostilePeer::onConnection);
        return m_server.listen(QHostAddress::LocalHost, 0);
    }
    [[nodiscard]] QString url(const QString &path) const
    {
        return QStringLiteral("http://127.0.0.1:%1%2").arg(m_server.serverPort()).arg(path);
    }

Q_SIGNALS:
    void hungUp();

private:
    void onConnection()
    {
        while (QTcpSocket *s = m_server.nextPendingConnection()) {
            ++connections;
            QPointer<QTcpSocket> socket(s);
            auto started = std::make_shared<bool>(false);
            connect(s, &QTcpSocket::readyRead, this, [this, socket, started] {
                socket->readAll();
                if (*started)
                    return;
                *started = true;
                socket->write(head);
                sent += head.size();
                feed(socket);
            });
            connect(s, &QTcpSocket::bytesWritten, this, [this, socket] { feed(socket); });
            connect(s, &QTcpSocket::disconnected, this, [this, s] {
                ++hangUps;
                s->deleteLater();
                Q_EMIT hungUp();
            });
        }
    }
    void feed(QTcpSocket *socket)
    {
        if (!socket || filler.isEmpty() || socket->state() != QAbstractSocket::ConnectedState)
            return;
        while (socket->bytesToWrite() < 4 * filler.size()) {
            socket->write(filler);
            sent += filler.size();
        }
    }

    QTcpServer m_server;
};

} // namespace

class TestHostilePeer : public QObject
{
    Q_OBJECT

    TestServer m_server;

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_server.start()); }

    // A header line that never ends: the request ends in words within its inactivity timeout,
    // the connection is dropped, and a request to another server through the same manager gets
    // out meanwhile (before: 100 % of a core, +0.9 MB/s, no other request out).
    void endlessHeaderEndsInWords()
    {
        HostilePeer peer;
        QVERIFY(peer.listen());
        peer.head = "HTTP/1.1 200 OK\r\nX-Endless: ";
        peer.filler = QByteArray(16 * 1024, 'a');

        ApiClient api;
        api.setBaseUrl(QUrl(peer.url(QString())));
        api.setTimeoutMs(1500);
        api.setRetryPolicy(RetryPolicy{1, 50, 50});
        QElapsedTimer clock;
        clock.start();
        ApiReply *reply = api.get(QStringLiteral("/api/v1/timeline"), this);
        QSignalSpy finished(reply, &ApiReply::finished);
        QTRY_VERIFY_WITH_TIMEOUT(peer.sent > 1024 * 1024, kWaitMs); // it is streaming

        // Meanwhile a request to the real server through the same network manager: it waits
        // (Qt 6.4's network thread is held by the endless header) but gets out once the
        // hostile request has timed out — before the fix, never.
        QElapsedTimer other;
        other.start();
        ApiReply *health = api.get(m_server.baseUrl().toString() + "/api/v1/health", this,
                                   RequestOptions{.timeoutMs = 15000});
        QSignalSpy healthDone(health, &ApiReply::finished);
        QVERIFY(healthDone.wait(kWaitMs));
        QVERIFY2(health->ok(), qPrintable(health->error().message));
        qInfo("another request during the endless header: %lld ms", other.elapsed());

        QVERIFY(!finished.isEmpty() || finished.wait(kWaitMs));
        QVERIFY(!reply->ok());
        QCOMPARE(reply->error().kind, ApiError::Kind::Timeout);
        QVERIFY2(clock.elapsed() < 6000, qPrintable(QString::number(clock.elapsed())));
        // The connection is given up, and what the peer got out stays bounded.
        QTRY_VERIFY_WITH_TIMEOUT(peer.hangUps >= 1, kWaitMs);
        qInfo("endless header: failed after %lld ms, the peer sent %lld KiB", clock.elapsed(),
              peer.sent / 1024);
    }

    // A body with no length that never ends: cut at the answer cap as it arrives (the peer
    // cannot push much past it), in words.
    void endlessBodyIsCutAtTheCap()
    {
        HostilePeer peer;
        QVERIFY(peer.listen());
        peer.head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n"
                    "{\"items\":[";
        peer.filler = QByteArray(64 * 1024, ' ');

        ApiClient api;
        api.setBaseUrl(QUrl(peer.url(QString())));
        api.setRetryPolicy(RetryPolicy{1, 50, 50});
        ApiReply *reply = api.get(QStringLiteral("/api/v1/timeline"), this);
        QSignalSpy finished(reply, &ApiReply::finished);
        QVERIFY(finished.wait(60000));
        QVERIFY(!reply->ok());
        QVERIFY2(reply->error().message.contains(QLatin1String("larger than")),
                 qPrintable(reply->error().message));
        QTRY_VERIFY_WITH_TIMEOUT(peer.hangUps >= 1, kWaitMs);
        qInfo("endless body: the peer sent %lld MiB", peer.sent / (1024 * 1024));
        // The cap (32 MiB) plus what the sockets hold on loopback (up to ~10 MiB of kernel buffers
        // each way) and the 1 MiB read buffer: bounded, whatever the peer would send.
        QVERIFY2(peer.sent < 64LL * 1024 * 1024, qPrintable(QString::number(peer.sent)));
    }

    // A 1 MB cursor in a failing request's path, and a server's 1 MB error message: the log line
    // carries at most 300 characters of each (before: the whole megabyte, every retry).
    void logLinesAreCapped()
    {
        HostilePeer peer;
        QVERIFY(peer.listen());
        const QByteArray message(1024 * 1024, 'm');
        const QByteArray body = "{\"error\":{\"code\":\"oops\",\"message\":\"" + message + "\"}}";
        peer.head = "HTTP/1.1 500 Oops\r\nContent-Type: application/json\r\nContent-Length: " +
                    QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n" + body;

        static QStringList lines;
        lines.clear();
        const QtMessageHandler previous = qInstallMessageHandler(
            [](QtMsgType, const QMessageLogContext &, const QString &m) { lines.append(m); });
        ApiClient api;
        api.setBaseUrl(QUrl(peer.url(QString())));
        api.setRetryPolicy(RetryPolicy{1, 50, 50});
        ApiReply *reply =
            api.get(QStringLiteral("/api/v1/sync?cursor=") + QString(1024 * 1024, u'c'), this);
        QSignalSpy finished(reply, &ApiReply::finished);
        const bool done = finished.wait(kWaitMs);
        qInstallMessageHandler(previous);
        QVERIFY(done);
        QVERIFY(!reply->ok());
        QVERIFY(!lines.isEmpty());
        qsizetype longest = 0;
        for (const QString &l : std::as_const(lines))
            longest = std::max(longest, l.size());
        qInfo("%d log line(s), the longest %lld characters", int(lines.size()), qint64(longest));
        QVERIFY2(longest < 1000, qPrintable(QString::number(longest)));
    }
};

QTEST_MAIN(TestHostilePeer)
#include "tst_hostilepeer.moc"

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// --trusted-proxy: behind a reverse proxy every client arrives from the proxy's
// address, so per-address limits (the failed sign-in limit) and the request log must use the
// address the proxy forwarded — but only when the peer is a proxy we trust, or anyone could
// choose their own address with a header.
//
//  - with --trusted-proxy 127.0.0.0/8 (the test connects from 127.0.0.1, as nginx would), wrong
//    passwords from one forwarded address lock out that address only; the right-most forwarded
//    address that is not itself a trusted proxy is the client, whatever a client wrote left of it
//    (checked on the request log's client field, which the limits use too);
//  - without the flag X-Forwarded-For is ignored: every forwarded address is 127.0.0.1;
//  - a value that is neither an address nor a CIDR range stops the server at start.

#include "testserver.h"

#include <QHostAddress>
#include <QJsonObject>
#include <QProcess>
#include <QTcpSocket>
#include <QTest>
#include <memory>
#include <vector>

using threadline::test::Client;
using threadline::test::HeaderList;
using threadline::test::HttpResult;
using threadline::test::TestServer;

namespace {

const QString kLogin = QStringLiteral("/api/v1/auth/login");
// The failed sign-in limit: 60 at once, one a second (docs/api.md, "Rate limits").
constexpr int kMaxAttempts = 100;

} // namespace

class TstProxy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void forwardedAddressesAreLimitedApart();
    void rightMostUntrustedHopIsTheClient();
    void withoutTheFlagTheHeaderIsIgnored();
    void trustedProxyIsNotCappedPerPeer();
    void badValueStopsTheServer();

private:
    static HttpResult login(const TestServer &s, const QByteArray &forwardedFor,
                            const QString &password);
    // Wrong passwords from `forwardedFor` until the limit answers 429; the number of attempts.
    static int lockOut(const TestServer &s, const QByteArray &forwardedFor);
    // The client address the server logged for a request with these X-Forwarded-For fields.
    static QByteArray clientOf(TestServer &s, const QList<QByteArray> &forwardedFor);

    TestServer m_proxied; // --trusted-proxy 192.0.2.1,127.0.0.0/8
    TestServer m_direct;  // no --trusted-proxy
};

void TstProxy::initTestCase()
{
    QVERIFY2(m_proxied.start({QStringLiteral("--demo"), QStringLiteral("--rate-limits"),
                              QStringLiteral("default"), QStringLiteral("--trusted-proxy"),
                              QStringLiteral("192.0.2.1,127.0.0.0/8")}),
             m_proxied.stderrLog().right(2000).constData());
    QVERIFY2(m_direct.start({QStringLiteral("--demo"), QStringLiteral("--rate-limits"),
                             QStringLiteral("default")}),
             m_direct.stderrLog().right(2000).constData());
}

void TstProxy::cleanupTestCase()
{
    for (TestServer *s : {&m_proxied, &m_direct}) {
        QVERIFY2(!s->stderrLog().contains(" 500 "), "an internal error");
        QVERIFY2(!s->stderrLog().contains("wrong-password"), "a password in the log");
        s->stop();
    }
}

HttpResult TstProxy::login(const TestServer &s, const QByteArray &forwardedFor,
                           const QString &password)
{
    Client c(s.baseUrl());
    HeaderList headers{{"Content-Type", "application/json"}};
    if (!forwardedFor.isEmpty())
        headers.append({"X-Forwarded-For", forwardedFor});
    return c.raw("POST", kLogin,
                 Client::toJson(QJsonObject{{"username", "zhangsan"}, {"password", password}}),
                 headers);
}

int TstProxy::lockOut(const TestServer &s, const QByteArray &forwardedFor)
{
    for (int i = 1; i <= kMaxAttempts; ++i) {
        const HttpResult r = login(s, forwardedFor, QStringLiteral("wrong-password"));
        if (r.status == 429) {
            if (r.errorCode() != QLatin1String("rate_limited") || r.header("Retry-After").isEmpty())
                return -1;
            return i;
        }
        if (r.status != 401)
            return -1;
    }
    return 0;
}

void TstProxy::forwardedAddressesAreLimitedApart()
{
    // The failed sign-in limit per account and client address (docs/api.md, "Failed sign-ins"):
    // 10 at once, then one every 30 s, so the 11th (or, on a slow machine, the 12th) is refused.
    const int attempts = lockOut(m_proxied, "203.0.113.7");
    QVERIFY2(attempts == 11 || attempts == 12, qPrintable(QString::number(attempts)));
    // Another forwarded address through the same proxy connection address is not locked out.
    const HttpResult other = login(m_proxied, "198.51.100.9", QStringLiteral("demo"));
    QVERIFY2(other.status == 200, other.describe().constData());
    QCOMPARE(login(m_proxied, "198.51.100.9", QStringLiteral("wrong-password")).status, 401);
    // An IPv6 client is an address of its own too.
    QCOMPARE(login(m_proxied, "2001:db8::1", QStringLiteral("demo")).status, 200);
    // The request log names the forwarded client, not the proxy.
    const QByteArray log = m_proxied.stderrLog();
    QVERIFY2(log.contains("POST /api/v1/auth/login 429 ") && log.contains("ms 203.0.113.7 "),
             log.right(500).constData());
    QVERIFY(log.contains("ms 198.51.100.9 "));
}

QByteArray TstProxy::clientOf(TestServer &s, const QList<QByteArray> &forwardedFor)
{
    // A request of its own (an unknown path, 404) with these X-Forwarded-For fields, over raw
    // TCP (an HTTP library folds or replaces repeated fields itself); its log line says whom
    // the server took for the client. The line is written before the answer leaves.
    static int probe = 0;
    const QByteArray path = "/api/v1/_probe/" + QByteArray::number(++probe);
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, s.port());
    if (!socket.waitForConnected(10000))
        return "(no connection)";
    QByteArray head = "GET " + path + " HTTP/1.1\r\nHost: t\r\nConnection: close\r\n";
    for (const QByteArray &f : forwardedFor)
        head += "X-Forwarded-For: " + f + "\r\n";
    socket.write(head + "\r\n");
    QByteArray answer;
    while (socket.state() == QAbstractSocket::ConnectedState && socket.waitForReadyRead(10000))
        answer += socket.readAll();
    if (!answer.startsWith("HTTP/1.1 404 "))
        return "(answer: " + answer.left(100) + ")";
    const QByteArray log = s.stderrLog();
    const qsizetype at = log.lastIndexOf("GET " + path + " 404 ");
    if (at < 0)
        return "(not logged)";
    // "GET PATH 404 1.23ms CLIENT ROUTE": the client after the milliseconds.
    const QList<QByteArray> parts = log.mid(at, log.indexOf('\n', at) - at).split(' ');
    return parts.size() >= 6 ? parts.at(4) : QByteArray("(no client in the line)");
}

void TstProxy::rightMostUntrustedHopIsTheClient()
{
    // Trusted: 192.0.2.1 and 127.0.0.0/8 (the test's own address, as nginx's would be).
    QCOMPARE(clientOf(m_proxied, {}), QByteArray("127.0.0.1"));
    QCOMPARE(clientOf(m_proxied, {"203.0.113.7"}), QByteArray("203.0.113.7"));
    // What a client writes left of the address our proxy appended changes nothing...
    QCOMPARE(clientOf(m_proxied, {"198.51.100.200, 203.0.113.7"}), QByteArray("203.0.113.7"));
    // ... and trusted hops right of it are skipped (a chain of our own proxies).
    QCOMPARE(clientOf(m_proxied, {"203.0.113.7, 192.0.2.1"}), QByteArray("203.0.113.7"));
    QCOMPARE(clientOf(m_proxied, {"203.0.113.7, 127.0.0.5, 192.0.2.1"}), QByteArray("203.0.113.7"));
    // Two header fields are one list, in order.
    QCOMPARE(clientOf(m_proxied, {"198.51.100.200", "203.0.113.7"}), QByteArray("203.0.113.7"));
    QCOMPARE(clientOf(m_proxied, {"203.0.113.7", "198.51.100.200"}), QByteArray("198.51.100.200"));
    // Garbage in the list: the walk stops there; the last trusted hop is the client.
    QCOMPARE(clientOf(m_proxied, {"not-an-address"}), QByteArray("127.0.0.1"));
    QCOMPARE(clientOf(m_proxied, {"10.1.2.3, not-an-address, 192.0.2.1"}), QByteArray("192.0.2.1"));
    // IPv6, also in brackets with a port; only trusted hops all the way: the left-most.
    QCOMPARE(clientOf(m_proxied, {"2001:db8::1"}), QByteArray("2001:db8::1"));
    QCOMPARE(clientOf(m_proxied, {"[2001:db8::2]:443"}), QByteArray("2001:db8::2"));
    QCOMPARE(clientOf(m_proxied, {"192.0.2.1, 127.0.0.9"}), QByteArray("192.0.2.1"));
    // Without --trusted-proxy the header is not looked at.
    QCOMPARE(clientOf(m_direct, {"203.0.113.7"}), QByteArray("127.0.0.1"));
}

void TstProxy::withoutTheFlagTheHeaderIsIgnored()
{
    const int attempts = lockOut(m_direct, "203.0.113.7");
    QVERIFY2(attempts == 11 || attempts == 12, qPrintable(QString::number(attempts)));
    // The header is not believed: every "forwarded" address is the peer, 127.0.0.1, locked
    // out for this account — at once, or after the one sign-in the limit refills every 30 s
    // (with the flag this address would have its own 10).
    const int other = lockOut(m_direct, "198.51.100.9");
    QVERIFY2(other >= 1 && other <= 5, qPrintable(QString::number(other)));
    const QByteArray log = m_direct.stderrLog();
    QVERIFY2(!log.contains("ms 203.0.113.7") && !log.contains("ms 198.51.100.9"),
             log.right(500).constData());
    QVERIFY(log.contains("POST /api/v1/auth/login 429 ") && log.contains("ms 127.0.0.1 "));
}

// nginx's connections all come from one address: a trusted proxy counts against
// --max-connections only, not --max-connections-per-peer (server_limits_* show the per-peer cap
// for everyone else).
void TstProxy::trustedProxyIsNotCappedPerPeer()
{
    TestServer s;
    QVERIFY2(s.start({QStringLiteral("--max-connections-per-peer"), QStringLiteral("2"),
                      QStringLiteral("--trusted-proxy"), QStringLiteral("127.0.0.1")}),
             s.stderrLog().right(2000).constData());
    std::vector<std::unique_ptr<QTcpSocket>> open;
    for (int i = 0; i < 5; ++i) {
        auto socket = std::make_unique<QTcpSocket>();
        socket->connectToHost(QHostAddress::LocalHost, s.port());
        QVERIFY(socket->waitForConnected(10000));
        socket->write("GET /api/v1/health HTTP/1.1\r\nHost: t\r\n\r\n");
        QByteArray answer;
        while (!answer.contains("\r\n\r\n") && socket->waitForReadyRead(10000))
            answer += socket->readAll();
        QVERIFY2(answer.startsWith("HTTP/1.1 200 "), answer.left(200).constData());
        open.push_back(std::move(socket)); // stays open while the next ones come
    }
    s.stop();
}

void TstProxy::badValueStopsTheServer()
{
    for (const QString &value :
         {QStringLiteral("nonsense"), QStringLiteral("10.0.0.0/33"), QStringLiteral("300.1.1.1")}) {
        QProcess p;
        p.start(TestServer::serverBinary(),
                {QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
                 QStringLiteral("--trusted-proxy"), value});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 2);
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(err.contains("--trusted-proxy"), err.constData());
    }
    // --help names the flag.
    QProcess help;
    help.start(TestServer::serverBinary(), {QStringLiteral("--help")});
    QVERIFY(help.waitForFinished(30000));
    const QByteArray text = help.readAllStandardOutput();
    QVERIFY2(text.contains("--trusted-proxy") && text.contains("--token-cache"), text.constData());
}

QTEST_GUILESS_MAIN(TstProxy)
#include "tst_proxy.moc"

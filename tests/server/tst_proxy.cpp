// --trusted-proxy (issue 15): behind a reverse proxy every client arrives from the proxy's
// address, so per-address limits (the failed sign-in limit) and the request log must use the
// address the proxy forwarded — but only when the peer is a proxy we trust, or anyone could
// choose their own address with a header.
//
//  - with --trusted-proxy 127.0.0.0/8 (the test connects from 127.0.0.1, as nginx would), wrong
//    passwords from one forwarded address lock out that address only; the right-most forwarded
//    address that is not itself a trusted proxy is the client, whatever a client wrote left of it;
//  - without the flag X-Forwarded-For is ignored: every forwarded address is 127.0.0.1;
//  - a value that is neither an address nor a CIDR range stops the server at start.

#include "testserver.h"

#include <QHostAddress>
#include <QJsonObject>
#include <QProcess>
#include <QTcpSocket>
#include <QTest>

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
    void badValueStopsTheServer();

private:
    static HttpResult login(const TestServer &s, const QByteArray &forwardedFor,
                            const QString &password);
    // Wrong passwords from `forwardedFor` until the limit answers 429; the number of attempts.
    static int lockOut(const TestServer &s, const QByteArray &forwardedFor);

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
    const int attempts = lockOut(m_proxied, "203.0.113.7");
    QVERIFY2(attempts > 60, qPrintable(QString::number(attempts))); // 64+ wrong passwords seen
    QCOMPARE(login(m_proxied, "203.0.113.7", QStringLiteral("demo")).status, 429);
    // Another forwarded address through the same proxy connection address is not locked out.
    const HttpResult other = login(m_proxied, "198.51.100.9", QStringLiteral("demo"));
    QVERIFY2(other.status == 200, other.describe().constData());
    QCOMPARE(login(m_proxied, "198.51.100.9", QStringLiteral("wrong-password")).status, 401);
    // An IPv6 client is an address of its own too.
    QCOMPARE(login(m_proxied, "2001:db8::1", QStringLiteral("demo")).status, 200);
    // The request log names the forwarded client, not the proxy.
    const QByteArray log = m_proxied.stderrLog();
    QVERIFY2(log.contains("POST /api/v1/auth/login 429 ") && log.contains("ms 203.0.113.7\n"),
             log.right(500).constData());
    QVERIFY(log.contains("ms 198.51.100.9\n"));
}

void TstProxy::rightMostUntrustedHopIsTheClient()
{
    // 203.0.113.7 is locked out (the test before). What a client writes left of the address
    // our proxy appended changes nothing...
    QCOMPARE(login(m_proxied, "198.51.100.200, 203.0.113.7", QStringLiteral("demo")).status, 429);
    // ... and trusted hops right of it are skipped (a chain of our own proxies).
    QCOMPARE(login(m_proxied, "203.0.113.7, 192.0.2.1", QStringLiteral("demo")).status, 429);
    QCOMPARE(login(m_proxied, "203.0.113.7, 127.0.0.5, 192.0.2.1", QStringLiteral("demo")).status,
             429);
    // Two header fields are one list, in order.
    {
        // (raw TCP: an HTTP client library folds or replaces repeated fields itself)
        QTcpSocket socket;
        socket.connectToHost(QHostAddress::LocalHost, m_proxied.port());
        QVERIFY(socket.waitForConnected(10000));
        const QByteArray body =
            Client::toJson(QJsonObject{{"username", "zhangsan"}, {"password", "demo"}});
        socket.write("POST /api/v1/auth/login HTTP/1.1\r\nHost: t\r\nConnection: close\r\n"
                     "Content-Type: application/json\r\nX-Forwarded-For: 198.51.100.200\r\n"
                     "X-Forwarded-For: 203.0.113.7\r\nContent-Length: " +
                     QByteArray::number(body.size()) + "\r\n\r\n" + body);
        QByteArray answer;
        while (socket.state() == QAbstractSocket::ConnectedState && socket.waitForReadyRead(10000))
            answer += socket.readAll();
        answer += socket.readAll();
        QVERIFY2(answer.startsWith("HTTP/1.1 429 "), answer.left(200).constData());
    }
    // The spoofed left part is someone else's address: not locked.
    QCOMPARE(login(m_proxied, "203.0.113.7, 198.51.100.200", QStringLiteral("demo")).status, 200);
    // Garbage in the list: the walk stops there and the last trusted hop (the proxy) is the
    // client — 127.0.0.1, not locked out.
    QCOMPARE(login(m_proxied, "not-an-address", QStringLiteral("demo")).status, 200);
}

void TstProxy::withoutTheFlagTheHeaderIsIgnored()
{
    const int attempts = lockOut(m_direct, "203.0.113.7");
    QVERIFY2(attempts > 60, qPrintable(QString::number(attempts)));
    // The header is not believed: every "forwarded" address is the peer, 127.0.0.1, locked out.
    QCOMPARE(login(m_direct, "198.51.100.9", QStringLiteral("demo")).status, 429);
    QCOMPARE(login(m_direct, QByteArray(), QStringLiteral("demo")).status, 429);
    const QByteArray log = m_direct.stderrLog();
    QVERIFY2(!log.contains("203.0.113.7") && !log.contains("198.51.100.9"),
             log.right(500).constData());
    QVERIFY(log.contains("POST /api/v1/auth/login 429 ") && log.contains("ms 127.0.0.1\n"));
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

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What an operator sees of the real threadline-server (docs/deploy.md "Logs", "Metrics",
// "Restarts"): the log line (ISO time, level, request id, method, path, status, duration, peer,
// route) and the journal format; X-Request-Id accepted or made, and echoed; GET /metrics in
// Prometheus' text format for loopback only; and the drain on SIGTERM — a request in flight
// finishes with `Connection: close`, a new connection is refused, an idle keep-alive connection
// is closed, a push stream is told to reconnect, the exit code is 0; a second signal exits at
// once, and --drain-seconds bounds the wait.
#include "ssereader.h"
#include "testserver.h"

#include <QRegularExpression>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QtTest>
#include <csignal>

using namespace threadline::test;

namespace {

// A raw connection to the server: what is written, what comes back, whether it closed.
class Raw
{
public:
    explicit Raw(quint16 port)
    {
        QObject::connect(&m_socket, &QTcpSocket::readyRead, [this] { m_in += m_socket.readAll(); });
        QObject::connect(&m_socket, &QTcpSocket::disconnected, [this] { m_closed = true; });
        QObject::connect(&m_socket, &QTcpSocket::errorOccurred,
                         [this](QAbstractSocket::SocketError e) {
                             m_error = e;
                             if (e == QAbstractSocket::RemoteHostClosedError)
                                 m_closed = true;
                         });
        m_socket.connectToHost(QStringLiteral("127.0.0.1"), port);
    }
    void write(const QByteArray &bytes) { m_socket.write(bytes); }
    [[nodiscard]] const QByteArray &in() const { return m_in; }
    [[nodiscard]] bool closed() const { return m_closed; }
    [[nodiscard]] bool connected() const
    {
        return m_socket.state() == QAbstractSocket::ConnectedState;
    }
    [[nodiscard]] std::optional<QAbstractSocket::SocketError> error() const { return m_error; }
    // The first answer is all in (by its Content-Length).
    [[nodiscard]] bool answered() const
    {
        const qsizetype end = m_in.indexOf("\r\n\r\n");
        if (end < 0)
            return false;
        static const QRegularExpression length(QStringLiteral("(?i)\r\ncontent-length: (\\d+)"));
        const auto m = length.match(QString::fromLatin1(m_in.left(end)));
        return m.hasMatch() && m_in.size() >= end + 4 + m.captured(1).toLongLong();
    }

private:
    QTcpSocket m_socket;
    QByteArray m_in;
    bool m_closed = false;
    std::optional<QAbstractSocket::SocketError> m_error;
};

QByteArray headerOf(const QByteArray &answer, const QByteArray &name)
{
    const QByteArray head = answer.left(answer.indexOf("\r\n\r\n")) + "\r\n";
    const qsizetype at = head.toLower().indexOf("\r\n" + name.toLower() + ": ");
    if (at < 0)
        return {};
    const qsizetype start = at + 4 + name.size();
    return head.mid(start, head.indexOf("\r\n", start) - start);
}

} // namespace

class TstOperations : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void requestIdIsEchoedAndLogged_data();
    void requestIdIsEchoedAndLogged();
    void logLineHasTimeLevelAndRoute();
    void journalFormatHasLevelPrefixAndNoTime();
    void metricsInPrometheusTextFormat();
    void metricsOnlyForLoopbackAndNeverProxied();
    void drainFinishesInFlightAndExitsZero();
    void secondSignalExitsAtOnce();
    void drainIsBoundedByDrainSeconds();

private:
    TestServer m_server; // --demo: the suites that only read and count share it
    static bool waitForLog(TestServer &s, const QByteArray &needle, int ms = 15000);
};

bool TstOperations::waitForLog(TestServer &s, const QByteArray &needle, int ms)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms) {
        if (s.stderrLog().contains(needle))
            return true;
        QTest::qWait(20); // the log is a file: polled while the event loop runs
    }
    return s.stderrLog().contains(needle);
}

void TstOperations::initTestCase()
{
    QVERIFY(m_server.start());
}

void TstOperations::requestIdIsEchoedAndLogged_data()
{
    QTest::addColumn<QByteArray>("offered");
    QTest::addColumn<bool>("kept");
    QTest::newRow("none") << QByteArray() << false;
    QTest::newRow("uuid") << QByteArray("0f8fad5b-d9cb-469f-a165-70867728950e") << true;
    QTest::newRow("token chars") << QByteArray("edge:42/a+b=c@x_y.z~1") << true;
    QTest::newRow("64 chars") << QByteArray(64, 'a') << true;
    QTest::newRow("65 chars") << QByteArray(65, 'b') << false;
    QTest::newRow("space") << QByteArray("two words") << false;
    QTest::newRow("quote") << QByteArray("a\"b") << false;
    QTest::newRow("non-ASCII") << QByteArray("caf\xc3\xa9") << false;
}

void TstOperations::requestIdIsEchoedAndLogged()
{
    QFETCH(QByteArray, offered);
    QFETCH(bool, kept);
    TestServer &server = m_server;
    Client c(server.baseUrl());
    HeaderList headers;
    if (!offered.isNull())
        headers.append({"X-Request-Id", offered});
    const HttpResult r = c.raw("GET", QStringLiteral("/api/v1/health"), {}, headers);
    QCOMPARE(r.status, 200);
    const QByteArray id = r.header("X-Request-Id");
    if (kept) {
        QCOMPARE(id, offered);
    } else {
        // Made here: 16 hex digits, never the insane value.
        QVERIFY2(QRegularExpression(QStringLiteral("^[0-9a-f]{16}$"))
                     .match(QString::fromLatin1(id))
                     .hasMatch(),
                 id.constData());
    }
    QVERIFY(waitForLog(server, ' ' + id + " GET /api/v1/health 200 "));
    // An error answer carries it too (the client shows it in the error's details).
    const HttpResult missing =
        c.raw("GET", QStringLiteral("/api/v1/posts/1"), {}, {{"X-Request-Id", "err-check-1"}});
    QCOMPARE(missing.status, 401);
    QCOMPARE(missing.header("X-Request-Id"), QByteArray("err-check-1"));
}

void TstOperations::logLineHasTimeLevelAndRoute()
{
    TestServer &server = m_server;
    Client c(server.baseUrl());
    QVERIFY(!c.login(QStringLiteral("zhangsan")).isEmpty());
    const HttpResult r = c.raw("GET", QStringLiteral("/api/v1/posts/90012?comments=3"), {},
                               {{"X-Request-Id", "log-line-1"}});
    QCOMPARE(r.status, 200);
    QVERIFY(waitForLog(server, " log-line-1 "));
    const QByteArray log = server.stderrLog();
    const qsizetype at = log.lastIndexOf('\n', log.indexOf(" log-line-1 ")) + 1;
    const QString line = QString::fromUtf8(log.mid(at, log.indexOf('\n', at) - at));
    // TIME LEVEL ID METHOD PATH STATUS MSms PEER ROUTE; the query (what someone searched
    // for) never appears.
    static const QRegularExpression shape(QStringLiteral(
        "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}[+-]\\d{2}:\\d{2} info log-line-1 GET "
        "/api/v1/posts/90012 200 \\d+\\.\\d{2}ms 127\\.0\\.0\\.1 /api/v1/posts/\\{id\\}$"));
    QVERIFY2(shape.match(line).hasMatch(), qPrintable(line));
    // The time is now (within a minute: the line was written a moment ago).
    const QDateTime logged = QDateTime::fromString(line.left(29), Qt::ISODateWithMs);
    QVERIFY2(logged.isValid(), qPrintable(line.left(29)));
    QVERIFY(qAbs(logged.secsTo(QDateTime::currentDateTimeUtc())) < 60);
    // A request that matched no route: its path, and "-" for the route.
    QCOMPARE(c.get(QStringLiteral("/api/v1/no/such/thing?q=secret")).status, 404);
    QVERIFY(waitForLog(server, " GET /api/v1/no/such/thing 404 "));
    QVERIFY(!server.stderrLog().contains("secret"));
    const QList<QByteArray> lines = server.stderrLog().split('\n');
    const auto unmatched = std::find_if(lines.cbegin(), lines.cend(), [](const QByteArray &l) {
        return l.contains(" GET /api/v1/no/such/thing 404 ");
    });
    QVERIFY(unmatched != lines.cend());
    QVERIFY2(unmatched->endsWith(" 127.0.0.1 -"), unmatched->constData());
}

void TstOperations::journalFormatHasLevelPrefixAndNoTime()
{
    TestServer server;
    QVERIFY(server.start({QStringLiteral("--log-format"), QStringLiteral("journal")}));
    Client c(server.baseUrl());
    QCOMPARE(
        c.raw("GET", QStringLiteral("/api/v1/health"), {}, {{"X-Request-Id", "journal-1"}}).status,
        200);
    QVERIFY(waitForLog(server, "journal-1"));
    const QList<QByteArray> lines = server.stderrLog().split('\n');
    const auto it = std::find_if(lines.cbegin(), lines.cend(),
                                 [](const QByteArray &l) { return l.contains("journal-1"); });
    QVERIFY(it != lines.cend());
    QVERIFY2(it->startsWith("<6>journal-1 GET /api/v1/health 200 "), it->constData());
    // A bad --log-format is refused at start.
    TestServer bad;
    QVERIFY(!bad.start({QStringLiteral("--log-format"), QStringLiteral("xml")}));
}

void TstOperations::metricsInPrometheusTextFormat()
{
    TestServer &server = m_server;
    Client c(server.baseUrl());
    QVERIFY(!c.login(QStringLiteral("zhangsan")).isEmpty());
    for (int i = 0; i < 3; ++i)
        QCOMPARE(c.get(QStringLiteral("/api/v1/timeline?scope=all")).status, 200);
    QCOMPARE(c.get(QStringLiteral("/api/v1/posts/99999999")).status, 404);
    const HttpResult like = c.raw("PUT", QStringLiteral("/api/v1/posts/90012/like"), {});
    QCOMPARE(like.status, 200);

    const HttpResult m = c.get(QStringLiteral("/metrics"));
    QCOMPARE(m.status, 200);
    QCOMPARE(m.header("Content-Type"), QByteArray("text/plain; version=0.0.4; charset=utf-8"));
    QVERIFY(!m.header("X-Request-Id").isEmpty());
    const QByteArray &text = m.body;
    // Every line a comment (# HELP / # TYPE) or `name{labels} value`, values numbers.
    static const QRegularExpression sampleLine(QStringLiteral(
        "^[a-zA-Z_:][a-zA-Z0-9_:]*(\\{([a-zA-Z_][a-zA-Z0-9_]*=\"([^\"\\\\\\n]|\\\\.)*\",?)*\\})? "
        "(-?[0-9.eE+-]+|\\+Inf|NaN)$"));
    int samples = 0;
    for (const QByteArray &l : text.split('\n')) {
        if (l.isEmpty() || l.startsWith("# HELP ") || l.startsWith("# TYPE "))
            continue;
        QVERIFY2(sampleLine.match(QString::fromUtf8(l)).hasMatch(), l.constData());
        ++samples;
    }
    QVERIFY(samples > 20);
    QVERIFY(text.endsWith('\n'));
    QVERIFY2(text.contains("threadline_http_requests_total{method=\"GET\",route=\"/api/v1/"
                           "timeline\",status=\"200\"} 3\n"),
             text.left(3000).constData());
    QVERIFY(text.contains("threadline_http_requests_total{method=\"GET\",route=\"/api/v1/posts/"
                          "{id}\",status=\"404\"} 1\n"));
    QVERIFY(text.contains("threadline_http_requests_total{method=\"PUT\",route=\"/api/v1/posts/"
                          "{id}/like\",status=\"200\"} 1\n"));
    QVERIFY(text.contains("threadline_http_request_duration_seconds_bucket{method=\"GET\",route=\"/"
                          "api/v1/timeline\",le=\"+Inf\"} 3\n"));
    QVERIFY(text.contains("threadline_http_request_duration_seconds_count{method=\"GET\",route=\"/"
                          "api/v1/timeline\"} 3\n"));
    QVERIFY(text.contains("# TYPE threadline_db_statement_duration_seconds histogram\n"));
    QVERIFY(!text.contains("threadline_db_statement_duration_seconds_count 0\n"));
    QVERIFY(text.contains("threadline_http_connections "));
    QVERIFY(text.contains("threadline_stream_open 0\n"));
    QVERIFY(text.contains("threadline_draining 0\n"));
    QVERIFY(!text.contains("threadline_db_connections 0\n"));
    QVERIFY(text.contains("threadline_like_batches_total "));
    if (server.isPostgres()) {
        // The read cache (PostgreSQL) and the like batches of the workers.
        QVERIFY(text.contains("threadline_read_cache_hits_total "));
        QVERIFY(text.contains("threadline_read_cache_misses_total "));
        QVERIFY(!text.contains("threadline_like_batches_total 0\n"));
    }
    // A stream is counted while it is open.
    SseReader stream(server.port(), QStringLiteral("/api/v1/stream"), c.token());
    QTRY_COMPARE(stream.status(), 200);
    QTRY_VERIFY(c.get(QStringLiteral("/metrics")).body.contains("threadline_stream_open 1\n"));
}

void TstOperations::metricsOnlyForLoopbackAndNeverProxied()
{
    TestServer server;
    QVERIFY(server.start({QStringLiteral("--trusted-proxy"), QStringLiteral("127.0.0.1")}));
    Client c(server.baseUrl());
    // Forwarded by a proxy: someone else's request, the API's 404.
    const HttpResult proxied =
        c.raw("GET", QStringLiteral("/metrics"), {}, {{"X-Forwarded-For", "203.0.113.7"}});
    QCOMPARE(proxied.status, 404);
    QVERIFY(!proxied.body.contains("threadline_"));
    // Only GET and HEAD.
    QCOMPARE(c.raw("POST", QStringLiteral("/metrics"), {}).status, 404);
    QCOMPARE(c.raw("HEAD", QStringLiteral("/metrics"), {}).status, 200);
    // --metrics-from must be an address or a range.
    TestServer bad;
    QVERIFY(!bad.start({QStringLiteral("--metrics-from"), QStringLiteral("not-an-address")}));
}

void TstOperations::drainFinishesInFlightAndExitsZero()
{
    TestServer server;
    QVERIFY(server.start(
        {QStringLiteral("--demo"), QStringLiteral("--drain-seconds"), QStringLiteral("30")}));
    Client c(server.baseUrl());
    const QString token = c.login(QStringLiteral("zhangsan"));
    QVERIFY(!token.isEmpty());

    // An idle keep-alive connection: one answer, then nothing.
    Raw idle(server.port());
    idle.write("GET /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n");
    QTRY_VERIFY(idle.answered());
    QVERIFY(idle.connected());

    // A request in flight: its head is in (the server said 100 Continue), its body is not.
    const QByteArray body = R"({"category":"TEXT","content":"written during a drain"})";
    Raw inFlight(server.port());
    inFlight.write("POST /api/v1/posts HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " +
                   token.toUtf8() +
                   "\r\nContent-Type: application/json\r\nIdempotency-Key: drain-1\r\n"
                   "X-Request-Id: in-flight-1\r\nExpect: 100-continue\r\nContent-Length: " +
                   QByteArray::number(body.size()) + "\r\n\r\n");
    QTRY_VERIFY(inFlight.in().startsWith("HTTP/1.1 100 Continue\r\n\r\n"));

    // A push stream.
    SseReader stream(server.port(), QStringLiteral("/api/v1/stream"), token);
    QTRY_COMPARE(stream.status(), 200);
    QTRY_VERIFY(!stream.events().isEmpty()); // hello

    QCOMPARE(::kill(pid_t(server.pid()), SIGTERM), 0);
    QVERIFY2(waitForLog(server, "draining: stopped accepting"), server.stderrLog().right(2000));

    // A new connection is refused: the listening socket is closed.
    Raw late(server.port());
    QTRY_VERIFY(late.error().has_value());
    QCOMPARE(*late.error(), QAbstractSocket::ConnectionRefusedError);

    // The idle connection is closed at once.
    QTRY_VERIFY(idle.closed());

    // The stream is told to reconnect, then ends.
    QTRY_VERIFY(stream.closed());
    QVERIFY(!stream.events().isEmpty());
    QCOMPARE(stream.events().constLast().name, QByteArray("reconnect"));

    // The request in flight finishes, and its answer is the connection's last.
    QVERIFY(server.isRunning());
    inFlight.write(body);
    QTRY_VERIFY(inFlight.answered() || inFlight.closed());
    const QByteArray answer = inFlight.in().mid(qsizetype(strlen("HTTP/1.1 100 Continue\r\n\r\n")));
    QVERIFY2(answer.startsWith("HTTP/1.1 201 "), answer.left(300).constData());
    QCOMPARE(headerOf(answer, "Connection"), QByteArray("close"));
    QCOMPARE(headerOf(answer, "X-Request-Id"), QByteArray("in-flight-1"));
    QTRY_VERIFY(inFlight.closed());

    // Nothing is left: the process exits 0 by itself, long before its 30 s.
    QTRY_VERIFY_WITH_TIMEOUT(!server.isRunning(), 10000);
    QCOMPARE(server.exitCode(), 0);
    QVERIFY(server.stderrLog().contains(" info stopped\n"));
    QVERIFY(!server.stderrLog().contains("still open are closed"));
}

void TstOperations::secondSignalExitsAtOnce()
{
    TestServer server;
    QVERIFY(server.start({QStringLiteral("--drain-seconds"), QStringLiteral("60")}));
    // A request that never ends keeps the drain waiting.
    Raw stalled(server.port());
    stalled.write("POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: "
                  "application/json\r\nExpect: 100-continue\r\nContent-Length: 100\r\n\r\n");
    QTRY_VERIFY(stalled.in().startsWith("HTTP/1.1 100 Continue"));
    QCOMPARE(::kill(pid_t(server.pid()), SIGTERM), 0);
    QVERIFY(waitForLog(server, "draining: stopped accepting"));
    QVERIFY(server.isRunning());
    QCOMPARE(::kill(pid_t(server.pid()), SIGTERM), 0);
    QTRY_VERIFY_WITH_TIMEOUT(!server.isRunning(), 5000);
    QCOMPARE(server.exitCode(), 1);
}

void TstOperations::drainIsBoundedByDrainSeconds()
{
    TestServer server;
    QVERIFY(server.start({QStringLiteral("--drain-seconds"), QStringLiteral("0.5")}));
    Raw stalled(server.port());
    stalled.write("POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: "
                  "application/json\r\nExpect: 100-continue\r\nContent-Length: 100\r\n\r\n");
    QTRY_VERIFY(stalled.in().startsWith("HTTP/1.1 100 Continue"));
    QElapsedTimer t;
    t.start();
    QCOMPARE(::kill(pid_t(server.pid()), SIGTERM), 0);
    QTRY_VERIFY_WITH_TIMEOUT(!server.isRunning(), 10000);
    QCOMPARE(server.exitCode(), 0);
    QVERIFY2(t.elapsed() >= 400, qPrintable(QString::number(t.elapsed())));
    QVERIFY(server.stderrLog().contains("1 connections still open are closed"));
}

QTEST_GUILESS_MAIN(TstOperations)
#include "tst_operations.moc"

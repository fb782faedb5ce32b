// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The API client (core/net/apiclient.h) against the real threadline-server on loopback, and against
// tiny scripted HTTP peers on 127.0.0.1 (real sockets) for what a healthy server never does:
// never answering, answering 503/429, dropping the connection, redirecting, setting cookies.
//
// Waiting is on signals only (QSignalSpy::wait, QTRY_*): no sleeps. Retry delays are small.

#include "net/apiclient.h"
#include "net/apierror.h"
#include "net/faultinjection.h"
#include "testserver.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QLoggingCategory>
#include <QMutex>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPointer>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QSslSocket>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QTimer>
#include <QUuid>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

using namespace threadline::core;
using namespace threadline::test;

namespace {

constexpr int kWaitMs = 20000; // generous: two shared cores

// A scripted HTTP/1.1 peer on 127.0.0.1. Each step is used for one request (or, for
// CloseOnAccept, one connection); the last step repeats.
class ScriptedServer
{
public:
    enum class Mode {
        Answer,        // read a whole request, write the response, close
        Silent,        // read the request, never answer
        CloseOnAccept, // close the connection as soon as it is accepted
        Blurt,         // write the response on the first bytes received, whatever they are
    };
    struct Step
    {
        Mode mode = Mode::Answer;
        QByteArray response;
    };

    explicit ScriptedServer(QList<Step> script = {})
        : m_script(std::move(script))
    {
        QObject::connect(&m_server, &QTcpServer::newConnection, &m_server,
                         [this] { onNewConnection(); });
    }

    [[nodiscard]] bool listen() { return m_server.listen(QHostAddress::LocalHost, 0); }
    [[nodiscard]] quint16 port() const { return m_server.serverPort(); }
    [[nodiscard]] QUrl url(const QString &scheme = QStringLiteral("http")) const
    {
        return QUrl(QStringLiteral("%1://127.0.0.1:%2").arg(scheme).arg(port()));
    }
    void setScript(QList<Step> script)
    {
        m_script = std::move(script);
        m_served = 0;
        requests.clear();
    }

    int connections = 0;
    int disconnects = 0;
    QList<QByteArray> requests; // raw: request line, headers, body

private:
    Step step()
    {
        if (m_script.isEmpty())
            return {Mode::Silent, {}};
        const int i = std::min<int>(m_served++, int(m_script.size()) - 1);
        return m_script.at(i);
    }

    void onNewConnection()
    {
        while (QTcpSocket *s = m_server.nextPendingConnection()) {
            ++connections;
            QObject::connect(s, &QTcpSocket::disconnected, s, [this, s] {
                ++disconnects;
                m_buffers.remove(s);
                s->deleteLater();
            });
            const Mode next = m_script.isEmpty()
                                  ? Mode::Silent
                                  : m_script.at(std::min<int>(m_served, m_script.size() - 1)).mode;
            if (next == Mode::CloseOnAccept) {
                ++m_served;
                s->close();
                continue;
            }
            QObject::connect(s, &QTcpSocket::readyRead, s, [this, s] { onData(s); });
        }
    }

    void onData(QTcpSocket *s)
    {
        QByteArray &buf = m_buffers[s];
        buf += s->readAll();
        const Mode next = m_script.isEmpty()
                              ? Mode::Silent
                              : m_script.at(std::min<int>(m_served, m_script.size() - 1)).mode;
        if (next == Mode::Blurt) {
            requests << buf;
            s->write(step().response);
            s->disconnectFromHost();
            return;
        }
        const qsizetype end = buf.indexOf("\r\n\r\n");
        if (end < 0)
            return;
        qsizetype length = 0;
        for (const QByteArray &line : buf.left(end).split('\n')) {
            const QByteArray l = line.trimmed();
            if (l.toLower().startsWith("content-length:"))
                length = l.mid(15).trimmed().toLongLong();
        }
        if (buf.size() < end + 4 + length)
            return;
        requests << buf.left(end + 4 + length);
        buf.remove(0, end + 4 + length);
        const Step st = step();
        if (st.mode == Mode::Answer) {
            s->write(st.response);
            s->disconnectFromHost();
        }
        // Silent: keep the connection open and never answer.
    }

    QTcpServer m_server;
    QList<Step> m_script;
    int m_served = 0;
    QHash<QTcpSocket *, QByteArray> m_buffers;
};

QByteArray httpResponse(int status, const QByteArray &body = "{}",
                        const QList<QByteArray> &headers = {})
{
    QByteArray out = "HTTP/1.1 " + QByteArray::number(status) + " Status\r\n";
    const bool typed = std::any_of(headers.cbegin(), headers.cend(), [](const QByteArray &h) {
        return h.toLower().startsWith("content-type:");
    });
    if (!body.isEmpty() && !typed)
        out += "Content-Type: application/json\r\n";
    for (const QByteArray &h : headers)
        out += h + "\r\n";
    out += "Content-Length: " + QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n";
    return out + body;
}

ScriptedServer::Step answer(int status, const QByteArray &body = "{}",
                            const QList<QByteArray> &headers = {})
{
    return {ScriptedServer::Mode::Answer, httpResponse(status, body, headers)};
}

// A header of a raw request (case-insensitive name); null when absent.
QByteArray requestHeader(const QByteArray &raw, const QByteArray &name)
{
    const QByteArray head = raw.left(raw.indexOf("\r\n\r\n"));
    const QList<QByteArray> lines = head.split('\n');
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).trimmed();
        const qsizetype colon = line.indexOf(':');
        if (colon > 0 && line.left(colon).trimmed().compare(name, Qt::CaseInsensitive) == 0)
            return line.mid(colon + 1).trimmed();
    }
    return {};
}

// What a reply said, captured inside finished() (the reply is deleted right after).
struct Outcome
{
    bool finished = false;
    bool ok = false;
    int status = 0;
    QByteArray body;
    QJsonDocument json;
    QByteArray contentType;
    ApiError error;
    int attempts = 0;
    qint64 elapsedMs = 0;
    QList<int> retryDelays;      // as announced by retrying()
    QList<ApiError> retryErrors; // the error of each failed attempt that was retried
};

std::shared_ptr<Outcome> watch(ApiReply *reply)
{
    auto o = std::make_shared<Outcome>();
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    QObject::connect(reply, &ApiReply::finished, reply, [o, reply, clock] {
        o->finished = true;
        o->ok = reply->ok();
        o->status = reply->status();
        o->body = reply->body();
        o->json = reply->json();
        o->contentType = reply->header("content-type");
        o->error = reply->error();
        o->attempts = reply->attempts();
        o->elapsedMs = clock->elapsed();
    });
    QObject::connect(reply, &ApiReply::retrying, reply, [o](int, int delay, const ApiError &e) {
        o->retryDelays << delay;
        o->retryErrors << e;
    });
    return o;
}

QByteArray describeOutcome(const Outcome &o)
{
    return QStringLiteral("finished=%1 status=%2 attempts=%3 error=%4 body=%5")
        .arg(o.finished)
        .arg(o.status)
        .arg(o.attempts)
        .arg(o.error.toLogString(), QString::fromUtf8(o.body.left(200)))
        .toUtf8();
}

quint16 freePort()
{
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        return 0;
    return probe.serverPort();
}

RetryPolicy fastPolicy(int maxAttempts = 4)
{
    return RetryPolicy{maxAttempts, 10, 50};
}

// Messages of the "threadline.api" category, captured while a LogCapture lives.
QMutex g_logMutex;
QStringList *g_log = nullptr;
QtMessageHandler g_previousHandler = nullptr;

void captureMessage(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    {
        QMutexLocker lock(&g_logMutex);
        if (g_log)
            *g_log << message;
    }
    if (g_previousHandler)
        g_previousHandler(type, context, message);
}

} // namespace

class TestApiClient : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();

    void getSuccessJson();
    void readPagesRevalidated();
    void httpErrors_data();
    void httpErrors();
    void offlineSendsNothing();
    void goingOfflineFailsRunningRequests();
    void timeoutRetriedPerPolicy();
    void drippingAnswerMeetsTheDeadline();
    void serverDownRetriedWithBackoff();
    void queuedRetrySucceedsAfterRestart();
    void fiveHundredsThenSuccess();
    void retryAfterHonoured();
    void malformedErrorBodies_data();
    void malformedErrorBodies();
    void droppedConnectionIsNetwork();
    void faultErrorRateSendsNothing();
    void faultLatency();
    void faultDropWithIdempotencyKey();
    void faultConfigParse_data();
    void faultConfigParse();
    void authorizationOnlyToOrigin();
    void noRedirectsNoCookiesNoHttp2();
    void postRetriedOnlyWithIdempotencyKey();
    void putAndDeleteRetried();
    void backoffWithinCap_data();
    void backoffWithinCap();
    void repliesDeletedAfterFinished();
    void ownerDestroyedCancelsSilently();
    void abortCancels();
    void tlsFailureIsTls();
    void noTokenInLogs();
    void classification_data();
    void classification();
    void describeInWords();
    void retryAfterParsing();
    void resolveAndOrigin();

private:
    std::unique_ptr<ApiClient> makeClient(const QUrl &base, const QString &token = {}) const;

    TestServer m_server;
    QString m_token;
};

void TestApiClient::initTestCase()
{
    qRegisterMetaType<threadline::core::ApiError>();
    QVERIFY2(!TestServer::serverBinary().isEmpty(), "no THREADLINE_SERVER_BIN");
    QVERIFY(m_server.start());
    Client c(m_server.baseUrl());
    m_token = c.login(QStringLiteral("zhangsan"));
    QVERIFY(!m_token.isEmpty());
}

void TestApiClient::cleanupTestCase()
{
    if (!m_server.isRunning())
        return;
    // The server never saw the token in a log line, and stayed up.
    QVERIFY(!m_server.stderrLog().contains(m_token.toUtf8()));
}

std::unique_ptr<ApiClient> TestApiClient::makeClient(const QUrl &base, const QString &token) const
{
    auto client = std::make_unique<ApiClient>();
    client->setBaseUrl(base);
    client->setToken(token);
    client->setRetryPolicy(fastPolicy());
    client->setRandomSeed(12345);
    return client;
}

// ---------------------------------------------------------------------------------------------

void TestApiClient::getSuccessJson()
{
    auto client = makeClient(m_server.baseUrl(), m_token);
    QSignalSpy failed(client.get(), &ApiClient::requestFailed);

    auto post = watch(client->get(QStringLiteral("/api/v1/posts/90012"), nullptr));
    auto timeline =
        watch(client->get(QStringLiteral("/api/v1/timeline?scope=all&limit=5"), nullptr));
    auto health = watch(client->get(QStringLiteral("/api/v1/health"), nullptr));
    QTRY_VERIFY_WITH_TIMEOUT(post->finished && timeline->finished && health->finished, kWaitMs);

    QVERIFY2(post->ok, describeOutcome(*post));
    QCOMPARE(post->status, 200);
    QCOMPARE(post->attempts, 1);
    QCOMPARE(post->error.kind, ApiError::Kind::None);
    QVERIFY(post->contentType.startsWith("application/json"));
    QCOMPARE(post->json.object().value(QLatin1String("id")).toInteger(), 90012);
    QVERIFY2(timeline->ok, describeOutcome(*timeline));
    QCOMPARE(timeline->json.object().value(QLatin1String("items")).toArray().size(), 5);
    QVERIFY2(health->ok, describeOutcome(*health));
    QCOMPARE(health->json.object().value(QLatin1String("status")).toString(), QStringLiteral("ok"));
    QCOMPARE(failed.count(), 0);
    QCOMPARE(client->pendingCount(), 0);
}

// The read pages carry an ETag: the client asks again with If-None-Match, the server answers 304
// (no body), and the caller gets the 200 it stands for — the same status, body and headers —
// while the client counts the bytes saved. A change the viewer makes is a new page.
void TestApiClient::readPagesRevalidated()
{
    auto client = makeClient(m_server.baseUrl(), m_token);
    const QString page = QStringLiteral("/api/v1/posts/90500/comments?limit=200&replies=3");
    const auto fetch = [&] {
        auto o = watch(client->get(page, nullptr));
        (void)QTest::qWaitFor([&] { return o->finished; }, kWaitMs); // checked by the caller
        return o;
    };
    const auto first = fetch();
    QVERIFY2(first->ok, describeOutcome(*first));
    QCOMPARE(client->revalidation().notModified, 0);

    const qsizetype mark = m_server.settle();
    QVERIFY(mark >= 0);
    const auto second = fetch();
    QVERIFY2(second->ok, describeOutcome(*second));
    QCOMPARE(second->status, 200);
    QCOMPARE(second->body, first->body);
    QCOMPARE(second->contentType, first->contentType);
    QCOMPARE(second->json, first->json);
    QCOMPARE(client->revalidation().notModified, 1);
    // What was saved: the page, not sent again.
    QCOMPARE(client->revalidation().bytesSaved, qint64(first->body.size()));
    // The server did answer 304 (its request log).
    const QList<QByteArray> lines = m_server.requestsSince(mark);
    QCOMPARE(lines.size(), 1);
    QVERIFY2(lines.first().contains(" 304 "), lines.first());

    // Liking a floor's root changes this viewer's page: a 200 with the new body.
    const qint64 root =
        first->json.object().value(u"roots").toArray().first().toObject().value(u"id").toInteger();
    auto like = watch(client->put(QStringLiteral("/api/v1/comments/%1/like").arg(root), nullptr));
    QTRY_VERIFY_WITH_TIMEOUT(like->finished, kWaitMs);
    QVERIFY2(like->ok, describeOutcome(*like));
    const auto third = fetch();
    QVERIFY2(third->ok, describeOutcome(*third));
    QVERIFY(third->body != first->body);
    QCOMPARE(third->json.object().value(u"roots").toArray().first().toObject().value(u"liked"),
             QJsonValue(true));
    QCOMPARE(client->revalidation().notModified, 1);
    // Another viewer (a new token) never gets this viewer's page from memory.
    client->setToken(QString());
    auto anonymous = watch(client->get(page, nullptr));
    QTRY_VERIFY_WITH_TIMEOUT(anonymous->finished, kWaitMs);
    QCOMPARE(anonymous->status, 401);
    QCOMPARE(client->revalidation().notModified, 1);
    auto undo = makeClient(m_server.baseUrl(), m_token);
    auto unlike = watch(undo->del(QStringLiteral("/api/v1/comments/%1/like").arg(root), nullptr));
    QTRY_VERIFY_WITH_TIMEOUT(unlike->finished, kWaitMs);
    QVERIFY(unlike->ok);
}

void TestApiClient::httpErrors_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("token"); // "<login>" = the real token
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("code");
    QTest::addColumn<int>("unauthorizedSignals");

    const QString login = QStringLiteral("<login>");
    QTest::newRow("404 no such post") << QByteArray("GET") << "/api/v1/posts/987654321"
                                      << QByteArray() << login << 404 << "not_found" << 0;
    QTest::newRow("404 no such route") << QByteArray("GET") << "/api/v1/nowhere" << QByteArray()
                                       << login << 404 << "not_found" << 0;
    QTest::newRow("400 malformed id") << QByteArray("GET") << "/api/v1/posts/abc" << QByteArray()
                                      << login << 400 << "bad_request" << 0;
    QTest::newRow("400 malformed json")
        << QByteArray("POST") << "/api/v1/posts/90012/comments" << QByteArray("{not json") << login
        << 400 << "bad_request" << 0;
    QTest::newRow("401 no token") << QByteArray("GET") << "/api/v1/me" << QByteArray() << QString()
                                  << 401 << "unauthorized" << 0;
    QTest::newRow("401 revoked or unknown token")
        << QByteArray("GET") << "/api/v1/me" << QByteArray() << "not-a-real-token" << 401
        << "unauthorized" << 1;
    QTest::newRow("403 not a moderator")
        << QByteArray("POST") << "/api/v1/moderation/posts/90012/hide"
        << QByteArray(R"({"reason":"test"})") << login << 403 << "forbidden" << 0;
    QTest::newRow("422 follow yourself") << QByteArray("PUT") << "/api/v1/users/10001/follow"
                                         << QByteArray() << login << 422 << "invalid" << 0;
}

void TestApiClient::httpErrors()
{
    QFETCH(QByteArray, method);
    QFETCH(QString, path);
    QFETCH(QByteArray, body);
    QFETCH(QString, token);
    QFETCH(int, status);
    QFETCH(QString, code);
    QFETCH(int, unauthorizedSignals);
    if (token == QLatin1String("<login>"))
        token = m_token;

    // What the server says, through the synchronous test client.
    Client sync(m_server.baseUrl());
    sync.setToken(token);
    const HttpResult expected =
        sync.raw(method, path, body, {{"Content-Type", "application/json"}});
    QCOMPARE(expected.status, status);

    auto client = makeClient(m_server.baseUrl(), token);
    QSignalSpy failed(client.get(), &ApiClient::requestFailed);
    QSignalSpy unauthorized(client.get(), &ApiClient::unauthorized);
    auto o = watch(client->request(method, path, body, nullptr));
    QTRY_VERIFY_WITH_TIMEOUT(o->finished, kWaitMs);

    QVERIFY(!o->ok);
    QCOMPARE(o->error.kind, ApiError::Kind::Http);
    QCOMPARE(o->status, status);
    QCOMPARE(o->error.status, status);
    QCOMPARE(o->error.code, code);
    QCOMPARE(o->error.message, expected.errorMessage());
    QVERIFY(!o->error.message.isEmpty());
    QCOMPARE(o->attempts, 1); // permanent and auth failures are never retried
    QVERIFY(!o->error.isTransient());
    QCOMPARE(o->error.isAuth(), status == 401);
    QCOMPARE(o->error.isPermanent(), status != 401);
    QVERIFY(!o->error.describe().isEmpty());
    // The failing answer's request id: in the error's details and in the server's log line.
    QVERIFY(!o->error.requestId.isEmpty());
    QVERIFY(o->error.details().contains(QString::fromLatin1(o->error.requestId)));
    QVERIFY(o->error.details().contains(QString::number(status)));
    QTRY_VERIFY(m_server.stderrLog().contains(' ' + o->error.requestId + ' ' + method + ' '));
    QCOMPARE(failed.count(), 1);
    QCOMPARE(failed.at(0).at(0).value<ApiError>(), o->error);
    QCOMPARE(failed.at(0).at(1).toString(), path);
    QCOMPARE(unauthorized.count(), unauthorizedSignals);
}

void TestApiClient::offlineSendsNothing()
{
    auto client = makeClient(m_server.baseUrl(), m_token);
    QSignalSpy changed(client.get(), &ApiClient::offlineChanged);
    QSignalSpy failed(client.get(), &ApiClient::requestFailed);
    client->setOffline(true);
    QVERIFY(client->isOffline());
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).toBool(), true);

    const qsizetype baseline = m_server.settle();
    QVERIFY(baseline >= 0);
    const QList<std::shared_ptr<Outcome>> outcomes = {
        watch(client->get(QStringLiteral("/api/v1/me"), nullptr)),
        watch(client->postJson(QStringLiteral("/api/v1/posts/90012/comments"),
                               {{QStringLiteral("content"), QStringLiteral("offline")}}, nullptr,
                               {ApiClient::newIdempotencyKey()})),
        watch(client->put(QStringLiteral("/api/v1/posts/90012/like"), nullptr)),
        watch(client->del(QStringLiteral("/api/v1/posts/90012/like"), nullptr)),
    };
    // The image cache's path through the same manager is refused too.
    QNetworkRequest imageRequest(client->resolve(QStringLiteral("/api/v1/health")));
    QNetworkReply *image = client->network()->get(imageRequest);
    QSignalSpy imageDone(image, &QNetworkReply::finished);

    // Not inside request(): on the next event-loop turn, all at once.
    for (const auto &o : outcomes)
        QVERIFY(!o->finished);
    QCoreApplication::processEvents();
    for (const auto &o : outcomes) {
        QVERIFY(o->finished);
        QCOMPARE(o->error.kind, ApiError::Kind::Offline);
        QCOMPARE(o->attempts, 0);
        QCOMPARE(o->status, 0);
        QCOMPARE(o->error.describe(), QStringLiteral("Offline"));
    }
    QCOMPARE(failed.count(), outcomes.size());
    QVERIFY(imageDone.count() == 1 || imageDone.wait(kWaitMs));
    QVERIFY(image->error() != QNetworkReply::NoError);
    image->deleteLater();

    // A marker request from another client: the only line the server logged since.
    Client sync(m_server.baseUrl());
    QCOMPARE(sync.get(QStringLiteral("/api/v1/health")).status, 200);
    const QList<QByteArray> lines = m_server.requestsSince(baseline);
    QVERIFY2(lines.size() == 1 && lines.at(0).startsWith("GET /api/v1/health 200"),
             lines.join("\n").constData());

    // Back online: requests go out again.
    client->setOffline(false);
    QCOMPARE(changed.count(), 2);
    auto again = watch(client->get(QStringLiteral("/api/v1/me"), nullptr));
    QTRY_VERIFY_WITH_TIMEOUT(again->finished, kWaitMs);
    QVERIFY2(again->ok, describeOutcome(*again));
}

void TestApiClient::goingOfflineFailsRunningRequests()
{
    ScriptedServer silent({{ScriptedServer::Mode::Silent, {}}});
    QVERIFY(silent.listen());
    ScriptedServer busy({answer(503, "{}", {"Retry-After: 5"})});
    QVERIFY(busy.listen());

    auto client = makeClient(silent.url());
    client->setRetryPolicy({10, 10, 10000}); // the second request waits 5 s to retry
    auto inFlight = watch(client->get(QStringLiteral("/slow"), nullptr));
    auto waiting = watch(client->get(busy.url().toString() + QStringLiteral("/busy"), nullptr));
    QTRY_COMPARE_WITH_TIMEOUT(silent.requests.size(), 1, kWaitMs);
    QTRY_COMPARE_WITH_TIMEOUT(waiting->retryDelays.size(), 1, kWaitMs);
    QVERIFY(!inFlight->finished && !waiting->finished);

    client->setOffline(true);
    QVERIFY(inFlight->finished);
    QVERIFY(waiting->finished);
    QCOMPARE(inFlight->error.kind, ApiError::Kind::Offline);
    QCOMPARE(waiting->error.kind, ApiError::Kind::Offline);
    QCOMPARE(client->pendingCount(), 0);
    QTRY_COMPARE_WITH_TIMEOUT(silent.disconnects, 1, kWaitMs); // the socket was closed
    QCOMPARE(busy.requests.size(), 1);
}

void TestApiClient::drippingAnswerMeetsTheDeadline()
{
    // A peer (a fault we inject) that answers one byte every 100 ms: the inactivity timeout
    // never fires, the attempt's overall deadline does (before: "updating…" after 115 s).
    QTcpServer peer;
    QVERIFY(peer.listen(QHostAddress::LocalHost));
    QTimer drip;
    QList<QPointer<QTcpSocket>> sockets;
    QObject::connect(&peer, &QTcpServer::newConnection, &peer, [&] {
        while (QTcpSocket *sock = peer.nextPendingConnection()) {
            sockets << sock;
            QObject::connect(sock, &QTcpSocket::readyRead, sock, [sock] {
                sock->readAll();
                sock->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                            "Content-Length: 100000\r\n\r\n{");
            });
        }
    });
    QObject::connect(&drip, &QTimer::timeout, &peer, [&] {
        for (const QPointer<QTcpSocket> &sock : std::as_const(sockets))
            if (sock && sock->state() == QAbstractSocket::ConnectedState)
                sock->write(" ");
    });
    drip.start(100);
    auto client = makeClient(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(peer.serverPort())));
    client->setTimeoutMs(400);
    RequestOptions opts;
    opts.deadlineMs = 1500;
    opts.retry = false;
    auto o = watch(client->get(QStringLiteral("/api/v1/me"), nullptr, opts));
    QTRY_VERIFY_WITH_TIMEOUT(o->finished, kWaitMs);
    QCOMPARE(o->error.kind, ApiError::Kind::Timeout);
    QVERIFY2(o->error.message.contains(QStringLiteral("in all")), qPrintable(o->error.message));
    QVERIFY2(o->elapsedMs >= 1500, QByteArray::number(o->elapsedMs));
    QCOMPARE(o->attempts, 1);
}

void TestApiClient::timeoutRetriedPerPolicy()
{
    ScriptedServer silent({{ScriptedServer::Mode::Silent, {}}});
    QVERIFY(silent.listen());
    auto client = makeClient(silent.url());
    client->setTimeoutMs(200);
    const RetryPolicy policy{3, 10, 50};
    client->setRetryPolicy(policy);
    QSignalSpy failed(client.get(), &ApiClient::requestFailed);

    auto o = watch(client->get(QStringLiteral("/api/v1/me"), nullptr));
    QTRY_VERIFY_WITH_TIMEOUT(o->finished, kWaitMs);
    QCOMPARE(o->error.kind, ApiError::Kind::Timeout);
    QVERIFY(o->error.isTransient());
    QCOMPARE(o->attempts, 3);
    QCOMPARE(silent.connections, 3);
    QCOMPARE(silent.requests.size(), 3);
    QVERIFY2(o->elapsedMs >= 3 * 200, QByteArray::number(o->elapsedMs));
    QCOMPARE(o->retryDelays.size(), 2);
    for (int i = 0; i < o->retryDelays.size(); ++i) {
        QVERIFY(o->retryDelays.at(i) >= 0);
        QVERIFY(o->retryDelays.at(i) <= ApiClient::backoffCapMs(i, policy));
        QCOMPARE(o->retryErrors.at(i).kind, ApiError::Kind::Timeout);
    }
    QCOMPARE(failed.count(), 1); // only the final failure reaches the sink
    QTRY_COMPARE_WITH_TIMEOUT(silent.disconnects, 3, kWaitMs);

    // A POST without an idempotency key: one attempt; RequestOptions::timeoutMs wins.
    client->setTimeoutMs(60000);
    silent.setScript({{ScriptedServer::Mode::Silent, {}}});
    RequestOptions opts;
    opts.timeoutMs = 150;
    auto post = watch(client->postJson(QStringLiteral("/api/v1/posts"), {}, nullptr, opts));
    QTRY_VERIFY_WITH_TIMEOUT(post->finished, kWaitMs);
    QCOMPARE(post->error.kind, ApiError::Kind::Timeout);
    QCOMPARE(post->attempts, 1);
    QCOMPARE(silent.requests.size(), 1);
}

void TestApiClient::serverDownRetriedWithBackoff()
{
    TestServer down;
    QVERIFY(down.start({}));
    const QUrl base = down.baseUrl();
    down.stop();

    auto client = makeClient(base, m_token);
    const RetryPolicy policy{3, 20, 80};
    client->setRetryPolicy(policy);
    auto o = watch(client->get(QStringLiteral("/api/v1/health"), nullptr));
    QTRY_VERIFY_WITH_TIMEOUT(o->finished, kWaitMs);
    QCOMPARE(o->error.kind, ApiError::Kind::Network);
    QVERIFY(o->error.isTransient());
    QCOMPARE(o->error.describe(), QStringLiteral("The server could not be reached"));
    QCOMPARE(o->attempts, 3);
    QCOMPARE(o->retryDelays.size(), 2);
    for (int i = 0; i < o->retryDelays.size(); ++i) {
        QVERIFY(o->retryDelays.at(i) >= 0 &&
                o->retryDelays.at(i) <= ApiClient::backoffCapMs(i, policy));
        QCOMPARE(o->retryErrors.at(i).kind, ApiError::Kind::Network);
    }
}

void TestApiClient::queuedRetrySucceedsAfterRestart()
{
    // A server on a fixed port, so that it comes back where it was.
    const quint16 port = freePort();
    QVERIFY(port > 0);
    TestServer server;
    QVERIFY(server.start({QStringLiteral("--listen"), QStringLiteral("127.0.0.1:%1").arg(port)}));
    QCOMPARE(server.port(), port);
    const QUrl base = server.baseUrl();
    server.stop();

    auto client = makeClient(base);
    client->setRetryPolicy({1000, 20, 100}); // keeps trying for far longer than a restart
    auto o = watch(client->get(QStringLiteral("/api/v1/health"), nullptr));
    QTRY_VERIFY_WITH_TIMEOUT(o->retryDelays.size() >= 2, kWaitMs);
    QVERIFY(!o->finished);
    for (const ApiError &e : std::as_const(o->retryErrors))
        QCOMPARE(e.kind, ApiError::Kind::Network);

    QVERIFY(server.restart());
    QCOMPARE(server.port(), port);
    QTRY_VERIFY_WITH_TIMEOUT(o->finished, kWaitMs);
    QVERIFY2(o->ok, describeOutcome(*o));
    QCOMPARE(o->status, 200);
    QVERIFY(o->attempts >= 3);
    QCOMPARE(o->attempts, o->retryDelays.size() + 1);
}

void TestApiClient::fiveHundredsThenSuccess()
{
    ScriptedServer server({answer(503), answer(503), answer(200, R"({"ok":true})")});
    QVERIFY(server.listen());
    auto client = makeClient(server.url());
    QSignalSpy failed(client.get(), &ApiClient::requestFailed);
    auto o = watch(client->get(QStringLiteral("/api/v1/thing"), nullptr));
    QTRY_VERIFY_WITH_TIMEOUT(o->finished, kWaitMs);
    QVERIFY2(o->ok, describeOutcome(*o));
    QCOMPARE(o->attempts, 3);
    QCOMPARE(server.requests.size(), 3);
    QCOMPARE(o->json.object().value(QLatin1String("ok")).toBool(), true);
    QCOMPARE(o->retryErrors.size(), 2);
    QCOMPARE(o->retryErrors.at(0).status, 503);
    QCOMPARE(failed.count(), 0);

    // Always 503: the last answer, after maxAttempts.
    server.setScript({answer(503, R"({"error":{"code":"internal","message":"down"}})")});
    auto down = watch(client->get(QStringLiteral("/api/v1/thing"), nullptr));
    QTRY_VERIFY_WITH_TIMEOUT(down->finished, kWaitMs);
    QCOMPARE(down->error.kind, ApiError::Kind::Http);
    QCOMPARE(down->error.status, 503);
    QCOMPARE(down->error.code, QStringLiteral("internal"));
    QCOMPARE(down->error.message, QStringLiteral("down"));
    QVERIFY(down->error.isTransient());
    QCOMPARE(down->attempts, 4);
    QCOMPARE(server.requests.size(), 4);
    QCOMPARE(failed.count(), 1);
}

void TestApiClient::retryAfterHonoured()
{
    const QByteArray limited = R"({"error":{"code":"rate_limited","message":"slow down"}})";
    ScriptedServer server({answer(429, limited, {"Retry-After: 1"}), answer(200)});
    QVERIFY(server.listen());
    auto client = makeClient(server.url());
    client->setRetryPolicy({4, 10, 5000});
    auto o = watch(client->get(QStringLiteral("/api/v1/thing"), nullptr));
    QTRY_VERIFY_WITH_TIMEOUT(o->finished, kWaitMs);
    QVERIFY2(o->ok, describeOutcome(*o));
    QCOMPARE(o->attempts, 2);
    QVERIFY2(o->elapsedMs >= 1000, QByteArray::number(o->elapsedMs));
    QCOMPARE(o->retryDelays.size(), 1);
    QVERIFY(o->retryDelays.at(0) >= 1000);
    QCOMPARE(o->retryErrors.at(0).retryAfterSecs, 1);
    QCOMPARE(o->retryErrors.at(0).code, QStringLiteral("rate_limited"));

    // Longer than the policy lets a reply wait: it ends at once, for the caller to reschedule.
    server.setScript({answer(429, limited, {"Retry-After: 120"})});
    auto later = watch(client->get(QStringLiteral("/api/v1/thing"), nullptr));
    QTRY_VERIFY_WITH_TIMEOUT(later->finished, kWaitMs);
    QCOMPARE(later->error.kind, ApiError::Kind::Http);
    QCOMPARE(later->error.status, 429);
    QCOMPARE(later->error.retryAfterSecs, 120);
    QVERIFY(later->error.isTransient());
    QCOMPARE(later->attempts, 1);
    QVERIFY(later->error.describe().contains(QLatin1String("120")));
}

void TestApiClient::malformedErrorBodies_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("message"); // "" = any non-empty

    QTest::newRow("html 502") << 502 << QByteArray("<html><body>Bad Gateway</body></html>")
                              << QString() << QString();
    QTest::newRow("truncated json")
        << 400 << QByteArray(R"({"error":{"code":"bad_req)") << QString() << QString();
    QTest::newRow("error is a string")
        << 500 << QByteArray(R"({"error":"boom"})") << QString() << QStringLiteral("boom");
    QTest::newRow("wrong types") << 422 << QByteArray(R"({"error":{"code":5,"message":["x"]}})")
                                 << QString() << QString();
    QTest::newRow("an array") << 404 << QByteArray("[1,2,3]") << QString() << QString();
    QTest::newRow("empty") << 409 << QByteArray() << QString() << QString();
    QTest::newRow("binary") << 400 << QByteArray("\x00\xff\xfe{\"error\"", 9) << QString()
                            << QString();
    QTest::newRow("code only") << 410 << QByteArray(R"({"error":{"code":"cursor_expired"}})")
                               << QStringLiteral("cursor_expired") << QString();
}

void TestApiClient::malformedErrorBodies()
{
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    QFETCH(QString, code);
    QFETCH(QString, message);

    ScriptedServer server({answer(status, body, {"Content-Type: text/html"})});
    QVERIFY(server.listen());
    auto client = makeClient(server.url());
    RequestOptions noRetry;
    noRetry.retry = false;
    auto o = watch(client->get(QStringLiteral("/x"), nullptr, noRetry));
    QTRY_VERIFY_WITH_TIMEOUT(o->finished, kWaitMs);
    QCOMPARE(o->error.kind, ApiError::Kind::Http);
    QCOMPARE(o->error.status, status);
    QCOMPARE(o->status, status);
    QCOMPARE(o->error.code, code);
    QVERIFY(!o->error.message.isEmpty());
    if (!message.isEmpty())
        QCOMPARE(o->error.message, message);
    QCOMPARE(o->body, body);
    QCOMPARE(o->attempts, 1);
    QVERIFY(!o->error.describe().isEmpty());
}

void TestApiClient::droppedConnectionIsNetwork()
{
    ScriptedServer server({{ScriptedServer::Mode::CloseOnAccept, {}}});
    QVERIFY(server.listen());
    auto client = makeClient(server.url());
    client->setRetryPolicy(fastPolicy(2));
    auto o = watch(client->get(QStringLiteral("/x"), nullptr));
    QTRY_VERIFY_WITH_TIMEOUT(o->finished, kWaitMs);
    QCOMPARE(o->error.kind, ApiError::Kind::Network);
    QVERIFY(!o->error.message.isEmpty());
    QCOMPARE(o->attempts, 2);
    QVERIFY(server.connections >= 2); // Qt may reconnect once by itself within an attempt

    // Not retried without an idempotency key.
    auto post = watch(client->postJson(QStringLiteral("/x"), {}, nullptr));
    QTRY_VERIFY_WITH_TIMEOUT(post->finished, kWaitMs);
    QCOMPARE(post->error.kind, ApiError::Kind::Network);
    QCOMPARE(post->attempts, 1);
}

void TestApiClient::faultErrorRateSendsNothing()
{
    auto client = makeClient(m_server.baseUrl(), m_token);
    client->setRetryPolicy(fastPolicy(2));
    client->setFaultConfig({0, 1.0, 0});
    QSignalSpy failed(client.get(), &ApiClient::requestFailed);
    const qsizetype baseline = m_server.settle();
    QVERIFY(baseline >= 0);

    auto o = watch(client->get(QStringLiteral("/api/v1/me"), nullptr));
    auto post = watch(client->postJson(QStringLiteral("/api/v1/posts/90012/views"), {}, nullptr));
    QTRY_VERIFY_WITH_TIMEOUT(o->finished && post->finished, kWaitMs);
    QCOMPARE(o->error.kind, ApiError::Kind::Http);
    QCOMPARE(o->error.status, 503);
    QCOMPARE(o->error.code, QStringLiteral("fault_injected"));
    QVERIFY(o->error.isTransient());
    QCOMPARE(o->attempts, 2);
    QCOMPARE(o->retryDelays.size(), 1);
    QCOMPARE(post->error.status, 503);
    QCOMPARE(post->attempts, 1);
    QCOMPARE(failed.count(), 2);

    Client sync(m_server.baseUrl());
    QCOMPARE(sync.get(QStringLiteral("/api/v1/health")).status, 200);
    const QList<QByteArray> lines = m_server.requestsSince(baseline);
    QVERIFY2(lines.size() == 1 && lines.at(0).startsWith("GET /api/v1/health 200"),
             lines.join("\n").constData());

    // Faults off: through again.
    client->setFaultConfig({});
    auto fine = watch(client->get(QStringLiteral("/api/v1/me"), nullptr));
    QTRY_VERIFY_WITH_TIMEOUT(fine->finished, kWaitMs);
    QVERIFY2(fine->ok, describeOutcome(*fine));
}

void TestApiClient::faultLatency()
{
    auto client = makeClient(m_server.baseUrl(), m_token);
    client->setFaultConfig({300, 0, 0});
    auto o = watch(client->get(QStringLiteral("/api/v1/me"), nullptr));
    QTRY_VERIFY_WITH_TIMEOUT(o->finished, kWaitMs);
    QVERIFY2(o->ok, describeOutcome(*o));
    QVERIFY2(o->elapsedMs >= 300, QByteArray::number(o->elapsedMs));
    QCOMPARE(o->attempts, 1);
}

void TestApiClient::faultDropWithIdempotencyKey()
{
    auto client = makeClient(m_server.baseUrl(), m_token);
    client->setRetryPolicy(fastPolicy(2));
    client->setFaultConfig({0, 0, 1.0});
    const QString content =
        QStringLiteral("dropped answer %1").arg(QUuid::createUuid().toString(QUuid::WithoutBraces));
    const qsizetype baseline = m_server.settle();
    QVERIFY(baseline >= 0);
    RequestOptions opts;
    opts.idempotencyKey = ApiClient::newIdempotencyKey();
    auto o = watch(client->postJson(QStringLiteral("/api/v1/posts/90012/comments"),
                                    {{QStringLiteral("content"), content}}, nullptr, opts));
    QTRY_VERIFY_WITH_TIMEOUT(o->finished, kWaitMs);
    QCOMPARE(o->error.kind, ApiError::Kind::Network);
    QCOMPARE(o->attempts, 2);
    QCOMPARE(o->status, 0);

    // The server handled both attempts; the key made the second a replay: one comment.
    const QList<QByteArray> lines = m_server.requestsSince(baseline);
    QCOMPARE(std::count_if(lines.cbegin(), lines.cend(),
                           [](const QByteArray &l) {
                               return l.startsWith("POST /api/v1/posts/90012/comments 201");
                           }),
             2);
    Client sync(m_server.baseUrl());
    sync.setToken(m_token);
    const HttpResult post = sync.get(QStringLiteral("/api/v1/posts/90012?comments=5"));
    QCOMPARE(post.status, 200);
    int found = 0;
    for (const QJsonValue &c : post.obj().value(QLatin1String("comments")).toArray())
        found += c.toObject().value(QLatin1String("content")).toString() == content ? 1 : 0;
    QCOMPARE(found, 1);
}

void TestApiClient::faultConfigParse_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<int>("latency");
    QTest::addColumn<double>("error");
    QTest::addColumn<double>("drop");

    QTest::newRow("empty") << "" << true << 0 << 0.0 << 0.0;
    QTest::newRow("off") << "off" << true << 0 << 0.0 << 0.0;
    QTest::newRow("all") << "latency=300,error=0.1,drop=0.05" << true << 300 << 0.1 << 0.05;
    QTest::newRow("any order, spaces") << " drop = 1 , latency=5" << true << 5 << 0.0 << 1.0;
    QTest::newRow("rate above 1") << "error=1.5" << false << 0 << 0.0 << 0.0;
    QTest::newRow("negative latency") << "latency=-1" << false << 0 << 0.0 << 0.0;
    QTest::newRow("unknown key") << "jitter=3" << false << 0 << 0.0 << 0.0;
    QTest::newRow("no value") << "latency" << false << 0 << 0.0 << 0.0;
}

void TestApiClient::faultConfigParse()
{
    QFETCH(QString, text);
    QFETCH(bool, valid);
    QFETCH(int, latency);
    QFETCH(double, error);
    QFETCH(double, drop);
    const std::optional<FaultConfig> config = FaultConfig::parse(text);
    QCOMPARE(config.has_value(), valid);
    if (!valid)
        return;
    QCOMPARE(config->latencyMs, latency);
    QCOMPARE(config->errorRate, error);
    QCOMPARE(config->dropRate, drop);
    QVERIFY(FaultConfig::parse(config->toString()) == config); // round trip

    // Rolls: rates 0 and 1 are certain; a rate in between is about right.
    QRandomGenerator rng(7);
    int errors = 0;
    int drops = 0;
    for (int i = 0; i < 2000; ++i) {
        const FaultDecision d = FaultDecision::roll(*config, rng);
        QCOMPARE(d.delayMs, latency);
        QVERIFY(!(d.syntheticError && d.drop));
        errors += d.syntheticError;
        drops += d.drop;
    }
    QVERIFY(std::abs(errors / 2000.0 - error) < 0.05);
    QVERIFY(std::abs(drops / 2000.0 - (1 - error) * drop) < 0.05);
}

void TestApiClient::authorizationOnlyToOrigin()
{
    const QString token = QStringLiteral("tok-%1").arg(QUuid::createUuid().toString(QUuid::Id128));
    ScriptedServer origin({answer(200)});
    ScriptedServer other({answer(200)});
    QVERIFY(origin.listen());
    QVERIFY(other.listen());
    auto client = makeClient(origin.url(), token);

    auto a = watch(client->get(QStringLiteral("/api/v1/me"), nullptr));
    auto b = watch(client->get(other.url().toString() + QStringLiteral("/img.png"), nullptr));
    // Same host, another name for it: another origin.
    auto c = watch(
        client->get(QStringLiteral("http://localhost:%1/api/v1/me").arg(origin.port()), nullptr));
    // The origin, spelled as an absolute URL: the token goes.
    auto d = watch(client->get(origin.url().toString() + QStringLiteral("/api/v1/x"), nullptr));
    QTRY_VERIFY_WITH_TIMEOUT(a->finished && b->finished && c->finished && d->finished, kWaitMs);
    QVERIFY(a->ok && b->ok && d->ok);

    const QByteArray bearer = "Bearer " + token.toLatin1();
    int withToken = 0;
    for (const QByteArray &raw : std::as_const(origin.requests)) {
        const QByteArray auth = requestHeader(raw, "Authorization");
        if (requestHeader(raw, "Host").startsWith("127.0.0.1")) {
            QCOMPARE(auth, bearer);
            ++withToken;
        } else { // "localhost" (if it resolved to 127.0.0.1 at all): another origin
            QVERIFY2(auth.isNull(), raw.constData());
        }
    }
    QCOMPARE(withToken, 2); // a and d
    QCOMPARE(other.requests.size(), 1);
    QVERIFY(requestHeader(other.requests.at(0), "Authorization").isNull());
    QVERIFY(!other.requests.at(0).contains(token.toLatin1()));

    // Whoever builds the request (the image cache through network()): stripped for others.
    QNetworkRequest manual(QUrl(other.url().toString() + QStringLiteral("/avatar.png")));
    manual.setRawHeader("Authorization", bearer);
    QNetworkReply *net = client->network()->get(manual);
    QSignalSpy done(net, &QNetworkReply::finished);
    QVERIFY(done.wait(kWaitMs));
    net->deleteLater();
    QCOMPARE(other.requests.size(), 2);
    QVERIFY(requestHeader(other.requests.at(1), "Authorization").isNull());
    QVERIFY(!other.requests.at(1).contains(token.toLatin1()));
}

void TestApiClient::noRedirectsNoCookiesNoHttp2()
{
    ScriptedServer elsewhere({answer(200)});
    QVERIFY(elsewhere.listen());
    const QByteArray location = "Location: " + elsewhere.url().toEncoded() + "/stolen";
    ScriptedServer server({answer(302, "{}", {location, "Set-Cookie: sid=abc; Path=/"}),
                           answer(200, "{}", {"Set-Cookie: sid=def; Path=/"}), answer(200)});
    QVERIFY(server.listen());
    auto client = makeClient(server.url(), QStringLiteral("secret"));

    auto redirected = watch(client->get(QStringLiteral("/a"), nullptr));
    QTRY_VERIFY_WITH_TIMEOUT(redirected->finished, kWaitMs);
    QCOMPARE(redirected->error.kind, ApiError::Kind::Http);
    QCOMPARE(redirected->error.status, 302);
    QVERIFY(redirected->error.isPermanent());
    QCOMPARE(redirected->attempts, 1);
    QCOMPARE(elsewhere.connections, 0);

    auto second = watch(client->get(QStringLiteral("/b"), nullptr));
    QTRY_VERIFY_WITH_TIMEOUT(second->finished, kWaitMs);
    auto third = watch(client->get(QStringLiteral("/c"), nullptr));
    QTRY_VERIFY_WITH_TIMEOUT(third->finished, kWaitMs);
    QVERIFY(second->ok && third->ok);
    QCOMPARE(server.requests.size(), 3);
    for (const QByteArray &raw : std::as_const(server.requests)) {
        QVERIFY2(requestHeader(raw, "Cookie").isNull(), raw.constData());
        QVERIFY2(requestHeader(raw, "Upgrade").isNull(), raw.constData()); // no h2c
        QVERIFY2(requestHeader(raw, "HTTP2-Settings").isNull(), raw.constData());
        QVERIFY(raw.contains(" HTTP/1.1\r\n"));
        QCOMPARE(requestHeader(raw, "Accept"), QByteArray("application/json"));
    }

    // The image cache's way through network(): a request that carries the token and asks to
    // follow redirects follows them within its origin at most.
    server.setScript({answer(302, "{}", {location})});
    QNetworkRequest image(QUrl(server.url().toString() + QStringLiteral("/img.png")));
    image.setRawHeader("Authorization", "Bearer secret");
    image.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                       QNetworkRequest::NoLessSafeRedirectPolicy);
    QNetworkReply *net = client->network()->get(image);
    QSignalSpy done(net, &QNetworkReply::finished);
    QVERIFY(done.wait(kWaitMs));
    QVERIFY(net->error() != QNetworkReply::NoError);
    net->deleteLater();
    QCOMPARE(server.requests.size(), 1);
    QCOMPARE(elsewhere.connections, 0);
}

void TestApiClient::postRetriedOnlyWithIdempotencyKey()
{
    ScriptedServer server({answer(503), answer(201, R"({"id":1})")});
    QVERIFY(server.listen());
    auto client = makeClient(server.url());

    auto plain = watch(client->postJson(QStringLiteral("/api/v1/posts"), {}, nullptr));
    QTRY_VERIFY_WITH_TIMEOUT(plain->finished, kWaitMs);
    QCOMPARE(plain->error.status, 503);
    QCOMPARE(plain->attempts, 1);
    QCOMPARE(server.requests.size(), 1);
    QVERIFY(requestHeader(server.requests.at(0), "Idempotency-Key").isNull());

    server.setScript({answer(503), answer(201, R"({"id":1})")});
    RequestOptions opts;
    opts.idempotencyKey = ApiClient::newIdempotencyKey();
    auto keyed =
        watch(client->postJson(QStringLiteral("/api/v1/posts"),
                               {{QStringLiteral("content"), QStringLiteral("hi")}}, nullptr, opts));
    QTRY_VERIFY_WITH_TIMEOUT(keyed->finished, kWaitMs);
    QVERIFY2(keyed->ok, describeOutcome(*keyed));
    QCOMPARE(keyed->status, 201);
    QCOMPARE(keyed->attempts, 2);
    QCOMPARE(server.requests.size(), 2);
    for (const QByteArray &raw : std::as_const(server.requests)) {
        QCOMPARE(requestHeader(raw, "Idempotency-Key"), opts.idempotencyKey);
        QCOMPARE(requestHeader(raw, "Content-Type"), QByteArray("application/json"));
        QVERIFY(raw.endsWith(R"({"content":"hi"})"));
    }

    // retry = false: one attempt even for a keyed POST.
    server.setScript({answer(503), answer(201)});
    opts.retry = false;
    auto once = watch(client->postJson(QStringLiteral("/api/v1/posts"), {}, nullptr, opts));
    QTRY_VERIFY_WITH_TIMEOUT(once->finished, kWaitMs);
    QCOMPARE(once->attempts, 1);
}

void TestApiClient::putAndDeleteRetried()
{
    ScriptedServer server({answer(500), answer(200, R"({"liked":true,"likeCount":1})")});
    QVERIFY(server.listen());
    auto client = makeClient(server.url(), QStringLiteral("t"));
    auto put = watch(client->put(QStringLiteral("/api/v1/posts/1/like"), nullptr));
    QTRY_VERIFY_WITH_TIMEOUT(put->finished, kWaitMs);
    QVERIFY2(put->ok, describeOutcome(*put));
    QCOMPARE(put->attempts, 2);
    QVERIFY(server.requests.at(0).startsWith("PUT /api/v1/posts/1/like HTTP/1.1"));

    server.setScript({answer(502), answer(204, {})});
    auto del = watch(client->del(QStringLiteral("/api/v1/posts/1/like"), nullptr));
    QTRY_VERIFY_WITH_TIMEOUT(del->finished, kWaitMs);
    QVERIFY2(del->ok, describeOutcome(*del));
    QCOMPARE(del->status, 204);
    QCOMPARE(del->attempts, 2);
    QVERIFY(del->json.isNull());
    QVERIFY(server.requests.at(1).startsWith("DELETE /api/v1/posts/1/like HTTP/1.1"));
}

void TestApiClient::backoffWithinCap_data()
{
    QTest::addColumn<int>("base");
    QTest::addColumn<int>("max");
    QTest::newRow("default") << 500 << 30000;
    QTest::newRow("tests") << 10 << 50;
    QTest::newRow("base above max") << 5000 << 1000;
    QTest::newRow("zero base") << 0 << 30000;
    QTest::newRow("huge") << std::numeric_limits<int>::max() << std::numeric_limits<int>::max();
}

void TestApiClient::backoffWithinCap()
{
    QFETCH(int, base);
    QFETCH(int, max);
    const RetryPolicy policy{100, base, max};
    QRandomGenerator rng(2024);
    for (int retry = 0; retry < 70; ++retry) {
        const double exact = std::min<double>(max, double(base) * std::pow(2.0, retry));
        const int cap = ApiClient::backoffCapMs(retry, policy);
        QCOMPARE(cap, int(exact));
        int lo = std::numeric_limits<int>::max();
        int hi = -1;
        for (int i = 0; i < 400; ++i) {
            const int d = ApiClient::backoffDelayMs(retry, policy, rng);
            QVERIFY2(d >= 0 && d <= cap,
                     qPrintable(
                         QStringLiteral("retry %1: %2 not in [0, %3]").arg(retry).arg(d).arg(cap)));
            lo = std::min(lo, d);
            hi = std::max(hi, d);
        }
        if (cap >= 100) { // full jitter: the whole range is used
            QVERIFY(lo <= cap / 10);
            QVERIFY(hi >= cap - cap / 10);
        }
    }
    // The cap holds: far out, it is max.
    QCOMPARE(ApiClient::backoffCapMs(1000, policy), base == 0 ? 0 : max);
    QCOMPARE(ApiClient::backoffCapMs(-5, policy), std::min(base, max));

    // Deterministic for a seed.
    QRandomGenerator a(99);
    QRandomGenerator b(99);
    for (int retry = 0; retry < 10; ++retry)
        QCOMPARE(ApiClient::backoffDelayMs(retry, policy, a),
                 ApiClient::backoffDelayMs(retry, policy, b));
}

void TestApiClient::repliesDeletedAfterFinished()
{
    ScriptedServer silent({{ScriptedServer::Mode::Silent, {}}});
    QVERIFY(silent.listen());
    auto client = makeClient(m_server.baseUrl(), m_token);
    QObject owner;

    QPointer<ApiReply> ok = client->get(QStringLiteral("/api/v1/me"), &owner);
    QPointer<ApiReply> failed = client->get(QStringLiteral("/api/v1/posts/987654321"), &owner);
    QPointer<ApiReply> aborted = client->get(silent.url().toString() + "/x", &owner);
    QCOMPARE(ok->parent(), &owner);
    auto okOutcome = watch(ok);
    auto failedOutcome = watch(failed);
    QSignalSpy abortedDone(aborted.data(), &ApiReply::finished);
    QTRY_VERIFY_WITH_TIMEOUT(okOutcome->finished && failedOutcome->finished, kWaitMs);
    QTRY_COMPARE_WITH_TIMEOUT(silent.requests.size(), 1, kWaitMs);
    aborted->abort();
    QCOMPARE(abortedDone.count(), 1);
    QTRY_VERIFY_WITH_TIMEOUT(ok.isNull() && failed.isNull() && aborted.isNull(), kWaitMs);

    client->setOffline(true);
    QPointer<ApiReply> offline = client->get(QStringLiteral("/api/v1/me"), &owner);
    auto offlineOutcome = watch(offline);
    QTRY_VERIFY_WITH_TIMEOUT(offlineOutcome->finished, kWaitMs);
    QTRY_VERIFY_WITH_TIMEOUT(offline.isNull(), kWaitMs);
    QVERIFY(owner.children().isEmpty());

    // Without an owner the client is the parent, and still deletes it.
    client->setOffline(false);
    QPointer<ApiReply> orphan = client->get(QStringLiteral("/api/v1/health"), nullptr);
    QCOMPARE(orphan->parent(), client.get());
    auto orphanOutcome = watch(orphan);
    QTRY_VERIFY_WITH_TIMEOUT(orphanOutcome->finished, kWaitMs);
    QTRY_VERIFY_WITH_TIMEOUT(orphan.isNull(), kWaitMs);
}

void TestApiClient::ownerDestroyedCancelsSilently()
{
    ScriptedServer silent({{ScriptedServer::Mode::Silent, {}}});
    QVERIFY(silent.listen());
    auto client = makeClient(silent.url());
    QSignalSpy failed(client.get(), &ApiClient::requestFailed);
    auto *owner = new QObject;
    auto o = watch(client->get(QStringLiteral("/x"), owner));
    QTRY_COMPARE_WITH_TIMEOUT(silent.requests.size(), 1, kWaitMs);
    QCOMPARE(client->pendingCount(), 1);
    delete owner;
    QCOMPARE(client->pendingCount(), 0);
    QTRY_COMPARE_WITH_TIMEOUT(silent.disconnects, 1, kWaitMs); // the connection was aborted
    QVERIFY(!o->finished);
    QCOMPARE(failed.count(), 0);

    // The client going away first: its requests end silently, the owner still deletes them.
    QObject owner2;
    auto p = watch(client->get(QStringLiteral("/y"), &owner2));
    QTRY_COMPARE_WITH_TIMEOUT(silent.requests.size(), 2, kWaitMs);
    client.reset();
    QCOMPARE(owner2.children().size(), 1);
    QVERIFY(!p->finished);
    QTRY_COMPARE_WITH_TIMEOUT(silent.disconnects, 2, kWaitMs);
}

void TestApiClient::abortCancels()
{
    ScriptedServer silent({{ScriptedServer::Mode::Silent, {}}});
    QVERIFY(silent.listen());
    auto client = makeClient(silent.url());
    QSignalSpy failed(client.get(), &ApiClient::requestFailed);
    ApiReply *reply = client->get(QStringLiteral("/x"), nullptr);
    auto o = watch(reply);
    QTRY_COMPARE_WITH_TIMEOUT(silent.requests.size(), 1, kWaitMs);
    reply->abort();
    QVERIFY(o->finished); // synchronously
    QCOMPARE(o->error.kind, ApiError::Kind::Cancelled);
    QVERIFY(!o->error.isTransient() && !o->error.isPermanent() && !o->error.isAuth());
    QCOMPARE(failed.count(), 0); // a cancellation is the caller's choice, not a failure
    QTRY_COMPARE_WITH_TIMEOUT(silent.disconnects, 1, kWaitMs);

    // Aborting while waiting to retry: no further attempt.
    ScriptedServer busy({answer(503, "{}", {"Retry-After: 2"})});
    QVERIFY(busy.listen());
    client->setRetryPolicy({5, 10, 5000}); // waits 2 s before the second attempt
    ApiReply *waiting = client->get(busy.url().toString() + "/y", nullptr);
    auto w = watch(waiting);
    QTRY_COMPARE_WITH_TIMEOUT(w->retryDelays.size(), 1, kWaitMs);
    waiting->abort();
    QCOMPARE(w->error.kind, ApiError::Kind::Cancelled);
    QCOMPARE(w->attempts, 1);
    QCOMPARE(busy.requests.size(), 1);
}

void TestApiClient::tlsFailureIsTls()
{
    // The TLS backend ships with Qt on Debian (OpenSSL); without it this check cannot be made.
    QVERIFY2(QSslSocket::supportsSsl(), "Qt's TLS backend (OpenSSL) is not available");
    // Plain HTTP where TLS is expected: the handshake fails; never ignored.
    ScriptedServer plain({{ScriptedServer::Mode::Blurt, httpResponse(200)}});
    QVERIFY(plain.listen());
    auto client = makeClient(plain.url(QStringLiteral("https")), QStringLiteral("secret"));
    auto o = watch(client->get(QStringLiteral("/api/v1/me"), nullptr));
    QTRY_VERIFY_WITH_TIMEOUT(o->finished, kWaitMs);
    QCOMPARE(o->error.kind, ApiError::Kind::Tls);
    QVERIFY(!o->error.message.isEmpty());
    QCOMPARE(o->attempts, 1); // not transient: not retried
    QVERIFY(!o->error.isTransient());
    QVERIFY(!plain.requests.isEmpty());
    QVERIFY(!plain.requests.at(0).contains("secret")); // only a ClientHello went out
}

void TestApiClient::noTokenInLogs()
{
    QStringList captured;
    {
        QMutexLocker lock(&g_logMutex);
        g_log = &captured;
    }
    g_previousHandler = qInstallMessageHandler(captureMessage);
    QLoggingCategory::setFilterRules(QStringLiteral("threadline.*=true"));

    auto client = makeClient(m_server.baseUrl(), m_token);
    client->setRetryPolicy(fastPolicy(2));
    auto a = watch(client->get(QStringLiteral("/api/v1/me"), nullptr));
    auto b = watch(client->get(QStringLiteral("/api/v1/posts/987654321"), nullptr));
    auto c = watch(client->get(QStringLiteral("/api/v1/me?x=1"), nullptr));
    QTRY_VERIFY_WITH_TIMEOUT(a->finished && b->finished && c->finished, kWaitMs);
    client->setFaultConfig({0, 1.0, 0});
    auto d = watch(client->get(QStringLiteral("/api/v1/me"), nullptr));
    QTRY_VERIFY_WITH_TIMEOUT(d->finished, kWaitMs);
    client->setToken(QStringLiteral("bad\r\ntoken")); // refused, and not echoed
    client.reset();

    QLoggingCategory::setFilterRules(QString());
    qInstallMessageHandler(g_previousHandler);
    {
        QMutexLocker lock(&g_logMutex);
        g_log = nullptr;
    }
    const QString all = captured.join(QLatin1Char('\n'));
    QVERIFY2(all.contains(QLatin1String("/api/v1/me")), "the client logged nothing to check");
    QVERIFY2(!all.contains(m_token), "the token appears in a log message");
    QVERIFY(!all.contains(QLatin1String("Bearer")));
    QVERIFY(!all.contains(QLatin1String("bad\r\ntoken")));
}

void TestApiClient::classification_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("status");
    QTest::addColumn<bool>("transient");
    QTest::addColumn<bool>("auth");
    QTest::addColumn<bool>("permanent");

    using K = ApiError::Kind;
    QTest::newRow("none") << int(K::None) << 0 << false << false << false;
    QTest::newRow("offline") << int(K::Offline) << 0 << false << false << false;
    QTest::newRow("network") << int(K::Network) << 0 << true << false << false;
    QTest::newRow("timeout") << int(K::Timeout) << 0 << true << false << false;
    QTest::newRow("tls") << int(K::Tls) << 0 << false << false << false;
    QTest::newRow("decode") << int(K::Decode) << 0 << false << false << true;
    QTest::newRow("cancelled") << int(K::Cancelled) << 0 << false << false << false;
    for (int s : {500, 502, 503, 504, 429})
        QTest::addRow("http %d", s) << int(K::Http) << s << true << false << false;
    QTest::newRow("http 401") << int(K::Http) << 401 << false << true << false;
    for (int s : {400, 403, 404, 409, 410, 413, 422, 418, 451, 302})
        QTest::addRow("http %d", s) << int(K::Http) << s << false << false << true;
}

void TestApiClient::classification()
{
    QFETCH(int, kind);
    QFETCH(int, status);
    QFETCH(bool, transient);
    QFETCH(bool, auth);
    QFETCH(bool, permanent);
    ApiError e;
    e.kind = ApiError::Kind(kind);
    e.status = status;
    QCOMPARE(e.ok(), e.kind == ApiError::Kind::None);
    QCOMPARE(e.isTransient(), transient);
    QCOMPARE(e.isAuth(), auth);
    QCOMPARE(e.isPermanent(), permanent);
    QVERIFY(!e.describe().isEmpty());
}

void TestApiClient::describeInWords()
{
    ApiError e;
    e.kind = ApiError::Kind::Network;
    QCOMPARE(e.describe(), QStringLiteral("The server could not be reached"));
    e.kind = ApiError::Kind::Timeout;
    QCOMPARE(e.describe(), QStringLiteral("The request timed out"));
    e.kind = ApiError::Kind::Offline;
    QCOMPARE(e.describe(), QStringLiteral("Offline"));

    const ApiError gone =
        ApiError::fromHttp(404, R"({"error":{"code":"not_found","message":"no such post"}})");
    QVERIFY(gone.describe().contains(QLatin1String("deleted")));
    const ApiError invalid = ApiError::fromHttp(
        422, R"({"error":{"code":"invalid","message":"content: 1 to 500 characters"}})");
    QVERIFY(invalid.describe().contains(QLatin1String("content: 1 to 500 characters")));
    const ApiError limited = ApiError::fromHttp(429, {}, 5);
    QVERIFY(limited.describe().contains(QLatin1String("5")));
    QCOMPARE(ApiError::fromHttp(503, "<html>").message, QStringLiteral("HTTP 503"));
    QVERIFY(ApiError::decode(QStringLiteral("items[0].id: not a number")).isPermanent());
}

void TestApiClient::retryAfterParsing()
{
    QCOMPARE(ApiError::parseRetryAfter("1"), 1);
    QCOMPARE(ApiError::parseRetryAfter(" 120 "), 120);
    QCOMPARE(ApiError::parseRetryAfter("0"), 0);
    QCOMPARE(ApiError::parseRetryAfter(""), -1);
    QCOMPARE(ApiError::parseRetryAfter("soon"), -1);
    QCOMPARE(ApiError::parseRetryAfter("-3"), -1);
    QCOMPARE(ApiError::parseRetryAfter("99999999999999"), 365 * 24 * 3600);
    const QDateTime inAMinute = QDateTime::currentDateTimeUtc().addSecs(60);
    const int secs = ApiError::parseRetryAfter(inAMinute.toString(Qt::RFC2822Date).toLatin1());
    QVERIFY2(secs >= 55 && secs <= 61, QByteArray::number(secs));
    const QByteArray httpDate =
        QLocale::c().toString(inAMinute, QStringLiteral("ddd, dd MMM yyyy hh:mm:ss")).toLatin1() +
        " GMT";
    const int secs2 = ApiError::parseRetryAfter(httpDate);
    QVERIFY2(secs2 >= 55 && secs2 <= 61, httpDate + " -> " + QByteArray::number(secs2));
    QCOMPARE(ApiError::parseRetryAfter("Wed, 21 Oct 2015 07:28:00 GMT"), 0); // in the past
}

void TestApiClient::resolveAndOrigin()
{
    ApiClient client;
    QVERIFY(client.resolve(QStringLiteral("/api/v1/me")).isEmpty()); // no base yet
    client.setBaseUrl(QUrl(QStringLiteral("http://127.0.0.1:8080")));
    QCOMPARE(client.resolve(QStringLiteral("/api/v1/timeline?scope=all&before=a%2Bb")),
             QUrl(QStringLiteral("http://127.0.0.1:8080/api/v1/timeline?scope=all&before=a%2Bb")));
    QCOMPARE(client.resolve(QStringLiteral("https://cdn.example/x.png")),
             QUrl(QStringLiteral("https://cdn.example/x.png")));
    client.setBaseUrl(QUrl(QStringLiteral("https://example.org/threadline/")));
    QCOMPARE(client.resolve(QStringLiteral("/api/v1/me")),
             QUrl(QStringLiteral("https://example.org/threadline/api/v1/me")));

    QVERIFY(client.isSameOrigin(QUrl(QStringLiteral("https://example.org/other"))));
    QVERIFY(client.isSameOrigin(QUrl(QStringLiteral("https://EXAMPLE.org:443/x"))));
    QVERIFY(!client.isSameOrigin(QUrl(QStringLiteral("http://example.org/x"))));
    QVERIFY(!client.isSameOrigin(QUrl(QStringLiteral("https://example.org:8443/x"))));
    QVERIFY(!client.isSameOrigin(QUrl(QStringLiteral("https://evil.example.org/x"))));
    QVERIFY(!client.isSameOrigin(QUrl(QStringLiteral("https://example.org.evil/x"))));
    QVERIFY(!client.isSameOrigin(QUrl(QStringLiteral("/relative"))));
    QVERIFY(!client.isSameOrigin(QUrl(QStringLiteral("file:///etc/passwd"))));
}

QTEST_GUILESS_MAIN(TestApiClient)
#include "tst_apiclient.moc"

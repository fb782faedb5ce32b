// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/apiclient.h"
#include "net/apiclientdetail.h"

#include "net/stucksockets.h"

#include <QJsonObject>
#include <QNetworkReply>
#include <QRandomGenerator>
#include <QTimer>

#include <limits>

namespace threadline::core {

using namespace apidetail;

// ---------------------------------------------------------------------------------------------
// ApiReply

ApiReply::ApiReply(ApiClient *client, QByteArray method, QString path, QByteArray body,
                   RequestOptions options, QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_method(std::move(method))
    , m_path(std::move(path))
    , m_requestBody(std::move(body))
    , m_options(std::move(options))
    , m_waitTimer(new QTimer(this))
    , m_timeoutTimer(new QTimer(this))
    , m_deadlineTimer(new QTimer(this))
{
    m_waitTimer->setSingleShot(true);
    m_timeoutTimer->setSingleShot(true);
    m_deadlineTimer->setSingleShot(true);
    connect(m_deadlineTimer, &QTimer::timeout, this, &ApiReply::onDeadline);
    // Never early (a coarse timer may fire 5 % early): Retry-After and latency are minimums.
    m_waitTimer->setTimerType(Qt::PreciseTimer);
    m_timeoutTimer->setTimerType(Qt::PreciseTimer);
    m_deadlineTimer->setTimerType(Qt::PreciseTimer);
    connect(m_timeoutTimer, &QTimer::timeout, this, &ApiReply::onTimeout);
    m_clock.start();
}

ApiReply::~ApiReply()
{
    if (!m_finished)
        finish(errorOf(ApiError::Kind::Cancelled, QStringLiteral("the owner went away")), false);
}

QJsonDocument ApiReply::json() const
{
    return QJsonDocument::fromJson(m_body);
}

QByteArray ApiReply::header(const QByteArray &name) const
{
    for (const auto &h : m_headers) {
        if (h.first.compare(name, Qt::CaseInsensitive) == 0)
            return h.second;
    }
    return {};
}

void ApiReply::abort()
{
    if (m_finished)
        return;
    qCDebug(lcApi) << m_method.constData() << ApiError::forLog(m_path) << "cancelled";
    finish(errorOf(ApiError::Kind::Cancelled, QStringLiteral("cancelled")));
}

bool ApiReply::isRetryable() const
{
    if (!m_options.retry)
        return false;
    static const QList<QByteArray> safe = {"GET", "HEAD", "OPTIONS", "PUT", "DELETE"};
    if (safe.contains(m_method))
        return true;
    return !m_options.idempotencyKey.isEmpty(); // POST (and anything else) only with a key
}

bool ApiReply::mayGoOn()
{
    if (m_finished)
        return false;
    if (!m_client) {
        finish(errorOf(ApiError::Kind::Cancelled, QStringLiteral("the client went away")));
        return false;
    }
    if (m_client->isOffline()) {
        finish(offlineError());
        return false;
    }
    return true;
}

void ApiReply::beginAttempt()
{
    if (!mayGoOn())
        return;
    if (m_client->m_holdWithoutToken && m_client->m_token.isEmpty() && !m_options.token &&
        !ApiClient::isPublicPath(m_path)) {
        finish(errorOf(ApiError::Kind::Offline, QStringLiteral("not signed in: nothing was sent")));
        return;
    }
    ++m_attempts;
    m_sentAuthorization = false;
    const FaultDecision faults = m_options.injectFaults
                                     ? FaultDecision::roll(m_client->m_faults, m_client->m_rng)
                                     : FaultDecision{};
    m_dropAnswer = faults.drop;
    if (faults.syntheticError) {
        // Answered here as the server would, without sending anything (after the latency).
        auto answer = [this] {
            if (m_finished)
                return;
            m_status = 503;
            m_body = kFaultBody;
            m_headers = {
                {QByteArrayLiteral("Content-Type"), QByteArrayLiteral("application/json")}};
            qCDebug(lcApi) << m_method.constData() << ApiError::forLog(m_path)
                           << "-> 503 (simulated fault), attempt" << m_attempts;
            attemptFailed(ApiError::fromHttp(503, kFaultBody));
        };
        if (faults.delayMs > 0) {
            m_waitTimer->disconnect();
            connect(m_waitTimer, &QTimer::timeout, this, answer);
            m_waitTimer->start(faults.delayMs);
        } else {
            answer();
        }
        return;
    }
    if (faults.delayMs > 0) {
        m_waitTimer->disconnect();
        connect(m_waitTimer, &QTimer::timeout, this, &ApiReply::startAttempt);
        m_waitTimer->start(faults.delayMs);
        return;
    }
    startAttempt();
}

void ApiReply::startAttempt()
{
    if (!mayGoOn())
        return;
    const QUrl url = m_options.server.isEmpty() ? m_client->resolve(m_path)
                                                : ApiClient::resolve(m_path, m_options.server);
    if (!isHttpUrl(url)) {
        // A caller's mistake or no base URL yet: nothing to send, nothing to retry.
        finish(errorOf(ApiError::Kind::Network,
                       QStringLiteral("not an http(s) URL: %1")
                           .arg(url.toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery))));
        return;
    }

    m_timedOut = false;
    m_headersSeen = false;
    m_tlsErrors.clear();
    m_certificateProblem.reset();
    m_status = 0;
    m_body.clear();
    m_headers.clear();

    bool withToken = false;
    QNetworkRequest request = m_client->buildRequest(*this, url, &withToken);
    // One id per attempt: the server logs it with the answer and echoes it; an error's details
    // show it (ApiError::requestId), also when no answer came.
    m_requestId =
        QByteArray::number(QRandomGenerator::global()->generate64(), 16).rightJustified(16, '0');
    request.setRawHeader(QByteArrayLiteral("X-Request-Id"), m_requestId);
    // A 401 to a sign-in's own token is the session's to read, not the app's sign-out.
    m_sentAuthorization = withToken && !m_options.token;
    // A read page fetched before: If-None-Match with its tag (a 304 is answered from memory).
    m_pageKey.clear();
    m_sentEtag = false;
    if (m_method == "GET") {
        const QString token =
            withToken ? (m_options.token ? *m_options.token : m_client->m_token) : QString();
        m_pageKey = PageRevalidator::keyOf(url.toString(QUrl::FullyEncoded), token);
        const QByteArray tag = m_client->m_pages.etagFor(m_pageKey);
        if (!tag.isEmpty()) {
            request.setRawHeader(QByteArrayLiteral("If-None-Match"), tag);
            m_sentEtag = true;
        }
    }
    QNetworkAccessManager *nam = m_client->network();
    QNetworkReply *net = nullptr;
    if (m_method == "GET")
        net = nam->get(request);
    else if (m_method == "HEAD")
        net = nam->head(request);
    else if (m_method == "DELETE" && m_requestBody.isEmpty())
        net = nam->deleteResource(request);
    else if (m_method == "POST")
        net = nam->post(request, m_requestBody);
    else if (m_method == "PUT")
        net = nam->put(request, m_requestBody);
    else
        net = nam->sendCustomRequest(request, m_method, m_requestBody);
    m_net = net;
    // Read as it arrives, so the answer cap holds on the bytes themselves.
    net->setReadBufferSize(1024 * 1024);

    connect(net, &QNetworkReply::finished, this, &ApiReply::onNetworkFinished);
    connect(net, &QNetworkReply::metaDataChanged, this, [this] { m_headersSeen = true; });
    connect(net, &QNetworkReply::readyRead, this, [this] {
        if (!m_net)
            return;
        m_body += m_net->readAll();
        m_timeoutTimer->start(); // an inactivity timeout: progress restarts it
        if (m_body.size() > kMaxAnswerBytes) {
            dropNetworkReply();
            m_status = 0;
            m_body.clear();
            attemptFailed(ApiError::decode(
                QStringLiteral("the answer is larger than %1 bytes").arg(kMaxAnswerBytes)));
        }
    });
    connect(net, &QNetworkReply::uploadProgress, this, [this](qint64 sent, qint64) {
        if (sent > 0)
            m_timeoutTimer->start();
    });
#if QT_CONFIG(ssl)
    connect(net, &QNetworkReply::sslErrors, this, [this](const QList<QSslError> &errors) {
        // Ignored only by the manager (its handler runs first), for a pinned certificate;
        // otherwise the handshake fails and finished() reports it as Kind::Tls.
        if (m_net && m_net->property(kPinnedProperty).toBool())
            return;
        for (const QSslError &e : errors)
            m_tlsErrors << e.errorString();
    });
#endif
    const int timeout = m_options.timeoutMs > 0 ? m_options.timeoutMs : m_client->timeoutMs();
    m_timeoutTimer->start(timeout);
    const qint64 deadline =
        m_options.deadlineMs > 0 ? m_options.deadlineMs : std::max<qint64>(60000, 4LL * timeout);
    m_deadlineTimer->start(int(std::min<qint64>(deadline, std::numeric_limits<int>::max())));
}

void ApiReply::onTimeout()
{
    timedOut(QStringLiteral("no answer within %1 ms").arg(m_timeoutTimer->interval()));
}

void ApiReply::onDeadline()
{
    timedOut(QStringLiteral("the answer took longer than %1 ms in all")
                 .arg(m_deadlineTimer->interval()));
}

void ApiReply::timedOut(const QString &why)
{
    if (!m_net || m_finished)
        return;
    m_timedOut = true;
    const QUrl url = m_net->url();
    dropNetworkReply();
    if (!m_headersSeen) {
        // No header yet: perhaps one that never ends, which holds the network thread in Qt 6.4
        // (see stucksockets.h). The abort alone would never be seen there.
        shutDownSocketsTo(url);
    }
    m_status = 0;
    m_body.clear();
    m_headers.clear();
    qCDebug(lcApi) << m_method.constData() << ApiError::forLog(m_path) << "timed out, attempt"
                   << m_attempts << why;
    attemptFailed(errorOf(ApiError::Kind::Timeout, why));
}

void ApiReply::onNetworkFinished()
{
    QNetworkReply *net = m_net;
    if (!net || m_finished)
        return;
    m_timeoutTimer->stop();
    m_deadlineTimer->stop();
    m_body += net->readAll();
    m_status = net->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    m_headers = net->rawHeaderPairs();
    const QNetworkReply::NetworkError code = net->error();
    const QString text = net->errorString();
    const bool refused = net->property(kOfflineProperty).toBool();
    m_certificateProblem = CertificateProblem::of(net);
    dropNetworkReply();

    // A read page: a 304 to the tag we sent is the page kept (as the 200 it stands for); a 200
    // with an ETag is kept for next time.
    bool lostPage = false;
    if (!refused && m_client && m_method == "GET" && !m_pageKey.isEmpty()) {
        if (m_status == 304 && m_sentEtag) {
            if (auto page = m_client->m_pages.notModified(m_pageKey)) {
                m_status = 200;
                m_body = page->body;
                m_headers = page->headers;
            } else {
                lostPage = true; // dropped from memory meanwhile: asked again without the tag
            }
        } else if (m_status == 200 && code == QNetworkReply::NoError) {
            const QByteArray tag = header(QByteArrayLiteral("ETag"));
            if (!tag.isEmpty())
                m_client->m_pages.remember(m_pageKey, {tag, m_body, m_headers});
        }
    }

    ApiError e;
    if (refused ||
        (code == QNetworkReply::OperationCanceledError && m_client && m_client->isOffline())) {
        finish(offlineError());
        return;
    }
    if (code == QNetworkReply::TimeoutError) {
        e = errorOf(ApiError::Kind::Timeout, text);
    } else if (m_certificateProblem) {
        e = errorOf(ApiError::Kind::Tls, m_certificateProblem->describe());
        e.code = m_certificateProblem->changed() ? QStringLiteral("certificate_changed")
                                                 : QStringLiteral("untrusted_certificate");
    } else if (!m_tlsErrors.isEmpty() || code == QNetworkReply::SslHandshakeFailedError) {
        e = errorOf(ApiError::Kind::Tls,
                    m_tlsErrors.isEmpty() ? text : m_tlsErrors.join(QLatin1String("; ")));
    } else if (code > QNetworkReply::NoError && code < QNetworkReply::ContentAccessDenied) {
        // Connection level (1..199: refused, reset, host not found, proxy …): no usable answer,
        // even when a status line had arrived before the connection broke.
        e = errorOf(ApiError::Kind::Network, text);
    } else if (m_status >= 200 && m_status <= 299) {
        e = {}; // success, whatever the body holds
    } else if (lostPage) {
        e = errorOf(ApiError::Kind::Network,
                    QStringLiteral("not modified, but the page is no longer kept"));
    } else if (m_status > 0) {
        const int retryAfter = ApiError::parseRetryAfter(header(QByteArrayLiteral("Retry-After")));
        e = ApiError::fromHttp(m_status, m_body, retryAfter);
    } else {
        e = errorOf(ApiError::Kind::Network, text); // e.g. a protocol failure without a status
    }

    if (m_dropAnswer) {
        // Fault injection: the server handled the request, the answer is lost on the way.
        m_status = 0;
        m_body.clear();
        m_headers.clear();
        e = errorOf(ApiError::Kind::Network,
                    QStringLiteral("the connection was dropped (simulated fault)"));
    }

    qCDebug(lcApi).noquote() << m_method << ApiError::forLog(m_path) << "->"
                             << (e.ok() ? QString::number(m_status) : e.toLogString()) << "in"
                             << m_clock.elapsed() << "ms, attempt" << m_attempts;
    if (e.ok())
        finish(e);
    else
        attemptFailed(e);
}

void ApiReply::attemptFailed(const ApiError &error)
{
    if (m_finished)
        return;
    if (!m_client || !error.isTransient() || !isRetryable() || m_client->isOffline()) {
        finish(error);
        return;
    }
    const RetryPolicy policy = m_client->retryPolicy();
    if (m_attempts >= policy.maxAttempts) {
        finish(error);
        return;
    }
    qint64 delay = ApiClient::backoffDelayMs(m_attempts - 1, policy, m_client->m_rng);
    if ((error.status == 429 || error.status == 503) && error.retryAfterSecs >= 0) {
        const qint64 retryAfterMs = qint64(error.retryAfterSecs) * 1000;
        if (retryAfterMs > policy.maxDelayMs) {
            // Longer than this reply may wait: the caller reschedules from retryAfterSecs.
            finish(error);
            return;
        }
        delay = std::max(delay, retryAfterMs);
    }
    const QPointer<ApiReply> self(this);
    Q_EMIT retrying(m_attempts, int(delay), error);
    if (!self || m_finished)
        return;
    m_waitTimer->disconnect();
    connect(m_waitTimer, &QTimer::timeout, this, &ApiReply::beginAttempt);
    m_waitTimer->start(int(delay));
}

void ApiReply::dropNetworkReply()
{
    m_timeoutTimer->stop();
    m_deadlineTimer->stop();
    if (!m_net)
        return;
    QNetworkReply *net = m_net;
    m_net = nullptr;
    disconnect(net, nullptr, this, nullptr);
    if (net->isRunning())
        net->abort();
    net->deleteLater();
}

void ApiReply::finish(const ApiError &error, bool emitSignals)
{
    if (m_finished)
        return;
    m_finished = true;
    m_error = error;
    if (!m_error.ok() && m_error.kind != ApiError::Kind::Offline &&
        m_error.kind != ApiError::Kind::Cancelled && !m_requestId.isEmpty()) {
        const QByteArray echoed = header(QByteArrayLiteral("X-Request-Id"));
        m_error.requestId = echoed.isEmpty() ? m_requestId : echoed;
    }
    m_waitTimer->stop();
    dropNetworkReply();
    const QPointer<ApiClient> client = m_client;
    if (client)
        client->m_live.remove(this);
    if (!emitSignals)
        return;

    if (error.kind == ApiError::Kind::Offline)
        qCDebug(lcApi).noquote() << m_method << ApiError::forLog(m_path) << "not sent: offline";
    else if (!error.ok() && error.kind != ApiError::Kind::Cancelled)
        qCInfo(lcApi).noquote() << m_method << ApiError::forLog(m_path) << "failed after"
                                << m_attempts << "attempt(s):" << m_error.toLogString()
                                << "request id" << m_error.requestId;
    const QPointer<ApiReply> self(this);
    if (client && error.isAuth() && m_sentAuthorization)
        Q_EMIT client->unauthorized();
    if (client && !error.ok() && error.kind != ApiError::Kind::Cancelled)
        Q_EMIT client->requestFailed(m_error, m_path, m_method); // with its request id
    if (!self)
        return;
    Q_EMIT finished();
    if (self)
        self->deleteLater();
}

} // namespace threadline::core

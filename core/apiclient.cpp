#include "apiclient.h"

#include "endpoints.h"
#include "stucksockets.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QNetworkAccessManager>
#include <QNetworkCookie>
#include <QNetworkCookieJar>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>

#include <QUuid>
#include <algorithm>
#include <limits>

#include <QSslConfiguration>
#include <QSslError>

#include <algorithm>

Q_LOGGING_CATEGORY(lcApi, "threadline.api", QtInfoMsg)

namespace threadline::core {

namespace {

// The biggest answer body kept in memory (the contract's biggest answers are a few MiB).
constexpr qint64 kMaxAnswerBytes = 32 * 1024 * 1024;
// The property that marks a reply the manager refused because the client is offline.
constexpr char kOfflineProperty[] = "threadline_offline";
// The property that marks a reply whose certificate errors were ignored for its pin.
constexpr char kPinnedProperty[] = "threadline_tlsPinned";
const QByteArray kAuthorization = QByteArrayLiteral("Authorization");
// Set by the client itself on a sign-in call to a server other than baseUrl: the origin its
// token belongs to (RequestOptions::server).
const auto kTokenOriginAttribute = QNetworkRequest::Attribute(QNetworkRequest::User + 17);
const QByteArray kFaultBody = QByteArray(
    R"json({"error":{"code":"fault_injected","message":"service unavailable (simulated fault)"}})json");

ApiError errorOf(ApiError::Kind kind, const QString &message)
{
    ApiError e;
    e.kind = kind;
    e.message = message;
    return e;
}

ApiError offlineError()
{
    return errorOf(ApiError::Kind::Offline, QStringLiteral("offline: nothing was sent"));
}

int defaultPort(const QString &scheme)
{
    if (scheme == QLatin1String("https"))
        return 443;
    if (scheme == QLatin1String("http"))
        return 80;
    return -1;
}

bool isHttpUrl(const QUrl &url)
{
    const QString scheme = url.scheme().toLower();
    return url.isValid() && !url.host().isEmpty() &&
           (scheme == QLatin1String("http") || scheme == QLatin1String("https"));
}

// A token is sent in a header: only visible ASCII, so that it can never split the header.
bool isSendableToken(const QString &token)
{
    return std::all_of(token.cbegin(), token.cend(),
                       [](QChar c) { return c.unicode() > 0x20 && c.unicode() < 0x7f; });
}

// Stores no cookie and offers none: the API is bearer-token only.
class NullCookieJar : public QNetworkCookieJar
{
public:
    using QNetworkCookieJar::QNetworkCookieJar;
    QList<QNetworkCookie> cookiesForUrl(const QUrl &) const override { return {}; }
    bool setCookiesFromUrl(const QList<QNetworkCookie> &, const QUrl &) override { return false; }
    bool insertCookie(const QNetworkCookie &) override { return false; }
};

// What the manager answers while offline: an error on the next event-loop turn, no I/O at all.
class RefusedReply : public QNetworkReply
{
public:
    RefusedReply(QNetworkAccessManager::Operation op, const QNetworkRequest &request,
                 QObject *parent)
        : QNetworkReply(parent)
    {
        setRequest(request);
        setUrl(request.url());
        setOperation(op);
        setProperty(kOfflineProperty, true);
        QIODevice::open(QIODevice::ReadOnly);
        setError(QNetworkReply::NetworkSessionFailedError,
                 QStringLiteral("Offline: the request was not sent"));
        setFinished(true);
        QMetaObject::invokeMethod(
            this,
            [this] {
                Q_EMIT errorOccurred(error());
                Q_EMIT finished();
            },
            Qt::QueuedConnection);
    }
    void abort() override {}
    bool isSequential() const override { return true; }

protected:
    qint64 readData(char *, qint64) override { return -1; }
};

} // namespace

// The one manager: every request through it (the API's and the image cache's) is checked here.
class GuardedNetworkAccessManager : public QNetworkAccessManager
{
public:
    explicit GuardedNetworkAccessManager(ApiClient *client)
        : QNetworkAccessManager(client)
        , m_client(client)
    {
        setCookieJar(new NullCookieJar(this));
        setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
    }

    // Aborts every request in flight (going offline).
    void abortAll()
    {
        const QList<QPointer<QNetworkReply>> running = m_running;
        for (const QPointer<QNetworkReply> &r : running) {
            if (r && r->isRunning())
                r->abort();
        }
    }

protected:
    QNetworkReply *createRequest(Operation op, const QNetworkRequest &original,
                                 QIODevice *outgoingData) override
    {
        QNetworkRequest request(original);
        request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
        request.setAttribute(QNetworkRequest::CookieLoadControlAttribute, QNetworkRequest::Manual);
        request.setAttribute(QNetworkRequest::CookieSaveControlAttribute, QNetworkRequest::Manual);
        if (request.hasRawHeader(kAuthorization)) {
            const QVariant own = request.attribute(kTokenOriginAttribute);
            const bool ownOrigin =
                own.isValid() && own.toString() == TlsPins::originOf(request.url());
            if (!ownOrigin && !m_client->isSameOrigin(request.url())) {
                request.setRawHeader(kAuthorization, QByteArray()); // null: removes the header
            } else {
                // A redirect must never carry the token to another origin: with the token, a
                // request follows redirects within its origin at most.
                const QVariant attribute =
                    request.attribute(QNetworkRequest::RedirectPolicyAttribute);
                const int policy = attribute.isValid() ? attribute.toInt() : redirectPolicy();
                if (policy != QNetworkRequest::ManualRedirectPolicy &&
                    policy != QNetworkRequest::SameOriginRedirectPolicy)
                    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                                         QNetworkRequest::SameOriginRedirectPolicy);
            }
        }
        if (!m_client->m_caCertificates.isEmpty() &&
            request.url().scheme().compare(QLatin1String("https"), Qt::CaseInsensitive) == 0) {
            QSslConfiguration tls = request.sslConfiguration();
            tls.addCaCertificates(m_client->m_caCertificates);
            request.setSslConfiguration(tls);
        }
        if (m_client->isOffline()) {
            auto *refused = new RefusedReply(op, request, this);
            connect(refused, &QNetworkReply::finished, this,
                    [this, refused] { Q_EMIT finished(refused); });
            return refused;
        }
        QNetworkReply *reply = QNetworkAccessManager::createRequest(op, request, outgoingData);
        // First of the reply's sslErrors handlers: ignoring has to happen inside the signal.
        connect(reply, &QNetworkReply::sslErrors, this,
                [this, reply](const QList<QSslError> &errors) { checkCertificate(reply, errors); });
        m_running.append(reply);
        connect(reply, &QNetworkReply::finished, this, [this, reply] { forget(reply); });
        connect(reply, &QObject::destroyed, this, [this] { forget(nullptr); });
        return reply;
    }

private:
    // The pin decides: the certificate pinned for this origin is accepted with exactly the errors
    // reported for it; anything else is refused (nothing ignored) and recorded on the reply.
    void checkCertificate(QNetworkReply *reply, const QList<QSslError> &errors)
    {
        const QString origin = TlsPins::originOf(reply->url());
        QSslCertificate certificate = reply->sslConfiguration().peerCertificate();
        if (certificate.isNull()) {
            for (const QSslError &e : errors) {
                if (!e.certificate().isNull()) {
                    certificate = e.certificate();
                    break;
                }
            }
        }
        const QByteArray pin = TlsPins::pinFor(origin);
        const QByteArray seen = TlsPins::fingerprint(certificate);
        if (!pin.isEmpty() && !seen.isEmpty() && pin == seen) {
            reply->ignoreSslErrors(errors);
            reply->setProperty(kPinnedProperty, true);
            return;
        }
        CertificateProblem problem;
        problem.origin = origin;
        problem.certificate = certificate;
        problem.errors = errors;
        if (!pin.isEmpty())
            problem.pinned = pin;
        CertificateProblem::setOn(reply, problem);
        qCWarning(lcApi).noquote()
            << "refused the certificate of" << origin << "(" << problem.fingerprint()
            << "):" << problem.reasons().join(QLatin1String("; "));
        // Queued: the handler runs while Qt's network thread waits for it.
        QMetaObject::invokeMethod(
            m_client,
            [client = QPointer<ApiClient>(m_client), problem] {
                if (client)
                    Q_EMIT client->untrustedCertificate(problem);
            },
            Qt::QueuedConnection);
    }

    void forget(QNetworkReply *reply)
    {
        m_running.removeIf(
            [reply](const QPointer<QNetworkReply> &p) { return p.isNull() || p.data() == reply; });
    }

    ApiClient *m_client;
    QList<QPointer<QNetworkReply>> m_running;
};

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

void ApiReply::beginAttempt()
{
    if (m_finished)
        return;
    if (!m_client) {
        finish(errorOf(ApiError::Kind::Cancelled, QStringLiteral("the client went away")));
        return;
    }
    if (m_client->isOffline()) {
        finish(offlineError());
        return;
    }
    if (m_client->m_holdWithoutToken && m_client->m_token.isEmpty() && !m_options.token &&
        !ApiClient::isPublicPath(m_path)) {
        finish(errorOf(ApiError::Kind::Offline, QStringLiteral("not signed in: nothing was sent")));
        return;
    }
    ++m_attempts;
    m_sentAuthorization = false;
    const FaultDecision faults = FaultDecision::roll(m_client->m_faults, m_client->m_rng);
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
    if (m_finished)
        return;
    if (!m_client) {
        finish(errorOf(ApiError::Kind::Cancelled, QStringLiteral("the client went away")));
        return;
    }
    if (m_client->isOffline()) {
        finish(offlineError());
        return;
    }
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
    const QNetworkRequest request = m_client->buildRequest(*this, url, &withToken);
    // A 401 to a sign-in's own token is the session's to read, not the app's sign-out.
    m_sentAuthorization = withToken && !m_options.token;
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
                                << m_attempts << "attempt(s):" << error.toLogString();
    const QPointer<ApiReply> self(this);
    if (client && error.isAuth() && m_sentAuthorization)
        Q_EMIT client->unauthorized();
    if (client && !error.ok() && error.kind != ApiError::Kind::Cancelled)
        Q_EMIT client->requestFailed(error, m_path);
    if (!self)
        return;
    Q_EMIT finished();
    if (self)
        self->deleteLater();
}

// ---------------------------------------------------------------------------------------------
// ApiClient

ApiClient::ApiClient(QObject *parent)
    : QObject(parent)
    , m_nam(new GuardedNetworkAccessManager(this))
    , m_rng(QRandomGenerator::securelySeeded())
{
}

ApiClient::~ApiClient()
{
    const QSet<ApiReply *> live = std::exchange(m_live, {});
    for (ApiReply *reply : live) {
        reply->m_client = nullptr;
        reply->finish(errorOf(ApiError::Kind::Cancelled, QStringLiteral("the client went away")),
                      false);
    }
}

void ApiClient::setBaseUrl(const QUrl &url)
{
    m_baseUrl = url;
}

void ApiClient::setToken(const QString &token)
{
    if (!isSendableToken(token)) {
        qCWarning(lcApi, "setToken: the token holds characters a header cannot carry; ignored");
        m_token.clear();
        return;
    }
    m_token = token;
}

bool ApiClient::isPublicPath(const QString &path)
{
    return endpoint::isPublicPath(path);
}

ApiReply *ApiClient::send(const Call &call, QObject *owner, RequestOptions options)
{
    if (call.keyed && options.idempotencyKey.isEmpty())
        options.idempotencyKey = newIdempotencyKey();
    return request(call.method, call.path, call.body, owner, options);
}

void ApiClient::setOffline(bool offline)
{
    if (m_offline == offline)
        return;
    m_offline = offline;
    qCInfo(lcApi) << (offline ? "offline" : "online");
    if (offline) {
        const QSet<ApiReply *> live = m_live;
        for (ApiReply *reply : live) {
            if (m_live.contains(reply)) // a finished() handler may have deleted another reply
                reply->finish(offlineError());
        }
        m_nam->abortAll(); // what is left: the image cache's requests
    }
    Q_EMIT offlineChanged(offline);
}

void ApiClient::setCaCertificates(const QList<QSslCertificate> &certificates)
{
    m_caCertificates = certificates;
}

void ApiClient::setTimeoutMs(int ms)
{
    m_timeoutMs = ms > 0 ? ms : 15000;
}

void ApiClient::setRetryPolicy(const RetryPolicy &policy)
{
    m_policy = policy;
    m_policy.maxAttempts = std::max(1, policy.maxAttempts);
    m_policy.baseDelayMs = std::max(0, policy.baseDelayMs);
    m_policy.maxDelayMs = std::max(0, policy.maxDelayMs);
}

void ApiClient::setFaultConfig(const FaultConfig &faults)
{
    const FaultConfig normalized = faults.normalized();
    if (normalized == m_faults)
        return;
    m_faults = normalized;
    if (m_faults.isActive())
        qCInfo(lcApi).noquote() << "fault injection:" << m_faults.toString();
    Q_EMIT faultConfigChanged(m_faults);
}

void ApiClient::setRandomSeed(quint32 seed)
{
    m_rng.seed(seed);
}

QNetworkAccessManager *ApiClient::network() const
{
    return m_nam;
}

ApiReply *ApiClient::request(const QByteArray &method, const QString &path, const QByteArray &body,
                             QObject *owner, const RequestOptions &options)
{
    auto *reply =
        new ApiReply(this, method.trimmed().toUpper(), path, body, options, owner ? owner : this);
    m_live.insert(reply);
    // Always from the next event-loop turn: finished() never fires before the caller connects.
    QMetaObject::invokeMethod(
        reply, [reply] { reply->beginAttempt(); }, Qt::QueuedConnection);
    return reply;
}

ApiReply *ApiClient::get(const QString &path, QObject *owner, const RequestOptions &options)
{
    return request(QByteArrayLiteral("GET"), path, {}, owner, options);
}

ApiReply *ApiClient::postJson(const QString &path, const QJsonObject &body, QObject *owner,
                              const RequestOptions &options)
{
    return request(QByteArrayLiteral("POST"), path,
                   QJsonDocument(body).toJson(QJsonDocument::Compact), owner, options);
}

ApiReply *ApiClient::put(const QString &path, const QJsonObject &body, QObject *owner,
                         const RequestOptions &options)
{
    return request(QByteArrayLiteral("PUT"), path,
                   QJsonDocument(body).toJson(QJsonDocument::Compact), owner, options);
}

ApiReply *ApiClient::put(const QString &path, QObject *owner, const RequestOptions &options)
{
    return request(QByteArrayLiteral("PUT"), path, {}, owner, options);
}

ApiReply *ApiClient::del(const QString &path, QObject *owner, const RequestOptions &options)
{
    return request(QByteArrayLiteral("DELETE"), path, {}, owner, options);
}

QUrl ApiClient::resolve(const QString &path) const
{
    return resolve(path, m_baseUrl);
}

QUrl ApiClient::resolve(const QString &path, const QUrl &server)
{
    if (path.startsWith(QLatin1String("http://"), Qt::CaseInsensitive) ||
        path.startsWith(QLatin1String("https://"), Qt::CaseInsensitive))
        return QUrl(path);
    if (server.isEmpty())
        return {};
    // The base's own path (a reverse proxy's prefix) is kept: base + "/api/v1/…".
    QString base = QString::fromUtf8(server
                                         .adjusted(QUrl::RemoveQuery | QUrl::RemoveFragment |
                                                   QUrl::RemoveUserInfo | QUrl::StripTrailingSlash)
                                         .toEncoded());
    if (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    return QUrl(base + (path.startsWith(QLatin1Char('/')) ? path : QLatin1Char('/') + path));
}

bool ApiClient::isSameOrigin(const QUrl &url) const
{
    return sameOrigin(url, m_baseUrl);
}

bool ApiClient::sameOrigin(const QUrl &a, const QUrl &b)
{
    if (!isHttpUrl(a) || !isHttpUrl(b))
        return false;
    const QString scheme = a.scheme().toLower();
    if (scheme != b.scheme().toLower())
        return false;
    if (a.host().compare(b.host(), Qt::CaseInsensitive) != 0)
        return false;
    return a.port(defaultPort(scheme)) == b.port(defaultPort(scheme));
}

int ApiClient::backoffCapMs(int retryIndex, const RetryPolicy &policy)
{
    const qint64 base = std::max(0, policy.baseDelayMs);
    const qint64 max = std::max(0, policy.maxDelayMs);
    const int shift = std::clamp(retryIndex, 0, 32); // base < 2^31, so base << 32 fits in 63 bits
    return int(std::min(max, base << shift));
}

int ApiClient::backoffDelayMs(int retryIndex, const RetryPolicy &policy, QRandomGenerator &rng)
{
    const int cap = backoffCapMs(retryIndex, policy);
    if (cap <= 0)
        return 0;
    return int(rng.bounded(quint32(cap) + 1)); // full jitter: uniform in [0, cap]
}

QByteArray ApiClient::newIdempotencyKey()
{
    return QUuid::createUuid().toByteArray(QUuid::WithoutBraces);
}

QNetworkRequest ApiClient::buildRequest(const ApiReply &reply, const QUrl &url,
                                        bool *withToken) const
{
    QNetworkRequest request(url);
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         QNetworkRequest::ManualRedirectPolicy);
    request.setAttribute(QNetworkRequest::CookieLoadControlAttribute, QNetworkRequest::Manual);
    request.setAttribute(QNetworkRequest::CookieSaveControlAttribute, QNetworkRequest::Manual);
    request.setAttribute(QNetworkRequest::CacheLoadControlAttribute,
                         QNetworkRequest::AlwaysNetwork);
    request.setAttribute(QNetworkRequest::CacheSaveControlAttribute, false);
    request.setRawHeader(QByteArrayLiteral("Accept"), QByteArrayLiteral("application/json"));
    const QString version = QCoreApplication::applicationVersion();
    request.setHeader(QNetworkRequest::UserAgentHeader,
                      version.isEmpty() ? QStringLiteral("Threadline")
                                        : QStringLiteral("Threadline/") + version);
    const QByteArray &method = reply.m_method;
    if (!reply.m_requestBody.isEmpty() || method == "POST" || method == "PUT" || method == "PATCH")
        request.setHeader(QNetworkRequest::ContentTypeHeader, reply.m_options.contentType);
    if (!reply.m_options.idempotencyKey.isEmpty())
        request.setRawHeader(QByteArrayLiteral("Idempotency-Key"), reply.m_options.idempotencyKey);
    // A sign-in's own call (Session) carries the token of the server it names, to that server
    // only; every other call the client's token, to baseUrl's origin only.
    const RequestOptions &o = reply.m_options;
    const QString &token = o.token ? *o.token : m_token;
    const bool ownServer = !o.server.isEmpty() && sameOrigin(url, o.server);
    *withToken = !token.isEmpty() && (o.server.isEmpty() ? isSameOrigin(url) : ownServer);
    if (*withToken) {
        request.setRawHeader(kAuthorization, "Bearer " + token.toLatin1());
        if (ownServer)
            request.setAttribute(kTokenOriginAttribute, TlsPins::originOf(url));
    }
    return request;
}

} // namespace threadline::core

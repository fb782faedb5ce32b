// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/apiclient.h"
#include "net/apiclientdetail.h"

#include "net/endpoints.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkReply>
#include <QRandomGenerator>
#include <QUuid>

#include <algorithm>

Q_LOGGING_CATEGORY(lcApi, "threadline.api", QtInfoMsg)

namespace threadline::core {

using namespace apidetail;

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
    if (url != m_baseUrl)
        m_pages.clear();
    m_baseUrl = url;
}

void ApiClient::setToken(const QString &token)
{
    if (!isSendableToken(token)) {
        qCWarning(lcApi, "setToken: the token holds characters a header cannot carry; ignored");
        m_token.clear();
        m_pages.clear();
        return;
    }
    if (token != m_token)
        m_pages.clear(); // another viewer: their pages are not these
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
    auto *reply = new ApiReply(this, call.method.trimmed().toUpper(), call.path, call.body, options,
                               owner ? owner : this);
    m_live.insert(reply);
    // Always from the next event-loop turn: finished() never fires before the caller connects.
    QMetaObject::invokeMethod(
        reply, [reply] { reply->beginAttempt(); }, Qt::QueuedConnection);
    return reply;
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
    return send(Call{method, path, body, false}, owner, options); // unkeyed: the options' key
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
    return buildRequest(reply.m_method, !reply.m_requestBody.isEmpty(), reply.m_options, url,
                        withToken);
}

QNetworkRequest ApiClient::buildRequest(const QByteArray &method, bool hasBody,
                                        const RequestOptions &o, const QUrl &url,
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
    if (hasBody || method == "POST" || method == "PUT" || method == "PATCH")
        request.setHeader(QNetworkRequest::ContentTypeHeader, o.contentType);
    if (!o.idempotencyKey.isEmpty())
        request.setRawHeader(QByteArrayLiteral("Idempotency-Key"), o.idempotencyKey);
    // A sign-in's own call (Session) carries the token of the server it names, to that server
    // only; every other call the client's token, to baseUrl's origin only.
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

QNetworkReply *ApiClient::openStream(const QString &path,
                                     const QList<QPair<QByteArray, QByteArray>> &headers,
                                     bool *withToken)
{
    const QUrl url = resolve(path);
    if (!isHttpUrl(url))
        return nullptr;
    bool sendsToken = false;
    QNetworkRequest request = buildRequest(QByteArrayLiteral("GET"), false, {}, url, &sendsToken);
    for (const auto &[name, value] : headers)
        request.setRawHeader(name, value);
    if (withToken)
        *withToken = sendsToken;
    QNetworkReply *reply = m_nam->get(request);
    reply->setReadBufferSize(1024 * 1024); // read as it comes: the caller bounds what it keeps
    return reply;
}

} // namespace threadline::core

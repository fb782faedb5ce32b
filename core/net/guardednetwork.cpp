// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/apiclient.h"
#include "net/apiclientdetail.h"

#include "net/headerwatch.h"
#include "net/tlspins.h"

#include <QNetworkCookie>
#include <QNetworkCookieJar>
#include <QNetworkReply>
#include <QSslConfiguration>
#include <QSslError>

namespace threadline::core {

using namespace apidetail;

namespace {

// Stores no cookie and offers none: the API is bearer-token only.
class NullCookieJar : public QNetworkCookieJar
{
public:
    using QNetworkCookieJar::QNetworkCookieJar;
    QList<QNetworkCookie> cookiesForUrl(const QUrl &) const override { return {}; }
    bool setCookiesFromUrl(const QList<QNetworkCookie> &, const QUrl &) override { return false; }
    bool insertCookie(const QNetworkCookie &) override { return false; }
};

// What the manager answers while offline (or to a peer whose circuit breaker is open): an error
// on the next event-loop turn, no I/O at all.
class RefusedReply : public QNetworkReply
{
public:
    RefusedReply(QNetworkAccessManager::Operation op, const QNetworkRequest &request,
                 QObject *parent, const QString &why = {})
        : QNetworkReply(parent)
    {
        setRequest(request);
        setUrl(request.url());
        setOperation(op);
        QIODevice::open(QIODevice::ReadOnly);
        if (why.isEmpty()) {
            setProperty(kOfflineProperty, true);
            setError(QNetworkReply::NetworkSessionFailedError,
                     QStringLiteral("Offline: the request was not sent"));
        } else {
            setError(QNetworkReply::ProtocolFailure, why);
        }
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

GuardedNetworkAccessManager::GuardedNetworkAccessManager(ApiClient *client)
    : QNetworkAccessManager(client)
    , m_client(client)
{
    setCookieJar(new NullCookieJar(this));
    setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
    m_headers = new HeaderWatch(this);
}

void GuardedNetworkAccessManager::abortAll()
{
    const QList<QPointer<QNetworkReply>> running = m_running;
    for (const QPointer<QNetworkReply> &r : running) {
        if (r && r->isRunning())
            r->abort();
    }
}

QNetworkReply *GuardedNetworkAccessManager::createRequest(Operation op,
                                                          const QNetworkRequest &original,
                                                          QIODevice *outgoingData)
{
    QNetworkRequest request(original);
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    request.setAttribute(QNetworkRequest::CookieLoadControlAttribute, QNetworkRequest::Manual);
    request.setAttribute(QNetworkRequest::CookieSaveControlAttribute, QNetworkRequest::Manual);
    if (request.hasRawHeader(kAuthorization)) {
        const QVariant own = request.attribute(kTokenOriginAttribute);
        const bool ownOrigin = own.isValid() && own.toString() == TlsPins::originOf(request.url());
        if (!ownOrigin && !m_client->isSameOrigin(request.url())) {
            request.setRawHeader(kAuthorization, QByteArray()); // null: removes the header
        } else {
            // A redirect must never carry the token to another origin: with the token, a
            // request follows redirects within its origin at most.
            const QVariant attribute = request.attribute(QNetworkRequest::RedirectPolicyAttribute);
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
    // A peer that sent a header without end is not asked again for a while (headerwatch.h).
    if (const QString why = m_headers->refusal(request.url()); !why.isEmpty()) {
        auto *refused = new RefusedReply(op, request, this, why);
        connect(refused, &QNetworkReply::finished, this,
                [this, refused] { Q_EMIT finished(refused); });
        return refused;
    }
    QNetworkReply *reply = QNetworkAccessManager::createRequest(op, request, outgoingData);
    m_headers->watch(reply);
    // First of the reply's sslErrors handlers: ignoring has to happen inside the signal.
    connect(reply, &QNetworkReply::sslErrors, this,
            [this, reply](const QList<QSslError> &errors) { checkCertificate(reply, errors); });
    m_running.append(reply);
    connect(reply, &QNetworkReply::finished, this, [this, reply] { forget(reply); });
    connect(reply, &QObject::destroyed, this, [this] { forget(nullptr); });
    return reply;
}

void GuardedNetworkAccessManager::checkCertificate(QNetworkReply *reply,
                                                   const QList<QSslError> &errors)
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
    qCWarning(lcApi).noquote() << "refused the certificate of" << origin << "("
                               << problem.fingerprint()
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

void GuardedNetworkAccessManager::forget(QNetworkReply *reply)
{
    m_running.removeIf(
        [reply](const QPointer<QNetworkReply> &p) { return p.isNull() || p.data() == reply; });
}

} // namespace threadline::core

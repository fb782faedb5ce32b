// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/tlspins.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QLocale>
#include <QNetworkReply>
#include <QSettings>

namespace threadline::core {

namespace {

const QString kGroup = QStringLiteral("tlsPins");
constexpr char kProblemProperty[] = "threadline_certificateProblem";

QString tr(const char *text)
{
    return QCoreApplication::translate("TlsPins", text);
}

QString settingsKey(const QString &origin)
{
    // One key per origin, not a group path: "https://h:1" holds slashes.
    return kGroup + QLatin1Char('/') + QString::fromLatin1(QUrl::toPercentEncoding(origin));
}

QString dateText(const QDateTime &t)
{
    return t.isValid() ? t.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'")) : QString();
}

// The names a certificate is for: its DNS and IP alternative names, else its common names.
QStringList namesOf(const QSslCertificate &c)
{
    QStringList names;
    const auto alt = c.subjectAlternativeNames();
    for (auto it = alt.cbegin(); it != alt.cend(); ++it) {
        if ((it.key() == QSsl::DnsEntry || it.key() == QSsl::IpAddressEntry) &&
            !names.contains(it.value()))
            names << it.value();
    }
    if (names.isEmpty())
        names = c.subjectInfo(QSslCertificate::CommonName);
    return names;
}

} // namespace

QString TlsPins::originOf(const QUrl &url)
{
    if (!url.isValid() || url.host().isEmpty())
        return {};
    const QString scheme = url.scheme().toLower();
    const int port = url.port(scheme == QLatin1String("https") ? 443 : 80);
    QString host = url.host().toLower();
    if (host.contains(QLatin1Char(':')))
        host = QLatin1Char('[') + host + QLatin1Char(']');
    return scheme + QStringLiteral("://") + host + QLatin1Char(':') + QString::number(port);
}

QByteArray TlsPins::fingerprint(const QSslCertificate &certificate)
{
    if (certificate.isNull())
        return {};
    return certificate.digest(QCryptographicHash::Sha256);
}

QString TlsPins::formatFingerprint(const QByteArray &sha256)
{
    return QString::fromLatin1(sha256.toHex(':').toUpper());
}

QByteArray TlsPins::pinFor(const QString &origin)
{
    if (origin.isEmpty())
        return {};
    const QByteArray hex = QSettings().value(settingsKey(origin)).toString().toLatin1();
    const QByteArray raw = QByteArray::fromHex(hex);
    return raw.size() == 32 ? raw : QByteArray();
}

bool TlsPins::matches(const QString &origin, const QSslCertificate &certificate)
{
    const QByteArray pin = pinFor(origin);
    return !pin.isEmpty() && pin == fingerprint(certificate);
}

void TlsPins::pin(const QString &origin, const QSslCertificate &certificate)
{
    if (origin.isEmpty() || certificate.isNull())
        return;
    QSettings().setValue(settingsKey(origin),
                         QString::fromLatin1(fingerprint(certificate).toHex()));
}

void TlsPins::unpin(const QString &origin)
{
    QSettings().remove(settingsKey(origin));
}

// ---------------------------------------------------------------------------------------------

QString CertificateProblem::fingerprint() const
{
    return TlsPins::formatFingerprint(TlsPins::fingerprint(certificate));
}

QString CertificateProblem::subject() const
{
    const QStringList cn = certificate.subjectInfo(QSslCertificate::CommonName);
    return cn.isEmpty() ? certificate.subjectDisplayName() : cn.join(QStringLiteral(", "));
}

QString CertificateProblem::issuer() const
{
    const QStringList cn = certificate.issuerInfo(QSslCertificate::CommonName);
    return cn.isEmpty() ? certificate.issuerDisplayName() : cn.join(QStringLiteral(", "));
}

QString CertificateProblem::serverName() const
{
    const qsizetype scheme = origin.indexOf(QStringLiteral("://"));
    return scheme < 0 ? origin : origin.mid(scheme + 3);
}

QStringList CertificateProblem::reasons() const
{
    QStringList out;
    const auto add = [&out](const QString &s) {
        if (!out.contains(s))
            out << s;
    };
    if (changed())
        add(tr("it is not the certificate you trusted for this server: the certificate changed "
               "(the one trusted had the fingerprint %1)")
                .arg(TlsPins::formatFingerprint(pinned)));
    for (const QSslError &e : errors) {
        switch (e.error()) {
        case QSslError::SelfSignedCertificate:
            add(tr("it is self-signed, not issued by an authority this computer trusts"));
            break;
        case QSslError::SelfSignedCertificateInChain:
        case QSslError::UnableToGetLocalIssuerCertificate:
        case QSslError::UnableToGetIssuerCertificate:
        case QSslError::UnableToVerifyFirstCertificate:
        case QSslError::CertificateUntrusted:
        case QSslError::InvalidCaCertificate:
            add(tr("its issuer (%1) is not an authority this computer trusts").arg(issuer()));
            break;
        case QSslError::HostNameMismatch: {
            const QString host = QUrl(origin).host();
            add(tr("it is for %1, not for %2")
                    .arg(namesOf(certificate).join(QStringLiteral(", ")), host));
            break;
        }
        case QSslError::CertificateExpired:
            add(tr("it expired on %1").arg(dateText(certificate.expiryDate())));
            break;
        case QSslError::CertificateNotYetValid:
            add(tr("it is not valid before %1").arg(dateText(certificate.effectiveDate())));
            break;
        case QSslError::CertificateRevoked:
            add(tr("it has been revoked"));
            break;
        default:
            add(e.errorString());
            break;
        }
    }
    if (out.isEmpty())
        add(tr("it could not be verified"));
    return out;
}

QString CertificateProblem::describe() const
{
    return tr("The certificate of %1 is not trusted: %2. Fingerprint (SHA-256): %3")
        .arg(serverName(), reasons().join(QStringLiteral("; ")), fingerprint());
}

std::optional<CertificateProblem> CertificateProblem::of(const QNetworkReply *reply)
{
    if (!reply)
        return std::nullopt;
    const QVariant v = reply->property(kProblemProperty);
    if (!v.isValid() || !v.canConvert<CertificateProblem>())
        return std::nullopt;
    return v.value<CertificateProblem>();
}

void CertificateProblem::setOn(QNetworkReply *reply, const CertificateProblem &problem)
{
    reply->setProperty(kProblemProperty, QVariant::fromValue(problem));
}

} // namespace threadline::core

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// TLS trust beyond the system's certificate authorities: certificates the user chose to trust
// ("pinned"), one per server origin, and the words for a certificate that is not trusted.
//
//   // in the manager's sslErrors handler (ApiClient does this for every reply):
//   if (TlsPins::matches(origin, peerCertificate)) reply->ignoreSslErrors(errors);
//   // in the UI, after the user said "Trust this certificate":
//   TlsPins::pin(problem.origin, problem.certificate);
//
// A pin is the SHA-256 of the certificate's DER, kept in the application's QSettings (group
// `tlsPins`, key: the origin percent-encoded, value: lower-case hex). A fingerprint is not a
// secret: tokens stay in the keychain. A pin trusts exactly that certificate at exactly that
// origin (scheme://host:port); another certificate there is refused as "changed". A
// certificate that the system (or ApiClient::setCaCertificates) trusts needs no pin.
#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QSslCertificate>
#include <QSslError>
#include <QString>
#include <QStringList>
#include <QUrl>
#include <optional>

class QNetworkReply;

namespace threadline::core {

class TlsPins
{
public:
    // "https://host:port" (host lower-case, the port always written); "" for a URL without host.
    [[nodiscard]] static QString originOf(const QUrl &url);
    // SHA-256 of the DER (32 raw bytes); empty for a null certificate.
    [[nodiscard]] static QByteArray fingerprint(const QSslCertificate &certificate);
    // "AB:CD:…" (upper-case hex pairs).
    [[nodiscard]] static QString formatFingerprint(const QByteArray &sha256);

    // The pin of that origin (32 raw bytes), empty when none.
    [[nodiscard]] static QByteArray pinFor(const QString &origin);
    [[nodiscard]] static bool matches(const QString &origin, const QSslCertificate &certificate);
    static void pin(const QString &origin, const QSslCertificate &certificate);
    static void unpin(const QString &origin);
};

// Why a server's certificate was refused, with what the user needs to decide whether to trust
// it. Set on the QNetworkReply that failed (of()), carried by ApiReply::certificateProblem() and
// ApiClient::untrustedCertificate().
struct CertificateProblem
{
    QString origin;
    QSslCertificate certificate; // the server's (leaf) certificate
    QList<QSslError> errors;     // as the verification reported them
    QByteArray pinned;           // the pin at this origin when it is another certificate

    [[nodiscard]] bool isNull() const { return origin.isEmpty(); }
    // Another certificate than the one the user trusted at this origin.
    [[nodiscard]] bool changed() const { return !pinned.isEmpty(); }
    [[nodiscard]] QString fingerprint() const; // AB:CD:… of certificate
    [[nodiscard]] QString subject() const;     // common name(s), else the whole subject
    [[nodiscard]] QString issuer() const;
    [[nodiscard]] QDateTime validFrom() const { return certificate.effectiveDate(); }
    [[nodiscard]] QDateTime validUntil() const { return certificate.expiryDate(); }
    // Each reason in words (translated, context "TlsPins"): "it is self-signed", "it is for
    // example.com, not for 127.0.0.1", "it expired on …", "it is not the certificate you
    // trusted for this server: the certificate changed", …; each said once.
    [[nodiscard]] QStringList reasons() const;
    // "The certificate of 127.0.0.1:4433 is not trusted: <reasons>. Fingerprint (SHA-256): …"
    [[nodiscard]] QString describe() const;
    // host:port of the origin, as shown to the user.
    [[nodiscard]] QString serverName() const;

    // The problem recorded on a reply of ApiClient's manager, if any.
    [[nodiscard]] static std::optional<CertificateProblem> of(const QNetworkReply *reply);
    static void setOn(QNetworkReply *reply, const CertificateProblem &problem);
};

} // namespace threadline::core

Q_DECLARE_METATYPE(threadline::core::CertificateProblem)

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What the API client's three files share (apiclient.cpp: the client; apireply.cpp: one request
// across its attempts; guardednetwork.cpp: the one QNetworkAccessManager and its checks).
// Internal to core: nothing outside apiclient*.cpp / apireply.cpp / guardednetwork.cpp (and the
// stream reader, eventstream.cpp, which answers as they do) includes it.
#pragma once

#include "net/apierror.h"

#include <QByteArray>
#include <QLoggingCategory>
#include <QNetworkAccessManager>
#include <QNetworkRequest>
#include <QPointer>
#include <QString>
#include <QUrl>

#include <algorithm>

Q_DECLARE_LOGGING_CATEGORY(lcApi)

namespace threadline::core {

class ApiClient;

namespace apidetail {

// The biggest answer body kept in memory (the contract's biggest answers are a few MiB).
constexpr qint64 kMaxAnswerBytes = 32 * 1024 * 1024;
// The property that marks a reply the manager refused because the client is offline.
constexpr char kOfflineProperty[] = "threadline_offline";
// The property that marks a reply whose certificate errors were ignored for its pin.
constexpr char kPinnedProperty[] = "threadline_tlsPinned";
inline const QByteArray kAuthorization = QByteArrayLiteral("Authorization");
// Set by the client itself on a sign-in call to a server other than baseUrl: the origin its
// token belongs to (RequestOptions::server).
inline const auto kTokenOriginAttribute = QNetworkRequest::Attribute(QNetworkRequest::User + 17);
inline const QByteArray kFaultBody = QByteArray(
    R"json({"error":{"code":"fault_injected","message":"service unavailable (simulated fault)"}})json");

inline ApiError errorOf(ApiError::Kind kind, const QString &message)
{
    ApiError e;
    e.kind = kind;
    e.message = message;
    return e;
}

inline ApiError offlineError()
{
    return errorOf(ApiError::Kind::Offline, QStringLiteral("offline: nothing was sent"));
}

inline int defaultPort(const QString &scheme)
{
    if (scheme == QLatin1String("https"))
        return 443;
    if (scheme == QLatin1String("http"))
        return 80;
    return -1;
}

inline bool isHttpUrl(const QUrl &url)
{
    const QString scheme = url.scheme().toLower();
    return url.isValid() && !url.host().isEmpty() &&
           (scheme == QLatin1String("http") || scheme == QLatin1String("https"));
}

// A token is sent in a header: only visible ASCII, so that it can never split the header.
inline bool isSendableToken(const QString &token)
{
    return std::all_of(token.cbegin(), token.cend(),
                       [](QChar c) { return c.unicode() > 0x20 && c.unicode() < 0x7f; });
}

} // namespace apidetail

// The one manager: every request through it (the API's and the image cache's) is checked here.
class GuardedNetworkAccessManager : public QNetworkAccessManager
{
public:
    explicit GuardedNetworkAccessManager(ApiClient *client);

    // Aborts every request in flight (going offline).
    void abortAll();

protected:
    QNetworkReply *createRequest(Operation op, const QNetworkRequest &original,
                                 QIODevice *outgoingData) override;

private:
    // The pin decides: the certificate pinned for this origin is accepted with exactly the errors
    // reported for it; anything else is refused (nothing ignored) and recorded on the reply.
    void checkCertificate(QNetworkReply *reply, const QList<QSslError> &errors);
    void forget(QNetworkReply *reply);

    ApiClient *m_client;
    QList<QPointer<QNetworkReply>> m_running;
    class HeaderWatch *m_headers = nullptr; // endless headers: cut, and a breaker per origin

public:
    [[nodiscard]] HeaderWatch *headerWatch() const { return m_headers; }
};

} // namespace threadline::core

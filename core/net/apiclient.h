// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The API client: the client's one HTTP entry point over one QNetworkAccessManager
// (docs/design.md, "House style": every reply is owned by its requester and deleteLater()ed, all
// 2xx are success, every request has a timeout, errors reach the caller and one app-wide sink).
//
//   ApiReply *r = api->get(QStringLiteral("/api/v1/posts/90012"), this);
//   connect(r, &ApiReply::finished, this, [this, r] {
//       if (!r->ok())
//           return show(r->error().describe());
//       auto post = decodePost(r->body());   // a 2xx the caller cannot decode is its Decode
//       …
//   });                                       // r is deleteLater()ed after finished()
//
// What it guarantees:
// - Retries only transient failures (Network, Timeout, 5xx, 429) and only requests that are safe
//   to repeat: GET, HEAD, PUT and DELETE always, POST only with an idempotency key. Delays are
//   capped exponential backoff with full jitter; Retry-After (429/503) is honoured as a minimum,
//   and a Retry-After longer than the policy's maxDelayMs ends the request at once with
//   retryAfterSecs set, so that the caller (the outbox) schedules it instead of a reply that
//   waits for minutes.
// - Offline (setOffline(true)): nothing leaves the process — requests fail on the next event-loop
//   turn with Kind::Offline; going offline fails every request in flight or waiting to retry
//   with Kind::Offline too. The same holds for anything sent through network() (the image
//   cache): the manager itself refuses while offline.
// - The token goes only to baseUrl's origin (scheme, host, port): the manager strips an
//   Authorization header from every request to another origin, whoever built it.
// - HTTP/2 off, no redirects followed (a 3xx is an Http error), no cookies stored or sent,
//   no token in any log.
// - TLS (every reply of the manager: API, sign-in, images): a certificate the system's
//   authorities (plus setCaCertificates()) trust is accepted; any other is refused before a
//   byte of the request leaves — Kind::Tls, code "untrusted_certificate" (or
//   "certificate_changed"), the reasons in words — unless it is the very certificate the user
//   pinned for that origin (tlspins.h): then exactly the errors reported for it are ignored.
//   A refusal is also untrustedCertificate(problem), with what the UI needs to offer trust.
// - Each attempt resolves its path against the base URL and token current at that moment: a
//   request waiting to retry follows setBaseUrl()/setToken().
#pragma once

#include "net/apierror.h"
#include "net/faultinjection.h"
#include "net/pagerevalidator.h"
#include "net/tlspins.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QList>
#include <QObject>
#include <QPair>
#include <QPointer>
#include <QRandomGenerator>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <optional>

class QJsonObject;
class QNetworkAccessManager;
class QNetworkReply;
class QNetworkRequest;
class QTimer;

namespace threadline::core {

class ApiClient;
class GuardedNetworkAccessManager;
struct Call;

// Capped exponential backoff with full jitter: before retry n (0-based), wait
// random(0, min(maxDelayMs, baseDelayMs × 2^n)) ms. maxAttempts counts the first attempt.
struct RetryPolicy
{
    int maxAttempts = 4;
    int baseDelayMs = 500;
    int maxDelayMs = 30000;

    friend bool operator==(const RetryPolicy &, const RetryPolicy &) = default;
};

struct RequestOptions
{
    QByteArray idempotencyKey;                   // sent as Idempotency-Key; makes a POST retryable
    QByteArray contentType = "application/json"; // for a request with a body (POST/PUT always)
    int timeoutMs = -1;                          // -1 (or 0): the client's setTimeoutMs()
    // The whole attempt, however it trickles in (a byte every few seconds keeps an inactivity
    // timer quiet for ever): -1 (or 0) is 4 × the inactivity timeout, at least 60 s.
    int deadlineMs = -1;
    bool retry = true; // false: one attempt, whatever the method
    // A sign-in's own calls (Session): the server they go to instead of baseUrl (its path
    // prefix kept) and the token they carry instead of the client's ("" none). That token goes
    // to that server's origin only.
    QUrl server;
    std::optional<QString> token;
    // QA's fault injection (setFaultConfig) applies to this request; the session's calls turn it
    // off: a sign-in is one attempt, and a simulated 503 would fail it outright.
    bool injectFaults = true;
};

// One request, across all its attempts. Owned by the requester (the owner given to request()),
// deleteLater()ed by the client after finished(); read it inside the finished() handler. If the
// owner is destroyed first, the request is cancelled silently (no signal).
class ApiReply : public QObject
{
    Q_OBJECT

public:
    ~ApiReply() override;

    [[nodiscard]] bool ok() const { return m_finished && m_error.ok(); }
    [[nodiscard]] bool isFinished() const { return m_finished; }
    [[nodiscard]] int status() const { return m_status; }    // of the last answer; 0 without one
    [[nodiscard]] QByteArray body() const { return m_body; } // of the last answer
    // The body parsed as JSON; a null document when it is not JSON (or empty, e.g. 204).
    [[nodiscard]] QJsonDocument json() const;
    // A header of the last answer (case-insensitive); empty when absent.
    [[nodiscard]] QByteArray header(const QByteArray &name) const;
    [[nodiscard]] ApiError error() const { return m_error; }
    [[nodiscard]] int attempts() const { return m_attempts; } // attempts started so far
    [[nodiscard]] QByteArray method() const { return m_method; }
    [[nodiscard]] QString path() const { return m_path; }
    // When the last attempt failed because the server's certificate is not trusted.
    [[nodiscard]] std::optional<CertificateProblem> certificateProblem() const
    {
        return m_certificateProblem;
    }

    // Stops the request: finished() with Kind::Cancelled, synchronously. Nothing after finish.
    void abort();

Q_SIGNALS:
    // Once, at the end (success or final failure).
    void finished();
    // An attempt failed with a transient error and the next one starts in delayMs.
    // `attempt` is the number of the attempt that failed (1 for the first).
    void retrying(int attempt, int delayMs, const threadline::core::ApiError &error);

private:
    friend class ApiClient;
    ApiReply(ApiClient *client, QByteArray method, QString path, QByteArray body,
             RequestOptions options, QObject *parent);

    // Before each step of an attempt: false (and finished) when the request cannot go on —
    // already finished, the client gone (Cancelled) or offline.
    [[nodiscard]] bool mayGoOn();
    void startAttempt(); // after latency: sends (or fakes) one attempt
    void beginAttempt(); // rolls the faults, waits the latency
    void onNetworkFinished();
    void onTimeout();
    void onDeadline();
    void timedOut(const QString &why); // the attempt in flight is over: Kind::Timeout
    void attemptFailed(const ApiError &error);
    void finish(const ApiError &error, bool emitSignals = true);
    void dropNetworkReply();
    [[nodiscard]] bool isRetryable() const;

    QPointer<ApiClient> m_client;
    QByteArray m_method;
    QString m_path;
    QByteArray m_requestBody;
    RequestOptions m_options;

    QPointer<QNetworkReply> m_net;
    QTimer *m_waitTimer = nullptr;     // latency and retry delays
    QTimer *m_timeoutTimer = nullptr;  // inactivity timeout of the attempt in flight
    QTimer *m_deadlineTimer = nullptr; // the attempt's overall deadline
    bool m_timedOut = false;
    bool m_headersSeen = false;       // of the attempt in flight
    bool m_dropAnswer = false;        // fault injection: lose this attempt's answer
    bool m_sentAuthorization = false; // this attempt carried the token
    QString m_pageKey;                // a GET: its key in the client's PageRevalidator
    bool m_sentEtag = false;          // this attempt carried If-None-Match
    QStringList m_tlsErrors;
    std::optional<CertificateProblem> m_certificateProblem;
    QElapsedTimer m_clock;

    int m_attempts = 0;
    QByteArray m_requestId; // the X-Request-Id of the attempt under way (or the last one)
    bool m_finished = false;
    int m_status = 0;
    QByteArray m_body;
    QList<QPair<QByteArray, QByteArray>> m_headers;
    ApiError m_error;
};

class ApiClient : public QObject
{
    Q_OBJECT

public:
    explicit ApiClient(QObject *parent = nullptr);
    ~ApiClient() override; // cancels what is still running, silently

    // e.g. http://127.0.0.1:PORT ; request paths are "/api/v1/…" (with their query string).
    void setBaseUrl(const QUrl &url);
    [[nodiscard]] QUrl baseUrl() const { return m_baseUrl; }
    // Authorization: Bearer <token>, sent only to baseUrl's origin. "" sends none.
    void setToken(const QString &token);
    [[nodiscard]] bool hasToken() const { return !m_token.isEmpty(); }

    void setOffline(bool offline);
    [[nodiscard]] bool isOffline() const { return m_offline; }

    // Authorities trusted besides the system's, for every request of the manager (a company's
    // own CA; tests). Empty: the system's only.
    void setCaCertificates(const QList<QSslCertificate> &certificates);
    [[nodiscard]] QList<QSslCertificate> caCertificates() const { return m_caCertificates; }

    void setTimeoutMs(int ms); // default 15000; an inactivity timeout per attempt
    [[nodiscard]] int timeoutMs() const { return m_timeoutMs; }
    void setRetryPolicy(const RetryPolicy &policy);
    [[nodiscard]] RetryPolicy retryPolicy() const { return m_policy; }
    // Applies from the next attempt on (also at run time: the QA panel); faultConfigChanged().
    void setFaultConfig(const FaultConfig &faults);
    [[nodiscard]] FaultConfig faultConfig() const { return m_faults; }
    // Makes backoff jitter and fault rolls reproducible (tests, QA runs).
    void setRandomSeed(quint32 seed);

    // The one manager, for the image cache: offline refusal (going offline also aborts its
    // requests in flight), origin-only Authorization (a request carrying the token follows
    // redirects within its origin at most), no cookies and no HTTP/2 hold for its requests too;
    // redirects are off unless a request asks for them. It sets no timeout of its own:
    // QNetworkRequest::setTransferTimeout per request.
    [[nodiscard]] QNetworkAccessManager *network() const;

    // path: "/api/v1/…" resolved against baseUrl(), or an absolute http(s) URL (which gets the
    // token only when it has baseUrl's origin). owner: the reply's parent (nullptr: the client).
    ApiReply *request(const QByteArray &method, const QString &path, const QByteArray &body,
                      QObject *owner, const RequestOptions &options = {});
    ApiReply *get(const QString &path, QObject *owner, const RequestOptions &options = {});
    ApiReply *postJson(const QString &path, const QJsonObject &body, QObject *owner,
                       const RequestOptions &options = {});
    ApiReply *put(const QString &path, const QJsonObject &body, QObject *owner,
                  const RequestOptions &options = {});
    ApiReply *put(const QString &path, QObject *owner,
                  const RequestOptions &options = {}); // no body
    ApiReply *del(const QString &path, QObject *owner, const RequestOptions &options = {});
    // One of the contract's calls (endpoints.h). A keyed call gets a fresh Idempotency-Key
    // unless the options carry one (the outbox's, kept across restarts).
    ApiReply *send(const Call &call, QObject *owner, RequestOptions options = {});

    // The URL a path resolves to now (see request()).
    [[nodiscard]] QUrl resolve(const QString &path) const;
    // The same against another server (RequestOptions::server).
    [[nodiscard]] static QUrl resolve(const QString &path, const QUrl &server);
    // True when url has baseUrl's origin: same scheme, host and port (default ports filled in).
    [[nodiscard]] bool isSameOrigin(const QUrl &url) const;
    [[nodiscard]] static bool sameOrigin(const QUrl &a, const QUrl &b);
    // Before retry `retryIndex` (0 for the first retry): random(0, min(max, base × 2^index)).
    [[nodiscard]] static int backoffDelayMs(int retryIndex, const RetryPolicy &policy,
                                            QRandomGenerator &rng);
    // The cap of that range: min(maxDelayMs, baseDelayMs × 2^retryIndex), without overflow.
    [[nodiscard]] static int backoffCapMs(int retryIndex, const RetryPolicy &policy);
    // A fresh Idempotency-Key value (a UUID without braces).
    [[nodiscard]] static QByteArray newIdempotencyKey();
    // Holding requests back while nobody is signed in (QA's `--cache FILE` with no account): a
    // request that needs a token (every call but sign-in, /health and /media) and has none
    // fails at once as Kind::Offline ("not signed in: nothing was sent"), not as a 401 — the
    // outbox keeps it waiting and sends it once someone signs in. Off by default.
    void setHoldWithoutToken(bool hold) { m_holdWithoutToken = hold; }
    [[nodiscard]] bool holdsWithoutToken() const { return m_holdWithoutToken; }
    // True for the paths that need no token: /auth/login, /health, /media/…
    [[nodiscard]] static bool isPublicPath(const QString &path);
    // The read pages answered 304 (If-None-Match with the ETag of the last answer, kept in
    // memory per URL and token: pagerevalidator.h) and the page bytes those answers saved.
    [[nodiscard]] PageRevalidator::Counts revalidation() const { return m_pages.counts(); }

    // Requests not finished yet (in flight or waiting to retry).
    [[nodiscard]] int pendingCount() const { return int(m_live.size()); }

    // A GET whose answer is read as it arrives and may never end (the push stream,
    // net/eventstream.h). Built as every call is (the token to baseUrl's origin only, no HTTP/2,
    // no redirects, no cookies) and sent through the one manager (offline refusal, and going
    // offline aborts it; TLS checks and pins). No timeout, no retry, no answer cap: the caller
    // reads, bounds and ends it, and owns the reply (deleteLater()). `headers` are added to the
    // request (Accept replaced). Null when the path does not resolve to an http(s) URL.
    // *withToken: whether the request carries the token (a 401 then means sign in again).
    [[nodiscard]] QNetworkReply *openStream(const QString &path,
                                            const QList<QPair<QByteArray, QByteArray>> &headers,
                                            bool *withToken = nullptr);

Q_SIGNALS:
    // The app-wide error sink: every final failure except Kind::Cancelled (offline included),
    // with the request's path (query included) and method ("GET", "POST", …).
    void requestFailed(const threadline::core::ApiError &error, const QString &path,
                       const QByteArray &method);
    // A 401 came back to a request that carried the token (a failed sign-in does not count).
    void unauthorized();
    void offlineChanged(bool offline);
    // The faults changed (normalized, as faultConfig() now says).
    void faultConfigChanged(const threadline::core::FaultConfig &faults);
    // A request of the manager (any: API, sign-in, image) was refused because the server's
    // certificate is not trusted (or is not the one pinned). Queued: after the sslErrors
    // handler, before or after the request's own failure. TlsPins::pin() and a retry trust it.
    void untrustedCertificate(const threadline::core::CertificateProblem &problem);

private:
    friend class ApiReply;
    friend class GuardedNetworkAccessManager;

    [[nodiscard]] QNetworkRequest buildRequest(const ApiReply &reply, const QUrl &url,
                                               bool *withToken) const;
    [[nodiscard]] QNetworkRequest buildRequest(const QByteArray &method, bool hasBody,
                                               const RequestOptions &options, const QUrl &url,
                                               bool *withToken) const;

    GuardedNetworkAccessManager *m_nam = nullptr;
    QUrl m_baseUrl;
    QString m_token;
    bool m_offline = false;
    bool m_holdWithoutToken = false;
    QList<QSslCertificate> m_caCertificates;
    int m_timeoutMs = 15000;
    RetryPolicy m_policy;
    FaultConfig m_faults;
    QRandomGenerator m_rng;
    QSet<ApiReply *> m_live;
    PageRevalidator m_pages;
};

} // namespace threadline::core

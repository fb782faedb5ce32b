// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHostAddress>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>
#include <optional>

namespace threadline::server {

// "10.0.0.0/8", "2001:db8::/32" or a single address; nothing when it is neither.
std::optional<QPair<QHostAddress, int>> parseSubnet(const QString &text);
QHostAddress plainAddress(const QHostAddress &a);

struct ServerConfig
{
    QHostAddress address = QHostAddress::LocalHost;
    quint16 port = 8080;
    QString dbUrl; // sqlite:PATH or postgresql://…
    bool demo = false;
    QString mediaDir;       // where uploaded and demo images live
    QString wordlistFile;   // auto-flag words, one a line; empty: the built-in list
    int changelogDays = 30; // how long /sync cursors stay valid
    bool rateLimits = true;
    int rateLimitKeys = 100'000; // buckets kept at most (least recently used go first)
    qint64 tokenTtlSeconds = 30LL * 24 * 3600; // a token expires this long after the sign-in

    // The HTTP front (httpserver.h): timeouts in milliseconds, connection caps.
    int idleTimeoutMs = 60'000;      // a keep-alive connection with no request under way
    int headerTimeoutMs = 10'000;    // from a request's first byte to the end of its headers
    int bodyTimeoutMs = 30'000;      // the longest wait for the next bytes of a body, or for the
                                     // peer to take the next bytes of an answer
    int maxConnections = 4096;       // open at once; one more is answered 503 and closed
    int maxConnectionsPerPeer = 256; // from one address

    // The push stream (GET /stream, http/eventstream.h).
    int maxStreams = 10'000;               // open in this process; one more is answered 503
    int maxStreamsPerUser = 8;             // open for one user in this process; one more: 429
    int streamPingMs = 15'000;             // a comment line this often through idle proxies
    qint64 streamBufferBytes = 256 * 1024; // unread by the peer; more: `overflow` and closed

    // HTTPS: both set, or neither (plain HTTP). PEM files.
    QString tlsCertFile;
    QString tlsKeyFile;

    // --trusted-proxy: peers whose X-Forwarded-For is believed (address, prefix).
    QList<QPair<QHostAddress, int>> trustedProxies;
    // --token-cache: on PostgreSQL, how long a successful token check is reused (0: never).
    qint64 tokenCacheMs = 2000;
    // --workers: on PostgreSQL, threads with a connection each for the routes that allow it
    // (Api::onWorker()); 0: everything on the HTTP thread. Default: the cores (at least 2) —
    // on 2 cores, 4 workers per process contended more than they overlapped (likes p99
    // 170-190 ms against 31-85 ms with 2 at 2,500/s).
    int workers = 4;
    // --read-cache: on PostgreSQL, rendered reads kept until the change log says otherwise.
    bool readCache = true;

    // Operations (docs/deploy.md "Logs", "Metrics", "Restarts").
    // --drain-seconds: after SIGTERM, how long requests in flight may take before the process
    // exits anyway.
    int drainMs = 10'000;
    // --log-format: text (an ISO-8601 time first) or journal (a <N> level prefix for journald,
    // no time); auto: journal when stderr is the journal's stream ($JOURNAL_STREAM), else text.
    enum class LogFormat { Auto, Text, Journal };
    LogFormat logFormat = LogFormat::Auto;
    // --metrics-from: besides loopback, peers allowed to read GET /metrics (address, prefix).
    QList<QPair<QHostAddress, int>> metricsFrom;
    [[nodiscard]] bool mayReadMetrics(const QHostAddress &peer) const;

    [[nodiscard]] bool isTrustedProxy(const QHostAddress &address) const;
    // The client's address for per-address limits and the log: the peer, or — when the peer is
    // a trusted proxy — the right-most X-Forwarded-For entry that is not a trusted proxy.
    [[nodiscard]] QString clientAddress(const QString &peer, const QByteArray &forwardedFor) const;

    // Parses the command line (argv without the program name handled by QCommandLineParser).
    // Returns an error message, or nothing when the configuration is usable.
    static std::optional<QString> parse(const QStringList &arguments, ServerConfig *out);
};

} // namespace threadline::server

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "api/api.h"
#include "serverconfig.h"

#include <QElapsedTimer>
#include <QHash>
#include <QHostAddress>
#include <QObject>
#include <QSslConfiguration>
#include <QTcpServer>
#include <QTimer>
#include <functional>
#include <optional>

class QThreadPool;

namespace threadline::server {

class EventStreams;
class HttpConnection;
class Workers;

// The HTTP front: a small strict HTTP/1.1 server on QTcpServer (keep-alive, `Connection:
// close`, HTTP/1.0, HEAD, pipelining answered in order, chunked request bodies, `Expect:
// 100-continue`). Every request goes to the Api; one log line per request on stderr (method,
// route, status, milliseconds, request id, ops/serverlog.h) — never a token, a password or a body.
//
// What a peer can cost is bounded before it signs in:
// - the request line (kMaxRequestLine, else 414) and the header block (kMaxHeaderBytes, else
//   431); lenient HTTP is refused as nginx does (400, 505 for a version other than 1.x);
// - Api::precheck() runs on the headers: an unknown route, a missing or bad token, or a
//   declared Content-Length over the route's limit is answered before a byte of the body is
//   read (a refused body over 64 KiB is never read: the connection closes); a chunked body is
//   counted as it arrives;
// - answers the peer does not read: above kMaxUnsentBytes no further pipelined request is read;
// - time: an idle keep-alive timeout, a header timeout (the whole header block), a body
//   progress timeout (also for an answer the peer does not take);
// - connections: at most --max-connections, --max-connections-per-peer from one address; one
//   more is answered 503 and closed; accept errors (out of descriptors) pause accepting briefly.
// Password checks (Api::Deferred) run on a worker pool; the request thread keeps answering.
// On PostgreSQL, reads and likes (Api::onWorker()) run on --workers threads with a database
// connection each (workers.h), after the request thread's precheck.
// This class is the listener, the caps and the pool; one connection's state machine is
// HttpConnection (httpconnection.h), the parsing and serialising of HTTP/1.1 is httpwire.h.
//
// The push stream (GET /api/v1/stream, eventstream.h) is a request whose answer does not end:
// after its precheck the connection is handed to EventStreams, and none of the timeouts above
// applies to it any more (the stream pings, and drops a peer that leaves more than
// --stream-buffer unread); it counts against the connection caps as any connection does.
//
// HTTPS (--tls-cert/--tls-key, configureTls()): every accepted socket is a QSslSocket that starts
// its server handshake at once, inside the same connection object, so every cap and timeout
// above holds for it too: the handshake counts against the header timeout (a stalled one is
// closed then), answers waiting to be encrypted or sent count against kMaxUnsentBytes, the caps
// count TLS connections before their handshake. A failed handshake (plain HTTP to the TLS port,
// a client that refuses the certificate) logs one line and closes the connection.
class HttpServer : public QObject
{
public:
    static constexpr qsizetype kMaxRequestLine = 16 * 1024;
    static constexpr qsizetype kMaxHeaderBytes = 64 * 1024;
    static constexpr qint64 kMaxUnsentBytes = 1024 * 1024;
    static constexpr int kMetricsRoute = -2; // Request::routeIndex of GET /metrics

    HttpServer(Api &api, const ServerConfig &config, QObject *parent = nullptr);
    ~HttpServer() override;

    // Listens (backlog 4096); returns the port, 0 on failure.
    quint16 listen(const QHostAddress &address, quint16 port);
    // HTTPS from now on: the certificate (PEM; a chain after it is sent along) and its private
    // key (PEM, RSA or EC, unencrypted). False with a reason when they cannot be used.
    bool configureTls(const QString &certFile, const QString &keyFile, QString *error);
    [[nodiscard]] bool isTls() const { return m_tls; }

    // A graceful stop (SIGTERM, docs/deploy.md "Restarts"): the listening socket is closed (a
    // new connection is refused by the kernel), idle keep-alive connections are closed at once,
    // push streams are told to reconnect (event `reconnect`) and ended, and a request in
    // flight finishes with `Connection: close` on its answer. `done` runs once, when the last
    // connection is gone or after --drain-seconds, whichever comes first.
    void drain(std::function<void()> done);
    [[nodiscard]] bool draining() const { return m_draining; }

private:
    friend class HttpConnection;
    void acceptAll();
    void acceptLater(); // acceptAll() soon, when a connection waits for it
    void released(HttpConnection *c, const QString &peer);
    void runDeferred(quint64 connectionId, std::shared_ptr<Api::Deferred> deferred);
    // True when the request went to a worker thread (workers.h); its answer comes back to the
    // connection's workerDone().
    bool runOnWorker(quint64 connectionId, const Request &req);
    // The access line (ops/serverlog.h) and the request's metrics: `req` as far as it was
    // parsed (its route, its id; the client address after --trusted-proxy).
    void logRequest(const Request &req, int status, const QElapsedTimer &timer);
    // GET /metrics (ops/metrics.h): nothing when `req` is not that request or its peer may not
    // read them (loopback, --metrics-from; never a request a proxy forwarded).
    std::optional<Response> metricsAnswer(const Request &req, const QHostAddress &peer) const;
    void checkDrained();
    void drained();

    // Hands out QSslSockets (not yet encrypted) when TLS is configured.
    class Listener : public QTcpServer
    {
    public:
        explicit Listener(HttpServer &server)
            : m_server(server)
        {
        }

    protected:
        void incomingConnection(qintptr descriptor) override;

    private:
        HttpServer &m_server;
    };

    Api &m_api;
    ServerConfig m_config;
    bool m_tls = false;
    QSslConfiguration m_sslConfig;
    Listener m_tcp{*this};
    QThreadPool *m_pool = nullptr;
    std::unique_ptr<Workers> m_workers;      // PostgreSQL with --workers > 0
    std::unique_ptr<EventStreams> m_streams; // the push streams (GET /stream)
    int m_maxConnections = 0;
    int m_open = 0;     // connections counted against the caps
    int m_refusing = 0; // connections being refused (503 on its way out)
    // Over a cap while kMaxRefusing refusals are under way: it waits for a refusal to end, and
    // the connections behind it in Qt's queue and the kernel's backlog wait too (every accepted
    // connection gets its answer; none is reset unanswered).
    QTcpSocket *m_held = nullptr;
    bool m_acceptQueued = false;
    QHash<QString, int> m_perPeer;
    QHash<quint64, HttpConnection *> m_connections;
    quint64 m_nextId = 1;
    QList<QByteArray> m_routeNames; // by route index: the pattern, for the log line
    bool m_draining = false;
    std::function<void()> m_drained;
    QTimer *m_drainTimer = nullptr;
};

} // namespace threadline::server

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// One connection of the HTTP front (httpserver.h): the per-connection state machine that reads
// a request head and body at a time (httpwire.h parses them), hands the request to the Api,
// writes the answer, and enforces the timeouts, the unread-answer cap and the lingering close.
#pragma once

#include "api/api.h"

#include <QAbstractSocket>
#include <QByteArray>
#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QTimer>

class QSslSocket;
class QTcpSocket;

namespace threadline::server {

class HttpServer;

// One TCP connection: reads one request at a time (the next pipelined one only after the
// answer to this one is written), so answers leave in order.
class HttpConnection : public QObject
{
public:
    enum class State {
        Head,      // reading a request line and headers
        Body,      // reading a body
        Discard,   // reading (and dropping) the small body of a refused request
        Working,   // the Api's deferred step runs on the pool, or the request on a worker
        Streaming, // a push stream (eventstream.h): events are written until it ends
        Closing,   // the last answer is out or on its way; what comes is dropped
    };

    HttpConnection(HttpServer &server, QTcpSocket *socket, quint64 id, QString peer);

    // Answers 503 at once and closes: over a connection cap.
    void refuse();

    bool refused() const { return m_refused; }
    const QString &peer() const { return m_peer; }

    void process();

    // The Api's deferred step is done: its answer, then the next request.
    void completed(const Api::Deferred &deferred, const QVariant &result);
    // A worker thread's answer (HttpServer::runOnWorker()): written, then the next request.
    void workerDone(const Response &r);

    // The push stream (eventstream.h), from the Working state of its request:
    // - refuseStream(): an ordinary answer (400, 429, 503), then the next request;
    // - startStream(): the stream's head; from now on no timeout of a request applies (the
    //   stream pings), what the peer sends is dropped, and the answer ends only by endStream()
    //   (its last bytes, then a lingering close) or by the peer;
    // - streamWrite(): an event.
    void refuseStream(const Response &r) { workerDone(r); }
    void startStream(const QByteArray &head);
    void streamWrite(const QByteArray &bytes);
    void endStream(const QByteArray &last);
    [[nodiscard]] quint64 id() const { return m_id; }
    [[nodiscard]] const QByteArray &requestId() const { return m_req.requestId; }
    // The server drains (HttpServer::drain()): closed now when idle between requests, else
    // after the answer under way (with `Connection: close`).
    void drain();
    // Answer bytes not yet handed to the kernel: with TLS, those waiting to be encrypted and
    // the encrypted ones waiting in the plain socket.
    [[nodiscard]] qint64 unsent() const;

private:
    void socketError(QAbstractSocket::SocketError error);
    void handshakeFailed(const QString &why);
    qint64 lingerLeft() const;
    void armHeaderDeadline();
    // Head: true when a whole request head was taken from m_in (and handled), false when more
    // bytes are needed (or the connection is closing).
    bool parseHead();
    bool refuseHead(int status, const char *code, const QString &message);
    void handleHead(const QByteArray &head);
    bool headers100Continue() const;
    // Body / Discard: true when bytes were used from m_in.
    bool readBody();
    // Up to m_bodyLeft bytes from m_in into the body (kept or dropped): false when none came.
    bool takeBodyBytes(bool keep);
    bool readChunked(bool keep);
    void bodyDone();
    void run();
    // Writes the answer and logs the request; then the next request (or the close).
    void answer(const Response &r);
    void afterAnswer();
    // A refusal after which the rest of the request is not read: the answer says so.
    void closeAfter(const Response &r);
    // The last answer: written, then the sending side shut down and what the peer still sends
    // read and dropped for a while (a lingering close, as nginx does, so that the peer reads the
    // answer instead of a reset), then closed.
    void closeWith(const QByteArray &bytes);
    // The header lines every answer carries besides the Response's own: X-Request-Id, and
    // `Connection: close` when the server closes after this answer although the peer asked
    // to keep the connection (a drain).
    [[nodiscard]] QList<QByteArray> extraHeaders(bool closing) const;
    void log(int status);
    void written();
    void timedOut();
    void gone();

    enum class ChunkState { Size, Data, DataEnd, Trailer };

    HttpServer &m_server;
    QTcpSocket *m_socket;
    QSslSocket *m_tls = nullptr; // m_socket, when the server speaks HTTPS
    quint64 m_id;
    QString m_peer;
    QTimer m_timer;
    QElapsedTimer m_requestTimer; // since the request's first byte (for the log line)
    QElapsedTimer m_linger;
    qint64 m_headDeadline = 0;
    QByteArray m_in; // received, not yet parsed
    State m_state = State::Head;
    bool m_headStarted = false;
    bool m_keepAlive = true;
    bool m_paused = false;
    bool m_lingering = false;
    bool m_dead = false;
    bool m_refused = false;
    QByteArray m_method;
    Request m_req;
    bool m_chunked = false;
    ChunkState m_chunkState = ChunkState::Size;
    qint64 m_bodyLeft = 0;
    qint64 m_bodyLimit = 0;
    qint64 m_trailerBytes = 0;

    friend class HttpServer;
};

} // namespace threadline::server

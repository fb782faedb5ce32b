// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The per-connection state machine of the HTTP front (httpconnection.h).
#include "http/httpconnection.h"

#include "http/eventstream.h"
#include "http/httpserver.h"
#include "http/httpwire.h"
#include "ops/serverlog.h"

#include <QSslSocket>
#include <QTcpSocket>
#include <cstdio>
#include <sys/socket.h>

namespace threadline::server {

namespace {

constexpr qint64 kReadBuffer = 64 * 1024; // what Qt buffers from one socket at most
constexpr int kLingerIdleMs = 2000;       // after a refusal: discard what still comes …
constexpr int kLingerTotalMs = 10000;     // … for at most this long
constexpr qsizetype kMaxChunkLine = 1024; // a chunk-size line with its extensions

} // namespace

HttpConnection::HttpConnection(HttpServer &server, QTcpSocket *socket, quint64 id, QString peer)
    : QObject(&server)
    , m_server(server)
    , m_socket(socket)
    , m_id(id)
    , m_peer(std::move(peer))
{
    m_socket->setParent(this);
    m_socket->setReadBufferSize(kReadBuffer);
    m_socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    m_tls = qobject_cast<QSslSocket *>(m_socket);
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, [this] { timedOut(); });
    connect(m_socket, &QTcpSocket::readyRead, this, [this] { process(); });
    // With TLS, bytesWritten means "encrypted", before the bytes reach the plain socket (Qt
    // 6.4 emits it before moving them out of OpenSSL): progress is encryptedBytesWritten
    // there, else a shutdown after the last answer would cut it off.
    if (!m_tls)
        connect(m_socket, &QTcpSocket::bytesWritten, this, [this] { written(); });
    connect(m_socket, &QTcpSocket::disconnected, this, [this] { gone(); });
    connect(m_socket, &QTcpSocket::errorOccurred, this,
            [this](QAbstractSocket::SocketError error) { socketError(error); });
    m_requestTimer.start();
    armHeaderDeadline(); // with TLS, the handshake counts against the header timeout
    if (m_tls) {
        // Encrypted bytes leave through the plain socket: its progress is the answer's.
        connect(m_tls, &QSslSocket::encryptedBytesWritten, this, [this] { written(); });
        m_tls->startServerEncryption();
    }
}

void HttpConnection::socketError(QAbstractSocket::SocketError error)
{
    if (m_tls && !m_tls->isEncrypted()) {
        // Plain HTTP to the TLS port, a client refusing the certificate (an
        // alert, or just its close), …: one line, closed (never read on, so
        // never a spin).
        handshakeFailed(m_tls->errorString());
        return;
    }
    if (m_tls && (error == QAbstractSocket::SslInternalError ||
                  error == QAbstractSocket::SslInvalidUserDataError)) {
        gone(); // a broken TLS stream: nothing more can be read from it
        return;
    }
    if (m_socket->state() != QAbstractSocket::ConnectedState) {
        gone();
        return;
    }
    // Qt reports a reset or a read error before it drops the socket, and then
    // does not always say disconnected(): look again once it is done, or the
    // connection would hold its place under --max-connections until the idle
    // timeout (connectionCapAnswers503 saw a freed place stay taken).
    QMetaObject::invokeMethod(
        this,
        [this] {
            if (!m_dead &&
                (m_socket->state() != QAbstractSocket::ConnectedState || !m_socket->isValid()))
                gone();
        },
        Qt::QueuedConnection);
}

void HttpConnection::refuse()
{
    m_refused = true;
    const Response r =
        httpError(503, "unavailable", QStringLiteral("too many connections; try again later"));
    m_req.requestId = serverlog::requestId({});
    m_req.peer = m_peer;
    log(503);
    closeWith(serialize(
        r, true, {"Retry-After: 1", "Connection: close", "X-Request-Id: " + m_req.requestId}));
}

void HttpConnection::process()
{
    if (m_dead)
        return;
    if (m_state == State::Streaming) {
        m_socket->readAll(); // a stream reads no further request: dropped
        return;
    }
    if (m_state == State::Closing) {
        m_socket->readAll(); // dropped
        if (m_lingering)
            m_timer.start(std::min<qint64>(kLingerIdleMs, lingerLeft()));
        return;
    }
    while (!m_dead && m_state != State::Working && m_state != State::Closing) {
        if (unsent() > HttpServer::kMaxUnsentBytes) {
            // The peer does not read its answers: read no further request until it does
            // (the timer runs from here and restarts only when the peer takes some).
            if (!m_paused) {
                m_paused = true;
                m_timer.start(m_server.m_config.bodyTimeoutMs);
            }
            return;
        }
        m_paused = false;
        bool progressed = false;
        switch (m_state) {
        case State::Head:
            progressed = parseHead();
            break;
        case State::Body:
        case State::Discard:
            progressed = readBody();
            break;
        default:
            break;
        }
        if (m_dead || m_state == State::Closing || m_state == State::Working)
            return;
        if (progressed)
            continue;
        // More bytes are needed: take what Qt has buffered, or wait for readyRead.
        if (m_socket->bytesAvailable() <= 0)
            return;
        const QByteArray more = m_socket->read(m_socket->bytesAvailable());
        if (m_state == State::Head && m_in.isEmpty() && !m_headStarted) {
            m_headStarted = true;
            m_requestTimer.start();
            armHeaderDeadline();
        }
        if (m_state == State::Body || m_state == State::Discard)
            m_timer.start(m_server.m_config.bodyTimeoutMs); // the body moves on
        m_in += more;
    }
}

void HttpConnection::completed(const Api::Deferred &deferred, const QVariant &result)
{
    if (m_dead || m_state != State::Working)
        return;
    workerDone(m_server.m_api.complete(m_req, deferred, result));
}

void HttpConnection::workerDone(const Response &r)
{
    if (m_dead || m_state != State::Working)
        return;
    answer(r);
    if (!m_dead && m_state != State::Closing)
        process();
}

qint64 HttpConnection::unsent() const
{
    return m_socket->bytesToWrite() + (m_tls ? m_tls->encryptedBytesToWrite() : 0);
}

void HttpConnection::handshakeFailed(const QString &why)
{
    if (m_dead)
        return;
    serverlog::line(serverlog::Level::Warning,
                    "TLS handshake with " + m_peer.toUtf8() + " failed: " + why.left(200).toUtf8() +
                        ' ' + QByteArray::number(m_requestTimer.nsecsElapsed() / 1e6, 'f', 2) +
                        "ms");
    gone();
}

void HttpConnection::armHeaderDeadline()
{
    m_headDeadline = m_requestTimer.elapsed() + m_server.m_config.headerTimeoutMs;
    m_timer.start(m_server.m_config.headerTimeoutMs);
}

qint64 HttpConnection::lingerLeft() const
{
    return std::max<qint64>(1, kLingerTotalMs - m_linger.elapsed());
}

bool HttpConnection::parseHead()
{
    // Empty lines before a request line are ignored (RFC 9112 2.2).
    qsizetype skip = 0;
    while (skip < m_in.size() && (m_in[skip] == '\r' || m_in[skip] == '\n'))
        ++skip;
    if (skip)
        m_in.remove(0, skip);
    if (m_in.isEmpty())
        return false;
    if (!m_headStarted) {
        m_headStarted = true;
        m_requestTimer.start();
        armHeaderDeadline();
    }

    const HeadExtent x = headExtent(m_in);
    if (x.requestLineEnd < 0) {
        if (m_in.size() > HttpServer::kMaxRequestLine)
            return refuseHead(414, "uri_too_long",
                              QStringLiteral("the request line is over 16 KiB"));
        return false;
    }
    if (x.requestLineEnd > HttpServer::kMaxRequestLine)
        return refuseHead(414, "uri_too_long", QStringLiteral("the request line is over 16 KiB"));
    // A request line that cannot be answered is refused as soon as it is whole (HTTP/0.9's
    // "GET /path" waits for no header: 400 and close at once, as nginx does).
    if (x.end < 0) {
        if (const auto refusal =
                checkRequestLine(QByteArrayView(m_in).first(x.requestLineEnd), &m_method))
            return refuseHead(refusal->status, refusal->code, refusal->message);
    }
    if (x.headerBytes > HttpServer::kMaxHeaderBytes)
        return refuseHead(431, "headers_too_large",
                          QStringLiteral("the request headers are over 64 KiB"));
    if (x.end < 0)
        return false;

    const QByteArray head = m_in.left(x.end);
    m_in.remove(0, x.end);
    m_headStarted = false;
    handleHead(head);
    return true;
}

bool HttpConnection::refuseHead(int status, const char *code, const QString &message)
{
    // The request as far as it came (a refused head has none: its method at most).
    Request r;
    r.method = m_method;
    r.peer = m_peer;
    r.requestId = m_state == State::Head ? serverlog::requestId({}) : m_req.requestId;
    if (m_state != State::Head) {
        r.path = m_req.path;
        r.routeIndex = m_req.routeIndex;
        r.peer = m_req.peer;
    }
    m_req = std::move(r);
    log(status);
    closeWith(serialize(httpError(status, code, message), true,
                        {"Connection: close", "X-Request-Id: " + m_req.requestId}));
    return false;
}

void HttpConnection::handleHead(const QByteArray &head)
{
    RequestHead h = parseRequestHead(head);
    m_method = h.method;
    if (h.refusal) {
        refuseHead(h.refusal->status, h.refusal->code, h.refusal->message);
        return;
    }
    m_keepAlive = h.keepAlive;
    const bool chunked = h.chunked;
    m_req = std::move(h.request);
    // The client: the peer, or behind a --trusted-proxy the address it forwarded.
    m_req.peer = m_server.m_config.clientAddress(m_peer, m_req.header("x-forwarded-for"));
    m_req.requestId = serverlog::requestId(m_req.header("x-request-id"));
    m_chunked = chunked;
    m_bodyLeft = chunked ? 0 : h.contentLength;
    m_chunkState = ChunkState::Size;

    const bool hasBody = chunked || m_bodyLeft > 0;
    if (!hasBody) {
        if (auto metrics = m_server.metricsAnswer(m_req, m_socket->peerAddress())) {
            m_req.routeIndex = HttpServer::kMetricsRoute;
            m_state = State::Working;
            answer(*metrics);
            return;
        }
    }
    if (const auto refusal = m_server.m_api.precheck(m_req)) {
        // Answered before the body: a small one is read and dropped (the connection
        // goes on, the answer is as it always was); a large or chunked one is never read.
        // With Expect: 100-continue the peer may never send the body: closed too.
        if (hasBody && (chunked || m_bodyLeft > Api::kMaxJsonBody || headers100Continue())) {
            closeAfter(*refusal);
            return;
        }
        answer(*refusal);
        if (hasBody && m_state != State::Closing)
            m_state = State::Discard;
        return;
    }
    m_bodyLimit = m_server.m_api.bodyLimit(m_req);
    if (hasBody) {
        if (!h.http10 && headers100Continue())
            m_socket->write("HTTP/1.1 100 Continue\r\n\r\n");
        if (!chunked)
            m_req.body.reserve(m_bodyLeft);
        m_state = State::Body;
        m_timer.start(m_server.m_config.bodyTimeoutMs);
        return;
    }
    run();
}

bool HttpConnection::headers100Continue() const
{
    return m_req.header("expect").toLower() == "100-continue";
}

bool HttpConnection::readBody()
{
    const bool keep = m_state == State::Body;
    if (!m_chunked) {
        if (!takeBodyBytes(keep))
            return false;
        if (m_bodyLeft == 0)
            bodyDone();
        return true;
    }
    return readChunked(keep);
}

bool HttpConnection::takeBodyBytes(bool keep)
{
    if (m_in.isEmpty())
        return false;
    const qsizetype n = qsizetype(std::min<qint64>(m_bodyLeft, m_in.size()));
    if (keep)
        m_req.body.append(m_in.constData(), n);
    m_in.remove(0, n);
    m_bodyLeft -= n;
    return true;
}

bool HttpConnection::readChunked(bool keep)
{
    switch (m_chunkState) {
    case ChunkState::Size: {
        const qsizetype nl = m_in.indexOf('\n');
        if (nl < 0) {
            if (m_in.size() > kMaxChunkLine)
                refuseHead(400, "bad_request", QStringLiteral("malformed chunked body"));
            return false;
        }
        const std::optional<qint64> size = chunkSize(QByteArrayView(m_in.constData(), nl));
        if (!size) {
            refuseHead(400, "bad_request", QStringLiteral("malformed chunked body"));
            return false;
        }
        m_in.remove(0, nl + 1);
        if (*size == 0) {
            m_chunkState = ChunkState::Trailer;
            m_trailerBytes = 0;
        } else {
            if (keep && m_req.body.size() + *size > m_bodyLimit) {
                closeAfter(m_server.m_api.tooLarge(m_req));
                return false;
            }
            m_bodyLeft = *size;
            m_chunkState = ChunkState::Data;
        }
        return true;
    }
    case ChunkState::Data: {
        if (!takeBodyBytes(keep))
            return false;
        if (m_bodyLeft == 0)
            m_chunkState = ChunkState::DataEnd;
        return true;
    }
    case ChunkState::DataEnd: {
        if (m_in.isEmpty())
            return false;
        if (m_in.startsWith("\r\n"))
            m_in.remove(0, 2);
        else if (m_in.startsWith('\n'))
            m_in.remove(0, 1);
        else if (m_in.size() >= 2 || m_in[0] != '\r') {
            refuseHead(400, "bad_request", QStringLiteral("malformed chunked body"));
            return false;
        } else {
            return false; // a lone CR so far
        }
        m_chunkState = ChunkState::Size;
        return true;
    }
    case ChunkState::Trailer: {
        const qsizetype nl = m_in.indexOf('\n');
        if (nl < 0) {
            if (m_trailerBytes + m_in.size() > HttpServer::kMaxHeaderBytes)
                refuseHead(431, "headers_too_large",
                           QStringLiteral("the request trailers are over 64 KiB"));
            return false;
        }
        const bool empty = nl == 0 || (nl == 1 && m_in[0] == '\r');
        m_trailerBytes += nl + 1;
        m_in.remove(0, nl + 1); // trailer fields are read and ignored
        if (empty)
            bodyDone();
        return true;
    }
    }
    return false;
}

void HttpConnection::bodyDone()
{
    if (m_state == State::Discard) {
        if (m_server.draining()) {
            m_keepAlive = false;
            closeWith({});
            return;
        }
        m_state = State::Head;
        afterAnswer();
        return;
    }
    run();
}

void HttpConnection::run()
{
    m_state = State::Working;
    m_timer.stop();
    if (m_server.m_streams && m_server.m_api.isStream(m_req)) {
        m_server.m_streams->open(this, m_req);
        return;
    }
    if (m_server.runOnWorker(m_id, m_req))
        return;
    Api::Outcome o = m_server.m_api.begin(m_req);
    if (o.deferred) {
        m_server.runDeferred(m_id, std::move(o.deferred));
        return;
    }
    answer(o.response);
}

void HttpConnection::log(int status)
{
    m_server.logRequest(m_req, status, m_requestTimer);
}

QList<QByteArray> HttpConnection::extraHeaders(bool closing) const
{
    QList<QByteArray> extra{"X-Request-Id: " + m_req.requestId};
    if (closing && m_keepAlive)
        extra.append("Connection: close");
    return extra;
}

void HttpConnection::answer(const Response &r)
{
    const bool head = m_req.method == "HEAD";
    log(r.status);
    // Draining: this answer is the connection's last.
    const bool closing = !m_keepAlive || m_server.draining();
    if (closing) {
        const QList<QByteArray> extra = extraHeaders(true);
        m_keepAlive = false;
        closeWith(serialize(r, !head, extra)); // a body still coming is dropped while lingering
        return;
    }
    m_socket->write(serialize(r, !head, extraHeaders(false)));
    m_state = State::Head;
    afterAnswer();
}

void HttpConnection::startStream(const QByteArray &head)
{
    log(200);
    m_state = State::Streaming;
    m_keepAlive = false;
    m_timer.stop();
    m_in.clear();
    m_req.body = QByteArray();
    streamWrite(head);
    m_socket->readAll();
}

void HttpConnection::streamWrite(const QByteArray &bytes)
{
    if (m_dead || m_state != State::Streaming)
        return;
    // Straight to the kernel while nothing waits in Qt's write buffer (plain HTTP): Qt copies a
    // small write into a 32 KiB chunk of its buffer and keeps that chunk for the socket's life
    // (8 KiB of it resident: 10,000 idle streams held 80 MB), and each write costs a pass of the
    // event loop for the write notifier. What the kernel does not take waits in Qt's buffer
    // after what came before it, and counts as unsent as before.
    if (!m_tls && m_socket->bytesToWrite() == 0) {
        const ssize_t n = ::send(int(m_socket->socketDescriptor()), bytes.constData(),
                                 size_t(bytes.size()), MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n == ssize_t(bytes.size()))
            return;
        if (n > 0) {
            m_socket->write(bytes.constData() + n, bytes.size() - n);
            return;
        }
        // EAGAIN (the kernel's buffer is full) or an error: Qt's way, which reports the error
    }
    m_socket->write(bytes);
}

void HttpConnection::endStream(const QByteArray &last)
{
    if (m_dead || m_state != State::Streaming)
        return;
    closeWith(last);
}

void HttpConnection::afterAnswer()
{
    m_method.clear();
    m_headStarted = false;
    m_requestTimer.start();
    if (m_state == State::Head)
        m_timer.start(unsent() > 0 ? m_server.m_config.bodyTimeoutMs
                                   : m_server.m_config.idleTimeoutMs);
    m_req.body = QByteArray();
}

void HttpConnection::closeAfter(const Response &r)
{
    log(r.status);
    closeWith(serialize(r, m_req.method != "HEAD",
                        {"Connection: close", "X-Request-Id: " + m_req.requestId}));
}

void HttpConnection::drain()
{
    if (m_dead || m_refused)
        return;
    if (m_state == State::Head && !m_headStarted && m_in.isEmpty()) {
        m_keepAlive = false;
        closeWith({}); // idle: what was written still leaves, then the close
    }
    // Otherwise a request is under way: its answer closes (answer()); a stream is ended by
    // EventStreams::drain().
}

void HttpConnection::closeWith(const QByteArray &bytes)
{
    m_state = State::Closing;
    m_in.clear();
    m_req.body = QByteArray();
    m_socket->write(bytes);
    m_timer.start(m_server.m_config.bodyTimeoutMs);
    written();
}

void HttpConnection::written()
{
    if (m_dead)
        return;
    if (m_state == State::Closing) {
        if (!m_lingering && unsent() == 0) {
            ::shutdown(int(m_socket->socketDescriptor()), SHUT_WR);
            m_lingering = true;
            m_linger.start();
            m_timer.start(kLingerIdleMs);
            m_socket->readAll();
        } else if (!m_lingering) {
            m_timer.start(m_server.m_config.bodyTimeoutMs); // the answer moves on
        }
        return;
    }
    if (m_paused) {
        if (unsent() <= HttpServer::kMaxUnsentBytes)
            process();
        else
            m_timer.start(m_server.m_config.bodyTimeoutMs);
    } else if (m_state == State::Head && !m_headStarted && m_in.isEmpty()) {
        m_timer.start(unsent() > 0 ? m_server.m_config.bodyTimeoutMs
                                   : m_server.m_config.idleTimeoutMs);
    }
}

void HttpConnection::timedOut()
{
    if (m_dead || m_state == State::Streaming)
        return;
    if (m_state == State::Closing) {
        if (m_lingering && m_linger.elapsed() < kLingerTotalMs && m_socket->bytesAvailable() > 0) {
            process();
            return;
        }
        gone();
        return;
    }
    if (m_paused || m_state == State::Working) {
        if (m_paused)
            gone(); // the peer has not taken its answers for --body-timeout
        return;
    }
    if (m_state == State::Head && m_headStarted) {
        // Header deadline: the timer may have been restarted for another reason.
        const qint64 left = m_headDeadline - m_requestTimer.elapsed();
        if (left > 0) {
            m_timer.start(int(left));
            return;
        }
        refuseHead(408, "timeout", QStringLiteral("the request headers took too long"));
        return;
    }
    if (m_state == State::Body || m_state == State::Discard) {
        refuseHead(408, "timeout", QStringLiteral("the request body stopped coming"));
        return;
    }
    if (m_tls && !m_tls->isEncrypted() && !m_refused) {
        handshakeFailed(QStringLiteral("not complete within the header timeout"));
        return;
    }
    gone(); // idle, or nothing ever sent
}

void HttpConnection::gone()
{
    if (m_dead)
        return;
    m_dead = true;
    m_timer.stop();
    m_socket->abort();
    m_server.released(this, m_peer);
    deleteLater();
}

} // namespace threadline::server

#include "httpserver.h"

#include <QFile>
#include <QRunnable>
#include <QSslCertificate>
#include <QSslKey>
#include <QSslSocket>
#include <QTcpSocket>
#include <QThread>
#include <QThreadPool>
#include <QTimer>
#include <QUrl>
#include <cctype>
#include <cstdio>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace threadline::server {

namespace {

constexpr qint64 kReadBuffer = 64 * 1024; // what Qt buffers from one socket at most
constexpr int kLingerIdleMs = 2000;       // after a refusal: discard what still comes …
constexpr int kLingerTotalMs = 10000;     // … for at most this long
constexpr int kMaxRefusing = 256;         // refusals under way at once; beyond: reset
constexpr qsizetype kMaxChunkLine = 1024; // a chunk-size line with its extensions
constexpr qsizetype kMaxLoggedPath = 512; // bytes of a path in the log line

const QHash<int, QByteArray> &reasons()
{
    static const QHash<int, QByteArray> r = {{100, "Continue"},
                                             {200, "OK"},
                                             {201, "Created"},
                                             {204, "No Content"},
                                             {400, "Bad Request"},
                                             {401, "Unauthorized"},
                                             {403, "Forbidden"},
                                             {404, "Not Found"},
                                             {408, "Request Timeout"},
                                             {409, "Conflict"},
                                             {410, "Gone"},
                                             {413, "Payload Too Large"},
                                             {414, "URI Too Long"},
                                             {422, "Unprocessable Entity"},
                                             {429, "Too Many Requests"},
                                             {431, "Request Header Fields Too Large"},
                                             {500, "Internal Server Error"},
                                             {501, "Not Implemented"},
                                             {503, "Service Unavailable"},
                                             {505, "HTTP Version Not Supported"}};
    return r;
}

// tchar of RFC 9110 (method and header names)
bool isTchar(char c)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
        return true;
    switch (c) {
    case '!':
    case '#':
    case '$':
    case '%':
    case '&':
    case '\'':
    case '*':
    case '+':
    case '-':
    case '.':
    case '^':
    case '_':
    case '`':
    case '|':
    case '~':
        return true;
    default:
        return false;
    }
}

bool isToken(QByteArrayView s)
{
    if (s.isEmpty())
        return false;
    for (char c : s)
        if (!isTchar(c))
            return false;
    return true;
}

// Field values: visible ASCII, SP, HTAB and obs-text; no other control character.
bool isFieldValue(QByteArrayView s)
{
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if ((c < 0x20 && c != '\t') || c == 0x7f)
            return false;
    }
    return true;
}

QByteArray trimOws(QByteArrayView s)
{
    qsizetype b = 0, e = s.size();
    while (b < e && (s[b] == ' ' || s[b] == '\t'))
        ++b;
    while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t'))
        --e;
    return s.sliced(b, e - b).toByteArray();
}

// The bytes of an answer, as the server has always written them: status line, Content-Type,
// the response's headers, Content-Length, the body — one buffer, one write.
QByteArray serialize(const Response &r, bool withBody, const QList<QByteArray> &extra = {})
{
    QByteArray out;
    out.reserve(r.body.size() + 256);
    out += "HTTP/1.1 " + QByteArray::number(r.status) + ' ' + reasons().value(r.status, "Status") +
           "\r\n";
    if (!r.contentType.isEmpty()) {
        out += "Content-Type: ";
        out += r.contentType; // JSON is UTF-8 by definition (RFC 8259): no charset parameter
        out += "\r\n";
    }
    for (const auto &h : r.headers)
        out += h.first + ": " + h.second + "\r\n";
    for (const QByteArray &h : extra)
        out += h + "\r\n";
    out +=
        "Content-Length: " + QByteArray::number(r.status == 204 ? 0 : r.body.size()) + "\r\n\r\n";
    if (withBody && r.status != 204)
        out += r.body;
    return out;
}

Response httpError(int status, const char *code, const QString &message)
{
    return Response::error(status, QString::fromLatin1(code), message);
}

} // namespace

// One TCP connection: reads one request at a time (the next pipelined one only after the
// answer to this one is written), so answers leave in order.
class HttpConnection : public QObject
{
public:
    enum class State {
        Head,    // reading a request line and headers
        Body,    // reading a body
        Discard, // reading (and dropping) the small body of a refused request
        Working, // the Api's deferred step runs on the pool
        Closing, // the last answer is out or on its way; what comes is dropped
    };

    HttpConnection(HttpServer &server, QTcpSocket *socket, quint64 id, QString peer)
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
                [this](QAbstractSocket::SocketError error) {
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
                            if (!m_dead && (m_socket->state() != QAbstractSocket::ConnectedState ||
                                            !m_socket->isValid()))
                                gone();
                        },
                        Qt::QueuedConnection);
                });
        m_requestTimer.start();
        armHeaderDeadline(); // with TLS, the handshake counts against the header timeout
        if (m_tls) {
            // Encrypted bytes leave through the plain socket: its progress is the answer's.
            connect(m_tls, &QSslSocket::encryptedBytesWritten, this, [this] { written(); });
            m_tls->startServerEncryption();
        }
    }

    // Answers 503 at once and closes: over a connection cap.
    void refuse()
    {
        m_refused = true;
        const Response r =
            httpError(503, "unavailable", QStringLiteral("too many connections; try again later"));
        m_server.logLine("-", "-", 503, m_requestTimer);
        closeWith(serialize(r, true, {"Retry-After: 1", "Connection: close"}));
    }

    bool refused() const { return m_refused; }
    const QString &peer() const { return m_peer; }

    void process()
    {
        if (m_dead)
            return;
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

    // The Api's deferred step is done: its answer, then the next request.
    void completed(const Api::Deferred &deferred, const QVariant &result)
    {
        if (m_dead || m_state != State::Working)
            return;
        const Response r = m_server.m_api.complete(m_req, deferred, result);
        answer(r);
        if (!m_dead && m_state != State::Closing)
            process();
    }

private:
    // Answer bytes not yet handed to the kernel: with TLS, those waiting to be encrypted and
    // the encrypted ones waiting in the plain socket.
    qint64 unsent() const
    {
        return m_socket->bytesToWrite() + (m_tls ? m_tls->encryptedBytesToWrite() : 0);
    }

    void handshakeFailed(const QString &why)
    {
        if (m_dead)
            return;
        const QByteArray line =
            "TLS handshake with " + m_peer.toUtf8() + " failed: " + why.left(200).toUtf8() + ' ' +
            QByteArray::number(m_requestTimer.nsecsElapsed() / 1e6, 'f', 2) + "ms\n";
        fwrite(line.constData(), 1, size_t(line.size()), stderr);
        gone();
    }

    qint64 lingerLeft() const { return std::max<qint64>(1, kLingerTotalMs - m_linger.elapsed()); }

    void armHeaderDeadline()
    {
        m_headDeadline = m_requestTimer.elapsed() + m_server.m_config.headerTimeoutMs;
        m_timer.start(m_server.m_config.headerTimeoutMs);
    }

    // Head: true when a whole request head was taken from m_in (and handled), false when more
    // bytes are needed (or the connection is closing).
    bool parseHead()
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

        const qsizetype firstEnd = m_in.indexOf('\n');
        if (firstEnd < 0) {
            if (m_in.size() > HttpServer::kMaxRequestLine)
                return refuseHead(414, "uri_too_long",
                                  QStringLiteral("the request line is over 16 KiB"));
            return false;
        }
        if (firstEnd > HttpServer::kMaxRequestLine)
            return refuseHead(414, "uri_too_long",
                              QStringLiteral("the request line is over 16 KiB"));
        // The end of the head: the first empty line after the request line.
        qsizetype pos = firstEnd + 1;
        qsizetype end = -1;
        while (pos < m_in.size()) {
            const qsizetype nl = m_in.indexOf('\n', pos);
            if (nl < 0)
                break;
            const qsizetype len = nl - pos - (nl > pos && m_in[nl - 1] == '\r' ? 1 : 0);
            if (len == 0) {
                end = nl + 1;
                break;
            }
            pos = nl + 1;
        }
        const qsizetype headerBytes = (end >= 0 ? end : m_in.size()) - (firstEnd + 1);
        if (headerBytes > HttpServer::kMaxHeaderBytes)
            return refuseHead(431, "headers_too_large",
                              QStringLiteral("the request headers are over 64 KiB"));
        if (end < 0)
            return false;

        const QByteArray head = m_in.left(end);
        m_in.remove(0, end);
        m_headStarted = false;
        handleHead(head);
        return true;
    }

    bool refuseHead(int status, const char *code, const QString &message)
    {
        m_server.logLine(m_method.isEmpty() ? QByteArray("-") : m_method, "-", status,
                         m_requestTimer);
        closeWith(serialize(httpError(status, code, message), true, {"Connection: close"}));
        return false;
    }

    static QList<QByteArrayView> lines(QByteArrayView head)
    {
        QList<QByteArrayView> out;
        qsizetype pos = 0;
        while (pos < head.size()) {
            qsizetype nl = head.indexOf('\n', pos);
            if (nl < 0)
                nl = head.size();
            qsizetype e = nl;
            if (e > pos && head[e - 1] == '\r')
                --e;
            out.append(head.sliced(pos, e - pos));
            pos = nl + 1;
        }
        return out;
    }

    void handleHead(const QByteArray &head)
    {
        const QList<QByteArrayView> ls = lines(head);
        const auto bad = [this](const QString &message) {
            refuseHead(400, "bad_request", message);
        };
        // Request line: method SP request-target SP HTTP-version, nothing else.
        const QByteArrayView line = ls.value(0);
        const qsizetype sp1 = line.indexOf(' ');
        const qsizetype sp2 = sp1 < 0 ? -1 : line.indexOf(' ', sp1 + 1);
        if (sp1 <= 0 || sp2 < 0 || line.indexOf(' ', sp2 + 1) >= 0)
            return bad(QStringLiteral("malformed request line"));
        const QByteArrayView method = line.first(sp1);
        QByteArrayView target = line.sliced(sp1 + 1, sp2 - sp1 - 1);
        const QByteArrayView version = line.sliced(sp2 + 1);
        if (!isToken(method))
            return bad(QStringLiteral("malformed request line"));
        m_method = method.toByteArray();
        if (version.size() != 8 || !version.startsWith("HTTP/") || version[6] != '.' ||
            !std::isdigit(static_cast<unsigned char>(version[5])) ||
            !std::isdigit(static_cast<unsigned char>(version[7])))
            return bad(QStringLiteral("malformed HTTP version"));
        if (version[5] != '1')
            return void(refuseHead(505, "http_version",
                                   QStringLiteral("only HTTP/1.0 and HTTP/1.1 are supported")));
        const bool http10 = version[7] == '0';
        for (char ch : target) {
            const auto c = static_cast<unsigned char>(ch);
            if (c <= 0x20 || c >= 0x7f)
                return bad(QStringLiteral("malformed request target"));
        }
        // origin-form; absolute-form (http://host/path) is accepted as RFC 9112 asks.
        if (target.startsWith("http://") || target.startsWith("https://")) {
            const qsizetype authority = target.indexOf("//") + 2;
            const qsizetype slash = target.indexOf('/', authority);
            target = slash < 0 ? QByteArrayView("/") : target.sliced(slash);
        }
        if (!target.startsWith('/'))
            return bad(QStringLiteral("malformed request target"));

        // Header fields.
        QHash<QByteArray, QByteArray> headers;
        int hosts = 0;
        std::optional<qint64> contentLength;
        QByteArray transferEncoding;
        bool hasTransferEncoding = false;
        for (qsizetype i = 1; i < ls.size(); ++i) {
            const QByteArrayView l = ls[i];
            if (l.isEmpty())
                continue;
            if (l[0] == ' ' || l[0] == '\t')
                return bad(QStringLiteral("obsolete line folding in the headers"));
            const qsizetype colon = l.indexOf(':');
            if (colon <= 0 || !isToken(l.first(colon)))
                return bad(QStringLiteral("malformed header name"));
            const QByteArray name = l.first(colon).toByteArray().toLower();
            const QByteArrayView rawValue = l.sliced(colon + 1);
            if (!isFieldValue(rawValue))
                return bad(QStringLiteral("a control character in a header value"));
            const QByteArray value = trimOws(rawValue);
            if (name == "host") {
                ++hosts;
            } else if (name == "content-length") {
                if (value.isEmpty() || value.size() > 15)
                    return bad(QStringLiteral("malformed Content-Length"));
                for (char c : value)
                    if (c < '0' || c > '9')
                        return bad(QStringLiteral("malformed Content-Length"));
                const qint64 n = value.toLongLong();
                if (contentLength && *contentLength != n)
                    return bad(QStringLiteral("two different Content-Length values"));
                contentLength = n;
            } else if (name == "transfer-encoding") {
                hasTransferEncoding = true;
                if (!transferEncoding.isEmpty())
                    transferEncoding += ',';
                transferEncoding += value;
            }
            headers.insert(name, value);
        }
        if (!http10 && hosts != 1)
            return bad(hosts ? QStringLiteral("more than one Host header")
                             : QStringLiteral("no Host header"));
        if (http10 && hosts > 1)
            return bad(QStringLiteral("more than one Host header"));
        bool chunked = false;
        if (hasTransferEncoding) {
            if (contentLength)
                return bad(QStringLiteral("both Content-Length and Transfer-Encoding"));
            if (http10)
                return bad(QStringLiteral("Transfer-Encoding in an HTTP/1.0 request"));
            if (transferEncoding.trimmed().toLower() != "chunked")
                return void(
                    refuseHead(501, "not_implemented",
                               QStringLiteral("only the chunked transfer coding is supported")));
            chunked = true;
        }
        // Keep-alive: HTTP/1.1 unless "close"; HTTP/1.0 only with "keep-alive".
        bool close = false, keepAlive = false;
        for (const QByteArray &t : headers.value("connection").split(',')) {
            const QByteArray token = t.trimmed().toLower();
            close = close || token == "close";
            keepAlive = keepAlive || token == "keep-alive";
        }
        m_keepAlive = !close && (!http10 || keepAlive);

        // The request for the Api, as the Qt HttpServer front built it.
        m_req = Request();
        m_req.method = m_method;
        QByteArrayView pathPart = target;
        QByteArrayView queryPart;
        if (const qsizetype hash = pathPart.indexOf('#'); hash >= 0)
            pathPart = pathPart.first(hash);
        if (const qsizetype q = pathPart.indexOf('?'); q >= 0) {
            queryPart = pathPart.sliced(q + 1);
            pathPart = pathPart.first(q);
        }
        QUrl url;
        url.setPath(QString::fromLatin1(pathPart), QUrl::TolerantMode);
        url.setQuery(QString::fromLatin1(queryPart));
        m_req.path = url.path(QUrl::FullyDecoded);
        m_req.query = QUrlQuery(url.query(QUrl::FullyEncoded));
        m_req.headers = std::move(headers);
        m_req.peer = m_peer;
        m_req.declaredLength = chunked ? -1 : contentLength.value_or(0);
        m_chunked = chunked;
        m_bodyLeft = chunked ? 0 : contentLength.value_or(0);
        m_chunkState = ChunkState::Size;

        const bool hasBody = chunked || m_bodyLeft > 0;
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
            if (!http10 && headers100Continue())
                m_socket->write("HTTP/1.1 100 Continue\r\n\r\n");
            if (!chunked)
                m_req.body.reserve(m_bodyLeft);
            m_state = State::Body;
            m_timer.start(m_server.m_config.bodyTimeoutMs);
            return;
        }
        run();
    }

    bool headers100Continue() const { return m_req.header("expect").toLower() == "100-continue"; }

    // Body / Discard: true when bytes were used from m_in.
    bool readBody()
    {
        const bool keep = m_state == State::Body;
        if (!m_chunked) {
            if (m_in.isEmpty())
                return false;
            const qsizetype n = qsizetype(std::min<qint64>(m_bodyLeft, m_in.size()));
            if (keep)
                m_req.body.append(m_in.constData(), n);
            m_in.remove(0, n);
            m_bodyLeft -= n;
            if (m_bodyLeft == 0)
                bodyDone();
            return true;
        }
        switch (m_chunkState) {
        case ChunkState::Size: {
            const qsizetype nl = m_in.indexOf('\n');
            if (nl < 0) {
                if (m_in.size() > kMaxChunkLine)
                    refuseHead(400, "bad_request", QStringLiteral("malformed chunked body"));
                return false;
            }
            QByteArrayView l(m_in.constData(), nl);
            if (l.endsWith('\r'))
                l.chop(1);
            if (const qsizetype semi = l.indexOf(';'); semi >= 0)
                l = l.first(semi);
            const QByteArray digits = trimOws(l);
            bool ok = !digits.isEmpty() && digits.size() <= 15;
            const qint64 size = ok ? digits.toLongLong(&ok, 16) : 0;
            if (!ok || size < 0) {
                refuseHead(400, "bad_request", QStringLiteral("malformed chunked body"));
                return false;
            }
            m_in.remove(0, nl + 1);
            if (size == 0) {
                m_chunkState = ChunkState::Trailer;
                m_trailerBytes = 0;
            } else {
                if (keep && m_req.body.size() + size > m_bodyLimit) {
                    closeAfter(m_server.m_api.tooLarge(m_req));
                    return false;
                }
                m_bodyLeft = size;
                m_chunkState = ChunkState::Data;
            }
            return true;
        }
        case ChunkState::Data: {
            if (m_in.isEmpty())
                return false;
            const qsizetype n = qsizetype(std::min<qint64>(m_bodyLeft, m_in.size()));
            if (keep)
                m_req.body.append(m_in.constData(), n);
            m_in.remove(0, n);
            m_bodyLeft -= n;
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

    void bodyDone()
    {
        if (m_state == State::Discard) {
            m_state = State::Head;
            afterAnswer();
            return;
        }
        run();
    }

    void run()
    {
        m_state = State::Working;
        m_timer.stop();
        Api::Outcome o = m_server.m_api.begin(m_req);
        if (o.deferred) {
            m_server.runDeferred(m_id, std::move(o.deferred));
            return;
        }
        answer(o.response);
    }

    // Writes the answer and logs the request; then the next request (or the close).
    void answer(const Response &r)
    {
        const bool head = m_req.method == "HEAD";
        m_server.logLine(m_req.method, m_req.path.toUtf8(), r.status, m_requestTimer);
        if (!m_keepAlive) {
            closeWith(serialize(r, !head));
            return;
        }
        m_socket->write(serialize(r, !head));
        m_state = State::Head;
        afterAnswer();
    }

    void afterAnswer()
    {
        m_method.clear();
        m_headStarted = false;
        m_requestTimer.start();
        if (m_state == State::Head)
            m_timer.start(unsent() > 0 ? m_server.m_config.bodyTimeoutMs
                                       : m_server.m_config.idleTimeoutMs);
        m_req.body = QByteArray();
    }

    // A refusal after which the rest of the request is not read: the answer says so.
    void closeAfter(const Response &r)
    {
        m_server.logLine(m_req.method, m_req.path.toUtf8(), r.status, m_requestTimer);
        closeWith(serialize(r, m_req.method != "HEAD", {"Connection: close"}));
    }

    // The last answer: written, then the sending side shut down and what the peer still sends
    // read and dropped for a while (a lingering close, as nginx does, so that the peer reads the
    // answer instead of a reset), then closed.
    void closeWith(const QByteArray &bytes)
    {
        m_state = State::Closing;
        m_in.clear();
        m_req.body = QByteArray();
        m_socket->write(bytes);
        m_timer.start(m_server.m_config.bodyTimeoutMs);
        written();
    }

    void written()
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

    void timedOut()
    {
        if (m_dead)
            return;
        if (m_state == State::Closing) {
            if (m_lingering && m_linger.elapsed() < kLingerTotalMs &&
                m_socket->bytesAvailable() > 0) {
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

    void gone()
    {
        if (m_dead)
            return;
        m_dead = true;
        m_timer.stop();
        m_socket->abort();
        m_server.released(this, m_peer);
        deleteLater();
    }

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

HttpServer::HttpServer(Api &api, const ServerConfig &config, QObject *parent)
    : QObject(parent)
    , m_api(api)
    , m_config(config)
    , m_pool(new QThreadPool(this))
{
    m_pool->setMaxThreadCount(std::max(2, QThread::idealThreadCount()));
    m_pool->setExpiryTimeout(60000);
    // The cap fits the descriptors this process may open (with room for the database, files).
    m_maxConnections = m_config.maxConnections;
    struct rlimit rl = {};
    if (::getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
        m_maxConnections =
            std::max(1, std::min<int>(m_maxConnections, int(rl.rlim_cur) - 64 - kMaxRefusing));
    connect(&m_tcp, &QTcpServer::newConnection, this, [this] { acceptAll(); });
    connect(&m_tcp, &QTcpServer::acceptError, this, [this](QAbstractSocket::SocketError) {
        // Out of descriptors (or another resource): accepting again at once would spin.
        m_tcp.pauseAccepting();
        QTimer::singleShot(100, this, [this] { m_tcp.resumeAccepting(); });
    });
}

HttpServer::~HttpServer()
{
    m_pool->clear();
    m_pool->waitForDone();
}

quint16 HttpServer::listen(const QHostAddress &address, quint16 port)
{
    m_tcp.setListenBacklogSize(4096); // bursts of connections wait in the kernel, not refused
    m_tcp.setMaxPendingConnections(1024);
    if (!m_tcp.listen(address, port))
        return 0;
    return m_tcp.serverPort();
}

void HttpServer::Listener::incomingConnection(qintptr descriptor)
{
    if (!m_server.m_tls)
        return QTcpServer::incomingConnection(descriptor);
    auto *socket = new QSslSocket(this);
    if (!socket->setSocketDescriptor(descriptor)) {
        delete socket;
        return;
    }
    socket->setSslConfiguration(m_server.m_sslConfig);
    addPendingConnection(socket);
}

bool HttpServer::configureTls(const QString &certFile, const QString &keyFile, QString *error)
{
    if (!QSslSocket::supportsSsl()) {
        *error = QStringLiteral("TLS is not available (no TLS backend: %1)")
                     .arg(QSslSocket::sslLibraryVersionString());
        return false;
    }
    QFile cf(certFile);
    if (!cf.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("--tls-cert %1: %2").arg(certFile, cf.errorString());
        return false;
    }
    const QList<QSslCertificate> chain = QSslCertificate::fromData(cf.readAll(), QSsl::Pem);
    if (chain.isEmpty() || chain.constFirst().isNull()) {
        *error = QStringLiteral("--tls-cert %1: no PEM certificate in it").arg(certFile);
        return false;
    }
    QFile kf(keyFile);
    if (!kf.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("--tls-key %1: %2").arg(keyFile, kf.errorString());
        return false;
    }
    const QByteArray pem = kf.readAll();
    QSslKey key;
    for (QSsl::KeyAlgorithm algorithm : {QSsl::Rsa, QSsl::Ec, QSsl::Dsa}) {
        key = QSslKey(pem, algorithm, QSsl::Pem, QSsl::PrivateKey);
        if (!key.isNull())
            break;
    }
    if (key.isNull()) {
        *error = QStringLiteral("--tls-key %1: no unencrypted PEM private key (RSA or EC) in it")
                     .arg(keyFile);
        return false;
    }
    QSslConfiguration c = QSslConfiguration::defaultConfiguration();
    c.setLocalCertificateChain(chain);
    c.setPrivateKey(key);
    c.setPeerVerifyMode(QSslSocket::VerifyNone); // clients are not asked for certificates
    c.setProtocol(QSsl::TlsV1_2OrLater);
    m_sslConfig = c;
    m_tls = true;
    return true;
}

void HttpServer::acceptAll()
{
    while (QTcpSocket *socket = m_tcp.nextPendingConnection()) {
        const QString peer = socket->peerAddress().toString();
        const quint64 id = m_nextId++;
        const bool over =
            m_open >= m_maxConnections || m_perPeer.value(peer) >= m_config.maxConnectionsPerPeer;
        if (over && m_refusing >= kMaxRefusing) {
            socket->abort(); // a flood: no answer at all, rather than descriptors held
            socket->deleteLater();
            continue;
        }
        auto *c = new HttpConnection(*this, socket, id, peer);
        if (over) {
            ++m_refusing;
            c->refuse();
            continue;
        }
        ++m_open;
        ++m_perPeer[peer];
        m_connections.insert(id, c);
        c->process(); // bytes may have come with the connection
    }
}

void HttpServer::released(HttpConnection *c, const QString &peer)
{
    if (c->refused()) {
        --m_refusing;
        return;
    }
    m_connections.remove(c->m_id);
    --m_open;
    auto it = m_perPeer.find(peer);
    if (it != m_perPeer.end() && --*it <= 0)
        m_perPeer.erase(it);
}

void HttpServer::runDeferred(quint64 connectionId, std::shared_ptr<Api::Deferred> deferred)
{
    // The pool is drained in the destructor: `this` outlives every job.
    m_pool->start([this, connectionId, deferred] {
#ifdef SYS_gettid
        // Below the request thread: password checks never slow down the other answers.
        static thread_local bool niced = [] {
            return ::setpriority(PRIO_PROCESS, id_t(::syscall(SYS_gettid)), 10) == 0;
        }();
        Q_UNUSED(niced);
#endif
        const QVariant result = deferred->work();
        QMetaObject::invokeMethod(
            this,
            [this, connectionId, deferred, result] {
                if (HttpConnection *c = m_connections.value(connectionId))
                    c->completed(*deferred, result);
            },
            Qt::QueuedConnection);
    });
}

void HttpServer::logLine(const QByteArray &method, const QByteArray &path, int status,
                         const QElapsedTimer &timer)
{
    QByteArray p = path;
    if (p.size() > kMaxLoggedPath)
        p = p.left(kMaxLoggedPath) + "…";
    const QByteArray line = method + ' ' + p + ' ' + QByteArray::number(status) + ' ' +
                            QByteArray::number(timer.nsecsElapsed() / 1e6, 'f', 2) + "ms\n";
    fwrite(line.constData(), 1, size_t(line.size()), stderr);
}

} // namespace threadline::server

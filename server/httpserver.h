#pragma once

#include "api.h"
#include "serverconfig.h"

#include <QElapsedTimer>
#include <QHash>
#include <QHostAddress>
#include <QObject>
#include <QTcpServer>

class QThreadPool;

namespace threadline::server {

class HttpConnection;

// The HTTP front: a small strict HTTP/1.1 server on QTcpServer (keep-alive, `Connection:
// close`, HTTP/1.0, HEAD, pipelining answered in order, chunked request bodies, `Expect:
// 100-continue`). Every request goes to the Api; one log line per request on stderr (method,
// path, status, milliseconds) — never a token, a password or a body.
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
class HttpServer : public QObject
{
public:
    static constexpr qsizetype kMaxRequestLine = 16 * 1024;
    static constexpr qsizetype kMaxHeaderBytes = 64 * 1024;
    static constexpr qint64 kMaxUnsentBytes = 1024 * 1024;

    HttpServer(Api &api, const ServerConfig &config, QObject *parent = nullptr);
    ~HttpServer() override;

    // Listens (backlog 4096); returns the port, 0 on failure.
    quint16 listen(const QHostAddress &address, quint16 port);

private:
    friend class HttpConnection;
    void acceptAll();
    void released(HttpConnection *c, const QString &peer);
    void runDeferred(quint64 connectionId, std::shared_ptr<Api::Deferred> deferred);
    void logLine(const QByteArray &method, const QByteArray &path, int status,
                 const QElapsedTimer &timer);

    Api &m_api;
    ServerConfig m_config;
    QTcpServer m_tcp;
    QThreadPool *m_pool = nullptr;
    int m_maxConnections = 0;
    int m_open = 0;     // connections counted against the caps
    int m_refusing = 0; // connections being refused (503 on its way out)
    QHash<QString, int> m_perPeer;
    QHash<quint64, HttpConnection *> m_connections;
    quint64 m_nextId = 1;
};

} // namespace threadline::server

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The HTTP front's listener (httpserver.h): accepting connections (plain or TLS), the connection
// caps, the worker pool for deferred steps, and the log line. Each connection is an
// HttpConnection (httpconnection.h).
#include "http/httpserver.h"

#include "http/eventstream.h"
#include "http/httpconnection.h"
#include "http/httpwire.h"
#include "ops/metrics.h"
#include "ops/serverlog.h"
#include "workers.h"

#include <QFile>
#include <QSslCertificate>
#include <QSslKey>
#include <QSslSocket>
#include <QTcpSocket>
#include <QThread>
#include <QThreadPool>
#include <QTimer>
#include <cstdio>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace threadline::server {

namespace {

constexpr int kMaxRefusing = 256; // refusals under way at once; beyond: they wait

} // namespace

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
    if (m_config.workers > 0 && m_api.onPostgres())
        m_workers = std::make_unique<Workers>(m_config, m_config.workers, m_api.readCache());
    m_streams = std::make_unique<EventStreams>(m_api, m_config, m_workers.get());
    const auto routes = m_api.routeNames();
    for (const auto &route : routes)
        m_routeNames.append(route.second);
    Metrics::process().setRoutes(routes);
    m_api.setChangeListener([streams = m_streams.get()] { streams->poke(); });
    connect(&m_tcp, &QTcpServer::newConnection, this, [this] { acceptAll(); });
    connect(&m_tcp, &QTcpServer::acceptError, this, [this](QAbstractSocket::SocketError) {
        // Out of descriptors (or another resource): accepting again at once would spin.
        m_tcp.pauseAccepting();
        QTimer::singleShot(100, this, [this] { m_tcp.resumeAccepting(); });
    });
}

HttpServer::~HttpServer()
{
    m_api.setChangeListener({});
    // The workers first: their answers are posted to this object and to the streams (the
    // push stream's reads), so both outlive them; what they posted and nobody took is dropped
    // with its receiver.
    m_workers.reset();
    m_streams.reset();
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
    m_acceptQueued = false;
    if (m_draining && !m_tcp.isListening() && !m_held)
        return;
    for (;;) {
        QTcpSocket *socket = m_held ? m_held : m_tcp.nextPendingConnection();
        if (!socket)
            return;
        m_held = nullptr;
        const QString peer = socket->peerAddress().toString();
        // A trusted proxy (--trusted-proxy) speaks for many clients: only the total cap counts
        // its connections (nginx may open more than 256 under load).
        const bool over = m_open >= m_maxConnections ||
                          (m_perPeer.value(peer) >= m_config.maxConnectionsPerPeer &&
                           !(!m_config.trustedProxies.isEmpty() &&
                             m_config.isTrustedProxy(socket->peerAddress())));
        if (over && m_refusing >= kMaxRefusing) {
            // A burst: this one waits for a refusal to end (released()), and so do those behind
            // it — Qt stops taking connections once 1,024 wait, the kernel's backlog keeps the
            // rest. Every connection gets its answer, and the descriptors held stay bounded.
            m_held = socket;
            return;
        }
        const quint64 id = m_nextId++;
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

void HttpServer::acceptLater()
{
    if (m_acceptQueued || (!m_held && !m_tcp.hasPendingConnections()))
        return;
    m_acceptQueued = true;
    QMetaObject::invokeMethod(
        this, [this] { acceptAll(); }, Qt::QueuedConnection);
}

void HttpServer::released(HttpConnection *c, const QString &peer)
{
    if (c->refused()) {
        --m_refusing;
        acceptLater(); // a connection that waited for a refusal to end
        checkDrained();
        return;
    }
    m_connections.remove(c->m_id);
    m_streams->closed(c->m_id);
    --m_open;
    auto it = m_perPeer.find(peer);
    if (it != m_perPeer.end() && --*it <= 0)
        m_perPeer.erase(it);
    acceptLater(); // room for one that waited
    checkDrained();
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

bool HttpServer::runOnWorker(quint64 connectionId, const Request &req)
{
    if (!m_workers || !m_api.onWorker(req))
        return false;
    m_workers->submit(
        req, this,
        [this, connectionId](const Response &r) {
            if (HttpConnection *c = m_connections.value(connectionId))
                c->workerDone(r);
        },
        m_api.isPostLike(req));
    return true;
}

void HttpServer::logRequest(const Request &req, int status, const QElapsedTimer &timer)
{
    const qint64 ns = timer.nsecsElapsed();
    const bool routed = req.routeIndex >= 0 && req.routeIndex < m_routeNames.size();
    const bool metrics = req.routeIndex == kMetricsRoute;
    Metrics::process().request(req.routeIndex, status, ns);
    serverlog::Access a;
    a.requestId = req.requestId.isEmpty() ? QByteArrayView("-") : QByteArrayView(req.requestId);
    a.method = req.method.isEmpty() ? QByteArrayView("-") : QByteArrayView(req.method);
    const QByteArray path = req.path.toUtf8();
    a.path = path;
    if (routed)
        a.route = m_routeNames[req.routeIndex];
    else if (metrics)
        a.route = "/metrics";
    a.status = status;
    a.ns = ns;
    a.peer = req.peer;
    serverlog::request(a);
}

std::optional<Response> HttpServer::metricsAnswer(const Request &req,
                                                  const QHostAddress &peer) const
{
    if (req.path != QLatin1String("/metrics") || (req.method != "GET" && req.method != "HEAD"))
        return std::nullopt;
    // Through a proxy the peer is the proxy (loopback, in the local deployment): a forwarded
    // request is someone else's, and gets the API's 404.
    if (req.headers.contains("x-forwarded-for") || !m_config.mayReadMetrics(peer))
        return std::nullopt;
    Metrics::Snapshot s;
    s.connections = m_open;
    s.streams = m_streams->count();
    s.draining = m_draining;
    if (const auto &cache = m_api.readCache()) {
        const ReadCache::Stats st = cache->stats();
        s.readCache = true;
        s.readCacheHits = st.hits;
        s.readCacheMisses = st.misses;
        s.readCacheEntries = st.entries;
        s.readCacheBytes = st.bytes;
    }
    Response r;
    r.contentType = "text/plain; version=0.0.4; charset=utf-8";
    r.body = Metrics::process().exposition(s);
    r.headers.append(qMakePair(QByteArray("Cache-Control"), QByteArray("no-store")));
    return r;
}

void HttpServer::drain(std::function<void()> done)
{
    if (m_draining)
        return;
    m_draining = true;
    m_drained = std::move(done);
    // What the kernel has already accepted is taken and answered; then the listening socket
    // closes, and a new connection is refused (nginx tries the next server at once).
    for (int i = 0; i < 4096 && m_tcp.isListening() && m_tcp.waitForNewConnection(0); ++i) {
    }
    acceptAll();
    m_tcp.close();
    const int streams = m_streams->count();
    m_streams->drain();
    const QList<HttpConnection *> open = m_connections.values();
    for (HttpConnection *c : open)
        c->drain();
    serverlog::line(serverlog::Level::Info,
                    "draining: stopped accepting; " + QByteArray::number(open.size()) +
                        " connections were open (" + QByteArray::number(streams) +
                        " push streams told to reconnect); waiting at most " +
                        QByteArray::number(m_config.drainMs / 1000.0, 'g', 6) + " s");
    m_drainTimer = new QTimer(this);
    m_drainTimer->setSingleShot(true);
    connect(m_drainTimer, &QTimer::timeout, this, [this] {
        serverlog::line(serverlog::Level::Warning,
                        "drained for --drain-seconds: " + QByteArray::number(m_open) +
                            " connections still open are closed");
        drained();
    });
    m_drainTimer->start(m_config.drainMs);
    checkDrained();
}

void HttpServer::checkDrained()
{
    if (!m_draining || !m_drained || m_open > 0 || m_refusing > 0)
        return;
    QMetaObject::invokeMethod(
        this, [this] { drained(); }, Qt::QueuedConnection);
}

void HttpServer::drained()
{
    if (!m_drained)
        return;
    if (m_drainTimer)
        m_drainTimer->stop();
    auto done = std::move(m_drained);
    m_drained = nullptr;
    done();
}

} // namespace threadline::server

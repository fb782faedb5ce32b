#include "httpserver.h"

#include <QHttpServerRequest>
#include <QHttpServerResponder>
#include <QTcpSocket>
#include <cstdio>

namespace threadline::server {

HttpServer::HttpServer(Api &api, QObject *parent)
    : QAbstractHttpServer(parent)
    , m_api(api)
{
}

static QByteArray methodName(QHttpServerRequest::Method m)
{
    switch (m) {
    case QHttpServerRequest::Method::Get:
        return "GET";
    case QHttpServerRequest::Method::Put:
        return "PUT";
    case QHttpServerRequest::Method::Delete:
        return "DELETE";
    case QHttpServerRequest::Method::Post:
        return "POST";
    case QHttpServerRequest::Method::Head:
        return "HEAD";
    case QHttpServerRequest::Method::Options:
        return "OPTIONS";
    case QHttpServerRequest::Method::Patch:
        return "PATCH";
    default:
        return "OTHER";
    }
}

bool HttpServer::handleRequest(const QHttpServerRequest &request, QTcpSocket *socket)
{
    QElapsedTimer timer;
    timer.start();
    Request req;
    req.method = methodName(request.method());
    const QUrl url = request.url();
    req.path = url.path(QUrl::FullyDecoded);
    req.query = QUrlQuery(url.query(QUrl::FullyEncoded));
    req.body = request.body();
    for (const auto &h : request.headers())
        req.headers.insert(h.first.toLower(), h.second);
    req.peer = request.remoteAddress().toString();

    const Response r = m_api.handle(req);

    // One buffer, one write: status line, headers and body leave in a single segment
    // (no Nagle/delayed-ACK stall between a header write and a body write).
    static const QHash<int, QByteArray> reasons = {{200, "OK"},
                                                   {201, "Created"},
                                                   {204, "No Content"},
                                                   {400, "Bad Request"},
                                                   {401, "Unauthorized"},
                                                   {403, "Forbidden"},
                                                   {404, "Not Found"},
                                                   {409, "Conflict"},
                                                   {410, "Gone"},
                                                   {413, "Payload Too Large"},
                                                   {422, "Unprocessable Entity"},
                                                   {429, "Too Many Requests"},
                                                   {500, "Internal Server Error"}};
    QByteArray out;
    out.reserve(r.body.size() + 256);
    out += "HTTP/1.1 " + QByteArray::number(r.status) + ' ' + reasons.value(r.status, "Status") +
           "\r\n";
    if (!r.contentType.isEmpty()) {
        out += "Content-Type: ";
        out += r.contentType; // JSON is UTF-8 by definition (RFC 8259): no charset parameter
        out += "\r\n";
    }
    for (const auto &h : r.headers)
        out += h.first + ": " + h.second + "\r\n";
    const bool withBody = r.status != 204 && req.method != "HEAD";
    out +=
        "Content-Length: " + QByteArray::number(r.status == 204 ? 0 : r.body.size()) + "\r\n\r\n";
    if (withBody)
        out += r.body;
    socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    socket->write(out);

    const QByteArray line = req.method + ' ' + req.path.toUtf8() + ' ' +
                            QByteArray::number(r.status) + ' ' +
                            QByteArray::number(timer.nsecsElapsed() / 1e6, 'f', 2) + "ms\n";
    fwrite(line.constData(), 1, size_t(line.size()), stderr);
    return true;
}

void HttpServer::missingHandler(const QHttpServerRequest &request, QTcpSocket *socket)
{
    // handleRequest answers everything; kept for completeness.
    QHttpServerResponder responder = makeResponder(request, socket);
    responder.write(
        QByteArray("{\"error\":{\"code\":\"not_found\",\"message\":\"no such route\"}}"),
        "application/json", QHttpServerResponder::StatusCode::NotFound);
}

} // namespace threadline::server

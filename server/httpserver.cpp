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

    QHttpServerResponder responder = makeResponder(request, socket);
    responder.writeStatusLine(static_cast<QHttpServerResponder::StatusCode>(r.status));
    if (!r.contentType.isEmpty())
        responder.writeHeader("Content-Type", r.contentType == "application/json"
                                                  ? "application/json; charset=utf-8"
                                                  : r.contentType);
    for (const auto &h : r.headers)
        responder.writeHeader(h.first, h.second);
    responder.writeHeader("Content-Length",
                          QByteArray::number(r.status == 204 ? 0 : r.body.size()));
    if (r.status != 204 && req.method != "HEAD")
        responder.writeBody(r.body);
    else
        responder.writeBody(QByteArray());

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

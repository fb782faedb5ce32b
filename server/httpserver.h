#pragma once

#include "api.h"

#include <QAbstractHttpServer>
#include <QElapsedTimer>

namespace threadline::server {

// The HTTP front: every request goes to Api::handle; one log line per request on stderr
// (method, path, status, milliseconds) — never a token, a password or a body.
class HttpServer : public QAbstractHttpServer
{
    Q_OBJECT
public:
    explicit HttpServer(Api &api, QObject *parent = nullptr);

protected:
    bool handleRequest(const QHttpServerRequest &request, QTcpSocket *socket) override;
    void missingHandler(const QHttpServerRequest &request, QTcpSocket *socket) override;

private:
    Api &m_api;
};

} // namespace threadline::server

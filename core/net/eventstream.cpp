// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/eventstream.h"

#include "net/apiclient.h"
#include "net/apiclientdetail.h"
#include "net/stucksockets.h"

#include <QNetworkReply>

namespace threadline::core {

using namespace apidetail;

EventStream::EventStream(ApiClient *api, QObject *parent)
    : QObject(parent)
    , m_api(api)
{
}

EventStream::~EventStream()
{
    close();
}

void EventStream::setLimits(qsizetype maxLineBytes, qsizetype maxEventBytes)
{
    m_maxLine = maxLineBytes;
    m_maxEvent = maxEventBytes;
}

bool EventStream::isOpen() const
{
    return !m_reply.isNull();
}

qint64 EventStream::openForMs() const
{
    return m_reply ? m_clock.elapsed() : 0;
}

void EventStream::open(const QString &path, const QByteArray &lastEventId)
{
    close();
    m_parser = SseParser(m_maxLine, m_maxEvent);
    m_status = 0;
    m_connected = false;
    m_headersSeen = false;
    m_errorBody.clear();
    QList<QPair<QByteArray, QByteArray>> headers{
        {QByteArrayLiteral("Accept"), QByteArrayLiteral("text/event-stream")},
        {QByteArrayLiteral("Cache-Control"), QByteArrayLiteral("no-cache")}};
    if (!lastEventId.isEmpty())
        headers.append({QByteArrayLiteral("Last-Event-ID"), lastEventId});
    QNetworkReply *reply = m_api->openStream(path, headers, &m_withToken);
    m_clock.start();
    if (!reply) {
        // No server to ask (no base URL yet): said once, on the next turn, like any failure.
        QMetaObject::invokeMethod(
            this,
            [this] {
                Q_EMIT ended(errorOf(ApiError::Kind::Network,
                                     QStringLiteral("no server address to stream from")));
            },
            Qt::QueuedConnection);
        return;
    }
    m_reply = reply;
    m_url = reply->url();
    connect(reply, &QNetworkReply::metaDataChanged, this, &EventStream::onMetaData);
    connect(reply, &QNetworkReply::readyRead, this, &EventStream::onReadyRead);
    connect(reply, &QNetworkReply::finished, this, &EventStream::onFinished);
}

void EventStream::close()
{
    if (!m_reply)
        return;
    QNetworkReply *reply = m_reply;
    m_reply = nullptr;
    disconnect(reply, nullptr, this, nullptr);
    if (reply->isRunning()) {
        reply->abort();
        if (!m_headersSeen) // see stucksockets.h: a header that never ends holds Qt 6.4's thread
            shutDownSocketsTo(m_url);
    }
    reply->deleteLater();
    m_connected = false;
}

void EventStream::end(const ApiError &error)
{
    close();
    Q_EMIT ended(error);
}

void EventStream::onMetaData()
{
    if (!m_reply || m_headersSeen)
        return;
    m_headersSeen = true;
    m_status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (m_status != 200)
        return; // the error body is read until the end
    const QByteArray type = m_reply->header(QNetworkRequest::ContentTypeHeader).toByteArray();
    if (!type.trimmed().toLower().startsWith("text/event-stream")) {
        end(ApiError::decode(QStringLiteral("the stream answered %1, not an event stream")
                                 .arg(QString::fromLatin1(type.left(100)))));
        return;
    }
    m_connected = true;
    Q_EMIT connected();
}

void EventStream::onReadyRead()
{
    if (!m_reply)
        return;
    if (!m_headersSeen)
        onMetaData();
    if (!m_reply)
        return;
    if (m_status != 200) {
        const QByteArray more = m_reply->readAll();
        m_errorBody += more.left(std::max<qsizetype>(0, kMaxErrorBody - m_errorBody.size()));
        return;
    }
    QList<SseEvent> events;
    const bool ok = m_parser.feed(m_reply->readAll(), &events);
    const QPointer<EventStream> self(this);
    Q_EMIT activity();
    for (const SseEvent &e : std::as_const(events)) {
        if (!self || !m_reply)
            return; // a handler closed the stream (or went away): the rest is not wanted
        Q_EMIT eventReceived(e.name, e.id, e.data);
    }
    if (self && m_reply && !ok)
        end(ApiError::decode(
            QStringLiteral("the event stream broke its format: %1").arg(m_parser.error())));
}

void EventStream::onFinished()
{
    if (!m_reply)
        return;
    if (m_reply->bytesAvailable() > 0)
        onReadyRead();
    QNetworkReply *reply = m_reply;
    if (!reply)
        return;
    if (!m_headersSeen)
        onMetaData();
    if (!m_reply)
        return;
    const QNetworkReply::NetworkError code = reply->error();
    const bool refused = reply->property(kOfflineProperty).toBool();
    const QString text = reply->errorString();
    const QByteArray retryAfter = reply->rawHeader(QByteArrayLiteral("Retry-After"));
    const auto problem = CertificateProblem::of(reply);
    ApiError e;
    if (refused || (code == QNetworkReply::OperationCanceledError && m_api->isOffline())) {
        e = offlineError();
    } else if (problem) {
        e = errorOf(ApiError::Kind::Tls, problem->describe());
        e.code = problem->changed() ? QStringLiteral("certificate_changed")
                                    : QStringLiteral("untrusted_certificate");
    } else if (code == QNetworkReply::SslHandshakeFailedError) {
        e = errorOf(ApiError::Kind::Tls, text);
    } else if (m_status > 0 && m_status != 200) {
        e = ApiError::fromHttp(m_status, m_errorBody, ApiError::parseRetryAfter(retryAfter));
    } else if (code != QNetworkReply::NoError) {
        e = errorOf(ApiError::Kind::Network, text);
    } else if (m_status != 200) {
        e = errorOf(ApiError::Kind::Network, QStringLiteral("no answer"));
    }
    // A 401 to the client's own token: the same sign-in-required path as every other request.
    if (e.isAuth() && m_withToken)
        Q_EMIT m_api->unauthorized();
    end(e);
}

} // namespace threadline::core

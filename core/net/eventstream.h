// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// EventStream: one Server-Sent Events connection through the API client (its manager, token and
// TLS rules; ApiClient::openStream), read incrementally and bounded (SseParser). It opens,
// reports events as they come and says once why it ended; reconnecting is the owner's choice
// (LiveSync). Nothing here retries.
//
//   stream->open(endpoint::stream().path, cursor);
//   connect(stream, &EventStream::eventReceived, …);   // name, id, data
//   connect(stream, &EventStream::ended, …);           // the error says why (ok(): closed)
#pragma once

#include "net/apierror.h"
#include "net/sseparser.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QUrl>

class QNetworkReply;

namespace threadline::core {

class ApiClient;

class EventStream : public QObject
{
    Q_OBJECT
public:
    // The most of an answer other than 200 that is kept (its error body).
    static constexpr qsizetype kMaxErrorBody = 64 * 1024;

    explicit EventStream(ApiClient *api, QObject *parent = nullptr);
    ~EventStream() override;

    // Opens GET `path` with Accept: text/event-stream and, when `lastEventId` is not empty,
    // Last-Event-ID. A stream already open is closed first (silently).
    void open(const QString &path, const QByteArray &lastEventId);
    // Ends the stream without a signal.
    void close();
    [[nodiscard]] bool isOpen() const;
    // The answer was a 200 event stream.
    [[nodiscard]] bool isConnected() const { return m_connected; }
    // Since the request left (0 when not open).
    [[nodiscard]] qint64 openForMs() const;
    // The bounds of the parser (tests; the defaults otherwise).
    void setLimits(qsizetype maxLineBytes, qsizetype maxEventBytes);

Q_SIGNALS:
    // A 200 with Content-Type text/event-stream: events may follow.
    void connected();
    // Any bytes of the stream (an event, a ping): it is alive.
    void activity();
    void eventReceived(const QByteArray &name, const QByteArray &id, const QByteArray &data);
    // Once per open(): the stream is over. ok(): the server closed it cleanly after a 200. Else
    // Kind::Http (the status and Retry-After of an answer other than 200), Network, Tls,
    // Offline, or Decode for a protocol error (not an event stream, a line or event too long).
    void ended(const threadline::core::ApiError &error);

private:
    void onMetaData();
    void onReadyRead();
    void onFinished();
    void end(const ApiError &error);

    ApiClient *m_api;
    QPointer<QNetworkReply> m_reply;
    SseParser m_parser;
    qsizetype m_maxLine = SseParser::kDefaultMaxLineBytes;
    qsizetype m_maxEvent = SseParser::kDefaultMaxEventBytes;
    QUrl m_url;
    int m_status = 0;
    bool m_connected = false;
    bool m_headersSeen = false;
    bool m_withToken = false;
    QByteArray m_errorBody;
    QElapsedTimer m_clock;
};

} // namespace threadline::core

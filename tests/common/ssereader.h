// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A push-stream reader for the suites (docs/api.md "The push stream"): one GET /api/v1/stream
// on a socket of its own, the answer's head, then its Server-Sent Events as they come — plain
// HTTP to a server's port, or HTTPS (QSslSocket trusting given certificates) through nginx.
//
//   threadline::test::SseReader s(server.port(), "/api/v1/stream", token);
//   QTRY_COMPARE(s.status(), 200);
//   QTRY_VERIFY(s.find("comment", id).has_value());
//
// Nothing is waited for here: the suites wait on its state with QTRY_* or on its socket's
// signals (socket()).

#include "testserver.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QSet>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslSocket>
#include <QTcpSocket>
#include <QUrl>
#include <algorithm>
#include <memory>
#include <optional>

namespace threadline::test {

struct SseEvent
{
    QByteArray id;
    QByteArray name;
    QByteArray data;
    qint64 atMs = 0; // when it arrived (sseClock())
    [[nodiscard]] QJsonObject json() const { return QJsonDocument::fromJson(data).object(); }
};

// The clock of every SseReader (event arrival times), started at its first use.
inline QElapsedTimer &sseClock()
{
    static QElapsedTimer t = [] {
        QElapsedTimer c;
        c.start();
        return c;
    }();
    return t;
}

// The numbers inside a stream cursor (base64url of "seq:time" on SQLite, "tx:seq:time" on
// PostgreSQL) without the time: what orders two cursors. Empty when it is not one.
inline QList<qint64> cursorPosition(const QByteArray &cursor)
{
    const QList<QByteArray> parts =
        QByteArray::fromBase64(cursor, QByteArray::Base64UrlEncoding).split(':');
    if (parts.size() < 2 || parts.size() > 3)
        return {};
    QList<qint64> out;
    for (qsizetype i = 0; i + 1 < parts.size(); ++i) {
        bool ok = false;
        out.append(parts[i].toLongLong(&ok));
        if (!ok)
            return {};
    }
    return out;
}

class SseReader
{
public:
    // Plain HTTP to 127.0.0.1:port.
    SseReader(quint16 port, const QString &pathAndQuery, const QString &token,
              const HeaderList &headers = {})
        : m_socket(std::make_unique<QTcpSocket>())
    {
        wire();
        m_socket->connectToHost(QStringLiteral("127.0.0.1"), port);
        m_socket->write(request(QStringLiteral("127.0.0.1"), pathAndQuery, token, headers));
    }
    // HTTPS to base's host and port, trusting `ca` (nginx of the local deployment).
    SseReader(const QUrl &base, const QList<QSslCertificate> &ca, const QString &pathAndQuery,
              const QString &token, const HeaderList &headers = {})
    {
        auto tls = std::make_unique<QSslSocket>();
        QSslConfiguration conf = tls->sslConfiguration();
        conf.setCaCertificates(ca);
        tls->setSslConfiguration(conf);
        QSslSocket *s = tls.get();
        m_socket = std::move(tls);
        wire();
        s->connectToHostEncrypted(base.host(), quint16(base.port()));
        // Written once encrypted (QSslSocket buffers it until then).
        s->write(request(base.host(), pathAndQuery, token, headers));
    }

    [[nodiscard]] QTcpSocket *socket() const { return m_socket.get(); }
    [[nodiscard]] int status() const { return m_status; }
    // The stream ended: its connection closed, or its chunked body ended (nginx ends the answer
    // with the last chunk when the server's side closes, and keeps the connection).
    [[nodiscard]] bool closed() const { return m_closed || m_ended; }
    [[nodiscard]] int pings() const { return m_pings; }
    [[nodiscard]] const QList<SseEvent> &events() const { return m_events; }
    [[nodiscard]] QByteArray head() const { return m_head; }
    // What came after the head of an answer other than 200 (its body, once it is all in).
    [[nodiscard]] QByteArray body() const { return m_status == 200 ? QByteArray() : m_buffer; }
    // The body of an answer other than 200 (once it is all in).
    [[nodiscard]] QJsonObject errorBody() const
    {
        return QJsonDocument::fromJson(m_buffer).object().value(QStringLiteral("error")).toObject();
    }
    [[nodiscard]] bool headerIs(const QByteArray &name, const QByteArray &value) const
    {
        return m_head.toLower().contains("\r\n" + name.toLower() + ": " + value.toLower() + "\r\n");
    }
    // The `changes` events' records so far.
    [[nodiscard]] QList<QJsonObject> records() const
    {
        QList<QJsonObject> out;
        for (const SseEvent &e : m_events)
            if (e.name == "changes")
                for (const QJsonValue &c : e.json().value(QStringLiteral("changes")).toArray())
                    out.append(c.toObject());
        return out;
    }
    // The ids of the `comment` records so far, in the order they came (repeats kept).
    [[nodiscard]] QList<qint64> commentIds() const
    {
        QList<qint64> out;
        for (const QJsonObject &c : records())
            if (c.value(QStringLiteral("kind")).toString() == QLatin1String("comment"))
                out.append(c.value(QStringLiteral("id")).toInteger());
        return out;
    }
    // The first record (kind, id) at or after event index `from`, with the event's arrival.
    [[nodiscard]] std::optional<QPair<QJsonObject, qint64>> find(const QString &kind, qint64 id,
                                                                 qsizetype from = 0) const
    {
        for (qsizetype i = from; i < m_events.size(); ++i) {
            const SseEvent &e = m_events[i];
            if (e.name != "changes")
                continue;
            for (const QJsonValue &v : e.json().value(QStringLiteral("changes")).toArray()) {
                const QJsonObject c = v.toObject();
                if (c.value(QStringLiteral("kind")).toString() == kind &&
                    c.value(QStringLiteral("id")).toInteger() == id)
                    return qMakePair(c, e.atMs);
            }
        }
        return std::nullopt;
    }
    [[nodiscard]] QByteArray lastId() const
    {
        for (qsizetype i = m_events.size() - 1; i >= 0; --i)
            if (!m_events[i].id.isEmpty())
                return m_events[i].id;
        return {};
    }
    // Every event id strictly after the one before it (and after `after`, when given), each a
    // cursor; "" when so, else what is wrong.
    [[nodiscard]] QString idsIncreasing(const QByteArray &after = {}) const
    {
        QList<qint64> last = after.isEmpty() ? QList<qint64>() : cursorPosition(after);
        for (const SseEvent &e : m_events) {
            if (e.id.isEmpty())
                continue;
            const QList<qint64> p = cursorPosition(e.id);
            if (p.isEmpty())
                return QStringLiteral("event id %1 is not a cursor").arg(QString::fromLatin1(e.id));
            // hello's id is where the stream starts: the first changes may be at the same place
            // only if it is the hello itself
            if (!last.isEmpty() && !(last < p) && !(e.name == "hello" && last == p))
                return QStringLiteral("event id %1 does not come after the one before it")
                    .arg(QString::fromLatin1(e.id));
            last = p;
        }
        return {};
    }
    void close() { m_socket->abort(); }

private:
    static QByteArray request(const QString &host, const QString &pathAndQuery,
                              const QString &token, const HeaderList &headers)
    {
        QByteArray req =
            "GET " + pathAndQuery.toUtf8() + " HTTP/1.1\r\nHost: " + host.toUtf8() + "\r\n";
        if (!token.isEmpty())
            req += "Authorization: Bearer " + token.toUtf8() + "\r\n";
        for (const auto &[name, value] : headers)
            req += name + ": " + value + "\r\n";
        req += "Accept: text/event-stream\r\n\r\n";
        return req;
    }

    void wire()
    {
        sseClock();
        QObject::connect(m_socket.get(), &QTcpSocket::readyRead, m_socket.get(),
                         [this] { onRead(); });
        QObject::connect(m_socket.get(), &QTcpSocket::disconnected, m_socket.get(),
                         [this] { m_closed = true; });
        QObject::connect(m_socket.get(), &QTcpSocket::errorOccurred, m_socket.get(),
                         [this](QAbstractSocket::SocketError) {
                             if (m_socket->state() != QAbstractSocket::ConnectedState)
                                 m_closed = true;
                         });
    }

    // A chunked body (nginx passes a body without Content-Length to an HTTP/1.1 client in
    // chunks): the chunks' data from m_raw into m_buffer, as far as they are in.
    void dechunk()
    {
        for (;;) {
            if (m_chunkLeft == 0) {
                const qsizetype eol = m_raw.indexOf("\r\n");
                if (eol < 0)
                    return;
                if (eol == 0) { // the CRLF after a chunk's data
                    m_raw.remove(0, 2);
                    continue;
                }
                bool ok = false;
                m_chunkLeft = m_raw.left(eol).split(';').value(0).trimmed().toLongLong(&ok, 16);
                m_raw.remove(0, eol + 2);
                if (!ok || m_chunkLeft == 0) { // the last chunk (or garbage): the end
                    m_chunkLeft = 0;
                    m_raw.clear();
                    m_ended = true;
                    return;
                }
            }
            const qsizetype n = std::min<qsizetype>(m_chunkLeft, m_raw.size());
            if (n == 0)
                return;
            m_buffer += m_raw.left(n);
            m_raw.remove(0, n);
            m_chunkLeft -= n;
        }
    }

    void onRead()
    {
        if (m_status == 0) {
            m_buffer += m_socket->readAll();
            const qsizetype end = m_buffer.indexOf("\r\n\r\n");
            if (end < 0)
                return;
            m_head = m_buffer.left(end + 4);
            m_buffer.remove(0, end + 4);
            m_status = m_head.mid(9, 3).toInt();
            m_chunked = m_head.toLower().contains("\r\ntransfer-encoding: chunked\r\n");
            if (m_chunked) {
                m_raw = m_buffer;
                m_buffer.clear();
            }
        } else if (m_ended) {
            m_socket->readAll(); // after the last chunk: nothing of this stream
            return;
        } else if (m_chunked) {
            m_raw += m_socket->readAll();
        } else {
            m_buffer += m_socket->readAll();
        }
        if (m_chunked)
            dechunk();
        if (m_status != 200)
            return; // the error body stays in m_buffer
        for (;;) {
            const qsizetype end = m_buffer.indexOf("\n\n");
            if (end < 0)
                return;
            const QByteArray block = m_buffer.left(end);
            m_buffer.remove(0, end + 2);
            SseEvent e;
            e.atMs = sseClock().elapsed();
            bool any = false;
            for (const QByteArray &line : block.split('\n')) {
                if (line.startsWith(':')) {
                    ++m_pings;
                    continue;
                }
                const qsizetype colon = line.indexOf(':');
                const QByteArray field = line.left(colon);
                QByteArray value = colon < 0 ? QByteArray() : line.mid(colon + 1);
                if (value.startsWith(' '))
                    value.remove(0, 1);
                any = true;
                if (field == "id")
                    e.id = value;
                else if (field == "event")
                    e.name = value;
                else if (field == "data")
                    e.data += value;
            }
            if (any)
                m_events.append(e);
        }
    }

    std::unique_ptr<QTcpSocket> m_socket;
    QByteArray m_buffer; // the body (de-chunked), not yet parsed
    QByteArray m_raw;    // chunked: received, not yet de-chunked
    qint64 m_chunkLeft = 0;
    bool m_chunked = false;
    QByteArray m_head;
    int m_status = 0;
    int m_pings = 0;
    bool m_closed = false;
    bool m_ended = false;
    QList<SseEvent> m_events;
};

} // namespace threadline::test

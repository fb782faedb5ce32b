// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// SseParser: Server-Sent Events (the WHATWG event-stream format) read incrementally and bounded.
//
//   SseParser parser;
//   QList<SseEvent> events;
//   if (!parser.feed(reply->readAll(), &events))
//       return drop(parser.error());          // a protocol error: the connection is useless
//   for (const SseEvent &e : events) …
//
// Lines end with CRLF, LF or CR (also split across feeds); a line starting with ':' is a comment
// (the server's `: ping`); `event`, `data` (joined with '\n') and `id` are kept, `retry` and
// unknown fields ignored; an empty line dispatches the event when it has data. A UTF-8 BOM at
// the very start is skipped.
//
// Bounded: a line longer than maxLineBytes, or an event whose fields add up to more than
// maxEventBytes, is a protocol error — the parser holds at most about that much, however the
// peer sends it. After an error it refuses everything until reset().
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QString>

namespace threadline::core {

struct SseEvent
{
    QByteArray name = QByteArrayLiteral("message"); // `event:`, "message" without one
    QByteArray id;                                  // the last `id:` seen so far in the stream
    QByteArray data;                                // the `data:` lines, joined with '\n'

    friend bool operator==(const SseEvent &, const SseEvent &) = default;
};

class SseParser
{
public:
    static constexpr qsizetype kDefaultMaxLineBytes = 1024 * 1024;
    static constexpr qsizetype kDefaultMaxEventBytes = 4 * 1024 * 1024;

    explicit SseParser(qsizetype maxLineBytes = kDefaultMaxLineBytes,
                       qsizetype maxEventBytes = kDefaultMaxEventBytes);

    // Reads `bytes`, appending each complete event to `out`. False on a protocol error (then
    // error() says which, and every later feed is refused).
    bool feed(QByteArrayView bytes, QList<SseEvent> *out);
    [[nodiscard]] bool failed() const { return !m_error.isEmpty(); }
    [[nodiscard]] QString error() const { return m_error; }
    // Comment lines seen so far (pings).
    [[nodiscard]] qint64 comments() const { return m_comments; }
    // The last event id the stream set (kept across events, as EventSource does).
    [[nodiscard]] QByteArray lastEventId() const { return m_lastId; }
    // A new stream: everything forgotten.
    void reset();

private:
    bool takeLine(QList<SseEvent> *out);
    bool fail(const QString &why);

    qsizetype m_maxLine;
    qsizetype m_maxEvent;
    QByteArray m_line;      // the line being read
    QByteArray m_name;      // of the event being read
    QByteArray m_data;      // of the event being read
    bool m_hasData = false; // a data line came (even an empty one)
    qsizetype m_eventBytes = 0;
    QByteArray m_lastId;
    bool m_afterCr = false; // the last line ended with CR: a LF next belongs to it
    bool m_started = false; // past the optional BOM
    qint64 m_comments = 0;
    QString m_error;
};

} // namespace threadline::core

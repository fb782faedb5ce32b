// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/sseparser.h"

namespace threadline::core {

SseParser::SseParser(qsizetype maxLineBytes, qsizetype maxEventBytes)
    : m_maxLine(std::max<qsizetype>(16, maxLineBytes))
    , m_maxEvent(std::max<qsizetype>(16, maxEventBytes))
{
}

void SseParser::reset()
{
    m_line.clear();
    m_name.clear();
    m_data.clear();
    m_hasData = false;
    m_eventBytes = 0;
    m_lastId.clear();
    m_afterCr = false;
    m_started = false;
    m_comments = 0;
    m_error.clear();
}

bool SseParser::fail(const QString &why)
{
    m_error = why;
    m_line.clear();
    m_name.clear();
    m_data.clear();
    return false;
}

bool SseParser::feed(QByteArrayView bytes, QList<SseEvent> *out)
{
    if (failed())
        return false;
    qsizetype i = 0;
    const qsizetype n = bytes.size();
    if (!m_started) {
        // The BOM may itself come in pieces: wait for three bytes (or a shorter stream).
        static constexpr char kBom[] = "\xEF\xBB\xBF";
        const QByteArray head = m_line + bytes.first(std::min<qsizetype>(n, 3)).toByteArray();
        if (head.size() < 3 && QByteArrayView(kBom).startsWith(head)) {
            m_line = head;
            return true;
        }
        m_started = true;
        const qsizetype buffered = m_line.size();
        m_line.clear();
        if (head.startsWith(kBom))
            i = 3 - buffered;
        else if (buffered > 0)
            m_line = head.first(buffered); // not a BOM after all: those bytes start the line
    }
    while (i < n) {
        if (m_afterCr) {
            m_afterCr = false;
            if (bytes[i] == '\n') {
                ++i;
                continue;
            }
        }
        // The end of this line, or of what came.
        qsizetype end = i;
        while (end < n && bytes[end] != '\n' && bytes[end] != '\r')
            ++end;
        if (m_line.size() + (end - i) > m_maxLine)
            return fail(QStringLiteral("a line longer than %1 bytes").arg(m_maxLine));
        m_line.append(bytes.sliced(i, end - i));
        if (end == n)
            break;
        m_afterCr = bytes[end] == '\r';
        i = end + 1;
        if (!takeLine(out))
            return false;
    }
    return true;
}

bool SseParser::takeLine(QList<SseEvent> *out)
{
    const QByteArray line = std::exchange(m_line, {});
    if (line.isEmpty()) { // the end of an event
        if (m_hasData) {
            SseEvent e;
            if (!m_name.isEmpty())
                e.name = m_name;
            e.id = m_lastId;
            e.data = std::move(m_data);
            out->append(std::move(e));
        }
        m_name.clear();
        m_data.clear();
        m_hasData = false;
        m_eventBytes = 0;
        return true;
    }
    if (line.startsWith(':')) {
        ++m_comments;
        return true;
    }
    const qsizetype colon = line.indexOf(':');
    const QByteArray field = colon < 0 ? line : line.first(colon);
    QByteArray value = colon < 0 ? QByteArray() : line.sliced(colon + 1);
    if (value.startsWith(' '))
        value.remove(0, 1);
    m_eventBytes += line.size() + 1;
    if (m_eventBytes > m_maxEvent)
        return fail(QStringLiteral("an event larger than %1 bytes").arg(m_maxEvent));
    if (field == "data") {
        if (m_hasData)
            m_data.append('\n');
        m_data.append(value);
        m_hasData = true;
    } else if (field == "event") {
        m_name = value;
    } else if (field == "id") {
        if (!value.contains('\0'))
            m_lastId = value;
    }
    // `retry` and anything else: ignored (the client keeps its own back-off).
    return true;
}

} // namespace threadline::core

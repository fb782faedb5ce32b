// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Writing compact JSON text directly, for the read pages (timeline, comments): the same bytes
// QJsonDocument::toJson(QJsonDocument::Compact) writes for the same values (its escapes and
// number format), without building a QJsonObject per item and converting it after. Keys are
// written by the caller, in the sorted order QJsonObject keeps them in.

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace threadline::server::json {

// A JSON string as Qt writes it: ", \ and control characters escaped (\b \f \n \r \t, else
// \u00XX), everything else as UTF-8; half a surrogate pair without its other half as \uXXXX.
inline void string(QByteArray &out, QStringView s)
{
    static const char hex[] = "0123456789abcdef";
    out.reserve(out.size() + s.size() * 3 + 2);
    out += '"';
    const char16_t *p = s.utf16();
    const char16_t *const end = p + s.size();
    while (p != end) {
        const char16_t u = *p++;
        if (u < 0x80) {
            if (u < 0x20 || u == 0x22 || u == 0x5c) {
                out += '\\';
                switch (u) {
                case 0x22:
                    out += '"';
                    break;
                case 0x5c:
                    out += '\\';
                    break;
                case 0x08:
                    out += 'b';
                    break;
                case 0x0c:
                    out += 'f';
                    break;
                case 0x0a:
                    out += 'n';
                    break;
                case 0x0d:
                    out += 'r';
                    break;
                case 0x09:
                    out += 't';
                    break;
                default:
                    out += "u00";
                    out += hex[u >> 4];
                    out += hex[u & 0xf];
                }
            } else {
                out += char(u);
            }
        } else if (u < 0x800) {
            out += char(0xc0 | (u >> 6));
            out += char(0x80 | (u & 0x3f));
        } else if (QChar::isHighSurrogate(u) && p != end && QChar::isLowSurrogate(*p)) {
            const char32_t c = QChar::surrogateToUcs4(u, *p++);
            out += char(0xf0 | (c >> 18));
            out += char(0x80 | ((c >> 12) & 0x3f));
            out += char(0x80 | ((c >> 6) & 0x3f));
            out += char(0x80 | (c & 0x3f));
        } else if (QChar::isSurrogate(u)) {
            out += "\\u";
            out += hex[(u >> 12) & 0xf];
            out += hex[(u >> 8) & 0xf];
            out += hex[(u >> 4) & 0xf];
            out += hex[u & 0xf];
        } else {
            out += char(0xe0 | (u >> 12));
            out += char(0x80 | ((u >> 6) & 0x3f));
            out += char(0x80 | (u & 0x3f));
        }
    }
    out += '"';
}

inline void number(QByteArray &out, qint64 n)
{
    out += QByteArray::number(n);
}

inline void boolean(QByteArray &out, bool b)
{
    out += b ? "true" : "false";
}

// A JSON array of values already written as text.
template<typename Texts> inline void array(QByteArray &out, const Texts &items)
{
    qsizetype size = 2;
    for (const QByteArray &b : items)
        size += b.size() + 1;
    out.reserve(out.size() + size);
    out += '[';
    bool first = true;
    for (const QByteArray &b : items) {
        if (!first)
            out += ',';
        first = false;
        out += b;
    }
    out += ']';
}

// Anything else (an object, an array, a double): through QJsonDocument, so exactly its text.
inline void value(QByteArray &out, const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        out += "null";
        break;
    case QJsonValue::Bool:
        boolean(out, v.toBool());
        break;
    case QJsonValue::String:
        string(out, v.toString());
        break;
    case QJsonValue::Object:
        out += QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact);
        break;
    case QJsonValue::Array:
        out += QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact);
        break;
    default: {
        // a number: as the writer does, inside an array to reuse it
        const QByteArray a = QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact);
        out += a.mid(1, a.size() - 2);
    }
    }
}

} // namespace threadline::server::json

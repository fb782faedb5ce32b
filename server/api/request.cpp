// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "api/request.h"

#include "api/cursor.h"
#include "api/response.h"

#include <QJsonValue>
#include <QUrl>
#include <algorithm>
#include <cmath>

namespace threadline::server {

static bool isDigits(const QString &s)
{
    if (s.isEmpty() || s.size() > 18)
        return false;
    for (QChar c : s)
        if (c < QLatin1Char('0') || c > QLatin1Char('9'))
            return false;
    return true;
}

std::optional<qint64> intParam(const QUrlQuery &q, const char *name)
{
    const QString key = QString::fromLatin1(name);
    if (!q.hasQueryItem(key))
        return std::nullopt;
    const QString v = q.queryItemValue(key, QUrl::FullyDecoded);
    if (!isDigits(v))
        fail(400, QStringLiteral("%1: must be a non-negative whole number").arg(key));
    return v.toLongLong();
}

int limitParam(const QUrlQuery &q, const char *name, int def, int max, int min)
{
    const auto v = intParam(q, name);
    if (!v)
        return def;
    return int(std::clamp<qint64>(*v, min, max));
}

std::optional<QString> stringField(const QJsonObject &o, const char *name, bool required)
{
    const QString key = QString::fromLatin1(name);
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull()) {
        if (required)
            fail(422, QStringLiteral("%1: is required").arg(key));
        return std::nullopt;
    }
    if (!v.isString())
        fail(400, QStringLiteral("%1: must be a string").arg(key));
    return v.toString();
}

std::optional<qint64> idField(const QJsonObject &o, const char *name, bool required)
{
    const QString key = QString::fromLatin1(name);
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull()) {
        if (required)
            fail(422, QStringLiteral("%1: is required").arg(key));
        return std::nullopt;
    }
    if (!v.isDouble())
        fail(400, QStringLiteral("%1: must be a number").arg(key));
    const double d = v.toDouble();
    if (d != std::floor(d) || d < 0 || d >= 9007199254740992.0)
        fail(422, QStringLiteral("%1: must be a whole number below 2^53").arg(key));
    return qint64(d);
}

Keyset beforeCursor(const QUrlQuery &q, const QString &timeCol, const QString &idCol)
{
    const QString key = QStringLiteral("before");
    if (!q.hasQueryItem(key))
        return {};
    const auto c = decodeCursor(q.queryItemValue(key, QUrl::FullyDecoded), 2);
    if (!c)
        fail(400, QStringLiteral("before: not a cursor this server gave out"));
    return {QStringLiteral(" AND (%1 < ? OR (%1 = ? AND %2 < ?))").arg(timeCol, idCol),
            {c->at(0), c->at(0), c->at(1)}};
}

qsizetype codePoints(const QString &s)
{
    qsizetype n = 0;
    for (qsizetype i = 0; i < s.size(); ++i) {
        if (s[i].isHighSurrogate() && i + 1 < s.size() && s[i + 1].isLowSurrogate())
            ++i;
        ++n;
    }
    return n;
}

qsizetype loneSurrogateAt(QByteArrayView json)
{
    const auto hex = [&json](qsizetype at) -> int {
        if (at + 4 > json.size())
            return -1;
        bool ok = false;
        const int v = QByteArrayView(json.data() + at, 4).toInt(&ok, 16);
        return ok ? v : -1;
    };
    bool inString = false;
    qsizetype high = -1; // where a high surrogate waits for its low half
    for (qsizetype i = 0; i < json.size(); ++i) {
        const char c = json[i];
        if (!inString) {
            inString = c == '"';
            continue;
        }
        const bool escapeU = c == '\\' && i + 1 < json.size() && json[i + 1] == 'u';
        const int unit = escapeU ? hex(i + 2) : -1;
        const bool isHigh = unit >= 0xD800 && unit <= 0xDBFF;
        const bool isLow = unit >= 0xDC00 && unit <= 0xDFFF;
        if (high >= 0 && !isLow)
            return high;
        if (isLow && high < 0)
            return i;
        high = isHigh ? i : -1;
        if (c == '"')
            inString = false;
        else if (c == '\\')
            i += escapeU ? 5 : 1;
    }
    return high;
}

} // namespace threadline::server

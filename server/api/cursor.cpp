// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "api/cursor.h"

#include <QByteArray>

namespace threadline::server {

QString encodeCursor(const QList<qint64> &parts)
{
    QByteArray s;
    for (qsizetype i = 0; i < parts.size(); ++i) {
        if (i)
            s += ':';
        s += QByteArray::number(parts[i]);
    }
    return QString::fromLatin1(
        s.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

std::optional<QList<qint64>> decodeCursor(const QString &cursor, int parts)
{
    if (cursor.isEmpty() || cursor.size() > 200)
        return std::nullopt;
    const auto decoded = QByteArray::fromBase64Encoding(
        cursor.toLatin1(), QByteArray::Base64UrlEncoding | QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return std::nullopt;
    const QList<QByteArray> fields = decoded.decoded.split(':');
    if (fields.size() != parts)
        return std::nullopt;
    QList<qint64> out;
    for (const QByteArray &f : fields) {
        bool ok = false;
        const qint64 v = f.toLongLong(&ok);
        if (!ok)
            return std::nullopt;
        out.append(v);
    }
    return out;
}

QJsonValue nextCursor(bool more, qint64 lastTime, qint64 lastId)
{
    return more ? QJsonValue(encodeCursor({lastTime, lastId})) : QJsonValue(QJsonValue::Null);
}

} // namespace threadline::server

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A request as the router and the routes see it, and the helpers that read its query
// parameters and JSON body the contract's way (400 on a malformed value, 422 on a bad one).
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <QUrlQuery>
#include <QVariantList>
#include <optional>

namespace threadline::server {

// Who is asking.
struct Viewer
{
    qint64 uid = 0;
    bool moderator = false;
};

struct Request
{
    QByteArray method;    // GET, POST, …
    QString path;         // /api/v1/…
    QStringList segments; // after /api/v1
    QUrlQuery query;
    QByteArray body;
    QHash<QByteArray, QByteArray> headers; // lower-case names
    QString peer;                          // remote address, for rate limits
    QByteArray requestId; // X-Request-Id: the client's when sane, else made (ops/serverlog.h)
    Viewer viewer;
    QList<qint64> ids; // the {id} segments of the route, in order
    QString name;      // the {name} segment (media)
    QJsonObject json;  // the parsed body of JSON routes
    // Content-Length as declared before the body is read (-1: none, or a chunked body).
    qint64 declaredLength = -1;
    int routeIndex = -1;     // set by Api::precheck()
    bool prechecked = false; // route, token, role and path ids already checked
    // The rate limit that counted this request (the RateLimit-* headers of its answer);
    // rateLimit 0: none did.
    int rateLimit = 0;
    int rateRemaining = 0;
    int rateReset = 0; // seconds until the bucket is full again

    QByteArray header(const char *name) const { return headers.value(QByteArray(name)); }
};

// Query parameters: clamped limits and integers (400 when malformed)
int limitParam(const QUrlQuery &q, const char *name, int def, int max, int min = 1);
std::optional<qint64> intParam(const QUrlQuery &q, const char *name);
// The (createtime, id) keyset condition of a "newest first" list after its `before` cursor
// (" AND (t < ? OR (t = ? AND id < ?))" and its values; empty without a cursor; 400 when the
// cursor is not one this server gave out).
struct Keyset
{
    QString sql;
    QVariantList binds;
};
Keyset beforeCursor(const QUrlQuery &q, const QString &timeCol, const QString &idCol);

// JSON body fields: 400 on a wrong type; optional missing → nullopt; required missing → 422
std::optional<QString> stringField(const QJsonObject &o, const char *name, bool required);
std::optional<qint64> idField(const QJsonObject &o, const char *name, bool required);
// Characters as the contract counts them: code points, a surrogate pair being one.
qsizetype codePoints(const QString &s);
// Where a \uXXXX escape of the JSON text encodes half a UTF-16 surrogate pair without its other
// half (-1: nowhere). QJsonDocument pairs such a half with whatever follows and changes the text,
// so a body holding one is malformed (400) rather than stored altered.
qsizetype loneSurrogateAt(QByteArrayView json);

} // namespace threadline::server

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "api/response.h"

#include <QHash>
#include <QJsonDocument>

namespace threadline::server {

void fail(int status, const QString &message)
{
    static const QHash<int, QString> codes = {
        {400, QStringLiteral("bad_request")},        {401, QStringLiteral("unauthorized")},
        {403, QStringLiteral("forbidden")},          {404, QStringLiteral("not_found")},
        {409, QStringLiteral("conflict")},           {410, QStringLiteral("cursor_expired")},
        {413, QStringLiteral("too_large")},          {422, QStringLiteral("invalid")},
        {405, QStringLiteral("method_not_allowed")}, {429, QStringLiteral("rate_limited")},
        {500, QStringLiteral("internal")},           {501, QStringLiteral("not_implemented")},
    };
    throw ContractError{status, codes.value(status, QStringLiteral("error")), message};
}

Response Response::json(const QJsonObject &o, int status)
{
    Response r;
    r.status = status;
    r.body = QJsonDocument(o).toJson(QJsonDocument::Compact);
    return r;
}

Response Response::noContent()
{
    Response r;
    r.status = 204;
    r.contentType.clear();
    return r;
}

Response Response::error(int status, const QString &code, const QString &message)
{
    return json(
        QJsonObject{{QStringLiteral("error"), QJsonObject{{QStringLiteral("code"), code},
                                                          {QStringLiteral("message"), message}}}},
        status);
}

} // namespace threadline::server

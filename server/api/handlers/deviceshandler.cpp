// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The device-name table (deviceshandler.h).
#include "api/handlers/deviceshandler.h"

#include "api/moderationrecords.h"
#include "db/database.h"

#include <QJsonArray>
#include <QUrl>

namespace threadline::server {

DevicesHandler::DevicesHandler(Database &db, ModerationRecords &moderation)
    : m_db(db)
    , m_moderation(moderation)
{
}

void DevicesHandler::addRoutes(RouteTable &t)
{
    t.add("GET", "devices", 0, this, &DevicesHandler::listDevices);
    t.add("PUT", "devices", Moderator | Write | JsonBody, this, &DevicesHandler::putDevice);
    t.add("DELETE", "devices", Moderator | Write, this, &DevicesHandler::deleteDevice);
}

Response DevicesHandler::listDevices(Request &)
{
    QJsonArray items;
    for (const Row &r : m_db.query(QStringLiteral("SELECT raw, display FROM devices ORDER BY raw")))
        items.append(QJsonObject{{QStringLiteral("raw"), r[0].toString()},
                                 {QStringLiteral("display"), r[1].toString()}});
    return Response::json(
        {{QStringLiteral("items"), items}, {QStringLiteral("next"), QJsonValue::Null}});
}

Response DevicesHandler::putDevice(Request &req)
{
    const QString raw = stringField(req.json, "raw", true)->trimmed().toLower();
    const QString display = stringField(req.json, "display", true)->trimmed();
    if (raw.isEmpty() || codePoints(raw) > 100)
        fail(422, QStringLiteral("raw: must be 1 to 100 characters"));
    if (display.isEmpty() || codePoints(display) > 100)
        fail(422, QStringLiteral("display: must be 1 to 100 characters"));
    const QVariant old =
        m_db.scalar(QStringLiteral("SELECT display FROM devices WHERE raw = ?"), {raw});
    if (old.isNull() || old.toString() != display) {
        m_db.exec(QStringLiteral(
                      "INSERT INTO devices(raw, display) VALUES(?, ?) ON CONFLICT(raw) DO UPDATE"
                      " SET display = excluded.display"),
                  {raw, display});
        m_moderation.log(req.viewer.uid, QStringLiteral("device"), QStringLiteral("device"), 0,
                         QStringLiteral("%1 → %2").arg(raw, display));
    }
    return Response::json({{QStringLiteral("raw"), raw}, {QStringLiteral("display"), display}});
}

// DELETE /devices?raw=<raw>: the raw string is matched as PUT stores it (trimmed, lower-cased).
// The table keeps no tombstones, so an entry that is not there (never added, or already
// removed) is 404 and changes nothing; a removal logs one `device` entry "raw → (removed)".
Response DevicesHandler::deleteDevice(Request &req)
{
    if (!req.query.hasQueryItem(QStringLiteral("raw")))
        fail(400, QStringLiteral("raw: the query parameter is required"));
    const QString raw =
        req.query.queryItemValue(QStringLiteral("raw"), QUrl::FullyDecoded).trimmed().toLower();
    if (raw.isEmpty())
        fail(400, QStringLiteral("raw: must not be empty"));
    // Idempotent by meaning (api-v1.md): removing a name that is not there (never was, or
    // removed already) is 204 again, changes nothing and logs nothing.
    if (m_db.exec(QStringLiteral("DELETE FROM devices WHERE raw = ?"), {raw}) > 0)
        m_moderation.log(req.viewer.uid, QStringLiteral("device"), QStringLiteral("device"), 0,
                         QStringLiteral("%1 → (removed)").arg(raw));
    return Response::noContent();
}

} // namespace threadline::server

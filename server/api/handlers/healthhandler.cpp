// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "api/handlers/healthhandler.h"

#include "db/database.h"
#include "serverconfig.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonObject>

namespace threadline::server {

HealthHandler::HealthHandler(Database &db, const ServerConfig &config)
    : m_db(db)
    , m_config(config)
{
}

void HealthHandler::addRoutes(RouteTable &t)
{
    t.add("GET", "health", Public, this, &HealthHandler::health);
    t.add("GET", "health/live", Public, this, &HealthHandler::live);
    t.add("GET", "health/ready", Public, this, &HealthHandler::ready);
}

Response HealthHandler::health(Request &)
{
    return Response::json({{QStringLiteral("status"), QStringLiteral("ok")},
                           {QStringLiteral("version"), QStringLiteral(THREADLINE_SERVER_VERSION)},
                           {QStringLiteral("instance"), m_db.instanceId()}});
}

Response HealthHandler::live(Request &)
{
    return Response::json({{QStringLiteral("status"), QStringLiteral("ok")}});
}

Response HealthHandler::ready(Request &)
{
    // The database: one real query on this thread's connection (a table of the schema, so a
    // database that lost it is down too). A connection found broken is opened again once, as
    // every other route would; a database that still cannot be reached is down.
    QJsonObject database;
    QElapsedTimer t;
    t.start();
    bool up = false;
    QString why;
    for (int attempt = 0; attempt < 2 && !up; ++attempt) {
        try {
            m_db.one(QStringLiteral("SELECT id FROM users ORDER BY id LIMIT 1"));
            up = true;
        } catch (const std::exception &e) {
            why = QString::fromUtf8(e.what()).left(200);
            if (m_db.inTransaction()) {
                try {
                    m_db.rollback();
                } catch (...) {
                }
            }
            if (attempt == 0 && !(m_db.checkConnection() && m_db.reconnect()))
                break;
        }
    }
    database.insert(QStringLiteral("status"), up ? QStringLiteral("ok") : QStringLiteral("down"));
    database.insert(QStringLiteral("kind"),
                    m_db.isPostgres() ? QStringLiteral("postgresql") : QStringLiteral("sqlite"));
    if (up)
        database.insert(QStringLiteral("ms"), double(t.nsecsElapsed() / 10000) / 100.0);
    else
        database.insert(QStringLiteral("error"), why);
    // The media folder: uploads are written there.
    const QFileInfo media(m_config.mediaDir);
    const bool mediaUp = media.isDir() && media.isWritable();
    const QJsonObject checks{
        {QStringLiteral("database"), database},
        {QStringLiteral("media"),
         QJsonObject{
             {QStringLiteral("status"), mediaUp ? QStringLiteral("ok") : QStringLiteral("down")}}}};
    const bool ready = up && mediaUp;
    Response r = Response::json(
        {{QStringLiteral("status"), ready ? QStringLiteral("ok") : QStringLiteral("unavailable")},
         {QStringLiteral("checks"), checks}},
        ready ? 200 : 503);
    if (!ready)
        r.headers.append(qMakePair(QByteArray("Retry-After"), QByteArray("1")));
    return r;
}

} // namespace threadline::server

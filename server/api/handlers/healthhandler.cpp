// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "api/handlers/healthhandler.h"

#include "db/database.h"

namespace threadline::server {

HealthHandler::HealthHandler(Database &db)
    : m_db(db)
{
}

void HealthHandler::addRoutes(RouteTable &t)
{
    t.add("GET", "health", Public, this, &HealthHandler::health);
}

Response HealthHandler::health(Request &)
{
    return Response::json({{QStringLiteral("status"), QStringLiteral("ok")},
                           {QStringLiteral("version"), QStringLiteral(THREADLINE_SERVER_VERSION)},
                           {QStringLiteral("instance"), m_db.instanceId()}});
}

} // namespace threadline::server

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// GET /health: the server's version and the database instance it serves. GET /health/live: the
// process answers. GET /health/ready: it can serve — a real query on the database and the media
// folder writable, each part named with its state (503 when one is down).
#pragma once

#include "api/routetable.h"

namespace threadline::server {

class Database;
struct ServerConfig;

class HealthHandler
{
public:
    HealthHandler(Database &db, const ServerConfig &config);
    void addRoutes(RouteTable &table);

private:
    Response health(Request &req);
    Response live(Request &req);
    Response ready(Request &req);

    Database &m_db;
    const ServerConfig &m_config;
};

} // namespace threadline::server

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// GET /health: the server's version and the database instance it serves.
#pragma once

#include "api/routetable.h"

namespace threadline::server {

class Database;

class HealthHandler
{
public:
    explicit HealthHandler(Database &db);
    void addRoutes(RouteTable &table);

private:
    Response health(Request &req);

    Database &m_db;
};

} // namespace threadline::server

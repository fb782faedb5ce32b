// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// GET /sync: the change log rendered for one caller.
#pragma once

#include "api/routetable.h"

namespace threadline::server {

class Database;
class Renderer;
struct ServerConfig;

class SyncHandler
{
public:
    SyncHandler(Database &db, const ServerConfig &config, Renderer &renderer);
    void addRoutes(RouteTable &table);

private:
    Response sync(Request &req);

    Database &m_db;
    const ServerConfig &m_config;
    Renderer &m_renderer;
};

} // namespace threadline::server

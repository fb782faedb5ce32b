// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Media: uploads checked by decoding (PNG, JPEG, WebP; 5 MiB), served without a token under
// random, unguessable names with an immutable cache lifetime.
#pragma once

#include "api/routetable.h"

namespace threadline::server {

class Database;
struct ServerConfig;

class MediaHandler
{
public:
    MediaHandler(Database &db, const ServerConfig &config);
    void addRoutes(RouteTable &table);

private:
    Response uploadMedia(Request &req);
    Response getMedia(Request &req);

    Database &m_db;
    const ServerConfig &m_config;
};

} // namespace threadline::server

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// GET /activity: what people did (posts, comments, likes, follows), newest first, for a scope.
#pragma once

#include "api/routetable.h"

namespace threadline::server {

class Database;
class Renderer;

class ActivityHandler
{
public:
    ActivityHandler(Database &db, Renderer &renderer);
    void addRoutes(RouteTable &table);

private:
    Response activity(Request &req);

    Database &m_db;
    Renderer &m_renderer;
};

} // namespace threadline::server

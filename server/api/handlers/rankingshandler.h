// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// GET /rankings: the daily and the weekly board of people by points (docs/api.md, "Points and
// rankings"), the top and the caller's own place.
#pragma once

#include "api/rankboard.h"
#include "api/routetable.h"

namespace threadline::server {

class Database;
class Renderer;

class RankingsHandler
{
public:
    RankingsHandler(Database &db, Renderer &renderer);
    void addRoutes(RouteTable &table);
    // Folds the pending point events into the boards (Api::pruneLogs(): at start, hourly).
    void catchUp();

private:
    Response rankings(Request &req);

    Database &m_db;
    Renderer &m_renderer;
    RankBoard m_board;
};

} // namespace threadline::server

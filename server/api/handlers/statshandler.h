// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The moderators' activity statistics: who was active on which days (UTC+8), for a day (its
// figures, from one roaring bitmap per day: logindays.h), for a run of days (the chart), as pages
// of people (one figure's set), and for one user's month (user_days: a bitmap per user and month).
#pragma once

#include "api/handlers/logindays.h"
#include "api/routetable.h"

namespace threadline::server {

class Database;
class Renderer;

class StatsHandler
{
public:
    StatsHandler(Database &db, Renderer &renderer);
    void addRoutes(RouteTable &table);

private:
    Response modStats(Request &req);
    Response modUserStats(Request &req);
    Response modStatsDays(Request &req);
    Response modStatsPeople(Request &req);

    Database &m_db;
    Renderer &m_renderer;
    LoginDays m_days;
};

} // namespace threadline::server

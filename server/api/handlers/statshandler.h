// The moderators' activity statistics: who was active on which days (daily bitmaps per user and
// month, UTC+8), for a day and for one user's month.
#pragma once

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

    Database &m_db;
    Renderer &m_renderer;
};

} // namespace threadline::server

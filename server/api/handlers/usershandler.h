// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// People: GET /me, GET /users/{id}, and following (PUT/DELETE /users/{id}/follow).
#pragma once

#include "api/routetable.h"

namespace threadline::server {

class ChangeLog;
class Database;
class Notifications;
class Renderer;

class UsersHandler
{
public:
    UsersHandler(Database &db, Renderer &renderer, ChangeLog &changes,
                 Notifications &notifications);
    void addRoutes(RouteTable &table);

private:
    Response me(Request &req);
    Response getUser(Request &req);
    Response follow(Request &req);
    Response unfollow(Request &req);

    Database &m_db;
    Renderer &m_renderer;
    ChangeLog &m_changes;
    Notifications &m_notifications;
};

} // namespace threadline::server

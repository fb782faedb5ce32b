// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// People's lists: the posts I liked (GET /me/likes), newest like first; a person's followers
// and the people they follow (GET /users/{id}/followers, /following), newest follow first.
#pragma once

#include "api/routetable.h"

namespace threadline::server {

class Database;
class Renderer;

class PeopleHandler
{
public:
    PeopleHandler(Database &db, Renderer &renderer);
    void addRoutes(RouteTable &table);

private:
    Response myLikes(Request &req);
    Response followers(Request &req);
    Response following(Request &req);
    // A person's followers (`followers`: follows.followee = uid) or the people they follow.
    Response follows(Request &req, bool followers);

    Database &m_db;
    Renderer &m_renderer;
};

} // namespace threadline::server

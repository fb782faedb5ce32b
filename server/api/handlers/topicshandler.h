// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Topics that people follow (docs/api.md, "Topics that people follow"): a topic's figures and
// following it. Its posts are GET /timeline?scope=topic&topic=NAME (PostsHandler).
#pragma once

#include "api/routetable.h"

namespace threadline::server {

class Database;

class TopicsHandler
{
public:
    explicit TopicsHandler(Database &db);
    void addRoutes(RouteTable &table);

private:
    Response topic(Request &req);
    Response follow(Request &req);
    Response unfollow(Request &req);
    QJsonObject followState(const QString &topic, bool following);

    Database &m_db;
};

} // namespace threadline::server

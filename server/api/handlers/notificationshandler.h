// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// GET /notifications (mine, newest first, paged by `before`), GET /notifications/unread, and
// marking them read: POST /notifications/{id}/read, POST /notifications/read {"upTo"?}.
#pragma once

#include "api/routetable.h"

namespace threadline::server {

class ChangeLog;
class Database;
class Notifications;

class NotificationsHandler
{
public:
    NotificationsHandler(Database &db, Notifications &notifications, ChangeLog &changes);
    void addRoutes(RouteTable &table);

private:
    Response list(Request &req);
    Response unread(Request &req);
    Response readOne(Request &req);
    Response readAll(Request &req);

    Database &m_db;
    Notifications &m_notifications;
    ChangeLog &m_changes;
};

} // namespace threadline::server

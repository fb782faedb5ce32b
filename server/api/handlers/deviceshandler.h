// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The device-name table (raw device strings as clients report them → display names): listed by
// anyone signed in, changed by moderators (each change in the moderation log).
#pragma once

#include "api/routetable.h"

namespace threadline::server {

class Database;
class ModerationRecords;

class DevicesHandler
{
public:
    DevicesHandler(Database &db, ModerationRecords &moderation);
    void addRoutes(RouteTable &table);

private:
    Response listDevices(Request &req);
    Response putDevice(Request &req);
    Response deleteDevice(Request &req);

    Database &m_db;
    ModerationRecords &m_moderation;
};

} // namespace threadline::server

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The demo world as a start-up step of threadline-server (--demo): after the database is opened
// and migrated, before the server's Api is built and serves. An empty database is filled with
// the demo world (seedDemo(), demodata.h) and then its moderation story is written through an
// Api of its own (seedModerationDemo(), demomoderation.h), thrown away afterwards; a database
// that has users already is left as it is.
#pragma once

#include <QString>

namespace threadline::server {

class Database;
struct ServerConfig;

// False, with `error` set, when the world could not be written.
[[nodiscard]] bool seedDemoAtStart(Database &db, const ServerConfig &config, QString *error);

} // namespace threadline::server

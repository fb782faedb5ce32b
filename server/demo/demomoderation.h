// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The moderation part of the demo world: an open queue, a closed history in the log and 30 days
// of sign-in activity, made through `api` (its routes) after seedDemo() filled the database.
#pragma once

namespace threadline::server {

class Api;
class Database;

// Throws DbError when a call of the story is refused or the database fails.
void seedModerationDemo(Api &api, Database &db);

} // namespace threadline::server

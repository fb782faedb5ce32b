// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Recently viewed, kept per user on the server (docs/api.md "Recently viewed follows the
// account"): the upsert a view makes, and the constants of the list.
#pragma once

#include <QtGlobal>

namespace threadline::server {

class Database;

namespace recentviews {

constexpr int kCap = 60;                              // entries kept per user
constexpr qint64 kMaxAgeMs = 30LL * 24 * 3600 * 1000; // older entries are not returned

// `uid` viewed `postId` at `now`: upserts the row (a second view moves it to the top: its time
// is at least one millisecond after the user's newest), then trims the user's rows beyond kCap
// and those older than the expiry.
void record(Database &db, qint64 uid, qint64 postId, qint64 now);

} // namespace recentviews
} // namespace threadline::server

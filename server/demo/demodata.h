// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/database.h"

#include <QString>

namespace threadline::server {

struct DemoResult
{
    int users = 0, posts = 0, comments = 0, likes = 0;
};

// Fixed ids of the demo world, for tests and docs.
inline constexpr qint64 kDemoSamplePostId =
    90012; // 王五's sample post (fixtures/seed-post-90012.json)
inline constexpr qint64 kDemoBusyPostId = 90500; // 张三, 1,800 comments over 200 floors
inline constexpr qint64 kDemoHotPostId = 90501;  // 李四, ~3 h old, 45 likes, many views

// Fills an EMPTY database (no users yet) with the demo world; does nothing (and returns all
// zeros) when users exist. Writes generated images (PNG, drawn with QPainter on QImage: shapes,
// gradients and colours only, no text) into mediaDir as <32 hex>.png and registers them in the
// media table under that same name; pictures and avatars are referenced as
// "/api/v1/media/<32 hex>.png". Everything goes into the database in one transaction.
// Throws DbError on a database error or when an image cannot be written.
// (How the world is built: demoworld.h and the demo*.h files it names.) The start-up step that
// calls this, and then writes the moderation story: demostartup.h.
DemoResult seedDemo(Database &db, const QString &mediaDir, qint64 nowMs);

} // namespace threadline::server

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The SQL functions the cache's schema calls: threadline_post_text(data) and
// threadline_comment_text(data), the content of a row's blob as UTF-8 text (NULL for a blob that
// is not one), which the search index's triggers read (cacheschema.h, version 4). The Cache
// registers them on its connection; any other connection that writes the posts or comments of a
// cache file (a test's, a benchmark's) registers them first, or its writes fail with "no such
// function".
#pragma once

#include <sqlite3.h>

namespace threadline::core {

// Registers both functions on `db`; SQLITE_OK, or SQLite's result code.
[[nodiscard]] int registerCacheFunctions(sqlite3 *db);

} // namespace threadline::core

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The client cache's SQLite schema and its migrations (see cache.h).
//
// The schema version lives in `PRAGMA user_version`; a file is stamped with
// `PRAGMA application_id = kApplicationId` by the first migration so that a foreign SQLite file
// in the cache's place is recognised. Migrations run stepwise, each in its own transaction:
// a file at version N runs kMigrations[N], kMigrations[N + 1], … until kVersion. A file with a
// higher version than kVersion was written by a newer client; the cache is a projection of the
// server's data, so such a file is moved aside and rebuilt rather than read with a schema this
// build does not know (cache.h, "Robustness").
//
// Never edit a released step: add a new one at the end and raise kVersion.
#pragma once

#include <QtGlobal>

#include <array>
#include <span>

namespace threadline::core::cacheschema {

inline constexpr qint32 kApplicationId = 0x54484c43; // "THLC"

// Version 1: posts, users, comments, likes, timeline pages and their cursors, key/value meta.
// Every object row holds the whole object as a blob (CacheBlob, cacheblob.h) plus the columns
// that are searched or ordered on.
inline constexpr std::array kStepTo1 = {
    "CREATE TABLE posts ("
    " id INTEGER PRIMARY KEY,"
    " author_uid INTEGER NOT NULL,"
    " createtime INTEGER NOT NULL,"
    " hidden INTEGER NOT NULL DEFAULT 0,"
    " data BLOB NOT NULL)",
    "CREATE INDEX posts_by_author ON posts (author_uid, createtime DESC, id DESC)",
    "CREATE INDEX posts_by_time ON posts (createtime DESC, id DESC)",

    "CREATE TABLE users (uid INTEGER PRIMARY KEY, data BLOB NOT NULL)",

    // Floors (root_id 0) and replies. Floors page by (post_id, root_id = 0, floor), replies by
    // (root_id, seq), trimming by the contract's "newest first" (createtime, id).
    "CREATE TABLE comments ("
    " id INTEGER PRIMARY KEY,"
    " post_id INTEGER NOT NULL,"
    " root_id INTEGER NOT NULL,"
    " parent_id INTEGER NOT NULL,"
    " floor INTEGER NOT NULL,"
    " seq INTEGER NOT NULL,"
    " createtime INTEGER NOT NULL,"
    " data BLOB NOT NULL)",
    "CREATE INDEX comments_floors ON comments (post_id, root_id, floor)",
    "CREATE INDEX comments_replies ON comments (root_id, seq)",
    "CREATE INDEX comments_newest ON comments (post_id, createtime DESC, id DESC)",

    // A post's likers: a set, one like per user.
    "CREATE TABLE likes ("
    " post_id INTEGER NOT NULL,"
    " uid INTEGER NOT NULL,"
    " id INTEGER NOT NULL,"
    " createtime INTEGER NOT NULL,"
    " data BLOB NOT NULL,"
    " PRIMARY KEY (post_id, uid)) WITHOUT ROWID",
    "CREATE INDEX likes_newest ON likes (post_id, createtime DESC, id DESC)",

    // Timeline pages: per scope key ("all", "following", "user:10003", "hot:day:likes") the
    // post ids in the server's order and the server's cursor after the last stored page.
    "CREATE TABLE scopes ("
    " scope TEXT PRIMARY KEY,"
    " next TEXT,"
    " updated INTEGER NOT NULL) WITHOUT ROWID",
    "CREATE TABLE timeline ("
    " scope TEXT NOT NULL,"
    " pos INTEGER NOT NULL,"
    " post_id INTEGER NOT NULL,"
    " PRIMARY KEY (scope, pos),"
    " UNIQUE (scope, post_id)) WITHOUT ROWID",
    "CREATE INDEX timeline_post ON timeline (post_id)",

    // The sync cursor and other small values.
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID",

    "PRAGMA application_id = 1414024259", // kApplicationId
};

// Version 2: recently viewed posts (newest 60, de-duplicated by post, 30 days).
inline constexpr std::array kStepTo2 = {
    "CREATE TABLE history (post_id INTEGER PRIMARY KEY, viewed_at INTEGER NOT NULL)",
    "CREATE INDEX history_recent ON history (viewed_at DESC, post_id DESC)",
};

// Version 3: the first page of a list that is not a timeline (a person's followers, a board of
// messages, activity, rankings) as the server sent it, by a key ("followers:10003"), for
// reading offline; a page saved again is written anew (a new rowid), so the smallest rowids are
// the oldest and go first past cachelimits::kMaxPages.
inline constexpr std::array kStepTo3 = {
    "CREATE TABLE pages (key TEXT PRIMARY KEY, saved_at INTEGER NOT NULL, body BLOB NOT NULL)",
};

// kMigrations[i] takes a file from version i to version i + 1.
inline constexpr std::array<std::span<const char *const>, 3> kMigrations = {
    std::span<const char *const>(kStepTo1),
    std::span<const char *const>(kStepTo2),
    std::span<const char *const>(kStepTo3),
};

inline constexpr int kVersion = int(kMigrations.size());

static_assert(kApplicationId == 1414024259, "keep the PRAGMA in kStepTo1 in step");

} // namespace threadline::core::cacheschema

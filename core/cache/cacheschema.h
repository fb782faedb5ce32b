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
#include <utility>

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

// Version 4: offline search (Cache::search, docs/api.md "Search"). The text of every cached post
// and comment in an FTS5 index with the trigram tokenizer, so that any 3 or more characters of
// it are found (Chinese has no spaces to split words at). Contentless (content=''): the text
// stays in the rows' blobs only and is not stored twice; detail='none' and columnsize=0 keep
// only which rows hold each trigram (no positions, no lengths), so a query is the AND of its
// trigrams and the search checks each candidate's text itself (the index is about a sixth of
// the file: docs/performance.md, "Offline search").
//
// Every change of the rows' text is queued in search_queue (tbl: 0 posts, 1 comments; op: 0
// index, 1 forget; the text), and the cache moves the queue into the index in one statement per
// table when the writes pause and before each search (kFlushSearch; CacheStore::flushSearch):
// FTS5 writes out what it holds in memory at the start of every statement that runs in a
// statement journal, so writing the index row by row made one segment per upserted row. Rows
// are written by CacheStore's upserts only (upsertPosts, saveComments), which queue a row's
// text when it is new or changed; a trigger there would put every upsert in a statement journal
// (5 µs more a row: a page of 1,200 comments took twice as long). Rows leave by many statements
// (removals, trims, a floor, malformed rows dropped): the delete triggers queue what they take,
// reading the text with threadline_post_text(data) / threadline_comment_text(data), the
// functions the cache registers on its connection (cachefunctions.h). A contentless table
// forgets a row only when told its text again: the blob being deleted is the one indexed.
// The migration's last two steps index what an older cache holds.
inline constexpr char kPostsSearchDelete[] =
    "CREATE TRIGGER posts_search_delete AFTER DELETE ON posts BEGIN"
    " INSERT INTO search_queue (tbl, op, id, body)"
    " VALUES (0, 1, old.id, threadline_post_text(old.data)); END";
inline constexpr char kCommentsSearchDelete[] =
    "CREATE TRIGGER comments_search_delete AFTER DELETE ON comments BEGIN"
    " INSERT INTO search_queue (tbl, op, id, body)"
    " VALUES (1, 1, old.id, threadline_comment_text(old.data)); END";

// A change queued by the cache's upserts: (tbl, op, id, text).
inline constexpr char kQueueChange[] =
    "INSERT INTO search_queue (tbl, op, id, body) VALUES (?1, ?2, ?3, ?4)";

// The queue into the index, in the order it was written (a NULL command inserts, 'delete'
// forgets); then emptied. One statement per table: one write of FTS5's memory.
inline constexpr std::array kFlushSearch = {
    "INSERT INTO posts_search (posts_search, rowid, body)"
    " SELECT CASE op WHEN 1 THEN 'delete' END, id, body FROM search_queue WHERE tbl = 0"
    " ORDER BY seq",
    "INSERT INTO comments_search (comments_search, rowid, body)"
    " SELECT CASE op WHEN 1 THEN 'delete' END, id, body FROM search_queue WHERE tbl = 1"
    " ORDER BY seq",
    "DELETE FROM search_queue",
};

// The search triggers by name, with their statements: clear() drops them, empties the tables
// and the index at once, and makes them again (a row-by-row delete of every row would read every
// text back and queue it).
inline constexpr std::array<std::pair<const char *, const char *>, 2> kSearchTriggers = {{
    {"posts_search_delete", kPostsSearchDelete},
    {"comments_search_delete", kCommentsSearchDelete},
}};

// The FTS5 tables: their shadow tables (`<name>_data`, `_idx`, `_config`) are SQLite's own.
inline constexpr std::array kSearchTables = {"posts_search", "comments_search"};

inline constexpr std::array kStepTo4 = {
    "CREATE TABLE search_queue (seq INTEGER PRIMARY KEY, tbl INTEGER NOT NULL,"
    " op INTEGER NOT NULL, id INTEGER NOT NULL, body TEXT)",
    "CREATE VIRTUAL TABLE posts_search USING fts5(body, content='', tokenize='trigram',"
    " detail='none', columnsize=0)",
    "CREATE VIRTUAL TABLE comments_search USING fts5(body, content='', tokenize='trigram',"
    " detail='none', columnsize=0)",
    kPostsSearchDelete,
    kCommentsSearchDelete,
    "INSERT INTO posts_search (rowid, body) SELECT id, threadline_post_text(data) FROM posts",
    "INSERT INTO comments_search (rowid, body)"
    " SELECT id, threadline_comment_text(data) FROM comments",
};

// kMigrations[i] takes a file from version i to version i + 1.
inline constexpr std::array<std::span<const char *const>, 4> kMigrations = {
    std::span<const char *const>(kStepTo1),
    std::span<const char *const>(kStepTo2),
    std::span<const char *const>(kStepTo3),
    std::span<const char *const>(kStepTo4),
};

inline constexpr int kVersion = int(kMigrations.size());

static_assert(kApplicationId == 1414024259, "keep the PRAGMA in kStepTo1 in step");

} // namespace threadline::core::cacheschema

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Search (GET /search, docs/api.md "Search"): posts, comments or people whose text holds `q`,
// newest first by id, paged by an opaque `before` cursor. Posts and comments: any substring of
// 3 or more characters through the database's trigram index (SQLite FTS5 with the trigram
// tokenizer, PostgreSQL pg_trgm; schema.h, schemaSearch), 1 or 2 characters among the newest
// kShortWindow only; people: their nicknames, all of them. What a viewer may see is decided as
// on every other list (Renderer::postVisible, commentVisible), never by the index.
#pragma once

#include "api/routetable.h"

namespace threadline::server {

class Database;
class Renderer;

class SearchHandler
{
public:
    // The bounds of `q` after trimming, in code points.
    static constexpr int kMaxQueryLength = 100;
    // Shorter queries than this cannot use a trigram index.
    static constexpr int kIndexedLength = 3;
    // How many of the newest posts (or comments) a 1- or 2-character query looks through.
    static constexpr int kShortWindow = 5000;

    SearchHandler(Database &db, Renderer &renderer);
    void addRoutes(RouteTable &table);

private:
    Response search(Request &req);

    Database &m_db;
    Renderer &m_renderer;
};

} // namespace threadline::server

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Reads answered from the process's read cache (readcache.h): the posts of a timeline page or of
// GET /posts/{id}, and pages of a post's floors (handlers/commentshandler.cpp). Rendered for
// nobody once, kept until the change log names one of their objects, and personalised with the
// caller's own likes and votes.
#pragma once

#include "api/readcache.h"
#include "api/request.h"

#include <QByteArray>
#include <QList>
#include <memory>
#include <vector>

namespace threadline::server {

class Database;
class Renderer;

class CachedReader
{
public:
    CachedReader(Database &db, Renderer &renderer);
    CachedReader(const CachedReader &) = delete;
    CachedReader &operator=(const CachedReader &) = delete;

    // PostgreSQL: the process's read cache, shared with the workers' Apis (null: none).
    void setCache(std::shared_ptr<ReadCache> cache) { m_cache = std::move(cache); }
    [[nodiscard]] const std::shared_ptr<ReadCache> &cache() const { return m_cache; }
    // Whether this read may be answered from the cache.
    [[nodiscard]] bool cacheable(const Request &req) const;
    // The posts of `ids` (visible ones, in order) as JSON objects for v: rendered for nobody
    // once and personalised. `epoch`: what refresh() returned before the page's ids were read.
    std::vector<QByteArray> cachedPosts(const QList<qint64> &ids, const Viewer &v,
                                        int inlineComments, quint64 epoch);
    // The entries' texts with the viewer's likes and votes on what their slots name.
    std::vector<QByteArray> personalised(const std::vector<const ReadCache::Entry *> &entries,
                                         const Viewer &v);

private:
    Database &m_db;
    Renderer &m_renderer;
    std::shared_ptr<ReadCache> m_cache; // null: every read from the database
};

} // namespace threadline::server

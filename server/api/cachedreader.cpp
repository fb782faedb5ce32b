// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The cached reader (cachedreader.h): posts and pages from the process's read cache.
#include "api/cachedreader.h"

#include "api/renderer.h"
#include "db/database.h"

namespace threadline::server {

CachedReader::CachedReader(Database &db, Renderer &renderer)
    : m_db(db)
    , m_renderer(renderer)
{
}

bool CachedReader::cacheable(const Request &req) const
{
    return m_cache && m_db.isPostgres() && !req.viewer.moderator;
}

std::vector<QByteArray>
CachedReader::personalised(const std::vector<const ReadCache::Entry *> &entries, const Viewer &v)
{
    QList<qint64> posts, comments;
    for (const ReadCache::Entry *e : entries)
        for (const ReadCache::Slot &s : e->slots) {
            if (s.kind == ReadCache::Slot::PostLiked)
                posts.append(s.id);
            else if (s.kind == ReadCache::Slot::CommentLiked) // its "opposed" has the same id
                comments.append(s.id);
        }
    QSet<qint64> liked;
    QHash<qint64, int> votes;
    if (!posts.isEmpty() || !comments.isEmpty()) {
        // The caller's own likes and votes on the page: one statement.
        QVariantList binds{v.uid};
        QString sql = QStringLiteral("SELECT 0, post_id, 1 FROM post_likes WHERE uid = ? AND ") +
                      m_db.anyOf(QStringLiteral("post_id"), posts, binds);
        if (!comments.isEmpty()) {
            binds << v.uid;
            sql += QStringLiteral(" UNION ALL SELECT 1, comment_id, vote FROM comment_votes"
                                  " WHERE uid = ? AND ") +
                   m_db.anyOf(QStringLiteral("comment_id"), comments, binds);
        }
        for (const Row &r : m_db.query(sql, binds)) {
            if (r[0].toInt() == 0)
                liked.insert(r[1].toLongLong());
            else
                votes.insert(r[1].toLongLong(), r[2].toInt());
        }
    }
    std::vector<QByteArray> out;
    out.reserve(entries.size());
    for (const ReadCache::Entry *e : entries)
        out.push_back(ReadCache::personalise(e->body, e->slots, liked, votes));
    return out;
}

std::vector<QByteArray> CachedReader::cachedPosts(const QList<qint64> &ids, const Viewer &v,
                                                  int inlineComments, quint64 epoch)
{
    const auto keyOf = [inlineComments](qint64 id) {
        return QByteArray("p:") + QByteArray::number(id) + ':' + QByteArray::number(inlineComments);
    };
    QHash<qint64, std::shared_ptr<const ReadCache::Entry>> found;
    QList<qint64> missing;
    for (qint64 id : ids) {
        if (auto e = m_cache->get(keyOf(id)))
            found.insert(id, std::move(e));
        else
            missing.append(id);
    }
    m_cache->countHit(missing.isEmpty());
    if (!missing.isEmpty()) {
        const Viewer nobody{0, false};
        const QHash<qint64, QByteArray> parts =
            m_renderer.postParts(missing, nobody, inlineComments);
        for (auto it = parts.cbegin(); it != parts.cend(); ++it) {
            auto e = std::make_shared<ReadCache::Entry>();
            e->body = it.value();
            e->slots = ReadCache::findSlots(e->body);
            m_cache->put(keyOf(it.key()), e, it.key(), ReadCache::Depends::Post, epoch);
            found.insert(it.key(), std::move(e));
        }
    }
    std::vector<const ReadCache::Entry *> entries;
    entries.reserve(size_t(ids.size()));
    for (qint64 id : ids)
        if (const auto it = found.constFind(id); it != found.constEnd())
            entries.push_back(it->get()); // a post not visible (any more) is left out
    return personalised(entries, v);
}

} // namespace threadline::server

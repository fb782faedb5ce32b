// Reads answered from the process's read cache (readcache.h): the posts of a timeline page or of
// GET /posts/{id}, and pages of a post's floors. Rendered for nobody once, kept until the change
// log names one of their objects, and personalised with the caller's own likes and votes.
#include "api/api.h"

namespace threadline::server {

bool Api::cacheable(const Request &req) const
{
    return m_cache && m_db.isPostgres() && !req.viewer.moderator;
}

std::vector<QByteArray> Api::personalised(const std::vector<const ReadCache::Entry *> &entries,
                                          const Viewer &v)
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

std::vector<QByteArray> Api::cachedPosts(const QList<qint64> &ids, const Viewer &v,
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
        const QHash<qint64, QByteArray> parts = postParts(missing, nobody, inlineComments);
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

Response Api::listComments(Request &req)
{
    const QString order = req.query.hasQueryItem(QStringLiteral("order"))
                              ? req.query.queryItemValue(QStringLiteral("order"))
                              : QStringLiteral("floor");
    if (!cacheable(req) || order != QLatin1String("floor"))
        return listCommentsUncached(req);
    const qint64 postId = req.ids[0];
    const quint64 epoch = m_cache->refresh(m_db);
    const auto post =
        m_db.one(QStringLiteral("SELECT hidden, deleted FROM posts WHERE id = ?"), {postId});
    if (!post || post->at(1).toInt() != 0 || post->at(0).toInt() != 0)
        fail(404, QStringLiteral("no such post"));
    const int limit = limitParam(req.query, "limit", 20, 200);
    const int replies = limitParam(req.query, "replies", 3, 20, 0);
    const qint64 after = intParam(req.query, "after").value_or(0);
    const QByteArray key = "c:" + QByteArray::number(postId) + ':' + QByteArray::number(after) +
                           ':' + QByteArray::number(limit) + ':' + QByteArray::number(replies);
    auto entry = m_cache->get(key);
    m_cache->countHit(bool(entry));
    if (!entry) {
        // Rendered for nobody: the same page an ordinary reader gets, every vote of theirs off.
        const Viewer caller = req.viewer;
        req.viewer = Viewer{0, false};
        Response r = listCommentsUncached(req);
        req.viewer = caller;
        if (r.status != 200)
            return r;
        auto e = std::make_shared<ReadCache::Entry>();
        e->body = std::move(r.body);
        e->slots = ReadCache::findSlots(e->body);
        m_cache->put(key, e, postId, ReadCache::Depends::Comments, epoch);
        entry = std::move(e);
    }
    Response r;
    r.body = std::move(personalised({entry.get()}, req.viewer).front());
    return r;
}

} // namespace threadline::server

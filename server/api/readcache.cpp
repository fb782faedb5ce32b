// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The read cache (readcache.h).
#include "api/readcache.h"

#include "db/database.h"

#include <algorithm>
#include <limits>

namespace threadline::server {

namespace {

constexpr qsizetype kMaxChangedPosts = 200'000; // remembered invalidations before a full clear
constexpr qsizetype kMaxRowsPerRefresh = 5'000; // change rows read by one refresh

} // namespace

ReadCache::ReadCache(qsizetype maxBytes)
    : m_maxBytes(maxBytes)
{
}

quint64 ReadCache::refresh(Database &db)
{
    qint64 cursor;
    {
        std::lock_guard lock(m_mutex);
        cursor = m_cursor;
        ++m_stats.refreshes;
    }
    // The horizon (the oldest transaction still running: every id below it has ended), the
    // device log's size, and every change row at or above the cursor with its comment's post.
    // Before the first refresh nothing is cached: only the horizon is needed.
    // The change rows are read in index order with a limit (a plan on changes_txid whatever the
    // cursor); more than the limit (the cache was not asked for a long time) forgets everything.
    const auto rows = db.query(
        QStringLiteral("SELECT h.x, d.n, c.kind, c.obj_id, cm.post_id"
                       " FROM (SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS x) h"
                       " CROSS JOIN (SELECT COUNT(*) AS n FROM mod_log WHERE action = 'device') d"
                       " LEFT JOIN LATERAL (SELECT kind, obj_id FROM changes WHERE txid >= ?"
                       " ORDER BY txid, seq LIMIT ?) c ON true"
                       " LEFT JOIN comments cm ON c.kind = 'comment' AND cm.id = c.obj_id"),
        {cursor < 0 ? std::numeric_limits<qint64>::max() : cursor, kMaxRowsPerRefresh + 1});
    std::lock_guard lock(m_mutex);
    if (rows.empty())
        return m_epoch;
    const qint64 horizon = rows.front()[0].toLongLong();
    const qint64 devices = rows.front()[1].toLongLong();
    if (m_devices >= 0 && devices != m_devices)
        clearLocked(); // a device's display name changed: it is in every post
    m_devices = devices;
    if (qsizetype(rows.size()) > kMaxRowsPerRefresh) {
        clearLocked(); // the rows not read can no longer matter
        m_cursor = std::max(m_cursor, horizon);
        return m_epoch;
    }
    for (const Row &r : rows) {
        if (r[2].isNull())
            continue;
        const QString kind = r[2].toString();
        if (kind == QLatin1String("post")) {
            invalidateLocked(r[3].toLongLong(), false);
        } else if (kind == QLatin1String("comment")) {
            if (r[4].isNull())
                clearLocked(); // a comment that is not there any more: whose post is unknown
            else
                invalidateLocked(r[4].toLongLong(), true);
        }
    }
    m_cursor = std::max(m_cursor, horizon);
    if (m_changedAt.size() > kMaxChangedPosts)
        clearLocked();
    return m_epoch;
}

void ReadCache::invalidateLocked(qint64 postId, bool commentsToo)
{
    ++m_epoch;
    ++m_stats.invalidations;
    m_changedAt.insert(postId, m_epoch);
    const auto it = m_keysByPost.find(postId);
    if (it == m_keysByPost.end())
        return;
    QList<QByteArray> kept;
    for (const QByteArray &key : std::as_const(*it)) {
        const auto e = m_entries.constFind(key);
        if (e == m_entries.constEnd())
            continue;
        if (!commentsToo && e->depends == Depends::Comments) {
            kept.append(key);
            continue;
        }
        m_bytes -= e->entry->body.size() + key.size();
        m_entries.erase(e);
    }
    if (kept.isEmpty())
        m_keysByPost.erase(it);
    else
        *it = kept;
}

void ReadCache::clearLocked()
{
    m_entries.clear();
    m_keysByPost.clear();
    m_changedAt.clear();
    m_bytes = 0;
    m_floor = ++m_epoch;
}

std::shared_ptr<const ReadCache::Entry> ReadCache::get(const QByteArray &key) const
{
    std::lock_guard lock(m_mutex);
    const auto it = m_entries.constFind(key);
    return it == m_entries.constEnd() ? nullptr : it->entry;
}

void ReadCache::put(const QByteArray &key, std::shared_ptr<const Entry> entry, qint64 postId,
                    Depends depends, quint64 epoch)
{
    std::lock_guard lock(m_mutex);
    if (epoch < m_floor || m_changedAt.value(postId, 0) > epoch)
        return; // changed since the render began: the text may be older than the change
    const qsizetype size = entry->body.size() + key.size();
    if (size > m_maxBytes / 16)
        return;
    if (m_bytes + size > m_maxBytes)
        clearLocked(); // simple and rare: the working set is far below the budget
    const auto old = m_entries.constFind(key);
    if (old != m_entries.constEnd())
        m_bytes -= old->entry->body.size() + key.size();
    else
        m_keysByPost[postId].append(key);
    m_entries.insert(key, Stored{std::move(entry), postId, depends});
    m_bytes += size;
}

void ReadCache::countHit(bool hit)
{
    std::lock_guard lock(m_mutex);
    ++(hit ? m_stats.hits : m_stats.misses);
}

ReadCache::Stats ReadCache::stats() const
{
    std::lock_guard lock(m_mutex);
    Stats s = m_stats;
    s.entries = m_entries.size();
    s.bytes = m_bytes;
    return s;
}

std::vector<ReadCache::Slot> ReadCache::findSlots(const QByteArray &body)
{
    // A quote inside a JSON string is escaped, so `"liked":` and `"id":` (quote, key, quote,
    // colon) are only ever keys; in a post and in a comment, "id" comes before "likeCount",
    // "liked", "opposeCount" and "opposed" with no object between them.
    std::vector<Slot> slots;
    static const QByteArray liked = "\"liked\":false", opposed = "\"opposed\":false",
                            idKey = "\"id\":", likes = ",\"likes\":[";
    const auto idBefore = [&](qsizetype at) -> qint64 {
        const qsizetype k = body.lastIndexOf(idKey, at);
        if (k < 0)
            return -1;
        qint64 v = 0;
        for (qsizetype i = k + idKey.size(); i < body.size() && body[i] >= '0' && body[i] <= '9';
             ++i)
            v = v * 10 + (body[i] - '0');
        return v;
    };
    for (qsizetype at = 0; (at = body.indexOf('"', at)) >= 0;) {
        if (body.mid(at, liked.size()) == liked) {
            const qsizetype value = at + liked.size() - 5;
            const bool post = body.mid(at + liked.size(), likes.size()) == likes;
            slots.push_back(Slot{value, post ? Slot::PostLiked : Slot::CommentLiked, idBefore(at)});
            at += liked.size();
        } else if (body.mid(at, opposed.size()) == opposed) {
            slots.push_back(Slot{at + opposed.size() - 5, Slot::CommentOpposed, idBefore(at)});
            at += opposed.size();
        } else {
            // skip this string (a key or a value), escapes and all
            qsizetype i = at + 1;
            while (i < body.size() && body[i] != '"')
                i += body[i] == '\\' ? 2 : 1;
            at = i + 1;
        }
    }
    return slots;
}

QByteArray ReadCache::personalise(const QByteArray &body, const std::vector<Slot> &slots,
                                  const QSet<qint64> &likedPosts,
                                  const QHash<qint64, int> &commentVotes)
{
    if (likedPosts.isEmpty() && commentVotes.isEmpty())
        return body; // nobody's view (shared, not copied)
    QByteArray out;
    out.reserve(body.size());
    qsizetype from = 0;
    for (const Slot &s : slots) {
        bool on = false;
        switch (s.kind) {
        case Slot::PostLiked:
            on = likedPosts.contains(s.id);
            break;
        case Slot::CommentLiked:
            on = commentVotes.value(s.id, 0) == 1;
            break;
        case Slot::CommentOpposed:
            on = commentVotes.value(s.id, 0) == -1;
            break;
        }
        if (!on)
            continue;
        out.append(body.constData() + from, s.offset - from);
        out += "true";
        from = s.offset + 5; // past "false"
    }
    out.append(body.constData() + from, body.size() - from);
    return out;
}

} // namespace threadline::server

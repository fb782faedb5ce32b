// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// CacheStore's search (cachestore.h, Cache::search): the posts, comments or people the cache
// holds whose text holds the query, newest first by id.
//
// A query of 3 or more characters asks the trigram index (cacheschema.h, version 4) for the
// rows that hold all of its trigrams, newest first; the index keeps no positions, so each
// candidate's own text is checked for the whole query (case-insensitively, as the index folds
// case) before it counts. A page reads at most kSearchMaxCandidates candidates: when that many
// were not enough it ends there with a cursor, and the next page goes on below it. A query of 1
// or 2 characters has no trigram: the newest kSearchShortWindow posts (or comments) are read and
// checked, and the page says so (`window`). People: the cached users' nicknames, all of them.
// The cursor is the cache's own (the last id read, as text). What the triggers queued is moved
// into the index first (flushSearch; scheduleFlush does it when the writes pause).
#include "cache/cachestore.h"

#include "cache/cacheblob.h"
#include "cache/cacheschema.h"

#include <QStringList>
#include <QTimer>

#include <limits>

namespace threadline::core::detail {

namespace {

constexpr char kSearchPosts[] =
    "SELECT p.id, p.data FROM posts_search s JOIN posts p ON p.id = s.rowid"
    " WHERE posts_search MATCH ?1 AND s.rowid < ?2 ORDER BY s.rowid DESC";
constexpr char kSearchComments[] =
    "SELECT c.id, c.data FROM comments_search s JOIN comments c ON c.id = s.rowid"
    " WHERE comments_search MATCH ?1 AND s.rowid < ?2 ORDER BY s.rowid DESC";
constexpr char kRecentPosts[] =
    "SELECT id, data FROM posts WHERE id < ?1 AND id >= ?2 ORDER BY id DESC";
constexpr char kRecentComments[] =
    "SELECT id, data FROM comments WHERE id < ?1 AND id >= ?2 ORDER BY id DESC";
constexpr char kPostsWindow[] = "SELECT id FROM posts ORDER BY id DESC LIMIT 1 OFFSET ?1";
constexpr char kCommentsWindow[] = "SELECT id FROM comments ORDER BY id DESC LIMIT 1 OFFSET ?1";
constexpr char kSearchUsers[] = "SELECT uid, data FROM users WHERE uid < ?1 ORDER BY uid DESC";
constexpr char kSearchPost[] = "SELECT data FROM posts WHERE id = ?1";

// The text's characters (code points: a surrogate pair is one, as the tokenizer counts).
QStringList characters(const QString &text)
{
    QStringList out;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text.at(i).isHighSurrogate() && i + 1 < text.size() &&
            text.at(i + 1).isLowSurrogate()) {
            out.append(text.mid(i, 2));
            ++i;
        } else {
            out.append(text.mid(i, 1));
        }
    }
    return out;
}

// The FTS5 query of every trigram of the text, each a quoted string, all of them required:
// "今天天" AND "天天气" … (the tokenizer folds their case as it folded the rows').
QByteArray trigramQuery(const QStringList &chars)
{
    QStringList seen;
    QByteArray query;
    for (qsizetype i = 0; i + 3 <= chars.size(); ++i) {
        const QString trigram = chars.at(i) + chars.at(i + 1) + chars.at(i + 2);
        if (seen.contains(trigram))
            continue;
        seen.append(trigram);
        if (!query.isEmpty())
            query += " AND ";
        query += '"' + QString(trigram).replace(u'"', QLatin1String("\"\"")).toUtf8() + '"';
    }
    return query;
}

qint64 beforeId(const std::optional<QString> &before)
{
    bool ok = false;
    const qint64 id = before ? before->toLongLong(&ok) : 0;
    return ok && id > 0 ? id : std::numeric_limits<qint64>::max();
}

constexpr char kQueued[] = "SELECT 1 FROM search_queue LIMIT 1";
// How many rows the queue holds: its seq (a rowid) counts them, the queue being emptied whole.
// Two subqueries: each is one step down the rowid tree (min() and max() in one SELECT would read
// the whole queue).
constexpr char kQueueLong[] =
    "SELECT (SELECT max(seq) FROM search_queue) - (SELECT min(seq) FROM search_queue) + 1";

} // namespace

void CacheStore::flushSearch()
{
    {
        Stmt q = m_sql.stmt(kQueued);
        if (!q.next())
            return;
    }
    Transaction txn(m_sql);
    for (const char *sql : cacheschema::kFlushSearch)
        m_sql.stmt(sql).run();
    txn.commit();
}

void CacheStore::scheduleFlush(bool mayFlushNow)
{
    qint64 queued = 0;
    {
        Stmt q = m_sql.stmt(kQueueLong);
        if (q.next() && !q.isNull(0))
            queued = q.int64(0);
    }
    if (queued == 0)
        return;
    if (mayFlushNow && queued >= cachelimits::kSearchFlushRows) {
        flushSearch();
        return;
    }
    // Started again by every write: the index is written once a burst of writes is over.
    if (!m_flushTimer) {
        m_flushTimer = new QTimer(m_worker); // on this thread, as m_worker
        m_flushTimer->setSingleShot(true);
        QObject::connect(m_flushTimer, &QTimer::timeout, m_worker, [this] {
            if (!m_sql.handle())
                return; // closed: the queue waits in the file for the next open
            try {
                flushSearch();
            } catch (const SqlError &e) {
                qCWarning(lcCache) << "indexing for search failed:" << e.message;
                if (e.corrupt())
                    recover(e.message);
            }
        });
    }
    m_flushTimer->start(cachelimits::kSearchFlushDelayMs);
}

SearchPage CacheStore::search(SearchPage::Kind kind, const QString &query,
                              const std::optional<QString> &before, int limit)
{
    SearchPage page;
    page.kind = kind;
    const QString text = query.trimmed();
    if (text.isEmpty())
        return page;
    limit = std::max(limit, 1);
    flushSearch();                 // another connection's writes, if any
    Transaction txn(m_sql, false); // one snapshot for the whole page
    if (kind == SearchPage::Kind::People)
        searchPeople(text, beforeId(before), limit, page);
    else
        searchRows(kind, text, beforeId(before), limit, page);
    txn.commit();
    return page;
}

void CacheStore::searchRows(SearchPage::Kind kind, const QString &text, qint64 before, int limit,
                            SearchPage &page)
{
    const bool posts = kind == SearchPage::Kind::Posts;
    const QStringList chars = characters(text);
    const bool indexed = chars.size() >= cachelimits::kSearchIndexedLength;
    const QByteArray match = indexed ? trigramQuery(chars) : QByteArray();

    // the newest kSearchShortWindow rows for a short query: those at or above this id
    qint64 floor = 0;
    if (!indexed) {
        Stmt w = m_sql.stmt(posts ? kPostsWindow : kCommentsWindow);
        w.bind(1, qint64(cachelimits::kSearchShortWindow - 1));
        if (w.next())
            floor = w.int64(0);
        page.window = cachelimits::kSearchShortWindow;
    }

    int examined = 0;
    qint64 lastRead = 0;
    qint64 lastHit = 0;
    bool more = false;
    bool cut = false; // the candidates' bound ended the page
    QList<Comment> hits;
    {
        Stmt q = m_sql.stmt(indexed ? (posts ? kSearchPosts : kSearchComments)
                                    : (posts ? kRecentPosts : kRecentComments));
        if (indexed)
            q.bind(1, QString::fromUtf8(match)).bind(2, before);
        else
            q.bind(1, before).bind(2, floor);
        while (q.next()) {
            const qint64 id = q.int64(0);
            const QByteArrayView blob = q.blob(1);
            const std::optional<QByteArrayView> utf8 =
                posts ? CacheBlob::postText(blob) : CacheBlob::commentText(blob);
            lastRead = id;
            ++examined;
            if (utf8 && QString::fromUtf8(*utf8).contains(text, Qt::CaseInsensitive)) {
                if (int(page.posts.size() + hits.size()) == limit) {
                    more = true; // one more than the page: there is a next page
                    break;
                }
                if (posts) {
                    if (std::optional<Post> p = CacheBlob::decodePost(blob); p && p->id == id) {
                        page.posts.append(std::move(*p));
                        lastHit = id;
                    }
                } else if (std::optional<Comment> c = CacheBlob::decodeComment(blob);
                           c && c->id == id) {
                    hits.append(std::move(*c));
                    lastHit = id;
                }
            }
            if (indexed && examined >= cachelimits::kSearchMaxCandidates) {
                cut = true;
                break;
            }
        }
    }
    if (more)
        page.next = QString::number(lastHit);
    else if (cut)
        page.next = QString::number(lastRead);

    if (posts)
        return;
    // Each comment shows as its post with the comment: a comment whose post is not kept is
    // left out (the cache drops a post's comments with it, so this is a damaged row's case).
    Stmt p = m_sql.stmt(kSearchPost);
    QHash<qint64, bool> known;
    for (Comment &c : hits) {
        auto it = known.find(c.postId);
        if (it == known.end()) {
            p.bind(1, c.postId);
            std::optional<Post> post;
            if (p.next())
                post = CacheBlob::decodePost(p.blob(0));
            p.reset();
            it = known.insert(c.postId, post && post->id == c.postId);
            if (*it)
                page.posts.append(std::move(*post));
        }
        if (*it)
            page.comments.append(std::move(c));
    }
}

void CacheStore::searchPeople(const QString &text, qint64 before, int limit, SearchPage &page)
{
    Stmt q = m_sql.stmt(kSearchUsers);
    q.bind(1, before);
    while (q.next()) {
        std::optional<UserBrief> u = CacheBlob::decodeUser(q.blob(1));
        if (!u || u->uid != q.int64(0) || !u->nickName.contains(text, Qt::CaseInsensitive))
            continue;
        if (page.people.size() == limit) {
            page.next = QString::number(page.people.constLast().uid);
            return;
        }
        page.people.append(std::move(*u));
    }
}

} // namespace threadline::core::detail

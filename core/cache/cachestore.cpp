// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// CacheStore's requests (cachestore.h): the prepared SQL and every save, load and remove the
// Cache facade queues. Each runs on the cache's thread in one transaction; a row whose blob
// does not decode is skipped and deleted, never a crash.
#include "cache/cachestore.h"

#include "cache/cacheblob.h"
#include "cache/cacheschema.h"

#include <algorithm>
#include <limits>

namespace threadline::core::detail {

Q_LOGGING_CATEGORY(lcCache, "threadline.cache")

namespace {

// SQL of the prepared statements, kept by address in CacheStore's statement cache.
constexpr char kUpsertPost[] =
    "INSERT INTO posts (id, author_uid, createtime, hidden, data) VALUES (?1, ?2, ?3, ?4, ?5)"
    " ON CONFLICT (id) DO UPDATE SET author_uid = excluded.author_uid,"
    " createtime = excluded.createtime, hidden = excluded.hidden, data = excluded.data";
constexpr char kUpsertUser[] = "INSERT INTO users (uid, data) VALUES (?1, ?2)"
                               " ON CONFLICT (uid) DO UPDATE SET data = excluded.data";
constexpr char kSelectUser[] = "SELECT data FROM users WHERE uid = ?1";
constexpr char kDeleteUser[] = "DELETE FROM users WHERE uid = ?1";
constexpr char kDeleteScopePlaces[] = "DELETE FROM timeline WHERE scope = ?1";
constexpr char kMaxScopePos[] = "SELECT max(pos) FROM timeline WHERE scope = ?1";
constexpr char kInsertPlace[] =
    "INSERT OR IGNORE INTO timeline (scope, pos, post_id) VALUES (?1, ?2, ?3)";
constexpr char kUpsertScope[] =
    "INSERT INTO scopes (scope, next, updated) VALUES (?1, ?2, ?3)"
    " ON CONFLICT (scope) DO UPDATE SET next = excluded.next, updated = excluded.updated";
constexpr char kSelectScope[] = "SELECT next FROM scopes WHERE scope = ?1";
// Re-numbering a scope newest first (createtime, then id, descending: the contract's order), for
// posts placed into it from outside the server's pages (an import).
constexpr char kScopeByTime[] =
    "SELECT t.post_id FROM timeline t JOIN posts p ON p.id = t.post_id WHERE t.scope = ?1"
    " ORDER BY p.createtime DESC, p.id DESC";
constexpr char kInsertScopeIfMissing[] =
    "INSERT OR IGNORE INTO scopes (scope, next, updated) VALUES (?1, NULL, ?2)";
constexpr char kCountScope[] = "SELECT count(*) FROM timeline WHERE scope = ?1";
constexpr char kSelectTimeline[] =
    "SELECT p.id, p.data FROM timeline t JOIN posts p ON p.id = t.post_id"
    " WHERE t.scope = ?1 ORDER BY t.pos LIMIT ?2 OFFSET ?3";
constexpr char kSelectPost[] = "SELECT id, data FROM posts WHERE id = ?1";
constexpr char kSelectPostData[] = "SELECT data FROM posts WHERE id = ?1";
constexpr char kSelectCommentData[] = "SELECT data FROM comments WHERE id = ?1";
constexpr char kDeletePost[] = "DELETE FROM posts WHERE id = ?1";
constexpr char kDeletePostComments[] = "DELETE FROM comments WHERE post_id = ?1";
constexpr char kDeletePostLikes[] = "DELETE FROM likes WHERE post_id = ?1";
constexpr char kDeletePostPlaces[] = "DELETE FROM timeline WHERE post_id = ?1";
constexpr char kDeleteScopePlace[] = "DELETE FROM timeline WHERE scope = ?1 AND post_id = ?2";
constexpr char kDeletePostHistory[] = "DELETE FROM history WHERE post_id = ?1";
constexpr char kUpsertComment[] =
    "INSERT INTO comments (id, post_id, root_id, parent_id, floor, seq, createtime, data)"
    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"
    " ON CONFLICT (id) DO UPDATE SET post_id = excluded.post_id, root_id = excluded.root_id,"
    " parent_id = excluded.parent_id, floor = excluded.floor, seq = excluded.seq,"
    " createtime = excluded.createtime, data = excluded.data";
constexpr char kCountComments[] = "SELECT count(*) FROM comments WHERE post_id = ?1";
constexpr char kTrimComments[] =
    "DELETE FROM comments WHERE id IN (SELECT id FROM comments WHERE post_id = ?1"
    " ORDER BY createtime DESC, id DESC LIMIT -1 OFFSET ?2)";
constexpr char kSelectFloors[] =
    "SELECT id, data FROM comments WHERE post_id = ?1 AND root_id = 0 AND floor > ?2"
    " ORDER BY floor, id LIMIT ?3";
constexpr char kSelectFloorsNewest[] =
    "SELECT id, data FROM comments WHERE post_id = ?1 AND root_id = 0 AND floor < ?2"
    " ORDER BY floor DESC, id DESC LIMIT ?3";
constexpr char kCountFloors[] = "SELECT count(*) FROM comments WHERE post_id = ?1 AND root_id = 0";
constexpr char kSelectReplies[] =
    "SELECT id, data FROM comments WHERE root_id = ?1 AND seq > ?2 ORDER BY seq, id LIMIT ?3";
constexpr char kDeleteComment[] = "DELETE FROM comments WHERE id = ?1 OR root_id = ?1";
constexpr char kDeleteOneComment[] = "DELETE FROM comments WHERE id = ?1";
constexpr char kDeletePostLikers[] = "DELETE FROM likes WHERE post_id = ?1";
constexpr char kUpsertLike[] =
    "INSERT INTO likes (post_id, uid, id, createtime, data) VALUES (?1, ?2, ?3, ?4, ?5)"
    " ON CONFLICT (post_id, uid) DO UPDATE SET id = excluded.id,"
    " createtime = excluded.createtime, data = excluded.data"
    " WHERE excluded.createtime > likes.createtime"
    " OR (excluded.createtime = likes.createtime AND excluded.id >= likes.id)";
constexpr char kSelectLikes[] = "SELECT post_id, uid, data FROM likes WHERE post_id = ?1"
                                " ORDER BY createtime DESC, id DESC LIMIT ?2";
constexpr char kDeleteLike[] = "DELETE FROM likes WHERE post_id = ?1 AND uid = ?2";
constexpr char kUpsertMeta[] = "INSERT INTO meta (key, value) VALUES (?1, ?2)"
                               " ON CONFLICT (key) DO UPDATE SET value = excluded.value";
constexpr char kDeleteMeta[] = "DELETE FROM meta WHERE key = ?1";
constexpr char kSelectMeta[] = "SELECT value FROM meta WHERE key = ?1";
constexpr char kInsertPage[] = "INSERT INTO pages (key, saved_at, body) VALUES (?1, ?2, ?3)";
constexpr char kCapPages[] = "DELETE FROM pages WHERE rowid NOT IN"
                             " (SELECT rowid FROM pages ORDER BY rowid DESC LIMIT ?1)";
constexpr char kDeletePage[] = "DELETE FROM pages WHERE key = ?1";
constexpr char kSelectPage[] = "SELECT saved_at, body FROM pages WHERE key = ?1";
constexpr char kUpsertView[] =
    "INSERT INTO history (post_id, viewed_at) VALUES (?1, ?2)"
    " ON CONFLICT (post_id) DO UPDATE SET viewed_at = max(viewed_at, excluded.viewed_at)";
constexpr char kExpireHistory[] = "DELETE FROM history WHERE viewed_at < ?1";
constexpr char kCapHistory[] =
    "DELETE FROM history WHERE post_id NOT IN"
    " (SELECT post_id FROM history ORDER BY viewed_at DESC, post_id DESC LIMIT ?1)";
constexpr char kSelectHistory[] =
    "SELECT h.post_id, h.viewed_at, p.data FROM history h LEFT JOIN posts p ON p.id = h.post_id"
    " ORDER BY h.viewed_at DESC, h.post_id DESC LIMIT ?1";

constexpr const char *kClearTables[] = {
    "DELETE FROM posts", "DELETE FROM users",   "DELETE FROM comments",
    "DELETE FROM likes", "DELETE FROM scopes",  "DELETE FROM timeline",
    "DELETE FROM meta",  "DELETE FROM history", "DELETE FROM pages"};

} // namespace

void CacheStore::savePosts(const QList<Post> &posts, const QString &scope, bool replace,
                           const std::optional<QString> &next, qint64 now)
{
    Transaction txn(m_sql);
    upsertPosts(posts);
    if (!scope.isEmpty()) {
        if (replace)
            m_sql.stmt(kDeleteScopePlaces).bind(1, scope).run();
        appendPlaces(posts, scope);
        m_sql.stmt(kUpsertScope).bind(1, scope).bind(2, next).bind(3, now).run();
    }
    txn.commit();
}

// The posts not in the scope yet, after the ones that are (in the posts' order).
void CacheStore::appendPlaces(const QList<Post> &posts, const QString &scope)
{
    qint64 pos = 0;
    {
        Stmt q = m_sql.stmt(kMaxScopePos);
        q.bind(1, scope);
        if (q.next() && !q.isNull(0))
            pos = q.int64(0) + 1;
    }
    Stmt place = m_sql.stmt(kInsertPlace);
    place.bind(1, scope);
    for (const Post &p : posts) {
        if (p.id <= 0)
            continue;
        place.bind(2, pos).bind(3, p.id).run();
        if (sqlite3_changes(m_sql.handle()) > 0)
            ++pos;
    }
}

// Posts from outside the server's pages (QA's --import): upserted, and placed into `scope`
// among the posts already there, newest first; the scope's cursor is kept.
void CacheStore::placePostsByTime(const QList<Post> &posts, const QString &scope, qint64 now)
{
    Transaction txn(m_sql);
    upsertPosts(posts);
    appendPlaces(posts, scope);
    QList<qint64> order;
    {
        Stmt q = m_sql.stmt(kScopeByTime);
        q.bind(1, scope);
        while (q.next())
            order.append(q.int64(0));
    }
    m_sql.stmt(kDeleteScopePlaces).bind(1, scope).run();
    {
        Stmt place = m_sql.stmt(kInsertPlace);
        place.bind(1, scope);
        for (qsizetype i = 0; i < order.size(); ++i)
            place.bind(2, qint64(i)).bind(3, order.at(i)).run();
    }
    m_sql.stmt(kInsertScopeIfMissing).bind(1, scope).bind(2, now).run();
    txn.commit();
}

// Queues a row's text for the search index (cacheschema.h, version 4) when it is new or
// changed: `old` is the statement that reads the row's blob before its upsert, `text` the text
// of a blob. Called before the upsert.
void CacheStore::queueText(Stmt &old, int table, qint64 id, QByteArrayView blob,
                           std::optional<QByteArrayView> (*text)(QByteArrayView))
{
    const std::optional<QByteArrayView> now = text(blob);
    old.bind(1, id);
    const bool known = old.next();
    std::optional<QByteArray> before;
    if (known) {
        if (const std::optional<QByteArrayView> t = text(old.blob(0)))
            before = t->toByteArray();
    }
    old.reset();
    if (known && ((!before && !now) || (before && now && *before == *now)))
        return; // the same text (a like count changed): the index holds it already
    Stmt queue = m_sql.stmt(cacheschema::kQueueChange);
    if (before)
        queue.bind(1, qint64(table)).bind(2, qint64(1)).bind(3, id).bindText(4, *before).run();
    queue.bind(1, qint64(table)).bind(2, qint64(0)).bind(3, id).bindText(4, now).run();
}

void CacheStore::upsertPosts(const QList<Post> &posts)
{
    Stmt up = m_sql.stmt(kUpsertPost);
    Stmt user = m_sql.stmt(kUpsertUser);
    Stmt old = m_sql.stmt(kSelectPostData);
    QByteArray blob;
    QByteArray userBlob;
    for (const Post &p : posts) {
        if (p.id <= 0)
            continue;
        blob.resize(0);
        CacheBlob::encode(p, blob);
        queueText(old, 0, p.id, blob, &CacheBlob::postText);
        up.bind(1, p.id)
            .bind(2, p.author.uid)
            .bind(3, p.createtime)
            .bind(4, p.hidden ? 1 : 0)
            .bindBlob(5, blob)
            .run();
        if (p.author.uid > 0) {
            userBlob.resize(0);
            CacheBlob::encode(p.author, userBlob);
            user.bind(1, p.author.uid).bindBlob(2, userBlob).run();
        }
    }
}

TimelinePage CacheStore::loadTimeline(const QString &scope, int limit, int offset)
{
    TimelinePage page;
    page.scope = scope;
    page.offset = offset;
    QList<qint64> bad;
    Transaction txn(m_sql, false);
    {
        Stmt q = m_sql.stmt(kSelectScope);
        q.bind(1, scope);
        if (q.next()) {
            page.known = true;
            if (!q.isNull(0))
                page.next = q.text(0);
        }
    }
    {
        Stmt q = m_sql.stmt(kCountScope);
        q.bind(1, scope);
        if (q.next())
            page.storedCount = q.int64(0);
    }
    {
        Stmt q = m_sql.stmt(kSelectTimeline);
        q.bind(1, scope).bind(2, qint64(limit)).bind(3, qint64(offset));
        page.posts.reserve(std::min(limit, 200));
        while (q.next()) {
            const qint64 id = q.int64(0);
            std::optional<Post> post = CacheBlob::decodePost(q.blob(1));
            if (post && post->id == id)
                page.posts.append(std::move(*post));
            else
                bad.append(id);
        }
    }
    dropPosts(bad);
    txn.commit();
    return page;
}

std::optional<Post> CacheStore::loadPost(qint64 id)
{
    Transaction txn(m_sql, false);
    std::optional<Post> post;
    bool malformed = false;
    {
        Stmt q = m_sql.stmt(kSelectPost);
        q.bind(1, id);
        if (q.next()) {
            post = CacheBlob::decodePost(q.blob(1));
            if (!post || post->id != id) {
                post.reset();
                malformed = true;
            }
        }
    }
    if (malformed)
        dropPosts({id});
    txn.commit();
    return post;
}

// Rows whose blob does not decode: logged and deleted, with their timeline places.
void CacheStore::dropPosts(const QList<qint64> &ids)
{
    for (qint64 id : ids) {
        qCWarning(lcCache) << "dropping post" << id << "with a malformed cache row";
        m_sql.stmt(kDeletePost).bind(1, id).run();
        m_sql.stmt(kDeletePostPlaces).bind(1, id).run();
    }
}
void CacheStore::dropComments(const QList<qint64> &ids)
{
    for (qint64 id : ids) {
        qCWarning(lcCache) << "dropping comment" << id << "with a malformed cache row";
        m_sql.stmt(kDeleteOneComment).bind(1, id).run();
    }
}

void CacheStore::removePost(qint64 id)
{
    Transaction txn(m_sql);
    for (const char *sql : {kDeletePost, kDeletePostComments, kDeletePostLikes, kDeletePostPlaces,
                            kDeletePostHistory})
        m_sql.stmt(sql).bind(1, id).run();
    txn.commit();
}

void CacheStore::removeFromScope(const QString &scope, qint64 id)
{
    m_sql.stmt(kDeleteScopePlace).bind(1, scope).bind(2, id).run();
}

void CacheStore::saveUsers(const QList<UserBrief> &users)
{
    Transaction txn(m_sql);
    Stmt up = m_sql.stmt(kUpsertUser);
    QByteArray blob;
    for (const UserBrief &u : users) {
        if (u.uid <= 0)
            continue;
        blob.resize(0);
        CacheBlob::encode(u, blob);
        up.bind(1, u.uid).bindBlob(2, blob).run();
    }
    txn.commit();
}

QList<UserBrief> CacheStore::loadUsers(const QList<qint64> &uids)
{
    QList<UserBrief> users;
    QList<qint64> bad;
    Transaction txn(m_sql, false);
    {
        Stmt q = m_sql.stmt(kSelectUser);
        for (qint64 uid : uids) {
            q.bind(1, uid);
            if (q.next()) {
                std::optional<UserBrief> u = CacheBlob::decodeUser(q.blob(0));
                if (u && u->uid == uid)
                    users.append(*u);
                else
                    bad.append(uid);
            }
            q.reset();
        }
    }
    for (qint64 uid : bad) {
        qCWarning(lcCache) << "dropping user" << uid << "with a malformed cache row";
        m_sql.stmt(kDeleteUser).bind(1, uid).run();
    }
    txn.commit();
    return users;
}

void CacheStore::saveComments(qint64 postId, const QList<Comment> &comments)
{
    Transaction txn(m_sql);
    {
        Stmt up = m_sql.stmt(kUpsertComment);
        Stmt old = m_sql.stmt(kSelectCommentData);
        QByteArray blob;
        blob.reserve(512);
        for (const Comment &c : comments) {
            if (c.id <= 0 || (c.postId != 0 && c.postId != postId))
                continue; // not a comment of this post
            blob.resize(0);
            if (c.postId == postId) {
                CacheBlob::encode(c, blob);
            } else {
                Comment withPost = c;
                withPost.postId = postId;
                CacheBlob::encode(withPost, blob);
            }
            queueText(old, 1, c.id, blob, &CacheBlob::commentText);
            up.bind(1, c.id)
                .bind(2, postId)
                .bind(3, c.rootId)
                .bind(4, c.parentId)
                .bind(5, c.floor)
                .bind(6, c.seq)
                .bind(7, c.createtime)
                .bindBlob(8, blob)
                .run();
        }
    }
    trim(postId, m_commentLimit);
    txn.commit();
}

void CacheStore::trim(qint64 postId, int keep)
{
    keep = std::max(keep, 0);
    qint64 count = 0;
    {
        Stmt q = m_sql.stmt(kCountComments);
        q.bind(1, postId);
        if (q.next())
            count = q.int64(0);
    }
    if (count > keep)
        m_sql.stmt(kTrimComments).bind(1, postId).bind(2, qint64(keep)).run();
}

// Reads comment rows of a statement (id, data) into `out`, collecting malformed ones.
void CacheStore::readComments(Stmt &q, QList<Comment> &out, QList<qint64> &bad)
{
    while (q.next()) {
        const qint64 id = q.int64(0);
        std::optional<Comment> c = CacheBlob::decodeComment(q.blob(1));
        if (c && c->id == id)
            out.append(std::move(*c));
        else
            bad.append(id);
    }
}

FloorPage CacheStore::loadFloors(qint64 postId, qint64 afterFloor, int limit, int repliesPerRoot,
                                 bool newest)
{
    FloorPage page;
    QList<qint64> bad;
    limit = std::max(limit, 0);
    Transaction txn(m_sql, false);
    if (newest) { // floors below `afterFloor`, newest first (from the newest for <= 0)
        Stmt q = m_sql.stmt(kSelectFloorsNewest);
        q.bind(1, postId)
            .bind(2, afterFloor > 0 ? afterFloor : std::numeric_limits<qint64>::max())
            .bind(3, qint64(limit) + 1);
        readComments(q, page.roots, bad);
    } else {
        Stmt q = m_sql.stmt(kSelectFloors);
        // From the start for afterFloor <= 0 (the sample's comments carry no floor: 0).
        q.bind(1, postId)
            .bind(2, afterFloor > 0 ? afterFloor : std::numeric_limits<qint64>::min())
            .bind(3, qint64(limit) + 1);
        readComments(q, page.roots, bad);
    }
    if (page.roots.size() > limit) {
        page.roots.resize(limit);
        if (!page.roots.isEmpty())
            page.next = page.roots.constLast().floor;
    }
    {
        Stmt q = m_sql.stmt(kCountFloors);
        q.bind(1, postId);
        if (q.next())
            page.totalRoots = q.int64(0);
    }
    if (repliesPerRoot != 0) {
        Stmt q = m_sql.stmt(kSelectReplies);
        q.bind(2, std::numeric_limits<qint64>::min())
            .bind(3, qint64(repliesPerRoot < 0 ? -1 : repliesPerRoot));
        for (const Comment &root : std::as_const(page.roots)) {
            q.bind(1, root.id);
            readComments(q, page.replies, bad);
            q.reset();
        }
    }
    dropComments(bad);
    txn.commit();
    return page;
}

ReplyPage CacheStore::loadReplies(qint64 rootId, qint64 afterSeq, int limit)
{
    ReplyPage page;
    if (rootId <= 0)
        return page; // root_id 0 marks the floors themselves
    QList<qint64> bad;
    limit = std::max(limit, 0);
    Transaction txn(m_sql, false);
    {
        Stmt q = m_sql.stmt(kSelectReplies);
        q.bind(1, rootId)
            .bind(2, afterSeq > 0 ? afterSeq : std::numeric_limits<qint64>::min())
            .bind(3, qint64(limit) + 1);
        readComments(q, page.items, bad);
    }
    if (page.items.size() > limit) {
        page.items.resize(limit);
        if (!page.items.isEmpty())
            page.next = page.items.constLast().seq;
    }
    dropComments(bad);
    txn.commit();
    return page;
}

void CacheStore::removeComment(qint64 id)
{
    Transaction txn(m_sql);
    m_sql.stmt(kDeleteComment).bind(1, id).run();
    txn.commit();
}

void CacheStore::trimComments(qint64 postId, int keep)
{
    Transaction txn(m_sql);
    trim(postId, keep);
    txn.commit();
}

void CacheStore::saveLikes(qint64 postId, const QList<Like> &likes, bool replace)
{
    Transaction txn(m_sql);
    if (replace)
        m_sql.stmt(kDeletePostLikers).bind(1, postId).run();
    Stmt up = m_sql.stmt(kUpsertLike);
    QByteArray blob;
    for (const Like &l : likes) {
        if (l.user.uid <= 0 || (l.postId != 0 && l.postId != postId))
            continue;
        blob.resize(0);
        if (l.postId == postId) {
            CacheBlob::encode(l, blob);
        } else {
            Like withPost = l;
            withPost.postId = postId;
            CacheBlob::encode(withPost, blob);
        }
        up.bind(1, postId)
            .bind(2, l.user.uid)
            .bind(3, l.id)
            .bind(4, l.createtime)
            .bindBlob(5, blob)
            .run();
    }
    txn.commit();
}

QList<Like> CacheStore::loadLikes(qint64 postId, int limit)
{
    QList<Like> likes;
    QList<qint64> bad;
    Transaction txn(m_sql, false);
    {
        Stmt q = m_sql.stmt(kSelectLikes);
        q.bind(1, postId).bind(2, qint64(std::max(limit, 0)));
        while (q.next()) {
            std::optional<Like> l = CacheBlob::decodeLike(q.blob(2));
            if (l && l->postId == postId && l->user.uid == q.int64(1))
                likes.append(*l);
            else
                bad.append(q.int64(1));
        }
    }
    for (qint64 uid : bad) {
        qCWarning(lcCache) << "dropping a like of post" << postId << "with a malformed row";
        m_sql.stmt(kDeleteLike).bind(1, postId).bind(2, uid).run();
    }
    txn.commit();
    return likes;
}

void CacheStore::saveMeta(const QString &key, const QString &value)
{
    m_sql.stmt(kUpsertMeta).bind(1, key).bind(2, value).run();
}
void CacheStore::removeMeta(const QString &key)
{
    m_sql.stmt(kDeleteMeta).bind(1, key).run();
}
std::optional<QString> CacheStore::loadMeta(const QString &key)
{
    Stmt q = m_sql.stmt(kSelectMeta);
    q.bind(1, key);
    if (q.next())
        return q.text(0);
    return std::nullopt;
}

void CacheStore::savePage(const QString &key, const QByteArray &body, qint64 now)
{
    Transaction txn(m_sql);
    m_sql.stmt(kDeletePage).bind(1, key).run(); // too big: an older copy would be wrong now
    if (body.size() <= cachelimits::kMaxPageBytes) {
        m_sql.stmt(kInsertPage).bind(1, key).bind(2, now).bindBlob(3, body).run();
        m_sql.stmt(kCapPages).bind(1, qint64(cachelimits::kMaxPages)).run();
    }
    txn.commit();
}

SavedPage CacheStore::loadPage(const QString &key)
{
    SavedPage page{key, std::nullopt, 0};
    Stmt q = m_sql.stmt(kSelectPage);
    q.bind(1, key);
    if (q.next()) {
        page.savedAt = q.int64(0);
        page.body = q.blob(1).toByteArray();
    }
    return page;
}

void CacheStore::markViewed(qint64 postId, qint64 when, qint64 now)
{
    Transaction txn(m_sql);
    m_sql.stmt(kUpsertView).bind(1, postId).bind(2, when).run();
    pruneHistory(now);
    txn.commit();
}

void CacheStore::pruneHistory(qint64 now)
{
    m_sql.stmt(kExpireHistory).bind(1, now - cachelimits::kHistoryMaxAgeMs).run();
    m_sql.stmt(kCapHistory).bind(1, qint64(cachelimits::kHistoryLimit)).run();
}

QList<HistoryEntry> CacheStore::loadHistory(qint64 now)
{
    QList<HistoryEntry> entries;
    QList<qint64> bad;
    Transaction txn(m_sql);
    pruneHistory(now);
    {
        Stmt q = m_sql.stmt(kSelectHistory);
        q.bind(1, qint64(cachelimits::kHistoryLimit));
        while (q.next()) {
            HistoryEntry e;
            e.postId = q.int64(0);
            e.viewedAt = q.int64(1);
            if (!q.isNull(2)) {
                e.post = CacheBlob::decodePost(q.blob(2));
                if (!e.post || e.post->id != e.postId) {
                    e.post.reset();
                    bad.append(e.postId);
                }
            }
            entries.append(std::move(e));
        }
    }
    dropPosts(bad);
    txn.commit();
    return entries;
}

void CacheStore::clear()
{
    Transaction txn(m_sql);
    // Without the search triggers the tables empty at once, and the index with them.
    for (const auto &[name, sql] : cacheschema::kSearchTriggers)
        m_sql.exec(QByteArray("DROP TRIGGER IF EXISTS ").append(name).constData());
    for (const char *sql : kClearTables)
        m_sql.exec(sql);
    m_sql.exec("DELETE FROM search_queue");
    for (const char *table : cacheschema::kSearchTables)
        m_sql.exec(QByteArray("INSERT INTO ")
                       .append(table)
                       .append(" (")
                       .append(table)
                       .append(") VALUES ('delete-all')")
                       .constData());
    for (const auto &[name, sql] : cacheschema::kSearchTriggers)
        m_sql.exec(sql);
    txn.commit();
}

} // namespace threadline::core::detail

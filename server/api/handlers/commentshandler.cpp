// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Comments (commentshandler.h): floors and replies, creating, deleting, likes and opposes.
#include "api/handlers/commentshandler.h"

#include "api/cachedreader.h"
#include "api/changelog.h"
#include "api/clock.h"
#include "api/cursor.h"
#include "api/jsonwrite.h"
#include "api/moderationrecords.h"
#include "api/notifications.h"
#include "api/renderer.h"
#include "api/visibility.h"
#include "db/database.h"
#include "db/schema.h"

#include <QUrl>

#include <algorithm>
#include <limits>

namespace threadline::server {

CommentsHandler::CommentsHandler(Database &db, Renderer &renderer, CachedReader &reads,
                                 Visibility &visibility, ChangeLog &changes,
                                 ModerationRecords &moderation, Notifications &notifications)
    : m_db(db)
    , m_renderer(renderer)
    , m_reads(reads)
    , m_visibility(visibility)
    , m_changes(changes)
    , m_moderation(moderation)
    , m_notifications(notifications)
{
}

void CommentsHandler::addRoutes(RouteTable &t)
{
    t.add("GET", "posts/{id}/comments", Worker | Tagged, this, &CommentsHandler::listComments);
    t.add("POST", "posts/{id}/comments", Write | JsonBody, this, &CommentsHandler::createComment);
    t.add("GET", "comments/{id}/replies", Worker | Tagged, this, &CommentsHandler::listReplies);
    t.add("DELETE", "comments/{id}", Write, this, &CommentsHandler::deleteComment);
    t.add("PUT", "comments/{id}/like", Write | Atomic | Worker, this,
          &CommentsHandler::likeComment);
    t.add("DELETE", "comments/{id}/like", Write | Atomic | Worker, this,
          &CommentsHandler::unlikeComment);
    t.add("PUT", "comments/{id}/oppose", Write | Atomic | Worker, this,
          &CommentsHandler::opposeComment);
    t.add("DELETE", "comments/{id}/oppose", Write | Atomic | Worker, this,
          &CommentsHandler::unopposeComment);
}

Response CommentsHandler::listComments(Request &req)
{
    const QString order = req.query.hasQueryItem(QStringLiteral("order"))
                              ? req.query.queryItemValue(QStringLiteral("order"))
                              : QStringLiteral("floor");
    const bool newest = order == QLatin1String("newest");
    if (!m_reads.cacheable(req) || (order != QLatin1String("floor") && !newest))
        return listCommentsUncached(req);
    const qint64 postId = req.ids[0];
    const quint64 epoch = m_reads.cache()->refresh(m_db);
    const auto post =
        m_db.one(QStringLiteral("SELECT hidden, deleted FROM posts WHERE id = ?"), {postId});
    if (!post || post->at(1).toInt() != 0 || post->at(0).toInt() != 0)
        fail(404, QStringLiteral("no such post"));
    const int limit = limitParam(req.query, "limit", 20, 200);
    const int replies = limitParam(req.query, "replies", 3, 20, 0);
    // floor order by `after`, newest first by `before` (-1: the first page)
    const qint64 at = newest ? intParam(req.query, "before").value_or(-1)
                             : intParam(req.query, "after").value_or(0);
    const QByteArray key = (newest ? "n:" : "c:") + QByteArray::number(postId) + ':' +
                           QByteArray::number(at) + ':' + QByteArray::number(limit) + ':' +
                           QByteArray::number(replies);
    auto entry = m_reads.cache()->get(key);
    m_reads.cache()->countHit(bool(entry));
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
        m_reads.cache()->put(key, e, postId, ReadCache::Depends::Comments, epoch);
        entry = std::move(e);
    }
    Response r;
    r.body = std::move(m_reads.personalised({entry.get()}, req.viewer).front());
    return r;
}

Response CommentsHandler::listCommentsUncached(Request &req)
{
    const qint64 postId = req.ids[0];
    const QString vis = Renderer::commentVisible(req.viewer);
    // The post's visibility (as m_visibility.requireVisiblePost()) and its floors' count in one
    // statement.
    const auto post =
        m_db.one(QStringLiteral("SELECT p.hidden, p.deleted, (SELECT COUNT(*) FROM comments c"
                                " WHERE c.post_id = p.id AND c.root_id = 0 AND %1) FROM posts p"
                                " WHERE p.id = ?")
                     .arg(vis),
                 {postId});
    if (!post || post->at(1).toInt() != 0 || (post->at(0).toInt() != 0 && !req.viewer.moderator))
        fail(404, QStringLiteral("no such post"));
    const qint64 totalRoots = post->at(2).toLongLong();
    const int limit = limitParam(req.query, "limit", 20, 200);
    const int replies = limitParam(req.query, "replies", 3, 20, 0);
    const QString order = req.query.hasQueryItem(QStringLiteral("order"))
                              ? req.query.queryItemValue(QStringLiteral("order"))
                              : QStringLiteral("floor");
    std::vector<Row> roots;
    QJsonValue next = QJsonValue::Null;
    if (order == QLatin1String("best")) {
        QString cond;
        QVariantList binds{postId, postId};
        if (req.query.hasQueryItem(QStringLiteral("before"))) {
            const auto c = decodeCursor(
                req.query.queryItemValue(QStringLiteral("before"), QUrl::FullyDecoded), 2);
            if (!c)
                fail(400, QStringLiteral("before: not a cursor this server gave out"));
            cond = QStringLiteral(
                " AND (COALESCE(s.score, 0) < ? OR (COALESCE(s.score, 0) = ? AND c.floor > ?))");
            binds << c->at(0) << c->at(0) << c->at(1);
        }
        binds << limit + 1;
        roots = m_db.query(
            QStringLiteral(
                "SELECT %1, COALESCE(s.score, 0) AS score FROM comments c LEFT JOIN"
                " (SELECT v.comment_id, SUM(CASE WHEN v.vote = 1 THEN 2 ELSE -1 END) AS score"
                " FROM comment_votes v JOIN comments r ON r.id = v.comment_id"
                " WHERE r.post_id = ? AND r.root_id = 0 GROUP BY v.comment_id) s ON s.comment_id = "
                "c.id"
                " WHERE c.post_id = ? AND c.root_id = 0 AND %2%3"
                " ORDER BY COALESCE(s.score, 0) DESC, c.floor ASC LIMIT ?")
                .arg(Renderer::commentColumns(), vis, cond),
            binds);
        if (roots.size() > size_t(limit)) {
            roots.resize(limit);
            next = encodeCursor({roots.back()[16].toLongLong(), roots.back()[4].toLongLong()});
        }
    } else if (order == QLatin1String("floor")) {
        const qint64 after = intParam(req.query, "after").value_or(0);
        roots = m_db.query(
            QStringLiteral("SELECT %1 FROM comments c WHERE c.post_id = ? AND c.root_id = 0 AND %2"
                           " AND c.floor > ? ORDER BY c.floor LIMIT ?")
                .arg(Renderer::commentColumns(), vis),
            {postId, after, limit + 1});
        if (roots.size() > size_t(limit)) {
            roots.resize(limit);
            next = roots.back()[4].toLongLong();
        }
    } else if (order == QLatin1String("newest")) {
        // Floors newest first. The newest 5,000 floors of a post come from hot_floors (schema.h:
        // every floor above its highest − 5,000, kept by a trigger at write time), older ones
        // from the table. One statement, so one snapshot: the horizon and the hot rows agree
        // with each other whatever another process writes meanwhile; the table is read only
        // when the hot rows do not fill the page (its range is then empty: a bound of the
        // index scan, not a filter that would walk every older floor).
        const qint64 before =
            intParam(req.query, "before").value_or(std::numeric_limits<qint64>::max());
        roots = m_db.query(
            QStringLiteral(
                "WITH hz AS (SELECT COALESCE((SELECT MAX(floor) FROM hot_floors WHERE post_id = ?),"
                " 0) - %3 AS h),"
                " hot AS (SELECT c.* FROM hot_floors f JOIN comments c ON c.id = f.comment_id"
                " WHERE f.post_id = ? AND f.floor < ? AND f.floor > (SELECT h FROM hz) AND %2"
                " ORDER BY f.floor DESC LIMIT ?)"
                " SELECT %1 FROM hot c"
                " UNION ALL"
                " SELECT %1 FROM (SELECT c.* FROM comments c WHERE c.post_id = ? AND c.root_id = 0"
                " AND c.floor < ? AND c.floor <= CASE WHEN (SELECT COUNT(*) FROM hot) < ?"
                " THEN (SELECT h FROM hz) ELSE -1 END AND %2 ORDER BY c.floor DESC LIMIT ?) c")
                .arg(Renderer::commentColumns(), vis)
                .arg(kHotFloors),
            {postId, postId, before, limit + 1, postId, before, limit + 1, limit + 1});
        // the two parts in one order (they do not overlap: hot above the horizon, the table
        // at or below it)
        std::sort(roots.begin(), roots.end(),
                  [](const Row &a, const Row &b) { return a[4].toLongLong() > b[4].toLongLong(); });
        if (roots.size() > size_t(limit)) {
            roots.resize(limit);
            next = roots.back()[4].toLongLong();
        }
    } else {
        fail(400, QStringLiteral("order: must be floor, best or newest"));
    }
    std::vector<Row> replyRows;
    if (replies > 0 && !roots.empty()) {
        QList<qint64> rootIds;
        rootIds.reserve(qsizetype(roots.size()));
        for (const Row &r : roots)
            rootIds.append(r[0].toLongLong());
        QVariantList binds;
        if (m_db.isPostgres()) {
            // a LIMIT per floor on comments_root_seq (LATERAL): a floor's first replies, not
            // all its replies numbered
            binds << Database::arrayLiteral(rootIds) << replies;
            replyRows = m_db.query(
                QStringLiteral("SELECT %1 FROM unnest(?::bigint[]) AS s(rid) CROSS JOIN LATERAL"
                               " (SELECT c.* FROM comments c WHERE c.root_id = s.rid AND %2"
                               " ORDER BY c.seq LIMIT ?) c ORDER BY c.floor, c.seq")
                    .arg(Renderer::commentColumns(), vis),
                binds);
        } else {
            const QString in = m_db.anyOf(QStringLiteral("c.root_id"), rootIds, binds);
            binds << replies;
            replyRows = m_db.query(
                QStringLiteral(
                    "SELECT %1 FROM (SELECT c.*, ROW_NUMBER() OVER (PARTITION BY c.root_id "
                    "ORDER BY c.seq) AS rn"
                    " FROM comments c WHERE %2 AND %3) c WHERE c.rn <= ?"
                    " ORDER BY c.floor, c.seq")
                    .arg(Renderer::commentColumns(), in, vis),
                binds);
        }
    }
    // Roots and replies rendered together (one round of their counts and votes), then split:
    // each comment's object depends on its own row only (order=best's extra score column is
    // not read).
    const size_t rootCount = roots.size();
    std::vector<Row> all = std::move(roots);
    all.insert(all.end(), replyRows.begin(), replyRows.end());
    const std::vector<QByteArray> items = m_renderer.commentItems(all, req.viewer);
    // {"next":…,"replies":[…],"roots":[…],"totalRoots":n}, written as text (the bytes
    // QJsonDocument wrote)
    Response r;
    QByteArray &b = r.body;
    b.reserve(64 + qsizetype(items.size()) * 600);
    b += "{\"next\":";
    json::value(b, next);
    b += ",\"replies\":[";
    for (size_t i = rootCount; i < items.size(); ++i) {
        if (i > rootCount)
            b += ',';
        b += items[i];
    }
    b += "],\"roots\":[";
    for (size_t i = 0; i < rootCount; ++i) {
        if (i)
            b += ',';
        b += items[i];
    }
    b += "],\"totalRoots\":";
    json::number(b, totalRoots);
    b += '}';
    return r;
}

Response CommentsHandler::listReplies(Request &req)
{
    const qint64 rootId = req.ids[0];
    const Visibility::CommentRow root = m_visibility.requireVisibleComment(rootId, req.viewer);
    if (root.rootId != 0)
        fail(404, QStringLiteral("no such floor: %1 is a reply, not a floor's root").arg(rootId));
    const int limit = limitParam(req.query, "limit", 20, 200);
    const qint64 after = intParam(req.query, "after").value_or(0);
    auto rows = m_db.query(
        QStringLiteral("SELECT %1 FROM comments c WHERE c.root_id = ? AND %2 AND c.seq > ?"
                       " ORDER BY c.seq LIMIT ?")
            .arg(Renderer::commentColumns(), Renderer::commentVisible(req.viewer)),
        {rootId, after, limit + 1});
    QJsonValue next = QJsonValue::Null;
    if (rows.size() > size_t(limit)) {
        rows.resize(limit);
        next = rows.back()[5].toLongLong();
    }
    return Response::json({{QStringLiteral("items"), m_renderer.renderComments(rows, req.viewer)},
                           {QStringLiteral("next"), next}});
}

Response CommentsHandler::createComment(Request &req)
{
    const qint64 postId = req.ids[0];
    const Visibility::PostRow post = m_visibility.requireVisiblePost(postId, req.viewer);
    const QString content = stringField(req.json, "content", true)->trimmed();
    const qsizetype n = codePoints(content);
    if (n < 1 || n > 500)
        fail(422,
             QStringLiteral("content: must be 1 to 500 characters after trimming white space"));
    const qint64 parentId = idField(req.json, "parentId", false).value_or(0);
    const qint64 now = nowMs();
    qint64 id = 0;
    qint64 parentAuthor = 0;
    if (parentId == 0) {
        const qint64 floor =
            m_db.scalar(QStringLiteral("UPDATE posts SET floor_counter = floor_counter + 1 WHERE "
                                       "id = ? RETURNING floor_counter"),
                        {postId})
                .toLongLong();
        id = m_db.scalar(QStringLiteral("INSERT INTO comments(post_id, root_id, parent_id, floor, "
                                        "seq, author, content,"
                                        " createtime) VALUES(?, 0, 0, ?, 0, ?, ?, ?) RETURNING id"),
                         {postId, floor, req.viewer.uid, content, now})
                 .toLongLong();
    } else {
        const auto parent = m_visibility.commentRow(parentId);
        if (!parent || parent->postId != postId || !parent->visible())
            fail(
                422,
                QStringLiteral("parentId: %1 is not a visible comment of this post").arg(parentId));
        const qint64 rootId = parent->rootId == 0 ? parent->id : parent->rootId;
        parentAuthor = parent->author;
        const auto root = m_db.one(QStringLiteral("UPDATE comments SET seq_counter = seq_counter + "
                                                  "1 WHERE id = ? RETURNING seq_counter, floor"),
                                   {rootId});
        if (!root)
            fail(422, QStringLiteral("parentId: the floor of %1 is gone").arg(parentId));
        id =
            m_db.scalar(QStringLiteral(
                            "INSERT INTO comments(post_id, root_id, parent_id, floor, seq, author, "
                            "reply_to,"
                            " content, createtime) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id"),
                        {postId, rootId, parentId, root->at(1), root->at(0), req.viewer.uid,
                         parent->author, content, now})
                .toLongLong();
        m_changes.record("comment", rootId);
        if (parentId != rootId)
            m_changes.record("comment", parentId);
    }
    // A comment that answers another comment is a `reply` in the activity feed.
    m_db.exec(QStringLiteral("INSERT INTO activity(type, actor, post_id, comment_id, createtime) "
                             "VALUES(?, ?, ?, ?, ?)"),
              {parentId > 0 ? QStringLiteral("reply") : QStringLiteral("comment"), req.viewer.uid,
               postId, id, now});
    m_moderation.autoFlag(QStringLiteral("comment"), id, content);
    m_changes.record("comment", id);
    m_changes.record("post", postId);
    if (!post.hidden) // (a moderator's comment under a hidden post tells nobody)
        m_notifications.commented(req.viewer.uid, postId, post.author, id, parentId, parentAuthor,
                                  content);
    return Response::json(m_renderer.renderComment(id, req.viewer).value(), 201);
}

Response CommentsHandler::deleteComment(Request &req)
{
    const qint64 id = req.ids[0];
    const auto c = m_visibility.commentRow(id);
    if (!c)
        fail(404, QStringLiteral("no such comment"));
    const auto post = m_db.one(
        QStringLiteral("SELECT author, hidden, deleted FROM posts WHERE id = ?"), {c->postId});
    const qint64 postAuthor = post ? post->at(0).toLongLong() : 0;
    const bool may =
        req.viewer.moderator || c->author == req.viewer.uid || postAuthor == req.viewer.uid;
    if (c->deleted) {
        if (may)
            return Response::noContent();
        fail(404, QStringLiteral("no such comment"));
    }
    m_visibility.requireVisibleComment(id, req.viewer); // 404 for what the caller cannot see
    if (!may)
        fail(403, QStringLiteral(
                      "only the author, the post's author or a moderator may delete this comment"));
    if (c->rootId == 0) {
        const auto floor = m_db.query(
            QStringLiteral("SELECT id FROM comments WHERE root_id = ? AND deleted = 0"), {id});
        m_db.exec(QStringLiteral("UPDATE comments SET deleted = 1 WHERE root_id = ? OR id = ?"),
                  {id, id});
        m_changes.record("comment", id, "remove");
        QList<qint64> gone{id};
        for (const Row &r : floor) {
            m_changes.record("comment", r[0].toLongLong(), "remove");
            gone.append(r[0].toLongLong());
        }
        m_notifications.withdrawComments(gone);
    } else {
        m_db.exec(QStringLiteral("UPDATE comments SET deleted = 1 WHERE id = ?"), {id});
        m_notifications.withdrawComments({id});
        m_changes.record("comment", id, "remove");
        m_changes.record("comment", c->rootId);
        if (c->parentId != c->rootId)
            m_changes.record("comment", c->parentId);
    }
    m_changes.record("post", c->postId);
    m_moderation.closeItem(QStringLiteral("comment"), id);
    if (req.viewer.moderator && c->author != req.viewer.uid) {
        m_moderation.log(req.viewer.uid, QStringLiteral("delete"), QStringLiteral("comment"), id,
                         QString());
        m_notifications.moderated(req.viewer.uid, QStringLiteral("delete"),
                                  QStringLiteral("comment"), id, QString());
    }
    return Response::noContent();
}

QJsonObject CommentsHandler::commentVoteState(qint64 commentId, qint64 uid)
{
    const auto r = m_db.one(QStringLiteral("SELECT SUM(CASE WHEN vote = 1 THEN 1 ELSE 0 END),"
                                           " SUM(CASE WHEN vote = -1 THEN 1 ELSE 0 END),"
                                           " SUM(CASE WHEN uid = ? THEN vote ELSE 0 END)"
                                           " FROM comment_votes WHERE comment_id = ?"),
                            {uid, commentId});
    return voteState(r ? r->at(0).toLongLong() : 0, r ? r->at(1).toLongLong() : 0,
                     r ? r->at(2).toInt() : 0);
}

QJsonObject CommentsHandler::voteState(qint64 likes, qint64 opposes, int mine)
{
    return {{QStringLiteral("liked"), mine == 1},
            {QStringLiteral("likeCount"), likes},
            {QStringLiteral("opposed"), mine == -1},
            {QStringLiteral("opposeCount"), opposes},
            {QStringLiteral("score"), 2 * likes - opposes}};
}

Response CommentsHandler::setCommentVote(Request &req, int vote, bool on)
{
    const qint64 id = req.ids[0];
    if (m_db.isPostgres()) {
        // One statement (tl_comment_vote, schema.h v4; a like's notification with it), a
        // transaction of its own.
        const auto r = m_db.one(QStringLiteral("SELECT likes, opposes, mine"
                                               " FROM tl_comment_vote(?, ?, ?, ?, ?, ?)"),
                                {id, req.viewer.uid, vote, on, nowMs(), req.viewer.moderator});
        if (!r || r->at(0).toLongLong() < 0)
            fail(404, QStringLiteral("no such comment"));
        return Response::json(
            voteState(r->at(0).toLongLong(), r->at(1).toLongLong(), r->at(2).toInt()));
    }
    m_visibility.requireVisibleComment(id, req.viewer);
    const int prior =
        m_db.scalar(
                QStringLiteral("SELECT vote FROM comment_votes WHERE comment_id = ? AND uid = ?"),
                {id, req.viewer.uid}, 0)
            .toInt();
    bool changed = false;
    if (on && prior != vote) {
        m_db.exec(
            QStringLiteral(
                "INSERT INTO comment_votes(comment_id, uid, vote, createtime) VALUES(?, ?, ?, ?)"
                " ON CONFLICT(comment_id, uid) DO UPDATE SET vote = excluded.vote,"
                " createtime = excluded.createtime"),
            {id, req.viewer.uid, vote, nowMs()});
        changed = true;
    } else if (!on && prior == vote) {
        m_db.exec(QStringLiteral("DELETE FROM comment_votes WHERE comment_id = ? AND uid = ?"),
                  {id, req.viewer.uid});
        changed = true;
    }
    if (changed) {
        m_changes.record("comment", id);
        if (on && vote == 1)
            m_notifications.likedComment(req.viewer.uid, id);
    }
    return Response::json(commentVoteState(id, req.viewer.uid));
}

Response CommentsHandler::likeComment(Request &req)
{
    return setCommentVote(req, 1, true);
}
Response CommentsHandler::unlikeComment(Request &req)
{
    return setCommentVote(req, 1, false);
}
Response CommentsHandler::opposeComment(Request &req)
{
    return setCommentVote(req, -1, true);
}
Response CommentsHandler::unopposeComment(Request &req)
{
    return setCommentVote(req, -1, false);
}

} // namespace threadline::server

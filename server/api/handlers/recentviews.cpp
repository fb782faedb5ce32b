// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Recently viewed (recentviews.h): the upsert of a view, and PostsHandler's GET / DELETE
// /me/recent.
#include "api/handlers/recentviews.h"

#include "api/clock.h"
#include "api/cursor.h"
#include "api/handlers/postshandler.h"
#include "api/renderer.h"
#include "api/request.h"
#include "api/response.h"
#include "db/database.h"

#include <QJsonArray>
#include <QJsonObject>

namespace threadline::server {

namespace recentviews {

void record(Database &db, qint64 uid, qint64 postId, qint64 now)
{
    // Strictly newer than the user's newest other entry, so that two views in one millisecond
    // still order as made.
    const auto newest = db.query(QStringLiteral("SELECT post_id, viewed_at FROM recent_views"
                                                " WHERE uid = ? ORDER BY viewed_at DESC LIMIT 1"),
                                 {uid});
    qint64 at = now;
    if (!newest.empty() && newest[0][0].toLongLong() != postId)
        at = std::max(now, newest[0][1].toLongLong() + 1);
    else if (!newest.empty())
        at = std::max(now, newest[0][1].toLongLong());
    db.exec(
        QStringLiteral("INSERT INTO recent_views(uid, post_id, viewed_at) VALUES(?, ?, ?)"
                       " ON CONFLICT(uid, post_id) DO UPDATE SET viewed_at = excluded.viewed_at"),
        {uid, postId, at});
    db.exec(QStringLiteral("DELETE FROM recent_views WHERE uid = ? AND (viewed_at < ? OR post_id"
                           " NOT IN (SELECT post_id FROM recent_views WHERE uid = ?"
                           " ORDER BY viewed_at DESC, post_id DESC LIMIT %1))")
                .arg(kCap),
            {uid, now - kMaxAgeMs, uid});
}

} // namespace recentviews

// GET /me/recent?limit=&before=&comments=: the viewer's recently viewed posts, newest view
// first, each a timeline post with "viewedAt"; "total" counts every entry the viewer can see.
Response PostsHandler::recentViews(Request &req)
{
    const int limit = limitParam(req.query, "limit", 20, 60);
    const int comments = limitParam(req.query, "comments", 3, 5, 0);
    const qint64 since = nowMs() - recentviews::kMaxAgeMs;
    const QString where =
        QStringLiteral("r.uid = ? AND r.viewed_at >= ? AND ") + Renderer::postVisible(req.viewer);
    const QString from = QStringLiteral(" FROM recent_views r JOIN posts p ON p.id = r.post_id");
    const qint64 total =
        m_db.scalar(QStringLiteral("SELECT COUNT(*)") + from + QStringLiteral(" WHERE ") + where,
                    {req.viewer.uid, since})
            .toLongLong();
    const Keyset ks =
        beforeCursor(req.query, QStringLiteral("r.viewed_at"), QStringLiteral("r.post_id"));
    QVariantList binds{req.viewer.uid, since};
    binds += ks.binds;
    binds << limit + 1;
    const auto rows = m_db.query(QStringLiteral("SELECT r.post_id, r.viewed_at") + from +
                                     QStringLiteral(" WHERE %1%2 ORDER BY r.viewed_at DESC,"
                                                    " r.post_id DESC LIMIT ?")
                                         .arg(where, ks.sql),
                                 binds);
    QJsonArray items;
    for (size_t i = 0; i < rows.size() && i < size_t(limit); ++i) {
        auto p = m_renderer.renderPost(rows[i][0].toLongLong(), req.viewer, comments);
        if (!p)
            continue;
        p->insert(QStringLiteral("viewedAt"), rows[i][1].toLongLong());
        items.append(*p);
    }
    const bool more = rows.size() > size_t(limit);
    QJsonObject out{
        {QStringLiteral("items"), items},
        {QStringLiteral("total"), total},
        {QStringLiteral("next"), nextCursor(more, more ? rows[limit - 1][1].toLongLong() : 0,
                                            more ? rows[limit - 1][0].toLongLong() : 0)}};
    return Response::json(out);
}

// DELETE /me/recent: clears the viewer's list (204).
Response PostsHandler::clearRecentViews(Request &req)
{
    m_db.exec(QStringLiteral("DELETE FROM recent_views WHERE uid = ?"), {req.viewer.uid});
    return Response::noContent();
}

} // namespace threadline::server

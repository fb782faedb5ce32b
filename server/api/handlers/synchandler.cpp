// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// GET /sync: the change log rendered for one caller. The log stores (kind, id) only; each
// entry is rendered with the object's current state as this caller may see it: an upsert when
// the caller can see it, a remove when it left (deleted, or hidden from an ordinary user).
#include "api/handlers/synchandler.h"

#include "api/clock.h"
#include "api/cursor.h"
#include "api/renderer.h"
#include "db/database.h"
#include "serverconfig.h"

#include <QJsonArray>
#include <QUrl>

namespace threadline::server {

SyncHandler::SyncHandler(Database &db, const ServerConfig &config, Renderer &renderer)
    : m_db(db)
    , m_config(config)
    , m_renderer(renderer)
{
}

void SyncHandler::addRoutes(RouteTable &t)
{
    t.add("GET", "sync", Worker, this, &SyncHandler::sync);
}

Response SyncHandler::sync(Request &req)
{
    const int limit = limitParam(req.query, "limit", 500, 1000);
    // a post's inline comments as its cards ask for them (3 by default, ?comments=0..5)
    const int inlineComments = limitParam(req.query, "comments", 3, 5, 0);
    const qint64 now = nowMs();
    const bool pg = m_db.isPostgres();
    // PostgreSQL: the log is read in (txid, seq) order, and only rows of transactions
    // below the horizon: the oldest transaction of this database still running (or, with none,
    // the next transaction id). Every transaction below it has ended, so no row can still appear
    // before a position a reader has passed, while writers take no lock. The horizon is taken
    // in one statement and the rows read in the next (a later snapshot, which sees every
    // transaction below the horizon as ended). backend_xid is 32 bits: it is widened with the
    // epoch of the snapshot's xmax (running ids are within 2^31 of it). Only this database's
    // transactions count: a long one in another database on the cluster does not hold /sync.
    // The cursor is (txid, seq, time); a cursor of the older form (seq, time) means (0, seq):
    // rows written before schema version 4 have txid 0. SQLite: one writer at a time, seq
    // order is commit order; the cursor is (seq, time).
    const auto horizon = [this] {
        return m_db
            .scalar(QStringLiteral(
                "WITH s AS (SELECT pg_snapshot_xmax(pg_current_snapshot())::text::bigint AS xmax),"
                " r AS (SELECT a.backend_xid::text::bigint AS x FROM pg_stat_activity a"
                " WHERE a.datname = current_database() AND a.backend_xid IS NOT NULL)"
                " SELECT LEAST(s.xmax, COALESCE(MIN(CASE"
                " WHEN ((s.xmax >> 32) << 32 | r.x) > s.xmax THEN (((s.xmax >> 32) - 1) << 32 | "
                "r.x)"
                " ELSE ((s.xmax >> 32) << 32 | r.x) END), s.xmax))"
                " FROM s LEFT JOIN r ON true GROUP BY s.xmax"))
            .toLongLong();
    };
    if (!req.query.hasQueryItem(QStringLiteral("since"))) {
        if (pg) // everything below the horizon is the past; the horizon's own rows are not
            return Response::json({{QStringLiteral("changes"), QJsonArray()},
                                   {QStringLiteral("next"), encodeCursor({horizon(), 0, now})},
                                   {QStringLiteral("hasMore"), false}});
        const qint64 maxSeq =
            m_db.scalar(QStringLiteral("SELECT MAX(seq) FROM changes"), {}, 0).toLongLong();
        return Response::json({{QStringLiteral("changes"), QJsonArray()},
                               {QStringLiteral("next"), encodeCursor({maxSeq, now})},
                               {QStringLiteral("hasMore"), false}});
    }
    const QString sinceText = req.query.queryItemValue(QStringLiteral("since"), QUrl::FullyDecoded);
    auto cursor = decodeCursor(sinceText, 2);
    if (cursor)
        cursor->prepend(0); // (0, seq, time)
    else if (pg)
        cursor = decodeCursor(sinceText, 3);
    if (!cursor || cursor->at(0) < 0 || cursor->at(1) < 0)
        fail(400, QStringLiteral("since: not a cursor this server gave out"));
    const qint64 sinceTx = cursor->at(0);
    const qint64 since = cursor->at(1);
    if (cursor->at(2) < now - qint64(m_config.changelogDays) * 24 * 3600 * 1000)
        fail(410,
             QStringLiteral(
                 "the cursor is older than the change log keeps (%1 days); refresh from the lists")
                 .arg(m_config.changelogDays));
    std::vector<Row> rows;
    qint64 xmin = 0;
    if (pg) {
        xmin = horizon();
        rows = m_db.query(QStringLiteral("SELECT seq, kind, obj_id, txid FROM changes"
                                         " WHERE (txid, seq) > (?, ?) AND txid < ?"
                                         " ORDER BY txid, seq LIMIT ?"),
                          {sinceTx, since, xmin, limit + 1});
    } else {
        rows = m_db.query(QStringLiteral("SELECT seq, kind, obj_id, 0 FROM changes WHERE seq > ?"
                                         " ORDER BY seq LIMIT ?"),
                          {since, limit + 1});
    }
    const bool hasMore = rows.size() > size_t(limit);
    if (hasMore)
        rows.resize(limit);
    QString next;
    if (!pg) {
        next = encodeCursor({rows.empty() ? since : rows.back()[0].toLongLong(), now});
    } else if (hasMore) {
        next = encodeCursor({rows.back()[3].toLongLong(), rows.back()[0].toLongLong(), now});
    } else {
        // Every row below the horizon has been read: the next read starts at the horizon (or
        // stays where it was, if the horizon is behind it — it never moves a cursor back).
        qint64 tx = sinceTx, seq = since;
        if (!rows.empty()) {
            tx = rows.back()[3].toLongLong();
            seq = rows.back()[0].toLongLong();
        }
        if (xmin > tx) {
            tx = xmin;
            seq = 0;
        }
        next = encodeCursor({tx, seq, now});
    }

    // The same object twice in one page: its current state once, at its last place.
    QList<QPair<QString, qint64>> order;
    QHash<QPair<QString, qint64>, qsizetype> lastIndex;
    for (qsizetype i = 0; i < qsizetype(rows.size()); ++i)
        lastIndex.insert({rows[i][1].toString(), rows[i][2].toLongLong()}, i);
    QList<qint64> postIds, commentIds, userIds;
    for (qsizetype i = 0; i < qsizetype(rows.size()); ++i) {
        const QPair<QString, qint64> key{rows[i][1].toString(), rows[i][2].toLongLong()};
        if (lastIndex.value(key) != i)
            continue;
        order.append(key);
        if (key.first == QLatin1String("post"))
            postIds.append(key.second);
        else if (key.first == QLatin1String("comment"))
            commentIds.append(key.second);
        else if (key.first == QLatin1String("user"))
            userIds.append(key.second);
    }
    QHash<qint64, QJsonObject> posts, comments, users;
    for (const QJsonValue &p : m_renderer.renderPosts(postIds, req.viewer, inlineComments))
        posts.insert(p.toObject().value(QStringLiteral("id")).toInteger(), p.toObject());
    for (qsizetype start = 0; start < commentIds.size(); start += 500) {
        const QList<qint64> chunk = commentIds.mid(start, 500);
        QVariantList binds;
        for (qint64 id : chunk)
            binds.append(id);
        const auto crows = m_db.query(
            QStringLiteral("SELECT %1 FROM comments c JOIN posts p ON p.id = c.post_id"
                           " WHERE c.id IN (%2) AND %3 AND %4")
                .arg(Renderer::commentColumns(), Database::placeholders(chunk.size()),
                     Renderer::commentVisible(req.viewer), Renderer::postVisible(req.viewer)),
            binds);
        for (const QJsonValue &c : m_renderer.renderComments(crows, req.viewer))
            comments.insert(c.toObject().value(QStringLiteral("id")).toInteger(), c.toObject());
    }
    for (qint64 uid : userIds)
        if (m_renderer.user(uid))
            users.insert(uid, m_renderer.userProfile(uid, req.viewer));

    QJsonArray changes;
    for (const auto &[kind, id] : order) {
        const QHash<qint64, QJsonObject> &objs = kind == QLatin1String("post")      ? posts
                                                 : kind == QLatin1String("comment") ? comments
                                                                                    : users;
        QJsonObject c{{QStringLiteral("kind"), kind}, {QStringLiteral("id"), id}};
        const auto it = objs.constFind(id);
        if (it != objs.constEnd()) {
            c.insert(QStringLiteral("op"), QStringLiteral("upsert"));
            c.insert(QStringLiteral("data"), *it);
        } else {
            c.insert(QStringLiteral("op"), QStringLiteral("remove"));
        }
        changes.append(c);
    }
    return Response::json({{QStringLiteral("changes"), changes},
                           {QStringLiteral("next"), next},
                           {QStringLiteral("hasMore"), hasMore}});
}

} // namespace threadline::server

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// GET /sync: the change log rendered for one caller. The log stores (kind, id) only; each
// entry is rendered with the object's current state as this caller may see it: an upsert when
// the caller can see it, a remove when it left (deleted, or hidden from an ordinary user).
#include "api/handlers/synchandler.h"

#include "api/clock.h"
#include "api/cursor.h"
#include "api/notifications.h"
#include "api/renderer.h"
#include "db/database.h"
#include "serverconfig.h"

#include <QJsonArray>
#include <QUrl>

namespace threadline::server {

SyncHandler::SyncHandler(Database &db, const ServerConfig &config, Renderer &renderer,
                         Notifications &notifications)
    : m_db(db)
    , m_config(config)
    , m_renderer(renderer)
    , m_notifications(notifications)
{
}

qint64 SyncHandler::unread(const Viewer &viewer)
{
    return m_notifications.unread(viewer.uid);
}

void SyncHandler::addRoutes(RouteTable &t)
{
    t.add("GET", "sync", Worker, this, &SyncHandler::sync);
    // The HTTP front takes a prechecked stream request over (http/eventstream.h); this handler
    // only answers where nothing can stream (Api::handle() without the front).
    t.add("GET", "stream", Stream, this, &SyncHandler::stream);
}

Response SyncHandler::stream(Request &)
{
    fail(404, QStringLiteral("the push stream is served by the HTTP front only"));
}

// PostgreSQL: the log is read in (txid, seq) order, and only rows of transactions below the
// horizon: the oldest transaction of this database still running (or, with none, the next
// transaction id). Every transaction below it has ended, so no row can still appear before a
// position a reader has passed, while writers take no lock. The horizon is taken in one statement
// and the rows read in the next (a later snapshot, which sees every transaction below the horizon
// as ended). backend_xid is 32 bits: it is widened with the epoch of the snapshot's xmax (running
// ids are within 2^31 of it). Only this database's transactions count: a long one in another
// database on the cluster does not hold /sync.
// The cursor is (txid, seq, time); a cursor of the older form (seq, time) means (0, seq): rows
// written before schema version 4 have txid 0 (once none is left, that form is refused: it can
// only be a SQLite server's). SQLite: one writer at a time, seq order is commit order; the
// cursor is (seq, time).
qint64 SyncHandler::horizon()
{
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
}

SyncHandler::Position SyncHandler::start()
{
    if (m_db.isPostgres()) // everything below the horizon is the past; the horizon's own rows are
                           // not
        return {horizon(), 0};
    return {0, m_db.scalar(QStringLiteral("SELECT MAX(seq) FROM changes"), {}, 0).toLongLong()};
}

QString SyncHandler::cursor(const Position &p) const
{
    if (m_db.isPostgres())
        return encodeCursor({p.tx, p.seq, nowMs()});
    return encodeCursor({p.seq, nowMs()});
}

std::optional<SyncHandler::Position> SyncHandler::parseSince(const QString &sinceText) const
{
    auto cursor = decodeCursor(sinceText, 2);
    if (cursor) {
        cursor->prepend(0); // (0, seq, time)
        // On PostgreSQL (seq, time) is the form given out before version 4 only while the log
        // still holds rows of that time (txid 0); with none left it is SQLite's: another server's.
        if (m_db.isPostgres() &&
            !m_db.one(QStringLiteral("SELECT 1 FROM changes WHERE txid = ? LIMIT 1"), {0}))
            cursor.reset();
    } else if (m_db.isPostgres()) {
        cursor = decodeCursor(sinceText, 3);
    }
    if (!cursor || cursor->at(0) < 0 || cursor->at(1) < 0)
        fail(400, QStringLiteral("since: not a cursor this server gave out"));
    if (cursor->at(2) < nowMs() - qint64(m_config.changelogDays) * 24 * 3600 * 1000)
        return std::nullopt;
    return Position{cursor->at(0), cursor->at(1)};
}

Response SyncHandler::sync(Request &req)
{
    const int limit = limitParam(req.query, "limit", 500, 1000);
    // a post's inline comments as its cards ask for them (3 by default, ?comments=0..5)
    const int inlineComments = limitParam(req.query, "comments", 3, 5, 0);
    if (!req.query.hasQueryItem(QStringLiteral("since")))
        return Response::json({{QStringLiteral("changes"), QJsonArray()},
                               {QStringLiteral("next"), cursor(start())},
                               {QStringLiteral("hasMore"), false}});
    const auto from =
        parseSince(req.query.queryItemValue(QStringLiteral("since"), QUrl::FullyDecoded));
    if (!from)
        fail(410,
             QStringLiteral(
                 "the cursor is older than the change log keeps (%1 days); refresh from the lists")
                 .arg(m_config.changelogDays));
    const Page page = read(req.viewer, *from, limit, inlineComments);
    return Response::json(
        {{QStringLiteral("changes"), page.changes},
         {QStringLiteral("next"), page.nextCursor},
         {QStringLiteral("hasMore"), page.hasMore},
         {QStringLiteral("unread"), page.unread >= 0 ? page.unread : unread(req.viewer)}});
}

SyncHandler::Page SyncHandler::read(const Viewer &viewer, const Position &from, int limit,
                                    int inlineComments)
{
    const bool pg = m_db.isPostgres();
    const qint64 sinceTx = from.tx;
    const qint64 since = from.seq;
    std::vector<Row> rows;
    qint64 xmin = 0;
    if (pg) {
        xmin = horizon();
        rows = m_db.query(QStringLiteral("SELECT seq, kind, obj_id, txid, uid FROM changes"
                                         " WHERE (txid, seq) > (?, ?) AND txid < ?"
                                         " ORDER BY txid, seq LIMIT ?"),
                          {sinceTx, since, xmin, limit + 1});
    } else {
        rows =
            m_db.query(QStringLiteral("SELECT seq, kind, obj_id, 0, uid FROM changes WHERE seq > ?"
                                      " ORDER BY seq LIMIT ?"),
                       {since, limit + 1});
    }
    Page page;
    page.hasMore = rows.size() > size_t(limit);
    if (page.hasMore)
        rows.resize(limit);
    if (!pg) {
        page.next = {0, rows.empty() ? since : rows.back()[0].toLongLong()};
    } else if (page.hasMore) {
        page.next = {rows.back()[3].toLongLong(), rows.back()[0].toLongLong()};
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
        page.next = {tx, seq};
    }
    page.nextCursor = cursor(page.next);
    // The same object twice in one page: its current state once, at its last place. A record
    // for one user (a notification's, changes.uid) is skipped for everyone else, as if absent.
    QList<QPair<QString, qint64>> order;
    QHash<QPair<QString, qint64>, qsizetype> lastIndex;
    const auto forViewer = [&](const Row &r) {
        return r[4].isNull() || r[4].toLongLong() == viewer.uid;
    };
    for (qsizetype i = 0; i < qsizetype(rows.size()); ++i)
        if (forViewer(rows[i]))
            lastIndex.insert({rows[i][1].toString(), rows[i][2].toLongLong()}, i);
    QList<qint64> postIds, commentIds, userIds, notificationIds;
    for (qsizetype i = 0; i < qsizetype(rows.size()); ++i) {
        if (!forViewer(rows[i]))
            continue;
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
        else if (key.first == QLatin1String("notification"))
            notificationIds.append(key.second);
    }
    QHash<qint64, QJsonObject> posts, comments, users;
    for (const QJsonValue &p : m_renderer.renderPosts(postIds, viewer, inlineComments))
        posts.insert(p.toObject().value(QStringLiteral("id")).toInteger(), p.toObject());
    for (qsizetype start = 0; start < commentIds.size(); start += 500) {
        const QList<qint64> chunk = commentIds.mid(start, 500);
        QVariantList binds;
        for (qint64 id : chunk)
            binds.append(id);
        const auto crows =
            m_db.query(QStringLiteral("SELECT %1 FROM comments c JOIN posts p ON p.id = c.post_id"
                                      " WHERE c.id IN (%2) AND %3 AND %4")
                           .arg(Renderer::commentColumns(), Database::placeholders(chunk.size()),
                                Renderer::commentVisible(viewer), Renderer::postVisible(viewer)),
                       binds);
        for (const QJsonValue &c : m_renderer.renderComments(crows, viewer))
            comments.insert(c.toObject().value(QStringLiteral("id")).toInteger(), c.toObject());
    }
    for (qint64 uid : userIds)
        if (m_renderer.user(uid))
            users.insert(uid, m_renderer.userProfile(uid, viewer));
    // the viewer's own: an upsert while it is there, a remove once withdrawn or dropped
    const QHash<qint64, QJsonObject> notifications =
        notificationIds.isEmpty() ? QHash<qint64, QJsonObject>()
                                  : m_notifications.renderOwned(notificationIds, viewer.uid);

    QJsonArray changes;
    for (const auto &[kind, id] : order) {
        const QHash<qint64, QJsonObject> &objs = kind == QLatin1String("post")      ? posts
                                                 : kind == QLatin1String("comment") ? comments
                                                 : kind == QLatin1String("user")    ? users
                                                                                    : notifications;
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
    page.changes = changes;
    if (!changes.isEmpty())
        page.unread = unread(viewer);
    return page;
}

} // namespace threadline::server

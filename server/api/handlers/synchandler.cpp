// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// GET /sync: the change log rendered for one caller. The log stores (kind, id) only; each
// entry is rendered with the object's current state as this caller may see it: an upsert when
// the caller can see it, a remove when it left (deleted, or hidden from an ordinary user).
#include "api/handlers/synchandler.h"

#include "api/clock.h"
#include "api/cursor.h"
#include "api/jsonwrite.h"
#include "api/notifications.h"
#include "api/renderer.h"
#include "db/database.h"
#include "serverconfig.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QUrl>
#include <algorithm>

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
    // Written as text: the records come rendered (keys in QJsonObject's order, as before).
    Response r;
    r.body.reserve(page.changes.size() + 128);
    r.body += "{\"changes\":";
    r.body += page.changes;
    r.body += ",\"hasMore\":";
    json::boolean(r.body, page.hasMore);
    r.body += ",\"next\":";
    json::string(r.body, page.nextCursor);
    r.body += ",\"unread\":";
    json::number(r.body, page.unread >= 0 ? page.unread : unread(req.viewer));
    r.body += '}';
    return r;
}

SyncHandler::Page SyncHandler::read(const Viewer &viewer, const Position &from, int limit,
                                    int inlineComments)
{
    return personal(readShared(viewer.moderator, from, limit, inlineComments), viewer);
}

namespace {

// {"data":…,"id":…,"kind":…,"op":"upsert"} (or without data, "remove"): QJsonObject's key order
void writeRecord(QByteArray &out, const QString &kind, qint64 id, const QByteArray *data)
{
    out += '{';
    if (data) {
        out += "\"data\":";
        out += *data;
        out += ',';
    }
    out += "\"id\":";
    json::number(out, id);
    out += ",\"kind\":";
    json::string(out, kind);
    out += data ? ",\"op\":\"upsert\"}" : ",\"op\":\"remove\"}";
}

} // namespace

SyncHandler::SharedPage SyncHandler::readShared(bool moderator, const Position &from, int limit,
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
    SharedPage page;
    page.moderator = moderator;
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
    // for one user (a notification's, changes.uid) is its owner's alone: personal() leaves it
    // out for everyone else (its key is its own, so it moves no other record).
    QHash<QPair<QString, qint64>, qsizetype> lastIndex;
    for (qsizetype i = 0; i < qsizetype(rows.size()); ++i)
        lastIndex.insert({rows[i][1].toString(), rows[i][2].toLongLong()}, i);
    QList<qint64> postIds, commentIds;
    for (qsizetype i = 0; i < qsizetype(rows.size()); ++i) {
        const QPair<QString, qint64> key{rows[i][1].toString(), rows[i][2].toLongLong()};
        if (lastIndex.value(key) != i)
            continue;
        SharedPage::Entry e;
        e.kind = key.first;
        e.id = key.second;
        e.owner = rows[i][4].isNull() ? 0 : rows[i][4].toLongLong();
        page.entries.push_back(std::move(e));
        if (key.first == QLatin1String("post"))
            postIds.append(key.second);
        else if (key.first == QLatin1String("comment"))
            commentIds.append(key.second);
    }
    // Rendered for nobody in particular (uid 0 likes nothing); the kind decides what is seen.
    const Viewer nobody{0, moderator};
    const QHash<qint64, QByteArray> posts = m_renderer.postParts(postIds, nobody, inlineComments);
    QHash<qint64, QByteArray> comments;
    for (qsizetype start = 0; start < commentIds.size(); start += 500) {
        const QList<qint64> chunk = commentIds.mid(start, 500);
        QVariantList binds;
        for (qint64 id : chunk)
            binds.append(id);
        const auto crows =
            m_db.query(QStringLiteral("SELECT %1 FROM comments c JOIN posts p ON p.id = c.post_id"
                                      " WHERE c.id IN (%2) AND %3 AND %4")
                           .arg(Renderer::commentColumns(), Database::placeholders(chunk.size()),
                                Renderer::commentVisible(nobody), Renderer::postVisible(nobody)),
                       binds);
        const std::vector<QByteArray> items = m_renderer.commentItems(crows, nobody);
        for (size_t i = 0; i < crows.size(); ++i)
            comments.insert(crows[i][0].toLongLong(), items[i]);
    }
    bool profiles = false;
    page.common = "[";
    for (SharedPage::Entry &e : page.entries) {
        if (e.kind == QLatin1String("user"))
            profiles = true;
        const bool isPost = e.kind == QLatin1String("post");
        if (isPost || e.kind == QLatin1String("comment")) { // users, notifications: personal()
            const QHash<qint64, QByteArray> &objs = isPost ? posts : comments;
            const auto it = objs.constFind(e.id);
            e.present = it != objs.constEnd();
            writeRecord(e.json, e.kind, e.id, e.present ? &*it : nullptr);
            if (e.present) {
                e.data = QJsonDocument::fromJson(*it).object();
                if (isPost) {
                    for (const QJsonValue &c : e.data.value(QStringLiteral("comments")).toArray())
                        e.votable.append(c.toObject().value(QStringLiteral("id")).toInteger());
                } else {
                    e.votable.append(e.id);
                }
            }
        }
        if (e.owner != 0)
            continue;
        if (page.commonCount++)
            page.common += ',';
        page.common += e.json;
    }
    page.common += ']';
    if (profiles) {
        page.common.clear();
        page.commonCount = 0;
    }
    return page;
}

SyncHandler::Page SyncHandler::personal(const SharedPage &shared, const Viewer &viewer)
{
    Page page;
    page.next = shared.next;
    page.nextCursor = shared.nextCursor;
    page.hasMore = shared.hasMore;
    QList<qint64> postIds, votable, notificationIds;
    bool any = false;
    for (const SharedPage::Entry &e : shared.entries) {
        if (e.owner != 0 && e.owner != viewer.uid)
            continue;
        any = true;
        if (e.kind == QLatin1String("notification"))
            notificationIds.append(e.id);
        else if (e.present && e.kind == QLatin1String("post"))
            postIds.append(e.id);
        if (e.present)
            votable.append(e.votable);
    }
    if (!any) {
        page.changes = "[]";
        return page;
    }
    // The viewer's likes and votes on what the page shows, and the unread count: one statement.
    QVariantList binds{viewer.uid};
    const QString liked = m_db.anyOf(QStringLiteral("post_id"), postIds, binds);
    binds.append(viewer.uid);
    const QString voted = m_db.anyOf(QStringLiteral("comment_id"), votable, binds);
    binds.append(viewer.uid);
    QSet<qint64> likedPosts;
    QHash<qint64, int> votes;
    for (const Row &r :
         m_db.query(QStringLiteral("SELECT 0, post_id, 1 FROM post_likes WHERE uid = ? AND %1"
                                   " UNION ALL SELECT 1, comment_id, vote FROM comment_votes"
                                   " WHERE uid = ? AND %2 UNION ALL SELECT 2, 0, COUNT(*) FROM"
                                   " notifications WHERE uid = ? AND is_read = 0")
                        .arg(liked, voted),
                    binds)) {
        switch (r[0].toInt()) {
        case 0:
            likedPosts.insert(r[1].toLongLong());
            break;
        case 1:
            votes.insert(r[1].toLongLong(), r[2].toInt());
            break;
        default:
            page.unread = r[2].toLongLong();
        }
    }
    // Whether a record shows something of the viewer's own (a like, a vote).
    const auto mine = [&](const SharedPage::Entry &e) {
        if (!e.present)
            return false;
        if (e.kind == QLatin1String("post") && likedPosts.contains(e.id))
            return true;
        for (qint64 c : e.votable)
            if (votes.contains(c))
                return true;
        return false;
    };
    if (notificationIds.isEmpty() && !shared.common.isEmpty() &&
        std::none_of(shared.entries.begin(), shared.entries.end(), mine)) {
        page.changes = shared.common; // the same text as everyone's: shared, not copied
        page.count = shared.commonCount;
        return page;
    }
    const QHash<qint64, QJsonObject> notifications =
        notificationIds.isEmpty() ? QHash<qint64, QJsonObject>()
                                  : m_notifications.renderOwned(notificationIds, viewer.uid);
    const auto patchComment = [&](QJsonObject &c) {
        const int v = votes.value(c.value(QStringLiteral("id")).toInteger(), 0);
        c.insert(QStringLiteral("liked"), v == 1);
        c.insert(QStringLiteral("opposed"), v == -1);
    };
    const auto compact = [](const QJsonObject &o) {
        return QJsonDocument(o).toJson(QJsonDocument::Compact);
    };
    page.changes.reserve(16 * 1024);
    page.changes += '[';
    for (const SharedPage::Entry &e : shared.entries) {
        if (e.owner != 0 && e.owner != viewer.uid)
            continue;
        if (page.count++)
            page.changes += ',';
        if (e.kind == QLatin1String("notification") || e.kind == QLatin1String("user")) {
            // the viewer's own: an upsert while it is there, a remove once withdrawn or dropped
            std::optional<QByteArray> data;
            if (e.kind == QLatin1String("notification")) {
                if (const auto it = notifications.constFind(e.id); it != notifications.constEnd())
                    data = compact(*it);
            } else if (m_renderer.user(e.id)) {
                data = compact(m_renderer.userProfile(e.id, viewer));
            }
            writeRecord(page.changes, e.kind, e.id, data ? &*data : nullptr);
            continue;
        }
        if (!mine(e)) {
            page.changes += e.json; // as everyone of the viewer's kind gets it
            continue;
        }
        QJsonObject data = e.data;
        if (e.kind == QLatin1String("post")) {
            data.insert(QStringLiteral("liked"), likedPosts.contains(e.id));
            QJsonArray inlined = data.value(QStringLiteral("comments")).toArray();
            for (qsizetype i = 0; i < inlined.size(); ++i) {
                QJsonObject c = inlined.at(i).toObject();
                patchComment(c);
                inlined.replace(i, c);
            }
            data.insert(QStringLiteral("comments"), inlined);
        } else {
            patchComment(data);
        }
        const QByteArray bytes = compact(data);
        writeRecord(page.changes, e.kind, e.id, &bytes);
    }
    page.changes += ']';
    return page;
}

} // namespace threadline::server

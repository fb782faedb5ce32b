// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Notifications (notifications.h).
#include "api/notifications.h"

#include "api/changelog.h"
#include "api/clock.h"
#include "api/renderer.h"
#include "db/schema.h"

#include <algorithm>

namespace threadline::server {

namespace {

constexpr int kSummaryCodePoints = 80;
constexpr int kMaxActorsShown = 3;
// Ids per statement of a floor's withdrawal on SQLite (under its oldest limit of bound values).
constexpr qsizetype kChunk = 500;

bool isSpace(QChar c)
{
    return c == QLatin1Char(' ') || c == QLatin1Char('\t') || c == QLatin1Char('\n') ||
           c == QLatin1Char('\r') || c == QLatin1Char('\f') || c == QLatin1Char('\v');
}

QVariant idOrNull(qint64 id)
{
    return id ? QVariant(id) : QVariant();
}

QVariant textOrNull(const QString &s)
{
    return s.isEmpty() ? QVariant() : QVariant(s);
}

} // namespace

Notifications::Notifications(Database &db, Renderer &renderer, ChangeLog &changes)
    : m_db(db)
    , m_renderer(renderer)
    , m_changes(changes)
{
}

QString Notifications::summaryOf(const QString &text)
{
    QString line;
    line.reserve(std::min<qsizetype>(text.size(), 4 * kSummaryCodePoints));
    bool space = false;
    qsizetype points = 0;
    for (qsizetype i = 0; i < text.size() && points < kSummaryCodePoints; ++i) {
        const QChar c = text[i];
        if (isSpace(c)) {
            space = !line.isEmpty();
            continue;
        }
        if (space) {
            line += QLatin1Char(' ');
            space = false;
            if (++points == kSummaryCodePoints)
                break;
        }
        line += c;
        if (c.isHighSurrogate() && i + 1 < text.size() && text[i + 1].isLowSurrogate())
            line += text[++i];
        ++points;
    }
    return line;
}

void Notifications::insert(const Fields &f)
{
    const qint64 now = nowMs();
    const qint64 id =
        m_db.scalar(
                QStringLiteral("INSERT INTO notifications(uid, kind, post_id, comment_id,"
                               " parent_id, message_id, target_type, target_id, summary,"
                               " action, reason, createtime, is_read, actor_count)"
                               " VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?) RETURNING id"),
                {f.uid, f.kind, idOrNull(f.postId), idOrNull(f.commentId), idOrNull(f.parentId),
                 idOrNull(f.messageId), textOrNull(f.targetType), idOrNull(f.targetId),
                 textOrNull(f.summary), textOrNull(f.action),
                 f.hasReason ? QVariant(f.reason) : QVariant(), now, f.actor ? 1 : 0})
            .toLongLong();
    if (f.actor)
        m_db.exec(QStringLiteral("INSERT INTO notification_actors(notification_id, actor_uid,"
                                 " createtime) VALUES(?, ?, ?)"),
                  {id, f.actor, now});
    m_changes.record("notification", id, "upsert", f.uid);
    cap(f.uid);
}

void Notifications::cap(qint64 uid)
{
    const auto edge = m_db.one(QStringLiteral("SELECT createtime, id FROM notifications"
                                              " WHERE uid = ? ORDER BY createtime DESC, id DESC"
                                              " LIMIT 1 OFFSET ?"),
                               {uid, kNotificationsKept - 1});
    if (!edge)
        return;
    const qint64 t = edge->at(0).toLongLong(), id = edge->at(1).toLongLong();
    // PostgreSQL: rows another transaction holds are left for the next cap (as tl_notify_cap).
    forget(m_db.query(
        QStringLiteral("DELETE FROM notifications WHERE id IN (SELECT id FROM notifications"
                       " WHERE uid = ? AND (createtime < ? OR (createtime = ? AND id < ?))%1)"
                       " RETURNING id, uid")
            .arg(m_db.isPostgres() ? QStringLiteral(" FOR UPDATE SKIP LOCKED") : QString()),
        {uid, t, t, id}));
}

void Notifications::forget(const std::vector<Row> &idAndUid)
{
    if (idAndUid.empty())
        return;
    QList<qint64> ids;
    for (const Row &r : idAndUid) {
        ids.append(r[0].toLongLong());
        m_changes.record("notification", r[0].toLongLong(), "remove", r[1].toLongLong());
    }
    for (qsizetype start = 0; start < ids.size(); start += kChunk) {
        QVariantList binds;
        const QString in =
            m_db.anyOf(QStringLiteral("notification_id"), ids.mid(start, kChunk), binds);
        m_db.exec(QStringLiteral("DELETE FROM notification_actors WHERE %1").arg(in), binds);
    }
}

void Notifications::withdraw(const QString &where, const QVariantList &binds)
{
    forget(m_db.query(QStringLiteral("DELETE FROM notifications WHERE kind IN"
                                     " ('reply', 'comment', 'message', 'like') AND (%1)"
                                     " RETURNING id, uid")
                          .arg(where),
                      binds));
}

void Notifications::commented(qint64 actor, qint64 postId, qint64 postAuthor, qint64 commentId,
                              qint64 parentId, qint64 parentAuthor, const QString &content)
{
    const QString summary = summaryOf(content);
    const bool reply = parentId != 0 && parentAuthor != actor;
    if (reply) {
        Fields f;
        f.uid = parentAuthor;
        f.kind = QStringLiteral("reply");
        f.postId = postId;
        f.commentId = commentId;
        f.parentId = parentId;
        f.summary = summary;
        f.actor = actor;
        insert(f);
    }
    // One action, one notification: the post's author answered is told of the reply only.
    if (postAuthor != actor && !(reply && parentAuthor == postAuthor)) {
        Fields f;
        f.uid = postAuthor;
        f.kind = QStringLiteral("comment");
        f.postId = postId;
        f.commentId = commentId;
        f.summary = summary;
        f.actor = actor;
        insert(f);
    }
}

void Notifications::messageLeft(qint64 actor, qint64 board, qint64 messageId,
                                const QString &content)
{
    if (board == actor)
        return;
    Fields f;
    f.uid = board;
    f.kind = QStringLiteral("message");
    f.messageId = messageId;
    f.summary = summaryOf(content);
    f.actor = actor;
    insert(f);
}

void Notifications::followed(qint64 actor, qint64 followee)
{
    if (followee == actor)
        return;
    const qint64 now = nowMs();
    const qint64 dayStart = dayNumberUtc8(now) * 86400000LL - 8LL * 3600 * 1000;
    // The recipient's notifications of today (their newest first: an index range), and among
    // them a follow by this person.
    if (m_db.one(QStringLiteral("SELECT 1 FROM notifications n JOIN notification_actors a"
                                " ON a.notification_id = n.id WHERE n.uid = ? AND n.createtime >= ?"
                                " AND n.kind = 'follow' AND a.actor_uid = ?"),
                 {followee, dayStart, actor}))
        return;
    Fields f;
    f.uid = followee;
    f.kind = QStringLiteral("follow");
    f.actor = actor;
    insert(f);
}

void Notifications::likedPost(qint64 actor, qint64 postId)
{
    const auto p = m_db.one(
        QStringLiteral(
            "SELECT author, content FROM posts WHERE id = ? AND deleted = 0 AND hidden = 0"),
        {postId});
    if (p)
        likeOf(p->at(0).toLongLong(), actor, QStringLiteral("post"), postId, postId,
               p->at(1).toString());
}

void Notifications::likedComment(qint64 actor, qint64 commentId)
{
    const auto c =
        m_db.one(QStringLiteral(
                     "SELECT c.author, c.content, c.post_id FROM comments c"
                     " JOIN posts p ON p.id = c.post_id WHERE c.id = ? AND c.deleted = 0"
                     " AND c.hidden = 0 AND c.floor_hidden = 0 AND p.deleted = 0 AND p.hidden = 0"),
                 {commentId});
    if (c)
        likeOf(c->at(0).toLongLong(), actor, QStringLiteral("comment"), commentId,
               c->at(2).toLongLong(), c->at(1).toString());
}

void Notifications::likedMessage(qint64 actor, qint64 messageId)
{
    const auto m = m_db.one(QStringLiteral("SELECT author, content FROM messages WHERE id = ?"
                                           " AND deleted = 0 AND hidden = 0"),
                            {messageId});
    if (m)
        likeOf(m->at(0).toLongLong(), actor, QStringLiteral("message"), messageId, 0,
               m->at(1).toString());
}

void Notifications::likeOf(qint64 owner, qint64 actor, const QString &type, qint64 target,
                           qint64 postId, const QString &text)
{
    if (owner == actor)
        return;
    const qint64 now = nowMs();
    if (m_db.isPostgres()) { // the one implementation PostgreSQL's like functions use
        m_db.exec(QStringLiteral("SELECT tl_notify_like(?, ?, ?, ?, ?, ?, ?)"),
                  {owner, actor, type, target, idOrNull(postId), text, now});
        return;
    }
    // A new notification, or the unread like notification of this target (the partial unique
    // index; SQLite has one writer, so nothing comes between the two statements).
    auto row = m_db.one(
        QStringLiteral("INSERT INTO notifications(uid, kind, post_id, target_type, target_id,"
                       " summary, createtime, is_read, actor_count)"
                       " VALUES(?, 'like', ?, ?, ?, ?, ?, 0, 0)"
                       " ON CONFLICT(uid, target_type, target_id) WHERE kind = 'like' AND"
                       " is_read = 0 DO NOTHING RETURNING id, createtime"),
        {owner, idOrNull(postId), type, target, textOrNull(summaryOf(text)), now});
    const bool fresh = row.has_value();
    if (!fresh)
        row = m_db.one(QStringLiteral("SELECT id, createtime FROM notifications WHERE uid = ?"
                                      " AND target_type = ? AND target_id = ? AND kind = 'like'"
                                      " AND is_read = 0"),
                       {owner, type, target});
    if (!row)
        return;
    const qint64 id = row->at(0).toLongLong();
    // Each liker at least 1 ms after the one before: newest first never ties.
    const qint64 at = fresh ? now : std::max(now, row->at(1).toLongLong() + 1);
    if (m_db.exec(QStringLiteral("INSERT INTO notification_actors(notification_id, actor_uid,"
                                 " createtime) VALUES(?, ?, ?) ON CONFLICT DO NOTHING"),
                  {id, actor, at}) == 0)
        return; // a person counts once
    m_db.exec(QStringLiteral("UPDATE notifications SET actor_count = actor_count + 1,"
                             " createtime = ? WHERE id = ?"),
              {at, id});
    m_changes.record("notification", id, "upsert", owner);
    if (fresh)
        cap(owner);
}

void Notifications::moderated(qint64 moderator, const QString &action, const QString &targetType,
                              qint64 targetId, const QString &reason)
{
    std::optional<Row> row;
    if (targetType == QLatin1String("post"))
        row = m_db.one(QStringLiteral("SELECT author, content, 0 FROM posts WHERE id = ?"),
                       {targetId});
    else if (targetType == QLatin1String("comment"))
        row = m_db.one(QStringLiteral("SELECT author, content, post_id FROM comments WHERE id = ?"),
                       {targetId});
    else if (targetType == QLatin1String("message"))
        row = m_db.one(QStringLiteral("SELECT author, content, 0 FROM messages WHERE id = ?"),
                       {targetId});
    if (!row || row->at(0).toLongLong() == moderator)
        return;
    Fields f;
    f.uid = row->at(0).toLongLong();
    f.kind = QStringLiteral("moderation");
    f.postId = row->at(2).toLongLong();
    f.targetType = targetType;
    f.targetId = targetId;
    f.summary = summaryOf(row->at(1).toString());
    f.action = action;
    f.reason = reason;
    f.hasReason = true;
    insert(f);
}

void Notifications::withdrawPost(qint64 postId)
{
    withdraw(QStringLiteral("post_id = ?"), {postId});
}

void Notifications::withdrawComments(const QList<qint64> &commentIds)
{
    for (qsizetype start = 0; start < commentIds.size(); start += kChunk) {
        const QList<qint64> chunk = commentIds.mid(start, kChunk);
        QVariantList binds;
        QString where = m_db.anyOf(QStringLiteral("comment_id"), chunk, binds);
        where += QStringLiteral(" OR (target_type = 'comment' AND ") +
                 m_db.anyOf(QStringLiteral("target_id"), chunk, binds) + QLatin1Char(')');
        withdraw(where, binds);
    }
}

void Notifications::withdrawMessage(qint64 messageId)
{
    withdraw(QStringLiteral("message_id = ? OR (target_type = 'message' AND target_id = ?)"),
             {messageId, messageId});
}

QString Notifications::columns()
{
    return QStringLiteral("n.id, n.uid, n.kind, n.post_id, n.comment_id, n.parent_id,"
                          " n.message_id, n.target_type, n.target_id, n.summary, n.action,"
                          " n.reason, n.createtime, n.is_read, n.actor_count");
}

QJsonArray Notifications::render(const std::vector<Row> &rows)
{
    // The newest three actors of each: one statement on PostgreSQL (a LIMIT per notification on
    // notification_actors_time); on SQLite (in-process) one short indexed read each.
    QList<qint64> withActors;
    for (const Row &r : rows)
        if (r[14].toLongLong() > 0)
            withActors.append(r[0].toLongLong());
    QHash<qint64, QList<qint64>> actors;
    if (!withActors.isEmpty()) {
        if (m_db.isPostgres()) {
            for (const Row &a : m_db.query(
                     QStringLiteral("SELECT s.nid, a.actor_uid FROM unnest(?::bigint[]) AS s(nid)"
                                    " CROSS JOIN LATERAL (SELECT actor_uid, createtime"
                                    " FROM notification_actors WHERE notification_id = s.nid"
                                    " ORDER BY createtime DESC, actor_uid DESC LIMIT %1) a"
                                    " ORDER BY s.nid, a.createtime DESC, a.actor_uid DESC")
                         .arg(kMaxActorsShown),
                     {Database::arrayLiteral(withActors)}))
                actors[a[0].toLongLong()].append(a[1].toLongLong());
        } else {
            for (qint64 nid : std::as_const(withActors))
                for (const Row &a :
                     m_db.query(QStringLiteral("SELECT actor_uid FROM notification_actors"
                                               " WHERE notification_id = ?"
                                               " ORDER BY createtime DESC, actor_uid DESC LIMIT %1")
                                    .arg(kMaxActorsShown),
                                {nid}))
                    actors[nid].append(a[0].toLongLong());
        }
    }
    QJsonArray out;
    for (const Row &r : rows) {
        const qint64 id = r[0].toLongLong();
        QJsonArray who;
        for (qint64 uid : actors.value(id))
            who.append(m_renderer.userBrief(uid));
        QJsonObject n{{QStringLiteral("id"), id},
                      {QStringLiteral("kind"), r[2].toString()},
                      {QStringLiteral("createtime"), r[12].toLongLong()},
                      {QStringLiteral("read"), r[13].toInt() != 0},
                      {QStringLiteral("actors"), who},
                      {QStringLiteral("actorCount"), r[14].toLongLong()}};
        const auto id_ = [&](int col, const char *key) {
            if (!r[col].isNull() && r[col].toLongLong() != 0)
                n.insert(QLatin1String(key), r[col].toLongLong());
        };
        const auto text = [&](int col, const char *key) {
            if (!r[col].isNull())
                n.insert(QLatin1String(key), r[col].toString());
        };
        id_(3, "postId");
        id_(4, "commentId");
        id_(5, "parentId");
        id_(6, "messageId");
        text(7, "targetType");
        id_(8, "targetId");
        text(9, "summary");
        text(10, "action");
        text(11, "reason");
        out.append(n);
    }
    return out;
}

QHash<qint64, QJsonObject> Notifications::renderOwned(const QList<qint64> &ids, qint64 uid)
{
    QHash<qint64, QJsonObject> out;
    for (qsizetype start = 0; start < ids.size(); start += kChunk) {
        QVariantList binds{uid};
        const QString in = m_db.anyOf(QStringLiteral("n.id"), ids.mid(start, kChunk), binds);
        const QJsonArray objs = render(
            m_db.query(QStringLiteral("SELECT %1 FROM notifications n WHERE n.uid = ? AND %2")
                           .arg(columns(), in),
                       binds));
        for (const QJsonValue &v : objs)
            out.insert(v.toObject().value(QStringLiteral("id")).toInteger(), v.toObject());
    }
    return out;
}

qint64 Notifications::unread(qint64 uid)
{
    return m_db
        .scalar(QStringLiteral("SELECT COUNT(*) FROM notifications WHERE uid = ? AND is_read = 0"),
                {uid}, 0)
        .toLongLong();
}

} // namespace threadline::server

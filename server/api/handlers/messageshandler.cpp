// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Messages on a person's board (messageshandler.h).
#include "api/handlers/messageshandler.h"

#include "api/clock.h"
#include "api/cursor.h"
#include "api/moderationrecords.h"
#include "api/notifications.h"
#include "api/renderer.h"
#include "db/database.h"

namespace threadline::server {

namespace {

constexpr int kMaxContent = 500;

// id, board, author, content, createtime, hidden, mod_by, mod_reason, mod_time, the like count,
// whether the viewer (the first bound value) likes it
QString messageColumns()
{
    return QStringLiteral(
        "m.id, m.board, m.author, m.content, m.createtime, m.hidden, m.mod_by, m.mod_reason,"
        " m.mod_time, (SELECT COUNT(*) FROM message_likes l WHERE l.message_id = m.id),"
        " (SELECT COUNT(*) FROM message_likes l WHERE l.message_id = m.id AND l.uid = ?)");
}

QString messageVisible(const Viewer &v)
{
    return v.moderator ? QStringLiteral("m.deleted = 0")
                       : QStringLiteral("m.deleted = 0 AND m.hidden = 0");
}

} // namespace

MessagesHandler::MessagesHandler(Database &db, Renderer &renderer, ModerationRecords &moderation,
                                 Notifications &notifications)
    : m_db(db)
    , m_renderer(renderer)
    , m_moderation(moderation)
    , m_notifications(notifications)
{
}

void MessagesHandler::addRoutes(RouteTable &t)
{
    t.add("GET", "users/{id}/messages", Worker, this, &MessagesHandler::board);
    t.add("POST", "users/{id}/messages", Write | JsonBody, this, &MessagesHandler::leave);
    t.add("DELETE", "messages/{id}", Write, this, &MessagesHandler::remove);
    t.add("PUT", "messages/{id}/like", Write, this, &MessagesHandler::like);
    t.add("DELETE", "messages/{id}/like", Write, this, &MessagesHandler::unlike);
    t.add("POST", "moderation/messages/{id}/hide", Moderator | Write | JsonBody, this,
          &MessagesHandler::hide);
    t.add("POST", "moderation/messages/{id}/unhide", Moderator | Write | JsonBody | OptionalBody,
          this, &MessagesHandler::unhide);
}

std::optional<MessagesHandler::MessageRow> MessagesHandler::messageRow(qint64 id)
{
    const auto r = m_db.one(
        QStringLiteral("SELECT id, board, author, hidden, deleted FROM messages WHERE id = ?"),
        {id});
    if (!r)
        return std::nullopt;
    return MessageRow{r->at(0).toLongLong(), r->at(1).toLongLong(), r->at(2).toLongLong(),
                      r->at(3).toInt() != 0, r->at(4).toInt() != 0};
}

MessagesHandler::MessageRow MessagesHandler::requireVisibleMessage(qint64 id, const Viewer &v)
{
    const auto m = messageRow(id);
    if (!m || m->deleted || (m->hidden && !v.moderator))
        fail(404, QStringLiteral("no such message"));
    return *m;
}

QJsonArray MessagesHandler::render(const std::vector<Row> &rows, const Viewer &v)
{
    QJsonArray out;
    for (const Row &r : rows) {
        const bool hidden = r[5].toInt() != 0;
        QJsonObject m{{QStringLiteral("id"), r[0].toLongLong()},
                      {QStringLiteral("board"), m_renderer.userBrief(r[1].toLongLong())},
                      {QStringLiteral("author"), m_renderer.userBrief(r[2].toLongLong())},
                      {QStringLiteral("content"), r[3].toString()},
                      {QStringLiteral("createtime"), r[4].toLongLong()},
                      {QStringLiteral("likeCount"), r[9].toLongLong()},
                      {QStringLiteral("liked"), r[10].toLongLong() > 0},
                      {QStringLiteral("status"),
                       hidden ? QStringLiteral("hidden") : QStringLiteral("visible")}};
        if (hidden && v.moderator)
            m.insert(QStringLiteral("moderation"),
                     QJsonObject{{QStringLiteral("by"), m_renderer.userBrief(r[6].toLongLong())},
                                 {QStringLiteral("reason"), r[7].toString()},
                                 {QStringLiteral("createtime"), r[8].toLongLong()}});
        out.append(m);
    }
    return out;
}

std::optional<QJsonObject> MessagesHandler::renderMessage(qint64 id, const Viewer &v)
{
    const auto rows = m_db.query(QStringLiteral("SELECT %1 FROM messages m WHERE m.id = ? AND %2")
                                     .arg(messageColumns(), messageVisible(v)),
                                 {v.uid, id});
    const QJsonArray a = render(rows, v);
    if (a.isEmpty())
        return std::nullopt;
    return a.first().toObject();
}

// A board, newest first; the cursor is the message's (createtime, id).
Response MessagesHandler::board(Request &req)
{
    const qint64 uid = req.ids[0];
    m_renderer.requireUser(uid);
    const int limit = limitParam(req.query, "limit", 20, 50);
    const Keyset ks =
        beforeCursor(req.query, QStringLiteral("m.createtime"), QStringLiteral("m.id"));
    QVariantList binds{req.viewer.uid, uid};
    binds += ks.binds;
    binds << limit + 1;
    auto rows = m_db.query(QStringLiteral("SELECT %1 FROM messages m WHERE m.board = ? AND %2%3"
                                          " ORDER BY m.createtime DESC, m.id DESC LIMIT ?")
                               .arg(messageColumns(), messageVisible(req.viewer), ks.sql),
                           binds);
    const bool more = rows.size() > size_t(limit);
    if (more)
        rows.resize(size_t(limit));
    const QJsonValue next = nextCursor(more, more ? rows.back()[4].toLongLong() : 0,
                                       more ? rows.back()[0].toLongLong() : 0);
    return Response::json(
        {{QStringLiteral("items"), render(rows, req.viewer)}, {QStringLiteral("next"), next}});
}

Response MessagesHandler::leave(Request &req)
{
    const qint64 board = req.ids[0];
    m_renderer.requireUser(board);
    const QString content = stringField(req.json, "content", true).value().trimmed();
    if (content.isEmpty() || codePoints(content) > kMaxContent)
        fail(422,
             QStringLiteral("content: must be 1 to 500 characters after trimming white space"));
    const qint64 now = nowMs();
    const qint64 id =
        m_db.scalar(QStringLiteral("INSERT INTO messages(board, author, content, createtime)"
                                   " VALUES(?, ?, ?, ?) RETURNING id"),
                    {board, req.viewer.uid, content, now})
            .toLongLong();
    m_db.exec(QStringLiteral("INSERT INTO activity(type, actor, target_uid, message_id, createtime)"
                             " VALUES('message', ?, ?, ?, ?)"),
              {req.viewer.uid, board, id, now});
    m_moderation.autoFlag(QStringLiteral("message"), id, content);
    m_notifications.messageLeft(req.viewer.uid, board, id, content);
    return Response::json(renderMessage(id, req.viewer).value(), 201);
}

// The author, the board's owner or a moderator; a repeat is 204 again for them.
Response MessagesHandler::remove(Request &req)
{
    const qint64 id = req.ids[0];
    const auto m = messageRow(id);
    if (!m)
        fail(404, QStringLiteral("no such message"));
    const bool may =
        req.viewer.moderator || m->author == req.viewer.uid || m->board == req.viewer.uid;
    if (m->deleted) {
        if (may)
            return Response::noContent();
        fail(404, QStringLiteral("no such message"));
    }
    requireVisibleMessage(id, req.viewer);
    if (!may)
        fail(403, QStringLiteral(
                      "only the author, the board's owner or a moderator may delete this message"));
    m_db.exec(QStringLiteral("UPDATE messages SET deleted = 1 WHERE id = ?"), {id});
    m_moderation.closeItem(QStringLiteral("message"), id);
    m_notifications.withdrawMessage(id);
    if (req.viewer.moderator && m->author != req.viewer.uid && m->board != req.viewer.uid) {
        m_moderation.log(req.viewer.uid, QStringLiteral("delete"), QStringLiteral("message"), id,
                         QString());
        m_notifications.moderated(req.viewer.uid, QStringLiteral("delete"),
                                  QStringLiteral("message"), id, QString());
    }
    return Response::noContent();
}

Response MessagesHandler::like(Request &req)
{
    return setLiked(req, true);
}

Response MessagesHandler::unlike(Request &req)
{
    return setLiked(req, false);
}

// A set, as a post's likes: 200 {"liked","likeCount"}.
Response MessagesHandler::setLiked(Request &req, bool on)
{
    const qint64 id = req.ids[0];
    requireVisibleMessage(id, req.viewer);
    if (on) {
        if (m_db.exec(QStringLiteral("INSERT INTO message_likes(message_id, uid, createtime)"
                                     " VALUES(?, ?, ?) ON CONFLICT(message_id, uid) DO NOTHING"),
                      {id, req.viewer.uid, nowMs()}) > 0)
            m_notifications.likedMessage(req.viewer.uid, id);
    } else
        m_db.exec(QStringLiteral("DELETE FROM message_likes WHERE message_id = ? AND uid = ?"),
                  {id, req.viewer.uid});
    const qint64 count =
        m_db.scalar(QStringLiteral("SELECT COUNT(*) FROM message_likes WHERE message_id = ?"), {id},
                    0)
            .toLongLong();
    return Response::json({{QStringLiteral("liked"), on}, {QStringLiteral("likeCount"), count}});
}

Response MessagesHandler::hide(Request &req)
{
    return setHidden(req, true);
}

Response MessagesHandler::unhide(Request &req)
{
    return setHidden(req, false);
}

// As a comment's: a hide needs a reason, closes the message's queue item and is logged; a
// repeat that changes nothing answers the same and logs nothing.
Response MessagesHandler::setHidden(Request &req, bool hide)
{
    const qint64 id = req.ids[0];
    const QString reason = stringField(req.json, "reason", hide).value_or(QString()).trimmed();
    if (hide && reason.isEmpty())
        fail(422, QStringLiteral("reason: is required"));
    if (codePoints(reason) > 1000)
        fail(422, QStringLiteral("reason: at most 1,000 characters"));
    const MessageRow m = requireVisibleMessage(id, req.viewer);
    if (m.hidden != hide) {
        if (hide)
            m_db.exec(QStringLiteral("UPDATE messages SET hidden = 1, mod_by = ?, mod_reason = ?,"
                                     " mod_time = ? WHERE id = ?"),
                      {req.viewer.uid, reason, nowMs(), id});
        else
            m_db.exec(QStringLiteral("UPDATE messages SET hidden = 0, mod_by = NULL,"
                                     " mod_reason = NULL, mod_time = NULL WHERE id = ?"),
                      {id});
        if (hide) {
            m_moderation.closeItem(QStringLiteral("message"), id);
            m_notifications.withdrawMessage(id);
        }
        m_moderation.log(req.viewer.uid, hide ? QStringLiteral("hide") : QStringLiteral("unhide"),
                         QStringLiteral("message"), id, reason);
        m_notifications.moderated(req.viewer.uid,
                                  hide ? QStringLiteral("hide") : QStringLiteral("unhide"),
                                  QStringLiteral("message"), id, reason);
    }
    return Response::json(renderMessage(id, req.viewer).value_or(QJsonObject()));
}

} // namespace threadline::server

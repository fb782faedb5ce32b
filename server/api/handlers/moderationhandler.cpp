// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Reports and moderation (moderationhandler.h).
#include "api/handlers/moderationhandler.h"

#include "api/handlers/messageshandler.h"

#include "api/changelog.h"
#include "api/clock.h"
#include "api/cursor.h"
#include "api/moderationrecords.h"
#include "api/notifications.h"
#include "api/renderer.h"
#include "api/visibility.h"
#include "serverconfig.h"

#include <QJsonArray>

namespace threadline::server {

namespace {
const QStringList kReasons = {QStringLiteral("spam"), QStringLiteral("abuse"),
                              QStringLiteral("illegal"), QStringLiteral("other")};
const QStringList kActions = {QStringLiteral("hide"), QStringLiteral("unhide"),
                              QStringLiteral("dismiss"), QStringLiteral("delete"),
                              QStringLiteral("device")};
const Viewer kModerator{0, true};
} // namespace

ModerationHandler::ModerationHandler(Database &db, const ServerConfig &config, Renderer &renderer,
                                     Visibility &visibility, ChangeLog &changes,
                                     ModerationRecords &moderation, Notifications &notifications)
    : m_db(db)
    , m_config(config)
    , m_renderer(renderer)
    , m_visibility(visibility)
    , m_changes(changes)
    , m_moderation(moderation)
    , m_notifications(notifications)
{
}

void ModerationHandler::addRoutes(RouteTable &t)
{
    t.add("POST", "reports", Write | JsonBody, this, &ModerationHandler::createReport);
    t.add("GET", "moderation/queue", Moderator, this, &ModerationHandler::modQueue);
    t.add("POST", "moderation/comments/{id}/hide", Moderator | Write | JsonBody, this,
          &ModerationHandler::hideComment);
    t.add("POST", "moderation/comments/{id}/unhide", Moderator | Write | JsonBody | OptionalBody,
          this, &ModerationHandler::unhideComment);
    t.add("POST", "moderation/posts/{id}/hide", Moderator | Write | JsonBody, this,
          &ModerationHandler::hidePost);
    t.add("POST", "moderation/posts/{id}/unhide", Moderator | Write | JsonBody | OptionalBody, this,
          &ModerationHandler::unhidePost);
    t.add("POST", "moderation/items/{id}/dismiss", Moderator | Write | JsonBody | OptionalBody,
          this, &ModerationHandler::dismissItem);
    t.add("GET", "moderation/log", Moderator, this, &ModerationHandler::modLog);
}

// The `reason` of a hide (required) or an unhide (optional), trimmed.
static QString moderationReason(const QJsonObject &body, bool required)
{
    const QString reason = stringField(body, "reason", required).value_or(QString()).trimmed();
    if (required && reason.isEmpty())
        fail(422, QStringLiteral("reason: is required"));
    if (codePoints(reason) > 1000)
        fail(422, QStringLiteral("reason: at most 1,000 characters"));
    return reason;
}

QJsonObject ModerationHandler::reportObject(const Row &r)
{
    // id, target_type, target_id, reason, note, reporter, createtime
    return {{QStringLiteral("id"), r[0].toLongLong()},
            {QStringLiteral("targetType"), r[1].toString()},
            {QStringLiteral("targetId"), r[2].toLongLong()},
            {QStringLiteral("reason"), r[3].toString()},
            {QStringLiteral("note"), r[4].toString()},
            {QStringLiteral("reporter"), m_renderer.userBrief(r[5].toLongLong())},
            {QStringLiteral("createtime"), r[6].toLongLong()}};
}

Response ModerationHandler::createReport(Request &req)
{
    const QString type = stringField(req.json, "targetType", true).value();
    const bool message = type == QLatin1String("message") && m_messages;
    if (type != QLatin1String("post") && type != QLatin1String("comment") && !message)
        fail(422, QStringLiteral("targetType: must be post, comment or message"));
    const qint64 targetId = idField(req.json, "targetId", true).value();
    const QString reason = stringField(req.json, "reason", true).value();
    if (!kReasons.contains(reason))
        fail(422, QStringLiteral("reason: must be spam, abuse, illegal or other"));
    const QString note = stringField(req.json, "note", false).value_or(QString()).trimmed();
    if (codePoints(note) > 1000)
        fail(422, QStringLiteral("note: at most 1,000 characters"));
    if (type == QLatin1String("post"))
        m_visibility.requireVisiblePost(targetId, req.viewer);
    else if (message)
        m_messages->requireVisibleMessage(targetId, req.viewer);
    else
        m_visibility.requireVisibleComment(targetId, req.viewer);
    const QString cols =
        QStringLiteral("id, target_type, target_id, reason, note, reporter, createtime");
    if (const auto first = m_db.one(
            QStringLiteral(
                "SELECT %1 FROM reports WHERE reporter = ? AND target_type = ? AND target_id = ?")
                .arg(cols),
            {req.viewer.uid, type, targetId}))
        return Response::json(reportObject(*first), 200);
    const qint64 now = nowMs();
    if (m_config.rateLimits) {
        // At most kReportsPerHour new reports per user in any hour (repeats, above, are free);
        // counted in the database, so several processes on one PostgreSQL share the limit.
        const auto recent = m_db.one(QStringLiteral("SELECT COUNT(*), MIN(createtime) FROM reports"
                                                    " WHERE reporter = ? AND createtime > ?"),
                                     {req.viewer.uid, now - 3600 * 1000});
        if (recent && recent->at(0).toLongLong() >= kReportsPerHour) {
            const int wait =
                int(std::max<qint64>(1, (recent->at(1).toLongLong() + 3600 * 1000 - now) / 1000));
            throw ContractError{429, QStringLiteral("rate_limited"),
                                QStringLiteral("at most %1 reports an hour; retry in %2 s")
                                    .arg(kReportsPerHour)
                                    .arg(wait),
                                wait};
        }
    }
    const auto row = m_db.one(
        QStringLiteral(
            "INSERT INTO reports(target_type, target_id, reason, note, reporter, createtime)"
            " VALUES(?, ?, ?, ?, ?, ?) RETURNING %1")
            .arg(cols),
        {type, targetId, reason, note, req.viewer.uid, now});
    m_db.exec(QStringLiteral(
                  "INSERT INTO mod_items(target_type, target_id, status, createtime) VALUES(?, ?, "
                  "'open', ?)"
                  " ON CONFLICT(target_type, target_id) DO UPDATE SET status = 'open',"
                  " createtime = CASE WHEN mod_items.status = 'closed' THEN excluded.createtime"
                  " ELSE mod_items.createtime END"),
              {type, targetId, now});
    return Response::json(reportObject(*row), 201);
}

QJsonObject ModerationHandler::queueItem(const Row &r)
{
    // id, target_type, target_id, auto_word, status, createtime
    const QString type = r[1].toString();
    const qint64 targetId = r[2].toLongLong();
    QJsonObject item{{QStringLiteral("id"), r[0].toLongLong()},
                     {QStringLiteral("targetType"), type},
                     {QStringLiteral("targetId"), targetId},
                     {QStringLiteral("status"), r[4].toString()},
                     {QStringLiteral("createtime"), r[5].toLongLong()}};
    QJsonValue target = QJsonValue::Null, post = QJsonValue::Null;
    if (type == QLatin1String("post")) {
        if (const auto p = m_renderer.renderPost(targetId, kModerator))
            target = *p;
    } else if (type == QLatin1String("message")) {
        if (const auto m =
                m_messages ? m_messages->renderMessage(targetId, kModerator) : std::nullopt)
            target = *m;
    } else if (const auto c = m_renderer.renderComment(targetId, kModerator)) {
        target = *c;
        if (const auto p = m_renderer.renderPost(c->value(QStringLiteral("postId")).toInteger(),
                                                 kModerator, 0))
            post = *p;
    }
    item.insert(QStringLiteral("target"), target);
    item.insert(QStringLiteral("post"), post);
    QJsonArray reports;
    for (const Row &rr : m_db.query(
             QStringLiteral("SELECT id, target_type, target_id, reason, note, reporter, createtime"
                            " FROM reports WHERE target_type = ? AND target_id = ?"
                            " ORDER BY createtime DESC, id DESC"),
             {type, targetId}))
        reports.append(reportObject(rr));
    item.insert(QStringLiteral("reports"), reports);
    item.insert(QStringLiteral("reportCount"), reports.size());
    item.insert(QStringLiteral("autoFlag"),
                r[3].isNull() || r[3].toString().isEmpty()
                    ? QJsonValue(QJsonValue::Null)
                    : QJsonValue(QJsonObject{{QStringLiteral("word"), r[3].toString()}}));
    return item;
}

Response ModerationHandler::modQueue(Request &req)
{
    const QString status = req.query.hasQueryItem(QStringLiteral("status"))
                               ? req.query.queryItemValue(QStringLiteral("status"))
                               : QStringLiteral("open");
    if (status != QLatin1String("open") && status != QLatin1String("closed"))
        fail(400, QStringLiteral("status: must be open or closed"));
    const int limit = limitParam(req.query, "limit", 20, 50);
    const Keyset ks = beforeCursor(req.query, QStringLiteral("createtime"), QStringLiteral("id"));
    const QString cond = ks.sql;
    QVariantList binds{status};
    binds += ks.binds;
    binds << limit + 1;
    const auto rows = m_db.query(
        QStringLiteral(
            "SELECT id, target_type, target_id, auto_word, status, createtime"
            " FROM mod_items WHERE status = ?%1 ORDER BY createtime DESC, id DESC LIMIT ?")
            .arg(cond),
        binds);
    QJsonArray items;
    for (size_t i = 0; i < rows.size() && i < size_t(limit); ++i)
        items.append(queueItem(rows[i]));
    const bool more = rows.size() > size_t(limit);
    const QJsonValue next = nextCursor(more, more ? rows[limit - 1][5].toLongLong() : 0,
                                       more ? rows[limit - 1][0].toLongLong() : 0);
    return Response::json({{QStringLiteral("items"), items}, {QStringLiteral("next"), next}});
}

Response ModerationHandler::setCommentHidden(Request &req, bool hide)
{
    const qint64 id = req.ids[0];
    const QString reason = moderationReason(req.json, hide);
    const Visibility::CommentRow c = m_visibility.requireVisibleComment(id, req.viewer);
    if (c.hidden != hide) {
        const qint64 now = nowMs();
        if (hide)
            m_db.exec(QStringLiteral("UPDATE comments SET hidden = 1, mod_by = ?, mod_reason = ?, "
                                     "mod_time = ? WHERE id = ?"),
                      {req.viewer.uid, reason, now, id});
        else
            m_db.exec(QStringLiteral("UPDATE comments SET hidden = 0, mod_by = NULL, mod_reason = "
                                     "NULL, mod_time = NULL"
                                     " WHERE id = ?"),
                      {id});
        m_changes.record("comment", id);
        // What a hide takes away for readers is withdrawn from notifications for good (an unhide
        // brings nothing back): the comment, and a root's whole floor.
        QList<qint64> gone{id};
        if (c.rootId == 0) {
            m_db.exec(QStringLiteral("UPDATE comments SET floor_hidden = ? WHERE root_id = ?"),
                      {hide ? 1 : 0, id});
            for (const Row &r : m_db.query(
                     QStringLiteral("SELECT id FROM comments WHERE root_id = ? AND deleted = 0"),
                     {id})) {
                m_changes.record("comment", r[0].toLongLong());
                gone.append(r[0].toLongLong());
            }
        } else {
            m_changes.record("comment", c.rootId);
            if (c.parentId != c.rootId)
                m_changes.record("comment", c.parentId);
        }
        m_changes.record("post", c.postId);
        if (hide) {
            m_moderation.closeItem(QStringLiteral("comment"), id);
            m_notifications.withdrawComments(gone);
        }
        m_moderation.log(req.viewer.uid, hide ? QStringLiteral("hide") : QStringLiteral("unhide"),
                         QStringLiteral("comment"), id, reason);
        m_notifications.moderated(req.viewer.uid,
                                  hide ? QStringLiteral("hide") : QStringLiteral("unhide"),
                                  QStringLiteral("comment"), id, reason);
    }
    return Response::json(m_renderer.renderComment(id, req.viewer).value_or(QJsonObject()));
}

Response ModerationHandler::setPostHidden(Request &req, bool hide)
{
    const qint64 id = req.ids[0];
    const QString reason = moderationReason(req.json, hide);
    const Visibility::PostRow p = m_visibility.requireVisiblePost(id, req.viewer);
    if (p.hidden != hide) {
        if (hide)
            m_db.exec(QStringLiteral("UPDATE posts SET hidden = 1, mod_by = ?, mod_reason = ?, "
                                     "mod_time = ? WHERE id = ?"),
                      {req.viewer.uid, reason, nowMs(), id});
        else
            m_db.exec(
                QStringLiteral(
                    "UPDATE posts SET hidden = 0, mod_by = NULL, mod_reason = NULL, mod_time = NULL"
                    " WHERE id = ?"),
                {id});
        m_changes.record("post", id);
        if (!hide) // what came back: the post and its visible comments
            for (const Row &r : m_db.query(
                     QStringLiteral("SELECT id FROM comments WHERE post_id = ? AND deleted = 0"
                                    " AND hidden = 0 AND floor_hidden = 0"),
                     {id}))
                m_changes.record("comment", r[0].toLongLong());
        if (hide) {
            m_moderation.closeItem(QStringLiteral("post"), id);
            m_notifications.withdrawPost(id); // with its comments
        }
        m_moderation.log(req.viewer.uid, hide ? QStringLiteral("hide") : QStringLiteral("unhide"),
                         QStringLiteral("post"), id, reason);
        m_notifications.moderated(req.viewer.uid,
                                  hide ? QStringLiteral("hide") : QStringLiteral("unhide"),
                                  QStringLiteral("post"), id, reason);
    }
    return Response::json(m_renderer.renderPost(id, req.viewer).value_or(QJsonObject()));
}

Response ModerationHandler::hideComment(Request &req)
{
    return setCommentHidden(req, true);
}
Response ModerationHandler::unhideComment(Request &req)
{
    return setCommentHidden(req, false);
}
Response ModerationHandler::hidePost(Request &req)
{
    return setPostHidden(req, true);
}
Response ModerationHandler::unhidePost(Request &req)
{
    return setPostHidden(req, false);
}

Response ModerationHandler::dismissItem(Request &req)
{
    const qint64 id = req.ids[0];
    const QString reason = moderationReason(req.json, false);
    const QString cols =
        QStringLiteral("id, target_type, target_id, auto_word, status, createtime");
    const auto row =
        m_db.one(QStringLiteral("SELECT %1 FROM mod_items WHERE id = ?").arg(cols), {id});
    if (!row)
        fail(404, QStringLiteral("no such queue item"));
    if (row->at(4).toString() == QLatin1String("open")) {
        m_db.exec(QStringLiteral("UPDATE mod_items SET status = 'closed' WHERE id = ?"), {id});
        m_moderation.log(req.viewer.uid, QStringLiteral("dismiss"), row->at(1).toString(),
                         row->at(2).toLongLong(), reason);
    }
    return Response::json(queueItem(
        *m_db.one(QStringLiteral("SELECT %1 FROM mod_items WHERE id = ?").arg(cols), {id})));
}

Response ModerationHandler::modLog(Request &req)
{
    const int limit = limitParam(req.query, "limit", 20, 50);
    QString cond;
    QVariantList binds;
    if (const auto m = intParam(req.query, "moderator")) {
        cond += QStringLiteral(" AND moderator = ?");
        binds << *m;
    }
    if (req.query.hasQueryItem(QStringLiteral("action"))) {
        const QString action = req.query.queryItemValue(QStringLiteral("action"));
        if (!kActions.contains(action))
            fail(400, QStringLiteral("action: must be hide, unhide, dismiss, delete or device"));
        cond += QStringLiteral(" AND action = ?");
        binds << action;
    }
    const Keyset ks = beforeCursor(req.query, QStringLiteral("createtime"), QStringLiteral("id"));
    cond += ks.sql;
    binds += ks.binds;
    binds << limit + 1;
    const auto rows = m_db.query(
        QStringLiteral("SELECT id, moderator, action, target_type, target_id, reason, createtime"
                       " FROM mod_log WHERE 1 = 1%1 ORDER BY createtime DESC, id DESC LIMIT ?")
            .arg(cond),
        binds);
    QJsonArray items;
    for (size_t i = 0; i < rows.size() && i < size_t(limit); ++i) {
        const Row &r = rows[i];
        items.append(
            QJsonObject{{QStringLiteral("id"), r[0].toLongLong()},
                        {QStringLiteral("moderator"), m_renderer.userBrief(r[1].toLongLong())},
                        {QStringLiteral("action"), r[2].toString()},
                        {QStringLiteral("targetType"), r[3].toString()},
                        {QStringLiteral("targetId"), r[4].toLongLong()},
                        {QStringLiteral("reason"), r[5].toString()},
                        {QStringLiteral("createtime"), r[6].toLongLong()}});
    }
    const bool more = rows.size() > size_t(limit);
    const QJsonValue next = nextCursor(more, more ? rows[limit - 1][6].toLongLong() : 0,
                                       more ? rows[limit - 1][0].toLongLong() : 0);
    return Response::json({{QStringLiteral("items"), items}, {QStringLiteral("next"), next}});
}

} // namespace threadline::server

// Reports, the moderation queue, hide/unhide, dismiss, the moderation log, the device-name
// table and the moderators' activity statistics (daily bitmaps per user and month, UTC+8).
#include "api/api.h"

#include <QDate>
#include <QRegularExpression>

namespace threadline::server {

namespace {
const QStringList kReasons = {QStringLiteral("spam"), QStringLiteral("abuse"),
                              QStringLiteral("illegal"), QStringLiteral("other")};
const QStringList kActions = {QStringLiteral("hide"), QStringLiteral("unhide"),
                              QStringLiteral("dismiss"), QStringLiteral("delete"),
                              QStringLiteral("device")};
const Viewer kModerator{0, true};
} // namespace

void Api::logModeration(qint64 moderator, const QString &action, const QString &targetType,
                        qint64 targetId, const QString &reason)
{
    m_db.exec(
        QStringLiteral(
            "INSERT INTO mod_log(moderator, action, target_type, target_id, reason, createtime)"
            " VALUES(?, ?, ?, ?, ?, ?)"),
        {moderator, action, targetType, targetId, reason, nowMs()});
}

void Api::autoFlag(const QString &targetType, qint64 targetId, const QString &text)
{
    const QString lower = text.toLower();
    for (const QString &w : std::as_const(m_words)) {
        if (!lower.contains(w))
            continue;
        m_db.exec(QStringLiteral(
                      "INSERT INTO mod_items(target_type, target_id, auto_word, status, createtime)"
                      " VALUES(?, ?, ?, 'open', ?) ON CONFLICT(target_type, target_id) DO UPDATE"
                      " SET auto_word = excluded.auto_word, status = 'open'"),
                  {targetType, targetId, w, nowMs()});
        return;
    }
}

void Api::closeItem(const QString &targetType, qint64 targetId)
{
    m_db.exec(QStringLiteral(
                  "UPDATE mod_items SET status = 'closed' WHERE target_type = ? AND target_id = ?"),
              {targetType, targetId});
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

static QJsonObject reportObject(Api &api, const Row &r)
{
    // id, target_type, target_id, reason, note, reporter, createtime
    return {{QStringLiteral("id"), r[0].toLongLong()},
            {QStringLiteral("targetType"), r[1].toString()},
            {QStringLiteral("targetId"), r[2].toLongLong()},
            {QStringLiteral("reason"), r[3].toString()},
            {QStringLiteral("note"), r[4].toString()},
            {QStringLiteral("reporter"), api.userBrief(r[5].toLongLong())},
            {QStringLiteral("createtime"), r[6].toLongLong()}};
}

Response Api::createReport(Request &req)
{
    const QString type = stringField(req.json, "targetType", true).value();
    if (type != QLatin1String("post") && type != QLatin1String("comment"))
        fail(422, QStringLiteral("targetType: must be post or comment"));
    const qint64 targetId = idField(req.json, "targetId", true).value();
    const QString reason = stringField(req.json, "reason", true).value();
    if (!kReasons.contains(reason))
        fail(422, QStringLiteral("reason: must be spam, abuse, illegal or other"));
    const QString note = stringField(req.json, "note", false).value_or(QString()).trimmed();
    if (codePoints(note) > 1000)
        fail(422, QStringLiteral("note: at most 1,000 characters"));
    if (type == QLatin1String("post"))
        requireVisiblePost(targetId, req.viewer);
    else
        requireVisibleComment(targetId, req.viewer);
    const QString cols =
        QStringLiteral("id, target_type, target_id, reason, note, reporter, createtime");
    if (const auto first = m_db.one(
            QStringLiteral(
                "SELECT %1 FROM reports WHERE reporter = ? AND target_type = ? AND target_id = ?")
                .arg(cols),
            {req.viewer.uid, type, targetId}))
        return Response::json(reportObject(*this, *first), 200);
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
            throw ApiError{429, QStringLiteral("rate_limited"),
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
    return Response::json(reportObject(*this, *row), 201);
}

QJsonObject Api::queueItem(const Row &r)
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
        if (const auto p = renderPost(targetId, kModerator))
            target = *p;
    } else if (const auto c = renderComment(targetId, kModerator)) {
        target = *c;
        if (const auto p =
                renderPost(c->value(QStringLiteral("postId")).toInteger(), kModerator, 0))
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
        reports.append(reportObject(*this, rr));
    item.insert(QStringLiteral("reports"), reports);
    item.insert(QStringLiteral("reportCount"), reports.size());
    item.insert(QStringLiteral("autoFlag"),
                r[3].isNull() || r[3].toString().isEmpty()
                    ? QJsonValue(QJsonValue::Null)
                    : QJsonValue(QJsonObject{{QStringLiteral("word"), r[3].toString()}}));
    return item;
}

Response Api::modQueue(Request &req)
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

Response Api::modSetCommentHidden(Request &req, bool hide)
{
    const qint64 id = req.ids[0];
    const QString reason = moderationReason(req.json, hide);
    const CommentRow c = requireVisibleComment(id, req.viewer);
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
        recordChange("comment", id);
        if (c.rootId == 0) {
            m_db.exec(QStringLiteral("UPDATE comments SET floor_hidden = ? WHERE root_id = ?"),
                      {hide ? 1 : 0, id});
            for (const Row &r : m_db.query(
                     QStringLiteral("SELECT id FROM comments WHERE root_id = ? AND deleted = 0"),
                     {id}))
                recordChange("comment", r[0].toLongLong());
        } else {
            recordChange("comment", c.rootId);
            if (c.parentId != c.rootId)
                recordChange("comment", c.parentId);
        }
        recordChange("post", c.postId);
        if (hide)
            closeItem(QStringLiteral("comment"), id);
        logModeration(req.viewer.uid, hide ? QStringLiteral("hide") : QStringLiteral("unhide"),
                      QStringLiteral("comment"), id, reason);
    }
    return Response::json(renderComment(id, req.viewer).value_or(QJsonObject()));
}

Response Api::modSetPostHidden(Request &req, bool hide)
{
    const qint64 id = req.ids[0];
    const QString reason = moderationReason(req.json, hide);
    const PostRow p = requireVisiblePost(id, req.viewer);
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
        recordChange("post", id);
        if (!hide) // what came back: the post and its visible comments
            for (const Row &r : m_db.query(
                     QStringLiteral("SELECT id FROM comments WHERE post_id = ? AND deleted = 0"
                                    " AND hidden = 0 AND floor_hidden = 0"),
                     {id}))
                recordChange("comment", r[0].toLongLong());
        if (hide)
            closeItem(QStringLiteral("post"), id);
        logModeration(req.viewer.uid, hide ? QStringLiteral("hide") : QStringLiteral("unhide"),
                      QStringLiteral("post"), id, reason);
    }
    return Response::json(renderPost(id, req.viewer).value_or(QJsonObject()));
}

Response Api::hideComment(Request &req)
{
    return modSetCommentHidden(req, true);
}
Response Api::unhideComment(Request &req)
{
    return modSetCommentHidden(req, false);
}
Response Api::hidePost(Request &req)
{
    return modSetPostHidden(req, true);
}
Response Api::unhidePost(Request &req)
{
    return modSetPostHidden(req, false);
}

Response Api::dismissItem(Request &req)
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
        logModeration(req.viewer.uid, QStringLiteral("dismiss"), row->at(1).toString(),
                      row->at(2).toLongLong(), reason);
    }
    return Response::json(queueItem(
        *m_db.one(QStringLiteral("SELECT %1 FROM mod_items WHERE id = ?").arg(cols), {id})));
}

Response Api::modLog(Request &req)
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
        items.append(QJsonObject{{QStringLiteral("id"), r[0].toLongLong()},
                                 {QStringLiteral("moderator"), userBrief(r[1].toLongLong())},
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

Response Api::listDevices(Request &)
{
    QJsonArray items;
    for (const Row &r : m_db.query(QStringLiteral("SELECT raw, display FROM devices ORDER BY raw")))
        items.append(QJsonObject{{QStringLiteral("raw"), r[0].toString()},
                                 {QStringLiteral("display"), r[1].toString()}});
    return Response::json(
        {{QStringLiteral("items"), items}, {QStringLiteral("next"), QJsonValue::Null}});
}

Response Api::putDevice(Request &req)
{
    const QString raw = stringField(req.json, "raw", true)->trimmed().toLower();
    const QString display = stringField(req.json, "display", true)->trimmed();
    if (raw.isEmpty() || codePoints(raw) > 100)
        fail(422, QStringLiteral("raw: must be 1 to 100 characters"));
    if (display.isEmpty() || codePoints(display) > 100)
        fail(422, QStringLiteral("display: must be 1 to 100 characters"));
    const QVariant old =
        m_db.scalar(QStringLiteral("SELECT display FROM devices WHERE raw = ?"), {raw});
    if (old.isNull() || old.toString() != display) {
        m_db.exec(QStringLiteral(
                      "INSERT INTO devices(raw, display) VALUES(?, ?) ON CONFLICT(raw) DO UPDATE"
                      " SET display = excluded.display"),
                  {raw, display});
        logModeration(req.viewer.uid, QStringLiteral("device"), QStringLiteral("device"), 0,
                      QStringLiteral("%1 → %2").arg(raw, display));
    }
    return Response::json({{QStringLiteral("raw"), raw}, {QStringLiteral("display"), display}});
}

// DELETE /devices?raw=<raw>: the raw string is matched as PUT stores it (trimmed, lower-cased).
// The table keeps no tombstones, so an entry that is not there (never added, or already
// removed) is 404 and changes nothing; a removal logs one `device` entry "raw → (removed)".
Response Api::deleteDevice(Request &req)
{
    if (!req.query.hasQueryItem(QStringLiteral("raw")))
        fail(400, QStringLiteral("raw: the query parameter is required"));
    const QString raw =
        req.query.queryItemValue(QStringLiteral("raw"), QUrl::FullyDecoded).trimmed().toLower();
    if (raw.isEmpty())
        fail(400, QStringLiteral("raw: must not be empty"));
    // Idempotent by meaning (api-v1.md): removing a name that is not there (never was, or
    // removed already) is 204 again, changes nothing and logs nothing.
    if (m_db.exec(QStringLiteral("DELETE FROM devices WHERE raw = ?"), {raw}) > 0)
        logModeration(req.viewer.uid, QStringLiteral("device"), QStringLiteral("device"), 0,
                      QStringLiteral("%1 → (removed)").arg(raw));
    return Response::noContent();
}

namespace {
QDate todayUtc8()
{
    return QDate(1970, 1, 1).addDays(dayNumberUtc8(nowMs()));
}
} // namespace

Response Api::modStats(Request &req)
{
    QDate date = todayUtc8();
    if (req.query.hasQueryItem(QStringLiteral("date"))) {
        static const QRegularExpression re(QStringLiteral("^\\d{4}-\\d{2}-\\d{2}$"));
        const QString s = req.query.queryItemValue(QStringLiteral("date"));
        date = QDate::fromString(s, QStringLiteral("yyyy-MM-dd"));
        if (!re.match(s).hasMatch() || !date.isValid())
            fail(400, QStringLiteral("date: must be YYYY-MM-DD"));
    }
    QStringList months;
    for (int i = 0; i < 7; ++i) {
        const QString m = date.addDays(-i).toString(QStringLiteral("yyyy-MM"));
        if (!months.contains(m))
            months.append(m);
    }
    QVariantList binds;
    for (const QString &m : months)
        binds << m;
    QHash<qint64, QHash<QString, qint64>> bits;
    for (const Row &r :
         m_db.query(QStringLiteral("SELECT uid, month, bits FROM user_days WHERE month IN (%1)")
                        .arg(Database::placeholders(months.size())),
                    binds))
        bits[r[0].toLongLong()].insert(r[1].toString(), r[2].toLongLong());
    const auto activeOn = [&](const QHash<QString, qint64> &b, const QDate &d) {
        return (b.value(d.toString(QStringLiteral("yyyy-MM")), 0) >> (d.day() - 1)) & 1;
    };
    qint64 today = 0, all3 = 0, any7 = 0;
    for (auto it = bits.cbegin(); it != bits.cend(); ++it) {
        today += activeOn(*it, date);
        all3 += activeOn(*it, date) && activeOn(*it, date.addDays(-1)) &&
                activeOn(*it, date.addDays(-2));
        bool any = false;
        for (int i = 0; i < 7 && !any; ++i)
            any = activeOn(*it, date.addDays(-i));
        any7 += any;
    }
    const qint64 users =
        m_db.scalar(QStringLiteral("SELECT COUNT(*) FROM users"), {}, 0).toLongLong();
    return Response::json({{QStringLiteral("date"), date.toString(QStringLiteral("yyyy-MM-dd"))},
                           {QStringLiteral("activeToday"), today},
                           {QStringLiteral("activeAllOfLast3Days"), all3},
                           {QStringLiteral("activeAnyOfLast7Days"), any7},
                           {QStringLiteral("inactiveLast7Days"), users - any7}});
}

Response Api::modUserStats(Request &req)
{
    const qint64 uid = req.ids[0];
    requireUser(uid);
    QString month = todayUtc8().toString(QStringLiteral("yyyy-MM"));
    if (req.query.hasQueryItem(QStringLiteral("month"))) {
        static const QRegularExpression re(QStringLiteral("^\\d{4}-\\d{2}$"));
        month = req.query.queryItemValue(QStringLiteral("month"));
        if (!re.match(month).hasMatch() ||
            !QDate::fromString(month + QStringLiteral("-01"), QStringLiteral("yyyy-MM-dd"))
                 .isValid())
            fail(400, QStringLiteral("month: must be YYYY-MM"));
    }
    const qint64 b =
        m_db.scalar(QStringLiteral("SELECT bits FROM user_days WHERE uid = ? AND month = ?"),
                    {uid, month}, 0)
            .toLongLong();
    QJsonArray days;
    for (int d = 1; d <= 31; ++d)
        if ((b >> (d - 1)) & 1)
            days.append(d);
    return Response::json({{QStringLiteral("uid"), uid},
                           {QStringLiteral("month"), month},
                           {QStringLiteral("daysActive"), days.size()},
                           {QStringLiteral("days"), days}});
}

} // namespace threadline::server

// GET /sync: the change log rendered for one caller. The log stores (kind, id) only; each
// entry is rendered with the object's current state as this caller may see it: an upsert when
// the caller can see it, a remove when it left (deleted, or hidden from an ordinary user).
#include "api.h"

namespace threadline::server {

Response Api::sync(Request &req)
{
    const int limit = limitParam(req.query, "limit", 500, 1000);
    const qint64 now = nowMs();
    if (!req.query.hasQueryItem(QStringLiteral("since"))) {
        const qint64 maxSeq =
            m_db.scalar(QStringLiteral("SELECT MAX(seq) FROM changes"), {}, 0).toLongLong();
        return Response::json({{QStringLiteral("changes"), QJsonArray()},
                               {QStringLiteral("next"), encodeCursor({maxSeq, now})},
                               {QStringLiteral("hasMore"), false}});
    }
    const auto cursor =
        decodeCursor(req.query.queryItemValue(QStringLiteral("since"), QUrl::FullyDecoded), 2);
    if (!cursor || cursor->at(0) < 0)
        fail(400, QStringLiteral("since: not a cursor this server gave out"));
    const qint64 since = cursor->at(0);
    if (cursor->at(1) < now - qint64(m_config.changelogDays) * 24 * 3600 * 1000)
        fail(410,
             QStringLiteral(
                 "the cursor is older than the change log keeps (%1 days); refresh from the lists")
                 .arg(m_config.changelogDays));
    auto rows = m_db.query(
        QStringLiteral("SELECT seq, kind, obj_id FROM changes WHERE seq > ? ORDER BY seq LIMIT ?"),
        {since, limit + 1});
    const bool hasMore = rows.size() > size_t(limit);
    if (hasMore)
        rows.resize(limit);
    const qint64 lastSeq = rows.empty() ? since : rows.back()[0].toLongLong();

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
    for (const QJsonValue &p : renderPosts(postIds, req.viewer))
        posts.insert(p.toObject().value(QStringLiteral("id")).toInteger(), p.toObject());
    for (qsizetype start = 0; start < commentIds.size(); start += 500) {
        const QList<qint64> chunk = commentIds.mid(start, 500);
        QVariantList binds;
        for (qint64 id : chunk)
            binds.append(id);
        const auto crows =
            m_db.query(QStringLiteral("SELECT %1 FROM comments c JOIN posts p ON p.id = c.post_id"
                                      " WHERE c.id IN (%2) AND %3 AND %4")
                           .arg(commentColumns(), Database::placeholders(chunk.size()),
                                commentVisible(req.viewer), postVisible(req.viewer)),
                       binds);
        for (const QJsonValue &c : renderComments(crows, req.viewer))
            comments.insert(c.toObject().value(QStringLiteral("id")).toInteger(), c.toObject());
    }
    for (qint64 uid : userIds)
        if (user(uid))
            users.insert(uid, userProfile(uid, req.viewer));

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
                           {QStringLiteral("next"), encodeCursor({lastSeq, now})},
                           {QStringLiteral("hasMore"), hasMore}});
}

void Api::pruneLogs()
{
    const qint64 now = nowMs();
    m_db.exec(QStringLiteral("DELETE FROM changes WHERE createtime < ?"),
              {now - qint64(m_config.changelogDays) * 24 * 3600 * 1000});
    m_db.exec(QStringLiteral("DELETE FROM idempotency WHERE createtime < ?"),
              {now - 24LL * 3600 * 1000});
}

} // namespace threadline::server

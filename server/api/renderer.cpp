// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The renderer (renderer.h): contract objects for one viewer, in batches.
#include "api/renderer.h"

#include "api/jsonwrite.h"
#include "api/response.h"

#include <QJsonDocument>

namespace threadline::server {

Renderer::Renderer(Database &db)
    : m_db(db)
{
}

QString Renderer::commentColumns()
{
    return QStringLiteral(
        "c.id, c.post_id, c.root_id, c.parent_id, c.floor, c.seq, c.author,"
        " c.reply_to, c.content, c.createtime, c.hidden, c.floor_hidden, c.deleted,"
        " c.mod_by, c.mod_reason, c.mod_time");
}

QString Renderer::commentVisible(const Viewer &v)
{
    return v.moderator ? QStringLiteral("c.deleted = 0")
                       : QStringLiteral("c.deleted = 0 AND c.hidden = 0 AND c.floor_hidden = 0");
}

QString Renderer::postVisible(const Viewer &v, const QString &alias)
{
    return v.moderator ? QStringLiteral("%1.deleted = 0").arg(alias)
                       : QStringLiteral("%1.deleted = 0 AND %1.hidden = 0").arg(alias);
}

const Renderer::UserInfo *Renderer::user(qint64 uid)
{
    auto it = m_users.constFind(uid);
    if (it != m_users.constEnd())
        return &*it;
    const auto row =
        m_db.one(QStringLiteral("SELECT id, nick, head_img, role FROM users WHERE id = ?"), {uid});
    if (!row)
        return nullptr;
    UserInfo info;
    info.brief = QJsonObject{{QStringLiteral("uid"), uid},
                             {QStringLiteral("nickName"), row->at(1).toString()},
                             {QStringLiteral("headImg"), row->at(2).toString()}};
    info.role = row->at(3).toString();
    info.briefJson = QJsonDocument(info.brief).toJson(QJsonDocument::Compact);
    return &*m_users.insert(uid, info);
}

void Renderer::writeUserBrief(QByteArray &out, qint64 uid)
{
    if (const UserInfo *u = user(uid))
        out += u->briefJson;
    else
        out += QJsonDocument(userBrief(uid)).toJson(QJsonDocument::Compact);
}

QJsonObject Renderer::userBrief(qint64 uid)
{
    if (const UserInfo *u = user(uid))
        return u->brief;
    return QJsonObject{{QStringLiteral("uid"), uid},
                       {QStringLiteral("nickName"), QString()},
                       {QStringLiteral("headImg"), QString()}};
}

QJsonObject Renderer::userProfile(qint64 uid, const Viewer &v)
{
    const UserInfo *u = user(uid);
    if (!u)
        fail(404, QStringLiteral("no such user"));
    QJsonObject o = u->brief;
    o.insert(
        QStringLiteral("followers"),
        m_db.scalar(QStringLiteral("SELECT COUNT(*) FROM follows WHERE followee = ?"), {uid}, 0)
            .toLongLong());
    o.insert(
        QStringLiteral("following"),
        m_db.scalar(QStringLiteral("SELECT COUNT(*) FROM follows WHERE follower = ?"), {uid}, 0)
            .toLongLong());
    o.insert(QStringLiteral("followedByMe"),
             m_db.one(QStringLiteral("SELECT 1 FROM follows WHERE follower = ? AND followee = ?"),
                      {v.uid, uid})
                 .has_value());
    o.insert(QStringLiteral("role"), u->role);
    return o;
}

void Renderer::requireUser(qint64 uid)
{
    if (!user(uid))
        fail(404, QStringLiteral("no such user"));
}

QHash<QString, QString> Renderer::deviceNames(const QSet<QString> &rawLower)
{
    QHash<QString, QString> out;
    if (rawLower.isEmpty())
        return out;
    QVariantList binds;
    const QString in =
        m_db.anyOf(QStringLiteral("raw"), QStringList(rawLower.begin(), rawLower.end()), binds);
    const auto rows =
        m_db.query(QStringLiteral("SELECT raw, display FROM devices WHERE ") + in, binds);
    for (const Row &r : rows)
        out.insert(r[0].toString(), r[1].toString());
    return out;
}

QJsonObject Renderer::moderationObject(const QVariant &by, const QVariant &reason,
                                       const QVariant &time)
{
    return QJsonObject{{QStringLiteral("by"), userBrief(by.toLongLong())},
                       {QStringLiteral("reason"), reason.toString()},
                       {QStringLiteral("createtime"), time.toLongLong()}};
}

QJsonArray Renderer::renderPosts(const QList<qint64> &ids, const Viewer &v, int inlineComments)
{
    return QJsonDocument::fromJson(postsJson(ids, v, inlineComments)).array();
}

QByteArray Renderer::postsJson(const QList<qint64> &ids, const Viewer &v, int inlineComments)
{
    const QHash<qint64, QByteArray> parts = postParts(ids, v, inlineComments);
    std::vector<QByteArray> inOrder;
    inOrder.reserve(size_t(parts.size()));
    for (qint64 id : ids)
        if (const auto it = parts.constFind(id); it != parts.constEnd())
            inOrder.push_back(*it);
    QByteArray out;
    json::array(out, inOrder);
    return out;
}

QHash<qint64, QByteArray> Renderer::postParts(const QList<qint64> &ids, const Viewer &v,
                                              int inlineComments)
{
    QHash<qint64, QByteArray> parts;
    if (ids.isEmpty())
        return parts;
    // The posts with their counts and the viewer's like in one statement (a subquery per
    // count, on the indexes of post_likes and comments), not one statement per count.
    QVariantList binds{v.uid};
    const QString in = m_db.anyOf(QStringLiteral("p.id"), ids, binds);
    const auto rows = m_db.query(
        QStringLiteral("SELECT p.id, p.author, p.category, p.content, p.device, p.geo, p.pictures,"
                       " p.createtime, p.hidden, p.deleted, p.mod_by, p.mod_reason, p.mod_time,"
                       " (SELECT COUNT(*) FROM post_likes l WHERE l.post_id = p.id),"
                       " (SELECT COUNT(*) FROM post_likes l WHERE l.post_id = p.id AND l.uid = ?),"
                       " (SELECT COUNT(*) FROM comments c WHERE c.post_id = p.id AND c.deleted = 0"
                       " AND c.hidden = 0 AND c.floor_hidden = 0)"
                       " FROM posts p WHERE ") +
            in,
        binds);
    QHash<qint64, const Row *> byId;
    QSet<QString> devices;
    for (const Row &r : rows) {
        if (r[9].toInt() != 0 || (r[8].toInt() != 0 && !v.moderator))
            continue;
        byId.insert(r[0].toLongLong(), &r);
        devices.insert(r[4].toString().toLower());
    }
    if (byId.isEmpty())
        return parts;
    const auto names = deviceNames(devices);
    const Viewer readers{v.uid, false};

    // The newest likers and the newest visible comments of every post on the page, each in one
    // query (a window per post), not one query per post: a constant number of round trips.
    QList<qint64> shown;
    shown.reserve(byId.size());
    for (auto it = byId.cbegin(); it != byId.cend(); ++it)
        shown.append(it.key());
    QHash<qint64, QByteArray> likesByPost; // "{…},{…}"
    // The newest 20 of each post. PostgreSQL: a LIMIT per post on post_likes_time (LATERAL), so
    // a post with thousands of likes reads 20 of them, not all to number them.
    QVariantList likeBinds;
    QString likeSql;
    if (m_db.isPostgres()) {
        likeBinds.append(Database::arrayLiteral(shown));
        likeSql = QStringLiteral(
            "SELECT l.id, l.post_id, l.uid, l.createtime FROM unnest(?::bigint[]) AS s(pid)"
            " CROSS JOIN LATERAL (SELECT id, post_id, uid, createtime FROM post_likes"
            " WHERE post_id = s.pid ORDER BY createtime DESC, id DESC LIMIT 20) l"
            " ORDER BY l.post_id, l.createtime DESC, l.id DESC");
    } else {
        likeSql =
            QStringLiteral(
                "SELECT id, post_id, uid, createtime FROM (SELECT id, post_id, uid, createtime,"
                " ROW_NUMBER() OVER (PARTITION BY post_id ORDER BY createtime DESC, id DESC) AS rn"
                " FROM post_likes WHERE %1) t WHERE rn <= 20"
                " ORDER BY post_id, createtime DESC, id DESC")
                .arg(m_db.anyOf(QStringLiteral("post_id"), shown, likeBinds));
    }
    for (const Row &l : m_db.query(likeSql, likeBinds)) {
        QByteArray &b = likesByPost[l[1].toLongLong()];
        if (!b.isEmpty())
            b += ',';
        b += "{\"createtime\":";
        json::number(b, l[3].toLongLong());
        b += ",\"id\":";
        json::number(b, l[0].toLongLong());
        b += ",\"postId\":";
        json::number(b, l[1].toLongLong());
        b += ",\"user\":";
        writeUserBrief(b, l[2].toLongLong());
        b += '}';
    }
    QHash<qint64, QByteArray> commentsByPost; // "{…},{…}"
    if (inlineComments > 0) {
        QVariantList cbinds;
        QString csql;
        if (m_db.isPostgres()) {
            // a LIMIT per post on comments_post_time (LATERAL): the busy post's 1,800 comments
            // are not all read and numbered for its 3 newest
            cbinds << Database::arrayLiteral(shown) << inlineComments;
            csql = QStringLiteral("SELECT %1 FROM unnest(?::bigint[]) AS s(pid) CROSS JOIN LATERAL"
                                  " (SELECT c.* FROM comments c WHERE c.post_id = s.pid AND %2"
                                  " ORDER BY c.createtime DESC, c.id DESC LIMIT ?) c"
                                  " ORDER BY c.post_id, c.createtime DESC, c.id DESC")
                       .arg(commentColumns(), commentVisible(readers));
        } else {
            const QString cin = m_db.anyOf(QStringLiteral("c.post_id"), shown, cbinds);
            cbinds << inlineComments;
            csql = QStringLiteral(
                       "SELECT %1 FROM (SELECT c.*, ROW_NUMBER() OVER (PARTITION BY c.post_id"
                       " ORDER BY c.createtime DESC, c.id DESC) AS rn FROM comments c"
                       " WHERE %2 AND %3) c WHERE c.rn <= ?"
                       " ORDER BY c.post_id, c.createtime DESC, c.id DESC")
                       .arg(commentColumns(), cin, commentVisible(readers));
        }
        const auto rows = m_db.query(csql, cbinds);
        const auto rendered = commentItems(rows, v); // one object per row, in order
        for (size_t i = 0; i < rows.size(); ++i) {
            QByteArray &b = commentsByPost[rows[i][1].toLongLong()];
            if (!b.isEmpty())
                b += ',';
            b += rendered[i];
        }
    }

    // Keys in QJsonObject's (sorted) order: the bytes QJsonDocument wrote before.
    for (auto it = byId.cbegin(); it != byId.cend(); ++it) {
        const qint64 id = it.key();
        const Row &r = *it.value();
        QByteArray &out = parts[id];
        out.reserve(4096);
        out += "{\"author\":";
        writeUserBrief(out, r[1].toLongLong());
        out += ",\"category\":";
        json::string(out, r[2].toString());
        out += ",\"commentCount\":";
        json::number(out, r[15].toLongLong());
        out += ",\"comments\":[";
        out += commentsByPost.value(id);
        out += "],\"content\":";
        json::string(out, r[3].toString());
        out += ",\"createtime\":";
        json::number(out, r[7].toLongLong());
        out += ",\"device\":";
        const QString raw = r[4].toString();
        json::string(out, names.value(raw.toLower(), raw));
        out += ",\"geo\":";
        const QString geo = r[5].toString();
        if (geo.isEmpty())
            out += "null";
        else
            out += QJsonDocument(QJsonDocument::fromJson(geo.toUtf8()).object())
                       .toJson(QJsonDocument::Compact);
        const bool hidden = r[8].toInt() != 0;
        out += ",\"hidden\":";
        json::boolean(out, hidden);
        out += ",\"id\":";
        json::number(out, id);
        out += ",\"likeCount\":";
        json::number(out, r[13].toLongLong());
        out += ",\"liked\":";
        json::boolean(out, r[14].toLongLong() > 0);
        out += ",\"likes\":[";
        out += likesByPost.value(id);
        out += ']';
        if (hidden && v.moderator) {
            out += ",\"moderation\":";
            out +=
                QJsonDocument(moderationObject(r[10], r[11], r[12])).toJson(QJsonDocument::Compact);
        }
        out += ",\"pictureUrls\":";
        out += QJsonDocument(QJsonDocument::fromJson(r[6].toString().toUtf8()).array())
                   .toJson(QJsonDocument::Compact);
        out += '}';
    }
    return parts;
}

std::optional<QJsonObject> Renderer::renderPost(qint64 id, const Viewer &v, int inlineComments)
{
    const QJsonArray a = renderPosts({id}, v, inlineComments);
    if (a.isEmpty())
        return std::nullopt;
    return a.first().toObject();
}

QJsonArray Renderer::renderComments(const std::vector<Row> &rows, const Viewer &v)
{
    const std::vector<QByteArray> items = commentItems(rows, v);
    QByteArray a = "[";
    for (size_t i = 0; i < items.size(); ++i) {
        if (i)
            a += ',';
        a += items[i];
    }
    a += ']';
    return QJsonDocument::fromJson(a).array();
}

std::vector<QByteArray> Renderer::commentItems(const std::vector<Row> &rows, const Viewer &v)
{
    std::vector<QByteArray> out;
    if (rows.empty())
        return out;
    out.reserve(rows.size());
    QList<qint64> ids, rootIds, replyIds;
    ids.reserve(qsizetype(rows.size()));
    QSet<qint64> floorHiddenRoots;
    for (const Row &r : rows) {
        const qint64 id = r[0].toLongLong();
        ids.append(id);
        if (r[2].toLongLong() == 0)
            rootIds.append(id);
        else
            replyIds.append(id);
        if (v.moderator && r[11].toInt() != 0 && r[10].toInt() == 0)
            floorHiddenRoots.insert(r[2].toLongLong());
    }
    // Every comment's votes and the viewer's own vote, the visible replies of each floor and
    // the direct replies of each reply, in one statement: rows tagged 0, 1 and 2.
    QVariantList binds{v.uid};
    const QString voted = m_db.anyOf(QStringLiteral("comment_id"), ids, binds);
    const QString floors = m_db.anyOf(QStringLiteral("root_id"), rootIds, binds);
    const QString parents = m_db.anyOf(QStringLiteral("parent_id"), replyIds, binds);
    QHash<qint64, QPair<qint64, qint64>> votes;
    QHash<qint64, int> mine;
    QHash<qint64, qint64> replyCounts;
    for (const Row &r : m_db.query(
             QStringLiteral(
                 "SELECT 0, comment_id, SUM(CASE WHEN vote = 1 THEN 1 ELSE 0 END),"
                 " SUM(CASE WHEN vote = -1 THEN 1 ELSE 0 END), SUM(CASE WHEN uid = ? THEN vote"
                 " ELSE 0 END) FROM comment_votes WHERE %1 GROUP BY comment_id"
                 " UNION ALL SELECT 1, root_id, COUNT(*), 0, 0 FROM comments WHERE %2"
                 " AND deleted = 0 AND hidden = 0 AND floor_hidden = 0 GROUP BY root_id"
                 " UNION ALL SELECT 2, parent_id, COUNT(*), 0, 0 FROM comments WHERE %3"
                 " AND root_id <> 0 AND deleted = 0 AND hidden = 0 AND floor_hidden = 0"
                 " GROUP BY parent_id")
                 .arg(voted, floors, parents),
             binds)) {
        const qint64 id = r[1].toLongLong();
        switch (r[0].toInt()) {
        case 0:
            votes.insert(id, {r[2].toLongLong(), r[3].toLongLong()});
            mine.insert(id, r[4].toInt());
            break;
        default: // a floor's replies (1) or a reply's direct replies (2): never the same id
            replyCounts.insert(id, r[2].toLongLong());
            break;
        }
    }
    QHash<qint64, QJsonObject> rootModeration;
    for (qint64 root : floorHiddenRoots) {
        if (const auto m = m_db.one(
                QStringLiteral("SELECT mod_by, mod_reason, mod_time FROM comments WHERE id = ?"),
                {root}))
            rootModeration.insert(root, moderationObject(m->at(0), m->at(1), m->at(2)));
    }

    for (const Row &r : rows) {
        const qint64 id = r[0].toLongLong();
        const auto [likeCount, opposeCount] = votes.value(id, {0, 0});
        const int my = mine.value(id, 0);
        const qint64 rootId = r[2].toLongLong();
        const bool ownHidden = r[10].toInt() != 0;
        const bool hidden = ownHidden || r[11].toInt() != 0;
        // Keys in QJsonObject's (sorted) order: the bytes QJsonDocument wrote before.
        QByteArray c;
        c.reserve(512);
        c += "{\"author\":";
        writeUserBrief(c, r[6].toLongLong());
        c += ",\"content\":";
        json::string(c, r[8].toString());
        c += ",\"createtime\":";
        json::number(c, r[9].toLongLong());
        c += ",\"floor\":";
        json::number(c, r[4].toLongLong());
        c += ",\"id\":";
        json::number(c, id);
        c += ",\"likeCount\":";
        json::number(c, likeCount);
        c += ",\"liked\":";
        json::boolean(c, my == 1);
        if (hidden && v.moderator) {
            if (ownHidden) {
                c += ",\"moderation\":";
                c += QJsonDocument(moderationObject(r[13], r[14], r[15]))
                         .toJson(QJsonDocument::Compact);
            } else if (rootModeration.contains(rootId)) {
                c += ",\"moderation\":";
                c += QJsonDocument(rootModeration.value(rootId)).toJson(QJsonDocument::Compact);
            }
        }
        c += ",\"opposeCount\":";
        json::number(c, opposeCount);
        c += ",\"opposed\":";
        json::boolean(c, my == -1);
        c += ",\"parentId\":";
        json::number(c, r[3].toLongLong());
        c += ",\"postId\":";
        json::number(c, r[1].toLongLong());
        c += ",\"replyCount\":";
        json::number(c, replyCounts.value(id, 0));
        c += ",\"replyTo\":";
        if (r[7].isNull() || rootId == 0)
            c += "null";
        else
            writeUserBrief(c, r[7].toLongLong());
        c += ",\"rootId\":";
        json::number(c, rootId);
        c += ",\"score\":";
        json::number(c, 2 * likeCount - opposeCount);
        c += ",\"seq\":";
        json::number(c, r[5].toLongLong());
        c += ",\"status\":";
        c += hidden ? "\"hidden\"" : "\"visible\"";
        c += '}';
        out.push_back(std::move(c));
    }
    return out;
}

std::optional<QJsonObject> Renderer::renderComment(qint64 id, const Viewer &v)
{
    const auto rows = m_db.query(QStringLiteral("SELECT %1 FROM comments c JOIN posts p ON p.id = "
                                                "c.post_id WHERE c.id = ? AND %2 AND %3")
                                     .arg(commentColumns(), commentVisible(v), postVisible(v)),
                                 {id});
    const QJsonArray a = renderComments(rows, v);
    if (a.isEmpty())
        return std::nullopt;
    return a.first().toObject();
}

} // namespace threadline::server

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// GET /activity: what people did (posts, comments, replies, likes, follows, messages, topics),
// newest first, for a scope, optionally of some types or channels only —
// the people I follow (the default), everyone, one person, or me. Every item carries what its
// row needs: the post's author, a plain-text summary and a thumbnail, or the person followed.
#include "api/handlers/activityhandler.h"

#include "api/cursor.h"
#include "api/renderer.h"
#include "db/database.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTextBoundaryFinder>

namespace threadline::server {

namespace {

constexpr int kSummaryGraphemes = 120;

// The start of a text as one plain line: runs of white space (line breaks included) become one
// space; longer than kSummaryGraphemes grapheme clusters, it is cut after the last whole one
// that fits and ends in "…". Never cuts an emoji, a surrogate pair or a combining sequence.
QString summaryOf(const QString &text)
{
    const QString line = text.simplified();
    QTextBoundaryFinder graphemes(QTextBoundaryFinder::Grapheme, line);
    int count = 0;
    while (graphemes.toNextBoundary() != -1) {
        if (++count == kSummaryGraphemes) {
            const qsizetype end = graphemes.position();
            if (end >= line.size())
                return line;
            return line.left(end).trimmed() + QChar(0x2026);
        }
    }
    return line;
}

// The first URL of a post's stored `pictures` (a JSON array), or "" when it has none.
QString firstPicture(const QString &pictures)
{
    const QJsonArray urls = QJsonDocument::fromJson(pictures.toUtf8()).array();
    return urls.isEmpty() ? QString() : urls.first().toString();
}

// Every kind of item the feed has, with its channel (docs/api.md, "Activity by type and
// channel"): what a person's page filters by.
struct Kind
{
    const char *type;
    const char *channel;
};
constexpr Kind kKinds[] = {{"post", "posts"},  {"comment", "posts"},  {"reply", "posts"},
                           {"like", "posts"},  {"follow", "follows"}, {"message", "board"},
                           {"topic", "topics"}};

QString channelOf(const QString &type)
{
    for (const Kind &k : kKinds)
        if (type == QLatin1String(k.type))
            return QLatin1String(k.channel);
    return QStringLiteral("other");
}

// The values of a repeatable, comma-separable parameter (`type=post,like&type=follow`).
QStringList listParam(const QUrlQuery &q, const QString &name)
{
    QStringList out;
    int values = 0;
    for (const QString &v : q.allQueryItemValues(name, QUrl::FullyDecoded))
        for (const QString &part : v.split(QLatin1Char(','))) {
            if (++values > 32)
                fail(400, QStringLiteral("%1: at most 32 values").arg(name));
            if (!out.contains(part))
                out.append(part);
        }
    return out;
}

// The types asked for by `type=` and `channel=` (both may be given: their intersection), or
// an empty list for every type. An unknown value is 400.
QStringList typesAsked(const QUrlQuery &q)
{
    QStringList all, byType, byChannel;
    for (const Kind &k : kKinds)
        all << QLatin1String(k.type);
    const QStringList types = listParam(q, QStringLiteral("type"));
    const QStringList channels = listParam(q, QStringLiteral("channel"));
    for (const QString &t : types) {
        if (!all.contains(t))
            fail(400, QStringLiteral("type: %1 is not one of %2")
                          .arg(t.left(40), all.join(QStringLiteral(", "))));
        byType << t;
    }
    for (const QString &c : channels) {
        bool known = false;
        for (const Kind &k : kKinds)
            if (c == QLatin1String(k.channel)) {
                known = true;
                byChannel << QLatin1String(k.type);
            }
        if (!known)
            fail(400, QStringLiteral("channel: %1 is not one of posts, follows, board, topics")
                          .arg(c.left(40)));
    }
    if (types.isEmpty() && channels.isEmpty())
        return {};
    QStringList asked;
    for (const QString &t : all)
        if ((types.isEmpty() || byType.contains(t)) &&
            (channels.isEmpty() || byChannel.contains(t)))
            asked << t;
    if (asked.isEmpty())
        asked << QStringLiteral("-"); // nothing matches both: an empty list, not everything
    return asked;
}

} // namespace

ActivityHandler::ActivityHandler(Database &db, Renderer &renderer)
    : m_db(db)
    , m_renderer(renderer)
{
}

void ActivityHandler::addRoutes(RouteTable &t)
{
    t.add("GET", "activity", 0, this, &ActivityHandler::activity);
}

Response ActivityHandler::activity(Request &req)
{
    const QString scope = req.query.hasQueryItem(QStringLiteral("scope"))
                              ? req.query.queryItemValue(QStringLiteral("scope"))
                              : QStringLiteral("following");
    const int limit = limitParam(req.query, "limit", 20, 50);
    QString who;
    QVariantList binds;
    if (scope == QLatin1String("following")) {
        who = QStringLiteral(" AND a.actor IN (SELECT followee FROM follows WHERE follower = ?)");
        binds << req.viewer.uid;
    } else if (scope == QLatin1String("mine")) {
        who = QStringLiteral(" AND a.actor = ?");
        binds << req.viewer.uid;
    } else if (scope == QLatin1String("user")) {
        const auto uid = intParam(req.query, "uid");
        if (!uid || *uid <= 0)
            fail(400, QStringLiteral("uid: scope=user needs a user id"));
        m_renderer.requireUser(*uid);
        who = QStringLiteral(" AND a.actor = ?");
        binds << *uid;
    } else if (scope != QLatin1String("all")) {
        fail(400, QStringLiteral("scope: must be following, all, user or mine"));
    }
    const QStringList types = typesAsked(req.query);
    if (!types.isEmpty())
        who += QStringLiteral(" AND ") + m_db.anyOf(QStringLiteral("a.type"), types, binds);
    const Keyset ks =
        beforeCursor(req.query, QStringLiteral("a.createtime"), QStringLiteral("a.id"));
    binds += ks.binds;
    binds << limit + 1;
    // Hidden content is left out for moderators too: the feed says what people did with what
    // is there to read.
    const auto rows = m_db.query(
        QStringLiteral(
            "SELECT a.id, a.type, a.actor, a.post_id, a.comment_id, a.target_uid, a.createtime,"
            " p.author, p.content, p.pictures, c.content, a.topic, a.message_id, m.content"
            " FROM activity a LEFT JOIN posts p ON p.id = a.post_id"
            " LEFT JOIN comments c ON c.id = a.comment_id"
            " LEFT JOIN messages m ON m.id = a.message_id"
            " WHERE (a.post_id IS NULL OR (p.deleted = 0 AND p.hidden = 0))"
            " AND (a.comment_id IS NULL OR (c.deleted = 0 AND c.hidden = 0"
            " AND c.floor_hidden = 0))"
            " AND (a.message_id IS NULL OR (m.deleted = 0 AND m.hidden = 0))%1%2"
            " ORDER BY a.createtime DESC, a.id DESC LIMIT ?")
            .arg(who, ks.sql),
        binds);
    QJsonArray items;
    for (size_t i = 0; i < rows.size() && i < size_t(limit); ++i) {
        const Row &r = rows[i];
        QJsonObject a{{QStringLiteral("id"), r[0].toLongLong()},
                      {QStringLiteral("type"), r[1].toString()},
                      {QStringLiteral("channel"), channelOf(r[1].toString())},
                      {QStringLiteral("actor"), m_renderer.userBrief(r[2].toLongLong())},
                      {QStringLiteral("createtime"), r[6].toLongLong()}};
        if (!r[3].isNull()) {
            a.insert(QStringLiteral("postId"), r[3].toLongLong());
            a.insert(QStringLiteral("postAuthor"), m_renderer.userBrief(r[7].toLongLong()));
            const QString thumbnail = firstPicture(r[9].toString());
            if (!thumbnail.isEmpty())
                a.insert(QStringLiteral("thumbnail"), thumbnail);
        }
        if (!r[4].isNull()) {
            a.insert(QStringLiteral("commentId"), r[4].toLongLong());
            a.insert(QStringLiteral("summary"), summaryOf(r[10].toString()));
        } else if (!r[3].isNull()) {
            a.insert(QStringLiteral("summary"), summaryOf(r[8].toString()));
        }
        if (!r[5].isNull())
            a.insert(QStringLiteral("targetUser"), m_renderer.userBrief(r[5].toLongLong()));
        if (!r[11].isNull())
            a.insert(QStringLiteral("topic"), r[11].toString());
        if (!r[12].isNull()) { // a message on targetUser's board: its start
            a.insert(QStringLiteral("messageId"), r[12].toLongLong());
            a.insert(QStringLiteral("summary"), summaryOf(r[13].toString()));
        }
        items.append(a);
    }
    const bool more = rows.size() > size_t(limit);
    const QJsonValue next = nextCursor(more, more ? rows[limit - 1][6].toLongLong() : 0,
                                       more ? rows[limit - 1][0].toLongLong() : 0);
    return Response::json({{QStringLiteral("items"), items}, {QStringLiteral("next"), next}});
}

} // namespace threadline::server

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Search (searchhandler.h).
#include "api/handlers/searchhandler.h"

#include "api/cursor.h"
#include "api/jsonwrite.h"
#include "api/renderer.h"
#include "db/database.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <QUrl>

#include <limits>

namespace threadline::server {

namespace {

enum class Kind { Posts, Comments, People };

// `%q%` for LIKE / ILIKE with the backslash as the escape character.
QString likePattern(const QString &q)
{
    QString escaped = q;
    escaped.replace(QLatin1Char('\\'), QLatin1String("\\\\"));
    escaped.replace(QLatin1Char('%'), QLatin1String("\\%"));
    escaped.replace(QLatin1Char('_'), QLatin1String("\\_"));
    return QLatin1Char('%') + escaped + QLatin1Char('%');
}

// An FTS5 phrase: the whole text in double quotes (inner quotes doubled), which the trigram
// tokenizer matches as a substring.
QString ftsPhrase(const QString &q)
{
    QString inner = q;
    inner.replace(QLatin1Char('"'), QLatin1String("\"\""));
    return QLatin1Char('"') + inner + QLatin1Char('"');
}

} // namespace

SearchHandler::SearchHandler(Database &db, Renderer &renderer)
    : m_db(db)
    , m_renderer(renderer)
{
}

void SearchHandler::addRoutes(RouteTable &t)
{
    t.add("GET", "search", Worker, this, &SearchHandler::search);
}

// {"items":[…],"next","scope":"all"|"recent","window"?} — posts as the timeline renders them,
// comments with their posts beside them ("posts"), or people as user briefs.
Response SearchHandler::search(Request &req)
{
    const QString q = req.query.queryItemValue(QStringLiteral("q"), QUrl::FullyDecoded).trimmed();
    if (q.isEmpty())
        fail(400, QStringLiteral("q: a search needs at least one character"));
    const qsizetype length = codePoints(q);
    if (length > kMaxQueryLength)
        fail(400, QStringLiteral("q: at most %1 characters").arg(kMaxQueryLength));
    const QString kindText = req.query.queryItemValue(QStringLiteral("kind"));
    Kind kind = Kind::Posts;
    if (kindText == QLatin1String("comments"))
        kind = Kind::Comments;
    else if (kindText == QLatin1String("people"))
        kind = Kind::People;
    else if (!kindText.isEmpty() && kindText != QLatin1String("posts"))
        fail(400, QStringLiteral("kind: posts, comments or people"));
    const int limit = limitParam(req.query, "limit", 20, 50);
    const int inlineComments = limitParam(req.query, "comments", 3, 5, 0);
    qint64 before = std::numeric_limits<qint64>::max();
    if (req.query.hasQueryItem(QStringLiteral("before"))) {
        const auto cursor = decodeCursor(req.query.queryItemValue(QStringLiteral("before")), 1);
        if (!cursor)
            fail(400, QStringLiteral("before: not a cursor of this list"));
        before = cursor->at(0);
    }

    const bool pg = m_db.isPostgres();
    const bool indexed = length >= kIndexedLength && kind != Kind::People;
    // The text condition on the content of table alias `alias` (PostgreSQL, or a short query on
    // SQLite), its value appended to `binds`.
    QVariantList binds;
    const auto matches = [&](const QString &alias) {
        if (pg) {
            binds << likePattern(q);
            return QStringLiteral("%1.content ILIKE ?").arg(alias);
        }
        binds << q; // a short query on SQLite (the index answers the others)
        return QStringLiteral("instr(lower(%1.content), lower(?)) > 0").arg(alias);
    };
    // A short query: the lowest id of the newest kShortWindow rows of `table`.
    const auto windowFloor = [&](const QString &table) {
        const auto row = m_db.one(
            QStringLiteral("SELECT id FROM %1 ORDER BY id DESC LIMIT 1 OFFSET ?").arg(table),
            {kShortWindow - 1});
        return row ? row->at(0).toLongLong() : 0;
    };

    Response r;
    r.body = "{\"items\":";
    QList<qint64> ids;
    QList<qint64> commentPosts;
    bool more = false;
    switch (kind) {
    case Kind::Posts: {
        QString sql;
        if (!pg && indexed) {
            // The index hands out matching rowids newest first; the join keeps the visible.
            sql = QStringLiteral("SELECT p.id FROM posts_search s JOIN posts p ON p.id = s.rowid"
                                 " WHERE posts_search MATCH ? AND s.rowid < ? AND %1"
                                 " ORDER BY s.rowid DESC LIMIT ?")
                      .arg(Renderer::postVisible(req.viewer));
            binds << ftsPhrase(q) << before << limit + 1;
        } else {
            const QString cond = matches(QStringLiteral("p"));
            sql = QStringLiteral("SELECT p.id FROM posts p WHERE %1 AND p.id < ? AND p.id >= ?"
                                 " AND %2 ORDER BY p.id DESC LIMIT ?")
                      .arg(cond, Renderer::postVisible(req.viewer));
            binds << before << (indexed ? 0 : windowFloor(QStringLiteral("posts"))) << limit + 1;
        }
        const auto rows = m_db.query(sql, binds);
        for (size_t i = 0; i < rows.size() && i < size_t(limit); ++i)
            ids.append(rows[i][0].toLongLong());
        more = rows.size() > size_t(limit);
        r.body += m_renderer.postsJson(ids, req.viewer, inlineComments);
        break;
    }
    case Kind::Comments: {
        const QString visible =
            QStringLiteral("%1 AND %2")
                .arg(Renderer::commentVisible(req.viewer), Renderer::postVisible(req.viewer));
        QString sql;
        if (!pg && indexed) {
            sql =
                QStringLiteral("SELECT %1 FROM comments_search s"
                               " JOIN comments c ON c.id = s.rowid JOIN posts p ON p.id = c.post_id"
                               " WHERE comments_search MATCH ? AND s.rowid < ? AND %2"
                               " ORDER BY s.rowid DESC LIMIT ?")
                    .arg(Renderer::commentColumns(), visible);
            binds << ftsPhrase(q) << before << limit + 1;
        } else {
            const QString cond = matches(QStringLiteral("c"));
            sql = QStringLiteral("SELECT %1 FROM comments c JOIN posts p ON p.id = c.post_id"
                                 " WHERE %2 AND c.id < ? AND c.id >= ? AND %3"
                                 " ORDER BY c.id DESC LIMIT ?")
                      .arg(Renderer::commentColumns(), cond, visible);
            binds << before << (indexed ? 0 : windowFloor(QStringLiteral("comments"))) << limit + 1;
        }
        auto rows = m_db.query(sql, binds);
        more = rows.size() > size_t(limit);
        if (more)
            rows.resize(size_t(limit));
        QSet<qint64> seen;
        r.body += '[';
        const auto items = m_renderer.commentItems(rows, req.viewer);
        for (size_t i = 0; i < rows.size(); ++i) {
            ids.append(rows[i][0].toLongLong());
            const qint64 post = rows[i][1].toLongLong();
            if (!seen.contains(post)) {
                seen.insert(post);
                commentPosts.append(post);
            }
            if (i)
                r.body += ',';
            r.body += items[i];
        }
        r.body += ']';
        break;
    }
    case Kind::People: {
        // Nicknames only: a user name is a sign-in name, not shown anywhere, and not to be
        // probed for.
        const QString cond = pg ? QStringLiteral("nick ILIKE ?")
                                : QStringLiteral("instr(lower(nick), lower(?)) > 0");
        binds << (pg ? likePattern(q) : q) << before << limit + 1;
        const auto rows = m_db.query(
            QStringLiteral("SELECT id FROM users WHERE %1 AND id < ? ORDER BY id DESC LIMIT ?")
                .arg(cond),
            binds);
        QJsonArray people;
        for (size_t i = 0; i < rows.size() && i < size_t(limit); ++i) {
            ids.append(rows[i][0].toLongLong());
            people.append(m_renderer.userBrief(ids.last()));
        }
        more = rows.size() > size_t(limit);
        json::value(r.body, people);
        break;
    }
    }
    if (kind == Kind::Comments) {
        r.body += ",\"posts\":";
        r.body += m_renderer.postsJson(commentPosts, req.viewer, inlineComments);
    }
    r.body += ",\"next\":";
    json::value(r.body, more ? QJsonValue(encodeCursor({ids.last()})) : QJsonValue());
    r.body += ",\"scope\":";
    json::value(r.body, QJsonValue(indexed || kind == Kind::People ? QStringLiteral("all")
                                                                   : QStringLiteral("recent")));
    if (!indexed && kind != Kind::People) {
        r.body += ",\"window\":";
        json::value(r.body, QJsonValue(kShortWindow));
    }
    r.body += '}';
    return r;
}

} // namespace threadline::server

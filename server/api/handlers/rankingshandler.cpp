// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// GET /rankings (rankingshandler.h): the pending points folded in, then the board read from its
// indexes and histogram — never a scan of all users.
#include "api/handlers/rankingshandler.h"

#include "api/clock.h"
#include "api/renderer.h"
#include "db/database.h"

#include <QDate>
#include <QJsonArray>

namespace threadline::server {

namespace {

QString dayCode(qint64 day)
{
    return QDate(1970, 1, 1).addDays(day).toString(QStringLiteral("yyyy-MM-dd"));
}

} // namespace

RankingsHandler::RankingsHandler(Database &db, Renderer &renderer)
    : m_db(db)
    , m_renderer(renderer)
    , m_board(db)
{
}

void RankingsHandler::addRoutes(RouteTable &t)
{
    t.add("GET", "rankings", Worker, this, &RankingsHandler::rankings);
}

void RankingsHandler::catchUp()
{
    m_board.catchUp(dayNumberUtc8(nowMs()));
}

Response RankingsHandler::rankings(Request &req)
{
    const QString window = req.query.hasQueryItem(QStringLiteral("window"))
                               ? req.query.queryItemValue(QStringLiteral("window"))
                               : QStringLiteral("day");
    RankBoard::Board board = RankBoard::Day;
    if (window == QLatin1String("week"))
        board = RankBoard::Week;
    else if (window != QLatin1String("day"))
        fail(400, QStringLiteral("window: must be day or week"));
    const int limit = limitParam(req.query, "limit", 10, 50);
    const qint64 today = dayNumberUtc8(nowMs());
    m_board.catchUp(today);

    QJsonArray items;
    for (const RankBoard::Entry &e : m_board.top(board, today, limit))
        items.append(QJsonObject{{QStringLiteral("rank"), e.rank},
                                 {QStringLiteral("points"), e.points},
                                 {QStringLiteral("user"), m_renderer.userBrief(e.uid)}});
    const RankBoard::Standing s = m_board.standing(board, today, req.viewer.uid);
    QJsonObject me{{QStringLiteral("rank"), s.rank > 0 ? QJsonValue(s.rank) : QJsonValue()},
                   {QStringLiteral("points"), s.points}};
    if (board == RankBoard::Day) {
        me.insert(QStringLiteral("posts"), s.posts);
        me.insert(QStringLiteral("comments"), s.comments);
        me.insert(QStringLiteral("likes"), s.likes);
    }
    const QJsonObject rules{{QStringLiteral("post"), RankBoard::kPostPoints},
                            {QStringLiteral("postsPerDay"), RankBoard::kPostsPerDay},
                            {QStringLiteral("comment"), RankBoard::kCommentPoints},
                            {QStringLiteral("commentsPerDay"), RankBoard::kCommentsPerDay},
                            {QStringLiteral("like"), RankBoard::kLikePoints},
                            {QStringLiteral("likesPerDay"), RankBoard::kLikesPerDay}};
    const qint64 from = board == RankBoard::Day ? today : today - (RankBoard::kWeekDays - 1);
    return Response::json({{QStringLiteral("window"), window},
                           {QStringLiteral("from"), dayCode(from)},
                           {QStringLiteral("to"), dayCode(today)},
                           {QStringLiteral("people"), m_board.people(board, today)},
                           {QStringLiteral("items"), items},
                           {QStringLiteral("me"), me},
                           {QStringLiteral("rules"), rules}});
}

} // namespace threadline::server

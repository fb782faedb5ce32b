// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The daily and weekly boards of people by points (docs/api.md, "Points and rankings").
//
// Writers never touch the boards: triggers of the schema (schemaRankings) append one
// rank_events row per change that earns or takes back points. RankBoard folds those rows into
// the boards, one folder at a time (an advisory lock on PostgreSQL, BEGIN IMMEDIATE on SQLite),
// and answers a board's top and a person's rank from indexes and the points histogram:
//
//   RankBoard board(db);
//   board.catchUp(today);                    // the events written so far, folded in
//   auto top = board.top(RankBoard::Day, today, 10);
//   auto me = board.standing(RankBoard::Day, today, uid);
#pragma once

#include <QList>
#include <QtGlobal>

namespace threadline::server {

class Database;

class RankBoard
{
public:
    enum Board { Day = 0, Week = 1 };

    // What earns points, and the most of each that count on one day (UTC+8).
    static constexpr int kPostPoints = 3, kPostsPerDay = 10;
    static constexpr int kCommentPoints = 1, kCommentsPerDay = 20;
    static constexpr int kLikePoints = 1, kLikesPerDay = 50;
    static constexpr int kWeekDays = 7;

    struct Entry
    {
        qint64 uid = 0;
        int points = 0;
        qint64 rank = 0; // 1 + the number of people with more points (ties share a rank)
    };
    struct Standing
    {
        int points = 0;
        qint64 rank = 0;                        // 0: no points on this board
        int posts = 0, comments = 0, likes = 0; // the day's counts (Day only)
    };

    explicit RankBoard(Database &db);

    // Folds every pending event into the boards, in its own transaction. Events of days that
    // can no longer reach a board ending on or after `today` are dropped; rows of such days
    // are pruned once per day and process.
    void catchUp(qint64 today);
    [[nodiscard]] QList<Entry> top(Board board, qint64 day, int limit);
    [[nodiscard]] Standing standing(Board board, qint64 day, qint64 uid);
    // People with points on the board.
    [[nodiscard]] qint64 people(Board board, qint64 day);

    [[nodiscard]] static int pointsOf(int posts, int comments, int likes);

private:
    void fold(qint64 day, qint64 uid, int posts, int comments, int likes);
    void moveInHistogram(Board board, qint64 day, int from, int to);

    Database &m_db;
    qint64 m_prunedDay = 0;
};

} // namespace threadline::server

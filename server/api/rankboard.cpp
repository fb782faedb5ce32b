// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The boards of people by points (rankboard.h).
#include "api/rankboard.h"

#include "db/database.h"

#include <QHash>
#include <algorithm>
#include <tuple>

namespace threadline::server {

namespace {

// Events folded per statement round (a backlog is folded in rounds of this many).
constexpr int kFoldBatch = 5000;
// The advisory lock of the folder on PostgreSQL (one folder at a time per database).
constexpr qint64 kFoldLock = 7317101;

struct Counts
{
    int posts = 0, comments = 0, likes = 0;
};

} // namespace

RankBoard::RankBoard(Database &db)
    : m_db(db)
{
}

int RankBoard::pointsOf(int posts, int comments, int likes)
{
    const auto capped = [](int n, int cap) { return std::clamp(n, 0, cap); };
    return kPostPoints * capped(posts, kPostsPerDay) +
           kCommentPoints * capped(comments, kCommentsPerDay) +
           kLikePoints * capped(likes, kLikesPerDay);
}

void RankBoard::catchUp(qint64 today)
{
    const qint64 oldest = today - (kWeekDays - 1); // the first day of today's week
    // Nothing to fold (the usual read): no transaction, no lock — one index probe.
    if (m_prunedDay == today &&
        !m_db.one(QStringLiteral("SELECT 1 FROM rank_events LIMIT 1")).has_value())
        return;
    Transaction tx(m_db);
    const bool pg = m_db.isPostgres();
    if (pg)
        m_db.exec(QStringLiteral("SELECT pg_advisory_xact_lock(?)"), {kFoldLock});
    if (m_prunedDay != today) {
        for (const char *table : {"rank_days", "rank_weeks"})
            m_db.exec(QStringLiteral("DELETE FROM %1 WHERE day < ?").arg(QLatin1String(table)),
                      {oldest});
        m_db.exec(QStringLiteral("DELETE FROM rank_hist WHERE board IN (0, 1) AND day < ?"),
                  {oldest});
        m_prunedDay = today;
    }
    for (;;) {
        // PostgreSQL: the rows taken are exactly those deleted (one statement), so an event
        // committed meanwhile, whatever its id, waits for the next round. SQLite: one writer.
        std::vector<Row> rows;
        if (pg) {
            rows = m_db.query(
                QStringLiteral("DELETE FROM rank_events WHERE id IN (SELECT id FROM rank_events"
                               " ORDER BY id LIMIT ?) RETURNING day, uid, posts, comments, likes"),
                {kFoldBatch});
        } else {
            rows = m_db.query(QStringLiteral("SELECT day, uid, posts, comments, likes, id"
                                             " FROM rank_events ORDER BY id LIMIT ?"),
                              {kFoldBatch});
            if (!rows.empty())
                m_db.exec(QStringLiteral("DELETE FROM rank_events WHERE id <= ?"),
                          {rows.back()[5]});
        }
        QHash<std::pair<qint64, qint64>, Counts> sums;
        for (const Row &r : rows) {
            const qint64 day = r[0].toLongLong();
            if (day < oldest)
                continue; // reaches no board ending today or later
            Counts &c = sums[{day, r[1].toLongLong()}];
            c.posts += r[2].toInt();
            c.comments += r[3].toInt();
            c.likes += r[4].toInt();
        }
        // In (day, uid) order: two folders never run at once, but a stable order keeps the
        // row locks' order the same as any other writer of these rows would take.
        auto keys = sums.keys();
        std::sort(keys.begin(), keys.end());
        for (const auto &k : keys) {
            const Counts &c = sums.value(k);
            fold(k.first, k.second, c.posts, c.comments, c.likes);
        }
        if (rows.size() < size_t(kFoldBatch))
            break;
    }
    tx.commit();
}

void RankBoard::fold(qint64 day, qint64 uid, int posts, int comments, int likes)
{
    Counts was;
    int before = 0;
    if (const auto r = m_db.one(QStringLiteral("SELECT posts, comments, likes, points"
                                               " FROM rank_days WHERE day = ? AND uid = ?"),
                                {day, uid})) {
        was = {r->at(0).toInt(), r->at(1).toInt(), r->at(2).toInt()};
        before = r->at(3).toInt();
    }
    // A count never goes below 0 (a post written before the boards existed, deleted now).
    const Counts now{std::max(0, was.posts + posts), std::max(0, was.comments + comments),
                     std::max(0, was.likes + likes)};
    const int after = pointsOf(now.posts, now.comments, now.likes);
    m_db.exec(QStringLiteral("INSERT INTO rank_days(day, uid, posts, comments, likes, points)"
                             " VALUES(?, ?, ?, ?, ?, ?) ON CONFLICT(day, uid) DO UPDATE SET"
                             " posts = excluded.posts, comments = excluded.comments,"
                             " likes = excluded.likes, points = excluded.points"),
              {day, uid, now.posts, now.comments, now.likes, after});
    if (after == before)
        return;
    moveInHistogram(Day, day, before, after);
    const int delta = after - before;
    for (int k = 0; k < kWeekDays; ++k) {
        const qint64 end = day + k; // the window ending on `end` holds `day`
        const int old =
            m_db.scalar(QStringLiteral("SELECT points FROM rank_weeks WHERE day = ? AND uid = ?"),
                        {end, uid}, 0)
                .toInt();
        const int sum = std::max(0, old + delta);
        m_db.exec(QStringLiteral("INSERT INTO rank_weeks(day, uid, points) VALUES(?, ?, ?)"
                                 " ON CONFLICT(day, uid) DO UPDATE SET points = excluded.points"),
                  {end, uid, sum});
        moveInHistogram(Week, end, old, sum);
    }
}

void RankBoard::moveInHistogram(Board board, qint64 day, int from, int to)
{
    if (from == to)
        return;
    if (from > 0)
        m_db.exec(QStringLiteral("UPDATE rank_hist SET people = people - 1"
                                 " WHERE board = ? AND day = ? AND points = ?"),
                  {int(board), day, from});
    if (to > 0)
        m_db.exec(QStringLiteral("INSERT INTO rank_hist(board, day, points, people)"
                                 " VALUES(?, ?, ?, 1) ON CONFLICT(board, day, points)"
                                 " DO UPDATE SET people = rank_hist.people + 1"),
                  {int(board), day, to});
}

static QString boardTable(RankBoard::Board board)
{
    return board == RankBoard::Day ? QStringLiteral("rank_days") : QStringLiteral("rank_weeks");
}

QList<RankBoard::Entry> RankBoard::top(Board board, qint64 day, int limit)
{
    QList<Entry> out;
    const auto rows = m_db.query(QStringLiteral("SELECT uid, points FROM %1 WHERE day = ?"
                                                " AND points > 0 ORDER BY points DESC, uid"
                                                " LIMIT ?")
                                     .arg(boardTable(board)),
                                 {day, limit});
    for (size_t i = 0; i < rows.size(); ++i) {
        Entry e{rows[i][0].toLongLong(), rows[i][1].toInt(), qint64(i) + 1};
        if (i > 0 && e.points == out.last().points)
            e.rank = out.last().rank; // a tie shares the rank of the first with those points
        out.append(e);
    }
    return out;
}

RankBoard::Standing RankBoard::standing(Board board, qint64 day, qint64 uid)
{
    Standing s;
    if (board == Day) {
        if (const auto r = m_db.one(QStringLiteral("SELECT posts, comments, likes, points"
                                                   " FROM rank_days WHERE day = ? AND uid = ?"),
                                    {day, uid})) {
            s.posts = r->at(0).toInt();
            s.comments = r->at(1).toInt();
            s.likes = r->at(2).toInt();
            s.points = r->at(3).toInt();
        }
    } else {
        s.points = m_db.scalar(QStringLiteral("SELECT points FROM rank_weeks"
                                              " WHERE day = ? AND uid = ?"),
                               {day, uid}, 0)
                       .toInt();
    }
    if (s.points > 0)
        s.rank = 1 + m_db.scalar(QStringLiteral("SELECT COALESCE(SUM(people), 0) FROM rank_hist"
                                                " WHERE board = ? AND day = ? AND points > ?"),
                                 {int(board), day, s.points}, 0)
                         .toLongLong();
    return s;
}

qint64 RankBoard::people(Board board, qint64 day)
{
    return m_db
        .scalar(QStringLiteral("SELECT COALESCE(SUM(people), 0) FROM rank_hist"
                               " WHERE board = ? AND day = ?"),
                {int(board), day}, 0)
        .toLongLong();
}

} // namespace threadline::server

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The moderators' activity statistics (statshandler.h).
#include "api/handlers/statshandler.h"

#include "api/clock.h"
#include "api/renderer.h"
#include "db/database.h"

#include <QDate>
#include <QJsonArray>
#include <QRegularExpression>

#include <roaring/roaring.h>

#include <algorithm>
#include <limits>

namespace threadline::server {

StatsHandler::StatsHandler(Database &db, Renderer &renderer)
    : m_db(db)
    , m_renderer(renderer)
    , m_days(db)
{
}

void StatsHandler::addRoutes(RouteTable &t)
{
    t.add("GET", "moderation/stats", Moderator, this, &StatsHandler::modStats);
    t.add("GET", "moderation/stats/users/{id}", Moderator, this, &StatsHandler::modUserStats);
    t.add("GET", "moderation/stats/days", Moderator, this, &StatsHandler::modStatsDays);
    t.add("GET", "moderation/stats/people", Moderator, this, &StatsHandler::modStatsPeople);
}

namespace {
const QDate kEpoch(1970, 1, 1);
constexpr qint64 kDayMs = 86400000;
constexpr qint64 kUtc8Ms = 8 * 3600 * 1000;

QDate todayUtc8()
{
    return kEpoch.addDays(dayNumberUtc8(nowMs()));
}

// `name` as YYYY-MM-DD, or today (UTC+8) when absent; 400 otherwise.
QDate dateParam(const Request &req, const QString &name)
{
    if (!req.query.hasQueryItem(name))
        return todayUtc8();
    static const QRegularExpression re(QStringLiteral("^\\d{4}-\\d{2}-\\d{2}$"));
    const QString s = req.query.queryItemValue(name);
    const QDate date = QDate::fromString(s, QStringLiteral("yyyy-MM-dd"));
    if (!re.match(s).hasMatch() || !date.isValid())
        fail(400, QStringLiteral("%1: must be YYYY-MM-DD").arg(name));
    return date;
}

// An integer parameter within [lo, hi], or `fallback` when absent; 400 otherwise.
qint64 intParam(const Request &req, const QString &name, qint64 fallback, qint64 lo, qint64 hi)
{
    if (!req.query.hasQueryItem(name))
        return fallback;
    bool ok = false;
    const qint64 v = req.query.queryItemValue(name).toLongLong(&ok);
    if (!ok || v < lo || v > hi)
        fail(400, QStringLiteral("%1: must be an integer from %2 to %3").arg(name).arg(lo).arg(hi));
    return v;
}

// The UTC+8 day number of a date (the days' bitmaps are keyed by it).
int dayOf(const QDate &date)
{
    return int(kEpoch.daysTo(date));
}

// The first millisecond of a UTC+8 day.
qint64 dayStartMs(const QDate &date)
{
    return qint64(dayOf(date)) * kDayMs - kUtc8Ms;
}

// The figures' sets.
enum class PeopleSet { ActiveToday, AllOf3Days, ThisWeekNotToday, NewThisWeek };

PeopleSet setParam(const Request &req)
{
    const QString s = req.query.queryItemValue(QStringLiteral("set"));
    if (s == QLatin1String("activeToday"))
        return PeopleSet::ActiveToday;
    if (s == QLatin1String("activeAllOfLast3Days"))
        return PeopleSet::AllOf3Days;
    if (s == QLatin1String("activeThisWeekNotToday"))
        return PeopleSet::ThisWeekNotToday;
    if (s == QLatin1String("newThisWeek"))
        return PeopleSet::NewThisWeek;
    fail(400, QStringLiteral("set: must be activeToday, activeAllOfLast3Days,"
                             " activeThisWeekNotToday or newThisWeek"));
}

QList<int> lastDays(const QDate &date, int n)
{
    QList<int> days;
    for (int i = 0; i < n; ++i)
        days.append(dayOf(date.addDays(-i)));
    return days;
}
} // namespace

Response StatsHandler::modStats(Request &req)
{
    const QDate date = dateParam(req, QStringLiteral("date"));
    // The 7 days ending at `date`, newest first: [0] is the day, [0..2] the last 3 days.
    const QList<const roaring_bitmap_s *> week = m_days.bitmaps(lastDays(date, 7));
    const qint64 today = loginbitmap::cardinality(week[0]);
    const LoginBitmap two(roaring_bitmap_and(week[0], week[1]));
    const qint64 all3 = qint64(roaring_bitmap_and_cardinality(two.get(), week[2]));
    const LoginBitmap any7(roaring_bitmap_or_many(
        size_t(week.size()), const_cast<const roaring_bitmap_t **>(week.data())));
    const qint64 anyOf7 = loginbitmap::cardinality(any7.get());
    const qint64 weekNotToday = qint64(roaring_bitmap_andnot_cardinality(any7.get(), week[0]));
    const qint64 fresh =
        m_db.scalar(QStringLiteral("SELECT COUNT(*) FROM users WHERE created >= ? AND created < ?"),
                    {dayStartMs(date.addDays(-6)), dayStartMs(date.addDays(1))}, 0)
            .toLongLong();
    const qint64 users = m_days.users();
    return Response::json(
        {{QStringLiteral("date"), date.toString(QStringLiteral("yyyy-MM-dd"))},
         {QStringLiteral("activeToday"), today},
         {QStringLiteral("activeAllOfLast3Days"), all3},
         {QStringLiteral("activeAnyOfLast7Days"), anyOf7},
         {QStringLiteral("inactiveLast7Days"), std::max<qint64>(0, users - anyOf7)},
         {QStringLiteral("activeThisWeekNotToday"), weekNotToday},
         {QStringLiteral("newThisWeek"), fresh}});
}

Response StatsHandler::modStatsDays(Request &req)
{
    const QDate to = dateParam(req, QStringLiteral("to"));
    const int n = int(intParam(req, QStringLiteral("days"), 30, 1, 366));
    QList<int> days;
    for (int i = n - 1; i >= 0; --i)
        days.append(dayOf(to.addDays(-i)));
    const QList<qint64> counts = m_days.members(days);
    QJsonArray items;
    for (int i = 0; i < n; ++i)
        items.append(QJsonObject{{QStringLiteral("date"),
                                  to.addDays(-(n - 1 - i)).toString(QStringLiteral("yyyy-MM-dd"))},
                                 {QStringLiteral("active"), counts[i]}});
    return Response::json({{QStringLiteral("to"), to.toString(QStringLiteral("yyyy-MM-dd"))},
                           {QStringLiteral("days"), items}});
}

Response StatsHandler::modStatsPeople(Request &req)
{
    const PeopleSet set = setParam(req);
    const QDate date = dateParam(req, QStringLiteral("date"));
    const qint64 after =
        intParam(req, QStringLiteral("after"), 0, 0, std::numeric_limits<qint64>::max());
    const int limit = int(intParam(req, QStringLiteral("limit"), 50, 1, 200));
    LoginBitmap chosen;
    switch (set) {
    case PeopleSet::ActiveToday:
        chosen = loginbitmap::copy(m_days.bitmaps({dayOf(date)}).first());
        break;
    case PeopleSet::AllOf3Days: {
        const auto three = m_days.bitmaps(lastDays(date, 3));
        chosen.reset(roaring_bitmap_and(three[0], three[1]));
        roaring_bitmap_and_inplace(chosen.get(), three[2]);
        break;
    }
    case PeopleSet::ThisWeekNotToday: {
        const auto week = m_days.bitmaps(lastDays(date, 7));
        chosen.reset(roaring_bitmap_or_many(size_t(week.size()),
                                            const_cast<const roaring_bitmap_t **>(week.data())));
        roaring_bitmap_andnot_inplace(chosen.get(), week[0]);
        break;
    }
    case PeopleSet::NewThisWeek: {
        // The week's new users, by the index on users(created, id): as many rows as new users.
        chosen = loginbitmap::empty();
        for (const Row &r :
             m_db.query(QStringLiteral("SELECT id FROM users WHERE created >= ? AND created < ?"),
                        {dayStartMs(date.addDays(-6)), dayStartMs(date.addDays(1))}))
            loginbitmap::add(chosen.get(), r[0].toLongLong());
        break;
    }
    }
    const QList<qint64> ids = loginbitmap::page(chosen.get(), after, limit + 1);
    const bool more = ids.size() > limit;
    const QList<qint64> shown = more ? ids.first(limit) : ids;
    // The page's briefs in one statement (not through the renderer's cache of briefs: a
    // moderator paging through millions would fill it).
    QHash<qint64, QJsonObject> briefs;
    if (!shown.isEmpty()) {
        QVariantList binds;
        for (const qint64 id : shown)
            binds << id;
        for (const Row &r :
             m_db.query(QStringLiteral("SELECT id, nick, head_img FROM users WHERE id IN (%1)")
                            .arg(Database::placeholders(shown.size())),
                        binds))
            briefs.insert(r[0].toLongLong(),
                          QJsonObject{{QStringLiteral("uid"), r[0].toLongLong()},
                                      {QStringLiteral("nickName"), r[1].toString()},
                                      {QStringLiteral("headImg"), r[2].toString()}});
    }
    QJsonArray items;
    for (const qint64 id : shown)
        if (const auto it = briefs.constFind(id); it != briefs.cend())
            items.append(*it);
    return Response::json({{QStringLiteral("date"), date.toString(QStringLiteral("yyyy-MM-dd"))},
                           {QStringLiteral("set"), req.query.queryItemValue(QStringLiteral("set"))},
                           {QStringLiteral("total"), loginbitmap::cardinality(chosen.get())},
                           {QStringLiteral("items"), items},
                           {QStringLiteral("next"),
                            more ? QJsonValue(QString::number(shown.last())) : QJsonValue()}});
}

Response StatsHandler::modUserStats(Request &req)
{
    const qint64 uid = req.ids[0];
    m_renderer.requireUser(uid);
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

// The moderators' activity statistics (statshandler.h).
#include "api/handlers/statshandler.h"

#include "api/clock.h"
#include "api/renderer.h"
#include "db/database.h"

#include <QDate>
#include <QJsonArray>
#include <QRegularExpression>

namespace threadline::server {

StatsHandler::StatsHandler(Database &db, Renderer &renderer)
    : m_db(db)
    , m_renderer(renderer)
{
}

void StatsHandler::addRoutes(RouteTable &t)
{
    t.add("GET", "moderation/stats", Moderator, this, &StatsHandler::modStats);
    t.add("GET", "moderation/stats/users/{id}", Moderator, this, &StatsHandler::modUserStats);
}

namespace {
QDate todayUtc8()
{
    return QDate(1970, 1, 1).addDays(dayNumberUtc8(nowMs()));
}
} // namespace

Response StatsHandler::modStats(Request &req)
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

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The moderators' statistics from the daily login bitmaps against the real threadline-server:
// every figure and every list (GET /moderation/stats, …/stats/days, …/stats/people) equals what
// each person's own month says (GET /moderation/stats/users/{uid}, kept apart in user_days),
// for several days; lists are paged by uid without loss or repeat; a call marks its caller at
// once; two server processes on one database both mark and fold without losing anyone; bad
// parameters are 400 and ordinary users 403.
#include "testserver.h"

#include <QDate>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <QTest>

#include <algorithm>
#include <memory>

using threadline::test::Client;
using threadline::test::HttpResult;
using threadline::test::TestServer;

namespace {

const QString kApi = QStringLiteral("/api/v1");

QDate todayUtc8()
{
    return QDateTime::currentDateTimeUtc().toOffsetFromUtc(8 * 3600).date();
}

QString day(const QDate &d)
{
    return d.toString(QStringLiteral("yyyy-MM-dd"));
}

} // namespace

class TstLoginStats : public QObject
{
    Q_OBJECT

    TestServer m_server;
    std::unique_ptr<Client> m_mod;
    QList<qint64> m_uids; // every user of the demo

    // uid -> the days it was active, from each person's months (user_days).
    QHash<qint64, QSet<QDate>> activeDays(const QList<QDate> &months)
    {
        QHash<qint64, QSet<QDate>> out;
        for (const qint64 uid : m_uids) {
            for (const QDate &m : months) {
                const HttpResult r =
                    m_mod->get(kApi + QStringLiteral("/moderation/stats/users/%1?month=%2")
                                          .arg(uid)
                                          .arg(m.toString(QStringLiteral("yyyy-MM"))));
                if (r.status != 200)
                    qFatal("%s", r.describe().constData());
                for (const QJsonValue &d : r.obj().value(QStringLiteral("days")).toArray())
                    out[uid].insert(QDate(m.year(), m.month(), d.toInt()));
            }
        }
        return out;
    }

    // Every page of a list, `limit` at a time.
    QList<qint64> wholeList(const QString &set, const QDate &date, int limit, qint64 *total)
    {
        QList<qint64> out;
        QString after;
        for (int guard = 0; guard < 1000; ++guard) {
            QString path = kApi + QStringLiteral("/moderation/stats/people?set=%1&date=%2&limit=%3")
                                      .arg(set, day(date))
                                      .arg(limit);
            if (!after.isEmpty())
                path += QStringLiteral("&after=") + after;
            const HttpResult r = m_mod->get(path);
            if (r.status != 200)
                qFatal("%s", r.describe().constData());
            const QJsonObject o = r.obj();
            *total = o.value(QStringLiteral("total")).toInteger(-1);
            const QJsonArray items = o.value(QStringLiteral("items")).toArray();
            if (items.size() > limit)
                qFatal("a page longer than its limit");
            for (const QJsonValue &v : items) {
                const QJsonObject u = v.toObject();
                if (u.value(QStringLiteral("nickName")).toString().isEmpty())
                    qFatal("a person without a nickname");
                out.append(u.value(QStringLiteral("uid")).toInteger());
            }
            const QJsonValue next = o.value(QStringLiteral("next"));
            if (next.isNull() || next.isUndefined())
                return out;
            if (!next.isString())
                qFatal("next is no string");
            after = next.toString();
        }
        qFatal("the list never ended");
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_server.start());
        m_mod = std::make_unique<Client>(m_server.baseUrl());
        QVERIFY(!m_mod->login(QStringLiteral("moderator")).isEmpty());
        // The demo's people (ids from 10001, with gaps): every uid that has a month.
        for (qint64 uid = 10001; uid < 10300; ++uid) {
            const HttpResult r =
                m_mod->get(kApi + QStringLiteral("/moderation/stats/users/%1").arg(uid));
            if (r.status == 404)
                continue;
            QCOMPARE(r.status, 200);
            m_uids.append(uid);
        }
        QVERIFY2(m_uids.size() > 20, "the demo has its people");
    }

    void figuresAndListsEqualEachPersonsMonths_data()
    {
        QTest::addColumn<int>("daysBack");
        QTest::newRow("today") << 0;
        QTest::newRow("yesterday") << 1;
        QTest::newRow("4 days ago") << 4;
        QTest::newRow("12 days ago") << 12;
        QTest::newRow("27 days ago") << 27;
    }

    void figuresAndListsEqualEachPersonsMonths()
    {
        QFETCH(int, daysBack);
        const QDate date = todayUtc8().addDays(-daysBack);
        QList<QDate> months;
        for (int i = 0; i < 7; ++i) {
            const QDate d = date.addDays(-i);
            const QDate first(d.year(), d.month(), 1);
            if (!months.contains(first))
                months.append(first);
        }
        const HttpResult s =
            m_mod->get(kApi + QStringLiteral("/moderation/stats?date=") + day(date));
        QCOMPARE(s.status, 200);
        const auto days = activeDays(months);
        QList<qint64> today, all3, weekNotToday;
        qint64 any7 = 0;
        for (const qint64 uid : m_uids) {
            const QSet<QDate> d = days.value(uid);
            const bool on = d.contains(date);
            bool any = false;
            for (int i = 0; i < 7; ++i)
                any = any || d.contains(date.addDays(-i));
            if (on)
                today.append(uid);
            if (on && d.contains(date.addDays(-1)) && d.contains(date.addDays(-2)))
                all3.append(uid);
            if (any && !on)
                weekNotToday.append(uid);
            any7 += any;
        }
        const QJsonObject o = s.obj();
        QCOMPARE(o.value("activeToday").toInteger(-1), qint64(today.size()));
        QCOMPARE(o.value("activeAllOfLast3Days").toInteger(-1), qint64(all3.size()));
        QCOMPARE(o.value("activeAnyOfLast7Days").toInteger(-1), any7);
        QCOMPARE(o.value("activeThisWeekNotToday").toInteger(-1), qint64(weekNotToday.size()));
        QCOMPARE(o.value("inactiveLast7Days").toInteger(-1), qint64(m_uids.size()) - any7);

        qint64 total = -1;
        QCOMPARE(wholeList(QStringLiteral("activeToday"), date, 50, &total), today);
        QCOMPARE(total, qint64(today.size()));
        QCOMPARE(wholeList(QStringLiteral("activeAllOfLast3Days"), date, 2, &total), all3);
        QCOMPARE(total, qint64(all3.size()));
        QCOMPARE(wholeList(QStringLiteral("activeThisWeekNotToday"), date, 3, &total),
                 weekNotToday);
        QCOMPARE(total, qint64(weekNotToday.size()));
        // new this week: as many as the figure says, each a person of the demo
        const QList<qint64> fresh = wholeList(QStringLiteral("newThisWeek"), date, 5, &total);
        QCOMPARE(total, o.value("newThisWeek").toInteger(-1));
        QCOMPARE(qint64(fresh.size()), total);
        for (const qint64 uid : fresh)
            QVERIFY(m_uids.contains(uid));
        // long ago: nobody
        const HttpResult old =
            m_mod->get(kApi + QStringLiteral("/moderation/stats?date=2001-02-03"));
        QCOMPARE(old.obj().value("newThisWeek").toInteger(-1), 0);
        QCOMPARE(old.obj().value("activeThisWeekNotToday").toInteger(-1), 0);
    }

    void chartDaysEqualEachDaysFigure()
    {
        const QDate to = todayUtc8().addDays(-3);
        const HttpResult r =
            m_mod->get(kApi + QStringLiteral("/moderation/stats/days?days=30&to=") + day(to));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.obj().value("to").toString(), day(to));
        const QJsonArray items = r.obj().value("days").toArray();
        QCOMPARE(items.size(), 30);
        for (int i = 0; i < 30; ++i) {
            const QDate d = to.addDays(i - 29);
            const QJsonObject item = items.at(i).toObject();
            QCOMPARE(item.value("date").toString(), day(d));
            const HttpResult f =
                m_mod->get(kApi + QStringLiteral("/moderation/stats?date=") + day(d));
            QCOMPARE(item.value("active").toInteger(-1), f.obj().value("activeToday").toInteger());
        }
        // the default: 30 days ending today
        const HttpResult def = m_mod->get(kApi + QStringLiteral("/moderation/stats/days"));
        QCOMPARE(def.status, 200);
        QCOMPARE(def.obj().value("days").toArray().size(), 30);
        QCOMPARE(def.obj().value("to").toString(), day(todayUtc8()));
    }

    // A call marks its caller at once, in the figures and the lists; a second process on the
    // same database marks too, and both see the same.
    void callsMarkAtOnceAcrossProcesses()
    {
        TestServer second;
        QVERIFY(second.start({QStringLiteral("--db"), m_server.dbUrl()}));
        Client mod2(second.baseUrl());
        QVERIFY(!mod2.login(QStringLiteral("moderator")).isEmpty());
        const QDate today = todayUtc8();
        const QString statsPath = kApi + QStringLiteral("/moderation/stats?date=") + day(today);
        const qint64 before = m_mod->get(statsPath).obj().value("activeToday").toInteger(-1);
        qint64 total = 0;
        const QList<qint64> listed = wholeList(QStringLiteral("activeToday"), today, 50, &total);
        // people not active today yet call, alternately through one process and the other
        int woken = 0;
        const QStringList names{"zhangsan",  "lisi",   "wangwu", "mazi",
                                "tingtamen", "qianqi", "maliu"};
        QList<qint64> wokenUids;
        for (int i = 0; i < names.size(); ++i) {
            Client c(i % 2 ? second.baseUrl() : m_server.baseUrl());
            const QString token = c.login(names[i]);
            QVERIFY(!token.isEmpty());
            const HttpResult me = c.get(kApi + QStringLiteral("/me"));
            QCOMPARE(me.status, 200);
            const qint64 uid = me.obj().value("uid").toInteger();
            if (!listed.contains(uid)) {
                ++woken;
                wokenUids.append(uid);
            }
        }
        if (woken == 0)
            qWarning("all of them were active today already: the rise cannot be seen");
        for (Client *c : {m_mod.get(), &mod2}) {
            const qint64 now = c->get(statsPath).obj().value("activeToday").toInteger(-1);
            QCOMPARE(now, before + woken);
        }
        const QList<qint64> after = wholeList(QStringLiteral("activeToday"), today, 50, &total);
        QCOMPARE(total, before + woken);
        for (const qint64 uid : wokenUids)
            QVERIFY(after.contains(uid));
        QVERIFY(std::is_sorted(after.cbegin(), after.cend()));
    }

    void ordinaryUsersAreRefused()
    {
        Client lisi(m_server.baseUrl());
        QVERIFY(!lisi.login(QStringLiteral("lisi")).isEmpty());
        for (const char *path :
             {"/moderation/stats/days", "/moderation/stats/people?set=activeToday"})
            QCOMPARE(lisi.get(kApi + QString::fromLatin1(path)).status, 403);
    }

    void badParameters_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("no set") << "/moderation/stats/people";
        QTest::newRow("unknown set") << "/moderation/stats/people?set=inactiveLast7Days";
        QTest::newRow("limit 0") << "/moderation/stats/people?set=activeToday&limit=0";
        QTest::newRow("limit 201") << "/moderation/stats/people?set=activeToday&limit=201";
        QTest::newRow("limit words") << "/moderation/stats/people?set=activeToday&limit=many";
        QTest::newRow("after negative") << "/moderation/stats/people?set=activeToday&after=-1";
        QTest::newRow("after words") << "/moderation/stats/people?set=activeToday&after=x";
        QTest::newRow("bad date") << "/moderation/stats/people?set=activeToday&date=2024-02-30";
        QTest::newRow("days 0") << "/moderation/stats/days?days=0";
        QTest::newRow("days 367") << "/moderation/stats/days?days=367";
        QTest::newRow("bad to") << "/moderation/stats/days?to=yesterday";
    }

    void badParameters()
    {
        QFETCH(QString, path);
        const HttpResult r = m_mod->get(kApi + path);
        QCOMPARE(r.status, 400);
    }

    void farAfterIsAnEmptyLastPage()
    {
        const HttpResult r = m_mod->get(
            kApi + QStringLiteral("/moderation/stats/people?set=activeToday&after=99999999999"));
        QCOMPARE(r.status, 200);
        QVERIFY(r.obj().value("items").toArray().isEmpty());
        QVERIFY(r.obj().value("next").isNull());
    }
};

QTEST_GUILESS_MAIN(TstLoginStats)
#include "tst_loginstats.moc"

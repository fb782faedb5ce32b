// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// RelativeTime: every boundary of docs/design.md's relative-time rules, both zones (UTC+8 and the
// system's, which CTest sets to America/New_York), both languages (zh_CN and en); and the
// app-wide TimeTicker with a fake clock.
#include "common/relativetime.h"
#include "common/timeticker.h"

#include "i18n.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QSignalSpy>
#include <QTest>
#include <QTimeZone>

#include <cstdlib>
#include <ctime>

using threadline::models::RelativeTime;
using threadline::models::TimeTicker;

Q_DECLARE_METATYPE(threadline::models::RelativeTime::Zone)

namespace {

constexpr qint64 S = 1000;
constexpr qint64 M = 60 * S;
constexpr qint64 H = 60 * M;

// Milliseconds since the epoch for a wall-clock time in UTC+8.
qint64 utc8(int y, int mo, int d, int h, int mi, int s = 0)
{
    return QDateTime(QDate(y, mo, d), QTime(h, mi, s), QTimeZone(8 * 3600)).toMSecsSinceEpoch();
}

} // namespace

class TestRelativeTime : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void format_data();
    void format();
    void nextChange_data();
    void nextChange();
    void nextChangeMatchesFormat_data();
    void nextChangeMatchesFormat();
    void tickerClamps();
    void tickerKeepsEarliest();
    void tickerEmitsAtEarliestDue();
    void tickerRearms();
};

void TestRelativeTime::initTestCase()
{
    // CTest sets TZ=America/New_York; make a direct run deterministic as well.
    if (qEnvironmentVariableIsEmpty("TZ")) {
        qputenv("TZ", "America/New_York");
        tzset();
    }
    const QDateTime winter = QDateTime::fromMSecsSinceEpoch(utc8(2027, 1, 1, 0, 30));
    QVERIFY2(winter.offsetFromUtc() == -5 * 3600,
             "the System-zone rows expect TZ=America/New_York (UTC-5 in winter)");
}

void TestRelativeTime::cleanupTestCase()
{
    threadline::installTranslations(*QCoreApplication::instance(), QLocale(QLocale::English));
}

void TestRelativeTime::format_data()
{
    QTest::addColumn<RelativeTime::Zone>("zone");
    QTest::addColumn<QString>("lang");
    QTest::addColumn<qint64>("createtime");
    QTest::addColumn<qint64>("now");
    QTest::addColumn<QString>("expected");

    const auto U8 = RelativeTime::Zone::Utc8;
    const auto Sys = RelativeTime::Zone::System;
    const qint64 now = utc8(2026, 11, 30, 12, 0);

    struct Age
    {
        const char *name;
        qint64 age;
        const char *zh;
        const char *en;
    };
    const Age ages[] = {
        {"0 s", 0, "刚刚", "just now"},
        {"59 s", 59 * S, "刚刚", "just now"},
        {"59.999 s", M - 1, "刚刚", "just now"},
        {"60 s", M, "1分钟前", "1 minute ago"},
        {"119 s", 2 * M - 1, "1分钟前", "1 minute ago"},
        {"2 min", 2 * M, "2分钟前", "2 minutes ago"},
        {"5 min 30 s", 5 * M + 30 * S, "5分钟前", "5 minutes ago"},
        {"59 min 59 s", H - S, "59分钟前", "59 minutes ago"},
        {"1 h", H, "1小时前", "1 hour ago"},
        {"1 h 27 min", H + 27 * M, "1小时前", "1 hour ago"},
        {"2 h", 2 * H, "2小时前", "2 hours ago"},
        {"23 h 59 min", 23 * H + 59 * M, "23小时前", "23 hours ago"},
        {"24 h - 1 ms", 24 * H - 1, "23小时前", "23 hours ago"},
        {"24 h", 24 * H, "11-29 12:00", "11-29 12:00"},
        {"future 1 s", -S, "刚刚", "just now"},
        {"future 2 h", -2 * H, "刚刚", "just now"},
        {"future 400 days", -400 * 24 * H, "刚刚", "just now"},
    };
    for (const char *lang : {"zh_CN", "en"}) {
        const bool zh = QByteArray(lang) == "zh_CN";
        for (const Age &a : ages) {
            for (const auto zone : {U8, Sys}) {
                // Relative labels do not depend on the zone; the 24 h date row does.
                QString expected = QString::fromUtf8(zh ? a.zh : a.en);
                if (zone == Sys && a.age == 24 * H)
                    expected = QStringLiteral("11-28 23:00"); // 11-29 12:00 UTC+8 in New York
                QTest::addRow("%s %s %s", lang, zone == U8 ? "utc8" : "system", a.name)
                    << zone << QString::fromLatin1(lang) << now - a.age << now << expected;
            }
        }
        // Dates: same year "MM-dd HH:mm", before it "yyyy-MM-dd" — the same in both languages.
        QTest::addRow("%s utc8 yesterday", lang)
            << U8 << QString::fromLatin1(lang) << utc8(2026, 11, 29, 8, 15) << now
            << QStringLiteral("11-29 08:15");
        QTest::addRow("%s utc8 this year", lang)
            << U8 << QString::fromLatin1(lang) << utc8(2026, 11, 28, 14, 5) << now
            << QStringLiteral("11-28 14:05");
        QTest::addRow("%s utc8 new year's day", lang)
            << U8 << QString::fromLatin1(lang) << utc8(2026, 1, 1, 0, 0) << now
            << QStringLiteral("01-01 00:00");
        QTest::addRow("%s utc8 last year", lang)
            << U8 << QString::fromLatin1(lang) << utc8(2025, 11, 28, 14, 5) << now
            << QStringLiteral("2025-11-28");
        QTest::addRow("%s utc8 last year's last minute", lang)
            << U8 << QString::fromLatin1(lang) << utc8(2025, 12, 31, 23, 59) << now
            << QStringLiteral("2025-12-31");
        QTest::addRow("%s system this year", lang)
            << Sys << QString::fromLatin1(lang) << utc8(2026, 11, 28, 14, 5) << now
            << QStringLiteral("11-28 01:05");
        QTest::addRow("%s system last year", lang)
            << Sys << QString::fromLatin1(lang) << utc8(2025, 11, 28, 14, 5) << now
            << QStringLiteral("2025-11-28");

        // Across the year boundary in UTC+8: now = 2027-01-01 00:30 UTC+8
        // (= 2026-12-31 16:30 UTC = 2026-12-31 11:30 in New York).
        const qint64 newYear = utc8(2027, 1, 1, 0, 30);
        QTest::addRow("%s utc8 new year 40 min", lang)
            << U8 << QString::fromLatin1(lang) << utc8(2026, 12, 31, 23, 50) << newYear
            << QString::fromUtf8(zh ? "40分钟前" : "40 minutes ago");
        QTest::addRow("%s system new year 40 min", lang)
            << Sys << QString::fromLatin1(lang) << utc8(2026, 12, 31, 23, 50) << newYear
            << QString::fromUtf8(zh ? "40分钟前" : "40 minutes ago");
        QTest::addRow("%s utc8 new year 24 h 30 min", lang)
            << U8 << QString::fromLatin1(lang) << utc8(2026, 12, 31, 0, 0) << newYear
            << QStringLiteral("2026-12-31");
        QTest::addRow("%s utc8 new year 2 days", lang)
            << U8 << QString::fromLatin1(lang) << utc8(2026, 12, 29, 23, 50) << newYear
            << QStringLiteral("2026-12-29");
        // Still 2026 in New York: the same instant reads as this year's date.
        QTest::addRow("%s system new year 2 days", lang)
            << Sys << QString::fromLatin1(lang) << utc8(2026, 12, 29, 23, 50) << newYear
            << QStringLiteral("12-29 10:50");
    }
}

void TestRelativeTime::format()
{
    QFETCH(RelativeTime::Zone, zone);
    QFETCH(QString, lang);
    QFETCH(qint64, createtime);
    QFETCH(qint64, now);
    QFETCH(QString, expected);

    QVERIFY(threadline::installTranslations(*QCoreApplication::instance(), QLocale(lang)));
    const RelativeTime rt(zone);
    QCOMPARE(rt.zone(), zone);
    QCOMPARE(rt.format(createtime, now), expected);
}

void TestRelativeTime::nextChange_data()
{
    QTest::addColumn<qint64>("age");
    QTest::addColumn<qint64>("expected");

    QTest::newRow("0 s") << qint64(0) << M;
    QTest::newRow("59.5 s") << 59 * S + 500 << qint64(500);
    QTest::newRow("60 s") << M << M;
    QTest::newRow("5 min 10 s") << 5 * M + 10 * S << 50 * S;
    QTest::newRow("59 min 59 s") << H - S << S;
    QTest::newRow("1 h") << H << H;
    QTest::newRow("3 h 20 min") << 3 * H + 20 * M << 40 * M;
    QTest::newRow("23 h 59 min") << 23 * H + 59 * M << M;
    QTest::newRow("24 h") << 24 * H << qint64(-1);
    QTest::newRow("400 days") << 400 * 24 * H << qint64(-1);
    QTest::newRow("future 5 s") << -5 * S << 65 * S;
}

void TestRelativeTime::nextChange()
{
    QFETCH(qint64, age);
    QFETCH(qint64, expected);
    const qint64 now = utc8(2026, 11, 30, 12, 0);
    for (const auto zone : {RelativeTime::Zone::Utc8, RelativeTime::Zone::System})
        QCOMPARE(RelativeTime(zone).nextChangeMs(now - age, now), expected);
}

void TestRelativeTime::nextChangeMatchesFormat_data()
{
    QTest::addColumn<qint64>("age");
    for (const qint64 age : {qint64(0), 30 * S, M, 90 * S, 10 * M + 1, H - 1, H, 5 * H + 7 * M,
                             23 * H + 30 * M, -3 * S})
        QTest::addRow("%lld ms", age) << age;
}

// The label stays the same until nextChangeMs and changes exactly then.
void TestRelativeTime::nextChangeMatchesFormat()
{
    QFETCH(qint64, age);
    threadline::installTranslations(*QCoreApplication::instance(), QLocale(QLocale::English));
    const RelativeTime rt;
    const qint64 now = utc8(2026, 11, 30, 12, 0);
    const qint64 create = now - age;
    const qint64 next = rt.nextChangeMs(create, now);
    QVERIFY(next > 0);
    QCOMPARE(rt.format(create, now + next - 1), rt.format(create, now));
    QVERIFY(rt.format(create, now + next) != rt.format(create, now));
}

void TestRelativeTime::tickerClamps()
{
    qint64 fakeNow = 1'000'000;
    TimeTicker ticker([&] { return fakeNow; });
    QVERIFY(!ticker.isActive());
    QCOMPARE(ticker.dueAtMs(), qint64(-1));

    ticker.setNextDue(-1); // never: nothing armed
    QVERIFY(!ticker.isActive());

    ticker.setNextDue(10); // below 1 s
    QVERIFY(ticker.isActive());
    QCOMPARE(ticker.dueAtMs(), fakeNow + TimeTicker::MinIntervalMs);

    TimeTicker idle([&] { return fakeNow; });
    idle.setNextDue(40 * M); // beyond 60 s
    QCOMPARE(idle.dueAtMs(), fakeNow + TimeTicker::MaxIntervalMs);
    idle.setNextDue(0);
    QCOMPARE(idle.dueAtMs(), fakeNow + TimeTicker::MinIntervalMs);
}

void TestRelativeTime::tickerKeepsEarliest()
{
    qint64 fakeNow = 5'000'000;
    const qint64 start = fakeNow;
    TimeTicker ticker([&] { return fakeNow; });
    ticker.setNextDue(30 * S);
    QCOMPARE(ticker.dueAtMs(), start + 30 * S);
    ticker.setNextDue(2 * S); // sooner: adapts
    QCOMPARE(ticker.dueAtMs(), start + 2 * S);
    ticker.setNextDue(5 * S); // later: the earlier one stays
    QCOMPARE(ticker.dueAtMs(), start + 2 * S);
    fakeNow += 1500;
    ticker.setNextDue(1 * S); // start + 2.5 s: still later
    QCOMPARE(ticker.dueAtMs(), start + 2 * S);
    ticker.setNextDue(0); // clamped to 1 s, start + 2.5 s
    QCOMPARE(ticker.dueAtMs(), start + 2 * S);
}

void TestRelativeTime::tickerEmitsAtEarliestDue()
{
    qint64 fakeNow = 7'000'000;
    TimeTicker ticker([&] { return fakeNow; });
    QSignalSpy spy(&ticker, &TimeTicker::tick);
    ticker.setNextDue(45 * S);
    ticker.setNextDue(1 * S); // the earliest wins: fires after ~1 s, not 45 s
    fakeNow += 1 * S;         // what the clock reads when the tick comes
    QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1, 5000);
    QCOMPARE(spy.at(0).at(0).value<qint64>(), fakeNow);
    // Nobody re-armed from the slot: the fallback tick is a minute away.
    QVERIFY(ticker.isActive());
    QCOMPARE(ticker.dueAtMs(), fakeNow + TimeTicker::MaxIntervalMs);
}

void TestRelativeTime::tickerRearms()
{
    qint64 fakeNow = 9'000'000;
    TimeTicker ticker([&] { return fakeNow; });
    const RelativeTime rt;
    const qint64 create = fakeNow - (5 * M + 59 * S); // "5 minutes ago", changes in 1 s
    QList<qint64> ticks;
    connect(&ticker, &TimeTicker::tick, &ticker, [&](qint64 now) {
        ticks.append(now);
        ticker.setNextDue(rt.nextChangeMs(create, now)); // as a model does
    });
    ticker.setNextDue(rt.nextChangeMs(create, fakeNow));
    QCOMPARE(ticker.dueAtMs(), fakeNow + 1 * S);
    fakeNow += 1 * S;
    QTRY_COMPARE_WITH_TIMEOUT(ticks.size(), 1, 5000);
    QCOMPARE(ticks.at(0), fakeNow);
    // Now exactly 6 minutes old: the model asked for the next minute.
    QCOMPARE(ticker.dueAtMs(), fakeNow + M);
}

QTEST_GUILESS_MAIN(TestRelativeTime)
#include "tst_relativetime.moc"

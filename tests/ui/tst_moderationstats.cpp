// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tst_moderationstats: the moderators' activity statistics against the real server,
// offscreen. The page's four figures and its chart's 30 bars are compared with what the server
// itself answers to the same GET /moderation/stats made here, for several dates (never with
// numbers of the demo's own, which grows); activeToday rises when people not yet active today
// sign in and call; two requests a date (its figures, the chart's 30 days in one), stale answers
// of a previous date dropped; "not loaded" is no 0 (offline: "—", hatched bars, words); a user
// who is no moderator reads "Only moderators can see the statistics."; the keyboard; a person's
// calendar equals GET /moderation/stats/users/{uid} (this month and the one before); an ordinary
// user's window has no Statistics page and no calendar, and asks nothing of the statistics;
// screenshots in English and zh_CN.
#include "account/session.h"
#include "appaccount.h"
#include "appcore.h"
#include "artifacts.h"
#include "feeds.h"
#include "i18n.h"
#include "moderation/activitychart.h"
#include "moderation/statsview.h"
#include "net/apiclient.h"
#include "people/activitycalendar.h"
#include "people/activitystatsfeed.h"
#include "people/profileheader.h"
#include "testserver.h"
#include "window/mainwindow.h"
#include "wire/jsoncodec.h"

#include <QApplication>
#include <QDateEdit>
#include <QDir>
#include <QFile>
#include <QListWidget>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTranslator>
#include <QVBoxLayout>

#include <algorithm>
#include <memory>

using namespace threadline;
using models::ActivityStatsFeed;
using test::Client;
using test::signIn;
using test::TestServer;
using ui::StatsView;
using Figure = StatsView::Figure;

namespace {
constexpr int kWaitMs = 30000;
const QString kApi = QStringLiteral("/api/v1");

QString day(const QDate &d)
{
    return d.toString(QStringLiteral("yyyy-MM-dd"));
}

// What the app would give the page: a client signed in as someone, and the page.
struct Side
{
    core::ApiClient api;
    std::unique_ptr<threadline::models::Feeds> feeds;
    std::unique_ptr<StatsView> view;

    Side(const QUrl &base, const QString &token)
    {
        api.setBaseUrl(base);
        api.setToken(token);
        feeds = std::make_unique<threadline::models::Feeds>(
            threadline::models::Feeds::Parts{&api, nullptr, nullptr, nullptr, nullptr});
        view = std::make_unique<StatsView>(feeds.get());
        view->resize(960, 620);
        view->show();
        if (!QTest::qWaitForWindowExposed(view.get()))
            qFatal("the view was not shown");
        view->activateWindow(); // the page's shortcuts (F5, Ctrl+Left…) need an active window
        if (!QTest::qWaitForWindowActive(view.get()))
            qFatal("the view did not become active");
    }
    [[nodiscard]] ActivityStatsFeed *feed() const { return view->feed(); }
    // Waits until every day of the window has answered.
    [[nodiscard]] bool settled() const
    {
        return QTest::qWaitFor([&] { return !feed()->isLoading(); }, kWaitMs);
    }
};
} // namespace

class TstModerationStats : public QObject
{
    Q_OBJECT

    TestServer m_server;
    QTemporaryDir m_dir;
    std::unique_ptr<Client> m_mod;
    std::unique_ptr<Client> m_lisi;

    std::unique_ptr<Side> side(const Client &as)
    {
        return std::make_unique<Side>(m_server.baseUrl(), as.token());
    }
    // The server's own answer for that day, as the moderator asks it here.
    std::optional<core::ModerationStats> serverStats(const QDate &d)
    {
        const auto r = m_mod->get(kApi + QStringLiteral("/moderation/stats?date=") + day(d));
        if (r.status != 200) {
            qWarning("%s", r.describe().constData());
            return std::nullopt;
        }
        auto decoded = core::decodeModerationStats(r.body);
        if (!decoded.ok())
            return std::nullopt;
        return decoded.value();
    }
    QList<int> serverDays(qint64 uid, const QDate &month)
    {
        const auto r = m_mod->get(kApi + QStringLiteral("/moderation/stats/users/%1?month=%2")
                                             .arg(uid)
                                             .arg(month.toString(QStringLiteral("yyyy-MM"))));
        const auto decoded = core::decodeUserActivityStats(r.body);
        if (r.status != 200 || !decoded.ok()) {
            qWarning("%s", r.describe().constData());
            return {-1};
        }
        return decoded.value().days;
    }
    void language(const QString &lang) { installTranslations(*qApp, QLocale(lang)); }
    core::AppCore::AccountOptions account(const QString &name)
    {
        return test::accountIn(QDir(m_dir.path()), name);
    }
    // Requests for one day's figures (`path` "/moderation/stats ") or for the chart's days
    // ("/moderation/stats/days").
    static int requestsFor(const QList<QByteArray> &lines, const QByteArray &path)
    {
        return int(std::count_if(lines.cbegin(), lines.cend(), [&path](const QByteArray &l) {
            return l.startsWith("GET /api/v1" + path);
        }));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY2(m_server.start(), m_server.stderrLog().right(2000).constData());
        QApplication::setOrganizationName(QStringLiteral("ThreadlineTest"));
        QApplication::setApplicationName(QStringLiteral("tst_moderationstats"));
        language(QStringLiteral("en"));
        m_mod = std::make_unique<Client>(m_server.baseUrl());
        m_lisi = std::make_unique<Client>(m_server.baseUrl());
        QVERIFY(!m_mod->login(QStringLiteral("moderator")).isEmpty());
        QVERIFY(!m_lisi->login(QStringLiteral("lisi")).isEmpty());
        // both active today from here on: nothing the test does later changes their day
        QCOMPARE(m_mod->get(kApi + QStringLiteral("/moderation/stats")).status, 200);
        QCOMPARE(m_lisi->get(kApi + QStringLiteral("/users/10002")).status, 200);
    }

    void figuresAndChartEqualTheServer_data()
    {
        QTest::addColumn<int>("daysBack");
        QTest::newRow("today") << 0;
        QTest::newRow("yesterday") << 1;
        QTest::newRow("3 days ago") << 3;
        QTest::newRow("a week ago") << 7;
        QTest::newRow("29 days ago") << 29;
        QTest::newRow("45 days ago") << 45;
    }

    void figuresAndChartEqualTheServer()
    {
        QFETCH(int, daysBack);
        auto s = side(*m_mod);
        const QDate date = ActivityStatsFeed::serverToday().addDays(-daysBack);
        s->view->setDate(date);
        QVERIFY(s->settled());
        QCOMPARE(s->view->date(), date);
        QCOMPARE(s->view->dateEdit()->date(), date);
        QCOMPARE(s->view->statusText(), QString());
        QVERIFY(!s->view->isBusy());

        const auto server = serverStats(date);
        QVERIFY(server);
        QCOMPARE(s->view->figureText(Figure::ActiveToday), QString::number(server->activeToday));
        QCOMPARE(s->view->figureText(Figure::ActiveAllOf3Days),
                 QString::number(server->activeAllOfLast3Days));
        QCOMPARE(s->view->figureText(Figure::ActiveAnyOf7Days),
                 QString::number(server->activeAnyOfLast7Days));
        QCOMPARE(s->view->figureText(Figure::InactiveFor7Days),
                 QString::number(server->inactiveLast7Days));
        QCOMPARE(s->view->figureCaption(Figure::ActiveToday), QStringLiteral("Active today"));
        QCOMPARE(s->view->figureCaption(Figure::ActiveAllOf3Days),
                 QStringLiteral("Active on each of the last 3 days"));
        QCOMPARE(s->view->figureCaption(Figure::ActiveAnyOf7Days),
                 QStringLiteral("Active on any of the last 7 days"));
        QCOMPARE(s->view->figureCaption(Figure::InactiveFor7Days),
                 QStringLiteral("Inactive for 7 days"));

        // the chart: the 30 days ending at the date, each the server's activeToday for that day
        ui::ActivityChart *chart = s->view->chart();
        const QList<QDate> dates = chart->dates();
        QCOMPARE(dates.size(), 30);
        QCOMPARE(dates.last(), date);
        QCOMPARE(dates.first(), date.addDays(-29));
        const QList<std::optional<qint64>> values = chart->values();
        for (int i = 0; i < 30; ++i) {
            const auto that = serverStats(dates.at(i));
            QVERIFY(that);
            QVERIFY2(values.at(i).has_value(), qPrintable(day(dates.at(i))));
            QCOMPARE(*values.at(i), that->activeToday);
        }
        // the selected bar (the day itself) in words under the chart
        QCOMPARE(chart->currentIndex(), 29);
        QCOMPARE(s->view->chartCaption(),
                 QStringLiteral("%1: %2 active").arg(day(date)).arg(server->activeToday));
        QVERIFY(chart->accessibleDescription().contains(day(date.addDays(-29))));
    }

    void activeTodayRisesWhenPeopleSignIn()
    {
        auto s = side(*m_mod);
        s->view->start();
        QVERIFY(s->settled());
        const QDate today = ActivityStatsFeed::serverToday();
        const auto before = serverStats(today);
        QVERIFY(before);
        QCOMPARE(s->view->figureText(Figure::ActiveToday), QString::number(before->activeToday));

        // people not active today yet (the demo may have made some so already) sign in and call
        struct Who
        {
            const char *name;
            qint64 uid;
        };
        int woken = 0;
        for (const Who &w : {Who{"zhangsan", 10001}, Who{"wangwu", 10003}, Who{"mazi", 10004},
                             Who{"tingtamen", 10005}, Who{"qianqi", 10006}, Who{"maliu", 10007}}) {
            if (serverDays(w.uid, today).contains(today.day()))
                continue;
            Client c(m_server.baseUrl());
            QVERIFY(!c.login(QString::fromLatin1(w.name)).isEmpty());
            QCOMPARE(c.get(kApi + QStringLiteral("/users/%1").arg(w.uid)).status, 200);
            QVERIFY(serverDays(w.uid, today).contains(today.day()));
            ++woken;
        }
        if (woken == 0)
            qWarning("everybody was active today already: the rise cannot be seen");

        // F5 asks again: the figure has risen by as many
        QSignalSpy figures(s->feed(), &ActivityStatsFeed::figuresLoaded);
        s->view->setFocus();
        QTest::keyClick(s->view.get(), Qt::Key_F5);
        QVERIFY(figures.wait(kWaitMs));
        QVERIFY(s->settled());
        QCOMPARE(s->view->figureText(Figure::ActiveToday),
                 QString::number(before->activeToday + woken));
        const auto after = serverStats(today);
        QVERIFY(after);
        QCOMPARE(after->activeToday, before->activeToday + woken);
        QCOMPARE(s->view->figureText(Figure::ActiveAnyOf7Days),
                 QString::number(after->activeAnyOfLast7Days));
        QCOMPARE(s->view->figureText(Figure::InactiveFor7Days),
                 QString::number(after->inactiveLast7Days));
        QCOMPARE(*s->view->chart()->values().last(), after->activeToday);
    }

    void requestsAreBoundedAndStaleAnswersDropped()
    {
        auto s = side(*m_mod);
        int most = 0;
        connect(s->feed(), &ActivityStatsFeed::changed, s->feed(),
                [&] { most = std::max(most, s->api.pendingCount()); });
        const QDate first = ActivityStatsFeed::serverToday().addDays(-60);
        s->view->setDate(first);
        most = std::max(most, s->api.pendingCount());
        QCOMPARE(s->api.pendingCount(), 2); // the day's figures and the chart's 30 days
        QVERIFY(s->feed()->isLoading());
        QCOMPARE(s->view->figureText(Figure::ActiveToday), QStringLiteral("…"));
        QVERIFY(s->view->isBusy());
        // another date far away before the first one has answered: its answers are dropped
        const QDate second = ActivityStatsFeed::serverToday().addDays(-5);
        s->view->setDate(second);
        QVERIFY(s->settled());
        QVERIFY2(most <= ActivityStatsFeed::kMaxInFlight, qPrintable(QString::number(most)));
        QCOMPARE(s->view->chart()->dates().last(), second);
        const QList<std::optional<qint64>> values = s->view->chart()->values();
        for (int i = 0; i < 30; ++i) {
            const auto that = serverStats(second.addDays(i - 29));
            QVERIFY(that && values.at(i));
            QCOMPARE(*values.at(i), that->activeToday);
        }
        const auto server = serverStats(second);
        QVERIFY(server);
        QCOMPARE(s->view->figureText(Figure::ActiveToday), QString::number(server->activeToday));
        // the first date's figures never show up for the second
        QCOMPARE(s->feed()->figures()->date, day(second));

        // one date asks two requests: its figures and the chart's 30 days at once
        QTRY_COMPARE(s->api.pendingCount(), 0);
        const qsizetype mark2 = m_server.settle();
        const QDate third = ActivityStatsFeed::serverToday().addDays(-100);
        s->view->setDate(third);
        QVERIFY(s->settled());
        const QList<QByteArray> asked = m_server.requestsSince(mark2);
        QCOMPARE(requestsFor(asked, "/moderation/stats "), 1);
        QCOMPARE(requestsFor(asked, "/moderation/stats/days"), 1);
        // a step back: that day's figures, and the chart again for the day it now lacks
        const qsizetype mark3 = m_server.settle();
        QTest::keyClick(s->view->dateEdit(), Qt::Key_Left, Qt::ControlModifier);
        QVERIFY(s->settled());
        QCOMPARE(s->view->date(), third.addDays(-1));
        const QList<QByteArray> step = m_server.requestsSince(mark3);
        QCOMPARE(requestsFor(step, "/moderation/stats "), 1);
        QCOMPARE(requestsFor(step, "/moderation/stats/days"), 1);
        // and forward again: everything is known, nothing is asked
        const qsizetype mark4 = m_server.settle();
        QTest::keyClick(s->view->dateEdit(), Qt::Key_Right, Qt::ControlModifier);
        QVERIFY(s->settled());
        QCOMPARE(s->view->date(), third);
        const QList<QByteArray> back = m_server.requestsSince(mark4);
        QCOMPARE(requestsFor(back, "/moderation/stats ") +
                     requestsFor(back, "/moderation/stats/days"),
                 0);
    }

    void notLoadedIsNoZero()
    {
        auto s = side(*m_mod);
        s->api.setOffline(true);
        QSignalSpy failed(s->feed(), &ActivityStatsFeed::loadFailed);
        s->view->start();
        QVERIFY(failed.count() > 0 || failed.wait(kWaitMs));
        QVERIFY(s->settled());
        QCOMPARE(failed.count(), 1); // said once, not 30 times
        for (const Figure f : {Figure::ActiveToday, Figure::ActiveAllOf3Days,
                               Figure::ActiveAnyOf7Days, Figure::InactiveFor7Days})
            QCOMPARE(s->view->figureText(f), QStringLiteral("—"));
        QCOMPARE(s->view->statusText(), QStringLiteral("Could not load the statistics: Offline"));
        const QList<std::optional<qint64>> values = s->view->chart()->values();
        QCOMPARE(values.size(), 30);
        QVERIFY(std::none_of(values.cbegin(), values.cend(),
                             [](const std::optional<qint64> &v) { return v.has_value(); }));
        QVERIFY(s->view->chartCaption().endsWith(QStringLiteral(": not loaded")));
        QVERIFY(!s->view->isBusy());
        const QString shot = QDir(test::artifactDir(QStringLiteral("moderationstats")))
                                 .filePath(QStringLiteral("stats-not-loaded-en.png"));
        QVERIFY2(s->view->grab().save(shot), qPrintable(shot));

        // back online, F5: everything there
        s->api.setOffline(false);
        QTest::keyClick(s->view.get(), Qt::Key_F5);
        QVERIFY(s->settled());
        QCOMPARE(s->view->statusText(), QString());
        const auto server = serverStats(s->view->date());
        QVERIFY(server);
        QCOMPARE(s->view->figureText(Figure::ActiveToday), QString::number(server->activeToday));
    }

    void ordinaryUsersAreToldInWords()
    {
        auto s = side(*m_lisi);
        QSignalSpy failed(s->feed(), &ActivityStatsFeed::loadFailed);
        s->view->start();
        QVERIFY(failed.wait(kWaitMs));
        QVERIFY(s->settled());
        QCOMPARE(failed.count(), 1);
        QVERIFY(s->feed()->isForbidden());
        QCOMPARE(s->view->statusText(), QStringLiteral("Only moderators can see the statistics."));
        QCOMPARE(s->view->figureText(Figure::ActiveToday), QStringLiteral("—"));
        // the first 403 stops the rest: no 30 refusals
        QVERIFY(s->feed()->requestsSent() <= ActivityStatsFeed::kMaxInFlight);
    }

    void keyboard()
    {
        auto s = side(*m_mod);
        s->view->start();
        QVERIFY(s->settled());
        const QDate today = ActivityStatsFeed::serverToday();
        QCOMPARE(s->view->date(), today);
        QDateEdit *edit = s->view->dateEdit();
        edit->setFocus();
        QTRY_VERIFY(edit->hasFocus());
        QTest::keyClick(edit, Qt::Key_Left, Qt::ControlModifier);
        QCOMPARE(s->view->date(), today.addDays(-1));
        QTest::keyClick(edit, Qt::Key_Left, Qt::ControlModifier);
        QCOMPARE(s->view->date(), today.addDays(-2));
        QTest::keyClick(edit, Qt::Key_Right, Qt::ControlModifier);
        QCOMPARE(s->view->date(), today.addDays(-1));
        QTest::keyClick(edit, Qt::Key_Home, Qt::ControlModifier);
        QCOMPARE(s->view->date(), today);
        QTest::keyClick(edit, Qt::Key_Right, Qt::ControlModifier); // no day after today
        QCOMPARE(s->view->date(), today);
        QVERIFY(s->settled());

        // typing in the date edit: the day part down by one, loaded once the typing pauses
        edit->setCurrentSection(QDateTimeEdit::DaySection);
        QSignalSpy figures(s->feed(), &ActivityStatsFeed::figuresLoaded);
        QTest::keyClick(edit, Qt::Key_Down);
        QVERIFY(figures.wait(kWaitMs));
        QCOMPARE(s->view->date(), edit->date());
        QVERIFY(s->view->date() < today);
        QVERIFY(s->settled());

        // the chart: Left / Home move the selected bar, its figure in words; Return picks it
        ui::ActivityChart *chart = s->view->chart();
        chart->setFocus();
        QTRY_VERIFY(chart->hasFocus());
        QTest::keyClick(chart, Qt::Key_Left);
        QCOMPARE(chart->currentIndex(), 28);
        const QDate picked = chart->dates().at(28);
        const auto server = serverStats(picked);
        QVERIFY(server);
        QCOMPARE(s->view->chartCaption(),
                 QStringLiteral("%1: %2 active").arg(day(picked)).arg(server->activeToday));
        QTest::keyClick(chart, Qt::Key_Home);
        QCOMPARE(chart->currentIndex(), 0);
        // hovering a bar selects it too
        QTest::mouseMove(chart, chart->barRect(10).center());
        QTRY_COMPARE(chart->currentIndex(), 10);
        QCOMPARE(s->view->chartCaption(), chart->textFor(10));
        QTest::keyClick(chart, Qt::Key_Return);
        QCOMPARE(s->view->date(), chart->dates().last());
        QVERIFY(s->settled());
    }

    void calendarEqualsTheServer()
    {
        core::ApiClient api;
        api.setBaseUrl(m_server.baseUrl());
        api.setToken(m_mod->token());
        threadline::models::Feeds feeds(
            threadline::models::Feeds::Parts{&api, nullptr, nullptr, nullptr, nullptr});
        ui::ProfileHeader header(&feeds, nullptr);
        header.setModeratorTools(true);
        header.resize(760, 200);
        header.show();
        QVERIFY(QTest::qWaitForWindowExposed(&header));
        ui::ActivityCalendar *calendar = header.activityCalendar();
        QVERIFY(calendar);
        QVERIFY(calendar->isVisible());
        QSignalSpy loaded(calendar, &ui::ActivityCalendar::loaded);
        header.setUser(10002, 10009); // 李四, active today (initTestCase)
        QVERIFY(loaded.wait(kWaitMs));
        const QDate today = ActivityStatsFeed::serverToday();
        const QDate month(today.year(), today.month(), 1);
        QCOMPARE(calendar->month(), month);
        QList<int> days = serverDays(10002, month);
        QCOMPARE(calendar->activeDays(), days);
        QVERIFY(days.contains(today.day()));
        const QString title = QLocale(QLocale::English, QLocale::UnitedStates)
                                  .toString(month, QStringLiteral("MMMM yyyy"));
        QCOMPARE(calendar->monthTitle(), title);
        QCOMPARE(calendar->summaryText(),
                 days.size() == 1
                     ? QStringLiteral("1 active day in %1").arg(title)
                     : QStringLiteral("%1 active days in %2").arg(days.size()).arg(title));
        QVERIFY(!calendar->nextButton()->isEnabled()); // no month after this one

        // the month before, by its button; back by Page Down
        QTest::mouseClick(calendar->previousButton(), Qt::LeftButton);
        QVERIFY(!calendar->isLoaded()); // nothing shown as active until it is there
        QVERIFY(calendar->activeDays().isEmpty());
        QVERIFY(loaded.wait(kWaitMs));
        QCOMPARE(calendar->month(), month.addMonths(-1));
        QCOMPARE(calendar->activeDays(), serverDays(10002, month.addMonths(-1)));
        calendar->setFocus();
        QTest::keyClick(calendar, Qt::Key_PageDown);
        QVERIFY(loaded.wait(kWaitMs));
        QCOMPARE(calendar->month(), month);

        // another person: their own days
        header.setUser(10009, 10009);
        QVERIFY(loaded.wait(kWaitMs));
        QCOMPARE(calendar->uid(), 10009);
        QCOMPARE(calendar->activeDays(), serverDays(10009, month));
    }

    void ordinaryUsersHaveNoStatisticsAnywhere()
    {
        // a header without the moderators' tools makes no calendar and asks nothing
        {
            core::ApiClient api;
            api.setBaseUrl(m_server.baseUrl());
            api.setToken(m_lisi->token());
            threadline::models::Feeds feeds(
                threadline::models::Feeds::Parts{&api, nullptr, nullptr, nullptr, nullptr});
            ui::ProfileHeader header(&feeds, nullptr);
            QSignalSpy loaded(&header, &ui::ProfileHeader::loaded);
            header.setUser(10003, 10002);
            QVERIFY(loaded.wait(kWaitMs));
            QVERIFY(!header.activityCalendar());
            QVERIFY(!header.findChild<ui::ActivityCalendar *>());
        }

        // the windows: 李四 has 9 pages and no calendar; the moderator has Statistics (after
        // Ctrl+0)
        const qsizetype mark = m_server.settle();
        {
            core::AppCore core;
            const auto me = signIn(core, m_server.baseUrl(), QStringLiteral("lisi"));
            QVERIFY(me);
            threadline::models::Feeds wFeeds(
                {core.api(), core.cache(), core.store(), core.outbox(), core.actions()});
            ui::MainWindow w(&core, &wFeeds);
            w.resize(1100, 700);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            w.startAccount(*me, account(QStringLiteral("lisi")));
            auto *nav = w.findChild<QListWidget *>(QStringLiteral("navigation"));
            QCOMPARE(nav->count(), 11); // + Likes, + Ranking, + Notifications (the last rows)
            QVERIFY(!w.findChild<StatsView *>());
            QTest::keyClick(&w, Qt::Key_0, Qt::ControlModifier);
            QCOMPARE(w.currentPage(), ui::MainWindow::Page::All);
            w.showPage(ui::MainWindow::Page::Statistics);
            QCOMPARE(w.currentPage(), ui::MainWindow::Page::All);
            w.openProfile(10003);
            QCOMPARE(w.currentPage(), ui::MainWindow::Page::Profile);
            for (ui::ProfileHeader *h : w.findChildren<ui::ProfileHeader *>()) {
                QVERIFY(!h->hasModeratorTools());
                QVERIFY(!h->activityCalendar());
            }
            QVERIFY(!w.findChild<ui::ActivityCalendar *>());
            QTRY_COMPARE_WITH_TIMEOUT(core.api()->pendingCount(), 0, kWaitMs);
        }
        QCOMPARE(requestsFor(m_server.requestsSince(mark), "/moderation/stats"), 0);

        core::AppCore core;
        const auto me = signIn(core, m_server.baseUrl(), QStringLiteral("moderator"));
        QVERIFY(me);
        threadline::models::Feeds wFeeds(
            {core.api(), core.cache(), core.store(), core.outbox(), core.actions()});
        ui::MainWindow w(&core, &wFeeds);
        w.resize(1100, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.startAccount(*me, account(QStringLiteral("moderator")));
        auto *nav = w.findChild<QListWidget *>(QStringLiteral("navigation"));
        QCOMPARE(nav->count(), 13); // + Likes, + Ranking, + Notifications (the last rows)
        QCOMPARE(nav->item(9)->text(), QStringLiteral("Moderation"));
        QCOMPARE(nav->item(10)->text(), QStringLiteral("Statistics"));
        QTest::keyClick(&w, Qt::Key_0, Qt::ControlModifier);
        QCOMPARE(w.currentPage(), ui::MainWindow::Page::Moderation);
        nav->setFocus(); // the eleventh page has no shortcut: the list's arrow keys reach it
        QTest::keyClick(nav, Qt::Key_Down);
        QCOMPARE(w.currentPage(), ui::MainWindow::Page::Statistics);
        auto *stats = w.findChild<StatsView *>();
        QVERIFY(stats && stats->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(!stats->feed()->isLoading() && stats->feed()->figures(), kWaitMs);
        const auto server = serverStats(stats->date());
        QVERIFY(server);
        QCOMPARE(stats->figureText(Figure::ActiveToday), QString::number(server->activeToday));
        const QString shot = QDir(test::artifactDir(QStringLiteral("moderationstats")))
                                 .filePath(QStringLiteral("mainwindow-statistics-en.png"));
        QVERIFY2(w.grab().save(shot), qPrintable(shot));
        nav->setCurrentRow(9);
        QCOMPARE(w.currentPage(), ui::MainWindow::Page::Moderation);
        nav->setCurrentRow(10);
        QCOMPARE(w.currentPage(), ui::MainWindow::Page::Statistics);
        // a person's page has the calendar for the moderator
        w.openProfile(10001);
        ui::ProfileHeader *header = nullptr;
        for (ui::ProfileHeader *h : w.findChildren<ui::ProfileHeader *>())
            if (h->uid() == 10001)
                header = h;
        QVERIFY(header && header->activityCalendar());
        QTRY_VERIFY_WITH_TIMEOUT(header->activityCalendar()->isLoaded(), kWaitMs);
        const QDate today = ActivityStatsFeed::serverToday();
        QCOMPARE(header->activityCalendar()->activeDays(),
                 serverDays(10001, QDate(today.year(), today.month(), 1)));
    }

    void screenshots_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }

    void screenshots()
    {
        QFETCH(QString, lang);
        language(lang);
        const QString dir = test::artifactDir(QStringLiteral("moderationstats"));
        QVERIFY(!dir.isEmpty());
        {
            auto s = side(*m_mod);
            s->view->start();
            QVERIFY(s->settled());
            s->view->chart()->setCurrentIndex(24);
            const QString path = QDir(dir).filePath(QStringLiteral("stats-%1.png").arg(lang));
            QVERIFY2(s->view->grab().save(path), qPrintable(path));
        }
        core::ApiClient api;
        api.setBaseUrl(m_server.baseUrl());
        api.setToken(m_mod->token());
        threadline::models::Feeds feeds(
            threadline::models::Feeds::Parts{&api, nullptr, nullptr, nullptr, nullptr});
        ui::ProfileHeader header(&feeds, nullptr);
        header.setModeratorTools(true);
        header.resize(720, 220);
        header.show();
        QVERIFY(QTest::qWaitForWindowExposed(&header));
        QSignalSpy loaded(header.activityCalendar(), &ui::ActivityCalendar::loaded);
        QSignalSpy profile(&header, &ui::ProfileHeader::loaded);
        header.setUser(10002, 10009);
        QVERIFY(loaded.wait(kWaitMs));
        QVERIFY(profile.count() > 0 || profile.wait(kWaitMs));
        // the layouts follow the new words: the calendar's, then the header's (posted events)
        for (int i = 0; i < 3; ++i)
            QCoreApplication::processEvents();
        const QString path = QDir(dir).filePath(QStringLiteral("calendar-%1.png").arg(lang));
        QVERIFY2(header.grab().save(path), qPrintable(path));
        language(QStringLiteral("en"));
    }
};

QTEST_MAIN(TstModerationStats)
#include "tst_moderationstats.moc"

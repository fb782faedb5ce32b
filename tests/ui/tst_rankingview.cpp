// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tst_rankingview: the Ranking page (RankingView, RankingDelegate) against the real server,
// offscreen, in English and Chinese — the top 10 of today and of this week in the server's order
// with ranks and points, my own place in words; the Today / This week switch by keyboard (Tab to
// it, arrows); a click or Return on a row asks for that person's page; a dead server in words;
// in the main window the page is in the navigation and Return opens the person's page; the last
// board saved in the cache shown before the server answers. Screenshots: ranking-<lang>-<theme>.png
// in the artifacts folder.
#include "appaccount.h"
#include "appcore.h"
#include "artifacts.h"
#include "cache/cache.h"
#include "common/placeholderlist.h"
#include "common/theme.h"
#include "feeds.h"
#include "i18n.h"
#include "net/apiclient.h"
#include "rankings/rankingfeed.h"
#include "rankings/rankingmodel.h"
#include "rankings/rankingview.h"
#include "testserver.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QDir>
#include <QJsonArray>
#include <QJsonObject>
#include <QListWidget>
#include <QSignalSpy>
#include <QTabBar>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace threadline;
using models::RankingModel;
using test::Client;
using test::TestServer;
using ui::RankingView;

namespace {
const QString kApi = QStringLiteral("/api/v1");
const QString kShots = test::artifactDir(QStringLiteral("rankingview"));
constexpr int kWait = 20000;

quint16 deadPort()
{
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        return 1;
    const quint16 port = probe.serverPort();
    probe.close();
    return port;
}

QList<qint64> column(const QAbstractItemModel &m, int role)
{
    QList<qint64> out;
    for (int row = 0; row < m.rowCount(); ++row)
        out.append(m.index(row, 0).data(role).toLongLong());
    return out;
}

struct Side
{
    core::ApiClient api;
    std::unique_ptr<models::Feeds> feeds;
    std::unique_ptr<RankingView> view;

    Side(const QUrl &base, const QString &token, qint64 me, core::Cache *cache = nullptr)
    {
        api.setBaseUrl(base);
        api.setToken(token);
        api.setRetryPolicy({1, 10, 10});
        api.setTimeoutMs(5000);
        feeds = std::make_unique<models::Feeds>(
            models::Feeds::Parts{&api, cache, nullptr, nullptr, nullptr});
        view = std::make_unique<RankingView>(feeds.get(), me);
        view->resize(560, 720);
        view->show();
    }
    [[nodiscard]] RankingModel *model() const { return view->model(); }
    bool loaded(core::Ranking::Window window)
    {
        return QTest::qWaitFor(
            [&] {
                return !view->feed()->isLoading() && model()->hasRanking() &&
                       model()->ranking().window == window && !view->feed()->showsSaved();
            },
            kWait);
    }
};

} // namespace

class TstRankingView : public QObject
{
    Q_OBJECT

    TestServer m_server;
    QTemporaryDir m_dir;
    std::unique_ptr<Client> m_lisi;

    std::unique_ptr<Side> side(core::Cache *cache = nullptr)
    {
        return std::make_unique<Side>(m_server.baseUrl(), m_lisi->token(), m_lisi->uid(), cache);
    }
    QJsonObject serverBoard(const QString &window)
    {
        return m_lisi->get(kApi + QStringLiteral("/rankings?window=") + window).obj();
    }
    static QList<qint64> uidsOf(const QJsonObject &board)
    {
        QList<qint64> out;
        for (const QJsonValue &v : board.value(QStringLiteral("items")).toArray())
            out.append(
                v.toObject().value(QStringLiteral("user")).toObject().value("uid").toInteger());
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QApplication::setFont(QFont(QStringLiteral("WenQuanYi Micro Hei"), 10));
        QApplication::setStyle(QStringLiteral("Fusion"));
        QApplication::setOrganizationName(QStringLiteral("ThreadlineTest"));
        QApplication::setApplicationName(QStringLiteral("tst_rankingview"));
        installTranslations(*qApp, QLocale(QStringLiteral("en")));
        QVERIFY(m_dir.isValid());
        QVERIFY2(m_server.start(), m_server.stderrLog().right(2000).constData());
        m_lisi = std::make_unique<Client>(m_server.baseUrl());
        QVERIFY(!m_lisi->login(QStringLiteral("lisi")).isEmpty());
        // lisi earns points today: two posts, and zhangsan likes one.
        Client zhangsan(m_server.baseUrl());
        QVERIFY(!zhangsan.login(QStringLiteral("zhangsan")).isEmpty());
        for (int i = 0; i < 2; ++i) {
            const auto post = m_lisi->post(
                kApi + QStringLiteral("/posts"),
                QJsonObject{{"content", QStringLiteral("排行 %1").arg(i)}, {"category", "TEXT"}});
            QCOMPARE(post.status, 201);
            QCOMPARE(
                zhangsan
                    .put(kApi +
                         QStringLiteral("/posts/%1/like").arg(post.obj().value("id").toInteger()))
                    .status,
                200);
        }
    }

    void cleanup()
    {
        installTranslations(*qApp, QLocale(QStringLiteral("en")));
        ui::applyTheme(ui::Theme::Light);
    }

    void boardsAsTheServerHasThem_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<bool>("dark");
        QTest::newRow("en-light") << QStringLiteral("en") << false;
        QTest::newRow("zh_CN-light") << QStringLiteral("zh_CN") << false;
        QTest::newRow("en-dark") << QStringLiteral("en") << true;
        QTest::newRow("zh_CN-dark") << QStringLiteral("zh_CN") << true;
    }

    void boardsAsTheServerHasThem()
    {
        QFETCH(QString, lang);
        QFETCH(bool, dark);
        installTranslations(*qApp, QLocale(lang));
        ui::applyTheme(dark ? ui::Theme::Dark : ui::Theme::Light);
        auto s = side();
        QCOMPARE(s->view->board(), RankingView::Board::Today);
        s->view->start();
        QVERIFY(s->loaded(core::Ranking::Window::Day));
        const QJsonObject day = serverBoard(QStringLiteral("day"));
        QVERIFY(s->model()->rowCount() > 0);
        QVERIFY(s->model()->rowCount() <= 10);
        QCOMPARE(column(*s->model(), RankingModel::UidRole), uidsOf(day));
        for (int row = 0; row < s->model()->rowCount(); ++row) {
            const QJsonObject e = day.value("items").toArray().at(row).toObject();
            QCOMPARE(s->model()->index(row).data(RankingModel::RankRole).toLongLong(),
                     e.value("rank").toInteger());
            QCOMPARE(s->model()->index(row).data(RankingModel::PointsRole).toLongLong(),
                     e.value("points").toInteger());
        }
        // my place, in words with my points and rank
        const QJsonObject me = day.value("me").toObject();
        QVERIFY(me.value("points").toInteger() >= 8); // two posts and two likes received
        const QString line = s->view->myLine();
        QVERIFY2(line.contains(QString::number(me.value("points").toInteger())), qPrintable(line));
        QVERIFY2(line.contains(QString::number(me.value("rank").toInteger())), qPrintable(line));
        if (lang == QLatin1String("zh_CN"))
            QVERIFY2(line.contains(QStringLiteral("分")), qPrintable(line));
        else
            QVERIFY2(line.contains(QStringLiteral("points")), qPrintable(line));
        QTRY_VERIFY(s->view->list()->viewport()->grab().toImage().pixelColor(5, 5).isValid());
        QVERIFY(s->view->grab().save(QDir(kShots).filePath(
            QStringLiteral("ranking-%1-%2.png")
                .arg(lang, dark ? QStringLiteral("dark") : QStringLiteral("light")))));

        // This week, by keyboard: Tab to the switch, Right.
        s->view->tabs()->setFocus();
        QTest::keyClick(s->view->tabs(), Qt::Key_Right);
        QCOMPARE(s->view->board(), RankingView::Board::ThisWeek);
        QVERIFY(s->loaded(core::Ranking::Window::Week));
        const QJsonObject week = serverBoard(QStringLiteral("week"));
        QCOMPARE(column(*s->model(), RankingModel::UidRole), uidsOf(week));
        QVERIFY(s->view->myLine().contains(
            QString::number(week.value("me").toObject().value("points").toInteger())));
        QVERIFY(s->view->grab().save(QDir(kShots).filePath(
            QStringLiteral("ranking-week-%1-%2.png")
                .arg(lang, dark ? QStringLiteral("dark") : QStringLiteral("light")))));
    }

    void clickAndReturnAskForThePerson()
    {
        auto s = side();
        s->view->start();
        QVERIFY(s->loaded(core::Ranking::Window::Day));
        QVERIFY(s->model()->rowCount() >= 2);
        QSignalSpy asked(s->view.get(), &RankingView::personRequested);
        const QRect second = s->view->list()->visualRect(s->model()->index(1));
        QTest::mouseClick(s->view->list()->viewport(), Qt::LeftButton, {}, second.center());
        QCOMPARE(asked.size(), 1);
        QCOMPARE(asked.at(0).at(0).toLongLong(),
                 s->model()->index(1).data(RankingModel::UidRole).toLongLong());
        s->view->list()->setFocus();
        s->view->list()->setCurrentIndex(s->model()->index(0));
        QTest::keyClick(s->view->list(), Qt::Key_Return);
        QCOMPARE(asked.size(), 2);
        QCOMPARE(asked.at(1).at(0).toLongLong(),
                 s->model()->index(0).data(RankingModel::UidRole).toLongLong());
    }

    void deadServerInWords_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }

    void deadServerInWords()
    {
        QFETCH(QString, lang);
        installTranslations(*qApp, QLocale(lang));
        Side dead(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(deadPort())), m_lisi->token(),
                  m_lisi->uid());
        dead.view->start();
        QTRY_VERIFY_WITH_TIMEOUT(!dead.view->feed()->isLoading(), kWait);
        const QString words = dead.view->list()->placeholder();
        QVERIFY2(!words.isEmpty(), "a failed load says so");
        QCOMPARE(words.startsWith(QStringLiteral("Could not load the ranking")),
                 lang == QLatin1String("en"));
        QCOMPARE(dead.model()->rowCount(), 0);
    }

    void savedBoardFirst()
    {
        // A cache with a saved board: shown at once, then the server's replaces it.
        core::Cache cache;
        QSignalSpy opened(&cache, &core::Cache::opened);
        cache.open(QDir(m_dir.path()).filePath(QStringLiteral("cache.db")));
        QVERIFY(opened.wait(kWait));
        QVERIFY(opened.at(0).at(0).toBool());
        QJsonObject saved = serverBoard(QStringLiteral("day"));
        QJsonArray items;
        items.append(QJsonObject{{"rank", 1},
                                 {"points", 99},
                                 {"user", QJsonObject{{"uid", 4242}, {"nickName", "saved"}}}});
        saved.insert(QStringLiteral("items"), items);
        cache.saveMeta(models::RankingFeed::cacheKey(core::Ranking::Window::Day),
                       QString::fromUtf8(QJsonDocument(saved).toJson(QJsonDocument::Compact)));
        // offline first: only the saved board
        Side offline(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(deadPort())), m_lisi->token(),
                     m_lisi->uid(), &cache);
        offline.view->start();
        QTRY_VERIFY_WITH_TIMEOUT(offline.model()->rowCount() == 1, kWait);
        QCOMPARE(offline.model()->index(0).data(RankingModel::UidRole).toLongLong(), 4242);
        QVERIFY(offline.view->feed()->showsSaved());
        QTRY_VERIFY_WITH_TIMEOUT(!offline.view->feed()->isLoading(), kWait);
        QCOMPARE(offline.model()->rowCount(), 1); // a failure keeps the saved board
        // online: the server's board replaces it and is saved
        auto s = side(&cache);
        s->view->start();
        QVERIFY(s->loaded(core::Ranking::Window::Day));
        QCOMPARE(column(*s->model(), RankingModel::UidRole), uidsOf(serverBoard("day")));
    }

    void mainWindowPage()
    {
        core::AppCore core;
        const auto me = test::signIn(core, m_server.baseUrl(), QStringLiteral("lisi"));
        QVERIFY(me);
        models::Feeds feeds(
            {core.api(), core.cache(), core.store(), core.outbox(), core.actions()});
        ui::MainWindow w(&core, &feeds);
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.startAccount(*me, test::accountIn(QDir(m_dir.path()), QStringLiteral("lisi")));
        // the navigation's row before the last (Notifications), by the keyboard: End, Up
        auto *nav = w.findChild<QListWidget *>(QStringLiteral("navigation"));
        QVERIFY(nav);
        QCOMPARE(nav->item(nav->count() - 2)->text(), QStringLiteral("Ranking"));
        nav->setFocus();
        QTest::keyClick(nav, Qt::Key_End);
        QCOMPARE(w.currentPage(), ui::MainWindow::Page::Notifications);
        QTest::keyClick(nav, Qt::Key_Up);
        QCOMPARE(w.currentPage(), ui::MainWindow::Page::Ranking);
        RankingView *view = w.rankingView();
        QVERIFY(view && view->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(view->model()->rowCount() > 0 && !view->feed()->isLoading(),
                                 kWait);
        int other = -1;
        for (int row = 0; row < view->model()->rowCount() && other < 0; ++row)
            if (!view->model()->index(row).data(RankingModel::IsMeRole).toBool())
                other = row;
        QVERIFY(other >= 0);
        view->list()->setFocus();
        view->list()->setCurrentIndex(view->model()->index(other));
        QTest::keyClick(view->list(), Qt::Key_Return);
        QCOMPARE(w.currentPage(), ui::MainWindow::Page::Profile);
    }
};

QTEST_MAIN(TstRankingView)
#include "tst_rankingview.moc"

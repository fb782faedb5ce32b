// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tst_searchview: Search (Ctrl+F) in the main window against the real server, offscreen, in
// English and Chinese — Ctrl+F puts the focus in the field, typed text (Chinese through the input
// method's commit, as an IME delivers it) and Return search the server; the cards found are
// shown with the text marked on them (the marker's yellow painted where the layout says); the
// Comments tab shows the comment found as its post with that comment, Down goes into the results
// and Return opens the thread at that comment; People: Return opens the person; Esc goes back to
// the page before; offline the same search reads the cache and says so; a 2-character query
// says it looked through the newest posts only. Screenshots: search-<lang>-<theme>.png
// (THREADLINE_TEST_ARTIFACTS keeps them).
#include "appaccount.h"
#include "appcore.h"
#include "artifacts.h"
#include "common/placeholderlist.h"
#include "common/theme.h"
#include "feeds.h"
#include "i18n.h"
#include "search/searchfeed.h"
#include "search/searchpeoplemodel.h"
#include "search/searchview.h"
#include "testserver.h"
#include "thread/commenttreemodel.h"
#include "thread/threadview.h"
#include "timeline/postdelegate.h"
#include "timeline/timelinemodel.h"
#include "timeline/timelineview.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QDir>
#include <QInputMethodEvent>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace threadline;
using models::TimelineModel;
using test::Client;
using test::TestServer;
using ui::MainWindow;

namespace {
const QString kApi = QStringLiteral("/api/v1");
const QString kShots = test::artifactDir(QStringLiteral("search"));
constexpr int kWait = 20000;
const QColor kMarker(0xff, 0xd5, 0x4f); // PostDelegate's marker

struct Window
{
    core::AppCore core;
    std::unique_ptr<models::Feeds> feeds;
    std::unique_ptr<MainWindow> window;
};

// Text as an input method hands it to the field (how Chinese arrives from an IME).
void commit(QWidget *field, const QString &text)
{
    QInputMethodEvent event;
    event.setCommitString(text);
    QApplication::sendEvent(field, &event);
}

// How many of the image's pixels are the marker's yellow.
int markerPixels(const QImage &image)
{
    int n = 0;
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    for (int y = 0; y < rgb.height(); ++y)
        for (int x = 0; x < rgb.width(); ++x)
            if (QColor(rgb.pixel(x, y)) == kMarker)
                ++n;
    return n;
}
} // namespace

class TestSearchView : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    TestServer m_server;
    qint64 m_post = 0;    // 李四's post with the sentence
    qint64 m_busy = 0;    // the post the comment is on
    qint64 m_comment = 0; // 王五's comment holding the sentence

    std::unique_ptr<Window> open(const QString &user, const QString &account)
    {
        auto w = std::make_unique<Window>();
        const auto me = test::signIn(w->core, m_server.baseUrl(), user);
        if (!me)
            return nullptr;
        w->feeds = std::make_unique<models::Feeds>(models::Feeds::Parts{
            w->core.api(), w->core.cache(), w->core.store(), w->core.outbox(), w->core.actions()});
        w->window = std::make_unique<MainWindow>(&w->core, w->feeds.get());
        w->window->resize(1100, 720);
        w->window->show();
        if (!QTest::qWaitForWindowExposed(w->window.get()))
            return nullptr;
        w->window->startAccount(*me, test::accountIn(QDir(m_dir.path()), account));
        return w;
    }

    static bool idle(ui::SearchView *view)
    {
        return !view->feed()->isBusy() &&
               view->feed()->source() != models::SearchFeed::Source::None;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QApplication::setFont(QFont(QStringLiteral("WenQuanYi Micro Hei"), 10));
        QApplication::setStyle(QStringLiteral("Fusion"));
        QApplication::setOrganizationName(QStringLiteral("ThreadlineTest"));
        QApplication::setApplicationName(QStringLiteral("tst_searchview"));
        QVERIFY(m_dir.isValid());
        QVERIFY2(m_server.start(), m_server.stderrLog().right(2000).constData());
        Client lisi(m_server.baseUrl());
        QVERIFY(!lisi.login(QStringLiteral("lisi")).isEmpty());
        Client wangwu(m_server.baseUrl());
        QVERIFY(!wangwu.login(QStringLiteral("wangwu")).isEmpty());
        auto r = lisi.post(kApi + QStringLiteral("/posts"),
                           QJsonObject{{"content", QStringLiteral("公园里有一只独角兽在弹钢琴，"
                                                                  "A unicorn playing piano")}});
        QCOMPARE(r.status, 201);
        m_post = r.obj().value(QStringLiteral("id")).toInteger();
        r = lisi.post(kApi + QStringLiteral("/posts"),
                      QJsonObject{{"content", QStringLiteral("周末大家都去哪儿玩了？")}});
        QCOMPARE(r.status, 201);
        m_busy = r.obj().value(QStringLiteral("id")).toInteger();
        r = wangwu.post(kApi + QStringLiteral("/posts/%1/comments").arg(m_busy),
                        QJsonObject{{"content", QStringLiteral("我在湖边看见骑自行车的企鹅了")}});
        QCOMPARE(r.status, 201);
        m_comment = r.obj().value(QStringLiteral("id")).toInteger();
    }

    void cleanup()
    {
        ui::applyTheme(ui::Theme::Light);
        installTranslations(*qApp, QLocale(QStringLiteral("en")));
    }

    void searchWithTheKeyboard_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QString>("theme");
        QTest::addColumn<QString>("server"); // the status line, online
        QTest::addColumn<QString>("offline");
        QTest::addColumn<QString>("recent");
        QTest::newRow("en") << QStringLiteral("en") << QStringLiteral("light")
                            << QStringLiteral("Searched the server.")
                            << QStringLiteral("Offline: searched what is saved on this computer.")
                            << QStringLiteral("Only the newest");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << QStringLiteral("dark")
                               << QStringLiteral("已搜索服务器。")
                               << QStringLiteral("离线：已搜索本机保存的内容。")
                               << QStringLiteral("只查看了最新的");
    }

    void searchWithTheKeyboard()
    {
        QFETCH(QString, lang);
        QFETCH(QString, theme);
        QFETCH(QString, server);
        QFETCH(QString, offline);
        QFETCH(QString, recent);
        QVERIFY(installTranslations(*qApp, QLocale(lang)));
        ui::applyTheme(theme == QLatin1String("dark") ? ui::Theme::Dark : ui::Theme::Light);
        auto w = open(QStringLiteral("zhangsan"), QStringLiteral("zhangsan-") + lang);
        QVERIFY(w);
        MainWindow &win = *w->window;
        QTRY_VERIFY_WITH_TIMEOUT(win.timelineModel(MainWindow::Page::All)->rowCount() > 0, kWait);

        // Ctrl+F: the Search page, the focus in its field
        QTest::keyClick(&win, Qt::Key_F, Qt::ControlModifier);
        QCOMPARE(win.currentPage(), MainWindow::Page::Search);
        ui::SearchView *view = win.searchView();
        QVERIFY(view);
        QTRY_COMPARE(QApplication::focusWidget(), view->field());
        QVERIFY(!view->field()->accessibleName().isEmpty());
        QVERIFY(!view->results()->accessibleName().isEmpty());
        QVERIFY(!view->people()->accessibleName().isEmpty());

        // typed (any 3 characters of the sentence), Return: the server's cards, marked
        commit(view->field(), QStringLiteral("独角兽在弹"));
        QCOMPARE(view->field()->text(), QStringLiteral("独角兽在弹"));
        QTest::keyClick(view->field(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(idle(view), kWait);
        TimelineModel *results = view->resultsModel();
        QCOMPARE(results->rowCount(), 1);
        QCOMPARE(results->postIdAt(0), m_post);
        QCOMPARE(view->feed()->source(), models::SearchFeed::Source::Server);
        QCOMPARE(view->statusLine()->text(), server);
        const QModelIndex card = results->index(0);
        QCOMPARE(card.data(TimelineModel::HighlightRole).toString(), QStringLiteral("独角兽在弹"));
        const ui::PostDelegate::CardLayout &layout =
            view->results()->postDelegate()->layoutFor(view->results()->itemOption(card), card);
        QCOMPARE(layout.contentMatches.size(), 1);
        QTRY_VERIFY(markerPixels(view->results()->viewport()->grab().toImage()) > 50);

        // an English word, in another case, typed key by key
        view->focusField();
        QTest::keyClicks(view->field(), QStringLiteral("UNICORN"));
        QTest::keyClick(view->field(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(idle(view) && results->rowCount() == 1, kWait);
        QCOMPARE(results->postIdAt(0), m_post);

        // Comments: the comment found shows in its post; Down, then Return opens the thread at it
        view->kinds()->setCurrentIndex(1);
        view->focusField();
        commit(view->field(), QStringLiteral("骑自行车的企鹅"));
        QTest::keyClick(view->field(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(idle(view) && results->rowCount() == 1, kWait);
        QCOMPARE(results->postIdAt(0), m_busy);
        const QModelIndex row = results->index(0);
        QCOMPARE(row.data(TimelineModel::MatchedCommentRole).toLongLong(), m_comment);
        const QVariantList inline_ = row.data(TimelineModel::InlineCommentsRole).toList();
        QCOMPARE(inline_.size(), 1);
        QCOMPARE(inline_.first().toMap().value(QStringLiteral("id")).toLongLong(), m_comment);
        const ui::PostDelegate::CardLayout &commentLayout =
            view->results()->postDelegate()->layoutFor(view->results()->itemOption(row), row);
        QCOMPARE(commentLayout.commentMatches.value(0).size(), 1);
        QTRY_VERIFY(markerPixels(view->results()->viewport()->grab().toImage()) > 50);
        QVERIFY(win.grab().save(
            QDir(kShots).filePath(QStringLiteral("search-%1-%2.png").arg(lang, theme))));
        QTest::keyClick(view->field(), Qt::Key_Down);
        QTRY_COMPARE(QApplication::focusWidget(), view->results());
        QCOMPARE(view->results()->currentIndex().row(), 0);
        QTest::keyClick(view->results(), Qt::Key_Return);
        ui::ThreadView *thread = win.threadView();
        QTRY_VERIFY(thread->isVisible());
        QCOMPARE(thread->postId(), m_busy);
        QTRY_COMPARE_WITH_TIMEOUT(
            thread->treeView()->currentIndex().data(models::CommentTreeModel::IdRole).toLongLong(),
            m_comment, kWait);

        // People: a name, Return on the person found opens their page
        view->kinds()->setCurrentIndex(2);
        view->focusField();
        commit(view->field(), QStringLiteral("钱七"));
        QTest::keyClick(view->field(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(idle(view) && view->peopleModel()->rowCount() == 1, kWait);
        QCOMPARE(view->peopleModel()->uidAt(0), 10006);
        QTest::keyClick(view->field(), Qt::Key_Down);
        QTRY_COMPARE(QApplication::focusWidget(), view->people());
        QTest::keyClick(view->people(), Qt::Key_Return);
        QTRY_COMPARE(win.currentPage(), MainWindow::Page::Profile);

        // back to the search, Esc from the results: the page before
        win.showPage(MainWindow::Page::All);
        QTest::keyClick(&win, Qt::Key_F, Qt::ControlModifier);
        QCOMPARE(win.currentPage(), MainWindow::Page::Search);
        view->kinds()->setCurrentIndex(0);
        QTRY_VERIFY_WITH_TIMEOUT(idle(view), kWait);
        QTest::keyClick(view->field(), Qt::Key_Escape);
        QCOMPARE(win.currentPage(), MainWindow::Page::All);

        // offline: the same search reads the cache, and says so (the thread opened above put the
        // comment there)
        w->core.setOffline(true);
        QTest::keyClick(&win, Qt::Key_F, Qt::ControlModifier);
        view->kinds()->setCurrentIndex(1);
        view->field()->clear();
        commit(view->field(), QStringLiteral("骑自行车"));
        QTest::keyClick(view->field(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(idle(view) && results->rowCount() == 1, kWait);
        QCOMPARE(view->feed()->source(), models::SearchFeed::Source::Offline);
        QCOMPARE(results->postIdAt(0), m_busy);
        QCOMPARE(view->statusLine()->text(), offline);
        // two characters: the newest posts only, in words
        view->kinds()->setCurrentIndex(0);
        view->field()->clear();
        commit(view->field(), QStringLiteral("周末"));
        QTest::keyClick(view->field(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(idle(view), kWait);
        QVERIFY2(view->statusLine()->text().contains(recent),
                 qPrintable(view->statusLine()->text()));
        QVERIFY(view->feed()->window() > 0);
    }
};

QTEST_MAIN(TestSearchView)
#include "tst_searchview.moc"

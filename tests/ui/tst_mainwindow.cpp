// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The main window against the real server: signed in, the All page shows the server's first page,
// pages switch by keyboard, a thread opens beside the timeline, a like shows at once, the offline
// switch, both languages; and the `threadline` program itself taking a screenshot from the
// command line (the sample fixture on top, a thread open).
#include "account/session.h"
#include "appaccount.h"
#include "appcore.h"
#include "artifacts.h"
#include "common/messagebar.h"
#include "dialogs/helpdialogs.h"
#include "errorlogmodel.h"
#include "feeds.h"
#include "i18n.h"
#include "moderation/moderationview.h"
#include "moderation/statsview.h"
#include "notifications/notificationsview.h"
#include "outbox/outbox.h"
#include "people/profileheader.h"
#include "poststore.h"
#include "search/searchview.h"
#include "signedinwindow.h"
#include "syncengine.h"
#include "testserver.h"
#include "thread/commenttreemodel.h"
#include "thread/threadview.h"
#include "timeline/timelinefeed.h"
#include "timeline/timelinemodel.h"
#include "timeline/timelineview.h"
#include "window/errorlogdialog.h"
#include "window/mainwindow.h"
#include "window/outboxpanel.h"
#include "window/qapanel.h"
#include "wire/jsoncodec.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QDockWidget>
#include <QImage>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTreeView>
#include <algorithm>

using namespace threadline;
using test::Client;
using test::signIn;
using test::TestServer;
using ui::MainWindow;

class TstMainWindow : public QObject
{
    Q_OBJECT

    TestServer m_server;
    QTemporaryDir m_dir;

    core::AppCore::AccountOptions account(const QString &name)
    {
        return test::accountIn(QDir(m_dir.path()), name);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_server.start());
        QApplication::setOrganizationName(QStringLiteral("ThreadlineTest"));
        QApplication::setApplicationName(QStringLiteral("tst_mainwindow"));
    }

    void signedInWindowShowsPagesThreadsAndLikes()
    {
        test::SignedInWindow s;
        QVERIFY(s.open(m_server.baseUrl(), QStringLiteral("zhangsan"),
                       account(QStringLiteral("zhangsan")), {1200, 800}));
        MainWindow &w = *s.window;
        core::AppCore &core = s.core;
        QVERIFY(w.windowTitle().contains(QStringLiteral("张三")));

        // the All page: the server's first page, in its order
        models::TimelineModel *all = w.timelineModel(MainWindow::Page::All);
        QTRY_VERIFY_WITH_TIMEOUT(all->rowCount() >= 20, 20000);
        Client c(m_server.baseUrl());
        c.login(QStringLiteral("zhangsan"));
        const auto page =
            core::decodePostPage(c.get(QStringLiteral("/api/v1/timeline?scope=all")).body);
        QVERIFY(page.ok());
        QCOMPARE(all->postIdAt(0), page.value().items.first().id);

        // Ctrl+4: hot today; Ctrl+1 back
        QTest::keyClick(&w, Qt::Key_4, Qt::ControlModifier);
        QCOMPARE(w.currentPage(), MainWindow::Page::HotDay);
        QTRY_VERIFY_WITH_TIMEOUT(w.timelineModel(MainWindow::Page::HotDay)->rowCount() > 0, 20000);
        QTest::keyClick(&w, Qt::Key_1, Qt::ControlModifier);
        QCOMPARE(w.currentPage(), MainWindow::Page::All);

        // a person's page: their header, their posts
        w.openProfile(10003);
        QCOMPARE(w.currentPage(), MainWindow::Page::Profile);
        ui::ProfileHeader *header = nullptr;
        for (ui::ProfileHeader *h : w.findChildren<ui::ProfileHeader *>())
            if (h->uid() == 10003)
                header = h;
        QVERIFY(header);
        QVERIFY(header->isVisible());
        QTRY_COMPARE(header->nameText(), QStringLiteral("王五"));
        QTRY_VERIFY_WITH_TIMEOUT(w.timelineModel(MainWindow::Page::Profile)->rowCount() > 0, 20000);
        for (int row = 0; row < w.timelineModel(MainWindow::Page::Profile)->rowCount(); ++row)
            QCOMPARE(w.timelineModel(MainWindow::Page::Profile)
                         ->index(row)
                         .data(models::TimelineModel::AuthorIdRole)
                         .toLongLong(),
                     10003);
        QTest::keyClick(&w, Qt::Key_1, Qt::ControlModifier); // back: no list row was the person
        QCOMPARE(w.currentPage(), MainWindow::Page::All);

        // a thread opens beside the timeline
        w.openThread(90500);
        QVERIFY(w.threadView()->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(w.threadView()->model()->floorCount() > 0, 20000);

        // a like from the card shows at once
        const qint64 postId = all->postIdAt(1);
        const bool liked = all->index(1).data(models::TimelineModel::LikedRole).toBool();
        Q_EMIT w.timelineView(MainWindow::Page::All)->likeClicked(postId);
        QCOMPARE(core.store()->post(postId)->liked, !liked);

        // the offline switch: Ctrl+Shift+O, said in the status bar
        QTest::keyClick(&w, Qt::Key_O, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(core.isOffline());
        QTRY_VERIFY(core.statusText().startsWith(QStringLiteral("Offline")));
        QTest::keyClick(&w, Qt::Key_O, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(!core.isOffline());

        // a 410 (cursor older than the change log): the pages shown are asked for again
        // (counted from a settled baseline: a page still on its way must not pass for one)
        QTRY_COMPARE_WITH_TIMEOUT(core.api()->pendingCount(), 0, 10000);
        const qsizetype mark = m_server.settle();
        QVERIFY(mark >= 0);
        const auto timelineCalls = [&] {
            const QList<QByteArray> lines = m_server.requestsSince(mark);
            return std::count_if(lines.cbegin(), lines.cend(), [](const QByteArray &l) {
                return l.startsWith("GET /api/v1/timeline ");
            });
        };
        Q_EMIT core.sync()->cursorExpired();
        QTRY_VERIFY_WITH_TIMEOUT(timelineCalls() > 0, 10000);

        // what a user sees: a picture of it
        const QImage shot = w.grab().toImage();
        QCOMPARE(shot.size(), w.size() * w.devicePixelRatio());
        QVERIFY(shot.save(QDir(threadline::test::artifactDir(QStringLiteral("mainwindow")))
                              .filePath(QStringLiteral("threadline-mainwindow.png"))));
    }

    void moderatorsHaveTheirPage()
    {
        core::AppCore core;
        const auto me = signIn(core, m_server.baseUrl(), QStringLiteral("moderator"));
        QVERIFY(me);
        threadline::models::Feeds wFeeds(
            {core.api(), core.cache(), core.store(), core.outbox(), core.actions()});
        MainWindow w(&core, &wFeeds);
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.startAccount(*me, account(QStringLiteral("moderator")));
        auto *nav = w.findChild<QListWidget *>(QStringLiteral("navigation"));
        QCOMPARE(nav->count(), 13); // + Ranking, + Notifications, the last rows
        QCOMPARE(nav->item(12)->text(), QStringLiteral("Notifications"));
        QCOMPARE(nav->item(8)->text(), QStringLiteral("Likes"));
        QCOMPARE(nav->item(9)->text(), QStringLiteral("Moderation"));
        QCOMPARE(nav->item(10)->text(), QStringLiteral("Statistics"));
        QTest::keyClick(&w, Qt::Key_9, Qt::ControlModifier);
        QCOMPARE(w.currentPage(), MainWindow::Page::Likes);
        QTest::keyClick(&w, Qt::Key_0, Qt::ControlModifier); // the tenth page
        QCOMPARE(w.currentPage(), MainWindow::Page::Moderation);
        nav->setFocus(); // the eleventh has no shortcut: the list's arrow keys reach it
        QTest::keyClick(nav, Qt::Key_Down);
        QCOMPARE(w.currentPage(), MainWindow::Page::Statistics);
        QTest::keyClick(&w, Qt::Key_N, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(w.currentPage(), MainWindow::Page::Notifications);
        QVERIFY(w.notificationsView() && w.notificationsView()->isVisible());
        // an ordinary user next: no such page
        core::AppCore other;
        const auto reader = signIn(other, m_server.baseUrl(), QStringLiteral("lisi"));
        QVERIFY(reader);
        threadline::models::Feeds vFeeds(
            {other.api(), other.cache(), other.store(), other.outbox(), other.actions()});
        MainWindow v(&other, &vFeeds);
        v.startAccount(*reader, account(QStringLiteral("lisi")));
        QCOMPARE(v.findChild<QListWidget *>(QStringLiteral("navigation"))->count(),
                 11); // + Likes, + Ranking, + Notifications
    }

    // Nothing hidden is made before it is shown: a moderator's pages, Notifications, Search, the
    // outbox's and the QA panel's docks. A replay report that comes before the outbox's dock
    // is made is said in the status bar and waits in the panel.
    void hiddenPartsAreMadeWhenFirstShown()
    {
        test::SignedInWindow s;
        QVERIFY(s.open(m_server.baseUrl(), QStringLiteral("moderator"),
                       account(QStringLiteral("moderator-lazy")), {1200, 800}));
        MainWindow &w = *s.window;
        models::TimelineModel *all = w.timelineModel(MainWindow::Page::All);
        QTRY_VERIFY_WITH_TIMEOUT(all->rowCount() > 0, 20000);
        QVERIFY(w.findChildren<ui::ModerationView *>().isEmpty());
        QVERIFY(w.findChildren<ui::StatsView *>().isEmpty());
        QVERIFY(w.findChildren<ui::NotificationsView *>().isEmpty());
        QVERIFY(w.findChildren<ui::SearchView *>().isEmpty());
        QVERIFY(w.findChildren<ui::OutboxPanel *>().isEmpty());
        QVERIFY(w.findChildren<ui::QaPanel *>().isEmpty());

        // A comment written offline is replayed when the window goes online again.
        const qint64 post = all->postIdAt(0);
        s.core.setOffline(true);
        s.core.actions()->comment(post, 0, QStringLiteral("written offline"));
        QTRY_COMPARE(s.core.outbox()->pendingCount(), 1);
        QTRY_VERIFY(s.core.statusText().contains(QStringLiteral("waiting")));
        s.core.setOffline(false);
        QTRY_VERIFY_WITH_TIMEOUT(
            w.statusBar()->currentMessage().startsWith(QStringLiteral("1 change(s) saved")), 20000);
        QVERIFY(w.findChildren<ui::OutboxPanel *>().isEmpty());
        QTest::keyClick(&w, Qt::Key_Q, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(w.outboxDock()->isVisible());
        QVERIFY(w.outboxPanel()->replayReport().startsWith(QStringLiteral("1 change(s) saved")));
        QTest::keyClick(&w, Qt::Key_Q, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(w.outboxDock()->isHidden());

        // Each page when first shown.
        QTest::keyClick(&w, Qt::Key_0, Qt::ControlModifier);
        QCOMPARE(w.currentPage(), MainWindow::Page::Moderation);
        QCOMPARE(w.findChildren<ui::ModerationView *>().size(), 1);
        QVERIFY(w.findChild<ui::ModerationView *>()->isVisible());
        QVERIFY(w.findChildren<ui::StatsView *>().isEmpty());
        QTest::keyClick(&w, Qt::Key_N, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(w.findChild<ui::NotificationsView *>()->isVisible());
        QTest::keyClick(&w, Qt::Key_F, Qt::ControlModifier);
        QCOMPARE(w.currentPage(), MainWindow::Page::Search);
        QVERIFY(w.findChild<ui::SearchView *>()->isVisible());
    }

    // A request that fails keeps its request id, the one the server logged it under: in the
    // thread pane's Details, in the status bar's "1 failed request" and in Recent errors,
    // where it is copied for a problem report — by mouse and by keyboard.
    void failedRequestsKeepTheirRequestIds()
    {
        test::SignedInWindow s;
        QVERIFY(s.open(m_server.baseUrl(), QStringLiteral("zhangsan"),
                       account(QStringLiteral("zhangsan")), {1200, 800}));
        MainWindow &w = *s.window;
        QTRY_VERIFY_WITH_TIMEOUT(w.timelineModel(MainWindow::Page::All)->rowCount() > 0, 20000);
        models::ErrorLogModel *log = w.errorLog();
        QToolButton *button = w.errorStatusButton();
        log->markSeen();
        QVERIFY(!button->isVisible());

        // a post that is not there: its thread's requests answer 404
        w.openThread(987654321);
        QTRY_VERIFY_WITH_TIMEOUT(button->isVisible(), 20000);
        QVERIFY2(button->text().contains(QStringLiteral("failed request")),
                 qPrintable(button->text()));
        const QString newest =
            log->index(0, models::ErrorLogModel::RequestColumn).data().toString();
        QVERIFY2(newest.contains(QStringLiteral("/api/v1/posts/987654321")), qPrintable(newest));
        const QString id = log->index(0, 0).data(models::ErrorLogModel::RequestIdRole).toString();
        QVERIFY(!id.isEmpty());
        QVERIFY(button->toolTip().contains(id));
        QVERIFY2(log->index(0, 0)
                     .data(models::ErrorLogModel::DetailsRole)
                     .toString()
                     .contains(QStringLiteral("HTTP status: 404 (not_found)")),
                 qPrintable(log->report(0)));
        // the server's log line for that request carries the same id
        QTRY_VERIFY(m_server.stderrLog().contains(" " + id.toLatin1() + " " + newest.toLatin1()));

        // the thread pane says it in words, its Details give a request id the log has too
        auto *bar = w.threadView()->findChild<ui::MessageBar *>();
        QVERIFY(bar);
        QTRY_VERIFY_WITH_TIMEOUT(!bar->details().isEmpty(), 20000);
        const QRegularExpressionMatch paneId =
            QRegularExpression(QStringLiteral("Request id: (\\S+)")).match(bar->details());
        QVERIFY2(paneId.hasMatch(), qPrintable(bar->details()));
        bool listed = false;
        for (int row = 0; row < log->rowCount(); ++row)
            listed = listed || log->index(row, 0).data(models::ErrorLogModel::RequestIdRole) ==
                                   paneId.captured(1);
        QVERIFY(listed);

        // a click on the status bar's button: Recent errors, the newest selected, seen
        QTest::mouseClick(button, Qt::LeftButton);
        ui::ErrorLogDialog *dialog = w.errorLogDialog();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        QCOMPARE(log->unseenCount(), 0);
        QVERIFY(!button->isVisible());
        QCOMPARE(dialog->view()->currentIndex().row(), 0);
        QVERIFY2(dialog->detailsText().contains(QStringLiteral("Request id: ") + id),
                 qPrintable(dialog->detailsText()));
        QVERIFY(dialog->detailsText().contains(newest));
        QVERIFY(QDir().mkpath(threadline::test::artifactDir(QStringLiteral("mainwindow"))));
        QVERIFY(
            dialog->grab().save(QDir(threadline::test::artifactDir(QStringLiteral("mainwindow")))
                                    .filePath(QStringLiteral("recent-errors.png"))));
        // in Chinese, live: the dialog and its rows are said again
        QVERIFY(installTranslations(*qApp, QLocale(QStringLiteral("zh_CN"))));
        QTRY_COMPARE(dialog->windowTitle(), QStringLiteral("最近的错误"));
        QVERIFY2(dialog->detailsText().contains(QStringLiteral("请求 ID：") + id),
                 qPrintable(dialog->detailsText()));
        QCOMPARE(log->headerData(models::ErrorLogModel::RequestIdColumn, Qt::Horizontal,
                                 Qt::DisplayRole),
                 QVariant(QStringLiteral("请求 ID")));
        QCoreApplication::processEvents(); // the buttons' new widths laid out
        QVERIFY(
            dialog->grab().save(QDir(threadline::test::artifactDir(QStringLiteral("mainwindow")))
                                    .filePath(QStringLiteral("recent-errors-zh_CN.png"))));
        installTranslations(*qApp, QLocale(QStringLiteral("en")));
        QTRY_COMPARE(dialog->windowTitle(), QStringLiteral("Recent errors"));

        // the keyboard: Ctrl+C in the list copies the selected report
        QApplication::clipboard()->clear();
        QTest::keyClick(dialog->view(), Qt::Key_C, Qt::ControlModifier);
        QCOMPARE(QApplication::clipboard()->text(), log->report(0));
        QVERIFY(QApplication::clipboard()->text().contains(id));
        // Return in the list closes it and keeps the list (never Clear by accident)
        QTest::keyClick(dialog->view(), Qt::Key_Return);
        QTRY_VERIFY(!w.errorLogDialog());
        QVERIFY(log->rowCount() > 0);

        // Help → Recent errors opens it again, by its action
        auto *action = w.findChild<QAction *>(QStringLiteral("recentErrors"));
        QVERIFY(action);
        QVERIFY(w.menuBar()->actions().last()->menu()->actions().contains(action));
        action->trigger();
        QVERIFY(w.errorLogDialog() && w.errorLogDialog()->isVisible());
        // Clear empties it and says so
        w.errorLogDialog()->findChild<QPushButton *>(QStringLiteral("clearErrors"))->click();
        QCOMPARE(log->rowCount(), 0);
        QVERIFY(
            w.errorLogDialog()->findChild<QLabel *>(QStringLiteral("errorLogEmpty"))->isVisible());
    }

    void settingsAreRemembered()
    {
        {
            core::AppCore core;
            threadline::models::Feeds wFeeds(
                {core.api(), core.cache(), core.store(), core.outbox(), core.actions()});
            MainWindow w(&core, &wFeeds);
            w.setInlineCommentCount(9); // clamped
            QCOMPARE(w.inlineCommentCount(), 5);
            w.resize(900, 640);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            w.close(); // remembers the place and the panes
        }
        core::AppCore core;
        threadline::models::Feeds againFeeds(
            {core.api(), core.cache(), core.store(), core.outbox(), core.actions()});
        MainWindow again(&core, &againFeeds);
        QCOMPARE(again.inlineCommentCount(), 5);
        QCOMPARE(again.size(), QSize(900, 640));
        again.setInlineCommentCount(3);
    }

    void chineseLabels()
    {
        QVERIFY(installTranslations(*qApp, QLocale(QStringLiteral("zh_CN"))));
        core::AppCore core;
        threadline::models::Feeds wFeeds(
            {core.api(), core.cache(), core.store(), core.outbox(), core.actions()});
        MainWindow w(&core, &wFeeds);
        auto *nav = w.findChild<QListWidget *>(QStringLiteral("navigation"));
        QVERIFY(nav);
        QCOMPARE(nav->item(0)->text(), QStringLiteral("全部"));
        installTranslations(*qApp, QLocale(QStringLiteral("en")));
        QTRY_COMPARE(nav->item(0)->text(), QStringLiteral("All"));
    }

    void helpMenuListsTheKeys_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }

    void helpMenuListsTheKeys()
    {
        // Help: Keyboard shortcuts (F1) lists the window's keys, read from its actions, and the
        // lists' own; About and the project's page are there, in the window's language.
        QFETCH(QString, lang);
        QVERIFY(installTranslations(*qApp, QLocale(lang)));
        core::AppCore core;
        threadline::models::Feeds wFeeds(
            {core.api(), core.cache(), core.store(), core.outbox(), core.actions()});
        MainWindow w(&core, &wFeeds);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QStringList menus;
        for (QAction *a : w.menuBar()->actions())
            menus << a->text();
        QCOMPARE(menus.size(), 3);
        QCOMPARE(menus.last(), lang == QLatin1String("en") ? QStringLiteral("&Help")
                                                           : QStringLiteral("帮助(&H)"));
        QVERIFY(w.findChild<QAction *>(QStringLiteral("about")));
        QVERIFY(w.findChild<QAction *>(QStringLiteral("projectPage")));
        QTest::keyClick(&w, Qt::Key_F1);
        ui::ShortcutsDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = w.findChild<ui::ShortcutsDialog *>()));
        QStringList keys, what;
        for (int row = 0; row < dialog->model()->rowCount(); ++row) {
            keys << dialog->model()->index(row, 0).data().toString();
            what << dialog->model()->index(row, 1).data().toString();
        }
        QVERIFY2(keys.contains(QKeySequence(QKeySequence::New).toString(QKeySequence::NativeText)),
                 qPrintable(keys.join(QLatin1Char('|'))));
        QVERIFY(keys.contains(QStringLiteral("L")));
        QVERIFY(keys.contains(QStringLiteral("F1")));
        QVERIFY(!what.join(QString()).contains(QLatin1Char('&')));
        QVERIFY(!keys.contains(QStringLiteral("Ctrl+0"))); // no moderator's page for others
        QVERIFY(!dialog->view()->accessibleName().isEmpty());
        QVERIFY(dialog->grab().save(QDir(test::artifactDir(QStringLiteral("mainwindow")))
                                        .filePath(QStringLiteral("shortcuts-%1.png").arg(lang))));
        dialog->close();
        installTranslations(*qApp, QLocale(QStringLiteral("en")));
    }

    void programTakesAScreenshot_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
        QTest::newRow("en") << QStringLiteral("en");
    }

    void programTakesAScreenshot()
    {
        QFETCH(QString, lang);
        const QString png = m_dir.filePath(QStringLiteral("shot-%1.png").arg(lang));
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("data")));
        env.insert(QStringLiteral("XDG_CACHE_HOME"), m_dir.filePath(QStringLiteral("cache")));
        p.setProcessEnvironment(env);
        p.start(
            QStringLiteral(THREADLINE_APP_BIN),
            {QStringLiteral("--server"), m_server.baseUrl().toString(), QStringLiteral("--user"),
             QStringLiteral("zhangsan"), QStringLiteral("--password"), QStringLiteral("demo"),
             QStringLiteral("--lang"), lang, QStringLiteral("--fixture"),
             QStringLiteral(THREADLINE_REPO_FIXTURES_DIR "/seed-post-90012.json"),
             QStringLiteral("--open-post"), QStringLiteral("90012"), QStringLiteral("--screenshot"),
             png, QStringLiteral("--size"), QStringLiteral("1280x800")});
        QVERIFY(p.waitForFinished(60000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        const QImage shot(png);
        QVERIFY(!shot.isNull());
        QCOMPARE(shot.size(), QSize(1280, 800));
        const QString kept = QDir(threadline::test::artifactDir(QStringLiteral("mainwindow")))
                                 .filePath(QStringLiteral("threadline-%1.png").arg(lang));
        QFile::remove(kept);
        QVERIFY(QFile::copy(png, kept));
    }

    void programWithoutAnAccountEndsAtOnce()
    {
        // --screenshot with nobody to sign in: exit 1 with the words, not a picture of nothing
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("nobody")));
        p.setProcessEnvironment(env);
        const QString png = m_dir.filePath(QStringLiteral("nobody.png"));
        p.start(QStringLiteral(THREADLINE_APP_BIN),
                {QStringLiteral("--server"), m_server.baseUrl().toString(),
                 QStringLiteral("--screenshot"), png});
        QVERIFY(p.waitForFinished(20000));
        QCOMPARE(p.exitCode(), 1);
        QVERIFY(p.readAllStandardError().contains("cannot sign in"));
        QVERIFY(!QFile::exists(png));
    }

    void programRefusesBadArguments()
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(env);
        const QString bogus = m_dir.filePath(QStringLiteral("bogus.json"));
        QFile f(bogus);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{ not json");
        f.close();
        for (const QStringList &args :
             {QStringList{QStringLiteral("--page"), QStringLiteral("nowhere")},
              QStringList{QStringLiteral("--open-post"), QStringLiteral("abc")},
              QStringList{QStringLiteral("--size"), QStringLiteral("10x10")},
              QStringList{QStringLiteral("--fixture"), bogus}}) {
            p.start(QStringLiteral(THREADLINE_APP_BIN), args);
            QVERIFY(p.waitForFinished(20000));
            QCOMPARE(p.exitCode(), 2);
            QVERIFY(!p.readAllStandardError().isEmpty());
        }
    }
};

QTEST_MAIN(TstMainWindow)
#include "tst_mainwindow.moc"

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The window with the keyboard alone, against the real server (real key presses on the real
// window, offscreen):
//  - Tab goes page list → timeline → thread's comments → reply box → page list, never to the
//    toolbar; Shift+Tab back; F6 / Shift+F6 from region to region;
//  - J / K (and Down / Up) move between posts; Return opens the thread and the focus stays on the
//    timeline, an empty thread too; R opens it with the cursor in the reply box; L likes;
//  - in the thread: J / K between comments, L likes the comment, R answers it in the box, Esc
//    closes the thread; Esc on the timeline closes it too;
//  - the status bar shows one message at a time: while a passing message shows, the lasting ones
//    (the outbox's count, the page's state) are hidden, and they come back after it; the bar is
//    grabbed as it goes;
//  - every row of the timeline and the thread offers its actions to a screen reader
//    (QAccessibleActionInterface), and the Like action likes.
#include "appaccount.h"
#include "appcore.h"
#include "artifacts.h"
#include "feeds.h"
#include "poststore.h"
#include "testserver.h"
#include "thread/commenttreemodel.h"
#include "thread/threadview.h"
#include "timeline/timelinemodel.h"
#include "timeline/timelineview.h"
#include "window/mainwindow.h"

#include <QAccessible>
#include <QAccessibleActionInterface>
#include <QApplication>
#include <QDir>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>
#include <QToolButton>

using namespace threadline;
using test::Client;
using test::signIn;
using test::TestServer;
using ui::MainWindow;

class TstKeyboard : public QObject
{
    Q_OBJECT

    TestServer m_server;
    QTemporaryDir m_dir;
    std::unique_ptr<core::AppCore> m_core;
    std::unique_ptr<models::Feeds> m_feeds;
    std::unique_ptr<MainWindow> m_w;

    QWidget *focus() const { return QApplication::focusWidget(); }
    ui::TimelineView *timeline() const { return m_w->timelineView(MainWindow::Page::All); }
    QListWidget *nav() const { return m_w->findChild<QListWidget *>(QStringLiteral("navigation")); }
    void press(Qt::Key key, Qt::KeyboardModifiers mods = Qt::NoModifier)
    {
        QTest::keyClick(focus() ? focus() : m_w.get(), key, mods);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_server.start());
        QApplication::setOrganizationName(QStringLiteral("ThreadlineTest"));
        QApplication::setApplicationName(QStringLiteral("tst_keyboard"));
        QAccessible::setActive(true); // the row actions are what a screen reader gets
        m_core = std::make_unique<core::AppCore>();
        const auto me = signIn(*m_core, m_server.baseUrl(), QStringLiteral("zhangsan"));
        QVERIFY(me);
        m_feeds = std::make_unique<models::Feeds>(models::Feeds::Parts{
            m_core->api(), m_core->cache(), m_core->store(), m_core->outbox(), m_core->actions()});
        m_w = std::make_unique<MainWindow>(m_core.get(), m_feeds.get());
        m_w->resize(1200, 800);
        m_w->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_w.get()));
        QApplication::setActiveWindow(m_w.get());
        m_w->startAccount(*me, test::accountIn(QDir(m_dir.path()), QStringLiteral("zhangsan")));
        QTRY_VERIFY_WITH_TIMEOUT(m_w->timelineModel(MainWindow::Page::All)->rowCount() >= 10,
                                 20000);
    }

    void tabGoesPagesTimelineThreadBoxAndNeverTheToolbar()
    {
        for (QToolButton *b : m_w->toolBar()->findChildren<QToolButton *>())
            QVERIFY2(!(b->focusPolicy() & Qt::TabFocus), qPrintable(b->objectName()));
        // nor the status bar's buttons (the outbox's count, "N failed requests"): their keys
        // are Ctrl+Shift+Q and Help → Recent errors…
        for (QToolButton *b : m_w->statusBar()->findChildren<QToolButton *>())
            QVERIFY2(!(b->focusPolicy() & Qt::TabFocus), qPrintable(b->objectName()));
        nav()->setFocus();
        QTRY_COMPARE(focus(), nav());
        press(Qt::Key_Tab);
        QCOMPARE(focus(), timeline());
        // a thread open: its comments, then its box, then round to the page list
        timeline()->setCurrentIndex(timeline()->model()->index(0, 0));
        press(Qt::Key_Return);
        QVERIFY(m_w->threadView()->isVisible());
        QCOMPARE(focus(), timeline()); // Return opened it; the reader stays where they were
        press(Qt::Key_Tab);
        QCOMPARE(focus(), m_w->threadView()->treeView());
        press(Qt::Key_Tab);
        QCOMPARE(focus(), m_w->threadView()->replyEdit());
        press(Qt::Key_Tab);
        QCOMPARE(focus(), nav());
        // and back
        press(Qt::Key_Backtab, Qt::ShiftModifier);
        QCOMPARE(focus(), m_w->threadView()->replyEdit());
        press(Qt::Key_Backtab, Qt::ShiftModifier);
        QCOMPARE(focus(), m_w->threadView()->treeView());
        press(Qt::Key_Backtab, Qt::ShiftModifier);
        QCOMPARE(focus(), timeline());
        // F6 from region to region
        press(Qt::Key_F6);
        QCOMPARE(focus(), m_w->threadView()->treeView());
        press(Qt::Key_F6);
        QCOMPARE(focus(), m_w->threadView()->replyEdit());
        press(Qt::Key_F6);
        QCOMPARE(focus(), nav());
        press(Qt::Key_F6, Qt::ShiftModifier);
        QCOMPARE(focus(), m_w->threadView()->replyEdit());
        // Esc on the timeline closes the thread
        timeline()->setFocus();
        press(Qt::Key_Escape);
        QVERIFY(!m_w->threadView()->isVisible());
        QCOMPARE(focus(), timeline());
    }

    // On a page that is no row of the list (a person's), Tab into the list keeps that page
    // (Qt made the first row current on focus, which showed All); Return on the row that is
    // current shows its page, and the arrows move from it as ever.
    void theListKeepsAPersonsPageWhenFocused()
    {
        nav()->setFocus();
        press(Qt::Key_Home);
        QCOMPARE(m_w->currentPage(), MainWindow::Page::All);
        m_w->openProfile(10002);
        QCOMPARE(m_w->currentPage(), MainWindow::Page::Profile);
        QVERIFY(nav()->selectedItems().isEmpty());
        timeline()->setFocus(); // somewhere else, then into the list as a keyboard user does
        nav()->setFocus(Qt::TabFocusReason);
        QTRY_COMPARE(focus(), nav());
        QCOMPARE(m_w->currentPage(), MainWindow::Page::Profile);
        press(Qt::Key_Return);
        QCOMPARE(m_w->currentPage(), MainWindow::Page::All);
        QCOMPARE(nav()->selectedItems().size(), 1);
        nav()->setFocus(Qt::TabFocusReason);
        QTRY_COMPARE(focus(), nav());
        press(Qt::Key_Down);
        QCOMPARE(m_w->currentPage(), MainWindow::Page::Following);
        press(Qt::Key_Up);
        QCOMPARE(m_w->currentPage(), MainWindow::Page::All);
    }

    void jkReturnLAndR()
    {
        timeline()->setFocus();
        timeline()->setCurrentIndex(timeline()->model()->index(0, 0));
        press(Qt::Key_J);
        QCOMPARE(timeline()->currentIndex().row(), 1);
        press(Qt::Key_J);
        QCOMPARE(timeline()->currentIndex().row(), 2);
        press(Qt::Key_K);
        QCOMPARE(timeline()->currentIndex().row(), 1);
        press(Qt::Key_Down);
        QCOMPARE(timeline()->currentIndex().row(), 2);
        // L likes the current post (at once: the store has it)
        const qint64 id = timeline()->currentPostId();
        const bool liked = m_core->store()->post(id)->liked;
        press(Qt::Key_L);
        QCOMPARE(m_core->store()->post(id)->liked, !liked);
        press(Qt::Key_L);
        QCOMPARE(m_core->store()->post(id)->liked, liked);
        // R: its thread, the cursor in the reply box
        press(Qt::Key_R);
        QVERIFY(m_w->threadView()->isVisible());
        QCOMPARE(m_w->threadView()->postId(), id);
        QCOMPARE(focus(), m_w->threadView()->replyEdit());
        // Esc in the empty box closes the thread; the focus goes back to the page
        press(Qt::Key_Escape);
        QVERIFY(!m_w->threadView()->isVisible());
        QCOMPARE(focus(), timeline());
    }

    void anEmptyThreadKeepsTheFocusOnTheTimeline()
    {
        Client c(m_server.baseUrl());
        c.login(QStringLiteral("lisi"));
        const auto r = c.post(QStringLiteral("/api/v1/posts"),
                              QJsonObject{{"category", "TEXT"},
                                          {"content", "a post nobody answered yet"},
                                          {"pictureUrls", QJsonArray{}}});
        QCOMPARE(r.status, 201);
        const qint64 fresh = r.obj().value(QStringLiteral("id")).toInteger();
        m_w->reload();
        models::TimelineModel *all = m_w->timelineModel(MainWindow::Page::All);
        QTRY_VERIFY_WITH_TIMEOUT(all->rowOf(fresh) >= 0, 20000);
        timeline()->setFocus();
        timeline()->setCurrentIndex(all->index(all->rowOf(fresh)));
        press(Qt::Key_Return);
        QCOMPARE(m_w->threadView()->postId(), fresh);
        QTRY_VERIFY_WITH_TIMEOUT(!m_w->threadView()->emptyText().isEmpty(), 10000);
        QCOMPARE(focus(), timeline()); // no exception for an empty thread
        press(Qt::Key_L);              // and L likes the next post, it types nothing into the box
        QVERIFY(m_w->threadView()->replyEdit()->toPlainText().isEmpty());
        press(Qt::Key_L);
        press(Qt::Key_Escape);
        QVERIFY(!m_w->threadView()->isVisible());
    }

    void theThreadByKeys()
    {
        m_w->openThread(90500); // the demo's long thread
        ui::ThreadView *t = m_w->threadView();
        QTRY_VERIFY_WITH_TIMEOUT(t->model()->floorCount() > 2, 20000);
        QAbstractItemView *tree = t->treeView();
        tree->setFocus();
        tree->setCurrentIndex(tree->model()->index(0, 0));
        press(Qt::Key_J);
        QCOMPARE(tree->currentIndex().row(), 1);
        press(Qt::Key_K);
        QCOMPARE(tree->currentIndex().row(), 0);
        const qint64 comment =
            tree->currentIndex().data(models::CommentTreeModel::IdRole).toLongLong();
        const bool liked = m_core->store()->comment(comment)->liked;
        press(Qt::Key_L);
        QCOMPARE(m_core->store()->comment(comment)->liked, !liked);
        press(Qt::Key_L);
        QCOMPARE(m_core->store()->comment(comment)->liked, liked);
        press(Qt::Key_R);
        QCOMPARE(focus(), t->replyEdit());
        QCOMPARE(t->replyTarget(), comment);
        press(Qt::Key_Escape); // the box answers the post again
        QCOMPARE(t->replyTarget(), 0);
        tree->setFocus();
        press(Qt::Key_Escape); // from the comments: closed
        QVERIFY(!t->isVisible());
    }

    void rowsOfferTheirActions()
    {
        ui::TimelineView *v = timeline();
        const QModelIndex row = v->model()->index(3, 0);
        QAccessibleInterface *list = QAccessible::queryAccessibleInterface(v);
        QVERIFY(list);
        QCOMPARE(list->role(), QAccessible::List);
        QCOMPARE(list->text(QAccessible::Name), QStringLiteral("Timeline"));
        QAccessibleInterface *item = list->child(3);
        QVERIFY(item);
        QCOMPARE(item->role(), QAccessible::ListItem);
        QCOMPARE(item->text(QAccessible::Name), row.data(Qt::AccessibleTextRole).toString());
        QCOMPARE(list->indexOfChild(item), 3);
        QAccessibleActionInterface *actions = item->actionInterface();
        QVERIFY(actions);
        const QStringList names = actions->actionNames();
        QVERIFY2(names.contains(QStringLiteral("Open")) && names.contains(QStringLiteral("Reply")),
                 qPrintable(names.join(',')));
        const qint64 id = row.data(models::TimelineModel::IdRole).toLongLong();
        const bool liked = m_core->store()->post(id)->liked;
        const QString like = liked ? QStringLiteral("Unlike") : QStringLiteral("Like");
        QVERIFY(names.contains(like));
        actions->doAction(like);
        QCOMPARE(m_core->store()->post(id)->liked, !liked);
        QCOMPARE(v->currentIndex().row(), 3); // the row acted on is the current one
        QVERIFY(item->actionInterface()->actionNames().contains(liked ? QStringLiteral("Like")
                                                                      : QStringLiteral("Unlike")));
        item->actionInterface()->doAction(liked ? QStringLiteral("Like")
                                                : QStringLiteral("Unlike"));
        QCOMPARE(m_core->store()->post(id)->liked, liked);
        // Open: the thread; its rows say who, the floor and the counts, and offer Reply
        actions->doAction(QStringLiteral("Open"));
        ui::ThreadView *t = m_w->threadView();
        QVERIFY(t->isVisible());
        QCOMPARE(t->postId(), id);
        m_w->openThread(90500);
        QTRY_VERIFY_WITH_TIMEOUT(t->model()->floorCount() > 2, 20000);
        QAccessibleInterface *comments = QAccessible::queryAccessibleInterface(t->treeView());
        QCOMPARE(comments->text(QAccessible::Name), QStringLiteral("Comments"));
        QAccessibleInterface *first = comments->child(0);
        QVERIFY(first);
        QVERIFY2(first->text(QAccessible::Name).contains(QStringLiteral(", floor ")),
                 qPrintable(first->text(QAccessible::Name)));
        QVERIFY(first->actionInterface()->actionNames().contains(QStringLiteral("Reply")));
        first->actionInterface()->doAction(QStringLiteral("Reply"));
        QCOMPARE(focus(), t->replyEdit());
        QCOMPARE(t->replyEdit()->accessibleName(), t->replyEdit()->placeholderText());
        press(Qt::Key_Escape);
        press(Qt::Key_Escape);
        QVERIFY(!t->isVisible());
    }

    void theStatusBarShowsOneMessageAtATime()
    {
        QStatusBar *bar = m_w->statusBar();
        QLabel *feedStatus = m_w->findChild<QLabel *>(QStringLiteral("feedStatus"));
        QToolButton *outbox = m_w->outboxStatusButton();
        QVERIFY(feedStatus && outbox);
        // a change on its way: the outbox's count is a lasting message
        timeline()->setFocus();
        timeline()->setCurrentIndex(timeline()->model()->index(4, 0));
        const auto lasting = [&] {
            return (feedStatus->isVisible() ? 1 : 0) + (outbox->isVisible() ? 1 : 0);
        };
        for (int round = 0; round < 3; ++round) {
            press(Qt::Key_L); // a like: "Sending 1 change…", then saved
            bar->showMessage(QStringLiteral("passing message %1").arg(round), 400);
            QVERIFY(!bar->currentMessage().isEmpty());
            QCOMPARE(lasting(), 0); // nothing drawn under the passing message
            QVERIFY(bar->grab().save(
                QDir(test::artifactDir(QStringLiteral("keyboard")))
                    .filePath(QStringLiteral("statusbar-passing-%1.png").arg(round))));
            QTRY_VERIFY(bar->currentMessage().isEmpty());
            QTRY_VERIFY(lasting() <= 1); // one lasting message, never two
            QVERIFY(lasting() == 1 || m_core->statusText().isEmpty());
            QVERIFY(bar->grab().save(
                QDir(test::artifactDir(QStringLiteral("keyboard")))
                    .filePath(QStringLiteral("statusbar-after-%1.png").arg(round))));
        }
        // the core's messages ("2 changes saved.") are passing ones too: never under another
        QTRY_COMPARE_WITH_TIMEOUT(m_core->pendingCount(), 0, 10000);
        QVERIFY(bar->currentMessage().isEmpty() || lasting() == 0);
    }
};

QTEST_MAIN(TstKeyboard)
#include "tst_keyboard.moc"

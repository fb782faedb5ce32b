// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What a new user meets in the first minutes, in the real window against the real
// server, in both languages: a post I publish is on top of All, Following and My posts at once
// (sending, then confirmed, never twice); the likers' line follows my optimistic like and
// unlike; my floor written offline says "sending…", not "Floor 0"; the first start says "Up to
// date", not "20 new posts", and the status bar says one thing at a time; an empty thread says
// so and puts the cursor in the comment box; after signing out the window says so, and its
// title names the app once; at a wide window the cards keep a readable column.
#include "actions.h"
#include "appaccount.h"
#include "appcore.h"
#include "artifacts.h"
#include "dialogs/composedialog.h"
#include "feeds.h"
#include "i18n.h"
#include "outbox/outbox.h"
#include "poststore.h"
#include "signedinwindow.h"
#include "testserver.h"
#include "thread/commentdelegate.h"
#include "thread/commenttreemodel.h"
#include "thread/threadview.h"
#include "timeline/timelinefeed.h"
#include "timeline/timelinemodel.h"
#include "timeline/timelineview.h"
#include "window/mainwindow.h"
#include "wire/jsoncodec.h"

#include <QAction>
#include <QApplication>
#include <QJsonObject>
#include <QLabel>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace threadline;
using models::TimelineModel;
using test::Client;
using test::signIn;
using test::TestServer;
using ui::MainWindow;

namespace {
constexpr int kWait = 20000;

// The rows of a model that show this post.
int rowsOf(const TimelineModel *m, qint64 id)
{
    int n = 0;
    for (int row = 0; row < m->rowCount(); ++row)
        n += m->postIdAt(row) == id;
    return n;
}

QString feedStatus(const MainWindow &w)
{
    const auto *label = w.findChild<QLabel *>(QStringLiteral("feedStatus"));
    return label && label->isVisibleTo(&w) ? label->text() : QString();
}

QString coreStatus(const MainWindow &w)
{
    const auto *button = w.findChild<QToolButton *>(QStringLiteral("outboxStatus"));
    return button && button->isVisibleTo(&w) ? button->text() : QString();
}
} // namespace

class TstFirstMinutes : public QObject
{
    Q_OBJECT

    TestServer m_server;
    QTemporaryDir m_dir;
    int m_accounts = 0;

    // A fresh account directory each time: an empty cache, an empty outbox.
    core::AppCore::AccountOptions account(const QString &name, int likeDelayMs = 100)
    {
        const QDir dir(m_dir.filePath(QStringLiteral("a%1").arg(++m_accounts)));
        dir.mkpath(QStringLiteral("."));
        core::AppCore::AccountOptions o = test::accountIn(dir, name);
        o.likeDelayMs = likeDelayMs;
        return o;
    }

    static void language(const QString &lang)
    {
        QVERIFY(installTranslations(*qApp, QLocale(lang)));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(m_server.start());
        QApplication::setOrganizationName(QStringLiteral("ThreadlineTest"));
        QApplication::setApplicationName(QStringLiteral("tst_firstminutes"));
        QApplication::setApplicationDisplayName(QStringLiteral("Threadline"));
    }

    void cleanup() { installTranslations(*qApp, QLocale(QStringLiteral("en"))); }

    // Ctrl+N, the text, Ctrl+Return: the post is on top of All, Following and My posts at once,
    // marked sending; then the server's post in the same row; a refresh does not show it twice.
    void myNewPostIsOnTopAtOnce()
    {
        core::AppCore core;
        const auto me = signIn(core, m_server.baseUrl(), QStringLiteral("zhangsan"));
        QVERIFY(me);
        threadline::models::Feeds wFeeds(
            {core.api(), core.cache(), core.store(), core.outbox(), core.actions()});
        MainWindow w(&core, &wFeeds);
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.startAccount(*me, account(QStringLiteral("zhangsan")));
        const QList<MainWindow::Page> pages{MainWindow::Page::All, MainWindow::Page::Following,
                                            MainWindow::Page::Mine};
        for (MainWindow::Page page : pages) { // every page once, so that its feed has started
            w.showPage(page);
            QTRY_VERIFY_WITH_TIMEOUT(w.timelineModel(page)->rowCount() > 0, kWait);
            QTRY_VERIFY_WITH_TIMEOUT(!w.feed(page)->isBusy(), kWait);
        }
        w.showPage(MainWindow::Page::All);

        // the first row each page gets after this: my post, before the server has answered
        QHash<MainWindow::Page, qint64> firstInserted;
        for (MainWindow::Page page : pages) {
            TimelineModel *m = w.timelineModel(page);
            connect(m, &QAbstractItemModel::rowsInserted, this,
                    [&firstInserted, m, page](const QModelIndex &, int first) {
                        if (!firstInserted.contains(page))
                            firstInserted.insert(page, first == 0 ? m->postIdAt(0) : 0);
                    });
        }
        QTest::keyClick(&w, Qt::Key_N, Qt::ControlModifier);
        ui::ComposeDialog *compose = nullptr;
        QTRY_VERIFY((compose = w.findChild<ui::ComposeDialog *>()) != nullptr);
        const QString text = QStringLiteral("第一次发帖 — my first post");
        QApplication::setActiveWindow(compose); // shortcuts go to the active window
        QVERIFY(QTest::qWaitForWindowActive(compose));
        auto *editor = compose->findChild<QPlainTextEdit *>();
        QVERIFY(editor);
        editor->setFocus();
        editor->insertPlainText(QStringLiteral("第一次发帖 — ")); // keyClicks types ASCII only
        QTest::keyClicks(editor, QStringLiteral("my first post"));
        QTest::keyClick(editor, Qt::Key_Return, Qt::ControlModifier);

        QTRY_VERIFY(firstInserted.size() == pages.size());
        const qint64 local = firstInserted.value(MainWindow::Page::All);
        QVERIFY(local < 0); // on top, as mine, not yet the server's
        for (MainWindow::Page page : pages)
            QCOMPARE(firstInserted.value(page), local);
        if (const auto shown = core.store()->post(local)) { // still on its way: marked so
            QCOMPARE(shown->content, text);
            QCOMPARE(shown->author.nickName, QStringLiteral("张三"));
            QCOMPARE(core.store()->pendingState(local), core::PostStore::Pending::Sending);
        }

        for (MainWindow::Page page : pages) {
            TimelineModel *m = w.timelineModel(page);
            QTRY_VERIFY_WITH_TIMEOUT(m->postIdAt(0) > 0, kWait);
            QCOMPARE(rowsOf(m, local), 0);
            QCOMPARE(m->index(0).data(TimelineModel::ContentRole).toString(), text);
            QCOMPARE(core::PostStore::Pending(m->index(0).data(TimelineModel::PendingRole).toInt()),
                     core::PostStore::Pending::None);
        }
        const qint64 id = w.timelineModel(MainWindow::Page::All)->postIdAt(0);
        Client c(m_server.baseUrl());
        QVERIFY(!c.login(QStringLiteral("lisi")).isEmpty());
        const auto onServer = c.get(QStringLiteral("/api/v1/posts/%1").arg(id));
        QCOMPARE(onServer.status, 200);
        QCOMPARE(onServer.obj().value(QLatin1String("content")).toString(), text);

        // a refresh: the server's first page has it too; it is shown once
        QSignalSpy refreshed(w.feed(MainWindow::Page::All), &models::TimelineFeed::refreshed);
        w.reload(); // View → Refresh (F5)
        QVERIFY(refreshed.wait(kWait));
        QCOMPARE(rowsOf(w.timelineModel(MainWindow::Page::All), id), 1);
        QCOMPARE(w.timelineModel(MainWindow::Page::All)->postIdAt(0), id);
    }

    // Offline, the post waits on top; a refusal (here: the outbox discarded) takes it away.
    void myOfflinePostWaitsOnTopAndLeavesWhenDiscarded()
    {
        core::AppCore core;
        const auto me = signIn(core, m_server.baseUrl(), QStringLiteral("zhangsan"));
        QVERIFY(me);
        threadline::models::Feeds wFeeds(
            {core.api(), core.cache(), core.store(), core.outbox(), core.actions()});
        MainWindow w(&core, &wFeeds);
        w.resize(1200, 800);
        w.show();
        w.startAccount(*me, account(QStringLiteral("zhangsan")));
        TimelineModel *all = w.timelineModel(MainWindow::Page::All);
        QTRY_VERIFY_WITH_TIMEOUT(all->rowCount() > 0, kWait);
        core.setOffline(true);
        const qint64 local =
            core.actions()->publishPost(QStringLiteral("offline post"), {}, QString(), nullptr);
        QVERIFY(local < 0);
        QCOMPARE(all->postIdAt(0), local);
        QTRY_COMPARE(core.outbox()->entries().size(), 1);
        core.outbox()->discard(core.outbox()->entries().first().id);
        QTRY_COMPARE(rowsOf(all, local), 0);
    }

    // The likers' line follows the heart at once: my name first after a like, gone after an
    // unlike, before the server has answered (the like delay here is long).
    void likersLineFollowsMyLike()
    {
        core::AppCore core;
        const auto me = signIn(core, m_server.baseUrl(), QStringLiteral("zhangsan"));
        QVERIFY(me);
        threadline::models::Feeds wFeeds(
            {core.api(), core.cache(), core.store(), core.outbox(), core.actions()});
        MainWindow w(&core, &wFeeds);
        w.resize(1200, 800);
        w.show();
        w.startAccount(*me, account(QStringLiteral("zhangsan"), 60000));
        TimelineModel *all = w.timelineModel(MainWindow::Page::All);
        QTRY_VERIFY_WITH_TIMEOUT(all->rowCount() > 2, kWait);
        ui::TimelineView *view = w.timelineView(MainWindow::Page::All);
        for (int row = 0; row < 3; ++row) {
            const QModelIndex i = all->index(row);
            const qint64 id = all->postIdAt(row);
            const bool liked = i.data(TimelineModel::LikedRole).toBool();
            const qint64 count = i.data(TimelineModel::LikeCountRole).toLongLong();
            Q_EMIT view->likeClicked(id);
            QCOMPARE(i.data(TimelineModel::LikedRole).toBool(), !liked);
            QCOMPARE(i.data(TimelineModel::LikeCountRole).toLongLong(), count + (liked ? -1 : 1));
            const QStringList names = i.data(TimelineModel::LikerNamesRole).toStringList();
            if (!liked)
                QVERIFY2(!names.isEmpty() && names.first() == QStringLiteral("张三"),
                         qPrintable(names.join(u',')));
            else
                QVERIFY(!names.contains(QStringLiteral("张三")));
            Q_EMIT view->likeClicked(id); // back to what the server has: so is the line
            QCOMPARE(i.data(TimelineModel::LikedRole).toBool(), liked);
            QCOMPARE(i.data(TimelineModel::LikeCountRole).toLongLong(), count);
            const QList<core::Like> serverLikes = core.store()->serverPost(id)->likes;
            const bool serverHasMe = std::any_of(
                serverLikes.cbegin(), serverLikes.cend(),
                [uid = me->brief.uid](const core::Like &l) { return l.user.uid == uid; });
            QCOMPARE(i.data(TimelineModel::LikerNamesRole)
                         .toStringList()
                         .contains(QStringLiteral("张三")),
                     serverHasMe);
        }
    }

    void words_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }

    // The words of the defects, in both languages: the first start, one status at a time, the
    // empty thread and its comment box, my floor offline, the title, signing out.
    void words()
    {
        QFETCH(QString, lang);
        language(lang);
        const bool zh = lang == QStringLiteral("zh_CN");
        core::AppCore core;
        const auto me = signIn(core, m_server.baseUrl(), QStringLiteral("zhangsan"));
        QVERIFY(me);
        threadline::models::Feeds wFeeds(
            {core.api(), core.cache(), core.store(), core.outbox(), core.actions()});
        MainWindow w(&core, &wFeeds);
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QApplication::setActiveWindow(&w);
        w.startAccount(*me, account(QStringLiteral("zhangsan"), 60000));
        QCOMPARE(w.windowTitle(), QStringLiteral("张三 — Threadline"));

        // the first start: the first page is not news
        TimelineModel *all = w.timelineModel(MainWindow::Page::All);
        QTRY_VERIFY_WITH_TIMEOUT(all->rowCount() >= 20, kWait);
        QTRY_COMPARE_WITH_TIMEOUT(
            feedStatus(w), zh ? QStringLiteral("已是最新") : QStringLiteral("Up to date"), kWait);
        QVERIFY2(w.statusBar()->currentMessage().isEmpty(),
                 qPrintable(w.statusBar()->currentMessage()));

        // a change on its way: that is the one status
        Q_EMIT w.timelineView(MainWindow::Page::All)->likeClicked(all->postIdAt(0));
        QTRY_VERIFY(!coreStatus(w).isEmpty());
        QCOMPARE(feedStatus(w), QString());
        Q_EMIT w.timelineView(MainWindow::Page::All)->likeClicked(all->postIdAt(0));
        QTRY_COMPARE(coreStatus(w), QString());
        QTRY_VERIFY(!feedStatus(w).isEmpty());

        // a post with no comments: said; the focus stays where the reader is (R moves it into
        // the comment box)
        Client c(m_server.baseUrl());
        QVERIFY(!c.login(QStringLiteral("lisi")).isEmpty());
        const auto made =
            c.post(QStringLiteral("/api/v1/posts"),
                   QJsonObject{{QStringLiteral("content"), QStringLiteral("nobody answered")}});
        QCOMPARE(made.status, 201);
        const qint64 bare = made.obj().value(QLatin1String("id")).toInteger();
        w.timelineView(MainWindow::Page::All)->setFocus();
        w.openThread(bare);
        ui::ThreadView *thread = w.threadView();
        QTRY_COMPARE_WITH_TIMEOUT(
            thread->emptyText(),
            zh ? QStringLiteral("还没有评论。来写第一条：按 R，在下面输入，按 Ctrl+Return 发送。")
               : QStringLiteral("No comments yet. Be the first: press R, write below "
                                "and press Ctrl+Return."),
            kWait);
        QVERIFY(!thread->replyEdit()->hasFocus());
        thread->focusReply();
        QTRY_VERIFY(thread->replyEdit()->hasFocus());
        const QImage empty = thread->grab().toImage();
        QVERIFY(!empty.isNull());
        empty.save(QDir(test::artifactDir(QStringLiteral("firstminutes")))
                       .filePath(QStringLiteral("empty-thread-%1.png").arg(lang)));

        // my floor written offline: no number yet, and it says so
        core.setOffline(true);
        QTest::keyClicks(thread->replyEdit(), QStringLiteral("first!"));
        QTest::keyClick(thread->replyEdit(), Qt::Key_Return, Qt::ControlModifier);
        QTRY_COMPARE(thread->model()->rowCount(), 1);
        const QModelIndex mine = thread->model()->index(0, 0);
        QVERIFY(mine.data(models::CommentTreeModel::IdRole).toLongLong() < 0);
        const QString mark = ui::CommentDelegate::floorText(mine);
        QCOMPARE(mark,
                 zh ? QStringLiteral("新楼层，发送中…") : QStringLiteral("New floor, sending…"));
        QVERIFY(!mark.contains(QLatin1Char('0')));
        QCOMPARE(thread->emptyText(), QString());
        core.setOffline(false);
        QTRY_VERIFY_WITH_TIMEOUT(
            thread->model()->index(0, 0).data(models::CommentTreeModel::IdRole).toLongLong() > 0,
            kWait);
        QCOMPARE(ui::CommentDelegate::floorText(thread->model()->index(0, 0)),
                 zh ? QStringLiteral("%1楼").arg(1) : QStringLiteral("Floor 1"));

        // signing out: the window says so, not "Signing in…"
        QSignalSpy out(&w, &MainWindow::signOutRequested);
        QAction *signOut = nullptr;
        for (QAction *a : w.findChildren<QAction *>())
            if (a->objectName() == QStringLiteral("signOutAction"))
                signOut = a;
        QVERIFY(signOut);
        signOut->trigger();
        QCOMPARE(out.count(), 1);
        auto *placeholder =
            qobject_cast<QLabel *>(w.findChild<QStackedWidget *>()->currentWidget());
        QVERIFY(placeholder);
        QVERIFY2(placeholder->text().contains(zh ? QStringLiteral("已退出")
                                                 : QStringLiteral("signed out")),
                 qPrintable(placeholder->text()));
        QVERIFY(!placeholder->text().contains(zh ? QStringLiteral("正在登录")
                                                 : QStringLiteral("Signing in")));
        QCOMPARE(w.windowTitle(), QStringLiteral("Threadline"));
    }

    // At a wide window the cards keep a readable column, centred; at a narrow one they use the
    // width.
    void wideWindowKeepsAReadableColumn()
    {
        test::SignedInWindow s;
        QVERIFY(s.open(m_server.baseUrl(), QStringLiteral("zhangsan"),
                       account(QStringLiteral("zhangsan")), {1900, 900}));
        MainWindow &w = *s.window;
        ui::TimelineView *view = w.timelineView(MainWindow::Page::All);
        QTRY_VERIFY_WITH_TIMEOUT(view->model()->rowCount() > 0, kWait);
        w.threadView()->hide();
        QTRY_VERIFY(view->width() > ui::TimelineView::kColumnWidth + 200);
        // the scroll bar shows once the rows are laid out (the scroll area shows it queued)
        QTRY_VERIFY(view->verticalScrollBar()->isVisible());
        const QRect port = view->viewport()->geometry();
        QVERIFY2(port.width() <= ui::TimelineView::kColumnWidth,
                 qPrintable(QString::number(port.width())));
        QVERIFY(port.width() >= ui::TimelineView::kColumnWidth - 40);
        const int left = port.left();
        const int right = view->width() - port.right() - 1;
        QVERIFY2(std::abs(left - right) <= 40,
                 qPrintable(QStringLiteral("%1 vs %2").arg(left).arg(right)));
        QCOMPARE(view->visualRect(view->model()->index(0, 0)).width(), port.width());
        const QImage shot = w.grab().toImage();
        shot.save(QDir(test::artifactDir(QStringLiteral("firstminutes")))
                      .filePath(QStringLiteral("wide.png")));

        w.resize(900, 700); // narrower than the column: the whole width
        w.threadView()->hide();
        QTRY_COMPARE(view->viewport()->geometry().left(), 0);
    }
};

QTEST_MAIN(TstFirstMinutes)
#include "tst_firstminutes.moc"

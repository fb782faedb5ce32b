// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tst_contextmenus: what a right-click (or the Menu key, Shift+F10) offers on a post card and on
// a comment, against the real server, offscreen — the actions present for my posts and comments
// and absent for others' (and the other way round), a post's author and a moderator deleting
// others' comments, Copy text on the clipboard, deleting my comment through the menu (the row
// leaves at once, the server 404s it), reporting a post and a comment through the ReportDialog
// until the moderators' queue shows them; the ReportDialog itself (no reason chosen at first,
// the keyboard, the note's limit); screenshots of the menus and the dialog in /tmp/ui-ctx/.
#include "actions.h"
#include "artifacts.h"
#include "dialogs/reportdialog.h"
#include "feeds.h"
#include "images/imagecache.h"
#include "net/apiclient.h"
#include "outbox/outbox.h"
#include "poststore.h"
#include "testserver.h"
#include "thread/commenttreemodel.h"
#include "thread/threadloader.h"
#include "thread/threadview.h"
#include "timeline/timelinemodel.h"
#include "timeline/timelineview.h"
#include "wire/jsoncodec.h"

#include "common/virtuallistview.h"
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QJsonArray>
#include <QLabel>
#include <QMenu>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <functional>
#include <memory>

#include "isolates.h"

using namespace threadline;
using core::Report;
using core::TargetType;
using models::CommentTreeModel;
using models::TimelineModel;
using test::Client;
using test::TestServer;
using ui::ReportDialog;
using ui::ThreadView;
using ui::TimelineView;
using Reason = core::Report::Reason;

namespace {
const QString kApi = QStringLiteral("/api/v1");
const QString kShots = threadline::test::artifactDir(QStringLiteral("contextmenus"));
constexpr qint64 kZhangsan = 10001;

// The client side of one user: the core objects the app would give the views, and the views.
struct Side
{
    core::ApiClient api;
    core::PostStore store;
    core::Outbox outbox{&api};
    core::Actions actions{&outbox, &store};
    core::ImageCache images{api.network()};
    TimelineModel timelineModel{&store};
    std::unique_ptr<TimelineView> timeline;
    std::unique_ptr<threadline::models::Feeds> feeds;
    std::unique_ptr<ThreadView> thread;
    QStringList questions; // what the confirmations asked
    bool answer = true;    // what they answer

    Side(const QUrl &base, const QString &token, const QString &dir, const core::UserBrief &me)
    {
        api.setBaseUrl(base);
        api.setToken(token);
        outbox.setBackoff(20, 200);
        QSignalSpy opened(&outbox, &core::Outbox::opened);
        outbox.open(QDir(dir).filePath(QStringLiteral("outbox.sqlite")));
        if (!opened.wait(10000) || !opened.at(0).at(0).toBool())
            qFatal("the outbox did not open");
        actions.setMe(me);
        images.setServer(base);
        images.setToken(token);
        images.setDiskCacheDirectory(QDir(dir).filePath(QStringLiteral("images")));
        const auto confirm = [this](const QString &question, const QString &detail) {
            questions.append(question + QLatin1Char('\n') + detail);
            return answer;
        };
        timeline = std::make_unique<TimelineView>(&images);
        timeline->setModel(&timelineModel);
        timeline->setMyUid(me.uid);
        timeline->setConfirmation(confirm);
        timeline->resize(700, 800);
        feeds = std::make_unique<threadline::models::Feeds>(
            threadline::models::Feeds::Parts{&api, nullptr, &store, nullptr, &actions});
        thread = std::make_unique<ThreadView>(feeds.get(), &images);
        thread->setMyUid(me.uid);
        thread->setConfirmation(confirm);
        thread->resize(700, 700);
    }
    [[nodiscard]] CommentTreeModel *comments() const { return thread->model(); }
    [[nodiscard]] ui::VirtualListView *tree() const { return thread->treeView(); }
    void waitLoaded() const
    {
        QTRY_VERIFY_WITH_TIMEOUT(comments()->floorCount() >= 1 && !thread->loader()->isBusy(),
                                 20000);
    }
    [[nodiscard]] QModelIndex comment(qint64 id) const
    {
        return thread->viewIndex(comments()->indexOfComment(id));
    }
    [[nodiscard]] QModelIndex card(qint64 postId) const
    {
        for (int r = 0; r < timelineModel.rowCount(); ++r)
            if (timelineModel.postIdAt(r) == postId)
                return timelineModel.index(r, 0);
        return {};
    }
};

// The object names of a menu's actions (separators left out), and whether one is enabled.
QStringList names(const QMenu *menu)
{
    QStringList out;
    for (const QAction *a : menu->actions())
        if (!a->isSeparator())
            out.append(a->objectName());
    return out;
}

QAction *action(const QMenu *menu, const QString &name)
{
    for (QAction *a : menu->actions())
        if (a->objectName() == name)
            return a;
    return nullptr;
}

// Runs `fn` once on the next widget of type T that is the active modal widget (popup: the
// active popup), polling the event loop the caller is about to run (exec()); gives up after 10 s.
template<typename T> std::shared_ptr<bool> onNext(std::function<void(T *)> fn, bool popup = false)
{
    auto ran = std::make_shared<bool>(false);
    auto *timer = new QTimer;
    timer->setInterval(10);
    auto deadline = std::make_shared<QDeadlineTimer>(10000);
    QObject::connect(timer, &QTimer::timeout, [timer, fn, popup, ran, deadline] {
        QWidget *w = popup ? QApplication::activePopupWidget() : QApplication::activeModalWidget();
        auto *t = qobject_cast<T *>(w);
        // A dialog is ready for keys once it is the active window (on a busy machine it shows
        // a moment before it gets the focus, and keys sent meanwhile went elsewhere).
        const bool ready = t && t->isVisible() && (popup || t->isActiveWindow());
        if (ready || deadline->hasExpired()) {
            timer->stop();
            timer->deleteLater();
            if (t) {
                *ran = true;
                const QPointer<T> alive(t);
                fn(t);
                // fn failed half-way: close what it left open, so that the exec() it runs in
                // returns and the test fails at once instead of hanging until its timeout.
                if (alive && alive->isVisible() && QTest::currentTestFailed())
                    alive->close();
            }
        }
    });
    timer->start();
    return ran;
}

// The widget with an open menu over it, as one picture.
QImage withMenu(QWidget *under, QMenu *menu)
{
    QImage img = under->grab().toImage();
    QPainter p(&img);
    p.drawPixmap(under->mapFromGlobal(menu->pos()), menu->grab());
    p.end();
    return img;
}

void save(const QImage &img, const QString &name)
{
    QDir().mkpath(kShots);
    const QString path = QDir(kShots).filePath(name);
    QVERIFY2(img.save(path), qPrintable(path));
}

// The moderators' queue item of a target ({} when it is not there).
QJsonObject queueItem(Client &mod, const QString &type, qint64 id)
{
    const QJsonArray items =
        mod.get(kApi + QStringLiteral("/moderation/queue?status=open&limit=50"))
            .obj()
            .value(QStringLiteral("items"))
            .toArray();
    for (const QJsonValue &v : items) {
        const QJsonObject o = v.toObject();
        if (o.value(QStringLiteral("targetType")).toString() == type &&
            o.value(QStringLiteral("targetId")).toInteger() == id)
            return o;
    }
    return {};
}
} // namespace

class TstContextMenus : public QObject
{
    Q_OBJECT

    TestServer m_server;
    QTemporaryDir m_dir;
    int m_sides = 0;
    // 王五's post (liked by 李四) and its thread: 李四's floor with my reply, my own floor.
    qint64 m_theirPost = 0, m_myPost = 0, m_lisiFloor = 0, m_myReply = 0, m_myFloor = 0;
    qint64 m_onMyPost = 0; // 李四's comment on my post

    std::unique_ptr<Side> side(const QString &user, const core::UserBrief &me)
    {
        Client c(m_server.baseUrl());
        const QString token = c.login(user);
        if (token.isEmpty())
            qFatal("no login");
        const QString dir = m_dir.filePath(QStringLiteral("side%1").arg(++m_sides));
        QDir().mkpath(dir);
        auto s = std::make_unique<Side>(m_server.baseUrl(), token, dir, me);
        for (qint64 id : {m_myPost, m_theirPost}) {
            const auto p = core::decodePost(c.get(kApi + QStringLiteral("/posts/%1").arg(id)).body);
            if (!p.ok())
                qFatal("no post");
            s->store.upsertPost(p.value());
        }
        s->timelineModel.setPosts({m_myPost, m_theirPost});
        return s;
    }
    std::unique_ptr<Side> zhangsan()
    {
        return side(QStringLiteral("zhangsan"),
                    core::UserBrief{kZhangsan, QStringLiteral("张三"), QString()});
    }
    qint64 create(const QString &user, const QString &path, const QJsonObject &body)
    {
        Client c(m_server.baseUrl());
        c.login(user);
        const auto r = c.post(kApi + path, body);
        if (r.status != 201)
            qFatal("%s", r.describe().constData());
        return r.obj().value(QStringLiteral("id")).toInteger();
    }
    qint64 commentOn(const QString &user, qint64 post, const QString &text, qint64 parent = 0)
    {
        QJsonObject body{{QStringLiteral("content"), text}};
        if (parent != 0)
            body.insert(QStringLiteral("parentId"), parent);
        return create(user, QStringLiteral("/posts/%1/comments").arg(post), body);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY2(m_server.start(), m_server.stderrLog().right(2000).constData());
        m_theirPost = create(
            QStringLiteral("wangwu"), QStringLiteral("/posts"),
            QJsonObject{{QStringLiteral("content"),
                         QStringLiteral(
                             "今天的晚霞太美了 🌇 有人也看到了吗？\n拍了好几张，挑一张给大家。")}});
        m_myPost = create(QStringLiteral("zhangsan"), QStringLiteral("/posts"),
                          QJsonObject{{QStringLiteral("content"),
                                       QStringLiteral("周末读完了《三体》，推荐！📚")}});
        Client lisi(m_server.baseUrl());
        lisi.login(QStringLiteral("lisi"));
        QCOMPARE(lisi.put(kApi + QStringLiteral("/posts/%1/like").arg(m_theirPost)).status, 200);
        m_lisiFloor = commentOn(QStringLiteral("lisi"), m_theirPost,
                                QStringLiteral("看到了！颜色像橘子汽水 🍊"));
        m_myReply = commentOn(QStringLiteral("zhangsan"), m_theirPost,
                              QStringLiteral("我在江边也拍到了，明天发"), m_lisiFloor);
        m_myFloor = commentOn(QStringLiteral("zhangsan"), m_theirPost,
                              QStringLiteral("王五的相机是什么型号？📷"));
        m_onMyPost = commentOn(QStringLiteral("lisi"), m_myPost, QStringLiteral("我也在读！"));
    }

    // --- the report dialog --------------------------------------------------------------------

    void reportDialogDefaults()
    {
        ReportDialog d(QStringLiteral("王五's post"));
        QCOMPARE(d.windowTitle(), QStringLiteral("Report"));
        QVERIFY(!d.reason().has_value()); // nothing chosen for the user
        QVERIFY(d.note().isEmpty());
        QVERIFY(!d.reportButton()->isEnabled());
        QCOMPARE(d.counter()->text(), QStringLiteral("0/500"));
        const auto *question = d.findChild<QLabel *>(QStringLiteral("reportQuestion"));
        QVERIFY(question);
        QCOMPARE(question->text(), QStringLiteral("Why are you reporting 王五's post?"));
        QCOMPARE(question->textFormat(), Qt::PlainText);
        const QList<QPair<Reason, QString>> reasons{
            {Reason::Spam, QStringLiteral("&Spam")},
            {Reason::Abuse, QStringLiteral("&Abuse or harassment")},
            {Reason::Illegal, QStringLiteral("&Illegal content")},
            {Reason::Other, QStringLiteral("&Other")}};
        for (const auto &[reason, text] : reasons) {
            QRadioButton *b = d.reasonButton(reason);
            QVERIFY(b);
            QCOMPARE(b->text(), text);
            QVERIFY(!b->isChecked());
        }
        d.setReason(Reason::Illegal);
        QCOMPARE(d.reason(), std::optional<Reason>(Reason::Illegal));
        QVERIFY(d.reportButton()->isEnabled());
        QVERIFY(d.reportButton()->isDefault());
        // accept() with nothing chosen does nothing
        ReportDialog empty(QStringLiteral("x"));
        empty.show();
        empty.accept();
        QVERIFY(empty.isVisible());
        QCOMPARE(empty.result(), int(QDialog::Rejected));
    }

    void reportDialogKeyboard()
    {
        ReportDialog d(QStringLiteral("李四's comment"));
        QSignalSpy accepted(&d, &QDialog::accepted);
        QSignalSpy rejected(&d, &QDialog::rejected);
        d.show();
        QVERIFY(QTest::qWaitForWindowActive(&d));
        // the first reason has the focus; Space chooses it, the arrows move the choice
        QCOMPARE(QApplication::focusWidget(), d.reasonButton(Reason::Spam));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Space);
        QCOMPARE(d.reason(), std::optional<Reason>(Reason::Spam));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Down);
        QCOMPARE(d.reason(), std::optional<Reason>(Reason::Abuse));
        QCOMPARE(QApplication::focusWidget(), d.reasonButton(Reason::Abuse));
        // Alt+O: Other; Alt+N: the note
        QTest::keyClick(&d, Qt::Key_O, Qt::AltModifier);
        QTRY_COMPARE(d.reason(), std::optional<Reason>(Reason::Other)); // an animated click
        QTest::keyClick(&d, Qt::Key_N, Qt::AltModifier);
        QCOMPARE(QApplication::focusWidget(), d.noteEdit());
        QTest::keyClicks(d.noteEdit(), QStringLiteral("  keeps posting links  "));
        QCOMPARE(d.counter()->text(), QStringLiteral("19/500"));
        // Tab leaves the note (no tab character in it)
        QTest::keyClick(d.noteEdit(), Qt::Key_Tab);
        QVERIFY(QApplication::focusWidget() != d.noteEdit());
        QVERIFY(!d.noteEdit()->toPlainText().contains(QLatin1Char('\t')));
        // back in the note, Ctrl+Return reports
        d.noteEdit()->setFocus();
        QTest::keyClick(d.noteEdit(), Qt::Key_Return, Qt::ControlModifier);
        QCOMPARE(accepted.count(), 1);
        QCOMPARE(d.result(), int(QDialog::Accepted));
        QCOMPARE(d.reason(), std::optional<Reason>(Reason::Other));
        QCOMPARE(d.note(), QStringLiteral("keeps posting links"));

        // Esc cancels; Return with nothing chosen reports nothing
        ReportDialog e(QStringLiteral("王五's post"));
        QSignalSpy eAccepted(&e, &QDialog::accepted);
        QSignalSpy eRejected(&e, &QDialog::rejected);
        e.show();
        QVERIFY(QTest::qWaitForWindowActive(&e));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
        QCOMPARE(eAccepted.count(), 0);
        QVERIFY(e.isVisible());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_I, Qt::AltModifier);
        QTRY_COMPARE(e.reason(), std::optional<Reason>(Reason::Illegal));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Escape);
        QCOMPARE(eRejected.count(), 1);
        QCOMPARE(eAccepted.count(), 0);
        QVERIFY(rejected.isEmpty());

        // Return on a chosen reason reports (Report is the default button then)
        ReportDialog f(QStringLiteral("王五's post"));
        QSignalSpy fAccepted(&f, &QDialog::accepted);
        f.show();
        QVERIFY(QTest::qWaitForWindowActive(&f));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_S, Qt::AltModifier);
        QTRY_VERIFY(f.reportButton()->isEnabled());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
        QCOMPARE(fAccepted.count(), 1);
        QCOMPARE(f.reason(), std::optional<Reason>(Reason::Spam));
        QVERIFY(f.note().isEmpty());
    }

    void reportDialogNoteLimit()
    {
        ReportDialog d(QStringLiteral("王五's post"));
        d.setReason(Reason::Abuse);
        // 500 code points (emoji count once each) fit; 501 do not
        QString note;
        for (int i = 0; i < 250; ++i)
            note += QStringLiteral("骂😡");
        d.setNote(note);
        QCOMPARE(d.counter()->text(), QStringLiteral("500/500"));
        QVERIFY(d.reportButton()->isEnabled());
        d.setNote(note + QStringLiteral("!"));
        QCOMPARE(d.counter()->text(), QStringLiteral("501/500"));
        QVERIFY(!d.reportButton()->isEnabled());
        QVERIFY(!d.counter()->accessibleName().isEmpty());
        d.show();
        d.accept();
        QVERIFY(d.isVisible()); // not sent
        // spaces around do not count
        d.setNote(QStringLiteral("   ") + note + QStringLiteral("\n\n"));
        QCOMPARE(d.counter()->text(), QStringLiteral("500/500"));
        QVERIFY(d.reportButton()->isEnabled());
        QCOMPARE(d.note(), note);
    }

    // --- the timeline's cards ----------------------------------------------------------------

    void cardMenuMineAndOthers()
    {
        auto s = zhangsan();
        const QModelIndex mine = s->card(m_myPost);
        const QModelIndex theirs = s->card(m_theirPost);
        QVERIFY(mine.isValid() && theirs.isValid());
        QVERIFY(s->timeline->isMine(mine));
        QVERIFY(!s->timeline->isMine(theirs));

        std::unique_ptr<QMenu> m(s->timeline->createContextMenu(mine));
        QCOMPARE(names(m.get()),
                 (QStringList{QStringLiteral("openThread"), QStringLiteral("whoLiked"),
                              QStringLiteral("copyText"), QStringLiteral("deletePost")}));
        QVERIFY(!action(m.get(), QStringLiteral("whoLiked"))->isEnabled()); // no likes yet
        QCOMPARE(m->defaultAction(), action(m.get(), QStringLiteral("openThread")));
        std::unique_ptr<QMenu> t(s->timeline->createContextMenu(theirs));
        QCOMPARE(names(t.get()),
                 (QStringList{QStringLiteral("openThread"), QStringLiteral("whoLiked"),
                              QStringLiteral("copyText"), QStringLiteral("report")}));
        QVERIFY(action(t.get(), QStringLiteral("whoLiked"))->isEnabled()); // 李四 likes it
        for (QAction *a : t->actions())
            QVERIFY2(a->isSeparator() || !a->text().isEmpty(), qPrintable(a->objectName()));
        QVERIFY(!s->timeline->createContextMenu(QModelIndex()));

        // signed out: nothing is mine, nothing to delete
        s->timeline->setMyUid(0);
        std::unique_ptr<QMenu> anon(s->timeline->createContextMenu(mine));
        QVERIFY(!action(anon.get(), QStringLiteral("deletePost")));
        QVERIFY(action(anon.get(), QStringLiteral("report")));
    }

    void cardMenuActions()
    {
        auto s = zhangsan();
        const QModelIndex theirs = s->card(m_theirPost);
        QSignalSpy thread(s->timeline.get(), &TimelineView::threadRequested);
        QSignalSpy likers(s->timeline.get(), &TimelineView::likersRequested);
        std::unique_ptr<QMenu> t(s->timeline->createContextMenu(theirs));
        QGuiApplication::clipboard()->clear();
        action(t.get(), QStringLiteral("copyText"))->trigger();
        QCOMPARE(QGuiApplication::clipboard()->text(),
                 QStringLiteral("今天的晚霞太美了 🌇 有人也看到了吗？\n拍了好几张，挑一张给大家。"));
        action(t.get(), QStringLiteral("openThread"))->trigger();
        QCOMPARE(thread.count(), 1);
        QCOMPARE(thread.at(0).at(0).toLongLong(), m_theirPost);
        action(t.get(), QStringLiteral("whoLiked"))->trigger();
        QCOMPARE(likers.count(), 1);
        QCOMPARE(likers.at(0).at(0).toLongLong(), m_theirPost);

        // Ctrl+C on the current card copies its text too
        s->timeline->show();
        QVERIFY(QTest::qWaitForWindowExposed(s->timeline.get()));
        s->timeline->setFocus();
        s->timeline->setCurrentIndex(s->card(m_myPost));
        QTest::keyClick(s->timeline.get(), Qt::Key_C, Qt::ControlModifier);
        QCOMPARE(QGuiApplication::clipboard()->text(),
                 QStringLiteral("周末读完了《三体》，推荐！📚"));
    }

    void deleteMyPostAsksFirst()
    {
        auto s = zhangsan();
        QSignalSpy deleted(s->timeline.get(), &TimelineView::deleteRequested);
        const QModelIndex mine = s->card(m_myPost);
        std::unique_ptr<QMenu> m(s->timeline->createContextMenu(mine));
        s->answer = false; // "Cancel"
        action(m.get(), QStringLiteral("deletePost"))->trigger();
        QCOMPARE(s->questions.size(), 1);
        QVERIFY2(s->questions.at(0).startsWith(QStringLiteral("Delete this post?")),
                 qPrintable(s->questions.at(0)));
        QVERIFY(deleted.isEmpty());
        s->answer = true;
        action(m.get(), QStringLiteral("deletePost"))->trigger();
        QCOMPARE(deleted.count(), 1);
        QCOMPARE(deleted.at(0).at(0).toLongLong(), m_myPost);

        // the Delete key: asks on my card, does nothing on someone else's
        s->timeline->show();
        QVERIFY(QTest::qWaitForWindowExposed(s->timeline.get()));
        s->timeline->setFocus();
        s->timeline->setCurrentIndex(s->card(m_theirPost));
        QTest::keyClick(s->timeline.get(), Qt::Key_Delete);
        QCOMPARE(s->questions.size(), 2);
        QCOMPARE(deleted.count(), 1);
        s->timeline->setCurrentIndex(s->card(m_myPost));
        QTest::keyClick(s->timeline.get(), Qt::Key_Delete);
        QCOMPARE(s->questions.size(), 3);
        QCOMPARE(deleted.count(), 2);
        // the request itself is the window's: core::Actions::deletePost (not sent here)
    }

    void menuKeyOpensTheCardMenu()
    {
        auto s = zhangsan();
        s->timeline->resize(700, 600);
        s->timeline->show();
        QVERIFY(QTest::qWaitForWindowExposed(s->timeline.get()));
        s->timeline->grab(); // avatars asked for
        QTRY_VERIFY_WITH_TIMEOUT(s->images.pendingCount() == 0, 10000);
        s->timeline->setFocus();
        s->timeline->setCurrentIndex(s->card(m_theirPost));
        QStringList seen;
        QImage shot;
        auto ran = onNext<QMenu>(
            [&](QMenu *menu) {
                seen = names(menu);
                // it opens over the current card
                const QRect card = s->timeline->visualRect(s->card(m_theirPost));
                const QPoint at = s->timeline->viewport()->mapFromGlobal(menu->pos());
                QVERIFY(card.contains(at));
                shot = withMenu(s->timeline.get(), menu);
                QTest::keyClick(menu, Qt::Key_Escape);
            },
            true);
        QTest::keyClick(s->timeline.get(), Qt::Key_Menu);
        QVERIFY(*ran);
        QVERIFY(seen.contains(QStringLiteral("report")));
        save(shot, QStringLiteral("card-menu-others.png"));

        // Shift+F10 on my card; a mnemonic picks the action (D: Delete post, asks)
        s->timeline->setCurrentIndex(s->card(m_myPost));
        QSignalSpy deleted(s->timeline.get(), &TimelineView::deleteRequested);
        ran = onNext<QMenu>(
            [&](QMenu *menu) {
                seen = names(menu);
                shot = withMenu(s->timeline.get(), menu);
                QTest::keyClick(menu, Qt::Key_D);
            },
            true);
        QTest::keyClick(s->timeline.get(), Qt::Key_F10, Qt::ShiftModifier);
        QVERIFY(*ran);
        QVERIFY(seen.contains(QStringLiteral("deletePost")));
        QCOMPARE(deleted.count(), 1);
        save(shot, QStringLiteral("card-menu-mine.png"));

        // a right-click on a card makes it current and opens its menu there
        const QRect theirs = s->timeline->visualRect(s->card(m_theirPost));
        ran = onNext<QMenu>([&](QMenu *menu) { menu->close(); }, true);
        QContextMenuEvent click(QContextMenuEvent::Mouse, theirs.center() + QPoint(0, 10),
                                s->timeline->viewport()->mapToGlobal(theirs.center()));
        QApplication::sendEvent(s->timeline->viewport(), &click);
        QVERIFY(*ran);
        QCOMPARE(s->timeline->currentPostId(), m_theirPost);
    }

    void reportAPostFromItsCard()
    {
        auto s = zhangsan();
        // the window's wiring, as the lead will make it
        connect(s->timeline.get(), &TimelineView::reportRequested, &s->actions,
                [&](TargetType type, qint64 id, Reason reason, const QString &note) {
                    s->actions.report(type, id, reason, note);
                });
        QSignalSpy reported(s->timeline.get(), &TimelineView::reportRequested);
        QSignalSpy completed(&s->outbox, &core::Outbox::completed);
        std::unique_ptr<QMenu> t(s->timeline->createContextMenu(s->card(m_theirPost)));
        QString question;
        auto ran = onNext<ReportDialog>([&](ReportDialog *d) {
            question = d->findChild<QLabel *>(QStringLiteral("reportQuestion"))->text();
            d->setReason(Reason::Spam);
            d->setNote(QStringLiteral("每天发同样的图"));
            QTest::mouseClick(d->reportButton(), Qt::LeftButton);
        });
        action(t.get(), QStringLiteral("report"))->trigger();
        QVERIFY(*ran);
        QCOMPARE(question, QStringLiteral("Why are you reporting 王五's post?"));
        QCOMPARE(reported.count(), 1);
        QCOMPARE(reported.at(0).at(0).value<TargetType>(), TargetType::Post);
        QCOMPARE(reported.at(0).at(1).toLongLong(), m_theirPost);
        QCOMPARE(reported.at(0).at(2).value<Reason>(), Reason::Spam);
        QCOMPARE(reported.at(0).at(3).toString(), QStringLiteral("每天发同样的图"));
        QTRY_COMPARE_WITH_TIMEOUT(completed.count(), 1, 10000);
        Client mod(m_server.baseUrl());
        QVERIFY(!mod.login(QStringLiteral("moderator")).isEmpty());
        const QJsonObject item = queueItem(mod, QStringLiteral("post"), m_theirPost);
        QVERIFY(!item.isEmpty());
        QCOMPARE(item.value(QStringLiteral("reports")).toArray().size(), 1);

        // Cancel sends nothing
        ran = onNext<ReportDialog>([&](ReportDialog *d) {
            d->setReason(Reason::Abuse);
            QTest::keyClick(d, Qt::Key_Escape);
        });
        action(t.get(), QStringLiteral("report"))->trigger();
        QVERIFY(*ran);
        QCOMPARE(reported.count(), 1);
    }

    // --- the thread's comments ---------------------------------------------------------------

    void commentMenuMineAndOthers()
    {
        auto s = zhangsan();
        s->thread->openPost(m_theirPost);
        s->waitLoaded();
        QTRY_VERIFY_WITH_TIMEOUT(s->comment(m_myReply).isValid(), 10000);
        const QModelIndex lisi = s->comment(m_lisiFloor);
        const QModelIndex mine = s->comment(m_myFloor);
        const QModelIndex myReply = s->comment(m_myReply);
        QVERIFY(lisi.isValid() && mine.isValid() && myReply.isValid());

        std::unique_ptr<QMenu> m(s->thread->createContextMenu(mine));
        QCOMPARE(names(m.get()), (QStringList{QStringLiteral("reply"), QStringLiteral("copyText"),
                                              QStringLiteral("deleteComment")}));
        std::unique_ptr<QMenu> r(s->thread->createContextMenu(myReply));
        QCOMPARE(names(r.get()), names(m.get()));
        std::unique_ptr<QMenu> o(s->thread->createContextMenu(lisi));
        QCOMPARE(names(o.get()), (QStringList{QStringLiteral("reply"), QStringLiteral("copyText"),
                                              QStringLiteral("report")}));
        QCOMPARE(o->defaultAction(), action(o.get(), QStringLiteral("reply")));
        // a model index does as well as the tree's
        std::unique_ptr<QMenu> viaModel(
            s->thread->createContextMenu(s->comments()->indexOfComment(m_lisiFloor)));
        QCOMPARE(names(viaModel.get()), names(o.get()));
        // not a comment row: no menu
        QVERIFY(!s->thread->createContextMenu(QModelIndex()));

        // Copy text, Reply
        action(o.get(), QStringLiteral("copyText"))->trigger();
        QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("看到了！颜色像橘子汽水 🍊"));
        action(o.get(), QStringLiteral("reply"))->trigger();
        QCOMPARE(s->thread->replyTarget(), m_lisiFloor);
        QCOMPARE(withoutIsolates(s->thread->replyEdit()->placeholderText()),
                 QStringLiteral("Reply to 李四"));
    }

    void postAuthorAndModeratorMayDeleteOthers()
    {
        // on my own post, 李四's comment may be deleted (and reported)
        auto s = zhangsan();
        s->thread->openPost(m_myPost);
        s->waitLoaded();
        std::unique_ptr<QMenu> m(s->thread->createContextMenu(s->comment(m_onMyPost)));
        QCOMPARE(names(m.get()),
                 (QStringList{QStringLiteral("reply"), QStringLiteral("copyText"),
                              QStringLiteral("deleteComment"), QStringLiteral("report")}));

        // 王五 on his post: every comment
        auto w = side(QStringLiteral("wangwu"), core::UserBrief{10003, QStringLiteral("王五"), {}});
        w->thread->openPost(m_theirPost);
        w->waitLoaded();
        for (qint64 id : {m_lisiFloor, m_myFloor}) {
            std::unique_ptr<QMenu> x(w->thread->createContextMenu(w->comment(id)));
            QVERIFY(action(x.get(), QStringLiteral("deleteComment")));
            QVERIFY(action(x.get(), QStringLiteral("report")));
        }

        // a moderator: every comment of anyone's post
        auto mod =
            side(QStringLiteral("moderator"), core::UserBrief{10009, QStringLiteral("版主"), {}});
        mod->thread->setModerator(true);
        mod->thread->openPost(m_theirPost);
        mod->waitLoaded();
        std::unique_ptr<QMenu> x(mod->thread->createContextMenu(mod->comment(m_lisiFloor)));
        QVERIFY(action(x.get(), QStringLiteral("deleteComment")));
        // someone else, neither: no delete
        auto mazi =
            side(QStringLiteral("mazi"), core::UserBrief{10004, QStringLiteral("麻子"), {}});
        mazi->thread->openPost(m_theirPost);
        mazi->waitLoaded();
        std::unique_ptr<QMenu> y(mazi->thread->createContextMenu(mazi->comment(m_lisiFloor)));
        QVERIFY(!action(y.get(), QStringLiteral("deleteComment")));
        QVERIFY(action(y.get(), QStringLiteral("report")));
    }

    void deleteMyCommentThroughTheMenu()
    {
        const qint64 gone =
            commentOn(QStringLiteral("zhangsan"), m_theirPost, QStringLiteral("发错了，删掉 🙈"));
        auto s = zhangsan();
        s->thread->resize(700, 700);
        s->thread->show();
        QVERIFY(QTest::qWaitForWindowExposed(s->thread.get()));
        s->thread->openPost(m_theirPost);
        s->waitLoaded();
        QTRY_VERIFY_WITH_TIMEOUT(s->comment(gone).isValid(), 10000);
        QSignalSpy completed(&s->outbox, &core::Outbox::completed);
        s->tree()->setFocus();
        s->tree()->setCurrentIndex(s->comment(gone));
        s->tree()->scrollTo(s->comment(gone));
        // the Menu key, then D (Delete comment): asked, and the row leaves at once
        bool leftAtOnce = false;
        QImage shot;
        auto ran = onNext<QMenu>(
            [&](QMenu *menu) {
                shot = withMenu(s->thread.get(), menu);
                QTest::keyClick(menu, Qt::Key_D);
                leftAtOnce = !s->comments()->indexOfComment(gone).isValid();
            },
            true);
        QTest::keyClick(s->tree(), Qt::Key_Menu);
        QVERIFY(*ran);
        save(shot, QStringLiteral("comment-menu-mine.png"));
        QVERIFY(leftAtOnce);
        QCOMPARE(s->questions.size(), 1);
        QVERIFY2(s->questions.at(0).startsWith(QStringLiteral("Delete your comment?")),
                 qPrintable(s->questions.at(0)));
        QVERIFY(!s->store.comment(gone));
        QTRY_COMPARE_WITH_TIMEOUT(completed.count(), 1, 10000);
        QCOMPARE(completed.at(0).at(0).value<core::OutboxEntry>().kind,
                 core::OutboxEntry::Kind::DeleteComment);
        // the server no longer has it
        Client c(m_server.baseUrl());
        c.login(QStringLiteral("zhangsan"));
        QCOMPARE(c.get(kApi + QStringLiteral("/comments/%1/replies").arg(gone)).status, 404);
        QCOMPARE(c.put(kApi + QStringLiteral("/comments/%1/like").arg(gone)).status, 404);

        // the Delete key on someone else's comment does nothing; Ctrl+C copies it
        s->tree()->setCurrentIndex(s->comment(m_lisiFloor));
        QTest::keyClick(s->tree(), Qt::Key_Delete);
        QCOMPARE(s->questions.size(), 1);
        QTest::keyClick(s->tree(), Qt::Key_C, Qt::ControlModifier);
        QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("看到了！颜色像橘子汽水 🍊"));
        // Cancel keeps it: the Delete key on my floor, answered no
        s->answer = false;
        s->tree()->setCurrentIndex(s->comment(m_myFloor));
        QTest::keyClick(s->tree(), Qt::Key_Delete);
        QCOMPARE(s->questions.size(), 2);
        QVERIFY(s->comment(m_myFloor).isValid());
    }

    void deletingAFloorSaysItsRepliesGo()
    {
        auto w = side(QStringLiteral("wangwu"), core::UserBrief{10003, QStringLiteral("王五"), {}});
        w->thread->openPost(m_theirPost);
        w->waitLoaded();
        w->answer = false;
        w->thread->requestDelete(w->comment(m_lisiFloor)); // 李四's floor, with my reply
        QCOMPARE(w->questions.size(), 1);
        QVERIFY2(w->questions.at(0).startsWith(QStringLiteral("Delete 李四's comment?")),
                 qPrintable(w->questions.at(0)));
        QVERIFY2(w->questions.at(0).contains(QStringLiteral("1 repl")),
                 qPrintable(w->questions.at(0)));
        QVERIFY(w->comment(m_lisiFloor).isValid());
    }

    void reportACommentReachesTheModerators()
    {
        auto s = zhangsan();
        s->thread->resize(700, 700);
        s->thread->show();
        QVERIFY(QTest::qWaitForWindowExposed(s->thread.get()));
        s->thread->openPost(m_theirPost);
        s->waitLoaded();
        QSignalSpy completed(&s->outbox, &core::Outbox::completed);
        const QModelIndex lisi = s->comment(m_lisiFloor);
        const QRect r = s->tree()->visualRect(lisi);
        // a right-click on the comment, P (Report…), then the dialog by the keyboard
        QImage menuShot, dialogShot;
        QString question;
        auto ranDialog = std::make_shared<bool>(false);
        auto ran = onNext<QMenu>(
            [&](QMenu *menu) {
                menuShot = withMenu(s->thread.get(), menu);
                ranDialog = onNext<ReportDialog>([&](ReportDialog *d) {
                    question = d->findChild<QLabel *>(QStringLiteral("reportQuestion"))->text();
                    QTest::keyClick(QApplication::focusWidget(), Qt::Key_A, Qt::AltModifier);
                    QTRY_VERIFY(d->reportButton()->isEnabled());
                    QTest::keyClick(QApplication::focusWidget(), Qt::Key_N, Qt::AltModifier);
                    QCOMPARE(QApplication::focusWidget(), d->noteEdit());
                    d->noteEdit()->insertPlainText(QStringLiteral("说别人的相机烂 😤")); // an IME
                    dialogShot = d->grab().toImage();
                    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return,
                                    Qt::ControlModifier);
                });
                QTest::keyClick(menu, Qt::Key_P);
            },
            true);
        QContextMenuEvent click(QContextMenuEvent::Mouse, r.center(),
                                s->tree()->viewport()->mapToGlobal(r.center()));
        QApplication::sendEvent(s->tree()->viewport(), &click);
        QVERIFY(*ran);
        QVERIFY(*ranDialog);
        save(menuShot, QStringLiteral("comment-menu-others.png"));
        save(dialogShot, QStringLiteral("report-dialog-filled.png"));
        QCOMPARE(question, QStringLiteral("Why are you reporting 李四's comment?"));
        QTRY_COMPARE_WITH_TIMEOUT(completed.count(), 1, 10000);
        QCOMPARE(completed.at(0).at(0).value<core::OutboxEntry>().kind,
                 core::OutboxEntry::Kind::Report);

        Client mod(m_server.baseUrl());
        QVERIFY(!mod.login(QStringLiteral("moderator")).isEmpty());
        const QJsonObject item = queueItem(mod, QStringLiteral("comment"), m_lisiFloor);
        QVERIFY2(!item.isEmpty(), "the moderators' queue shows the reported comment");
        const QJsonArray reports = item.value(QStringLiteral("reports")).toArray();
        QCOMPARE(reports.size(), 1);
        const QJsonObject report = reports.at(0).toObject();
        QCOMPARE(report.value(QStringLiteral("reason")).toString(), QStringLiteral("abuse"));
        QCOMPARE(report.value(QStringLiteral("note")).toString(),
                 QStringLiteral("说别人的相机烂 😤"));
        QCOMPARE(report.value(QStringLiteral("reporter"))
                     .toObject()
                     .value(QStringLiteral("uid"))
                     .toInteger(),
                 kZhangsan);
    }

    void screenshotsOfTheDialog()
    {
        for (int width : {400, 600}) {
            ReportDialog d(QStringLiteral("王五's post"));
            d.resize(width, d.sizeHint().height());
            d.show();
            QVERIFY(QTest::qWaitForWindowExposed(&d));
            QVERIFY(d.width() >= 400);
            save(d.grab().toImage(), QStringLiteral("report-dialog-%1.png").arg(width));
        }
        ReportDialog d(QStringLiteral("王五's post"));
        d.setReason(Reason::Other);
        QString note;
        for (int i = 0; i < 168; ++i) // 504: over the limit
            note += QStringLiteral("太长了");
        d.setNote(note);
        QVERIFY(!d.reportButton()->isEnabled());
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        save(d.grab().toImage(), QStringLiteral("report-dialog-too-long.png"));
    }
};

QTEST_MAIN(TstContextMenus)
#include "tst_contextmenus.moc"

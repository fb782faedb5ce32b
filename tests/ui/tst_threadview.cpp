// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tst_threadview: the thread pane (ThreadView + CommentDelegate) against the real server,
// offscreen — the busy post's floors each open with ≤ 3 replies and "More replies (N)", that row
// activated by Return and by a click loading the rest in place, scrolling to the end loading more
// floors, best order, choosing a comment to answer (the hint), sending with Ctrl+Return (the
// pending row at once, then the server's id), Esc, the length limit, like / oppose toggles, the
// sample post, a moderator's hidden mark, a dead server in words; then every row painted at 480
// and 900 px and screenshots in /tmp/ui-b/.
#include "actions.h"
#include "artifacts.h"
#include "feeds.h"
#include "i18n.h"
#include "images/imagecache.h"
#include "itemoption.h"
#include "net/apiclient.h"
#include "outbox/outbox.h"
#include "poststore.h"
#include "testserver.h"
#include "thread/commentdelegate.h"
#include "thread/commenttreemodel.h"
#include "thread/threadloader.h"
#include "thread/threadview.h"
#include "wire/jsoncodec.h"

#include "common/virtuallistview.h"
#include "thread/flattreeproxy.h"
#include <QApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <memory>

#include "isolates.h"

using namespace threadline;
using models::CommentTreeModel;
using test::Client;
using test::TestServer;
using ui::CommentDelegate;
using ui::ThreadView;
using Kind = CommentTreeModel::RowKind;
using Area = CommentDelegate::Area;

namespace {
const QString kApi = QStringLiteral("/api/v1");
const QString kShots = threadline::test::artifactDir(QStringLiteral("threadview"));

// The client side of one user: the core objects the app would give the pane, and the pane.
struct Side
{
    core::ApiClient api;
    core::PostStore store;
    core::Outbox outbox{&api};
    core::Actions actions{&outbox, &store};
    core::ImageCache images{api.network()};
    std::unique_ptr<threadline::models::Feeds> feeds;
    std::unique_ptr<ThreadView> view;

    Side(const QUrl &base, const QString &token, const QString &dir, const core::UserBrief &me)
    {
        api.setBaseUrl(base);
        api.setToken(token);
        outbox.setLikeDelayMs(150);
        outbox.setBackoff(20, 200);
        QSignalSpy opened(&outbox, &core::Outbox::opened);
        outbox.open(QDir(dir).filePath(QStringLiteral("outbox.sqlite")));
        if (!opened.wait(10000) || !opened.at(0).at(0).toBool())
            qFatal("the outbox did not open");
        actions.setMe(me);
        images.setServer(base);
        images.setToken(token);
        images.setDiskCacheDirectory(QDir(dir).filePath(QStringLiteral("images")));
        feeds = std::make_unique<threadline::models::Feeds>(
            threadline::models::Feeds::Parts{&api, nullptr, &store, nullptr, &actions});
        view = std::make_unique<ThreadView>(feeds.get(), &images);
        view->resize(900, 800);
    }
    [[nodiscard]] CommentTreeModel *model() const { return view->model(); }
    [[nodiscard]] ui::VirtualListView *tree() const { return view->treeView(); }
};

using test::optionFor;

Kind kindOf(const QModelIndex &i)
{
    return Kind(i.data(CommentTreeModel::KindRole).toInt());
}

// A floor's replies are shown under it: each a row of the pane's list right after the floor.
bool repliesShown(Side &s, const QModelIndex &floor)
{
    const QModelIndex shown = s.view->viewIndex(floor);
    if (!shown.isValid())
        return false;
    const QAbstractItemModel *m = floor.model();
    for (int r = 0; r < m->rowCount(floor); ++r) {
        const QModelIndex child = s.view->viewIndex(m->index(r, 0, floor));
        if (!child.isValid() || child.row() != shown.row() + 1 + r ||
            child.data(models::FlatTreeProxy::DepthRole).toInt() != 1)
            return false;
    }
    return true;
}

int commentChildren(const QAbstractItemModel *m, const QModelIndex &floor)
{
    int n = 0;
    for (int r = 0; r < m->rowCount(floor); ++r)
        if (kindOf(m->index(r, 0, floor)) == Kind::Comment)
            ++n;
    return n;
}

// Clicks an area of a row as a user would: scrolled into view, at the area's centre.
void clickArea(Side &s, const QModelIndex &modelIndex, Area area)
{
    const QModelIndex index = s.view->viewIndex(modelIndex);
    s.tree()->scrollTo(index);
    QCoreApplication::processEvents();
    const QRect r = s.view->delegate()->areaRect(optionFor(s.tree(), index), index, area);
    QVERIFY2(!r.isEmpty(), "the row has that area");
    QVERIFY(s.tree()->viewport()->rect().contains(r.center()));
    QTest::mouseClick(s.tree()->viewport(), Qt::LeftButton, {}, r.center());
}

// Every row (floors and their children), in display order.
QList<QModelIndex> allRows(const QAbstractItemModel *m)
{
    QList<QModelIndex> out;
    for (int r = 0; r < m->rowCount(); ++r) {
        const QModelIndex f = m->index(r, 0);
        out.append(f);
        for (int c = 0; c < m->rowCount(f); ++c)
            out.append(m->index(c, 0, f));
    }
    return out;
}

// Each row through the delegate into its own image at `width`: the height from sizeHint, no
// crash, something drawn.
void paintEveryRow(Side &s, int width)
{
    s.view->resize(width, 800);
    QCoreApplication::processEvents();
    CommentDelegate *d = s.view->delegate();
    for (const QModelIndex &row : allRows(s.model())) {
        const QModelIndex i = s.view->viewIndex(row);
        QStyleOptionViewItem o = optionFor(s.tree(), i);
        const int w = width - (row.parent().isValid() ? s.tree()->indentation() : 0);
        o.rect = QRect(0, 0, w, 0);
        const QSize hint = d->sizeHint(o, i);
        QVERIFY(hint.height() > 10);
        o.rect = QRect(QPoint(0, 0), QSize(w, hint.height()));
        QImage img(o.rect.size(), QImage::Format_ARGB32_Premultiplied);
        img.fill(Qt::white);
        QPainter p(&img);
        d->paint(&p, o, i);
        p.end();
        // every area lies inside the row
        for (Area a : {Area::Like, Area::Oppose, Area::Reply, Area::More}) {
            const QRect r = d->areaRect(o, i, a);
            if (!r.isEmpty())
                QVERIFY2(o.rect.adjusted(-6, -6, 6, 6).contains(r),
                         qPrintable(QStringLiteral("row %1 area %2").arg(i.row()).arg(int(a))));
        }
    }
}

void screenshot(Side &s, const QString &name, int width, int height = 900)
{
    s.view->resize(width, height);
    s.view->show();
    QVERIFY(QTest::qWaitForWindowExposed(s.view.get()));
    s.view->grab(); // asks for the avatars
    QTRY_VERIFY_WITH_TIMEOUT(s.images.pendingCount() == 0, 10000);
    QDir().mkpath(kShots);
    const QString path = QDir(kShots).filePath(name);
    QVERIFY2(s.view->grab().save(path), qPrintable(path));
}
} // namespace

class TstThreadView : public QObject
{
    Q_OBJECT

    TestServer m_server;
    QTemporaryDir m_dir;
    int m_sides = 0;

    QString newDir()
    {
        const QString d = m_dir.filePath(QStringLiteral("side%1").arg(++m_sides));
        QDir().mkpath(d);
        return d;
    }
    std::unique_ptr<Side> side(const QString &user, const core::UserBrief &me)
    {
        Client c(m_server.baseUrl());
        const QString token = c.login(user);
        if (token.isEmpty())
            qFatal("no login");
        return std::make_unique<Side>(m_server.baseUrl(), token, newDir(), me);
    }
    std::unique_ptr<Side> zhangsan()
    {
        return side(QStringLiteral("zhangsan"),
                    core::UserBrief{10001, QStringLiteral("张三"), QString()});
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
    // A small thread: 李四's post, 王五's floor, 麻子's reply to it, then 张三's reply to 麻子.
    struct Small
    {
        qint64 post = 0, root = 0, reply = 0, reply2 = 0;
    };
    Small smallThread()
    {
        Small t;
        t.post = create(
            QStringLiteral("lisi"), QStringLiteral("/posts"),
            QJsonObject{
                {QStringLiteral("content"),
                 QStringLiteral("周末去爬山，有人一起吗？⛰️ 早上七点集合")}});
        t.root = create(
            QStringLiteral("wangwu"), QStringLiteral("/posts/%1/comments").arg(t.post),
            QJsonObject{{QStringLiteral("content"), QStringLiteral("算我一个！🙋 要带什么装备？")}});
        t.reply = create(QStringLiteral("mazi"), QStringLiteral("/posts/%1/comments").arg(t.post),
                         QJsonObject{{QStringLiteral("content"), QStringLiteral("我也去 😄")},
                                     {QStringLiteral("parentId"), t.root}});
        t.reply2 =
            create(QStringLiteral("zhangsan"), QStringLiteral("/posts/%1/comments").arg(t.post),
                   QJsonObject{{QStringLiteral("content"),
                                QStringLiteral("带水和防晒，山顶风大，记得带外套。")},
                               {QStringLiteral("parentId"), t.reply}});
        return t;
    }
    static void waitLoaded(Side &s, int floors = 1)
    {
        QTRY_VERIFY_WITH_TIMEOUT(s.model()->floorCount() >= floors && !s.view->loader()->isBusy(),
                                 20000);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY2(m_server.start(), m_server.stderrLog().right(2000).constData());
    }

    void busyPostFloorsOpenWithMoreReplies()
    {
        auto s = zhangsan();
        s->view->show();
        QVERIFY(QTest::qWaitForWindowExposed(s->view.get()));
        s->view->openPost(90500);
        waitLoaded(*s, 50);
        CommentTreeModel *m = s->model();
        QCOMPARE(m->floorCount(), models::ThreadLoader::kDefaultFloorPage);
        // the header: the post and its count
        QTRY_VERIFY(!s->view->findChild<QLabel *>(QStringLiteral("postAuthor"))->text().isEmpty());
        QVERIFY(s->view->findChild<QLabel *>(QStringLiteral("commentCount"))
                    ->text()
                    .contains(QStringLiteral("1800")));
        int withMore = 0;
        for (int r = 0; r < m->floorCount(); ++r) {
            const QModelIndex f = m->index(r, 0);
            QCOMPARE(kindOf(f), Kind::Comment);
            QVERIFY2(repliesShown(*s, f), qPrintable(QString::number(r)));
            const qint64 replies = f.data(CommentTreeModel::ReplyCountRole).toLongLong();
            QCOMPARE(commentChildren(m, f), int(std::min<qint64>(replies, 3)));
            if (replies > 3) {
                const QModelIndex more = m->index(m->rowCount(f) - 1, 0, f);
                QCOMPARE(kindOf(more), Kind::MoreReplies);
                QCOMPARE(more.data(Qt::DisplayRole).toString(),
                         QStringLiteral("More replies (%1)").arg(replies - 3));
                ++withMore;
            } else {
                QCOMPARE(m->rowCount(f), int(replies));
            }
        }
        QVERIFY(withMore >= 2);
        // the floors' rows are as tall as their text needs, replies under the floor's text
        const QModelIndex f0 = m->index(0, 0);
        const QRect floorRect = s->tree()->visualRect(s->view->viewIndex(f0));
        QVERIFY(floorRect.height() >= 50);
        QCOMPARE(s->tree()->visualRect(s->view->viewIndex(m->index(0, 0, f0))).left(),
                 floorRect.left() + CommentDelegate::kIndentation);

        // "More replies (N)": Return on the row loads the rest in place …
        QList<int> floorsWithMore;
        for (int r = 0; r < m->floorCount(); ++r)
            if (m->index(r, 0).data(CommentTreeModel::ReplyCountRole).toLongLong() > 3)
                floorsWithMore.append(r);
        {
            const QPersistentModelIndex f = m->index(floorsWithMore.at(0), 0);
            const qint64 replies = f.data(CommentTreeModel::ReplyCountRole).toLongLong();
            const QModelIndex more = m->index(m->rowCount(f) - 1, 0, f);
            s->tree()->setFocus();
            s->tree()->setCurrentIndex(s->view->viewIndex(more));
            QTest::keyClick(s->tree(), Qt::Key_Return);
            QTRY_COMPARE_WITH_TIMEOUT(m->rowCount(f), int(replies), 20000);
            QCOMPARE(commentChildren(m, f), int(replies));
            QCOMPARE(kindOf(m->index(m->rowCount(f) - 1, 0, f)), Kind::Comment);
        }
        // … and so does a click on it
        {
            const QPersistentModelIndex f = m->index(floorsWithMore.at(1), 0);
            const qint64 replies = f.data(CommentTreeModel::ReplyCountRole).toLongLong();
            const QModelIndex more = m->index(m->rowCount(f) - 1, 0, f);
            clickArea(*s, more, Area::More);
            QTRY_COMPARE_WITH_TIMEOUT(m->rowCount(f), int(replies), 20000);
            QCOMPARE(kindOf(m->index(m->rowCount(f) - 1, 0, f)), Kind::Comment);
        }

        // scrolling to the bottom loads more floors, already open
        QCOMPARE(kindOf(m->index(m->rowCount() - 1, 0)), Kind::MoreFloors);
        for (int round = 0; round < 2; ++round) {
            const int before = m->floorCount();
            QScrollBar *bar = s->tree()->verticalScrollBar();
            QTRY_VERIFY(bar->maximum() > 0);
            bar->setValue(bar->maximum());
            QTRY_VERIFY_WITH_TIMEOUT(m->floorCount() > before && !s->view->loader()->isBusy(),
                                     20000);
            QVERIFY(repliesShown(*s, m->index(m->floorCount() - 1, 0)));
        }
        QCOMPARE(m->floorCount(), 150);
        QCOMPARE(m->index(149, 0).data(CommentTreeModel::FloorRole).toLongLong(), 150);
        QVERIFY(s->view->statusText().isEmpty());

        paintEveryRow(*s, 480);
        paintEveryRow(*s, 900);
        s->tree()->scrollToTop();
        screenshot(*s, QStringLiteral("busy-900.png"), 900);
        screenshot(*s, QStringLiteral("busy-480.png"), 480);
    }

    void bestOrderSwitch()
    {
        auto s = zhangsan();
        s->view->openPost(90500);
        waitLoaded(*s, 50);
        auto *best = s->view->findChild<QToolButton *>(QStringLiteral("orderBest"));
        auto *byFloor = s->view->findChild<QToolButton *>(QStringLiteral("orderByFloor"));
        QVERIFY(best && byFloor);
        QVERIFY(byFloor->isChecked());
        s->view->show();
        QVERIFY(QTest::qWaitForWindowExposed(s->view.get()));
        QTest::mouseClick(best, Qt::LeftButton);
        QVERIFY(best->isChecked());
        QCOMPARE(s->model()->order(), CommentTreeModel::Order::Best);
        waitLoaded(*s, 2);
        CommentTreeModel *m = s->model();
        QVERIFY(m->index(0, 0).data(CommentTreeModel::ScoreRole).toLongLong() >=
                m->index(1, 0).data(CommentTreeModel::ScoreRole).toLongLong());
        QVERIFY(m->index(0, 0).data(CommentTreeModel::ScoreRole).toLongLong() > 0);
        QVERIFY(repliesShown(*s, m->index(0, 0)));
        QTest::mouseClick(byFloor, Qt::LeftButton);
        QCOMPARE(m->order(), CommentTreeModel::Order::Floor);
        waitLoaded(*s, 2);
        QCOMPARE(m->index(0, 0).data(CommentTreeModel::FloorRole).toLongLong(), 1);
    }

    void replyToACommentAndToThePost()
    {
        const Small t = smallThread();
        auto s = zhangsan();
        s->view->show();
        QVERIFY(QTest::qWaitForWindowExposed(s->view.get()));
        s->view->openPost(t.post);
        waitLoaded(*s);
        CommentTreeModel *m = s->model();
        QPlainTextEdit *edit = s->view->replyEdit();
        QPushButton *sendButton = s->view->sendButton();
        QCOMPARE(edit->placeholderText(), QStringLiteral("Comment"));
        QVERIFY(!sendButton->isEnabled());
        const QPersistentModelIndex floor = m->index(0, 0);
        QCOMPARE(m->rowCount(floor), 2);
        const QModelIndex reply = m->index(0, 0, floor); // 麻子's
        QCOMPARE(reply.data(CommentTreeModel::IdRole).toLongLong(), t.reply);

        // the box grows from 2 to 5 lines, then scrolls
        const int twoLines = edit->height();
        edit->setPlainText(QStringLiteral("1\n2\n3"));
        const int threeLines = edit->height();
        QVERIFY(threeLines > twoLines);
        edit->setPlainText(QStringLiteral("1\n2\n3\n4\n5\n6\n7\n8"));
        const int many = edit->height();
        QVERIFY(many > threeLines);
        QVERIFY(many < twoLines * 3);
        edit->clear();
        QCOMPARE(edit->height(), twoLines);

        // choosing the reply (a click on its text): the hint says whom
        clickArea(*s, reply, Area::Reply);
        QCOMPARE(s->view->replyTarget(), t.reply);
        QCOMPARE(withoutIsolates(edit->placeholderText()), QStringLiteral("Reply to 麻子"));
        QVERIFY(edit->hasFocus());

        // typing, then Ctrl+Return: my reply under that floor at once, pending
        QTest::keyClicks(edit, QStringLiteral("ok "));
        edit->insertPlainText(QStringLiteral("我带零食 🍫"));
        QVERIFY(sendButton->isEnabled());
        QSignalSpy inserted(m, &QAbstractItemModel::rowsInserted);
        QTest::keyClick(edit, Qt::Key_Return, Qt::ControlModifier);
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(m->rowCount(floor), 3);
        const QPersistentModelIndex mine = m->index(2, 0, floor);
        QVERIFY(mine.data(CommentTreeModel::IdRole).toLongLong() < 0);
        QCOMPARE(mine.data(CommentTreeModel::ContentRole).toString(),
                 QStringLiteral("ok 我带零食 🍫"));
        QCOMPARE(withoutIsolates(mine.data(CommentTreeModel::LabelRole).toString()),
                 QStringLiteral("张三 replied to 麻子"));
        QCOMPARE(mine.data(CommentTreeModel::PendingRole).toInt(),
                 int(core::PostStore::Pending::Sending));
        QVERIFY(edit->toPlainText().isEmpty());
        QCOMPARE(edit->placeholderText(), QStringLiteral("Comment"));
        QCOMPARE(s->view->replyTarget(), 0);
        QVERIFY(!sendButton->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(mine.data(CommentTreeModel::IdRole).toLongLong() > 0, 10000);
        QCOMPARE(mine.data(CommentTreeModel::PendingRole).toInt(),
                 int(core::PostStore::Pending::None));

        // a comment on the post: a new floor at once, by the Send button
        edit->setPlainText(QStringLiteral("  二楼 👋  "));
        QVERIFY(sendButton->isEnabled());
        QTest::mouseClick(sendButton, Qt::LeftButton);
        QCOMPARE(m->floorCount(), 2);
        const QPersistentModelIndex floor2 = m->index(1, 0);
        QCOMPARE(floor2.data(CommentTreeModel::ContentRole).toString(), QStringLiteral("二楼 👋"));
        QVERIFY(repliesShown(*s, floor2));
        QTRY_VERIFY_WITH_TIMEOUT(floor2.data(CommentTreeModel::IdRole).toLongLong() > 0, 10000);
        QCOMPARE(floor2.data(CommentTreeModel::FloorRole).toLongLong(), 2);
        QVERIFY(edit->toPlainText().isEmpty());

        // Return on a comment chooses it too; Esc goes back to the post, then closes
        QSignalSpy close(s->view.get(), &ThreadView::closeRequested);
        s->tree()->setFocus();
        s->tree()->setCurrentIndex(s->view->viewIndex(floor));
        QTest::keyClick(s->tree(), Qt::Key_Return);
        QCOMPARE(withoutIsolates(edit->placeholderText()), QStringLiteral("Reply to 王五"));
        QCOMPARE(s->view->replyTarget(), t.root);
        QTest::keyClick(edit, Qt::Key_Escape);
        QCOMPARE(edit->placeholderText(), QStringLiteral("Comment"));
        QCOMPARE(s->view->replyTarget(), 0);
        QCOMPARE(close.count(), 0);
        edit->setPlainText(QStringLiteral("draft"));
        QTest::keyClick(edit, Qt::Key_Escape); // a draft is not thrown away by Esc
        QCOMPARE(close.count(), 0);
        edit->clear();
        QTest::keyClick(edit, Qt::Key_Escape);
        QCOMPARE(close.count(), 1);
        s->tree()->setFocus();
        QTest::keyClick(s->tree(), Qt::Key_Escape);
        QCOMPARE(close.count(), 2);
        QTest::mouseClick(s->view->findChild<QToolButton *>(QStringLiteral("closeThread")),
                          Qt::LeftButton);
        QCOMPARE(close.count(), 3);
    }

    void lengthLimit_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("sendable");
        QTest::addColumn<bool>("counter");
        const QString smile = QStringLiteral("😀");
        QTest::newRow("empty") << QString() << false << false;
        QTest::newRow("blank") << QStringLiteral(" \n\t ") << false << false;
        QTest::newRow("one") << QStringLiteral("a") << true << false;
        QTest::newRow("449 emoji") << smile.repeated(449) << true << false;
        QTest::newRow("500 emoji") << smile.repeated(500) << true << true;
        QTest::newRow("500 + blanks")
            << QStringLiteral("  ") + smile.repeated(500) + QStringLiteral(" ") << true << true;
        QTest::newRow("501 emoji") << smile.repeated(501) << false << true;
        QTest::newRow("501 han") << QStringLiteral("字").repeated(501) << false << true;
    }

    void lengthLimit()
    {
        QFETCH(QString, text);
        QFETCH(bool, sendable);
        QFETCH(bool, counter);
        const Small t = smallThread();
        auto s = zhangsan();
        s->view->show();
        s->view->openPost(t.post);
        s->view->replyEdit()->setPlainText(text);
        QCOMPARE(s->view->sendButton()->isEnabled(), sendable);
        auto *label = s->view->findChild<QLabel *>(QStringLiteral("replyCounter"));
        QCOMPARE(label->isVisible(), counter);
        if (counter)
            QVERIFY(label->text().contains(QStringLiteral("/500")));
        // Ctrl+Return sends nothing that may not be sent
        const int floors = s->model()->floorCount();
        QTest::keyClick(s->view->replyEdit(), Qt::Key_Return, Qt::ControlModifier);
        if (!sendable)
            QCOMPARE(s->model()->floorCount(), floors);
    }

    void unsentCommentSurvivesARestart()
    {
        // What is written in a post's box, and whom it answers, is there again after a restart
        // (a new view), for that post only, without taking the focus; sending it forgets it.
        const Small t = smallThread();
        const Small other = smallThread();
        QString hint;
        {
            auto s = zhangsan();
            s->view->show();
            QVERIFY(QTest::qWaitForWindowExposed(s->view.get()));
            s->view->openPost(t.post);
            waitLoaded(*s);
            clickArea(*s, s->model()->index(0, 0), Area::Reply); // answer the first floor
            QCOMPARE(s->view->replyTarget(), t.root);
            hint = s->view->findChild<QLabel *>(QStringLiteral("replyTarget"))->text();
            QVERIFY(!hint.isEmpty());
            QTest::keyClicks(s->view->replyEdit(), QStringLiteral("half "));
            s->view->replyEdit()->insertPlainText(QStringLiteral("写到一半"));
        }
        auto s = zhangsan();
        s->view->show();
        s->view->openPost(other.post);
        QVERIFY(s->view->replyEdit()->toPlainText().isEmpty()); // another post: its own box
        s->view->openPost(t.post);
        QCOMPARE(s->view->replyEdit()->toPlainText(), QStringLiteral("half 写到一半"));
        QCOMPARE(s->view->findChild<QLabel *>(QStringLiteral("replyTarget"))->text(), hint);
        QVERIFY(s->view->replyTarget() != 0);
        QVERIFY(!s->view->replyEdit()->hasFocus());
        QCOMPARE(s->view->replyTarget(), t.root);
        waitLoaded(*s);
        QTRY_VERIFY(s->view->sendButton()->isEnabled());
        QTest::mouseClick(s->view->sendButton(), Qt::LeftButton);
        QTRY_VERIFY(s->view->replyEdit()->toPlainText().isEmpty());
        auto again = zhangsan();
        again->view->openPost(t.post);
        QVERIFY(again->view->replyEdit()->toPlainText().isEmpty());
    }

    void likeAndOpposeFlipAtOnce()
    {
        const Small t = smallThread();
        auto s = zhangsan();
        s->view->show();
        QVERIFY(QTest::qWaitForWindowExposed(s->view.get()));
        s->view->openPost(t.post);
        waitLoaded(*s);
        CommentTreeModel *m = s->model();
        const QPersistentModelIndex floor = m->index(0, 0);
        const QPersistentModelIndex reply = m->index(0, 0, floor);
        QVERIFY(!floor.data(CommentTreeModel::LikedRole).toBool());
        QSignalSpy votes(s->view->delegate(), &CommentDelegate::voteClicked);

        clickArea(*s, floor, Area::Like);
        QCOMPARE(votes.count(), 1);
        QCOMPARE(votes.at(0).at(1).toInt(), 1);
        QVERIFY(floor.data(CommentTreeModel::LikedRole).toBool()); // at once
        QCOMPARE(floor.data(CommentTreeModel::LikeCountRole).toLongLong(), 1);
        clickArea(*s, reply, Area::Oppose);
        QCOMPARE(votes.at(1).at(1).toInt(), -1);
        QVERIFY(reply.data(CommentTreeModel::OpposedRole).toBool());
        QCOMPARE(reply.data(CommentTreeModel::OpposeCountRole).toLongLong(), 1);
        // liking what I opposed: the like replaces the oppose
        clickArea(*s, reply, Area::Like);
        QVERIFY(reply.data(CommentTreeModel::LikedRole).toBool());
        QVERIFY(!reply.data(CommentTreeModel::OpposedRole).toBool());
        // a click on the floor's like again takes it back
        clickArea(*s, floor, Area::Like);
        QVERIFY(!floor.data(CommentTreeModel::LikedRole).toBool());
        QCOMPARE(floor.data(CommentTreeModel::LikeCountRole).toLongLong(), 0);
        // the server hears the reply's like in the end
        QTRY_VERIFY_WITH_TIMEOUT(s->outbox.pendingCount() == 0, 10000);
        Client c(m_server.baseUrl());
        c.login(QStringLiteral("zhangsan"));
        const auto page = core::decodeReplyPage(
            c.get(kApi + QStringLiteral("/comments/%1/replies").arg(t.root)).body);
        QVERIFY(page.ok());
        QVERIFY(page.value().items.at(0).liked);
        QVERIFY(!page.value().items.at(0).opposed);
    }

    void samplePostAsFloors()
    {
        auto s = zhangsan();
        s->view->openPost(90012);
        waitLoaded(*s, 3);
        CommentTreeModel *m = s->model();
        QCOMPARE(m->rowCount(), 3); // three floors, nothing more
        for (int r = 0; r < 3; ++r) {
            const QModelIndex f = m->index(r, 0);
            QCOMPARE(f.data(CommentTreeModel::ContentRole).toString(),
                     QStringLiteral("这是一个回复678ijnfdsf"));
            QCOMPARE(f.data(CommentTreeModel::FloorRole).toLongLong(), r + 1);
            QCOMPARE(m->rowCount(f), 0);
        }
        QCOMPARE(m->index(2, 0).data(CommentTreeModel::AuthorNameRole).toString(),
                 QStringLiteral("听他们说玩游戏名字起得不能太长"));
        QTRY_COMPARE(s->view->findChild<QLabel *>(QStringLiteral("postAuthor"))->text(),
                     QStringLiteral("王五"));
        QVERIFY(s->view->findChild<QLabel *>(QStringLiteral("commentCount"))
                    ->text()
                    .contains(QStringLiteral("3")));
        paintEveryRow(*s, 480);
        screenshot(*s, QStringLiteral("sample-480.png"), 480, 560);
    }

    void moderatorSeesHiddenMarked()
    {
        const Small t = smallThread();
        Client mod(m_server.baseUrl());
        mod.login(QStringLiteral("moderator"));
        QCOMPARE(mod.post(kApi + QStringLiteral("/moderation/comments/%1/hide").arg(t.reply),
                          QJsonObject{{QStringLiteral("reason"), QStringLiteral("spam")}})
                     .status,
                 200);
        // an ordinary reader does not see it
        {
            auto s = zhangsan();
            s->view->openPost(t.post);
            waitLoaded(*s);
            const QModelIndex f = s->model()->index(0, 0);
            for (int r = 0; r < s->model()->rowCount(f); ++r)
                QVERIFY(s->model()->index(r, 0, f).data(CommentTreeModel::IdRole).toLongLong() !=
                        t.reply);
        }
        auto s = side(QStringLiteral("moderator"),
                      core::UserBrief{10009, QStringLiteral("管理员"), QString()});
        s->view->setModerator(true);
        s->view->openPost(t.post);
        waitLoaded(*s);
        const QModelIndex f = s->model()->index(0, 0);
        const QModelIndex hidden = s->model()->indexOfComment(t.reply);
        QVERIFY(hidden.isValid());
        QCOMPARE(hidden.parent(), f);
        QVERIFY(hidden.data(CommentTreeModel::HiddenRole).toBool());
        QCOMPARE(hidden.data(CommentTreeModel::ModerationReasonRole).toString(),
                 QStringLiteral("spam"));
        paintEveryRow(*s, 480);
        screenshot(*s, QStringLiteral("moderator-900.png"), 900, 520);
    }

    void pendingAndFailedMarks()
    {
        const Small t = smallThread();
        auto s = zhangsan();
        s->view->openPost(t.post);
        waitLoaded(*s);
        // two replies of mine that the server has not taken: one on its way, one refused
        const auto mine = [&](qint64 id, const QString &text) {
            core::Comment c;
            c.id = id;
            c.postId = t.post;
            c.rootId = t.root;
            c.parentId = t.reply;
            c.author = core::UserBrief{10001, QStringLiteral("张三"), QString()};
            c.replyTo = core::UserBrief{10004, QStringLiteral("麻子"), QString()};
            c.content = text;
            c.createtime = QDateTime::currentMSecsSinceEpoch();
            s->store.addPendingComment(c);
        };
        mine(-901, QStringLiteral("路上了 🚗"));
        mine(-902, QStringLiteral("这条没发出去"));
        s->store.setCommentPending(-902, core::PostStore::Pending::Failed);
        const QModelIndex sending = s->model()->indexOfComment(-901);
        const QModelIndex failed = s->model()->indexOfComment(-902);
        QVERIFY(sending.isValid() && failed.isValid());
        QCOMPARE(sending.data(CommentTreeModel::PendingRole).toInt(),
                 int(core::PostStore::Pending::Sending));
        QCOMPARE(failed.data(CommentTreeModel::PendingRole).toInt(),
                 int(core::PostStore::Pending::Failed));
        paintEveryRow(*s, 480);
        screenshot(*s, QStringLiteral("marks-480.png"), 480, 600);
    }

    void deadServerSaysSoInWords()
    {
        QTcpServer probe; // a port that nobody listens on
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        const quint16 port = probe.serverPort();
        probe.close();
        core::ApiClient api;
        api.setBaseUrl(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port)));
        api.setRetryPolicy(core::RetryPolicy{1, 10, 10});
        core::PostStore store;
        threadline::models::Feeds feeds(
            threadline::models::Feeds::Parts{&api, nullptr, &store, nullptr, nullptr});
        ThreadView view(&feeds, nullptr);
        view.resize(480, 600);
        view.show();
        view.openPost(90012);
        QTRY_VERIFY_WITH_TIMEOUT(!view.statusText().isEmpty(), 20000);
        const QString words = view.statusText();
        QVERIFY2(words.size() > 15 && words.contains(QLatin1Char(' ')), qPrintable(words));
        QVERIFY2(!words.startsWith(QLatin1Char('{')), qPrintable(words)); // words, not JSON
        QVERIFY(!view.sendButton()->isEnabled()); // no Actions: nothing to send with
        QDir().mkpath(kShots);
        view.grab().save(QDir(kShots).filePath(QStringLiteral("dead-480.png")));
        QTest::mouseClick(view.findChild<QToolButton *>(QStringLiteral("dismissStatus")),
                          Qt::LeftButton);
        QVERIFY(view.statusText().isEmpty());
    }

    // Last: the same thread in Chinese, for the eye.
    void chineseScreenshots()
    {
        installTranslations(*qApp, QLocale(QLocale::Chinese, QLocale::China));
        const Small t = smallThread();
        auto s = zhangsan();
        s->view->openPost(t.post);
        waitLoaded(*s);
        s->view->resize(480, 520);
        s->view->show();
        QVERIFY(QTest::qWaitForWindowExposed(s->view.get()));
        clickArea(*s, s->model()->indexOfComment(t.reply), Area::Reply); // selected, answered
        QCOMPARE(s->view->replyTarget(), t.reply);
        s->view->replyEdit()->setPlainText(QStringLiteral("几点出发？"));
        screenshot(*s, QStringLiteral("small-zh-480.png"), 480, 520);
        s->view->openPost(90500);
        waitLoaded(*s, 50);
        screenshot(*s, QStringLiteral("busy-zh-900.png"), 900);
        screenshot(*s, QStringLiteral("busy-zh-480.png"), 480);
    }
};

QTEST_MAIN(TstThreadView)
#include "tst_threadview.moc"

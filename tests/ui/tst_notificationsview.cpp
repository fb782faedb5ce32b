// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tst_notificationsview: the Notifications page and the Following page's live bar, offscreen, in
// English and in Chinese. The rows come into the real NotificationsModel as /sync records (the
// path the stream's events take), with no server: the page's words for each kind (grouped likes
// "and 2 others", a kind from a newer server said to be unsupported), the unread ones marked and
// counted, Return opening a row and marking it read, M marking it read, Mark all as read, what
// the page says with no rows; the navigation's badge and its words for a screen reader; the live
// bar floating over the list without moving it, its words, and a click. Screenshots:
// notifications-en.png, notifications-zh_CN.png, livebar-en.png (THREADLINE_TEST_ARTIFACTS keeps
// them).
#include "artifacts.h"
#include "common/placeholderlist.h"
#include "i18n.h"
#include "notifications/notificationsmodel.h"
#include "notifications/notificationsview.h"
#include "poststore.h"
#include "timeline/timelinemodel.h"
#include "timeline/timelineview.h"
#include "window/navdelegate.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QDir>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using namespace threadline;
using models::NotificationsModel;
using Kind = core::Notification::Kind;

namespace {

const QString kShots = threadline::test::artifactDir(QStringLiteral("notifications"));

core::UserBrief person(qint64 uid, const QString &name)
{
    return core::UserBrief{uid, name, QString()};
}

core::Change record(const core::Notification &n)
{
    core::Change c;
    c.kind = core::Change::Kind::Notification;
    c.op = core::Change::Op::Upsert;
    c.id = n.id;
    c.data = n;
    return c;
}

core::Notification make(qint64 id, Kind kind, const QString &kindName, qint64 time)
{
    core::Notification n;
    n.id = id;
    n.kind = kind;
    n.kindName = kindName;
    n.createtime = time;
    n.actors = {person(10002, QStringLiteral("李四"))};
    n.actorCount = 1;
    return n;
}

// The five rows of the page, newest first: a reply, grouped likes, a follow, a moderation, and
// a kind of a newer server.
QList<core::Change> fiveRecords()
{
    const qint64 t = 1'780'000'000'000;
    core::Notification reply = make(1, Kind::Reply, QStringLiteral("reply"), t + 5);
    reply.postId = 90012;
    reply.commentId = 500020;
    reply.parentId = 500013;
    reply.summary = QStringLiteral("<b>不是</b>HTML");
    core::Notification likes = make(2, Kind::Like, QStringLiteral("like"), t + 4);
    likes.actors = {person(10004, QStringLiteral("麻子")), person(10003, QStringLiteral("王五")),
                    person(10002, QStringLiteral("李四"))};
    likes.actorCount = 3;
    likes.targetType = QStringLiteral("post");
    likes.targetId = 90012;
    likes.postId = 90012;
    core::Notification follow = make(3, Kind::Follow, QStringLiteral("follow"), t + 3);
    core::Notification hidden = make(4, Kind::Moderation, QStringLiteral("moderation"), t + 2);
    hidden.actors.clear();
    hidden.actorCount = 0;
    hidden.action = QStringLiteral("hide");
    hidden.targetType = QStringLiteral("comment");
    hidden.targetId = 500013;
    hidden.postId = 90012;
    hidden.reason = QStringLiteral("spam");
    core::Notification newer = make(5, Kind::Unknown, QStringLiteral("anniversary"), t + 1);
    return {record(newer), record(hidden), record(follow), record(likes), record(reply)};
}

} // namespace

class TstNotificationsView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QApplication::setFont(QFont(QStringLiteral("WenQuanYi Micro Hei"), 10));
        QApplication::setStyle(QStringLiteral("Fusion"));
    }

    void cleanup() { QVERIFY(installTranslations(*qApp, QLocale(QStringLiteral("en")))); }

    void page_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QStringList>("words"); // in the sentences, in order of the rows
        QTest::addColumn<QString>("markAll");
        QTest::addColumn<QString>("empty");
        QTest::newRow("en") << QStringLiteral("en")
                            << QStringList{QStringLiteral("李四"),
                                           QStringLiteral("replied to your comment"),
                                           QStringLiteral("and 2 others liked your post"),
                                           QStringLiteral("followed you"),
                                           QStringLiteral("A moderator hid your comment"),
                                           QStringLiteral("not supported")}
                            << QStringLiteral("Mark all as read")
                            << QStringLiteral("No notifications yet");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN")
                               << QStringList{QStringLiteral("李四"),
                                              QStringLiteral("回复了你的评论"),
                                              QStringLiteral("和另外 2 人赞了你的动态"),
                                              QStringLiteral("关注了你"),
                                              QStringLiteral("管理员隐藏了你的评论"),
                                              QStringLiteral("暂不支持")}
                               << QStringLiteral("全部标为已读") << QStringLiteral("还没有通知");
    }
    void page()
    {
        QFETCH(QString, language);
        QFETCH(QStringList, words);
        QFETCH(QString, markAll);
        QFETCH(QString, empty);
        QVERIFY(installTranslations(*qApp, QLocale(language)));

        NotificationsModel model(nullptr, nullptr, nullptr);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        ui::NotificationsView view(&model);
        view.resize(640, 480);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY2(view.list()->placeholder().contains(empty),
                 qPrintable(view.list()->placeholder()));
        QCOMPARE(view.markAllButton()->text(), markAll);
        QVERIFY(!view.markAllButton()->isEnabled());

        model.apply(fiveRecords());
        model.setUnread(5);
        QCOMPARE(model.rowCount(), 5);
        QVERIFY(view.list()->placeholder().isEmpty());
        QVERIFY(view.markAllButton()->isEnabled());
        const auto sentence = [&](int row) {
            return model.index(row).data(NotificationsModel::SentenceRole).toString();
        };
        QVERIFY2(sentence(0).contains(words[0]) && sentence(0).contains(words[1]),
                 qPrintable(sentence(0)));
        QVERIFY2(sentence(1).contains(QStringLiteral("麻子")) && sentence(1).contains(words[2]),
                 qPrintable(sentence(1)));
        QVERIFY2(sentence(2).contains(words[3]), qPrintable(sentence(2)));
        QVERIFY2(sentence(3).contains(words[4]), qPrintable(sentence(3)));
        QVERIFY2(
            model.index(4).data(NotificationsModel::UnsupportedRole).toString().contains(words[5]),
            qPrintable(model.index(4).data(NotificationsModel::UnsupportedRole).toString()));
        // plain text: the markup of a reply stays text
        QVERIFY(model.index(0)
                    .data(NotificationsModel::DetailRole)
                    .toString()
                    .contains(QStringLiteral("<b>不是</b>HTML")));
        // a screen reader hears the whole row, unread said
        QVERIFY(!model.index(0).data(Qt::AccessibleTextRole).toString().isEmpty());
        QTRY_VERIFY(view.list()->visualRect(model.index(4)).height() > 0);
        QVERIFY(view.grab().save(
            QDir(kShots).filePath(QStringLiteral("notifications-%1.png").arg(language))));

        // Return on the reply: opened and read
        QSignalSpy open(&view, &ui::NotificationsView::openRequested);
        view.list()->setFocus();
        view.list()->setCurrentIndex(model.index(0));
        QTest::keyClick(view.list(), Qt::Key_Return);
        QCOMPARE(open.count(), 1);
        const auto opened = open.at(0).at(0).value<core::Notification>();
        QCOMPARE(opened.commentId.value_or(0), 500020);
        QVERIFY(model.at(0).read);
        QCOMPARE(model.unread(), 4);
        // M on the likes: read, not opened
        view.list()->setCurrentIndex(model.index(1));
        QTest::keyClick(view.list(), Qt::Key_M);
        QCOMPARE(open.count(), 1);
        QVERIFY(model.at(1).read);
        QCOMPARE(model.unread(), 3);
        // Mark all as read
        QTest::mouseClick(view.markAllButton(), Qt::LeftButton);
        QCOMPARE(model.unread(), 0);
        for (int r = 0; r < model.rowCount(); ++r)
            QVERIFY(model.at(r).read);
        QVERIFY(!view.markAllButton()->isEnabled());
        // a record that says unread again for one I read (stale) does not take my mark back
        model.apply({fiveRecords().last()});
        QVERIFY(model.at(0).read);
        // a withdrawn one goes
        core::Change gone;
        gone.kind = core::Change::Kind::Notification;
        gone.op = core::Change::Op::Remove;
        gone.id = 3;
        model.apply({gone});
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.rowOf(3), -1);
        // a group of likes that grew moves to the top; the current row stays current
        view.list()->setCurrentIndex(model.index(model.rowOf(4)));
        core::Notification more = fiveRecords().at(3).notification()
                                      ? *fiveRecords().at(3).notification()
                                      : core::Notification();
        QCOMPARE(more.id, 2);
        more.createtime += 100;
        more.actorCount = 4;
        model.apply({record(more)});
        QCOMPARE(model.at(0).id, 2);
        QCOMPARE(model.at(0).actorCount, 4);
        QVERIFY(!model.at(0).read);
        QCOMPARE(model.at(view.list()->currentIndex().row()).id, 4);
    }

    void badge_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("spoken");
        QTest::newRow("en") << QStringLiteral("en") << QStringLiteral("3 unread");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << QStringLiteral("3 条未读");
    }
    void badge()
    {
        QFETCH(QString, language);
        QFETCH(QString, spoken);
        QVERIFY(installTranslations(*qApp, QLocale(language)));
        QCOMPARE(ui::NavDelegate::badgeText(3), QStringLiteral("3"));
        QCOMPARE(ui::NavDelegate::badgeText(120), QStringLiteral("99+"));
        QStyleOptionViewItem o;
        o.rect = QRect(0, 0, 200, 30);
        o.font = QApplication::font();
        QVERIFY(ui::NavDelegate::badgeRect(o, 0).isNull());
        const QRect pill = ui::NavDelegate::badgeRect(o, 3);
        QVERIFY(o.rect.contains(pill));
        QVERIFY(pill.right() < o.rect.right());
        QVERIFY(QCoreApplication::translate("threadline::ui::MainWindow",
                                            "Notifications, %n unread", nullptr, 3)
                    .contains(spoken));
    }

    void liveBar_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("words");
        QTest::newRow("en") << QStringLiteral("en") << QStringLiteral("↑ 3 new posts");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << QStringLiteral("↑ 3 条新动态");
    }
    void liveBar()
    {
        QFETCH(QString, language);
        QFETCH(QString, words);
        QVERIFY(installTranslations(*qApp, QLocale(language)));
        core::PostStore store;
        QList<qint64> ids;
        for (qint64 id = 100; id > 60; --id) {
            core::Post p;
            p.id = id;
            p.content = QStringLiteral("post %1").arg(id);
            p.createtime = 1'780'000'000'000 + id;
            p.author = core::UserBrief{10002, QStringLiteral("李四"), QString()};
            store.upsertPost(p);
            ids.append(id);
        }
        models::TimelineModel model(&store);
        model.setPosts(ids);
        ui::TimelineView view(nullptr);
        view.setModel(&model);
        view.resize(640, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.scrollTo(model.index(10));
        QTRY_VERIFY(view.indexAt(QPoint(50, 5)).isValid());
        const QModelIndex reading = view.indexAt(QPoint(50, 5));

        view.setNewerCount(3);
        QPushButton *bar = view.newerBar();
        QVERIFY(bar && bar->isVisible());
        QCOMPARE(bar->text(), words);
        QCOMPARE(bar->accessibleName(), words);
        QVERIFY(view.viewport()->geometry().contains(bar->geometry().center()));
        QCOMPARE(view.indexAt(QPoint(50, 5)), reading); // the list did not move
        if (language == QLatin1String("en"))
            QVERIFY(view.grab().save(QDir(kShots).filePath(QStringLiteral("livebar-en.png"))));

        QSignalSpy clicked(&view, &ui::TimelineView::newerBarClicked);
        QTest::mouseClick(bar, Qt::LeftButton);
        QCOMPARE(clicked.count(), 1);
        QVERIFY(!bar->isVisible());
        view.setNewerCount(0);
        QVERIFY(!bar->isVisible());
    }
};

QTEST_MAIN(TstNotificationsView)
#include "tst_notificationsview.moc"

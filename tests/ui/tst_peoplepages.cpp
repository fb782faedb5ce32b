// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tst_peoplepages: people's pages in the main window against the real server, offscreen, in English
// and Chinese — the Likes page (the posts I liked, newest like first, reached by its key; L on a
// card unlikes it and the card leaves, on the server too; the page painted from the cache while
// offline); a person's followers and following (the header's buttons by keyboard, the list as
// the server has it, Return on a person opens their page); the board of messages on a person's
// page (its tab by keyboard, the server's messages newest first, a message left with
// Ctrl+Return on top at once and then the server's, L likes, Delete deletes, a moderator
// hides). Screenshots (light and dark): likes-, followers-, board-<lang>-<theme>.png.
#include "actions.h"
#include "appaccount.h"
#include "appcore.h"
#include "artifacts.h"
#include "cache/cache.h"
#include "common/theme.h"
#include "dialogs/reasondialog.h"
#include "feeds.h"
#include "i18n.h"
#include "net/apiclient.h"
#include "people/messageboardmodel.h"
#include "people/messageboardview.h"
#include "people/personpages.h"
#include "people/profileheader.h"
#include "testserver.h"
#include "thread/likersdialog.h"
#include "timeline/likersmodel.h"
#include "timeline/timelinefeed.h"
#include "timeline/timelinemodel.h"
#include "timeline/timelineview.h"
#include "window/mainwindow.h"
#include "wire/jsoncodec.h"

#include <QApplication>
#include <QDir>
#include <QJsonArray>
#include <QJsonObject>
#include <QListView>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

#include "isolates.h"

using namespace threadline;
using models::TimelineModel;
using test::Client;
using test::TestServer;
using ui::MainWindow;

namespace {
const QString kApi = QStringLiteral("/api/v1");
const QString kShots = test::artifactDir(QStringLiteral("people"));
constexpr int kWait = 20000;

QList<qint64> idsOf(const QJsonArray &items)
{
    QList<qint64> ids;
    for (const QJsonValue &v : items)
        ids << v.toObject().value(QLatin1String("id")).toInteger();
    return ids;
}

QList<qint64> rowsOf(const TimelineModel &model)
{
    QList<qint64> ids;
    for (int row = 0; row < model.rowCount(); ++row)
        ids << model.postIdAt(row);
    return ids;
}

// A signed-in window of its own (core, feeds, window), shown.
struct Window
{
    core::AppCore core;
    std::unique_ptr<models::Feeds> feeds;
    std::unique_ptr<MainWindow> window;
};
} // namespace

class TestPeopleUi : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    TestServer m_server;
    std::unique_ptr<Client> m_maliu; // the window's user, through HTTP
    QList<qint64> m_liked;           // posts 麻六 liked, newest like first

    std::unique_ptr<Window> open(const QString &user, const QString &account)
    {
        auto w = std::make_unique<Window>();
        const auto me = test::signIn(w->core, m_server.baseUrl(), user);
        if (!me)
            return nullptr;
        w->feeds = std::make_unique<models::Feeds>(models::Feeds::Parts{
            w->core.api(), w->core.cache(), w->core.store(), w->core.outbox(), w->core.actions()});
        w->window = std::make_unique<MainWindow>(&w->core, w->feeds.get());
        w->window->resize(1200, 820);
        w->window->show();
        if (!QTest::qWaitForWindowExposed(w->window.get()))
            return nullptr;
        w->window->startAccount(*me, test::accountIn(QDir(m_dir.path()), account));
        return w;
    }

    static void language(const QString &lang) { installTranslations(*qApp, QLocale(lang)); }

    QList<qint64> serverLikes()
    {
        return idsOf(m_maliu->get(kApi + QStringLiteral("/me/likes?limit=50")).items());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QApplication::setFont(QFont(QStringLiteral("WenQuanYi Micro Hei"), 10));
        QApplication::setStyle(QStringLiteral("Fusion"));
        QApplication::setOrganizationName(QStringLiteral("ThreadlineTest"));
        QApplication::setApplicationName(QStringLiteral("tst_peoplepages"));
        QVERIFY(m_dir.isValid());
        QVERIFY2(m_server.start(), m_server.stderrLog().right(2000).constData());
        m_maliu = std::make_unique<Client>(m_server.baseUrl());
        QVERIFY(!m_maliu->login(QStringLiteral("maliu")).isEmpty());
        Client zhangsan(m_server.baseUrl());
        QVERIFY(!zhangsan.login(QStringLiteral("zhangsan")).isEmpty());
        // 张三 writes four posts; 麻六 likes them in another order than they were written
        QList<qint64> posts;
        for (const QString &text :
             {QStringLiteral("春天的第一朵花 🌸"), QStringLiteral("A walk by the river at dusk"),
              QStringLiteral("今天的晚饭：红烧肉"),
              QStringLiteral("Rain on the window, tea in hand")}) {
            const auto r =
                zhangsan.post(kApi + QStringLiteral("/posts"), QJsonObject{{"content", text}});
            QCOMPARE(r.status, 201);
            posts << r.obj().value(QStringLiteral("id")).toInteger();
        }
        for (int i : {2, 0, 3, 1}) {
            QCOMPARE(m_maliu->put(kApi + QStringLiteral("/posts/%1/like").arg(posts[i])).status,
                     200); // likes in one millisecond are ordered by their ids
        }
        m_liked = serverLikes();
        QCOMPARE(m_liked.mid(0, 4), (QList<qint64>{posts[1], posts[3], posts[0], posts[2]}));
    }

    void cleanup()
    {
        ui::applyTheme(ui::Theme::Light);
        language(QStringLiteral("en"));
    }

    void likesPageListsWhatILiked_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }

    void likesPageListsWhatILiked()
    {
        QFETCH(QString, lang);
        language(lang);
        auto w = open(QStringLiteral("maliu"), QStringLiteral("maliu-") + lang);
        QVERIFY(w);
        MainWindow &win = *w->window;
        // the page is in the navigation, named in the language, and reached by its key (Ctrl+9)
        auto *nav = win.findChild<QListWidget *>(QStringLiteral("navigation"));
        QVERIFY(nav);
        const QString title =
            lang == QLatin1String("en") ? QStringLiteral("Likes") : QStringLiteral("赞过");
        QCOMPARE(nav->item(8)->text(), title);
        win.activateWindow();
        QTest::keyClick(&win, Qt::Key_9, Qt::ControlModifier);
        QCOMPARE(win.currentPage(), MainWindow::Page::Likes);
        TimelineModel *model = win.timelineModel(MainWindow::Page::Likes);
        QVERIFY(model);
        QTRY_VERIFY_WITH_TIMEOUT(
            !win.feed(MainWindow::Page::Likes)->isBusy() && model->rowCount() >= 4, kWait);
        QCOMPARE(rowsOf(*model), serverLikes().mid(0, model->rowCount()));
        for (int row = 0; row < model->rowCount(); ++row)
            QVERIFY(model->index(row).data(TimelineModel::LikedRole).toBool());

        for (const ui::Theme theme : {ui::Theme::Light, ui::Theme::Dark}) {
            ui::applyTheme(theme);
            QTRY_COMPARE(ui::isDark(win.palette()), theme == ui::Theme::Dark);
            QVERIFY(win.grab().save(QDir(kShots).filePath(
                QStringLiteral("likes-%1-%2.png")
                    .arg(lang, theme == ui::Theme::Dark ? QStringLiteral("dark")
                                                        : QStringLiteral("light")))));
        }
    }

    void anUnlikeTakesThePostOff()
    {
        language(QStringLiteral("en"));
        auto w = open(QStringLiteral("maliu"), QStringLiteral("maliu-unlike"));
        QVERIFY(w);
        MainWindow &win = *w->window;
        win.showPage(MainWindow::Page::Likes);
        TimelineModel *model = win.timelineModel(MainWindow::Page::Likes);
        QTRY_VERIFY_WITH_TIMEOUT(
            !win.feed(MainWindow::Page::Likes)->isBusy() && model->rowCount() >= 4, kWait);
        const QList<qint64> before = rowsOf(*model);
        // L on the first card: the card leaves at once, and the server hears the unlike
        ui::TimelineView *view = win.timelineView(MainWindow::Page::Likes);
        view->setFocus();
        view->setCurrentIndex(model->index(0));
        const qint64 first = before.first();
        QTest::keyClick(view, Qt::Key_L);
        QCOMPARE(model->rowOf(first), -1);
        QCOMPARE(rowsOf(*model), before.mid(1));
        QTRY_VERIFY_WITH_TIMEOUT(!serverLikes().contains(first), kWait);
        // liked again from another page (the All timeline): on top again
        win.showPage(MainWindow::Page::All);
        TimelineModel *all = win.timelineModel(MainWindow::Page::All);
        QTRY_VERIFY_WITH_TIMEOUT(all->rowOf(first) >= 0, kWait);
        w->core.actions()->togglePostLike(first);
        QCOMPARE(model->postIdAt(0), first);
        QTRY_VERIFY_WITH_TIMEOUT(serverLikes().value(0) == first, kWait);
        m_liked = serverLikes();

        // the cached list: another feed of the page, offline, paints the same posts
        QVERIFY(w->core.cache()->waitForIdle());
        w->core.api()->setOffline(true);
        TimelineModel offline(w->core.store());
        auto *feed = w->feeds->timelineFeed(&offline, this);
        feed->setScope(models::TimelineFeed::Scope::liked());
        QSignalSpy painted(feed, &models::TimelineFeed::cachePainted);
        feed->start();
        QVERIFY(painted.wait(kWait));
        QCOMPARE(rowsOf(offline).mid(0, 4), rowsOf(*model).mid(0, 4));
        w->core.api()->setOffline(false);
        delete feed;
    }

    void followersAndFollowingFromAPersonsPage_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }

    void followersAndFollowingFromAPersonsPage()
    {
        QFETCH(QString, lang);
        language(lang);
        constexpr qint64 kWangwu = 10003;
        // 张三 and 麻六 follow 王五 (麻六 last)
        Client zhangsan(m_server.baseUrl());
        QVERIFY(!zhangsan.login(QStringLiteral("zhangsan")).isEmpty());
        for (Client *c : {&zhangsan, m_maliu.get()}) {
            c->del(kApi + QStringLiteral("/users/%1/follow").arg(kWangwu));
            QCOMPARE(c->put(kApi + QStringLiteral("/users/%1/follow").arg(kWangwu)).status, 200);
            test::waitForNextMillisecond(); // ties would break on the uid, not the order
        }
        QList<qint64> expected;
        for (const QJsonValue &v :
             m_maliu->get(kApi + QStringLiteral("/users/%1/followers?limit=50").arg(kWangwu))
                 .items())
            expected << v.toObject()
                            .value(QLatin1String("user"))
                            .toObject()
                            .value(QLatin1String("uid"))
                            .toInteger();
        QCOMPARE(expected.mid(0, 2), (QList<qint64>{m_maliu->uid(), zhangsan.uid()}));

        auto w = open(QStringLiteral("lisi"), QStringLiteral("lisi-follows-") + lang);
        QVERIFY(w);
        MainWindow &win = *w->window;
        win.openProfile(kWangwu);
        ui::ProfileHeader *header = nullptr;
        for (ui::ProfileHeader *h : win.findChildren<ui::ProfileHeader *>())
            if (h->uid() == kWangwu)
                header = h;
        QVERIFY(header);
        QTRY_VERIFY_WITH_TIMEOUT(header->profile() && header->followersButton()->isVisible(),
                                 kWait);
        QVERIFY(header->followersButton()->text().contains(
            QString::number(header->profile()->followers)));
        QVERIFY(win.grab().save(QDir(kShots).filePath(QStringLiteral("person-%1.png").arg(lang))));
        // the button is reached by Tab from the header and pressed with Space
        header->setFocus();
        for (int i = 0; i < 4 && !header->followersButton()->hasFocus(); ++i)
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QVERIFY(header->followersButton()->hasFocus());
        QTest::keyClick(header->followersButton(), Qt::Key_Space);
        ui::LikersDialog *dialog = nullptr;
        QTRY_VERIFY(
            (dialog = win.findChild<ui::LikersDialog *>(QStringLiteral("followersDialog"))));
        QCOMPARE(dialog->windowTitle().contains(QStringLiteral("王五")), true);
        QCOMPARE(dialog->view()->accessibleName(), dialog->windowTitle()); // the list is named
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isLoading() && dialog->model()->rowCount() >= 2, kWait);
        QList<qint64> shown;
        for (int row = 0; row < dialog->model()->rowCount(); ++row)
            shown << dialog->model()->index(row).data(models::LikersModel::UidRole).toLongLong();
        QCOMPARE(shown, expected);
        for (const ui::Theme theme : {ui::Theme::Light, ui::Theme::Dark}) {
            ui::applyTheme(theme);
            QTRY_COMPARE(ui::isDark(dialog->palette()), theme == ui::Theme::Dark);
            QVERIFY(dialog->grab().save(QDir(kShots).filePath(
                QStringLiteral("followers-%1-%2.png")
                    .arg(lang, theme == ui::Theme::Dark ? QStringLiteral("dark")
                                                        : QStringLiteral("light")))));
        }
        // Return on the second person (张三) opens their page and closes the list
        dialog->view()->setFocus();
        dialog->view()->setCurrentIndex(dialog->model()->index(1));
        QTest::keyClick(dialog->view(), Qt::Key_Return);
        QCOMPARE(win.currentPage(), MainWindow::Page::Profile);
        QTRY_VERIFY(
            !win.findChild<ui::LikersDialog *>(QStringLiteral("followersDialog")) ||
            !win.findChild<ui::LikersDialog *>(QStringLiteral("followersDialog"))->isVisible());
        QTRY_COMPARE(header->uid(), zhangsan.uid());

        // whom 张三 follows: the other button, with a click
        QTRY_VERIFY_WITH_TIMEOUT(header->profile() && header->followingButton()->isVisible(),
                                 kWait);
        QTest::mouseClick(header->followingButton(), Qt::LeftButton);
        ui::LikersDialog *following = nullptr;
        QTRY_VERIFY(
            (following = win.findChild<ui::LikersDialog *>(QStringLiteral("followingDialog"))));
        QTRY_VERIFY_WITH_TIMEOUT(!following->isLoading() && following->model()->rowCount() >= 1,
                                 kWait);
        QCOMPARE(following->model()->index(0).data(models::LikersModel::UidRole).toLongLong(),
                 kWangwu);
        following->close();

        // Offline, 王五's followers again: the copy saved when they were read, with its time and
        // why it is not up to date, in the window's language.
        w->core.setOffline(true);
        ui::LikersDialog offline(w->feeds.get(), nullptr, kWangwu, true, QStringLiteral("王五"),
                                 &win);
        offline.show();
        QTRY_VERIFY_WITH_TIMEOUT(!offline.errorText().isEmpty(), kWait);
        QList<qint64> saved;
        for (int row = 0; row < offline.model()->rowCount(); ++row)
            saved << offline.model()->index(row).data(models::LikersModel::UidRole).toLongLong();
        QCOMPARE(saved, expected);
        QVERIFY2(offline.errorText().contains(lang == QLatin1String("en")
                                                  ? QStringLiteral("saved on")
                                                  : QStringLiteral("保存")),
                 qPrintable(offline.errorText()));
        QVERIFY(offline.grab().save(
            QDir(kShots).filePath(QStringLiteral("followers-offline-%1.png").arg(lang))));
        w->core.setOffline(false);
    }

    void messagesOnAPersonsBoard_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }

    void messagesOnAPersonsBoard()
    {
        QFETCH(QString, lang);
        language(lang);
        constexpr qint64 kWangwu = 10003;
        const QString board = kApi + QStringLiteral("/users/%1/messages").arg(kWangwu);
        Client zhangsan(m_server.baseUrl());
        QVERIFY(!zhangsan.login(QStringLiteral("zhangsan")).isEmpty());
        const auto left = zhangsan.post(
            board, QJsonObject{{"content",
                                QStringLiteral(
                                    "王五，周末一起去爬山吗？🏔 <b>not bold</b>")}});
        QCOMPARE(left.status, 201);
        const qint64 theirs = left.obj().value(QLatin1String("id")).toInteger();
        auto serverBoard = [&](Client &c) {
            QList<qint64> ids;
            for (const QJsonValue &v : c.get(board + QStringLiteral("?limit=50")).items())
                ids << v.toObject().value(QLatin1String("id")).toInteger();
            return ids;
        };
        Client lisi(m_server.baseUrl());
        QVERIFY(!lisi.login(QStringLiteral("lisi")).isEmpty());

        auto w = open(QStringLiteral("lisi"), QStringLiteral("lisi-board-") + lang);
        QVERIFY(w);
        MainWindow &win = *w->window;
        win.openProfile(kWangwu);
        ui::PersonPages *person = win.personPages(MainWindow::Page::Profile);
        QVERIFY(person && person->board());
        // the third tab, by keyboard
        person->tabs()->setFocus();
        QCOMPARE(person->tabs()->count(), 3);
        QCOMPARE(person->tabs()->tabText(2),
                 lang == QLatin1String("en") ? QStringLiteral("Messages") : QStringLiteral("留言"));
        QTest::keyClick(person->tabs(), Qt::Key_Right);
        QTest::keyClick(person->tabs(), Qt::Key_Right);
        QVERIFY(person->isShowingMessages());
        ui::MessageBoardView *view = person->board();
        models::MessageBoardModel *model = view->model();
        QTRY_VERIFY_WITH_TIMEOUT(!view->feed()->isLoading() && model->rowCount() > 0, kWait);
        auto rows = [&] {
            QList<qint64> ids;
            for (int row = 0; row < model->rowCount(); ++row)
                ids << model->index(row).data(models::MessageBoardModel::IdRole).toLongLong();
            return ids;
        };
        QCOMPARE(rows(), serverBoard(lisi).mid(0, model->rowCount()));
        QCOMPARE(model->index(0).data(models::MessageBoardModel::ContentRole).toString(),
                 QStringLiteral("王五，周末一起去爬山吗？🏔 <b>not bold</b>"));

        // a message, written and sent with Ctrl+Return: on top at once, then the server's
        const QString text = lang == QLatin1String("en") ? QStringLiteral("Count me in too!")
                                                         : QStringLiteral("我也去！");
        view->editor()->setFocus();
        if (lang == QLatin1String("en"))
            QTest::keyClicks(view->editor(), text);
        else // what an input method commits (QTest types Latin-1 only)
            view->editor()->insertPlainText(text);
        QVERIFY(view->sendButton()->isEnabled());
        QTest::keyClick(view->editor(), Qt::Key_Return, Qt::ControlModifier);
        QVERIFY(view->editor()->toPlainText().isEmpty());
        QTRY_VERIFY(model->rowCount() > 0 &&
                    model->index(0).data(models::MessageBoardModel::ContentRole).toString() ==
                        text);
        QTRY_VERIFY_WITH_TIMEOUT(
            model->index(0).data(models::MessageBoardModel::IdRole).toLongLong() > 0, kWait);
        const qint64 mine = model->index(0).data(models::MessageBoardModel::IdRole).toLongLong();
        QCOMPARE(serverBoard(lisi).value(0), mine);
        QVERIFY(!model->index(0).data(models::MessageBoardModel::PendingRole).toBool());

        // L on 张三's message: liked at once, and on the server
        const int row = int(rows().indexOf(theirs));
        QVERIFY(row >= 0);
        view->list()->setFocus();
        view->list()->setCurrentIndex(model->index(row));
        QTest::keyClick(view->list(), Qt::Key_L);
        QVERIFY(model->index(row).data(models::MessageBoardModel::LikedRole).toBool());
        QTRY_VERIFY_WITH_TIMEOUT(lisi.get(board + QStringLiteral("?limit=50"))
                                     .items()
                                     .at(1)
                                     .toObject()
                                     .value(QLatin1String("liked"))
                                     .toBool(),
                                 kWait);
        for (const ui::Theme theme : {ui::Theme::Light, ui::Theme::Dark}) {
            ui::applyTheme(theme);
            QTRY_COMPARE(ui::isDark(win.palette()), theme == ui::Theme::Dark);
            QVERIFY(win.grab().save(QDir(kShots).filePath(
                QStringLiteral("board-%1-%2.png")
                    .arg(lang, theme == ui::Theme::Dark ? QStringLiteral("dark")
                                                        : QStringLiteral("light")))));
        }
        // Delete on my own message (asked first): gone at once, and on the server
        view->itemActions().setConfirmation([](const QString &, const QString &) { return true; });
        view->list()->setCurrentIndex(model->index(0));
        QTest::keyClick(view->list(), Qt::Key_Delete);
        QCOMPARE(model->rowOf(mine), -1);
        QTRY_VERIFY_WITH_TIMEOUT(!serverBoard(lisi).contains(mine), kWait);
        // 张三's message is not mine to delete: nothing happens
        view->list()->setCurrentIndex(model->index(model->rowOf(theirs)));
        QTest::keyClick(view->list(), Qt::Key_Delete);
        QVERIFY(model->rowOf(theirs) >= 0);

        // opened again: read again (a message left meanwhile is there)
        const auto later = zhangsan.post(board, QJsonObject{{"content", "one more"}});
        QCOMPARE(later.status, 201);
        person->showActivity(false);
        person->showMessages();
        QTRY_VERIFY_WITH_TIMEOUT(
            model->rowCount() > 0 &&
                model->index(0).data(models::MessageBoardModel::IdRole).toLongLong() ==
                    later.obj().value(QLatin1String("id")).toInteger(),
            kWait);
    }

    void boardPagesReadWhatTheyCan()
    {
        // a newer server's status, a wrong type in one item, a lone item without an author:
        // the rest is kept, nothing is thrown
        const QByteArray page = R"({"items":[
            {"id":1,"board":{"uid":10003,"nickName":"王五"},"author":{"uid":10001,"nickName":"张三"},
             "content":"hi","createtime":1,"likeCount":2,"liked":true,"status":"pinned"},
            {"id":2,"board":{"uid":10003},"author":{"uid":10001},"content":5,"createtime":2},
            {"id":3,"board":{"uid":10003},"content":"no author","createtime":3},
            {"id":4,"board":{"uid":10003},"author":{"uid":10002},"content":"hidden","createtime":4,
             "status":"hidden","moderation":{"by":{"uid":10009},"reason":"spam","createtime":5}}
            ],"next":null})";
        const auto decoded = core::decodeMessagePage(page);
        QVERIFY(decoded.ok());
        const QList<core::Message> &items = decoded.value().items;
        QCOMPARE(items.size(), 2);
        QCOMPARE(items.at(0).id, 1);
        QVERIFY(!items.at(0).hidden);
        QCOMPARE(items.at(0).likeCount, 2);
        QVERIFY(items.at(1).hidden);
        QCOMPARE(items.at(1).moderation->reason, QStringLiteral("spam"));
        for (const QByteArray &bad :
             {QByteArray("[]"), QByteArray("{"), QByteArray("null"), QByteArray(R"({"items":5})")})
            QVERIFY(!core::decodeMessagePage(bad).ok());
        QVERIFY(!core::decodeMessage(R"({"id":"x"})").ok());
    }

    void aModeratorHidesAMessage()
    {
        language(QStringLiteral("en"));
        constexpr qint64 kMazi = 10004;
        Client qianqi(m_server.baseUrl());
        QVERIFY(!qianqi.login(QStringLiteral("qianqi")).isEmpty());
        const auto left = qianqi.post(kApi + QStringLiteral("/users/%1/messages").arg(kMazi),
                                      QJsonObject{{"content", "cheap watches, ask me"}});
        QCOMPARE(left.status, 201);
        const qint64 id = left.obj().value(QLatin1String("id")).toInteger();
        auto w = open(QStringLiteral("moderator"), QStringLiteral("moderator-board"));
        QVERIFY(w);
        MainWindow &win = *w->window;
        win.openProfile(kMazi);
        ui::PersonPages *person = win.personPages(MainWindow::Page::Profile);
        person->showMessages();
        ui::MessageBoardView *view = person->board();
        QTRY_VERIFY_WITH_TIMEOUT(view->model()->rowOf(id) >= 0, kWait);
        ui::ReasonDialog::setPrompt([](const QString &, const QString &, bool) {
            return std::optional(QStringLiteral("spam"));
        });
        view->moderate(view->model()->rowOf(id));
        ui::ReasonDialog::setPrompt({});
        const QModelIndex index = view->model()->index(view->model()->rowOf(id));
        QVERIFY(index.data(models::MessageBoardModel::HiddenRole).toBool());
        QCOMPARE(index.data(models::MessageBoardModel::ModerationReasonRole).toString(),
                 QStringLiteral("spam"));
        // gone for readers on the server once the outbox has sent it
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                for (const QJsonValue &v :
                     qianqi.get(kApi + QStringLiteral("/users/%1/messages?limit=50").arg(kMazi))
                         .items())
                    if (v.toObject().value(QLatin1String("id")).toInteger() == id)
                        return false;
                return true;
            }(),
            kWait);
    }
};

QTEST_MAIN(TestPeopleUi)
#include "tst_peoplepages.moc"

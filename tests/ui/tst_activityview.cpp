// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tst_activityview: the Activity page (ActivityView, ActivityDelegate) against the real server,
// offscreen, in English and Chinese — rows show the actor, the sentence naming the post's
// author, the summary, a thumbnail when the post has pictures (painted from the image cache),
// the relative time; the Following / Everyone / Mine switch (mouse and keyboard) loads what the
// server answers for that scope; a click or Return opens the post, the comment's post, the
// person followed, and the avatar or Shift+Return the actor; nothing yet, loading and a dead
// server in words; in the main window the page opens the thread pane, and a person's page shows
// their activity (Posts | Activity). Screenshots: activity-<lang>.png in the artifacts folder.
#include "appaccount.h"
#include "appcore.h"
#include "artifacts.h"
#include "common/placeholderlist.h"
#include "common/relativetime.h"
#include "feeds.h"
#include "i18n.h"
#include "images/imagecache.h"
#include "net/apiclient.h"
#include "people/activitydelegate.h"
#include "people/activitymodel.h"
#include "people/activityview.h"
#include "people/personpages.h"
#include "testserver.h"
#include "thread/threadview.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QBuffer>
#include <QDir>
#include <QImage>
#include <QJsonArray>
#include <QJsonObject>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTabBar>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

#include "isolates.h"

using namespace threadline;
using models::ActivityModel;
using test::Client;
using test::TestServer;
using ui::ActivityDelegate;
using ui::ActivityView;

namespace {
const QString kApi = QStringLiteral("/api/v1");
const QString kShots = test::artifactDir(QStringLiteral("activityview"));
constexpr int kWait = 20000;
constexpr qint64 kWangwu = 10003;
constexpr qint64 kMazi = 10004;
const QColor kPictureColour(220, 40, 40);

QList<qint64> idsOf(const QJsonArray &items)
{
    QList<qint64> ids;
    for (const QJsonValue &v : items)
        ids.append(v.toObject().value(QStringLiteral("id")).toInteger());
    return ids;
}

QList<qint64> column(const QAbstractItemModel &m, int role)
{
    QList<qint64> out;
    for (int row = 0; row < m.rowCount(); ++row)
        out.append(m.index(row, 0).data(role).toLongLong());
    return out;
}

quint16 deadPort()
{
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        return 1;
    const quint16 port = probe.serverPort();
    probe.close();
    return port;
}

QString sentence(const char *source, const QString &a, const QString &b = {})
{
    const QString t = QCoreApplication::translate("threadline::models::ActivityModel", source);
    return b.isEmpty() ? t.arg(a) : t.arg(a, b);
}

bool near(QColor a, QColor b)
{
    return std::abs(a.red() - b.red()) < 40 && std::abs(a.green() - b.green()) < 40 &&
           std::abs(a.blue() - b.blue()) < 40;
}

// A client side for one user: API client, image cache, and the view.
struct Side
{
    core::ApiClient api;
    core::ImageCache images{api.network()};
    std::unique_ptr<threadline::models::Feeds> feeds;
    std::unique_ptr<ActivityView> view;

    Side(const QUrl &base, const QString &token, const QString &dir)
    {
        api.setBaseUrl(base);
        api.setToken(token);
        api.setRetryPolicy({1, 10, 10});
        api.setTimeoutMs(5000);
        images.setServer(base);
        images.setToken(token);
        images.setDiskCacheDirectory(QDir(dir).filePath(QStringLiteral("images")));
        feeds = std::make_unique<threadline::models::Feeds>(
            threadline::models::Feeds::Parts{&api, nullptr, nullptr, nullptr, nullptr});
        view = std::make_unique<ActivityView>(feeds.get(), &images);
        view->resize(640, 900);
        view->show();
    }
    [[nodiscard]] ActivityModel *model() const { return view->model(); }
    [[nodiscard]] QModelIndex row(int r) const { return model()->index(r); }
    // The row's point at the middle of its time line (not the avatar, not the name).
    [[nodiscard]] QPoint bodyOf(int r) const
    {
        const QRect rect = view->list()->visualRect(row(r));
        return rect.topLeft() + view->delegate()->layoutOf(row(r), rect.width()).time.center();
    }
    [[nodiscard]] QPoint avatarOf(int r) const
    {
        const QRect rect = view->list()->visualRect(row(r));
        return rect.topLeft() + view->delegate()->layoutOf(row(r), rect.width()).avatar.center();
    }
    // Waits for the first page after a start or a switch.
    bool loaded()
    {
        return QTest::qWaitFor([&] { return !view->feed()->isBusy() && model()->rowCount() > 0; },
                               kWait);
    }
};

} // namespace

class TstActivityView : public QObject
{
    Q_OBJECT

    TestServer m_server;
    QTemporaryDir m_dir;
    std::unique_ptr<Client> m_lisi; // the viewer
    qint64 m_post = 0;              // 张三's post with a picture
    qint64 m_comment = 0;           // 王五's comment on it
    QString m_content;

    std::unique_ptr<Side> side()
    {
        return std::make_unique<Side>(m_server.baseUrl(), m_lisi->token(), m_dir.path());
    }

    // The first page of a scope as the server answers it for lisi.
    QList<qint64> serverIds(const QString &query, int limit = 20)
    {
        return idsOf(
            m_lisi->get(kApi + QStringLiteral("/activity?%1&limit=%2").arg(query).arg(limit))
                .items());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QApplication::setFont(QFont(QStringLiteral("WenQuanYi Micro Hei"), 10));
        QApplication::setStyle(QStringLiteral("Fusion"));
        QApplication::setOrganizationName(QStringLiteral("ThreadlineTest"));
        QApplication::setApplicationName(QStringLiteral("tst_activityview"));
        installTranslations(*qApp, QLocale(QStringLiteral("en")));
        QVERIFY(m_dir.isValid());
        QVERIFY2(m_server.start(), m_server.stderrLog().right(2000).constData());
        m_lisi = std::make_unique<Client>(m_server.baseUrl());
        QVERIFY(!m_lisi->login(QStringLiteral("lisi")).isEmpty());

        // 张三 posts a picture; then 王五 comments on it, likes it and follows 麻子.
        Client zhangsan(m_server.baseUrl());
        QVERIFY(!zhangsan.login(QStringLiteral("zhangsan")).isEmpty());
        Client wangwu(m_server.baseUrl());
        QVERIFY(!wangwu.login(QStringLiteral("wangwu")).isEmpty());
        QImage image(96, 96, QImage::Format_RGB32);
        image.fill(kPictureColour);
        QByteArray png;
        QBuffer buffer(&png);
        buffer.open(QIODevice::WriteOnly);
        QVERIFY(image.save(&buffer, "PNG"));
        const auto media = zhangsan.raw("POST", kApi + QStringLiteral("/media"), png,
                                        {{"Content-Type", "image/png"}});
        QCOMPARE(media.status, 201);
        m_content = QStringLiteral("红色的日落 🌅 a red sunset, seen from the hill");
        const auto post = zhangsan.post(
            kApi + QStringLiteral("/posts"),
            QJsonObject{{"content", m_content},
                        {"category", "PICTURE"},
                        {"pictureUrls", QJsonArray{media.obj().value(QStringLiteral("url"))}}});
        QCOMPARE(post.status, 201);
        m_post = post.obj().value(QStringLiteral("id")).toInteger();
        wangwu.del(kApi + QStringLiteral("/users/%1/follow").arg(kMazi));
        const auto comment = wangwu.post(kApi + QStringLiteral("/posts/%1/comments").arg(m_post),
                                         QJsonObject{{"content", QStringLiteral("好美的颜色！")}});
        QCOMPARE(comment.status, 201);
        m_comment = comment.obj().value(QStringLiteral("id")).toInteger();
        QCOMPARE(wangwu.put(kApi + QStringLiteral("/posts/%1/like").arg(m_post)).status, 200);
        QCOMPARE(wangwu.put(kApi + QStringLiteral("/users/%1/follow").arg(kMazi)).status, 200);
    }

    void cleanup() { installTranslations(*qApp, QLocale(QStringLiteral("en"))); }

    void rowsShowWhatHappened_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }

    void rowsShowWhatHappened()
    {
        QFETCH(QString, lang);
        installTranslations(*qApp, QLocale(lang));
        auto s = side();
        s->view->setScope(ActivityView::Scope::Everyone);
        s->view->start();
        QVERIFY(s->loaded());
        QCOMPARE(column(*s->model(), ActivityModel::IdRole).mid(0, 20),
                 serverIds(QStringLiteral("scope=all")));
        const auto at = [&](int row, int role) { return s->row(row).data(role); };
        // Newest first: 王五's follow, like, comment, then 张三's post.
        QCOMPARE(at(0, ActivityModel::TypeRole).toString(), QStringLiteral("follow"));
        QCOMPARE(at(1, ActivityModel::TypeRole).toString(), QStringLiteral("like"));
        QCOMPARE(at(2, ActivityModel::TypeRole).toString(), QStringLiteral("comment"));
        QCOMPARE(at(3, ActivityModel::TypeRole).toString(), QStringLiteral("post"));
        for (int row = 0; row < 3; ++row) {
            QCOMPARE(at(row, ActivityModel::ActorIdRole).toLongLong(), kWangwu);
            QCOMPARE(at(row, ActivityModel::ActorNameRole).toString(), QStringLiteral("王五"));
        }
        const auto text = [&](int row) {
            return withoutIsolates(at(row, ActivityModel::TextRole).toString());
        };
        QCOMPARE(text(0),
                 sentence("%1 followed %2", QStringLiteral("王五"), QStringLiteral("麻子")));
        QCOMPARE(text(1),
                 sentence("%1 liked %2's post", QStringLiteral("王五"), QStringLiteral("张三")));
        QCOMPARE(text(2), sentence("%1 commented on %2's post", QStringLiteral("王五"),
                                   QStringLiteral("张三")));
        QCOMPARE(text(3), sentence("%1 posted", QStringLiteral("张三")));
        if (lang == QLatin1String("en"))
            QCOMPARE(text(1), QStringLiteral("王五 liked 张三's post"));
        // the summary: the post's start, or the comment's
        QCOMPARE(at(1, ActivityModel::SummaryRole).toString(), m_content);
        QCOMPARE(at(2, ActivityModel::SummaryRole).toString(), QStringLiteral("好美的颜色！"));
        QVERIFY(at(0, ActivityModel::SummaryRole).toString().isEmpty());
        // the time, as the rules say it now
        const models::RelativeTime format;
        for (int row = 0; row < 4; ++row)
            QCOMPARE(at(row, ActivityModel::RelativeTimeRole).toString(),
                     format.format(at(row, ActivityModel::CreatedTimeRole).toLongLong(),
                                   QDateTime::currentMSecsSinceEpoch()));

        // The rows' parts: a quote where there is a summary, a thumbnail where the post has a
        // picture, none for the follow.
        const int width = s->view->list()->viewport()->width();
        const ActivityDelegate::RowLayout &follow = s->view->delegate()->layoutOf(s->row(0), width);
        QVERIFY(follow.thumbnail.isNull());
        QVERIFY(follow.quote.isNull());
        QVERIFY(!follow.actorName.isEmpty());
        for (int row = 1; row < 4; ++row) {
            const ActivityDelegate::RowLayout &l =
                s->view->delegate()->layoutOf(s->row(row), width);
            QVERIFY(!l.thumbnail.isNull());
            QVERIFY(!l.quote.isNull());
            QVERIFY(!l.summaryLines.isEmpty());
            QVERIFY(l.thumbnail.right() < width);
            QVERIFY(l.sentence.right() < l.thumbnail.left());
            QVERIFY(l.time.bottom() < l.height);
        }
        // The thumbnail is painted from the picture once the image cache has it.
        const QRect like = s->view->list()->visualRect(s->row(1));
        const QPoint middle =
            like.topLeft() +
            s->view->delegate()->layoutOf(s->row(1), like.width()).thumbnail.center();
        QTRY_VERIFY_WITH_TIMEOUT(near(s->view->list()->viewport()->grab().toImage().pixelColor(
                                          middle * s->view->devicePixelRatio()),
                                      kPictureColour),
                                 kWait);
        QVERIFY(!near(s->view->list()->viewport()->grab().toImage().pixelColor(
                          s->bodyOf(0) * s->view->devicePixelRatio()),
                      kPictureColour));

        QVERIFY(!s->view->list()->horizontalScrollBar()->isVisible());

        // A wide view keeps a readable column, centred.
        s->view->resize(1500, 900);
        QTRY_VERIFY(s->view->list()->viewport()->width() > 1400);
        const int wide = s->view->list()->viewport()->width();
        const ActivityDelegate::RowLayout &centred = s->view->delegate()->layoutOf(s->row(1), wide);
        QVERIFY(centred.right - centred.left <= 720);
        QVERIFY(std::abs(centred.left - (wide - centred.right)) <= 1);
        QVERIFY(centred.thumbnail.right() < centred.right);
        s->view->resize(640, 900);

        // What a user sees.
        QTRY_COMPARE_WITH_TIMEOUT(s->images.pendingCount(), 0, kWait);
        const QImage shot = s->view->grab().toImage();
        QVERIFY(!shot.isNull());
        QVERIFY(shot.save(QDir(kShots).filePath(QStringLiteral("activity-%1.png").arg(lang))));
    }

    void theSwitchLoadsThatScope()
    {
        auto s = side();
        QTabBar *tabs = s->view->scopeBar();
        QVERIFY(tabs->isVisible());
        QCOMPARE(tabs->count(), 3);
        QCOMPARE(tabs->tabText(1), QStringLiteral("Everyone"));
        s->view->start();
        QVERIFY(s->loaded());
        QCOMPARE(s->view->scope(), ActivityView::Scope::Following);
        QCOMPARE(column(*s->model(), ActivityModel::IdRole).mid(0, 20),
                 serverIds(QStringLiteral("scope=following")));

        // by mouse: Mine
        QTest::mouseClick(tabs, Qt::LeftButton, {}, tabs->tabRect(2).center());
        QCOMPARE(s->view->scope(), ActivityView::Scope::Mine);
        QVERIFY(s->loaded());
        QCOMPARE(column(*s->model(), ActivityModel::IdRole).mid(0, 20),
                 serverIds(QStringLiteral("scope=mine")));
        for (qint64 actor : column(*s->model(), ActivityModel::ActorIdRole))
            QCOMPARE(actor, m_lisi->uid());

        // by keyboard: the bar takes the focus, Left goes to Everyone
        tabs->setFocus();
        QVERIFY(tabs->hasFocus());
        QTest::keyClick(tabs, Qt::Key_Left);
        QCOMPARE(s->view->scope(), ActivityView::Scope::Everyone);
        QVERIFY(s->loaded());
        QCOMPARE(column(*s->model(), ActivityModel::IdRole).mid(0, 20),
                 serverIds(QStringLiteral("scope=all")));

        // paging on scroll: the end of the list asks for the next page of the same scope
        const int first = s->model()->rowCount();
        QCOMPARE(first, 20);
        s->view->list()->scrollToBottom();
        QTRY_VERIFY_WITH_TIMEOUT(s->model()->rowCount() > first, kWait);
        QCOMPARE(column(*s->model(), ActivityModel::IdRole).mid(0, 40),
                 serverIds(QStringLiteral("scope=all"), 40));
    }

    void clicksAndKeysOpenWhatARowIsAbout()
    {
        auto s = side();
        s->view->setScope(ActivityView::Scope::Everyone);
        s->view->start();
        QVERIFY(s->loaded());
        QSignalSpy posts(s->view.get(), &ActivityView::openPost);
        QSignalSpy comments(s->view.get(), &ActivityView::openComment);
        QSignalSpy people(s->view.get(), &ActivityView::openProfile);
        QWidget *viewport = s->view->list()->viewport();

        // the like: its post
        QTest::mouseClick(viewport, Qt::LeftButton, {}, s->bodyOf(1));
        QCOMPARE(posts.count(), 1);
        QCOMPARE(posts.at(0).at(0).toLongLong(), m_post);
        // the comment: its post, with the comment
        QTest::mouseClick(viewport, Qt::LeftButton, {}, s->bodyOf(2));
        QCOMPARE(comments.count(), 1);
        QCOMPARE(comments.at(0).at(0).toLongLong(), m_post);
        QCOMPARE(comments.at(0).at(1).toLongLong(), m_comment);
        // the follow: the person followed
        QTest::mouseClick(viewport, Qt::LeftButton, {}, s->bodyOf(0));
        QCOMPARE(people.count(), 1);
        QCOMPARE(people.at(0).at(0).toLongLong(), kMazi);
        // the actor's avatar, and the actor's name in the sentence: the actor
        QTest::mouseClick(viewport, Qt::LeftButton, {}, s->avatarOf(1));
        QCOMPARE(people.count(), 2);
        QCOMPARE(people.at(1).at(0).toLongLong(), kWangwu);
        const QRect rect = s->view->list()->visualRect(s->row(0));
        const auto &l = s->view->delegate()->layoutOf(s->row(0), rect.width());
        QVERIFY(!l.actorName.isEmpty());
        QTest::mouseClick(viewport, Qt::LeftButton, {},
                          rect.topLeft() + l.actorName.first().center());
        QCOMPARE(people.count(), 3);
        QCOMPARE(people.at(2).at(0).toLongLong(), kWangwu);
        QCOMPARE(posts.count(), 1);

        // the keyboard: Return opens the row, Shift+Return its actor
        s->view->list()->setFocus();
        s->view->list()->setCurrentIndex(s->row(3));
        QTest::keyClick(s->view->list(), Qt::Key_Return);
        QCOMPARE(posts.count(), 2);
        QCOMPARE(posts.at(1).at(0).toLongLong(), m_post);
        QTest::keyClick(s->view->list(), Qt::Key_Return, Qt::ShiftModifier);
        QCOMPARE(people.count(), 4);
        QCOMPARE(people.at(3).at(0).toLongLong(), qint64(10001)); // 张三 posted it
    }

    void emptyLoadingAndFailureInWords_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }

    void emptyLoadingAndFailureInWords()
    {
        QFETCH(QString, lang);
        installTranslations(*qApp, QLocale(lang));
        const auto tr = [](const char *s) {
            return QCoreApplication::translate("threadline::ui::ActivityView", s);
        };
        // the moderator has done nothing of the kind: Mine is empty, and says so
        Client mod(m_server.baseUrl());
        QVERIFY(!mod.login(QStringLiteral("moderator")).isEmpty());
        QVERIFY(mod.get(kApi + QStringLiteral("/activity?scope=mine")).items().isEmpty());
        Side s(m_server.baseUrl(), mod.token(), m_dir.path());
        s.view->setScope(ActivityView::Scope::Mine);
        QCOMPARE(s.view->stateText(), tr("Loading activity…"));
        s.view->start();
        QTRY_VERIFY_WITH_TIMEOUT(!s.view->feed()->isBusy(), kWait);
        QCOMPARE(s.model()->rowCount(), 0);
        QCOMPARE(s.view->list()->placeholder(),
                 tr("You have not posted, commented, liked or followed anyone yet."));

        // a dead server: words, no crash
        Side dead(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(deadPort())), mod.token(),
                  m_dir.path());
        dead.view->start();
        QTRY_VERIFY_WITH_TIMEOUT(!dead.view->feed()->isBusy(), kWait);
        const QString words = dead.view->list()->placeholder();
        QVERIFY2(words.startsWith(QCoreApplication::translate(
                                      "threadline::models::ActivityFeed",
                                      "Could not load the activity of people you follow: %1")
                                      .section(QStringLiteral("%1"), 0, 0)),
                 qPrintable(words));
        QVERIFY2(words.endsWith(tr("%1 Press F5 to try again.").section(QStringLiteral("%1"), 1)),
                 qPrintable(words));
        const QImage shot = dead.view->grab().toImage();
        QVERIFY(
            shot.save(QDir(kShots).filePath(QStringLiteral("activity-failed-%1.png").arg(lang))));
    }

    void mainWindowPageAndAPersonsActivity()
    {
        core::AppCore core;
        const auto me = test::signIn(core, m_server.baseUrl(), QStringLiteral("lisi"));
        QVERIFY(me);
        threadline::models::Feeds wFeeds(
            {core.api(), core.cache(), core.store(), core.outbox(), core.actions()});
        ui::MainWindow w(&core, &wFeeds);
        w.resize(1300, 860);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.startAccount(*me, test::accountIn(QDir(m_dir.path()), QStringLiteral("lisi")));

        // the Activity page: the view, loading its scope; Everyone; a click opens the thread pane
        w.showPage(ui::MainWindow::Page::Activity);
        ActivityView *view = w.activityView();
        QVERIFY(view && view->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(view->model()->rowCount() > 0, kWait);
        view->setScope(ActivityView::Scope::Everyone);
        QTRY_VERIFY_WITH_TIMEOUT(
            !view->feed()->isBusy() && view->model()->rowCount() > 0 &&
                view->model()->index(1).data(ActivityModel::PostIdRole).toLongLong() == m_post,
            kWait);
        const QRect rect = view->list()->visualRect(view->model()->index(1));
        const QPoint body =
            rect.topLeft() +
            view->delegate()->layoutOf(view->model()->index(1), rect.width()).time.center();
        QTest::mouseClick(view->list()->viewport(), Qt::LeftButton, {}, body);
        QVERIFY(w.threadView()->isVisible());
        QCOMPARE(w.threadView()->postId(), m_post);
        // the comment's row: the thread, with the comment to show
        const QRect crect = view->list()->visualRect(view->model()->index(2));
        QTest::mouseClick(
            view->list()->viewport(), Qt::LeftButton, {},
            crect.topLeft() +
                view->delegate()->layoutOf(view->model()->index(2), crect.width()).time.center());
        QCOMPARE(w.threadView()->postId(), m_post);
        QVERIFY(w.threadView()->commentToReveal() == m_comment ||
                w.threadView()->commentToReveal() == 0); // 0: already shown
        QTRY_COMPARE_WITH_TIMEOUT(w.threadView()->commentToReveal(), qint64(0), kWait);

        // the follow row: the person's page
        const QRect frect = view->list()->visualRect(view->model()->index(0));
        QTest::mouseClick(
            view->list()->viewport(), Qt::LeftButton, {},
            frect.topLeft() +
                view->delegate()->layoutOf(view->model()->index(0), frect.width()).time.center());
        QCOMPARE(w.currentPage(), ui::MainWindow::Page::Profile);

        // a person's page: Posts | Activity; their activity is theirs only
        w.openProfile(kWangwu);
        ui::PersonPages *person = w.personPages(ui::MainWindow::Page::Profile);
        QVERIFY(person && person->isVisible());
        QVERIFY(!person->isShowingActivity());
        QTest::mouseClick(person->tabs(), Qt::LeftButton, {}, person->tabs()->tabRect(1).center());
        QVERIFY(person->isShowingActivity());
        QVERIFY(person->activity()->isVisible());
        QVERIFY(!person->activity()->scopeBar()->isVisible()); // no switch on a person's page
        QTRY_VERIFY_WITH_TIMEOUT(!person->activity()->feed()->isBusy() &&
                                     person->activity()->model()->rowCount() > 0,
                                 kWait);
        QCOMPARE(column(*person->activity()->model(), ActivityModel::IdRole).mid(0, 20),
                 serverIds(QStringLiteral("scope=user&uid=%1").arg(kWangwu)));
        for (qint64 actor : column(*person->activity()->model(), ActivityModel::ActorIdRole))
            QCOMPARE(actor, kWangwu);
        QVERIFY(QDir(kShots).exists());
        QVERIFY(w.grab().save(QDir(kShots).filePath(QStringLiteral("activity-person.png"))));
        // another person: their activity, at once
        w.openProfile(kMazi);
        QTRY_VERIFY_WITH_TIMEOUT(!person->activity()->feed()->isBusy() &&
                                     person->activity()->model()->rowCount() > 0 &&
                                     person->activity()
                                             ->model()
                                             ->index(0)
                                             .data(ActivityModel::ActorIdRole)
                                             .toLongLong() == kMazi,
                                 kWait);
        for (qint64 actor : column(*person->activity()->model(), ActivityModel::ActorIdRole))
            QCOMPARE(actor, kMazi);
        // back to posts, by keyboard
        person->tabs()->setFocus();
        QTest::keyClick(person->tabs(), Qt::Key_Left);
        QVERIFY(!person->isShowingActivity());

        // My posts: my own activity
        w.showPage(ui::MainWindow::Page::Mine);
        ui::PersonPages *mine = w.personPages(ui::MainWindow::Page::Mine);
        QVERIFY(mine && mine->isVisible());
        mine->showActivity(true);
        QTRY_VERIFY_WITH_TIMEOUT(!mine->activity()->feed()->isBusy() &&
                                     mine->activity()->model()->rowCount() > 0,
                                 kWait);
        QCOMPARE(column(*mine->activity()->model(), ActivityModel::IdRole).mid(0, 20),
                 serverIds(QStringLiteral("scope=mine")));
        QVERIFY(!mine->activity()->scopeBar()->isVisible());
    }
};

QTEST_MAIN(TstActivityView)
#include "tst_activityview.moc"

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// How the window looks and what its header does, against the real server, in both
// languages: the three hot pages (today, this week, most viewed) in the server's order with
// each card's rank and the figure it is ranked by, the rank painted; the toolbar's buttons are
// the menus' actions (New post opens the compose dialog, Refresh asks the server again, the
// offline switch is the core's, the account menu opens my page and signs out); the light and
// dark themes (the palette, and text that stands out of its background on the timeline, the
// thread pane and the moderation page: sampled from grabs); and, registered a second time with
// QT_SCALE_FACTOR=2, pictures drawn from images of the physical size (a one-pixel checkerboard
// stays one pixel). Screenshots of the window light and dark, en and zh_CN, at 1× and 2×.
#include "appaccount.h"
#include "appcore.h"
#include "artifacts.h"
#include "common/appstyle.h"
#include "common/theme.h"
#include "dialogs/composedialog.h"
#include "feeds.h"
#include "i18n.h"
#include "moderation/moderationqueuemodel.h"
#include "moderation/moderationview.h"
#include "testserver.h"
#include "thread/commenttreemodel.h"
#include "thread/threadview.h"
#include "timeline/postdelegate.h"
#include "timeline/timelinefeed.h"
#include "timeline/timelinemodel.h"
#include "timeline/timelineview.h"
#include "window/mainwindow.h"
#include "wire/jsoncodec.h"

#include "common/virtuallistview.h"
#include <QAction>
#include <QApplication>
#include <QBuffer>
#include <QImage>
#include <QJsonArray>
#include <QJsonObject>
#include <QMenu>
#include <QMenuBar>
#include <QPainter>
#include <QProxyStyle>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>
#include <QToolButton>

#include <algorithm>
#include <cmath>
#include <memory>

using namespace threadline;
using models::TimelineModel;
using test::Client;
using test::signIn;
using test::TestServer;
using ui::MainWindow;

namespace {

constexpr int kWaitMs = 20000;

// Relative luminance (WCAG) and the contrast ratio of two colours: 1 (none) … 21.
double luminance(QRgb c)
{
    const auto channel = [](int v) {
        const double s = v / 255.0;
        return s <= 0.03928 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(qRed(c)) + 0.7152 * channel(qGreen(c)) + 0.0722 * channel(qBlue(c));
}

double contrast(QRgb a, QRgb b)
{
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// The most frequent colour of a region (its background) and the strongest contrast of any
// pixel to it (its text).
struct Sample
{
    QRgb background = 0;
    double strongest = 1;
};

Sample sample(const QImage &image, QRect region = {})
{
    if (region.isNull())
        region = image.rect();
    region &= image.rect();
    QHash<QRgb, int> counts;
    for (int y = region.top(); y <= region.bottom(); ++y)
        for (int x = region.left(); x <= region.right(); ++x)
            ++counts[image.pixel(x, y) | 0xff000000];
    Sample s;
    int most = 0;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        if (it.value() > most) {
            most = it.value();
            s.background = it.key();
        }
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        if (it.value() >= 3) // a few pixels at least: text, not one stray dot
            s.strongest = std::max(s.strongest, contrast(it.key(), s.background));
    return s;
}

// How much neighbouring pixels differ in a region (0…255): a one-pixel checkerboard drawn from
// an image of the physical size is ~255; upscaled from a logical-size image it blurs to ~0.
double sharpness(const QImage &image, const QRect &region)
{
    double sum = 0;
    int n = 0;
    for (int y = region.top(); y <= region.bottom(); ++y)
        for (int x = region.left(); x < region.right(); ++x) {
            sum += std::abs(qGray(image.pixel(x, y)) - qGray(image.pixel(x + 1, y)));
            ++n;
        }
    return n ? sum / n : 0;
}

QByteArray checkerboardPng(int side)
{
    QImage image(side, side, QImage::Format_RGB32);
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x)
            image.setPixel(x, y, (x + y) % 2 ? qRgb(0, 0, 0) : qRgb(255, 255, 255));
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return bytes;
}

QString localeTag()
{
    return QLocale().language() == QLocale::Chinese ? QStringLiteral("zh_CN")
                                                    : QStringLiteral("en");
}

} // namespace

class TstAppearance : public QObject
{
    Q_OBJECT

    TestServer m_server;
    QTemporaryDir m_dir;

    core::AppCore::AccountOptions account(const QString &name)
    {
        return test::accountIn(QDir(m_dir.path()), name + QString::number(++m_accounts));
    }
    int m_accounts = 0;

    void language(const QString &tag)
    {
        installTranslations(*qApp, QLocale(tag));
        QLocale::setDefault(QLocale(tag));
    }

    QString shot(const QString &name) const
    {
        const qreal dpr = qApp->devicePixelRatio();
        return QDir(test::artifactDir(QStringLiteral("appearance")))
            .filePath(QStringLiteral("%1-%2-%3x.png").arg(name, localeTag()).arg(dpr));
    }

    struct Window
    {
        std::unique_ptr<core::AppCore> core;
        std::unique_ptr<threadline::models::Feeds> feeds;
        std::unique_ptr<MainWindow> window;
        core::UserProfile me;
    };

    std::optional<Window> open(const QString &user)
    {
        Window w;
        w.core = std::make_unique<core::AppCore>();
        const auto me = signIn(*w.core, m_server.baseUrl(), user);
        if (!me)
            return std::nullopt;
        w.me = *me;
        w.feeds = std::make_unique<threadline::models::Feeds>(threadline::models::Feeds::Parts{
            w.core->api(), w.core->cache(), w.core->store(), w.core->outbox(), w.core->actions()});
        w.window = std::make_unique<MainWindow>(w.core.get(), w.feeds.get());
        w.window->resize(1200, 800);
        w.window->show();
        if (!QTest::qWaitForWindowExposed(w.window.get()))
            return std::nullopt;
        w.window->startAccount(*me, account(user));
        return w;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(m_server.start());
        QApplication::setOrganizationName(QStringLiteral("ThreadlineTest"));
        QApplication::setApplicationName(QStringLiteral("tst_appearance"));
        // the settings the menus remember (the theme): the test's own
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.path());
    }

    void cleanup()
    {
        ui::applyTheme(ui::Theme::System);
        language(QStringLiteral("en"));
    }

    void hotPagesAreTheServersRankings_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }

    // Each hot page is the server's ranking, in its order; each row's rank is its place and its
    // figure the server's hotCount, in words; the card paints the rank left of the avatar and
    // its hit areas stay where the card draws them.
    void hotPagesAreTheServersRankings()
    {
        QFETCH(QString, lang);
        language(lang);
        auto w = open(QStringLiteral("lisi"));
        QVERIFY(w);
        Client c(m_server.baseUrl());
        QVERIFY(!c.login(QStringLiteral("lisi")).isEmpty());
        struct Case
        {
            MainWindow::Page page;
            const char *query;
            TimelineModel::Ranking ranking;
        };
        const QList<Case> cases{
            {MainWindow::Page::HotDay, "window=day&by=likes", TimelineModel::Ranking::LikesToday},
            {MainWindow::Page::HotWeek, "window=week&by=likes",
             TimelineModel::Ranking::LikesThisWeek},
            {MainWindow::Page::HotViews, "window=week&by=views",
             TimelineModel::Ranking::ViewsThisWeek},
        };
        for (const Case &k : cases) {
            w->window->showPage(k.page);
            models::TimelineFeed *feed = w->window->feed(k.page);
            TimelineModel *model = w->window->timelineModel(k.page);
            QVERIFY(feed && model);
            QCOMPARE(model->ranking(), k.ranking);
            QTRY_VERIFY_WITH_TIMEOUT(feed->isUpToDate() && !feed->isBusy(), kWaitMs);
            const auto page = core::decodePostPage(c.get(QStringLiteral("/api/v1/hot?%1&limit=%2")
                                                             .arg(QLatin1String(k.query))
                                                             .arg(feed->pageSize()))
                                                       .body);
            QVERIFY(page.ok());
            const QList<core::Post> ranked = page.value().items;
            QVERIFY2(!ranked.isEmpty(), k.query); // the demo data has a ranking in each
            QCOMPARE(model->rowCount(), int(ranked.size()));
            for (int row = 0; row < model->rowCount(); ++row) {
                const QModelIndex i = model->index(row);
                const core::Post &p = ranked.at(row);
                QCOMPARE(model->postIdAt(row), p.id);
                QCOMPARE(i.data(TimelineModel::RankRole).toInt(), row + 1);
                QVERIFY(p.hotCount.has_value());
                QCOMPARE(i.data(TimelineModel::HotCountRole).toLongLong(), *p.hotCount);
                const QString figure = i.data(TimelineModel::RankFigureRole).toString();
                QVERIFY2(figure.contains(QLocale().toString(*p.hotCount)), qPrintable(figure));
                if (lang == QLatin1String("en")) {
                    const bool likes = k.ranking != TimelineModel::Ranking::ViewsThisWeek;
                    QVERIFY2(figure.contains(likes ? QLatin1String("like") : QLatin1String("view")),
                             qPrintable(figure));
                    QVERIFY2(figure.contains(k.page == MainWindow::Page::HotDay
                                                 ? QLatin1String("today")
                                                 : QLatin1String("this week")),
                             qPrintable(figure));
                }
            }
            // the store keeps the views /hot told, the ranking keeps its own figures
            QCOMPARE(w->core->store()->post(ranked.first().id)->viewCount,
                     ranked.first().viewCount);

            // the card: a badge left of the avatar, the figure on the name's line
            ui::TimelineView *view = w->window->timelineView(k.page);
            QVERIFY(view);
            QTRY_VERIFY(view->visualRect(model->index(0)).height() > 0);
            QStyleOptionViewItem option;
            option.initFrom(view->viewport());
            option.rect = view->visualRect(model->index(0));
            option.font = view->font();
            const ui::PostDelegate::CardLayout &l =
                view->postDelegate()->layoutFor(option, model->index(0));
            QVERIFY(!l.rank.isNull());
            QVERIFY(l.rank.right() < l.avatar.left());
            QVERIFY(!l.rankFigure.isNull());
            QVERIFY(l.rankFigure.left() > l.name.right());
            const QPoint at = option.rect.topLeft();
            QCOMPARE(view->postDelegate()->areaAt(option, model->index(0), at + l.avatar.center()),
                     ui::PostDelegate::Area::Avatar);
            QCOMPARE(view->postDelegate()->areaAt(option, model->index(0), at + l.rank.center()),
                     ui::PostDelegate::Area::None);
            const QImage card = view->viewport()->grab(option.rect).toImage();
            const qreal dpr = card.devicePixelRatio();
            const QRect badge(l.rank.topLeft() * dpr, l.rank.size() * dpr);
            const Sample s = sample(card, badge);
            // the first rank is filled with the accent, its number in the highlight's text
            QVERIFY2(contrast(s.background, view->palette().color(QPalette::Base).rgb()) > 1.5,
                     "the first badge is filled");
            QVERIFY2(s.strongest > 2.5, "the rank's number is painted");
        }
        w->window->showPage(MainWindow::Page::HotViews);
        QVERIFY(w->window->grab().save(shot(QStringLiteral("hot-views"))));
        w->window->showPage(MainWindow::Page::HotDay);
        QVERIFY(w->window->grab().save(shot(QStringLiteral("hot-day"))));
    }

    void toolbarIsTheMenusActions_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }

    void toolbarIsTheMenusActions()
    {
        QFETCH(QString, lang);
        language(lang);
        auto w = open(QStringLiteral("wangwu"));
        QVERIFY(w);
        MainWindow &win = *w->window;
        QToolBar *bar = win.toolBar();
        QVERIFY(bar && bar->isVisible());
        QVERIFY(!bar->isMovable());
        QCOMPARE(win.findChildren<QToolBar *>().size(), 1);

        const auto action = [&](const char *name) {
            return win.findChild<QAction *>(QLatin1String(name));
        };
        QAction *newPost = action("newPostAction");
        QAction *refresh = action("refreshAction");
        QAction *offline = action("offlineAction");
        QAction *signOut = action("signOutAction");
        QVERIFY(newPost && refresh && offline && signOut);
        // the toolbar's buttons are the menus' own actions
        QList<QAction *> inMenus;
        for (QAction *menu : win.menuBar()->actions())
            inMenus += menu->menu()->actions();
        for (QAction *a : {newPost, refresh, offline, signOut})
            QVERIFY2(inMenus.contains(a), qPrintable(a->objectName()));
        for (QAction *a : {newPost, refresh, offline})
            QVERIFY(bar->actions().contains(a));
        QVERIFY(offline->isCheckable());
        QVERIFY(
            newPost->toolTip().contains(newPost->shortcut().toString(QKeySequence::NativeText)));
        QVERIFY(refresh->toolTip().contains(
            QKeySequence(QKeySequence::Refresh).toString(QKeySequence::NativeText)));
        const auto button = [&](const char *name) {
            auto *b = bar->findChild<QToolButton *>(QLatin1String(name));
            return b;
        };
        for (const char *name : {"newPostButton", "refreshButton", "offlineButton"}) {
            QToolButton *b = button(name);
            QVERIFY2(b && b->isVisible(), name);
            QVERIFY2(!b->accessibleName().isEmpty(), name);
            QVERIFY2(!b->icon().isNull(), name);
            // the words fit: the button is as wide as it asks
            QVERIFY2(b->width() >= b->sizeHint().width(), name);
        }
        QToolButton *account = win.accountButton();
        QVERIFY(account && account->isVisible());
        QCOMPARE(account->text(), QStringLiteral("王五"));
        QVERIFY(account->accessibleName().contains(QStringLiteral("王五")));
        QVERIFY(bar->sizeHint().width() <= win.width()); // one row, nothing hidden

        // New post: the compose dialog
        QTest::mouseClick(button("newPostButton"), Qt::LeftButton);
        ui::ComposeDialog *compose = nullptr;
        QTRY_VERIFY((compose = win.findChild<ui::ComposeDialog *>()) && compose->isVisible());
        compose->reject();

        // Refresh: the page is asked for again
        QTRY_VERIFY_WITH_TIMEOUT(!win.feed(MainWindow::Page::All)->isBusy(), kWaitMs);
        QTRY_COMPARE_WITH_TIMEOUT(w->core->api()->pendingCount(), 0, kWaitMs);
        const qsizetype mark = m_server.settle();
        QVERIFY(mark >= 0);
        QTest::mouseClick(button("refreshButton"), Qt::LeftButton);
        const auto asked = [&] {
            const QList<QByteArray> lines = m_server.requestsSince(mark);
            return std::any_of(lines.cbegin(), lines.cend(), [](const QByteArray &l) {
                return l.startsWith("GET /api/v1/timeline");
            });
        };
        QTRY_VERIFY_WITH_TIMEOUT(asked(), kWaitMs);

        // the offline switch is the core's, and shows its state
        QToolButton *off = button("offlineButton");
        const QString onlineText = off->text();
        QTest::mouseClick(off, Qt::LeftButton);
        QVERIFY(w->core->isOffline());
        QVERIFY(off->isChecked());
        QVERIFY(off->text() != onlineText);
        QVERIFY(win.grab().save(shot(QStringLiteral("toolbar-offline"))));
        QTest::mouseClick(off, Qt::LeftButton);
        QVERIFY(!w->core->isOffline());
        QVERIFY(!off->isChecked());
        w->core->setOffline(true); // and the other way: the core's state shows on the button
        QTRY_VERIFY(off->isChecked());
        w->core->setOffline(false);
        QTRY_VERIFY(!off->isChecked());

        // the account menu: my page, sign out
        QMenu *menu = account->menu();
        QVERIFY(menu);
        auto *myPage = menu->findChild<QAction *>(QStringLiteral("myPageAction"));
        if (!myPage)
            for (QAction *a : menu->actions())
                if (a->objectName() == QLatin1String("myPageAction"))
                    myPage = a;
        QVERIFY(myPage && myPage->isEnabled());
        QVERIFY(menu->actions().contains(signOut));
        myPage->trigger();
        QCOMPARE(win.currentPage(), MainWindow::Page::Mine);
        QVERIFY(win.grab().save(shot(QStringLiteral("toolbar"))));
        QSignalSpy out(&win, &MainWindow::signOutRequested);
        signOut->trigger();
        QCOMPARE(out.count(), 1);
        QVERIFY(!win.hasAccount());
        QVERIFY(!myPage->isEnabled());
    }

    // The application's style defers the standard icons the window asks for at start: they
    // are read from the style behind it when first painted, look as the style's own, and the
    // proxy stays through theme changes.
    void standardIconsAreReadWhenPainted()
    {
        const QString before = QApplication::style()->name();
        ui::installAppStyle();
        ui::installAppStyle(); // once
        QCOMPARE(ui::appStyleName(), before);
        auto *proxy = qobject_cast<QProxyStyle *>(QApplication::style());
        QVERIFY(proxy);
        QCOMPARE(proxy->baseStyle()->name(), before);
        for (const auto which :
             {QStyle::SP_ToolBarHorizontalExtensionButton, QStyle::SP_TitleBarCloseButton,
              QStyle::SP_LineEditClearButton, QStyle::SP_DirIcon}) {
            const QIcon icon = QApplication::style()->standardIcon(which);
            QVERIFY(!icon.isNull());
            const QImage own = proxy->baseStyle()->standardIcon(which).pixmap(16).toImage();
            QVERIFY(!own.isNull());
            QCOMPARE(icon.pixmap(16).toImage(), own);
            QCOMPARE(icon.actualSize(QSize(16, 16)),
                     proxy->baseStyle()->standardIcon(which).actualSize(QSize(16, 16)));
        }

        // A menu bar too narrow for its menus shows its » button with the style's icon.
        QWidget narrow;
        auto *bar = new QMenuBar(&narrow);
        for (int i = 0; i < 12; ++i)
            bar->addMenu(QStringLiteral("Menu %1").arg(i))->addAction(QStringLiteral("x"));
        bar->setGeometry(0, 0, 160, 30);
        narrow.resize(160, 60);
        narrow.show();
        QVERIFY(QTest::qWaitForWindowExposed(&narrow));
        auto *more = bar->findChild<QToolButton *>(QStringLiteral("qt_menubar_ext_button"));
        QVERIFY(more);
        QTRY_VERIFY(more->isVisible());
        QVERIFY(!more->icon().pixmap(16).isNull());
        QVERIFY(!more->grab().isNull());

        // Themes keep the proxy and name the style behind it.
        ui::applyTheme(ui::Theme::Dark);
        QVERIFY(qobject_cast<QProxyStyle *>(QApplication::style()));
        QCOMPARE(ui::appStyleName().toLower(), QStringLiteral("fusion"));
        ui::applyTheme(ui::Theme::System);
        QVERIFY(qobject_cast<QProxyStyle *>(QApplication::style()));
        QCOMPARE(ui::appStyleName(), before);
    }

    void themes_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }

    // Dark and light: the window's palette follows, the menu says which, and the timeline's,
    // the thread pane's and the moderation page's text stands out of its background.
    void themes()
    {
        QFETCH(QString, lang);
        language(lang);
        auto w = open(QStringLiteral("moderator"));
        QVERIFY(w);
        MainWindow &win = *w->window;
        TimelineModel *all = win.timelineModel(MainWindow::Page::All);
        QTRY_VERIFY_WITH_TIMEOUT(all->rowCount() >= 5, kWaitMs);
        win.openThread(90500);
        QTRY_VERIFY_WITH_TIMEOUT(win.threadView()->model()->floorCount() > 0, kWaitMs);

        QCOMPARE(ui::themeFromName(QStringLiteral("Dark")), std::optional(ui::Theme::Dark));
        QVERIFY(!ui::themeFromName(QStringLiteral("sepia")));
        for (const ui::Theme theme : {ui::Theme::Dark, ui::Theme::Light}) {
            const bool dark = theme == ui::Theme::Dark;
            auto *item = win.findChild<QAction *>(QStringLiteral("theme-") + ui::themeName(theme));
            QVERIFY(item);
            item->trigger(); // View → Theme: applied at once and remembered
            QCOMPARE(ui::currentTheme(), theme);
            QCOMPARE(ui::savedTheme(), theme);
            QVERIFY(item->isChecked());
            // the widgets' palettes follow the application's (a posted change)
            QTRY_COMPARE(ui::isDark(win.palette()), dark);
            QTRY_COMPARE(ui::isDark(win.threadView()->palette()), dark);
            QVERIFY(dark ? win.palette().color(QPalette::Window).lightness() < 80
                         : win.palette().color(QPalette::Window).lightness() > 180);
            win.showPage(MainWindow::Page::All);

            // the timeline: the first card's name and text against the card's background
            ui::TimelineView *view = win.timelineView(MainWindow::Page::All);
            QStyleOptionViewItem option;
            option.initFrom(view->viewport());
            option.rect = view->visualRect(all->index(0));
            option.font = view->font();
            const auto &l = view->postDelegate()->layoutFor(option, all->index(0));
            const QImage card = view->viewport()->grab(option.rect).toImage();
            const qreal dpr = card.devicePixelRatio();
            const Sample name = sample(card, QRect(l.name.topLeft() * dpr, l.name.size() * dpr));
            QVERIFY2(name.strongest > 4.5, qPrintable(QString::number(name.strongest)));
            QCOMPARE(luminance(name.background) < 0.2, dark);
            if (!l.content.isNull()) {
                const Sample text =
                    sample(card, QRect(l.content.topLeft() * dpr, l.content.size() * dpr));
                QVERIFY2(text.strongest > 4.5, qPrintable(QString::number(text.strongest)));
            }
            // the thread pane
            const Sample thread =
                sample(win.threadView()->treeView()->viewport()->grab().toImage());
            QCOMPARE(luminance(thread.background) < 0.2, dark);
            QVERIFY2(thread.strongest > 4.5, qPrintable(QString::number(thread.strongest)));
            QVERIFY(win.grab().save(
                shot(dark ? QStringLiteral("window-dark") : QStringLiteral("window-light"))));

            // the moderation page
            win.showPage(MainWindow::Page::Moderation);
            auto *moderation = win.findChild<ui::ModerationView *>();
            QVERIFY(moderation);
            models::ModerationQueueModel *queue =
                moderation->queueModel(ui::ModerationView::Tab::Open);
            QTRY_VERIFY_WITH_TIMEOUT(queue->rowCount() > 0, kWaitMs);
            QListView *list = moderation->listView(ui::ModerationView::Tab::Open);
            QTRY_VERIFY(list->visualRect(queue->index(0)).height() > 0);
            const Sample mod = sample(list->viewport()->grab().toImage());
            QCOMPARE(luminance(mod.background) < 0.2, dark);
            QVERIFY2(mod.strongest > 4.5, qPrintable(QString::number(mod.strongest)));
            QVERIFY(win.grab().save(shot(dark ? QStringLiteral("moderation-dark")
                                              : QStringLiteral("moderation-light"))));
        }
        // another caller (Preferences) applies one: the menu says so when it opens
        ui::applyTheme(ui::Theme::System);
        QAction *system = win.findChild<QAction *>(QStringLiteral("theme-system"));
        auto *menu = qobject_cast<QMenu *>(system->associatedObjects().value(0));
        QVERIFY(menu);
        Q_EMIT menu->aboutToShow();
        QVERIFY(system->isChecked());
    }

    // At a device pixel ratio of 2 a picture is drawn from an image of the tile's physical
    // size: a checkerboard of one-pixel squares, the tile's size at 2×, stays sharp. Under
    // QT_SCALE_FACTOR=2 (ui_appearance_2x) the window's own grab is looked at; at 1× the
    // delegate paints the card into an image of ratio 2, as it would on a 2× screen.
    void picturesAreSharpAt2x()
    {
        Client c(m_server.baseUrl());
        QVERIFY(!c.login(QStringLiteral("mazi")).isEmpty());
        // two pictures: a grid of 112 × 112 tiles (at this window's width), 224 px at 2×
        QJsonArray urls;
        for (int i = 0; i < 2; ++i) {
            const auto r = c.raw("POST", QStringLiteral("/api/v1/media"), checkerboardPng(224),
                                 {{"Content-Type", "image/png"}});
            QCOMPARE(r.status, 201);
            urls.append(r.obj().value(QStringLiteral("url")));
        }
        const auto posted =
            c.post(QStringLiteral("/api/v1/posts"),
                   QJsonObject{{QStringLiteral("category"), QStringLiteral("PICTURE")},
                               {QStringLiteral("content"), QStringLiteral("sharp")},
                               {QStringLiteral("pictureUrls"), urls},
                               {QStringLiteral("device"), QStringLiteral("test")}});
        QCOMPARE(posted.status, 201);
        const qint64 postId = posted.obj().value(QStringLiteral("id")).toInteger();

        for (const QString &lang : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            language(lang);
            auto w = open(QStringLiteral("mazi"));
            QVERIFY(w);
            TimelineModel *all = w->window->timelineModel(MainWindow::Page::All);
            QTRY_VERIFY_WITH_TIMEOUT(all->rowOf(postId) >= 0, kWaitMs);
            ui::TimelineView *view = w->window->timelineView(MainWindow::Page::All);
            const QModelIndex index = all->index(all->rowOf(postId));
            view->scrollTo(index, QAbstractItemView::PositionAtTop);
            QStyleOptionViewItem option;
            option.initFrom(view->viewport());
            option.rect = view->visualRect(index);
            option.font = view->font();
            const auto &l = view->postDelegate()->layoutFor(option, index);
            QCOMPARE(l.pictures.size(), 2);
            const QRect tile = l.pictures.first();
            QCOMPARE(tile.size(), QSize(112, 112));
            QImage card;
            const auto render = [&] {
                const QRect rect = view->visualRect(index);
                if (qApp->devicePixelRatio() >= 2)
                    return view->viewport()->grab(rect).toImage();
                QImage image(rect.size() * 2, QImage::Format_ARGB32_Premultiplied);
                image.setDevicePixelRatio(2);
                image.fill(view->palette().color(QPalette::Base));
                QPainter painter(&image);
                painter.translate(-rect.topLeft());
                QStyleOptionViewItem o = option;
                o.rect = rect;
                o.widget = view;
                view->postDelegate()->paint(&painter, o, index);
                return image;
            };
            const auto sharp = [&] {
                card = render();
                const qreal dpr = card.devicePixelRatio();
                const QRect physical(tile.topLeft() * dpr, tile.size() * dpr);
                return dpr >= 2 && sharpness(card, physical.adjusted(4, 4, -4, -4)) > 200;
            };
            QTRY_VERIFY_WITH_TIMEOUT(sharp(), kWaitMs);                // once the image has arrived
            QCOMPARE(card.size(), view->visualRect(index).size() * 2); // a physical-size grab
            QVERIFY(w->window->grab().save(shot(QStringLiteral("window"))));
            ui::applyTheme(ui::Theme::Dark);
            QTRY_VERIFY(ui::isDark(w->window->palette())); // a posted change
            QTRY_VERIFY(sharp()); // dark too: the pictures drawn again, as sharp
            QVERIFY(w->window->grab().save(shot(QStringLiteral("window-dark"))));
            ui::applyTheme(ui::Theme::System);
        }
    }
};

QTEST_MAIN(TstAppearance)
#include "tst_appearance.moc"

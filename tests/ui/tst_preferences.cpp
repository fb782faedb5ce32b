// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Preferences against the real server: Ctrl+, opens it from the main window; the language
// switches live (the window's menus and pages from English to Chinese and back, no restart)
// and is remembered; the time zone and the comments per card reach the window; the image
// cache's use is shown and Clear empties its directory, its limit is remembered; Clear cached
// posts empties the cache file's posts while a change made offline stays in the outbox and is
// still sent once online; start offline is read by the program at its start (no request at
// all). Screenshots of the dialog in both languages.
#include "actions.h"
#include "appaccount.h"
#include "appcore.h"
#include "artifacts.h"
#include "cache/cache.h"
#include "common/preferences.h"
#include "window/preferencesdialog.h"
#include "feeds.h"
#include "i18n.h"
#include "images/imagecache.h"
#include "poststore.h"
#include "testserver.h"
#include "timeline/timelinefeed.h"
#include "timeline/timelinemodel.h"
#include "window/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDirIterator>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QPalette>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace threadline;
using test::Client;
using test::TestServer;
using ui::MainWindow;
using ui::PreferencesDialog;

namespace {

// A dark palette (the words must stay readable in it: palette roles only).
inline QPalette darkPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
    p.setColor(QPalette::WindowText, QColor(0xe6, 0xe6, 0xe6));
    p.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    p.setColor(QPalette::AlternateBase, QColor(0x33, 0x33, 0x33));
    p.setColor(QPalette::Text, QColor(0xe6, 0xe6, 0xe6));
    p.setColor(QPalette::Button, QColor(0x3a, 0x3a, 0x3a));
    p.setColor(QPalette::ButtonText, QColor(0xe6, 0xe6, 0xe6));
    p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0x9a));
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x7a, 0xd6));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x77, 0x77, 0x77));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x77, 0x77, 0x77));
    return p;
}

qint64 imageBytes(const QString &dir, int *files = nullptr)
{
    qint64 total = 0;
    int n = 0;
    QDirIterator it(dir, {QStringLiteral("*.img")}, QDir::Files);
    while (it.hasNext()) {
        total += it.nextFileInfo().size();
        ++n;
    }
    if (files)
        *files = n;
    return total;
}

// The cache's answer for one post: present or not.
std::optional<bool> cachedPost(core::Cache *cache, qint64 postId)
{
    QSignalSpy loaded(cache, &core::Cache::postLoaded);
    const quint64 id = cache->loadPost(postId);
    if (!loaded.wait(10000))
        return std::nullopt;
    for (const auto &args : loaded)
        if (args.at(0).toULongLong() == id)
            return args.at(2).value<std::optional<core::Post>>().has_value();
    return std::nullopt;
}

QPushButton *confirmButton(QMessageBox *box)
{
    for (QAbstractButton *b : box->buttons())
        if (box->buttonRole(b) == QMessageBox::DestructiveRole)
            return qobject_cast<QPushButton *>(b);
    return nullptr;
}

} // namespace

class TstPreferences : public QObject
{
    Q_OBJECT

    TestServer m_server;
    QTemporaryDir m_dir;

    struct Window
    {
        core::AppCore core;
        std::unique_ptr<threadline::models::Feeds> feeds;
        std::unique_ptr<MainWindow> window;
    };

    // zhangsan signed in, the window shown, All loaded; the images in `images`.
    std::unique_ptr<Window> open(const QString &name, const QString &images = {})
    {
        auto w = std::make_unique<Window>();
        w->core.images()->setDiskCacheDirectory(
            images.isEmpty() ? m_dir.filePath(name + QStringLiteral("-images")) : images);
        const auto me = test::signIn(w->core, m_server.baseUrl(), QStringLiteral("zhangsan"));
        if (!me)
            return nullptr;
        w->feeds = std::make_unique<threadline::models::Feeds>(threadline::models::Feeds::Parts{
            w->core.api(), w->core.cache(), w->core.store(), w->core.outbox(), w->core.actions()});
        w->window = std::make_unique<MainWindow>(&w->core, w->feeds.get());
        w->window->resize(1100, 760);
        w->window->show();
        if (!QTest::qWaitForWindowExposed(w->window.get()))
            return nullptr;
        w->window->startAccount(*me, test::accountIn(QDir(m_dir.path()), name));
        return w;
    }

    static PreferencesDialog *preferencesOf(MainWindow *w)
    {
        return w->findChild<PreferencesDialog *>();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(m_server.start());
        QApplication::setOrganizationName(QStringLiteral("ThreadlineTest"));
        QApplication::setApplicationName(QStringLiteral("tst_preferences"));
        QSettings().clear();
        installTranslations(*qApp, QLocale(QStringLiteral("en")));
    }

    void cleanup() { installTranslations(*qApp, QLocale(QStringLiteral("en"))); }

    void languageSwitchesLive()
    {
        auto w = open(QStringLiteral("lang"));
        QVERIFY(w);
        MainWindow *win = w->window.get();
        auto *nav = win->findChild<QListWidget *>(QStringLiteral("navigation"));
        QMenu *file = win->menuBar()->actions().at(0)->menu();
        QCOMPARE(file->title(), QStringLiteral("&File"));
        QCOMPARE(nav->item(0)->text(), QStringLiteral("All"));
        const auto hasEntry = [file](const QString &text) {
            for (QAction *a : file->actions())
                if (a->text() == text)
                    return true;
            return false;
        };
        QVERIFY(hasEntry(QStringLiteral("&Preferences…")));

        // Ctrl+, opens it (also where the platform has no Preferences key)
        QTest::keyClick(win, Qt::Key_Comma, Qt::ControlModifier);
        PreferencesDialog *dialog = preferencesOf(win);
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        QCOMPARE(dialog->windowTitle(), QStringLiteral("Preferences"));
        auto *language = dialog->findChild<QComboBox *>(QStringLiteral("language"));
        QCOMPARE(language->count(), 3);
        QCOMPARE(language->itemText(1), QStringLiteral("简体中文")); // in its own language
        QCOMPARE(language->itemText(2), QStringLiteral("English"));
        QVERIFY(dialog->grab().save(QDir(test::artifactDir(QStringLiteral("preferences")))
                                        .filePath(QStringLiteral("preferences-en.png"))));

        // 简体中文: at once (Qt posts QEvent::LanguageChange to every window), the window and
        // the dialog, no restart
        language->setCurrentIndex(1);
        QTRY_COMPARE(file->title(), QStringLiteral("文件(&F)"));
        QCOMPARE(nav->item(0)->text(), QStringLiteral("全部"));
        QVERIFY(hasEntry(QStringLiteral("首选项(&P)…")));
        QCOMPARE(dialog->windowTitle(), QStringLiteral("首选项"));
        QCOMPARE(language->currentIndex(), 1); // new words, the same choice
        QCOMPARE(language->itemText(2), QStringLiteral("English"));
        QCOMPARE(QSettings().value(QLatin1String(ui::preferences::kLanguageKey)).toString(),
                 QStringLiteral("zh_CN"));
        QCOMPARE(ui::preferences::language(), QStringLiteral("zh_CN"));
        QCOMPARE(ui::preferences::localeFor(ui::preferences::language()).name(),
                 QStringLiteral("zh_CN"));
        // the menu bar lays its new titles out (no "»" of items that do not fit)
        auto *more =
            win->menuBar()->findChild<QToolButton *>(QStringLiteral("qt_menubar_ext_button"));
        QVERIFY(more);
        QTRY_VERIFY(!more->isVisible());
        dialog->resize(dialog->sizeHint());
        QVERIFY(dialog->grab().save(QDir(test::artifactDir(QStringLiteral("preferences")))
                                        .filePath(QStringLiteral("preferences-zh_CN.png"))));
        dialog->setPalette(darkPalette());
        QVERIFY(dialog->grab().save(QDir(test::artifactDir(QStringLiteral("preferences")))
                                        .filePath(QStringLiteral("preferences-dark-zh_CN.png"))));
        dialog->setPalette(QPalette());
        QVERIFY(win->grab().save(QDir(test::artifactDir(QStringLiteral("preferences")))
                                     .filePath(QStringLiteral("mainwindow-zh_CN.png"))));

        // and back to English
        language->setCurrentIndex(2);
        QTRY_COMPARE(file->title(), QStringLiteral("&File"));
        QCOMPARE(nav->item(0)->text(), QStringLiteral("All"));
        QCOMPARE(dialog->windowTitle(), QStringLiteral("Preferences"));
        QCOMPARE(ui::preferences::language(), QStringLiteral("en"));

        // remembered: a new dialog shows the choice; System forgets it
        dialog->close();
        QTRY_VERIFY(!preferencesOf(win));
        win->showPreferences();
        dialog = preferencesOf(win);
        QVERIFY(dialog);
        language = dialog->findChild<QComboBox *>(QStringLiteral("language"));
        QCOMPARE(language->currentData().toString(), QStringLiteral("en"));
        language->setCurrentIndex(0);
        QCOMPARE(ui::preferences::language(), QString());
        // Return does not start a clear (only Close is a default button); Esc closes
        QTest::keyClick(dialog, Qt::Key_Return);
        QVERIFY(!dialog->confirmation());
        QTRY_VERIFY(!preferencesOf(win));
        win->showPreferences();
        dialog = preferencesOf(win);
        QVERIFY(dialog);
        QTest::keyClick(dialog, Qt::Key_Escape);
        QTRY_VERIFY(!preferencesOf(win));
    }

    void timeZoneAndCommentsReachTheWindow()
    {
        auto w = open(QStringLiteral("zone"));
        QVERIFY(w);
        MainWindow *win = w->window.get();
        win->setUseSystemTimeZone(false);
        win->setInlineCommentCount(3);
        win->showPreferences();
        PreferencesDialog *dialog = preferencesOf(win);
        QVERIFY(dialog);
        auto *zone = dialog->findChild<QComboBox *>(QStringLiteral("timeZone"));
        QCOMPARE(zone->currentIndex(), 0);
        QCOMPARE(zone->itemText(0), QStringLiteral("UTC+8 (China Standard Time)"));
        zone->setCurrentIndex(1);
        QVERIFY(win->usesSystemTimeZone());
        QCOMPARE(QSettings().value(QStringLiteral("ui/systemTimeZone")).toBool(), true);
        zone->setCurrentIndex(0);
        QVERIFY(!win->usesSystemTimeZone());

        auto *inlineCount = dialog->findChild<QSpinBox *>(QStringLiteral("inlineComments"));
        QCOMPARE(inlineCount->minimum(), 3);
        QCOMPARE(inlineCount->maximum(), 5);
        inlineCount->setValue(5);
        QCOMPARE(win->inlineCommentCount(), 5);
        QCOMPARE(win->timelineModel(MainWindow::Page::All)->inlineCommentCount(), 5);
        inlineCount->setValue(3);
        QCOMPARE(win->timelineModel(MainWindow::Page::All)->inlineCommentCount(), 3);

        // every label has its buddy (a mnemonic reaches its field)
        for (QLabel *label : dialog->findChildren<QLabel *>())
            if (label->text().contains(QLatin1Char('&')))
                QVERIFY2(label->buddy(), qPrintable(label->text()));
    }

    void imageCacheUseAndClear()
    {
        const QString images = m_dir.filePath(QStringLiteral("clear-images"));
        auto w = open(QStringLiteral("images"), images);
        QVERIFY(w);
        MainWindow *win = w->window.get();
        QTRY_VERIFY_WITH_TIMEOUT(win->timelineModel(MainWindow::Page::All)->rowCount() > 0, 20000);
        // the cards' avatars and pictures arrive and are kept on disk
        int files = 0;
        QTRY_VERIFY_WITH_TIMEOUT(
            imageBytes(images, &files) > 0 && w->core.images()->pendingCount() == 0, 20000);
        QVERIFY(files > 0);

        win->showPreferences();
        PreferencesDialog *dialog = preferencesOf(win);
        QVERIFY(dialog);
        auto *limit = dialog->findChild<QSpinBox *>(QStringLiteral("imageCacheLimit"));
        QCOMPARE(limit->value(), 200);
        const QString expected = QStringLiteral("Using %1 MB of 200 MB")
                                     .arg(ui::preferences::megabytes(imageBytes(images)));
        QTRY_COMPARE(dialog->imageCacheUseText(), expected);

        // the limit: applied to the cache, remembered, applied at the next start
        limit->setValue(300);
        QCOMPARE(w->core.images()->diskCacheMaxBytes(), qint64(300) * 1024 * 1024);
        QTRY_VERIFY(dialog->imageCacheUseText().endsWith(QStringLiteral("of 300 MB")));
        core::ImageCache fresh;
        ui::preferences::applyImageCacheLimit(&fresh);
        QCOMPARE(fresh.diskCacheMaxBytes(), qint64(300) * 1024 * 1024);

        // Clear asks first; Cancel keeps everything
        dialog->findChild<QPushButton *>(QStringLiteral("clearImageCache"))->click();
        QMessageBox *box = dialog->confirmation();
        QVERIFY(box);
        QTRY_VERIFY(box->isVisible());
        box->button(QMessageBox::Cancel)->click();
        QTRY_VERIFY(!dialog->confirmation());
        QCOMPARE(imageBytes(images, &files) > 0, true);

        dialog->clearImageCache();
        box = dialog->confirmation();
        QVERIFY(box);
        QCOMPARE(box->text(),
                 QStringLiteral("Remove the pictures and avatars saved on this computer?"));
        QPushButton *yes = confirmButton(box);
        QVERIFY(yes);
        yes->click();
        QTRY_COMPARE(imageBytes(images, &files), qint64(0));
        QCOMPARE(files, 0);
        QTRY_COMPARE(dialog->imageCacheUseText(),
                     QStringLiteral("Using %1 MB of 300 MB").arg(ui::preferences::megabytes(0)));
        QCOMPARE(dialog->noteText(), QStringLiteral("The image cache is empty."));
        ui::preferences::setImageCacheMB(nullptr, 200);
    }

    void clearCachedPostsKeepsTheOutbox()
    {
        auto w = open(QStringLiteral("posts"));
        QVERIFY(w);
        MainWindow *win = w->window.get();
        models::TimelineModel *all = win->timelineModel(MainWindow::Page::All);
        QTRY_VERIFY_WITH_TIMEOUT(all->rowCount() > 1, 20000);
        const qint64 postId = all->postIdAt(1);
        QTRY_VERIFY_WITH_TIMEOUT(cachedPost(w->core.cache(), postId) == std::optional<bool>(true),
                                 10000);

        // offline: a like waits in the outbox
        Client c(m_server.baseUrl());
        QVERIFY(!c.login(QStringLiteral("zhangsan")).isEmpty());
        const auto likedOnServer = [&] {
            return c.get(QStringLiteral("/api/v1/posts/%1").arg(postId))
                .obj()
                .value(QStringLiteral("liked"))
                .toBool();
        };
        const bool likedBefore = likedOnServer();
        w->core.setOffline(true);
        w->core.actions()->togglePostLike(postId);
        QTRY_COMPARE(w->core.pendingCount(), 1);

        win->showPreferences();
        PreferencesDialog *dialog = preferencesOf(win);
        QVERIFY(dialog);
        dialog->findChild<QPushButton *>(QStringLiteral("clearCachedPosts"))->click();
        QMessageBox *box = dialog->confirmation();
        QVERIFY(box);
        QVERIFY2(box->informativeText().contains(
                     QStringLiteral("Your changes waiting to be sent are kept.")),
                 qPrintable(box->informativeText()));
        QVERIFY(box->informativeText().contains(
            QStringLiteral("The pages stay empty until you go online.")));
        QVERIFY(box->grab().save(QDir(test::artifactDir(QStringLiteral("preferences")))
                                     .filePath(QStringLiteral("clear-posts-en.png"))));
        confirmButton(box)->click();

        // the cache's posts are gone; offline the page is made again from it: empty; the
        // outbox is as it was
        QCOMPARE(win->currentPage(), MainWindow::Page::All);
        QSignalSpy painted(win->feed(MainWindow::Page::All), &models::TimelineFeed::cachePainted);
        QVERIFY(painted.wait(10000));
        QCOMPARE(painted.at(0).at(0).toInt(), 0);
        all = win->timelineModel(MainWindow::Page::All);
        QCOMPARE(all->rowCount(), 0);
        QCOMPARE(cachedPost(w->core.cache(), postId), std::optional<bool>(false));
        QCOMPARE(w->core.pendingCount(), 1);
        QCOMPARE(dialog->noteText(),
                 QStringLiteral("Cached posts cleared. Your changes waiting to be sent are kept."));
        dialog->close();

        // online: the like is sent, the pages come back from the server
        w->core.setOffline(false);
        QTRY_COMPARE_WITH_TIMEOUT(w->core.pendingCount(), 0, 20000);
        QCOMPARE(likedOnServer(), !likedBefore);
        win->reload();
        QTRY_VERIFY_WITH_TIMEOUT(win->timelineModel(MainWindow::Page::All)->rowCount() > 0, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(cachedPost(w->core.cache(), postId) == std::optional<bool>(true),
                                 10000);
    }

    void startOfflineIsReadAtTheStart()
    {
        // the check box is the setting
        {
            core::AppCore core;
            threadline::models::Feeds winFeeds(
                {core.api(), core.cache(), core.store(), core.outbox(), core.actions()});
            MainWindow win(&core, &winFeeds);
            PreferencesDialog dialog(&win, &core);
            auto *box = dialog.findChild<QCheckBox *>(QStringLiteral("startOffline"));
            QVERIFY(box);
            QVERIFY(!box->isChecked());
            box->setChecked(true);
            QVERIFY(ui::preferences::startOffline());
            box->setChecked(false);
            QVERIFY(!ui::preferences::startOffline());
        }

        // the program reads it at its start: offline, not one request reaches the server
        const auto run = [this](bool offline, const QString &name, QByteArray *err) {
            const QString config = m_dir.filePath(name + QStringLiteral("-config"));
            QSettings settings(config + QStringLiteral("/Threadline/threadline.conf"),
                               QSettings::IniFormat);
            settings.setValue(QLatin1String(ui::preferences::kStartOfflineKey), offline);
            settings.setValue(QLatin1String(ui::preferences::kLanguageKey),
                              QStringLiteral("zh_CN"));
            settings.sync();
            QProcess p;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
            env.insert(QStringLiteral("XDG_CONFIG_HOME"), config);
            env.insert(QStringLiteral("XDG_DATA_HOME"),
                       m_dir.filePath(name + QStringLiteral("-data")));
            env.insert(QStringLiteral("XDG_CACHE_HOME"),
                       m_dir.filePath(name + QStringLiteral("-cache")));
            p.setProcessEnvironment(env);
            p.start(QStringLiteral(THREADLINE_APP_BIN),
                    {QStringLiteral("--server"), m_server.baseUrl().toString(),
                     QStringLiteral("--screenshot"), m_dir.filePath(name + QStringLiteral(".png")),
                     QStringLiteral("--size"), QStringLiteral("900x600")});
            if (!p.waitForFinished(60000))
                return -1;
            *err = p.readAllStandardError();
            return p.exitCode();
        };
        qsizetype mark = m_server.settle();
        QVERIFY(mark >= 0);
        QByteArray err;
        QCOMPARE(run(true, QStringLiteral("offline"), &err), 0); // the cache of nobody, no sign-in
        QVERIFY2(m_server.requestsSince(mark).isEmpty(),
                 m_server.requestsSince(mark).join('\n').constData());
        QVERIFY(QImage(m_dir.filePath(QStringLiteral("offline.png"))).size() == QSize(900, 600));

        // without it the same start asks the server (and, with nobody to sign in, ends)
        mark = m_server.settle();
        QCOMPARE(run(false, QStringLiteral("online"), &err), 1);
        QVERIFY(err.contains("cannot sign in"));
        QVERIFY(!m_server.requestsSince(mark).isEmpty());
    }
};

QTEST_MAIN(TstPreferences)
#include "tst_preferences.moc"

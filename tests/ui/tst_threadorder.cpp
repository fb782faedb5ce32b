// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The thread pane's orders, as a user meets them, in English and in Chinese: By floor, Best first
// and Newest in the header; Newest puts the newest floor on top (the busy demo thread's 200th
// floor), "Jump to newest" is there in the other orders and takes the user to Newest, and
// scrolling down in Newest loads older floors without a gap. Screenshots of the Newest thread,
// light and dark, en and zh_CN (THREADLINE_TEST_ARTIFACTS keeps them).

#include "actions.h"
#include "artifacts.h"
#include "common/theme.h"
#include "common/virtuallistview.h"
#include "feeds.h"
#include "i18n.h"
#include "images/imagecache.h"
#include "net/apiclient.h"
#include "outbox/outbox.h"
#include "poststore.h"
#include "testserver.h"
#include "thread/commenttreemodel.h"
#include "thread/threadloader.h"
#include "thread/threadview.h"

#include <QApplication>
#include <QDir>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <memory>

using namespace threadline;
using models::CommentTreeModel;
using test::Client;
using test::TestServer;
using ui::ThreadView;

namespace {
constexpr qint64 kBusyPost = 90500; // 200 floors (server/demo)

struct Pane
{
    core::ApiClient api;
    core::PostStore store;
    core::Outbox outbox{&api};
    core::Actions actions{&outbox, &store};
    core::ImageCache images{api.network()};
    std::unique_ptr<models::Feeds> feeds;
    std::unique_ptr<ThreadView> view;

    Pane(const QUrl &base, const QString &token, const QString &dir)
    {
        api.setBaseUrl(base);
        api.setToken(token);
        QSignalSpy opened(&outbox, &core::Outbox::opened);
        outbox.open(QDir(dir).filePath(QStringLiteral("outbox.sqlite")));
        if (!opened.wait(10000) || !opened.at(0).at(0).toBool())
            qFatal("the outbox did not open");
        images.setServer(base);
        images.setToken(token);
        feeds = std::make_unique<models::Feeds>(
            models::Feeds::Parts{&api, nullptr, &store, nullptr, &actions});
        view = std::make_unique<ThreadView>(feeds.get(), &images);
        view->resize(760, 820);
    }
    QToolButton *button(const char *name) const
    {
        return view->findChild<QToolButton *>(QLatin1String(name));
    }
    qint64 floorAt(int row) const
    {
        return view->model()->index(row, 0).data(CommentTreeModel::FloorRole).toLongLong();
    }
};
} // namespace

class TstThreadOrder : public QObject
{
    Q_OBJECT

    TestServer m_server;
    QTemporaryDir m_dir;
    QString m_token;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(m_server.start());
        Client c(m_server.baseUrl());
        m_token = c.login(QStringLiteral("lisi"));
        QVERIFY(!m_token.isEmpty());
    }
    void cleanup()
    {
        ui::applyTheme(ui::Theme::System);
        installTranslations(*qApp, QLocale(QStringLiteral("en")));
    }

    void newestOrder_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }
    void newestOrder()
    {
        QFETCH(QString, lang);
        const bool zh = lang == QLatin1String("zh_CN");
        QVERIFY(installTranslations(*qApp, QLocale(lang)));
        Pane p(m_server.baseUrl(), m_token, m_dir.filePath(lang));
        p.view->show();
        QVERIFY(QTest::qWaitForWindowExposed(p.view.get()));
        p.view->openPost(kBusyPost);
        QTRY_VERIFY_WITH_TIMEOUT(p.view->model()->floorCount() > 0 && !p.view->loader()->isBusy(),
                                 20000);
        QCOMPARE(p.floorAt(0), qint64(1)); // by floor at first

        QToolButton *newest = p.button("orderNewest");
        QToolButton *jump = p.button("jumpToNewest");
        QVERIFY(newest && jump && p.button("orderByFloor") && p.button("orderBest"));
        QCOMPARE(newest->text(), zh ? QStringLiteral("最新") : QStringLiteral("Newest"));
        QVERIFY(jump->isVisible());
        QCOMPARE(jump->text(),
                 zh ? QStringLiteral("跳到最新 ↑") : QStringLiteral("Jump to newest ↑"));

        // a click on Newest: the newest floor on top
        QTest::mouseClick(newest, Qt::LeftButton);
        QVERIFY(newest->isChecked());
        QTRY_VERIFY_WITH_TIMEOUT(p.view->model()->floorCount() > 0 && !p.view->loader()->isBusy(),
                                 20000);
        QCOMPARE(p.view->model()->order(), CommentTreeModel::Order::Newest);
        QCOMPARE(p.floorAt(0), qint64(200));
        QCOMPARE(p.floorAt(1), qint64(199));
        QVERIFY(!jump->isVisible()); // already at the newest

        // scrolling to the end loads older floors, newest first, each once
        for (int guard = 0; guard < 50; ++guard) {
            QTRY_VERIFY_WITH_TIMEOUT(!p.view->loader()->isBusy(), 20000);
            if (!p.view->model()->canFetchMore({}))
                break;
            const int before = p.view->model()->floorCount();
            QScrollBar *bar = p.view->treeView()->verticalScrollBar();
            bar->setValue(bar->maximum() - 1); // a change even when at the end already
            bar->setValue(bar->maximum());
            QTRY_VERIFY_WITH_TIMEOUT(p.view->model()->floorCount() > before, 20000);
        }
        QTRY_VERIFY_WITH_TIMEOUT(!p.view->loader()->isBusy(), 20000);
        QCOMPARE(p.view->model()->floorCount(), 200);
        for (int r = 0; r < 200; ++r)
            QCOMPARE(p.floorAt(r), qint64(200 - r));

        // By floor, then "Jump to newest": back to Newest with the newest on top
        QTest::mouseClick(p.button("orderByFloor"), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(p.view->model()->floorCount() > 0 && !p.view->loader()->isBusy(),
                                 20000);
        QCOMPARE(p.floorAt(0), qint64(1));
        QVERIFY(jump->isVisible());
        QTest::mouseClick(jump, Qt::LeftButton);
        QVERIFY(newest->isChecked());
        QTRY_VERIFY_WITH_TIMEOUT(p.view->model()->floorCount() > 0 && !p.view->loader()->isBusy(),
                                 20000);
        QCOMPARE(p.floorAt(0), qint64(200));
        QCOMPARE(p.view->treeView()->verticalScrollBar()->value(), 0);

        // the keyboard reaches the buttons too (Tab focus, Space)
        QTest::mouseClick(p.button("orderBest"), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!p.view->loader()->isBusy(), 20000);
        newest->setFocus(Qt::TabFocusReason);
        QTest::keyClick(newest, Qt::Key_Space);
        QTRY_COMPARE(p.view->model()->order(), CommentTreeModel::Order::Newest);
        QTRY_VERIFY_WITH_TIMEOUT(p.view->model()->floorCount() > 0 && !p.view->loader()->isBusy(),
                                 20000);
        QCOMPARE(p.floorAt(0), qint64(200));

        // screenshots, light and dark
        for (const ui::Theme theme : {ui::Theme::Light, ui::Theme::Dark}) {
            ui::applyTheme(theme);
            QCoreApplication::processEvents();
            p.view->grab(); // asks for the avatars
            QTRY_VERIFY_WITH_TIMEOUT(p.images.pendingCount() == 0, 10000);
            const QString dir = test::artifactDir(QStringLiteral("threadorder"));
            const QString path = QDir(dir).filePath(QStringLiteral("thread-newest-%1-%2.png")
                                                        .arg(lang, theme == ui::Theme::Dark
                                                                       ? QStringLiteral("dark")
                                                                       : QStringLiteral("light")));
            QVERIFY2(p.view->grab().save(path), qPrintable(path));
        }
    }
};

QTEST_MAIN(TstThreadOrder)
#include "tst_threadorder.moc"

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// 3–5 comments on a card, end to end, in English and in Chinese: the window against the real
// server, a post with six comments on top of All; Preferences → "comments per card" moved with
// the keyboard to 4 and to 5: the card lays out and paints 4, then 5 comment lines (the newest,
// in time order), without reloading, and the account's cache holds the post with 5 (what the
// card shows offline). Back to 3: three lines.

#include "appaccount.h"
#include "artifacts.h"
#include "cache/cache.h"
#include "feeds.h"
#include "i18n.h"
#include "images/imagecache.h"
#include "net/apiclient.h"
#include "testserver.h"
#include "timeline/postdelegate.h"
#include "timeline/timelinemodel.h"
#include "timeline/timelineview.h"
#include "window/mainwindow.h"
#include "window/preferencesdialog.h"

#include <QApplication>
#include <QDir>
#include <QJsonObject>
#include <QSettings>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

using namespace threadline;
using models::TimelineModel;
using test::Client;
using test::TestServer;
using ui::MainWindow;
using ui::PreferencesDialog;

class TstCardView : public QObject
{
    Q_OBJECT

    TestServer m_server;
    QTemporaryDir m_dir;
    qint64 m_post = 0;
    QStringList m_texts; // oldest first

    struct Window
    {
        core::AppCore core;
        std::unique_ptr<models::Feeds> feeds;
        std::unique_ptr<MainWindow> window;
    };

    std::unique_ptr<Window> open(const QString &name)
    {
        auto w = std::make_unique<Window>();
        w->core.images()->setDiskCacheDirectory(m_dir.filePath(name + QStringLiteral("-images")));
        const auto me = test::signIn(w->core, m_server.baseUrl(), QStringLiteral("wangwu"));
        if (!me)
            return nullptr;
        w->feeds = std::make_unique<models::Feeds>(models::Feeds::Parts{
            w->core.api(), w->core.cache(), w->core.store(), w->core.outbox(), w->core.actions()});
        w->window = std::make_unique<MainWindow>(&w->core, w->feeds.get());
        w->window->resize(1000, 900);
        w->window->show();
        if (!QTest::qWaitForWindowExposed(w->window.get()))
            return nullptr;
        w->window->startAccount(*me, test::accountIn(QDir(m_dir.path()), name));
        return w;
    }

    // The card's comment lines as the delegate lays them out.
    static int linesOnCard(MainWindow *win, qint64 postId)
    {
        TimelineModel *model = win->timelineModel(MainWindow::Page::All);
        ui::TimelineView *view = win->timelineView(MainWindow::Page::All);
        const QModelIndex index = model->index(model->rowOf(postId));
        if (!index.isValid())
            return -1;
        return int(view->postDelegate()->layoutFor(view->itemOption(index), index).comments.size());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(m_server.start());
        QApplication::setOrganizationName(QStringLiteral("ThreadlineTest"));
        QApplication::setApplicationName(QStringLiteral("tst_cardview"));
        QSettings().clear();
        Client a(m_server.baseUrl()), b(m_server.baseUrl());
        QVERIFY(!a.login(QStringLiteral("zhangsan")).isEmpty());
        QVERIFY(!b.login(QStringLiteral("lisi")).isEmpty());
        const auto p = a.post(QStringLiteral("/api/v1/posts"),
                              QJsonObject{{QStringLiteral("content"), QStringLiteral("六条评论")}});
        QCOMPARE(p.status, 201);
        m_post = p.obj().value(QStringLiteral("id")).toInteger();
        for (int i = 1; i <= 6; ++i) {
            m_texts.append(QStringLiteral("comment %1").arg(i));
            QCOMPARE((i % 2 ? a : b)
                         .post(QStringLiteral("/api/v1/posts/%1/comments").arg(m_post),
                               QJsonObject{{QStringLiteral("content"), m_texts.last()}})
                         .status,
                     201);
        }
    }
    void cleanup() { installTranslations(*qApp, QLocale(QStringLiteral("en"))); }

    void fourAndFiveOnACard_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }
    void fourAndFiveOnACard()
    {
        QFETCH(QString, lang);
        QVERIFY(installTranslations(*qApp, QLocale(lang)));
        auto w = open(lang);
        QVERIFY(w);
        MainWindow *win = w->window.get();
        win->setInlineCommentCount(3);
        TimelineModel *model = win->timelineModel(MainWindow::Page::All);
        QTRY_VERIFY_WITH_TIMEOUT(model->rowOf(m_post) >= 0, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(linesOnCard(win, m_post), 3, 20000);

        win->showPreferences();
        auto *dialog = win->findChild<PreferencesDialog *>();
        QVERIFY(dialog);
        auto *spin = dialog->findChild<QSpinBox *>(QStringLiteral("inlineComments"));
        QVERIFY(spin);
        spin->setFocus(Qt::TabFocusReason);
        for (const int n : {4, 5}) {
            QTest::keyClick(spin, Qt::Key_Up);
            QCOMPARE(spin->value(), n);
            // laid out and painted at once, with the newest n in time order
            QTRY_COMPARE(linesOnCard(win, m_post), n);
            const QVariantList shown =
                model->index(model->rowOf(m_post)).data(TimelineModel::InlineCommentsRole).toList();
            QCOMPARE(shown.size(), n);
            for (int i = 0; i < n; ++i)
                QCOMPARE(shown.at(i).toMap().value(QStringLiteral("content")).toString(),
                         m_texts.at(6 - n + i));
            ui::TimelineView *view = win->timelineView(MainWindow::Page::All);
            view->scrollTo(model->index(model->rowOf(m_post)));
            const QString dir = test::artifactDir(QStringLiteral("cardcomments"));
            QVERIFY(view->grab().save(
                QDir(dir).filePath(QStringLiteral("card-%1-%2.png").arg(lang).arg(n))));
        }
        QTest::keyClick(spin, Qt::Key_Up); // 5 is the most
        QCOMPARE(spin->value(), 5);
        dialog->close();

        // the cache holds the post with its five newest comments (what the card shows offline)
        QVERIFY(w->core.cache()->waitForIdle());
        core::Cache *cache = w->core.cache();
        quint64 request = 0;
        int cached = -1;
        const auto connection =
            connect(cache, &core::Cache::postLoaded, this,
                    [&](quint64 id, qint64, const std::optional<core::Post> &post) {
                        if (id == request)
                            cached = post ? int(post->comments.size()) : -2;
                    });
        request = cache->loadPost(m_post);
        QTRY_VERIFY_WITH_TIMEOUT(cached != -1, 10000);
        disconnect(connection);
        QCOMPARE(cached, 5);

        win->setInlineCommentCount(3);
        QTRY_COMPARE(linesOnCard(win, m_post), 3);
    }
};

QTEST_MAIN(TstCardView)
#include "tst_cardview.moc"

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Moderation end to end, with two real clients on one real server: an ordinary user
// (李四) and the moderator, each a whole window over its own AppCore, cache file and outbox.
//   - the user reports a reply through the thread's Report dialog (a second report says it was
//     already reported); the moderator's queue shows it with the reason and the note;
//   - the moderator hides the floor's root from the thread (Hide…, a reason): greyed and marked
//     for the moderator at once; after one sync the user's timeline card (count, inline
//     comments), thread and store hold no comment of that floor, and neither does the user's
//     SQLite cache file (opened and read here); unhide brings them back, in the file too;
//   - a comment with a word of the list is published at once and queued auto-flagged;
//   - the ordinary user sees no moderation control anywhere and every moderation endpoint
//     answers 403 to the user's token;
//   - the moderation log holds every action of the suite with its reason.
#include "account/session.h"
#include "actions.h"
#include "appcore.h"
#include "artifacts.h"
#include "cache/cache.h"
#include "dialogs/reportdialog.h"
#include "feeds.h"
#include "i18n.h"
#include "moderation/moderationlogmodel.h"
#include "moderation/moderationqueuemodel.h"
#include "moderation/moderationview.h"
#include "dialogs/reasondialog.h"
#include "outbox/outbox.h"
#include "poststore.h"
#include "syncengine.h"
#include "testserver.h"
#include "thread/commenttreemodel.h"
#include "thread/threadview.h"
#include "timeline/timelinemodel.h"
#include "timeline/timelineview.h"
#include "window/mainwindow.h"

#include "common/virtuallistview.h"
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QListView>
#include <QListWidget>
#include <QMenu>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUuid>

using namespace threadline;
using test::Client;
using test::TestServer;
using ui::MainWindow;
using M = models::CommentTreeModel;
using Q = models::ModerationQueueModel;

namespace {

constexpr int kWaitMs = 20000;

// One person's client: the core, the window, its files.
struct Person
{
    core::AppCore core;
    std::unique_ptr<threadline::models::Feeds> feeds;
    std::unique_ptr<MainWindow> window;
    core::UserProfile me;
    QString cachePath;
};

// Every row of a (tree) model, depth first.
QList<QModelIndex> rowsOf(const QAbstractItemModel *model, const QModelIndex &parent = {})
{
    QList<QModelIndex> out;
    for (int r = 0; r < model->rowCount(parent); ++r) {
        const QModelIndex i = model->index(r, 0, parent);
        out << i << rowsOf(model, i);
    }
    return out;
}

QSet<qint64> idsIn(const QAbstractItemModel *model, int role)
{
    QSet<qint64> ids;
    for (const QModelIndex &i : rowsOf(model))
        ids.insert(i.data(role).toLongLong());
    return ids;
}

QString dump(const QAbstractItemModel *model)
{
    QStringList rows;
    for (const QModelIndex &i : rowsOf(model))
        rows << QStringLiteral("%1:%2:%3")
                    .arg(i.data(M::KindRole).toInt())
                    .arg(i.data(M::IdRole).toLongLong())
                    .arg(i.data(M::ContentRole).toString());
    return rows.join(QLatin1String(" | "));
}

QModelIndex rowOf(const QAbstractItemModel *model, int role, qint64 id)
{
    for (const QModelIndex &i : rowsOf(model))
        if (i.data(role).toLongLong() == id)
            return i;
    return {};
}

// What the cache FILE holds about a post: its comment rows, and the ids of the comments the
// post's own blob carries inline. Read through a connection of our own, read-only.
struct CacheContents
{
    QSet<qint64> commentRows;
    QSet<qint64> inlineComments;
    qint64 commentCount = -1; // the cached post's count (-1: the post is not in the file)
    bool ok = false;
};

CacheContents readCache(const QString &path, qint64 postId)
{
    CacheContents out;
    const QString name = QUuid::createUuid().toString();
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=5000"));
        if (db.open()) {
            QSqlQuery q(db);
            out.ok =
                q.exec(QStringLiteral("SELECT id FROM comments WHERE post_id = %1").arg(postId));
            while (q.next())
                out.commentRows.insert(q.value(0).toLongLong());
            QSqlQuery p(db);
            if (p.exec(QStringLiteral("SELECT data FROM posts WHERE id = %1").arg(postId)) &&
                p.next()) {
                if (const auto post = core::CacheBlob::decodePost(p.value(0).toByteArray())) {
                    out.commentCount = post->commentCount;
                    for (const core::Comment &c : post->comments)
                        out.inlineComments.insert(c.id);
                }
            }
        }
    }
    QSqlDatabase::removeDatabase(name);
    return out;
}

} // namespace

class TstQaModeration : public QObject
{
    Q_OBJECT

    TestServer m_server;
    QTemporaryDir m_dir;
    std::unique_ptr<Person> m_user;
    std::unique_ptr<Person> m_mod;
    std::unique_ptr<Client> m_mh; // the moderator's own HTTP eye on the server

    bool start(Person &p, const QString &name)
    {
        p.core.setServer(m_server.baseUrl());
        QSignalSpy in(p.core.session(), &core::Session::signedIn);
        p.core.session()->login(m_server.baseUrl(), name, QStringLiteral("demo"));
        if (!in.wait(kWaitMs))
            return false;
        p.me = in.at(0).at(0).value<core::UserProfile>();
        core::AppCore::AccountOptions o;
        p.cachePath = m_dir.filePath(name + QStringLiteral(".cache.sqlite"));
        o.cachePath = p.cachePath;
        o.outboxPath = m_dir.filePath(name + QStringLiteral(".outbox.sqlite"));
        o.likeDelayMs = 100;
        o.pollIntervalMs = 0; // syncs only when asked: "at its next sync" is ours to say
        p.feeds = std::make_unique<threadline::models::Feeds>(threadline::models::Feeds::Parts{
            p.core.api(), p.core.cache(), p.core.store(), p.core.outbox(), p.core.actions()});
        p.window = std::make_unique<MainWindow>(&p.core, p.feeds.get());
        p.window->resize(1280, 800);
        p.window->startAccount(p.me, o);
        return QTest::qWaitFor([&] { return p.core.outbox()->isOpen(); }, kWaitMs);
    }

    // One /sync round of that person's client, to its end.
    static bool syncOnce(Person &p)
    {
        QSignalSpy synced(p.core.sync(), &core::SyncEngine::synced);
        p.core.sync()->syncNow();
        return synced.wait(kWaitMs);
    }

    // Everything that person's outbox holds has reached the server.
    static bool drained(Person &p)
    {
        return QTest::qWaitFor([&] { return p.core.outbox()->pendingCount() == 0; }, kWaitMs) &&
               p.core.outbox()->failedEntries().isEmpty();
    }

    qint64 create(const QString &user, const QString &path, const QJsonObject &body)
    {
        Client c(m_server.baseUrl());
        if (c.login(user).isEmpty())
            return 0;
        return c.post(path, body).obj().value(QStringLiteral("id")).toInteger();
    }

    // The window's thread pane on this post, loaded.
    static M *openThread(Person &p, qint64 postId)
    {
        p.window->openThread(postId);
        M *model = p.window->threadView()->model();
        if (!QTest::qWaitFor([&] { return model->postId() == postId && model->rowCount() > 0; },
                             kWaitMs))
            return nullptr;
        return model;
    }

    static models::ModerationQueueModel *openQueue(Person &p)
    {
        p.window->showPage(MainWindow::Page::Moderation);
        auto *view = p.window->findChild<ui::ModerationView *>();
        if (!view)
            return nullptr;
        view->setCurrentTab(ui::ModerationView::Tab::Open);
        QSignalSpy loaded(view->queueFeed(ui::ModerationView::Tab::Open),
                          &models::ModerationQueueFeed::loaded);
        view->refresh();
        if (!loaded.wait(kWaitMs))
            return nullptr;
        return view->queueModel(ui::ModerationView::Tab::Open);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QApplication::setOrganizationName(QStringLiteral("ThreadlineQaModeration"));
        QApplication::setApplicationName(QUuid::createUuid().toString(QUuid::WithoutBraces));
        QVERIFY(m_dir.isValid());
        QVERIFY2(m_server.start(), m_server.stderrLog().right(2000).constData());
        m_user = std::make_unique<Person>();
        m_mod = std::make_unique<Person>();
        QVERIFY(start(*m_user, QStringLiteral("lisi")));
        QVERIFY(start(*m_mod, QStringLiteral("moderator")));
        QCOMPARE(m_mod->me.role, core::UserProfile::Role::Moderator);
        QCOMPARE(m_user->me.role, core::UserProfile::Role::User);
        m_mh = std::make_unique<Client>(m_server.baseUrl());
        QVERIFY(!m_mh->login(QStringLiteral("moderator")).isEmpty());
    }

    void cleanup() { ui::ReasonDialog::setPrompt({}); }

    void reportHideLeavesTheUsersCacheAndUnhideBringsItBack()
    {
        // 王五's post: floor R (张三) with two replies, floor S (麻子).
        const qint64 post = create(QStringLiteral("wangwu"), QStringLiteral("/api/v1/posts"),
                                   {{"content", "周末的书展有人去吗？"}});
        QVERIFY(post > 0);
        const QString comments = QStringLiteral("/api/v1/posts/%1/comments").arg(post);
        const qint64 root =
            create(QStringLiteral("zhangsan"), comments, {{"content", "我去，几点？"}});
        const qint64 r1 = create(QStringLiteral("mazi"), comments,
                                 {{"content", "十点开门，买书加我微信有折扣"}, {"parentId", root}});
        const qint64 r2 =
            create(QStringLiteral("wangwu"), comments, {{"content", "十点见"}, {"parentId", root}});
        const qint64 other = create(QStringLiteral("mazi"), comments, {{"content", "我周日去"}});
        QVERIFY(root > 0 && r1 > 0 && r2 > 0 && other > 0);
        const QSet<qint64> floor{root, r1, r2};

        // The user sees it all: the card (newest first), the thread, the cache file.
        m_user->window->showPage(MainWindow::Page::All);
        m_user->window->reload();
        models::TimelineModel *all = m_user->window->timelineModel(MainWindow::Page::All);
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(all, models::TimelineModel::IdRole, post).isValid(),
                                 kWaitMs);
        QTRY_COMPARE_WITH_TIMEOUT(rowOf(all, models::TimelineModel::IdRole, post)
                                      .data(models::TimelineModel::CommentCountRole)
                                      .toLongLong(),
                                  4, kWaitMs);
        M *thread = openThread(*m_user, post);
        QVERIFY(thread);
        QTRY_VERIFY2_WITH_TIMEOUT(idsIn(thread, M::IdRole).contains(floor + QSet<qint64>{other}),
                                  qPrintable(dump(thread)), kWaitMs);
        QTRY_VERIFY_WITH_TIMEOUT(readCache(m_user->cachePath, post).commentRows.contains(floor),
                                 kWaitMs);
        QVERIFY(!m_user->window->findChild<ui::ModerationView *>());

        // The user reports the reply through the thread's dialog; a second time says so.
        ui::ThreadView *tv = m_user->window->threadView();
        const auto reportThroughTheDialog = [&](const QString &note) {
            QTimer::singleShot(0, this, [note] {
                auto *dialog = qobject_cast<ui::ReportDialog *>(QApplication::activeModalWidget());
                QVERIFY(dialog);
                dialog->setReason(core::Report::Reason::Spam);
                dialog->setNote(note);
                dialog->accept();
            });
            tv->requestReport(rowOf(thread, M::IdRole, r1));
        };
        QSignalSpy notices(m_user->core.actions(), &core::Actions::notice);
        {
            std::unique_ptr<QMenu> menu(tv->createContextMenu(rowOf(thread, M::IdRole, r1)));
            QVERIFY(menu->findChild<QAction *>(QStringLiteral("report")));
            QVERIFY(!menu->findChild<QAction *>(QStringLiteral("hideComment"))); // not theirs
        }
        reportThroughTheDialog(QStringLiteral("在卖书，留微信"));
        QVERIFY(notices.wait(kWaitMs));
        QVERIFY2(notices.last().at(0).toString().startsWith(QStringLiteral("Thank you")),
                 qPrintable(notices.last().at(0).toString()));
        reportThroughTheDialog(QString());
        QVERIFY(notices.wait(kWaitMs));
        QVERIFY2(notices.last().at(0).toString().contains(QStringLiteral("already reported")),
                 qPrintable(notices.last().at(0).toString()));

        // The moderator's queue: the reply, newest first, with the user's reason and note.
        models::ModerationQueueModel *queue = openQueue(*m_mod);
        QVERIFY(queue);
        QCOMPARE(queue->index(0, 0).data(Q::TargetIdRole).toLongLong(), r1);
        const QVariantList reports = queue->index(0, 0).data(Q::ReportsRole).toList();
        QCOMPARE(reports.size(), 1); // the second report changed nothing
        QCOMPARE(reports.at(0).toMap().value(QStringLiteral("reporterName")).toString(),
                 QStringLiteral("李四"));
        QCOMPARE(reports.at(0).toMap().value(QStringLiteral("note")).toString(),
                 QStringLiteral("在卖书，留微信"));
        QCOMPARE(queue->index(0, 0).data(Q::ReasonsTextRole).toString(), QStringLiteral("Spam"));
        // Return on the item opens its thread at the reported reply, selected.
        {
            auto *view = m_mod->window->findChild<ui::ModerationView *>();
            QListView *list = view->listView(ui::ModerationView::Tab::Open);
            list->setCurrentIndex(list->model()->index(0, 0));
            QTest::keyClick(list, Qt::Key_Return);
            M *opened = m_mod->window->threadView()->model();
            QTRY_VERIFY_WITH_TIMEOUT(opened->postId() == post, kWaitMs);
            QTRY_COMPARE_WITH_TIMEOUT(
                m_mod->window->threadView()
                    ->modelIndex(m_mod->window->threadView()->treeView()->currentIndex())
                    .data(M::IdRole)
                    .toLongLong(),
                r1, kWaitMs);
        }

        // The moderator hides the floor's root from the thread: greyed and marked at once.
        M *modThread = openThread(*m_mod, post);
        QVERIFY(modThread);
        QTRY_VERIFY_WITH_TIMEOUT(idsIn(modThread, M::IdRole).contains(floor), kWaitMs);
        {
            std::unique_ptr<QMenu> menu(
                m_mod->window->threadView()->createContextMenu(rowOf(modThread, M::IdRole, root)));
            QVERIFY(menu->findChild<QAction *>(QStringLiteral("hideComment")));
        }
        QString asked;
        ui::ReasonDialog::setPrompt(
            [&](const QString &title, const QString &detail, bool required) {
                asked = title + QLatin1Char('\n') + detail;
                return required ? std::optional<QString>(QStringLiteral("卖书广告")) : std::nullopt;
            });
        m_mod->window->threadView()->requestModeration(rowOf(modThread, M::IdRole, root));
        QVERIFY2(asked.contains(QStringLiteral("张三")) && asked.contains(QStringLiteral("2 repl")),
                 qPrintable(asked));
        for (const qint64 id : floor) {
            const QModelIndex i = rowOf(modThread, M::IdRole, id);
            QVERIFY(i.isValid());                    // moderators keep seeing it…
            QVERIFY(i.data(M::HiddenRole).toBool()); // …greyed, at once
        }
        QCOMPARE(rowOf(modThread, M::IdRole, root).data(M::ModerationReasonRole).toString(),
                 QStringLiteral("卖书广告"));
        QVERIFY(!rowOf(modThread, M::IdRole, other).data(M::HiddenRole).toBool());
        QVERIFY(drained(*m_mod));
        QVERIFY(rowOf(modThread, M::IdRole, root).data(M::HiddenRole).toBool());
        // What the moderator sees (docs/screenshots): the floor greyed, marked with the reason.
        m_mod->window->showPage(MainWindow::Page::All);
        m_mod->window->reload();
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(m_mod->window->timelineModel(MainWindow::Page::All),
                                       models::TimelineModel::IdRole, post)
                                     .isValid(),
                                 kWaitMs);
        m_mod->window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_mod->window.get()));
        m_mod->window->threadView()->treeView()->scrollTo(
            m_mod->window->threadView()->viewIndex(rowOf(modThread, M::IdRole, root)));
        for (const QString &lang : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            installTranslations(*qApp, QLocale(lang));
            // the language change, then the layouts it asks for (each round may post more)
            for (int round = 0; round < 3; ++round) {
                QCoreApplication::sendPostedEvents();
                QCoreApplication::processEvents();
            }
            const QString file = QDir(test::artifactDir(QStringLiteral("moderation")))
                                     .filePath(QStringLiteral("hidden-floor-%1.png").arg(lang));
            QVERIFY(m_mod->window->grab().save(file));
        }
        installTranslations(*qApp, QLocale(QStringLiteral("en")));
        m_mod->window->hide();

        // One sync later nothing of the floor is left at the user's: not on screen, not in
        // the store, not in the cache file.
        QVERIFY(syncOnce(*m_user));
        const QModelIndex card = rowOf(all, models::TimelineModel::IdRole, post);
        QVERIFY(card.isValid());
        QTRY_COMPARE_WITH_TIMEOUT(card.data(models::TimelineModel::CommentCountRole).toLongLong(),
                                  1, kWaitMs);
        QSet<qint64> inlineIds;
        for (const QVariant &v : card.data(models::TimelineModel::InlineCommentsRole).toList())
            inlineIds.insert(v.toMap().value(QStringLiteral("id")).toLongLong());
        QVERIFY(!inlineIds.intersects(floor));
        QVERIFY(!idsIn(thread, M::IdRole).intersects(floor));
        QVERIFY(idsIn(thread, M::IdRole).contains(other));
        for (const qint64 id : floor)
            QVERIFY(!m_user->core.store()->containsComment(id));
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                const CacheContents c = readCache(m_user->cachePath, post);
                return c.ok && !c.commentRows.intersects(floor) &&
                       !c.inlineComments.intersects(floor) && c.commentRows.contains(other) &&
                       c.commentCount == 1;
            }(),
            kWaitMs);

        // Unhide (an optional reason): back at the user's, in the file too.
        ui::ReasonDialog::setPrompt([](const QString &, const QString &, bool required) {
            return required ? std::nullopt : std::optional<QString>(QStringLiteral("已核实，恢复"));
        });
        m_mod->window->threadView()->requestModeration(rowOf(modThread, M::IdRole, root));
        QVERIFY(!rowOf(modThread, M::IdRole, root).data(M::HiddenRole).toBool());
        QVERIFY(drained(*m_mod));
        QVERIFY(syncOnce(*m_user));
        QTRY_VERIFY2_WITH_TIMEOUT(
            idsIn(thread, M::IdRole).contains(floor),
            qPrintable(dump(thread) + QStringLiteral(" store:%1%2%3")
                                          .arg(m_user->core.store()->containsComment(root))
                                          .arg(m_user->core.store()->containsComment(r1))
                                          .arg(m_user->core.store()->containsComment(r2))),
            kWaitMs);
        QTRY_COMPARE_WITH_TIMEOUT(card.data(models::TimelineModel::CommentCountRole).toLongLong(),
                                  4, kWaitMs);
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                const CacheContents c = readCache(m_user->cachePath, post);
                return c.commentRows.contains(floor) && c.commentCount == 4;
            }(),
            kWaitMs);

        // The log: both actions, with their reasons.
        const QJsonArray log = m_mh->get(QStringLiteral("/api/v1/moderation/log?limit=10")).items();
        QStringList seen;
        for (const QJsonValue &v : log)
            if (v[QStringLiteral("targetId")].toInteger() == root)
                seen << v[QStringLiteral("action")].toString() + QLatin1Char(':') +
                            v[QStringLiteral("reason")].toString();
        QCOMPARE(seen, (QStringList{QStringLiteral("unhide:已核实，恢复"),
                                    QStringLiteral("hide:卖书广告")}));
    }

    void hiddenPostLeavesTheUsersTimelineAndCacheFile()
    {
        const qint64 post = create(QStringLiteral("qianqi"), QStringLiteral("/api/v1/posts"),
                                   {{"content", "低价出售演唱会门票，先付款后发票"}});
        QVERIFY(post > 0);
        QVERIFY(create(QStringLiteral("zhangsan"),
                       QStringLiteral("/api/v1/posts/%1/comments").arg(post),
                       {{"content", "多少钱？"}}) > 0);
        for (Person *p : {m_user.get(), m_mod.get()}) {
            p->window->showPage(MainWindow::Page::All);
            p->window->reload();
        }
        models::TimelineModel *all = m_user->window->timelineModel(MainWindow::Page::All);
        models::TimelineModel *modAll = m_mod->window->timelineModel(MainWindow::Page::All);
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(all, models::TimelineModel::IdRole, post).isValid(),
                                 kWaitMs);
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(modAll, models::TimelineModel::IdRole, post).isValid(),
                                 kWaitMs);
        QTRY_VERIFY_WITH_TIMEOUT(readCache(m_user->cachePath, post).commentCount == 1, kWaitMs);

        // The moderator: Hide post… on the card, with a reason; greyed and marked at once.
        ui::TimelineView *modTimeline = m_mod->window->timelineView(MainWindow::Page::All);
        const QModelIndex card = rowOf(modAll, models::TimelineModel::IdRole, post);
        std::unique_ptr<QMenu> menu(modTimeline->createContextMenu(card));
        QAction *hide = menu->findChild<QAction *>(QStringLiteral("hidePost"));
        QVERIFY(hide);
        ui::ReasonDialog::setPrompt([](const QString &, const QString &, bool required) {
            return required ? std::optional<QString>(QStringLiteral("疑似诈骗")) : std::nullopt;
        });
        hide->trigger();
        QVERIFY(card.data(models::TimelineModel::HiddenRole).toBool());
        QCOMPARE(card.data(models::TimelineModel::ModerationReasonRole).toString(),
                 QStringLiteral("疑似诈骗"));
        QVERIFY(drained(*m_mod));
        QVERIFY(rowOf(modAll, models::TimelineModel::IdRole, post).isValid()); // still there
        {
            m_mod->window->show();
            QVERIFY(QTest::qWaitForWindowExposed(m_mod->window.get()));
            modTimeline->scrollTo(rowOf(modAll, models::TimelineModel::IdRole, post),
                                  QAbstractItemView::PositionAtTop);
            QCoreApplication::processEvents();
            QVERIFY(
                m_mod->window->grab().save(QDir(test::artifactDir(QStringLiteral("moderation")))
                                               .filePath(QStringLiteral("hidden-post-en.png"))));
            m_mod->window->hide();
        }

        // The user: gone from All, from the store and from the file, its comment with it.
        QVERIFY(syncOnce(*m_user));
        QTRY_VERIFY_WITH_TIMEOUT(!rowOf(all, models::TimelineModel::IdRole, post).isValid(),
                                 kWaitMs);
        QVERIFY(!m_user->core.store()->containsPost(post));
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                const CacheContents c = readCache(m_user->cachePath, post);
                return c.ok && c.commentCount == -1 && c.commentRows.isEmpty();
            }(),
            kWaitMs);

        // Unhide: the user reads it again after the next refresh (it is a list entry again).
        ui::ReasonDialog::setPrompt([](const QString &, const QString &, bool required) {
            return required ? std::nullopt : std::optional<QString>(QStringLiteral("核实后恢复"));
        });
        std::unique_ptr<QMenu> again(modTimeline->createContextMenu(card));
        QAction *unhide = again->findChild<QAction *>(QStringLiteral("unhidePost"));
        QVERIFY(unhide);
        unhide->trigger();
        QVERIFY(!card.data(models::TimelineModel::HiddenRole).toBool());
        QVERIFY(drained(*m_mod));
        QVERIFY(syncOnce(*m_user));
        m_user->window->reload();
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(all, models::TimelineModel::IdRole, post).isValid(),
                                 kWaitMs);
    }

    void aRefusedHideIsTakenBackInWords()
    {
        const qint64 post = create(QStringLiteral("wangwu"), QStringLiteral("/api/v1/posts"),
                                   {{"content", "今天的晚霞真好看"}});
        Client author(m_server.baseUrl());
        QVERIFY(!author.login(QStringLiteral("mazi")).isEmpty());
        const qint64 c = author
                             .post(QStringLiteral("/api/v1/posts/%1/comments").arg(post),
                                   QJsonObject{{"content", "同感"}})
                             .obj()
                             .value(QStringLiteral("id"))
                             .toInteger();
        QVERIFY(c > 0);
        M *thread = openThread(*m_mod, post);
        QVERIFY(thread);
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(thread, M::IdRole, c).isValid(), kWaitMs);
        // Its author deletes it before the moderator's hide arrives.
        QCOMPARE(author.del(QStringLiteral("/api/v1/comments/%1").arg(c)).status, 204);
        QSignalSpy failed(m_mod->core.actions(), &core::Actions::actionFailed);
        QVERIFY(m_mod->core.actions()->moderate(core::TargetType::Comment, c, true,
                                                QStringLiteral("广告")) != 0);
        QVERIFY(rowOf(thread, M::IdRole, c).data(M::HiddenRole).toBool()); // at once
        QVERIFY(failed.wait(kWaitMs));
        QVERIFY2(failed.at(0).at(0).toString().contains(QStringLiteral("麻子")),
                 qPrintable(failed.at(0).at(0).toString()));
        // taken back: no longer marked hidden (the next sync removes the deleted comment)
        const QModelIndex row = rowOf(thread, M::IdRole, c);
        QVERIFY(!row.isValid() || !row.data(M::HiddenRole).toBool());
        for (const core::OutboxEntry &e : m_mod->core.outbox()->failedEntries())
            m_mod->core.outbox()->discard(e.id);
    }

    void wordListCommentIsPublishedAndQueuedAutoFlagged()
    {
        // The user writes a comment with a word of the built-in list through the outbox.
        const qint64 post = create(QStringLiteral("zhangsan"), QStringLiteral("/api/v1/posts"),
                                   {{"content", "求推荐好用的记账软件"}});
        QVERIFY(post > 0);
        QVERIFY(openThread(*m_user, post) || true); // a post with no comments yet: no rows
        const qint64 local = m_user->core.actions()->comment(
            post, 0, QStringLiteral("想涨粉？buy followers 找我，一千只要十块"));
        QVERIFY(local < 0);
        QVERIFY(drained(*m_user));
        // Published at once: another person reads it.
        Client reader(m_server.baseUrl());
        QVERIFY(!reader.login(QStringLiteral("mazi")).isEmpty());
        const QJsonArray roots = reader.get(QStringLiteral("/api/v1/posts/%1/comments").arg(post))
                                     .obj()
                                     .value(QStringLiteral("roots"))
                                     .toArray();
        QCOMPARE(roots.size(), 1);
        const qint64 id = roots.at(0)[QStringLiteral("id")].toInteger();
        // …and in the moderator's queue, on top, auto-flagged by the word, with no report.
        models::ModerationQueueModel *queue = openQueue(*m_mod);
        QVERIFY(queue);
        const QModelIndex item = queue->index(0, 0);
        QCOMPARE(item.data(Q::TargetIdRole).toLongLong(), id);
        QVERIFY(item.data(Q::AutoFlaggedRole).toBool());
        QCOMPARE(item.data(Q::AutoFlagWordRole).toString(), QStringLiteral("buy followers"));
        QCOMPARE(item.data(Q::ReportCountRole).toLongLong(), 0);
        auto *view = m_mod->window->findChild<ui::ModerationView *>();
        const QStringList card = view->cardTexts(item, 600);
        QVERIFY2(card.join(QLatin1Char('\n')).contains(QStringLiteral("buy followers")),
                 qPrintable(card.join(QLatin1Char('\n'))));
        // The moderator dismisses it with a reason: the log says so.
        QSignalSpy done(view->queueFeed(ui::ModerationView::Tab::Open),
                        &models::ModerationQueueFeed::actionCompleted);
        const qint64 itemId = item.data(Q::IdRole).toLongLong();
        QVERIFY(view->queueFeed(ui::ModerationView::Tab::Open)
                    ->dismiss(itemId, QStringLiteral("玩笑话，不处理")) != 0);
        QVERIFY(done.wait(kWaitMs));
        const QJsonObject entry =
            m_mh->get(QStringLiteral("/api/v1/moderation/log?action=dismiss&limit=1"))
                .items()
                .at(0)
                .toObject();
        QCOMPARE(entry.value(QStringLiteral("targetId")).toInteger(), id);
        QCOMPARE(entry.value(QStringLiteral("reason")).toString(),
                 QStringLiteral("玩笑话，不处理"));
    }

    void ordinaryUsersHaveNoModerationAnywhere()
    {
        // No page, no menu entries on posts or comments.
        auto *nav = m_user->window->findChild<QListWidget *>(QStringLiteral("navigation"));
        for (int i = 0; i < nav->count(); ++i)
            QVERIFY(nav->item(i)->text() != QStringLiteral("Moderation"));
        ui::TimelineView *timeline = m_user->window->timelineView(MainWindow::Page::All);
        models::TimelineModel *all = m_user->window->timelineModel(MainWindow::Page::All);
        QVERIFY(all->rowCount() > 0);
        for (int r = 0; r < std::min(all->rowCount(), 5); ++r) {
            std::unique_ptr<QMenu> menu(timeline->createContextMenu(all->index(r, 0)));
            QVERIFY(!menu->findChild<QAction *>(QStringLiteral("hidePost")));
            QVERIFY(!menu->findChild<QAction *>(QStringLiteral("unhidePost")));
        }
        ui::TimelineView *modTimeline = m_mod->window->timelineView(MainWindow::Page::All);
        models::TimelineModel *modAll = m_mod->window->timelineModel(MainWindow::Page::All);
        QTRY_VERIFY_WITH_TIMEOUT(modAll->rowCount() > 0, kWaitMs);
        std::unique_ptr<QMenu> modMenu(modTimeline->createContextMenu(modAll->index(0, 0)));
        QVERIFY(modMenu->findChild<QAction *>(QStringLiteral("hidePost")) ||
                modMenu->findChild<QAction *>(QStringLiteral("unhidePost")));

        // Every moderation endpoint: 403 to the user's token, and nothing changes.
        Client user(m_server.baseUrl());
        QVERIFY(!user.login(QStringLiteral("lisi")).isEmpty());
        const QJsonArray open =
            m_mh->get(QStringLiteral("/api/v1/moderation/queue?status=open")).items();
        QVERIFY(!open.isEmpty());
        const qint64 item = open.at(0)[QStringLiteral("id")].toInteger();
        const qint64 comment = [&] {
            for (const QJsonValue &v : open)
                if (v[QStringLiteral("targetType")].toString() == QStringLiteral("comment"))
                    return v[QStringLiteral("targetId")].toInteger();
            return qint64(0);
        }();
        const qint64 post = [&] {
            for (const QJsonValue &v : open)
                if (v[QStringLiteral("targetType")].toString() == QStringLiteral("post"))
                    return v[QStringLiteral("targetId")].toInteger();
            return qint64(0);
        }();
        QVERIFY(comment > 0 && post > 0); // the demo's queue has both
        const QByteArray logBefore = m_mh->get(QStringLiteral("/api/v1/moderation/log")).body;
        const QByteArray queueBefore =
            m_mh->get(QStringLiteral("/api/v1/moderation/queue?status=open")).body;
        const QByteArray devicesBefore = m_mh->get(QStringLiteral("/api/v1/devices")).body;
        const QJsonObject reason{{"reason", "x"}};
        const QList<test::HttpResult> answers = {
            user.get(QStringLiteral("/api/v1/moderation/queue")),
            user.get(QStringLiteral("/api/v1/moderation/queue?status=closed")),
            user.post(QStringLiteral("/api/v1/moderation/comments/%1/hide").arg(comment), reason),
            user.post(QStringLiteral("/api/v1/moderation/comments/%1/unhide").arg(comment), reason),
            user.post(QStringLiteral("/api/v1/moderation/posts/%1/hide").arg(post), reason),
            user.post(QStringLiteral("/api/v1/moderation/posts/%1/unhide").arg(post), reason),
            user.post(QStringLiteral("/api/v1/moderation/items/%1/dismiss").arg(item), reason),
            user.get(QStringLiteral("/api/v1/moderation/log")),
            user.get(QStringLiteral("/api/v1/moderation/stats")),
            user.get(QStringLiteral("/api/v1/moderation/stats/users/10002?month=2026-11")),
            user.put(QStringLiteral("/api/v1/devices"),
                     QJsonObject{{"raw", "x1"}, {"display", "y"}}),
        };
        for (const test::HttpResult &r : answers) {
            QVERIFY2(r.status == 403, r.describe().constData());
            QCOMPARE(r.errorCode(), QStringLiteral("forbidden"));
        }
        QCOMPARE(m_mh->get(QStringLiteral("/api/v1/moderation/log")).body, logBefore);
        QCOMPARE(m_mh->get(QStringLiteral("/api/v1/moderation/queue?status=open")).body,
                 queueBefore);
        QCOMPARE(m_mh->get(QStringLiteral("/api/v1/devices")).body, devicesBefore);
    }

    void theLogHoldsEveryActionWithItsReason()
    {
        // The window's log page against the server's own log, line by line.
        m_mod->window->showPage(MainWindow::Page::Moderation);
        auto *view = m_mod->window->findChild<ui::ModerationView *>();
        QVERIFY(view);
        QSignalSpy loaded(view->logFeed(), &models::ModerationLogFeed::loaded);
        view->setCurrentTab(ui::ModerationView::Tab::Log);
        view->refresh();
        QVERIFY(loaded.count() > 0 || loaded.wait(kWaitMs));
        const QJsonArray server =
            m_mh->get(QStringLiteral("/api/v1/moderation/log?limit=50")).items();
        models::ModerationLogModel *log = view->logModel();
        QTRY_VERIFY_WITH_TIMEOUT(log->rowCount() >= std::min<qsizetype>(server.size(), 20),
                                 kWaitMs);
        int reasons = 0;
        for (int r = 0; r < std::min(log->rowCount(), int(server.size())); ++r) {
            const QJsonObject s = server.at(r).toObject();
            const QModelIndex i = log->index(r, 0);
            QCOMPARE(i.data(models::ModerationLogModel::IdRole).toLongLong(),
                     s.value(QStringLiteral("id")).toInteger());
            QCOMPARE(i.data(models::ModerationLogModel::ReasonRole).toString(),
                     s.value(QStringLiteral("reason")).toString());
            if (!s.value(QStringLiteral("reason")).toString().isEmpty())
                ++reasons;
        }
        // the demo's history (3 hides, an unhide, a dismiss) and this suite's three actions
        QVERIFY2(server.size() >= 8, qPrintable(QString::number(server.size())));
        QCOMPARE(reasons, std::min(log->rowCount(), int(server.size())));
    }

    void cleanupTestCase()
    {
        m_mh.reset();
        m_mod.reset();
        m_user.reset();
    }
};

QTEST_MAIN(TstQaModeration)
#include "tst_qamoderation.moc"

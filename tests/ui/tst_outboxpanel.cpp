// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tst_outboxpanel: the outbox panel, the QA panel and their place in the main window, offscreen,
// against the real server — every queued action in words with its state; Retry now sends a
// waiting entry at once; Discard asks first (answered here programmatically) and rolls the
// optimistic like back in the post store; a permanently failed entry (a comment on a post that
// does not exist: 404) stays listed as failed with its sentence and can be retried or
// discarded; Discard all failed; the replay report after an offline period names what failed
// and stays until dismissed; a fault set in the QA panel changes the next request (error rate
// 1 → the injected 503; 0 → it goes through); the status bar's count opens the panel and the
// status bar says when faults are on; screenshots of the panel in zh_CN and en (in the test's
// temporary directory, or in $THREADLINE_OUTBOX_SHOTS when set).
#include "actions.h"
#include "appcore.h"
#include "faultcontrol.h"
#include "feeds.h"
#include "i18n.h"
#include "net/apiclient.h"
#include "outbox/outbox.h"
#include "outboxmodel.h"
#include "poststore.h"
#include "testserver.h"
#include "window/mainwindow.h"
#include "window/outboxpanel.h"
#include "window/qapanel.h"
#include "wire/jsoncodec.h"

#include <QApplication>
#include <QCheckBox>
#include <QDateTime>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTreeView>

#include <memory>

using namespace threadline;
using models::OutboxModel;
using test::Client;
using test::TestServer;
using ui::OutboxPanel;

namespace {
constexpr int kWaitMs = 20000;
constexpr qint64 kMissingPost = 987654321;
const QString kApi = QStringLiteral("/api/v1");

// zhangsan's client side: the core objects the window would give the panel, and the panel.
struct Side
{
    core::ApiClient api;
    core::PostStore store;
    core::Outbox outbox{&api};
    core::Actions actions{&outbox, &store};
    std::unique_ptr<threadline::models::Feeds> feeds;
    std::unique_ptr<OutboxPanel> panel;
    QStringList questions; // asked before a discard
    bool answer = true;

    Side(const QUrl &base, const QString &token, const QString &path)
    {
        api.setBaseUrl(base);
        api.setToken(token);
        outbox.setLikeDelayMs(100);
        outbox.setBackoff(20, 200);
        QSignalSpy opened(&outbox, &core::Outbox::opened);
        outbox.open(path);
        if (!opened.wait(kWaitMs) || !opened.at(0).at(0).toBool())
            qFatal("the outbox did not open");
        actions.setMe(core::UserBrief{10001, QStringLiteral("张三"), QString()});
        feeds = std::make_unique<threadline::models::Feeds>(
            threadline::models::Feeds::Parts{&api, nullptr, &store, &outbox, &actions});
        panel = std::make_unique<OutboxPanel>(feeds.get());
        panel->setConfirmation([this](const QString &question, const QString &) {
            questions << question;
            return answer;
        });
        panel->resize(900, 380);
        panel->show();
    }
    bool load(Client &c, qint64 postId)
    {
        const auto p = core::decodePost(c.get(kApi + QStringLiteral("/posts/%1").arg(postId)).body);
        if (!p.ok())
            return false;
        store.upsertPost(p.value());
        return true;
    }
    [[nodiscard]] QString text(int row, int column) const
    {
        return panel->model()->index(row, column).data().toString();
    }
};

QString plain(QString s)
{
    return s.remove(QChar(0x2068)).remove(QChar(0x2069));
}
} // namespace

class TstOutboxPanel : public QObject
{
    Q_OBJECT

private:
    TestServer m_server;
    QTemporaryDir m_tmp;
    Client m_me{QUrl()};
    Client m_wangwu{QUrl()};

    qint64 newPost(const QString &content)
    {
        return m_wangwu
            .post(kApi + QStringLiteral("/posts"),
                  QJsonObject{{QStringLiteral("content"), content}})
            .obj()
            .value(QStringLiteral("id"))
            .toInteger();
    }
    QString path(const QString &name) const { return m_tmp.filePath(name); }
    QString shotsDir() const
    {
        const QString env = qEnvironmentVariable("THREADLINE_OUTBOX_SHOTS");
        return env.isEmpty() ? m_tmp.filePath(QStringLiteral("shots")) : env;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        QVERIFY2(m_server.start(), m_server.stderrLog().right(2000).constData());
        m_me.setBaseUrl(m_server.baseUrl());
        QVERIFY(!m_me.login(QStringLiteral("zhangsan")).isEmpty());
        m_wangwu.setBaseUrl(m_server.baseUrl());
        QVERIFY(!m_wangwu.login(QStringLiteral("wangwu")).isEmpty());
        installTranslations(*qApp, QLocale(QStringLiteral("en")));
    }

    void listsEntriesInWordsAndStates()
    {
        const qint64 post = newPost(QStringLiteral("listed"));
        Side s(m_server.baseUrl(), m_me.token(), path(QStringLiteral("list.sqlite")));
        QVERIFY(s.load(m_me, post));
        QCOMPARE(s.panel->summaryText(), QStringLiteral("Everything is saved"));
        s.api.setOffline(true);
        s.actions.togglePostLike(post);
        s.actions.comment(post, 0, QStringLiteral("said offline"));
        QTRY_COMPARE(s.panel->model()->rowCount(), 2);
        QCOMPARE(s.panel->view()->model(), s.panel->model());
        QCOMPARE(plain(s.text(0, 0)), QStringLiteral("Like on 王五's post"));
        QCOMPARE(plain(s.text(1, 0)), QStringLiteral("Comment on 王五's post: “said offline”"));
        QCOMPARE(s.text(0, 1), QStringLiteral("Waiting for the network (offline)"));
        QCOMPARE(s.text(1, 1), QStringLiteral("Waiting for the network (offline)"));
        QTRY_COMPARE(s.panel->summaryText(), QStringLiteral("2 changes waiting"));
        // Nothing selected: nothing to retry or discard.
        QVERIFY(!s.panel->retryButton()->isEnabled());
        QVERIFY(!s.panel->discardFailedButton()->isEnabled());
        QVERIFY(s.panel->selectEntry(s.panel->model()->entryId(0)));
        QVERIFY(s.panel->retryButton()->isEnabled());
        QVERIFY(s.panel->discardButton()->isEnabled());
        // Back online they are sent, and the list empties.
        s.api.setOffline(false);
        QTRY_COMPARE_WITH_TIMEOUT(s.panel->model()->rowCount(), 0, kWaitMs);
        QVERIFY(!s.panel->retryButton()->isEnabled());
    }

    void retryNowSendsAWaitingEntryAtOnce()
    {
        const qint64 post = newPost(QStringLiteral("retried now"));
        Side s(m_server.baseUrl(), m_me.token(), path(QStringLiteral("retry.sqlite")));
        QVERIFY(s.load(m_me, post));
        s.outbox.setLikeDelayMs(600000); // only Retry now sends it within the test
        s.actions.togglePostLike(post);
        QTRY_COMPARE(s.panel->model()->rowCount(), 1);
        QCOMPARE(s.panel->model()->state(0), OutboxModel::State::LikeDelay);
        QVERIFY(s.text(0, 1).startsWith(QStringLiteral("Waiting for the like delay: sent in ")));
        QSignalSpy completed(&s.outbox, &core::Outbox::completed);
        QVERIFY(s.panel->selectEntry(s.panel->model()->entryId(0)));
        QTest::mouseClick(s.panel->retryButton(), Qt::LeftButton);
        QVERIFY(completed.wait(kWaitMs));
        QTRY_COMPARE(s.panel->model()->rowCount(), 0);
        QVERIFY(s.store.post(post)->liked);
        QVERIFY(m_me.get(kApi + QStringLiteral("/posts/%1").arg(post))
                    .obj()
                    .value(QStringLiteral("liked"))
                    .toBool());
    }

    void discardAsksThenRollsTheLikeBack()
    {
        const qint64 post = newPost(QStringLiteral("discarded"));
        Side s(m_server.baseUrl(), m_me.token(), path(QStringLiteral("discard.sqlite")));
        QVERIFY(s.load(m_me, post));
        s.outbox.setLikeDelayMs(600000);
        s.actions.togglePostLike(post);
        QTRY_COMPARE(s.panel->model()->rowCount(), 1);
        QVERIFY(s.store.post(post)->liked);
        QCOMPARE(s.store.post(post)->likeCount, 1);
        QVERIFY(s.panel->selectEntry(s.panel->model()->entryId(0)));
        // No: nothing happens.
        s.answer = false;
        QTest::mouseClick(s.panel->discardButton(), Qt::LeftButton);
        QCOMPARE(s.questions, QStringList{QStringLiteral("Discard this change?")});
        QCOMPARE(s.outbox.pendingCount(), 1);
        // Yes: gone, and the like shows as the server has it.
        s.answer = true;
        QTest::mouseClick(s.panel->discardButton(), Qt::LeftButton);
        QCOMPARE(s.questions.size(), 2);
        QCOMPARE(s.outbox.pendingCount(), 0);
        QVERIFY(!s.store.post(post)->liked);
        QCOMPARE(s.store.post(post)->likeCount, 0);
        QTRY_COMPARE(s.panel->model()->rowCount(), 0);
    }

    void failedEntryStaysAndCanBeRetriedOrDiscarded()
    {
        Side s(m_server.baseUrl(), m_me.token(), path(QStringLiteral("failed.sqlite")));
        QSignalSpy told(&s.actions, &core::Actions::actionFailed);
        s.actions.comment(kMissingPost, 0, QStringLiteral("on nothing"));
        QVERIFY(told.wait(kWaitMs));
        const QString sentence =
            QStringLiteral("Your comment on a post could not be saved: the post was deleted");
        QCOMPARE(told.at(0).at(0).toString(), sentence);
        QTRY_COMPARE(s.panel->model()->failedCount(), 1);
        QCOMPARE(s.panel->model()->state(0), OutboxModel::State::Failed);
        QCOMPARE(s.text(0, 1), QStringLiteral("Failed: ") + sentence);
        QCOMPARE(s.panel->summaryText(), QStringLiteral("1 change failed"));
        QVERIFY(s.panel->discardFailedButton()->isEnabled());

        // Retry now: sent again (the server says 404 again), listed as failed again.
        const qsizetype mark = m_server.stderrLog().size();
        QVERIFY(s.panel->selectEntry(s.panel->model()->entryId(0)));
        QTest::mouseClick(s.panel->retryButton(), Qt::LeftButton);
        QVERIFY(told.wait(kWaitMs));
        QVERIFY(m_server.stderrLog().mid(mark).contains(QByteArray("POST /api/v1/posts/") +
                                                        QByteArray::number(kMissingPost) +
                                                        "/comments 404"));
        QTRY_COMPARE(s.panel->model()->failedCount(), 1);

        // Discard: asked, then gone.
        QVERIFY(s.panel->selectEntry(s.panel->model()->entryId(0)));
        QTest::mouseClick(s.panel->discardButton(), Qt::LeftButton);
        QCOMPARE(s.questions.size(), 1);
        QCOMPARE(s.outbox.failedCount(), 0);
        QTRY_COMPARE(s.panel->model()->rowCount(), 0);
        QVERIFY(!s.panel->discardFailedButton()->isEnabled());
    }

    void discardAllFailed()
    {
        const qint64 post = newPost(QStringLiteral("kept waiting"));
        Side s(m_server.baseUrl(), m_me.token(), path(QStringLiteral("all.sqlite")));
        QVERIFY(s.load(m_me, post));
        QSignalSpy told(&s.actions, &core::Actions::actionFailed);
        s.actions.comment(kMissingPost, 0, QStringLiteral("one"));
        s.actions.comment(kMissingPost + 1, 0, QStringLiteral("two"));
        QTRY_COMPARE_WITH_TIMEOUT(told.size(), 2, kWaitMs);
        s.outbox.setLikeDelayMs(600000);
        s.actions.togglePostLike(post); // waiting: not concerned
        QTRY_COMPARE(s.panel->model()->rowCount(), 3);
        QTRY_VERIFY(s.panel->discardFailedButton()->isEnabled());
        QTest::mouseClick(s.panel->discardFailedButton(), Qt::LeftButton);
        QCOMPARE(s.questions, QStringList{QStringLiteral("Discard 2 failed changes?")});
        QCOMPARE(s.outbox.failedCount(), 0);
        QCOMPARE(s.outbox.pendingCount(), 1);
        QTRY_COMPARE(s.panel->model()->rowCount(), 1);
        QCOMPARE(s.panel->model()->state(0), OutboxModel::State::LikeDelay);
    }

    void replayReportAfterAnOfflinePeriod()
    {
        const qint64 kept = newPost(QStringLiteral("still here"));
        const qint64 gone = newPost(QStringLiteral("deleted while offline"));
        Side s(m_server.baseUrl(), m_me.token(), path(QStringLiteral("replay.sqlite")));
        QVERIFY(s.load(m_me, kept));
        QVERIFY(s.load(m_me, gone));
        s.api.setOffline(true);
        s.actions.togglePostLike(kept);
        s.actions.comment(kept, 0, QStringLiteral("first"));
        s.actions.comment(gone, 0, QStringLiteral("too late"));
        QCOMPARE(m_wangwu.del(kApi + QStringLiteral("/posts/%1").arg(gone)).status, 204);
        QSignalSpy report(s.panel.get(), &OutboxPanel::replayReportChanged);
        s.api.setOffline(false);
        QVERIFY(report.wait(kWaitMs));
        const QString expected =
            QStringLiteral("2 changes saved; 1 could not be:\n"
                           "Your comment on 王五's post could not be saved: the post was deleted");
        QCOMPARE(report.at(0).at(0).toString(), expected);
        QCOMPARE(s.panel->replayReport(), expected);
        // Kept until dismissed.
        QTRY_COMPARE_WITH_TIMEOUT(s.outbox.pendingCount(), 0, kWaitMs);
        QCOMPARE(s.panel->replayReport(), expected);
        auto *close = s.panel->findChild<QToolButton *>(QStringLiteral("dismissStatus"));
        QVERIFY(close);
        QTest::mouseClick(close, Qt::LeftButton);
        QCOMPARE(s.panel->replayReport(), QString());
        QCOMPARE(report.last().at(0).toString(), QString());
    }

    void faultSetInTheQaPanelChangesTheNextRequest()
    {
        core::ApiClient api;
        api.setBaseUrl(m_server.baseUrl());
        api.setToken(m_me.token());
        api.setRetryPolicy({1, 10, 10}); // one attempt: the next request is this one
        threadline::models::FaultControl faults(&api);
        ui::QaPanel qa(&faults);
        qa.show();
        const auto next = [&]() -> core::ApiError {
            core::ApiReply *reply = api.get(kApi + QStringLiteral("/posts/90012"), this);
            QSignalSpy finished(reply, &core::ApiReply::finished);
            if (!finished.wait(kWaitMs))
                return core::ApiError::decode(QStringLiteral("no answer"));
            return reply->error();
        };
        QVERIFY(next().ok());
        qa.errorBox()->setValue(1.0);
        QCOMPARE(api.faultConfig().errorRate, 1.0);
        const core::ApiError injected = next();
        QCOMPARE(injected.status, 503);
        QCOMPARE(injected.code, QStringLiteral("fault_injected"));
        QCOMPARE(ui::faultsStatusText(api.faultConfig()),
                 QStringLiteral("Faults on: 100 % errors"));
        qa.errorBox()->setValue(0.0);
        QVERIFY(!api.faultConfig().isActive());
        QVERIFY(next().ok());

        // The --faults grammar, both ways.
        QVERIFY(qa.applySpec(QStringLiteral("latency=300,error=0.3,drop=0.05")));
        QCOMPARE(qa.latencyBox()->value(), 300);
        QCOMPARE(qa.errorBox()->value(), 0.3);
        QCOMPARE(qa.dropBox()->value(), 0.05);
        QCOMPARE(ui::faultsStatusText(api.faultConfig()),
                 QStringLiteral("Faults on: 30 % errors, 5 % dropped, 300 ms latency"));
        auto *hint = qa.findChild<QLabel *>(QStringLiteral("faultSpecError"));
        QVERIFY(hint && hint->isHidden());
        QVERIFY(!qa.applySpec(QStringLiteral("error=2")));
        QVERIFY(hint->isVisible());
        QCOMPARE(api.faultConfig().errorRate, 0.3); // unchanged
        QVERIFY(qa.applySpec(QStringLiteral("off")));
        QVERIFY(!api.faultConfig().isActive());
        QCOMPARE(qa.errorBox()->value(), 0.0);
        // Set elsewhere (the command line): the panel shows it.
        api.setFaultConfig(core::FaultConfig{0, 0.5, 0});
        QCOMPARE(qa.errorBox()->value(), 0.5);
        QCOMPARE(qa.specEdit()->text(), api.faultConfig().toString());
        // The offline switch.
        qa.offlineBox()->setChecked(true);
        QVERIFY(api.isOffline());
        api.setOffline(false);
        QVERIFY(!qa.offlineBox()->isChecked());
    }

    void theWindowOpensThePanelAndSaysWhenFaultsAreOn()
    {
        core::AppCore core;
        core.setServer(m_server.baseUrl());
        threadline::models::Feeds windowFeeds(
            {core.api(), core.cache(), core.store(), core.outbox(), core.actions()});
        ui::MainWindow window(&core, &windowFeeds);
        window.resize(1000, 700);
        window.show();
        QVERIFY(window.outboxDock()->isHidden());
        // The status bar's count is a button that opens the panel.
        core.setOffline(true);
        QToolButton *count = window.outboxStatusButton();
        QTRY_VERIFY(count->isVisible());
        QCOMPARE(count->text(), QStringLiteral("Offline"));
        QTest::mouseClick(count, Qt::LeftButton);
        QVERIFY(window.outboxDock()->isVisible());
        QCOMPARE(window.outboxDock()->widget(), window.outboxPanel());
        window.outboxDock()->hide();
        // The View menu and its shortcut.
        QAction *open = nullptr;
        for (QAction *a : window.menuBar()->actions().at(1)->menu()->actions())
            if (a->shortcut() == QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Q))
                open = a;
        QVERIFY(open);
        QCOMPARE(open->text(), QStringLiteral("Out&box: changes waiting"));
        open->trigger();
        QVERIFY(window.outboxDock()->isVisible());
        core.setOffline(false);

        // The QA panel, and the status bar while faults are on.
        QVERIFY(window.faultStatus().isEmpty());
        window.setQaPanelVisible(true);
        QVERIFY(window.qaDock()->isVisible());
        window.qaPanel()->errorBox()->setValue(0.3);
        QCOMPARE(window.faultStatus(), QStringLiteral("Faults on: 30 % errors"));
        auto *label = window.findChild<QLabel *>(QStringLiteral("faultStatus"));
        QVERIFY(label && label->isVisible());
        QVERIFY(QDir().mkpath(shotsDir()));
        QVERIFY(window.grab().save(QDir(shotsDir()).filePath(QStringLiteral("window-docks.png"))));
        window.qaPanel()->errorBox()->setValue(0);
        QCOMPARE(window.faultStatus(), QString());
        QVERIFY(label->isHidden());
    }

    void screenshots_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
        QTest::newRow("en") << QStringLiteral("en");
    }

    void screenshots()
    {
        QFETCH(QString, lang);
        installTranslations(*qApp, QLocale(lang));
        const qint64 post = newPost(QStringLiteral("截图"));
        Side s(m_server.baseUrl(), m_me.token(), path(QStringLiteral("shot-%1.sqlite").arg(lang)));
        QVERIFY(s.load(m_me, post));
        // A failed comment, a waiting like, a reply waiting for its comment, a retry after a 503,
        // and the replay report.
        QSignalSpy told(&s.actions, &core::Actions::actionFailed);
        s.actions.comment(kMissingPost, 0, QStringLiteral("这条评论的动态已经不在了"));
        QVERIFY(told.wait(kWaitMs));
        s.outbox.setLikeDelayMs(45000);
        s.actions.togglePostLike(post);
        // 李四's comment, answered while the server answers 503.
        Client lisi(m_server.baseUrl());
        QVERIFY(!lisi.login(QStringLiteral("lisi")).isEmpty());
        const auto root = core::decodeComment(
            QJsonValue(lisi.post(kApi + QStringLiteral("/posts/%1/comments").arg(post),
                                 QJsonObject{{QStringLiteral("content"), QStringLiteral("好看！")}})
                           .obj()));
        QVERIFY(root.ok());
        s.store.upsertComment(root.value());
        s.outbox.setBackoff(600000, 600000);
        s.outbox.setRandomSeed(7);
        s.api.setFaultConfig(core::FaultConfig{0, 1.0, 0});
        s.actions.comment(post, root.value().id, QStringLiteral("同意，服务器出错时写的回复"));
        // Its retry is minutes away (the backoff's jitter may pick a short one: then again).
        QTRY_VERIFY_WITH_TIMEOUT(
            s.panel->model()->rowCount() == 3 &&
                s.panel->model()->state(2) == OutboxModel::State::RetryLater &&
                s.panel->model()->index(2, 0).data(OutboxModel::DueAtRole).toLongLong() >
                    QDateTime::currentMSecsSinceEpoch() + 30000,
            kWaitMs);
        s.panel->showReplayReport(core::Outbox::replayReport(
            12, {s.outbox.failedEntries().at(0).failure,
                 QCoreApplication::translate("threadline::core::Outbox",
                                             "Your post could not be published: %1")
                     .arg(QCoreApplication::translate("threadline::core::Outbox",
                                                      "picture %1 is too large")
                              .arg(2))}));
        QTRY_COMPARE(s.panel->model()->rowCount(), 3);
        QVERIFY(s.panel->selectEntry(s.panel->model()->entryId(0)));
        if (lang == QLatin1String("zh_CN")) {
            QVERIFY2(s.panel->retryButton()->text().contains(QStringLiteral("重试")),
                     qPrintable(s.panel->retryButton()->text()));
            QVERIFY(!s.text(0, 1).startsWith(QStringLiteral("Failed")));
        }
        if (lang == QLatin1String("en"))
            QVERIFY2(s.text(2, 0).contains(QStringLiteral("Reply to ")) &&
                         s.text(2, 1).contains(QStringLiteral(" s after “")),
                     qPrintable(s.text(2, 0) + QLatin1Char('|') + s.text(2, 1)));
        QVERIFY(QDir().mkpath(shotsDir()));
        const QString file =
            QDir(shotsDir()).filePath(QStringLiteral("outbox-panel-%1.png").arg(lang));
        QVERIFY(s.panel->grab().save(file));
        qInfo("screenshot: %s", qPrintable(file));
        s.api.setFaultConfig({});
        installTranslations(*qApp, QLocale(QStringLiteral("en")));
    }
};

QTEST_MAIN(TstOutboxPanel)
#include "tst_outboxpanel.moc"

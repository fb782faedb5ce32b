// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tst_devicedialog: the moderators' "Device names" dialog (ui/DeviceDialog over
// models::DeviceTableModel / DeviceTableFeed) against the real threadline-server, offscreen —
// its rows are the server's GET /devices; Add, an edit of the display cell and Remove (asked
// first; Esc cancels the question) reach the server at once, marked Saving / Removing meanwhile,
// and each writes one `device` log entry; a change the server refuses (a 101-character display)
// is rolled back and said in words; the filter line; a post written in the app with
// THREADLINE_DEVICE set carries that raw model and shows the moderator's display name once it is
// mapped (never the raw string as a pending card); a user who is no moderator has no way to the
// dialog; screenshots in English and zh_CN (artifacts "devicedialog").
#include "account/session.h"
#include "appaccount.h"
#include "appcore.h"
#include "artifacts.h"
#include "dialogs/composedialog.h"
#include "feeds.h"
#include "i18n.h"
#include "moderation/devicedialog.h"
#include "moderation/devicetablemodel.h"
#include "moderation/moderationview.h"
#include "net/apiclient.h"
#include "poststore.h"
#include "testserver.h"
#include "timeline/timelinemodel.h"
#include "window/mainwindow.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTranslator>

#include <memory>

using namespace threadline;
using models::DeviceTableModel;
using test::Client;
using test::HttpResult;
using test::signIn;
using test::TestServer;
using ui::DeviceDialog;
using State = DeviceTableModel::State;

namespace {
constexpr int kWaitMs = 20000;
const QString kApi = QStringLiteral("/api/v1");

qint64 idOf(const QJsonValue &v)
{
    return v.toObject().value(QStringLiteral("id")).toInteger();
}

} // namespace

class TstDeviceDialog : public QObject
{
    Q_OBJECT

    TestServer m_server;
    QTemporaryDir m_dir;
    std::unique_ptr<Client> m_mod, m_lisi;
    int m_counter = 0;

    QString uniqueRaw(const QString &prefix)
    {
        return QStringLiteral("%1 TL-%2-%3")
            .arg(prefix)
            .arg(++m_counter)
            .arg(QDateTime::currentMSecsSinceEpoch());
    }
    // GET /devices as the server lists it: (raw, display) in order.
    QList<QPair<QString, QString>> serverTable()
    {
        QList<QPair<QString, QString>> out;
        const HttpResult r = m_lisi->get(kApi + "/devices");
        if (r.status != 200)
            qWarning() << "GET /devices:" << r.describe();
        for (const auto &v : r.items())
            out.append(
                {v.toObject().value("raw").toString(), v.toObject().value("display").toString()});
        return out;
    }
    QString serverDisplay(const QString &raw)
    {
        for (const auto &[r, d] : serverTable())
            if (r == raw)
                return d;
        return {};
    }
    qint64 topLogId()
    {
        const HttpResult r = m_mod->get(kApi + "/moderation/log?limit=1");
        return r.items().isEmpty() ? 0 : idOf(r.items().first());
    }
    // The `device` entries after `afterId`, newest first.
    QJsonArray deviceLogSince(qint64 afterId)
    {
        QJsonArray out;
        for (const auto &v : m_mod->get(kApi + "/moderation/log?action=device&limit=50").items())
            if (idOf(v) > afterId)
                out.append(v);
        return out;
    }
    QList<QPair<QString, QString>> dialogRows(const DeviceDialog &d)
    {
        QList<QPair<QString, QString>> out;
        for (int r = 0; r < d.model()->rowCount(); ++r)
            out.append({d.model()->entryAt(r)->raw, d.model()->entryAt(r)->display});
        return out;
    }
    core::AppCore::AccountOptions account(const QString &name)
    {
        return test::accountIn(QDir(m_dir.path()), name);
    }

    struct Side
    {
        core::ApiClient api;
        std::unique_ptr<threadline::models::Feeds> feeds;
        std::unique_ptr<DeviceDialog> dialog;
        std::unique_ptr<QAbstractItemModelTester> tester;
    };
    std::unique_ptr<Side> moderatorDialog()
    {
        auto s = std::make_unique<Side>();
        s->api.setBaseUrl(m_server.baseUrl());
        s->api.setToken(m_mod->token());
        s->feeds = std::make_unique<threadline::models::Feeds>(
            threadline::models::Feeds::Parts{&s->api, nullptr, nullptr, nullptr, nullptr});
        s->dialog = std::make_unique<DeviceDialog>(s->feeds.get());
        s->tester = std::make_unique<QAbstractItemModelTester>(
            s->dialog->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy loaded(s->dialog->feed(), &models::DeviceTableFeed::loaded);
        s->dialog->show();
        if (!QTest::qWaitForWindowExposed(s->dialog.get()) || !loaded.wait(kWaitMs))
            return nullptr;
        return s;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QApplication::setOrganizationName(QStringLiteral("ThreadlineTest"));
        QApplication::setApplicationName(QStringLiteral("tst_devicedialog"));
        QVERIFY2(m_server.start(), m_server.stderrLog().right(3000).constData());
        m_mod = std::make_unique<Client>(m_server.baseUrl());
        QVERIFY(!m_mod->login(QStringLiteral("moderator")).isEmpty());
        m_lisi = std::make_unique<Client>(m_server.baseUrl());
        QVERIFY(!m_lisi->login(QStringLiteral("lisi")).isEmpty());
    }

    // For docs/screenshots: the demo's table as a moderator first meets it, a pair being added.
    // First of the suite, before any test adds rows of its own.
    void demoTableScreenshots_data() { screenshots_data(); }
    void demoTableScreenshots()
    {
        QFETCH(QString, lang);
        if (lang == QLatin1String("zh_CN"))
            QVERIFY(installTranslations(*qApp, QLocale(QStringLiteral("zh_CN"))));
        auto s = moderatorDialog();
        QVERIFY(s);
        DeviceDialog &d = *s->dialog;
        d.resize(680, 460);
        QVERIFY(d.selectRow(d.model()->rowOf(QStringLiteral("oneplus a6000"))));
        d.rawEdit()->setText(QStringLiteral("thinkpad x1 carbon gen 11"));
        d.displayEdit()->setText(QStringLiteral("ThinkPad X1 Carbon"));
        const QString file = QDir(test::artifactDir(QStringLiteral("devicedialog")))
                                 .filePath(QStringLiteral("devicedialog-demo-%1.png").arg(lang));
        QVERIFY2(d.grab().save(file), qPrintable(file));
        installTranslations(*qApp, QLocale(QStringLiteral("en")));
    }

    void rowsAreTheServersTable()
    {
        // one entry of our own besides the demo's, in upper case: the dialog lists it lower-cased
        const QString raw = uniqueRaw(QStringLiteral("ZZ Phone"));
        QCOMPARE(
            m_mod->put(kApi + "/devices", QJsonObject{{"raw", raw}, {"display", "Z 手机"}}).status,
            200);
        auto s = moderatorDialog();
        QVERIFY(s);
        QCOMPARE(dialogRows(*s->dialog), serverTable());
        QVERIFY(s->dialog->model()->rowOf(raw) >= 0);
        QVERIFY(s->dialog->model()->rowCount() >= 2);
        QCOMPARE(s->dialog->table()->model()->rowCount(), s->dialog->model()->rowCount());
        QCOMPARE(s->dialog->windowTitle(), QStringLiteral("Device names"));
        QVERIFY(s->dialog->statusText().isEmpty());
    }

    void addChangeRemoveReachTheServer()
    {
        auto s = moderatorDialog();
        QVERIFY(s);
        DeviceDialog &d = *s->dialog;
        DeviceTableModel *m = d.model();
        QSignalSpy done(d.feed(), &models::DeviceTableFeed::actionCompleted);
        QSignalSpy failed(d.feed(), &models::DeviceTableFeed::actionFailed);
        const QString raw = uniqueRaw(QStringLiteral("OnePlus A6000"));
        const QString key = raw.toLower();

        // Add: typed into the two lines, Add clicked; marked Saving at once
        qint64 mark = topLogId();
        QTest::keyClicks(d.rawEdit(), raw);
        d.displayEdit()->insert(QStringLiteral("一加 6")); // keyClicks is Latin-1 only
        QTest::mouseClick(d.addButton(), Qt::LeftButton);
        int row = m->rowOf(key);
        QVERIFY(row >= 0);
        QCOMPARE(m->stateAt(row), State::Saving);
        QCOMPARE(m->index(row, DeviceTableModel::StateColumn).data().toString(),
                 QStringLiteral("Saving…"));
        QVERIFY(d.isBusy());
        QVERIFY(d.rawEdit()->text().isEmpty());
        QVERIFY(done.wait(kWaitMs));
        QCOMPARE(done.last().at(0).toString(), key);
        row = m->rowOf(key);
        QCOMPARE(m->stateAt(row), State::Saved);
        QVERIFY(m->index(row, DeviceTableModel::StateColumn).data().toString().isEmpty());
        QCOMPARE(serverDisplay(key), QStringLiteral("一加 6"));
        QJsonArray log = deviceLogSince(mark);
        QCOMPARE(log.size(), 1);
        QCOMPARE(log.first().toObject().value("reason").toString(),
                 key + QStringLiteral(" → 一加 6"));
        QCOMPARE(dialogRows(d), serverTable());

        // Change: Edit opens the display cell's editor; Return saves
        mark = topLogId();
        QVERIFY(d.selectRow(m->rowOf(key)));
        QVERIFY(d.editButton()->isEnabled());
        QTest::mouseClick(d.editButton(), Qt::LeftButton);
        auto *editor = d.table()->viewport()->findChild<QLineEdit *>();
        QVERIFY(editor);
        QCOMPARE(editor->text(), QStringLiteral("一加 6"));
        editor->selectAll();
        editor->insert(QStringLiteral("一加六"));
        QSignalSpy sent(d.feed(), &models::DeviceTableFeed::pendingChanged);
        QTest::keyClick(editor, Qt::Key_Return); // the delegate commits on its next turn
        QVERIFY(sent.wait(kWaitMs));
        row = m->rowOf(key);
        QCOMPARE(m->stateAt(row), State::Saving);
        QCOMPARE(m->entryAt(row)->display, QStringLiteral("一加六"));
        QVERIFY(!(m->flags(m->index(row, DeviceTableModel::DisplayColumn)) & Qt::ItemIsEditable));
        QVERIFY(done.wait(kWaitMs));
        QCOMPARE(m->stateAt(m->rowOf(key)), State::Saved);
        QCOMPARE(serverDisplay(key), QStringLiteral("一加六"));
        log = deviceLogSince(mark);
        QCOMPARE(log.size(), 1);
        QCOMPARE(log.first().toObject().value("reason").toString(),
                 key + QStringLiteral(" → 一加六"));

        // Remove: asked first; Esc takes the question back and sends nothing
        mark = topLogId();
        QVERIFY(d.selectRow(m->rowOf(key)));
        QTest::mouseClick(d.removeButton(), Qt::LeftButton);
        QVERIFY(d.isAskingRemoval());
        QVERIFY2(d.removalQuestion().contains(key), qPrintable(d.removalQuestion()));
        QVERIFY(d.removalQuestion().contains(QStringLiteral("一加六")));
        QTest::keyClick(&d, Qt::Key_Escape);
        QVERIFY(!d.isAskingRemoval());
        QVERIFY(d.isVisible());
        QCOMPARE(m->stateAt(m->rowOf(key)), State::Saved);
        QTest::mouseClick(d.removeButton(), Qt::LeftButton);
        QVERIFY(d.isAskingRemoval());
        QTest::mouseClick(d.confirmRemoveButton(), Qt::LeftButton);
        QVERIFY(!d.isAskingRemoval());
        QCOMPARE(m->stateAt(m->rowOf(key)), State::Removing);
        QVERIFY(done.wait(kWaitMs));
        QCOMPARE(m->rowOf(key), -1);
        QVERIFY(serverDisplay(key).isEmpty());
        log = deviceLogSince(mark);
        QCOMPARE(log.size(), 1);
        QCOMPARE(log.first().toObject().value("reason").toString(),
                 key + QStringLiteral(" → (removed)"));
        QCOMPARE(dialogRows(d), serverTable());
        QVERIFY(failed.isEmpty());
        QVERIFY(d.statusText().isEmpty());
        QVERIFY(!d.isBusy());

        // Esc with no question open closes the dialog
        QTest::keyClick(&d, Qt::Key_Escape);
        QTRY_VERIFY(!d.isVisible());
    }

    void refusedChangeRollsBackInWords()
    {
        const QString raw = uniqueRaw(QStringLiteral("mi 8"));
        const QString key = raw.toLower();
        QCOMPARE(
            m_mod->put(kApi + "/devices", QJsonObject{{"raw", raw}, {"display", "小米 8"}}).status,
            200);
        auto s = moderatorDialog();
        QVERIFY(s);
        DeviceDialog &d = *s->dialog;
        DeviceTableModel *m = d.model();
        QSignalSpy failed(d.feed(), &models::DeviceTableFeed::actionFailed);
        const qint64 mark = topLogId();

        // a 101-character display name: shown, Saving, then back to the server's with words
        const QString tooLong(101, QLatin1Char('x'));
        QVERIFY(m->setData(m->index(m->rowOf(key), DeviceTableModel::DisplayColumn), tooLong));
        QCOMPARE(m->entryAt(m->rowOf(key))->display, tooLong);
        QVERIFY(failed.wait(kWaitMs));
        QCOMPARE(failed.last().at(0).toString(), key);
        QCOMPARE(m->entryAt(m->rowOf(key))->display, QStringLiteral("小米 8"));
        QCOMPARE(m->stateAt(m->rowOf(key)), State::Saved);
        const QString words = d.statusText();
        QVERIFY2(words.contains(QStringLiteral("could not be saved")), qPrintable(words));
        QVERIFY2(words.contains(QStringLiteral("display: must be 1 to 100 characters")),
                 qPrintable(words));
        QVERIFY2(words.contains(key), qPrintable(words));
        QCOMPARE(serverDisplay(key), QStringLiteral("小米 8"));

        // a new pair refused: its row leaves, the lines get it back to be corrected
        const QString fresh = uniqueRaw(QStringLiteral("new phone"));
        d.rawEdit()->setText(fresh);
        d.displayEdit()->setText(tooLong);
        QTest::keyClick(d.displayEdit(), Qt::Key_Return);
        QVERIFY(m->rowOf(fresh) >= 0);
        QVERIFY(failed.wait(kWaitMs));
        QCOMPARE(m->rowOf(fresh), -1);
        QCOMPARE(d.rawEdit()->text(), fresh);
        QCOMPARE(d.displayEdit()->text(), tooLong);
        QVERIFY(serverDisplay(fresh.toLower()).isEmpty());
        QCOMPARE(deviceLogSince(mark).size(), 0);
        QCOMPARE(dialogRows(d), serverTable());

        // blank fields are refused before anything is sent
        const int rows = m->rowCount();
        QVERIFY(!d.addEntry(QStringLiteral("  "), QStringLiteral("x")));
        QVERIFY(!d.statusText().isEmpty());
        QVERIFY(!d.addEntry(QStringLiteral("something"), QString()));
        QCOMPARE(m->rowCount(), rows);
        QVERIFY(!d.isBusy());
    }

    void filterLine()
    {
        const QString raw = uniqueRaw(QStringLiteral("FilterMe Galaxy"));
        QCOMPARE(m_mod->put(kApi + "/devices", QJsonObject{{"raw", raw}, {"display", "三星 筛选"}})
                     .status,
                 200);
        auto s = moderatorDialog();
        QVERIFY(s);
        DeviceDialog &d = *s->dialog;
        QVERIFY(d.model()->rowCount() > 1);
        QTest::keyClicks(d.filterEdit(), QStringLiteral("FILTERME"));
        QCOMPARE(d.proxy()->rowCount(), 1);
        d.setFilterText(QStringLiteral("三星 筛选")); // the display name too
        QCOMPARE(d.proxy()->rowCount(), 1);
        QCOMPARE(d.proxy()->index(0, 0).data().toString(), raw.toLower());
        d.setFilterText(QString());
        QCOMPARE(d.proxy()->rowCount(), d.model()->rowCount());
    }

    void appPostShowsTheMappedName()
    {
        const QString raw = uniqueRaw(QStringLiteral("TL Handset"));
        qputenv("THREADLINE_DEVICE", raw.toUtf8());
        core::AppCore core;
        const auto me = signIn(core, m_server.baseUrl(), QStringLiteral("zhangsan"));
        QVERIFY(me);
        threadline::models::Feeds wFeeds(
            {core.api(), core.cache(), core.store(), core.outbox(), core.actions()});
        ui::MainWindow w(&core, &wFeeds);
        w.resize(1100, 760);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.startAccount(*me, account(QStringLiteral("zhangsan")));
        models::TimelineModel *all = w.timelineModel(ui::MainWindow::Page::All);
        QTRY_VERIFY_WITH_TIMEOUT(all->rowCount() > 0, kWaitMs);

        // what All shows as the device of a row, every time a row comes or changes
        QStringList seenDevices;
        QString content = QStringLiteral("写于测试机 #%1").arg(++m_counter);
        const auto record = [&] {
            for (int r = 0; r < all->rowCount(); ++r) {
                const QModelIndex i = all->index(r);
                if (i.data(models::TimelineModel::ContentRole).toString() == content)
                    seenDevices << i.data(models::TimelineModel::DeviceRole).toString();
            }
        };
        QObject watcher; // goes first: no signal of the window's end reaches `record`
        connect(all, &QAbstractItemModel::rowsInserted, &watcher, record);
        connect(all, &QAbstractItemModel::dataChanged, &watcher, record);
        connect(all, &QAbstractItemModel::modelReset, &watcher, record);

        // the post, written in the app (File → New post, Ctrl+N)
        QTest::keyClick(&w, Qt::Key_N, Qt::ControlModifier);
        ui::ComposeDialog *compose = nullptr;
        QTRY_VERIFY((compose = w.findChild<ui::ComposeDialog *>()) != nullptr);
        compose->setContent(content);
        QPushButton *postButton = nullptr;
        for (QPushButton *b : compose->findChildren<QPushButton *>())
            if (b->text().remove(QLatin1Char('&')) == QLatin1String("Post"))
                postButton = b;
        QVERIFY(postButton);
        QTest::mouseClick(postButton, Qt::LeftButton);

        // it reaches the server with the raw model, shown as given while nothing maps it
        qint64 postId = 0;
        const auto findPost = [&] {
            for (const auto &v :
                 m_lisi->get(kApi + "/timeline?scope=user&uid=10001&limit=10").items())
                if (v.toObject().value("content").toString() == content)
                    postId = idOf(v);
            return postId > 0;
        };
        QTRY_VERIFY_WITH_TIMEOUT(findPost(), kWaitMs);
        const auto shown = [&] {
            return m_lisi->get(kApi + QStringLiteral("/posts/%1").arg(postId))
                .obj()
                .value("device")
                .toString();
        };
        QCOMPARE(shown(), raw);

        // the moderator maps it in the dialog: the post shows the display name
        auto s = moderatorDialog();
        QVERIFY(s);
        QSignalSpy done(s->dialog->feed(), &models::DeviceTableFeed::actionCompleted);
        QVERIFY(s->dialog->addEntry(raw, QStringLiteral("测试手机 X")));
        QVERIFY(done.wait(kWaitMs));
        QCOMPARE(shown(), QStringLiteral("测试手机 X"));

        // and so does the card, once the page is loaded again
        w.reload();
        QTRY_VERIFY_WITH_TIMEOUT(core.store()->post(postId) && core.store()->post(postId)->device ==
                                                                   QStringLiteral("测试手机 X"),
                                 kWaitMs);
        QTRY_VERIFY_WITH_TIMEOUT(all->rowOf(postId) >= 0, kWaitMs);
        QCOMPARE(all->index(all->rowOf(postId)).data(models::TimelineModel::DeviceRole).toString(),
                 QStringLiteral("测试手机 X"));
        // no card ever showed the raw model as a display name of its own: my pending card shows
        // no device until the server names it (raw while unmapped, as the server answers)
        for (const QString &dev : std::as_const(seenDevices))
            QVERIFY2(dev.isEmpty() || dev == raw || dev == QStringLiteral("测试手机 X"),
                     qPrintable(dev));

        // a model mapped before the post is written: its card never shows the raw string
        const QString raw2 = uniqueRaw(QStringLiteral("TL Tablet"));
        QVERIFY(s->dialog->addEntry(raw2, QStringLiteral("测试平板")));
        QVERIFY(done.wait(kWaitMs));
        qputenv("THREADLINE_DEVICE", raw2.toUtf8());
        content = QStringLiteral("写于测试平板 #%1").arg(++m_counter);
        seenDevices.clear();
        postId = 0;
        s->dialog->close(); // the window's Ctrl+N is the window's again
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QTest::keyClick(&w, Qt::Key_N, Qt::ControlModifier);
        QTRY_VERIFY((compose = w.findChild<ui::ComposeDialog *>()) != nullptr);
        compose->setContent(content);
        postButton = nullptr;
        for (QPushButton *b : compose->findChildren<QPushButton *>())
            if (b->text().remove(QLatin1Char('&')) == QLatin1String("Post"))
                postButton = b;
        QVERIFY(postButton);
        QTest::mouseClick(postButton, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(findPost(), kWaitMs);
        QCOMPARE(shown(), QStringLiteral("测试平板"));
        w.reload();
        QTRY_VERIFY_WITH_TIMEOUT(all->rowOf(postId) >= 0, kWaitMs);
        QVERIFY(seenDevices.contains(QStringLiteral("测试平板")));
        for (const QString &dev : std::as_const(seenDevices)) // pending: no device yet
            QVERIFY2(dev.isEmpty() || dev == QStringLiteral("测试平板"), qPrintable(dev));
        qunsetenv("THREADLINE_DEVICE");
    }

    void onlyModeratorsReachTheDialog()
    {
        // an ordinary user: no moderators' page, no button, no action, no dialog
        {
            core::AppCore core;
            const auto me = signIn(core, m_server.baseUrl(), QStringLiteral("lisi"));
            QVERIFY(me);
            threadline::models::Feeds wFeeds(
                {core.api(), core.cache(), core.store(), core.outbox(), core.actions()});
            ui::MainWindow w(&core, &wFeeds);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            w.startAccount(*me, account(QStringLiteral("lisi")));
            QVERIFY(w.findChildren<ui::ModerationView *>().isEmpty());
            QVERIFY(!w.findChild<QToolButton *>(QStringLiteral("deviceNames")));
            for (QAction *a : w.findChildren<QAction *>())
                QVERIFY2(!a->text().contains(QStringLiteral("Device")), qPrintable(a->text()));
            w.showPage(ui::MainWindow::Page::Moderation);
            QVERIFY(w.currentPage() != ui::MainWindow::Page::Moderation);
            QVERIFY(w.findChildren<DeviceDialog *>().isEmpty());
        }
        // a moderator: "Device names…" on the moderators' page opens it over the window
        core::AppCore core;
        const auto me = signIn(core, m_server.baseUrl(), QStringLiteral("moderator"));
        QVERIFY(me);
        threadline::models::Feeds wFeeds(
            {core.api(), core.cache(), core.store(), core.outbox(), core.actions()});
        ui::MainWindow w(&core, &wFeeds);
        w.resize(1100, 760);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.startAccount(*me, account(QStringLiteral("moderator")));
        w.showPage(ui::MainWindow::Page::Moderation);
        QCOMPARE(w.currentPage(), ui::MainWindow::Page::Moderation);
        auto *button = w.findChild<QToolButton *>(QStringLiteral("deviceNames"));
        QVERIFY(button);
        QVERIFY(button->isVisible());
        QCOMPARE(button->text(), QStringLiteral("Device names…"));
        QTest::mouseClick(button, Qt::LeftButton);
        DeviceDialog *d = nullptr;
        QTRY_VERIFY((d = w.findChild<DeviceDialog *>()) != nullptr);
        QTRY_VERIFY(d->isVisible());
        QTRY_COMPARE_WITH_TIMEOUT(d->model()->rowCount(), int(serverTable().size()), kWaitMs);
        QTest::keyClick(d, Qt::Key_Escape);
        QTRY_VERIFY(w.findChildren<DeviceDialog *>().isEmpty()); // closed and deleted
    }

    void screenshots_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }
    void screenshots()
    {
        QFETCH(QString, lang);
        if (lang == QLatin1String("zh_CN")) {
            QVERIFY(installTranslations(*qApp, QLocale(QStringLiteral("zh_CN"))));
        }
        auto s = moderatorDialog();
        QVERIFY(s);
        DeviceDialog &d = *s->dialog;
        d.resize(680, 500);
        // a row on its way, a removal asked about and a refusal in words, all at once
        QSignalSpy failed(d.feed(), &models::DeviceTableFeed::actionFailed);
        QSignalSpy done(d.feed(), &models::DeviceTableFeed::actionCompleted);
        QVERIFY(
            d.addEntry(uniqueRaw(QStringLiteral("oneplus a6000")), QString(101, QLatin1Char('x'))));
        QVERIFY(failed.wait(kWaitMs));
        QVERIFY(d.selectRow(0));
        d.removeSelected();
        d.rawEdit()->setText(QStringLiteral("redmi note 7"));
        d.displayEdit()->setText(QStringLiteral("红米 Note 7"));
        const QString saving = uniqueRaw(QStringLiteral("aaa saving"));
        QVERIFY(d.feed()->add(saving, QStringLiteral("保存中的名称"))); // Saving… in the shot
        const QString dir = test::artifactDir(QStringLiteral("devicedialog"));
        QVERIFY(!dir.isEmpty());
        const QString file = QDir(dir).filePath(QStringLiteral("devicedialog-%1.png").arg(lang));
        QVERIFY2(d.grab().save(file), qPrintable(file));
        QVERIFY(done.wait(kWaitMs));
        QCOMPARE(m_mod
                     ->del(kApi + "/devices?raw=" +
                           QString::fromLatin1(QUrl::toPercentEncoding(saving.toLower())))
                     .status,
                 204);
        if (lang == QLatin1String("zh_CN")) {
            installTranslations(*qApp, QLocale(QStringLiteral("en")));
        }
    }
};

QTEST_MAIN(TstDeviceDialog)
#include "tst_devicedialog.moc"

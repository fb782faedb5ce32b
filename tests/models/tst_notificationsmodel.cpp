// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Notifications in the client against the real threadline-server (SQLite, or PostgreSQL with
// THREADLINE_TEST_PG_FILE), two and more real users: A is an assembled core (AppCore) that keeps
// the push stream, with the Notifications model and the desktop's bubbles; the others act over
// HTTP. The bubbles go to a freedesktop Notifications service on a real D-Bus session bus: a
// private dbus-daemon started by the test, and on it a service of the test's own that records
// what it is asked (the one fake here: no notification daemon can show bubbles in a test).
//  - B replies to A's comment: A's unread count rises within a second or two, by the stream (no
//    /sync), the row says so, and a bubble is sent; a second reply updates the same bubble; a
//    click on it asks to open the reply;
//  - another device of A's marks it read: A's row turns read and the count drops, live;
//  - three people like A's post: one row, "李四 and 2 others liked your post", no bubble;
//  - Do not disturb: the row and the count, no bubble;
//  - Mark all as read: the count is 0 at once, the server agrees once the outbox sent it, the
//    bubble is taken down;
//  - a restart offline shows the same rows and count from the cache, with no request;
//  - the live bar's model side: someone A follows posts; A's Following feed learns of it from the
//    stream (newerAvailable(1)) while what it shows does not change; refresh() puts it on top.
#include "appcore.h"
#include "i18n.h"
#include "livecore.h"
#include "livesync.h"
#include "net/apiclient.h"
#include "notifications/desktopalerts.h"
#include "notifications/notificationsmodel.h"
#include "notify/desktopnotifier.h"
#include "outbox/outbox.h"
#include "signedin.h"
#include "syncengine.h"
#include "testserver.h"
#include "timeline/timelinefeed.h"
#include "timeline/timelinemodel.h"

#include <QAbstractItemModelTester>
#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDBusMessage>
#include <QDBusVariant>
#include <QDir>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace threadline;
using models::NotificationsModel;
using test::api;
using test::Client;
using test::TestServer;

namespace {

using test::countLines;
using test::uidOf;

// What the test's Notifications service was asked.
struct Bubble
{
    uint id = 0;
    uint replaces = 0;
    QString summary;
    QString body;
    QStringList actions;
};

// The freedesktop Notifications service of the test, on the private bus: it records Notify and
// CloseNotification, and emits ActionInvoked when the test "clicks".
class FakeNotifyd : public QObject
{
    Q_OBJECT
    Q_CLASSINFO("D-Bus Interface", "org.freedesktop.Notifications")
public:
    QList<Bubble> bubbles;
    QList<uint> closed;
    uint next = 1;

    void click(uint id)
    {
        QDBusMessage signal = QDBusMessage::createSignal(
            QStringLiteral("/org/freedesktop/Notifications"),
            QStringLiteral("org.freedesktop.Notifications"), QStringLiteral("ActionInvoked"));
        signal << id << QStringLiteral("default");
        bus->send(signal);
    }
    QDBusConnection *bus = nullptr;

public Q_SLOTS:
    QStringList GetCapabilities() { return {QStringLiteral("body"), QStringLiteral("actions")}; }
    uint Notify(const QString &app, uint replaces, const QString &icon, const QString &summary,
                const QString &body, const QStringList &actions, const QVariantMap &hints,
                int timeout)
    {
        Q_UNUSED(app);
        Q_UNUSED(icon);
        Q_UNUSED(hints);
        Q_UNUSED(timeout);
        const uint id = replaces != 0 ? replaces : next++;
        bubbles.append(Bubble{id, replaces, summary, body, actions});
        return id;
    }
    void CloseNotification(uint id) { closed.append(id); }
    QString GetServerInformation(QString &vendor, QString &version, QString &spec)
    {
        vendor = QStringLiteral("tests");
        version = QStringLiteral("1");
        spec = QStringLiteral("1.2");
        return QStringLiteral("fake-notifyd");
    }
};

// A: the assembled core of a signed-in user, its notifications and their bubbles.
struct SideA
{
    core::AppCore core;
    std::unique_ptr<NotificationsModel> model;
    std::unique_ptr<QAbstractItemModelTester> tester;
    std::unique_ptr<core::DesktopNotifier> notifier;
    std::unique_ptr<models::DesktopAlerts> alerts;

    SideA(const QUrl &server, const QString &token, qint64 uid, const QString &dir,
          const QDBusConnection &bus, bool offline = false)
    {
        test::LiveCoreOptions options;
        options.offline = offline;
        test::startLiveCore(core, server, token, uid, dir, options);
        model = std::make_unique<NotificationsModel>(core.api(), core.cache(), core.outbox());
        tester = std::make_unique<QAbstractItemModelTester>(
            model.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QObject::connect(core.sync(), &core::SyncEngine::changesApplied, model.get(),
                         &NotificationsModel::apply);
        QObject::connect(core.sync(), &core::SyncEngine::unreadCounted, model.get(),
                         &NotificationsModel::setUnread);
        notifier = std::make_unique<core::DesktopNotifier>(bus, nullptr);
        alerts = std::make_unique<models::DesktopAlerts>(model.get(), notifier.get());
        model->start();
    }
    // The row of a notification of `kind` about `about` (a comment, or a post's likes), -1 when
    // none: the demo's own notifications are there too.
    [[nodiscard]] int rowOf(core::Notification::Kind kind, qint64 about) const
    {
        for (int r = 0; r < model->rowCount(); ++r) {
            const core::Notification &n = model->at(r);
            if (n.kind == kind &&
                (n.commentId.value_or(0) == about ||
                 (kind == core::Notification::Kind::Like && n.targetId.value_or(0) == about)))
                return r;
        }
        return -1;
    }
};

} // namespace

class TstNotificationsModel : public QObject
{
    Q_OBJECT

    TestServer m_server;
    QTemporaryDir m_dir;
    QProcess m_busDaemon;
    std::unique_ptr<QDBusConnection> m_clientBus; // A's bubbles go here
    std::unique_ptr<QDBusConnection> m_daemonBus; // the fake service's own connection
    FakeNotifyd m_notifyd;

    QString dir(const QString &name)
    {
        const QString d = m_dir.filePath(name);
        QDir().mkpath(d);
        return d;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(installTranslations(*qApp, QLocale(QStringLiteral("en")))); // the plurals
        QVERIFY2(m_server.start(), m_server.stderrLog().right(2000).constData());
        // A session bus of the test's own: dbus-daemon prints its address and runs until killed.
        m_busDaemon.start(QStringLiteral("dbus-daemon"),
                          {QStringLiteral("--session"), QStringLiteral("--nofork"),
                           QStringLiteral("--print-address=1")});
        QVERIFY2(m_busDaemon.waitForStarted(10000), "dbus-daemon (package dbus) did not start");
        QTRY_VERIFY_WITH_TIMEOUT(m_busDaemon.canReadLine(), 10000);
        const QString address = QString::fromUtf8(m_busDaemon.readLine()).trimmed();
        QVERIFY(!address.isEmpty());
        m_daemonBus = std::make_unique<QDBusConnection>(
            QDBusConnection::connectToBus(address, QStringLiteral("fake-notifyd")));
        QVERIFY(m_daemonBus->isConnected());
        m_notifyd.bus = m_daemonBus.get();
        QVERIFY(m_daemonBus->registerObject(QStringLiteral("/org/freedesktop/Notifications"),
                                            &m_notifyd, QDBusConnection::ExportAllSlots));
        QVERIFY(m_daemonBus->registerService(QStringLiteral("org.freedesktop.Notifications")));
        m_clientBus = std::make_unique<QDBusConnection>(
            QDBusConnection::connectToBus(address, QStringLiteral("client")));
        QVERIFY(m_clientBus->isConnected());
    }

    void cleanupTestCase()
    {
        m_busDaemon.kill();
        m_busDaemon.waitForFinished(5000);
    }

    void repliesLikesReadAndRestart()
    {
        Client a(m_server.baseUrl());
        const QString tokenA = a.login(QStringLiteral("zhangsan"));
        QVERIFY(!tokenA.isEmpty());
        Client b(m_server.baseUrl());
        QVERIFY(!b.login(QStringLiteral("lisi")).isEmpty());
        Client c(m_server.baseUrl());
        QVERIFY(!c.login(QStringLiteral("wangwu")).isEmpty());
        Client d(m_server.baseUrl());
        QVERIFY(!d.login(QStringLiteral("mazi")).isEmpty());
        Client a2(m_server.baseUrl()); // A's other device
        a2.setToken(tokenA);
        const qint64 postId = test::newPost(a, QStringLiteral("notifications: a post of mine"));
        QVERIFY(postId > 0);
        const auto mine = a.post(api(QStringLiteral("/posts/%1/comments").arg(postId)),
                                 QJsonObject{{QStringLiteral("content"), QStringLiteral("mine")}});
        QCOMPARE(mine.status, 201);
        const qint64 myComment = test::num(mine.obj(), "id");

        const QString dirA = dir(QStringLiteral("a"));
        auto sideA =
            std::make_unique<SideA>(m_server.baseUrl(), tokenA, uidOf(a), dirA, *m_clientBus);
        QTRY_VERIFY_WITH_TIMEOUT(sideA->core.live()->isLive(), 15000);
        QTRY_VERIFY_WITH_TIMEOUT(!sideA->model->isLoading(), 10000);
        const int base = sideA->model->unread(); // the demo's own, if any
        QCOMPARE(a.get(api(QStringLiteral("/notifications/unread")))
                     .obj()
                     .value(QStringLiteral("unread"))
                     .toInt(),
                 base);
        const qsizetype mark = m_server.settle();
        QVERIFY(mark >= 0);

        // B replies to my comment: the count, the row and a bubble, by the stream.
        QSignalSpy openSpy(sideA->alerts.get(), &models::DesktopAlerts::openRequested);
        const auto reply =
            b.post(api(QStringLiteral("/posts/%1/comments").arg(postId)),
                   QJsonObject{{QStringLiteral("content"), QStringLiteral("<b>hi</b>")},
                               {QStringLiteral("parentId"), myComment}});
        QCOMPARE(reply.status, 201);
        const qint64 replyId = test::num(reply.obj(), "id");
        QTRY_COMPARE_WITH_TIMEOUT(sideA->model->unread(), base + 1, 3000);
        const int row = sideA->rowOf(core::Notification::Kind::Reply, replyId);
        QVERIFY(row >= 0);
        const qint64 firstId = sideA->model->at(row).id;
        const QModelIndex index = sideA->model->index(row);
        QVERIFY(index.data(NotificationsModel::SentenceRole)
                    .toString()
                    .contains(QStringLiteral("李四")));
        QCOMPARE(index.data(NotificationsModel::ReadRole).toBool(), false);
        QTRY_COMPARE_WITH_TIMEOUT(m_notifyd.bubbles.size(), 1, 3000);
        QVERIFY2(m_notifyd.bubbles[0].summary.contains(QStringLiteral("李四")),
                 qPrintable(m_notifyd.bubbles[0].summary));
        // plain text: the service reads no markup, so the text goes as it is, never as markup
        QVERIFY2(m_notifyd.bubbles[0].body.contains(QStringLiteral("<b>hi</b>")),
                 qPrintable(m_notifyd.bubbles[0].body));
        QVERIFY(m_notifyd.bubbles[0].actions.contains(QStringLiteral("default")));
        // a second reply: the same bubble, replaced, saying two
        QCOMPARE(b.post(api(QStringLiteral("/posts/%1/comments").arg(postId)),
                        QJsonObject{{QStringLiteral("content"), QStringLiteral("again")},
                                    {QStringLiteral("parentId"), myComment}})
                     .status,
                 201);
        QTRY_COMPARE_WITH_TIMEOUT(sideA->model->unread(), base + 2, 3000);
        QTRY_COMPARE_WITH_TIMEOUT(m_notifyd.bubbles.size(), 2, 3000);
        QCOMPARE(m_notifyd.bubbles[1].replaces, m_notifyd.bubbles[0].id);
        QVERIFY2(m_notifyd.bubbles[1].summary.contains(QLatin1Char('2')),
                 qPrintable(m_notifyd.bubbles[1].summary));
        // none of it came by polling
        QCOMPARE(countLines(m_server.requestsSince(mark), "/api/v1/sync"), 0);

        // a click on the bubble: open the newest reply
        m_notifyd.click(m_notifyd.bubbles[1].id);
        QVERIFY(openSpy.wait(3000));
        const auto opened = openSpy.at(0).at(0).value<core::Notification>();
        QCOMPARE(opened.kind, core::Notification::Kind::Reply);
        QCOMPARE(opened.postId.value_or(0), postId);

        // another device marks the first reply read: A's row and count follow, live
        QCOMPARE(a2.post(api(QStringLiteral("/notifications/%1/read").arg(firstId))).status, 200);
        QTRY_COMPARE_WITH_TIMEOUT(sideA->model->unread(), base + 1, 3000);
        QTRY_VERIFY_WITH_TIMEOUT(sideA->model->at(sideA->model->rowOf(firstId)).read, 3000);

        // three people like my post: one row, grouped, no bubble
        const int bubblesBefore = int(m_notifyd.bubbles.size());
        for (Client *who : {&b, &c, &d})
            QCOMPARE(who->put(api(QStringLiteral("/posts/%1/like").arg(postId))).status, 200);
        const auto likesRow = [&] { return sideA->rowOf(core::Notification::Kind::Like, postId); };
        QTRY_VERIFY_WITH_TIMEOUT(likesRow() >= 0 && sideA->model->at(likesRow()).actorCount == 3,
                                 3000);
        const QModelIndex likes = sideA->model->index(likesRow());
        QVERIFY2(likes.data(NotificationsModel::SentenceRole)
                     .toString()
                     .contains(QStringLiteral("2 others")),
                 qPrintable(likes.data(NotificationsModel::SentenceRole).toString()));
        QCOMPARE(likes.data(NotificationsModel::ActorNameRole).toString(), QStringLiteral("麻子"));
        int likeRows = 0;
        for (int r = 0; r < sideA->model->rowCount(); ++r)
            likeRows += sideA->model->at(r).kind == core::Notification::Kind::Like &&
                        sideA->model->at(r).targetId.value_or(0) == postId;
        QCOMPARE(likeRows, 1);

        // Do not disturb: the row and the count, no bubble
        sideA->alerts->setDoNotDisturb(true);
        const int unreadBefore = sideA->model->unread();
        const auto quiet =
            c.post(api(QStringLiteral("/posts/%1/comments").arg(postId)),
                   QJsonObject{{QStringLiteral("content"), QStringLiteral("quiet")}});
        QCOMPARE(quiet.status, 201);
        QTRY_VERIFY_WITH_TIMEOUT(
            sideA->rowOf(core::Notification::Kind::Comment, test::num(quiet.obj(), "id")) >= 0,
            3000);
        QTRY_COMPARE_WITH_TIMEOUT(sideA->model->unread(), unreadBefore + 1, 3000);
        QCOMPARE(int(m_notifyd.bubbles.size()), bubblesBefore);
        sideA->alerts->setDoNotDisturb(false);

        // Mark all as read: 0 at once; the server agrees once the outbox sent it
        QSignalSpy completed(sideA->core.outbox(), &core::Outbox::completed);
        sideA->model->markAllRead();
        QCOMPARE(sideA->model->unread(), 0);
        for (int r = 0; r < sideA->model->rowCount(); ++r)
            QVERIFY(sideA->model->at(r).read);
        QVERIFY(completed.wait(5000));
        QCOMPARE(a2.get(api(QStringLiteral("/notifications/unread")))
                     .obj()
                     .value(QStringLiteral("unread")),
                 QJsonValue(0));
        QCOMPARE(sideA->model->unread(), 0);
        const QList<std::pair<qint64, bool>> shown = [&] {
            QList<std::pair<qint64, bool>> s;
            for (int r = 0; r < sideA->model->rowCount(); ++r)
                s.append({sideA->model->at(r).id, sideA->model->at(r).read});
            return s;
        }();
        QVERIFY(shown.size() >= 4);

        // a restart offline: the same rows and count from the cache, and not one request
        const qint64 uidA = uidOf(a);
        sideA.reset(); // the model keeps its rows as it goes
        const qsizetype mark2 = m_server.settle();
        QVERIFY(mark2 >= 0);
        SideA offline(m_server.baseUrl(), tokenA, uidA, dirA, *m_clientBus, true);
        QTRY_COMPARE_WITH_TIMEOUT(offline.model->rowCount(), int(shown.size()), 5000);
        for (int r = 0; r < offline.model->rowCount(); ++r) {
            QCOMPARE(offline.model->at(r).id, shown.at(r).first);
            QCOMPARE(offline.model->at(r).read, shown.at(r).second);
        }
        QCOMPARE(offline.model->unread(), 0);
        QVERIFY(offline.model->savedAt().has_value());
        QCOMPARE(m_server.requestsSince(mark2).size(), 0);
    }

    void followingLearnsOfNewPostsLive()
    {
        Client a(m_server.baseUrl());
        const QString tokenA = a.login(QStringLiteral("wangwu"));
        QVERIFY(!tokenA.isEmpty());
        Client b(m_server.baseUrl());
        QVERIFY(!b.login(QStringLiteral("lisi")).isEmpty());
        QCOMPARE(a.put(api(QStringLiteral("/users/%1/follow").arg(uidOf(b)))).status, 200);
        QVERIFY(test::newPost(b, QStringLiteral("before: already on Following")) > 0);

        SideA sideA(m_server.baseUrl(), tokenA, uidOf(a), dir(QStringLiteral("bar")), *m_clientBus);
        models::TimelineModel model(sideA.core.store());
        models::TimelineFeed feed(sideA.core.api(), sideA.core.cache(), sideA.core.store(), &model);
        feed.setScope(models::TimelineFeed::Scope::following());
        feed.followLive(sideA.core.sync());
        QSignalSpy refreshed(&feed, &models::TimelineFeed::refreshed);
        feed.start();
        QVERIFY(refreshed.wait(10000));
        QTRY_VERIFY_WITH_TIMEOUT(sideA.core.live()->isLive(), 15000);
        const int rows = model.rowCount();
        const qint64 top = model.postIdAt(0);

        QSignalSpy newer(&feed, &models::TimelineFeed::newerAvailable);
        const qint64 fresh = test::newPost(b, QStringLiteral("after: comes live"));
        QVERIFY(fresh > 0);
        QTRY_VERIFY_WITH_TIMEOUT(!newer.isEmpty(), 5000);
        QCOMPARE(newer.last().at(0).toInt(), 1);
        QCOMPARE(model.rowCount(), rows); // what is read did not move
        QCOMPARE(model.postIdAt(0), top);
        refreshed.clear();
        feed.refresh();
        QVERIFY(refreshed.wait(10000));
        QCOMPARE(model.postIdAt(0), fresh);
        QCOMPARE(model.rowCount(), rows + 1);
    }
};

QTEST_MAIN(TstNotificationsModel)
#include "tst_notificationsmodel.moc"

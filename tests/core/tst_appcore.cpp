// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The assembled core against the real server: offline mode (not one request leaves, actions
// queue, "Offline — N changes waiting", back online the queue replays) and a corrupt cache
// file that is rebuilt while the outbox keeps what it held.
#include "actions.h"
#include "appcore.h"
#include "coreoptions.h"
#include "livesync.h"
#include "net/apiclient.h"
#include "outbox/outbox.h"
#include "poststore.h"
#include "syncengine.h"
#include "testserver.h"
#include "wire/jsoncodec.h"

#include <QFile>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace threadline::core;
using threadline::test::Client;
using threadline::test::TestServer;

namespace {
const QString kApi = QStringLiteral("/api/v1");
}

class TstAppCore : public QObject
{
    Q_OBJECT

private:
    TestServer m_server;
    QTemporaryDir m_dir;
    Client m_me{QUrl()};
    UserProfile m_profile;

    std::unique_ptr<AppCore> makeCore(const QString &name)
    {
        auto core = std::make_unique<AppCore>();
        core->setServer(m_server.baseUrl());
        core->api()->setToken(m_me.token());
        AppCore::AccountOptions o;
        o.cachePath = m_dir.filePath(name + QStringLiteral("-cache.sqlite"));
        o.outboxPath = m_dir.filePath(name + QStringLiteral("-outbox.sqlite"));
        o.likeDelayMs = 100;
        o.pollIntervalMs = 0;
        core->startAccount(m_profile, o);
        return core;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY2(m_server.start(), m_server.stderrLog().right(2000).constData());
        m_me.setBaseUrl(m_server.baseUrl());
        QVERIFY(!m_me.login(QStringLiteral("zhangsan")).isEmpty());
        m_profile.brief = UserBrief{10001, QStringLiteral("张三"), QString()};
    }

    void offlineModeQueuesAndReplays()
    {
        auto core = makeCore(QStringLiteral("offline"));
        QSignalSpy refreshed(core->sync(), &SyncEngine::timelineRefreshed);
        QSignalSpy synced(core->sync(), &SyncEngine::synced);
        QVERIFY(refreshed.wait(15000));
        // Everything started online has finished (its log lines are written) before we go
        // offline, so any later line would be a request that left while offline.
        QTRY_VERIFY_WITH_TIMEOUT(synced.count() >= 1 && !core->sync()->isBusy(), 15000);
        qint64 target = 0;
        for (qint64 id : refreshed.at(0).at(0).value<QList<qint64>>())
            if (!core->store()->post(id)->liked && id != 90501) {
                target = id;
                break;
            }
        QVERIFY(target > 0);
        const qint64 before = core->store()->post(target)->likeCount;

        QTRY_COMPARE_WITH_TIMEOUT(core->api()->pendingCount(), 0, 15000);
        // The push stream opens after the first /sync round: open before the baseline, so that
        // its request is not taken for one sent offline.
        QTRY_VERIFY_WITH_TIMEOUT(core->live()->isLive(), 15000);
        QSignalSpy status(core.get(), &AppCore::statusChanged);
        core->setOffline(true);
        QCOMPARE(core->statusText(), QStringLiteral("Offline"));
        // The baseline once the server has logged everything sent before going offline.
        const qsizetype mark = m_server.settle();
        QVERIFY(mark >= 0);
        core->actions()->togglePostLike(target);
        core->actions()->comment(target, 0, QStringLiteral("from the train"));
        core->sync()->syncNow();
        QTRY_COMPARE(core->pendingCount(), 2);
        // "Offline — 2 changes waiting" once the English catalogue resolves the plural.
        QVERIFY2(core->statusText().startsWith(QStringLiteral("Offline — 2 change")),
                 qPrintable(core->statusText()));
        QVERIFY(core->store()->post(target)->liked);
        QCOMPARE(core->store()->post(target)->likeCount, before + 1);
        QCOMPARE(core->store()->post(target)->commentCount >= 1, true);
        // Long enough for the like delay to have passed: still nothing reached the server.
        QTRY_VERIFY_WITH_TIMEOUT(core->outbox()->entries().size() == 2 &&
                                     core->outbox()->entries().constFirst().notBefore <
                                         QDateTime::currentMSecsSinceEpoch(),
                                 5000);
        QCOMPARE(m_server.requestsSince(mark), QList<QByteArray>());

        core->setOffline(false);
        QTRY_COMPARE_WITH_TIMEOUT(core->pendingCount(), 0, 15000);
        QTRY_COMPARE(core->statusText(), QString());
        const QJsonObject post = m_me.get(kApi + QStringLiteral("/posts/%1").arg(target)).obj();
        QCOMPARE(post.value(QStringLiteral("liked")).toBool(), true);
        QCOMPARE(post.value(QStringLiteral("likeCount")).toInteger(), before + 1);
        QVERIFY(status.count() >= 3);
    }

    void commandLineOffline_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<bool>("offline");
        QTest::newRow("offline") << QStringList{QStringLiteral("--offline")} << true << true;
        QTest::newRow("online") << QStringList{} << true << false;
        QTest::newRow("faults") << QStringList{QStringLiteral("--faults"),
                                               QStringLiteral("latency=5,error=0.5")}
                                << true << false;
        QTest::newRow("bad faults")
            << QStringList{QStringLiteral("--faults"), QStringLiteral("error=7")} << false << false;
        QTest::newRow("bad server")
            << QStringList{QStringLiteral("--server"), QStringLiteral("ftp://x")} << false << false;
        QTest::newRow("bad delay")
            << QStringList{QStringLiteral("--like-delay"), QStringLiteral("-1")} << false << false;
    }
    void commandLineOffline()
    {
        QFETCH(QStringList, args);
        QFETCH(bool, ok);
        QFETCH(bool, offline);
        QCommandLineParser parser;
        CoreOptions::addTo(parser);
        QVERIFY(parser.parse(QStringList{QStringLiteral("threadline"), QStringLiteral("--server"),
                                         m_server.baseUrl().toString()} +
                             args));
        CoreOptions o;
        const auto error = CoreOptions::read(parser, &o);
        QCOMPARE(!error.has_value(), ok);
        if (!ok)
            return;
        AppCore core;
        o.applyTo(core);
        QCOMPARE(core.isOffline(), offline);
        QCOMPARE(core.server(), m_server.baseUrl());
        if (offline) { // not one request leaves: the API answers "offline" at once
            const qsizetype mark = m_server.settle();
            QVERIFY(mark >= 0);
            ApiReply *r = core.api()->get(QStringLiteral("/api/v1/health"), this);
            QSignalSpy done(r, &ApiReply::finished);
            QVERIFY(done.wait(2000));
            QCOMPARE(m_server.requestsSince(mark), QList<QByteArray>());
        }
    }

    void corruptCacheIsRebuiltAndOutboxKept_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::newRow("random bytes") << QStringLiteral("random");
        QTest::newRow("truncated") << QStringLiteral("truncated");
    }
    void corruptCacheIsRebuiltAndOutboxKept()
    {
        QFETCH(QString, kind);
        const QString name = QStringLiteral("corrupt-") + kind;
        // A first run, offline, leaves a queued like in the outbox and a real cache file.
        const qint64 target = m_me.post(kApi + QStringLiteral("/posts"),
                                        QJsonObject{{QStringLiteral("content"), name}})
                                  .obj()
                                  .value(QStringLiteral("id"))
                                  .toInteger();
        {
            auto core = makeCore(name);
            QSignalSpy refreshed(core->sync(), &SyncEngine::timelineRefreshed);
            QVERIFY(refreshed.wait(15000));
            QVERIFY(core->store()->containsPost(target));
            core->setOffline(true);
            QSignalSpy saved(core->outbox(), &Outbox::toggleSaved);
            core->actions()->togglePostLike(target);
            QVERIFY(saved.wait(5000));
        }
        const QString cachePath = m_dir.filePath(name + QStringLiteral("-cache.sqlite"));
        QFile f(cachePath);
        if (kind == QLatin1String("random")) {
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            QByteArray junk(64 * 1024, Qt::Uninitialized);
            for (char &c : junk)
                c = char(QRandomGenerator::global()->generate());
            f.write(junk);
        } else {
            QVERIFY(f.size() > 4096);
            QVERIFY(f.resize(f.size() / 3));
        }
        f.close();

        auto core = std::make_unique<AppCore>();
        QSignalSpy messages(core.get(), &AppCore::userMessage);
        core->setServer(m_server.baseUrl());
        core->api()->setToken(m_me.token());
        AppCore::AccountOptions o;
        o.cachePath = cachePath;
        o.outboxPath = m_dir.filePath(name + QStringLiteral("-outbox.sqlite"));
        o.likeDelayMs = 100;
        o.pollIntervalMs = 0;
        core->startAccount(m_profile, o);
        QTRY_VERIFY_WITH_TIMEOUT(!messages.isEmpty(), 10000);
        QVERIFY2(messages.at(0).at(0).toString().contains(QStringLiteral("rebuilt")),
                 qPrintable(messages.at(0).at(0).toString()));
        // The queued like was not lost with the cache: it reaches the server.
        QTRY_VERIFY_WITH_TIMEOUT(m_me.get(kApi + QStringLiteral("/posts/%1").arg(target))
                                     .obj()
                                     .value(QStringLiteral("liked"))
                                     .toBool(),
                                 15000);
        QTRY_COMPARE_WITH_TIMEOUT(core->pendingCount(), 0, 10000);
    }
};

QTEST_GUILESS_MAIN(TstAppCore)
#include "tst_appcore.moc"

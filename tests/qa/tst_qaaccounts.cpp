// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The core's accounts as QA uses them, against the real server: a cache opened with no account
// (QA's `--cache FILE`) queues what is done offline and sends it, with its results reported,
// once someone signs in; and the files follow the server's identity, so that an outbox written
// against one address is replayed when the same server answers at another.
#include "actions.h"
#include "net/apiclient.h"
#include "appcore.h"
#include "cache/cache.h"
#include "wire/jsoncodec.h"
#include "outbox/outbox.h"
#include "poststore.h"
#include "account/serveridentity.h"
#include "account/session.h"
#include "testserver.h"

#include <QCoreApplication>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

using namespace threadline::core;
using threadline::test::Client;
using threadline::test::TestServer;

namespace {

constexpr int kWaitMs = 20000;

Post samplePost(qint64 id)
{
    QFile f(QStringLiteral(THREADLINE_REPO_FIXTURES_DIR "/seed-post-90012.json"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    Post p = decodePost(f.readAll()).value();
    p.id = id;
    for (Comment &c : p.comments)
        c.postId = id;
    return p;
}

bool signIn(AppCore &core, const QString &name)
{
    QSignalSpy in(core.session(), &Session::signedIn);
    core.session()->login(core.server(), name, QStringLiteral("demo"));
    return in.wait(kWaitMs);
}

} // namespace

class TestQaAccounts : public QObject
{
    Q_OBJECT

private:
    TestServer m_server;
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        // Settings and files of this suite's own (the server identities it remembers).
        QCoreApplication::setOrganizationName(QStringLiteral("ThreadlineQaAccounts"));
        QCoreApplication::setApplicationName(QUuid::createUuid().toString(QUuid::WithoutBraces));
        QVERIFY(m_dir.isValid());
        QVERIFY2(m_server.start(), m_server.stderrLog().right(2000).constData());
    }

    void cacheWithNoAccountSendsOnceSomeoneSignsIn()
    {
        AppCore core;
        core.setServer(m_server.baseUrl());
        AppCore::AccountOptions o;
        o.cachePath = m_dir.filePath(QStringLiteral("nobody.sqlite"));
        o.outboxPath = o.cachePath + QStringLiteral(".outbox");
        o.likeDelayMs = 100;
        o.pollIntervalMs = 0;
        const Post unknown = samplePost(880001); // a fixture post the server does not know
        o.imports = {unknown};
        QSignalSpy opened(core.cache(), &Cache::opened);
        Client reader(m_server.baseUrl());
        QVERIFY(!reader.login(QStringLiteral("qianqi")).isEmpty());
        const QJsonObject real = reader.get(QStringLiteral("/api/v1/posts/90012")).obj();
        const qsizetype mark = m_server.settle();
        core.startAccount(UserProfile{}, o);
        QVERIFY(core.isAnonymous());
        QVERIFY(opened.wait(kWaitMs));
        QCOMPARE(core.cachePath(), o.cachePath);

        // Reading works: the imported post is in the cache's All.
        QSignalSpy loaded(core.cache(), &Cache::timelineLoaded);
        core.cache()->loadTimeline(QStringLiteral("all"), 20);
        QVERIFY(loaded.wait(kWaitMs));
        const QList<Post> cached = loaded.at(0).at(1).value<TimelinePage>().posts;
        QCOMPARE(cached.size(), 1);
        QCOMPARE(cached.first().id, unknown.id);

        // Actions queue; nothing leaves while nobody is signed in.
        core.store()->upsertPosts({unknown, decodePost(QJsonValue(real)).value()});
        const bool wasLiked = core.store()->post(90012)->liked;
        core.actions()->togglePostLike(unknown.id);
        core.actions()->togglePostLike(90012);
        QTRY_COMPARE(core.pendingCount(), 2);
        QVERIFY2(core.statusText().startsWith(QStringLiteral("Not signed in — 2 change")),
                 qPrintable(core.statusText()));
        QTRY_VERIFY_WITH_TIMEOUT(core.outbox()->entries().size() == 2 &&
                                     core.outbox()->entries().constLast().notBefore <
                                         QDateTime::currentMSecsSinceEpoch() - 200,
                                 kWaitMs);
        const QList<QByteArray> quiet = m_server.requestsSince(mark);
        QVERIFY2(quiet.isEmpty(), quiet.join('\n').constData());

        // Someone signs in: the queue is theirs, it is sent, and the unknown post fails in words.
        QSignalSpy failed(core.actions(), &Actions::actionFailed);
        QVERIFY(signIn(core, QStringLiteral("qianqi")));
        core.adoptAccount(core.session()->user());
        QVERIFY(!core.isAnonymous());
        QTRY_COMPARE_WITH_TIMEOUT(core.pendingCount(), 0, kWaitMs);
        QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), kWaitMs);
        QVERIFY2(failed.at(0).at(0).toString().contains(QStringLiteral("王五")),
                 qPrintable(failed.at(0).at(0).toString()));
        QCOMPARE(reader.get(QStringLiteral("/api/v1/posts/90012"))
                     .obj()
                     .value(QStringLiteral("liked"))
                     .toBool(),
                 !wasLiked);
    }

    void outboxFollowsTheServerToAnotherAddress()
    {
        TestServer server;
        QVERIFY(server.start());
        Client author(server.baseUrl());
        QVERIFY(!author.login(QStringLiteral("wangwu")).isEmpty());
        const qint64 post =
            author
                .post(QStringLiteral("/api/v1/posts"),
                      QJsonObject{{QStringLiteral("content"), QStringLiteral("liked from afar")}})
                .obj()
                .value(QStringLiteral("id"))
                .toInteger();
        QVERIFY(post > 0);
        const QString instance = ServerIdentity::normalised(
            author.get(QStringLiteral("/api/v1/health")).obj().value("instance").toString());
        QVERIFY(!instance.isEmpty());

        QString firstOutbox;
        {
            AppCore core;
            core.setServer(server.baseUrl());
            QVERIFY(core.needsIdentity());
            QSignalSpy identified(&core, &AppCore::identified);
            core.identify();
            QVERIFY(identified.wait(kWaitMs));
            QCOMPARE(ServerIdentity::remembered(server.baseUrl()), instance);
            QVERIFY(!core.needsIdentity());
            QVERIFY(signIn(core, QStringLiteral("zhangsan")));
            AppCore::AccountOptions o;
            o.likeDelayMs = 100;
            o.pollIntervalMs = 0;
            core.startAccount(core.session()->user(), o);
            firstOutbox = core.outboxPath();
            QVERIFY2(firstOutbox.contains(QStringLiteral("id-") + instance),
                     qPrintable(firstOutbox));
            core.setOffline(true);
            core.store()->upsertPost(
                decodePost(author.get(QStringLiteral("/api/v1/posts/%1").arg(post)).body).value());
            QSignalSpy saved(core.outbox(), &Outbox::toggleSaved);
            core.actions()->togglePostLike(post);
            QVERIFY(saved.wait(kWaitMs));
            QCOMPARE(core.pendingCount(), 1);
        } // the program ends with the like queued

        // The same server (the same database) at another address.
        const quint16 oldPort = server.port();
        QVERIFY(server.restart());
        QVERIFY(server.port() != oldPort);
        AppCore core;
        core.setServer(server.baseUrl());
        QVERIFY(core.needsIdentity()); // never seen at this address
        QSignalSpy identified(&core, &AppCore::identified);
        core.identify();
        QVERIFY(identified.wait(kWaitMs));
        QVERIFY(signIn(core, QStringLiteral("zhangsan")));
        AppCore::AccountOptions o;
        o.likeDelayMs = 100;
        o.pollIntervalMs = 0;
        core.startAccount(core.session()->user(), o);
        QCOMPARE(core.outboxPath(), firstOutbox);
        // The file is read on the outbox's own thread: until it is open, the count is 0 without
        // anything having been sent (CI once read "0" here and asked the server too early).
        QTRY_VERIFY_WITH_TIMEOUT(core.outbox()->isOpen(), kWaitMs);
        QTRY_COMPARE_WITH_TIMEOUT(core.pendingCount(), 0, kWaitMs);
        Client me(server.baseUrl());
        QVERIFY(!me.login(QStringLiteral("zhangsan")).isEmpty());
        QVERIFY(me.get(QStringLiteral("/api/v1/posts/%1").arg(post))
                    .obj()
                    .value(QStringLiteral("liked"))
                    .toBool());
    }

    void identityIsNeverAFileNameFromAHostileServer_data()
    {
        QTest::addColumn<QString>("instance");
        QTest::addColumn<QString>("normalised");
        QTest::newRow("a uuid") << QStringLiteral("6F1C2A4E-3B5D-4C7E-9A8B-0123456789AB")
                                << QStringLiteral("6f1c2a4e-3b5d-4c7e-9a8b-0123456789ab");
        QTest::newRow("braces") << QStringLiteral("{6f1c2a4e-3b5d-4c7e-9a8b-0123456789ab}")
                                << QStringLiteral("6f1c2a4e-3b5d-4c7e-9a8b-0123456789ab");
        QTest::newRow("a path") << QStringLiteral("../../etc/passwd") << QString();
        QTest::newRow("empty") << QString() << QString();
        QTest::newRow("huge") << QString(100000, QLatin1Char('a')) << QString();
    }
    void identityIsNeverAFileNameFromAHostileServer()
    {
        QFETCH(QString, instance);
        QFETCH(QString, normalised);
        QCOMPARE(ServerIdentity::normalised(instance), normalised);
        const QString folder = ServerIdentity::folderName(instance, QStringLiteral("h_80"));
        QCOMPARE(folder, normalised.isEmpty() ? QStringLiteral("h_80")
                                              : QStringLiteral("id-") + normalised);
    }
};

QTEST_GUILESS_MAIN(TestQaAccounts)
#include "tst_qaaccounts.moc"

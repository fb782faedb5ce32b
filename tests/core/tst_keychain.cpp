// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tst_keychain: Keychain and Session against the REAL secret service and the real server.
//
// Needs a session bus with an unlocked Secret Service, as scripts/test.sh provides:
//   dbus-run-session -- sh -c 'echo -n pw | gnome-keyring-daemon --unlock --components=secrets
//                              >/dev/null; ctest …'
// with a temporary HOME (then the whole HOME is scanned for the token).
//
// "Keychain unavailable" is tested for real too: the executable runs itself as a child process
// whose DBUS_SESSION_BUS_ADDRESS points at a socket that does not exist (UnavailableChild).
// No fake keychain is used anywhere. Waits on signals only, never sleeps.

#include "account/keychain.h"
#include "account/session.h"
#include "net/apiclient.h"
#include "net/endpoints.h"
#include "testserver.h"

#include <qt6keychain/keychain.h>

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonObject>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QUuid>
#include <QtTest>

#include <memory>

using threadline::core::Keychain;
using threadline::core::Session;
using threadline::core::UserProfile;
using threadline::test::Client;
using threadline::test::TestServer;

namespace {

constexpr char kChildEnv[] = "THREADLINE_TST_KEYCHAIN_CHILD";
constexpr char kChildServerEnv[] = "THREADLINE_TST_KEYCHAIN_SERVER";
constexpr int kWaitMs = 30000;

struct KeychainAnswer
{
    bool answered = false;
    Keychain::Status status = Keychain::Status::Unavailable;
    QString secret;
    QString message;
};

// One read through a fresh Keychain object.
KeychainAnswer readKey(const QString &key)
{
    Keychain kc;
    QSignalSpy spy(&kc, &Keychain::readFinished);
    kc.read(key);
    KeychainAnswer a;
    if (!spy.wait(kWaitMs) || spy.size() != 1)
        return a;
    a.answered = true;
    a.status = spy.at(0).at(1).value<Keychain::Status>();
    a.secret = spy.at(0).at(2).toString();
    a.message = spy.at(0).at(3).toString();
    return a;
}

KeychainAnswer writeKey(Keychain &kc, const QString &key, const QString &secret)
{
    QSignalSpy spy(&kc, &Keychain::writeFinished);
    kc.write(key, secret);
    KeychainAnswer a;
    if (!spy.wait(kWaitMs) || spy.size() != 1)
        return a;
    a.answered = true;
    a.status = spy.at(0).at(1).value<Keychain::Status>();
    a.message = spy.at(0).at(2).toString();
    return a;
}

KeychainAnswer removeKey(Keychain &kc, const QString &key)
{
    QSignalSpy spy(&kc, &Keychain::removeFinished);
    kc.remove(key);
    KeychainAnswer a;
    if (!spy.wait(kWaitMs) || spy.size() != 1)
        return a;
    a.answered = true;
    a.status = spy.at(0).at(1).value<Keychain::Status>();
    a.message = spy.at(0).at(2).toString();
    return a;
}

// Files under dir (recursively) whose bytes contain the text, as UTF-8 or UTF-16.
QStringList filesContaining(const QString &dir, const QString &text)
{
    QStringList hits;
    const QByteArray utf8 = text.toUtf8();
    const QByteArray utf16(reinterpret_cast<const char *>(text.utf16()), text.size() * 2);
    QDirIterator it(dir, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        if (it.fileInfo().isSymLink() || it.fileInfo().size() > 64 * 1024 * 1024)
            continue;
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray bytes = f.readAll();
        if (bytes.contains(utf8) || bytes.contains(utf16))
            hits.append(path);
    }
    return hits;
}

// SQLite databases (and their journals) under dir.
QStringList sqliteFiles(const QString &dir)
{
    QStringList found;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile f(path);
        if (path.endsWith(QLatin1String("-wal")) || path.endsWith(QLatin1String("-journal")) ||
            (f.open(QIODevice::ReadOnly) && f.read(16) == QByteArray("SQLite format 3\0", 16)))
            found.append(path);
    }
    return found;
}

// Every signal of a session, in order, as text (no token in it).
class SessionLog : public QObject
{
    Q_OBJECT

public:
    explicit SessionLog(Session *s)
    {
        connect(s, &Session::signedIn, this, [this](const UserProfile &u) {
            events << QStringLiteral("signedIn");
            user = u;
            Q_EMIT changed();
        });
        connect(s, &Session::signedOut, this, [this] {
            events << QStringLiteral("signedOut");
            Q_EMIT changed();
        });
        connect(s, &Session::loginFailed, this, [this](const QString &m) {
            events << QStringLiteral("loginFailed");
            message = m;
            Q_EMIT changed();
        });
        connect(s, &Session::keychainUnavailable, this, [this](const QString &r) {
            events << QStringLiteral("keychainUnavailable");
            reason = r;
        });
        connect(s, &Session::tokenChanged, this, [this](const QString &t) { tokens << t; });
    }

    // Runs the event loop until one of signedIn, signedOut, loginFailed arrives.
    bool waitEnd()
    {
        const qsizetype before = ends();
        QSignalSpy spy(this, &SessionLog::changed);
        while (ends() == before) {
            if (!spy.wait(kWaitMs))
                return false;
        }
        return true;
    }
    [[nodiscard]] qsizetype ends() const
    {
        return events.count(QStringLiteral("signedIn")) +
               events.count(QStringLiteral("signedOut")) +
               events.count(QStringLiteral("loginFailed"));
    }

    QStringList events;
    QStringList tokens;
    UserProfile user;
    QString message;
    QString reason;

Q_SIGNALS:
    void changed();
};

} // namespace

// ---- the main suite: a working secret service --------------------------------------------------

class TestKeychain : public QObject
{
    Q_OBJECT

private:
    TestServer m_server;
    threadline::core::ApiClient m_api; // the sessions' HTTP
    QString m_token;                   // zhangsan's, from login()

    int countLogged(const QByteArray &prefix)
    {
        Client c(m_server.baseUrl());
        if (c.get(QStringLiteral("/api/v1/health")).status != 200) // logged in order: a fence
            return -1;
        int n = 0;
        for (const QByteArray &line : m_server.stderrLog().split('\n'))
            n += TestServer::logText(line).startsWith(prefix) ? 1 : 0;
        return n;
    }

private Q_SLOTS:
    void init() { m_api.setOffline(false); }

    void initTestCase()
    {
        Keychain kc;
        const QString probe =
            QStringLiteral("tst_keychain-probe/") + QUuid::createUuid().toString();
        const KeychainAnswer a = writeKey(kc, probe, QStringLiteral("probe"));
        QVERIFY2(a.answered && a.status == Keychain::Status::Ok,
                 qPrintable(QStringLiteral("This suite needs a running, unlocked Secret Service "
                                           "(run it through scripts/test.sh, or under "
                                           "dbus-run-session with gnome-keyring-daemon "
                                           "--unlock --components=secrets): ") +
                            a.message));
        QCOMPARE(removeKey(kc, probe).status, Keychain::Status::Ok);
        QVERIFY(m_server.start());
    }

    void keyFor_data()
    {
        QTest::addColumn<QString>("server");
        QTest::addColumn<QString>("username");
        QTest::addColumn<QString>("key");
        QTest::newRow("brief") << "http://127.0.0.1:8080"
                               << "zhangsan"
                               << "http://127.0.0.1:8080/zhangsan";
        QTest::newRow("trailing slash and path") << "http://127.0.0.1:8080/some/path/?q=1#f"
                                                 << "lisi"
                                                 << "http://127.0.0.1:8080/lisi";
        QTest::newRow("case and default port") << "HTTP://Example.COM:80"
                                               << "wangwu"
                                               << "http://example.com/wangwu";
        QTest::newRow("https default port") << "https://example.com:443/"
                                            << "u"
                                            << "https://example.com/u";
        QTest::newRow("https other port") << "https://example.com:8443"
                                          << "u"
                                          << "https://example.com:8443/u";
        QTest::newRow("user info dropped") << "http://a:b@example.com"
                                           << "u"
                                           << "http://example.com/u";
        QTest::newRow("not http") << "ftp://example.com"
                                  << "u"
                                  << "";
        QTest::newRow("relative") << "/api/v1"
                                  << "u"
                                  << "";
        QTest::newRow("no username") << "http://example.com"
                                     << ""
                                     << "";
    }

    void keyFor()
    {
        QFETCH(QString, server);
        QFETCH(QString, username);
        QFETCH(QString, key);
        QCOMPARE(Keychain::keyFor(QUrl(server), username), key);
        QCOMPARE(Keychain::serviceName(), QStringLiteral("threadline"));
    }

    // Store, read back (also with QtKeychain directly), replace, delete.
    void storeReadDelete()
    {
        Keychain kc;
        QSignalSpy unavailable(&kc, &Keychain::unavailable);
        const QString key = Keychain::keyFor(QUrl(QStringLiteral("http://127.0.0.1:8080")),
                                             QStringLiteral("zhangsan"));
        QCOMPARE(key, QStringLiteral("http://127.0.0.1:8080/zhangsan"));
        const QString secret = QStringLiteral("s3cret-Ω-🙂-") + QUuid::createUuid().toString();

        KeychainAnswer w = writeKey(kc, key, secret);
        QVERIFY(w.answered);
        QCOMPARE(w.status, Keychain::Status::Ok);
        KeychainAnswer r = readKey(key);
        QVERIFY(r.answered);
        QCOMPARE(r.status, Keychain::Status::Ok);
        QCOMPARE(r.secret, secret);

        // The same entry as QtKeychain itself sees it: service "threadline", that key.
        {
            auto *job = new QKeychain::ReadPasswordJob(QStringLiteral("threadline"));
            job->setKey(key);
            QSignalSpy done(job, &QKeychain::Job::finished);
            job->start();
            QVERIFY(done.wait(kWaitMs));
            QCOMPARE(job->error(), QKeychain::NoError);
            QCOMPARE(job->textData(), secret);
        }

        QCOMPARE(writeKey(kc, key, QStringLiteral("second")).status, Keychain::Status::Ok);
        QCOMPARE(readKey(key).secret, QStringLiteral("second"));

        const KeychainAnswer d = removeKey(kc, key);
        QVERIFY(d.answered);
        QCOMPARE(d.status, Keychain::Status::Ok);
        r = readKey(key);
        QVERIFY(r.answered);
        QCOMPARE(r.status, Keychain::Status::NotFound);
        QVERIFY(r.secret.isEmpty());
        QCOMPARE(unavailable.size(), 0);
    }

    // Login stores the token in the keychain, and in no file: not QSettings, not SQLite.
    void loginStoresTokenInKeychainOnly()
    {
        Keychain kc;
        Session s(&m_api, &kc);
        SessionLog log(&s);
        QSignalSpy states(&s, &Session::stateChanged);
        s.login(m_server.baseUrl(), QStringLiteral("zhangsan"), QStringLiteral("demo"));
        QCOMPARE(s.state(), Session::State::SigningIn);
        QVERIFY(log.events.isEmpty()); // never from inside the call
        QVERIFY(log.waitEnd());
        QCOMPARE(log.events, QStringList{QStringLiteral("signedIn")});
        QCOMPARE(s.state(), Session::State::SignedIn);
        QCOMPARE(states.size(), 2);
        m_token = s.token();
        QVERIFY(!m_token.isEmpty());
        QCOMPARE(log.tokens, QStringList{m_token});
        QCOMPARE(log.user.brief.uid, 10001);
        QCOMPARE(log.user.brief.nickName, QStringLiteral("张三"));
        QCOMPARE(s.user(), log.user);
        QVERIFY(s.isTokenStored());
        QVERIFY(s.isVerified());

        // In the keychain, under origin + "/" + username.
        const QString key = Keychain::originOf(m_server.baseUrl()) + QStringLiteral("/zhangsan");
        const KeychainAnswer r = readKey(key);
        QCOMPARE(r.status, Keychain::Status::Ok);
        QCOMPARE(r.secret, m_token);

        // A working token.
        Client c(m_server.baseUrl());
        c.setToken(m_token);
        const auto me = c.get(QStringLiteral("/api/v1/me"));
        QCOMPARE(me.status, 200);
        QCOMPARE(me.obj().value(QLatin1String("uid")).toInteger(), 10001);

        // QSettings remembers the account, not the token.
        QSettings settings;
        settings.sync();
        QVERIFY2(QFile::exists(settings.fileName()), qPrintable(settings.fileName()));
        QCOMPARE(Session::rememberedUsername(), QStringLiteral("zhangsan"));
        QCOMPARE(Keychain::originOf(Session::rememberedServer()),
                 Keychain::originOf(m_server.baseUrl()));
        QCOMPARE(filesContaining(QFileInfo(settings.fileName()).absolutePath(),
                                 QStringLiteral("zhangsan"))
                     .size(),
                 1);
        QVERIFY2(filesContaining(QFileInfo(settings.fileName()).absolutePath(), m_token).isEmpty(),
                 "the token is in a QSettings file");

        // No file of this user holds it: with a temporary HOME (scripts/test.sh) the whole
        // HOME is scanned, settings, data, cache and the keyring's own files included.
        QStringList roots;
        const bool tempHome = QDir::homePath().startsWith(QDir::tempPath());
        if (tempHome) {
            roots << QDir::homePath();
        } else {
            qWarning("HOME is not a temporary directory: scanning the application's own "
                     "directories only (scripts/test.sh runs with a temporary HOME)");
            roots << QFileInfo(settings.fileName()).absolutePath()
                  << QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
                  << QStandardPaths::writableLocation(QStandardPaths::CacheLocation);
        }
        for (const QString &root : std::as_const(roots)) {
            const QStringList hits = filesContaining(root, m_token);
            QVERIFY2(hits.isEmpty(), qPrintable(hits.join(u' ')));
            for (const QString &db : sqliteFiles(root))
                QVERIFY2(filesContaining(QFileInfo(db).absolutePath(), m_token).isEmpty(),
                         qPrintable(db));
        }
    }

    void loginFailures_data()
    {
        QTest::addColumn<QString>("server"); // "SERVER": the test server; "DEAD": nobody listens
        QTest::addColumn<QString>("username");
        QTest::addColumn<QString>("password");
        QTest::addColumn<bool>("offline");
        QTest::addColumn<QString>("message");
        QTest::newRow("wrong password") << "SERVER"
                                        << "lisi"
                                        << "wrong" << false << "Wrong username or password";
        QTest::newRow("unknown user") << "SERVER"
                                      << "nobody-here"
                                      << "demo" << false << "Wrong username or password";
        QTest::newRow("unreachable") << "DEAD"
                                     << "lisi"
                                     << "demo" << false << "The server could not be reached";
        QTest::newRow("empty password") << "SERVER"
                                        << "lisi"
                                        << "" << false << "Enter your username and password";
        QTest::newRow("bad address") << "not a url"
                                     << "lisi"
                                     << "demo" << false << "The server address is not valid";
        QTest::newRow("offline") << "SERVER"
                                 << "lisi"
                                 << "demo" << true
                                 << "You are offline; signing in needs the server";
    }

    void loginFailures()
    {
        QFETCH(QString, server);
        QFETCH(QString, username);
        QFETCH(QString, password);
        QFETCH(bool, offline);
        QFETCH(QString, message);
        QUrl url(server);
        if (server == QLatin1String("SERVER")) {
            url = m_server.baseUrl();
        } else if (server == QLatin1String("DEAD")) {
            QTcpServer dead;
            QVERIFY(dead.listen(QHostAddress::LocalHost, 0));
            url = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(dead.serverPort()));
        } // closed again here: connections are refused

        const int loginsBefore = countLogged("POST /api/v1/auth/login ");
        Keychain kc;
        Session s(&m_api, &kc);
        m_api.setOffline(offline);
        SessionLog log(&s);
        s.login(url, username, password);
        QVERIFY(log.waitEnd());
        QCOMPARE(log.events, QStringList{QStringLiteral("loginFailed")});
        QCOMPARE(log.message, message);
        QCOMPARE(s.state(), Session::State::SignedOut);
        QVERIFY(s.token().isEmpty());
        QVERIFY(log.tokens.isEmpty());
        if (offline)
            QCOMPARE(countLogged("POST /api/v1/auth/login "), loginsBefore); // nothing sent
        if (!Keychain::keyFor(url, username).isEmpty())
            QCOMPARE(readKey(Keychain::keyFor(url, username)).status, Keychain::Status::NotFound);
    }

    // A fresh Session (and Keychain) finds the token again.
    void restoreInFreshSession()
    {
        QVERIFY(!m_token.isEmpty());
        Keychain kc;
        Session s(&m_api, &kc);
        SessionLog log(&s);
        const int meBefore = countLogged("GET /api/v1/me ");
        s.restore(m_server.baseUrl(), QStringLiteral("zhangsan"));
        QCOMPARE(s.state(), Session::State::SigningIn);
        QVERIFY(log.waitEnd());
        QCOMPARE(log.events, QStringList{QStringLiteral("signedIn")});
        QCOMPARE(s.token(), m_token);
        QCOMPARE(log.tokens, QStringList{m_token});
        QCOMPARE(log.user.brief.uid, 10001);
        QVERIFY(s.isVerified());
        QVERIFY(s.isTokenStored());
        QCOMPARE(countLogged("GET /api/v1/me "), meBefore + 1); // checked with the server

        // The remembered account, the same way.
        Session again(&m_api, &kc);
        SessionLog log2(&again);
        QVERIFY(again.restoreRemembered());
        QVERIFY(log2.waitEnd());
        QCOMPARE(log2.events, QStringList{QStringLiteral("signedIn")});
        QCOMPARE(again.token(), m_token);
    }

    // Offline, the stored token is trusted without a request; the last profile is shown.
    void restoreOffline()
    {
        Keychain kc;
        Session s(&m_api, &kc);
        m_api.setOffline(true);
        SessionLog log(&s);
        const int before = countLogged("GET /api/v1/me ");
        s.restore(m_server.baseUrl(), QStringLiteral("zhangsan"));
        QVERIFY(log.waitEnd());
        QCOMPARE(log.events, QStringList{QStringLiteral("signedIn")});
        QCOMPARE(s.token(), m_token);
        QVERIFY(!s.isVerified());
        QCOMPARE(log.user.brief.uid, 10001);
        QCOMPARE(log.user.brief.nickName, QStringLiteral("张三"));
        QCOMPARE(countLogged("GET /api/v1/me "), before);
    }

    // Logout: the server revokes the token and the keychain entry is deleted.
    // QA's faults are for the app's requests, not its sign-in (one attempt): with every request
    // answered by a simulated 503, the session still signs in and checks its token — while an
    // ordinary request through the same client gets the simulated fault.
    void faultsLeaveTheSignInAlone()
    {
        threadline::core::FaultConfig faults;
        faults.errorRate = 1.0;
        m_api.setFaultConfig(faults);
        m_api.setRetryPolicy({1, 10, 10});
        Keychain kc;
        Session s(&m_api, &kc);
        SessionLog log(&s);
        s.login(m_server.baseUrl(), QStringLiteral("zhangsan"), QStringLiteral("demo"));
        QVERIFY(log.waitEnd());
        QCOMPARE(log.events, QStringList{QStringLiteral("signedIn")});
        QVERIFY(s.isVerified());
        m_token = s.token();

        m_api.setBaseUrl(m_server.baseUrl());
        threadline::core::ApiReply *reply = m_api.send(threadline::core::endpoint::health(), this);
        int status = -1;
        connect(reply, &threadline::core::ApiReply::finished, this,
                [&status, reply] { status = reply->status(); });
        QTRY_COMPARE_WITH_TIMEOUT(status, 503, kWaitMs);
        m_api.setFaultConfig({});
        m_api.setBaseUrl({});
        m_api.setRetryPolicy({});
    }

    void logoutRevokesAndDeletes()
    {
        Keychain kc;
        Session s(&m_api, &kc);
        SessionLog log(&s);
        s.restore(m_server.baseUrl(), QStringLiteral("zhangsan"));
        QVERIFY(log.waitEnd());
        QCOMPARE(s.state(), Session::State::SignedIn);
        const QString old = s.token();
        QCOMPARE(old, m_token);

        s.logout();
        QCOMPARE(s.state(), Session::State::SignedOut); // at once
        QVERIFY(s.token().isEmpty());
        QCOMPARE(log.tokens.last(), QString()); // tokenChanged("") at once
        QVERIFY(log.waitEnd());
        QCOMPARE(log.events.last(), QStringLiteral("signedOut"));
        QVERIFY(!log.events.contains(QStringLiteral("keychainUnavailable")));

        Client c(m_server.baseUrl());
        c.setToken(old);
        QCOMPARE(c.get(QStringLiteral("/api/v1/me")).status, 401);
        QCOMPARE(readKey(Keychain::keyFor(m_server.baseUrl(), QStringLiteral("zhangsan"))).status,
                 Keychain::Status::NotFound);

        // Nothing to restore any more; the username is still offered, the profile is gone.
        Session fresh(&m_api, &kc);
        SessionLog log2(&fresh);
        fresh.restore(m_server.baseUrl(), QStringLiteral("zhangsan"));
        QVERIFY(log2.waitEnd());
        QCOMPARE(log2.events, QStringList{QStringLiteral("signedOut")});
        QVERIFY(fresh.token().isEmpty());
        QCOMPARE(Session::rememberedUsername(), QStringLiteral("zhangsan"));
        QVERIFY(!QSettings().contains(QStringLiteral("session/uid")));
    }

    // A stored token the server no longer accepts: signed out, and the entry is deleted.
    void restoreWithRevokedToken()
    {
        Keychain kc;
        QString token;
        {
            Session s(&m_api, &kc);
            SessionLog log(&s);
            s.login(m_server.baseUrl(), QStringLiteral("lisi"), QStringLiteral("demo"));
            QVERIFY(log.waitEnd());
            QCOMPARE(log.events, QStringList{QStringLiteral("signedIn")});
            token = s.token();
        }
        Client c(m_server.baseUrl());
        c.setToken(token);
        QCOMPARE(c.post(QStringLiteral("/api/v1/auth/logout")).status, 204); // behind its back

        Session s(&m_api, &kc);
        SessionLog log(&s);
        s.restore(m_server.baseUrl(), QStringLiteral("lisi"));
        QVERIFY(log.waitEnd());
        QCOMPARE(log.events, QStringList{QStringLiteral("signedOut")});
        QCOMPARE(s.state(), Session::State::SignedOut);
        QVERIFY(s.token().isEmpty());
        QCOMPARE(log.tokens, (QStringList{token, QString()}));
        // The keychain runs its jobs in order: this read comes after the deletion.
        QCOMPARE(readKey(Keychain::keyFor(m_server.baseUrl(), QStringLiteral("lisi"))).status,
                 Keychain::Status::NotFound);
    }

    // No secret service at all (a bus address that leads nowhere), in a child process: the
    // user is told, and signing in still works for the run.
    void keychainUnavailableInChildProcess()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QProcess child;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"),
                   QStringLiteral("unix:path=") + dir.filePath(QStringLiteral("no-bus-here")));
        env.insert(QString::fromLatin1(kChildEnv), QStringLiteral("1"));
        env.insert(QString::fromLatin1(kChildServerEnv), m_server.baseUrl().toString());
        child.setProcessEnvironment(env);
        child.setProcessChannelMode(QProcess::MergedChannels);
        QSignalSpy finished(&child, &QProcess::finished);
        child.start(QCoreApplication::applicationFilePath(), {});
        QVERIFY(child.waitForStarted(kWaitMs));
        QVERIFY(finished.wait(240000));
        const QByteArray out = child.readAll();
        QVERIFY2(child.exitStatus() == QProcess::NormalExit && child.exitCode() == 0,
                 out.constData());
        QVERIFY2(out.contains("Totals:") && out.contains(" 0 failed"), out.constData());
        QVERIFY2(out.contains("PASS   : UnavailableChild::loginWorksForTheRun()"), out.constData());
    }
};

// ---- the child: no secret service reachable ----------------------------------------------------

class UnavailableChild : public QObject
{
    Q_OBJECT

private:
    QUrl m_server;
    threadline::core::ApiClient m_api; // the sessions' HTTP
    QString m_token;

private Q_SLOTS:
    void initTestCase()
    {
        m_server = QUrl(qEnvironmentVariable(kChildServerEnv));
        QVERIFY(m_server.isValid());
        QVERIFY(qEnvironmentVariable("DBUS_SESSION_BUS_ADDRESS").contains(QLatin1String("no-bus")));
    }

    void keychainReportsUnavailable()
    {
        Keychain kc;
        QSignalSpy unavailable(&kc, &Keychain::unavailable);
        const KeychainAnswer w =
            writeKey(kc, QStringLiteral("http://127.0.0.1:1/x"), QStringLiteral("secret"));
        QVERIFY(w.answered);
        QCOMPARE(w.status, Keychain::Status::Unavailable);
        QVERIFY(!w.message.isEmpty());
        QCOMPARE(unavailable.size(), 1);
        QCOMPARE(readKey(QStringLiteral("http://127.0.0.1:1/x")).status,
                 Keychain::Status::Unavailable);
    }

    void loginWorksForTheRun()
    {
        Keychain kc;
        Session s(&m_api, &kc);
        SessionLog log(&s);
        s.login(m_server, QStringLiteral("mazi"), QStringLiteral("demo"));
        QVERIFY(log.waitEnd());
        // The user is told first, then signed in all the same.
        QCOMPARE(log.events,
                 (QStringList{QStringLiteral("keychainUnavailable"), QStringLiteral("signedIn")}));
        QVERIFY(log.reason.contains(QLatin1String("keychain is not available")));
        qInfo("told the user: %s", qPrintable(log.reason)); // words only, no token
        QCOMPARE(s.state(), Session::State::SignedIn);
        QVERIFY(!s.isTokenStored());
        m_token = s.token();
        QVERIFY(!m_token.isEmpty());
        QCOMPARE(log.user.brief.uid, 10004);

        Client c(m_server);
        c.setToken(m_token);
        QCOMPARE(c.get(QStringLiteral("/api/v1/me")).status, 200);

        // Still not in QSettings.
        QSettings settings;
        settings.sync();
        QVERIFY(QFile::exists(settings.fileName()));
        QVERIFY(filesContaining(QFileInfo(settings.fileName()).absolutePath(), m_token).isEmpty());

        // Logout revokes even so; removing the entry is reported as unavailable.
        log.events.clear();
        s.logout();
        QVERIFY(log.waitEnd());
        QCOMPARE(log.events,
                 (QStringList{QStringLiteral("keychainUnavailable"), QStringLiteral("signedOut")}));
        QCOMPARE(c.get(QStringLiteral("/api/v1/me")).status, 401);
    }

    void restoreTellsTheUser()
    {
        Keychain kc;
        Session s(&m_api, &kc);
        SessionLog log(&s);
        s.restore(m_server, QStringLiteral("mazi"));
        QVERIFY(log.waitEnd());
        QCOMPARE(log.events,
                 (QStringList{QStringLiteral("keychainUnavailable"), QStringLiteral("signedOut")}));
        QVERIFY(!log.reason.isEmpty());
        QVERIFY(s.token().isEmpty());
    }
};

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    // A settings folder of its own: the suites run side by side in one test HOME, and other
    // suites' settings name "zhangsan" too (loginStoresTokenInKeychainOnly counts this folder).
    QCoreApplication::setOrganizationName(QStringLiteral("ThreadlineTest-keychain"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_keychain"));
    if (qEnvironmentVariableIsSet(kChildEnv)) {
        UnavailableChild child;
        return QTest::qExec(&child, argc, argv);
    }
    TestKeychain test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_keychain.moc"

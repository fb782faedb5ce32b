// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// One Threadline per account, driven as a user's desktop drives it: the real `threadline`
// program in processes of its own (offscreen), a home and a runtime folder of its own per test.
// - A second run for the same --cache file hands its link (threadline://post/ID) or
//   --open-post over to the first, which raises its window and opens the thread; the second
//   ends at once, having opened nothing.
// - Runs for different --cache files go on side by side.
// - A second run that reaches the same outbox all the same (it cannot see the first one's
//   socket: another runtime folder) stops at the outbox's lock with a sentence naming the first.
// - The gate's socket takes only what a command line can be: garbage, an endless line and a
//   silent peer are dropped, in bounded time.
#include "account/instancegate.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QLocalSocket>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

using threadline::core::InstanceGate;

namespace {

constexpr int kStartMs = 60000;

// A run of the client that goes on while the test talks to it; its stderr is gathered.
class Running
{
public:
    Running(const QProcessEnvironment &env, const QStringList &args)
    {
        m_process.setProcessEnvironment(env);
        m_process.setStandardInputFile(QProcess::nullDevice());
        QObject::connect(&m_process, &QProcess::readyReadStandardError, &m_process,
                         [this] { m_err += m_process.readAllStandardError(); });
        m_process.start(QStringLiteral(THREADLINE_APP_BIN), args);
    }
    ~Running()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished(5000);
        }
    }
    [[nodiscard]] QByteArray err() const { return m_err; }
    [[nodiscard]] qint64 pid() const { return m_process.processId(); }
    [[nodiscard]] bool running() const { return m_process.state() == QProcess::Running; }

private:
    QProcess m_process;
    QByteArray m_err;
};

struct Ended
{
    int exitCode = -1;
    QByteArray out, err;
    [[nodiscard]] QByteArray describe() const
    {
        return "exit " + QByteArray::number(exitCode) + "\n--- stdout\n" + out + "\n--- stderr\n" +
               err.right(3000);
    }
};

} // namespace

class TestQaSingleInstance : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_home;

    [[nodiscard]] QString home(const QString &name) const { return m_home->filePath(name); }

    // The user's environment: offscreen, this test's home, and its runtime folder (where the
    // gate's sockets are) — `runtime` names another one, as a second login session would have.
    QProcessEnvironment environment(const QString &runtime = QStringLiteral("runtime")) const
    {
        QDir().mkpath(home(runtime));
        QFile::setPermissions(home(runtime),
                              QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("HOME"), m_home->path());
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home(QStringLiteral("config")));
        env.insert(QStringLiteral("XDG_DATA_HOME"), home(QStringLiteral("data")));
        env.insert(QStringLiteral("XDG_CACHE_HOME"), home(QStringLiteral("cache")));
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), home(runtime));
        env.insert(QStringLiteral("THREADLINE_STARTUP_TRACE"), QStringLiteral("1"));
        // no keychain, no server: the runs are offline, on --cache files
        env.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"),
                   QStringLiteral("unix:path=") + home(QStringLiteral("no-bus")));
        return env;
    }

    // The run to its end, this test's event loop turning meanwhile (the gate in this process
    // answers it).
    static Ended runToEnd(const QProcessEnvironment &env, const QStringList &args)
    {
        QProcess p;
        p.setProcessEnvironment(env);
        p.setStandardInputFile(QProcess::nullDevice());
        QSignalSpy finished(&p, &QProcess::finished);
        p.start(QStringLiteral(THREADLINE_APP_BIN), args);
        Ended e;
        if (!p.waitForStarted(10000) || !finished.wait(kStartMs)) {
            p.kill();
            p.waitForFinished(5000);
            e.err = p.readAllStandardError();
            return e;
        }
        e.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
        e.out = p.readAllStandardOutput();
        e.err = p.readAllStandardError();
        return e;
    }

    QStringList offlineOn(const QString &cache) const
    {
        return {QStringLiteral("--offline"), QStringLiteral("--cache"), home(cache)};
    }

private Q_SLOTS:
    void init()
    {
        m_home = std::make_unique<QTemporaryDir>();
        QVERIFY(m_home->isValid());
    }

    void secondRunHandsItsLinkOver()
    {
        const Running first(environment(), offlineOn(QStringLiteral("a.sqlite")));
        QTRY_VERIFY2_WITH_TIMEOUT(first.err().contains("listening for later runs"),
                                  first.err().right(2000).constData(), kStartMs);

        // The desktop opens a link: a second run, which hands it over and ends.
        const Ended link = runToEnd(environment(), offlineOn(QStringLiteral("a.sqlite"))
                                                       << QStringLiteral("threadline://post/42"));
        QVERIFY2(link.exitCode == 0, link.describe());
        QVERIFY2(link.out.contains("already open"), link.describe());
        QVERIFY2(!link.err.contains("AppCore options"), link.describe()); // opened nothing
        QTRY_VERIFY2_WITH_TIMEOUT(first.err().contains("handed over: post 42"),
                                  first.err().right(2000).constData(), 10000);

        const Ended open =
            runToEnd(environment(), offlineOn(QStringLiteral("a.sqlite"))
                                        << QStringLiteral("--open-post") << QStringLiteral("7"));
        QVERIFY2(open.exitCode == 0, open.describe());
        QTRY_VERIFY2_WITH_TIMEOUT(first.err().contains("handed over: post 7"),
                                  first.err().right(2000).constData(), 10000);
        QVERIFY(first.running());
    }

    void otherCachesRunSideBySide()
    {
        const Running first(environment(), offlineOn(QStringLiteral("a.sqlite")));
        QTRY_VERIFY2_WITH_TIMEOUT(first.err().contains("listening for later runs"),
                                  first.err().right(2000).constData(), kStartMs);
        const Running other(environment(), offlineOn(QStringLiteral("b.sqlite")));
        QTRY_VERIFY2_WITH_TIMEOUT(other.err().contains("listening for later runs"),
                                  other.err().right(2000).constData(), kStartMs);
        QVERIFY(first.running());
        QVERIFY(other.running());
        QVERIFY(!first.err().contains("handed over"));
    }

    void aSecondRunOnOneOutboxStopsWithASentence()
    {
        const Running first(environment(), offlineOn(QStringLiteral("a.sqlite")));
        QTRY_VERIFY2_WITH_TIMEOUT(first.err().contains("listening for later runs"),
                                  first.err().right(2000).constData(), kStartMs);
        // Another runtime folder: the first run's socket is out of sight, the outbox is not.
        const Ended second =
            runToEnd(environment(QStringLiteral("elsewhere")),
                     offlineOn(QStringLiteral("a.sqlite"))
                         << QStringLiteral("--screenshot") << home(QStringLiteral("b.png")));
        QCOMPARE(second.exitCode, 1);
        const QByteArray sentence = "already open in another Threadline window (process " +
                                    QByteArray::number(first.pid()) + ")";
        QVERIFY2(second.err.contains(sentence), second.describe());
        QVERIFY(first.running());
    }

    // The gate's side, in this process: what a hostile local peer can send costs bounded time.
    void theGateTakesOnlyACommandLine()
    {
        QTemporaryDir runtime;
        QVERIFY(runtime.isValid());
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(runtime.path()));
        const QString outbox = home(QStringLiteral("c.sqlite.outbox"));
        InstanceGate gate;
        QVERIFY(gate.listen(outbox));
        QSignalSpy received(&gate, &InstanceGate::argumentsReceived);

        const auto talk = [&](const QByteArray &bytes) {
            QLocalSocket socket;
            socket.connectToServer(InstanceGate::socketName(outbox));
            if (!socket.waitForConnected(2000))
                return QByteArray("no connection");
            socket.write(bytes);
            // the gate answers "ok" or closes; a peer is never kept more than 2 s
            QByteArray answer;
            QSignalSpy closed(&socket, &QLocalSocket::disconnected);
            QDeadlineTimer deadline(InstanceGate::kReadTimeoutMs + 3000);
            while (!answer.contains('\n') && socket.state() == QLocalSocket::ConnectedState &&
                   !deadline.hasExpired()) {
                QSignalSpy ready(&socket, &QLocalSocket::readyRead);
                if (socket.bytesAvailable() == 0)
                    ready.wait(100);
                answer += socket.readAll();
            }
            answer += socket.readAll();
            // no answer and not closed: the gate kept a peer longer than it may
            if (!answer.contains('\n') && socket.state() == QLocalSocket::ConnectedState)
                answer += "still open";
            return answer;
        };
        QCOMPARE(talk("not json\n"), QByteArray());
        QCOMPARE(talk("[1, 2]\n"), QByteArray());
        QCOMPARE(talk("{\"a\": 1}\n"), QByteArray());
        QCOMPARE(talk(QByteArray(InstanceGate::kMaxMessageBytes + 10, '[')), QByteArray());
        QCOMPARE(talk(QByteArray()), QByteArray()); // silent: dropped after the timeout
        QCOMPARE(received.size(), 0);
        QCOMPARE(talk("[\"threadline://post/5\"]\n"), QByteArray("ok\n"));
        QCOMPARE(received.size(), 1);
        QCOMPARE(received.first().first().toStringList(),
                 QStringList{QStringLiteral("threadline://post/5")});

        // the real program's side: it hands over exactly its command line
        QProcessEnvironment env = environment();
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), runtime.path());
        const QStringList args{QStringLiteral("--offline"), QStringLiteral("--cache"),
                               home(QStringLiteral("c.sqlite")),
                               QStringLiteral("threadline://post/9")};
        const Ended handed = runToEnd(env, args);
        QVERIFY2(handed.exitCode == 0, handed.describe());
        QCOMPARE(received.size(), 2);
        QCOMPARE(received.last().first().toStringList(), args);
    }

    void aMalformedLinkIsRefusedInWords()
    {
        const Ended e = runToEnd(environment(), offlineOn(QStringLiteral("a.sqlite"))
                                                    << QStringLiteral("threadline://user/3"));
        QCOMPARE(e.exitCode, 2);
        QVERIFY2(e.err.contains("not a Threadline link"), e.describe());
    }
};

QTEST_GUILESS_MAIN(TestQaSingleInstance)
#include "tst_qasingleinstance.moc"

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Crash safety of the outbox: tl-crashdriver sessions on one outbox file are killed with SIGKILL
// at random points — after an action was acknowledged as durable, right after "WILL" (while it
// is being written), right after "SENDING" (a request in flight) — and the next session starts on
// the same file. After a final drain the server must hold every acknowledged comment exactly
// once, an unacknowledged one at most once, replies under the right comment, and each post's
// like state as last acknowledged (or as a later unacknowledged toggle).
//
// THREADLINE_CRASH_ROUNDS (default 50) sets the number of sessions, THREADLINE_CRASH_SEED the
// seed (default: random, printed), THREADLINE_CRASH_RECORD a file that keeps every session's
// output; scripts/crash-soak.sh runs this with many rounds.
#include "net/apiclient.h"
#include "outbox/outbox.h"
#include "testserver.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QProcess>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <functional>

using threadline::core::ApiClient;
using threadline::core::Outbox;
using threadline::test::Client;
using threadline::test::TestServer;

namespace {

constexpr int kRoundTimeoutMs = 60000;

struct Run
{
    bool killed = false;
    bool timedOut = false;
    int exitCode = -1;
    QProcess::ExitStatus exitStatus = QProcess::NormalExit;
    QList<QByteArray> lines;
};

// Runs the driver; onLine sees every stdout line as it arrives and returns true to kill the
// process there and then (SIGKILL). Lines already written before the kill are read as well.
Run runDriver(const QStringList &args, const std::function<bool(const QByteArray &)> &onLine)
{
    Run run;
    QProcess proc;
    proc.setProgram(QStringLiteral(THREADLINE_CRASHDRIVER));
    proc.setArguments(args);
    proc.setProcessChannelMode(QProcess::SeparateChannels);
    proc.setStandardInputFile(QProcess::nullDevice());
    QEventLoop loop;
    QTimer timeout;
    timeout.setSingleShot(true);
    QObject::connect(&timeout, &QTimer::timeout, &loop, [&] {
        run.timedOut = true;
        loop.quit();
    });
    auto consume = [&] {
        while (proc.canReadLine()) {
            const QByteArray line = proc.readLine().trimmed();
            run.lines.append(line);
            if (!run.killed && onLine && onLine(line)) {
                run.killed = true;
                proc.kill();
            }
        }
    };
    QObject::connect(&proc, &QProcess::readyReadStandardOutput, &loop, consume);
    QObject::connect(&proc, &QProcess::finished, &loop, &QEventLoop::quit);
    QObject::connect(&proc, &QProcess::errorOccurred, &loop, [&](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            loop.quit();
    });
    proc.start();
    timeout.start(kRoundTimeoutMs);
    loop.exec();
    if (proc.state() != QProcess::NotRunning) {
        proc.kill();
        proc.waitForFinished(10000);
    }
    // What was written before the end (or the kill) is part of the record.
    consume();
    const QByteArray rest = proc.readAllStandardOutput().trimmed();
    if (!rest.isEmpty())
        run.lines.append(rest);
    const QByteArray err = proc.readAllStandardError();
    if (!err.trimmed().isEmpty())
        qInfo("driver stderr: %s", err.trimmed().constData());
    run.exitCode = proc.exitCode();
    run.exitStatus = proc.exitStatus();
    return run;
}

struct CommentRecord
{
    qint64 post = 0;
    QString parentContent; // for a reply
    bool acked = false;
};

} // namespace

class TestCrashSafety : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void killedSessionsLoseNothingAndDoubleNothing();
    void aSecondProcessOnOneOutboxSendsNothing();

private:
    QList<QJsonObject> allComments(qint64 postId);

    TestServer m_server;
    std::unique_ptr<Client> m_me;
    QString m_token;
};

void TestCrashSafety::initTestCase()
{
    QVERIFY(m_server.start());
    m_me = std::make_unique<Client>(m_server.baseUrl());
    m_token = m_me->login(QStringLiteral("zhangsan"));
    QVERIFY(!m_token.isEmpty());
}

QList<QJsonObject> TestCrashSafety::allComments(qint64 postId)
{
    QList<QJsonObject> all;
    qint64 after = 0;
    for (;;) {
        const auto page =
            m_me->get(QStringLiteral("/api/v1/posts/%1/comments?after=%2&limit=200&replies=0")
                          .arg(postId)
                          .arg(after));
        if (page.status != 200) {
            qWarning("%s", page.describe().constData());
            return all;
        }
        for (const QJsonValue &v : page.obj().value(QLatin1String("roots")).toArray()) {
            const QJsonObject root = v.toObject();
            all.append(root);
            if (root.value(QLatin1String("replyCount")).toInteger() == 0)
                continue;
            qint64 seq = 0;
            for (;;) {
                const auto replies =
                    m_me->get(QStringLiteral("/api/v1/comments/%1/replies?after=%2&limit=200")
                                  .arg(root.value(QLatin1String("id")).toInteger())
                                  .arg(seq));
                for (const QJsonValue &r : replies.items())
                    all.append(r.toObject());
                const QJsonValue next = replies.obj().value(QLatin1String("next"));
                if (replies.status != 200 || next.isNull() || next.isUndefined())
                    break;
                seq = next.toInteger();
            }
        }
        const QJsonValue next = page.obj().value(QLatin1String("next"));
        if (next.isNull() || next.isUndefined())
            break;
        after = next.toInteger();
    }
    return all;
}

void TestCrashSafety::killedSessionsLoseNothingAndDoubleNothing()
{
    const int rounds = qEnvironmentVariableIsSet("THREADLINE_CRASH_ROUNDS")
                           ? qEnvironmentVariableIntValue("THREADLINE_CRASH_ROUNDS")
                           : 50;
    const quint32 seed = qEnvironmentVariableIsSet("THREADLINE_CRASH_SEED")
                             ? quint32(qEnvironmentVariableIntValue("THREADLINE_CRASH_SEED"))
                             : QRandomGenerator::global()->bounded(1u, 1000000u);
    qInfo("crash soak: %d rounds, seed %u (THREADLINE_CRASH_SEED=%u reproduces the plan)", rounds,
          seed, seed);
    QRandomGenerator rng(seed);

    // A few demo posts with small threads; their like state as the run begins.
    const auto timeline = m_me->get(QStringLiteral("/api/v1/timeline?scope=all&limit=20"));
    QCOMPARE(timeline.status, 200);
    QList<qint64> posts;
    QHash<qint64, bool> initialLiked;
    for (const QJsonValue &v : timeline.items()) {
        const QJsonObject p = v.toObject();
        if (p.value(QLatin1String("commentCount")).toInteger() > 100 || posts.size() >= 4)
            continue;
        posts.append(p.value(QLatin1String("id")).toInteger());
        initialLiked.insert(posts.last(), p.value(QLatin1String("liked")).toBool());
    }
    QCOMPARE(posts.size(), 4);
    QStringList postArg;
    for (const qint64 p : posts)
        postArg << QString::number(p);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString outboxPath = dir.filePath(QStringLiteral("crash-outbox.sqlite"));
    const QStringList common = {QStringLiteral("--server"), m_server.baseUrl().toString(),
                                QStringLiteral("--token"),  m_token,
                                QStringLiteral("--outbox"), outboxPath,
                                QStringLiteral("--posts"),  postArg.join(QLatin1Char(',')),
                                QStringLiteral("--plan"),   QString::number(seed)};

    // What the sessions said.
    QHash<QString, CommentRecord> comments; // content → record
    QHash<qint64, bool> ackedLike = initialLiked;
    QHash<qint64, QSet<bool>> willOnlyAfterAck;
    QStringList failures;
    int sends = 0;
    // THREADLINE_CRASH_RECORD=FILE keeps every line of every session there, for a post-mortem.
    QFile recordFile(qEnvironmentVariable("THREADLINE_CRASH_RECORD"));
    if (!recordFile.fileName().isEmpty())
        QVERIFY(recordFile.open(QIODevice::WriteOnly | QIODevice::Truncate));
    auto absorb = [&](const QList<QByteArray> &lines) {
        if (recordFile.isOpen()) {
            recordFile.write(lines.join('\n') + "\n---\n");
            recordFile.flush();
        }
        for (const QByteArray &raw : lines) {
            const QString line = QString::fromUtf8(raw);
            const QStringList f = line.split(QLatin1Char(' '));
            if (f.first() == QLatin1String("FAILED") || f.first() == QLatin1String("ERROR"))
                failures << line;
            if (f.first() == QLatin1String("SENDING"))
                ++sends;
            if (f.size() < 4 ||
                (f.first() != QLatin1String("WILL") && f.first() != QLatin1String("ACK")))
                continue;
            const bool ack = f.first() == QLatin1String("ACK");
            if (f.at(1) == QLatin1String("like")) {
                const qint64 post = f.at(2).toLongLong();
                const bool desired = f.at(3) == QLatin1String("1");
                if (ack) {
                    ackedLike[post] = desired;
                    willOnlyAfterAck[post].clear();
                } else {
                    willOnlyAfterAck[post].insert(desired);
                }
            } else if (f.at(1) == QLatin1String("comment")) {
                CommentRecord &c = comments[f.at(3)];
                c.post = f.at(2).toLongLong();
                c.acked = c.acked || ack;
            } else if (f.at(1) == QLatin1String("reply") && f.size() >= 5) {
                CommentRecord &c = comments[f.at(4)];
                c.post = f.at(2).toLongLong();
                c.parentContent = f.at(3);
                c.acked = c.acked || ack;
            }
        }
    };

    // After a session that ran to the end the queue is empty: the server must have each post's
    // like state as last acknowledged (or as a toggle after it that was not acknowledged). From
    // then on that state is known: what follows is checked against it.
    auto likesAsAcknowledged = [&]() -> QString {
        for (const qint64 post : std::as_const(posts)) {
            const bool liked = m_me->get(QStringLiteral("/api/v1/posts/%1").arg(post))
                                   .obj()
                                   .value(QLatin1String("liked"))
                                   .toBool();
            QSet<bool> allowed = willOnlyAfterAck.value(post);
            allowed.insert(ackedLike.value(post));
            if (!allowed.contains(liked))
                return QStringLiteral("post %1: liked=%2, last acknowledged %3")
                    .arg(post)
                    .arg(liked)
                    .arg(ackedLike.value(post));
            ackedLike[post] = liked;
            willOnlyAfterAck[post].clear();
        }
        return {};
    };

    int killsAfterAck = 0, killsAfterWill = 0, killsAfterSending = 0, completedRuns = 0;
    QElapsedTimer clock;
    clock.start();
    for (int round = 0; round < rounds; ++round) {
        // Where to kill this session.
        const quint32 mode = rng.bounded(100u);
        const int k = 1 + int(rng.bounded(6u));
        QByteArray trigger;
        if (mode < 25)
            trigger = "ACK";
        else if (mode < 45)
            trigger = "SENDING";
        else if (mode < 60)
            trigger = "SENDING post_like"; // a like in flight: was it applied or not?
        else if (mode < 88)
            trigger = "WILL";
        int seen = 0;
        const Run run =
            runDriver(common + QStringList{QStringLiteral("--round"), QString::number(round)},
                      [&](const QByteArray &line) {
                          return !trigger.isEmpty() && line.startsWith(trigger + ' ') &&
                                 ++seen == (trigger == "SENDING post_like" ? 1 + k % 2 : k);
                      });
        QVERIFY2(!run.timedOut, qPrintable(QStringLiteral("round %1 hung; its output:\n%2")
                                               .arg(round)
                                               .arg(QString::fromUtf8(run.lines.join('\n')))));
        absorb(run.lines);
        if (run.killed) {
            killsAfterAck += trigger == "ACK";
            killsAfterWill += trigger == "WILL";
            killsAfterSending += trigger.startsWith("SENDING");
        } else {
            ++completedRuns;
            QVERIFY2(run.exitStatus == QProcess::NormalExit && run.exitCode == 0 &&
                         run.lines.contains("DONE"),
                     qPrintable(QStringLiteral("round %1 ended badly (exit %2):\n%3")
                                    .arg(round)
                                    .arg(run.exitCode)
                                    .arg(QString::fromUtf8(run.lines.join('\n')))));
            const QString wrong = likesAsAcknowledged();
            QVERIFY2(wrong.isEmpty(),
                     qPrintable(QStringLiteral("after round %1: %2").arg(round).arg(wrong)));
        }
    }
    const Run drain = runDriver(common + QStringList{QStringLiteral("--drain")}, {});
    absorb(drain.lines);
    QVERIFY2(!drain.timedOut && drain.exitCode == 0 && drain.lines.contains("DONE"),
             drain.lines.join('\n').constData());
    const qint64 elapsed = clock.elapsed();

    QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QLatin1Char('\n'))));

    // What the server has.
    const QString prefixC = QStringLiteral("c-%1-").arg(seed);
    const QString prefixR = QStringLiteral("r-%1-").arg(seed);
    QHash<QString, QList<QJsonObject>> onServer;
    QHash<qint64, QString> contentById;
    for (const qint64 post : std::as_const(posts)) {
        for (const QJsonObject &c : allComments(post)) {
            const QString content = c.value(QLatin1String("content")).toString();
            contentById.insert(c.value(QLatin1String("id")).toInteger(), content);
            if (content.startsWith(prefixC) || content.startsWith(prefixR))
                onServer[content].append(c);
        }
    }
    int acked = 0, willOnly = 0, willOnlyArrived = 0;
    for (auto it = comments.cbegin(); it != comments.cend(); ++it) {
        const qsizetype n = onServer.value(it.key()).size();
        if (it->acked) {
            ++acked;
            QVERIFY2(n == 1, qPrintable(QStringLiteral("acknowledged comment %1 is on the server "
                                                       "%2 times")
                                            .arg(it.key())
                                            .arg(n)));
        } else {
            ++willOnly;
            willOnlyArrived += n > 0;
            QVERIFY2(
                n <= 1,
                qPrintable(
                    QStringLiteral("comment %1 is on the server %2 times").arg(it.key()).arg(n)));
        }
        if (n == 1) {
            const QJsonObject c = onServer.value(it.key()).first();
            QCOMPARE(c.value(QLatin1String("postId")).toInteger(), it->post);
            if (!it->parentContent.isEmpty())
                QCOMPARE(contentById.value(c.value(QLatin1String("parentId")).toInteger()),
                         it->parentContent);
            else
                QCOMPARE(c.value(QLatin1String("parentId")).toInteger(), 0);
        }
    }
    for (auto it = onServer.cbegin(); it != onServer.cend(); ++it)
        QVERIFY2(
            comments.contains(it.key()),
            qPrintable(QStringLiteral("%1 is on the server but was never queued").arg(it.key())));

    const QString wrong = likesAsAcknowledged();
    QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
    QCOMPARE(m_server.stderrLog().count(" 500 "), 0);

    // The server saw retries of comments it already had (kills after SENDING): replays.
    int commentPosts = 0;
    for (const QByteArray &line : m_server.stderrLog().split('\n')) {
        const QByteArray text = TestServer::logText(line);
        if (text.startsWith("POST /api/v1/posts/") && text.contains("/comments 201"))
            ++commentPosts;
    }
    int created = 0;
    for (const auto &list : std::as_const(onServer))
        created += int(list.size());
    qInfo(
        "CRASH-SOAK SUMMARY: rounds=%d seed=%u seconds=%.1f kills_after_ack=%d kills_after_will=%d "
        "kills_after_sending=%d "
        "uninterrupted=%d acked_comments=%d will_only_comments=%d will_only_arrived=%d "
        "comments_on_server=%d comment_posts=%d replayed_posts=%d requests_sent=%d "
        "doubles=0 lost=0",
        rounds, seed, double(elapsed) / 1000.0, killsAfterAck, killsAfterWill, killsAfterSending,
        completedRuns, acked, willOnly, willOnlyArrived, created, commentPosts,
        commentPosts - created, sends);
}

// Two processes on one outbox file: this test's outbox holds it with comments queued (offline);
// a second process (the driver, told to send what the file holds) finds it locked, says so,
// loads and sends nothing. Once this one has sent them, each comment is on the server once; a
// later process finds the file free and empty.
void TestCrashSafety::aSecondProcessOnOneOutboxSendsNothing()
{
    const auto timeline = m_me->get(QStringLiteral("/api/v1/timeline?scope=all&limit=1"));
    QCOMPARE(timeline.status, 200);
    const qint64 post = timeline.items().first().toObject().value(QLatin1String("id")).toInteger();
    const auto countOnServer = [&](const QString &prefix) {
        int n = 0;
        for (const QJsonObject &c : allComments(post))
            n += c.value(QLatin1String("content")).toString().startsWith(prefix) ? 1 : 0;
        return n;
    };
    const QString prefix =
        QStringLiteral("two processes %1 ").arg(QDateTime::currentMSecsSinceEpoch());

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("outbox.sqlite"));
    const QStringList drain{QStringLiteral("--server"), m_server.baseUrl().toString(),
                            QStringLiteral("--token"),  m_token,
                            QStringLiteral("--outbox"), path,
                            QStringLiteral("--posts"),  QString::number(post),
                            QStringLiteral("--plan"),   QStringLiteral("1"),
                            QStringLiteral("--round"),  QStringLiteral("1"),
                            QStringLiteral("--drain")};
    {
        ApiClient api;
        api.setBaseUrl(m_server.baseUrl());
        api.setToken(m_token);
        api.setOffline(true);
        Outbox outbox(&api);
        QSignalSpy opened(&outbox, &Outbox::opened);
        outbox.open(path);
        QVERIFY(opened.wait(10000));
        QSignalSpy persisted(&outbox, &Outbox::persisted);
        for (int i = 0; i < 5; ++i)
            outbox.createComment(post, prefix + QString::number(i), 0, QStringLiteral("a post"));
        QTRY_COMPARE_WITH_TIMEOUT(persisted.size(), 5, 10000);

        const Run second = runDriver(drain, {});
        QVERIFY2(!second.timedOut, "the second process did not end");
        QCOMPARE(second.exitCode, 3);
        QVERIFY2(!second.lines.isEmpty() &&
                     second.lines.first() ==
                         QByteArray("LOCKED ") +
                             QByteArray::number(QCoreApplication::applicationPid()),
                 second.lines.isEmpty() ? "no output" : second.lines.first().constData());
        for (const QByteArray &line : second.lines)
            QVERIFY2(!line.startsWith("SENDING") && !line.startsWith("LOADED"), line.constData());
        QCOMPARE(countOnServer(prefix), 0);

        QSignalSpy completed(&outbox, &Outbox::completed);
        api.setOffline(false);
        QTRY_COMPARE_WITH_TIMEOUT(completed.size(), 5, 20000);
        QCOMPARE(outbox.pendingCount(), 0);
    }
    QCOMPARE(countOnServer(prefix), 5);
    // the lock went with the outbox: a later process opens the file, finds nothing to send
    const Run later = runDriver(drain, {});
    QVERIFY2(later.exitCode == 0 && later.lines.contains("LOADED 0") &&
                 later.lines.contains("DONE"),
             later.lines.join(' ').constData());
    QCOMPARE(countOnServer(prefix), 5);
}

QTEST_GUILESS_MAIN(TestCrashSafety)
#include "tst_crashsafety.moc"

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The outbox against the real server (and, for answers a healthy server never gives, a loopback
// QTcpServer with canned answers): persistence and ordered replay, the server going away and
// coming back, 5xx / 429 / timeouts / malformed answers, 401 pausing the queue, permanent
// failures in words, idempotent replay, local ids of comments written offline.
#include "net/apiclient.h"
#include "outbox/outbox.h"
#include "testserver.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QHostAddress>
#include <QJsonArray>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace threadline::core;
using threadline::test::Client;
using threadline::test::TestServer;

namespace {

constexpr int kWaitMs = 20000;

int countRequests(const TestServer &server, qsizetype mark, const QByteArray &method,
                  const QString &path, int status = -1)
{
    int n = 0;
    for (const QByteArray &line : server.stderrLog().mid(mark).split('\n')) {
        const QList<QByteArray> parts = TestServer::logText(line).split(' ');
        if (parts.size() >= 3 && parts.at(0) == method && parts.at(1) == path.toUtf8() &&
            (status < 0 || parts.at(2).toInt() == status))
            ++n;
    }
    return n;
}

// A loopback HTTP server that answers each request with the next canned answer (the last one
// repeats). An empty answer means: never answer (a timeout).
class CannedServer : public QObject
{
public:
    bool start()
    {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *s = m_server.nextPendingConnection()) {
                s->setParent(this);
                connect(s, &QTcpSocket::readyRead, this, [this, s] { onData(s); });
                connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
            }
        });
        return m_server.listen(QHostAddress::LocalHost, 0);
    }
    QUrl url() const
    {
        return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort()));
    }

    static QByteArray answer(int status, const QByteArray &body,
                             const QByteArray &extraHeaders = {})
    {
        return "HTTP/1.1 " + QByteArray::number(status) + " Canned\r\n" +
               "Content-Type: application/json\r\nConnection: close\r\n" + extraHeaders +
               "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
    }

    QList<QByteArray> answers;
    QList<QByteArray> requests; // the heads received

private:
    void onData(QTcpSocket *s)
    {
        QByteArray &buf = m_buffers[s];
        buf += s->readAll();
        const qsizetype end = buf.indexOf("\r\n\r\n");
        if (end < 0)
            return;
        const QByteArray head = buf.left(end);
        qsizetype length = 0;
        for (const QByteArray &line : head.split('\n')) {
            if (line.toLower().startsWith("content-length:"))
                length = line.mid(15).trimmed().toLongLong();
        }
        if (buf.size() < end + 4 + length)
            return;
        requests.append(head);
        buf.clear();
        const QByteArray a =
            answers.isEmpty() ? QByteArray() : answers.at(qMin(m_next, answers.size() - 1));
        ++m_next;
        if (a.isEmpty())
            return; // hang
        s->write(a);
        s->disconnectFromHost();
    }

    QTcpServer m_server;
    QHash<QTcpSocket *, QByteArray> m_buffers;
    qsizetype m_next = 0;
};

QByteArray headerValue(const QByteArray &head, const QByteArray &name)
{
    for (const QByteArray &line : head.split('\n')) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0 && line.left(colon).trimmed().toLower() == name.toLower())
            return line.mid(colon + 1).trimmed();
    }
    return {};
}

} // namespace

class TestOutbox : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void defaultPath();
    void persistsAndReplaysInOrder();
    void dueEntriesDoNotWaitForLaterOnes();
    void serverDownThenUp();
    void transientAnswersStayQueued();
    void unauthorizedPausesThenResumes();
    void permanentFailureInWords();
    void dependentsFailWithTheirCreation();
    void idempotentReplay();
    void offlineCommentWithReplyAndLike();
    void offlineSummary();
    void replayReportCountsWhatWasSaved();
    void replayIsReportedWhenNothingWaitedAtGoingOffline();
    void failedEntriesAreKeptAndSurviveARestart();
    void retryAndDiscardOfAFailedEntry();
    void retryNowSendsAWaitingEntry();
    void aVersionOneFileIsUpgraded();
    void everyActionReachesTheServer();

private:
    bool openOutbox(Outbox *outbox = nullptr);
    qint64 newPost(Client &as, const QString &content);
    // The post's comments (floors and all their replies) as zhangsan sees them.
    QList<QJsonObject> comments(qint64 postId);
    int commentsWithContent(qint64 postId, const QString &content);
    QString outboxPath() const { return m_dir->filePath(QStringLiteral("outbox.sqlite")); }

    TestServer m_server;
    std::unique_ptr<Client> m_me;     // zhangsan: the outbox's user
    std::unique_ptr<Client> m_author; // lisi
    std::unique_ptr<Client> m_wangwu;
    QString m_token;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ApiClient> m_api;
    std::unique_ptr<Outbox> m_outbox;
};

void TestOutbox::initTestCase()
{
    QVERIFY(m_server.start());
    m_me = std::make_unique<Client>(m_server.baseUrl());
    m_token = m_me->login(QStringLiteral("zhangsan"));
    QVERIFY(!m_token.isEmpty());
    m_author = std::make_unique<Client>(m_server.baseUrl());
    QVERIFY(!m_author->login(QStringLiteral("lisi")).isEmpty());
    m_wangwu = std::make_unique<Client>(m_server.baseUrl());
    QVERIFY(!m_wangwu->login(QStringLiteral("wangwu")).isEmpty());
}

void TestOutbox::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_api = std::make_unique<ApiClient>();
    m_api->setBaseUrl(m_server.baseUrl());
    m_api->setToken(m_token);
}

void TestOutbox::cleanup()
{
    m_outbox.reset();
    m_api.reset();
    m_dir.reset();
}

bool TestOutbox::openOutbox(Outbox *outbox)
{
    if (!outbox) {
        m_outbox = std::make_unique<Outbox>(m_api.get());
        outbox = m_outbox.get();
    }
    outbox->setLikeDelayMs(100);
    outbox->setBackoff(50, 400);
    outbox->setRequestTimeoutMs(2000);
    QSignalSpy opened(outbox, &Outbox::opened);
    outbox->open(outboxPath());
    if (!opened.wait(kWaitMs) || !opened.at(0).at(0).toBool()) {
        qWarning("the outbox did not open");
        return false;
    }
    return true;
}

qint64 TestOutbox::newPost(Client &as, const QString &content)
{
    const auto r =
        as.post(QStringLiteral("/api/v1/posts"), QJsonObject{{QStringLiteral("content"), content}});
    if (r.status != 201)
        qWarning("%s", r.describe().constData());
    return r.obj().value(QLatin1String("id")).toInteger();
}

QList<QJsonObject> TestOutbox::comments(qint64 postId)
{
    QList<QJsonObject> all;
    const auto r =
        m_me->get(QStringLiteral("/api/v1/posts/%1/comments?limit=200&replies=20").arg(postId));
    for (const QJsonValue &v : r.obj().value(QLatin1String("roots")).toArray())
        all.append(v.toObject());
    for (const QJsonValue &v : r.obj().value(QLatin1String("replies")).toArray())
        all.append(v.toObject());
    return all;
}

int TestOutbox::commentsWithContent(qint64 postId, const QString &content)
{
    int n = 0;
    for (const QJsonObject &c : comments(postId))
        n += c.value(QLatin1String("content")).toString() == content ? 1 : 0;
    return n;
}

void TestOutbox::defaultPath()
{
    const QString path = Outbox::defaultPath(QUrl(QStringLiteral("http://127.0.0.1:8080")),
                                             QStringLiteral("zhang/san"));
    QVERIFY2(path.endsWith(QStringLiteral("/outbox/127.0.0.1_8080/zhang%2Fsan.sqlite")),
             qPrintable(path));
}

void TestOutbox::persistsAndReplaysInOrder()
{
    const qint64 post = newPost(*m_author, QStringLiteral("replay in order"));
    m_api->setOffline(true);
    QVERIFY(openOutbox());
    QSignalSpy persisted(m_outbox.get(), &Outbox::persisted);
    QSignalSpy counts(m_outbox.get(), &Outbox::pendingCountChanged);
    QList<qint64> locals;
    for (int i = 0; i < 5; ++i)
        locals << m_outbox->createComment(post, QStringLiteral("in order %1").arg(i), 0,
                                          QStringLiteral("李四's post"));
    m_outbox->togglePostLike(post, false, true, QStringLiteral("李四's post"));
    QCOMPARE(m_outbox->pendingCount(), 6);
    QCOMPARE(counts.last().at(0).toInt(), 6);
    QTRY_COMPARE_WITH_TIMEOUT(persisted.size(), 6, kWaitMs);
    for (int i = 0; i < 5; ++i) {
        QVERIFY(locals.at(i) < 0);
        QCOMPARE(persisted.at(i).at(0).toLongLong(), -locals.at(i));
    }
    const QList<OutboxEntry> before = m_outbox->entries();
    QCOMPARE(before.size(), 6);
    m_outbox.reset(); // the process ends with nothing sent

    QVERIFY(openOutbox());
    QCOMPARE(m_outbox->entries(), before); // same order, same keys, same everything
    QSignalSpy done(m_outbox.get(), &Outbox::completed);
    const qsizetype mark = m_server.stderrLog().size();
    m_api->setOffline(false);
    QTRY_COMPARE_WITH_TIMEOUT(m_outbox->pendingCount(), 0, kWaitMs);
    QCOMPARE(done.size(), 6);
    for (int i = 0; i < 5; ++i) {
        const auto e = done.at(i).at(0).value<OutboxEntry>();
        QCOMPARE(e.kind, OutboxEntry::Kind::CreateComment);
        QCOMPARE(e.payload.value(QLatin1String("content")).toString(),
                 QStringLiteral("in order %1").arg(i));
    }
    QCOMPARE(countRequests(m_server, mark, "POST",
                           QStringLiteral("/api/v1/posts/%1/comments").arg(post), 201),
             5);
    // The floors on the server are in the order the comments were written.
    const QList<QJsonObject> all = comments(post);
    QCOMPARE(all.size(), 5);
    for (const QJsonObject &c : all) {
        const qint64 floor = c.value(QLatin1String("floor")).toInteger();
        QCOMPARE(c.value(QLatin1String("content")).toString(),
                 QStringLiteral("in order %1").arg(floor - 1));
    }
    QVERIFY(m_me->get(QStringLiteral("/api/v1/posts/%1").arg(post))
                .obj()
                .value(QLatin1String("liked"))
                .toBool());
}

void TestOutbox::dueEntriesDoNotWaitForLaterOnes()
{
    const qint64 post = newPost(*m_author, QStringLiteral("due order"));
    QVERIFY(openOutbox());
    m_outbox->setLikeDelayMs(1500);
    QSignalSpy done(m_outbox.get(), &Outbox::completed);
    m_outbox->togglePostLike(post, false, true, QStringLiteral("李四's post")); // due in 1.5 s
    m_outbox->createComment(post, QStringLiteral("not held back"), 0,
                            QStringLiteral("李四's post"));
    QTRY_COMPARE_WITH_TIMEOUT(done.size(), 2, kWaitMs);
    QCOMPARE(done.at(0).at(0).value<OutboxEntry>().kind, OutboxEntry::Kind::CreateComment);
    QCOMPARE(done.at(1).at(0).value<OutboxEntry>().kind, OutboxEntry::Kind::PostLike);
}

void TestOutbox::serverDownThenUp()
{
    const qint64 post = newPost(*m_author, QStringLiteral("server down"));
    QVERIFY(openOutbox());
    QSignalSpy retries(m_outbox.get(), &Outbox::retryScheduled);
    QSignalSpy failed(m_outbox.get(), &Outbox::failed);
    m_server.stop();

    m_outbox->createComment(post, QStringLiteral("while the server was down"), 0,
                            QStringLiteral("李四's post"));
    m_outbox->togglePostLike(post, false, true, QStringLiteral("李四's post"));
    QTRY_VERIFY_WITH_TIMEOUT(retries.size() >= 3, kWaitMs);
    for (const auto &args : retries) {
        const auto error = args.at(1).value<ApiError>();
        QVERIFY2(error.isTransient(), qPrintable(error.toLogString()));
    }
    QCOMPARE(m_outbox->pendingCount(), 2);
    QVERIFY(m_outbox->entries().first().attempts >= 1);
    QVERIFY(failed.isEmpty());

    QVERIFY(m_server.restart());
    m_api->setBaseUrl(m_server.baseUrl());
    m_me->setBaseUrl(m_server.baseUrl());
    m_author->setBaseUrl(m_server.baseUrl());
    m_wangwu->setBaseUrl(m_server.baseUrl());
    QTRY_COMPARE_WITH_TIMEOUT(m_outbox->pendingCount(), 0, kWaitMs);
    QVERIFY(failed.isEmpty());
    QCOMPARE(commentsWithContent(post, QStringLiteral("while the server was down")), 1);
    QVERIFY(m_me->get(QStringLiteral("/api/v1/posts/%1").arg(post))
                .obj()
                .value(QLatin1String("liked"))
                .toBool());
}

void TestOutbox::transientAnswersStayQueued()
{
    const qint64 post = newPost(*m_author, QStringLiteral("canned faults"));
    CannedServer canned;
    QVERIFY(canned.start());
    canned.answers = {
        CannedServer::answer(500, R"({"error":{"code":"internal","message":"boom"}})"),
        CannedServer::answer(502, "<html>bad gateway</html>"),
        CannedServer::answer(201, "{this is not json"),
        CannedServer::answer(201, R"({"no":"id"})"),
        QByteArray(), // no answer: a timeout
        CannedServer::answer(429, R"({"error":{"code":"rate_limited","message":"slow"}})",
                             "Retry-After: 1\r\n"),
        CannedServer::answer(503, R"({"error":{"code":"unavailable","message":"later"}})"),
    };
    m_api->setBaseUrl(canned.url());
    QVERIFY(openOutbox());
    m_outbox->setRequestTimeoutMs(300);
    QSignalSpy retries(m_outbox.get(), &Outbox::retryScheduled);
    QSignalSpy failed(m_outbox.get(), &Outbox::failed);
    QSignalSpy done(m_outbox.get(), &Outbox::completed);
    m_outbox->createComment(post, QStringLiteral("after the faults"), 0,
                            QStringLiteral("李四's post"));

    QTRY_VERIFY_WITH_TIMEOUT(retries.size() >= 7, kWaitMs);
    QVERIFY(failed.isEmpty());
    QVERIFY(done.isEmpty());
    QCOMPARE(m_outbox->pendingCount(), 1);
    QList<ApiError::Kind> kinds;
    for (const auto &args : retries)
        kinds << args.at(1).value<ApiError>().kind;
    QCOMPARE(kinds.mid(0, 7), (QList<ApiError::Kind>{ApiError::Kind::Http, ApiError::Kind::Http,
                                                     ApiError::Kind::Decode, ApiError::Kind::Decode,
                                                     ApiError::Kind::Timeout, ApiError::Kind::Http,
                                                     ApiError::Kind::Http}));
    // The 429 asked for a second: the entry was not tried again sooner.
    const auto after429 = retries.at(5).at(0).value<OutboxEntry>();
    QCOMPARE(retries.at(5).at(1).value<ApiError>().status, 429);
    QVERIFY(after429.attempts == 6);
    const auto latest = m_outbox->entries().first();
    QVERIFY(latest.attempts >= 7);
    QVERIFY(!latest.lastError.isEmpty());
    // The same Idempotency-Key on every attempt.
    QVERIFY(canned.requests.size() >= 7);
    const QByteArray key = headerValue(canned.requests.first(), "Idempotency-Key");
    QVERIFY(!key.isEmpty());
    for (const QByteArray &head : std::as_const(canned.requests))
        QCOMPARE(headerValue(head, "Idempotency-Key"), key);

    // The real server again: the entry goes through, once.
    m_api->setBaseUrl(m_server.baseUrl());
    m_outbox->retryNow();
    QTRY_COMPARE_WITH_TIMEOUT(m_outbox->pendingCount(), 0, kWaitMs);
    QCOMPARE(done.size(), 1);
    QVERIFY(failed.isEmpty());
    QCOMPARE(commentsWithContent(post, QStringLiteral("after the faults")), 1);
}

void TestOutbox::unauthorizedPausesThenResumes()
{
    const qint64 post = newPost(*m_author, QStringLiteral("401 mid-queue"));
    Client session(m_server.baseUrl());
    const QString token = session.login(QStringLiteral("zhangsan"));
    QVERIFY(!token.isEmpty());
    m_api->setToken(token);
    m_api->setOffline(true);
    QVERIFY(openOutbox());
    QSignalSpy persisted(m_outbox.get(), &Outbox::persisted);
    for (int i = 0; i < 3; ++i)
        m_outbox->createComment(post, QStringLiteral("auth %1").arg(i), 0,
                                QStringLiteral("李四's post"));
    QTRY_COMPARE_WITH_TIMEOUT(persisted.size(), 3, kWaitMs);

    // Just before the second request leaves, the session ends on the server.
    int sends = 0;
    connect(m_outbox.get(), &Outbox::sent, this, [&](const OutboxEntry &) {
        if (++sends == 2)
            QCOMPARE(session.post(QStringLiteral("/api/v1/auth/logout")).status, 204);
    });
    QSignalSpy auth(m_outbox.get(), &Outbox::authRequired);
    QSignalSpy done(m_outbox.get(), &Outbox::completed);
    QSignalSpy failed(m_outbox.get(), &Outbox::failed);
    m_api->setOffline(false);
    QVERIFY(auth.wait(kWaitMs));
    QCOMPARE(done.size(), 1);
    QVERIFY(failed.isEmpty());
    QVERIFY(m_outbox->isPaused());
    QCOMPARE(m_outbox->pendingCount(), 2); // nothing rolled back
    QCOMPARE(m_outbox->entries().first().attempts, 0);
    QCOMPARE(sends, 2); // paused: nothing more was tried

    const QString fresh = session.login(QStringLiteral("zhangsan"));
    QVERIFY(!fresh.isEmpty());
    m_api->setToken(fresh);
    m_outbox->resume();
    QTRY_COMPARE_WITH_TIMEOUT(m_outbox->pendingCount(), 0, kWaitMs);
    QVERIFY(failed.isEmpty());
    QCOMPARE(auth.size(), 1);
    for (int i = 0; i < 3; ++i)
        QCOMPARE(commentsWithContent(post, QStringLiteral("auth %1").arg(i)), 1);
}

void TestOutbox::permanentFailureInWords()
{
    const qint64 post = newPost(*m_wangwu, QStringLiteral("about to go"));
    QCOMPARE(m_wangwu->del(QStringLiteral("/api/v1/posts/%1").arg(post)).status, 204);
    QVERIFY(openOutbox());
    QSignalSpy failed(m_outbox.get(), &Outbox::failed);
    m_outbox->togglePostLike(post, false, true, QStringLiteral("王五's post"));
    QVERIFY(failed.wait(kWaitMs));
    QCOMPARE(failed.at(0).at(1).toString(),
             QStringLiteral("Your like on 王五's post could not be saved: the post was deleted"));
    QCOMPARE(failed.at(0).at(0).value<OutboxEntry>().targetId, post);
    QCOMPARE(m_outbox->pendingCount(), 0);

    // Not allowed: deleting someone else's post (403).
    const qint64 other = newPost(*m_wangwu, QStringLiteral("not yours"));
    m_outbox->deletePost(other, QStringLiteral("王五's post"));
    QVERIFY(failed.wait(kWaitMs));
    QCOMPARE(failed.at(1).at(1).toString(),
             QStringLiteral("Your deletion of 王五's post could not be saved: you are not "
                            "allowed to do that"));

    // Invalid: an empty comment (422), with the server's words.
    m_outbox->createComment(other, QStringLiteral("   "), 0, QStringLiteral("王五's post"));
    QVERIFY(failed.wait(kWaitMs));
    QVERIFY2(failed.at(2).at(1).toString().startsWith(
                 QStringLiteral("Your comment on 王五's post could not be saved: it was not "
                                "accepted (")),
             qPrintable(failed.at(2).at(1).toString()));
    QCOMPARE(m_outbox->pendingCount(), 0);
}

void TestOutbox::dependentsFailWithTheirCreation()
{
    const qint64 post = newPost(*m_wangwu, QStringLiteral("gone before the comment"));
    QCOMPARE(m_wangwu->del(QStringLiteral("/api/v1/posts/%1").arg(post)).status, 204);
    m_api->setOffline(true);
    QVERIFY(openOutbox());
    const qint64 local =
        m_outbox->createComment(post, QStringLiteral("root"), 0, QStringLiteral("王五's post"));
    const qint64 reply =
        m_outbox->createComment(post, QStringLiteral("reply"), local, QStringLiteral("my comment"));
    m_outbox->setCommentVote(local, 0, 1, QStringLiteral("my comment"));
    m_outbox->setCommentVote(reply, 0, -1, QStringLiteral("my reply"));
    QCOMPARE(m_outbox->pendingCount(), 4);
    QSignalSpy failed(m_outbox.get(), &Outbox::failed);
    QSignalSpy resolved(m_outbox.get(), &Outbox::localIdResolved);
    m_api->setOffline(false);
    QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 4, kWaitMs);
    QCOMPARE(m_outbox->pendingCount(), 0);
    QVERIFY(resolved.isEmpty());
    QStringList messages;
    for (const auto &args : failed)
        messages << args.at(1).toString();
    QCOMPARE(
        messages.at(0),
        QStringLiteral("Your comment on 王五's post could not be saved: the post was deleted"));
    QVERIFY(messages.contains(QStringLiteral("Your reply to my comment could not be saved: the "
                                             "comment it refers to could not be saved")));
    QVERIFY(messages.contains(QStringLiteral("Your like on my comment could not be saved: the "
                                             "comment it refers to could not be saved")));
    QVERIFY(messages.contains(QStringLiteral("Your oppose on my reply could not be saved: the "
                                             "comment it refers to could not be saved")));
    // A later action on the failed comment's local id fails too, in words.
    m_outbox->deleteComment(local, QStringLiteral("my comment"));
    QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 5, kWaitMs);
    QVERIFY(failed.last().at(1).toString().startsWith(
        QStringLiteral("Your deletion of my comment could not be saved:")));
}

void TestOutbox::idempotentReplay()
{
    const qint64 post = newPost(*m_author, QStringLiteral("replayed"));
    m_api->setOffline(true);
    QVERIFY(openOutbox());
    QSignalSpy persisted(m_outbox.get(), &Outbox::persisted);
    m_outbox->createComment(post, QStringLiteral("exactly once"), 0, QStringLiteral("李四's post"));
    QVERIFY(persisted.wait(kWaitMs));
    m_outbox.reset();
    // The state "persisted, not yet sent": kept aside to come back to.
    const QString backup = m_dir->filePath(QStringLiteral("backup.sqlite"));
    QVERIFY(!QFile::exists(outboxPath() + QStringLiteral("-wal")) ||
            QFile(outboxPath() + QStringLiteral("-wal")).size() == 0);
    QVERIFY(QFile::copy(outboxPath(), backup));

    const qsizetype mark = m_server.stderrLog().size();
    m_api->setOffline(false);
    QVERIFY(openOutbox());
    QSignalSpy done(m_outbox.get(), &Outbox::completed);
    QVERIFY(done.wait(kWaitMs));
    const qint64 firstId = done.at(0).at(1).value<OutboxAnswer>().createdId;
    QVERIFY(firstId > 0);
    m_outbox.reset();

    // As if the process had died after the server answered but before the entry was removed.
    QVERIFY(QFile::remove(outboxPath()));
    QFile::remove(outboxPath() + QStringLiteral("-wal"));
    QFile::remove(outboxPath() + QStringLiteral("-shm"));
    QVERIFY(QFile::copy(backup, outboxPath()));
    QVERIFY(openOutbox());
    QCOMPARE(m_outbox->pendingCount(), 1);
    QSignalSpy again(m_outbox.get(), &Outbox::completed);
    QVERIFY(again.wait(kWaitMs));
    QCOMPARE(again.at(0).at(1).value<OutboxAnswer>().createdId, firstId);
    QCOMPARE(countRequests(m_server, mark, "POST",
                           QStringLiteral("/api/v1/posts/%1/comments").arg(post)),
             2);
    QCOMPARE(commentsWithContent(post, QStringLiteral("exactly once")), 1);
}

void TestOutbox::offlineCommentWithReplyAndLike()
{
    const qint64 post = newPost(*m_author, QStringLiteral("offline thread"));
    m_api->setOffline(true);
    QVERIFY(openOutbox());
    const qint64 root = m_outbox->createComment(post, QStringLiteral("offline root"), 0,
                                                QStringLiteral("李四's post"));
    QVERIFY(root < 0);
    const qint64 reply = m_outbox->createComment(post, QStringLiteral("offline reply"), root,
                                                 QStringLiteral("my comment"));
    const qint64 replyToReply = m_outbox->createComment(
        post, QStringLiteral("offline reply to reply"), reply, QStringLiteral("my reply"));
    m_outbox->setCommentVote(root, 0, 1, QStringLiteral("my comment"));
    const qint64 doomed = m_outbox->createComment(post, QStringLiteral("offline, then deleted"), 0,
                                                  QStringLiteral("李四's post"));
    m_outbox->setCommentVote(doomed, 0, 1, QStringLiteral("my comment"));
    QCOMPARE(m_outbox->pendingCount(), 6);
    m_outbox->deleteComment(doomed, QStringLiteral("my comment")); // the vote goes with it
    QCOMPARE(m_outbox->pendingCount(), 6);
    const qsizetype mark = m_server.stderrLog().size();

    QSignalSpy resolved(m_outbox.get(), &Outbox::localIdResolved);
    QSignalSpy failed(m_outbox.get(), &Outbox::failed);
    m_api->setOffline(false);
    QTRY_COMPARE_WITH_TIMEOUT(m_outbox->pendingCount(), 0, kWaitMs);
    QVERIFY(failed.isEmpty());
    QHash<qint64, qint64> ids;
    for (const auto &args : resolved)
        ids.insert(args.at(0).toLongLong(), args.at(1).toLongLong());
    QCOMPARE(ids.size(), 4);
    QCOMPARE(m_outbox->resolvedId(root), ids.value(root));

    QHash<qint64, QJsonObject> byId;
    for (const QJsonObject &c : comments(post))
        byId.insert(c.value(QLatin1String("id")).toInteger(), c);
    QCOMPARE(byId.size(), 3); // the doomed one was created and deleted
    const QJsonObject r = byId.value(ids.value(root));
    QCOMPARE(r.value(QLatin1String("content")).toString(), QStringLiteral("offline root"));
    QCOMPARE(r.value(QLatin1String("liked")).toBool(), true);
    QCOMPARE(r.value(QLatin1String("likeCount")).toInteger(), 1);
    const QJsonObject rp = byId.value(ids.value(reply));
    QCOMPARE(rp.value(QLatin1String("content")).toString(), QStringLiteral("offline reply"));
    QCOMPARE(rp.value(QLatin1String("parentId")).toInteger(), ids.value(root));
    QCOMPARE(rp.value(QLatin1String("rootId")).toInteger(), ids.value(root));
    const QJsonObject rr = byId.value(ids.value(replyToReply));
    QCOMPARE(rr.value(QLatin1String("parentId")).toInteger(), ids.value(reply));
    QCOMPARE(rr.value(QLatin1String("rootId")).toInteger(), ids.value(root));
    QVERIFY(!byId.contains(ids.value(doomed)));
    QCOMPARE(countRequests(m_server, mark, "PUT",
                           QStringLiteral("/api/v1/comments/%1/like").arg(ids.value(doomed))),
             0);

    // An action on the old local id after the fact names the server's id.
    m_outbox->setCommentVote(root, 1, 0, QStringLiteral("my comment"));
    const auto pending = m_outbox->pendingToggle(OutboxEntry::Kind::CommentVote, ids.value(root));
    QVERIFY(pending);
    QTRY_COMPARE_WITH_TIMEOUT(m_outbox->pendingCount(), 0, kWaitMs);
    QCOMPARE(comments(post).first().value(QLatin1String("liked")).toBool(), false);
}

void TestOutbox::offlineSummary()
{
    const qint64 post = newPost(*m_author, QStringLiteral("summary"));
    const qint64 gone = newPost(*m_wangwu, QStringLiteral("gone while offline"));
    m_api->setOffline(true);
    QVERIFY(openOutbox());
    QSignalSpy summary(m_outbox.get(), &Outbox::summaryReady);
    QSignalSpy counts(m_outbox.get(), &Outbox::pendingCountChanged);
    m_outbox->togglePostLike(gone, false, true, QStringLiteral("王五's post"));
    m_outbox->createComment(post, QStringLiteral("written offline"), 0,
                            QStringLiteral("李四's post"));
    QCOMPARE(m_outbox->pendingCount(), 2); // "Offline — 2 changes waiting"
    QCOMPARE(counts.last().at(0).toInt(), 2);
    QCOMPARE(m_wangwu->del(QStringLiteral("/api/v1/posts/%1").arg(gone)).status, 204);
    m_api->setOffline(false);
    QVERIFY(summary.wait(kWaitMs));
    QCOMPARE(m_outbox->pendingCount(), 0);
    QCOMPARE(counts.last().at(0).toInt(), 0);
    const QStringList lines = summary.at(0).at(0).toStringList();
    QCOMPARE(lines, QStringList{QStringLiteral(
                        "Your like on 王五's post could not be saved: the post was deleted")});
    QCOMPARE(commentsWithContent(post, QStringLiteral("written offline")), 1);
}

void TestOutbox::replayReportCountsWhatWasSaved()
{
    const qint64 post = newPost(*m_author, QStringLiteral("report"));
    const qint64 gone = newPost(*m_wangwu, QStringLiteral("gone before the replay"));
    m_api->setOffline(true);
    QVERIFY(openOutbox());
    QSignalSpy report(m_outbox.get(), &Outbox::replayFinished);
    m_outbox->togglePostLike(post, false, true, QStringLiteral("李四's post"));
    m_outbox->createComment(post, QStringLiteral("one"), 0, QStringLiteral("李四's post"));
    m_outbox->createComment(post, QStringLiteral("two"), 0, QStringLiteral("李四's post"));
    m_outbox->createComment(gone, QStringLiteral("lost"), 0, QStringLiteral("王五's post"));
    QCOMPARE(m_wangwu->del(QStringLiteral("/api/v1/posts/%1").arg(gone)).status, 204);
    m_api->setOffline(false);
    QVERIFY(report.wait(kWaitMs));
    QCOMPARE(report.at(0).at(0).toInt(), 3);
    const QString why =
        QStringLiteral("Your comment on 王五's post could not be saved: the post was deleted");
    QCOMPARE(report.at(0).at(1).toStringList(), QStringList{why});
    // In words (the plurals come from the English catalogue, see ui_outboxpanel): the count
    // saved, the count that failed, then each failure's sentence on a line of its own.
    const QString text = Outbox::replayReport(3, {why});
    QVERIFY2(text.startsWith(QStringLiteral("3 change")) &&
                 text.endsWith(QStringLiteral(":\n") + why),
             qPrintable(text));
    QVERIFY(Outbox::replayReport(1, {}).endsWith(QLatin1Char('.')));
}

// Offline with nothing waiting, then a comment written: going online again sends it and
// reports it, as an offline period that began with changes waiting does.
void TestOutbox::replayIsReportedWhenNothingWaitedAtGoingOffline()
{
    const qint64 post = newPost(*m_author, QStringLiteral("written offline later"));
    QVERIFY(openOutbox());
    QCOMPARE(m_outbox->pendingCount(), 0);
    QSignalSpy report(m_outbox.get(), &Outbox::replayFinished);
    m_api->setOffline(true);
    m_outbox->createComment(post, QStringLiteral("after going offline"), 0,
                            QStringLiteral("李四's post"));
    QTRY_COMPARE(m_outbox->pendingCount(), 1);
    m_api->setOffline(false);
    QVERIFY(report.wait(kWaitMs));
    QCOMPARE(report.at(0).at(0).toInt(), 1);
    QVERIFY(report.at(0).at(1).toStringList().isEmpty());
    QCOMPARE(commentsWithContent(post, QStringLiteral("after going offline")), 1);
}

void TestOutbox::failedEntriesAreKeptAndSurviveARestart()
{
    // A comment on a post that does not exist (404) and a reply to it: both fail, both stay.
    QVERIFY(openOutbox());
    QSignalSpy failed(m_outbox.get(), &Outbox::failed);
    QSignalSpy failedCounts(m_outbox.get(), &Outbox::failedCountChanged);
    m_api->setOffline(true);
    const qint64 local =
        m_outbox->createComment(987654321, QStringLiteral("nowhere"), 0, QStringLiteral("a post"));
    m_outbox->createComment(987654321, QStringLiteral("reply"), local, QStringLiteral("a post"));
    m_api->setOffline(false);
    QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 2, kWaitMs);
    QCOMPARE(m_outbox->pendingCount(), 0);
    QCOMPARE(m_outbox->failedCount(), 2);
    QCOMPARE(failedCounts.last().at(0).toInt(), 2);
    const QList<OutboxEntry> kept = m_outbox->failedEntries();
    QCOMPARE(kept.size(), 2);
    QCOMPARE(kept.at(0).id, -local);
    QCOMPARE(kept.at(0).failure,
             QStringLiteral("Your comment on a post could not be saved: the post was deleted"));
    QCOMPARE(kept.at(1).failure, QStringLiteral("Your reply to a post could not be saved: the "
                                                "comment it refers to could not be saved"));
    QCOMPARE(failed.at(0).at(0).value<OutboxEntry>().failure, kept.at(0).failure);
    QVERIFY(m_outbox->entry(-local).has_value());
    const qsizetype mark = m_server.stderrLog().size();

    // Durable: a new session finds them failed, and never sends them by itself.
    m_outbox.reset();
    QVERIFY(openOutbox());
    QCOMPARE(m_outbox->failedEntries(), kept);
    QCOMPARE(m_outbox->pendingCount(), 0);
    QSignalSpy sent(m_outbox.get(), &Outbox::sent);
    QSignalSpy completed(m_outbox.get(), &Outbox::completed);
    m_outbox->retryNow(); // every backoff: failed ones are not concerned
    // A new action goes through; the failed ones did not go before it.
    const qint64 post = newPost(*m_author, QStringLiteral("after the failures"));
    m_outbox->togglePostLike(post, false, true, QStringLiteral("李四's post"));
    QVERIFY(completed.wait(kWaitMs));
    QCOMPARE(sent.size(), 1);
    QCOMPARE(sent.at(0).at(0).value<OutboxEntry>().kind, OutboxEntry::Kind::PostLike);
    QCOMPARE(m_outbox->failedCount(), 2);
    QCOMPARE(
        countRequests(m_server, mark, "POST", QStringLiteral("/api/v1/posts/987654321/comments")),
        0);
}

void TestOutbox::retryAndDiscardOfAFailedEntry()
{
    QVERIFY(openOutbox());
    QSignalSpy failed(m_outbox.get(), &Outbox::failed);
    const qint64 local =
        m_outbox->createComment(987654321, QStringLiteral("nowhere"), 0, QStringLiteral("a post"));
    m_outbox->createComment(987654321, QStringLiteral("reply"), local, QStringLiteral("a post"));
    QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 2, kWaitMs);
    const qsizetype mark = m_server.stderrLog().size();

    // Retry the reply: its comment goes again first (it depends on it); both fail again.
    QSignalSpy requeued(m_outbox.get(), &Outbox::requeued);
    const qint64 replyId = m_outbox->failedEntries().at(1).id;
    QVERIFY(m_outbox->retry(replyId));
    QCOMPARE(requeued.size(), 2);
    QCOMPARE(m_outbox->pendingCount(), 2);
    QCOMPARE(m_outbox->failedCount(), 0);
    QVERIFY(m_outbox->entries().at(0).failure.isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 4, kWaitMs);
    QCOMPARE(countRequests(m_server, mark, "POST",
                           QStringLiteral("/api/v1/posts/987654321/comments"), 404),
             1);
    QCOMPARE(m_outbox->failedCount(), 2);

    // Discard the comment: the reply goes with it.
    QSignalSpy discarded(m_outbox.get(), &Outbox::discarded);
    QVERIFY(m_outbox->discard(-local));
    QCOMPARE(discarded.size(), 2);
    QVERIFY(discarded.at(0).at(0).value<OutboxEntry>().isFailed());
    QCOMPARE(m_outbox->failedCount(), 0);
    QVERIFY(!m_outbox->discard(-local)); // gone
    QVERIFY(!m_outbox->retry(-local));

    // Discard all failed, and a restart finds nothing.
    m_outbox->togglePostLike(987654321, false, true, QStringLiteral("a post"));
    m_outbox->deletePost(987654322, QStringLiteral("a post"));
    QTRY_COMPARE_WITH_TIMEOUT(m_outbox->failedCount(), 2, kWaitMs);
    QCOMPARE(m_outbox->discardAllFailed(), 2);
    QCOMPARE(m_outbox->failedCount(), 0);
    m_outbox.reset();
    QVERIFY(openOutbox());
    QCOMPARE(m_outbox->failedCount(), 0);
    QCOMPARE(m_outbox->pendingCount(), 0);
}

void TestOutbox::retryNowSendsAWaitingEntry()
{
    const qint64 post = newPost(*m_author, QStringLiteral("sent at once"));
    QVERIFY(openOutbox());
    m_outbox->setLikeDelayMs(600000); // ten minutes: only "Retry now" sends it
    QSignalSpy persisted(m_outbox.get(), &Outbox::persisted);
    QSignalSpy completed(m_outbox.get(), &Outbox::completed);
    m_outbox->togglePostLike(post, false, true, QStringLiteral("李四's post"));
    QVERIFY(persisted.wait(kWaitMs));
    const qint64 id = m_outbox->entries().at(0).id;
    QVERIFY(m_outbox->entries().at(0).notBefore > QDateTime::currentMSecsSinceEpoch() + 500000);
    QVERIFY(m_outbox->retry(id));
    QVERIFY(completed.wait(kWaitMs));
    QCOMPARE(completed.at(0).at(0).value<OutboxEntry>().id, id);
    QCOMPARE(m_outbox->pendingCount(), 0);
    QVERIFY(!m_outbox->retry(id));
}

void TestOutbox::aVersionOneFileIsUpgraded()
{
    // A file written before failed entries were kept (schema 1): its entries load as queued,
    // the new columns are added, and they are sent.
    const qint64 post = newPost(*m_author, QStringLiteral("from an older file"));
    {
        QSqlDatabase db =
            QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("v1"));
        db.setDatabaseName(outboxPath());
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT)")));
        QVERIFY(q.exec(QStringLiteral("INSERT INTO meta VALUES('schema', '1')")));
        QVERIFY(q.exec(QStringLiteral(
            "CREATE TABLE entries(seq INTEGER PRIMARY KEY AUTOINCREMENT, id INTEGER NOT NULL"
            " UNIQUE, kind TEXT NOT NULL, target_id INTEGER NOT NULL DEFAULT 0, post_id INTEGER"
            " NOT NULL DEFAULT 0, parent_id INTEGER NOT NULL DEFAULT 0, desired INTEGER NOT NULL"
            " DEFAULT 0, baseline INTEGER NOT NULL DEFAULT 0, payload TEXT NOT NULL DEFAULT '{}',"
            " description TEXT NOT NULL DEFAULT '', idem_key TEXT NOT NULL, created_at INTEGER"
            " NOT NULL DEFAULT 0, not_before INTEGER NOT NULL DEFAULT 0, next_attempt_at INTEGER"
            " NOT NULL DEFAULT 0, attempts INTEGER NOT NULL DEFAULT 0, last_error TEXT NOT NULL"
            " DEFAULT '')")));
        QVERIFY(q.exec(QStringLiteral("INSERT INTO entries(id, kind, payload, description,"
                                      " idem_key) VALUES(5, '%1', '{\"content\":\"old\"}',"
                                      " '李四''s post', 'k-1')")
                           .arg(OutboxEntry::kindName(OutboxEntry::Kind::CreateComment))));
        QVERIFY(q.exec(QStringLiteral("UPDATE entries SET post_id = %1").arg(post)));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("v1"));
    m_api->setOffline(true);
    QVERIFY(openOutbox());
    QCOMPARE(m_outbox->pendingCount(), 1);
    QCOMPARE(m_outbox->failedCount(), 0);
    QCOMPARE(m_outbox->entries().at(0).description, QStringLiteral("李四's post"));
    QSignalSpy completed(m_outbox.get(), &Outbox::completed);
    m_api->setOffline(false);
    QVERIFY(completed.wait(kWaitMs));
    QCOMPARE(commentsWithContent(post, QStringLiteral("old")), 1);
}

void TestOutbox::everyActionReachesTheServer()
{
    const qint64 victim = newPost(*m_author, QStringLiteral("to be moderated"));
    const qint64 reported = newPost(*m_author, QStringLiteral("to be reported"));
    const auto c = m_author->post(QStringLiteral("/api/v1/posts/%1/comments").arg(victim),
                                  QJsonObject{{QStringLiteral("content"), QStringLiteral("meh")}});
    QCOMPARE(c.status, 201);
    const qint64 commentId = c.obj().value(QLatin1String("id")).toInteger();
    const qsizetype mark = m_server.stderrLog().size();

    // An ordinary user: a post written offline, a comment on it and its deletion, a report, a
    // follow and an unfollow, deleting the post.
    m_api->setOffline(true);
    QVERIFY(openOutbox());
    NewPost np;
    np.content = QStringLiteral("written offline 🎉");
    np.device = QStringLiteral("oneplus a6000");
    const qint64 localPost = m_outbox->createPost(np, QStringLiteral("“written offline 🎉”"));
    const qint64 localComment =
        m_outbox->createComment(localPost, QStringLiteral("first!"), 0, QStringLiteral("my post"));
    m_outbox->deleteComment(localComment, QStringLiteral("my comment"));
    NewReport report;
    report.targetType = TargetType::Post;
    report.targetId = reported;
    report.reason = Report::Reason::Spam;
    report.note = QStringLiteral("buy now");
    m_outbox->report(report, QStringLiteral("李四's post"));
    m_outbox->setFollow(10004, false, true, QStringLiteral("麻子"));
    m_outbox->deletePost(localPost, QStringLiteral("my post"));
    QSignalSpy failed(m_outbox.get(), &Outbox::failed);
    m_api->setOffline(false);
    QTRY_COMPARE_WITH_TIMEOUT(m_outbox->pendingCount(), 0, kWaitMs);
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.at(0).at(1).toString()));
    QCOMPARE(countRequests(m_server, mark, "POST", QStringLiteral("/api/v1/posts"), 201), 1);
    QCOMPARE(countRequests(m_server, mark, "POST", QStringLiteral("/api/v1/reports"), 201), 1);
    QCOMPARE(
        countRequests(m_server, mark, "PUT", QStringLiteral("/api/v1/users/10004/follow"), 200), 1);
    const qint64 serverPost = m_outbox->resolvedId(localPost);
    QVERIFY(serverPost > 0);
    QCOMPARE(countRequests(m_server, mark, "DELETE",
                           QStringLiteral("/api/v1/posts/%1").arg(serverPost), 204),
             1);
    QCOMPARE(
        countRequests(m_server, mark, "DELETE",
                      QStringLiteral("/api/v1/comments/%1").arg(m_outbox->resolvedId(localComment)),
                      204),
        1);
    QCOMPARE(m_me->get(QStringLiteral("/api/v1/posts/%1").arg(serverPost)).status, 404);

    // A moderator: hide and unhide a comment and a post, dismiss the report.
    Client modClient(m_server.baseUrl());
    const QString modToken = modClient.login(QStringLiteral("moderator"));
    QVERIFY(!modToken.isEmpty());
    const auto queue = modClient.get(QStringLiteral("/api/v1/moderation/queue?status=open"));
    qint64 itemId = 0;
    for (const QJsonValue &v : queue.items()) {
        if (v.toObject().value(QLatin1String("targetId")).toInteger() == reported)
            itemId = v.toObject().value(QLatin1String("id")).toInteger();
    }
    QVERIFY(itemId > 0);
    ApiClient modApi;
    modApi.setBaseUrl(m_server.baseUrl());
    modApi.setToken(modToken);
    QTemporaryDir modDir;
    Outbox mod(&modApi);
    mod.setBackoff(50, 400);
    QSignalSpy opened(&mod, &Outbox::opened);
    mod.open(modDir.filePath(QStringLiteral("mod.sqlite")));
    QVERIFY(opened.wait(kWaitMs));
    QSignalSpy modFailed(&mod, &Outbox::failed);
    QSignalSpy modDone(&mod, &Outbox::completed);
    mod.hideComment(commentId, QStringLiteral("rude"), QStringLiteral("李四's comment"));
    mod.unhideComment(commentId, {}, QStringLiteral("李四's comment"));
    mod.hidePost(victim, QStringLiteral("spam"), QStringLiteral("李四's post"));
    mod.unhidePost(victim, QStringLiteral("on appeal"), QStringLiteral("李四's post"));
    mod.dismissReport(itemId, {}, QStringLiteral("李四's post"));
    QTRY_COMPARE_WITH_TIMEOUT(mod.pendingCount(), 0, kWaitMs);
    QVERIFY2(modFailed.isEmpty(),
             modFailed.isEmpty() ? "" : qPrintable(modFailed.at(0).at(1).toString()));
    QCOMPARE(modDone.size(), 5);
    QCOMPARE(modDone.at(4).at(1).value<OutboxAnswer>().queueItem.value().status,
             QueueItem::Status::Closed);
    const auto log = modClient.get(QStringLiteral("/api/v1/moderation/log?limit=50"));
    QStringList actions;
    for (const QJsonValue &v : log.items()) {
        const QJsonObject o = v.toObject();
        if (o.value(QLatin1String("targetId")).toInteger() == commentId ||
            o.value(QLatin1String("targetId")).toInteger() == victim ||
            o.value(QLatin1String("targetId")).toInteger() == reported)
            actions.prepend(o.value(QLatin1String("action")).toString());
    }
    QCOMPARE(actions, (QStringList{"hide", "unhide", "hide", "unhide", "dismiss"}));
}

QTEST_GUILESS_MAIN(TestOutbox)
#include "tst_outbox.moc"

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The like coalescer against the real server: likes and opposes reach the server once, after
// the delay, with the final state only; toggling back sends nothing; a pending like survives a
// restart. Requests are counted in the server's own request log (TestServer::stderrLog()).
#include "net/apiclient.h"
#include "outbox/outbox.h"
#include "testserver.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace threadline::core;
using threadline::test::Client;
using threadline::test::TestServer;

namespace {

constexpr int kShortDelayMs = 200;
constexpr int kWaitMs = 15000;

// Requests "METHOD path" the server logged after byte offset `mark` of its log.
int countRequests(const TestServer &server, qsizetype mark, const QByteArray &method,
                  const QString &path)
{
    int n = 0;
    const QByteArray log = server.stderrLog().mid(mark);
    for (const QByteArray &line : log.split('\n')) {
        const QList<QByteArray> parts = TestServer::logText(line).split(' ');
        if (parts.size() >= 3 && parts.at(0) == method && parts.at(1) == path.toUtf8())
            ++n;
    }
    return n;
}

QString postLike(qint64 id)
{
    return QStringLiteral("/api/v1/posts/%1/like").arg(id);
}

} // namespace

class TestLikeSync : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void likeThenUnlikeSendsNothing();
    void likeSendsOnePutAfterTheDelay();
    void rapidToggles_data();
    void rapidToggles();
    void commentVotes_data();
    void commentVotes();
    void realThreeSecondDelay();
    void pendingLikeSurvivesRestart();
    void toggleWhileInFlight();
    void maybeSentEntryIsNeverDropped();
    void followIsCoalescedToo();

private:
    bool openOutbox(int likeDelayMs = kShortDelayMs);
    qint64 newPost(const QString &content);
    qint64 newComment(qint64 postId, const QString &content);
    // The comment as zhangsan sees it (from the post's floors).
    QJsonObject comment(qint64 postId, qint64 commentId);
    // Queues a like on a fresh post and waits until the server has it: everything queued with
    // the same delay before it has had its chance to go.
    bool sentinel();

    TestServer m_server;
    std::unique_ptr<Client> m_me;     // zhangsan, the outbox's user
    std::unique_ptr<Client> m_author; // lisi, writes the posts and comments liked here
    QString m_token;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ApiClient> m_api;
    std::unique_ptr<Outbox> m_outbox;
    int m_posts = 0;
};

void TestLikeSync::initTestCase()
{
    QVERIFY(m_server.start());
    m_me = std::make_unique<Client>(m_server.baseUrl());
    m_token = m_me->login(QStringLiteral("zhangsan"));
    QVERIFY(!m_token.isEmpty());
    m_author = std::make_unique<Client>(m_server.baseUrl());
    QVERIFY(!m_author->login(QStringLiteral("lisi")).isEmpty());
}

void TestLikeSync::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_api = std::make_unique<ApiClient>();
    m_api->setBaseUrl(m_server.baseUrl());
    m_api->setToken(m_token);
}

void TestLikeSync::cleanup()
{
    m_outbox.reset();
    m_api.reset();
    m_dir.reset();
}

bool TestLikeSync::openOutbox(int likeDelayMs)
{
    m_outbox = std::make_unique<Outbox>(m_api.get());
    if (likeDelayMs >= 0)
        m_outbox->setLikeDelayMs(likeDelayMs);
    m_outbox->setBackoff(50, 500);
    QSignalSpy opened(m_outbox.get(), &Outbox::opened);
    m_outbox->open(m_dir->filePath(QStringLiteral("outbox.sqlite")));
    if (!opened.wait(kWaitMs) || !opened.at(0).at(0).toBool()) {
        qWarning("the outbox did not open");
        return false;
    }
    return true;
}

qint64 TestLikeSync::newPost(const QString &content)
{
    const auto r = m_author->post(QStringLiteral("/api/v1/posts"),
                                  QJsonObject{{QStringLiteral("content"), content}});
    if (r.status != 201)
        qWarning("%s", r.describe().constData());
    return r.obj().value(QLatin1String("id")).toInteger();
}

qint64 TestLikeSync::newComment(qint64 postId, const QString &content)
{
    const auto r = m_author->post(QStringLiteral("/api/v1/posts/%1/comments").arg(postId),
                                  QJsonObject{{QStringLiteral("content"), content}});
    if (r.status != 201)
        qWarning("%s", r.describe().constData());
    return r.obj().value(QLatin1String("id")).toInteger();
}

QJsonObject TestLikeSync::comment(qint64 postId, qint64 commentId)
{
    const auto r = m_me->get(QStringLiteral("/api/v1/posts/%1/comments?limit=200").arg(postId));
    for (const QJsonValue &c : r.obj().value(QLatin1String("roots")).toArray()) {
        if (c.toObject().value(QLatin1String("id")).toInteger() == commentId)
            return c.toObject();
    }
    return {};
}

bool TestLikeSync::sentinel()
{
    const qint64 post = newPost(QStringLiteral("sentinel %1").arg(++m_posts));
    QSignalSpy done(m_outbox.get(), &Outbox::completed);
    m_outbox->togglePostLike(post, false, true, QStringLiteral("李四's post"));
    auto isSentinel = [&] {
        for (const auto &args : done) {
            if (args.at(0).value<OutboxEntry>().targetId == post)
                return true;
        }
        return false;
    };
    QElapsedTimer clock;
    clock.start();
    while (!isSentinel() && clock.elapsed() < kWaitMs)
        done.wait(kWaitMs);
    return isSentinel() && m_me->get(QStringLiteral("/api/v1/posts/%1").arg(post))
                               .obj()
                               .value(QLatin1String("liked"))
                               .toBool();
}

void TestLikeSync::likeThenUnlikeSendsNothing()
{
    QVERIFY(openOutbox());
    const qint64 post = newPost(QStringLiteral("like then unlike"));
    const qsizetype mark = m_server.stderrLog().size();
    QSignalSpy sent(m_outbox.get(), &Outbox::sent);
    QSignalSpy persisted(m_outbox.get(), &Outbox::persisted);

    m_outbox->togglePostLike(post, false, true, QStringLiteral("李四's post"));
    QCOMPARE(m_outbox->pendingCount(), 1);
    const auto pending = m_outbox->pendingToggle(OutboxEntry::Kind::PostLike, post);
    QVERIFY(pending);
    QCOMPARE(pending->desired, 1);
    QCOMPARE(pending->baseline, 0);
    m_outbox->togglePostLike(post, false, false, QStringLiteral("李四's post"));
    QCOMPARE(m_outbox->pendingCount(), 0);

    QVERIFY(sentinel()); // queued later with the same delay: the cancelled like had its chance
    QCOMPARE(countRequests(m_server, mark, "PUT", postLike(post)), 0);
    QCOMPARE(countRequests(m_server, mark, "DELETE", postLike(post)), 0);
    for (const auto &args : sent)
        QVERIFY(args.at(0).value<OutboxEntry>().targetId != post);
    QVERIFY(!m_me->get(QStringLiteral("/api/v1/posts/%1").arg(post))
                 .obj()
                 .value(QLatin1String("liked"))
                 .toBool());
    QCOMPARE(m_outbox->pendingCount(), 0);
}

void TestLikeSync::likeSendsOnePutAfterTheDelay()
{
    QVERIFY(openOutbox());
    const qint64 post = newPost(QStringLiteral("one like"));
    const qsizetype mark = m_server.stderrLog().size();

    QElapsedTimer clock;
    qint64 sentAfterMs = -1;
    int arrivedBeforeSend = -1;
    qint64 notBefore = 0;
    qint64 sentWallMs = 0;
    connect(m_outbox.get(), &Outbox::sent, this, [&](const OutboxEntry &e) {
        sentAfterMs = clock.elapsed();
        sentWallMs = QDateTime::currentMSecsSinceEpoch();
        notBefore = e.notBefore;
        arrivedBeforeSend = countRequests(m_server, mark, "PUT", postLike(post));
    });
    QSignalSpy done(m_outbox.get(), &Outbox::completed);
    clock.start();
    m_outbox->togglePostLike(post, false, true, QStringLiteral("李四's post"));
    QVERIFY(done.wait(kWaitMs));

    QVERIFY2(sentAfterMs >= kShortDelayMs, QByteArray::number(sentAfterMs));
    QVERIFY(sentWallMs > notBefore);
    QCOMPARE(arrivedBeforeSend, 0); // nothing reached the server before notBefore
    QCOMPARE(countRequests(m_server, mark, "PUT", postLike(post)), 1);
    QCOMPARE(countRequests(m_server, mark, "DELETE", postLike(post)), 0);
    const LikeState answer = done.at(0).at(1).value<OutboxAnswer>().like.value();
    QCOMPARE(answer.liked, true);
    QCOMPARE(answer.likeCount, 1);
    QCOMPARE(done.at(0).at(0).value<OutboxEntry>().targetId, post);
    QCOMPARE(m_outbox->pendingCount(), 0);
    const auto r = m_me->get(QStringLiteral("/api/v1/posts/%1").arg(post));
    QCOMPARE(r.obj().value(QLatin1String("liked")).toBool(), true);
    QCOMPARE(r.obj().value(QLatin1String("likeCount")).toInteger(), 1);
}

void TestLikeSync::rapidToggles_data()
{
    QTest::addColumn<int>("toggles");
    QTest::newRow("20 toggles: back where it started") << 20;
    QTest::newRow("21 toggles: liked") << 21;
}

void TestLikeSync::rapidToggles()
{
    QFETCH(int, toggles);
    QVERIFY(openOutbox());
    const qint64 post = newPost(QStringLiteral("rapid %1").arg(toggles));
    const qsizetype mark = m_server.stderrLog().size();
    QSignalSpy sent(m_outbox.get(), &Outbox::sent);

    bool liked = false;
    for (int i = 0; i < toggles; ++i) {
        liked = !liked;
        m_outbox->togglePostLike(post, false, liked, QStringLiteral("李四's post"));
        QVERIFY(m_outbox->pendingCount() <= 1); // one entry per target
    }
    QVERIFY(sentinel());
    const int puts = countRequests(m_server, mark, "PUT", postLike(post));
    const int deletes = countRequests(m_server, mark, "DELETE", postLike(post));
    QVERIFY(puts + deletes <= 1);
    QCOMPARE(puts, liked ? 1 : 0);
    QCOMPARE(deletes, 0);
    QCOMPARE(m_me->get(QStringLiteral("/api/v1/posts/%1").arg(post))
                 .obj()
                 .value(QLatin1String("liked"))
                 .toBool(),
             liked);
}

void TestLikeSync::commentVotes_data()
{
    QTest::addColumn<int>("baseline");
    QTest::addColumn<QList<int>>("votes");
    QTest::addColumn<QStringList>("requests"); // "PUT like", "DELETE oppose", …
    QTest::addColumn<int>("final");

    QTest::newRow("like") << 0 << QList<int>{1} << QStringList{"PUT like"} << 1;
    QTest::newRow("like, oppose") << 0 << QList<int>{1, -1} << QStringList{"PUT oppose"} << -1;
    QTest::newRow("like, oppose, none") << 0 << QList<int>{1, -1, 0} << QStringList{} << 0;
    QTest::newRow("oppose") << 0 << QList<int>{-1} << QStringList{"PUT oppose"} << -1;
    QTest::newRow("liked: none") << 1 << QList<int>{0} << QStringList{"DELETE like"} << 0;
    QTest::newRow("opposed: none") << -1 << QList<int>{0} << QStringList{"DELETE oppose"} << 0;
    QTest::newRow("liked: oppose") << 1 << QList<int>{-1} << QStringList{"PUT oppose"} << -1;
    QTest::newRow("opposed: like, none, like")
        << -1 << QList<int>{1, 0, 1} << QStringList{"PUT like"} << 1;
    QTest::newRow("liked: oppose, like") << 1 << QList<int>{-1, 1} << QStringList{} << 1;
}

void TestLikeSync::commentVotes()
{
    QFETCH(int, baseline);
    QFETCH(QList<int>, votes);
    QFETCH(QStringList, requests);
    QFETCH(int, final);

    QVERIFY(openOutbox());
    const qint64 post = newPost(QStringLiteral("votes %1").arg(QTest::currentDataTag()));
    const qint64 c = newComment(post, QStringLiteral("vote on me"));
    QVERIFY(c > 0);
    const QString base = QStringLiteral("/api/v1/comments/%1/").arg(c);
    if (baseline > 0)
        QCOMPARE(m_me->put(base + QStringLiteral("like")).status, 200);
    if (baseline < 0)
        QCOMPARE(m_me->put(base + QStringLiteral("oppose")).status, 200);
    const qsizetype mark = m_server.stderrLog().size();
    QSignalSpy done(m_outbox.get(), &Outbox::completed);

    for (const int vote : votes)
        m_outbox->setCommentVote(c, baseline, vote, QStringLiteral("李四's comment"));
    QCOMPARE(m_outbox->pendingCount(), requests.isEmpty() ? 0 : 1);
    QVERIFY(sentinel());

    QStringList seen;
    for (const char *method : {"PUT", "DELETE"}) {
        for (const char *what : {"like", "oppose"}) {
            const int n = countRequests(m_server, mark, method, base + QLatin1String(what));
            for (int i = 0; i < n; ++i)
                seen << QStringLiteral("%1 %2").arg(QLatin1String(method), QLatin1String(what));
        }
    }
    QCOMPARE(seen, requests);

    const QJsonObject server = comment(post, c);
    QCOMPARE(server.value(QLatin1String("liked")).toBool(), final > 0);
    QCOMPARE(server.value(QLatin1String("opposed")).toBool(), final < 0);
    QCOMPARE(server.value(QLatin1String("likeCount")).toInteger(), final > 0 ? 1 : 0);
    QCOMPARE(server.value(QLatin1String("opposeCount")).toInteger(), final < 0 ? 1 : 0);
    // The server's answer reaches completed(), so that the store can take its counts.
    for (const auto &args : done) {
        const auto e = args.at(0).value<OutboxEntry>();
        if (e.targetId != c)
            continue;
        const CommentLikeState answer = args.at(1).value<OutboxAnswer>().vote.value();
        QCOMPARE(answer.liked, final > 0);
        QCOMPARE(answer.opposed, final < 0);
        QCOMPARE(answer.score, server.value(QLatin1String("score")).toInteger());
    }
}

void TestLikeSync::realThreeSecondDelay()
{
    QVERIFY(openOutbox(-1)); // the default: the product's 3 s
    QCOMPARE(m_outbox->likeDelayMs(), 3000);
    const qint64 post = newPost(QStringLiteral("three seconds"));
    const qsizetype mark = m_server.stderrLog().size();
    QElapsedTimer clock;
    qint64 sentAfterMs = -1;
    int arrivedBeforeSend = -1;
    connect(m_outbox.get(), &Outbox::sent, this, [&](const OutboxEntry &) {
        sentAfterMs = clock.elapsed();
        arrivedBeforeSend = countRequests(m_server, mark, "PUT", postLike(post));
    });
    QSignalSpy done(m_outbox.get(), &Outbox::completed);
    clock.start();
    m_outbox->togglePostLike(post, false, true, QStringLiteral("李四's post"));
    QVERIFY(done.wait(kWaitMs));
    QVERIFY2(sentAfterMs >= 3000, QByteArray::number(sentAfterMs));
    QCOMPARE(arrivedBeforeSend, 0);
    QCOMPARE(countRequests(m_server, mark, "PUT", postLike(post)), 1);
}

void TestLikeSync::pendingLikeSurvivesRestart()
{
    QVERIFY(openOutbox(1000));
    const qint64 post = newPost(QStringLiteral("survives"));
    const qsizetype mark = m_server.stderrLog().size();
    QSignalSpy persisted(m_outbox.get(), &Outbox::persisted);
    m_outbox->togglePostLike(post, false, true, QStringLiteral("李四's post"));
    QVERIFY(persisted.wait(kWaitMs));
    const OutboxEntry before = *m_outbox->pendingToggle(OutboxEntry::Kind::PostLike, post);
    m_outbox.reset(); // "crash" before it was due: nothing was sent
    QCOMPARE(countRequests(m_server, mark, "PUT", postLike(post)), 0);

    QVERIFY(openOutbox(1000));
    QCOMPARE(m_outbox->pendingCount(), 1);
    const auto loaded = m_outbox->pendingToggle(OutboxEntry::Kind::PostLike, post);
    QVERIFY(loaded);
    QCOMPARE(*loaded, before); // desired state, baseline, notBefore, key: all as written
    QSignalSpy done(m_outbox.get(), &Outbox::completed);
    QVERIFY(done.wait(kWaitMs));
    QVERIFY(QDateTime::currentMSecsSinceEpoch() > before.notBefore);
    QCOMPARE(countRequests(m_server, mark, "PUT", postLike(post)), 1);
    QVERIFY(m_me->get(QStringLiteral("/api/v1/posts/%1").arg(post))
                .obj()
                .value(QLatin1String("liked"))
                .toBool());
}

void TestLikeSync::toggleWhileInFlight()
{
    QVERIFY(openOutbox(100));
    const qint64 post = newPost(QStringLiteral("in flight"));
    const qsizetype mark = m_server.stderrLog().size();
    bool toggledBack = false;
    connect(m_outbox.get(), &Outbox::sent, this, [&](const OutboxEntry &e) {
        if (e.targetId != post || toggledBack)
            return;
        toggledBack = true;
        // The UI still believes the server has "not liked": the in-flight like is the baseline.
        m_outbox->togglePostLike(post, false, false, QStringLiteral("李四's post"));
        const auto pending = m_outbox->pendingToggle(OutboxEntry::Kind::PostLike, post);
        QVERIFY(pending);
        QCOMPARE(pending->baseline, 1);
        QCOMPARE(pending->desired, 0);
    });
    QSignalSpy done(m_outbox.get(), &Outbox::completed);
    m_outbox->togglePostLike(post, false, true, QStringLiteral("李四's post"));
    QTRY_COMPARE_WITH_TIMEOUT(done.size(), 2, kWaitMs);
    QVERIFY(toggledBack);
    QCOMPARE(countRequests(m_server, mark, "PUT", postLike(post)), 1);
    QCOMPARE(countRequests(m_server, mark, "DELETE", postLike(post)), 1);
    QCOMPARE(done.at(1).at(1).value<OutboxAnswer>().like.value().liked, false);
    QVERIFY(!m_me->get(QStringLiteral("/api/v1/posts/%1").arg(post))
                 .obj()
                 .value(QLatin1String("liked"))
                 .toBool());
}

// A crash after the server took a like but before the entry left the file: after the restart the
// entry may or may not have been applied. Toggling back to its baseline must then send the
// unlike explicitly — dropping the entry would leave the post liked.
void TestLikeSync::maybeSentEntryIsNeverDropped()
{
    const QString path = m_dir->filePath(QStringLiteral("outbox.sqlite"));
    const QString backup = m_dir->filePath(QStringLiteral("backup.sqlite"));
    const qint64 post = newPost(QStringLiteral("maybe sent"));
    m_api->setOffline(true);
    QVERIFY(openOutbox(0));
    QSignalSpy persisted(m_outbox.get(), &Outbox::persisted);
    m_outbox->togglePostLike(post, false, true, QStringLiteral("李四's post"));
    QVERIFY(persisted.wait(kWaitMs));
    m_outbox.reset();
    QVERIFY(QFile::copy(path, backup));

    m_api->setOffline(false); // the like reaches the server…
    QVERIFY(openOutbox(0));
    QSignalSpy done(m_outbox.get(), &Outbox::completed);
    QVERIFY(done.wait(kWaitMs));
    m_outbox.reset();
    QVERIFY(m_me->get(QStringLiteral("/api/v1/posts/%1").arg(post))
                .obj()
                .value(QLatin1String("liked"))
                .toBool());
    // …but the process "died" before the entry was removed.
    QVERIFY(QFile::remove(path));
    QFile::remove(path + QStringLiteral("-wal"));
    QFile::remove(path + QStringLiteral("-shm"));
    QVERIFY(QFile::copy(backup, path));

    // Next start, offline: the user takes the like back.
    m_api->setOffline(true);
    QVERIFY(openOutbox(0));
    QCOMPARE(m_outbox->pendingCount(), 1);
    QSignalSpy saved(m_outbox.get(), &Outbox::toggleSaved);
    m_outbox->togglePostLike(post, true, false, QStringLiteral("李四's post"));
    QVERIFY(saved.wait(kWaitMs));
    QCOMPARE(m_outbox->pendingCount(), 1); // kept, now wanting "not liked"
    QCOMPARE(m_outbox->entries().first().desired, 0);
    const qsizetype mark = m_server.stderrLog().size();
    QSignalSpy again(m_outbox.get(), &Outbox::completed);
    m_api->setOffline(false);
    QVERIFY(again.wait(kWaitMs));
    QCOMPARE(countRequests(m_server, mark, "DELETE", postLike(post)), 1);
    QVERIFY(!m_me->get(QStringLiteral("/api/v1/posts/%1").arg(post))
                 .obj()
                 .value(QLatin1String("liked"))
                 .toBool());
}

void TestLikeSync::followIsCoalescedToo()
{
    QVERIFY(openOutbox());
    const qsizetype mark = m_server.stderrLog().size();
    const qint64 wangwu = 10003;
    const bool before = m_me->get(QStringLiteral("/api/v1/users/%1").arg(wangwu))
                            .obj()
                            .value(QLatin1String("followedByMe"))
                            .toBool();
    QSignalSpy done(m_outbox.get(), &Outbox::completed);
    m_outbox->setFollow(wangwu, before, !before, QStringLiteral("王五"));
    QVERIFY(done.wait(kWaitMs));
    QCOMPARE(done.at(0).at(1).value<OutboxAnswer>().follow.value().following, !before);
    QCOMPARE(countRequests(m_server, mark, before ? "DELETE" : "PUT",
                           QStringLiteral("/api/v1/users/%1/follow").arg(wangwu)),
             1);
}

QTEST_GUILESS_MAIN(TestLikeSync)
#include "tst_likesync.moc"

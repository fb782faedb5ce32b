// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The PostgreSQL write path, with two threadline-server processes on one database:
//  - likes are one statement each and take no global lock, yet /sync loses nothing: many
//    connections through both processes toggle likes at once while a reader pages through /sync
//    one change at a time (limit=1, so every change-log row is one page); the reader must see
//    exactly one change per write — no gap (a change skipped because it committed after a later
//    number was read) and nothing twice — and every count ends where it began;
//  - a like keeps the contract: a second like is no like, counts are computed, 404 for a post
//    that does not exist, comment like and oppose exclude each other;
//  - an Idempotency-Key works across processes: a POST retried through the other process answers
//    the first answer and creates nothing twice, also when both arrive at once;
//  - a sign-out through one process is seen by the other (started with --token-cache 0) at once;
//  - `--db postgresql://…?host=/folder` reaches the cluster through its Unix socket (a URL host
//    that does not resolve proves the socket is used), and a host= that is not a folder path
//    is refused at start.
//
// Needs a cluster (THREADLINE_TEST_PG_FILE or THREADLINE_TEST_PG), like every postgres suite.

#include "testserver.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>
#include <QTimer>
#include <QUrlQuery>
#include <functional>
#include <memory>
#include <vector>

using threadline::test::Client;
using threadline::test::HttpResult;
using threadline::test::TestServer;

namespace {

const QString kApi = QStringLiteral("/api/v1");
constexpr int kToggles = 10; // per (user, post) pair: PUT, DELETE, PUT, … — every one a change
constexpr int kPosts = 10;
constexpr int kManagers = 8;

QNetworkRequest request(const TestServer &s, const QString &path, const QString &query,
                        const QString &token)
{
    QUrl url = s.baseUrl();
    url.setPath(path);
    if (!query.isEmpty())
        url.setQuery(query, QUrl::StrictMode);
    QNetworkRequest req(url);
    req.setRawHeader("Authorization", "Bearer " + token.toUtf8());
    req.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    req.setTransferTimeout(120000);
    return req;
}

} // namespace

class TstPgWritePath : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void likeKeepsTheContract();
    void concurrentLikesLeaveNoGapInSync();
    void readersAtTheTailMissNoChange();
    void slowWriterHoldsSyncBackAndLosesNothing();
    void idempotencyKeyAcrossProcesses();
    void signOutSeenByTheOtherProcess();
    void unixSocketUrl();

private:
    TestServer m_a;
    TestServer m_b; // the same database, --token-cache 0
};

void TstPgWritePath::initTestCase()
{
    if (TestServer::postgresBaseUrl().isEmpty())
        QFAIL("no PostgreSQL cluster: set THREADLINE_TEST_PG_FILE (scripts/pg-cluster.sh start DIR "
              "writes DIR/url) or THREADLINE_TEST_PG");
    QVERIFY2(m_a.start({QStringLiteral("--demo")}), m_a.stderrLog().right(3000).constData());
    QVERIFY(m_a.isPostgres());
    QVERIFY2(m_b.start({QStringLiteral("--db"), m_a.dbUrl(), QStringLiteral("--token-cache"),
                        QStringLiteral("0")}),
             m_b.stderrLog().right(3000).constData());
}

void TstPgWritePath::cleanupTestCase()
{
    for (TestServer *s : {&m_a, &m_b}) {
        QVERIFY2(s->isRunning(), "a server exited during the tests");
        QVERIFY2(!s->stderrLog().contains(" 500 "), s->stderrLog().right(2000).constData());
        s->stop();
    }
}

void TstPgWritePath::likeKeepsTheContract()
{
    Client a(m_a.baseUrl()), b(m_b.baseUrl());
    QVERIFY(!a.login(QStringLiteral("mazi")).isEmpty());
    QVERIFY(!b.login(QStringLiteral("mazi")).isEmpty());
    const QString like = kApi + QStringLiteral("/posts/90012/like");
    QCOMPARE(a.del(like).status, 200); // a known start: not liked
    const qint64 base = a.get(kApi + "/posts/90012").obj().value("likeCount").toInteger();

    HttpResult r = a.put(like);
    QVERIFY2(r.status == 200, r.describe().constData());
    QCOMPARE(r.obj(), (QJsonObject{{"liked", true}, {"likeCount", base + 1}}));
    r = b.put(like); // a second like, through the other process: no like
    QCOMPARE(r.obj(), (QJsonObject{{"liked", true}, {"likeCount", base + 1}}));
    r = b.del(like);
    QCOMPARE(r.obj(), (QJsonObject{{"liked", false}, {"likeCount", base}}));
    r = a.del(like); // a second unlike: nothing more
    QCOMPARE(r.obj(), (QJsonObject{{"liked", false}, {"likeCount", base}}));
    QCOMPARE(a.get(kApi + "/posts/90012").obj().value("likeCount").toInteger(), base);

    r = a.put(kApi + QStringLiteral("/posts/8999999/like"));
    QCOMPARE(r.status, 404);
    QCOMPARE(r.errorCode(), QStringLiteral("not_found"));
    QCOMPARE(a.del(kApi + QStringLiteral("/posts/8999999/like")).status, 404);
    QCOMPARE(a.put(kApi + QStringLiteral("/posts/abc/like")).status, 400);
    Client anon(m_a.baseUrl());
    QCOMPARE(anon.put(like).status, 401);

    // A comment: like and oppose exclude each other, repeats change nothing.
    const HttpResult floors = a.get(kApi + "/posts/90012/comments?limit=1");
    const qint64 cid =
        floors.obj().value("roots").toArray().first().toObject().value("id").toInteger();
    QVERIFY(cid > 0);
    const QString cl = kApi + QStringLiteral("/comments/%1/like").arg(cid);
    const QString co = kApi + QStringLiteral("/comments/%1/oppose").arg(cid);
    a.del(cl);
    a.del(co);
    const QJsonObject before = a.del(co).obj();
    const qint64 likes = before.value("likeCount").toInteger();
    const qint64 opposes = before.value("opposeCount").toInteger();
    r = a.put(cl);
    QCOMPARE(r.obj(), (QJsonObject{{"liked", true},
                                   {"likeCount", likes + 1},
                                   {"opposed", false},
                                   {"opposeCount", opposes},
                                   {"score", 2 * (likes + 1) - opposes}}));
    QCOMPARE(b.put(cl).obj(), r.obj());
    r = b.put(co); // opposing removes my like
    QCOMPARE(r.obj(), (QJsonObject{{"liked", false},
                                   {"likeCount", likes},
                                   {"opposed", true},
                                   {"opposeCount", opposes + 1},
                                   {"score", 2 * likes - opposes - 1}}));
    QCOMPARE(a.del(cl).obj(), r.obj()); // not liked: nothing to remove
    r = a.del(co);
    QCOMPARE(r.obj().value("opposed").toBool(), false);
    QCOMPARE(r.obj().value("opposeCount").toInteger(), opposes);
    QCOMPARE(a.put(kApi + QStringLiteral("/comments/8999999/like")).status, 404);
}

void TstPgWritePath::concurrentLikesLeaveNoGapInSync()
{
    const QList<TestServer *> servers{&m_a, &m_b};
    const QStringList users{QStringLiteral("zhangsan"), QStringLiteral("lisi"),
                            QStringLiteral("wangwu"),   QStringLiteral("mazi"),
                            QStringLiteral("qianqi"),   QStringLiteral("maliu")};
    QList<QStringList> tokens; // [server][user]
    for (TestServer *s : servers) {
        QStringList perServer;
        for (const QString &u : users) {
            Client c(s->baseUrl());
            perServer << c.login(u);
            QVERIFY2(!perServer.last().isEmpty(), qPrintable(u));
        }
        tokens << perServer;
    }

    // The posts, and a known start: no pair liked; the counts then.
    Client setup(m_a.baseUrl());
    setup.setToken(tokens[0][0]);
    const HttpResult page = setup.get(kApi + QStringLiteral("/timeline?limit=%1").arg(kPosts));
    QVERIFY2(page.status == 200, page.describe().constData());
    QList<qint64> posts;
    for (const QJsonValue &p : page.items())
        posts << p.toObject().value("id").toInteger();
    QCOMPARE(posts.size(), kPosts);
    for (int u = 0; u < users.size(); ++u) {
        setup.setToken(tokens[0][u]);
        for (qint64 p : posts)
            QCOMPARE(setup.del(kApi + QStringLiteral("/posts/%1/like").arg(p)).status, 200);
    }
    QHash<qint64, qint64> baseCount;
    for (qint64 p : posts)
        baseCount[p] = setup.get(kApi + QStringLiteral("/posts/%1").arg(p))
                           .obj()
                           .value("likeCount")
                           .toInteger();

    // The reader's starting point: nothing changes in this database from now on but our likes.
    Client start(m_b.baseUrl());
    start.setToken(tokens[1][5]);
    const HttpResult first = start.get(kApi + "/sync");
    QVERIFY2(first.status == 200, first.describe().constData());
    QString cursor = first.obj().value("next").toString();
    QVERIFY(!cursor.isEmpty());

    std::vector<std::unique_ptr<QNetworkAccessManager>> managers;
    for (int i = 0; i < kManagers + 1; ++i) {
        managers.push_back(std::make_unique<QNetworkAccessManager>());
        managers.back()->setProxy(QNetworkProxy::NoProxy);
    }
    const int pairs = int(users.size()) * kPosts;
    const int expected = pairs * kToggles;
    QStringList failures;
    int writesDone = 0;
    QHash<qint64, int> seenPerPost;
    int seen = 0, polls = 0;
    QEventLoop loop;
    bool over = false;

    // One chain per (user, post) pair: PUT, DELETE, PUT, … each after the previous answer,
    // through server (pair % 2), so both processes write the same posts at once.
    std::function<void(int, int)> write = [&](int pair, int step) {
        const int u = pair / kPosts;
        const qint64 post = posts[pair % kPosts];
        const int s = pair % 2;
        const QNetworkRequest req = request(
            *servers[s], kApi + QStringLiteral("/posts/%1/like").arg(post), {}, tokens[s][u]);
        const bool on = step % 2 == 0;
        QNetworkAccessManager &nam = *managers[size_t(pair % kManagers)];
        QNetworkReply *reply = on ? nam.put(req, QByteArray()) : nam.deleteResource(req);
        QObject::connect(reply, &QNetworkReply::finished, &loop, [&, reply, pair, step, on]() {
            reply->deleteLater();
            const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            const QJsonObject o = QJsonDocument::fromJson(reply->readAll()).object();
            if (status != 200 || o.value("liked").toBool() != on)
                failures << QStringLiteral("pair %1 step %2: HTTP %3 liked=%4")
                                .arg(pair)
                                .arg(step)
                                .arg(status)
                                .arg(o.value("liked").toBool());
            ++writesDone;
            if (step + 1 < kToggles)
                write(pair, step + 1);
        });
    };
    // The reader: one change per page, through both processes in turn, until it has seen as
    // many changes as there were writes (or the deadline).
    std::function<void()> poll = [&]() {
        const TestServer &s = *servers[polls % 2];
        const QString token = tokens[polls % 2][5];
        ++polls;
        QNetworkReply *reply = managers[kManagers]->get(request(
            s, kApi + "/sync",
            "limit=1&since=" + QString::fromLatin1(QUrl::toPercentEncoding(cursor)), token));
        QObject::connect(reply, &QNetworkReply::finished, &loop, [&, reply]() {
            reply->deleteLater();
            const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            const QJsonObject o = QJsonDocument::fromJson(reply->readAll()).object();
            if (status != 200) {
                failures << QStringLiteral("sync answered %1").arg(status);
                loop.quit();
                return;
            }
            const QJsonArray changes = o.value("changes").toArray();
            if (changes.size() > 1)
                failures << QStringLiteral("limit=1 gave %1 changes").arg(changes.size());
            for (const QJsonValue &v : changes) {
                const QJsonObject ch = v.toObject();
                if (ch.value("kind").toString() != QLatin1String("post") ||
                    ch.value("op").toString() != QLatin1String("upsert"))
                    failures << QStringLiteral("unexpected change %1")
                                    .arg(QString::fromUtf8(
                                        QJsonDocument(ch).toJson(QJsonDocument::Compact)));
                ++seenPerPost[ch.value("id").toInteger()];
                ++seen;
            }
            const QString next = o.value("next").toString();
            if (next.isEmpty())
                failures << QStringLiteral("no next cursor");
            cursor = next;
            if (over || (writesDone == expected && seen >= expected)) {
                loop.quit();
                return;
            }
            poll();
        });
    };
    for (int p = 0; p < pairs; ++p)
        write(p, 0);
    poll();
    QTimer deadline;
    deadline.setSingleShot(true);
    QObject::connect(&deadline, &QTimer::timeout, &loop, [&] { over = true; });
    deadline.start(180000);
    QElapsedTimer timer;
    timer.start();
    loop.exec();
    qInfo("%d like writes through 2 processes, %d sync pages, %lld ms", writesDone, polls,
          timer.elapsed());
    QVERIFY2(failures.isEmpty(), qPrintable(failures.mid(0, 5).join('\n')));
    QCOMPARE(writesDone, expected);
    // Exactly one change per write: none skipped, none twice.
    QCOMPARE(seen, expected);
    for (qint64 p : posts)
        QCOMPARE(seenPerPost.value(p), int(users.size()) * kToggles);

    // Nothing more after the last one, and the counts are where they began (even toggles).
    const HttpResult tail = start.get(
        kApi + "/sync?limit=1000&since=" + QString::fromLatin1(QUrl::toPercentEncoding(cursor)));
    QCOMPARE(tail.status, 200);
    QCOMPARE(tail.obj().value("changes").toArray().size(), 0);
    QCOMPARE(tail.obj().value("hasMore").toBool(), false);
    for (qint64 p : posts)
        QCOMPARE(start.get(kApi + QStringLiteral("/posts/%1").arg(p))
                     .obj()
                     .value("likeCount")
                     .toInteger(),
                 baseCount[p]);
}

// The test above counts every row but its reader trails the writers; this one's readers read
// at the tail, where a log numbered in insert order but committed in another order would let a
// reader pass a row that commits a moment later: 1,200 comment likes, every one on a comment of
// its own (so that no page folds two changes of one object into one), through both processes at
// once, while three readers poll /sync with large pages as fast as they are answered. Every
// reader must see every one of the 1,200 comments.
void TstPgWritePath::readersAtTheTailMissNoChange()
{
    const QList<TestServer *> servers{&m_a, &m_b};
    const QStringList users{QStringLiteral("zhangsan"), QStringLiteral("lisi"),
                            QStringLiteral("wangwu"), QStringLiteral("mazi")};
    QList<QStringList> tokens; // [server][user]
    for (TestServer *s : servers) {
        QStringList perServer;
        for (const QString &u : users) {
            Client c(s->baseUrl());
            perServer << c.login(u);
            QVERIFY2(!perServer.last().isEmpty(), qPrintable(u));
        }
        tokens << perServer;
    }
    // The busy post's comments: 200 floors and up to 20 replies of each.
    Client setup(m_a.baseUrl());
    setup.setToken(tokens[0][0]);
    const HttpResult page =
        setup.get(kApi + QStringLiteral("/posts/90500/comments?limit=200&replies=20"));
    QVERIFY2(page.status == 200, page.describe().constData());
    QList<qint64> comments;
    for (const char *part : {"roots", "replies"})
        for (const QJsonValue &c : page.obj().value(QLatin1String(part)).toArray())
            if (c.toObject().value("status").toString() == QLatin1String("visible"))
                comments << c.toObject().value("id").toInteger();
    constexpr int kWrites = 1200;
    QVERIFY2(comments.size() >= kWrites, qPrintable(QString::number(comments.size())));
    comments = comments.mid(0, kWrites);

    std::vector<std::unique_ptr<QNetworkAccessManager>> managers;
    for (int i = 0; i < kManagers; ++i) {
        managers.push_back(std::make_unique<QNetworkAccessManager>());
        managers.back()->setProxy(QNetworkProxy::NoProxy);
    }
    QStringList failures;
    // Comment i goes to user i % 4 through server (i / 4) % 2. First a known start: not liked.
    const auto send = [&](int i, bool on, QEventLoop &loop, int *pending) {
        const int u = i % int(users.size());
        const int s = (i / int(users.size())) % 2;
        const QNetworkRequest req =
            request(*servers[s], kApi + QStringLiteral("/comments/%1/like").arg(comments[i]), {},
                    tokens[s][u]);
        QNetworkAccessManager &nam = *managers[size_t(i % kManagers)];
        QNetworkReply *reply = on ? nam.put(req, QByteArray()) : nam.deleteResource(req);
        QObject::connect(reply, &QNetworkReply::finished, &loop, [&, reply, i, on, pending] {
            reply->deleteLater();
            const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            const QJsonObject o = QJsonDocument::fromJson(reply->readAll()).object();
            if (status != 200 || o.value("liked").toBool() != on)
                failures << QStringLiteral("comment %1: HTTP %2").arg(comments[i]).arg(status);
            if (--*pending == 0)
                loop.quit();
        });
    };
    {
        QEventLoop loop;
        int pending = kWrites;
        for (int i = 0; i < kWrites; ++i)
            send(i, false, loop, &pending);
        QTimer::singleShot(180000, &loop, &QEventLoop::quit);
        loop.exec();
        QCOMPARE(pending, 0);
        QVERIFY2(failures.isEmpty(), qPrintable(failures.mid(0, 5).join('\n')));
    }

    Client start(m_a.baseUrl());
    start.setToken(tokens[0][3]);
    const QString startCursor = start.get(kApi + "/sync").obj().value("next").toString();
    QVERIFY(!startCursor.isEmpty());

    constexpr int kReaders = 3;
    struct Reader
    {
        QString cursor;
        QSet<qint64> seen;
        int polls = 0;
        bool done = false;
        std::unique_ptr<QNetworkAccessManager> nam;
    };
    std::vector<Reader> readers(kReaders);
    const QSet<qint64> written(comments.begin(), comments.end());
    int pending = kWrites, readersDone = 0;
    bool over = false;
    QEventLoop loop;
    std::function<void(int)> poll = [&](int r) {
        Reader &rd = readers[size_t(r)];
        const int s = (rd.polls + r) % 2;
        ++rd.polls;
        QNetworkReply *reply = rd.nam->get(
            request(*servers[s], kApi + "/sync",
                    "limit=500&since=" + QString::fromLatin1(QUrl::toPercentEncoding(rd.cursor)),
                    tokens[s][3]));
        QObject::connect(reply, &QNetworkReply::finished, &loop, [&, reply, r] {
            reply->deleteLater();
            Reader &rd = readers[size_t(r)];
            const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            const QJsonObject o = QJsonDocument::fromJson(reply->readAll()).object();
            if (status != 200) {
                failures << QStringLiteral("reader %1: sync answered %2").arg(r).arg(status);
                over = true;
            }
            for (const QJsonValue &v : o.value("changes").toArray())
                if (v.toObject().value("kind").toString() == QLatin1String("comment"))
                    rd.seen.insert(v.toObject().value("id").toInteger());
            rd.cursor = o.value("next").toString();
            // Done when the writes are all answered and this reader has seen every comment —
            // or, at the deadline, with what it has (the check below says what is missing).
            if ((pending == 0 && rd.seen.contains(written)) || over) {
                rd.done = true;
                if (++readersDone == kReaders)
                    loop.quit();
                return;
            }
            poll(r);
        });
    };
    for (int r = 0; r < kReaders; ++r) {
        readers[size_t(r)].cursor = startCursor;
        readers[size_t(r)].nam = std::make_unique<QNetworkAccessManager>();
        readers[size_t(r)].nam->setProxy(QNetworkProxy::NoProxy);
        poll(r);
    }
    QEventLoop unused;
    for (int i = 0; i < kWrites; ++i)
        send(i, true, unused, &pending);
    QTimer deadline;
    deadline.setSingleShot(true);
    QObject::connect(&deadline, &QTimer::timeout, &loop, [&] { over = true; });
    deadline.start(120000);
    QElapsedTimer timer;
    timer.start();
    loop.exec();
    QCOMPARE(pending, 0);
    QVERIFY2(failures.isEmpty(), qPrintable(failures.mid(0, 5).join('\n')));
    for (int r = 0; r < kReaders; ++r) {
        const QSet<qint64> missing = written - readers[size_t(r)].seen;
        qInfo("reader %d: %d polls, %lld of %d comments seen, %lld ms", r, readers[size_t(r)].polls,
              qint64(readers[size_t(r)].seen.size()), kWrites, timer.elapsed());
        QVERIFY2(missing.isEmpty(),
                 qPrintable(QStringLiteral("reader %1 never saw %2 of the %3 changed comments")
                                .arg(r)
                                .arg(missing.size())
                                .arg(kWrites)));
    }
}

// The case the horizon exists for, made deterministic: a writer whose transaction is still open
// (this test's own connection: a change row inserted, not committed) while a like through a
// server commits a later row. The like is not held up (no lock); a /sync read then must not
// hand out the later row — a cursor past it would never return to the earlier one, which
// commits afterwards with a lower number. Once the slow writer commits, the next read brings
// both, in order.
void TstPgWritePath::slowWriterHoldsSyncBackAndLosesNothing()
{
    const QUrl url(m_a.dbUrl());
    {
        QSqlDatabase db =
            QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), QStringLiteral("slow"));
        db.setHostName(url.host());
        db.setPort(url.port(5432));
        db.setUserName(url.userName());
        db.setPassword(url.password());
        db.setDatabaseName(url.path().mid(1));
        QVERIFY2(db.open(), qPrintable(db.lastError().text()));

        Client reader(m_a.baseUrl()), writer(m_b.baseUrl());
        QVERIFY(!reader.login(QStringLiteral("qianqi")).isEmpty());
        QVERIFY(!writer.login(QStringLiteral("maliu")).isEmpty());
        QCOMPARE(writer.del(kApi + "/posts/90012/like").status, 200);
        const QString c0 = reader.get(kApi + "/sync").obj().value("next").toString();
        QVERIFY(!c0.isEmpty());

        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("BEGIN")));
        QVERIFY2(q.exec(QStringLiteral("INSERT INTO changes(kind, obj_id, op, createtime)"
                                       " VALUES ('user', 10003, 'upsert', 0)")),
                 qPrintable(q.lastError().text()));
        // A later change, committed through the other process while the slow one is open: not
        // held up by it.
        QElapsedTimer t;
        t.start();
        const HttpResult like = writer.put(kApi + "/posts/90012/like");
        QVERIFY2(like.status == 200, like.describe().constData());
        QVERIFY2(t.elapsed() < 5000, "the like waited for another writer");

        // Held back, not handed out (both processes answer the same).
        HttpResult r =
            reader.get(kApi + "/sync?since=" + QString::fromLatin1(QUrl::toPercentEncoding(c0)));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.obj().value("changes").toArray().size(), 0);
        QCOMPARE(r.obj().value("hasMore").toBool(), false);
        const QString c1 = r.obj().value("next").toString();
        Client readerB(m_b.baseUrl());
        readerB.setToken(reader.token());
        QCOMPARE(
            readerB.get(kApi + "/sync?since=" + QString::fromLatin1(QUrl::toPercentEncoding(c0)))
                .obj()
                .value("changes")
                .toArray()
                .size(),
            0);

        QVERIFY(q.exec(QStringLiteral("COMMIT")));
        r = reader.get(kApi + "/sync?since=" + QString::fromLatin1(QUrl::toPercentEncoding(c1)));
        QCOMPARE(r.status, 200);
        QStringList got;
        for (const QJsonValue &v : r.obj().value("changes").toArray())
            got << v.toObject().value("kind").toString() + QLatin1Char('/') +
                       QString::number(v.toObject().value("id").toInteger());
        QCOMPARE(got, (QStringList{QStringLiteral("user/10003"), QStringLiteral("post/90012")}));
        QCOMPARE(writer.del(kApi + "/posts/90012/like").status, 200);
    }
    QSqlDatabase::removeDatabase(QStringLiteral("slow"));
}

void TstPgWritePath::idempotencyKeyAcrossProcesses()
{
    Client a(m_a.baseUrl()), b(m_b.baseUrl());
    const QString token = a.login(QStringLiteral("qianqi"));
    QVERIFY(!token.isEmpty());
    b.setToken(token);
    const QString uid = QString::number(a.uid());
    const auto myPosts = [&](const QString &content) {
        int n = 0;
        const HttpResult page = b.get(kApi + "/timeline?scope=user&limit=50&uid=" + uid);
        for (const QJsonValue &p : page.items())
            n += p.toObject().value("content").toString() == content;
        return n;
    };

    // Retried on the other process: the first answer, nothing twice.
    const QByteArray key = Client::newIdempotencyKey();
    const QJsonObject body{{"category", "TEXT"}, {"content", "idempotent across processes"}};
    const HttpResult created = a.post(kApi + "/posts", body, {{"Idempotency-Key", key}});
    QVERIFY2(created.status == 201, created.describe().constData());
    const HttpResult replay = b.post(kApi + "/posts", body, {{"Idempotency-Key", key}});
    QVERIFY2(replay.status == 201, replay.describe().constData());
    QCOMPARE(replay.header("Idempotent-Replayed"), QByteArray("true"));
    QCOMPARE(replay.obj().value("id"), created.obj().value("id"));
    QCOMPARE(replay.body, created.body);
    QCOMPARE(myPosts(QStringLiteral("idempotent across processes")), 1);
    // The same key with another body: 409, on either process.
    const QJsonObject other{{"category", "TEXT"}, {"content", "another body"}};
    QCOMPARE(b.post(kApi + "/posts", other, {{"Idempotency-Key", key}}).status, 409);
    QCOMPARE(a.post(kApi + "/posts", other, {{"Idempotency-Key", key}}).status, 409);

    // Both at once, one through each process, for a post and for a comment.
    for (int round = 0; round < 5; ++round) {
        const QByteArray k = Client::newIdempotencyKey();
        const QString content = QStringLiteral("at once %1").arg(round);
        const QByteArray json =
            Client::toJson(QJsonObject{{"category", "TEXT"}, {"content", content}});
        QNetworkAccessManager n1, n2;
        n1.setProxy(QNetworkProxy::NoProxy);
        n2.setProxy(QNetworkProxy::NoProxy);
        QNetworkRequest r1 = request(m_a, kApi + "/posts", {}, token);
        QNetworkRequest r2 = request(m_b, kApi + "/posts", {}, token);
        for (QNetworkRequest *r : {&r1, &r2}) {
            r->setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
            r->setRawHeader("Idempotency-Key", k);
        }
        QEventLoop loop;
        int done = 0;
        int status[2] = {0, 0};
        QByteArray answer[2];
        QNetworkReply *replies[2] = {n1.post(r1, json), n2.post(r2, json)};
        for (int i = 0; i < 2; ++i)
            QObject::connect(replies[i], &QNetworkReply::finished, &loop, [&, i] {
                status[i] = replies[i]->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
                answer[i] = replies[i]->readAll();
                if (++done == 2)
                    loop.quit();
            });
        QTimer::singleShot(60000, &loop, &QEventLoop::quit);
        loop.exec();
        QCOMPARE(done, 2);
        QCOMPARE(status[0], 201);
        QCOMPARE(status[1], 201);
        QCOMPARE(answer[0], answer[1]);
        QCOMPARE(myPosts(content), 1);
        delete replies[0];
        delete replies[1];
    }

    const qint64 postId = created.obj().value("id").toInteger();
    const QByteArray ck = Client::newIdempotencyKey();
    const QJsonObject comment{{"content", "one comment, twice sent"}};
    const HttpResult c1 = b.post(kApi + QStringLiteral("/posts/%1/comments").arg(postId), comment,
                                 {{"Idempotency-Key", ck}});
    QCOMPARE(c1.status, 201);
    const HttpResult c2 = a.post(kApi + QStringLiteral("/posts/%1/comments").arg(postId), comment,
                                 {{"Idempotency-Key", ck}});
    QCOMPARE(c2.status, 201);
    QCOMPARE(c2.body, c1.body);
    QCOMPARE(a.get(kApi + QStringLiteral("/posts/%1").arg(postId))
                 .obj()
                 .value("commentCount")
                 .toInteger(),
             1);
}

void TstPgWritePath::signOutSeenByTheOtherProcess()
{
    Client a(m_a.baseUrl()), b(m_b.baseUrl());
    const QString token = a.login(QStringLiteral("lisi"));
    QVERIFY(!token.isEmpty());
    b.setToken(token);
    QCOMPARE(b.get(kApi + "/me").status, 200);
    QCOMPARE(a.get(kApi + "/me").status, 200);
    QCOMPARE(a.post(kApi + "/auth/logout").status, 204);
    QCOMPARE(a.get(kApi + "/me").status, 401); // the process that signed out: at once
    // The other one, with --token-cache 0, asks the database every time: at once too.
    QCOMPARE(b.get(kApi + "/me").status, 401);
    QCOMPARE(b.put(kApi + "/posts/90012/like").status, 401);
}

void TstPgWritePath::unixSocketUrl()
{
    // The cluster says where its socket is (scripts/pg-cluster.sh: DIR/sock).
    QString sockDir;
    {
        const QUrl url(m_a.dbUrl());
        QSqlDatabase db =
            QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), QStringLiteral("socketdir"));
        db.setHostName(url.host());
        db.setPort(url.port(5432));
        db.setUserName(url.userName());
        db.setPassword(url.password());
        db.setDatabaseName(url.path().mid(1));
        QVERIFY2(db.open(), qPrintable(db.lastError().text()));
        QSqlQuery q(db);
        QVERIFY2(q.exec(QStringLiteral("SHOW unix_socket_directories")) && q.next(),
                 qPrintable(q.lastError().text()));
        sockDir = q.value(0).toString().section(QLatin1Char(','), 0, 0).trimmed();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("socketdir"));
    QVERIFY2(sockDir.startsWith(QLatin1Char('/')) && QFileInfo(sockDir).isDir(),
             qPrintable(sockDir));
    const auto withHost = [&](const QString &host) {
        QUrl u(m_a.dbUrl());
        u.setHost(QStringLiteral("no-such-host.invalid")); // TCP to it cannot work
        QUrlQuery q;
        q.addQueryItem(QStringLiteral("host"), host);
        u.setQuery(q);
        return u.toString();
    };

    TestServer viaSocket;
    QVERIFY2(viaSocket.start({QStringLiteral("--db"), withHost(sockDir)}),
             viaSocket.stderrLog().right(3000).constData());
    Client c(viaSocket.baseUrl());
    QVERIFY(!c.login(QStringLiteral("wangwu")).isEmpty());
    const HttpResult page = c.get(kApi + "/timeline?limit=3");
    QCOMPARE(page.status, 200);
    QCOMPARE(page.obj().value("items").toArray().size(), 3);
    // A write through the socket, seen through the other process (TCP).
    QCOMPARE(c.put(kApi + "/posts/90012/like").status, 200);
    Client a(m_a.baseUrl());
    QVERIFY(!a.login(QStringLiteral("wangwu")).isEmpty());
    QCOMPARE(a.get(kApi + "/posts/90012").obj().value("liked").toBool(), true);
    QCOMPARE(c.del(kApi + "/posts/90012/like").status, 200);
    viaSocket.stop();

    TestServer relative;
    QVERIFY(!relative.start({QStringLiteral("--db"), withHost(QStringLiteral("sock"))}));
    QVERIFY2(relative.stderrLog().contains("host= must be an absolute folder"),
             relative.stderrLog().right(2000).constData());
}

QTEST_GUILESS_MAIN(TstPgWritePath)
#include "tst_pgwritepath.moc"

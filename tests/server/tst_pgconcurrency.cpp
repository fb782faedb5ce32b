// Two threadline-server processes on one PostgreSQL database: reply numbers (`seq`) are given
// out by the database, so 200 replies posted at once through both servers get 1..200 exactly
// (api-v1.md, Comment: "given out atomically in the database … also with several server
// processes on one database").
//
// Needs a cluster: scripts/pg-cluster.sh start /tmp/pgx, then THREADLINE_TEST_PG_FILE=/tmp/pgx/url
// (or THREADLINE_TEST_PG=postgresql://…). Without one the suite is skipped.
//
// The second process is started with the harness's documented way of sharing a database:
// TestServer::start({"--db", first.dbUrl()}) — the same binary (THREADLINE_SERVER_BIN), no
// --demo (the first one seeded the database), its own media directory.

#include "testserver.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSet>
#include <QTest>
#include <QTimer>
#include <algorithm>
#include <memory>
#include <vector>

using threadline::test::Client;
using threadline::test::HttpResult;
using threadline::test::TestServer;

namespace {

const QString kApi = QStringLiteral("/api/v1");
constexpr int kReplies = 200;
// Several managers, so that many requests are really on the wire at once (one manager opens at
// most six connections per host).
constexpr int kManagers = 16;

} // namespace

class TstPgConcurrency : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void concurrentRepliesGetDistinctSeqs();

private:
    TestServer m_first;
    TestServer m_second;
};

void TstPgConcurrency::initTestCase()
{
    if (TestServer::postgresBaseUrl().isEmpty())
        QSKIP("no PostgreSQL cluster: set THREADLINE_TEST_PG_FILE (scripts/pg-cluster.sh start DIR "
              "writes DIR/url) or THREADLINE_TEST_PG");
    QVERIFY2(m_first.start({QStringLiteral("--demo")}),
             m_first.stderrLog().right(3000).constData());
    QVERIFY2(m_first.isPostgres(), qPrintable(m_first.dbUrl()));
    QVERIFY(m_first.dbUrl().startsWith(QLatin1String("postgresql://")));

    // The second process on the same database.
    QVERIFY2(m_second.start({QStringLiteral("--db"), m_first.dbUrl()}),
             m_second.stderrLog().right(3000).constData());
    QCOMPARE(m_second.dbUrl(), m_first.dbUrl());
    QVERIFY(m_second.port() != m_first.port());
    QVERIFY2(!m_second.arguments().contains(QStringLiteral("--demo")),
             qPrintable(m_second.arguments().join(' ')));
}

void TstPgConcurrency::concurrentRepliesGetDistinctSeqs()
{
    const QList<TestServer *> servers{&m_first, &m_second};
    const QStringList users{QStringLiteral("zhangsan"), QStringLiteral("lisi"),
                            QStringLiteral("wangwu"), QStringLiteral("mazi"),
                            QStringLiteral("qianqi")};

    // A token per user and server, each logged in through that server.
    QList<QStringList> tokens; // [server][user]
    for (TestServer *s : servers) {
        QStringList perServer;
        for (const QString &u : users) {
            Client c(s->baseUrl());
            const QString t = c.login(u);
            QVERIFY2(!t.isEmpty(), qPrintable(u));
            perServer << t;
        }
        tokens << perServer;
    }

    // Both servers see the same world: a post made through one is read through the other.
    Client author(m_first.baseUrl());
    author.setToken(tokens[0][0]);
    const HttpResult post =
        author.post(kApi + "/posts",
                    QJsonObject{{"category", "TEXT"}, {"content", "two servers, one database"}});
    QCOMPARE(post.status, 201);
    const qint64 postId = post.obj().value("id").toInteger();
    QVERIFY(postId > 0);

    Client other(m_second.baseUrl());
    other.setToken(tokens[1][1]);
    QCOMPARE(other.get(kApi + QStringLiteral("/posts/%1").arg(postId)).status, 200);
    const HttpResult rootRes = other.post(kApi + QStringLiteral("/posts/%1/comments").arg(postId),
                                          QJsonObject{{"content", "the root of a busy floor"}});
    QVERIFY2(rootRes.status == 201, rootRes.describe().constData());
    const QJsonObject root = rootRes.obj();
    const qint64 rootId = root.value("id").toInteger();
    QVERIFY(rootId > 0);
    QCOMPARE(root.value("floor").toInteger(), 1);
    QCOMPARE(root.value("seq").toInteger(), 0);

    // 200 replies, all in flight at once, alternating between the servers.
    std::vector<std::unique_ptr<QNetworkAccessManager>> managers;
    for (int i = 0; i < kManagers; ++i) {
        auto nam = std::make_unique<QNetworkAccessManager>();
        nam->setProxy(QNetworkProxy::NoProxy);
        managers.push_back(std::move(nam));
    }

    struct Outcome
    {
        int status = 0;
        QByteArray body;
        QString error;
        int server = 0;
    };
    std::vector<Outcome> outcomes(kReplies);
    int finished = 0;
    QEventLoop loop;
    for (int i = 0; i < kReplies; ++i) {
        const int serverIndex = i % 2;
        const int userIndex = (i / 2) % users.size();
        QUrl url = servers[serverIndex]->baseUrl();
        url.setPath(kApi + QStringLiteral("/posts/%1/comments").arg(postId));
        QNetworkRequest req(url);
        req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        req.setRawHeader("Authorization", "Bearer " + tokens[serverIndex][userIndex].toUtf8());
        req.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
        req.setTransferTimeout(120000);
        const QByteArray body =
            QJsonDocument(
                QJsonObject{{"content", QStringLiteral("reply %1").arg(i)}, {"parentId", rootId}})
                .toJson(QJsonDocument::Compact);
        QNetworkReply *reply = managers[i % kManagers]->post(req, body);
        outcomes[i].server = serverIndex;
        QObject::connect(reply, &QNetworkReply::finished, &loop, [&, reply, i]() {
            outcomes[i].status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            outcomes[i].body = reply->readAll();
            if (reply->error() != QNetworkReply::NoError)
                outcomes[i].error = reply->errorString();
            reply->deleteLater();
            if (++finished == kReplies)
                loop.quit();
        });
    }
    QTimer::singleShot(180000, &loop, &QEventLoop::quit);
    QElapsedTimer timer;
    timer.start();
    loop.exec();
    QVERIFY2(
        finished == kReplies,
        qPrintable(QStringLiteral("only %1 of %2 replies answered").arg(finished).arg(kReplies)));
    qInfo("%d replies through 2 servers in %lld ms", kReplies, timer.elapsed());

    // Every one 201, seq 1..200 with none twice, all in floor 1 under the root.
    QList<qint64> seqs;
    QSet<qint64> ids;
    int perServer[2] = {0, 0};
    for (int i = 0; i < kReplies; ++i) {
        const Outcome &o = outcomes[i];
        QVERIFY2(o.status == 201,
                 qPrintable(QStringLiteral("reply %1 via server %2: HTTP %3 %4 %5")
                                .arg(i)
                                .arg(o.server + 1)
                                .arg(o.status)
                                .arg(o.error, QString::fromUtf8(o.body.left(300)))));
        const QJsonObject c = QJsonDocument::fromJson(o.body).object();
        QCOMPARE(c.value("rootId").toInteger(), rootId);
        QCOMPARE(c.value("parentId").toInteger(), rootId);
        QCOMPARE(c.value("floor").toInteger(), 1);
        QCOMPARE(c.value("postId").toInteger(), postId);
        seqs << c.value("seq").toInteger();
        ids.insert(c.value("id").toInteger());
        ++perServer[o.server];
    }
    QCOMPARE(perServer[0], kReplies / 2);
    QCOMPARE(perServer[1], kReplies / 2);
    QCOMPARE(ids.size(), kReplies);
    std::sort(seqs.begin(), seqs.end());
    QList<qint64> expected;
    for (qint64 s = 1; s <= kReplies; ++s)
        expected << s;
    QCOMPARE(seqs, expected);

    // Both servers count 200 replies on the root and list them in seq order.
    for (int s = 0; s < 2; ++s) {
        Client reader(servers[s]->baseUrl());
        reader.setToken(tokens[s][4]);
        const HttpResult floors =
            reader.get(kApi + QStringLiteral("/posts/%1/comments").arg(postId));
        QVERIFY2(floors.status == 200, floors.describe().constData());
        const QJsonArray roots = floors.obj().value("roots").toArray();
        QCOMPARE(roots.size(), 1);
        QCOMPARE(roots.first().toObject().value("id").toInteger(), rootId);
        QCOMPARE(roots.first().toObject().value("replyCount").toInteger(), kReplies);

        const HttpResult p = reader.get(kApi + QStringLiteral("/posts/%1").arg(postId));
        QVERIFY2(p.status == 200, p.describe().constData());
        QCOMPARE(p.obj().value("commentCount").toInteger(), kReplies + 1);

        QList<qint64> listed;
        qint64 after = 0;
        for (int page = 0; page < 50; ++page) {
            const HttpResult r = reader.get(
                kApi +
                QStringLiteral("/comments/%1/replies?limit=64&after=%2").arg(rootId).arg(after));
            QVERIFY2(r.status == 200, r.describe().constData());
            for (const auto &v : r.items())
                listed << v.toObject().value("seq").toInteger();
            const QJsonValue next = r.obj().value("next");
            if (next.isNull())
                break;
            after = next.toInteger();
        }
        QCOMPARE(listed, expected);
    }

    // Neither process logged an internal error.
    QVERIFY2(!m_first.stderrLog().contains(" 500 "), m_first.stderrLog().right(3000).constData());
    QVERIFY2(!m_second.stderrLog().contains(" 500 "), m_second.stderrLog().right(3000).constData());
    QVERIFY(m_first.isRunning());
    QVERIFY(m_second.isRunning());
}

QTEST_GUILESS_MAIN(TstPgConcurrency)
#include "tst_pgconcurrency.moc"

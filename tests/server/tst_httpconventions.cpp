// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The HTTP conventions of the API (docs/api.md, "HTTP conventions"), on the real server:
//  - every 401 carries WWW-Authenticate: Bearer (error="invalid_token" when a token was refused);
//  - every 201 carries Location, the created object's own path (a replay too);
//  - the read pages carry an ETag; If-None-Match with it is 304 without a body; the tag changes
//    when what this viewer sees changes — another viewer's liked flag is not this one's page;
//  - JSON is gzipped when the client accepts it (and Qt's own client asks and inflates);
//  - the RateLimit headers on limited routes, down to a 429;
//  - /health/live, /health/ready (a real query; the media folder or the database gone: 503
//    naming the part) and /health kept.
// Every answer here also passes docs/openapi.yaml (the Client checks each one).

#include "httpchecks.h"
#include "testserver.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>
#include <zlib.h>

using threadline::test::Client;
using threadline::test::HeaderList;
using threadline::test::HttpResult;
using threadline::test::TestServer;

namespace {

// A gzip member inflated ("" when it is not one).
QByteArray gunzip(const QByteArray &in)
{
    z_stream zs{};
    if (inflateInit2(&zs, 15 + 16) != Z_OK)
        return {};
    QByteArray out;
    char buf[16384];
    zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(in.data()));
    zs.avail_in = uInt(in.size());
    int rc = Z_OK;
    while (rc == Z_OK) {
        zs.next_out = reinterpret_cast<Bytef *>(buf);
        zs.avail_out = sizeof buf;
        rc = inflate(&zs, Z_NO_FLUSH);
        out.append(buf, qsizetype(sizeof buf - zs.avail_out));
    }
    inflateEnd(&zs);
    return rc == Z_STREAM_END ? out : QByteArray();
}

QString path(const char *p, qint64 id)
{
    return QString::fromLatin1(p).arg(id);
}

} // namespace

class TstHttpConventions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void unauthorizedSaysBearer();
    void createdSaysWhere();
    void readPagesRevalidate_data();
    void readPagesRevalidate();
    void etagIsPerViewer();
    void jsonIsGzippedWhenAsked();
    void qtClientAsksForGzipAndInflates();
    void rateLimitHeaders();
    void healthLiveAndReady();
    void readyNamesTheMediaFolderDown();
    void readyNamesTheDatabaseDown();

private:
    TestServer m_server;
    std::unique_ptr<Client> m_zhang; // zhangsan
    std::unique_ptr<Client> m_li;    // lisi
};

void TstHttpConventions::initTestCase()
{
    QVERIFY(m_server.start());
    m_zhang = std::make_unique<Client>(m_server.baseUrl());
    m_li = std::make_unique<Client>(m_server.baseUrl());
    QVERIFY(!m_zhang->login(QStringLiteral("zhangsan")).isEmpty());
    QVERIFY(!m_li->login(QStringLiteral("lisi")).isEmpty());
}

void TstHttpConventions::unauthorizedSaysBearer()
{
    Client anonymous(m_server.baseUrl());
    const HttpResult none = anonymous.get(QStringLiteral("/api/v1/me"));
    CHECK_ERROR(none, 401, "unauthorized");
    QCOMPARE(none.header("WWW-Authenticate"), QByteArray("Bearer realm=\"threadline\""));

    anonymous.setToken(QStringLiteral("not-a-token"));
    const HttpResult bad = anonymous.get(QStringLiteral("/api/v1/timeline"));
    CHECK_ERROR(bad, 401, "unauthorized");
    QVERIFY2(bad.header("WWW-Authenticate").startsWith("Bearer realm=\"threadline\""),
             bad.describe());
    QVERIFY2(bad.header("WWW-Authenticate").contains("error=\"invalid_token\""), bad.describe());

    // Before the body is read (a write), and a refused sign-in.
    const HttpResult write = anonymous.post(QStringLiteral("/api/v1/posts"),
                                            QJsonObject{{QStringLiteral("content"), "x"}});
    CHECK_ERROR(write, 401, "unauthorized");
    QVERIFY(write.header("WWW-Authenticate").contains("invalid_token"));
    Client someone(m_server.baseUrl());
    QVERIFY(someone.login(QStringLiteral("zhangsan"), QStringLiteral("wrong")).isEmpty());
    const HttpResult login =
        someone.post(QStringLiteral("/api/v1/auth/login"),
                     QJsonObject{{QStringLiteral("username"), QStringLiteral("zhangsan")},
                                 {QStringLiteral("password"), QStringLiteral("wrong")}});
    CHECK_ERROR(login, 401, "unauthorized");
    QCOMPARE(login.header("WWW-Authenticate"), QByteArray("Bearer realm=\"threadline\""));

    // A signed-out token.
    Client gone(m_server.baseUrl());
    QVERIFY(!gone.login(QStringLiteral("mazi")).isEmpty());
    CHECK_STATUS(gone.post(QStringLiteral("/api/v1/auth/logout")), 204);
    const HttpResult after = gone.get(QStringLiteral("/api/v1/me"));
    CHECK_ERROR(after, 401, "unauthorized");
    QVERIFY(after.header("WWW-Authenticate").contains("invalid_token"));
}

void TstHttpConventions::createdSaysWhere()
{
    const HeaderList key{{"Idempotency-Key", Client::newIdempotencyKey()}};
    const QJsonObject body{{QStringLiteral("content"), QStringLiteral("where am I")}};
    const HttpResult post = m_zhang->post(QStringLiteral("/api/v1/posts"), body, key);
    CHECK_STATUS(post, 201);
    const qint64 id = post.obj().value(u"id").toInteger();
    QCOMPARE(post.header("Location"), path("/api/v1/posts/%1", id).toLatin1());
    const HttpResult there = m_zhang->get(QString::fromLatin1(post.header("Location")));
    CHECK_STATUS(there, 200);
    QCOMPARE(there.obj().value(u"id").toInteger(), id);
    // The replay of the same key answers the first answer, Location included.
    const HttpResult replay = m_zhang->post(QStringLiteral("/api/v1/posts"), body, key);
    CHECK_STATUS(replay, 201);
    QCOMPARE(replay.header("Idempotent-Replayed"), QByteArray("true"));
    QCOMPARE(replay.header("Location"), post.header("Location"));

    const HttpResult comment =
        m_li->post(path("/api/v1/posts/%1/comments", id), QJsonObject{{"content", "here"}});
    CHECK_STATUS(comment, 201);
    const qint64 cid = comment.obj().value(u"id").toInteger();
    QCOMPARE(comment.header("Location"), path("/api/v1/comments/%1", cid).toLatin1());
    // The comment's own path answers DELETE (its author may).
    CHECK_STATUS(m_li->del(QString::fromLatin1(comment.header("Location"))), 204);

    const HttpResult message = m_li->post(QStringLiteral("/api/v1/users/10001/messages"),
                                          QJsonObject{{"content", "hello"}});
    CHECK_STATUS(message, 201);
    QCOMPARE(message.header("Location"),
             path("/api/v1/messages/%1", message.obj().value(u"id").toInteger()).toLatin1());

    const HttpResult report =
        m_li->post(QStringLiteral("/api/v1/reports"),
                   QJsonObject{{"targetType", "post"}, {"targetId", id}, {"reason", "spam"}});
    CHECK_STATUS(report, 201);
    QCOMPARE(report.header("Location"),
             path("/api/v1/reports/%1", report.obj().value(u"id").toInteger()).toLatin1());

    // A picture: its url.
    const QByteArray png = QByteArray::fromBase64(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5E"
        "rkJggg==");
    const HttpResult media =
        m_zhang->raw("POST", QStringLiteral("/api/v1/media"), png, {{"Content-Type", "image/png"}});
    CHECK_STATUS(media, 201);
    QCOMPARE(media.header("Location"), media.obj().value(u"url").toString().toLatin1());
}

void TstHttpConventions::readPagesRevalidate_data()
{
    QTest::addColumn<QString>("page");
    QTest::addColumn<QString>("change"); // what the viewer (zhangsan) does that the page shows
    QTest::newRow("timeline") << QStringLiteral("/api/v1/timeline?scope=user&uid=10002")
                              << QStringLiteral("like");
    QTest::newRow("post") << QStringLiteral("/api/v1/posts/%1") << QStringLiteral("like");
    QTest::newRow("comments") << QStringLiteral("/api/v1/posts/%1/comments")
                              << QStringLiteral("comment");
    QTest::newRow("replies") << QStringLiteral("/api/v1/comments/%2/replies")
                             << QStringLiteral("reply");
    QTest::newRow("person") << QStringLiteral("/api/v1/users/10002") << QStringLiteral("follow");
}

void TstHttpConventions::readPagesRevalidate()
{
    QFETCH(QString, page);
    QFETCH(QString, change);
    // A post of lisi's with one floor, fresh for each row.
    const HttpResult post =
        m_li->post(QStringLiteral("/api/v1/posts"), QJsonObject{{"content", "revalidate me"}});
    CHECK_STATUS(post, 201);
    const qint64 id = post.obj().value(u"id").toInteger();
    const HttpResult root =
        m_li->post(path("/api/v1/posts/%1/comments", id), QJsonObject{{"content", "floor one"}});
    CHECK_STATUS(root, 201);
    const qint64 rootId = root.obj().value(u"id").toInteger();
    const QString target = page.contains(u"%2")   ? page.arg(rootId)
                           : page.contains(u"%1") ? page.arg(id)
                                                  : page;

    const HttpResult first = m_zhang->get(target);
    CHECK_STATUS(first, 200);
    const QByteArray tag = first.header("ETag");
    QVERIFY2(tag.startsWith("W/\"") && tag.endsWith('"'), first.describe());
    QCOMPARE(first.header("Cache-Control"), QByteArray("private, no-cache"));

    // The same tag: 304, no body, the tag again. A list of tags, or the strong form, match too.
    const HttpResult same = m_zhang->raw("GET", target, {}, {{"If-None-Match", tag}});
    CHECK_STATUS(same, 304);
    QVERIFY(same.body.isEmpty());
    QCOMPARE(same.header("ETag"), tag);
    // and the Vary the page had (a cache keys the stored page by it)
    QCOMPARE(same.header("Vary"), first.header("Vary"));
    CHECK_STATUS(m_zhang->raw("GET", target, {}, {{"If-None-Match", "\"x\", " + tag}}), 304);
    CHECK_STATUS(m_zhang->raw("GET", target, {}, {{"If-None-Match", tag.mid(2)}}), 304);
    // Another tag: the page.
    const HttpResult other = m_zhang->raw("GET", target, {}, {{"If-None-Match", "W/\"old\""}});
    CHECK_STATUS(other, 200);
    QCOMPARE(other.body, first.body);

    // The viewer changes what the page shows: a new tag, and the old one answers the page.
    HttpResult did;
    if (change == QLatin1String("like"))
        did = m_zhang->put(path("/api/v1/posts/%1/like", id));
    else if (change == QLatin1String("comment"))
        did = m_zhang->post(path("/api/v1/posts/%1/comments", id), QJsonObject{{"content", "2"}});
    else if (change == QLatin1String("reply"))
        did = m_zhang->post(path("/api/v1/posts/%1/comments", id),
                            QJsonObject{{"content", "a reply"}, {"parentId", rootId}});
    else if (first.obj().value(u"followedByMe").toBool()) // the other way round
        did = m_zhang->del(QStringLiteral("/api/v1/users/10002/follow"));
    else
        did = m_zhang->put(QStringLiteral("/api/v1/users/10002/follow"));
    QVERIFY2(did.status == 200 || did.status == 201, did.describe());
    const HttpResult changed = m_zhang->raw("GET", target, {}, {{"If-None-Match", tag}});
    CHECK_STATUS(changed, 200);
    QVERIFY(changed.header("ETag") != tag);
    QVERIFY(changed.body != first.body);
    if (change == QLatin1String("follow")) { // back as it was
        const QString follow = QStringLiteral("/api/v1/users/10002/follow");
        CHECK_STATUS(first.obj().value(u"followedByMe").toBool() ? m_zhang->put(follow)
                                                                 : m_zhang->del(follow),
                     200);
    }
}

void TstHttpConventions::etagIsPerViewer()
{
    // One post that zhangsan likes and lisi does not: the same URL, two pages, two tags.
    const HttpResult post =
        m_li->post(QStringLiteral("/api/v1/posts"), QJsonObject{{"content", "liked by one"}});
    CHECK_STATUS(post, 201);
    const QString target = path("/api/v1/posts/%1", post.obj().value(u"id").toInteger()) +
                           QStringLiteral("?comments=0");
    CHECK_STATUS(m_zhang->put(target.section(u'?', 0, 0) + QStringLiteral("/like")), 200);
    const HttpResult mine = m_zhang->get(target);
    const HttpResult theirs = m_li->get(target);
    CHECK_STATUS(mine, 200);
    CHECK_STATUS(theirs, 200);
    QCOMPARE(mine.obj().value(u"liked").toBool(), true);
    QCOMPARE(theirs.obj().value(u"liked").toBool(), false);
    QVERIFY(mine.header("ETag") != theirs.header("ETag"));
    // lisi's client holding zhangsan's tag gets lisi's page, not a 304.
    CHECK_STATUS(m_li->raw("GET", target, {}, {{"If-None-Match", mine.header("ETag")}}), 200);
    // zhangsan unlikes: the page is lisi's page again, and so is the tag.
    CHECK_STATUS(m_zhang->del(target.section(u'?', 0, 0) + QStringLiteral("/like")), 200);
    const HttpResult unliked =
        m_zhang->raw("GET", target, {}, {{"If-None-Match", mine.header("ETag")}});
    CHECK_STATUS(unliked, 200);
    QCOMPARE(unliked.header("ETag"), m_li->get(target).header("ETag"));
}

void TstHttpConventions::jsonIsGzippedWhenAsked()
{
    // The busy post's 200 floors: a large answer.
    const QString target = QStringLiteral("/api/v1/posts/90500/comments?limit=200&replies=3");
    const HttpResult plain = m_zhang->raw("GET", target, {}, {{"Accept-Encoding", "identity"}});
    CHECK_STATUS(plain, 200);
    QVERIFY(!plain.hasHeader("Content-Encoding"));
    QVERIFY2(plain.body.size() > 50000, plain.describe());
    QCOMPARE(plain.header("Vary"), QByteArray("Accept-Encoding"));

    const HttpResult packed = m_zhang->raw("GET", target, {}, {{"Accept-Encoding", "gzip"}});
    CHECK_STATUS(packed, 200);
    QCOMPARE(packed.header("Content-Encoding"), QByteArray("gzip"));
    QVERIFY(packed.body.startsWith("\x1f\x8b"));
    QVERIFY2(
        packed.body.size() * 4 < plain.body.size(),
        qPrintable(
            QStringLiteral("%1 gzipped of %2").arg(packed.body.size()).arg(plain.body.size())));
    QCOMPARE(gunzip(packed.body), plain.body);
    QCOMPARE(packed.header("ETag"), plain.header("ETag")); // one weak tag for both codings

    // q=0 refuses gzip; "*" accepts it; a small answer is sent as it is.
    const HttpResult refused =
        m_zhang->raw("GET", target, {}, {{"Accept-Encoding", "gzip;q=0, identity"}});
    QVERIFY(!refused.hasHeader("Content-Encoding"));
    QCOMPARE(refused.body, plain.body);
    QCOMPARE(m_zhang->raw("GET", target, {}, {{"Accept-Encoding", "*"}}).header("Content-Encoding"),
             QByteArray("gzip"));
    const HttpResult small = m_zhang->raw("GET", QStringLiteral("/api/v1/notifications/unread"), {},
                                          {{"Accept-Encoding", "gzip"}});
    CHECK_STATUS(small, 200);
    QVERIFY(!small.hasHeader("Content-Encoding"));
    QVERIFY(small.isJson());
}

void TstHttpConventions::qtClientAsksForGzipAndInflates()
{
    // Qt's QNetworkAccessManager, left to itself (as core/net's API client is), sends
    // Accept-Encoding and inflates the answer: the bytes on the wire are gzip, the reply is JSON.
    QNetworkAccessManager nam;
    nam.setProxy(QNetworkProxy::NoProxy);
    QNetworkRequest request(QUrl(m_server.baseUrl().toString() +
                                 QStringLiteral("/api/v1/timeline?scope=all&limit=50")));
    request.setRawHeader("Authorization", "Bearer " + m_zhang->token().toLatin1());
    std::unique_ptr<QNetworkReply> reply(nam.get(request));
    QSignalSpy finished(reply.get(), &QNetworkReply::finished);
    QVERIFY(finished.wait(30000));
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
    QCOMPARE(reply->rawHeader("Content-Encoding"), QByteArray("gzip"));
    const QByteArray body = reply->readAll();
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &error);
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(doc.object().value(u"items").toArray().size(), 50);
}

void TstHttpConventions::rateLimitHeaders()
{
    TestServer limited;
    QVERIFY(limited.start(
        {QStringLiteral("--demo"), QStringLiteral("--rate-limits"), QStringLiteral("default")}));
    Client c(limited.baseUrl());
    QVERIFY(!c.login(QStringLiteral("zhangsan")).isEmpty());
    const HttpResult me = c.get(QStringLiteral("/api/v1/me"));
    CHECK_STATUS(me, 200);
    QCOMPARE(me.header("RateLimit-Limit"), QByteArray("300"));
    const int left = me.header("RateLimit-Remaining").toInt();
    QVERIFY2(left >= 0 && left < 300, me.header("RateLimit-Remaining"));
    QVERIFY(me.hasHeader("RateLimit-Reset"));
    QVERIFY(me.header("RateLimit-Reset").toInt() >= 0);
    // An error of a limited route carries them too; a public route has none.
    QVERIFY(c.get(QStringLiteral("/api/v1/posts/999999999")).hasHeader("RateLimit-Remaining"));
    QVERIFY(!c.get(QStringLiteral("/api/v1/health")).hasHeader("RateLimit-Limit"));

    // Failed sign-ins: the account's limit (10 at once), counted down to the 429.
    Client guess(limited.baseUrl());
    const QJsonObject wrong{{QStringLiteral("username"), QStringLiteral("lisi")},
                            {QStringLiteral("password"), QStringLiteral("nope")}};
    int previous = 11;
    HttpResult r;
    for (int i = 0; i < 20; ++i) {
        r = guess.post(QStringLiteral("/api/v1/auth/login"), wrong);
        if (r.status == 429)
            break;
        CHECK_ERROR(r, 401, "unauthorized");
        QCOMPARE(r.header("RateLimit-Limit"), QByteArray("10"));
        const int now = r.header("RateLimit-Remaining").toInt();
        QVERIFY2(now < previous, r.describe());
        previous = now;
    }
    CHECK_ERROR(r, 429, "rate_limited");
    QCOMPARE(r.header("RateLimit-Remaining"), QByteArray("0"));
    QVERIFY(r.header("RateLimit-Reset").toInt() > 0);
    QVERIFY(r.header("Retry-After").toInt() > 0);
}

void TstHttpConventions::healthLiveAndReady()
{
    Client anonymous(m_server.baseUrl());
    const HttpResult live = anonymous.get(QStringLiteral("/api/v1/health/live"));
    CHECK_STATUS(live, 200);
    QCOMPARE(live.obj().value(u"status").toString(), QStringLiteral("ok"));
    const HttpResult ready = anonymous.get(QStringLiteral("/api/v1/health/ready"));
    CHECK_STATUS(ready, 200);
    QCOMPARE(ready.obj().value(u"status").toString(), QStringLiteral("ok"));
    const QJsonObject db = ready.obj().value(u"checks").toObject().value(u"database").toObject();
    QCOMPARE(db.value(u"status").toString(), QStringLiteral("ok"));
    QCOMPARE(db.value(u"kind").toString(),
             m_server.isPostgres() ? QStringLiteral("postgresql") : QStringLiteral("sqlite"));
    const HttpResult health = anonymous.get(QStringLiteral("/api/v1/health"));
    CHECK_STATUS(health, 200);
    QVERIFY(!health.obj().value(u"instance").toString().isEmpty());
    // HEAD and the wrong method keep the router's conventions.
    CHECK_STATUS(anonymous.raw("HEAD", QStringLiteral("/api/v1/health/ready"), {}), 200);
    const HttpResult post = anonymous.post(QStringLiteral("/api/v1/health/live"));
    CHECK_ERROR(post, 405, "method_not_allowed");
    QCOMPARE(post.header("Allow"), QByteArray("GET, HEAD"));
}

void TstHttpConventions::readyNamesTheMediaFolderDown()
{
    TestServer s;
    QVERIFY(s.start({}));
    Client c(s.baseUrl());
    CHECK_STATUS(c.get(QStringLiteral("/api/v1/health/ready")), 200);
    const QString away = s.mediaDir() + QStringLiteral(".away");
    QVERIFY(QDir().rename(s.mediaDir(), away));
    const HttpResult down = c.get(QStringLiteral("/api/v1/health/ready"));
    CHECK_STATUS(down, 503);
    QCOMPARE(down.obj().value(u"status").toString(), QStringLiteral("unavailable"));
    const QJsonObject checks = down.obj().value(u"checks").toObject();
    QCOMPARE(checks.value(u"media").toObject().value(u"status").toString(), QStringLiteral("down"));
    QCOMPARE(checks.value(u"database").toObject().value(u"status").toString(),
             QStringLiteral("ok"));
    QVERIFY(down.hasHeader("Retry-After"));
    CHECK_STATUS(c.get(QStringLiteral("/api/v1/health/live")), 200);
    QVERIFY(QDir().rename(away, s.mediaDir()));
    CHECK_STATUS(c.get(QStringLiteral("/api/v1/health/ready")), 200);
}

void TstHttpConventions::readyNamesTheDatabaseDown()
{
    TestServer s;
    QVERIFY(s.start({}));
    Client c(s.baseUrl());
    CHECK_STATUS(c.get(QStringLiteral("/api/v1/health/ready")), 200);
    const QString connection = QStringLiteral("tst_httpconventions_kill");
    {
        // PostgreSQL: the database itself goes (from the cluster's maintenance database): its
        // sessions are ended and it cannot be reached again. SQLite is a file the server holds
        // open: its schema goes instead.
        QSqlDatabase db = s.openDatabase(connection, QStringLiteral("postgres"));
        const QString statement =
            s.isPostgres()
                ? QStringLiteral("DROP DATABASE %1 WITH (FORCE)").arg(QUrl(s.dbUrl()).path().mid(1))
                : QStringLiteral("DROP TABLE users");
        QVERIFY2(db.isOpen(), qPrintable(db.lastError().text()));
        QSqlQuery q(db);
        if (!s.isPostgres())
            q.exec(QStringLiteral("PRAGMA foreign_keys = OFF"));
        QVERIFY2(q.exec(statement), qPrintable(q.lastError().text()));
        db.close();
    }
    QSqlDatabase::removeDatabase(connection);

    const HttpResult down = c.get(QStringLiteral("/api/v1/health/ready"));
    CHECK_STATUS(down, 503);
    QCOMPARE(down.obj().value(u"status").toString(), QStringLiteral("unavailable"));
    const QJsonObject db = down.obj().value(u"checks").toObject().value(u"database").toObject();
    QCOMPARE(db.value(u"status").toString(), QStringLiteral("down"));
    QVERIFY(!db.value(u"error").toString().isEmpty());
    QCOMPARE(down.obj()
                 .value(u"checks")
                 .toObject()
                 .value(u"media")
                 .toObject()
                 .value(u"status")
                 .toString(),
             QStringLiteral("ok"));
    // The process is alive; /health (which needs no database) still answers.
    CHECK_STATUS(c.get(QStringLiteral("/api/v1/health/live")), 200);
    CHECK_STATUS(c.get(QStringLiteral("/api/v1/health")), 200);
}

QTEST_GUILESS_MAIN(TstHttpConventions)
#include "tst_httpconventions.moc"

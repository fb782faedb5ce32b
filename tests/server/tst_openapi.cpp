// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// docs/openapi.yaml and what holds it to the server:
//  - the server's route table and the description name the same operations, both ways;
//  - the answer checker of the test support (openapicheck.h), which every server suite's Client
//    runs on every answer, refuses what does not match: a wrong body, a missing field, a
//    status the operation does not list, a path the description does not name, a 201 without
//    Location, a 401 without WWW-Authenticate, a 304 with a body — so a drift fails a test;
//  - and accepts the real answers of a running server (a post, its floors, an error).

#include "openapicheck.h"
#include "testserver.h"

#include "api/api.h"
#include "db/database.h"
#include "serverconfig.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using threadline::test::Client;
using threadline::test::HeaderList;
using threadline::test::OpenApiCheck;
using threadline::test::TestServer;

namespace {

QByteArray json(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QJsonObject brief(qint64 uid)
{
    return {{QStringLiteral("uid"), uid},
            {QStringLiteral("nickName"), QStringLiteral("张三")},
            {QStringLiteral("headImg"), QStringLiteral("/api/v1/media/a.png")}};
}

QJsonObject post()
{
    return {{QStringLiteral("id"), 90012},
            {QStringLiteral("category"), QStringLiteral("TEXT")},
            {QStringLiteral("content"), QStringLiteral("hello 🙂")},
            {QStringLiteral("createtime"), 1543374370935LL},
            {QStringLiteral("device"), QStringLiteral("红米 6")},
            {QStringLiteral("geo"), QJsonValue::Null},
            {QStringLiteral("author"), brief(10003)},
            {QStringLiteral("pictureUrls"), QJsonArray{}},
            {QStringLiteral("likeCount"), 0},
            {QStringLiteral("commentCount"), 0},
            {QStringLiteral("liked"), false},
            {QStringLiteral("likes"), QJsonArray{}},
            {QStringLiteral("comments"), QJsonArray{}},
            {QStringLiteral("hidden"), false}};
}

const HeaderList kJson{{"Content-Type", "application/json"}};
// A read page's answer carries an ETag (else that is the first complaint).
const HeaderList kTagged{{"Content-Type", "application/json"},
                         {"ETag", "W/\"0123456789abcdef0123456789abcdef\""}};

} // namespace

class TstOpenApi : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void routesAndDescriptionAgree();
    void refusesWhatDoesNotMatch_data();
    void refusesWhatDoesNotMatch();
    void acceptsWhatMatches();
    void realAnswersMatch();

private:
    const OpenApiCheck &check() const { return OpenApiCheck::built(); }
};

void TstOpenApi::initTestCase()
{
    QVERIFY2(check().isLoaded(), qPrintable(check().loadError()));
}

void TstOpenApi::routesAndDescriptionAgree()
{
    using namespace threadline::server;
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    Database db;
    QString error;
    QVERIFY2(db.open(QStringLiteral("sqlite:") + dir.filePath(QStringLiteral("db.sqlite")), &error),
             qPrintable(error));
    QVERIFY2(db.migrate(&error), qPrintable(error));
    ServerConfig config;
    config.mediaDir = dir.filePath(QStringLiteral("media"));
    Api api(db, config);

    QFile f(QStringLiteral(THREADLINE_OPENAPI_JSON));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject paths =
        QJsonDocument::fromJson(f.readAll()).object().value(u"paths").toObject();
    QSet<QString> described;
    for (auto it = paths.begin(); it != paths.end(); ++it)
        for (const QString &method : it.value().toObject().keys())
            described.insert(method.toUpper() + QLatin1Char(' ') + it.key());
    QSet<QString> served;
    for (qsizetype i = 0; i < api.routes().size(); ++i) {
        const Route &r = api.routes().at(i);
        served.insert(QString::fromLatin1(r.method) + QStringLiteral(" /") +
                      r.pattern.join(QLatin1Char('/')));
    }
    QVERIFY(served.size() > 60);
    const QSet<QString> undescribed = served - described;
    const QSet<QString> unserved = described - served;
    QVERIFY2(undescribed.isEmpty(),
             qPrintable(QStringLiteral("routes missing from docs/openapi.yaml: ") +
                        QStringList(undescribed.values()).join(u", ")));
    QVERIFY2(unserved.isEmpty(), qPrintable(QStringLiteral("described but not served: ") +
                                            QStringList(unserved.values()).join(u", ")));
}

void TstOpenApi::refusesWhatDoesNotMatch_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QString>("target");
    QTest::addColumn<int>("status");
    QTest::addColumn<HeaderList>("headers");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("says"); // a part of the complaint

    QJsonObject noLiked = post();
    noLiked.remove(QStringLiteral("liked"));
    QJsonObject wrongType = post();
    wrongType.insert(QStringLiteral("likeCount"), QStringLiteral("3"));
    QJsonObject badAuthor = post();
    badAuthor.insert(QStringLiteral("author"), QJsonObject{{QStringLiteral("uid"), 1}});
    QJsonObject badCategory = post();
    badCategory.insert(QStringLiteral("comments"), QJsonArray{QJsonObject{{"id", 1}}});
    const QJsonObject page{{QStringLiteral("items"), QJsonArray{post()}},
                           {QStringLiteral("next"), 12}};
    const QByteArray error =
        json({{QStringLiteral("error"), QJsonObject{{QStringLiteral("code"), QStringLiteral("x")},
                                                    {QStringLiteral("message"), QString()}}}});

    QTest::newRow("a field missing") << QByteArray("GET") << QStringLiteral("/api/v1/posts/1")
                                     << 200 << kTagged << json(noLiked) << QStringLiteral("liked");
    QTest::newRow("a wrong type") << QByteArray("GET") << QStringLiteral("/api/v1/posts/1") << 200
                                  << kTagged << json(wrongType) << QStringLiteral("likeCount");
    QTest::newRow("a nested object")
        << QByteArray("GET") << QStringLiteral("/api/v1/posts/1") << 200 << kTagged
        << json(badAuthor) << QStringLiteral("nickName");
    QTest::newRow("an item of a list")
        << QByteArray("GET") << QStringLiteral("/api/v1/posts/1") << 200 << kTagged
        << json(badCategory) << QStringLiteral("comments[0]");
    QTest::newRow("a cursor of the wrong type")
        << QByteArray("GET") << QStringLiteral("/api/v1/timeline?scope=all") << 200 << kTagged
        << json(page) << QStringLiteral("next");
    QTest::newRow("not JSON") << QByteArray("GET") << QStringLiteral("/api/v1/posts/1") << 200
                              << kTagged << QByteArray("<html>") << QStringLiteral("not JSON");
    QTest::newRow("a status not listed")
        << QByteArray("GET") << QStringLiteral("/api/v1/posts/1") << 418 << kJson << error
        << QStringLiteral("not a listed answer");
    QTest::newRow("a path not described")
        << QByteArray("GET") << QStringLiteral("/api/v1/postings") << 200 << kJson << json(post())
        << QStringLiteral("not in docs/openapi.yaml");
    QTest::newRow("a method not described")
        << QByteArray("PUT") << QStringLiteral("/api/v1/timeline") << 200 << kJson << json(post())
        << QStringLiteral("has no PUT");
    QTest::newRow("a 405 without Allow") << QByteArray("PUT") << QStringLiteral("/api/v1/timeline")
                                         << 405 << kJson << error << QStringLiteral("Allow");
    QTest::newRow("a 201 without Location")
        << QByteArray("POST") << QStringLiteral("/api/v1/posts") << 201 << kJson << json(post())
        << QStringLiteral("Location");
    QTest::newRow("a 401 without WWW-Authenticate")
        << QByteArray("GET") << QStringLiteral("/api/v1/me") << 401 << kJson << error
        << QStringLiteral("WWW-Authenticate");
    QTest::newRow("a 200 page without ETag")
        << QByteArray("GET") << QStringLiteral("/api/v1/users/10001") << 200 << kJson
        << json(brief(10001)) << QStringLiteral("ETag");
    QTest::newRow("an error that is not the error body")
        << QByteArray("GET") << QStringLiteral("/api/v1/nothing") << 404 << kJson
        << QByteArray("{\"message\":\"no\"}") << QStringLiteral("error");
    QTest::newRow("a body where there is none")
        << QByteArray("DELETE") << QStringLiteral("/api/v1/posts/1") << 204 << HeaderList{}
        << QByteArray("{}") << QStringLiteral("no body");
    QTest::newRow("another content type") << QByteArray("GET") << QStringLiteral("/api/v1/me")
                                          << 200 << HeaderList{{"Content-Type", "text/html"}}
                                          << QByteArray("<p>") << QStringLiteral("text/html");
}

void TstOpenApi::refusesWhatDoesNotMatch()
{
    QFETCH(QByteArray, method);
    QFETCH(QString, target);
    QFETCH(int, status);
    QFETCH(HeaderList, headers);
    QFETCH(QByteArray, body);
    QFETCH(QString, says);
    const QString complaint = check().check(method, target, status, headers, body);
    QVERIFY2(!complaint.isEmpty(), "a wrong answer passed the check");
    QVERIFY2(complaint.contains(says), qPrintable(complaint));
}

void TstOpenApi::acceptsWhatMatches()
{
    HeaderList tagged = kJson;
    tagged.append(
        qMakePair(QByteArray("ETag"), QByteArray("W/\"0123456789abcdef0123456789abcdef\"")));
    QCOMPARE(check().check("GET", QStringLiteral("/api/v1/posts/1?comments=5"), 200, tagged,
                           json(post())),
             QString());
    // Unknown fields are allowed: clients ignore them.
    QJsonObject more = post();
    more.insert(QStringLiteral("somethingNew"), 1);
    QCOMPARE(check().check("GET", QStringLiteral("/api/v1/posts/1"), 200, tagged, json(more)),
             QString());
    // An unknown path may say it has no such route; a 304 has no body.
    QCOMPARE(check().check("GET", QStringLiteral("/api/v1/nothing"), 404, kJson,
                           R"({"error":{"code":"not_found","message":"no such route"}})"),
             QString());
    QCOMPARE(check().check("GET", QStringLiteral("/api/v1/posts/1"), 304,
                           {{"ETag", "W/\"0123456789abcdef0123456789abcdef\""}}, {}),
             QString());
}

void TstOpenApi::realAnswersMatch()
{
    TestServer server;
    QVERIFY(server.start());
    Client c(server.baseUrl());
    // Checked by the Client itself too (a mismatch fails this test); here explicitly, so that
    // this test fails even if that hook were taken out.
    c.setContractCheck(false);
    QVERIFY(!c.login(QStringLiteral("zhangsan")).isEmpty());
    for (const QString &target :
         {QStringLiteral("/api/v1/posts/90012?comments=5"),
          QStringLiteral("/api/v1/posts/90012/comments?limit=200&replies=20"),
          QStringLiteral("/api/v1/timeline?scope=all&limit=50&comments=5"),
          QStringLiteral("/api/v1/users/10003"), QStringLiteral("/api/v1/posts/999999999"),
          QStringLiteral("/api/v1/health/ready")}) {
        const auto r = c.get(target);
        QVERIFY2(r.status == 200 || r.status == 404, r.describe());
        const QString complaint = check().check("GET", target, r.status, r.headers, r.body);
        QVERIFY2(complaint.isEmpty(), qPrintable(complaint));
    }
}

QTEST_GUILESS_MAIN(TstOpenApi)
#include "tst_openapi.moc"

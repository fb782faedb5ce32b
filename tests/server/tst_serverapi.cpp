// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The REST API contract (docs/api.md) against the real threadline-server on loopback, with a
// fresh database (SQLite, or PostgreSQL when THREADLINE_TEST_PG(_FILE) is set).
//
// One demo server serves the whole class; tests create their own posts and comments so that
// they can assert exact numbers, and read the demo world only where the contract describes it.

#include "testserver.h"

#include <QBuffer>
#include <QDateTime>
#include <QHash>
#include <QImage>
#include <QImageWriter>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTest>
#include <QUrl>
#include <QUuid>
#include <functional>
#include <limits>
#include <map>
#include <memory>

using namespace threadline::test;

namespace {

constexpr qint64 kUnknownId = 987654321;

QString api(const QString &path)
{
    return QStringLiteral("/api/v1") + path;
}

QString repeatCp(char32_t cp, qsizetype n)
{
    return QString::fromUcs4(&cp, 1).repeated(n);
}

qint64 idOf(const QJsonValue &v)
{
    return v.toObject().value(QLatin1String("id")).toInteger();
}

qint64 num(const QJsonObject &o, const char *key)
{
    return o.value(QLatin1String(key)).toInteger(-1);
}

qint64 uidOf(const QJsonValue &user)
{
    return user.toObject().value(QLatin1String("uid")).toInteger();
}

QList<qint64> ids(const QJsonArray &a)
{
    QList<qint64> out;
    for (const QJsonValue &v : a)
        out << idOf(v);
    return out;
}

QList<qint64> ids(const QList<QJsonObject> &a)
{
    QList<qint64> out;
    for (const QJsonObject &o : a)
        out << num(o, "id");
    return out;
}

QByteArray idList(const QList<qint64> &l)
{
    QByteArray out;
    for (qint64 v : l)
        out += (out.isEmpty() ? "" : ",") + QByteArray::number(v);
    return '[' + out + ']';
}

// The index of the first pair that is not newest first (createtime desc, then id desc), or -1.
qsizetype newestFirstViolation(const QList<QJsonObject> &items)
{
    for (qsizetype i = 0; i + 1 < items.size(); ++i) {
        const qint64 t0 = num(items[i], "createtime"), t1 = num(items[i + 1], "createtime");
        const qint64 i0 = num(items[i], "id"), i1 = num(items[i + 1], "id");
        if (t0 < t1 || (t0 == t1 && i0 <= i1))
            return i;
    }
    return -1;
}

QList<QJsonObject> objects(const QJsonArray &a)
{
    QList<QJsonObject> out;
    for (const QJsonValue &v : a)
        out << v.toObject();
    return out;
}

// A JSON error answer as the contract has it: the status, Content-Type application/json,
// {"error":{"code","message"}}, never HTML.
bool errorShapeOk(const HttpResult &r, int status, const QString &code, QByteArray *why)
{
    auto fail = [&](const QByteArray &what) {
        *why = what + " — " + r.describe();
        return false;
    };
    if (r.status != status)
        return fail("expected status " + QByteArray::number(status));
    if (!r.header("Content-Type").toLower().startsWith("application/json"))
        return fail("Content-Type is '" + r.header("Content-Type") + "', not application/json");
    const QByteArray lower = r.body.toLower();
    if (lower.contains("<html") || lower.contains("<!doctype") || lower.contains("<body"))
        return fail("an HTML error body");
    const QJsonObject error = r.obj().value(QLatin1String("error")).toObject();
    if (error.isEmpty())
        return fail("no {\"error\":{…}} object");
    if (!error.value(QLatin1String("code")).isString())
        return fail("error.code is not a string");
    if (error.value(QLatin1String("code")).toString() != code)
        return fail("error.code is not '" + code.toUtf8() + "'");
    if (!error.value(QLatin1String("message")).isString() ||
        error.value(QLatin1String("message")).toString().trimmed().isEmpty())
        return fail("error.message is missing or empty");
    return true;
}

QString codeFor(int status)
{
    switch (status) {
    case 400:
        return QStringLiteral("bad_request");
    case 401:
        return QStringLiteral("unauthorized");
    case 403:
        return QStringLiteral("forbidden");
    case 404:
        return QStringLiteral("not_found");
    case 409:
        return QStringLiteral("conflict");
    case 410:
        return QStringLiteral("cursor_expired");
    case 413:
        return QStringLiteral("too_large");
    case 422:
        return QStringLiteral("invalid");
    case 429:
        return QStringLiteral("rate_limited");
    default:
        return QStringLiteral("internal");
    }
}

QByteArray imageBytes(const char *format, int seed, int size = 24)
{
    QImage img(size, size, QImage::Format_RGB32);
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x)
            img.setPixel(x, y,
                         qRgb((x * 10 + seed * 37) & 255, (y * 10 + seed * 91) & 255, seed & 255));
    QByteArray out;
    QBuffer buf(&out);
    buf.open(QIODevice::WriteOnly);
    img.save(&buf, format);
    return out;
}

} // namespace

// Every check that one request answers as expected prints the request and answer on failure.
#define CHECK_STATUS(result, expected)                                                             \
    do {                                                                                           \
        const HttpResult &r_ = (result);                                                           \
        QVERIFY2(r_.status == (expected),                                                          \
                 ("expected " + QByteArray::number(expected) + ": " + r_.describe()).constData()); \
    } while (false)

#define CHECK_ERROR(result, expected)                                                              \
    do {                                                                                           \
        const HttpResult &r_ = (result);                                                           \
        QByteArray why_;                                                                           \
        QVERIFY2(errorShapeOk(r_, (expected), codeFor(expected), &why_), why_.constData());        \
    } while (false)

// 422 whose message names the field.
#define CHECK_INVALID(result, field)                                                               \
    do {                                                                                           \
        const HttpResult &r2_ = (result);                                                          \
        CHECK_ERROR(r2_, 422);                                                                     \
        QVERIFY2(r2_.errorMessage().contains(QLatin1String(field), Qt::CaseInsensitive),           \
                 ("the message does not name '" + QByteArray(field) + "': " + r2_.describe())      \
                     .constData());                                                                \
    } while (false)

class TestServerApi : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();

    void health();
    void login_data();
    void login();
    void loginMalformed();
    void logoutRevokesToken();
    void me_data();
    void me();
    void unauthorized_data();
    void unauthorized();

    void badQuery_data();
    void badQuery();
    void malformedIds_data();
    void malformedIds();
    void unknownRoutes_data();
    void unknownRoutes();

    void timelineScopes();
    void timelineFollowingScope();
    void timelineOrderAndLimit();
    void timelinePagingWhileCreating_data();
    void timelinePagingWhileCreating();

    void createPost_data();
    void createPost();
    void createPostDeviceAndGeo();
    void surrogatePairEscapesKeepTheirEmoji();
    void createPostWrongTypes_data();
    void createPostWrongTypes();
    void postInlineComments_data();
    void postInlineComments();
    void deletePost();
    void samplePost90012();

    void commentFloorsAndReplies();
    void commentValidation_data();
    void commentValidation();
    void commentPaging();
    void commentPagingBusyPost();
    void commentOrderBest();
    void commentCountsAndDeletes();

    void postLikes();
    void postLikesListPaging();
    void commentVotes();
    void views();
    void hot_data();
    void hot();
    void hotRanking();
    void followAndProfile();
    void activity();

    void mediaUpload_data();
    void mediaUpload();
    void mediaRejects();
    void requestBodyLimits();
    void idempotency();
    void idempotencyComments();
    void idempotencyMedia();

    void serverWithoutDemo();
    void restartKeepsDataAndDoesNotReseed();

private:
    Client &as(const QString &username);
    Client *anon();
    qint64 newPost(Client &c, const QString &content, const QStringList &pictures = {});
    qint64 newComment(Client &c, qint64 postId, const QString &content, qint64 parentId = 0,
                      QJsonObject *out = nullptr);
    QJsonObject getPost(Client &c, qint64 id, int comments = -1);
    // Every item of a `before`-paged list; checks `next` on every page and that no id repeats.
    // `between` runs after every page but the last. Sets *error on a problem.
    QList<QJsonObject> pageBefore(Client &c, const QString &path, int limit, QString *error,
                                  const std::function<void()> &between = {});
    // Floors of a post (the "roots" of /posts/{id}/comments), paged by `after`.
    QList<QJsonObject> allRoots(Client &c, qint64 postId, int limit, QString *error,
                                qint64 *totalRoots = nullptr);
    QList<QJsonObject> allReplies(Client &c, qint64 rootId, int limit, QString *error);
    QJsonObject userProfile(Client &c, qint64 uid);

    TestServer m_server;
    std::map<QString, std::unique_ptr<Client>> m_clients;
    std::unique_ptr<Client> m_anon;
    QStringList m_tokens;
    QStringList m_pictures;          // uploaded PNG paths
    QList<QJsonObject> m_demoPosts;  // scope=all at start
    qint64 m_busyPostId = 0;         // the demo post with the most comments
    qint64 m_hotPostId = 0;          // the demo post with the most likes
    qint64 m_inlinePostId = 0;       // postInlineComments' post
    QList<qint64> m_inlineComments;  // its comments, in creation order
    qint64 m_validationPostId = 0;   // commentValidation's post
    qint64 m_otherPostCommentId = 0; // a comment of another post
    qint64 m_deletedCommentId = 0;   // a deleted comment of m_validationPostId
    QByteArray m_wrongPassword = "Wr0ng-Passw0rd-31337";
};

Client &TestServerApi::as(const QString &username)
{
    auto it = m_clients.find(username);
    if (it == m_clients.end()) {
        auto client = std::make_unique<Client>(m_server.baseUrl());
        const QString token = client->login(username);
        if (token.isEmpty())
            qWarning("login as %s failed", qPrintable(username));
        else
            m_tokens << token;
        it = m_clients.emplace(username, std::move(client)).first;
    }
    return *it->second;
}

Client *TestServerApi::anon()
{
    if (!m_anon)
        m_anon = std::make_unique<Client>(m_server.baseUrl());
    return m_anon.get();
}

qint64 TestServerApi::newPost(Client &c, const QString &content, const QStringList &pictures)
{
    QJsonObject body{{"category", pictures.isEmpty() ? "TEXT" : "PICTURE"},
                     {"content", content},
                     {"pictureUrls", QJsonArray::fromStringList(pictures)},
                     {"device", "test device"}};
    const HttpResult r = c.post(api("/posts"), body);
    if (r.status != 201) {
        qWarning("newPost failed: %s", r.describe().constData());
        return 0;
    }
    return num(r.obj(), "id");
}

qint64 TestServerApi::newComment(Client &c, qint64 postId, const QString &content, qint64 parentId,
                                 QJsonObject *out)
{
    QJsonObject body{{"content", content}};
    if (parentId)
        body.insert("parentId", parentId);
    const HttpResult r = c.post(api("/posts/%1/comments").arg(postId), body);
    if (r.status != 201) {
        qWarning("newComment failed: %s", r.describe().constData());
        return 0;
    }
    if (out)
        *out = r.obj();
    return num(r.obj(), "id");
}

QJsonObject TestServerApi::getPost(Client &c, qint64 id, int comments)
{
    const QString path = comments < 0 ? api("/posts/%1").arg(id)
                                      : api("/posts/%1?comments=%2").arg(id).arg(comments);
    const HttpResult r = c.get(path);
    if (r.status != 200) {
        qWarning("getPost: %s", r.describe().constData());
        return {};
    }
    return r.obj();
}

QJsonObject TestServerApi::userProfile(Client &c, qint64 uid)
{
    const HttpResult r = c.get(api("/users/%1").arg(uid));
    if (r.status != 200) {
        qWarning("userProfile: %s", r.describe().constData());
        return {};
    }
    return r.obj();
}

QList<QJsonObject> TestServerApi::pageBefore(Client &c, const QString &path, int limit,
                                             QString *error, const std::function<void()> &between)
{
    QList<QJsonObject> all;
    QSet<qint64> seen;
    QString cursor;
    const QChar sep = path.contains(QLatin1Char('?')) ? QLatin1Char('&') : QLatin1Char('?');
    for (int page = 0; page < 2000; ++page) {
        QString url = path + sep + QStringLiteral("limit=%1").arg(limit);
        if (!cursor.isEmpty())
            url +=
                QStringLiteral("&before=") + QString::fromLatin1(QUrl::toPercentEncoding(cursor));
        const HttpResult r = c.get(url);
        if (r.status != 200) {
            *error = QString::fromUtf8(r.describe());
            return all;
        }
        const QJsonObject o = r.obj();
        if (!o.contains(QLatin1String("next"))) {
            *error = QStringLiteral("page without 'next': ") + QString::fromUtf8(r.describe());
            return all;
        }
        const QJsonArray items = o.value(QLatin1String("items")).toArray();
        if (items.size() > limit) {
            *error = QStringLiteral("%1 items on a page of limit %2").arg(items.size()).arg(limit);
            return all;
        }
        for (const QJsonValue &v : items) {
            const qint64 id = idOf(v);
            if (seen.contains(id)) {
                *error =
                    QStringLiteral("id %1 repeated on page %2 of %3").arg(id).arg(page).arg(path);
                return all;
            }
            seen.insert(id);
            all << v.toObject();
        }
        const QJsonValue next = o.value(QLatin1String("next"));
        if (next.isNull())
            return all;
        if (!next.isString() || next.toString().isEmpty()) {
            *error = QStringLiteral("'next' is neither null nor a string: ") +
                     QString::fromUtf8(r.describe());
            return all;
        }
        if (items.isEmpty()) {
            *error = QStringLiteral("an empty page with a non-null next: ") +
                     QString::fromUtf8(r.describe());
            return all;
        }
        cursor = next.toString();
        if (between)
            between();
    }
    *error = QStringLiteral("paging did not end");
    return all;
}

QList<QJsonObject> TestServerApi::allRoots(Client &c, qint64 postId, int limit, QString *error,
                                           qint64 *totalRoots)
{
    QList<QJsonObject> all;
    qint64 after = 0;
    for (int page = 0; page < 2000; ++page) {
        const HttpResult r =
            c.get(api("/posts/%1/comments?after=%2&limit=%3").arg(postId).arg(after).arg(limit));
        if (r.status != 200) {
            *error = QString::fromUtf8(r.describe());
            return all;
        }
        const QJsonObject o = r.obj();
        if (totalRoots)
            *totalRoots = num(o, "totalRoots");
        const QList<QJsonObject> roots = objects(o.value(QLatin1String("roots")).toArray());
        for (const QJsonObject &root : roots) {
            if (num(root, "floor") <= after) {
                *error =
                    QStringLiteral("floor %1 after cursor %2").arg(num(root, "floor")).arg(after);
                return all;
            }
            after = num(root, "floor");
            all << root;
        }
        if (!o.contains(QLatin1String("next"))) {
            *error = QStringLiteral("no 'next': ") + QString::fromUtf8(r.describe());
            return all;
        }
        const QJsonValue next = o.value(QLatin1String("next"));
        if (next.isNull())
            return all;
        if (roots.isEmpty() || next.toInteger(-1) != after) {
            *error = QStringLiteral("'next' is not the last floor on the page: ") +
                     QString::fromUtf8(r.describe());
            return all;
        }
    }
    *error = QStringLiteral("floor paging did not end");
    return all;
}

QList<QJsonObject> TestServerApi::allReplies(Client &c, qint64 rootId, int limit, QString *error)
{
    QList<QJsonObject> all;
    qint64 after = 0;
    for (int page = 0; page < 2000; ++page) {
        const HttpResult r =
            c.get(api("/comments/%1/replies?after=%2&limit=%3").arg(rootId).arg(after).arg(limit));
        if (r.status != 200) {
            *error = QString::fromUtf8(r.describe());
            return all;
        }
        const QJsonObject o = r.obj();
        const QList<QJsonObject> items = objects(r.items());
        if (items.size() > limit) {
            *error = QStringLiteral("more than limit replies");
            return all;
        }
        for (const QJsonObject &reply : items) {
            if (num(reply, "seq") <= after) {
                *error = QStringLiteral("seq %1 after cursor %2").arg(num(reply, "seq")).arg(after);
                return all;
            }
            after = num(reply, "seq");
            all << reply;
        }
        if (!o.contains(QLatin1String("next"))) {
            *error = QStringLiteral("no 'next': ") + QString::fromUtf8(r.describe());
            return all;
        }
        const QJsonValue next = o.value(QLatin1String("next"));
        if (next.isNull())
            return all;
        if (items.isEmpty() || next.toInteger(-1) != after) {
            *error = QStringLiteral("'next' is not the last seq on the page: ") +
                     QString::fromUtf8(r.describe());
            return all;
        }
    }
    *error = QStringLiteral("reply paging did not end");
    return all;
}

// ---------------------------------------------------------------------------------------------

void TestServerApi::initTestCase()
{
    QVERIFY2(!TestServer::serverBinary().isEmpty(), "no THREADLINE_SERVER_BIN");
    QVERIFY(m_server.start());
    qInfo("server %s, db %s", qPrintable(m_server.baseUrl().toString()),
          qPrintable(QUrl(m_server.dbUrl()).toString(QUrl::RemovePassword)));

    for (const char *user :
         {"zhangsan", "lisi", "wangwu", "mazi", "tingtamen", "qianqi", "maliu", "moderator"})
        QVERIFY2(!as(QString::fromLatin1(user)).token().isEmpty(), user);

    // Ten distinct pictures for the posts of the tests.
    for (int i = 0; i < 10; ++i) {
        const HttpResult r =
            as("zhangsan")
                .raw("POST", api("/media"), imageBytes("PNG", i), {{"Content-Type", "image/png"}});
        CHECK_STATUS(r, 201);
        const QString url = r.obj().value("url").toString();
        QVERIFY2(url.startsWith("/api/v1/media/"), r.describe().constData());
        m_pictures << url;
    }

    // The demo world as everyone sees it.
    QString error;
    m_demoPosts = pageBefore(as("zhangsan"), api("/timeline?scope=all"), 50, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY2(m_demoPosts.size() >= 100, "--demo should create a few hundred posts");
    qint64 mostComments = -1, mostLikes = -1;
    for (const QJsonObject &p : m_demoPosts) {
        if (num(p, "commentCount") > mostComments) {
            mostComments = num(p, "commentCount");
            m_busyPostId = num(p, "id");
        }
        if (num(p, "likeCount") > mostLikes) {
            mostLikes = num(p, "likeCount");
            m_hotPostId = num(p, "id");
        }
    }
    QVERIFY(m_busyPostId > 0);
    QVERIFY(m_hotPostId > 0);
}

void TestServerApi::cleanupTestCase()
{
    if (!m_server.baseUrl().isValid())
        return; // never started: initTestCase said why
    // The server stayed up through everything (a bug answers 500 and the server lives on).
    QVERIFY2(m_server.isRunning(), "the server exited during the tests");
    const QByteArray log = m_server.stderrLog();
    // One line per request, never a token or a password.
    QVERIFY2(log.contains("/api/v1/timeline"), "requests are not logged on stderr");
    for (const QString &token : std::as_const(m_tokens))
        QVERIFY2(!log.contains(token.toUtf8()), "a token appears in the server log");
    QVERIFY2(!log.contains(m_wrongPassword), "a password appears in the server log");
    m_server.stop();
}

// --- health and authentication -----------------------------------------------------------------

void TestServerApi::health()
{
    const HttpResult r = anon()->get(api("/health"));
    CHECK_STATUS(r, 200);
    QVERIFY(r.header("Content-Type").startsWith("application/json"));
    QCOMPARE(r.obj().value("status").toString(), QStringLiteral("ok"));
    QVERIFY(r.obj().value("version").isString());
    QVERIFY(!r.obj().value("version").toString().isEmpty());

    // The database's identity: a UUID, the same from another process (another port) on the same
    // database, another for another database (docs/api.md, "GET /health").
    const QString instance = r.obj().value("instance").toString();
    QVERIFY2(!QUuid::fromString(instance).isNull(), qPrintable(instance));
    TestServer same;
    QVERIFY(same.start({QStringLiteral("--db"), m_server.dbUrl()}));
    QVERIFY(same.port() != m_server.port());
    Client sameClient(same.baseUrl());
    QCOMPARE(sameClient.get(api("/health")).obj().value("instance").toString(), instance);
    TestServer other;
    QVERIFY(other.start({}));
    Client otherClient(other.baseUrl());
    const QString otherInstance =
        otherClient.get(api("/health")).obj().value("instance").toString();
    QVERIFY(!QUuid::fromString(otherInstance).isNull());
    QVERIFY(otherInstance != instance);
}

void TestServerApi::login_data()
{
    QTest::addColumn<QString>("username");
    QTest::addColumn<QString>("password");
    QTest::addColumn<int>("status");
    QTest::addColumn<qint64>("uid");
    QTest::addColumn<QString>("nickName");
    QTest::addColumn<QString>("role");

    QTest::newRow("user") << "wangwu"
                          << "demo" << 200 << qint64(10003) << "王五"
                          << "user";
    QTest::newRow("long name") << "tingtamen"
                               << "demo" << 200 << qint64(10005) << "听他们说玩游戏名字起得不能太长"
                               << "user";
    QTest::newRow("moderator") << "moderator"
                               << "demo" << 200 << qint64(10009) << "管理员"
                               << "moderator";
    QTest::newRow("wrong password")
        << "zhangsan" << QString::fromLatin1(m_wrongPassword) << 401 << qint64(0) << ""
        << "";
    QTest::newRow("empty password") << "zhangsan"
                                    << "" << 401 << qint64(0) << ""
                                    << "";
    QTest::newRow("unknown user") << "nobody_here"
                                  << "demo" << 401 << qint64(0) << ""
                                  << "";
    QTest::newRow("case matters") << "ZHANGSAN-x"
                                  << "demo" << 401 << qint64(0) << ""
                                  << "";
}

void TestServerApi::login()
{
    QFETCH(QString, username);
    QFETCH(QString, password);
    QFETCH(int, status);
    QFETCH(qint64, uid);
    QFETCH(QString, nickName);
    QFETCH(QString, role);

    Client c(m_server.baseUrl());
    const HttpResult r =
        c.post(api("/auth/login"), QJsonObject{{"username", username}, {"password", password}});
    if (status != 200) {
        CHECK_ERROR(r, status);
        QVERIFY(!r.obj().contains("token"));
        return;
    }
    CHECK_STATUS(r, 200);
    const QString token = r.obj().value("token").toString();
    QVERIFY(token.size() >= 16);
    m_tokens << token;
    const QJsonObject user = r.obj().value("user").toObject();
    QCOMPARE(num(user, "uid"), uid);
    QCOMPARE(user.value("nickName").toString(), nickName);
    QCOMPARE(user.value("role").toString(), role);
    QVERIFY(user.value("headImg").isString());

    // The token works.
    c.setToken(token);
    const HttpResult me = c.get(api("/me"));
    CHECK_STATUS(me, 200);
    QCOMPARE(num(me.obj(), "uid"), uid);
}

void TestServerApi::loginMalformed()
{
    Client c(m_server.baseUrl());
    CHECK_ERROR(
        c.raw("POST", api("/auth/login"), "{\"username\":", {{"Content-Type", "application/json"}}),
        400);
    CHECK_ERROR(c.post(api("/auth/login"), QJsonObject{{"username", 5}, {"password", "demo"}}),
                400);
    CHECK_ERROR(c.post(api("/auth/login"), QJsonArray{"zhangsan", "demo"}), 400);
}

void TestServerApi::logoutRevokesToken()
{
    Client first(m_server.baseUrl());
    Client second(m_server.baseUrl());
    QVERIFY(!first.login("lisi").isEmpty());
    QVERIFY(!second.login("lisi").isEmpty());
    QVERIFY(first.token() != second.token());
    m_tokens << first.token() << second.token();

    CHECK_STATUS(first.get(api("/me")), 200);
    const HttpResult out = first.post(api("/auth/logout"));
    CHECK_STATUS(out, 204);
    QVERIFY(out.body.isEmpty());

    // The revoked token answers 401 everywhere from now on.
    CHECK_ERROR(first.get(api("/me")), 401);
    CHECK_ERROR(first.get(api("/timeline?scope=all")), 401);
    CHECK_ERROR(
        first.post(api("/posts"), QJsonObject{{"category", "TEXT"}, {"content", "after logout"}}),
        401);
    CHECK_ERROR(first.post(api("/auth/logout")), 401);
    // Only that token: the other session of the same user goes on.
    CHECK_STATUS(second.get(api("/me")), 200);
}

void TestServerApi::me_data()
{
    QTest::addColumn<QString>("username");
    QTest::addColumn<qint64>("uid");
    QTest::addColumn<QString>("nickName");
    QTest::addColumn<QString>("role");
    QTest::newRow("zhangsan") << "zhangsan" << qint64(10001) << "张三"
                              << "user";
    QTest::newRow("qianqi") << "qianqi" << qint64(10006) << "钱七"
                            << "user";
    QTest::newRow("maliu") << "maliu" << qint64(10007) << "麻六"
                           << "user";
    QTest::newRow("moderator") << "moderator" << qint64(10009) << "管理员"
                               << "moderator";
}

void TestServerApi::me()
{
    QFETCH(QString, username);
    QFETCH(qint64, uid);
    QFETCH(QString, nickName);
    QFETCH(QString, role);
    const HttpResult r = as(username).get(api("/me"));
    CHECK_STATUS(r, 200);
    QCOMPARE(num(r.obj(), "uid"), uid);
    QCOMPARE(r.obj().value("nickName").toString(), nickName);
    QCOMPARE(r.obj().value("role").toString(), role);
    QVERIFY(r.obj().value("headImg").isString());
}

void TestServerApi::unauthorized_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("authorization"); // "" sends no header

    const QList<QPair<QByteArray, QString>> calls = {
        {"GET", api("/me")},
        {"GET", api("/timeline?scope=all")},
        {"GET", api("/posts/90012")},
        {"POST", api("/posts")},
        {"DELETE", api("/posts/90012")},
        {"PUT", api("/posts/90012/like")},
        {"GET", api("/posts/90012/comments")},
        {"POST", api("/posts/90012/comments")},
        {"GET", api("/users/10001")},
        {"GET", api("/hot?window=day&by=likes")},
        {"GET", api("/activity")},
        {"POST", api("/media")},
        {"POST", api("/auth/logout")},
    };
    const QList<QPair<const char *, QByteArray>> auths = {
        {"none", QByteArray()},
        {"unknown token", "Bearer 0123456789abcdef0123456789abcdef"},
        {"empty bearer", "Bearer "},
        {"basic", "Basic emhhbmdzYW46ZGVtbw=="},
        {"bare token", "0123456789abcdef"},
    };
    for (const auto &call : calls)
        for (const auto &auth : auths)
            QTest::addRow("%s %s, %s", call.first.constData(), qPrintable(call.second), auth.first)
                << call.first << call.second << auth.second;
}

void TestServerApi::unauthorized()
{
    QFETCH(QByteArray, method);
    QFETCH(QString, path);
    QFETCH(QByteArray, authorization);
    Client c(m_server.baseUrl());
    HeaderList headers;
    if (!authorization.isEmpty())
        headers.append(qMakePair(QByteArray("Authorization"), authorization));
    QByteArray body;
    if (method == "POST" && path.endsWith("/posts"))
        body = R"({"category":"TEXT","content":"unauthorized"})";
    else if (method == "POST" && path.endsWith("/comments"))
        body = R"({"content":"unauthorized"})";
    if (!body.isEmpty())
        headers.append(qMakePair(QByteArray("Content-Type"), QByteArray("application/json")));
    CHECK_ERROR(c.raw(method, path, body, headers), 401);
}

// --- malformed input ---------------------------------------------------------------------------

void TestServerApi::badQuery_data()
{
    QTest::addColumn<QString>("path");
    const QStringList paths = {
        "/timeline?scope=bogus",
        "/timeline?scope=ALL",
        "/timeline?scope=all&limit=-1",
        "/timeline?scope=all&limit=abc",
        "/timeline?scope=all&limit=1.5",
        "/timeline?scope=all&before=%21%21not-a-cursor%21%21",
        "/timeline?scope=user&uid=abc",
        "/timeline?scope=user&uid=-3",
        "/posts/90012?comments=-1",
        "/posts/90012?comments=abc",
        "/posts/90012/comments?limit=-1",
        "/posts/90012/comments?limit=x",
        "/posts/90012/comments?after=abc",
        "/posts/90012/comments?after=-1",
        "/posts/90012/comments?replies=-2",
        "/posts/90012/comments?replies=many",
        "/posts/90012/comments?order=worst",
        "/posts/90012/comments?order=best&before=%21%21not-a-cursor%21%21",
        "/comments/500011/replies?after=abc",
        "/comments/500011/replies?limit=-1",
        "/posts/90012/likes?limit=abc",
        "/posts/90012/likes?before=%21%21not-a-cursor%21%21",
        "/hot?window=month&by=likes",
        "/hot?window=day&by=comments",
        "/hot?window=week&by=likes&limit=abc",
        "/hot?window=week&by=likes&limit=-1",
        "/activity?limit=-5",
        "/activity?limit=ten",
    };
    for (const QString &p : paths)
        QTest::newRow(qPrintable(p)) << api(p);
}

void TestServerApi::badQuery()
{
    QFETCH(QString, path);
    CHECK_ERROR(as("zhangsan").get(path), 400);
}

void TestServerApi::malformedIds_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QString>("id");
    QTest::addColumn<int>("status");

    const QList<QPair<QByteArray, QString>> calls = {
        {"GET", "/posts/%1"},
        {"DELETE", "/posts/%1"},
        {"GET", "/posts/%1/comments"},
        {"POST", "/posts/%1/comments"},
        {"PUT", "/posts/%1/like"},
        {"DELETE", "/posts/%1/like"},
        {"POST", "/posts/%1/views"},
        {"GET", "/posts/%1/likes"},
        {"GET", "/comments/%1/replies"},
        {"DELETE", "/comments/%1"},
        {"PUT", "/comments/%1/like"},
        {"PUT", "/comments/%1/oppose"},
        {"GET", "/users/%1"},
        {"PUT", "/users/%1/follow"},
        {"DELETE", "/users/%1/follow"},
    };
    const QList<QPair<QString, int>> idCases = {
        {"abc", 400},
        {"0", 400},
        {"-1", 400},
        {"1.5", 400},
        {"1e3", 400},
        {"12abc", 400},
        {"0x10", 400},
        {"9007199254740992", 400},        // 2^53
        {"99999999999999999999999", 400}, // beyond 64 bits
        {QString::number(kUnknownId), 404},
        {"9007199254740991", 404}, // 2^53 - 1: well-formed, unknown
    };
    for (const auto &call : calls)
        for (const auto &idCase : idCases)
            QTest::addRow("%s %s", call.first.constData(),
                          qPrintable(call.second.arg(idCase.first)))
                << call.first << call.second << idCase.first << idCase.second;
}

void TestServerApi::malformedIds()
{
    QFETCH(QByteArray, method);
    QFETCH(QString, pattern);
    QFETCH(QString, id);
    QFETCH(int, status);
    QByteArray body;
    HeaderList headers;
    if (method == "POST" && pattern.endsWith("/comments")) {
        body = R"({"content":"to nowhere"})";
        headers.append(qMakePair(QByteArray("Content-Type"), QByteArray("application/json")));
    }
    CHECK_ERROR(as("zhangsan").raw(method, api(pattern.arg(id)), body, headers), status);
}

void TestServerApi::unknownRoutes_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QString>("path");
    QTest::newRow("GET /api/v1/nothing") << QByteArray("GET") << "/api/v1/nothing";
    QTest::newRow("GET /api/v2/health") << QByteArray("GET") << "/api/v2/health";
    QTest::newRow("GET /") << QByteArray("GET") << "/";
    QTest::newRow("GET /index.html") << QByteArray("GET") << "/index.html";
    QTest::newRow("GET /api/v1/posts/90012/bogus")
        << QByteArray("GET") << "/api/v1/posts/90012/bogus";
    QTest::newRow("POST /api/v1/timeline/x") << QByteArray("POST") << "/api/v1/timeline/x";
    QTest::newRow("GET /api/v1/media/") << QByteArray("GET") << "/api/v1/media/";
}

void TestServerApi::unknownRoutes()
{
    QFETCH(QByteArray, method);
    QFETCH(QString, path);
    CHECK_ERROR(as("zhangsan").raw(method, path, {}), 404);
    // Also without a token: an unknown route is 404 (or 401), and JSON either way.
    const HttpResult r = anon()->raw(method, path, {});
    QVERIFY2(r.status == 404 || r.status == 401, r.describe().constData());
    CHECK_ERROR(r, r.status);
}

// --- timeline ----------------------------------------------------------------------------------

void TestServerApi::timelineScopes()
{
    Client &c = as("zhangsan");
    // all: everyone's posts, newest first, with the post fields.
    HttpResult r = c.get(api("/timeline?scope=all"));
    CHECK_STATUS(r, 200);
    QCOMPARE(r.items().size(), 20); // the default limit, with hundreds of posts
    QVERIFY(r.obj().value("next").isString());
    QSet<qint64> authors;
    for (const QJsonObject &p : objects(r.items())) {
        QVERIFY(num(p, "id") > 0);
        QVERIFY(p.value("category").toString() == "TEXT" ||
                p.value("category").toString() == "PICTURE");
        QVERIFY(p.value("content").isString());
        QVERIFY(num(p, "createtime") > 1'000'000'000'000);
        QVERIFY(p.value("pictureUrls").isArray());
        QVERIFY(p.value("likeCount").isDouble());
        QVERIFY(p.value("commentCount").isDouble());
        QVERIFY(p.value("liked").isBool());
        QVERIFY(uidOf(p.value("author")) > 0);
        QVERIFY(p.value("author").toObject().value("nickName").isString());
        authors << uidOf(p.value("author"));
    }
    QCOMPARE(newestFirstViolation(objects(r.items())), qsizetype(-1));
    // Weak social: a user who follows nobody reads everyone's posts in "all".
    QSet<qint64> allAuthors;
    for (const QJsonObject &p : std::as_const(m_demoPosts))
        allAuthors << uidOf(p.value("author"));
    QVERIFY2(allAuthors.size() >= 5, "the demo posts come from several users");

    // user: one user's posts only.
    for (qint64 uid : {10003, 10004}) {
        QString error;
        const QList<QJsonObject> posts =
            pageBefore(c, api("/timeline?scope=user&uid=%1").arg(uid), 50, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(!posts.isEmpty());
        for (const QJsonObject &p : posts)
            QCOMPARE(uidOf(p.value("author")), uid);
        QCOMPARE(newestFirstViolation(posts), qsizetype(-1));
        qsizetype expected = 0;
        for (const QJsonObject &p : std::as_const(m_demoPosts))
            expected += uidOf(p.value("author")) == uid ? 1 : 0;
        QVERIFY(posts.size() >= expected); // the demo's posts, plus any the tests made
        if (uid == 10003)
            QVERIFY2(ids(posts).contains(90012), "90012 is 王五's");
    }
    // A user without posts, and an unknown user: an empty list (or 404), never an error shape
    // other than those.
    r = c.get(api("/timeline?scope=user&uid=%1").arg(kUnknownId));
    QVERIFY2(r.status == 200 || r.status == 404, r.describe().constData());
    if (r.status == 200) {
        QVERIFY(r.items().isEmpty());
        QVERIFY(r.obj().value("next").isNull());
    } else {
        CHECK_ERROR(r, 404);
    }
}

void TestServerApi::timelineFollowingScope()
{
    Client &me = as("qianqi");
    Client &other = as("maliu");
    const qint64 myUid = 10006, otherUid = 10007;

    // Every post in "following" is mine or by someone I follow.
    QHash<qint64, bool> followed;
    auto isFollowed = [&](qint64 uid) {
        if (!followed.contains(uid))
            followed[uid] = userProfile(me, uid).value("followedByMe").toBool();
        return followed[uid];
    };
    QString error;
    QList<QJsonObject> posts = pageBefore(me, api("/timeline?scope=following"), 50, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(newestFirstViolation(posts), qsizetype(-1));
    for (const QJsonObject &p : std::as_const(posts)) {
        const qint64 author = uidOf(p.value("author"));
        QVERIFY2(author == myUid || isFollowed(author),
                 qPrintable(QStringLiteral("post %1 by %2, whom I do not follow")
                                .arg(num(p, "id"))
                                .arg(author)));
    }

    // Start from "not following maliu".
    CHECK_STATUS(me.del(api("/users/%1/follow").arg(otherUid)), 200);
    const qint64 hisPost = newPost(other, QStringLiteral("麻六's post for the following scope"));
    QVERIFY(hisPost > 0);
    const qint64 myPost = newPost(me, QStringLiteral("钱七's own post shows in following"));
    QVERIFY(myPost > 0);

    auto followingIds = [&] {
        const HttpResult r = me.get(api("/timeline?scope=following&limit=50"));
        return r.status == 200 ? ids(r.items()) : QList<qint64>{-1};
    };
    QList<qint64> now = followingIds();
    QVERIFY2(!now.contains(hisPost), idList(now).constData());
    QVERIFY2(now.contains(myPost), "my own posts are in following");
    QCOMPARE(now.value(0), myPost);

    // Follow: his posts appear (old and new), newest first.
    CHECK_STATUS(me.put(api("/users/%1/follow").arg(otherUid)), 200);
    now = followingIds();
    QVERIFY2(now.contains(hisPost), idList(now).constData());
    QVERIFY(now.indexOf(myPost) < now.indexOf(hisPost));
    // Unfollow: gone again, but still in "all".
    CHECK_STATUS(me.del(api("/users/%1/follow").arg(otherUid)), 200);
    now = followingIds();
    QVERIFY2(!now.contains(hisPost), idList(now).constData());
    const HttpResult all = me.get(api("/timeline?scope=all&limit=50"));
    QVERIFY(ids(all.items()).contains(hisPost));
}

void TestServerApi::timelineOrderAndLimit()
{
    Client &c = as("lisi");
    QVERIFY(m_demoPosts.size() > 50);
    QCOMPARE(newestFirstViolation(m_demoPosts), qsizetype(-1));

    // Clamped at 50.
    for (const char *limit : {"50", "51", "1000"}) {
        const HttpResult r = c.get(api("/timeline?scope=all&limit=") + limit);
        CHECK_STATUS(r, 200);
        QCOMPARE(r.items().size(), 50);
        QVERIFY(r.obj().value("next").isString());
    }
    HttpResult r = c.get(api("/timeline?scope=all&limit=3"));
    CHECK_STATUS(r, 200);
    QCOMPARE(r.items().size(), 3);
    // The next page starts right after the last item of this one.
    const QString cursor = r.obj().value("next").toString();
    QVERIFY(!cursor.isEmpty());
    const HttpResult r5 = c.get(api("/timeline?scope=all&limit=5"));
    const HttpResult r2 = c.get(api("/timeline?scope=all&limit=2&before=") +
                                QString::fromLatin1(QUrl::toPercentEncoding(cursor)));
    CHECK_STATUS(r2, 200);
    QCOMPARE(ids(r.items()) + ids(r2.items()), ids(r5.items()));

    // The last page has next null: page with a limit that divides the count, so that the last
    // page is full, and with one that does not.
    QString error;
    const QList<QJsonObject> mine =
        pageBefore(c, api("/timeline?scope=user&uid=10002"), 50, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const qsizetype n = mine.size();
    QVERIFY(n >= 2);
    int divisor = 0;
    for (int l = int(qMin<qsizetype>(n, 50)); l >= 1; --l) {
        if (n % l == 0) {
            divisor = l;
            break;
        }
    }
    const QList<QJsonObject> full =
        pageBefore(c, api("/timeline?scope=user&uid=10002"), divisor, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error)); // also: no empty page after a non-null next
    QCOMPARE(ids(full), ids(mine));
    const QList<QJsonObject> odd = pageBefore(c, api("/timeline?scope=user&uid=10002"), 7, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(ids(odd), ids(mine));
}

void TestServerApi::timelinePagingWhileCreating_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("author");
    QTest::addColumn<int>("limit");
    QTest::newRow("user, limit 7") << api("/timeline?scope=user&uid=10002") << "lisi" << 7;
    QTest::newRow("user, limit 1") << api("/timeline?scope=user&uid=10002") << "lisi" << 1;
    QTest::newRow("all, limit 20") << api("/timeline?scope=all") << "zhangsan" << 20;
    QTest::newRow("following, limit 9") << api("/timeline?scope=following") << "wangwu" << 9;
}

void TestServerApi::timelinePagingWhileCreating()
{
    QFETCH(QString, path);
    QFETCH(QString, author);
    QFETCH(int, limit);
    Client &reader = as(author);
    Client &writer = as(author);

    QString error;
    const QList<QJsonObject> before = pageBefore(reader, path, 50, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(!before.isEmpty());

    // Page through while new posts (newer than anything on the list) appear between pages:
    // the pages neither skip nor repeat anything.
    QList<qint64> created;
    int pages = 0;
    const QList<QJsonObject> during = pageBefore(reader, path, limit, &error, [&] {
        ++pages;
        if (pages <= 25) {
            const qint64 id =
                newPost(writer, QStringLiteral("paging %1 #%2").arg(limit).arg(pages));
            if (id > 0)
                created << id;
        }
    });
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(!created.isEmpty());
    QCOMPARE(ids(during), ids(before));
    QCOMPARE(newestFirstViolation(during), qsizetype(-1));

    // The new posts are at the top now, newest first.
    const HttpResult top = reader.get(path + QStringLiteral("&limit=%1").arg(created.size()));
    CHECK_STATUS(top, 200);
    QList<qint64> expected = created;
    std::reverse(expected.begin(), expected.end());
    QCOMPARE(ids(top.items()), expected);
}

// --- posts -------------------------------------------------------------------------------------

void TestServerApi::createPost_data()
{
    QTest::addColumn<QString>("content");
    QTest::addColumn<int>("pictures");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("field"); // named in a 422 message

    QTest::newRow("text") << QStringLiteral("你好, Threadline! 👋🏽 emoji intact") << 0 << 201
                          << "";
    QTest::newRow("one picture, no text") << QString() << 1 << 201 << "";
    QTest::newRow("nine pictures") << QStringLiteral("这是一个带9张图片的动态") << 9 << 201 << "";
    QTest::newRow("ten pictures") << QStringLiteral("too many") << 10 << 422 << "pictureUrls";
    QTest::newRow("neither content nor picture") << QString() << 0 << 422 << "content";
    QTest::newRow("2000 ascii") << QString(2000, u'a') << 0 << 201 << "";
    QTest::newRow("2001 ascii") << QString(2001, u'a') << 0 << 422 << "content";
    QTest::newRow("2000 CJK") << QString(2000, QChar(0x4E2D)) << 0 << 201 << "";
    QTest::newRow("2000 emoji (8000 bytes)") << repeatCp(U'\U0001F600', 2000) << 0 << 201 << "";
    QTest::newRow("2001 emoji") << repeatCp(U'\U0001F600', 2001) << 0 << 422 << "content";
    QTest::newRow("1000 emoji + 1000 ascii")
        << repeatCp(U'\U0001F389', 1000) + QString(1000, u'b') << 3 << 201 << "";
    QTest::newRow("1001 emoji + 1000 ascii")
        << repeatCp(U'\U0001F389', 1001) + QString(1000, u'b') << 0 << 422 << "content";
}

void TestServerApi::createPost()
{
    QFETCH(QString, content);
    QFETCH(int, pictures);
    QFETCH(int, status);
    QFETCH(QString, field);
    Client &c = as("zhangsan");

    QStringList urls;
    for (int i = 0; i < pictures; ++i)
        urls << m_pictures.value(i % m_pictures.size());
    const QString category = pictures > 0 ? QStringLiteral("PICTURE") : QStringLiteral("TEXT");
    const QJsonObject body{{"category", category},
                           {"content", content},
                           {"pictureUrls", QJsonArray::fromStringList(urls)},
                           {"device", "Test Device"}};

    const HttpResult topBefore = c.get(api("/timeline?scope=user&uid=10001&limit=1"));
    const qint64 before = QDateTime::currentMSecsSinceEpoch();
    const HttpResult r = c.post(api("/posts"), body);
    const qint64 after = QDateTime::currentMSecsSinceEpoch();

    if (status != 201) {
        CHECK_INVALID(r, field.toLatin1().constData());
        // Nothing was created.
        const HttpResult topAfter = c.get(api("/timeline?scope=user&uid=10001&limit=1"));
        QCOMPARE(ids(topAfter.items()), ids(topBefore.items()));
        return;
    }
    CHECK_STATUS(r, 201);
    QVERIFY(r.header("Content-Type").startsWith("application/json"));
    const QJsonObject p = r.obj();
    const qint64 id = num(p, "id");
    QVERIFY(id > 0 && id < (qint64(1) << 53));
    QCOMPARE(p.value("category").toString(), category);
    QCOMPARE(p.value("content").toString(), content);
    QCOMPARE(p.value("pictureUrls").toArray(), QJsonArray::fromStringList(urls));
    QCOMPARE(uidOf(p.value("author")), qint64(10001));
    QCOMPARE(p.value("author").toObject().value("nickName").toString(), QStringLiteral("张三"));
    QVERIFY(num(p, "createtime") >= before - 2000 && num(p, "createtime") <= after + 2000);
    QCOMPARE(num(p, "likeCount"), qint64(0));
    QCOMPARE(num(p, "commentCount"), qint64(0));
    QCOMPARE(p.value("liked").toBool(true), false);
    QCOMPARE(p.value("likes").toArray().size(), 0);
    QCOMPARE(p.value("comments").toArray().size(), 0);
    QVERIFY(!p.value("hidden").toBool(false)); // false (or absent) for ordinary users
    QVERIFY(!p.contains("moderation"));

    // Another user reads the same post, at the top of "all".
    Client &reader = as("lisi");
    const QJsonObject got = getPost(reader, id);
    QCOMPARE(got.value("content").toString(), content);
    QCOMPARE(got.value("pictureUrls").toArray(), QJsonArray::fromStringList(urls));
    QCOMPARE(got.value("category").toString(), category);
    QCOMPARE(num(got, "createtime"), num(p, "createtime"));
    QCOMPARE(got.value("liked").toBool(true), false);
    const HttpResult top = reader.get(api("/timeline?scope=all&limit=1"));
    QCOMPARE(ids(top.items()), QList<qint64>{id});
    QCOMPARE(top.items().at(0).toObject().value("content").toString(), content);
}

void TestServerApi::createPostDeviceAndGeo()
{
    Client &c = as("zhangsan");
    // The device table maps the raw model case-insensitively; the moderator adds an entry.
    const HttpResult put = as("moderator")
                               .put(api("/devices"), QJsonObject{{"raw", "threadline testphone x1"},
                                                                 {"display", "测试手机 X1"}});
    QVERIFY2(put.status >= 200 && put.status < 300, put.describe().constData());
    CHECK_ERROR(c.put(api("/devices"), QJsonObject{{"raw", "evil"}, {"display", "Evil"}}), 403);

    auto postWith = [&](const QJsonObject &extra) {
        QJsonObject body{{"category", "TEXT"}, {"content", "device and geo"}};
        for (auto it = extra.begin(); it != extra.end(); ++it)
            body.insert(it.key(), it.value());
        return c.post(api("/posts"), body);
    };
    HttpResult r = postWith({{"device", "ThreadLine TESTPHONE x1"}});
    CHECK_STATUS(r, 201);
    QCOMPARE(r.obj().value("device").toString(), QStringLiteral("测试手机 X1"));
    QCOMPARE(getPost(as("lisi"), num(r.obj(), "id")).value("device").toString(),
             QStringLiteral("测试手机 X1"));

    // An unknown model falls back to the raw string.
    r = postWith({{"device", "Nokia 3310 Threadline Edition"}});
    CHECK_STATUS(r, 201);
    QCOMPARE(r.obj().value("device").toString(), QStringLiteral("Nokia 3310 Threadline Edition"));

    // geo: an object round-trips; null stays null.
    const QJsonObject geo{{"name", "北京 · 天安门"}, {"lat", 39.9087}, {"lng", 116.3975}};
    r = postWith({{"geo", geo}});
    CHECK_STATUS(r, 201);
    QJsonObject got = getPost(c, num(r.obj(), "id"));
    QCOMPARE(got.value("geo").toObject().value("name").toString(), geo.value("name").toString());
    QVERIFY(qAbs(got.value("geo").toObject().value("lat").toDouble() - 39.9087) < 1e-6);
    QVERIFY(qAbs(got.value("geo").toObject().value("lng").toDouble() - 116.3975) < 1e-6);
    r = postWith({{"geo", QJsonValue::Null}});
    CHECK_STATUS(r, 201);
    got = getPost(c, num(r.obj(), "id"));
    QVERIFY(got.contains("geo"));
    QVERIFY(got.value("geo").isNull());
}

void TestServerApi::createPostWrongTypes_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::newRow("content: 5") << QByteArray(R"({"category":"TEXT","content":5})");
    QTest::newRow("content: array") << QByteArray(R"({"category":"TEXT","content":["a"]})");
    QTest::newRow("category: 1") << QByteArray(R"({"category":1,"content":"x"})");
    QTest::newRow("pictureUrls: string")
        << QByteArray(R"({"category":"PICTURE","content":"x","pictureUrls":"/a.png"})");
    QTest::newRow("pictureUrls: [5]")
        << QByteArray(R"({"category":"PICTURE","content":"x","pictureUrls":[5]})");
    QTest::newRow("device: {}") << QByteArray(R"({"category":"TEXT","content":"x","device":{}})");
    QTest::newRow("geo: string") << QByteArray(
        R"({"category":"TEXT","content":"x","geo":"Beijing"})");
    QTest::newRow("body: array") << QByteArray(R"([{"category":"TEXT","content":"x"}])");
    QTest::newRow("body: string") << QByteArray(R"("hello")");
    QTest::newRow("body: number") << QByteArray("42");
    QTest::newRow("malformed: cut") << QByteArray(R"({"category":"TEXT","content":"x)");
    QTest::newRow("malformed: trailing comma")
        << QByteArray(R"({"category":"TEXT","content":"x",})");
    QTest::newRow("malformed: not json") << QByteArray("content=hello");
    QTest::newRow("malformed: bad utf-8")
        << QByteArray("{\"category\":\"TEXT\",\"content\":\"\xff\xfe\"}");
    QTest::newRow("empty body") << QByteArray();
    // half a surrogate pair: Qt's parser would pair it with what follows and change the text
    QTest::newRow("lone high surrogate") << QByteArray(R"({"content":"A\ud83dB"})");
    QTest::newRow("lone low surrogate") << QByteArray(R"({"content":"A\ude00Z"})");
    QTest::newRow("high + escaped letter") << QByteArray(R"({"content":"A\ud83d\u0041Z"})");
    QTest::newRow("high at the end") << QByteArray(R"({"content":"A\ud83d"})");
    QTest::newRow("two highs") << QByteArray(R"({"content":"\ud83d\ud83d\ude00"})");
}

void TestServerApi::createPostWrongTypes()
{
    QFETCH(QByteArray, body);
    Client &c = as("zhangsan");
    const HttpResult topBefore = c.get(api("/timeline?scope=user&uid=10001&limit=1"));
    CHECK_ERROR(c.raw("POST", api("/posts"), body, {{"Content-Type", "application/json"}}), 400);
    const HttpResult topAfter = c.get(api("/timeline?scope=user&uid=10001&limit=1"));
    QCOMPARE(ids(topAfter.items()), ids(topBefore.items()));
}

void TestServerApi::surrogatePairEscapesKeepTheirEmoji()
{
    // an escaped pair is one 4-byte character, stored and returned intact
    Client &c = as("zhangsan");
    const HttpResult r = c.raw("POST", api("/posts"), R"({"content":"A\ud83d\ude00B \\ud83d"})",
                               {{"Content-Type", "application/json"}});
    QCOMPARE(r.status, 201);
    QCOMPARE(r.obj().value("content").toString(), QStringLiteral("A😀B \\ud83d"));
    const qint64 id = r.obj().value("id").toInteger();
    QCOMPARE(c.get(api(QStringLiteral("/posts/%1").arg(id))).obj().value("content").toString(),
             QStringLiteral("A😀B \\ud83d"));
}

void TestServerApi::postInlineComments_data()
{
    QTest::addColumn<int>("comments"); // -1: the default
    QTest::addColumn<int>("expected");
    QTest::newRow("default") << -1 << 3;
    for (int n = 0; n <= 5; ++n)
        QTest::addRow("comments=%d", n) << n << n;
    QTest::newRow("comments=9 (clamped)") << 9 << 5;
    QTest::newRow("comments=1000 (clamped)") << 1000 << 5;
}

void TestServerApi::postInlineComments()
{
    QFETCH(int, comments);
    QFETCH(int, expected);
    if (!m_inlinePostId) {
        // Roots and replies mixed; the inline list is the newest visible ones of either kind.
        m_inlinePostId = newPost(as("wangwu"), QStringLiteral("inline comments"));
        QVERIFY(m_inlinePostId > 0);
        const qint64 r1 = newComment(as("zhangsan"), m_inlinePostId, "r1");
        const qint64 r1a = newComment(as("lisi"), m_inlinePostId, "r1a", r1);
        const qint64 r2 = newComment(as("mazi"), m_inlinePostId, "r2");
        const qint64 r2a = newComment(as("zhangsan"), m_inlinePostId, "r2a", r2);
        const qint64 r1b = newComment(as("qianqi"), m_inlinePostId, "r1b", r1a);
        const qint64 r3 = newComment(as("lisi"), m_inlinePostId, "r3");
        const qint64 r3a = newComment(as("lisi"), m_inlinePostId, "r3a (deleted)", r3);
        m_inlineComments = {r1, r1a, r2, r2a, r1b, r3, r3a};
        QVERIFY(!m_inlineComments.contains(0));
        CHECK_STATUS(as("lisi").del(api("/comments/%1").arg(r3a)), 204);
        m_inlineComments.removeLast();
    }
    const QJsonObject p = getPost(as("maliu"), m_inlinePostId, comments);
    QVERIFY(!p.isEmpty());
    QCOMPARE(num(p, "commentCount"), qint64(6));
    QList<qint64> want = m_inlineComments;
    std::reverse(want.begin(), want.end());
    want = want.mid(0, expected);
    QCOMPARE(ids(p.value("comments").toArray()), want);
    for (const QJsonValue &v : p.value("comments").toArray()) {
        QCOMPARE(num(v.toObject(), "postId"), m_inlinePostId);
        QVERIFY(v.toObject().value("author").isObject());
    }
}

void TestServerApi::deletePost()
{
    Client &author = as("zhangsan");
    Client &other = as("lisi");
    const qint64 id = newPost(author, QStringLiteral("to be deleted"));
    QVERIFY(id > 0);
    const qint64 commentId = newComment(other, id, "a comment on it");
    QVERIFY(commentId > 0);

    // Not the author: 403, nothing changes.
    CHECK_ERROR(other.del(api("/posts/%1").arg(id)), 403);
    QCOMPARE(num(getPost(other, id), "id"), id);

    const HttpResult d = author.del(api("/posts/%1").arg(id));
    CHECK_STATUS(d, 204);
    QVERIFY(d.body.isEmpty());
    // Deleting again answers as the first did.
    CHECK_STATUS(author.del(api("/posts/%1").arg(id)), 204);

    CHECK_ERROR(author.get(api("/posts/%1").arg(id)), 404);
    CHECK_ERROR(other.get(api("/posts/%1").arg(id)), 404);
    CHECK_ERROR(other.get(api("/posts/%1/comments").arg(id)), 404);
    CHECK_ERROR(other.post(api("/posts/%1/comments").arg(id), QJsonObject{{"content", "late"}}),
                404);
    CHECK_ERROR(other.put(api("/posts/%1/like").arg(id)), 404);
    CHECK_ERROR(other.get(api("/comments/%1/replies").arg(commentId)), 404);
    QVERIFY(!ids(other.get(api("/timeline?scope=all&limit=50")).items()).contains(id));
    QVERIFY(!ids(other.get(api("/timeline?scope=user&uid=10001&limit=50")).items()).contains(id));

    // A moderator may delete anyone's post.
    const qint64 id2 = newPost(other, QStringLiteral("deleted by a moderator"));
    QVERIFY(id2 > 0);
    CHECK_ERROR(author.del(api("/posts/%1").arg(id2)), 403);
    CHECK_STATUS(as("moderator").del(api("/posts/%1").arg(id2)), 204);
    CHECK_ERROR(other.get(api("/posts/%1").arg(id2)), 404);
}

void TestServerApi::samplePost90012()
{
    const QJsonObject p = getPost(as("zhangsan"), 90012, 5);
    QVERIFY(!p.isEmpty());
    QCOMPARE(num(p, "id"), qint64(90012));
    QCOMPARE(p.value("content").toString(), QStringLiteral("这是一个带9张图片的动态"));
    QCOMPARE(p.value("device").toString(), QStringLiteral("红米 6"));
    QCOMPARE(p.value("category").toString(), QStringLiteral("PICTURE"));
    QCOMPARE(uidOf(p.value("author")), qint64(10003));
    QCOMPARE(p.value("author").toObject().value("nickName").toString(), QStringLiteral("王五"));

    // Nine pictures, generated locally and served from /media without a token.
    const QJsonArray pictures = p.value("pictureUrls").toArray();
    QCOMPARE(pictures.size(), 9);
    for (const QJsonValue &v : pictures) {
        const QString url = v.toString();
        QVERIFY2(url.startsWith("/api/v1/media/"), qPrintable(url));
    }
    const HttpResult pic = anon()->get(pictures.at(0).toString());
    CHECK_STATUS(pic, 200);
    QVERIFY(pic.header("Content-Type").startsWith("image/"));
    QVERIFY(!QImage::fromData(pic.body).isNull());
    const QString headImg = p.value("author").toObject().value("headImg").toString();
    QVERIFY2(headImg.startsWith("/") || headImg.startsWith("http"), qPrintable(headImg));

    // Distinct likers, counted from the data.
    const QJsonArray likes = p.value("likes").toArray();
    QSet<qint64> likers;
    for (const QJsonValue &v : likes)
        likers << uidOf(v.toObject().value("user"));
    QCOMPARE(likers.size(), likes.size());
    QCOMPARE(likes.size(), 3);
    QCOMPARE(num(p, "likeCount"), qint64(3));

    // Its comments 500011–500013.
    QCOMPARE(num(p, "commentCount"), qint64(3));
    QList<qint64> commentIds = ids(p.value("comments").toArray());
    std::sort(commentIds.begin(), commentIds.end());
    QCOMPARE(commentIds, (QList<qint64>{500011, 500012, 500013}));
    QCOMPARE(newestFirstViolation(objects(p.value("comments").toArray())), qsizetype(-1));
    for (const QJsonValue &v : p.value("comments").toArray())
        QCOMPARE(v.toObject().value("content").toString(),
                 QStringLiteral("这是一个回复678ijnfdsf"));
}

// --- comments ----------------------------------------------------------------------------------

void TestServerApi::commentFloorsAndReplies()
{
    Client &owner = as("wangwu");
    Client &zhang = as("zhangsan");
    Client &li = as("lisi");
    Client &ma = as("mazi");
    const qint64 post = newPost(owner, QStringLiteral("floors and replies"));
    QVERIFY(post > 0);

    // Roots open floors 1, 2, 3.
    QList<QJsonObject> roots;
    for (int i = 1; i <= 3; ++i) {
        QJsonObject c;
        QVERIFY(newComment(zhang, post, QStringLiteral("floor %1").arg(i), 0, &c) > 0);
        QCOMPARE(num(c, "postId"), post);
        QCOMPARE(num(c, "rootId"), qint64(0));
        QCOMPARE(num(c, "parentId"), qint64(0));
        QCOMPARE(num(c, "floor"), qint64(i));
        QCOMPARE(num(c, "seq"), qint64(0));
        QVERIFY(c.contains("replyTo"));
        QVERIFY(c.value("replyTo").isNull());
        QCOMPARE(uidOf(c.value("author")), qint64(10001));
        QCOMPARE(c.value("content").toString(), QStringLiteral("floor %1").arg(i));
        QCOMPARE(num(c, "likeCount"), qint64(0));
        QCOMPARE(num(c, "opposeCount"), qint64(0));
        QCOMPARE(num(c, "score"), qint64(0));
        QCOMPARE(num(c, "replyCount"), qint64(0));
        QCOMPARE(c.value("liked").toBool(true), false);
        QCOMPARE(c.value("opposed").toBool(true), false);
        QCOMPARE(c.value("status").toString(), QStringLiteral("visible"));
        QVERIFY(num(c, "createtime") > 0);
        roots << c;
    }
    const qint64 root1 = num(roots[0], "id");

    // Replies in floor 1: to the root, then to a reply.
    QJsonObject a, b, c3;
    QVERIFY(newComment(li, post, "reply to the root", root1, &a) > 0);
    QCOMPARE(num(a, "rootId"), root1);
    QCOMPARE(num(a, "parentId"), root1);
    QCOMPARE(num(a, "floor"), qint64(1));
    QCOMPARE(num(a, "seq"), qint64(1));
    QCOMPARE(uidOf(a.value("replyTo")), qint64(10001));
    QCOMPARE(a.value("replyTo").toObject().value("nickName").toString(), QStringLiteral("张三"));

    QVERIFY(newComment(ma, post, "reply to the reply", num(a, "id"), &b) > 0);
    QCOMPARE(num(b, "rootId"), root1);
    QCOMPARE(num(b, "parentId"), num(a, "id"));
    QCOMPARE(num(b, "floor"), qint64(1));
    QCOMPARE(num(b, "seq"), qint64(2));
    QCOMPARE(uidOf(b.value("replyTo")), qint64(10002));

    // A reply in floor 2 starts its own seq.
    QJsonObject f2;
    QVERIFY(newComment(li, post, "floor 2 reply", num(roots[1], "id"), &f2) > 0);
    QCOMPARE(num(f2, "floor"), qint64(2));
    QCOMPARE(num(f2, "seq"), qint64(1));

    // replyCount: the root counts its floor, a reply its direct replies.
    QVERIFY(newComment(zhang, post, "third in floor 1", num(b, "id"), &c3) > 0);
    QCOMPARE(num(c3, "seq"), qint64(3));
    QCOMPARE(uidOf(c3.value("replyTo")), qint64(10004));
    {
        const HttpResult r = li.get(api("/posts/%1/comments?replies=20").arg(post));
        CHECK_STATUS(r, 200);
        const QList<QJsonObject> rs = objects(r.obj().value("roots").toArray());
        QCOMPARE(rs.size(), 3);
        QCOMPARE(num(rs[0], "replyCount"), qint64(3));
        QCOMPARE(num(rs[1], "replyCount"), qint64(1));
        QCOMPARE(num(rs[2], "replyCount"), qint64(0));
        QHash<qint64, QJsonObject> replies;
        for (const QJsonObject &o : objects(r.obj().value("replies").toArray()))
            replies.insert(num(o, "id"), o);
        QCOMPARE(replies.size(), 4);
        QCOMPARE(num(replies.value(num(a, "id")), "replyCount"), qint64(1));
        QCOMPARE(num(replies.value(num(b, "id")), "replyCount"), qint64(1));
        QCOMPARE(num(replies.value(num(c3, "id")), "replyCount"), qint64(0));
        QCOMPARE(num(getPost(li, post), "commentCount"), qint64(7));
    }

    // seq is never reused: delete the newest reply, the next reply gets 4, not 3.
    CHECK_STATUS(zhang.del(api("/comments/%1").arg(num(c3, "id"))), 204);
    QJsonObject d;
    QVERIFY(newComment(li, post, "after a delete", root1, &d) > 0);
    QCOMPARE(num(d, "seq"), qint64(4));
    // Floors are never reused either: delete floor 3, the next root opens floor 4.
    CHECK_STATUS(zhang.del(api("/comments/%1").arg(num(roots[2], "id"))), 204);
    QJsonObject r4;
    QVERIFY(newComment(ma, post, "a new floor", 0, &r4) > 0);
    QCOMPARE(num(r4, "floor"), qint64(4));

    // The floor's replies in seq order, with the gap.
    const HttpResult rr = li.get(api("/comments/%1/replies").arg(root1));
    CHECK_STATUS(rr, 200);
    QList<qint64> seqs;
    for (const QJsonObject &o : objects(rr.items()))
        seqs << num(o, "seq");
    QCOMPARE(seqs, (QList<qint64>{1, 2, 4}));
    QVERIFY(rr.obj().value("next").isNull());
}

void TestServerApi::commentValidation_data()
{
    QTest::addColumn<QByteArray>("body"); // %OTHER% / %DELETED% / %ROOT% are filled in
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("field");

    auto content = [](const QString &s) {
        return QJsonDocument(QJsonObject{{"content", s}}).toJson(QJsonDocument::Compact);
    };
    QTest::newRow("one character") << content("x") << 201 << "";
    QTest::newRow("empty") << content("") << 422 << "content";
    QTest::newRow("white space only") << content(" \t\n\r  ") << 422 << "content";
    QTest::newRow("500 ascii") << content(QString(500, u'a')) << 201 << "";
    QTest::newRow("501 ascii") << content(QString(501, u'a')) << 422 << "content";
    QTest::newRow("500 emoji") << content(repeatCp(U'\U0001F600', 500)) << 201 << "";
    QTest::newRow("501 emoji") << content(repeatCp(U'\U0001F600', 501)) << 422 << "content";
    QTest::newRow("500 after trimming")
        << content("   " + QString(500, u'z') + "\n\n ") << 201 << "";
    QTest::newRow("content: 5") << QByteArray(R"({"content":5})") << 400 << "";
    QTest::newRow("parentId: string")
        << QByteArray(R"({"content":"x","parentId":"abc"})") << 400 << "";
    QTest::newRow("reply to the root")
        << QByteArray(R"({"content":"x","parentId":%ROOT%})") << 201 << "";
    QTest::newRow("parentId of another post")
        << QByteArray(R"({"content":"x","parentId":%OTHER%})") << 422 << "parentId";
    QTest::newRow("parentId unknown")
        << QByteArray(R"({"content":"x","parentId":987654321})") << 422 << "parentId";
    QTest::newRow("parentId deleted")
        << QByteArray(R"({"content":"x","parentId":%DELETED%})") << 422 << "parentId";
    QTest::newRow("parentId negative")
        << QByteArray(R"({"content":"x","parentId":-5})") << 422 << "parentId";
}

void TestServerApi::commentValidation()
{
    QFETCH(QByteArray, body);
    QFETCH(int, status);
    QFETCH(QString, field);
    static qint64 root = 0;
    if (!m_validationPostId) {
        m_validationPostId = newPost(as("wangwu"), QStringLiteral("comment validation"));
        QVERIFY(m_validationPostId > 0);
        root = newComment(as("lisi"), m_validationPostId, "the root");
        QVERIFY(root > 0);
        const qint64 other = newPost(as("wangwu"), QStringLiteral("another post"));
        m_otherPostCommentId = newComment(as("lisi"), other, "on another post");
        QVERIFY(m_otherPostCommentId > 0);
        m_deletedCommentId = newComment(as("lisi"), m_validationPostId, "deleted", root);
        QVERIFY(m_deletedCommentId > 0);
        CHECK_STATUS(as("lisi").del(api("/comments/%1").arg(m_deletedCommentId)), 204);
    }
    body.replace("%OTHER%", QByteArray::number(m_otherPostCommentId));
    body.replace("%DELETED%", QByteArray::number(m_deletedCommentId));
    body.replace("%ROOT%", QByteArray::number(root));

    Client &c = as("mazi");
    const qint64 countBefore = num(getPost(c, m_validationPostId), "commentCount");
    const HttpResult r = c.raw("POST", api("/posts/%1/comments").arg(m_validationPostId), body,
                               {{"Content-Type", "application/json"}});
    const qint64 countAfter = num(getPost(c, m_validationPostId), "commentCount");
    if (status == 201) {
        CHECK_STATUS(r, 201);
        QCOMPARE(countAfter, countBefore + 1);
        const QString sent = QJsonDocument::fromJson(body).object().value("content").toString();
        QCOMPARE(r.obj().value("content").toString().trimmed(), sent.trimmed());
        return;
    }
    if (status == 422)
        CHECK_INVALID(r, field.toLatin1().constData());
    else
        CHECK_ERROR(r, status);
    QCOMPARE(countAfter, countBefore);
}

void TestServerApi::commentPaging()
{
    Client &c = as("zhangsan");
    Client &reader = as("maliu");
    const qint64 post = newPost(as("wangwu"), QStringLiteral("paging floors"));
    QVERIFY(post > 0);
    QList<qint64> roots;
    for (int i = 1; i <= 5; ++i)
        roots << newComment(c, post, QStringLiteral("root %1").arg(i));
    QVERIFY(!roots.contains(0));
    // Floor 2: 7 replies; floor 4: 25 replies (some to replies).
    QList<qint64> replies2, replies4;
    for (int i = 1; i <= 7; ++i)
        replies2 << newComment(as("lisi"), post, QStringLiteral("2.%1").arg(i), roots[1]);
    for (int i = 1; i <= 25; ++i)
        replies4 << newComment(as(i % 2 ? "mazi" : "qianqi"), post, QStringLiteral("4.%1").arg(i),
                               i % 3 == 0 ? replies4.last() : roots[3]);
    QVERIFY(!replies2.contains(0) && !replies4.contains(0));
    QCOMPARE(num(getPost(reader, post), "commentCount"), qint64(5 + 7 + 25));

    auto fetch = [&](const QString &query) {
        return reader.get(api("/posts/%1/comments").arg(post) + query);
    };
    auto floorsOf = [](const HttpResult &r) {
        QList<qint64> f;
        for (const QJsonObject &o : objects(r.obj().value("roots").toArray()))
            f << num(o, "floor");
        return f;
    };
    auto repliesOf = [](const HttpResult &r, qint64 root) {
        QList<qint64> seqs;
        for (const QJsonObject &o : objects(r.obj().value("replies").toArray()))
            if (num(o, "rootId") == root)
                seqs << num(o, "seq");
        return seqs;
    };

    // Default: after 0, all five floors, three replies each, next null.
    HttpResult r = fetch("");
    CHECK_STATUS(r, 200);
    QCOMPARE(floorsOf(r), (QList<qint64>{1, 2, 3, 4, 5}));
    QCOMPARE(num(r.obj(), "totalRoots"), qint64(5));
    QVERIFY(r.obj().contains("next"));
    QVERIFY(r.obj().value("next").isNull());
    QCOMPARE(repliesOf(r, roots[0]), QList<qint64>{});
    QCOMPARE(repliesOf(r, roots[1]), (QList<qint64>{1, 2, 3}));
    QCOMPARE(repliesOf(r, roots[3]), (QList<qint64>{1, 2, 3}));
    QCOMPARE(r.obj().value("replies").toArray().size(), 6);
    QCOMPARE(num(objects(r.obj().value("roots").toArray())[1], "replyCount"), qint64(7));
    QCOMPARE(num(objects(r.obj().value("roots").toArray())[3], "replyCount"), qint64(25));

    // Pages of two floors: next is the last floor on the page.
    r = fetch("?limit=2");
    QCOMPARE(floorsOf(r), (QList<qint64>{1, 2}));
    QCOMPARE(num(r.obj(), "next"), qint64(2));
    QCOMPARE(num(r.obj(), "totalRoots"), qint64(5));
    r = fetch("?after=2&limit=2");
    QCOMPARE(floorsOf(r), (QList<qint64>{3, 4}));
    QCOMPARE(num(r.obj(), "next"), qint64(4));
    QCOMPARE(repliesOf(r, roots[3]), (QList<qint64>{1, 2, 3}));
    r = fetch("?after=4&limit=2");
    QCOMPARE(floorsOf(r), (QList<qint64>{5}));
    QVERIFY(r.obj().value("next").isNull());
    r = fetch("?after=5");
    CHECK_STATUS(r, 200);
    QCOMPARE(floorsOf(r), QList<qint64>{});
    QVERIFY(r.obj().value("next").isNull());
    // Exactly full last page: next null as well.
    r = fetch("?after=0&limit=5");
    QCOMPARE(floorsOf(r).size(), 5);
    QVERIFY(r.obj().value("next").isNull());
    // The floor limit is clamped at 200, not an error.
    r = fetch("?limit=100000");
    CHECK_STATUS(r, 200);
    QCOMPARE(floorsOf(r).size(), 5);

    // replies=R: 0, 5, 20; above 20 clamped.
    QCOMPARE(repliesOf(fetch("?replies=0"), roots[3]), QList<qint64>{});
    QCOMPARE(repliesOf(fetch("?replies=5"), roots[3]), (QList<qint64>{1, 2, 3, 4, 5}));
    QCOMPARE(repliesOf(fetch("?replies=5"), roots[1]), (QList<qint64>{1, 2, 3, 4, 5}));
    QList<qint64> first20;
    for (int i = 1; i <= 20; ++i)
        first20 << i;
    QCOMPARE(repliesOf(fetch("?replies=20"), roots[3]), first20);
    QCOMPARE(repliesOf(fetch("?replies=21"), roots[3]), first20);
    QCOMPARE(repliesOf(fetch("?replies=500"), roots[3]), first20);
    QCOMPARE(repliesOf(fetch("?replies=500"), roots[1]), (QList<qint64>{1, 2, 3, 4, 5, 6, 7}));

    // The rest of a floor: /comments/{root}/replies by seq.
    auto seqsOf = [](const HttpResult &res) {
        QList<qint64> s;
        for (const QJsonObject &o : objects(res.items()))
            s << num(o, "seq");
        return s;
    };
    const QString repliesPath = api("/comments/%1/replies").arg(roots[3]);
    r = reader.get(repliesPath);
    CHECK_STATUS(r, 200);
    QCOMPARE(seqsOf(r), first20); // default limit 20
    QCOMPARE(num(r.obj(), "next"), qint64(20));
    r = reader.get(repliesPath + "?after=3&limit=10");
    QCOMPARE(seqsOf(r), (QList<qint64>{4, 5, 6, 7, 8, 9, 10, 11, 12, 13}));
    QCOMPARE(num(r.obj(), "next"), qint64(13));
    for (const QJsonObject &o : objects(r.items())) {
        QCOMPARE(num(o, "rootId"), roots[3]);
        QCOMPARE(num(o, "floor"), qint64(4));
        QCOMPARE(num(o, "postId"), post);
    }
    r = reader.get(repliesPath + "?after=20&limit=10");
    QCOMPARE(seqsOf(r), (QList<qint64>{21, 22, 23, 24, 25}));
    QVERIFY(r.obj().value("next").isNull());
    r = reader.get(repliesPath + "?after=15&limit=10"); // exactly the rest
    QCOMPARE(seqsOf(r).size(), 10);
    QVERIFY(r.obj().value("next").isNull());
    r = reader.get(repliesPath + "?limit=100000"); // clamped at 200
    CHECK_STATUS(r, 200);
    QCOMPARE(seqsOf(r).size(), 25);
    QVERIFY(r.obj().value("next").isNull());
    QString error;
    const QList<QJsonObject> all = allReplies(reader, roots[3], 4, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(ids(all), replies4);
    // The replies endpoint wants a root: for a reply it is 404 (or an empty floor), and an
    // unknown comment is 404.
    CHECK_ERROR(reader.get(api("/comments/%1/replies").arg(kUnknownId)), 404);
}

void TestServerApi::commentPagingBusyPost()
{
    Client &c = as("tingtamen");
    const QJsonObject post = getPost(c, m_busyPostId);
    QVERIFY(!post.isEmpty());
    QCOMPARE(num(post, "commentCount"), qint64(1800));

    QString error;
    qint64 totalRoots = -1;
    const QList<QJsonObject> roots = allRoots(c, m_busyPostId, 37, &error, &totalRoots);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(totalRoots, qint64(200));
    QCOMPARE(roots.size(), 200);
    // Every comment is a floor or a reply in one: the counts add up.
    qint64 sum = 0;
    qint64 deepest = 0, deepestRoot = 0;
    for (const QJsonObject &root : roots) {
        QCOMPARE(num(root, "rootId"), qint64(0));
        QCOMPARE(num(root, "postId"), m_busyPostId);
        sum += 1 + num(root, "replyCount");
        if (num(root, "replyCount") > deepest) {
            deepest = num(root, "replyCount");
            deepestRoot = num(root, "id");
        }
    }
    QCOMPARE(sum, qint64(1800));

    // One page of 200 floors (the maximum) with all of them.
    const HttpResult r = c.get(api("/posts/%1/comments?limit=200&replies=20").arg(m_busyPostId));
    CHECK_STATUS(r, 200);
    QCOMPARE(r.obj().value("roots").toArray().size(), 200);
    QVERIFY(r.obj().value("next").isNull());
    // Each root's page replies: min(replyCount, 20) of the earliest, in seq order.
    QHash<qint64, QList<qint64>> seqs;
    bool replyToReply = false;
    for (const QJsonObject &o : objects(r.obj().value("replies").toArray())) {
        seqs[num(o, "rootId")] << num(o, "seq");
        replyToReply = replyToReply || num(o, "parentId") != num(o, "rootId");
    }
    QVERIFY2(replyToReply, "the busy post has replies to replies");
    for (const QJsonObject &root : objects(r.obj().value("roots").toArray())) {
        const QList<qint64> s = seqs.value(num(root, "id"));
        QCOMPARE(s.size(), qMin<qint64>(20, num(root, "replyCount")));
        for (qsizetype i = 1; i < s.size(); ++i)
            QVERIFY(s[i] > s[i - 1]);
    }
    // The largest floor, paged in full.
    const QList<QJsonObject> replies = allReplies(c, deepestRoot, 3, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(replies.size(), deepest);
}

void TestServerApi::commentOrderBest()
{
    const qint64 post = newPost(as("wangwu"), QStringLiteral("best comments"));
    QVERIFY(post > 0);
    QList<qint64> r; // floors 1..5
    for (int i = 1; i <= 5; ++i)
        r << newComment(as("zhangsan"), post, QStringLiteral("floor %1").arg(i));
    QVERIFY(!r.contains(0));
    // floor 3: 2 likes (4); floor 1: 1 like (2); floors 4 and 5: nothing (0); floor 2: 1 oppose
    // (-1)
    CHECK_STATUS(as("lisi").put(api("/comments/%1/like").arg(r[2])), 200);
    CHECK_STATUS(as("mazi").put(api("/comments/%1/like").arg(r[2])), 200);
    CHECK_STATUS(as("lisi").put(api("/comments/%1/like").arg(r[0])), 200);
    CHECK_STATUS(as("lisi").put(api("/comments/%1/oppose").arg(r[1])), 200);
    // Floor 5 gets a like and an oppose from two users: 2 - 1 = 1.
    CHECK_STATUS(as("qianqi").put(api("/comments/%1/like").arg(r[4])), 200);
    CHECK_STATUS(as("maliu").put(api("/comments/%1/oppose").arg(r[4])), 200);
    const QList<qint64> expected = {r[2], r[0], r[4], r[3], r[1]};
    const QList<qint64> scores = {4, 2, 1, 0, -1};

    Client &reader = as("tingtamen");
    HttpResult page = reader.get(api("/posts/%1/comments?order=best").arg(post));
    CHECK_STATUS(page, 200);
    QCOMPARE(ids(page.obj().value("roots").toArray()), expected);
    QList<qint64> gotScores;
    for (const QJsonObject &o : objects(page.obj().value("roots").toArray()))
        gotScores << num(o, "score");
    QCOMPARE(gotScores, scores);
    QVERIFY(page.obj().value("next").isNull());
    QCOMPARE(num(page.obj(), "totalRoots"), qint64(5));

    // Paged by the opaque `before` cursor.
    QList<qint64> paged;
    QString cursor;
    for (int i = 0; i < 10; ++i) {
        QString path = api("/posts/%1/comments?order=best&limit=2").arg(post);
        if (!cursor.isEmpty())
            path += "&before=" + QString::fromLatin1(QUrl::toPercentEncoding(cursor));
        page = reader.get(path);
        CHECK_STATUS(page, 200);
        QVERIFY(page.obj().contains("next"));
        paged += ids(page.obj().value("roots").toArray());
        if (page.obj().value("next").isNull())
            break;
        QVERIFY(page.obj().value("next").isString());
        cursor = page.obj().value("next").toString();
    }
    QCOMPARE(paged, expected);

    // Ties by floor: floor 4 now also scores 1 (a like and an oppose) and comes before floor 5.
    CHECK_STATUS(as("qianqi").put(api("/comments/%1/like").arg(r[3])), 200);
    CHECK_STATUS(as("maliu").put(api("/comments/%1/oppose").arg(r[3])), 200);
    page = reader.get(api("/posts/%1/comments?order=best").arg(post));
    QCOMPARE(ids(page.obj().value("roots").toArray()),
             (QList<qint64>{r[2], r[0], r[3], r[4], r[1]}));
}

void TestServerApi::commentCountsAndDeletes()
{
    Client &owner = as("wangwu");
    Client &zhang = as("zhangsan");
    Client &li = as("lisi");
    Client &ma = as("mazi");
    Client &stranger = as("qianqi");
    const qint64 post = newPost(owner, QStringLiteral("counts and deletes"));
    QVERIFY(post > 0);
    const qint64 A = newComment(zhang, post, "A");
    const qint64 A1 = newComment(li, post, "A1", A);
    const qint64 A2 = newComment(ma, post, "A2", A1);
    const qint64 B = newComment(li, post, "B");
    const qint64 B1 = newComment(zhang, post, "B1", B);
    QVERIFY(A && A1 && A2 && B && B1);

    auto count = [&] { return num(getPost(stranger, post), "commentCount"); };
    auto rootsPage = [&] { return stranger.get(api("/posts/%1/comments?replies=20").arg(post)); };
    auto replyCountOf = [](const HttpResult &r, qint64 id) {
        for (const QJsonValue &v : r.obj().value("roots").toArray())
            if (idOf(v) == id)
                return num(v.toObject(), "replyCount");
        for (const QJsonValue &v : r.obj().value("replies").toArray())
            if (idOf(v) == id)
                return num(v.toObject(), "replyCount");
        return qint64(-1);
    };
    QCOMPARE(count(), qint64(5));
    HttpResult page = rootsPage();
    QCOMPARE(replyCountOf(page, A), qint64(2));
    QCOMPARE(replyCountOf(page, A1), qint64(1));
    QCOMPARE(replyCountOf(page, A2), qint64(0));
    QCOMPARE(replyCountOf(page, B), qint64(1));

    // Who may delete: the author, the post's author, a moderator — not a stranger.
    CHECK_ERROR(stranger.del(api("/comments/%1").arg(A2)), 403);
    CHECK_ERROR(li.del(api("/comments/%1").arg(A2)), 403); // the parent's author is no one special
    QCOMPARE(count(), qint64(5));
    CHECK_STATUS(ma.del(api("/comments/%1").arg(A2)), 204); // its author
    CHECK_STATUS(ma.del(api("/comments/%1").arg(A2)), 204); // again: 204, nothing more
    QCOMPARE(count(), qint64(4));
    page = rootsPage();
    QCOMPARE(replyCountOf(page, A), qint64(1));
    QCOMPARE(replyCountOf(page, A1), qint64(0));
    QCOMPARE(replyCountOf(page, A2), qint64(-1)); // gone from the list

    CHECK_STATUS(owner.del(api("/comments/%1").arg(B1)), 204); // the post's author
    QCOMPARE(count(), qint64(3));
    QCOMPARE(replyCountOf(rootsPage(), B), qint64(0));

    // Deleting a root deletes its floor.
    CHECK_STATUS(zhang.del(api("/comments/%1").arg(A)), 204);
    QCOMPARE(count(), qint64(1));
    page = rootsPage();
    QCOMPARE(ids(page.obj().value("roots").toArray()), QList<qint64>{B});
    QCOMPARE(page.obj().value("replies").toArray().size(), 0);
    QCOMPARE(num(page.obj(), "totalRoots"), qint64(1));
    CHECK_ERROR(stranger.get(api("/comments/%1/replies").arg(A)), 404);
    CHECK_INVALID(stranger.post(api("/posts/%1/comments").arg(post),
                                QJsonObject{{"content", "to a deleted floor"}, {"parentId", A1}}),
                  "parentId");
    CHECK_ERROR(stranger.put(api("/comments/%1/like").arg(A1)), 404);
    const QJsonObject p = getPost(stranger, post, 5);
    QCOMPARE(ids(p.value("comments").toArray()), QList<qint64>{B});
    // Deleting a reply of a deleted floor again: 204 for its author, and the count stays.
    CHECK_STATUS(li.del(api("/comments/%1").arg(A1)), 204);
    QCOMPARE(count(), qint64(1));

    // A moderator deletes the last one.
    CHECK_STATUS(as("moderator").del(api("/comments/%1").arg(B)), 204);
    QCOMPARE(count(), qint64(0));
    page = rootsPage();
    QCOMPARE(page.obj().value("roots").toArray().size(), 0);
    QCOMPARE(num(page.obj(), "totalRoots"), qint64(0));
    QVERIFY(page.obj().value("next").isNull());
    // The next root still opens a new floor number.
    QJsonObject c;
    QVERIFY(newComment(stranger, post, "after all that", 0, &c) > 0);
    QCOMPARE(num(c, "floor"), qint64(3));
    QCOMPARE(count(), qint64(1));
}

// --- likes, votes, views -----------------------------------------------------------------------

void TestServerApi::postLikes()
{
    Client &zhang = as("zhangsan");
    Client &li = as("lisi");
    const qint64 post = newPost(as("wangwu"), QStringLiteral("likes are a set"));
    QVERIFY(post > 0);
    const QString like = api("/posts/%1/like").arg(post);

    for (int i = 0; i < 2; ++i) {
        const HttpResult r = zhang.put(like);
        CHECK_STATUS(r, 200);
        QCOMPARE(r.obj().value("liked").toBool(), true);
        QCOMPARE(num(r.obj(), "likeCount"), qint64(1));
    }
    QJsonObject p = getPost(zhang, post);
    QCOMPARE(p.value("liked").toBool(), true);
    QCOMPARE(num(p, "likeCount"), qint64(1));
    QCOMPARE(p.value("likes").toArray().size(), 1);
    QCOMPARE(uidOf(p.value("likes").toArray().at(0).toObject().value("user")), qint64(10001));
    p = getPost(li, post);
    QCOMPARE(p.value("liked").toBool(true), false); // per caller
    QCOMPARE(num(p, "likeCount"), qint64(1));

    HttpResult r = li.put(like);
    QCOMPARE(num(r.obj(), "likeCount"), qint64(2));
    for (int i = 0; i < 2; ++i) {
        r = zhang.del(like);
        CHECK_STATUS(r, 200);
        QCOMPARE(r.obj().value("liked").toBool(true), false);
        QCOMPARE(num(r.obj(), "likeCount"), qint64(1));
    }
    p = getPost(zhang, post);
    QCOMPARE(p.value("liked").toBool(true), false);
    QCOMPARE(num(p, "likeCount"), qint64(1));
    // The timeline carries the same computed values.
    const HttpResult tl = li.get(api("/timeline?scope=user&uid=10003&limit=50"));
    bool found = false;
    for (const QJsonObject &o : objects(tl.items())) {
        if (num(o, "id") == post) {
            found = true;
            QCOMPARE(num(o, "likeCount"), qint64(1));
            QCOMPARE(o.value("liked").toBool(), true);
        }
    }
    QVERIFY(found);

    // The hot post's likes: at most 20, one per user, the newest first.
    const QJsonObject hot = getPost(zhang, m_hotPostId);
    const QList<QJsonObject> likes = objects(hot.value("likes").toArray());
    QVERIFY(likes.size() <= 20);
    QVERIFY(num(hot, "likeCount") >= likes.size());
    QSet<qint64> users;
    for (const QJsonObject &l : likes)
        users << uidOf(l.value("user"));
    QCOMPARE(users.size(), likes.size());
    QCOMPARE(newestFirstViolation(likes), qsizetype(-1));
}

void TestServerApi::postLikesListPaging()
{
    const qint64 post = newPost(as("wangwu"), QStringLiteral("likers"));
    QVERIFY(post > 0);
    const QStringList order = {"zhangsan", "lisi", "mazi", "tingtamen", "qianqi"};
    for (const QString &u : order)
        CHECK_STATUS(as(u).put(api("/posts/%1/like").arg(post)), 200);
    // Unlike and like again: lisi becomes the newest liker.
    CHECK_STATUS(as("lisi").del(api("/posts/%1/like").arg(post)), 200);
    CHECK_STATUS(as("lisi").put(api("/posts/%1/like").arg(post)), 200);
    const QList<qint64> expected = {10002, 10006, 10005, 10004, 10001};

    Client &reader = as("maliu");
    QString error;
    const QList<QJsonObject> likes =
        pageBefore(reader, api("/posts/%1/likes").arg(post), 2, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QList<qint64> users;
    for (const QJsonObject &l : likes) {
        users << uidOf(l.value("user"));
        QCOMPARE(num(l, "postId"), post);
        QVERIFY(num(l, "id") > 0);
        QVERIFY(num(l, "createtime") > 0);
        QVERIFY(l.value("user").toObject().value("nickName").isString());
    }
    QCOMPARE(users, expected);
    QCOMPARE(newestFirstViolation(likes), qsizetype(-1));
    // The same order inline in the post.
    QList<qint64> inlineUsers;
    const QJsonObject p = getPost(reader, post);
    for (const QJsonValue &v : p.value("likes").toArray())
        inlineUsers << uidOf(v.toObject().value("user"));
    QCOMPARE(inlineUsers, expected);
    QCOMPARE(num(p, "likeCount"), qint64(5));
    // Default page: all five, next null.
    const HttpResult all = reader.get(api("/posts/%1/likes").arg(post));
    CHECK_STATUS(all, 200);
    QCOMPARE(all.items().size(), 5);
    QVERIFY(all.obj().contains("next"));
    QVERIFY(all.obj().value("next").isNull());
}

void TestServerApi::commentVotes()
{
    const qint64 post = newPost(as("wangwu"), QStringLiteral("votes"));
    const qint64 c = newComment(as("wangwu"), post, "vote on me");
    QVERIFY(post > 0 && c > 0);
    const QString like = api("/comments/%1/like").arg(c);
    const QString oppose = api("/comments/%1/oppose").arg(c);
    Client &zhang = as("zhangsan");

    auto check = [&](const HttpResult &r, bool liked, qint64 likes, bool opposed, qint64 opposes) {
        CHECK_STATUS(r, 200);
        const QJsonObject o = r.obj();
        QCOMPARE(o.value("liked").toBool(!liked), liked);
        QCOMPARE(num(o, "likeCount"), likes);
        QCOMPARE(o.value("opposed").toBool(!opposed), opposed);
        QCOMPARE(num(o, "opposeCount"), opposes);
        QCOMPARE(num(o, "score"), 2 * likes - opposes);
    };
    check(zhang.put(like), true, 1, false, 0);
    if (QTest::currentTestFailed())
        return;
    check(zhang.put(like), true, 1, false, 0);   // a set
    check(zhang.put(oppose), false, 0, true, 1); // opposing removes my like
    check(zhang.put(oppose), false, 0, true, 1);
    check(zhang.put(like), true, 1, false, 0);   // liking removes my oppose
    check(zhang.del(oppose), true, 1, false, 0); // nothing to remove
    check(zhang.del(like), false, 0, false, 0);
    check(zhang.del(like), false, 0, false, 0);
    if (QTest::currentTestFailed())
        return;

    // Several users: 2 likes, 1 oppose → score 3.
    check(zhang.put(like), true, 1, false, 0);
    check(as("lisi").put(like), true, 2, false, 0);
    check(as("mazi").put(oppose), false, 2, true, 1);
    if (QTest::currentTestFailed())
        return;
    // Per caller in the thread.
    auto seen = [&](Client &who) {
        const HttpResult r = who.get(api("/posts/%1/comments").arg(post));
        return objects(r.obj().value("roots").toArray()).value(0);
    };
    QJsonObject o = seen(zhang);
    QCOMPARE(o.value("liked").toBool(), true);
    QCOMPARE(o.value("opposed").toBool(true), false);
    QCOMPARE(num(o, "score"), qint64(3));
    QCOMPARE(num(o, "likeCount"), qint64(2));
    QCOMPARE(num(o, "opposeCount"), qint64(1));
    o = seen(as("mazi"));
    QCOMPARE(o.value("liked").toBool(true), false);
    QCOMPARE(o.value("opposed").toBool(), true);
    o = seen(as("qianqi"));
    QCOMPARE(o.value("liked").toBool(true), false);
    QCOMPARE(o.value("opposed").toBool(true), false);
    // The inline comments of the post say the same.
    const QJsonObject p = getPost(zhang, post);
    QCOMPARE(p.value("comments").toArray().at(0).toObject().value("liked").toBool(), true);
    QCOMPARE(num(p.value("comments").toArray().at(0).toObject(), "score"), qint64(3));
    // Votes on comments do not count as post likes.
    QCOMPARE(num(p, "likeCount"), qint64(0));
}

void TestServerApi::views()
{
    const qint64 post = newPost(as("wangwu"), QStringLiteral("viewed by all"));
    QVERIFY(post > 0);
    const QStringList users = {"zhangsan",  "lisi",   "wangwu", "mazi",
                               "tingtamen", "qianqi", "maliu",  "moderator"};
    for (int round = 0; round < 2; ++round) {
        for (const QString &u : users) {
            const HttpResult r = as(u).post(api("/posts/%1/views").arg(post));
            CHECK_STATUS(r, 204);
            QVERIFY(r.body.isEmpty());
        }
    }
    CHECK_ERROR(as("lisi").post(api("/posts/%1/views").arg(kUnknownId)), 404);

    const HttpResult hot = as("lisi").get(api("/hot?window=day&by=views&limit=50"));
    CHECK_STATUS(hot, 200);
    const QList<QJsonObject> items = objects(hot.items());
    qsizetype at = -1;
    for (qsizetype i = 0; i < items.size(); ++i)
        if (num(items[i], "id") == post)
            at = i;
    if (at >= 0) {
        QCOMPARE(num(items[at], "viewCount"), qint64(8)); // one per user and day
    } else {
        // Only if fifty posts had more views today (ties go to the newest: this one).
        QCOMPARE(items.size(), 50);
        for (const QJsonObject &o : items)
            QVERIFY(num(o, "viewCount") > 8);
    }
}

void TestServerApi::hot_data()
{
    QTest::addColumn<QString>("window");
    QTest::addColumn<QString>("by");
    for (const char *w : {"day", "week"})
        for (const char *b : {"likes", "views"})
            QTest::addRow("%s by %s", w, b) << QString::fromLatin1(w) << QString::fromLatin1(b);
}

void TestServerApi::hot()
{
    QFETCH(QString, window);
    QFETCH(QString, by);
    Client &c = as("mazi");
    const QString base = api("/hot?window=%1&by=%2").arg(window, by);
    HttpResult r = c.get(base);
    CHECK_STATUS(r, 200);
    QVERIFY(r.obj().value("items").isArray());
    QVERIFY(r.items().size() <= 10); // default limit
    QVERIFY2(!r.obj().contains("next"), "/hot has no next");
    for (const QJsonObject &p : objects(r.items())) {
        QVERIFY(num(p, "id") > 0);
        QVERIFY2(p.value("viewCount").isDouble(), "hot posts carry viewCount");
        QVERIFY2(p.value("hotCount").isDouble(), "hot posts carry hotCount");
        QVERIFY(num(p, "hotCount") >= 1); // ranked: at least one like (or view) in the window
        // the window's count is part of all of them
        QVERIFY(num(p, "hotCount") <= num(p, by == "likes" ? "likeCount" : "viewCount"));
        QVERIFY(p.value("likeCount").isDouble());
        QVERIFY(p.value("author").isObject());
    }
    r = c.get(base + "&limit=1000");
    CHECK_STATUS(r, 200);
    QVERIFY(r.items().size() <= 50);
    QSet<qint64> seen;
    qint64 previous = std::numeric_limits<qint64>::max();
    for (const QJsonObject &p : objects(r.items())) {
        QVERIFY2(!seen.contains(num(p, "id")), "a post twice in /hot");
        seen << num(p, "id");
        QVERIFY2(num(p, "hotCount") <= previous, "ranked by hotCount, the highest first");
        previous = num(p, "hotCount");
    }
    r = c.get(base + "&limit=3");
    QVERIFY(r.items().size() <= 3);
}

void TestServerApi::hotRanking()
{
    // A (oldest) with 8 likes today, B with 7, C (newest) with 7: A first, then C before B
    // (ties newest first), for both windows.
    const QStringList users = {"zhangsan",  "lisi",   "wangwu", "mazi",
                               "tingtamen", "qianqi", "maliu",  "moderator"};
    const qint64 A = newPost(as("lisi"), QStringLiteral("hot A"));
    const qint64 B = newPost(as("lisi"), QStringLiteral("hot B"));
    const qint64 C = newPost(as("lisi"), QStringLiteral("hot C"));
    QVERIFY(A && B && C);
    for (qsizetype i = 0; i < users.size(); ++i) {
        CHECK_STATUS(as(users[i]).put(api("/posts/%1/like").arg(A)), 200);
        if (i > 0) {
            CHECK_STATUS(as(users[i]).put(api("/posts/%1/like").arg(B)), 200);
            CHECK_STATUS(as(users[i]).put(api("/posts/%1/like").arg(C)), 200);
        }
    }
    // Views: D (older) and E (newer) viewed by 3 users each; E first.
    const qint64 D = newPost(as("lisi"), QStringLiteral("hot D"));
    const qint64 E = newPost(as("lisi"), QStringLiteral("hot E"));
    QVERIFY(D && E);
    for (qsizetype i = 0; i < 3; ++i) {
        CHECK_STATUS(as(users[i]).post(api("/posts/%1/views").arg(D)), 204);
        CHECK_STATUS(as(users[i]).post(api("/posts/%1/views").arg(E)), 204);
    }

    for (const char *window : {"day", "week"}) {
        HttpResult r = as("qianqi").get(api("/hot?window=%1&by=likes&limit=50").arg(window));
        CHECK_STATUS(r, 200);
        QList<qint64> order = ids(r.items());
        const qsizetype ia = order.indexOf(A), ib = order.indexOf(B), ic = order.indexOf(C);
        if (ia >= 0 && ib >= 0 && ic >= 0) {
            QVERIFY2(ia < ic && ic < ib, idList(order).constData());
            QCOMPARE(num(objects(r.items())[ia], "likeCount"), qint64(8));
            QCOMPARE(num(objects(r.items())[ia], "hotCount"), qint64(8)); // all in the window
            QCOMPARE(num(objects(r.items())[ib], "hotCount"), qint64(7));
        } else {
            // Only possible when fifty posts got more likes in the window than these.
            QCOMPARE(order.size(), 50);
            for (const QJsonObject &o : objects(r.items()))
                QVERIFY(num(o, "likeCount") >= 7);
        }

        r = as("qianqi").get(api("/hot?window=%1&by=views&limit=50").arg(window));
        CHECK_STATUS(r, 200);
        order = ids(r.items());
        const qsizetype id = order.indexOf(D), ie = order.indexOf(E);
        if (id >= 0 && ie >= 0) {
            QVERIFY2(ie < id, idList(order).constData());
            QCOMPARE(num(objects(r.items())[ie], "viewCount"), qint64(3));
            QCOMPARE(num(objects(r.items())[ie], "hotCount"), qint64(3));
        } else {
            QCOMPARE(order.size(), 50);
            for (const QJsonObject &o : objects(r.items()))
                QVERIFY(num(o, "viewCount") >= 3);
        }
    }
}

// --- people ------------------------------------------------------------------------------------

void TestServerApi::followAndProfile()
{
    Client &me = as("maliu");
    const qint64 target = 10004; // 麻子

    QJsonObject profile = userProfile(me, target);
    QCOMPARE(num(profile, "uid"), target);
    QCOMPARE(profile.value("nickName").toString(), QStringLiteral("麻子"));
    QVERIFY(profile.value("headImg").isString());
    QVERIFY(profile.value("followers").isDouble());
    QVERIFY(profile.value("following").isDouble());
    QVERIFY(profile.value("followedByMe").isBool());
    QCOMPARE(profile.value("role").toString(), QStringLiteral("user"));
    QCOMPARE(userProfile(me, 10009).value("role").toString(), QStringLiteral("moderator"));

    // Start from "not following".
    CHECK_STATUS(me.del(api("/users/%1/follow").arg(target)), 200);
    profile = userProfile(me, target);
    QCOMPARE(profile.value("followedByMe").toBool(true), false);
    const qint64 followers = num(profile, "followers");
    const qint64 myFollowing = num(userProfile(me, 10007), "following");

    for (int i = 0; i < 2; ++i) {
        const HttpResult r = me.put(api("/users/%1/follow").arg(target));
        CHECK_STATUS(r, 200);
        QCOMPARE(r.obj().value("following").toBool(), true);
        QCOMPARE(num(r.obj(), "followers"), followers + 1);
    }
    profile = userProfile(me, target);
    QCOMPARE(profile.value("followedByMe").toBool(), true);
    QCOMPARE(num(profile, "followers"), followers + 1);
    QCOMPARE(num(userProfile(me, 10007), "following"), myFollowing + 1);
    // followedByMe is the caller's.
    Client &other = as("tingtamen");
    CHECK_STATUS(other.del(api("/users/%1/follow").arg(target)), 200);
    QCOMPARE(userProfile(other, target).value("followedByMe").toBool(true), false);

    for (int i = 0; i < 2; ++i) {
        const HttpResult r = me.del(api("/users/%1/follow").arg(target));
        CHECK_STATUS(r, 200);
        QCOMPARE(r.obj().value("following").toBool(true), false);
        QCOMPARE(num(r.obj(), "followers"), followers);
    }
    QCOMPARE(num(userProfile(me, 10007), "following"), myFollowing);

    // Myself: 422; someone unknown: 404.
    CHECK_ERROR(me.put(api("/users/10007/follow")), 422);
    QCOMPARE(num(userProfile(me, 10007), "following"), myFollowing);
    CHECK_ERROR(me.put(api("/users/%1/follow").arg(kUnknownId)), 404);
    CHECK_ERROR(me.del(api("/users/%1/follow").arg(kUnknownId)), 404);
    CHECK_ERROR(me.get(api("/users/%1").arg(kUnknownId)), 404);
}

void TestServerApi::activity()
{
    Client &me = as("tingtamen");
    Client &actor = as("qianqi");
    const qint64 actorUid = 10006;

    CHECK_STATUS(actor.del(api("/users/10004/follow")), 200);
    // I follow qianqi, and neither maliu (whose post qianqi answers) nor zhangsan.
    CHECK_STATUS(me.del(api("/users/10007/follow")), 200);
    CHECK_STATUS(me.del(api("/users/10001/follow")), 200);
    CHECK_STATUS(me.put(api("/users/%1/follow").arg(actorUid)), 200);

    // What qianqi does now: a post, a comment, a like, a follow.
    const qint64 post = newPost(actor, QStringLiteral("钱七 was here"));
    QVERIFY(post > 0);
    const qint64 target = newPost(as("maliu"), QStringLiteral("liked and commented by 钱七"));
    QVERIFY(target > 0);
    const qint64 comment = newComment(actor, target, "钱七's comment");
    QVERIFY(comment > 0);
    CHECK_STATUS(actor.put(api("/posts/%1/like").arg(target)), 200);
    CHECK_STATUS(actor.put(api("/users/10004/follow")), 200);

    HttpResult r = me.get(api("/activity?limit=4"));
    CHECK_STATUS(r, 200);
    QVERIFY(r.obj().contains("next"));
    const QList<QJsonObject> items = objects(r.items());
    QCOMPARE(items.size(), 4);
    QStringList types;
    for (const QJsonObject &a : items) {
        types << a.value("type").toString();
        QCOMPARE(uidOf(a.value("actor")), actorUid);
        QVERIFY(num(a, "id") > 0);
        QVERIFY(num(a, "createtime") > 0);
    }
    QCOMPARE(types, (QStringList{"follow", "like", "comment", "post"}));
    QCOMPARE(newestFirstViolation(items), qsizetype(-1));
    const QJsonValue targetUser = items[0].value("targetUser");
    QCOMPARE(targetUser.isObject() ? uidOf(targetUser) : targetUser.toInteger(), qint64(10004));
    QCOMPARE(num(items[1], "postId"), target);
    QCOMPARE(num(items[2], "postId"), target);
    QCOMPARE(num(items[2], "commentId"), comment);
    QCOMPARE(num(items[3], "postId"), post);

    // Only people I follow; paged by `before` without repeats.
    QHash<qint64, bool> followed;
    QString error;
    const QList<QJsonObject> all = pageBefore(me, api("/activity"), 7, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(all.size() >= 4);
    QCOMPARE(newestFirstViolation(all), qsizetype(-1));
    for (const QJsonObject &a : all) {
        const qint64 uid = uidOf(a.value("actor"));
        if (!followed.contains(uid))
            followed[uid] = userProfile(me, uid).value("followedByMe").toBool();
        QVERIFY2(followed[uid],
                 qPrintable(QStringLiteral("activity of %1, not followed").arg(uid)));
    }
    // Someone I do not follow acts: nothing new for me.
    const qint64 hidden = newPost(as("zhangsan"), QStringLiteral("not for tingtamen's activity"));
    QVERIFY(hidden > 0);
    r = me.get(api("/activity?limit=4"));
    QCOMPARE(ids(r.items()), ids(items));

    // Unfollow: "people I follow now".
    CHECK_STATUS(me.del(api("/users/%1/follow").arg(actorUid)), 200);
    r = me.get(api("/activity?limit=50"));
    CHECK_STATUS(r, 200);
    for (const QJsonObject &a : objects(r.items()))
        QVERIFY(uidOf(a.value("actor")) != actorUid);
    CHECK_STATUS(actor.del(api("/users/10004/follow")), 200);
}

// --- media -------------------------------------------------------------------------------------

void TestServerApi::mediaUpload_data()
{
    QTest::addColumn<QByteArray>("format");
    QTest::addColumn<QByteArray>("mime");
    QTest::newRow("png") << QByteArray("PNG") << QByteArray("image/png");
    QTest::newRow("jpeg") << QByteArray("JPEG") << QByteArray("image/jpeg");
    if (QImageWriter::supportedImageFormats().contains("webp"))
        QTest::newRow("webp") << QByteArray("WEBP") << QByteArray("image/webp");
}

void TestServerApi::mediaUpload()
{
    QFETCH(QByteArray, format);
    QFETCH(QByteArray, mime);
    const QByteArray bytes = imageBytes(format.constData(), 77, 64);
    QVERIFY(!bytes.isEmpty());

    const HttpResult r = as("lisi").raw("POST", api("/media"), bytes, {{"Content-Type", mime}});
    CHECK_STATUS(r, 201);
    const QString url = r.obj().value("url").toString();
    QVERIFY2(url.startsWith("/api/v1/media/"), r.describe().constData());
    const QString name = url.mid(QStringLiteral("/api/v1/media/").size());
    QVERIFY2(name.size() >= 16, "media names are random and unguessable");

    // Served without a token, byte for byte, cacheable forever.
    const HttpResult got = anon()->get(url);
    CHECK_STATUS(got, 200);
    QCOMPARE(got.body, bytes);
    QCOMPARE(got.header("Content-Type").split(';').first().trimmed(), mime);
    QCOMPARE(got.header("Cache-Control"), QByteArray("public, max-age=31536000, immutable"));

    // A second upload of other bytes gets another name.
    const HttpResult second = as("lisi").raw(
        "POST", api("/media"), imageBytes(format.constData(), 78, 64), {{"Content-Type", mime}});
    CHECK_STATUS(second, 201);
    QVERIFY(second.obj().value("url").toString() != url);

    // The picture can be used in a post.
    const qint64 post = newPost(as("lisi"), QString(), {url});
    QVERIFY(post > 0);
    QCOMPARE(getPost(as("lisi"), post).value("pictureUrls").toArray(), QJsonArray{url});
}

void TestServerApi::mediaRejects()
{
    Client &c = as("lisi");
    const QByteArray png = imageBytes("PNG", 5);
    // Bytes that do not decode as the declared type.
    CHECK_INVALID(
        c.raw("POST", api("/media"), "definitely not a png image", {{"Content-Type", "image/png"}}),
        "");
    CHECK_ERROR(
        c.raw("POST", api("/media"), png.left(png.size() / 2), {{"Content-Type", "image/png"}}),
        422);
    CHECK_ERROR(c.raw("POST", api("/media"), png, {{"Content-Type", "image/jpeg"}}), 422);
    // Over 5 MiB.
    QByteArray big = png;
    big.append(QByteArray(5 * 1024 * 1024 + 1 - big.size(), '\0'));
    CHECK_ERROR(c.raw("POST", api("/media"), big, {{"Content-Type", "image/png"}}), 413);
    // A type that is not an image: refused (the table has no code of its own for it).
    const HttpResult text = c.raw("POST", api("/media"), "hello", {{"Content-Type", "text/plain"}});
    QVERIFY2(text.status == 400 || text.status == 415 || text.status == 422,
             text.describe().constData());
    // Without a token: 401.
    CHECK_ERROR(anon()->raw("POST", api("/media"), png, {{"Content-Type", "image/png"}}), 401);

    // Unknown names, and names that try to leave the media directory: 404.
    for (const QString &path :
         {api("/media/0123456789abcdef0123456789abcdef.png"), api("/media/nothing"),
          api("/media/..%2F..%2Fetc%2Fpasswd"), api("/media/%2e%2e"), api("/media/.")}) {
        const HttpResult r = anon()->get(path);
        QVERIFY2(r.status == 404, r.describe().constData());
        QVERIFY2(!r.body.contains("root:"), "served a file outside the media store");
        CHECK_ERROR(r, 404);
    }
}

// --- request limits, idempotency ---------------------------------------------------------------

void TestServerApi::requestBodyLimits()
{
    Client &c = as("zhangsan");
    const HttpResult top = c.get(api("/timeline?scope=user&uid=10001&limit=1"));
    // JSON over 64 KiB: 413, whatever the content rules would say.
    const QJsonObject huge{{"category", "TEXT"}, {"content", QString(70 * 1024, u'a')}};
    CHECK_ERROR(c.post(api("/posts"), huge), 413);
    CHECK_ERROR(
        c.post(api("/posts/90012/comments"), QJsonObject{{"content", QString(70 * 1024, u'c')}}),
        413);
    // Just under the limit is not "too large" (422 for the content rule instead).
    const QJsonObject under{{"category", "TEXT"}, {"content", QString(60 * 1024, u'a')}};
    CHECK_INVALID(c.post(api("/posts"), under), "content");
    QCOMPARE(ids(c.get(api("/timeline?scope=user&uid=10001&limit=1")).items()), ids(top.items()));
}

void TestServerApi::idempotency()
{
    Client &c = as("mazi");
    const QByteArray key = Client::newIdempotencyKey();
    const QByteArray content = "idempotent post " + key;
    const QByteArray body1 = R"({"category":"TEXT","content":")" + content + R"(","device":"x"})";
    // The same JSON with the keys in another order and other spacing: equal as parsed JSON.
    const QByteArray body2 =
        R"({ "device" : "x", "content" : ")" + content + R"(", "category":"TEXT" })";
    const HeaderList headers = {{"Content-Type", "application/json"}, {"Idempotency-Key", key}};

    const HttpResult first = c.raw("POST", api("/posts"), body1, headers);
    CHECK_STATUS(first, 201);
    const HttpResult again = c.raw("POST", api("/posts"), body1, headers);
    CHECK_STATUS(again, 201);
    QCOMPARE(again.obj(), first.obj());
    const HttpResult reordered = c.raw("POST", api("/posts"), body2, headers);
    CHECK_STATUS(reordered, 201);
    QCOMPARE(num(reordered.obj(), "id"), num(first.obj(), "id"));

    auto countMine = [&] {
        int n = 0;
        for (const QJsonObject &p :
             objects(c.get(api("/timeline?scope=user&uid=10004&limit=50")).items()))
            n += p.value("content").toString() == QString::fromUtf8(content) ? 1 : 0;
        return n;
    };
    QCOMPARE(countMine(), 1);

    // Same key, another body: 409, nothing created.
    const QByteArray other = R"({"category":"TEXT","content":"another body"})";
    CHECK_ERROR(c.raw("POST", api("/posts"), other, headers), 409);
    QCOMPARE(countMine(), 1);
    QVERIFY(!ids(c.get(api("/timeline?scope=user&uid=10004&limit=3")).items()).isEmpty());

    // The key is the caller's: another user with the same key creates their own post.
    const HttpResult theirs = as("qianqi").raw("POST", api("/posts"), body1, headers);
    CHECK_STATUS(theirs, 201);
    QVERIFY(num(theirs.obj(), "id") != num(first.obj(), "id"));
    QCOMPARE(uidOf(theirs.obj().value("author")), qint64(10006));

    // A new key is a new post.
    const HttpResult fresh = c.raw(
        "POST", api("/posts"), body1,
        {{"Content-Type", "application/json"}, {"Idempotency-Key", Client::newIdempotencyKey()}});
    CHECK_STATUS(fresh, 201);
    QVERIFY(num(fresh.obj(), "id") != num(first.obj(), "id"));
    QCOMPARE(countMine(), 2);
}

void TestServerApi::idempotencyComments()
{
    Client &c = as("mazi");
    const qint64 post = newPost(as("wangwu"), QStringLiteral("idempotent comments"));
    QVERIFY(post > 0);
    const QByteArray key = Client::newIdempotencyKey();
    const HeaderList headers = {{"Idempotency-Key", key}};
    const QJsonObject body{{"content", "said once"}};

    const HttpResult first = c.post(api("/posts/%1/comments").arg(post), body, headers);
    CHECK_STATUS(first, 201);
    const HttpResult again = c.post(api("/posts/%1/comments").arg(post), body, headers);
    CHECK_STATUS(again, 201);
    QCOMPARE(num(again.obj(), "id"), num(first.obj(), "id"));
    QCOMPARE(num(again.obj(), "floor"), qint64(1));

    const HttpResult page = c.get(api("/posts/%1/comments").arg(post));
    QCOMPARE(page.obj().value("roots").toArray().size(), 1);
    QCOMPARE(num(page.obj(), "totalRoots"), qint64(1));
    QCOMPARE(num(getPost(c, post), "commentCount"), qint64(1));

    CHECK_ERROR(c.post(api("/posts/%1/comments").arg(post), QJsonObject{{"content", "said twice"}},
                       headers),
                409);
    // A reply with a key of its own.
    const QByteArray key2 = Client::newIdempotencyKey();
    const QJsonObject reply{{"content", "a reply, once"}, {"parentId", num(first.obj(), "id")}};
    const HttpResult r1 =
        c.post(api("/posts/%1/comments").arg(post), reply, {{"Idempotency-Key", key2}});
    const HttpResult r2 =
        c.post(api("/posts/%1/comments").arg(post), reply, {{"Idempotency-Key", key2}});
    CHECK_STATUS(r1, 201);
    CHECK_STATUS(r2, 201);
    QCOMPARE(r2.obj(), r1.obj());
    QCOMPARE(num(getPost(c, post), "commentCount"), qint64(2));
    const HttpResult replies = c.get(api("/comments/%1/replies").arg(num(first.obj(), "id")));
    QCOMPARE(replies.items().size(), 1);
    QCOMPARE(num(replies.items().at(0).toObject(), "seq"), qint64(1));
}

void TestServerApi::idempotencyMedia()
{
    Client &c = as("mazi");
    const QByteArray key = Client::newIdempotencyKey();
    const QByteArray png = imageBytes("PNG", 200);
    const HeaderList headers = {{"Content-Type", "image/png"}, {"Idempotency-Key", key}};
    const HttpResult first = c.raw("POST", api("/media"), png, headers);
    CHECK_STATUS(first, 201);
    const HttpResult again = c.raw("POST", api("/media"), png, headers);
    CHECK_STATUS(again, 201);
    QCOMPARE(again.obj().value("url").toString(), first.obj().value("url").toString());
    CHECK_ERROR(c.raw("POST", api("/media"), imageBytes("PNG", 201), headers), 409);
}

// --- other servers -----------------------------------------------------------------------------

void TestServerApi::serverWithoutDemo()
{
    TestServer empty;
    QVERIFY(empty.start({}));
    QVERIFY(empty.port() != m_server.port());
    Client c(empty.baseUrl());
    const HttpResult health = c.get(api("/health"));
    CHECK_STATUS(health, 200);
    QCOMPARE(health.obj().value("status").toString(), QStringLiteral("ok"));
    // No demo users in an empty database.
    CHECK_ERROR(
        c.post(api("/auth/login"), QJsonObject{{"username", "zhangsan"}, {"password", "demo"}}),
        401);
    CHECK_ERROR(c.get(api("/timeline?scope=all")), 401);
    empty.stop();
    QVERIFY(!empty.isRunning());
}

void TestServerApi::restartKeepsDataAndDoesNotReseed()
{
    // Last: the class's server restarts on its database (a new port).
    Client &c = as("zhangsan");
    const qint64 post = newPost(c, QStringLiteral("survives a restart 🎉"));
    QVERIFY(post > 0);
    QString error;
    const QList<QJsonObject> before = pageBefore(c, api("/timeline?scope=all"), 50, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const QByteArray log = m_server.stderrLog();

    QVERIFY(m_server.restart()); // again with --demo: an existing database is not filled again
    Client fresh(m_server.baseUrl());
    QVERIFY(!fresh.login("zhangsan").isEmpty());
    m_tokens << fresh.token();
    const QList<QJsonObject> after = pageBefore(fresh, api("/timeline?scope=all"), 50, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(ids(after), ids(before));
    QCOMPARE(getPost(fresh, post).value("content").toString(),
             QStringLiteral("survives a restart 🎉"));
    QCOMPARE(num(getPost(fresh, 90012), "likeCount"), qint64(3));
    QVERIFY(m_server.stderrLog().size() >= log.size()); // the log goes on
}

QTEST_GUILESS_MAIN(TestServerApi)
#include "tst_serverapi.moc"

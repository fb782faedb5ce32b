// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Moderation, reports, devices, stats and /sync against the real threadline-server
// (api-v1.md: "Objects", "Endpoints" from POST /reports on, and "/sync").
//
// One server (with --demo and a --wordlist of our own) serves every test but the cursor-expiry
// one, which starts its own with --changelog-days 0. Each test creates the posts and comments it
// looks at, so the tests do not depend on each other's leftovers.

#include "testserver.h"

#include <QDateTime>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimeZone>
#include <QUrl>
#include <algorithm>
#include <memory>

using threadline::test::Client;
using threadline::test::HttpResult;
using threadline::test::TestServer;

namespace {

constexpr qint64 kModeratorUid = 10009;
const QString kApi = QStringLiteral("/api/v1");

// The flagged words of the --wordlist file this suite writes.
const QString kFlagWord = QStringLiteral("违禁词");
const QString kFlagWord2 = QStringLiteral("forbiddenphrase");

QString pathWith(QString path, const QHash<QString, QString> &vars)
{
    for (auto it = vars.begin(); it != vars.end(); ++it)
        path.replace(QLatin1Char('{') + it.key() + QLatin1Char('}'), it.value());
    return path;
}

QString enc(const QString &s)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(s));
}

// Today as a calendar day in UTC+8, the contract's day for activity.
QDate todayUtc8()
{
    return QDateTime::currentDateTimeUtc().toOffsetFromUtc(8 * 3600).date();
}

qint64 idOf(const QJsonValue &v)
{
    return v.toObject().value(QStringLiteral("id")).toInteger();
}

QJsonObject findById(const QJsonArray &arr, qint64 id)
{
    for (const auto &v : arr) {
        if (idOf(v) == id)
            return v.toObject();
    }
    return {};
}

bool containsId(const QJsonArray &arr, qint64 id)
{
    return !findById(arr, id).isEmpty();
}

QList<qint64> idsOf(const QJsonArray &arr)
{
    QList<qint64> out;
    for (const auto &v : arr)
        out << idOf(v);
    return out;
}

// The device table as "raw(lower-cased) -> display", whatever container the server wraps it in.
QHash<QString, QString> deviceTable(const HttpResult &r)
{
    QHash<QString, QString> out;
    const QJsonDocument doc = QJsonDocument::fromJson(r.body);
    QJsonArray arr;
    if (doc.isArray()) {
        arr = doc.array();
    } else {
        const QJsonObject o = doc.object();
        if (o.value(QStringLiteral("items")).isArray())
            arr = o.value(QStringLiteral("items")).toArray();
        else if (o.value(QStringLiteral("devices")).isArray())
            arr = o.value(QStringLiteral("devices")).toArray();
        else
            for (auto it = o.begin(); it != o.end(); ++it)
                out.insert(it.key().toLower(), it.value().toString());
    }
    for (const auto &v : arr) {
        const QJsonObject e = v.toObject();
        out.insert(e.value(QStringLiteral("raw")).toString().toLower(),
                   e.value(QStringLiteral("display")).toString());
    }
    return out;
}

struct Change
{
    QString kind;
    QString op;
    qint64 id = 0;
    QJsonObject data;
};

struct SyncRun
{
    QList<Change> changes;
    QString next;
    int pages = 0;
    QList<int> pageSizes;
    QList<bool> hasMore;
    bool ok = false;
    QByteArray error;
};

// The last change in `changes` for (kind, id), or an empty kind.
Change lastChange(const QList<Change> &changes, const QString &kind, qint64 id)
{
    for (auto it = changes.crbegin(); it != changes.crend(); ++it) {
        if (it->kind == kind && it->id == id)
            return *it;
    }
    return {};
}

int countOf(const QList<Change> &changes, const QString &kind, qint64 id, const QString &op)
{
    return int(std::count_if(changes.begin(), changes.end(), [&](const Change &c) {
        return c.kind == kind && c.id == id && c.op == op;
    }));
}

} // namespace

#define EXPECT_STATUS(res, code)                                                                   \
    do {                                                                                           \
        const HttpResult &r_ = (res);                                                              \
        QVERIFY2(r_.status == (code),                                                              \
                 qPrintable(QStringLiteral("expected HTTP %1, got: ").arg(code) +                  \
                            QString::fromUtf8(r_.describe())));                                    \
    } while (false)

#define EXPECT_2XX(res)                                                                            \
    do {                                                                                           \
        const HttpResult &r_ = (res);                                                              \
        QVERIFY2(                                                                                  \
            r_.status >= 200 && r_.status < 300,                                                   \
            qPrintable(QStringLiteral("expected 2xx, got: ") + QString::fromUtf8(r_.describe()))); \
    } while (false)

class TstModeration : public QObject
{
    Q_OBJECT

private:
    TestServer m_server;
    QTemporaryDir m_tmp;
    QHash<QString, QString> m_tokens; // username -> token
    int m_counter = 0;

    std::unique_ptr<Client> as(const QString &user)
    {
        auto c = std::make_unique<Client>(m_server.baseUrl());
        c->setToken(m_tokens.value(user));
        return c;
    }
    std::unique_ptr<Client> mod() { return as(QStringLiteral("moderator")); }
    QString unique(const QString &prefix)
    {
        return QStringLiteral("%1 #%2 %3")
            .arg(prefix)
            .arg(++m_counter)
            .arg(QDateTime::currentMSecsSinceEpoch());
    }

    // Helpers return 0 / {} on failure and warn with the exchange; callers QVERIFY the result.
    // The client always reports its device model; posts here do the same.
    qint64 newPost(const QString &user, const QString &content,
                   const QString &device = QStringLiteral("TL Test Phone"))
    {
        QJsonObject body{{"category", "TEXT"}, {"content", content}, {"pictureUrls", QJsonArray{}}};
        if (!device.isEmpty())
            body.insert(QStringLiteral("device"), device);
        const HttpResult r = as(user)->post(kApi + "/posts", body);
        if (r.status != 201) {
            qWarning() << "newPost failed:" << r.describe();
            return 0;
        }
        return r.obj().value(QStringLiteral("id")).toInteger();
    }
    qint64 newComment(const QString &user, qint64 post, const QString &content, qint64 parent = 0)
    {
        QJsonObject body{{"content", content}};
        if (parent)
            body.insert(QStringLiteral("parentId"), parent);
        const HttpResult r =
            as(user)->post(kApi + QStringLiteral("/posts/%1/comments").arg(post), body);
        if (r.status != 201) {
            qWarning() << "newComment failed:" << r.describe();
            return 0;
        }
        return r.obj().value(QStringLiteral("id")).toInteger();
    }
    HttpResult report(const QString &user, const QString &type, qint64 id,
                      const QString &reason = QStringLiteral("spam"), const QString &note = {})
    {
        QJsonObject body{{"targetType", type}, {"targetId", id}, {"reason", reason}};
        if (!note.isNull())
            body.insert(QStringLiteral("note"), note);
        return as(user)->post(kApi + "/reports", body);
    }
    HttpResult hide(const QString &type, qint64 id, const QString &reason = QStringLiteral("test"))
    {
        return mod()->post(kApi + QStringLiteral("/moderation/%1s/%2/hide").arg(type).arg(id),
                           QJsonObject{{"reason", reason}});
    }
    HttpResult unhide(const QString &type, qint64 id)
    {
        return mod()->post(kApi + QStringLiteral("/moderation/%1s/%2/unhide").arg(type).arg(id),
                           QJsonObject{});
    }

    // The queue item for a target in the given status list ({} when absent), paging through it.
    QJsonObject queueItem(const QString &type, qint64 id,
                          const QString &status = QStringLiteral("open"))
    {
        auto c = mod();
        QString before;
        for (int page = 0; page < 200; ++page) {
            QString path = kApi + "/moderation/queue?limit=50&status=" + status;
            if (!before.isEmpty())
                path += "&before=" + enc(before);
            const HttpResult r = c->get(path);
            if (r.status != 200) {
                qWarning() << "queue failed:" << r.describe();
                return {};
            }
            for (const auto &v : r.items()) {
                const QJsonObject item = v.toObject();
                if (item.value(QStringLiteral("targetType")).toString() == type &&
                    item.value(QStringLiteral("targetId")).toInteger() == id)
                    return item;
            }
            const QJsonValue next = r.obj().value(QStringLiteral("next"));
            if (!next.isString())
                return {};
            before = next.toString();
        }
        return {};
    }

    // Every floor root of a post as `user` sees them, plus the inline `replies` of the pages.
    bool floors(const QString &user, qint64 post, QJsonArray *roots, QJsonArray *replies = nullptr,
                qint64 *totalRoots = nullptr)
    {
        auto c = as(user);
        qint64 after = 0;
        for (int page = 0; page < 100; ++page) {
            const HttpResult r =
                c->get(kApi + QStringLiteral("/posts/%1/comments?limit=200&replies=20&after=%2")
                                  .arg(post)
                                  .arg(after));
            if (r.status != 200) {
                qWarning() << "floors failed:" << r.describe();
                return false;
            }
            const QJsonObject o = r.obj();
            for (const auto &v : o.value(QStringLiteral("roots")).toArray())
                roots->append(v);
            if (replies)
                for (const auto &v : o.value(QStringLiteral("replies")).toArray())
                    replies->append(v);
            if (totalRoots)
                *totalRoots = o.value(QStringLiteral("totalRoots")).toInteger(-1);
            const QJsonValue next = o.value(QStringLiteral("next"));
            if (next.isNull() || next.isUndefined())
                return true;
            after = next.toInteger();
        }
        return false;
    }
    // GET /comments/{root}/replies paged through; the status of the first page.
    int replies(const QString &user, qint64 root, QJsonArray *out)
    {
        auto c = as(user);
        qint64 after = 0;
        for (int page = 0; page < 100; ++page) {
            const HttpResult r = c->get(
                kApi +
                QStringLiteral("/comments/%1/replies?limit=200&after=%2").arg(root).arg(after));
            if (r.status != 200)
                return r.status;
            for (const auto &v : r.items())
                out->append(v);
            const QJsonValue next = r.obj().value(QStringLiteral("next"));
            if (next.isNull() || next.isUndefined())
                return 200;
            after = next.toInteger();
        }
        return -1;
    }
    HttpResult getPost(const QString &user, qint64 id, int comments = 5)
    {
        return as(user)->get(kApi + QStringLiteral("/posts/%1?comments=%2").arg(id).arg(comments));
    }

    // Log entries newer than `afterId`, newest first.
    QJsonArray logSince(qint64 afterId, const QString &filter = {})
    {
        auto c = mod();
        QJsonArray out;
        QString before;
        for (int page = 0; page < 200; ++page) {
            QString path = kApi + "/moderation/log?limit=50" + filter;
            if (!before.isEmpty())
                path += "&before=" + enc(before);
            const HttpResult r = c->get(path);
            if (r.status != 200) {
                qWarning() << "log failed:" << r.describe();
                return out;
            }
            for (const auto &v : r.items()) {
                if (idOf(v) <= afterId)
                    return out;
                out.append(v);
            }
            const QJsonValue next = r.obj().value(QStringLiteral("next"));
            if (!next.isString())
                return out;
            before = next.toString();
        }
        return out;
    }
    qint64 topLogId()
    {
        const HttpResult r = mod()->get(kApi + "/moderation/log?limit=1");
        if (r.status != 200) {
            qWarning() << "log failed:" << r.describe();
            return -1;
        }
        return r.items().isEmpty() ? 0 : idOf(r.items().first());
    }

    QString syncStart(Client &c)
    {
        const HttpResult r = c.get(kApi + "/sync");
        if (r.status != 200) {
            qWarning() << "sync start failed:" << r.describe();
            return {};
        }
        return r.obj().value(QStringLiteral("next")).toString();
    }
    SyncRun syncAll(Client &c, const QString &since, int limit = 0)
    {
        SyncRun run;
        QString cursor = since;
        for (int page = 0; page < 2000; ++page) {
            QString path = kApi + "/sync?since=" + enc(cursor);
            if (limit > 0)
                path += QStringLiteral("&limit=%1").arg(limit);
            const HttpResult r = c.get(path);
            if (r.status != 200) {
                run.error = r.describe();
                return run;
            }
            const QJsonObject o = r.obj();
            const QJsonArray changes = o.value(QStringLiteral("changes")).toArray();
            ++run.pages;
            run.pageSizes << int(changes.size());
            for (const auto &v : changes) {
                const QJsonObject ch = v.toObject();
                run.changes << Change{ch.value(QStringLiteral("kind")).toString(),
                                      ch.value(QStringLiteral("op")).toString(),
                                      ch.value(QStringLiteral("id")).toInteger(),
                                      ch.value(QStringLiteral("data")).toObject()};
            }
            const bool more = o.value(QStringLiteral("hasMore")).toBool();
            run.hasMore << more;
            if (!o.value(QStringLiteral("next")).isString()) {
                run.error = "no string next: " + r.describe();
                return run;
            }
            cursor = o.value(QStringLiteral("next")).toString();
            if (!more) {
                run.next = cursor;
                run.ok = true;
                return run;
            }
        }
        run.error = "too many pages";
        return run;
    }

private Q_SLOTS:
    void initTestCase();

    // reports
    void reportCreateAndRepeat();
    void reportErrors_data();
    void reportErrors();

    // the queue
    void ordinaryUserForbidden_data();
    void ordinaryUserForbidden();
    void moderatorErrors_data();
    void moderatorErrors();
    void queueItemShape();
    void queueOrderAndPaging();
    void queueCloseAndReopen_data();
    void queueCloseAndReopen();
    void autoFlag_data();
    void autoFlag();

    // hiding
    void hideReply();
    void hideRootHidesFloorAndRestoresIt();
    void hidePost();

    // the log
    void moderationLog();
    void moderationLogFiltersAndPaging();

    // devices and stats
    void devices();
    void statsDay();
    void statsBadQuery_data();
    void statsBadQuery();

    // /sync
    void syncStart();
    void syncLikeIsUpsertFromCallersView();
    void syncDeleteCommentAndFloor();
    void syncHidePost();
    void syncHideFloor();
    void syncPaging();
    void syncBadQuery_data();
    void syncBadQuery();
    void syncCursorExpired();
};

void TstModeration::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    const QString words = m_tmp.filePath(QStringLiteral("words.txt"));
    QFile f(words);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write((kFlagWord + QLatin1Char('\n') + kFlagWord2 + QLatin1Char('\n')).toUtf8());
    f.close();

    QVERIFY2(m_server.start({QStringLiteral("--demo"), QStringLiteral("--wordlist"), words}),
             m_server.stderrLog().right(3000).constData());
    for (const char *u :
         {"zhangsan", "lisi", "wangwu", "mazi", "tingtamen", "qianqi", "maliu", "moderator"}) {
        Client c(m_server.baseUrl());
        const QString token = c.login(QString::fromLatin1(u));
        QVERIFY2(!token.isEmpty(), u);
        m_tokens.insert(QString::fromLatin1(u), token);
    }
    // The demo users as the contract lists them.
    const HttpResult me = mod()->get(kApi + "/me");
    EXPECT_STATUS(me, 200);
    QCOMPARE(me.obj().value("uid").toInteger(), kModeratorUid);
    QCOMPARE(me.obj().value("role").toString(), QStringLiteral("moderator"));
}

// ---------------------------------------------------------------------------------------------
// Reports

void TstModeration::reportCreateAndRepeat()
{
    const qint64 post = newPost("zhangsan", unique("report me"));
    QVERIFY(post > 0);
    const qint64 comment = newComment("wangwu", post, unique("a comment to report"));
    QVERIFY(comment > 0);

    const HttpResult first = report("lisi", "post", post, "spam", "looks like an ad");
    EXPECT_STATUS(first, 201);
    const QJsonObject r1 = first.obj();
    QVERIFY(r1.value("id").toInteger() > 0);
    QCOMPARE(r1.value("targetType").toString(), QStringLiteral("post"));
    QCOMPARE(r1.value("targetId").toInteger(), post);
    QCOMPARE(r1.value("reason").toString(), QStringLiteral("spam"));
    QCOMPARE(r1.value("note").toString(), QStringLiteral("looks like an ad"));
    QCOMPARE(r1.value("reporter").toObject().value("uid").toInteger(), 10002);
    QVERIFY(!r1.value("reporter").toObject().value("nickName").toString().isEmpty());
    QVERIFY(r1.value("createtime").toInteger() > 1500000000000);

    // The same user again, even with another reason: 200 with the first report, nothing changes.
    const HttpResult again = report("lisi", "post", post, "abuse", "changed my mind");
    EXPECT_STATUS(again, 200);
    QCOMPARE(again.obj().value("id").toInteger(), r1.value("id").toInteger());
    QCOMPARE(again.obj().value("reason").toString(), QStringLiteral("spam"));
    QCOMPARE(again.obj().value("note").toString(), QStringLiteral("looks like an ad"));

    // Another user is a second report.
    const HttpResult other = report("mazi", "post", post, "illegal");
    EXPECT_STATUS(other, 201);
    QVERIFY(other.obj().value("id").toInteger() != r1.value("id").toInteger());

    const QJsonObject item = queueItem("post", post);
    QVERIFY2(!item.isEmpty(), "no open queue item for the reported post");
    QCOMPARE(item.value("reportCount").toInteger(), 2);
    QCOMPARE(item.value("reports").toArray().size(), 2);

    // A comment, and every reason of the four.
    const HttpResult onComment = report("lisi", "comment", comment, "other", "");
    EXPECT_STATUS(onComment, 201);
    QCOMPARE(onComment.obj().value("targetType").toString(), QStringLiteral("comment"));
    QCOMPARE(onComment.obj().value("targetId").toInteger(), comment);
    EXPECT_STATUS(report("mazi", "comment", comment, "abuse"), 201);
    EXPECT_STATUS(report("qianqi", "comment", comment, "illegal"), 201);
    EXPECT_STATUS(report("tingtamen", "comment", comment, "spam"), 201);

    // No token: 401.
    Client anon(m_server.baseUrl());
    const HttpResult noAuth =
        anon.post(kApi + "/reports",
                  QJsonObject{{"targetType", "post"}, {"targetId", post}, {"reason", "spam"}});
    EXPECT_STATUS(noAuth, 401);
}

void TstModeration::reportErrors_data()
{
    QTest::addColumn<QByteArray>("body"); // {post} / {comment} replaced
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("code");

    QTest::newRow("bad reason") << QByteArray(
                                       R"({"targetType":"post","targetId":{post},"reason":"rude"})")
                                << 422 << "invalid";
    QTest::newRow("reason upper case")
        << QByteArray(R"({"targetType":"post","targetId":{post},"reason":"SPAM"})") << 422
        << "invalid";
    QTest::newRow("no reason") << QByteArray(R"({"targetType":"comment","targetId":{comment}})")
                               << 422 << "invalid";
    QTest::newRow("unknown post")
        << QByteArray(R"({"targetType":"post","targetId":8999999999,"reason":"spam"})") << 404
        << "not_found";
    QTest::newRow("unknown comment")
        << QByteArray(R"({"targetType":"comment","targetId":8999999999,"reason":"spam"})") << 404
        << "not_found";
    QTest::newRow("deleted post")
        << QByteArray(R"({"targetType":"post","targetId":{deleted},"reason":"spam"})") << 404
        << "not_found";
    QTest::newRow("hidden post")
        << QByteArray(R"({"targetType":"post","targetId":{hiddenPost},"reason":"spam"})") << 404
        << "not_found";
    QTest::newRow("hidden comment")
        << QByteArray(R"({"targetType":"comment","targetId":{hiddenComment},"reason":"spam"})")
        << 404 << "not_found";
    QTest::newRow("comment in a hidden floor")
        << QByteArray(R"({"targetType":"comment","targetId":{hiddenFloorReply},"reason":"spam"})")
        << 404 << "not_found";
    QTest::newRow("bad targetType")
        << QByteArray(R"({"targetType":"user","targetId":10001,"reason":"spam"})") << 422
        << "invalid";
    QTest::newRow("targetId a string")
        << QByteArray(R"({"targetType":"post","targetId":"{post}","reason":"spam"})") << 400
        << "bad_request";
    QTest::newRow("malformed json")
        << QByteArray(R"({"targetType":"post",)") << 400 << "bad_request";
}

void TstModeration::reportErrors()
{
    QFETCH(QByteArray, body);
    QFETCH(int, status);
    QFETCH(QString, code);

    const qint64 post = newPost("zhangsan", unique("report errors"));
    QVERIFY(post > 0);
    const qint64 comment = newComment("zhangsan", post, unique("c"));
    QVERIFY(comment > 0);
    const qint64 deleted = newPost("zhangsan", unique("to delete"));
    QVERIFY(deleted > 0);
    EXPECT_STATUS(as("zhangsan")->del(kApi + QStringLiteral("/posts/%1").arg(deleted)), 204);

    const qint64 hiddenPost = newPost("zhangsan", unique("hidden"));
    QVERIFY(hiddenPost > 0);
    EXPECT_2XX(hide("post", hiddenPost));
    const qint64 hiddenComment = newComment("wangwu", post, unique("hidden comment"));
    QVERIFY(hiddenComment > 0);
    EXPECT_2XX(hide("comment", hiddenComment));
    const qint64 floorRoot = newComment("wangwu", post, unique("hidden floor"));
    QVERIFY(floorRoot > 0);
    const qint64 hiddenFloorReply =
        newComment("mazi", post, unique("in a hidden floor"), floorRoot);
    QVERIFY(hiddenFloorReply > 0);
    EXPECT_2XX(hide("comment", floorRoot));
    body.replace("{hiddenPost}", QByteArray::number(hiddenPost));
    body.replace("{hiddenComment}", QByteArray::number(hiddenComment));
    body.replace("{hiddenFloorReply}", QByteArray::number(hiddenFloorReply));
    body.replace("{post}", QByteArray::number(post));
    body.replace("{comment}", QByteArray::number(comment));
    body.replace("{deleted}", QByteArray::number(deleted));
    const HttpResult r =
        as("lisi")->raw("POST", kApi + "/reports", body, {{"Content-Type", "application/json"}});
    EXPECT_STATUS(r, status);
    QCOMPARE(r.errorCode(), code);
    QVERIFY(r.header("Content-Type").startsWith("application/json"));

    // Nothing was reported.
    QVERIFY(queueItem("post", post).isEmpty());
    QVERIFY(queueItem("comment", comment).isEmpty());
    QVERIFY(queueItem("post", hiddenPost).isEmpty());
    QVERIFY(queueItem("comment", hiddenComment).isEmpty());
    QVERIFY(queueItem("comment", hiddenFloorReply).isEmpty());
}

// ---------------------------------------------------------------------------------------------
// The queue and who may use it

void TstModeration::ordinaryUserForbidden_data()
{
    QTest::addColumn<QString>("caller");
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QJsonObject>("body");
    QTest::addColumn<QString>(
        "preHidden"); // "", "comment" or "post": hidden by the moderator first

    const QJsonObject reason{{"reason", "I say so"}};
    const QJsonObject none;
    QTest::newRow("queue") << "mazi" << QByteArray("GET") << "/moderation/queue" << none << "";
    QTest::newRow("queue closed") << "mazi" << QByteArray("GET")
                                  << "/moderation/queue?status=closed" << none << "";
    QTest::newRow("hide comment") << "mazi" << QByteArray("POST")
                                  << "/moderation/comments/{comment}/hide" << reason << "";
    QTest::newRow("hide comment, post author")
        << "zhangsan" << QByteArray("POST") << "/moderation/comments/{comment}/hide" << reason
        << "";
    QTest::newRow("hide comment, comment author")
        << "lisi" << QByteArray("POST") << "/moderation/comments/{comment}/hide" << reason << "";
    QTest::newRow("hide unknown comment")
        << "mazi" << QByteArray("POST") << "/moderation/comments/8999999999/hide" << reason << "";
    QTest::newRow("unhide comment") << "mazi" << QByteArray("POST")
                                    << "/moderation/comments/{comment}/unhide" << none << "comment";
    QTest::newRow("hide post") << "mazi" << QByteArray("POST") << "/moderation/posts/{post}/hide"
                               << reason << "";
    QTest::newRow("hide post, its author")
        << "zhangsan" << QByteArray("POST") << "/moderation/posts/{post}/hide" << reason << "";
    QTest::newRow("unhide post") << "mazi" << QByteArray("POST")
                                 << "/moderation/posts/{post}/unhide" << none << "post";
    QTest::newRow("unhide post, its author")
        << "zhangsan" << QByteArray("POST") << "/moderation/posts/{post}/unhide" << none << "post";
    QTest::newRow("dismiss") << "mazi" << QByteArray("POST") << "/moderation/items/{item}/dismiss"
                             << reason << "";
    QTest::newRow("dismiss, the reporter")
        << "wangwu" << QByteArray("POST") << "/moderation/items/{item}/dismiss" << none << "";
    QTest::newRow("log") << "mazi" << QByteArray("GET") << "/moderation/log" << none << "";
    QTest::newRow("log filtered") << "mazi" << QByteArray("GET")
                                  << "/moderation/log?moderator=10009&action=hide" << none << "";
    QTest::newRow("put device") << "mazi" << QByteArray("PUT") << "/devices"
                                << QJsonObject{{"raw", "forbidden-model-{post}"},
                                               {"display", "NOPE"}}
                                << "";
    QTest::newRow("stats") << "mazi" << QByteArray("GET") << "/moderation/stats?date={today}"
                           << none << "";
    QTest::newRow("stats of self") << "mazi" << QByteArray("GET")
                                   << "/moderation/stats/users/10004?month={month}" << none << "";
    QTest::newRow("stats of other") << "mazi" << QByteArray("GET")
                                    << "/moderation/stats/users/10001?month={month}" << none << "";
}

void TstModeration::ordinaryUserForbidden()
{
    QFETCH(QString, caller);
    QFETCH(QByteArray, method);
    QFETCH(QString, path);
    QFETCH(QJsonObject, body);
    QFETCH(QString, preHidden);

    // A post by zhangsan with a root comment by lisi, reported by wangwu: an open queue item.
    const qint64 post = newPost("zhangsan", unique("forbidden test"));
    QVERIFY(post > 0);
    const qint64 comment = newComment("lisi", post, unique("a comment"));
    QVERIFY(comment > 0);
    EXPECT_STATUS(report("wangwu", "comment", comment), 201);
    const QJsonObject item = queueItem("comment", comment);
    QVERIFY2(!item.isEmpty(), "no open queue item after a report");
    if (preHidden == "comment") {
        EXPECT_2XX(hide("comment", comment));
        // hiding closed the item; the check below compares against that state
    } else if (preHidden == "post") {
        EXPECT_2XX(hide("post", post));
    }

    const QDate today = todayUtc8();
    const QHash<QString, QString> vars{{"post", QString::number(post)},
                                       {"comment", QString::number(comment)},
                                       {"item", QString::number(item.value("id").toInteger())},
                                       {"today", today.toString(Qt::ISODate)},
                                       {"month", today.toString("yyyy-MM")}};
    QJsonObject sendBody;
    for (auto it = body.begin(); it != body.end(); ++it)
        sendBody.insert(it.key(), pathWith(it.value().toString(), vars));

    // What the world looks like before, as a moderator and as a reader see it.
    auto snapshot = [&]() {
        QJsonObject s;
        s["postStatusForReader"] = getPost("qianqi", post).status;
        const HttpResult pm = getPost("moderator", post);
        s["postHiddenForMod"] = pm.obj().value("hidden").toBool();
        QJsonArray roots;
        floors("moderator", post, &roots);
        s["commentStatusForMod"] = findById(roots, comment).value("status").toString();
        QJsonArray readerRoots;
        if (preHidden != "post") {
            floors("qianqi", post, &readerRoots);
            s["commentVisibleForReader"] = containsId(readerRoots, comment);
        }
        const QJsonObject open = queueItem("comment", comment, "open");
        const QJsonObject closed = queueItem("comment", comment, "closed");
        s["itemOpen"] = !open.isEmpty();
        s["itemClosed"] = !closed.isEmpty();
        s["logTop"] = topLogId();
        const QHash<QString, QString> dev = deviceTable(as("qianqi")->get(kApi + "/devices"));
        s["forbiddenDevice"] = dev.value(QStringLiteral("forbidden-model-%1").arg(post));
        s["deviceCount"] = dev.size();
        return s;
    };
    const QJsonObject before = snapshot();
    QVERIFY(before.value("logTop").toInteger() >= 0);

    const QString fullPath = kApi + pathWith(path, vars);
    HttpResult r;
    auto c = as(caller);
    if (method == "GET")
        r = c->get(fullPath);
    else if (method == "POST")
        r = c->post(fullPath, sendBody);
    else if (method == "PUT")
        r = c->put(fullPath, sendBody);
    EXPECT_STATUS(r, 403);
    QCOMPARE(r.errorCode(), QStringLiteral("forbidden"));
    // A 403 answer must not leak moderation data.
    QVERIFY(!r.obj().contains("items"));

    const QJsonObject after = snapshot();
    QCOMPARE(after, before);
}

void TstModeration::moderatorErrors_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("status");

    QTest::newRow("hide comment, no reason")
        << QByteArray("POST") << "/moderation/comments/{comment}/hide" << QByteArray("{}") << 422;
    QTest::newRow("hide comment, blank reason")
        << QByteArray("POST") << "/moderation/comments/{comment}/hide"
        << QByteArray(R"({"reason":"   "})") << 422;
    QTest::newRow("hide comment, reason a number")
        << QByteArray("POST") << "/moderation/comments/{comment}/hide"
        << QByteArray(R"({"reason":5})") << 400;
    QTest::newRow("hide post, no reason")
        << QByteArray("POST") << "/moderation/posts/{post}/hide" << QByteArray("{}") << 422;
    QTest::newRow("hide post, malformed json")
        << QByteArray("POST") << "/moderation/posts/{post}/hide" << QByteArray(R"({"reason":)")
        << 400;
    QTest::newRow("hide unknown comment")
        << QByteArray("POST") << "/moderation/comments/8999999999/hide"
        << QByteArray(R"({"reason":"x"})") << 404;
    QTest::newRow("hide deleted comment")
        << QByteArray("POST") << "/moderation/comments/{deleted}/hide"
        << QByteArray(R"({"reason":"x"})") << 404;
    QTest::newRow("hide unknown post") << QByteArray("POST") << "/moderation/posts/8999999999/hide"
                                       << QByteArray(R"({"reason":"x"})") << 404;
    QTest::newRow("unhide unknown post")
        << QByteArray("POST") << "/moderation/posts/8999999999/unhide" << QByteArray("{}") << 404;
    QTest::newRow("hide malformed id") << QByteArray("POST") << "/moderation/comments/abc/hide"
                                       << QByteArray(R"({"reason":"x"})") << 400;
    QTest::newRow("hide id zero") << QByteArray("POST") << "/moderation/posts/0/hide"
                                  << QByteArray(R"({"reason":"x"})") << 400;
    QTest::newRow("dismiss unknown item")
        << QByteArray("POST") << "/moderation/items/8999999999/dismiss" << QByteArray("{}") << 404;
    QTest::newRow("dismiss malformed id")
        << QByteArray("POST") << "/moderation/items/x1/dismiss" << QByteArray("{}") << 400;
    QTest::newRow("queue, another status")
        << QByteArray("GET") << "/moderation/queue?status=pending" << QByteArray() << 400;
    QTest::newRow("log, another action")
        << QByteArray("GET") << "/moderation/log?action=ban" << QByteArray() << 400;
    QTest::newRow("log, before garbage")
        << QByteArray("GET") << "/moderation/log?before=%%%" << QByteArray() << 400;
    QTest::newRow("device, raw a number")
        << QByteArray("PUT") << "/devices" << QByteArray(R"({"raw":5,"display":"x"})") << 400;
}

void TstModeration::moderatorErrors()
{
    QFETCH(QByteArray, method);
    QFETCH(QString, path);
    QFETCH(QByteArray, body);
    QFETCH(int, status);

    const qint64 post = newPost("zhangsan", unique("moderator errors"));
    QVERIFY(post > 0);
    const qint64 comment = newComment("lisi", post, unique("c"));
    QVERIFY(comment > 0);
    const qint64 deleted = newComment("lisi", post, unique("gone"));
    QVERIFY(deleted > 0);
    EXPECT_STATUS(as("lisi")->del(kApi + QStringLiteral("/comments/%1").arg(deleted)), 204);
    const qint64 logTop = topLogId();
    QVERIFY(logTop >= 0);

    path = pathWith(path, {{"post", QString::number(post)},
                           {"comment", QString::number(comment)},
                           {"deleted", QString::number(deleted)}});
    const HttpResult r = mod()->raw(
        method, kApi + path, body,
        body.isEmpty() ? threadline::test::HeaderList{}
                       : threadline::test::HeaderList{{"Content-Type", "application/json"}});
    EXPECT_STATUS(r, status);
    QCOMPARE(r.errorCode(), status == 400   ? QStringLiteral("bad_request")
                            : status == 404 ? QStringLiteral("not_found")
                                            : QStringLiteral("invalid"));

    // Nothing changed and nothing was logged.
    QCOMPARE(topLogId(), logTop);
    QCOMPARE(getPost("lisi", post).status, 200);
    QJsonArray roots;
    QVERIFY(floors("lisi", post, &roots));
    QCOMPARE(idsOf(roots), QList<qint64>{comment});
}

void TstModeration::queueItemShape()
{
    const qint64 post = newPost("zhangsan", unique("queue shape"));
    QVERIFY(post > 0);
    const QString text = unique("a rude comment");
    const qint64 comment = newComment("maliu", post, text);
    QVERIFY(comment > 0);

    EXPECT_STATUS(report("lisi", "comment", comment, "abuse", "mean"), 201);
    EXPECT_STATUS(report("wangwu", "comment", comment, "spam"), 201);

    const QJsonObject item = queueItem("comment", comment);
    QVERIFY2(!item.isEmpty(), "no open item for the reported comment");
    QVERIFY(item.value("id").toInteger() > 0);
    QCOMPARE(item.value("targetType").toString(), QStringLiteral("comment"));
    QCOMPARE(item.value("targetId").toInteger(), comment);
    QCOMPARE(item.value("status").toString(), QStringLiteral("open"));
    QVERIFY(item.value("createtime").toInteger() > 1500000000000);
    // target: the comment itself
    const QJsonObject target = item.value("target").toObject();
    QCOMPARE(target.value("id").toInteger(), comment);
    QCOMPARE(target.value("postId").toInteger(), post);
    QCOMPARE(target.value("content").toString(), text);
    QCOMPARE(target.value("author").toObject().value("uid").toInteger(), 10007);
    // post: the comment's context
    const QJsonObject ctx = item.value("post").toObject();
    QCOMPARE(ctx.value("id").toInteger(), post);
    QCOMPARE(ctx.value("author").toObject().value("uid").toInteger(), 10001);
    // reports
    QCOMPARE(item.value("reportCount").toInteger(), 2);
    const QJsonArray reports = item.value("reports").toArray();
    QCOMPARE(reports.size(), 2);
    QSet<qint64> reporters;
    for (const auto &v : reports) {
        const QJsonObject rep = v.toObject();
        QCOMPARE(rep.value("targetType").toString(), QStringLiteral("comment"));
        QCOMPARE(rep.value("targetId").toInteger(), comment);
        QVERIFY(QStringList({"spam", "abuse", "illegal", "other"})
                    .contains(rep.value("reason").toString()));
        reporters.insert(rep.value("reporter").toObject().value("uid").toInteger());
    }
    QCOMPARE(reporters, QSet<qint64>({10002, 10003}));
    // no auto-flag: null, present
    QVERIFY(item.contains("autoFlag"));
    QVERIFY(item.value("autoFlag").isNull());

    // A post item: target is the post.
    EXPECT_STATUS(report("lisi", "post", post, "other", "whole post"), 201);
    const QJsonObject postItem = queueItem("post", post);
    QVERIFY2(!postItem.isEmpty(), "no open item for the reported post");
    QCOMPARE(postItem.value("target").toObject().value("id").toInteger(), post);
    QCOMPARE(
        postItem.value("target").toObject().value("author").toObject().value("uid").toInteger(),
        10001);
    QCOMPARE(postItem.value("reportCount").toInteger(), 1);
    QVERIFY(postItem.value("id").toInteger() != item.value("id").toInteger());
}

void TstModeration::queueOrderAndPaging()
{
    // Three fresh reported posts: the newest item comes first.
    QList<qint64> posts;
    for (int i = 0; i < 3; ++i) {
        const qint64 p = newPost("zhangsan", unique("queue order"));
        QVERIFY(p > 0);
        EXPECT_STATUS(report("lisi", "post", p), 201);
        posts << p; // same millisecond or not: ties are ordered by id, newest first
    }
    auto c = mod();
    const HttpResult first = c->get(kApi + "/moderation/queue?status=open&limit=2");
    EXPECT_STATUS(first, 200);
    QCOMPARE(first.items().size(), 2);
    QCOMPARE(first.items().at(0).toObject().value("targetId").toInteger(), posts[2]);
    QCOMPARE(first.items().at(1).toObject().value("targetId").toInteger(), posts[1]);
    QVERIFY(first.obj().value("next").isString());
    const HttpResult second = c->get(kApi + "/moderation/queue?status=open&limit=2&before=" +
                                     enc(first.obj().value("next").toString()));
    EXPECT_STATUS(second, 200);
    QVERIFY(!second.items().isEmpty());
    QCOMPARE(second.items().at(0).toObject().value("targetId").toInteger(), posts[0]);

    // The whole open queue: newest first, no duplicates, only open items; last page next null.
    QList<QPair<qint64, qint64>> keys; // (createtime, id)
    QSet<qint64> seen;
    QString before;
    for (int page = 0; page < 500; ++page) {
        QString path = kApi + "/moderation/queue?status=open&limit=7";
        if (!before.isEmpty())
            path += "&before=" + enc(before);
        const HttpResult r = c->get(path);
        EXPECT_STATUS(r, 200);
        QVERIFY(r.items().size() <= 7);
        for (const auto &v : r.items()) {
            const QJsonObject it = v.toObject();
            QCOMPARE(it.value("status").toString(), QStringLiteral("open"));
            QVERIFY2(!seen.contains(it.value("id").toInteger()), "an item on two pages");
            seen.insert(it.value("id").toInteger());
            keys << qMakePair(it.value("createtime").toInteger(), it.value("id").toInteger());
        }
        QVERIFY(r.obj().contains("next"));
        if (r.obj().value("next").isNull())
            break;
        before = r.obj().value("next").toString();
        QVERIFY(!before.isEmpty());
    }
    QVERIFY(keys.size() >= 3);
    for (int i = 1; i < keys.size(); ++i)
        QVERIFY2(keys[i - 1] > keys[i], "the queue is not newest first");

    // limit over the maximum is clamped; a bad one is 400; another status is 400.
    const HttpResult big = c->get(kApi + "/moderation/queue?limit=5000");
    EXPECT_STATUS(big, 200);
    QVERIFY(big.items().size() <= 50);
    EXPECT_STATUS(c->get(kApi + "/moderation/queue?limit=-1"), 400);
    EXPECT_STATUS(c->get(kApi + "/moderation/queue?limit=abc"), 400);
}

void TstModeration::queueCloseAndReopen_data()
{
    QTest::addColumn<QString>("how");
    QTest::addColumn<QString>("type");
    QTest::newRow("hide comment") << "hide"
                                  << "comment";
    QTest::newRow("dismiss comment") << "dismiss"
                                     << "comment";
    QTest::newRow("hide post") << "hide"
                               << "post";
    QTest::newRow("dismiss post") << "dismiss"
                                  << "post";
}

void TstModeration::queueCloseAndReopen()
{
    QFETCH(QString, how);
    QFETCH(QString, type);

    const qint64 post = newPost("zhangsan", unique("close and reopen"));
    QVERIFY(post > 0);
    const qint64 comment = newComment("wangwu", post, unique("close me"));
    QVERIFY(comment > 0);
    const qint64 target = type == "post" ? post : comment;

    EXPECT_STATUS(report("lisi", type, target, "abuse"), 201);
    const QJsonObject item = queueItem(type, target);
    QVERIFY(!item.isEmpty());
    const qint64 itemId = item.value("id").toInteger();

    if (how == "hide") {
        EXPECT_2XX(hide(type, target, "closing"));
    } else {
        EXPECT_2XX(mod()->post(kApi + QStringLiteral("/moderation/items/%1/dismiss").arg(itemId),
                               QJsonObject{{"reason", "fine"}}));
    }
    QVERIFY2(queueItem(type, target, "open").isEmpty(), "the item is still open");
    const QJsonObject closed = queueItem(type, target, "closed");
    QVERIFY2(!closed.isEmpty(), "the item is not in the closed queue");
    QCOMPARE(closed.value("id").toInteger(), itemId);
    QCOMPARE(closed.value("status").toString(), QStringLiteral("closed"));

    if (how == "hide")
        EXPECT_2XX(unhide(type, target));

    // A later report by someone else reopens the same item.
    EXPECT_STATUS(report("mazi", type, target, "spam"), 201);
    const QJsonObject reopened = queueItem(type, target, "open");
    QVERIFY2(!reopened.isEmpty(), "a later report did not reopen the item");
    QCOMPARE(reopened.value("id").toInteger(), itemId);
    QCOMPARE(reopened.value("status").toString(), QStringLiteral("open"));
    QCOMPARE(reopened.value("reportCount").toInteger(), 2);
    QVERIFY(queueItem(type, target, "closed").isEmpty());
}

void TstModeration::autoFlag_data()
{
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("word");
    QTest::newRow("post, CJK word") << "post" << kFlagWord;
    QTest::newRow("comment, CJK word") << "comment" << kFlagWord;
    QTest::newRow("post, latin word") << "post" << kFlagWord2;
    QTest::newRow("comment, latin word") << "comment" << kFlagWord2;
}

void TstModeration::autoFlag()
{
    QFETCH(QString, type);
    QFETCH(QString, word);

    const QString text = unique(QStringLiteral("开头 %1 结尾").arg(word));
    const qint64 clean = newPost("zhangsan", unique("nothing to see"));
    QVERIFY(clean > 0);
    qint64 target = 0;
    qint64 post = 0;
    if (type == "post") {
        post = target = newPost("zhangsan", text);
    } else {
        post = clean;
        target = newComment("zhangsan", post, text);
    }
    QVERIFY(target > 0);

    // Published at once: another user sees it.
    if (type == "post") {
        const HttpResult r = getPost("lisi", target);
        EXPECT_STATUS(r, 200);
        QCOMPARE(r.obj().value("content").toString(), text);
        const HttpResult tl = as("lisi")->get(kApi + "/timeline?scope=all&limit=10");
        EXPECT_STATUS(tl, 200);
        QVERIFY2(containsId(tl.items(), target), "a flagged post is not in the timeline");
    } else {
        QJsonArray roots;
        QVERIFY(floors("lisi", post, &roots));
        QVERIFY2(containsId(roots, target), "a flagged comment is not in the thread");
        QCOMPARE(findById(roots, target).value("status").toString(), QStringLiteral("visible"));
    }

    // And a queue item with autoFlag.word, no reports.
    const QJsonObject item = queueItem(type, target);
    QVERIFY2(!item.isEmpty(), "no queue item for auto-flagged content");
    QCOMPARE(item.value("autoFlag").toObject().value("word").toString(), word);
    QCOMPARE(item.value("reportCount").toInteger(), 0);
    QCOMPARE(item.value("reports").toArray().size(), 0);
    QCOMPARE(item.value("target").toObject().value("id").toInteger(), target);

    // Content without a listed word opens nothing.
    QVERIFY(queueItem("post", clean).isEmpty());
    QVERIFY(queueItem("post", clean, "closed").isEmpty());

    // A report on flagged content joins the same item.
    EXPECT_STATUS(report("lisi", type, target), 201);
    const QJsonObject after = queueItem(type, target);
    QCOMPARE(after.value("id").toInteger(), item.value("id").toInteger());
    QCOMPARE(after.value("reportCount").toInteger(), 1);
    QCOMPARE(after.value("autoFlag").toObject().value("word").toString(), word);
}

// ---------------------------------------------------------------------------------------------
// Hiding

void TstModeration::hideReply()
{
    const qint64 post = newPost("zhangsan", unique("hide a reply"));
    QVERIFY(post > 0);
    const qint64 root = newComment("lisi", post, unique("root"));
    const qint64 r1 = newComment("wangwu", post, unique("r1"), root);
    const qint64 r2 = newComment("mazi", post, unique("r2 answers r1"), r1);
    const qint64 root2 = newComment("qianqi", post, unique("root2"));
    QVERIFY(root > 0 && r1 > 0 && r2 > 0 && root2 > 0);

    const HttpResult h = hide("comment", r1, "abusive");
    EXPECT_2XX(h);

    for (const QString reader :
         {"tingtamen", "wangwu" /* its author */, "zhangsan" /* post author */}) {
        QJsonArray roots, inlineReplies;
        QVERIFY(floors(reader, post, &roots, &inlineReplies));
        QVERIFY(containsId(roots, root));
        QVERIFY(containsId(roots, root2));
        QVERIFY2(!containsId(inlineReplies, r1), qPrintable(reader));
        QVERIFY(containsId(inlineReplies, r2));
        QCOMPARE(findById(roots, root).value("replyCount").toInteger(), 1);

        QJsonArray floor;
        QCOMPARE(replies(reader, root, &floor), 200);
        QCOMPARE(idsOf(floor), QList<qint64>{r2});

        const HttpResult p = getPost(reader, post, 5);
        EXPECT_STATUS(p, 200);
        QCOMPARE(p.obj().value("commentCount").toInteger(), 3);
        QVERIFY(!containsId(p.obj().value("comments").toArray(), r1));
        QVERIFY(containsId(p.obj().value("comments").toArray(), r2));
    }

    // Moderators see it, marked.
    QJsonArray floor;
    QCOMPARE(replies("moderator", root, &floor), 200);
    QCOMPARE(idsOf(floor), (QList<qint64>{r1, r2}));
    const QJsonObject hidden = findById(floor, r1);
    QCOMPARE(hidden.value("status").toString(), QStringLiteral("hidden"));
    const QJsonObject m = hidden.value("moderation").toObject();
    QCOMPARE(m.value("by").toObject().value("uid").toInteger(), kModeratorUid);
    QCOMPARE(m.value("reason").toString(), QStringLiteral("abusive"));
    QVERIFY(m.value("createtime").toInteger() > 1500000000000);
    QCOMPARE(findById(floor, r2).value("status").toString(), QStringLiteral("visible"));
    QVERIFY(!findById(floor, r2).contains("moderation"));
    // Counts are what readers see, for moderators too.
    const HttpResult pm = getPost("moderator", post, 5);
    QCOMPARE(pm.obj().value("commentCount").toInteger(), 3);
    QJsonArray modRoots;
    QVERIFY(floors("moderator", post, &modRoots));
    QCOMPARE(findById(modRoots, root).value("replyCount").toInteger(), 1);

    // Replying to a hidden comment is a parentId that is not a visible comment: 422.
    const HttpResult replyToHidden =
        as("lisi")->post(kApi + QStringLiteral("/posts/%1/comments").arg(post),
                         QJsonObject{{"content", "hello?"}, {"parentId", r1}});
    EXPECT_STATUS(replyToHidden, 422);

    // Unhide: back for everyone, counts restored.
    EXPECT_2XX(unhide("comment", r1));
    QJsonArray back;
    QCOMPARE(replies("tingtamen", root, &back), 200);
    QCOMPARE(idsOf(back), (QList<qint64>{r1, r2}));
    QCOMPARE(findById(back, r1).value("status").toString(), QStringLiteral("visible"));
    QVERIFY(!findById(back, r1).contains("moderation"));
    QCOMPARE(getPost("tingtamen", post).obj().value("commentCount").toInteger(), 4);
}

void TstModeration::hideRootHidesFloorAndRestoresIt()
{
    const qint64 post = newPost("zhangsan", unique("hide a floor"));
    QVERIFY(post > 0);
    const qint64 other = newComment("mazi", post, unique("another floor"));
    const qint64 root = newComment("lisi", post, unique("root"));
    const qint64 a = newComment("wangwu", post, unique("a"), root);
    const qint64 b = newComment("mazi", post, unique("b"), a);
    const qint64 c = newComment("qianqi", post, unique("c"), root);
    QVERIFY(other > 0 && root > 0 && a > 0 && b > 0 && c > 0);

    qint64 totalBefore = -1;
    {
        QJsonArray roots;
        QVERIFY(floors("tingtamen", post, &roots, nullptr, &totalBefore));
        QCOMPARE(totalBefore, 2);
    }

    // b on its own first, then the whole floor.
    EXPECT_2XX(hide("comment", b, "b alone"));
    EXPECT_2XX(hide("comment", root, "the floor"));

    // Readers: the floor is gone everywhere.
    QJsonArray roots, inlineReplies;
    qint64 total = -1;
    QVERIFY(floors("tingtamen", post, &roots, &inlineReplies, &total));
    QCOMPARE(idsOf(roots), QList<qint64>{other});
    QCOMPARE(total, 1);
    QVERIFY(inlineReplies.isEmpty());
    QJsonArray none;
    QCOMPARE(replies("tingtamen", root, &none), 404);
    QCOMPARE(replies("lisi", root, &none), 404); // the root's own author too
    HttpResult p = getPost("tingtamen", post, 5);
    EXPECT_STATUS(p, 200);
    QCOMPARE(p.obj().value("commentCount").toInteger(), 1);
    QCOMPARE(idsOf(p.obj().value("comments").toArray()), QList<qint64>{other});
    // A reply into the hidden floor is 422.
    EXPECT_STATUS(as("lisi")->post(kApi + QStringLiteral("/posts/%1/comments").arg(post),
                                   QJsonObject{{"content", "still there?"}, {"parentId", c}}),
                  422);

    // Moderators: everything, marked hidden; counts as readers see them.
    QJsonArray modRoots;
    qint64 modTotal = -1;
    QVERIFY(floors("moderator", post, &modRoots, nullptr, &modTotal));
    QCOMPARE(modTotal, 2);
    QCOMPARE(findById(modRoots, root).value("status").toString(), QStringLiteral("hidden"));
    QCOMPARE(findById(modRoots, root).value("moderation").toObject().value("reason").toString(),
             QStringLiteral("the floor"));
    QJsonArray modFloor;
    QCOMPARE(replies("moderator", root, &modFloor), 200);
    QCOMPARE(idsOf(modFloor), (QList<qint64>{a, b, c}));
    for (const auto &v : modFloor)
        QCOMPARE(v.toObject().value("status").toString(), QStringLiteral("hidden"));
    QCOMPARE(getPost("moderator", post).obj().value("commentCount").toInteger(), 1);

    // Unhide the root: the floor as it was — b, hidden on its own before, stays hidden.
    EXPECT_2XX(unhide("comment", root));
    roots = {};
    inlineReplies = {};
    QVERIFY(floors("tingtamen", post, &roots, &inlineReplies, &total));
    QCOMPARE(idsOf(roots), (QList<qint64>{other, root}));
    QCOMPARE(total, 2);
    QCOMPARE(findById(roots, root).value("replyCount").toInteger(), 2);
    QJsonArray floor;
    QCOMPARE(replies("tingtamen", root, &floor), 200);
    QCOMPARE(idsOf(floor), (QList<qint64>{a, c}));
    p = getPost("tingtamen", post, 5);
    QCOMPARE(p.obj().value("commentCount").toInteger(), 4);
    QVERIFY(!containsId(p.obj().value("comments").toArray(), b));

    modFloor = {};
    QCOMPARE(replies("moderator", root, &modFloor), 200);
    QCOMPARE(findById(modFloor, a).value("status").toString(), QStringLiteral("visible"));
    QCOMPARE(findById(modFloor, c).value("status").toString(), QStringLiteral("visible"));
    QCOMPARE(findById(modFloor, b).value("status").toString(), QStringLiteral("hidden"));
    QCOMPARE(findById(modFloor, b).value("moderation").toObject().value("reason").toString(),
             QStringLiteral("b alone"));

    // And b can still come back on its own.
    EXPECT_2XX(unhide("comment", b));
    QCOMPARE(getPost("tingtamen", post).obj().value("commentCount").toInteger(), 5);
}

void TstModeration::hidePost()
{
    const QString text = unique("a post to hide");
    const qint64 post = newPost("zhangsan", text);
    QVERIFY(post > 0);
    const qint64 comment = newComment("lisi", post, unique("under it"));
    QVERIFY(comment > 0);

    EXPECT_2XX(hide("post", post, "spam post"));

    for (const QString reader : {"lisi", "zhangsan" /* its author */}) {
        const HttpResult r = getPost(reader, post);
        EXPECT_STATUS(r, 404);
        QCOMPARE(r.errorCode(), QStringLiteral("not_found"));
        const HttpResult all = as(reader)->get(kApi + "/timeline?scope=all&limit=50");
        EXPECT_STATUS(all, 200);
        QVERIFY2(!containsId(all.items(), post), "a hidden post in the timeline");
        const HttpResult mine = as(reader)->get(kApi + "/timeline?scope=user&uid=10001&limit=50");
        EXPECT_STATUS(mine, 200);
        QVERIFY2(!containsId(mine.items(), post), "a hidden post in the author's timeline");
        EXPECT_STATUS(as(reader)->put(kApi + QStringLiteral("/posts/%1/like").arg(post)), 404);
        // Its thread is gone with it.
        EXPECT_STATUS(as(reader)->get(kApi + QStringLiteral("/posts/%1/comments").arg(post)), 404);
        EXPECT_STATUS(as(reader)->get(kApi + QStringLiteral("/comments/%1/replies").arg(comment)),
                      404);
        EXPECT_STATUS(as(reader)->post(kApi + QStringLiteral("/posts/%1/comments").arg(post),
                                       QJsonObject{{"content", "anyone there?"}}),
                      404);
    }

    const HttpResult m = getPost("moderator", post);
    EXPECT_STATUS(m, 200);
    QCOMPARE(m.obj().value("hidden").toBool(false), true);
    const QJsonObject mod = m.obj().value("moderation").toObject();
    QCOMPARE(mod.value("by").toObject().value("uid").toInteger(), kModeratorUid);
    QCOMPARE(mod.value("reason").toString(), QStringLiteral("spam post"));
    QVERIFY(mod.value("createtime").toInteger() > 1500000000000);

    EXPECT_2XX(unhide("post", post));
    const HttpResult back = getPost("lisi", post);
    EXPECT_STATUS(back, 200);
    QCOMPARE(back.obj().value("content").toString(), text);
    QCOMPARE(back.obj().value("hidden").toBool(true), false);
    QVERIFY(!back.obj().contains("moderation"));
    QCOMPARE(back.obj().value("commentCount").toInteger(), 1);
    const HttpResult all = as("lisi")->get(kApi + "/timeline?scope=all&limit=50");
    QVERIFY2(containsId(all.items(), post), "an unhidden post is not back in the timeline");
    const HttpResult mb = getPost("moderator", post);
    QCOMPARE(mb.obj().value("hidden").toBool(true), false);
    QVERIFY(!mb.obj().contains("moderation"));
}

// ---------------------------------------------------------------------------------------------
// The log

void TstModeration::moderationLog()
{
    const qint64 post = newPost("zhangsan", unique("log test"));
    const qint64 post2 = newPost("lisi", unique("log test, to delete"));
    const qint64 c1 = newComment("lisi", post, unique("c1"));
    const qint64 c2 = newComment("wangwu", post, unique("c2"));
    const qint64 c3 = newComment("mazi", post, unique("c3"));
    QVERIFY(post > 0 && post2 > 0 && c1 > 0 && c2 > 0 && c3 > 0);
    EXPECT_STATUS(report("qianqi", "comment", c2), 201);
    const qint64 item = queueItem("comment", c2).value("id").toInteger();
    QVERIFY(item > 0);
    const QString rawDevice = QStringLiteral("log-model-%1").arg(post);

    const qint64 base = topLogId();
    QVERIFY(base >= 0);
    auto m = mod();

    struct Expected
    {
        QString action, type;
        qint64 id;
        QString reason;
    };
    QList<Expected> expected;

    // hide / repeat / unhide / repeat, on a comment and a post
    EXPECT_2XX(hide("comment", c1, "r-hide-c1"));
    expected.append({"hide", "comment", c1, "r-hide-c1"});
    EXPECT_2XX(hide("comment", c1, "r-hide-c1 again"));
    EXPECT_2XX(m->post(kApi + QStringLiteral("/moderation/comments/%1/unhide").arg(c1),
                       QJsonObject{{"reason", "r-unhide-c1"}}));
    expected.append({"unhide", "comment", c1, "r-unhide-c1"});
    EXPECT_2XX(unhide("comment", c1));
    EXPECT_2XX(hide("post", post, "r-hide-post"));
    expected.append({"hide", "post", post, "r-hide-post"});
    EXPECT_2XX(hide("post", post, "r-hide-post again"));
    EXPECT_2XX(unhide("post", post));
    expected.append({"unhide", "post", post, QString()});
    EXPECT_2XX(unhide("post", post));

    // dismiss names the content, not the item
    EXPECT_2XX(m->post(kApi + QStringLiteral("/moderation/items/%1/dismiss").arg(item),
                       QJsonObject{{"reason", "r-dismiss"}}));
    expected.append({"dismiss", "comment", c2, "r-dismiss"});
    EXPECT_2XX(
        m->post(kApi + QStringLiteral("/moderation/items/%1/dismiss").arg(item), QJsonObject{}));

    // a moderator deleting someone else's content; repeated: 204, no entry
    EXPECT_STATUS(m->del(kApi + QStringLiteral("/comments/%1").arg(c3)), 204);
    expected.append({"delete", "comment", c3, QString()});
    EXPECT_STATUS(m->del(kApi + QStringLiteral("/comments/%1").arg(c3)), 204);
    EXPECT_STATUS(m->del(kApi + QStringLiteral("/posts/%1").arg(post2)), 204);
    expected.append({"delete", "post", post2, QString()});
    EXPECT_STATUS(m->del(kApi + QStringLiteral("/posts/%1").arg(post2)), 204);

    // a moderator deleting their own comment is no moderation
    const qint64 own = newComment("moderator", post, unique("mine"));
    QVERIFY(own > 0);
    EXPECT_STATUS(m->del(kApi + QStringLiteral("/comments/%1").arg(own)), 204);

    // the device table; the same mapping again changes nothing
    EXPECT_2XX(m->put(kApi + "/devices", QJsonObject{{"raw", rawDevice}, {"display", "日志机"}}));
    expected.append({"device", QString(), 0, QString()});
    EXPECT_2XX(m->put(kApi + "/devices", QJsonObject{{"raw", rawDevice}, {"display", "日志机"}}));

    // An ordinary user's own delete is no moderation either.
    const qint64 selfDel = newComment("lisi", post, unique("self delete"));
    QVERIFY(selfDel > 0);
    EXPECT_STATUS(as("lisi")->del(kApi + QStringLiteral("/comments/%1").arg(selfDel)), 204);

    const QJsonArray log = logSince(base);
    QStringList got;
    for (const auto &v : log) {
        const QJsonObject e = v.toObject();
        got << QStringLiteral("%1 %2 %3")
                   .arg(e.value("action").toString(), e.value("targetType").toString())
                   .arg(e.value("targetId").toInteger());
    }
    QStringList want;
    for (auto it = expected.crbegin(); it != expected.crend(); ++it) // newest first
        want << QStringLiteral("%1 %2 %3").arg(it->action, it->type).arg(it->id);
    // The device entry's target is not fixed by the contract: compare its action only.
    QCOMPARE(got.size(), want.size());
    QVERIFY(got.first().startsWith("device "));
    got.removeFirst();
    want.removeFirst();
    QCOMPARE(got, want);

    // Every entry's shape.
    for (int i = 0; i < log.size(); ++i) {
        const QJsonObject e = log.at(i).toObject();
        QVERIFY(e.value("id").toInteger() > base);
        QCOMPARE(e.value("moderator").toObject().value("uid").toInteger(), kModeratorUid);
        QVERIFY(!e.value("moderator").toObject().value("nickName").toString().isEmpty());
        QVERIFY(e.value("createtime").toInteger() > 1500000000000);
        QVERIFY(e.contains("reason"));
    }
    // Reasons given are kept.
    const auto reasonOf = [&](const QString &action, const QString &type, qint64 id) {
        for (const auto &v : log) {
            const QJsonObject e = v.toObject();
            if (e.value("action").toString() == action &&
                e.value("targetType").toString() == type && e.value("targetId").toInteger() == id)
                return e.value("reason").toString();
        }
        return QStringLiteral("<absent>");
    };
    QCOMPARE(reasonOf("hide", "comment", c1), QStringLiteral("r-hide-c1"));
    QCOMPARE(reasonOf("unhide", "comment", c1), QStringLiteral("r-unhide-c1"));
    QCOMPARE(reasonOf("hide", "post", post), QStringLiteral("r-hide-post"));
    QCOMPARE(reasonOf("dismiss", "comment", c2), QStringLiteral("r-dismiss"));
}

void TstModeration::moderationLogFiltersAndPaging()
{
    // A few entries of our own so that there is something to page over.
    const qint64 post = newPost("zhangsan", unique("log paging"));
    QVERIFY(post > 0);
    QList<qint64> comments;
    for (int i = 0; i < 4; ++i) {
        const qint64 c = newComment("lisi", post, unique("to hide"));
        QVERIFY(c > 0);
        EXPECT_2XX(hide("comment", c, "paging"));
        comments << c;
    }
    EXPECT_2XX(unhide("comment", comments.first()));

    auto m = mod();
    auto walk = [&](const QString &filter, int limit, QJsonArray *out) {
        QString before;
        for (int page = 0; page < 1000; ++page) {
            QString path = kApi + QStringLiteral("/moderation/log?limit=%1").arg(limit) + filter;
            if (!before.isEmpty())
                path += "&before=" + enc(before);
            const HttpResult r = m->get(path);
            if (r.status != 200) {
                qWarning() << r.describe();
                return false;
            }
            if (r.items().size() > limit)
                return false;
            for (const auto &v : r.items())
                out->append(v);
            const QJsonValue next = r.obj().value("next");
            if (next.isNull())
                return true;
            if (!next.isString())
                return false;
            before = next.toString();
        }
        return false;
    };

    QJsonArray big, small;
    QVERIFY(walk({}, 50, &big));
    QVERIFY(walk({}, 2, &small));
    QVERIFY(big.size() >= 5);
    QCOMPARE(idsOf(small), idsOf(big)); // paging loses and repeats nothing
    for (int i = 1; i < big.size(); ++i) {
        const QJsonObject p = big.at(i - 1).toObject(), q = big.at(i).toObject();
        const auto kp = qMakePair(p.value("createtime").toInteger(), p.value("id").toInteger());
        const auto kq = qMakePair(q.value("createtime").toInteger(), q.value("id").toInteger());
        QVERIFY2(kp > kq, "the log is not newest first");
    }
    // The newest entry is our unhide.
    QCOMPARE(big.first().toObject().value("action").toString(), QStringLiteral("unhide"));
    QCOMPARE(big.first().toObject().value("targetId").toInteger(), comments.first());

    // action=hide: only hides, ours among them, newest first.
    QJsonArray hides;
    QVERIFY(walk("&action=hide", 3, &hides));
    QVERIFY(hides.size() >= 4);
    for (const auto &v : hides)
        QCOMPARE(v.toObject().value("action").toString(), QStringLiteral("hide"));
    for (int i = 0; i < 4; ++i)
        QCOMPARE(hides.at(i).toObject().value("targetId").toInteger(), comments.at(3 - i));
    int hidesInBig = 0;
    for (const auto &v : big)
        hidesInBig += v.toObject().value("action").toString() == "hide";
    QCOMPARE(hides.size(), hidesInBig);

    // moderator=uid
    QJsonArray byMod, byUser;
    QVERIFY(walk("&moderator=10009", 50, &byMod));
    QCOMPARE(idsOf(byMod), idsOf(big)); // the demo has one moderator
    QVERIFY(walk("&moderator=10001", 50, &byUser));
    QVERIFY(byUser.isEmpty());
    QJsonArray both;
    QVERIFY(walk("&moderator=10009&action=unhide", 50, &both));
    QVERIFY(!both.isEmpty());
    for (const auto &v : both)
        QCOMPARE(v.toObject().value("action").toString(), QStringLiteral("unhide"));

    // Malformed filters and limits.
    EXPECT_STATUS(m->get(kApi + "/moderation/log?moderator=abc"), 400);
    EXPECT_STATUS(m->get(kApi + "/moderation/log?limit=-3"), 400);
    const HttpResult clamped = m->get(kApi + "/moderation/log?limit=100000");
    EXPECT_STATUS(clamped, 200);
    QVERIFY(clamped.items().size() <= 50);
}

// ---------------------------------------------------------------------------------------------
// Devices and stats

void TstModeration::devices()
{
    auto m = mod();
    const HttpResult list = as("lisi")->get(kApi + "/devices");
    EXPECT_STATUS(list, 200);
    QVERIFY(list.isJson());

    // Case-insensitive both ways: the mapping is written in one case, posts report another.
    const QString display = QStringLiteral("一加六 %1").arg(++m_counter);
    EXPECT_2XX(
        m->put(kApi + "/devices", QJsonObject{{"raw", "OnePlus A6000"}, {"display", display}}));
    const QHash<QString, QString> table = deviceTable(as("lisi")->get(kApi + "/devices"));
    QCOMPARE(table.value("oneplus a6000"), display);

    const qint64 mapped = newPost("zhangsan", unique("from my phone"), "ONEPLUS A6000");
    QVERIFY(mapped > 0);
    QCOMPARE(getPost("lisi", mapped).obj().value("device").toString(), display);
    const qint64 lower = newPost("zhangsan", unique("from my phone"), "oneplus a6000");
    QVERIFY(lower > 0);
    QCOMPARE(getPost("lisi", lower).obj().value("device").toString(), display);

    // Unmapped: the raw string as reported.
    const QString raw = QStringLiteral("Nokia 3310 TL-%1").arg(mapped);
    const qint64 unmapped = newPost("zhangsan", unique("brick"), raw);
    QVERIFY(unmapped > 0);
    QCOMPARE(getPost("lisi", unmapped).obj().value("device").toString(), raw);

    // Remapping changes what new posts show.
    const QString display2 = display + QStringLiteral(" Pro");
    EXPECT_2XX(
        m->put(kApi + "/devices", QJsonObject{{"raw", "oneplus a6000"}, {"display", display2}}));
    const qint64 later = newPost("zhangsan", unique("again"), "OnePlus a6000");
    QVERIFY(later > 0);
    QCOMPARE(getPost("lisi", later).obj().value("device").toString(), display2);
    QCOMPARE(deviceTable(as("lisi")->get(kApi + "/devices")).value("oneplus a6000"), display2);

    // An ordinary user may read the table but not change it.
    const HttpResult forbidden = as("lisi")->put(
        kApi + "/devices", QJsonObject{{"raw", "OnePlus A6000"}, {"display", "hacked"}});
    EXPECT_STATUS(forbidden, 403);
    QCOMPARE(forbidden.errorCode(), QStringLiteral("forbidden"));
    QCOMPARE(deviceTable(as("lisi")->get(kApi + "/devices")).value("oneplus a6000"), display2);

    // Bad bodies.
    EXPECT_STATUS(m->put(kApi + "/devices", QJsonObject{{"raw", 5}, {"display", "x"}}), 400);
}

void TstModeration::statsDay()
{
    auto m = mod();
    const QDate today = todayUtc8();
    const QString date = today.toString(Qt::ISODate);
    const QString month = today.toString("yyyy-MM");

    // Which demo users are already counted today (the moderator is: it made calls above).
    const QList<QPair<QString, qint64>> users{
        {"zhangsan", 10001},  {"lisi", 10002},   {"wangwu", 10003}, {"mazi", 10004},
        {"tingtamen", 10005}, {"qianqi", 10006}, {"maliu", 10007},  {"moderator", 10009}};
    int newlyActive = 0;
    for (const auto &[name, uid] : users) {
        const HttpResult u = m->get(
            kApi + QStringLiteral("/moderation/stats/users/%1?month=%2").arg(uid).arg(month));
        EXPECT_STATUS(u, 200);
        if (!u.obj().value("days").toArray().contains(today.day()))
            ++newlyActive;
    }
    const HttpResult s0 = m->get(kApi + "/moderation/stats?date=" + date);
    EXPECT_STATUS(s0, 200);
    QCOMPARE(s0.obj().value("date").toString(), date);

    // An authenticated call by each of them.
    for (const auto &[name, uid] : users)
        EXPECT_STATUS(as(name)->get(kApi + "/me"), 200);

    const HttpResult s1 = m->get(kApi + "/moderation/stats?date=" + date);
    EXPECT_STATUS(s1, 200);
    const QJsonObject o = s1.obj();
    QCOMPARE(o.value("date").toString(), date);
    for (const char *k :
         {"activeToday", "activeAllOfLast3Days", "activeAnyOfLast7Days", "inactiveLast7Days"}) {
        QVERIFY2(o.value(k).isDouble(), k);
        QVERIFY2(o.value(k).toInteger(-1) >= 0, k);
    }
    const qint64 today1 = o.value("activeToday").toInteger();
    QVERIFY2(today1 >= users.size(), qPrintable(QString::fromUtf8(s1.body)));
    QCOMPARE(today1, s0.obj().value("activeToday").toInteger() + newlyActive);
    QVERIFY(o.value("activeAnyOfLast7Days").toInteger() >= today1);
    QVERIFY(o.value("activeAllOfLast3Days").toInteger() <= today1);
    // Active on any of the last 7 days and inactive on all of them: every user, at most once.
    QCOMPARE(o.value("inactiveLast7Days").toInteger() + o.value("activeAnyOfLast7Days").toInteger(),
             s0.obj().value("inactiveLast7Days").toInteger() +
                 s0.obj().value("activeAnyOfLast7Days").toInteger());

    // Per user.
    for (const qint64 uid : {10007, 10005, 10009}) {
        const HttpResult u = m->get(
            kApi + QStringLiteral("/moderation/stats/users/%1?month=%2").arg(uid).arg(month));
        EXPECT_STATUS(u, 200);
        const QJsonObject uo = u.obj();
        QCOMPARE(uo.value("uid").toInteger(), uid);
        QCOMPARE(uo.value("month").toString(), month);
        const QJsonArray days = uo.value("days").toArray();
        QVERIFY2(days.contains(today.day()), qPrintable(QString::fromUtf8(u.body)));
        QCOMPARE(uo.value("daysActive").toInteger(), days.size());
        for (int i = 1; i < days.size(); ++i)
            QVERIFY(days.at(i - 1).toInteger() < days.at(i).toInteger());
    }

    // A day long ago: nobody.
    const HttpResult old = m->get(kApi + "/moderation/stats?date=2001-02-03");
    EXPECT_STATUS(old, 200);
    QCOMPARE(old.obj().value("date").toString(), QStringLiteral("2001-02-03"));
    QCOMPARE(old.obj().value("activeToday").toInteger(-1), 0);
    QCOMPARE(old.obj().value("activeAllOfLast3Days").toInteger(-1), 0);
    QCOMPARE(old.obj().value("activeAnyOfLast7Days").toInteger(-1), 0);
    const HttpResult oldMonth = m->get(kApi + "/moderation/stats/users/10007?month=2001-02");
    EXPECT_STATUS(oldMonth, 200);
    QCOMPARE(oldMonth.obj().value("daysActive").toInteger(-1), 0);
    QVERIFY(oldMonth.obj().value("days").isArray());
    QVERIFY(oldMonth.obj().value("days").toArray().isEmpty());
}

void TstModeration::statsBadQuery_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("status");
    QTest::newRow("month 13") << "/moderation/stats?date=2024-13-01" << 400;
    QTest::newRow("feb 30") << "/moderation/stats?date=2024-02-30" << 400;
    QTest::newRow("no dashes") << "/moderation/stats?date=20240101" << 400;
    QTest::newRow("words") << "/moderation/stats?date=yesterday" << 400;
    QTest::newRow("date with time") << "/moderation/stats?date=2024-01-01T00:00" << 400;
    QTest::newRow("user month 13") << "/moderation/stats/users/10001?month=2024-13" << 400;
    QTest::newRow("user month short") << "/moderation/stats/users/10001?month=2024-1" << 400;
    QTest::newRow("user month a date") << "/moderation/stats/users/10001?month=2024-01-01" << 400;
    QTest::newRow("user month words") << "/moderation/stats/users/10001?month=may" << 400;
    QTest::newRow("user id malformed") << "/moderation/stats/users/abc?month=2024-01" << 400;
    QTest::newRow("user id zero") << "/moderation/stats/users/0?month=2024-01" << 400;
    QTest::newRow("user unknown") << "/moderation/stats/users/8999999999?month=2024-01" << 404;
}

void TstModeration::statsBadQuery()
{
    QFETCH(QString, path);
    QFETCH(int, status);
    const HttpResult r = mod()->get(kApi + path);
    EXPECT_STATUS(r, status);
    QCOMPARE(r.errorCode(),
             status == 400 ? QStringLiteral("bad_request") : QStringLiteral("not_found"));
}

// ---------------------------------------------------------------------------------------------
// /sync

void TstModeration::syncStart()
{
    for (const QString user : {"lisi", "moderator"}) {
        const HttpResult r = as(user)->get(kApi + "/sync");
        EXPECT_STATUS(r, 200);
        const QJsonObject o = r.obj();
        QVERIFY(o.value("changes").isArray());
        QVERIFY(o.value("changes").toArray().isEmpty());
        QVERIFY(o.value("next").isString());
        QVERIFY(!o.value("next").toString().isEmpty());
        QVERIFY(o.value("hasMore").isBool());
        QCOMPARE(o.value("hasMore").toBool(true), false);
    }
    // The starting point is now: nothing happened since.
    auto c = as("lisi");
    const QString cursor = syncStart(*c);
    const SyncRun run = syncAll(*c, cursor);
    QVERIFY2(run.ok, run.error.constData());
    QVERIFY(run.changes.isEmpty());
    QVERIFY(!run.next.isEmpty());
    // Without a token: 401.
    Client anon(m_server.baseUrl());
    EXPECT_STATUS(anon.get(kApi + "/sync"), 401);
}

void TstModeration::syncLikeIsUpsertFromCallersView()
{
    const qint64 post = newPost("zhangsan", unique("sync likes"));
    QVERIFY(post > 0);
    auto lisi = as("lisi");
    auto wangwu = as("wangwu");
    const QString lisiCursor = syncStart(*lisi);
    const QString wangwuCursor = syncStart(*wangwu);
    QVERIFY(!lisiCursor.isEmpty() && !wangwuCursor.isEmpty());

    const HttpResult like = wangwu->put(kApi + QStringLiteral("/posts/%1/like").arg(post));
    EXPECT_STATUS(like, 200);
    QCOMPARE(like.obj().value("likeCount").toInteger(), 1);

    SyncRun run = syncAll(*lisi, lisiCursor);
    QVERIFY2(run.ok, run.error.constData());
    Change ch = lastChange(run.changes, "post", post);
    QCOMPARE(ch.op, QStringLiteral("upsert"));
    QCOMPARE(ch.data.value("id").toInteger(), post);
    QCOMPARE(ch.data.value("likeCount").toInteger(), 1);
    QCOMPARE(ch.data.value("liked").toBool(true), false); // lisi's view
    QCOMPARE(ch.data.value("author").toObject().value("uid").toInteger(), 10001);

    const SyncRun own = syncAll(*wangwu, wangwuCursor);
    QVERIFY2(own.ok, own.error.constData());
    ch = lastChange(own.changes, "post", post);
    QCOMPARE(ch.op, QStringLiteral("upsert"));
    QCOMPARE(ch.data.value("likeCount").toInteger(), 1);
    QCOMPARE(ch.data.value("liked").toBool(false), true); // wangwu's view

    // Then lisi likes too, and wangwu unlikes: each sees their own `liked`.
    const QString lisiNext = run.next;
    EXPECT_STATUS(lisi->put(kApi + QStringLiteral("/posts/%1/like").arg(post)), 200);
    EXPECT_STATUS(wangwu->del(kApi + QStringLiteral("/posts/%1/like").arg(post)), 200);
    run = syncAll(*lisi, lisiNext);
    QVERIFY2(run.ok, run.error.constData());
    ch = lastChange(run.changes, "post", post);
    QCOMPARE(ch.op, QStringLiteral("upsert"));
    QCOMPARE(ch.data.value("likeCount").toInteger(), 1);
    QCOMPARE(ch.data.value("liked").toBool(false), true);
    const SyncRun own2 = syncAll(*wangwu, own.next);
    QVERIFY2(own2.ok, own2.error.constData());
    ch = lastChange(own2.changes, "post", post);
    QCOMPARE(ch.data.value("liked").toBool(true), false);

    // A comment like: an upsert of the comment with its counts, from the caller's view.
    const qint64 comment = newComment("mazi", post, unique("like me"));
    QVERIFY(comment > 0);
    const QString c0 = syncStart(*lisi);
    EXPECT_STATUS(wangwu->put(kApi + QStringLiteral("/comments/%1/like").arg(comment)), 200);
    run = syncAll(*lisi, c0);
    QVERIFY2(run.ok, run.error.constData());
    ch = lastChange(run.changes, "comment", comment);
    QCOMPARE(ch.op, QStringLiteral("upsert"));
    QCOMPARE(ch.data.value("likeCount").toInteger(), 1);
    QCOMPARE(ch.data.value("liked").toBool(true), false);
    QCOMPARE(ch.data.value("score").toInteger(), 2);
}

void TstModeration::syncDeleteCommentAndFloor()
{
    const qint64 post = newPost("zhangsan", unique("sync deletes"));
    QVERIFY(post > 0);
    const qint64 root = newComment("lisi", post, unique("root"));
    const qint64 a = newComment("wangwu", post, unique("a"), root);
    const qint64 b = newComment("mazi", post, unique("b"), a);
    const qint64 root2 = newComment("qianqi", post, unique("root2"));
    const qint64 x = newComment("mazi", post, unique("x"), root2);
    QVERIFY(root > 0 && a > 0 && b > 0 && root2 > 0 && x > 0);

    auto reader = as("tingtamen");
    const QString cursor = syncStart(*reader);

    // The author deletes x: a remove of x, and upserts of its post and root with new counts.
    EXPECT_STATUS(as("mazi")->del(kApi + QStringLiteral("/comments/%1").arg(x)), 204);
    SyncRun run = syncAll(*reader, cursor);
    QVERIFY2(run.ok, run.error.constData());
    QCOMPARE(countOf(run.changes, "comment", x, "remove"), 1);
    QCOMPARE(lastChange(run.changes, "comment", x).op, QStringLiteral("remove"));
    Change p = lastChange(run.changes, "post", post);
    QCOMPARE(p.op, QStringLiteral("upsert"));
    QCOMPARE(p.data.value("commentCount").toInteger(), 4);
    Change r2 = lastChange(run.changes, "comment", root2);
    QCOMPARE(r2.op, QStringLiteral("upsert"));
    QCOMPARE(r2.data.value("replyCount").toInteger(), 0);
    for (const qint64 id : {root, a, b})
        QCOMPARE(countOf(run.changes, "comment", id, "remove"), 0);

    // The post's author deletes the root: a remove for every comment of the floor.
    EXPECT_STATUS(as("zhangsan")->del(kApi + QStringLiteral("/comments/%1").arg(root)), 204);
    run = syncAll(*reader, run.next);
    QVERIFY2(run.ok, run.error.constData());
    for (const qint64 id : {root, a, b}) {
        QVERIFY2(countOf(run.changes, "comment", id, "remove") >= 1,
                 qPrintable(QString::number(id)));
        QCOMPARE(lastChange(run.changes, "comment", id).op, QStringLiteral("remove"));
    }
    QCOMPARE(countOf(run.changes, "comment", root2, "remove"), 0);
    p = lastChange(run.changes, "post", post);
    QCOMPARE(p.op, QStringLiteral("upsert"));
    QCOMPARE(p.data.value("commentCount").toInteger(), 1);

    // Delete the post: a remove of the post alone.
    EXPECT_STATUS(as("zhangsan")->del(kApi + QStringLiteral("/posts/%1").arg(post)), 204);
    run = syncAll(*reader, run.next);
    QVERIFY2(run.ok, run.error.constData());
    QCOMPARE(lastChange(run.changes, "post", post).op, QStringLiteral("remove"));
    QCOMPARE(countOf(run.changes, "comment", root2, "remove"), 0);
}

void TstModeration::syncHidePost()
{
    const qint64 post = newPost("zhangsan", unique("sync hide post"));
    QVERIFY(post > 0);
    const qint64 c1 = newComment("lisi", post, unique("c1"));
    const qint64 c2 = newComment("wangwu", post, unique("c2"), c1);
    QVERIFY(c1 > 0 && c2 > 0);

    auto reader = as("lisi");
    auto m = mod();
    const QString rc = syncStart(*reader);
    const QString mc = syncStart(*m);

    EXPECT_2XX(hide("post", post, "sync"));

    SyncRun run = syncAll(*reader, rc);
    QVERIFY2(run.ok, run.error.constData());
    QCOMPARE(lastChange(run.changes, "post", post).op, QStringLiteral("remove"));
    QCOMPARE(countOf(run.changes, "post", post, "upsert"), 0);
    // The post alone: the client drops its comments with it.
    QCOMPARE(countOf(run.changes, "comment", c1, "remove"), 0);
    QCOMPARE(countOf(run.changes, "comment", c2, "remove"), 0);

    SyncRun modRun = syncAll(*m, mc);
    QVERIFY2(modRun.ok, modRun.error.constData());
    QCOMPARE(countOf(modRun.changes, "post", post, "remove"), 0);
    Change ch = lastChange(modRun.changes, "post", post);
    QCOMPARE(ch.op, QStringLiteral("upsert"));
    QCOMPARE(ch.data.value("hidden").toBool(false), true);
    QCOMPARE(ch.data.value("moderation").toObject().value("reason").toString(),
             QStringLiteral("sync"));

    // Unhide: it comes back.
    EXPECT_2XX(unhide("post", post));
    run = syncAll(*reader, run.next);
    QVERIFY2(run.ok, run.error.constData());
    ch = lastChange(run.changes, "post", post);
    QCOMPARE(ch.op, QStringLiteral("upsert"));
    QCOMPARE(ch.data.value("hidden").toBool(true), false);
    QCOMPARE(ch.data.value("commentCount").toInteger(), 2);
    modRun = syncAll(*m, modRun.next);
    QVERIFY2(modRun.ok, modRun.error.constData());
    ch = lastChange(modRun.changes, "post", post);
    QCOMPARE(ch.op, QStringLiteral("upsert"));
    QCOMPARE(ch.data.value("hidden").toBool(true), false);
}

void TstModeration::syncHideFloor()
{
    const qint64 post = newPost("zhangsan", unique("sync hide floor"));
    QVERIFY(post > 0);
    const qint64 root = newComment("lisi", post, unique("root"));
    const qint64 a = newComment("wangwu", post, unique("a"), root);
    const qint64 b = newComment("mazi", post, unique("b"), a);
    const qint64 other = newComment("qianqi", post, unique("other floor"));
    QVERIFY(root > 0 && a > 0 && b > 0 && other > 0);

    auto reader = as("tingtamen");
    auto m = mod();
    const QString rc = syncStart(*reader);
    const QString mc = syncStart(*m);

    EXPECT_2XX(hide("comment", root, "floor"));

    SyncRun run = syncAll(*reader, rc);
    QVERIFY2(run.ok, run.error.constData());
    for (const qint64 id : {root, a, b}) {
        QVERIFY2(countOf(run.changes, "comment", id, "remove") >= 1,
                 qPrintable(QString::number(id)));
        QCOMPARE(lastChange(run.changes, "comment", id).op, QStringLiteral("remove"));
    }
    QCOMPARE(countOf(run.changes, "comment", other, "remove"), 0);
    Change p = lastChange(run.changes, "post", post);
    QCOMPARE(p.op, QStringLiteral("upsert"));
    QCOMPARE(p.data.value("commentCount").toInteger(), 1);

    SyncRun modRun = syncAll(*m, mc);
    QVERIFY2(modRun.ok, modRun.error.constData());
    for (const qint64 id : {root, a, b}) {
        QCOMPARE(countOf(modRun.changes, "comment", id, "remove"), 0);
        const Change ch = lastChange(modRun.changes, "comment", id);
        QCOMPARE(ch.op, QStringLiteral("upsert"));
        QCOMPARE(ch.data.value("status").toString(), QStringLiteral("hidden"));
    }

    EXPECT_2XX(unhide("comment", root));
    run = syncAll(*reader, run.next);
    QVERIFY2(run.ok, run.error.constData());
    for (const qint64 id : {root, a, b}) {
        const Change ch = lastChange(run.changes, "comment", id);
        QCOMPARE(ch.op, QStringLiteral("upsert"));
        QCOMPARE(ch.data.value("id").toInteger(), id);
        QCOMPARE(ch.data.value("status").toString(), QStringLiteral("visible"));
    }
    QCOMPARE(lastChange(run.changes, "comment", root).data.value("replyCount").toInteger(), 2);
    p = lastChange(run.changes, "post", post);
    QCOMPARE(p.op, QStringLiteral("upsert"));
    QCOMPARE(p.data.value("commentCount").toInteger(), 4);

    modRun = syncAll(*m, modRun.next);
    QVERIFY2(modRun.ok, modRun.error.constData());
    for (const qint64 id : {root, a, b})
        QCOMPARE(lastChange(modRun.changes, "comment", id).data.value("status").toString(),
                 QStringLiteral("visible"));
}

void TstModeration::syncPaging()
{
    const qint64 post = newPost("zhangsan", unique("sync paging"));
    QVERIFY(post > 0);
    auto reader = as("qianqi");
    const QString cursor = syncStart(*reader);

    constexpr int kComments = 40;
    QList<qint64> created;
    for (int i = 0; i < kComments; ++i) {
        const qint64 c = newComment(i % 2 ? "lisi" : "wangwu", post, unique("page me"));
        QVERIFY(c > 0);
        created << c;
    }
    const HttpResult lk = as("mazi")->put(kApi + QStringLiteral("/posts/%1/like").arg(post));
    EXPECT_STATUS(lk, 200);

    constexpr int kLimit = 7;
    const SyncRun run = syncAll(*reader, cursor, kLimit);
    QVERIFY2(run.ok, run.error.constData());
    QVERIFY(run.pages >= (kComments + kLimit - 1) / kLimit);
    for (int i = 0; i < run.pages; ++i) {
        QVERIFY(run.pageSizes[i] <= kLimit);
        QCOMPARE(run.hasMore[i], i + 1 < run.pages);
    }
    // Every comment, in creation order (oldest first), and the post's final state last.
    QList<qint64> firstSeen;
    QSet<qint64> seen;
    for (const Change &c : run.changes) {
        if (c.kind == "comment" && c.op == "upsert" && !seen.contains(c.id)) {
            seen.insert(c.id);
            firstSeen << c.id;
        }
    }
    QCOMPARE(firstSeen, created);
    const Change p = lastChange(run.changes, "post", post);
    QCOMPARE(p.op, QStringLiteral("upsert"));
    QCOMPARE(p.data.value("likeCount").toInteger(), 1);
    QCOMPARE(p.data.value("commentCount").toInteger(), kComments);

    // The same run with the default limit sees the same objects in the same final state (a
    // server may send one upsert for several changes to an object, so counts may differ).
    const SyncRun one = syncAll(*reader, cursor);
    QVERIFY2(one.ok, one.error.constData());
    QCOMPARE(one.pages, 1);
    auto finalState = [](const QList<Change> &changes) {
        QMap<QPair<QString, qint64>, QJsonObject> out;
        for (const Change &c : changes)
            out[qMakePair(c.kind, c.id)] = QJsonObject{{"op", c.op}, {"data", c.data}};
        return out;
    };
    QCOMPARE(finalState(one.changes), finalState(run.changes));

    // After the last page: nothing more.
    const SyncRun rest = syncAll(*reader, run.next);
    QVERIFY2(rest.ok, rest.error.constData());
    QVERIFY(rest.changes.isEmpty());

    // limit above the maximum is clamped, not refused.
    const HttpResult big = reader->get(kApi + "/sync?limit=100000&since=" + enc(cursor));
    EXPECT_STATUS(big, 200);
}

void TstModeration::syncBadQuery_data()
{
    QTest::addColumn<QString>("query");
    QTest::newRow("garbage cursor") << "since=garbage";
    QTest::newRow("punctuation cursor") << "since=" + enc("%%%!!");
    QTest::newRow("negative limit") << "since={cursor}&limit=-1";
    QTest::newRow("word limit") << "since={cursor}&limit=many";
    QTest::newRow("fraction limit") << "since={cursor}&limit=1.5";
}

void TstModeration::syncBadQuery()
{
    QFETCH(QString, query);
    auto c = as("lisi");
    const QString cursor = syncStart(*c);
    QVERIFY(!cursor.isEmpty());
    query.replace("{cursor}", enc(cursor));
    const HttpResult r = c->get(kApi + "/sync?" + query);
    EXPECT_STATUS(r, 400);
    QCOMPARE(r.errorCode(), QStringLiteral("bad_request"));
}

void TstModeration::syncCursorExpired()
{
    TestServer server;
    QVERIFY2(server.start({QStringLiteral("--demo"), QStringLiteral("--changelog-days"),
                           QStringLiteral("0")}),
             server.stderrLog().right(3000).constData());
    Client c(server.baseUrl());
    QVERIFY(!c.login("lisi").isEmpty());
    const HttpResult first = c.get(kApi + "/sync");
    EXPECT_STATUS(first, 200);
    const QString cursor = first.obj().value("next").toString();
    QVERIFY(!cursor.isEmpty());

    // The cursor must be older than the change log keeps (0 days): let the clock move on.
    const qint64 issued = QDateTime::currentMSecsSinceEpoch();
    QTRY_VERIFY(QDateTime::currentMSecsSinceEpoch() > issued + 1);
    Client z(server.baseUrl());
    QVERIFY(!z.login("zhangsan").isEmpty());
    EXPECT_STATUS(z.post(kApi + "/posts", QJsonObject{{"category", "TEXT"},
                                                      {"content", "after the cursor"},
                                                      {"device", "TL Test Phone"}}),
                  201);

    const HttpResult r = c.get(kApi + "/sync?since=" + enc(cursor));
    EXPECT_STATUS(r, 410);
    QCOMPARE(r.errorCode(), QStringLiteral("cursor_expired"));
    QVERIFY(r.header("Content-Type").startsWith("application/json"));

    // A fresh start still works.
    EXPECT_STATUS(c.get(kApi + "/sync"), 200);
}

QTEST_GUILESS_MAIN(TstModeration)
#include "tst_moderation.moc"

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Search (docs/api.md, "Search") against the real threadline-server on loopback, on SQLite (FTS5,
// trigram) and on PostgreSQL (pg_trgm): GET /search?q=&kind=posts|comments|people — any 3 or
// more characters of Chinese text without spaces and an English word in any case; comments
// with their posts; hidden and deleted content never found by ordinary users, hidden content
// found by moderators (marked) and deleted content by nobody; paging newest first by its cursor;
// 1 and 2 characters among the newest posts only; people by nickname (never by sign-in name);
// the bounds of q; and the index built for content written before it existed (the migration).
//
// One demo server serves the class; each test searches for words of its own.

#include "httpchecks.h"
#include "signedin.h"
#include "testserver.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>
#include <QUrl>
#include <QUuid>

using namespace threadline::test;

namespace {

QList<qint64> ids(const QJsonArray &a)
{
    QList<qint64> out;
    for (const QJsonValue &v : a)
        out << v.toObject().value(QLatin1String("id")).toInteger(-1);
    return out;
}

QString encoded(const QString &text)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(text));
}

QString searchPath(const QString &q, const QString &kind = QStringLiteral("posts"),
                   const QString &more = {})
{
    return api(QStringLiteral("/search?q=%1&kind=%2%3").arg(encoded(q), kind, more));
}

// A comment on `postId` (a reply when parentId > 0); its id, or 0.
qint64 newComment(Client &c, qint64 postId, const QString &content, qint64 parentId = 0)
{
    QJsonObject body{{QStringLiteral("content"), content}};
    if (parentId > 0)
        body.insert(QStringLiteral("parentId"), parentId);
    const HttpResult r = c.post(api(QStringLiteral("/posts/%1/comments").arg(postId)), body);
    if (r.status != 201)
        qWarning("newComment failed: %s", r.describe().constData());
    return r.status == 201 ? num(r.obj(), "id") : 0;
}

} // namespace

class TestSearch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void postsByAnyThreeChineseCharacters();
    void postsByAnEnglishWordInAnyCase();
    void commentsComeWithTheirPosts();
    void hiddenAndDeletedPostsAreNotFound();
    void hiddenAndDeletedCommentsAreNotFound();
    void pagesNewestFirstByItsCursor();
    void shortQueriesLookAtTheNewestOnly();
    void peopleByNicknameOnly();
    void badInput();
    void theMigrationIndexesWhatWasThere();

private:
    Client &as(const QString &username) { return m_signedIn.as(username); }

    TestServer m_server;
    SignedIn m_signedIn{m_server};
};

void TestSearch::initTestCase()
{
    QVERIFY2(m_server.start(), m_server.stderrLog().right(2000).constData());
}

void TestSearch::postsByAnyThreeChineseCharacters()
{
    Client &author = as(QStringLiteral("zhangsan"));
    Client &reader = as(QStringLiteral("lisi"));
    const qint64 id =
        newPost(author, QStringLiteral("翡翠湾里的企鹅跳起了踢踏舞，围观的海鸥都看呆了"));
    const qint64 other = newPost(author, QStringLiteral("企鹅在冰上散步，踢踏声很轻"));
    QVERIFY(id > 0 && other > 0);
    // any three characters of it, wherever they are: no spaces needed between words
    for (const QString &q : {QStringLiteral("企鹅跳"), QStringLiteral("踢踏舞"),
                             QStringLiteral("海鸥都"), QStringLiteral("里的企鹅跳起了踢踏舞")}) {
        const HttpResult r = reader.get(searchPath(q));
        CHECK_STATUS(r, 200);
        QVERIFY2(ids(r.items()) == QList<qint64>{id}, qPrintable(q + u' ' + r.describe()));
        QCOMPARE(r.obj().value(QLatin1String("scope")).toString(), QStringLiteral("all"));
        QVERIFY(!r.obj().contains(QLatin1String("window")));
    }
    // both posts hold 企鹅 and 踢踏, only one the phrase across them
    QCOMPARE(ids(reader.get(searchPath(QStringLiteral("企鹅在冰"))).items()), QList<qint64>{other});
    QCOMPARE(ids(reader.get(searchPath(QStringLiteral("企鹅跳舞"))).items()), QList<qint64>{});
    // the items are posts as the timeline renders them
    const QJsonObject post =
        reader.get(searchPath(QStringLiteral("企鹅跳"))).items().first().toObject();
    QCOMPARE(post.value(QLatin1String("content")).toString(),
             QStringLiteral("翡翠湾里的企鹅跳起了踢踏舞，围观的海鸥都看呆了"));
    QCOMPARE(num(post.value(QLatin1String("author")).toObject(), "uid"), author.uid());
    QVERIFY(post.contains(QLatin1String("likeCount")));
    QVERIFY(post.value(QLatin1String("comments")).isArray());
}

void TestSearch::postsByAnEnglishWordInAnyCase()
{
    Client &author = as(QStringLiteral("wangwu"));
    Client &reader = as(QStringLiteral("mazi"));
    const qint64 id =
        newPost(author, QStringLiteral("A marmalade Zeppelin drifted over the harbour"));
    QVERIFY(id > 0);
    for (const QString &q : {QStringLiteral("zeppelin"), QStringLiteral("ZEPPELIN"),
                             QStringLiteral("Marmalade zep"), QStringLiteral("ppeli")})
        QVERIFY2(ids(reader.get(searchPath(q)).items()) == QList<qint64>{id}, qPrintable(q));
    // words that are there, but not in this order
    QCOMPARE(ids(reader.get(searchPath(QStringLiteral("zeppelin marmalade"))).items()),
             QList<qint64>{});
    // characters the pattern languages know are text here
    const qint64 odd = newPost(author, QStringLiteral("100% sure: a_b \"quoted\" (x) [y] *z*"));
    QVERIFY(odd > 0);
    for (const QString &q : {QStringLiteral("100% sure"), QStringLiteral("a_b"),
                             QStringLiteral("\"quoted\""), QStringLiteral("*z*")})
        QVERIFY2(ids(reader.get(searchPath(q)).items()) == QList<qint64>{odd}, qPrintable(q));
    QCOMPARE(ids(reader.get(searchPath(QStringLiteral("100%%"))).items()), QList<qint64>{});
}

void TestSearch::commentsComeWithTheirPosts()
{
    Client &author = as(QStringLiteral("lisi"));
    Client &commenter = as(QStringLiteral("qianqi"));
    Client &reader = as(QStringLiteral("maliu"));
    const qint64 post = newPost(author, QStringLiteral("周末去哪儿"));
    QVERIFY(post > 0);
    const qint64 root = newComment(commenter, post, QStringLiteral("去看那只会弹琵琶的熊猫吧"));
    const qint64 reply = newComment(author, post, QStringLiteral("弹琵琶的熊猫？真的假的"), root);
    QVERIFY(root > 0 && reply > 0);
    const HttpResult r =
        reader.get(searchPath(QStringLiteral("弹琵琶的熊猫"), QStringLiteral("comments")));
    CHECK_STATUS(r, 200);
    QCOMPARE(ids(r.items()), (QList<qint64>{reply, root})); // newest first
    const QJsonObject first = r.items().first().toObject();
    QCOMPARE(num(first, "postId"), post);
    QCOMPARE(num(first, "rootId"), root);
    QCOMPARE(first.value(QLatin1String("content")).toString(),
             QStringLiteral("弹琵琶的熊猫？真的假的"));
    // each comment's post beside them, once
    QCOMPARE(ids(r.obj().value(QLatin1String("posts")).toArray()), QList<qint64>{post});
    // posts are not comments
    QCOMPARE(ids(reader.get(searchPath(QStringLiteral("弹琵琶的熊猫"))).items()), QList<qint64>{});
    QCOMPARE(ids(reader.get(searchPath(QStringLiteral("周末去哪儿"), QStringLiteral("comments")))
                     .items()),
             QList<qint64>{});
}

void TestSearch::hiddenAndDeletedPostsAreNotFound()
{
    Client &author = as(QStringLiteral("zhangsan"));
    Client &reader = as(QStringLiteral("wangwu"));
    Client &moderator = as(QStringLiteral("moderator"));
    const qint64 kept = newPost(author, QStringLiteral("紫色的长颈鹿在吃冰淇淋 kept"));
    const qint64 hidden = newPost(author, QStringLiteral("紫色的长颈鹿在吃冰淇淋 hidden"));
    const qint64 deleted = newPost(author, QStringLiteral("紫色的长颈鹿在吃冰淇淋 deleted"));
    QVERIFY(kept > 0 && hidden > 0 && deleted > 0);
    const QString q = QStringLiteral("长颈鹿在吃");
    QCOMPARE(ids(reader.get(searchPath(q)).items()), (QList<qint64>{deleted, hidden, kept}));
    CHECK_STATUS(moderator.post(api("/moderation/posts/%1/hide").arg(hidden),
                                QJsonObject{{"reason", "test"}}),
                 200);
    CHECK_STATUS(author.del(api("/posts/%1").arg(deleted)), 204);
    QCOMPARE(ids(reader.get(searchPath(q)).items()), QList<qint64>{kept});
    // the author is an ordinary user too
    QCOMPARE(ids(author.get(searchPath(q)).items()), QList<qint64>{kept});
    // a moderator finds the hidden post, marked; the deleted one nobody
    const QJsonArray theirs = moderator.get(searchPath(q)).items();
    QCOMPARE(ids(theirs), (QList<qint64>{hidden, kept}));
    QCOMPARE(theirs.first().toObject().value(QLatin1String("hidden")).toBool(), true);
    // unhidden: found again
    CHECK_STATUS(moderator.post(api("/moderation/posts/%1/unhide").arg(hidden), QJsonObject{}),
                 200);
    QCOMPARE(ids(reader.get(searchPath(q)).items()), (QList<qint64>{hidden, kept}));
}

void TestSearch::hiddenAndDeletedCommentsAreNotFound()
{
    Client &author = as(QStringLiteral("lisi"));
    Client &commenter = as(QStringLiteral("mazi"));
    Client &reader = as(QStringLiteral("qianqi"));
    Client &moderator = as(QStringLiteral("moderator"));
    const qint64 post = newPost(author, QStringLiteral("comments to hide"));
    const qint64 hiddenPost = newPost(author, QStringLiteral("a post to hide"));
    QVERIFY(post > 0 && hiddenPost > 0);
    const QString text = QStringLiteral("会飞的土豆丝");
    const qint64 kept = newComment(commenter, post, text + QStringLiteral(" kept"));
    const qint64 hidden = newComment(commenter, post, text + QStringLiteral(" hidden"));
    const qint64 deleted = newComment(commenter, post, text + QStringLiteral(" deleted"));
    const qint64 floorRoot = newComment(commenter, post, QStringLiteral("a floor to hide"));
    const qint64 inFloor =
        newComment(author, post, text + QStringLiteral(" in a hidden floor"), floorRoot);
    const qint64 onHiddenPost = newComment(commenter, hiddenPost, text + QStringLiteral(" there"));
    QVERIFY(kept > 0 && hidden > 0 && deleted > 0 && floorRoot > 0 && inFloor > 0 &&
            onHiddenPost > 0);
    const QString path = searchPath(text, QStringLiteral("comments"));
    QCOMPARE(ids(reader.get(path).items()),
             (QList<qint64>{onHiddenPost, inFloor, deleted, hidden, kept}));

    const QJsonObject reason{{"reason", "test"}};
    CHECK_STATUS(moderator.post(api("/moderation/comments/%1/hide").arg(hidden), reason), 200);
    CHECK_STATUS(moderator.post(api("/moderation/comments/%1/hide").arg(floorRoot), reason), 200);
    CHECK_STATUS(moderator.post(api("/moderation/posts/%1/hide").arg(hiddenPost), reason), 200);
    CHECK_STATUS(commenter.del(api("/comments/%1").arg(deleted)), 204);
    const HttpResult r = reader.get(path);
    QCOMPARE(ids(r.items()), QList<qint64>{kept});
    QCOMPARE(ids(r.obj().value(QLatin1String("posts")).toArray()), QList<qint64>{post});
    // moderators: what they see elsewhere — hidden comments (marked), never deleted ones
    const QJsonArray theirs = moderator.get(path).items();
    QCOMPARE(ids(theirs), (QList<qint64>{onHiddenPost, inFloor, hidden, kept}));
    for (const QJsonValue &v : theirs)
        if (num(v.toObject(), "id") == hidden)
            QCOMPARE(v.toObject().value(QLatin1String("status")).toString(),
                     QStringLiteral("hidden"));
}

void TestSearch::pagesNewestFirstByItsCursor()
{
    Client &author = as(QStringLiteral("qianqi"));
    Client &reader = as(QStringLiteral("zhangsan"));
    QList<qint64> written;
    for (int i = 0; i < 5; ++i) {
        const qint64 id = newPost(author, QStringLiteral("第%1只橘猫在晒太阳 orange-cat").arg(i));
        QVERIFY(id > 0);
        written.prepend(id); // newest first
    }
    for (const QString &q : {QStringLiteral("橘猫在晒"), QStringLiteral("orange-cat")}) {
        QList<qint64> all;
        QString cursor;
        for (int page = 0; page < 5; ++page) {
            QString path = searchPath(q, QStringLiteral("posts"), QStringLiteral("&limit=2"));
            if (!cursor.isEmpty())
                path += QStringLiteral("&before=") + encoded(cursor);
            const HttpResult r = reader.get(path);
            CHECK_STATUS(r, 200);
            QVERIFY(r.items().size() <= 2);
            all += ids(r.items());
            const QJsonValue next = r.obj().value(QLatin1String("next"));
            if (next.isNull())
                break;
            cursor = next.toString();
            QVERIFY(!cursor.isEmpty());
        }
        QCOMPARE(all, written);
    }
    // limit is clamped to 50; below 1 to 1
    CHECK_STATUS(reader.get(searchPath(QStringLiteral("橘猫"), QStringLiteral("posts"),
                                       QStringLiteral("&limit=1000"))),
                 200);
    QCOMPARE(reader
                 .get(searchPath(QStringLiteral("橘猫在晒"), QStringLiteral("posts"),
                                 QStringLiteral("&limit=0")))
                 .items()
                 .size(),
             1);
}

void TestSearch::shortQueriesLookAtTheNewestOnly()
{
    Client &author = as(QStringLiteral("maliu"));
    Client &reader = as(QStringLiteral("lisi"));
    const qint64 id = newPost(author, QStringLiteral("鲲鹏展翅 Qx"));
    QVERIFY(id > 0);
    const qint64 comment = newComment(reader, id, QStringLiteral("鲲鹏"));
    QVERIFY(comment > 0);
    for (const QString &q : {QStringLiteral("鲲鹏"), QStringLiteral("鲲"), QStringLiteral("qx")}) {
        const HttpResult r = reader.get(searchPath(q));
        CHECK_STATUS(r, 200);
        QVERIFY2(ids(r.items()).contains(id), qPrintable(q + u' ' + r.describe()));
        QCOMPARE(r.obj().value(QLatin1String("scope")).toString(), QStringLiteral("recent"));
        QCOMPARE(num(r.obj(), "window"), 5000);
    }
    const HttpResult c = reader.get(searchPath(QStringLiteral("鲲鹏"), QStringLiteral("comments")));
    QVERIFY(ids(c.items()).contains(comment));
    QCOMPARE(c.obj().value(QLatin1String("scope")).toString(), QStringLiteral("recent"));
}

void TestSearch::peopleByNicknameOnly()
{
    Client &reader = as(QStringLiteral("wangwu"));
    const auto people = [&reader](const QString &q) {
        QList<qint64> uids;
        const HttpResult r = reader.get(searchPath(q, QStringLiteral("people")));
        if (r.status != 200)
            return QList<qint64>{-1};
        for (const QJsonValue &v : r.items())
            uids << v.toObject().value(QLatin1String("uid")).toInteger(-1);
        return uids;
    };
    QCOMPARE(people(QStringLiteral("张三")), QList<qint64>{10001});
    QVERIFY(people(QStringLiteral("三")).contains(10001)); // part of a name
    const QList<qint64> ma = people(QStringLiteral("麻"));
    QVERIFY(ma.contains(10004) && ma.contains(10007)); // 麻子 and 麻六, newest account first
    QVERIFY(ma.indexOf(10007) < ma.indexOf(10004));
    // a sign-in name is not a name anyone is shown: it is not searched
    QCOMPARE(people(QStringLiteral("zhangsan")), QList<qint64>{});
    const HttpResult r = reader.get(searchPath(QStringLiteral("张三"), QStringLiteral("people")));
    const QJsonObject brief = r.items().first().toObject();
    QCOMPARE(brief.value(QLatin1String("nickName")).toString(), QStringLiteral("张三"));
    QVERIFY(brief.contains(QLatin1String("headImg")));
    QVERIFY(!brief.contains(QLatin1String("username")));
    QCOMPARE(r.obj().value(QLatin1String("scope")).toString(), QStringLiteral("all"));
}

void TestSearch::badInput()
{
    Client anonymous(m_server.baseUrl());
    CHECK_ERROR(anonymous.get(searchPath(QStringLiteral("企鹅"))), 401, "unauthorized");
    Client &me = as(QStringLiteral("zhangsan"));
    CHECK_ERROR(me.get(api("/search")), 400, "bad_request");
    CHECK_ERROR(me.get(api("/search?q=")), 400, "bad_request");
    CHECK_ERROR(me.get(searchPath(QStringLiteral("   "))), 400, "bad_request");
    CHECK_ERROR(me.get(searchPath(QString(101, u'长'))), 400, "bad_request");
    CHECK_STATUS(me.get(searchPath(QString(100, u'长'))), 200);
    // code points, not UTF-16 units: 100 emoji are 100 characters
    QString emoji;
    for (int i = 0; i < 100; ++i)
        emoji += QStringLiteral("🌅");
    CHECK_STATUS(me.get(searchPath(emoji)), 200);
    CHECK_ERROR(me.get(searchPath(emoji + QStringLiteral("🌅"))), 400, "bad_request");
    CHECK_ERROR(me.get(searchPath(QStringLiteral("企鹅"), QStringLiteral("videos"))), 400,
                "bad_request");
    CHECK_ERROR(me.get(searchPath(QStringLiteral("企鹅跳"), QStringLiteral("posts"),
                                  QStringLiteral("&before=not-a-cursor"))),
                400, "bad_request");
    CHECK_ERROR(me.get(searchPath(QStringLiteral("企鹅跳"), QStringLiteral("posts"),
                                  QStringLiteral("&limit=abc"))),
                400, "bad_request");
    // no kind: posts
    const HttpResult r = me.get(api("/search?q=") + encoded(QStringLiteral("企鹅跳")));
    CHECK_STATUS(r, 200);
    QVERIFY(r.obj().value(QLatin1String("items")).isArray());
}

void TestSearch::theMigrationIndexesWhatWasThere()
{
    // A database of the schema before search, with content in it: the server's own database,
    // the search step taken back (its index and version row dropped) while the server is down.
    TestServer server;
    QVERIFY2(server.start(), server.stderrLog().right(2000).constData());
    const QString marker =
        QStringLiteral("迁移之前写下的句子") + QUuid::createUuid().toString(QUuid::Id128).left(8);
    qint64 post = 0;
    qint64 comment = 0;
    {
        Client c(server.baseUrl());
        QVERIFY(!c.login(QStringLiteral("zhangsan")).isEmpty());
        post = newPost(c, marker);
        comment = newComment(c, post, marker);
        QVERIFY(post > 0 && comment > 0);
    }
    server.stop();
    {
        const QString url = server.dbUrl();
        const QString name = QStringLiteral("tst_search_migration");
        {
            QSqlDatabase db;
            QStringList steps;
            if (url.startsWith(QLatin1String("sqlite:"))) {
                db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
                db.setDatabaseName(url.mid(7));
                for (const char *table : {"posts", "comments"})
                    for (const char *what : {"insert", "delete", "update"})
                        steps << QStringLiteral("DROP TRIGGER %1_search_%2")
                                     .arg(QLatin1String(table), QLatin1String(what));
                steps << QStringLiteral("DROP TABLE posts_search")
                      << QStringLiteral("DROP TABLE comments_search");
            } else {
                const QUrl u(url);
                db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), name);
                db.setHostName(u.host());
                db.setPort(u.port(5432));
                db.setUserName(u.userName());
                db.setPassword(u.password());
                db.setDatabaseName(u.path().mid(1));
                steps << QStringLiteral("DROP INDEX posts_content_trgm")
                      << QStringLiteral("DROP INDEX comments_content_trgm");
            }
            steps << QStringLiteral("DELETE FROM schema_version WHERE version ="
                                    " (SELECT MAX(version) FROM schema_version)");
            QVERIFY2(db.open(), qPrintable(db.lastError().text()));
            for (const QString &sql : steps) {
                QSqlQuery q(db);
                QVERIFY2(q.exec(sql), qPrintable(sql + u' ' + q.lastError().text()));
            }
            db.close();
        }
        QSqlDatabase::removeDatabase(name);
    }
    QVERIFY2(server.restart(), server.stderrLog().right(2000).constData());
    Client c(server.baseUrl());
    QVERIFY(!c.login(QStringLiteral("lisi")).isEmpty());
    QCOMPARE(ids(c.get(searchPath(marker)).items()), QList<qint64>{post});
    QCOMPARE(ids(c.get(searchPath(marker.mid(3, 4), QStringLiteral("comments"))).items()),
             QList<qint64>{comment});
    // and the triggers (or the index) keep it in step again
    const qint64 later = newPost(c, marker + QStringLiteral(" again"));
    QVERIFY(later > 0);
    QCOMPARE(ids(c.get(searchPath(marker)).items()), (QList<qint64>{later, post}));
}

QTEST_GUILESS_MAIN(TestSearch)
#include "tst_search.moc"

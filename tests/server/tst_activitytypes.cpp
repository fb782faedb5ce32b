// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// GET /activity by type and channel (docs/api.md, "Activity by type and channel") against the
// real threadline-server: a comment that answers another comment is a `reply`; every item
// carries its `channel`; each of the four scopes (all, user, mine, following) takes `type=` (one,
// several comma-separated, or repeated) and `channel=`, pages with its cursor inside the filter,
// and refuses unknown values with 400.

#include "signedin.h"
#include "testserver.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <QTest>
#include <QUrl>

#include <map>
#include <memory>

using namespace threadline::test;

namespace {

QList<QJsonObject> objects(const QJsonArray &a)
{
    QList<QJsonObject> out;
    for (const QJsonValue &v : a)
        out << v.toObject();
    return out;
}

QSet<QString> typesOf(const QList<QJsonObject> &items)
{
    QSet<QString> out;
    for (const QJsonObject &a : items)
        out.insert(a.value("type").toString());
    return out;
}

} // namespace

class TestActivityTypes : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void repliesAndChannels();
    void everyScopeFiltersByType_data();
    void everyScopeFiltersByType();
    void channels();
    void pagesInsideTheFilter();
    void unknownValuesAre400();

private:
    Client &as(const QString &username) { return m_signedIn.as(username); }
    QList<QJsonObject> page(Client &c, const QString &query, int limit = 50);

    TestServer m_server;
    SignedIn m_signedIn{m_server};
    qint64 m_post = 0;
    qint64 m_comment = 0;
    qint64 m_reply = 0;
};

QList<QJsonObject> TestActivityTypes::page(Client &c, const QString &query, int limit)
{
    const HttpResult r = c.get(api("/activity?") + query + QStringLiteral("&limit=%1").arg(limit));
    if (r.status != 200)
        qWarning("activity: %s", r.describe().constData());
    return objects(r.items());
}

void TestActivityTypes::initTestCase()
{
    QVERIFY(m_server.start());
    Client &author = as(QStringLiteral("demo130"));
    Client &actor = as(QStringLiteral("demo131"));
    Client &follower = as(QStringLiteral("demo132"));
    QCOMPARE(follower.put(api("/users/%1/follow").arg(actor.uid())).status, 200);
    const HttpResult post = author.post(
        api("/posts"), QJsonObject{{"category", "TEXT"}, {"content", "a post to talk about"}});
    QCOMPARE(post.status, 201);
    m_post = num(post.obj(), "id");
    const HttpResult comment =
        actor.post(api("/posts/%1/comments").arg(m_post), QJsonObject{{"content", "a comment"}});
    QCOMPARE(comment.status, 201);
    m_comment = num(comment.obj(), "id");
    const HttpResult reply =
        actor.post(api("/posts/%1/comments").arg(m_post),
                   QJsonObject{{"content", "a reply"}, {"parentId", m_comment}});
    QCOMPARE(reply.status, 201);
    m_reply = num(reply.obj(), "id");
    QCOMPARE(actor.put(api("/posts/%1/like").arg(m_post)).status, 200);
    QCOMPARE(actor.put(api("/users/%1/follow").arg(author.uid())).status, 200);
    QVERIFY(
        actor.post(api("/posts"), QJsonObject{{"category", "TEXT"}, {"content", "mine"}}).status ==
        201);
}

void TestActivityTypes::repliesAndChannels()
{
    Client &actor = as(QStringLiteral("demo131"));
    const QList<QJsonObject> items = page(actor, QStringLiteral("scope=mine"), 6);
    QCOMPARE(items.size(), 5);
    QStringList types;
    for (const QJsonObject &a : items)
        types << a.value("type").toString();
    QCOMPARE(types, (QStringList{"post", "follow", "like", "reply", "comment"}));
    QCOMPARE(num(items[3], "commentId"), m_reply);
    QCOMPARE(num(items[4], "commentId"), m_comment);
    const QStringList channels{"posts", "follows", "posts", "posts", "posts"};
    for (int i = 0; i < 5; ++i)
        QCOMPARE(items[i].value("channel").toString(), channels[i]);
}

void TestActivityTypes::everyScopeFiltersByType_data()
{
    QTest::addColumn<QString>("viewer");
    QTest::addColumn<QString>("scope");
    QTest::newRow("all") << "demo131"
                         << "scope=all";
    QTest::newRow("user") << "demo130"
                          << "scope=user&uid=%1";
    QTest::newRow("mine") << "demo131"
                          << "scope=mine";
    QTest::newRow("following") << "demo132"
                               << "scope=following";
}

void TestActivityTypes::everyScopeFiltersByType()
{
    QFETCH(QString, viewer);
    QFETCH(QString, scope);
    Client &c = as(viewer);
    const QString base = scope.arg(as(QStringLiteral("demo131")).uid());
    for (const QString &type : {QStringLiteral("reply"), QStringLiteral("like"),
                                QStringLiteral("comment"), QStringLiteral("follow")}) {
        const QList<QJsonObject> items = page(c, base + QStringLiteral("&type=") + type);
        QVERIFY2(!items.isEmpty(), qPrintable(type));
        QCOMPARE(typesOf(items), QSet<QString>{type});
    }
    // several: comma-separated, or the parameter repeated
    const QList<QJsonObject> two = page(c, base + QStringLiteral("&type=reply,like"));
    QCOMPARE(typesOf(two), (QSet<QString>{"reply", "like"}));
    QCOMPARE(page(c, base + QStringLiteral("&type=reply&type=like")), two);
    // a kind nobody did here: an empty page, not an error
    const HttpResult none = c.get(api("/activity?") + base + QStringLiteral("&type=message"));
    QCOMPARE(none.status, 200);
    QVERIFY(none.items().isEmpty());
    QVERIFY(none.obj().value("next").isNull());
}

void TestActivityTypes::channels()
{
    Client &c = as(QStringLiteral("demo131"));
    const QList<QJsonObject> follows = page(c, QStringLiteral("scope=mine&channel=follows"));
    QCOMPARE(typesOf(follows), QSet<QString>{"follow"});
    const QList<QJsonObject> posts = page(c, QStringLiteral("scope=mine&channel=posts"));
    QCOMPARE(typesOf(posts), (QSet<QString>{"post", "comment", "reply", "like"}));
    // type and channel together: both hold
    QCOMPARE(typesOf(page(c, QStringLiteral("scope=mine&channel=posts&type=like,follow"))),
             QSet<QString>{"like"});
    QVERIFY(page(c, QStringLiteral("scope=mine&channel=follows&type=like")).isEmpty());
}

void TestActivityTypes::pagesInsideTheFilter()
{
    Client &c = as(QStringLiteral("demo131"));
    // everyone's likes, one at a time: every page holds likes only, no id twice
    QSet<qint64> seen;
    QString cursor;
    for (int i = 0; i < 5; ++i) {
        QString url = api("/activity?scope=all&type=like&limit=1");
        if (!cursor.isEmpty())
            url +=
                QStringLiteral("&before=") + QString::fromLatin1(QUrl::toPercentEncoding(cursor));
        const HttpResult r = c.get(url);
        QCOMPARE(r.status, 200);
        const QList<QJsonObject> items = objects(r.items());
        QCOMPARE(items.size(), 1);
        QCOMPARE(items[0].value("type").toString(), QStringLiteral("like"));
        QVERIFY(!seen.contains(num(items[0], "id")));
        seen.insert(num(items[0], "id"));
        cursor = r.obj().value("next").toString();
        QVERIFY(!cursor.isEmpty());
    }
}

void TestActivityTypes::unknownValuesAre400()
{
    Client &c = as(QStringLiteral("demo131"));
    for (const char *q : {"type=poke", "type=post,poke", "channel=blog", "type=", "type=POST"}) {
        const HttpResult r = c.get(api("/activity?scope=all&") + QLatin1String(q));
        QVERIFY2(r.status == 400, q);
        QCOMPARE(r.errorCode(), QStringLiteral("bad_request"));
    }
    QString many = QStringLiteral("scope=all");
    for (int i = 0; i < 40; ++i)
        many += QStringLiteral("&type=post");
    QCOMPARE(c.get(api("/activity?") + many).status, 400);
}

QTEST_GUILESS_MAIN(TestActivityTypes)
#include "tst_activitytypes.moc"

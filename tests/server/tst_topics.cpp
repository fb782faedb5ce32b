// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Topics that people follow (docs/api.md, "Topics that people follow") against the real
// threadline-server: the #topic# grammar (what marks a topic, what does not, case folding, the
// length limit), a topic's timeline (newest first, paged, without deleted posts), GET
// /topics/{name}, following a topic (idempotent, counted), the Following timeline holding the
// posts of followed topics, and "A posted in #topic" in the activity feed.

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

QString enc(const QString &s)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(s));
}

QList<qint64> idsOf(const QJsonArray &items)
{
    QList<qint64> out;
    for (const QJsonValue &v : items)
        out << v.toObject().value("id").toInteger();
    return out;
}

} // namespace

class TestTopics : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void grammar_data();
    void grammar();
    void badNamesAre400();
    void topicTimelinePagesNewestFirst();
    void followingATopic();
    void followingTimelineHoldsFollowedTopics();
    void activityRecordsPostingInATopic();

private:
    Client &as(const QString &username) { return m_signedIn.as(username); }
    QList<qint64> topicPosts(Client &c, const QString &topic, int limit = 50);

    TestServer m_server;
    SignedIn m_signedIn{m_server};
};

QList<qint64> TestTopics::topicPosts(Client &c, const QString &topic, int limit)
{
    const HttpResult r =
        c.get(api("/timeline?scope=topic&topic=%1&limit=%2").arg(enc(topic)).arg(limit));
    if (r.status != 200)
        qWarning("topic timeline: %s", r.describe().constData());
    return idsOf(r.items());
}

void TestTopics::initTestCase()
{
    QVERIFY(m_server.start());
}

void TestTopics::grammar_data()
{
    QTest::addColumn<QString>("content");
    QTest::addColumn<QStringList>("marked");   // topics the post is in
    QTest::addColumn<QStringList>("unmarked"); // names that look close but are not marked
    QTest::newRow("two") << "学习 #Qt6# 和 #话题# 吧" << QStringList{"qt6", "话题"}
                         << QStringList{"学习"};
    QTest::newRow("case folded") << "#RustLang# again" << QStringList{"rustlang", "RUSTLANG"}
                                 << QStringList{};
    QTest::newRow("a space breaks it")
        << "#not one# but #this_one#" << QStringList{"this_one"} << QStringList{"not"};
    QTest::newRow("closing opens the next")
        << "a #b c#d# e" << QStringList{"d"} << QStringList{"b"};
    QTest::newRow("punctuation") << "#a!b# #ok-1·x#" << QStringList{"ok-1·x"} << QStringList{"a"};
    QTest::newRow("twenty is the most")
        << QStringLiteral("#%1# #%2#").arg(QString(20, u'x'), QString(21, u'y'))
        << QStringList{QString(20, u'x')} << QStringList{};
    QTest::newRow("emoji is not a name") << "#😀# #猫#" << QStringList{"猫"} << QStringList{};
}

void TestTopics::grammar()
{
    QFETCH(QString, content);
    QFETCH(QStringList, marked);
    QFETCH(QStringList, unmarked);
    Client &c = as(QStringLiteral("demo110"));
    const qint64 id = newPost(c, content);
    QVERIFY(id > 0);
    for (const QString &t : marked)
        QVERIFY2(topicPosts(c, t).contains(id), qPrintable(t));
    for (const QString &t : unmarked)
        QVERIFY2(!topicPosts(c, t).contains(id), qPrintable(t));
}

void TestTopics::badNamesAre400()
{
    Client &c = as(QStringLiteral("demo110"));
    for (const QString &bad : {QString(), QStringLiteral("a b"), QString(21, u'z'),
                               QStringLiteral("#x#"), QStringLiteral("a/b")}) {
        QCOMPARE(c.get(api("/timeline?scope=topic&topic=") + enc(bad)).status, 400);
        if (!bad.isEmpty() && !bad.contains(u'/'))
            QCOMPARE(c.get(api("/topics/") + enc(bad)).status, 400);
    }
    QCOMPARE(c.get(api("/timeline?scope=topic")).status, 400);
}

void TestTopics::topicTimelinePagesNewestFirst()
{
    Client &c = as(QStringLiteral("demo111"));
    QList<qint64> made;
    for (int i = 0; i < 5; ++i)
        made.prepend(newPost(c, QStringLiteral("post %1 in #分页#").arg(i)));
    const qint64 gone = made.takeAt(2);
    QCOMPARE(c.del(api("/posts/%1").arg(gone)).status, 204);
    QCOMPARE(topicPosts(c, QStringLiteral("分页")), made);
    // two at a time, following next
    QList<qint64> paged;
    QString cursor;
    for (int i = 0; i < 3; ++i) {
        QString url = api("/timeline?scope=topic&topic=%1&limit=2").arg(enc("分页"));
        if (!cursor.isEmpty())
            url += QStringLiteral("&before=") + enc(cursor);
        const HttpResult r = c.get(url);
        QCOMPARE(r.status, 200);
        paged += idsOf(r.items());
        if (r.obj().value("next").isNull())
            break;
        cursor = r.obj().value("next").toString();
    }
    QCOMPARE(paged, made);
    const HttpResult topic = c.get(api("/topics/") + enc("分页"));
    QCOMPARE(topic.status, 200);
    QCOMPARE(topic.obj().value("name").toString(), QStringLiteral("分页"));
    QCOMPARE(num(topic.obj(), "posts"), 4);
}

void TestTopics::followingATopic()
{
    Client &c = as(QStringLiteral("demo112"));
    const QString path = api("/topics/") + enc("跟随");
    const HttpResult before = c.get(path);
    QCOMPARE(before.status, 200); // a topic nobody used yet answers too
    QCOMPARE(num(before.obj(), "posts"), 0);
    QCOMPARE(before.obj().value("followedByMe").toBool(), false);
    const qint64 followers = num(before.obj(), "followers");
    for (int i = 0; i < 2; ++i) { // idempotent
        const HttpResult r = c.put(path + QStringLiteral("/follow"));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.obj().value("following").toBool(), true);
        QCOMPARE(num(r.obj(), "followers"), followers + 1);
    }
    QCOMPARE(c.get(path).obj().value("followedByMe").toBool(), true);
    // the key is case-folded: following "Follow" and "FOLLOW" is one topic
    QCOMPARE(num(c.put(api("/topics/Follow/follow")).obj(), "followers"),
             num(c.put(api("/topics/FOLLOW/follow")).obj(), "followers"));
    const HttpResult off = c.del(path + QStringLiteral("/follow"));
    QCOMPARE(off.status, 200);
    QCOMPARE(off.obj().value("following").toBool(), false);
    QCOMPARE(num(off.obj(), "followers"), followers);
    QCOMPARE(c.del(path + QStringLiteral("/follow")).status, 200);
}

void TestTopics::followingTimelineHoldsFollowedTopics()
{
    Client &reader = as(QStringLiteral("demo113"));
    Client &writer = as(QStringLiteral("demo114"));
    reader.del(api("/users/%1/follow").arg(writer.uid()));
    const qint64 inTopic = newPost(writer, QStringLiteral("新闻 #关注的话题#"));
    const qint64 other = newPost(writer, QStringLiteral("no topic here"));
    QVERIFY(inTopic > 0 && other > 0);
    const auto following = [&] {
        return idsOf(reader.get(api("/timeline?scope=following&limit=50")).items());
    };
    QVERIFY(!following().contains(inTopic));
    QCOMPARE(reader.put(api("/topics/") + enc("关注的话题") + QStringLiteral("/follow")).status,
             200);
    const QList<qint64> ids = following();
    QVERIFY(ids.contains(inTopic));
    QVERIFY(!ids.contains(other)); // the person is still not followed
    QCOMPARE(reader.del(api("/topics/") + enc("关注的话题") + QStringLiteral("/follow")).status,
             200);
    QVERIFY(!following().contains(inTopic));
}

void TestTopics::activityRecordsPostingInATopic()
{
    Client &c = as(QStringLiteral("demo115"));
    const qint64 id = newPost(c, QStringLiteral("#Alpha# and #beta#"));
    QVERIFY(id > 0);
    const HttpResult r = c.get(api("/activity?scope=mine&type=topic"));
    QCOMPARE(r.status, 200);
    QSet<QString> topics;
    for (const QJsonValue &v : r.items()) {
        const QJsonObject a = v.toObject();
        QCOMPARE(a.value("type").toString(), QStringLiteral("topic"));
        QCOMPARE(a.value("channel").toString(), QStringLiteral("topics"));
        QCOMPARE(num(a, "postId"), id);
        QVERIFY(a.value("summary").toString().contains(QStringLiteral("#Alpha#")));
        topics.insert(a.value("topic").toString());
    }
    QCOMPARE(topics, (QSet<QString>{"alpha", "beta"}));
    // the post itself is still a `post` item
    QCOMPARE(c.get(api("/activity?scope=mine&type=post&limit=1")).items().size(), 1);
}

QTEST_GUILESS_MAIN(TestTopics)
#include "tst_topics.moc"

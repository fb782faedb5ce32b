// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// People's lists and boards (docs/api.md, "People: likes, followers, messages") against the real
// threadline-server on loopback, on SQLite and on PostgreSQL: GET /me/likes (the posts I liked,
// newest like first, paged by its cursor; an unlike takes a post out; hidden and deleted posts
// left out); GET /users/{id}/followers and /following (newest follow first, paged, 404 for an
// unknown person, an unfollow takes the person out); messages on a person's board (GET/POST
// /users/{id}/messages newest first and paged, likes, deletion by the author or the board's
// owner, reports into the moderators' queue, hide and unhide logged, "message" activity items).
//
// One demo server serves the class; each test works on posts of its own.

#include "httpchecks.h"
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

QList<qint64> ids(const QJsonArray &a)
{
    QList<qint64> out;
    for (const QJsonValue &v : a)
        out << v.toObject().value(QLatin1String("id")).toInteger(-1);
    return out;
}

QString encoded(const QString &cursor)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(cursor));
}

} // namespace

class TestPeople : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void myLikesNewestLikeFirst();
    void myLikesPagesByItsCursor();
    void myLikesLeaveOutWhatIsGone();
    void myLikesBadInput();
    void followersAndFollowingNewestFirst();
    void followListsPageAndRefuse();
    void messagesOnABoardNewestFirst();
    void messagesBadInput();
    void messagesAreLiked();
    void messagesAreDeletedByAuthorOrOwner();
    void messagesAreReportedAndHidden();
    void messagesInActivity();
    void messagesWithIdempotencyKeys();

private:
    Client &as(const QString &username) { return m_signedIn.as(username); }
    // Every page of `path` (limit per page), following `next`; empty with a failure message.
    QList<qint64> allPages(Client &c, const QString &path, int limit, QString *error);

    TestServer m_server;
    SignedIn m_signedIn{m_server};
};

QList<qint64> TestPeople::allPages(Client &c, const QString &path, int limit, QString *error)
{
    QList<qint64> all;
    QSet<qint64> seen;
    QString cursor;
    for (int page = 0; page < 200; ++page) {
        QString url =
            path + (path.contains(u'?') ? u'&' : u'?') + QStringLiteral("limit=%1").arg(limit);
        if (!cursor.isEmpty())
            url += QStringLiteral("&before=") + encoded(cursor);
        const HttpResult r = c.get(url);
        if (r.status != 200) {
            *error = QString::fromUtf8(r.describe());
            return {};
        }
        const QJsonArray items = r.items();
        if (items.size() > limit) {
            *error = QStringLiteral("a page longer than its limit");
            return {};
        }
        for (qint64 id : ids(items)) {
            if (seen.contains(id)) {
                *error = QStringLiteral("id %1 twice").arg(id);
                return {};
            }
            seen.insert(id);
            all << id;
        }
        const QJsonValue next = r.obj().value(QLatin1String("next"));
        if (next.isNull())
            return all;
        cursor = next.toString();
        if (cursor.isEmpty()) {
            *error = QStringLiteral("next is neither null nor a cursor");
            return {};
        }
    }
    *error = QStringLiteral("more than 200 pages");
    return {};
}

void TestPeople::initTestCase()
{
    QVERIFY2(m_server.start(), m_server.stderrLog().right(2000).constData());
}

void TestPeople::myLikesNewestLikeFirst()
{
    Client &author = as(QStringLiteral("zhangsan"));
    Client &me = as(QStringLiteral("maliu"));
    // three posts written in one order, liked in another: the list follows the likes
    const qint64 a = newPost(author, QStringLiteral("first written"));
    const qint64 b = newPost(author, QStringLiteral("second written"));
    const qint64 c = newPost(author, QStringLiteral("third written 🌅"));
    QVERIFY(a > 0 && b > 0 && c > 0);
    for (qint64 id : {b, c, a}) {
        CHECK_STATUS(me.put(api("/posts/%1/like").arg(id)), 200); // same time: by id
    }
    const HttpResult r = me.get(api("/me/likes?limit=3"));
    CHECK_STATUS(r, 200);
    QCOMPARE(ids(r.items()), (QList<qint64>{a, c, b}));
    // the items are posts as the timeline has them, with my like
    const QJsonObject first = r.items().first().toObject();
    QCOMPARE(first.value(QLatin1String("liked")).toBool(), true);
    QVERIFY(num(first, "likeCount") >= 1);
    QCOMPARE(
        first.value(QLatin1String("author")).toObject().value(QLatin1String("uid")).toInteger(),
        author.uid());
    QVERIFY(first.contains(QLatin1String("next")) == false);
    QVERIFY(r.obj().contains(QLatin1String("next")));

    // liking again changes nothing; an unlike takes the post out
    CHECK_STATUS(me.put(api("/posts/%1/like").arg(b)), 200);
    CHECK_STATUS(me.del(api("/posts/%1/like").arg(c)), 200);
    QCOMPARE(ids(me.get(api("/me/likes?limit=3")).items()).mid(0, 2), (QList<qint64>{a, b}));
    // liked again: on top
    CHECK_STATUS(me.put(api("/posts/%1/like").arg(c)), 200);
    QCOMPARE(ids(me.get(api("/me/likes?limit=3")).items()), (QList<qint64>{c, a, b}));
    // someone else's likes are not mine
    const QList<qint64> theirs = ids(author.get(api("/me/likes?limit=50")).items());
    for (qint64 id : {a, b, c})
        QVERIFY(!theirs.contains(id));
}

void TestPeople::myLikesPagesByItsCursor()
{
    Client &author = as(QStringLiteral("lisi"));
    Client &me = as(QStringLiteral("qianqi"));
    QList<qint64> liked;
    for (int i = 0; i < 7; ++i) {
        const qint64 id = newPost(author, QStringLiteral("paged %1").arg(i));
        QVERIFY(id > 0);
        CHECK_STATUS(me.put(api("/posts/%1/like").arg(id)), 200);
        liked.prepend(id); // newest like first
    }
    QString error;
    const QList<qint64> all = allPages(me, api("/me/likes"), 2, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(all.size() >= liked.size());
    QCOMPARE(all.mid(0, liked.size()), liked);
    // the same list in one page
    const QList<qint64> one = allPages(me, api("/me/likes"), 50, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(one, all);
}

void TestPeople::myLikesLeaveOutWhatIsGone()
{
    Client &author = as(QStringLiteral("zhangsan"));
    Client &me = as(QStringLiteral("mazi"));
    Client &moderator = as(QStringLiteral("moderator"));
    const qint64 kept = newPost(author, QStringLiteral("kept"));
    const qint64 hidden = newPost(author, QStringLiteral("to be hidden"));
    const qint64 deleted = newPost(author, QStringLiteral("to be deleted"));
    for (qint64 id : {kept, hidden, deleted})
        CHECK_STATUS(me.put(api("/posts/%1/like").arg(id)), 200);
    CHECK_STATUS(moderator.put(api("/posts/%1/like").arg(hidden)), 200);
    CHECK_STATUS(moderator.post(api("/moderation/posts/%1/hide").arg(hidden),
                                QJsonObject{{"reason", "spam"}}),
                 200);
    CHECK_STATUS(author.del(api("/posts/%1").arg(deleted)), 204);
    const QList<qint64> mine = ids(me.get(api("/me/likes?limit=50")).items());
    QVERIFY(mine.contains(kept));
    QVERIFY(!mine.contains(hidden));
    QVERIFY(!mine.contains(deleted));
    // a moderator sees the hidden post they liked, marked hidden
    const QJsonArray theirs = moderator.get(api("/me/likes?limit=50")).items();
    QVERIFY(ids(theirs).contains(hidden));
    for (const QJsonValue &v : theirs)
        if (num(v.toObject(), "id") == hidden)
            QCOMPARE(v.toObject().value(QLatin1String("hidden")).toBool(), true);
}

void TestPeople::myLikesBadInput()
{
    Client anonymous(m_server.baseUrl());
    CHECK_ERROR(anonymous.get(api("/me/likes")), 401, "unauthorized");
    Client &me = as(QStringLiteral("maliu"));
    CHECK_ERROR(me.get(api("/me/likes?limit=abc")), 400, "bad_request");
    CHECK_ERROR(me.get(api("/me/likes?limit=-1")), 400, "bad_request");
    CHECK_ERROR(me.get(api("/me/likes?before=not-a-cursor")), 400, "bad_request");
    // over the maximum: clamped to 50
    const HttpResult big = me.get(api("/me/likes?limit=100000"));
    CHECK_STATUS(big, 200);
    QVERIFY(big.items().size() <= 50);
    // a page that is not the last has a cursor; the demo's likes of one user are few pages
    Client &fresh = as(QStringLiteral("tingtamen"));
    QString error;
    const QList<qint64> all = allPages(fresh, api("/me/likes"), 50, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

// The uids of a follow list's items (each item {"user":{…},"createtime"}).
static QList<qint64> followUids(const QJsonArray &items)
{
    QList<qint64> out;
    for (const QJsonValue &v : items)
        out << v.toObject()
                   .value(QLatin1String("user"))
                   .toObject()
                   .value(QLatin1String("uid"))
                   .toInteger(-1);
    return out;
}

void TestPeople::followersAndFollowingNewestFirst()
{
    Client &star = as(QStringLiteral("tingtamen"));
    const QStringList fans{QStringLiteral("zhangsan"), QStringLiteral("lisi"),
                           QStringLiteral("wangwu")};
    QList<qint64> fanUids;
    for (const QString &name : fans) {
        Client &fan = as(name);
        fan.del(api("/users/%1/follow").arg(star.uid())); // whatever the demo had
        fanUids << fan.uid();
    }
    for (const QString &name : fans) {
        CHECK_STATUS(as(name).put(api("/users/%1/follow").arg(star.uid())), 200);
        waitForNextMillisecond(); // ties would break on the uid, not the order
    }
    const HttpResult r = star.get(api("/users/%1/followers?limit=50").arg(star.uid()));
    CHECK_STATUS(r, 200);
    const QList<qint64> got = followUids(r.items());
    // newest follow first: wangwu, lisi, zhangsan on top
    QCOMPARE(got.mid(0, 3), (QList<qint64>{fanUids[2], fanUids[1], fanUids[0]}));
    const QJsonObject item = r.items().first().toObject();
    QVERIFY(num(item, "createtime") > 0);
    QVERIFY(!item.value(QLatin1String("user"))
                 .toObject()
                 .value(QLatin1String("nickName"))
                 .toString()
                 .isEmpty());
    // the count on the profile agrees with the list
    QCOMPARE(num(star.get(api("/users/%1").arg(star.uid())).obj(), "followers"),
             qint64(got.size()));
    // whom wangwu follows: tingtamen on top
    Client &wangwu = as(QStringLiteral("wangwu"));
    const QList<qint64> theirs =
        followUids(star.get(api("/users/%1/following?limit=50").arg(wangwu.uid())).items());
    QCOMPARE(theirs.value(0), star.uid());
    QCOMPARE(num(star.get(api("/users/%1").arg(wangwu.uid())).obj(), "following"),
             qint64(theirs.size()));
    // an unfollow takes lisi out of both lists
    CHECK_STATUS(as(QStringLiteral("lisi")).del(api("/users/%1/follow").arg(star.uid())), 200);
    QVERIFY(!followUids(star.get(api("/users/%1/followers?limit=50").arg(star.uid())).items())
                 .contains(fanUids[1]));
    QVERIFY(!followUids(star.get(api("/users/%1/following?limit=50").arg(fanUids[1])).items())
                 .contains(star.uid()));
}

void TestPeople::followListsPageAndRefuse()
{
    Client &star = as(QStringLiteral("maliu"));
    QList<qint64> expected;
    for (const QString &name :
         {QStringLiteral("zhangsan"), QStringLiteral("lisi"), QStringLiteral("wangwu"),
          QStringLiteral("mazi"), QStringLiteral("qianqi"), QStringLiteral("moderator")}) {
        Client &fan = as(name);
        fan.del(api("/users/%1/follow").arg(star.uid()));
        CHECK_STATUS(fan.put(api("/users/%1/follow").arg(star.uid())), 200);
        expected.prepend(fan.uid());
    }
    // pages of two, by the cursor: the same people in the same order, none twice
    QList<qint64> paged;
    QString cursor;
    for (int page = 0; page < 10; ++page) {
        QString url = api("/users/%1/followers?limit=2").arg(star.uid());
        if (!cursor.isEmpty())
            url += QStringLiteral("&before=") + encoded(cursor);
        const HttpResult r = star.get(url);
        CHECK_STATUS(r, 200);
        QVERIFY(r.items().size() <= 2);
        paged += followUids(r.items());
        if (r.obj().value(QLatin1String("next")).isNull())
            break;
        cursor = r.obj().value(QLatin1String("next")).toString();
    }
    QCOMPARE(paged.mid(0, expected.size()), expected);
    QCOMPARE(QSet<qint64>(paged.cbegin(), paged.cend()).size(), paged.size());

    CHECK_ERROR(star.get(api("/users/987654321/followers")), 404, "not_found");
    CHECK_ERROR(star.get(api("/users/987654321/following")), 404, "not_found");
    CHECK_ERROR(star.get(api("/users/abc/followers")), 400, "bad_request");
    CHECK_ERROR(star.get(api("/users/%1/following?before=zzz").arg(star.uid())), 400,
                "bad_request");
    Client anonymous(m_server.baseUrl());
    CHECK_ERROR(anonymous.get(api("/users/%1/followers").arg(star.uid())), 401, "unauthorized");
}

// A new message on uid's board by c: its object, or {} (with a warning).
static QJsonObject leave(Client &c, qint64 uid, const QString &content)
{
    const HttpResult r =
        c.post(api("/users/%1/messages").arg(uid), QJsonObject{{"content", content}});
    if (r.status != 201)
        qWarning("leave failed: %s", r.describe().constData());
    return r.status == 201 ? r.obj() : QJsonObject();
}

static qint64 uidIn(const QJsonObject &o, const char *key)
{
    return o.value(QLatin1String(key)).toObject().value(QLatin1String("uid")).toInteger(-1);
}

void TestPeople::messagesOnABoardNewestFirst()
{
    Client &owner = as(QStringLiteral("wangwu"));
    Client &a = as(QStringLiteral("zhangsan"));
    Client &b = as(QStringLiteral("lisi"));
    const QJsonObject first = leave(a, owner.uid(), QStringLiteral("  你好，王五！🌸  "));
    const QJsonObject second = leave(b, owner.uid(), QStringLiteral("Nice photos this week"));
    const QJsonObject own = leave(owner, owner.uid(), QStringLiteral("Thanks, everyone"));
    QVERIFY(!first.isEmpty() && !second.isEmpty() && !own.isEmpty());
    // the object: the board's owner and the author as briefs, the trimmed content, counts
    QCOMPARE(first.value(QLatin1String("content")).toString(), QStringLiteral("你好，王五！🌸"));
    QCOMPARE(uidIn(first, "board"), owner.uid());
    QCOMPARE(uidIn(first, "author"), a.uid());
    QCOMPARE(
        first.value(QLatin1String("board")).toObject().value(QLatin1String("nickName")).toString(),
        QStringLiteral("王五"));
    QCOMPARE(num(first, "likeCount"), 0);
    QCOMPARE(first.value(QLatin1String("liked")).toBool(), false);
    QCOMPARE(first.value(QLatin1String("status")).toString(), QStringLiteral("visible"));
    QVERIFY(num(first, "createtime") > 0);
    QVERIFY(!first.contains(QLatin1String("moderation")));

    // the owner and visitors read the same board, newest first
    for (Client *reader : {&owner, &a, &as(QStringLiteral("mazi"))}) {
        const HttpResult r = reader->get(api("/users/%1/messages?limit=50").arg(owner.uid()));
        CHECK_STATUS(r, 200);
        QCOMPARE(ids(r.items()).mid(0, 3),
                 (QList<qint64>{num(own, "id"), num(second, "id"), num(first, "id")}));
    }
    // another board holds none of them
    const QList<qint64> other = ids(a.get(api("/users/%1/messages?limit=50").arg(b.uid())).items());
    QVERIFY(!other.contains(num(first, "id")));

    // paged by the cursor: the same messages, none twice
    QString error;
    const QList<qint64> paged = allPages(a, api("/users/%1/messages").arg(owner.uid()), 1, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(paged, allPages(a, api("/users/%1/messages").arg(owner.uid()), 50, &error));
}

void TestPeople::messagesBadInput()
{
    Client &c = as(QStringLiteral("zhangsan"));
    const qint64 board = as(QStringLiteral("wangwu")).uid();
    const QString path = api("/users/%1/messages").arg(board);
    CHECK_ERROR(c.post(path, QJsonObject{{"content", "   "}}), 422, "invalid");
    CHECK_ERROR(c.post(path, QJsonObject{}), 422, "invalid");
    CHECK_ERROR(c.post(path, QJsonObject{{"content", 5}}), 400, "bad_request");
    CHECK_ERROR(c.post(path, QJsonObject{{"content", QString(501, QChar(u'字'))}}), 422, "invalid");
    CHECK_STATUS(c.post(path, QJsonObject{{"content", QString(500, QChar(u'字'))}}), 201);
    CHECK_ERROR(c.raw("POST", path, "not json", {{"Content-Type", "application/json"}}), 400,
                "bad_request");
    CHECK_ERROR(c.post(api("/users/987654321/messages"), QJsonObject{{"content", "hi"}}), 404,
                "not_found");
    CHECK_ERROR(c.get(api("/users/987654321/messages")), 404, "not_found");
    CHECK_ERROR(c.get(path + QStringLiteral("?before=nope")), 400, "bad_request");
    CHECK_ERROR(c.get(path + QStringLiteral("?limit=x")), 400, "bad_request");
    CHECK_ERROR(c.put(api("/messages/987654321/like")), 404, "not_found");
    CHECK_ERROR(c.del(api("/messages/987654321")), 404, "not_found");
    CHECK_ERROR(c.del(api("/messages/abc")), 400, "bad_request");
    Client anonymous(m_server.baseUrl());
    CHECK_ERROR(anonymous.get(path), 401, "unauthorized");
    CHECK_ERROR(anonymous.post(path, QJsonObject{{"content", "hi"}}), 401, "unauthorized");
}

void TestPeople::messagesAreLiked()
{
    Client &owner = as(QStringLiteral("mazi"));
    Client &fan = as(QStringLiteral("qianqi"));
    const qint64 id = num(leave(fan, owner.uid(), QStringLiteral("like me")), "id");
    QVERIFY(id > 0);
    const HttpResult liked = owner.put(api("/messages/%1/like").arg(id));
    CHECK_STATUS(liked, 200);
    QCOMPARE(liked.obj(), (QJsonObject{{"liked", true}, {"likeCount", 1}}));
    // a set: a second like is no like
    QCOMPARE(owner.put(api("/messages/%1/like").arg(id))
                 .obj()
                 .value(QLatin1String("likeCount"))
                 .toInteger(),
             1);
    QCOMPARE(fan.put(api("/messages/%1/like").arg(id))
                 .obj()
                 .value(QLatin1String("likeCount"))
                 .toInteger(),
             2);
    // the board says it, with the reader's own like
    const QJsonArray items = fan.get(api("/users/%1/messages?limit=50").arg(owner.uid())).items();
    QCOMPARE(num(items.first().toObject(), "likeCount"), 2);
    QCOMPARE(items.first().toObject().value(QLatin1String("liked")).toBool(), true);
    const HttpResult unliked = owner.del(api("/messages/%1/like").arg(id));
    QCOMPARE(unliked.obj(), (QJsonObject{{"liked", false}, {"likeCount", 1}}));
    QCOMPARE(owner.del(api("/messages/%1/like").arg(id)).obj(),
             (QJsonObject{{"liked", false}, {"likeCount", 1}}));
    const QJsonArray again =
        as(QStringLiteral("lisi")).get(api("/users/%1/messages?limit=50").arg(owner.uid())).items();
    QCOMPARE(again.first().toObject().value(QLatin1String("liked")).toBool(), false);
}

void TestPeople::messagesAreDeletedByAuthorOrOwner()
{
    Client &owner = as(QStringLiteral("lisi"));
    Client &author = as(QStringLiteral("zhangsan"));
    Client &stranger = as(QStringLiteral("mazi"));
    Client &moderator = as(QStringLiteral("moderator"));
    const qint64 byAuthor =
        num(leave(author, owner.uid(), QStringLiteral("delete me (author)")), "id");
    const qint64 byOwner =
        num(leave(author, owner.uid(), QStringLiteral("delete me (owner)")), "id");
    const qint64 byModerator =
        num(leave(author, owner.uid(), QStringLiteral("delete me (mod)")), "id");
    CHECK_ERROR(stranger.del(api("/messages/%1").arg(byAuthor)), 403, "forbidden");
    CHECK_STATUS(author.del(api("/messages/%1").arg(byAuthor)), 204);
    CHECK_STATUS(author.del(api("/messages/%1").arg(byAuthor)), 204); // a repeat
    CHECK_ERROR(stranger.del(api("/messages/%1").arg(byAuthor)), 404, "not_found");
    CHECK_STATUS(owner.del(api("/messages/%1").arg(byOwner)), 204);
    CHECK_STATUS(moderator.del(api("/messages/%1").arg(byModerator)), 204);
    const QList<qint64> left =
        ids(stranger.get(api("/users/%1/messages?limit=50").arg(owner.uid())).items());
    for (qint64 id : {byAuthor, byOwner, byModerator})
        QVERIFY(!left.contains(id));
    CHECK_ERROR(stranger.put(api("/messages/%1/like").arg(byOwner)), 404, "not_found");
    // the moderator's deletion of someone else's message is logged
    const QJsonArray log = moderator.get(api("/moderation/log?action=delete&limit=50")).items();
    bool logged = false;
    for (const QJsonValue &v : log)
        logged |= v.toObject().value(QLatin1String("targetType")).toString() ==
                      QLatin1String("message") &&
                  num(v.toObject(), "targetId") == byModerator;
    QVERIFY(logged);
}

void TestPeople::messagesAreReportedAndHidden()
{
    Client &owner = as(QStringLiteral("maliu"));
    Client &author = as(QStringLiteral("mazi"));
    Client &reporter = as(QStringLiteral("qianqi"));
    Client &moderator = as(QStringLiteral("moderator"));
    const qint64 id =
        num(leave(author, owner.uid(), QStringLiteral("buy cheap watches here")), "id");
    QVERIFY(id > 0);
    const QJsonObject report{{"targetType", "message"}, {"targetId", id}, {"reason", "spam"}};
    const HttpResult first = reporter.post(api("/reports"), report);
    CHECK_STATUS(first, 201);
    QCOMPARE(first.obj().value(QLatin1String("targetType")).toString(), QStringLiteral("message"));
    CHECK_STATUS(reporter.post(api("/reports"), report), 200); // a repeat: the first report
    CHECK_ERROR(reporter.post(api("/reports"), QJsonObject{{"targetType", "message"},
                                                           {"targetId", 987654321},
                                                           {"reason", "spam"}}),
                404, "not_found");
    // the queue holds an item with the message as its target
    const QJsonArray queue = moderator.get(api("/moderation/queue?limit=50")).items();
    QJsonObject item;
    for (const QJsonValue &v : queue)
        if (v.toObject().value(QLatin1String("targetType")).toString() ==
                QLatin1String("message") &&
            num(v.toObject(), "targetId") == id)
            item = v.toObject();
    QVERIFY(!item.isEmpty());
    QCOMPARE(num(item.value(QLatin1String("target")).toObject(), "id"), id);
    QCOMPARE(num(item, "reportCount"), 1);

    // hiding: a reason is required, ordinary users are refused
    const QString hide = api("/moderation/messages/%1/hide").arg(id);
    CHECK_ERROR(reporter.post(hide, QJsonObject{{"reason", "spam"}}), 403, "forbidden");
    CHECK_ERROR(moderator.post(hide, QJsonObject{{"reason", "  "}}), 422, "invalid");
    const HttpResult hidden = moderator.post(hide, QJsonObject{{"reason", "spam"}});
    CHECK_STATUS(hidden, 200);
    QCOMPARE(hidden.obj().value(QLatin1String("status")).toString(), QStringLiteral("hidden"));
    QCOMPARE(hidden.obj()
                 .value(QLatin1String("moderation"))
                 .toObject()
                 .value(QLatin1String("reason"))
                 .toString(),
             QStringLiteral("spam"));
    CHECK_STATUS(moderator.post(hide, QJsonObject{{"reason", "spam"}}), 200); // a repeat
    // gone for readers, there for moderators
    QVERIFY(
        !ids(owner.get(api("/users/%1/messages?limit=50").arg(owner.uid())).items()).contains(id));
    QVERIFY(ids(moderator.get(api("/users/%1/messages?limit=50").arg(owner.uid())).items())
                .contains(id));
    CHECK_ERROR(reporter.put(api("/messages/%1/like").arg(id)), 404, "not_found");
    // the item is closed; one hide in the log
    bool open = false;
    for (const QJsonValue &v : moderator.get(api("/moderation/queue?limit=50")).items())
        open |=
            num(v.toObject(), "targetId") == id &&
            v.toObject().value(QLatin1String("targetType")).toString() == QLatin1String("message");
    QVERIFY(!open);
    int hides = 0;
    for (const QJsonValue &v : moderator.get(api("/moderation/log?action=hide&limit=50")).items())
        hides += v.toObject().value(QLatin1String("targetType")).toString() ==
                     QLatin1String("message") &&
                 num(v.toObject(), "targetId") == id;
    QCOMPARE(hides, 1);
    // unhide: back for everyone
    CHECK_STATUS(moderator.post(api("/moderation/messages/%1/unhide").arg(id), QJsonObject{}), 200);
    QVERIFY(
        ids(owner.get(api("/users/%1/messages?limit=50").arg(owner.uid())).items()).contains(id));

    // a listed word opens an item by itself (publish first, hide later)
    const qint64 flagged =
        num(leave(author, owner.uid(), QStringLiteral("刷粉 cheap and fast")), "id");
    QVERIFY(flagged > 0);
    QVERIFY(ids(owner.get(api("/users/%1/messages?limit=50").arg(owner.uid())).items())
                .contains(flagged));
    bool autoFlagged = false;
    for (const QJsonValue &v : moderator.get(api("/moderation/queue?limit=50")).items())
        autoFlagged |= num(v.toObject(), "targetId") == flagged &&
                       v.toObject().value(QLatin1String("targetType")).toString() ==
                           QLatin1String("message") &&
                       v.toObject()
                               .value(QLatin1String("autoFlag"))
                               .toObject()
                               .value(QLatin1String("word"))
                               .toString() == QStringLiteral("刷粉");
    QVERIFY(autoFlagged);
}

void TestPeople::messagesInActivity()
{
    Client &owner = as(QStringLiteral("tingtamen"));
    Client &author = as(QStringLiteral("qianqi"));
    const QString text = QStringLiteral("Line one\nline two, a message for you");
    const qint64 id = num(leave(author, owner.uid(), text), "id");
    QVERIFY(id > 0);
    auto find = [&](Client &c, const QString &query) {
        for (const QJsonValue &v : c.get(api("/activity?%1&limit=50").arg(query)).items())
            if (v.toObject().value(QLatin1String("type")).toString() == QLatin1String("message") &&
                num(v.toObject(), "messageId") == id)
                return v.toObject();
        return QJsonObject();
    };
    const QJsonObject item = find(owner, QStringLiteral("scope=user&uid=%1").arg(author.uid()));
    QVERIFY(!item.isEmpty());
    QCOMPARE(uidIn(item, "actor"), author.uid());
    QCOMPARE(uidIn(item, "targetUser"), owner.uid());
    QCOMPARE(item.value(QLatin1String("summary")).toString(),
             QStringLiteral("Line one line two, a message for you"));
    QVERIFY(!item.contains(QLatin1String("postId")));
    QVERIFY(!find(author, QStringLiteral("scope=mine")).isEmpty());
    QVERIFY(!find(owner, QStringLiteral("scope=all")).isEmpty());
    // a deleted message leaves the activity
    CHECK_STATUS(owner.del(api("/messages/%1").arg(id)), 204);
    QVERIFY(find(owner, QStringLiteral("scope=all")).isEmpty());
}

void TestPeople::messagesWithIdempotencyKeys()
{
    Client &owner = as(QStringLiteral("zhangsan"));
    Client &author = as(QStringLiteral("maliu"));
    const QByteArray key = Client::newIdempotencyKey();
    const QString path = api("/users/%1/messages").arg(owner.uid());
    const QJsonObject body{{"content", "sent twice, kept once"}};
    const HttpResult a = author.post(path, body, {{"Idempotency-Key", key}});
    const HttpResult b = author.post(path, body, {{"Idempotency-Key", key}});
    CHECK_STATUS(a, 201);
    CHECK_STATUS(b, 201);
    QCOMPARE(num(a.obj(), "id"), num(b.obj(), "id"));
    QCOMPARE(b.header("Idempotent-Replayed"), QByteArray("true"));
    int copies = 0;
    for (const QJsonValue &v : owner.get(path + QStringLiteral("?limit=50")).items())
        copies += v.toObject().value(QLatin1String("content")).toString() ==
                  QLatin1String("sent twice, kept once");
    QCOMPARE(copies, 1);
    CHECK_ERROR(author.post(path, QJsonObject{{"content", "another"}}, {{"Idempotency-Key", key}}),
                409, "conflict");
}

QTEST_GUILESS_MAIN(TestPeople)
#include "tst_people.moc"

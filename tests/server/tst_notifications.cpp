// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Notifications (docs/api.md "Notifications") against the real threadline-server on loopback, on
// SQLite and on PostgreSQL:
//  - each kind (reply, comment, message, follow, like, moderation) for the right person, with the
//    contract's fields, and none for one's own action; a reply to my comment on my post is one
//    `reply`; a follow again the same day tells nobody twice;
//  - likes grouped while unread (newest first, at most 3 actors, a person once, an unlike takes
//    nobody out), a like after the read starts a new one; on a post, a comment and a message;
//  - withdrawn with deleted content (a floor, a post with its comments, a message) and with hidden
//    content (for good: an unhide brings nothing back), a `remove` record on /sync for the owner
//    and no record at all for anyone else;
//  - read one, read all, read up to an id: idempotent, 404 for someone else's, bad input 4xx;
//  - "unread" on /sync, on the stream's `hello` and `changes` events; a comment reaching the
//    post author's stream as a notification upsert; paging with `before`; the newest 500 kept;
//  - PostgreSQL: a write through one process reaching a stream on another (NOTIFY), and likes
//    sent at once through two processes grouped into one notification.

#include "httpchecks.h"
#include "signedin.h"
#include "testserver.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSet>
#include <QTcpSocket>
#include <QTest>
#include <QUrl>

#include <algorithm>
#include <functional>
#include <memory>

using namespace threadline::test;

namespace {

QString encoded(const QString &s)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(s));
}

QList<qint64> ids(const QJsonArray &a)
{
    QList<qint64> out;
    for (const QJsonValue &v : a)
        out << v.toObject().value(QLatin1String("id")).toInteger(-1);
    return out;
}

QList<qint64> actorUids(const QJsonObject &n)
{
    QList<qint64> out;
    for (const QJsonValue &v : n.value(QLatin1String("actors")).toArray())
        out << v.toObject().value(QLatin1String("uid")).toInteger(-1);
    return out;
}

struct SseEvent
{
    QByteArray id;
    QByteArray name;
    QByteArray data;
    [[nodiscard]] QJsonObject json() const { return QJsonDocument::fromJson(data).object(); }
};

// One GET /stream on a socket of its own: the answer's status, then its events as they come.
class SseReader
{
public:
    SseReader(quint16 port, const QString &token)
    {
        QObject::connect(&m_socket, &QTcpSocket::readyRead, &m_socket, [this] { onRead(); });
        m_socket.connectToHost(QStringLiteral("127.0.0.1"), port);
        m_socket.write("GET /api/v1/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " +
                       token.toUtf8() + "\r\nAccept: text/event-stream\r\n\r\n");
    }
    [[nodiscard]] int status() const { return m_status; }
    [[nodiscard]] const QList<SseEvent> &events() const { return m_events; }
    // The first `changes` event holding a record (kind, id), or null.
    [[nodiscard]] const SseEvent *withRecord(const QString &kind, qint64 id) const
    {
        for (const SseEvent &e : m_events) {
            if (e.name != "changes")
                continue;
            for (const QJsonValue &v : e.json().value(QLatin1String("changes")).toArray())
                if (v.toObject().value(QLatin1String("kind")).toString() == kind &&
                    v.toObject().value(QLatin1String("id")).toInteger() == id)
                    return &e;
        }
        return nullptr;
    }
    // Every record of `kind` in the `changes` events so far.
    [[nodiscard]] QList<QJsonObject> records(const QString &kind) const
    {
        QList<QJsonObject> out;
        for (const SseEvent &e : m_events)
            if (e.name == "changes")
                for (const QJsonValue &v : e.json().value(QLatin1String("changes")).toArray())
                    if (v.toObject().value(QLatin1String("kind")).toString() == kind)
                        out << v.toObject();
        return out;
    }

private:
    void onRead()
    {
        m_buffer += m_socket.readAll();
        if (m_status == 0) {
            const qsizetype end = m_buffer.indexOf("\r\n\r\n");
            if (end < 0)
                return;
            m_status = m_buffer.mid(9, 3).toInt();
            m_buffer.remove(0, end + 4);
        }
        for (qsizetype end; (end = m_buffer.indexOf("\n\n")) >= 0;) {
            SseEvent e;
            for (const QByteArray &line : m_buffer.left(end).split('\n')) {
                if (line.startsWith(':'))
                    continue; // a ping
                const qsizetype colon = line.indexOf(':');
                const QByteArray field = line.left(colon);
                const QByteArray value = line.mid(colon + 1).trimmed();
                if (field == "id")
                    e.id = value;
                else if (field == "event")
                    e.name = value;
                else if (field == "data")
                    e.data += value;
            }
            m_buffer.remove(0, end + 2);
            if (!e.name.isEmpty())
                m_events.append(e);
        }
    }

    QTcpSocket m_socket;
    QByteArray m_buffer;
    int m_status = 0;
    QList<SseEvent> m_events;
};

} // namespace

class TestNotifications : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void commentAndReplyGoToTheirOwners();
    void replyToMyCommentOnMyPostIsOneReply();
    void noneForOwnActions();
    void messagesAndFollows();
    void likesGroupWhileUnread();
    void likesOfCommentsAndMessages();
    void moderationIsTold();
    void withdrawnWithDeletedContent();
    void withdrawnWithHiddenContentForGood();
    void readOneReadAllUpTo();
    void readBadInput();
    void unreadOnSync();
    void summaryIsTheStartOfTheText();
    void pagingWithBefore();
    void streamCarriesNotificationAndUnread();
    void writeThroughOtherProcessReachesStream();
    void likesAtOnceGroupIntoOne();
    void keepsTheNewest500(); // last: it fills one user's list

private:
    Client &as(const QString &user) { return m_signedIn.as(user); }
    // Marks all of `user`'s read; the count is then 0.
    bool clear(const QString &user);
    qint64 unread(const QString &user);
    // The user's newest notifications (limit 100), those that `match`.
    QList<QJsonObject> mine(const QString &user,
                            const std::function<bool(const QJsonObject &)> &match);
    // By kind and, when given, the id under `key`.
    QList<QJsonObject> mine(const QString &user, const QString &kind, const char *key = nullptr,
                            qint64 value = 0);
    // A /sync cursor of `user` for now.
    QString cursor(const QString &user);
    // The `notification` records of `user`'s /sync from `since` to its end (and the last answer's
    // "unread" in *unreadOut).
    QList<QJsonObject> syncNotifications(const QString &user, QString since,
                                         qint64 *unreadOut = nullptr);
    qint64 comment(const QString &user, qint64 post, const QString &text, qint64 parent = 0);

    TestServer m_server;
    SignedIn m_signedIn{m_server};
};

bool TestNotifications::clear(const QString &user)
{
    const HttpResult r = as(user).post(api(QStringLiteral("/notifications/read")));
    if (r.status != 200)
        qWarning("clear: %s", r.describe().constData());
    return r.status == 200 && num(r.obj(), "unread") == 0;
}

qint64 TestNotifications::unread(const QString &user)
{
    const HttpResult r = as(user).get(api(QStringLiteral("/notifications/unread")));
    return r.status == 200 ? num(r.obj(), "unread") : -1;
}

QList<QJsonObject> TestNotifications::mine(const QString &user,
                                           const std::function<bool(const QJsonObject &)> &match)
{
    QList<QJsonObject> out;
    const HttpResult r = as(user).get(api(QStringLiteral("/notifications?limit=100")));
    if (r.status != 200)
        qWarning("notifications: %s", r.describe().constData());
    for (const QJsonValue &v : r.items())
        if (match(v.toObject()))
            out << v.toObject();
    return out;
}

QList<QJsonObject> TestNotifications::mine(const QString &user, const QString &kind,
                                           const char *key, qint64 value)
{
    return mine(user, [&](const QJsonObject &n) {
        return n.value(QLatin1String("kind")).toString() == kind && (!key || num(n, key) == value);
    });
}

QString TestNotifications::cursor(const QString &user)
{
    return as(user).get(api(QStringLiteral("/sync"))).obj().value(QLatin1String("next")).toString();
}

QList<QJsonObject> TestNotifications::syncNotifications(const QString &user, QString since,
                                                        qint64 *unreadOut)
{
    QList<QJsonObject> out;
    for (int page = 0; page < 100; ++page) {
        const HttpResult r =
            as(user).get(api(QStringLiteral("/sync?limit=1000&since=") + encoded(since)));
        if (r.status != 200) {
            qWarning("sync: %s", r.describe().constData());
            return {};
        }
        for (const QJsonValue &v : r.obj().value(QLatin1String("changes")).toArray())
            if (v.toObject().value(QLatin1String("kind")).toString() ==
                QLatin1String("notification"))
                out << v.toObject();
        if (unreadOut)
            *unreadOut = num(r.obj(), "unread");
        since = r.obj().value(QLatin1String("next")).toString();
        if (!r.obj().value(QLatin1String("hasMore")).toBool())
            break;
    }
    return out;
}

qint64 TestNotifications::comment(const QString &user, qint64 post, const QString &text,
                                  qint64 parent)
{
    QJsonObject body{{QStringLiteral("content"), text}};
    if (parent)
        body.insert(QStringLiteral("parentId"), parent);
    const HttpResult r = as(user).post(api(QStringLiteral("/posts/%1/comments").arg(post)), body);
    if (r.status != 201)
        qWarning("comment: %s", r.describe().constData());
    return r.status == 201 ? num(r.obj(), "id") : 0;
}

void TestNotifications::initTestCase()
{
    QVERIFY2(m_server.start(), m_server.stderrLog().right(2000).constData());
    for (const char *u :
         {"zhangsan", "lisi", "wangwu", "mazi", "tingtamen", "qianqi", "maliu", "moderator"})
        QVERIFY2(as(QString::fromLatin1(u)).uid() > 0, u);
}

void TestNotifications::commentAndReplyGoToTheirOwners()
{
    const QString a = QStringLiteral("wangwu"), b = QStringLiteral("lisi"),
                  c = QStringLiteral("mazi");
    QVERIFY(clear(a) && clear(b) && clear(c));
    const qint64 post = newPost(as(a), QStringLiteral("a post to comment on"));
    QVERIFY(post > 0);

    // B opens a floor: a `comment` for A, nothing for B
    const qint64 root = comment(b, post, QStringLiteral("B's floor"));
    QVERIFY(root > 0);
    QCOMPARE(unread(a), 1);
    QCOMPARE(unread(b), 0);
    const auto forA = mine(a, QStringLiteral("comment"), "commentId", root);
    QCOMPARE(forA.size(), 1);
    const QJsonObject n = forA.first();
    QCOMPARE(num(n, "postId"), post);
    QCOMPARE(n.value(QLatin1String("read")), QJsonValue(false));
    QCOMPARE(num(n, "actorCount"), 1);
    QCOMPARE(actorUids(n), QList<qint64>{as(b).uid()});
    const QJsonObject actor = n.value(QLatin1String("actors")).toArray().first().toObject();
    QVERIFY(actor.contains(QLatin1String("nickName")) && actor.contains(QLatin1String("headImg")));
    QCOMPARE(n.value(QLatin1String("summary")).toString(), QStringLiteral("B's floor"));
    QVERIFY(num(n, "createtime") > 0);
    QVERIFY(!n.contains(QLatin1String("parentId")));
    QVERIFY(!n.contains(QLatin1String("messageId")));
    QVERIFY(!n.contains(QLatin1String("targetType")));

    // A answers B on A's own post: a `reply` for B, nothing for A
    const qint64 answer = comment(a, post, QStringLiteral("A answers"), root);
    QVERIFY(answer > 0);
    QCOMPARE(unread(a), 1);
    QCOMPARE(unread(b), 1);
    const auto reply = mine(b, QStringLiteral("reply"), "commentId", answer);
    QCOMPARE(reply.size(), 1);
    QCOMPARE(num(reply.first(), "parentId"), root);
    QCOMPARE(num(reply.first(), "postId"), post);
    QCOMPARE(actorUids(reply.first()), QList<qint64>{as(a).uid()});

    // C answers B on A's post: a `reply` for B and a `comment` for A
    const qint64 third = comment(c, post, QStringLiteral("C answers B"), root);
    QVERIFY(third > 0);
    QCOMPARE(mine(b, QStringLiteral("reply"), "commentId", third).size(), 1);
    QCOMPARE(mine(a, QStringLiteral("comment"), "commentId", third).size(), 1);
    QCOMPARE(unread(a), 2);
    QCOMPARE(unread(b), 2);
    QCOMPARE(unread(c), 0);
}

void TestNotifications::replyToMyCommentOnMyPostIsOneReply()
{
    const QString a = QStringLiteral("wangwu"), b = QStringLiteral("lisi");
    QVERIFY(clear(a));
    const qint64 post = newPost(as(a), QStringLiteral("my post"));
    const qint64 mineRoot = comment(a, post, QStringLiteral("my own floor"));
    QVERIFY(post > 0 && mineRoot > 0);
    QCOMPARE(unread(a), 0);
    const qint64 answer = comment(b, post, QStringLiteral("B answers A's comment"), mineRoot);
    QVERIFY(answer > 0);
    QCOMPARE(unread(a), 1);
    const auto about = mine(a, [&](const QJsonObject &n) { return num(n, "commentId") == answer; });
    QCOMPARE(about.size(), 1);
    QCOMPARE(about.first().value(QLatin1String("kind")).toString(), QStringLiteral("reply"));
    QCOMPARE(num(about.first(), "parentId"), mineRoot);
}

void TestNotifications::noneForOwnActions()
{
    const QString a = QStringLiteral("wangwu");
    Client &me = as(a);
    QVERIFY(clear(a));
    const qint64 post = newPost(me, QStringLiteral("all by myself"));
    const qint64 root = comment(a, post, QStringLiteral("my floor"));
    QVERIFY(root > 0 && comment(a, post, QStringLiteral("my reply"), root) > 0);
    CHECK_STATUS(me.put(api(QStringLiteral("/posts/%1/like").arg(post))), 200);
    CHECK_STATUS(me.put(api(QStringLiteral("/comments/%1/like").arg(root))), 200);
    const HttpResult m = me.post(api(QStringLiteral("/users/%1/messages").arg(me.uid())),
                                 QJsonObject{{QStringLiteral("content"), QStringLiteral("note")}});
    CHECK_STATUS(m, 201);
    CHECK_STATUS(me.put(api(QStringLiteral("/messages/%1/like").arg(num(m.obj(), "id")))), 200);
    CHECK_ERROR(me.put(api(QStringLiteral("/users/%1/follow").arg(me.uid()))), 422, "invalid");
    QCOMPARE(unread(a), 0);
    // and a moderator moderating their own post is not told either
    Client &mod = as(QStringLiteral("moderator"));
    QVERIFY(clear(QStringLiteral("moderator")));
    const qint64 own = newPost(mod, QStringLiteral("the moderator's own"));
    CHECK_STATUS(mod.post(api(QStringLiteral("/moderation/posts/%1/hide").arg(own)),
                          QJsonObject{{QStringLiteral("reason"), QStringLiteral("test")}}),
                 200);
    QCOMPARE(unread(QStringLiteral("moderator")), 0);
}

void TestNotifications::messagesAndFollows()
{
    const QString a = QStringLiteral("zhangsan"), b = QStringLiteral("maliu");
    QVERIFY(clear(a));
    const HttpResult m =
        as(b).post(api(QStringLiteral("/users/%1/messages").arg(as(a).uid())),
                   QJsonObject{{QStringLiteral("content"), QStringLiteral("  hello\n  there ")}});
    CHECK_STATUS(m, 201);
    const qint64 message = num(m.obj(), "id");
    const auto left = mine(a, QStringLiteral("message"), "messageId", message);
    QCOMPARE(left.size(), 1);
    QCOMPARE(left.first().value(QLatin1String("summary")).toString(),
             QStringLiteral("hello there"));
    QCOMPARE(actorUids(left.first()), QList<qint64>{as(b).uid()});
    QVERIFY(!left.first().contains(QLatin1String("postId")));

    // a follow; following again after an unfollow the same day tells nobody twice
    const QString follow = api(QStringLiteral("/users/%1/follow").arg(as(a).uid()));
    as(b).del(follow);
    const auto followsBy = [&] {
        return mine(a, [&](const QJsonObject &n) {
            return n.value(QLatin1String("kind")).toString() == QLatin1String("follow") &&
                   actorUids(n) == QList<qint64>{as(b).uid()};
        });
    };
    const qsizetype before = followsBy().size();
    QVERIFY(before <= 1);
    CHECK_STATUS(as(b).put(follow), 200);
    CHECK_STATUS(as(b).put(follow), 200); // a repeat changes nothing
    QCOMPARE(followsBy().size(), qsizetype(1));
    CHECK_STATUS(as(b).del(follow), 200);
    CHECK_STATUS(as(b).put(follow), 200);
    QCOMPARE(followsBy().size(), qsizetype(1));
    const QJsonObject f = followsBy().first();
    QCOMPARE(num(f, "actorCount"), 1);
    for (const char *absent : {"postId", "commentId", "messageId", "summary", "targetType"})
        QVERIFY2(!f.contains(QLatin1String(absent)), absent);
    // another follower is told
    CHECK_STATUS(as(QStringLiteral("qianqi")).put(follow), 200);
    QCOMPARE(mine(a,
                  [&](const QJsonObject &n) {
                      return n.value(QLatin1String("kind")).toString() == QLatin1String("follow") &&
                             actorUids(n) == QList<qint64>{as(QStringLiteral("qianqi")).uid()};
                  })
                 .size(),
             qsizetype(1));
}

void TestNotifications::likesGroupWhileUnread()
{
    const QString a = QStringLiteral("wangwu");
    const QStringList likers{QStringLiteral("lisi"), QStringLiteral("mazi"),
                             QStringLiteral("tingtamen"), QStringLiteral("qianqi")};
    QVERIFY(clear(a));
    const qint64 post = newPost(as(a), QStringLiteral("like me"));
    QVERIFY(post > 0);
    const QString like = api(QStringLiteral("/posts/%1/like").arg(post));
    for (const QString &u : likers)
        CHECK_STATUS(as(u).put(like), 200);
    const auto likesOf = [&] {
        return mine(a, [&](const QJsonObject &n) {
            return n.value(QLatin1String("kind")).toString() == QLatin1String("like") &&
                   n.value(QLatin1String("targetType")).toString() == QLatin1String("post") &&
                   num(n, "targetId") == post;
        });
    };
    auto got = likesOf();
    QCOMPARE(got.size(), qsizetype(1));
    QJsonObject n = got.first();
    QCOMPARE(num(n, "actorCount"), 4);
    // newest first, at most 3
    QCOMPARE(actorUids(n),
             (QList<qint64>{as(likers[3]).uid(), as(likers[2]).uid(), as(likers[1]).uid()}));
    QCOMPARE(num(n, "postId"), post);
    QCOMPARE(n.value(QLatin1String("summary")).toString(), QStringLiteral("like me"));
    QCOMPARE(unread(a), 1);
    const qint64 first = num(n, "id");
    const qint64 firstTime = num(n, "createtime");

    // the same person again (after an unlike: it took nobody out) counts once
    CHECK_STATUS(as(likers[0]).del(like), 200);
    QCOMPARE(num(likesOf().first(), "actorCount"), 4);
    CHECK_STATUS(as(likers[0]).put(like), 200);
    got = likesOf();
    QCOMPARE(got.size(), qsizetype(1));
    QCOMPARE(num(got.first(), "actorCount"), 4);
    QCOMPARE(num(got.first(), "createtime"), firstTime);

    // a new liker moves it to the top
    const qint64 other = newPost(as(a), QStringLiteral("something newer"));
    QVERIFY(comment(QStringLiteral("lisi"), other, QStringLiteral("newer")) > 0);
    waitForNextMillisecond(); // (else the comment's notification, in the same ms, has the higher
                              // id)
    CHECK_STATUS(as(QStringLiteral("maliu")).put(like), 200);
    const HttpResult top = as(a).get(api(QStringLiteral("/notifications?limit=1")));
    QCOMPARE(ids(top.items()), QList<qint64>{first});
    QCOMPARE(num(top.items().first().toObject(), "actorCount"), 5);
    QCOMPARE(actorUids(top.items().first().toObject()).first(), as(QStringLiteral("maliu")).uid());

    // once read, the next like starts a new one
    CHECK_STATUS(as(a).post(api(QStringLiteral("/notifications/%1/read").arg(first))), 200);
    CHECK_STATUS(as(QStringLiteral("zhangsan")).put(like), 200);
    got = likesOf();
    QCOMPARE(got.size(), qsizetype(2));
    QVERIFY(num(got[0], "id") != first); // newest first
    QCOMPARE(num(got[0], "actorCount"), 1);
    QCOMPARE(got[0].value(QLatin1String("read")), QJsonValue(false));
    QCOMPARE(actorUids(got[0]), QList<qint64>{as(QStringLiteral("zhangsan")).uid()});
    QCOMPARE(num(got[1], "id"), first);
    QCOMPARE(got[1].value(QLatin1String("read")), QJsonValue(true));
    QCOMPARE(num(got[1], "actorCount"), 5);
}

void TestNotifications::likesOfCommentsAndMessages()
{
    const QString a = QStringLiteral("mazi"), b = QStringLiteral("lisi"),
                  c = QStringLiteral("tingtamen");
    QVERIFY(clear(a));
    const qint64 post = newPost(as(b), QStringLiteral("B's post"));
    const qint64 mineC = comment(a, post, QStringLiteral("A's comment"));
    QVERIFY(post > 0 && mineC > 0);
    // an oppose is no like
    CHECK_STATUS(as(b).put(api(QStringLiteral("/comments/%1/oppose").arg(mineC))), 200);
    QCOMPARE(unread(a), 0);
    // switching to a like is one
    CHECK_STATUS(as(b).put(api(QStringLiteral("/comments/%1/like").arg(mineC))), 200);
    CHECK_STATUS(as(c).put(api(QStringLiteral("/comments/%1/like").arg(mineC))), 200);
    auto got = mine(a, QStringLiteral("like"), "targetId", mineC);
    QCOMPARE(got.size(), qsizetype(1));
    QCOMPARE(got.first().value(QLatin1String("targetType")).toString(), QStringLiteral("comment"));
    QCOMPARE(num(got.first(), "postId"), post);
    QCOMPARE(num(got.first(), "actorCount"), 2);
    QCOMPARE(actorUids(got.first()), (QList<qint64>{as(c).uid(), as(b).uid()}));
    QCOMPARE(got.first().value(QLatin1String("summary")).toString(), QStringLiteral("A's comment"));

    // a message A left on B's board, liked by B and C
    const HttpResult m =
        as(a).post(api(QStringLiteral("/users/%1/messages").arg(as(b).uid())),
                   QJsonObject{{QStringLiteral("content"), QStringLiteral("A's message")}});
    CHECK_STATUS(m, 201);
    const qint64 message = num(m.obj(), "id");
    CHECK_STATUS(as(b).put(api(QStringLiteral("/messages/%1/like").arg(message))), 200);
    CHECK_STATUS(as(c).put(api(QStringLiteral("/messages/%1/like").arg(message))), 200);
    CHECK_STATUS(as(c).put(api(QStringLiteral("/messages/%1/like").arg(message))), 200);
    got = mine(a, [&](const QJsonObject &n) {
        return n.value(QLatin1String("targetType")).toString() == QLatin1String("message") &&
               num(n, "targetId") == message;
    });
    QCOMPARE(got.size(), qsizetype(1));
    QCOMPARE(got.first().value(QLatin1String("kind")).toString(), QStringLiteral("like"));
    QCOMPARE(num(got.first(), "actorCount"), 2);
    QVERIFY(!got.first().contains(QLatin1String("postId")));
    QVERIFY(!got.first().contains(QLatin1String("messageId")));
    QCOMPARE(unread(a), 2);
}

void TestNotifications::moderationIsTold()
{
    const QString a = QStringLiteral("qianqi");
    Client &mod = as(QStringLiteral("moderator"));
    QVERIFY(clear(a));
    const qint64 post = newPost(as(QStringLiteral("lisi")), QStringLiteral("a host post"));
    const qint64 c = comment(a, post, QStringLiteral("a comment to hide"));
    QVERIFY(c > 0);
    CHECK_STATUS(mod.post(api(QStringLiteral("/moderation/comments/%1/hide").arg(c)),
                          QJsonObject{{QStringLiteral("reason"), QStringLiteral("rude")}}),
                 200);
    auto got = mine(a, QStringLiteral("moderation"), "targetId", c);
    QCOMPARE(got.size(), qsizetype(1));
    QJsonObject n = got.first();
    QCOMPARE(n.value(QLatin1String("action")).toString(), QStringLiteral("hide"));
    QCOMPARE(n.value(QLatin1String("targetType")).toString(), QStringLiteral("comment"));
    QCOMPARE(num(n, "postId"), post);
    QCOMPARE(n.value(QLatin1String("reason")).toString(), QStringLiteral("rude"));
    QCOMPARE(n.value(QLatin1String("summary")).toString(), QStringLiteral("a comment to hide"));
    QCOMPARE(n.value(QLatin1String("actors")).toArray().size(), 0); // the moderator is not named
    QCOMPARE(num(n, "actorCount"), 0);
    // a repeat changes nothing and tells nothing
    CHECK_STATUS(mod.post(api(QStringLiteral("/moderation/comments/%1/hide").arg(c)),
                          QJsonObject{{QStringLiteral("reason"), QStringLiteral("rude")}}),
                 200);
    QCOMPARE(unread(a), 1);
    CHECK_STATUS(mod.post(api(QStringLiteral("/moderation/comments/%1/unhide").arg(c))), 200);
    got = mine(a, QStringLiteral("moderation"), "targetId", c);
    QCOMPARE(got.size(), qsizetype(2));
    QCOMPARE(got.first().value(QLatin1String("action")).toString(), QStringLiteral("unhide"));

    // a post deleted by a moderator; a message hidden
    const qint64 own = newPost(as(a), QStringLiteral("a post a moderator deletes"));
    CHECK_STATUS(mod.del(api(QStringLiteral("/posts/%1").arg(own))), 204);
    got = mine(a, QStringLiteral("moderation"), "targetId", own);
    QCOMPARE(got.size(), qsizetype(1));
    QCOMPARE(got.first().value(QLatin1String("action")).toString(), QStringLiteral("delete"));
    QCOMPARE(got.first().value(QLatin1String("targetType")).toString(), QStringLiteral("post"));
    QVERIFY(!got.first().contains(QLatin1String("postId")));
    const HttpResult m =
        as(a).post(api(QStringLiteral("/users/%1/messages").arg(as(QStringLiteral("lisi")).uid())),
                   QJsonObject{{QStringLiteral("content"), QStringLiteral("a message")}});
    CHECK_STATUS(m, 201);
    CHECK_STATUS(
        mod.post(api(QStringLiteral("/moderation/messages/%1/hide").arg(num(m.obj(), "id"))),
                 QJsonObject{{QStringLiteral("reason"), QStringLiteral("spam")}}),
        200);
    got = mine(a, QStringLiteral("moderation"), "targetId", num(m.obj(), "id"));
    QCOMPARE(got.size(), qsizetype(1));
    QCOMPARE(got.first().value(QLatin1String("targetType")).toString(), QStringLiteral("message"));
    // the author deleting their own content is no moderation
    const qint64 mineToo = newPost(as(a), QStringLiteral("deleted by me"));
    const qsizetype count = mine(a, QStringLiteral("moderation")).size();
    CHECK_STATUS(as(a).del(api(QStringLiteral("/posts/%1").arg(mineToo))), 204);
    QCOMPARE(mine(a, QStringLiteral("moderation")).size(), count);
}

void TestNotifications::withdrawnWithDeletedContent()
{
    const QString a = QStringLiteral("wangwu"), b = QStringLiteral("lisi"),
                  c = QStringLiteral("mazi"), d = QStringLiteral("tingtamen"),
                  other = QStringLiteral("maliu");
    const QString sinceA = cursor(a), sinceB = cursor(b), sinceOther = cursor(other);
    QVERIFY(!sinceA.isEmpty() && !sinceB.isEmpty() && !sinceOther.isEmpty());

    // a floor: B's root on A's post, C's reply to it, D's like of B's root
    const qint64 post = newPost(as(a), QStringLiteral("a floor to delete"));
    const qint64 root = comment(b, post, QStringLiteral("B's root"));
    const qint64 reply = comment(c, post, QStringLiteral("C's reply"), root);
    QVERIFY(root > 0 && reply > 0);
    CHECK_STATUS(as(d).put(api(QStringLiteral("/comments/%1/like").arg(root))), 200);
    const auto onFloor = [&](const QString &user) {
        return mine(user, [&](const QJsonObject &n) {
            return num(n, "commentId") == root || num(n, "commentId") == reply ||
                   (n.value(QLatin1String("targetType")).toString() == QLatin1String("comment") &&
                    num(n, "targetId") == root);
        });
    };
    const QList<QJsonObject> forA = onFloor(a), forB = onFloor(b);
    QCOMPARE(forA.size(), qsizetype(2)); // comment (root), comment (reply)
    QCOMPARE(forB.size(), qsizetype(2)); // reply, like
    CHECK_STATUS(as(b).del(api(QStringLiteral("/comments/%1").arg(root))), 204);
    QCOMPARE(onFloor(a).size(), qsizetype(0));
    QCOMPARE(onFloor(b).size(), qsizetype(0));
    // removes on /sync for the owners, nothing at all for anyone else
    const auto removed = [](const QList<QJsonObject> &records) {
        QSet<qint64> out;
        for (const QJsonObject &r : records)
            if (r.value(QLatin1String("op")).toString() == QLatin1String("remove"))
                out.insert(num(r, "id"));
        return out;
    };
    const QList<QJsonObject> recordsA = syncNotifications(a, sinceA);
    const QList<QJsonObject> recordsB = syncNotifications(b, sinceB);
    for (const QJsonObject &n : forA)
        QVERIFY2(removed(recordsA).contains(num(n, "id")), "A's remove");
    for (const QJsonObject &n : forB)
        QVERIFY2(removed(recordsB).contains(num(n, "id")), "B's remove");
    for (const QJsonObject &r : recordsA)
        QVERIFY(r.value(QLatin1String("op")).toString() == QLatin1String("remove") ||
                r.contains(QLatin1String("data")));
    QCOMPARE(syncNotifications(other, sinceOther).size(), qsizetype(0));

    // a reply deleted alone takes its own with it, not its floor's
    const qint64 root2 = comment(b, post, QStringLiteral("B again"));
    const qint64 reply2 = comment(c, post, QStringLiteral("C again"), root2);
    QVERIFY(root2 > 0 && reply2 > 0);
    CHECK_STATUS(as(c).del(api(QStringLiteral("/comments/%1").arg(reply2))), 204);
    QCOMPARE(mine(b, QStringLiteral("reply"), "commentId", reply2).size(), qsizetype(0));
    QCOMPARE(mine(a, QStringLiteral("comment"), "commentId", reply2).size(), qsizetype(0));
    QCOMPARE(mine(a, QStringLiteral("comment"), "commentId", root2).size(), qsizetype(1));

    // a post with its comments and likes
    CHECK_STATUS(as(d).put(api(QStringLiteral("/posts/%1/like").arg(post))), 200);
    CHECK_STATUS(as(d).put(api(QStringLiteral("/comments/%1/like").arg(root2))), 200);
    QCOMPARE(mine(a, QStringLiteral("like"), "targetId", post).size(), qsizetype(1));
    QCOMPARE(mine(b, QStringLiteral("like"), "targetId", root2).size(), qsizetype(1));
    CHECK_STATUS(as(a).del(api(QStringLiteral("/posts/%1").arg(post))), 204);
    QCOMPARE(mine(a, [&](const QJsonObject &n) { return num(n, "postId") == post; }).size(),
             qsizetype(0));
    QCOMPARE(mine(b, [&](const QJsonObject &n) { return num(n, "postId") == post; }).size(),
             qsizetype(0));

    // a message with its likes
    const HttpResult m =
        as(b).post(api(QStringLiteral("/users/%1/messages").arg(as(a).uid())),
                   QJsonObject{{QStringLiteral("content"), QStringLiteral("B's message")}});
    CHECK_STATUS(m, 201);
    const qint64 message = num(m.obj(), "id");
    CHECK_STATUS(as(c).put(api(QStringLiteral("/messages/%1/like").arg(message))), 200);
    QCOMPARE(mine(a, QStringLiteral("message"), "messageId", message).size(), qsizetype(1));
    QCOMPARE(mine(b, QStringLiteral("like"), "targetId", message).size(), qsizetype(1));
    const QString sinceB2 = cursor(b);
    CHECK_STATUS(as(a).del(api(QStringLiteral("/messages/%1").arg(message))), 204); // the owner
    QCOMPARE(mine(a, QStringLiteral("message"), "messageId", message).size(), qsizetype(0));
    QCOMPARE(mine(b, QStringLiteral("like"), "targetId", message).size(), qsizetype(0));
    QCOMPARE(removed(syncNotifications(b, sinceB2)).size(), qsizetype(1));
}

void TestNotifications::withdrawnWithHiddenContentForGood()
{
    const QString a = QStringLiteral("zhangsan"), b = QStringLiteral("qianqi"),
                  c = QStringLiteral("maliu");
    Client &mod = as(QStringLiteral("moderator"));
    const QJsonObject why{{QStringLiteral("reason"), QStringLiteral("test")}};
    const qint64 post = newPost(as(a), QStringLiteral("a post whose floor is hidden"));
    const qint64 root = comment(b, post, QStringLiteral("B's floor"));
    const qint64 reply = comment(c, post, QStringLiteral("C's reply"), root);
    QVERIFY(root > 0 && reply > 0);
    CHECK_STATUS(as(c).put(api(QStringLiteral("/comments/%1/like").arg(root))), 200);
    QCOMPARE(mine(a, QStringLiteral("comment"), "postId", post).size(), qsizetype(2));
    QCOMPARE(mine(b, QStringLiteral("like"), "targetId", root).size(), qsizetype(1));
    const QString sinceA = cursor(a), sinceB = cursor(b), sinceC = cursor(c);
    CHECK_STATUS(mod.post(api(QStringLiteral("/moderation/comments/%1/hide").arg(root)), why), 200);
    QCOMPARE(mine(a, QStringLiteral("comment"), "postId", post).size(), qsizetype(0));
    QCOMPARE(mine(b, QStringLiteral("like"), "targetId", root).size(), qsizetype(0));
    QCOMPARE(mine(b, QStringLiteral("reply"), "commentId", reply).size(), qsizetype(0));
    QCOMPARE(syncNotifications(a, sinceA).size(), qsizetype(2));
    // B: the like withdrawn, the reply withdrawn, the moderation notification new
    const QList<QJsonObject> recordsB = syncNotifications(b, sinceB);
    QCOMPARE(recordsB.size(), qsizetype(3));
    int removes = 0;
    for (const QJsonObject &r : recordsB)
        removes += r.value(QLatin1String("op")).toString() == QLatin1String("remove");
    QCOMPARE(removes, 2);
    QCOMPARE(syncNotifications(c, sinceC).size(), qsizetype(0));
    // the unhide brings none back
    CHECK_STATUS(mod.post(api(QStringLiteral("/moderation/comments/%1/unhide").arg(root))), 200);
    QCOMPARE(mine(a, QStringLiteral("comment"), "postId", post).size(), qsizetype(0));
    QCOMPARE(mine(b, QStringLiteral("like"), "targetId", root).size(), qsizetype(0));

    // a post hidden: its likes and its comments' notifications
    const qint64 post2 = newPost(as(a), QStringLiteral("a post to hide"));
    const qint64 c2 = comment(b, post2, QStringLiteral("on it"));
    QVERIFY(c2 > 0);
    CHECK_STATUS(as(c).put(api(QStringLiteral("/posts/%1/like").arg(post2))), 200);
    QCOMPARE(mine(a, [&](const QJsonObject &n) { return num(n, "postId") == post2; }).size(),
             qsizetype(2));
    CHECK_STATUS(mod.post(api(QStringLiteral("/moderation/posts/%1/hide").arg(post2)), why), 200);
    CHECK_STATUS(mod.post(api(QStringLiteral("/moderation/posts/%1/unhide").arg(post2))), 200);
    QCOMPARE(mine(a,
                  [&](const QJsonObject &n) {
                      return num(n, "postId") == post2 &&
                             n.value(QLatin1String("kind")).toString() !=
                                 QLatin1String("moderation");
                  })
                 .size(),
             qsizetype(0));
    // the author is told of the hide and the unhide
    QCOMPARE(mine(a, QStringLiteral("moderation"), "targetId", post2).size(), qsizetype(2));

    // a message hidden
    const HttpResult m =
        as(b).post(api(QStringLiteral("/users/%1/messages").arg(as(a).uid())),
                   QJsonObject{{QStringLiteral("content"), QStringLiteral("to hide")}});
    CHECK_STATUS(m, 201);
    const qint64 message = num(m.obj(), "id");
    QCOMPARE(mine(a, QStringLiteral("message"), "messageId", message).size(), qsizetype(1));
    CHECK_STATUS(mod.post(api(QStringLiteral("/moderation/messages/%1/hide").arg(message)), why),
                 200);
    CHECK_STATUS(mod.post(api(QStringLiteral("/moderation/messages/%1/unhide").arg(message))), 200);
    QCOMPARE(mine(a, QStringLiteral("message"), "messageId", message).size(), qsizetype(0));
}

void TestNotifications::readOneReadAllUpTo()
{
    const QString a = QStringLiteral("tingtamen"), b = QStringLiteral("lisi");
    QVERIFY(clear(a));
    const qint64 post = newPost(as(a), QStringLiteral("three comments"));
    QList<qint64> made; // notification ids, oldest first
    for (int i = 0; i < 3; ++i) {
        const qint64 c = comment(b, post, QStringLiteral("comment %1").arg(i));
        QVERIFY(c > 0);
        const auto n = mine(a, QStringLiteral("comment"), "commentId", c);
        QCOMPARE(n.size(), qsizetype(1));
        made << num(n.first(), "id");
    }
    QCOMPARE(unread(a), 3);
    const QString since = cursor(a);

    // one, twice: the same answer
    const QString readFirst = api(QStringLiteral("/notifications/%1/read").arg(made[0]));
    for (int i = 0; i < 2; ++i) {
        const HttpResult r = as(a).post(readFirst);
        CHECK_STATUS(r, 200);
        QCOMPARE(num(r.obj(), "id"), made[0]);
        QCOMPARE(r.obj().value(QLatin1String("read")), QJsonValue(true));
        QCOMPARE(num(r.obj(), "unread"), 2);
    }
    // someone else's, or none: 404
    CHECK_ERROR(as(b).post(readFirst), 404, "not_found");
    CHECK_ERROR(as(a).post(api(QStringLiteral("/notifications/9007199254740991/read"))), 404,
                "not_found");
    // up to the second: only it is left to mark
    HttpResult r = as(a).post(api(QStringLiteral("/notifications/read")),
                              QJsonObject{{QStringLiteral("upTo"), made[1]}});
    CHECK_STATUS(r, 200);
    QCOMPARE(num(r.obj(), "marked"), 1);
    QCOMPARE(num(r.obj(), "unread"), 1);
    QCOMPARE(
        mine(a, QStringLiteral("comment"), "postId", post).first().value(QLatin1String("read")),
        QJsonValue(false)); // the newest
    // with an Idempotency-Key: the first answer again
    const QByteArray key = Client::newIdempotencyKey();
    r = as(a).post(api(QStringLiteral("/notifications/read")), QJsonObject{},
                   {{"Idempotency-Key", key}});
    CHECK_STATUS(r, 200);
    QCOMPARE(num(r.obj(), "marked"), 1);
    QCOMPARE(num(r.obj(), "unread"), 0);
    const HttpResult replay = as(a).post(api(QStringLiteral("/notifications/read")), QJsonObject{},
                                         {{"Idempotency-Key", key}});
    CHECK_STATUS(replay, 200);
    QCOMPARE(replay.header("Idempotent-Replayed"), QByteArray("true"));
    QCOMPARE(replay.body, r.body);
    // all again: nothing to mark
    r = as(a).post(api(QStringLiteral("/notifications/read")));
    CHECK_STATUS(r, 200);
    QCOMPARE(num(r.obj(), "marked"), 0);
    QCOMPARE(unread(a), 0);
    // /sync: an upsert of each marked one, read
    qint64 unreadOnSync = -1;
    const QList<QJsonObject> records = syncNotifications(a, since, &unreadOnSync);
    QCOMPARE(unreadOnSync, 0);
    QSet<qint64> upserted;
    for (const QJsonObject &rec : records) {
        QCOMPARE(rec.value(QLatin1String("op")).toString(), QStringLiteral("upsert"));
        const QJsonObject data = rec.value(QLatin1String("data")).toObject();
        QCOMPARE(data.value(QLatin1String("read")), QJsonValue(true));
        QCOMPARE(num(data, "id"), num(rec, "id"));
        upserted.insert(num(rec, "id"));
    }
    QCOMPARE(upserted, QSet<qint64>(made.begin(), made.end()));
}

void TestNotifications::readBadInput()
{
    Client &me = as(QStringLiteral("tingtamen"));
    CHECK_ERROR(me.post(api(QStringLiteral("/notifications/abc/read"))), 400, "bad_request");
    CHECK_ERROR(me.post(api(QStringLiteral("/notifications/0/read"))), 400, "bad_request");
    CHECK_ERROR(me.post(api(QStringLiteral("/notifications/read")),
                        QJsonObject{{QStringLiteral("upTo"), QStringLiteral("7")}}),
                400, "bad_request");
    CHECK_ERROR(me.post(api(QStringLiteral("/notifications/read")),
                        QJsonObject{{QStringLiteral("upTo"), -1}}),
                422, "invalid");
    CHECK_ERROR(me.post(api(QStringLiteral("/notifications/read")),
                        QJsonObject{{QStringLiteral("upTo"), 1.5}}),
                422, "invalid");
    CHECK_ERROR(me.raw("POST", api(QStringLiteral("/notifications/read")), "not json",
                       {{"Content-Type", "application/json"}}),
                400, "bad_request");
    // a path only POST has: 405 with Allow
    CHECK_ERROR(me.get(api(QStringLiteral("/notifications/read"))), 405, "method_not_allowed");
    CHECK_ERROR(me.get(api(QStringLiteral("/notifications?before=garbage"))), 400, "bad_request");
    CHECK_ERROR(me.get(api(QStringLiteral("/notifications?limit=-1"))), 400, "bad_request");
    CHECK_ERROR(me.get(api(QStringLiteral("/notifications?limit=ten"))), 400, "bad_request");
    CHECK_ERROR(me.get(api(QStringLiteral("/notifications?unread=2"))), 400, "bad_request");
    Client anonymous(m_server.baseUrl());
    CHECK_ERROR(anonymous.get(api(QStringLiteral("/notifications"))), 401, "unauthorized");
    CHECK_ERROR(anonymous.get(api(QStringLiteral("/notifications/unread"))), 401, "unauthorized");
    CHECK_ERROR(anonymous.post(api(QStringLiteral("/notifications/read"))), 401, "unauthorized");
    // a huge limit is clamped to 100
    const HttpResult r = me.get(api(QStringLiteral("/notifications?limit=100000")));
    CHECK_STATUS(r, 200);
    QVERIFY(r.items().size() <= 100);
}

void TestNotifications::unreadOnSync()
{
    const QString a = QStringLiteral("lisi"), b = QStringLiteral("maliu");
    QVERIFY(clear(a));
    const QString sinceA = cursor(a), sinceB = cursor(b);
    const qint64 post = newPost(as(a), QStringLiteral("for the sync"));
    const qint64 c = comment(b, post, QStringLiteral("B comments"));
    QVERIFY(c > 0);
    qint64 unreadA = -1, unreadB = -1;
    const QList<QJsonObject> recordsA = syncNotifications(a, sinceA, &unreadA);
    QCOMPARE(unreadA, 1);
    QCOMPARE(unreadA, unread(a));
    QCOMPARE(recordsA.size(), qsizetype(1));
    QCOMPARE(recordsA.first().value(QLatin1String("op")).toString(), QStringLiteral("upsert"));
    const QJsonObject data = recordsA.first().value(QLatin1String("data")).toObject();
    QCOMPARE(data.value(QLatin1String("kind")).toString(), QStringLiteral("comment"));
    QCOMPARE(num(data, "commentId"), c);
    // the same object as the list has it
    QCOMPARE(mine(a, QStringLiteral("comment"), "commentId", c).first(), data);
    // B sees the comment and the post, no notification record; its own count
    QCOMPARE(syncNotifications(b, sinceB, &unreadB).size(), qsizetype(0));
    QCOMPARE(unreadB, unread(b));
    // an answer with since but no records carries it too
    const HttpResult empty = as(a).get(api(QStringLiteral("/sync?since=") + encoded(cursor(a))));
    CHECK_STATUS(empty, 200);
    QCOMPARE(num(empty.obj(), "unread"), 1);
}

void TestNotifications::summaryIsTheStartOfTheText()
{
    const QString a = QStringLiteral("mazi"), b = QStringLiteral("qianqi");
    // 90 code points after white space is folded, emoji (two UTF-16 units each) among them
    QString text = QStringLiteral("  \n");
    for (int i = 0; i < 30; ++i)
        text += QStringLiteral("a😀\t\n ");
    // the first 80 code points of "a😀 a😀 …": 26 × (a 😀 space) + a 😀
    QString first80;
    for (int i = 0; i < 26; ++i)
        first80 += QStringLiteral("a😀 ");
    first80 += QStringLiteral("a😀");
    QVERIFY(clear(a));
    const qint64 post = newPost(as(a), text);
    const qint64 c = comment(b, post, text.left(text.size() - 3)); // ≤ 500 code points
    QVERIFY(post > 0 && c > 0);
    CHECK_STATUS(as(b).put(api(QStringLiteral("/posts/%1/like").arg(post))), 200);
    const auto commented = mine(a, QStringLiteral("comment"), "commentId", c);
    const auto liked = mine(a, QStringLiteral("like"), "targetId", post);
    QCOMPARE(commented.size(), qsizetype(1));
    QCOMPARE(liked.size(), qsizetype(1));
    QCOMPARE(commented.first().value(QLatin1String("summary")).toString(), first80);
    QCOMPARE(liked.first().value(QLatin1String("summary")).toString(), first80);
}

void TestNotifications::pagingWithBefore()
{
    const QString a = QStringLiteral("maliu"), b = QStringLiteral("zhangsan");
    const qint64 post = newPost(as(a), QStringLiteral("paged"));
    for (int i = 0; i < 7; ++i)
        QVERIFY(comment(b, post, QStringLiteral("page %1").arg(i)) > 0);
    // every page of 3, newest first, no repeat, ending with next null
    QList<qint64> all;
    QList<QPair<qint64, qint64>> order; // (createtime, id)
    QString before;
    for (int page = 0; page < 100; ++page) {
        const HttpResult r = as(a).get(
            api(QStringLiteral("/notifications?limit=3") +
                (before.isEmpty() ? QString() : QStringLiteral("&before=") + encoded(before))));
        CHECK_STATUS(r, 200);
        QVERIFY(r.items().size() <= 3);
        QVERIFY(r.obj().contains(QLatin1String("unread")));
        for (const QJsonValue &v : r.items()) {
            all << num(v.toObject(), "id");
            order << qMakePair(num(v.toObject(), "createtime"), num(v.toObject(), "id"));
        }
        const QJsonValue next = r.obj().value(QLatin1String("next"));
        if (next.isNull())
            break;
        QVERIFY(next.isString());
        before = next.toString();
    }
    QCOMPARE(QSet<qint64>(all.begin(), all.end()).size(), all.size());
    for (qsizetype i = 1; i < order.size(); ++i)
        QVERIFY(order[i - 1] > order[i]);
    const HttpResult one = as(a).get(api(QStringLiteral("/notifications?limit=100")));
    QCOMPARE(ids(one.items()), all.mid(0, one.items().size()));
    const auto mineFromPost = mine(a, QStringLiteral("comment"), "postId", post);
    QCOMPARE(mineFromPost.size(), qsizetype(7));
    // ?unread=1: the unread ones only
    QVERIFY(clear(a));
    QVERIFY(comment(b, post, QStringLiteral("after the read")) > 0);
    const HttpResult u = as(a).get(api(QStringLiteral("/notifications?unread=1")));
    CHECK_STATUS(u, 200);
    QCOMPARE(u.items().size(), 1);
    QCOMPARE(num(u.obj(), "unread"), 1);
    QCOMPARE(u.items().first().toObject().value(QLatin1String("summary")).toString(),
             QStringLiteral("after the read"));
}

void TestNotifications::streamCarriesNotificationAndUnread()
{
    const QString a = QStringLiteral("wangwu"), b = QStringLiteral("lisi");
    QVERIFY(clear(a));
    const qint64 post = newPost(as(a), QStringLiteral("watched live"));
    QVERIFY(post > 0);
    QVERIFY(clear(b));
    QVERIFY(comment(a, post, QStringLiteral("A's own, for B to answer")) > 0);
    const qint64 unreadB = unread(b);
    SseReader streamA(m_server.port(), as(a).token());
    SseReader streamB(m_server.port(), as(b).token());
    QTRY_COMPARE(streamA.events().size(), 1);
    QTRY_COMPARE(streamB.events().size(), 1);
    QCOMPARE(streamA.events().first().name, QByteArray("hello"));
    QCOMPARE(num(streamA.events().first().json(), "unread"), 0);
    QCOMPARE(num(streamB.events().first().json(), "unread"), unreadB);

    const qint64 c = comment(b, post, QStringLiteral("B, live"));
    QVERIFY(c > 0);
    QTRY_VERIFY(streamA.withRecord(QStringLiteral("comment"), c));
    const QJsonObject event = streamA.withRecord(QStringLiteral("comment"), c)->json();
    const auto notifications = streamA.records(QStringLiteral("notification"));
    QCOMPARE(notifications.size(), qsizetype(1));
    const QJsonObject n = notifications.first();
    QCOMPARE(n.value(QLatin1String("op")).toString(), QStringLiteral("upsert"));
    QCOMPARE(n.value(QLatin1String("data")).toObject().value(QLatin1String("kind")).toString(),
             QStringLiteral("comment"));
    QCOMPARE(num(n.value(QLatin1String("data")).toObject(), "commentId"), c);
    QCOMPARE(num(event, "unread"), 1);
    // B's stream has the comment, and no notification of A's
    QTRY_VERIFY(streamB.withRecord(QStringLiteral("comment"), c));
    QCOMPARE(streamB.records(QStringLiteral("notification")).size(), qsizetype(0));
    QCOMPARE(num(streamB.withRecord(QStringLiteral("comment"), c)->json(), "unread"), unreadB);

    // read on another device: the upsert, read, and the count down to 0
    CHECK_STATUS(as(a).post(api(QStringLiteral("/notifications/read"))), 200);
    QTRY_COMPARE(streamA.records(QStringLiteral("notification")).size(), qsizetype(2));
    QCOMPARE(streamA.records(QStringLiteral("notification"))
                 .last()
                 .value(QLatin1String("data"))
                 .toObject()
                 .value(QLatin1String("read")),
             QJsonValue(true));
    QCOMPARE(num(streamA.events().last().json(), "unread"), 0);
}

void TestNotifications::writeThroughOtherProcessReachesStream()
{
    // On PostgreSQL the stream is on a second process; SQLite is one process by design, so there
    // the stream is on the same one and the wake-up is in-process.
    std::unique_ptr<TestServer> second;
    if (m_server.isPostgres()) {
        second = std::make_unique<TestServer>();
        QVERIFY(second->start({QStringLiteral("--db"), m_server.dbUrl()}));
    }
    const auto streamPort = second ? second->port() : m_server.port();
    const QString a = QStringLiteral("zhangsan"), b = QStringLiteral("mazi");
    QVERIFY(clear(a));
    const qint64 post = newPost(as(a), QStringLiteral("across processes"));
    QVERIFY(post > 0);
    SseReader streamA(streamPort, as(a).token());
    QTRY_COMPARE(streamA.events().size(), 1);
    QCOMPARE(num(streamA.events().first().json(), "unread"), 0);
    // a comment through the first process (the router's transaction)
    const qint64 c = comment(b, post, QStringLiteral("from the first process"));
    QVERIFY(c > 0);
    QTRY_VERIFY_WITH_TIMEOUT(streamA.records(QStringLiteral("notification")).size() == 1, 2000);
    QCOMPARE(num(streamA.events().last().json(), "unread"), 1);
    // a like through the first process (one statement of a function, on a worker)
    CHECK_STATUS(as(b).put(api(QStringLiteral("/posts/%1/like").arg(post))), 200);
    QTRY_VERIFY_WITH_TIMEOUT(streamA.records(QStringLiteral("notification")).size() == 2, 2000);
    const QJsonObject like = streamA.records(QStringLiteral("notification"))
                                 .last()
                                 .value(QLatin1String("data"))
                                 .toObject();
    QCOMPARE(like.value(QLatin1String("kind")).toString(), QStringLiteral("like"));
    QCOMPARE(num(like, "targetId"), post);
    QCOMPARE(num(streamA.events().last().json(), "unread"), 2);
}

// Likes of one post sent together (on PostgreSQL half of them through a second process, so that
// they are written at the same moment by different connections): one notification, everyone in it.
void TestNotifications::likesAtOnceGroupIntoOne()
{
    std::unique_ptr<TestServer> second;
    if (m_server.isPostgres()) {
        second = std::make_unique<TestServer>();
        QVERIFY(second->start({QStringLiteral("--db"), m_server.dbUrl()}));
    }
    const QString a = QStringLiteral("maliu");
    const QStringList likers{QStringLiteral("zhangsan"),  QStringLiteral("lisi"),
                             QStringLiteral("wangwu"),    QStringLiteral("mazi"),
                             QStringLiteral("tingtamen"), QStringLiteral("qianqi")};
    const qint64 post = newPost(as(a), QStringLiteral("liked by everyone at once"));
    QVERIFY(post > 0);
    QNetworkAccessManager nam;
    std::vector<std::unique_ptr<QNetworkReply>> replies;
    for (qsizetype i = 0; i < likers.size(); ++i) {
        QUrl url = (second && i % 2 ? second->baseUrl() : m_server.baseUrl());
        url.setPath(api(QStringLiteral("/posts/%1/like").arg(post)));
        QNetworkRequest req(url);
        req.setRawHeader("Authorization", "Bearer " + as(likers[i]).token().toUtf8());
        replies.emplace_back(nam.put(req, QByteArray()));
    }
    QTRY_VERIFY_WITH_TIMEOUT(
        std::all_of(replies.begin(), replies.end(), [](const auto &r) { return r->isFinished(); }),
        10000);
    for (const auto &r : replies)
        QCOMPARE(r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
    const auto got = mine(a, QStringLiteral("like"), "targetId", post);
    QCOMPARE(got.size(), qsizetype(1));
    QCOMPARE(num(got.first(), "actorCount"), likers.size());
    QCOMPARE(actorUids(got.first()).size(), qsizetype(3));
}

void TestNotifications::keepsTheNewest500()
{
    const QString a = QStringLiteral("qianqi"), b = QStringLiteral("maliu");
    const QString since = cursor(a);
    const qint64 post = newPost(as(a), QStringLiteral("a busy post"));
    QVERIFY(post > 0);
    QList<qint64> comments;
    for (int i = 0; i < 510; ++i) {
        const qint64 c = comment(b, post, QStringLiteral("busy %1").arg(i));
        QVERIFY(c > 0);
        comments << c;
    }
    // all of them, 100 a page
    QList<qint64> all, fromPost;
    QString before;
    for (int page = 0; page < 10; ++page) {
        const HttpResult r = as(a).get(
            api(QStringLiteral("/notifications?limit=1000") +
                (before.isEmpty() ? QString() : QStringLiteral("&before=") + encoded(before))));
        CHECK_STATUS(r, 200);
        QVERIFY(r.items().size() <= 100);
        for (const QJsonValue &v : r.items()) {
            all << num(v.toObject(), "id");
            if (num(v.toObject(), "postId") == post)
                fromPost << num(v.toObject(), "commentId");
        }
        if (r.obj().value(QLatin1String("next")).isNull())
            break;
        before = r.obj().value(QLatin1String("next")).toString();
    }
    QCOMPARE(all.size(), qsizetype(500));
    QCOMPARE(fromPost.size(), qsizetype(500));
    // the newest 500 comments' notifications, newest first
    QList<qint64> expected = comments.mid(10);
    std::reverse(expected.begin(), expected.end());
    QCOMPARE(fromPost, expected);
    // whatever fell out was removed on /sync; nothing of it comes back as an upsert
    QSet<qint64> kept(all.begin(), all.end());
    int removes = 0;
    for (const QJsonObject &r : syncNotifications(a, since)) {
        if (r.value(QLatin1String("op")).toString() == QLatin1String("remove")) {
            QVERIFY(!kept.contains(num(r, "id")));
            ++removes;
        } else {
            QVERIFY(kept.contains(num(r, "id")));
        }
    }
    QVERIFY(removes >= 10);
}

QTEST_GUILESS_MAIN(TestNotifications)
#include "tst_notifications.moc"

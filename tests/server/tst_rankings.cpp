// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// GET /rankings (docs/api.md, "Points and rankings") against the real threadline-server on
// loopback: points for a post, a comment and a like received; nothing for liking one's own
// post; points taken back on unlike, delete and a moderator's hide (and given back on unhide);
// the daily caps; the day and week boards' order, ranks and ties; my own rank and points;
// bad windows.
//
// One demo server serves the class; each test acts as demo readers whose points it reads before
// and after (the demo's own activity gives others points too).

#include "signedin.h"
#include "testserver.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <map>
#include <memory>

using namespace threadline::test;

namespace {

#define CHECK_STATUS(result, expected)                                                             \
    do {                                                                                           \
        const HttpResult &r_ = (result);                                                           \
        QVERIFY2(r_.status == (expected),                                                          \
                 ("expected " + QByteArray::number(expected) + ": " + r_.describe()).constData()); \
    } while (false)

struct Board
{
    QString to; // the board's last day
    qint64 myPoints = -1;
    QJsonValue myRank;
    QJsonObject me;
    QList<QJsonObject> items;
    qint64 people = -1;
};

} // namespace

class TestRankings : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void pointsForWhatOthersCanRead();
    void takenBackOnUnlikeDeleteAndHide();
    void dailyCaps();
    void boardsAreOrderedWithRanks();
    void myRankCountsThoseAbove();
    void badWindows();

private:
    Client &as(const QString &username) { return m_signedIn.as(username); }
    Board board(Client &c, const QString &window = QStringLiteral("day"), int limit = 10);

    TestServer m_server;
    SignedIn m_signedIn{m_server};
};

Board TestRankings::board(Client &c, const QString &window, int limit)
{
    Board b;
    const HttpResult r = c.get(api("/rankings?window=%1&limit=%2").arg(window).arg(limit));
    if (r.status != 200) {
        qWarning("rankings: %s", r.describe().constData());
        return b;
    }
    const QJsonObject o = r.obj();
    b.to = o.value("to").toString();
    b.me = o.value("me").toObject();
    b.myPoints = num(b.me, "points");
    b.myRank = b.me.value("rank");
    b.people = num(o, "people");
    for (const QJsonValue &v : o.value("items").toArray())
        b.items << v.toObject();
    return b;
}

// A test that reads points before and after, on one UTC+8 day: the server's clock is moved to
// noon of the day (initTestCase), so the day cannot turn meanwhile.
#define SAME_DAY(a, b) QCOMPARE((a).to, (b).to)

void TestRankings::initTestCase()
{
    // The fake clock: the server runs at 12:00 UTC+8 of today, whatever the time now.
    constexpr qint64 kDay = 86400000, kUtc8 = 8 * 3600000;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const qint64 noon = (now + kUtc8) / kDay * kDay - kUtc8 + kDay / 2;
    qputenv("THREADLINE_TEST_CLOCK_OFFSET_MS", QByteArray::number(noon - now));
    QVERIFY(m_server.start());
    qunsetenv("THREADLINE_TEST_CLOCK_OFFSET_MS");
}

void TestRankings::pointsForWhatOthersCanRead()
{
    Client &author = as(QStringLiteral("demo120"));
    Client &reader = as(QStringLiteral("demo121"));
    const Board a0 = board(author), r0 = board(reader), w0 = board(author, "week");
    QVERIFY(a0.myPoints >= 0 && r0.myPoints >= 0);

    const qint64 post = newPost(author, QStringLiteral("积分 points"));
    QVERIFY(post > 0);
    const Board a1 = board(author);
    SAME_DAY(a0, a1);
    QCOMPARE(a1.myPoints, a0.myPoints + 3);
    QCOMPARE(num(a1.me, "posts"), num(a0.me, "posts") + 1);
    QVERIFY(a1.myRank.isDouble() && a1.myRank.toInteger() >= 1);
    // The week's board holds today's points too.
    QCOMPARE(board(author, "week").myPoints, w0.myPoints + 3);

    CHECK_STATUS(reader.post(api("/posts/%1/comments").arg(post),
                             QJsonObject{{"content", "评论 a comment"}}),
                 201);
    const Board r1 = board(reader);
    QCOMPARE(r1.myPoints, r0.myPoints + 1);
    QCOMPARE(num(r1.me, "comments"), num(r0.me, "comments") + 1);

    // A like received counts for the post's author, not for who gave it.
    CHECK_STATUS(reader.put(api("/posts/%1/like").arg(post)), 200);
    QCOMPARE(board(author).myPoints, a0.myPoints + 4);
    QCOMPARE(board(reader).myPoints, r0.myPoints + 1);
    // A second like changes nothing; liking one's own post earns nothing.
    CHECK_STATUS(reader.put(api("/posts/%1/like").arg(post)), 200);
    CHECK_STATUS(author.put(api("/posts/%1/like").arg(post)), 200);
    const Board a2 = board(author);
    SAME_DAY(a0, a2);
    QCOMPARE(a2.myPoints, a0.myPoints + 4);
    QCOMPARE(num(a2.me, "likes"), num(a0.me, "likes") + 1);
}

void TestRankings::takenBackOnUnlikeDeleteAndHide()
{
    Client &author = as(QStringLiteral("demo122"));
    Client &reader = as(QStringLiteral("demo123"));
    Client &moderator = as(QStringLiteral("moderator"));
    const Board a0 = board(author), r0 = board(reader);
    const qint64 post = newPost(author, QStringLiteral("to be taken back"));
    const qint64 kept = newPost(author, QStringLiteral("to be hidden"));
    QVERIFY(post > 0 && kept > 0);
    const HttpResult c = reader.post(api("/posts/%1/comments").arg(kept),
                                     QJsonObject{{"content", "a comment to delete"}});
    CHECK_STATUS(c, 201);
    CHECK_STATUS(reader.put(api("/posts/%1/like").arg(post)), 200);
    QCOMPARE(board(author).myPoints, a0.myPoints + 7);
    QCOMPARE(board(reader).myPoints, r0.myPoints + 1);

    CHECK_STATUS(reader.del(api("/posts/%1/like").arg(post)), 200);
    QCOMPARE(board(author).myPoints, a0.myPoints + 6);
    CHECK_STATUS(author.del(api("/posts/%1").arg(post)), 204);
    QCOMPARE(board(author).myPoints, a0.myPoints + 3);
    CHECK_STATUS(reader.del(api("/comments/%1").arg(num(c.obj(), "id"))), 204);
    QCOMPARE(board(reader).myPoints, r0.myPoints);

    CHECK_STATUS(
        moderator.post(api("/moderation/posts/%1/hide").arg(kept), QJsonObject{{"reason", "test"}}),
        200);
    QCOMPARE(board(author).myPoints, a0.myPoints);
    CHECK_STATUS(moderator.post(api("/moderation/posts/%1/unhide").arg(kept), QJsonObject{}), 200);
    const Board a1 = board(author);
    SAME_DAY(a0, a1);
    QCOMPARE(a1.myPoints, a0.myPoints + 3);
}

void TestRankings::dailyCaps()
{
    Client &author = as(QStringLiteral("demo124"));
    const Board a0 = board(author);
    const qint64 posts0 = num(a0.me, "posts");
    for (qint64 i = posts0; i < 12; ++i)
        QVERIFY(newPost(author, QStringLiteral("post %1 of the day").arg(i)) > 0);
    const Board a1 = board(author);
    SAME_DAY(a0, a1);
    QVERIFY(num(a1.me, "posts") >= 12);
    // Ten posts a day count: 30 points for posts, whatever else the demo gave.
    const qint64 fromOthers = a1.myPoints - 30;
    QVERIFY2(fromOthers >= 0 && fromOthers <= 20 + 50, qPrintable(QString::number(a1.myPoints)));
    QVERIFY(newPost(author, QStringLiteral("one more")) > 0);
    QCOMPARE(board(author).myPoints, a1.myPoints);
}

void TestRankings::boardsAreOrderedWithRanks()
{
    Client &c = as(QStringLiteral("demo125"));
    for (const QString &window : {QStringLiteral("day"), QStringLiteral("week")}) {
        const Board b = board(c, window, 50);
        QVERIFY2(!b.items.isEmpty(), qPrintable(window)); // the tests above earned points
        QVERIFY(b.items.size() <= 50);
        QVERIFY(b.people >= b.items.size());
        for (qsizetype i = 0; i < b.items.size(); ++i) {
            const QJsonObject &e = b.items[i];
            QVERIFY(num(e, "points") > 0);
            QVERIFY(e.value("user").toObject().value("uid").toInteger() > 0);
            QVERIFY(!e.value("user").toObject().value("nickName").toString().isEmpty());
            if (i == 0) {
                QCOMPARE(num(e, "rank"), 1);
                continue;
            }
            const QJsonObject &prev = b.items[i - 1];
            QVERIFY(num(prev, "points") >= num(e, "points"));
            if (num(prev, "points") == num(e, "points")) {
                QCOMPARE(num(e, "rank"), num(prev, "rank")); // a tie shares the rank
                QVERIFY(prev.value("user").toObject().value("uid").toInteger() <
                        e.value("user").toObject().value("uid").toInteger());
            } else {
                QCOMPARE(num(e, "rank"), i + 1);
            }
        }
        const Board top = board(c, window);
        QCOMPARE(top.items.size(), qMin<qsizetype>(10, b.items.size()));
    }
}

void TestRankings::myRankCountsThoseAbove()
{
    // Someone at the top of today's board: their rank is 1 + those with more points on it.
    Client &author = as(QStringLiteral("demo126"));
    for (int i = 0; i < 10; ++i)
        QVERIFY(newPost(author, QStringLiteral("climbing %1").arg(i)) > 0);
    for (const QString &window : {QStringLiteral("day"), QStringLiteral("week")}) {
        const Board b = board(author, window, 50);
        QVERIFY(b.myPoints >= 30);
        qint64 above = 0;
        bool listed = false;
        for (const QJsonObject &e : b.items) {
            if (num(e, "points") > b.myPoints)
                ++above;
            if (e.value("user").toObject().value("uid").toInteger() == author.uid()) {
                listed = true;
                QCOMPARE(num(e, "points"), b.myPoints);
                QCOMPARE(num(e, "rank"), b.myRank.toInteger());
            }
        }
        if (b.items.size() < 50 || listed)
            QCOMPARE(b.myRank.toInteger(), above + 1);
    }
    // Nobody without points has a rank.
    const HttpResult none = as(QStringLiteral("demo139")).get(api("/rankings?window=day"));
    CHECK_STATUS(none, 200);
    const QJsonObject me = none.obj().value("me").toObject();
    if (num(me, "points") == 0)
        QVERIFY(me.value("rank").isNull());
}

void TestRankings::badWindows()
{
    Client &c = as(QStringLiteral("demo125"));
    for (const char *q : {"window=month", "window=", "window=DAY", "limit=-1", "limit=x"}) {
        const HttpResult r = c.get(api("/rankings?") + QLatin1String(q));
        QVERIFY2(r.status == 400, q);
        QCOMPARE(r.errorCode(), QStringLiteral("bad_request"));
    }
    const HttpResult big = c.get(api("/rankings?limit=1000"));
    CHECK_STATUS(big, 200);
    QVERIFY(big.obj().value("items").toArray().size() <= 50);
    QCOMPARE(big.obj().value("window").toString(), QStringLiteral("day"));
    Client anonymous(m_server.baseUrl());
    QCOMPARE(anonymous.get(api("/rankings")).status, 401);
}

QTEST_GUILESS_MAIN(TestRankings)
#include "tst_rankings.moc"

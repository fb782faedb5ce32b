// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Newest comments first (docs/api.md "Newest comments first"): GET /posts/{id}/comments
// ?order=newest pages a post's floors newest first; the newest 5,000 come from the bounded
// hot_floors table that a trigger keeps at write time, older ones from the comments table. On a
// 12,000-floor thread (every floor written through the API):
//  - every order (floor, best, newest) pages the whole thread with no gap and no duplicate, at
//    page sizes that cross the 5,000 boundary in the middle of a page;
//  - the hot table holds exactly the newest 5,000 floors of the post (read in the database);
//  - deleted and hidden floors on both sides of the boundary: gone for readers, hidden ones
//    shown to moderators, replies travel with their floors;
//  - a floor written while a reader pages: on top of the first page, never in the rest;
//  - on PostgreSQL, a second server process on the same database writes, and the first one
//    (with its read cache) shows the new floor on top at once;
//  - bad cursors and orders are 400.
// Runs on SQLite and on PostgreSQL.

#include "db/database.h"
#include "testserver.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <QTest>
#include <algorithm>

using threadline::server::Database;
using threadline::test::Client;
using threadline::test::HttpResult;
using threadline::test::TestServer;

namespace {

const QString kApi = QStringLiteral("/api/v1");
constexpr int kFloors = 12000;
constexpr int kHot = 5000;

struct Paged
{
    QList<qint64> floors;              // in the order the pages gave them
    QHash<qint64, int> repliesOfFloor; // floor → replies that came with it
    int pages = 0;
    qint64 totalRoots = -1;
    bool ok = true;
};

} // namespace

class TstNewestComments : public QObject
{
    Q_OBJECT

private:
    TestServer m_server;
    Client m_author{QUrl()};
    Client m_reader{QUrl()};
    qint64 m_post = 0;
    QHash<qint64, qint64> m_idOfFloor;

    Paged page(Client &c, const QString &order, int limit)
    {
        Paged out;
        QString cursor;
        for (int guard = 0; guard < 20000; ++guard) {
            QString q =
                kApi +
                QStringLiteral("/posts/%1/comments?limit=%2&replies=3").arg(m_post).arg(limit);
            if (order != QLatin1String("floor"))
                q += QStringLiteral("&order=") + order;
            if (!cursor.isEmpty())
                q += (order == QLatin1String("floor") ? QStringLiteral("&after=")
                                                      : QStringLiteral("&before=")) +
                     QString::fromLatin1(QUrl::toPercentEncoding(cursor));
            const HttpResult r = c.get(q);
            if (r.status != 200) {
                qWarning("%s", r.describe().constData());
                out.ok = false;
                return out;
            }
            ++out.pages;
            const QJsonObject o = r.obj();
            out.totalRoots = o.value(QStringLiteral("totalRoots")).toInteger(-1);
            for (const QJsonValue &v : o.value(QStringLiteral("roots")).toArray())
                out.floors.append(v.toObject().value(QStringLiteral("floor")).toInteger());
            for (const QJsonValue &v : o.value(QStringLiteral("replies")).toArray())
                ++out.repliesOfFloor[v.toObject().value(QStringLiteral("floor")).toInteger()];
            const QJsonValue next = o.value(QStringLiteral("next"));
            if (next.isNull())
                return out;
            cursor = next.isString() ? next.toString() : QString::number(next.toInteger());
        }
        out.ok = false;
        return out;
    }

    qint64 hotCount(qint64 *lowest)
    {
        Database db;
        QString error;
        if (!db.open(m_server.dbUrl(), &error)) {
            qWarning("%s", qPrintable(error));
            return -1;
        }
        const auto row =
            db.one(QStringLiteral("SELECT COUNT(*), MIN(floor) FROM hot_floors WHERE post_id = ?"),
                   {m_post});
        *lowest = row ? row->at(1).toLongLong() : 0;
        return row ? row->at(0).toLongLong() : -1;
    }

    qint64 postFloor(Client &c, const QString &text)
    {
        const HttpResult r = c.post(kApi + QStringLiteral("/posts/%1/comments").arg(m_post),
                                    QJsonObject{{QStringLiteral("content"), text}});
        if (r.status != 201) {
            qWarning("%s", r.describe().constData());
            return 0;
        }
        const qint64 floor = r.obj().value(QStringLiteral("floor")).toInteger();
        m_idOfFloor.insert(floor, r.obj().value(QStringLiteral("id")).toInteger());
        return floor;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_server.start());
        m_author.setBaseUrl(m_server.baseUrl());
        m_reader.setBaseUrl(m_server.baseUrl());
        QVERIFY(!m_author.login(QStringLiteral("zhangsan")).isEmpty());
        QVERIFY(!m_reader.login(QStringLiteral("lisi")).isEmpty());
        const HttpResult p =
            m_author.post(kApi + QStringLiteral("/posts"),
                          QJsonObject{{QStringLiteral("content"), QStringLiteral("a hot post")}});
        QCOMPARE(p.status, 201);
        m_post = p.obj().value(QStringLiteral("id")).toInteger();
        QElapsedTimer t;
        t.start();
        for (int i = 1; i <= kFloors; ++i)
            QCOMPARE(postFloor(m_author, QStringLiteral("floor %1").arg(i)), qint64(i));
        qInfo("%d floors written through the API in %lld ms", kFloors, t.elapsed());
        // A few replies on both sides of the boundary (7001 is the lowest hot floor), and votes
        // so that best order is not floor order.
        for (const qint64 f : {qint64(7000), qint64(7001), qint64(12000), qint64(3)})
            for (int k = 0; k < 4; ++k)
                QCOMPARE(m_reader
                             .post(kApi + QStringLiteral("/posts/%1/comments").arg(m_post),
                                   QJsonObject{{QStringLiteral("content"), QStringLiteral("re")},
                                               {QStringLiteral("parentId"), m_idOfFloor[f]}})
                             .status,
                         201);
        for (const qint64 f : {qint64(10), qint64(6000), qint64(11000)})
            QCOMPARE(
                m_reader.put(kApi + QStringLiteral("/comments/%1/like").arg(m_idOfFloor[f])).status,
                200);
        QCOMPARE(
            m_reader.put(kApi + QStringLiteral("/comments/%1/oppose").arg(m_idOfFloor[20])).status,
            200);
    }

    void everyOrderWholeThread_data()
    {
        QTest::addColumn<QString>("order");
        QTest::addColumn<int>("limit");
        QTest::newRow("floor-200") << QStringLiteral("floor") << 200;
        QTest::newRow("best-200") << QStringLiteral("best") << 200;
        QTest::newRow("newest-200") << QStringLiteral("newest") << 200;
        // 5,000 = 36 × 137 + 68: a page with hot floors and table floors
        QTest::newRow("newest-137") << QStringLiteral("newest") << 137;
    }
    void everyOrderWholeThread()
    {
        QFETCH(QString, order);
        QFETCH(int, limit);
        const Paged p = page(m_reader, order, limit);
        QVERIFY(p.ok);
        QCOMPARE(p.totalRoots, qint64(kFloors));
        QCOMPARE(p.floors.size(), qsizetype(kFloors));
        QCOMPARE(QSet<qint64>(p.floors.cbegin(), p.floors.cend()).size(), qsizetype(kFloors));
        QList<qint64> expected;
        for (qint64 f = 1; f <= kFloors; ++f)
            expected.append(f);
        if (order == QLatin1String("newest")) {
            std::reverse(expected.begin(), expected.end());
        } else if (order == QLatin1String("best")) {
            // liked ones first (+2 each, by floor), then the rest by floor, the opposed one last
            expected.removeAll(10);
            expected.removeAll(6000);
            expected.removeAll(11000);
            expected.removeAll(20);
            expected = QList<qint64>{10, 6000, 11000} + expected + QList<qint64>{20};
        }
        QCOMPARE(p.floors, expected);
        // the earliest 3 replies of each floor that has some, on whichever page it was
        for (const qint64 f : {qint64(7000), qint64(7001), qint64(12000), qint64(3)})
            QCOMPARE(p.repliesOfFloor.value(f), 3);
    }

    void hotTableHoldsTheNewest5000()
    {
        qint64 lowest = 0;
        QCOMPARE(hotCount(&lowest), qint64(kHot));
        QCOMPARE(lowest, qint64(kFloors - kHot + 1));
    }

    void deletedAndHiddenOnBothSides()
    {
        Client mod(m_server.baseUrl());
        QVERIFY(!mod.login(QStringLiteral("moderator")).isEmpty());
        // 7001: the lowest hot floor; 7000: the highest from the table
        QCOMPARE(m_author.del(kApi + QStringLiteral("/comments/%1").arg(m_idOfFloor[7001])).status,
                 204);
        QCOMPARE(m_author.del(kApi + QStringLiteral("/comments/%1").arg(m_idOfFloor[7000])).status,
                 204);
        for (const qint64 f : {qint64(9000), qint64(4000)})
            QCOMPARE(
                mod.post(kApi + QStringLiteral("/moderation/comments/%1/hide").arg(m_idOfFloor[f]),
                         QJsonObject{{QStringLiteral("reason"), QStringLiteral("spam")}})
                    .status,
                200);
        for (const int limit : {200, 61}) {
            const Paged p = page(m_reader, QStringLiteral("newest"), limit);
            QVERIFY(p.ok);
            QList<qint64> expected;
            for (qint64 f = kFloors; f >= 1; --f)
                if (f != 7001 && f != 7000 && f != 9000 && f != 4000)
                    expected.append(f);
            QCOMPARE(p.floors, expected);
            QCOMPARE(p.totalRoots, qint64(kFloors - 4));
            const Paged m = page(mod, QStringLiteral("newest"), limit);
            QVERIFY(m.ok);
            QCOMPARE(m.floors.size(), qsizetype(kFloors - 2));
            QVERIFY(m.floors.contains(9000));
            QVERIFY(m.floors.contains(4000));
            QVERIFY(!m.floors.contains(7001));
        }
        // the hot table still holds the newest 5,000 floor numbers (readers filter the rest)
        qint64 lowest = 0;
        QCOMPARE(hotCount(&lowest), qint64(kHot));
    }

    void newFloorWhileReading()
    {
        const HttpResult first = m_reader.get(
            kApi + QStringLiteral("/posts/%1/comments?order=newest&limit=50").arg(m_post));
        QCOMPARE(first.status, 200);
        const qint64 cursor = first.obj().value(QStringLiteral("next")).toInteger();
        QCOMPARE(cursor, qint64(kFloors - 49));
        const qint64 added = postFloor(m_author, QStringLiteral("the newest"));
        QCOMPARE(added, qint64(kFloors + 1));
        // the rest from the cursor: not the new floor, nothing twice
        const HttpResult second =
            m_reader.get(kApi + QStringLiteral("/posts/%1/comments?order=newest&limit=50&before=%2")
                                    .arg(m_post)
                                    .arg(cursor));
        QCOMPARE(second.status, 200);
        const QJsonArray roots = second.obj().value(QStringLiteral("roots")).toArray();
        QCOMPARE(roots.first().toObject().value(QStringLiteral("floor")).toInteger(), cursor - 1);
        // the first page again: the new floor on top
        const HttpResult again = m_reader.get(
            kApi + QStringLiteral("/posts/%1/comments?order=newest&limit=1").arg(m_post));
        QCOMPARE(again.obj()
                     .value(QStringLiteral("roots"))
                     .toArray()
                     .first()
                     .toObject()
                     .value(QStringLiteral("floor"))
                     .toInteger(),
                 added);
        qint64 lowest = 0;
        QCOMPARE(hotCount(&lowest), qint64(kHot));
        QCOMPARE(lowest, qint64(kFloors + 1 - kHot + 1));
        // and the whole thread still pages without a gap across the moved boundary
        const Paged p = page(m_reader, QStringLiteral("newest"), 199);
        QVERIFY(p.ok);
        QCOMPARE(p.floors.size(), qsizetype(kFloors + 1 - 4));
        QVERIFY(std::is_sorted(p.floors.cbegin(), p.floors.cend(), std::greater<>()));
    }

    void anotherProcessWrites()
    {
        if (!m_server.isPostgres())
            QSKIP("several server processes share a database on PostgreSQL only");
        TestServer other;
        QVERIFY(other.start({QStringLiteral("--db"), m_server.dbUrl()}));
        Client writer(other.baseUrl());
        QVERIFY(!writer.login(QStringLiteral("wangwu")).isEmpty());
        const QString path =
            kApi + QStringLiteral("/posts/%1/comments?order=newest&limit=20").arg(m_post);
        const HttpResult before = m_reader.get(path); // now in the first process's read cache
        QCOMPARE(before.status, 200);
        QCOMPARE(m_reader.get(path).body, before.body);
        const HttpResult w =
            writer.post(kApi + QStringLiteral("/posts/%1/comments").arg(m_post),
                        QJsonObject{{QStringLiteral("content"), QStringLiteral("from B")}});
        QCOMPARE(w.status, 201);
        const HttpResult after = m_reader.get(path);
        QCOMPARE(after.status, 200);
        const QJsonArray roots = after.obj().value(QStringLiteral("roots")).toArray();
        QCOMPARE(roots.first().toObject().value(QStringLiteral("id")).toInteger(),
                 w.obj().value(QStringLiteral("id")).toInteger());
        QCOMPARE(roots.size(), 20);
        qint64 lowest = 0;
        QCOMPARE(hotCount(&lowest), qint64(kHot));
    }

    void badInput()
    {
        const QString base = kApi + QStringLiteral("/posts/%1/comments?order=").arg(m_post);
        QCOMPARE(m_reader.get(base + QStringLiteral("newest&before=abc")).status, 400);
        QCOMPARE(m_reader.get(base + QStringLiteral("newest&before=-5")).status, 400);
        QCOMPARE(m_reader.get(base + QStringLiteral("sideways")).status, 400);
        // before=1: nothing older, an empty last page
        const HttpResult none = m_reader.get(base + QStringLiteral("newest&before=1"));
        QCOMPARE(none.status, 200);
        QCOMPARE(none.obj().value(QStringLiteral("roots")).toArray().size(), 0);
        QVERIFY(none.obj().value(QStringLiteral("next")).isNull());
        // a huge limit is clamped to 200
        const HttpResult big = m_reader.get(base + QStringLiteral("newest&limit=100000"));
        QCOMPARE(big.obj().value(QStringLiteral("roots")).toArray().size(), 200);
        QCOMPARE(m_reader.get(kApi + QStringLiteral("/posts/999999/comments?order=newest")).status,
                 404);
    }
};

QTEST_GUILESS_MAIN(TstNewestComments)
#include "tst_newestcomments.moc"

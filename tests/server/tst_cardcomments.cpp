// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// 3–5 comments on a card (docs/api.md "Comments on a card"): the lists a card is drawn from —
// /timeline (every scope, a person's page too), /hot and /sync's post upserts — answer
// ?comments=N (0..5, default 3, more is clamped to 5) with each post's N newest visible comments,
// newest first, exactly as GET /posts/{id}?comments=N does; a bad value is 400. Asked twice (on
// PostgreSQL the second answer comes from the read cache), N = 4 and N = 5 differ. Runs on
// SQLite and on PostgreSQL.

#include "testserver.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>
#include <QUrl>

using threadline::test::Client;
using threadline::test::HttpResult;
using threadline::test::TestServer;

namespace {
const QString kApi = QStringLiteral("/api/v1");

QList<qint64> commentIds(const QJsonObject &post)
{
    QList<qint64> out;
    for (const QJsonValue &c : post.value(QStringLiteral("comments")).toArray())
        out.append(c.toObject().value(QStringLiteral("id")).toInteger());
    return out;
}

QJsonObject findPost(const QJsonArray &items, qint64 id)
{
    for (const QJsonValue &v : items)
        if (v.toObject().value(QStringLiteral("id")).toInteger() == id)
            return v.toObject();
    return {};
}
} // namespace

class TstCardComments : public QObject
{
    Q_OBJECT

    TestServer m_server;
    Client m_author{QUrl()};
    Client m_reader{QUrl()};
    qint64 m_post = 0;
    qint64 m_authorUid = 0;
    QList<qint64> m_newestFirst; // the post's comments, newest first

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_server.start());
        m_author.setBaseUrl(m_server.baseUrl());
        m_reader.setBaseUrl(m_server.baseUrl());
        QVERIFY(!m_author.login(QStringLiteral("zhangsan")).isEmpty());
        QVERIFY(!m_reader.login(QStringLiteral("lisi")).isEmpty());
        m_authorUid = m_author.uid();
        const HttpResult p = m_author.post(
            kApi + QStringLiteral("/posts"),
            QJsonObject{{QStringLiteral("content"), QStringLiteral("a card with comments")}});
        QCOMPARE(p.status, 201);
        m_post = p.obj().value(QStringLiteral("id")).toInteger();
        // six comments, floors and a reply, by two people
        qint64 first = 0;
        for (int i = 1; i <= 6; ++i) {
            QJsonObject body{{QStringLiteral("content"), QStringLiteral("comment %1").arg(i)}};
            if (i == 4)
                body.insert(QStringLiteral("parentId"), first);
            Client &who = i % 2 ? m_reader : m_author;
            const HttpResult c =
                who.post(kApi + QStringLiteral("/posts/%1/comments").arg(m_post), body);
            QCOMPARE(c.status, 201);
            const qint64 id = c.obj().value(QStringLiteral("id")).toInteger();
            if (i == 1)
                first = id;
            m_newestFirst.prepend(id);
        }
    }

    void timelineScopes_data()
    {
        QTest::addColumn<QString>("scope");
        QTest::addColumn<QString>("comments"); // the parameter as sent ("" for none)
        QTest::addColumn<int>("expected");
        for (const QString &scope : {QStringLiteral("all"), QStringLiteral("user")}) {
            QTest::addRow("%s-none", qPrintable(scope)) << scope << QString() << 3;
            for (const int n : {0, 3, 4, 5})
                QTest::addRow("%s-%d", qPrintable(scope), n) << scope << QString::number(n) << n;
            QTest::addRow("%s-9", qPrintable(scope)) << scope << QStringLiteral("9") << 5;
        }
    }
    void timelineScopes()
    {
        QFETCH(QString, scope);
        QFETCH(QString, comments);
        QFETCH(int, expected);
        QString path = kApi + QStringLiteral("/timeline?scope=") + scope;
        if (scope == QLatin1String("user"))
            path += QStringLiteral("&uid=%1").arg(m_authorUid);
        path += QStringLiteral("&limit=5");
        if (!comments.isEmpty())
            path += QStringLiteral("&comments=") + comments;
        for (int round = 0; round < 2; ++round) { // a miss and (on PostgreSQL) a cached hit
            const HttpResult r = m_reader.get(path);
            QCOMPARE(r.status, 200);
            const QJsonObject post = findPost(r.items(), m_post);
            QVERIFY(!post.isEmpty());
            QCOMPARE(commentIds(post), m_newestFirst.mid(0, expected));
            // the same as the post itself says with that N
            const HttpResult one = m_reader.get(
                kApi + QStringLiteral("/posts/%1?comments=%2").arg(m_post).arg(expected));
            QCOMPARE(commentIds(one.obj()), commentIds(post));
        }
    }

    void hotAsksForN()
    {
        QCOMPARE(m_reader.put(kApi + QStringLiteral("/posts/%1/like").arg(m_post)).status, 200);
        for (const int n : {4, 5, 3}) {
            const HttpResult r = m_reader.get(
                kApi + QStringLiteral("/hot?window=day&by=likes&limit=50&comments=%1").arg(n));
            QCOMPARE(r.status, 200);
            const QJsonObject post = findPost(r.items(), m_post);
            QVERIFY(!post.isEmpty());
            QCOMPARE(commentIds(post), m_newestFirst.mid(0, n));
        }
        const HttpResult none =
            m_reader.get(kApi + QStringLiteral("/hot?window=day&by=likes&limit=50"));
        QCOMPARE(commentIds(findPost(none.items(), m_post)), m_newestFirst.mid(0, 3));
    }

    void syncUpsertsCarryN()
    {
        const QString cursor = m_reader.get(kApi + QStringLiteral("/sync"))
                                   .obj()
                                   .value(QStringLiteral("next"))
                                   .toString();
        QVERIFY(!cursor.isEmpty());
        const HttpResult c =
            m_author.post(kApi + QStringLiteral("/posts/%1/comments").arg(m_post),
                          QJsonObject{{QStringLiteral("content"), QStringLiteral("the newest")}});
        QCOMPARE(c.status, 201);
        m_newestFirst.prepend(c.obj().value(QStringLiteral("id")).toInteger());
        for (const int n : {5, 4, 3}) {
            QString path = kApi + QStringLiteral("/sync?since=") +
                           QString::fromLatin1(QUrl::toPercentEncoding(cursor));
            if (n != 3)
                path += QStringLiteral("&comments=%1").arg(n);
            const HttpResult r = m_reader.get(path);
            QCOMPARE(r.status, 200);
            QJsonObject post;
            for (const QJsonValue &v : r.obj().value(QStringLiteral("changes")).toArray())
                if (v.toObject().value(QStringLiteral("kind")).toString() == QLatin1String("post"))
                    post = v.toObject().value(QStringLiteral("data")).toObject();
            QVERIFY(!post.isEmpty());
            QCOMPARE(commentIds(post), m_newestFirst.mid(0, n));
        }
    }

    void badValues()
    {
        for (const QString &path : {kApi + QStringLiteral("/timeline?scope=all&comments=x"),
                                    kApi + QStringLiteral("/timeline?scope=all&comments=-1"),
                                    kApi + QStringLiteral("/hot?comments=1.5"),
                                    kApi + QStringLiteral("/sync?comments=a")})
            QCOMPARE(m_reader.get(path).status, 400);
    }
};

QTEST_GUILESS_MAIN(TstCardComments)
#include "tst_cardcomments.moc"

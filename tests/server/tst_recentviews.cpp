// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Recently viewed against the real threadline-server (docs/api.md "Recently viewed follows the
// account"): POST /posts/{id}/views keeps the viewer's list (deduplicated, a second view moves
// the post to the top, 60 entries, 30 days), GET /me/recent reads it newest first in pages with a
// total, DELETE /me/recent clears it; hidden posts are left out; both need a sign-in.
//
// One server with --demo serves every test; each test signs in as a demo reader of its own.

#include "testserver.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>
#include <QUrl>
#include <QUrlQuery>
#include <memory>
#include <vector>

using threadline::test::Client;
using threadline::test::HttpResult;
using threadline::test::TestServer;

namespace {

const QString kApi = QStringLiteral("/api/v1");
constexpr qint64 kDayMs = 24LL * 3600 * 1000;

QList<qint64> idsOf(const QJsonArray &items)
{
    QList<qint64> out;
    for (const QJsonValue &v : items)
        out.append(v.toObject().value(QStringLiteral("id")).toInteger());
    return out;
}

} // namespace

class TstRecentViews : public QObject
{
    Q_OBJECT

private:
    TestServer m_server;
    QList<qint64> m_posts; // visible demo posts, newest first

    std::vector<std::unique_ptr<Client>> m_clients;

    Client &signedIn(const QString &user)
    {
        m_clients.push_back(std::make_unique<Client>(m_server.baseUrl()));
        m_clients.back()->login(user);
        return *m_clients.back();
    }
    static bool view(Client &c, qint64 post)
    {
        return c.post(kApi + QStringLiteral("/posts/%1/views").arg(post)).status == 204;
    }
    // The whole list through pages of `limit`, and the total the first page gave.
    static QList<qint64> list(Client &c, int limit = 60, qint64 *total = nullptr)
    {
        QList<qint64> out;
        QString cursor;
        for (int page = 0; page < 20; ++page) {
            QString path = kApi + QStringLiteral("/me/recent?limit=%1").arg(limit);
            if (!cursor.isEmpty())
                path += QStringLiteral("&before=") + QUrl::toPercentEncoding(cursor);
            const HttpResult r = c.get(path);
            if (r.status != 200) {
                qWarning("GET /me/recent failed: %s", r.describe().constData());
                return {};
            }
            const QJsonObject o = r.obj();
            if (page == 0 && total)
                *total = o.value(QStringLiteral("total")).toInteger(-1);
            out += idsOf(o.value(QStringLiteral("items")).toArray());
            cursor = o.value(QStringLiteral("next")).toString();
            if (cursor.isEmpty())
                break;
        }
        return out;
    }
    // The server's own database, to age entries (the server has no clock to wind).
    bool age(qint64 uid, qint64 post, qint64 byMs)
    {
        QSqlDatabase db = m_server.openDatabase(QStringLiteral("age"));
        bool ok = db.isOpen();
        if (ok) {
            QSqlQuery q(db);
            q.prepare(QStringLiteral("UPDATE recent_views SET viewed_at = viewed_at - ?"
                                     " WHERE uid = ? AND post_id = ?"));
            q.addBindValue(byMs);
            q.addBindValue(uid);
            q.addBindValue(post);
            ok = q.exec() && q.numRowsAffected() == 1;
            if (!ok)
                qWarning("age: %s", qPrintable(q.lastError().text()));
        } else {
            qWarning("age: %s", qPrintable(db.lastError().text()));
        }
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("age"));
        return ok;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(m_server.start(), "the server did not start");
        Client &c = signedIn(QStringLiteral("zhangsan"));
        QString cursor;
        while (m_posts.size() < 70) {
            QString path = kApi + QStringLiteral("/timeline?limit=50");
            if (!cursor.isEmpty())
                path += QStringLiteral("&before=") + QUrl::toPercentEncoding(cursor);
            const HttpResult r = c.get(path);
            QCOMPARE(r.status, 200);
            m_posts += idsOf(r.obj().value(QStringLiteral("items")).toArray());
            cursor = r.obj().value(QStringLiteral("next")).toString();
            QVERIFY2(!cursor.isEmpty() || m_posts.size() >= 70, "the demo world has too few posts");
        }
    }

    void needsSignIn()
    {
        Client anon(m_server.baseUrl());
        QCOMPARE(anon.get(kApi + "/me/recent").status, 401);
        QCOMPARE(anon.del(kApi + "/me/recent").status, 401);
    }

    void dedupesAndMovesToTop()
    {
        Client &c = signedIn(QStringLiteral("demo100"));
        const qint64 a = m_posts[0], b = m_posts[1], d = m_posts[2];
        QVERIFY(view(c, a));
        QVERIFY(view(c, b));
        QVERIFY(view(c, d));
        QVERIFY(view(c, a)); // again: to the top, once
        qint64 total = -1;
        QCOMPARE(list(c, 60, &total), (QList<qint64>{a, d, b}));
        QCOMPARE(total, 3);
        // Each item is a timeline post, with the time of its latest view.
        const QJsonObject first =
            c.get(kApi + "/me/recent?limit=1").obj().value("items").toArray().at(0).toObject();
        QCOMPARE(first.value("id").toInteger(), a);
        QVERIFY(first.value("viewedAt").toInteger() > 0);
        QVERIFY(first.contains("comments") || first.contains("commentCount"));
    }

    void keepsTheNewestSixty()
    {
        Client &c = signedIn(QStringLiteral("demo101"));
        for (int i = 0; i < 65; ++i)
            QVERIFY(view(c, m_posts[i]));
        QList<qint64> expected;
        for (int i = 64; i >= 5; --i)
            expected.append(m_posts[i]);
        qint64 total = -1;
        QCOMPARE(list(c, 25, &total), expected); // three pages by the cursor
        QCOMPARE(total, 60);
        QVERIFY(view(c, m_posts[0])); // the dropped one comes back on top, the oldest goes
        const QList<qint64> after = list(c);
        QCOMPARE(after.size(), 60);
        QCOMPARE(after.first(), m_posts[0]);
        QVERIFY(!after.contains(m_posts[5]));
    }

    void expiresAfterThirtyDays()
    {
        Client &c = signedIn(QStringLiteral("demo102"));
        QVERIFY(view(c, m_posts[0]));
        QVERIFY(view(c, m_posts[1]));
        QVERIFY(view(c, m_posts[2]));
        QVERIFY(age(c.uid(), m_posts[0], 31 * kDayMs));
        QVERIFY(age(c.uid(), m_posts[1], 29 * kDayMs));
        qint64 total = -1;
        QCOMPARE(list(c, 60, &total), (QList<qint64>{m_posts[2], m_posts[1]}));
        QCOMPARE(total, 2);
        // The next view prunes the expired row; viewing it again brings it back, on top.
        QVERIFY(view(c, m_posts[3]));
        QCOMPARE(list(c), (QList<qint64>{m_posts[3], m_posts[2], m_posts[1]}));
        QVERIFY(view(c, m_posts[0]));
        QCOMPARE(list(c).first(), m_posts[0]);
    }

    void leavesOutHiddenPosts()
    {
        Client &c = signedIn(QStringLiteral("demo103"));
        const qint64 hidden = m_posts[69], kept = m_posts[68];
        QVERIFY(view(c, kept));
        QVERIFY(view(c, hidden));
        QCOMPARE(list(c), (QList<qint64>{hidden, kept}));
        Client &mod = signedIn(QStringLiteral("moderator"));
        const HttpResult h =
            mod.post(kApi + QStringLiteral("/moderation/posts/%1/hide").arg(hidden),
                     QJsonObject{{"reason", "test"}});
        QVERIFY2(h.status == 200 || h.status == 204, h.describe().constData());
        qint64 total = -1;
        QCOMPARE(list(c, 60, &total), (QList<qint64>{kept}));
        QCOMPARE(total, 1);
        // A moderator still sees a hidden post in their own list.
        QVERIFY(view(mod, hidden));
        QCOMPARE(list(mod).first(), hidden);
    }

    void clears()
    {
        Client &c = signedIn(QStringLiteral("demo104"));
        Client &other = signedIn(QStringLiteral("demo105"));
        QVERIFY(view(c, m_posts[0]));
        QVERIFY(view(other, m_posts[0]));
        QCOMPARE(c.del(kApi + "/me/recent").status, 204);
        qint64 total = -1;
        QVERIFY(list(c, 60, &total).isEmpty());
        QCOMPARE(total, 0);
        QCOMPARE(list(other), (QList<qint64>{m_posts[0]})); // only the caller's list
    }

    void badParameters()
    {
        Client &c = signedIn(QStringLiteral("demo106"));
        QCOMPARE(c.get(kApi + "/me/recent?limit=abc").status, 400);
        QCOMPARE(c.get(kApi + "/me/recent?before=%%%").status, 400);
    }
};

QTEST_GUILESS_MAIN(TstRecentViews)
#include "tst_recentviews.moc"

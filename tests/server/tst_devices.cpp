// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The device-name table against the real threadline-server: GET / PUT / DELETE /devices, the
// `device` log entries they write, and what posts show with and without an entry
// (api-v1.md "Endpoints", docs/api.md "Devices").
//
// One server with --demo serves every test; each test uses raw model strings of its own, so the
// tests do not depend on each other's leftovers.

#include "testserver.h"

#include <QDateTime>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QTest>
#include <QUrl>
#include <memory>

using threadline::test::Client;
using threadline::test::HttpResult;
using threadline::test::TestServer;

namespace {

constexpr qint64 kModeratorUid = 10009;
const QString kApi = QStringLiteral("/api/v1");

QString enc(const QString &s)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(s));
}

qint64 idOf(const QJsonValue &v)
{
    return v.toObject().value(QStringLiteral("id")).toInteger();
}

} // namespace

#define EXPECT_STATUS(res, code)                                                                   \
    do {                                                                                           \
        const HttpResult &r_ = (res);                                                              \
        QVERIFY2(r_.status == (code),                                                              \
                 qPrintable(QStringLiteral("expected HTTP %1, got: ").arg(code) +                  \
                            QString::fromUtf8(r_.describe())));                                    \
    } while (false)

class TstDevices : public QObject
{
    Q_OBJECT

private:
    TestServer m_server;
    QHash<QString, QString> m_tokens; // username -> token
    int m_counter = 0;

    std::unique_ptr<Client> as(const QString &user)
    {
        auto c = std::make_unique<Client>(m_server.baseUrl());
        c->setToken(m_tokens.value(user));
        return c;
    }
    std::unique_ptr<Client> mod() { return as(QStringLiteral("moderator")); }
    // A raw model nobody else in this run uses, in mixed case as a client would report it.
    QString uniqueRaw(const QString &prefix)
    {
        return QStringLiteral("%1 TL-%2-%3")
            .arg(prefix)
            .arg(++m_counter)
            .arg(QDateTime::currentMSecsSinceEpoch());
    }

    // GET /devices as "raw -> display"; {} (with a warning) when the call fails.
    QHash<QString, QString> table(const QString &user = QStringLiteral("lisi"))
    {
        const HttpResult r = as(user)->get(kApi + "/devices");
        QHash<QString, QString> out;
        if (r.status != 200) {
            qWarning() << "GET /devices failed:" << r.describe();
            return out;
        }
        for (const auto &v : r.items()) {
            const QJsonObject e = v.toObject();
            out.insert(e.value(QStringLiteral("raw")).toString(),
                       e.value(QStringLiteral("display")).toString());
        }
        return out;
    }
    HttpResult put(const QString &raw, const QString &display)
    {
        return mod()->put(kApi + "/devices", QJsonObject{{"raw", raw}, {"display", display}});
    }
    HttpResult remove(const QString &raw, const QString &user = QStringLiteral("moderator"))
    {
        return as(user)->del(kApi + "/devices?raw=" + enc(raw));
    }
    qint64 newPost(const QString &device)
    {
        const QJsonObject body{{"category", "TEXT"},
                               {"content", QStringLiteral("from my phone #%1").arg(++m_counter)},
                               {"pictureUrls", QJsonArray{}},
                               {"device", device}};
        const HttpResult r = as(QStringLiteral("zhangsan"))->post(kApi + "/posts", body);
        if (r.status != 201) {
            qWarning() << "newPost failed:" << r.describe();
            return 0;
        }
        return idOf(r.obj());
    }
    QString shownDevice(qint64 post)
    {
        return as(QStringLiteral("lisi"))
            ->get(kApi + QStringLiteral("/posts/%1").arg(post))
            .obj()
            .value(QStringLiteral("device"))
            .toString();
    }
    // The `device` log entries newer than `afterId`, newest first.
    QJsonArray deviceLogSince(qint64 afterId)
    {
        const HttpResult r = mod()->get(kApi + "/moderation/log?action=device&limit=50");
        QJsonArray out;
        if (r.status != 200) {
            qWarning() << "log failed:" << r.describe();
            return out;
        }
        for (const auto &v : r.items())
            if (idOf(v) > afterId)
                out.append(v);
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

private Q_SLOTS:
    void initTestCase();

    void listShape();
    void deleteRemovesEntryAndLogsOnce();
    void deleteUnknownIs204AndLogsNothing();
    void deleteRepeatIs204AndLogsNothing();
    void deleteForbiddenForOrdinaryUser();
    void deleteWithoutTokenIs401();
    void deleteBadQuery_data();
    void deleteBadQuery();
    void deleteEncodedRaw();
    void putRepeatLogsNothing();
    void unmappedPostShowsRawAsGiven();
};

void TstDevices::initTestCase()
{
    QVERIFY2(m_server.start({QStringLiteral("--demo")}),
             m_server.stderrLog().right(3000).constData());
    for (const char *u : {"zhangsan", "lisi", "moderator"}) {
        Client c(m_server.baseUrl());
        const QString token = c.login(QString::fromLatin1(u));
        QVERIFY2(!token.isEmpty(), u);
        m_tokens.insert(QString::fromLatin1(u), token);
    }
}

void TstDevices::listShape()
{
    const HttpResult r = as(QStringLiteral("lisi"))->get(kApi + "/devices");
    EXPECT_STATUS(r, 200);
    QVERIFY(r.obj().value("items").isArray());
    QVERIFY(r.obj().contains("next"));
    QVERIFY(r.obj().value("next").isNull());
    // The demo world maps some models (docs/api.md: raw strings stored lower-cased).
    const QHash<QString, QString> t = table();
    QVERIFY(!t.isEmpty());
    for (auto it = t.cbegin(); it != t.cend(); ++it)
        QCOMPARE(it.key(), it.key().toLower());
}

void TstDevices::deleteRemovesEntryAndLogsOnce()
{
    const QString raw = uniqueRaw(QStringLiteral("OnePlus A6000"));
    const QString display = QStringLiteral("一加 6 #%1").arg(m_counter);
    EXPECT_STATUS(put(raw, display), 200);
    const qint64 post = newPost(raw.toUpper());
    QVERIFY(post > 0);
    QCOMPARE(shownDevice(post), display);
    QCOMPARE(table().value(raw.toLower()), display);

    const qint64 mark = topLogId();
    QVERIFY(mark >= 0);
    // Matched case-insensitively and trimmed, as PUT stores it.
    const HttpResult del = remove(QStringLiteral("  ") + raw.toUpper() + QStringLiteral(" "));
    EXPECT_STATUS(del, 204);
    QVERIFY(del.body.isEmpty());

    QVERIFY(!table().contains(raw.toLower()));
    // The post now shows the raw model exactly as it was reported.
    QCOMPARE(shownDevice(post), raw.toUpper());

    const QJsonArray log = deviceLogSince(mark);
    QCOMPARE(log.size(), 1);
    const QJsonObject e = log.first().toObject();
    QCOMPARE(e.value("action").toString(), QStringLiteral("device"));
    QCOMPARE(e.value("targetType").toString(), QStringLiteral("device"));
    QCOMPARE(e.value("targetId").toInteger(), 0);
    QCOMPARE(e.value("reason").toString(), raw.toLower() + QStringLiteral(" → (removed)"));
    QCOMPARE(e.value("moderator").toObject().value("uid").toInteger(), kModeratorUid);
}

void TstDevices::deleteUnknownIs204AndLogsNothing()
{
    const qint64 mark = topLogId();
    const auto before = table();
    const HttpResult r = remove(uniqueRaw(QStringLiteral("never added")));
    EXPECT_STATUS(r, 204);
    QCOMPARE(deviceLogSince(mark).size(), 0);
    QCOMPARE(table(), before);
}

void TstDevices::deleteRepeatIs204AndLogsNothing()
{
    const QString raw = uniqueRaw(QStringLiteral("Pixel"));
    EXPECT_STATUS(put(raw, QStringLiteral("Google Pixel")), 200);
    EXPECT_STATUS(remove(raw), 204);
    const qint64 mark = topLogId();
    const HttpResult again = remove(raw);
    EXPECT_STATUS(again, 204); // as the first answered (a DELETE is idempotent by meaning)
    QCOMPARE(deviceLogSince(mark).size(), 0);
    // Adding it back works as a first PUT.
    EXPECT_STATUS(put(raw, QStringLiteral("Google Pixel 2")), 200);
    QCOMPARE(table().value(raw.toLower()), QStringLiteral("Google Pixel 2"));
    QCOMPARE(deviceLogSince(mark).size(), 1);
}

void TstDevices::deleteForbiddenForOrdinaryUser()
{
    const QString raw = uniqueRaw(QStringLiteral("MI 8"));
    EXPECT_STATUS(put(raw, QStringLiteral("小米 8")), 200);
    const qint64 mark = topLogId();
    const HttpResult r = remove(raw, QStringLiteral("lisi"));
    EXPECT_STATUS(r, 403);
    QCOMPARE(r.errorCode(), QStringLiteral("forbidden"));
    // 403 comes before the query is looked at: an unknown raw is 403 too.
    EXPECT_STATUS(remove(uniqueRaw(QStringLiteral("x")), QStringLiteral("lisi")), 403);
    QCOMPARE(table().value(raw.toLower()), QStringLiteral("小米 8"));
    QCOMPARE(deviceLogSince(mark).size(), 0);
}

void TstDevices::deleteWithoutTokenIs401()
{
    const QString raw = uniqueRaw(QStringLiteral("Redmi"));
    EXPECT_STATUS(put(raw, QStringLiteral("红米")), 200);
    Client anon(m_server.baseUrl());
    const HttpResult r = anon.del(kApi + "/devices?raw=" + enc(raw));
    EXPECT_STATUS(r, 401);
    QCOMPARE(r.errorCode(), QStringLiteral("unauthorized"));
    QCOMPARE(table().value(raw.toLower()), QStringLiteral("红米"));
}

void TstDevices::deleteBadQuery_data()
{
    QTest::addColumn<QString>("query");
    QTest::newRow("no query") << QString();
    QTest::newRow("no raw") << QStringLiteral("?display=x");
    QTest::newRow("empty raw") << QStringLiteral("?raw=");
    QTest::newRow("blank raw") << QStringLiteral("?raw=%20%20");
}

void TstDevices::deleteBadQuery()
{
    QFETCH(QString, query);
    const qint64 mark = topLogId();
    const int before = int(table().size());
    const HttpResult r = mod()->del(kApi + "/devices" + query);
    EXPECT_STATUS(r, 400);
    QCOMPARE(r.errorCode(), QStringLiteral("bad_request"));
    QVERIFY(r.errorMessage().contains(QStringLiteral("raw")));
    QCOMPARE(int(table().size()), before);
    QCOMPARE(deviceLogSince(mark).size(), 0);
}

void TstDevices::deleteEncodedRaw()
{
    // Characters that mean something in a query string survive percent-encoding.
    const QString raw = uniqueRaw(QStringLiteral("Galaxy S10+ & Note=10% 测试"));
    EXPECT_STATUS(put(raw, QStringLiteral("三星")), 200);
    QVERIFY(table().contains(raw.toLower()));
    // A raw that shares a prefix is not touched.
    const QString sibling = raw + QStringLiteral(" Lite");
    EXPECT_STATUS(put(sibling, QStringLiteral("三星 Lite")), 200);
    EXPECT_STATUS(remove(raw), 204);
    QVERIFY(!table().contains(raw.toLower()));
    QCOMPARE(table().value(sibling.toLower()), QStringLiteral("三星 Lite"));
}

void TstDevices::putRepeatLogsNothing()
{
    const QString raw = uniqueRaw(QStringLiteral("Mate"));
    const qint64 mark = topLogId();
    EXPECT_STATUS(put(raw, QStringLiteral("华为 Mate")), 200);
    EXPECT_STATUS(put(raw.toUpper(), QStringLiteral("华为 Mate")), 200);
    const QJsonArray log = deviceLogSince(mark);
    QCOMPARE(log.size(), 1);
    QCOMPARE(log.first().toObject().value("reason").toString(),
             raw.toLower() + QStringLiteral(" → 华为 Mate"));
    EXPECT_STATUS(remove(raw), 204);
    QCOMPARE(deviceLogSince(mark).size(), 2);
}

void TstDevices::unmappedPostShowsRawAsGiven()
{
    const QString raw = uniqueRaw(QStringLiteral("Nokia 3310 MixedCase"));
    const qint64 post = newPost(raw);
    QVERIFY(post > 0);
    QCOMPARE(shownDevice(post), raw);
    // Mapped, then removed again: back to the raw string, case as reported.
    EXPECT_STATUS(put(raw, QStringLiteral("诺基亚")), 200);
    QCOMPARE(shownDevice(post), QStringLiteral("诺基亚"));
    EXPECT_STATUS(remove(raw), 204);
    QCOMPARE(shownDevice(post), raw);
}

QTEST_GUILESS_MAIN(TstDevices)
#include "tst_devices.moc"

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The activity model and feed: the sentence with the post's author ("李四 liked
// 王五's post"), an older server's entry without the new fields, the summary / thumbnail /
// open-target roles, the relative time that ages with the ticker (one dataChanged, that role
// only), and the feed's scopes against the real threadline-server (each scope's rows are what
// the server answers for it; a quick switch leaves only the last scope's rows).
#include "people/activitymodel.h"
#include "net/apiclient.h"
#include "common/relativetime.h"
#include "testserver.h"
#include "common/timeticker.h"

#include <QAbstractItemModelTester>
#include <QJsonArray>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

#include "isolates.h"

using namespace threadline;
using namespace threadline::models;
using core::Activity;
using Scope = core::endpoint::ActivityQuery::Scope;
using threadline::test::Client;
using threadline::test::TestServer;

namespace {
const QString kApi = QStringLiteral("/api/v1");
constexpr int kWait = 20000;

core::UserBrief user(qint64 uid, const QString &name)
{
    core::UserBrief u;
    u.uid = uid;
    u.nickName = name;
    return u;
}

Activity entry(qint64 id, Activity::Type type, qint64 createtime)
{
    Activity a;
    a.id = id;
    a.type = type;
    a.actor = user(10002, QStringLiteral("李四"));
    a.createtime = createtime;
    return a;
}

QList<qint64> idsOf(const QJsonArray &items)
{
    QList<qint64> ids;
    for (const QJsonValue &v : items)
        ids.append(v.toObject().value(QStringLiteral("id")).toInteger());
    return ids;
}

QList<qint64> column(const QAbstractItemModel &m, int role)
{
    QList<qint64> out;
    for (int row = 0; row < m.rowCount(); ++row)
        out.append(m.index(row, 0).data(role).toLongLong());
    return out;
}

} // namespace

class TstActivityModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_server.start());
        m_client.setBaseUrl(m_server.baseUrl());
        QVERIFY(!m_client.login(QStringLiteral("lisi")).isEmpty());
    }

    void sentencesNameThePostsAuthor()
    {
        const qint64 t = 1'800'000'000'000;
        Activity like = entry(1, Activity::Type::Like, t);
        like.postId = 90012;
        like.postAuthor = user(10003, QStringLiteral("王五"));
        like.summary = QStringLiteral("<b>不是 HTML</b>");
        like.thumbnail = QStringLiteral("/api/v1/media/x.png");
        Activity comment = entry(2, Activity::Type::Comment, t);
        comment.postId = 90012;
        comment.commentId = 5;
        comment.postAuthor = user(10003, QStringLiteral("王五"));
        Activity own = entry(3, Activity::Type::Like, t);
        own.postId = 7;
        own.postAuthor = own.actor;
        Activity old = entry(4, Activity::Type::Like, t); // an older server: no postAuthor
        old.postId = 8;
        Activity follow = entry(5, Activity::Type::Follow, t);
        follow.targetUser = user(10003, QStringLiteral("王五"));
        Activity post = entry(6, Activity::Type::Post, t);
        post.postId = 9;
        post.postAuthor = post.actor;

        ActivityModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.prependEntries({like, comment, own, old, follow, post});
        QCOMPARE(model.rowCount(), 6);
        const auto at = [&model](int row, int role) { return model.index(row).data(role); };
        const auto sentence = [&](int row) {
            return withoutIsolates(at(row, ActivityModel::TextRole).toString());
        };
        QCOMPARE(sentence(0), QStringLiteral("李四 liked 王五's post"));
        // each name isolated
        QVERIFY(at(0, ActivityModel::TextRole)
                    .toString()
                    .contains(QChar(0x2068) + QStringLiteral("王五") + QChar(0x2069)));
        QCOMPARE(sentence(1), QStringLiteral("李四 commented on 王五's post"));
        QCOMPARE(sentence(2), QStringLiteral("李四 liked their own post"));
        QCOMPARE(sentence(3), QStringLiteral("李四 liked a post"));
        QCOMPARE(sentence(4), QStringLiteral("李四 followed 王五"));
        QCOMPARE(sentence(5), QStringLiteral("李四 posted"));

        QCOMPARE(at(0, ActivityModel::SummaryRole).toString(), QStringLiteral("<b>不是 HTML</b>"));
        QCOMPARE(at(0, ActivityModel::ThumbnailRole).toString(),
                 QStringLiteral("/api/v1/media/x.png"));
        QCOMPARE(at(0, ActivityModel::PostAuthorIdRole).toLongLong(), 10003);
        QCOMPARE(at(0, ActivityModel::PostAuthorNameRole).toString(), QStringLiteral("王五"));
        QCOMPARE(at(3, ActivityModel::PostAuthorIdRole).toLongLong(), 0);
        QVERIFY(at(3, ActivityModel::SummaryRole).toString().isEmpty());
        QVERIFY(at(3, ActivityModel::ThumbnailRole).toString().isEmpty());
        QCOMPARE(at(0, ActivityModel::OpenTargetRole).toString(), QStringLiteral("post"));
        QCOMPARE(at(1, ActivityModel::OpenTargetRole).toString(), QStringLiteral("post"));
        QCOMPARE(at(4, ActivityModel::OpenTargetRole).toString(), QStringLiteral("profile"));
        QCOMPARE(at(4, ActivityModel::TargetUserIdRole).toLongLong(), 10003);
    }

    void relativeTimeAgesWithTheTicker()
    {
        const qint64 t0 = 1'800'000'000'000;
        qint64 clock = t0;
        TimeTicker ticker([&clock] { return clock; });
        ActivityModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.prependEntries({entry(3, Activity::Type::Post, t0 - 30'000),
                              entry(2, Activity::Type::Post, t0 - 5 * 60'000),
                              entry(1, Activity::Type::Post, t0 - 3 * 3'600'000)});
        model.setTicker(&ticker, RelativeTime(RelativeTime::Zone::Utc8));
        for (int row = 0; row < 3; ++row) // what a view paints
            QVERIFY(!model.index(row).data(ActivityModel::RelativeTimeRole).toString().isEmpty());
        const QString before = model.index(0).data(ActivityModel::RelativeTimeRole).toString();
        const QString row1 = model.index(1).data(ActivityModel::RelativeTimeRole).toString();

        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        clock = t0 + 31'000;
        Q_EMIT ticker.tick(clock);
        QCOMPARE(changed.count(), 1); // row 0 only
        QCOMPARE(changed.at(0).at(0).toModelIndex().row(), 0);
        QCOMPARE(changed.at(0).at(1).toModelIndex().row(), 0);
        QCOMPARE(changed.at(0).at(2).value<QList<int>>(),
                 QList<int>{ActivityModel::RelativeTimeRole});
        QVERIFY(model.index(0).data(ActivityModel::RelativeTimeRole).toString() != before);
        QCOMPARE(model.index(1).data(ActivityModel::RelativeTimeRole).toString(), row1);
    }

    void scopesLoadWhatTheServerAnswers_data()
    {
        QTest::addColumn<int>("scope");
        QTest::addColumn<qint64>("uid");
        QTest::addColumn<QString>("query");
        QTest::newRow("following")
            << int(Scope::Following) << qint64(0) << QStringLiteral("scope=following");
        QTest::newRow("all") << int(Scope::All) << qint64(0) << QStringLiteral("scope=all");
        QTest::newRow("mine") << int(Scope::Mine) << qint64(0) << QStringLiteral("scope=mine");
        QTest::newRow("user") << int(Scope::User) << qint64(10003)
                              << QStringLiteral("scope=user&uid=10003");
    }

    void scopesLoadWhatTheServerAnswers()
    {
        QFETCH(int, scope);
        QFETCH(qint64, uid);
        QFETCH(QString, query);
        core::ApiClient api;
        api.setBaseUrl(m_server.baseUrl());
        api.setToken(m_client.token());
        ActivityModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        ActivityFeed feed(&api, &model);
        feed.setPageSize(10);
        QSignalSpy refreshed(&feed, &ActivityFeed::refreshed);
        QSignalSpy errors(&feed, &ActivityFeed::error);
        // Another scope first, then the one asked for at once: only its rows arrive.
        feed.setQuery({scope == int(Scope::All) ? Scope::Mine : Scope::All, 0});
        feed.setQuery({Scope(scope), uid});
        QCOMPARE(feed.query(), (core::endpoint::ActivityQuery{Scope(scope), uid}));
        QVERIFY(refreshed.wait(kWait));
        QCOMPARE(errors.count(), 0);
        const auto r = m_client.get(kApi + QStringLiteral("/activity?%1&limit=10").arg(query));
        QCOMPARE(r.status, 200);
        const QList<qint64> expected = idsOf(r.items());
        QVERIFY(!expected.isEmpty());
        QCOMPARE(column(model, ActivityModel::IdRole).mid(0, expected.size()), expected);
        if (scope == int(Scope::User) || scope == int(Scope::Mine)) {
            const qint64 actor = scope == int(Scope::User) ? uid : m_client.uid();
            for (qint64 a : column(model, ActivityModel::ActorIdRole))
                QCOMPARE(a, actor);
        }
        // The tester pages on (fetchMore after every change): each later page is the scope's.
        QTRY_VERIFY_WITH_TIMEOUT(model.rowCount() > 10, kWait);
        if (scope == int(Scope::User))
            for (qint64 a : column(model, ActivityModel::ActorIdRole))
                QCOMPARE(a, uid);
        // The same query again changes nothing.
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        feed.setQuery({Scope(scope), uid});
        QCOMPARE(resets.count(), 0);
    }

    void unknownPersonIsWords()
    {
        core::ApiClient api;
        api.setBaseUrl(m_server.baseUrl());
        api.setToken(m_client.token());
        api.setRetryPolicy(core::RetryPolicy{1, 10, 10});
        ActivityModel model;
        ActivityFeed feed(&api, &model);
        QSignalSpy errors(&feed, &ActivityFeed::error);
        feed.setQuery({Scope::User, 987654321});
        QVERIFY(errors.wait(kWait));
        QVERIFY2(errors.at(0).at(0).toString().startsWith(
                     QStringLiteral("Could not load this person's activity")),
                 qPrintable(errors.at(0).at(0).toString()));
        QCOMPARE(model.rowCount(), 0);
    }

private:
    TestServer m_server;
    Client m_client{QUrl()};
};

QTEST_MAIN(TstActivityModel)
#include "tst_activitymodel.moc"

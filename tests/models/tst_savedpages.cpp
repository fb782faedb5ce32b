// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Saved copies of other lists (docs/api.md, "Saved copies of other lists"): a person's
// followers, a board of messages and an activity list are read online and their first page is
// kept in the cache; offline (or with the server gone) the same list shows that copy, says when
// it was saved, then why it is not up to date. Against the real threadline-server with a real
// cache file in a temporary directory.
#include "cache/cache.h"
#include "clientparts.h"
#include "feeds.h"
#include "net/apiclient.h"
#include "people/activitymodel.h"
#include "people/messageboardmodel.h"
#include "poststore.h"
#include "testserver.h"
#include "timeline/likersmodel.h"

#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace threadline;
using namespace threadline::models;
using threadline::test::Client;
using threadline::test::openCache;
using threadline::test::TestServer;

namespace {

const QString kApi = QStringLiteral("/api/v1");
constexpr int kWait = 20000;

QStringList column(const QAbstractItemModel &m, int role)
{
    QStringList out;
    for (int row = 0; row < m.rowCount(); ++row)
        out.append(m.index(row, 0).data(role).toString());
    return out;
}

} // namespace

class TstSavedPages : public QObject
{
    Q_OBJECT

private:
    TestServer m_server;
    QTemporaryDir m_dir;
    QString m_token; // wangwu's
    qint64 m_wangwu = 0;

    void setUp(core::ApiClient &api) { test::pointAt(api, m_server.baseUrl(), m_token); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY2(m_server.start(), "the server did not start");
        Client web(m_server.baseUrl());
        m_token = web.login(QStringLiteral("wangwu"));
        QVERIFY(!m_token.isEmpty());
        m_wangwu = web.get(kApi + QStringLiteral("/me")).obj().value(u"uid").toInteger();
        QVERIFY(m_wangwu > 0);
        // Two people follow wangwu and leave a message on his board.
        for (const QString &name : {QStringLiteral("zhangsan"), QStringLiteral("lisi")}) {
            Client other(m_server.baseUrl());
            QVERIFY(!other.login(name).isEmpty());
            QCOMPARE(other.put(kApi + QStringLiteral("/users/%1/follow").arg(m_wangwu)).status,
                     200);
            QCOMPARE(other
                         .post(kApi + QStringLiteral("/users/%1/messages").arg(m_wangwu),
                               QJsonObject{{QStringLiteral("content"),
                                            QStringLiteral("你好 from ") + name}})
                         .status,
                     201);
        }
    }

    void followersBoardAndActivityShowTheirSavedCopyOffline()
    {
        const QString path = m_dir.filePath(QStringLiteral("saved.sqlite"));
        QStringList followersOnline, boardOnline, activityOnline;
        {
            core::ApiClient api;
            setUp(api);
            core::Cache cache;
            QVERIFY(openCache(cache, path));
            core::PostStore store;
            Feeds feeds({&api, &cache, &store, nullptr, nullptr});

            LikersModel people;
            LikersFeed *followers = feeds.follows(&people, m_wangwu, true, this);
            QSignalSpy loaded(followers, &PagedFeedBase::loaded);
            followers->refresh();
            QVERIFY(loaded.wait(kWait));
            followersOnline = column(people, Qt::DisplayRole);
            QVERIFY(followersOnline.size() >= 2);
            QVERIFY(!followers->savedCopyTime());

            MessageBoardModel *board = feeds.messageBoardModel(this);
            MessageBoardFeed *boardFeed = feeds.messageBoard(board, this);
            QSignalSpy boardLoaded(boardFeed, &PagedFeedBase::loaded);
            boardFeed->setBoard(m_wangwu);
            QVERIFY(boardLoaded.wait(kWait));
            boardOnline = column(*board, MessageBoardModel::IdRole);
            QVERIFY(boardOnline.size() >= 2);

            ActivityModel activity;
            ActivityFeed *activityFeed = feeds.activity(&activity, this);
            QSignalSpy activityLoaded(activityFeed, &PagedFeedBase::loaded);
            activityFeed->setQuery({ActivityQuery::Scope::All, 0, {QStringLiteral("message")}});
            QTRY_VERIFY_WITH_TIMEOUT(!activityLoaded.isEmpty(), kWait);
            activityOnline = column(activity, Qt::DisplayRole);
            QVERIFY(activityOnline.size() >= 2);
            QVERIFY(cache.waitForIdle());
            delete boardFeed;
            delete board;
        }

        // Offline with the same cache: each list shows its saved copy, then says why.
        core::ApiClient api;
        setUp(api);
        api.setOffline(true);
        core::Cache cache;
        QVERIFY(openCache(cache, path));
        core::PostStore store;
        Feeds feeds({&api, &cache, &store, nullptr, nullptr});

        LikersModel people;
        LikersFeed *followers = feeds.follows(&people, m_wangwu, true, this);
        QSignalSpy shown(followers, &PagedFeedBase::savedCopyShown);
        QSignalSpy failed(followers, &PagedFeedBase::loadFailed);
        followers->refresh();
        QVERIFY(failed.wait(kWait));
        QCOMPARE(shown.count(), 1);
        QCOMPARE(column(people, Qt::DisplayRole), followersOnline);
        QVERIFY(followers->savedCopyTime().has_value());
        const QString why = failed.at(0).at(0).toString();
        QVERIFY(followers->describeFailure(QStringLiteral("x"), why).contains(why));
        QVERIFY(followers->describeFailure(QStringLiteral("x"), why) != QStringLiteral("x"));

        // Another person's followers were never saved: nothing to show, the failure alone.
        LikersModel nobody;
        LikersFeed *others = feeds.follows(&nobody, m_wangwu + 1, true, this);
        QSignalSpy othersShown(others, &PagedFeedBase::savedCopyShown);
        QSignalSpy othersFailed(others, &PagedFeedBase::loadFailed);
        others->refresh();
        QVERIFY(othersFailed.wait(kWait));
        QCOMPARE(othersShown.count(), 0);
        QCOMPARE(nobody.rowCount(), 0);
        QVERIFY(!others->savedCopyTime());

        MessageBoardModel *board = feeds.messageBoardModel(this);
        MessageBoardFeed *boardFeed = feeds.messageBoard(board, this);
        QSignalSpy boardShown(boardFeed, &PagedFeedBase::savedCopyShown);
        boardFeed->setBoard(m_wangwu);
        QVERIFY(boardShown.wait(kWait));
        QCOMPARE(column(*board, MessageBoardModel::IdRole), boardOnline);

        ActivityModel activity;
        ActivityFeed *activityFeed = feeds.activity(&activity, this);
        QSignalSpy activityShown(activityFeed, &PagedFeedBase::savedCopyShown);
        QSignalSpy activityError(activityFeed, &ActivityFeed::error);
        activityFeed->setQuery({ActivityQuery::Scope::All, 0, {QStringLiteral("message")}});
        QVERIFY(activityError.wait(kWait));
        QCOMPARE(activityShown.count(), 1);
        QCOMPARE(column(activity, Qt::DisplayRole), activityOnline);
        // Another kind's list was never saved.
        QSignalSpy activityError2(activityFeed, &ActivityFeed::error);
        activityFeed->setQuery({ActivityQuery::Scope::All, 0, {QStringLiteral("follow")}});
        QVERIFY(activityError2.wait(kWait));
        QCOMPARE(activity.rowCount(), 0);

        // Back online: the server's page replaces the copy, and it is no longer a copy.
        api.setOffline(false);
        QSignalSpy fresh(followers, &PagedFeedBase::loaded);
        followers->refresh();
        QVERIFY(fresh.wait(kWait));
        QVERIFY(!followers->savedCopyTime());
        QCOMPARE(column(people, Qt::DisplayRole), followersOnline);
    }

    void aPageOverTheBoundIsNotKept()
    {
        core::Cache cache;
        QVERIFY(openCache(cache, m_dir.filePath(QStringLiteral("bound.sqlite"))));
        QSignalSpy loaded(&cache, &core::Cache::pageLoaded);
        cache.savePage(QStringLiteral("k"), QByteArray("{\"items\":[]}"));
        cache.loadPage(QStringLiteral("k"));
        QVERIFY(loaded.wait(kWait));
        QCOMPARE(loaded.at(0).at(1).value<core::SavedPage>().body.value_or(QByteArray()),
                 QByteArray("{\"items\":[]}"));
        // Too big: not kept, and the older copy is dropped (it would be wrong now).
        cache.savePage(QStringLiteral("k"), QByteArray(core::cachelimits::kMaxPageBytes + 1, 'x'));
        cache.loadPage(QStringLiteral("k"));
        QVERIFY(loaded.wait(kWait));
        QVERIFY(!loaded.at(1).at(1).value<core::SavedPage>().body);
        // At most kMaxPages: the oldest go first.
        for (int i = 0; i < core::cachelimits::kMaxPages + 5; ++i)
            cache.savePage(QStringLiteral("p%1").arg(i), QByteArray("{}"));
        cache.loadPage(QStringLiteral("p0"));
        cache.loadPage(QStringLiteral("p%1").arg(core::cachelimits::kMaxPages + 4));
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 4, kWait);
        QVERIFY(!loaded.at(2).at(1).value<core::SavedPage>().body);
        QVERIFY(loaded.at(3).at(1).value<core::SavedPage>().body.has_value());
    }
};

QTEST_MAIN(TstSavedPages)
#include "tst_savedpages.moc"

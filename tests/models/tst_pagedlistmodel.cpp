// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tst_pagedlistmodel: the cursor-paged list that the queue, the log, the activity and the likers
// share (models/common/pagedlistmodel.h, models/common/pagedfeed.h), on its own: each item once
// across pages, fetchMore() once a page, a refresh's stale answers dropped, a failed page asked for
// again (at once, or by hand). The feed talks to the real threadline-server; the list is
// /timeline's posts.
#include "common/pagedfeed.h"
#include "common/pagedlistmodel.h"
#include "net/apiclient.h"
#include "testserver.h"
#include "wire/jsoncodec.h"

#include <QAbstractItemModelTester>
#include <QJsonArray>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

using namespace threadline;
using namespace threadline::models;
using threadline::test::Client;
using threadline::test::TestServer;

namespace {

constexpr int kWaitMs = 20000;
constexpr qint64 kAuthor = 10003; // a demo user with a few dozen posts

core::Post post(qint64 id)
{
    core::Post p;
    p.id = id;
    return p;
}

QList<core::Post> posts(std::initializer_list<qint64> ids)
{
    QList<core::Post> out;
    for (const qint64 id : ids)
        out.append(post(id));
    return out;
}

// Post ids, one a row (Qt::DisplayRole).
class PostList : public PagedListModel<core::Post>
{
public:
    explicit PostList(QObject *parent = nullptr)
        : PagedListModel(parent)
    {
    }

    [[nodiscard]] QVariant data(const QModelIndex &index, int role) const override
    {
        if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
            return {};
        return role == Qt::DisplayRole ? QVariant(at(index.row()).id) : QVariant();
    }

    [[nodiscard]] QList<qint64> ids() const
    {
        QList<qint64> out;
        for (const core::Post &p : items())
            out.append(p.id);
        return out;
    }
};

// A feed of /timeline pages; `query` says which list ("scope=all", "scope=user&uid=…").
class PostFeed : public PagedFeed<PostList>
{
public:
    PostFeed(core::ApiClient *api, PostList *model, int pageSize)
        : PagedFeed(
              model,
              [this, api](const std::optional<QString> &cursor, QObject *owner) {
                  ++requests;
                  QString path = QStringLiteral("/api/v1/timeline?%1&limit=%2")
                                     .arg(query)
                                     .arg(this->pageSize());
                  if (cursor)
                      path += QStringLiteral("&before=") +
                              QString::fromLatin1(QUrl::toPercentEncoding(*cursor));
                  return api->get(path, owner);
              },
              qOverload<const QByteArray &>(&core::decodePostPage), pageSize)
    {
    }

    using PagedFeedBase::retryPage;
    using PagedFeedBase::setRetryByHand;

    QString query = QStringLiteral("scope=all");
    int requests = 0;
};

// The server's whole list (at most 50: one page, its `next` null), newest first.
QList<qint64> serverIds(Client &c, const QString &query)
{
    const auto r = c.get(QStringLiteral("/api/v1/timeline?%1&limit=50").arg(query));
    if (r.status != 200 || !r.obj().value(QStringLiteral("next")).isNull())
        return {};
    QList<qint64> ids;
    for (const QJsonValue &v : r.items())
        ids.append(v.toObject().value(QStringLiteral("id")).toInteger());
    return ids;
}

// A list under a model tester (which asks for the next page after each one, as a view scrolled
// down would) and its feed, 3 posts a page.
struct Paged
{
    explicit Paged(core::ApiClient *api)
        : feed(api, &model, 3)
    {
    }

    PostList model;
    QAbstractItemModelTester tester{&model, QAbstractItemModelTester::FailureReportingMode::QtTest};
    PostFeed feed;
    QSignalSpy failed{&feed, &PagedFeedBase::loadFailed};
};

} // namespace

class TstPagedListModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(m_server.start(), m_server.stderrLog().right(2000).constData());
        m_client = std::make_unique<Client>(m_server.baseUrl());
        m_token = m_client->login(QStringLiteral("zhangsan"));
        QVERIFY(!m_token.isEmpty());
        m_byAuthor = serverIds(*m_client, byAuthor());
        QVERIFY(m_byAuthor.size() > 6);
    }

    void init()
    {
        m_api = std::make_unique<core::ApiClient>();
        m_api->setBaseUrl(m_server.baseUrl());
        m_api->setToken(m_token);
        m_api->setRetryPolicy(core::RetryPolicy{1, 0, 0}); // a failure comes at once
    }

    // Each item once, whichever page brings it again; fetchMore() asks once a page.
    void eachItemOnceAcrossPages()
    {
        PostList model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy more(&model, &PagedListModelBase::moreRequested);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);

        model.appendPage(posts({9, 8, 8, 7}), QStringLiteral("c1")); // twice on one page too
        QCOMPARE(model.ids(), (QList<qint64>{9, 8, 7}));
        QCOMPARE(more.count(), 1); // the tester asked, as a view would
        QCOMPARE(more.at(0).at(0).toString(), QStringLiteral("c1"));
        QVERIFY(model.isFetchingMore());
        model.fetchMore({}); // until it is answered: no second request
        QCOMPARE(more.count(), 1);

        // The page failed: the cursor stays and the next fetchMore() asks for it again.
        model.pageFailed();
        QCOMPARE(model.nextCursor(), std::optional<QString>(QStringLiteral("c1")));
        QVERIFY(model.canFetchMore({}));
        model.fetchMore({});
        QCOMPARE(more.count(), 2);
        QCOMPARE(more.at(1).at(0).toString(), QStringLiteral("c1"));

        // 7 and 8 moved onto the next page: listed once, at their first place.
        model.appendPage(posts({8, 7, 6, 5}), QStringLiteral("c2"));
        QCOMPARE(model.ids(), (QList<qint64>{9, 8, 7, 6, 5}));
        QCOMPARE(model.rowOf(6), 3);
        QVERIFY(model.contains(5));
        QCOMPARE(inserted.count(), 2);
        QCOMPARE(more.count(), 3);
        QCOMPARE(more.at(2).at(0).toString(), QStringLiteral("c2"));
        // Nothing new on the last page: no insert, no more pages.
        model.appendPage(posts({5, 9}), std::nullopt);
        QCOMPARE(inserted.count(), 2);
        QCOMPARE(model.rowCount(), 5);
        QVERIFY(!model.canFetchMore({}));
        QVERIFY(!model.isFetchingMore());

        // A refresh replaces everything (one reset), each item once.
        model.replaceAll(posts({4, 4, 3}), QStringLiteral("c3"));
        QCOMPARE(reset.count(), 1);
        QCOMPARE(model.ids(), (QList<qint64>{4, 3}));
        QCOMPARE(model.rowOf(9), -1);
        QCOMPARE(model.rowOf(3), 1);
        model.clear();
        QCOMPARE(reset.count(), 2);
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(!model.nextCursor());
        QVERIFY(!model.canFetchMore({}));
    }

    // A page in flight when the list is refreshed (another list now) never reaches the model;
    // neither does the answer to a refresh overtaken by another.
    void staleAnswersAfterRefreshAreDropped()
    {
        Paged p(m_api.get());
        QSignalSpy loaded(&p.feed, &PagedFeedBase::loaded);

        p.feed.refresh();
        QVERIFY(loaded.wait(kWaitMs));
        QCOMPARE(loaded.at(0).at(0).toBool(), true);
        QCOMPARE(p.model.rowCount(), 3);
        // The tester asked for the next page at once: it is on its way.
        QVERIFY(p.model.isFetchingMore());
        QVERIFY(p.feed.isLoading());
        const int requests = p.feed.requests;

        // Another list: its first page replaces the rows; the page of the old list is stale.
        p.feed.query = byAuthor();
        p.feed.refresh();
        QCOMPARE(p.feed.requests, requests + 1);
        // A refresh overtaken at once by another: only the last one answers.
        p.feed.refresh();
        QCOMPARE(p.feed.requests, requests + 2);
        loaded.clear();
        QVERIFY(loaded.wait(kWaitMs));
        QCOMPARE(loaded.at(0).at(0).toBool(), true); // not the old list's page
        // The tester pages on to the end of the new list.
        QTRY_VERIFY_WITH_TIMEOUT(!p.feed.isLoading() && !p.model.nextCursor(), kWaitMs);
        QCOMPARE(p.failed.count(), 0); // an abandoned request is no failure
        int firsts = 0;
        for (const auto &args : loaded)
            firsts += args.at(0).toBool() ? 1 : 0;
        QCOMPARE(firsts, 1);
        QCOMPARE(p.model.ids(), m_byAuthor);
    }

    // A further page that fails: the rows stay, the cursor stays, fetchMore() asks again.
    void failedPageMayBeAskedAgain()
    {
        Paged p(m_api.get());
        QSignalSpy loading(&p.feed, &PagedFeedBase::loadingChanged);
        QVERIFY(firstPageThenOffline(p.feed, p.failed));
        QCOMPARE(p.failed.at(0).at(1).value<core::ApiError>().kind, core::ApiError::Kind::Offline);
        QCOMPARE(p.failed.at(0).at(0).toString(),
                 p.failed.at(0).at(1).value<core::ApiError>().describe());
        QCOMPARE(p.model.ids(), m_byAuthor.mid(0, 3));
        const auto cursor = p.model.nextCursor();
        QVERIFY(cursor);
        QVERIFY(!p.feed.isLoading());
        QCOMPARE(loading.last().at(0).toBool(), false);
        QVERIFY(p.model.canFetchMore({})); // a later scroll may ask again

        // A refresh that fails keeps the rows (no reset) and the cursor.
        QSignalSpy reset(&p.model, &QAbstractItemModel::modelReset);
        p.feed.refresh();
        QTRY_COMPARE_WITH_TIMEOUT(p.failed.count(), 2, kWaitMs);
        QCOMPARE(reset.count(), 0);
        QCOMPARE(p.model.ids(), m_byAuthor.mid(0, 3));
        QCOMPARE(p.model.nextCursor(), cursor);

        // Online again: the same page is asked for, and the list goes on to its end.
        m_api->setOffline(false);
        p.model.fetchMore({});
        QVERIFY(p.feed.isLoading());
        QTRY_VERIFY_WITH_TIMEOUT(!p.feed.isLoading() && !p.model.nextCursor(), kWaitMs);
        QCOMPARE(p.model.ids(), m_byAuthor);
        QCOMPARE(p.failed.count(), 2);
    }

    // By hand (a Retry button, the likers): after a failure only retryPage() asks again, so that
    // a view cannot ask by itself in a loop against a server that is away.
    void failedPageRetriedByHand()
    {
        Paged p(m_api.get());
        p.feed.setRetryByHand(true);
        QVERIFY(firstPageThenOffline(p.feed, p.failed));
        QCOMPARE(p.model.rowCount(), 3);
        QVERIFY(p.model.nextCursor());
        QVERIFY(!p.model.canFetchMore({})); // held until retryPage()
        const int requests = p.feed.requests;
        p.model.fetchMore({});
        QCOMPARE(p.feed.requests, requests);

        m_api->setOffline(false);
        p.feed.retryPage();
        QCOMPARE(p.feed.requests, requests + 1);
        p.feed.retryPage(); // nothing failed now: nothing more
        QCOMPARE(p.feed.requests, requests + 1);
        QTRY_VERIFY_WITH_TIMEOUT(!p.feed.isLoading() && !p.model.nextCursor(), kWaitMs);
        QCOMPARE(p.model.ids(), m_byAuthor);
    }

private:
    static QString byAuthor() { return QStringLiteral("scope=user&uid=%1").arg(kAuthor); }

    // Loads kAuthor's posts and goes offline the moment the first page is in: the page the
    // tester asks for next fails (`failed` counts it).
    bool firstPageThenOffline(PostFeed &feed, QSignalSpy &failed)
    {
        feed.query = byAuthor();
        QSignalSpy loaded(&feed, &PagedFeedBase::loaded);
        connect(
            &feed, &PagedFeedBase::loaded, m_api.get(), [this] { m_api->setOffline(true); },
            Qt::SingleShotConnection);
        feed.refresh();
        return loaded.wait(kWaitMs) &&
               QTest::qWaitFor([&] { return failed.count() == 1; }, kWaitMs);
    }

    TestServer m_server;
    std::unique_ptr<Client> m_client;
    QString m_token;
    QList<qint64> m_byAuthor; // the server's list of kAuthor's posts, newest first
    std::unique_ptr<core::ApiClient> m_api;
};

QTEST_GUILESS_MAIN(TstPagedListModel)
#include "tst_pagedlistmodel.moc"

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The outbox model against the real server, under QAbstractItemModelTester: one row per entry
// (to be sent or failed) in creation order, the action in words ("Like on 王五's post", "Reply to
// 李四: “…”"), and its state, live — waiting for the network (offline), for the like delay,
// for what it refers to, sending, "Retry in N s after “…”" after a 503, failed with its
// sentence — rows going when the entries are sent or discarded.
#include "net/apiclient.h"
#include "outbox/outbox.h"
#include "outboxmodel.h"
#include "poststore.h"
#include "testserver.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace threadline;
using models::OutboxModel;
using State = OutboxModel::State;
using test::Client;
using test::TestServer;

namespace {
constexpr int kWaitMs = 20000;
constexpr qint64 kMissingPost = 987654321;

State stateOf(const OutboxModel &model, int row)
{
    return State(model.index(row, 0).data(OutboxModel::StateRole).toInt());
}
} // namespace

class TstOutboxModel : public QObject
{
    Q_OBJECT

private:
    TestServer m_server;
    QString m_token;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<core::ApiClient> m_api;
    std::unique_ptr<core::PostStore> m_store;
    std::unique_ptr<core::Outbox> m_outbox;
    std::unique_ptr<OutboxModel> m_model;
    std::unique_ptr<QAbstractItemModelTester> m_tester;

    qint64 newPost(const QString &content)
    {
        Client c(m_server.baseUrl());
        c.login(QStringLiteral("wangwu"));
        return c
            .post(QStringLiteral("/api/v1/posts"),
                  QJsonObject{{QStringLiteral("content"), content}})
            .obj()
            .value(QStringLiteral("id"))
            .toInteger();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(m_server.start(), m_server.stderrLog().right(2000).constData());
        Client me(m_server.baseUrl());
        m_token = me.login(QStringLiteral("zhangsan"));
        QVERIFY(!m_token.isEmpty());
    }

    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        m_api = std::make_unique<core::ApiClient>();
        m_api->setBaseUrl(m_server.baseUrl());
        m_api->setToken(m_token);
        m_store = std::make_unique<core::PostStore>();
        m_outbox = std::make_unique<core::Outbox>(m_api.get());
        m_outbox->setLikeDelayMs(100);
        m_outbox->setBackoff(30000, 60000); // a retry stays visible through a test
        QSignalSpy opened(m_outbox.get(), &core::Outbox::opened);
        m_outbox->open(m_dir->filePath(QStringLiteral("outbox.sqlite")));
        QVERIFY(opened.wait(kWaitMs));
        m_model = std::make_unique<OutboxModel>(m_outbox.get(), m_store.get());
        m_tester = std::make_unique<QAbstractItemModelTester>(
            m_model.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    }

    void cleanup()
    {
        m_tester.reset();
        m_model.reset();
        m_outbox.reset();
        m_store.reset();
        m_api.reset();
        m_dir.reset();
    }

    void wordsAndStatesWhileOffline()
    {
        QCOMPARE(m_model->rowCount(), 0);
        QCOMPARE(m_model->columnCount(), 2);
        core::Comment lisi;
        lisi.id = 555;
        lisi.postId = 90012;
        lisi.author = core::UserBrief{10002, QStringLiteral("李四"), QString()};
        lisi.content = QStringLiteral("hello");
        m_store->upsertComment(lisi);
        m_api->setOffline(true);
        QSignalSpy inserted(m_model.get(), &QAbstractItemModel::rowsInserted);
        m_outbox->togglePostLike(90012, false, true, QStringLiteral("王五's post"));
        const qint64 local = m_outbox->createComment(
            90012, QStringLiteral("a rather long answer that is cut after forty characters"), 555,
            QStringLiteral("王五's post"));
        m_outbox->createComment(90012, QStringLiteral("<b>under mine</b>"), local,
                                QStringLiteral("王五's post"));
        QTRY_COMPARE(m_model->rowCount(), 3);
        QVERIFY(inserted.size() >= 1);
        const QChar fsi(0x2068), pdi(0x2069);
        QCOMPARE(m_model->index(0, OutboxModel::ActionColumn).data().toString(),
                 QStringLiteral("Like on ") + fsi + QStringLiteral("王五's post") + pdi);
        QCOMPARE(m_model->index(1, OutboxModel::ActionColumn).data().toString(),
                 QStringLiteral("Reply to ") + fsi + QStringLiteral("李四") + pdi +
                     QStringLiteral(": “") + fsi +
                     QStringLiteral("a rather long answer that is cut after f") + QChar(0x2026) +
                     pdi + QStringLiteral("”"));
        for (int row = 0; row < 3; ++row) {
            QCOMPARE(stateOf(*m_model, row), State::Offline);
            QCOMPARE(m_model->index(row, OutboxModel::StateColumn).data().toString(),
                     QStringLiteral("Waiting for the network (offline)"));
        }
        QCOMPARE(m_model->index(0, 0).data(OutboxModel::IdRole).toLongLong(),
                 m_outbox->entries().at(0).id);
        // A tooltip is escaped: nothing in it is taken as markup.
        const QString tip = m_model->index(2, 0).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("&lt;b&gt;under mine")), qPrintable(tip));
        QCOMPARE(m_model->headerData(0, Qt::Horizontal, Qt::DisplayRole).toString(),
                 QStringLiteral("Change"));
    }

    void likeDelayThenSentThenGone()
    {
        const qint64 post = newPost(QStringLiteral("liked in a while"));
        m_outbox->setLikeDelayMs(3000);
        QSignalSpy changed(m_model.get(), &QAbstractItemModel::dataChanged);
        QSignalSpy removed(m_model.get(), &QAbstractItemModel::rowsRemoved);
        m_outbox->togglePostLike(post, false, true, QStringLiteral("王五's post"));
        QTRY_COMPARE(m_model->rowCount(), 1);
        QCOMPARE(stateOf(*m_model, 0), State::LikeDelay);
        QVERIFY2(m_model->index(0, 1).data().toString().startsWith(
                     QStringLiteral("Waiting for the like delay: sent in ")),
                 qPrintable(m_model->index(0, 1).data().toString()));
        QVERIFY(m_model->index(0, 0).data(OutboxModel::DueAtRole).toLongLong() > 0);
        // The countdown ticks (dataChanged naming the state roles), then it is sent and goes.
        QVERIFY(changed.wait(kWaitMs));
        QVERIFY(changed.last().at(2).value<QList<int>>().contains(OutboxModel::StateTextRole));
        QTRY_COMPARE_WITH_TIMEOUT(removed.size(), 1, kWaitMs);
        QCOMPARE(m_model->rowCount(), 0);
    }

    void sendingThenRetryAfterA503()
    {
        const qint64 post = newPost(QStringLiteral("the server is ill"));
        core::FaultConfig faults;
        faults.latencyMs = 1500; // long enough to see it sending
        faults.errorRate = 1.0;  // then a synthetic 503
        m_api->setFaultConfig(faults);
        QSignalSpy sent(m_outbox.get(), &core::Outbox::sent);
        m_outbox->createComment(post, QStringLiteral("retried"), 0, QStringLiteral("王五's post"));
        QVERIFY(sent.wait(kWaitMs));
        QTRY_COMPARE(stateOf(*m_model, 0), State::Sending);
        QCOMPARE(m_model->index(0, 1).data().toString(), QStringLiteral("Sending…"));
        QTRY_COMPARE_WITH_TIMEOUT(stateOf(*m_model, 0), State::RetryLater, kWaitMs);
        const QString text = m_model->index(0, 1).data().toString();
        QVERIFY2(text.startsWith(QStringLiteral("Retry in ")) &&
                     text.contains(QStringLiteral(" s after “")),
                 qPrintable(text));
        m_api->setFaultConfig({});
    }

    void failedWithItsSentenceThenDiscarded()
    {
        m_outbox->createComment(kMissingPost, QStringLiteral("nowhere"), 0,
                                QStringLiteral("a post"));
        QTRY_COMPARE_WITH_TIMEOUT(m_model->failedCount(), 1, kWaitMs);
        QCOMPARE(stateOf(*m_model, 0), State::Failed);
        const QString sentence =
            QStringLiteral("Your comment on a post could not be saved: the post was deleted");
        QCOMPARE(m_model->index(0, 0).data(OutboxModel::FailureRole).toString(), sentence);
        QCOMPARE(m_model->index(0, 1).data().toString(), QStringLiteral("Failed: ") + sentence);
        QVERIFY(m_model->index(0, 0).data().toString().startsWith(QStringLiteral("Comment on ")));
        QSignalSpy removed(m_model.get(), &QAbstractItemModel::rowsRemoved);
        QVERIFY(m_outbox->discard(m_model->entryId(0)));
        QTRY_COMPARE(removed.size(), 1);
        QCOMPARE(m_model->rowCount(), 0);
    }

    void waitsForWhatItRefersTo()
    {
        m_api->setOffline(true);
        const qint64 local = m_outbox->createComment(90012, QStringLiteral("first"), 0,
                                                     QStringLiteral("王五's post"));
        m_outbox->setCommentVote(local, 0, 1, QStringLiteral("my comment"));
        QTRY_COMPARE(m_model->rowCount(), 2);
        m_api->setFaultConfig(core::FaultConfig{3000, 0, 0}); // the comment stays in flight
        QSignalSpy sent(m_outbox.get(), &core::Outbox::sent);
        m_api->setOffline(false);
        QVERIFY(sent.wait(kWaitMs));
        QTRY_COMPARE(stateOf(*m_model, 0), State::Sending);
        QCOMPARE(stateOf(*m_model, 1), State::Blocked);
        m_api->setFaultConfig({});
    }
};

QTEST_GUILESS_MAIN(TstOutboxModel)
#include "tst_outboxmodel.moc"

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Messages on a person's board in the moderators' queue and log (under QAbstractItemModelTester):
// a made-up message item's roles and sentence, a deleted one, a log entry about a message; then
// against the real server — 张三 leaves a message on 李四's board, 王五 reports it, the
// moderator's queue shows the message item with its text, its author and its board, its context
// is the message alone, the moderator hides it through the client (the outbox's hide_message),
// the item closes, the message is gone for ordinary users (absent from the board, 404 to like)
// and the log has a message entry; unhiding it from the closed list (unhide_message) brings it
// back on the board and logs that too.
#include "actions.h"
#include "clientparts.h"
#include "moderation/moderationcontext.h"
#include "moderation/moderationlogmodel.h"
#include "moderation/moderationqueuemodel.h"
#include "net/apiclient.h"
#include "outbox/outbox.h"
#include "poststore.h"
#include "testserver.h"

#include <QAbstractItemModelTester>
#include <QJsonArray>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

#include "isolates.h"

using namespace threadline;
using namespace threadline::models;
using core::LogEntry;
using core::OutboxEntry;
using core::QueueItem;
using core::TargetType;
using test::Client;
using test::TestServer;
using M = ModerationQueueModel;
using Pending = ModerationQueueModel::Pending;

namespace {

constexpr int kWaitMs = 20000;
const QString kApi = QStringLiteral("/api/v1");

// A queue item about a message 张三 left on 李四's board.
QueueItem messageItem(qint64 id, bool deleted = false)
{
    QueueItem q;
    q.id = id;
    q.targetType = TargetType::Message;
    q.targetId = 7000 + id;
    if (!deleted) {
        core::Message m;
        m.id = q.targetId;
        m.board = core::UserBrief{10002, QStringLiteral("李四"), QString()};
        m.author = core::UserBrief{10001, QStringLiteral("张三"), QString()};
        m.content = QStringLiteral("留言 %1\nsecond line").arg(id);
        m.createtime = 1700000000000 + id;
        q.target = m;
    }
    core::Report r;
    r.id = id * 10;
    r.targetType = TargetType::Message;
    r.targetId = q.targetId;
    r.reason = core::Report::Reason::Spam;
    r.reporter = core::UserBrief{10003, QStringLiteral("王五"), QString()};
    q.reports = {r};
    q.reportCount = 1;
    q.createtime = 1700000001000 + id;
    return q;
}

bool boardHas(Client &as, qint64 board, qint64 messageId)
{
    const auto r = as.get(kApi + QStringLiteral("/users/%1/messages?limit=50").arg(board));
    for (const QJsonValue &v : r.items())
        if (v.toObject().value(QLatin1String("id")).toInteger() == messageId)
            return true;
    return false;
}

int logRowOf(const ModerationLogModel &log, const QString &action, qint64 targetId)
{
    for (int r = 0; r < log.rowCount(); ++r) {
        const QModelIndex i = log.index(r);
        if (i.data(ModerationLogModel::ActionRole).toString() == action &&
            i.data(ModerationLogModel::TargetTypeRole).toString() == QLatin1String("message") &&
            i.data(ModerationLogModel::TargetIdRole).toLongLong() == targetId)
            return r;
    }
    return -1;
}

} // namespace

class TstModerationMessages : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    // The models alone.
    void messageItemRoles();
    void deletedMessageItem();
    void logEntryAboutAMessage();

    // Against the server.
    void hideAndUnhideThroughTheOutbox();
    void actionsModerateRoutesMessages();

private:
    bool openOutbox();
    template<class Feed, class Model> bool loadAll(Feed &feed, Model &model);
    qint64 leaveMessage(Client &as, qint64 board, const QString &content);
    bool reportMessage(Client &as, qint64 messageId);

    TestServer m_server;
    std::unique_ptr<Client> m_mod, m_zhangsan, m_lisi, m_wangwu;
    qint64 m_lisiUid = 0;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<core::ApiClient> m_api; // signed in as the moderator
    std::unique_ptr<core::Outbox> m_outbox;
    core::PostStore m_store;
    std::unique_ptr<core::Actions> m_actions;
};

void TstModerationMessages::initTestCase()
{
    QVERIFY2(m_server.start(), m_server.stderrLog().right(2000).constData());
    const auto client = [this](const char *name) {
        auto c = std::make_unique<Client>(m_server.baseUrl());
        if (c->login(QString::fromLatin1(name)).isEmpty())
            qWarning("%s could not sign in", name);
        return c;
    };
    m_mod = client("moderator");
    m_zhangsan = client("zhangsan");
    m_lisi = client("lisi");
    m_wangwu = client("wangwu");
    QVERIFY(!m_mod->token().isEmpty() && !m_wangwu->token().isEmpty());
    m_lisiUid =
        m_lisi->get(kApi + QStringLiteral("/me")).obj().value(QLatin1String("uid")).toInteger();
    QVERIFY(m_lisiUid > 0);
}

void TstModerationMessages::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_api = std::make_unique<core::ApiClient>();
    m_api->setBaseUrl(m_server.baseUrl());
    m_api->setToken(m_mod->token());
}

void TstModerationMessages::cleanup()
{
    m_actions.reset();
    m_outbox.reset();
    m_api.reset();
    m_dir.reset();
}

bool TstModerationMessages::openOutbox()
{
    m_outbox = std::make_unique<core::Outbox>(m_api.get());
    m_actions = std::make_unique<core::Actions>(m_outbox.get(), &m_store);
    return test::openOutbox(*m_outbox, m_dir->filePath(QStringLiteral("outbox.sqlite")));
}

template<class Feed, class Model> bool TstModerationMessages::loadAll(Feed &feed, Model &model)
{
    return test::loadAllPages(feed, model);
}

qint64 TstModerationMessages::leaveMessage(Client &as, qint64 board, const QString &content)
{
    const auto r = as.post(kApi + QStringLiteral("/users/%1/messages").arg(board),
                           QJsonObject{{QStringLiteral("content"), content}});
    if (r.status != 201)
        qWarning("%s", r.describe().constData());
    return r.obj().value(QLatin1String("id")).toInteger();
}

bool TstModerationMessages::reportMessage(Client &as, qint64 messageId)
{
    const auto r = as.post(kApi + QStringLiteral("/reports"),
                           QJsonObject{{QStringLiteral("targetType"), QStringLiteral("message")},
                                       {QStringLiteral("targetId"), messageId},
                                       {QStringLiteral("reason"), QStringLiteral("spam")},
                                       {QStringLiteral("note"), QStringLiteral("刷屏")}});
    if (r.status != 201)
        qWarning("%s", r.describe().constData());
    return r.status == 201;
}

// --- The models alone ---------------------------------------------------------------------------

void TstModerationMessages::messageItemRoles()
{
    ModerationQueueModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.appendPage({messageItem(1)}, std::nullopt);
    QCOMPARE(model.rowCount(), 1);
    const QModelIndex i = model.index(0);
    QCOMPARE(i.data(M::TargetTypeRole).toString(), QStringLiteral("message"));
    QCOMPARE(i.data(M::TargetIdRole).toLongLong(), 7001);
    QCOMPARE(i.data(M::TargetAuthorNameRole).toString(), QStringLiteral("张三"));
    QCOMPARE(i.data(M::TargetContentRole).toString(), QStringLiteral("留言 1\nsecond line"));
    QCOMPARE(i.data(M::TargetDeletedRole).toBool(), false);
    QCOMPARE(i.data(M::TargetHiddenRole).toBool(), false);
    QCOMPARE(i.data(M::PostIdRole).toLongLong(), 0); // on a board, in no post
    QCOMPARE(i.data(M::PostContentRole).toString(), QString());
    QCOMPARE(i.data(M::BoardOwnerIdRole).toLongLong(), 10002);
    QCOMPARE(i.data(M::BoardOwnerNameRole).toString(), QStringLiteral("李四"));
    const QString summary = withoutIsolates(i.data(Qt::DisplayRole).toString());
    QVERIFY2(summary.startsWith(
                 QStringLiteral("Message by 张三 on 李四's board: 留言 1 second line · 1 report")),
             qPrintable(summary));
    QVERIFY2(summary.endsWith(QStringLiteral("(Spam)")), qPrintable(summary));
    QCOMPARE(model.rowOfTarget(TargetType::Message, 7001), 0);
    QCOMPARE(model.rowOfTarget(TargetType::Comment, 7001), -1);
    QCOMPARE(withoutIsolates(ModerationQueueFeed::describeTarget(messageItem(1))),
             QStringLiteral("张三's message"));

    // Hidden since: one dataChanged naming the hidden role (and the summary).
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QueueItem hidden = messageItem(1);
    std::get<core::Message>(*hidden.target).hidden = true;
    model.upsertItem(hidden);
    QCOMPARE(changed.count(), 1);
    const auto roles = changed.at(0).at(2).value<QList<int>>();
    QVERIFY(roles.contains(M::TargetHiddenRole));
    QVERIFY(!roles.contains(M::BoardOwnerNameRole));
    QCOMPARE(model.index(0).data(M::TargetHiddenRole).toBool(), true);
}

void TstModerationMessages::deletedMessageItem()
{
    ModerationQueueModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.appendPage({messageItem(2, true)}, std::nullopt);
    const QModelIndex i = model.index(0);
    QCOMPARE(i.data(M::TargetDeletedRole).toBool(), true);
    QCOMPARE(i.data(M::TargetAuthorNameRole).toString(), QString());
    QCOMPARE(i.data(M::BoardOwnerNameRole).toString(), QString());
    QVERIFY2(
        i.data(Qt::DisplayRole).toString().startsWith(QStringLiteral("Deleted message · 1 report")),
        qPrintable(i.data(Qt::DisplayRole).toString()));
    QCOMPARE(ModerationQueueFeed::describeTarget(messageItem(2, true)),
             QStringLiteral("the reported message"));

    // Its context: nothing to load, nothing to show but that it is gone.
    ModerationContext context(nullptr);
    context.show(messageItem(2, true));
    QCOMPARE(context.state(), ModerationContext::State::Ready);
    QVERIFY(context.targetDeleted());
    QCOMPARE(context.targetType(), TargetType::Message);
    QVERIFY(context.lines().isEmpty());
}

void TstModerationMessages::logEntryAboutAMessage()
{
    ModerationLogModel log;
    QAbstractItemModelTester tester(&log, QAbstractItemModelTester::FailureReportingMode::QtTest);
    LogEntry e;
    e.id = 1;
    e.moderator = core::UserBrief{10009, QStringLiteral("管理员"), QString()};
    e.action = LogEntry::Action::Hide;
    e.targetType = TargetType::Message;
    e.targetId = 7001;
    e.reason = QStringLiteral("spam");
    e.createtime = 1700000002000;
    log.appendPage({e}, std::nullopt);
    const QModelIndex i = log.index(0);
    QCOMPARE(i.data(ModerationLogModel::TargetTypeRole).toString(), QStringLiteral("message"));
    QCOMPARE(withoutIsolates(i.data(Qt::DisplayRole).toString()),
             QStringLiteral("管理员 hid message 7001: spam"));
}

// --- Against the server -------------------------------------------------------------------------

void TstModerationMessages::hideAndUnhideThroughTheOutbox()
{
    const QString text = QStringLiteral("加我微信，代刷好评 💰 <b>不是 HTML</b>");
    const qint64 message = leaveMessage(*m_zhangsan, m_lisiUid, text);
    QVERIFY(message > 0);
    QVERIFY(reportMessage(*m_wangwu, message));
    QVERIFY(boardHas(*m_lisi, m_lisiUid, message));

    // The moderator's queue shows the message item, with its text, its author and its board.
    ModerationQueueModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(openOutbox());
    ModerationQueueFeed feed(m_api.get(), m_outbox.get(), m_actions.get(), &model);
    QVERIFY(loadAll(feed, model));
    const int row = model.rowOfTarget(TargetType::Message, message);
    QVERIFY(row >= 0);
    const QModelIndex i = model.index(row);
    const qint64 itemId = model.itemIdAt(row);
    QCOMPARE(i.data(M::TargetTypeRole).toString(), QStringLiteral("message"));
    QCOMPARE(i.data(M::TargetContentRole).toString(), text);
    QCOMPARE(i.data(M::TargetAuthorNameRole).toString(), QStringLiteral("张三"));
    QCOMPARE(i.data(M::BoardOwnerIdRole).toLongLong(), m_lisiUid);
    QCOMPARE(i.data(M::BoardOwnerNameRole).toString(), QStringLiteral("李四"));
    QCOMPARE(i.data(M::ReportCountRole).toLongLong(), 1);
    QCOMPARE(i.data(M::ReasonsTextRole).toString(), QStringLiteral("Spam"));
    QCOMPARE(i.data(M::PostIdRole).toLongLong(), 0);
    QCOMPARE(i.data(M::StatusRole).toString(), QStringLiteral("open"));
    QVERIFY2(withoutIsolates(i.data(Qt::DisplayRole).toString())
                 .startsWith(QStringLiteral("Message by 张三 on 李四's board: 加我微信")),
             qPrintable(i.data(Qt::DisplayRole).toString()));

    // Its context is the message alone: no post, nothing asked of the server.
    ModerationContext context(m_api.get());
    context.show(*model.item(itemId));
    QCOMPARE(context.state(), ModerationContext::State::Ready);
    QVERIFY(!context.post().has_value());
    QCOMPARE(context.lines().size(), 1);
    const ModerationContext::Line line = context.lines().first();
    QCOMPARE(line.kind, ModerationContext::Kind::Message);
    QCOMPARE(line.id, message);
    QCOMPARE(line.text, text);
    QCOMPARE(line.author, QStringLiteral("张三"));
    QCOMPARE(line.board, QStringLiteral("李四"));
    QVERIFY(line.target);
    QVERIFY(!line.hidden);

    // Hidden through the client: the outbox's hide_message, the row pending at once.
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy completed(&feed, &ModerationQueueFeed::actionCompleted);
    QSignalSpy sent(m_outbox.get(), &core::Outbox::completed);
    const QString reason = QStringLiteral("代刷广告");
    const qint64 entry = feed.hideTarget(itemId, reason);
    QVERIFY(entry > 0);
    QCOMPARE(model.pending(itemId), Pending::Queued);
    // The item closes: it leaves the open list, once the outbox's hide_message is through.
    QTRY_VERIFY_WITH_TIMEOUT(!completed.isEmpty(), kWaitMs);
    QCOMPARE(completed.at(0).at(0).toLongLong(), itemId);
    QCOMPARE(sent.size(), 1);
    const auto done = sent.at(0).at(0).value<OutboxEntry>();
    QCOMPARE(done.id, entry);
    QCOMPARE(done.kind, OutboxEntry::Kind::HideMessage);
    QCOMPARE(done.targetId, message);
    QCOMPARE(withoutIsolates(done.description), QStringLiteral("张三's message"));
    QCOMPARE(removed.count(), 1);
    QCOMPARE(model.rowOf(itemId), -1);
    QCOMPARE(model.pending(itemId), Pending::None);

    // Gone for ordinary users; a moderator still sees it, hidden.
    QVERIFY(!boardHas(*m_lisi, m_lisiUid, message));
    QVERIFY(!boardHas(*m_zhangsan, m_lisiUid, message));
    QCOMPARE(
        m_lisi->put(kApi + QStringLiteral("/messages/%1/like").arg(message), QJsonObject()).status,
        404);
    QVERIFY(boardHas(*m_mod, m_lisiUid, message));

    // The closed list has it, hidden.
    ModerationQueueModel closed;
    QAbstractItemModelTester closedTester(&closed,
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    ModerationQueueFeed closedFeed(m_api.get(), m_outbox.get(), m_actions.get(), &closed);
    closedFeed.setStatus(QueueItem::Status::Closed);
    QVERIFY(loadAll(closedFeed, closed));
    const int cr = closed.rowOf(itemId);
    QVERIFY(cr >= 0);
    QCOMPARE(closed.index(cr).data(M::TargetHiddenRole).toBool(), true);
    QCOMPARE(closed.index(cr).data(M::StatusRole).toString(), QStringLiteral("closed"));

    // The log has a message entry, in words.
    ModerationLogModel log;
    QAbstractItemModelTester logTester(&log,
                                       QAbstractItemModelTester::FailureReportingMode::QtTest);
    ModerationLogFeed logFeed(m_api.get(), &log);
    QVERIFY(loadAll(logFeed, log));
    const int hr = logRowOf(log, QStringLiteral("hide"), message);
    QVERIFY(hr >= 0);
    QCOMPARE(withoutIsolates(log.index(hr).data(Qt::DisplayRole).toString()),
             QStringLiteral("管理员 hid message %1: %2").arg(message).arg(reason));

    // Unhide from the closed list: unhide_message; the row updates in place (shown again).
    QSignalSpy closedChanged(&closed, &QAbstractItemModel::dataChanged);
    QSignalSpy unhidden(&closedFeed, &ModerationQueueFeed::actionCompleted);
    QVERIFY(closedFeed.unhideTarget(itemId, QStringLiteral("误判")) > 0);
    QCOMPARE(closed.pending(itemId), Pending::Queued);
    QTRY_VERIFY_WITH_TIMEOUT(!unhidden.isEmpty(), kWaitMs);
    QCOMPARE(unhidden.at(0).at(0).toLongLong(), itemId);
    QTRY_COMPARE_WITH_TIMEOUT(closed.index(closed.rowOf(itemId)).data(M::TargetHiddenRole).toBool(),
                              false, kWaitMs);
    bool namedHidden = false;
    for (const QList<QVariant> &args : closedChanged)
        namedHidden = namedHidden || args.at(2).value<QList<int>>().contains(M::TargetHiddenRole);
    QVERIFY(namedHidden);
    QCOMPARE(closed.pending(itemId), Pending::None);
    QVERIFY(boardHas(*m_lisi, m_lisiUid, message));
    QCOMPARE(
        m_lisi->put(kApi + QStringLiteral("/messages/%1/like").arg(message), QJsonObject()).status,
        200);

    QVERIFY(loadAll(logFeed, log));
    const int ur = logRowOf(log, QStringLiteral("unhide"), message);
    QVERIFY(ur >= 0);
    QCOMPARE(withoutIsolates(log.index(ur).data(Qt::DisplayRole).toString()),
             QStringLiteral("管理员 unhid message %1: 误判").arg(message));
}

// Actions::moderate() with a message (as a board's menu or another caller would): queued as
// hide_message / unhide_message, sent to /moderation/messages/…
void TstModerationMessages::actionsModerateRoutesMessages()
{
    const qint64 message = leaveMessage(*m_zhangsan, m_lisiUid, QStringLiteral("另一条留言"));
    QVERIFY(message > 0);
    QVERIFY(openOutbox());
    QSignalSpy completed(m_outbox.get(), &core::Outbox::completed);
    QCOMPARE(m_actions->moderate(TargetType::Message, message, true, QStringLiteral("  ")), 0);
    QVERIFY(m_actions->moderate(TargetType::Message, message, true, QStringLiteral("测试")) > 0);
    QTRY_VERIFY_WITH_TIMEOUT(!completed.isEmpty(), kWaitMs);
    QCOMPARE(completed.at(0).at(0).value<OutboxEntry>().kind, OutboxEntry::Kind::HideMessage);
    QVERIFY(!boardHas(*m_lisi, m_lisiUid, message));
    QVERIFY(m_actions->moderate(TargetType::Message, message, false, QString()) > 0);
    QTRY_COMPARE_WITH_TIMEOUT(completed.size(), 2, kWaitMs);
    QCOMPARE(completed.at(1).at(0).value<OutboxEntry>().kind, OutboxEntry::Kind::UnhideMessage);
    QVERIFY(boardHas(*m_lisi, m_lisiUid, message));
}

QTEST_GUILESS_MAIN(TstModerationMessages)
#include "tst_moderationmessages.moc"

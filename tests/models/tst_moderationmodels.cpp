// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The moderation queue and log models (and their feeds) under QAbstractItemModelTester: the
// models' own rules with made-up items, then everything against the real server — reports by
// ordinary users, auto-flags, paging, hide and dismiss through the outbox, 403 and a dead server;
// the context of a queue item (ModerationContext): the demo's reported reply in its floor as the
// server's own lists have it, a reported root with its first replies, a reported post with its
// first comments, a hidden floor marked hidden, and a stale answer dropped.
#include "actions.h"
#include "clientparts.h"
#include "moderation/moderationcontext.h"
#include "moderation/moderationlogmodel.h"
#include "moderation/moderationqueuemodel.h"
#include "net/apiclient.h"
#include "outbox/outbox.h"
#include "poststore.h"
#include "testserver.h"
#include "wire/jsoncodec.h"

#include <QAbstractItemModelTester>
#include <QHostAddress>
#include <QJsonArray>
#include <QSet>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

#include "isolates.h"

using namespace threadline;
using namespace threadline::models;
using core::LogEntry;
using core::QueueItem;
using core::Report;
using core::TargetType;
using test::Client;
using test::TestServer;
using Pending = ModerationQueueModel::Pending;

namespace {

constexpr int kWaitMs = 20000;
constexpr qint64 kModeratorUid = 10009;

core::UserBrief user(qint64 uid, const QString &name)
{
    return core::UserBrief{uid, name, QStringLiteral("/api/v1/media/%1.png").arg(uid)};
}

Report report(qint64 id, Report::Reason reason, const QString &who = QStringLiteral("李四"))
{
    Report r;
    r.id = id;
    r.reason = reason;
    r.reporter = user(10002, who);
    r.createtime = 1700000000000 + id;
    return r;
}

// A queue item about a post of 张三's.
QueueItem item(qint64 id, qint64 time, const QList<Report::Reason> &reasons = {})
{
    QueueItem q;
    q.id = id;
    q.targetType = TargetType::Post;
    q.targetId = 1000 + id;
    core::Post p;
    p.id = q.targetId;
    p.author = user(10001, QStringLiteral("张三"));
    p.content = QStringLiteral("post %1\nsecond line").arg(id);
    p.createtime = time - 1;
    q.target = p;
    for (qsizetype i = 0; i < reasons.size(); ++i)
        q.reports.append(report(id * 10 + i, reasons.at(i)));
    q.reportCount = q.reports.size();
    q.createtime = time;
    return q;
}

QList<qint64> ids(const QAbstractItemModel &model, int role)
{
    QList<qint64> out;
    for (int r = 0; r < model.rowCount(); ++r)
        out.append(model.index(r, 0).data(role).toLongLong());
    return out;
}

// An HTTP server on loopback that answers every request with one fixed answer.
class FixedAnswerServer : public QObject
{
public:
    explicit FixedAnswerServer(QByteArray body)
        : m_body(std::move(body))
    {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *s = m_server.nextPendingConnection()) {
                connect(s, &QTcpSocket::readyRead, s, [this, s] {
                    m_request += s->readAll();
                    if (!m_request.contains("\r\n\r\n"))
                        return;
                    m_request.clear();
                    s->write(
                        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " +
                        QByteArray::number(m_body.size()) + "\r\nConnection: close\r\n\r\n" +
                        m_body);
                    s->disconnectFromHost();
                });
                connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
            }
        });
    }
    bool listen() { return m_server.listen(QHostAddress::LocalHost); }
    QUrl url() const
    {
        return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort()));
    }

private:
    QTcpServer m_server;
    QByteArray m_body;
    QByteArray m_request;
};

} // namespace

class TstModerationModels : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    // The models alone.
    void reasonsLine_data();
    void reasonsLine();
    void queuePagingUpsertsRemovalsResets();
    void deletedTargetAndSummary();
    void logActions_data();
    void logActions();

    // Against the server.
    void reportsShowForModerator();
    void autoFlaggedPost_data();
    void autoFlaggedPost();
    void pagingGivesEveryItemOnce();
    void hideThroughFeed_data();
    void hideThroughFeed();
    void dismissThroughFeed();
    void unhideUpdatesInPlace();
    void failedActionIsMarkedAndTold();
    void pendingShownAfterReload();
    void ordinaryUserGets403();
    void malformedAnswerIsAMessage();
    void stoppedServerKeepsRows();
    void logPagingAndFilters();
    void contextOfReportedReply();
    void contextOfReportedRootAndPost();
    void contextOfHiddenFloor();
    void contextStaleAnswerDropped();
    void contextFailureInWords();

private:
    // The demo's queue item whose target's text contains `needle` (status open or closed).
    std::optional<QueueItem> demoItem(const QString &needle, const QString &status);
    // What the server's own lists answer around a reply: its floor's root, then up to two
    // replies before it and two after it, by seq.
    QList<ModerationContext::Line> serverFloorAround(const core::Comment &reply);
    qint64 newPost(Client &as, const QString &content);
    qint64 newComment(Client &as, qint64 postId, const QString &content);
    void reportOn(Client &as, const QString &type, qint64 id, const QString &reason,
                  const QString &note = {});
    bool openOutbox();
    // Refreshes and waits until every page is in (the model tester fetches the rest).
    template<class Feed, class Model> bool loadAll(Feed &feed, Model &model);
    // The open queue items as the server lists them (every page).
    QSet<qint64> serverQueueIds(const QString &status);

    TestServer m_server;
    std::unique_ptr<Client> m_mod; // moderator (管理员)
    std::unique_ptr<Client> m_zhangsan;
    std::unique_ptr<Client> m_lisi;
    std::unique_ptr<Client> m_wangwu;
    std::unique_ptr<Client> m_mazi;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<core::ApiClient> m_api; // signed in as the moderator
    std::unique_ptr<core::Outbox> m_outbox;
    core::PostStore m_store;
    std::unique_ptr<core::Actions> m_actions; // the one path of the moderator's actions
};

void TstModerationModels::initTestCase()
{
    QVERIFY(m_server.start());
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
    m_mazi = client("mazi");
    QVERIFY(!m_mod->token().isEmpty() && !m_mazi->token().isEmpty());
}

void TstModerationModels::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_api = std::make_unique<core::ApiClient>();
    m_api->setBaseUrl(m_server.baseUrl());
    m_api->setToken(m_mod->token());
}

void TstModerationModels::cleanup()
{
    m_actions.reset();
    m_outbox.reset();
    m_api.reset();
    m_dir.reset();
}

qint64 TstModerationModels::newPost(Client &as, const QString &content)
{
    const auto r =
        as.post(QStringLiteral("/api/v1/posts"), QJsonObject{{QStringLiteral("content"), content}});
    if (r.status != 201)
        qWarning("%s", r.describe().constData());
    return r.obj().value(QLatin1String("id")).toInteger();
}

qint64 TstModerationModels::newComment(Client &as, qint64 postId, const QString &content)
{
    const auto r = as.post(QStringLiteral("/api/v1/posts/%1/comments").arg(postId),
                           QJsonObject{{QStringLiteral("content"), content}});
    if (r.status != 201)
        qWarning("%s", r.describe().constData());
    return r.obj().value(QLatin1String("id")).toInteger();
}

void TstModerationModels::reportOn(Client &as, const QString &type, qint64 id,
                                   const QString &reason, const QString &note)
{
    QJsonObject body{{QStringLiteral("targetType"), type},
                     {QStringLiteral("targetId"), id},
                     {QStringLiteral("reason"), reason}};
    if (!note.isEmpty())
        body.insert(QStringLiteral("note"), note);
    const auto r = as.post(QStringLiteral("/api/v1/reports"), body);
    if (r.status != 201)
        qWarning("%s", r.describe().constData());
}

bool TstModerationModels::openOutbox()
{
    m_outbox = std::make_unique<core::Outbox>(m_api.get());
    m_actions = std::make_unique<core::Actions>(m_outbox.get(), &m_store);
    return test::openOutbox(*m_outbox, m_dir->filePath(QStringLiteral("outbox.sqlite")));
}

template<class Feed, class Model> bool TstModerationModels::loadAll(Feed &feed, Model &model)
{
    return test::loadAllPages(feed, model);
}

QSet<qint64> TstModerationModels::serverQueueIds(const QString &status)
{
    QSet<qint64> out;
    QString path = QStringLiteral("/api/v1/moderation/queue?status=%1&limit=50").arg(status);
    QString before;
    for (;;) {
        const auto r =
            m_mod->get(before.isEmpty() ? path
                                        : path + QStringLiteral("&before=") +
                                              QString::fromLatin1(QUrl::toPercentEncoding(before)));
        if (r.status != 200)
            return {};
        for (const QJsonValue &v : r.items())
            out.insert(v.toObject().value(QLatin1String("id")).toInteger());
        const QJsonValue next = r.obj().value(QLatin1String("next"));
        if (!next.isString())
            return out;
        before = next.toString();
    }
}

// --- The models alone ---------------------------------------------------------------------------

void TstModerationModels::reasonsLine_data()
{
    QTest::addColumn<QList<Report::Reason>>("reasons");
    QTest::addColumn<QString>("line");
    using R = Report::Reason;
    QTest::newRow("none (auto-flag only)") << QList<R>{} << QString();
    QTest::newRow("one") << QList<R>{R::Illegal} << QStringLiteral("Illegal");
    QTest::newRow("two") << QList<R>{R::Spam, R::Abuse} << QStringLiteral("Spam · Abuse");
    QTest::newRow("each once, in a fixed order")
        << QList<R>{R::Other, R::Abuse, R::Spam, R::Abuse, R::Spam}
        << QStringLiteral("Spam · Abuse · Other");
    QTest::newRow("all four") << QList<R>{R::Illegal, R::Other, R::Spam, R::Abuse}
                              << QStringLiteral("Spam · Abuse · Illegal · Other");
}

void TstModerationModels::reasonsLine()
{
    QFETCH(QList<Report::Reason>, reasons);
    QFETCH(QString, line);
    ModerationQueueModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.appendPage({item(1, 100, reasons)}, std::nullopt);
    const QModelIndex i = model.index(0);
    QCOMPARE(i.data(ModerationQueueModel::ReasonsTextRole).toString(), line);
    QCOMPARE(i.data(ModerationQueueModel::ReportCountRole).toLongLong(), qint64(reasons.size()));
    const QVariantList list = i.data(ModerationQueueModel::ReportsRole).toList();
    QCOMPARE(list.size(), reasons.size());
    for (qsizetype n = 0; n < list.size(); ++n) {
        const QVariantMap m = list.at(n).toMap();
        QCOMPARE(m.value(QStringLiteral("reasonText")).toString(),
                 ModerationQueueModel::reasonText(reasons.at(n)));
        QCOMPARE(m.value(QStringLiteral("reason")).toString(),
                 ModerationQueueModel::reasonCode(reasons.at(n)));
        QCOMPARE(m.value(QStringLiteral("reporterName")).toString(), QStringLiteral("李四"));
    }
}

void TstModerationModels::queuePagingUpsertsRemovalsResets()
{
    using M = ModerationQueueModel;
    ModerationQueueModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy moved(&model, &QAbstractItemModel::rowsMoved);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QSignalSpy more(&model, &M::moreRequested);

    // Paging: the tester (like a view) asks for the next page; once per page.
    model.appendPage({item(9, 900, {Report::Reason::Spam}), item(7, 700)}, QStringLiteral("c1"));
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(more.count(), 1);
    QCOMPARE(more.at(0).at(0).toString(), QStringLiteral("c1"));
    model.fetchMore({});
    QCOMPARE(more.count(), 1);
    QVERIFY(!model.canFetchMore({}));
    // The next page repeats item 7 (it moved between pages): listed once.
    model.appendPage({item(7, 700), item(5, 500), item(3, 300)}, std::nullopt);
    QCOMPARE(ids(model, M::IdRole), (QList<qint64>{9, 7, 5, 3}));
    QCOMPARE(inserted.count(), 2);
    QVERIFY(!model.canFetchMore({}));
    model.appendPage({item(5, 500)}, std::nullopt); // nothing new: no insert
    QCOMPARE(inserted.count(), 2);

    // Update in place: dataChanged names the roles that changed.
    QueueItem seven = item(7, 700, {Report::Reason::Abuse});
    std::get<core::Post>(*seven.target).hidden = true;
    model.upsertItem(seven);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).toModelIndex().row(), 1);
    const auto roles = changed.at(0).at(2).value<QList<int>>();
    for (int role : {int(Qt::DisplayRole), int(M::ReportsRole), int(M::ReportCountRole),
                     int(M::ReasonsTextRole), int(M::TargetHiddenRole)})
        QVERIFY2(roles.contains(role), qPrintable(QString::number(role)));
    QVERIFY(!roles.contains(M::TargetContentRole));
    QVERIFY(!roles.contains(M::CreatedTimeRole));
    QCOMPARE(model.index(1).data(M::ReasonsTextRole).toString(), QStringLiteral("Abuse"));
    QCOMPARE(model.index(1).data(M::TargetHiddenRole).toBool(), true);
    model.upsertItem(seven); // the same again: no signal
    QCOMPARE(changed.count(), 1);

    // Insert at its place, newest first.
    model.upsertItem(item(6, 600));
    QCOMPARE(ids(model, M::IdRole), (QList<qint64>{9, 7, 6, 5, 3}));
    QCOMPARE(inserted.count(), 3);
    QCOMPARE(inserted.last().at(1).toInt(), 2);
    model.upsertItem(item(11, 1100));
    QCOMPARE(ids(model, M::IdRole), (QList<qint64>{11, 9, 7, 6, 5, 3}));
    QCOMPARE(inserted.last().at(1).toInt(), 0);
    // Same createtime: the larger id is newer.
    model.upsertItem(item(8, 700));
    QCOMPARE(ids(model, M::IdRole), (QList<qint64>{11, 9, 8, 7, 6, 5, 3}));

    // A reopened item (a new report moves its createtime) moves to the top.
    model.upsertItem(item(5, 2000, {Report::Reason::Other}));
    QCOMPARE(moved.count(), 1);
    QCOMPARE(ids(model, M::IdRole), (QList<qint64>{5, 11, 9, 8, 7, 6, 3}));
    QCOMPARE(model.rowOf(5), 0);
    QCOMPARE(model.rowOf(3), 6);
    QCOMPARE(model.index(0).data(M::CreatedTimeRole).toLongLong(), 2000);
    // ... and down again.
    model.upsertItem(item(5, 650));
    QCOMPARE(ids(model, M::IdRole), (QList<qint64>{11, 9, 8, 7, 5, 6, 3}));
    QCOMPARE(model.rowOf(6), 5);

    // Removals.
    model.removeItem(8);
    QCOMPARE(removed.count(), 1);
    QCOMPARE(ids(model, M::IdRole), (QList<qint64>{11, 9, 7, 5, 6, 3}));
    QCOMPARE(model.rowOf(3), 5);
    QCOMPARE(model.rowOf(8), -1);
    model.removeItem(8); // not listed: nothing
    QCOMPARE(removed.count(), 1);

    // The pending overlay: dataChanged with its two roles; it survives a reset.
    const int before = int(changed.count());
    model.setPending(7, Pending::Queued);
    QCOMPARE(changed.count(), before + 1);
    QCOMPARE(changed.last().at(2).value<QList<int>>(),
             (QList<int>{M::PendingRole, M::PendingMessageRole}));
    QCOMPARE(model.index(model.rowOf(7)).data(M::PendingRole).toInt(), int(Pending::Queued));
    model.setPending(7, Pending::Queued); // no change: no signal
    QCOMPARE(changed.count(), before + 1);
    model.setPending(7, Pending::Failed, QStringLiteral("why"));
    QCOMPARE(model.index(model.rowOf(7)).data(M::PendingMessageRole).toString(),
             QStringLiteral("why"));

    // An item older than everything loaded while more pages remain waits for its page.
    model.replaceAll({item(7, 700), item(6, 600)}, QStringLiteral("c2"));
    QCOMPARE(reset.count(), 1);
    QCOMPARE(model.pending(7), Pending::Failed);
    QCOMPARE(model.index(0).data(M::PendingRole).toInt(), int(Pending::Failed));
    const int insertsBefore = int(inserted.count());
    model.upsertItem(item(2, 200));
    QCOMPARE(inserted.count(), insertsBefore);
    QCOMPARE(model.rowCount(), 2);
    model.clear();
    QCOMPARE(reset.count(), 2);
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(!model.canFetchMore({}));
    QCOMPARE(model.pending(7), Pending::Failed);
    model.setPending(7, Pending::None);
    QCOMPARE(model.pending(7), Pending::None);
}

void TstModerationModels::deletedTargetAndSummary()
{
    using M = ModerationQueueModel;
    ModerationQueueModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QueueItem alive = item(2, 200, {Report::Reason::Spam, Report::Reason::Abuse});
    alive.autoFlagWord = QStringLiteral("赌博");
    QueueItem gone = item(1, 100, {Report::Reason::Other});
    gone.target.reset();
    model.appendPage({alive, gone}, std::nullopt);

    const QModelIndex a = model.index(0);
    QCOMPARE(a.data(M::TargetDeletedRole).toBool(), false);
    QCOMPARE(a.data(M::TargetContentRole).toString(), QStringLiteral("post 2\nsecond line"));
    QCOMPARE(a.data(M::TargetAuthorNameRole).toString(), QStringLiteral("张三"));
    QCOMPARE(a.data(M::AutoFlaggedRole).toBool(), true);
    QCOMPARE(a.data(M::AutoFlagWordRole).toString(), QStringLiteral("赌博"));
    QCOMPARE(a.data(M::PostIdRole).toLongLong(), 1002);
    const QString summary = a.data(Qt::DisplayRole).toString();
    QVERIFY(!summary.contains(QLatin1Char('\n')));
    QVERIFY2(summary.contains(QStringLiteral("张三")), qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("post 2 second line")), qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("2 report")), qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("(Spam · Abuse)")), qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("赌博")), qPrintable(summary));

    const QModelIndex g = model.index(1);
    QCOMPARE(g.data(M::TargetDeletedRole).toBool(), true);
    QCOMPARE(g.data(M::TargetContentRole).toString(), QString());
    QCOMPARE(g.data(M::TargetAuthorNameRole).toString(), QString());
    QCOMPARE(g.data(M::AutoFlaggedRole).toBool(), false);
    QCOMPARE(g.data(M::StatusRole).toString(), QStringLiteral("open"));
    QVERIFY(g.data(Qt::DisplayRole).toString().startsWith(QStringLiteral("Deleted post")));
    QCOMPARE(ModerationQueueFeed::describeTarget(alive),
             QChar(0x2068) + QStringLiteral("张三") + QChar(0x2069) + QStringLiteral("'s post"));
    QCOMPARE(ModerationQueueFeed::describeTarget(gone), QStringLiteral("the reported post"));

    // Every role has a name.
    const auto names = model.roleNames();
    QCOMPARE(names.value(M::IdRole), QByteArray("id"));
    QCOMPARE(names.value(M::TargetDeletedRole), QByteArray("targetDeleted"));
    QCOMPARE(names.value(M::PendingMessageRole), QByteArray("pendingMessage"));
}

void TstModerationModels::logActions_data()
{
    QTest::addColumn<LogEntry::Action>("action");
    QTest::addColumn<TargetType>("type");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("display");
    using A = LogEntry::Action;
    QTest::newRow("hide") << A::Hide << TargetType::Post << "hide"
                          << "hid"
                          << "管理员 hid post 42: why";
    QTest::newRow("unhide") << A::Unhide << TargetType::Comment << "unhide"
                            << "unhid"
                            << "管理员 unhid comment 42: why";
    QTest::newRow("dismiss") << A::Dismiss << TargetType::Post << "dismiss"
                             << "dismissed the reports on"
                             << "管理员 dismissed the reports on post 42: why";
    QTest::newRow("delete") << A::Delete << TargetType::Comment << "delete"
                            << "deleted"
                            << "管理员 deleted comment 42: why";
    QTest::newRow("device") << A::Device << TargetType::Device << "device"
                            << "changed a device name"
                            << "管理员 changed a device name: why";
}

void TstModerationModels::logActions()
{
    QFETCH(LogEntry::Action, action);
    QFETCH(TargetType, type);
    QFETCH(QString, code);
    QFETCH(QString, text);
    QFETCH(QString, display);
    using M = ModerationLogModel;
    ModerationLogModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy more(&model, &M::moreRequested);
    LogEntry e;
    e.id = 7;
    e.moderator = user(kModeratorUid, QStringLiteral("管理员"));
    e.action = action;
    e.targetType = type;
    e.targetId = type == TargetType::Device ? 0 : 42;
    e.reason = QStringLiteral("why");
    e.createtime = 1700000000000;
    LogEntry older = e;
    older.id = 6;
    model.appendPage({e}, QStringLiteral("next"));
    QCOMPARE(more.count(), 1); // the tester asked, as a view would
    model.appendPage({e, older}, std::nullopt);
    QCOMPARE(model.rowCount(), 2);
    const QModelIndex i = model.index(0);
    QCOMPARE(i.data(M::ActionRole).toString(), code);
    QCOMPARE(i.data(M::ActionTextRole).toString(), text);
    QCOMPARE(withoutIsolates(i.data(Qt::DisplayRole).toString()), display);
    QCOMPARE(i.data(M::ModeratorNameRole).toString(), QStringLiteral("管理员"));
    QCOMPARE(i.data(M::ModeratorIdRole).toLongLong(), kModeratorUid);
    QCOMPARE(i.data(M::TargetIdRole).toLongLong(), e.targetId);
    QCOMPARE(i.data(M::ReasonRole).toString(), QStringLiteral("why"));
    QCOMPARE(i.data(M::CreatedTimeRole).toLongLong(), e.createtime);
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

// --- Against the server
// ---------------------------------------------------------------------------

void TstModerationModels::reportsShowForModerator()
{
    using M = ModerationQueueModel;
    const qint64 post = newPost(*m_zhangsan, QStringLiteral("a perfectly normal post"));
    const qint64 comment = newComment(*m_wangwu, post, QStringLiteral("a rude reply"));
    QVERIFY(post > 0 && comment > 0);
    reportOn(*m_lisi, QStringLiteral("post"), post, QStringLiteral("spam"),
             QStringLiteral("ads again"));
    reportOn(*m_wangwu, QStringLiteral("post"), post, QStringLiteral("abuse"));
    reportOn(*m_mazi, QStringLiteral("comment"), comment, QStringLiteral("illegal"));

    ModerationQueueModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(openOutbox());
    ModerationQueueFeed feed(m_api.get(), m_outbox.get(), m_actions.get(), &model);
    QSignalSpy loading(&feed, &ModerationQueueFeed::loadingChanged);
    QVERIFY(loadAll(feed, model));
    QVERIFY(loading.count() >= 2);
    QCOMPARE(loading.first().at(0).toBool(), true);
    QCOMPARE(loading.last().at(0).toBool(), false);

    const int p = model.rowOfTarget(TargetType::Post, post);
    QVERIFY(p >= 0);
    const QModelIndex pi = model.index(p);
    QCOMPARE(pi.data(M::TargetTypeRole).toString(), QStringLiteral("post"));
    QCOMPARE(pi.data(M::TargetIdRole).toLongLong(), post);
    QCOMPARE(pi.data(M::TargetAuthorNameRole).toString(), QStringLiteral("张三"));
    QVERIFY(!pi.data(M::TargetAuthorAvatarRole).toString().isEmpty());
    QCOMPARE(pi.data(M::TargetContentRole).toString(), QStringLiteral("a perfectly normal post"));
    QCOMPARE(pi.data(M::TargetDeletedRole).toBool(), false);
    QCOMPARE(pi.data(M::TargetHiddenRole).toBool(), false);
    QCOMPARE(pi.data(M::ReportCountRole).toLongLong(), 2);
    QCOMPARE(pi.data(M::ReasonsTextRole).toString(), QStringLiteral("Spam · Abuse"));
    QCOMPARE(pi.data(M::StatusRole).toString(), QStringLiteral("open"));
    QCOMPARE(pi.data(M::AutoFlaggedRole).toBool(), false);
    QCOMPARE(pi.data(M::PendingRole).toInt(), int(Pending::None));
    QVERIFY(pi.data(M::CreatedTimeRole).toLongLong() > 0);
    // Reports newest first: 王五's abuse, then 李四's spam with its note.
    const QVariantList reports = pi.data(M::ReportsRole).toList();
    QCOMPARE(reports.size(), 2);
    QCOMPARE(reports.at(0).toMap().value(QStringLiteral("reporterName")).toString(),
             QStringLiteral("王五"));
    QCOMPARE(reports.at(0).toMap().value(QStringLiteral("reasonText")).toString(),
             QStringLiteral("Abuse"));
    const QVariantMap spam = reports.at(1).toMap();
    QCOMPARE(spam.value(QStringLiteral("reporterName")).toString(), QStringLiteral("李四"));
    QCOMPARE(spam.value(QStringLiteral("reason")).toString(), QStringLiteral("spam"));
    QCOMPARE(spam.value(QStringLiteral("reasonText")).toString(), QStringLiteral("Spam"));
    QCOMPARE(spam.value(QStringLiteral("note")).toString(), QStringLiteral("ads again"));
    QVERIFY(spam.value(QStringLiteral("createtime")).toLongLong() > 0);

    // The comment comes with its post for context; the comment is the newer item.
    const int c = model.rowOfTarget(TargetType::Comment, comment);
    QVERIFY(c >= 0);
    QVERIFY(c < p);
    const QModelIndex ci = model.index(c);
    QCOMPARE(ci.data(M::TargetTypeRole).toString(), QStringLiteral("comment"));
    QCOMPARE(ci.data(M::TargetAuthorNameRole).toString(), QStringLiteral("王五"));
    QCOMPARE(ci.data(M::TargetContentRole).toString(), QStringLiteral("a rude reply"));
    QCOMPARE(ci.data(M::PostIdRole).toLongLong(), post);
    QCOMPARE(ci.data(M::PostContentRole).toString(), QStringLiteral("a perfectly normal post"));
    QCOMPARE(ci.data(M::PostAuthorNameRole).toString(), QStringLiteral("张三"));
    QCOMPARE(ci.data(M::ReasonsTextRole).toString(), QStringLiteral("Illegal"));
    QCOMPARE(ci.data(M::ReportsRole).toList().at(0).toMap().value(QStringLiteral("reporterName")),
             QVariant(QStringLiteral("麻子")));

    // A later report is there after a refresh, in place (the item was open: same createtime).
    reportOn(*m_mazi, QStringLiteral("post"), post, QStringLiteral("other"));
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QVERIFY(loadAll(feed, model));
    QCOMPARE(reset.count(), 1);
    QCOMPARE(
        model.index(model.rowOfTarget(TargetType::Post, post)).data(M::ReasonsTextRole).toString(),
        QStringLiteral("Spam · Abuse · Other"));
}

void TstModerationModels::autoFlaggedPost_data()
{
    // The server's built-in word list (server/api/moderationrecords.cpp,
    // ModerationRecords::loadWordlist).
    QTest::addColumn<QString>("content");
    QTest::addColumn<QString>("word");
    QTest::newRow("latin") << QStringLiteral("Huge CASINO BONUS tonight") << "casino bonus";
    QTest::newRow("chinese") << QStringLiteral("专业刷粉，价格优惠") << "刷粉";
}

void TstModerationModels::autoFlaggedPost()
{
    QFETCH(QString, content);
    QFETCH(QString, word);
    using M = ModerationQueueModel;
    const qint64 post = newPost(*m_lisi, content);
    QVERIFY(post > 0);
    ModerationQueueModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(openOutbox());
    ModerationQueueFeed feed(m_api.get(), m_outbox.get(), m_actions.get(), &model);
    QVERIFY(loadAll(feed, model));
    const int row = model.rowOfTarget(TargetType::Post, post);
    QVERIFY(row >= 0);
    const QModelIndex i = model.index(row);
    QCOMPARE(i.data(M::AutoFlaggedRole).toBool(), true);
    QCOMPARE(i.data(M::AutoFlagWordRole).toString(), word);
    QCOMPARE(i.data(M::ReportCountRole).toLongLong(), 0);
    QCOMPARE(i.data(M::ReasonsTextRole).toString(), QString());
    QCOMPARE(i.data(M::TargetContentRole).toString(), content);
    QVERIFY(i.data(Qt::DisplayRole).toString().contains(word));
    QCOMPARE(i.data(M::StatusRole).toString(), QStringLiteral("open"));
}

void TstModerationModels::pagingGivesEveryItemOnce()
{
    for (int n = 0; n < 7; ++n) {
        const qint64 post = newPost(*m_zhangsan, QStringLiteral("paged %1").arg(n));
        reportOn(*m_lisi, QStringLiteral("post"), post, QStringLiteral("spam"));
    }
    const QSet<qint64> expected = serverQueueIds(QStringLiteral("open"));
    QVERIFY(expected.size() >= 7);

    ModerationQueueModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy more(&model, &ModerationQueueModel::moreRequested);
    QVERIFY(openOutbox());
    ModerationQueueFeed feed(m_api.get(), m_outbox.get(), m_actions.get(), &model);
    feed.setPageSize(2);
    QVERIFY(loadAll(feed, model));
    const QList<qint64> listed = ids(model, ModerationQueueModel::IdRole);
    QCOMPARE(listed.size(), expected.size());
    QCOMPARE(QSet<qint64>(listed.cbegin(), listed.cend()), expected);
    QCOMPARE(more.count(), (expected.size() + 1) / 2 - 1); // once per further page
    // Newest first.
    for (int r = 1; r < model.rowCount(); ++r)
        QVERIFY(model.index(r - 1).data(ModerationQueueModel::CreatedTimeRole).toLongLong() >=
                model.index(r).data(ModerationQueueModel::CreatedTimeRole).toLongLong());
}

void TstModerationModels::hideThroughFeed_data()
{
    QTest::addColumn<bool>("onComment");
    QTest::newRow("post") << false;
    QTest::newRow("comment") << true;
}

void TstModerationModels::hideThroughFeed()
{
    QFETCH(bool, onComment);
    using M = ModerationQueueModel;
    const qint64 post = newPost(*m_zhangsan, QStringLiteral("hide me, maybe"));
    const qint64 comment = newComment(*m_wangwu, post, QStringLiteral("or hide me"));
    QVERIFY(post > 0 && comment > 0);
    const QString type = onComment ? QStringLiteral("comment") : QStringLiteral("post");
    const qint64 target = onComment ? comment : post;
    reportOn(*m_lisi, type, target, QStringLiteral("abuse"));

    ModerationQueueModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(openOutbox());
    ModerationQueueFeed feed(m_api.get(), m_outbox.get(), m_actions.get(), &model);
    QVERIFY(loadAll(feed, model));
    const int row = model.rowOfTarget(onComment ? TargetType::Comment : TargetType::Post, target);
    QVERIFY(row >= 0);
    const qint64 itemId = model.itemIdAt(row);
    const int rowsBefore = model.rowCount();

    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy completed(&feed, &ModerationQueueFeed::actionCompleted);
    const QString reason = QStringLiteral("abusive (%1)").arg(type);
    QVERIFY(feed.hideTarget(itemId, reason) > 0);
    // Pending at once.
    QCOMPARE(model.index(row).data(M::PendingRole).toInt(), int(Pending::Queued));
    QCOMPARE(model.pending(itemId), Pending::Queued);
    // Then it leaves the open list.
    QVERIFY(completed.wait(kWaitMs));
    QCOMPARE(completed.at(0).at(0).toLongLong(), itemId);
    QCOMPARE(removed.count(), 1);
    QCOMPARE(model.rowOf(itemId), -1);
    QCOMPARE(model.rowCount(), rowsBefore - 1);
    QCOMPARE(model.pending(itemId), Pending::None);
    QVERIFY(!serverQueueIds(QStringLiteral("open")).contains(itemId));
    QVERIFY(serverQueueIds(QStringLiteral("closed")).contains(itemId));

    // Hidden on the server.
    if (onComment) {
        const auto r = m_mod->get(QStringLiteral("/api/v1/posts/%1/comments?limit=200").arg(post));
        bool hidden = false;
        for (const QJsonValue &v : r.obj().value(QLatin1String("roots")).toArray())
            if (v.toObject().value(QLatin1String("id")).toInteger() == comment)
                hidden = v.toObject().value(QLatin1String("status")).toString() ==
                         QLatin1String("hidden");
        QVERIFY2(hidden, r.describe().constData());
        const auto forReader =
            m_zhangsan->get(QStringLiteral("/api/v1/posts/%1/comments?limit=200").arg(post));
        QCOMPARE(forReader.status, 200);
        QVERIFY(forReader.obj().value(QLatin1String("roots")).toArray().isEmpty());
    } else {
        QCOMPARE(m_zhangsan->get(QStringLiteral("/api/v1/posts/%1").arg(post)).status, 404);
        const auto r = m_mod->get(QStringLiteral("/api/v1/posts/%1").arg(post));
        QCOMPARE(r.obj().value(QLatin1String("hidden")).toBool(), true);
    }

    // In the closed list, the target shows as hidden.
    ModerationQueueModel closed;
    QAbstractItemModelTester closedTester(&closed,
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    ModerationQueueFeed closedFeed(m_api.get(), m_outbox.get(), m_actions.get(), &closed);
    closedFeed.setStatus(QueueItem::Status::Closed);
    QVERIFY(loadAll(closedFeed, closed));
    QVERIFY(closed.rowOf(itemId) >= 0);
    QCOMPARE(closed.index(closed.rowOf(itemId)).data(M::TargetHiddenRole).toBool(), true);
    QCOMPARE(closed.index(closed.rowOf(itemId)).data(M::StatusRole).toString(),
             QStringLiteral("closed"));

    // The log lists the hide.
    ModerationLogModel log;
    QAbstractItemModelTester logTester(&log,
                                       QAbstractItemModelTester::FailureReportingMode::QtTest);
    ModerationLogFeed logFeed(m_api.get(), &log);
    logFeed.setActionFilter(LogEntry::Action::Hide);
    QVERIFY(loadAll(logFeed, log));
    int found = -1;
    for (int r = 0; r < log.rowCount() && found < 0; ++r)
        if (log.index(r).data(ModerationLogModel::TargetIdRole).toLongLong() == target &&
            log.index(r).data(ModerationLogModel::TargetTypeRole).toString() == type)
            found = r;
    QVERIFY(found >= 0);
    const QModelIndex l = log.index(found);
    QCOMPARE(l.data(ModerationLogModel::ActionRole).toString(), QStringLiteral("hide"));
    QCOMPARE(l.data(ModerationLogModel::ActionTextRole).toString(), QStringLiteral("hid"));
    QCOMPARE(l.data(ModerationLogModel::ReasonRole).toString(), reason);
    QCOMPARE(l.data(ModerationLogModel::ModeratorNameRole).toString(), QStringLiteral("管理员"));
    QCOMPARE(l.data(ModerationLogModel::ModeratorIdRole).toLongLong(), kModeratorUid);
}

void TstModerationModels::dismissThroughFeed()
{
    using M = ModerationQueueModel;
    const qint64 post = newPost(*m_zhangsan, QStringLiteral("harmless, really"));
    reportOn(*m_lisi, QStringLiteral("post"), post, QStringLiteral("other"),
             QStringLiteral("I just don't like it"));

    ModerationQueueModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(openOutbox());
    ModerationQueueFeed feed(m_api.get(), m_outbox.get(), m_actions.get(), &model);
    QVERIFY(loadAll(feed, model));
    const int row = model.rowOfTarget(TargetType::Post, post);
    QVERIFY(row >= 0);
    const qint64 itemId = model.itemIdAt(row);

    // The closed list, loaded before: the dismissed item joins it at its place.
    ModerationQueueModel closed;
    QAbstractItemModelTester closedTester(&closed,
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    ModerationQueueFeed closedFeed(m_api.get(), m_outbox.get(), m_actions.get(), &closed);
    closedFeed.setStatus(QueueItem::Status::Closed);
    QVERIFY(loadAll(closedFeed, closed));
    QCOMPARE(closed.rowOf(itemId), -1);

    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy pendingChanged(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy completed(&feed, &ModerationQueueFeed::actionCompleted);
    QVERIFY(feed.dismiss(itemId, QStringLiteral("not a violation")) > 0);
    QCOMPARE(model.index(row).data(M::PendingRole).toInt(), int(Pending::Queued));
    QCOMPARE(pendingChanged.count(), 1);
    QVERIFY(completed.wait(kWaitMs));
    QCOMPARE(removed.count(), 1);
    QCOMPARE(model.rowOf(itemId), -1);
    QTRY_VERIFY_WITH_TIMEOUT(closed.rowOf(itemId) >= 0, kWaitMs);
    QCOMPARE(closed.index(closed.rowOf(itemId)).data(M::StatusRole).toString(),
             QStringLiteral("closed"));
    QCOMPARE(closed.index(closed.rowOf(itemId)).data(M::TargetHiddenRole).toBool(), false);

    // Not hidden: readers still see it.
    QCOMPARE(m_zhangsan->get(QStringLiteral("/api/v1/posts/%1").arg(post)).status, 200);
    QVERIFY(!serverQueueIds(QStringLiteral("open")).contains(itemId));

    // The log lists the dismissal (naming the post), for this moderator.
    ModerationLogModel log;
    QAbstractItemModelTester logTester(&log,
                                       QAbstractItemModelTester::FailureReportingMode::QtTest);
    ModerationLogFeed logFeed(m_api.get(), &log);
    logFeed.setActionFilter(LogEntry::Action::Dismiss);
    logFeed.setModeratorFilter(kModeratorUid);
    QVERIFY(loadAll(logFeed, log));
    QVERIFY(log.rowCount() >= 1);
    const QModelIndex l = log.index(0); // the newest
    QCOMPARE(l.data(ModerationLogModel::TargetIdRole).toLongLong(), post);
    QCOMPARE(l.data(ModerationLogModel::TargetTypeRole).toString(), QStringLiteral("post"));
    QCOMPARE(l.data(ModerationLogModel::ActionTextRole).toString(),
             QStringLiteral("dismissed the reports on"));
    QCOMPARE(l.data(ModerationLogModel::ReasonRole).toString(), QStringLiteral("not a violation"));

    // A later report reopens it: it is back on top of the open list after a refresh.
    reportOn(*m_wangwu, QStringLiteral("post"), post, QStringLiteral("spam"));
    QVERIFY(loadAll(feed, model));
    QCOMPARE(model.rowOf(itemId), 0);
    QCOMPARE(model.index(0).data(M::ReportCountRole).toLongLong(), 2);
}

void TstModerationModels::unhideUpdatesInPlace()
{
    using M = ModerationQueueModel;
    const qint64 post = newPost(*m_zhangsan, QStringLiteral("hidden too quickly"));
    reportOn(*m_lisi, QStringLiteral("post"), post, QStringLiteral("spam"));
    QCOMPARE(m_mod
                 ->post(QStringLiteral("/api/v1/moderation/posts/%1/hide").arg(post),
                        QJsonObject{{QStringLiteral("reason"), QStringLiteral("spam")}})
                 .status,
             200);

    ModerationQueueModel closed;
    QAbstractItemModelTester tester(&closed,
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(openOutbox());
    ModerationQueueFeed feed(m_api.get(), m_outbox.get(), m_actions.get(), &closed);
    feed.setStatus(QueueItem::Status::Closed);
    QVERIFY(loadAll(feed, closed));
    const int row = closed.rowOfTarget(TargetType::Post, post);
    QVERIFY(row >= 0);
    const qint64 itemId = closed.itemIdAt(row);
    QCOMPARE(closed.index(row).data(M::TargetHiddenRole).toBool(), true);

    QSignalSpy changed(&closed, &QAbstractItemModel::dataChanged);
    QSignalSpy removed(&closed, &QAbstractItemModel::rowsRemoved);
    QSignalSpy completed(&feed, &ModerationQueueFeed::actionCompleted);
    QVERIFY(feed.unhideTarget(itemId, QStringLiteral("it was fine")) > 0);
    QCOMPARE(closed.pending(itemId), Pending::Queued);
    QVERIFY(completed.wait(kWaitMs));
    // Still closed, so still listed: updated in place.
    QCOMPARE(removed.count(), 0);
    QCOMPARE(closed.rowOf(itemId), row);
    QCOMPARE(closed.index(row).data(M::TargetHiddenRole).toBool(), false);
    QCOMPARE(closed.pending(itemId), Pending::None);
    bool hiddenRoleNamed = false;
    for (const auto &args : changed)
        hiddenRoleNamed |= args.at(2).value<QList<int>>().contains(M::TargetHiddenRole);
    QVERIFY(hiddenRoleNamed);
    QCOMPARE(m_zhangsan->get(QStringLiteral("/api/v1/posts/%1").arg(post)).status, 200);
}

void TstModerationModels::failedActionIsMarkedAndTold()
{
    using M = ModerationQueueModel;
    const qint64 post = newPost(*m_zhangsan, QStringLiteral("a hide without a reason"));
    reportOn(*m_lisi, QStringLiteral("post"), post, QStringLiteral("spam"));
    ModerationQueueModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(openOutbox());
    ModerationQueueFeed feed(m_api.get(), m_outbox.get(), m_actions.get(), &model);
    QVERIFY(loadAll(feed, model));
    const qint64 itemId = model.itemIdAt(model.rowOfTarget(TargetType::Post, post));
    QVERIFY(itemId > 0);

    QSignalSpy failed(&feed, &ModerationQueueFeed::actionFailed);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    // The server refuses a hide without a reason (422).
    QVERIFY(feed.hideTarget(itemId, QString()) > 0);
    QCOMPARE(model.pending(itemId), Pending::Queued);
    QVERIFY(failed.wait(kWaitMs));
    QCOMPARE(failed.at(0).at(0).toLongLong(), itemId);
    const QString message = failed.at(0).at(1).toString();
    QVERIFY2(withoutIsolates(message).contains(QStringLiteral("张三's post")), qPrintable(message));
    QCOMPARE(model.pending(itemId), Pending::Failed);
    const QModelIndex i = model.index(model.rowOf(itemId));
    QCOMPARE(i.data(M::PendingRole).toInt(), int(Pending::Failed));
    QCOMPARE(i.data(M::PendingMessageRole).toString(), message);
    QCOMPARE(removed.count(), 0); // still open
    QCOMPARE(m_zhangsan->get(QStringLiteral("/api/v1/posts/%1").arg(post)).status, 200);

    // A new action replaces the failure mark.
    QVERIFY(feed.dismiss(itemId) > 0);
    QCOMPARE(model.pending(itemId), Pending::Queued);
    QTRY_COMPARE_WITH_TIMEOUT(model.rowOf(itemId), -1, kWaitMs);
}

void TstModerationModels::pendingShownAfterReload()
{
    using M = ModerationQueueModel;
    const qint64 post = newPost(*m_zhangsan, QStringLiteral("acted on while offline"));
    reportOn(*m_lisi, QStringLiteral("post"), post, QStringLiteral("spam"));
    // The outbox's own client is offline: the action waits in the file.
    core::ApiClient outboxApi;
    outboxApi.setBaseUrl(m_server.baseUrl());
    outboxApi.setToken(m_mod->token());
    outboxApi.setOffline(true);
    core::Outbox outbox(&outboxApi);
    core::PostStore store;
    core::Actions actions(&outbox, &store);
    QSignalSpy opened(&outbox, &core::Outbox::opened);
    outbox.open(m_dir->filePath(QStringLiteral("offline.sqlite")));
    QVERIFY(opened.wait(kWaitMs));

    ModerationQueueModel first;
    QAbstractItemModelTester tester(&first, QAbstractItemModelTester::FailureReportingMode::QtTest);
    ModerationQueueFeed firstFeed(m_api.get(), &outbox, &actions, &first);
    QVERIFY(loadAll(firstFeed, first));
    const qint64 itemId = first.itemIdAt(first.rowOfTarget(TargetType::Post, post));
    QVERIFY(itemId > 0);
    QSignalSpy persisted(&outbox, &core::Outbox::persisted);
    QVERIFY(firstFeed.hideTarget(itemId, QStringLiteral("spam")) > 0);
    QVERIFY(persisted.wait(kWaitMs));

    // Another list over the same outbox (a reload, a second window): the row shows it pending.
    ModerationQueueModel second;
    QAbstractItemModelTester secondTester(&second,
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    ModerationQueueFeed secondFeed(m_api.get(), &outbox, &actions, &second);
    QVERIFY(loadAll(secondFeed, second));
    QVERIFY(second.rowOf(itemId) >= 0);
    QCOMPARE(second.index(second.rowOf(itemId)).data(M::PendingRole).toInt(), int(Pending::Queued));
    // A reload of the first list keeps its mark too.
    QVERIFY(loadAll(firstFeed, first));
    QCOMPARE(first.pending(itemId), Pending::Queued);

    // Online again: the hide goes out and the item leaves both lists.
    outboxApi.setOffline(false);
    QTRY_VERIFY_WITH_TIMEOUT(first.rowOf(itemId) < 0 && second.rowOf(itemId) < 0, kWaitMs);
    QCOMPARE(first.pending(itemId), Pending::None);
    QCOMPARE(second.pending(itemId), Pending::None);
    QCOMPARE(m_zhangsan->get(QStringLiteral("/api/v1/posts/%1").arg(post)).status, 404);
}

void TstModerationModels::ordinaryUserGets403()
{
    m_api->setToken(m_zhangsan->token());
    ModerationQueueModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(openOutbox());
    ModerationQueueFeed feed(m_api.get(), m_outbox.get(), m_actions.get(), &model);
    QSignalSpy failed(&feed, &ModerationQueueFeed::loadFailed);
    QSignalSpy loaded(&feed, &ModerationQueueFeed::loaded);
    feed.refresh();
    QVERIFY(feed.isLoading());
    QVERIFY(failed.wait(kWaitMs));
    QCOMPARE(failed.at(0).at(0).toString(), QStringLiteral("You are not allowed to do this"));
    QCOMPARE(failed.at(0).at(1).value<core::ApiError>().status, 403);
    QCOMPARE(loaded.count(), 0);
    QVERIFY(!feed.isLoading());
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(!model.canFetchMore({}));

    ModerationLogModel log;
    QAbstractItemModelTester logTester(&log,
                                       QAbstractItemModelTester::FailureReportingMode::QtTest);
    ModerationLogFeed logFeed(m_api.get(), &log);
    QSignalSpy logFailed(&logFeed, &ModerationLogFeed::loadFailed);
    logFeed.refresh();
    QVERIFY(logFailed.wait(kWaitMs));
    QCOMPARE(logFailed.at(0).at(0).toString(), QStringLiteral("You are not allowed to do this"));
    QCOMPARE(log.rowCount(), 0);
}

void TstModerationModels::malformedAnswerIsAMessage()
{
    // A 200 whose body is not a queue page (the real server never sends one).
    FixedAnswerServer bad(R"({"items":[{"id":"not a number"}],"next":null})");
    QVERIFY(bad.listen());
    m_api->setBaseUrl(bad.url());
    ModerationQueueModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.appendPage({item(1, 100)}, std::nullopt); // what it showed before
    QVERIFY(openOutbox());
    ModerationQueueFeed feed(m_api.get(), m_outbox.get(), m_actions.get(), &model);
    QSignalSpy failed(&feed, &ModerationQueueFeed::loadFailed);
    feed.refresh();
    QVERIFY(failed.wait(kWaitMs));
    QCOMPARE(failed.at(0).at(1).value<core::ApiError>().kind, core::ApiError::Kind::Decode);
    QCOMPARE(failed.at(0).at(0).toString(),
             QStringLiteral("The server's answer could not be read"));
    QCOMPARE(model.rowCount(), 1);

    ModerationLogModel log;
    QAbstractItemModelTester logTester(&log,
                                       QAbstractItemModelTester::FailureReportingMode::QtTest);
    ModerationLogFeed logFeed(m_api.get(), &log);
    QSignalSpy logFailed(&logFeed, &ModerationLogFeed::loadFailed);
    logFeed.refresh();
    QVERIFY(logFailed.wait(kWaitMs));
    QCOMPARE(logFailed.at(0).at(1).value<core::ApiError>().kind, core::ApiError::Kind::Decode);
}

void TstModerationModels::stoppedServerKeepsRows()
{
    TestServer server;
    QVERIFY(server.start());
    Client mod(server.baseUrl());
    Client lisi(server.baseUrl());
    QVERIFY(!mod.login(QStringLiteral("moderator")).isEmpty());
    QVERIFY(!lisi.login(QStringLiteral("lisi")).isEmpty());
    for (int n = 0; n < 3; ++n) {
        const qint64 post = newPost(lisi, QStringLiteral("about to go dark %1").arg(n));
        reportOn(mod, QStringLiteral("post"), post, QStringLiteral("spam"));
    }
    core::ApiClient api;
    api.setBaseUrl(server.baseUrl());
    api.setToken(mod.token());
    api.setRetryPolicy({1, 0, 0}); // one attempt: the failure comes at once

    ModerationQueueModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    core::Outbox outbox(&api);
    core::PostStore store;
    core::Actions actions(&outbox, &store);
    QSignalSpy opened(&outbox, &core::Outbox::opened);
    outbox.open(m_dir->filePath(QStringLiteral("dark.sqlite")));
    QVERIFY(opened.wait(kWaitMs));
    ModerationQueueFeed feed(&api, &outbox, &actions, &model);
    feed.setPageSize(2);
    QSignalSpy loaded(&feed, &ModerationQueueFeed::loaded);
    QSignalSpy more(&model, &ModerationQueueModel::moreRequested);
    QSignalSpy failed(&feed, &ModerationQueueFeed::loadFailed);
    // Only the first page: stop the server before the tester's request for the second returns.
    feed.refresh();
    QVERIFY(loaded.wait(kWaitMs));
    server.stop();
    QTRY_VERIFY_WITH_TIMEOUT(!feed.isLoading(), kWaitMs);
    const int rows = model.rowCount();
    QVERIFY(rows >= 2);
    const QList<qint64> before = ids(model, ModerationQueueModel::IdRole);

    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    failed.clear();
    feed.refresh();
    QVERIFY(failed.wait(kWaitMs));
    QCOMPARE(failed.at(0).at(0).toString(), QStringLiteral("The server could not be reached"));
    QCOMPARE(reset.count(), 0);
    QCOMPARE(removed.count(), 0);
    QCOMPARE(ids(model, ModerationQueueModel::IdRole), before);
    QVERIFY(!feed.isLoading());

    // Scrolling down against the dead server: a message, and it may ask again later.
    if (model.nextCursor()) {
        failed.clear();
        QTRY_VERIFY_WITH_TIMEOUT(model.canFetchMore({}), kWaitMs);
        model.fetchMore({});
        QVERIFY(failed.wait(kWaitMs));
        QVERIFY(model.canFetchMore({}));
        QCOMPARE(ids(model, ModerationQueueModel::IdRole), before);
    }

    // An action while the server is away stays queued (and pending).
    const qint64 itemId = before.first();
    QVERIFY(feed.hideTarget(itemId, QStringLiteral("spam")) > 0);
    QCOMPARE(model.pending(itemId), Pending::Queued);
    QCOMPARE(model.rowCount(), rows);
}

void TstModerationModels::logPagingAndFilters()
{
    using L = ModerationLogModel;
    // Five hides and unhides by the moderator.
    const qint64 post = newPost(*m_zhangsan, QStringLiteral("back and forth"));
    const QString base = QStringLiteral("/api/v1/moderation/posts/%1/").arg(post);
    for (int n = 0; n < 5; ++n) {
        const QString action = n % 2 == 0 ? QStringLiteral("hide") : QStringLiteral("unhide");
        QCOMPARE(m_mod
                     ->post(base + action, QJsonObject{{QStringLiteral("reason"),
                                                        QStringLiteral("round %1").arg(n)}})
                     .status,
                 200);
    }
    // Everything the server has, every page.
    QSet<qint64> expected;
    QString before;
    for (;;) {
        const auto r = m_mod->get(QStringLiteral("/api/v1/moderation/log?limit=50") +
                                  (before.isEmpty()
                                       ? QString()
                                       : QStringLiteral("&before=") +
                                             QString::fromLatin1(QUrl::toPercentEncoding(before))));
        QCOMPARE(r.status, 200);
        for (const QJsonValue &v : r.items())
            expected.insert(v.toObject().value(QLatin1String("id")).toInteger());
        if (!r.obj().value(QLatin1String("next")).isString())
            break;
        before = r.obj().value(QLatin1String("next")).toString();
    }
    QVERIFY(expected.size() >= 5);

    ModerationLogModel log;
    QAbstractItemModelTester tester(&log, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy more(&log, &L::moreRequested);
    ModerationLogFeed feed(m_api.get(), &log);
    feed.setPageSize(2);
    QVERIFY(loadAll(feed, log));
    const QList<qint64> listed = ids(log, L::IdRole);
    QCOMPARE(listed.size(), expected.size());
    QCOMPARE(QSet<qint64>(listed.cbegin(), listed.cend()), expected);
    QCOMPARE(more.count(), (expected.size() + 1) / 2 - 1);
    // The newest first: the last unhide.
    QCOMPARE(log.index(0).data(L::TargetIdRole).toLongLong(), post);
    QCOMPARE(log.index(0).data(L::ActionRole).toString(), QStringLiteral("hide"));
    QCOMPARE(log.index(0).data(L::ReasonRole).toString(), QStringLiteral("round 4"));
    for (int r = 1; r < log.rowCount(); ++r)
        QVERIFY(log.index(r - 1).data(L::CreatedTimeRole).toLongLong() >=
                log.index(r).data(L::CreatedTimeRole).toLongLong());

    // Filters: unhides only — a reset with those.
    QSignalSpy reset(&log, &QAbstractItemModel::modelReset);
    feed.setActionFilter(LogEntry::Action::Unhide);
    feed.setModeratorFilter(kModeratorUid);
    QVERIFY(loadAll(feed, log));
    QCOMPARE(reset.count(), 1);
    QVERIFY(log.rowCount() >= 2);
    for (int r = 0; r < log.rowCount(); ++r) {
        QCOMPARE(log.index(r).data(L::ActionRole).toString(), QStringLiteral("unhide"));
        QCOMPARE(log.index(r).data(L::ModeratorIdRole).toLongLong(), kModeratorUid);
    }
    QCOMPARE(log.index(0).data(L::ReasonRole).toString(), QStringLiteral("round 3"));
    // Another moderator's entries: none (a user who is no moderator has none).
    feed.setActionFilter(std::nullopt);
    feed.setModeratorFilter(10001);
    QVERIFY(loadAll(feed, log));
    QCOMPARE(log.rowCount(), 0);
}

std::optional<QueueItem> TstModerationModels::demoItem(const QString &needle, const QString &status)
{
    const auto r =
        m_mod->get(QStringLiteral("/api/v1/moderation/queue?status=%1&limit=50").arg(status));
    for (const QJsonValue &v : r.items()) {
        auto decoded = core::decodeQueueItem(v);
        if (!decoded.ok())
            continue;
        const QueueItem &item = decoded.value();
        const QString text = item.targetComment() ? item.targetComment()->content
                             : item.targetPost()  ? item.targetPost()->content
                                                  : QString();
        if (text.contains(needle))
            return item;
    }
    qWarning("no %s queue item with %s", qPrintable(status), qPrintable(needle));
    return std::nullopt;
}

QList<ModerationContext::Line> TstModerationModels::serverFloorAround(const core::Comment &reply)
{
    QList<ModerationContext::Line> out;
    const auto roots = m_mod->get(
        QStringLiteral("/api/v1/posts/%1/comments?limit=200&replies=0").arg(reply.postId));
    auto floors = core::decodeFloorPage(roots.body);
    if (!floors.ok())
        return out;
    for (const core::Comment &c : floors.value().roots)
        if (c.id == reply.rootId)
            out.append(ModerationContext::lineOf(c, false));
    const auto all =
        m_mod->get(QStringLiteral("/api/v1/comments/%1/replies?limit=200").arg(reply.rootId));
    auto page = core::decodeReplyPage(all.body);
    if (!page.ok())
        return out;
    const QList<core::Comment> &items = page.value().items;
    qsizetype t = -1;
    for (qsizetype i = 0; i < items.size(); ++i)
        if (items.at(i).id == reply.id)
            t = i;
    if (t < 0)
        return out;
    for (qsizetype i = std::max<qsizetype>(t - 2, 0); i <= std::min(t + 2, items.size() - 1); ++i)
        out.append(ModerationContext::lineOf(items.at(i), i == t));
    return out;
}

void TstModerationModels::contextOfReportedReply()
{
    // the demo's reply selling tea, under 李四's floor about the weather
    const auto tea = demoItem(QStringLiteral("明前龙井"), QStringLiteral("open"));
    QVERIFY(tea && tea->targetComment());
    const core::Comment reply = *tea->targetComment();
    QVERIFY(!reply.isRoot());
    const QList<ModerationContext::Line> expected = serverFloorAround(reply);
    QVERIFY(expected.size() >= 3); // the root, a reply before, the tea
    QCOMPARE(expected.first().kind, ModerationContext::Kind::Root);
    QCOMPARE(expected.first().text, QStringLiteral("天气预报说周六有雨，要不改到周日？"));

    ModerationContext context(m_api.get());
    QSignalSpy changed(&context, &ModerationContext::changed);
    context.show(*tea);
    QCOMPARE(context.state(), ModerationContext::State::Loading);
    QVERIFY(context.post().has_value()); // the post at once, from the item
    QCOMPARE(context.post()->author, QStringLiteral("麻子"));
    QVERIFY(context.post()->text.startsWith(QStringLiteral("周末去西山爬山")));
    QTRY_COMPARE_WITH_TIMEOUT(context.state(), ModerationContext::State::Ready, kWaitMs);
    QCOMPARE(context.lines(), expected);
    QCOMPARE(context.lines().last().target, expected.last().target);
    int targets = 0;
    for (const auto &l : context.lines())
        targets += l.target ? 1 : 0;
    QCOMPARE(targets, 1);
    QCOMPARE(context.moreBefore(), 0); // the tea is the floor's second reply
    QCOMPARE(context.moreAfter(), 0);  // and its last
    const qsizetype changes = changed.size();
    // the same item again asks nothing and changes nothing
    const int pending = m_api->pendingCount();
    context.show(*tea);
    QCOMPARE(m_api->pendingCount(), pending);
    QCOMPARE(changed.size(), changes);
}

void TstModerationModels::contextOfReportedRootAndPost()
{
    // 麻六's rude root with its three replies
    const auto rude = demoItem(QStringLiteral("废物"), QStringLiteral("open"));
    QVERIFY(rude && rude->targetComment() && rude->targetComment()->isRoot());
    const core::Comment root = *rude->targetComment();
    ModerationContext context(m_api.get());
    context.show(*rude);
    QTRY_COMPARE_WITH_TIMEOUT(context.state(), ModerationContext::State::Ready, kWaitMs);
    const auto r = m_mod->get(QStringLiteral("/api/v1/posts/%1/comments?after=%2&limit=1&replies=3")
                                  .arg(root.postId)
                                  .arg(root.floor - 1));
    auto page = core::decodeFloorPage(r.body);
    QVERIFY(page.ok());
    QList<ModerationContext::Line> expected{ModerationContext::lineOf(page->roots.at(0), true)};
    for (const core::Comment &c : page->replies)
        expected.append(ModerationContext::lineOf(c, false));
    QCOMPARE(expected.size(), 4);
    QCOMPARE(context.lines(), expected);
    QCOMPARE(context.lines().first().count, 3); // its replies, for "… are hidden with it"

    // 钱七's reported post: the post is the target; it has no comments
    const auto scam = demoItem(QStringLiteral("二手单反"), QStringLiteral("open"));
    QVERIFY(scam && scam->targetPost());
    context.show(*scam);
    QVERIFY(context.post() && context.post()->target);
    QTRY_COMPARE_WITH_TIMEOUT(context.state(), ModerationContext::State::Ready, kWaitMs);
    QVERIFY(context.lines().isEmpty());
    QCOMPARE(context.moreAfter(), 0);

    // a post of the test's own with comments: its first floors
    const qint64 post = newPost(*m_zhangsan, QStringLiteral("上下文测试 🧪"));
    QList<qint64> floors;
    for (int n = 0; n < 4; ++n)
        floors.append(newComment(*m_lisi, post, QStringLiteral("第 %1 楼").arg(n + 1)));
    reportOn(*m_mazi, QStringLiteral("post"), post, QStringLiteral("spam"));
    const auto mine = demoItem(QStringLiteral("上下文测试"), QStringLiteral("open"));
    QVERIFY(mine);
    context.show(*mine);
    QTRY_COMPARE_WITH_TIMEOUT(context.state(), ModerationContext::State::Ready, kWaitMs);
    QCOMPARE(context.lines().size(), ModerationContext::kPostFloors);
    for (int n = 0; n < ModerationContext::kPostFloors; ++n) {
        QCOMPARE(context.lines().at(n).id, floors.at(n));
        QCOMPARE(context.lines().at(n).kind, ModerationContext::Kind::Root);
    }
    QCOMPARE(context.moreAfter(), 1); // the fourth floor
}

void TstModerationModels::contextOfHiddenFloor()
{
    // the advertisement floor the demo's moderator hid, with its reply
    const auto ad = demoItem(QStringLiteral("登山装备优惠券"), QStringLiteral("closed"));
    QVERIFY(ad && ad->targetComment());
    ModerationContext context(m_api.get());
    context.show(*ad);
    QTRY_COMPARE_WITH_TIMEOUT(context.state(), ModerationContext::State::Ready, kWaitMs);
    const QList<ModerationContext::Line> lines = context.lines();
    QCOMPARE(lines.size(), 2);
    QVERIFY(lines.at(0).target && lines.at(0).hidden);
    QCOMPARE(lines.at(1).text, QStringLiteral("这是广告吧……"));
    QVERIFY(lines.at(1).hidden); // the floor went with its root
}

void TstModerationModels::contextStaleAnswerDropped()
{
    const auto tea = demoItem(QStringLiteral("明前龙井"), QStringLiteral("open"));
    const auto scam = demoItem(QStringLiteral("二手单反"), QStringLiteral("open"));
    QVERIFY(tea && scam);
    ModerationContext context(m_api.get());
    QList<ModerationContext::Line> seen;
    connect(&context, &ModerationContext::changed, &context, [&] { seen += context.lines(); });
    // the selection moves on before the first answer is in
    context.show(*tea);
    QCOMPARE(m_api->pendingCount(), 2); // the floor's root and the window around the reply
    context.show(*scam);
    QTRY_COMPARE_WITH_TIMEOUT(context.state(), ModerationContext::State::Ready, kWaitMs);
    QCOMPARE(context.itemId(), scam->id);
    QVERIFY(context.post() && context.post()->id == scam->targetId);
    // nothing of the tea's floor ever showed, and nothing of it is still on its way
    QTRY_COMPARE_WITH_TIMEOUT(m_api->pendingCount(), 0, kWaitMs);
    for (const auto &l : seen)
        QVERIFY2(l.id != tea->targetId && !l.text.contains(QStringLiteral("天气预报")),
                 qPrintable(l.text));
    QCOMPARE(context.itemId(), scam->id);

    // an answer that arrives after clear() is not taken either
    context.show(*tea);
    context.clear();
    QCOMPARE(context.state(), ModerationContext::State::Empty);
    QTRY_COMPARE_WITH_TIMEOUT(m_api->pendingCount(), 0, kWaitMs);
    QCOMPARE(context.state(), ModerationContext::State::Empty);
    QVERIFY(context.lines().isEmpty());
}

void TstModerationModels::contextFailureInWords()
{
    const auto tea = demoItem(QStringLiteral("明前龙井"), QStringLiteral("open"));
    QVERIFY(tea);
    // a server that is not there: the post from the item stays, the floor fails in words
    QTcpServer closed;
    QVERIFY(closed.listen(QHostAddress::LocalHost));
    const quint16 port = closed.serverPort();
    closed.close();
    m_api->setBaseUrl(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port)));
    m_api->setRetryPolicy({1, 10, 10});
    ModerationContext context(m_api.get());
    context.show(*tea);
    QTRY_COMPARE_WITH_TIMEOUT(context.state(), ModerationContext::State::Failed, kWaitMs);
    QVERIFY(context.post().has_value());
    QVERIFY(context.lines().isEmpty());
    QCOMPARE(context.error().kind, core::ApiError::Kind::Network);
    QVERIFY(!context.errorMessage().isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(m_api->pendingCount(), 0, kWaitMs); // the other request ended too
    // the server back: the same item again asks again (a failure is not kept)
    m_api->setBaseUrl(m_server.baseUrl());
    context.show(*tea);
    QCOMPARE(context.state(), ModerationContext::State::Loading);
    QTRY_COMPARE_WITH_TIMEOUT(context.state(), ModerationContext::State::Ready, kWaitMs);
    QVERIFY(context.lines().size() >= 3);
}

QTEST_GUILESS_MAIN(TstModerationModels)
#include "tst_moderationmodels.moc"

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tst_moderationmessageview: a reported message on a person's board in the moderators' page
// (ModerationView) against the real server, offscreen, in English and zh_CN — its card says whose
// message it is, its text and on whose board (no post to open); the context pane shows the
// message alone under "Message on 李四's board"; H asks the reason (naming the message), Return
// hides it through the outbox (pending at once, then gone from Open, gone from the board for an
// ordinary user), the Log tab says "message"; from the Closed tab U and Return unhide it. A
// screenshot of each language in the artifacts directory.
#include "actions.h"
#include "artifacts.h"
#include "feeds.h"
#include "i18n.h"
#include "moderation/moderationcontext.h"
#include "moderation/moderationlogmodel.h"
#include "moderation/moderationqueuemodel.h"
#include "moderation/moderationview.h"
#include "moderationside.h"
#include "net/apiclient.h"
#include "outbox/outbox.h"
#include "poststore.h"
#include "testserver.h"

#include <QApplication>
#include <QDir>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

#include "isolates.h"

using namespace threadline;
using models::ModerationLogModel;
using models::ModerationQueueModel;
using test::Client;
using test::TestServer;
using ui::ModerationView;
using QM = ModerationQueueModel;
using Tab = ModerationView::Tab;
using Pending = ModerationQueueModel::Pending;

namespace {
constexpr int kWaitMs = 20000;
const QString kApi = QStringLiteral("/api/v1");
const QString kShots = threadline::test::artifactDir(QStringLiteral("moderationmessages"));

using Side = threadline::test::ModerationSide;

QStringList plain(const QStringList &lines)
{
    QStringList out;
    for (const QString &l : lines)
        out.append(withoutIsolates(l));
    return out;
}

bool boardHas(Client &as, qint64 board, qint64 messageId)
{
    const auto r = as.get(kApi + QStringLiteral("/users/%1/messages?limit=50").arg(board));
    for (const QJsonValue &v : r.items())
        if (v.toObject().value(QLatin1String("id")).toInteger() == messageId)
            return true;
    return false;
}

// The words of each language this suite checks.
struct Words
{
    QString title;        // the card's title
    QString board;        // the card's line under the text
    QString contextTitle; // the context pane's heading of the message
    QString contextLine;  // the message's line: "author: text"
    QString hideLabel;    // the reason line's label for Hide
    QString logHide;      // the log's sentence for the hide, %1 the id, %2 the reason
    QString logUnhide;    // the same for the unhide, %1 the id
};

Words wordsFor(const QString &language, const QString &text)
{
    if (language == QLatin1String("zh_CN"))
        return {QStringLiteral("张三 的留言"),           QStringLiteral("在 李四 的留言板上"),
                QStringLiteral("李四 的留言板上的留言"), QStringLiteral("张三：") + text,
                QStringLiteral("张三 的留言"),           QStringLiteral("管理员 隐藏了留言 %1：%2"),
                QStringLiteral("管理员 恢复了留言 %1")};
    return {QStringLiteral("Message by 张三"),
            QStringLiteral("On 李四's board"),
            QStringLiteral("Message on 李四's board"),
            QStringLiteral("张三: ") + text,
            QStringLiteral("Hide 张三's message — reason:"),
            QStringLiteral("管理员 hid message %1: %2"),
            QStringLiteral("管理员 unhid message %1")};
}
} // namespace

class TstModerationMessageView : public QObject
{
    Q_OBJECT

    TestServer m_server;
    QTemporaryDir m_dir;
    int m_sides = 0;
    std::unique_ptr<Client> m_mod, m_zhangsan, m_lisi, m_wangwu;
    qint64 m_lisiUid = 0;

    std::unique_ptr<Side> moderator()
    {
        const QString dir = m_dir.filePath(QStringLiteral("side%1").arg(++m_sides));
        QDir().mkpath(dir);
        return std::make_unique<Side>(m_server.baseUrl(), m_mod->token(), dir, QSize(1280, 800));
    }
    static bool started(Side &s)
    {
        QSignalSpy loaded(s.view->queueFeed(Tab::Open), &models::ModerationQueueFeed::loaded);
        s.view->start();
        return loaded.wait(kWaitMs);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
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

    void cleanupTestCase()
    {
        installTranslations(*QCoreApplication::instance(), QLocale(QLocale::English));
    }

    void messageHiddenAndUnhiddenByKeyboard_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }

    void messageHiddenAndUnhiddenByKeyboard()
    {
        QFETCH(QString, language);
        installTranslations(*QCoreApplication::instance(), QLocale(language));
        const QString text = QStringLiteral("加我微信，代刷好评 💰 (%1)").arg(language);
        const Words w = wordsFor(language, text);

        // 张三 leaves a message on 李四's board; 王五 reports it
        const auto left =
            m_zhangsan->post(kApi + QStringLiteral("/users/%1/messages").arg(m_lisiUid),
                             QJsonObject{{QStringLiteral("content"), text}});
        QCOMPARE(left.status, 201);
        const qint64 message = left.obj().value(QLatin1String("id")).toInteger();
        const auto reported =
            m_wangwu->post(kApi + QStringLiteral("/reports"),
                           QJsonObject{{QStringLiteral("targetType"), QStringLiteral("message")},
                                       {QStringLiteral("targetId"), message},
                                       {QStringLiteral("reason"), QStringLiteral("spam")}});
        QCOMPARE(reported.status, 201);

        auto s = moderator();
        QVERIFY(started(*s));
        QVERIFY(s->loadedWhole(Tab::Open));
        const int row = s->model()->rowOfTarget(core::TargetType::Message, message);
        QVERIFY(row >= 0);
        const qint64 itemId = s->model()->itemIdAt(row);

        // the card: whose message, its text, on whose board
        const QStringList card = plain(s->view->cardTexts(s->model()->index(row), 900));
        QVERIFY2(card.value(0) == w.title, qPrintable(card.join(u'|')));
        QVERIFY2(card.contains(text), qPrintable(card.join(u'|')));
        QVERIFY2(card.contains(w.board), qPrintable(card.join(u'|')));

        // selected: the context is the message alone; no post to open
        s->select(Tab::Open, row);
        QCOMPARE(s->view->selectedItemId(), itemId);
        QTRY_COMPARE_WITH_TIMEOUT(s->view->context()->itemId(), itemId, kWaitMs);
        QCOMPARE(s->view->context()->state(), models::ModerationContext::State::Ready);
        const QStringList context = plain(s->view->contextTexts());
        QVERIFY2(context.contains(w.contextTitle), qPrintable(context.join(u'|')));
        QVERIFY2(context.contains(w.contextLine), qPrintable(context.join(u'|')));
        QVERIFY(!s->view->openButton()->isEnabled());
        QVERIFY(s->view->hideButton()->isEnabled());
        QVERIFY(!s->view->unhideButton()->isEnabled());
        s->list()->scrollTo(s->model()->index(row));
        QDir().mkpath(kShots);
        const QString shot =
            QDir(kShots).filePath(QStringLiteral("open-message-1280x800-%1.png").arg(language));
        QVERIFY2(s->view->grab().save(shot), qPrintable(shot));

        // H asks the reason (prefilled with the reports' reasons), naming the message
        QTest::keyClick(s->list(), Qt::Key_H);
        QVERIFY(s->view->isAskingReason());
        QCOMPARE(s->view->reasonAction(), ModerationView::Action::Hide);
        QVERIFY2(withoutIsolates(s->view->reasonLabel()->text()).contains(w.hideLabel),
                 qPrintable(s->view->reasonLabel()->text()));
        QLineEdit *edit = s->view->reasonEdit();
        QVERIFY(edit->hasFocus());
        QVERIFY(!edit->text().isEmpty());
        QVERIFY(!s->view->reasonNote()->isVisible()); // nothing goes with a message
        const QString reason = QStringLiteral("代刷广告 %1").arg(language);
        edit->selectAll();
        edit->insert(reason); // as typed (keyClicks sends Latin-1 only)
        QSignalSpy completed(s->view->queueFeed(Tab::Open),
                             &models::ModerationQueueFeed::actionCompleted);
        QTest::keyClick(edit, Qt::Key_Return);
        QVERIFY(!s->view->isAskingReason());
        QCOMPARE(s->model()->pending(itemId), Pending::Queued);

        // then it leaves the open list, and an ordinary user no longer sees it
        QTRY_VERIFY_WITH_TIMEOUT(!completed.isEmpty(), kWaitMs);
        QTRY_COMPARE_WITH_TIMEOUT(s->model()->rowOf(itemId), -1, kWaitMs);
        QVERIFY(!boardHas(*m_lisi, m_lisiUid, message));
        QVERIFY(boardHas(*m_mod, m_lisiUid, message));

        // the Log tab says "message"
        s->view->setCurrentTab(Tab::Log);
        QVERIFY(s->loadedWhole(Tab::Log));
        ModerationLogModel *log = s->view->logModel();
        int lr = -1;
        for (int r = 0; r < log->rowCount() && lr < 0; ++r)
            if (log->index(r).data(ModerationLogModel::TargetIdRole).toLongLong() == message &&
                log->index(r).data(ModerationLogModel::ActionRole).toString() ==
                    QLatin1String("hide"))
                lr = r;
        QVERIFY(lr >= 0);
        QCOMPARE(log->index(lr).data(ModerationLogModel::TargetTypeRole).toString(),
                 QStringLiteral("message"));
        QCOMPARE(withoutIsolates(log->index(lr).data(Qt::DisplayRole).toString()),
                 w.logHide.arg(message).arg(reason));

        // the Closed tab: U, Return (no reason needed) shows it again
        s->view->setCurrentTab(Tab::Closed);
        QVERIFY(s->loadedWhole(Tab::Closed));
        const int cr = s->model(Tab::Closed)->rowOf(itemId);
        QVERIFY(cr >= 0);
        QVERIFY(s->model(Tab::Closed)->index(cr).data(QM::TargetHiddenRole).toBool());
        s->select(Tab::Closed, cr);
        QVERIFY(s->view->unhideButton()->isEnabled());
        QSignalSpy unhidden(s->view->queueFeed(Tab::Closed),
                            &models::ModerationQueueFeed::actionCompleted);
        QTest::keyClick(s->list(Tab::Closed), Qt::Key_U);
        QVERIFY(s->view->isAskingReason());
        QCOMPARE(s->view->reasonAction(), ModerationView::Action::Unhide);
        QTest::keyClick(s->view->reasonEdit(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(!unhidden.isEmpty(), kWaitMs);
        QTRY_VERIFY_WITH_TIMEOUT(!s->model(Tab::Closed)
                                      ->index(s->model(Tab::Closed)->rowOf(itemId))
                                      .data(QM::TargetHiddenRole)
                                      .toBool(),
                                 kWaitMs);
        QVERIFY(boardHas(*m_lisi, m_lisiUid, message));
        s->view->setCurrentTab(Tab::Log);
        s->view->refresh(); // F5: the log as the server has it now
        QVERIFY(s->loadedWhole(Tab::Log));
        bool logged = false;
        for (int r = 0; r < log->rowCount() && !logged; ++r)
            logged = log->index(r).data(ModerationLogModel::ActionRole).toString() ==
                         QLatin1String("unhide") &&
                     log->index(r).data(ModerationLogModel::TargetIdRole).toLongLong() == message &&
                     withoutIsolates(log->index(r).data(Qt::DisplayRole).toString()) ==
                         w.logUnhide.arg(message);
        QVERIFY(logged);
    }
};

QTEST_MAIN(TstModerationMessageView)
#include "tst_moderationmessageview.moc"

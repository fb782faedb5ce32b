// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tst_moderationview: the moderators' page (ModerationView) against the real server, offscreen —
// reports by ordinary users and an auto-flag shown as cards with the right words; H with a
// reason (pending at once, then gone from Open, hidden on the server, listed in the Log tab); the
// reason is required; D and U ask a reason too (optional; the one typed reaches the log), the line
// naming the action and its target; Esc cancels and nothing is sent; a root's floor / a post's
// comments are said to go with it; Return opens the post (a comment's post for a comment);
// the context pane beside the list: the demo's reported reply with its floor's root and
// neighbours in floor order as the server's own lists have them, a stale answer dropped; F5;
// paging by scrolling; the log's filters; a failed action in words; a user who is no moderator
// (403) reads words over empty lists; every card painted at 480 and 900 px, and screenshots
// (1280×800 with the context, in English and zh_CN) in the artifacts directory.
#include "actions.h"
#include "artifacts.h"
#include "common/messagebar.h"
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
#include "wire/jsoncodec.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPainter>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSplitter>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTranslator>

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
const QString kShots = threadline::test::artifactDir(QStringLiteral("moderationview"));

using Side = threadline::test::ModerationSide;

int rowOf(ModerationQueueModel *m, const QString &type, qint64 id)
{
    return m->rowOfTarget(
        type == QLatin1String("post") ? core::TargetType::Post : core::TargetType::Comment, id);
}

int logRowOf(ModerationLogModel *m, const QString &action, qint64 targetId)
{
    for (int r = 0; r < m->rowCount(); ++r) {
        const QModelIndex i = m->index(r);
        if (i.data(ModerationLogModel::ActionRole).toString() == action &&
            i.data(ModerationLogModel::TargetIdRole).toLongLong() == targetId)
            return r;
    }
    return -1;
}

bool hasLine(const QStringList &lines, const QString &line)
{
    return lines.contains(line);
}

QStringList plain(const QStringList &lines)
{
    QStringList out;
    for (const QString &l : lines)
        out.append(withoutIsolates(l));
    return out;
}

// The moderation log's entries for one action (newest first), as the server answers them.
QJsonArray serverLog(Client &mod, const QString &action)
{
    return mod.get(kApi + QStringLiteral("/moderation/log?action=%1&limit=50").arg(action)).items();
}

QString loggedReason(Client &mod, const QString &action, qint64 targetId)
{
    for (const QJsonValue &v : serverLog(mod, action))
        if (v.toObject().value(QLatin1String("targetId")).toInteger() == targetId)
            return v.toObject().value(QLatin1String("reason")).toString();
    return QStringLiteral("<no %1 entry for %2>").arg(action).arg(targetId);
}
} // namespace

class TstModerationView : public QObject
{
    Q_OBJECT

    TestServer m_server;
    QTemporaryDir m_dir;
    int m_sides = 0;
    std::unique_ptr<Client> m_mod, m_zhangsan, m_lisi, m_wangwu, m_mazi;
    // The fixture: 张三's post reported twice and 王五's comment on it reported once; 李四's
    // auto-flagged post; 麻子's long post reported four times.
    qint64 m_post = 0, m_comment = 0, m_flagged = 0, m_long = 0;

    std::unique_ptr<Side> side(const Client &as)
    {
        const QString dir = m_dir.filePath(QStringLiteral("side%1").arg(++m_sides));
        QDir().mkpath(dir);
        return std::make_unique<Side>(m_server.baseUrl(), as.token(), dir);
    }
    std::unique_ptr<Side> moderator() { return side(*m_mod); }
    qint64 newPost(Client &as, const QString &content)
    {
        const auto r = as.post(kApi + QStringLiteral("/posts"),
                               QJsonObject{{QStringLiteral("content"), content}});
        if (r.status != 201)
            qWarning("%s", r.describe().constData());
        return r.obj().value(QLatin1String("id")).toInteger();
    }
    qint64 newComment(Client &as, qint64 postId, const QString &content)
    {
        const auto r = as.post(kApi + QStringLiteral("/posts/%1/comments").arg(postId),
                               QJsonObject{{QStringLiteral("content"), content}});
        if (r.status != 201)
            qWarning("%s", r.describe().constData());
        return r.obj().value(QLatin1String("id")).toInteger();
    }
    bool reportOn(Client &as, const QString &type, qint64 id, const QString &reason,
                  const QString &note = {})
    {
        QJsonObject body{{QStringLiteral("targetType"), type},
                         {QStringLiteral("targetId"), id},
                         {QStringLiteral("reason"), reason}};
        if (!note.isEmpty())
            body.insert(QStringLiteral("note"), note);
        const auto r = as.post(kApi + QStringLiteral("/reports"), body);
        if (r.status != 201)
            qWarning("%s", r.describe().constData());
        return r.status == 201;
    }
    // Starts the page and waits for its first page.
    static bool started(Side &s)
    {
        QSignalSpy loaded(s.view->queueFeed(Tab::Open), &models::ModerationQueueFeed::loaded);
        s.view->start();
        return loaded.wait(kWaitMs);
    }
    void screenshot(Side &s, const QString &name, int width, int height = 800)
    {
        s.view->resize(width, height);
        // the lists lay out again (Adjust resize mode) on a zero timer: let it run
        QCoreApplication::processEvents();
        QCoreApplication::processEvents();
        QDir().mkpath(kShots);
        const QString path = QDir(kShots).filePath(name);
        QVERIFY2(s.view->grab().save(path), qPrintable(path));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY2(m_server.start(), m_server.stderrLog().right(2000).constData());
        installTranslations(*QCoreApplication::instance(), QLocale(QLocale::English));
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

        m_post = newPost(*m_zhangsan,
                         QStringLiteral("今天的晚霞太美了🌅 大家快去楼顶看看！顺便推荐一家店"));
        m_comment = newComment(*m_wangwu, m_post, QStringLiteral("你这是广告吧 😒 滚"));
        QVERIFY(m_post > 0 && m_comment > 0);
        QVERIFY(reportOn(*m_lisi, QStringLiteral("post"), m_post, QStringLiteral("spam"),
                         QStringLiteral("广告又来了")));
        QVERIFY(reportOn(*m_wangwu, QStringLiteral("post"), m_post, QStringLiteral("abuse")));
        QVERIFY(reportOn(*m_mazi, QStringLiteral("comment"), m_comment, QStringLiteral("illegal"),
                         QStringLiteral("骂人")));
        m_flagged = newPost(*m_lisi, QStringLiteral("专业刷粉，价格优惠 🎉 私信我"));
        QVERIFY(m_flagged > 0);
        QString longText;
        for (int n = 1; n <= 8; ++n)
            longText +=
                QStringLiteral("第%1行：这是一段很长很长的文字，用来看卡片怎样省略 📜\n").arg(n);
        m_long = newPost(*m_mazi, longText.trimmed());
        QVERIFY(m_long > 0);
        QVERIFY(reportOn(*m_zhangsan, QStringLiteral("post"), m_long, QStringLiteral("spam")));
        QVERIFY(reportOn(*m_lisi, QStringLiteral("post"), m_long, QStringLiteral("other"),
                         QStringLiteral("太长了，刷屏，而且每一行都一样，看得人眼花缭乱，"
                                        "真的没有必要发这么长的东西")));
        QVERIFY(reportOn(*m_wangwu, QStringLiteral("post"), m_long, QStringLiteral("abuse")));
        QVERIFY(reportOn(*m_mod, QStringLiteral("post"), m_long, QStringLiteral("illegal")));
    }

    void cardsShowReportsAndFlags()
    {
        auto s = moderator();
        QVERIFY(started(*s));
        QVERIFY(s->loadedWhole(Tab::Open));
        ModerationQueueModel *m = s->model();
        QVERIFY(m->rowCount() >= 4);
        QCOMPARE(s->view->statusText(), QString());
        QVERIFY(!s->view->isBusy());

        // 张三's post: two reports, the reporters and 李四's note
        const int p = rowOf(m, QStringLiteral("post"), m_post);
        QVERIFY(p >= 0);
        QStringList t = s->view->cardTexts(m->index(p), 900);
        QCOMPARE(t.first(), QStringLiteral("Post by 张三"));
        QVERIFY2(hasLine(t, QStringLiteral("今天的晚霞太美了🌅 大家快去楼顶看看！顺便推荐一家店")),
                 qPrintable(t.join(u'|')));
        QVERIFY2(hasLine(t, QStringLiteral("2 reports · Spam · Abuse")), qPrintable(t.join(u'|')));
        QVERIFY2(hasLine(t, QStringLiteral("王五 · Abuse")), qPrintable(t.join(u'|')));
        QVERIFY2(hasLine(t, QStringLiteral("李四 · Spam: 广告又来了")), qPrintable(t.join(u'|')));
        QVERIFY(!t.join(u'|').contains(QStringLiteral("Hidden")));
        QVERIFY(!t.join(u'|').contains(QStringLiteral("Auto-flagged")));

        // 王五's comment: its post for context
        const int c = rowOf(m, QStringLiteral("comment"), m_comment);
        QVERIFY(c >= 0);
        t = s->view->cardTexts(m->index(c), 900);
        QCOMPARE(t.first(), QStringLiteral("Comment by 王五"));
        QVERIFY2(hasLine(t, QStringLiteral("你这是广告吧 😒 滚")), qPrintable(t.join(u'|')));
        QVERIFY2(hasLine(t, QStringLiteral("On 张三's post: 今天的晚霞太美了🌅 "
                                           "大家快去楼顶看看！顺便推荐一家店")),
                 qPrintable(t.join(u'|')));
        QVERIFY2(hasLine(t, QStringLiteral("1 report · Illegal")), qPrintable(t.join(u'|')));
        QVERIFY2(hasLine(t, QStringLiteral("麻子 · Illegal: 骂人")), qPrintable(t.join(u'|')));

        // 李四's auto-flagged post: the badge, no reports line
        const int f = rowOf(m, QStringLiteral("post"), m_flagged);
        QVERIFY(f >= 0);
        t = s->view->cardTexts(m->index(f), 900);
        QCOMPARE(t.first(), QStringLiteral("Post by 李四"));
        QVERIFY2(hasLine(t, QStringLiteral("Auto-flagged: \u201c刷粉\u201d")),
                 qPrintable(t.join(u'|')));
        QVERIFY(!t.join(u'|').contains(QStringLiteral("report")));

        // 麻子's long post: 3 lines, the last elided; 3 reporters and "and 1 more"
        const int l = rowOf(m, QStringLiteral("post"), m_long);
        QVERIFY(l >= 0);
        for (int width : {480, 900}) {
            t = s->view->cardTexts(m->index(l), width);
            QVERIFY2(t.at(1).startsWith(QStringLiteral("第1行")), qPrintable(t.join(u'|')));
            QVERIFY2(t.at(2).startsWith(QStringLiteral("第2行")) || width < 600,
                     qPrintable(t.join(u'|')));
            QVERIFY2(t.at(3).endsWith(QChar(0x2026)), qPrintable(t.join(u'|')));
            QVERIFY2(hasLine(t, QStringLiteral("4 reports · Spam · Abuse · Illegal · Other")),
                     qPrintable(t.join(u'|')));
            QVERIFY2(hasLine(t, QStringLiteral("and 1 more")), qPrintable(t.join(u'|')));
        }
        // a reporter's long note is elided at 480
        t = s->view->cardTexts(m->index(l), 480);
        bool elidedNote = false;
        for (const QString &line : t)
            elidedNote |= line.startsWith(QStringLiteral("李四 · Other: 太长了")) &&
                          line.endsWith(QChar(0x2026));
        QVERIFY2(elidedNote, qPrintable(t.join(u'|')));

        // the demo's own items: the tea reply's two reports, newest first with the note; the
        // auto-flagged comment's badge with its word
        int tea = -1, flagged = -1;
        for (int r = 0; r < m->rowCount(); ++r) {
            const QString text = m->index(r).data(QM::TargetContentRole).toString();
            if (text.contains(QStringLiteral("明前龙井")))
                tea = r;
            if (text.contains(QStringLiteral("想刷粉的私信我")))
                flagged = r;
        }
        QVERIFY(tea >= 0 && flagged >= 0);
        t = s->view->cardTexts(m->index(tea), 900);
        QCOMPARE(t.first(), QStringLiteral("Comment by 钱七"));
        QVERIFY2(hasLine(t, QStringLiteral("2 reports · Spam · Other")), qPrintable(t.join(u'|')));
        const qsizetype mazi =
            t.indexOf(QStringLiteral("麻子 · Other: 他在好几个帖子下面都在卖茶叶。"));
        QVERIFY2(mazi > 0, qPrintable(t.join(u'|')));
        QCOMPARE(t.value(mazi + 1), QStringLiteral("张三 · Spam"));
        t = s->view->cardTexts(m->index(flagged), 900);
        QVERIFY2(hasLine(t, QStringLiteral("Auto-flagged: \u201c刷粉\u201d")),
                 qPrintable(t.join(u'|')));
        // the newest item first
        for (int r = 1; r < m->rowCount(); ++r) {
            const qint64 newer = m->index(r - 1).data(QM::CreatedTimeRole).toLongLong();
            const qint64 older = m->index(r).data(QM::CreatedTimeRole).toLongLong();
            QVERIFY2(newer > older || (newer == older && m->itemIdAt(r - 1) > m->itemIdAt(r)),
                     qPrintable(QString::number(r)));
        }

        // nothing selected: no action
        QVERIFY(!s->view->hideButton()->isEnabled());
        QVERIFY(!s->view->dismissButton()->isEnabled());
        QVERIFY(!s->view->openButton()->isEnabled());
        s->select(Tab::Open, p);
        QCOMPARE(s->view->selectedItemId(), m->itemIdAt(p));
        QVERIFY(s->view->hideButton()->isEnabled());
        QVERIFY(!s->view->unhideButton()->isEnabled());
        QVERIFY(s->view->dismissButton()->isEnabled());
        QVERIFY(s->view->openButton()->isEnabled());
    }

    void hideWithKeyboard_data()
    {
        QTest::addColumn<bool>("onComment");
        QTest::newRow("post") << false;
        QTest::newRow("comment") << true;
    }

    void hideWithKeyboard()
    {
        QFETCH(bool, onComment);
        const qint64 post = newPost(*m_zhangsan, QStringLiteral("买一送一，点我链接 👉"));
        const qint64 comment = newComment(*m_wangwu, post, QStringLiteral("一起来赚钱 💰"));
        QVERIFY(post > 0 && comment > 0);
        const QString type = onComment ? QStringLiteral("comment") : QStringLiteral("post");
        const qint64 target = onComment ? comment : post;
        QVERIFY(reportOn(*m_lisi, type, target, QStringLiteral("spam")));
        QVERIFY(reportOn(*m_mazi, type, target, QStringLiteral("abuse")));

        auto s = moderator();
        QVERIFY(started(*s));
        QVERIFY(s->loadedWhole(Tab::Open));
        const int row = rowOf(s->model(), type, target);
        QVERIFY(row >= 0);
        const qint64 itemId = s->model()->itemIdAt(row);
        s->select(Tab::Open, row);

        // H asks for the reason, prefilled with the item's reasons
        QTest::keyClick(s->list(), Qt::Key_H);
        QVERIFY(s->view->isAskingReason());
        QLineEdit *edit = s->view->reasonEdit();
        QCOMPARE(edit->text(), QStringLiteral("Spam · Abuse"));
        QVERIFY(edit->hasFocus());
        QCOMPARE(s->view->reasonAction(), ModerationView::Action::Hide);
        QCOMPARE(withoutIsolates(s->view->reasonLabel()->text()),
                 onComment ? QStringLiteral("Hide 王五's comment — reason:")
                           : QStringLiteral("Hide 张三's post — reason:"));
        QCOMPARE(s->view->reasonButton()->text(), QStringLiteral("Hide"));
        // a post's comments go with it; a root without replies takes nothing with it
        QCOMPARE(s->view->reasonNote()->isVisible(), !onComment);
        if (!onComment)
            QCOMPARE(s->view->reasonNote()->text(),
                     QStringLiteral("Its one comment is hidden with it."));
        // Esc: nothing happens
        QTest::keyClick(edit, Qt::Key_Escape);
        QVERIFY(!s->view->isAskingReason());
        QCOMPARE(s->model()->pending(itemId), Pending::None);
        QVERIFY(s->list()->hasFocus());
        // a reason is required: an empty line hides nothing
        QTest::keyClick(s->list(), Qt::Key_H);
        QVERIFY(s->view->isAskingReason());
        edit->clear();
        QTest::keyClick(edit, Qt::Key_Return);
        QVERIFY(s->view->isAskingReason());
        QCOMPARE(s->model()->pending(itemId), Pending::None);
        QVERIFY(!s->view->hideSelected(QStringLiteral("   ")));

        // with a reason: pending at once
        const QString reason = QStringLiteral("垃圾广告 (%1)").arg(type);
        edit->insert(reason); // as typed (keyClicks sends Latin-1 only)
        QSignalSpy completed(s->view->queueFeed(Tab::Open),
                             &models::ModerationQueueFeed::actionCompleted);
        const bool shoot = QTest::currentDataTag() == QLatin1String("post");
        if (shoot)
            s->api.setOffline(true); // the action waits in the outbox for the screenshot
        QTest::keyClick(edit, Qt::Key_Return);
        QVERIFY(!s->view->isAskingReason());
        QCOMPARE(s->model()->pending(itemId), Pending::Queued);
        const int now = s->model()->rowOf(itemId);
        QVERIFY(now >= 0);
        QVERIFY(s->view->cardTexts(s->model()->index(now), 900)
                    .last()
                    .startsWith(QStringLiteral("Queued")));
        QVERIFY(!s->view->hideButton()->isEnabled()); // not twice
        if (shoot) {
            s->list()->scrollTo(s->model()->index(now), QAbstractItemView::PositionAtTop);
            screenshot(*s, QStringLiteral("open-pending-900.png"), 900);
            QCOMPARE(s->model()->pending(itemId), Pending::Queued);
            s->api.setOffline(false);
        }

        // then it leaves the open list, and the server has the target hidden
        QTRY_VERIFY_WITH_TIMEOUT(!completed.isEmpty(), kWaitMs);
        QTRY_COMPARE_WITH_TIMEOUT(s->model()->rowOf(itemId), -1, kWaitMs);
        if (onComment) {
            const auto r =
                m_mod->get(kApi + QStringLiteral("/posts/%1/comments?limit=200").arg(post));
            bool hidden = false;
            for (const QJsonValue &v : r.obj().value(QLatin1String("roots")).toArray())
                if (v.toObject().value(QLatin1String("id")).toInteger() == comment)
                    hidden = v.toObject().value(QLatin1String("status")).toString() ==
                             QLatin1String("hidden");
            QVERIFY2(hidden, r.describe().constData());
        } else {
            QCOMPARE(m_zhangsan->get(kApi + QStringLiteral("/posts/%1").arg(post)).status, 404);
            QCOMPARE(m_mod->get(kApi + QStringLiteral("/posts/%1").arg(post))
                         .obj()
                         .value(QLatin1String("hidden"))
                         .toBool(),
                     true);
        }
        QCOMPARE(s->view->statusText(), QString());

        // the Log tab lists it
        s->view->setCurrentTab(Tab::Log);
        QVERIFY(s->loadedWhole(Tab::Log));
        const int lr = logRowOf(s->view->logModel(), QStringLiteral("hide"), target);
        QVERIFY(lr >= 0);
        QCOMPARE(withoutIsolates(s->view->logModel()->index(lr).data(Qt::DisplayRole).toString()),
                 QStringLiteral("管理员 hid %1 %2: %3").arg(type).arg(target).arg(reason));

        // the Closed tab shows it, hidden, with Unhide possible
        s->view->setCurrentTab(Tab::Closed);
        QVERIFY(s->loadedWhole(Tab::Closed));
        const int cr = s->model(Tab::Closed)->rowOf(itemId);
        QVERIFY(cr >= 0);
        QVERIFY(hasLine(s->view->cardTexts(s->model(Tab::Closed)->index(cr), 900),
                        QStringLiteral("Hidden")));
        s->select(Tab::Closed, cr);
        QVERIFY(s->view->unhideButton()->isEnabled());
        QVERIFY(!s->view->hideButton()->isEnabled());
        QVERIFY(!s->view->dismissButton()->isEnabled());
    }

    void unhideInClosedTab()
    {
        const qint64 post =
            newPost(*m_zhangsan, QStringLiteral("其实没问题的一条动态 🙂"));
        QVERIFY(reportOn(*m_lisi, QStringLiteral("post"), post, QStringLiteral("spam")));
        QCOMPARE(m_mod
                     ->post(kApi + QStringLiteral("/moderation/posts/%1/hide").arg(post),
                            QJsonObject{{QStringLiteral("reason"), QStringLiteral("spam")}})
                     .status,
                 200);
        QCOMPARE(m_zhangsan->get(kApi + QStringLiteral("/posts/%1").arg(post)).status, 404);

        auto s = moderator();
        QVERIFY(started(*s));
        s->view->setCurrentTab(Tab::Closed);
        QVERIFY(s->loadedWhole(Tab::Closed));
        ModerationQueueModel *m = s->model(Tab::Closed);
        const int row = rowOf(m, QStringLiteral("post"), post);
        QVERIFY(row >= 0);
        const qint64 itemId = m->itemIdAt(row);
        QVERIFY(m->index(row).data(QM::TargetHiddenRole).toBool());
        s->select(Tab::Closed, row);
        QVERIFY(s->view->unhideButton()->isEnabled());

        // U asks for a reason (optional), naming what it does
        QTest::keyClick(s->list(Tab::Closed), Qt::Key_U);
        QVERIFY(s->view->isAskingReason());
        QCOMPARE(s->view->reasonAction(), ModerationView::Action::Unhide);
        QCOMPARE(withoutIsolates(s->view->reasonLabel()->text()),
                 QStringLiteral("Unhide 张三's post — reason (optional):"));
        QCOMPARE(s->view->reasonButton()->text(), QStringLiteral("Unhide"));
        QCOMPARE(s->view->reasonEdit()->text(), QString());
        QVERIFY(s->view->reasonButton()->isEnabled()); // empty is allowed
        QVERIFY(s->view->reasonNote()->isVisible());
        QCOMPARE(s->view->reasonNote()->text(), QStringLiteral("Its comments come back with it."));
        QCOMPARE(m->pending(itemId), Pending::None); // nothing yet
        const QString reason = QStringLiteral("误判：只是一条普通动态");
        s->view->reasonEdit()->insert(reason);
        QTest::keyClick(s->view->reasonEdit(), Qt::Key_Return);
        QVERIFY(!s->view->isAskingReason());
        QCOMPARE(m->pending(itemId), Pending::Queued);
        QVERIFY(!s->view->unhideButton()->isEnabled());
        // still closed, so still listed: no longer hidden
        QTRY_VERIFY_WITH_TIMEOUT(
            m->pending(itemId) == Pending::None &&
                !m->index(m->rowOf(itemId)).data(QM::TargetHiddenRole).toBool(),
            kWaitMs);
        QVERIFY(!hasLine(s->view->cardTexts(m->index(m->rowOf(itemId)), 900),
                         QStringLiteral("Hidden")));
        QCOMPARE(m_zhangsan->get(kApi + QStringLiteral("/posts/%1").arg(post)).status, 200);
        QVERIFY(s->view->hideButton()->isEnabled()); // it may be hidden again
        QVERIFY(!s->view->unhideButton()->isEnabled());

        // the log has the unhide, with the reason typed
        QCOMPARE(loggedReason(*m_mod, QStringLiteral("unhide"), post), reason);
        s->view->setCurrentTab(Tab::Log);
        QVERIFY(s->loadedWhole(Tab::Log));
        QVERIFY(logRowOf(s->view->logModel(), QStringLiteral("unhide"), post) >= 0);
    }

    void dismissWithKeyboard_data()
    {
        QTest::addColumn<QString>("reason");
        QTest::newRow("with a reason") << QStringLiteral("不违规：分享音乐");
        QTest::newRow("without one, Return on the list") << QString();
    }

    void dismissWithKeyboard()
    {
        QFETCH(QString, reason);
        const qint64 post = newPost(*m_zhangsan, QStringLiteral("只是分享一首歌 🎵"));
        QVERIFY(reportOn(*m_lisi, QStringLiteral("post"), post, QStringLiteral("other"),
                         QStringLiteral("不喜欢")));
        auto s = moderator();
        QVERIFY(started(*s));
        QVERIFY(s->loadedWhole(Tab::Open));
        const int row = rowOf(s->model(), QStringLiteral("post"), post);
        QVERIFY(row >= 0);
        const qint64 itemId = s->model()->itemIdAt(row);
        s->select(Tab::Open, row);
        QSignalSpy opened(s->view.get(), &ModerationView::postRequested);
        // D asks for a reason (optional), naming what it does
        QTest::keyClick(s->list(), Qt::Key_D);
        QVERIFY(s->view->isAskingReason());
        QCOMPARE(s->view->reasonAction(), ModerationView::Action::Dismiss);
        QCOMPARE(withoutIsolates(s->view->reasonLabel()->text()),
                 QStringLiteral("Dismiss the reports on 张三's post — reason (optional):"));
        QCOMPARE(s->view->reasonButton()->text(), QStringLiteral("Dismiss"));
        QVERIFY(s->view->reasonButton()->isEnabled());
        QVERIFY(!s->view->reasonNote()->isVisible());
        QCOMPARE(s->model()->pending(itemId), Pending::None);
        if (reason.isEmpty()) {
            // Return on the list confirms the open line (it does not open the post)
            s->list()->setFocus(Qt::OtherFocusReason);
            QTest::keyClick(s->list(), Qt::Key_Return);
        } else {
            s->view->reasonEdit()->insert(reason);
            QTest::keyClick(s->view->reasonEdit(), Qt::Key_Return);
        }
        QVERIFY(!s->view->isAskingReason());
        QCOMPARE(opened.count(), 0);
        QCOMPARE(s->model()->pending(itemId), Pending::Queued);
        QTRY_COMPARE_WITH_TIMEOUT(s->model()->rowOf(itemId), -1, kWaitMs);
        QCOMPARE(loggedReason(*m_mod, QStringLiteral("dismiss"), post), reason);
        // not hidden: readers still see it; the server's open queue no longer has it
        QCOMPARE(m_zhangsan->get(kApi + QStringLiteral("/posts/%1").arg(post)).status, 200);
        bool open = false;
        for (const QJsonValue &v :
             m_mod->get(kApi + QStringLiteral("/moderation/queue?status=open&limit=50")).items())
            open |= v.toObject().value(QLatin1String("id")).toInteger() == itemId;
        QVERIFY(!open);
        // the next item is the one to act on now
        if (s->model()->rowCount() > 0)
            QVERIFY(s->view->selectedItemId() != 0);

        // it is in the Closed tab, not hidden; the log lists the dismissal
        s->view->setCurrentTab(Tab::Closed);
        QVERIFY(s->loadedWhole(Tab::Closed));
        const int cr = s->model(Tab::Closed)->rowOf(itemId);
        QVERIFY(cr >= 0);
        QVERIFY(!s->model(Tab::Closed)->index(cr).data(QM::TargetHiddenRole).toBool());
        s->view->setCurrentTab(Tab::Log);
        QVERIFY(s->loadedWhole(Tab::Log));
        QVERIFY(logRowOf(s->view->logModel(), QStringLiteral("dismiss"), post) >= 0);
    }

    void escapeSendsNothing_data()
    {
        QTest::addColumn<int>("key");
        QTest::addColumn<bool>("cancelButton");
        QTest::newRow("H, Esc") << int(Qt::Key_H) << false;
        QTest::newRow("U, Esc") << int(Qt::Key_U) << false;
        QTest::newRow("D, Esc") << int(Qt::Key_D) << false;
        QTest::newRow("D, Cancel") << int(Qt::Key_D) << true;
    }

    void escapeSendsNothing()
    {
        QFETCH(int, key);
        QFETCH(bool, cancelButton);
        const bool unhide = key == Qt::Key_U;
        const qint64 post = newPost(*m_zhangsan, QStringLiteral("不用处理的一条 🌿"));
        QVERIFY(reportOn(*m_lisi, QStringLiteral("post"), post, QStringLiteral("spam")));
        if (unhide)
            QCOMPARE(m_mod
                         ->post(kApi + QStringLiteral("/moderation/posts/%1/hide").arg(post),
                                QJsonObject{{QStringLiteral("reason"), QStringLiteral("试试")}})
                         .status,
                     200);
        const Tab tab = unhide ? Tab::Closed : Tab::Open;
        auto s = moderator();
        QVERIFY(started(*s));
        s->view->setCurrentTab(tab);
        QVERIFY(s->loadedWhole(tab));
        const int row = rowOf(s->model(tab), QStringLiteral("post"), post);
        QVERIFY(row >= 0);
        const qint64 itemId = s->model(tab)->itemIdAt(row);
        s->select(tab, row);
        QTRY_VERIFY_WITH_TIMEOUT(
            s->view->context()->state() == models::ModerationContext::State::Ready, kWaitMs);
        QTRY_COMPARE_WITH_TIMEOUT(s->api.pendingCount(), 0, kWaitMs);
        const qsizetype mark = m_server.settle();
        QVERIFY(mark >= 0);

        QTest::keyClick(s->list(tab), Qt::Key(key));
        QVERIFY(s->view->isAskingReason());
        s->view->reasonEdit()->insert(QStringLiteral("不该发出去"));
        if (cancelButton)
            s->view->findChild<QPushButton *>(QStringLiteral("cancelHide"))->click();
        else
            QTest::keyClick(s->view->reasonEdit(), Qt::Key_Escape);
        QVERIFY(!s->view->isAskingReason());
        QVERIFY(!s->view->reasonNote()->isVisible());
        QVERIFY(s->list(tab)->hasFocus());
        QCOMPARE(s->model(tab)->pending(itemId), Pending::None);
        QVERIFY(s->outbox.entries().isEmpty());
        // nothing reached the server
        for (const QByteArray &line : m_server.requestsSince(mark))
            QVERIFY2(!line.contains("/moderation/"), line.constData());
        // the same item may be acted on afterwards: the line opens again, empty for U and D
        QTest::keyClick(s->list(tab), Qt::Key(key));
        QVERIFY(s->view->isAskingReason());
        if (key != Qt::Key_H)
            QCOMPARE(s->view->reasonEdit()->text(), QString());
        QTest::keyClick(s->view->reasonEdit(), Qt::Key_Escape);
        QVERIFY(s->outbox.entries().isEmpty());
    }

    void hidingARootSaysItsFloorGoes()
    {
        // the demo's rude root (麻六's) has three replies
        auto s = moderator();
        QVERIFY(started(*s));
        QVERIFY(s->loadedWhole(Tab::Open));
        int row = -1;
        for (int r = 0; r < s->model()->rowCount(); ++r)
            if (s->model()
                    ->index(r)
                    .data(QM::TargetContentRole)
                    .toString()
                    .contains(QStringLiteral("废物")))
                row = r;
        QVERIFY(row >= 0);
        s->select(Tab::Open, row);
        QTest::keyClick(s->list(), Qt::Key_H);
        QVERIFY(s->view->isAskingReason());
        QCOMPARE(withoutIsolates(s->view->reasonLabel()->text()),
                 QStringLiteral("Hide 麻六's comment — reason:"));
        QVERIFY(s->view->reasonNote()->isVisible());
        QCOMPARE(s->view->reasonNote()->text(),
                 QStringLiteral("Its floor's 3 replies are hidden with it."));
        QCOMPARE(s->view->reasonEdit()->text(), QStringLiteral("Abuse"));
        // the context shows the root and its first replies, the root marked
        QTRY_VERIFY_WITH_TIMEOUT(
            s->view->context()->state() == models::ModerationContext::State::Ready, kWaitMs);
        const QStringList t = plain(s->view->contextTexts());
        const int reported = int(t.indexOf(QStringLiteral("Reported")));
        QVERIFY2(reported >= 0, qPrintable(t.join(u'|')));
        QVERIFY2(t.value(reported + 1).startsWith(QStringLiteral("麻六: 上次一起爬山的人")),
                 qPrintable(t.join(u'|')));
        QVERIFY2(t.indexOf(QStringLiteral("王五: 说话客气点，大家是出去玩的。")) > reported,
                 qPrintable(t.join(u'|')));
        QVERIFY2(t.indexOf(QStringLiteral("麻六: 我说的是实话。")) > reported,
                 qPrintable(t.join(u'|')));
        QTest::keyClick(s->view->reasonEdit(), Qt::Key_Escape);
        QVERIFY(s->outbox.entries().isEmpty());
    }

    void contextPaneShowsTheFloor()
    {
        // a demo server of its own: the queue as --demo seeds it, nothing of the other tests' (the
        // screenshots go into the docs)
        TestServer demo;
        QVERIFY2(demo.start(), demo.stderrLog().right(2000).constData());
        Client mod(demo.baseUrl());
        QVERIFY(!mod.login(QStringLiteral("moderator")).isEmpty());
        const QString dir = m_dir.filePath(QStringLiteral("side-demo"));
        QVERIFY(QDir().mkpath(dir));
        auto s = std::make_unique<Side>(demo.baseUrl(), mod.token(), dir);
        s->view->resize(1280, 800);
        QVERIFY(started(*s));
        QVERIFY(s->loadedWhole(Tab::Open));
        QVERIFY(s->view->contextPane()->isVisible());
        QVERIFY(s->view->contextPane()->width() >= 380);
        QVERIFY(s->view->splitter()->sizes().at(0) > s->view->splitter()->sizes().at(1));
        // nothing selected: words
        QVERIFY2(hasLine(s->view->contextTexts(), QStringLiteral("In context")),
                 qPrintable(s->view->contextTexts().join(u'|')));

        // the demo's reply selling tea
        int row = -1;
        for (int r = 0; r < s->model()->rowCount(); ++r)
            if (s->model()
                    ->index(r)
                    .data(QM::TargetContentRole)
                    .toString()
                    .contains(QStringLiteral("明前龙井")))
                row = r;
        QVERIFY(row >= 0);
        const auto item = s->model()->item(s->model()->itemIdAt(row));
        QVERIFY(item && item->targetComment() && !item->targetComment()->isRoot());
        const core::Comment tea = *item->targetComment();
        s->select(Tab::Open, row);
        QCOMPARE(s->view->context()->itemId(), item->id);
        QVERIFY2(hasLine(plain(s->view->contextTexts()), QStringLiteral("Loading the floor…")),
                 qPrintable(s->view->contextTexts().join(u'|')));
        QTRY_VERIFY_WITH_TIMEOUT(
            s->view->context()->state() == models::ModerationContext::State::Ready, kWaitMs);

        // what the server's own lists say: the floor's root, then the replies around the tea
        QStringList expected;
        const auto roots =
            mod.get(kApi + QStringLiteral("/posts/%1/comments?after=%2&limit=1&replies=0")
                               .arg(tea.postId)
                               .arg(tea.floor - 1));
        const QJsonObject root =
            roots.obj().value(QLatin1String("roots")).toArray().at(0).toObject();
        QCOMPARE(root.value(QLatin1String("id")).toInteger(), tea.rootId);
        const auto line = [](const QJsonObject &c) {
            return c.value(QLatin1String("author"))
                       .toObject()
                       .value(QLatin1String("nickName"))
                       .toString() +
                   QStringLiteral(": ") + c.value(QLatin1String("content")).toString();
        };
        expected.append(line(root));
        const QJsonArray replies =
            mod.get(kApi + QStringLiteral("/comments/%1/replies?limit=200").arg(tea.rootId))
                .items();
        int t = -1;
        for (int i = 0; i < replies.size(); ++i)
            if (replies.at(i).toObject().value(QLatin1String("id")).toInteger() == tea.id)
                t = i;
        QVERIFY(t >= 1);
        for (int i = std::max(t - 2, 0); i <= std::min(t + 2, int(replies.size()) - 1); ++i)
            expected.append(line(replies.at(i).toObject()));
        QCOMPARE(expected.first(), QStringLiteral("李四: 天气预报说周六有雨，要不改到周日？"));
        QCOMPARE(expected.at(t - std::max(t - 2, 0) + 1),
                 QStringLiteral("钱七: 周日我可以。顺便卖点自家的明前龙井，需要的找我。"));

        const QStringList texts = plain(s->view->contextTexts());
        QVERIFY2(texts.value(0) == QStringLiteral("In context"), qPrintable(texts.join(u'|')));
        QVERIFY2(texts.value(1).startsWith(QStringLiteral("Post by 麻子 · ")),
                 qPrintable(texts.join(u'|')));
        QVERIFY2(texts.value(2).startsWith(QStringLiteral("周末去西山爬山")),
                 qPrintable(texts.join(u'|')));
        QVERIFY2(hasLine(texts, QStringLiteral("Floor %1").arg(tea.floor)),
                 qPrintable(texts.join(u'|')));
        // the floor's lines, in floor order; the tea marked "Reported" just before it
        QStringList shown;
        for (const QString &l : texts)
            if (expected.contains(l))
                shown.append(l);
        QCOMPARE(shown, expected);
        const qsizetype at = texts.indexOf(expected.at(t - std::max(t - 2, 0) + 1));
        QCOMPARE(texts.value(at - 1), QStringLiteral("Reported"));

        // screenshots at 1280×800, in English and zh_CN, the tea selected
        s->list()->scrollToTop();
        s->list()->scrollTo(s->model()->index(row));
        screenshot(*s, QStringLiteral("open-context-1280x800-en.png"), 1280, 800);
        installTranslations(*QCoreApplication::instance(), QLocale(QStringLiteral("zh_CN")));
        QCoreApplication::processEvents();
        const QStringList zh = plain(s->view->contextTexts());
        QVERIFY2(hasLine(zh, QStringLiteral("李四: 天气预报说周六有雨，要不改到周日？")) ||
                     hasLine(zh, QStringLiteral("李四：天气预报说周六有雨，要不改到周日？")),
                 qPrintable(zh.join(u'|')));
        screenshot(*s, QStringLiteral("open-context-1280x800-zh_CN.png"), 1280, 800);
        // and with the reason line open (D): its words in both languages
        QTest::keyClick(s->list(), Qt::Key_D);
        QVERIFY(s->view->isAskingReason());
        screenshot(*s, QStringLiteral("open-context-dismiss-1280x800-zh_CN.png"), 1280, 800);
        installTranslations(*QCoreApplication::instance(), QLocale(QLocale::English));
        QCoreApplication::processEvents();
        screenshot(*s, QStringLiteral("open-context-dismiss-1280x800-en.png"), 1280, 800);
        QTest::keyClick(s->view->reasonEdit(), Qt::Key_Escape);
        QVERIFY(s->outbox.entries().isEmpty());

        // the Closed tab: the advertisement floor the demo's moderator hid, greyed
        s->view->setCurrentTab(Tab::Closed);
        QVERIFY(s->loadedWhole(Tab::Closed));
        int ad = -1;
        for (int r = 0; r < s->model(Tab::Closed)->rowCount(); ++r)
            if (s->model(Tab::Closed)
                    ->index(r)
                    .data(QM::TargetContentRole)
                    .toString()
                    .contains(QStringLiteral("登山装备优惠券")))
                ad = r;
        QVERIFY(ad >= 0);
        s->select(Tab::Closed, ad);
        QTRY_VERIFY_WITH_TIMEOUT(
            s->view->context()->state() == models::ModerationContext::State::Ready, kWaitMs);
        const QStringList hidden = plain(s->view->contextTexts());
        QVERIFY2(hidden.count(QStringLiteral("Hidden by a moderator")) == 2,
                 qPrintable(hidden.join(u'|')));
        QVERIFY2(hasLine(hidden, QStringLiteral("麻子: 这是广告吧……")),
                 qPrintable(hidden.join(u'|')));
        // nobody reported it: the server's word list brought it
        QVERIFY2(hasLine(hidden, QStringLiteral("Auto-flagged")) &&
                     !hasLine(hidden, QStringLiteral("Reported")),
                 qPrintable(hidden.join(u'|')));
        screenshot(*s, QStringLiteral("closed-context-hidden-1280x800-en.png"), 1280, 800);

        // the Log tab has no context pane
        s->view->setCurrentTab(Tab::Log);
        QVERIFY(!s->view->contextPane()->isVisible());
        s->view->setCurrentTab(Tab::Open);
        QVERIFY(s->view->contextPane()->isVisible());
    }

    void staleContextIsDropped()
    {
        auto s = moderator();
        s->view->resize(1280, 800);
        QVERIFY(started(*s));
        QVERIFY(s->loadedWhole(Tab::Open));
        int tea = -1, scam = -1;
        for (int r = 0; r < s->model()->rowCount(); ++r) {
            const QString text = s->model()->index(r).data(QM::TargetContentRole).toString();
            if (text.contains(QStringLiteral("明前龙井")))
                tea = r;
            if (text.contains(QStringLiteral("二手单反")))
                scam = r;
        }
        QVERIFY(tea >= 0 && scam >= 0);
        QStringList everShown;
        connect(s->view->context(), &models::ModerationContext::changed, s->view.get(),
                [&] { everShown += s->view->contextTexts(); });
        // the tea's floor is asked for, then the selection moves on before it answers
        QTRY_COMPARE_WITH_TIMEOUT(s->api.pendingCount(), 0, kWaitMs);
        s->select(Tab::Open, tea);
        QVERIFY(s->api.pendingCount() > 0);
        s->select(Tab::Open, scam);
        QTRY_VERIFY_WITH_TIMEOUT(
            s->view->context()->state() == models::ModerationContext::State::Ready, kWaitMs);
        QTRY_COMPARE_WITH_TIMEOUT(s->api.pendingCount(), 0, kWaitMs); // nothing still coming
        QCOMPARE(s->view->context()->itemId(), s->model()->itemIdAt(scam));
        for (const QString &l : plain(everShown))
            QVERIFY2(!l.contains(QStringLiteral("天气预报")) &&
                         !l.contains(QStringLiteral("明前龙井")),
                     qPrintable(l));
        const QStringList t = plain(s->view->contextTexts());
        QVERIFY2(hasLine(t, QStringLiteral("Post by 钱七")), qPrintable(t.join(u'|')));
        QVERIFY2(hasLine(t, QStringLiteral("Reported")), qPrintable(t.join(u'|')));
        QVERIFY2(hasLine(t, QStringLiteral("No comments yet.")), qPrintable(t.join(u'|')));
        // a repaint asks nothing
        s->view->contextPane()->repaint();
        s->list()->viewport()->repaint();
        QCOMPARE(s->api.pendingCount(), 0);
    }

    void returnOpensPost_data()
    {
        QTest::addColumn<bool>("onComment");
        QTest::newRow("post") << false;
        QTest::newRow("comment: its post") << true;
    }

    void returnOpensPost()
    {
        QFETCH(bool, onComment);
        auto s = moderator();
        QVERIFY(started(*s));
        QVERIFY(s->loadedWhole(Tab::Open));
        const int row = onComment ? rowOf(s->model(), QStringLiteral("comment"), m_comment)
                                  : rowOf(s->model(), QStringLiteral("post"), m_post);
        QVERIFY(row >= 0);
        s->select(Tab::Open, row);
        QSignalSpy requested(s->view.get(), &ModerationView::postRequested);
        QTest::keyClick(s->list(), Qt::Key_Return);
        QCOMPARE(requested.count(), 1);
        QCOMPARE(requested.at(0).at(0).toLongLong(), m_post);
        // the button and a double-click do the same
        s->view->openButton()->click();
        QCOMPARE(requested.count(), 2);
        s->list()->scrollTo(s->model()->index(row));
        QCoreApplication::processEvents();
        const QRect r = s->list()->visualRect(s->model()->index(row));
        QVERIFY(s->list()->viewport()->rect().contains(r.center()));
        QTest::mouseClick(s->list()->viewport(), Qt::LeftButton, {}, r.center());
        QCOMPARE(requested.count(), 2); // a click only selects
        QTest::mouseDClick(s->list()->viewport(), Qt::LeftButton, {}, r.center());
        QCOMPARE(requested.count(), 3);
        QCOMPARE(requested.last().at(0).toLongLong(), m_post);
    }

    void f5Refreshes()
    {
        auto s = moderator();
        QVERIFY(started(*s));
        QVERIFY(s->loadedWhole(Tab::Open));
        const qint64 post = newPost(*m_wangwu, QStringLiteral("新来的一条 ✨"));
        QVERIFY(reportOn(*m_mazi, QStringLiteral("post"), post, QStringLiteral("abuse")));
        QCOMPARE(rowOf(s->model(), QStringLiteral("post"), post), -1);
        QSignalSpy loading(s->view->queueFeed(Tab::Open),
                           &models::ModerationQueueFeed::loadingChanged);
        s->list()->setFocus(Qt::OtherFocusReason);
        QTest::keyClick(s->list(), Qt::Key_F5);
        QVERIFY(!loading.isEmpty());
        QCOMPARE(loading.first().at(0).toBool(), true);
        QVERIFY(s->view->isBusy());
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(s->model(), QStringLiteral("post"), post) == 0, kWaitMs);
        QTRY_VERIFY_WITH_TIMEOUT(!s->view->isBusy(), kWaitMs);
    }

    void pagingByScrolling()
    {
        for (int n = 0; n < 6; ++n) {
            const qint64 post = newPost(*m_zhangsan, QStringLiteral("翻页 %1 📄").arg(n));
            QVERIFY(reportOn(*m_lisi, QStringLiteral("post"), post, QStringLiteral("spam")));
        }
        int expected = 0;
        QString before;
        for (;;) {
            QString path = kApi + QStringLiteral("/moderation/queue?status=open&limit=50");
            if (!before.isEmpty())
                path += QStringLiteral("&before=") +
                        QString::fromLatin1(QUrl::toPercentEncoding(before));
            const auto r = m_mod->get(path);
            QCOMPARE(r.status, 200);
            expected += int(r.items().size());
            if (!r.obj().value(QLatin1String("next")).isString())
                break;
            before = r.obj().value(QLatin1String("next")).toString();
        }
        QVERIFY(expected >= 10);

        auto s = moderator();
        s->view->resize(480, 400);
        s->view->queueFeed(Tab::Open)->setPageSize(2);
        QVERIFY(started(*s));
        // the list fills itself, then waits for the scroll
        QTRY_VERIFY_WITH_TIMEOUT(s->list()->verticalScrollBar()->maximum() > 0 &&
                                     !s->view->queueFeed(Tab::Open)->isLoading(),
                                 kWaitMs);
        const int first = s->model()->rowCount();
        QVERIFY(first >= 2);
        QVERIFY2(first < expected, qPrintable(QString::number(first)));
        QVERIFY(s->model()->canFetchMore({}));
        QVERIFY(s->loadedWhole(Tab::Open));
        QCOMPARE(s->model()->rowCount(), expected);
    }

    void logFilters()
    {
        const qint64 post = newPost(*m_zhangsan, QStringLiteral("来回折腾"));
        for (const char *action : {"hide", "unhide"})
            QCOMPARE(m_mod
                         ->post(kApi + QStringLiteral("/moderation/posts/%1/%2")
                                           .arg(post)
                                           .arg(QLatin1String(action)),
                                QJsonObject{{QStringLiteral("reason"), QStringLiteral("测试")}})
                         .status,
                     200);
        auto s = moderator();
        s->view->setCurrentTab(Tab::Log);
        QSignalSpy loaded(s->view->logFeed(), &models::ModerationLogFeed::loaded);
        s->view->start();
        QVERIFY(loaded.wait(kWaitMs));
        QVERIFY(s->loadedWhole(Tab::Log));
        ModerationLogModel *log = s->view->logModel();
        QVERIFY(logRowOf(log, QStringLiteral("hide"), post) >= 0);
        QVERIFY(logRowOf(log, QStringLiteral("unhide"), post) >= 0);
        QVERIFY(!s->view->isBusy());

        // Unhide only
        QComboBox *combo = s->view->actionFilter();
        QCOMPARE(combo->count(), 6);
        QCOMPARE(combo->itemText(0), QStringLiteral("All"));
        combo->setCurrentIndex(2);
        QCOMPARE(combo->currentText(), QStringLiteral("Unhide"));
        QCOMPARE(s->view->logFeed()->actionFilter(), core::LogEntry::Action::Unhide);
        QVERIFY(s->loadedWhole(Tab::Log));
        QVERIFY(log->rowCount() >= 1);
        for (int r = 0; r < log->rowCount(); ++r)
            QCOMPARE(log->index(r).data(ModerationLogModel::ActionRole).toString(),
                     QStringLiteral("unhide"));
        QVERIFY(logRowOf(log, QStringLiteral("unhide"), post) >= 0);
        screenshot(*s, QStringLiteral("log-unhide-900.png"), 900, 500);

        // another moderator's uid: nothing, in words
        QLineEdit *uid = s->view->moderatorFilter();
        uid->setFocus(Qt::OtherFocusReason);
        QTest::keyClicks(uid, QStringLiteral("10001"));
        QTest::keyClick(uid, Qt::Key_Return);
        QCOMPARE(s->view->logFeed()->moderatorFilter(), std::optional<qint64>(10001));
        QVERIFY(s->loadedWhole(Tab::Log));
        QTRY_COMPARE_WITH_TIMEOUT(log->rowCount(), 0, kWaitMs);
        screenshot(*s, QStringLiteral("log-empty-480.png"), 480, 300);
        // the moderator's own uid, all actions
        uid->clear();
        QTest::keyClicks(uid, QStringLiteral("10009"));
        QTest::keyClick(uid, Qt::Key_Return);
        combo->setCurrentIndex(0);
        QCOMPARE(s->view->logFeed()->actionFilter(), std::nullopt);
        QVERIFY(s->loadedWhole(Tab::Log));
        QTRY_VERIFY_WITH_TIMEOUT(logRowOf(log, QStringLiteral("hide"), post) >= 0, kWaitMs);
        for (int r = 0; r < log->rowCount(); ++r)
            QCOMPARE(log->index(r).data(ModerationLogModel::ModeratorIdRole).toLongLong(), 10009);
    }

    void failedActionInWords()
    {
        const qint64 post = newPost(*m_zhangsan, QStringLiteral("一条没有理由的隐藏"));
        QVERIFY(reportOn(*m_lisi, QStringLiteral("post"), post, QStringLiteral("spam")));
        auto s = moderator();
        QVERIFY(started(*s));
        QVERIFY(s->loadedWhole(Tab::Open));
        const int row = rowOf(s->model(), QStringLiteral("post"), post);
        QVERIFY(row >= 0);
        const qint64 itemId = s->model()->itemIdAt(row);
        // the server refuses a hide without a reason (the page never sends one; the feed can)
        QVERIFY(s->view->queueFeed(Tab::Open)->hideTarget(itemId, QString()) > 0);
        QTRY_COMPARE_WITH_TIMEOUT(s->model()->pending(itemId), Pending::Failed, kWaitMs);
        const QString status = s->view->statusText();
        QVERIFY2(withoutIsolates(status).contains(QStringLiteral("张三's post")),
                 qPrintable(status));
        const QStringList t = s->view->cardTexts(s->model()->index(s->model()->rowOf(itemId)), 900);
        QVERIFY2(t.last().startsWith(QStringLiteral("Failed: ")), qPrintable(t.join(u'|')));
        s->list()->scrollTo(s->model()->index(s->model()->rowOf(itemId)),
                            QAbstractItemView::PositionAtTop);
        screenshot(*s, QStringLiteral("open-failed-480.png"), 480);
        // still there, and may be acted on again
        s->select(Tab::Open, s->model()->rowOf(itemId));
        QVERIFY(s->view->hideButton()->isEnabled());
        QVERIFY(s->view->dismissSelected());
        QTRY_COMPARE_WITH_TIMEOUT(s->model()->rowOf(itemId), -1, kWaitMs);
    }

    void nonModeratorReadsWords()
    {
        auto s = side(*m_zhangsan);
        QSignalSpy failed(s->view->queueFeed(Tab::Open), &models::ModerationQueueFeed::loadFailed);
        s->view->start();
        QVERIFY(s->view->isBusy());
        QVERIFY(failed.wait(kWaitMs));
        QCOMPARE(s->view->statusText(),
                 QStringLiteral("Only moderators can see the moderation queue."));
        // Details: the status and the request id, the one the server logged the 403 under
        auto *bar = s->view->findChild<ui::MessageBar *>();
        QVERIFY(bar);
        QVERIFY(bar->detailsButton()->isVisibleTo(s->view.get()));
        const QString details = bar->details();
        QVERIFY2(details.contains(QStringLiteral("HTTP status: 403 (forbidden)")),
                 qPrintable(details));
        const QRegularExpressionMatch id =
            QRegularExpression(QStringLiteral("Request id: (\\S+)")).match(details);
        QVERIFY2(id.hasMatch(), qPrintable(details));
        QTRY_VERIFY(m_server.stderrLog().contains(" " + id.captured(1).toLatin1() +
                                                  " GET /api/v1/moderation/queue"));
        QCOMPARE(s->model()->rowCount(), 0);
        QVERIFY(!s->view->isBusy());
        // keys do nothing, nothing crashes
        s->list()->setFocus(Qt::OtherFocusReason);
        for (auto key : {Qt::Key_H, Qt::Key_U, Qt::Key_D, Qt::Key_Return})
            QTest::keyClick(s->list(), key);
        QVERIFY(!s->view->isAskingReason());
        for (QPushButton *b : {s->view->hideButton(), s->view->unhideButton(),
                               s->view->dismissButton(), s->view->openButton()})
            QVERIFY(!b->isEnabled());
        screenshot(*s, QStringLiteral("not-moderator-480.png"), 480, 500);

        s->view->setCurrentTab(Tab::Closed);
        QTRY_COMPARE_WITH_TIMEOUT(s->view->statusText(),
                                  QStringLiteral("Only moderators can see the moderation queue."),
                                  kWaitMs);
        QTRY_VERIFY_WITH_TIMEOUT(!s->view->isBusy(), kWaitMs);
        QCOMPARE(s->model(Tab::Closed)->rowCount(), 0);
        s->view->setCurrentTab(Tab::Log);
        QTRY_COMPARE_WITH_TIMEOUT(s->view->statusText(),
                                  QStringLiteral("Only moderators can read the moderation log."),
                                  kWaitMs);
        QCOMPARE(s->view->logModel()->rowCount(), 0);
        // F5 asks again and gets the same words
        s->view->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(!s->view->isBusy(), kWaitMs);
        QCOMPARE(s->view->statusText(),
                 QStringLiteral("Only moderators can read the moderation log."));
    }

    void paintEveryCardAndScreenshots()
    {
        auto s = moderator();
        QVERIFY(started(*s));
        QVERIFY(s->loadedWhole(Tab::Open));
        s->view->setCurrentTab(Tab::Closed);
        QVERIFY(s->loadedWhole(Tab::Closed));
        QVERIFY(s->model(Tab::Closed)->rowCount() > 0);
        for (Tab tab : {Tab::Open, Tab::Closed}) {
            QListView *list = s->list(tab);
            QAbstractItemDelegate *d = list->itemDelegate();
            for (int width : {480, 900}) {
                for (int r = 0; r < s->model(tab)->rowCount(); ++r) {
                    const QModelIndex i = s->model(tab)->index(r);
                    QStyleOptionViewItem o;
                    o.initFrom(list);
                    o.font = list->font();
                    o.fontMetrics = QFontMetrics(o.font);
                    o.widget = list;
                    o.rect = QRect(0, 0, width, 0);
                    const QSize hint = d->sizeHint(o, i);
                    QVERIFY(hint.height() > 40);
                    QVERIFY(hint.height() < 400);
                    o.rect = QRect(QPoint(0, 0), QSize(width, hint.height()));
                    for (bool selected : {false, true}) {
                        o.state = selected ? o.state | QStyle::State_Selected
                                           : o.state & ~QStyle::State_Selected;
                        QImage img(o.rect.size(), QImage::Format_ARGB32_Premultiplied);
                        img.fill(Qt::white);
                        QPainter p(&img);
                        d->paint(&p, o, i);
                        p.end();
                        // something was drawn: the card's text
                        int inked = 0;
                        for (int y = 0; y < img.height(); y += 2)
                            for (int x = 0; x < img.width(); x += 2)
                                inked += img.pixel(x, y) != img.pixel(0, 0) ? 1 : 0;
                        QVERIFY(inked > 50);
                    }
                    // every line fits the card
                    // (measured in the smaller font of the card's small lines: a lower bound)
                    QFont small = o.font;
                    small.setPointSizeF(o.font.pointSizeF() * 0.88);
                    for (const QString &line : s->view->cardTexts(i, width))
                        QVERIFY2(QFontMetrics(small).horizontalAdvance(line) <= width - 32,
                                 qPrintable(QStringLiteral("%1 px: %2").arg(width).arg(line)));
                }
            }
        }
        // screenshots: each tab at both widths
        for (int width : {480, 900}) {
            s->view->setCurrentTab(Tab::Open);
            s->list()->setCurrentIndex(s->model()->index(0));
            s->list()->scrollToTop();
            screenshot(*s, QStringLiteral("open-%1.png").arg(width), width);
            s->view->setCurrentTab(Tab::Closed);
            s->list(Tab::Closed)->setCurrentIndex(s->model(Tab::Closed)->index(0));
            screenshot(*s, QStringLiteral("closed-%1.png").arg(width), width);
            s->view->setCurrentTab(Tab::Log);
            QVERIFY(s->loadedWhole(Tab::Log));
            s->list(Tab::Log)->scrollToTop();
            screenshot(*s, QStringLiteral("log-%1.png").arg(width), width);
        }
        // the reason line
        s->view->setCurrentTab(Tab::Open);
        const int row = rowOf(s->model(), QStringLiteral("post"), m_long);
        QVERIFY(row >= 0);
        s->select(Tab::Open, row);
        s->list()->scrollTo(s->model()->index(row), QAbstractItemView::PositionAtTop);
        QTest::keyClick(s->list(), Qt::Key_H);
        QVERIFY(s->view->isAskingReason());
        QCOMPARE(s->view->reasonEdit()->text(), QStringLiteral("Spam · Abuse · Illegal · Other"));
        screenshot(*s, QStringLiteral("hide-reason-480.png"), 480);
        screenshot(*s, QStringLiteral("hide-reason-900.png"), 900);
    }
};

QTEST_MAIN(TstModerationView)
#include "tst_moderationview.moc"

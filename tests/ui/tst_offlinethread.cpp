// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Offline honesty in the thread, in English and in Chinese: offline, a thread that was never
// opened (the cache holds none of its floors) shows the comments its card shows (the post's
// inline comments) and says that the rest needs a connection — never "No comments yet" for a
// post that has comments. When none of the known comments can be placed (replies whose floors
// are unknown), the pane says how many comments the post has and that reading them needs a
// connection. A post with no comments still invites the first one.

#include "actions.h"
#include "artifacts.h"
#include "cache/cache.h"
#include "feeds.h"
#include "i18n.h"
#include "images/imagecache.h"
#include "net/apiclient.h"
#include "offlinepane.h"
#include "outbox/outbox.h"
#include "poststore.h"
#include "thread/commenttreemodel.h"
#include "thread/threadloader.h"
#include "thread/threadview.h"

#include <QApplication>
#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace threadline;
using models::CommentTreeModel;
using ui::ThreadView;

namespace {

core::Comment comment(qint64 id, qint64 postId, qint64 floor, qint64 rootId, const QString &text)
{
    core::Comment c;
    c.id = id;
    c.postId = postId;
    c.floor = floor;
    c.rootId = rootId;
    c.parentId = rootId;
    c.seq = rootId ? 1 : 0;
    c.author = core::UserBrief{10002, QStringLiteral("李四"), QString()};
    c.content = text;
    c.createtime = 1'780'000'000'000 + id;
    return c;
}

core::Post post(qint64 id, qint64 commentCount, const QList<core::Comment> &inlined)
{
    core::Post p;
    p.id = id;
    p.category = core::Post::Category::Text;
    p.content = QStringLiteral("a post read on a train");
    p.createtime = 1'780'000'000'000;
    p.author = core::UserBrief{10003, QStringLiteral("王五"), QString()};
    p.commentCount = commentCount;
    p.comments = inlined;
    return p;
}

using Pane = test::OfflineThreadPane;

} // namespace

class TstOfflineThread : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void cleanup() { installTranslations(*qApp, QLocale(QStringLiteral("en"))); }

    void saysWhatIsKnown_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }
    void saysWhatIsKnown()
    {
        QFETCH(QString, lang);
        const bool zh = lang == QLatin1String("zh_CN");
        QVERIFY(installTranslations(*qApp, QLocale(lang)));
        Pane p(m_dir.filePath(lang));
        p.view->show();
        QVERIFY(QTest::qWaitForWindowExposed(p.view.get()));

        // the card shows two comments of five: floors 4 and 5
        const qint64 kPost = 4242;
        p.store.upsertPost(post(kPost, 5,
                                {comment(905, kPost, 5, 0, QStringLiteral("第五楼")),
                                 comment(904, kPost, 4, 0, QStringLiteral("第四楼"))}));
        p.view->openPost(kPost);
        QTRY_COMPARE_WITH_TIMEOUT(p.view->model()->floorCount(), 2, 10000);
        QTRY_VERIFY(!p.view->loader()->isBusy());
        QCOMPARE(p.view->model()->index(0, 0).data(CommentTreeModel::ContentRole).toString(),
                 QStringLiteral("第四楼"));
        QCOMPARE(p.view->model()->index(1, 0).data(CommentTreeModel::ContentRole).toString(),
                 QStringLiteral("第五楼"));
        QTRY_COMPARE(p.view->statusText(),
                     zh ? QStringLiteral("离线：共 5 条评论，本机保存了 2 条；其余的需要联网查看。")
                        : QStringLiteral("Offline: 2 of the 5 comments are saved on this "
                                         "computer; the rest need a connection."));
        QCOMPARE(p.view->emptyText(), QString());
        const QString dir = test::artifactDir(QStringLiteral("offlinethread"));
        QVERIFY(
            p.view->grab().save(QDir(dir).filePath(QStringLiteral("offline-%1.png").arg(lang))));

        // the same in Newest order: newest on top
        p.view->loader()->setOrder(CommentTreeModel::Order::Newest);
        QTRY_COMPARE_WITH_TIMEOUT(p.view->model()->floorCount(), 2, 10000);
        QCOMPARE(p.view->model()->index(0, 0).data(CommentTreeModel::FloorRole).toLongLong(), 5);

        // only a reply is known (its floor is not): the pane says how many there are
        const qint64 kOther = 4243;
        p.store.upsertPost(post(kOther, 3, {comment(913, kOther, 1, 911, QStringLiteral("re"))}));
        p.view->loader()->setOrder(CommentTreeModel::Order::Floor);
        p.view->openPost(kOther);
        QTRY_VERIFY_WITH_TIMEOUT(!p.view->statusText().isEmpty(), 10000);
        QCOMPARE(p.view->model()->rowCount(), 0);
        QCOMPARE(p.view->statusText(),
                 zh ? QStringLiteral("离线：这条动态有 3 条评论，需要联网才能查看。")
                    : QStringLiteral("Offline: this post has 3 comments, and reading them needs "
                                     "a connection."));
        QCOMPARE(p.view->emptyText(), QString()); // not "No comments yet"

        // a post without comments still invites the first one
        const qint64 kQuiet = 4244;
        p.store.upsertPost(post(kQuiet, 0, {}));
        p.view->openPost(kQuiet);
        QTRY_VERIFY_WITH_TIMEOUT(!p.view->emptyText().isEmpty(), 10000);
        QCOMPARE(p.view->statusText(), QString());
        QVERIFY(p.view->emptyText().startsWith(zh ? QStringLiteral("还没有评论")
                                                  : QStringLiteral("No comments yet")));
    }
};

QTEST_MAIN(TstOfflineThread)
#include "tst_offlinethread.moc"

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Actions: the outbox and the post store together, against the real threadline-server — the
// optimistic change at once, the server's answer after, an honest rollback on failure, and
// local ids of comments made offline replaced by the server's.
#include "actions.h"
#include "net/apiclient.h"
#include "wire/jsoncodec.h"
#include "outbox/outbox.h"
#include "poststore.h"
#include "testserver.h"

#include <QImage>
#include <QJsonArray>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace threadline::core;
using threadline::test::Client;
using threadline::test::TestServer;

namespace {
const QString kApi = QStringLiteral("/api/v1");

struct Side
{
    ApiClient api;
    PostStore store;
    Outbox outbox{&api};
    Actions actions{&outbox, &store};

    Side(const QUrl &base, const QString &token, const QString &outboxPath)
    {
        api.setBaseUrl(base);
        api.setToken(token);
        outbox.setLikeDelayMs(150);
        outbox.setBackoff(20, 200);
        QSignalSpy opened(&outbox, &Outbox::opened);
        outbox.open(outboxPath);
        if (!opened.wait(10000) || !opened.at(0).at(0).toBool())
            qFatal("the outbox did not open");
        actions.setMe(UserBrief{10001, QStringLiteral("张三"), QString()});
    }
    bool load(Client &c, qint64 postId)
    {
        const auto p = decodePost(c.get(kApi + QStringLiteral("/posts/%1").arg(postId)).body);
        if (!p.ok())
            return false;
        store.upsertPost(p.value());
        return true;
    }
};

int requests(const TestServer &server, const QByteArray &line)
{
    return int(server.stderrLog().count(line));
}
} // namespace

class TstActions : public QObject
{
    Q_OBJECT

private:
    TestServer m_server;
    QTemporaryDir m_dir;
    Client m_me{QUrl()};

    qint64 newPost(const QString &user, const QString &content)
    {
        Client c(m_server.baseUrl());
        c.login(user);
        return c
            .post(kApi + QStringLiteral("/posts"),
                  QJsonObject{{QStringLiteral("content"), content}})
            .obj()
            .value(QStringLiteral("id"))
            .toInteger();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY2(m_server.start(), m_server.stderrLog().right(2000).constData());
        m_me.setBaseUrl(m_server.baseUrl());
        QVERIFY(!m_me.login(QStringLiteral("zhangsan")).isEmpty());
    }

    void likeShowsAtOnceThenServerCountsWin()
    {
        const qint64 postId = newPost(QStringLiteral("wangwu"), QStringLiteral("like me"));
        Side side(m_server.baseUrl(), m_me.token(), m_dir.filePath(QStringLiteral("like.sqlite")));
        QVERIFY(side.load(m_me, postId));
        Client lisi(m_server.baseUrl());
        QVERIFY(!lisi.login(QStringLiteral("lisi")).isEmpty());
        // Held back (offline) until lisi has liked too: "meanwhile" by construction, not by
        // racing the 150 ms like delay (a busy machine took longer than that to sign lisi in).
        side.api.setOffline(true);
        QSignalSpy changed(&side.store, &PostStore::postChanged);
        side.actions.togglePostLike(postId);
        // At once: highlighted and counted, before anything reached the server.
        QVERIFY(side.store.post(postId)->liked);
        QCOMPARE(side.store.post(postId)->likeCount, 1);
        QCOMPARE(changed.count(), 1);
        const QByteArray put = "PUT /api/v1/posts/" + QByteArray::number(postId) + "/like 200";
        QCOMPARE(requests(m_server, put), 0);

        // Someone else likes it meanwhile; the server's answer (2) replaces my optimistic 1.
        QCOMPARE(lisi.put(kApi + QStringLiteral("/posts/%1/like").arg(postId)).status, 200);
        QCOMPARE(requests(m_server, put), 1); // lisi's
        QSignalSpy completed(&side.outbox, &Outbox::completed);
        side.api.setOffline(false);
        QVERIFY(completed.wait(10000));
        QCOMPARE(requests(m_server, put), 2); // and mine, once
        QVERIFY(side.store.post(postId)->liked);
        QCOMPARE(side.store.post(postId)->likeCount, 2);
        QVERIFY(side.store.serverPost(postId)->liked); // no overlay left: the server's values
    }

    void likeAndUnlikeWithinTheWindowSendsNothing()
    {
        const qint64 postId = newPost(QStringLiteral("wangwu"), QStringLiteral("twice"));
        Side side(m_server.baseUrl(), m_me.token(), m_dir.filePath(QStringLiteral("twice.sqlite")));
        QVERIFY(side.load(m_me, postId));
        QSignalSpy saved(&side.outbox, &Outbox::toggleSaved);
        side.actions.togglePostLike(postId);
        side.actions.togglePostLike(postId);
        QTRY_COMPARE(saved.count(), 2);
        QVERIFY(!side.store.post(postId)->liked);
        QCOMPARE(side.store.post(postId)->likeCount, 0);
        QCOMPARE(side.outbox.pendingCount(), 0);
    }

    void failedLikeRollsBackAndSaysWhy()
    {
        const qint64 postId = newPost(QStringLiteral("wangwu"), QStringLiteral("soon gone"));
        Side side(m_server.baseUrl(), m_me.token(), m_dir.filePath(QStringLiteral("fail.sqlite")));
        QVERIFY(side.load(m_me, postId));
        side.api.setOffline(true);
        side.actions.togglePostLike(postId);
        QVERIFY(side.store.post(postId)->liked);
        // The author deletes the post while I am offline.
        Client wangwu(m_server.baseUrl());
        wangwu.login(QStringLiteral("wangwu"));
        QCOMPARE(wangwu.del(kApi + QStringLiteral("/posts/%1").arg(postId)).status, 204);
        QSignalSpy failed(&side.actions, &Actions::actionFailed);
        side.api.setOffline(false);
        QVERIFY(failed.wait(10000));
        const QString message = failed.at(0).at(0).toString();
        QVERIFY2(message.contains(QStringLiteral("王五")), qPrintable(message));
        QVERIFY(!side.store.post(postId)->liked); // rolled back, honestly
        QCOMPARE(side.store.post(postId)->likeCount, 0);
    }

    void offlineCommentAndReplyGetServerIds()
    {
        const qint64 postId = newPost(QStringLiteral("wangwu"), QStringLiteral("talk"));
        Side side(m_server.baseUrl(), m_me.token(),
                  m_dir.filePath(QStringLiteral("comment.sqlite")));
        QVERIFY(side.load(m_me, postId));
        side.api.setOffline(true);
        const qint64 local = side.actions.comment(postId, 0, QStringLiteral("written offline"));
        QVERIFY(local < 0);
        const qint64 localReply =
            side.actions.comment(postId, local, QStringLiteral("a reply to it"));
        QVERIFY(localReply < 0);
        QCOMPARE(side.store.post(postId)->commentCount, 2);
        QCOMPARE(side.store.comment(localReply)->rootId, local);

        QSignalSpy idChanged(&side.store, &PostStore::commentIdChanged);
        side.api.setOffline(false);
        QTRY_COMPARE_WITH_TIMEOUT(idChanged.count(), 2, 10000);
        const qint64 rootId = idChanged.at(0).at(1).toLongLong();
        const qint64 replyId = idChanged.at(1).at(1).toLongLong();
        QVERIFY(rootId > 0 && replyId > 0);
        QCOMPARE(side.store.comment(replyId)->rootId, rootId);
        QCOMPARE(side.store.comment(replyId)->parentId, rootId);
        // The server holds them attached to each other, once each.
        const QJsonObject thread =
            m_me.get(kApi + QStringLiteral("/posts/%1/comments").arg(postId)).obj();
        QCOMPARE(thread.value(QStringLiteral("roots")).toArray().size(), 1);
        QCOMPARE(thread.value(QStringLiteral("replies")).toArray().size(), 1);
        QCOMPARE(thread.value(QStringLiteral("replies"))
                     .toArray()
                     .at(0)
                     .toObject()
                     .value(QStringLiteral("parentId"))
                     .toInteger(),
                 rootId);
        // The counts come from the server (a sync or a page after the comment completes).
        QVERIFY(side.load(m_me, postId));
        QCOMPARE(side.store.post(postId)->commentCount, 2);
        QCOMPARE(side.store.comment(rootId)->replyCount, 1);
    }

    void publishPostWithAPicture()
    {
        Side side(m_server.baseUrl(), m_me.token(),
                  m_dir.filePath(QStringLiteral("publish.sqlite")));
        QImage img(64, 48, QImage::Format_RGB32);
        img.fill(Qt::darkCyan);
        const QString file = m_dir.filePath(QStringLiteral("photo.png"));
        QVERIFY(img.save(file));
        QString error;
        QVERIFY(side.actions.publishPost(QStringLiteral("  "),
                                         {m_dir.filePath(QStringLiteral("missing.png"))},
                                         QStringLiteral("Pixel 3"), &error) == 0);
        QVERIFY(!error.isEmpty());
        QSignalSpy completed(&side.outbox, &Outbox::completed);
        const qint64 local = side.actions.publishPost(QStringLiteral("a picture from the core"),
                                                      {file}, QStringLiteral("Pixel 3"), &error);
        QVERIFY2(local < 0, qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(!completed.isEmpty() &&
                                     completed.last().at(0).value<OutboxEntry>().kind ==
                                         OutboxEntry::Kind::CreatePost,
                                 15000);
        const Post post = completed.last().at(1).value<OutboxAnswer>().post.value();
        QCOMPARE(post.content, QStringLiteral("a picture from the core"));
        QCOMPARE(post.pictureUrls.size(), 1);
        QVERIFY(post.pictureUrls.at(0).startsWith(QStringLiteral("/api/v1/media/")));
    }

    void pendingLikeSurvivesRestart()
    {
        const qint64 postId = newPost(QStringLiteral("wangwu"), QStringLiteral("restart"));
        const QString path = m_dir.filePath(QStringLiteral("restart.sqlite"));
        {
            Side side(m_server.baseUrl(), m_me.token(), path);
            side.api.setOffline(true);
            QVERIFY(side.load(m_me, postId));
            QSignalSpy saved(&side.outbox, &Outbox::toggleSaved);
            side.actions.togglePostLike(postId);
            QVERIFY(saved.wait(5000));
        }
        // A new run: the post arrives from the server without my like; the queued like shows.
        Side side(m_server.baseUrl(), m_me.token(), path);
        side.api.setOffline(true);
        QVERIFY(side.load(m_me, postId));
        QVERIFY(side.store.post(postId)->liked);
        QCOMPARE(side.store.post(postId)->likeCount, 1);
        QSignalSpy completed(&side.outbox, &Outbox::completed);
        side.api.setOffline(false);
        side.outbox.retryNow();
        QVERIFY(completed.wait(10000));
        QCOMPARE(m_me.get(kApi + QStringLiteral("/posts/%1").arg(postId))
                     .obj()
                     .value(QStringLiteral("likeCount"))
                     .toInteger(),
                 1);
    }

    void reportReachesTheModeratorsOnce()
    {
        const qint64 postId = newPost(QStringLiteral("wangwu"), QStringLiteral("buy cheap stuff"));
        Side side(m_server.baseUrl(), m_me.token(),
                  m_dir.filePath(QStringLiteral("report.sqlite")));
        QVERIFY(side.load(m_me, postId));
        QSignalSpy completed(&side.outbox, &Outbox::completed);
        const qint64 entry = side.actions.report(TargetType::Post, postId, Report::Reason::Spam,
                                                 QStringLiteral("  广告，每天都发  "));
        QVERIFY(entry > 0);
        const auto queued = side.outbox.entry(entry);
        QVERIFY(queued);
        QCOMPARE(queued->kind, OutboxEntry::Kind::Report);
        QCOMPARE(queued->description, QStringLiteral("王五's post"));
        QTRY_COMPARE_WITH_TIMEOUT(completed.count(), 1, 10000);
        // A second report by the same user: the server keeps the first, once.
        side.actions.report(TargetType::Post, postId, Report::Reason::Abuse, QString());
        QTRY_COMPARE_WITH_TIMEOUT(completed.count(), 2, 10000);
        QCOMPARE(completed.at(1).at(1).value<OutboxAnswer>().report.value().reason,
                 Report::Reason::Spam);
        QCOMPARE(requests(m_server, "POST /api/v1/reports 201"), 1);

        Client mod(m_server.baseUrl());
        QVERIFY(!mod.login(QStringLiteral("moderator")).isEmpty());
        const QJsonArray items =
            mod.get(kApi + QStringLiteral("/moderation/queue?status=open&limit=50"))
                .obj()
                .value(QStringLiteral("items"))
                .toArray();
        QJsonObject item;
        for (const QJsonValue &v : items)
            if (v.toObject().value(QStringLiteral("targetType")).toString() ==
                    QStringLiteral("post") &&
                v.toObject().value(QStringLiteral("targetId")).toInteger() == postId)
                item = v.toObject();
        QVERIFY2(!item.isEmpty(), "the moderators' queue shows the reported post");
        const QJsonArray reports = item.value(QStringLiteral("reports")).toArray();
        QCOMPARE(reports.size(), 1);
        const QJsonObject r = reports.at(0).toObject();
        QCOMPARE(r.value(QStringLiteral("reason")).toString(), QStringLiteral("spam"));
        QCOMPARE(r.value(QStringLiteral("note")).toString(), QStringLiteral("广告，每天都发"));
        QCOMPARE(
            r.value(QStringLiteral("reporter")).toObject().value(QStringLiteral("uid")).toInteger(),
            10001);
    }

    void reportOfAGoneCommentSaysWhich()
    {
        const qint64 postId = newPost(QStringLiteral("wangwu"), QStringLiteral("a thread"));
        Client lisi(m_server.baseUrl());
        lisi.login(QStringLiteral("lisi"));
        const qint64 commentId =
            lisi.post(kApi + QStringLiteral("/posts/%1/comments").arg(postId),
                      QJsonObject{{QStringLiteral("content"), QStringLiteral("rude words")}})
                .obj()
                .value(QStringLiteral("id"))
                .toInteger();
        QVERIFY(commentId > 0);
        Side side(m_server.baseUrl(), m_me.token(),
                  m_dir.filePath(QStringLiteral("report-gone.sqlite")));
        const auto c = decodeComment(
            QJsonValue(m_me.get(kApi + QStringLiteral("/posts/%1/comments").arg(postId))
                           .obj()
                           .value(QStringLiteral("roots"))
                           .toArray()
                           .at(0)));
        QVERIFY(c.ok());
        side.store.upsertComment(c.value());
        side.api.setOffline(true);
        side.actions.report(TargetType::Comment, commentId, Report::Reason::Abuse, QString());
        QCOMPARE(lisi.del(kApi + QStringLiteral("/comments/%1").arg(commentId)).status, 204);
        QSignalSpy failed(&side.actions, &Actions::actionFailed);
        side.api.setOffline(false);
        QVERIFY(failed.wait(10000));
        const QString message = failed.at(0).at(0).toString();
        QVERIFY2(message.contains(QStringLiteral("李四's comment")), qPrintable(message));
    }

    void discardRollsBackAWaitingLike()
    {
        const qint64 postId = newPost(QStringLiteral("wangwu"), QStringLiteral("not after all"));
        Side side(m_server.baseUrl(), m_me.token(),
                  m_dir.filePath(QStringLiteral("discard.sqlite")));
        QVERIFY(side.load(m_me, postId));
        side.outbox.setLikeDelayMs(600000); // waits for its like delay all through the test
        QSignalSpy saved(&side.outbox, &Outbox::toggleSaved);
        side.actions.togglePostLike(postId);
        QVERIFY(saved.wait(10000));
        QVERIFY(side.store.post(postId)->liked);
        QCOMPARE(side.store.post(postId)->likeCount, 1);
        QCOMPARE(side.outbox.pendingCount(), 1);
        QVERIFY(side.outbox.discard(side.outbox.entries().at(0).id));
        // The like shows as the server has it, and nothing is sent.
        QVERIFY(!side.store.post(postId)->liked);
        QCOMPARE(side.store.post(postId)->likeCount, 0);
        QCOMPARE(side.outbox.pendingCount(), 0);
        QCOMPARE(side.outbox.failedCount(), 0);
    }

    void failedCommentComesBackOnRetry()
    {
        const qint64 postId = newPost(QStringLiteral("wangwu"), QStringLiteral("going away"));
        Side side(m_server.baseUrl(), m_me.token(), m_dir.filePath(QStringLiteral("retry.sqlite")));
        QVERIFY(side.load(m_me, postId));
        side.api.setOffline(true);
        const qint64 local = side.actions.comment(postId, 0, QStringLiteral("too late"));
        QVERIFY(side.store.comment(local).has_value());
        Client wangwu(m_server.baseUrl());
        wangwu.login(QStringLiteral("wangwu"));
        QCOMPARE(wangwu.del(kApi + QStringLiteral("/posts/%1").arg(postId)).status, 204);
        QSignalSpy failed(&side.actions, &Actions::actionFailed);
        side.api.setOffline(false);
        QVERIFY(failed.wait(10000));
        QVERIFY(!side.store.comment(local).has_value()); // rolled back
        QCOMPARE(side.outbox.failedCount(), 1);          // and kept, failed
        QCOMPARE(side.outbox.pendingCount(), 0);
        // Retried: shown again at once, then rolled back again when it fails again.
        side.api.setOffline(true);
        QVERIFY(side.outbox.retry(-local));
        QVERIFY(side.store.comment(local).has_value());
        QCOMPARE(side.store.comment(local)->content, QStringLiteral("too late"));
        QCOMPARE(side.outbox.pendingCount(), 1);
        side.api.setOffline(false);
        QVERIFY(failed.wait(10000));
        QVERIFY(!side.store.comment(local).has_value());
        QVERIFY(side.outbox.discard(-local));
        QCOMPARE(side.outbox.failedCount(), 0);
    }

    void followThenUnfollowEndsAsTheLastChoice()
    {
        const qint64 wangwu = 10003;
        const auto followed = [&] {
            return m_me.get(kApi + QStringLiteral("/users/%1").arg(wangwu))
                .obj()
                .value(QStringLiteral("followedByMe"))
                .toBool();
        };
        const bool before = followed();
        Side side(m_server.baseUrl(), m_me.token(),
                  m_dir.filePath(QStringLiteral("follow.sqlite")));
        QSignalSpy saved(&side.outbox, &Outbox::toggleSaved);
        // Quickly there and back: nothing changes, whatever reached the server meanwhile.
        side.actions.setFollow(wangwu, before, !before, QStringLiteral("王五"));
        side.actions.setFollow(wangwu, before, before, QStringLiteral("王五"));
        QTRY_COMPARE_WITH_TIMEOUT(saved.count(), 2, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(side.outbox.pendingCount(), 0, 10000);
        QVERIFY(!side.outbox.isSending());
        QCOMPARE(followed(), before);

        // A change that stays reaches the server once.
        QSignalSpy completed(&side.outbox, &Outbox::completed);
        side.actions.setFollow(wangwu, before, !before, QStringLiteral("王五"));
        QTRY_COMPARE_WITH_TIMEOUT(completed.count(), 1, 10000);
        QCOMPARE(completed.at(0).at(0).value<OutboxEntry>().kind, OutboxEntry::Kind::Follow);
        QCOMPARE(followed(), !before);
        // and back, for the next test
        side.actions.setFollow(wangwu, !before, before, QStringLiteral("王五"));
        QTRY_COMPARE_WITH_TIMEOUT(completed.count(), 2, 10000);
        QCOMPARE(followed(), before);
    }
};

QTEST_GUILESS_MAIN(TstActions)
#include "tst_actions.moc"

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tst_profileheader: a person's header (ProfileHeader) against the real server, offscreen —
// 王五's name and counts as GET /users/10003 says, the moderator's badge, follow and unfollow
// (the button and the count at once, then the server agrees) through the outbox and directly,
// F on the header, my own profile without a button, an unknown person in words, a rollback in
// words (following myself is 422), a follow made offline queued and sent when back online, a
// stopped server in words without a crash; screenshots at 480 and 900 px in /tmp/ui-prof/.
#include "actions.h"
#include "artifacts.h"
#include "feeds.h"
#include "i18n.h"
#include "images/imagecache.h"
#include "net/apiclient.h"
#include "outbox/outbox.h"
#include "people/profileheader.h"
#include "poststore.h"
#include "testserver.h"

#include <QApplication>
#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace threadline;
using test::Client;
using test::TestServer;
using ui::ProfileHeader;

namespace {
const QString kShots = threadline::test::artifactDir(QStringLiteral("profileheader"));
constexpr qint64 kZhangsan = 10001;
constexpr qint64 kWangwu = 10003;
constexpr qint64 kMazi = 10004;
constexpr qint64 kLongName = 10005; // 听他们说玩游戏名字起得不能太长
constexpr qint64 kQianqi = 10006;
constexpr qint64 kMaliu = 10007;
constexpr qint64 kModerator = 10009;

// The client side of zhangsan: the core objects the app would give the header, and the header.
struct Side
{
    core::ApiClient api;
    core::Outbox outbox{&api};
    core::ImageCache images{api.network()};
    core::PostStore store;
    core::Actions actions{&outbox, &store};
    std::unique_ptr<threadline::models::Feeds> feeds;
    std::unique_ptr<ProfileHeader> header;

    Side(const QUrl &base, const QString &token, const QString &dir, bool withOutbox = true)
    {
        api.setBaseUrl(base);
        api.setToken(token);
        api.setRetryPolicy({1, 10, 10});
        api.setTimeoutMs(5000);
        outbox.setBackoff(20, 200);
        QSignalSpy opened(&outbox, &core::Outbox::opened);
        outbox.open(QDir(dir).filePath(QStringLiteral("outbox.sqlite")));
        if (!opened.wait(10000) || !opened.at(0).at(0).toBool())
            qFatal("the outbox did not open");
        images.setServer(base);
        images.setToken(token);
        images.setDiskCacheDirectory(QDir(dir).filePath(QStringLiteral("images")));
        feeds = std::make_unique<threadline::models::Feeds>(
            threadline::models::Feeds::Parts{&api, nullptr, nullptr, withOutbox ? &outbox : nullptr,
                                             withOutbox ? &actions : nullptr});
        header = std::make_unique<ProfileHeader>(feeds.get(), &images);
        header->resize(900, header->sizeHint().height());
    }

    // setUser and wait for the answer (loaded or loadFailed).
    bool load(qint64 uid, qint64 myUid = kZhangsan)
    {
        QSignalSpy loaded(header.get(), &ProfileHeader::loaded);
        QSignalSpy failed(header.get(), &ProfileHeader::loadFailed);
        header->setUser(uid, myUid);
        return QTest::qWaitFor([&] { return loaded.size() + failed.size() > 0; }, 10000) &&
               loaded.size() == 1;
    }
};

// The header at `width`, as tall as its layout asks for that width (the status line wraps).
void fit(QWidget &w, int width)
{
    w.show(); // a hidden widget's layout is not brought up to date
    w.resize(width, w.sizeHint().height());
    QCoreApplication::processEvents();
    w.resize(width, w.hasHeightForWidth()
                        ? std::max(w.heightForWidth(width), w.minimumSizeHint().height())
                        : w.sizeHint().height());
}

// A port nothing listens on.
quint16 deadPort()
{
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        return 1;
    const quint16 port = probe.serverPort();
    probe.close();
    return port;
}

} // namespace

class TstProfileHeader : public QObject
{
    Q_OBJECT

private:
    TestServer m_server;
    QString m_token;
    std::unique_ptr<Client> m_client; // zhangsan, for setting up and asking the server
    std::unique_ptr<QTemporaryDir> m_dir;

    QJsonObject serverProfile(qint64 uid)
    {
        const auto r = m_client->get(QStringLiteral("/api/v1/users/%1").arg(uid));
        return r.status == 200 ? r.obj() : QJsonObject();
    }
    // "2 followers", or "2 follower(s)" while the English catalogue lacks the plural forms.
    static QRegularExpression followersPattern(qint64 n)
    {
        return QRegularExpression(QStringLiteral("^%1 follower(s|\\(s\\))? · ").arg(n));
    }
    std::unique_ptr<Side> side(bool withOutbox = true)
    {
        return std::make_unique<Side>(m_server.baseUrl(), m_token, m_dir->path(), withOutbox);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QApplication::setFont(QFont(QStringLiteral("WenQuanYi Micro Hei"), 10));
        QApplication::setStyle(QStringLiteral("Fusion"));
        installTranslations(*qApp, QLocale(QStringLiteral("en")));
        QVERIFY(QDir().mkpath(kShots));
        QVERIFY2(m_server.start(), m_server.stderrLog().right(2000).constData());
        m_client = std::make_unique<Client>(m_server.baseUrl());
        m_token = m_client->login(QStringLiteral("zhangsan"));
        QVERIFY(!m_token.isEmpty());
    }

    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
    }

    // Name, counts and the follow state as GET /users/10003 says; the moderator's badge.
    void showsProfile()
    {
        auto s = side();
        const QJsonObject wangwu = serverProfile(kWangwu);
        QCOMPARE(wangwu.value(QLatin1String("nickName")).toString(), QStringLiteral("王五"));
        QSignalSpy loaded(s->header.get(), &ProfileHeader::loaded);
        QVERIFY(s->load(kWangwu));
        QCOMPARE(loaded.size(), 1);
        const auto profile = loaded.at(0).at(0).value<core::UserProfile>();
        QCOMPARE(profile.brief.uid, kWangwu);
        QCOMPARE(profile.brief.nickName, QStringLiteral("王五"));

        const qint64 followers = wangwu.value(QLatin1String("followers")).toInteger();
        const qint64 following = wangwu.value(QLatin1String("following")).toInteger();
        const bool followedByMe = wangwu.value(QLatin1String("followedByMe")).toBool();
        QCOMPARE(s->header->nameText(), QStringLiteral("王五"));
        const QString counts = s->header->countsText();
        QVERIFY2(counts.contains(followersPattern(followers)), qPrintable(counts));
        QVERIFY2(counts.endsWith(QStringLiteral(" · %1 following").arg(following)),
                 qPrintable(counts));
        QCOMPARE(s->header->followerCount(), followers);
        QCOMPARE(s->header->isFollowing(), followedByMe);
        QPushButton *button = s->header->followButton();
        QVERIFY(!button->isHidden());
        QCOMPARE(button->text(),
                 followedByMe ? QStringLiteral("Following") : QStringLiteral("Follow"));
        QCOMPARE(button->isChecked(), followedByMe);
        QCOMPARE(button->focusPolicy(), Qt::StrongFocus);
        QVERIFY(s->header->focusPolicy() & Qt::TabFocus);
        auto *badge = s->header->findChild<QLabel *>(QStringLiteral("moderatorBadge"));
        QVERIFY(badge);
        QVERIFY(badge->isHidden());
        QCOMPARE(s->header->statusText(), QString());

        QVERIFY(s->load(kModerator));
        QCOMPARE(s->header->nameText(), QStringLiteral("管理员"));
        QVERIFY(!badge->isHidden());
        QCOMPARE(badge->text(), QStringLiteral("Moderator"));
        QVERIFY(!s->header->followButton()->isHidden());
    }

    // Through the outbox: the button and the count change at once, then the server agrees;
    // F (the header has focus) unfollows again.
    void followThroughOutbox()
    {
        QCOMPARE(m_client->del(QStringLiteral("/api/v1/users/%1/follow").arg(kWangwu)).status, 200);
        const qint64 before = serverProfile(kWangwu).value(QLatin1String("followers")).toInteger();
        auto s = side();
        QVERIFY(s->load(kWangwu));
        QCOMPARE(s->header->isFollowing(), false);
        QCOMPARE(s->header->followerCount(), before);
        QSignalSpy changed(s->header.get(), &ProfileHeader::followChanged);
        QSignalSpy completed(&s->outbox, &core::Outbox::completed);

        QTest::mouseClick(s->header->followButton(), Qt::LeftButton);
        // At once, before anything reaches the server.
        QCOMPARE(s->header->followButton()->text(), QStringLiteral("Following"));
        QVERIFY(s->header->followButton()->isChecked());
        QCOMPARE(s->header->followerCount(), before + 1);
        QVERIFY2(s->header->countsText().contains(followersPattern(before + 1)),
                 qPrintable(s->header->countsText()));
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed.at(0).at(0).toLongLong(), kWangwu);
        QCOMPARE(changed.at(0).at(1).toBool(), true);

        QTRY_VERIFY_WITH_TIMEOUT(
            serverProfile(kWangwu).value(QLatin1String("followedByMe")).toBool(), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(completed.size(), 1, 10000);
        QCOMPARE(serverProfile(kWangwu).value(QLatin1String("followers")).toInteger(), before + 1);
        QCOMPARE(s->header->followerCount(), before + 1);
        QCOMPARE(s->header->isFollowing(), true);
        QCOMPARE(s->outbox.pendingCount(), 0);
        QCOMPARE(changed.size(), 1); // the server's answer agreed: no flicker
        QCOMPARE(s->header->statusText(), QString());

        // F on the focused header: unfollow.
        s->header->show();
        s->header->setFocus();
        QTest::keyClick(s->header.get(), Qt::Key_F);
        QCOMPARE(s->header->followButton()->text(), QStringLiteral("Follow"));
        QCOMPARE(s->header->followerCount(), before);
        QCOMPARE(changed.size(), 2);
        QCOMPARE(changed.at(1).at(1).toBool(), false);
        QTRY_VERIFY_WITH_TIMEOUT(
            !serverProfile(kWangwu).value(QLatin1String("followedByMe")).toBool(), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(completed.size(), 2, 10000);
        QCOMPARE(serverProfile(kWangwu).value(QLatin1String("followers")).toInteger(), before);
        QCOMPARE(s->header->followerCount(), before);

        // A click and a click back before anything is sent: nothing reaches the server.
        s->api.setOffline(true);
        QTest::mouseClick(s->header->followButton(), Qt::LeftButton);
        QTest::mouseClick(s->header->followButton(), Qt::LeftButton);
        QCOMPARE(s->header->isFollowing(), false);
        QCOMPARE(s->header->followerCount(), before);
        QTRY_COMPARE(s->outbox.pendingCount(), 0);
        s->api.setOffline(false);
        QTRY_VERIFY(!s->header->isLoading());
        QCOMPARE(s->header->isFollowing(), false);

        // Back as the demo data has it.
        QCOMPARE(m_client->put(QStringLiteral("/api/v1/users/%1/follow").arg(kWangwu)).status, 200);
    }

    // Every follow has one path, the outbox: a header given none offers no follow at all — no
    // button, F does nothing, and nothing reaches the server.
    void noFollowWithoutOutbox()
    {
        auto s = side(false);
        QVERIFY(s->load(kMazi));
        QCOMPARE(s->header->nameText(), QStringLiteral("麻子"));
        QVERIFY(s->header->followButton()->isHidden());
        const bool before = serverProfile(kMazi).value(QLatin1String("followedByMe")).toBool();
        QSignalSpy changed(s->header.get(), &ProfileHeader::followChanged);
        QTest::keyClick(s->header.get(), Qt::Key_F);
        s->header->toggleFollow();
        QCOMPARE(changed.size(), 0);
        QCOMPARE(s->api.pendingCount(), 0);
        QCOMPARE(serverProfile(kMazi).value(QLatin1String("followedByMe")).toBool(), before);
    }

    // On my own profile there is nothing to follow: no button, F does nothing.
    void myOwnProfile()
    {
        auto s = side();
        QVERIFY(s->load(kZhangsan, kZhangsan));
        QCOMPARE(s->header->nameText(), QStringLiteral("张三"));
        QVERIFY(s->header->followButton()->isHidden());
        QVERIFY(!s->header->countsText().isEmpty());
        QSignalSpy changed(s->header.get(), &ProfileHeader::followChanged);
        QTest::keyClick(s->header.get(), Qt::Key_F);
        s->header->toggleFollow();
        QCOMPARE(changed.size(), 0);
        QCOMPARE(s->outbox.pendingCount(), 0);
        QCoreApplication::processEvents(); // nothing queued later either
        QCOMPARE(s->outbox.pendingCount(), 0);
    }

    // The server refuses (following myself is 422, when the header does not know who I am): the
    // button and the count roll back and the status line says why.
    void rollbackInWords()
    {
        auto s = side();
        QVERIFY(s->load(kZhangsan, 0));
        QVERIFY(!s->header->followButton()->isHidden());
        const qint64 before = s->header->followerCount();
        QSignalSpy changed(s->header.get(), &ProfileHeader::followChanged);
        QTest::mouseClick(s->header->followButton(), Qt::LeftButton);
        QCOMPARE(s->header->isFollowing(), true);
        QCOMPARE(s->header->followerCount(), before + 1);
        QTRY_VERIFY_WITH_TIMEOUT(!s->header->statusText().isEmpty(), 10000);
        QCOMPARE(s->header->isFollowing(), false);
        QCOMPARE(s->header->followerCount(), before);
        QCOMPARE(s->header->followButton()->text(), QStringLiteral("Follow"));
        QVERIFY2(s->header->statusText().contains(QStringLiteral("张三")),
                 qPrintable(s->header->statusText()));
        auto *status = s->header->findChild<QLabel *>(QStringLiteral("status"));
        QVERIFY(status && !status->isHidden());
        fit(*s->header, 480);
        QVERIFY(s->header->grab().save(QDir(kShots).filePath(QStringLiteral("rollback-480.png"))));
        QCOMPARE(changed.size(), 2); // on, then rolled back
        QCOMPARE(changed.at(1).at(1).toBool(), false);
        QCOMPARE(s->outbox.pendingCount(), 0);
    }

    void unknownUser()
    {
        auto s = side();
        QSignalSpy failed(s->header.get(), &ProfileHeader::loadFailed);
        QVERIFY(!s->load(99999999));
        QCOMPARE(failed.size(), 1);
        QCOMPARE(failed.at(0).at(0).toString(), QStringLiteral("This person does not exist."));
        QCOMPARE(s->header->statusText(), QStringLiteral("This person does not exist."));
        QVERIFY(!s->header->profile());
        QVERIFY(s->header->followButton()->isHidden());
        QCOMPARE(s->header->countsText(), QString());
        s->header->toggleFollow(); // nothing to follow
        QCOMPARE(s->outbox.pendingCount(), 0);
        // Then a real person again.
        QVERIFY(s->load(kWangwu));
        QCOMPARE(s->header->statusText(), QString());
        QCOMPARE(s->header->nameText(), QStringLiteral("王五"));
    }

    // Offline: what was last loaded (or words); a follow queues in the outbox and is sent when
    // back online.
    void offlineFollowQueues()
    {
        auto s = side();
        QVERIFY(s->load(kQianqi));
        const qint64 before = s->header->followerCount();
        QCOMPARE(s->header->isFollowing(), false);

        s->api.setOffline(true);
        QCOMPARE(s->header->statusText(),
                 QStringLiteral("Offline: showing the profile as last loaded."));
        QCOMPARE(s->header->nameText(), QStringLiteral("钱七"));
        fit(*s->header, 480);
        QVERIFY(s->header->grab().save(QDir(kShots).filePath(QStringLiteral("offline-480.png"))));

        // Someone never loaded: words, no button.
        s->header->setUser(kMaliu, kZhangsan);
        QCOMPARE(s->header->statusText(), QStringLiteral("Offline: the profile cannot be loaded."));
        QVERIFY(!s->header->profile());
        QVERIFY(s->header->followButton()->isHidden());
        QVERIFY(s->header->nameText().isEmpty());

        // Back to 钱七: from the in-memory copy.
        s->header->setUser(kQianqi, kZhangsan);
        QCOMPARE(s->header->nameText(), QStringLiteral("钱七"));
        QCOMPARE(s->header->followerCount(), before);
        QVERIFY(!s->header->isLoading());

        QTest::mouseClick(s->header->followButton(), Qt::LeftButton);
        QCOMPARE(s->header->followButton()->text(), QStringLiteral("Following"));
        QCOMPARE(s->header->followerCount(), before + 1);
        QTRY_COMPARE(s->outbox.pendingCount(), 1);
        QCoreApplication::processEvents(); // offline: the queue keeps it, nothing is sent
        QCOMPARE(serverProfile(kQianqi).value(QLatin1String("followedByMe")).toBool(), false);
        QCOMPARE(s->header->isFollowing(), true); // still shown as pending

        QSignalSpy completed(&s->outbox, &core::Outbox::completed);
        s->api.setOffline(false);
        QTRY_VERIFY_WITH_TIMEOUT(
            serverProfile(kQianqi).value(QLatin1String("followedByMe")).toBool(), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(completed.size(), 1, 10000);
        QTRY_VERIFY(!s->header->isLoading());
        QCOMPARE(s->header->isFollowing(), true);
        QCOMPARE(s->header->followerCount(),
                 serverProfile(kQianqi).value(QLatin1String("followers")).toInteger());
        QCOMPARE(s->header->followerCount(), before + 1);
        QCOMPARE(s->header->statusText(), QString());

        // Back as it was.
        QCOMPARE(m_client->del(QStringLiteral("/api/v1/users/%1/follow").arg(kQianqi)).status, 200);
    }

    // The server goes away: words, the last profile kept, nothing crashes.
    void stoppedServer()
    {
        TestServer other;
        QVERIFY2(other.start(), other.stderrLog().right(2000).constData());
        Client c(other.baseUrl());
        const QString token = c.login(QStringLiteral("zhangsan"));
        QVERIFY(!token.isEmpty());
        for (const bool withOutbox : {false, true}) {
            QTemporaryDir dir;
            Side s(other.baseUrl(), token, dir.path(), withOutbox);
            QVERIFY(s.load(kMaliu));
            QCOMPARE(s.header->nameText(), QStringLiteral("麻六"));
            s.api.setBaseUrl(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(deadPort())));
            QSignalSpy failed(s.header.get(), &ProfileHeader::loadFailed);
            s.header->reload();
            QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 10000);
            QVERIFY2(s.header->statusText().startsWith(
                         QStringLiteral("The profile could not be refreshed:")),
                     qPrintable(s.header->statusText()));
            QCOMPARE(s.header->nameText(), QStringLiteral("麻六")); // kept
            const bool was = s.header->isFollowing();
            if (!withOutbox) {
                // Every follow goes through the outbox: without one there is nothing to click,
                // and F changes nothing.
                QVERIFY(s.header->followButton()->isHidden());
                s.header->toggleFollow();
                QCOMPARE(s.header->isFollowing(), was);
                s.header->grab();
                continue;
            }
            QTest::mouseClick(s.header->followButton(), Qt::LeftButton);
            QCOMPARE(s.header->isFollowing(), !was);
            // Transient: it stays queued, still shown as pending.
            QTRY_VERIFY_WITH_TIMEOUT(s.outbox.entries().value(0).attempts > 0, 10000);
            QCOMPARE(s.header->isFollowing(), !was);
            s.header->grab();
        }
        other.stop();
        // A header whose server was never there.
        QTemporaryDir dir;
        Side s(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(deadPort())), token, dir.path());
        QVERIFY(!s.load(kWangwu));
        QVERIFY2(
            s.header->statusText().startsWith(QStringLiteral("The profile could not be loaded:")),
            qPrintable(s.header->statusText()));
        QVERIFY(!s.header->profile());
        QVERIFY(s.header->followButton()->isHidden());
        fit(*s.header, 480);
        QVERIFY(s.header->grab().save(QDir(kShots).filePath(QStringLiteral("dead-480.png"))));
    }

    // Looked at: 480 and 900 px, a long Chinese name elided, the moderator's badge, both
    // languages.
    void screenshots()
    {
        for (const QString &lang : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            installTranslations(*qApp, QLocale(lang));
            auto s = side();
            for (const qint64 uid : {kWangwu, kLongName, kModerator}) {
                QVERIFY(s->load(uid));
                for (const int width : {480, 900}) {
                    fit(*s->header, width);
                    s->header->grab(); // asks for the avatar
                    QTRY_VERIFY_WITH_TIMEOUT(s->images.pendingCount() == 0, 10000);
                    const QString path = QDir(kShots).filePath(
                        QStringLiteral("%1-%2-%3.png").arg(lang).arg(uid).arg(width));
                    QVERIFY2(s->header->grab().save(path), qPrintable(path));
                }
            }
            s->header->setUser(99999999, kZhangsan);
            QTRY_VERIFY(!s->header->isLoading());
            fit(*s->header, 480);
            QVERIFY(s->header->grab().save(
                QDir(kShots).filePath(QStringLiteral("%1-unknown-480.png").arg(lang))));
        }
        installTranslations(*qApp, QLocale(QStringLiteral("en")));
    }
};

QTEST_MAIN(TstProfileHeader)
#include "tst_profileheader.moc"

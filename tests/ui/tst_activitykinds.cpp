// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tst_activitykinds: the Activity page's kind filter against the real server, offscreen, in
// English and Chinese — the "kind" box beside the Following / Everyone / Mine switch, reached by
// Tab and changed by the keyboard, loads only that kind as the server answers it (replies apart
// from comments), also on a person's page where the switch is hidden; and an item of a kind this
// version does not know shows its actor with a line saying it is not supported yet.
#include "artifacts.h"
#include "common/placeholderlist.h"
#include "feeds.h"
#include "i18n.h"
#include "net/apiclient.h"
#include "people/activitymodel.h"
#include "people/activityview.h"
#include "testserver.h"
#include "wire/jsoncodec.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QJsonArray>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTabBar>
#include <QTest>

#include <memory>

using namespace threadline;
using models::ActivityModel;
using test::Client;
using test::TestServer;
using ui::ActivityView;

namespace {
const QString kApi = QStringLiteral("/api/v1");
const QString kShots = test::artifactDir(QStringLiteral("activitykinds"));
constexpr int kWait = 20000;

struct Side
{
    core::ApiClient api;
    std::unique_ptr<models::Feeds> feeds;
    std::unique_ptr<ActivityView> view;

    Side(const QUrl &base, const QString &token)
    {
        api.setBaseUrl(base);
        api.setToken(token);
        api.setRetryPolicy({1, 10, 10});
        api.setTimeoutMs(5000);
        feeds = std::make_unique<models::Feeds>(
            models::Feeds::Parts{&api, nullptr, nullptr, nullptr, nullptr});
        view = std::make_unique<ActivityView>(feeds.get(), nullptr);
        view->resize(640, 800);
        view->show();
    }
    [[nodiscard]] QStringList types() const
    {
        QStringList out;
        for (int r = 0; r < view->model()->rowCount(); ++r)
            out << view->model()->index(r).data(ActivityModel::TypeRole).toString();
        return out;
    }
    bool loaded()
    {
        return QTest::qWaitFor(
            [&] { return !view->feed()->isBusy() && view->model()->rowCount() > 0; }, kWait);
    }
};

} // namespace

class TstActivityKinds : public QObject
{
    Q_OBJECT

    TestServer m_server;
    std::unique_ptr<Client> m_actor;

private Q_SLOTS:
    void initTestCase()
    {
        QApplication::setFont(QFont(QStringLiteral("WenQuanYi Micro Hei"), 10));
        QApplication::setStyle(QStringLiteral("Fusion"));
        installTranslations(*qApp, QLocale(QStringLiteral("en")));
        QVERIFY2(m_server.start(), m_server.stderrLog().right(2000).constData());
        m_actor = std::make_unique<Client>(m_server.baseUrl());
        QVERIFY(!m_actor->login(QStringLiteral("demo110")).isEmpty());
        Client author(m_server.baseUrl());
        QVERIFY(!author.login(QStringLiteral("demo111")).isEmpty());
        const auto post = author.post(kApi + QStringLiteral("/posts"),
                                      QJsonObject{{"content", "talk"}, {"category", "TEXT"}});
        QCOMPARE(post.status, 201);
        const qint64 id = post.obj().value("id").toInteger();
        const auto comment = m_actor->post(kApi + QStringLiteral("/posts/%1/comments").arg(id),
                                           QJsonObject{{"content", "a comment"}});
        QCOMPARE(comment.status, 201);
        QCOMPARE(
            m_actor
                ->post(kApi + QStringLiteral("/posts/%1/comments").arg(id),
                       QJsonObject{{"content", "a reply"}, {"parentId", comment.obj().value("id")}})
                .status,
            201);
        QCOMPARE(m_actor->put(kApi + QStringLiteral("/posts/%1/like").arg(id)).status, 200);
    }

    void cleanup() { installTranslations(*qApp, QLocale(QStringLiteral("en"))); }

    void kindBoxFiltersByKeyboard_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }

    void kindBoxFiltersByKeyboard()
    {
        QFETCH(QString, lang);
        installTranslations(*qApp, QLocale(lang));
        Side s(m_server.baseUrl(), m_actor->token());
        s.view->setScope(ActivityView::Scope::Mine);
        s.view->start();
        QVERIFY(s.loaded());
        QCOMPARE(s.types(), (QStringList{"like", "reply", "comment"}));
        QComboBox *kinds = s.view->kindFilter();
        QVERIFY(kinds->isVisible());
        QCOMPARE(kinds->currentText(), lang == QLatin1String("en") ? QStringLiteral("All kinds")
                                                                   : QStringLiteral("全部类型"));
        // Tab from the switch reaches the box; Down chooses the next kinds
        s.view->scopeBar()->setFocus();
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), kinds);
        QTest::keyClick(kinds, Qt::Key_Down); // Posts
        QTest::keyClick(kinds, Qt::Key_Down); // Comments
        QCOMPARE(s.view->kind(), QStringLiteral("comment"));
        QTRY_VERIFY_WITH_TIMEOUT(!s.view->feed()->isBusy() && s.types() == QStringList{"comment"},
                                 kWait);
        QTest::keyClick(kinds, Qt::Key_Down); // Replies
        QTRY_VERIFY_WITH_TIMEOUT(!s.view->feed()->isBusy() && s.types() == QStringList{"reply"},
                                 kWait);
        QVERIFY(s.view->grab().save(
            QDir(kShots).filePath(QStringLiteral("activity-replies-%1.png").arg(lang))));
        QTest::keyClick(kinds, Qt::Key_Down); // Likes
        QTRY_VERIFY_WITH_TIMEOUT(!s.view->feed()->isBusy() && s.types() == QStringList{"like"},
                                 kWait);
        QTest::keyClick(kinds, Qt::Key_Down); // Follows: none
        QTRY_VERIFY_WITH_TIMEOUT(!s.view->feed()->isBusy() && s.types().isEmpty(), kWait);
        QVERIFY(!s.view->list()->placeholder().isEmpty());
    }

    void personsActivityByKind()
    {
        Side s(m_server.baseUrl(), m_actor->token());
        s.view->showPerson(m_actor->uid());
        s.view->setKind(QStringLiteral("reply"));
        s.view->start();
        QVERIFY(!s.view->scopeBar()->isVisible());  // no switch on a person's page
        QVERIFY(s.view->kindFilter()->isVisible()); // the kinds stay
        QVERIFY(s.loaded());
        QCOMPARE(s.types(), QStringList{"reply"});
    }

    void aTopicRowOpensTheTopic()
    {
        // "A posted in #topic": Return opens the post, T the topic's page (as T on a card).
        const auto post =
            m_actor->post(kApi + QStringLiteral("/posts"),
                          QJsonObject{{"content", QStringLiteral("晚饭 #Kitchen-话题# tonight")},
                                      {"category", "TEXT"}});
        QCOMPARE(post.status, 201);
        Side s(m_server.baseUrl(), m_actor->token());
        s.view->setScope(ActivityView::Scope::Mine);
        s.view->setKind(QStringLiteral("topic"));
        s.view->start();
        QVERIFY(s.loaded());
        QCOMPARE(s.types().value(0), QStringLiteral("topic"));
        QSignalSpy opened(s.view.get(), &ActivityView::openTopic);
        QSignalSpy postOpened(s.view.get(), &ActivityView::openPost);
        s.view->list()->setFocus();
        s.view->list()->setCurrentIndex(s.view->model()->index(0));
        QTest::keyClick(s.view->list(), Qt::Key_Return);
        QCOMPARE(postOpened.size(), 1);
        QCOMPARE(postOpened.at(0).at(0).toLongLong(), post.obj().value("id").toInteger());
        QCOMPARE(opened.size(), 0);
        QTest::keyClick(s.view->list(), Qt::Key_T);
        QCOMPARE(opened.size(), 1);
        QCOMPARE(opened.at(0).at(0).toString(), QStringLiteral("kitchen-话题")); // the key
    }

    void unknownKindSaysSo_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }

    void unknownKindSaysSo()
    {
        QFETCH(QString, lang);
        installTranslations(*qApp, QLocale(lang));
        // a newer server's page: a kind this version does not know, and a topic item
        const QByteArray json =
            R"({"items":[{"id":3,"type":"poke","channel":"fun","actor":{"uid":7,"nickName":"小明","headImg":""},"createtime":30},)"
            R"({"id":2,"type":"topic","channel":"topics","topic":"猫","postId":5,"actor":{"uid":7,"nickName":"小明","headImg":""},"createtime":20}],"next":null})";
        const auto page = core::decodeActivityPage(json);
        QVERIFY2(page.ok(), qPrintable(page.ok() ? QString() : page.error().toString()));
        QCOMPARE(page->items.size(), 2);
        QCOMPARE(page->items.at(0).type, core::Activity::Type::Unknown);
        QCOMPARE(page->items.at(0).typeName, QStringLiteral("poke"));
        ActivityModel model;
        model.prependEntries(page->items);
        const QString unknown = model.index(0).data(ActivityModel::TextRole).toString();
        QVERIFY2(unknown.contains(QStringLiteral("小明")), qPrintable(unknown));
        QVERIFY2(unknown.contains(QStringLiteral("poke")), qPrintable(unknown));
        QVERIFY2(unknown.contains(lang == QLatin1String("en") ? QStringLiteral("not support")
                                                              : QStringLiteral("暂不支持")),
                 qPrintable(unknown));
        QCOMPARE(model.index(0).data(ActivityModel::SupportedRole).toBool(), false);
        QCOMPARE(model.index(0).data(ActivityModel::TypeRole).toString(), QStringLiteral("poke"));
        const QString topic = model.index(1).data(ActivityModel::TextRole).toString();
        QVERIFY2(topic.contains(QStringLiteral("#")) && topic.contains(QStringLiteral("猫")),
                 qPrintable(topic));
        QCOMPARE(model.index(1).data(ActivityModel::ChannelRole).toString(),
                 QStringLiteral("topics"));
    }
};

QTEST_MAIN(TstActivityKinds)
#include "tst_activitykinds.moc"

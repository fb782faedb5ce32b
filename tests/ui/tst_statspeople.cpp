// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tst_statspeople: the Statistics page's lists of people against the real server, offscreen, in
// English and zh_CN. The two figures added with the lists equal the server's; a click on a
// figure (or Return on it) lists its people, and the list is the server's own list
// (GET /moderation/stats/people) page after page as it scrolls; a click or Return on a person
// asks for their page (personActivated); a figure without people (Inactive for 7 days) lists
// nothing new; screenshots light and dark in both languages.
#include "artifacts.h"
#include "common/theme.h"
#include "feeds.h"
#include "i18n.h"
#include "moderation/statsview.h"
#include "net/apiclient.h"
#include "people/activitystatsfeed.h"
#include "people/statspeoplemodel.h"
#include "testserver.h"
#include "wire/jsoncodec.h"

#include <QApplication>
#include <QDateEdit>
#include <QDir>
#include <QJsonArray>
#include <QJsonObject>
#include <QListView>
#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace threadline;
using models::ActivityStatsFeed;
using models::StatsPeopleModel;
using test::Client;
using test::TestServer;
using ui::StatsView;
using Figure = StatsView::Figure;

namespace {
constexpr int kWaitMs = 30000;
const QString kApi = QStringLiteral("/api/v1");
} // namespace

class TstStatsPeople : public QObject
{
    Q_OBJECT

    TestServer m_server;
    std::unique_ptr<Client> m_mod;

    struct Side
    {
        core::ApiClient api;
        std::unique_ptr<models::Feeds> feeds;
        std::unique_ptr<StatsView> view;
    };
    std::unique_ptr<Side> side()
    {
        auto s = std::make_unique<Side>();
        s->api.setBaseUrl(m_server.baseUrl());
        s->api.setToken(m_mod->token());
        s->feeds = std::make_unique<models::Feeds>(
            models::Feeds::Parts{&s->api, nullptr, nullptr, nullptr, nullptr});
        s->view = std::make_unique<StatsView>(s->feeds.get());
        s->view->resize(1000, 660);
        s->view->show();
        if (!QTest::qWaitForWindowExposed(s->view.get()))
            qFatal("not shown");
        s->view->activateWindow();
        return s;
    }
    static bool settled(Side &s)
    {
        return QTest::qWaitFor(
            [&] { return !s.view->feed()->isLoading() && !s.view->peopleFeed()->isLoading(); },
            kWaitMs);
    }
    // The server's whole list, as uids.
    QList<qint64> serverList(const QString &set, const QDate &date)
    {
        QList<qint64> out;
        QString after;
        for (int guard = 0; guard < 100; ++guard) {
            QString path =
                kApi + QStringLiteral("/moderation/stats/people?limit=200&set=%1&date=%2")
                           .arg(set, date.toString(QStringLiteral("yyyy-MM-dd")));
            if (!after.isEmpty())
                path += QStringLiteral("&after=") + after;
            const auto r = m_mod->get(path);
            if (r.status != 200)
                return {-1};
            for (const QJsonValue &v : r.obj().value(QStringLiteral("items")).toArray())
                out.append(v.toObject().value(QStringLiteral("uid")).toInteger());
            if (!r.obj().value(QStringLiteral("next")).isString())
                return out;
            after = r.obj().value(QStringLiteral("next")).toString();
        }
        return out;
    }
    static QList<qint64> listed(Side &s)
    {
        QList<qint64> out;
        QAbstractItemModel *m = s.view->peopleView()->model();
        for (int i = 0; i < m->rowCount(); ++i)
            out.append(m->index(i, 0).data(StatsPeopleModel::UidRole).toLongLong());
        return out;
    }
    // Everything the list can load (scrolling to the end until no page is left).
    static bool loadAll(Side &s)
    {
        for (int guard = 0; guard < 100; ++guard) {
            if (!QTest::qWaitFor([&] { return !s.view->peopleFeed()->isLoading(); }, kWaitMs))
                return false;
            auto *model = s.view->peopleView()->model();
            if (!model->canFetchMore({}))
                return true;
            s.view->peopleView()->scrollToBottom();
            model->fetchMore({});
        }
        return false;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(m_server.start(), m_server.stderrLog().right(2000).constData());
        QApplication::setOrganizationName(QStringLiteral("ThreadlineTest"));
        QApplication::setApplicationName(QStringLiteral("tst_statspeople"));
        m_mod = std::make_unique<Client>(m_server.baseUrl());
        QVERIFY(!m_mod->login(QStringLiteral("moderator")).isEmpty());
        QCOMPARE(m_mod->get(kApi + QStringLiteral("/moderation/stats")).status, 200);
    }

    void figuresListsAndClicks_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }

    void figuresListsAndClicks()
    {
        QFETCH(QString, lang);
        installTranslations(*qApp, QLocale(lang));
        auto s = side();
        const QDate date = ActivityStatsFeed::serverToday().addDays(-1);
        s->view->setDate(date);
        QVERIFY(settled(*s));
        const auto r = m_mod->get(kApi + QStringLiteral("/moderation/stats?date=") +
                                  date.toString(QStringLiteral("yyyy-MM-dd")));
        QCOMPARE(r.status, 200);
        const QJsonObject server = r.obj();
        QCOMPARE(s->view->figureText(Figure::ThisWeekNotToday),
                 QString::number(server.value("activeThisWeekNotToday").toInteger()));
        QCOMPARE(s->view->figureText(Figure::NewThisWeek),
                 QString::number(server.value("newThisWeek").toInteger()));
        if (lang == QLatin1String("en")) {
            QCOMPARE(s->view->figureCaption(Figure::ThisWeekNotToday),
                     QStringLiteral("Active this week, but not today"));
            QCOMPARE(s->view->figureCaption(Figure::NewThisWeek), QStringLiteral("New this week"));
        } else {
            QCOMPARE(s->view->figureCaption(Figure::ThisWeekNotToday),
                     QStringLiteral("本周活跃但今天未活跃"));
            QCOMPARE(s->view->figureCaption(Figure::NewThisWeek), QStringLiteral("本周新用户"));
        }

        // the default list: each of the last 3 days, the server's own list
        QCOMPARE(s->view->peopleFigure(), Figure::ActiveAllOf3Days);
        QVERIFY(loadAll(*s));
        QCOMPARE(listed(*s), serverList(QStringLiteral("activeAllOfLast3Days"), date));
        QVERIFY(s->view->peopleTitle().contains(
            QString::number(server.value("activeAllOfLast3Days").toInteger())));

        // a click on "this week, but not today": its people, page after page (50 a page)
        QTest::mouseClick(s->view->figureTile(Figure::ThisWeekNotToday), Qt::LeftButton);
        QCOMPARE(s->view->peopleFigure(), Figure::ThisWeekNotToday);
        QVERIFY(loadAll(*s));
        const QList<qint64> week = serverList(QStringLiteral("activeThisWeekNotToday"), date);
        QCOMPARE(listed(*s), week);
        QCOMPARE(qint64(week.size()), server.value("activeThisWeekNotToday").toInteger());

        // Return on "Active today"
        QWidget *tile = s->view->figureTile(Figure::ActiveToday);
        tile->setFocus();
        QTRY_VERIFY(tile->hasFocus());
        QTest::keyClick(tile, Qt::Key_Return);
        QCOMPARE(s->view->peopleFigure(), Figure::ActiveToday);
        QVERIFY(loadAll(*s));
        QCOMPARE(listed(*s), serverList(QStringLiteral("activeToday"), date));

        // a figure without a list changes nothing
        QTest::mouseClick(s->view->figureTile(Figure::InactiveFor7Days), Qt::LeftButton);
        QCOMPARE(s->view->peopleFigure(), Figure::ActiveToday);

        // a click on a person asks for their page; so does Return
        QListView *list = s->view->peopleView();
        QVERIFY(list->model()->rowCount() >= 2);
        QSignalSpy opened(s->view.get(), &StatsView::personActivated);
        const QModelIndex second = list->model()->index(1, 0);
        list->scrollTo(second);
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualRect(second).center());
        QCOMPARE(opened.count(), 1);
        QCOMPARE(opened.at(0).at(0).toLongLong(),
                 second.data(StatsPeopleModel::UidRole).toLongLong());
        list->setFocus();
        list->setCurrentIndex(list->model()->index(0, 0));
        QTest::keyClick(list, Qt::Key_Return);
        QVERIFY(opened.count() >= 2);
        QCOMPARE(opened.last().at(0).toLongLong(),
                 list->model()->index(0, 0).data(StatsPeopleModel::UidRole).toLongLong());
        // names are plain text: the nickname and the uid
        const QString shown = second.data().toString();
        QVERIFY(shown.startsWith(second.data(StatsPeopleModel::NameRole).toString()));
        QVERIFY(
            shown.contains(QString::number(second.data(StatsPeopleModel::UidRole).toLongLong())));

        // another day: the list follows
        QTest::keyClick(static_cast<QWidget *>(s->view->dateEdit()), Qt::Key_Left,
                        Qt::ControlModifier);
        QVERIFY(settled(*s));
        QVERIFY(loadAll(*s));
        QCOMPARE(listed(*s), serverList(QStringLiteral("activeToday"), date.addDays(-1)));
        installTranslations(*qApp, QLocale(QStringLiteral("en")));
    }

    void screenshots_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QString>("theme");
        QTest::newRow("en light") << QStringLiteral("en") << QStringLiteral("light");
        QTest::newRow("en dark") << QStringLiteral("en") << QStringLiteral("dark");
        QTest::newRow("zh_CN light") << QStringLiteral("zh_CN") << QStringLiteral("light");
        QTest::newRow("zh_CN dark") << QStringLiteral("zh_CN") << QStringLiteral("dark");
    }

    void screenshots()
    {
        QFETCH(QString, lang);
        QFETCH(QString, theme);
        installTranslations(*qApp, QLocale(lang));
        ui::applyTheme(*ui::themeFromName(theme));
        auto s = side();
        s->view->start();
        QVERIFY(settled(*s));
        QVERIFY(loadAll(*s));
        QCoreApplication::processEvents();
        const QString dir = test::artifactDir(QStringLiteral("statspeople"));
        QVERIFY(!dir.isEmpty());
        const QString path =
            QDir(dir).filePath(QStringLiteral("stats-people-%1-%2.png").arg(lang, theme));
        QVERIFY2(s->view->grab().save(path), qPrintable(path));
        ui::applyTheme(ui::Theme::System);
        installTranslations(*qApp, QLocale(QStringLiteral("en")));
    }
};

QTEST_MAIN(TstStatsPeople)
#include "tst_statspeople.moc"

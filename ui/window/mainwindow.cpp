// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/mainwindow.h"
#include "window/mainwindowshared.h"

#include "actions.h"
#include "common/timeticker.h"
#include "devicemodel.h"
#include "dialogs/composedialog.h"
#include "errorlogmodel.h"
#include "faultcontrol.h"
#include "feeds.h"
#include "images/imagecache.h"
#include "moderation/devicedialog.h"
#include "moderation/moderationview.h"
#include "moderation/statsview.h"
#include "notifications/desktopalerts.h"
#include "notifications/notificationsmodel.h"
#include "notifications/notificationsview.h"
#include "people/activityview.h"
#include "people/messageboardview.h"
#include "people/personpages.h"
#include "people/profileheader.h"
#include "poststore.h"
#include "rankings/rankingview.h"
#include "search/searchview.h"
#include "syncengine.h"
#include "thread/likersdialog.h"
#include "thread/threadloader.h"
#include "thread/threadview.h"
#include "timeline/historymodel.h"
#include "timeline/timelinefeed.h"
#include "timeline/timelinemodel.h"
#include "timeline/timelineview.h"
#include "topics/topicpage.h"
#include "window/qapanel.h"

#include <QAction>
#include <QCloseEvent>
#include <QDockWidget>
#include <QEvent>
#include <QLabel>
#include <QListView>
#include <QListWidget>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

namespace threadline::ui {

using models::TimelineFeed;
using namespace mainwindow;

MainWindow::MainWindow(core::AppCore *core, models::Feeds *feeds, QWidget *parent)
    : QMainWindow(parent)
    , m_core(core)
    , m_models(feeds)
    , m_ticker(feeds->ticker())
    , m_split(new QSplitter(Qt::Horizontal, this))
    , m_nav(new QListWidget(m_split))
    , m_pages(new QStackedWidget(m_split))
    , m_placeholder(new QLabel(m_pages))
    , m_coreStatus(new QToolButton(this))
    , m_errorStatus(new QToolButton(this))
    , m_errorLog(new models::ErrorLogModel(this))
    , m_feedStatus(new QLabel(this))
    , m_faultStatus(new QLabel(this))
    , m_userLabel(new QLabel(this))
{
    m_format = models::RelativeTime(QSettings().value(QLatin1String(kSystemZoneKey)).toBool()
                                        ? models::RelativeTime::Zone::System
                                        : models::RelativeTime::Zone::Utc8);
    auto *placeholder = static_cast<QLabel *>(m_placeholder);
    placeholder->setAlignment(Qt::AlignCenter);
    placeholder->setTextFormat(Qt::PlainText);
    m_pages->addWidget(m_placeholder);

    m_nav->setObjectName(QStringLiteral("navigation"));
    m_nav->setFrameShape(QFrame::NoFrame);
    m_nav->setMinimumWidth(150);
    m_nav->setMaximumWidth(240);
    m_nav->setStyleSheet(QStringLiteral("QListWidget#navigation::item { padding: 7px 12px; }"));
    m_navPages = kBasePages;
    for (int i = 0; i < int(m_navPages.size()); ++i)
        m_nav->addItem(QString());
    connect(m_nav, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0 && row < int(m_navPages.size()))
            showPage(m_navPages.at(row));
    });
    // A page that is no row (a person, a topic, the search) keeps the list's current row and
    // clears its selection (showNoNavRow): the list then has a current row when it gets the
    // focus, and Qt does not make the first one current — which showed All. So the row that is
    // current may be clicked or activated without changing: that shows its page too.
    const auto showRow = [this](QListWidgetItem *item) {
        const int row = m_nav->row(item);
        if (row >= 0 && row < int(m_navPages.size()) && m_page != m_navPages.at(row))
            showPage(m_navPages.at(row));
    };
    connect(m_nav, &QListWidget::itemClicked, this, showRow);
    connect(m_nav, &QListWidget::itemActivated, this, showRow);
    m_split->addWidget(m_nav);
    m_split->addWidget(m_pages);
    m_split->setStretchFactor(1, 3);
    m_split->setChildrenCollapsible(false);
    setCentralWidget(m_split);

    // The outbox's count is a button: a click (or Space on it) opens the outbox panel.
    m_coreStatus->setObjectName(QStringLiteral("outboxStatus"));
    m_coreStatus->setAutoRaise(true);
    m_coreStatus->setToolButtonStyle(Qt::ToolButtonTextOnly);
    connect(m_coreStatus, &QToolButton::clicked, this, &MainWindow::showOutbox);
    m_feedStatus->setObjectName(QStringLiteral("feedStatus"));
    m_feedStatus->setTextFormat(Qt::PlainText);
    m_faultStatus->setObjectName(QStringLiteral("faultStatus"));
    m_faultStatus->setTextFormat(Qt::PlainText);
    m_userLabel->setTextFormat(Qt::PlainText);
    statusBar()->addWidget(m_coreStatus);
    statusBar()->addWidget(m_feedStatus, 1);
    // Failed requests are kept with their request ids (Recent errors); while some are unseen,
    // a button says how many and opens them.
    m_errorLog->watch(m_core->api());
    m_errorStatus->setObjectName(QStringLiteral("errorDetails"));
    m_errorStatus->setAutoRaise(true);
    m_errorStatus->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_errorStatus->setVisible(false);
    connect(m_errorStatus, &QToolButton::clicked, this, &MainWindow::showErrorLog);
    connect(m_errorLog, &models::ErrorLogModel::unseenChanged, this,
            &MainWindow::updateErrorStatus);
    statusBar()->addPermanentWidget(m_errorStatus);
    statusBar()->addPermanentWidget(m_faultStatus);
    statusBar()->addPermanentWidget(m_userLabel);
    connect(m_models->faults(), &models::FaultControl::faultConfigChanged, this,
            &MainWindow::updateFaultStatus);
    connect(m_core, &core::AppCore::statusChanged, this, &MainWindow::updateStatus);
    connect(m_core, &core::AppCore::userMessage, this,
            [this](const QString &message) { statusBar()->showMessage(message, 15000); });

    m_inline = std::clamp(QSettings().value(QLatin1String(kInlineKey), 3).toInt(), 3, 5);
    // A cursor older than the server's change log: what the pages show is refreshed.
    connect(m_core->sync(), &core::SyncEngine::cursorExpired, this, [this] {
        for (const Feed &f : std::as_const(m_feeds))
            if (f.started)
                f.feed->refresh();
        if (m_history)
            m_history->load();
        if (m_activityView && m_activityView->isStarted())
            m_activityView->refresh();
        if (m_thread && m_thread->isVisible() && m_thread->postId() > 0)
            m_thread->loader()->reload();
    });
    buildDocks();
    buildMenus();
    buildToolBar();
    buildKeys();
    retranslate();
    updateStatus();
    updateFaultStatus();
    // where the window was, and how its panes were split
    const QSettings settings;
    if (!restoreGeometry(settings.value(QLatin1String(kGeometryKey)).toByteArray()))
        resize(1200, 800);
    m_split->restoreState(settings.value(QLatin1String(kStateKey)).toByteArray());
    if (settings.value(QLatin1String(kQaPanelKey)).toBool())
        setQaPanelVisible(true);
}

MainWindow::~MainWindow()
{
    clearAccount();
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    else if (event->type() == QEvent::PaletteChange) { // a theme, from the menu or Preferences
        syncThemeActions();
        // a widget with a style sheet keeps the palette it was polished with: polished again
        m_nav->setStyleSheet(m_nav->styleSheet());
    } else if (event->type() == QEvent::ActivationChange) {
        if (m_alerts)
            m_alerts->setWindowActive(isActiveWindow());
        if (isActiveWindow() && m_started)
            m_core->windowActivated();
    }
    QMainWindow::changeEvent(event);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    QSettings settings;
    settings.setValue(QLatin1String(kGeometryKey), saveGeometry());
    settings.setValue(QLatin1String(kStateKey), m_split->saveState());
    QMainWindow::closeEvent(event);
}

// --- the status bar -------------------------------------------------------------------------

void MainWindow::updateStatus()
{
    const QString coreStatus = m_core->statusText();
    m_coreStatus->setText(QString(coreStatus).replace(QLatin1Char('&'), QLatin1String("&&")));
    m_coreStatus->setToolTip(m_core->pendingCount() + m_core->failedCount() > 0
                                 ? tr("Show the changes waiting (Ctrl+Shift+Q)")
                                 : QString());
    if (m_offline && m_offline->isChecked() != m_core->isOffline())
        m_offline->setChecked(m_core->isOffline());
    // The core's state (offline, changes waiting) says it first; the feed's line adds what the
    // page is doing, unless it would only repeat that ("Offline — showing saved posts").
    // One status at a time: what the core has to say (offline, changes on their way or failed)
    // comes first, and only then what the page is doing ("Loading…", "Up to date").
    const Feed f = m_feeds.value(m_page);
    m_feedStatus->setText(f.feed && coreStatus.isEmpty() ? f.feed->status() : QString());
    // a passing message in the status bar has the line to itself until it goes
    const bool passing = !statusBar()->currentMessage().isEmpty();
    m_coreStatus->setVisible(!coreStatus.isEmpty() && !passing);
    m_feedStatus->setVisible(!m_feedStatus->text().isEmpty() && !passing);
    if (!passing && !coreStatus.isEmpty()) // offline, changes on their way or failed: said once
        announce(coreStatus);
}

QString MainWindow::faultStatus() const
{
    return m_faultStatus->text();
}

void MainWindow::updateFaultStatus()
{
    const QString text = faultsStatusText(m_models->faults()->faultConfig());
    m_faultStatus->setText(text);
    m_faultStatus->setVisible(!text.isEmpty());
}

// --- the account's pages --------------------------------------------------------------------

void MainWindow::clearAccount()
{
    if (!m_started)
        return;
    m_started = false;
    m_pages->setCurrentWidget(m_placeholder);
    for (Feed &f : m_feeds) {
        delete f.page; // the view, or the header and the view
        delete f.feed;
        delete f.model;
    }
    m_feeds.clear();
    m_topicKey.clear();
    delete m_historyView;
    delete m_history;
    delete m_activityView;
    delete m_thread;
    delete m_moderation;
    m_moderation = nullptr;
    m_moderationStarted = false;
    delete m_stats;
    m_stats = nullptr;
    delete m_ranking;
    m_ranking = nullptr;
    clearNotifications();
    if (m_searchAction)
        m_searchAction->setEnabled(false);
    while (m_navPages.size() > kBasePages.size()) {
        delete m_nav->takeItem(int(m_navPages.size()) - 1);
        m_navPages.removeLast();
        if (int(m_navPages.size()) < int(m_pageActions.size()))
            m_pageActions.at(int(m_navPages.size()))->setVisible(false);
    }
    m_historyView = nullptr;
    m_history = nullptr;
    m_activityView = nullptr;
    m_thread = nullptr;
    for (QAction *a : {m_newPost, m_refresh})
        a->setEnabled(false);
    retranslate();
}

MainWindow::Feed MainWindow::makeFeed(Page page)
{
    Feed f;
    f.model = m_models->timelineModel(this);
    f.model->setTicker(m_ticker, m_format);
    f.model->setInlineCommentCount(m_inline);
    f.feed = m_models->timelineFeed(f.model, this);
    switch (page) {
    case Page::Following:
        f.feed->setScope(TimelineFeed::Scope::following());
        break;
    case Page::Mine:
        f.feed->setScope(TimelineFeed::Scope::mine(m_me.brief.uid));
        break;
    case Page::HotDay:
        f.feed->setScope(TimelineFeed::Scope::hot(TimelineFeed::Scope::Window::Day,
                                                  TimelineFeed::Scope::Rank::Likes));
        break;
    case Page::HotWeek:
        f.feed->setScope(TimelineFeed::Scope::hot(TimelineFeed::Scope::Window::Week,
                                                  TimelineFeed::Scope::Rank::Likes));
        break;
    case Page::HotViews: // a week: a day's views are too few to rank by
        f.feed->setScope(TimelineFeed::Scope::hot(TimelineFeed::Scope::Window::Week,
                                                  TimelineFeed::Scope::Rank::Views));
        break;
    case Page::Likes:
        f.feed->setScope(TimelineFeed::Scope::liked());
        break;
    default:
        f.feed->setScope(TimelineFeed::Scope::all());
        break;
    }
    f.view = new TimelineView(m_core->images(), m_pages);
    f.view->setModel(f.model);
    connectView(f.view);
    f.page = f.view;
    if (page == Page::Mine || page == Page::Profile) { // a person's posts under their header
        f.page = new QWidget(m_pages);
        auto *layout = new QVBoxLayout(f.page);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->setSpacing(0);
        f.header = new ProfileHeader(m_models, m_core->images(), f.page);
        f.header->setModeratorTools(m_me.role == core::UserProfile::Role::Moderator);
        connect(f.header, &ProfileHeader::followersRequested, this,
                [this](qint64 uid, const QString &name) { showFollows(uid, true, name); });
        connect(f.header, &ProfileHeader::followingRequested, this,
                [this](qint64 uid, const QString &name) { showFollows(uid, false, name); });
        layout->addWidget(f.header);
        f.person = new PersonPages(f.view, makeActivityView(f.page), f.page);
        if (page == Page::Mine) { // my own: scope=mine, no switch
            f.person->activity()->setScope(ActivityView::Scope::Mine);
            f.person->activity()->setSwitchVisible(false);
        }
        auto *board = new MessageBoardView(m_models, f.page);
        board->setMe(m_me.brief, m_me.role == core::UserProfile::Role::Moderator);
        board->setTimeZone(m_format.zone());
        f.person->setBoard(board);
        if (page == Page::Mine)
            f.person->setBoardPerson(m_me.brief.uid, m_me.brief.nickName);
        connect(f.header, &ProfileHeader::loaded, f.person,
                [person = f.person](const core::UserProfile &profile) {
                    person->setBoardPerson(profile.brief.uid, profile.brief.nickName);
                });
        layout->addWidget(f.person, 1);
    }
    if (page == Page::Topic) { // a topic's posts under its header
        f.topic = new TopicPage(m_models, f.view, m_pages);
        f.page = f.topic;
        connect(f.topic, &TopicPage::followRequested, this,
                [this](const QString &topic, bool serverFollowing, bool desired) {
                    m_core->actions()->setTopicFollow(topic, serverFollowing, desired);
                });
    }
    m_pages->addWidget(f.page);
    connect(f.feed, &TimelineFeed::statusChanged, this, [this, page] {
        if (page == m_page)
            updateStatus();
    });
    connect(f.feed, &TimelineFeed::error, this,
            [this](const QString &message) { statusBar()->showMessage(message, 15000); });
    if (page == Page::Following) { // the live bar: new posts of the people and topics I follow
        TimelineView *view = f.view;
        TimelineFeed *feed = f.feed;
        feed->followLive(m_core->sync());
        connect(feed, &TimelineFeed::newerAvailable, view, &TimelineView::setNewerCount);
        connect(feed, &TimelineFeed::refreshed, view, [view] { view->setNewerCount(0); });
        connect(view, &TimelineView::newerBarClicked, feed, [feed, view] {
            connect(
                feed, &TimelineFeed::refreshed, view, [view] { view->scrollToTop(); },
                Qt::SingleShotConnection);
            feed->refresh();
        });
    }
    connect(f.feed, &TimelineFeed::newOnTop, this, [this, page](int count) {
        if (page == m_page) // news of a moment: the line goes back to the page's state
            statusBar()->showMessage(tr("%n new post(s) on top", nullptr, count), 5000);
    });
    return f;
}

ActivityView *MainWindow::makeActivityView(QWidget *parent)
{
    auto *view = new ActivityView(m_models, m_core->images(), parent);
    view->setTicker(m_ticker, m_format);
    connect(view, &ActivityView::openPost, this, &MainWindow::openThread);
    connect(view, &ActivityView::openComment, this, [this](qint64 postId, qint64 commentId) {
        openThread(postId);
        if (m_thread && m_thread->postId() == postId)
            m_thread->revealComment(commentId);
    });
    connect(view, &ActivityView::openProfile, this, &MainWindow::openProfile);
    connect(view, &ActivityView::openTopic, this, &MainWindow::openTopic);
    return view;
}

void MainWindow::connectView(TimelineView *view)
{
    // a like goes straight to Actions (docs/architecture.md, "A like's way")
    connect(view, &TimelineView::likeClicked, m_core->actions(), &core::Actions::togglePostLike);
    connect(view, &TimelineView::threadRequested, this, &MainWindow::openThread);
    connect(view, &TimelineView::replyRequested, this, &MainWindow::replyTo);
    connect(view, &TimelineView::escapePressed, this, &MainWindow::closeThread);
    connect(view, &TimelineView::likersRequested, this, &MainWindow::showLikers);
    connect(view, &TimelineView::authorClicked, this, &MainWindow::openProfile);
    connect(view, &TimelineView::topicRequested, this, &MainWindow::openTopic);
    connect(view, &TimelineView::pictureClicked, this, &MainWindow::showPictures);
    connect(view, &TimelineView::deleteRequested, this,
            [this](qint64 postId) { m_core->actions()->deletePost(postId); });
    connect(
        view, &TimelineView::reportRequested, this,
        [this](core::TargetType type, qint64 id, core::Report::Reason reason, const QString &note) {
            m_core->actions()->report(type, id, reason, note);
            statusBar()->showMessage(tr("Your report is on its way to the moderators."), 5000);
        });
    connect(view, &TimelineView::moderationRequested, this,
            [this](core::TargetType type, qint64 id, bool hide, const QString &reason) {
                m_core->actions()->moderate(type, id, hide, reason);
            });
    view->setMyUid(m_me.brief.uid);
    view->setModerator(m_me.role == core::UserProfile::Role::Moderator);
}

void MainWindow::startAccount(const core::UserProfile &me,
                              const core::AppCore::AccountOptions &options)
{
    clearAccount();
    m_me = me;
    // The timeline feeds below paint and refresh All; the sync engine keeps to the changes.
    m_core->sync()->setRefreshesTimeline(false);
    if (!m_core->hasAccount()) // signed out and in again as the same person: already open
        m_core->startAccount(me, options);
    // All only: the other feeds, History, Activity, Ranking and the thread pane are made when
    // they are first shown (ensureFeed() and the others below).
    m_feeds.insert(Page::All, makeFeed(Page::All));

    if (me.role == core::UserProfile::Role::Moderator) {
        // Their rows now; the pages when first shown (ensureModeration, ensureStats).
        for (const Page page : {Page::Moderation, Page::Statistics}) {
            m_navPages.append(page);
            m_nav->addItem(QString());
            m_pageActions.at(int(m_navPages.size()) - 1)->setVisible(true);
        }
    }

    // The Ranking page: every account's, the navigation's last row (after the moderators'
    // pages, which keep their shortcuts; the row is reached by the list's keys).
    m_navPages.append(Page::Ranking);
    m_nav->addItem(QString());
    startNotifications(); // its row after Ranking, with the unread badge
    startSearch();        // Ctrl+F (mainwindowsearch.cpp)

    m_started = true;
    m_signedOut = false;
    for (QAction *a : {m_newPost, m_refresh})
        a->setEnabled(true);
    retranslate();
    m_page = Page::Activity; // so that showPage(All) below is a change
    if (m_nav->currentRow() == 0)
        showPage(Page::All);
    else
        m_nav->setCurrentRow(0);
}

QWidget *MainWindow::pageWidget(Page page) const
{
    auto *self = const_cast<MainWindow *>(this); // a page is made when first asked for
    switch (page) {
    case Page::History:
        self->ensureHistory();
        return m_historyView;
    case Page::Activity:
        return self->ensureActivity();
    case Page::Moderation:
        return self->ensureModeration();
    case Page::Statistics:
        return self->ensureStats();
    case Page::Ranking:
        return self->ensureRanking();
    case Page::Notifications:
        return self->ensureNotificationsView();
    case Page::Search:
        return self->ensureSearch();
    default:
        return self->ensureFeed(page).page;
    }
}

MainWindow::Feed MainWindow::ensureFeed(Page page)
{
    if (const auto it = m_feeds.constFind(page); it != m_feeds.cend())
        return *it;
    switch (page) {
    case Page::All:
    case Page::Following:
    case Page::Mine:
    case Page::HotDay:
    case Page::HotWeek:
    case Page::HotViews:
    case Page::Profile:
    case Page::Likes:
    case Page::Topic:
        break;
    default:
        return {}; // no feed page (Search: ensureSearch)
    }
    if (!m_started)
        return {};
    return *m_feeds.insert(page, makeFeed(page));
}

void MainWindow::ensureHistory()
{
    if (m_history || !m_started)
        return;
    m_history = m_models->history(this);
    m_history->setTicker(m_ticker, m_format);
    m_history->setInlineCommentCount(m_inline);
    m_historyView = new TimelineView(m_core->images(), m_pages);
    m_historyView->setModel(m_history);
    connectView(m_historyView);
    m_pages->addWidget(m_historyView);
    m_history->load();
}

ActivityView *MainWindow::ensureActivity()
{
    if (!m_activityView && m_started) {
        m_activityView = makeActivityView(m_pages);
        m_pages->addWidget(m_activityView);
    }
    return m_activityView;
}

ModerationView *MainWindow::ensureModeration()
{
    if (m_moderation || !m_started || m_me.role != core::UserProfile::Role::Moderator)
        return m_moderation;
    m_moderation = new ModerationView(m_models, m_pages);
    m_moderation->setTicker(m_ticker, m_format);
    m_moderation->setRefreshKeyEnabled(false); // the window's F5 refreshes it
    connect(m_moderation, &ModerationView::postRequested, this, &MainWindow::openThread);
    connect(m_moderation, &ModerationView::commentRequested, this,
            [this](qint64, qint64 commentId) { ensureThread()->revealComment(commentId); });
    connect(m_moderation, &ModerationView::deviceNamesRequested, this, [this] {
        auto *dialog = new DeviceDialog(m_models, this); // moderators only
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });
    m_pages->addWidget(m_moderation);
    return m_moderation;
}

StatsView *MainWindow::ensureStats()
{
    if (m_stats || !m_started || m_me.role != core::UserProfile::Role::Moderator)
        return m_stats;
    m_stats = new StatsView(m_models, m_pages);
    m_stats->setRefreshKeyEnabled(false); // the window's F5 reloads it
    connect(m_stats, &StatsView::personActivated, this, &MainWindow::openProfile);
    m_pages->addWidget(m_stats);
    return m_stats;
}

RankingView *MainWindow::ensureRanking()
{
    if (!m_ranking && m_started) {
        m_ranking = new RankingView(m_models, m_me.brief.uid, m_pages);
        connect(m_ranking, &RankingView::personRequested, this, &MainWindow::openProfile);
        m_pages->addWidget(m_ranking);
    }
    return m_ranking;
}

ThreadView *MainWindow::ensureThread()
{
    if (!m_thread && m_started) {
        m_thread = new ThreadView(m_models, m_core->images(), m_split);
        m_thread->setModerator(m_me.role == core::UserProfile::Role::Moderator);
        m_thread->setMyUid(m_me.brief.uid);
        m_thread->model()->setTicker(m_ticker, m_format);
        m_thread->hide();
        m_split->addWidget(m_thread);
        m_split->setStretchFactor(2, 2);
        connect(m_thread, &ThreadView::closeRequested, this, &MainWindow::closeThread);
    }
    return m_thread;
}

ThreadView *MainWindow::threadView() const
{
    return const_cast<MainWindow *>(this)->ensureThread();
}

ActivityView *MainWindow::activityView() const
{
    return const_cast<MainWindow *>(this)->ensureActivity();
}

RankingView *MainWindow::rankingView() const
{
    return const_cast<MainWindow *>(this)->ensureRanking();
}

PersonPages *MainWindow::personPages(Page page) const
{
    return const_cast<MainWindow *>(this)->ensureFeed(page).person;
}

void MainWindow::showPage(Page page)
{
    if (!m_started || !pageWidget(page)) // not signed in, or not a page of this account
        return;
    m_page = page;
    if (QWidget *w = pageWidget(page))
        m_pages->setCurrentWidget(w);
    const int row = int(m_navPages.indexOf(page));
    if (row >= 0) {
        const QSignalBlocker block(m_nav);
        if (m_nav->currentRow() != row)
            m_nav->setCurrentRow(row);
        m_nav->item(row)->setSelected(true);
    }
    if (page == Page::Moderation) {
        if (m_moderation && !m_moderationStarted) {
            m_moderationStarted = true;
            m_moderation->start();
        }
    } else if (page == Page::Statistics) {
        if (m_stats)
            m_stats->start(); // once; F5 reloads
    } else if (page == Page::Activity) {
        m_activityView->start(); // once; F5 reloads
    } else if (page == Page::Ranking) {
        m_ranking->start(); // once; F5 reloads
    } else if (page == Page::History) {
        m_history->load();
    } else if (Feed &f = m_feeds[page]; f.feed && !f.started) { // made by pageWidget() above
        f.started = true;
        f.feed->start();
        if (page == Page::Mine && f.header)
            f.header->setUser(m_me.brief.uid, m_me.brief.uid);
    }
    updateStatus();
}

void MainWindow::openThread(qint64 postId)
{
    if (!ensureThread() || postId <= 0)
        return;
    m_thread->show();
    m_thread->openPost(postId);
    ensureHistory();
    m_history->markViewed(postId);
}

void MainWindow::openProfile(qint64 uid)
{
    if (!m_started || uid <= 0)
        return;
    ensureFeed(Page::Profile);
    Feed &f = m_feeds[Page::Profile];
    if (uid == m_me.brief.uid) {
        showPage(Page::Mine);
        return;
    }
    if (m_profileUid != uid) {
        m_profileUid = uid;
        f.feed->setScope(TimelineFeed::Scope::user(uid));
        f.header->setUser(uid, m_me.brief.uid);
        f.person->setPerson(uid);
        const auto known = f.header->profile(); // remembered, until the header loads it again
        f.person->setBoardPerson(uid, known ? known->brief.nickName : QString());
        f.started = false;
    }
    showPage(Page::Profile);
    showNoNavRow(); // no row of the list is this person
}

void MainWindow::showNoNavRow()
{
    const QSignalBlocker block(m_nav);
    m_nav->clearSelection(); // the current row stays (see the list's set-up)
}

void MainWindow::openTopic(const QString &topic)
{
    if (!m_started || topic.isEmpty())
        return;
    ensureFeed(Page::Topic);
    Feed &f = m_feeds[Page::Topic];
    if (m_topicKey != topic) {
        m_topicKey = topic;
        f.feed->setScope(TimelineFeed::Scope::ofTopic(topic));
        f.started = false;
    }
    f.topic->setTopic(topic);
    showPage(Page::Topic);
    showNoNavRow(); // no row of the list is this topic
}

void MainWindow::addPostsOnTop(const QList<core::Post> &posts)
{
    if (!m_started)
        return;
    QList<qint64> ids;
    for (const core::Post &p : posts) {
        m_core->store()->upsertPost(p);
        ids.append(p.id);
    }
    m_feeds.value(Page::All).model->prependPosts(ids);
}

TimelineView *MainWindow::timelineView(Page page) const
{
    auto *self = const_cast<MainWindow *>(this); // made when first asked for
    if (page == Page::History) {
        self->ensureHistory();
        return m_historyView;
    }
    if (page == Page::Search) {
        self->ensureSearch();
        return m_feeds.value(page).view;
    }
    return self->ensureFeed(page).view;
}

models::TimelineModel *MainWindow::timelineModel(Page page) const
{
    auto *self = const_cast<MainWindow *>(this); // made when first asked for
    if (page == Page::Search) {
        self->ensureSearch();
        return m_feeds.value(page).model;
    }
    return self->ensureFeed(page).model;
}

models::TimelineFeed *MainWindow::feed(Page page) const
{
    auto *self = const_cast<MainWindow *>(this); // made when first asked for
    if (page == Page::Search) {
        self->ensureSearch();
        return m_feeds.value(page).feed;
    }
    return self->ensureFeed(page).feed;
}

void MainWindow::refresh()
{
    if (!m_started)
        return;
    if (m_page == Page::Moderation && m_moderation)
        m_moderation->refresh();
    else if (m_page == Page::Statistics && m_stats)
        m_stats->reload();
    else if (m_page == Page::History)
        m_history->load();
    else if (m_page == Page::Activity && m_activityView)
        m_activityView->refresh();
    else if (m_page == Page::Ranking && m_ranking)
        m_ranking->reload();
    else if (m_page == Page::Notifications && m_notificationsModel)
        m_notificationsModel->refresh();
    else if (const Feed f = m_feeds.value(m_page); f.person && f.person->isShowingActivity())
        f.person->activity()->refresh();
    else if (f.person && f.person->isShowingMessages())
        f.person->board()->reload();
    else if (f.feed)
        f.feed->refresh();
    if (m_core->sync())
        m_core->sync()->syncNow();
}

void MainWindow::newPost()
{
    if (!m_started)
        return;
    auto *dialog = new ComposeDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    // what was being written survives a restart (per account)
    dialog->keepDraftAs(QStringLiteral("drafts/newPost/%1").arg(m_me.brief.uid));
    dialog->setPublisher(
        [this](const QString &content, const QStringList &pictures, QString *error) {
            // the outbox copies the pictures and queues the post: a local id (< 0), or 0 and words
            // the raw model; the server answers the post with its display name
            return m_core->actions()->publishPost(content, pictures, core::rawDeviceModel(), error);
        });
    connect(dialog, &ComposeDialog::published, this,
            [this] { statusBar()->showMessage(tr("Your post is on its way."), 5000); });
    dialog->open();
}

void MainWindow::showLikers(qint64 postId)
{
    if (!m_started)
        return;
    auto *dialog = new LikersDialog(m_models, m_core->images(), postId, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (const auto post = m_core->store()->post(postId))
        dialog->setLikeCount(post->likeCount);
    dialog->setTimeZone(m_format.zone());
    connect(dialog, &LikersDialog::userActivated, this, [this, dialog](qint64 uid) {
        dialog->close();
        openProfile(uid);
    });
    dialog->open();
}

void MainWindow::showFollows(qint64 uid, bool followers, const QString &name)
{
    if (!m_started || uid <= 0)
        return;
    auto *dialog = new LikersDialog(m_models, m_core->images(), uid, followers, name, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setTimeZone(m_format.zone());
    connect(dialog, &LikersDialog::userActivated, this, [this, dialog](qint64 person) {
        dialog->close();
        openProfile(person);
    });
    dialog->open();
}

} // namespace threadline::ui

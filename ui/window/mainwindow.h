// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The main window: the scopes on the left (all, following, mine, hot today / this week / most
// viewed, recently viewed, activity, a person's posts), the selected timeline in the middle, the
// open thread on the right; a status bar with the offline state ("Offline — 3 changes waiting", a
// button that opens the outbox panel), what the feed is doing, the faults QA turned on and who is
// signed in. Docks: the outbox panel (View → Outbox, Ctrl+Shift+Q) and the QA panel (--qa, or View
// → QA panel, Ctrl+Shift+F; remembered). Everything it shows comes from the models over the core's
// post store; what the user does goes to core::Actions (the outbox first).
// mainwindow.cpp holds the account's pages and the status bar; mainwindowmenus.cpp the menus,
// their shortcuts, the docks, the settings the menus change and the window's words.
#pragma once

#include "appcore.h"
#include "common/relativetime.h"
#include "wire/wiretypes.h"

#include <QHash>
#include <QMainWindow>
#include <QPointer>

class QAction;
class QDockWidget;
class QLabel;
class QToolButton;
class QListView;
class QListWidget;
class QSplitter;
class QStackedWidget;
class QToolBar;

namespace threadline::core {
class DesktopNotifier;
}

namespace threadline::models {
class ActivityFeed;
class DesktopAlerts;
class ErrorLogModel;
class NotificationsModel;
class Feeds;
class ActivityModel;
class HistoryModel;
class TimelineFeed;
class TimelineModel;
class TimeTicker;
} // namespace threadline::models

namespace threadline::ui {

class ErrorLogDialog;
class ModerationView;
class NotificationsView;
class OutboxPanel;
class ActivityView;
class PersonPages;
class ProfileHeader;
class QaPanel;
class RankingView;
class SearchView;
class StatsView;
class ThreadView;
class TimelineView;
class TopicPage;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    enum class Page {
        All,
        Following,
        Mine,
        HotDay,
        HotWeek,
        HotViews, // most viewed this week
        History,
        Activity,
        Profile,
        Moderation,    // moderators only
        Statistics,    // moderators only: activity statistics (StatsView)
        Ranking,       // today's and this week's boards of people by points (RankingView)
        Likes,         // the posts I liked, newest like first
        Topic,         // a topic's page (TopicPage): its header and posts
        Notifications, // what others did to me and mine (NotificationsView), with its badge
        // Ctrl+F: posts, comments and people (SearchView)
        Search,
    };
    Q_ENUM(Page)

    // core: the session, the offline switch, the images and the status; feeds: every feed,
    // loader and model the pages need, and the actions (both made in app/; neither is owned).
    MainWindow(core::AppCore *core, models::Feeds *feeds, QWidget *parent = nullptr);
    ~MainWindow() override;

    // After sign-in (or offline, from the cache): the account's pages, the All page first.
    void startAccount(const core::UserProfile &me, const core::AppCore::AccountOptions &options);
    [[nodiscard]] bool hasAccount() const { return m_started; }
    [[nodiscard]] core::UserProfile me() const { return m_me; }

    void showPage(Page page);
    [[nodiscard]] Page currentPage() const { return m_page; }
    // Loads the current page again and syncs (View → Refresh), e.g. after the user trusted the
    // server's certificate.
    void reload() { refresh(); }
    void openThread(qint64 postId);
    void openProfile(qint64 uid);
    // A topic's page (its key, the case-folded name without the #s).
    void openTopic(const QString &topic);
    // Who liked a post (a dialog, paged).
    void showLikers(qint64 postId);
    // A person's followers (followers true) or the people they follow (a dialog, paged); a
    // person activated in it opens their page.
    void showFollows(qint64 uid, bool followers, const QString &name);
    // Posts that did not come from a feed (the spec's sample via --fixture): on top of All.
    void addPostsOnTop(const QList<core::Post> &posts);

    [[nodiscard]] TimelineView *timelineView(Page page) const;
    [[nodiscard]] models::TimelineModel *timelineModel(Page page) const;
    [[nodiscard]] models::TimelineFeed *feed(Page page) const;
    // The pages and panes below are made when first shown or asked for (a cold start builds
    // only what its first frame shows): these make them, once an account is started.
    [[nodiscard]] ThreadView *threadView() const;
    [[nodiscard]] ActivityView *activityView() const;
    [[nodiscard]] RankingView *rankingView() const;
    // Made when first asked for (or shown).
    [[nodiscard]] NotificationsView *notificationsView() const
    {
        return const_cast<MainWindow *>(this)->ensureNotificationsView();
    }
    [[nodiscard]] models::NotificationsModel *notificationsModel() const
    {
        return m_notificationsModel;
    }
    [[nodiscard]] models::DesktopAlerts *desktopAlerts() const { return m_alerts; }
    // The Search page (Ctrl+F): shown with the focus in its field; Esc goes back.
    void showSearch();
    [[nodiscard]] SearchView *searchView() const;
    // Opens what a notification is about (a row of the page, a bubble clicked): the thread at
    // the comment, the person, my board; the window raised.
    void openNotification(const core::Notification &notification);
    // Do not disturb: no desktop bubbles (a setting, remembered).
    void setDoNotDisturb(bool on);
    [[nodiscard]] bool doNotDisturb() const;
    // Mine and Profile: the person's Posts | Activity switch (null for other pages).
    [[nodiscard]] PersonPages *personPages(Page page) const;
    [[nodiscard]] models::TimeTicker *ticker() const { return m_ticker; }

    // Relative times in the system's time zone instead of UTC+8 (a setting, remembered).
    void setUseSystemTimeZone(bool system);
    [[nodiscard]] bool usesSystemTimeZone() const
    {
        return m_format.zone() == models::RelativeTime::Zone::System;
    }
    // How many of the newest comments a card shows: 3 to 5 (a setting, remembered).
    void setInlineCommentCount(int n);
    [[nodiscard]] int inlineCommentCount() const { return m_inline; }

    // The picture viewer on a post's pictures (a card's picture clicked), at picture `index`.
    void showPictures(qint64 postId, int index);
    // The Preferences dialog (File → Preferences…, Ctrl+,).
    void showPreferences();
    // Empties the cache's posts (never the outbox) and makes the pages again: from the empty
    // cache, then the server (offline: empty until online).
    void clearCachedPosts();

    // The outbox panel (a dock): shown, raised and focused.
    void showOutbox();
    // Made when first asked for (or shown).
    [[nodiscard]] OutboxPanel *outboxPanel() const;
    [[nodiscard]] QDockWidget *outboxDock() const;
    // The status bar's "N changes waiting" (a button: a click opens the outbox panel).
    [[nodiscard]] QToolButton *outboxStatusButton() const { return m_coreStatus; }
    // Recent errors (Help → Recent errors…, or the status bar's "N failed requests" button):
    // the requests that failed lately with their request ids, for a problem report; shown,
    // raised, its list focused, and the failures counted as seen.
    void showErrorLog();
    [[nodiscard]] models::ErrorLogModel *errorLog() const { return m_errorLog; }
    [[nodiscard]] ErrorLogDialog *errorLogDialog() const; // null until shown, and once closed
    // The status bar's "N failed requests" (hidden while none is unseen).
    [[nodiscard]] QToolButton *errorStatusButton() const { return m_errorStatus; }
    // The QA panel (a dock): faults and the offline switch while the app runs (remembered).
    void setQaPanelVisible(bool visible);
    // (made on first use, as the dock is hidden until asked for)
    [[nodiscard]] QaPanel *qaPanel() const;
    [[nodiscard]] QDockWidget *qaDock() const;
    // "Faults on: 30 % errors, …" as the status bar says it ("" while no fault is on).
    [[nodiscard]] QString faultStatus() const;
    // The toolbar (New post, Refresh, the offline switch, the account button and its menu: My
    // page, Sign out); its buttons are the menus' actions (mainwindowtoolbar.cpp).
    [[nodiscard]] QToolBar *toolBar() const { return m_toolBar; }
    [[nodiscard]] QToolButton *accountButton() const { return m_accountButton; }

    // Esc on a page, the thread's close: the pane goes, the focus back to the page.
    void closeThread();
    // R on a card: its thread, the cursor in the reply box.
    void replyTo(qint64 postId);

Q_SIGNALS:
    // The user chose "Sign out": the app asks for a new sign-in.
    void signOutRequested();

protected:
    void changeEvent(QEvent *event) override;
    // Tab through a region, then on to the next one (mainwindowkeys.cpp).
    bool focusNextPrevChild(bool next) override;
    void closeEvent(QCloseEvent *event) override; // remembers the window's place and panes

private:
    // The page shown is no row of the list: no row selected, the current one kept.
    void showNoNavRow();
    struct Feed
    {
        models::TimelineModel *model = nullptr;
        models::TimelineFeed *feed = nullptr;
        TimelineView *view = nullptr;
        QWidget *page = nullptr;         // what the stack shows: the view, or header + view
        ProfileHeader *header = nullptr; // Mine and Profile: the person's header
        PersonPages *person = nullptr;   // Mine and Profile: their posts or their activity
        TopicPage *topic = nullptr;      // Topic: the topic's header over its posts
        bool started = false;
    };

    void buildMenus();
    void buildToolBar();
    void buildKeys(); // F6, no Tab stops on the toolbar, one status message at a time
    // The regions Tab and F6 go through: the page list, the page, the thread, its reply box.
    [[nodiscard]] QList<QWidget *> focusRegions() const;
    [[nodiscard]] int regionOf(const QWidget *w) const;
    void focusRegion(int step);
    // Says `text` to a screen reader (once per change).
    void announce(const QString &text);
    void retranslate();
    void retranslateToolBar();
    void syncThemeActions();
    void clearAccount();
    Feed makeFeed(Page page);
    // The pages that are made on first use (null before an account is started; for a page
    // that is no feed, ensureFeed() returns an empty Feed that is not kept).
    Feed ensureFeed(Page page);
    void ensureHistory();
    ThreadView *ensureThread();
    ActivityView *ensureActivity();
    RankingView *ensureRanking();
    QDockWidget *ensureQaDock();
    QDockWidget *ensureOutboxDock();
    void sayReplayReport(const QString &report); // in the status bar, on one line
    void connectView(TimelineView *view);
    ActivityView *makeActivityView(QWidget *parent);
    void refresh();
    void newPost();
    void updateStatus();
    void updateFaultStatus();
    void updateErrorStatus();
    void buildDocks();
    void applyTimeFormat();
    [[nodiscard]] QWidget *pageWidget(Page page) const;
    // mainwindownotifications.cpp: the page, its badge, the desktop's bubbles.
    void startNotifications();
    void clearNotifications();
    void updateNotificationsBadge();
    // mainwindowsearch.cpp: the Search page, its action (Ctrl+F), leaving it (Esc).
    void buildSearchAction();
    void retranslateSearch();
    void startSearch();
    SearchView *ensureSearch();                   // the Search page, made when first shown
    NotificationsView *ensureNotificationsView(); // the Notifications page, likewise
    ModerationView *ensureModeration();           // a moderator's pages, likewise
    StatsView *ensureStats();
    void leaveSearch();

    core::AppCore *m_core;
    models::Feeds *m_models;
    core::UserProfile m_me;
    bool m_started = false;
    bool m_signedOut = false; // the user chose Sign out (the placeholder's words)
    Page m_page = Page::All;
    models::TimeTicker *m_ticker;
    models::RelativeTime m_format;

    QSplitter *m_split;
    QListWidget *m_nav;
    QStackedWidget *m_pages;
    QWidget *m_placeholder;
    QHash<Page, Feed> m_feeds;
    models::HistoryModel *m_history = nullptr;
    TimelineView *m_historyView = nullptr;
    ActivityView *m_activityView = nullptr;
    ThreadView *m_thread = nullptr;
    ModerationView *m_moderation = nullptr;
    bool m_moderationStarted = false;
    StatsView *m_stats = nullptr;
    RankingView *m_ranking = nullptr;
    models::NotificationsModel *m_notificationsModel = nullptr;
    NotificationsView *m_notificationsView = nullptr;
    models::DesktopAlerts *m_alerts = nullptr;
    core::DesktopNotifier *m_notifier = nullptr;
    QAction *m_notificationsAction = nullptr; // Go to Notifications (Ctrl+Shift+N)
    QList<Page> m_navPages;                   // the navigation's rows
    // The Search page (one of m_feeds' pages), its action (Ctrl+F), where Esc goes back to.
    QPointer<SearchView> m_search;
    QAction *m_searchAction = nullptr;
    Page m_beforeSearch = Page::All;
    qint64 m_profileUid = 0;
    QString m_topicKey; // the Topic page's topic

    QToolButton *m_coreStatus;
    QToolButton *m_errorStatus;
    models::ErrorLogModel *m_errorLog;
    QPointer<ErrorLogDialog> m_errorLogDialog; // made when first shown
    QAction *m_errorLogAction = nullptr;
    QLabel *m_feedStatus;
    QLabel *m_faultStatus;
    OutboxPanel *m_outboxPanel = nullptr;
    QDockWidget *m_outboxDock = nullptr;
    QString m_pendingReplayReport; // for the outbox's panel, when it is made
    QaPanel *m_qaPanel = nullptr;
    QDockWidget *m_qaDock = nullptr;
    QAction *m_outboxAction = nullptr;
    QAction *m_qaAction = nullptr;
    QLabel *m_userLabel;
    QMenu *m_fileMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QMenu *m_helpMenu = nullptr;
    QAction *m_shortcutsAction = nullptr; // F1
    QAction *m_nextRegion = nullptr;      // F6
    QAction *m_previousRegion = nullptr;  // Shift+F6
    QString m_announced;                  // the last thing said to a screen reader
    QAction *m_projectAction = nullptr;
    QAction *m_aboutAction = nullptr;
    QAction *m_newPost = nullptr;
    QAction *m_refresh = nullptr;
    QAction *m_offline = nullptr;
    QAction *m_systemZone = nullptr;
    QAction *m_signOut = nullptr;
    QAction *m_preferences = nullptr;
    QAction *m_quit = nullptr;
    QList<QAction *> m_pageActions;
    QToolBar *m_toolBar = nullptr;
    QToolButton *m_accountButton = nullptr;
    QMenu *m_accountMenu = nullptr;
    QAction *m_myPage = nullptr;
    QMenu *m_inlineMenu = nullptr;
    QList<QAction *> m_inlineActions;
    QMenu *m_themeMenu = nullptr;
    QList<QAction *> m_themeActions; // System, Light, Dark
    int m_inline = 3;
};

} // namespace threadline::ui

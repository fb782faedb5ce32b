// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow, its menus and what hangs off them: File (New post…, Sign out, Preferences…, Quit)
// and View (Refresh, Work offline, the time zone, the outbox and QA docks, the comments a card
// shows, the theme, Go to each page: Ctrl+1…9, 0) with their shortcuts, the two docks, the
// settings the menus change (remembered), and the words of the whole window (retranslate, the
// pages' titles). The account's pages and the status bar are in mainwindow.cpp; the toolbar in
// mainwindowtoolbar.cpp; the picture viewer and Preferences in mainwindowdialogs.cpp.
#include "window/mainwindow.h"
#include "window/mainwindowshared.h"

#include "errorlogmodel.h"
#include "feeds.h"

#include "account/session.h"
#include "common/theme.h"
#include "moderation/moderationview.h"
#include "people/activityview.h"
#include "people/personpages.h"
#include "thread/threadview.h"
#include "timeline/historymodel.h"
#include "timeline/timelinemodel.h"
#include "timeline/timelineview.h"
#include "window/errorlogdialog.h"
#include "window/outboxpanel.h"
#include "window/qapanel.h"

#include "dialogs/helpdialogs.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDesktopServices>
#include <QDockWidget>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QToolButton>
#include <QTreeView>

#include <algorithm>
#include <utility>

namespace threadline::ui {

using namespace mainwindow;

namespace {

// A dock of the window, hidden, whose menu action (made before it) follows it: checked while it
// shows, unchecked when its own button closes it.
QDockWidget *addHiddenDock(QMainWindow *window, QWidget *panel, const QString &objectName,
                           const QString &title, Qt::DockWidgetArea area, QAction *follows)
{
    auto *dock = new QDockWidget(window);
    dock->setObjectName(objectName);
    dock->setWindowTitle(title);
    dock->setWidget(panel);
    window->addDockWidget(area, dock);
    dock->hide();
    QObject::connect(dock->toggleViewAction(), &QAction::toggled, follows, &QAction::setChecked);
    return dock;
}

} // namespace

void MainWindow::buildDocks()
{
    // The outbox's and the QA panel's docks are made when first shown (ensureOutboxDock,
    // ensureQaDock): hidden, they cost nothing. A replay report that comes before the outbox's
    // dock is made waits for it, and the status bar says it at once.
    connect(m_core, &core::AppCore::replayReport, this, [this](const QString &report) {
        if (m_outboxPanel)
            return; // the panel's model reports it (OutboxModel::replayReported)
        m_pendingReplayReport = report;
        sayReplayReport(report);
    });
}

void MainWindow::sayReplayReport(const QString &report)
{
    if (report.isEmpty())
        return;
    // On one line: "12 changes saved; 2 could not be: …; …". The panel keeps it until dismissed.
    QStringList lines = report.split(QLatin1Char('\n'));
    const QString head = lines.takeFirst();
    statusBar()->showMessage(
        lines.isEmpty() ? head : head + QLatin1Char(' ') + lines.join(QStringLiteral("; ")), 15000);
}

QDockWidget *MainWindow::ensureOutboxDock()
{
    if (m_outboxDock)
        return m_outboxDock;
    m_outboxPanel = new OutboxPanel(m_models, this);
    m_outboxDock = addHiddenDock(this, m_outboxPanel, QStringLiteral("outboxDock"), tr("Outbox"),
                                 Qt::BottomDockWidgetArea, m_outboxAction);
    if (!m_pendingReplayReport.isEmpty()) // said in the status bar when it came
        m_outboxPanel->showReplayReport(std::exchange(m_pendingReplayReport, QString()));
    connect(m_outboxPanel, &OutboxPanel::replayReportChanged, this, &MainWindow::sayReplayReport);
    return m_outboxDock;
}

OutboxPanel *MainWindow::outboxPanel() const
{
    const_cast<MainWindow *>(this)->ensureOutboxDock();
    return m_outboxPanel;
}

QDockWidget *MainWindow::outboxDock() const
{
    return const_cast<MainWindow *>(this)->ensureOutboxDock();
}

QDockWidget *MainWindow::ensureQaDock()
{
    if (m_qaDock)
        return m_qaDock;
    m_qaPanel = new QaPanel(m_models->faults(), this);
    m_qaDock = addHiddenDock(this, m_qaPanel, QStringLiteral("qaDock"), tr("QA: faults"),
                             Qt::RightDockWidgetArea, m_qaAction);
    return m_qaDock;
}

QaPanel *MainWindow::qaPanel() const
{
    const_cast<MainWindow *>(this)->ensureQaDock();
    return m_qaPanel;
}

QDockWidget *MainWindow::qaDock() const
{
    return const_cast<MainWindow *>(this)->ensureQaDock();
}

void MainWindow::showOutbox()
{
    ensureOutboxDock();
    m_outboxDock->show();
    m_outboxDock->raise();
    m_outboxPanel->view()->setFocus();
}

void MainWindow::showErrorLog()
{
    if (!m_errorLogDialog) {
        m_errorLogDialog = new ErrorLogDialog(m_errorLog, this);
        m_errorLogDialog->setAttribute(Qt::WA_DeleteOnClose);
    }
    m_errorLog->markSeen();
    m_errorLogDialog->show(); // beside the window: not modal
    m_errorLogDialog->raise();
    m_errorLogDialog->activateWindow();
    m_errorLogDialog->view()->setFocus();
}

ErrorLogDialog *MainWindow::errorLogDialog() const
{
    return m_errorLogDialog;
}

void MainWindow::updateErrorStatus()
{
    const int unseen = m_errorLog->unseenCount();
    m_errorStatus->setVisible(unseen > 0);
    if (unseen == 0)
        return;
    m_errorStatus->setText(tr("%n failed request(s)", nullptr, unseen));
    const QString latest =
        m_errorLog->index(0, models::ErrorLogModel::ErrorColumn).data().toString();
    const QString id =
        m_errorLog->index(0, 0).data(models::ErrorLogModel::RequestIdRole).toString();
    m_errorStatus->setToolTip(id.isEmpty()
                                  ? tr("The latest: %1\nClick for the details.").arg(latest)
                                  : tr("The latest: %1 (request id %2)\nClick for the "
                                       "details, to copy for a problem report.")
                                        .arg(latest, id));
    m_errorStatus->setAccessibleDescription(m_errorStatus->toolTip());
}

void MainWindow::setQaPanelVisible(bool visible)
{
    if (!visible && !m_qaDock) { // never shown: nothing to hide
        m_qaAction->setChecked(false);
        return;
    }
    ensureQaDock()->setVisible(visible);
}

void MainWindow::setInlineCommentCount(int n)
{
    m_inline = std::clamp(n, 3, 5);
    QSettings().setValue(QLatin1String(kInlineKey), m_inline);
    for (const Feed &f : std::as_const(m_feeds))
        f.model->setInlineCommentCount(m_inline);
    if (m_history)
        m_history->setInlineCommentCount(m_inline);
    for (QAction *a : std::as_const(m_inlineActions))
        a->setChecked(a->data().toInt() == m_inline);
}

// --- menus ----------------------------------------------------------------------------------

void MainWindow::buildMenus()
{
    m_fileMenu = menuBar()->addMenu(QString());
    m_newPost = m_fileMenu->addAction(QString(), this, &MainWindow::newPost);
    m_newPost->setShortcut(QKeySequence::New);
    m_fileMenu->addSeparator();
    m_signOut = m_fileMenu->addAction(QString(), this, [this] {
        if (m_started && m_me.brief.uid <= 0) {
            // nobody's cache (QA's --cache): sign in over it, the pages stay
            Q_EMIT signOutRequested();
            return;
        }
        if (m_core->session())
            m_core->session()->logout();
        m_signedOut = true; // the placeholder says so, not "Signing in…"
        clearAccount();
        Q_EMIT signOutRequested();
    });
    m_preferences = m_fileMenu->addAction(QString(), this, &MainWindow::showPreferences);
    m_preferences->setMenuRole(QAction::PreferencesRole);
    // Ctrl+, also where the platform has no Preferences key (Linux: none), once only
    QList<QKeySequence> preferenceKeys = QKeySequence::keyBindings(QKeySequence::Preferences);
    if (!preferenceKeys.contains(QKeySequence(Qt::CTRL | Qt::Key_Comma)))
        preferenceKeys.append(QKeySequence(Qt::CTRL | Qt::Key_Comma));
    m_preferences->setShortcuts(preferenceKeys);
    m_fileMenu->addSeparator();
    m_quit = m_fileMenu->addAction(QString(), qApp, &QApplication::closeAllWindows);
    m_quit->setShortcut(QKeySequence::Quit);
    m_quit->setMenuRole(QAction::QuitRole);

    m_viewMenu = menuBar()->addMenu(QString());
    m_refresh = m_viewMenu->addAction(QString(), this, &MainWindow::refresh);
    m_refresh->setShortcuts({QKeySequence::Refresh, QKeySequence(Qt::CTRL | Qt::Key_R)});
    buildSearchAction(); // Search… (Ctrl+F), mainwindowsearch.cpp
    m_offline = m_viewMenu->addAction(QString());
    m_offline->setCheckable(true);
    m_offline->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    m_offline->setChecked(m_core->isOffline());
    connect(m_offline, &QAction::toggled, this, [this](bool on) {
        m_core->setOffline(on);
        updateStatus();
    });
    m_systemZone = m_viewMenu->addAction(QString());
    m_systemZone->setCheckable(true);
    m_systemZone->setChecked(m_format.zone() == models::RelativeTime::Zone::System);
    connect(m_systemZone, &QAction::toggled, this, &MainWindow::setUseSystemTimeZone);
    m_outboxAction = new QAction(this); // the dock's own toggle, before the dock is made
    m_outboxAction->setCheckable(true);
    m_outboxAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Q));
    m_viewMenu->addAction(m_outboxAction);
    connect(m_outboxAction, &QAction::triggered, this, [this](bool on) {
        if (on)
            showOutbox();
        else if (m_outboxDock)
            m_outboxDock->hide();
    });
    m_qaAction = new QAction(this); // the dock's own toggle, before the dock is made
    m_qaAction->setCheckable(true);
    m_qaAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
    m_viewMenu->addAction(m_qaAction);
    connect(m_qaAction, &QAction::triggered, this, [this](bool on) {
        setQaPanelVisible(on);
        QSettings().setValue(QLatin1String(kQaPanelKey), on); // a setting: remembered
    });
    m_inlineMenu = m_viewMenu->addMenu(QString());
    auto *inlineGroup = new QActionGroup(this);
    for (int n = 3; n <= 5; ++n) {
        QAction *a = m_inlineMenu->addAction(QString::number(n));
        a->setCheckable(true);
        a->setData(n);
        a->setChecked(n == m_inline);
        inlineGroup->addAction(a);
        connect(a, &QAction::triggered, this, [this, n] { setInlineCommentCount(n); });
        m_inlineActions.append(a);
    }
    // the colours: the platform's, light or dark (remembered; --theme overrides for one run)
    m_themeMenu = m_viewMenu->addMenu(QString());
    connect(m_themeMenu, &QMenu::aboutToShow, this, &MainWindow::syncThemeActions);
    auto *themeGroup = new QActionGroup(this);
    for (const Theme t : {Theme::System, Theme::Light, Theme::Dark}) {
        QAction *a = m_themeMenu->addAction(QString());
        a->setObjectName(QStringLiteral("theme-") + themeName(t));
        a->setCheckable(true);
        a->setChecked(t == currentTheme());
        themeGroup->addAction(a);
        connect(a, &QAction::triggered, this, [t] {
            applyTheme(t);
            saveTheme(t);
        });
        m_themeActions.append(a);
    }
    m_viewMenu->addSeparator();
    for (int i = 0; i < int(kBasePages.size() + kModeratorPages.size()); ++i) { // + moderators
        QAction *a = m_viewMenu->addAction(QString());
        a->setShortcut(pageShortcut(i));
        connect(a, &QAction::triggered, this, [this, i] {
            if (i < int(m_navPages.size()))
                showPage(m_navPages.at(i));
        });
        a->setVisible(i < int(kBasePages.size()));
        m_pageActions.append(a);
    }
    for (QAction *a : {m_newPost, m_refresh})
        a->setEnabled(false);

    m_helpMenu = menuBar()->addMenu(QString());
    m_shortcutsAction = m_helpMenu->addAction(QString(), this, [this] {
        auto *dialog = new ShortcutsDialog(findChildren<QAction *>(), this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show(); // beside the window: it can stay open while one tries the keys
    });
    m_shortcutsAction->setObjectName(QStringLiteral("keyboardShortcuts"));
    m_shortcutsAction->setShortcut(QKeySequence::HelpContents);
    m_projectAction = m_helpMenu->addAction(
        QString(), this, [] { QDesktopServices::openUrl(projectPage()); }); // on a click only
    m_projectAction->setObjectName(QStringLiteral("projectPage"));
    m_errorLogAction = m_helpMenu->addAction(QString(), this, &MainWindow::showErrorLog);
    m_errorLogAction->setObjectName(QStringLiteral("recentErrors"));
    m_helpMenu->addSeparator();
    m_aboutAction = m_helpMenu->addAction(QString(), this, [this] { showAbout(this); });
    m_aboutAction->setObjectName(QStringLiteral("about"));
    m_aboutAction->setMenuRole(QAction::AboutRole);
}

static QString pageTitle(MainWindow::Page page)
{
    switch (page) {
    case MainWindow::Page::All:
        return MainWindow::tr("All");
    case MainWindow::Page::Following:
        return MainWindow::tr("Following");
    case MainWindow::Page::Mine:
        return MainWindow::tr("My posts");
    case MainWindow::Page::HotDay:
        return MainWindow::tr("Hot today");
    case MainWindow::Page::HotWeek:
        return MainWindow::tr("Hot this week");
    case MainWindow::Page::HotViews:
        return MainWindow::tr("Most viewed");
    case MainWindow::Page::History:
        return MainWindow::tr("Recently viewed");
    case MainWindow::Page::Activity:
        return MainWindow::tr("Activity");
    case MainWindow::Page::Profile:
        return MainWindow::tr("Profile");
    case MainWindow::Page::Moderation:
        return MainWindow::tr("Moderation");
    case MainWindow::Page::Statistics:
        return MainWindow::tr("Statistics");
    case MainWindow::Page::Ranking:
        return MainWindow::tr("Ranking");
    case MainWindow::Page::Likes:
        return MainWindow::tr("Likes");
    case MainWindow::Page::Topic:
        return MainWindow::tr("Topic");
    case MainWindow::Page::Notifications:
        return MainWindow::tr("Notifications");
    case MainWindow::Page::Search:
        return MainWindow::tr("Search");
    }
    return {};
}

void MainWindow::retranslate()
{
    // Nobody (uid 0): a cache opened with no account (QA's --cache, or --offline on a new
    // machine) — read and queue, and Sign in… to send.
    const bool someone = m_started && m_me.brief.uid > 0;
    // The title ends with the application's display name, so that the platform does not add it
    // a second time ("张三 — Threadline", never "Threadline — 张三 — Threadline").
    setWindowTitle(someone ? tr("%1 — Threadline").arg(m_me.brief.nickName)
                           : QStringLiteral("Threadline"));
    static_cast<QLabel *>(m_placeholder)
        ->setText(m_started     ? QString()
                  : m_signedOut ? tr("You are signed out. Sign in again (File → Sign in…) to "
                                     "read and write; what you queued is kept.")
                                : tr("Signing in… Your saved posts appear here."));
    for (int i = 0; i < int(m_navPages.size()); ++i) {
        m_nav->item(i)->setText(pageTitle(m_navPages.at(i)));
        const Page page = m_navPages.at(i);
        if ((kBasePages.contains(page) || kModeratorPages.contains(page)) &&
            i < int(m_pageActions.size()))
            m_pageActions.at(i)->setText(tr("Go to %1").arg(pageTitle(m_navPages.at(i))));
    }
    for (int i = 0; i < int(kModeratorPages.size()); ++i)
        m_pageActions.at(int(kBasePages.size()) + i)
            ->setText(tr("Go to %1").arg(pageTitle(kModeratorPages.at(i))));
    updateNotificationsBadge();
    m_fileMenu->setTitle(tr("&File"));
    m_newPost->setText(tr("&New post…"));
    m_signOut->setText(someone ? tr("Sign &out") : tr("Sign &in…"));
    m_preferences->setText(tr("&Preferences…"));
    m_quit->setText(tr("&Quit"));
    m_viewMenu->setTitle(tr("&View"));
    m_refresh->setText(tr("&Refresh"));
    retranslateSearch();
    m_offline->setText(tr("Work &offline"));
    m_systemZone->setText(tr("Show times in the system's time &zone"));
    if (m_outboxDock)
        m_outboxDock->setWindowTitle(tr("Outbox"));
    m_outboxAction->setText(tr("Out&box: changes waiting"));
    if (m_qaDock)
        m_qaDock->setWindowTitle(tr("QA: faults"));
    m_qaAction->setText(tr("&QA panel: faults and offline"));
    m_inlineMenu->setTitle(tr("Comments shown on a &card"));
    m_themeMenu->setTitle(tr("&Theme"));
    m_themeActions.at(0)->setText(tr("&System colours"));
    m_themeActions.at(1)->setText(tr("&Light"));
    m_themeActions.at(2)->setText(tr("&Dark"));
    m_helpMenu->setTitle(tr("&Help"));
    m_shortcutsAction->setText(tr("&Keyboard shortcuts"));
    m_projectAction->setText(tr("The project's &page"));
    m_errorLogAction->setText(tr("Recent &errors…"));
    updateErrorStatus();
    m_aboutAction->setText(tr("&About Threadline"));
    m_userLabel->setText(someone     ? tr("Signed in as %1").arg(m_me.brief.nickName)
                         : m_started ? tr("Not signed in")
                                     : QString());
    retranslateToolBar();
    updateStatus();
}

void MainWindow::syncThemeActions()
{
    // the theme applied last, whoever applied it (this menu, --theme, Preferences)
    for (QAction *a : std::as_const(m_themeActions))
        a->setChecked(a->objectName() == QStringLiteral("theme-") + themeName(currentTheme()));
}

void MainWindow::applyTimeFormat()
{
    for (const Feed &f : std::as_const(m_feeds)) {
        f.model->setTicker(m_ticker, m_format);
        if (f.person)
            f.person->activity()->setTicker(m_ticker, m_format);
    }
    if (m_activityView)
        m_activityView->setTicker(m_ticker, m_format);
    if (m_history)
        m_history->setTicker(m_ticker, m_format);
    if (m_thread)
        m_thread->model()->setTicker(m_ticker, m_format);
    if (m_moderation)
        m_moderation->setTicker(m_ticker, m_format);
    for (QWidget *w : {static_cast<QWidget *>(m_historyView), m_pages->currentWidget()})
        if (w)
            w->update();
}

void MainWindow::setUseSystemTimeZone(bool system)
{
    m_format.setZone(system ? models::RelativeTime::Zone::System
                            : models::RelativeTime::Zone::Utc8);
    QSettings().setValue(QLatin1String(kSystemZoneKey), system);
    if (m_systemZone->isChecked() != system)
        m_systemZone->setChecked(system);
    applyTimeFormat();
}

} // namespace threadline::ui

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow (mainwindow.h): the Notifications page — its model kept live by the sync engine
// and the push stream, its row in the navigation with the unread badge, the desktop's bubbles
// (Do not disturb in Preferences) — and opening what a notification is about.
#include "window/mainwindow.h"
#include "window/mainwindowshared.h"
#include "window/navdelegate.h"

#include "common/preferences.h"
#include "feeds.h"
#include "notifications/desktopalerts.h"
#include "notifications/notificationsmodel.h"
#include "notifications/notificationsview.h"
#include "notify/desktopnotifier.h"
#include "people/personpages.h"
#include "syncengine.h"
#include "thread/threadview.h"

#include <QAction>
#include <QListWidget>
#include <QMenu>
#include <QStackedWidget>

namespace threadline::ui {

using Kind = core::Notification::Kind;

void MainWindow::startNotifications()
{
    m_notificationsModel = m_models->notificationsModel(this);
    core::SyncEngine *sync = m_core->sync();
    connect(sync, &core::SyncEngine::changesApplied, m_notificationsModel,
            &models::NotificationsModel::apply);
    connect(sync, &core::SyncEngine::unreadCounted, m_notificationsModel,
            &models::NotificationsModel::setUnread);
    // A sync position refused (410): what was missed is read again from the list.
    connect(sync, &core::SyncEngine::cursorExpired, m_notificationsModel,
            &models::NotificationsModel::refresh);
    connect(m_notificationsModel, &models::NotificationsModel::unreadChanged, this,
            &MainWindow::updateNotificationsBadge);

    // The page is made when first shown (ensureNotificationsView); its row and badge now.
    m_navPages.append(Page::Notifications);
    m_nav->addItem(QString());
    if (!qobject_cast<NavDelegate *>(m_nav->itemDelegate()))
        m_nav->setItemDelegate(new NavDelegate(m_nav));

    if (!m_notifier) {
        m_notifier = new core::DesktopNotifier(this);
        m_notifier->setAppName(QStringLiteral("Threadline"));
    }
    m_alerts = new models::DesktopAlerts(m_notificationsModel, m_notifier, this);
    m_alerts->setDoNotDisturb(preferences::doNotDisturb());
    m_alerts->setWindowActive(isActiveWindow());
    connect(m_alerts, &models::DesktopAlerts::openRequested, this, &MainWindow::openNotification);

    if (!m_notificationsAction) {
        m_notificationsAction = new QAction(this);
        m_notificationsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
        connect(m_notificationsAction, &QAction::triggered, this,
                [this] { showPage(Page::Notifications); });
        if (m_viewMenu)
            m_viewMenu->addAction(m_notificationsAction);
        else
            addAction(m_notificationsAction);
    }
    m_notificationsAction->setEnabled(true);
    if (m_me.brief.uid > 0) // nobody's cache (QA's --cache): no one's notifications to ask for
        m_notificationsModel->start();
    updateNotificationsBadge();
}

NotificationsView *MainWindow::ensureNotificationsView()
{
    if (!m_notificationsView && m_notificationsModel) {
        m_notificationsView = new NotificationsView(m_notificationsModel, m_pages);
        m_notificationsView->setTicker(m_ticker, m_format);
        connect(m_notificationsView, &NotificationsView::openRequested, this,
                &MainWindow::openNotification);
        m_pages->addWidget(m_notificationsView);
    }
    return m_notificationsView;
}

void MainWindow::clearNotifications()
{
    delete m_alerts;
    m_alerts = nullptr;
    delete m_notificationsView;
    m_notificationsView = nullptr;
    delete m_notificationsModel;
    m_notificationsModel = nullptr;
    if (m_notificationsAction)
        m_notificationsAction->setEnabled(false);
}

void MainWindow::updateNotificationsBadge()
{
    if (m_notificationsAction)
        m_notificationsAction->setText(tr("Go to %1").arg(tr("Notifications")));
    const int row = int(m_navPages.indexOf(Page::Notifications));
    if (row < 0 || !m_notificationsModel)
        return;
    QListWidgetItem *item = m_nav->item(row);
    const int unread = m_notificationsModel->unread();
    item->setData(NavDelegate::kBadgeRole, unread);
    item->setData(Qt::AccessibleTextRole, unread > 0
                                              ? tr("Notifications, %n unread", nullptr, unread)
                                              : tr("Notifications"));
    item->setToolTip(unread > 0 ? tr("%n unread notification(s) (Ctrl+Shift+N)", nullptr, unread)
                                : tr("Notifications (Ctrl+Shift+N)"));
}

void MainWindow::setDoNotDisturb(bool on)
{
    preferences::setDoNotDisturb(on);
    if (m_alerts)
        m_alerts->setDoNotDisturb(on);
}

bool MainWindow::doNotDisturb() const
{
    return preferences::doNotDisturb();
}

void MainWindow::openNotification(const core::Notification &n)
{
    if (!m_started)
        return;
    // From a bubble: the window comes to the front first.
    if (isMinimized())
        showNormal();
    raise();
    activateWindow();

    const auto openComment = [this](qint64 postId, qint64 commentId) {
        openThread(postId);
        if (m_thread && m_thread->postId() == postId && commentId > 0)
            m_thread->revealComment(commentId);
    };
    const auto myBoard = [this] {
        showPage(Page::Mine);
        if (PersonPages *person = personPages(Page::Mine))
            person->showMessages();
    };
    const QString type = n.targetType;
    switch (n.kind) {
    case Kind::Reply:
    case Kind::Comment:
        if (n.postId)
            openComment(*n.postId, n.commentId.value_or(0));
        return;
    case Kind::Message:
        myBoard();
        return;
    case Kind::Follow:
        if (!n.actors.isEmpty())
            openProfile(n.actors.first().uid);
        return;
    case Kind::Like:
    case Kind::Moderation:
        if (type == QLatin1String("message")) {
            myBoard();
        } else if (type == QLatin1String("comment")) {
            if (n.postId)
                openComment(*n.postId, n.targetId.value_or(0));
        } else if (const qint64 post = n.postId.value_or(n.targetId.value_or(0)); post > 0) {
            openThread(post);
        }
        return;
    case Kind::Unknown:
        if (n.postId)
            openComment(*n.postId, n.commentId.value_or(0));
        else if (!n.actors.isEmpty())
            openProfile(n.actors.first().uid);
        return;
    }
}

} // namespace threadline::ui

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow, where the keyboard goes and what the status bar says:
//  - the regions, in the order the eye reads them: the page list, the page, the open thread's
//    comments, its reply box. Tab moves through a region's own controls and then on to the
//    next region (Shift+Tab back); F6 / Shift+F6 go from region to region. The toolbar and the
//    status bar's button take no Tab focus (their actions have keys: Ctrl+N, F5, Ctrl+Shift+O,
//    Ctrl+Shift+Q).
//  - Esc on a page closes the open thread (as it does in the thread).
//  - one message at a time in the status bar: while a passing message shows ("2 changes
//    saved."), the lasting ones (the outbox's count, the page's state) step aside, and come
//    back when it goes. What changes there is also said to a screen reader (politely: the
//    focus stays where it is).
#include "window/mainwindow.h"

#include "common/accessiblelist.h"
#include "notifications/notificationsview.h"
#include "thread/threadview.h"
#include "timeline/timelineview.h"

#include <QAction>
#include <QApplication>
#include <QKeyEvent>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QStackedWidget>
#include <QStatusBar>
#include <QToolBar>
#include <QToolButton>

namespace threadline::ui {

namespace {

bool takesTab(const QWidget *w)
{
    return w && w->isVisible() && w->isEnabled() && (w->focusPolicy() & Qt::TabFocus) &&
           !w->focusProxy();
}

// The first (or last) widget of `region` that Tab reaches, in the focus chain's order.
QWidget *tabStop(QWidget *region, bool last)
{
    if (!region || !region->isVisible())
        return nullptr;
    QList<QWidget *> stops;
    if (takesTab(region))
        stops.append(region);
    for (QWidget *w = region->nextInFocusChain(); w && w != region; w = w->nextInFocusChain())
        if (region->isAncestorOf(w) && takesTab(w))
            stops.append(w);
    if (stops.isEmpty())
        return nullptr;
    return last ? stops.last() : stops.first();
}

} // namespace

QList<QWidget *> MainWindow::focusRegions() const
{
    QList<QWidget *> regions{m_nav};
    if (QWidget *page = m_started ? pageWidget(m_page) : m_placeholder)
        regions.append(page);
    if (m_thread && m_thread->isVisible()) {
        regions.append(m_thread->treeView());
        if (m_thread->replyEdit()->isEnabled())
            regions.append(m_thread->replyEdit());
    }
    return regions;
}

int MainWindow::regionOf(const QWidget *w) const
{
    const QList<QWidget *> regions = focusRegions();
    for (qsizetype i = regions.size() - 1; i >= 0; --i) // the thread's parts before the pane
        if (w && (regions[i] == w || regions[i]->isAncestorOf(w)))
            return int(i);
    // the thread's header (its order switch, close) counts as its comments' region
    if (m_thread && w && m_thread->isAncestorOf(w))
        return int(regions.indexOf(m_thread->treeView()));
    return -1;
}

void MainWindow::focusRegion(int step)
{
    const QList<QWidget *> regions = focusRegions();
    if (regions.isEmpty())
        return;
    const int at = regionOf(QApplication::focusWidget());
    int next = at < 0 ? 0 : at;
    for (qsizetype tries = 0; tries < regions.size(); ++tries) {
        next = int((next + step + regions.size()) % regions.size());
        if (QWidget *target = tabStop(regions[next], false)) {
            target->setFocus(Qt::OtherFocusReason);
            return;
        }
    }
}

bool MainWindow::focusNextPrevChild(bool next)
{
    QWidget *focus = QApplication::focusWidget();
    const int at = regionOf(focus);
    if (at < 0)
        return QMainWindow::focusNextPrevChild(next);
    const QList<QWidget *> regions = focusRegions();
    // Within the region while it has more; then on to the next region that has a stop.
    QWidget *edge = tabStop(regions[at], next);
    if (edge && edge != focus && !(focus && focus->focusProxy() == edge))
        return QMainWindow::focusNextPrevChild(next);
    for (qsizetype tries = 1; tries <= regions.size(); ++tries) {
        const qsizetype i = (at + (next ? tries : -tries) + regions.size() * 2) % regions.size();
        if (QWidget *target = tabStop(regions[i], !next)) {
            target->setFocus(next ? Qt::TabFocusReason : Qt::BacktabFocusReason);
            return true;
        }
    }
    return QMainWindow::focusNextPrevChild(next);
}

void MainWindow::buildKeys()
{
    m_nextRegion = new QAction(this);
    m_nextRegion->setObjectName(QStringLiteral("nextRegion"));
    m_nextRegion->setShortcut(QKeySequence(Qt::Key_F6));
    m_nextRegion->setShortcutContext(Qt::WindowShortcut);
    connect(m_nextRegion, &QAction::triggered, this, [this] { focusRegion(1); });
    addAction(m_nextRegion);
    m_previousRegion = new QAction(this);
    m_previousRegion->setObjectName(QStringLiteral("previousRegion"));
    m_previousRegion->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F6));
    m_previousRegion->setShortcutContext(Qt::WindowShortcut);
    connect(m_previousRegion, &QAction::triggered, this, [this] { focusRegion(-1); });
    addAction(m_previousRegion);

    // the toolbar's buttons are the menus' actions, each with its key: no Tab stop
    for (QToolButton *b : m_toolBar->findChildren<QToolButton *>())
        b->setFocusPolicy(Qt::NoFocus);
    m_coreStatus->setFocusPolicy(Qt::NoFocus);  // Ctrl+Shift+Q
    m_errorStatus->setFocusPolicy(Qt::NoFocus); // Help → Recent errors…

    m_nav->setAccessibleName(tr("Pages"));

    // One message at a time: a passing message hides the lasting ones until it goes.
    connect(statusBar(), &QStatusBar::messageChanged, this, [this](const QString &message) {
        if (message.isEmpty()) {
            updateStatus();
            return;
        }
        m_coreStatus->hide();
        m_feedStatus->hide();
        announce(message);
    });
}

void MainWindow::announce(const QString &text)
{
    if (text.isEmpty() || text == m_announced)
        return;
    m_announced = text;
    RowActions::announce(this, text);
}

void MainWindow::closeThread()
{
    if (!m_thread || !m_thread->isVisible())
        return;
    const bool hadFocus = m_thread->isAncestorOf(QApplication::focusWidget());
    m_thread->hide();
    if (QWidget *w = pageWidget(m_page); w && hadFocus) {
        if (QWidget *stop = tabStop(w, false))
            stop->setFocus(Qt::OtherFocusReason);
    }
}

void MainWindow::replyTo(qint64 postId)
{
    openThread(postId);
    if (m_thread && m_thread->postId() == postId)
        m_thread->focusReply();
}

} // namespace threadline::ui

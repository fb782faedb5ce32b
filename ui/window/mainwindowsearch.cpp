// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow (mainwindow.h): the Search page — Ctrl+F (View → Search…) shows it with the focus
// in its field, Esc goes back to the page before; a card found opens its thread at the comment
// found, a person found their page. The page is one of the account's pages (m_feeds), so its
// cards follow the window's time format and the comments a card shows.
#include "window/mainwindow.h"

#include "feeds.h"
#include "search/searchview.h"
#include "thread/threadview.h"
#include "timeline/timelinemodel.h"
#include "timeline/timelineview.h"

#include <QAction>
#include <QListWidget>
#include <QMenu>
#include <QStackedWidget>

namespace threadline::ui {

void MainWindow::buildSearchAction()
{
    m_searchAction = new QAction(this);
    m_searchAction->setObjectName(QStringLiteral("search"));
    m_searchAction->setShortcut(QKeySequence::Find); // Ctrl+F
    m_searchAction->setEnabled(false);
    connect(m_searchAction, &QAction::triggered, this, &MainWindow::showSearch);
    if (m_viewMenu)
        m_viewMenu->addAction(m_searchAction);
    else
        addAction(m_searchAction);
}

void MainWindow::retranslateSearch()
{
    if (m_searchAction)
        m_searchAction->setText(tr("&Search…"));
}

void MainWindow::startSearch()
{
    // The page itself is made when first shown (ensureSearch): hidden, it costs nothing.
    m_searchAction->setEnabled(true);
}

SearchView *MainWindow::ensureSearch()
{
    if (m_search || !m_started)
        return m_search;
    Feed f;
    f.model = m_models->timelineModel(this);
    f.model->setTicker(m_ticker, m_format);
    f.model->setInlineCommentCount(m_inline);
    m_search = new SearchView(m_models, m_core->images(), f.model, m_pages);
    f.view = m_search->results();
    f.page = m_search;
    connectView(f.view);
    // a card found opens its thread at the comment found (SearchView::openRequested)
    disconnect(f.view, &TimelineView::threadRequested, this, &MainWindow::openThread);
    connect(m_search, &SearchView::openRequested, this, [this](qint64 postId, qint64 commentId) {
        openThread(postId);
        if (commentId > 0 && m_thread && m_thread->postId() == postId)
            m_thread->revealComment(commentId);
    });
    connect(m_search, &SearchView::personRequested, this, [this](qint64 uid) {
        // The focus leaves the page first: were it still inside when the page hides, Qt would
        // hand it on to the navigation, whose first row would then take over from the person.
        m_pages->setFocus(Qt::OtherFocusReason);
        openProfile(uid);
        if (QWidget *w = pageWidget(m_page))
            w->setFocus(Qt::OtherFocusReason);
    });
    connect(m_search, &SearchView::leaveRequested, this, &MainWindow::leaveSearch);
    m_pages->addWidget(m_search);
    m_feeds.insert(Page::Search, f);
    return m_search;
}

void MainWindow::showSearch()
{
    if (!m_started || !ensureSearch())
        return;
    if (m_page != Page::Search)
        m_beforeSearch = m_page;
    showPage(Page::Search);
    showNoNavRow(); // no row of the list is the search
    m_search->focusField();
}

void MainWindow::leaveSearch()
{
    if (!m_started || m_page != Page::Search)
        return;
    m_pages->setFocus(Qt::OtherFocusReason);
    showPage(m_beforeSearch); // its row selected again, or a person's page, a topic
    if (QWidget *w = pageWidget(m_page))
        w->setFocus(Qt::OtherFocusReason);
}

SearchView *MainWindow::searchView() const
{
    return const_cast<MainWindow *>(this)->ensureSearch(); // made when first asked for
}

} // namespace threadline::ui

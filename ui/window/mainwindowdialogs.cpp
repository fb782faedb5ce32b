// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow's picture viewer and Preferences: opening them, and what Preferences asks of the
// window beyond the settings the menus already change (clearing the cached posts). The pages
// and the status bar are in mainwindow.cpp, the menus in mainwindowmenus.cpp.
#include "window/mainwindow.h"

#include "dialogs/pictureviewer.h"
#include "feeds.h"
#include "images/imagecache.h"
#include "poststore.h"
#include "window/preferencesdialog.h"

#include <QStatusBar>

namespace threadline::ui {

void MainWindow::showPictures(qint64 postId, int index)
{
    const std::optional<core::Post> post = m_core->store()->post(postId);
    if (!post || post->pictureUrls.isEmpty())
        return statusBar()->showMessage(tr("This post has no pictures to show."), 5000);
    PictureViewer::showFor(m_core->images(), post->pictureUrls, index, this);
}

void MainWindow::showPreferences()
{
    if (auto *open = findChild<PreferencesDialog *>(QString(), Qt::FindDirectChildrenOnly)) {
        open->raise();
        open->activateWindow();
        return;
    }
    auto *dialog = new PreferencesDialog(this, m_core, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MainWindow::clearCachedPosts()
{
    if (!m_started)
        return;
    // Requests run in order: the pages made below read the emptied cache. The outbox is a file
    // of its own and is not touched; the post store keeps what my pending actions lie over.
    m_models->clearCachedPosts();
    const Page page = m_page;
    const qint64 profile = m_profileUid;
    const QString topic = m_topicKey;
    startAccount(m_me, {}); // the core's account is open already: only the pages are made again
    if (page == Page::Profile && profile > 0)
        openProfile(profile);
    else if (page == Page::Topic && !topic.isEmpty())
        openTopic(topic);
    else
        showPage(page);
}

} // namespace threadline::ui

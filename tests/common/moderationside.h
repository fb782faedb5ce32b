// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The moderation page as the app would give it to a moderator, for the UI suites: an API client,
// an outbox on a file of the test's own, the actions, the feeds, and the page, shown.

#include "actions.h"
#include "feeds.h"
#include "moderation/moderationview.h"
#include "net/apiclient.h"
#include "outbox/outbox.h"
#include "poststore.h"

#include <QDir>
#include <QListView>
#include <QSignalSpy>
#include <QTest>

#include <memory>

namespace threadline::test {

struct ModerationSide
{
    using Tab = ui::ModerationView::Tab;
    static constexpr int kWaitMs = 20000;

    core::ApiClient api;
    core::Outbox outbox{&api};
    core::PostStore store;
    core::Actions actions{&outbox, &store};
    std::unique_ptr<models::Feeds> feeds;
    std::unique_ptr<ui::ModerationView> view;

    ModerationSide(const QUrl &base, const QString &token, const QString &dir,
                   QSize size = QSize(900, 800))
    {
        api.setBaseUrl(base);
        api.setToken(token);
        outbox.setBackoff(50, 400);
        outbox.setRequestTimeoutMs(5000);
        QSignalSpy opened(&outbox, &core::Outbox::opened);
        outbox.open(QDir(dir).filePath(QStringLiteral("outbox.sqlite")));
        if (!opened.wait(kWaitMs) || !opened.at(0).at(0).toBool())
            qFatal("the outbox did not open");
        feeds = std::make_unique<models::Feeds>(
            models::Feeds::Parts{&api, nullptr, nullptr, &outbox, &actions});
        view = std::make_unique<ui::ModerationView>(feeds.get());
        view->resize(size);
        view->show();
        if (!QTest::qWaitForWindowExposed(view.get()))
            qFatal("the view was not shown");
    }
    [[nodiscard]] models::ModerationQueueModel *model(Tab tab = Tab::Open) const
    {
        return view->queueModel(tab);
    }
    [[nodiscard]] QListView *list(Tab tab = Tab::Open) const { return view->listView(tab); }
    // Waits until the tab's list is loaded whole (the list asks for further pages itself while
    // it is not full; the rest comes by scrolling to the end).
    [[nodiscard]] bool loadedWhole(Tab tab)
    {
        return QTest::qWaitFor(
            [&] {
                QListView *l = list(tab);
                l->scrollToBottom();
                const bool loading = tab == Tab::Log ? view->logFeed()->isLoading()
                                                     : view->queueFeed(tab)->isLoading();
                return !loading && !l->model()->canFetchMore({}) && !view->isBusy();
            },
            kWaitMs);
    }
    // Makes the row current and selected, and gives the list the focus (as a click would).
    void select(Tab tab, int row)
    {
        list(tab)->setCurrentIndex(model(tab)->index(row));
        list(tab)->setFocus(Qt::OtherFocusReason);
    }
};

} // namespace threadline::test

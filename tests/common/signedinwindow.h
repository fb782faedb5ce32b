// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The real window, signed in: a client (core::AppCore) signed in against the test server, its
// feeds, and its MainWindow shown at a size with the account started — what the suites that
// drive the window by keys and clicks begin with.
//
//   test::SignedInWindow s;
//   QVERIFY(s.open(m_server.baseUrl(), u"zhangsan"_s, accountIn(dir, u"zhangsan"_s), {1200, 800}));
//   s.window->openThread(…);

#include "appaccount.h"
#include "feeds.h"
#include "window/mainwindow.h"

#include <QSize>
#include <QTest>
#include <memory>

namespace threadline::test {

struct SignedInWindow
{
    core::AppCore core;
    std::optional<core::UserProfile> me;
    std::unique_ptr<models::Feeds> feeds;
    std::unique_ptr<ui::MainWindow> window;

    // Signs `user` in (password "demo"), shows the window at `size` and starts the account
    // with `account`'s files. False when the sign-in or the window's exposure failed.
    [[nodiscard]] bool open(const QUrl &base, const QString &user,
                            const core::AppCore::AccountOptions &account, QSize size)
    {
        me = signIn(core, base, user);
        if (!me)
            return false;
        feeds = std::make_unique<models::Feeds>(models::Feeds::Parts{
            core.api(), core.cache(), core.store(), core.outbox(), core.actions()});
        window = std::make_unique<ui::MainWindow>(&core, feeds.get());
        window->resize(size);
        window->show();
        if (!QTest::qWaitForWindowExposed(window.get()))
            return false;
        window->startAccount(*me, account);
        return true;
    }
    ~SignedInWindow()
    {
        window.reset(); // before the feeds and the core it shows
        feeds.reset();
    }
};

} // namespace threadline::test

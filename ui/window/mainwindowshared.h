// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What the two files of MainWindow share: mainwindow.cpp (the account's pages, the status bar)
// and mainwindowmenus.cpp (the menus, the docks, the settings they change, the words).
#pragma once

#include "window/mainwindow.h"

#include <QKeySequence>
#include <QList>

namespace threadline::ui::mainwindow {

// The settings' keys (QSettings): the time zone, the comments a card shows, the window's place
// and its panes, the QA panel shown.
inline constexpr auto kSystemZoneKey = "ui/systemTimeZone";
inline constexpr auto kInlineKey = "ui/inlineComments";
inline constexpr auto kGeometryKey = "ui/geometry";
inline constexpr auto kStateKey = "ui/splitter";
inline constexpr auto kQaPanelKey = "ui/qaPanel";

// The pages only moderators have, after the base pages (Ctrl+9, Ctrl+0).
inline const QList<MainWindow::Page> kModeratorPages{MainWindow::Page::Moderation,
                                                     MainWindow::Page::Statistics};

// Every account's pages, in the navigation's order (Ctrl+1…9).
inline const QList<MainWindow::Page> kBasePages{
    MainWindow::Page::All,     MainWindow::Page::Following, MainWindow::Page::Mine,
    MainWindow::Page::HotDay,  MainWindow::Page::HotWeek,   MainWindow::Page::HotViews,
    MainWindow::Page::History, MainWindow::Page::Activity,  MainWindow::Page::Likes};

// The shortcut of the navigation's row i: Ctrl+1…Ctrl+9, then Ctrl+0 (the tenth); none after.
inline QKeySequence pageShortcut(int i)
{
    if (i > 9)
        return {};
    return QKeySequence(Qt::CTRL | (i < 9 ? Qt::Key(Qt::Key_1 + i) : Qt::Key_0));
}

} // namespace threadline::ui::mainwindow

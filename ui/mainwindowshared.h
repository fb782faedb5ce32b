// What the two files of MainWindow share: mainwindow.cpp (the account's pages, the status bar)
// and mainwindowmenus.cpp (the menus, the docks, the settings they change, the words).
#pragma once

#include "mainwindow.h"

#include <QList>

namespace threadline::ui::mainwindow {

// The settings' keys (QSettings): the time zone, the comments a card shows, the window's place
// and its panes, the QA panel shown.
inline constexpr auto kSystemZoneKey = "ui/systemTimeZone";
inline constexpr auto kInlineKey = "ui/inlineComments";
inline constexpr auto kGeometryKey = "ui/geometry";
inline constexpr auto kStateKey = "ui/splitter";
inline constexpr auto kQaPanelKey = "ui/qaPanel";

// The pages only moderators have, after the base pages (Ctrl+8, Ctrl+9).
inline const QList<MainWindow::Page> kModeratorPages{MainWindow::Page::Moderation,
                                                     MainWindow::Page::Statistics};

// Every account's pages, in the navigation's order (Ctrl+1…7).
inline const QList<MainWindow::Page> kBasePages{
    MainWindow::Page::All,     MainWindow::Page::Following, MainWindow::Page::Mine,
    MainWindow::Page::HotDay,  MainWindow::Page::HotWeek,   MainWindow::Page::History,
    MainWindow::Page::Activity};

} // namespace threadline::ui::mainwindow

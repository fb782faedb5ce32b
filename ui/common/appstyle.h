// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The application's style: the platform's (or Fusion, for the Light and Dark themes) behind a
// proxy that makes the standard icons the window asks for at start only when one is painted.
//
// Why: in Qt 6.4 a style's standard icon is read from its PNG files when it is asked for, and
// the first image read anywhere loads every image-format plugin (gif, ico, jpeg, svg with
// QtSvg, …) to ask each whether it reads PNG. The menu bar's and the toolbar's extension
// buttons ask for theirs in their constructors and show them only when the window is too narrow
// for the menus: they were 8.7 % of the client's start-up instructions. Here they are read when
// first painted, from the style as it is then.
//
//   ui::installAppStyle();                       // once, after QApplication (app/main.cpp)
//   ui::setAppStyle(QStyleFactory::create(name)); // another base style (ui/common/theme.cpp)
//   ui::appStyleName();                          // "fusion", "windows", …: the base's name
#pragma once

#include <QString>

class QStyle;

namespace threadline::ui {

// Wraps the application's current style (once; a second call leaves it).
void installAppStyle();
// Makes `base` the application's style, behind the proxy (takes it; null does nothing).
void setAppStyle(QStyle *base);
// The name of the style behind the proxy (QStyle::name(); a proxy has none of its own).
[[nodiscard]] QString appStyleName();

} // namespace threadline::ui

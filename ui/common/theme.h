// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The application's colours: the platform's own (System), the style's standard light palette
// (Light) or a dark palette (Dark), both of the latter on the Fusion style so that every widget
// draws with the palette it is given. One call for the command line (--theme), the View → Theme
// menu and the Preferences dialog:
//
//   ui::applyTheme(ui::Theme::Dark);           // at once, every window repaints
//   ui::applyTheme(ui::themeFromName("light"));
//
// The choice is remembered by the caller (QSettings kThemeKey, "system" / "light" / "dark":
// savedTheme() / saveTheme()). Views relayout on QEvent::PaletteChange (ui/layoutcache.h) and
// delegates derive every colour from the palette (palettecolors.h's blend()), so a theme is a
// palette.
#pragma once

#include <QPalette>
#include <QString>

#include <optional>

namespace threadline::ui {

enum class Theme { System, Light, Dark };

// Sets the style and palette of the application (QApplication must exist). System restores the
// style and palette the application started with.
void applyTheme(Theme theme);
// The theme applied last (System before any call).
[[nodiscard]] Theme currentTheme();

// "system" / "light" / "dark" (the command line's and the setting's words), and back; an
// unknown name is nothing.
[[nodiscard]] QString themeName(Theme theme);
[[nodiscard]] std::optional<Theme> themeFromName(const QString &name);

// The remembered choice (QSettings "ui/theme"; System when none or unknown) and remembering one.
inline constexpr auto kThemeKey = "ui/theme";
[[nodiscard]] Theme savedTheme();
void saveTheme(Theme theme);

// Whether a palette is dark (its window colour darker than its text): what the delegates ask
// when a tint must differ in dark.
[[nodiscard]] bool isDark(const QPalette &palette);

} // namespace threadline::ui

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The colours the delegates and widgets of ui/ derive from the palette: a mix of two colours,
// the warning red, and the palette group an item is painted in.
#pragma once

#include <QColor>
#include <QPalette>
#include <QString>

class QStyleOptionViewItem;

namespace threadline::ui {

// a and b mixed: t = 0 is a, t = 1 is b (palette-derived shades: muted text, tinted panels).
[[nodiscard]] QColor blend(const QColor &a, const QColor &b, qreal t);

// Words of a failure or a limit passed ("3 too many", an error): a red that reads on the
// palette's base and window, light or dark (#c62828 on light, #ef6b6b on dark).
[[nodiscard]] QColor warningColor(const QPalette &palette);
// A style sheet's "color: …" of warningColor() (for labels whose words turn red).
[[nodiscard]] QString warningStyleSheet(const QPalette &palette, bool bold = false);

// The palette group an item is painted in: Disabled, else Normal when its window is active,
// else Inactive.
[[nodiscard]] QPalette::ColorGroup colorGroup(const QStyleOptionViewItem &opt);

} // namespace threadline::ui

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// How much room text takes in the delegates and widgets of ui/: the small and bold fonts, the
// width of a line, text wrapped to a width in a few lines, and a name's first character (the
// placeholder avatar's).
#pragma once

#include <QFont>
#include <QString>
#include <QStringList>

namespace threadline::ui {

// The font of a delegate's small lines (times, counts, badges): 0.88 of `base`, at least 7 pt
// (9 px for a pixel-sized font).
[[nodiscard]] QFont smallerFont(const QFont &base);

// `f`, bold.
[[nodiscard]] QFont boldFont(QFont f);

// The width a single line of text needs, rounded up (elidedText() elides at a rounded-down
// width, so a text given this much room is never elided).
[[nodiscard]] int advance(const QFont &font, const QString &text);

// Plain text wrapped to `width` in at most `maxLines` lines, the last one elided when the text
// goes on; line breaks kept, leading and trailing blanks dropped.
[[nodiscard]] QStringList wrappedLines(const QString &content, const QFont &font, int width,
                                       int maxLines);

// The first grapheme of a name (an emoji or a CJK character stays whole), upper-cased; "?" for
// an empty name. The placeholder avatar shows it until the picture is loaded.
[[nodiscard]] QString firstCharacter(const QString &name);

} // namespace threadline::ui

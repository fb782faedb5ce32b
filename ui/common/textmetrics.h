// Small helpers shared by the delegates and widgets of ui/.
#pragma once

#include "wire/usertext.h"

#include <QColor>
#include <QFont>
#include <QKeySequence>
#include <QPalette>
#include <QString>
#include <QStringList>

class QAction;
class QMenu;
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

// A tooltip that shows `text` as it is: Qt takes a tooltip that looks like HTML ("<b>…") as rich
// text, so user and server text goes through here (escaped, line breaks kept).
[[nodiscard]] QString plainToolTip(const QString &text);

// User text as a view shows it: at most `maxChars` code points (then "…": a post of half a
// megabyte would take seconds to lay out, the contract allows 2,000), bidirectional controls
// (U+202A…U+202E, U+2066…U+2069, U+200E/U+200F, U+061C) shown as U+FFFD so that they are seen
// and reorder nothing, and the whole isolated (U+2068 … U+2069) so that it cannot reorder what
// stands around it: "\u202Eevil.exe" reads "�evil.exe", never "exe.live".
// (core/usertext.h; the same functions for the widgets.)
using core::isolated;
using core::kMaxShownChars;
using core::sanitizedText;
using core::shownName;
using core::shownNames;
using core::shownText;

// A context-menu entry with an object name (for tests) and its shortcut shown in the menu.
QAction *addMenuAction(QMenu *menu, const QString &name, const QString &text,
                       const QKeySequence &keys = {});

} // namespace threadline::ui

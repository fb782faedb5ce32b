// Small helpers shared by the delegates and widgets of ui/.
#pragma once

#include <QColor>
#include <QKeySequence>
#include <QString>

class QAction;
class QMenu;

namespace threadline::ui {

// a and b mixed: t = 0 is a, t = 1 is b (palette-derived shades: muted text, tinted panels).
[[nodiscard]] QColor blend(const QColor &a, const QColor &b, qreal t);

// The first grapheme of a name (an emoji or a CJK character stays whole), upper-cased; "?" for
// an empty name. The placeholder avatar shows it until the picture is loaded.
[[nodiscard]] QString firstCharacter(const QString &name);

// A tooltip that shows `text` as it is: Qt takes a tooltip that looks like HTML ("<b>…") as rich
// text, so user and server text goes through here (escaped, line breaks kept).
[[nodiscard]] QString plainToolTip(const QString &text);

// A context-menu entry with an object name (for tests) and its shortcut shown in the menu.
QAction *addMenuAction(QMenu *menu, const QString &name, const QString &text,
                       const QKeySequence &keys = {});

} // namespace threadline::ui

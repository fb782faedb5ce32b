// Small painting helpers shared by the delegates and widgets of ui/.
#pragma once

#include <QColor>
#include <QString>

namespace threadline::ui {

// a and b mixed: t = 0 is a, t = 1 is b (palette-derived shades: muted text, tinted panels).
[[nodiscard]] QColor blend(const QColor &a, const QColor &b, qreal t);

// The first grapheme of a name (an emoji or a CJK character stays whole), upper-cased; "?" for
// an empty name. The placeholder avatar shows it until the picture is loaded.
[[nodiscard]] QString firstCharacter(const QString &name);

} // namespace threadline::ui

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// User and server text as the widgets of ui/ show it: plain, never interpreted as HTML, and
// isolated so that bidirectional controls reorder nothing around it.
#pragma once

#include "wire/usertext.h"

#include <QString>

namespace threadline::ui {

// A tooltip that shows `text` as it is: Qt takes a tooltip that looks like HTML ("<b>…") as rich
// text, so user and server text goes through here (escaped, line breaks kept).
[[nodiscard]] QString plainToolTip(const QString &text);

// User text as a view shows it: at most `maxChars` code points (then "…": a post of half a
// megabyte would take seconds to lay out, the contract allows 2,000), bidirectional controls
// (U+202A…U+202E, U+2066…U+2069, U+200E/U+200F, U+061C) shown as U+FFFD so that they are seen
// and reorder nothing, and the whole isolated (U+2068 … U+2069) so that it cannot reorder what
// stands around it: "\u202Eevil.exe" reads "�evil.exe", never "exe.live".
// (core/wire/usertext.h; the same functions for the widgets.)
using core::isolated;
using core::kMaxShownChars;
using core::sanitizedText;
using core::shownName;
using core::shownNames;
using core::shownText;

} // namespace threadline::ui

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// usertext: text written by strangers, made safe to show (bidirectional-text controls cannot
// reorder what surrounds them). Plain text only: nothing here interprets anything.
//
// sanitizedText: bidi controls (U+202A…U+202E, U+2066…U+2069, U+200E, U+200F, U+061C) become
// U+FFFD so that they show and reorder nothing, and the length is capped (then "…").
// isolated: U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE around the text, so that
// even right-to-left letters cannot reorder what stands around it ("\u202Eevil.exe" reads
// "\uFFFDevil.exe", never "exe.live").
// shownText: both. Every name or text of a user that goes into a composed label ("A replied to
// B", "A, B and C liked this", "A's post") goes through shownName() first.
#pragma once

#include <QString>
#include <QStringList>

namespace threadline::core {

inline constexpr int kMaxShownChars = 4000;
inline constexpr int kMaxShownNameChars = 200;

[[nodiscard]] QString sanitizedText(const QString &text, int maxChars = kMaxShownChars);
[[nodiscard]] QString isolated(const QString &text);
[[nodiscard]] QString shownText(const QString &text, int maxChars = kMaxShownChars);
// A name inside a composed label: sanitized, capped at kMaxShownNameChars, isolated.
[[nodiscard]] QString shownName(const QString &name);
[[nodiscard]] QStringList shownNames(const QStringList &names);

} // namespace threadline::core

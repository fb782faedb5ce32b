// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What the moderators' page paints with (ui/moderationview.h): its spacing, the colours of its
// queue cards and log lines, their time labels, the queue model's words. Shared by
// QueueCardDelegate, LogLineDelegate and ContextPane; the general helpers are in common/
// (palettecolors.h, textmetrics.h, plaintext.h).
#pragma once

#include "common/relativetime.h"

#include <QColor>
#include <QString>

class QStyleOptionViewItem;

namespace threadline::models {
class TimeTicker;
} // namespace threadline::models

namespace threadline::ui::moderationpaint {

constexpr int kPad = 10;      // inside a card, at the ends of a log line
constexpr int kGap = 6;       // between pieces of one line
constexpr int kBadgePadX = 6; // inside a badge ("Hidden", "Auto-flagged: …", "Reported")
constexpr int kBadgePadY = 2;

// The colours of a queue card or a log line in its state (selected, active, enabled).
struct Colours
{
    QColor text;
    QColor muted;
    QColor warning;
    QColor line;
    QColor hiddenFill;
    QColor hiddenText;
    QColor flagFill;
    QColor flagText;
};

[[nodiscard]] Colours coloursFor(const QStyleOptionViewItem &opt);

// The label of a time, aged by the ticker when there is one ("" for no time).
[[nodiscard]] QString timeLabel(const models::RelativeTime &format,
                                const models::TimeTicker *ticker, qint64 createtime);

} // namespace threadline::ui::moderationpaint

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "moderation/moderationpaint.h"

#include "common/palettecolors.h"
#include "common/timeticker.h"

#include <QDateTime>
#include <QStyle>
#include <QStyleOptionViewItem>

namespace threadline::ui::moderationpaint {

Colours coloursFor(const QStyleOptionViewItem &opt)
{
    const QPalette &p = opt.palette;
    const QPalette::ColorGroup cg = colorGroup(opt);
    const bool selected = opt.state & QStyle::State_Selected;
    const bool dark = p.color(cg, QPalette::Base).lightness() < 128;
    Colours c;
    c.text = p.color(cg, selected ? QPalette::HighlightedText : QPalette::Text);
    const QColor base = p.color(cg, selected ? QPalette::Highlight : QPalette::Base);
    c.muted = blend(c.text, base, selected ? 0.25 : 0.45);
    const QColor red = dark ? QColor(0xef, 0x6b, 0x6b) : QColor(0xc6, 0x28, 0x28);
    c.warning = selected ? c.text : red;
    c.line = blend(p.color(cg, QPalette::Base), p.color(cg, QPalette::Text), 0.16);
    c.hiddenFill = blend(base, c.text, 0.12);
    c.hiddenText = c.text;
    const QColor amber = dark ? QColor(0xf0, 0xb0, 0x50) : QColor(0xb4, 0x5a, 0x00);
    c.flagFill = blend(base, amber, selected ? 0.3 : 0.16);
    c.flagText = selected ? c.text : amber;
    return c;
}

QString timeLabel(const models::RelativeTime &format, const models::TimeTicker *ticker,
                  qint64 createtime)
{
    if (createtime <= 0)
        return {};
    const qint64 now = ticker ? ticker->now() : QDateTime::currentMSecsSinceEpoch();
    return format.format(createtime, now);
}

} // namespace threadline::ui::moderationpaint

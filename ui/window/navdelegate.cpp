// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/navdelegate.h"

#include "common/textmetrics.h"

#include <QPainter>

namespace threadline::ui {

QString NavDelegate::badgeText(int count)
{
    return count > 99 ? QStringLiteral("99+") : QString::number(count);
}

QRect NavDelegate::badgeRect(const QStyleOptionViewItem &option, int count)
{
    if (count <= 0)
        return {};
    const QFontMetrics fm(boldFont(smallerFont(option.font)));
    const int h = fm.height() + 2;
    const int w = std::max(h, fm.horizontalAdvance(badgeText(count)) + 10);
    return {option.rect.right() - 8 - w, option.rect.center().y() - h / 2 + 1, w, h};
}

void NavDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                        const QModelIndex &index) const
{
    const int count = index.data(kBadgeRole).toInt();
    const QRect badge = badgeRect(option, count);
    // the whole row as usual (its titles are short: the badge sits in the room to their right)
    QStyledItemDelegate::paint(painter, option, index);
    if (badge.isNull())
        return;
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    const bool selected = option.state & QStyle::State_Selected;
    painter->setPen(Qt::NoPen);
    painter->setBrush(selected ? option.palette.color(QPalette::HighlightedText)
                               : option.palette.color(QPalette::Highlight));
    painter->drawRoundedRect(badge, badge.height() / 2.0, badge.height() / 2.0);
    painter->setPen(selected ? option.palette.color(QPalette::Highlight)
                             : option.palette.color(QPalette::HighlightedText));
    painter->setFont(boldFont(smallerFont(option.font)));
    painter->drawText(badge, Qt::AlignCenter, badgeText(count));
    painter->restore();
}

} // namespace threadline::ui

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "rankings/rankingdelegate.h"

#include "common/palettecolors.h"
#include "common/textmetrics.h"
#include "rankings/rankingmodel.h"
#include "wire/usertext.h"

#include <QApplication>
#include <QPainter>
#include <QPainterPath>

namespace threadline::ui {

using models::RankingModel;

namespace {
constexpr int kPad = 10;
constexpr int kAvatar = 32;
} // namespace

QSize RankingDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &) const
{
    const QFontMetrics fm(option.font);
    return {200, std::max(kAvatar, fm.height() * 2) + 2 * kPad};
}

void RankingDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                            const QModelIndex &index) const
{
    painter->save();
    const QPalette &pal = option.palette;
    const QRect r = option.rect;
    const bool me = index.data(RankingModel::IsMeRole).toBool();
    const bool selected = option.state & QStyle::State_Selected;
    QColor background = pal.color(QPalette::Base);
    if (me)
        background = blend(background, pal.color(QPalette::Highlight), 0.12);
    if (selected)
        background = blend(background, pal.color(QPalette::Highlight), 0.28);
    painter->fillRect(r, background);
    painter->setPen(blend(pal.color(QPalette::Base), pal.color(QPalette::Text), 0.12));
    painter->drawLine(r.bottomLeft(), r.bottomRight());

    const qint64 rank = index.data(RankingModel::RankRole).toLongLong();
    const QFont bold = boldFont(option.font);
    // the rank: a badge for the first three, a number for the others
    const int rankWidth = std::max(advance(bold, QStringLiteral("000")), kAvatar) + 4;
    const QRect rankRect(r.left() + kPad, r.top(), rankWidth, r.height());
    painter->setRenderHint(QPainter::Antialiasing);
    if (rank >= 1 && rank <= 3) {
        static const QColor medals[] = {QColor(0xE0, 0xA8, 0x00), QColor(0x9A, 0xA4, 0xAE),
                                        QColor(0xC0, 0x7A, 0x3A)};
        const QRect badge(rankRect.center().x() - kAvatar / 2 + 1, r.center().y() - kAvatar / 2 + 1,
                          kAvatar - 2, kAvatar - 2);
        painter->setPen(Qt::NoPen);
        painter->setBrush(medals[rank - 1]);
        painter->drawEllipse(badge);
        painter->setPen(Qt::white);
    } else {
        painter->setPen(blend(pal.color(QPalette::Base), pal.color(QPalette::Text), 0.6));
    }
    painter->setFont(bold);
    painter->drawText(rankRect, Qt::AlignCenter, QString::number(rank));

    // the person's initial in a circle
    const QString nick = index.data(Qt::DisplayRole).toString();
    const QRect avatar(rankRect.right() + kPad, r.center().y() - kAvatar / 2, kAvatar, kAvatar);
    painter->setPen(Qt::NoPen);
    // the initial's circle stands out from a tinted or selected row too
    painter->setBrush(blend(background, pal.color(QPalette::Text), 0.14));
    painter->drawEllipse(avatar);
    painter->setPen(pal.color(QPalette::Text));
    painter->setFont(option.font);
    painter->drawText(avatar, Qt::AlignCenter, firstCharacter(nick));

    // the points on the right, the name in what is left
    const QString points = RankingModel::tr(
        "%n points", nullptr,
        int(std::min<qint64>(index.data(RankingModel::PointsRole).toLongLong(), INT_MAX)));
    const int pointsWidth = advance(bold, points);
    const QRect pointsRect(r.right() - kPad - pointsWidth, r.top(), pointsWidth, r.height());
    painter->setFont(bold);
    painter->setPen(pal.color(QPalette::Text));
    painter->drawText(pointsRect, Qt::AlignVCenter | Qt::AlignRight, points);
    const QRect nameRect(avatar.right() + kPad, r.top(),
                         pointsRect.left() - kPad - avatar.right() - kPad, r.height());
    const QString name = me ? RankingModel::tr("%1 (me)").arg(core::isolated(nick)) : nick;
    painter->setFont(me ? bold : option.font);
    const QString shown = painter->fontMetrics().elidedText(name, Qt::ElideRight, nameRect.width());
    painter->drawText(nameRect, Qt::AlignVCenter | Qt::AlignLeft | Qt::TextSingleLine, shown);
    if (option.state & QStyle::State_HasFocus) {
        painter->setPen(QPen(pal.color(QPalette::Highlight), 1, Qt::DotLine));
        painter->setBrush(Qt::NoBrush);
        painter->drawRect(r.adjusted(1, 1, -2, -2));
    }
    painter->restore();
}

} // namespace threadline::ui

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "notifications/notificationdelegate.h"

#include "common/palettecolors.h"
#include "common/textmetrics.h"
#include "common/tilepixmaps.h"
#include "notifications/notificationsmodel.h"

#include <QApplication>
#include <QDateTime>
#include <QPainter>

namespace threadline::ui {

using models::NotificationsModel;

namespace {

int lineCount(const QModelIndex &index)
{
    int lines = 1;
    if (!index.data(NotificationsModel::DetailRole).toString().isEmpty())
        ++lines;
    if (!index.data(NotificationsModel::UnsupportedRole).toString().isEmpty())
        ++lines;
    return lines;
}

} // namespace

QString NotificationDelegate::timeText(const QModelIndex &index) const
{
    const qint64 now = m_now > 0 ? m_now : QDateTime::currentMSecsSinceEpoch();
    return m_format.format(index.data(NotificationsModel::CreatedTimeRole).toLongLong(), now);
}

QSize NotificationDelegate::sizeHint(const QStyleOptionViewItem &option,
                                     const QModelIndex &index) const
{
    const int line = QFontMetrics(option.font).lineSpacing();
    const int text = lineCount(index) * line + (lineCount(index) - 1) * 2;
    return {option.rect.width() > 0 ? option.rect.width() : 400,
            std::max(kAvatar, text) + 2 * kPadding};
}

void NotificationDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                                 const QModelIndex &index) const
{
    painter->save();
    const QPalette &pal = option.palette;
    const bool selected = option.state & QStyle::State_Selected;
    const bool read = index.data(NotificationsModel::ReadRole).toBool();
    QStyleOptionViewItem base = option;
    initStyleOption(&base, index);
    base.text.clear();
    base.icon = QIcon();
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawPrimitive(QStyle::PE_PanelItemViewItem, &base, painter, widget);
    if (!read && !selected) // unread: a faint tint of the link colour
        painter->fillRect(option.rect,
                          blend(pal.color(QPalette::Base), pal.color(QPalette::Link), 0.06));

    const QColor text = selected ? pal.color(QPalette::HighlightedText) : pal.color(QPalette::Text);
    const QColor muted = selected ? text : blend(pal.color(QPalette::Base), text, 0.62);
    const QRect r = option.rect.adjusted(kPadding, kPadding, -kPadding, -kPadding);

    // the unread dot, then the avatar
    const QRect dot(r.left(), r.top() + kAvatar / 2 - kDot / 2, kDot, kDot);
    if (!read) {
        painter->setRenderHint(QPainter::Antialiasing);
        painter->setPen(Qt::NoPen);
        painter->setBrush(selected ? text : pal.color(QPalette::Link));
        painter->drawEllipse(dot);
    }
    const QRect avatar(dot.right() + 6, r.top(), kAvatar, kAvatar);
    paintAvatarTile(painter, pal, option.font, avatar, QPixmap(),
                    index.data(NotificationsModel::ActorNameRole).toString());

    // the time on the right, the lines beside the avatar
    QFont small = smallerFont(option.font);
    const QString time = timeText(index);
    const QFontMetrics smallFm(small);
    const int timeWidth = smallFm.horizontalAdvance(time);
    const int left = avatar.right() + 10;
    const int line = QFontMetrics(option.font).lineSpacing();
    QRect sentence(left, r.top(), r.right() - left - timeWidth - 8, line);
    painter->setFont(small);
    painter->setPen(muted);
    painter->drawText(QRect(r.right() - timeWidth, r.top(), timeWidth, line),
                      Qt::AlignRight | Qt::AlignVCenter, time);

    QFont first = option.font;
    first.setBold(!read);
    painter->setFont(first);
    painter->setPen(text);
    painter->drawText(
        sentence, Qt::AlignLeft | Qt::AlignVCenter,
        QFontMetrics(first).elidedText(index.data(NotificationsModel::SentenceRole).toString(),
                                       Qt::ElideRight, sentence.width()));
    int y = sentence.bottom() + 3;
    painter->setFont(option.font);
    const QFontMetrics fm(option.font);
    for (const int role :
         {int(NotificationsModel::DetailRole), int(NotificationsModel::UnsupportedRole)}) {
        const QString s = index.data(role).toString();
        if (s.isEmpty())
            continue;
        painter->setPen(muted);
        const QRect box(left, y, r.right() - left, line);
        painter->drawText(box, Qt::AlignLeft | Qt::AlignVCenter,
                          fm.elidedText(s, Qt::ElideRight, box.width()));
        y += line + 2;
    }
    painter->restore();
}

} // namespace threadline::ui

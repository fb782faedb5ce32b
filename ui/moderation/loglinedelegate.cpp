// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "moderation/loglinedelegate.h"

#include "common/plaintext.h"
#include "common/textmetrics.h"
#include "common/timeticker.h"
#include "moderation/moderationlogmodel.h"
#include "moderation/moderationpaint.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QHelpEvent>
#include <QPainter>
#include <QStyle>
#include <QToolTip>
#include <algorithm>

namespace threadline::ui {

using namespace moderationpaint;
using models::ModerationLogModel;

LogLineDelegate::LogLineDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
{
}

void LogLineDelegate::setTime(const models::RelativeTime &format, models::TimeTicker *ticker)
{
    m_format = format;
    m_ticker = ticker;
}

void LogLineDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                            const QModelIndex &index) const
{
    QStyleOptionViewItem opt(option);
    initStyleOption(&opt, index);
    opt.text.clear();
    const QWidget *widget = opt.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    painter->save();
    style->drawPrimitive(QStyle::PE_PanelItemViewItem, &opt, painter, widget);
    const Colours col = coloursFor(opt);
    const QRect r = opt.rect.adjusted(kPad, 0, -kPad, 0);
    const QFont meta = smallerFont(opt.font);
    const QString time =
        timeLabel(m_format, m_ticker, index.data(ModerationLogModel::CreatedTimeRole).toLongLong());
    const int timeW = time.isEmpty() ? 0 : advance(meta, time);
    if (!time.isEmpty()) {
        painter->setFont(meta);
        painter->setPen(col.muted);
        painter->drawText(QRect(r.right() + 1 - timeW, r.top(), timeW, r.height()),
                          Qt::AlignRight | Qt::AlignVCenter, time);
    }
    const int textW = std::max(r.width() - (timeW > 0 ? timeW + 2 * kGap : 0), 0);
    painter->setFont(opt.font);
    painter->setPen(col.text);
    const QString text = index.data(Qt::DisplayRole).toString().simplified();
    painter->drawText(QRect(r.left(), r.top(), textW, r.height()), Qt::AlignLeft | Qt::AlignVCenter,
                      QFontMetrics(opt.font).elidedText(text, Qt::ElideRight, textW));
    painter->setPen(col.line);
    painter->drawLine(opt.rect.left() + kPad, opt.rect.bottom(), opt.rect.right() - kPad,
                      opt.rect.bottom());
    painter->restore();
}

QSize LogLineDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt(option);
    initStyleOption(&opt, index);
    return {200, QFontMetrics(opt.font).height() + 14};
}

bool LogLineDelegate::helpEvent(QHelpEvent *event, QAbstractItemView *view,
                                const QStyleOptionViewItem &option, const QModelIndex &index)
{
    if (event->type() == QEvent::ToolTip && index.isValid()) {
        QToolTip::showText(event->globalPos(), plainToolTip(index.data(Qt::DisplayRole).toString()),
                           view, option.rect);
        return true;
    }
    return QStyledItemDelegate::helpEvent(event, view, option, index);
}

} // namespace threadline::ui

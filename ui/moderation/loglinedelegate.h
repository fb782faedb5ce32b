// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// One ModerationLogModel row on the moderators' page (ui/moderationview.h, "log"):
// "管理员 hid post 42: spam" (elided; the whole in a tooltip) with its time on the right.
#pragma once

#include "common/relativetime.h"

#include <QPointer>
#include <QStyledItemDelegate>

namespace threadline::models {
class TimeTicker;
} // namespace threadline::models

namespace threadline::ui {

class LogLineDelegate : public QStyledItemDelegate
{
public:
    explicit LogLineDelegate(QObject *parent);

    void setTime(const models::RelativeTime &format, models::TimeTicker *ticker);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;

    [[nodiscard]] QSize sizeHint(const QStyleOptionViewItem &option,
                                 const QModelIndex &index) const override;

    bool helpEvent(QHelpEvent *event, QAbstractItemView *view, const QStyleOptionViewItem &option,
                   const QModelIndex &index) override;

private:
    models::RelativeTime m_format;
    QPointer<models::TimeTicker> m_ticker;
};

} // namespace threadline::ui

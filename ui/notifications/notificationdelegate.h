// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// NotificationDelegate: one row of the Notifications page (NotificationsModel): the newest
// actor's avatar (their first character on a tint), the sentence ("李四 replied to your
// comment"; bold while unread, with a dot before it), the text concerned beneath it in muted
// words, a line for a kind this version does not know, and the relative time on the right. Every
// line is plain text, elided to the row's width; rows are as tall as their lines.
#pragma once

#include "common/relativetime.h"

#include <QStyledItemDelegate>

namespace threadline::ui {

class NotificationDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    static constexpr int kAvatar = 36;
    static constexpr int kPadding = 8;
    static constexpr int kDot = 8;

    using QStyledItemDelegate::QStyledItemDelegate;

    // How the relative times read (the app's zone) and what "now" is.
    void setTimeFormat(const models::RelativeTime &format) { m_format = format; }
    void setNow(qint64 nowMs) { m_now = nowMs; }
    [[nodiscard]] QString timeText(const QModelIndex &index) const;

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    [[nodiscard]] QSize sizeHint(const QStyleOptionViewItem &option,
                                 const QModelIndex &index) const override;

private:
    models::RelativeTime m_format;
    qint64 m_now = 0; // 0: the clock's now
};

} // namespace threadline::ui

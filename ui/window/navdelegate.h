// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The navigation's rows (the pages on the left) with a badge: a count in a pill at the row's
// right end (the unread notifications), from the item's kBadgeRole; none at 0.
#pragma once

#include <QStyledItemDelegate>

namespace threadline::ui {

class NavDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    static constexpr int kBadgeRole = Qt::UserRole + 1; // int: the count (0: no badge)

    using QStyledItemDelegate::QStyledItemDelegate;

    // The badge's words: "99+" past 99.
    [[nodiscard]] static QString badgeText(int count);
    // Where the badge of a row is (null without one).
    [[nodiscard]] static QRect badgeRect(const QStyleOptionViewItem &option, int count);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
};

} // namespace threadline::ui

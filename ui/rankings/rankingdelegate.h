// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// One row of a board: the rank (the first three in a tinted badge), the person's initial in a
// circle, their name (plain text, elided) and their points on the right; my own row tinted.
// Rows have one height; nothing per row but the model's roles.
#pragma once

#include <QStyledItemDelegate>

namespace threadline::ui {

class RankingDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    [[nodiscard]] QSize sizeHint(const QStyleOptionViewItem &option,
                                 const QModelIndex &index) const override;
};

} // namespace threadline::ui

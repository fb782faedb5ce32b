// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The style option a view hands its delegate for `index`, for the suites that ask a delegate
// where its areas are (its font, its widget, the row's rectangle).

#include <QAbstractItemView>
#include <QFontMetrics>
#include <QStyleOptionViewItem>

namespace threadline::test {

inline QStyleOptionViewItem optionFor(QAbstractItemView *tree, const QModelIndex &index)
{
    QStyleOptionViewItem o;
    o.initFrom(tree);
    o.font = tree->font();
    o.fontMetrics = QFontMetrics(o.font);
    o.widget = tree;
    o.rect = tree->visualRect(index);
    return o;
}

} // namespace threadline::test

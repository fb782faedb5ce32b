// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// VirtualListView (virtuallistview.h): what it does when the model changes — rows inserted,
// removed, moved or changed, the layout changed — and when the current row or the selection
// changes: which row stays where it is on screen (the pin) and what is laid out again.
#include "common/virtuallistview.h"

#include <QAccessible>
#include <QScrollBar>

#include <algorithm>

namespace threadline::ui {

void VirtualListView::pinStableRow()
{
    if (m_pin || m_dirty || m_items.empty())
        return; // pinned already, or nothing on screen to keep
    const Item *pinned = nullptr;
    if (m_mouse.y() >= 0 && viewport()->rect().contains(m_mouse)) {
        for (const Item &item : m_items)
            if (m_mouse.y() >= item.top && m_mouse.y() < item.top + item.height)
                pinned = &item;
    }
    if (!pinned) {
        const QModelIndex current = currentIndex();
        if (current.isValid() && current.parent() == rootIndex())
            pinned = itemOf(current.row());
    }
    if (pinned)
        m_pin = Pin{QPersistentModelIndex(indexOfRow(pinned->row)), pinned->top};
}

void VirtualListView::rowsInserted(const QModelIndex &parent, int start, int end)
{
    QAbstractItemView::rowsInserted(parent, start, end);
    if (parent != rootIndex() || !model())
        return;
    const int count = end - start + 1;
    const bool atTop = m_anchor == 0 && m_offset == 0;
    if (m_rows.size() + count == model()->rowCount(rootIndex()))
        m_rows.insert(start, count);
    else // a layout in between has seen the new rows already (someone asked before us)
        m_rows.reset(model()->rowCount(rootIndex()));
    // what is on screen stays; at the very top the new rows are shown
    if (start <= m_anchor && !(atTop && start == 0))
        m_anchor += count;
    invalidateLayout();
}

void VirtualListView::rowsAboutToBeRemoved(const QModelIndex &parent, int start, int end)
{
    QAbstractItemView::rowsAboutToBeRemoved(parent, start, end);
    if (parent != rootIndex())
        return;
    if (!m_dirty)
        pinStableRow();
    const int count = end - start + 1;
    m_rows.remove(start, count);
    if (m_anchor > end) {
        m_anchor -= count;
    } else if (m_anchor >= start) {
        m_anchor = start;
        m_offset = 0;
    }
    m_items.clear();
    m_inRemoval = true;
    m_dirty = true;
}

void VirtualListView::onRowsRemoved(const QModelIndex &parent, int, int)
{
    if (parent != rootIndex())
        return;
    m_inRemoval = false;
    invalidateLayout();
}

void VirtualListView::onLayoutAboutToBeChanged()
{
    ensureLayout();
    m_layoutAnchor =
        m_items.empty() ? QPersistentModelIndex() : QPersistentModelIndex(indexOfRow(m_anchor));
}

void VirtualListView::onLayoutChanged()
{
    const int offset = m_offset;
    const QPersistentModelIndex anchor = m_layoutAnchor;
    resetRows();
    if (anchor.isValid() && anchor.parent() == rootIndex()) {
        m_anchor = anchor.row();
        m_offset = offset;
    }
    m_layoutAnchor = QPersistentModelIndex();
}

void VirtualListView::dataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight,
                                  const QList<int> &roles)
{
    if (!topLeft.isValid() || !bottomRight.isValid() || topLeft.parent() != rootIndex() ||
        m_inRemoval) {
        QAbstractItemView::dataChanged(topLeft, bottomRight, roles);
        return;
    }
    const int first = std::max(0, topLeft.row());
    const int last = std::min(bottomRight.row(), m_rows.size() - 1);
    const bool paintOnly =
        !roles.isEmpty() && std::all_of(roles.cbegin(), roles.cend(), [this](int role) {
            return m_paintOnlyRoles.contains(role);
        });
    if (paintOnly) {
        // only the rows on screen are repainted, whatever the range
        for (const Item &item : m_items)
            if (item.row >= first && item.row <= last)
                viewport()->update(QRect(0, item.top, viewport()->width(), item.height));
        return;
    }
    // the base repaints what changed with the geometry it had (it asks visualRect(): before the
    // rows are marked, so that nothing is measured before the delegate has heard of the change)
    QAbstractItemView::dataChanged(topLeft, bottomRight, roles);
    bool onScreen = false;
    for (const Item &item : m_items)
        onScreen = onScreen || (item.row >= first && item.row <= last);
    if (onScreen)
        pinStableRow();
    if (last - first + 1 > m_rows.size() / 2) {
        m_rows.forgetAll();
    } else {
        for (int row = first; row <= last; ++row)
            m_rows.set(row, -1);
    }
    // rows off screen are measured again when they come on screen
    if (onScreen) {
        m_dirty = true;
        viewport()->update();
    }
}

void VirtualListView::currentChanged(const QModelIndex &current, const QModelIndex &previous)
{
#if QT_CONFIG(accessibility)
    if (QAccessible::isActive() && current.isValid() && hasFocus()) {
        QAccessibleEvent event(this, QAccessible::Focus);
        event.setChild(current.row());
        QAccessible::updateAccessibility(&event);
    }
#endif
    QAbstractItemView::currentChanged(current, previous);
}

void VirtualListView::selectionChanged(const QItemSelection &selected,
                                       const QItemSelection &deselected)
{
#if QT_CONFIG(accessibility)
    if (QAccessible::isActive()) {
        if (const QModelIndex sel = selected.indexes().value(0); sel.isValid()) {
            QAccessibleEvent event(this, QAccessible::SelectionAdd);
            event.setChild(sel.row());
            QAccessible::updateAccessibility(&event);
        }
        if (const QModelIndex desel = deselected.indexes().value(0); desel.isValid()) {
            QAccessibleEvent event(this, QAccessible::SelectionRemove);
            event.setChild(desel.row());
            QAccessible::updateAccessibility(&event);
        }
    }
#endif
    QAbstractItemView::selectionChanged(selected, deselected);
}

} // namespace threadline::ui

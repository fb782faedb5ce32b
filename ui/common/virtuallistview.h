// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// VirtualListView: a list view whose cost is what is on screen, not what it holds
// (docs/design.md, "views that lay out only the rows on screen").
//
// QListView and QTreeView ask the delegate for every row's size whenever they lay out (a model
// reset, a page of rows arriving, a resize): thousands of sizeHint() calls for a long timeline.
// This view lays out only the rows that intersect the viewport, from an anchor: the row at the
// viewport's top and how far the viewport's top is below that row's top. Rows it has measured
// keep their height (until their data, the width or the font changes); rows it has not measured
// count as the average height of those it has, which is all the scroll bar needs:
//   - scrolling by pixels (wheel, arrows, a short drag) moves the anchor through the rows,
//     measuring each row as it comes on screen: exact, however wrong the estimates were;
//   - a long jump (dragging the scroll bar's thumb) goes to the row the estimates put there;
//   - Home / End / scrollTo() place the row exactly (End lays out the last rows from the bottom
//     up), and the scroll bar follows the anchor, never the other way round.
// Rows above the anchor that change height or arrive move nothing on screen; when rows on screen
// change height, the row under the mouse (else the current row, when on screen) stays where it
// is. At the very top, rows arriving on top are shown (a timeline's new posts).
//
// It stays a QListView (keyboard, selection, hover, tool tips, accessibility through
// QAccessibleList: visualRect/indexAt are this view's) over one flat list of rows under
// rootIndex(). A two-level tree is shown through a flattening proxy (models::FlatTreeProxy);
// setDepthRole() names the role that says a row's depth, and each level is indented by
// indentation() pixels. Roles that are painted but never change a row's height
// (setPaintOnlyRoles: a relative time) repaint their rows on screen and lay out nothing.
#pragma once

#include "common/rowheights.h"

#include <QListView>
#include <QPersistentModelIndex>

#include <optional>
#include <vector>

namespace threadline::ui {

class VirtualListView : public QListView
{
    Q_OBJECT
public:
    explicit VirtualListView(QWidget *parent = nullptr);

    void setModel(QAbstractItemModel *model) override;
    void setRootIndex(const QModelIndex &index) override;
    void reset() override;
    void doItemsLayout() override;

    [[nodiscard]] QRect visualRect(const QModelIndex &index) const override;
    [[nodiscard]] QModelIndex indexAt(const QPoint &point) const override;
    void scrollTo(const QModelIndex &index, ScrollHint hint = EnsureVisible) override;

    // Rows of depth d (the depth role's value) are indented by d × indentation() pixels.
    void setDepthRole(int role);
    void setIndentation(int pixels);
    [[nodiscard]] int indentation() const { return m_indentation; }
    // Roles that never change a row's height: their changes repaint and lay out nothing.
    void setPaintOnlyRoles(QList<int> roles) { m_paintOnlyRoles = std::move(roles); }
    // The height an unmeasured row counts as before any row was measured.
    void setDefaultRowHeight(int pixels) { m_defaultHeight = std::max(1, pixels); }

    // For benchmarks and tests: how many rows were measured (the delegate's sizeHint) since the
    // view was made, the rows laid out on screen now, and the height an unmeasured row counts as.
    [[nodiscard]] qint64 measureCalls() const { return m_measureCalls; }
    [[nodiscard]] int rowsOnScreen() const;
    [[nodiscard]] int rowEstimate() const;
    // The first and last rows on screen (-1 when none).
    [[nodiscard]] int firstRowOnScreen() const;
    [[nodiscard]] int lastRowOnScreen() const;

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    bool viewportEvent(QEvent *event) override;
    void changeEvent(QEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;
    void updateGeometries() override;
    [[nodiscard]] QModelIndex moveCursor(CursorAction cursorAction,
                                         Qt::KeyboardModifiers modifiers) override;
    [[nodiscard]] int horizontalOffset() const override { return 0; }
    [[nodiscard]] int verticalOffset() const override;
    [[nodiscard]] bool isIndexHidden(const QModelIndex &) const override { return false; }
    void setSelection(const QRect &rect, QItemSelectionModel::SelectionFlags command) override;
    [[nodiscard]] QRegion visualRegionForSelection(const QItemSelection &selection) const override;
    void currentChanged(const QModelIndex &current, const QModelIndex &previous) override;
    void selectionChanged(const QItemSelection &selected,
                          const QItemSelection &deselected) override;

protected Q_SLOTS:
    void rowsInserted(const QModelIndex &parent, int start, int end) override;
    void rowsAboutToBeRemoved(const QModelIndex &parent, int start, int end) override;
    void dataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight,
                     const QList<int> &roles = QList<int>()) override;

private:
    struct Item
    {
        int row = 0;
        int top = 0; // viewport coordinates
        int height = 0;
    };

    void onRowsRemoved(const QModelIndex &parent, int start, int end);
    void onLayoutAboutToBeChanged();
    void onLayoutChanged();
    void resetRows();
    // Lays out the rows on screen when something changed since the last time.
    void ensureLayout() const;
    void layoutNow();
    // The row's height, measured now when it is not known.
    int heightOf(int row);
    [[nodiscard]] int indentOf(const QModelIndex &index) const;
    [[nodiscard]] int estimate() const;
    // The rows on screen after a change of their heights: the row under the mouse (else the
    // current row) is pinned where it is now.
    void pinStableRow();
    void invalidateLayout();
    void syncScrollBar();
    [[nodiscard]] const Item *itemOf(int row) const;
    [[nodiscard]] QModelIndex indexOfRow(int row) const;

    RowHeights m_rows;
    int m_anchor = 0;          // the row at the viewport's top
    int m_offset = 0;          // how far the viewport's top is below the anchor's top (≥ 0)
    std::vector<Item> m_items; // the rows on screen, top to bottom
    bool m_dirty = true;
    bool m_inRemoval = false; // between rowsAboutToBeRemoved and rowsRemoved
    bool m_syncing = false;   // the scroll bar is being set from the anchor
    int m_lastValue = 0;      // the scroll bar's value as this view last saw it
    int m_scrollAction = 0;   // the scroll bar's action behind the next value (a step, a page)
    int m_width = -1;         // the width the measured heights are for
    struct Pin
    {
        QPersistentModelIndex index;
        int top = 0;
    };
    std::optional<Pin> m_pin;
    QPersistentModelIndex m_layoutAnchor; // across layoutChanged
    QPersistentModelIndex m_hover;
    QPoint m_mouse{-1, -1}; // the mouse in viewport coordinates, while it is over the viewport
    int m_depthRole = -1;
    int m_indentation = 0;
    int m_defaultHeight = 120;
    QList<int> m_paintOnlyRoles;
    qint64 m_measureCalls = 0;
};

} // namespace threadline::ui

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// RowHeights: the heights of a VirtualListView's rows and where each row is, estimated for the
// rows not measured yet (the view's layout arithmetic, apart from the widget).
#pragma once

#include <QtGlobal>

#include <utility>
#include <vector>

namespace threadline::ui {

// The heights of a list's rows, measured or not, with their prefix sums (a Fenwick tree over the
// measured heights and over how many are measured): the estimated top of any row and the row at
// any estimated y in O(log n), an unmeasured row counting as `estimate` pixels.
class RowHeights
{
public:
    void reset(int rows);
    [[nodiscard]] int size() const { return int(m_heights.size()) + m_pendingRows; }
    // The row's measured height, or -1.
    [[nodiscard]] int height(int row) const
    {
        settle();
        return m_heights[size_t(row)];
    }
    void set(int row, int height); // -1: not measured any more
    // Unmeasured rows. Insertions are kept until the heights are next read and then applied
    // together (a model that inserts a floor's rows one floor at a time costs one pass, not one
    // a floor); past kMaxPendingInsertions every height is forgotten instead.
    void insert(int at, int count);
    void remove(int at, int count);
    void forgetAll(); // every row unmeasured (a new width or font)

    // The estimated top of `row` (0 … size(): size() gives the total height).
    [[nodiscard]] qint64 top(int row, int estimate) const;
    // The row whose estimated extent holds y (clamped to 0 … size() - 1; -1 when empty).
    [[nodiscard]] int rowAt(qint64 y, int estimate) const;
    [[nodiscard]] int measuredRows() const
    {
        settle();
        return m_count;
    }
    [[nodiscard]] qint64 measuredHeight() const
    {
        settle();
        return m_sum;
    }

    static constexpr int kMaxPendingInsertions = 16;

private:
    void settle() const;
    void rebuild() const;
    void add(int row, int dh, int dc);

    mutable std::vector<int> m_heights;    // -1: not measured
    mutable std::vector<qint64> m_treeSum; // Fenwick, 1-based: measured heights
    mutable std::vector<int> m_treeCount;  // Fenwick, 1-based: measured rows
    mutable qint64 m_sum = 0;
    mutable int m_count = 0;
    mutable std::vector<std::pair<int, int>> m_pending; // insertions (at, count) not applied yet
    mutable int m_pendingRows = 0;
};

} // namespace threadline::ui

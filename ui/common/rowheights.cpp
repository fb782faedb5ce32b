// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/rowheights.h"

#include <algorithm>
#include <limits>

namespace threadline::ui {

// --- RowHeights ---------------------------------------------------------------------------------

void RowHeights::reset(int rows)
{
    m_pending.clear();
    m_pendingRows = 0;
    m_heights.assign(size_t(std::max(0, rows)), -1);
    rebuild();
}

void RowHeights::settle() const
{
    if (m_pending.empty())
        return;
    if (int(m_pending.size()) > kMaxPendingInsertions) {
        // many small insertions (a page of floors, each with its replies): one pass, the
        // measured heights forgotten (the rows on screen are measured again)
        m_heights.assign(m_heights.size() + size_t(m_pendingRows), -1);
    } else {
        for (const auto &[at, count] : m_pending)
            m_heights.insert(m_heights.begin() + std::clamp<qsizetype>(at, 0, m_heights.size()),
                             size_t(count), -1);
    }
    m_pending.clear();
    m_pendingRows = 0;
    rebuild();
}

void RowHeights::rebuild() const
{
    const size_t n = m_heights.size();
    m_treeSum.assign(n + 1, 0);
    m_treeCount.assign(n + 1, 0);
    m_sum = 0;
    m_count = 0;
    for (size_t i = 1; i <= n; ++i) {
        const int h = m_heights[i - 1];
        if (h >= 0) {
            m_treeSum[i] += h;
            m_treeCount[i] += 1;
            m_sum += h;
            ++m_count;
        }
        // linear construction: each node passes its total to its parent
        if (const size_t parent = i + (i & (~i + 1)); parent <= n) {
            m_treeSum[parent] += m_treeSum[i];
            m_treeCount[parent] += m_treeCount[i];
        }
    }
}

void RowHeights::add(int row, int dh, int dc)
{
    const size_t n = m_heights.size();
    for (size_t i = size_t(row) + 1; i <= n; i += i & (~i + 1)) {
        m_treeSum[i] += dh;
        m_treeCount[i] += dc;
    }
    m_sum += dh;
    m_count += dc;
}

void RowHeights::set(int row, int height)
{
    settle();
    const int old = m_heights[size_t(row)];
    if (old == height)
        return;
    m_heights[size_t(row)] = height;
    add(row, std::max(height, 0) - std::max(old, 0), (height >= 0 ? 1 : 0) - (old >= 0 ? 1 : 0));
}

void RowHeights::insert(int at, int count)
{
    if (count <= 0)
        return;
    m_pending.emplace_back(at, count);
    m_pendingRows += count;
}

void RowHeights::remove(int at, int count)
{
    settle();
    count = std::min(count, size() - at);
    if (count <= 0 || at < 0)
        return;
    m_heights.erase(m_heights.begin() + at, m_heights.begin() + at + count);
    rebuild();
}

void RowHeights::forgetAll()
{
    settle();
    std::fill(m_heights.begin(), m_heights.end(), -1);
    std::fill(m_treeSum.begin(), m_treeSum.end(), 0);
    std::fill(m_treeCount.begin(), m_treeCount.end(), 0);
    m_sum = 0;
    m_count = 0;
}

qint64 RowHeights::top(int row, int estimate) const
{
    settle();
    row = std::clamp(row, 0, int(m_heights.size()));
    qint64 sum = 0;
    qint64 count = 0;
    for (size_t i = size_t(row); i > 0; i -= i & (~i + 1)) {
        sum += m_treeSum[i];
        count += m_treeCount[i];
    }
    return sum + (row - count) * estimate;
}

int RowHeights::rowAt(qint64 y, int estimate) const
{
    settle();
    const size_t n = m_heights.size();
    if (n == 0)
        return -1;
    if (y <= 0)
        return 0;
    // the last prefix (pos rows) whose extent is ≤ y: the row at y is row pos
    size_t pos = 0;
    qint64 acc = 0;
    size_t step = 1;
    while (step * 2 <= n)
        step *= 2;
    for (; step > 0; step /= 2) {
        const size_t next = pos + step;
        if (next > n)
            continue;
        const qint64 value = m_treeSum[next] + qint64(step - size_t(m_treeCount[next])) * estimate;
        if (acc + value <= y) {
            pos = next;
            acc += value;
        }
    }
    return int(std::min(pos, n - 1));
}

} // namespace threadline::ui

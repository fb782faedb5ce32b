// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "thread/flattreeproxy.h"

#include "common/rolenames.h"

#include <algorithm>

namespace threadline::models {

FlatTreeProxy::FlatTreeProxy(QObject *parent)
    : QAbstractProxyModel(parent)
{
}

void FlatTreeProxy::setSourceModel(QAbstractItemModel *source)
{
    beginResetModel();
    for (const auto &c : std::as_const(m_connections))
        disconnect(c);
    m_connections.clear();
    QAbstractProxyModel::setSourceModel(source);
    if (source) {
        const auto reset = [this] {
            beginResetModel();
            rebuild();
            endResetModel();
        };
        m_connections << connect(source, &QAbstractItemModel::rowsAboutToBeInserted, this,
                                 &FlatTreeProxy::onRowsAboutToBeInserted)
                      << connect(source, &QAbstractItemModel::rowsInserted, this,
                                 &FlatTreeProxy::onRowsInserted)
                      << connect(source, &QAbstractItemModel::rowsAboutToBeRemoved, this,
                                 &FlatTreeProxy::onRowsAboutToBeRemoved)
                      << connect(source, &QAbstractItemModel::rowsRemoved, this,
                                 &FlatTreeProxy::onRowsRemoved)
                      << connect(source, &QAbstractItemModel::dataChanged, this,
                                 &FlatTreeProxy::onDataChanged)
                      << connect(source, &QAbstractItemModel::modelAboutToBeReset, this,
                                 [this] { beginResetModel(); })
                      << connect(source, &QAbstractItemModel::modelReset, this,
                                 [this] {
                                     rebuild();
                                     endResetModel();
                                 })
                      // rare enough (CommentTreeModel never moves rows) to be a reset
                      << connect(source, &QAbstractItemModel::layoutChanged, this, reset)
                      << connect(source, &QAbstractItemModel::rowsMoved, this, reset)
                      << connect(source, &QAbstractItemModel::headerDataChanged, this,
                                 &QAbstractItemModel::headerDataChanged);
    }
    rebuild();
    endResetModel();
}

void FlatTreeProxy::rebuild()
{
    m_start.assign(1, 0);
    QAbstractItemModel *source = sourceModel();
    if (!source)
        return;
    const int top = source->rowCount();
    m_start.reserve(size_t(top) + 1);
    int flat = 0; // m_start[r + 1] - m_start[r]: row r and its children
    for (int r = 0; r < top; ++r) {
        flat += 1 + source->rowCount(source->index(r, 0));
        m_start.push_back(flat);
    }
}

int FlatTreeProxy::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_start.back();
}

int FlatTreeProxy::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : 1;
}

bool FlatTreeProxy::hasChildren(const QModelIndex &parent) const
{
    return !parent.isValid() && m_start.back() > 0;
}

QModelIndex FlatTreeProxy::index(int row, int column, const QModelIndex &parent) const
{
    if (parent.isValid() || column != 0 || row < 0 || row >= m_start.back())
        return {};
    return createIndex(row, column);
}

QModelIndex FlatTreeProxy::sibling(int row, int column, const QModelIndex &index) const
{
    return this->index(row, column, index.parent());
}

int FlatTreeProxy::topRowOf(int row) const
{
    const auto it = std::upper_bound(m_start.cbegin(), m_start.cend() - 1, row);
    return int(it - m_start.cbegin()) - 1;
}

bool FlatTreeProxy::isTopLevel(const QModelIndex &parent) const
{
    return parent.isValid() && parent.model() == sourceModel() && !parent.parent().isValid() &&
           parent.column() == 0 && parent.row() < int(m_start.size()) - 1;
}

QModelIndex FlatTreeProxy::mapToSource(const QModelIndex &proxyIndex) const
{
    QAbstractItemModel *source = sourceModel();
    if (!source || !proxyIndex.isValid() || proxyIndex.model() != this)
        return {};
    const int row = proxyIndex.row();
    if (row >= m_start.back())
        return {};
    const int top = topRowOf(row);
    const int sourceTop = top >= m_topShift.from && m_topShift.by > 0 ? top + m_topShift.by : top;
    const QModelIndex parent = source->index(sourceTop, 0);
    if (row == m_start[size_t(top)])
        return parent;
    return source->index(row - m_start[size_t(top)] - 1, 0, parent);
}

QModelIndex FlatTreeProxy::mapFromSource(const QModelIndex &sourceIndex) const
{
    if (!sourceIndex.isValid() || sourceIndex.model() != sourceModel() || sourceIndex.column() != 0)
        return {};
    const QModelIndex parent = sourceIndex.parent();
    if (!parent.isValid()) {
        if (sourceIndex.row() >= int(m_start.size()) - 1)
            return {};
        return createIndex(m_start[size_t(sourceIndex.row())], 0);
    }
    if (!isTopLevel(parent))
        return {};
    const int row = m_start[size_t(parent.row())] + 1 + sourceIndex.row();
    if (row >= m_start[size_t(parent.row()) + 1])
        return {};
    return createIndex(row, 0);
}

QVariant FlatTreeProxy::data(const QModelIndex &index, int role) const
{
    if (role == DepthRole) {
        const QModelIndex source = mapToSource(index);
        return source.isValid() ? QVariant(source.parent().isValid() ? 1 : 0) : QVariant();
    }
    return QAbstractProxyModel::data(index, role);
}

QHash<int, QByteArray> FlatTreeProxy::roleNames() const
{
    return roleNamesOf<Role>(QAbstractProxyModel::roleNames());
}

void FlatTreeProxy::shiftFrom(int topRow, int delta)
{
    for (size_t r = size_t(topRow); r < m_start.size(); ++r)
        m_start[r] += delta;
}

void FlatTreeProxy::onRowsAboutToBeInserted(const QModelIndex &parent, int first, int last)
{
    if (!parent.isValid() || !isTopLevel(parent))
        return; // top-level rows: said when their children are known (onRowsInserted)
    const int at = m_start[size_t(parent.row())] + 1 + first;
    beginInsertRows({}, at, at + last - first);
    m_inserting = true;
}

void FlatTreeProxy::onRowsInserted(const QModelIndex &parent, int first, int last)
{
    QAbstractItemModel *source = sourceModel();
    if (parent.isValid()) {
        if (!m_inserting)
            return; // grandchildren: not shown
        shiftFrom(parent.row() + 1, last - first + 1);
        m_inserting = false;
        endInsertRows();
        return;
    }
    // new top-level rows, with whatever children they came with
    std::vector<int> sizes;
    sizes.reserve(size_t(last - first + 1));
    int total = 0;
    for (int r = first; r <= last; ++r) {
        sizes.push_back(1 + source->rowCount(source->index(r, 0)));
        total += sizes.back();
    }
    const int at = m_start[size_t(first)];
    // between begin and end the list is still the old one: the source's rows from `first` on
    // are one place further down than m_start says (mapToSource compensates)
    m_topShift = {first, last - first + 1};
    beginInsertRows({}, at, at + total - 1);
    m_topShift = {};
    std::vector<int> starts;
    starts.reserve(sizes.size());
    int flat = at;
    for (const int size : sizes) {
        starts.push_back(flat);
        flat += size;
    }
    m_start.insert(m_start.begin() + first, starts.cbegin(), starts.cend());
    shiftFrom(last + 1, total);
    endInsertRows();
}

void FlatTreeProxy::onRowsAboutToBeRemoved(const QModelIndex &parent, int first, int last)
{
    if (parent.isValid()) {
        if (!isTopLevel(parent))
            return;
        const int at = m_start[size_t(parent.row())] + 1 + first;
        beginRemoveRows({}, at, at + last - first);
        return;
    }
    beginRemoveRows({}, m_start[size_t(first)], m_start[size_t(last) + 1] - 1);
}

void FlatTreeProxy::onRowsRemoved(const QModelIndex &parent, int first, int last)
{
    if (parent.isValid()) {
        if (!isTopLevel(parent))
            return;
        shiftFrom(parent.row() + 1, -(last - first + 1));
        endRemoveRows();
        return;
    }
    const int removed = m_start[size_t(last) + 1] - m_start[size_t(first)];
    m_start.erase(m_start.begin() + first, m_start.begin() + last + 1);
    shiftFrom(first, -removed);
    endRemoveRows();
}

void FlatTreeProxy::onDataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight,
                                  const QList<int> &roles)
{
    if (!topLeft.isValid() || !bottomRight.isValid())
        return;
    const QModelIndex parent = topLeft.parent();
    if (parent.isValid()) { // children: one contiguous range of flat rows
        const QModelIndex a = mapFromSource(topLeft.siblingAtColumn(0));
        const QModelIndex b = mapFromSource(bottomRight.siblingAtColumn(0));
        if (a.isValid() && b.isValid())
            Q_EMIT dataChanged(a, b, roles);
        return;
    }
    // top-level rows are apart (their children between them): one signal each
    for (int r = topLeft.row(); r <= bottomRight.row(); ++r) {
        const QModelIndex a = mapFromSource(sourceModel()->index(r, 0));
        if (a.isValid())
            Q_EMIT dataChanged(a, a, roles);
    }
}

} // namespace threadline::models

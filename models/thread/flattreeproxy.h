// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// FlatTreeProxy: a two-level tree (top-level rows and their children, as CommentTreeModel's
// floors and replies) as one flat list, every top-level row followed by its children — what
// ui::VirtualListView shows (it lays out only the rows on screen, so a thread's cost does not grow
// with its length). Grandchildren are not shown.
//
//   FlatTreeProxy flat;
//   flat.setSourceModel(&commentTree);
//   view.setModel(&flat);
//   view.setDepthRole(FlatTreeProxy::DepthRole);   // a child row is indented
//
// The source's changes come out as the same changes of the flat list, in place: children
// arriving under a row are rows inserted after it (a floor's 1,000 replies expanding are one
// insertion), a top-level row removed takes its children with it. The position of every
// top-level row is kept in an array, so mapping either way costs O(log n) and a change costs a
// shift of the rows after it (no reset, persistent indexes stay valid). A reset or a layout
// change of the source resets the list. The source is never asked to fetch more (the view's
// owner decides when: canFetchMore() is false).
#pragma once

#include <QAbstractProxyModel>
#include <QList>

#include <vector>

namespace threadline::models {

class FlatTreeProxy : public QAbstractProxyModel
{
    Q_OBJECT
public:
    enum Role {
        DepthRole = Qt::UserRole + 1000, // int: 0 for a top-level row, 1 for a child
    };
    Q_ENUM(Role)

    explicit FlatTreeProxy(QObject *parent = nullptr);

    void setSourceModel(QAbstractItemModel *source) override;

    [[nodiscard]] QModelIndex index(int row, int column,
                                    const QModelIndex &parent = {}) const override;
    [[nodiscard]] QModelIndex parent(const QModelIndex &) const override { return {}; }
    [[nodiscard]] QModelIndex sibling(int row, int column, const QModelIndex &index) const override;
    [[nodiscard]] int rowCount(const QModelIndex &parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex &parent = {}) const override;
    [[nodiscard]] bool hasChildren(const QModelIndex &parent = {}) const override;
    [[nodiscard]] QModelIndex mapToSource(const QModelIndex &proxyIndex) const override;
    [[nodiscard]] QModelIndex mapFromSource(const QModelIndex &sourceIndex) const override;
    [[nodiscard]] QVariant data(const QModelIndex &index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;
    [[nodiscard]] bool canFetchMore(const QModelIndex &) const override { return false; }
    void fetchMore(const QModelIndex &) override {}

private:
    void rebuild();
    void onRowsAboutToBeInserted(const QModelIndex &parent, int first, int last);
    void onRowsInserted(const QModelIndex &parent, int first, int last);
    void onRowsAboutToBeRemoved(const QModelIndex &parent, int first, int last);
    void onRowsRemoved(const QModelIndex &parent, int first, int last);
    void onDataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight,
                       const QList<int> &roles);
    // The top-level row holding flat row `row`.
    [[nodiscard]] int topRowOf(int row) const;
    // Is `parent` a top-level row of the source (its children are shown)?
    [[nodiscard]] bool isTopLevel(const QModelIndex &parent) const;
    void shiftFrom(int topRow, int delta);

    // m_start[r]: the flat row of top-level row r; m_start.back(): the number of flat rows
    std::vector<int> m_start{0};
    QList<QMetaObject::Connection> m_connections;
    bool m_inserting = false; // a begin…Insert…Rows of ours is open
    struct Shift
    {
        int from = 0;
        int by = 0;
    };
    Shift m_topShift; // while top-level rows are being said: where the source is ahead of us
};

} // namespace threadline::models

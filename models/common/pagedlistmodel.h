// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A list model paged by an opaque cursor (the REST contract's `{"items","next"}` lists, paged
// with `before`): the rows, each item once (by a key: an id, a liker's uid), the cursor of the
// page after the last one loaded, and fetchMore() asking for that page once until it is answered.
// A PagedFeed (pagedfeed.h) loads it; a model adds its roles and what else it does.
//
//   class LogModel : public PagedListModel<core::LogEntry> { Q_OBJECT … data(), roleNames() };
//   model.replaceAll(page.items, page.next);  // a first page (a refresh): one reset
//   // a view scrolls down: fetchMore() → moreRequested(cursor), once
//   model.appendPage(page.items, page.next);  // items already listed are skipped
//   model.pageFailed();                       // or: the cursor stays, fetchMore() may ask again
//
// Q_OBJECT cannot be on a template: the signal and the cursor live in PagedListModelBase, the
// items in the thin typed PagedListModel<Item> on top.
#pragma once

#include <QAbstractListModel>
#include <QHash>
#include <QList>
#include <QSet>
#include <QString>

#include <algorithm>
#include <optional>

namespace threadline::models {

class PagedListModelBase : public QAbstractListModel
{
    Q_OBJECT
public:
    // The page after the last loaded one; fetchMore() is possible while it is set.
    [[nodiscard]] std::optional<QString> nextCursor() const { return m_next; }
    // fetchMore() asked for the next page and it is not answered yet.
    [[nodiscard]] bool isFetchingMore() const { return m_fetching; }
    // The owner could not load the page fetchMore() asked for: the cursor stays, and
    // fetchMore() may ask again.
    void pageFailed() { m_fetching = false; }

    [[nodiscard]] bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

Q_SIGNALS:
    // fetchMore(): the owner loads the page after `cursor` and calls appendPage(); once a page.
    void moreRequested(const QString &cursor);

protected:
    using QAbstractListModel::QAbstractListModel;
    // A page is in (or everything was replaced): `next` follows it, and the fetch is over.
    void setNextCursor(const std::optional<QString> &next);

private:
    std::optional<QString> m_next;
    bool m_fetching = false;
};

template<class T> class PagedListModel : public PagedListModelBase
{
public:
    using Item = T;
    // What makes an item the same item on another page (default: its `id`).
    using KeyOf = qint64 (*)(const T &);

    // Everything replaced by a first page (a refresh): one reset; an item listed twice is
    // listed once.
    void replaceAll(const QList<T> &items, const std::optional<QString> &next)
    {
        beginResetModel();
        m_items.clear();
        m_rowOf.clear();
        for (const T &item : items) {
            if (m_rowOf.contains(m_keyOf(item)))
                continue;
            m_rowOf.insert(m_keyOf(item), int(m_items.size()));
            m_items.append(item);
        }
        setNextCursor(next);
        endResetModel();
    }
    // A page loaded further down (after fetchMore()); items already listed are skipped. Ends
    // the fetch.
    void appendPage(const QList<T> &items, const std::optional<QString> &next)
    {
        setNextCursor(next); // first: a view may ask for the next page inside rowsInserted
        insertItems(int(m_items.size()), items);
    }
    // Removes every row and the cursor (a reset).
    void clear()
    {
        beginResetModel();
        m_items.clear();
        m_rowOf.clear();
        setNextCursor(std::nullopt);
        endResetModel();
    }

    // The row of the item with this key, -1 when none is listed.
    [[nodiscard]] int rowOf(qint64 key) const { return m_rowOf.value(key, -1); }
    [[nodiscard]] bool contains(qint64 key) const { return m_rowOf.contains(key); }

    [[nodiscard]] int rowCount(const QModelIndex &parent = {}) const override
    {
        return parent.isValid() ? 0 : int(m_items.size());
    }

protected:
    explicit PagedListModel(QObject *parent = nullptr, KeyOf keyOf = &PagedListModel::idOf)
        : PagedListModelBase(parent)
        , m_keyOf(keyOf)
    {
    }

    [[nodiscard]] const QList<T> &items() const { return m_items; }
    [[nodiscard]] const T &at(int row) const { return m_items.at(row); }

    // Inserts the items not listed yet (each once) at `row`; rows are inserted only for a
    // non-empty batch. Returns how many were inserted.
    int insertItems(int row, const QList<T> &items)
    {
        QList<T> fresh;
        QSet<qint64> seen;
        for (const T &item : items) {
            const qint64 key = m_keyOf(item);
            if (m_rowOf.contains(key) || seen.contains(key))
                continue;
            seen.insert(key);
            fresh.append(item);
        }
        if (fresh.isEmpty())
            return 0;
        beginInsertRows({}, row, row + int(fresh.size()) - 1);
        m_items.insert(row, fresh.size(), T{});
        std::copy(fresh.cbegin(), fresh.cend(), m_items.begin() + row);
        reindexFrom(row); // the lookup is part of the change: right inside rowsInserted too
        endInsertRows();
        return int(fresh.size());
    }
    void removeItemAt(int row)
    {
        beginRemoveRows({}, row, row);
        m_rowOf.remove(m_keyOf(m_items.at(row)));
        m_items.removeAt(row);
        reindexFrom(row);
        endRemoveRows();
    }
    // Moves a row so that it ends at index `to` (counted once it has left `from`).
    void moveItem(int from, int to)
    {
        if (from == to)
            return;
        beginMoveRows({}, from, from, {}, to > from ? to + 1 : to);
        m_items.move(from, to);
        reindexFrom(qMin(from, to));
        endMoveRows();
    }
    // The server's newer version of the item at `row` (the same key); the caller says which
    // roles changed.
    void replaceItemAt(int row, const T &item) { m_items[row] = item; }

private:
    static qint64 idOf(const T &item) { return item.id; }
    void reindexFrom(int row)
    {
        for (int i = row; i < int(m_items.size()); ++i)
            m_rowOf.insert(m_keyOf(m_items.at(i)), i);
    }

    KeyOf m_keyOf;
    QList<T> m_items;
    QHash<qint64, int> m_rowOf;
};

} // namespace threadline::models

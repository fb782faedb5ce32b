// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// LayoutCache: the one policy by which the delegates keep the layouts they computed
// (docs/design.md, "Delegates": text layouts cached per row, keyed by width and font; "Every cost
// is bounded by what is shown"). PostDelegate keeps its cards in one, CommentDelegate its
// comments' text blocks, QueueCardDelegate its cards' content lines, ActivityDelegate its rows.
//
//   mutable LayoutCache<qint64, Block> m_blocks;            // by row key: a post / comment id
//   m_blocks.watch(model, [](const QModelIndex &i) { return i.data(IdRole).toLongLong(); });
//   m_blocks.setGeneration(layoutGeneration(option, width)); // before every lookup
//   if (const Block *hit = m_blocks.find(id)) …  else m_blocks.emplace(id, …);
//
// - One generation: every entry was laid out for the same width, font and device pixel ratio;
//   a lookup for another one empties the cache first (a resize, a font or screen change).
// - Bounded in bytes: at most maxBytes() (kLayoutCacheBytes unless the owner says otherwise),
//   what layoutBytes() says each entry costs — its bytes() member (the layout with its heap:
//   strings, lists, text layouts; the bytesOf() helpers below), else its sizeof — and at most
//   limit() entries (kLayoutCacheLimit). Past either bound the least recently used goes. A few
//   screens of rows, however long the list is and however much text a row holds; bytes() says
//   what the entries take (the benchmarks print it).
// - Invalidated: watchWidget(view) empties it when the view's font, palette, style or language
//   changes; watch(model, keyOf) drops the entries of rows that change (dataChanged, except when
//   it names only roles that are painted, never laid out, such as a relative time), arrive or
//   leave, and everything on a reset.
// What an entry depends on besides its generation and its row (a comment's text, its strike-out)
// its delegate checks on the entry itself. A reference to an entry stays valid until the entry
// is dropped.
#pragma once

#include <QAbstractItemModel>
#include <QFont>
#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>
#include <QTextLayout>

#include <algorithm>
#include <atomic>
#include <concepts>
#include <functional>
#include <list>
#include <memory>
#include <type_traits>
#include <unordered_map>
#include <utility>

class QStyleOptionViewItem;
class QWidget;

namespace threadline::ui {

// The bounds of every delegate's layout cache: in entries, and in bytes (a post card laid out
// for real is 3–12 KiB with its text layouts, a comment's block 1–4 KiB: 4 MiB hold about 330
// cards, dozens of screens; the views lay out only the rows on screen, so a few screens is all
// that is ever reused).
inline constexpr qsizetype kLayoutCacheLimit = 2000;
inline constexpr qsizetype kLayoutCacheBytes = 4 * 1024 * 1024;

// Approximate heap bytes of what a layout holds, for the layouts' bytes() members (their own
// sizeof comes on top). Shared data is counted as if owned: an upper bound.
[[nodiscard]] inline qsizetype bytesOf(const QString &s)
{
    return s.isNull() ? 0 : 16 + 2 * s.capacity();
}
// A laid-out QTextLayout: its engine, the text and per character the shaped glyphs, cluster and
// script data (measured with mallinfo2 on Qt 6.4: 700 bytes and about 40 a character, lines
// besides; bench_memory prints the check).
[[nodiscard]] inline qsizetype bytesOf(const QTextLayout &layout)
{
    return 720 + 40 * layout.text().size() + 48 * layout.lineCount();
}
[[nodiscard]] inline qsizetype bytesOf(const std::shared_ptr<QTextLayout> &layout)
{
    return layout ? 16 + qsizetype(sizeof(QTextLayout)) + bytesOf(*layout) : 0;
}
// A list: its buffer, and what each item holds when bytesOf() knows the item's type (strings,
// text layouts, lists of those).
template<class T> [[nodiscard]] qsizetype bytesOf(const QList<T> &list)
{
    qsizetype bytes = list.capacity() == 0 ? 0 : 16 + list.capacity() * qsizetype(sizeof(T));
    if constexpr (requires(const T &item) { bytesOf(item); }) {
        for (const T &item : list)
            bytes += bytesOf(item);
    }
    return bytes;
}

// What `layout` costs in a LayoutCache: its bytes() member when it has one, else its sizeof.
// An overload layoutBytes(const YourLayout &) beside the type (found by argument-dependent
// lookup) wins over both.
template<class Layout> [[nodiscard]] qsizetype layoutBytes(const Layout &layout)
{
    if constexpr (requires {
                      {
                          layout.bytes()
                          } -> std::convertible_to<qsizetype>;
                  })
        return layout.bytes();
    else
        return qsizetype(sizeof(Layout));
}

// What every entry of a cache was laid out for.
struct LayoutGeneration
{
    int width = 0;
    QFont font;
    qreal devicePixelRatio = 1.0;

    friend bool operator==(const LayoutGeneration &, const LayoutGeneration &) = default;
};

// The generation of a row laid out `width` wide in option.font, on option.widget's screen.
[[nodiscard]] LayoutGeneration layoutGeneration(const QStyleOptionViewItem &option, int width);

// Which of a model's changes LayoutCache::watch follows.
enum class LayoutChanges {
    All,  // dataChanged (but for layout-free roles), rows inserted or removed, a reset
    Rows, // rows inserted or removed, a reset: the owner follows dataChanged itself
    // dataChanged (but for layout-free roles) and a reset only: for entries that check what
    // they depend on themselves (a comment's text block holds its text), so that a row
    // arriving or leaving costs no lookup and the rows on screen keep their layouts
    Data,
};

namespace detail {

inline std::atomic<qsizetype> g_layoutCacheBytes{0}; // every LayoutCache's bytes()

// The QObject side of a LayoutCache (a template cannot be one): the context of its model
// connections and the event filter on its view.
class LayoutCacheWatcher : public QObject
{
    Q_OBJECT
public:
    explicit LayoutCacheWatcher(std::function<void()> clear);

    void watchWidget(QWidget *widget);
    void setModelConnections(QList<QMetaObject::Connection> connections);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    std::function<void()> m_clear;
    QPointer<QWidget> m_widget;
    QList<QMetaObject::Connection> m_connections;
};

} // namespace detail

// What every LayoutCache of the process holds, in bytes (the benchmarks print it).
[[nodiscard]] inline qsizetype allLayoutCacheBytes()
{
    return detail::g_layoutCacheBytes.load(std::memory_order_relaxed);
}

template<class Key, class Layout> class LayoutCache
{
public:
    // At most `limit` entries and `maxBytes` bytes (layoutBytes() of each entry).
    explicit LayoutCache(qsizetype limit = kLayoutCacheLimit,
                         qsizetype maxBytes = kLayoutCacheBytes)
        : m_limit(limit)
        , m_maxBytes(maxBytes)
    {
    }
    ~LayoutCache() { count(-m_bytes); }
    LayoutCache(const LayoutCache &) = delete;
    LayoutCache &operator=(const LayoutCache &) = delete;

    // Makes `generation` the current one: the entries of another are dropped.
    void setGeneration(const LayoutGeneration &generation)
    {
        if (generation == m_generation)
            return;
        clear();
        m_generation = generation;
    }
    [[nodiscard]] const LayoutGeneration &generation() const { return m_generation; }

    // The entry of `key` (the most recently used from now on), or null.
    [[nodiscard]] Layout *find(const Key &key) const
    {
        const auto it = m_entries.find(key);
        if (it == m_entries.end())
            return nullptr;
        m_order.splice(m_order.begin(), m_order, it->second.use); // most recently used
        return it->second.layout.get();
    }
    [[nodiscard]] bool contains(const Key &key) const { return m_entries.count(key) != 0; }
    // Stores a layout made from `args` for `key`, replacing the one it had; past either bound
    // the least recently used entries go (never the one just stored). Its bytes are counted
    // once, here: an owner that grows an entry later stores it again.
    template<class... Args> Layout &emplace(const Key &key, Args &&...args)
    {
        auto layout = std::make_unique<Layout>(std::forward<Args>(args)...);
        Layout &stored = *layout;
        remove(key);
        const qsizetype bytes = layoutBytes(stored);
        m_order.push_front(key);
        m_entries.emplace(key, Entry{std::move(layout), bytes, m_order.begin()});
        m_bytes += bytes;
        count(bytes);
        trim();
        return stored;
    }
    // The entry of `key`, out of the cache; null when there is none.
    [[nodiscard]] std::unique_ptr<Layout> take(const Key &key)
    {
        const auto it = m_entries.find(key);
        if (it == m_entries.end())
            return nullptr;
        std::unique_ptr<Layout> layout = std::move(it->second.layout);
        erase(it);
        return layout;
    }
    void remove(const Key &key)
    {
        if (const auto it = m_entries.find(key); it != m_entries.end())
            erase(it);
    }
    void clear()
    {
        m_entries.clear();
        m_order.clear();
        count(-m_bytes);
        m_bytes = 0;
    }

    [[nodiscard]] qsizetype size() const { return qsizetype(m_entries.size()); }
    // The bound in entries.
    [[nodiscard]] qsizetype limit() const { return m_limit; }
    // A new bound in entries; past it the least recently used entries go at once.
    void setLimit(qsizetype limit)
    {
        m_limit = limit;
        trim();
    }
    // What the entries take, in bytes (the sum of their layoutBytes() when stored).
    [[nodiscard]] qsizetype bytes() const { return m_bytes; }
    // The bound in bytes.
    [[nodiscard]] qsizetype maxBytes() const { return m_maxBytes; }
    // A new bound in bytes; past it the least recently used entries go at once.
    void setMaxBytes(qsizetype maxBytes)
    {
        m_maxBytes = maxBytes;
        trim();
    }

    // Empties the cache when the widget's font, palette, style or language changes (one
    // widget at a time: the delegate's view).
    void watchWidget(QWidget *widget) { watcher().watchWidget(widget); }

    // Follows `model` (one at a time; null: none): keyOf(index) is the key of a row.
    // `layoutFreeRoles`: roles that are painted, never laid out; a dataChanged naming only
    // those keeps the entries.
    template<class KeyOf>
    void watch(QAbstractItemModel *model, KeyOf keyOf, QList<int> layoutFreeRoles = {},
               LayoutChanges changes = LayoutChanges::All)
    {
        QList<QMetaObject::Connection> c;
        if (model) {
            detail::LayoutCacheWatcher *context = &watcher();
            // A row's key can cost a lookup (a comment read from the store): more rows than
            // entries are cheaper forgotten all at once (the rows on screen are laid out again),
            // and an empty cache has nothing to forget.
            const auto forget = [this, model, keyOf](const QModelIndex &parent, int first,
                                                     int last) {
                if (size() == 0)
                    return;
                if (last - first + 1 > size()) {
                    clear();
                    return;
                }
                for (int row = first; row <= last; ++row)
                    remove(keyOf(model->index(row, 0, parent)));
            };
            if (changes != LayoutChanges::Rows)
                c << QObject::connect(
                    model, &QAbstractItemModel::dataChanged, context,
                    [forget, freeRoles = std::move(layoutFreeRoles)](const QModelIndex &topLeft,
                                                                     const QModelIndex &bottomRight,
                                                                     const QList<int> &roles) {
                        if (!topLeft.isValid() || !bottomRight.isValid())
                            return;
                        if (!roles.isEmpty() &&
                            std::all_of(roles.cbegin(), roles.cend(),
                                        [&](int role) { return freeRoles.contains(role); }))
                            return;
                        forget(topLeft.parent(), topLeft.row(), bottomRight.row());
                    });
            if (changes != LayoutChanges::Data) {
                c << QObject::connect(model, &QAbstractItemModel::rowsAboutToBeRemoved, context,
                                      forget);
                // a row that comes back may have changed meanwhile
                c << QObject::connect(model, &QAbstractItemModel::rowsInserted, context, forget);
            }
            c << QObject::connect(model, &QAbstractItemModel::modelReset, context,
                                  [this] { clear(); });
        }
        watcher().setModelConnections(std::move(c));
    }

private:
    detail::LayoutCacheWatcher &watcher()
    {
        if (!m_watcher)
            m_watcher = std::make_unique<detail::LayoutCacheWatcher>([this] { clear(); });
        return *m_watcher;
    }

    struct Entry
    {
        std::unique_ptr<Layout> layout;
        qsizetype bytes = 0;
        typename std::list<Key>::iterator use; // its place in m_order
    };
    struct Hash
    {
        size_t operator()(const Key &key) const { return size_t(qHash(key)); }
    };
    using Entries = std::unordered_map<Key, Entry, Hash>;

    void erase(typename Entries::iterator it)
    {
        m_bytes -= it->second.bytes;
        count(-it->second.bytes);
        m_order.erase(it->second.use);
        m_entries.erase(it);
    }
    static void count(qsizetype bytes)
    {
        detail::g_layoutCacheBytes.fetch_add(bytes, std::memory_order_relaxed);
    }
    // Least recently used out first, down to both bounds; the most recent entry stays (the
    // one emplace() just returned a reference to), even alone over the bounds.
    void trim()
    {
        while (m_entries.size() > 1 &&
               (qsizetype(m_entries.size()) > m_limit || m_bytes > m_maxBytes))
            erase(m_entries.find(m_order.back()));
    }

    Entries m_entries;
    mutable std::list<Key> m_order; // most recently used first
    qsizetype m_limit;
    qsizetype m_maxBytes;
    qsizetype m_bytes = 0;
    LayoutGeneration m_generation;
    std::unique_ptr<detail::LayoutCacheWatcher> m_watcher;
};

} // namespace threadline::ui

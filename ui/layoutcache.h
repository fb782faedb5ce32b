// LayoutCache: the one policy by which the delegates keep the layouts they computed
// (docs/design.md, "Delegates": text layouts cached per row, keyed by width and font; "Every cost
// is bounded by what is shown"). PostDelegate keeps its cards and its estimates in one each,
// CommentDelegate its comments' text blocks, QueueCardDelegate its cards' content lines.
//
//   mutable LayoutCache<qint64, Block> m_blocks;            // by row key: a post / comment id
//   m_blocks.watch(model, [](const QModelIndex &i) { return i.data(IdRole).toLongLong(); });
//   m_blocks.setGeneration(layoutGeneration(option, width)); // before every lookup
//   if (const Block *hit = m_blocks.find(id)) …  else m_blocks.emplace(id, …);
//
// - One generation: every entry was laid out for the same width, font and device pixel ratio;
//   a lookup for another one empties the cache first (a resize, a font or screen change).
// - Bounded: at most limit() entries, kLayoutCacheLimit (2,000) unless the owner says otherwise;
//   past it the least recently used goes (a QCache of cost 1 each). A few screens of rows,
//   however long the list is.
// - Invalidated: watchWidget(view) empties it when the view's font, palette, style or language
//   changes; watch(model, keyOf) drops the entries of rows that change (dataChanged, except when
//   it names only roles that are painted, never laid out, such as a relative time), arrive or
//   leave, and everything on a reset.
// What an entry depends on besides its generation and its row (a comment's text, its strike-out)
// its delegate checks on the entry itself. A reference to an entry stays valid until the entry
// is dropped.
#pragma once

#include <QAbstractItemModel>
#include <QCache>
#include <QFont>
#include <QList>
#include <QObject>
#include <QPointer>

#include <algorithm>
#include <functional>
#include <memory>
#include <utility>

class QStyleOptionViewItem;
class QWidget;

namespace threadline::ui {

// The bound of every delegate's layout cache, in entries.
inline constexpr qsizetype kLayoutCacheLimit = 2000;
// The one exception, for the post cards' estimates (rows measured without shaping text: a
// height and a few rectangles, no text layouts, about half a KiB each): the view asks every
// row's size whenever it lays out, so an evicted estimate is made again on every relayout —
// ten times the cost of a hit on a 10,000-post timeline. 20,000 keeps the longest timelines the
// benchmarks load whole (about 10 MB at most); past that, relayouts pay for the misses.
inline constexpr qsizetype kEstimateCacheLimit = 20000;

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
};

namespace detail {

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

template<class Key, class Layout> class LayoutCache
{
public:
    explicit LayoutCache(qsizetype limit = kLayoutCacheLimit)
        : m_entries(limit)
    {
    }
    LayoutCache(const LayoutCache &) = delete;
    LayoutCache &operator=(const LayoutCache &) = delete;

    // Makes `generation` the current one: the entries of another are dropped.
    void setGeneration(const LayoutGeneration &generation)
    {
        if (generation == m_generation)
            return;
        m_entries.clear();
        m_generation = generation;
    }
    [[nodiscard]] const LayoutGeneration &generation() const { return m_generation; }

    // The entry of `key` (the most recently used from now on), or null.
    [[nodiscard]] Layout *find(const Key &key) const { return m_entries.object(key); }
    [[nodiscard]] bool contains(const Key &key) const { return m_entries.contains(key); }
    // Stores a layout made from `args` for `key`, replacing the one it had; past the limit the
    // least recently used entry goes.
    template<class... Args> Layout &emplace(const Key &key, Args &&...args)
    {
        auto *layout = new Layout(std::forward<Args>(args)...);
        m_entries.insert(key, layout, 1);
        return *layout;
    }
    // The entry of `key`, out of the cache; null when there is none.
    [[nodiscard]] std::unique_ptr<Layout> take(const Key &key)
    {
        return std::unique_ptr<Layout>(m_entries.take(key));
    }
    void remove(const Key &key) { m_entries.remove(key); }
    void clear() { m_entries.clear(); }

    [[nodiscard]] qsizetype size() const { return m_entries.size(); }
    [[nodiscard]] qsizetype limit() const { return m_entries.maxCost(); }
    // A new bound; past it the least recently used entries go at once.
    void setLimit(qsizetype limit) { m_entries.setMaxCost(limit); }

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
            const auto forget = [this, model, keyOf](const QModelIndex &parent, int first,
                                                     int last) {
                for (int row = first; row <= last; ++row)
                    remove(keyOf(model->index(row, 0, parent)));
            };
            if (changes == LayoutChanges::All)
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
            c << QObject::connect(model, &QAbstractItemModel::rowsAboutToBeRemoved, context,
                                  forget);
            // a row that comes back may have changed meanwhile
            c << QObject::connect(model, &QAbstractItemModel::rowsInserted, context, forget);
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

    QCache<Key, Layout> m_entries;
    LayoutGeneration m_generation;
    std::unique_ptr<detail::LayoutCacheWatcher> m_watcher;
};

} // namespace threadline::ui

// tst_layoutcache: the delegates' one layout-cache policy (ui/layoutcache.h), offscreen — a hit
// returns the stored layout; inserting ten times the bound keeps at most the bound, the least
// recently used going first; another generation (width, font, device pixel ratio) empties it;
// the watched model's changed, inserted and removed rows drop their entries (roles that are only
// painted keep them), a reset drops all; the watched widget's font, palette and language
// changes empty it.

#include "layoutcache.h"

#include <QApplication>
#include <QEvent>
#include <QListView>
#include <QStandardItemModel>
#include <QStyleOptionViewItem>
#include <QTest>

using namespace threadline;
using ui::LayoutCache;
using ui::LayoutChanges;
using ui::LayoutGeneration;

namespace {

constexpr int kKeyRole = Qt::UserRole + 1;
constexpr int kPaintedRole = Qt::UserRole + 2; // painted, never laid out

struct Block
{
    int height = 0;
    QString text;
};

// A model of `rows` rows whose keys are 100, 101, …
std::unique_ptr<QStandardItemModel> keyedModel(int rows)
{
    auto model = std::make_unique<QStandardItemModel>();
    for (int row = 0; row < rows; ++row) {
        auto *item = new QStandardItem(QStringLiteral("row %1").arg(row));
        item->setData(qint64(100 + row), kKeyRole);
        model->appendRow(item);
    }
    return model;
}

qint64 keyOf(const QModelIndex &index)
{
    return index.data(kKeyRole).toLongLong();
}

// Fills keys 100 … 100 + n - 1.
void fill(LayoutCache<qint64, Block> &cache, int n)
{
    for (int i = 0; i < n; ++i)
        cache.emplace(100 + i, Block{i, {}});
}

} // namespace

class TstLayoutCache : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void hitReturnsTheStoredLayout()
    {
        LayoutCache<qint64, Block> cache;
        QCOMPARE(cache.limit(), ui::kLayoutCacheLimit);
        QVERIFY(!cache.find(7));
        Block &stored = cache.emplace(7, Block{42, QStringLiteral("seven")});
        const Block *hit = cache.find(7);
        QVERIFY(hit);
        QCOMPARE(hit, &stored); // the very entry, not a copy
        QCOMPARE(hit->height, 42);
        QCOMPARE(hit->text, QStringLiteral("seven"));
        // replaced by a new layout for the same key
        cache.emplace(7, Block{43, {}});
        QCOMPARE(cache.find(7)->height, 43);
        QCOMPARE(cache.size(), 1);
        const auto taken = cache.take(7);
        QVERIFY(taken);
        QCOMPARE(taken->height, 43);
        QVERIFY(!cache.contains(7));
    }

    void boundedByItsLimit()
    {
        LayoutCache<qint64, Block> cache;
        const int limit = int(cache.limit());
        fill(cache, 10 * limit);
        QCOMPARE(cache.size(), qsizetype(limit));
        // the newest are kept, the oldest went
        QVERIFY(cache.contains(100 + 10 * limit - 1));
        QVERIFY(cache.contains(100 + 9 * limit));
        QVERIFY(!cache.contains(100 + 9 * limit - 1));
        QVERIFY(!cache.contains(100));
    }

    void leastRecentlyUsedGoesFirst()
    {
        LayoutCache<qint64, Block> cache(3);
        fill(cache, 3);           // 100, 101, 102
        QVERIFY(cache.find(100)); // used again: 101 is now the least recently used
        cache.emplace(103, Block{});
        QCOMPARE(cache.size(), 3);
        QVERIFY(cache.contains(100));
        QVERIFY(!cache.contains(101));
        QVERIFY(cache.contains(102));
        QVERIFY(cache.contains(103));
    }

    void anotherGenerationEmptiesIt()
    {
        LayoutCache<qint64, Block> cache;
        QFont font = QApplication::font();
        const LayoutGeneration first{480, font, 1.0};
        cache.setGeneration(first);
        fill(cache, 10);
        cache.setGeneration(first); // the same: kept
        QCOMPARE(cache.size(), 10);
        QCOMPARE(cache.generation(), first);

        cache.setGeneration({600, font, 1.0}); // wider
        QCOMPARE(cache.size(), 0);
        fill(cache, 10);
        QFont bigger = font;
        bigger.setPointSizeF(font.pointSizeF() + 2);
        cache.setGeneration({600, bigger, 1.0}); // another font
        QCOMPARE(cache.size(), 0);
        fill(cache, 10);
        cache.setGeneration({600, bigger, 2.0}); // another screen
        QCOMPARE(cache.size(), 0);

        // from a style option: its font, the width given, the widget's screen
        QListView list;
        QStyleOptionViewItem option;
        option.initFrom(&list);
        option.font = font;
        option.widget = &list;
        const LayoutGeneration g = ui::layoutGeneration(option, 321);
        QCOMPARE(g.width, 321);
        QCOMPARE(g.font, font);
        QCOMPARE(g.devicePixelRatio, list.devicePixelRatioF());
    }

    void followsTheModel()
    {
        auto model = keyedModel(10);
        LayoutCache<qint64, Block> cache;
        cache.watch(model.get(), keyOf, {kPaintedRole});
        fill(cache, 10);

        // a change of a laid-out role drops the rows it names
        Q_EMIT model->dataChanged(model->index(2, 0), model->index(3, 0), {Qt::DisplayRole});
        QVERIFY(!cache.contains(102));
        QVERIFY(!cache.contains(103));
        QCOMPARE(cache.size(), 8);
        // no roles named: every role may have changed
        Q_EMIT model->dataChanged(model->index(4, 0), model->index(4, 0), {});
        QVERIFY(!cache.contains(104));
        // a role that is only painted keeps the layouts (the ticker's one-row updates)
        Q_EMIT model->dataChanged(model->index(0, 0), model->index(9, 0), {kPaintedRole});
        QCOMPARE(cache.size(), 7);
        // … unless a laid-out role comes with it
        Q_EMIT model->dataChanged(model->index(0, 0), model->index(0, 0),
                                  {kPaintedRole, Qt::DisplayRole});
        QVERIFY(!cache.contains(100));

        // rows that leave, rows that arrive
        model->removeRows(5, 2); // 105, 106
        QVERIFY(!cache.contains(105));
        QVERIFY(!cache.contains(106));
        QVERIFY(cache.contains(107));
        cache.emplace(500, Block{});
        auto *back = new QStandardItem(QStringLiteral("back"));
        back->setData(qint64(500), kKeyRole);
        model->insertRow(0, back);
        QVERIFY(!cache.contains(500));

        // a reset drops everything
        QVERIFY(cache.size() > 0);
        model->clear();
        QCOMPARE(cache.size(), 0);
    }

    void followsOneModelAtATime()
    {
        auto first = keyedModel(3);
        auto second = keyedModel(3);
        LayoutCache<qint64, Block> cache;
        cache.watch(first.get(), keyOf);
        cache.watch(second.get(), keyOf);
        fill(cache, 3);
        Q_EMIT first->dataChanged(first->index(0, 0), first->index(2, 0), {});
        QCOMPARE(cache.size(), 3); // the first is not followed any more
        Q_EMIT second->dataChanged(second->index(0, 0), second->index(0, 0), {});
        QCOMPARE(cache.size(), 2);
        cache.watch(nullptr, keyOf);
        Q_EMIT second->dataChanged(second->index(1, 0), second->index(1, 0), {});
        QCOMPARE(cache.size(), 2);
    }

    void rowsOnlyLeavesDataChangesToTheOwner()
    {
        auto model = keyedModel(4);
        LayoutCache<qint64, Block> cache;
        cache.watch(model.get(), keyOf, {}, LayoutChanges::Rows);
        fill(cache, 4);
        Q_EMIT model->dataChanged(model->index(0, 0), model->index(3, 0), {});
        QCOMPARE(cache.size(), 4);
        model->removeRows(0, 1);
        QVERIFY(!cache.contains(100));
        model->clear();
        QCOMPARE(cache.size(), 0);
    }

    void emptiedWhenTheWidgetChanges_data()
    {
        QTest::addColumn<int>("type");
        QTest::newRow("font") << int(QEvent::FontChange);
        QTest::newRow("palette") << int(QEvent::PaletteChange);
        QTest::newRow("style") << int(QEvent::StyleChange);
        QTest::newRow("language") << int(QEvent::LanguageChange);
    }

    void emptiedWhenTheWidgetChanges()
    {
        QFETCH(int, type);
        QListView view;
        LayoutCache<qint64, Block> cache;
        cache.watchWidget(&view);
        fill(cache, 5);
        QEvent other(QEvent::ToolTipChange);
        QApplication::sendEvent(&view, &other);
        QCOMPARE(cache.size(), 5);
        QEvent change(static_cast<QEvent::Type>(type));
        QApplication::sendEvent(&view, &change);
        QCOMPARE(cache.size(), 0);
    }

    void realChangesReachIt()
    {
        QListView view;
        LayoutCache<qint64, Block> cache;
        cache.watchWidget(&view);
        fill(cache, 5);
        QFont font = view.font();
        font.setPointSizeF(font.pointSizeF() + 3);
        view.setFont(font);
        QCOMPARE(cache.size(), 0);
        fill(cache, 5);
        QPalette palette = view.palette();
        palette.setColor(QPalette::Text, Qt::darkRed);
        view.setPalette(palette);
        QCOMPARE(cache.size(), 0);
        // another widget: the first one is not watched any more
        QListView other;
        cache.watchWidget(&other);
        fill(cache, 5);
        view.setFont(QApplication::font());
        QCOMPARE(cache.size(), 5);
    }
};

QTEST_MAIN(TstLayoutCache)
#include "tst_layoutcache.moc"

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tst_layoutcache: the delegates' one layout-cache policy (ui/common/layoutcache.h), offscreen — a
// hit returns the stored layout; inserting ten times the bound keeps at most the bound, the least
// recently used going first; the bytes the entries say they take are bounded the same way (an
// entry's bytes() member, its sizeof without one, an overload beside its type) and counted
// through replacement, removal and clearing; another generation (width, font, device pixel ratio)
// empties it; the watched model's changed, inserted and removed rows drop their entries (roles that
// are only painted keep them), a reset drops all; the watched widget's font, palette and language
// changes empty it.

#include "common/layoutcache.h"

#include <QApplication>
#include <QEvent>
#include <QListView>
#include <QStandardItemModel>
#include <QStyleOptionViewItem>
#include <QTest>
#include <QTextLayout>

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

// A layout that says what it takes.
struct Sized
{
    qsizetype size = 0;
    [[nodiscard]] qsizetype bytes() const { return size; }
};

} // namespace

namespace other {
// A layout whose cost is told by an overload beside it (found by argument-dependent lookup).
struct Told
{
    int lines = 0;
};
qsizetype layoutBytes(const Told &told)
{
    return 100 * told.lines;
}
} // namespace other

namespace {

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
        QCOMPARE(cache.maxBytes(), ui::kLayoutCacheBytes);
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

    void boundedByItsBytes()
    {
        LayoutCache<qint64, Sized> cache(ui::kLayoutCacheLimit, 10'000);
        QCOMPARE(cache.maxBytes(), 10'000);
        QCOMPARE(cache.bytes(), 0);
        for (int i = 0; i < 100; ++i)
            cache.emplace(100 + i, Sized{1000});
        // ten fit; the newest are kept, the oldest went
        QCOMPARE(cache.size(), 10);
        QCOMPARE(cache.bytes(), 10'000);
        QVERIFY(cache.contains(199));
        QVERIFY(cache.contains(190));
        QVERIFY(!cache.contains(189));
        // one used again stays when a bigger one comes; the least recently used make room
        QVERIFY(cache.find(190));
        cache.emplace(300, Sized{3000});
        QVERIFY(cache.contains(190));
        QVERIFY(!cache.contains(191));
        QVERIFY(!cache.contains(192));
        QVERIFY(!cache.contains(193));
        QVERIFY(cache.contains(194));
        QCOMPARE(cache.bytes(), 10'000);
        // replaced, removed, taken: the bytes follow
        cache.emplace(300, Sized{500});
        QCOMPARE(cache.bytes(), 7'500);
        cache.remove(194);
        QCOMPARE(cache.bytes(), 6'500);
        QCOMPARE(cache.take(195)->size, 1000);
        QCOMPARE(cache.bytes(), 5'500);
        // a lower bound evicts at once, least recently used first
        cache.setMaxBytes(2'000);
        QVERIFY(cache.bytes() <= 2'000);
        QCOMPARE(cache.size(), 2);
        QVERIFY(cache.contains(300));
        QVERIFY(cache.contains(190));
        QVERIFY(!cache.contains(199));
        // one layout over the whole budget is kept alone: the reference emplace() returned
        // stays valid
        Sized &big = cache.emplace(400, Sized{50'000});
        QCOMPARE(cache.size(), 1);
        QCOMPARE(&big, cache.find(400));
        QCOMPARE(cache.bytes(), 50'000);
        cache.emplace(401, Sized{10}); // and goes with the next
        QCOMPARE(cache.size(), 1);
        QCOMPARE(cache.bytes(), 10);
        cache.clear();
        QCOMPARE(cache.bytes(), 0);
        // the entry bound still holds when the entries are small
        LayoutCache<qint64, Sized> counted(4, 1'000'000);
        for (int i = 0; i < 10; ++i)
            counted.emplace(i, Sized{1});
        QCOMPARE(counted.size(), 4);
        QCOMPARE(counted.bytes(), 4);
    }

    void bytesWithoutAMemberOrByAnOverload()
    {
        // no bytes() member: its sizeof
        LayoutCache<qint64, Block> plain;
        fill(plain, 3);
        QCOMPARE(plain.bytes(), 3 * qsizetype(sizeof(Block)));
        QCOMPARE(ui::layoutBytes(Sized{77}), 77);
        // an overload beside the type wins
        LayoutCache<qint64, other::Told> told(ui::kLayoutCacheLimit, 1'000);
        told.emplace(1, other::Told{4});
        told.emplace(2, other::Told{5});
        QCOMPARE(told.bytes(), 900);
        told.emplace(3, other::Told{2});
        QVERIFY(!told.contains(1));
        QCOMPARE(told.bytes(), 700);
    }

    void bytesOfWhatLayoutsHold()
    {
        QCOMPARE(ui::bytesOf(QString()), 0);
        // a literal's characters are not on the heap; a string made at run time's are
        QCOMPARE(ui::bytesOf(QStringLiteral("literal")), 16);
        const QString text = QString::fromUtf8("周末爬山看到的日出，太震撼了！🌄 Weekend vibes 😎");
        QVERIFY(ui::bytesOf(text) >= 2 * text.size());
        const QStringList lines{text, text};
        QVERIFY(ui::bytesOf(lines) >= 2 * ui::bytesOf(text));
        QCOMPARE(ui::bytesOf(QList<QRect>()), 0);
        QList<QRect> rects(9);
        QVERIFY(ui::bytesOf(rects) >= 9 * qsizetype(sizeof(QRect)));
        // a text layout: more the longer its text, more once laid out in more lines
        auto layout = std::make_shared<QTextLayout>(text, QApplication::font());
        const auto laidOut = [&](int width) {
            layout->beginLayout();
            for (QTextLine line = layout->createLine(); line.isValid(); line = layout->createLine())
                line.setLineWidth(width);
            layout->endLayout();
            return ui::bytesOf(layout);
        };
        const qsizetype wide = laidOut(2000);
        QVERIFY(wide > 40 * text.size());
        QVERIFY(laidOut(40) > wide);
        QCOMPARE(ui::bytesOf(std::shared_ptr<QTextLayout>()), 0);
        const QList<std::shared_ptr<QTextLayout>> layouts{layout, layout};
        QVERIFY(ui::bytesOf(layouts) > 2 * wide);
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

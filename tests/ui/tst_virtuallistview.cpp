// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// VirtualListView: a list view whose cost is what is on screen. Over a plain model of
// 100,000 rows of many heights (a delegate that counts its sizeHint calls):
// - the first screen measures only the rows on screen, at 100 rows as at 100,000;
// - End shows the last row at the bottom, Home the first at the top; Page Down moves about a
//   screen; a step of the scroll bar never skips a row, and its end is the list's end;
// - dragging the thumb goes where the estimates put that row;
// - rows above the screen that change height or arrive move nothing on screen; at the very top,
//   rows arriving on top are shown; the row under the mouse stays put when a row above it on
//   screen grows; a relative-time tick (a paint-only role) measures nothing;
// - rows removed around the screen, a reset, a resize: no crash, the rows on screen exact;
// - hit testing and selection by click; the accessibility interface is a list whose cells are
//   where visualRect() says.
#include "common/virtuallistview.h"

#include <QAbstractListModel>
#include <QAccessible>
#include <QApplication>
#include <QScrollBar>
#include <QStyledItemDelegate>
#include <QTest>

using threadline::ui::RowHeights;
using threadline::ui::VirtualListView;

namespace {

constexpr int TimeRole = Qt::UserRole + 1;

// Rows of known heights: row i is heightOf(i) pixels high (20 … 139).
class HeightsModel : public QAbstractListModel
{
public:
    explicit HeightsModel(int rows)
    {
        m_heights.reserve(rows);
        for (int i = 0; i < rows; ++i)
            m_heights.push_back(20 + (i * 37) % 120);
    }
    int rowCount(const QModelIndex &parent = {}) const override
    {
        return parent.isValid() ? 0 : int(m_heights.size());
    }
    QVariant data(const QModelIndex &index, int role) const override
    {
        if (!index.isValid() || index.row() >= rowCount())
            return {};
        switch (role) {
        case Qt::DisplayRole:
            return QStringLiteral("row %1").arg(index.row());
        case Qt::SizeHintRole:
            return QSize(100, m_heights[size_t(index.row())]);
        case TimeRole:
            return m_tick;
        default:
            return {};
        }
    }
    void setHeight(int row, int height)
    {
        m_heights[size_t(row)] = height;
        Q_EMIT dataChanged(index(row), index(row), {Qt::SizeHintRole});
    }
    void tick()
    {
        ++m_tick;
        Q_EMIT dataChanged(index(0), index(rowCount() - 1), {TimeRole});
    }
    void insert(int at, int count, int height)
    {
        beginInsertRows({}, at, at + count - 1);
        m_heights.insert(m_heights.begin() + at, size_t(count), height);
        endInsertRows();
    }
    void remove(int at, int count)
    {
        beginRemoveRows({}, at, at + count - 1);
        m_heights.erase(m_heights.begin() + at, m_heights.begin() + at + count);
        endRemoveRows();
    }
    void resetTo(int rows)
    {
        beginResetModel();
        m_heights.assign(size_t(rows), 50);
        endResetModel();
    }
    [[nodiscard]] int heightOf(int row) const { return m_heights[size_t(row)]; }

private:
    std::vector<int> m_heights;
    int m_tick = 0;
};

class CountingDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        ++calls;
        return {option.rect.width(), index.data(Qt::SizeHintRole).toSize().height()};
    }
    mutable int calls = 0;
};

struct Fixture
{
    explicit Fixture(int rows)
        : model(rows)
    {
        view.setItemDelegate(&delegate);
        view.resize(400, 600);
        view.setModel(&model);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCoreApplication::processEvents();
    }
    // Every row on screen where its predecessor ends, each as high as the model says.
    bool exactOnScreen() const
    {
        const int first = view.firstRowOnScreen();
        const int last = view.lastRowOnScreen();
        if (first < 0)
            return false;
        for (int row = first; row <= last; ++row) {
            const QRect r = view.visualRect(model.index(row));
            if (r.height() != model.heightOf(row))
                return false;
            if (row > first && r.top() != view.visualRect(model.index(row - 1)).bottom() + 1)
                return false;
        }
        const QRect top = view.visualRect(model.index(first));
        const QRect bottom = view.visualRect(model.index(last));
        return top.top() <= 0 && top.bottom() >= 0 &&
               (bottom.bottom() >= view.viewport()->height() - 1 || last == model.rowCount() - 1);
    }
    HeightsModel model;
    CountingDelegate delegate;
    VirtualListView view;
};

} // namespace

class TstVirtualListView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rowHeights()
    {
        RowHeights h;
        h.reset(10);
        QCOMPARE(h.top(10, 5), 50);
        h.set(2, 100);
        h.set(7, 1);
        QCOMPARE(h.top(3, 5), 5 + 5 + 100);
        QCOMPARE(h.top(10, 5), 8 * 5 + 101);
        QCOMPARE(h.rowAt(0, 5), 0);
        QCOMPARE(h.rowAt(10, 5), 2);
        QCOMPARE(h.rowAt(109, 5), 2);
        QCOMPARE(h.rowAt(110, 5), 3);
        QCOMPARE(h.rowAt(1'000'000, 5), 9);
        h.insert(0, 3);
        QCOMPARE(h.size(), 13);
        QCOMPARE(h.height(5), 100);
        QCOMPARE(h.top(6, 5), 5 * 5 + 100);
        h.remove(0, 6);
        QCOMPARE(h.size(), 7);
        QCOMPARE(h.height(4), 1);
        QCOMPARE(h.measuredRows(), 1);
        h.forgetAll();
        QCOMPARE(h.measuredRows(), 0);
        QCOMPARE(h.top(7, 3), 21);
        // against a plain sum, for every row and every y
        RowHeights r;
        r.reset(200);
        std::vector<int> plain(200, 7);
        for (int i = 0; i < 200; i += 3) {
            r.set(i, 1 + i % 50);
            plain[size_t(i)] = 1 + i % 50;
        }
        qint64 y = 0;
        for (int i = 0; i < 200; ++i) {
            QCOMPARE(r.top(i, 7), y);
            QCOMPARE(r.rowAt(y, 7), i);
            QCOMPARE(r.rowAt(y + plain[size_t(i)] - 1, 7), i);
            y += plain[size_t(i)];
        }
    }

    void firstScreenCostsOneScreen_data()
    {
        QTest::addColumn<int>("rows");
        QTest::newRow("100") << 100;
        QTest::newRow("100,000") << 100'000;
    }
    void firstScreenCostsOneScreen()
    {
        QFETCH(int, rows);
        Fixture f(rows);
        QVERIFY(f.exactOnScreen());
        QCOMPARE(f.view.firstRowOnScreen(), 0);
        // 600 px of rows 20 … 139 px high: a screen is at most 30 rows
        QVERIFY2(f.delegate.calls <= 31, qPrintable(QString::number(f.delegate.calls)));
        QCOMPARE(f.view.measureCalls(), qint64(f.delegate.calls));
        QVERIFY(f.view.verticalScrollBar()->maximum() > 0);
        // a resize measures the rows on screen again, nothing else
        f.delegate.calls = 0;
        f.view.resize(300, 600);
        QCoreApplication::processEvents();
        QVERIFY(f.exactOnScreen());
        QVERIFY2(f.delegate.calls <= 31, qPrintable(QString::number(f.delegate.calls)));
    }

    void keysReachBothEnds()
    {
        Fixture f(100'000);
        f.view.setFocus();
        f.view.setCurrentIndex(f.model.index(0));
        f.delegate.calls = 0;
        QTest::keyClick(&f.view, Qt::Key_End);
        QCOMPARE(f.view.currentIndex().row(), 99'999);
        QCOMPARE(f.view.visualRect(f.view.currentIndex()).bottom(),
                 f.view.viewport()->height() - 1);
        QVERIFY(f.exactOnScreen());
        QVERIFY(f.delegate.calls <= 31);
        QCOMPARE(f.view.verticalScrollBar()->value(), f.view.verticalScrollBar()->maximum());
        QTest::keyClick(&f.view, Qt::Key_Up);
        QCOMPARE(f.view.currentIndex().row(), 99'998);
        // Page Up: about a screen above, and on screen
        const int before = f.view.currentIndex().row();
        QTest::keyClick(&f.view, Qt::Key_PageUp);
        const int after = f.view.currentIndex().row();
        QVERIFY2(after < before - 2 && after > before - 40, qPrintable(QString::number(after)));
        QVERIFY(f.view.viewport()->rect().intersects(f.view.visualRect(f.view.currentIndex())));
        QTest::keyClick(&f.view, Qt::Key_Home);
        QCOMPARE(f.view.currentIndex().row(), 0);
        QCOMPARE(f.view.visualRect(f.view.currentIndex()).top(), 0);
        QCOMPARE(f.view.verticalScrollBar()->value(), 0);
        QTest::keyClick(&f.view, Qt::Key_PageDown);
        QVERIFY(f.view.currentIndex().row() > 2);
        QVERIFY(f.exactOnScreen());
    }

    void stepsNeverSkipARow()
    {
        Fixture f(3'000);
        QScrollBar *bar = f.view.verticalScrollBar();
        int last = f.view.lastRowOnScreen();
        int steps = 0;
        while (bar->value() < bar->maximum()) {
            bar->triggerAction(steps % 2 ? QAbstractSlider::SliderPageStepAdd
                                         : QAbstractSlider::SliderSingleStepAdd);
            QVERIFY(f.view.firstRowOnScreen() <= last + 1);
            last = f.view.lastRowOnScreen();
            QVERIFY(++steps < 100'000);
        }
        QCOMPARE(f.view.lastRowOnScreen(), 2'999);
        QVERIFY(f.exactOnScreen());
        QCOMPARE(bar->value(), bar->maximum());
        QCOMPARE(f.view.visualRect(f.model.index(2'999)).bottom(), f.view.viewport()->height() - 1);
        // every row measured once on the way down (the first screen twice: it was laid out
        // once before the window had its size)
        QVERIFY2(f.view.measureCalls() <= 3'000 + 31,
                 qPrintable(QString::number(f.view.measureCalls())));
        // and back up by steps, to the first row at the top
        while (bar->value() > 0) {
            bar->triggerAction(QAbstractSlider::SliderPageStepSub);
            QVERIFY(++steps < 200'000);
        }
        QCOMPARE(f.view.firstRowOnScreen(), 0);
        QCOMPARE(f.view.visualRect(f.model.index(0)).top(), 0);
    }

    void thumbJumpsWhereTheEstimatesSay()
    {
        Fixture f(100'000);
        QScrollBar *bar = f.view.verticalScrollBar();
        bar->setSliderDown(true);
        bar->setValue(bar->maximum() / 2);
        bar->setSliderDown(false);
        const int middle = f.view.firstRowOnScreen();
        QVERIFY2(middle > 40'000 && middle < 60'000, qPrintable(QString::number(middle)));
        QVERIFY(f.exactOnScreen());
        QVERIFY(f.delegate.calls < 100);
        // the ends from outside are the ends
        f.view.scrollToBottom();
        QCOMPARE(f.view.lastRowOnScreen(), 99'999);
        QVERIFY(f.exactOnScreen());
        f.view.scrollToTop();
        QCOMPARE(f.view.firstRowOnScreen(), 0);
    }

    void nothingOnScreenJumps()
    {
        Fixture f(1'000);
        f.view.scrollTo(f.model.index(500), QAbstractItemView::PositionAtTop);
        QCOMPARE(f.view.visualRect(f.model.index(500)).top(), 0);
        const QRect r505 = f.view.visualRect(f.model.index(505)); // on screen
        // rows above the screen grow, and rows arrive above it: nothing on screen moves
        f.model.setHeight(100, 400);
        f.model.insert(10, 50, 80);
        QCoreApplication::processEvents();
        QCOMPARE(f.view.visualRect(f.model.index(555)), r505);
        QCOMPARE(f.view.firstRowOnScreen(), 550);
        // the row under the mouse stays put when a row above it on screen grows
        const int under = f.view.firstRowOnScreen() + 4;
        const QRect before = f.view.visualRect(f.model.index(under));
        QTest::mouseMove(f.view.viewport(), before.center());
        QCoreApplication::processEvents();
        f.model.setHeight(under - 2, f.model.heightOf(under - 2) + 60);
        QCoreApplication::processEvents();
        QCOMPARE(f.view.visualRect(f.model.index(under)).top(), before.top());
        QCOMPARE(f.view.visualRect(f.model.index(under - 2)).height(), f.model.heightOf(under - 2));
        QVERIFY(f.exactOnScreen());
        // a tick of a paint-only role measures nothing, over the whole range
        f.view.setPaintOnlyRoles({TimeRole});
        const int calls = f.delegate.calls;
        f.model.tick();
        QCoreApplication::processEvents();
        QCOMPARE(f.delegate.calls, calls);
        // at the very top, rows arriving on top are shown
        f.view.scrollToTop();
        f.model.insert(0, 3, 60);
        QCoreApplication::processEvents();
        QCOMPARE(f.view.firstRowOnScreen(), 0);
        QCOMPARE(f.view.visualRect(f.model.index(0)).top(), 0);
        QCOMPARE(f.view.visualRect(f.model.index(0)).height(), 60);
    }

    void removalsResetsAndResizes()
    {
        Fixture f(2'000);
        f.view.scrollTo(f.model.index(1'000), QAbstractItemView::PositionAtTop);
        f.model.remove(990, 20); // the rows on screen's top among them
        QCoreApplication::processEvents();
        QVERIFY(f.exactOnScreen());
        QCOMPARE(f.view.firstRowOnScreen(), 990);
        f.view.scrollToBottom();
        f.model.remove(1'900, 80); // the end of the list, on screen
        QCoreApplication::processEvents();
        QVERIFY(f.exactOnScreen());
        QCOMPARE(f.view.lastRowOnScreen(), f.model.rowCount() - 1);
        f.model.resetTo(5);
        QCoreApplication::processEvents();
        QCOMPARE(f.view.firstRowOnScreen(), 0);
        QCOMPARE(f.view.lastRowOnScreen(), 4);
        QCOMPARE(f.view.verticalScrollBar()->maximum(), 0); // 250 px in a 600 px viewport
        f.model.remove(0, 5);
        QCoreApplication::processEvents();
        QCOMPARE(f.view.firstRowOnScreen(), -1);
        QVERIFY(!f.view.indexAt(QPoint(10, 10)).isValid());
        f.view.resize(200, 100);
        QCoreApplication::processEvents();
        f.model.insert(0, 10, 30);
        QCoreApplication::processEvents();
        QVERIFY(f.exactOnScreen());
    }

    void clicksAndAccessibility()
    {
        Fixture f(500);
        f.view.scrollTo(f.model.index(200), QAbstractItemView::PositionAtTop);
        const QRect r = f.view.visualRect(f.model.index(202));
        QCOMPARE(f.view.indexAt(r.center()), f.model.index(202));
        QTest::mouseClick(f.view.viewport(), Qt::LeftButton, {}, r.center());
        QCOMPARE(f.view.currentIndex(), f.model.index(202));
        QVERIFY(f.view.selectionModel()->isSelected(f.model.index(202)));
        QCOMPARE(f.view.selectionModel()->selectedIndexes().size(), 1);

        QAccessibleInterface *list = QAccessible::queryAccessibleInterface(&f.view);
        QVERIFY(list);
        QCOMPARE(list->role(), QAccessible::List);
        QAccessibleTableInterface *table = list->tableInterface();
        QVERIFY(table);
        QCOMPARE(table->rowCount(), 500);
        QAccessibleInterface *cell = table->cellAt(202, 0);
        QVERIFY(cell);
        QCOMPARE(cell->text(QAccessible::Name), QStringLiteral("row 202"));
        QCOMPARE(cell->rect(), QRect(f.view.viewport()->mapToGlobal(r.topLeft()), r.size()));
    }
};

QTEST_MAIN(TstVirtualListView)
#include "tst_virtuallistview.moc"

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/virtuallistview.h"

#include <QAbstractItemDelegate>
#include <QAccessible>
#include <QEvent>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QResizeEvent>
#include <QScrollBar>

#include <algorithm>
#include <limits>
#include <utility>

namespace threadline::ui {

// --- VirtualListView -----------------------------------------------------------------------------

VirtualListView::VirtualListView(QWidget *parent)
    : QListView(parent)
{
    setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setUniformItemSizes(false);
    viewport()->setAttribute(Qt::WA_Hover);
    connect(verticalScrollBar(), &QAbstractSlider::actionTriggered, this,
            [this](int action) { m_scrollAction = action; });
}

void VirtualListView::setModel(QAbstractItemModel *model)
{
    if (QAbstractItemModel *old = this->model()) {
        disconnect(old, &QAbstractItemModel::rowsRemoved, this, &VirtualListView::onRowsRemoved);
        disconnect(old, &QAbstractItemModel::layoutAboutToBeChanged, this,
                   &VirtualListView::onLayoutAboutToBeChanged);
        disconnect(old, &QAbstractItemModel::layoutChanged, this,
                   &VirtualListView::onLayoutChanged);
    }
    QListView::setModel(model);
    if (model) {
        connect(model, &QAbstractItemModel::rowsRemoved, this, &VirtualListView::onRowsRemoved);
        connect(model, &QAbstractItemModel::layoutAboutToBeChanged, this,
                &VirtualListView::onLayoutAboutToBeChanged);
        connect(model, &QAbstractItemModel::layoutChanged, this, &VirtualListView::onLayoutChanged);
    }
    resetRows();
}

void VirtualListView::setRootIndex(const QModelIndex &index)
{
    QListView::setRootIndex(index);
    resetRows();
}

void VirtualListView::reset()
{
    QAbstractItemView::reset();
    resetRows();
}

void VirtualListView::resetRows()
{
    m_rows.reset(model() ? model()->rowCount(rootIndex()) : 0);
    m_anchor = 0;
    m_offset = 0;
    m_items.clear();
    m_pin.reset();
    m_inRemoval = false;
    invalidateLayout();
}

void VirtualListView::setDepthRole(int role)
{
    m_depthRole = role;
    invalidateLayout();
}

void VirtualListView::setIndentation(int pixels)
{
    m_indentation = std::max(0, pixels);
    m_rows.forgetAll();
    invalidateLayout();
}

void VirtualListView::invalidateLayout()
{
    m_dirty = true;
    viewport()->update();
    // the scroll bar and fetching more follow soon even when nothing paints
    scheduleDelayedItemsLayout();
}

void VirtualListView::doItemsLayout()
{
    m_dirty = true;
    layoutNow();
    QAbstractItemView::doItemsLayout(); // updateGeometries(), a repaint
}

QModelIndex VirtualListView::indexOfRow(int row) const
{
    return model() ? model()->index(row, modelColumn(), rootIndex()) : QModelIndex();
}

int VirtualListView::indentOf(const QModelIndex &index) const
{
    if (m_depthRole < 0 || m_indentation == 0)
        return 0;
    return std::max(0, index.data(m_depthRole).toInt()) * m_indentation;
}

int VirtualListView::estimate() const
{
    if (m_rows.measuredRows() == 0)
        return m_defaultHeight;
    return std::max<int>(
        1, int((m_rows.measuredHeight() + m_rows.measuredRows() / 2) / m_rows.measuredRows()));
}

int VirtualListView::rowEstimate() const
{
    return estimate();
}

int VirtualListView::heightOf(int row)
{
    if (const int known = m_rows.height(row); known >= 0)
        return known;
    const QModelIndex index = indexOfRow(row);
    int h = 1;
    if (index.isValid()) {
        QStyleOptionViewItem option;
        initViewItemOption(&option);
        const int x = indentOf(index);
        option.rect = QRect(x, 0, std::max(1, viewport()->width() - x), 0);
        if (QAbstractItemDelegate *delegate = itemDelegateForIndex(index))
            h = std::max(1, delegate->sizeHint(option, index).height());
        ++m_measureCalls;
    }
    m_rows.set(row, h);
    return h;
}

void VirtualListView::ensureLayout() const
{
    if (m_dirty)
        const_cast<VirtualListView *>(this)->layoutNow();
}

void VirtualListView::layoutNow()
{
    if (m_inRemoval)
        return;
    m_dirty = false;
    m_items.clear();
    const int n = m_rows.size();
    if (n != (model() ? model()->rowCount(rootIndex()) : 0)) {
        // a model that changed without telling (or told us in an order we did not follow)
        m_rows.reset(model() ? model()->rowCount(rootIndex()) : 0);
        return layoutNow();
    }
    if (n == 0 || !model()) {
        m_anchor = 0;
        m_offset = 0;
        syncScrollBar();
        return;
    }
    const int vw = viewport()->width();
    if (vw != m_width) {
        m_rows.forgetAll();
        m_width = vw;
    }
    const int vh = viewport()->height();
    if (m_pin) {
        if (m_pin->index.isValid() && m_pin->index.parent() == rootIndex()) {
            m_anchor = m_pin->index.row();
            m_offset = -m_pin->top;
        }
        m_pin.reset();
    }
    m_anchor = std::clamp(m_anchor, 0, n - 1);
    // the anchor is the row holding the viewport's top
    while (m_offset < 0 && m_anchor > 0)
        m_offset += heightOf(--m_anchor);
    m_offset = std::max(m_offset, 0);
    while (m_anchor < n - 1 && m_offset >= heightOf(m_anchor))
        m_offset -= heightOf(m_anchor++);

    const auto fill = [&] {
        m_items.clear();
        int y = -m_offset;
        int row = m_anchor;
        for (; row < n && (y < vh || row == m_anchor); ++row) {
            const int h = heightOf(row);
            m_items.push_back({row, y, h});
            y += h;
        }
        return std::pair{row, y};
    };
    auto [end, bottom] = fill();
    if (end == n && bottom < vh && (m_anchor > 0 || m_offset > 0)) {
        // the last row ends above the viewport's bottom: no empty space under it while there
        // are rows above
        int gap = vh - bottom;
        while (gap > 0) {
            if (m_offset >= gap) {
                m_offset -= gap;
                gap = 0;
            } else {
                gap -= m_offset;
                m_offset = 0;
                if (m_anchor == 0)
                    break;
                m_offset = heightOf(--m_anchor);
            }
        }
        fill();
    }
    syncScrollBar();
}

void VirtualListView::syncScrollBar()
{
    QScrollBar *bar = verticalScrollBar();
    const int n = m_rows.size();
    const int vh = viewport()->height();
    const int est = estimate();
    const qint64 total = m_rows.top(n, est);
    const qint64 maxValue =
        std::min<qint64>(std::max<qint64>(0, total - vh), std::numeric_limits<int>::max() / 2);
    qint64 value = n > 0 ? m_rows.top(m_anchor, est) + m_offset : 0;
    const bool atTop = m_anchor == 0 && m_offset == 0;
    const bool atBottom = !m_items.empty() && m_items.back().row == n - 1 &&
                          m_items.back().top + m_items.back().height <= vh;
    if (atTop)
        value = 0;
    else if (atBottom)
        value = maxValue;
    value = std::clamp<qint64>(value, 0, maxValue);
    m_syncing = true;
    bar->setRange(0, int(maxValue));
    bar->setPageStep(std::max(1, vh));
    if (!bar->isSliderDown() || atTop || atBottom)
        bar->setValue(int(value));
    m_lastValue = bar->value();
    m_syncing = false;
}

void VirtualListView::updateGeometries()
{
    ensureLayout();
    syncScrollBar();
    horizontalScrollBar()->setRange(0, 0);
    QAbstractItemView::updateGeometries();
}

int VirtualListView::verticalOffset() const
{
    return m_lastValue;
}

void VirtualListView::scrollContentsBy(int, int)
{
    if (m_syncing)
        return;
    QScrollBar *bar = verticalScrollBar();
    const int value = bar->value();
    const int delta = value - m_lastValue;
    m_lastValue = value;
    if (delta == 0 || m_rows.size() == 0)
        return;
    ensureLayout();
    const int n = m_rows.size();
    const int vh = std::max(viewport()->height(), 1);
    // A step, a page or a wheel notch moves by pixels, even into the ends: the estimates may
    // put the end of the scroll bar short of the real end, and a row is never skipped. Set from
    // outside (scrollToTop(), setValue(maximum())), the ends are the ends; a long way (the
    // thumb dragged) goes where the estimates put that row.
    const int action = std::exchange(m_scrollAction, int(QAbstractSlider::SliderNoAction));
    const bool stepped = action != QAbstractSlider::SliderNoAction &&
                         action != QAbstractSlider::SliderToMinimum &&
                         action != QAbstractSlider::SliderToMaximum && !bar->isSliderDown();
    const bool near = std::abs(delta) <= 3 * vh;
    if (stepped && near) {
        m_offset += delta;
    } else if (value <= bar->minimum()) {
        m_anchor = 0;
        m_offset = 0;
    } else if (value >= bar->maximum()) {
        m_anchor = n - 1;
        m_offset = heightOf(n - 1) - vh; // the last row's bottom at the viewport's bottom
    } else if (near && !bar->isSliderDown()) {
        m_offset += delta; // pixels: through the rows, each measured as it comes
    } else {
        const int est = estimate();
        m_anchor = m_rows.rowAt(value, est);
        m_offset = int(value - m_rows.top(m_anchor, est));
    }
    m_pin.reset();
    layoutNow();
    viewport()->update();
}

void VirtualListView::resizeEvent(QResizeEvent *event)
{
    // not QListView's: it lays every row out again, after a delay
    QAbstractItemView::resizeEvent(event);
    if (event->size().width() != event->oldSize().width() ||
        event->size().height() != event->oldSize().height()) {
        m_dirty = true;
        layoutNow();
        viewport()->update();
    }
}

void VirtualListView::changeEvent(QEvent *event)
{
    QListView::changeEvent(event);
    switch (event->type()) {
    case QEvent::FontChange:
    case QEvent::StyleChange:
    case QEvent::LanguageChange:
        m_rows.forgetAll();
        invalidateLayout();
        break;
    default:
        break;
    }
}

bool VirtualListView::viewportEvent(QEvent *event)
{
    switch (event->type()) {
    case QEvent::HoverEnter:
    case QEvent::HoverMove:
        m_mouse = static_cast<QHoverEvent *>(event)->position().toPoint();
        m_hover = indexAt(m_mouse);
        break;
    case QEvent::MouseMove:
        m_mouse = static_cast<QMouseEvent *>(event)->position().toPoint();
        m_hover = indexAt(m_mouse);
        break;
    case QEvent::HoverLeave:
    case QEvent::Leave:
        m_mouse = QPoint(-1, -1);
        m_hover = QPersistentModelIndex();
        break;
    default:
        break;
    }
    return QListView::viewportEvent(event);
}

const VirtualListView::Item *VirtualListView::itemOf(int row) const
{
    if (m_items.empty() || row < m_items.front().row || row > m_items.back().row)
        return nullptr;
    return &m_items[size_t(row - m_items.front().row)];
}

int VirtualListView::rowsOnScreen() const
{
    ensureLayout();
    return int(m_items.size());
}

int VirtualListView::firstRowOnScreen() const
{
    ensureLayout();
    return m_items.empty() ? -1 : m_items.front().row;
}

int VirtualListView::lastRowOnScreen() const
{
    ensureLayout();
    return m_items.empty() ? -1 : m_items.back().row;
}

QRect VirtualListView::visualRect(const QModelIndex &index) const
{
    if (!index.isValid() || !model() || index.model() != model() || index.parent() != rootIndex() ||
        index.row() >= m_rows.size())
        return {};
    ensureLayout();
    const int row = index.row();
    const int x = indentOf(index);
    const int w = std::max(0, viewport()->width() - x);
    if (const Item *item = itemOf(row))
        return {x, item->top, w, item->height};
    // off screen: where the estimates put it relative to the rows on screen, as high as it was
    // measured (or as the estimate); measuring here would make a loop over every row's rect
    // cost every row's layout
    const int est = estimate();
    const int known = m_rows.height(row);
    const int h = known >= 0 ? known : est;
    qint64 top = 0;
    if (m_items.empty())
        top = m_rows.top(row, est) - m_rows.top(m_anchor, est) - m_offset;
    else if (row < m_items.front().row)
        top = m_items.front().top - (m_rows.top(m_items.front().row, est) - m_rows.top(row, est));
    else
        top = m_items.back().top + m_items.back().height +
              (m_rows.top(row, est) - m_rows.top(m_items.back().row + 1, est));
    top = std::clamp<qint64>(top, std::numeric_limits<int>::min() / 2,
                             std::numeric_limits<int>::max() / 2);
    return {x, int(top), w, h};
}

QModelIndex VirtualListView::indexAt(const QPoint &point) const
{
    ensureLayout();
    for (const Item &item : m_items) {
        if (point.y() >= item.top && point.y() < item.top + item.height) {
            if (point.x() < 0 || point.x() >= viewport()->width())
                return {};
            return indexOfRow(item.row);
        }
    }
    return {};
}

void VirtualListView::scrollTo(const QModelIndex &index, ScrollHint hint)
{
    if (!index.isValid() || index.model() != model() || index.parent() != rootIndex())
        return;
    ensureLayout();
    const int row = index.row();
    if (row >= m_rows.size())
        return;
    const int vh = viewport()->height();
    const int h = heightOf(row);
    if (hint == EnsureVisible) {
        const QRect r = visualRect(index);
        const bool shown = itemOf(row) != nullptr;
        if (shown && ((r.top() >= 0 && r.bottom() < vh) || (r.top() <= 0 && r.bottom() >= vh - 1) ||
                      (r.height() > vh && r.top() >= 0 && r.top() < vh)))
            return;
        hint = (r.top() < 0 || h > vh) ? PositionAtTop : PositionAtBottom;
    }
    m_anchor = row;
    switch (hint) {
    case PositionAtTop:
    case EnsureVisible:
        m_offset = 0;
        break;
    case PositionAtBottom:
        m_offset = h - vh;
        break;
    case PositionAtCenter:
        m_offset = -(vh - h) / 2;
        break;
    }
    m_pin.reset();
    m_dirty = true;
    layoutNow();
    viewport()->update();
}

QModelIndex VirtualListView::moveCursor(CursorAction cursorAction, Qt::KeyboardModifiers)
{
    const int n = m_rows.size();
    if (n == 0 || !model())
        return {};
    ensureLayout();
    const QModelIndex current = currentIndex();
    if (!current.isValid() || current.parent() != rootIndex()) {
        // the first row fully on screen, not the list's first row: focus does not scroll
        for (const Item &item : m_items)
            if (item.top >= 0)
                return indexOfRow(item.row);
        return indexOfRow(m_items.empty() ? 0 : m_items.front().row);
    }
    int row = current.row();
    const int vh = viewport()->height();
    switch (cursorAction) {
    case MoveUp:
    case MovePrevious:
        row = std::max(0, row - 1);
        break;
    case MoveDown:
    case MoveNext:
        row = std::min(n - 1, row + 1);
        break;
    case MoveHome:
        row = 0;
        break;
    case MoveEnd:
        row = n - 1;
        break;
    case MovePageUp:
    case MovePageDown: {
        const QRect r = visualRect(current);
        const int est = estimate();
        const qint64 viewTop = m_rows.top(m_anchor, est) + m_offset;
        const int dy = cursorAction == MovePageUp ? -vh : vh;
        // the row a viewport away from the current one's top, in the estimates' coordinates
        const int target = m_rows.rowAt(viewTop + r.top() + dy, est);
        row = cursorAction == MovePageUp ? std::min(target, std::max(0, row - 1))
                                         : std::max(target, std::min(n - 1, row + 1));
        break;
    }
    case MoveLeft:
    case MoveRight:
        break;
    }
    return indexOfRow(row);
}

void VirtualListView::setSelection(const QRect &rect, QItemSelectionModel::SelectionFlags command)
{
    if (!selectionModel())
        return;
    ensureLayout();
    const QRect r = rect.normalized();
    int first = -1;
    int last = -1;
    for (const Item &item : m_items) {
        if (item.top + item.height <= r.top() || item.top > r.bottom())
            continue;
        if (first < 0)
            first = item.row;
        last = item.row;
    }
    QItemSelection selection;
    if (first >= 0)
        selection.select(indexOfRow(first), indexOfRow(last));
    selectionModel()->select(selection, command);
}

QRegion VirtualListView::visualRegionForSelection(const QItemSelection &selection) const
{
    ensureLayout();
    QRegion region;
    if (m_items.empty())
        return region;
    const int first = m_items.front().row;
    const int last = m_items.back().row;
    for (const QItemSelectionRange &range : selection) {
        if (range.parent() != rootIndex())
            continue;
        for (int row = std::max(range.top(), first); row <= std::min(range.bottom(), last); ++row)
            region += visualRect(indexOfRow(row));
    }
    return region;
}

void VirtualListView::paintEvent(QPaintEvent *event)
{
    ensureLayout();
    if (m_items.empty() || !model())
        return;
    QPainter painter(viewport());
    QStyleOptionViewItem option;
    initViewItemOption(&option);
    option.state &= ~(QStyle::State_HasFocus | QStyle::State_MouseOver);
    const QStyle::State state = option.state;
    const bool enabled = state & QStyle::State_Enabled;
    const QModelIndex current = currentIndex();
    const bool focus = (hasFocus() || viewport()->hasFocus()) && current.isValid();
    const QItemSelectionModel *selections = selectionModel();
    const QRect exposed = event->rect();
    const int width = viewport()->width();
    for (const Item &item : m_items) {
        const QModelIndex index = indexOfRow(item.row);
        const int x = indentOf(index);
        const QRect rect(x, item.top, width - x, item.height);
        if (!rect.intersects(exposed))
            continue;
        option.rect = rect;
        option.state = state;
        if (selections && selections->isSelected(index))
            option.state |= QStyle::State_Selected;
        if (enabled) {
            QPalette::ColorGroup group = QPalette::Normal;
            if (!(model()->flags(index) & Qt::ItemIsEnabled)) {
                option.state &= ~QStyle::State_Enabled;
                group = QPalette::Disabled;
            }
            option.palette.setCurrentColorGroup(group);
        }
        if (focus && current == index)
            option.state |= QStyle::State_HasFocus;
        option.state.setFlag(QStyle::State_MouseOver, index == m_hover);
        if (QAbstractItemDelegate *delegate = itemDelegateForIndex(index))
            delegate->paint(&painter, option, index);
    }
}

} // namespace threadline::ui

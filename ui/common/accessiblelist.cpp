// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The accessible list and its rows (accessiblelist.h).
#include "common/accessiblelist.h"

#include <QAbstractItemView>
#include <QAccessible>
#include <QAccessibleWidget>
#include <QHash>
#include <QPersistentModelIndex>
#include <QPointer>
#include <QStatusBar>
#include <QWidget>
#include <QWindow>

namespace threadline::ui {

namespace {

class AccessibleRow;

// The list: a QAccessibleWidget whose children are its rows (the view's model under its root).
class AccessibleList : public QAccessibleWidget
{
public:
    explicit AccessibleList(QAbstractItemView *view)
        : QAccessibleWidget(view, QAccessible::List)
    {
    }
    ~AccessibleList() override { forget(); }

    QAbstractItemView *view() const { return static_cast<QAbstractItemView *>(widget()); }
    QModelIndex indexAt(int row) const
    {
        const QAbstractItemModel *m = view()->model();
        return m ? m->index(row, 0, view()->rootIndex()) : QModelIndex();
    }

    int childCount() const override
    {
        prune(); // rows removed or reset since: their interfaces go
        const QAbstractItemModel *m = view()->model();
        return m ? m->rowCount(view()->rootIndex()) : 0;
    }
    QAccessibleInterface *child(int index) const override;
    int indexOfChild(const QAccessibleInterface *child) const override;
    QAccessibleInterface *childAt(int x, int y) const override
    {
        const QPoint p = view()->viewport()->mapFromGlobal(QPoint(x, y));
        const QModelIndex i = view()->indexAt(p);
        return i.isValid() && i.parent() == view()->rootIndex() ? child(i.row()) : nullptr;
    }
    QAccessibleInterface *focusChild() const override
    {
        const QModelIndex current = view()->currentIndex();
        if (!view()->hasFocus() || !current.isValid() || current.parent() != view()->rootIndex())
            return nullptr;
        return child(current.row());
    }
    QAccessible::State state() const override
    {
        QAccessible::State s = QAccessibleWidget::state();
        s.focusable = true;
        return s;
    }

    // Rows whose index went away (removed, a reset): their interfaces are deleted.
    void prune() const
    {
        for (auto it = m_rows.begin(); it != m_rows.end();) {
            if (!it.key().isValid()) {
                QAccessible::deleteAccessibleInterface(it.value());
                it = m_rows.erase(it);
            } else {
                ++it;
            }
        }
    }
    void forget() const
    {
        for (QAccessible::Id id : std::as_const(m_rows))
            QAccessible::deleteAccessibleInterface(id);
        m_rows.clear();
    }

private:
    mutable QHash<QPersistentModelIndex, QAccessible::Id> m_rows;
};

// A row: its words, its place, its state and its actions.
class AccessibleRow : public QAccessibleInterface, public QAccessibleActionInterface
{
public:
    AccessibleRow(QAbstractItemView *view, const QModelIndex &index)
        : m_view(view)
        , m_index(index)
    {
    }

    bool isValid() const override { return m_view && m_index.isValid(); }
    QObject *object() const override { return nullptr; }
    QWindow *window() const override { return m_view ? m_view->window()->windowHandle() : nullptr; }
    QAccessibleInterface *parent() const override
    {
        return m_view ? QAccessible::queryAccessibleInterface(m_view) : nullptr;
    }
    QAccessibleInterface *child(int) const override { return nullptr; }
    int childCount() const override { return 0; }
    int indexOfChild(const QAccessibleInterface *) const override { return -1; }
    QAccessibleInterface *childAt(int, int) const override { return nullptr; }
    QAccessibleInterface *focusChild() const override { return nullptr; }

    QString text(QAccessible::Text t) const override
    {
        if (!isValid())
            return {};
        switch (t) {
        case QAccessible::Name: {
            const QString spoken = m_index.data(Qt::AccessibleTextRole).toString();
            return spoken.isEmpty() ? m_index.data(Qt::DisplayRole).toString() : spoken;
        }
        case QAccessible::Description:
            return m_index.data(Qt::AccessibleDescriptionRole).toString();
        default:
            return {};
        }
    }
    void setText(QAccessible::Text, const QString &) override {}
    QRect rect() const override
    {
        if (!isValid())
            return {};
        const QRect r = m_view->visualRect(m_index);
        if (r.isEmpty())
            return {};
        return QRect(m_view->viewport()->mapToGlobal(r.topLeft()), r.size());
    }
    QAccessible::Role role() const override { return QAccessible::ListItem; }
    QAccessible::State state() const override
    {
        QAccessible::State s;
        if (!isValid()) {
            s.invalid = true;
            return s;
        }
        s.focusable = true;
        s.selectable = true;
        const QRect r = m_view->visualRect(m_index);
        if (r.isEmpty() || !m_view->viewport()->rect().intersects(r))
            s.offscreen = true;
        if (m_view->currentIndex() == m_index) {
            s.active = true;
            if (m_view->hasFocus())
                s.focused = true;
        }
        if (m_view->selectionModel() && m_view->selectionModel()->isSelected(m_index))
            s.selected = true;
        if (!(m_index.flags() & Qt::ItemIsEnabled))
            s.disabled = true;
        return s;
    }
    void *interface_cast(QAccessible::InterfaceType t) override
    {
        if (t == QAccessible::ActionInterface)
            return static_cast<QAccessibleActionInterface *>(this);
        return nullptr;
    }

    // The row's actions now (Unlike once liked, More replies only where there are some).
    QList<RowAction> actions() const
    {
        const RowActions *provider = isValid() ? RowActions::of(m_view) : nullptr;
        return provider ? provider->actions(m_index) : QList<RowAction>();
    }
    QStringList actionNames() const override
    {
        QStringList names;
        for (const RowAction &a : actions())
            names.append(a.name);
        return names;
    }
    QString localizedActionName(const QString &name) const override
    {
        for (const RowAction &a : actions())
            if (a.name == name)
                return a.label;
        return QAccessibleActionInterface::localizedActionName(name);
    }
    QString localizedActionDescription(const QString &name) const override
    {
        return localizedActionName(name);
    }
    QStringList keyBindingsForAction(const QString &name) const override
    {
        for (const RowAction &a : actions())
            if (a.name == name && !a.key.isEmpty())
                return {a.key.toString(QKeySequence::NativeText)};
        return {};
    }
    void doAction(const QString &name) override
    {
        for (const RowAction &a : actions()) {
            if (a.name == name && a.run) {
                // the row becomes the current one first, as a click on it would make it
                if (m_view->currentIndex() != m_index)
                    m_view->setCurrentIndex(m_index);
                a.run();
                return;
            }
        }
    }

    QPersistentModelIndex index() const { return m_index; }

private:
    QPointer<QAbstractItemView> m_view;
    QPersistentModelIndex m_index;
};

QAccessibleInterface *AccessibleList::child(int index) const
{
    const QModelIndex i = indexAt(index);
    if (!i.isValid())
        return nullptr;
    const QPersistentModelIndex key(i);
    if (const auto it = m_rows.constFind(key); it != m_rows.constEnd())
        if (QAccessibleInterface *iface = QAccessible::accessibleInterface(*it))
            return iface;
    if (m_rows.size() > 512)
        forget(); // a reader that walked thousands of rows: they are made again when asked
    auto *row = new AccessibleRow(view(), i);
    m_rows.insert(key, QAccessible::registerAccessibleInterface(row));
    return row;
}

int AccessibleList::indexOfChild(const QAccessibleInterface *child) const
{
    if (!child || child->role() != QAccessible::ListItem || child->parent() != this)
        return -1;
    const auto *row = static_cast<const AccessibleRow *>(child);
    const QPersistentModelIndex i = row->index();
    return i.isValid() && i.parent() == view()->rootIndex() ? i.row() : -1;
}

QAccessibleInterface *listFactory(const QString &, QObject *object)
{
    auto *view = qobject_cast<QAbstractItemView *>(object);
    if (!view || !RowActions::of(view))
        return nullptr;
    return new AccessibleList(view);
}

} // namespace

RowActions::RowActions(QAbstractItemView *view, Provider provider)
    : QObject(view)
    , m_provider(std::move(provider))
{
    setObjectName(QStringLiteral("rowActions"));
}

void RowActions::attach(QAbstractItemView *view, Provider provider)
{
    static const bool installed = [] {
        QAccessible::installFactory(listFactory);
        return true;
    }();
    Q_UNUSED(installed);
    if (RowActions *existing = of(view)) {
        existing->m_provider = std::move(provider);
        return;
    }
    new RowActions(view, std::move(provider));
    // An interface made for the view before (its name set while a reader listened) is Qt's:
    // it goes, and the next query makes this one.
    QAccessibleInterface *made = QAccessible::queryAccessibleInterface(view);
    if (made && !dynamic_cast<AccessibleList *>(made))
        QAccessible::deleteAccessibleInterface(QAccessible::uniqueId(made));
}

RowActions *RowActions::of(const QObject *view)
{
    return view ? view->findChild<RowActions *>(QStringLiteral("rowActions"),
                                                Qt::FindDirectChildrenOnly)
                : nullptr;
}

void RowActions::announce(QObject *from, const QString &text)
{
    if (!QAccessible::isActive() || text.isEmpty())
        return;
    QWidget *w = qobject_cast<QWidget *>(from);
    QWidget *top = w ? w->window() : nullptr;
    QStatusBar *bar = top ? top->findChild<QStatusBar *>() : nullptr;
    if (!bar)
        return;
    // The status bar's name is the announcement, and a name change on a status bar is what a
    // screen reader presents without moving the focus (a polite live region, in AT-SPI terms).
    bar->setAccessibleName(text);
    QAccessibleEvent event(bar, QAccessible::NameChanged);
    QAccessible::updateAccessibility(&event);
}

} // namespace threadline::ui

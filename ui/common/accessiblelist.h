// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What a screen reader gets of a list of cards (the timeline, the thread, notifications,
// activity, the moderators' queue, the rankings): the list with its name, one item per row
// that says the row's Qt::AccessibleTextRole (else its text) and offers the row's actions —
// Open, Like, Reply, Report… — as accessible actions (AT-SPI's Action interface), the same
// ones the keyboard and the mouse reach.
//
// Qt's own interface for an item view (QAccessibleTable, private) offers a row nothing but its
// selection toggle. A view that calls RowActions::attach() gets this one instead (public API
// only: QAccessibleWidget for the list, an interface per row made when a reader asks for it,
// kept while its row exists). Nothing is made while no assistive technology is active.
#pragma once

#include <QKeySequence>
#include <QList>
#include <QModelIndex>
#include <QObject>
#include <QString>
#include <functional>

class QAbstractItemView;

namespace threadline::ui {

// One thing a row can do: `name` is the stable (English) name a script or a screen reader asks
// for ("Like", "Reply", "Open"…), `label` the words shown, in the user's language.
struct RowAction
{
    QString name;
    QString label;
    QKeySequence key;
    std::function<void()> run;
};

class RowActions : public QObject
{
    Q_OBJECT
public:
    using Provider = std::function<QList<RowAction>(const QModelIndex &)>;

    // `view` offers, for each row, what `provider` says (asked when a reader asks, so it says
    // the row's state now: Unlike once liked). Call before the view is first shown.
    static void attach(QAbstractItemView *view, Provider provider);
    // The provider attached to `view`, or null.
    static RowActions *of(const QObject *view);

    [[nodiscard]] QList<RowAction> actions(const QModelIndex &index) const
    {
        return index.isValid() && m_provider ? m_provider(index) : QList<RowAction>();
    }

    // Says `text` politely (an AT-SPI announcement, not a focus change): sent, failed, new posts,
    // offline. `from`: a widget of the window it concerns.
    static void announce(QObject *from, const QString &text);

private:
    RowActions(QAbstractItemView *view, Provider provider);
    Provider m_provider;
};

} // namespace threadline::ui

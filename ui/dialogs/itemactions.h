// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What a post card (TimelineView) and a comment row (ThreadView) share when the user acts on
// one from its context menu or the keyboard: the question before a deletion (a QMessageBox
// whose default button is Cancel; tests replace it), the ReportDialog, a moderator's reason
// for a hide or an unhide (ReasonDialog::ask), the keys (Ctrl+C, the Menu key or Shift+F10,
// Delete), the menu opened under the current row, the clipboard.
// Each view keeps what differs: its words for the item ("王五's post", "李四's comment") and for
// what follows, and what it does with the answer (TimelineView emits it for the window,
// ThreadView hands it to core::Actions).
//
//   ItemActions m_items{this};
//   if (m_items.confirmDelete(tr("Delete post"), tr("Delete this post?"), detail)) …
//   if (const auto report = m_items.askReport(tr("%1's post").arg(name))) …
#pragma once

#include "wire/wiretypes.h"

#include <QCoreApplication>
#include <QModelIndex>
#include <QPoint>
#include <QString>

#include <functional>
#include <optional>

class QAbstractItemView;
class QAction;
class QKeyEvent;
class QMenu;
class QWidget;

namespace threadline::ui {

class ItemActions
{
    Q_DECLARE_TR_FUNCTIONS(threadline::ui::ItemActions)
public:
    // The yes/no question before a deletion (true: go ahead).
    using Confirmation = std::function<bool(const QString &question, const QString &detail)>;
    // What the ReportDialog was told.
    struct ReportChoice
    {
        core::Report::Reason reason = core::Report::Reason::Other;
        QString note; // trimmed, "" for none
    };
    // What a key does to the current item.
    enum class Key {
        None,
        Copy,   // Ctrl+C (QKeySequence::Copy): its text to the clipboard
        Menu,   // the Menu key, Shift+F10: its context menu
        Delete, // Delete: asks, then deletes (when the user may)
    };

    // parent: the view the dialogs belong to; not owned.
    explicit ItemActions(QWidget *parent);

    // Replaces the message box before a deletion (tests); null restores it.
    void setConfirmation(Confirmation confirm) { m_confirm = std::move(confirm); }
    // Asks before a deletion: the box's title, the question, what follows; true to go ahead.
    [[nodiscard]] bool confirmDelete(const QString &title, const QString &question,
                                     const QString &detail) const;
    // The ReportDialog about `what` ("王五's post"): nothing when cancelled.
    [[nodiscard]] std::optional<ReportChoice> askReport(const QString &what) const;
    // A moderator's "Hide <what>" (hide) or "Unhide <what>", with what follows: the reason
    // (required for a hide), nothing when cancelled.
    [[nodiscard]] std::optional<QString> askModeration(const QString &what, bool hide,
                                                       const QString &detail) const;

    // Runs a row's context menu (made by makeMenu, deleted after) at globalPos; a null
    // globalPos (from the keyboard) puts it under the top left corner of what shows of the
    // row, at most maxDrop pixels down. One menu at a time: nothing while one is open.
    void runMenu(QAbstractItemView *view, const QModelIndex &row, QPoint globalPos, int maxDrop,
                 const std::function<QMenu *()> &makeMenu);

    // A moderator's entry in a row's menu: Unhide… for a hidden item, else Hide…; its object
    // name "unhide<kind>" or "hide<kind>" ("hidePost", "unhideComment").
    static QAction *addModerationEntry(QMenu *menu, bool hidden, const QString &kind,
                                       const QString &hideText, const QString &unhideText);

    [[nodiscard]] static Key keyOf(const QKeyEvent *event);
    // Puts text on the clipboard ("" leaves it as it is).
    static void copyText(const QString &text);

private:
    QWidget *m_parent;
    Confirmation m_confirm;
    bool m_menuOpen = false;
};

} // namespace threadline::ui

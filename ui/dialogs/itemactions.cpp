// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogs/itemactions.h"

#include "common/menuactions.h"
#include "dialogs/reportdialog.h"
#include "dialogs/reasondialog.h"

#include <QAbstractItemView>
#include <QClipboard>
#include <QGuiApplication>
#include <QKeyEvent>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>

#include <algorithm>
#include <memory>

namespace threadline::ui {

ItemActions::ItemActions(QWidget *parent)
    : m_parent(parent)
{
}

bool ItemActions::confirmDelete(const QString &title, const QString &question,
                                const QString &detail) const
{
    if (m_confirm)
        return m_confirm(question, detail);
    QMessageBox box(QMessageBox::Warning, title, question, QMessageBox::NoButton, m_parent);
    box.setTextFormat(Qt::PlainText);
    box.setInformativeText(detail);
    QPushButton *del = box.addButton(tr("&Delete"), QMessageBox::DestructiveRole);
    QPushButton *cancel = box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(cancel);
    box.setEscapeButton(cancel);
    box.exec();
    return box.clickedButton() == del;
}

std::optional<ItemActions::ReportChoice> ItemActions::askReport(const QString &what) const
{
    ReportDialog dialog(what, m_parent);
    if (dialog.exec() != QDialog::Accepted || !dialog.reason())
        return std::nullopt;
    return ReportChoice{*dialog.reason(), dialog.note()};
}

std::optional<QString> ItemActions::askModeration(const QString &what, bool hide,
                                                  const QString &detail) const
{
    return ReasonDialog::ask(m_parent, hide ? tr("Hide %1").arg(what) : tr("Unhide %1").arg(what),
                             detail, hide);
}

void ItemActions::runMenu(QAbstractItemView *view, const QModelIndex &row, QPoint globalPos,
                          int maxDrop, const std::function<QMenu *()> &makeMenu)
{
    if (m_menuOpen)
        return;
    if (globalPos.isNull()) { // from the keyboard: under the top left corner of what shows of it
        view->scrollTo(row);
        QWidget *vp = view->viewport();
        QRect r = view->visualRect(row).intersected(vp->rect());
        if (r.isEmpty())
            r = vp->rect();
        globalPos =
            vp->mapToGlobal(QPoint(r.left() + 24, r.top() + std::min(r.height() / 2, maxDrop)));
    }
    const std::unique_ptr<QMenu> menu(makeMenu());
    if (!menu)
        return;
    m_menuOpen = true;
    menu->exec(globalPos);
    m_menuOpen = false;
}

QAction *ItemActions::addModerationEntry(QMenu *menu, bool hidden, const QString &kind,
                                         const QString &hideText, const QString &unhideText)
{
    return addMenuAction(menu, (hidden ? QStringLiteral("unhide") : QStringLiteral("hide")) + kind,
                         hidden ? unhideText : hideText);
}

ItemActions::Key ItemActions::keyOf(const QKeyEvent *event)
{
    const Qt::KeyboardModifiers mods = event->modifiers() & ~Qt::KeypadModifier;
    if (event->matches(QKeySequence::Copy))
        return Key::Copy;
    if ((event->key() == Qt::Key_Menu && mods == Qt::NoModifier) ||
        (event->key() == Qt::Key_F10 && mods == Qt::ShiftModifier))
        return Key::Menu;
    if (event->key() == Qt::Key_Delete && mods == Qt::NoModifier)
        return Key::Delete;
    return Key::None;
}

void ItemActions::copyText(const QString &text)
{
    if (!text.isEmpty())
        QGuiApplication::clipboard()->setText(text);
}

} // namespace threadline::ui

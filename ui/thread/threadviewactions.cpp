// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// ThreadView, its actions on a comment row: the context menu (Reply, Copy text, Open link / Copy
// link address for its first links, Delete comment, Report…, a moderator's Hide… / Unhide…), who
// may delete or report which comment, what each action asks first (through ItemActions, shared with
// the timeline's cards) and the keys of the current row (Ctrl+C, the Menu key or Shift+F10,
// Delete). The pane's layout, loading, tree and reply box are in threadview.cpp.
#include "thread/threadview.h"

#include "common/menuactions.h"
#include "common/plaintext.h"
#include "common/textlinks.h"

#include "actions.h"
#include "poststore.h"

#include "common/virtuallistview.h"
#include <QCoreApplication>
#include <QKeyEvent>
#include <QMenu>

#include <algorithm>
#include <climits>

namespace threadline::ui {

using models::CommentTreeModel;
using Kind = CommentTreeModel::RowKind;

bool ThreadView::isCommentRow(const QModelIndex &index) const
{
    return index.isValid() && Kind(index.data(CommentTreeModel::KindRole).toInt()) == Kind::Comment;
}

bool ThreadView::canDelete(const QModelIndex &index) const
{
    if (!m_actions || !isCommentRow(index))
        return false;
    if (m_myUid != 0 && index.data(CommentTreeModel::AuthorIdRole).toLongLong() == m_myUid)
        return true;
    if (index.data(CommentTreeModel::IdRole).toLongLong() <= 0) // someone's, not on the server
        return false;
    if (m_model->isModerator())
        return true;
    const auto post = m_postId != 0 ? m_store->post(m_postId) : std::nullopt;
    return m_myUid != 0 && post && post->author.uid == m_myUid;
}

bool ThreadView::canReport(const QModelIndex &index) const
{
    return m_actions && isCommentRow(index) &&
           index.data(CommentTreeModel::IdRole).toLongLong() > 0 &&
           !(m_myUid != 0 && index.data(CommentTreeModel::AuthorIdRole).toLongLong() == m_myUid);
}

QMenu *ThreadView::createContextMenu(const QModelIndex &index, QWidget *parent)
{
    const QModelIndex row = modelIndex(index);
    if (!isCommentRow(row))
        return nullptr;
    const QPersistentModelIndex kept(row);
    auto *menu = new QMenu(parent ? parent : this);
    menu->setObjectName(QStringLiteral("commentMenu"));
    const auto add = [menu](const QString &name, const QString &text, const QKeySequence &keys) {
        return addMenuAction(menu, name, text, keys);
    };
    QAction *reply = add(QStringLiteral("reply"), tr("&Reply"), Qt::Key_Return);
    reply->setEnabled(m_actions && !m_postGone);
    connect(reply, &QAction::triggered, this, [this, kept] {
        if (kept.isValid())
            answerComment(viewIndex(kept));
    });
    menu->setDefaultAction(reply);
    QAction *copy = add(QStringLiteral("copyText"), tr("&Copy text"), QKeySequence::Copy);
    copy->setEnabled(!row.data(CommentTreeModel::ContentRole).toString().isEmpty());
    connect(copy, &QAction::triggered, this, [this, kept] { copyText(kept); });
    // the comment's first links, as its row shows them: the Menu key reaches them too
    LinkActions::addMenuEntries(menu, LinkActions::menuLinks(shownText(
                                          row.data(CommentTreeModel::ContentRole).toString())));
    const bool del = canDelete(row);
    const bool report = canReport(row);
    if (del || report)
        menu->addSeparator();
    if (del) {
        QAction *a = add(QStringLiteral("deleteComment"), tr("&Delete comment"), Qt::Key_Delete);
        connect(a, &QAction::triggered, this, [this, kept] { requestDelete(kept); });
    }
    if (report) {
        QAction *a = add(QStringLiteral("report"), tr("Re&port…"), {});
        connect(a, &QAction::triggered, this, [this, kept] { requestReport(kept); });
    }
    if (m_model->isModerator() && m_actions &&
        row.data(CommentTreeModel::IdRole).toLongLong() > 0) {
        QAction *a = ItemActions::addModerationEntry(
            menu, row.data(CommentTreeModel::HiddenRole).toBool(), QStringLiteral("Comment"),
            tr("&Hide…"), tr("&Unhide…"));
        connect(a, &QAction::triggered, this, [this, kept] { requestModeration(kept); });
    }
    return menu;
}

void ThreadView::showContextMenu(const QModelIndex &index, const QPoint &globalPos)
{
    const QModelIndex row = viewIndex(modelIndex(index));
    if (!isCommentRow(row))
        return;
    m_items.runMenu(m_tree, row, globalPos, 24, [this, row] { return createContextMenu(row); });
}

void ThreadView::copyText(const QModelIndex &index) const
{
    if (isCommentRow(index))
        ItemActions::copyText(index.data(CommentTreeModel::ContentRole).toString());
}

QString ThreadView::commentName(const QModelIndex &row) const
{
    const QString name = row.data(CommentTreeModel::AuthorNameRole).toString();
    return name.isEmpty() ? tr("this comment") : tr("%1's comment").arg(name);
}

void ThreadView::requestDelete(const QModelIndex &index)
{
    const QModelIndex row = modelIndex(index);
    if (!canDelete(row))
        return;
    const qint64 id = row.data(CommentTreeModel::IdRole).toLongLong();
    const bool mine =
        m_myUid != 0 && row.data(CommentTreeModel::AuthorIdRole).toLongLong() == m_myUid;
    const QString question =
        mine
            ? tr("Delete your comment?")
            : tr("Delete %1's comment?").arg(row.data(CommentTreeModel::AuthorNameRole).toString());
    const bool root = row.data(CommentTreeModel::RootIdRole).toLongLong() == 0;
    const qint64 replies = root ? row.data(CommentTreeModel::ReplyCountRole).toLongLong() : 0;
    const QString detail =
        replies > 0 ? tr("Its floor goes with it: %n reply(s) will be deleted too. This cannot be "
                         "undone.",
                         nullptr, int(std::min<qint64>(replies, INT_MAX)))
                    : tr("This cannot be undone.");
    if (!m_items.confirmDelete(tr("Delete comment"), question, detail) || !m_actions)
        return;
    m_actions->deleteComment(id);
}

void ThreadView::requestReport(const QModelIndex &index)
{
    const QModelIndex row = modelIndex(index);
    if (!canReport(row))
        return;
    const qint64 id = row.data(CommentTreeModel::IdRole).toLongLong();
    const auto report = m_items.askReport(commentName(row));
    if (!report || !m_actions)
        return;
    m_actions->report(core::TargetType::Comment, id, report->reason, report->note);
}

void ThreadView::requestModeration(const QModelIndex &index)
{
    const QModelIndex row = modelIndex(index);
    if (!isCommentRow(row) || !m_model->isModerator() || !m_actions)
        return;
    const qint64 id = row.data(CommentTreeModel::IdRole).toLongLong();
    if (id <= 0)
        return;
    const bool hide = !row.data(CommentTreeModel::HiddenRole).toBool();
    const bool root = row.data(CommentTreeModel::RootIdRole).toLongLong() == 0;
    const qint64 replies = root ? row.data(CommentTreeModel::ReplyCountRole).toLongLong() : 0;
    QString detail;
    if (hide)
        detail = replies > 0 ? tr("Its floor goes with it: %n reply(s) are hidden too. Moderators "
                                  "still see them, greyed.",
                                  nullptr, int(std::min<qint64>(replies, INT_MAX)))
                             : tr("Moderators still see it, greyed, and can unhide it.");
    else
        detail = root ? tr("Everyone sees it again, with its floor as it was.")
                      : tr("Everyone sees it again.");
    const auto reason = m_items.askModeration(commentName(row), hide, detail);
    if (!reason)
        return;
    m_actions->moderate(core::TargetType::Comment, id, hide, *reason);
}

bool ThreadView::handleTreeKey(QKeyEvent *event)
{
    const Qt::KeyboardModifiers mods = event->modifiers() & ~Qt::KeypadModifier;
    const QModelIndex current = m_tree->currentIndex();
    if (mods == Qt::NoModifier) {
        switch (event->key()) {
        case Qt::Key_Escape: // from the comments too, not only from the box
            Q_EMIT closeRequested();
            return true;
        case Qt::Key_J:
        case Qt::Key_K: { // as Down and Up
            QKeyEvent arrow(QEvent::KeyPress, event->key() == Qt::Key_J ? Qt::Key_Down : Qt::Key_Up,
                            Qt::NoModifier);
            QCoreApplication::sendEvent(m_tree, &arrow);
            return true;
        }
        case Qt::Key_R: // the comment's reply, else the post's: the cursor into the box
            if (isCommentRow(current))
                answerComment(current);
            else
                answerPost();
            focusReply();
            return true;
        case Qt::Key_L:
            if (!isCommentRow(current) || !m_actions)
                return false;
            m_actions->voteComment(current.data(CommentTreeModel::IdRole).toLongLong(), 1);
            return true;
        default:
            break;
        }
    }
    if (!isCommentRow(current))
        return false;
    switch (ItemActions::keyOf(event)) {
    case ItemActions::Key::Copy:
        copyText(current);
        return true;
    case ItemActions::Key::Menu:
        showContextMenu(current);
        return true;
    case ItemActions::Key::Delete:
        if (!canDelete(current))
            return false;
        requestDelete(current);
        return true;
    case ItemActions::Key::None:
        break;
    }
    return false;
}

QList<RowAction> ThreadView::rowActions(const QModelIndex &index)
{
    QList<RowAction> out;
    const QPersistentModelIndex row(index);
    if (!isCommentRow(index)) { // "more replies (N)", "load more floors"
        out.append({QStringLiteral("Open"), index.data(Qt::DisplayRole).toString(),
                    QKeySequence(Qt::Key_Return), [this, row] {
                        if (row.isValid())
                            m_model->activate(modelIndex(row));
                    }});
        return out;
    }
    const qint64 id = index.data(CommentTreeModel::IdRole).toLongLong();
    if (m_actions && id > 0) {
        const bool liked = index.data(CommentTreeModel::LikedRole).toBool();
        const bool opposed = index.data(CommentTreeModel::OpposedRole).toBool();
        out.append({liked ? QStringLiteral("Unlike") : QStringLiteral("Like"),
                    liked ? tr("Unlike") : tr("Like"), QKeySequence(Qt::Key_L),
                    [this, id] { m_actions->voteComment(id, 1); }});
        out.append({opposed ? QStringLiteral("Withdraw oppose") : QStringLiteral("Oppose"),
                    opposed ? tr("Withdraw oppose") : tr("Oppose"), QKeySequence(),
                    [this, id] { m_actions->voteComment(id, -1); }});
    }
    if (m_actions && !m_postGone)
        out.append({QStringLiteral("Reply"), tr("Reply"), QKeySequence(Qt::Key_R), [this, row] {
                        if (row.isValid())
                            answerComment(row);
                        focusReply();
                    }});
    out.append({QStringLiteral("Copy"), tr("Copy text"), QKeySequence::Copy,
                [this, row] { copyText(row); }});
    if (canDelete(index))
        out.append({QStringLiteral("Delete"), tr("Delete comment"), QKeySequence::Delete,
                    [this, row] { requestDelete(row); }});
    if (canReport(index))
        out.append({QStringLiteral("Report"), tr("Report…"), QKeySequence(),
                    [this, row] { requestReport(row); }});
    return out;
}

} // namespace threadline::ui

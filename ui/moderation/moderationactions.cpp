// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// ModerationView, its actions on the selected item of the visible queue list: the selection,
// the Hide… / Unhide… / Dismiss… / Open post buttons' states, the inline reason line (what it
// says for each action and target; Return confirms, Esc cancels), the actions themselves through
// the feeds, and the context of the selected item. The page's layout, tabs, loading and keys are
// in moderationview.cpp.
#include "moderation/moderationview.h"

#include "moderation/moderationcontext.h"

#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPushButton>

namespace threadline::ui {

using models::ModerationQueueFeed;
using QM = models::ModerationQueueModel;
using Pending = models::ModerationQueueModel::Pending;

// --- selection and actions ------------------------------------------------------------------

ModerationView::Queue *ModerationView::visibleQueue()
{
    switch (currentTab()) {
    case Tab::Open:
        return &m_open;
    case Tab::Closed:
        return &m_closed;
    case Tab::Log:
        break;
    }
    return nullptr;
}

const ModerationView::Queue *ModerationView::visibleQueue() const
{
    return const_cast<ModerationView *>(this)->visibleQueue();
}

QModelIndex ModerationView::selectedIndex() const
{
    const Queue *q = visibleQueue();
    if (!q)
        return {};
    const QModelIndex current = q->list->currentIndex();
    if (!current.isValid() || !q->list->selectionModel()->isSelected(current))
        return {};
    return current;
}

qint64 ModerationView::selectedItemId() const
{
    return selectedIndex().data(QM::IdRole).toLongLong();
}

void ModerationView::updateActions()
{
    const QModelIndex i = selectedIndex();
    const bool any = i.isValid();
    const bool deleted = i.data(QM::TargetDeletedRole).toBool();
    const bool hidden = i.data(QM::TargetHiddenRole).toBool();
    const bool queued = Pending(i.data(QM::PendingRole).toInt()) == Pending::Queued;
    const bool post = i.data(QM::TargetTypeRole).toString() == QLatin1String("post");
    m_hide->setEnabled(any && !deleted && !hidden && !queued);
    m_unhide->setEnabled(any && !deleted && hidden && !queued);
    m_dismiss->setEnabled(any && !queued && currentTab() == Tab::Open &&
                          i.data(QM::StatusRole).toString() == QLatin1String("open"));
    m_openPost->setEnabled(any && i.data(QM::PostIdRole).toLongLong() > 0 && !(post && deleted));
}

bool ModerationView::isAskingReason() const
{
    return m_reasonBar->isVisibleTo(this);
}

std::optional<ModerationView::Action> ModerationView::reasonAction() const
{
    return isAskingReason() ? std::optional(m_reasonAction) : std::nullopt;
}

void ModerationView::askReason(Action action)
{
    const QModelIndex i = selectedIndex();
    QPushButton *button = action == Action::Hide     ? m_hide
                          : action == Action::Unhide ? m_unhide
                                                     : m_dismiss;
    if (!i.isValid() || !button->isEnabled())
        return;
    m_reasonItem = i.data(QM::IdRole).toLongLong();
    m_reasonAction = action;
    QString reason;
    if (action == Action::Hide) { // prefilled: the server wants one
        reason = i.data(QM::ReasonsTextRole).toString();
        if (reason.isEmpty() && i.data(QM::AutoFlaggedRole).toBool())
            reason =
                tr("Auto-flagged: \u201c%1\u201d").arg(i.data(QM::AutoFlagWordRole).toString());
    }
    m_reasonEdit->setText(reason);
    m_reasonBar->setVisible(true);
    updateReasonTexts(); // the note shows with the line
    m_reasonEdit->setFocus(Qt::OtherFocusReason);
    m_reasonEdit->selectAll();
}

void ModerationView::updateReasonTexts()
{
    const Queue *q = visibleQueue();
    const std::optional<core::QueueItem> item =
        q && m_reasonItem ? q->model->item(m_reasonItem) : std::nullopt;
    const QString what = item ? ModerationQueueFeed::describeTarget(*item) : QString();
    QString note;
    switch (m_reasonAction) {
    case Action::Hide:
        m_reasonLabel->setText(tr("Hide %1 \u2014 reason:").arg(what));
        m_reasonEdit->setPlaceholderText(tr("Required: why this is hidden"));
        m_reasonOk->setText(tr("Hide"));
        if (item) {
            if (const core::Comment *c = item->targetComment(); c && c->isRoot()) {
                if (c->replyCount == 1)
                    note = tr("Its floor's reply is hidden with it.");
                else if (c->replyCount > 1)
                    note = tr("Its floor's %1 replies are hidden with it.").arg(c->replyCount);
            } else if (const core::Post *p = item->targetPost()) {
                if (p->commentCount == 1)
                    note = tr("Its one comment is hidden with it.");
                else if (p->commentCount > 1)
                    note = tr("Its %1 comments are hidden with it.").arg(p->commentCount);
            }
        }
        break;
    case Action::Unhide:
        m_reasonLabel->setText(tr("Unhide %1 \u2014 reason (optional):").arg(what));
        m_reasonEdit->setPlaceholderText(tr("Optional: why it is shown again"));
        m_reasonOk->setText(tr("Unhide"));
        if (item) {
            if (const core::Comment *c = item->targetComment(); c && c->isRoot())
                note = tr("Its floor comes back as it was before it was hidden.");
            else if (item->targetPost())
                note = tr("Its comments come back with it.");
        }
        break;
    case Action::Dismiss:
        m_reasonLabel->setText(
            item && item->reportCount == 0 && item->autoFlagWord
                ? tr("Dismiss the auto-flag on %1 \u2014 reason (optional):").arg(what)
                : tr("Dismiss the reports on %1 \u2014 reason (optional):").arg(what));
        m_reasonEdit->setPlaceholderText(tr("Optional: why nothing is hidden"));
        m_reasonOk->setText(tr("Dismiss"));
        break;
    }
    m_reasonOk->setEnabled(m_reasonAction != Action::Hide ||
                           !m_reasonEdit->text().trimmed().isEmpty());
    m_reasonNote->setText(note);
    m_reasonNote->setVisible(isAskingReason() && !note.isEmpty());
}

void ModerationView::confirmReason()
{
    const QString reason = m_reasonEdit->text().trimmed();
    const Action action = m_reasonAction;
    if (action == Action::Hide && reason.isEmpty()) {
        m_reasonEdit->setFocus(); // required: the server refuses a hide without one
        return;
    }
    Queue *q = visibleQueue();
    const qint64 itemId = m_reasonItem;
    cancelReason();
    if (!q || itemId == 0)
        return;
    // the item the line was opened for, even if the selection moved meanwhile
    const int row = q->model->rowOf(itemId);
    if (row < 0)
        return;
    q->list->setCurrentIndex(q->model->index(row));
    switch (action) {
    case Action::Hide:
        hideSelected(reason);
        break;
    case Action::Unhide:
        unhideSelected(reason);
        break;
    case Action::Dismiss:
        dismissSelected(reason);
        break;
    }
}

void ModerationView::cancelReason()
{
    const bool had = m_reasonBar->isVisible();
    m_reasonItem = 0;
    m_reasonBar->setVisible(false);
    m_reasonNote->setVisible(false);
    if (had)
        if (Queue *q = visibleQueue())
            q->list->setFocus(Qt::OtherFocusReason);
}

bool ModerationView::hideSelected(const QString &reason)
{
    Queue *q = visibleQueue();
    const QModelIndex i = selectedIndex();
    if (!q || !i.isValid() || reason.trimmed().isEmpty() || !m_hide->isEnabled())
        return false;
    return q->feed->hideTarget(i.data(QM::IdRole).toLongLong(), reason.trimmed()) > 0;
}

bool ModerationView::unhideSelected(const QString &reason)
{
    Queue *q = visibleQueue();
    const QModelIndex i = selectedIndex();
    if (!q || !i.isValid() || !m_unhide->isEnabled())
        return false;
    return q->feed->unhideTarget(i.data(QM::IdRole).toLongLong(), reason.trimmed()) > 0;
}

bool ModerationView::dismissSelected(const QString &reason)
{
    Queue *q = visibleQueue();
    const QModelIndex i = selectedIndex();
    if (!q || !i.isValid() || !m_dismiss->isEnabled())
        return false;
    return q->feed->dismiss(i.data(QM::IdRole).toLongLong(), reason.trimmed()) > 0;
}

bool ModerationView::openSelectedPost()
{
    const QModelIndex i = selectedIndex();
    if (!i.isValid() || !m_openPost->isEnabled())
        return false;
    const qint64 postId = i.data(QM::PostIdRole).toLongLong();
    Q_EMIT postRequested(postId);
    if (i.data(QM::TargetTypeRole).toString() == QLatin1String("comment"))
        Q_EMIT commentRequested(postId, i.data(QM::TargetIdRole).toLongLong());
    return true;
}

void ModerationView::updateContext()
{
    const Queue *q = visibleQueue();
    const qint64 itemId = q ? selectedItemId() : 0;
    const std::optional<core::QueueItem> item =
        itemId ? q->model->item(itemId) : std::optional<core::QueueItem>();
    if (item)
        m_context->show(*item);
    else
        m_context->clear();
}

} // namespace threadline::ui

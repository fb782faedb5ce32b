// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The moderators' queue: reported and auto-flagged posts, comments and messages (on a person's
// board), newest first
// (GET /moderation/queue pages), and ModerationQueueFeed, which loads it and acts on it through
// core::Actions, the one path of every action (hide, unhide, dismiss: the persistent outbox).
//
//   ModerationQueueModel model;
//   ModerationQueueFeed feed(&api, &outbox, &actions, &model); // the outbox is open (or opening)
//   connect(&feed, &ModerationQueueFeed::loadFailed, ui, &Ui::tell);   // "You are not allowed…"
//   connect(&feed, &ModerationQueueFeed::actionFailed, ui, …);         // the outbox's sentence
//   feed.refresh();                                    // first page; fetchMore() loads the rest
//   feed.hideTarget(model.itemIdAt(row), tr("spam"));  // pending at once, gone once the server
//                                                      // has taken it
#pragma once

#include "actions.h"
#include "common/pagedfeed.h"
#include "common/pagedlistmodel.h"
#include "wire/wiretypes.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QString>

#include <optional>

namespace threadline::core {
class ApiClient;
class ApiReply;
class Outbox;
struct OutboxAnswer;
struct OutboxEntry;
} // namespace threadline::core

namespace threadline::models {

class ModerationQueueModel : public PagedListModel<core::QueueItem>
{
    Q_OBJECT
public:
    enum Role {
        IdRole = Qt::UserRole + 1, // qint64: the queue item's id
        TargetTypeRole,            // QString: "post", "comment" or "message"
        TargetIdRole,              // qint64: the reported post's, comment's or message's id
        TargetAuthorIdRole,        // qint64: the target's author (0 when deleted)
        TargetAuthorNameRole,      // QString: the target's author's nickname ("" when deleted)
        TargetAuthorAvatarRole,    // QString: the target's author's avatar (absolute or /path)
        TargetContentRole,         // QString: the target's text, plain ("" when deleted)
        TargetDeletedRole,         // bool: the target has been deleted (the server sent no target)
        TargetHiddenRole,          // bool: the target is hidden by a moderator
        PostIdRole,         // qint64: the post to open: the target itself, or a comment's post
                            // (0 for a message: it is on a board, in no post)
        PostContentRole,    // QString: a comment's post, for context, plain ("" for a post)
        PostAuthorNameRole, // QString: a comment's post's author ("" for a post)
        ReportsRole,        // QVariantList of QVariantMap {reporterId, reporterName, reason
                            // ("spam"…), reasonText ("Spam"…, translated), note, createtime},
                            // newest first
        ReportCountRole,    // qint64: the reports ever made on the target
        ReasonsTextRole,    // QString: the distinct reasons, translated: "Spam · Abuse"
        AutoFlaggedRole,    // bool: opened by the server's word list
        AutoFlagWordRole,   // QString: the word that flagged it ("" when not auto-flagged)
        StatusRole,         // QString: "open" or "closed"
        CreatedTimeRole,    // qint64: the item's createtime (its opening), ms since the epoch
        BoardOwnerIdRole,   // qint64: a message's board's owner (0 for a post or a comment, or
                            // a deleted message)
        BoardOwnerNameRole, // QString: a message's board's owner's nickname ("" otherwise)
        PendingRole,        // int: Pending — a moderation action on this item is queued / failed
        PendingMessageRole, // QString: for Pending::Failed, the outbox's sentence
    };
    Q_ENUM(Role)

    // The state of my moderation actions on an item (an overlay kept apart from the server's
    // data: it survives clear(), pages and upserts).
    enum class Pending {
        None,   // nothing of mine is waiting
        Queued, // an action is in the outbox, not yet taken by the server
        Failed, // the last action failed for good (PendingMessageRole says why)
    };
    Q_ENUM(Pending)

    explicit ModerationQueueModel(QObject *parent = nullptr);

    // Paging (PagedListModel): replaceAll() a first page, appendPage() the next ones (items
    // already listed skipped), clear() every row (a reset; the pending overlay stays),
    // nextCursor(), pageFailed(), rowOf(itemId).

    // The server's newer view of an item: updated in place (dataChanged naming the roles that
    // changed), moved when its createtime changed (a reopening), or inserted at its place,
    // newest first. An item that would sort below the loaded rows while more pages remain is
    // left to its page.
    void upsertItem(const core::QueueItem &item);
    // Removes the item's row (no-op when it is not listed).
    void removeItem(qint64 itemId);

    // My pending actions (see Pending); dataChanged for the row when it is listed.
    void setPending(qint64 itemId, Pending state, const QString &message = {});
    [[nodiscard]] Pending pending(qint64 itemId) const;

    // The row of the item about this post, comment or message, -1 when none is listed.
    [[nodiscard]] int rowOfTarget(core::TargetType type, qint64 targetId) const;
    [[nodiscard]] qint64 itemIdAt(int row) const;
    [[nodiscard]] std::optional<core::QueueItem> item(qint64 itemId) const;

    [[nodiscard]] QVariant data(const QModelIndex &index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;

    // "spam" / "Spam" (translated), and the like for the other reasons.
    [[nodiscard]] static QString reasonCode(core::Report::Reason reason);
    [[nodiscard]] static QString reasonText(core::Report::Reason reason);
    // The roles whose values differ between two versions of an item.
    [[nodiscard]] static QList<int> changedRoles(const core::QueueItem &before,
                                                 const core::QueueItem &after);

private:
    struct Mark
    {
        Pending state = Pending::None;
        QString message;
    };

    // Where an item of this (createtime, id) goes, newest first, among the other rows.
    [[nodiscard]] int placeFor(const core::QueueItem &item, qint64 skipId) const;
    [[nodiscard]] QString summary(const core::QueueItem &item) const;

    QHash<qint64, Mark> m_marks;
};

// Loads the queue (one status at a time) into a ModerationQueueModel and carries the
// moderator's actions to the server through core::Actions (the outbox first), marking the row
// pending meanwhile; it follows the outbox's entries to settle the marks.
// Paging (PagedFeed): refresh() loads the first page and replaces the model's rows with it
// (what it showed stays until the answer is there, and when it fails; a page in flight is
// abandoned), setPageSize() (1–50), isLoading(), loadingChanged(), loaded(first),
// loadFailed(message, error) — 403 for a non-moderator, the server down, a malformed body.
class ModerationQueueFeed : public PagedFeed<ModerationQueueModel>
{
    Q_OBJECT
public:
    static constexpr int kDefaultPageSize = 20;

    // actions null: nothing can be done (every action returns 0).
    ModerationQueueFeed(core::ApiClient *api, core::Outbox *outbox, core::Actions *actions,
                        ModerationQueueModel *model, QObject *parent = nullptr);

    // Which list: open (the default) or closed. Takes effect at the next refresh().
    void setStatus(core::QueueItem::Status status) { m_status = status; }
    [[nodiscard]] core::QueueItem::Status status() const { return m_status; }

    // Moderation actions on the item's target (or the item), queued in the outbox; the row is
    // marked pending at once. Each returns the outbox entry id, 0 when the item is not listed
    // (or, for hide, the target is deleted). A hide needs a reason (the server refuses an empty
    // one: the outbox then reports the failure).
    qint64 hideTarget(qint64 itemId, const QString &reason);
    qint64 unhideTarget(qint64 itemId, const QString &reason = {});
    qint64 dismiss(qint64 itemId, const QString &reason = {});

    // How the target is named in the outbox's sentences: "王五's post", "李四's comment",
    // "张三's message".
    [[nodiscard]] static QString describeTarget(const core::QueueItem &item);

Q_SIGNALS:
    // The server took an action on the item (it may have left the list).
    void actionCompleted(qint64 itemId);
    // An action failed for good: `message` is the outbox's sentence for the user.
    void actionFailed(qint64 itemId, const QString &message);

private:
    // GET /moderation/queue: the page after `cursor` of the list of this status.
    core::ApiReply *queuePage(const std::optional<QString> &cursor, QObject *owner) const;
    qint64 track(qint64 entryId, qint64 itemId);
    qint64 decide(core::Actions::QueueDecision decision, core::TargetType type, qint64 id,
                  const QString &reason, const core::QueueItem &item) const;
    // Marks the listed items that outbox entries (e.g. of an earlier session) act on.
    void adoptOutboxEntries();
    [[nodiscard]] qint64 itemIdFor(const core::OutboxEntry &entry) const;
    void onCompleted(const core::OutboxEntry &entry, const core::OutboxAnswer &answer);
    void onFailed(const core::OutboxEntry &entry, const QString &message);
    // The entry's item has nothing of mine left in flight: its mark becomes `state`.
    void settle(qint64 itemId, ModerationQueueModel::Pending state, const QString &message = {});

    core::ApiClient *m_api;
    core::Outbox *m_outbox;
    core::Actions *m_actions;
    core::QueueItem::Status m_status = core::QueueItem::Status::Open;
    QHash<qint64, qint64> m_entryItem; // outbox entry id → queue item id
};

} // namespace threadline::models

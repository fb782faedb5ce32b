// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "moderation/moderationqueuemodel.h"
#include "common/rolenames.h"
#include "wire/usertext.h"

#include "actions.h"
#include "net/apiclient.h"
#include "net/endpoints.h"
#include "outbox/outbox.h"
#include "wire/jsoncodec.h"

#include <QMetaEnum>

namespace threadline::models {

using core::Comment;
using core::Message;
using core::OutboxEntry;
using core::Post;
using core::QueueItem;
using core::Report;
using core::TargetType;
using Decision = core::Actions::QueueDecision;

namespace {

constexpr int kSummaryChars = 60;

// The target's author, or nothing when it has been deleted.
const core::UserBrief *targetAuthor(const QueueItem &item)
{
    if (const Post *p = item.targetPost())
        return &p->author;
    if (const Comment *c = item.targetComment())
        return &c->author;
    if (const Message *m = item.targetMessage())
        return &m->author;
    return nullptr;
}

QString targetContent(const QueueItem &item)
{
    if (const Post *p = item.targetPost())
        return p->content;
    if (const Comment *c = item.targetComment())
        return c->content;
    if (const Message *m = item.targetMessage())
        return m->content;
    return {};
}

bool targetHidden(const QueueItem &item)
{
    if (const Post *p = item.targetPost())
        return p->hidden;
    if (const Comment *c = item.targetComment())
        return c->status == Comment::Status::Hidden;
    if (const Message *m = item.targetMessage())
        return m->hidden;
    return false;
}

qint64 postIdOf(const QueueItem &item)
{
    if (item.targetType == TargetType::Post)
        return item.targetId;
    if (item.targetType == TargetType::Message)
        return 0; // on a board, in no post
    if (const Comment *c = item.targetComment())
        return c->postId;
    return item.post ? item.post->id : 0;
}

// The reasons of the reports, each once, in the order of the enum (Spam, Abuse, Illegal, Other).
QList<Report::Reason> distinctReasons(const QueueItem &item)
{
    QList<Report::Reason> reasons;
    for (const Report::Reason r : {Report::Reason::Spam, Report::Reason::Abuse,
                                   Report::Reason::Illegal, Report::Reason::Other}) {
        for (const Report &report : item.reports) {
            if (report.reason == r) {
                reasons.append(r);
                break;
            }
        }
    }
    return reasons;
}

QString reasonsLine(const QueueItem &item)
{
    QStringList texts;
    for (const Report::Reason r : distinctReasons(item))
        texts.append(ModerationQueueModel::reasonText(r));
    return texts.join(QStringLiteral(" · "));
}

QVariantList reportList(const QueueItem &item)
{
    QVariantList list;
    list.reserve(item.reports.size());
    for (const Report &r : item.reports) {
        list.append(QVariantMap{
            {QStringLiteral("reporterId"), r.reporter.uid},
            {QStringLiteral("reporterName"), r.reporter.nickName},
            {QStringLiteral("reason"), ModerationQueueModel::reasonCode(r.reason)},
            {QStringLiteral("reasonText"), ModerationQueueModel::reasonText(r.reason)},
            {QStringLiteral("note"), r.note},
            {QStringLiteral("createtime"), r.createtime},
        });
    }
    return list;
}

// Newest first: createtime descending, then id descending.
bool newerThan(const QueueItem &a, const QueueItem &b)
{
    return a.createtime != b.createtime ? a.createtime > b.createtime : a.id > b.id;
}

// Every role that comes from the server's data (not the pending overlay).
QVariant valueOf(const QueueItem &item, int role)
{
    using M = ModerationQueueModel;
    const core::UserBrief *author = targetAuthor(item);
    switch (role) {
    case M::IdRole:
        return item.id;
    case M::TargetTypeRole:
        return core::wireName(item.targetType);
    case M::TargetIdRole:
        return item.targetId;
    case M::TargetAuthorIdRole:
        return author ? author->uid : qint64(0);
    case M::TargetAuthorNameRole:
        return author ? author->nickName : QString();
    case M::TargetAuthorAvatarRole:
        return author ? author->headImg : QString();
    case M::TargetContentRole:
        return targetContent(item);
    case M::TargetDeletedRole:
        return !item.target.has_value();
    case M::TargetHiddenRole:
        return targetHidden(item);
    case M::PostIdRole:
        return postIdOf(item);
    case M::PostContentRole:
        return item.targetType == TargetType::Comment && item.post ? item.post->content : QString();
    case M::PostAuthorNameRole:
        return item.targetType == TargetType::Comment && item.post ? item.post->author.nickName
                                                                   : QString();
    case M::ReportsRole:
        return reportList(item);
    case M::ReportCountRole:
        return item.reportCount;
    case M::ReasonsTextRole:
        return reasonsLine(item);
    case M::AutoFlaggedRole:
        return item.autoFlagWord.has_value();
    case M::AutoFlagWordRole:
        return item.autoFlagWord.value_or(QString());
    case M::StatusRole:
        return item.status == QueueItem::Status::Open ? QStringLiteral("open")
                                                      : QStringLiteral("closed");
    case M::CreatedTimeRole:
        return item.createtime;
    case M::BoardOwnerIdRole:
        return item.targetMessage() ? item.targetMessage()->board.uid : qint64(0);
    case M::BoardOwnerNameRole:
        return item.targetMessage() ? item.targetMessage()->board.nickName : QString();
    }
    return {};
}

} // namespace

// --- ModerationQueueModel ---------------------------------------------------------------------

ModerationQueueModel::ModerationQueueModel(QObject *parent)
    : PagedListModel(parent)
{
}

QString ModerationQueueModel::reasonCode(Report::Reason reason)
{
    switch (reason) {
    case Report::Reason::Spam:
        return QStringLiteral("spam");
    case Report::Reason::Abuse:
        return QStringLiteral("abuse");
    case Report::Reason::Illegal:
        return QStringLiteral("illegal");
    case Report::Reason::Other:
        return QStringLiteral("other");
    }
    return {};
}

QString ModerationQueueModel::reasonText(Report::Reason reason)
{
    switch (reason) {
    case Report::Reason::Spam:
        return tr("Spam");
    case Report::Reason::Abuse:
        return tr("Abuse");
    case Report::Reason::Illegal:
        return tr("Illegal");
    case Report::Reason::Other:
        return tr("Other");
    }
    return {};
}

QList<int> ModerationQueueModel::changedRoles(const QueueItem &before, const QueueItem &after)
{
    QList<int> roles;
    const QMetaEnum e = QMetaEnum::fromType<Role>();
    for (int i = 0; i < e.keyCount(); ++i) {
        const int role = e.value(i);
        if (role == PendingRole || role == PendingMessageRole)
            continue;
        if (valueOf(before, role) != valueOf(after, role))
            roles.append(role);
    }
    if (!roles.isEmpty())
        roles.prepend(Qt::DisplayRole); // the summary is made of them
    return roles;
}

int ModerationQueueModel::placeFor(const QueueItem &item, qint64 skipId) const
{
    // The rows are newest first: the place is after every row newer than the item.
    int place = 0;
    for (const QueueItem &other : items()) {
        if (other.id == skipId)
            continue;
        if (!newerThan(other, item))
            break;
        ++place;
    }
    return place;
}

void ModerationQueueModel::upsertItem(const QueueItem &item)
{
    int row = rowOf(item.id);
    if (row < 0) {
        const int place = placeFor(item, 0);
        if (place == rowCount() && nextCursor().has_value())
            return; // below what is loaded: it comes with its page
        insertItems(place, {item});
        return;
    }
    const QList<int> roles = changedRoles(at(row), item);
    if (at(row).createtime != item.createtime) {
        const int to = placeFor(item, item.id); // its index once the others are in order
        moveItem(row, to);
        row = to;
    }
    replaceItemAt(row, item);
    if (!roles.isEmpty())
        Q_EMIT dataChanged(index(row), index(row), roles);
}

void ModerationQueueModel::removeItem(qint64 itemId)
{
    const int row = rowOf(itemId);
    if (row >= 0)
        removeItemAt(row);
}

void ModerationQueueModel::setPending(qint64 itemId, Pending state, const QString &message)
{
    const Mark before = m_marks.value(itemId);
    if (before.state == state && before.message == message)
        return;
    if (state == Pending::None)
        m_marks.remove(itemId);
    else
        m_marks.insert(itemId, Mark{state, message});
    const int row = rowOf(itemId);
    if (row >= 0)
        Q_EMIT dataChanged(index(row), index(row), {PendingRole, PendingMessageRole});
}

ModerationQueueModel::Pending ModerationQueueModel::pending(qint64 itemId) const
{
    return m_marks.value(itemId).state;
}

int ModerationQueueModel::rowOfTarget(TargetType type, qint64 targetId) const
{
    for (int i = 0; i < rowCount(); ++i) {
        if (at(i).targetType == type && at(i).targetId == targetId)
            return i;
    }
    return -1;
}

qint64 ModerationQueueModel::itemIdAt(int row) const
{
    return row >= 0 && row < rowCount() ? at(row).id : 0;
}

std::optional<QueueItem> ModerationQueueModel::item(qint64 itemId) const
{
    const int row = rowOf(itemId);
    return row >= 0 ? std::optional<QueueItem>(at(row)) : std::nullopt;
}

QString ModerationQueueModel::summary(const QueueItem &item) const
{
    QStringList parts;
    const core::UserBrief *author = targetAuthor(item);
    const bool post = item.targetType == TargetType::Post;
    const bool message = item.targetType == TargetType::Message;
    if (!author) {
        parts.append(post      ? tr("Deleted post")
                     : message ? tr("Deleted message")
                               : tr("Deleted comment"));
    } else {
        QString text = targetContent(item).simplified(); // one line
        if (text.size() > kSummaryChars)
            text = text.left(kSummaryChars - 1) + QChar(0x2026);
        const QString name = core::shownName(author->nickName);
        if (const Message *m = item.targetMessage())
            parts.append(tr("Message by %1 on %2's board: %3")
                             .arg(name, core::shownName(m->board.nickName), core::shownText(text)));
        else
            parts.append(post ? tr("Post by %1: %2").arg(name, core::shownText(text))
                              : tr("Comment by %1: %2").arg(name, core::shownText(text)));
    }
    if (item.reportCount > 0) {
        const QString reasons = reasonsLine(item);
        const QString count = tr("%n report(s)", nullptr, int(item.reportCount));
        parts.append(reasons.isEmpty() ? count : tr("%1 (%2)").arg(count, reasons));
    }
    if (item.autoFlagWord)
        parts.append(tr("auto-flagged: \u201c%1\u201d").arg(*item.autoFlagWord));
    return parts.join(QStringLiteral(" · "));
}

QVariant ModerationQueueModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const QueueItem &item = at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return summary(item);
    case PendingRole:
        return int(m_marks.value(item.id).state);
    case PendingMessageRole:
        return m_marks.value(item.id).message;
    default:
        if (role > Qt::UserRole && role < PendingRole)
            return valueOf(item, role);
    }
    return {};
}

QHash<int, QByteArray> ModerationQueueModel::roleNames() const
{
    return roleNamesOf<Role>(QAbstractListModel::roleNames());
}

// --- ModerationQueueFeed ----------------------------------------------------------------------

namespace {

bool isModeration(OutboxEntry::Kind kind)
{
    switch (kind) {
    case OutboxEntry::Kind::HideComment:
    case OutboxEntry::Kind::UnhideComment:
    case OutboxEntry::Kind::HidePost:
    case OutboxEntry::Kind::UnhidePost:
    case OutboxEntry::Kind::HideMessage:
    case OutboxEntry::Kind::UnhideMessage:
    case OutboxEntry::Kind::DismissReport:
        return true;
    default:
        return false;
    }
}

} // namespace

ModerationQueueFeed::ModerationQueueFeed(core::ApiClient *api, core::Outbox *outbox,
                                         core::Actions *actions, ModerationQueueModel *model,
                                         QObject *parent)
    : PagedFeed(model, std::bind_front(&ModerationQueueFeed::queuePage, this),
                qOverload<const QByteArray &>(&core::decodeQueuePage), kDefaultPageSize, parent)
    , m_api(api)
    , m_outbox(outbox)
    , m_actions(actions)
{
    // What the page's items are acted on in the outbox (e.g. in an earlier session).
    connect(this, &PagedFeedBase::loaded, this, &ModerationQueueFeed::adoptOutboxEntries);
    connect(m_outbox, &core::Outbox::completed, this, &ModerationQueueFeed::onCompleted);
    connect(m_outbox, &core::Outbox::failed, this, &ModerationQueueFeed::onFailed);
    connect(m_outbox, &core::Outbox::opened, this, &ModerationQueueFeed::adoptOutboxEntries);
    // From the outbox panel: a discarded action leaves nothing pending (its item shows as the
    // server has it); a retried one is queued again.
    connect(m_outbox, &core::Outbox::discarded, this, [this](const OutboxEntry &entry) {
        if (!isModeration(entry.kind))
            return;
        qint64 itemId = m_entryItem.take(entry.id);
        if (itemId == 0)
            itemId = itemIdFor(entry);
        if (itemId != 0)
            settle(itemId, ModerationQueueModel::Pending::None, QString());
    });
    connect(m_outbox, &core::Outbox::requeued, this, &ModerationQueueFeed::adoptOutboxEntries);
}

core::ApiReply *ModerationQueueFeed::queuePage(const std::optional<QString> &cursor,
                                               QObject *owner) const
{
    using core::endpoint::QueueStatus;
    return m_api->send(core::endpoint::moderationQueue(m_status == QueueItem::Status::Open
                                                           ? QueueStatus::Open
                                                           : QueueStatus::Closed,
                                                       pageSize(), cursor),
                       owner);
}

QString ModerationQueueFeed::describeTarget(const QueueItem &item)
{
    const core::UserBrief *author = targetAuthor(item);
    if (item.targetType == TargetType::Post)
        return author ? tr("%1's post").arg(core::shownName(author->nickName))
                      : tr("the reported post");
    if (item.targetType == TargetType::Message)
        return author ? tr("%1's message").arg(core::shownName(author->nickName))
                      : tr("the reported message");
    return author ? tr("%1's comment").arg(core::shownName(author->nickName))
                  : tr("the reported comment");
}

qint64 ModerationQueueFeed::track(qint64 entryId, qint64 itemId)
{
    if (entryId == 0)
        return 0;
    m_entryItem.insert(entryId, itemId);
    model()->setPending(itemId, ModerationQueueModel::Pending::Queued);
    return entryId;
}

qint64 ModerationQueueFeed::hideTarget(qint64 itemId, const QString &reason)
{
    const auto item = model()->item(itemId);
    if (!item || !item->target)
        return 0;
    return track(decide(Decision::Hide, item->targetType, item->targetId, reason, *item), itemId);
}

qint64 ModerationQueueFeed::unhideTarget(qint64 itemId, const QString &reason)
{
    const auto item = model()->item(itemId);
    if (!item || !item->target)
        return 0;
    return track(decide(Decision::Unhide, item->targetType, item->targetId, reason, *item), itemId);
}

qint64 ModerationQueueFeed::dismiss(qint64 itemId, const QString &reason)
{
    const auto item = model()->item(itemId);
    if (!item)
        return 0;
    return track(decide(Decision::Dismiss, item->targetType, itemId, reason, *item), itemId);
}

qint64 ModerationQueueFeed::decide(core::Actions::QueueDecision decision, TargetType type,
                                   qint64 id, const QString &reason, const QueueItem &item) const
{
    // one path for every action: core::Actions (the outbox first)
    return m_actions ? m_actions->decideQueueItem(decision, type, id, reason, describeTarget(item))
                     : 0;
}

qint64 ModerationQueueFeed::itemIdFor(const OutboxEntry &entry) const
{
    switch (entry.kind) {
    case OutboxEntry::Kind::DismissReport:
        return model()->rowOf(entry.targetId) >= 0 ? entry.targetId : 0;
    case OutboxEntry::Kind::HidePost:
    case OutboxEntry::Kind::UnhidePost:
        return model()->itemIdAt(model()->rowOfTarget(TargetType::Post, entry.targetId));
    case OutboxEntry::Kind::HideComment:
    case OutboxEntry::Kind::UnhideComment:
        return model()->itemIdAt(model()->rowOfTarget(TargetType::Comment, entry.targetId));
    case OutboxEntry::Kind::HideMessage:
    case OutboxEntry::Kind::UnhideMessage:
        return model()->itemIdAt(model()->rowOfTarget(TargetType::Message, entry.targetId));
    default:
        return 0;
    }
}

void ModerationQueueFeed::adoptOutboxEntries()
{
    for (const OutboxEntry &e : m_outbox->entries()) {
        if (!isModeration(e.kind) || m_entryItem.contains(e.id))
            continue;
        if (const qint64 itemId = itemIdFor(e))
            track(e.id, itemId);
    }
}

void ModerationQueueFeed::settle(qint64 itemId, ModerationQueueModel::Pending state,
                                 const QString &message)
{
    for (auto it = m_entryItem.cbegin(); it != m_entryItem.cend(); ++it) {
        if (it.value() == itemId)
            return; // another action on it is still queued
    }
    model()->setPending(itemId, state, message);
}

void ModerationQueueFeed::onCompleted(const OutboxEntry &entry, const core::OutboxAnswer &answer)
{
    if (!isModeration(entry.kind))
        return;
    const bool dismissal = entry.kind == OutboxEntry::Kind::DismissReport;
    qint64 itemId = m_entryItem.take(entry.id);
    if (itemId == 0) // an action of another feed's (or of an earlier session)
        itemId = dismissal ? entry.targetId : itemIdFor(entry);
    if (itemId == 0)
        return;
    settle(itemId, ModerationQueueModel::Pending::None);

    std::optional<QueueItem> updated;
    if (dismissal) { // the answer is the queue item: it may join this list (the closed one)
        if (answer.queueItem) {
            updated = answer.queueItem;
        } else if ((updated = model()->item(itemId))) {
            updated->status = QueueItem::Status::Closed; // what a dismissal does
        }
    } else if ((updated = model()->item(itemId))) {
        // The answer is the target as the moderator sees it now.
        if (updated->targetType == TargetType::Post) {
            if (answer.post)
                updated->target = *answer.post;
        } else if (updated->targetType == TargetType::Message) {
            if (answer.message)
                updated->target = *answer.message;
        } else {
            if (answer.comment)
                updated->target = *answer.comment;
        }
        const bool hide = entry.kind == OutboxEntry::Kind::HidePost ||
                          entry.kind == OutboxEntry::Kind::HideComment ||
                          entry.kind == OutboxEntry::Kind::HideMessage;
        if (hide)
            updated->status = QueueItem::Status::Closed; // hiding closes the item
    }
    if (updated) {
        if (updated->status != m_status)
            model()->removeItem(itemId);
        else
            model()->upsertItem(*updated);
    }
    Q_EMIT actionCompleted(itemId);
}

void ModerationQueueFeed::onFailed(const OutboxEntry &entry, const QString &message)
{
    if (!isModeration(entry.kind))
        return;
    qint64 itemId = m_entryItem.take(entry.id);
    if (itemId == 0)
        itemId = itemIdFor(entry);
    if (itemId == 0)
        return;
    settle(itemId, ModerationQueueModel::Pending::Failed, message);
    Q_EMIT actionFailed(itemId, message);
}

} // namespace threadline::models

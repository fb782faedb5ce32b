// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "people/messageboardmodel.h"

#include "common/rolenames.h"

#include "net/apiclient.h"
#include "net/endpoints.h"
#include "outbox/outbox.h"
#include "wire/jsoncodec.h"

#include <QDateTime>

#include <algorithm>

namespace threadline::models {

using core::Message;
using core::OutboxEntry;
using Kind = core::OutboxEntry::Kind;

MessageBoardModel::MessageBoardModel(core::Outbox *outbox, QObject *parent)
    : PagedListModel(parent)
    , m_outbox(outbox)
{
    if (!m_outbox)
        return;
    connect(m_outbox, &core::Outbox::entriesChanged, this, &MessageBoardModel::layPendingOver);
    connect(m_outbox, &core::Outbox::completed, this, &MessageBoardModel::onCompleted);
    connect(m_outbox, &core::Outbox::failed, this,
            [this](const OutboxEntry &entry, const QString &) { onTakenBack(entry, true); });
    connect(m_outbox, &core::Outbox::discarded, this,
            [this](const OutboxEntry &entry) { onTakenBack(entry, false); });
    connect(m_outbox, &core::Outbox::requeued, this, [this](const OutboxEntry &entry) {
        if (entry.kind == Kind::LeaveMessage && m_failed.remove(-entry.id)) {
            if (const int row = rowOf(-entry.id); row >= 0)
                changed(row, {PendingRole, FailedRole});
        }
    });
}

void MessageBoardModel::setBoard(qint64 uid)
{
    m_board = uid;
    m_failed.clear();
    clear();
    layPendingOver();
}

// My messages for this board that the outbox holds (queued or failed), on top, newest first.
void MessageBoardModel::layPendingOver()
{
    if (!m_outbox || m_board <= 0)
        return;
    QList<OutboxEntry> mine;
    for (const OutboxEntry &e : m_outbox->entries() + m_outbox->failedEntries())
        if (e.kind == Kind::LeaveMessage && e.targetId == m_board && rowOf(-e.id) < 0)
            mine.append(e);
    std::sort(mine.begin(), mine.end(),
              [](const OutboxEntry &a, const OutboxEntry &b) { return a.id > b.id; });
    QList<Message> rows;
    for (const OutboxEntry &e : std::as_const(mine)) {
        Message m;
        m.id = -e.id;
        m.board.uid = m_board;
        m.author = m_me;
        m.content = e.payload.value(QLatin1String("content")).toString();
        m.createtime = e.createdAt > 0 ? e.createdAt : QDateTime::currentMSecsSinceEpoch();
        if (e.isFailed())
            m_failed.insert(m.id);
        rows.append(m);
    }
    insertItems(0, rows);
}

int MessageBoardModel::setFirstPage(const QList<Message> &items, const std::optional<QString> &next)
{
    QList<Message> all;
    for (const Message &m : this->items())
        if (m.id < 0) // mine, on its way: stays on top
            all.append(m);
    const int pending = int(all.size());
    all += items;
    replaceAll(all, next);
    return rowCount() - pending;
}

void MessageBoardModel::changed(int row, const QList<int> &roles)
{
    Q_EMIT dataChanged(index(row), index(row), roles);
}

void MessageBoardModel::showLiked(qint64 id, bool liked)
{
    const int row = rowOf(id);
    if (row < 0 || at(row).liked == liked)
        return;
    Message m = at(row);
    m.liked = liked;
    m.likeCount = std::max<qint64>(0, m.likeCount + (liked ? 1 : -1));
    replaceItemAt(row, m);
    changed(row, {LikedRole, LikeCountRole});
}

void MessageBoardModel::showRemoved(qint64 id)
{
    if (const int row = rowOf(id); row >= 0)
        removeItemAt(row);
}

void MessageBoardModel::showHidden(qint64 id, bool hidden, const QString &reason)
{
    const int row = rowOf(id);
    if (row < 0)
        return;
    Message m = at(row);
    m.hidden = hidden;
    if (hidden) {
        core::Moderation mod;
        mod.by = m_me;
        mod.reason = reason;
        m.moderation = mod;
    } else {
        m.moderation.reset();
    }
    replaceItemAt(row, m);
    changed(row, {HiddenRole, ModerationReasonRole});
}

void MessageBoardModel::onCompleted(const OutboxEntry &entry, const core::OutboxAnswer &answer)
{
    switch (entry.kind) {
    case Kind::LeaveMessage: {
        const int row = rowOf(-entry.id);
        if (row >= 0)
            removeItemAt(row);
        if (answer.message && answer.message->board.uid == m_board) {
            int at = 0; // below my other messages still on their way
            while (at < rowCount() && this->at(at).id < 0)
                ++at;
            insertItems(at, {*answer.message});
        }
        break;
    }
    case Kind::MessageLike:
        if (const int row = rowOf(entry.targetId); row >= 0 && answer.like) {
            Message m = at(row);
            m.liked = answer.like->liked;
            m.likeCount = answer.like->likeCount;
            replaceItemAt(row, m);
            changed(row, {LikedRole, LikeCountRole});
        }
        break;
    case Kind::HideMessage:
    case Kind::UnhideMessage:
        if (const int row = rowOf(entry.targetId); row >= 0 && answer.message) {
            replaceItemAt(row, *answer.message);
            changed(row, {HiddenRole, ModerationReasonRole, LikedRole, LikeCountRole});
        }
        break;
    default:
        break;
    }
}

void MessageBoardModel::onTakenBack(const OutboxEntry &entry, bool failed)
{
    switch (entry.kind) {
    case Kind::LeaveMessage:
        if (const int row = rowOf(-entry.id); row >= 0) {
            if (failed) {
                m_failed.insert(-entry.id);
                changed(row, {PendingRole, FailedRole});
            } else {
                m_failed.remove(-entry.id);
                removeItemAt(row);
            }
        }
        break;
    case Kind::MessageLike:
    case Kind::DeleteMessage:
    case Kind::HideMessage:
    case Kind::UnhideMessage:
        Q_EMIT actionFailed(); // what the server has is read again
        break;
    default:
        break;
    }
}

QVariant MessageBoardModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Message &m = at(index.row());
    switch (role) {
    case IdRole:
        return m.id;
    case AuthorIdRole:
        return m.author.uid;
    case Qt::DisplayRole:
    case AuthorNameRole:
        return m.author.nickName;
    case AvatarUrlRole:
        return m.author.headImg;
    case ContentRole:
        return m.content;
    case CreatedTimeRole:
        return m.createtime;
    case LikedRole:
        return m.liked;
    case LikeCountRole:
        return m.likeCount;
    case HiddenRole:
        return m.hidden;
    case ModerationReasonRole:
        return m.moderation ? m.moderation->reason : QString();
    case PendingRole:
        return m.id < 0 && !m_failed.contains(m.id);
    case FailedRole:
        return m_failed.contains(m.id);
    case BoardIdRole:
        return m.board.uid;
    }
    return {};
}

QHash<int, QByteArray> MessageBoardModel::roleNames() const
{
    return roleNamesOf<Role>(QAbstractListModel::roleNames());
}

// --- MessageBoardFeed -------------------------------------------------------------------------

MessageBoardFeed::MessageBoardFeed(core::ApiClient *api, MessageBoardModel *model, QObject *parent)
    : PagedFeed(model, std::bind_front(&MessageBoardFeed::page, this),
                qOverload<const QByteArray &>(&core::decodeMessagePage), kDefaultPageSize, parent)
    , m_api(api)
{
    setRetryByHand(true);
    connect(model, &MessageBoardModel::actionFailed, this, &MessageBoardFeed::reload);
}

core::ApiReply *MessageBoardFeed::page(const std::optional<QString> &cursor, QObject *owner) const
{
    return m_api->send(core::endpoint::messages(model()->board(), pageSize(), cursor), owner);
}

void MessageBoardFeed::setBoard(qint64 uid)
{
    model()->setBoard(uid);
    reload();
}

void MessageBoardFeed::reload()
{
    if (model()->board() > 0)
        refresh();
}

bool MessageBoardFeed::showsNothingFromServer() const
{
    const QModelIndex last = model()->index(model()->rowCount() - 1, 0);
    return !last.isValid() || last.data(MessageBoardModel::IdRole).toLongLong() < 0;
}

int MessageBoardFeed::takeFirstPage(const QList<Message> &items, const std::optional<QString> &next)
{
    return model()->setFirstPage(items, next);
}

} // namespace threadline::models

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "notifications/notificationsmodel.h"

#include "cache/cache.h"
#include "common/rolenames.h"
#include "net/apiclient.h"
#include "net/endpoints.h"
#include "notifications/notificationtext.h"
#include "outbox/outbox.h"
#include "outbox/outboxanswer.h"
#include "wire/jsoncodec.h"

#include <QLoggingCategory>

#include <algorithm>

Q_LOGGING_CATEGORY(lcNotifications, "threadline.notifications")

namespace threadline::models {

namespace {

using Kind = core::OutboxEntry::Kind;

// Newest first: by createtime, then id.
bool before(const core::Notification &a, const core::Notification &b)
{
    return a.createtime != b.createtime ? a.createtime > b.createtime : a.id > b.id;
}

bool isMark(const core::OutboxEntry &e)
{
    return e.kind == Kind::NotificationRead || e.kind == Kind::NotificationsRead;
}

} // namespace

NotificationsModel::NotificationsModel(core::ApiClient *api, core::Cache *cache,
                                       core::Outbox *outbox, QObject *parent)
    : QAbstractListModel(parent)
    , m_api(api)
    , m_cache(cache)
    , m_outbox(outbox)
{
    m_saveTimer.setSingleShot(true);
    m_saveTimer.setInterval(500);
    connect(&m_saveTimer, &QTimer::timeout, this, &NotificationsModel::save);
    if (m_cache)
        connect(m_cache, &core::Cache::pageLoaded, this, &NotificationsModel::onSaved);
    if (m_outbox)
        connect(m_outbox, &core::Outbox::completed, this, &NotificationsModel::onCompleted);
    if (m_api)
        connect(m_api, &core::ApiClient::offlineChanged, this, [this](bool offline) {
            if (!offline)
                refresh();
        });
}

NotificationsModel::~NotificationsModel()
{
    if (m_saveTimer.isActive())
        save();
}

void NotificationsModel::start()
{
    if (m_cache)
        m_savedRequest = m_cache->loadPage(QString::fromLatin1(kCacheKey));
    refresh();
}

void NotificationsModel::onSaved(quint64 request, const core::SavedPage &page)
{
    if (request != m_savedRequest)
        return;
    m_savedRequest = 0;
    if (m_fresh || !page.body)
        return; // the server's rows came first, or nothing was kept
    auto decoded = core::decodeNotificationPage(*page.body);
    if (!decoded.ok()) {
        qCWarning(lcNotifications).noquote()
            << "the kept notifications could not be read:" << decoded.error().toString();
        return;
    }
    beginResetModel();
    m_items = decoded.value().items;
    std::stable_sort(m_items.begin(), m_items.end(), before);
    m_next.reset(); // the kept rows are a copy: scrolling on waits for the server
    endResetModel();
    m_savedAt = page.savedAt;
    setUnreadCount(decoded.value().unread);
    layPendingMarksOver();
    Q_EMIT loaded(true);
}

void NotificationsModel::refresh()
{
    if (!m_api || m_api->isOffline() || m_first)
        return;
    m_first = m_api->send(core::endpoint::notifications(kPageSize), this);
    core::ApiReply *reply = m_first;
    connect(reply, &core::ApiReply::finished, this, [this, reply] { onPage(reply, true); });
    Q_EMIT loadingChanged(true);
}

bool NotificationsModel::isLoading() const
{
    return m_first || m_more;
}

bool NotificationsModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && m_fresh && m_next && !m_more && m_api && !m_api->isOffline() &&
           m_failure.isEmpty();
}

void NotificationsModel::fetchMore(const QModelIndex &parent)
{
    if (!canFetchMore(parent))
        return;
    m_more = m_api->send(core::endpoint::notifications(kPageSize, m_next), this);
    core::ApiReply *reply = m_more;
    connect(reply, &core::ApiReply::finished, this, [this, reply] { onPage(reply, false); });
    Q_EMIT loadingChanged(true);
}

void NotificationsModel::onPage(core::ApiReply *reply, bool first)
{
    reply->deleteLater();
    if ((first ? m_first : m_more) != reply)
        return;
    (first ? m_first : m_more) = nullptr;
    Q_EMIT loadingChanged(isLoading());
    core::ApiError error = reply->error();
    if (reply->ok()) {
        auto decoded = core::decodeNotificationPage(reply->body());
        if (decoded.ok()) {
            const core::NotificationPage &page = decoded.value();
            m_failure.clear();
            if (first) {
                beginResetModel();
                m_items = page.items;
                std::stable_sort(m_items.begin(), m_items.end(), before);
                endResetModel();
                m_fresh = true;
            } else {
                QList<core::Notification> added;
                for (const core::Notification &n : page.items)
                    if (rowOf(n.id) < 0)
                        added.append(n);
                if (!added.isEmpty()) {
                    beginInsertRows({}, int(m_items.size()),
                                    int(m_items.size() + added.size()) - 1);
                    m_items.append(added);
                    endInsertRows();
                }
            }
            m_next = page.next;
            if (!marksPending())
                setUnreadCount(page.unread);
            layPendingMarksOver();
            saveSoon();
            Q_EMIT loaded(first);
            return;
        }
        error = core::ApiError::decode(decoded.error().toString());
    }
    if (error.kind == core::ApiError::Kind::Cancelled)
        return;
    m_failure = error.describe();
    Q_EMIT loadFailed(m_failure, error);
}

int NotificationsModel::rowOf(qint64 id) const
{
    for (qsizetype i = 0; i < m_items.size(); ++i)
        if (m_items.at(i).id == id)
            return int(i);
    return -1;
}

void NotificationsModel::apply(const QList<core::Change> &changes)
{
    bool any = false;
    for (const core::Change &c : changes) {
        if (c.kind != core::Change::Kind::Notification)
            continue;
        any = true;
        if (c.op == core::Change::Op::Remove)
            removeId(c.id);
        else if (const core::Notification *n = c.notification())
            upsert(*n);
    }
    if (any)
        saveSoon();
}

void NotificationsModel::upsert(const core::Notification &incoming)
{
    core::Notification n = incoming;
    const int row = rowOf(n.id);
    if (row >= 0) {
        // In place (a view keeps its current row), moved up when it grew (a group of likes).
        const core::Notification &old = m_items.at(row);
        const bool grew = n.createtime > old.createtime || n.actorCount > old.actorCount;
        if (old.read && !n.read && !grew)
            n.read = true; // a stale record does not take my mark back
        if (!old.read && n.read)
            Q_EMIT markedRead(n.id);
        m_items[row] = n;
        Q_EMIT dataChanged(index(row), index(row));
        const auto at = std::lower_bound(m_items.begin(), m_items.begin() + row, n, before);
        if (const int to = int(at - m_items.begin()); to < row) {
            beginMoveRows({}, row, row, {}, to);
            m_items.move(row, to);
            endMoveRows();
        }
        if (grew && !n.read)
            Q_EMIT arrived(n);
        return;
    }
    if (m_next && !m_items.isEmpty() && before(m_items.last(), n))
        return; // older than every row shown, with more to load: it comes with its page
    const auto at = std::lower_bound(m_items.begin(), m_items.end(), n, before);
    const int to = int(at - m_items.begin());
    beginInsertRows({}, to, to);
    m_items.insert(to, n);
    endInsertRows();
    if (!n.read)
        Q_EMIT arrived(n);
}

void NotificationsModel::removeId(qint64 id)
{
    const int row = rowOf(id);
    if (row < 0)
        return;
    beginRemoveRows({}, row, row);
    m_items.removeAt(row);
    endRemoveRows();
    Q_EMIT markedRead(id); // its bubble goes too
}

void NotificationsModel::setUnread(int unread)
{
    if (marksPending())
        return;
    setUnreadCount(unread);
}

void NotificationsModel::setUnreadCount(int unread)
{
    unread = std::max(0, unread);
    if (unread == m_unread)
        return;
    m_unread = unread;
    saveSoon();
    Q_EMIT unreadChanged(m_unread);
}

void NotificationsModel::markRead(int row)
{
    if (row < 0 || row >= m_items.size() || m_items.at(row).read)
        return;
    m_items[row].read = true;
    Q_EMIT dataChanged(index(row), index(row), {ReadRole});
    const qint64 id = m_items.at(row).id;
    if (m_outbox)
        m_outbox->markNotificationRead(id);
    setUnreadCount(m_unread - 1);
    saveSoon();
    Q_EMIT markedRead(id);
}

void NotificationsModel::markAllRead()
{
    std::optional<qint64> upTo;
    for (const core::Notification &n : std::as_const(m_items))
        upTo = std::max(upTo.value_or(0), n.id);
    QList<qint64> marked;
    for (qsizetype i = 0; i < m_items.size(); ++i) {
        if (!m_items.at(i).read) {
            m_items[i].read = true;
            marked.append(m_items.at(i).id);
        }
    }
    if (!m_items.isEmpty())
        Q_EMIT dataChanged(index(0), index(int(m_items.size()) - 1), {ReadRole});
    if (marked.isEmpty() && m_unread == 0)
        return;
    if (m_outbox)
        m_outbox->markNotificationsRead(upTo);
    setUnreadCount(0);
    saveSoon();
    for (qint64 id : std::as_const(marked))
        Q_EMIT markedRead(id);
}

bool NotificationsModel::marksPending() const
{
    if (!m_outbox)
        return false;
    const QList<core::OutboxEntry> entries = m_outbox->entries();
    return std::any_of(entries.cbegin(), entries.cend(), isMark);
}

void NotificationsModel::onCompleted(const core::OutboxEntry &entry,
                                     const core::OutboxAnswer &answer)
{
    if (!isMark(entry) || !answer.unread)
        return;
    const QList<core::OutboxEntry> entries = m_outbox->entries();
    const bool more = std::any_of(entries.cbegin(), entries.cend(),
                                  [&](const auto &e) { return isMark(e) && e.id != entry.id; });
    if (!more)
        setUnreadCount(*answer.unread);
}

void NotificationsModel::layPendingMarksOver()
{
    if (!m_outbox)
        return;
    for (const core::OutboxEntry &e : m_outbox->entries()) {
        if (!isMark(e))
            continue;
        const QJsonValue upTo = e.payload.value(QLatin1String("upTo"));
        for (qsizetype i = 0; i < m_items.size(); ++i) {
            core::Notification &n = m_items[i];
            const bool covered = e.kind == Kind::NotificationRead
                                     ? n.id == e.targetId
                                     : !upTo.isDouble() || n.id <= upTo.toInteger();
            if (covered && !n.read) {
                n.read = true;
                Q_EMIT dataChanged(index(int(i)), index(int(i)), {ReadRole});
            }
        }
    }
}

void NotificationsModel::saveSoon()
{
    if (m_cache)
        m_saveTimer.start();
}

void NotificationsModel::save()
{
    if (!m_cache)
        return;
    core::NotificationPage page;
    page.items = m_items.mid(0, kKeptRows);
    page.unread = m_unread;
    if (m_items.size() <= kKeptRows)
        page.next = m_next;
    m_cache->savePage(QString::fromLatin1(kCacheKey), core::encodeNotificationPage(page));
}

int NotificationsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_items.size());
}

QVariant NotificationsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const core::Notification &n = m_items.at(index.row());
    const core::UserBrief actor = n.actors.isEmpty() ? core::UserBrief() : n.actors.first();
    switch (role) {
    case Qt::DisplayRole:
    case SentenceRole:
        return NotificationText::sentence(n);
    case Qt::AccessibleTextRole:
        return NotificationText::accessible(n, QString());
    case IdRole:
        return n.id;
    case KindRole:
        return int(n.kind);
    case KindNameRole:
        return n.kindName;
    case DetailRole:
        return NotificationText::detail(n);
    case UnsupportedRole:
        return NotificationText::unsupported(n);
    case CreatedTimeRole:
        return n.createtime;
    case ReadRole:
        return n.read;
    case ActorIdRole:
        return actor.uid;
    case ActorNameRole:
        return actor.nickName;
    case AvatarUrlRole:
        return actor.headImg;
    case PostIdRole:
        return n.postId.value_or(0);
    case CommentIdRole:
        return n.kind == core::Notification::Kind::Like && n.targetType == QLatin1String("comment")
                   ? n.targetId.value_or(0)
                   : n.commentId.value_or(0);
    case MessageIdRole:
        return n.messageId.value_or(
            n.targetType == QLatin1String("message") ? n.targetId.value_or(0) : 0);
    }
    return {};
}

QHash<int, QByteArray> NotificationsModel::roleNames() const
{
    return roleNamesOf<Role>(QAbstractListModel::roleNames());
}

} // namespace threadline::models

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// My notifications, newest first (docs/api.md, "Notifications"): the list the Notifications page
// shows and the unread count its badge says. It is kept in the cache (the rows as last shown,
// with the count), so that a start — offline too — shows them at once; online, the first page
// comes from the server (refresh()) and older ones as the view scrolls (fetchMore()). What the
// server says later arrives with /sync and the push stream: apply() takes their `notification`
// records (a new one on top, a group of likes moved up, a withdrawn one gone) and setUnread()
// their count. Marking read shows at once and goes through the outbox (one, or all up to the
// newest shown), so that it survives going offline and a restart.
//
//   NotificationsModel model(&api, &cache, &outbox);
//   connect(sync, &SyncEngine::changesApplied, &model, &NotificationsModel::apply);
//   connect(sync, &SyncEngine::unreadCounted, &model, &NotificationsModel::setUnread);
//   model.start();                     // the cache's rows, then (online) the server's
//   model.markRead(row);  model.markAllRead();
#pragma once

#include "net/apierror.h"
#include "wire/wiretypes.h"

#include <QAbstractListModel>
#include <QPointer>
#include <QTimer>

#include <optional>

namespace threadline::core {
class ApiClient;
class ApiReply;
class Cache;
class Outbox;
struct OutboxAnswer;
struct OutboxEntry;
struct SavedPage;
} // namespace threadline::core

namespace threadline::models {

class NotificationsModel : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Role {
        IdRole = Qt::UserRole + 1, // qint64
        KindRole,                  // int: core::Notification::Kind
        KindNameRole,              // QString: the kind as the server wrote it
        SentenceRole,              // QString: "李四 replied to your comment" (plain text)
        DetailRole,                // QString: the text concerned, quoted, or the reason
        UnsupportedRole,           // QString: a kind this version does not know, in words
        CreatedTimeRole,           // qint64: ms since the epoch
        ReadRole,                  // bool
        ActorIdRole,               // qint64: the newest actor (0: none)
        ActorNameRole,             // QString
        AvatarUrlRole,             // QString: the newest actor's avatar
        PostIdRole,                // qint64: the post concerned (0: none)
        CommentIdRole,             // qint64: the comment concerned (0: none)
        MessageIdRole,             // qint64: the message concerned (0: none)
    };
    Q_ENUM(Role)

    static constexpr int kPageSize = 30;
    static constexpr int kKeptRows = 200; // rows kept in the cache
    static constexpr auto kCacheKey = "notifications";

    // Any part may be null (a test, a benchmark): without the api nothing is asked, without
    // the cache nothing is kept, without the outbox marks are shown only.
    NotificationsModel(core::ApiClient *api, core::Cache *cache, core::Outbox *outbox,
                       QObject *parent = nullptr);
    // A change not yet kept is kept now.
    ~NotificationsModel() override;

    // The rows kept in the cache, at once; then (online) the first page from the server.
    void start();
    // The first page from the server again (online); the rows shown stay until it is there.
    void refresh();
    [[nodiscard]] bool isLoading() const;
    // What the rows are: from the server in this run (false: the cache's copy, or nothing yet).
    [[nodiscard]] bool isFresh() const { return m_fresh; }
    // When the cache's copy was saved (ms since the epoch), while it is what is shown.
    [[nodiscard]] std::optional<qint64> savedAt() const
    {
        return m_fresh ? std::nullopt : m_savedAt;
    }
    // The last failure, in words ("" after a success).
    [[nodiscard]] QString failure() const { return m_failure; }

    [[nodiscard]] int unread() const { return m_unread; }
    [[nodiscard]] const core::Notification &at(int row) const { return m_items.at(row); }
    [[nodiscard]] int rowOf(qint64 id) const;

    // Read at once; the server is told through the outbox.
    void markRead(int row);
    // Every row read at once, and the server told: all up to the newest shown.
    void markAllRead();

    // The `notification` records of a /sync page or stream event (other kinds are skipped).
    void apply(const QList<core::Change> &changes);
    // My unread count as the server counted it (ignored while marks of mine are on their way:
    // the answer to the last of them brings the count).
    void setUnread(int unread);

    [[nodiscard]] int rowCount(const QModelIndex &parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex &index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;
    [[nodiscard]] bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

Q_SIGNALS:
    void unreadChanged(int unread);
    // One that I have not read arrived, or a group of likes grew (the desktop's bubbles).
    void arrived(const threadline::core::Notification &notification);
    // Read: its bubble, if any, may go.
    void markedRead(qint64 id);
    void loadingChanged(bool loading);
    // A page arrived (first: the first page) or failed (failure() says why).
    void loaded(bool first);
    void loadFailed(const QString &message, const threadline::core::ApiError &error);

private:
    void onSaved(quint64 request, const core::SavedPage &page);
    void onPage(core::ApiReply *reply, bool first);
    void upsert(const core::Notification &n);
    void removeId(qint64 id);
    void setUnreadCount(int unread);
    void saveSoon();
    void save();
    [[nodiscard]] bool marksPending() const;
    void onCompleted(const core::OutboxEntry &entry, const core::OutboxAnswer &answer);
    void layPendingMarksOver();

    QPointer<core::ApiClient> m_api;
    QPointer<core::Cache> m_cache;
    QPointer<core::Outbox> m_outbox;
    QList<core::Notification> m_items;
    std::optional<QString> m_next;
    int m_unread = 0;
    bool m_fresh = false;
    std::optional<qint64> m_savedAt;
    QString m_failure;
    QPointer<core::ApiReply> m_first;
    QPointer<core::ApiReply> m_more;
    quint64 m_savedRequest = 0;
    QTimer m_saveTimer;
};

} // namespace threadline::models

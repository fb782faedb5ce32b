// The moderation log, newest first (GET /moderation/log pages), and ModerationLogFeed, which
// loads it with its filters (one moderator, one action).
//
//   ModerationLogModel model;
//   ModerationLogFeed feed(&api, &model);
//   feed.setActionFilter(core::LogEntry::Action::Hide);
//   feed.refresh();                                   // fetchMore() loads the following pages
#pragma once

#include "apierror.h"
#include "wiretypes.h"

#include <QAbstractListModel>
#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

#include <optional>

namespace threadline::core {
class ApiClient;
class ApiReply;
} // namespace threadline::core

namespace threadline::models {

class ModerationLogModel : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Role {
        IdRole = Qt::UserRole + 1, // qint64: the log entry's id
        ModeratorIdRole,           // qint64: the moderator's uid
        ModeratorNameRole,         // QString: the moderator's nickname
        ModeratorAvatarRole,       // QString: the moderator's avatar (absolute or /path)
        ActionRole,                // QString: "hide", "unhide", "dismiss", "delete" or "device"
        ActionTextRole,            // QString: the verb, translated: "hid", "unhid", "dismissed
                                   // the reports on", "deleted", "changed a device name"
        TargetTypeRole,            // QString: "post", "comment" or "device"
        TargetIdRole,              // qint64: the post's or comment's id (0 for a device)
        ReasonRole,                // QString: the moderator's reason, plain ("raw → display"
                                   // for a device change)
        CreatedTimeRole,           // qint64: when, ms since the epoch
    };
    Q_ENUM(Role)

    explicit ModerationLogModel(QObject *parent = nullptr);

    // Everything replaced by a first page (a refresh): one reset.
    void replaceAll(const QList<core::LogEntry> &entries, const std::optional<QString> &next);
    // A page loaded further down; entries already listed are skipped.
    void appendPage(const QList<core::LogEntry> &entries, const std::optional<QString> &next);
    // Removes every row (a reset).
    void clear();
    [[nodiscard]] std::optional<QString> nextCursor() const { return m_next; }
    // The owner could not load the page fetchMore() asked for: fetchMore() may ask again.
    void fetchFailed() { m_fetching = false; }
    [[nodiscard]] int rowOf(qint64 entryId) const { return m_rowOf.value(entryId, -1); }
    [[nodiscard]] std::optional<core::LogEntry> entryAt(int row) const;

    [[nodiscard]] int rowCount(const QModelIndex &parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex &index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;
    [[nodiscard]] bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

    // "hide" … "device" (the contract's codes) and the translated verb.
    [[nodiscard]] static QString actionCode(core::LogEntry::Action action);
    [[nodiscard]] static QString actionText(core::LogEntry::Action action);

Q_SIGNALS:
    // fetchMore(): the owner loads the page after `cursor` and calls appendPage(); once a page.
    void moreRequested(const QString &cursor);

private:
    [[nodiscard]] QString summary(const core::LogEntry &entry) const;

    QList<core::LogEntry> m_entries;
    QHash<qint64, int> m_rowOf;
    std::optional<QString> m_next;
    bool m_fetching = false;
};

// Loads the log into a ModerationLogModel: the first page on refresh(), the next ones when the
// model asks (fetchMore()).
class ModerationLogFeed : public QObject
{
    Q_OBJECT
public:
    static constexpr int kDefaultPageSize = 20;

    ModerationLogFeed(core::ApiClient *api, ModerationLogModel *model, QObject *parent = nullptr);

    // Only this moderator's entries / only this action (nullopt: all). Take effect at the next
    // refresh().
    void setModeratorFilter(std::optional<qint64> uid) { m_moderator = uid; }
    [[nodiscard]] std::optional<qint64> moderatorFilter() const { return m_moderator; }
    void setActionFilter(std::optional<core::LogEntry::Action> action) { m_action = action; }
    [[nodiscard]] std::optional<core::LogEntry::Action> actionFilter() const { return m_action; }
    // Entries per page (1–50, the server's maximum).
    void setPageSize(int limit);
    [[nodiscard]] int pageSize() const { return m_limit; }

    // Loads the first page and replaces the model's rows with it; what it showed stays until
    // the answer is there, and when it fails. A page in flight is abandoned.
    void refresh();
    [[nodiscard]] bool isLoading() const { return m_loading; }

Q_SIGNALS:
    void loadingChanged(bool loading);
    void loaded(bool first);
    // A page could not be loaded (403, the server down, a malformed body): the reason in words.
    void loadFailed(const QString &message, const threadline::core::ApiError &error);

private:
    void request(const std::optional<QString> &before);
    void onReplyFinished(core::ApiReply *reply, bool first);
    void setLoading(bool loading);

    core::ApiClient *m_api;
    ModerationLogModel *m_model;
    std::optional<qint64> m_moderator;
    std::optional<core::LogEntry::Action> m_action;
    int m_limit = kDefaultPageSize;
    QPointer<core::ApiReply> m_reply; // the page in flight
    bool m_loading = false;
};

} // namespace threadline::models

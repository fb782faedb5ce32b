// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The moderation log, newest first (GET /moderation/log pages), and ModerationLogFeed, which
// loads it with its filters (one moderator, one action).
//
//   ModerationLogModel model;
//   ModerationLogFeed feed(&api, &model);
//   feed.setActionFilter(core::LogEntry::Action::Hide);
//   feed.refresh();                                   // fetchMore() loads the following pages
#pragma once

#include "common/pagedfeed.h"
#include "common/pagedlistmodel.h"
#include "net/apifwd.h"
#include "wire/wiretypes.h"

#include <QHash>
#include <QObject>
#include <QString>

#include <optional>

namespace threadline::models {

class ModerationLogModel : public PagedListModel<core::LogEntry>
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
        TargetTypeRole,            // QString: "post", "comment", "message" or "device"
        TargetIdRole,              // qint64: the post's, comment's or message's id (0 for a
                                   // device)
        ReasonRole,                // QString: the moderator's reason, plain ("raw → display"
                                   // for a device change)
        CreatedTimeRole,           // qint64: when, ms since the epoch
    };
    Q_ENUM(Role)

    explicit ModerationLogModel(QObject *parent = nullptr);

    // Paging (PagedListModel): replaceAll() a first page, appendPage() the next ones (entries
    // already listed skipped), clear(), nextCursor(), pageFailed(), rowOf(entryId).
    [[nodiscard]] std::optional<core::LogEntry> entryAt(int row) const;

    [[nodiscard]] QVariant data(const QModelIndex &index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;

    // "hide" … "device" (the contract's codes) and the translated verb.
    [[nodiscard]] static QString actionCode(core::LogEntry::Action action);
    [[nodiscard]] static QString actionText(core::LogEntry::Action action);

private:
    [[nodiscard]] QString summary(const core::LogEntry &entry) const;
};

// Loads the log into a ModerationLogModel (PagedFeed): the first page on refresh() (it replaces
// the model's rows; what they showed stays until the answer is there, and when it fails; a page
// in flight is abandoned), the next ones when the model asks (fetchMore()); setPageSize()
// (1–50), isLoading(), loadingChanged(), loaded(first), loadFailed(message, error) — 403, the
// server down, a malformed body.
class ModerationLogFeed : public PagedFeed<ModerationLogModel>
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

private:
    // GET /moderation/log: the page after `cursor`, with the filters.
    core::ApiReply *logPage(const std::optional<QString> &cursor, QObject *owner) const;

    core::ApiClient *m_api;
    std::optional<qint64> m_moderator;
    std::optional<core::LogEntry::Action> m_action;
};

} // namespace threadline::models

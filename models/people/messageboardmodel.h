// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The messages on one person's board (留言), newest first (GET /users/{uid}/messages pages), with
// my messages on their way on top; and MessageBoardFeed, which loads them. Messages send no
// /sync changes: a board is read again whenever it is opened (setBoard) and on reload().
//
//   MessageBoardModel model(outbox);              // my pending messages, from the outbox
//   model.setMe(me);
//   MessageBoardFeed feed(&api, &model);
//   feed.setBoard(10003);                         // the first page; fetchMore() the rest
//   actions->leaveMessage(10003, u"王五"_s, text); // on top at once, marked sending
//   model.showLiked(id, true);                    // a like shown at once, with the action
//
// What the user does goes through core::Actions (the outbox); this model shows it at once from
// the outbox's entries and takes the server's answers (Outbox::completed), or takes it back when
// the outbox says it failed or was discarded.
#pragma once

#include "common/pagedfeed.h"
#include "common/pagedlistmodel.h"
#include "net/apifwd.h"
#include "wire/wiretypes.h"

#include <QPointer>
#include <QSet>

namespace threadline::core {
class Outbox;
struct OutboxAnswer;
struct OutboxEntry;
} // namespace threadline::core

namespace threadline::models {

class MessageBoardModel : public PagedListModel<core::Message>
{
    Q_OBJECT
public:
    enum Role {
        IdRole = Qt::UserRole + 1, // qint64: the message (< 0: mine, on its way)
        AuthorIdRole,              // qint64: who left it
        AuthorNameRole,            // QString: their nickname
        AvatarUrlRole,             // QString: their avatar
        ContentRole,               // QString: the message, plain text
        CreatedTimeRole,           // qint64: ms since the epoch
        LikedRole,                 // bool: I like it
        LikeCountRole,             // qint64: its likes
        HiddenRole,                // bool: hidden by a moderator (moderators only see these)
        ModerationReasonRole,      // QString: why it was hidden ("" when not hidden or unknown)
        PendingRole,               // bool: mine, not yet taken by the server
        FailedRole,                // bool: mine, refused (the outbox keeps it, in words)
        BoardIdRole,               // qint64: whose board it is on
    };
    Q_ENUM(Role)

    // outbox: where my pending messages are (not owned; may be null).
    explicit MessageBoardModel(core::Outbox *outbox, QObject *parent = nullptr);

    // Who I am: the author of my pending messages.
    void setMe(const core::UserBrief &me) { m_me = me; }
    // Whose board (0: none): the rows go; my messages on their way to it are laid on top.
    void setBoard(qint64 uid);
    [[nodiscard]] qint64 board() const { return m_board; }
    // A first page: the server's messages replace the rows below my pending ones.
    int setFirstPage(const QList<core::Message> &items, const std::optional<QString> &next);

    // Optimistic changes, shown at once with the action that makes them.
    void showLiked(qint64 id, bool liked);
    void showRemoved(qint64 id);
    void showHidden(qint64 id, bool hidden, const QString &reason);
    // The message at a row (rows from the view's index).
    [[nodiscard]] const core::Message &messageAt(int row) const { return at(row); }

    [[nodiscard]] QVariant data(const QModelIndex &index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;

Q_SIGNALS:
    // An action on the board failed for good (the outbox keeps it); the board should be read
    // again to show what the server has.
    void actionFailed();

private:
    void layPendingOver();
    void onCompleted(const core::OutboxEntry &entry, const core::OutboxAnswer &answer);
    void onTakenBack(const core::OutboxEntry &entry, bool failed);
    void changed(int row, const QList<int> &roles);

    QPointer<core::Outbox> m_outbox;
    core::UserBrief m_me;
    qint64 m_board = 0;
    QSet<qint64> m_failed; // my messages refused (by their local id)
};

// Loads a board into a MessageBoardModel: setBoard() starts over (the rows go at once, then the
// first page), the model's fetchMore() loads the next. A 404 means the person is gone.
class MessageBoardFeed : public PagedFeed<MessageBoardModel>
{
    Q_OBJECT
public:
    static constexpr int kDefaultPageSize = 20;

    MessageBoardFeed(core::ApiClient *api, MessageBoardModel *model, QObject *parent = nullptr);

    // Whose board; its first page is asked for at once (also for the same person: a board
    // is read again whenever it is opened).
    void setBoard(qint64 uid);
    // The board's first page again (nothing without a board).
    void reload();

protected:
    int takeFirstPage(const QList<core::Message> &items,
                      const std::optional<QString> &next) override;
    // Only my messages waiting in the outbox (negative ids) are shown, if any.
    [[nodiscard]] bool showsNothingFromServer() const override;

private:
    core::ApiReply *page(const std::optional<QString> &cursor, QObject *owner) const;

    core::ApiClient *m_api;
};

} // namespace threadline::models

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The context of one moderation queue item (the moderators want "each item with its context — the
// post, the floor it sits in, a few lines around it"), loaded for the moderators' page:
//   a post:    the post itself, then its first floors' roots
//   a root:    its post, then the root and its first replies
//   a reply:   its post, then its floor's root and up to kNeighbours replies before and after it,
//              in `seq` order
//   a message: the message alone (on a person's board, in no post: there is no post and nothing
//              to ask the server; Ready at once)
// The post comes with the queue item; the floor comes from the server (a moderator's lists hold
// hidden comments too: they are marked hidden). One show() per selection: an answer to an
// earlier show() is dropped (its requests are aborted, and an answer that arrives anyway is not
// taken), so a quick walk down the list never shows the wrong floor.
//
//   ModerationContext context(&api);
//   connect(&context, &ModerationContext::changed, pane, &Pane::update);
//   context.show(*queueModel.item(itemId));   // Loading, then Ready (lines()) or Failed
//
// Requests: GET /posts/{postId}/comments?after=F-1&limit=1&replies=R for the floor's root (and,
// for a root, its first replies) and, for a reply, GET /comments/{rootId}/replies?after=…&limit=…
// for a window of the floor around it — both at once. No widget work here: the page paints.
#pragma once

#include "net/apierror.h"
#include "net/apifwd.h"
#include "wire/wiretypes.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

#include <optional>

namespace threadline::models {

class ModerationContext : public QObject
{
    Q_OBJECT
public:
    static constexpr int kNeighbours = 2;  // replies shown before and after a reported reply
    static constexpr int kRootReplies = 3; // first replies shown under a reported root
    static constexpr int kPostFloors = 3;  // first floors shown under a reported post
    // How far back (in seq numbers) the window of a reply's floor reaches: room for gaps left
    // by deleted replies before the kNeighbours that are shown.
    static constexpr int kWindowBack = 20;

    enum class State {
        Empty,   // nothing shown (no selection)
        Loading, // the floor is being asked for (post() is already there)
        Ready,   // lines() hold the context
        Failed,  // the floor could not be loaded: errorMessage() says why
    };
    Q_ENUM(State)

    enum class Kind {
        Post,    // the post
        Root,    // a floor's root comment
        Reply,   // a reply inside a floor
        Message, // a message on a person's board
    };
    Q_ENUM(Kind)

    // One line of context: "author: text" as the page shows it.
    struct Line
    {
        Kind kind = Kind::Reply;
        qint64 id = 0;    // the post's or comment's id
        qint64 floor = 0; // comments: the floor's number
        qint64 seq = 0;   // replies: their number in the floor
        QString author;   // the nickname, as sent (the page makes it safe to show)
        QString replyTo;  // replies: whom it answers ("" for a root or a post)
        QString text;     // the content, plain
        qint64 createtime = 0;
        bool target = false; // the reported post or comment
        bool hidden = false; // hidden by a moderator
        qint64 count = 0;    // a post: its visible comments; a root: its visible replies
        QString board;       // a message: whose board it is on, the nickname as sent

        friend bool operator==(const Line &, const Line &) = default;
    };

    explicit ModerationContext(core::ApiClient *api, QObject *parent = nullptr);

    // Shows this item's context: the post at once, the floor once the server has answered.
    // The same item again, unchanged, is a no-op (no request); a changed target (hidden or
    // unhidden meanwhile) or a failed load asks again.
    void show(const core::QueueItem &item);
    // Shows nothing; answers still on their way are dropped.
    void clear();
    // Asks the server again for the item shown (after a failure).
    void reload();

    [[nodiscard]] State state() const { return m_state; }
    [[nodiscard]] qint64 itemId() const { return m_item ? m_item->id : 0; }
    [[nodiscard]] std::optional<core::QueueItem> item() const { return m_item; }
    [[nodiscard]] core::TargetType targetType() const;
    // The reported post, comment or message has been deleted (nothing else to load).
    [[nodiscard]] bool targetDeleted() const { return m_item && !m_item->target; }
    // The post (from the queue item); absent when the server sent none (a deleted post).
    [[nodiscard]] std::optional<Line> post() const { return m_post; }
    // The lines under the post, in floor order: the floor's root then its replies by seq (a
    // comment), or the post's first floors (a post); the message itself (a message). Empty until
    // Ready.
    [[nodiscard]] QList<Line> lines() const { return m_lines; }
    // Earlier replies of the floor than the first one shown (a reply), and later ones than the
    // last (a reply or a root), or more floors (a post). For a root and a post: how many more
    // (0 when not known); for a reply: 1 when there are some.
    [[nodiscard]] qint64 moreBefore() const { return m_moreBefore; }
    [[nodiscard]] qint64 moreAfter() const { return m_moreAfter; }
    [[nodiscard]] QString errorMessage() const { return m_error.describe(); }
    [[nodiscard]] core::ApiError error() const { return m_error; }

    [[nodiscard]] static Line lineOf(const core::Comment &comment, bool target);
    [[nodiscard]] static Line lineOf(const core::Post &post, bool target);
    [[nodiscard]] static Line lineOf(const core::Message &message, bool target);

Q_SIGNALS:
    // The state, the post or the lines changed.
    void changed();

private:
    void abortRequests();
    void load();
    void onRootPage(core::ApiReply *reply, quint64 generation);
    void onReplyWindow(core::ApiReply *reply, quint64 generation);
    void fail(const core::ApiError &error);
    void finishIfComplete();

    core::ApiClient *m_api;
    std::optional<core::QueueItem> m_item;
    State m_state = State::Empty;
    std::optional<Line> m_post;
    QList<Line> m_lines;
    qint64 m_moreBefore = 0;
    qint64 m_moreAfter = 0;
    core::ApiError m_error;
    quint64 m_generation = 0; // one per show(): answers of another are dropped
    QPointer<core::ApiReply> m_rootReply;
    QPointer<core::ApiReply> m_windowReply;
    // what the answers brought so far
    std::optional<QList<Line>> m_head;   // the root (and its first replies), or a post's floors
    std::optional<QList<Line>> m_window; // a reply's neighbours, the target among them
    qint64 m_windowBefore = 0, m_windowAfter = 0;
};

} // namespace threadline::models

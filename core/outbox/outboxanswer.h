// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What the server answered to an outbox entry, decoded once by the sender with the codec
// (wire/jsoncodec.h) and handed up by Outbox::completed(): whoever listens applies the typed
// value and never reads JSON again.
//
// Which member is set depends on the entry's kind:
//   PostLike                      like      (LikeState)
//   CommentVote                   vote      (CommentLikeState)
//   Follow                        follow    (FollowState)
//   CreatePost, HidePost, Unhide… post      (the post as the server has it now)
//   CreateComment, HideComment, … comment   (the comment as the server has it now)
//   Report                        report    (the report the server keeps; alreadyReported when
//                                            it had one from me already: 200, not 201)
//   DismissReport                 queueItem (the item, closed)
//   LeaveMessage, Hide/Unhide…    message   (the message as the server has it now)
//   MessageLike                   like      (LikeState)
//   DeleteComment, DeletePost,    nothing   (204: the optimistic change is already right)
//   DeleteMessage
// A creation also carries createdId, the server's id of what it created.
//
// An answer the sender cannot use is not an answer: a 2xx whose body is not a JSON object (for
// a kind that answers with one), or a creation's without an id, is a transient failure and the
// entry is tried again (outbox.h). A JSON object that does not decode as its type leaves the
// member empty: the server took the action, its listener falls back as it can.
#pragma once

#include "outbox/outboxstore.h"
#include "wire/wiretypes.h"

#include <QByteArray>
#include <QMetaType>
#include <QString>

#include <optional>

namespace threadline::core {

struct OutboxAnswer
{
    qint64 createdId = 0;         // a creation's server id (CreatePost, CreateComment)
    bool alreadyReported = false; // Report: the server had my report of it already
    std::optional<LikeState> like;
    std::optional<CommentLikeState> vote;
    std::optional<FollowState> follow;
    std::optional<Post> post;
    std::optional<Comment> comment;
    std::optional<Report> report;
    std::optional<QueueItem> queueItem;
    std::optional<Message> message; // LeaveMessage, HideMessage, UnhideMessage
    std::optional<int> unread;      // NotificationRead(s): my unread notifications now

    // Decodes the answer (HTTP `status`, its `body`) to an entry of `kind`. nullopt when the
    // answer cannot be used (see above): *why says what was wrong with it.
    [[nodiscard]] static std::optional<OutboxAnswer> decode(OutboxEntry::Kind kind, int status,
                                                            const QByteArray &body, QString *why);
};

} // namespace threadline::core

Q_DECLARE_METATYPE(threadline::core::OutboxAnswer)

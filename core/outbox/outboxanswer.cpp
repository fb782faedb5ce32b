// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "outbox/outboxanswer.h"

#include "wire/jsoncodec.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace threadline::core {

namespace {

using Kind = OutboxEntry::Kind;

// Decodes `body` into `member` when it is a `T`; false when it is not.
template<class T, class Decode>
bool take(std::optional<T> &member, const QByteArray &body, Decode decode)
{
    auto result = decode(body);
    if (!result.ok())
        return false;
    member = std::move(result).value();
    return true;
}

} // namespace

std::optional<OutboxAnswer> OutboxAnswer::decode(Kind kind, int status, const QByteArray &body,
                                                 QString *why)
{
    OutboxAnswer a;
    bool decoded = false;
    switch (kind) {
    case Kind::DeleteComment:
    case Kind::DeletePost:
    case Kind::DeleteMessage:
        return a; // 204: no body
    case Kind::LeaveMessage:
    case Kind::HideMessage:
    case Kind::UnhideMessage:
        decoded = take(a.message, body, [](const QByteArray &b) { return decodeMessage(b); });
        break;
    case Kind::MessageLike:
    case Kind::PostLike:
        decoded = take(a.like, body, [](const QByteArray &b) { return decodeLikeState(b); });
        break;
    case Kind::CommentVote:
        decoded = take(a.vote, body, [](const QByteArray &b) { return decodeCommentLikeState(b); });
        break;
    case Kind::Follow:
    case Kind::TopicFollow:
        decoded = take(a.follow, body, [](const QByteArray &b) { return decodeFollowState(b); });
        break;
    case Kind::CreatePost:
    case Kind::HidePost:
    case Kind::UnhidePost:
        if ((decoded = take(a.post, body, [](const QByteArray &b) { return decodePost(b); })))
            a.createdId = kind == Kind::CreatePost ? a.post->id : 0;
        break;
    case Kind::CreateComment:
    case Kind::HideComment:
    case Kind::UnhideComment:
        if ((decoded = take(a.comment, body, [](const QByteArray &b) { return decodeComment(b); })))
            a.createdId = kind == Kind::CreateComment ? a.comment->id : 0;
        break;
    case Kind::Report:
        decoded = take(a.report, body, [](const QByteArray &b) { return decodeReport(b); });
        // A second report of the same target answers 200 with the first (201: a new one).
        a.alreadyReported = status == 200;
        break;
    case Kind::DismissReport:
        decoded = take(a.queueItem, body, [](const QByteArray &b) { return decodeQueueItem(b); });
        break;
    case Kind::NotificationRead:
    case Kind::NotificationsRead:
        decoded = take(a.unread, body, [](const QByteArray &b) { return decodeUnread(b); });
        break;
    }
    const bool creates = kind == Kind::CreatePost || kind == Kind::CreateComment;
    if (decoded && (!creates || a.createdId > 0))
        return a;
    // Not its type: usable all the same when it is a JSON object (and, for a creation, has an
    // id), as it always was; the member stays empty.
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    if (!doc.isObject()) {
        *why = QStringLiteral("the answer is not a JSON object");
        return std::nullopt;
    }
    if (creates) {
        a.createdId = doc.object().value(QLatin1String("id")).toInteger();
        if (a.createdId <= 0) {
            *why = QStringLiteral("the answer has no id");
            return std::nullopt;
        }
    }
    return a;
}

} // namespace threadline::core

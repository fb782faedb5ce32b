// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "outbox/outboxcalls.h"

#include "outbox/likecoalescer.h"
#include "wire/jsoncodec.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <optional>

namespace threadline::core {

namespace {

using Kind = OutboxEntry::Kind;

// The body of POST /posts: the payload without the local pictures, whose URLs follow the
// pictureUrls given.
QJsonObject postBody(const OutboxEntry &e)
{
    QJsonObject body = e.payload;
    const QList<OutboxEntry::LocalPicture> pictures = e.localPictures();
    body.remove(OutboxEntry::kLocalPicturesKey);
    if (!pictures.isEmpty()) {
        QJsonArray urls = body.value(QLatin1String("pictureUrls")).toArray();
        for (const OutboxEntry::LocalPicture &p : pictures)
            urls.append(p.url);
        body.insert(QStringLiteral("pictureUrls"), urls);
    }
    return body;
}

} // namespace

Call callFor(const OutboxEntry &e)
{
    const QString reason = e.payload.value(QLatin1String("reason")).toString();
    const std::optional<QString> optReason =
        reason.isEmpty() ? std::nullopt : std::optional<QString>(reason);
    switch (e.kind) {
    case Kind::PostLike:
        return endpoint::likePost(e.targetId, e.desired != 0);
    case Kind::Follow:
        return endpoint::follow(e.targetId, e.desired != 0);
    case Kind::CommentVote:
        return LikeCoalescer::voteCall(e);
    case Kind::CreateComment: {
        NewComment c;
        c.content = e.payload.value(QLatin1String("content")).toString();
        if (e.parentId != 0)
            c.parentId = e.parentId;
        return endpoint::createComment(e.postId, c);
    }
    case Kind::DeleteComment:
        return endpoint::deleteComment(e.targetId);
    case Kind::CreatePost:
        return endpoint::createPost(QJsonDocument(postBody(e)).toJson(QJsonDocument::Compact));
    case Kind::DeletePost:
        return endpoint::deletePost(e.targetId);
    case Kind::Report:
        return endpoint::report(QJsonDocument(e.payload).toJson(QJsonDocument::Compact));
    case Kind::HideComment:
        return endpoint::moderate(TargetType::Comment, e.targetId, true, reason);
    case Kind::UnhideComment:
        return endpoint::moderate(TargetType::Comment, e.targetId, false, optReason);
    case Kind::HidePost:
        return endpoint::moderate(TargetType::Post, e.targetId, true, reason);
    case Kind::UnhidePost:
        return endpoint::moderate(TargetType::Post, e.targetId, false, optReason);
    case Kind::DismissReport:
        return endpoint::dismissItem(e.targetId, optReason);
    case Kind::LeaveMessage:
        return endpoint::leaveMessage(e.targetId,
                                      e.payload.value(QLatin1String("content")).toString());
    case Kind::DeleteMessage:
        return endpoint::deleteMessage(e.targetId);
    case Kind::MessageLike:
        return endpoint::likeMessage(e.targetId, e.desired != 0);
    case Kind::HideMessage:
        return endpoint::moderateMessage(e.targetId, true, reason);
    case Kind::UnhideMessage:
        return endpoint::moderateMessage(e.targetId, false, optReason);
    case Kind::TopicFollow:
        return endpoint::followTopic(e.topic(), e.desired != 0);
    case Kind::NotificationRead:
        return endpoint::markNotificationRead(e.targetId);
    case Kind::NotificationsRead: {
        const QJsonValue upTo = e.payload.value(QLatin1String("upTo"));
        return endpoint::markNotificationsRead(upTo.isDouble() ? std::optional(upTo.toInteger())
                                                               : std::nullopt);
    }
    }
    return {};
}

} // namespace threadline::core

#include "outbox/outboxrequests.h"

#include "net/endpoints.h"
#include "wire/jsoncodec.h"
#include "outbox/likecoalescer.h"

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

Call callOf(const OutboxEntry &e)
{
    const QString reason = e.payload.value(QLatin1String("reason")).toString();
    const std::optional<QString> optReason =
        reason.isEmpty() ? std::nullopt : std::optional<QString>(reason);
    switch (e.kind) {
    case Kind::PostLike:
    case Kind::CommentVote:
    case Kind::Follow:
        return LikeCoalescer::requestFor(e);
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
    }
    return {};
}

} // namespace

OutboxRequest requestFor(const OutboxEntry &entry)
{
    const Call r = callOf(entry);
    OutboxRequest request{r.method, r.path, r.body, {}};
    if (r.keyed)
        request.options.idempotencyKey = entry.idempotencyKey.toLatin1();
    return request;
}

OutboxRequest pictureUploadFor(const OutboxEntry::LocalPicture &picture, const QByteArray &bytes)
{
    const Call upload = endpoint::uploadMedia(bytes);
    OutboxRequest request{upload.method, upload.path, upload.body, {}};
    request.options.idempotencyKey = picture.idempotencyKey.toLatin1();
    request.options.contentType = picture.mime.toLatin1();
    return request;
}

// Does a successful answer for this kind carry a JSON object?
bool expectsBody(Kind kind)
{
    return kind != Kind::DeleteComment && kind != Kind::DeletePost;
}

} // namespace threadline::core

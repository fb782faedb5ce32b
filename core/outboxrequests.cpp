#include "outboxrequests.h"

#include "jsoncodec.h"
#include "likecoalescer.h"

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

struct Request
{
    QByteArray method;
    QString path;
    QByteArray body;
    bool keyed = false; // a POST: carries the Idempotency-Key
};

Request requestOf(const OutboxEntry &e)
{
    const QString id = QString::number(e.targetId);
    const QString reason = e.payload.value(QLatin1String("reason")).toString();
    const std::optional<QString> optReason =
        reason.isEmpty() ? std::nullopt : std::optional<QString>(reason);
    switch (e.kind) {
    case Kind::PostLike:
    case Kind::CommentVote:
    case Kind::Follow: {
        const LikeCoalescer::Request r = LikeCoalescer::requestFor(e);
        return {r.method, r.path, {}, false};
    }
    case Kind::CreateComment: {
        NewComment c;
        c.content = e.payload.value(QLatin1String("content")).toString();
        if (e.parentId != 0)
            c.parentId = e.parentId;
        return {"POST", QStringLiteral("/api/v1/posts/%1/comments").arg(e.postId),
                encodeNewComment(c), true};
    }
    case Kind::DeleteComment:
        return {"DELETE", QStringLiteral("/api/v1/comments/%1").arg(id), {}, false};
    case Kind::CreatePost:
        return {"POST", QStringLiteral("/api/v1/posts"),
                QJsonDocument(postBody(e)).toJson(QJsonDocument::Compact), true};
    case Kind::DeletePost:
        return {"DELETE", QStringLiteral("/api/v1/posts/%1").arg(id), {}, false};
    case Kind::Report:
        return {"POST", QStringLiteral("/api/v1/reports"),
                QJsonDocument(e.payload).toJson(QJsonDocument::Compact), true};
    case Kind::HideComment:
        return {"POST", QStringLiteral("/api/v1/moderation/comments/%1/hide").arg(id),
                encodeModerationReason(reason), true};
    case Kind::UnhideComment:
        return {"POST", QStringLiteral("/api/v1/moderation/comments/%1/unhide").arg(id),
                encodeModerationReason(optReason), true};
    case Kind::HidePost:
        return {"POST", QStringLiteral("/api/v1/moderation/posts/%1/hide").arg(id),
                encodeModerationReason(reason), true};
    case Kind::UnhidePost:
        return {"POST", QStringLiteral("/api/v1/moderation/posts/%1/unhide").arg(id),
                encodeModerationReason(optReason), true};
    case Kind::DismissReport:
        return {"POST", QStringLiteral("/api/v1/moderation/items/%1/dismiss").arg(id),
                encodeModerationReason(optReason), true};
    }
    return {};
}

} // namespace

OutboxRequest requestFor(const OutboxEntry &entry)
{
    const Request r = requestOf(entry);
    OutboxRequest request{r.method, r.path, r.body, {}};
    if (r.keyed)
        request.options.idempotencyKey = entry.idempotencyKey.toLatin1();
    return request;
}

OutboxRequest pictureUploadFor(const OutboxEntry::LocalPicture &picture, const QByteArray &bytes)
{
    OutboxRequest request{"POST", QStringLiteral("/api/v1/media"), bytes, {}};
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

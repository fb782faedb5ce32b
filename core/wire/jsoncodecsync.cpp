// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The decoders of /sync and the other answers (jsoncodec.h): a change (an upsert carries the
// object its kind names, with the change's id) and the sync page, activities and their page, and
// the small answers — errors, sign-in, like and follow states, media uploads, health.
#include "wire/jsoncodecposts.h"

#include "wire/jsonnames.h"

namespace threadline::core {

namespace codec {
namespace {

// A type this version does not know is kept by name (Type::Unknown), not refused: a newer
// server's kinds still show, as well as their fields allow.
bool readActivityType(const QJsonValue &v, const Path &p, Activity &out, DecodeError &err)
{
    if (!readNonEmptyString(v, p, out.typeName, err))
        return false;
    out.type = Activity::Type::Unknown;
    for (const auto &[name, type] : kActivityTypes)
        if (out.typeName == name)
            out.type = type;
    return true;
}

bool readActivity(const QJsonValue &v, const Path &p, Activity &out, DecodeError &err)
{
    Obj o(v, p, err);
    if (!o)
        return false;
    if (!readActivityType(o.value("type"_L1), p / "type"_L1, out, err))
        return false;
    return o.req("id"_L1, out.id, readId) && o.opt("channel"_L1, out.channel, readString) &&
           o.opt("topic"_L1, out.topic, readString) &&
           o.req("actor"_L1, out.actor, readUserBrief) && o.opt("postId"_L1, out.postId, readId) &&
           o.opt("commentId"_L1, out.commentId, readId) &&
           o.opt("postAuthor"_L1, out.postAuthor, readUserBrief) &&
           o.opt("summary"_L1, out.summary, readString) &&
           o.opt("thumbnail"_L1, out.thumbnail, readString) &&
           o.opt("targetUser"_L1, out.targetUser, readUserBrief) &&
           readCreateTime(o, out.createtime);
}

bool readChange(const QJsonValue &v, const Path &p, Change &out, DecodeError &err)
{
    Obj o(v, p, err);
    if (!o)
        return false;
    const bool ok = o.req("kind"_L1, out.kind, enumOf(kChangeKinds)) &&
                    o.req("op"_L1, out.op, enumOf(kChangeOps)) && o.req("id"_L1, out.id, readId);
    if (!ok)
        return false;
    if (out.op == Change::Op::Remove)
        return true; // a removal names the object only
    // An upsert carries the object `kind` names, with the change's id.
    const auto readData = [&out](const QJsonValue &dv, const Path &dp, Change::Data &data,
                                 DecodeError &e) {
        qint64 id = 0;
        QLatin1StringView idKey = "id"_L1;
        switch (out.kind) {
        case Change::Kind::Post: {
            Post post;
            if (!readPost(dv, dp, post, e))
                return false;
            id = post.id;
            data = std::move(post);
            break;
        }
        case Change::Kind::Comment: {
            Comment comment;
            if (!readComment(dv, dp, comment, e))
                return false;
            id = comment.id;
            data = std::move(comment);
            break;
        }
        case Change::Kind::User: {
            UserProfile user;
            if (!readUserProfile(dv, dp, user, e))
                return false;
            id = user.brief.uid;
            idKey = "uid"_L1;
            data = std::move(user);
            break;
        }
        case Change::Kind::Notification: {
            Notification notification;
            if (!readNotification(dv, dp, notification, e))
                return false;
            id = notification.id;
            data = std::move(notification);
            break;
        }
        }
        if (id != out.id)
            return fail(e, dp / idKey,
                        u"%1 does not match the change's id %2"_s.arg(id).arg(out.id));
        return true;
    };
    return o.req("data"_L1, out.data,
                 [&](const QJsonValue &dv, const Path &dp, std::optional<Change::Data> &data,
                     DecodeError &e) {
                     Change::Data d;
                     if (!readData(dv, dp, d, e))
                         return false;
                     data = std::move(d);
                     return true;
                 });
}

bool readSyncPage(const QJsonValue &v, const Path &p, SyncPage &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("changes"_L1, out.changes, skippingListOf(readChange, &out.skipped)) &&
           o.req("next"_L1, out.next, readNonEmptyString) &&
           o.req("hasMore"_L1, out.hasMore, readBool) &&
           o.opt("unread"_L1, out.unread, readUnreadField);
}

// A push stream's `changes` event: a sync page without `hasMore` (an event holds what one read
// of the log gave; the next event follows on its own).
bool readStreamChanges(const QJsonValue &v, const Path &p, SyncPage &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("changes"_L1, out.changes, skippingListOf(readChange, &out.skipped)) &&
           o.req("next"_L1, out.next, readNonEmptyString) &&
           o.opt("hasMore"_L1, out.hasMore, readBool) &&
           o.opt("unread"_L1, out.unread, readUnreadField);
}

bool readApiErrorFields(const QJsonValue &v, const Path &p, ApiErrorBody &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("code"_L1, out.code, readNonEmptyString) &&
           o.opt("message"_L1, out.message, readString);
}

bool readApiError(const QJsonValue &v, const Path &p, ApiErrorBody &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("error"_L1, out, readApiErrorFields);
}

bool readLoginResult(const QJsonValue &v, const Path &p, LoginResult &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("token"_L1, out.token, readNonEmptyString) &&
           o.req("user"_L1, out.user, readUserProfile);
}

bool readLikeState(const QJsonValue &v, const Path &p, LikeState &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("liked"_L1, out.liked, readBool) &&
           o.req("likeCount"_L1, out.likeCount, readCount);
}

bool readCommentLikeState(const QJsonValue &v, const Path &p, CommentLikeState &out,
                          DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("liked"_L1, out.liked, readBool) &&
           o.req("likeCount"_L1, out.likeCount, readCount) &&
           o.req("opposed"_L1, out.opposed, readBool) &&
           o.req("opposeCount"_L1, out.opposeCount, readCount) &&
           o.req("score"_L1, out.score, readSigned);
}

bool readFollowState(const QJsonValue &v, const Path &p, FollowState &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("following"_L1, out.following, readBool) &&
           o.req("followers"_L1, out.followers, readCount);
}

bool readTopicInfo(const QJsonValue &v, const Path &p, TopicInfo &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("name"_L1, out.name, readNonEmptyString) &&
           o.req("posts"_L1, out.posts, readCount) &&
           o.req("followers"_L1, out.followers, readCount) &&
           o.opt("followedByMe"_L1, out.followedByMe, readBool);
}

bool readMediaUpload(const QJsonValue &v, const Path &p, MediaUpload &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("url"_L1, out.url, readNonEmptyString);
}

bool readHealth(const QJsonValue &v, const Path &p, Health &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("status"_L1, out.status, readString) &&
           o.opt("version"_L1, out.version, readString);
}

} // namespace
} // namespace codec

using namespace codec;

Result<Activity> decodeActivity(const QJsonValue &value)
{
    return decodeValue<Activity>(value, readActivity);
}

Result<Change> decodeChange(const QJsonValue &value)
{
    return decodeValue<Change>(value, readChange);
}

Result<ActivityPage> decodeActivityPage(const QByteArray &json)
{
    return noteSkipped(decodeDocument<ActivityPage>(json, cursorPageOf<Activity, readActivity>),
                       "activity page");
}

Result<SyncPage> decodeSyncPage(const QByteArray &json)
{
    return noteSkipped(decodeDocument<SyncPage>(json, readSyncPage), "sync page");
}

Result<SyncPage> decodeStreamChanges(const QByteArray &json)
{
    return noteSkipped(decodeDocument<SyncPage>(json, readStreamChanges), "stream event");
}

Result<ApiErrorBody> decodeApiError(const QByteArray &json)
{
    return decodeDocument<ApiErrorBody>(json, readApiError);
}

Result<LoginResult> decodeLoginResult(const QByteArray &json)
{
    return decodeDocument<LoginResult>(json, readLoginResult);
}

Result<LikeState> decodeLikeState(const QByteArray &json)
{
    return decodeDocument<LikeState>(json, readLikeState);
}

Result<CommentLikeState> decodeCommentLikeState(const QByteArray &json)
{
    return decodeDocument<CommentLikeState>(json, readCommentLikeState);
}

Result<FollowState> decodeFollowState(const QByteArray &json)
{
    return decodeDocument<FollowState>(json, readFollowState);
}

Result<TopicInfo> decodeTopicInfo(const QByteArray &json)
{
    return decodeDocument<TopicInfo>(json, readTopicInfo);
}

Result<MediaUpload> decodeMediaUpload(const QByteArray &json)
{
    return decodeDocument<MediaUpload>(json, readMediaUpload);
}

Result<Health> decodeHealth(const QByteArray &json)
{
    return decodeDocument<Health>(json, readHealth);
}

} // namespace threadline::core

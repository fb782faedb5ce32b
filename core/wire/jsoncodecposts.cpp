// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The decoders of content (jsoncodec.h): users and profiles, posts with their geo, likes and inline
// comments, comments and their moderation mark, and the pages of these — timeline and hot pages,
// a file of posts (--import), floor and reply pages (roots and replies checked), likers pages.
#include "wire/jsoncodecposts.h"

#include "wire/jsonnames.h"

#include <algorithm>

namespace threadline::core {

namespace codec {

namespace {

bool readUserBriefFields(Obj &o, UserBrief &u)
{
    return o.req("uid"_L1, u.uid, readId) && o.opt("nickName"_L1, u.nickName, readString) &&
           o.opt("headImg"_L1, u.headImg, readString);
}

} // namespace

bool readUserBrief(const QJsonValue &v, const Path &p, UserBrief &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && readUserBriefFields(o, out);
}

bool readUserProfile(const QJsonValue &v, const Path &p, UserProfile &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && readUserBriefFields(o, out.brief) &&
           o.opt("followers"_L1, out.followers, readCount) &&
           o.opt("following"_L1, out.following, readCount) &&
           o.opt("followedByMe"_L1, out.followedByMe, readBool) &&
           o.opt("role"_L1, out.role, enumOf(kRoles));
}

bool readModeration(const QJsonValue &v, const Path &p, Moderation &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("by"_L1, out.by, readUserBrief) &&
           o.opt("reason"_L1, out.reason, readString) && readCreateTime(o, out.createtime);
}

namespace {

bool readLatitude(const QJsonValue &v, const Path &p, double &out, DecodeError &err)
{
    return readNumberIn(v, p, out, err, -90.0, 90.0);
}

bool readLongitude(const QJsonValue &v, const Path &p, double &out, DecodeError &err)
{
    return readNumberIn(v, p, out, err, -180.0, 180.0);
}

bool readGeo(const QJsonValue &v, const Path &p, Geo &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.opt("name"_L1, out.name, readString) && o.req("lat"_L1, out.lat, readLatitude) &&
           o.req("lng"_L1, out.lng, readLongitude);
}

bool readLike(const QJsonValue &v, const Path &p, Like &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("id"_L1, out.id, readId) && o.req("postId"_L1, out.postId, readId) &&
           readCreateTime(o, out.createtime) && o.req("user"_L1, out.user, readUserBrief);
}

bool readFollow(const QJsonValue &v, const Path &p, Like &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && readCreateTime(o, out.createtime) && o.req("user"_L1, out.user, readUserBrief);
}

} // namespace

bool readComment(const QJsonValue &v, const Path &p, Comment &out, DecodeError &err)
{
    Obj o(v, p, err);
    if (!o)
        return false;
    std::optional<qint64> score;
    const bool ok =
        o.req("id"_L1, out.id, readId) && o.req("postId"_L1, out.postId, readId) &&
        o.opt("rootId"_L1, out.rootId, readRefId) &&
        o.opt("parentId"_L1, out.parentId, readRefId) && o.opt("floor"_L1, out.floor, readCount) &&
        o.opt("seq"_L1, out.seq, readCount) && o.req("author"_L1, out.author, readUserBrief) &&
        o.opt("replyTo"_L1, out.replyTo, readUserBrief) &&
        o.req("content"_L1, out.content, readString) && readCreateTime(o, out.createtime) &&
        o.req("likeCount"_L1, out.likeCount, readCount) && o.opt("liked"_L1, out.liked, readBool) &&
        o.opt("opposeCount"_L1, out.opposeCount, readCount) &&
        o.opt("opposed"_L1, out.opposed, readBool) && o.opt("score"_L1, score, readSigned) &&
        o.req(o.spelling("replyCount"_L1, "commentCount"_L1), out.replyCount, readCount) &&
        o.opt("status"_L1, out.status, enumOf(kCommentStatuses)) &&
        o.opt("moderation"_L1, out.moderation, readModeration);
    if (!ok)
        return false;
    // A root answers nothing; a reply answers something in its floor.
    if (out.rootId == 0 && out.parentId != 0)
        return o.failAt("parentId"_L1, u"a floor's root (rootId 0) cannot have a parentId"_s);
    if (out.rootId != 0 && out.parentId == 0)
        return o.failAt("parentId"_L1, u"a reply (rootId %1) needs a parentId"_s.arg(out.rootId));
    out.score = score.value_or(2 * out.likeCount - out.opposeCount);
    return true;
}

bool readPost(const QJsonValue &v, const Path &p, Post &out, DecodeError &err)
{
    Obj o(v, p, err);
    if (!o)
        return false;
    std::optional<QString> categoryWord;
    const bool ok =
        o.req("id"_L1, out.id, readId) && o.opt("category"_L1, categoryWord, readString) &&
        o.opt("content"_L1, out.content, readString) && readCreateTime(o, out.createtime) &&
        o.opt("device"_L1, out.device, readString) && o.opt("geo"_L1, out.geo, readGeo) &&
        o.req("author"_L1, out.author, readUserBrief) &&
        o.opt("pictureUrls"_L1, out.pictureUrls, listOf(readString)) &&
        o.req("likeCount"_L1, out.likeCount, readCount) &&
        o.req("commentCount"_L1, out.commentCount, readCount) &&
        o.opt("liked"_L1, out.liked, readBool) && o.opt("likes"_L1, out.likes, listOf(readLike)) &&
        o.opt("comments"_L1, out.comments, listOf(readComment)) &&
        o.opt("hidden"_L1, out.hidden, readBool) &&
        o.opt("moderation"_L1, out.moderation, readModeration) &&
        o.opt("viewCount"_L1, out.viewCount, readCount) &&
        o.opt("hotCount"_L1, out.hotCount, readCount);
    if (!ok)
        return false;
    // Without a category, what the server would have chosen; one this client does not know (a
    // newer server's VIDEO) is kept as Unknown with its word, never a refusal of the post.
    out.category = out.pictureUrls.isEmpty() ? Post::Category::Text : Post::Category::Picture;
    if (categoryWord) {
        const auto known = std::find_if(kCategories.cbegin(), kCategories.cend(),
                                        [&](const auto &n) { return n.first == *categoryWord; });
        if (known != kCategories.cend()) {
            out.category = known->second;
        } else {
            out.category = Post::Category::Unknown;
            out.categoryWord = categoryWord->left(40);
        }
    }
    return true;
}

namespace {

// Comments of a floor page must be roots; those of a reply list, replies.
bool readRootComment(const QJsonValue &v, const Path &p, Comment &out, DecodeError &err)
{
    if (!readComment(v, p, out, err))
        return false;
    if (out.rootId != 0)
        return fail(err, p / "rootId"_L1, u"expected a floor's root (rootId 0) here"_s);
    return true;
}

bool readReplyComment(const QJsonValue &v, const Path &p, Comment &out, DecodeError &err)
{
    if (!readComment(v, p, out, err))
        return false;
    if (out.rootId == 0)
        return fail(err, p / "rootId"_L1, u"expected a reply (rootId not 0) here"_s);
    return true;
}

bool readFloorPage(const QJsonValue &v, const Path &p, FloorPage &out, DecodeError &err)
{
    Obj o(v, p, err);
    if (!o)
        return false;
    const bool ok =
        o.req("roots"_L1, out.roots, skippingListOf(readRootComment, &out.skipped)) &&
        o.opt("replies"_L1, out.replies, skippingListOf(readReplyComment, &out.skipped)) &&
        o.req("totalRoots"_L1, out.totalRoots, readCount);
    if (!ok)
        return false;
    // A floor number in floor order, an opaque cursor with order=best.
    const QJsonValue next = o.value("next"_L1);
    if (next.isString())
        return o.opt("next"_L1, out.nextCursor, readNonEmptyString);
    if (next.isDouble())
        return o.opt("next"_L1, out.next, readCount);
    if (next.isUndefined() || next.isNull())
        return true;
    return o.failAt("next"_L1,
                    u"expected a floor number, a cursor string or null, got "_s + describe(next));
}

bool readReplyPage(const QJsonValue &v, const Path &p, ReplyPage &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("items"_L1, out.items, skippingListOf(readReplyComment, &out.skipped)) &&
           o.opt("next"_L1, out.next, readCount);
}

} // namespace

} // namespace codec

using namespace codec;

Result<UserBrief> decodeUserBrief(const QJsonValue &value)
{
    return decodeValue<UserBrief>(value, readUserBrief);
}

Result<UserProfile> decodeUserProfile(const QJsonValue &value)
{
    return decodeValue<UserProfile>(value, readUserProfile);
}

Result<UserProfile> decodeUserProfile(const QByteArray &json)
{
    return decodeDocument<UserProfile>(json, readUserProfile);
}

Result<Post> decodePost(const QJsonValue &value)
{
    return decodeValue<Post>(value, readPost);
}

Result<Post> decodePost(const QByteArray &json)
{
    return decodeDocument<Post>(json, readPost);
}

Result<Comment> decodeComment(const QJsonValue &value)
{
    return decodeValue<Comment>(value, readComment);
}

Result<Comment> decodeComment(const QByteArray &json)
{
    return decodeDocument<Comment>(json, readComment);
}

Result<Like> decodeLike(const QJsonValue &value)
{
    return decodeValue<Like>(value, readLike);
}

Result<PostPage> decodePostPage(const QByteArray &json)
{
    return noteSkipped(decodeDocument<PostPage>(json, cursorPageOf<Post, readPost>), "posts page");
}

Result<QList<Post>> decodePostList(const QByteArray &json, QStringList *skipped)
{
    const Result<QJsonValue> parsed = parseDocument(json);
    if (!parsed)
        return parsed.error();
    const QJsonValue &v = *parsed;
    QJsonArray items;
    QString prefix;
    const QJsonObject o = v.toObject();
    if (v.isArray()) {
        items = v.toArray();
    } else if (v.isObject() && o.contains("items"_L1) && !o.contains("id"_L1)) {
        const QJsonValue inner = o.value("items"_L1);
        if (!inner.isArray())
            return DecodeError{u"items"_s, u"expected an array of posts"_s};
        items = inner.toArray();
        prefix = u"items"_s;
    } else {
        Result<Post> post = decodePost(v);
        if (!post)
            return post.error();
        return QList<Post>{std::move(post).value()};
    }
    if (items.isEmpty())
        return DecodeError{prefix, u"holds no post"_s};
    QList<Post> out;
    out.reserve(items.size());
    std::optional<DecodeError> first;
    for (qsizetype i = 0; i < items.size(); ++i) {
        Result<Post> post = decodePost(items.at(i));
        if (!post) {
            DecodeError e = post.error();
            const QString here = prefix + u'[' + QString::number(i) + u']';
            e.path = e.path.isEmpty()
                         ? here
                         : here + (e.path.startsWith(u'[') ? QString() : u"."_s) + e.path;
            if (!skipped)
                return e;
            skipped->append(e.path + u": "_s + e.message);
            if (!first)
                first = e;
            continue;
        }
        out.append(std::move(post).value());
    }
    if (out.isEmpty() && first)
        return *first; // nothing could be read: the first reason
    return out;
}

Result<FloorPage> decodeFloorPage(const QByteArray &json)
{
    return noteSkipped(decodeDocument<FloorPage>(json, readFloorPage), "floors page");
}

Result<ReplyPage> decodeReplyPage(const QByteArray &json)
{
    return noteSkipped(decodeDocument<ReplyPage>(json, readReplyPage), "replies page");
}

Result<LikePage> decodeLikePage(const QByteArray &json)
{
    return noteSkipped(decodeDocument<LikePage>(json, cursorPageOf<Like, readLike>), "likes page");
}

Result<LikePage> decodeFollowPage(const QByteArray &json)
{
    return noteSkipped(decodeDocument<LikePage>(json, cursorPageOf<Like, readFollow>),
                       "follows page");
}

} // namespace threadline::core

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Wire types: the objects of the REST contract (docs/api.md, "Objects"), as plain values.
// Every type is a struct of Qt value types (implicitly shared, cheap to copy) with defaults
// that describe "nothing"; jsoncodec.h turns JSON into these and request bodies back into JSON.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <QtGlobal>

#include <optional>
#include <variant>

namespace threadline::core {

// A user as embedded in other objects: {"uid","nickName","headImg"}.
struct UserBrief
{
    qint64 uid = 0;
    QString nickName;
    QString headImg; // absolute URL or a path beginning with '/' (resolve against the server)

    friend bool operator==(const UserBrief &, const UserBrief &) = default;
};

// GET /users/{uid}, GET /me; the `user` of a login answer (brief + role, counts 0).
struct UserProfile
{
    enum class Role { User, Moderator };

    UserBrief brief;
    qint64 followers = 0;
    qint64 following = 0;
    bool followedByMe = false;
    Role role = Role::User;

    friend bool operator==(const UserProfile &, const UserProfile &) = default;
};

struct Geo
{
    QString name;
    double lat = 0.0;
    double lng = 0.0;

    friend bool operator==(const Geo &, const Geo &) = default;
};

// Who hid a post or comment (moderators only): {"by","reason","createtime"}.
struct Moderation
{
    UserBrief by;
    QString reason;
    qint64 createtime = 0;

    friend bool operator==(const Moderation &, const Moderation &) = default;
};

// A like on a post. The sample's `createTime` is read as `createtime`.
struct Like
{
    qint64 id = 0;
    qint64 postId = 0;
    qint64 createtime = 0;
    UserBrief user;

    friend bool operator==(const Like &, const Like &) = default;
};

// A comment: a floor's root (rootId 0, parentId 0, seq 0, no replyTo) or a reply in a floor.
struct Comment
{
    enum class Status { Visible, Hidden };

    qint64 id = 0;
    qint64 postId = 0;
    qint64 rootId = 0;   // 0: this comment is a floor's root
    qint64 parentId = 0; // 0 for a root
    qint64 floor = 0;
    qint64 seq = 0;
    UserBrief author;
    std::optional<UserBrief> replyTo; // absent for a root
    QString content;
    qint64 createtime = 0;
    qint64 likeCount = 0;
    bool liked = false;
    qint64 opposeCount = 0;
    bool opposed = false;
    qint64 score = 0;      // 2 × likes − opposes; may be negative
    qint64 replyCount = 0; // the sample's `commentCount`
    Status status = Status::Visible;
    std::optional<Moderation> moderation; // moderators only, when hidden

    [[nodiscard]] bool isRoot() const { return rootId == 0; }

    friend bool operator==(const Comment &, const Comment &) = default;
};

struct Post
{
    // Unknown: a category of a newer server (VIDEO…): the post is shown as well as it can be,
    // with a line saying its kind is not supported yet; categoryWord keeps the wire's word.
    enum class Category { Text, Picture, Unknown };

    qint64 id = 0;
    Category category = Category::Text;
    QString categoryWord; // the wire's word of an Unknown category (at most 40 characters)
    QString content;
    qint64 createtime = 0;
    QString device;
    std::optional<Geo> geo;
    UserBrief author;
    QStringList pictureUrls; // kept as given, also beyond 9 (the UI shows 9 and "+N")
    qint64 likeCount = 0;
    qint64 commentCount = 0;
    bool liked = false;
    QList<Like> likes;       // as given; the same user may appear twice (the model de-duplicates)
    QList<Comment> comments; // as given; see sortNewestFirst()
    bool hidden = false;
    std::optional<Moderation> moderation;
    std::optional<qint64> viewCount; // only on /hot: all its views
    // Only on /hot: the likes (or views) counted in the ranking's window, what it is ranked by.
    // It belongs to one ranking, not to the post: the timeline model keeps it per row and the
    // cache does not keep it.
    std::optional<qint64> hotCount;

    friend bool operator==(const Post &, const Post &) = default;
};

// A message on a person's board (留言; the original spec's LeaveWord {touid, touname, summary}):
// `board` is whose board it is, `content` the message.
struct Message
{
    qint64 id = 0;
    UserBrief board;
    UserBrief author;
    QString content;
    qint64 createtime = 0;
    qint64 likeCount = 0;
    bool liked = false;
    bool hidden = false;                  // moderators only see hidden messages
    std::optional<Moderation> moderation; // moderators only, when hidden

    friend bool operator==(const Message &, const Message &) = default;
};

// What a report, a queue item or a moderation log entry is about (Device: log entries only).
enum class TargetType { Post, Comment, Device, Message };
// The contract's word for it: "post", "comment", "device", "message".
[[nodiscard]] QString wireName(TargetType type);

struct Report
{
    enum class Reason { Spam, Abuse, Illegal, Other };

    qint64 id = 0;
    TargetType targetType = TargetType::Post; // Post, Comment or Message
    qint64 targetId = 0;
    Reason reason = Reason::Other;
    QString note;
    UserBrief reporter;
    qint64 createtime = 0;

    friend bool operator==(const Report &, const Report &) = default;
};

// An entry of the moderation queue.
struct QueueItem
{
    enum class Status { Open, Closed };

    qint64 id = 0;
    TargetType targetType = TargetType::Post; // Post, Comment or Message
    qint64 targetId = 0;
    // The reported content as the moderator sees it; absent when it has been deleted. Holds a
    // Post when targetType is Post, a Comment when it is Comment, a Message when it is Message.
    std::optional<std::variant<Post, Comment, Message>> target;
    std::optional<Post> post; // a comment's post, for context (none for a post or a message)
    QList<Report> reports;
    qint64 reportCount = 0;
    std::optional<QString> autoFlagWord; // `autoFlag.word`
    Status status = Status::Open;
    qint64 createtime = 0;

    [[nodiscard]] const Post *targetPost() const
    {
        return target ? std::get_if<Post>(&*target) : nullptr;
    }
    [[nodiscard]] const Comment *targetComment() const
    {
        return target ? std::get_if<Comment>(&*target) : nullptr;
    }
    [[nodiscard]] const Message *targetMessage() const
    {
        return target ? std::get_if<Message>(&*target) : nullptr;
    }

    friend bool operator==(const QueueItem &, const QueueItem &) = default;
};

struct LogEntry
{
    enum class Action { Hide, Unhide, Dismiss, Delete, Device };

    qint64 id = 0;
    UserBrief moderator;
    Action action = Action::Hide;
    TargetType targetType = TargetType::Post;
    qint64 targetId = 0; // 0 for a device change
    QString reason;
    qint64 createtime = 0;

    friend bool operator==(const LogEntry &, const LogEntry &) = default;
};

// What someone did (GET /activity): posted, commented, liked a post, followed someone. What a
// row shows comes with it (absent from an older server's items, so all optional):
// the post's author, a plain-text summary (the post's start, or the comment's), the post's first
// picture; the person followed.
struct Activity
{
    // Reply: a comment that answers another comment; Message: one left on a person's board;
    // Topic: "A posted in #topic". Unknown: a kind this version does not know (typeName says
    // which), shown as well as its fields allow.
    enum class Type { Post, Comment, Like, Follow, Reply, Message, Topic, Unknown };

    qint64 id = 0;
    Type type = Type::Post;
    QString typeName; // the type as the server wrote it
    QString channel;  // posts | follows | board | topics | another; "" from an older server
    QString topic;    // Topic items: the topic's name, without the #s
    UserBrief actor;
    std::optional<qint64> postId;
    std::optional<qint64> commentId;
    std::optional<UserBrief> postAuthor; // whose post it is about
    QString summary;                     // plain text, one line, "" when none
    QString thumbnail;                   // the post's first picture URL, "" when none
    std::optional<UserBrief> targetUser;
    qint64 createtime = 0;

    friend bool operator==(const Activity &, const Activity &) = default;
};

// Something others did to me or my content (GET /notifications, the `notification` records of
// /sync). Unknown: a kind this version does not know (kindName says which), shown as well as its
// fields allow.
struct Notification
{
    enum class Kind { Reply, Comment, Message, Follow, Like, Moderation, Unknown };

    qint64 id = 0;
    Kind kind = Kind::Unknown;
    QString kindName; // the kind as the server wrote it
    qint64 createtime = 0;
    bool read = false;
    QList<UserBrief> actors; // newest first, at most 3
    qint64 actorCount = 0;   // everyone in it (grouped likes)
    std::optional<qint64> postId;
    std::optional<qint64> commentId;
    std::optional<qint64> parentId;
    std::optional<qint64> messageId;
    QString targetType; // like, moderation: post | comment | message
    std::optional<qint64> targetId;
    QString summary; // plain text, one line, "" when none
    QString action;  // moderation: hide | unhide | delete
    QString reason;  // moderation

    friend bool operator==(const Notification &, const Notification &) = default;
};

// GET /notifications: a page and the unread count.
struct NotificationPage
{
    QList<Notification> items;
    std::optional<QString> next;
    int unread = 0;
    QStringList skipped;

    friend bool operator==(const NotificationPage &, const NotificationPage &) = default;
};

// One entry of GET /sync.
struct Change
{
    enum class Kind { Post, Comment, User, Notification };
    enum class Op { Upsert, Remove };
    using Data = std::variant<Post, Comment, UserProfile, Notification>;

    Kind kind = Kind::Post;
    Op op = Op::Upsert;
    qint64 id = 0;
    std::optional<Data> data; // present for every upsert (of the type `kind` names), else absent

    [[nodiscard]] const Post *post() const { return data ? std::get_if<Post>(&*data) : nullptr; }
    [[nodiscard]] const Comment *comment() const
    {
        return data ? std::get_if<Comment>(&*data) : nullptr;
    }
    [[nodiscard]] const UserProfile *user() const
    {
        return data ? std::get_if<UserProfile>(&*data) : nullptr;
    }
    [[nodiscard]] const Notification *notification() const
    {
        return data ? std::get_if<Notification>(&*data) : nullptr;
    }

    friend bool operator==(const Change &, const Change &) = default;
};

struct SyncPage
{
    QList<Change> changes;
    QString next; // always present
    bool hasMore = false;
    std::optional<int> unread; // my unread notifications (absent from an older server)
    // Items that could not be read and were left out, one "path: reason" each (logged by the
    // decoder; the rest of the page is kept).
    QStringList skipped;

    friend bool operator==(const SyncPage &, const SyncPage &) = default;
};

// A list paged with an opaque `before` cursor: {"items","next"}; `next` is absent on the last
// page (and on /hot, which has none).
template<class T> struct CursorPage
{
    QList<T> items;
    std::optional<QString> next;
    // Items that could not be read and were left out, one "path: reason" each (logged by the
    // decoder; the rest of the page is kept).
    QStringList skipped;

    friend bool operator==(const CursorPage &, const CursorPage &) = default;
};

// GET /posts/{id}/comments: floors (roots) with their first replies.
struct FloorPage
{
    QList<Comment> roots;
    QList<Comment> replies;            // the earliest replies of each root on the page
    std::optional<qint64> next;        // the last floor on the page (floor order)
    std::optional<QString> nextCursor; // the opaque `before` cursor (order=best)
    qint64 totalRoots = 0;
    // Items that could not be read and were left out, one "path: reason" each (logged by the
    // decoder; the rest of the page is kept).
    QStringList skipped;

    [[nodiscard]] bool hasMore() const { return next.has_value() || nextCursor.has_value(); }

    friend bool operator==(const FloorPage &, const FloorPage &) = default;
};

// GET /comments/{rootId}/replies.
struct ReplyPage
{
    QList<Comment> items;
    std::optional<qint64> next; // the last seq on the page
    // Items that could not be read and were left out, one "path: reason" each (logged by the
    // decoder; the rest of the page is kept).
    QStringList skipped;

    friend bool operator==(const ReplyPage &, const ReplyPage &) = default;
};

// An entry of the device-name table.
struct DeviceName
{
    QString raw;
    QString display;

    friend bool operator==(const DeviceName &, const DeviceName &) = default;
};

using PostPage = CursorPage<Post>; // /timeline, /hot
using LikePage = CursorPage<Like>;
using ActivityPage = CursorPage<Activity>;
using QueuePage = CursorPage<QueueItem>;
using LogPage = CursorPage<LogEntry>;
using MessagePage = CursorPage<struct Message>;
using DevicePage = CursorPage<DeviceName>;
using UserBriefPage = CursorPage<UserBrief>; // /moderation/stats/people

// The body of every error answer: {"error":{"code","message"}}.
struct ApiErrorBody
{
    QString code; // snake_case, e.g. "not_found"
    QString message;

    friend bool operator==(const ApiErrorBody &, const ApiErrorBody &) = default;
};

struct LoginResult
{
    QString token;
    UserProfile user; // brief + role; followers/following are not part of this answer

    friend bool operator==(const LoginResult &, const LoginResult &) = default;
};

// PUT/DELETE /posts/{id}/like.
struct LikeState
{
    bool liked = false;
    qint64 likeCount = 0;

    friend bool operator==(const LikeState &, const LikeState &) = default;
};

// PUT/DELETE /comments/{id}/like and /oppose.
struct CommentLikeState
{
    bool liked = false;
    qint64 likeCount = 0;
    bool opposed = false;
    qint64 opposeCount = 0;
    qint64 score = 0;

    friend bool operator==(const CommentLikeState &, const CommentLikeState &) = default;
};

// PUT/DELETE /users/{uid}/follow.
struct FollowState
{
    bool following = false;
    qint64 followers = 0;

    friend bool operator==(const FollowState &, const FollowState &) = default;
};

// POST /media.
struct MediaUpload
{
    QString url;

    friend bool operator==(const MediaUpload &, const MediaUpload &) = default;
};

// GET /health.
struct Health
{
    QString status;
    QString version;

    friend bool operator==(const Health &, const Health &) = default;
};

// GET /moderation/stats.
struct ModerationStats
{
    QString date; // yyyy-MM-dd, UTC+8
    qint64 activeToday = 0;
    qint64 activeAllOfLast3Days = 0;
    qint64 activeAnyOfLast7Days = 0;
    qint64 inactiveLast7Days = 0;
    // Added with the statistics' lists; absent from older servers.
    std::optional<qint64> activeThisWeekNotToday; // active on one of the 7 days, not on the day
    std::optional<qint64> newThisWeek;            // accounts made in the 7 days

    friend bool operator==(const ModerationStats &, const ModerationStats &) = default;
};

// GET /moderation/stats/days: how many people were active on each day of a window, oldest first.
struct ActiveDays
{
    struct Day
    {
        QString date; // yyyy-MM-dd, UTC+8
        qint64 active = 0;
        friend bool operator==(const Day &, const Day &) = default;
    };
    QString to; // the window's last day
    QList<Day> days;

    friend bool operator==(const ActiveDays &, const ActiveDays &) = default;
};

// GET /moderation/stats/users/{uid}.
struct UserActivityStats
{
    qint64 uid = 0;
    QString month; // yyyy-MM
    qint64 daysActive = 0;
    QList<int> days; // days of the month, 1..31

    friend bool operator==(const UserActivityStats &, const UserActivityStats &) = default;
};

// GET /rankings: a board of people by points (the day's, or the last 7 days').
struct RankEntry
{
    qint64 rank = 0;
    qint64 points = 0;
    UserBrief user;

    friend bool operator==(const RankEntry &, const RankEntry &) = default;
};

struct Ranking
{
    enum class Window { Day, Week };
    Window window = Window::Day;
    QString from, to;  // yyyy-MM-dd, UTC+8; the same day for the day's board
    qint64 people = 0; // people with points on the board
    QList<RankEntry> items;
    std::optional<qint64> myRank; // none: no points on this board
    qint64 myPoints = 0;
    // The rules (points each, and how many count a day); 0 when the server did not say.
    qint64 postPoints = 0, postsPerDay = 0, commentPoints = 0, commentsPerDay = 0, likePoints = 0,
           likesPerDay = 0;

    friend bool operator==(const Ranking &, const Ranking &) = default;
};

// GET /topics/{name}: a topic people follow (posts that mark it with #name#).
struct TopicInfo
{
    QString name;
    qint64 posts = 0;
    qint64 followers = 0;
    bool followedByMe = false;

    friend bool operator==(const TopicInfo &, const TopicInfo &) = default;
};

// Request bodies (encoded by jsoncodec.h).

// POST /posts. Without a category the encoder sends PICTURE when there are pictures, else TEXT.
struct NewPost
{
    std::optional<Post::Category> category;
    QString content;
    QStringList pictureUrls;
    QString device; // the raw model string; omitted when empty
    std::optional<Geo> geo;

    friend bool operator==(const NewPost &, const NewPost &) = default;
};

// POST /posts/{id}/comments: a root without parentId, a reply with it.
struct NewComment
{
    QString content;
    std::optional<qint64> parentId;

    friend bool operator==(const NewComment &, const NewComment &) = default;
};

// GET /search (docs/api.md "Search"), and the same page read from the cache offline
// (Cache::search): posts, comments or people whose text holds the query, newest first by id.
struct SearchPage
{
    enum class Kind { Posts, Comments, People };
    Kind kind = Kind::Posts;
    QList<Post> posts;       // Posts: the hits; Comments: each hit's post, once
    QList<Comment> comments; // Comments: the hits
    QList<UserBrief> people; // People: the hits
    // The cursor after this page (absent on the last one): the server's, or the cache's own
    // (a page of one source goes on from that source).
    std::optional<QString> next;
    // > 0: the query was too short for the index (1 or 2 characters) and only the newest
    // `window` posts or comments were looked through; 0: all of them.
    int window = 0;
    // Items that could not be read and were left out, one "path: reason" each.
    QStringList skipped;

    friend bool operator==(const SearchPage &, const SearchPage &) = default;
};

// POST /reports.
struct NewReport
{
    TargetType targetType = TargetType::Post; // Post, Comment or Message
    qint64 targetId = 0;
    Report::Reason reason = Report::Reason::Other;
    std::optional<QString> note;

    friend bool operator==(const NewReport &, const NewReport &) = default;
};

// POST /auth/login.
struct LoginRequest
{
    QString username;
    QString password;

    friend bool operator==(const LoginRequest &, const LoginRequest &) = default;
};

// Orders comments newest first: createtime descending, then id descending (the contract's
// "newest first"). Stable, so equal (createtime, id) pairs keep their order.
void sortNewestFirst(QList<Comment> &comments);

} // namespace threadline::core

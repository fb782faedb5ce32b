// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The JSON codec: answers of the REST contract into wire types, request bodies into JSON.
//
// Decoding is strict and total: malformed or mistyped input gives a DecodeError naming where
// ("comments[2].author.uid") and what, never a crash and never a half-filled object. It is also
// lenient where the contract says so ("Reading the sample"): `createTime` is read as
// `createtime`, a comment's `commentCount` as `replyCount`, missing `rootId`/`parentId` mean 0,
// missing `liked`/`opposed` mean false, missing `likes`/`comments` mean empty, `null` for an
// optional field means absent, unknown fields are ignored, lists are kept in the order given.
//
// Every decodeX has two forms: one for a whole answer body (QByteArray: applies the limits
// below, then parses) and one for an already parsed value (QJsonValue, e.g. from the cache).
// Pass a QByteArray, not a string literal, to the first (a `const char *` is ambiguous).
#pragma once

#include "wire/wiretypes.h"

#include <QJsonObject>

#include <QByteArray>
#include <QJsonValue>
#include <QString>

#include <utility>
#include <variant>

namespace threadline::core {

// Where and why a decode failed. `path` is empty for the document itself, else like
// "items[3].author.uid"; `message` is plain English for logs and error reports.
struct DecodeError
{
    QString path;
    QString message;

    [[nodiscard]] QString toString() const
    {
        return path.isEmpty() ? message : path + QLatin1String(": ") + message;
    }

    friend bool operator==(const DecodeError &, const DecodeError &) = default;
};

// A value or a DecodeError (a small std::expected).
template<class T> class [[nodiscard]] Result
{
public:
    Result(T value)
        : m_data(std::in_place_index<0>, std::move(value))
    {
    }
    Result(DecodeError error)
        : m_data(std::in_place_index<1>, std::move(error))
    {
    }

    [[nodiscard]] bool ok() const { return m_data.index() == 0; }
    explicit operator bool() const { return ok(); }

    // The value; only when ok() (otherwise std::bad_variant_access).
    [[nodiscard]] const T &value() const & { return std::get<0>(m_data); }
    [[nodiscard]] T &value() & { return std::get<0>(m_data); }
    [[nodiscard]] T &&value() && { return std::get<0>(std::move(m_data)); }
    const T &operator*() const & { return value(); }
    T &operator*() & { return value(); }
    const T *operator->() const { return &value(); }
    T *operator->() { return &value(); }

    // The error; only when !ok() (otherwise std::bad_variant_access).
    [[nodiscard]] const DecodeError &error() const { return std::get<1>(m_data); }

private:
    std::variant<T, DecodeError> m_data;
};

// Limits against hostile input, checked before parsing (size) and while scanning (the rest).
struct CodecLimits
{
    static constexpr qsizetype kMaxDocumentBytes = 16 * 1024 * 1024;
    static constexpr int kMaxDepth = 64; // nested arrays/objects
    static constexpr qsizetype kMaxArrayItems = 10000;
    static constexpr qsizetype kMaxStringBytes = 1024 * 1024; // UTF-8, as written in the JSON
    static constexpr qint64 kMaxId = (qint64(1) << 53) - 1;   // ids are 1..2^53-1
};

// Checks the limits and parses a JSON document (an object or an array) into a value.
// Invalid UTF-8 and syntax errors are errors, with the byte offset in the message.
[[nodiscard]] Result<QJsonValue> parseDocument(const QByteArray &json);

// Objects.
[[nodiscard]] Result<UserBrief> decodeUserBrief(const QJsonValue &value);
[[nodiscard]] Result<UserProfile> decodeUserProfile(const QJsonValue &value);
[[nodiscard]] Result<UserProfile> decodeUserProfile(const QByteArray &json); // /me, /users/{uid}
[[nodiscard]] Result<Post> decodePost(const QJsonValue &value);
[[nodiscard]] Result<Post> decodePost(const QByteArray &json); // GET/POST /posts, post hide
[[nodiscard]] Result<Comment> decodeComment(const QJsonValue &value);
[[nodiscard]] Result<Comment> decodeComment(const QByteArray &json); // POST comment, hide
[[nodiscard]] Result<Like> decodeLike(const QJsonValue &value);
[[nodiscard]] Result<Report> decodeReport(const QJsonValue &value);
[[nodiscard]] Result<Report> decodeReport(const QByteArray &json); // POST /reports
[[nodiscard]] Result<QueueItem> decodeQueueItem(const QJsonValue &value);
[[nodiscard]] Result<QueueItem> decodeQueueItem(const QByteArray &json); // dismiss
[[nodiscard]] Result<LogEntry> decodeLogEntry(const QJsonValue &value);
[[nodiscard]] Result<Activity> decodeActivity(const QJsonValue &value);
[[nodiscard]] Result<Change> decodeChange(const QJsonValue &value);
[[nodiscard]] Result<DeviceName> decodeDeviceName(const QJsonValue &value);
[[nodiscard]] Result<DeviceName> decodeDeviceName(const QByteArray &json); // PUT /devices

// Pages.
[[nodiscard]] Result<PostPage> decodePostPage(const QByteArray &json); // /timeline, /hot
// A file of posts (QA's --import): one post (the spec's sample), an array of posts, or a page
// {"items":[…]} (its `next`, if any, ignored). Strict like every decoder: the first post that
// cannot be read fails the whole file, its path naming it ("items[3].author.uid") — unless
// `skipped` is given: then such a post is left out and noted there ("items[3].author.uid: …"),
// and only a file with no readable post fails. An empty list is an error too (a file that
// imports nothing is a mistake).
[[nodiscard]] Result<QList<Post>> decodePostList(const QByteArray &json,
                                                 QStringList *skipped = nullptr);
[[nodiscard]] Result<FloorPage> decodeFloorPage(const QByteArray &json);
[[nodiscard]] Result<ReplyPage> decodeReplyPage(const QByteArray &json);
[[nodiscard]] Result<LikePage> decodeLikePage(const QByteArray &json);
// GET /users/{uid}/followers and /following: each {"user","createtime"} read as a Like of no
// post (id 0, postId 0) — a person and a time, what the people lists show.
[[nodiscard]] Result<LikePage> decodeFollowPage(const QByteArray &json);
// A board's page (GET /users/{uid}/messages) and one message (POST, hide, unhide).
[[nodiscard]] Result<MessagePage> decodeMessagePage(const QByteArray &json);
[[nodiscard]] Result<Message> decodeMessage(const QByteArray &json);
[[nodiscard]] Result<ActivityPage> decodeActivityPage(const QByteArray &json);
[[nodiscard]] Result<QueuePage> decodeQueuePage(const QByteArray &json);
[[nodiscard]] Result<LogPage> decodeLogPage(const QByteArray &json);
[[nodiscard]] Result<DevicePage> decodeDevicePage(const QByteArray &json);
[[nodiscard]] Result<SyncPage> decodeSyncPage(const QByteArray &json);
// GET /notifications: a page with the unread count; {"unread":n} answers (the count alone, a
// notification marked read).
[[nodiscard]] Result<NotificationPage> decodeNotificationPage(const QByteArray &json);
[[nodiscard]] Result<int> decodeUnread(const QByteArray &json);
// A page written as the server writes it (the client's cache keeps its notifications so).
[[nodiscard]] QJsonObject encodeNotification(const Notification &notification);
[[nodiscard]] QByteArray encodeNotificationPage(const NotificationPage &page);
// The data of a push stream's `changes` event: a sync page whose `hasMore` may be missing.
[[nodiscard]] Result<SyncPage> decodeStreamChanges(const QByteArray &json);

// Small answers.
[[nodiscard]] Result<ApiErrorBody> decodeApiError(const QByteArray &json);
[[nodiscard]] Result<LoginResult> decodeLoginResult(const QByteArray &json);
[[nodiscard]] Result<LikeState> decodeLikeState(const QByteArray &json);
[[nodiscard]] Result<CommentLikeState> decodeCommentLikeState(const QByteArray &json);
[[nodiscard]] Result<FollowState> decodeFollowState(const QByteArray &json);
[[nodiscard]] Result<TopicInfo> decodeTopicInfo(const QByteArray &json);
[[nodiscard]] Result<MediaUpload> decodeMediaUpload(const QByteArray &json);
[[nodiscard]] Result<Health> decodeHealth(const QByteArray &json);
[[nodiscard]] Result<ModerationStats> decodeModerationStats(const QByteArray &json);
[[nodiscard]] Result<UserActivityStats> decodeUserActivityStats(const QByteArray &json);
[[nodiscard]] Result<ActiveDays> decodeActiveDays(const QByteArray &json);
[[nodiscard]] Result<UserBriefPage> decodeUserBriefPage(const QByteArray &json);
[[nodiscard]] Result<Ranking> decodeRanking(const QByteArray &json); // GET /rankings
// GET /search?kind=…: the page of that kind (posts; comments with their posts; people).
[[nodiscard]] Result<SearchPage> decodeSearchPage(const QByteArray &json, SearchPage::Kind kind);

// Request bodies, as compact UTF-8 JSON.
[[nodiscard]] QByteArray encodeNewPost(const NewPost &post);
[[nodiscard]] QByteArray encodeNewComment(const NewComment &comment); // {content, parentId?}
[[nodiscard]] QByteArray encodeNewReport(const NewReport &report);
[[nodiscard]] QByteArray encodeLogin(const LoginRequest &login);
// Moderation hide/unhide/dismiss: {"reason"} or {} without one.
[[nodiscard]] QByteArray encodeModerationReason(const std::optional<QString> &reason);
[[nodiscard]] QByteArray encodeDeviceName(const DeviceName &device); // PUT /devices

} // namespace threadline::core

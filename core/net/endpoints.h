// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The contract's calls, one function each (../shared/api-v1.md, "Endpoints", and docs/api.md for
// what we added): the one place in the client that spells a path, a query or a method. Each
// function returns the Call it makes — method, path under /api/v1 with its query, body — and
// ApiClient::send() sends it:
//
//   ApiReply *r = api->send(endpoint::post(90012), this);
//   ApiReply *r = api->send(endpoint::timeline(TimelineQuery::following(), cursor, 20), this);
//
// The outbox stores nothing of a Call: it builds the call again from its entry each time it
// sends (outboxcalls.cpp), so a queued action follows the contract of the version that sends
// it. Every query value is percent-encoded here; callers pass plain values.
#pragma once

#include "wire/wiretypes.h"

#include <QByteArray>
#include <QDate>
#include <QString>
#include <QStringList>

#include <optional>

namespace threadline::core {

struct Call
{
    QByteArray method;
    QString path; // "/api/v1/…" with its query string
    QByteArray body;
    // A POST the server can tell apart from its repeat (it takes an Idempotency-Key): the
    // sender gives it one, and then the client may retry it.
    bool keyed = false;

    friend bool operator==(const Call &, const Call &) = default;
};

namespace endpoint {

// The prefix every path starts with.
inline constexpr char kPrefix[] = "/api/v1";

// --- the server and the session ---
[[nodiscard]] Call health();
[[nodiscard]] Call login(const LoginRequest &login);
[[nodiscard]] Call logout();
[[nodiscard]] Call me();

// --- lists of posts ---
// Inline comments asked for on every post list a card shows (/timeline, /hot, /sync): a card
// shows 3, 4 or 5 of them (Preferences), so the lists carry 5 and the card picks.
inline constexpr int kCardComments = 5;

struct TimelineQuery
{
    enum class Scope { All, Following, User, Topic };
    Scope scope = Scope::All;
    qint64 uid = 0; // Scope::User
    QString topic;  // Scope::Topic: the topic's name (without the #s)

    friend bool operator==(const TimelineQuery &, const TimelineQuery &) = default;
};
enum class HotWindow { Day, Week };
enum class HotRank { Likes, Views };
// GET /timeline?scope=…&uid=…&limit=…&before=…
[[nodiscard]] Call timeline(const TimelineQuery &query, int limit,
                            const std::optional<QString> &before = std::nullopt);
// GET /hot?window=…&by=…&limit=… (limit clamped to the contract's 1…50)
[[nodiscard]] Call hot(HotWindow window, HotRank by, int limit);
inline constexpr int kMaxHotLimit = 50;
// Whose activity GET /activity lists: the people I follow (the server's default), everyone,
// one person, or me.
struct ActivityQuery
{
    enum class Scope { Following, All, User, Mine };
    Scope scope = Scope::Following;
    qint64 uid = 0;    // Scope::User
    QStringList types; // only these kinds ("post", "reply", …); empty: every kind

    friend bool operator==(const ActivityQuery &, const ActivityQuery &) = default;
};
// GET /activity?scope=…&uid=…&type=…&limit=…&before=…
[[nodiscard]] Call activity(const ActivityQuery &query, int limit,
                            const std::optional<QString> &before = std::nullopt);
// GET /sync?limit=…&since=… (no since: the current cursor)
[[nodiscard]] Call sync(int limit, const QString &since = {});
// GET /stream?comments=… — the push stream (the cursor goes as Last-Event-ID)
[[nodiscard]] Call stream();

// --- one post ---
[[nodiscard]] Call post(qint64 postId);
[[nodiscard]] Call createPost(const QByteArray &body); // the encoded NewPost (outbox)
[[nodiscard]] Call deletePost(qint64 postId);
[[nodiscard]] Call likePost(qint64 postId, bool like); // PUT or DELETE
[[nodiscard]] Call countView(qint64 postId);
// GET /me/recent: my recently viewed posts on the server, newest view first (1…60).
[[nodiscard]] Call recentViews(int limit);
[[nodiscard]] Call likes(qint64 postId, int limit,
                         const std::optional<QString> &before = std::nullopt);

// --- comments ---
struct FloorsQuery
{
    int limit = 20;
    int replies = 3;                   // earliest replies of each root, 0…20
    std::optional<qint64> after;       // floor order: the floors after this one
    bool best = false;                 // order=best: by score
    std::optional<QString> before;     // order=best: the opaque cursor
    bool newest = false;               // order=newest: floors newest first
    std::optional<qint64> beforeFloor; // order=newest: the floors before this one
};
[[nodiscard]] Call floors(qint64 postId, const FloorsQuery &query);
// GET /comments/{rootId}/replies?limit=…&after=SEQ (after 0: from the start)
[[nodiscard]] Call replies(qint64 rootId, int limit, qint64 afterSeq = 0);
[[nodiscard]] Call createComment(qint64 postId, const NewComment &comment);
[[nodiscard]] Call deleteComment(qint64 commentId);
// PUT/DELETE /comments/{id}/like and …/oppose: `on` sets or takes back that one vote.
[[nodiscard]] Call likeComment(qint64 commentId, bool on);
[[nodiscard]] Call opposeComment(qint64 commentId, bool on);

// --- people ---
[[nodiscard]] Call user(qint64 uid);
[[nodiscard]] Call follow(qint64 uid, bool follow); // PUT or DELETE
// GET /users/{uid}/followers or /following?limit=…&before=…: newest follow first
[[nodiscard]] Call follows(qint64 uid, bool followers, int limit,
                           const std::optional<QString> &before = std::nullopt);
// Messages on a person's board: GET /users/{uid}/messages?limit=…&before=… (newest first),
// POST /users/{uid}/messages {"content"}, DELETE /messages/{id}, PUT/DELETE /messages/{id}/like,
// POST /moderation/messages/{id}/hide|unhide {"reason"?}
[[nodiscard]] Call messages(qint64 uid, int limit,
                            const std::optional<QString> &before = std::nullopt);
[[nodiscard]] Call leaveMessage(qint64 uid, const QString &content);
[[nodiscard]] Call deleteMessage(qint64 messageId);
[[nodiscard]] Call likeMessage(qint64 messageId, bool like);
[[nodiscard]] Call moderateMessage(qint64 messageId, bool hide,
                                   const std::optional<QString> &reason);
// Notifications: GET /notifications?limit=…&before=… (newest first, with the unread count),
// POST /notifications/{id}/read, POST /notifications/read {"upTo"?}
[[nodiscard]] Call notifications(int limit, const std::optional<QString> &before = std::nullopt);
[[nodiscard]] Call markNotificationRead(qint64 id);
[[nodiscard]] Call markNotificationsRead(std::optional<qint64> upTo);
// GET /me/likes?limit=…&before=…: the posts I liked, newest like first
[[nodiscard]] Call myLikes(int limit, const std::optional<QString> &before = std::nullopt);
// GET /topics/{name}; PUT or DELETE /topics/{name}/follow (the name without the #s)
[[nodiscard]] Call topic(const QString &name);
[[nodiscard]] Call followTopic(const QString &name, bool follow);

// --- pictures ---
// POST /media: the raw bytes; the sender sets the Content-Type and the Idempotency-Key.
[[nodiscard]] Call uploadMedia(const QByteArray &bytes);

// --- reports and moderation ---
[[nodiscard]] Call report(const QByteArray &body); // the encoded NewReport (outbox)
enum class QueueStatus { Open, Closed };
[[nodiscard]] Call moderationQueue(QueueStatus status, int limit,
                                   const std::optional<QString> &before = std::nullopt);
// POST /moderation/{comments|posts|messages}/{id}/{hide|unhide}; a hide needs its reason.
[[nodiscard]] Call moderate(TargetType type, qint64 id, bool hide,
                            const std::optional<QString> &reason);
[[nodiscard]] Call dismissItem(qint64 itemId, const std::optional<QString> &reason);
struct LogQuery
{
    qint64 moderator = 0; // 0: everyone's
    QString action;       // "": every action; else the contract's action name
};
[[nodiscard]] Call moderationLog(const LogQuery &query, int limit,
                                 const std::optional<QString> &before = std::nullopt);
[[nodiscard]] Call dayStats(QDate day);                // GET /moderation/stats?date=…
[[nodiscard]] Call userStats(qint64 uid, QDate month); // …/stats/users/{uid}?month=YYYY-MM
[[nodiscard]] Call activeDays(QDate to, int days);     // …/stats/days?to=…&days=… (a chart)
// GET /moderation/stats/people?set=…&date=…&limit=…&after=… (a figure's people, by uid)
[[nodiscard]] Call statsPeople(const QString &set, QDate day, int limit,
                               const std::optional<QString> &after = std::nullopt);
[[nodiscard]] Call devices();
[[nodiscard]] Call putDevice(const DeviceName &device);
[[nodiscard]] Call deleteDevice(const QString &raw);

// --- points and rankings ---
// GET /rankings?window=day|week&limit=… (limit clamped to the contract's 1…50)
[[nodiscard]] Call rankings(Ranking::Window window, int limit);

// --- search ---
// GET /search?q=…&kind=posts|comments|people&limit=…&comments=5&before=… (limit clamped to
// 1…50; posts come with their inline comments as on the timeline).
[[nodiscard]] Call search(SearchPage::Kind kind, const QString &text, int limit,
                          const std::optional<QString> &before = std::nullopt);
inline constexpr int kMaxSearchLimit = 50;
inline constexpr int kMaxRankingLimit = 50;

// True for the calls that need no token: sign-in, /health and the pictures under /media/.
[[nodiscard]] bool isPublicPath(const QString &path);

} // namespace endpoint

} // namespace threadline::core

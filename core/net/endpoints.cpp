// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/endpoints.h"

#include "wire/jsoncodec.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

#include <algorithm>

namespace threadline::core::endpoint {

namespace {

QString path(QStringView rest)
{
    QString p = QLatin1String(kPrefix);
    p += rest;
    return p;
}

// The inline comments a post carries on the lists a card shows (timeline, hot, /sync): the most
// Preferences lets a card show, so that every setting is served at once, also from the cache.
QString cardComments()
{
    return QLatin1String("&comments=") + QString::number(kCardComments);
}

QString id(qint64 value)
{
    return QString::number(value);
}

QString encoded(const QString &value)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(value));
}

// "&name=value" when there is a value.
QString optional(QLatin1String name, const std::optional<QString> &value)
{
    return value ? QLatin1Char('&') + name + QLatin1Char('=') + encoded(*value) : QString();
}

Call get(const QString &p)
{
    return {QByteArrayLiteral("GET"), p, {}, false};
}

Call del(const QString &p)
{
    return {QByteArrayLiteral("DELETE"), p, {}, false};
}

Call putOrDelete(bool put, const QString &p)
{
    return {put ? QByteArrayLiteral("PUT") : QByteArrayLiteral("DELETE"), p, {}, false};
}

Call keyedPost(const QString &p, const QByteArray &body)
{
    return {QByteArrayLiteral("POST"), p, body, true};
}

} // namespace

Call health()
{
    return get(path(u"/health"));
}

Call login(const LoginRequest &request)
{
    // One attempt: a sign-in is never repeated behind the user's back.
    return {QByteArrayLiteral("POST"), path(u"/auth/login"), encodeLogin(request), false};
}

Call logout()
{
    return {QByteArrayLiteral("POST"), path(u"/auth/logout"), QByteArrayLiteral("{}"), false};
}

Call me()
{
    return get(path(u"/me"));
}

Call timeline(const TimelineQuery &query, int limit, const std::optional<QString> &before)
{
    QString p = path(u"/timeline?scope=");
    switch (query.scope) {
    case TimelineQuery::Scope::All:
        p += QLatin1String("all");
        break;
    case TimelineQuery::Scope::Following:
        p += QLatin1String("following");
        break;
    case TimelineQuery::Scope::User:
        p += QLatin1String("user&uid=") + id(query.uid);
        break;
    case TimelineQuery::Scope::Topic:
        p += QLatin1String("topic&topic=") + encoded(query.topic);
        break;
    }
    return get(p + QLatin1String("&limit=") + id(limit) +
               optional(QLatin1String("before"), before) + cardComments());
}

Call hot(HotWindow window, HotRank by, int limit)
{
    return get(path(u"/hot?window=") +
               (window == HotWindow::Day ? QLatin1String("day") : QLatin1String("week")) +
               QLatin1String("&by=") +
               (by == HotRank::Likes ? QLatin1String("likes") : QLatin1String("views")) +
               QLatin1String("&limit=") + id(std::clamp(limit, 1, kMaxHotLimit)) + cardComments());
}

Call activity(const ActivityQuery &query, int limit, const std::optional<QString> &before)
{
    QString p = path(u"/activity?scope=");
    switch (query.scope) {
    case ActivityQuery::Scope::Following:
        p += QLatin1String("following");
        break;
    case ActivityQuery::Scope::All:
        p += QLatin1String("all");
        break;
    case ActivityQuery::Scope::User:
        p += QLatin1String("user&uid=") + id(query.uid);
        break;
    case ActivityQuery::Scope::Mine:
        p += QLatin1String("mine");
        break;
    }
    if (!query.types.isEmpty())
        p += QLatin1String("&type=") + encoded(query.types.join(QLatin1Char(',')));
    return get(p + QLatin1String("&limit=") + id(limit) +
               optional(QLatin1String("before"), before) + cardComments());
}

Call sync(int limit, const QString &since)
{
    return get(path(u"/sync?limit=") + id(limit) +
               optional(QLatin1String("since"),
                        since.isEmpty() ? std::nullopt : std::optional<QString>(since)) +
               cardComments());
}

Call stream()
{
    return get(path(u"/stream?") + cardComments().mid(1));
}

Call post(qint64 postId)
{
    return get(path(u"/posts/") + id(postId));
}

Call createPost(const QByteArray &body)
{
    return keyedPost(path(u"/posts"), body);
}

Call deletePost(qint64 postId)
{
    return del(path(u"/posts/") + id(postId));
}

Call likePost(qint64 postId, bool like)
{
    return putOrDelete(like, path(u"/posts/") + id(postId) + QLatin1String("/like"));
}

Call countView(qint64 postId)
{
    // Counted at most once per user, post and day by the server: safe to repeat, so keyed.
    return keyedPost(path(u"/posts/") + id(postId) + QLatin1String("/views"),
                     QByteArrayLiteral("{}"));
}

Call recentViews(int limit)
{
    return get(path(u"/me/recent?limit=") + id(std::clamp(limit, 1, 60)));
}

Call likes(qint64 postId, int limit, const std::optional<QString> &before)
{
    return get(path(u"/posts/") + id(postId) + QLatin1String("/likes?limit=") + id(limit) +
               optional(QLatin1String("before"), before));
}

Call floors(qint64 postId, const FloorsQuery &query)
{
    QString p = path(u"/posts/") + id(postId) + QLatin1String("/comments?limit=") +
                id(query.limit) + QLatin1String("&replies=") + id(query.replies);
    if (query.best)
        p += QLatin1String("&order=best") + optional(QLatin1String("before"), query.before);
    else if (query.newest)
        p += QLatin1String("&order=newest") +
             (query.beforeFloor ? QLatin1String("&before=") + id(*query.beforeFloor) : QString());
    else if (query.after)
        p += QLatin1String("&after=") + id(*query.after);
    return get(p);
}

Call replies(qint64 rootId, int limit, qint64 afterSeq)
{
    QString p = path(u"/comments/") + id(rootId) + QLatin1String("/replies?limit=") + id(limit);
    if (afterSeq > 0)
        p += QLatin1String("&after=") + id(afterSeq);
    return get(p);
}

Call createComment(qint64 postId, const NewComment &comment)
{
    return keyedPost(path(u"/posts/") + id(postId) + QLatin1String("/comments"),
                     encodeNewComment(comment));
}

Call deleteComment(qint64 commentId)
{
    return del(path(u"/comments/") + id(commentId));
}

Call likeComment(qint64 commentId, bool on)
{
    return putOrDelete(on, path(u"/comments/") + id(commentId) + QLatin1String("/like"));
}

Call opposeComment(qint64 commentId, bool on)
{
    return putOrDelete(on, path(u"/comments/") + id(commentId) + QLatin1String("/oppose"));
}

Call user(qint64 uid)
{
    return get(path(u"/users/") + id(uid));
}

Call follow(qint64 uid, bool follow)
{
    return putOrDelete(follow, path(u"/users/") + id(uid) + QLatin1String("/follow"));
}

Call follows(qint64 uid, bool followers, int limit, const std::optional<QString> &before)
{
    return get(
        path(u"/users/") + id(uid) +
        (followers ? QLatin1String("/followers?limit=") : QLatin1String("/following?limit=")) +
        id(limit) + optional(QLatin1String("before"), before));
}

Call messages(qint64 uid, int limit, const std::optional<QString> &before)
{
    return get(path(u"/users/") + id(uid) + QLatin1String("/messages?limit=") + id(limit) +
               optional(QLatin1String("before"), before));
}

Call notifications(int limit, const std::optional<QString> &before)
{
    return get(path(u"/notifications?limit=") + id(limit) +
               optional(QLatin1String("before"), before));
}

Call markNotificationRead(qint64 notificationId)
{
    return keyedPost(path(u"/notifications/") + id(notificationId) + QLatin1String("/read"),
                     QByteArray("{}"));
}

Call markNotificationsRead(std::optional<qint64> upTo)
{
    QJsonObject body;
    if (upTo)
        body.insert(QStringLiteral("upTo"), *upTo);
    return keyedPost(path(u"/notifications/read"),
                     QJsonDocument(body).toJson(QJsonDocument::Compact));
}

Call leaveMessage(qint64 uid, const QString &content)
{
    return keyedPost(path(u"/users/") + id(uid) + QLatin1String("/messages"),
                     QJsonDocument(QJsonObject{{QStringLiteral("content"), content}})
                         .toJson(QJsonDocument::Compact));
}

Call deleteMessage(qint64 messageId)
{
    return del(path(u"/messages/") + id(messageId));
}

Call likeMessage(qint64 messageId, bool like)
{
    return putOrDelete(like, path(u"/messages/") + id(messageId) + QLatin1String("/like"));
}

Call moderateMessage(qint64 messageId, bool hide, const std::optional<QString> &reason)
{
    return keyedPost(path(u"/moderation/messages/") + id(messageId) +
                         (hide ? QLatin1String("/hide") : QLatin1String("/unhide")),
                     encodeModerationReason(reason));
}

Call myLikes(int limit, const std::optional<QString> &before)
{
    return get(path(u"/me/likes?limit=") + id(limit) + optional(QLatin1String("before"), before));
}

Call topic(const QString &name)
{
    return get(path(u"/topics/") + encoded(name));
}

Call followTopic(const QString &name, bool follow)
{
    return putOrDelete(follow, path(u"/topics/") + encoded(name) + QLatin1String("/follow"));
}

Call uploadMedia(const QByteArray &bytes)
{
    return keyedPost(path(u"/media"), bytes);
}

Call report(const QByteArray &body)
{
    return keyedPost(path(u"/reports"), body);
}

Call moderationQueue(QueueStatus status, int limit, const std::optional<QString> &before)
{
    return get(path(u"/moderation/queue?status=") +
               (status == QueueStatus::Open ? QLatin1String("open") : QLatin1String("closed")) +
               QLatin1String("&limit=") + id(limit) + optional(QLatin1String("before"), before));
}

Call moderate(TargetType type, qint64 targetId, bool hide, const std::optional<QString> &reason)
{
    if (type == TargetType::Message)
        return moderateMessage(targetId, hide, reason);
    return keyedPost(
        path(type == TargetType::Comment ? u"/moderation/comments/" : u"/moderation/posts/") +
            id(targetId) + (hide ? QLatin1String("/hide") : QLatin1String("/unhide")),
        encodeModerationReason(reason));
}

Call dismissItem(qint64 itemId, const std::optional<QString> &reason)
{
    return keyedPost(path(u"/moderation/items/") + id(itemId) + QLatin1String("/dismiss"),
                     encodeModerationReason(reason));
}

Call moderationLog(const LogQuery &query, int limit, const std::optional<QString> &before)
{
    QString p = path(u"/moderation/log?limit=") + id(limit);
    if (query.moderator)
        p += QLatin1String("&moderator=") + id(query.moderator);
    if (!query.action.isEmpty())
        p += QLatin1String("&action=") + encoded(query.action);
    return get(p + optional(QLatin1String("before"), before));
}

Call dayStats(QDate day)
{
    return get(path(u"/moderation/stats?date=") + day.toString(QStringLiteral("yyyy-MM-dd")));
}

Call userStats(qint64 uid, QDate month)
{
    return get(path(u"/moderation/stats/users/") + id(uid) + QLatin1String("?month=") +
               month.toString(QStringLiteral("yyyy-MM")));
}

Call activeDays(QDate to, int days)
{
    return get(path(u"/moderation/stats/days?to=") + to.toString(QStringLiteral("yyyy-MM-dd")) +
               QLatin1String("&days=") + QString::number(days));
}

Call statsPeople(const QString &set, QDate day, int limit, const std::optional<QString> &after)
{
    return get(path(u"/moderation/stats/people?set=") + encoded(set) + QLatin1String("&date=") +
               day.toString(QStringLiteral("yyyy-MM-dd")) + QLatin1String("&limit=") + id(limit) +
               optional(QLatin1String("after"), after));
}

Call devices()
{
    return get(path(u"/devices"));
}

Call putDevice(const DeviceName &device)
{
    return {QByteArrayLiteral("PUT"), path(u"/devices"), encodeDeviceName(device), false};
}

Call deleteDevice(const QString &raw)
{
    return del(path(u"/devices?raw=") + encoded(raw));
}

Call rankings(Ranking::Window window, int limit)
{
    return get(path(u"/rankings?window=") +
               (window == Ranking::Window::Day ? QLatin1String("day") : QLatin1String("week")) +
               QLatin1String("&limit=") + id(std::clamp(limit, 1, kMaxRankingLimit)));
}

Call search(SearchPage::Kind kind, const QString &text, int limit,
            const std::optional<QString> &before)
{
    const QLatin1String kindName = kind == SearchPage::Kind::Comments ? QLatin1String("comments")
                                   : kind == SearchPage::Kind::People ? QLatin1String("people")
                                                                      : QLatin1String("posts");
    return get(path(u"/search?q=") + encoded(text) + QLatin1String("&kind=") + kindName +
               QLatin1String("&limit=") + id(std::clamp(limit, 1, kMaxSearchLimit)) +
               QLatin1String("&comments=") + id(kCardComments) +
               optional(QLatin1String("before"), before));
}

bool isPublicPath(const QString &pathAndQuery)
{
    const QString p = QUrl(pathAndQuery).path();
    return p.endsWith(QLatin1String("/api/v1/auth/login")) ||
           p.endsWith(QLatin1String("/api/v1/health")) ||
           p.contains(QLatin1String("/api/v1/media/"));
}

} // namespace threadline::core::endpoint

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The decoders of notifications (jsoncodec.h): one notification, a page of them with the unread
// count, the small {"unread"} answers; and the page written back (what the cache keeps).
#include "wire/jsoncodecposts.h"

#include "wire/jsoncodec.h"
#include "wire/jsonnames.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace threadline::core {

namespace codec {

namespace {

// A kind this version does not know is kept by name (Kind::Unknown), not refused.
bool readNotificationKind(const QJsonValue &v, const Path &p, Notification &out, DecodeError &err)
{
    if (!readNonEmptyString(v, p, out.kindName, err))
        return false;
    out.kind = Notification::Kind::Unknown;
    for (const auto &[name, kind] : kNotificationKinds)
        if (out.kindName == name)
            out.kind = kind;
    return true;
}

bool readUnreadCount(const QJsonValue &v, const Path &p, int &out, DecodeError &err)
{
    qint64 n = 0;
    if (!readIntegerIn(v, p, n, err, 0, 1'000'000'000, "a count"_L1))
        return false;
    out = int(n);
    return true;
}

bool readNotificationPage(const QJsonValue &v, const Path &p, NotificationPage &out,
                          DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("items"_L1, out.items, skippingListOf(readNotification, &out.skipped)) &&
           o.opt("next"_L1, out.next, readNonEmptyString) &&
           o.opt("unread"_L1, out.unread, readUnreadCount);
}

bool readUnreadAnswer(const QJsonValue &v, const Path &p, int &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("unread"_L1, out, readUnreadCount);
}

QJsonObject brief(const UserBrief &u)
{
    return {{u"uid"_s, u.uid}, {u"nickName"_s, u.nickName}, {u"headImg"_s, u.headImg}};
}

} // namespace

bool readNotification(const QJsonValue &v, const Path &p, Notification &out, DecodeError &err)
{
    Obj o(v, p, err);
    if (!o)
        return false;
    if (!readNotificationKind(o.value("kind"_L1), p / "kind"_L1, out, err))
        return false;
    const bool ok =
        o.req("id"_L1, out.id, readId) && readCreateTime(o, out.createtime) &&
        o.opt("read"_L1, out.read, readBool) &&
        o.opt("actors"_L1, out.actors, listOf(readUserBrief)) &&
        o.opt("actorCount"_L1, out.actorCount, readCount) &&
        o.opt("postId"_L1, out.postId, readId) && o.opt("commentId"_L1, out.commentId, readId) &&
        o.opt("parentId"_L1, out.parentId, readId) &&
        o.opt("messageId"_L1, out.messageId, readId) &&
        o.opt("targetType"_L1, out.targetType, readString) &&
        o.opt("targetId"_L1, out.targetId, readId) &&
        o.opt("summary"_L1, out.summary, readString) &&
        o.opt("action"_L1, out.action, readString) && o.opt("reason"_L1, out.reason, readString);
    if (!ok)
        return false;
    if (out.actors.size() > 3)
        out.actors.resize(3);
    out.actorCount = std::max<qint64>(out.actorCount, out.actors.size());
    return true;
}

bool readUnreadField(const QJsonValue &v, const Path &p, int &out, DecodeError &err)
{
    return readUnreadCount(v, p, out, err);
}

} // namespace codec

using namespace codec;

Result<NotificationPage> decodeNotificationPage(const QByteArray &json)
{
    return noteSkipped(decodeDocument<NotificationPage>(json, readNotificationPage),
                       "notifications page");
}

Result<int> decodeUnread(const QByteArray &json)
{
    return decodeDocument<int>(json, readUnreadAnswer);
}

QJsonObject encodeNotification(const Notification &n)
{
    QJsonObject o{{u"id"_s, n.id},
                  {u"kind"_s, n.kindName},
                  {u"createtime"_s, n.createtime},
                  {u"read"_s, n.read},
                  {u"actorCount"_s, n.actorCount}};
    QJsonArray actors;
    for (const UserBrief &u : n.actors)
        actors.append(brief(u));
    o.insert(u"actors"_s, actors);
    const auto id = [&o](const char *key, const std::optional<qint64> &v) {
        if (v)
            o.insert(QLatin1String(key), *v);
    };
    const auto text = [&o](const char *key, const QString &v) {
        if (!v.isEmpty())
            o.insert(QLatin1String(key), v);
    };
    id("postId", n.postId);
    id("commentId", n.commentId);
    id("parentId", n.parentId);
    id("messageId", n.messageId);
    id("targetId", n.targetId);
    text("targetType", n.targetType);
    text("summary", n.summary);
    text("action", n.action);
    text("reason", n.reason);
    return o;
}

QByteArray encodeNotificationPage(const NotificationPage &page)
{
    QJsonArray items;
    for (const Notification &n : page.items)
        items.append(encodeNotification(n));
    QJsonObject o{{u"items"_s, items}, {u"unread"_s, page.unread}};
    if (page.next)
        o.insert(u"next"_s, *page.next);
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

} // namespace threadline::core

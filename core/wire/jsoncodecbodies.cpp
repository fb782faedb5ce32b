// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The request bodies (jsoncodec.h): a new post (its category what the server would choose when
// none is given), a comment or reply, a report, the sign-in, a moderator's reason, a device name —
// each a compact UTF-8 JSON object with the contract's spellings.
#include "wire/jsonnames.h"

#include <QJsonDocument>

namespace threadline::core {

using namespace codec;

namespace {

QByteArray compact(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

} // namespace

QByteArray encodeNewPost(const NewPost &post)
{
    const Post::Category category = post.category.value_or(
        post.pictureUrls.isEmpty() ? Post::Category::Text : Post::Category::Picture);
    QJsonObject o{{u"category"_s, nameOf(category, kCategories)},
                  {u"content"_s, post.content},
                  {u"pictureUrls"_s, QJsonArray::fromStringList(post.pictureUrls)}};
    if (!post.device.isEmpty())
        o.insert(u"device"_s, post.device);
    if (post.geo) {
        o.insert(u"geo"_s, QJsonObject{{u"name"_s, post.geo->name},
                                       {u"lat"_s, post.geo->lat},
                                       {u"lng"_s, post.geo->lng}});
    }
    return compact(o);
}

QByteArray encodeNewComment(const NewComment &comment)
{
    QJsonObject o{{u"content"_s, comment.content}};
    if (comment.parentId)
        o.insert(u"parentId"_s, *comment.parentId);
    return compact(o);
}

QByteArray encodeNewReport(const NewReport &report)
{
    QJsonObject o{{u"targetType"_s, nameOf(report.targetType, kLogTargetTypes)},
                  {u"targetId"_s, report.targetId},
                  {u"reason"_s, nameOf(report.reason, kReasons)}};
    if (report.note)
        o.insert(u"note"_s, *report.note);
    return compact(o);
}

QByteArray encodeLogin(const LoginRequest &login)
{
    return compact({{u"username"_s, login.username}, {u"password"_s, login.password}});
}

QByteArray encodeModerationReason(const std::optional<QString> &reason)
{
    QJsonObject o;
    if (reason)
        o.insert(u"reason"_s, *reason);
    return compact(o);
}

QByteArray encodeDeviceName(const DeviceName &device)
{
    return compact({{u"raw"_s, device.raw}, {u"display"_s, device.display}});
}

} // namespace threadline::core

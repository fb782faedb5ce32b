// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The decoders of the moderators' objects (jsoncodec.h): reports, queue items (their target a
// post, a comment or a message as targetType says, null once deleted; the auto-flag word), log
// entries, device names, and their pages; the activity statistics of a day and of one person's
// month.
#include "wire/jsoncodecposts.h"

#include "wire/jsonnames.h"

namespace threadline::core {

namespace codec {
namespace {

bool readReport(const QJsonValue &v, const Path &p, Report &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("id"_L1, out.id, readId) &&
           o.req("targetType"_L1, out.targetType, enumOf(kContentTypes)) &&
           o.req("targetId"_L1, out.targetId, readId) &&
           o.req("reason"_L1, out.reason, enumOf(kReasons)) &&
           o.opt("note"_L1, out.note, readString) &&
           o.req("reporter"_L1, out.reporter, readUserBrief) && readCreateTime(o, out.createtime);
}

bool readAutoFlagWord(const QJsonValue &v, const Path &p, QString &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("word"_L1, out, readString);
}

bool readQueueItem(const QJsonValue &v, const Path &p, QueueItem &out, DecodeError &err)
{
    Obj o(v, p, err);
    if (!o)
        return false;
    const bool ok = o.req("id"_L1, out.id, readId) &&
                    o.req("targetType"_L1, out.targetType, enumOf(kContentTypes)) &&
                    o.req("targetId"_L1, out.targetId, readId);
    if (!ok)
        return false;
    // The target is a post, a comment or a message, as targetType says; null once it has been
    // deleted.
    const auto readTarget = [&out](const QJsonValue &tv, const Path &tp,
                                   std::variant<Post, Comment, Message> &target, DecodeError &e) {
        switch (out.targetType) {
        case TargetType::Post: {
            Post post;
            if (!readPost(tv, tp, post, e))
                return false;
            target = std::move(post);
            return true;
        }
        case TargetType::Message: {
            Message message;
            if (!readMessage(tv, tp, message, e))
                return false;
            target = std::move(message);
            return true;
        }
        case TargetType::Comment:
        case TargetType::Device: // not a queue item's (kContentTypes)
            break;
        }
        Comment comment;
        if (!readComment(tv, tp, comment, e))
            return false;
        target = std::move(comment);
        return true;
    };
    return o.opt("target"_L1, out.target, readTarget) && o.opt("post"_L1, out.post, readPost) &&
           o.req("reports"_L1, out.reports, listOf(readReport)) &&
           o.req("reportCount"_L1, out.reportCount, readCount) &&
           o.opt("autoFlag"_L1, out.autoFlagWord, readAutoFlagWord) &&
           o.req("status"_L1, out.status, enumOf(kQueueStatuses)) &&
           readCreateTime(o, out.createtime);
}

bool readLogEntry(const QJsonValue &v, const Path &p, LogEntry &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("id"_L1, out.id, readId) &&
           o.req("moderator"_L1, out.moderator, readUserBrief) &&
           o.req("action"_L1, out.action, enumOf(kActions)) &&
           o.req("targetType"_L1, out.targetType, enumOf(kLogTargetTypes)) &&
           o.req("targetId"_L1, out.targetId, readRefId) &&
           o.opt("reason"_L1, out.reason, readString) && readCreateTime(o, out.createtime);
}

bool readDeviceName(const QJsonValue &v, const Path &p, DeviceName &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("raw"_L1, out.raw, readString) &&
           o.req("display"_L1, out.display, readString);
}

bool readModerationStats(const QJsonValue &v, const Path &p, ModerationStats &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("date"_L1, out.date, readString) &&
           o.req("activeToday"_L1, out.activeToday, readCount) &&
           o.req("activeAllOfLast3Days"_L1, out.activeAllOfLast3Days, readCount) &&
           o.req("activeAnyOfLast7Days"_L1, out.activeAnyOfLast7Days, readCount) &&
           o.req("inactiveLast7Days"_L1, out.inactiveLast7Days, readCount) &&
           o.opt("activeThisWeekNotToday"_L1, out.activeThisWeekNotToday, readCount) &&
           o.opt("newThisWeek"_L1, out.newThisWeek, readCount);
}

bool readActiveDay(const QJsonValue &v, const Path &p, ActiveDays::Day &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("date"_L1, out.date, readString) && o.req("active"_L1, out.active, readCount);
}

bool readActiveDays(const QJsonValue &v, const Path &p, ActiveDays &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("to"_L1, out.to, readString) &&
           o.req("days"_L1, out.days, listOf(readActiveDay));
}

bool readUserActivityStats(const QJsonValue &v, const Path &p, UserActivityStats &out,
                           DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("uid"_L1, out.uid, readId) && o.req("month"_L1, out.month, readString) &&
           o.req("daysActive"_L1, out.daysActive, readCount) &&
           o.req("days"_L1, out.days, listOf(readDayOfMonth));
}

} // namespace
} // namespace codec

using namespace codec;

Result<Report> decodeReport(const QJsonValue &value)
{
    return decodeValue<Report>(value, readReport);
}

Result<Report> decodeReport(const QByteArray &json)
{
    return decodeDocument<Report>(json, readReport);
}

Result<QueueItem> decodeQueueItem(const QJsonValue &value)
{
    return decodeValue<QueueItem>(value, readQueueItem);
}

Result<QueueItem> decodeQueueItem(const QByteArray &json)
{
    return decodeDocument<QueueItem>(json, readQueueItem);
}

Result<LogEntry> decodeLogEntry(const QJsonValue &value)
{
    return decodeValue<LogEntry>(value, readLogEntry);
}

Result<DeviceName> decodeDeviceName(const QJsonValue &value)
{
    return decodeValue<DeviceName>(value, readDeviceName);
}

Result<DeviceName> decodeDeviceName(const QByteArray &json)
{
    return decodeDocument<DeviceName>(json, readDeviceName);
}

Result<QueuePage> decodeQueuePage(const QByteArray &json)
{
    return noteSkipped(decodeDocument<QueuePage>(json, cursorPageOf<QueueItem, readQueueItem>),
                       "moderation queue page");
}

Result<LogPage> decodeLogPage(const QByteArray &json)
{
    return noteSkipped(decodeDocument<LogPage>(json, cursorPageOf<LogEntry, readLogEntry>),
                       "moderation log page");
}

Result<DevicePage> decodeDevicePage(const QByteArray &json)
{
    return noteSkipped(decodeDocument<DevicePage>(json, cursorPageOf<DeviceName, readDeviceName>),
                       "device names page");
}

Result<ModerationStats> decodeModerationStats(const QByteArray &json)
{
    return decodeDocument<ModerationStats>(json, readModerationStats);
}

Result<ActiveDays> decodeActiveDays(const QByteArray &json)
{
    return decodeDocument<ActiveDays>(json, readActiveDays);
}

Result<UserActivityStats> decodeUserActivityStats(const QByteArray &json)
{
    return decodeDocument<UserActivityStats>(json, readUserActivityStats);
}

Result<UserBriefPage> decodeUserBriefPage(const QByteArray &json)
{
    return noteSkipped(decodeDocument<UserBriefPage>(json, cursorPageOf<UserBrief, readUserBrief>),
                       "people page");
}

} // namespace threadline::core

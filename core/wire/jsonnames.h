// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The contract's spellings of every enum on the wire (docs/api.md), read by the decoders and
// written by the request bodies (internal to core/jsoncodec*.cpp).
#pragma once

#include "wire/jsonfields.h"

namespace threadline::core::codec {

inline constexpr EnumNames<Post::Category, 2> kCategories{{
    {"TEXT"_L1, Post::Category::Text},
    {"PICTURE"_L1, Post::Category::Picture},
}};
inline constexpr EnumNames<Comment::Status, 2> kCommentStatuses{{
    {"visible"_L1, Comment::Status::Visible},
    {"hidden"_L1, Comment::Status::Hidden},
}};
inline constexpr EnumNames<UserProfile::Role, 2> kRoles{{
    {"user"_L1, UserProfile::Role::User},
    {"moderator"_L1, UserProfile::Role::Moderator},
}};
// Reports and queue items are about posts, comments and messages; log entries also about
// devices. A queue item or log entry of another type (a newer server's) is left out of its page.
inline constexpr EnumNames<TargetType, 3> kContentTypes{{
    {"post"_L1, TargetType::Post},
    {"comment"_L1, TargetType::Comment},
    {"message"_L1, TargetType::Message},
}};
inline constexpr EnumNames<TargetType, 4> kLogTargetTypes{{
    {"post"_L1, TargetType::Post},
    {"comment"_L1, TargetType::Comment},
    {"device"_L1, TargetType::Device},
    {"message"_L1, TargetType::Message},
}};
inline constexpr EnumNames<Report::Reason, 4> kReasons{{
    {"spam"_L1, Report::Reason::Spam},
    {"abuse"_L1, Report::Reason::Abuse},
    {"illegal"_L1, Report::Reason::Illegal},
    {"other"_L1, Report::Reason::Other},
}};
inline constexpr EnumNames<QueueItem::Status, 2> kQueueStatuses{{
    {"open"_L1, QueueItem::Status::Open},
    {"closed"_L1, QueueItem::Status::Closed},
}};
inline constexpr EnumNames<LogEntry::Action, 5> kActions{{
    {"hide"_L1, LogEntry::Action::Hide},
    {"unhide"_L1, LogEntry::Action::Unhide},
    {"dismiss"_L1, LogEntry::Action::Dismiss},
    {"delete"_L1, LogEntry::Action::Delete},
    {"device"_L1, LogEntry::Action::Device},
}};
inline constexpr EnumNames<Activity::Type, 7> kActivityTypes{{
    {"post"_L1, Activity::Type::Post},
    {"comment"_L1, Activity::Type::Comment},
    {"like"_L1, Activity::Type::Like},
    {"follow"_L1, Activity::Type::Follow},
    {"reply"_L1, Activity::Type::Reply},
    {"message"_L1, Activity::Type::Message},
    {"topic"_L1, Activity::Type::Topic},
}};
inline constexpr EnumNames<Change::Kind, 4> kChangeKinds{{
    {"post"_L1, Change::Kind::Post},
    {"comment"_L1, Change::Kind::Comment},
    {"user"_L1, Change::Kind::User},
    {"notification"_L1, Change::Kind::Notification},
}};
inline constexpr EnumNames<Notification::Kind, 6> kNotificationKinds{{
    {"reply"_L1, Notification::Kind::Reply},
    {"comment"_L1, Notification::Kind::Comment},
    {"message"_L1, Notification::Kind::Message},
    {"follow"_L1, Notification::Kind::Follow},
    {"like"_L1, Notification::Kind::Like},
    {"moderation"_L1, Notification::Kind::Moderation},
}};
inline constexpr EnumNames<Change::Op, 2> kChangeOps{{
    {"upsert"_L1, Change::Op::Upsert},
    {"remove"_L1, Change::Op::Remove},
}};

} // namespace threadline::core::codec

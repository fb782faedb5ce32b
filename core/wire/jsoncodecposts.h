// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The readers of content objects — users, posts, comments, messages — that other decoders read
// inside theirs (a queue item's target, a /sync change's data, a login's user); defined in
// jsoncodecposts.cpp and jsoncodecmessages.cpp (internal to core/jsoncodec*.cpp).
#pragma once

#include "wire/jsonfields.h"

namespace threadline::core::codec {

bool readUserBrief(const QJsonValue &v, const Path &p, UserBrief &out, DecodeError &err);
bool readUserProfile(const QJsonValue &v, const Path &p, UserProfile &out, DecodeError &err);
bool readComment(const QJsonValue &v, const Path &p, Comment &out, DecodeError &err);
bool readPost(const QJsonValue &v, const Path &p, Post &out, DecodeError &err);
bool readModeration(const QJsonValue &v, const Path &p, Moderation &out, DecodeError &err);
// A message on a person's board; defined in jsoncodecmessages.cpp.
bool readMessage(const QJsonValue &v, const Path &p, Message &out, DecodeError &err);
// A notification, and an unread count; defined in jsoncodecnotifications.cpp.
bool readNotification(const QJsonValue &v, const Path &p, Notification &out, DecodeError &err);
bool readUnreadField(const QJsonValue &v, const Path &p, int &out, DecodeError &err);

} // namespace threadline::core::codec

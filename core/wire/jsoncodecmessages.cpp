// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The decoders of messages on a person's board (jsoncodec.h): one message, a board's page.
#include "wire/jsoncodecposts.h"

#include "wire/jsoncodec.h"

namespace threadline::core {

namespace codec {

bool readMessage(const QJsonValue &v, const Path &p, Message &out, DecodeError &err)
{
    Obj o(v, p, err);
    if (!o)
        return false;
    QString status;
    const bool ok =
        o.req("id"_L1, out.id, readId) && o.req("board"_L1, out.board, readUserBrief) &&
        o.req("author"_L1, out.author, readUserBrief) &&
        o.req("content"_L1, out.content, readString) && readCreateTime(o, out.createtime) &&
        o.opt("likeCount"_L1, out.likeCount, readCount) && o.opt("liked"_L1, out.liked, readBool) &&
        o.opt("status"_L1, status, readString) &&
        o.opt("moderation"_L1, out.moderation, readModeration);
    // Another status than the two known (a newer server's) is shown as visible.
    out.hidden = status == QLatin1String("hidden");
    return ok;
}

} // namespace codec

using namespace codec;

Result<Message> decodeMessage(const QByteArray &json)
{
    return decodeDocument<Message>(json, readMessage);
}

Result<MessagePage> decodeMessagePage(const QByteArray &json)
{
    return noteSkipped(decodeDocument<MessagePage>(json, cursorPageOf<Message, readMessage>),
                       "messages page");
}

} // namespace threadline::core

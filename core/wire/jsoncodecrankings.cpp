// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The decoder of a board of people by points (jsoncodec.h, GET /rankings). Entries that cannot
// be read are skipped (a newer server's shapes never blank the board); the board's own fields
// are strict. `rules` and `me` are optional (an older answer without them still shows).
#include "wire/jsoncodecposts.h"

namespace threadline::core {

namespace codec {
namespace {

bool readRankEntry(const QJsonValue &v, const Path &p, RankEntry &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("rank"_L1, out.rank, readId) && o.req("points"_L1, out.points, readCount) &&
           o.req("user"_L1, out.user, readUserBrief);
}

bool readRules(const QJsonValue &v, const Path &p, Ranking &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.opt("post"_L1, out.postPoints, readCount) &&
           o.opt("postsPerDay"_L1, out.postsPerDay, readCount) &&
           o.opt("comment"_L1, out.commentPoints, readCount) &&
           o.opt("commentsPerDay"_L1, out.commentsPerDay, readCount) &&
           o.opt("like"_L1, out.likePoints, readCount) &&
           o.opt("likesPerDay"_L1, out.likesPerDay, readCount);
}

bool readMe(const QJsonValue &v, const Path &p, Ranking &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.opt("rank"_L1, out.myRank, readId) && o.opt("points"_L1, out.myPoints, readCount);
}

bool readRanking(const QJsonValue &v, const Path &p, Ranking &out, DecodeError &err)
{
    Obj o(v, p, err);
    if (!o)
        return false;
    QString window;
    if (!o.req("window"_L1, window, readString))
        return false;
    if (window == QLatin1String("week"))
        out.window = Ranking::Window::Week;
    else if (window == QLatin1String("day"))
        out.window = Ranking::Window::Day;
    else
        return o.failAt("window"_L1, u"must be day or week"_s);
    QStringList skipped;
    if (!(o.opt("from"_L1, out.from, readString) && o.opt("to"_L1, out.to, readString) &&
          o.opt("people"_L1, out.people, readCount) &&
          o.req("items"_L1, out.items, skippingListOf(readRankEntry, &skipped))))
        return false;
    const QJsonValue me = o.value("me"_L1);
    if (me.isObject() && !readMe(me, p / "me"_L1, out, err))
        return false;
    const QJsonValue rules = o.value("rules"_L1);
    if (rules.isObject() && !readRules(rules, p / "rules"_L1, out, err))
        return false;
    return true;
}

} // namespace
} // namespace codec

using namespace codec;

Result<Ranking> decodeRanking(const QByteArray &json)
{
    return decodeDocument<Ranking>(json, readRanking);
}

} // namespace threadline::core

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The decoder of a search page (jsoncodec.h, GET /search): `items` of the kind asked for (posts,
// comments or user briefs), a comment page's `posts` beside them, `next`, and `window` for a
// query too short for the server's index. An item that cannot be read is skipped (noted in
// `skipped`); a comment whose post is not on the page is kept (its card waits for the post).
#include "wire/jsoncodecposts.h"

namespace threadline::core {

namespace codec {
namespace {

bool readWindow(const QJsonValue &v, const Path &p, int &out, DecodeError &err)
{
    qint64 n = 0;
    if (!readIntegerIn(v, p, n, err, 0, 1'000'000'000, "a window size"_L1))
        return false;
    out = int(n);
    return true;
}

bool readSearchPage(const QJsonValue &v, const Path &p, SearchPage &out, DecodeError &err)
{
    Obj o(v, p, err);
    if (!o)
        return false;
    bool ok = false;
    switch (out.kind) {
    case SearchPage::Kind::Posts:
        ok = o.req("items"_L1, out.posts, skippingListOf(readPost, &out.skipped));
        break;
    case SearchPage::Kind::Comments:
        ok = o.req("items"_L1, out.comments, skippingListOf(readComment, &out.skipped)) &&
             o.opt("posts"_L1, out.posts, skippingListOf(readPost, &out.skipped));
        break;
    case SearchPage::Kind::People:
        ok = o.req("items"_L1, out.people, skippingListOf(readUserBrief, &out.skipped));
        break;
    }
    if (!ok || !o.opt("next"_L1, out.next, readNonEmptyString))
        return false;
    // "scope":"recent" with its window; an unknown scope reads as all of it
    if (o.value("scope"_L1).toString() == "recent"_L1)
        return o.opt("window"_L1, out.window, readWindow);
    return true;
}

} // namespace
} // namespace codec

Result<SearchPage> decodeSearchPage(const QByteArray &json, SearchPage::Kind kind)
{
    using namespace codec;
    return noteSkipped(decodeDocument<SearchPage>(json,
                                                  [kind](const QJsonValue &v, const Path &p,
                                                         SearchPage &out, DecodeError &err) {
                                                      out.kind = kind;
                                                      return readSearchPage(v, p, out, err);
                                                  }),
                       "search page");
}

} // namespace threadline::core

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The posts of the issue-14 benchmarks (bench_coldstart's cache, bench_memory's timeline): Chinese
// text with colour emoji of varied length, 0–9 picture URLs (a tenth of the posts none), up to
// 20 likers, 3 inline comments, 50 authors with avatars. Deterministic by id.
#pragma once

#include "wire/wiretypes.h"

#include <QHash>
#include <QString>

namespace threadline::bench {

using namespace Qt::StringLiterals;
using core::Comment;
using core::Like;
using core::Post;
using core::UserBrief;

inline constexpr qint64 kBaseTime = 1'700'000'000'000;

inline QString chinese(int n, int seed)
{
    static const QString pool =
        u"这是一个带图片的动态今天天气很好我们去公园散步吧回复评论点赞好看的照片"_s;
    QString s;
    s.reserve(n);
    for (int i = 0; i < n; ++i)
        s += pool.at((seed * 31 + i * 7) % pool.size());
    return s;
}

// True: every post's users share one copy of each user's strings (as a store that interned the
// users it holds would); false: each like and comment has its own copy, as decoded from JSON.
inline bool g_sharedUsers = false;

inline UserBrief user(qint64 uid)
{
    const auto make = [uid] {
        return UserBrief{uid, chinese(2 + uid % 4, int(uid)),
                         u"/api/v1/media/avatar-%1.jpg"_s.arg(uid)};
    };
    if (!g_sharedUsers)
        return make();
    static QHash<qint64, UserBrief> users;
    auto it = users.find(uid);
    if (it == users.end())
        it = users.insert(uid, make());
    return *it;
}

inline Post post(qint64 id)
{
    Post p;
    p.id = id;
    p.createtime = kBaseTime - id * 60'000;
    p.author = user(10001 + id % 50);
    p.content = chinese(20 + int(id % 120), int(id)) + u" 🌄😀"_s;
    p.device = u"红米 6"_s;
    const int pictures = int(id % 10);
    p.category = pictures ? Post::Category::Picture : Post::Category::Text;
    for (int i = 0; i < pictures; ++i)
        p.pictureUrls.append(u"/api/v1/media/pic-%1-%2.jpg"_s.arg(id).arg(i));
    const int likes = int(id % 21);
    for (int i = 0; i < likes; ++i)
        p.likes.append(Like{id * 100 + i, id, p.createtime + i, user(10001 + i)});
    p.likeCount = likes;
    for (int i = 0; i < 3; ++i) {
        Comment c;
        c.id = id * 10 + i;
        c.postId = id;
        c.floor = i + 1;
        c.author = user(10001 + (id + i) % 50);
        c.content = chinese(10 + int((id + i) % 40), int(id + i)) + u" 👍"_s;
        c.createtime = p.createtime + 1000 * (i + 1);
        p.comments.append(c);
    }
    p.commentCount = 3 + id % 7;
    return p;
}

} // namespace threadline::bench

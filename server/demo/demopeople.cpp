// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The demo world's people: the eight of api-v1.md and 40 readers, their avatars (and the other
// media rows), who follows whom, and the activity feed of the seven ordinary people.
#include "demo/demopeople.h"
#include "demo/demoimages.h"

namespace threadline::server::demo {

void addUsers(World &w)
{
    std::vector<UserRow> &users = w.users;
    users = {
        {10001, QStringLiteral("zhangsan"), QStringLiteral("张三"), QStringLiteral("user"), 0},
        {10002, QStringLiteral("lisi"), QStringLiteral("李四"), QStringLiteral("user"), 0},
        {10003, QStringLiteral("wangwu"), QStringLiteral("王五"), QStringLiteral("user"), 0},
        {10004, QStringLiteral("mazi"), QStringLiteral("麻子"), QStringLiteral("user"), 0},
        {10005, QStringLiteral("tingtamen"), QStringLiteral("听他们说玩游戏名字起得不能太长"),
         QStringLiteral("user"), 0},
        {10006, QStringLiteral("qianqi"), QStringLiteral("钱七"), QStringLiteral("user"), 0},
        {10007, QStringLiteral("maliu"), QStringLiteral("麻六"), QStringLiteral("user"), 0},
        {kModeratorId, QStringLiteral("moderator"), QStringLiteral("管理员"),
         QStringLiteral("moderator"), 0},
    };
    for (size_t i = 0; i < users.size(); ++i)
        users[i].created = 1543000000000 + qint64(i) * kMinute; // before the sample post
    for (int i = 0; i < kExtraUsers; ++i) {
        const int n = 100 + i;
        users.push_back({10000 + n, QStringLiteral("demo%1").arg(n),
                         QString::fromUtf8("读者%1").arg(n), QStringLiteral("user"),
                         w.nowMs - 30 * kDay + qint64(i) * kHour});
    }
    w.seven = {10001, 10002, 10003, 10004, 10005, 10006, 10007};
    w.mainEight = w.seven;
    w.mainEight.push_back(kModeratorId);
    for (int i = 0; i < kExtraUsers; ++i)
        w.extras.push_back(10100 + i);
    w.everyone = w.mainEight;
    w.everyone.insert(w.everyone.end(), w.extras.begin(), w.extras.end());
    w.commenters = w.seven;
    w.commenters.insert(w.commenters.end(), w.extras.begin(), w.extras.end());
}

void addMedia(World &w)
{
    std::vector<MediaRow> &media = w.media;
    for (size_t i = 0; i < w.users.size(); ++i) {
        w.users[i].avatar = int(media.size());
        media.push_back({randomMediaName(), w.users[i].id, w.users[i].created, true, int(i)});
    }
    for (int i = 0; i < kSamplePictures; ++i) {
        w.samplePics.push_back(int(media.size()));
        media.push_back({randomMediaName(), 10003, kSamplePostTime, false, 1000 + i});
    }
    for (int i = 0; i < kPicturePool; ++i) {
        w.pool.push_back(int(media.size()));
        media.push_back({randomMediaName(), 0, w.nowMs - 22 * kDay, false, 2000 + i});
    }
}

void addFollows(World &w)
{
    const qint64 pairs[][2] = {{10001, 10002},       {10001, 10003}, {10002, 10001}, {10003, 10001},
                               {10004, 10001},       {10004, 10002}, {10005, 10003}, {10005, 10001},
                               {10006, 10007},       {10007, 10006}, {10007, 10001}, {10003, 10002},
                               {kModeratorId, 10001}};
    qint64 t = w.nowMs - 25 * kDay;
    for (const auto &pr : pairs) {
        t += w.rng.range64(kHour, 6 * kHour);
        w.follows.push_back({pr[0], pr[1], t});
    }
    for (int i = 0; i < 20; ++i)
        w.follows.push_back({w.extras[size_t(i)], 10002, w.nowMs - 20 * kDay + i * kHour});
    for (int i = 20; i < 30; ++i)
        w.follows.push_back({w.extras[size_t(i)], 10001, w.nowMs - 19 * kDay + i * kHour});
}

void addActivity(World &w)
{
    std::vector<ActivityRow> &activity = w.activity;
    for (int i = 0; i < int(w.posts.size()); ++i)
        if (isSeven(w.posts[size_t(i)].author))
            activity.push_back(
                {w.posts[size_t(i)].createtime, "post", w.posts[size_t(i)].author, i});
    for (int i = 0; i < int(w.comments.size()); ++i) {
        const CommentRow &c = w.comments[size_t(i)];
        if (!c.busy && isSeven(c.author))
            activity.push_back(
                {c.createtime, c.parent >= 0 ? "reply" : "comment", c.author, c.post, i});
    }
    for (const LikeRow &l : w.likes)
        if (isSeven(l.uid))
            activity.push_back({l.createtime, "like", l.uid, l.post});
    for (const FollowRow &f : w.follows)
        if (isSeven(f.follower))
            activity.push_back({f.createtime, "follow", f.follower, -1, -1, f.followee});
    std::stable_sort(
        activity.begin(), activity.end(),
        [](const ActivityRow &a, const ActivityRow &b) { return a.createtime < b.createtime; });
}

} // namespace threadline::server::demo

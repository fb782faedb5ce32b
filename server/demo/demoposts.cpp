// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The demo world's posts: the sample post 90012 (fixtures/seed-post-90012.json), 300 ordinary
// posts over the last 21 days with their likes, comments, votes and views, the busy post's row
// (its thread is demobusythread.cpp) and the hot post with its likes and views; then the ids of
// comments and likes, in creation order.
#include "demo/demoposts.h"
#include "demo/demotexts.h"

#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace threadline::server::demo {

namespace {

QString geoJson(const char *name, double lat, double lng)
{
    const QJsonObject o{{QStringLiteral("name"), QString::fromUtf8(name)},
                        {QStringLiteral("lat"), std::round(lat * 1e4) / 1e4},
                        {QStringLiteral("lng"), std::round(lng * 1e4) / 1e4}};
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

// the sample post 90012: nine pictures, three comments, three likes, all with fixed ids
void addSamplePost(World &w)
{
    PostRow p;
    p.id = kDemoSamplePostId;
    p.author = 10003;
    p.content = QString::fromUtf8("这是一个带9张图片的动态");
    p.device = QString::fromUtf8("红米 6");
    p.pictures = w.samplePics;
    p.createtime = kSamplePostTime;
    w.posts.push_back(p);
    const QString text = QString::fromUtf8("这是一个回复678ijnfdsf");
    // floors in createtime order: 500012 → 1, 500013 → 2, 500011 → 3
    const struct
    {
        qint64 id, author, time, floor;
    } sc[] = {{500012, 10004, 1543374500935, 1},
              {500013, 10004, 1543374600935, 2},
              {500011, 10005, 1543374700935, 3}};
    for (const auto &c : sc) {
        CommentRow r;
        r.id = c.id;
        r.post = 0;
        r.floor = c.floor;
        r.author = c.author;
        r.content = text;
        r.createtime = c.time;
        w.comments.push_back(r);
    }
    w.posts[0].floorCounter = 3;
    w.likes.push_back({882211, 0, 10002, 1543375480935});
    w.likes.push_back({882212, 0, 10004, 1543375590935});
    w.likes.push_back({882214, 0, 10001, 1543375700935});
}

QString makeContent(Rng &rng)
{
    QString s = rng.pick(postTexts());
    if (rng.chance(0.35))
        s += QLatin1Char(' ') + rng.pick(extraSentences());
    if (rng.chance(0.25))
        s += QLatin1Char(' ') + rng.pick(emojis());
    return s;
}

QVariant makeGeo(Rng &rng)
{
    if (!rng.chance(0.3))
        return {};
    const Geo &g = rng.pick(geos());
    const double dLat = (rng.real() - 0.5) * 0.01;
    const double dLng = (rng.real() - 0.5) * 0.01;
    return geoJson(g.name, g.lat + dLat, g.lng + dLng);
}

int pictureCount(Rng &rng)
{
    if (!rng.chance(0.4))
        return 0;
    static const int counts[] = {1, 1, 1, 2, 2, 3, 3, 4, 4, 6, 9, 9};
    return counts[rng.range(0, 11)];
}

// the ordinary posts, over the last 21 days
void addOrdinaryPosts(World &w)
{
    Rng &rng = w.rng;
    std::vector<qint64> times;
    for (int i = 0; i < kOrdinaryPosts; ++i)
        times.push_back(rng.range64(w.nowMs - 21 * kDay, w.nowMs - 10 * kMinute));
    std::sort(times.begin(), times.end());
    for (int i = 0; i < kOrdinaryPosts; ++i) {
        PostRow p;
        p.id = kFirstPostId + i;
        // 张三 and 李四 post a bit more than the others
        p.author = rng.chance(0.3) ? (rng.chance(0.5) ? 10001 : 10002) : rng.pick(w.seven);
        p.pictures = rng.sample(w.pool, pictureCount(rng));
        p.content =
            (!p.pictures.empty() && rng.chance(0.08)) ? QStringLiteral("") : makeContent(rng);
        p.device = rng.pick(rawDevices());
        p.geo = makeGeo(rng);
        p.createtime = times[size_t(i)];
        w.posts.push_back(p);
    }
}

void addBusyAndHotPosts(World &w)
{
    w.busyIdx = int(w.posts.size());
    {
        PostRow p;
        p.id = kDemoBusyPostId;
        p.author = 10001;
        p.content =
            QString::fromUtf8("来聊聊：你最喜欢的编程语言是什么？为什么？🤔 "
                              "每层楼说一个，回复里互相讨论 👇");
        p.device = QStringLiteral("ONEPLUS A6000");
        p.createtime = w.nowMs - 2 * kDay;
        w.posts.push_back(p);
    }
    w.hotIdx = int(w.posts.size());
    {
        PostRow p;
        p.id = kDemoHotPostId;
        p.author = 10002;
        p.content = QString::fromUtf8("周末爬山看到的日出，太震撼了！🌄 分享给大家 🔥");
        p.device = QStringLiteral("MI 8");
        p.geo = geoJson("黄山·光明顶", 30.1330, 118.1670);
        p.pictures = w.rng.sample(w.pool, 4);
        p.createtime = w.nowMs - 3 * kHour;
        w.posts.push_back(p);
    }
}

void likeOrdinaryPost(World &w, int pi, qint64 span)
{
    Rng &rng = w.rng;
    const PostRow &p = w.posts[size_t(pi)];
    std::vector<qint64> candidates;
    for (qint64 u : w.mainEight)
        if (u != p.author)
            candidates.push_back(u);
    static const int likeCounts[] = {0, 0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 8};
    int n = likeCounts[rng.range(0, 11)];
    std::vector<qint64> likers = rng.sample(candidates, n);
    if (n >= 5) { // a few readers too
        const auto more = rng.sample(w.extras, rng.range(0, 3));
        likers.insert(likers.end(), more.begin(), more.end());
    }
    for (qint64 u : likers)
        w.likes.push_back({0, pi, u, p.createtime + rng.range64(kMinute, span)});
}

void commentOrdinaryPost(World &w, int pi, qint64 span)
{
    Rng &rng = w.rng;
    std::vector<CommentRow> &comments = w.comments;
    PostRow &p = w.posts[size_t(pi)];
    static const int commentCounts[] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 4};
    const int nc = commentCounts[rng.range(0, 9)];
    std::vector<qint64> ctimes;
    for (int k = 0; k < nc; ++k)
        ctimes.push_back(p.createtime + rng.range64(kMinute, span));
    std::sort(ctimes.begin(), ctimes.end());
    std::vector<int> mine; // this post's comment indexes, in creation order
    for (int k = 0; k < nc; ++k) {
        CommentRow c;
        c.post = pi;
        c.createtime = ctimes[size_t(k)] + k; // strictly increasing
        c.content = rng.pick(commentTexts());
        if (!mine.empty() && rng.chance(0.3)) {
            const int parent = mine[size_t(rng.range(0, int(mine.size()) - 1))];
            const int root =
                comments[size_t(parent)].root < 0 ? parent : comments[size_t(parent)].root;
            c.parent = parent;
            c.root = root;
            c.floor = comments[size_t(root)].floor;
            c.seq = ++comments[size_t(root)].seqCounter;
            c.replyTo = comments[size_t(parent)].author;
            std::vector<qint64> who;
            for (qint64 u : w.mainEight)
                if (u != c.replyTo)
                    who.push_back(u);
            c.author = rng.pick(who);
        } else {
            c.floor = ++p.floorCounter;
            c.author = rng.chance(0.05) ? kModeratorId : rng.pick(w.seven);
        }
        mine.push_back(int(comments.size()));
        comments.push_back(c);
    }
}

} // namespace

void addPosts(World &w)
{
    addSamplePost(w);
    addOrdinaryPosts(w);
    addBusyAndHotPosts(w);
}

void addOrdinaryReactions(World &w)
{
    for (int pi = 1; pi < w.busyIdx; ++pi) {
        const PostRow &p = w.posts[size_t(pi)];
        const qint64 latest = w.nowMs - kMinute;
        const qint64 span = std::min<qint64>(3 * kDay, latest - p.createtime);
        likeOrdinaryPost(w, pi, span);
        commentOrdinaryPost(w, pi, span);
        if (p.createtime > w.nowMs - 7 * kDay) {
            for (qint64 u : w.rng.sample(w.everyone, w.rng.range(0, 12)))
                w.views.push_back(
                    {pi, u, p.createtime + w.rng.range64(kMinute, latest - p.createtime)});
        }
    }
}

void addOrdinaryVotes(World &w)
{
    Rng &rng = w.rng;
    for (int i = 0; i < int(w.comments.size()); ++i) {
        const CommentRow &c = w.comments[size_t(i)];
        if (c.busy || c.post == 0 || !rng.chance(0.2))
            continue;
        for (qint64 u : rng.sample(w.mainEight, rng.range(1, 3)))
            if (u != c.author)
                w.votes.push_back(
                    {i, u, rng.chance(0.85) ? 1 : -1,
                     c.createtime +
                         rng.range64(1000, std::max<qint64>(1001, w.nowMs - c.createtime - 1000))});
    }
}

// the hot post: 45 likes in its first 3 hours (all eight demo users and 37 readers), views
void addHotReactions(World &w)
{
    Rng &rng = w.rng;
    const int hotIdx = w.hotIdx;
    const PostRow &p = w.posts[size_t(hotIdx)];
    std::vector<qint64> likers = w.mainEight;
    const auto readers = rng.sample(w.extras, 37);
    likers.insert(likers.end(), readers.begin(), readers.end());
    for (qint64 u : likers)
        w.likes.push_back({0, hotIdx, u, p.createtime + rng.range64(kMinute, 3 * kHour - kMinute)});
    QHash<qint64, qint64> firstDay;
    for (qint64 u : w.everyone) {
        const qint64 t = p.createtime + rng.range64(10'000, 3 * kHour - 30'000);
        w.views.push_back({hotIdx, u, t});
        firstDay.insert(u, dayUtc8(t));
    }
    // several readers came back after the day changed (UTC+8), when it did
    for (qint64 u : rng.sample(w.everyone, 10)) {
        const qint64 t = w.nowMs - rng.range64(1000, 20 * kMinute);
        if (dayUtc8(t) != firstDay.value(u))
            w.views.push_back({hotIdx, u, t});
    }
}

void assignIds(World &w)
{
    std::vector<CommentRow> &comments = w.comments;
    std::vector<int> order;
    for (int i = 0; i < int(comments.size()); ++i)
        if (comments[size_t(i)].id == 0)
            order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return comments[size_t(a)].createtime < comments[size_t(b)].createtime;
    });
    qint64 id = kFirstCommentId;
    for (int i : order)
        comments[size_t(i)].id = id++;

    // the sample post's three likes keep their fixed ids
    std::stable_sort(w.likes.begin() + 3, w.likes.end(), [](const LikeRow &a, const LikeRow &b) {
        return a.createtime < b.createtime;
    });
    qint64 likeId = kFirstLikeId;
    for (size_t i = 3; i < w.likes.size(); ++i)
        w.likes[i].id = likeId++;
}

} // namespace threadline::server::demo

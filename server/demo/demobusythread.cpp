// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The demo world's busy post 90500: 200 floors and 1,600 replies spread unevenly over them,
// replies to replies, votes so that order=best differs from floor order, its likes and views.
#include "demo/demobusythread.h"
#include "demo/demotexts.h"

#include <cmath>

namespace threadline::server::demo {

namespace {

struct Event
{
    qint64 time;
    int floor; // 0-based
    bool root;
};

// When each floor was opened and each reply written (and to which floor), in time order.
std::vector<Event> busyEvents(World &w)
{
    Rng &rng = w.rng;
    const PostRow &p = w.posts[size_t(w.busyIdx)];
    const qint64 t0 = p.createtime + kMinute;
    const qint64 tEnd = w.nowMs - 5 * kMinute;
    std::vector<qint64> rootTimes;
    for (int f = 0; f < kBusyFloors; ++f)
        rootTimes.push_back(rng.range64(t0, t0 + (tEnd - t0) * 8 / 10));
    std::sort(rootTimes.begin(), rootTimes.end());
    rootTimes[0] = t0;
    // uneven weights: most floors quiet, a few very lively
    std::vector<double> cum;
    double total = 0;
    for (int f = 0; f < kBusyFloors; ++f) {
        double wt = std::pow(rng.real(), 4.0);
        if (f == 0 || f == 1 || f == 6 || f == 41)
            wt += 2.5;
        total += wt;
        cum.push_back(total);
    }
    std::vector<Event> events;
    for (int f = 0; f < kBusyFloors; ++f)
        events.push_back({rootTimes[size_t(f)], f, true});
    for (int r = 0; r < kBusyReplies; ++r) {
        const double x = rng.real() * total;
        const int f = int(std::upper_bound(cum.begin(), cum.end(), x) - cum.begin());
        const int ff = std::min(f, kBusyFloors - 1);
        const qint64 rt = rootTimes[size_t(ff)];
        const double u = rng.real();
        events.push_back({rt + 1000 + qint64(double(tEnd - rt - 1000) * u * u), ff, false});
    }
    std::stable_sort(events.begin(), events.end(), [](const Event &a, const Event &b) {
        return a.time != b.time ? a.time < b.time : (a.root && !b.root);
    });
    return events;
}

QString busyRootText(Rng &rng)
{
    QString text = rng.pick(busyRootTexts());
    QString suffix = rng.pick(busyRootSuffixes());
    if (suffix.contains(QLatin1String("%1")))
        suffix = suffix.arg(rng.range(2, 12));
    if (!suffix.isEmpty())
        text += QLatin1Char(' ') + suffix;
    return text;
}

// c, the next comment, becomes a reply in the floor of `root`; m: the floor's replies so far.
void makeBusyReply(World &w, CommentRow &c, int root, std::vector<int> &m)
{
    Rng &rng = w.rng;
    std::vector<CommentRow> &comments = w.comments;
    Q_ASSERT(root >= 0);
    int parent = root;
    if (!m.empty() && rng.chance(0.55)) // a reply to a recent reply in the floor
        parent = m[size_t(rng.range(std::max(0, int(m.size()) - 6), int(m.size()) - 1))];
    c.root = root;
    c.parent = parent;
    c.floor = comments[size_t(root)].floor;
    c.seq = ++comments[size_t(root)].seqCounter;
    c.replyTo = comments[size_t(parent)].author;
    do {
        c.author = rng.pick(w.commenters);
    } while (c.author == c.replyTo);
    c.content = rng.pick(busyReplyTexts());
    m.push_back(int(comments.size()));
}

void addBusyComments(World &w, const std::vector<Event> &events)
{
    PostRow &p = w.posts[size_t(w.busyIdx)];
    std::vector<int> rootOf(kBusyFloors, -1);
    std::vector<std::vector<int>> members(kBusyFloors);
    qint64 last = 0;
    for (const Event &e : events) {
        CommentRow c;
        c.post = w.busyIdx;
        c.busy = true;
        c.createtime = std::max(e.time, last + 1);
        last = c.createtime;
        if (e.root) {
            c.floor = ++p.floorCounter;
            c.author = w.rng.pick(w.commenters);
            c.content = busyRootText(w.rng);
            rootOf[size_t(e.floor)] = int(w.comments.size());
        } else {
            makeBusyReply(w, c, rootOf[size_t(e.floor)], members[size_t(e.floor)]);
        }
        w.comments.push_back(c);
    }
}

// votes, so that order=best differs from floor order
void addBusyVotes(World &w)
{
    Rng &rng = w.rng;
    const std::vector<CommentRow> &comments = w.comments;
    std::vector<int> busyRoots, busyReplyIdx;
    for (int i = 0; i < int(comments.size()); ++i) {
        const CommentRow &c = comments[size_t(i)];
        if (c.busy)
            (c.root < 0 ? busyRoots : busyReplyIdx).push_back(i);
    }
    const auto vote = [&](int ci, int up, int down) {
        const auto voters = rng.sample(w.everyone, up + down);
        const qint64 ct = comments[size_t(ci)].createtime;
        for (size_t k = 0; k < voters.size(); ++k)
            w.votes.push_back(
                {ci, voters[k], int(k) < up ? 1 : -1,
                 ct + rng.range64(1000, std::max<qint64>(1001, w.nowMs - ct - 1000))});
    };
    vote(busyRoots[136], 30, 1); // floor 137: the best
    vote(busyRoots[41], 18, 2);  // floor 42
    vote(busyRoots[0], 0, 6);    // floor 1: opposed
    vote(busyRoots[2], 1, 4);    // floor 3
    for (int ci : rng.sample(busyRoots, 40)) {
        const CommentRow &c = comments[size_t(ci)];
        if (c.floor == 137 || c.floor == 42 || c.floor == 1 || c.floor == 3)
            continue;
        const int up = rng.range(0, 12);
        vote(ci, up, rng.range(0, 3));
    }
    for (int ci : rng.sample(busyReplyIdx, 60)) {
        const int up = rng.range(0, 6);
        vote(ci, up, rng.range(0, 2));
    }
}

} // namespace

void addBusyThread(World &w)
{
    addBusyComments(w, busyEvents(w));
    addBusyVotes(w);

    Rng &rng = w.rng;
    const PostRow &p = w.posts[size_t(w.busyIdx)];
    for (qint64 u : rng.sample(w.commenters, 15))
        if (u != p.author)
            w.likes.push_back(
                {0, w.busyIdx, u,
                 p.createtime + rng.range64(kMinute, w.nowMs - p.createtime - kMinute)});
    for (qint64 u : rng.sample(w.everyone, 30))
        w.views.push_back(
            {w.busyIdx, u, p.createtime + rng.range64(kMinute, w.nowMs - p.createtime - kMinute)});
}

} // namespace threadline::server::demo

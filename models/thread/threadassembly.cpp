// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "thread/threadassembly.h"

#include <algorithm>

namespace threadline::models {

using core::Comment;

bool inReplyOrder(const Comment &a, const Comment &b)
{
    return a.seq != b.seq ? a.seq < b.seq : a.id < b.id;
}

bool inFloorOrder(const Comment &a, const Comment &b)
{
    return a.floor != b.floor ? a.floor < b.floor : a.id < b.id;
}

ThreadIndex assembleThread(const QList<Comment> &comments)
{
    ThreadIndex t;
    const int n = int(comments.size());
    QHash<qint64, int> floorOfRoot; // root id → index in t.floors
    floorOfRoot.reserve(n / 4 + 1);
    for (int i = 0; i < n; ++i) {
        if (comments[i].isRoot()) {
            floorOfRoot.insert(comments[i].id, int(t.floors.size()));
            t.floors.append(Floor{i, {}});
        }
    }
    QHash<qint64, int> direct; // parent id → direct replies (replies to replies)
    direct.reserve(n / 2 + 1);
    for (int i = 0; i < n; ++i) {
        const Comment &c = comments[i];
        if (c.isRoot())
            continue;
        const auto f = floorOfRoot.constFind(c.rootId);
        if (f == floorOfRoot.constEnd()) {
            t.orphans.append(i);
            continue;
        }
        t.floors[*f].replies.append(i);
        if (c.parentId != c.rootId)
            ++direct[c.parentId];
    }
    const auto bySeq = [&comments](int a, int b) { return inReplyOrder(comments[a], comments[b]); };
    t.replyCounts.reserve(n);
    for (Floor &f : t.floors) {
        std::sort(f.replies.begin(), f.replies.end(), bySeq);
        t.replyCounts.insert(comments[f.root].id, int(f.replies.size()));
        for (int r : std::as_const(f.replies))
            t.replyCounts.insert(comments[r].id, direct.value(comments[r].id));
    }
    std::sort(t.floors.begin(), t.floors.end(), [&comments](const Floor &a, const Floor &b) {
        return inFloorOrder(comments[a.root], comments[b.root]);
    });
    std::sort(t.orphans.begin(), t.orphans.end(), bySeq);
    return t;
}

namespace {
// Every comment below `parentId` in its floor, found by scanning all rows each time.
void collectNaive(const QList<Comment> &comments, qint64 parentId, QList<int> *out)
{
    for (int i = 0; i < int(comments.size()); ++i) {
        if (!comments[i].isRoot() && comments[i].parentId == parentId) {
            out->append(i);
            collectNaive(comments, comments[i].id, out);
        }
    }
}

int countChildrenNaive(const QList<Comment> &comments, qint64 id)
{
    int count = 0;
    for (const Comment &c : comments)
        count += !c.isRoot() && c.parentId == id && c.rootId != id;
    return count;
}
} // namespace

ThreadIndex assembleThreadNaive(const QList<Comment> &comments)
{
    ThreadIndex t;
    for (int i = 0; i < int(comments.size()); ++i) {
        if (!comments[i].isRoot())
            continue;
        Floor f{i, {}};
        collectNaive(comments, comments[i].id, &f.replies);
        std::sort(f.replies.begin(), f.replies.end(),
                  [&comments](int a, int b) { return inReplyOrder(comments[a], comments[b]); });
        t.replyCounts.insert(comments[i].id, int(f.replies.size()));
        for (int r : std::as_const(f.replies))
            t.replyCounts.insert(comments[r].id, countChildrenNaive(comments, comments[r].id));
        t.floors.append(f);
    }
    std::sort(t.floors.begin(), t.floors.end(), [&comments](const Floor &a, const Floor &b) {
        return inFloorOrder(comments[a.root], comments[b.root]);
    });
    // replies whose root is missing: everything not reached from a root
    QList<bool> reached(comments.size(), false);
    for (const Floor &f : std::as_const(t.floors)) {
        reached[f.root] = true;
        for (int r : f.replies)
            reached[r] = true;
    }
    for (int i = 0; i < int(comments.size()); ++i)
        if (!reached[i])
            t.orphans.append(i);
    std::sort(t.orphans.begin(), t.orphans.end(),
              [&comments](int a, int b) { return inReplyOrder(comments[a], comments[b]); });
    return t;
}

} // namespace threadline::models

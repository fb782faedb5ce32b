// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A deterministic thread for tests and benchmarks (header only; no library code uses it):
// `roots` floors, the rest replies spread over them unevenly, each answering the root or an
// earlier reply of its floor. Here, beside the models, so that bench/ includes no test header.
#pragma once

#include "wire/wiretypes.h"

#include <QList>
#include <QRandomGenerator>

namespace threadline::models::testing {

inline QList<core::Comment> makeThread(int total, int roots, quint32 seed = 7)
{
    QRandomGenerator rng(seed);
    QList<core::Comment> out;
    out.reserve(total);
    QList<QList<qint64>> floorMembers(roots);
    QList<qint64> seqs(roots, 0);
    qint64 id = 1000;
    for (int f = 0; f < roots; ++f) {
        core::Comment c;
        c.id = ++id;
        c.postId = 1;
        c.floor = f + 1;
        c.createtime = 1'000'000 + id;
        c.author.uid = 10001 + (id % 7);
        out.append(c);
        floorMembers[f].append(c.id);
    }
    for (int i = roots; i < total; ++i) {
        // uneven: a few floors get most replies
        const int f =
            int(std::min<quint64>(roots - 1, rng.bounded(roots) * rng.bounded(roots) / roots));
        const QList<qint64> &members = floorMembers[f];
        core::Comment c;
        c.id = ++id;
        c.postId = 1;
        c.rootId = members.first();
        c.parentId = members.at(int(rng.bounded(int(members.size()))));
        c.floor = f + 1;
        c.seq = ++seqs[f];
        c.createtime = 1'000'000 + id;
        c.author.uid = 10001 + (id % 7);
        out.append(c);
        floorMembers[f].append(c.id);
    }
    // rows arrive in any order
    for (int i = int(out.size()) - 1; i > 0; --i)
        out.swapItemsAt(i, int(rng.bounded(i + 1)));
    return out;
}

} // namespace threadline::models::testing

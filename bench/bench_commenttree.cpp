// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Comment tree model: what a thread costs once the rows are here — a page of floors
// with their replies going into the post store and the tree (appendFloors), a floor's hundreds of
// replies expanding in place, and data() for every role of a row. Medians over --runs runs.
//   cmake --build build --target bench_commenttree && build/bench/bench_commenttree
// The threads are the deterministic ones of the tests (models/thread/threadgen.h): 1,800 comments
// over 200 floors (the busy demo post), 10,000 over 500 and 100,000 over 2,000.
#include "thread/commenttreemodel.h"
#include "poststore.h"
#include "thread/threadgen.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <algorithm>
#include <cstdio>
#include <vector>

using namespace threadline;
using namespace threadline::models;

namespace {
double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// Gives the generated thread what a server page carries: names, text, counts, replyTo.
QList<core::Comment> realistic(int total, int roots)
{
    QList<core::Comment> rows = testing::makeThread(total, roots);
    QHash<qint64, int> at;
    for (int i = 0; i < int(rows.size()); ++i)
        at.insert(rows[i].id, i);
    QHash<qint64, int> replies;
    for (core::Comment &c : rows) {
        c.author.nickName = QStringLiteral("用户%1").arg(c.author.uid % 100);
        c.content = QStringLiteral("这是一个回复 %1 😀").arg(c.id);
        if (!c.isRoot()) {
            c.replyTo = rows[at.value(c.parentId)].author;
            ++replies[c.rootId];
        }
    }
    for (core::Comment &c : rows)
        if (c.isRoot())
            c.replyCount = replies.value(c.id);
    return rows;
}

struct Figures
{
    double appendMs;
    double expandMs;
    double dataNs;
};

Figures run(int total, int roots, int runs)
{
    const QList<core::Comment> rows = realistic(total, roots);
    QList<core::Comment> rootRows, replyRows;
    for (const core::Comment &c : rows)
        (c.isRoot() ? rootRows : replyRows).append(c);
    std::vector<double> append, expand, data;
    for (int r = 0; r < runs; ++r) {
        core::PostStore store;
        CommentTreeModel model(&store);
        model.setPost(1);
        QElapsedTimer t;
        t.start();
        model.appendFloors(rootRows, replyRows, false); // store + one grouped pass + rows
        append.push_back(t.nsecsElapsed() / 1e6);

        int biggest = 0; // the floor with the most replies
        for (int f = 1; f < model.floorCount(); ++f)
            if (model.index(f, 0).data(CommentTreeModel::ReplyCountRole).toLongLong() >
                model.index(biggest, 0).data(CommentTreeModel::ReplyCountRole).toLongLong())
                biggest = f;
        const QModelIndex floor = model.index(biggest, 0);
        t.restart();
        model.expand(floor);
        expand.push_back(t.nsecsElapsed() / 1e6);

        const QModelIndex row = model.index(1, 0, floor);
        int calls = 0;
        t.restart();
        for (int k = 0; k < 1000; ++k)
            for (int role = CommentTreeModel::KindRole; role <= CommentTreeModel::LoadingRole;
                 ++role) {
                (void)row.data(role);
                ++calls;
            }
        data.push_back(double(t.nsecsElapsed()) / calls);
    }
    return {median(append), median(expand), median(data)};
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    int runs = 9;
    const QStringList args = app.arguments();
    if (const qsizetype i = args.indexOf(QStringLiteral("--runs")); i >= 0 && i + 1 < args.size())
        runs = std::max(1, args.at(i + 1).toInt());
    std::printf("comment tree model, medians of %d runs\n", runs);
    std::printf("%10s %8s %14s %16s %12s\n", "comments", "floors", "appendFloors", "expand biggest",
                "data()/call");
    for (const auto &[total, roots] : {std::pair{1800, 200}, {10000, 500}, {100000, 2000}}) {
        const Figures f = run(total, roots, total >= 100000 ? std::min(runs, 3) : runs);
        std::printf("%10d %8d %11.2f ms %13.3f ms %9.0f ns\n", total, roots, f.appendMs, f.expandMs,
                    f.dataNs);
    }
    return 0;
}

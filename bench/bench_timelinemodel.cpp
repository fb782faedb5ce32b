// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Timeline model: appending 10,000 posts (target ≤ 20 ms) and the cost of data() for
// every role of one row (ns per call). Medians over --runs runs (default 9).
//   cmake --build build --target bench_timelinemodel && build/bench/bench_timelinemodel
#include "poststore.h"
#include "timeline/timelinemodel.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <algorithm>
#include <cstdio>

using namespace threadline;
using namespace threadline::models;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    int runs = 9;
    const QStringList args = app.arguments();
    if (const qsizetype i = args.indexOf(QStringLiteral("--runs")); i >= 0 && i + 1 < args.size())
        runs = std::max(1, args.at(i + 1).toInt());

    core::PostStore store;
    QList<qint64> ids;
    for (int i = 1; i <= 10000; ++i) {
        core::Post p;
        p.id = i;
        p.createtime = 1'700'000'000'000 + i;
        p.author = core::UserBrief{10001 + i % 7, QStringLiteral("用户%1").arg(i % 7),
                                   QStringLiteral("/a.png")};
        p.content = QStringLiteral("动态 %1 with some text and an emoji 😀").arg(i);
        for (int k = 0; k < i % 10; ++k)
            p.pictureUrls << QStringLiteral("/api/v1/media/%1-%2.png").arg(i).arg(k);
        p.likeCount = i % 13;
        p.commentCount = i % 5;
        for (int k = 0; k < 3; ++k) {
            core::Like l;
            l.id = i * 10 + k;
            l.postId = i;
            l.user = core::UserBrief{10001 + k, QStringLiteral("赞者%1").arg(k), {}};
            p.likes << l;
        }
        for (int k = 0; k < int(i % 5) && k < 3; ++k) {
            core::Comment c;
            c.id = i * 10 + k;
            c.postId = i;
            c.author = p.author;
            c.content = QStringLiteral("评论 %1").arg(k);
            c.createtime = p.createtime + k;
            p.comments << c;
        }
        store.upsertPost(p);
        ids << i;
    }

    std::vector<double> append;
    for (int r = 0; r < runs; ++r) {
        TimelineModel model(&store);
        QElapsedTimer t;
        t.start();
        model.appendPosts(ids);
        append.push_back(double(t.nsecsElapsed()) / 1e6);
    }
    std::sort(append.begin(), append.end());

    TimelineModel model(&store);
    model.appendPosts(ids);
    const QList<int> roles = model.roleNames().keys();
    std::vector<double> perCall;
    volatile int sink = 0;
    for (int r = 0; r < runs; ++r) {
        QElapsedTimer t;
        t.start();
        int calls = 0;
        for (int row = 0; row < 1000; ++row) {
            const QModelIndex i = model.index(row);
            for (int role : roles) {
                sink = sink + int(model.data(i, role).isValid());
                ++calls;
            }
        }
        perCall.push_back(double(t.nsecsElapsed()) / calls);
    }
    std::sort(perCall.begin(), perCall.end());
    printf("| figure | median | target |\n|---|---:|---|\n");
    printf("| append 10,000 posts to a timeline model | %.2f ms | ≤ 20 ms |\n",
           append[append.size() / 2]);
    printf("| data() for one role (all %d roles, 1,000 rows) | %.0f ns/call | report |\n",
           int(roles.size()), perCall[perCall.size() / 2]);
    return 0;
}

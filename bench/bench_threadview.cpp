// Thread pane (the UI's other hot path): how long the GUI thread spends when a page of floors
// arrives in the tree (layout + paint) and per frame while scrolling. Offscreen, no server: the
// pages are handed to the model as the loader would (200 floors, 3 replies each, emoji text).
//   cmake --build build --target bench_threadview
//   QT_QPA_PLATFORM=offscreen build/bench/bench_threadview --runs 5
#include "commenttreemodel.h"
#include "poststore.h"
#include "threadview.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QScrollBar>
#include <QTreeView>
#include <algorithm>
#include <cstdio>
#include <vector>

using namespace threadline;

namespace {
double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

core::Comment comment(qint64 id, qint64 rootId, qint64 floor, qint64 seq, int i)
{
    static const QStringList texts{
        QStringLiteral("Python，写起来最快 🐍 不接受反驳 😤"), QStringLiteral("不同意，各有各的场景"),
        QStringLiteral("先收藏了 💡 回头仔细看看，这个讨论很有意思，大家说得都有道理。"),
        QStringLiteral("Source?")};
    core::Comment c;
    c.id = id;
    c.postId = 1;
    c.rootId = rootId;
    c.parentId = rootId;
    c.floor = floor;
    c.seq = seq;
    c.author = core::UserBrief{10001 + i % 40, QStringLiteral("读者%1").arg(100 + i % 40), {}};
    if (rootId)
        c.replyTo = core::UserBrief{10002, QStringLiteral("读者126"), {}};
    c.content = texts.at(i % texts.size());
    c.createtime = 1'700'000'000'000 + id * 1000;
    c.likeCount = i % 5;
    c.score = 2 * c.likeCount;
    return c;
}
} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    int runs = 5;
    const QStringList args = app.arguments();
    if (const qsizetype i = args.indexOf(QStringLiteral("--runs")); i >= 0 && i + 1 < args.size())
        runs = std::max(1, args.at(i + 1).toInt());

    QList<core::Comment> roots, replies;
    qint64 id = 1000;
    for (int f = 1; f <= 200; ++f) {
        const core::Comment root = comment(++id, 0, f, 0, f);
        roots.append(root);
        for (int s = 1; s <= 3; ++s)
            replies.append(comment(++id, root.id, f, s, f + s));
    }
    for (core::Comment &r : roots)
        r.replyCount = 8;

    std::vector<double> page, frame;
    for (int r = 0; r < runs; ++r) {
        core::PostStore store;
        ui::ThreadView view(nullptr, nullptr, &store, nullptr, nullptr);
        view.resize(600, 800);
        view.show();
        QCoreApplication::processEvents();
        view.model()->setPost(1);
        QImage canvas(view.treeView()->viewport()->size(), QImage::Format_ARGB32_Premultiplied);

        QElapsedTimer t;
        t.start();
        view.model()->appendFloors(roots, replies, false); // 200 floors, 600 replies, 200 "more"
        QCoreApplication::processEvents();                 // the tree's delayed layout
        view.treeView()->viewport()->render(&canvas);
        page.push_back(t.nsecsElapsed() / 1e6);

        for (int step = 0; step < 40; ++step) {
            t.restart();
            auto *bar = view.treeView()->verticalScrollBar();
            bar->setValue(bar->value() + 400);
            view.treeView()->viewport()->render(&canvas);
            frame.push_back(t.nsecsElapsed() / 1e6);
        }
    }
    std::sort(frame.begin(), frame.end());
    std::printf("thread pane, 200 floors + 600 replies arriving at once, 600x800 offscreen, "
                "medians of %d runs\n| figure | median |\n|---|---:|\n",
                runs);
    std::printf("| the page into the tree (layout + first paint) | %.2f ms |\n", median(page));
    std::printf("| one frame scrolling 400 px | %.2f ms |\n", frame[frame.size() / 2]);
    std::printf("| the 90th percentile frame | %.2f ms |\n", frame[frame.size() * 9 / 10]);
    return 0;
}

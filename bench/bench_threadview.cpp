// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Thread pane (the UI's other hot path): how long the GUI thread spends when a page of
// floors arrives in the pane (layout + paint), when a floor's 1,000 replies expand in place, and
// per frame while scrolling — and whether that grows with the thread. Offscreen, no server: the
// pages are handed to the model as the loader would (floors with 3 replies and a "more replies"
// row each: 5 rows a floor, emoji text).
//   - a page of 200 floors (1,000 rows) and of 2,000 floors (10,000 rows), and their ratio;
//   - a floor of 1,000 replies expanding (its "more replies" answered) until painted;
//   - a scroll frame (400 px) p50 / p99;
//   - baseline: a QTreeView over the same model and delegate, the 1,000-row page, same run.
//   cmake --build build --target bench_threadview
//   QT_QPA_PLATFORM=offscreen build/bench/bench_threadview --runs 5
#include "feeds.h"
#include "poststore.h"
#include "thread/commenttreemodel.h"
#include "thread/threadview.h"
#include "viewbench.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QScrollBar>
#include <QTreeView>

#include "common/virtuallistview.h"
#include "thread/commentdelegate.h"
#include "thread/flattreeproxy.h"
#include <algorithm>
#include <cstdio>
#include <vector>

using namespace threadline;
using bench::Canvas;
using bench::median;
using bench::percentile;

namespace {

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

// floors f0 … f0 + count - 1, each with replies 1 … 3 (of `replyCount`)
void makePage(int f0, int count, qint64 replyCount, QList<core::Comment> *roots,
              QList<core::Comment> *replies)
{
    roots->clear();
    replies->clear();
    for (int f = f0; f < f0 + count; ++f) {
        const qint64 rootId = 1'000'000 + qint64(f) * 10'000;
        core::Comment root = comment(rootId, 0, f, 0, f);
        root.replyCount = replyCount;
        roots->append(root);
        for (int s = 1; s <= 3; ++s)
            replies->append(comment(rootId + s, rootId, f, s, f + s));
    }
}

// A page of `floors` floors into a fresh pane: ms until painted.
double pageIntoPane(int floors, qint64 *measured = nullptr)
{
    QList<core::Comment> roots, replies;
    makePage(1, floors, 8, &roots, &replies);
    core::PostStore store;
    threadline::models::Feeds feeds(
        threadline::models::Feeds::Parts{nullptr, nullptr, &store, nullptr, nullptr});
    ui::ThreadView view(&feeds, nullptr);
    view.resize(600, 800);
    view.show();
    QCoreApplication::processEvents();
    view.model()->setPost(1);
    Canvas canvas(view.treeView()->viewport());
    QElapsedTimer t;
    t.start();
    view.model()->appendFloors(roots, replies, false);
    QCoreApplication::processEvents(); // the view's delayed layout
    canvas.render();
    const double ms = double(t.nsecsElapsed()) / 1e6;
    if (measured)
        *measured = view.treeView()->measureCalls();
    return ms;
}

// The model's share: the same page into the store, the tree and the flat list, no view.
double pageIntoModel(int floors)
{
    QList<core::Comment> roots, replies;
    makePage(1, floors, 8, &roots, &replies);
    core::PostStore store;
    models::CommentTreeModel model(&store);
    models::FlatTreeProxy flat;
    flat.setSourceModel(&model);
    model.setPost(1);
    QElapsedTimer t;
    t.start();
    model.appendFloors(roots, replies, false);
    return double(t.nsecsElapsed()) / 1e6;
}

// The model's share of a floor's 1,000 replies expanding.
double expandInModel()
{
    QList<core::Comment> roots, replies;
    makePage(1, 200, 1003, &roots, &replies);
    core::PostStore store;
    models::CommentTreeModel model(&store);
    models::FlatTreeProxy flat;
    flat.setSourceModel(&model);
    model.setPost(1);
    model.appendFloors(roots, replies, false);
    const qint64 rootId = 1'000'000 + 2 * 10'000LL;
    QList<core::Comment> more;
    for (int s = 4; s <= 1003; ++s)
        more.append(comment(rootId + s, rootId, 2, s, s));
    QElapsedTimer t;
    t.start();
    model.expand(model.indexOfComment(rootId));
    model.appendReplies(rootId, more, true);
    return double(t.nsecsElapsed()) / 1e6;
}

// The baseline: the same page in a QTreeView (it lays out every expanded row).
double pageIntoTreeView(int floors)
{
    QList<core::Comment> roots, replies;
    makePage(1, floors, 8, &roots, &replies);
    core::PostStore store;
    models::CommentTreeModel model(&store);
    model.setPost(1);
    QTreeView tree;
    auto *delegate = new ui::CommentDelegate(nullptr, &tree);
    tree.setItemDelegate(delegate);
    tree.setHeaderHidden(true);
    tree.setUniformRowHeights(false);
    tree.setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    tree.setIndentation(ui::CommentDelegate::kIndentation);
    tree.setModel(&model);
    tree.resize(600, 800);
    tree.show();
    QCoreApplication::processEvents();
    Canvas canvas(tree.viewport());
    QElapsedTimer t;
    t.start();
    model.appendFloors(roots, replies, false);
    tree.expandAll();
    QCoreApplication::processEvents();
    canvas.render();
    return double(t.nsecsElapsed()) / 1e6;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    int runs = 5;
    const QStringList args = app.arguments();
    if (const qsizetype i = args.indexOf(QStringLiteral("--runs")); i >= 0 && i + 1 < args.size())
        runs = std::max(1, args.at(i + 1).toInt());
    const bool noBaseline = args.contains(QStringLiteral("--no-baseline"));

    pageIntoPane(200); // a warm-up, not counted: the fonts are loaded once a process
    std::vector<double> page1k, page10k, baseline, expand, frame, model1k, model10k, modelExpand;
    qint64 measured10k = 0;
    for (int r = 0; r < runs; ++r) {
        page1k.push_back(pageIntoPane(200));
        page10k.push_back(pageIntoPane(2000, &measured10k));
        if (!noBaseline)
            baseline.push_back(pageIntoTreeView(200));
        model1k.push_back(pageIntoModel(200));
        model10k.push_back(pageIntoModel(2000));
        modelExpand.push_back(expandInModel());

        // a floor of 1,000 replies expanding in place, and scrolling
        QList<core::Comment> roots, replies;
        makePage(1, 200, 1003, &roots, &replies);
        core::PostStore store;
        threadline::models::Feeds feeds(
            threadline::models::Feeds::Parts{nullptr, nullptr, &store, nullptr, nullptr});
        ui::ThreadView view(&feeds, nullptr);
        view.resize(600, 800);
        view.show();
        QCoreApplication::processEvents();
        view.model()->setPost(1);
        view.model()->appendFloors(roots, replies, false);
        QCoreApplication::processEvents();
        Canvas canvas(view.treeView()->viewport());
        canvas.render();
        const qint64 rootId = 1'000'000 + 2 * 10'000LL; // the second floor, on screen
        QList<core::Comment> more;
        for (int s = 4; s <= 1003; ++s)
            more.append(comment(rootId + s, rootId, 2, s, s));
        QElapsedTimer t;
        t.start();
        view.model()->expand(view.model()->indexOfComment(rootId)); // "more replies" clicked
        view.model()->appendReplies(rootId, more, true);            // … and the page arrived
        const double inModel = double(t.nsecsElapsed()) / 1e6;
        const qint64 measuredBefore = view.treeView()->measureCalls();
        QCoreApplication::processEvents();
        const double events = double(t.nsecsElapsed()) / 1e6;
        canvas.render();
        expand.push_back(double(t.nsecsElapsed()) / 1e6);
        if (qEnvironmentVariableIsSet("BENCH_DETAIL"))
            std::fprintf(stderr,
                         "expand: model %.2f, events %.2f (%lld rows measured), render %.2f ms\n",
                         inModel, events - inModel,
                         static_cast<long long>(view.treeView()->measureCalls() - measuredBefore),
                         expand.back() - events);
        if (view.model()->rowCount(view.model()->indexOfComment(rootId)) < 1003)
            std::fprintf(stderr, "the floor did not expand\n");

        for (int step = 0; step < 60; ++step) {
            const qint64 measuredBefore = view.treeView()->measureCalls();
            t.restart();
            auto *bar = view.treeView()->verticalScrollBar();
            bar->setValue(bar->value() + 400);
            const double scrolled = double(t.nsecsElapsed()) / 1e6;
            canvas.render();
            frame.push_back(double(t.nsecsElapsed()) / 1e6);
            if (qEnvironmentVariableIsSet("BENCH_DETAIL"))
                std::fprintf(
                    stderr, "frame %d: %lld rows measured, scroll %.2f, total %.2f ms\n", step,
                    static_cast<long long>(view.treeView()->measureCalls() - measuredBefore),
                    scrolled, frame.back());
        }
    }
    const auto row = [](const char *what, double value, const char *unit = "ms") {
        std::printf("| %s | %.2f %s |\n", what, value, unit);
    };
    std::printf("thread pane, 600x800 offscreen, medians of %d runs\n| figure | value |\n"
                "|---|---:|\n",
                runs);
    row("a page of 200 floors, 1,000 rows, into the pane (layout + paint)", median(page1k));
    row("a page of 2,000 floors, 10,000 rows", median(page10k));
    row("— of which the model (store, tree, flat list; no view), 1,000 rows", median(model1k));
    row("— of which the model, 10,000 rows", median(model10k));
    const double view1k = median(page1k) - median(model1k);
    const double view10k = median(page10k) - median(model10k);
    row("the view's share (layout + paint), 1,000 rows", view1k);
    row("the view's share, 10,000 rows", view10k);
    row("ratio of the view's share 10,000 / 1,000 rows (constant cost: ≈ 1)", view10k / view1k,
        "×");
    std::printf("| rows measured for the 10,000-row page | %lld |\n",
                static_cast<long long>(measured10k));
    if (!baseline.empty()) {
        row("baseline: QTreeView, the 1,000-row page", median(baseline));
        row("ratio baseline / pane", median(baseline) / median(page1k), "×");
    }
    row("a floor's 1,000 replies expanding in place (until painted)", median(expand));
    row("— of which the model (store, tree, flat list)", median(modelExpand));
    row("— the view's share", median(expand) - median(modelExpand));
    row("scroll frame 400 px, p50", median(frame));
    row("scroll frame 400 px, p99", percentile(frame, 0.99));
    return 0;
}

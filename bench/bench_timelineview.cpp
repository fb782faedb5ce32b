// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Timeline view (the UI's hot path): how long the GUI thread spends to lay out and
// paint post cards, and whether that grows with the timeline's length. Offscreen, no images
// (placeholders), medians over --runs runs; every figure is the real view (TimelineView, a
// VirtualListView) rendering its viewport into an image after the change.
//   - first screen: model set, shown, laid out, painted — at 1,000, 10,000 and 100,000 posts,
//     and the ratio 100,000 / 1,000 (constant cost: ≤ 1.5);
//   - a scroll frame: the viewport rendered after each 400 px step, 60 steps a run (p50, p99);
//   - a resize 900 → 600 px (every card on screen laid out at the new width);
//   - End: the key pressed on the first post until the last one is painted at the bottom;
//   - no jump: the card under the mouse, after a card above it on screen grows by a line;
//   - clicks: 1,000 cards liked, then unliked, by a mouse click on the heart (core::Actions,
//     the outbox on a temporary file, offline): click → store → model → the card repainted
//     (p50, p99; one frame is 16 ms);
//   - baseline: QListView over the same model and delegate (it asks every row's size), first
//     screen at 1,000 posts, in the same run.
//   cmake --build build --target bench_timelineview
//   QT_QPA_PLATFORM=offscreen build/bench/bench_timelineview --runs 5
#include "actions.h"
#include "net/apiclient.h"
#include "outbox/outbox.h"
#include "poststore.h"
#include "timeline/timelinemodel.h"
#include "timeline/timelineview.h"
#include "viewbench.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QKeyEvent>
#include <QListView>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace threadline;
using bench::Canvas;
using bench::median;
using bench::percentile;

namespace {

core::Post makePost(qint64 i)
{
    static const QStringList texts{
        QStringLiteral("这家面馆的牛肉面绝了 🍜"),
        QStringLiteral("周末爬山看到的日出，太震撼了！🌄 分享给大家 🔥 "
                       "山顶的风很大，但是一切都值得。下次还要再来，带上更好的相机。"),
        QStringLiteral("Weekend vibes 😎"),
        QStringLiteral("来聊聊：你最喜欢的编程语言是什么？为什么？🤔 "
                       "每层楼说一个，回复里互相讨论 👇")};
    core::Post p;
    p.id = i;
    p.createtime = 1'700'000'000'000 + i * 60'000LL;
    p.author = core::UserBrief{10001 + i % 7, QStringLiteral("用户%1").arg(i % 7), {}};
    p.content = texts.at(int(i % texts.size()));
    p.device = QStringLiteral("红米 6");
    for (int k = 0; k < i % 10; ++k)
        p.pictureUrls << QStringLiteral("/api/v1/media/%1-%2.png").arg(i).arg(k);
    p.likeCount = i % 13;
    p.commentCount = i % 5;
    for (int k = 0; k < int(i % 4); ++k) {
        core::Like l;
        l.id = i * 10 + k;
        l.postId = i;
        l.user = core::UserBrief{10001 + k, QStringLiteral("赞者%1").arg(k), {}};
        p.likes << l;
    }
    for (int k = 0; k < int(i % 4); ++k) {
        core::Comment c;
        c.id = i * 10 + k;
        c.postId = i;
        c.author = core::UserBrief{10002 + k, QStringLiteral("评论者%1").arg(k), {}};
        c.content = QStringLiteral("说得好 👍 %1").arg(k);
        c.createtime = p.createtime + k;
        p.comments << c;
    }
    return p;
}

QList<qint64> fill(core::PostStore &store, int posts)
{
    QList<qint64> ids;
    ids.reserve(posts);
    for (int i = 1; i <= posts; ++i) {
        store.upsertPost(makePost(i));
        ids << i;
    }
    return ids;
}

// The first screen of `ids` in a new view: ms.
double firstScreen(core::PostStore &store, const QList<qint64> &ids, qint64 *measured = nullptr)
{
    models::TimelineModel model(&store);
    model.setPosts(ids);
    ui::TimelineView view(nullptr);
    view.resize(900, 800);
    Canvas canvas(view.viewport());
    QElapsedTimer t;
    t.start();
    view.setModel(&model);
    const double set = double(t.nsecsElapsed()) / 1e6;
    view.show();
    const double shown = double(t.nsecsElapsed()) / 1e6;
    QCoreApplication::processEvents(); // the delayed layout, the first paint
    const double events = double(t.nsecsElapsed()) / 1e6;
    canvas.render();
    const double ms = double(t.nsecsElapsed()) / 1e6;
    if (qEnvironmentVariableIsSet("BENCH_DETAIL"))
        std::fprintf(stderr, "%lld posts: setModel %.2f, show %.2f, events %.2f, render %.2f ms\n",
                     static_cast<long long>(ids.size()), set, shown - set, events - shown,
                     ms - events);
    if (measured)
        *measured = view.measureCalls();
    return ms;
}

// The same with a plain QListView (it asks every row's size when it lays out): the baseline.
double firstScreenListView(core::PostStore &store, const QList<qint64> &ids)
{
    models::TimelineModel model(&store);
    model.setPosts(ids);
    QListView view;
    auto *delegate = new ui::PostDelegate(nullptr, &view);
    delegate->setView(&view);
    view.setItemDelegate(delegate);
    view.setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    view.setUniformItemSizes(false);
    view.resize(900, 800);
    Canvas canvas(view.viewport());
    QElapsedTimer t;
    t.start();
    view.setModel(&model);
    view.show();
    QCoreApplication::processEvents();
    canvas.render();
    return double(t.nsecsElapsed()) / 1e6;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    int runs = 5;
    int clicks = 1000;
    const QStringList args = app.arguments();
    if (const qsizetype i = args.indexOf(QStringLiteral("--runs")); i >= 0 && i + 1 < args.size())
        runs = std::max(1, args.at(i + 1).toInt());
    if (const qsizetype i = args.indexOf(QStringLiteral("--clicks")); i >= 0 && i + 1 < args.size())
        clicks = std::max(10, args.at(i + 1).toInt());
    const bool noBaseline = args.contains(QStringLiteral("--no-baseline"));

    core::PostStore store;
    const QList<qint64> all = fill(store, 100'000);
    const QList<qint64> ids1k = all.mid(0, 1'000);
    const QList<qint64> ids10k = all.mid(0, 10'000);

    // a warm-up, not counted: the fonts (the colour emoji's glyphs) are loaded once a process
    firstScreen(store, ids1k);
    std::vector<double> first1k, first10k, first100k, baseline1k, frame, resize, end, jump;
    qint64 measured100k = 0;
    qsizetype layoutsCached = 0;
    for (int r = 0; r < runs; ++r) {
        // alternate the sizes within a run, so that drift hits all of them alike
        first1k.push_back(firstScreen(store, ids1k));
        first100k.push_back(firstScreen(store, all, &measured100k));
        first10k.push_back(firstScreen(store, ids10k));
        if (!noBaseline)
            baseline1k.push_back(firstScreenListView(store, ids1k));

        models::TimelineModel model(&store);
        model.setPosts(ids10k);
        ui::TimelineView view(nullptr);
        view.resize(900, 800);
        view.setModel(&model);
        view.show();
        QCoreApplication::processEvents();
        Canvas canvas(view.viewport());
        canvas.render();
        QElapsedTimer t;
        for (int step = 0; step < 60; ++step) {
            t.restart();
            view.verticalScrollBar()->setValue(view.verticalScrollBar()->value() + 400);
            canvas.render();
            frame.push_back(double(t.nsecsElapsed()) / 1e6);
        }

        t.restart();
        view.resize(600, 800);
        QCoreApplication::processEvents();
        canvas.render();
        resize.push_back(double(t.nsecsElapsed()) / 1e6);

        view.setFocus();
        view.setCurrentIndex(model.index(0, 0));
        view.scrollToTop();
        QCoreApplication::processEvents();
        canvas.render();
        t.restart();
        QKeyEvent press(QEvent::KeyPress, Qt::Key_End, Qt::NoModifier);
        QApplication::sendEvent(&view, &press);
        canvas.render();
        end.push_back(double(t.nsecsElapsed()) / 1e6);
        if (view.currentIndex().row() != model.rowCount() - 1 ||
            view.visualRect(view.currentIndex()).bottom() != view.viewport()->height() - 1)
            std::fprintf(stderr, "End did not show the last post at the bottom\n");

        // no jump: the card under the mouse, when the card above it on screen grows
        view.scrollTo(model.index(5000, 0), QAbstractItemView::PositionAtTop);
        canvas.render();
        const QModelIndex below = model.index(5001, 0);
        const QRect before = view.visualRect(below);
        QTest::mouseMove(view.viewport(), before.center());
        core::Post grown = *store.post(5000);
        grown.content += QStringLiteral("\n多了一行字，卡片变高了。\nAnother line, too.");
        store.upsertPost(grown);
        QCoreApplication::processEvents();
        canvas.render();
        jump.push_back(std::abs(view.visualRect(below).top() - before.top()));
        store.upsertPost(makePost(5000));
        layoutsCached = view.postDelegate()->cachedLayouts();
    }

    // clicks: like, then unlike, 1,000 cards one after another, through the real action path
    std::vector<double> clickMs;
    int missedPaints = 0;
    {
        QTemporaryDir dir;
        core::ApiClient api;
        api.setBaseUrl(QUrl(QStringLiteral("http://127.0.0.1:9")));
        api.setOffline(true);
        core::Outbox outbox(&api);
        outbox.setLikeDelayMs(3000);
        QSignalSpy opened(&outbox, &core::Outbox::opened);
        outbox.open(dir.filePath(QStringLiteral("outbox.db")));
        opened.wait(5000);
        core::Actions actions(&outbox, &store);
        models::TimelineModel model(&store);
        model.setPosts(ids10k);
        ui::TimelineView view(nullptr);
        QObject::connect(&view, &ui::TimelineView::likeClicked, &actions,
                         &core::Actions::togglePostLike);
        view.resize(900, 800);
        view.setModel(&model);
        view.show();
        QCoreApplication::processEvents();
        struct PaintCounter : QObject
        {
            int paints = 0;
            bool eventFilter(QObject *, QEvent *e) override
            {
                if (e->type() == QEvent::Paint)
                    ++paints;
                return false;
            }
        } counter;
        view.viewport()->installEventFilter(&counter);
        QElapsedTimer t;
        for (int pass = 0; pass < 2; ++pass) {
            for (int i = 0; i < clicks; ++i) {
                const QModelIndex index = model.index(i, 0);
                view.scrollTo(index);
                QCoreApplication::processEvents();
                const QRect heart = view.areaRect(index, ui::PostDelegate::Area::Like);
                const int paintsBefore = counter.paints;
                t.restart();
                QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, heart.center());
                QCoreApplication::processEvents(); // the repaint of the card
                clickMs.push_back(double(t.nsecsElapsed()) / 1e6);
                if (counter.paints == paintsBefore)
                    ++missedPaints;
            }
        }
    }

    const auto row = [](const char *what, double value, const char *unit = "ms") {
        std::printf("| %s | %.2f %s |\n", what, value, unit);
    };
    std::printf("timeline view, 900x800 offscreen, medians of %d runs\n", runs);
    std::printf("| figure | value |\n|---|---:|\n");
    row("first screen, 1,000 posts", median(first1k));
    row("first screen, 10,000 posts", median(first10k));
    row("first screen, 100,000 posts", median(first100k));
    row("ratio 100,000 / 1,000 posts (target ≤ 1.5)", median(first100k) / median(first1k), "×");
    std::printf("| rows measured for the first screen of 100,000 posts | %lld |\n",
                static_cast<long long>(measured100k));
    if (!baseline1k.empty()) {
        row("baseline: QListView, first screen, 1,000 posts", median(baseline1k));
        row("ratio baseline / TimelineView at 1,000 posts", median(baseline1k) / median(first1k),
            "×");
    }
    row("scroll frame 400 px (10,000 posts), p50", median(frame));
    row("scroll frame 400 px, p99", percentile(frame, 0.99));
    row("resize 900 → 600 px (10,000 posts)", median(resize));
    row("End: the last of 10,000 posts on screen", median(end));
    row("card under the mouse moved when the card above it grew (max)",
        *std::max_element(jump.begin(), jump.end()), "px");
    std::printf("| layouts in the delegate's cache at the end | %lld |\n",
                static_cast<long long>(layoutsCached));
    row("click → card repainted (like / unlike), p50", median(clickMs));
    row("click → card repainted, p99", percentile(clickMs, 0.99));
    std::printf("| clicks measured / without a repaint | %zu / %d |\n", clickMs.size(),
                missedPaints);
    return 0;
}

// Timeline view (the UI's hot path): how long the GUI thread spends to lay out and paint post
// cards — a window's first screen of a 10,000-post timeline, a frame while scrolling (the viewport
// rendered after each 400 px step), and a relayout after the width changes. Offscreen, no images
// (placeholders), medians over --runs runs. A frame under 16 ms keeps 60 Hz scrolling smooth.
//   cmake --build build --target bench_timelineview
//   QT_QPA_PLATFORM=offscreen build/bench/bench_timelineview
#include "poststore.h"
#include "timelinemodel.h"
#include "timelineview.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <QScrollBar>
#include <algorithm>
#include <cstdio>
#include <vector>

using namespace threadline;

namespace {
int kPosts = 10000;
double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

void fill(core::PostStore &store, QList<qint64> &ids)
{
    const QStringList texts{
        QStringLiteral("这家面馆的牛肉面绝了 🍜"),
        QStringLiteral("周末爬山看到的日出，太震撼了！🌄 分享给大家 🔥 "
                       "山顶的风很大，但是一切都值得。下次还要再来，带上更好的相机。"),
        QStringLiteral("Weekend vibes 😎"),
        QStringLiteral("来聊聊：你最喜欢的编程语言是什么？为什么？🤔 "
                       "每层楼说一个，回复里互相讨论 👇")};
    for (int i = 1; i <= kPosts; ++i) {
        core::Post p;
        p.id = i;
        p.createtime = 1'700'000'000'000 + i * 60'000LL;
        p.author = core::UserBrief{10001 + i % 7, QStringLiteral("用户%1").arg(i % 7), {}};
        p.content = texts.at(i % texts.size());
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
        store.upsertPost(p);
        ids << i;
    }
}
} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    int runs = 7;
    const QStringList args = app.arguments();
    if (const qsizetype i = args.indexOf(QStringLiteral("--runs")); i >= 0 && i + 1 < args.size())
        runs = std::max(1, args.at(i + 1).toInt());
    if (const qsizetype i = args.indexOf(QStringLiteral("--posts")); i >= 0 && i + 1 < args.size())
        kPosts = std::max(100, args.at(i + 1).toInt());

    core::PostStore store;
    QList<qint64> ids;
    fill(store, ids);

    std::vector<double> first, frame, relayout;
    for (int r = 0; r < runs; ++r) {
        models::TimelineModel model(&store);
        model.setPosts(ids);
        ui::TimelineView view(nullptr);
        view.resize(900, 800);
        QImage canvas(view.viewport()->size(), QImage::Format_ARGB32_Premultiplied);

        QElapsedTimer t;
        t.start();
        view.setModel(&model);
        view.show();
        QCoreApplication::processEvents(); // the delayed layout
        view.viewport()->render(&canvas);
        first.push_back(t.nsecsElapsed() / 1e6);

        for (int step = 0; step < 60; ++step) {
            t.restart();
            view.verticalScrollBar()->setValue(view.verticalScrollBar()->value() + 400);
            view.viewport()->render(&canvas);
            frame.push_back(t.nsecsElapsed() / 1e6);
        }

        t.restart();
        view.resize(600, 800);
        QCoreApplication::processEvents();
        view.viewport()->render(&canvas);
        relayout.push_back(t.nsecsElapsed() / 1e6);
    }
    std::printf("timeline view, 10,000 posts, 900x800 offscreen, medians of %d runs\n", runs);
    std::printf("| figure | median |\n|---|---:|\n");
    std::printf("| first screen (model set, layout, paint) | %.2f ms |\n", median(first));
    std::printf("| one frame scrolling 400 px (layout of new rows + paint) | %.2f ms |\n",
                median(frame));
    std::printf("| the 90th percentile frame | %.2f ms |\n", [&] {
        std::vector<double> f = frame;
        std::sort(f.begin(), f.end());
        return f[f.size() * 9 / 10];
    }());
    std::printf("| width 900 → 600 px (relayout + paint) | %.2f ms |\n", median(relayout));
    return 0;
}

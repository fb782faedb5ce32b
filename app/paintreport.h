// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The first posts on screen: one line on stdout for QA and the start-up benchmark,
//
//   first paint: 183 ms after start, 20 posts from the cache   (or "from the server")
//
// and with --first-paint (or THREADLINE_FIRST_PAINT=1) the frames (firstpaint.h): the window's
// first one ("first-paint …") and the first with the cache's posts ("first-posts …");
// --quit-after-first-paint then ends the run (bench/bench_coldstart.cpp).
#pragma once

#include <QObject>
#include <memory>

class QWidget;

namespace threadline::firstpaint {
class FirstPaintProbe;
}
namespace threadline::models {
class TimelineFeed;
}

namespace threadline::app {

struct CommandLine;
class StartupTrace;

class PaintReport : public QObject
{
    Q_OBJECT
public:
    // Before the window is shown: its first frame is watched from here.
    PaintReport(QWidget *window, const CommandLine &options, const StartupTrace *trace,
                QObject *parent = nullptr);
    ~PaintReport() override;

    // The first posts that `feed` (All, of an account just started) shows are reported once.
    void watch(models::TimelineFeed *feed);

Q_SIGNALS:
    // The frame that shows the first posts is out (with or without --first-paint): what waited
    // for it (the cache's integrity check) may run now.
    void postsPainted();

private:
    void postsShown(int rows, const char *from);

    QWidget *m_window;
    const StartupTrace *m_trace;
    bool m_report = false;    // the frames too
    bool m_quitAfter = false; // once the first posts are painted
    std::unique_ptr<firstpaint::FirstPaintProbe> m_firstFrame, m_firstPosts;
};

} // namespace threadline::app

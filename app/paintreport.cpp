// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "paintreport.h"

#include "commandline.h"
#include "firstpaint.h"
#include "say.h"
#include "startuptrace.h"
#include "timeline/timelinefeed.h"

#include <QCoreApplication>
#include <QTimer>

namespace threadline::app {

PaintReport::PaintReport(QWidget *window, const CommandLine &options, const StartupTrace *trace,
                         QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_trace(trace)
    , m_report(options.firstPaint || qEnvironmentVariableIntValue("THREADLINE_FIRST_PAINT") == 1)
    , m_quitAfter(m_report && options.quitAfterFirstPaint)
{
    if (m_report)
        m_firstFrame = std::make_unique<firstpaint::FirstPaintProbe>(m_window, "first-paint");
    if (m_quitAfter) // no posts to paint (an empty cache): not forever
        QTimer::singleShot(20000, this, [] { QCoreApplication::exit(1); });
}

PaintReport::~PaintReport() = default;

void PaintReport::watch(models::TimelineFeed *feed)
{
    // once for this feed: its first rows, from the cache or from the server
    const auto painted = std::make_shared<bool>(false);
    connect(feed, &models::TimelineFeed::cachePainted, this, [this, painted](int rows) {
        if (!*painted && rows > 0) {
            *painted = true;
            postsShown(rows, "cache");
        }
    });
    connect(feed, &models::TimelineFeed::refreshed, this, [this, painted](int rows) {
        if (!*painted && rows > 0) {
            *painted = true;
            postsShown(rows, "server");
        }
    });
}

void PaintReport::postsShown(int rows, const char *from)
{
    m_trace->step("the cache's first page in the model");
    // the frame that shows them: reported with --first-paint, and postsPainted() either way
    m_firstPosts = std::make_unique<firstpaint::FirstPaintProbe>(
        m_window, m_report ? "first-posts" : nullptr, [this] {
            Q_EMIT postsPainted();
            // (a turn later: when the window's first frame already shows the posts, as
            // under xcb when the cache answers before the window is exposed, its line comes
            // out first)
            if (m_quitAfter)
                QTimer::singleShot(0, this, &QCoreApplication::quit);
        });
    say(QStringLiteral("first paint: %1 ms after start, %2 posts from the %3")
            .arg(m_trace->elapsedMs())
            .arg(rows)
            .arg(QLatin1String(from)));
}

} // namespace threadline::app

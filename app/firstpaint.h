// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The first-paint probe of the cold-start benchmark (bench/bench_coldstart.cpp; docs/performance.md
// on the cold start): the client (`threadline --first-paint`) and the minimal
// window it is compared with (bench/minimalwindow.cpp) report their first painted frame the same
// way, one line on stdout:
//
//   first-paint 212.4 monotonic 81234.567 cpu 150.2
//
// the milliseconds since the process started (the kernel's start time of the process, in clock
// ticks: 10 ms steps), the CLOCK_MONOTONIC time of the frame in ms, which the benchmark
// subtracts its own monotonic time taken just before exec from, and the CPU time the process
// (all its threads, user + system) used until then, in ms: on a loaded machine the figure that
// waiting for a core does not inflate. "Painted" is the first paint
// event of a widget of the window, reported once that paint has been flushed (the next turn of
// the event loop).
//
//   FirstPaintProbe probe(&window, "first-paint", [&] { app.quit(); });
//   window.show();
#pragma once

#include <QApplication>
#include <QByteArray>
#include <QEvent>
#include <QFile>
#include <QObject>
#include <QTimer>
#include <QWidget>

#include <cstdio>
#include <ctime>
#include <functional>
#include <sys/resource.h>
#include <unistd.h>

namespace threadline::firstpaint {

// CLOCK_MONOTONIC now, in ms.
inline double monotonicMs()
{
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

// ms since the process started: its start time in /proc/self/stat (clock ticks since boot)
// against CLOCK_BOOTTIME; -1 when unknown.
inline double sinceProcessStartMs()
{
    QFile stat(QStringLiteral("/proc/self/stat"));
    if (!stat.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray line = stat.readAll();
    // the fields after the command name, which may hold spaces: "pid (comm) state ppid …"
    const QList<QByteArray> fields = line.mid(line.lastIndexOf(')') + 2).split(' ');
    if (fields.size() < 20)
        return -1;
    const double startTicks = fields.at(19).toDouble(); // field 22: starttime
    timespec ts{};
    clock_gettime(CLOCK_BOOTTIME, &ts);
    const double bootMs = double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
    return bootMs - startTicks * 1e3 / double(sysconf(_SC_CLK_TCK));
}

// CPU time of the process so far (every thread, user + system), in ms.
inline double cpuMs()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    const auto ms = [](const timeval &t) { return double(t.tv_sec) * 1e3 + t.tv_usec / 1e3; };
    return ms(usage.ru_utime) + ms(usage.ru_stime);
}

// Prints `<label> <ms since start> monotonic <ms> cpu <ms>` on stdout, flushed.
inline void report(const char *label)
{
    const double now = monotonicMs();
    std::printf("%s %.1f monotonic %.3f cpu %.1f\n", label, sinceProcessStartMs(), now, cpuMs());
    std::fflush(stdout);
}

// Watches every widget of `window` (an application-wide event filter, removed once it fired)
// for its next paint event; once that frame is flushed, reports `label` (none when null) and
// calls `then`.
class FirstPaintProbe : public QObject
{
public:
    FirstPaintProbe(QWidget *window, const char *label, std::function<void()> then = {})
        : m_window(window)
        , m_label(label)
        , m_then(std::move(then))
    {
        qApp->installEventFilter(this);
    }
    ~FirstPaintProbe() override
    {
        if (qApp)
            qApp->removeEventFilter(this);
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Paint && !m_fired && watched->isWidgetType() &&
            static_cast<QWidget *>(watched)->window() == m_window) {
            m_fired = true;
            qApp->removeEventFilter(this);
            // after the paint and its flush: the frame is out
            QTimer::singleShot(0, this, [this] {
                if (m_label)
                    report(m_label);
                if (m_then)
                    m_then();
            });
        }
        return QObject::eventFilter(watched, event);
    }

private:
    QWidget *m_window;
    const char *m_label;
    std::function<void()> m_then;
    bool m_fired = false;
};

} // namespace threadline::firstpaint

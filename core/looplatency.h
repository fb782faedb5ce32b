// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// An event-loop latency probe: a precise timer on the thread it lives in (the GUI thread) that
// records how late each tick fires. A tick late by L ms means the thread ran something for about
// L ms without returning to its event loop: what a person meets as a stalled window.
//
//   LoopLatencyProbe probe;          // every 5 ms by default
//   probe.start();
//   …
//   std::puts(probe.report().toUtf8()); // "loop-latency ticks 812 p50 0.1 p99 3.2 max 41.0 …"
//
// The client runs one with THREADLINE_LOOP_PROBE=1 (app/main.cpp) and prints its report at exit;
// the benches that watch the window's responsiveness read that line (docs/performance.md).
#pragma once

#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QString>
#include <QTimer>

#include <array>

namespace threadline::core {

class LoopLatencyProbe : public QObject
{
    Q_OBJECT
public:
    explicit LoopLatencyProbe(int intervalMs = 5, QObject *parent = nullptr);

    void start();
    void stop();
    // Forgets what was recorded (a bench's phase starts).
    void reset();

    struct Stall
    {
        double atMs = 0;   // since start(), when the late tick fired
        double lateMs = 0; // how late
        // CPU time this thread used since the tick before: a stall with little of it was the
        // thread waiting for a core (a loaded machine), not work on it
        double cpuMs = 0;
    };
    [[nodiscard]] qint64 ticks() const { return m_ticks; }
    // The lateness of a tick at quantile q (0..1), in ms (0.1 ms steps up to 1 s; a stall over
    // 1 s counts as 1 s here, max() has its real length).
    [[nodiscard]] double quantileMs(double q) const;
    [[nodiscard]] double maxMs() const { return m_maxMs; }
    // Ticks later than `ms`.
    [[nodiscard]] qint64 lateOver(double ms) const;
    // The longest stalls, longest first (at most 8).
    [[nodiscard]] QList<Stall> worst() const { return m_worst; }
    // The longest stall in which the thread itself ran at least `cpuShare` of the time (its own
    // work, not waiting for a core).
    [[nodiscard]] double maxBusyMs(double cpuShare = 0.5) const;
    // One line: "loop-latency ticks N p50 A p99 B max C over16 D over50 E worst L@T/cpu,…"
    [[nodiscard]] QString report() const;

private:
    void tick();

    static constexpr int kBuckets = 10000; // 0.1 ms each: 0 to 1 s
    QTimer m_timer;
    QElapsedTimer m_clock;
    int m_intervalMs;
    qint64 m_expectedNs = 0;
    qint64 m_lastCpuNs = 0;
    qint64 m_ticks = 0;
    double m_maxMs = 0;
    std::array<qint64, kBuckets + 1> m_histogram{};
    QList<Stall> m_worst;
};

} // namespace threadline::core

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "looplatency.h"

#include <algorithm>
#include <ctime>

namespace threadline::core {

namespace {
qint64 threadCpuNs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}
} // namespace

LoopLatencyProbe::LoopLatencyProbe(int intervalMs, QObject *parent)
    : QObject(parent)
    , m_intervalMs(std::max(1, intervalMs))
{
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.setInterval(m_intervalMs);
    connect(&m_timer, &QTimer::timeout, this, &LoopLatencyProbe::tick);
}

void LoopLatencyProbe::start()
{
    reset();
    m_clock.start();
    m_expectedNs = qint64(m_intervalMs) * 1000000;
    m_lastCpuNs = threadCpuNs();
    m_timer.start();
}

void LoopLatencyProbe::stop()
{
    m_timer.stop();
}

void LoopLatencyProbe::reset()
{
    m_ticks = 0;
    m_maxMs = 0;
    m_histogram.fill(0);
    m_worst.clear();
    if (m_clock.isValid())
        m_expectedNs = m_clock.nsecsElapsed() + qint64(m_intervalMs) * 1000000;
}

void LoopLatencyProbe::tick()
{
    const qint64 now = m_clock.nsecsElapsed();
    const double lateMs = double(std::max<qint64>(0, now - m_expectedNs)) / 1e6;
    const qint64 cpu = threadCpuNs();
    const double cpuMs = double(cpu - m_lastCpuNs) / 1e6;
    m_lastCpuNs = cpu;
    // the next tick is due an interval after this one fired: a stall is counted once, by the
    // tick it delayed, not again by every tick it made Qt skip
    m_expectedNs = now + qint64(m_intervalMs) * 1000000;
    ++m_ticks;
    ++m_histogram[std::min<qint64>(kBuckets, qint64(lateMs * 10))];
    m_maxMs = std::max(m_maxMs, lateMs);
    if (lateMs >= 1.0 && (m_worst.size() < 8 || lateMs > m_worst.last().lateMs)) {
        const Stall stall{double(now) / 1e6, lateMs, cpuMs};
        m_worst.insert(
            std::upper_bound(m_worst.begin(), m_worst.end(), stall,
                             [](const Stall &a, const Stall &b) { return a.lateMs > b.lateMs; }),
            stall);
        if (m_worst.size() > 8)
            m_worst.removeLast();
    }
}

double LoopLatencyProbe::quantileMs(double q) const
{
    if (m_ticks == 0)
        return 0;
    const qint64 rank = std::clamp<qint64>(qint64(q * double(m_ticks) + 0.999999), 1, m_ticks);
    qint64 seen = 0;
    for (int i = 0; i <= kBuckets; ++i) {
        seen += m_histogram[i];
        if (seen >= rank)
            return i / 10.0;
    }
    return kBuckets / 10.0;
}

double LoopLatencyProbe::maxBusyMs(double cpuShare) const
{
    double busiest = 0;
    for (const Stall &s : m_worst)
        if (s.cpuMs >= cpuShare * s.lateMs)
            busiest = std::max(busiest, s.lateMs);
    return busiest;
}

qint64 LoopLatencyProbe::lateOver(double ms) const
{
    qint64 n = 0;
    for (int i = std::min(kBuckets, int(ms * 10) + 1); i <= kBuckets; ++i)
        n += m_histogram[i];
    return n;
}

QString LoopLatencyProbe::report() const
{
    QString worst;
    for (const Stall &s : m_worst)
        worst += QStringLiteral("%1%2@%3/cpu%4")
                     .arg(worst.isEmpty() ? QString() : QStringLiteral(","))
                     .arg(s.lateMs, 0, 'f', 1)
                     .arg(s.atMs, 0, 'f', 0)
                     .arg(s.cpuMs, 0, 'f', 1);
    return QStringLiteral("loop-latency ticks %1 p50 %2 p99 %3 max %4 over16 %5 over50 %6 worst %7")
        .arg(m_ticks)
        .arg(quantileMs(0.5), 0, 'f', 1)
        .arg(quantileMs(0.99), 0, 'f', 1)
        .arg(m_maxMs, 0, 'f', 1)
        .arg(lateOver(16))
        .arg(lateOver(50))
        .arg(worst.isEmpty() ? QStringLiteral("-") : worst);
}

} // namespace threadline::core

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/timeticker.h"

#include <QDateTime>

#include <algorithm>

namespace threadline::models {

TimeTicker::TimeTicker(QObject *parent)
    : TimeTicker([] { return QDateTime::currentMSecsSinceEpoch(); }, parent)
{
}

TimeTicker::TimeTicker(Clock clock, QObject *parent)
    : QObject(parent)
    , m_clock(std::move(clock))
{
    m_timer.setSingleShot(true);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &TimeTicker::fire);
}

void TimeTicker::setNextDue(qint64 msFromNow)
{
    if (msFromNow < 0)
        return;
    const qint64 interval = std::clamp(msFromNow, MinIntervalMs, MaxIntervalMs);
    const qint64 due = m_clock() + interval;
    if (m_timer.isActive() && m_dueAt >= 0 && m_dueAt <= due)
        return; // an earlier tick is already armed
    arm(interval);
}

void TimeTicker::arm(qint64 msFromNow)
{
    m_dueAt = m_clock() + msFromNow;
    m_timer.start(int(msFromNow));
}

void TimeTicker::fire()
{
    m_dueAt = -1;
    Q_EMIT tick(m_clock());
    // The listeners re-arm from their slots; if none did, tick again in a minute.
    if (!m_timer.isActive())
        arm(MaxIntervalMs);
}

} // namespace threadline::models

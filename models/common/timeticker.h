// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// One app-wide ticker that makes relative-time labels age by themselves (no refetch).
// Models tell it when their earliest label changes (setNextDue); it keeps one single-shot
// timer for the earliest due time across all callers, clamped to [1 s, 60 s], and emits
// tick(now). On a tick, each model re-formats the rows whose text changed (RelativeTime),
// emits dataChanged for the time role only, and calls setNextDue again. Without any caller
// the ticker falls back to one tick a minute after the last one.
// The clock is injectable for tests (ms since the epoch).
#pragma once

#include <QObject>
#include <QTimer>

#include <functional>

namespace threadline::models {

class TimeTicker : public QObject
{
    Q_OBJECT
public:
    using Clock = std::function<qint64()>;

    static constexpr qint64 MinIntervalMs = 1000;
    static constexpr qint64 MaxIntervalMs = 60 * 1000;

    explicit TimeTicker(QObject *parent = nullptr);
    explicit TimeTicker(Clock clock, QObject *parent = nullptr);

    qint64 now() const { return m_clock(); }

    // Some label changes in `msFromNow` ms: tick no later than that (clamped to [1 s, 60 s]).
    // A later due time than the one already armed changes nothing; negative means "never".
    void setNextDue(qint64 msFromNow);

    // The armed due time on the ticker's clock, or -1 when nothing is armed.
    qint64 dueAtMs() const { return m_dueAt; }
    bool isActive() const { return m_timer.isActive(); }

Q_SIGNALS:
    void tick(qint64 nowMs);

private:
    void arm(qint64 msFromNow);
    void fire();

    Clock m_clock;
    QTimer m_timer;
    qint64 m_dueAt = -1;
};

} // namespace threadline::models

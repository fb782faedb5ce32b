// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Relative post times ("just now", "5 minutes ago", "3 hours ago", "11-28 14:05",
// "2025-11-28"), following docs/design.md "What a post looks like":
//   under 1 minute      -> just now (刚刚); a time in the future (clock skew) too
//   under 1 hour        -> N minutes ago (N分钟前), floor
//   under 24 hours      -> N hours ago (N小时前), floor: 1 h 27 min -> 1 hour ago
//   older               -> "MM-dd HH:mm" in the same year (in the zone), "yyyy-MM-dd" before
// The zone is fixed UTC+8 by default (as the spec says) or the system's local zone.
// Strings are translated in the "RelativeTime" context (zh_CN and en catalogues).
#pragma once

#include <QString>
#include <QtGlobal>

namespace threadline::models {

class RelativeTime
{
public:
    enum class Zone { Utc8, System };

    static constexpr qint64 MinuteMs = 60 * 1000;
    static constexpr qint64 HourMs = 60 * MinuteMs;
    static constexpr qint64 DayMs = 24 * HourMs;

    explicit RelativeTime(Zone zone = Zone::Utc8)
        : m_zone(zone)
    {
    }

    Zone zone() const { return m_zone; }
    void setZone(Zone zone) { m_zone = zone; }

    // The label for a post created at `createtimeMs` (ms since the epoch) seen at `nowMs`.
    QString format(qint64 createtimeMs, qint64 nowMs) const;

    // In how many ms (from nowMs, > 0) the label will next change, or -1 when it never changes
    // again (a date; the year boundary for "MM-dd HH:mm" labels is ignored).
    qint64 nextChangeMs(qint64 createtimeMs, qint64 nowMs) const;

private:
    Zone m_zone;
};

} // namespace threadline::models

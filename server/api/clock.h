// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The server's clock: milliseconds since the epoch, and the day number in UTC+8 (the day of
// views, activity bitmaps and the statistics).
#pragma once

#include <QDateTime>

namespace threadline::server {

// A test's fake clock, the one fake of the kind: THREADLINE_TEST_CLOCK_OFFSET_MS (read once)
// moves the server's time by that many milliseconds, so that a suite can run at noon of a UTC+8
// day rather than across its end. Never set in a deployment.
inline qint64 clockOffsetMs()
{
    static const qint64 offset =
        qEnvironmentVariable("THREADLINE_TEST_CLOCK_OFFSET_MS").toLongLong();
    return offset;
}

inline qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch() + clockOffsetMs();
}

// Days since the epoch, in UTC+8.
inline qint64 dayNumberUtc8(qint64 ms)
{
    const qint64 shifted = ms + 8LL * 3600 * 1000;
    return shifted >= 0 ? shifted / 86400000LL : (shifted - 86399999LL) / 86400000LL;
}

} // namespace threadline::server

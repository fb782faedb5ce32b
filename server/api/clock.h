// The server's clock: milliseconds since the epoch, and the day number in UTC+8 (the day of
// views, activity bitmaps and the statistics).
#pragma once

#include <QDateTime>

namespace threadline::server {

inline qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

// Days since the epoch, in UTC+8.
inline qint64 dayNumberUtc8(qint64 ms)
{
    const qint64 shifted = ms + 8LL * 3600 * 1000;
    return shifted >= 0 ? shifted / 86400000LL : (shifted - 86399999LL) / 86400000LL;
}

} // namespace threadline::server

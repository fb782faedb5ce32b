// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/relativetime.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QTimeZone>

namespace threadline::models {

namespace {

QDateTime inZone(qint64 ms, RelativeTime::Zone zone)
{
    if (zone == RelativeTime::Zone::Utc8) {
        // Qt 6.4 has no QTimeZone::fromSecondsAheadOfUtc(); the offset constructor is the same.
        static const QTimeZone utc8(8 * 3600);
        return QDateTime::fromMSecsSinceEpoch(ms, utc8);
    }
    return QDateTime::fromMSecsSinceEpoch(ms); // Qt::LocalTime: the system's zone
}

} // namespace

QString RelativeTime::format(qint64 createtimeMs, qint64 nowMs) const
{
    const qint64 age = nowMs - createtimeMs;
    if (age < MinuteMs) // includes the future (clock skew)
        return QCoreApplication::translate("RelativeTime", "just now");
    if (age < HourMs) {
        const int minutes = int(age / MinuteMs);
        return QCoreApplication::translate("RelativeTime", "%n minute(s) ago", nullptr, minutes);
    }
    if (age < DayMs) {
        const int hours = int(age / HourMs);
        return QCoreApplication::translate("RelativeTime", "%n hour(s) ago", nullptr, hours);
    }
    const QDateTime created = inZone(createtimeMs, m_zone);
    const QDateTime now = inZone(nowMs, m_zone);
    if (created.date().year() == now.date().year())
        return created.toString(QStringLiteral("MM-dd HH:mm"));
    return created.toString(QStringLiteral("yyyy-MM-dd"));
}

qint64 RelativeTime::nextChangeMs(qint64 createtimeMs, qint64 nowMs) const
{
    const qint64 age = nowMs - createtimeMs;
    if (age < MinuteMs) // "just now" (also the future) until the age reaches one minute
        return MinuteMs - age;
    if (age < HourMs)
        return MinuteMs - age % MinuteMs;
    if (age < DayMs) // the last hour's change is the 24 h mark, where the date takes over
        return HourMs - age % HourMs;
    return -1;
}

} // namespace threadline::models

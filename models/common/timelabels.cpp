// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/timelabels.h"

#include <QDateTime>

namespace threadline::models {

void TimeLabels::set(TimeTicker *ticker, const RelativeTime &format)
{
    m_ticker = ticker;
    m_format = format;
    m_text.clear();
}

qint64 TimeLabels::now() const
{
    return m_ticker ? m_ticker->now() : QDateTime::currentMSecsSinceEpoch();
}

QString TimeLabels::text(qint64 id, qint64 createtimeMs) const
{
    QString label = m_format.format(createtimeMs, now());
    m_text.insert(id, label);
    return label;
}

void TimeLabels::arm(qint64 nextDue) const
{
    if (m_ticker && nextDue >= 0)
        m_ticker->setNextDue(nextDue);
}

} // namespace threadline::models

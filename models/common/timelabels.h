// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The relative-time labels of a model's rows and how they age (design: "one app-wide ticker, no
// refetch"): a model remembers what each row's time role last said, and on every tick of the
// TimeTicker re-formats the rows, announces the runs of rows whose text changed (the model emits
// dataChanged for the time role only) and tells the ticker when the next label changes.
//   hookUpTicker(this, m_labels.ticker(), ticker, onTick);   // TimelineModel::setTicker, then
//   m_labels.set(ticker, format);
//   case RelativeTimeRole: return m_labels.text(id, createtime);
//   qint64 due = -1;                                         // on TimeTicker::tick(now)
//   m_labels.tick(rows, now, rowAt, [&](int a, int b) { Q_EMIT dataChanged(…a…, …b…, {Role}); },
//   due); m_labels.arm(due);
#pragma once

#include "common/relativetime.h"
#include "common/timeticker.h"

#include <QHash>
#include <QPointer>
#include <QString>
#include <optional>
#include <utility>

namespace threadline::models {

// The one hook-up of a model or a view to the app-wide ticker (each setTicker() uses it):
// `receiver` stops listening to `previous` (its ticker until now), then calls onTick(nowMs) on
// every tick of `ticker` and once at once. A null ticker: no ticking.
template<class OnTick>
void hookUpTicker(QObject *receiver, TimeTicker *previous, TimeTicker *ticker, OnTick onTick)
{
    if (previous)
        QObject::disconnect(previous, nullptr, receiver, nullptr);
    if (!ticker)
        return;
    QObject::connect(ticker, &TimeTicker::tick, receiver, onTick);
    onTick(ticker->now());
}

class TimeLabels
{
public:
    // The ticker (null: the system clock, no ticking) and the format; forgets every label.
    void set(TimeTicker *ticker, const RelativeTime &format);
    [[nodiscard]] TimeTicker *ticker() const { return m_ticker; }
    [[nodiscard]] const RelativeTime &format() const { return m_format; }
    [[nodiscard]] qint64 now() const;

    // The label of row `id` (created at createtimeMs) now, remembered for the next tick.
    [[nodiscard]] QString text(qint64 id, qint64 createtimeMs) const;
    void forget(qint64 id) { m_text.remove(id); }
    void clear() { m_text.clear(); }

    // One tick over `count` rows. rowAt(row) gives {id, createtime}, or std::nullopt for a row
    // without a time; changed(first, last) is called once for each run of rows whose remembered
    // label changed (remembered anew). nextDue is lowered to the earliest next change (ms from
    // now; -1 means none seen yet).
    template<class RowAt, class Changed>
    void tick(int count, qint64 nowMs, RowAt &&rowAt, Changed &&changed, qint64 &nextDue)
    {
        int first = -1;
        const auto flush = [&](int last) {
            if (first >= 0)
                changed(first, last);
            first = -1;
        };
        for (int row = 0; row < count; ++row) {
            const std::optional<std::pair<qint64, qint64>> r = rowAt(row);
            if (!r) {
                flush(row - 1);
                continue;
            }
            const QString label = m_format.format(r->second, nowMs);
            const auto it = m_text.constFind(r->first);
            if (it != m_text.constEnd() && *it != label) {
                m_text.insert(r->first, label);
                if (first < 0)
                    first = row;
            } else {
                flush(row - 1);
            }
            const qint64 next = m_format.nextChangeMs(r->second, nowMs);
            if (next >= 0 && (nextDue < 0 || next < nextDue))
                nextDue = next;
        }
        flush(count - 1);
    }

    // Asks the ticker for a tick when the earliest label changes (nextDue < 0: nothing to ask).
    void arm(qint64 nextDue) const;

private:
    QPointer<TimeTicker> m_ticker;
    RelativeTime m_format;
    mutable QHash<qint64, QString> m_text; // what each row's time role last said
};

} // namespace threadline::models

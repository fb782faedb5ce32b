// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "api/ratelimiter.h"

#include <algorithm>
#include <cmath>

namespace threadline::server {

RateLimiter::RateLimiter(int maxKeys)
    : m_maxKeys(std::max(1, maxKeys))
{
}

double RateLimiter::refilled(const Bucket &b, const Limit &limit, qint64 nowMs)
{
    return std::min(limit.burst, b.tokens + double(std::max<qint64>(0, nowMs - b.lastMs)) / 1000.0 *
                                                limit.perSecond);
}

QString RateLimiter::limitKey(const Limit &limit)
{
    return QStringLiteral("*%1/%2").arg(limit.burst).arg(limit.perSecond);
}

RateLimiter::Bucket *RateLimiter::find(const QString &key, const Limit &limit, qint64 nowMs)
{
    if (const auto it = m_index.find(key); it != m_index.end()) {
        m_order.splice(m_order.begin(), m_order, *it); // now the most recently used
        return &*m_order.begin();
    }
    if (int(m_index.size()) >= m_maxKeys) {
        Bucket &oldest = m_order.back();
        if (refilled(oldest, oldest.limit, nowMs) < oldest.limit.burst) {
            // Every bucket still holds a debt: keep them all; the new keys share one.
            ++m_overflowed;
            const QString shared = limitKey(limit);
            auto it = m_overflow.find(shared);
            if (it == m_overflow.end())
                it = m_overflow.insert(shared, Bucket{shared, limit.burst, nowMs, limit});
            return &*it;
        }
        m_index.remove(oldest.key);
        m_order.pop_back();
    }
    m_order.push_front(Bucket{key, limit.burst, nowMs, limit});
    m_index.insert(key, m_order.begin());
    return &*m_order.begin();
}

int RateLimiter::take(const QString &key, const Limit &limit, qint64 nowMs)
{
    Bucket &b = *find(key, limit, nowMs);
    b.tokens = refilled(b, limit, nowMs);
    b.lastMs = std::max(b.lastMs, nowMs);
    b.limit = limit;
    if (b.tokens >= 1.0) {
        b.tokens -= 1.0;
        return 0;
    }
    return std::max(1, int(std::ceil((1.0 - b.tokens) / limit.perSecond)));
}

double RateLimiter::tokens(const QString &key, const Limit &limit, qint64 nowMs) const
{
    if (const auto it = m_index.constFind(key); it != m_index.constEnd())
        return refilled(**it, limit, nowMs);
    // A new key: its own full bucket, unless it would share an overflow bucket (find()).
    const bool full =
        int(m_index.size()) >= m_maxKeys &&
        refilled(m_order.back(), m_order.back().limit, nowMs) < m_order.back().limit.burst;
    const auto shared = full ? m_overflow.constFind(limitKey(limit)) : m_overflow.constEnd();
    return shared != m_overflow.constEnd() ? refilled(*shared, limit, nowMs) : limit.burst;
}

int RateLimiter::peek(const QString &key, const Limit &limit, qint64 nowMs) const
{
    const double left = tokens(key, limit, nowMs);
    if (left >= 1.0)
        return 0;
    return std::max(1, int(std::ceil((1.0 - left) / limit.perSecond)));
}

RateLimiter::Quota RateLimiter::quota(const QString &key, const Limit &limit, qint64 nowMs) const
{
    const double left = tokens(key, limit, nowMs);
    return {int(std::floor(left)), int(std::ceil((limit.burst - left) / limit.perSecond))};
}

} // namespace threadline::server

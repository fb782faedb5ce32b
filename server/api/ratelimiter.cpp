// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "api/ratelimiter.h"

#include <algorithm>
#include <cmath>

namespace threadline::server {

int RateLimiter::take(const QString &key, const Limit &limit, qint64 nowMs)
{
    if (m_buckets.size() > 100000)
        m_buckets.clear(); // bounded memory under a flood of distinct keys
    auto it = m_buckets.find(key);
    if (it == m_buckets.end())
        it = m_buckets.insert(key, Bucket{limit.burst, nowMs});
    Bucket &b = *it;
    b.tokens = std::min(limit.burst, b.tokens + (nowMs - b.lastMs) / 1000.0 * limit.perSecond);
    b.lastMs = nowMs;
    if (b.tokens >= 1.0) {
        b.tokens -= 1.0;
        return 0;
    }
    return std::max(1, int(std::ceil((1.0 - b.tokens) / limit.perSecond)));
}

int RateLimiter::peek(const QString &key, const Limit &limit, qint64 nowMs) const
{
    const auto it = m_buckets.constFind(key);
    if (it == m_buckets.constEnd())
        return 0;
    const double tokens =
        std::min(limit.burst, it->tokens + (nowMs - it->lastMs) / 1000.0 * limit.perSecond);
    if (tokens >= 1.0)
        return 0;
    return std::max(1, int(std::ceil((1.0 - tokens) / limit.perSecond)));
}

RateLimiter::Quota RateLimiter::quota(const QString &key, const Limit &limit, qint64 nowMs) const
{
    const auto it = m_buckets.constFind(key);
    if (it == m_buckets.constEnd())
        return {int(limit.burst), 0};
    const double tokens =
        std::min(limit.burst, it->tokens + (nowMs - it->lastMs) / 1000.0 * limit.perSecond);
    return {int(std::floor(tokens)), int(std::ceil((limit.burst - tokens) / limit.perSecond))};
}

} // namespace threadline::server

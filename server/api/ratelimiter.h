// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QString>

namespace threadline::server {

// Token buckets per key (a user or a peer address): `burst` requests at once, refilled at
// `perSecond`. The abuse limits of the reference server; off with --rate-limits off.
class RateLimiter
{
public:
    struct Limit
    {
        double burst;
        double perSecond;
    };
    // Returns 0 when allowed, or the seconds to wait (for Retry-After).
    int take(const QString &key, const Limit &limit, qint64 nowMs);
    // Like take(), without using up a token: the seconds to wait, or 0.
    int peek(const QString &key, const Limit &limit, qint64 nowMs) const;
    // What a key has left: whole requests, and the seconds until its bucket is full again (for
    // the RateLimit-Remaining and RateLimit-Reset headers).
    struct Quota
    {
        int remaining;
        int resetSeconds;
    };
    [[nodiscard]] Quota quota(const QString &key, const Limit &limit, qint64 nowMs) const;

private:
    struct Bucket
    {
        double tokens;
        qint64 lastMs;
    };
    QHash<QString, Bucket> m_buckets;
};

} // namespace threadline::server

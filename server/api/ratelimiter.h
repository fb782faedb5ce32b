// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QString>
#include <list>

namespace threadline::server {

// Token buckets per key (a user, a peer address, an account at an address): `burst` requests at
// once, refilled at `perSecond`. The abuse limits of the reference server; off with
// --rate-limits off.
//
// Memory is bounded: at most `maxKeys` buckets, kept in least-recently-used order. When a new key
// finds the table full, the least recently used bucket goes if it has refilled (a bucket that is
// full again is the same as none: nothing is forgotten). If even that one still holds a debt, no
// bucket is dropped: the new keys share one overflow bucket (one a limit) until buckets refill. So
// a flood of new keys never resets anyone's limit, and is itself throttled as one.
class RateLimiter
{
public:
    struct Limit
    {
        double burst;
        double perSecond;
    };
    explicit RateLimiter(int maxKeys = 100000);

    // Returns 0 when allowed, or the seconds to wait (for Retry-After).
    int take(const QString &key, const Limit &limit, qint64 nowMs);
    // Like take(), without using up a token: the seconds to wait, or 0.
    int peek(const QString &key, const Limit &limit, qint64 nowMs) const;
    // Tokens left in `key`'s bucket now (the burst for a key with no bucket), for RateLimit
    // headers.
    [[nodiscard]] double tokens(const QString &key, const Limit &limit, qint64 nowMs) const;

    [[nodiscard]] int size() const { return int(m_index.size()); }
    [[nodiscard]] qint64 overflowed() const { return m_overflowed; }
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
        QString key;
        double tokens;
        qint64 lastMs;
        Limit limit;
    };
    using Order = std::list<Bucket>; // most recently used first
    Bucket *find(const QString &key, const Limit &limit, qint64 nowMs);
    static double refilled(const Bucket &b, const Limit &limit, qint64 nowMs);

    int m_maxKeys;
    Order m_order;
    QHash<QString, Order::iterator> m_index;
    static QString limitKey(const Limit &limit);
    QHash<QString, Bucket> m_overflow; // one a limit, for the new keys of a full table
    qint64 m_overflowed = 0;
};

} // namespace threadline::server

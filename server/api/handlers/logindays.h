// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Who made an authenticated call on which day, as one compressed bitmap per day (CRoaring; bit =
// uid, day = UTC+8 days since 1970-01-01), for the moderators' statistics (statshandler.h).
//
//   LoginDays days(db);
//   auto b = days.bitmaps({20427, 20426});       // folded, then from this process's cache
//   qint64 n = days.members({20400, …});         // per day, without reading a bitmap
//
// Writes (Authenticator::markActive) only append a (day, uid) row to login_marks. Reading a day
// first folds its marks in: in one transaction, the day's row locked (FOR UPDATE on PostgreSQL,
// BEGIN IMMEDIATE on SQLite), the marks claimed with DELETE … RETURNING, and those not yet in the
// day's big bitmap (`bits`) added to its small one (`recent`), written back with the count and a
// new version. When `recent` passes kMergeBytes it is merged into `bits` (and `base_version`
// grows), so the big blob is rewritten seldom. Every process caches each day's big bitmap by
// base_version and the whole day by version, so a figure costs a version check and a few bitmap
// operations. Uids above 2^32 - 1 are not counted (the bitmaps are 32-bit).
#pragma once

#include <QByteArray>
#include <QList>

#include <map>
#include <memory>

struct roaring_bitmap_s;

namespace threadline::server {

class Database;

// An owned roaring bitmap (never null once made).
struct LoginBitmapDeleter
{
    void operator()(roaring_bitmap_s *b) const;
};
using LoginBitmap = std::unique_ptr<roaring_bitmap_s, LoginBitmapDeleter>;

namespace loginbitmap {
LoginBitmap empty();
LoginBitmap copy(const roaring_bitmap_s *b);
// The portable serialisation's bytes; an empty or malformed blob is an empty bitmap.
LoginBitmap fromBytes(const QByteArray &bytes);
QByteArray toBytes(roaring_bitmap_s *b); // run-optimised first
qint64 cardinality(const roaring_bitmap_s *b);
void add(roaring_bitmap_s *b, qint64 uid); // ignored outside 1 … 2^32 - 1
// Up to `limit` members greater than `after`, ascending.
QList<qint64> page(const roaring_bitmap_s *b, qint64 after, int limit);
} // namespace loginbitmap

class LoginDays
{
public:
    explicit LoginDays(Database &db);

    // The days' bitmaps, in order (their marks folded first); owned by the cache, valid until
    // the next call.
    QList<const roaring_bitmap_s *> bitmaps(const QList<int> &days);
    // The number of people active on each of these days (marks folded first), in order.
    QList<qint64> members(const QList<int> &days);
    // The day's marks folded into its bitmap, if it has any.
    void fold(int day);
    // The database's user count (kept by triggers).
    qint64 users();

    static constexpr int kMergeBytes = 256 * 1024; // `recent` merged into `bits` past this
    static constexpr int kMaxCachedDays = 16;      // a week's figures and a week around them

private:
    struct Cached
    {
        qint64 baseVersion = -1;
        LoginBitmap base; // `bits` at baseVersion
        qint64 version = -1;
        LoginBitmap whole; // base ∪ recent at version; null when recent is empty
        [[nodiscard]] const roaring_bitmap_s *day() const
        {
            return whole ? whole.get() : base.get();
        }
    };
    // The cache's entry for `day` with its big bitmap at baseVersion (read when it is not).
    Cached &withBase(int day, qint64 baseVersion);
    void makeRoom(const QList<int> &keep);

    Database &m_db;
    std::map<int, Cached> m_cache;
};

} // namespace threadline::server

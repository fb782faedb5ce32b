// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Daily login bitmaps (logindays.h).
#include "api/handlers/logindays.h"

#include "db/database.h"

#include <roaring/roaring.h>

#include <QHash>

#include <algorithm>
#include <iterator>
#include <limits>
#include <vector>

namespace threadline::server {

void LoginBitmapDeleter::operator()(roaring_bitmap_s *b) const
{
    roaring_bitmap_free(b);
}

namespace loginbitmap {

LoginBitmap empty()
{
    return LoginBitmap(roaring_bitmap_create());
}

LoginBitmap copy(const roaring_bitmap_s *b)
{
    return LoginBitmap(roaring_bitmap_copy(b));
}

LoginBitmap fromBytes(const QByteArray &bytes)
{
    if (bytes.isEmpty())
        return empty();
    roaring_bitmap_t *b =
        roaring_bitmap_portable_deserialize_safe(bytes.constData(), size_t(bytes.size()));
    return b ? LoginBitmap(b) : empty();
}

QByteArray toBytes(roaring_bitmap_s *b)
{
    roaring_bitmap_run_optimize(b);
    QByteArray out(qsizetype(roaring_bitmap_portable_size_in_bytes(b)), Qt::Uninitialized);
    roaring_bitmap_portable_serialize(b, out.data());
    return out;
}

qint64 cardinality(const roaring_bitmap_s *b)
{
    return qint64(roaring_bitmap_get_cardinality(b));
}

void add(roaring_bitmap_s *b, qint64 uid)
{
    if (uid > 0 && uid <= qint64(std::numeric_limits<uint32_t>::max()))
        roaring_bitmap_add(b, uint32_t(uid));
}

QList<qint64> page(const roaring_bitmap_s *b, qint64 after, int limit)
{
    QList<qint64> out;
    if (limit <= 0 || after >= qint64(std::numeric_limits<uint32_t>::max()))
        return out;
    roaring_uint32_iterator_t *it = roaring_create_iterator(b);
    const bool any = after < 0
                         ? it->has_value
                         : roaring_move_uint32_iterator_equalorlarger(it, uint32_t(after + 1));
    if (any) {
        std::vector<uint32_t> buf(static_cast<size_t>(limit));
        const uint32_t n = roaring_read_uint32_iterator(it, buf.data(), uint32_t(limit));
        out.reserve(qsizetype(n));
        for (uint32_t i = 0; i < n; ++i)
            out.append(qint64(buf[i]));
    }
    roaring_free_uint32_iterator(it);
    return out;
}

} // namespace loginbitmap

LoginDays::LoginDays(Database &db)
    : m_db(db)
{
}

void LoginDays::makeRoom(const QList<int> &keep)
{
    if (m_cache.size() + size_t(keep.size()) <= size_t(kMaxCachedDays))
        return;
    for (auto it = m_cache.begin(); it != m_cache.end();)
        it = keep.contains(it->first) ? std::next(it) : m_cache.erase(it);
}

LoginDays::Cached &LoginDays::withBase(int day, qint64 baseVersion)
{
    Cached &c = m_cache[day];
    if (c.base && c.baseVersion == baseVersion)
        return c;
    const auto row =
        m_db.one(QStringLiteral("SELECT bits FROM login_days WHERE day = ? AND base_version = ?"),
                 {day, baseVersion});
    c.base = loginbitmap::fromBytes(row ? row->at(0).toByteArray() : QByteArray());
    c.baseVersion = row ? baseVersion : -1;
    c.version = -1;
    c.whole.reset();
    return c;
}

void LoginDays::fold(int day)
{
    if (!m_db.one(QStringLiteral("SELECT uid FROM login_marks WHERE day = ? LIMIT 1"), {day}))
        return;
    const bool own = !m_db.inTransaction();
    if (own)
        m_db.begin();
    try {
        m_db.exec(QStringLiteral("INSERT INTO login_days(day, bits) VALUES(?, ?)"
                                 " ON CONFLICT(day) DO NOTHING"),
                  {day, loginbitmap::toBytes(loginbitmap::empty().get())});
        const auto row = m_db.one(m_db.isPostgres()
                                      ? QStringLiteral("SELECT base_version, recent FROM login_days"
                                                       " WHERE day = ? FOR UPDATE")
                                      : QStringLiteral("SELECT base_version, recent FROM login_days"
                                                       " WHERE day = ?"),
                                  {day});
        if (!row)
            throw DbError("login_days: the day's row is gone");
        makeRoom({day});
        const qint64 baseVersion = row->at(0).toLongLong();
        Cached &c = withBase(day, baseVersion);
        LoginBitmap recent = loginbitmap::fromBytes(row->at(1).toByteArray());
        for (const Row &m : m_db.query(
                 QStringLiteral("DELETE FROM login_marks WHERE day = ? RETURNING uid"), {day}))
            loginbitmap::add(recent.get(), m[0].toLongLong());
        roaring_bitmap_andnot_inplace(recent.get(), c.base.get());
        const QByteArray recentBytes = loginbitmap::toBytes(recent.get());
        LoginBitmap merged;
        std::vector<Row> written;
        if (recentBytes.size() > kMergeBytes) {
            merged.reset(roaring_bitmap_or(c.base.get(), recent.get()));
            written = m_db.query(
                QStringLiteral("UPDATE login_days SET bits = ?, recent = NULL, members = ?,"
                               " base_version = base_version + 1, version = version + 1"
                               " WHERE day = ? RETURNING version, base_version"),
                {loginbitmap::toBytes(merged.get()), loginbitmap::cardinality(merged.get()), day});
        } else {
            written = m_db.query(
                QStringLiteral("UPDATE login_days SET recent = ?, members = ?,"
                               " version = version + 1 WHERE day = ?"
                               " RETURNING version, base_version"),
                {recentBytes,
                 loginbitmap::cardinality(c.base.get()) + loginbitmap::cardinality(recent.get()),
                 day});
        }
        if (own)
            m_db.commit();
        // What was just written is this process's copy of that version: not read back.
        if (written.empty())
            return;
        const qint64 version = written.front().at(0).toLongLong();
        if (merged) {
            c.base = std::move(merged);
            c.baseVersion = written.front().at(1).toLongLong();
            c.whole.reset();
        } else if (loginbitmap::cardinality(recent.get()) > 0) {
            c.whole.reset(roaring_bitmap_or(c.base.get(), recent.get()));
        } else {
            c.whole.reset();
        }
        c.version = version;
    } catch (...) {
        if (own)
            m_db.rollback();
        throw;
    }
}

QList<const roaring_bitmap_s *> LoginDays::bitmaps(const QList<int> &days)
{
    QHash<int, QPair<qint64, qint64>> versions; // day -> (version, base_version)
    if (!days.isEmpty()) {
        int lo = days.first(), hi = days.first();
        for (const int d : days) {
            fold(d);
            lo = std::min(lo, d);
            hi = std::max(hi, d);
        }
        for (const Row &r : m_db.query(QStringLiteral("SELECT day, version, base_version"
                                                      " FROM login_days"
                                                      " WHERE day >= ? AND day <= ?"),
                                       {lo, hi}))
            versions.insert(r[0].toInt(), {r[1].toLongLong(), r[2].toLongLong()});
    }
    makeRoom(days);
    QList<const roaring_bitmap_s *> out;
    out.reserve(days.size());
    for (const int d : days) {
        const auto v = versions.constFind(d);
        if (v == versions.cend()) { // no row: nobody
            Cached &c = m_cache[d];
            c = Cached{};
            c.base = loginbitmap::empty();
            out.append(c.day());
            continue;
        }
        Cached &c = withBase(d, v->second);
        if (c.version != v->first) {
            // The small bitmap of that version (a merge meanwhile: the big one again).
            auto row = m_db.one(QStringLiteral("SELECT version, base_version, recent"
                                               " FROM login_days WHERE day = ?"),
                                {d});
            if (row && row->at(1).toLongLong() != c.baseVersion) {
                withBase(d, row->at(1).toLongLong());
                row = m_db.one(QStringLiteral("SELECT version, base_version, recent"
                                              " FROM login_days WHERE day = ?"),
                               {d});
            }
            LoginBitmap recent =
                loginbitmap::fromBytes(row ? row->at(2).toByteArray() : QByteArray());
            if (loginbitmap::cardinality(recent.get()) > 0)
                c.whole.reset(roaring_bitmap_or(c.base.get(), recent.get()));
            else
                c.whole.reset();
            // Asked again next time unless the two bitmaps are of the same moment.
            c.version =
                row && row->at(1).toLongLong() == c.baseVersion ? row->at(0).toLongLong() : -1;
        }
        out.append(c.day());
    }
    return out;
}

QList<qint64> LoginDays::members(const QList<int> &days)
{
    QList<qint64> out;
    if (days.isEmpty())
        return out;
    int lo = days.first(), hi = days.first();
    for (const int d : days) {
        fold(d);
        lo = std::min(lo, d);
        hi = std::max(hi, d);
    }
    QHash<int, qint64> known;
    for (const Row &r : m_db.query(
             QStringLiteral("SELECT day, members FROM login_days WHERE day >= ? AND day <= ?"),
             {lo, hi}))
        known.insert(r[0].toInt(), r[1].toLongLong());
    out.reserve(days.size());
    for (const int d : days)
        out.append(known.value(d, 0));
    return out;
}

qint64 LoginDays::users()
{
    return m_db.scalar(QStringLiteral("SELECT users FROM user_totals WHERE id = 1"), {}, 0)
        .toLongLong();
}

} // namespace threadline::server

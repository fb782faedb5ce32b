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

namespace {
constexpr int kMaxCachedDays = 40; // a chart's month and a week before it
} // namespace

LoginDays::LoginDays(Database &db)
    : m_db(db)
{
}

void LoginDays::fold(int day)
{
    if (!m_db.one(QStringLiteral("SELECT uid FROM login_marks WHERE day = ? LIMIT 1"), {day}))
        return;
    const bool own = !m_db.inTransaction();
    if (own)
        m_db.begin();
    try {
        m_db.exec(QStringLiteral("INSERT INTO login_days(day, bits, members, version)"
                                 " VALUES(?, ?, 0, 0) ON CONFLICT(day) DO NOTHING"),
                  {day, loginbitmap::toBytes(loginbitmap::empty().get())});
        const auto row = m_db.one(m_db.isPostgres()
                                      ? QStringLiteral("SELECT bits FROM login_days"
                                                       " WHERE day = ? FOR UPDATE")
                                      : QStringLiteral("SELECT bits FROM login_days WHERE day = ?"),
                                  {day});
        LoginBitmap bits = loginbitmap::fromBytes(row ? row->at(0).toByteArray() : QByteArray());
        const auto marks = m_db.query(
            QStringLiteral("DELETE FROM login_marks WHERE day = ? RETURNING uid"), {day});
        for (const Row &m : marks)
            loginbitmap::add(bits.get(), m[0].toLongLong());
        const auto version = m_db.query(
            QStringLiteral("UPDATE login_days SET bits = ?, members = ?,"
                           " version = version + 1 WHERE day = ? RETURNING version"),
            {loginbitmap::toBytes(bits.get()), loginbitmap::cardinality(bits.get()), day});
        if (own)
            m_db.commit();
        // The bitmap just written is this process's copy of that version: not read back.
        if (own && !version.empty()) {
            if (m_cache.size() >= size_t(kMaxCachedDays) && !m_cache.count(day))
                m_cache.clear();
            m_cache[day] = Cached{version.front().at(0).toLongLong(), std::move(bits)};
        }
    } catch (...) {
        if (own)
            m_db.rollback();
        throw;
    }
}

QList<const roaring_bitmap_s *> LoginDays::bitmaps(const QList<int> &days)
{
    QHash<int, qint64> versions;
    if (!days.isEmpty()) {
        int lo = days.first(), hi = days.first();
        for (const int d : days) {
            fold(d);
            lo = std::min(lo, d);
            hi = std::max(hi, d);
        }
        for (const Row &r : m_db.query(
                 QStringLiteral("SELECT day, version FROM login_days WHERE day >= ? AND day <= ?"),
                 {lo, hi}))
            versions.insert(r[0].toInt(), r[1].toLongLong());
    }
    // Bounded: what these days do not need goes first.
    if (m_cache.size() + size_t(days.size()) > size_t(kMaxCachedDays)) {
        for (auto it = m_cache.begin(); it != m_cache.end();)
            it = days.contains(it->first) ? std::next(it) : m_cache.erase(it);
    }
    QList<const roaring_bitmap_s *> out;
    out.reserve(days.size());
    for (const int d : days) {
        const qint64 version = versions.value(d, -1);
        Cached &c = m_cache[d];
        if (!c.bits || c.version != version) {
            c.version = version;
            c.bits = loginbitmap::empty();
            if (version >= 0) {
                const auto row = m_db.one(
                    QStringLiteral("SELECT bits, version FROM login_days WHERE day = ?"), {d});
                if (row) {
                    c.bits = loginbitmap::fromBytes(row->at(0).toByteArray());
                    c.version = row->at(1).toLongLong();
                }
            }
        }
        out.append(c.bits.get());
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

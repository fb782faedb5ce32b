// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "api/changelog.h"

#include "api/clock.h"
#include "db/database.h"

#include <QSet>

namespace threadline::server {

ChangeLog::ChangeLog(Database &db)
    : m_db(db)
{
}

void ChangeLog::record(const char *kind, qint64 id, const char *op, qint64 owner)
{
    m_pending.append({QByteArray(kind) + '/' + op, id, owner});
}

bool ChangeLog::flush()
{
    if (m_pending.isEmpty())
        return false;
    // No lock: on SQLite one writer at a time makes seq order commit order; on PostgreSQL each
    // row carries its transaction's id (the txid column's default) and /sync reads only rows
    // of transactions that have ended (handlers/synchandler.cpp), so writers never wait for
    // each other here.
    const qint64 now = nowMs();
    QSet<QPair<QByteArray, qint64>> seen;
    QVariantList binds;
    int n = 0;
    for (const Pending &c : std::as_const(m_pending)) {
        const QPair<QByteArray, qint64> key{c.kindOp, c.id};
        if (seen.contains(key))
            continue;
        seen.insert(key);
        const qsizetype slash = c.kindOp.indexOf('/');
        binds << QString::fromLatin1(c.kindOp.left(slash)) << c.id
              << QString::fromLatin1(c.kindOp.mid(slash + 1)) << now
              << (c.owner ? QVariant(c.owner) : QVariant());
        ++n;
    }
    // 150 rows of 5 values a statement: under SQLite's oldest limit of 999 bound values.
    constexpr int kRows = 150, kValues = 5;
    for (int start = 0; start < n; start += kRows) {
        const int count = std::min(kRows, n - start);
        QString sql =
            QStringLiteral("INSERT INTO changes(kind, obj_id, op, createtime, uid) VALUES ");
        for (int i = 0; i < count; ++i)
            sql += i ? QStringLiteral(",(?,?,?,?,?)") : QStringLiteral("(?,?,?,?,?)");
        m_db.exec(sql, binds.mid(start * kValues, count * kValues));
    }
    m_pending.clear();
    return true;
}

} // namespace threadline::server

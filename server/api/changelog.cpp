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

void ChangeLog::record(const char *kind, qint64 id, const char *op)
{
    m_pending.append({QByteArray(kind) + '/' + op, id});
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
    for (const auto &c : std::as_const(m_pending)) {
        if (seen.contains(c))
            continue;
        seen.insert(c);
        const qsizetype slash = c.first.indexOf('/');
        binds << QString::fromLatin1(c.first.left(slash)) << c.second
              << QString::fromLatin1(c.first.mid(slash + 1)) << now;
        ++n;
    }
    for (int start = 0; start < n; start += 200) {
        const int count = std::min(200, n - start);
        QString sql = QStringLiteral("INSERT INTO changes(kind, obj_id, op, createtime) VALUES ");
        for (int i = 0; i < count; ++i)
            sql += i ? QStringLiteral(",(?,?,?,?)") : QStringLiteral("(?,?,?,?)");
        m_db.exec(sql, binds.mid(start * 4, count * 4));
    }
    m_pending.clear();
    return true;
}

} // namespace threadline::server

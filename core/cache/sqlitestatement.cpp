// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The cache's sqlite3 wrappers (sqlitestatement.h): errors, the statement cache, one-off
// statements.
#include "cache/sqlitestatement.h"

#include <utility>

namespace threadline::core::detail {

[[noreturn]] void throwSql(sqlite3 *db, int rc)
{
    const char *msg = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    throw SqlError(rc, QString::fromUtf8(msg ? msg : sqlite3_errstr(rc)));
}

void SqliteConnection::detach()
{
    for (sqlite3_stmt *s : std::as_const(m_stmts))
        sqlite3_finalize(s);
    m_stmts.clear();
    m_db = nullptr;
}

Stmt SqliteConnection::stmt(const char *sql)
{
    sqlite3_stmt *&s = m_stmts[sql];
    if (!s) {
        const int rc = sqlite3_prepare_v3(m_db, sql, -1, SQLITE_PREPARE_PERSISTENT, &s, nullptr);
        if (rc != SQLITE_OK) {
            m_stmts.remove(sql);
            throwSql(m_db, rc);
        }
    }
    return Stmt(m_db, s);
}

void SqliteConnection::exec(const char *sql)
{
    const int rc = sqlite3_exec(m_db, sql, nullptr, nullptr, nullptr);
    if (rc != SQLITE_OK)
        throwSql(m_db, rc);
}

qint64 SqliteConnection::scalar(const char *sql)
{
    sqlite3_stmt *s = nullptr;
    int rc = sqlite3_prepare_v2(m_db, sql, -1, &s, nullptr);
    if (rc != SQLITE_OK)
        throwSql(m_db, rc);
    rc = sqlite3_step(s);
    const qint64 v = rc == SQLITE_ROW ? sqlite3_column_int64(s, 0) : 0;
    sqlite3_finalize(s);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        throwSql(m_db, rc);
    return v;
}

QString SqliteConnection::text(const char *sql)
{
    sqlite3_stmt *s = nullptr;
    int rc = sqlite3_prepare_v2(m_db, sql, -1, &s, nullptr);
    if (rc != SQLITE_OK)
        throwSql(m_db, rc);
    rc = sqlite3_step(s);
    QString v;
    if (rc == SQLITE_ROW)
        v = QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(s, 0)));
    sqlite3_finalize(s);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        throwSql(m_db, rc);
    return v;
}

} // namespace threadline::core::detail

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The raw sqlite3 wrappers of the cache's worker (core/cachestore.h): its hot paths use the
// sqlite3* of its Qt connection directly. SqlError carries SQLite's result code (told apart as
// corruption, which rebuilds the cache, or transient, which never does); Stmt is a borrowed
// prepared statement; SqliteConnection keeps the prepared statements of one connection;
// Transaction is a write (or read) transaction rolled back unless committed. Used on one thread.
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QHash>
#include <QString>

#include <sqlite3.h>

#include <exception>
#include <optional>
#include <utility>

namespace threadline::core::detail {

// A failed SQLite call: the primary result code and SQLite's message.
struct SqlError : std::exception
{
    int code = SQLITE_ERROR;
    QString message;

    SqlError(int c, QString m)
        : code(c)
        , message(std::move(m))
    {
    }
    [[nodiscard]] const char *what() const noexcept override { return "sqlite error"; }
    // Corruption SQLite itself has detected: the file is moved aside and rebuilt.
    [[nodiscard]] bool corrupt() const
    {
        const int primary = code & 0xff;
        return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB;
    }
    // Errors that say nothing about the file itself (a lock held by another process, memory,
    // a full disk): never a reason to move the file aside.
    [[nodiscard]] bool transient() const
    {
        const int primary = code & 0xff;
        return primary == SQLITE_BUSY || primary == SQLITE_LOCKED || primary == SQLITE_NOMEM ||
               primary == SQLITE_FULL || primary == SQLITE_INTERRUPT;
    }
};

// Throws the SqlError of `rc` with the connection's message (SQLite's text for `rc` without one).
[[noreturn]] void throwSql(sqlite3 *db, int rc);

// A borrowed statement from the cache: bound, stepped, and reset (with its bindings cleared)
// when it goes out of scope, so the next use starts clean.
class Stmt
{
public:
    Stmt(sqlite3 *db, sqlite3_stmt *stmt)
        : m_db(db)
        , m_stmt(stmt)
    {
    }
    Stmt(const Stmt &) = delete;
    Stmt &operator=(const Stmt &) = delete;
    ~Stmt()
    {
        sqlite3_reset(m_stmt);
        sqlite3_clear_bindings(m_stmt);
    }

    Stmt &bind(int i, qint64 v)
    {
        check(sqlite3_bind_int64(m_stmt, i, v));
        return *this;
    }
    Stmt &bind(int i, const QString &v)
    {
        static const char16_t kEmpty[] = u"";
        const void *data = v.isNull() ? static_cast<const void *>(kEmpty) : v.utf16();
        check(sqlite3_bind_text16(m_stmt, i, data, int(v.size() * 2), SQLITE_TRANSIENT));
        return *this;
    }
    Stmt &bind(int i, const std::optional<QString> &v)
    {
        if (!v)
            check(sqlite3_bind_null(m_stmt, i));
        else
            bind(i, *v);
        return *this;
    }
    // UTF-8 text, copied (NULL for none).
    Stmt &bindText(int i, const std::optional<QByteArrayView> &utf8)
    {
        if (!utf8)
            check(sqlite3_bind_null(m_stmt, i));
        else
            check(sqlite3_bind_text(m_stmt, i, utf8->data(), int(utf8->size()), SQLITE_TRANSIENT));
        return *this;
    }
    // The bytes must stay alive until the statement has been stepped.
    Stmt &bindBlob(int i, const QByteArray &v)
    {
        check(sqlite3_bind_blob(m_stmt, i, v.constData(), int(v.size()), SQLITE_STATIC));
        return *this;
    }

    // Steps once: true for a row, false when done.
    bool next()
    {
        const int rc = sqlite3_step(m_stmt);
        if (rc == SQLITE_ROW)
            return true;
        if (rc == SQLITE_DONE)
            return false;
        throwSql(m_db, rc);
    }
    // Runs to completion and resets (bindings stay, to be overwritten).
    void run()
    {
        while (next()) {
        }
        sqlite3_reset(m_stmt);
    }
    void reset() { sqlite3_reset(m_stmt); }

    [[nodiscard]] bool isNull(int c) const { return sqlite3_column_type(m_stmt, c) == SQLITE_NULL; }
    [[nodiscard]] qint64 int64(int c) const { return sqlite3_column_int64(m_stmt, c); }
    [[nodiscard]] QString text(int c) const
    {
        const auto *p = static_cast<const QChar *>(sqlite3_column_text16(m_stmt, c));
        const int bytes = sqlite3_column_bytes16(m_stmt, c);
        return p ? QString(p, bytes / 2) : QString();
    }
    [[nodiscard]] QByteArrayView blob(int c) const
    {
        const auto *p = static_cast<const char *>(sqlite3_column_blob(m_stmt, c));
        const int bytes = sqlite3_column_bytes(m_stmt, c);
        return p ? QByteArrayView(p, bytes) : QByteArrayView();
    }

private:
    void check(int rc) const
    {
        if (rc != SQLITE_OK)
            throwSql(m_db, rc);
    }

    sqlite3 *m_db;
    sqlite3_stmt *m_stmt;
};

// The prepared statements of one connection, kept by the address of their SQL text (the
// constants of cachestore.cpp) and prepared once (SQLITE_PREPARE_PERSISTENT). It borrows the
// connection: detach() finalizes the statements before the connection is closed.
class SqliteConnection
{
public:
    SqliteConnection() = default;
    SqliteConnection(const SqliteConnection &) = delete;
    SqliteConnection &operator=(const SqliteConnection &) = delete;

    [[nodiscard]] sqlite3 *handle() const { return m_db; }
    void attach(sqlite3 *db) { m_db = db; }
    // Finalizes every prepared statement and forgets the connection.
    void detach();

    Stmt stmt(const char *sql);
    void exec(const char *sql);
    qint64 scalar(const char *sql);
    QString text(const char *sql);

private:
    sqlite3 *m_db = nullptr;
    QHash<const void *, sqlite3_stmt *> m_stmts;
};

// A write transaction (BEGIN IMMEDIATE), or a read one that SQLite upgrades when a row
// has to be dropped; rolled back unless committed.
class Transaction
{
public:
    explicit Transaction(SqliteConnection &c, bool write = true)
        : m_c(c)
    {
        m_c.exec(write ? "BEGIN IMMEDIATE" : "BEGIN");
    }
    Transaction(const Transaction &) = delete;
    Transaction &operator=(const Transaction &) = delete;
    ~Transaction()
    {
        if (!m_committed && m_c.handle())
            sqlite3_exec(m_c.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
    }
    void commit()
    {
        m_c.exec("COMMIT");
        m_committed = true;
    }

private:
    SqliteConnection &m_c;
    bool m_committed = false;
};

} // namespace threadline::core::detail

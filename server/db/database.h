// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>
#include <QThread>
#include <QVariant>
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <vector>

namespace threadline::server {

// A database error: the request fails with 500 and the server logs `what()`.
class DbError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

// The database cannot be reached (PostgreSQL stopped or restarting, the connection broken and
// not yet reopened): the request is answered 503 `unavailable` with Retry-After, never 500.
class DbUnavailable : public DbError
{
public:
    using DbError::DbError;
};

// PostgreSQL aborted the statement to break a deadlock (SQLSTATE 40P01): nothing of the
// transaction was written, and the router runs the request again (Api::guarded()). Notifications
// made two writers wait on each other's rows where they never did before (a like grouping into a
// notification while its owner marks everything read).
class DbDeadlock : public DbError
{
public:
    using DbError::DbError;
};

using Row = QVariantList;

// One connection (SQLite or PostgreSQL) with a cache of prepared statements. All SQL goes
// through prepared statements with bound values; "?" placeholders work on both drivers.
// Results are read fully into memory, so a statement can be reused inside a loop over another.
class Database
{
public:
    enum class Kind { Sqlite, Postgres };

    Database();
    ~Database();
    Database(const Database &) = delete;
    Database &operator=(const Database &) = delete;

    // url: "sqlite:/path/file.db" or "postgresql://user:pass@host:port/dbname"
    [[nodiscard]] bool open(const QString &url, QString *error);
    // Creates or migrates the schema (versioned in the schema_version table).
    // Also gives the database its instance id on its first start (see instanceId()).
    [[nodiscard]] bool migrate(QString *error);
    // The database's identity: a UUID made once, when the database was created, and kept in it;
    // the same for every server process on this database, whatever address it answers at
    // (GET /health "instance"). Clients key their cache and outbox by it. "" before migrate().
    [[nodiscard]] QString instanceId() const { return m_instanceId; }

    [[nodiscard]] Kind kind() const { return m_kind; }
    [[nodiscard]] bool isPostgres() const { return m_kind == Kind::Postgres; }

    // Every row of a SELECT (or of … RETURNING). Throws DbError.
    std::vector<Row> query(const QString &sql, const QVariantList &binds = {});
    // The first row, if any.
    std::optional<Row> one(const QString &sql, const QVariantList &binds = {});
    // The first column of the first row, or `fallback`.
    QVariant scalar(const QString &sql, const QVariantList &binds = {},
                    const QVariant &fallback = {});
    // A statement without rows; returns the number of rows affected.
    qint64 exec(const QString &sql, const QVariantList &binds = {});

    // Write transactions. On SQLite, BEGIN IMMEDIATE (no deadlock on lock upgrade).
    void begin();
    void commit();
    void rollback();
    [[nodiscard]] bool inTransaction() const { return m_inTx; }

    // "?,?,?" for n values
    static QString placeholders(qsizetype n);
    // A condition "column is one of these values", appending its bound values to `binds` (so
    // call it where its text comes in the statement, left to right). On PostgreSQL
    // "column = ANY(?::bigint[])" with one array value: one prepared statement whatever the
    // count (an IN list is a new statement, parsed and planned, for every new length). On
    // SQLite "column IN (?,…)" (preparing there is cheap and in-process); "0 = 1" when empty.
    QString anyOf(const QString &column, const QList<qint64> &values, QVariantList &binds) const;
    QString anyOf(const QString &column, const QStringList &values, QVariantList &binds) const;
    // A PostgreSQL array literal, "{1,2,3}", to bind as one bigint[] value.
    static QString arrayLiteral(const QList<qint64> &values);

    // --- a broken PostgreSQL connection ---
    // A statement that failed because the connection broke (the server restarted, stopped or
    // dropped us) marks the connection lost: every prepared statement is dropped with it. The
    // next reconnect() closes it and opens it again (statements are prepared again on first use).
    [[nodiscard]] bool connectionLost() const { return m_lost; }
    // True when the connection is usable again (or was never lost). While the database is
    // down, a refused connection is retried on every call (it costs a refused TCP connect); an
    // attempt that took long (a timeout) is not repeated for a second, so that a database that
    // does not answer does not hold every request for the connect timeout.
    bool reconnect();
    // A connection whose first open() failed (the database away at start): the next statement
    // fails as a lost connection does, and guarded work reconnects (workers.h).
    void markLost()
    {
        m_lost = true;
        m_nextAttemptMs = 0;
    }
    // After a DbError: decides whether the connection is gone (the error's SQLSTATE or text, or
    // a probe that fails) and marks it lost. Never throws.
    bool checkConnection();
    // Whether the statement that lost the connection was a COMMIT (its outcome unknown): such
    // a request is not repeated.
    [[nodiscard]] bool lostDuringCommit() const { return m_lostInCommit; }
    // Statements sent since open (for tests and the bench: round trips per request).
    [[nodiscard]] quint64 statementCount() const { return m_statementCount; }

    QSqlDatabase &handle() { return m_db; }

private:
    QSqlQuery &prepared(const QString &sql);
    QSqlQuery &statement(const QString &sql, const QVariantList &binds);
    void run(QSqlQuery &q, const QString &sql, const QVariantList &binds);
    [[noreturn]] void failed(const QSqlError &error, const QString &sql);
    void dropStatements();
    bool openConnection(QString *error);

    QSqlDatabase m_db;
    QString m_connectionName;
    Kind m_kind = Kind::Sqlite;
    QString m_instanceId;
    bool m_inTx = false;
    bool m_lost = false;
    bool m_lostInCommit = false;
    qint64 m_nextAttemptMs = 0; // no reconnect attempt before (after a slow failed one)
    quint64 m_statementCount = 0;
    QHash<QString, QSqlQuery *> m_statements;
    bool m_counted = false; // in the metrics' database connections (ops/metrics.h)
    std::unique_ptr<QSqlQuery> m_direct;
    std::unique_ptr<QThread> m_checkpointer;
    std::atomic_bool m_stop{false};
    std::mutex m_stopMutex;
    std::condition_variable m_stopWake;
};

// RAII write transaction: rolls back unless commit() was called.
class Transaction
{
public:
    explicit Transaction(Database &db)
        : m_db(db)
    {
        m_db.begin();
    }
    ~Transaction()
    {
        if (!m_done) {
            try {
                m_db.rollback();
            } catch (...) {
            }
        }
    }
    void commit()
    {
        m_db.commit();
        m_done = true;
    }

private:
    Database &m_db;
    bool m_done = false;
};

} // namespace threadline::server

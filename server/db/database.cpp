// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "db/database.h"

#include "ops/metrics.h"
#include "ops/serverlog.h"

#include <atomic>
#include <chrono>
#include <mutex>

#include "db/schema.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlRecord>
#include <QUrl>
#include <QUrlQuery>
#include <QUuid>
#include <cstdio>

namespace threadline::server {

Database::Database()
    : m_connectionName(QStringLiteral("tl-") + QUuid::createUuid().toString(QUuid::WithoutBraces))
{
}

Database::~Database()
{
    if (m_checkpointer) {
        {
            std::lock_guard lock(m_stopMutex);
            m_stop = true;
        }
        m_stopWake.notify_all();
        m_checkpointer->wait();
    }
    qDeleteAll(m_statements);
    m_statements.clear();
    m_direct.reset();
    m_db = QSqlDatabase();
    QSqlDatabase::removeDatabase(m_connectionName);
    if (m_counted)
        Metrics::process().connectionClosed();
}

bool Database::open(const QString &url, QString *error)
{
    if (url.startsWith(QLatin1String("sqlite:"))) {
        m_kind = Kind::Sqlite;
        m_db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connectionName);
        m_db.setDatabaseName(url.mid(7));
        m_db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=5000"));
    } else if (url.startsWith(QLatin1String("postgresql://")) ||
               url.startsWith(QLatin1String("postgres://"))) {
        m_kind = Kind::Postgres;
        const QUrl u(url);
        if (!u.isValid() || u.host().isEmpty()) {
            *error = QStringLiteral("invalid PostgreSQL URL");
            return false;
        }
        // ?host=/folder (libpq's meaning): the server's Unix socket in that folder instead of
        // TCP to the URL's host; the port names the socket file (.s.PGSQL.<port>). Cheaper per
        // round trip than TCP on loopback (scripts/deploy-local.sh uses it).
        const QString socketDir =
            QUrlQuery(u).queryItemValue(QStringLiteral("host"), QUrl::FullyDecoded);
        if (!socketDir.isEmpty() && !socketDir.startsWith(QLatin1Char('/'))) {
            *error = QStringLiteral("invalid PostgreSQL URL: host= must be an absolute folder");
            return false;
        }
        m_db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), m_connectionName);
        m_db.setHostName(socketDir.isEmpty() ? u.host() : socketDir);
        m_db.setPort(u.port(5432));
        m_db.setUserName(u.userName());
        m_db.setPassword(u.password());
        QString name = u.path();
        if (name.startsWith(QLatin1Char('/')))
            name.remove(0, 1);
        m_db.setDatabaseName(name.isEmpty() ? u.userName() : name);
        // A database that does not answer fails a connect in 3 s, not the system's minutes;
        // TCP keepalives find a peer that vanished without a word.
        m_db.setConnectOptions(QStringLiteral(
            "connect_timeout=3;keepalives=1;keepalives_idle=10;keepalives_interval=5;"
            "keepalives_count=3"));
    } else {
        *error = QStringLiteral("--db must be sqlite:PATH or postgresql://…");
        return false;
    }
    if (!m_db.isValid()) {
        *error = QStringLiteral("the Qt SQL driver is not available");
        return false;
    }
    if (!m_db.open()) {
        *error = m_db.lastError().text();
        return false;
    }
    if (!m_counted) {
        m_counted = true;
        Metrics::process().connectionOpened();
    }
    if (m_kind == Kind::Postgres)
        return openConnection(error);
    try {
        if (m_kind == Kind::Sqlite) {
            exec(QStringLiteral("PRAGMA journal_mode=WAL"));
            exec(QStringLiteral("PRAGMA synchronous=NORMAL"));
            exec(QStringLiteral("PRAGMA foreign_keys=OFF"));
            exec(QStringLiteral("PRAGMA temp_store=MEMORY"));
            exec(QStringLiteral("PRAGMA cache_size=-32000"));
            // Checkpoints (and their fsyncs) run on a thread of their own, so a request never
            // waits for one: the request thread only appends to the WAL.
            exec(QStringLiteral("PRAGMA wal_autocheckpoint=0"));
            const QString path = m_db.databaseName();
            m_checkpointer.reset(QThread::create([this, path] {
                const QString name = m_connectionName + QStringLiteral("-checkpoint");
                {
                    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
                    db.setDatabaseName(path);
                    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=1000"));
                    if (db.open()) {
                        QSqlQuery q(db);
                        std::unique_lock lock(m_stopMutex);
                        // every 200 ms, until the destructor asks it to stop (at once)
                        while (!m_stopWake.wait_for(lock, std::chrono::milliseconds(200),
                                                    [this] { return m_stop.load(); }))
                            q.exec(QStringLiteral("PRAGMA wal_checkpoint(PASSIVE)"));
                        q.exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
                    }
                }
                QSqlDatabase::removeDatabase(name);
            }));
            m_checkpointer->start();
        }
    } catch (const DbError &e) {
        *error = QString::fromUtf8(e.what());
        return false;
    }
    return true;
}

// The settings of a fresh PostgreSQL connection (at start and after a reconnect).
bool Database::openConnection(QString *error)
{
    try {
        exec(QStringLiteral("SET client_min_messages TO WARNING"));
    } catch (const DbError &e) {
        if (error)
            *error = QString::fromUtf8(e.what());
        return false;
    }
    return true;
}

// While the statements of a broken connection are dropped, QPSQL warns once per statement that
// it could not DEALLOCATE it (there is no server to ask): tens of lines saying nothing.
static QtMessageHandler s_previousHandler = nullptr;
static void quietDeallocate(QtMsgType type, const QMessageLogContext &context, const QString &msg)
{
    if (msg.startsWith(QLatin1String("Unable to free statement")))
        return;
    if (s_previousHandler)
        s_previousHandler(type, context, msg);
    else
        fprintf(stderr, "%s\n", qPrintable(msg));
}

void Database::dropStatements()
{
    // The message handler is the process's: worker threads (workers.h) reconnecting at the same
    // time take turns.
    static std::mutex handlerMutex;
    std::unique_lock lock(handlerMutex, std::defer_lock);
    if (m_lost) {
        lock.lock();
        s_previousHandler = qInstallMessageHandler(quietDeallocate);
    }
    qDeleteAll(m_statements);
    m_statements.clear();
    m_direct.reset();
    if (m_lost)
        qInstallMessageHandler(s_previousHandler);
}

static qint64 monotonicMs()
{
    static QElapsedTimer clock = [] {
        QElapsedTimer t;
        t.start();
        return t;
    }();
    return clock.elapsed();
}

bool Database::reconnect()
{
    if (!m_lost)
        return true;
    const qint64 now = monotonicMs();
    if (now < m_nextAttemptMs)
        return false;
    dropStatements();
    m_inTx = false;
    m_db.close();
    QElapsedTimer took;
    took.start();
    QString why;
    if (m_db.open()) {
        m_lost = false; // openConnection() runs a statement
        if (openConnection(&why)) {
            m_lostInCommit = false;
            m_nextAttemptMs = 0;
            serverlog::line(serverlog::Level::Info, "the database connection is back");
            return true;
        }
        m_lost = true;
    } else {
        why = m_db.lastError().text();
    }
    // A refused connection (the database is down) costs little: try again on the next call.
    // One that took long (a timeout) is not tried again for a second.
    if (took.elapsed() > 100)
        m_nextAttemptMs = monotonicMs() + 1000;
    static std::atomic<qint64> lastLogged{-1000000}; // shared by the workers' connections
    if (now - lastLogged >= 10000) { // at most one line per 10 s while it stays down
        lastLogged = now;
        serverlog::line(serverlog::Level::Error,
                        "the database is unavailable: " + why.simplified().left(300).toUtf8());
    }
    return false;
}

bool Database::checkConnection()
{
    if (m_kind != Kind::Postgres)
        return false;
    if (m_lost)
        return true;
    try {
        if (m_inTx) {
            m_inTx = false;
            exec(QStringLiteral("ROLLBACK"));
        }
        exec(QStringLiteral("SELECT 1"));
    } catch (const DbError &) {
        m_lost = true; // a connection that cannot run SELECT 1 is of no use: open a new one
    }
    return m_lost;
}

// A connection-class SQLSTATE (08…, 57P01–57P03: the server shuts down or restarts), or the
// words libpq uses when the socket broke without one.
static bool connectionBroken(const QSqlError &e)
{
    if (e.type() == QSqlError::ConnectionError)
        return true;
    const QString code = e.nativeErrorCode();
    if (code.startsWith(QLatin1String("08")) || code == QLatin1String("57P01") ||
        code == QLatin1String("57P02") || code == QLatin1String("57P03"))
        return true;
    const QString text = e.text().toLower();
    for (const char *words :
         {"server closed the connection", "no connection to the server", "could not send data",
          "could not receive data", "connection to server", "terminating connection",
          "connection not open", "eof detected", "broken pipe", "connection reset",
          "the database system is shutting down", "the database system is starting up"})
        if (text.contains(QLatin1String(words)))
            return true;
    return false;
}

void Database::failed(const QSqlError &error, const QString &sql)
{
    const QString msg = error.text();
    if (m_kind == Kind::Postgres && (m_lost || connectionBroken(error) || !m_db.isOpen())) {
        if (!m_lost)
            m_lostInCommit = sql == QLatin1String("COMMIT");
        m_lost = true;
        m_inTx = false;
        throw DbUnavailable(QStringLiteral("the database connection is lost: %1 — %2")
                                .arg(msg.simplified(), sql.left(200))
                                .toStdString());
    }
    if (m_kind == Kind::Postgres && error.nativeErrorCode() == QLatin1String("40P01"))
        throw DbDeadlock(QStringLiteral("%1 — %2").arg(msg, sql).toStdString());
    throw DbError(QStringLiteral("%1 — %2").arg(msg, sql).toStdString());
}

bool Database::migrate(QString *error)
{
    // Version 1 is the whole schema; later versions append steps here.
    const QList<QStringList> versions = {schemaV1(),
                                         schemaV2(),
                                         schemaV3(),
                                         schemaV4(m_kind == Kind::Postgres),
                                         schemaV5(),
                                         schemaV6(m_kind == Kind::Postgres),
                                         schemaHotFloors(m_kind == Kind::Postgres),
                                         schemaLoginDays(m_kind == Kind::Postgres),
                                         schemaRankings(m_kind == Kind::Postgres),
                                         schemaActivityTypes(),
                                         schemaTopics(),
                                         schemaPeople(),
                                         schemaRecentViews(),
                                         schemaChangesNotify(m_kind == Kind::Postgres),
                                         schemaNotifications(m_kind == Kind::Postgres),
                                         schemaSearch(m_kind == Kind::Postgres)};
    try {
        begin();
        if (m_kind == Kind::Postgres)
            exec(QStringLiteral("SELECT pg_advisory_xact_lock(7317001)")); // one migrator at a time
        exec(QStringLiteral("CREATE TABLE IF NOT EXISTS schema_version(version INTEGER NOT NULL)"));
        int current =
            scalar(QStringLiteral("SELECT MAX(version) FROM schema_version"), {}, 0).toInt();
        const QString pk = m_kind == Kind::Sqlite
                               ? QStringLiteral("INTEGER PRIMARY KEY AUTOINCREMENT")
                               : QStringLiteral("BIGSERIAL PRIMARY KEY");
        for (int v = current; v < versions.size(); ++v) {
            for (QString sql : versions[v]) {
                sql.replace(QLatin1String("%PK%"), pk);
                exec(sql);
            }
            exec(QStringLiteral("INSERT INTO schema_version(version) VALUES(?)"), {v + 1});
        }
        exec(QStringLiteral("INSERT INTO server_meta(key, value) SELECT 'instance', ?"
                            " WHERE NOT EXISTS (SELECT 1 FROM server_meta WHERE key = 'instance')"),
             {QUuid::createUuid().toString(QUuid::WithoutBraces)});
        m_instanceId =
            scalar(QStringLiteral("SELECT value FROM server_meta WHERE key = 'instance'"))
                .toString();
        commit();
    } catch (const DbError &e) {
        try {
            rollback();
        } catch (...) {
        }
        *error = QString::fromUtf8(e.what());
        return false;
    }
    return true;
}

QString Database::placeholders(qsizetype n)
{
    QString s;
    s.reserve(n * 2);
    for (qsizetype i = 0; i < n; ++i) {
        if (i)
            s += QLatin1Char(',');
        s += QLatin1Char('?');
    }
    return s;
}

QString Database::arrayLiteral(const QList<qint64> &values)
{
    QString array;
    array.reserve(values.size() * 8 + 2);
    array += QLatin1Char('{');
    for (qsizetype i = 0; i < values.size(); ++i) {
        if (i)
            array += QLatin1Char(',');
        array += QString::number(values[i]);
    }
    array += QLatin1Char('}');
    return array;
}

QString Database::anyOf(const QString &column, const QList<qint64> &values,
                        QVariantList &binds) const
{
    if (m_kind == Kind::Postgres) {
        binds.append(arrayLiteral(values));
        return column + QLatin1String(" = ANY(?::bigint[])");
    }
    if (values.isEmpty())
        return QStringLiteral("0 = 1");
    for (qint64 v : values)
        binds.append(v);
    return column + QLatin1String(" IN (") + placeholders(values.size()) + QLatin1Char(')');
}

QString Database::anyOf(const QString &column, const QStringList &values, QVariantList &binds) const
{
    if (m_kind == Kind::Postgres) {
        // an array literal of quoted elements: {"a","b \"c\""}
        QString array;
        array += QLatin1Char('{');
        for (qsizetype i = 0; i < values.size(); ++i) {
            if (i)
                array += QLatin1Char(',');
            array += QLatin1Char('"');
            for (const QChar ch : values[i]) {
                if (ch == QLatin1Char('"') || ch == QLatin1Char('\\'))
                    array += QLatin1Char('\\');
                array += ch;
            }
            array += QLatin1Char('"');
        }
        array += QLatin1Char('}');
        binds.append(array);
        return column + QLatin1String(" = ANY(?::text[])");
    }
    if (values.isEmpty())
        return QStringLiteral("0 = 1");
    for (const QString &v : values)
        binds.append(v);
    return column + QLatin1String(" IN (") + placeholders(values.size()) + QLatin1Char(')');
}

QSqlQuery &Database::prepared(const QString &sql)
{
    auto it = m_statements.constFind(sql);
    if (it != m_statements.constEnd())
        return **it;
    if (m_lost)
        throw DbUnavailable("the database connection is lost");
    auto *q = new QSqlQuery(m_db);
    q->setForwardOnly(true);
    if (!q->prepare(sql)) {
        const QSqlError err = q->lastError();
        delete q;
        ++m_statementCount;
        failed(err, QStringLiteral("prepare: ") + sql);
    }
    if (m_statements.size() > 2000) { // unbounded IN-list variants: start over
        qDeleteAll(m_statements);
        m_statements.clear();
    }
    m_statements.insert(sql, q);
    return *q;
}

void Database::run(QSqlQuery &q, const QString &sql, const QVariantList &binds)
{
    for (qsizetype i = 0; i < binds.size(); ++i) {
        const QVariant &v = binds[i];
        // An empty string is a value, not NULL, on every driver (QPSQL would send a null
        // QString as NULL). NULL is bound only for an invalid QVariant().
        if (v.typeId() == QMetaType::QString && v.toString().isNull())
            q.bindValue(int(i), QString(QLatin1String("")));
        else
            q.bindValue(int(i), v);
    }
    ++m_statementCount;
    const auto started = std::chrono::steady_clock::now();
    const bool ok = q.exec();
    Metrics::process().statement(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                     std::chrono::steady_clock::now() - started)
                                     .count());
    if (!ok) {
        const QSqlError err = q.lastError();
        q.finish();
        failed(err, sql);
    }
}

// QPSQL prepares with SQL-level PREPARE, which takes only SELECT/INSERT/UPDATE/DELETE/VALUES:
// a statement without values (BEGIN, SET, CREATE …) runs unprepared there — but a query
// without values is prepared too: /sync's horizon over pg_stat_activity took ~2 ms to plan on
// every read, once per push-stream wake-up and per opened stream.
QSqlQuery &Database::statement(const QString &sql, const QVariantList &binds)
{
    if (m_kind == Kind::Postgres && binds.isEmpty() && !sql.startsWith(QLatin1String("SELECT ")) &&
        !sql.startsWith(QLatin1String("WITH "))) {
        if (m_lost)
            throw DbUnavailable("the database connection is lost");
        if (!m_direct)
            m_direct = std::make_unique<QSqlQuery>(m_db);
        m_direct->setForwardOnly(true);
        ++m_statementCount;
        const auto started = std::chrono::steady_clock::now();
        const bool ok = m_direct->exec(sql);
        Metrics::process().statement(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                         std::chrono::steady_clock::now() - started)
                                         .count());
        if (!ok) {
            const QSqlError err = m_direct->lastError();
            m_direct->finish();
            failed(err, sql);
        }
        return *m_direct;
    }
    QSqlQuery &q = prepared(sql);
    run(q, sql, binds);
    return q;
}

std::vector<Row> Database::query(const QString &sql, const QVariantList &binds)
{
    QSqlQuery &q = statement(sql, binds);
    std::vector<Row> rows;
    const int cols = q.record().count();
    while (q.next()) {
        Row r;
        r.reserve(cols);
        for (int c = 0; c < cols; ++c)
            r.append(q.value(c));
        rows.push_back(std::move(r));
    }
    q.finish();
    return rows;
}

std::optional<Row> Database::one(const QString &sql, const QVariantList &binds)
{
    QSqlQuery &q = statement(sql, binds);
    std::optional<Row> result;
    if (q.next()) {
        const int cols = q.record().count();
        Row r;
        r.reserve(cols);
        for (int c = 0; c < cols; ++c)
            r.append(q.value(c));
        result = std::move(r);
    }
    q.finish();
    return result;
}

QVariant Database::scalar(const QString &sql, const QVariantList &binds, const QVariant &fallback)
{
    auto r = one(sql, binds);
    if (!r || r->isEmpty() || r->at(0).isNull())
        return fallback;
    return r->at(0);
}

qint64 Database::exec(const QString &sql, const QVariantList &binds)
{
    QSqlQuery &q = statement(sql, binds);
    const qint64 n = q.numRowsAffected();
    q.finish();
    return n;
}

void Database::begin()
{
    if (m_inTx)
        throw DbError("nested transaction");
    exec(m_kind == Kind::Sqlite ? QStringLiteral("BEGIN IMMEDIATE") : QStringLiteral("BEGIN"));
    m_inTx = true;
}

void Database::commit()
{
    exec(QStringLiteral("COMMIT"));
    m_inTx = false;
}

void Database::rollback()
{
    if (!m_inTx)
        return;
    m_inTx = false;
    exec(QStringLiteral("ROLLBACK"));
}

} // namespace threadline::server

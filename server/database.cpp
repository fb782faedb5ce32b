#include "database.h"

#include "schema.h"

#include <QSqlDriver>
#include <QSqlError>
#include <QSqlRecord>
#include <QUrl>
#include <QUuid>

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
        m_db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), m_connectionName);
        m_db.setHostName(u.host());
        m_db.setPort(u.port(5432));
        m_db.setUserName(u.userName());
        m_db.setPassword(u.password());
        QString name = u.path();
        if (name.startsWith(QLatin1Char('/')))
            name.remove(0, 1);
        m_db.setDatabaseName(name.isEmpty() ? u.userName() : name);
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
        } else {
            exec(QStringLiteral("SET client_min_messages TO WARNING"));
        }
    } catch (const DbError &e) {
        *error = QString::fromUtf8(e.what());
        return false;
    }
    return true;
}

bool Database::migrate(QString *error)
{
    // Version 1 is the whole schema; later versions append steps here.
    const QList<QStringList> versions = {schemaV1(), schemaV2(), schemaV3()};
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

QSqlQuery &Database::prepared(const QString &sql)
{
    auto it = m_statements.constFind(sql);
    if (it != m_statements.constEnd())
        return **it;
    auto *q = new QSqlQuery(m_db);
    q->setForwardOnly(true);
    if (!q->prepare(sql)) {
        const QString msg = q->lastError().text();
        delete q;
        throw DbError(QStringLiteral("prepare failed: %1 — %2").arg(msg, sql).toStdString());
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
    if (!q.exec()) {
        const QString msg = q.lastError().text();
        q.finish();
        throw DbError(QStringLiteral("%1 — %2").arg(msg, sql).toStdString());
    }
}

// QPSQL prepares with SQL-level PREPARE, which takes only SELECT/INSERT/UPDATE/DELETE/VALUES:
// a statement without values (BEGIN, SET, CREATE …) runs unprepared there.
QSqlQuery &Database::statement(const QString &sql, const QVariantList &binds)
{
    if (m_kind == Kind::Postgres && binds.isEmpty()) {
        if (!m_direct)
            m_direct = std::make_unique<QSqlQuery>(m_db);
        m_direct->setForwardOnly(true);
        if (!m_direct->exec(sql)) {
            const QString msg = m_direct->lastError().text();
            m_direct->finish();
            throw DbError(QStringLiteral("%1 — %2").arg(msg, sql).toStdString());
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

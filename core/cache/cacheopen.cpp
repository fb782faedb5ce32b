// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// CacheStore's opening (cachestore.h): open() and the checks that tell an unusable cache file
// (cache.h lists them), the stepwise migrations, the schema compared with the migrations', the
// integrity check run after the first page, and moving a damaged file aside (with its
// -wal/-shm/-journal) to rebuild the cache.
#include "cache/cachestore.h"

#include "cache/cache.h" // the signals opening answers with

#include "cache/cachefunctions.h"
#include "cache/cacheschema.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QSet>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>
#include <QVariant>

namespace threadline::core::detail {

using namespace Qt::StringLiterals;

namespace {

const char *const kSidecars[] = {"-wal", "-shm", "-journal"};

std::atomic<quint64> g_connectionCounter{0};

} // namespace

void CacheStore::open(const QString &path)
{
    closeDb();
    m_path = path;
    QString why;
    Verdict verdict = attempt(path, why);
    QString movedAside;
    bool recovered = false;
    if (verdict == Verdict::Corrupt) {
        qCWarning(lcCache) << "cache" << path << "is unusable:" << why;
        QString moveError;
        movedAside = moveAside(path, moveError);
        if (movedAside.isEmpty()) {
            const QString error = u"the cache file is unusable (%1) and could not be moved "
                                  u"aside: %2"_s.arg(why, moveError);
            reply([error](Cache *c) { Q_EMIT c->opened(false, error, false, {}); });
            return;
        }
        recovered = true;
        QString again;
        verdict = attempt(path, again);
        if (verdict != Verdict::Ok)
            why = again;
    }
    const bool ok = verdict == Verdict::Ok;
    if (ok && !recovered)
        why.clear();
    reply([ok, why, recovered, movedAside](Cache *c) {
        Q_EMIT c->opened(ok, why, recovered, movedAside);
    });
    if (ok && !recovered && m_existed) {
        if (m_checkHeld)
            m_checkWaiting = true; // released once the first frame is painted
        else
            scheduleIntegrityCheck();
    }
}

void CacheStore::holdIntegrityCheck(bool on)
{
    m_checkHeld = on;
    if (!on && m_checkWaiting) {
        m_checkWaiting = false;
        scheduleIntegrityCheck();
    }
}

// `PRAGMA quick_check` reads the whole file (20–60 ms for 30 MiB on the shared 2-core
// machine, docs/performance.md), too slow for the first paint. It runs as the next job after
// open(), that is after the requests already queued behind open() — the first timeline page —
// and before any later one; or, held (holdIntegrityCheck), as the next job after the release. A
// failure rebuilds the cache like corruption found by a request.
void CacheStore::scheduleIntegrityCheck()
{
    const quint64 generation = m_generation;
    QMetaObject::invokeMethod(
        m_worker, [this, generation] { integrityCheck(generation); }, Qt::QueuedConnection);
}

void CacheStore::integrityCheck(quint64 generation)
{
    if (generation != m_generation || !m_sql.handle() || m_closing.load())
        return; // closed, reopened or shutting down since
    if (m_observer)
        m_observer("integrityCheck");
    QString problem;
    try {
        const QString check = m_sql.text("PRAGMA quick_check(1)");
        if (check != u"ok"_s)
            problem = u"quick_check: "_s + check;
    } catch (const SqlError &e) {
        if (!e.transient())
            problem = u"quick_check: "_s + e.message;
    }
    if (!problem.isEmpty()) {
        qCWarning(lcCache) << "cache" << m_path << "failed its integrity check:" << problem;
        recover(problem);
    }
}

// SQLite reported corruption during a request: move the file aside and start afresh.
void CacheStore::recover(const QString &why)
{
    closeDb();
    QString moveError;
    const QString moved = moveAside(m_path, moveError);
    if (moved.isEmpty()) {
        const QString error = why + u"; could not move the cache aside: "_s + moveError;
        reply([error](Cache *c) { Q_EMIT c->opened(false, error, false, {}); });
        return;
    }
    QString again;
    const bool ok = attempt(m_path, again) == Verdict::Ok;
    const QString error = ok ? why : again;
    reply([ok, error, moved](Cache *c) { Q_EMIT c->opened(ok, error, true, moved); });
}

void CacheStore::close()
{
    if (m_sql.handle())
        sqlite3_exec(m_sql.handle(), "PRAGMA optimize", nullptr, nullptr, nullptr);
    closeDb();
}

void CacheStore::closeDb()
{
    ++m_generation;
    m_checkWaiting = false; // the next open() decides again
    if (m_flushTimer)
        m_flushTimer->stop(); // the queue stays in the file: the next open indexes it
    m_sql.detach();
    if (m_db.isValid())
        m_db.close();
    m_db = QSqlDatabase();
    if (!m_connection.isEmpty()) {
        QSqlDatabase::removeDatabase(m_connection);
        m_connection.clear();
    }
}

// Opens `path` and makes it a current cache; Corrupt when the file is there but unusable.
CacheStore::Verdict CacheStore::attempt(const QString &path, QString &why)
{
    const QFileInfo info(path);
    const bool existed = info.exists() || info.isSymLink();
    m_existed = existed;
    if (existed) {
        if (info.isDir()) {
            why = u"a directory is in the cache file's place"_s;
            return Verdict::Corrupt;
        }
        if (!info.isFile()) {
            why = u"the cache path is not a regular file"_s;
            return Verdict::Corrupt;
        }
        if (info.size() == 0) {
            why = u"the cache file is empty (zero length)"_s;
            return Verdict::Corrupt;
        }
        if (!info.isReadable()) {
            why = u"the cache file is not readable"_s;
            return Verdict::Corrupt;
        }
    }
    if (!existed) {
        // Journal files without their database would be replayed into a fresh one.
        for (const char *suffix : kSidecars) {
            if (QFileInfo::exists(path + QLatin1StringView(suffix))) {
                why = u"journal files of a missing cache file are left over"_s;
                return Verdict::Corrupt;
            }
        }
    }
    if (!QDir().mkpath(info.absolutePath())) {
        why = u"cannot create the directory %1"_s.arg(info.absolutePath());
        return Verdict::Failed;
    }

    m_connection = u"threadline-cache-%1"_s.arg(++g_connectionCounter);
    m_db = QSqlDatabase::addDatabase(u"QSQLITE"_s, m_connection);
    if (!m_db.isValid()) {
        why = u"the Qt SQLite driver (QSQLITE) is not available"_s;
        closeDb();
        return Verdict::Failed;
    }
    m_db.setDatabaseName(path);
    if (!m_db.open()) {
        why = m_db.lastError().text();
        closeDb();
        return existed ? Verdict::Corrupt : Verdict::Failed;
    }
    if (!bindHandle(why) || !registerFunctions(why)) {
        closeDb();
        return Verdict::Failed;
    }

    try {
        // Reading the header and the schema: random bytes fail here (SQLITE_NOTADB).
        const qint64 appId = m_sql.scalar("PRAGMA application_id");
        const qint64 version = m_sql.scalar("PRAGMA user_version");
        const qint64 objects = m_sql.scalar("SELECT count(*) FROM sqlite_master");
        if (version > cacheschema::kVersion) {
            // Written by a newer client: this build cannot know its schema. The cache is a
            // projection, so it is moved aside and rebuilt (docs/performance.md, cache.h).
            why =
                u"the cache's schema version %1 is newer than this client's %2"_s.arg(version).arg(
                    cacheschema::kVersion);
            closeDb();
            return Verdict::Corrupt;
        }
        // user_version is a signed 32-bit field: a damaged header can make it negative, and
        // migrate() indexes the migrations by it.
        if (version < 0) {
            why = u"the cache's schema version %1 is not valid"_s.arg(version);
            closeDb();
            return Verdict::Corrupt;
        }
        if ((appId != 0 && appId != cacheschema::kApplicationId) ||
            (appId == 0 && (version != 0 || objects != 0))) {
            why = u"the file is not a Threadline cache"_s;
            closeDb();
            return Verdict::Corrupt;
        }
        // Only readable — its permissions, or a header whose write version this SQLite does
        // not know (byte 18 > 2): every write would fail for as long as the file is used.
        if (sqlite3_db_readonly(m_sql.handle(), "main") == 1) {
            why = u"the cache file can only be read, not written"_s;
            closeDb();
            return existed ? Verdict::Corrupt : Verdict::Failed;
        }
        // Truncated: fewer bytes than the header's page count (checked only without a WAL,
        // which may hold pages beyond the end of the file).
        if (existed && !QFileInfo::exists(path + u"-wal"_s)) {
            const qint64 expected =
                m_sql.scalar("PRAGMA page_count") * m_sql.scalar("PRAGMA page_size");
            if (QFileInfo(path).size() < expected) {
                why = u"the cache file is truncated"_s;
                closeDb();
                return Verdict::Corrupt;
            }
        }
        if (m_sql.text("PRAGMA journal_mode = WAL").compare(u"wal"_s, Qt::CaseInsensitive) != 0) {
            why = u"cannot switch the cache to WAL"_s;
            closeDb();
            return existed ? Verdict::Corrupt : Verdict::Failed;
        }
        m_sql.exec("PRAGMA synchronous = NORMAL");
        m_sql.exec("PRAGMA temp_store = MEMORY");
        m_sql.exec("PRAGMA foreign_keys = OFF");
        migrate(int(version));
        // The schema exactly as the migrations wrote it: a damaged byte in sqlite_master can
        // leave valid SQL naming another column ("datx" for "data") or table, which no
        // check above sees and on which every write then fails.
        if (const QString wrong = schemaMismatch(); !wrong.isEmpty()) {
            why = u"the cache's schema is not the one this client wrote (%1)"_s.arg(wrong);
            closeDb();
            return existed ? Verdict::Corrupt : Verdict::Failed;
        }
    } catch (const SqlError &e) {
        why = e.message;
        closeDb();
        if (e.transient())
            return Verdict::Failed;
        return existed ? Verdict::Corrupt : Verdict::Failed;
    }
    return Verdict::Ok;
}

// The sqlite3* of the Qt connection, used directly for the hot paths. It is only valid in
// this library if the driver uses the same SQLite library as this build (on Debian QSQLITE
// links the system libsqlite3); a version mismatch means a bundled copy: refuse.
bool CacheStore::bindHandle(QString &why)
{
    const QVariant handle = m_db.driver()->handle();
    if (!handle.isValid() || qstrcmp(handle.typeName(), "sqlite3*") != 0) {
        why = u"the Qt SQLite driver gives no sqlite3 handle"_s;
        return false;
    }
    sqlite3 *db = *static_cast<sqlite3 *const *>(handle.constData());
    if (!db) {
        why = u"the Qt SQLite driver gives no sqlite3 handle"_s;
        return false;
    }
    // Ask the driver's library (through Qt) which SQLite it is.
    QString driverVersion;
    {
        QSqlQuery q(m_db);
        if (q.exec(u"SELECT sqlite_version()"_s) && q.next())
            driverVersion = q.value(0).toString();
    }
    const QString ours = QString::fromLatin1(sqlite3_libversion());
    if (driverVersion != ours) {
        why =
            u"the Qt SQLite driver uses SQLite %1, this build links %2"_s.arg(driverVersion, ours);
        return false;
    }
    m_sql.attach(db);
    return true;
}

// The SQL functions the schema's triggers call, on this connection.
bool CacheStore::registerFunctions(QString &why)
{
    if (registerCacheFunctions(m_sql.handle()) == SQLITE_OK)
        return true;
    why = u"cannot register the cache's SQL functions: "_s +
          QString::fromUtf8(sqlite3_errmsg(m_sql.handle()));
    return false;
}

// Compares the tables and indexes in sqlite_master with the CREATE statements of the
// migrations (SQLite keeps the statement's text as written; released steps never change),
// SQLite's own tables (sqlite_stat1 of PRAGMA optimize) aside. Empty when they match, else
// what differs first; an SQLite error is thrown as SqlError.
QString CacheStore::schemaMismatch()
{
    QHash<QString, QString> expected; // name -> CREATE statement
    for (const auto &step : cacheschema::kMigrations) {
        for (const char *sql : step) {
            const QString text = QString::fromLatin1(sql);
            const QStringList words = text.split(u' ', Qt::SkipEmptyParts);
            if (words.size() > 3 && words.at(0) == u"CREATE"_s && words.at(1) == u"VIRTUAL"_s)
                expected.insert(words.at(3), text); // CREATE VIRTUAL TABLE name …
            else if (words.size() > 2 && words.at(0) == u"CREATE"_s) // TABLE|INDEX|TRIGGER name
                expected.insert(words.at(2), text);
        }
    }
    // The FTS5 tables' shadow tables are made and kept by SQLite: their names only are known.
    QSet<QString> shadows;
    for (const char *table : cacheschema::kSearchTables)
        for (const char *suffix : {"_data", "_idx", "_config", "_docsize", "_content"})
            shadows.insert(QLatin1StringView(table) + QLatin1StringView(suffix));
    sqlite3_stmt *q = nullptr;
    const int prepared =
        sqlite3_prepare_v2(m_sql.handle(),
                           "SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL AND "
                           "substr(name, 1, 7) <> 'sqlite_'",
                           -1, &q, nullptr);
    if (prepared != SQLITE_OK) // corrupt or transient, as attempt() tells them apart
        throw SqlError(prepared, QString::fromUtf8(sqlite3_errmsg(m_sql.handle())));
    QString wrong;
    qsizetype seen = 0;
    int rc = SQLITE_ROW;
    while (wrong.isEmpty() && (rc = sqlite3_step(q)) == SQLITE_ROW) {
        const auto column = [q](int c) {
            return QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(q, c)),
                                     sqlite3_column_bytes(q, c));
        };
        const QString name = column(0);
        if (shadows.contains(name))
            continue;
        const auto it = expected.constFind(name);
        if (it == expected.constEnd())
            wrong = u"an unknown object \"%1\""_s.arg(name.left(64));
        else if (column(1) != *it)
            wrong = u"\"%1\" is defined differently"_s.arg(name);
        else
            ++seen;
    }
    if (wrong.isEmpty() && rc != SQLITE_DONE) {
        SqlError error(rc, QString::fromUtf8(sqlite3_errmsg(m_sql.handle())));
        sqlite3_finalize(q);
        throw error;
    }
    sqlite3_finalize(q);
    if (wrong.isEmpty() && seen != expected.size())
        wrong = u"%1 of its %2 tables and indexes are missing"_s.arg(expected.size() - seen)
                    .arg(expected.size());
    return wrong;
}

void CacheStore::migrate(int from)
{
    for (int v = from; v < cacheschema::kVersion; ++v) {
        Transaction txn(m_sql);
        for (const char *sql : cacheschema::kMigrations[size_t(v)])
            m_sql.exec(sql);
        m_sql.exec(QByteArray("PRAGMA user_version = " + QByteArray::number(v + 1)).constData());
        txn.commit();
        qCDebug(lcCache) << "cache schema migrated to version" << v + 1;
    }
}

// Renames the file (and its sidecars) to `<path>.corrupt-<stamp>[-n]`; deletes nothing.
// Returns the new name of the main file, or empty with `error` set.
QString CacheStore::moveAside(const QString &path, QString &error)
{
    const QString base =
        path + u".corrupt-"_s + QDateTime::currentDateTimeUtc().toString(u"yyyyMMdd-HHmmss-zzz"_s);
    auto taken = [](const QString &name) {
        if (QFileInfo(name).exists() || QFileInfo(name).isSymLink())
            return true;
        for (const char *suffix : kSidecars)
            if (QFileInfo::exists(name + QLatin1StringView(suffix)))
                return true;
        return false;
    };
    QString target = base;
    for (int n = 2; taken(target); ++n)
        target = base + u'-' + QString::number(n);

    QDir dir;
    const QFileInfo main(path);
    const bool mainThere = main.exists() || main.isSymLink();
    if (mainThere && !dir.rename(path, target)) {
        error = u"cannot rename %1"_s.arg(path);
        return {};
    }
    // The journal files belong to the file moved: a stale WAL must never meet a fresh file.
    for (const char *suffix : kSidecars) {
        const QString from = path + QLatin1StringView(suffix);
        if (QFileInfo::exists(from) && !dir.rename(from, target + QLatin1StringView(suffix))) {
            error = u"cannot rename %1"_s.arg(from);
            return {};
        }
    }
    qCWarning(lcCache) << "moved the unusable cache aside to" << target;
    return mainThere ? target : target + u"-wal"_s;
}

} // namespace threadline::core::detail

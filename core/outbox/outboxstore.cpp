// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "outbox/outboxstore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMetaObject>
#include <QPointer>
#include <QSaveFile>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>
#include <QVariant>

#include <atomic>

#ifdef Q_OS_UNIX
#include <fcntl.h>
#include <unistd.h>
#endif

namespace threadline::core {

namespace {

// 2: last_error_text and failure (failed entries are kept).
constexpr int kSchemaVersion = 2;

struct KindName
{
    OutboxEntry::Kind kind;
    const char *name;
};

constexpr KindName kKindNames[] = {
    {OutboxEntry::Kind::PostLike, "post_like"},
    {OutboxEntry::Kind::CommentVote, "comment_vote"},
    {OutboxEntry::Kind::Follow, "follow"},
    {OutboxEntry::Kind::CreateComment, "create_comment"},
    {OutboxEntry::Kind::DeleteComment, "delete_comment"},
    {OutboxEntry::Kind::CreatePost, "create_post"},
    {OutboxEntry::Kind::DeletePost, "delete_post"},
    {OutboxEntry::Kind::Report, "report"},
    {OutboxEntry::Kind::HideComment, "hide_comment"},
    {OutboxEntry::Kind::UnhideComment, "unhide_comment"},
    {OutboxEntry::Kind::HidePost, "hide_post"},
    {OutboxEntry::Kind::UnhidePost, "unhide_post"},
    {OutboxEntry::Kind::DismissReport, "dismiss_report"},
    {OutboxEntry::Kind::LeaveMessage, "leave_message"},
    {OutboxEntry::Kind::DeleteMessage, "delete_message"},
    {OutboxEntry::Kind::MessageLike, "message_like"},
    {OutboxEntry::Kind::HideMessage, "hide_message"},
    {OutboxEntry::Kind::UnhideMessage, "unhide_message"},
    {OutboxEntry::Kind::TopicFollow, "topic_follow"},
    {OutboxEntry::Kind::NotificationRead, "notification_read"},
    {OutboxEntry::Kind::NotificationsRead, "notifications_read"},
};

QString sqlError(const QString &what, const QSqlError &error)
{
    return QStringLiteral("%1: %2").arg(what, error.text());
}

// Makes the directory's entries (a rename, a new file) durable. Best effort where the platform
// has no such thing.
bool syncDirectory(const QString &dir)
{
#ifdef Q_OS_UNIX
    const int fd = ::open(QFile::encodeName(dir).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return false;
    const bool ok = ::fsync(fd) == 0;
    ::close(fd);
    return ok;
#else
    Q_UNUSED(dir);
    return true;
#endif
}

// Writes one file durably: a temporary file, its bytes fsync'd, renamed over the name.
bool writeDurably(const QString &path, const QByteArray &data, QString *error)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size() || !f.flush()) {
        *error = QStringLiteral("cannot write %1: %2").arg(path, f.errorString());
        f.cancelWriting();
        return false;
    }
#ifdef Q_OS_UNIX
    if (::fsync(f.handle()) != 0) {
        *error = QStringLiteral("cannot write %1: fsync failed").arg(path);
        f.cancelWriting();
        return false;
    }
#endif
    if (!f.commit()) {
        *error = QStringLiteral("cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

} // namespace

// ---------------------------------------------------------------------------------------------
// OutboxEntry

QList<qint64> OutboxEntry::localRefs() const
{
    QList<qint64> refs;
    if (targetId < 0)
        refs.append(targetId);
    if (postId < 0 && !refs.contains(postId))
        refs.append(postId);
    if (parentId < 0 && !refs.contains(parentId))
        refs.append(parentId);
    return refs;
}

bool OutboxEntry::rewriteRef(qint64 localId, qint64 serverId)
{
    bool changed = false;
    for (qint64 *field : {&targetId, &postId, &parentId}) {
        if (*field == localId) {
            *field = serverId;
            changed = true;
        }
    }
    if (kind == Kind::Report && payload.value(QLatin1String("targetId")).toInteger() == localId) {
        payload.insert(QStringLiteral("targetId"), serverId);
        changed = true;
    }
    return changed;
}

QList<OutboxEntry::LocalPicture> OutboxEntry::localPictures() const
{
    QList<LocalPicture> pictures;
    for (const QJsonValue &v : payload.value(kLocalPicturesKey).toArray()) {
        const QJsonObject o = v.toObject();
        pictures.append({o.value(QLatin1String("file")).toString(),
                         o.value(QLatin1String("mime")).toString(),
                         o.value(QLatin1String("idempotencyKey")).toString(),
                         o.value(QLatin1String("url")).toString()});
    }
    return pictures;
}

void OutboxEntry::setLocalPictures(const QList<LocalPicture> &pictures)
{
    if (pictures.isEmpty()) {
        payload.remove(kLocalPicturesKey);
        return;
    }
    QJsonArray array;
    for (const LocalPicture &p : pictures) {
        array.append(QJsonObject{
            {QStringLiteral("file"), p.file},
            {QStringLiteral("mime"), p.mime},
            {QStringLiteral("idempotencyKey"), p.idempotencyKey},
            {QStringLiteral("url"), p.url.isEmpty() ? QJsonValue(QJsonValue::Null) : p.url},
        });
    }
    payload.insert(kLocalPicturesKey, array);
}

int OutboxEntry::nextPictureToUpload() const
{
    const QList<LocalPicture> pictures = localPictures();
    for (qsizetype i = 0; i < pictures.size(); ++i) {
        if (pictures.at(i).url.isEmpty())
            return int(i);
    }
    return -1;
}

QStringList OutboxEntry::localFiles() const
{
    QStringList files;
    for (const LocalPicture &p : localPictures()) {
        if (!p.file.isEmpty())
            files.append(p.file);
    }
    return files;
}

QString OutboxEntry::kindName(Kind kind)
{
    for (const KindName &k : kKindNames) {
        if (k.kind == kind)
            return QString::fromLatin1(k.name);
    }
    return {};
}

std::optional<OutboxEntry::Kind> OutboxEntry::kindFromName(const QString &name)
{
    for (const KindName &k : kKindNames) {
        if (name == QLatin1String(k.name))
            return k.kind;
    }
    return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// The worker: owns the connection, lives on the store's thread.

class OutboxStore::Worker : public QObject
{
public:
    ~Worker() override { close(); }

    bool open(const QString &path, QList<OutboxEntry> *entries, QString *error);
    bool apply(const OutboxBatch &batch, QString *error);
    bool readFile(const QString &name, QByteArray *data, QString *error) const;
    void close();

private:
    bool exec(QSqlQuery &q, const QString &sql, QString *error);
    bool applyTransaction(const OutboxBatch &batch, QString *error);
    // Deletes the media directory's files that no entry names.
    void sweepMedia(const QList<OutboxEntry> &entries) const;
    void removeFiles(const QStringList &names) const;

    QString m_connection;
    QString m_mediaDir;
};

bool OutboxStore::Worker::exec(QSqlQuery &q, const QString &sql, QString *error)
{
    if (q.exec(sql))
        return true;
    *error = sqlError(sql.section(QLatin1Char('('), 0, 0).simplified(), q.lastError());
    return false;
}

bool OutboxStore::Worker::open(const QString &path, QList<OutboxEntry> *entries, QString *error)
{
    close();
    static std::atomic<int> counter{0};
    const QFileInfo info(path);
    if (!QDir().mkpath(info.absolutePath())) {
        *error = QStringLiteral("cannot create the directory %1").arg(info.absolutePath());
        return false;
    }
    m_mediaDir = OutboxStore::mediaDirFor(info.absoluteFilePath());
    m_connection = QStringLiteral("threadline-outbox-%1").arg(++counter);
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
    db.setDatabaseName(info.absoluteFilePath());
    if (!db.open()) {
        *error = sqlError(QStringLiteral("cannot open %1").arg(path), db.lastError());
        close();
        return false;
    }
    QSqlQuery q(db);
    // WAL with synchronous=FULL: every commit is fsynced before it is reported.
    const QStringList setup = {
        QStringLiteral("PRAGMA journal_mode=WAL"),
        QStringLiteral("PRAGMA synchronous=FULL"),
        QStringLiteral("PRAGMA busy_timeout=5000"),
        QStringLiteral("CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT)"),
        QStringLiteral("CREATE TABLE IF NOT EXISTS entries("
                       " seq INTEGER PRIMARY KEY AUTOINCREMENT,"
                       " id INTEGER NOT NULL UNIQUE,"
                       " kind TEXT NOT NULL,"
                       " target_id INTEGER NOT NULL DEFAULT 0,"
                       " post_id INTEGER NOT NULL DEFAULT 0,"
                       " parent_id INTEGER NOT NULL DEFAULT 0,"
                       " desired INTEGER NOT NULL DEFAULT 0,"
                       " baseline INTEGER NOT NULL DEFAULT 0,"
                       " payload TEXT NOT NULL DEFAULT '{}',"
                       " description TEXT NOT NULL DEFAULT '',"
                       " idem_key TEXT NOT NULL,"
                       " created_at INTEGER NOT NULL DEFAULT 0,"
                       " not_before INTEGER NOT NULL DEFAULT 0,"
                       " next_attempt_at INTEGER NOT NULL DEFAULT 0,"
                       " attempts INTEGER NOT NULL DEFAULT 0,"
                       " last_error TEXT NOT NULL DEFAULT '',"
                       " last_error_text TEXT NOT NULL DEFAULT '',"
                       " failure TEXT NOT NULL DEFAULT '')"),
        QStringLiteral("INSERT OR IGNORE INTO meta(key, value) VALUES('schema', '%1')")
            .arg(kSchemaVersion),
    };
    for (const QString &sql : setup) {
        if (!exec(q, sql, error)) {
            close();
            return false;
        }
    }
    if (!exec(q, QStringLiteral("SELECT value FROM meta WHERE key = 'schema'"), error)) {
        close();
        return false;
    }
    if (q.next() && q.value(0).toInt() > kSchemaVersion) {
        *error = QStringLiteral("the outbox file %1 was written by a newer version").arg(path);
        close();
        return false;
    }
    // A file of version 1 gains the columns of version 2 (empty: nothing failed yet).
    if (!exec(q, QStringLiteral("PRAGMA table_info(entries)"), error)) {
        close();
        return false;
    }
    QSet<QString> columns;
    while (q.next())
        columns.insert(q.value(1).toString());
    for (const QString &column : {QStringLiteral("last_error_text"), QStringLiteral("failure")}) {
        if (!columns.contains(column) &&
            !exec(q,
                  QStringLiteral("ALTER TABLE entries ADD COLUMN %1 TEXT NOT NULL DEFAULT ''")
                      .arg(column),
                  error)) {
            close();
            return false;
        }
    }
    if (!exec(
            q,
            QStringLiteral("UPDATE meta SET value = '%1' WHERE key = 'schema'").arg(kSchemaVersion),
            error)) {
        close();
        return false;
    }
    if (!exec(q,
              QStringLiteral("SELECT id, kind, target_id, post_id, parent_id, desired, baseline,"
                             " payload, description, idem_key, created_at, not_before,"
                             " next_attempt_at, attempts, last_error, last_error_text, failure"
                             " FROM entries ORDER BY seq"),
              error)) {
        close();
        return false;
    }
    while (q.next()) {
        const auto kind = OutboxEntry::kindFromName(q.value(1).toString());
        if (!kind) {
            qWarning("outbox: skipping an entry of unknown kind '%s'",
                     qPrintable(q.value(1).toString()));
            continue;
        }
        OutboxEntry e;
        e.id = q.value(0).toLongLong();
        e.kind = *kind;
        e.targetId = q.value(2).toLongLong();
        e.postId = q.value(3).toLongLong();
        e.parentId = q.value(4).toLongLong();
        e.desired = q.value(5).toInt();
        e.baseline = q.value(6).toInt();
        e.payload = QJsonDocument::fromJson(q.value(7).toString().toUtf8()).object();
        e.description = q.value(8).toString();
        e.idempotencyKey = q.value(9).toString();
        e.createdAt = q.value(10).toLongLong();
        e.notBefore = q.value(11).toLongLong();
        e.nextAttemptAt = q.value(12).toLongLong();
        e.attempts = q.value(13).toInt();
        e.lastError = q.value(14).toString();
        e.lastErrorText = q.value(15).toString();
        e.failure = q.value(16).toString();
        entries->append(e);
    }
    sweepMedia(*entries);
    return true;
}

void OutboxStore::Worker::sweepMedia(const QList<OutboxEntry> &entries) const
{
    const QDir dir(m_mediaDir);
    if (!dir.exists())
        return;
    QSet<QString> keep;
    for (const OutboxEntry &e : entries) {
        for (const QString &file : e.localFiles())
            keep.insert(file);
    }
    for (const QString &name : dir.entryList(QDir::Files | QDir::Hidden | QDir::System)) {
        if (!keep.contains(name))
            QFile::remove(dir.filePath(name));
    }
}

void OutboxStore::Worker::removeFiles(const QStringList &names) const
{
    const QDir dir(m_mediaDir);
    for (const QString &name : names) {
        if (!name.isEmpty() && !name.contains(QLatin1Char('/')) &&
            QFile::exists(dir.filePath(name)))
            QFile::remove(dir.filePath(name));
    }
}

bool OutboxStore::Worker::readFile(const QString &name, QByteArray *data, QString *error) const
{
    QFile f(QDir(m_mediaDir).filePath(name));
    if (name.isEmpty() || m_mediaDir.isEmpty() || !f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1: %2").arg(f.fileName(), f.errorString());
        return false;
    }
    *data = f.readAll();
    if (f.error() != QFileDevice::NoError) {
        *error = QStringLiteral("cannot read %1: %2").arg(f.fileName(), f.errorString());
        return false;
    }
    return true;
}

bool OutboxStore::Worker::apply(const OutboxBatch &batch, QString *error)
{
    if (m_connection.isEmpty()) {
        *error = QStringLiteral("the outbox file is not open");
        return false;
    }
    // The files first, durably: an entry is never committed naming a file that is not there.
    QStringList written;
    if (!batch.files.isEmpty()) {
        if (!QDir().mkpath(m_mediaDir)) {
            *error = QStringLiteral("cannot create the directory %1").arg(m_mediaDir);
            return false;
        }
        const QDir dir(m_mediaDir);
        for (const OutboxFile &file : batch.files) {
            if (!writeDurably(dir.filePath(file.name), file.data, error)) {
                removeFiles(written);
                return false;
            }
            written.append(file.name);
        }
        if (!syncDirectory(m_mediaDir)) {
            *error = QStringLiteral("cannot sync the directory %1").arg(m_mediaDir);
            removeFiles(written);
            return false;
        }
    }
    if (!applyTransaction(batch, error)) {
        removeFiles(written);
        return false;
    }
    removeFiles(batch.fileRemovals);
    return true;
}

bool OutboxStore::Worker::applyTransaction(const OutboxBatch &batch, QString *error)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    if (!db.transaction()) {
        *error = sqlError(QStringLiteral("BEGIN"), db.lastError());
        return false;
    }
    QSqlQuery q(db);
    bool ok = true;
    if (!batch.upserts.isEmpty()) {
        ok = q.prepare(QStringLiteral(
            "INSERT INTO entries(id, kind, target_id, post_id, parent_id, desired, baseline,"
            " payload, description, idem_key, created_at, not_before, next_attempt_at, attempts,"
            " last_error, last_error_text, failure) VALUES(?, ?, ?, ?, ?, ?, ?,"
            " COALESCE(?, '{}'), COALESCE(?, ''), COALESCE(?, ''), ?, ?, ?, ?, COALESCE(?, ''),"
            " COALESCE(?, ''), COALESCE(?, ''))"
            " ON CONFLICT(id) DO UPDATE SET kind = excluded.kind, target_id = excluded.target_id,"
            " post_id = excluded.post_id, parent_id = excluded.parent_id,"
            " desired = excluded.desired, baseline = excluded.baseline,"
            " payload = excluded.payload, description = excluded.description,"
            " idem_key = excluded.idem_key, created_at = excluded.created_at,"
            " not_before = excluded.not_before, next_attempt_at = excluded.next_attempt_at,"
            " attempts = excluded.attempts, last_error = excluded.last_error,"
            " last_error_text = excluded.last_error_text, failure = excluded.failure"));
        for (qsizetype i = 0; ok && i < batch.upserts.size(); ++i) {
            const OutboxEntry &e = batch.upserts.at(i);
            const QVariantList values = {
                e.id,
                OutboxEntry::kindName(e.kind),
                e.targetId,
                e.postId,
                e.parentId,
                e.desired,
                e.baseline,
                QString::fromUtf8(QJsonDocument(e.payload).toJson(QJsonDocument::Compact)),
                e.description,
                e.idempotencyKey,
                e.createdAt,
                e.notBefore,
                e.nextAttemptAt,
                e.attempts,
                e.lastError,
                e.lastErrorText,
                e.failure,
            };
            for (int v = 0; v < values.size(); ++v)
                q.bindValue(v, values.at(v));
            ok = q.exec();
        }
    }
    if (ok && !batch.removals.isEmpty()) {
        ok = q.prepare(QStringLiteral("DELETE FROM entries WHERE id = ?"));
        for (qsizetype i = 0; ok && i < batch.removals.size(); ++i) {
            q.bindValue(0, batch.removals.at(i));
            ok = q.exec();
        }
    }
    if (!ok) {
        *error = sqlError(QStringLiteral("writing the outbox"), q.lastError());
        q.finish();
        db.rollback();
        return false;
    }
    q.finish();
    if (!db.commit()) {
        *error = sqlError(QStringLiteral("COMMIT"), db.lastError());
        db.rollback();
        return false;
    }
    return true;
}

void OutboxStore::Worker::close()
{
    if (m_connection.isEmpty())
        return;
    {
        QSqlDatabase db = QSqlDatabase::database(m_connection, false);
        if (db.isOpen())
            db.close();
    }
    QSqlDatabase::removeDatabase(m_connection);
    m_connection.clear();
}

// ---------------------------------------------------------------------------------------------
// OutboxStore

OutboxStore::OutboxStore(QObject *parent)
    : QObject(parent)
    , m_thread(new QThread)
    , m_worker(new Worker)
{
    m_thread->setObjectName(QStringLiteral("threadline-outbox-sqlite"));
    m_worker->moveToThread(m_thread);
    m_thread->start();
}

OutboxStore::~OutboxStore()
{
    // Queued after every job already submitted: those run (and commit) first. The worker is
    // deleted on its own thread, where its connection lives.
    Worker *worker = m_worker;
    QThread *thread = m_thread;
    QMetaObject::invokeMethod(
        worker,
        [worker, thread] {
            delete worker;
            thread->quit();
        },
        Qt::QueuedConnection);
    thread->wait();
    delete thread;
}

QString OutboxStore::mediaDirFor(const QString &path)
{
    return path.isEmpty() ? QString() : path + QStringLiteral(".media");
}

void OutboxStore::open(const QString &path)
{
    m_path = path;
    QPointer<OutboxStore> self(this);
    Worker *worker = m_worker;
    QMetaObject::invokeMethod(
        worker,
        [self, worker, path] {
            QList<OutboxEntry> entries;
            QString error;
            const bool ok = worker->open(path, &entries, &error);
            // `self` outlives this job: the destructor waits for the thread to finish.
            QMetaObject::invokeMethod(
                self.data(),
                [self, ok, entries, error] {
                    if (self)
                        Q_EMIT self->opened(ok, entries, error);
                },
                Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
}

void OutboxStore::apply(const OutboxBatch &batch)
{
    QPointer<OutboxStore> self(this);
    Worker *worker = m_worker;
    QMetaObject::invokeMethod(
        worker,
        [self, worker, batch] {
            QString error;
            const bool ok = worker->apply(batch, &error);
            if (!ok)
                qWarning("outbox: %s", qPrintable(error));
            QMetaObject::invokeMethod(
                self.data(),
                [self, ticket = batch.ticket, ok, error] {
                    if (self)
                        Q_EMIT self->applied(ticket, ok, error);
                },
                Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
}

void OutboxStore::readFile(const QString &name, quint64 ticket)
{
    QPointer<OutboxStore> self(this);
    Worker *worker = m_worker;
    QMetaObject::invokeMethod(
        worker,
        [self, worker, name, ticket] {
            QByteArray data;
            QString error;
            const bool ok = worker->readFile(name, &data, &error);
            if (!ok)
                qWarning("outbox: %s", qPrintable(error));
            QMetaObject::invokeMethod(
                self.data(),
                [self, ticket, ok, data, error] {
                    if (self)
                        Q_EMIT self->fileRead(ticket, ok, data, error);
                },
                Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
}

} // namespace threadline::core

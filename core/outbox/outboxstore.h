// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The outbox's persistence: one SQLite file of its own (apart from the cache, so that a cache
// rebuild can never lose an action), `journal_mode=WAL` with `synchronous=FULL`, so that a
// committed change survives a crash, a kill -9 or a power cut.
//
// All SQLite work runs on a worker thread with its own connection; the caller's thread never
// waits for the disk. Jobs run in the order they were submitted (one FIFO queue), every job is
// one transaction, and results come back as queued signals on the caller's thread:
//
//   OutboxStore store;
//   connect(&store, &OutboxStore::opened, …);   // the entries, in creation order
//   store.open(path);
//   store.apply({.upserts = {entry}, .ticket = 7});  // → applied(7, true, {}) once durable
//
// OutboxEntry is the persisted shape of one queued user action (see outbox.h for what each kind
// means and sends).
//
// Beside the file, in mediaDir() ("<file>.media/"), live the copies of the pictures of posts
// not yet published (OutboxEntry::localFiles()): a batch writes them durably before its
// transaction and removes them after it, and open() deletes any file there that no entry names
// (left by a crash between the two).
#pragma once

#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QtGlobal>

#include <memory>
#include <optional>

class QThread;

namespace threadline::core {

// One queued user action.
struct OutboxEntry
{
    // What the action is. Stored by name (see kindName()), so the numbers may change.
    enum class Kind {
        PostLike,    // coalesced: desired 1 = liked, 0 = not; PUT/DELETE /posts/{target}/like
        CommentVote, // coalesced: 1 like, -1 oppose, 0 none; PUT …/like|oppose, DELETE per baseline
        Follow,      // coalesced: desired 1 = following; PUT/DELETE /users/{target}/follow
        CreateComment, // POST /posts/{postId}/comments {content, parentId?}; object id -id
        DeleteComment, // DELETE /comments/{target}
        CreatePost,    // POST /posts (payload = the NewPost body); object id -id. With pictures
                       // to upload first (payload "localPictures", see localPictures()), each
                       // goes as POST /media before the post
        DeletePost,    // DELETE /posts/{target}
        Report,        // POST /reports (payload = the body; targetId may be a local id)
        HideComment,   // POST /moderation/comments/{target}/hide {reason}
        UnhideComment, // POST /moderation/comments/{target}/unhide {reason?}
        HidePost,      // POST /moderation/posts/{target}/hide {reason}
        UnhidePost,    // POST /moderation/posts/{target}/unhide {reason?}
        DismissReport, // POST /moderation/items/{target}/dismiss {reason?}
        // Messages on a person's board:
        LeaveMessage,  // POST /users/{target}/messages {content} (target: the board's owner)
        DeleteMessage, // DELETE /messages/{target}
        MessageLike,   // desired 1 = liked, 0 = not; PUT/DELETE /messages/{target}/like
        HideMessage,   // POST /moderation/messages/{target}/hide {reason}
        UnhideMessage, // POST /moderation/messages/{target}/unhide {reason?}
        TopicFollow,   // desired 1 = following; PUT/DELETE /topics/{payload "topic"}/follow
                       // (a topic is keyed by its name, so targetId is 0)
        // Notifications:
        NotificationRead,  // POST /notifications/{target}/read
        NotificationsRead, // POST /notifications/read {upTo?} (payload = the body)
    };

    qint64 id = 0; // unique and increasing in creation order; a created object's local id is -id
    Kind kind = Kind::PostLike;
    qint64 targetId = 0;      // the post, comment, user or queue item acted on; < 0: a local id
    qint64 postId = 0;        // CreateComment: the post (< 0: a post created offline)
    qint64 parentId = 0;      // CreateComment: the comment answered (0: a floor; < 0: a local id)
    int desired = 0;          // coalesced kinds: the state wanted
    int baseline = 0;         // coalesced kinds: the state the server had when the entry was made
    QJsonObject payload;      // the request body for kinds that send one as given
    QString description;      // the target as the actor says it, e.g. "王五's post"
    QString idempotencyKey;   // a UUID without braces; sent with every POST, the same on retries
    qint64 createdAt = 0;     // ms since the epoch
    qint64 notBefore = 0;     // never sent before this (ms since the epoch; the like delay)
    qint64 nextAttemptAt = 0; // backoff after a transient failure (ms since the epoch)
    int attempts = 0;         // failed attempts so far
    QString lastError;        // the last transient failure, for logs ("Http 503 …")
    QString lastErrorText;    // the same in words, as ApiError::describe() said it (the UI)
    // A permanent failure's sentence ("Your like on 王五's post could not be saved: …"): the entry
    // failed for good and is kept, never sent again by itself, until the user retries or
    // discards it (Outbox::retry(), discard()). Empty while the entry is still to be sent.
    QString failure;

    [[nodiscard]] bool isFailed() const { return !failure.isEmpty(); }

    [[nodiscard]] bool isCoalesced() const
    {
        return kind == Kind::PostLike || kind == Kind::CommentVote || kind == Kind::Follow;
    }
    [[nodiscard]] bool createsObject() const
    {
        return kind == Kind::CreateComment || kind == Kind::CreatePost;
    }
    // The local id of the object this entry creates (0 when it creates none).
    [[nodiscard]] qint64 createdLocalId() const { return createsObject() ? -id : 0; }
    // The local (negative) ids this entry refers to and must wait for.
    [[nodiscard]] QList<qint64> localRefs() const;
    // Rewrites every reference to localId into serverId; true when something changed.
    bool rewriteRef(qint64 localId, qint64 serverId);
    // When the entry may be sent: the later of notBefore and nextAttemptAt.
    // TopicFollow: the topic's key (the payload's "topic"); "" for other kinds.
    [[nodiscard]] QString topic() const
    {
        return kind == Kind::TopicFollow ? payload.value(QLatin1String("topic")).toString()
                                         : QString();
    }
    [[nodiscard]] qint64 dueAt() const { return qMax(notBefore, nextAttemptAt); }

    // A picture of a CreatePost to upload before the post, kept in the payload under
    // kLocalPicturesKey (never sent to the server) as
    // {"file":"<entry id>-<n>.<ext>","mime":"image/png","idempotencyKey":"<uuid>","url":null}.
    struct LocalPicture
    {
        QString file;           // the copy's name in the outbox's media directory
        QString mime;           // image/png, image/jpeg or image/webp: its Content-Type
        QString idempotencyKey; // its own POST /media key, the same on retries and restarts
        QString url;            // the server's URL once uploaded; empty before
    };
    static constexpr QLatin1String kLocalPicturesKey{"localPictures"};
    [[nodiscard]] QList<LocalPicture> localPictures() const;
    void setLocalPictures(const QList<LocalPicture> &pictures);
    // The index of the first picture not uploaded yet; -1 when none is left.
    [[nodiscard]] int nextPictureToUpload() const;
    // The names of the files this entry keeps in the media directory.
    [[nodiscard]] QStringList localFiles() const;

    [[nodiscard]] static QString kindName(Kind kind);
    [[nodiscard]] static std::optional<Kind> kindFromName(const QString &name);

    friend bool operator==(const OutboxEntry &, const OutboxEntry &) = default;
};

// A file of the media directory written with a batch.
struct OutboxFile
{
    QString name; // inside OutboxStore::mediaDir()
    QByteArray data;
};

// One atomic change of the file: entries written (inserted, or replaced by id keeping their
// place) and entries removed, in one transaction. `files` are written (QSaveFile, fsync'd, the
// directory too) before the transaction, and the batch fails without committing anything when
// one cannot be; `fileRemovals` are deleted once it has committed.
struct OutboxBatch
{
    QList<OutboxEntry> upserts;
    QList<qint64> removals;
    quint64 ticket = 0; // handed back by applied()
    QList<OutboxFile> files;
    QStringList fileRemovals; // names inside mediaDir()
};

class OutboxStore : public QObject
{
    Q_OBJECT

public:
    explicit OutboxStore(QObject *parent = nullptr);
    // Runs every job already submitted, closes the file and joins the worker thread.
    ~OutboxStore() override;

    // Opens (creating the directory, file and schema when needed) and loads the entries;
    // answers opened(). Files in the media directory that no entry names are deleted.
    void open(const QString &path);
    // Writes one batch; answers applied(). Batches commit in submission order.
    void apply(const OutboxBatch &batch);
    // Reads a file of the media directory (after every batch submitted before); answers
    // fileRead().
    void readFile(const QString &name, quint64 ticket);

    [[nodiscard]] QString path() const { return m_path; }
    // Where the pictures of an outbox file are kept: "<path>.media".
    [[nodiscard]] static QString mediaDirFor(const QString &path);
    [[nodiscard]] QString mediaDir() const { return mediaDirFor(m_path); }

Q_SIGNALS:
    // The entries in creation order; ok false (with a reason) when the file could not be opened.
    void opened(bool ok, const QList<threadline::core::OutboxEntry> &entries, const QString &error);
    // The batch is committed (ok) or was rolled back (error names why).
    void applied(quint64 ticket, bool ok, const QString &error);
    // The file's bytes (ok), or why it could not be read.
    void fileRead(quint64 ticket, bool ok, const QByteArray &data, const QString &error);

private:
    class Worker;
    QString m_path;
    QThread *m_thread = nullptr;
    Worker *m_worker = nullptr; // lives on m_thread
};

} // namespace threadline::core

Q_DECLARE_METATYPE(threadline::core::OutboxEntry)

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The outbox's queue (outbox.h): the entries in memory and in the file, the actions that add
// them, coalescing, retry and discard by the user. What is due next and what each outcome of a
// request does to the entries is outboxresults.cpp; sending them is OutboxSender
// (outboxsender.cpp); what is said about them outboxphrases.cpp, a new post's pictures
// outboxpictures.cpp.
#include "outbox/outbox.h"

#include "account/serveridentity.h"
#include "net/apiclient.h"
#include "outbox/outboxphrases.h"
#include "wire/jsoncodec.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QStandardPaths>
#include <QUuid>

#include <algorithm>

namespace threadline::core {

namespace {

using Kind = OutboxEntry::Kind;

qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

// A file-name-safe form of text: letters, digits, '.', '-' and '_' kept, the rest as %XX.
QString safeFileName(const QString &text)
{
    QString out;
    for (const char c : text.toUtf8()) {
        const auto u = static_cast<unsigned char>(c);
        if ((u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') ||
            u == '-' || u == '_' || (u == '.' && !out.isEmpty()))
            out += QLatin1Char(c);
        else
            out += QStringLiteral("%%1").arg(u, 2, 16, QLatin1Char('0')).toUpper();
    }
    return out.isEmpty() ? QStringLiteral("_") : out;
}

QJsonObject parseObject(const QByteArray &json)
{
    return QJsonDocument::fromJson(json).object();
}

QJsonObject reasonBody(const QString &reason)
{
    QJsonObject body;
    if (!reason.isEmpty())
        body.insert(QStringLiteral("reason"), reason);
    return body;
}

} // namespace

Outbox::Outbox(ApiClient *api, QObject *parent)
    : QObject(parent)
    , m_api(api)
    , m_store(new OutboxStore(this))
    , m_sender(new OutboxSender(api, m_store, this, this))
{
    connect(m_store, &OutboxStore::opened, this, &Outbox::onOpened);
    connect(m_store, &OutboxStore::applied, this, &Outbox::onApplied);
    if (m_api)
        connect(m_api, &ApiClient::offlineChanged, this, &Outbox::onOfflineChanged);
}

Outbox::~Outbox()
{
    // The sender first: destroying its reply cancels the request silently; the entry stays in
    // the file and is sent again next time. Then the store commits what is queued.
    delete m_sender;
    m_sender = nullptr;
    delete m_store;
    m_store = nullptr;
}

QString Outbox::defaultPath(const QUrl &server, const QString &user, const QString &instance)
{
    const QString base = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    const int defaultPort = server.scheme() == QLatin1String("https") ? 443 : 80;
    const QString hostPort =
        QStringLiteral("%1_%2")
            .arg(server.host().isEmpty() ? QStringLiteral("local") : server.host())
            .arg(server.port(defaultPort));
    return QDir(base).filePath(
        QStringLiteral("outbox/%1/%2.sqlite")
            .arg(ServerIdentity::folderName(instance, safeFileName(hostPort)), safeFileName(user)));
}

void Outbox::open(const QString &path)
{
    if (m_opening || m_loaded) {
        qWarning("Outbox::open: already open");
        return;
    }
    // One process per outbox: a second one would send the same entries again. The lock is
    // QLockFile's (the holder's pid in the file, and flock): a holder that died (kill -9) leaves
    // a stale lock, which is taken over; one that lives is never taken over, however old.
    const QFileInfo info(path);
    QDir().mkpath(info.absolutePath());
    auto lock = std::make_unique<QLockFile>(info.absoluteFilePath() + QStringLiteral(".lock"));
    lock->setStaleLockTime(0);
    if (!lock->tryLock(0) && lock->error() == QLockFile::LockFailedError) {
        qint64 pid = 0;
        QString host, application;
        lock->getLockInfo(&pid, &host, &application);
        m_inUseElsewhere = true;
        const QString sentence =
            tr("This account is already open in another Threadline window (process %1). Close "
               "that one first: one outbox is never sent from two places.")
                .arg(pid);
        QMetaObject::invokeMethod(
            this, [this, pid, sentence] { Q_EMIT inUseElsewhere(pid, sentence); },
            Qt::QueuedConnection);
        return;
    }
    // Cannot lock at all (a read-only folder): the store says why when it opens.
    m_lock = std::move(lock);
    m_opening = true;
    m_store->open(path);
}

void Outbox::onOpened(bool ok, const QList<OutboxEntry> &entries, const QString &error)
{
    m_opening = false;
    m_loaded = true;
    if (!ok)
        qWarning("outbox: %s — actions are kept in memory only", qPrintable(error));
    m_entries.clear();
    m_failed.clear();
    for (const OutboxEntry &e : entries) {
        m_lastId = qMax(m_lastId, e.id);
        if (e.isFailed())
            m_failed.append(e);
        else
            m_entries.append(e);
    }
    // What refers to a creation that failed (in an earlier session) fails with it, in words.
    for (const OutboxEntry &e : std::as_const(m_failed)) {
        if (e.createsObject())
            m_localIds.failedCreates.insert(e.createdLocalId(), outboxphrases::dependencyReason(e));
    }
    // Any coalesced entry may have been in flight when the last session ended. Of two for one
    // target (one was in flight, one waited behind it), the latest holds what the user wants.
    OutboxBatch cleanup;
    for (qsizetype i = m_entries.size() - 1; i >= 0; --i) {
        const OutboxEntry &e = m_entries.at(i);
        if (!e.isCoalesced())
            continue;
        m_uncertain.insert(e.id);
        const qsizetype later = indexOfSibling(e);
        if (later > i) {
            LikeCoalescer::makeUncertain(m_entries[later]);
            cleanup.upserts.append(m_entries.at(later));
            cleanup.removals.append(e.id);
            m_entries.removeAt(i);
        }
    }
    write(cleanup);
    const auto deferred = std::exchange(m_deferred, {});
    for (const auto &action : deferred)
        action();
    countChanged();
    Q_EMIT opened(ok, error);
    if (!ok)
        Q_EMIT storageError(error);
    m_sender->schedule();
}

void Outbox::whenLoaded(std::function<void()> action)
{
    if (m_loaded)
        action();
    else
        m_deferred.append(std::move(action));
}

qint64 Outbox::allocateId()
{
    // Unique across restarts without reading the file first: the clock in µs-sized steps (below
    // 2^53 until the year 2255, so that -id is a valid JSON id), never less than the last + 1.
    m_lastId = qMax(m_lastId + 1, nowMs() * 1000);
    return m_lastId;
}

OutboxEntry Outbox::makeEntry(Kind kind, qint64 id, const QString &target) const
{
    OutboxEntry e;
    e.id = id;
    e.kind = kind;
    e.description = target;
    e.idempotencyKey = QUuid::createUuid().toString(QUuid::WithoutBraces);
    e.createdAt = nowMs();
    return e;
}

void Outbox::applyResolvedIds(OutboxEntry &entry) const
{
    for (const qint64 local : entry.localRefs()) {
        const auto it = m_localIds.resolved.constFind(local);
        if (it != m_localIds.resolved.cend())
            entry.rewriteRef(local, it.value());
    }
}

void Outbox::enqueue(const OutboxEntry &entry, const QList<OutboxFile> &files)
{
    OutboxEntry e = entry;
    applyResolvedIds(e);
    OutboxBatch batch;
    batch.files = files;
    // Deleting a post or comment makes a pending like (or vote) on it moot: it goes with it,
    // rather than failing later with "was deleted".
    const Kind moot = e.kind == Kind::DeletePost      ? Kind::PostLike
                      : e.kind == Kind::DeleteComment ? Kind::CommentVote
                                                      : e.kind;
    if (moot != e.kind) {
        for (qsizetype i = m_entries.size() - 1; i >= 0; --i) {
            const OutboxEntry &p = m_entries.at(i);
            if (p.kind == moot && p.targetId == e.targetId && p.id != m_sender->sendingId()) {
                batch.removals.append(p.id);
                m_uncertain.remove(p.id);
                m_entries.removeAt(i);
            }
        }
    }
    m_entries.append(e);
    batch.upserts.append(e);
    write(batch, {e.id});
    if (m_sender->isOffline()) // written offline: its replay is reported once back online
        wentOffline();
    countChanged();
    m_sender->schedule();
}

void Outbox::write(const OutboxBatch &batch, const QList<qint64> &announce)
{
    write(batch, announce, WriteInfo());
}

void Outbox::write(const OutboxBatch &batch, const QList<qint64> &announce, const WriteInfo &toggle)
{
    if (batch.upserts.isEmpty() && batch.removals.isEmpty() && !toggle.toggle)
        return;
    OutboxBatch b = batch;
    b.ticket = ++m_writes.nextTicket;
    WriteInfo info = toggle;
    info.upserted.clear();
    info.announce = announce;
    for (const OutboxEntry &e : b.upserts) {
        m_writes.unsaved.insert(e.id, b.ticket);
        info.upserted.append(e.id);
    }
    m_writes.pending.insert(b.ticket, info);
    m_store->apply(b);
    if (!b.upserts.isEmpty() || !b.removals.isEmpty())
        notifyChanged();
}

void Outbox::onApplied(quint64 ticket, bool ok, const QString &error)
{
    const WriteInfo info = m_writes.pending.take(ticket);
    for (const qint64 id : info.upserted) {
        const auto it = m_writes.unsaved.constFind(id);
        if (it != m_writes.unsaved.cend() && it.value() == ticket)
            m_writes.unsaved.erase(it);
    }
    if (!ok)
        Q_EMIT storageError(error);
    if (ok) {
        for (const qint64 id : info.announce) {
            if (indexOf(id) >= 0)
                Q_EMIT persisted(id);
        }
        if (info.toggle)
            Q_EMIT toggleSaved(info.kind, info.targetId, info.desired);
    }
    m_sender->schedule();
}

// --- Actions ---------------------------------------------------------------------------------

void Outbox::toggle(Kind kind, qint64 targetId, int baseline, int desired, const QString &target,
                    int delayMs)
{
    if (!m_loaded) { // applied, in order, once the file is loaded
        m_deferred.append(
            [=, this] { toggle(kind, targetId, baseline, desired, target, delayMs); });
        return;
    }
    OutboxEntry fresh = makeEntry(kind, allocateId(), target);
    fresh.targetId = targetId;
    applyResolvedIds(fresh);
    std::optional<OutboxEntry> inFlight;
    if (m_sender->isSendingToggle(kind, fresh.targetId))
        inFlight = m_sender->sendingEntry();
    const std::optional<OutboxEntry> pending = pendingToggle(kind, fresh.targetId);
    const bool uncertain = pending && m_uncertain.contains(pending->id);
    const auto decision = LikeCoalescer::decide(pending, uncertain, inFlight, baseline, desired,
                                                target, nowMs() + delayMs, fresh);
    WriteInfo note;
    note.toggle = true;
    note.kind = kind;
    note.targetId = fresh.targetId;
    note.desired = desired;
    switch (decision.action) {
    case LikeCoalescer::Decision::Action::Nothing:
        write({}, {}, note); // toggleSaved() after the writes before it
        return;
    case LikeCoalescer::Decision::Action::Drop: {
        const qsizetype i = indexOf(decision.entry.id);
        if (i >= 0)
            m_entries.removeAt(i);
        write({.removals = {decision.entry.id}}, {}, note);
        countChanged();
        m_sender->schedule();
        return;
    }
    case LikeCoalescer::Decision::Action::Write: {
        const qsizetype i = indexOf(decision.entry.id);
        if (i >= 0)
            m_entries[i] = decision.entry;
        else
            m_entries.append(decision.entry);
        write({.upserts = {decision.entry}}, {decision.entry.id}, note);
        if (m_sender->isOffline())
            wentOffline();
        countChanged();
        m_sender->wakeAt(decision.entry.dueAt()); // sent then (once committed: onApplied())
        return;
    }
    }
}

void Outbox::togglePostLike(qint64 postId, bool serverLiked, bool desired, const QString &target)
{
    toggle(Kind::PostLike, postId, serverLiked ? 1 : 0, desired ? 1 : 0, target, m_likes.delayMs());
}

void Outbox::setCommentVote(qint64 commentId, int serverVote, int desiredVote,
                            const QString &target)
{
    toggle(Kind::CommentVote, commentId, qBound(-1, serverVote, 1), qBound(-1, desiredVote, 1),
           target, m_likes.delayMs());
}

void Outbox::setFollow(qint64 uid, bool serverFollowing, bool desired, const QString &target)
{
    // Follows are coalesced too (one entry per person), but sent without the like delay.
    toggle(Kind::Follow, uid, serverFollowing ? 1 : 0, desired ? 1 : 0, target, 0);
}

qint64 Outbox::createComment(qint64 postId, const QString &content, qint64 parentId,
                             const QString &target)
{
    const qint64 id = allocateId();
    whenLoaded([=, this] {
        OutboxEntry e = makeEntry(Kind::CreateComment, id, target);
        e.postId = postId;
        e.parentId = parentId;
        e.payload.insert(QStringLiteral("content"), content);
        enqueue(e);
    });
    return -id;
}

qint64 Outbox::deleteComment(qint64 commentId, const QString &target)
{
    return queueOn(Kind::DeleteComment, commentId, target);
}

qint64 Outbox::createPost(const NewPost &post, const QString &target)
{
    const qint64 id = allocateId();
    const QJsonObject body = parseObject(encodeNewPost(post));
    whenLoaded([=, this] {
        OutboxEntry e = makeEntry(Kind::CreatePost, id, target);
        e.payload = body;
        enqueue(e);
    });
    return -id;
}

qint64 Outbox::createPostWithPictures(const NewPost &post, const QStringList &localImagePaths,
                                      const QString &target, QString *error)
{
    QString why;
    const auto pictures =
        outboxpictures::readPictures(post.pictureUrls.size(), localImagePaths, &why);
    if (!pictures) {
        if (error)
            *error = why;
        return 0;
    }
    if (error)
        error->clear();

    const qint64 id = allocateId();
    NewPost withPictures = post;
    if (!withPictures.category && !pictures->isEmpty())
        withPictures.category = Post::Category::Picture;
    const QJsonObject body = parseObject(encodeNewPost(withPictures));
    const outboxpictures::PictureCopies copies = outboxpictures::copiesFor(id, *pictures);
    whenLoaded([=, this] {
        OutboxEntry e = makeEntry(Kind::CreatePost, id, target);
        e.payload = body;
        e.setLocalPictures(copies.pictures);
        enqueue(e, copies.files);
    });
    return -id;
}

qint64 Outbox::deletePost(qint64 postId, const QString &target)
{
    return queueOn(Kind::DeletePost, postId, target);
}

qint64 Outbox::report(const NewReport &report, const QString &target)
{
    const qint64 id = allocateId();
    const QJsonObject body = parseObject(encodeNewReport(report));
    whenLoaded([=, this] {
        OutboxEntry e = makeEntry(Kind::Report, id, target);
        e.targetId = report.targetId;
        e.payload = body;
        enqueue(e);
    });
    return id;
}

qint64 Outbox::queueOn(Kind kind, qint64 targetId, const QString &target,
                       const QJsonObject &payload)
{
    const qint64 id = allocateId();
    whenLoaded([=, this] {
        OutboxEntry e = makeEntry(kind, id, target);
        e.targetId = targetId;
        e.payload = payload;
        enqueue(e);
    });
    return id;
}

qint64 Outbox::hideComment(qint64 commentId, const QString &reason, const QString &target)
{
    return queueOn(Kind::HideComment, commentId, target, reasonBody(reason));
}

qint64 Outbox::unhideComment(qint64 commentId, const QString &reason, const QString &target)
{
    return queueOn(Kind::UnhideComment, commentId, target, reasonBody(reason));
}

qint64 Outbox::hidePost(qint64 postId, const QString &reason, const QString &target)
{
    return queueOn(Kind::HidePost, postId, target, reasonBody(reason));
}

qint64 Outbox::unhidePost(qint64 postId, const QString &reason, const QString &target)
{
    return queueOn(Kind::UnhidePost, postId, target, reasonBody(reason));
}

qint64 Outbox::dismissReport(qint64 itemId, const QString &reason, const QString &target)
{
    return queueOn(Kind::DismissReport, itemId, target, reasonBody(reason));
}

// --- State -----------------------------------------------------------------------------------

qsizetype Outbox::indexOf(qint64 id) const
{
    for (qsizetype i = 0; i < m_entries.size(); ++i) {
        if (m_entries.at(i).id == id)
            return i;
    }
    return -1;
}

std::optional<OutboxEntry> Outbox::entry(qint64 id) const
{
    if (const qsizetype i = indexOf(id); i >= 0)
        return m_entries.at(i);
    if (const qsizetype i = indexOfFailed(id); i >= 0)
        return m_failed.at(i);
    return std::nullopt;
}

qsizetype Outbox::indexOfFailed(qint64 id) const
{
    for (qsizetype i = 0; i < m_failed.size(); ++i) {
        if (m_failed.at(i).id == id)
            return i;
    }
    return -1;
}

void Outbox::insertInOrder(QList<OutboxEntry> &list, const OutboxEntry &entry)
{
    const auto at = std::find_if(list.begin(), list.end(),
                                 [&](const OutboxEntry &e) { return e.id > entry.id; });
    list.insert(at, entry);
}

void Outbox::notifyChanged()
{
    if (m_notices.changeQueued)
        return;
    m_notices.changeQueued = true;
    QMetaObject::invokeMethod(
        this,
        [this] {
            m_notices.changeQueued = false;
            Q_EMIT entriesChanged();
        },
        Qt::QueuedConnection);
}

std::optional<OutboxEntry> Outbox::pendingToggle(Kind kind, qint64 targetId) const
{
    for (qsizetype i = m_entries.size() - 1; i >= 0; --i) {
        const OutboxEntry &e = m_entries.at(i);
        if (e.kind == kind && e.targetId == targetId && e.id != m_sender->sendingId())
            return e;
    }
    return std::nullopt;
}

qsizetype Outbox::indexOfSibling(const OutboxEntry &entry) const
{
    if (!entry.isCoalesced())
        return -1;
    for (qsizetype i = m_entries.size() - 1; i >= 0; --i) {
        const OutboxEntry &e = m_entries.at(i);
        if (e.kind == entry.kind && e.targetId == entry.targetId && e.id != entry.id)
            return i;
    }
    return -1;
}

bool Outbox::retry(qint64 id)
{
    if (id == 0 || id == m_sender->sendingId())
        return false;
    if (const qsizetype i = indexOf(id); i >= 0) {
        // Waiting (a backoff, the like delay, the whole queue's wait): now.
        OutboxEntry &e = m_entries[i];
        e.notBefore = 0;
        e.nextAttemptAt = 0;
        m_sender->forgetWait();
        write({.upserts = {e}});
        m_sender->schedule();
        return true;
    }
    if (indexOfFailed(id) < 0)
        return false;
    // The entry, the failed creations it refers to and what failed with them, transitively.
    QSet<qint64> ids{id};
    QList<qint64> todo{id};
    while (!todo.isEmpty()) {
        const OutboxEntry e = m_failed.at(indexOfFailed(todo.takeLast()));
        const QList<qint64> refs = e.localRefs();
        for (const OutboxEntry &d : std::as_const(m_failed)) {
            if (ids.contains(d.id))
                continue;
            const bool dependsOn = d.createsObject() && refs.contains(d.createdLocalId());
            const bool dependent = e.createsObject() && d.localRefs().contains(e.createdLocalId());
            if (dependsOn || dependent) {
                ids.insert(d.id);
                todo.append(d.id);
            }
        }
    }
    OutboxBatch batch;
    QList<OutboxEntry> again;
    for (qsizetype i = 0; i < m_failed.size();) {
        OutboxEntry e = m_failed.at(i);
        if (!ids.contains(e.id)) {
            ++i;
            continue;
        }
        m_failed.removeAt(i);
        const bool superseded = e.isCoalesced() && (pendingToggle(e.kind, e.targetId) ||
                                                    m_sender->isSendingToggle(e.kind, e.targetId));
        if (superseded) { // a newer toggle of the same target holds what the user wants
            batch.removals.append(e.id);
            batch.fileRemovals += e.localFiles();
            continue;
        }
        e.failure.clear();
        e.notBefore = 0;
        e.nextAttemptAt = 0;
        e.attempts = 0;
        e.lastError.clear();
        e.lastErrorText.clear();
        if (e.createsObject())
            m_localIds.failedCreates.remove(e.createdLocalId());
        insertInOrder(m_entries, e);
        batch.upserts.append(e);
        again.append(e);
    }
    write(batch);
    countChanged();
    for (const OutboxEntry &e : std::as_const(again))
        Q_EMIT requeued(e);
    m_sender->schedule();
    return true;
}

bool Outbox::discard(qint64 id)
{
    if (id == 0 || id == m_sender->sendingId() || (indexOf(id) < 0 && indexOfFailed(id) < 0))
        return false;
    // The entry and what depends on what it creates, transitively.
    QSet<qint64> ids{id};
    QList<qint64> todo{id};
    while (!todo.isEmpty()) {
        const std::optional<OutboxEntry> e = entry(todo.takeLast());
        if (!e || !e->createsObject())
            continue;
        for (const QList<OutboxEntry> *list : {&m_entries, &m_failed}) {
            for (const OutboxEntry &d : *list) {
                if (!ids.contains(d.id) && d.localRefs().contains(e->createdLocalId())) {
                    if (d.id == m_sender->sendingId())
                        return false;
                    ids.insert(d.id);
                    todo.append(d.id);
                }
            }
        }
    }
    removeEntries(ids);
    return true;
}

int Outbox::discardAllFailed()
{
    const int before = pendingCount() + failedCount();
    const QList<OutboxEntry> failed = m_failed;
    for (const OutboxEntry &e : failed) {
        if (indexOfFailed(e.id) >= 0)
            discard(e.id);
    }
    return before - pendingCount() - failedCount();
}

void Outbox::removeEntries(const QSet<qint64> &ids)
{
    OutboxBatch batch;
    QList<OutboxEntry> removed;
    for (QList<OutboxEntry> *list : {&m_entries, &m_failed}) {
        for (qsizetype i = list->size() - 1; i >= 0; --i) {
            const OutboxEntry e = list->at(i);
            if (!ids.contains(e.id))
                continue;
            list->removeAt(i);
            m_uncertain.remove(e.id);
            m_replay.waitFor.remove(e.id);
            batch.removals.append(e.id);
            batch.fileRemovals += e.localFiles();
            if (e.createsObject())
                m_localIds.failedCreates.insert(e.createdLocalId(),
                                                outboxphrases::dependencyReason(e));
            removed.append(e);
        }
    }
    std::sort(removed.begin(), removed.end(),
              [](const OutboxEntry &a, const OutboxEntry &b) { return a.id < b.id; });
    write(batch);
    countChanged();
    for (const OutboxEntry &e : std::as_const(removed))
        Q_EMIT discarded(e);
    m_sender->schedule();
}

void Outbox::countChanged()
{
    notifyChanged();
    if (const int failed = failedCount(); failed != m_notices.lastFailedCount) {
        m_notices.lastFailedCount = failed;
        Q_EMIT failedCountChanged(failed);
    }
    const int count = pendingCount();
    if (count == m_notices.lastCount)
        return;
    m_notices.lastCount = count;
    Q_EMIT pendingCountChanged(count);
}

QString Outbox::replayReport(int saved, const QStringList &failures)
{
    return outboxphrases::replayReport(saved, failures);
}

QString Outbox::failureMessage(const OutboxEntry &entry, const ApiError &error)
{
    return outboxphrases::failureSentence(entry, error);
}

} // namespace threadline::core

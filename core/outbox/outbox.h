// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The outbox (docs/design.md, "How data flows" 3–7): every user action is first written durably to
// the outbox's own SQLite file (OutboxStore: synchronous=FULL, a worker thread), then sent to
// the server in order, one request at a time, until the server has taken it.
//
//   Outbox outbox(&api);
//   outbox.open(Outbox::defaultPath(api.baseUrl(), QStringLiteral("zhangsan")));
//   connect(&outbox, &Outbox::completed, store, …);   // the server's answer, decoded: its counts
//   win connect(&outbox, &Outbox::failed, ui, …);         // "Your like on 王五's post could not …"
//   outbox.togglePostLike(90012, /*serverLiked*/ false, /*desired*/ true, tr("王五's post"));
//   qint64 local = outbox.createComment(90012, text, 0, tr("王五's post"));  // < 0 until sent
//   QString why;
//   qint64 post = outbox.createPostWithPictures(newPost, {"/home/me/a.png"}, tr("my post"), &why);
//   if (post == 0) tell(why);                 // "Picture 1 (a.png) cannot be posted: …"
//
// What it guarantees:
// - Durable before reported: persisted(id) is emitted once the entry (or its latest update) is
//   committed; an entry is never sent before that. It survives a crash or kill -9, and after
//   open() the queue replays in order.
// - One request in flight at a time, in entry order among the entries that are due: an entry
//   whose time has not come (the like delay, a backoff) does not hold back later ones, unless
//   they depend on it (they refer to an object it creates); an entry that is due but whose
//   latest change is still being committed does (it goes first, once committed).
// - Every POST carries the entry's Idempotency-Key, the same on every retry and across restarts,
//   so that a retry after a crash mid-request never doubles anything (the server replays the
//   first answer). PUT and DELETE are idempotent by meaning.
// - Failures (the ApiClient is used with retry=false; the backoff lives here and is persisted):
//   transient (network, timeout, 5xx, 429, a 2xx that is not the expected JSON) → the entry stays,
//   attempts+1, nextAttemptAt = now + random(0, min(cap, base × 2^(attempts−1))), at least the
//   Retry-After; a network error, a timeout or a 429 holds the whole queue until then.
//   401 → the queue pauses (authRequired()), nothing is rolled back; resume() after sign-in.
//   Permanent (400, 403, 404, 409, 422 and any other 4xx) → failed() says, in words, which
//   action failed and why (the optimistic change is rolled back by whoever listens: Actions);
//   entries that depend on it fail with it. A failed entry is kept, durably, with its sentence
//   (OutboxEntry::failure), apart from the queue: never sent again by itself, not counted by
//   pendingCount() (failedCount() counts it), listed by failedEntries() until the user retries
//   it (retry(): queued again, requeued() re-applies its optimistic change) or discards it.
// - retry(id) sends one entry now (a failed one, one waiting for a retry or its like delay);
//   discard(id) removes one (and what depends on it), discarded() rolls its change back;
//   discardAllFailed(). entriesChanged() says that what a list of the entries shows changed.
// - Offline (ApiClient::isOffline()): nothing is sent. Back online, backoffs are forgotten and
//   the queue replays; when it has done what it can, summaryReady() lists what failed and
//   replayFinished() also says how many were saved (replayReport() puts it in words).
// - Local ids: a comment or post created here gets the local id -entryId (negative) at once; a
//   reply to it, a like on it, its deletion… refer to that id and wait for it. When the creation
//   succeeds with server id X, every dependent entry is rewritten to X in the same transaction
//   that removes the creation, and localIdResolved(local, X) is emitted.
// - Pictures (createPostWithPictures): each file is checked and copied into the outbox's own
//   directory (mediaDir(), "<file>.media/"), the copies written and fsync'd before the entry is
//   committed, so persisted() means the pictures are safe too and the originals may go. Sending
//   uploads the pictures one by one (POST /media, the raw bytes, each with its own
//   Idempotency-Key kept in the entry) and records each URL in the entry before the next step,
//   then creates the post (its pictureUrls in order, the entry's key): after a crash or a
//   transient failure it goes on from the first picture without a URL, and a picture whose
//   answer was lost is sent again with its key and answered with the same URL. A picture the
//   server refuses (413, 422, …) fails the whole post: "Your post could not be published:
//   picture 2 is not a valid image". The copies are deleted when the post is published or
//   fails for good.
// - Likes are coalesced (likecoalescer.h): one entry per target holding the desired state;
//   toggling back to the baseline drops the entry unless it may already have reached the server
//   (sent, or loaded after a restart): then the desired state is sent explicitly. Deleting a
//   post or comment drops the pending like or vote on it.
//
// Actions may be called before open() has finished loading the file: they are applied, in order,
// once it has (a created object's local id is still returned at once).
//
// Two classes: Outbox is the queue (this file, outbox.cpp: the entries in memory and in the
// file, the actions that add them, coalescing, local ids, retry and discard by the user;
// outboxresults.cpp: what is due next and what each outcome of a request does to the entries,
// the replay summary) and the facade everyone uses; OutboxSender (outboxsender.h) sends: it
// takes the next due entry, sends its Call (outboxcalls.h) through ApiClient::send(), uploads a
// new post's pictures first, keeps the backoff, the 401 pause and the queue's wait, and decodes
// the answer once (OutboxAnswer, outboxanswer.h) before handing it back.
#pragma once

#include "net/apierror.h"
#include "outbox/likecoalescer.h"
#include "outbox/outboxanswer.h"
#include "outbox/outboxpictures.h"
#include "outbox/outboxsender.h"
#include "outbox/outboxstore.h"
#include "wire/wiretypes.h"

#include <QHash>
#include <QList>
#include <QLockFile>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <functional>
#include <memory>
#include <optional>

namespace threadline::core {

class ApiClient;

class Outbox : public QObject, private OutboxQueue
{
    Q_OBJECT

public:
    static constexpr int kDefaultBackoffBaseMs = OutboxSender::kDefaultBackoffBaseMs;
    static constexpr int kDefaultBackoffCapMs = OutboxSender::kDefaultBackoffCapMs;
    static constexpr int kDefaultRequestTimeoutMs = OutboxSender::kDefaultRequestTimeoutMs;
    // The contract's limits for a new post's pictures (POST /media: 413 above 5 MiB).
    static constexpr qint64 kMaxPictureBytes = outboxpictures::kMaxPictureBytes;
    static constexpr int kMaxPictures = outboxpictures::kMaxPictures;

    explicit Outbox(ApiClient *api, QObject *parent = nullptr);
    // Cancels the request in flight (it stays queued in the file) and waits for the file's
    // pending writes.
    ~Outbox() override;
    // <AppDataLocation>/outbox/id-<instance>/<user>.sqlite for a server whose instance is known
    // (ServerIdentity), else <AppDataLocation>/outbox/<host>_<port>/<user>.sqlite
    [[nodiscard]] static QString defaultPath(const QUrl &server, const QString &user,
                                             const QString &instance = {});

    // Opens (or creates) the file and loads its entries; opened() answers. Call once.
    // The file is locked ("<path>.lock", QLockFile) for as long as this outbox lives: when another
    // process holds it, nothing is opened, loaded or sent, and inUseElsewhere() says so (after
    // open() has returned, from the event loop).
    void open(const QString &path);
    [[nodiscard]] bool isOpen() const { return m_loaded; }
    // Another process holds this outbox's file (open() found it locked).
    [[nodiscard]] bool isInUseElsewhere() const { return m_inUseElsewhere; }
    [[nodiscard]] QString path() const { return m_store->path(); }
    // Where the copies of pictures waiting to be uploaded are kept: "<path>.media".
    [[nodiscard]] QString mediaDir() const { return m_store->mediaDir(); }

    // --- Settings -------------------------------------------------------------------------
    void setLikeDelayMs(int ms) { m_likes.setDelayMs(ms); }
    [[nodiscard]] int likeDelayMs() const { return m_likes.delayMs(); }
    void setBackoff(int baseMs, int capMs) { m_sender->setBackoff(baseMs, capMs); }
    [[nodiscard]] int backoffBaseMs() const { return m_sender->backoffBaseMs(); }
    [[nodiscard]] int backoffCapMs() const { return m_sender->backoffCapMs(); }
    void setRequestTimeoutMs(int ms) { m_sender->setRequestTimeoutMs(ms); }
    void setRandomSeed(quint32 seed) { m_sender->setRandomSeed(seed); }

    // --- Actions ----------------------------------------------------------------------------
    // `target` is the object as the actor names it ("王五's post", "李四's comment", "王五"); it
    // goes into the sentence failed() gives. Coalesced toggles: the baseline is what the caller
    // believes the server has (a pending entry keeps its own).
    void togglePostLike(qint64 postId, bool serverLiked, bool desired, const QString &target);
    // vote: 1 like, -1 oppose, 0 none.
    void setCommentVote(qint64 commentId, int serverVote, int desiredVote, const QString &target);
    void setFollow(qint64 uid, bool serverFollowing, bool desired, const QString &target);
    // Follows (desired) or unfollows a topic (its key): an entry keyed by the topic's name; a
    // change taken back before its entry was sent drops that entry (nothing is sent).
    void setTopicFollow(const QString &topic, bool desired, const QString &target);

    // Each returns the entry id; a creation returns the new object's local id (< 0) instead.
    qint64 createComment(qint64 postId, const QString &content, qint64 parentId,
                         const QString &target);
    qint64 deleteComment(qint64 commentId, const QString &target);
    qint64 createPost(const NewPost &post, const QString &target);
    // A new post with pictures from local files, uploaded before the post is created (their
    // URLs follow post.pictureUrls). Every file is read and checked here, on the caller's
    // thread: it must exist, hold at most kMaxPictureBytes and be PNG, JPEG or WebP by its bytes,
    // and there may be kMaxPictures in all. On success the bytes are copied into mediaDir()
    // with the entry (persisted() once both are durable) and the post's local id (< 0) is
    // returned; the originals may be deleted at once. Otherwise nothing is queued, 0 is
    // returned and *error (when given) says in words which picture was refused and why.
    qint64 createPostWithPictures(const NewPost &post, const QStringList &localImagePaths,
                                  const QString &target, QString *error = nullptr);
    qint64 deletePost(qint64 postId, const QString &target);
    qint64 report(const NewReport &report, const QString &target);
    qint64 hideComment(qint64 commentId, const QString &reason, const QString &target);
    qint64 unhideComment(qint64 commentId, const QString &reason, const QString &target);
    qint64 hidePost(qint64 postId, const QString &reason, const QString &target);
    qint64 unhidePost(qint64 postId, const QString &reason, const QString &target);
    qint64 dismissReport(qint64 itemId, const QString &reason, const QString &target);
    // Messages on a person's board (uid: the board's owner; target: "王五's board", "麻子's
    // message"). A like is sent as the state wanted (PUT or DELETE), not coalesced.
    qint64 leaveMessage(qint64 uid, const QString &content, const QString &target);
    qint64 deleteMessage(qint64 messageId, const QString &target);
    qint64 setMessageLike(qint64 messageId, bool liked, const QString &target);
    qint64 hideMessage(qint64 messageId, const QString &reason, const QString &target);
    qint64 unhideMessage(qint64 messageId, const QString &reason, const QString &target);
    // POST /reports with targetType "message".
    qint64 reportMessage(qint64 messageId, Report::Reason reason,
                         const std::optional<QString> &note, const QString &target);
    // Notifications marked as read: one, or all up to an id (nullopt: all).
    qint64 markNotificationRead(qint64 notificationId);
    qint64 markNotificationsRead(std::optional<qint64> upTo);

    // --- State ------------------------------------------------------------------------------
    // The entries still to be sent (failed ones are not counted: failedCount()).
    [[nodiscard]] int pendingCount() const { return int(m_entries.size()); }
    // The entries still to be sent, in order.
    [[nodiscard]] QList<OutboxEntry> entries() const { return m_entries; }
    // The entries that failed for good and are kept for the user (OutboxEntry::failure says
    // why), in creation order.
    [[nodiscard]] QList<OutboxEntry> failedEntries() const { return m_failed; }
    [[nodiscard]] int failedCount() const { return int(m_failed.size()); }
    // An entry still to be sent, or a failed one.
    [[nodiscard]] std::optional<OutboxEntry> entry(qint64 id) const;
    // The entry whose request is in flight (0: none).
    [[nodiscard]] qint64 sendingId() const { return m_sender->sendingId(); }
    // Offline (the API client's switch): nothing is sent.
    [[nodiscard]] bool isOffline() const { return m_sender->isOffline(); }
    // The whole queue waits until then (ms since the epoch) after a network error, a timeout
    // or a 429; 0 when it does not.
    [[nodiscard]] qint64 queueWaitsUntil() const { return m_sender->waitsUntil(); }
    // The coalesced entry for a target not yet sent (kind PostLike, CommentVote or Follow).
    [[nodiscard]] std::optional<OutboxEntry> pendingToggle(OutboxEntry::Kind kind,
                                                           qint64 targetId) const;
    [[nodiscard]] bool isPaused() const { return m_sender->isPaused(); }
    [[nodiscard]] bool isSending() const { return m_sender->sendingId() != 0; }
    // The server id a local id became (0 while unknown; this session only).
    [[nodiscard]] qint64 resolvedId(qint64 localId) const
    {
        return m_localIds.resolved.value(localId);
    }

    // After sign-in: leaves the pause a 401 caused and sends what is due.
    void resume();
    // Forgets every backoff and sends what is due now (e.g. the user pressed "Retry").
    void retryNow();
    // Sends one entry now: a failed one is queued again in its place (requeued(); what failed
    // with it because it depended on it — a reply to a failed comment — and the failed
    // creations it depends on are queued again too), a waiting one forgets its backoff and its
    // like delay. A failed toggle whose target has a newer toggle queued is dropped instead
    // (the newer one holds what the user wants). False when there is no such entry or it is
    // being sent.
    bool retry(qint64 id);
    // Removes one entry for good, and what depends on it (a reply to a comment never created);
    // discarded() for each, so that its optimistic change is rolled back. False when there is
    // no such entry or it is being sent (its answer decides).
    bool discard(qint64 id);
    // Discards every failed entry; returns how many.
    int discardAllFailed();

    // The sentence failed() gives for an entry and an error (translated, context
    // threadline::core::Outbox).
    [[nodiscard]] static QString failureMessage(const OutboxEntry &entry, const ApiError &error);
    // The replay report in words: "12 changes saved; 2 could not be:" and each failure's
    // sentence on a line of its own ("12 changes saved." when none failed).
    [[nodiscard]] static QString replayReport(int saved, const QStringList &failures);

Q_SIGNALS:
    void opened(bool ok, const QString &error);
    // open() found the file locked by another process (`pid`): nothing of it is loaded or sent;
    // `sentence` says so to the user.
    void inUseElsewhere(qint64 pid, const QString &sentence);
    // The entry (its creation or its latest coalesced update) is committed to the file.
    void persisted(qint64 entryId);
    // A toggle (togglePostLike, setCommentVote, setFollow) is durable: whatever it did to the
    // target's entry (written, updated, dropped, or nothing to do) is committed to the file.
    void toggleSaved(threadline::core::OutboxEntry::Kind kind, qint64 targetId, int desired);
    // The entry's request is about to leave (once per attempt; a post with pictures sends one
    // request per picture upload, then the post).
    void sent(const threadline::core::OutboxEntry &entry);
    // Picture `index` (0-based) of the post entry `entryId` is on the server, at `url`; the
    // entry records it (durably before its next request leaves).
    void pictureUploaded(qint64 entryId, int index, const QString &url);
    // The server took it; `answer` is what it answered, decoded (outboxanswer.h: nothing for a
    // 204; a report the server already had from me, 200 instead of 201, is alreadyReported).
    void completed(const threadline::core::OutboxEntry &entry,
                   const threadline::core::OutboxAnswer &answer);
    // Failed for good: `message` says which action failed and why. The entry is kept as failed
    // (entry.failure == message; failedEntries()) unless a newer toggle of its target took its
    // place.
    void failed(const threadline::core::OutboxEntry &entry, const QString &message);
    // retry() queued a failed entry again (as it is now queued): its optimistic change may be
    // shown again.
    void requeued(const threadline::core::OutboxEntry &entry);
    // discard() removed the entry (as it was; entry.isFailed() when it had failed and its
    // change was rolled back already).
    void discarded(const threadline::core::OutboxEntry &entry);
    void failedCountChanged(int count);
    // What a list of the entries shows changed: an entry queued, updated, sent, answered,
    // failed, retried or discarded; offline or paused. Once per event-loop turn at most.
    void entriesChanged();
    // A transient failure: the entry stays and is tried again at entry.nextAttemptAt.
    void retryScheduled(const threadline::core::OutboxEntry &entry,
                        const threadline::core::ApiError &error);
    void localIdResolved(qint64 localId, qint64 serverId);
    // A 401: the queue is paused until resume().
    void authRequired();
    void pendingCountChanged(int count);
    // After an offline period, once every action queued by then has been tried (completed,
    // failed, or failed transiently and waiting for a retry): the sentences of the actions that
    // failed (empty when everything was applied).
    void summaryReady(const QStringList &failures);
    // The same moment: how many actions were saved since the queue started to replay, and the
    // sentences of those that failed.
    void replayFinished(int saved, const QStringList &failures);
    // Writing the file failed (disk full, …): the entry is kept in memory only.
    void storageError(const QString &message);

private:
    struct WriteInfo
    {
        QList<qint64> upserted; // entries written by the batch
        QList<qint64> announce; // persisted() for these once committed
        bool toggle = false;    // toggleSaved() once committed, with:
        OutboxEntry::Kind kind = OutboxEntry::Kind::PostLike;
        qint64 targetId = 0;
        int desired = 0;
    };
    // Local ids (this session): what each became, or why its creation failed.
    struct LocalIds
    {
        QHash<qint64, qint64> resolved;       // local id → server id
        QHash<qint64, QString> failedCreates; // local id → the reason its creation failed
    };
    // The file's bookkeeping: what each batch does once committed, and which entries have a
    // change not committed yet. The tickets number the file reads too.
    struct Writes
    {
        quint64 nextTicket = 0;
        QHash<quint64, WriteInfo> pending; // ticket → what to do once it is committed
        QHash<qint64, quint64> unsaved;    // entry id → the ticket of its latest write
    };
    // Signals given at most once per event-loop turn, or only when their value changed.
    struct Notices
    {
        bool changeQueued = false;
        int lastCount = 0;
        int lastFailedCount = 0;
    };
    // The replay after an offline period, until its summary is given.
    struct Replay
    {
        bool offlinePeriod = false; // went offline with work, summary not given yet
        bool summaryDue = false;    // back online: summarize once the queue has done its work
        QSet<qint64> waitFor;       // entries of the offline period not yet tried since
        QStringList failures;
        int saved = 0; // completed since the replay started
    };

    // An action on one target (its payload as given), queued once the file is loaded.
    qint64 queueOn(OutboxEntry::Kind kind, qint64 targetId, const QString &target,
                   const QJsonObject &payload = {});
    void whenLoaded(std::function<void()> action);
    void onOpened(bool ok, const QList<OutboxEntry> &entries, const QString &error);
    void onApplied(quint64 ticket, bool ok, const QString &error);
    void onOfflineChanged(bool offline);

    qint64 allocateId();
    OutboxEntry makeEntry(OutboxEntry::Kind kind, qint64 id, const QString &target) const;
    // Queues a new entry; `files` (its pictures) are written durably with it.
    void enqueue(const OutboxEntry &entry, const QList<OutboxFile> &files = {});
    void toggle(OutboxEntry::Kind kind, qint64 targetId, int baseline, int desired,
                const QString &target, int delayMs);
    void write(const OutboxBatch &batch, const QList<qint64> &announce = {});
    void write(const OutboxBatch &batch, const QList<qint64> &announce, const WriteInfo &toggle);
    // Another entry of the same coalesced kind and target than `entry` (the latest), if any.
    [[nodiscard]] qsizetype indexOfSibling(const OutboxEntry &entry) const;
    void applyResolvedIds(OutboxEntry &entry) const;
    qsizetype indexOf(qint64 id) const;
    void countChanged();
    // Inserts into m_entries or m_failed by id (creation order).
    static void insertInOrder(QList<OutboxEntry> &list, const OutboxEntry &entry);
    qsizetype indexOfFailed(qint64 id) const;
    // Removes the entries (live or failed) with these ids from memory and the file;
    // discarded() for each.
    void removeEntries(const QSet<qint64> &ids);

    // --- OutboxQueue: for the sender (outboxresults.cpp) ------------------------------------
    [[nodiscard]] bool isLoaded() const override { return m_loaded; }
    [[nodiscard]] Due nextDue(qint64 now) override;
    [[nodiscard]] std::optional<OutboxEntry> queued(qint64 id) const override;
    void aboutToSend(const OutboxEntry &entry) override;
    [[nodiscard]] quint64 readFile(const QString &file) override;
    void wentOffline() override;
    void recordPicture(qint64 id, int index, const QString &url) override;
    void succeed(const OutboxEntry &entry, const OutboxAnswer &answer) override;
    void defer(qint64 id, int attempts, qint64 nextAttemptAt, const ApiError &error) override;
    bool supersede(const OutboxEntry &entry) override;
    void failEntries(const QList<QPair<OutboxEntry, QString>> &failures) override;
    void pausedForAuth() override;
    void maybeSummarize() override;
    void notifyChanged() override; // entriesChanged(), once per event-loop turn

    QPointer<ApiClient> m_api;
    OutboxStore *m_store = nullptr;
    OutboxSender *m_sender = nullptr;
    LikeCoalescer m_likes;

    bool m_opening = false;
    bool m_loaded = false;
    bool m_inUseElsewhere = false;
    std::unique_ptr<QLockFile> m_lock;       // "<path>.lock", held while this outbox lives
    QList<std::function<void()>> m_deferred; // actions before the file is loaded
    QList<OutboxEntry> m_entries;            // the mirror, in creation order
    QList<OutboxEntry> m_failed;             // failed for good, kept for the user
    qint64 m_lastId = 0;
    LocalIds m_localIds;
    QSet<qint64> m_uncertain; // coalesced entries that may have reached the server already
    Writes m_writes;
    Notices m_notices;
    Replay m_replay;
};

} // namespace threadline::core

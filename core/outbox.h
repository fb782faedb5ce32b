// The outbox (design.md, "How data flows" 3–7): every user action is first written durably to
// the outbox's own SQLite file (OutboxStore: synchronous=FULL, a worker thread), then sent to
// the server in order, one request at a time, until the server has taken it.
//
//   Outbox outbox(&api);
//   outbox.open(Outbox::defaultPath(api.baseUrl(), QStringLiteral("zhangsan")));
//   connect(&outbox, &Outbox::completed, store, …);   // the server's answer: its counts win
//   connect(&outbox, &Outbox::failed, ui, …);         // "Your like on 王五's post could not …"
//   outbox.togglePostLike(90012, /*serverLiked*/ false, /*desired*/ true, tr("王五's post"));
//   qint64 local = outbox.createComment(90012, text, 0, tr("王五's post"));  // < 0 until sent
//
// What it guarantees:
// - Durable before reported: persisted(id) is emitted once the entry (or its latest update) is
//   committed; an entry is never sent before that. It survives a crash or kill -9, and after
//   open() the queue replays in order.
// - One request in flight at a time, in entry order among the entries that are due: an entry
//   whose time has not come (the like delay, a backoff) does not hold back later ones, unless
//   they depend on it (they refer to an object it creates).
// - Every POST carries the entry's Idempotency-Key, the same on every retry and across restarts,
//   so that a retry after a crash mid-request never doubles anything (the server replays the
//   first answer). PUT and DELETE are idempotent by meaning.
// - Failures (the ApiClient is used with retry=false; the backoff lives here and is persisted):
//   transient (network, timeout, 5xx, 429, a 2xx that is not the expected JSON) → the entry stays,
//   attempts+1, nextAttemptAt = now + random(0, min(cap, base × 2^(attempts−1))), at least the
//   Retry-After; a network error, a timeout or a 429 holds the whole queue until then.
//   401 → the queue pauses (authRequired()), nothing is rolled back; resume() after sign-in.
//   Permanent (400, 403, 404, 409, 422 and any other 4xx) → the entry is removed and failed()
//   says, in words, which action failed and why; entries that depend on it fail with it.
// - Offline (ApiClient::isOffline()): nothing is sent. Back online, backoffs are forgotten and
//   the queue replays; when it has done what it can, summaryReady() lists what failed.
// - Local ids: a comment or post created here gets the local id -entryId (negative) at once; a
//   reply to it, a like on it, its deletion… refer to that id and wait for it. When the creation
//   succeeds with server id X, every dependent entry is rewritten to X in the same transaction
//   that removes the creation, and localIdResolved(local, X) is emitted.
// - Likes are coalesced (likecoalescer.h): one entry per target holding the desired state;
//   toggling back to the baseline drops the entry unless it may already have reached the server
//   (sent, or loaded after a restart): then the desired state is sent explicitly. Deleting a
//   post or comment drops the pending like or vote on it.
//
// Actions may be called before open() has finished loading the file: they are applied, in order,
// once it has (a created object's local id is still returned at once).
#pragma once

#include "apierror.h"
#include "likecoalescer.h"
#include "outboxstore.h"
#include "wiretypes.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QRandomGenerator>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <functional>
#include <optional>

class QTimer;

namespace threadline::core {

class ApiClient;
class ApiReply;

class Outbox : public QObject
{
    Q_OBJECT

public:
    static constexpr int kDefaultBackoffBaseMs = 1000;
    static constexpr int kDefaultBackoffCapMs = 60000;
    static constexpr int kDefaultRequestTimeoutMs = 15000;

    explicit Outbox(ApiClient *api, QObject *parent = nullptr);
    // Cancels the request in flight (it stays queued in the file) and waits for the file's
    // pending writes.
    ~Outbox() override;

    // <AppDataLocation>/outbox/<host>_<port>/<user>.sqlite
    [[nodiscard]] static QString defaultPath(const QUrl &server, const QString &user);

    // Opens (or creates) the file and loads its entries; opened() answers. Call once.
    void open(const QString &path);
    [[nodiscard]] bool isOpen() const { return m_loaded; }
    [[nodiscard]] QString path() const { return m_store->path(); }

    // --- Settings -------------------------------------------------------------------------
    void setLikeDelayMs(int ms) { m_likes.setDelayMs(ms); }
    [[nodiscard]] int likeDelayMs() const { return m_likes.delayMs(); }
    void setBackoff(int baseMs, int capMs);
    [[nodiscard]] int backoffBaseMs() const { return m_backoffBaseMs; }
    [[nodiscard]] int backoffCapMs() const { return m_backoffCapMs; }
    void setRequestTimeoutMs(int ms) { m_requestTimeoutMs = ms; }
    void setRandomSeed(quint32 seed) { m_rng.seed(seed); }

    // --- Actions ----------------------------------------------------------------------------
    // `target` is the object as the actor names it ("王五's post", "李四's comment", "王五"); it
    // goes into the sentence failed() gives. Coalesced toggles: the baseline is what the caller
    // believes the server has (a pending entry keeps its own).
    void togglePostLike(qint64 postId, bool serverLiked, bool desired, const QString &target);
    // vote: 1 like, -1 oppose, 0 none.
    void setCommentVote(qint64 commentId, int serverVote, int desiredVote, const QString &target);
    void setFollow(qint64 uid, bool serverFollowing, bool desired, const QString &target);

    // Each returns the entry id; a creation returns the new object's local id (< 0) instead.
    qint64 createComment(qint64 postId, const QString &content, qint64 parentId,
                         const QString &target);
    qint64 deleteComment(qint64 commentId, const QString &target);
    qint64 createPost(const NewPost &post, const QString &target);
    qint64 deletePost(qint64 postId, const QString &target);
    qint64 report(const NewReport &report, const QString &target);
    qint64 hideComment(qint64 commentId, const QString &reason, const QString &target);
    qint64 unhideComment(qint64 commentId, const QString &reason, const QString &target);
    qint64 hidePost(qint64 postId, const QString &reason, const QString &target);
    qint64 unhidePost(qint64 postId, const QString &reason, const QString &target);
    qint64 dismissReport(qint64 itemId, const QString &reason, const QString &target);

    // --- State ------------------------------------------------------------------------------
    [[nodiscard]] int pendingCount() const { return int(m_entries.size()); }
    [[nodiscard]] QList<OutboxEntry> entries() const { return m_entries; }
    [[nodiscard]] std::optional<OutboxEntry> entry(qint64 id) const;
    // The coalesced entry for a target not yet sent (kind PostLike, CommentVote or Follow).
    [[nodiscard]] std::optional<OutboxEntry> pendingToggle(OutboxEntry::Kind kind,
                                                           qint64 targetId) const;
    [[nodiscard]] bool isPaused() const { return m_paused; }
    [[nodiscard]] bool isSending() const { return m_inFlightId != 0; }
    // The server id a local id became (0 while unknown; this session only).
    [[nodiscard]] qint64 resolvedId(qint64 localId) const { return m_resolved.value(localId); }

    // After sign-in: leaves the pause a 401 caused and sends what is due.
    void resume();
    // Forgets every backoff and sends what is due now (e.g. the user pressed "Retry").
    void retryNow();

    // The sentence failed() gives for an entry and an error (translated, context
    // threadline::core::Outbox).
    [[nodiscard]] static QString failureMessage(const OutboxEntry &entry, const ApiError &error);

Q_SIGNALS:
    void opened(bool ok, const QString &error);
    // The entry (its creation or its latest coalesced update) is committed to the file.
    void persisted(qint64 entryId);
    // A toggle (togglePostLike, setCommentVote, setFollow) is durable: whatever it did to the
    // target's entry (written, updated, dropped, or nothing to do) is committed to the file.
    void toggleSaved(threadline::core::OutboxEntry::Kind kind, qint64 targetId, int desired);
    // The entry's request is about to leave (once per attempt).
    void sent(const threadline::core::OutboxEntry &entry);
    // The server took it; `answer` is its JSON object ({} for a 204).
    void completed(const threadline::core::OutboxEntry &entry, const QJsonObject &answer);
    // Removed for good: `message` says which action failed and why.
    void failed(const threadline::core::OutboxEntry &entry, const QString &message);
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

    void whenLoaded(std::function<void()> action);
    void onOpened(bool ok, const QList<OutboxEntry> &entries, const QString &error);
    void onApplied(quint64 ticket, bool ok, const QString &error);
    void onOfflineChanged(bool offline);

    qint64 allocateId();
    OutboxEntry makeEntry(OutboxEntry::Kind kind, qint64 id, const QString &target) const;
    void enqueue(const OutboxEntry &entry);
    void toggle(OutboxEntry::Kind kind, qint64 targetId, int baseline, int desired,
                const QString &target, int delayMs);
    void write(const OutboxBatch &batch, const QList<qint64> &announce = {});
    void write(const OutboxBatch &batch, const QList<qint64> &announce, const WriteInfo &toggle);
    // Another entry of the same coalesced kind and target than `entry` (the latest), if any.
    [[nodiscard]] qsizetype indexOfSibling(const OutboxEntry &entry) const;
    // The in-flight coalesced entry did not complete: a newer entry for the same target takes
    // its place, with an uncertain baseline. True when there was one.
    bool supersede(const OutboxEntry &entry);
    void applyResolvedIds(OutboxEntry &entry) const;

    qsizetype indexOf(qint64 id) const;
    void schedule();              // soon, once per event-loop turn
    void pump();                  // picks and sends the next due entry, or arms the timer
    void send(OutboxEntry entry); // a copy: slots of sent() may change m_entries
    void onReplyFinished();
    void succeed(const OutboxEntry &entry, const QJsonObject &answer);
    void retryLater(const OutboxEntry &entry, const ApiError &error);
    // Removes the entries (and, transitively, what depends on them) and emits failed().
    void failEntries(const QList<QPair<OutboxEntry, QString>> &failures);
    void countChanged();
    void maybeSummarize();

    QPointer<ApiClient> m_api;
    OutboxStore *m_store = nullptr;
    LikeCoalescer m_likes;
    QRandomGenerator m_rng;
    int m_backoffBaseMs = kDefaultBackoffBaseMs;
    int m_backoffCapMs = kDefaultBackoffCapMs;
    int m_requestTimeoutMs = kDefaultRequestTimeoutMs;

    bool m_opening = false;
    bool m_loaded = false;
    QList<std::function<void()>> m_deferred; // actions before the file is loaded
    QList<OutboxEntry> m_entries;            // the mirror, in creation order
    qint64 m_lastId = 0;
    QHash<qint64, qint64> m_resolved;       // local id → server id
    QHash<qint64, QString> m_failedCreates; // local id → the reason its creation failed
    QSet<qint64> m_uncertain; // coalesced entries that may have reached the server already

    quint64 m_nextTicket = 0;
    QHash<quint64, WriteInfo> m_writes;
    QHash<qint64, quint64> m_unsaved; // entry id → the ticket of its latest write

    ApiReply *m_inFlight = nullptr;
    qint64 m_inFlightId = 0; // set from just before sent() until the answer is handled
    OutboxEntry m_inFlightEntry;
    bool m_paused = false;
    qint64 m_gateUntil = 0; // the whole queue waits until then (network down, 429)
    QTimer *m_timer = nullptr;
    bool m_pumpQueued = false;
    int m_lastCount = 0;

    bool m_offlinePeriod = false;  // went offline with work, summary not given yet
    bool m_summaryDue = false;     // back online: summarize once the queue has done its work
    QSet<qint64> m_summaryWaitFor; // entries of the offline period not yet tried since
    QStringList m_summary;
};

} // namespace threadline::core

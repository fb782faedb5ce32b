// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The outbox's sender (outbox.h says what the outbox guarantees): it asks its queue (Outbox) for
// the next entry that is due, sends it through ApiClient::send() — a new post's pictures first,
// one POST /media per picture — and hands the outcome back to the queue: the answer decoded
// once (OutboxAnswer), a transient failure with its backoff, a 401's pause, a permanent failure
// in words. One request in flight at a time; the ApiClient is used with retry=false, the
// backoff lives here (capped exponential with full jitter, at least the Retry-After) and the
// queue persists it with the entry.
//
// Its state is the request in flight, the picture upload of the post in flight, the pause
// after a 401 and the wait of the whole queue after a network error, a timeout or a 429. What
// is queued, durable, coalesced or failed is the queue's: the sender sees it through
// OutboxQueue, which Outbox implements (outboxresults.cpp), so that neither header needs the
// other's class.
#pragma once

#include "net/apierror.h"
#include "outbox/outboxstore.h"

#include <QList>
#include <QObject>
#include <QPair>
#include <QPointer>
#include <QRandomGenerator>

#include <optional>

class QTimer;

namespace threadline::core {

class ApiClient;
class ApiReply;
struct Call;
struct OutboxAnswer;

// What the sender asks of its queue, and tells it.
class OutboxQueue
{
public:
    // What to do next: send `entry`; or wait until wakeAt (0: nothing waits); or wait for a
    // commit (the queue schedules the sender again); or look again (failedSome: entries that
    // refer to a creation that failed have failed with it).
    struct Due
    {
        std::optional<OutboxEntry> entry;
        qint64 wakeAt = 0;
        bool waitForCommit = false;
        bool failedSome = false;
    };

    [[nodiscard]] virtual bool isLoaded() const = 0;
    [[nodiscard]] virtual Due nextDue(qint64 now) = 0;
    // An entry still queued, as it is now.
    [[nodiscard]] virtual std::optional<OutboxEntry> queued(qint64 id) const = 0;
    // The entry's request is about to leave (sent()); a coalesced one may reach the server now.
    virtual void aboutToSend(const OutboxEntry &entry) = 0;
    // Reads a picture's copy on the store's thread: OutboxStore::fileRead answers with the ticket.
    [[nodiscard]] virtual quint64 readFile(const QString &file) = 0;
    virtual void wentOffline() = 0;
    // Picture `index` of entry `id` is on the server at `url` (durably before the next step).
    virtual void recordPicture(qint64 id, int index, const QString &url) = 0;
    virtual void succeed(const OutboxEntry &entry, const OutboxAnswer &answer) = 0;
    // A transient failure: entry `id` waits until nextAttemptAt (retryScheduled()).
    virtual void defer(qint64 id, int attempts, qint64 nextAttemptAt, const ApiError &error) = 0;
    // The in-flight coalesced entry did not complete: a newer entry for the same target takes
    // its place, with an uncertain baseline. True when there was one.
    virtual bool supersede(const OutboxEntry &entry) = 0;
    // Fails the entries for good (and, transitively, what depends on them): failed().
    virtual void failEntries(const QList<QPair<OutboxEntry, QString>> &failures) = 0;
    // A 401: the queue is paused until resume() (authRequired()).
    virtual void pausedForAuth() = 0;
    virtual void maybeSummarize() = 0;
    virtual void notifyChanged() = 0;

protected:
    ~OutboxQueue() = default;
};

class OutboxSender : public QObject
{
    Q_OBJECT

public:
    static constexpr int kDefaultBackoffBaseMs = 1000;
    static constexpr int kDefaultBackoffCapMs = 60000;
    static constexpr int kDefaultRequestTimeoutMs = 15000;

    // Sends the entries of `queue`, whose file is `store` (its picture copies are read there).
    OutboxSender(ApiClient *api, OutboxStore *store, OutboxQueue *queue, QObject *parent);
    // Cancels the request in flight silently: its entry stays queued in the file.
    ~OutboxSender() override;

    void setBackoff(int baseMs, int capMs);
    [[nodiscard]] int backoffBaseMs() const { return m_backoffBaseMs; }
    [[nodiscard]] int backoffCapMs() const { return m_backoffCapMs; }
    void setRequestTimeoutMs(int ms) { m_requestTimeoutMs = ms; }
    void setRandomSeed(quint32 seed) { m_rng.seed(seed); }

    [[nodiscard]] bool isOffline() const;
    // The entry whose request is in flight (0: none), and that entry as it was sent.
    [[nodiscard]] qint64 sendingId() const { return m_inFlight.id; }
    [[nodiscard]] const OutboxEntry &sendingEntry() const { return m_inFlight.entry; }
    [[nodiscard]] bool isPaused() const { return m_paused; }
    // The whole queue waits until then (ms since the epoch); 0 when it does not.
    [[nodiscard]] qint64 waitsUntil() const { return m_gateUntil; }
    // True when `kind` on `targetId` is in flight.
    [[nodiscard]] bool isSendingToggle(OutboxEntry::Kind kind, qint64 targetId) const;

    // Looks for the next due entry soon (once per event-loop turn).
    void schedule();
    // Leaves the pause a 401 caused and sends what is due.
    void resume();
    // Forgets the whole queue's wait (the entries' own backoffs are the queue's).
    void forgetWait() { m_gateUntil = 0; }
    // Offline: nothing is sent, the timer stops.
    void stop();
    // Looks for the next due entry at `when` (ms since the epoch) at the latest: a toggle's
    // entry is due then (its like delay). Sooner when something else is due sooner.
    void wakeAt(qint64 when);

private:
    struct InFlight
    {
        ApiReply *reply = nullptr;
        qint64 id = 0; // set from just before sent() until the answer is handled
        OutboxEntry entry;
        int picture = -1;       // the picture being uploaded for it (-1: the entry's own call)
        quint64 readTicket = 0; // that picture's file being read before its upload (0: none)
    };

    // Sends the next due entry (a new post's next picture first), or arms the timer for the
    // earliest one.
    void pump();
    void onFileRead(quint64 ticket, bool ok, const QByteArray &data, const QString &error);
    // Emits sent() and sends the call (the answer: onReplyFinished()).
    void dispatch(const OutboxEntry &entry, const Call &call, const QByteArray &key,
                  const QByteArray &contentType = "application/json");
    void onReplyFinished();
    // The answer to the upload of picture `index` of `entry`.
    void onUploadFinished(const OutboxEntry &entry, int index, ApiReply *reply);
    // A failure that is not permanent: offline or cancelled (nothing to do), 401 (the queue
    // pauses until the user signs in), else retryLater().
    void waitOrRetry(const OutboxEntry &entry, const ApiError &error);
    void retryLater(const OutboxEntry &entry, const ApiError &error);

    QPointer<ApiClient> m_api;
    OutboxQueue *m_queue;
    QTimer *m_timer;
    QRandomGenerator m_rng;
    int m_backoffBaseMs = kDefaultBackoffBaseMs;
    int m_backoffCapMs = kDefaultBackoffCapMs;
    int m_requestTimeoutMs = kDefaultRequestTimeoutMs;
    InFlight m_inFlight;
    bool m_paused = false;
    bool m_pumpQueued = false;
    qint64 m_gateUntil = 0; // the whole queue waits until then (network down, 429)
};

} // namespace threadline::core

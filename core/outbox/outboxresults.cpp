// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The outbox's queue (outbox.h), its side of sending: what is due next, and what each outcome of
// a request does to the entries — success and local ids resolved, a transient failure and its
// backoff (persisted with the entry), a permanent failure and what depends on it, a picture's
// URL recorded — and the replay after an offline period with its summary. OutboxSender
// (outboxsender.cpp) makes the requests and calls these.
#include "outbox/outbox.h"

#include "outbox/outboxphrases.h"

#include <limits>

namespace threadline::core {

void Outbox::resume()
{
    m_sender->resume();
}

void Outbox::retryNow()
{
    m_sender->forgetWait();
    OutboxBatch batch;
    for (OutboxEntry &e : m_entries) {
        if (e.nextAttemptAt != 0 && e.id != m_sender->sendingId()) {
            e.nextAttemptAt = 0;
            batch.upserts.append(e);
        }
    }
    write(batch);
    m_sender->schedule();
}

void Outbox::wentOffline()
{
    if (!m_entries.isEmpty())
        m_replay.offlinePeriod = true;
}

void Outbox::onOfflineChanged(bool offline)
{
    notifyChanged();
    if (offline) {
        wentOffline();
        m_sender->stop();
        return;
    }
    if (m_replay.offlinePeriod) {
        if (!m_replay.summaryDue)
            m_replay.saved = 0;
        m_replay.summaryDue = true;
        for (const OutboxEntry &e : std::as_const(m_entries))
            m_replay.waitFor.insert(e.id);
    }
    retryNow(); // back online: forget the backoffs of the offline time
}

OutboxQueue::Due Outbox::nextDue(qint64 now)
{
    QSet<qint64> pendingCreates;
    for (const OutboxEntry &e : m_entries) {
        if (e.createsObject())
            pendingCreates.insert(e.createdLocalId());
    }
    QList<QPair<OutboxEntry, QString>> orphans;
    Due due;
    qint64 nextWake = std::numeric_limits<qint64>::max();
    for (qsizetype i = 0; i < m_entries.size(); ++i) {
        bool blocked = false;
        for (const qint64 ref : m_entries.at(i).localRefs()) {
            if (pendingCreates.contains(ref)) {
                blocked = true;
                break;
            }
            if (m_localIds.resolved.contains(ref)) { // created meanwhile: name the server's id
                m_entries[i].rewriteRef(ref, m_localIds.resolved.value(ref));
                write({.upserts = {m_entries.at(i)}});
                continue;
            }
            const OutboxEntry &e = m_entries.at(i);
            // Refers to a local id whose creation is gone and was never resolved here: it
            // failed (this session or before), so this entry cannot be done either.
            orphans.append({e, outboxphrases::sentence(
                                   e, m_localIds.failedCreates.value(
                                          ref, outboxphrases::unknownDependencyReason()))});
            blocked = true;
            break;
        }
        if (blocked)
            continue;
        const OutboxEntry &e = m_entries.at(i);
        // Strictly after its time: with millisecond clocks, "due at T" never fires before T.
        if (const qint64 at = e.dueAt(); at >= now) {
            nextWake = qMin(nextWake, at);
            continue;
        }
        // Due, but its latest change (its creation, an id rewritten when what it refers to was
        // created, a picture's URL) is not committed yet: it goes first once it is — a later
        // entry must not overtake it (a post's deletion before the deletion of its comment).
        if (m_writes.unsaved.contains(e.id))
            due.waitForCommit = true; // onApplied() schedules again
        else
            due.entry = e;
        return due;
    }
    if (!orphans.isEmpty()) {
        failEntries(orphans);
        due.failedSome = true;
        return due;
    }
    if (nextWake != std::numeric_limits<qint64>::max())
        due.wakeAt = nextWake;
    return due;
}

std::optional<OutboxEntry> Outbox::queued(qint64 id) const
{
    if (const qsizetype i = indexOf(id); i >= 0)
        return m_entries.at(i);
    return std::nullopt;
}

void Outbox::aboutToSend(const OutboxEntry &entry)
{
    if (entry.isCoalesced())
        m_uncertain.insert(entry.id);
    notifyChanged();
    Q_EMIT sent(entry);
}

void Outbox::pausedForAuth()
{
    notifyChanged();
    Q_EMIT authRequired();
}

quint64 Outbox::readFile(const QString &file)
{
    const quint64 ticket = ++m_writes.nextTicket;
    m_store->readFile(file, ticket);
    return ticket;
}

bool Outbox::supersede(const OutboxEntry &entry)
{
    const qsizetype later = indexOfSibling(entry);
    if (later < 0)
        return false;
    // The newer entry was made believing this one would be applied; now nobody knows.
    OutboxEntry &next = m_entries[later];
    LikeCoalescer::makeUncertain(next);
    m_uncertain.insert(next.id);
    OutboxBatch batch;
    batch.upserts.append(next);
    batch.removals.append(entry.id);
    m_entries.removeAt(indexOf(entry.id));
    m_uncertain.remove(entry.id);
    write(batch);
    countChanged();
    return true;
}

void Outbox::recordPicture(qint64 id, int index, const QString &url)
{
    const qsizetype i = indexOf(id);
    if (i < 0)
        return;
    OutboxEntry &e = m_entries[i];
    QList<OutboxEntry::LocalPicture> pictures = e.localPictures();
    if (index >= pictures.size())
        return;
    pictures[index].url = url;
    e.setLocalPictures(pictures);
    // Progress: the next step starts its backoff afresh. It leaves only once this is committed
    // (nextDue() waits for unsaved entries), so that a crash never loses a URL the next request
    // relies on.
    e.attempts = 0;
    e.nextAttemptAt = 0;
    e.lastError.clear();
    e.lastErrorText.clear();
    const OutboxEntry copy = e;
    write({.upserts = {copy}});
    Q_EMIT pictureUploaded(copy.id, index, url);
}

void Outbox::succeed(const OutboxEntry &entry, const OutboxAnswer &answer)
{
    if (const auto next = LikeCoalescer::nextStep(entry)) {
        // Half done (the like is gone, the oppose next) — unless a newer toggle took over.
        if (indexOfSibling(entry) >= 0) {
            supersede(entry);
        } else {
            m_entries[indexOf(entry.id)] = *next;
            write({.upserts = {*next}});
        }
        return;
    }
    m_entries.removeAt(indexOf(entry.id));
    m_uncertain.remove(entry.id);
    OutboxBatch batch;
    batch.removals.append(entry.id);
    batch.fileRemovals = entry.localFiles(); // published: its pictures are the server's now
    qint64 local = 0;
    if (entry.createsObject()) {
        local = entry.createdLocalId();
        m_localIds.resolved.insert(local, answer.createdId);
        for (OutboxEntry &e : m_entries) {
            if (e.rewriteRef(local, answer.createdId))
                batch.upserts.append(e);
        }
    }
    // One transaction: the creation goes and its dependents name the server's id.
    write(batch);
    if (m_replay.summaryDue)
        ++m_replay.saved;
    countChanged();
    if (local != 0)
        Q_EMIT localIdResolved(local, answer.createdId);
    Q_EMIT completed(entry, answer);
}

void Outbox::defer(qint64 id, int attempts, qint64 nextAttemptAt, const ApiError &error)
{
    const qsizetype i = indexOf(id);
    if (i < 0)
        return;
    OutboxEntry &e = m_entries[i];
    e.attempts = attempts;
    e.nextAttemptAt = nextAttemptAt;
    e.lastError = error.toLogString();
    e.lastErrorText = error.describe();
    m_replay.waitFor.remove(e.id); // tried: the summary need not wait for its retry
    const OutboxEntry copy = e;
    write({.upserts = {copy}});
    Q_EMIT retryScheduled(copy, error);
}

void Outbox::failEntries(const QList<QPair<OutboxEntry, QString>> &failures)
{
    QList<QPair<OutboxEntry, QString>> all = failures;
    QSet<qint64> removed;
    for (qsizetype i = 0; i < all.size(); ++i) {
        const OutboxEntry e = all.at(i).first;
        if (removed.contains(e.id))
            continue;
        removed.insert(e.id);
        if (!e.createsObject())
            continue;
        const qint64 local = e.createdLocalId();
        const QString why = outboxphrases::dependencyReason(e);
        m_localIds.failedCreates.insert(local, why);
        for (const OutboxEntry &d : std::as_const(m_entries)) {
            if (!removed.contains(d.id) && d.localRefs().contains(local))
                all.append({d, outboxphrases::sentence(d, why)});
        }
    }
    // Kept, durably, as failed (with their sentence and their pictures, for a retry), apart
    // from the queue.
    QHash<qint64, QString> messages;
    for (const auto &[e, message] : std::as_const(all)) {
        if (!messages.contains(e.id))
            messages.insert(e.id, message);
    }
    OutboxBatch batch;
    for (qsizetype i = m_entries.size() - 1; i >= 0; --i) {
        if (removed.contains(m_entries.at(i).id)) {
            OutboxEntry e = m_entries.takeAt(i);
            m_uncertain.remove(e.id);
            e.failure = messages.value(e.id);
            e.nextAttemptAt = 0;
            insertInOrder(m_failed, e);
            batch.upserts.append(e);
        }
    }
    write(batch);
    countChanged();
    QSet<qint64> told;
    for (const auto &[failedEntry, message] : std::as_const(all)) {
        if (told.contains(failedEntry.id))
            continue;
        told.insert(failedEntry.id);
        if (m_replay.offlinePeriod || m_replay.summaryDue)
            m_replay.failures.append(message);
        OutboxEntry e = failedEntry;
        e.failure = message;
        Q_EMIT failed(e, message);
    }
}

void Outbox::maybeSummarize()
{
    if (!m_replay.summaryDue || m_sender->sendingId() != 0 || m_sender->isOffline())
        return;
    for (auto it = m_replay.waitFor.begin(); it != m_replay.waitFor.end();) {
        if (indexOf(*it) < 0)
            it = m_replay.waitFor.erase(it);
        else
            ++it;
    }
    if (!m_replay.waitFor.isEmpty() && !m_sender->isPaused())
        return; // not everything has had its try yet
    m_replay.waitFor.clear();
    m_replay.summaryDue = false;
    m_replay.offlinePeriod = false;
    const QStringList failures = std::exchange(m_replay.failures, {});
    const int saved = std::exchange(m_replay.saved, 0);
    Q_EMIT summaryReady(failures);
    Q_EMIT replayFinished(saved, failures);
}

// A topic's follow (outbox.h): keyed by the topic's name, so kept apart from the toggles.
void Outbox::setTopicFollow(const QString &topic, bool desired, const QString &target)
{
    whenLoaded([=, this] {
        // The newest unsent entry of this topic, if it is not leaving right now: taken back.
        const qint64 sending = m_sender->sendingId();
        for (qsizetype i = m_entries.size() - 1; i >= 0; --i) {
            const OutboxEntry &e = m_entries.at(i);
            if (e.kind != OutboxEntry::Kind::TopicFollow || e.topic() != topic)
                continue;
            if (!e.isFailed() && sending != e.id && e.attempts == 0 &&
                (e.desired != 0) != desired) {
                const qint64 id = e.id;
                m_entries.removeAt(i);
                write({.removals = {id}});
                countChanged();
                m_sender->schedule();
                return;
            }
            break;
        }
        OutboxEntry e = makeEntry(OutboxEntry::Kind::TopicFollow, allocateId(), target);
        e.desired = desired ? 1 : 0;
        e.baseline = desired ? 0 : 1;
        e.payload.insert(QStringLiteral("topic"), topic);
        enqueue(e);
    });
}

} // namespace threadline::core

// The outbox's sending (outbox.h): the state machine that takes the next due entry, sends it
// (a new post's pictures first, one upload per picture), and handles the answer — success and
// local ids resolved, a transient failure and its backoff, a 401's pause, a permanent failure
// and what depends on it — and the replay after an offline period with its summary. The queue
// itself is outbox.cpp; the requests come from outboxrequests.cpp, the sentences from
// outboxphrases.cpp.
#include "outbox/outbox.h"

#include "net/apiclient.h"
#include "outbox/outboxphrases.h"
#include "outbox/outboxrequests.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QTimer>

#include <limits>

namespace threadline::core {

namespace {

using Kind = OutboxEntry::Kind;

qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

} // namespace

void Outbox::resume()
{
    m_paused = false;
    notifyChanged();
    schedule();
}

void Outbox::retryNow()
{
    m_gateUntil = 0;
    OutboxBatch batch;
    for (OutboxEntry &e : m_entries) {
        if (e.nextAttemptAt != 0 && e.id != m_inFlight.id) {
            e.nextAttemptAt = 0;
            batch.upserts.append(e);
        }
    }
    write(batch);
    schedule();
}

void Outbox::onOfflineChanged(bool offline)
{
    notifyChanged();
    if (offline) {
        if (!m_entries.isEmpty())
            m_replay.offlinePeriod = true;
        m_timer->stop();
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

// --- Sending ---------------------------------------------------------------------------------

void Outbox::schedule()
{
    if (m_notices.pumpQueued)
        return;
    m_notices.pumpQueued = true;
    QMetaObject::invokeMethod(
        this,
        [this] {
            m_notices.pumpQueued = false;
            pump();
        },
        Qt::QueuedConnection);
}

void Outbox::pump()
{
    if (!m_loaded || m_inFlight.id != 0 || !m_api)
        return;
    if (m_api->isOffline()) {
        if (!m_entries.isEmpty())
            m_replay.offlinePeriod = true;
        m_timer->stop();
        return;
    }
    if (m_paused) {
        m_timer->stop();
        maybeSummarize();
        return;
    }
    const qint64 now = nowMs();
    if (m_gateUntil > now) {
        m_timer->start(int(qMin<qint64>(m_gateUntil - now + 1, std::numeric_limits<int>::max())));
        return;
    }
    m_gateUntil = 0;

    QSet<qint64> pendingCreates;
    for (const OutboxEntry &e : m_entries) {
        if (e.createsObject())
            pendingCreates.insert(e.createdLocalId());
    }
    QList<QPair<OutboxEntry, QString>> orphans;
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
        const qint64 due = e.dueAt();
        if (due >= now) {
            nextWake = qMin(nextWake, due);
            continue;
        }
        // Due, but its latest change (its creation, an id rewritten when what it refers to was
        // created, a picture's URL) is not committed yet: it goes first once it is — a later
        // entry must not overtake it (a post's deletion before the deletion of its comment).
        if (m_writes.unsaved.contains(e.id))
            return; // onApplied() pumps again
        send(e);
        return;
    }
    if (!orphans.isEmpty()) {
        failEntries(orphans);
        schedule();
        return;
    }
    if (nextWake != std::numeric_limits<qint64>::max())
        m_timer->start(int(qMin<qint64>(nextWake - now + 1, std::numeric_limits<int>::max())));
    else
        m_timer->stop();
    maybeSummarize();
}

void Outbox::send(OutboxEntry entry)
{
    m_inFlight.id = entry.id;
    m_inFlight.entry = entry;
    m_upload.index = -1;
    if (entry.isCoalesced())
        m_uncertain.insert(entry.id);
    m_timer->stop();
    if (entry.kind == Kind::CreatePost) {
        const int picture = entry.nextPictureToUpload();
        if (picture >= 0) {
            // A picture first: its bytes come from the store's thread (onFileRead()), then the
            // upload leaves.
            m_upload.index = picture;
            m_upload.readTicket = ++m_writes.nextTicket;
            m_store->readFile(entry.localPictures().at(picture).file, m_upload.readTicket);
            return;
        }
    }
    dispatch(entry, requestFor(entry));
}

void Outbox::onFileRead(quint64 ticket, bool ok, const QByteArray &data, const QString &error)
{
    if (ticket == 0 || ticket != m_upload.readTicket)
        return;
    m_upload.readTicket = 0;
    const int picture = m_upload.index;
    const qsizetype index = indexOf(m_inFlight.id);
    const QList<OutboxEntry::LocalPicture> pictures =
        index >= 0 ? m_entries.at(index).localPictures() : QList<OutboxEntry::LocalPicture>();
    if (picture < 0 || picture >= pictures.size()) { // gone meanwhile
        m_inFlight.id = 0;
        m_upload.index = -1;
        schedule();
        return;
    }
    const OutboxEntry entry = m_entries.at(index);
    if (!ok) {
        // The copy is gone (deleted by someone, a broken disk): it cannot come back.
        qWarning("outbox: picture %d of entry %lld: %s", picture + 1, entry.id, qPrintable(error));
        m_inFlight.id = 0;
        m_upload.index = -1;
        failEntries({{entry, outboxphrases::pictureLost(entry, picture)}});
        schedule();
        return;
    }
    dispatch(entry, pictureUploadFor(pictures.at(picture), data));
}

void Outbox::dispatch(const OutboxEntry &entry, const OutboxRequest &request)
{
    notifyChanged();
    Q_EMIT sent(entry);
    if (m_inFlight.id != entry.id || !m_api)
        return; // a slot of sent() changed everything (e.g. destroyed the client)
    RequestOptions options = request.options;
    options.retry = false;
    options.timeoutMs = m_settings.requestTimeoutMs;
    m_inFlight.reply = m_api->request(request.method, request.path, request.body, this, options);
    connect(m_inFlight.reply, &ApiReply::finished, this, &Outbox::onReplyFinished);
}

void Outbox::onReplyFinished()
{
    ApiReply *reply = m_inFlight.reply;
    if (!reply || sender() != reply)
        return;
    m_inFlight.reply = nullptr;
    notifyChanged();
    const qint64 id = std::exchange(m_inFlight.id, 0);
    const int picture = std::exchange(m_upload.index, -1);
    const qsizetype index = indexOf(id);
    if (index < 0) {
        schedule();
        return;
    }
    const OutboxEntry entry = m_entries.at(index);
    if (picture >= 0) {
        onUploadFinished(entry, picture, reply);
        schedule();
        return;
    }
    const ApiError error = reply->error();

    if (reply->ok()) {
        QJsonObject answer;
        if (expectsBody(entry.kind)) {
            const QJsonDocument doc = reply->json();
            if (!doc.isObject()) {
                retryLater(entry, ApiError::decode(QStringLiteral("the answer is not a JSON "
                                                                  "object")));
                schedule();
                return;
            }
            answer = doc.object();
            if (entry.createsObject() && answer.value(QLatin1String("id")).toInteger() <= 0) {
                retryLater(entry, ApiError::decode(QStringLiteral("the answer has no id")));
                schedule();
                return;
            }
        }
        // A second report of the same target answers 200 with the first (201: a new one).
        if (entry.kind == Kind::Report && reply->status() == 200)
            answer.insert(QStringLiteral("alreadyReported"), true);
        succeed(entry, answer);
    } else if (error.isPermanent() && error.kind != ApiError::Kind::Decode) {
        const QString message = failureMessage(entry, error);
        supersede(entry);
        failEntries({{entry, message}});
    } else if (supersede(entry)) {
        // A newer toggle of the same target was waiting: it goes instead (whatever went wrong).
    } else {
        waitOrRetry(entry, error);
    }
    schedule();
}

void Outbox::waitOrRetry(const OutboxEntry &entry, const ApiError &error)
{
    if (error.kind == ApiError::Kind::Offline || error.kind == ApiError::Kind::Cancelled)
        return; // not an attempt: it stays as it is and goes when we are online again
    if (error.isAuth()) {
        m_paused = true;
        notifyChanged();
        Q_EMIT authRequired();
        return;
    }
    // Transient (network, timeout, 5xx, 429), TLS, or an answer we could not read.
    retryLater(entry, error);
}

void Outbox::onUploadFinished(const OutboxEntry &entry, int index, ApiReply *reply)
{
    const ApiError error = reply->error();
    if (reply->ok()) {
        const QString url = reply->json().object().value(QLatin1String("url")).toString();
        if (url.isEmpty()) {
            retryLater(entry, ApiError::decode(QStringLiteral("the answer has no url")));
            return;
        }
        OutboxEntry &e = m_entries[indexOf(entry.id)];
        QList<OutboxEntry::LocalPicture> pictures = e.localPictures();
        if (index >= pictures.size())
            return;
        pictures[index].url = url;
        e.setLocalPictures(pictures);
        // Progress: the next step starts its backoff afresh. It leaves only once this is
        // committed (pump() waits for unsaved entries), so that a crash never loses a URL
        // the next request relies on.
        e.attempts = 0;
        e.nextAttemptAt = 0;
        e.lastError.clear();
        e.lastErrorText.clear();
        const OutboxEntry copy = e;
        write({.upserts = {copy}});
        Q_EMIT pictureUploaded(copy.id, index, url);
    } else if (error.isPermanent() && error.kind != ApiError::Kind::Decode) {
        failEntries({{entry, outboxphrases::pictureRefused(entry, index, error)}});
    } else {
        waitOrRetry(entry, error);
    }
}

void Outbox::succeed(const OutboxEntry &entry, const QJsonObject &answer)
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
    qint64 serverId = 0;
    if (entry.createsObject()) {
        local = entry.createdLocalId();
        serverId = answer.value(QLatin1String("id")).toInteger();
        m_localIds.resolved.insert(local, serverId);
        for (OutboxEntry &e : m_entries) {
            if (e.rewriteRef(local, serverId))
                batch.upserts.append(e);
        }
    }
    // One transaction: the creation goes and its dependents name the server's id.
    write(batch);
    if (m_replay.summaryDue)
        ++m_replay.saved;
    countChanged();
    if (local != 0)
        Q_EMIT localIdResolved(local, serverId);
    Q_EMIT completed(entry, answer);
}

void Outbox::retryLater(const OutboxEntry &entry, const ApiError &error)
{
    const qsizetype index = indexOf(entry.id);
    if (index < 0)
        return;
    OutboxEntry &e = m_entries[index];
    e.attempts += 1;
    // Full jitter: random(0, min(cap, base × 2^(attempts−1))).
    qint64 range = m_settings.backoffBaseMs;
    for (int i = 1; i < e.attempts && range < m_settings.backoffCapMs; ++i)
        range *= 2;
    range = qMin<qint64>(range, m_settings.backoffCapMs);
    qint64 delay = qint64(m_rng.bounded(quint32(range) + 1));
    if (error.retryAfterSecs > 0)
        delay = qMax<qint64>(delay, qint64(error.retryAfterSecs) * 1000);
    e.nextAttemptAt = nowMs() + delay;
    e.lastError = error.toLogString();
    e.lastErrorText = error.describe();
    m_replay.waitFor.remove(e.id); // tried: the summary need not wait for its retry
    if (error.kind == ApiError::Kind::Network || error.kind == ApiError::Kind::Timeout ||
        (error.kind == ApiError::Kind::Http && error.status == 429))
        m_gateUntil = e.nextAttemptAt; // the server is away or wants us to slow down
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
    if (!m_replay.summaryDue || m_inFlight.id != 0 || (m_api && m_api->isOffline()))
        return;
    for (auto it = m_replay.waitFor.begin(); it != m_replay.waitFor.end();) {
        if (indexOf(*it) < 0)
            it = m_replay.waitFor.erase(it);
        else
            ++it;
    }
    if (!m_replay.waitFor.isEmpty() && !m_paused)
        return; // not everything has had its try yet
    m_replay.waitFor.clear();
    m_replay.summaryDue = false;
    m_replay.offlinePeriod = false;
    const QStringList failures = std::exchange(m_replay.failures, {});
    const int saved = std::exchange(m_replay.saved, 0);
    Q_EMIT summaryReady(failures);
    Q_EMIT replayFinished(saved, failures);
}

} // namespace threadline::core

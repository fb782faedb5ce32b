// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "outbox/outboxsender.h"

#include "net/apiclient.h"
#include "net/endpoints.h"
#include "outbox/likecoalescer.h"
#include "outbox/outboxanswer.h"
#include "outbox/outboxcalls.h"
#include "outbox/outboxphrases.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QTimer>

#include <limits>

namespace threadline::core {

namespace {

qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

int msUntil(qint64 when, qint64 now)
{
    return int(qMin<qint64>(when - now + 1, std::numeric_limits<int>::max()));
}

} // namespace

OutboxSender::OutboxSender(ApiClient *api, OutboxStore *store, OutboxQueue *queue, QObject *parent)
    : QObject(parent)
    , m_api(api)
    , m_queue(queue)
    , m_timer(new QTimer(this))
    , m_rng(QRandomGenerator::securelySeeded())
{
    m_timer->setSingleShot(true);
    m_timer->setTimerType(Qt::PreciseTimer);
    connect(m_timer, &QTimer::timeout, this, &OutboxSender::pump);
    connect(store, &OutboxStore::fileRead, this, &OutboxSender::onFileRead);
}

OutboxSender::~OutboxSender()
{
    // The reply is our child: destroying it cancels the request silently; the entry stays in
    // the file and is sent again next time.
    if (m_inFlight.reply) {
        m_inFlight.reply->disconnect(this);
        delete m_inFlight.reply;
        m_inFlight.reply = nullptr;
    }
}

void OutboxSender::setBackoff(int baseMs, int capMs)
{
    m_backoffBaseMs = qMax(1, baseMs);
    m_backoffCapMs = qMax(m_backoffBaseMs, capMs);
}

bool OutboxSender::isOffline() const
{
    return m_api && m_api->isOffline();
}

bool OutboxSender::isSendingToggle(OutboxEntry::Kind kind, qint64 targetId) const
{
    return m_inFlight.id != 0 && m_inFlight.entry.kind == kind &&
           m_inFlight.entry.targetId == targetId;
}

void OutboxSender::schedule()
{
    if (m_pumpQueued)
        return;
    m_pumpQueued = true;
    QMetaObject::invokeMethod(
        this,
        [this] {
            m_pumpQueued = false;
            pump();
        },
        Qt::QueuedConnection);
}

void OutboxSender::resume()
{
    m_paused = false;
    m_queue->notifyChanged();
    schedule();
}

void OutboxSender::stop()
{
    m_timer->stop();
}

void OutboxSender::wakeAt(qint64 when)
{
    if (m_inFlight.id != 0)
        return; // the answer's handler looks for the next entry
    const int ms = qMax(0, msUntil(when, nowMs()));
    if (!m_timer->isActive() || m_timer->remainingTime() > ms)
        m_timer->start(ms);
}

void OutboxSender::pump()
{
    if (!m_queue->isLoaded() || m_inFlight.id != 0 || !m_api)
        return;
    if (m_api->isOffline()) {
        m_queue->wentOffline();
        m_timer->stop();
        return;
    }
    if (m_paused) {
        m_timer->stop();
        m_queue->maybeSummarize();
        return;
    }
    const qint64 now = nowMs();
    if (m_gateUntil > now) {
        m_timer->start(msUntil(m_gateUntil, now));
        return;
    }
    m_gateUntil = 0;
    const OutboxQueue::Due due = m_queue->nextDue(now);
    if (due.entry) {
        const OutboxEntry &entry = *due.entry;
        m_inFlight.id = entry.id;
        m_inFlight.entry = entry;
        m_inFlight.picture = -1;
        m_timer->stop();
        if (const int picture =
                entry.kind == OutboxEntry::Kind::CreatePost ? entry.nextPictureToUpload() : -1;
            picture >= 0) {
            // A new post's picture first: its bytes come from the store's thread
            // (onFileRead()), then the upload leaves.
            m_inFlight.picture = picture;
            m_inFlight.readTicket = m_queue->readFile(entry.localPictures().at(picture).file);
            return;
        }
        const Call call = callFor(entry);
        dispatch(entry, call, call.keyed ? entry.idempotencyKey.toLatin1() : QByteArray());
        return;
    }
    if (due.waitForCommit)
        return; // the queue schedules again once it is committed
    if (due.failedSome) {
        schedule();
        return;
    }
    if (due.wakeAt != 0)
        m_timer->start(msUntil(due.wakeAt, now));
    else
        m_timer->stop();
    m_queue->maybeSummarize();
}

void OutboxSender::onFileRead(quint64 ticket, bool ok, const QByteArray &data, const QString &error)
{
    if (ticket == 0 || ticket != m_inFlight.readTicket)
        return;
    m_inFlight.readTicket = 0;
    const int picture = std::exchange(m_inFlight.picture, -1);
    const std::optional<OutboxEntry> entry = m_queue->queued(m_inFlight.id);
    const QList<OutboxEntry::LocalPicture> pictures =
        entry ? entry->localPictures() : QList<OutboxEntry::LocalPicture>();
    if (picture < 0 || picture >= pictures.size()) { // gone meanwhile
        m_inFlight.id = 0;
        schedule();
        return;
    }
    if (!ok) {
        // The copy is gone (deleted by someone, a broken disk): it cannot come back.
        qWarning("outbox: picture %d of entry %lld: %s", picture + 1, entry->id, qPrintable(error));
        m_inFlight.id = 0;
        m_queue->failEntries({{*entry, outboxphrases::pictureLost(*entry, picture)}});
        schedule();
        return;
    }
    m_inFlight.picture = picture;
    const OutboxEntry::LocalPicture &p = pictures.at(picture);
    dispatch(*entry, endpoint::uploadMedia(data), p.idempotencyKey.toLatin1(), p.mime.toLatin1());
}

void OutboxSender::dispatch(const OutboxEntry &entry, const Call &call, const QByteArray &key,
                            const QByteArray &contentType)
{
    m_queue->aboutToSend(entry);
    if (m_inFlight.id != entry.id || !m_api)
        return; // a slot of sent() changed everything (e.g. destroyed the client)
    RequestOptions options;
    options.idempotencyKey = key;
    options.contentType = contentType;
    options.retry = false;
    options.timeoutMs = m_requestTimeoutMs;
    m_inFlight.reply = m_api->send(call, this, options);
    connect(m_inFlight.reply, &ApiReply::finished, this, &OutboxSender::onReplyFinished);
}

void OutboxSender::onReplyFinished()
{
    ApiReply *reply = m_inFlight.reply;
    if (!reply || sender() != reply)
        return;
    m_inFlight.reply = nullptr;
    m_queue->notifyChanged();
    const qint64 id = std::exchange(m_inFlight.id, 0);
    const int picture = std::exchange(m_inFlight.picture, -1);
    const std::optional<OutboxEntry> queued = m_queue->queued(id);
    if (!queued) {
        schedule();
        return;
    }
    const OutboxEntry &entry = *queued;
    if (picture >= 0) {
        onUploadFinished(entry, picture, reply);
        schedule();
        return;
    }
    const ApiError error = reply->error();
    if (reply->ok()) {
        QString why;
        if (const auto answer =
                OutboxAnswer::decode(entry.kind, reply->status(), reply->body(), &why))
            m_queue->succeed(entry, *answer);
        else
            retryLater(entry, ApiError::decode(why));
    } else if (entry.kind == OutboxEntry::Kind::NotificationRead &&
               error.kind == ApiError::Kind::Http && error.status == 404) {
        m_queue->succeed(entry, OutboxAnswer()); // withdrawn meanwhile: nothing left to mark
    } else if (error.isPermanent() && error.kind != ApiError::Kind::Decode) {
        const QString message = outboxphrases::failureSentence(entry, error);
        m_queue->supersede(entry);
        m_queue->failEntries({{entry, message}});
    } else if (m_queue->supersede(entry)) {
        // A newer toggle of the same target was waiting: it goes instead (whatever went wrong).
    } else {
        waitOrRetry(entry, error);
    }
    schedule();
}

void OutboxSender::onUploadFinished(const OutboxEntry &entry, int index, ApiReply *reply)
{
    const ApiError error = reply->error();
    if (reply->ok()) {
        const QString url = reply->json().object().value(QLatin1String("url")).toString();
        if (url.isEmpty())
            retryLater(entry, ApiError::decode(QStringLiteral("the answer has no url")));
        else
            m_queue->recordPicture(entry.id, index, url);
    } else if (error.isPermanent() && error.kind != ApiError::Kind::Decode) {
        m_queue->failEntries({{entry, outboxphrases::pictureRefused(entry, index, error)}});
    } else {
        waitOrRetry(entry, error);
    }
}

void OutboxSender::waitOrRetry(const OutboxEntry &entry, const ApiError &error)
{
    if (error.kind == ApiError::Kind::Offline || error.kind == ApiError::Kind::Cancelled)
        return; // not an attempt: it stays as it is and goes when we are online again
    if (error.isAuth()) {
        m_paused = true;
        m_queue->pausedForAuth();
        return;
    }
    // Transient (network, timeout, 5xx, 429), TLS, or an answer we could not read.
    retryLater(entry, error);
}

void OutboxSender::retryLater(const OutboxEntry &entry, const ApiError &error)
{
    const std::optional<OutboxEntry> queued = m_queue->queued(entry.id);
    if (!queued)
        return;
    const int attempts = queued->attempts + 1;
    // Full jitter: random(0, min(cap, base × 2^(attempts−1))).
    qint64 range = m_backoffBaseMs;
    for (int i = 1; i < attempts && range < m_backoffCapMs; ++i)
        range *= 2;
    range = qMin<qint64>(range, m_backoffCapMs);
    qint64 delay = qint64(m_rng.bounded(quint32(range) + 1));
    if (error.retryAfterSecs > 0)
        delay = qMax<qint64>(delay, qint64(error.retryAfterSecs) * 1000);
    const qint64 next = nowMs() + delay;
    if (error.kind == ApiError::Kind::Network || error.kind == ApiError::Kind::Timeout ||
        (error.kind == ApiError::Kind::Http && error.status == 429))
        m_gateUntil = next; // the server is away or wants us to slow down
    m_queue->defer(entry.id, attempts, next, error);
}

} // namespace threadline::core

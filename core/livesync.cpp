// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "livesync.h"

#include "net/apiclient.h"
#include "net/endpoints.h"
#include "net/eventstream.h"
#include "syncengine.h"
#include "wire/jsoncodec.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcLive, "threadline.live", QtInfoMsg)

namespace threadline::core {

LiveSync::LiveSync(ApiClient *api, SyncEngine *sync, QObject *parent)
    : QObject(parent)
    , m_api(api)
    , m_sync(sync)
    , m_stream(new EventStream(api, this))
    , m_rng(QRandomGenerator::securelySeeded())
{
    m_clock.start();
    m_retry.setSingleShot(true);
    m_silence.setSingleShot(true);
    m_silence.setInterval(m_timing.silenceMs);
    connect(&m_retry, &QTimer::timeout, this, &LiveSync::maybeOpen);
    connect(&m_silence, &QTimer::timeout, this, [this] {
        qCInfo(lcLive) << "the stream was silent for" << m_timing.silenceMs << "ms: reopening";
        ApiError e;
        e.kind = ApiError::Kind::Timeout;
        e.message = QStringLiteral("the stream was silent for %1 ms").arg(m_timing.silenceMs);
        closeStream();
        Q_EMIT streamEnded(e);
        failed(e);
    });
    connect(m_stream, &EventStream::connected, this, &LiveSync::onConnected);
    connect(m_stream, &EventStream::activity, this, [this] { m_silence.start(); });
    connect(m_stream, &EventStream::eventReceived, this, &LiveSync::onEvent);
    connect(m_stream, &EventStream::ended, this, &LiveSync::onEnded);
    connect(m_api, &ApiClient::offlineChanged, this, [this](bool offline) {
        if (offline) {
            // Not a failure: nothing to back off from. Back online, a stream opens at once.
            m_retry.stop();
            closeStream();
            m_failures.clear();
            m_step = 0;
            m_catchingUp = false; // its round will not run: back online, the stream resumes
        } else {
            maybeOpen();
        }
    });
    // The engine is free again (a round ended): the moment a stream may open.
    connect(m_sync, &SyncEngine::synced, this, [this] {
        m_catchingUp = false;
        maybeOpen();
    });
    connect(m_sync, &SyncEngine::roundWanted, this, &LiveSync::catchUp);
    connect(m_sync, &SyncEngine::syncFailed, this, [this] {
        if (m_catchingUp) { // the catch-up failed: try the stream after a back-off anyway
            m_catchingUp = false;
            failed(ApiError{});
        }
    });
}

LiveSync::~LiveSync()
{
    m_stream->close();
}

void LiveSync::setTiming(const Timing &timing)
{
    m_timing = timing;
    m_timing.backoffBaseMs = std::max(1, timing.backoffBaseMs);
    m_timing.backoffMaxMs = std::max(m_timing.backoffBaseMs, timing.backoffMaxMs);
    m_timing.failuresForFallback = std::max(1, timing.failuresForFallback);
    m_timing.silenceMs = std::max(100, timing.silenceMs);
    m_silence.setInterval(m_timing.silenceMs);
}

void LiveSync::setEnabled(bool on)
{
    if (m_enabled == on)
        return;
    m_enabled = on;
    if (on) {
        maybeOpen();
        return;
    }
    m_retry.stop();
    closeStream();
    setFallback(false);
}

void LiveSync::tokenChanged()
{
    if (!m_authFailed)
        return;
    m_authFailed = false;
    maybeOpen();
}

void LiveSync::reconnect()
{
    closeStream();
    m_retry.stop();
    maybeOpen();
}

bool LiveSync::isLive() const
{
    return m_live;
}

bool LiveSync::wanted() const
{
    return m_enabled && !m_api->isOffline() && m_api->hasToken() && !m_authFailed;
}

void LiveSync::maybeOpen()
{
    if (!wanted() || m_stream->isOpen() || m_retry.isActive() || m_catchingUp)
        return;
    // From a cursor, and never beside a /sync round: the round's `synced` comes back here.
    if (!m_sync->cursor() || m_sync->isSyncing())
        return;
    open();
}

void LiveSync::open()
{
    ++m_attempts;
    m_lastEventId = m_sync->cursor()->toUtf8();
    // From now on the stream delivers: no /sync round may start and apply the same records.
    m_sync->setStreaming(true);
    m_silence.start();
    qCDebug(lcLive) << "opening the stream, attempt" << m_attempts;
    m_stream->open(endpoint::stream().path, m_lastEventId);
}

void LiveSync::closeStream()
{
    ++m_streamGeneration; // events received and not yet applied: a new stream reads them again
    m_incoming.clear();
    m_silence.stop();
    m_stream->close();
    setLive(false);
    m_sync->setStreaming(false);
}

void LiveSync::onConnected()
{
    qCInfo(lcLive) << "live: the stream is open";
    m_step = 0;
    m_absent = false;
    setFallback(false);
    setLive(true);
}

void LiveSync::onEvent(const QByteArray &name, const QByteArray &id, const QByteArray &data)
{
    Incoming in{name, id, data, nullptr};
    if (name == "changes") {
        in.page = std::make_shared<std::optional<Result<SyncPage>>>();
        auto *watcher = new QFutureWatcher<void>(this);
        connect(watcher, &QFutureWatcherBase::finished, this,
                [this, watcher, generation = m_streamGeneration] {
                    watcher->deleteLater();
                    if (generation == m_streamGeneration)
                        drain();
                });
        watcher->setFuture(QtConcurrent::run(
            [page = in.page, data] { page->emplace(decodeStreamChanges(data)); }));
    }
    m_incoming.append(in);
    drain();
}

void LiveSync::drain()
{
    m_drainQueued = false;
    QElapsedTimer slice;
    slice.start();
    const quint64 generation = m_streamGeneration;
    while (!m_incoming.isEmpty()) {
        if (m_incoming.constFirst().page && !m_incoming.constFirst().page->has_value())
            return; // still decoding: its watcher drains again
        const Incoming in = m_incoming.takeFirst();
        handle(in.name, in.id, in.data, in.page ? *in.page : std::nullopt);
        if (generation != m_streamGeneration)
            return; // the stream was closed meanwhile
        if (!m_incoming.isEmpty() && slice.elapsed() >= kDrainSliceMs) {
            if (!m_drainQueued) { // the rest on the next turns: the window stays responsive
                m_drainQueued = true;
                QTimer::singleShot(0, this, [this, generation] {
                    if (generation == m_streamGeneration)
                        drain();
                    else
                        m_drainQueued = false;
                });
            }
            return;
        }
    }
}

void LiveSync::handle(const QByteArray &name, const QByteArray &id, const QByteArray &data,
                      const std::optional<Result<SyncPage>> &decoded)
{
    if (name == "changes") {
        const Result<SyncPage> &page = *decoded;
        if (!page.ok()) {
            // Nothing applied, the cursor kept: a new stream reads it again.
            qCWarning(lcLive).noquote()
                << "a changes event could not be read:" << page.error().toString();
            closeStream();
            failed(ApiError::decode(page.error().toString()));
            return;
        }
        m_lastEventId = page.value().next.toUtf8();
        m_sync->applyStreamed(page.value());
    } else if (name == "expired") {
        ApiError e = ApiError::fromHttp(410, QByteArray("{\"error\":") + data + '}');
        closeStream();
        qCInfo(lcLive) << "the stream's cursor expired: starting over";
        m_sync->streamCursorExpired(e); // its fresh round's synced() opens a new stream
    } else if (name == "overflow") {
        qCInfo(lcLive) << "the stream fell behind: catching up with /sync";
        m_failures.append(m_clock.elapsed()); // a reader that keeps falling behind falls back
        catchUp();
    } else if (name == "reconnect") {
        // The server is stopping (a restart: it drains). Not a failure: a new stream from the
        // saved cursor (through nginx, on another server) after a short jitter, so that the
        // streams of a whole process do not all land in the same millisecond; nothing is said.
        qCInfo(lcLive) << "the server asked for a new stream (it is restarting)";
        closeStream();
        m_step = 0;
        m_retry.start(int(m_rng.bounded(quint32(m_timing.reconnectJitterMs) + 1)));
        Q_EMIT eventReceived(name, id);
        return;
    } else if (name == "hello") {
        // {"next","unread"?}: my unread notifications as the stream begins
        if (const auto unread = decodeUnread(data); unread.ok())
            m_sync->takeUnread(unread.value());
    }
    // Anything a newer server sends: alive, nothing to do.
    Q_EMIT eventReceived(name, id);
}

void LiveSync::onEnded(const ApiError &error)
{
    m_silence.stop();
    setLive(false);
    m_sync->setStreaming(false);
    Q_EMIT streamEnded(error);
    if (error.kind == ApiError::Kind::Offline)
        return; // offlineChanged does the rest
    if (error.isAuth()) {
        // The client's unauthorized() has been said (EventStream): the sign-in path takes over.
        qCInfo(lcLive) << "the stream was refused (401): waiting for a new sign-in";
        m_authFailed = true;
        return;
    }
    qCInfo(lcLive).noquote() << "the stream ended:"
                             << (error.ok() ? QStringLiteral("closed by the server")
                                            : error.toLogString());
    failed(error);
}

void LiveSync::failed(const ApiError &error)
{
    if (!wanted())
        return;
    const qint64 now = m_clock.elapsed();
    m_failures.append(now);
    while (!m_failures.isEmpty() && now - m_failures.constFirst() > m_timing.failureWindowMs)
        m_failures.removeFirst();
    const bool http = error.kind == ApiError::Kind::Http;
    if (http && (error.status == 404 || error.status == 405 || error.status == 501)) {
        // An older server: it never had a stream. Polling is what it was made for; nothing to
        // tell the user. A newer one may be deployed meanwhile: ask again much later.
        qCInfo(lcLive) << "this server has no push stream: polling; asked again in"
                       << m_timing.absentRetryMs << "ms";
        m_failures.clear();
        m_step = 0;
        m_absent = true;
        setFallback(false);
        m_retry.start(m_timing.absentRetryMs);
        return;
    }
    const bool full = http && (error.status == 429 || error.status == 503);
    if (full || m_failures.size() >= m_timing.failuresForFallback) {
        // Poll meanwhile (the engine is no longer streaming) and try again much later.
        qint64 wait = m_timing.fallbackRetryMs;
        if (full && error.retryAfterSecs > 0)
            wait = std::max<qint64>(wait, qint64(error.retryAfterSecs) * 1000);
        qCInfo(lcLive) << "live updates unavailable: polling, a stream again in" << wait << "ms";
        m_failures.clear();
        m_step = 0;
        setFallback(true);
        m_retry.start(int(std::min<qint64>(wait, std::numeric_limits<int>::max())));
        return;
    }
    // Equal jitter: half the cap for sure, the rest at random (1 s: 0.5–1 s; 60 s: 30–60 s).
    const int cap = ApiClient::backoffCapMs(
        m_step, RetryPolicy{1, m_timing.backoffBaseMs, m_timing.backoffMaxMs});
    ++m_step;
    const int delay = cap / 2 + int(m_rng.bounded(quint32(cap - cap / 2) + 1));
    m_retry.start(delay);
}

void LiveSync::catchUp()
{
    closeStream();
    m_catchingUp = true;
    m_sync->syncNow(); // its synced() opens a new stream
}

void LiveSync::setFallback(bool on)
{
    if (m_fallback == on)
        return;
    m_fallback = on;
    Q_EMIT fallbackChanged(on);
}

void LiveSync::setLive(bool on)
{
    if (m_live == on)
        return;
    m_live = on;
    Q_EMIT liveChanged(on);
}

} // namespace threadline::core

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// LiveSync: one push stream (GET /api/v1/stream, docs/api.md "The push stream") while online and
// signed in, feeding the sync engine's own path for /sync pages.
//
// - Opens once the engine has a cursor and no /sync round is under way, resuming from that
//   cursor (Last-Event-ID); while it is open the engine neither polls nor runs /sync rounds
//   (SyncEngine::setStreaming), so records are applied in one order, once.
// - `changes` → SyncEngine::applyStreamed (the cursor advances and is saved as with /sync);
//   `expired` → what a 410 does; `overflow` → a /sync catch-up, then a new stream (so does an
//   explicit SyncEngine::syncNow(): the user's refresh); `hello`,
//   `: ping` and event names it does not know only prove the stream alive.
// - A stream that ends, breaks its format or stays silent for more than silenceMs (2.5 pings) is
//   reopened after a jittered exponential back-off (1 s … 60 s); meanwhile the engine polls.
// - 429/503, or failuresForFallback failures within failureWindowMs: falls back to polling at
//   the engine's interval (fallingBack()), and tries a stream again after fallbackRetryMs (or the
//   server's Retry-After when longer).
// - 401: the API client's unauthorized() (the app's sign-in-required path); no new stream until
//   the token changes (tokenChanged()).
// - Offline (or not enabled: nobody signed in, --offline): no stream, no attempt at all; back
//   online it opens again.
#pragma once

#include <memory>
#include <optional>

#include "wire/jsoncodec.h"

#include "net/apierror.h"

#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QRandomGenerator>
#include <QTimer>

namespace threadline::core {

class ApiClient;
class EventStream;
class SyncEngine;

class LiveSync : public QObject
{
    Q_OBJECT
public:
    struct Timing
    {
        int backoffBaseMs = 1000; // the first reconnect waits 0.5–1 s, doubling up to…
        int backoffMaxMs = 60000;
        int failuresForFallback = 3; // …this many failures within the window: poll instead
        int failureWindowMs = 120000;
        int fallbackRetryMs = 300000; // polling that long before a stream is tried again
        int silenceMs = 37500;        // 2.5 × the server's 15 s ping: the stream is dead
        int absentRetryMs = 1800000;  // a server without a stream (404): asked again after
        int reconnectJitterMs = 500;  // `reconnect` (the server restarts): a new stream within
    };

    LiveSync(ApiClient *api, SyncEngine *sync, QObject *parent = nullptr);
    ~LiveSync() override;

    void setTiming(const Timing &timing);
    [[nodiscard]] Timing timing() const { return m_timing; }
    // Someone is signed in and the sync runs: a stream is wanted whenever online. Off closes it.
    void setEnabled(bool on);
    [[nodiscard]] bool isEnabled() const { return m_enabled; }
    // A new token: a 401 no longer holds the stream back.
    void tokenChanged();
    // Closes the stream in use (if any) and opens a new one at once (a test; a network change).
    void reconnect();

    // A stream is open and answered 200.
    [[nodiscard]] bool isLive() const;
    // Polling instead of streaming, for fallbackRetryMs (429/503, or a stream that keeps breaking).
    [[nodiscard]] bool isFallingBack() const { return m_fallback; }
    // The server has no stream (404, 405 or 501: an older server): polling quietly — nothing
    // said, since the user loses nothing they had — and asked again after absentRetryMs.
    [[nodiscard]] bool isStreamAbsent() const { return m_absent; }
    // Streams requested so far (tests: no busy loop, nothing while offline).
    [[nodiscard]] int attempts() const { return m_attempts; }
    // The last stream event's id (its cursor); empty before the first.
    [[nodiscard]] QByteArray lastEventId() const { return m_lastEventId; }

Q_SIGNALS:
    void liveChanged(bool live);
    void fallbackChanged(bool fallingBack);
    // Each event as it came (after it was handled): `name` as sent, `id` its cursor.
    void eventReceived(const QByteArray &name, const QByteArray &id);
    // Why the last stream ended (Kind::Timeout: it was silent too long); not for a close of
    // ours (offline, disabled, reconnect(), a catch-up).
    void streamEnded(const threadline::core::ApiError &error);

private:
    void maybeOpen();
    void open();
    void closeStream();
    void onConnected();
    // Events are taken in order: a `changes` event is decoded on a pool thread (a backlog after
    // a reconnect is thousands of records) and applied on this thread once it and every event
    // before it are; each turn of the event loop applies events for kDrainSliceMs at most.
    void onEvent(const QByteArray &name, const QByteArray &id, const QByteArray &data);
    void drain();
    void handle(const QByteArray &name, const QByteArray &id, const QByteArray &data,
                const std::optional<Result<SyncPage>> &page);
    void onEnded(const ApiError &error);
    // The stream failed (or is abandoned): back-off, or the fallback to polling.
    void failed(const ApiError &error);
    // A /sync round instead of the stream, then a new stream (`overflow`, an explicit sync).
    void catchUp();
    void setFallback(bool on);
    void setLive(bool on);
    bool m_absent = false;
    [[nodiscard]] bool wanted() const;

    ApiClient *m_api;
    SyncEngine *m_sync;
    EventStream *m_stream;
    Timing m_timing;
    QTimer m_retry;   // the back-off or the fallback's wait
    QTimer m_silence; // no byte for silenceMs: the stream is dead
    QRandomGenerator m_rng;
    QList<qint64> m_failures; // when the recent ones happened (m_clock)
    QElapsedTimer m_clock;
    int m_step = 0; // failures in a row: the back-off's exponent
    int m_attempts = 0;
    bool m_enabled = false;
    bool m_fallback = false;
    bool m_live = false;
    bool m_authFailed = false;
    bool m_catchingUp = false; // `overflow`: a /sync round first, then a new stream
    QByteArray m_lastEventId;
    struct Incoming
    {
        QByteArray name, id, data;
        std::shared_ptr<std::optional<Result<SyncPage>>> page; // `changes`: set once decoded
    };
    static constexpr int kDrainSliceMs = 8;
    QList<Incoming> m_incoming;     // received, not yet handled, in order
    quint64 m_streamGeneration = 0; // bumped by closeStream(): what was received is dropped
    bool m_drainQueued = false;
};

} // namespace threadline::core

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The push stream (GET /api/v1/stream, docs/api.md "The push stream"): Server-Sent Events that
// carry the records of /sync, with the same cursor as the event id. The HTTP front hands a
// prechecked stream request (token checked) to EventStreams, which answers it and from then on
// writes events on the connection until the peer goes, reads too slowly, or the process ends.
//
// Fan-out: a write that committed change-log records pokes this object (in-process, poke()); on
// PostgreSQL every process also LISTENs on `threadline_changes`, which a statement trigger on
// the change log NOTIFYs in the writing transaction, so a write through another process wakes
// this one too. A wake-up only says "read the log from your cursor": the log stays the truth,
// and a missed notification is made up for by a periodic read. Streams at the same position
// and inline-comment count share one read per wake-up, rendered once for all their ordinary
// viewers (and once for moderators), each viewer's own fields laid over it (SyncHandler::personal).
// With worker threads (PostgreSQL, --workers) the reads of a round run on them, side by side, and
// the HTTP thread only sends what they rendered: it keeps answering requests (writes among them)
// meanwhile.
#pragma once

#include "api/api.h"
#include "api/handlers/synchandler.h"
#include "api/request.h"

#include <QByteArray>
#include <QHash>
#include <QObject>
#include <QTimer>
#include <atomic>
#include <map>
#include <memory>
#include <tuple>

namespace threadline::server {

class Api;
class Database;
class HttpConnection;
class Workers;
struct ServerConfig;

class EventStreams : public QObject
{
public:
    // `workers` (may be null): where the reads run; it must be destroyed before this object.
    EventStreams(Api &api, const ServerConfig &config, Workers *workers = nullptr,
                 QObject *parent = nullptr);
    ~EventStreams() override;

    // A prechecked GET /stream on `c` (its state Working): answered 400, 429 or 503 as an
    // ordinary request, or taken over as a stream (its head, then `hello` or the events since
    // its cursor, or `expired`).
    void open(HttpConnection *c, const Request &req);
    // The connection of a stream is gone (closed by the peer, dropped, timed out).
    void closed(quint64 connectionId);
    // Any thread: records were committed; the streams read the log soon.
    void poke();

    [[nodiscard]] int count() const { return int(m_streams.size()); }
    // The process stops (HttpServer::drain()): every stream gets `event: reconnect` and ends,
    // and a stream opened from now on gets it at once. The client opens a new stream at once
    // (through nginx: on another server), from its last id, without counting a failure.
    void drain();

private:
    struct Stream
    {
        HttpConnection *conn = nullptr;
        Viewer viewer;
        int comments = 3;
        SyncHandler::Position pos;
    };

    // (moderator, inline comments, tx, seq): the streams that read the same records, rendered
    // once; within a group, each user's streams get that user's event (Group: uid → streams).
    using GroupKey = std::tuple<bool, int, qint64, qint64>;
    using Group = std::map<qint64, QList<quint64>>;

    void schedule();
    // One round: every group of streams (viewer, comment count, position) reads its records once
    // and every stream of the group gets the same event. With workers the reads run there and
    // the round ends when the last one is back (readDone()).
    void deliver();
    // Without workers (SQLite, --workers 0): the reads on this thread, up to kPagesPerRound
    // pages per group.
    void deliverHere();
    [[nodiscard]] std::map<GroupKey, Group> grouped() const;
    // A group's page read: each user's event to those of their streams that are still at that
    // position. False when the group's streams are gone.
    bool groupRead(const GroupKey &key, const Group &group, const Api::StreamPage &page);
    void ping();
    void periodic();
    // Writes `bytes` unless the peer has more than the --stream-buffer unread; then the stream
    // gets `overflow` (when it still fits) and is closed. False when the stream was dropped.
    bool send(quint64 id, Stream &s, const QByteArray &bytes, const QByteArray &more = {},
              const QByteArray &last = {});
    void drop(quint64 id, const QByteArray &last, const char *why);
    // PostgreSQL: a connection of its own that LISTENs; opened again when it broke. `probe`:
    // first ask a listening connection whether it still works (the periodic check).
    void listen(bool probe = false);

    Api &m_api;
    const ServerConfig &m_config;
    Workers *m_workers = nullptr;
    int m_reading = 0;                // reads of the round under way on the workers
    QHash<quint64, Stream> m_streams; // by connection id
    QHash<qint64, int> m_perUser;
    QTimer m_ping;
    QTimer m_periodic;
    bool m_scheduled = false;
    bool m_delivering = false;
    bool m_again = false;
    std::atomic_bool m_poked{false};
    std::unique_ptr<Database> m_listenDb;
    bool m_listening = false;
    bool m_draining = false;
};

} // namespace threadline::server

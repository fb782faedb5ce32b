// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The push stream's streams and their fan-out (eventstream.h).
#include "http/eventstream.h"

#include "api/api.h"
#include "api/jsonwrite.h"
#include "db/database.h"
#include "http/httpconnection.h"
#include "ops/serverlog.h"
#include "serverconfig.h"
#include "workers.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <cstdio>
#include <map>
#include <tuple>

namespace threadline::server {

namespace {

// Records per event: a page of /sync at most this long, so that one event stays well below the
// stream buffer (a post upsert with its inline comments is a few KiB).
constexpr int kEventRecords = 100;
// Pages a group reads in one round before the others get their turn (the rest next round).
constexpr int kPagesPerRound = 4;
// PostgreSQL: how often the log is read without a notification (one may have been missed: the
// listening connection broke, a transaction that held the horizon back ended without writing
// records), and the listening connection checked.
constexpr int kPeriodicMs = 3000;
const char kChannel[] = "threadline_changes";

QByteArray sseEvent(const char *name, const QString &id, const QJsonObject &data)
{
    QByteArray e;
    if (!id.isEmpty())
        e += "id: " + id.toLatin1() + '\n';
    e += "event: ";
    e += name;
    e += "\ndata: " + QJsonDocument(data).toJson(QJsonDocument::Compact) + "\n\n";
    return e;
}

// The process stops: open a new stream now (from the last id); `retry` is what an EventSource
// in a browser would wait before it reconnects (ms).
QByteArray reconnectEvent()
{
    return "retry: 0\n" +
           sseEvent("reconnect", {}, {{QStringLiteral("reason"), QStringLiteral("restart")}});
}

} // namespace

EventStreams::EventStreams(Api &api, const ServerConfig &config, Workers *workers, QObject *parent)
    : QObject(parent)
    , m_api(api)
    , m_config(config)
    , m_workers(workers)
{
    connect(&m_ping, &QTimer::timeout, this, [this] { ping(); });
    m_ping.start(m_config.streamPingMs);
    connect(&m_periodic, &QTimer::timeout, this, [this] { periodic(); });
    if (m_api.onPostgres())
        m_periodic.start(kPeriodicMs);
}

EventStreams::~EventStreams() = default;

void EventStreams::open(HttpConnection *c, const Request &request)
{
    Request req = request;
    Api::StreamStart start;
    const Response checked = m_api.openStream(req, start);
    if (checked.status >= 400) {
        c->refuseStream(checked);
        return;
    }
    if (m_perUser.value(req.viewer.uid) >= m_config.maxStreamsPerUser) {
        Response r = Response::error(
            429, QStringLiteral("rate_limited"),
            QStringLiteral("at most %1 push streams per user are open at once; close one first")
                .arg(m_config.maxStreamsPerUser));
        r.headers.append(qMakePair(QByteArray("Retry-After"), QByteArray("5")));
        c->refuseStream(r);
        return;
    }
    if (m_streams.size() >= m_config.maxStreams) {
        Response r = Response::error(
            503, QStringLiteral("unavailable"),
            QStringLiteral("this server has no room for another push stream; poll /sync"));
        r.headers.append(qMakePair(QByteArray("Retry-After"), QByteArray("30")));
        c->refuseStream(r);
        return;
    }
    // No Content-Length: the body is the events, until the connection closes.
    const QByteArray head = "HTTP/1.1 200 OK\r\n"
                            "Content-Type: text/event-stream\r\n"
                            "Cache-Control: no-cache\r\n"
                            "X-Accel-Buffering: no\r\n"
                            "X-Request-Id: " +
                            req.requestId +
                            "\r\n"
                            "Connection: close\r\n"
                            "\r\n";
    if (req.method == "HEAD") {
        c->startStream(head);
        c->endStream({});
        return;
    }
    c->startStream(head);
    if (m_draining) {
        c->endStream(reconnectEvent());
        return;
    }
    if (start.expired) {
        c->endStream(sseEvent("expired", {},
                              {{QStringLiteral("error"), QStringLiteral("cursor_expired")},
                               {QStringLiteral("message"),
                                QStringLiteral("the cursor is older than the change log keeps; "
                                               "refresh from the lists")}}));
        return;
    }
    listen();
    Stream s;
    s.conn = c;
    s.viewer = req.viewer;
    s.comments = start.comments;
    s.pos = start.pos;
    const quint64 id = c->id();
    m_streams.insert(id, s);
    ++m_perUser[s.viewer.uid];
    if (start.hello) {
        send(id, m_streams[id],
             sseEvent("hello", start.cursor,
                      {{QStringLiteral("next"), start.cursor},
                       {QStringLiteral("unread"), start.unread}}));
    }
    schedule(); // what came since the cursor (or since the hello's horizon)
}

void EventStreams::closed(quint64 connectionId)
{
    const auto it = m_streams.find(connectionId);
    if (it == m_streams.end())
        return;
    const qint64 uid = it->viewer.uid;
    m_streams.erase(it);
    auto u = m_perUser.find(uid);
    if (u != m_perUser.end() && --*u <= 0)
        m_perUser.erase(u);
}

void EventStreams::poke()
{
    if (m_poked.exchange(true))
        return; // a wake-up is on its way
    QMetaObject::invokeMethod(
        this, [this] { schedule(); }, Qt::QueuedConnection);
}

void EventStreams::schedule()
{
    m_poked = false;
    if (m_delivering) {
        m_again = true;
        return;
    }
    if (m_scheduled || m_streams.isEmpty())
        return;
    m_scheduled = true;
    QMetaObject::invokeMethod(
        this, [this] { deliver(); }, Qt::QueuedConnection);
}

std::map<EventStreams::GroupKey, EventStreams::Group> EventStreams::grouped() const
{
    std::map<GroupKey, Group> groups;
    for (auto it = m_streams.cbegin(); it != m_streams.cend(); ++it)
        groups[GroupKey{it->viewer.moderator, it->comments, it->pos.tx, it->pos.seq}]
              [it->viewer.uid]
                  .append(it.key());
    return groups;
}

namespace {

QList<qint64> usersOf(const std::map<qint64, QList<quint64>> &group)
{
    QList<qint64> uids;
    for (const auto &[uid, ids] : group)
        uids.append(uid);
    return uids;
}

} // namespace

void EventStreams::deliver()
{
    m_scheduled = false;
    m_again = false;
    if (!m_workers) {
        deliverHere();
        return;
    }
    // Every group's read on a worker, side by side; each page comes back here to be sent. The
    // round ends with its last read: a wake-up meanwhile makes the next round.
    const std::map<GroupKey, Group> groups = grouped();
    if (groups.empty())
        return;
    m_delivering = true;
    m_reading = int(groups.size());
    for (const auto &[key, group] : groups) {
        const bool moderator = std::get<0>(key);
        const int comments = std::get<1>(key);
        const SyncHandler::Position pos{std::get<2>(key), std::get<3>(key)};
        const QList<qint64> uids = usersOf(group);
        // Up to kPagesPerRound pages, each its own event; fewer when the database is away
        // (the next wake-up, or the periodic read, tries again).
        auto pages = std::make_shared<std::vector<Api::StreamPage>>();
        m_workers->run(
            [moderator, uids, pos, comments, pages](Api &api) {
                SyncHandler::Position from = pos;
                for (int round = 0; round < kPagesPerRound; ++round) {
                    Api::StreamPage page;
                    if (!api.readStream(moderator, uids, from, kEventRecords, comments, &page))
                        break;
                    from = page.next;
                    pages->push_back(std::move(page));
                    if (!pages->back().hasMore)
                        break;
                }
            },
            this,
            [this, key = key, group = group, pages] {
                GroupKey at = key;
                for (const Api::StreamPage &page : *pages) {
                    if (!groupRead(at, group, page))
                        break;
                    std::get<2>(at) = page.next.tx;
                    std::get<3>(at) = page.next.seq;
                    if (&page == &pages->back() && page.hasMore)
                        m_again = true; // the rest in the next round
                }
                if (--m_reading > 0)
                    return;
                m_delivering = false;
                if (m_again)
                    schedule();
            });
    }
}

void EventStreams::deliverHere()
{
    m_delivering = true;
    bool more = false;
    for (const auto &[start, group] : grouped()) {
        GroupKey key = start;
        const QList<qint64> uids = usersOf(group);
        for (int round = 0; round < kPagesPerRound; ++round) {
            Api::StreamPage page;
            const SyncHandler::Position pos{std::get<2>(key), std::get<3>(key)};
            if (!m_api.readStream(std::get<0>(key), uids, pos, kEventRecords, std::get<1>(key),
                                  &page))
                break; // the database is away: the next wake-up (or periodic read) tries again
            if (!groupRead(key, group, page) || !page.hasMore)
                break;
            std::get<2>(key) = page.next.tx;
            std::get<3>(key) = page.next.seq;
            if (round == kPagesPerRound - 1)
                more = true;
        }
    }
    m_delivering = false;
    if (more || m_again)
        schedule();
}

bool EventStreams::groupRead(const GroupKey &key, const Group &group, const Api::StreamPage &page)
{
    const SyncHandler::Position from{std::get<2>(key), std::get<3>(key)};
    // An event in three parts, the records' text shared by every viewer who gets the same:
    // `id`, `event` and {"changes": — the records — ,"next":…,"unread":…} (QJsonObject's order).
    const QByteArray head =
        "id: " + page.nextCursor.toLatin1() + "\nevent: changes\ndata: {\"changes\":";
    bool any = false;
    for (const auto &[uid, ids] : group) {
        const SyncHandler::Page &mine = page.byUser[uid];
        QByteArray tail;
        if (mine.count > 0) {
            tail = ",\"next\":";
            json::string(tail, page.nextCursor);
            tail += ",\"unread\":";
            json::number(tail, mine.unread);
            tail += "}\n\n";
        }
        for (quint64 id : ids) {
            const auto it = m_streams.find(id);
            // gone meanwhile (closed, dropped) — or, never, moved on by another read
            if (it == m_streams.end() || !(it->pos == from))
                continue;
            if (mine.count > 0 && !send(id, *it, head, mine.changes, tail))
                continue;
            it->pos = page.next;
            any = true;
        }
    }
    return any;
}

bool EventStreams::send(quint64 id, Stream &s, const QByteArray &bytes, const QByteArray &more,
                        const QByteArray &last)
{
    // The unread bytes are checked before a write: a stream holds at most the buffer plus one
    // event (or ping) plus the overflow event.
    if (s.conn->unsent() > m_config.streamBufferBytes) {
        drop(id,
             sseEvent("overflow", {},
                      {{QStringLiteral("error"), QStringLiteral("too_slow")},
                       {QStringLiteral("catchUp"), QStringLiteral("/sync")}}),
             "too slow");
        return false;
    }
    s.conn->streamWrite(bytes);
    if (!more.isEmpty())
        s.conn->streamWrite(more);
    if (!last.isEmpty())
        s.conn->streamWrite(last);
    return true;
}

void EventStreams::drop(quint64 id, const QByteArray &last, const char *why)
{
    const auto it = m_streams.find(id);
    if (it == m_streams.end())
        return;
    HttpConnection *c = it->conn;
    serverlog::line(serverlog::Level::Warning,
                    c->requestId() + " stream of user " + QByteArray::number(it->viewer.uid) +
                        " from " + c->peer().toLatin1() + " dropped: " + why + " (" +
                        QByteArray::number(c->unsent()) + " bytes unsent)");
    closed(id);
    c->endStream(last);
}

void EventStreams::drain()
{
    m_draining = true;
    const QList<quint64> ids = m_streams.keys();
    for (quint64 id : ids) {
        const auto it = m_streams.find(id);
        if (it == m_streams.end())
            continue;
        HttpConnection *c = it->conn;
        closed(id);
        c->endStream(reconnectEvent());
    }
}

void EventStreams::ping()
{
    const QList<quint64> ids = m_streams.keys();
    for (quint64 id : ids) {
        const auto it = m_streams.find(id);
        if (it != m_streams.end())
            send(id, *it, ": ping\n\n");
    }
}

void EventStreams::periodic()
{
    if (m_streams.isEmpty())
        return;
    listen(true);
    schedule();
}

void EventStreams::listen(bool probe)
{
    if (!m_api.onPostgres())
        return;
    // A stream that opens only needs the connection to exist; the periodic check alone asks it
    // whether it still works (a round trip per opened stream had doubled the database's work
    // while thousands of streams opened).
    if (m_listening && !probe)
        return;
    if (!m_listenDb) {
        m_listenDb = std::make_unique<Database>();
        QString error;
        if (!m_listenDb->open(m_config.dbUrl, &error))
            m_listenDb->markLost(); // tried again on the next periodic check
        connect(m_listenDb->handle().driver(), &QSqlDriver::notification, this,
                [this] { schedule(); });
    } else if (m_listening) {
        // Asked by a query of its own that is gone (its result drained) before the next
        // notification comes: a statement of the Database keeps its forward-only result open
        // until its next use, and libpq parses nothing behind an open result — notifications
        // then waited for this check, 3 s, instead of waking the streams at once.
        bool alive = false;
        {
            QSqlQuery probeQuery(m_listenDb->handle());
            alive = probeQuery.exec(QStringLiteral("SELECT 1"));
        }
        if (alive)
            return;
        m_listenDb->markLost();
        m_listening = false;
    }
    if (!m_listenDb->reconnect())
        return;
    m_listening =
        m_listenDb->handle().driver()->subscribeToNotification(QString::fromLatin1(kChannel));
    if (!m_listening)
        serverlog::line(serverlog::Level::Error,
                        "cannot LISTEN for changes: " +
                            m_listenDb->handle().driver()->lastError().text().toUtf8());
}

} // namespace threadline::server

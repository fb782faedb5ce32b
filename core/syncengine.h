// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The sync engine (design point 1): paints from the cache first, then asks /sync for what
// changed and the server for the first timeline page; polls; applies upserts and removes to
// the post store and the cache; fills gaps after long offline periods.
#pragma once

#include "net/apierror.h"
#include "wire/wiretypes.h"

#include <QList>
#include <QObject>
#include <QSet>
#include <QTimer>
#include <optional>

namespace threadline::core {

class ApiClient;
class Cache;
class PostStore;

class SyncEngine : public QObject
{
    Q_OBJECT
public:
    static constexpr auto kCursorKey = "sync.cursor";
    static constexpr auto kTimelineScope = "all";

    SyncEngine(ApiClient *api, Cache *cache, PostStore *store, QObject *parent = nullptr);

    void setPollIntervalMs(int ms); // default 30,000; 0 turns polling off
    [[nodiscard]] int pollIntervalMs() const { return m_pollMs; }
    void setGapPages(int pages); // pages fetched to close a gap before giving up (default 5)
    // Whether start() and a 410 also paint and refresh the All timeline (default true). The
    // desktop window turns it off: its timeline feeds do that, and two first-page requests at
    // start would be one too many. /sync and polling go on either way.
    void setRefreshesTimeline(bool on) { m_refreshesTimeline = on; }

    // Paints the cached timeline, then (online) syncs and refreshes the first page.
    void start();
    // One /sync round now (the poll timer and window activation call this).
    void syncNow();
    // The first page of the timeline from the server (and the gap check against the cache).
    void refreshTimeline();
    [[nodiscard]] bool isBusy() const { return m_syncing || m_refreshing; }
    // A /sync round (or its 410 recovery) is under way.
    [[nodiscard]] bool isSyncing() const { return m_syncing; }
    // The cursor the next round (or a stream) starts from; empty before the first round.
    [[nodiscard]] std::optional<QString> cursor() const { return m_cursor; }

    // The push stream (LiveSync) delivers the changes: no poll and no /sync round meanwhile, so
    // that the two never apply the same records out of order; syncNow() asks the stream's owner
    // for a round instead (roundWanted()). Off: polling resumes at its interval.
    void setStreaming(bool on);
    [[nodiscard]] bool isStreaming() const { return m_streaming; }
    // A stream's `changes` event: applied exactly as a /sync page (the same code), the cursor
    // advanced and saved the same way; synced() follows.
    void applyStreamed(const SyncPage &page);
    // A stream's `expired` event: what a 410 from /sync does (start over from a fresh cursor,
    // refresh from the lists, cursorExpired()). Streaming is turned off first.
    void streamCursorExpired(const ApiError &error);
    // My unread notifications as the server counted them (a stream's `hello`): unreadCounted().
    void takeUnread(int unread) { Q_EMIT unreadCounted(unread); }

Q_SIGNALS:
    // The cached timeline, before any network answer: the UI paints it at once.
    void cachedTimelineReady(const QList<qint64> &postIds, const std::optional<QString> &next);
    // The server's first page (posts are in the store and the cache).
    void timelineRefreshed(const QList<qint64> &postIds, const std::optional<QString> &next);
    // A /sync round applied `changes` changes (0: nothing new); also after each stream event.
    void synced(int changes);
    // The records of one /sync page or stream event, as they were applied (in order).
    void changesApplied(const QList<threadline::core::Change> &changes);
    // My unread notifications, as the server counted them with a /sync page or stream event.
    void unreadCounted(int unread);
    // After a long offline period the newest page did not reach what the cache holds: at least
    // `missed` posts lie between ("N posts missed — load").
    void gapDetected(int missed);
    void syncFailed(const threadline::core::ApiError &error);
    // The cursor was older than the server's change log (410): what is shown should be
    // refreshed from the normal lists (the engine starts over with a fresh cursor).
    void cursorExpired();
    void busyChanged(bool busy);
    // syncNow() while streaming: the stream's owner closes it, runs the round (syncNow() again)
    // and opens a new stream from the round's cursor.
    void roundWanted();

public:
    // Records applied in one turn of the event loop during a /sync round: a round of tens of
    // thousands of records never holds the GUI thread longer than one such slice.
    static constexpr int kApplySlice = 100;
    // Pages decoded and waiting to be applied before the next one is asked for (a page is
    // asked for while the one before is applied).
    static constexpr int kPagesAhead = 1;
    // A round stops asking after this many records (the next poll goes on from its cursor).
    static constexpr int kMaxRoundRecords = 500000;

private:
    // A round: pages are asked for one after another (the next while the last is applied),
    // decoded on a pool thread and applied kApplySlice records a turn; the cursor is saved
    // after each page. The round ends when the server says hasMore false and all is applied.
    void requestSync(const QString &since);
    void onPage(quint64 round, const QString &since, const SyncPage &page);
    void applySlice(quint64 round);
    void finishRound();
    void applyChanges(const QList<Change> &changes);
    // A page read from `hadCursor` on: applied, and its `next` becomes the saved cursor.
    void acceptPage(const SyncPage &page, bool hadCursor);
    // The server refused the cursor (410, or a stream's `expired`); called while syncing.
    void cursorRefused(const ApiError &error, bool hadCursor);
    void fetchTimelinePage(const std::optional<QString> &before, int pagesLeft, QList<qint64> acc);
    void finishRefresh(const QList<qint64> &ids, const std::optional<QString> &next, bool gap);
    void setSyncing(bool on);
    void setRefreshing(bool on);

    ApiClient *m_api;
    Cache *m_cache;
    PostStore *m_store;
    QTimer m_poll;
    int m_pollMs = 30000;
    bool m_streaming = false;
    int m_gapPages = 5;
    std::optional<QString> m_cursor; // known once the cache answered
    bool m_cursorLoaded = false;
    bool m_syncing = false;
    bool m_refreshing = false;
    bool m_refreshesTimeline = true;
    bool m_syncAgain = false;
    // 410s in a row (a fresh start answered, then its cursor refused again): restarts back off
    // (0.5 s, 1 s, 2 s) and stop after kMaxExpiredInARow with syncFailed, in words.
    static constexpr int kMaxExpiredInARow = 3;
    static constexpr int kExpiredBackoffMs = 500;
    int m_expiredInARow = 0;
    // the round under way
    struct Pending
    {
        SyncPage page;
        bool hadCursor = false;
    };
    quint64 m_round = 0; // bumped by every round and 410: late answers of an old one do nothing
    QList<Pending> m_toApply;
    qsizetype m_appliedInPage = 0;
    bool m_applyQueued = false;
    bool m_requesting = false;            // a page asked for and not yet decoded
    std::optional<QString> m_nextRequest; // asked for once the queue has room
    bool m_lastPageSeen = false;          // hasMore false (or a failure): nothing to ask
    std::optional<ApiError> m_roundError; // the round's failure, said once it is applied
    int m_roundApplied = 0;
    QSet<qint64> m_cachedIds; // what the cached timeline held at start (the gap check)
    quint64 m_timelineRequest = 0;
    quint64 m_cursorRequest = 0;
};

} // namespace threadline::core

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The sync engine (design point 1): paints from the cache first, then asks /sync for what
// changed and the server for the first timeline page; polls; applies upserts and removes to
// the post store and the cache; fills gaps after long offline periods.
#pragma once

#include "net/apierror.h"
#include "wire/wiretypes.h"

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
    void setGapPages(int pages);    // pages fetched to close a gap before giving up (default 5)
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

Q_SIGNALS:
    // The cached timeline, before any network answer: the UI paints it at once.
    void cachedTimelineReady(const QList<qint64> &postIds, const std::optional<QString> &next);
    // The server's first page (posts are in the store and the cache).
    void timelineRefreshed(const QList<qint64> &postIds, const std::optional<QString> &next);
    // A /sync round applied `changes` changes (0: nothing new).
    void synced(int changes);
    // After a long offline period the newest page did not reach what the cache holds: at least
    // `missed` posts lie between ("N posts missed — load").
    void gapDetected(int missed);
    void syncFailed(const threadline::core::ApiError &error);
    // The cursor was older than the server's change log (410): what is shown should be
    // refreshed from the normal lists (the engine starts over with a fresh cursor).
    void cursorExpired();
    void busyChanged(bool busy);

private:
    void requestSync(const QString &since, int rounds, int applied);
    void applyChanges(const SyncPage &page);
    void fetchTimelinePage(const std::optional<QString> &before, int pagesLeft, QList<qint64> acc);
    void finishRefresh(const QList<qint64> &ids, const std::optional<QString> &next, bool gap);
    void setSyncing(bool on);
    void setRefreshing(bool on);

    ApiClient *m_api;
    Cache *m_cache;
    PostStore *m_store;
    QTimer m_poll;
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
    QSet<qint64> m_cachedIds; // what the cached timeline held at start (the gap check)
    quint64 m_timelineRequest = 0;
    quint64 m_cursorRequest = 0;
};

} // namespace threadline::core

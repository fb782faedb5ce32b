// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The server's metrics, served as GET /metrics in Prometheus' text exposition format 0.0.4
// (docs/deploy.md "Metrics"). Counting is cheap: relaxed atomics, no lock; the text is built
// only when /metrics is asked.
//
// One process-wide instance (Metrics::process()): the database's statements are timed inside
// Database, whose objects are made in many places (the HTTP thread, every worker, the push
// stream's listening connection, the demo's start-up), and a like batch is counted by the
// workers; handing an object through all of them would buy nothing but parameters.
#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace threadline::server {

// Durations in buckets of fixed upper bounds (seconds: 1 ms to 10 s, then +Inf).
class Histogram
{
public:
    static constexpr std::array<double, 13> kBounds{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1,
                                                    0.25,  0.5,    1,     2.5,  5,     10};
    void observeNs(std::int64_t ns);
    // The _bucket, _sum and _count lines of `name` with `labels` ("" or `route="…"`).
    void write(QByteArray &out, const QByteArray &name, const QByteArray &labels) const;
    [[nodiscard]] std::uint64_t count() const { return m_count.load(std::memory_order_relaxed); }

private:
    std::array<std::atomic<std::uint64_t>, kBounds.size() + 1> m_buckets{};
    std::atomic<std::uint64_t> m_count{0};
    std::atomic<std::int64_t> m_sumNs{0};
};

class Metrics
{
public:
    static Metrics &process();

    // The routes (method, pattern: "GET", "/api/v1/posts/{id}"), once the Api has its table:
    // requests are counted by route index (HEAD with its GET); -1 is a request that matched no
    // route, -2 GET /metrics itself.
    void setRoutes(const QList<QPair<QByteArray, QByteArray>> &routes);
    void request(int routeIndex, int status, std::int64_t ns);

    // A database statement (Database::run()): its time.
    void statement(std::int64_t ns) { m_statements.observeNs(ns); }
    // Database connections open in this process.
    void connectionOpened() { m_dbConnections.fetch_add(1, std::memory_order_relaxed); }
    void connectionClosed() { m_dbConnections.fetch_sub(1, std::memory_order_relaxed); }
    // A batch of likes written in one statement (workers.h).
    void likeBatch(std::size_t likes);

    // The gauges and counters owned elsewhere, read when /metrics is asked (on the HTTP thread).
    struct Snapshot
    {
        int connections = 0;   // HTTP connections open
        int streams = 0;       // push streams open
        bool draining = false; // SIGTERM came: the process is finishing
        bool readCache = false;
        std::uint64_t readCacheHits = 0, readCacheMisses = 0;
        std::int64_t readCacheEntries = 0, readCacheBytes = 0;
    };
    [[nodiscard]] QByteArray exposition(const Snapshot &s) const;

private:
    // Status codes counted apart; any other goes to the last slot with its class ("2xx" …).
    static constexpr std::array<int, 24> kStatuses{100, 200, 201, 204, 206, 304, 400, 401,
                                                   403, 404, 405, 408, 409, 410, 413, 414,
                                                   415, 422, 429, 431, 500, 501, 503, 505};
    static constexpr std::size_t kOtherStatus = kStatuses.size(); // 1xx … 5xx: 5 more slots
    struct Route
    {
        QByteArray method;
        QByteArray name;
        std::array<std::atomic<std::uint64_t>, kStatuses.size() + 5> byStatus{};
        Histogram latency;
    };
    Route *route(int routeIndex) const;

    std::vector<std::unique_ptr<Route>> m_routes; // set once before serving
    std::unique_ptr<Route> m_unmatched;
    std::unique_ptr<Route> m_metrics;
    Histogram m_statements;
    std::atomic<std::int64_t> m_dbConnections{0};
    std::atomic<std::uint64_t> m_likeBatches{0};
    std::atomic<std::uint64_t> m_likesBatched{0};
    std::atomic<std::uint64_t> m_largestBatch{0};
    Metrics();
};

} // namespace threadline::server

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The server's metrics and their text exposition (metrics.h).
#include "ops/metrics.h"

#include <algorithm>

namespace threadline::server {

namespace {

QByteArray number(double v)
{
    return QByteArray::number(v, 'g', 12);
}

// A label value as the exposition format escapes it (backslash, double quote, new line).
QByteArray labelValue(const QByteArray &v)
{
    QByteArray out;
    out.reserve(v.size());
    for (char c : v) {
        if (c == '\\' || c == '"')
            out += '\\';
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        out += c;
    }
    return out;
}

void help(QByteArray &out, const char *name, const char *type, const char *text)
{
    out += "# HELP ";
    out += name;
    out += ' ';
    out += text;
    out += "\n# TYPE ";
    out += name;
    out += ' ';
    out += type;
    out += '\n';
}

void sample(QByteArray &out, const char *name, const QByteArray &labels, const QByteArray &value)
{
    out += name;
    if (!labels.isEmpty())
        out += '{' + labels + '}';
    out += ' ' + value + '\n';
}

} // namespace

void Histogram::observeNs(std::int64_t ns)
{
    const double s = double(ns) / 1e9;
    const auto it = std::lower_bound(kBounds.begin(), kBounds.end(), s);
    m_buckets[std::size_t(it - kBounds.begin())].fetch_add(1, std::memory_order_relaxed);
    m_sumNs.fetch_add(ns, std::memory_order_relaxed);
    m_count.fetch_add(1, std::memory_order_relaxed);
}

void Histogram::write(QByteArray &out, const QByteArray &name, const QByteArray &labels) const
{
    const QByteArray sep = labels.isEmpty() ? QByteArray() : labels + ',';
    std::uint64_t cumulative = 0;
    for (std::size_t i = 0; i <= kBounds.size(); ++i) {
        cumulative += m_buckets[i].load(std::memory_order_relaxed);
        const QByteArray le = i < kBounds.size() ? number(kBounds[i]) : QByteArray("+Inf");
        out +=
            name + "_bucket{" + sep + "le=\"" + le + "\"} " + QByteArray::number(cumulative) + '\n';
    }
    const QByteArray braces = labels.isEmpty() ? QByteArray() : '{' + labels + '}';
    out += name + "_sum" + braces + ' ' +
           number(double(m_sumNs.load(std::memory_order_relaxed)) / 1e9) + '\n';
    // The count is the +Inf bucket (read above), so that the two never disagree in one scrape.
    out += name + "_count" + braces + ' ' + QByteArray::number(cumulative) + '\n';
}

Metrics::Metrics()
    : m_unmatched(std::make_unique<Route>())
    , m_metrics(std::make_unique<Route>())
{
    m_unmatched->method = "-";
    m_unmatched->name = "unmatched";
    m_metrics->method = "GET";
    m_metrics->name = "/metrics";
}

Metrics &Metrics::process()
{
    static Metrics metrics;
    return metrics;
}

void Metrics::setRoutes(const QList<QPair<QByteArray, QByteArray>> &routes)
{
    bool same = qsizetype(m_routes.size()) == routes.size();
    for (qsizetype i = 0; same && i < routes.size(); ++i)
        same = m_routes[std::size_t(i)]->method == routes[i].first &&
               m_routes[std::size_t(i)]->name == routes[i].second;
    if (same)
        return; // another server in the same process (tests): the counts go on
    m_routes.clear();
    for (const auto &[method, name] : routes) {
        auto r = std::make_unique<Route>();
        r->method = method;
        r->name = name;
        m_routes.push_back(std::move(r));
    }
}

Metrics::Route *Metrics::route(int routeIndex) const
{
    if (routeIndex == -2)
        return m_metrics.get();
    if (routeIndex >= 0 && std::size_t(routeIndex) < m_routes.size())
        return m_routes[std::size_t(routeIndex)].get();
    return m_unmatched.get();
}

void Metrics::request(int routeIndex, int status, std::int64_t ns)
{
    Route *r = route(routeIndex);
    const auto it = std::find(kStatuses.begin(), kStatuses.end(), status);
    std::size_t slot = std::size_t(it - kStatuses.begin());
    if (it == kStatuses.end())
        slot = kOtherStatus + std::size_t(std::clamp(status / 100, 1, 5) - 1);
    r->byStatus[slot].fetch_add(1, std::memory_order_relaxed);
    r->latency.observeNs(ns);
}

void Metrics::likeBatch(std::size_t likes)
{
    m_likeBatches.fetch_add(1, std::memory_order_relaxed);
    m_likesBatched.fetch_add(likes, std::memory_order_relaxed);
    std::uint64_t seen = m_largestBatch.load(std::memory_order_relaxed);
    while (likes > seen && !m_largestBatch.compare_exchange_weak(seen, likes))
        ;
}

QByteArray Metrics::exposition(const Snapshot &s) const
{
    QByteArray out;
    out.reserve(64 * 1024);
    std::vector<const Route *> routes;
    for (const auto &r : m_routes)
        routes.push_back(r.get());
    routes.push_back(m_unmatched.get());
    routes.push_back(m_metrics.get());

    help(out, "threadline_http_requests_total", "counter",
         "Requests answered, by method, route pattern and status (HEAD counts as GET).");
    for (const Route *r : routes) {
        const QByteArray route =
            "method=\"" + r->method + "\",route=\"" + labelValue(r->name) + '"';
        for (std::size_t i = 0; i < r->byStatus.size(); ++i) {
            const std::uint64_t n = r->byStatus[i].load(std::memory_order_relaxed);
            if (!n)
                continue;
            const QByteArray status = i < kStatuses.size()
                                          ? QByteArray::number(kStatuses[i])
                                          : QByteArray::number(i - kOtherStatus + 1) + "xx";
            sample(out, "threadline_http_requests_total", route + ",status=\"" + status + '"',
                   QByteArray::number(n));
        }
    }
    help(out, "threadline_http_request_duration_seconds", "histogram",
         "From a request's first byte to its answer handed to the socket, by method and route.");
    for (const Route *r : routes) {
        if (r->latency.count() == 0)
            continue;
        r->latency.write(out, "threadline_http_request_duration_seconds",
                         "method=\"" + r->method + "\",route=\"" + labelValue(r->name) + '"');
    }
    help(out, "threadline_http_connections", "gauge",
         "HTTP connections open (push streams included).");
    sample(out, "threadline_http_connections", {}, QByteArray::number(s.connections));
    help(out, "threadline_stream_open", "gauge", "Push streams (GET /api/v1/stream) open.");
    sample(out, "threadline_stream_open", {}, QByteArray::number(s.streams));
    help(out, "threadline_draining", "gauge",
         "1 once SIGTERM came: no new connection is taken, those in flight finish.");
    sample(out, "threadline_draining", {}, s.draining ? "1" : "0");

    help(out, "threadline_db_statement_duration_seconds", "histogram",
         "Database statements, from execution to the first row (every thread).");
    m_statements.write(out, "threadline_db_statement_duration_seconds", {});
    help(out, "threadline_db_connections", "gauge", "Database connections open in this process.");
    sample(out, "threadline_db_connections", {},
           QByteArray::number(qint64(m_dbConnections.load(std::memory_order_relaxed))));

    help(out, "threadline_like_batches_total", "counter",
         "Batches of likes written in one statement (PostgreSQL with workers).");
    sample(out, "threadline_like_batches_total", {},
           QByteArray::number(quint64(m_likeBatches.load(std::memory_order_relaxed))));
    help(out, "threadline_like_batch_likes_total", "counter", "Likes written in those batches.");
    sample(out, "threadline_like_batch_likes_total", {},
           QByteArray::number(quint64(m_likesBatched.load(std::memory_order_relaxed))));
    help(out, "threadline_like_batch_largest", "gauge", "The largest batch so far.");
    sample(out, "threadline_like_batch_largest", {},
           QByteArray::number(quint64(m_largestBatch.load(std::memory_order_relaxed))));

    if (s.readCache) {
        help(out, "threadline_read_cache_hits_total", "counter",
             "Reads answered from the read cache (PostgreSQL).");
        sample(out, "threadline_read_cache_hits_total", {}, QByteArray::number(s.readCacheHits));
        help(out, "threadline_read_cache_misses_total", "counter",
             "Reads the read cache did not have.");
        sample(out, "threadline_read_cache_misses_total", {},
               QByteArray::number(s.readCacheMisses));
        help(out, "threadline_read_cache_entries", "gauge", "Entries in the read cache.");
        sample(out, "threadline_read_cache_entries", {}, QByteArray::number(s.readCacheEntries));
        help(out, "threadline_read_cache_bytes", "gauge", "Bytes the read cache holds.");
        sample(out, "threadline_read_cache_bytes", {}, QByteArray::number(s.readCacheBytes));
    }
    return out;
}

} // namespace threadline::server

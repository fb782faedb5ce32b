-- SPDX-FileCopyrightText: 2026 The Threadline authors
-- SPDX-License-Identifier: GPL-3.0-or-later
-- wrk script: one authenticated GET, repeated (run it with -c1 for a latency distribution).
--
-- Environment (set by bench/server-bench.sh):
--   BENCH_TOKEN   a bearer token
--   BENCH_PATH    the path and query, e.g. /api/v1/timeline
--
-- done() prints the same RESULT line as likes.lua.

local req

function init(args)
    req = wrk.format("GET", os.getenv("BENCH_PATH"),
                     { ["Authorization"] = "Bearer " .. os.getenv("BENCH_TOKEN") })
end

function request()
    return req
end

function done(summary, latency, requests)
    local e = summary.errors
    io.write(string.format(
        "RESULT requests=%d duration_us=%d rps=%.1f p50_us=%d p90_us=%d p99_us=%d max_us=%d errors=%d non2xx=%d\n",
        summary.requests, summary.duration, summary.requests / (summary.duration / 1e6),
        latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,
        e.connect + e.read + e.write + e.timeout, e.status))
end

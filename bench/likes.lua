-- SPDX-FileCopyrightText: 2026 The Threadline authors
-- SPDX-License-Identifier: GPL-3.0-or-later
-- wrk script: post-like writes, PUT and DELETE /api/v1/posts/{id}/like, with real tokens.
--
-- Environment (written by bench/server-bench.sh):
--   BENCH_TOKENS   file, one bearer token a line (one per demo user)
--   BENCH_POSTS    file, one post id a line
--   WRK_THREADS    the -t given to wrk (default 1), so that threads split the pairs
--
-- The pairs (user, post) are walked in a fixed order: request i of a thread takes pair
-- i mod N, and pass floor(i / N) decides the method: PUT on even passes, DELETE on odd ones.
-- Starting from "no pair liked" (the bench unlikes every pair before each run), every request
-- changes something: a like row inserted or deleted, a change-log row, an activity row.
-- Consecutive requests go to different users and different posts.
--
-- done() prints one machine-readable line:
--   RESULT requests=N duration_us=N rps=N p50_us=N p90_us=N p99_us=N max_us=N errors=N non2xx=N

local function readLines(path)
    local t = {}
    local f = assert(io.open(path, "r"), "cannot open " .. tostring(path))
    for line in f:lines() do
        line = line:gsub("%s+$", "")
        if #line > 0 then
            t[#t + 1] = line
        end
    end
    f:close()
    return t
end

local threadCount = 0

function setup(thread)
    thread:set("tid", threadCount)
    threadCount = threadCount + 1
end

local put, del = {}, {}
local n, i = 0, 0
-- wrk 4.x calls request() once on the first thread's state after init() to check the script
-- (script_verify_request); that request is never sent, so it must not advance the walk, or
-- pair 0 would stay one pass behind and every request on it would change nothing.
local verifyCall = false

function init(args)
    local tokens = readLines(os.getenv("BENCH_TOKENS"))
    local posts = readLines(os.getenv("BENCH_POSTS"))
    local nthreads = tonumber(os.getenv("WRK_THREADS") or "1")
    local me = tid or 0
    verifyCall = (me == 0)
    local U, P = #tokens, #posts
    -- Pair k (0 <= k < U*P): user k mod U, post (k mod U + floor(k / U)) mod P — a bijection
    -- onto users x posts; thread t takes the pairs k with k mod nthreads == t.
    for k = 0, U * P - 1 do
        if k % nthreads == me then
            local u = k % U
            local p = (u + math.floor(k / U)) % P
            local path = "/api/v1/posts/" .. posts[p + 1] .. "/like"
            local headers = { ["Authorization"] = "Bearer " .. tokens[u + 1] }
            n = n + 1
            put[n] = wrk.format("PUT", path, headers)
            del[n] = wrk.format("DELETE", path, headers)
        end
    end
end

function request()
    if verifyCall then
        verifyCall = false
        return put[1]
    end
    local k = i % n
    local pass = math.floor(i / n)
    i = i + 1
    if pass % 2 == 0 then
        return put[k + 1]
    end
    return del[k + 1]
end

function done(summary, latency, requests)
    local e = summary.errors
    io.write(string.format(
        "RESULT requests=%d duration_us=%d rps=%.1f p50_us=%d p90_us=%d p99_us=%d max_us=%d errors=%d non2xx=%d\n",
        summary.requests, summary.duration, summary.requests / (summary.duration / 1e6),
        latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,
        e.connect + e.read + e.write + e.timeout, e.status))
end

#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Threadline authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Benchmarks threadline-server on loopback with wrk (Debian's /usr/bin/wrk): like writes and
# the two read paths (the timeline and a thread). Figures and targets: docs/performance.md.
#
#   scripts/build.sh threadline-server           # builds nothing itself: build the server first
#   bench/server-bench.sh [sqlite|postgres|all]  # default: all
#
# For every backend it starts a fresh server (`--demo --rate-limits off`, a throwaway database
# in a temp dir; PostgreSQL through scripts/pg-cluster.sh) on 127.0.0.1:0, logs in USERS demo
# users for real tokens, takes POSTS post ids from the first timeline page, finds the demo's
# busy post (commentCount 1800), then measures, RUNS times each:
#   likes     wrk -t THREADS -c CONNECTIONS -d DURATION, bench/likes.lua: PUT/DELETE
#             /api/v1/posts/{id}/like over users x posts, every request a real write (each run
#             starts from "no pair liked": the bench unlikes every pair first)
#   comments  wrk -t1 -c1 -d GET_DURATION: GET /api/v1/posts/{busy}/comments?limit=200
#   timeline  wrk -t1 -c1 -d GET_DURATION: GET /api/v1/timeline (first page, default limit)
# and prints each run (req/s, p50, p99) and the median over the runs.
#
# Environment:
#   BUILD_DIR     build directory holding server/threadline-server (default: build)
#   RUNS          measured runs per figure (default 5)
#   DURATION      one likes run (default 10s);  GET_DURATION: one GET run (default 5s)
#   CONNECTIONS   likes connections (default 8); THREADS: wrk threads (default 1)
#   USERS, POSTS  how many demo users and posts the likes cycle over (default 40, 50)
#   LOAD_MAX      wait, before each backend, until the 1-minute load average is below this
#                 (default 1.0; 0 = do not wait)
#   BUSY_MAX      wait, before each run, until the machine's CPU use over 2 s (the idle server
#                 included) is below this percentage (default 15; 0 = do not wait)
#   WAIT_MAX      give up waiting for a quiet machine after this many seconds and measure
#                 anyway, saying so (default 1200)
#   OTHERS_MAX    a run during which other processes (not the server, its PostgreSQL, wrk) used
#                 more than this many cores is not counted and is run again, up to RETRIES
#                 (default 3) times; then it counts and the summary says so (default 0.15)
#   SERVER_LOG    a file for the server's per-request log (default: discarded)
#   SERVER_ARGS   more arguments for the server (word-split), e.g. "--token-cache 0"
#   FIGURES       which figures to measure (default "likes comments timeline")
#   STATEMENTS    1: on PostgreSQL also count the statements per request (log_statement = all,
#                 after the runs, requests sent one at a time): a like write (200 PUT/DELETE),
#                 the timeline page, the comments page of limit=200 and the deployment's comments
#                 pages (limit=50, after 0, 50, 100, 150: bench/tl-loadgen.cpp), and of those how
#                 many were a PREPARE (a statement text the connection had not seen: parse + plan)
# Each run also prints the CPU time the server and its database used per request ("cpu"), a
# figure that other work on the machine disturbs much less than req/s and latency.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
build_dir=${BUILD_DIR:-build}
server=$build_dir/server/threadline-server
[[ $server = /* ]] || server=$root/$server
RUNS=${RUNS:-5}
DURATION=${DURATION:-10s}
GET_DURATION=${GET_DURATION:-5s}
CONNECTIONS=${CONNECTIONS:-8}
THREADS=${THREADS:-1}
USERS=${USERS:-40}
POSTS=${POSTS:-50}
LOAD_MAX=${LOAD_MAX:-1.0}
BUSY_MAX=${BUSY_MAX:-15}
WAIT_MAX=${WAIT_MAX:-1200}
OTHERS_MAX=${OTHERS_MAX:-0.15}
RETRIES=${RETRIES:-3}
SERVER_LOG=${SERVER_LOG:-/dev/null}
SERVER_ARGS=${SERVER_ARGS:-}
FIGURES=${FIGURES:-likes comments timeline}
FIGURES=${FIGURES//,/ } # "timeline,comments" too
STATEMENTS=${STATEMENTS:-0}
WRK=${WRK:-wrk}

die() {
    echo "server-bench: $*" >&2
    exit 1
}

mode=${1:-all}
case $mode in
sqlite) backends=(sqlite) ;;
postgres) backends=(postgres) ;;
all) backends=(sqlite postgres) ;;
*) die "usage: $0 [sqlite|postgres|all]" ;;
esac

[[ -x $server ]] || die "no server at $server (build it first: scripts/build.sh threadline-server)"
command -v "$WRK" >/dev/null || die "wrk not found (apt-get install wrk)"
command -v jq >/dev/null || die "jq not found (apt-get install jq)"
command -v curl >/dev/null || die "curl not found (apt-get install curl)"

work=$(mktemp -d /tmp/threadline-bench.XXXXXX)
server_pid=
pg_dir=

stop_server() {
    if [[ -n $server_pid ]]; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
        server_pid=
    fi
}

cleanup() {
    stop_server
    if [[ -n $pg_dir ]]; then
        "$root/scripts/pg-cluster.sh" stop "$pg_dir" >/dev/null 2>&1 || true
        rm -rf "$pg_dir"
    fi
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---- a quiet machine ---------------------------------------------------------------------------

load1() { cut -d' ' -f1 /proc/loadavg; }

# CPU use of the whole machine over 2 s, in percent (all cores together = 100).
cpu_busy() {
    local a b
    read -r -a a < <(head -n1 /proc/stat)
    sleep 2
    read -r -a b < <(head -n1 /proc/stat)
    # fields: cpu user nice system idle iowait irq softirq steal
    local busy=0 total=0 i d
    for i in 1 2 3 4 5 6 7 8; do
        d=$((b[i] - a[i]))
        total=$((total + d))
        if ((i != 4 && i != 5)); then
            busy=$((busy + d))
        fi
    done
    ((total > 0)) || total=1
    echo $((100 * busy / total))
}

waited_too_long=0
disturbed=0

wait_for_load() {
    [[ $LOAD_MAX != 0 ]] || return 0
    local start=$SECONDS l
    while :; do
        l=$(load1)
        if awk -v l="$l" -v m="$LOAD_MAX" 'BEGIN { exit !(l < m) }'; then
            echo "  load average $l (< $LOAD_MAX)"
            return 0
        fi
        if ((SECONDS - start > WAIT_MAX)); then
            echo "  WARNING: load average still $l after ${WAIT_MAX}s; measuring anyway"
            waited_too_long=1
            return 0
        fi
        echo "  load average $l, waiting for < $LOAD_MAX ..."
        sleep 30
    done
}

last_busy=
wait_for_quiet() {
    [[ $BUSY_MAX != 0 ]] || return 0
    local start=$SECONDS b
    while :; do
        b=$(cpu_busy)
        last_busy=$b
        ((b < BUSY_MAX)) && return 0
        if ((SECONDS - start > WAIT_MAX)); then
            echo "  WARNING: machine still ${b}% busy after ${WAIT_MAX}s; measuring anyway"
            waited_too_long=1
            return 0
        fi
        echo "  machine ${b}% busy, waiting ..."
        sleep 10
    done
}

db=
# ---- the server --------------------------------------------------------------------------------

base=
start_server() { # DB_URL DIR
    local db=$1 dir=$2
    mkdir -p "$dir/media"
    # shellcheck disable=SC2086 # SERVER_ARGS is a list of words
    "$server" --listen 127.0.0.1:0 --db "$db" --media-dir "$dir/media" --demo --rate-limits off \
        $SERVER_ARGS >"$dir/stdout" 2>"$SERVER_LOG" &
    server_pid=$!
    local line= i
    for ((i = 0; i < 1200; i++)); do # up to 120 s (the demo seed takes about 1 s)
        line=$(head -n1 "$dir/stdout" 2>/dev/null || true)
        [[ $line == "listening on http://"* ]] && break
        kill -0 "$server_pid" 2>/dev/null || die "the server exited before listening"
        sleep 0.1
    done
    [[ $line == "listening on http://"* ]] || die "the server did not start within 120 s"
    base=${line#listening on }
    echo "  server at $base (pid $server_pid)"
}

api() { # METHOD PATH [TOKEN] [BODY]
    local args=(-sS --fail-with-body -X "$1" "$base$2")
    [[ -n ${3:-} ]] && args+=(-H "Authorization: Bearer $3")
    [[ -n ${4:-} ]] && args+=(-H 'Content-Type: application/json' --data-binary "$4")
    curl "${args[@]}"
}

demo_users() {
    local u
    for u in zhangsan lisi wangwu mazi tingtamen qianqi maliu; do echo "$u"; done
    for ((u = 100; u < 140; u++)); do echo "demo$u"; done
}

prepare() { # DIR: tokens, posts, the busy post
    local dir=$1 u token login
    : >"$dir/tokens"
    : >"$dir/uids"
    while read -r u; do
        login=$(api POST /api/v1/auth/login "" "{\"username\":\"$u\",\"password\":\"demo\"}")
        token=$(jq -r .token <<<"$login")
        [[ -n $token && $token != null ]] || die "login as $u failed"
        echo "$token" >>"$dir/tokens"
        jq -r .user.uid <<<"$login" >>"$dir/uids"
    done < <(demo_users | head -n "$USERS")
    [[ $(wc -l <"$dir/tokens") -eq $USERS ]] || die "only $(wc -l <"$dir/tokens") demo users (USERS=$USERS)"
    token=$(head -n1 "$dir/tokens")
    echo "$token" >"$dir/token"

    local page
    page=$(api GET "/api/v1/timeline?limit=$POSTS" "$token")
    jq -r '.items[].id' <<<"$page" >"$dir/posts"
    [[ $(wc -l <"$dir/posts") -eq $POSTS ]] || die "the first timeline page has $(wc -l <"$dir/posts") posts, not $POSTS"

    # The busy post: scan the timeline for commentCount 1800.
    local busy= next= n=0
    while :; do
        busy=$(jq -r '[.items[] | select(.commentCount == 1800) | .id][0] // empty' <<<"$page")
        [[ -n $busy ]] && break
        next=$(jq -r '.next // empty' <<<"$page")
        [[ -n $next && $n -lt 100 ]] || die "no post with 1800 comments in the timeline"
        page=$(api GET "/api/v1/timeline?limit=50&before=$(jq -rn --arg s "$next" '$s|@uri')" "$token")
        n=$((n + 1))
    done
    echo "$busy" >"$dir/busy"
    echo "  $USERS users logged in, $POSTS posts, busy post $busy"
}

# Unlike every (user, post) pair, so that every request of the next likes run is a real write.
reset_likes() { # DIR
    local dir=$1 token post first=1
    {
        while read -r token; do
            ((first)) || echo 'next'
            first=0
            echo 'request = "DELETE"'
            echo "header = \"Authorization: Bearer $token\""
            echo 'write-out = "%{http_code}\n"'
            while read -r post; do
                echo "url = \"$base/api/v1/posts/$post/like\""
                echo 'output = "/dev/null"'
            done <"$dir/posts"
        done <"$dir/tokens"
    } >"$dir/reset.curl"
    local codes
    codes=$(curl -sS -K "$dir/reset.curl" | sort | uniq -c | awk '{ printf "%s:%s ", $2, $1 }')
    [[ $codes == "200:$((USERS * POSTS)) " ]] || die "resetting the likes: status counts $codes"
    local left
    left=$(liked_pairs "$dir")
    [[ $left == 0 ]] || die "resetting the likes: $left pairs still liked"
}

sql() {
    case $db in
    sqlite:*) sqlite3 "${db#sqlite:}" "$1" ;;
    *) psql -qAt "$db" -c "$1" ;;
    esac
}

# The change log's high-water mark: every real like write appends one row.
changes_seq() { sql 'SELECT COALESCE(MAX(seq), 0) FROM changes'; }

# How many of the bench's (user, post) pairs are liked now.
liked_pairs() { # DIR
    sql "SELECT COUNT(*) FROM post_likes WHERE uid IN ($(paste -sd, "$1/uids"))
         AND post_id IN ($(paste -sd, "$1/posts"))"
}

# ---- measuring ---------------------------------------------------------------------------------

# ---- CPU accounting: was the machine ours during a run? ------------------------------------------

clk=$(getconf CLK_TCK)

# "busy total" jiffies of the whole machine
machine_ticks() { awk '/^cpu / { b = $2 + $3 + $4 + $7 + $8 + $9; print b, b + $5 + $6 }' /proc/stat; }

# user+system ticks of PIDs (those still alive)
pid_ticks() {
    local p sum=0 st
    for p in "$@"; do
        st=$(cat "/proc/$p/stat" 2>/dev/null) || continue
        st=${st##*) } # after the command name: field 3 (state) onwards
        read -r -a f <<<"$st"
        sum=$((sum + f[11] + f[12]))
    done
    echo "$sum"
}

# The processes of this bench: the server and, for PostgreSQL, the cluster's processes.
our_pids() {
    echo "$server_pid"
    if [[ -n $pg_dir && -f $pg_dir/data/postmaster.pid ]]; then
        local pm st
        pm=$(head -n1 "$pg_dir/data/postmaster.pid")
        echo "$pm"
        for st in /proc/[0-9]*/stat; do
            st=$(cat "$st" 2>/dev/null) || continue
            local pid=${st%% *}
            st=${st##*) }
            [[ ${st#* } == "$pm "* ]] && echo "$pid"
        done
    fi
}

# run_wrk NAME SCRIPT WRK-ARGS... : one run. Sets run_line (the RESULT fields), run_others (the
# CPU, in cores, that processes other than the server, its database and wrk used meanwhile).
run_wrk() {
    local name=$1 script=$2
    shift 2
    local out line m0 m1 o0 o1 pids
    mapfile -t pids < <(our_pids)
    read -r -a m0 < <(machine_ticks)
    o0=$(pid_ticks "${pids[@]}")
    # `times` in the same subshell: the CPU time of its child, wrk
    out=$("$WRK" "$@" --latency -s "$root/bench/$script" "$base" 2>&1 && times) || {
        echo "$out" >&2
        die "wrk failed"
    }
    read -r -a m1 < <(machine_ticks)
    o1=$(pid_ticks "${pids[@]}")
    line=$(grep '^RESULT ' <<<"$out") || {
        echo "$out" >&2
        die "no RESULT line from wrk"
    }
    local wrk_s
    wrk_s=$(tail -n1 <<<"$out" | awk '{ s = 0; for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); s += a[1] * 60 + a[2] } print s }')
    run_others=$(awk -v b=$((m1[0] - m0[0])) -v t=$((m1[1] - m0[1])) -v o=$((o1 - o0)) \
        -v w="$wrk_s" -v hz="$clk" -v n="$(nproc)" \
        'BEGIN { x = (b - o - w * hz) / (t / n); if (x < 0) x = 0; printf "%.2f", x }')
    local -A r
    local kv
    for kv in ${line#RESULT }; do r[${kv%%=*}]=${kv#*=}; done
    if ((r[errors] > 0 || r[non2xx] > 0)); then
        echo "$out" >&2
        die "$name: ${r[errors]} socket errors, ${r[non2xx]} non-2xx answers"
    fi
    # the server's and its database's CPU time per answered request, in microseconds
    local cpu_us
    cpu_us=$(awk -v o=$((o1 - o0)) -v hz="$clk" -v n="${r[requests]}" \
        'BEGIN { printf "%.0f", (n > 0 ? o / hz * 1e6 / n : 0) }')
    run_line="$name ${r[rps]} ${r[p50_us]} ${r[p99_us]} ${r[requests]} ${r[max_us]} $cpu_us"
}

# measure NAME SCRIPT WRK-ARGS... : one counted run, repeated (up to RETRIES more times) when
# other processes used more than OTHERS_MAX cores meanwhile. Calls NAME_before (before waiting
# for a quiet machine), NAME_start and NAME_after (around the run) when they exist.
# Appends "NAME rps p50_us p99_us requests max_us" to $results.
measure() {
    local name=$1 try
    for ((try = 0; ; try++)); do
        ! declare -F "${name}_before" >/dev/null || "${name}_before"
        wait_for_quiet
        ! declare -F "${name}_start" >/dev/null || "${name}_start"
        run_wrk "$@"
        ! declare -F "${name}_after" >/dev/null || "${name}_after"
        local f
        read -r -a f <<<"$run_line"
        printf '  %-9s run: %8.1f req/s  p50 %7.2f ms  p99 %7.2f ms  max %7.2f ms  cpu %5d us/req  (%d requests; others used %s cores)' \
            "$name" "${f[1]}" "$(awk -v u="${f[2]}" 'BEGIN { print u / 1000 }')" \
            "$(awk -v u="${f[3]}" 'BEGIN { print u / 1000 }')" \
            "$(awk -v u="${f[5]}" 'BEGIN { print u / 1000 }')" "${f[6]}" "${f[4]}" "$run_others"
        if awk -v x="$run_others" -v m="$OTHERS_MAX" 'BEGIN { exit !(x > m) }'; then
            if ((try < RETRIES)); then
                echo " - disturbed, not counted"
                continue
            fi
            echo " - disturbed, counted anyway"
            disturbed=1
        else
            echo
        fi
        echo "$run_line" >>"$results"
        return 0
    done
}

# Every request of a likes run must have been a real write (checked, not assumed: an early
# version of likes.lua lost one request to wrk's script check, and from then on every request
# on one pair changed nothing). wrk counts the answered requests;
# up to CONNECTIONS more were sent and written but not answered when it stopped. With n pairs
# and R requests written, the pairs liked now are R mod n on an even pass, n - R mod n on an odd
# one; and the change log grew by R rows.
write_problems=0
check_writes() { # REQUESTS CHANGE-ROWS LIKED-PAIRS
    local counted=$1 writes=$2 liked=$3 n=$((USERS * POSTS)) r ok=0 expect
    for ((r = counted; r <= counted + CONNECTIONS; r++)); do
        expect=$(((r / n) % 2 == 0 ? r % n : n - r % n))
        # with several wrk threads each walks its own share: only the row count is known
        if ((writes == r && (THREADS > 1 || expect == liked))); then
            ok=1
            break
        fi
    done
    if ((!ok)); then
        echo "  WARNING: $counted requests answered, $writes change-log rows, $liked pairs liked:" \
            "not every request was a write"
        write_problems=1
    fi
}

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

summary_rows=()
summarize() { # BACKEND NAME
    local backend=$1 name=$2 rps p50 p99 cpu
    grep -q "^$name " "$results" || return 0
    rps=$(awk -v n="$name" '$1 == n { print $2 }' "$results" | median)
    cpu=$(awk -v n="$name" '$1 == n { print $7 }' "$results" | median)
    p50=$(awk -v n="$name" '$1 == n { print $3 / 1000 }' "$results" | median)
    p99=$(awk -v n="$name" '$1 == n { print $4 / 1000 }' "$results" | median)
    summary_rows+=("$(printf '| %-8s | %-9s | %8.0f | %7.2f | %7.2f | %6.0f |' "$backend" "$name" "$rps" "$p50" "$p99" "$cpu")")
}

bench_backend() { # BACKEND
    local backend=$1 dir=$work/$1 before writes requests liked
    mkdir -p "$dir"
    echo "== $backend"
    case $backend in
    sqlite) db="sqlite:$dir/threadline.db" ;;
    postgres)
        [[ -x $root/scripts/pg-cluster.sh ]] || die "no scripts/pg-cluster.sh"
        pg_dir=$(mktemp -d /tmp/threadline-bench-pg.XXXXXX)
        local url
        url=$("$root/scripts/pg-cluster.sh" start "$pg_dir" | tail -n1)
        psql -q "$url/postgres" -c 'CREATE DATABASE bench' >/dev/null
        db="$url/bench"
        echo "  PostgreSQL at $url"
        ;;
    esac
    command -v "$([[ $db == sqlite:* ]] && echo sqlite3 || echo psql)" >/dev/null ||
        die "sqlite3 / psql needed to check the writes (apt-get install sqlite3 postgresql-client)"
    start_server "$db" "$dir"
    prepare "$dir"
    results=$dir/results
    : >"$results"

    export BENCH_TOKENS=$dir/tokens BENCH_POSTS=$dir/posts WRK_THREADS=$THREADS
    export BENCH_TOKEN
    BENCH_TOKEN=$(cat "$dir/token")
    local busy
    busy=$(cat "$dir/busy")

    wait_for_load
    # Warm-up (not counted): caches, prepared statements, the WAL.
    reset_likes "$dir"
    "$WRK" -t "$THREADS" -c "$CONNECTIONS" -d 3s -s "$root/bench/likes.lua" "$base" >/dev/null
    BENCH_PATH="/api/v1/posts/$busy/comments?limit=200" "$WRK" -t1 -c1 -d1s -s "$root/bench/get.lua" "$base" >/dev/null
    BENCH_PATH=/api/v1/timeline "$WRK" -t1 -c1 -d1s -s "$root/bench/get.lua" "$base" >/dev/null

    likes_before() { reset_likes "$dir"; }
    likes_start() { before=$(changes_seq); }
    likes_after() {
        sleep 0.5 # requests still in flight when wrk stopped: answered to nobody, but written
        writes=$(($(changes_seq) - before))
        liked=$(liked_pairs "$dir")
        check_writes "$(awk '{ print $5 }' <<<"$run_line")" "$writes" "$liked"
    }
    local i
    for ((i = 1; i <= RUNS; i++)); do
        [[ " $FIGURES " == *" likes "* ]] || break
        measure likes likes.lua -t "$THREADS" -c "$CONNECTIONS" -d "$DURATION"
    done
    for ((i = 1; i <= RUNS; i++)); do
        [[ " $FIGURES " == *" comments "* ]] || break
        BENCH_PATH="/api/v1/posts/$busy/comments?limit=200" \
            measure comments get.lua -t1 -c1 -d "$GET_DURATION"
    done
    for ((i = 1; i <= RUNS; i++)); do
        [[ " $FIGURES " == *" timeline "* ]] || break
        BENCH_PATH=/api/v1/timeline measure timeline get.lua -t1 -c1 -d "$GET_DURATION"
    done
    if [[ $STATEMENTS == 1 && $backend == postgres ]]; then
        count_statements "$dir"
    fi
    summarize "$backend" likes
    summarize "$backend" comments
    summarize "$backend" timeline

    stop_server
    if [[ -n $pg_dir ]]; then
        "$root/scripts/pg-cluster.sh" stop "$pg_dir" >/dev/null
        rm -rf "$pg_dir"
        pg_dir=
    fi
}

# Statements per request on PostgreSQL: log_statement = all while requests go one at a time,
# then the cluster's log lines "LOG:  statement:" / "LOG:  execute" of each span divided by the
# requests (PREPAREs counted apart too: each is a statement text new to the connection).
# Likes: 200 PUT/DELETE on one pair (the server's token checks, reused for --token-cache, count
# too). Pages: 20 of each, after one of each not counted (the warm-up already ran them all but the
# deployment's pages).
statements_span() { # LABEL REQUESTS COMMAND… : runs the command, appends a line to statements_lines
    local label=$1 requests=$2 from n prep
    shift 2
    from=$(wc -l <"$log")
    "$@"
    sleep 0.5
    n=$(tail -n +"$((from + 1))" "$log" | grep -cE 'LOG:  (statement|execute)') || true
    prep=$(tail -n +"$((from + 1))" "$log" | grep -cE 'LOG:  statement: PREPARE') || true
    statements_lines+=("$(printf '%-30s %6.2f statements per request, %5.2f of them PREPARE (%d, %d for %d requests)' \
        "$label" "$(awk -v n="$n" -v r="$requests" 'BEGIN { print n / r }')" \
        "$(awk -v n="$prep" -v r="$requests" 'BEGIN { print n / r }')" "$n" "$prep" "$requests")")
    echo "  ${statements_lines[-1]}"
}
likes_span() {
    local i
    for ((i = 0; i < 100; i++)); do
        api PUT "/api/v1/posts/$post/like" "$token" >/dev/null
        api DELETE "/api/v1/posts/$post/like" "$token" >/dev/null
    done
}
pages_span() { # PATH… (cycled through, 20 requests)
    local i paths=("$@")
    for ((i = 0; i < 20; i++)); do
        api GET "${paths[i % ${#paths[@]}]}" "$token" >/dev/null
    done
}
count_statements() { # DIR
    local dir=$1 token post busy i log
    token=$(head -n1 "$dir/tokens")
    post=$(head -n1 "$dir/posts")
    busy=$(cat "$dir/busy")
    log=$pg_dir/log
    api DELETE "/api/v1/posts/$post/like" "$token" >/dev/null
    psql -qAt "$db" -c "ALTER SYSTEM SET log_statement = 'all'" -c 'SELECT pg_reload_conf()' >/dev/null
    sleep 0.5 # the reload reaches the server's backend before its next statement
    statements_span "like write" 200 likes_span
    local deploy=()
    for i in 0 50 100 150; do
        deploy+=("/api/v1/posts/$busy/comments?limit=50&after=$i")
        api GET "${deploy[-1]}" "$token" >/dev/null # first sight, not counted
    done
    api GET "/api/v1/timeline?scope=all" "$token" >/dev/null
    statements_span "timeline" 20 pages_span /api/v1/timeline
    statements_span "timeline?scope=all (deploy)" 20 pages_span "/api/v1/timeline?scope=all"
    statements_span "comments?limit=200" 20 pages_span "/api/v1/posts/$busy/comments?limit=200"
    statements_span "comments?limit=50&after= (deploy)" 20 pages_span "${deploy[@]}"
    psql -qAt "$db" -c 'ALTER SYSTEM RESET log_statement' -c 'SELECT pg_reload_conf()' >/dev/null
}
statements_lines=()

rev=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
[[ -z $(git -C "$root" status --porcelain -- server 2>/dev/null) ]] || rev+=" + uncommitted server/ changes"
echo "threadline-server bench: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $server (source $rev, binary built $(date -u -r "$server" '+%H:%M UTC'))"
echo "likes: wrk -t$THREADS -c$CONNECTIONS -d$DURATION, $USERS users x $POSTS posts; GETs: wrk -t1 -c1 -d$GET_DURATION; $RUNS runs each"
for b in "${backends[@]}"; do
    bench_backend "$b"
done

echo
echo "Medians over $RUNS runs (req/s, and p50/p99 latency in ms):"
echo "| backend  | figure    |    req/s |     p50 |     p99 | cpu µs |"
echo "|----------|-----------|---------:|--------:|--------:|-------:|"
printf '%s\n' "${summary_rows[@]}"
for l in "${statements_lines[@]}"; do echo "PostgreSQL: $l"; done
if ((write_problems)); then
    echo "WARNING: some like requests changed nothing (see above)."
fi
if ((disturbed)); then
    echo "WARNING: other processes used more than $OTHERS_MAX cores during some counted runs."
fi
if ((waited_too_long)); then
    echo "WARNING: the machine was not quiet for some runs (see above); figures may be low."
fi

#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Threadline authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Benchmarks the push stream (GET /api/v1/stream) in the local deployment
# (scripts/deploy-local.sh: nginx with TLS in front of 2 threadline-server processes on one
# PostgreSQL) with bench/live-loadgen. Figures and targets: docs/performance.md, "The push
# stream". Outside CI (several minutes, the whole machine).
#
#   scripts/build.sh threadline-server live-loadgen     # or: the script compiles live-loadgen
#   bench/live-bench.sh                                  # RUNS=3: about 10 minutes
#
# In a fresh deployment (a temporary folder under /tmp, `--rate-limits off`, removed at the end)
# it signs in the demo's 47 ordinary users and, RUNS times:
#   latency  one stream on process B's own port; LATENCY_COUNT comments at LATENCY_RATE/s posted
#            to process A's own port: from each POST leaving to its record on the stream (the
#            write crosses processes: PostgreSQL NOTIFY). Target p50 and p99 ≤ 1 s.
#   idle     IDLE_STREAMS streams opened on process B's own port and left idle: the VmRSS of a
#            fresh process B (restarted first: a heap that held streams before keeps the room)
#            before and SETTLE s after the last hello. Target growth ≤ 50 MB.
#   fanout   FANOUT_STREAMS streams through nginx (TLS; least_conn spreads them over both
#            processes), FANOUT_RATE comments/s for FANOUT_DURATION s through nginx, on
#            FANOUT_POSTS posts in turn: every
#            stream checks its event ids strictly increasing and gets every acknowledged
#            comment exactly once (waiting up to DRAIN s after the last write: `missing` is
#            what had not come by then). Delivered records and events per second, lost, duplicated,
#            latency p50/p99; and the CPU of each part meanwhile. Target: 0 lost, 0 duplicated.
# then prints the median of the runs. The streams belong to the 47 users in turn, so the servers
# run with --max-streams-per-user 1000 (the default 8 per process allows 752 streams at most).
#
# Environment: BUILD_DIR (default build), RUNS (3), PARTS ("latency idle fanout"),
# LATENCY_COUNT (300), LATENCY_RATE (10), IDLE_STREAMS (5000), SETTLE (5), FANOUT_STREAMS (1000),
# FANOUT_RATE (200), FANOUT_DURATION (60), DRAIN (120), FANOUT_USERS (47: whose streams they are; a
# process renders once per round and adds one query per user), FANOUT_POSTS (20: the posts the
# comments go to, in turn), FANOUT_WRITERS (64: keep-alive connections that write, one comment in
# flight each — as many people commenting at once; the rate written is at most FANOUT_WRITERS /
# a comment's round trip), COMMENTS (3:
# the streams' inline comments per post),
# KEEP=1 keeps the folder (logs, raw results) afterwards.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
build_dir=${BUILD_DIR:-build}
[[ $build_dir = /* ]] || build_dir=$root/$build_dir
server=$build_dir/server/threadline-server
RUNS=${RUNS:-3}
PARTS=${PARTS:-latency idle fanout}
LATENCY_COUNT=${LATENCY_COUNT:-300}
LATENCY_RATE=${LATENCY_RATE:-10}
IDLE_STREAMS=${IDLE_STREAMS:-5000}
SETTLE=${SETTLE:-5}
FANOUT_STREAMS=${FANOUT_STREAMS:-1000}
FANOUT_RATE=${FANOUT_RATE:-200}
FANOUT_DURATION=${FANOUT_DURATION:-60}
FANOUT_USERS=${FANOUT_USERS:-47}
FANOUT_POSTS=${FANOUT_POSTS:-20}
FANOUT_WRITERS=${FANOUT_WRITERS:-64}
DRAIN=${DRAIN:-120}
COMMENTS=${COMMENTS:-3}

wants() { [[ " $PARTS " == *" $1 "* ]]; }
die() {
    echo "live-bench: $*" >&2
    exit 1
}
[[ -x $server ]] || die "no server at $server (scripts/build.sh threadline-server)"
command -v jq >/dev/null || die "jq not found"
command -v curl >/dev/null || die "curl not found"

work=$(mktemp -d /tmp/tl-live-bench.XXXXXX)
chmod 755 "$work"
dir=$work/d
cleanup() {
    bash "$root/scripts/deploy-local.sh" down --dir "$dir" >/dev/null 2>&1 || true
    if [[ ${KEEP:-} == 1 ]]; then
        echo "live-bench: kept $work"
    else
        rm -rf "$work"
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

loadgen=$build_dir/bench/live-loadgen
if [[ ! -x $loadgen ]]; then
    loadgen=$work/live-loadgen
    g++ -std=c++20 -O2 -o "$loadgen" "$root/bench/live-loadgen.cpp" -lssl -lcrypto ||
        die "cannot compile bench/live-loadgen.cpp (libssl-dev)"
fi
ulimit -n "$(ulimit -Hn)"

echo "live-bench: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), source $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')"
THREADLINE_SERVER_OPTIONS="--max-streams-per-user 1000 ${THREADLINE_SERVER_OPTIONS:-}" \
    bash scripts/deploy-local.sh up --dir "$dir" --servers 2 --server-bin "$server" \
    --rate-limits off | sed 's/^/  /'
url=$(<"$dir/run/url")
cert=$dir/tls/cert.pem
port_a=$(<"$dir/run/server-1.port")
port_b=$(<"$dir/run/server-2.port")
pid_a=$(<"$dir/run/server-1.pid")
pid_b=$(<"$dir/run/server-2.pid")

api() { # METHOD PATH [TOKEN] [BODY]
    local args=(-sS --fail-with-body --cacert "$cert" -X "$1" "$url$2")
    [[ -n ${3:-} ]] && args+=(-H "Authorization: Bearer $3")
    [[ -n ${4:-} ]] && args+=(-H 'Content-Type: application/json' --data-binary "$4")
    curl "${args[@]}"
}

{
    for u in zhangsan lisi wangwu mazi tingtamen qianqi maliu; do echo "$u"; done
    for ((u = 100; u < 140; u++)); do echo "demo$u"; done
} | while read -r u; do
    api POST /api/v1/auth/login "" "{\"username\":\"$u\",\"password\":\"demo\"}" | jq -r .token
done >"$work/tokens"
[[ $(grep -c . "$work/tokens") -eq 47 ]] || die "could not sign in the 47 demo users"
writer=$(sed -n 2p "$work/tokens")
new_post() { # CONTENT: a fresh post of lisi's (the comments of a part go there)
    api POST /api/v1/posts "$writer" \
        "{\"category\":\"TEXT\",\"content\":\"$1\",\"pictureUrls\":[]}" | jq -r .id
}
echo "  47 users signed in; process A pid $pid_a port $port_a, process B pid $pid_b port $port_b"

# ---- CPU accounting (as bench/deploy-bench.sh) ---------------------------------------------------
clk=$(getconf CLK_TCK)
ticks() {
    local p s sum=0
    for p in "$@"; do
        s=$(cat "/proc/$p/stat" 2>/dev/null) || continue
        s=${s##*) }
        read -r -a f <<<"$s"
        sum=$((sum + f[11] + f[12]))
    done
    echo "$sum"
}
children() {
    echo "$1"
    local c s pid
    for c in /proc/[0-9]*/stat; do
        s=$(cat "$c" 2>/dev/null) || continue
        pid=${s%% *}
        s=${s##*) }
        [[ ${s#* } == "$1 "* ]] && echo "$pid"
    done
}

results=$work/results
: >"$results"
run_part() { # NAME RUN ARGS…: live-loadgen, its lines kept with the run's number
    local name=$1 run=$2 rc=0 out
    shift 2
    out=$("$loadgen" --label "$name" --tokens "$work/tokens" "$@") || rc=$?
    ((rc <= 1)) || die "live-loadgen failed (exit $rc): $out"
    echo "$out" | sed 's/^/  /'
    echo "$out" | sed "s/^/run=$run /" >>"$results"
}

restart_b() { # process B anew (same port): the idle streams' memory is measured on a fresh heap
    kill -TERM "$pid_b"
    while kill -0 "$pid_b" 2>/dev/null; do sleep 0.1; done
    THREADLINE_SERVER_OPTIONS="--max-streams-per-user 1000 ${THREADLINE_SERVER_OPTIONS:-}" \
        bash scripts/deploy-local.sh up --dir "$dir" >/dev/null
    pid_b=$(<"$dir/run/server-2.pid")
}

for ((run = 1; run <= RUNS; run++)); do
    echo
    echo "== run $run of $RUNS (load $(cut -d' ' -f1 /proc/loadavg)) =="
    if wants idle; then
        restart_b
        echo "-- idle: $IDLE_STREAMS streams on a fresh process B (:$port_b), its RSS ${SETTLE}s after the last hello"
        run_part idle "$run" --stream-url "http://127.0.0.1:$port_b" --streams "$IDLE_STREAMS" \
            --comments "$COMMENTS" --rss-pid "$pid_b" --settle "$SETTLE"
    fi
    if wants latency; then
        post=$(new_post "live bench: latency, run $run")
        echo "-- latency: $LATENCY_COUNT comments at $LATENCY_RATE/s to A (:$port_a), one stream on B (:$port_b)"
        run_part latency "$run" --stream-url "http://127.0.0.1:$port_b" --streams 1 \
            --comments "$COMMENTS" --write-url "http://127.0.0.1:$port_a" --post "$post" \
            --rate "$LATENCY_RATE" --count "$LATENCY_COUNT" --writers 2 --drain 10
    fi
    if wants fanout; then
        # the comments spread over FANOUT_POSTS posts: each comment's transaction updates its
        # post's row, so comments on one post are written one after another
        posts=$(for ((i = 1; i <= FANOUT_POSTS; i++)); do new_post "live bench: fan-out $i, run $run"; done | paste -sd,)
        echo "-- fanout: $FANOUT_STREAMS streams of $FANOUT_USERS users through nginx, $FANOUT_RATE comments/s for ${FANOUT_DURATION}s through nginx"
        mapfile -t nginx_pids < <(children "$(<"$dir/run/nginx-master.pid")")
        mapfile -t pg_pids < <(children "$(<"$dir/run/postgresql.pid")")
        t0=("$(ticks "${nginx_pids[@]}")" "$(ticks "$pid_a" "$pid_b")" "$(ticks "${pg_pids[@]}")")
        start=$(date +%s.%N)
        run_part fanout "$run" --stream-url "$url" --cafile "$cert" --streams "$FANOUT_STREAMS" \
            --stream-users "$FANOUT_USERS" \
            --comments "$COMMENTS" --write-url "$url" --post "$posts" --rate "$FANOUT_RATE" \
            --duration "$FANOUT_DURATION" --writers "$FANOUT_WRITERS" --drain "$DRAIN" --rss-pid "$pid_a" \
            --rss-pid "$pid_b" --settle 1
        end=$(date +%s.%N)
        t1=("$(ticks "${nginx_pids[@]}")" "$(ticks "$pid_a" "$pid_b")" "$(ticks "${pg_pids[@]}")")
        cpu=$(awk -v s0="$start" -v s1="$end" -v hz="$clk" -v n="$((t1[0] - t0[0]))" \
            -v v="$((t1[1] - t0[1]))" -v p="$((t1[2] - t0[2]))" \
            'BEGIN { s = s1 - s0; printf "CPU label=fanout nginx=%.2f servers=%.2f postgres=%.2f (cores, over the whole part)", n / hz / s, v / hz / s, p / hz / s }')
        echo "  $cpu"
        echo "run=$run $cpu" >>"$results"
    fi
done

echo
echo "== medians of $RUNS run(s) (targets: latency p50 and p99 ≤ 1 s; idle growth ≤ 50 MB; fan-out 0 missing, 0 duplicated) =="
python3 - "$results" <<'PY'
import statistics, sys
rows = []
for line in open(sys.argv[1]):
    f = line.split()
    kv = dict(x.split("=", 1) for x in f if "=" in x)
    kv["kind"] = f[1]
    rows.append(kv)
def med(kind, label, key):
    xs = [float(r[key]) for r in rows if r["kind"] == kind and r.get("label") == label and key in r]
    if not xs:
        return None
    return statistics.median(xs), min(xs), max(xs)
def show(title, kind, label, key, unit=""):
    m = med(kind, label, key)
    if m:
        print(f"  {title:<38} {m[0]:>10.1f}{unit}   (runs: {m[1]:.1f} … {m[2]:.1f})")
show("latency p50", "DELIVERY", "latency", "p50_ms", " ms")
show("latency p99", "DELIVERY", "latency", "p99_ms", " ms")
show("latency missing", "DELIVERY", "latency", "missing")
show("idle streams opened", "OPEN", "idle", "hello")
show("idle: B's RSS growth", "RSS", "idle", "growth_mb", " MB")
show("idle: per stream", "RSS", "idle", "per_stream_kib", " KiB")
show("idle: time to open them all", "OPEN", "idle", "open_ms", " ms")
show("fan-out streams opened", "OPEN", "fanout", "hello")
show("fan-out comments acknowledged", "WRITE", "fanout", "acked")
show("fan-out comments/s written", "WRITE", "fanout", "rate")
show("fan-out records delivered/s", "DELIVERY", "fanout", "records_per_s")
show("fan-out events delivered/s", "DELIVERY", "fanout", "events_per_s")
show("fan-out records/s a stream (any kind)", "DELIVERY", "fanout", "records_any_kind_per_stream_s")
show("fan-out missing after the drain", "DELIVERY", "fanout", "missing")
show("fan-out drained (1: all arrived)", "DELIVERY", "fanout", "drained")
show("fan-out drain after the last write", "DELIVERY", "fanout", "drain_ms", " ms")
show("fan-out duplicated", "DELIVERY", "fanout", "duplicated")
show("fan-out ids out of order", "DELIVERY", "fanout", "order_violations")
show("fan-out reconnects", "DELIVERY", "fanout", "reconnects")
show("fan-out latency p50", "DELIVERY", "fanout", "p50_ms", " ms")
show("fan-out latency p99", "DELIVERY", "fanout", "p99_ms", " ms")
show("fan-out latency max", "DELIVERY", "fanout", "max_ms", " ms")
show("fan-out CPU nginx (cores)", "CPU", "fanout", "nginx")
show("fan-out CPU servers (cores)", "CPU", "fanout", "servers")
show("fan-out CPU PostgreSQL (cores)", "CPU", "fanout", "postgres")
show("fan-out generator CPU share", "GEN", "fanout", "cpu_share")
PY
echo "  (load now $(cut -d' ' -f1-3 /proc/loadavg))"

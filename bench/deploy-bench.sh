#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Threadline authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Benchmarks the local deployment (scripts/deploy-local.sh: nginx with TLS in front of
# threadline-server processes on one PostgreSQL) with bench/tl-loadgen, an open-loop load
# generator (requests leave at a fixed rate whatever the answers do; latency counts from each
# request's due time). Figures and targets: docs/performance.md, "The deployment: nginx + TLS → server processes → PostgreSQL".
#
#   scripts/build.sh threadline-server tl-loadgen     # or: the script compiles tl-loadgen itself
#   bench/deploy-bench.sh                              # about 6 minutes
#
# In a fresh deployment (a temporary folder under /tmp, `--rate-limits off`, removed at the
# end) it signs in USERS demo users, takes POSTS post ids and the demo's busy post, then, with
# 2 server processes and again with 1 (the same deployment, `up --servers 1`: nginx reloaded):
#   mixed   RATE req/s for DURATION s: 40 % GET timeline, 30 % GET comments (50 floors of the
#           1,800-comment post), 30 % like writes (PUT/DELETE, each a real change)
#   likes   LIKE_RATE like writes/s for LIKE_DURATION s
#   burst   BURST connections opened at once, one GET timeline each: every one must get an
#           HTTP answer (a JSON 503 counts; a reset or a timeout does not)
# and prints p50/p99/errors per figure, the CPU each part used (nginx, servers, PostgreSQL,
# the generator) and the machine's load.
#
# Before those, a ladder: the mixed load at each rate of LADDER (default "100 200 400") for
# LADDER_DURATION (10) s — where the p99 crosses 50 ms, i.e. what the deployment holds.
#
# Environment: BUILD_DIR (default build), RATE (800), DURATION (60), LIKE_RATE (2500),
# LIKE_DURATION (30), BURST (2000), USERS (40), POSTS (50), SERVERS ("2 1"), PARTS ("mixed likes
# burst": which figures to measure after the warm-up and the ladder; LADDER="" skips the ladder),
# DB_COMMIT (sync | async: PostgreSQL's synchronous_commit, default sync), KEEP=1 keeps the
# folder (logs) afterwards.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
build_dir=${BUILD_DIR:-build}
[[ $build_dir = /* ]] || build_dir=$root/$build_dir
server=$build_dir/server/threadline-server
RATE=${RATE:-800}
DURATION=${DURATION:-60}
LIKE_RATE=${LIKE_RATE:-2500}
LIKE_DURATION=${LIKE_DURATION:-30}
BURST=${BURST:-2000}
USERS=${USERS:-40}
POSTS=${POSTS:-50}
SERVERS=${SERVERS:-2 1}
LADDER=${LADDER-100 200 400} # LADDER="" skips it
LADDER_DURATION=${LADDER_DURATION:-10}
DB_COMMIT=${DB_COMMIT:-sync}
PARTS=${PARTS:-mixed likes burst}

wants() { [[ " $PARTS " == *" $1 "* ]]; } # PART: measured in this run?

die() {
    echo "deploy-bench: $*" >&2
    exit 1
}
[[ -x $server ]] || die "no server at $server (scripts/build.sh threadline-server)"
command -v jq >/dev/null || die "jq not found"
command -v curl >/dev/null || die "curl not found"

work=$(mktemp -d /tmp/tl-deploy-bench.XXXXXX)
chmod 755 "$work"
dir=$work/d
cleanup() {
    bash "$root/scripts/deploy-local.sh" down --dir "$dir" >/dev/null 2>&1 || true
    if [[ ${KEEP:-} == 1 ]]; then
        echo "deploy-bench: kept $work"
    else
        rm -rf "$work"
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

loadgen=$build_dir/bench/tl-loadgen
if [[ ! -x $loadgen ]]; then
    loadgen=$work/tl-loadgen
    g++ -std=c++20 -O2 -o "$loadgen" "$root/bench/tl-loadgen.cpp" -lssl -lcrypto ||
        die "cannot compile bench/tl-loadgen.cpp (libssl-dev)"
fi

echo "deploy-bench: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), source $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')"
bash scripts/deploy-local.sh up --dir "$dir" --servers 2 --server-bin "$server" \
    --rate-limits off --db-commit "$DB_COMMIT" | sed 's/^/  /'
url=$(<"$dir/run/url")
cert=$dir/tls/cert.pem

api() { # METHOD PATH [TOKEN] [BODY]
    local args=(-sS --fail-with-body --cacert "$cert" -X "$1" "$url$2")
    [[ -n ${3:-} ]] && args+=(-H "Authorization: Bearer $3")
    [[ -n ${4:-} ]] && args+=(-H 'Content-Type: application/json' --data-binary "$4")
    curl "${args[@]}"
}

# ---- tokens, posts, the busy post -----------------------------------------------------------------
: >"$work/tokens"
{
    for u in zhangsan lisi wangwu mazi tingtamen qianqi maliu; do echo "$u"; done
    for ((u = 100; u < 140; u++)); do echo "demo$u"; done
} | head -n "$USERS" | while read -r u; do
    api POST /api/v1/auth/login "" "{\"username\":\"$u\",\"password\":\"demo\"}" | jq -r .token
done >"$work/tokens"
[[ $(grep -c . "$work/tokens") -eq $USERS ]] || die "could not sign in $USERS demo users"
token=$(head -n1 "$work/tokens")
page=$(api GET "/api/v1/timeline?limit=$POSTS" "$token")
jq -r '.items[].id' <<<"$page" >"$work/posts"
busy=
n=0
while [[ -z $busy ]]; do
    busy=$(jq -r '[.items[] | select(.commentCount == 1800) | .id][0] // empty' <<<"$page")
    [[ -n $busy ]] && break
    next=$(jq -r '.next // empty' <<<"$page")
    [[ -n $next && $n -lt 100 ]] || die "no post with 1800 comments"
    page=$(api GET "/api/v1/timeline?limit=50&before=$(jq -rn --arg s "$next" '$s|@uri')" "$token")
    n=$((n + 1))
done
# Every like write must change something: no pair of the bench liked at the start.
first=1
while read -r t; do
    while read -r p; do
        ((first)) || echo 'next'
        first=0
        echo "url = \"$url/api/v1/posts/$p/like\""
        echo "cacert = \"$cert\""
        echo "header = \"Authorization: Bearer $t\""
        echo 'request = "DELETE"'
        echo 'output = "/dev/null"'
    done <"$work/posts"
done <"$work/tokens" >"$work/reset.curl"
echo "  $USERS users, $(wc -l <"$work/posts") posts, busy post $busy"

# ---- CPU accounting ---------------------------------------------------------------------------------
clk=$(getconf CLK_TCK)
ticks() { # PID...: user+system ticks of those still alive
    local p s sum=0
    for p in "$@"; do
        s=$(cat "/proc/$p/stat" 2>/dev/null) || continue
        s=${s##*) }
        read -r -a f <<<"$s"
        sum=$((sum + f[11] + f[12]))
    done
    echo "$sum"
}
children() { # PID: the process and its direct children
    echo "$1"
    local c
    for c in /proc/[0-9]*/stat; do
        local s
        s=$(cat "$c" 2>/dev/null) || continue
        local pid=${s%% *}
        s=${s##*) }
        [[ ${s#* } == "$1 "* ]] && echo "$pid"
    done
}
group_pids() { # nginx | servers | postgres
    case $1 in
    nginx) children "$(<"$dir/run/nginx-master.pid")" ;;
    servers) cat "$dir"/run/server-*.pid ;;
    postgres) children "$(<"$dir/run/postgresql.pid")" ;;
    esac
}
machine_ticks() { awk '/^cpu / { b = $2 + $3 + $4 + $7 + $8 + $9; print b, b + $5 + $6 }' /proc/stat; }

results=$work/results
: >"$results"

# measure NAME SERVERS LOADGEN-ARGS...: one run; the loadgen's RESULT/GEN/BURST lines plus the
# CPU (in cores) of each part.
measure() {
    local name=$1 nserv=$2
    shift 2
    curl -sS -K "$work/reset.curl" >/dev/null
    local g t0=() t1=() m0 m1 start end
    for g in nginx servers postgres; do
        mapfile -t "pids_$g" < <(group_pids "$g")
    done
    t0=("$(ticks "${pids_nginx[@]}")" "$(ticks "${pids_servers[@]}")" "$(ticks "${pids_postgres[@]}")")
    read -r -a m0 < <(machine_ticks)
    start=$(date +%s.%N)
    local -A lines0=()
    local f
    for f in "$dir"/logs/server-*.log; do lines0[$f]=$(wc -l <"$f"); done
    local out rc=0
    out=$("$loadgen" --url "$url" --cafile "$cert" --tokens "$work/tokens" --posts "$work/posts" \
        --busy "$busy" --label "$name/$nserv" "$@") || rc=$?
    # A burst with a connection unanswered exits 1: said in its BURST line, not fatal here.
    ((rc <= 1)) || die "tl-loadgen failed (exit $rc): $out"
    end=$(date +%s.%N)
    read -r -a m1 < <(machine_ticks)
    t1=("$(ticks "${pids_nginx[@]}")" "$(ticks "${pids_servers[@]}")" "$(ticks "${pids_postgres[@]}")")
    local secs
    secs=$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')
    local cpu
    cpu=$(awk -v s="$secs" -v hz="$clk" -v n0="${t0[0]}" -v n1="${t1[0]}" -v s0="${t0[1]}" \
        -v s1="${t1[1]}" -v p0="${t0[2]}" -v p1="${t1[2]}" -v mb=$((m1[0] - m0[0])) \
        -v mt=$((m1[1] - m0[1])) -v cores="$(nproc)" \
        'BEGIN { printf "CPU nginx=%.2f servers=%.2f postgres=%.2f machine_busy=%.2f (cores of %d)", (n1-n0)/hz/s, (s1-s0)/hz/s, (p1-p0)/hz/s, mb/mt*cores, cores }')
    # The servers' own time per request (their stderr log: method, path, status, ms): what
    # of the latency is handling, what is waiting.
    local own
    own=$(for f in "$dir"/logs/server-*.log; do tail -n +"$((${lines0[$f]:-0} + 1))" "$f"; done |
        python3 -c '
import sys
xs = {}
for line in sys.stdin:
    f = line.split()
    if len(f) < 4 or f[0] not in ("GET", "PUT", "DELETE", "POST") or not f[3].endswith("ms"):
        continue
    p = f[1]
    k = "timeline" if "timeline" in p else "comments" if "comments" in p else "likes" if p.endswith("like") else "other"
    xs.setdefault(k, []).append(float(f[3][:-2]))
out = []
for k, v in sorted(xs.items()):
    v.sort()
    out.append("%s: n=%d p50=%.2f p99=%.2f mean=%.2f" % (k, len(v), v[len(v) // 2], v[min(len(v) - 1, int(len(v) * 0.99))], sum(v) / len(v)))
print("  ".join(out))')
    # CPU per answered request, per part: what the machine would hold if the parts had the
    # cores to themselves (cores / CPU per request), whatever else runs meanwhile.
    local answered
    answered=$(grep -o -m1 ' answered=[0-9]*' <<<"$out" | cut -d= -f2)
    cpu+=$(awk -v s="$secs" -v a="${answered:-0}" -v hz="$clk" -v n="$((t1[0] - t0[0]))" \
        -v v="$((t1[1] - t0[1]))" -v p="$((t1[2] - t0[2]))" \
        'BEGIN { if (a > 0) printf "; CPU ms per request: nginx %.3f servers %.3f postgres %.3f total %.3f", n / hz * 1000 / a, v / hz * 1000 / a, p / hz * 1000 / a, (n + v + p) / hz * 1000 / a }')
    echo "$out" | sed 's/^/  /'
    echo "  $cpu load=$(cut -d' ' -f1 /proc/loadavg)"
    echo "  SERVER-MS $own"
    { echo "$out"; echo "$cpu"; echo "SERVER-MS $own"; } | sed "s|^|$name/$nserv |" >>"$results"
    return 0
}

for nserv in $SERVERS; do
    echo
    echo "== $nserv server process(es) =="
    bash scripts/deploy-local.sh up --dir "$dir" --servers "$nserv" | grep -v '^$' | sed 's/^/  /'
    sleep 2
    echo "-- warm-up (10 s at 200/s)"
    measure warmup "$nserv" --mix timeline:40,comments:30,likes:30 --rate 200 --duration 10 >/dev/null
    for r in $LADDER; do
        echo "-- ladder: mixed at $r req/s for ${LADDER_DURATION}s"
        measure "ladder$r" "$nserv" --mix timeline:40,comments:30,likes:30 --rate "$r" --duration "$LADDER_DURATION"
    done
    if wants mixed; then
        echo "-- mixed: $RATE req/s for ${DURATION}s (40 % timeline, 30 % comments, 30 % likes)"
        measure mixed "$nserv" --mix timeline:40,comments:30,likes:30 --rate "$RATE" --duration "$DURATION"
    fi
    if wants likes; then
        echo "-- likes: $LIKE_RATE writes/s for ${LIKE_DURATION}s"
        measure likes "$nserv" --mix likes:100 --rate "$LIKE_RATE" --duration "$LIKE_DURATION"
    fi
    if wants burst; then
        echo "-- burst: $BURST connections at once, one GET timeline each"
        measure burst "$nserv" --mix timeline:100 --burst "$BURST" --timeout 60
    fi
done

echo
echo "== summary (targets: mixed p99 < 50 ms and 0 errors; likes ≥ 2,500/s, p99 < 20 ms; burst: every connection answered) =="
awk '
/ RESULT / && / kind=all / {
    split($1, a, "/"); name = a[1]; n = a[2]
    if (name == "warmup") next
    sub(/^ladder/, "mixed@", name)
    for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
    printf "  %-10s %s proc: %7.1f req/s answered  p50 %7.2f ms  p99 %8.2f ms  max %8.2f ms  errors %s  non-2xx %s\n", name, n, v["rate"], v["p50_ms"], v["p99_ms"], v["max_ms"], v["errors"], v["non2xx"]
}
/ BURST / {
    split($1, a, "/")
    for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
    printf "  burst  %s proc: %s of %s answered, p50 %s ms, p99 %s ms, max %s ms\n", a[2], v["answered"], v["connections"], v["p50_ms"], v["p99_ms"], v["max_ms"]
}' "$results"
grep -h ' CPU ' "$results" | grep -v '^warmup' | sed 's/^/  /'
echo "  (raw lines: every RESULT/GEN/CPU line above; load now $(cut -d' ' -f1-3 /proc/loadavg))"

#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Threadline authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Bytes on the wire for the two pages that weigh most — a timeline page (/timeline?scope=all,
# 20 posts) and a 200-floor comments page (the demo's busy post 90500) — as they are sent plain,
# gzipped (Accept-Encoding: gzip), and revalidated (If-None-Match with the page's ETag: 304),
# with the time the server took for each. Figures: docs/performance.md, "Bytes on the wire".
#
#   scripts/build.sh threadline-server
#   bench/wire-bytes.sh                  # a fresh demo server on 127.0.0.1, about 20 s
#
# Environment: BUILD_DIR (default build), RUNS (10: each figure is the median time of RUNS
# requests; the bytes are the same every time).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
build_dir=${BUILD_DIR:-build}
[[ $build_dir = /* ]] || build_dir=$root/$build_dir
server=$build_dir/server/threadline-server
RUNS=${RUNS:-10}
[[ -x $server ]] || { echo "wire-bytes: build threadline-server first ($server)" >&2; exit 1; }

tmp=$(mktemp -d)
pid=
cleanup() {
    [[ -n $pid ]] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
    rm -rf "$tmp"
}
trap cleanup EXIT

"$server" --listen 127.0.0.1:0 --db "sqlite:$tmp/db.sqlite" --media-dir "$tmp/media" --demo \
    --rate-limits off >"$tmp/out" 2>"$tmp/err" &
pid=$!
for _ in $(seq 600); do
    [[ -s $tmp/out ]] && break
    sleep 0.1
done
base=$(head -1 "$tmp/out" | sed -n 's/^listening on //p')
[[ -n $base ]] || { echo "wire-bytes: the server did not start" >&2; cat "$tmp/err" >&2; exit 1; }
token=$(curl -sf "$base/api/v1/auth/login" -H 'Content-Type: application/json' \
    -d '{"username":"zhangsan","password":"demo"}' | sed -n 's/.*"token":"\([^"]*\)".*/\1/p')
[[ -n $token ]] || { echo "wire-bytes: sign-in failed" >&2; exit 1; }

# One exchange: "<status> <header bytes> <body bytes> <ms>" (the median ms of RUNS).
measure() {
    local url=$1
    shift
    local out times=()
    for _ in $(seq "$RUNS"); do
        out=$(curl -s -o /dev/null -H "Authorization: Bearer $token" "$@" \
            -w '%{http_code} %{size_header} %{size_download} %{time_total}\n' "$url")
        times+=("$(awk '{printf "%.2f", $4 * 1000}' <<<"$out")")
    done
    local median
    median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    awk -v ms="$median" '{print $1, $2, $3, ms}' <<<"$out"
}

printf '%-26s %-10s %6s %8s %8s %8s\n' page answer status headers body ms
for page in "timeline /api/v1/timeline?scope=all" \
    "200 floors /api/v1/posts/90500/comments?limit=200&replies=3"; do
    name=${page% *}
    url=$base${page##* }
    etag=$(curl -s -D - -o /dev/null -H "Authorization: Bearer $token" "$url" |
        sed -n 's/^[Ee][Tt]ag: *\(.*\)\r$/\1/p')
    for kind in plain gzip 304; do
        case $kind in
        plain) args=(-H 'Accept-Encoding: identity') ;;
        gzip) args=(-H 'Accept-Encoding: gzip') ;;
        304) args=(-H 'Accept-Encoding: gzip' -H "If-None-Match: $etag") ;;
        esac
        read -r status headers body ms < <(measure "$url" "${args[@]}")
        printf '%-26s %-10s %6s %8s %8s %8s\n' "$name" "$kind" "$status" "$headers" "$body" "$ms"
    done
done

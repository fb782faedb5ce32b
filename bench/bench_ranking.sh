#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Threadline authors
# SPDX-License-Identifier: GPL-3.0-or-later
# GET /rankings among 1,000,000 people with points (docs/api.md, "Points and rankings";
# figures in docs/performance.md): the top 10 and the caller's own rank and points, on SQLite
# and on PostgreSQL, through the real threadline-server on loopback.
#
#   cmake --build build --target threadline-server
#   bench/bench_ranking.sh [sqlite|postgres|all]   # default: all
#
# For each backend: a fresh server (`--demo --rate-limits off`, a throwaway database; PostgreSQL
# through scripts/pg-cluster.sh) is started once to create the schema and the demo's people,
# stopped, and the boards are filled directly in the database with PEOPLE people (users rows
# too, so that the top 10's briefs are real), each with today's points (1…100) and the week's
# (1…700), and the histograms that go with them — what the folder would have written for so many
# people. The caller (zhangsan) is given 1 point on both boards: near the bottom, below ~99 % of
# them. The server is started again and RUNS runs of REQUESTS requests each
# (`GET /api/v1/rankings?window=day|week`, one connection, curl) are timed; each run's median
# and the median of the runs' medians are printed. The target: 20 ms.
#
# Environment: BUILD_DIR (default build), PEOPLE (default 1000000), RUNS (5), REQUESTS (21).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
build_dir=${BUILD_DIR:-build}
server=$build_dir/server/threadline-server
[[ $server = /* ]] || server=$root/$server
PEOPLE=${PEOPLE:-1000000}
RUNS=${RUNS:-5}
REQUESTS=${REQUESTS:-21}
which=${1:-all}

die() {
    echo "bench_ranking: $*" >&2
    exit 1
}
[[ -x $server ]] || die "no $server (build threadline-server first)"
for tool in curl jq sqlite3 psql; do command -v $tool >/dev/null || die "$tool is needed"; done

work=$(mktemp -d /tmp/bench-ranking.XXXXXX)
chmod 755 "$work"
server_pid=
pg_dir=
cleanup() {
    [[ -n $server_pid ]] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
    [[ -n $pg_dir ]] && "$root/scripts/pg-cluster.sh" stop "$pg_dir" >/dev/null 2>&1
    rm -rf "$work"
}
trap cleanup EXIT

start_server() { # DB_URL
    mkdir -p "$work/media"
    "$server" --listen 127.0.0.1:0 --db "$1" --media-dir "$work/media" --demo --rate-limits off \
        >"$work/stdout" 2>/dev/null &
    server_pid=$!
    local line= i
    for ((i = 0; i < 1200; i++)); do
        line=$(head -n1 "$work/stdout" 2>/dev/null || true)
        [[ $line == "listening on http://"* ]] && break
        kill -0 "$server_pid" 2>/dev/null || die "the server exited before listening"
        sleep 0.1
    done
    [[ $line == "listening on http://"* ]] || die "the server did not start within 120 s"
    base=${line#listening on }
}

stop_server() {
    kill "$server_pid"
    wait "$server_pid" 2>/dev/null || true
    server_pid=
}

today=$(((($(date +%s) + 28800)) / 86400)) # the day number in UTC+8, as the server counts

# The fill, in SQL both databases read: people 2,000,001 … 2,000,000+PEOPLE.
fill_sql() { # SERIES: a FROM clause giving n = 1 … PEOPLE
    local series=$1
    cat <<SQL
INSERT INTO users(id, username, nick, head_img, role, pw_hash, created)
    SELECT 2000000 + n, 'bench' || n, '读者' || n, '', 'user', 'x', 0 FROM $series;
INSERT INTO rank_days(day, uid, posts, comments, likes, points)
    SELECT $today, 2000000 + n, 0, 0, 0, (CAST(n AS BIGINT) * 7919) % 100 + 1 FROM $series;
INSERT INTO rank_weeks(day, uid, points)
    SELECT $today, 2000000 + n, (CAST(n AS BIGINT) * 104729) % 700 + 1 FROM $series;
INSERT INTO rank_days(day, uid, posts, comments, likes, points) VALUES ($today, 10001, 0, 1, 0, 1)
    ON CONFLICT(day, uid) DO UPDATE SET points = 1;
INSERT INTO rank_weeks(day, uid, points) VALUES ($today, 10001, 1)
    ON CONFLICT(day, uid) DO UPDATE SET points = 1;
DELETE FROM rank_hist WHERE day = $today;
INSERT INTO rank_hist(board, day, points, people)
    SELECT 0, $today, points, COUNT(*) FROM rank_days WHERE day = $today AND points > 0 GROUP BY points;
INSERT INTO rank_hist(board, day, points, people)
    SELECT 1, $today, points, COUNT(*) FROM rank_weeks WHERE day = $today AND points > 0 GROUP BY points;
SQL
}

median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

measure() { # NAME DB_URL
    local name=$1 db=$2 token window run
    start_server "$db"
    # the demo's own points folded in first (the demo seeding appended their events)
    token=$(curl -s "$base/api/v1/auth/login" -H 'Content-Type: application/json' \
        -d '{"username":"zhangsan","password":"demo"}' | jq -r .token)
    curl -s -o /dev/null -H "Authorization: Bearer $token" "$base/api/v1/rankings"
    stop_server
    echo "== $name: filling $PEOPLE people"
    local t0=$SECONDS
    if [[ $name == sqlite ]]; then
        fill_sql "(WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < $PEOPLE) SELECT n FROM s)" |
            { echo 'BEGIN;'; cat; echo 'COMMIT;'; } | sqlite3 "${db#sqlite:}"
    else
        { echo 'BEGIN;'; fill_sql "generate_series(1, $PEOPLE) AS n"; echo 'COMMIT; ANALYZE;'; } |
            psql -q -v ON_ERROR_STOP=1 "$db" >/dev/null
    fi
    echo "   filled in $((SECONDS - t0)) s"
    start_server "$db"
    token=$(curl -s "$base/api/v1/auth/login" -H 'Content-Type: application/json' \
        -d '{"username":"zhangsan","password":"demo"}' | jq -r .token)
    for window in day week; do
        local url="$base/api/v1/rankings?window=$window"
        local answer
        answer=$(curl -s -H "Authorization: Bearer $token" "$url")
        echo "   $window: people $(jq .people <<<"$answer"), top $(jq '.items[0].points' <<<"$answer") points," \
            "me: rank $(jq .me.rank <<<"$answer"), $(jq .me.points <<<"$answer") points"
        local medians=() args=() i
        for ((i = 0; i < REQUESTS; i++)); do args+=(-o /dev/null "$url"); done
        for ((run = 1; run <= RUNS; run++)); do
            local m
            m=$(curl -s -H "Authorization: Bearer $token" -w '%{time_total}\n' \
                "${args[@]}" | awk '{ printf "%.3f\n", $1 * 1000 }' | median)
            medians+=("$m")
        done
        echo "   $window: medians of $RUNS runs x $REQUESTS requests (ms): ${medians[*]}" \
            "-> median $(printf '%s\n' "${medians[@]}" | median) ms (target 20 ms)"
    done
    stop_server
}

if [[ $which == sqlite || $which == all ]]; then
    measure sqlite "sqlite:$work/bench.db"
fi
if [[ $which == postgres || $which == all ]]; then
    pg_dir=$work/pg
    url=$("$root/scripts/pg-cluster.sh" start "$pg_dir" | tail -n1)
    [[ -n $url ]] || url=$(cat "$pg_dir/url")
    psql -q "$url/postgres" -c 'CREATE DATABASE bench' >/dev/null
    measure postgres "$url/bench"
fi

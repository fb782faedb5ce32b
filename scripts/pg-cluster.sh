#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Threadline authors
# SPDX-License-Identifier: GPL-3.0-or-later
# A throwaway PostgreSQL 15 cluster for the test suites, on loopback only.
#
#   scripts/pg-cluster.sh start DIR   # initdb DIR/data, start on a free 127.0.0.1 port,
#                                     # write postgresql://postgres@127.0.0.1:PORT to DIR/url
#   scripts/pg-cluster.sh stop DIR    # stop it (fast) and remove DIR/data
#   scripts/pg-cluster.sh status DIR  # exit 0 when running
#
# Then: THREADLINE_TEST_PG_FILE=DIR/url ctest ...
#
# Trust authentication, fsync off: for tests only, never for data you care about. The server
# listens on 127.0.0.1 and on a Unix socket in DIR/sock, nothing else. Runs as root (initdb and
# the server run as the "postgres" user through runuser) or as an ordinary user (run directly).
# "start" on a DIR whose cluster is running stops that one first, so it is safe to repeat.
set -euo pipefail

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}

usage() {
    echo "usage: $0 start|stop|status DIR" >&2
    exit 2
}

[[ $# -eq 2 ]] || usage
cmd=$1
dir=$2

die() {
    echo "pg-cluster: $*" >&2
    exit 1
}

[[ -x $PG_BIN/pg_ctl ]] || die "no PostgreSQL 15 at $PG_BIN (apt-get install postgresql-15)"

if [[ $(id -u) -eq 0 ]]; then
    id postgres >/dev/null 2>&1 || die "no 'postgres' user to run the cluster as"
    as_pg() { runuser -u postgres -- "$@"; }
else
    as_pg() { "$@"; }
fi

# A free TCP port on 127.0.0.1, chosen by the kernel.
free_port() {
    if command -v python3 >/dev/null 2>&1; then
        python3 -c 'import socket
s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()' && return
    fi
    local p
    for ((i = 0; i < 200; i++)); do
        p=$((20000 + RANDOM % 40000))
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
            echo "$p"
            return
        fi
    done
    die "no free port found"
}

is_running() {
    [[ -f $dir/data/PG_VERSION ]] && as_pg "$PG_BIN/pg_ctl" -D "$dir/data" status >/dev/null 2>&1
}

do_stop() {
    if is_running; then
        as_pg "$PG_BIN/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    fi
    rm -rf "$dir/data" "$dir/url"
}

do_start() {
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    # The path goes into pg_ctl's -o string and the socket path (at most 107 bytes).
    [[ $dir != *[[:space:]]* ]] || die "DIR must not contain white space: $dir"
    ((${#dir} < 80)) || die "DIR is too long for a Unix socket path: $dir"
    do_stop
    rm -rf "$dir/sock"
    mkdir -p "$dir/sock"
    : >"$dir/log"
    if [[ $(id -u) -eq 0 ]]; then
        chown postgres: "$dir" "$dir/sock" "$dir/log"
    fi
    as_pg test -w "$dir/sock" ||
        die "$dir is not writable by the postgres user (its parents need o+x, e.g. use /tmp)"
    as_pg "$PG_BIN/initdb" -D "$dir/data" -A trust -U postgres --no-locale -E UTF8 \
        >"$dir/initdb.log" 2>&1 || {
        cat "$dir/initdb.log" >&2
        die "initdb failed"
    }
    local port
    for _ in 1 2 3 4 5; do
        port=$(free_port)
        if as_pg "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/log" -w -t 60 \
            -o "-p $port -k $dir/sock -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
            start >/dev/null; then
            echo "postgresql://postgres@127.0.0.1:$port" >"$dir/url"
            echo "postgresql://postgres@127.0.0.1:$port"
            return
        fi
        # Lost a race for the port: try another one.
        sleep 0.2
    done
    tail -n 20 "$dir/log" >&2 || true
    die "could not start the cluster (see $dir/log)"
}

case $cmd in
start) do_start ;;
stop)
    [[ -d $dir ]] || exit 0
    dir=$(cd "$dir" && pwd)
    do_stop
    ;;
status)
    if is_running; then
        cat "$dir/url" 2>/dev/null || true
        exit 0
    fi
    exit 1
    ;;
*) usage ;;
esac

#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Threadline authors
# SPDX-License-Identifier: GPL-3.0-or-later
# A whole Threadline deployment on this machine, on loopback only: one PostgreSQL 15 cluster,
# N threadline-server processes on it, and nginx in front with TLS (docs/deploy.md).
#
#   scripts/deploy-local.sh up     [--servers N] [--dir DIR] [options]   # start what is not running
#   scripts/deploy-local.sh status [--dir DIR]                           # what runs; exit 0 when all
#   scripts/deploy-local.sh down   [--dir DIR]                           # stop what `up` started
#   scripts/deploy-local.sh restart-db [--gap S] [--dir DIR]  # stop PostgreSQL (fast), wait S
#                                     # seconds (default 0), start it again on the same port
#   scripts/deploy-local.sh restart-server N [--dir DIR]  # SIGTERM server N, wait for it to
#                                     # drain and exit, start it again on the same port (a
#                                     # rolling restart is this for each N in turn)
#
# Options of `up`:
#   --servers N           server processes (default 2). `up` with another N on a running
#                         deployment starts the missing ones or stops the extra ones and
#                         reloads nginx.
#   --dir DIR             the deployment's folder (default ${XDG_DATA_HOME:-~/.local/share}/
#                         threadline-deploy; as root, when the postgres user cannot reach that,
#                         /var/lib/threadline-deploy). Everything lives under it:
#                           pg/data pg/sock        the cluster and its private socket folder
#                           tls/cert.pem key.pem   the self-signed certificate (made at the
#                                                  first `up`, kept afterwards)
#                           nginx/                 nginx's prefix: nginx.conf, temp folders
#                           media/                 the servers' shared media folder
#                           logs/                  postgresql.log, server-N.log, nginx-*.log
#                           run/                   pid files, ports, the URL
#   --server-bin FILE     threadline-server (default: $THREADLINE_SERVER_BIN, else
#                         $BUILD_DIR/server/threadline-server, BUILD_DIR defaulting to build)
#   --rate-limits MODE    passed to the servers: default (the default) or off (load tests)
#   (environment) THREADLINE_SERVER_OPTIONS: more options for every server process, e.g.
#                         "--workers 2" (bench/deploy-bench.sh compares settings with it)
#   --db-commit sync|async  PostgreSQL's synchronous_commit (default sync: durable)
#   --https-port P        nginx's port (default: the last one used, else a free one)
#
# `up` prints the HTTPS URL and the certificate's path; a client trusts it with
# `threadline --server URL --ca-cert DIR/tls/cert.pem`. `up` is idempotent: what runs is kept,
# what is missing (a killed server, a stopped nginx) is started again on the same ports.
# The first `up` seeds the demo world (--demo: users zhangsan … with password "demo").
set -euo pipefail

script=$(realpath "${BASH_SOURCE[0]}")
root=$(cd "$(dirname "$script")/.." && pwd)
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
NGINX=${NGINX:-/usr/sbin/nginx}

die() {
    echo "deploy-local: $*" >&2
    exit 1
}
say() { echo "deploy-local: $*"; }

usage() {
    sed -n '2,30p' "$script" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

(($# >= 1)) || usage
cmd=$1
shift
servers=
dir=
server_bin=${THREADLINE_SERVER_BIN:-}
rate_limits=
db_commit=
https_port_opt=
gap=0
target=
# nginx holds a server as down this many seconds after a connection to it failed (the upstream's
# fail_timeout; written into nginx.conf).
fail_timeout=2
if [[ $cmd == restart-server ]]; then
    target=${1:-}
    [[ $target =~ ^[1-9][0-9]?$ ]] || die "restart-server wants a server number (1 to 99)"
    shift
fi
while (($#)); do
    case $1 in
    --servers) servers=${2:?}; shift 2 ;;
    --servers=*) servers=${1#*=}; shift ;;
    --dir) dir=${2:?}; shift 2 ;;
    --dir=*) dir=${1#*=}; shift ;;
    --server-bin) server_bin=${2:?}; shift 2 ;;
    --rate-limits) rate_limits=${2:?}; shift 2 ;;
    --db-commit) db_commit=${2:?}; shift 2 ;;
    --https-port) https_port_opt=${2:?}; shift 2 ;;
    --gap) gap=${2:?}; shift 2 ;;
    -h | --help) usage ;;
    *) echo "deploy-local: unknown argument: $1" >&2; usage ;;
    esac
done
[[ -z $servers || $servers =~ ^[1-9][0-9]?$ ]] || die "--servers wants 1 to 99"
[[ -z $rate_limits || $rate_limits == default || $rate_limits == off ]] || die "--rate-limits wants default or off"
[[ -z $db_commit || $db_commit == sync || $db_commit == async ]] || die "--db-commit wants sync or async"
[[ $gap =~ ^[0-9]+(\.[0-9]+)?$ ]] || die "--gap wants seconds"

is_root=0
[[ $(id -u) -eq 0 ]] && is_root=1
if ((is_root)); then
    id postgres >/dev/null 2>&1 || die "no 'postgres' user to run the cluster as (apt-get install postgresql)"
    as_pg() { runuser -u postgres -- "$@"; }
else
    as_pg() { "$@"; }
fi

# A folder the postgres user (and nginx's workers, "nobody") can reach: as root, the default
# under /root (0700) is not, so the default moves to /var/lib.
reachable() { # DIR: true when the unprivileged users can traverse every parent of DIR
    ((is_root)) || return 0
    local d=$1
    while [[ ! -e $d ]]; do d=$(dirname "$d"); done
    runuser -u postgres -- test -x "$d" && runuser -u nobody -- test -x "$d"
}
if [[ -z $dir ]]; then
    dir=${XDG_DATA_HOME:-$HOME/.local/share}/threadline-deploy
    if ! reachable "$dir"; then
        dir=/var/lib/threadline-deploy
    fi
fi
if [[ $cmd != up && ! -d $dir ]]; then
    # Nothing was ever brought up there: nothing runs, nothing to stop (and nothing is made).
    echo "deploy-local: no deployment in $dir"
    [[ $cmd == down ]] && exit 0
    exit 1
fi
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
[[ $dir != *[[:space:]]* ]] || die "the folder must not contain white space: $dir"
# pg/sock/.s.PGSQL.NNNNN must fit a Unix socket path (107 bytes).
((${#dir} <= 80)) || die "the folder's path is too long for PostgreSQL's socket: $dir"
reachable "$dir" || die "$dir cannot be reached by the postgres and nobody users (a parent is not o+x); choose --dir elsewhere, e.g. /var/lib/threadline-deploy or /tmp/…"

pg_dir=$dir/pg
run=$dir/run
logs=$dir/logs
tls=$dir/tls
ngx=$dir/nginx
mkdir -p "$run" "$logs" "$tls" "$ngx" "$dir/media"
# What `up` was told last time holds until told otherwise (a server started again after a
# crash gets the same options).
[[ -n $rate_limits ]] || rate_limits=$(cat "$run/rate-limits" 2>/dev/null || echo default)
[[ -n $db_commit ]] || db_commit=$(cat "$run/db-commit" 2>/dev/null || echo sync)

# ---- small helpers ------------------------------------------------------------------------------

alive() { # PIDFILE: true when the process named there runs
    [[ -s $1 ]] || return 1
    local pid stat
    pid=$(head -n1 "$1")
    [[ $pid =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null || return 1
    # A killed process not yet reaped (a zombie) answers kill -0 but runs no more: `up` right
    # after a SIGKILL must start it again.
    stat=$(cat "/proc/$pid/stat" 2>/dev/null) || return 0
    stat=${stat##*) }
    [[ ${stat%% *} != Z ]]
}

port_free() { # PORT
    python3 - "$1" <<'PY' 2>/dev/null
import socket, sys
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
try:
    s.bind(("127.0.0.1", int(sys.argv[1])))
except OSError:
    sys.exit(1)
PY
}

free_port() {
    python3 -c 'import socket
s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# The port remembered in FILE when it is still free (or USED_BY_US), else a free one, remembered.
pick_port() { # FILE
    local p=
    [[ -s $1 ]] && p=$(<"$1")
    if [[ ! $p =~ ^[0-9]+$ ]] || ! port_free "$p"; then
        p=$(free_port)
    fi
    echo "$p" >"$1"
    echo "$p"
}

stop_pid() { # PIDFILE NAME [TOLD]: SIGTERM, wait up to 15 s, SIGKILL; removes the pid file.
    # TOLD: the process was sent SIGTERM already (and may be gone by now). A server drains for
    # at most 10 s (--drain-seconds) before it exits by itself.
    local f=$1 name=$2 pid
    if [[ -n ${3:-} ]] && ! alive "$f"; then
        say "$name (pid $(head -n1 "$f")) stopped"
    elif alive "$f"; then
        pid=$(head -n1 "$f")
        kill -TERM "$pid" 2>/dev/null || true
        for _ in $(seq 150); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        if kill -0 "$pid" 2>/dev/null; then
            kill -KILL "$pid" 2>/dev/null || true
            say "$name (pid $pid) did not stop in 15 s: killed"
        else
            say "$name (pid $pid) stopped"
        fi
    fi
    rm -f "$f"
}

# ---- PostgreSQL ---------------------------------------------------------------------------------

pg_running() {
    [[ -f $pg_dir/data/PG_VERSION ]] && as_pg "$PG_BIN/pg_ctl" -D "$pg_dir/data" status >/dev/null 2>&1
}

pg_start() {
    [[ -x $PG_BIN/pg_ctl ]] || die "no PostgreSQL 15 at $PG_BIN (apt-get install postgresql-15)"
    mkdir -p "$pg_dir/sock"
    touch "$logs/postgresql.log"
    if ((is_root)); then
        chown postgres: "$pg_dir" "$pg_dir/sock" "$logs/postgresql.log"
    fi
    chmod 700 "$pg_dir/sock"
    if [[ ! -f $pg_dir/data/PG_VERSION ]]; then
        local pw
        pw=$(head -c 18 /dev/urandom | base64 | tr '+/' '-_')
        (umask 077 && printf '%s\n' "$pw" >"$dir/run/db-password")
        # Local (socket) connections: trust, but the socket's folder is 0700, so only the
        # cluster's owner (and root) can use it. TCP (127.0.0.1 only): passwords.
        local pwfile=$pg_dir/pwfile
        (umask 077 && printf '%s\n' "$pw" >"$pwfile")
        ((is_root)) && chown postgres: "$pwfile"
        as_pg "$PG_BIN/initdb" -D "$pg_dir/data" -U postgres --pwfile="$pwfile" \
            --auth-local=trust --auth-host=scram-sha-256 --no-locale -E UTF8 \
            >"$logs/initdb.log" 2>&1 || {
            cat "$logs/initdb.log" >&2
            die "initdb failed"
        }
        rm -f "$pwfile"
        cp "$root/scripts/deploy/postgresql.conf" "$pg_dir/threadline.conf"
        ((is_root)) && chown postgres: "$pg_dir/threadline.conf"
        echo "include '$pg_dir/threadline.conf'" | as_pg tee -a "$pg_dir/data/postgresql.conf" >/dev/null
        rm -f "$dir/demo-seeded"
        say "PostgreSQL cluster created in $pg_dir/data"
    fi
    local commit=on
    [[ $db_commit == async ]] && commit=off
    local port
    port=$(pick_port "$run/pg.port")
    as_pg "$PG_BIN/pg_ctl" -D "$pg_dir/data" -l "$logs/postgresql.log" -w -t 120 \
        -o "-p $port -k $pg_dir/sock -c listen_addresses=127.0.0.1 -c synchronous_commit=$commit" \
        start >/dev/null || {
        tail -n 20 "$logs/postgresql.log" >&2
        die "PostgreSQL did not start (see $logs/postgresql.log)"
    }
    head -n1 "$pg_dir/data/postmaster.pid" >"$run/postgresql.pid"
    # The application's database, owned by the superuser the servers connect as.
    if [[ $(as_pg "$PG_BIN/psql" -h "$pg_dir/sock" -p "$port" -U postgres -qAt \
        -c "SELECT 1 FROM pg_database WHERE datname = 'threadline'" postgres) != 1 ]]; then
        as_pg "$PG_BIN/psql" -h "$pg_dir/sock" -p "$port" -U postgres -q \
            -c "CREATE DATABASE threadline" postgres
    fi
    say "PostgreSQL on 127.0.0.1:$port (pid $(<"$run/postgresql.pid"), synchronous_commit=$commit)"
}

pg_stop() {
    if pg_running; then
        as_pg "$PG_BIN/pg_ctl" -D "$pg_dir/data" -m fast -w -t 60 stop >/dev/null
        say "PostgreSQL stopped"
    fi
    rm -f "$run/postgresql.pid"
}

# The servers reach PostgreSQL through its Unix socket (the folder is the cluster owner's; the
# servers run as that user or as root): a round trip costs less than over TCP on loopback
# (docs/performance.md). The password stays in the URL for a cluster moved behind TCP.
db_url() {
    echo "postgresql://postgres:$(<"$run/db-password")@127.0.0.1:$(<"$run/pg.port")/threadline?host=$pg_dir/sock"
}

# ---- TLS ----------------------------------------------------------------------------------------

make_certificate() {
    [[ -s $tls/cert.pem && -s $tls/key.pem ]] && return 0
    command -v openssl >/dev/null || die "openssl not found (apt-get install openssl)"
    # ECDSA P-256: a handshake costs a fraction of an RSA one (bursts of new connections).
    # Self-signed, for 127.0.0.1 and localhost, 825 days; CA:TRUE so that a client can add it
    # to its trusted authorities as it is (threadline --ca-cert).
    (umask 077 && openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
        -keyout "$tls/key.pem" -out "$tls/cert.pem" -days 825 -sha256 \
        -subj "/O=Threadline local deployment/CN=127.0.0.1" \
        -addext "subjectAltName=IP:127.0.0.1,DNS:localhost" \
        -addext "basicConstraints=critical,CA:TRUE,pathlen:0" \
        -addext "keyUsage=critical,digitalSignature,keyCertSign" \
        -addext "extendedKeyUsage=serverAuth" >"$logs/openssl.log" 2>&1) || {
        cat "$logs/openssl.log" >&2
        die "openssl could not make the certificate"
    }
    chmod 644 "$tls/cert.pem"
    say "self-signed certificate made: $tls/cert.pem"
}

# ---- servers ------------------------------------------------------------------------------------

find_server_bin() {
    if [[ -z $server_bin ]]; then
        server_bin=${BUILD_DIR:-build}/server/threadline-server
        [[ $server_bin = /* ]] || server_bin=$root/$server_bin
    fi
    [[ -x $server_bin ]] || die "no server binary at $server_bin (scripts/build.sh threadline-server, or --server-bin)"
}

# Options that only newer servers know are used when this binary lists them in --help.
server_supports() { "$server_bin" --help 2>/dev/null | grep -q -- "$1"; }

start_server() { # N
    local n=$1 port line pid extra=()
    port=$(pick_port "$run/server-$n.port")
    if [[ ! -f $dir/demo-seeded ]]; then
        extra+=(--demo)
    fi
    if server_supports --trusted-proxy; then
        extra+=(--trusted-proxy 127.0.0.1)
    fi
    # More server options for every process (benchmarks: --workers N …), split on spaces.
    read -r -a more <<<"${THREADLINE_SERVER_OPTIONS:-}"
    extra+=("${more[@]}")
    echo "--- $(date -u '+%Y-%m-%dT%H:%M:%SZ') deploy-local starts server $n on 127.0.0.1:$port" \
        >>"$logs/server-$n.log"
    : >"$run/server-$n.out"
    # nginx is the servers' one peer: its connections must not meet the per-peer cap.
    setsid "$server_bin" --listen "127.0.0.1:$port" --db "$(db_url)" --media-dir "$dir/media" \
        --rate-limits "$rate_limits" --max-connections 8192 --max-connections-per-peer 8192 \
        "${extra[@]}" </dev/null >"$run/server-$n.out" 2>>"$logs/server-$n.log" &
    pid=$!
    echo "$pid" >"$run/server-$n.pid"
    for _ in $(seq 1200); do # up to 120 s: the demo world is seeded before the first line
        line=$(head -n1 "$run/server-$n.out" 2>/dev/null || true)
        [[ $line == "listening on "* ]] && break
        if ! kill -0 "$pid" 2>/dev/null; then
            tail -n 20 "$logs/server-$n.log" >&2
            rm -f "$run/server-$n.pid"
            die "server $n exited before listening (see $logs/server-$n.log)"
        fi
        sleep 0.1
    done
    [[ $line == "listening on "* ]] || die "server $n did not listen within 120 s"
    touch "$dir/demo-seeded"
    say "server $n on 127.0.0.1:$port (pid $pid${extra[*]:+; ${extra[*]}})"
}

running_servers() { # the numbers N of server-N.pid files, sorted
    local f
    for f in "$run"/server-*.pid; do
        [[ -e $f ]] || continue
        f=${f##*/server-}
        echo "${f%.pid}"
    done | sort -n
}

# ---- nginx --------------------------------------------------------------------------------------

write_nginx_conf() { # N
    local n=$1 i upstreams='' user_line=''
    for ((i = 1; i <= n; i++)); do
        upstreams+="        server 127.0.0.1:$(<"$run/server-$i.port") max_fails=1 fail_timeout=${fail_timeout}s;"$'\n'
    done
    ((is_root)) && user_line="user nobody nogroup;"
    mkdir -p "$ngx/tmp"/{client_body,proxy,fastcgi,uwsgi,scgi}
    ((is_root)) && chown -R nobody:nogroup "$ngx/tmp"
    local tmp=$ngx/nginx.conf.new
    # shellcheck disable=SC2001
    sed -e "s|@USER_LINE@|$user_line|" -e "s|@RUN_DIR@|$run|g" -e "s|@LOG_DIR@|$logs|g" \
        -e "s|@NGINX_DIR@|$ngx|g" -e "s|@CERT@|$tls/cert.pem|g" -e "s|@KEY@|$tls/key.pem|g" \
        -e "s|@LISTEN@|127.0.0.1|g" -e "s|@HTTPS_PORT@|$(<"$run/https.port")|g" \
        "$root/scripts/deploy/nginx.conf.in" | awk -v up="$upstreams" \
        '/@UPSTREAM_SERVERS@/ { printf "%s", up; next } { print }' >"$tmp"
    "$NGINX" -t -q -p "$ngx" -c "$tmp" -e "$logs/nginx-error.log" 2>"$logs/nginx-test.log" || {
        cat "$logs/nginx-test.log" >&2
        die "nginx refuses the configuration (kept in $tmp)"
    }
    if [[ -f $ngx/nginx.conf ]] && cmp -s "$tmp" "$ngx/nginx.conf"; then
        rm -f "$tmp"
        return 1 # unchanged
    fi
    mv "$tmp" "$ngx/nginx.conf"
}

nginx_start() {
    [[ -x $NGINX ]] || die "nginx not found at $NGINX (apt-get install nginx-light)"
    if [[ -n $https_port_opt ]]; then
        echo "$https_port_opt" >"$run/https.port"
    else
        pick_port "$run/https.port" >/dev/null
    fi
    write_nginx_conf "$1" || true
    setsid "$NGINX" -p "$ngx" -c "$ngx/nginx.conf" -e "$logs/nginx-error.log" \
        </dev/null >>"$logs/nginx-error.log" 2>&1 &
    local pid=$!
    echo "$pid" >"$run/nginx-master.pid"
    local port
    port=$(<"$run/https.port")
    for _ in $(seq 100); do
        if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            say "nginx on https://127.0.0.1:$port (pid $pid)"
            return 0
        fi
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    tail -n 20 "$logs/nginx-error.log" >&2
    rm -f "$run/nginx-master.pid"
    die "nginx did not start (see $logs/nginx-error.log)"
}

nginx_reload() { # N: a new configuration (servers, template) is loaded; the same is left alone
    if write_nginx_conf "$1"; then
        kill -HUP "$(<"$run/nginx-master.pid")"
        # The new workers run once the master has read the file: wait for the port to answer.
        sleep 0.3
        say "nginx reloaded ($1 server(s))"
    fi
}

# ---- commands -----------------------------------------------------------------------------------

do_up() {
    echo "$rate_limits" >"$run/rate-limits"
    echo "$db_commit" >"$run/db-commit"
    local n=${servers:-}
    if [[ -z $n ]]; then
        n=$(cat "$run/servers" 2>/dev/null || echo 2)
    fi
    find_server_bin
    echo "$server_bin" >"$run/server-bin"
    make_certificate
    if pg_running; then
        head -n1 "$pg_dir/data/postmaster.pid" >"$run/postgresql.pid"
    else
        pg_start
    fi
    local i
    for ((i = 1; i <= n; i++)); do
        if ! alive "$run/server-$i.pid"; then
            start_server "$i"
        fi
    done
    # Fewer servers than before: the extra ones go.
    for i in $(running_servers); do
        if ((i > n)); then
            stop_pid "$run/server-$i.pid" "server $i"
            rm -f "$run/server-$i.port" "$run/server-$i.out"
        fi
    done
    echo "$n" >"$run/servers"
    if alive "$run/nginx-master.pid"; then
        # Another set of servers or a changed template: reload; the same: nothing to do.
        nginx_reload "$n"
    else
        nginx_start "$n"
    fi
    local url
    url="https://127.0.0.1:$(<"$run/https.port")"
    echo "$url" >"$run/url"
    echo
    echo "Threadline is up: $url  ($n server process(es) on PostgreSQL, nginx with TLS)"
    echo "  certificate: $tls/cert.pem"
    echo "  logs:        $logs"
    echo "  client:      threadline --server $url --ca-cert $tls/cert.pem --user zhangsan --password demo"
    echo "  curl:        curl --cacert $tls/cert.pem $url/api/v1/health"
}

do_status() {
    local ok=0 bad=0 i
    if pg_running; then
        echo "postgresql  running  127.0.0.1:$(cat "$run/pg.port" 2>/dev/null)  pid $(head -n1 "$pg_dir/data/postmaster.pid")"
        ok=$((ok + 1))
    else
        echo "postgresql  stopped"
        bad=$((bad + 1))
    fi
    local want
    want=$(cat "$run/servers" 2>/dev/null || echo 0)
    for ((i = 1; i <= want; i++)); do
        if alive "$run/server-$i.pid"; then
            echo "server-$i    running  127.0.0.1:$(<"$run/server-$i.port")  pid $(<"$run/server-$i.pid")"
            ok=$((ok + 1))
        else
            echo "server-$i    stopped"
            bad=$((bad + 1))
        fi
    done
    if alive "$run/nginx-master.pid"; then
        echo "nginx       running  https://127.0.0.1:$(<"$run/https.port")  pid $(<"$run/nginx-master.pid")"
        ok=$((ok + 1))
    else
        echo "nginx       stopped"
        bad=$((bad + 1))
    fi
    echo "folder: $dir   certificate: $tls/cert.pem   logs: $logs"
    ((bad == 0 && want > 0))
}

do_down() {
    stop_pid "$run/nginx-master.pid" "nginx"
    local i
    # Every server is told at once (each takes a moment to close in order), then waited for.
    local told=()
    for i in $(running_servers); do
        if alive "$run/server-$i.pid"; then
            kill -TERM "$(head -n1 "$run/server-$i.pid")" 2>/dev/null || true
            told[i]=1
        fi
    done
    for i in $(running_servers); do
        stop_pid "$run/server-$i.pid" "server $i" "${told[i]:-}"
    done
    pg_stop
    say "down ($dir kept: data, certificate, logs)"
}

do_restart_server() { # a graceful restart of server $target: drained, then started again
    [[ -f $run/server-$target.port ]] || die "no server $target in $dir"
    [[ -n $server_bin ]] || server_bin=$(cat "$run/server-bin" 2>/dev/null || true)
    find_server_bin
    stop_pid "$run/server-$target.pid" "server $target"
    start_server "$target"
    # nginx held the server as down from its last refused connection, which came before the
    # line above said it listens, for fail_timeout counted in whole seconds: one second more
    # and every worker sends it requests again. Returning sooner, the next server's restart in
    # a rolling restart could find nginx with no server left (502 "No server could answer").
    if alive "$run/nginx-master.pid"; then
        sleep $((fail_timeout + 1))
        say "server $target takes requests through nginx again"
    fi
}

do_restart_db() {
    pg_stop
    sleep "$gap"
    pg_start
}

case $cmd in
up) do_up ;;
status) do_status ;;
down) do_down ;;
restart-db) do_restart_db ;;
restart-server) do_restart_server ;;
*) usage ;;
esac

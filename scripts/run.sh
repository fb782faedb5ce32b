#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Threadline authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Sets up, builds and runs Threadline on this machine:
#   1. installs the Debian packages (scripts/install-deps.sh) and builds (scripts/build.sh);
#   2. starts threadline-server on loopback with the demo world, keeping its data in
#      ${XDG_DATA_HOME:-~/.local/share}/threadline-demo, and prints its URL. The port is
#      remembered there (file `port`): the next run uses it again, and another only when that
#      one is taken — so the client finds its cache (and what it queued) at the same address;
#   3. runs the desktop client against it, signed in as the demo user zhangsan — in an Xvfb
#      screen that it screenshots when there is no DISPLAY — or, while there is no client yet,
#      prints example curl calls and keeps the server up until Ctrl-C.
# Arguments are passed on to the client. The server stops when this script ends.
#
# scripts/run.sh --deployed [client arguments]: instead of step 2, brings the local deployment
# up (scripts/deploy-local.sh up: PostgreSQL, two server processes, nginx with TLS; it keeps
# running afterwards — scripts/deploy-local.sh down stops it) and runs the client against its
# HTTPS URL, trusting its self-signed certificate (--ca-cert).
#   BUILD_DIR                 build directory (default: build)
#   THREADLINE_START_TIMEOUT  seconds to wait for the server's first line (default: 120)
#   THREADLINE_CLIENT_TIMEOUT seconds a headless client may run (default: 300)
set -euo pipefail

script=$(realpath "${BASH_SOURCE[0]}")
cd "$(dirname "$script")/.."

deployed=0
client_args=()
for arg in "$@"; do
    if [[ $arg == --deployed ]]; then
        deployed=1
    else
        client_args+=("$arg")
    fi
done

# Step 1 runs once, before a possible re-exec under a private session bus.
if [[ -z ${THREADLINE_RUN_PREPARED:-} ]]; then
    bash scripts/install-deps.sh
    bash scripts/build.sh
fi

# The client keeps its token in the Secret Service. Without a session bus, or when it is about
# to run headless under Xvfb, it gets a private bus with an unlocked keyring: a keyring started
# any other way would wait for a password prompt on a screen nobody sees.
if [[ -z ${THREADLINE_RUN_PRIVATE_BUS:-} && (-z ${DBUS_SESSION_BUS_ADDRESS:-} || -z ${DISPLAY:-}) ]]; then
    export THREADLINE_RUN_PREPARED=1 THREADLINE_RUN_PRIVATE_BUS=1
    exec dbus-run-session -- bash "$script" "$@"
fi

build_dir=${BUILD_DIR:-build}
server_bin=$build_dir/server/threadline-server
client_bin=$build_dir/app/threadline
data=${XDG_DATA_HOME:-$HOME/.local/share}/threadline-demo
mkdir -p "$data/media"

if [[ -n ${THREADLINE_RUN_PRIVATE_BUS:-} ]]; then
    # The demo keyring (password "pw") lives apart from the user's own keyrings, and its control
    # socket apart from a keyring daemon the user may already run, so --unlock cannot reach that.
    mkdir -p "$data/keyring/data" "$data/keyring/run"
    chmod 700 "$data/keyring" "$data/keyring/data" "$data/keyring/run"
    printf '%s' pw | env -u GNOME_KEYRING_CONTROL XDG_DATA_HOME="$data/keyring/data" \
        XDG_RUNTIME_DIR="$data/keyring/run" \
        gnome-keyring-daemon --unlock --components=secrets >/dev/null
fi
unset THREADLINE_RUN_PREPARED THREADLINE_RUN_PRIVATE_BUS
server_out=$data/server.out
server_log=$data/server.log
set -- "${client_args[@]}"

if [[ ! -x $server_bin ]]; then
    echo "run: $server_bin was not built" >&2
    exit 1
fi

server_pid=
client_pid=
# shellcheck disable=SC2317 # called from the EXIT trap
stop_all() {
    if [[ -n $client_pid ]] && kill -0 "$client_pid" 2>/dev/null; then
        # timeout(1) passes the signal on to the client and its Xvfb.
        kill -TERM "$client_pid" 2>/dev/null || true
        wait "$client_pid" 2>/dev/null || true
    fi
    client_pid=
    if [[ -n $server_pid ]] && kill -0 "$server_pid" 2>/dev/null; then
        kill -TERM "$server_pid" 2>/dev/null || true
        for _ in $(seq 50); do
            kill -0 "$server_pid" 2>/dev/null || break
            sleep 0.1
        done
        kill -KILL "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
        echo "run: server stopped"
    fi
    server_pid=
}
trap stop_all EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

port_file=$data/port

# Starts the server listening on 127.0.0.1:$1 and waits for its first stdout line, "listening on
# http://HOST:PORT" (it comes after the demo world is seeded, which takes a moment on the first
# run). Sets url; returns 1 when it could not listen on that port, exits on any other failure.
start_server() {
    : >"$server_out"
    echo "--- $(date -u '+%Y-%m-%dT%H:%M:%SZ') scripts/run.sh starts the server on port $1" \
        >>"$server_log"
    "$server_bin" --listen "127.0.0.1:$1" --db "sqlite:$data/threadline-demo.db" --demo \
        --media-dir "$data/media" >"$server_out" 2>>"$server_log" &
    server_pid=$!
    url=
    local deadline=$((SECONDS + ${THREADLINE_START_TIMEOUT:-120})) line
    while [[ -z $url ]]; do
        line=
        if IFS= read -r line <"$server_out"; then
            line=${line%$'\r'}
            if [[ $line =~ ^listening\ on\ (https?://[^[:space:]]+) ]]; then
                url=${BASH_REMATCH[1]}
                return 0
            fi
            echo "run: unexpected first line from the server: $line" >&2
            exit 1
        fi
        if ! kill -0 "$server_pid" 2>/dev/null; then
            wait "$server_pid" 2>/dev/null || true
            server_pid=
            if [[ $1 != 0 ]] && tail -n 3 "$server_log" | grep -q 'cannot listen'; then
                return 1
            fi
            echo "run: the server exited before listening; the end of $server_log:" >&2
            tail -n 20 "$server_log" >&2 || true
            exit 1
        fi
        if ((SECONDS >= deadline)); then
            echo "run: the server did not report its port in time; see $server_log" >&2
            exit 1
        fi
        sleep 0.2
    done
}

ca_args=()
if ((deployed)); then
    # The deployment outlives this script: it is not stopped by stop_all.
    up_out=$(bash scripts/deploy-local.sh up --server-bin "$server_bin") || {
        echo "$up_out" >&2
        exit 1
    }
    echo "$up_out"
    url=$(sed -n 's/^Threadline is up: \(https:[^ ]*\).*/\1/p' <<<"$up_out")
    cert=$(sed -n 's/^  certificate: *//p' <<<"$up_out")
    [[ -n $url && -f $cert ]] || {
        echo "run: could not read the deployment's URL and certificate" >&2
        exit 1
    }
    ca_args=(--ca-cert "$cert")
    echo "  (scripts/deploy-local.sh status | down: what runs, stop it)"
fi

# The port of the last run, when it is still free; else a free one, remembered for next time.
port=0
if [[ -s $port_file ]] && [[ $(<"$port_file") =~ ^[0-9]+$ ]]; then
    port=$(<"$port_file")
fi
if ((!deployed)); then
    if ! start_server "$port"; then
        echo "run: port $port is taken; the demo moves to a free one (the client's cache and queued"
        echo "     actions follow the server, whatever its address)"
        start_server 0
    fi
    if [[ $url =~ :([0-9]+)$ ]]; then
        printf '%s\n' "${BASH_REMATCH[1]}" >"$port_file"
    fi

    echo
    echo "Threadline server: $url"
    echo "  data: $data   request log: $server_log"
fi

if [[ ! -x $client_bin ]] && ((deployed)); then
    echo
    echo "The desktop client ($client_bin) is not built yet; the deployment runs on (see above)."
    exit 0
fi
if [[ ! -x $client_bin ]]; then
    cat <<MSG

The desktop client ($client_bin) is not built yet. Try the API by hand (password "demo" for
every demo user: zhangsan lisi wangwu mazi tingtamen qianqi maliu moderator):

  curl -s $url/api/v1/health
  TOKEN=\$(curl -s -X POST $url/api/v1/auth/login -H 'Content-Type: application/json' \\
      -d '{"username":"zhangsan","password":"demo"}' | sed -n 's/.*"token":"\\([^"]*\\)".*/\\1/p')
  curl -s -H "Authorization: Bearer \$TOKEN" '$url/api/v1/timeline?scope=all&limit=5'
  curl -s -H "Authorization: Bearer \$TOKEN" '$url/api/v1/posts/90012?comments=5'
  curl -s -H "Authorization: Bearer \$TOKEN" '$url/api/v1/posts/90012/comments?limit=3'

The server keeps running until Ctrl-C.
MSG
    wait "$server_pid" || true
    server_pid=
    echo "run: the server exited; see $server_log" >&2
    exit 1
fi

client=("$client_bin" --server "$url" "${ca_args[@]}" --user zhangsan --password demo)
if [[ -n ${DISPLAY:-} ]]; then
    echo "  client: $client_bin (signed in as zhangsan)"
    rc=0
    "${client[@]}" "$@" || rc=$?
    exit "$rc"
fi

# The caller's own --screenshot FILE (or --screenshot=FILE) wins; else one in the data folder.
screenshot=$data/screenshot.png
shot_args=()
args=("$@")
for ((i = 0; i < ${#args[@]}; ++i)); do
    case ${args[i]} in
    --screenshot) screenshot=${args[i + 1]:-$screenshot} ;;
    --screenshot=*) screenshot=${args[i]#--screenshot=} ;;
    esac
done
if [[ $screenshot == "$data/screenshot.png" ]]; then
    shot_args=(--screenshot "$screenshot")
fi
rm -f "$screenshot"
echo "  client: $client_bin headless (no DISPLAY), signed in as zhangsan, in Xvfb 1280x800"
rc=0
timeout "${THREADLINE_CLIENT_TIMEOUT:-300}" \
    xvfb-run -a -s "-screen 0 1280x800x24" "${client[@]}" "${shot_args[@]}" "$@" &
client_pid=$!
wait "$client_pid" || rc=$?
client_pid=
if [[ -s $screenshot ]]; then
    echo "Screenshot saved to $screenshot"
else
    echo "run: the client saved no screenshot (exit code $rc)" >&2
    ((rc != 0)) || rc=1
fi
exit "$rc"

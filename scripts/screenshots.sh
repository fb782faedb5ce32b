#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Threadline authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Takes the screenshots under docs/screenshots/: every page of the window (and a thread open
# beside the timeline), in light and dark, in English and Chinese, from the real `threadline`
# against a fresh demo server on loopback. Offscreen, with a private session bus and keyring and
# a throwaway HOME: nothing of the caller's is read or written.
#   scripts/screenshots.sh [OUT_DIR]     (default: docs/screenshots)
#   BUILD_DIR   build directory (default: build); the app and the server must be built.
# The dialogs (picture viewer, Preferences, outbox, moderation) are kept by their UI suites:
#   THREADLINE_TEST_ARTIFACTS=DIR scripts/test.sh -L ui
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
build_dir=${BUILD_DIR:-build}
out=$(realpath -m "${1:-docs/screenshots}")
app=$build_dir/app/threadline
server=$build_dir/server/threadline-server
for bin in "$app" "$server"; do
    [[ -x $bin ]] || { echo "not built: $bin (scripts/build.sh threadline threadline-server)" >&2; exit 1; }
done
mkdir -p "$out"

work=$(mktemp -d "${TMPDIR:-/tmp}/threadline-shots.XXXXXX")
server_pid=
cleanup() {
    [[ -n $server_pid ]] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

# The demo server on a free loopback port (the server prints "listening on …" once it is up).
"$server" --demo --db "sqlite:$work/demo.sqlite" --media-dir "$work/media" --listen 127.0.0.1:0 \
    --rate-limits off >"$work/server.out" 2>"$work/server.log" &
server_pid=$!
for _ in $(seq 1 240); do
    grep -q listening "$work/server.out" 2>/dev/null && break
    sleep 0.25
done
url=$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$work/server.out" | head -1)
[[ -n $url ]] || { echo "the demo server did not start:" >&2; cat "$work/server.log" >&2; exit 1; }

# shot NAME USER PAGE THEME LANG [more app options…]
shot() {
    local name=$1 user=$2 page=$3 theme=$4 lang=$5
    shift 5
    local home=$work/home-$user
    mkdir -p "$home/runtime" && chmod 700 "$home/runtime"
    local png=$out/$name-$theme-$lang.png
    env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$home" XDG_RUNTIME_DIR="$home/runtime" \
        XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data" XDG_CACHE_HOME="$home/cache" \
        QT_QPA_PLATFORM=offscreen ${QT_SCALE_FACTOR:+QT_SCALE_FACTOR=$QT_SCALE_FACTOR} \
        dbus-run-session -- sh -c 'printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec "$@"' \
        sh "$app" --server "$url" --user "$user" --password demo --lang "$lang" --theme "$theme" \
        --page "$page" --size 1280x800 --screenshot "$png" "$@" >"$work/app.log" 2>&1 ||
        { echo "failed: $name $theme $lang" >&2; cat "$work/app.log" >&2; return 1; }
    echo "$png"
}

for lang in en zh_CN; do
    for theme in light dark; do
        shot all zhangsan all "$theme" "$lang"
        shot thread zhangsan all "$theme" "$lang" --open-post 90500
        shot following zhangsan following "$theme" "$lang"
        shot mine zhangsan mine "$theme" "$lang"
        shot hot zhangsan hotday "$theme" "$lang"
        shot hot-week zhangsan hotweek "$theme" "$lang"
        shot history zhangsan history "$theme" "$lang" --open-post 90500
        shot activity zhangsan activity "$theme" "$lang"
        shot moderation moderator moderation "$theme" "$lang"
        shot statistics moderator statistics "$theme" "$lang"
    done
done

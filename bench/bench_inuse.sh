#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Threadline authors
# SPDX-License-Identifier: GPL-3.0-or-later
# The window's responsiveness while it is used (bench/bench_inuse.cpp): in a private D-Bus
# session with an unlocked keyring and a fresh HOME, as scripts/test.sh runs the suites.
#   BUILD_DIR=build bench/bench_inuse.sh [bench_inuse options…]
# Build first: scripts/build.sh bench_inuse (it brings threadline-server).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
build_dir=${BUILD_DIR:-build}
home=$(mktemp -d "${TMPDIR:-/tmp}/threadline-inuse-home.XXXXXX")
trap 'rm -rf "$home"' EXIT
mkdir -p "$home/.local/share" "$home/.config" "$home/.cache" "$home/runtime"
chmod 700 "$home/runtime"
export HOME=$home XDG_DATA_HOME=$home/.local/share XDG_CONFIG_HOME=$home/.config
export XDG_CACHE_HOME=$home/.cache XDG_RUNTIME_DIR=$home/runtime
export QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen}
unset GNOME_KEYRING_CONTROL DBUS_SESSION_BUS_ADDRESS
# shellcheck disable=SC2016 # expanded by the inner sh
keyring_then_bench='printf "%s" pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null
exec "$0" "$@"'
# BENCH_WRAP: a command to run it under (valgrind --tool=callgrind …)
# shellcheck disable=SC2086
dbus-run-session -- sh -c "$keyring_then_bench" ${BENCH_WRAP:-} "$build_dir/bench/bench_inuse" "$@"

#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Threadline authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Sets up, builds and tests Threadline: installs the Debian packages, builds, then runs every
# CTest suite headless (QT_QPA_PLATFORM=offscreen) with a throwaway HOME, on a private session
# bus with an unlocked keyring. Arguments go to ctest, e.g. `scripts/test.sh -L server` or
# `scripts/test.sh -R tst_timelinemodel`. Exits with ctest's exit code.
#   BUILD_DIR   build directory (default: build)
#   TEST_NO_BUILD=1   skip the install and the build
# PostgreSQL for the suites that need it is started by CTest fixtures (scripts/pg-cluster.sh).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

# TEST_NO_BUILD=1: run what is built already (a developer who built the targets under test).
if [[ ${TEST_NO_BUILD:-} != 1 ]]; then
    bash scripts/install-deps.sh
    bash scripts/build.sh
fi

build_dir=${BUILD_DIR:-build}

# A fresh HOME for every run: no user settings, cache, keyring or outbox leaks into a test,
# and nothing a test writes there outlives the run. World-traversable (0755) so that processes run as
# another user (PostgreSQL runs as "postgres" when this runs as root) can reach files under
# it; the runtime directory stays private (0700) as the XDG spec requires.
test_home=$(mktemp -d "${TMPDIR:-/tmp}/threadline-test-home.XXXXXX")
trap 'rm -rf "$test_home" 2>/dev/null || true' EXIT
chmod 755 "$test_home"
mkdir -p "$test_home/.local/share" "$test_home/.config" "$test_home/.cache" "$test_home/runtime"
chmod 700 "$test_home/runtime"

export HOME=$test_home
export XDG_DATA_HOME=$test_home/.local/share
export XDG_CONFIG_HOME=$test_home/.config
export XDG_CACHE_HOME=$test_home/.cache
export XDG_RUNTIME_DIR=$test_home/runtime
export QT_QPA_PLATFORM=offscreen
# The tests talk to their own bus and keyring only (below), never to the caller's.
unset GNOME_KEYRING_CONTROL DBUS_SESSION_BUS_ADDRESS
# shellcheck disable=SC2016 # expanded by the inner sh
keyring_then_ctest='printf "%s" pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null
exec ctest "$@"'

rc=0
dbus-run-session -- sh -c "$keyring_then_ctest" sh \
    --test-dir "$build_dir" --output-on-failure -j2 --timeout 900 "$@" || rc=$?
exit "$rc"

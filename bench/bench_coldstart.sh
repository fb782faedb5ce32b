#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Threadline authors
# SPDX-License-Identifier: GPL-3.0-or-later
# The client's cold start against a minimal Qt Widgets window (bench/bench_coldstart.cpp), on
# both platforms: offscreen, then xcb under xvfb-run (a 1920x1080 Xvfb of its own).
#   BUILD_DIR=build bench/bench_coldstart.sh [RUNS] [bench_coldstart options…]
# Build first: scripts/build.sh bench_coldstart (it brings threadline and minimalwindow).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
build_dir=${BUILD_DIR:-build}
runs=${1:-11}
shift || true
bin=$build_dir/bench/bench_coldstart

echo "== offscreen"
QT_QPA_PLATFORM=offscreen "$bin" --runs "$runs" "$@"
echo
echo "== xcb (xvfb-run)"
QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1920x1080x24" "$bin" --runs "$runs" "$@"

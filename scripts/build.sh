#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Threadline authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Configures (when needed) and builds Threadline with CMake + Ninja.
#   BUILD_DIR   build directory (default: build, relative to the repository root)
#   scripts/build.sh [TARGET...]   builds only the given targets
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
build_dir=${BUILD_DIR:-build}

# THREADLINE_WERROR=ON (CI sets it): a compiler warning fails the build, so a clean build stays
# at zero warnings.
if [[ ! -f $build_dir/build.ninja || ! -f $build_dir/CMakeCache.txt ]]; then
    cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DTHREADLINE_WERROR="${THREADLINE_WERROR:-OFF}"
fi

targets=()
if (($# > 0)); then
    targets=(--target "$@")
fi
cmake --build "$build_dir" -j "$(nproc)" "${targets[@]}"

#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Threadline authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Cache corruption soak: core_cachecorruption (tests/core/tst_cachecorruption.cpp) with many more
# seeded rounds than CI's 50 — the cache file truncated, overwritten, zeroed, replaced by junk, a
# directory or read-only, then reopened by the real Cache; every round must open, read back a
# post written afterwards and leave the outbox beside it untouched. Prints the suite's summary.
#   scripts/corruption-soak.sh [ROUNDS]    (default 1000)
#   BUILD_DIR (default build), SEED (default 20261201): THREADLINE_CORRUPTION_SEED
#   BUILD_DIR=build-fuzz (after scripts/fuzz.sh has configured it): the same suite under
#   ASan + UBSan, over the sanitized core library of the fuzz build.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
rounds=${1:-1000}
build_dir=${BUILD_DIR:-build}
BUILD_DIR=$build_dir bash scripts/build.sh tst_cachecorruption >/dev/null

home=$(mktemp -d "${TMPDIR:-/tmp}/threadline-soak-home.XXXXXX")
log=$(mktemp "${TMPDIR:-/tmp}/threadline-corruption-soak.XXXXXX.log")
trap 'rm -rf "$home"' EXIT
rc=0
HOME=$home XDG_RUNTIME_DIR=$home QT_QPA_PLATFORM=offscreen \
    QT_LOGGING_RULES='threadline.cache.debug=false;threadline.cache.warning=false' \
    THREADLINE_CORRUPTION_ROUNDS=$rounds THREADLINE_CORRUPTION_SEED=${SEED:-20261201} \
    "$build_dir/tests/core/tst_cachecorruption" >"$log" 2>&1 || rc=$?
grep -E 'template cache|cache corruption|damage:|outcome:|every round|FAIL|Totals' "$log" |
    sed 's/^QINFO  : [^ ]* //'
if ((rc != 0)); then
    echo "corruption soak FAILED (exit $rc); the suite's output: $log"
else
    rm -f "$log"
fi
exit "$rc"

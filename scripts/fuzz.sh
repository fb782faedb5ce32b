#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Threadline authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Fuzzes the client's parsers and the server's HTTP request parser with libFuzzer under ASan + UBSan (docs/reliability.md "Fuzzing").
# Configures build-fuzz with clang and -DTHREADLINE_FUZZ=ON (only the fuzz targets and the core
# sources they reach), builds, then runs each target for SECONDS (default 600) on its seed
# corpus (tests/fuzz/corpus/<name>, read only) plus a scratch directory for what it finds
# (build-fuzz/found/<name>), at most JOBS (default 2) at a time under `nice -n 15`. Prints per
# target: executions, execs/s, coverage (cov:), corpus size and any crash; crash inputs are
# kept as build-fuzz/artifacts/<name>/crash-*. Exits 1 when a target reported something.
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET…]     targets: jsoncodec cacheblob import
#                                                      httprequest (the server's HTTP parser)
#   BUILD_DIR (default build-fuzz), JOBS (default 2), CXX (default /usr/bin/clang++)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
seconds=${1:-600}
(($# > 0)) && shift
targets=("$@")
((${#targets[@]} > 0)) || targets=(jsoncodec cacheblob import httprequest)
build_dir=${BUILD_DIR:-build-fuzz}
jobs=${JOBS:-2}
cxx=${CXX:-/usr/bin/clang++}
cc=${cxx%++}
[[ -x $cc ]] || cc=/usr/bin/clang

if [[ ! -f $build_dir/build.ninja ]]; then
    CC=$cc CXX=$cxx cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DTHREADLINE_FUZZ=ON
fi
cmake --build "$build_dir" -j "$jobs" --target "${targets[@]/#/fuzz_}"

# The inputs' size limits: a little above the largest seed.
declare -A max_len=([jsoncodec]=65536 [cacheblob]=16384 [import]=65536 [httprequest]=8192)
declare -A dict=([httprequest]=tests/fuzz/http.dict)
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1:symbolize=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

run_one() {
    local name=$1 log=$build_dir/fuzz-$1.log
    mkdir -p "$build_dir/found/$name" "$build_dir/artifacts/$name"
    local rc=0
    nice -n 15 "$build_dir/tests/fuzz/fuzz_$name" \
        -max_total_time="$seconds" -max_len="${max_len[$name]:-65536}" -rss_limit_mb=2048 \
        -timeout=10 -print_final_stats=1 -dict="${dict[$name]:-tests/fuzz/json.dict}" \
        -artifact_prefix="$build_dir/artifacts/$name/" \
        "$build_dir/found/$name" "tests/fuzz/corpus/$name" >"$log" 2>&1 || rc=$?
    echo "$rc" >"$log.rc"
}

pids=()
for name in "${targets[@]}"; do
    while (($(jobs -rp | wc -l) >= jobs)); do wait -n || true; done
    echo "fuzz_$name: ${seconds} s…"
    run_one "$name" &
    pids+=($!)
done
wait "${pids[@]}" 2>/dev/null || true

failed=0
printf '\n%-10s %8s %12s %9s %7s %7s %s\n' target minutes execs execs/s cov corpus result
for name in "${targets[@]}"; do
    log=$build_dir/fuzz-$name.log
    rc=$(cat "$log.rc" 2>/dev/null || echo 1)
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    last=$(grep -E '^#[0-9]+' "$log" | tail -1)
    cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
    corp=$(sed -n 's/.* corp: \([0-9]*\).*/\1/p' <<<"$last")
    # the time it ran: libFuzzer's "Done N runs in S second(s)" (absent after a crash: 0)
    secs=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
    result=ok
    if [[ $rc != 0 ]] || grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:|invariant broken' "$log"; then
        result="FAILED (rc $rc): $(grep -m1 -E 'ERROR:|runtime error:|invariant broken' "$log" || true)"
        result+=" $(ls "$build_dir/artifacts/$name" 2>/dev/null | head -3 | tr '\n' ' ')"
        failed=1
    fi
    printf '%-10s %8s %12s %9s %7s %7s %s\n' "$name" "$(awk "BEGIN{printf \"%.1f\", ${secs:-0}/60}")" \
        "${execs:-?}" "${rate:-?}" "${cov:-?}" "${corp:-?}" "$result"
done
echo "logs: $build_dir/fuzz-<target>.log; new inputs: $build_dir/found/<target>"
exit "$failed"

#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Threadline authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Crash soak of the outbox: runs the crash-safety suite (tests/core/tst_crashsafety) with many
# rounds — outbox sessions (tl-crashdriver) killed with SIGKILL at random points and restarted on
# the same file, then checked against the real server: every acknowledged comment exactly once,
# nothing doubled, every like as last acknowledged. Prints a summary; exits non-zero on failure.
#
#   scripts/crash-soak.sh [ROUNDS]        # default 1000
#
#   BUILD_DIR   build directory (default: build; built with scripts/build.sh)
#   BATCH       rounds per test process, each with a fresh server and seed (default 250)
#   SEED        first seed (default: random); batch i uses SEED + i
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

rounds=${1:-1000}
batch=${BATCH:-250}
build_dir=${BUILD_DIR:-build}
seed=${SEED:-$(( (RANDOM << 15 | RANDOM) % 900000 + 1 ))}
bin=$build_dir/tests/core/tst_crashsafety

if [[ ! -d $build_dir ]]; then
    echo "crash-soak: no build directory '$build_dir' (run scripts/build.sh, or set BUILD_DIR)" >&2
    exit 2
fi
cmake --build "$build_dir" --target tst_crashsafety tl-crashdriver threadline-server -- -j2 >/dev/null

export QT_QPA_PLATFORM=offscreen
log=$(mktemp "${TMPDIR:-/tmp}/threadline-crash-soak.XXXXXX")
trap 'rm -f "$log"' EXIT

echo "crash-soak: $rounds rounds in batches of $batch, first seed $seed"
start=$(date +%s)
done_rounds=0
failed=0
i=0
while (( done_rounds < rounds )); do
    n=$(( rounds - done_rounds < batch ? rounds - done_rounds : batch ))
    s=$(( seed + i ))
    # QTest's watchdog: a second per round is plenty (a round takes well under 100 ms).
    if THREADLINE_CRASH_ROUNDS=$n THREADLINE_CRASH_SEED=$s \
        QTEST_FUNCTION_TIMEOUT=$(( (n + 300) * 1000 )) "$bin" >"$log.out" 2>&1; then
        status=PASS
    else
        status=FAIL
        failed=$(( failed + 1 ))
    fi
    summary=$(grep -o 'CRASH-SOAK SUMMARY:.*' "$log.out" || true)
    echo "  batch $((i + 1)): $n rounds, seed $s: $status ${summary#CRASH-SOAK SUMMARY: }"
    if [[ $status == FAIL ]]; then
        grep -E '^(FAIL!|   Loc|   Actual|   Expected)' "$log.out" | head -20 | sed 's/^/    /'
        cp "$log.out" "${TMPDIR:-/tmp}/threadline-crash-soak-seed-$s.log"
        echo "    full output: ${TMPDIR:-/tmp}/threadline-crash-soak-seed-$s.log"
    fi
    echo "$summary" >>"$log"
    rm -f "$log.out"
    done_rounds=$(( done_rounds + n ))
    i=$(( i + 1 ))
done
elapsed=$(( $(date +%s) - start ))

# Totals over the batches (the key=value fields of the summary lines).
awk -v elapsed="$elapsed" -v failed="$failed" -v requested="$rounds" '
    /CRASH-SOAK SUMMARY/ {
        for (f = 3; f <= NF; f++) {
            split($f, kv, "=")
            if (kv[1] ~ /^(rounds|kills_after_ack|kills_after_will|kills_after_sending|uninterrupted|acked_comments|will_only_comments|will_only_arrived|comments_on_server|comment_posts|replayed_posts|requests_sent)$/) sum[kv[1]] += kv[2]
        }
    }
    END {
        printf "crash-soak summary: %d rounds in %d s, %d batch(es) failed (figures below: the %d rounds of the passing batches)\n", requested, elapsed, failed, sum["rounds"]
        printf "  sessions killed with SIGKILL: %d after an ACK, %d right after a WILL, %d right after SENDING; %d ran to the end\n", sum["kills_after_ack"], sum["kills_after_will"], sum["kills_after_sending"], sum["uninterrupted"]
        printf "  comments: %d acknowledged (each found exactly once), %d unacknowledged (%d of them arrived, none twice), %d on the server\n", sum["acked_comments"], sum["will_only_comments"], sum["will_only_arrived"], sum["comments_on_server"]
        printf "  comment POSTs answered 201: %d, of which idempotent replays: %d; requests sent: %d\n", sum["comment_posts"], sum["replayed_posts"], sum["requests_sent"]
        printf "  likes: every post as last acknowledged\n"
    }' "$log"

exit $(( failed > 0 ))

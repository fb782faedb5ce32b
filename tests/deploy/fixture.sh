#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Threadline authors
# SPDX-License-Identifier: GPL-3.0-or-later
# The CTest fixture of the deploy suite (tests/deploy/CMakeLists.txt):
#   fixture.sh up DIR SERVER-BIN   # a fresh deployment in DIR (what an earlier run left: down, removed)
#   fixture.sh down DIR            # stop it and remove DIR
set -euo pipefail
script=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/scripts/deploy-local.sh
cmd=$1 dir=$2
case $cmd in
up)
    if [[ -d $dir ]]; then
        bash "$script" down --dir "$dir" || true
        rm -rf "$dir"
    fi
    # Rate limits off: the load run comes from one address (127.0.0.1, forwarded by nginx).
    # THREADLINE_SERVER_BIN (as for the other suites) wins over the build's binary.
    bash "$script" up --dir "$dir" --servers 2 --server-bin "${THREADLINE_SERVER_BIN:-$3}" \
        --rate-limits off
    ;;
down)
    [[ -d $dir ]] || exit 0
    rc=0
    bash "$script" down --dir "$dir" || rc=$?
    rm -rf "$dir"
    exit "$rc"
    ;;
*) echo "usage: $0 up DIR SERVER-BIN | down DIR" >&2; exit 2 ;;
esac

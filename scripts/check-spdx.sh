#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Threadline authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Every source file of the repository carries SPDX headers (SPDX-FileCopyrightText and
# SPDX-License-Identifier) within its first lines: C++, CMake, shell, Python, Lua, the
# configuration templates, the resources. Data (JSON, PNG, fixtures, fuzz corpora), the
# translations and the documents are not source files. Run by CTest (licence_headers).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
missing=()
while IFS= read -r f; do
    case $f in
        *corpus/*|LICENSE|*.md|*.json|*.png|*.ts|*.txt.in) continue ;;
        *.cpp|*.h|*.sh|*.py|*.lua|*.conf|*.in|*.svg|*.xml|*.1|*.service|*.desktop|*.dict|*.gitignore|*.clang-format|*/CMakeLists.txt|CMakeLists.txt|.ci/run) ;;
        *) continue ;;
    esac
    top=$(head -n 6 "$f")
    [[ $top == *SPDX-License-Identifier:* ]] || missing+=("$f")
    [[ $top == *SPDX-FileCopyrightText:* ]] || missing+=("$f (copyright)")
done < <(git ls-files 2>/dev/null || find . -type f -not -path './build*' -not -path './.git/*' | sed 's|^\./||')
if ((${#missing[@]})); then
    printf 'check-spdx: no SPDX header in %s\n' "${missing[@]}" >&2
    exit 1
fi
echo "check-spdx: every source file has its SPDX headers"

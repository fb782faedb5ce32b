#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Threadline authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks, before a commit, that the translation catalogues are complete for the current sources:
# runs lupdate (as the update_translations target does) into a temporary copy of
# translations/*.ts — the committed files are not touched — and fails if any zh_CN message is
# unfinished (a new tr() string nobody translated, or one never picked up by lupdate) or any
# English "%n" message lacks its plural forms. Exit 0: complete; 1: something to translate
# (listed); 2: the tools are missing.
# To fix: cmake --build <build dir> --target update_translations, translate in Qt Linguist or
# by hand (translations/threadline_zh_CN.ts, threadline_en.ts), run this again.
#   LUPDATE   the lupdate to use (default: Qt 6's, from qtpaths6 --query QT_HOST_BINS)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD

lupdate=${LUPDATE:-}
if [[ -z $lupdate ]]; then
    if bins=$(qtpaths6 --query QT_HOST_BINS 2>/dev/null) && [[ -x $bins/lupdate ]]; then
        lupdate=$bins/lupdate
    elif [[ -x /usr/lib/qt6/bin/lupdate ]]; then
        lupdate=/usr/lib/qt6/bin/lupdate
    else
        echo "check-translations: Qt 6 lupdate not found (apt-get install qt6-l10n-tools, or set LUPDATE)" >&2
        exit 2
    fi
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/threadline-ts.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# The same sources as translations/CMakeLists.txt: every layer's .cpp/.h/.ui, in every folder.
lst=$tmp/sources.lst
: >"$lst"
for layer in core models ui app; do
    [[ -d $root/$layer ]] || continue
    echo "-I$root/$layer" >>"$lst"
    find "$root/$layer" -type f \( -name '*.cpp' -o -name '*.h' -o -name '*.ui' \) \
        | LC_ALL=C sort >>"$lst"
done

ts_files=()
for lang in zh_CN en; do
    src=$root/translations/threadline_$lang.ts
    if [[ ! -f $src ]]; then
        echo "check-translations: $src is missing (build the update_translations target)" >&2
        exit 1
    fi
    cp "$src" "$tmp/"
    ts_files+=("$tmp/threadline_$lang.ts")
done

"$lupdate" -silent -no-obsolete -locations none "@$lst" -ts "${ts_files[@]}"

# Prints "context | source" for each unfinished message; numerus_only=1 looks at "%n" ones only.
unfinished() {
    awk -v numerus_only="$2" '
        function text(line,   t) {
            t = line
            sub(/^[^>]*>/, "", t); sub(/<\/[a-z]*>[[:space:]]*$/, "", t)
            gsub(/&lt;/, "<", t); gsub(/&gt;/, ">", t); gsub(/&quot;/, "\"", t)
            gsub(/&apos;/, "\047", t); gsub(/&amp;/, "\\&", t)
            return t
        }
        /<name>/ && !in_message { context = text($0) }
        /<message/ { in_message = 1; numerus = ($0 ~ /numerus="yes"/); source = "" }
        /<source>/ { source = text($0) }
        /<translation[^>]*type="unfinished"/ {
            if (in_message && (!numerus_only || numerus)) print "  " context " | " source
        }
        /<\/message>/ { in_message = 0 }
    ' "$1"
}

status=0
zh=$(unfinished "$tmp/threadline_zh_CN.ts" 0)
if [[ -n $zh ]]; then
    echo "zh_CN: $(grep -c . <<<"$zh") message(s) unfinished:"
    echo "$zh"
    status=1
fi
en=$(unfinished "$tmp/threadline_en.ts" 1)
if [[ -n $en ]]; then
    echo "en: $(grep -c . <<<"$en") plural message(s) without their forms (\"1 change\", \"2 changes\"):"
    echo "$en"
    status=1
fi
if [[ $status -ne 0 ]]; then
    echo "Run: cmake --build <build dir> --target update_translations, translate, then run $0 again."
else
    echo "translations complete: $(grep -c '<message' "$tmp/threadline_zh_CN.ts") messages, zh_CN and en plurals"
fi
exit $status

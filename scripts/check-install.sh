#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Threadline authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Installs a build into a temporary staging prefix (`cmake --install`) and checks what a desktop
# and a server need is there, in the usual places, and valid: the two programs, the launcher
# entry with its threadline:// handler (desktop-file-validate), the AppStream metainfo
# (appstreamcli validate --no-net), the icon in the hicolor theme (SVG and 16–512 px PNGs), both
# man pages (rendered by man without a warning), the systemd unit (its password from a
# credential file) and the nginx template. Run by CTest (install_tree) and by hand:
#   scripts/check-install.sh BUILD_DIR
set -euo pipefail

build=${1:?usage: check-install.sh BUILD_DIR}
stage=$(mktemp -d "${TMPDIR:-/tmp}/threadline-install.XXXXXX")
trap 'rm -rf "$stage"' EXIT
fail() { echo "check-install: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$stage/usr" >/dev/null

files=(
    usr/bin/threadline
    usr/bin/threadline-server
    usr/share/applications/io.github.threadline.Threadline.desktop
    usr/share/metainfo/io.github.threadline.Threadline.metainfo.xml
    usr/share/icons/hicolor/scalable/apps/threadline.svg
    usr/share/man/man1/threadline.1
    usr/share/man/man1/threadline-server.1
    usr/lib/systemd/system/threadline-server.service
    usr/share/doc/threadline-server/examples/nginx.conf.in
)
for size in 16 22 24 32 48 64 128 256 512; do
    files+=("usr/share/icons/hicolor/${size}x${size}/apps/threadline.png")
done
for f in "${files[@]}"; do
    [[ -s $stage/$f ]] || fail "missing after cmake --install: $f"
done
[[ -x $stage/usr/bin/threadline && -x $stage/usr/bin/threadline-server ]] || fail "a program is not executable"

desktop=$stage/usr/share/applications/io.github.threadline.Threadline.desktop
desktop-file-validate "$desktop" || fail "desktop-file-validate refused the entry"
grep -q '^MimeType=.*x-scheme-handler/threadline;' "$desktop" || fail "no threadline:// handler"
grep -q '^Icon=threadline$' "$desktop" || fail "the entry names another icon"
appstreamcli validate --no-net "$stage/usr/share/metainfo/io.github.threadline.Threadline.metainfo.xml" \
    >/dev/null || fail "appstreamcli refused the metainfo"

for page in threadline threadline-server; do
    warnings=$(MANWIDTH=80 man --warnings -l "$stage/usr/share/man/man1/$page.1" 2>&1 >/dev/null || true)
    [[ -z $warnings ]] || fail "man $page: $warnings"
done

unit=$stage/usr/lib/systemd/system/threadline-server.service
grep -q '^LoadCredential=db-password:' "$unit" || fail "the unit loads no credential"
grep -q -- '--db-password-file ${CREDENTIALS_DIRECTORY}/db-password' "$unit" \
    || fail "the unit does not hand the password over as a file"

# The installed programs run: versions, and the client's --help without the testing options.
"$stage/usr/bin/threadline-server" --version | grep -q 'threadline-server' || fail "server --version"
help=$(QT_QPA_PLATFORM=offscreen "$stage/usr/bin/threadline" --help)
for hidden in --faults --qa --first-paint --password --screenshot; do
    grep -q -- "$hidden\b" <<<"$help" && fail "--help lists the testing option $hidden"
done
grep -q -- '--help-qa' <<<"$help" || fail "--help does not point to --help-qa"
qa=$(QT_QPA_PLATFORM=offscreen "$stage/usr/bin/threadline" --help-qa)
for shown in --faults --qa --first-paint --password --screenshot; do
    grep -q -- "$shown" <<<"$qa" || fail "--help-qa does not list $shown"
done

echo "check-install: ${#files[@]} files installed and valid under $stage/usr"

#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Threadline authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the Debian 12 packages Threadline needs to build, test and run.
# Idempotent and quick: apt is only touched when a package is missing.
set -euo pipefail

packages=(
    # toolchain
    cmake g++ ninja-build ccache pkg-config clang-format
    # Qt 6.4 and the keychain
    qt6-base-dev qt6-tools-dev qt6-l10n-tools qt6-websockets-dev
    libqt6sql6-sqlite libqt6sql6-psql qtkeychain-qt6-dev qt6-translations-l10n
    qt6-image-formats-plugins
    # headless GUI runs, screenshots, session bus and secret store
    xvfb xauth imagemagick dbus dbus-x11 gnome-keyring libsecret-tools
    # what a screen reader gets: the accessibility bus and pyatspi (the a11y suite walks it)
    at-spi2-core python3-pyatspi
    # server side: databases, reverse proxy, load generator
    postgresql nginx-light wrk libsqlite3-dev sqlite3
    # the moderators' statistics: one compressed bitmap per day (CRoaring); password hashing
    libroaring-dev libargon2-dev
    # the local deployment (scripts/deploy-local.sh, bench/deploy-bench.sh): its certificate,
    # the load generator's TLS, the bench's sign-ins
    openssl libssl-dev curl jq
    # the conversion of docs/openapi.yaml for the answer checks
    python3-yaml zlib1g-dev
    # what is installed beside the programs, checked by the install suite: the launcher entry,
    # AppStream metainfo, the man pages
    desktop-file-utils appstream man-db
    # fonts for CJK text and emoji
    fonts-wqy-microhei fonts-noto-color-emoji
)

missing=()
for pkg in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
    if [[ $status != "install ok installed" ]]; then
        missing+=("$pkg")
    fi
done
# The lint of docs/openapi.yaml runs npx @redocly/cli. Any Node.js that brings npx will do: a
# machine with NodeSource's nodejs (which bundles npm and conflicts with Debian's npm package)
# must not be asked to install Debian's.
if ! command -v npx >/dev/null 2>&1; then
    missing+=(npm)
fi

if ((${#missing[@]} == 0)); then
    echo "install-deps: all ${#packages[@]} packages present"
    exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo=()
if ((EUID != 0)); then
    if ! command -v sudo >/dev/null 2>&1; then
        echo "install-deps: not root and sudo is not available; install as root:" >&2
        echo "  apt-get install --no-install-recommends ${missing[*]}" >&2
        exit 1
    fi
    sudo=(sudo)
fi

export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"

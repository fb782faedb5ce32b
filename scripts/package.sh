#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Threadline authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The Debian packages, end to end (not part of CI's time: a package build and a clean system
# take 30 to 60 minutes on two cores):
#   1. builds `threadline` and `threadline-server` (debian/, debhelper with CMake) from a clean
#      clone of HEAD;
#   2. checks them with lintian: no error and no warning, or the script fails;
#   3. installs them on a clean Debian 12 — a minbase debootstrap root with nothing but what
#      the packages depend on (no Recommends) — where the server must answer /health and the
#      client must start and draw its window (offscreen) from a cache of its own.
#
#   scripts/package.sh [--out DIR] [--no-install-check]
#   scripts/package.sh --install-check-only DIR     # step 3 alone, on the packages in DIR
#
# The packages end up in DIR (default: build/packages). The clean root is kept as a tarball in
# ~/.cache/threadline/ so that a second run does not download it again. Run as root (apt,
# debootstrap, chroot).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out="$repo/build/packages"
install_check=1
prebuilt=""
while (($#)); do
    case $1 in
        --out) out=$2; shift 2 ;;
        --no-install-check) install_check=0; shift ;;
        --install-check-only) prebuilt=$(cd "$2" && pwd); shift 2 ;;
        -h|--help) sed -n '5,20p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "package.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
say() { printf '\npackage.sh: %s\n' "$*"; }

say "installing what building and checking packages needs"
bash "$repo/scripts/install-deps.sh"
need=(dpkg-dev debhelper lintian debootstrap fakeroot)
missing=()
for p in "${need[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
fi

work=$(mktemp -d /tmp/threadline-package.XXXXXX)
root="$work/root"
mounted=()
cleanup() {
    for m in "${mounted[@]}"; do umount -l "$m" 2>/dev/null || true; done
    [[ -n ${server_pid:-} ]] && kill "$server_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

if [[ -n $prebuilt ]]; then
    out=$prebuilt
    cp "$prebuilt"/threadline_*.deb "$prebuilt"/threadline-server_*.deb "$work"/
else
say "a clean clone of HEAD ($(git -C "$repo" rev-parse --short HEAD))"
git clone --quiet "$repo" "$work/src"
# Uncommitted changes are not packaged: say so rather than surprise.
if [[ -n $(git -C "$repo" status --porcelain --untracked-files=no) ]]; then
    echo "package.sh: note: the working tree has uncommitted changes; HEAD is packaged" >&2
fi

say "building the packages (dpkg-buildpackage -b)"
(cd "$work/src" && DEB_BUILD_OPTIONS="parallel=$(nproc)" dpkg-buildpackage -us -uc -b)
changes=$(ls "$work"/threadline_*.changes)

say "lintian $(basename "$changes")"
lintian --display-info --fail-on error,warning "$changes"
echo "lintian: no error, no warning"

mkdir -p "$out"
cp "$work"/*.deb "$changes" "$out"/
ls -l "$out"
fi

if ((install_check == 0)); then
    exit 0
fi

say "a clean Debian 12 (minbase) to install them on"
tarball="${XDG_CACHE_HOME:-$HOME/.cache}/threadline/bookworm-minbase.tar"
if [[ ! -s $tarball ]]; then
    mkdir -p "$(dirname "$tarball")" "$work/fresh"
    debootstrap --variant=minbase bookworm "$work/fresh" http://deb.debian.org/debian
    tar -C "$work/fresh" -cf "$tarball.part" . && mv "$tarball.part" "$tarball"
    rm -rf "$work/fresh"
fi
mkdir -p "$root"
tar -C "$root" -xf "$tarball"
for fs in proc sys dev; do
    mount --bind "/$fs" "$root/$fs"
    mounted=("$root/$fs" "${mounted[@]}")
done
cp /etc/resolv.conf "$root/etc/resolv.conf"
mkdir -p "$root/debs"
debs=()
for deb in "$work"/threadline_*.deb "$work"/threadline-server_*.deb; do
    cp "$deb" "$root/debs/"
    debs+=("/debs/$(basename "$deb")")
done
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root "$@"; }
in_root apt-get update -qq
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    "${debs[@]}" >/dev/null
in_root dpkg-query -W threadline threadline-server

say "the server from the package answers /health"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
mkdir -p "$root/srv/threadline"
chroot "$root" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/root QT_QPA_PLATFORM=offscreen \
    threadline-server --listen "127.0.0.1:$port" --db sqlite:/srv/threadline/db.sqlite \
    --media-dir /srv/threadline/media --demo >"$work/server.log" 2>&1 &
server_pid=$!
health=""
for _ in $(seq 1 100); do
    if health=$(curl -fsS "http://127.0.0.1:$port/api/v1/health" 2>/dev/null); then break; fi
    kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
    sleep 0.2 # polling a process that is starting: nothing to wait on
done
echo "GET /api/v1/health: $health"
grep -q '"status":"ok"' <<<"$health" || { cat "$work/server.log" >&2; exit 1; }

say "the client from the package starts and draws the original spec's sample post"
mkdir -p "$root/home/user"
cp "$repo/tests/fixtures/seed-post-90012.json" "$root/home/user/"
client() {
    chroot "$root" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/home/user \
        XDG_RUNTIME_DIR=/home/user/run QT_QPA_PLATFORM=offscreen threadline "$@"
}
mkdir -p -m 0700 "$root/home/user/run"
client --version
client --offline --cache /home/user/cache.sqlite --import /home/user/seed-post-90012.json \
    --screenshot /home/user/window.png --size 1000x700
[[ -s $root/home/user/window.png ]] || { echo "package.sh: no screenshot" >&2; exit 1; }
cp "$root/home/user/window.png" "$out/installed-window.png"
for f in usr/share/applications/io.github.threadline.Threadline.desktop \
         usr/share/metainfo/io.github.threadline.Threadline.metainfo.xml \
         usr/share/icons/hicolor/scalable/apps/threadline.svg \
         usr/share/man/man1/threadline.1.gz usr/share/man/man1/threadline-server.1.gz \
         lib/systemd/system/threadline-server.service; do
    [[ -e $root/$f ]] || { echo "package.sh: not installed: /$f" >&2; exit 1; }
done
say "installed from the packages on a clean system: the server answers, the client starts" \
    "($out/installed-window.png)"

#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Threadline authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Renders the icon (resources/icons/threadline.svg) into the hicolor theme's PNG sizes under
# resources/icons/hicolor/NxN/apps/threadline.png. The PNGs are committed, so a build needs no
# SVG renderer; run this after changing the SVG (needs rsvg-convert: apt-get install librsvg2-bin).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
command -v rsvg-convert >/dev/null || { echo "icons: rsvg-convert missing (librsvg2-bin)" >&2; exit 2; }
for size in 16 22 24 32 48 64 128 256 512; do
    dir=resources/icons/hicolor/${size}x${size}/apps
    mkdir -p "$dir"
    rsvg-convert -w "$size" -h "$size" resources/icons/threadline.svg -o "$dir/threadline.png"
done
echo "icons: $(ls resources/icons/hicolor | wc -l) sizes written"

#!/bin/sh
# SPDX-FileCopyrightText: 2026 The Threadline authors
# SPDX-License-Identifier: GPL-3.0-or-later
# The a11y suite's bus and screen (tests/a11y/CMakeLists.txt runs this under its own
# dbus-run-session): an unlocked keyring for the client's token, the accessibility bus
# (at-spi-bus-launcher, as a desktop session starts it), an X server (Xvfb: the offscreen
# platform has no accessibility bridge), then the walk itself.
#   run-atspi.sh SERVER_BIN CLIENT_BIN
set -eu
here=$(dirname "$0")
printf '%s' pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null
/usr/libexec/at-spi-bus-launcher --launch-immediately &
launcher=$!
trap 'kill $launcher 2>/dev/null || true' EXIT
rc=0
xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/python3 "$here/tst_atspi.py" "$@" || rc=$?
exit $rc

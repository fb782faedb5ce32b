// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The words of the demo world (demotexts.cpp).
#pragma once

#include <QStringList>

#include <vector>

namespace threadline::server::demo {

// The words of the world.
const QStringList &postTexts();
const QStringList &extraSentences();
const QStringList &emojis();
const QStringList &commentTexts();
const QStringList &busyRootTexts();
const QStringList &busyRootSuffixes();
const QStringList &busyReplyTexts();
const QStringList &rawDevices(); // as clients report them; "" = no device
struct Geo
{
    const char *name;
    double lat, lng;
};
const std::vector<Geo> &geos(); // places a post may be tagged with

} // namespace threadline::server::demo

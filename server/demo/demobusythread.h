// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The demo world's busy post (demobusythread.cpp).
#pragma once

#include "demo/demoworld.h"

namespace threadline::server::demo {

void addBusyThread(World &w); // the busy post's 200 floors and 1,600 replies, votes, likes, views

} // namespace threadline::server::demo

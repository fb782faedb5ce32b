// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The demo world's people (demopeople.cpp).
#pragma once

#include "demo/demoworld.h"

namespace threadline::server::demo {

void addUsers(World &w);    // the eight of api-v1.md and the 40 readers
void addMedia(World &w);    // an avatar each, the sample post's pictures, the shared pool
void addFollows(World &w);  // who follows whom
void addActivity(World &w); // the seven's posts, comments, likes and follows, oldest first

} // namespace threadline::server::demo

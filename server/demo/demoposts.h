// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The demo world's posts and their reactions (demoposts.cpp).
#pragma once

#include "demo/demoworld.h"

namespace threadline::server::demo {

void addPosts(World &w);             // the sample post, the ordinary posts, busy, hot
void addOrdinaryReactions(World &w); // likes, comments and views of the ordinary posts
void addOrdinaryVotes(World &w);     // a few votes on ordinary comments
void addHotReactions(World &w);      // the hot post's 45 likes and its views
void assignIds(World &w);            // comments and likes numbered in creation order

} // namespace threadline::server::demo

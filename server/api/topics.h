// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Topics in a post's text (docs/api.md, "Topics that people follow"): `#name#` marks a topic.
// The grammar is the client's (core/wire/topics.h, the threadline_topics library), so that the
// server records exactly the topics a card draws as links.
#pragma once

#include "wire/topics.h"

namespace threadline::server {

using core::kTopicMaxChars;
using core::kTopicsPerPost;
using core::topicKey;
using core::topicsOf;

} // namespace threadline::server

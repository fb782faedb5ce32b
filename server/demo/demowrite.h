// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Writing the demo world (demowrite.cpp).
#pragma once

#include "db/database.h"
#include "demo/demodata.h"
#include "demo/demoworld.h"

namespace threadline::server::demo {

// Every row in the database, in the current transaction; the counts.
DemoResult writeWorld(Database &db, const World &w);

} // namespace threadline::server::demo

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Forward declarations of the API client's types, for headers that only pass them around (a
// feed's or loader's constructor takes the client; its replies are members or arguments).
#pragma once

namespace threadline::core {
class ApiClient;
class ApiReply;
struct ApiError;
struct Call;
} // namespace threadline::core

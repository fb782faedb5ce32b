// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// For each kind of outbox entry, the contract's call that carries it to the server
// (endpoints.h: method, path, body), built afresh from the entry each time it is sent so that a
// queued action follows the contract of the version that sends it. The sender sends it through
// ApiClient::send() with the entry's own Idempotency-Key (kept across restarts) when the call is
// keyed. A new post's pictures go first, each as POST /media with its own key and Content-Type.
#pragma once

#include "net/endpoints.h"
#include "outbox/outboxstore.h"

#include <QByteArray>

namespace threadline::core {

// The call of an entry as it is now (a CreatePost's body lists the URLs of its uploaded
// pictures after the ones it was given; its local pictures are never sent).
[[nodiscard]] Call callFor(const OutboxEntry &entry);

} // namespace threadline::core

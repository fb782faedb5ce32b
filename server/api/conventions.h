// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The HTTP conventions every answer of the router gets on its way out (docs/api.md, "HTTP
// conventions"): WWW-Authenticate on a 401, Location on a 201, the RateLimit headers of the
// limit that counted the request, an ETag on the read pages with If-None-Match answered 304,
// and gzip for JSON when the client accepts it.
#pragma once

#include "api/request.h"
#include "api/response.h"

#include <QByteArray>
#include <QByteArrayView>

namespace threadline::server {

// JSON bodies smaller than this are sent as they are: a gzip header and trailer cost 18 bytes
// and the CPU is better spent elsewhere.
inline constexpr qsizetype kGzipMinBytes = 1024;

// Everything above, in that order. `tagged`: the route is a read page (RouteFlag Tagged).
// `routePattern`: the route's path pattern after /api/v1 (for Location), empty when none
// matched.
void applyConventions(const Request &req, Response &r, bool tagged, const QStringList &pattern);

// The weak entity tag of a body: W/"<32 hex digits of its SHA-256>".
[[nodiscard]] QByteArray entityTag(QByteArrayView body);
// Whether an If-None-Match value names `tag` (weak comparison, RFC 9110 13.1.2), or is "*".
[[nodiscard]] bool noneMatchHits(const QByteArray &ifNoneMatch, QByteArrayView tag);
// Whether an Accept-Encoding value accepts gzip (a q of 0 refuses it; "*" accepts it).
[[nodiscard]] bool acceptsGzip(const QByteArray &acceptEncoding);
// The gzip member (RFC 1952) of `data`; empty when zlib fails.
[[nodiscard]] QByteArray gzip(QByteArrayView data, int level = 6);

} // namespace threadline::server

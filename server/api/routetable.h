// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The router's table of routes: each handler adds its own (method, path pattern, flags, the
// member function that answers), and the router (api.h) matches requests against them.
#pragma once

#include "api/request.h"
#include "api/response.h"

#include <QByteArray>
#include <QList>
#include <QStringList>
#include <functional>

namespace threadline::server {

// What the router does around a route before and after calling it.
// OptionalBody: every field is optional, so an empty body means {}; elsewhere it is 400.
enum RouteFlag {
    Public = 1,    // no token
    Moderator = 2, // moderators only (403)
    Write = 4,     // in a transaction, with the change log and the Idempotency-Key
    JsonBody = 8,
    RawBody = 16, // a media upload: up to 5 MiB, not parsed
    OptionalBody = 32,
    // One statement on PostgreSQL (a function of the schema): runs without BEGIN/COMMIT of
    // its own (a single statement is its own transaction). PUT/DELETE only: no idempotency
    // key to record with it.
    Atomic = 64,
    // May run on a worker thread (workers.h) with an Api and a connection of its own: the
    // handler's effects are in the database only (and the user briefs' cache, which no
    // route changes), nothing another Api instance would have to see in memory.
    Worker = 128,
    // A like or an unlike of a post: on PostgreSQL, workers.h writes those that arrive together
    // in one statement (Api::postLikeBatch()).
    PostLike = 256,
    // A long-lived answer (the push stream): after the precheck the HTTP front keeps the
    // connection and writes events on it (http/eventstream.h) instead of calling the handler.
    Stream = 512,
    // A read page whose answer carries an ETag (a hash of the body as this viewer gets it):
    // If-None-Match with that tag answers 304 without a body.
    Tagged = 1024,
};

struct Route
{
    QByteArray method;
    QStringList pattern; // literal segments, "{id}" or "{name}"
    std::function<Response(Request &)> handler;
    int flags;
};

class RouteTable
{
public:
    void add(const char *method, const char *path, int flags,
             std::function<Response(Request &)> handler)
    {
        m_routes.append(Route{QByteArray(method),
                              QString::fromLatin1(path).split(QLatin1Char('/'), Qt::SkipEmptyParts),
                              std::move(handler), flags});
    }
    // A member function of a handler that outlives the table.
    template<typename H>
    void add(const char *method, const char *path, int flags, H *handler,
             Response (H::*answer)(Request &))
    {
        add(method, path, flags,
            [handler, answer](Request &req) { return (handler->*answer)(req); });
    }

    [[nodiscard]] qsizetype size() const { return m_routes.size(); }
    [[nodiscard]] const Route &at(qsizetype i) const { return m_routes[i]; }
    [[nodiscard]] bool has(int index) const { return index >= 0 && index < m_routes.size(); }

private:
    QList<Route> m_routes;
};

} // namespace threadline::server

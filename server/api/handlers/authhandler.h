// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Sign-in and sign-out: POST /auth/login (the password check runs as the request's deferred
// step, off the request thread; failures are rate limited per account and address, and per
// address), POST /auth/logout.
#pragma once

#include "api/ratelimiter.h"
#include "api/routetable.h"

#include <memory>

namespace threadline::server {

class Authenticator;
class Database;
class Renderer;
struct ServerConfig;

// Failed sign-ins (docs/api.md, "Failed sign-ins"): per account and client address, 10 at once
// and then one every 30 s; per client address, for spraying across accounts, 100 at once and
// then one every 5 s. A refused sign-in (429) counts against neither.
inline constexpr RateLimiter::Limit kAccountLoginLimit{10, 1.0 / 30};
inline constexpr RateLimiter::Limit kAddressLoginLimit{100, 0.2};

class AuthHandler
{
public:
    // `deferred`: where login() leaves its password check for the router (api.h).
    AuthHandler(Database &db, const ServerConfig &config, RateLimiter &limiter,
                Authenticator &authenticator, Renderer &renderer,
                std::shared_ptr<Deferred> &deferred);
    void addRoutes(RouteTable &table);
    // Computes the hash checked for unknown user names (a password hash of the real cost).
    void prepare();

private:
    Response login(Request &req);
    Response logout(Request &req);
    // Sets the request's RateLimit-* figures from the sign-in limit closest to refusing.
    void showQuota(Request &req, const QStringList &keys,
                   const QList<RateLimiter::Limit> &limits) const;

    Database &m_db;
    const ServerConfig &m_config;
    RateLimiter &m_limiter;
    Authenticator &m_authenticator;
    Renderer &m_renderer;
    std::shared_ptr<Deferred> &m_deferred;
    QString m_dummyHash;
};

} // namespace threadline::server

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Who a request is from: its bearer token checked against the tokens table (and a cache of
// the checks), and the day of activity each signed-in user is marked with.
#pragma once

#include "api/request.h"

#include <QHash>
#include <QPair>
#include <QSet>
#include <QString>

namespace threadline::server {

class Database;
struct ServerConfig;

class Authenticator
{
public:
    Authenticator(Database &db, const ServerConfig &config);
    Authenticator(const Authenticator &) = delete;
    Authenticator &operator=(const Authenticator &) = delete;

    // Sets req.viewer from the Authorization header, or 401.
    void authenticate(Request &req);
    // A signed-out token (its hash) is checked against the database again.
    void forget(const QString &tokenHash) { m_tokenCache.remove(tokenHash); }
    // Marks the user active today (UTC+8) in user_days and in the day's login bitmap (a mark in
    // login_marks), once a day per process.
    void markActive(qint64 uid);

private:
    Database &m_db;
    const ServerConfig &m_config;
    struct CachedToken
    {
        Viewer viewer;
        qint64 created = 0;
        qint64 checkedAt = 0; // nowMs() of the database check (PostgreSQL: --token-cache)
    };
    // SQLite: for as long as the token lives (one process owns the database). PostgreSQL: for
    // --token-cache after each database check, so that a sign-out through another process is
    // seen within that time.
    QHash<QString, CachedToken> m_tokenCache;
    QSet<QPair<qint64, qint64>> m_activeMarked; // (uid, day) already written
    static constexpr int kFoldEvery = 5000;     // marks written, then folded into the bitmap
    int m_marksSinceFold = 0;
};

} // namespace threadline::server

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The change rows of one write (what /sync and the read caches read): recorded while a route
// writes, written by the router with the route's transaction, dropped when it fails.
#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>

namespace threadline::server {

class Database;

class ChangeLog
{
public:
    explicit ChangeLog(Database &db);
    ChangeLog(const ChangeLog &) = delete;
    ChangeLog &operator=(const ChangeLog &) = delete;

    // `kind` "post", "comment" or "user"; `op` "upsert" or "remove".
    void record(const char *kind, qint64 id, const char *op = "upsert");
    // Inserts what was recorded (each (kind, id, op) once), in the current transaction; true
    // when there was something.
    bool flush();
    void clear() { m_pending.clear(); }

private:
    Database &m_db;
    QList<QPair<QByteArray, qint64>> m_pending;
};

} // namespace threadline::server

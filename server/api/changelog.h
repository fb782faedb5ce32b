// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The change rows of one write (what /sync and the read caches read): recorded while a route
// writes, written by the router with the route's transaction, dropped when it fails.
#pragma once

#include <QByteArray>
#include <QList>

namespace threadline::server {

class Database;

class ChangeLog
{
public:
    explicit ChangeLog(Database &db);
    ChangeLog(const ChangeLog &) = delete;
    ChangeLog &operator=(const ChangeLog &) = delete;

    // `kind` "post", "comment", "user" or "notification"; `op` "upsert" or "remove". `owner`:
    // the one user a record is for (a notification's recipient; /sync shows it to nobody else),
    // 0 for records everyone may read.
    void record(const char *kind, qint64 id, const char *op = "upsert", qint64 owner = 0);
    // Inserts what was recorded (each (kind, id, op) once), in the current transaction; true
    // when there was something.
    bool flush();
    void clear() { m_pending.clear(); }

private:
    struct Pending
    {
        QByteArray kindOp; // "kind/op"
        qint64 id;
        qint64 owner;
    };
    Database &m_db;
    QList<Pending> m_pending;
};

} // namespace threadline::server

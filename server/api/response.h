// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What a route answers: a Response, or a ContractError thrown on the way (fail()) that the
// router turns into the contract's error body; and a Deferred, the slow step of a request.
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>
#include <QVariant>
#include <functional>

namespace threadline::server {

struct Request;

// An error of the API contract (api-v1.md): the HTTP status plus {"error":{"code","message"}}.
// Thrown by a route's checks; the router answers it and rolls back what the request wrote.
struct ContractError
{
    int status;
    QString code;
    QString message;
    int retryAfter = 0; // seconds, for 429
    QByteArray allow;   // 405: the methods the path has (the Allow header)
};

// Throws the ContractError of `status` with the contract's code for it.
[[noreturn]] void fail(int status, const QString &message);

struct Response
{
    int status = 200;
    QByteArray body;
    QByteArray contentType = "application/json";
    QList<QPair<QByteArray, QByteArray>> headers;

    static Response json(const QJsonObject &o, int status = 200);
    static Response noContent();
    static Response error(int status, const QString &code, const QString &message);
};

// A slow step that needs no database (hashing a password): a route hands it to the router,
// which runs work() on a worker thread and finish() back on its own thread.
struct Deferred
{
    std::function<QVariant()> work; // touches neither the Api nor the database
    std::function<Response(Request &, const QVariant &)> finish;
};

} // namespace threadline::server

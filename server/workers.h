// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Worker threads: on PostgreSQL a server process answers the routes that allow it
// (Api::onWorker(): reads and one-statement likes) on --workers threads, each with a database
// connection and an Api of its own, so one process has several requests in flight instead of
// one thread waiting for every round trip and commit. The HTTP thread keeps the sockets, the
// prechecks (route, token, rate limits), the caps and everything else; a request handed to a
// worker comes back to it as a Response through its event loop.
#pragma once

#include "api/api.h"
#include "serverconfig.h"

#include <QObject>
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

class QThread;

namespace threadline::server {

class Workers
{
public:
    // Starts n threads; each opens its own connection (without migrating: the HTTP thread's
    // connection did). A worker whose connection cannot be opened now opens it at its first
    // request (Api::guarded() reconnects, and answers 503 while the database is away).
    Workers(const ServerConfig &config, int n, std::shared_ptr<ReadCache> cache);
    ~Workers();
    Workers(const Workers &) = delete;
    Workers &operator=(const Workers &) = delete;

    [[nodiscard]] int size() const { return int(m_lanes.size()); }

    // Runs Api::begin(req) on the least busy worker; `done` runs on `context`'s thread with the
    // answer. `context` must outlive this object.
    // likeBatch (Api::isPostLike()): the like is written with the others waiting at that
    // moment, in one statement and one commit (Api::postLikeBatch()), by the first worker, one
    // batch at a time: the likes arriving meanwhile are the next.
    void submit(const Request &req, QObject *context, std::function<void(const Response &)> done,
                bool likeBatch = false);

    // Runs job(api) on the least busy worker (its own connection and Api); then done() on
    // `context`'s thread. `context` must outlive this object; the job must not touch objects of
    // the HTTP thread (the push stream's reads: eventstream.h).
    void run(std::function<void(Api &)> job, QObject *context, std::function<void()> done);

private:
    struct Lane;
    struct Pending
    {
        Request req;
        QObject *context;
        std::function<void(const Response &)> done;
    };
    Lane *leastBusy() const;
    void drainLikes(Lane *lane);

    std::vector<std::unique_ptr<Lane>> m_lanes;
    std::mutex m_likesMutex;
    std::vector<Pending> m_likes;
    bool m_likeDrainPosted = false; // under m_likesMutex: a drain waits in the first lane
    bool m_stopping = false;        // under m_likesMutex: the destructor runs
};

} // namespace threadline::server

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Worker threads for one server process (workers.h).
#include "workers.h"

#include "ops/metrics.h"
#include "ops/serverlog.h"

#include "db/database.h"

#include <QThread>
#include <cstdio>

namespace threadline::server {

// One thread with its own connection and Api, built and torn down on that thread (a
// QSqlDatabase belongs to the thread that opened it).
struct Workers::Lane
{
    QThread thread;
    QObject *home = nullptr; // lives on `thread`: what submit() queues work to
    std::unique_ptr<Database> db;
    std::unique_ptr<Api> api;
    std::atomic<int> queued{0};
};

Workers::Workers(const ServerConfig &config, int n, std::shared_ptr<ReadCache> cache)
{
    for (int i = 0; i < n; ++i) {
        auto lane = std::make_unique<Lane>();
        lane->thread.setObjectName(QStringLiteral("worker-%1").arg(i));
        lane->home = new QObject;
        lane->home->moveToThread(&lane->thread);
        Lane *l = lane.get();
        lane->thread.start();
        QMetaObject::invokeMethod(
            lane->home,
            [l, config, cache] {
                l->db = std::make_unique<Database>();
                QString error;
                if (!l->db->open(config.dbUrl, &error)) {
                    serverlog::line(serverlog::Level::Error,
                                    "a worker could not open the database (it will retry at its "
                                    "first request): " +
                                        error.simplified().left(300).toUtf8());
                    l->db->markLost();
                }
                l->api = std::make_unique<Api>(*l->db, config);
                l->api->initWorker();
                l->api->setReadCache(cache);
            },
            Qt::BlockingQueuedConnection);
        m_lanes.push_back(std::move(lane));
    }
}

Workers::~Workers()
{
    {
        // No like batch is posted from here on (a drain running now finishes its batch):
        // a lane torn down below must not receive one.
        std::lock_guard lock(m_likesMutex);
        m_stopping = true;
    }
    for (auto &lane : m_lanes) {
        // The tear-down runs on the lane's thread, after the work already queued.
        QMetaObject::invokeMethod(
            lane->home,
            [l = lane.get()] {
                l->api.reset();
                l->db.reset();
                delete l->home;
                l->home = nullptr;
            },
            Qt::BlockingQueuedConnection);
        lane->thread.quit();
        lane->thread.wait();
    }
}

Workers::Lane *Workers::leastBusy() const
{
    // From the last lane down: on a tie the first lane, the likes' writer, comes last.
    Lane *best = m_lanes.back().get();
    for (auto it = m_lanes.rbegin(); it != m_lanes.rend(); ++it)
        if ((*it)->queued.load() < best->queued.load())
            best = it->get();
    return best;
}

void Workers::drainLikes(Lane *lane)
{
    std::vector<Pending> batch;
    {
        std::lock_guard lock(m_likesMutex);
        m_likeDrainPosted = false; // a like queued from now on posts the next batch's drain
        if (!m_stopping)
            batch.swap(m_likes);
    }
    if (batch.empty())
        return;
    std::vector<Request> reqs;
    reqs.reserve(batch.size());
    for (const Pending &p : batch)
        reqs.push_back(p.req);
    std::vector<Response> answers = lane->api->postLikeBatch(reqs);
    Metrics::process().likeBatch(reqs.size());
    // One event per context (in practice one: the HttpServer) for the whole batch, not one
    // wake-up of the HTTP thread per like.
    for (size_t i = 0; i < batch.size();) {
        size_t end = i + 1;
        while (end < batch.size() && batch[end].context == batch[i].context)
            ++end;
        std::vector<std::pair<std::function<void(const Response &)>, Response>> part;
        part.reserve(end - i);
        for (size_t k = i; k < end; ++k)
            part.emplace_back(std::move(batch[k].done), std::move(answers[k]));
        QMetaObject::invokeMethod(
            batch[i].context,
            [part = std::move(part)] {
                for (const auto &[done, r] : part)
                    done(r);
            },
            Qt::QueuedConnection);
        i = end;
    }
}

void Workers::submit(const Request &req, QObject *context,
                     std::function<void(const Response &)> done, bool likeBatch)
{
    if (likeBatch) {
        // Likes are written by one lane, the first, one batch at a time: the likes that arrive
        // while a batch is written wait and go together in the next (one statement, one
        // commit), on the same thread and connection. Measured against a batch on every lane
        // at once (docs/performance.md): bigger batches, one writer of those tables per
        // process, less CPU per like, likes p99 ~25 -> ~12 ms at 2,500/s on 2 cores. The
        // other work prefers the other lanes (leastBusy()).
        Lane *lane = m_lanes.front().get();
        {
            std::lock_guard lock(m_likesMutex);
            m_likes.push_back(Pending{req, context, std::move(done)});
            if (m_likeDrainPosted || m_stopping)
                return; // the drain posted takes this like along
            m_likeDrainPosted = true;
        }
        ++lane->queued;
        QMetaObject::invokeMethod(
            lane->home,
            [this, lane] {
                drainLikes(lane);
                --lane->queued;
            },
            Qt::QueuedConnection);
        return;
    }
    Lane *best = leastBusy();
    ++best->queued;
    // `context` outlives the workers (its owner destroys them first, and the destructor waits
    // for the work queued), so the answer is always posted to a live object.
    QMetaObject::invokeMethod(
        best->home,
        [best, req, context, done = std::move(done)] {
            Request work = req; // begin() fills in the request's parsed parts
            Api::Outcome o = best->api->begin(work);
            Response r = o.deferred ? best->api->complete(work, *o.deferred, o.deferred->work())
                                    : std::move(o.response);
            --best->queued;
            QMetaObject::invokeMethod(
                context, [r = std::move(r), done = std::move(done)] { done(r); },
                Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
}

void Workers::run(std::function<void(Api &)> job, QObject *context, std::function<void()> done)
{
    Lane *best = leastBusy();
    ++best->queued;
    QMetaObject::invokeMethod(
        best->home,
        [best, context, job = std::move(job), done = std::move(done)] {
            job(*best->api);
            --best->queued;
            QMetaObject::invokeMethod(context, done, Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
}

} // namespace threadline::server

// Worker threads for one server process (workers.h).
#include "workers.h"

#include "database.h"

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
                    fprintf(stderr,
                            "threadline-server: a worker could not open the database (it will "
                            "retry at its first request): %s\n",
                            qPrintable(error.simplified().left(300)));
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
    Lane *best = m_lanes.front().get();
    for (auto &lane : m_lanes)
        if (lane->queued.load() < best->queued.load())
            best = lane.get();
    return best;
}

void Workers::drainLikes(Lane *lane)
{
    std::vector<Pending> batch;
    {
        std::lock_guard lock(m_likesMutex);
        batch.swap(m_likes);
    }
    if (batch.empty())
        return; // an earlier drain took this one's like along
    std::vector<Request> reqs;
    reqs.reserve(batch.size());
    for (const Pending &p : batch)
        reqs.push_back(p.req);
    std::vector<Response> answers = lane->api->postLikeBatch(reqs);
    for (size_t i = 0; i < batch.size(); ++i)
        QMetaObject::invokeMethod(
            batch[i].context,
            [r = std::move(answers[i]), done = std::move(batch[i].done)] { done(r); },
            Qt::QueuedConnection);
}

void Workers::submit(const Request &req, QObject *context,
                     std::function<void(const Response &)> done, bool likeBatch)
{
    Lane *best = leastBusy();
    ++best->queued;
    if (likeBatch) {
        {
            std::lock_guard lock(m_likesMutex);
            m_likes.push_back(Pending{req, context, std::move(done)});
        }
        // One drain per like: the first to run takes every like waiting; the others find none.
        QMetaObject::invokeMethod(
            best->home,
            [this, best] {
                drainLikes(best);
                --best->queued;
            },
            Qt::QueuedConnection);
        return;
    }
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

} // namespace threadline::server

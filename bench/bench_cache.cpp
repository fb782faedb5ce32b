// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// bench_cache: the client cache (core/cache/cache.h) against its targets (docs/performance.md,
// "Client cache"). Every figure is a median of --runs runs (default 9, at least 7):
//   1. writing one page of 200 floors with 1,000 replies (saveComments: one transaction,
//      prepared statements reused), from the call to its `done` signal: ≤ 20 ms;
//   2. bulk insert throughput of comments through the cache vs. a plain sqlite3 C API loop with
//      the same schema, pragmas and rows, in the same run: ratio ≥ 0.5;
//   3. opening a cache holding 10,000 posts and loading the first timeline page (20 posts),
//      from constructing the Cache to `timelineLoaded`: ≤ 50 ms.
//
//   bench_cache [--runs N] [--rows N] [--dir DIR] [--strict]
// --strict exits 1 when a target is missed.
#include "cache/cache.h"
#include "cache/cachefunctions.h"
#include "cache/cacheschema.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>

#include <sqlite3.h>

#include <algorithm>
#include <cstdio>

using namespace threadline::core;
using namespace Qt::StringLiterals;

namespace {

constexpr qint64 kBaseTime = 1'700'000'000'000;

QString loadAverage()
{
    QFile f(u"/proc/loadavg"_s);
    if (!f.open(QIODevice::ReadOnly))
        return u"n/a"_s;
    return QString::fromLatin1(f.readAll()).section(u' ', 0, 2);
}

QString chinese(int n, int seed)
{
    static const QString pool =
        u"这是一个带图片的动态今天天气很好我们去公园散步吧回复评论点赞好看的照片"_s;
    QString s;
    s.reserve(n);
    for (int i = 0; i < n; ++i)
        s += pool.at((seed * 31 + i * 7) % pool.size());
    return s;
}

UserBrief user(qint64 uid)
{
    return {uid, chinese(2 + uid % 4, int(uid)),
            u"/api/v1/media/avatar-%1-91d192886a5b9f3e14b6ffa1a674b55d.jpg"_s.arg(uid)};
}

Comment comment(qint64 postId, qint64 id, qint64 rootId, qint64 parentId, qint64 floor, qint64 seq)
{
    Comment c;
    c.id = id;
    c.postId = postId;
    c.rootId = rootId;
    c.parentId = parentId;
    c.floor = floor;
    c.seq = seq;
    c.author = user(10001 + id % 50);
    if (rootId != 0)
        c.replyTo = user(10001 + parentId % 50);
    c.content = chinese(10 + int(id % 40), int(id)) + u" 😀"_s;
    c.createtime = kBaseTime + id * 1000;
    c.likeCount = id % 4;
    c.replyCount = rootId == 0 ? 5 : 0;
    c.score = 2 * c.likeCount;
    return c;
}

// One page of a busy thread: `floors` roots with `replies` replies spread over them.
QList<Comment> floorPage(qint64 postId, qint64 firstId, int floors, int replies)
{
    QList<Comment> page;
    page.reserve(floors + replies);
    qint64 id = firstId;
    QList<qint64> roots;
    for (int f = 1; f <= floors; ++f) {
        roots.append(id);
        page.append(comment(postId, id++, 0, 0, f, 0));
    }
    for (int r = 0; r < replies; ++r) {
        const int f = r % floors;
        page.append(comment(postId, id++, roots.at(f), roots.at(f), f + 1, r / floors + 1));
    }
    return page;
}

Post post(qint64 id)
{
    Post p;
    p.id = id;
    p.createtime = kBaseTime - id * 60'000;
    p.author = user(10001 + id % 50);
    p.content = chinese(20 + int(id % 120), int(id));
    p.device = u"红米 6"_s;
    const int pictures = int(id % 10);
    p.category = pictures ? Post::Category::Picture : Post::Category::Text;
    for (int i = 0; i < pictures; ++i)
        p.pictureUrls.append(
            u"/api/v1/media/pic-%1-%2-e1ea32968eb094232f74b712017e5d11.jpg"_s.arg(id).arg(i));
    const int likes = int(id % 21);
    for (int i = 0; i < likes; ++i)
        p.likes.append(Like{id * 100 + i, id, p.createtime + i, user(10001 + i)});
    p.likeCount = likes;
    for (int i = 0; i < 3; ++i)
        p.comments.append(comment(id, id * 10 + i, 0, 0, i + 1, 0));
    p.commentCount = 3 + id % 7;
    return p;
}

// Waits (running the event loop) for the answer to `id`; false on `failed` or timeout.
bool await(Cache &cache, quint64 id)
{
    QEventLoop loop;
    bool ok = false;
    bool finished = false;
    auto finish = [&](quint64 got, bool success) {
        if (got != id)
            return;
        ok = success;
        finished = true;
        loop.quit();
    };
    QObject ctx;
    QObject::connect(&cache, &Cache::done, &ctx, [&](quint64 got) { finish(got, true); });
    QObject::connect(&cache, &Cache::timelineLoaded, &ctx,
                     [&](quint64 got, const TimelinePage &) { finish(got, true); });
    QObject::connect(&cache, &Cache::failed, &ctx, [&](quint64 got, const QString &error) {
        if (got == id)
            std::fprintf(stderr, "request failed: %s\n", qPrintable(error));
        finish(got, false);
    });
    QTimer::singleShot(120'000, &loop, &QEventLoop::quit);
    if (!finished)
        loop.exec();
    return ok;
}

bool openCache(Cache &cache, const QString &path, bool *recovered = nullptr)
{
    QEventLoop loop;
    bool ok = false;
    QObject ctx;
    QObject::connect(&cache, &Cache::opened, &ctx,
                     [&](bool success, const QString &error, bool wasRecovered) {
                         ok = success;
                         if (!success)
                             std::fprintf(stderr, "open failed: %s\n", qPrintable(error));
                         if (recovered)
                             *recovered = wasRecovered;
                         loop.quit();
                     });
    cache.open(path);
    loop.exec();
    return ok;
}

double median(QList<double> v)
{
    std::sort(v.begin(), v.end());
    const qsizetype n = v.size();
    return n % 2 ? v.at(n / 2) : (v.at(n / 2 - 1) + v.at(n / 2)) / 2;
}

struct Row
{
    QString name;
    QList<double> samples;
    QString unit;
    QString target;
    std::optional<bool> met;
};

void check(int rc, sqlite3 *db, const char *what)
{
    if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW) {
        std::fprintf(stderr, "sqlite3 %s: %s\n", what, sqlite3_errmsg(db));
        std::exit(2);
    }
}

// The baseline: a plain sqlite3 loop with the cache's schema and pragmas, the same rows (blobs
// encoded beforehand, outside the timing), one transaction per post as the cache does.
double rawInsert(const QString &path, const QList<QList<Comment>> &posts,
                 const QList<QList<QByteArray>> &blobs)
{
    sqlite3 *db = nullptr;
    check(sqlite3_open(path.toUtf8().constData(), &db), db, "open");
    check(registerCacheFunctions(db), db, "functions"); // the search index's triggers call them
    check(sqlite3_exec(db, "PRAGMA journal_mode = WAL", nullptr, nullptr, nullptr), db, "wal");
    check(sqlite3_exec(db, "PRAGMA synchronous = NORMAL", nullptr, nullptr, nullptr), db, "sync");
    check(sqlite3_exec(db, "PRAGMA temp_store = MEMORY", nullptr, nullptr, nullptr), db, "temp");
    for (const auto &step : cacheschema::kMigrations)
        for (const char *sql : step)
            check(sqlite3_exec(db, sql, nullptr, nullptr, nullptr), db, "schema");

    QElapsedTimer timer;
    timer.start();
    sqlite3_stmt *ins = nullptr;
    check(sqlite3_prepare_v2(db,
                             "INSERT INTO comments (id, post_id, root_id, parent_id, floor, seq,"
                             " createtime, data) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                             -1, &ins, nullptr),
          db, "prepare");
    for (qsizetype p = 0; p < posts.size(); ++p) {
        check(sqlite3_exec(db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), db, "begin");
        const QList<Comment> &comments = posts.at(p);
        for (qsizetype i = 0; i < comments.size(); ++i) {
            const Comment &c = comments.at(i);
            const QByteArray &blob = blobs.at(p).at(i);
            sqlite3_bind_int64(ins, 1, c.id);
            sqlite3_bind_int64(ins, 2, c.postId);
            sqlite3_bind_int64(ins, 3, c.rootId);
            sqlite3_bind_int64(ins, 4, c.parentId);
            sqlite3_bind_int64(ins, 5, c.floor);
            sqlite3_bind_int64(ins, 6, c.seq);
            sqlite3_bind_int64(ins, 7, c.createtime);
            sqlite3_bind_blob(ins, 8, blob.constData(), int(blob.size()), SQLITE_STATIC);
            check(sqlite3_step(ins), db, "step");
            sqlite3_reset(ins);
        }
        check(sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr), db, "commit");
    }
    sqlite3_finalize(ins);
    const double ms = timer.nsecsElapsed() / 1e6;
    sqlite3_close(db);
    return ms;
}

double cacheInsert(const QString &path, const QList<QList<Comment>> &posts)
{
    Cache cache;
    if (!openCache(cache, path))
        std::exit(2);
    QElapsedTimer timer;
    timer.start();
    quint64 last = 0;
    for (const QList<Comment> &comments : posts)
        last = cache.saveComments(comments.first().postId, comments);
    if (!await(cache, last))
        std::exit(2);
    return timer.nsecsElapsed() / 1e6;
}

void removeDb(const QString &path)
{
    for (const char *suffix : {"", "-wal", "-shm"})
        QFile::remove(path + QLatin1StringView(suffix));
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QLoggingCategory::setFilterRules(u"threadline.cache.debug=false"_s);
    QCommandLineParser parser;
    parser.setApplicationDescription(u"Client cache benchmarks"_s);
    parser.addHelpOption();
    parser.addOption({u"runs"_s, u"Runs per case (at least 7)."_s, u"n"_s, u"9"_s});
    parser.addOption({u"rows"_s, u"Comments in the bulk case."_s, u"n"_s, u"20000"_s});
    parser.addOption(
        {u"dir"_s, u"Directory for the files (default: a temporary one)."_s, u"dir"_s});
    parser.addOption({u"strict"_s, u"Exit 1 when a target is missed."_s});
    parser.process(app);
    const int runs = std::max(7, parser.value(u"runs"_s).toInt());
    const int rows = std::max(1000, parser.value(u"rows"_s).toInt() / 1000 * 1000);
    QTemporaryDir tmp;
    const QString dir = parser.isSet(u"dir"_s) ? parser.value(u"dir"_s) : tmp.path();

    const QString loadBefore = loadAverage();
    std::printf("bench_cache: %d runs per case, medians; SQLite %s; Qt %s; %d cores; dir %s\n",
                runs, sqlite3_libversion(), qVersion(), QThread::idealThreadCount(),
                qPrintable(dir));
    std::printf("load average (1/5/15 min) at start: %s\n\n", qPrintable(loadBefore));
    std::fflush(stdout);

    QList<Row> table;

    // 1. One page of 200 floors with 1,000 replies.
    {
        Row row{u"write one page: 200 floors + 1,000 replies (saveComments → done)"_s,
                {},
                u"ms"_s,
                u"≤ 20 ms"_s,
                {}};
        Cache cache;
        if (!openCache(cache, dir + u"/page.sqlite"_s))
            return 2;
        for (int run = -1; run < runs; ++run) { // run -1 warms up
            const qint64 postId = 1000 + run + 1;
            const QList<Comment> page = floorPage(postId, postId * 10'000, 200, 1000);
            QElapsedTimer timer;
            timer.start();
            if (!await(cache, cache.saveComments(postId, page)))
                return 2;
            if (run >= 0)
                row.samples.append(timer.nsecsElapsed() / 1e6);
        }
        row.met = median(row.samples) <= 20.0;
        table.append(row);
    }

    // 2. Bulk throughput, cache vs. plain sqlite3, alternating which goes first.
    {
        const int perPost = 1000;
        QList<QList<Comment>> posts;
        QList<QList<QByteArray>> blobs;
        for (int p = 0; p < rows / perPost; ++p) {
            const qint64 postId = 50'000 + p;
            posts.append(floorPage(postId, postId * 10'000, 100, perPost - 100));
            QList<QByteArray> encoded;
            for (const Comment &c : std::as_const(posts.last()))
                encoded.append(CacheBlob::encode(c));
            blobs.append(encoded);
        }
        Row cacheRow{
            u"bulk insert %1 comments through the cache (1,000 per saveComments)"_s.arg(rows),
            {},
            u"rows/s"_s,
            {},
            {}};
        Row rawRow{
            u"bulk insert %1 comments, plain sqlite3 loop (same schema, pragmas, rows)"_s.arg(rows),
            {},
            u"rows/s"_s,
            {},
            {}};
        QList<double> ratios;
        for (int run = -1; run < runs; ++run) {
            const QString cachePath = dir + u"/bulk-cache.sqlite"_s;
            const QString rawPath = dir + u"/bulk-raw.sqlite"_s;
            removeDb(cachePath);
            removeDb(rawPath);
            double cacheMs = 0;
            double rawMs = 0;
            if (run % 2) {
                cacheMs = cacheInsert(cachePath, posts);
                rawMs = rawInsert(rawPath, posts, blobs);
            } else {
                rawMs = rawInsert(rawPath, posts, blobs);
                cacheMs = cacheInsert(cachePath, posts);
            }
            if (run < 0)
                continue;
            cacheRow.samples.append(rows / (cacheMs / 1000.0));
            rawRow.samples.append(rows / (rawMs / 1000.0));
            ratios.append(rawMs / cacheMs);
        }
        removeDb(dir + u"/bulk-cache.sqlite"_s);
        removeDb(dir + u"/bulk-raw.sqlite"_s);
        table.append(cacheRow);
        table.append(rawRow);
        Row ratio{u"ratio cache / plain sqlite3 (median of per-run ratios)"_s, ratios, u"×"_s,
                  u"≥ 0.5"_s, median(ratios) >= 0.5};
        table.append(ratio);
    }

    // 3. Open a cache of 10,000 posts and load the first timeline page.
    {
        const QString path = dir + u"/big.sqlite"_s;
        removeDb(path);
        {
            Cache cache;
            if (!openCache(cache, path))
                return 2;
            quint64 last = 0;
            for (int page = 0; page < 20; ++page) {
                QList<Post> posts;
                for (int i = 0; i < 500; ++i)
                    posts.append(post(page * 500 + i + 1));
                last = cache.savePosts(posts, u"all"_s, page == 0, u"cursor-%1"_s.arg(page));
            }
            if (!await(cache, last))
                return 2;
            await(cache, cache.close());
        }
        Row openRow{u"open a 10,000-post cache (%1 MiB) + first timeline page (20 posts)"_s.arg(
                        QFileInfo(path).size() / 1048576.0, 0, 'f', 1),
                    {},
                    u"ms"_s,
                    u"≤ 50 ms"_s,
                    {}};
        Row openedRow{
            u"  of which: until `opened` (header/schema checks, pragmas)"_s, {}, u"ms"_s, {}, {}};
        Row checkRow{u"  then, off the first paint: background quick_check until idle"_s,
                     {},
                     u"ms"_s,
                     {},
                     {}};
        for (int run = -1; run < runs; ++run) {
            QElapsedTimer timer;
            timer.start();
            auto cache = std::make_unique<Cache>();
            double openedMs = 0;
            bool recovered = false;
            QObject ctx;
            QObject::connect(cache.get(), &Cache::opened, &ctx, [&](bool, const QString &, bool r) {
                openedMs = timer.nsecsElapsed() / 1e6;
                recovered = r;
            });
            cache->open(path);
            qsizetype loaded = 0;
            QObject::connect(
                cache.get(), &Cache::timelineLoaded, &ctx,
                [&](quint64, const TimelinePage &page) { loaded = page.posts.size(); });
            if (!await(*cache, cache->loadTimeline(u"all"_s, 20)))
                return 2;
            const double ms = timer.nsecsElapsed() / 1e6;
            if (loaded != 20 || recovered) {
                std::fprintf(stderr, "unexpected: %lld posts, recovered %d\n",
                             static_cast<long long>(loaded), int(recovered));
                return 2;
            }
            QElapsedTimer check;
            check.start();
            cache->waitForIdle(120'000);
            if (run >= 0) {
                openRow.samples.append(ms);
                openedRow.samples.append(openedMs);
                checkRow.samples.append(check.nsecsElapsed() / 1e6);
            }
            cache.reset(); // closing is not part of the measurement
        }
        openRow.met = median(openRow.samples) <= 50.0;
        table.append(openRow);
        table.append(openedRow);
        table.append(checkRow);
        removeDb(path);
    }

    std::printf("| case | median | min | max | target | |\n|---|---:|---:|---:|---|---|\n");
    bool allMet = true;
    for (const Row &row : std::as_const(table)) {
        const auto [lo, hi] = std::minmax_element(row.samples.begin(), row.samples.end());
        const bool rate = row.unit == u"rows/s"_s;
        auto fmt = [&](double v) {
            return rate ? QString::number(v, 'f', 0) + u' ' + row.unit
                        : QString::number(v, 'f', 2) + u' ' + row.unit;
        };
        const QString verdict = !row.met ? QString() : *row.met ? u"met"_s : u"MISSED"_s;
        if (row.met && !*row.met)
            allMet = false;
        std::printf("| %s | %s | %s | %s | %s | %s |\n", qPrintable(row.name),
                    qPrintable(fmt(median(row.samples))), qPrintable(fmt(*lo)),
                    qPrintable(fmt(*hi)), qPrintable(row.target), qPrintable(verdict));
    }
    std::printf("\nload average (1/5/15 min) at end: %s\n", qPrintable(loadAverage()));
    return (!allMet && parser.isSet(u"strict"_s)) ? 1 : 0;
}

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// bench_coldstart: the client's cold start measured from outside (docs/performance.md
// "Start-up: cold start and first paint"). It writes a cache of 10,000 posts (Chinese text, emoji,
// picture URLs, likers, inline comments; the cache's own code, as bench_cache does), then starts
// the real client on it offline and the minimal Qt Widgets window (bench/minimalwindow.cpp) in
// turn, --runs times each after one warm-up of each, and for every run takes
//   - the time from just before exec (CLOCK_MONOTONIC, here) to the frame each program reports
//     (app/firstpaint.h: the first frame, and for the client the first frame with the cache's
//     posts), and
//   - the peak RSS of the process (wait4's ru_maxrss, what /usr/bin/time -v reports).
// It prints every run, the medians and the ratios client / minimal window, and the targets:
// the client's posts on screen within 400 ms and within 3× the minimal window's first frame; its
// CPU time until then within 1.5× the minimal window's until its first frame, and its peak RSS
// within 2× the minimal window's.
//
//   bench_coldstart [--runs 11] [--posts 10000] [--app PATH] [--minimal PATH] [--dir DIR]
//                   [--size 1200x800] [--strict]
// The platform is the caller's (QT_QPA_PLATFORM=offscreen, or xvfb-run for xcb):
// bench/bench_coldstart.sh runs both. HOME and the XDG directories are a fresh directory of its
// own, so no settings, keychain or image cache of the caller's are read.
#include "bench_coldstart_posts.h"
#include "cache/cache.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <optional>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char **environ;

using namespace threadline::core;
using namespace Qt::StringLiterals;
using threadline::bench::post;

namespace {

double monotonicMs()
{
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

// Writes `posts` posts into the All timeline of a new cache at `path`.
bool writeCache(const QString &path, int posts)
{
    for (const char *suffix : {"", "-wal", "-shm", ".outbox"})
        QFile::remove(path + QLatin1StringView(suffix));
    Cache cache;
    QEventLoop loop;
    bool ok = false;
    QObject ctx;
    QObject::connect(&cache, &Cache::opened, &ctx, [&](bool success) {
        ok = success;
        loop.quit();
    });
    cache.open(path);
    loop.exec();
    if (!ok)
        return false;
    for (int first = 1, page = 0; first <= posts; first += 500, ++page) {
        QList<Post> list;
        for (int id = first; id < first + 500 && id <= posts; ++id)
            list.append(post(id));
        cache.savePosts(list, u"all"_s, page == 0,
                        first + 500 <= posts ? std::optional(u"cursor-%1"_s.arg(page))
                                             : std::nullopt);
    }
    cache.close();
    return cache.waitForIdle(300'000);
}

struct Run
{
    double firstPaint = -1; // ms from exec to the reported frame
    double firstPosts = -1;
    double cpuPaint = -1; // CPU ms of the process until then
    double cpuPosts = -1;
    long maxRssKiB = 0;
    int status = -1;
};

// Starts `argv` with `env`, reads its stdout for the report lines, waits for it.
Run runOnce(const QStringList &argv, const QStringList &env)
{
    std::vector<QByteArray> argStore, envStore;
    std::vector<char *> args, envp;
    for (const QString &a : argv)
        argStore.push_back(a.toLocal8Bit());
    for (const QString &e : env)
        envStore.push_back(e.toLocal8Bit());
    for (QByteArray &a : argStore)
        args.push_back(a.data());
    args.push_back(nullptr);
    for (QByteArray &e : envStore)
        envp.push_back(e.data());
    envp.push_back(nullptr);

    int out[2];
    if (pipe(out) != 0)
        return {};
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_addclose(&actions, out[0]);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    Run run;
    pid_t pid = 0;
    const double start = monotonicMs();
    const int rc = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    close(out[1]);
    if (rc != 0) {
        std::fprintf(stderr, "cannot start %s: %s\n", args[0], std::strerror(rc));
        close(out[0]);
        return run;
    }
    QByteArray text;
    char buffer[4096];
    for (;;) {
        const ssize_t n = read(out[0], buffer, sizeof buffer);
        if (n > 0)
            text.append(buffer, n);
        else if (n == 0 || errno != EINTR)
            break;
    }
    close(out[0]);
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    run.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    run.maxRssKiB = usage.ru_maxrss;
    for (const QByteArray &line : text.split('\n')) {
        const QList<QByteArray> f = line.split(' ');
        if (f.size() >= 6 && f.at(2) == "monotonic" && f.at(4) == "cpu") {
            const double at = f.at(3).toDouble() - start;
            if (f.at(0) == "first-paint") {
                run.firstPaint = at;
                run.cpuPaint = f.at(5).toDouble();
            } else if (f.at(0) == "first-posts") {
                run.firstPosts = at;
                run.cpuPosts = f.at(5).toDouble();
            }
        }
    }
    return run;
}

double median(std::vector<double> v)
{
    if (v.empty())
        return -1;
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

QString loadAverage()
{
    QFile f(u"/proc/loadavg"_s);
    return f.open(QIODevice::ReadOnly) ? QString::fromLatin1(f.readAll()).section(u' ', 0, 2)
                                       : u"n/a"_s;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(u"Cold start of the client against a minimal window"_s);
    parser.addHelpOption();
    parser.addOption({u"runs"_s, u"Runs of each program (after one warm-up)."_s, u"n"_s, u"11"_s});
    parser.addOption({u"posts"_s, u"Posts in the cache."_s, u"n"_s, u"10000"_s});
    parser.addOption({u"app"_s, u"The client (default: ../app/threadline)."_s, u"path"_s});
    parser.addOption({u"baseline"_s,
                      u"Another build of the client (before a change), run in every round too."_s,
                      u"path"_s});
    parser.addOption(
        {u"minimal"_s, u"The minimal window (default: ./minimalwindow)."_s, u"path"_s});
    parser.addOption(
        {u"dir"_s, u"Directory for HOME and the cache (default: temporary)."_s, u"dir"_s});
    parser.addOption({u"size"_s, u"The windows' size."_s, u"WxH"_s, u"1200x800"_s});
    parser.addOption({u"strict"_s, u"Exit 1 when a target is missed."_s});
    parser.addOption({u"write-cache"_s, u"Only write the cache FILE, then exit."_s, u"file"_s});
    parser.process(app);
    const int runs = std::max(1, parser.value(u"runs"_s).toInt());
    const int posts = std::max(20, parser.value(u"posts"_s).toInt());
    if (parser.isSet(u"write-cache"_s))
        return writeCache(parser.value(u"write-cache"_s), posts) ? 0 : 2;
    const QString here = QCoreApplication::applicationDirPath();
    const QString client = parser.isSet(u"app"_s)
                               ? parser.value(u"app"_s)
                               : QDir(here).absoluteFilePath(u"../app/threadline"_s);
    const QString minimal = parser.isSet(u"minimal"_s)
                                ? parser.value(u"minimal"_s)
                                : QDir(here).absoluteFilePath(u"minimalwindow"_s);
    QTemporaryDir tmp;
    const QString dir = parser.isSet(u"dir"_s) ? parser.value(u"dir"_s) : tmp.path();
    QDir().mkpath(dir);
    const QString home = dir + u"/home"_s;
    QDir(home).removeRecursively();
    for (const char *sub : {"/.config", "/.cache", "/.local/share", "/runtime"})
        QDir().mkpath(home + QLatin1StringView(sub));
    QFile::setPermissions(home + u"/runtime"_s,
                          QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);

    const QString cachePath = dir + u"/coldstart-%1.sqlite"_s.arg(posts);
    std::printf("bench_coldstart: %d posts, %d runs each (+1 warm-up), platform %s, load %s\n",
                posts, runs, qPrintable(qEnvironmentVariable("QT_QPA_PLATFORM", u"(default)"_s)),
                qPrintable(loadAverage()));
    std::fflush(stdout);
    // Written by a child process: the peak RSS of a child started with posix_spawn (vfork)
    // counts the parent's peak too, so this process stays small.
    if (runOnce({QCoreApplication::applicationFilePath(), u"--write-cache"_s, cachePath,
                 u"--posts"_s, QString::number(posts)},
                QProcessEnvironment::systemEnvironment().toStringList())
            .status != 0) {
        std::fprintf(stderr, "could not write the cache %s\n", qPrintable(cachePath));
        return 2;
    }
    std::printf("cache: %s, %.1f MiB\n", qPrintable(cachePath),
                QFileInfo(cachePath).size() / 1048576.0);

    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    e.insert(u"HOME"_s, home);
    e.insert(u"XDG_CONFIG_HOME"_s, home + u"/.config"_s);
    e.insert(u"XDG_CACHE_HOME"_s, home + u"/.cache"_s);
    e.insert(u"XDG_DATA_HOME"_s, home + u"/.local/share"_s);
    e.insert(u"XDG_RUNTIME_DIR"_s, home + u"/runtime"_s);
    e.remove(u"DBUS_SESSION_BUS_ADDRESS"_s); // no keychain of the caller's: none is needed
    e.remove(u"THREADLINE_FIRST_PAINT"_s);
    const QStringList env = e.toStringList();
    const QString size = parser.value(u"size"_s);
    const QStringList clientArgs{
        client,      u"--offline"_s, u"--cache"_s,       cachePath,
        u"--size"_s, size,           u"--first-paint"_s, u"--quit-after-first-paint"_s};
    const QStringList minimalArgs{minimal, u"--size"_s, size};
    QStringList baselineArgs = clientArgs;
    baselineArgs[0] = parser.value(u"baseline"_s);
    const bool withBaseline = parser.isSet(u"baseline"_s);
    std::vector<double> beforeFrame, beforePosts, beforeRss, beforeCpu;

    std::vector<double> clientFrame, clientPosts, minimalFrame, clientRss, minimalRss, clientCpu,
        minimalCpu;
    std::printf("\n| run | client: first frame | client: posts painted | client peak RSS | "
                "minimal: first frame | minimal peak RSS |\n|---|---:|---:|---:|---:|---:|\n");
    for (int r = -1; r < runs; ++r) { // run -1 warms up (the files into the page cache)
        if (withBaseline) {
            const Run b = runOnce(baselineArgs, env);
            if (b.status != 0 || b.firstPosts < 0) {
                std::fprintf(stderr, "run %d of the baseline failed: status %d\n", r, b.status);
                return 2;
            }
            std::printf("| %s (baseline) | %.1f ms | %.1f ms (cpu %.1f ms) | %.1f MiB | | |\n",
                        r < 0 ? "warm-up" : qPrintable(QString::number(r + 1)), b.firstPaint,
                        b.firstPosts, b.cpuPosts, b.maxRssKiB / 1024.0);
            if (r >= 0) {
                beforeFrame.push_back(b.firstPaint);
                beforePosts.push_back(b.firstPosts);
                beforeRss.push_back(b.maxRssKiB / 1024.0);
                beforeCpu.push_back(b.cpuPosts);
            }
        }
        const Run c = runOnce(clientArgs, env);
        const Run m = runOnce(minimalArgs, env);
        if (c.status != 0 || c.firstPosts < 0 || m.status != 0 || m.firstPaint < 0) {
            std::fprintf(stderr,
                         "run %d failed: client status %d (frame %.1f, posts %.1f), "
                         "minimal status %d (frame %.1f)\n",
                         r, c.status, c.firstPaint, c.firstPosts, m.status, m.firstPaint);
            return 2;
        }
        std::printf("| %s | %.1f ms | %.1f ms (cpu %.1f ms) | %.1f MiB | %.1f ms (cpu %.1f ms) | "
                    "%.1f MiB |\n",
                    r < 0 ? "warm-up" : qPrintable(QString::number(r + 1)), c.firstPaint,
                    c.firstPosts, c.cpuPosts, c.maxRssKiB / 1024.0, m.firstPaint, m.cpuPaint,
                    m.maxRssKiB / 1024.0);
        std::fflush(stdout);
        if (r < 0)
            continue;
        clientFrame.push_back(c.firstPaint);
        clientPosts.push_back(c.firstPosts);
        clientRss.push_back(c.maxRssKiB / 1024.0);
        minimalFrame.push_back(m.firstPaint);
        minimalRss.push_back(m.maxRssKiB / 1024.0);
        clientCpu.push_back(c.cpuPosts);
        minimalCpu.push_back(m.cpuPaint);
    }
    const double frame = median(clientFrame), shown = median(clientPosts),
                 base = median(minimalFrame);
    const bool withinTime = shown <= 400.0, withinRatio = shown <= 3.0 * base;
    std::printf("\nmedians of %d runs (load %s at the end):\n", runs, qPrintable(loadAverage()));
    std::printf("| figure | median | target |\n|---|---:|---|\n");
    std::printf("| minimal window: first frame | %.1f ms | |\n", base);
    if (withBaseline) {
        std::printf("| baseline client: first frame | %.1f ms (%.2f×) | |\n", median(beforeFrame),
                    median(beforeFrame) / base);
        std::printf("| baseline client: posts painted | %.1f ms (%.2f×) | |\n", median(beforePosts),
                    median(beforePosts) / base);
        std::printf("| baseline client: CPU until the posts are painted | %.1f ms (%.2f×) | |\n",
                    median(beforeCpu), median(beforeCpu) / median(minimalCpu));
        std::printf("| baseline client: peak RSS | %.1f MiB | |\n", median(beforeRss));
    }
    std::printf("| client: first frame | %.1f ms (%.2f×) | |\n", frame, frame / base);
    std::printf("| client: the cache's posts painted | %.1f ms | ≤ 400 ms — %s |\n", shown,
                withinTime ? "met" : "MISSED");
    std::printf("| ratio client posts / minimal frame | %.2f× | ≤ 3× — %s |\n", shown / base,
                withinRatio ? "met" : "MISSED");
    // by CPU time (every thread, user + system): what waiting for a core does not inflate
    const double cpuRatio = median(clientCpu) / median(minimalCpu);
    const double rssRatio = median(clientRss) / median(minimalRss);
    const bool withinCpu = cpuRatio <= 1.5, withinRss = rssRatio <= 2.0;
    std::printf("| CPU until painted: client's posts / minimal window's frame | %.1f ms / %.1f ms "
                "(%.2f×) | ≤ 1.5× — %s |\n",
                median(clientCpu), median(minimalCpu), cpuRatio, withinCpu ? "met" : "MISSED");
    std::printf("| peak RSS: client / minimal window | %.1f MiB / %.1f MiB (%.2f×) | ≤ 2× — %s |\n",
                median(clientRss), median(minimalRss), rssRatio, withinRss ? "met" : "MISSED");
    return (parser.isSet(u"strict"_s) && !(withinTime && withinRatio && withinCpu && withinRss))
               ? 1
               : 0;
}

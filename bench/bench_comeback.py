#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Threadline authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""bench_comeback: the client coming back after a week (docs/performance.md, "Coming back").

The real server (a SQLite file of its own, --demo) and the real client:
  1. the client signs in as zhangsan, syncs and quits once current: its cache, cursor and token
     (keyring) are kept as a snapshot of its HOME;
  2. through the server, CHANGES changes by the demo's people: new posts, comments (and
     replies) on the posts in that cache, likes on posts and comments, hides by the moderator
     and deletions by their authors;
  3. per round, the snapshot is put back and the client started online: it paints its cached
     posts, catches up with /sync and shows the server's first page. Measured: the cached posts'
     frame (wall and CPU, against the same client started offline on the same snapshot in the
     same round: a cold start), when every open view is current, the peak RSS (wait4) and the
     GUI thread's event-loop latency (THREADLINE_LOOP_PROBE=1, core/looplatency.h);
  4. the same after 30 days away: the server restarted with --changelog-days 0, so the stored
     cursor is refused with 410 and the client starts over from the lists.

  bench/bench_comeback.py [--build build] [--rounds 3] [--changes 20000] [--no-expired]

Runs itself inside a private D-Bus session with an unlocked keyring and a temporary HOME
(as scripts/test.sh does); QT_QPA_PLATFORM defaults to offscreen.
"""
import argparse
import http.client
import json
import os
import random
import re
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

TARGET_CURRENT_MS = 5000
TARGET_RSS_MB = 150
TARGET_STALL_MS = 50
USERS = ["zhangsan", "lisi", "wangwu", "mazi", "tingtamen", "qianqi", "maliu"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, build, db, port, extra=()):
        self.proc = subprocess.Popen(
            [os.path.join(build, "server/threadline-server"), "--listen", f"127.0.0.1:{port}",
             "--db", f"sqlite:{db}", "--demo", "--rate-limits", "off", *extra],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.proc.stdout.readline()
        if "listening" not in line:
            raise SystemExit(f"server did not start: {line!r}")
        self.port = port

    def stop(self):
        self.proc.terminate()
        self.proc.wait(30)


class Api:
    """One keep-alive connection, one signed-in user."""

    def __init__(self, port, user):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.token = None
        body = self.call("POST", "/auth/login", {"username": user, "password": "demo"})
        self.token = body["token"]
        self.uid = body["user"]["uid"]

    def call(self, method, path, body=None, ok=(200, 201, 204)):
        headers = {"Content-Type": "application/json"}
        if self.token:
            headers["Authorization"] = "Bearer " + self.token
        data = json.dumps(body).encode() if body is not None else None
        self.conn.request(method, "/api/v1" + path, body=data, headers=headers)
        r = self.conn.getresponse()
        raw = r.read()
        if r.status not in ok:
            return None
        return json.loads(raw) if raw else {}


def make_changes(port, cached_posts, total, seed=20261205):
    """total changes through the server; returns the count of each kind."""
    rnd = random.Random(seed)
    n_posts, n_comments = total * 15 // 100, total * 45 // 100
    n_likes, n_hides = total * 30 // 100, total * 5 // 100
    n_deletes = total - n_posts - n_comments - n_likes - n_hides
    counts = dict(posts=0, comments=0, likes=0, hides=0, deletes=0)
    new_posts = []  # (id, author)
    comments = []  # (id, postId, author)
    lock = threading.Lock()

    def worker(jobs):
        for job in jobs:
            job()

    def post_job(user, i):
        def run():
            p = apis_t()[user].call("POST", "/posts", {
                "category": "TEXT", "content": f"回来看看 {i} 😀 一周后的新帖子 #comeback",
                "pictureUrls": [], "device": "bench", "geo": None})
            if p:
                with lock:
                    new_posts.append((p["id"], user))
                    counts["posts"] += 1
        return run

    # one connection per thread and user
    local = threading.local()

    def apis_t():
        if not hasattr(local, "apis"):
            local.apis = {u: Api(port, u) for u in USERS + ["moderator"]}
        return local.apis

    def run_parallel(jobs, threads=3):
        chunks = [jobs[i::threads] for i in range(threads)]
        ts = [threading.Thread(target=worker, args=(c,)) for c in chunks]
        for t in ts:
            t.start()
        for t in ts:
            t.join()

    run_parallel([post_job(rnd.choice(USERS), i) for i in range(n_posts)])

    def comment_job(user, post_id, i):
        def run():
            parent = None
            with lock:
                mine = [c for c in comments[-50:] if c[1] == post_id]
            if mine and rnd.random() < 0.4:
                parent = rnd.choice(mine)[0]
            body = {"content": f"第 {i} 条评论 👍"}
            if parent:
                body["parentId"] = parent
            c = apis_t()[user].call("POST", f"/posts/{post_id}/comments", body)
            if c:
                with lock:
                    comments.append((c["id"], post_id, user))
                    counts["comments"] += 1
        return run

    run_parallel([comment_job(rnd.choice(USERS), rnd.choice(cached_posts), i)
                  for i in range(n_comments)])

    liked = set()
    like_jobs = []
    while len(like_jobs) < n_likes:
        user = rnd.choice(USERS)
        if rnd.random() < 0.3:
            target = ("posts", rnd.choice(cached_posts + [p for p, _ in new_posts[:2000]]))
        else:
            target = ("comments", rnd.choice(comments)[0])
        if (user, target) in liked:
            continue
        liked.add((user, target))

        def like(user=user, target=target):
            if apis_t()[user].call("PUT", f"/{target[0]}/{target[1]}/like") is not None:
                with lock:
                    counts["likes"] += 1
        like_jobs.append(like)
    run_parallel(like_jobs)

    rnd.shuffle(comments)
    hide_targets = comments[:n_hides - n_hides // 10]
    hide_posts = new_posts[:n_hides // 10]

    def hide(kind, ident):
        def run():
            if apis_t()["moderator"].call("POST", f"/moderation/{kind}/{ident}/hide",
                                          {"reason": "bench"}) is not None:
                with lock:
                    counts["hides"] += 1
        return run
    run_parallel([hide("comments", c[0]) for c in hide_targets] +
                 [hide("posts", p[0]) for p in hide_posts])

    rest = comments[n_hides:]
    del_comments = rest[:n_deletes - n_deletes // 10]
    del_posts = new_posts[n_hides // 10:n_hides // 10 + n_deletes // 10]

    def delete(kind, ident, user):
        def run():
            if apis_t()[user].call("DELETE", f"/{kind}/{ident}", ok=(204, 200, 404)) is not None:
                with lock:
                    counts["deletes"] += 1
        return run
    run_parallel([delete("comments", c[0], c[2]) for c in del_comments] +
                 [delete("posts", p[0], p[1]) for p in del_posts])
    return counts


def spawn(cmd, env, timeout=90, stderr=None):
    """Runs cmd; returns (stdout lines, the monotonic time just before exec, rusage, exit)."""
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE,
                            stderr=stderr if stderr else subprocess.DEVNULL, text=True)
    lines = []
    timer = threading.Timer(timeout, proc.kill)
    timer.start()
    for line in proc.stdout:
        lines.append(line.rstrip("\n"))
    _, status, usage = os.wait4(proc.pid, 0)
    timer.cancel()
    proc.returncode = os.waitstatus_to_exitcode(status)
    return lines, t0, usage, proc.returncode


def parse(lines, t0_monotonic):
    out = {}
    for line in lines:
        m = re.match(r"first-posts [\d.-]+ monotonic ([\d.]+) cpu ([\d.]+)", line)
        if m:
            out["posts_ms"] = float(m.group(1)) - t0_monotonic * 1e3
            out["posts_cpu"] = float(m.group(2))
        m = re.match(r"current ([\d.]+) ms after start, (\d+) changes applied in (\d+) batches, "
                     r"all-newest (\d+)", line)
        if m:
            out["current_ms"] = float(m.group(1))
            out["changes"] = int(m.group(2))
            out["pages"] = int(m.group(3))
            out["newest"] = int(m.group(4))
        m = re.match(r"loop-latency ticks (\d+) p50 ([\d.]+) p99 ([\d.]+) max ([\d.]+) "
                     r"over16 (\d+) over50 (\d+) worst (.*)", line)
        if m:
            out["ticks"] = int(m.group(1))
            out["p50"], out["p99"], out["max"] = map(float, m.group(2, 3, 4))
            out["over50"] = int(m.group(6))
            out["worst"] = m.group(7)
            # the longest stall in which the GUI thread itself ran half the time or more (not
            # a wait for a core on a loaded machine)
            busy = [float(l) for l, c in re.findall(r"([\d.]+)@[\d.]+/cpu([\d.]+)", m.group(7))
                    if float(c) >= 0.5 * float(l)]
            out["busy"] = max(busy, default=0.0)
        if line.startswith("cursor-expired"):
            out["expired"] = True
    return out


def restore(snapshot, home):
    shutil.rmtree(home, ignore_errors=True)
    shutil.copytree(snapshot, home, symlinks=True)


def inner(args):
    build = os.path.abspath(args.build)
    app = os.path.join(build, "app/threadline")
    work = tempfile.mkdtemp(prefix="threadline-comeback.")
    home = os.path.join(work, "home")
    snapshot = os.path.join(work, "snapshot")
    env = dict(os.environ, HOME=home, XDG_DATA_HOME=home + "/.local/share",
               XDG_CONFIG_HOME=home + "/.config", XDG_CACHE_HOME=home + "/.cache",
               QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"),
               THREADLINE_LOOP_PROBE="1", THREADLINE_QUIT_WHEN_CURRENT="1")
    for d in (".local/share", ".config", ".cache"):
        os.makedirs(os.path.join(home, d), exist_ok=True)
    port = free_port()
    db = os.path.join(work, "server.db")
    url = f"http://127.0.0.1:{port}"
    server = Server(build, db, port)
    try:
        # 1. a client's cache, cursor and token
        lines, t0, usage, rc = spawn([app, "--server", url, "--user", "zhangsan", "--password",
                                      "demo", "--size", "1200x800"], env)
        first = parse(lines, t0)
        if "current_ms" not in first:
            raise SystemExit("the first run never became current:\n" + "\n".join(lines))
        zs = Api(port, "zhangsan")
        page = zs.call("GET", "/timeline?scope=all&limit=20")
        cached = [p["id"] for p in page["items"]]
        time.sleep(0.5)  # the client's process is gone: its files are closed
        shutil.copytree(home, snapshot, symlinks=True)
        print(f"cache of {len(cached)} posts on the first page, cursor kept "
              f"(first run current after {first['current_ms']:.0f} ms)")

        # 2. the world moves on
        t = time.monotonic()
        counts = make_changes(port, cached, args.changes)
        print(f"{sum(counts.values())} changes in {time.monotonic() - t:.0f} s: "
              + ", ".join(f"{v} {k}" for k, v in counts.items()))
        newest = zs.call("GET", "/timeline?scope=all&limit=1")["items"][0]["id"]

        scenarios = [("a week away", [])]
        if not args.no_expired:
            scenarios.append(("30 days away (410)", ["--changelog-days", "0"]))
        for name, extra in scenarios:
            if extra:
                server.stop()
                server = Server(build, db, port, extra)
            rows = []
            for r in range(args.rounds):
                restore(snapshot, home)
                cold_lines, c0, cold_usage, _ = spawn(
                    [app, "--offline", "--first-paint", "--quit-after-first-paint",
                     "--size", "1200x800"], dict(env, THREADLINE_LOOP_PROBE="0"))
                cold = parse(cold_lines, c0)
                restore(snapshot, home)
                trace = None
                if args.trace and r == 0:
                    trace = open(os.path.join(work, f"trace-{len(rows)}-{name[:6]}.txt"), "w")
                wrap = args.wrap.split() if args.wrap and r == 0 else []
                lines, t0, usage, rc = spawn(wrap + [app, "--server", url, "--user", "zhangsan",
                                                     "--first-paint", "--size", "1200x800"],
                                             dict(env, THREADLINE_STARTUP_TRACE="1") if trace
                                             else env, stderr=trace)
                if trace:
                    trace.close()
                    print("  the start-up's steps (THREADLINE_STARTUP_TRACE):")
                    with open(trace.name) as f:
                        for t in f:
                            if t.startswith("startup"):
                                print("    " + t.rstrip())
                m = parse(lines, t0)
                m["rss"] = usage.ru_maxrss / 1024.0
                m["cold_ms"] = cold.get("posts_ms", float("nan"))
                m["cold_cpu"] = cold.get("posts_cpu", float("nan"))
                m["current_ok"] = m.get("newest") == newest
                if "current_ms" not in m:
                    print("  round never became current; its output:\n    " +
                          "\n    ".join(lines[-20:]))
                    m.setdefault("current_ms", float("inf"))
                rows.append(m)
                print(f"  round {r + 1}: cached posts painted {m.get('posts_ms', 0):.0f} ms "
                      f"(cpu {m.get('posts_cpu', 0):.0f}), cold start {m['cold_ms']:.0f} ms "
                      f"(cpu {m['cold_cpu']:.0f}); current {m['current_ms']:.0f} ms "
                      f"({m.get('changes', 0)} records in {m.get('pages', 0)} batches, newest "
                      f"{'ok' if m['current_ok'] else 'WRONG'}); RSS {m['rss']:.1f} MB; loop "
                      f"p50 {m.get('p50', 0)} p99 {m.get('p99', 0)} max {m.get('max', 0)} ms "
                      f"(worst {m.get('worst', '-')})"
                      + ("; 410 met" if m.get("expired") else ""))
            med = lambda k: statistics.median(x.get(k, float("nan")) for x in rows)
            print(f"== {name}: medians of {len(rows)} rounds (load {os.getloadavg()[0]:.1f})")
            print(f"  cached posts painted   {med('posts_ms'):7.1f} ms, cpu {med('posts_cpu'):.1f}"
                  f" ms; cold start {med('cold_ms'):.1f} ms, cpu {med('cold_cpu'):.1f} ms: "
                  f"{med('posts_cpu') / med('cold_cpu'):.2f}x by CPU, "
                  f"{med('posts_ms') / med('cold_ms'):.2f}x by wall")
            worst_current = max(x["current_ms"] for x in rows)
            print(f"  every open view current {med('current_ms'):7.1f} ms (max {worst_current:.0f})"
                  f"   target <= {TARGET_CURRENT_MS} ms: "
                  f"{'met' if worst_current <= TARGET_CURRENT_MS and all(x['current_ok'] for x in rows) else 'MISSED'}")
            worst_rss = max(x["rss"] for x in rows)
            print(f"  peak RSS               {med('rss'):7.1f} MB (max {worst_rss:.1f})"
                  f"   target <= {TARGET_RSS_MB} MB: "
                  f"{'met' if worst_rss <= TARGET_RSS_MB else 'MISSED'}")
            worst_stall = max(x.get("max", float("inf")) for x in rows)
            print(f"  GUI thread: p99 {med('p99'):.1f} ms, longest stall {med('max'):.1f} ms "
                  f"(max {worst_stall:.1f})   target <= {TARGET_STALL_MS} ms: "
                  f"{'met' if worst_stall <= TARGET_STALL_MS else 'MISSED'}; the longest "
                  f"in which the thread itself ran half the time or more: "
                  f"{max(x.get('busy', 0) for x in rows):.1f} ms")
    finally:
        server.stop()
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
        else:
            print("kept", work)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.environ.get("BUILD_DIR", "build"))
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--changes", type=int, default=20000)
    ap.add_argument("--no-expired", action="store_true", help="skip the 410 scenario")
    ap.add_argument("--keep", action="store_true", help="keep the temporary directory")
    ap.add_argument("--wrap", help="a command the first round's client runs under, e.g. "
                    "'valgrind --tool=callgrind --separate-threads=yes'")
    ap.add_argument("--trace", action="store_true",
                    help="print the first round's start-up steps (THREADLINE_STARTUP_TRACE)")
    ap.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.inner:
        inner(args)
        return
    # a private bus and an unlocked keyring, as scripts/test.sh
    home = tempfile.mkdtemp(prefix="threadline-comeback-bus.")
    runtime = os.path.join(home, "runtime")
    os.makedirs(runtime, mode=0o700)
    env = dict(os.environ, HOME=home, XDG_RUNTIME_DIR=runtime)
    env.pop("DBUS_SESSION_BUS_ADDRESS", None)
    env.pop("GNOME_KEYRING_CONTROL", None)
    inner_cmd = ("printf %s pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null; "
                 'exec "$0" "$@"')
    rc = subprocess.call(["dbus-run-session", "--", "sh", "-c", inner_cmd, sys.executable,
                          os.path.abspath(__file__), "--inner", *sys.argv[1:]], env=env)
    shutil.rmtree(home, ignore_errors=True)
    sys.exit(rc)


if __name__ == "__main__":
    main()

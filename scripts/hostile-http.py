#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Threadline authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Probes a threadline-server binary with hostile HTTP and prints the figures of
docs/reliability.md ("Hostile peers and hostile input"): memory, times, what is answered.

    scripts/hostile-http.py BUILD/server/threadline-server [extra server args...]

Starts the binary on 127.0.0.1 with --demo and --rate-limits off on a fresh database in a
temporary directory (removed afterwards), runs each case, stops it. Extra arguments go to the
server (e.g. --idle-timeout 2 --header-timeout 2 for the timeout cases; a server that does not
know them, such as an older build, is run without them). PROBE_NOFILE=1024 runs the
server with that descriptor limit (soft and hard), as many systems start services.
"""
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

MiB = 1024 * 1024


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def cpu_s(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Server:
    def __init__(self, binary, extra, directory):
        self.dir = directory
        args = [binary, "--listen", "127.0.0.1:0", "--db", f"sqlite:{self.dir}/db.db",
                "--media-dir", f"{self.dir}/media", "--demo", "--rate-limits", "off"] + extra
        self.log = open(f"{self.dir}/stderr.log", "wb")
        nofile = int(os.environ.get("PROBE_NOFILE", "0"))

        def limit():
            if nofile:
                import resource
                resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=self.log,
                                     preexec_fn=limit)
        line = self.proc.stdout.readline().decode()
        m = re.search(r"http://127\.0\.0\.1:(\d+)", line)
        if not m:
            raise SystemExit(f"server did not start: {line!r}")
        self.port = int(m.group(1))
        self.pid = self.proc.pid

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def connect(port, timeout=10):
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s


def read_answer(s, head=False):
    """One answer: (status, headers bytes, body) or None on close/timeout."""
    buf = getattr(s, "_buf", b"")
    try:
        while b"\r\n\r\n" not in buf:
            b = s.recv(65536)
            if not b:
                return None
            buf += b
        end = buf.index(b"\r\n\r\n")
        headers = buf[:end]
        m = re.search(rb"(?i)content-length:\s*(\d+)", headers)
        n = 0 if head or not m else int(m.group(1))
        while len(buf) < end + 4 + n:
            b = s.recv(65536)
            if not b:
                return None
            buf += b
    except (socket.timeout, ConnectionError):
        return None
    body = buf[end + 4:end + 4 + n]
    s._buf = buf[end + 4 + n:]
    return int(headers.split(b" ")[1]), headers, body


class Sock(socket.socket):
    pass


def sock(port, timeout=10):
    s = connect(port, timeout)
    w = Sock(fileno=s.detach())
    w.settimeout(timeout)
    w._buf = b""
    return w


def request(port, raw, head=False, timeout=30):
    s = sock(port, timeout)
    s.sendall(raw)
    a = read_answer(s, head)
    s.close()
    return a


def get(path, extra=b""):
    return b"GET " + path + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n" + extra + b"\r\n"


def login_req(user, pw):
    body = json.dumps({"username": user, "password": pw}).encode()
    return (b"POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
            b"\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)


def token(port, user="zhangsan"):
    a = request(port, login_req(user, "demo"))
    return json.loads(a[2])["token"].encode()


class Peak:
    """Samples the server's RSS in a thread until stopped."""

    def __init__(self, pid):
        self.pid, self.peak, self.run = pid, rss_kb(pid), True
        self.base = self.peak
        self.t = threading.Thread(target=self.loop, daemon=True)
        self.t.start()

    def loop(self):
        while self.run:
            try:
                self.peak = max(self.peak, rss_kb(self.pid))
            except OSError:
                return
            time.sleep(0.01)

    def stop(self):
        self.run = False
        self.t.join()
        return self.base // 1024, self.peak // 1024


def health_latency(port):
    t = time.perf_counter()
    a = request(port, get(b"/api/v1/health"), timeout=60)
    return (time.perf_counter() - t) * 1000, a and a[0]


def stream(port, head, total, chunk=b"a" * MiB):
    """Sends head then up to total bytes; returns (bytes sent, answer status or None)."""
    s = sock(port, 2)
    s.sendall(head)
    sent, status = 0, None
    try:
        while sent < total:
            s.sendall(chunk)
            sent += len(chunk)
    except (ConnectionError, socket.timeout, OSError):
        pass
    try:
        s.settimeout(5)
        a = read_answer(s)
        status = a and a[0]
    except OSError:
        pass
    s.close()
    return sent, status


CASES = []


def case(name):
    def register(f):
        CASES.append((name, f))
        return f
    return register


def stream_case(port, pid, head):
    p = Peak(pid)
    res = []
    th = threading.Thread(target=lambda: res.append(stream(port, head, 100 * MiB)))
    th.start()
    time.sleep(0.3)
    h = health_latency(port)
    th.join()
    base, peak = p.stop()
    return base, peak, res[0], h


@case("100 MB header line")
def header100(port, pid):
    base, peak, (sent, status), h = stream_case(
        port, pid, b"GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ")
    return (f"RSS {base} -> {peak} MiB; answer {status} after {sent // MiB} MiB sent; a health "
            f"GET meanwhile {h[0]:.0f} ms")


@case("100 MB body, no token")
def body100(port, pid):
    s = sock(port, 30)
    s.sendall(b"POST /api/v1/media HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/png"
              b"\r\nContent-Length: 104857600\r\n\r\n")
    s.settimeout(1.0)
    early = read_answer(s)
    s.close()
    base, peak, (sent, status), h = stream_case(
        port, pid, b"POST /api/v1/media HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/png"
        b"\r\nContent-Length: 104857600\r\n\r\n")
    return (f"answer within 1 s of the headers: {early and early[0]}; sending the body: RSS "
            f"{base} -> {peak} MiB, answer {status} after {sent // MiB} MiB")


@case("5 parallel 100 MB bodies with a token")
def five(port, pid):
    tok = token(port)
    p = Peak(pid)
    res = []
    head = (b"POST /api/v1/media HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " +
            tok + b"\r\nContent-Type: image/png\r\nContent-Length: 104857600\r\n\r\n")
    ths = [threading.Thread(target=lambda: res.append(stream(port, head, 100 * MiB)))
           for _ in range(5)]
    for th in ths:
        th.start()
    for th in ths:
        th.join()
    base, peak = p.stop()
    return (f"RSS {base} -> {peak} MiB, answers {sorted(str(r[1]) for r in res)} after "
            f"{sorted(r[0] // MiB for r in res)} MiB")


def pipelined(port, pid, path_of, n, seconds=5):
    tok = token(port)
    path = path_of(port, tok)
    p = Peak(pid)
    s = sock(port, 5)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 65536)
    reqs = get(path, b"Authorization: Bearer " + tok + b"\r\n") * n
    s.setblocking(False)
    t0 = time.time()
    off = 0
    while time.time() - t0 < seconds:
        try:
            if off < len(reqs):
                off += s.send(reqs[off:off + MiB])
            else:
                time.sleep(0.05)
        except BlockingIOError:
            time.sleep(0.01)
    base, peak = p.stop()
    s.close()
    return (f"RSS {base} -> {peak} MiB after {seconds} s ({off * 100 // len(reqs)} % of the "
            f"requests sent; the kernel's buffers take the rest of what the server leaves)")


def busy_comments(port, tok):
    best, before = (0, 90012), ""
    for _ in range(10):
        a = request(port, get(b"/api/v1/timeline?scope=all&limit=50" + before.encode(),
                              b"Authorization: Bearer " + tok + b"\r\n"))
        page = json.loads(a[2])
        for p in page["items"]:
            best = max(best, (p["commentCount"], p["id"]))
        if not page["next"]:
            break
        before = "&before=" + page["next"]
    return b"/api/v1/posts/%d/comments?limit=200&replies=20" % best[1]


def biggest_picture(port, tok):
    a = request(port, get(b"/api/v1/posts/90012", b"Authorization: Bearer " + tok + b"\r\n"))
    urls = json.loads(a[2])["pictureUrls"]
    sizes = [(len(request(port, get(u.encode()))[2]), u) for u in urls]
    return max(sizes)[1].encode()


@case("3,000 pipelined comment pages, answers unread")
def comments(port, pid):
    return pipelined(port, pid, busy_comments, 3000)


@case("20,000 pipelined media requests, answers unread")
def media(port, pid):
    return pipelined(port, pid, biggest_picture, 20000)


@case("sign-ins in flight (10 connections, 60 sign-ins) and GETs on another connection")
def logins(port, pid):
    tok = token(port, "lisi")
    left = [60]
    lock = threading.Lock()

    def signer():
        s = sock(port, 60)
        while True:
            with lock:
                if left[0] <= 0:
                    break
                left[0] -= 1
            s.sendall(login_req("qianqi", "demo"))
            read_answer(s)
        s.close()
    ths = [threading.Thread(target=signer) for _ in range(10)]
    for th in ths:
        th.start()
    time.sleep(0.1)
    lat = []
    g = sock(port, 60)
    t0 = time.time()
    while any(th.is_alive() for th in ths):
        t = time.perf_counter()
        g.sendall(get(b"/api/v1/me", b"Authorization: Bearer " + tok + b"\r\n"))
        read_answer(g)
        lat.append((time.perf_counter() - t) * 1000)
        time.sleep(0.005)
    return (f"GET /me median {statistics.median(lat):.1f} ms, max {max(lat):.0f} ms "
            f"({len(lat)} GETs during 60 sign-ins over {time.time() - t0:.1f} s)")


@case("401 time: wrong password vs unknown user")
def timing(port, pid):
    s = sock(port, 30)
    known, unknown = [], []
    for i in range(12):
        for user, acc in (("zhangsan", known), (f"nobody{i}", unknown)):
            t = time.perf_counter()
            s.sendall(login_req(user, "wrong"))
            read_answer(s)
            acc.append((time.perf_counter() - t) * 1000)
    return (f"known user {statistics.median(known):.1f} ms, unknown "
            f"{statistics.median(unknown):.1f} ms (medians of 12)")


@case("lenient HTTP")
def lenient(port, pid):
    h = b"Host: 127.0.0.1\r\n"
    cases = {
        "no Host": b"GET /api/v1/health HTTP/1.1\r\n\r\n",
        "two Content-Lengths": b"POST /api/v1/auth/login HTTP/1.1\r\n" + h +
        b"Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
        "obs-fold": b"GET /api/v1/health HTTP/1.1\r\n" + h + b"X-A: 1\r\n folded\r\n\r\n",
        "HTTP/9.9": b"GET /api/v1/health HTTP/9.9\r\n" + h + b"\r\n",
        "garbage": b"\x16\x03\x01 hello\r\n\r\n",
        "CL+TE": b"POST /api/v1/auth/login HTTP/1.1\r\n" + h +
        b"Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}",
        "bad header name": b"GET /api/v1/health HTTP/1.1\r\n" + h + b"X A: 1\r\n\r\n",
    }
    out = []
    for name, raw in cases.items():
        try:
            a = request(port, raw, timeout=3)
        except OSError:
            a = None
        out.append(f"{name} {a[0] if a else 'no answer'}")
    return ", ".join(out)


@case("idle keep-alive connection")
def idle(port, pid):
    s = sock(port, 1)
    s.sendall(get(b"/api/v1/health"))
    read_answer(s)
    s.settimeout(20)
    t = time.time()
    try:
        closed = s.recv(1) == b""
    except socket.timeout:
        closed = False
    s.close()
    return "closed after %.1f s" % (time.time() - t) if closed else "open after 20 s"


@case("1,000 slow-header connections (a header line every 0.5 s)")
def loris(port, pid):
    socks, failed = [], 0
    for _ in range(1000):
        try:
            s = sock(port, 1)
            s.sendall(b"GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            socks.append(s)
        except OSError:
            failed += 1
    t = time.time()
    while time.time() - t < 15:
        for i, s in enumerate(socks):
            try:
                s.send(b"X-%d: a\r\n" % i)
            except OSError:
                pass
        time.sleep(0.5)
    still = 0
    for s in socks:
        s.setblocking(False)
        try:
            s.recv(65536)  # b"" (closed) or the 408 before the close
        except BlockingIOError:
            still += 1  # nothing: still open
        except OSError:
            pass
        s.close()
    return f"{still} of {len(socks)} still open after 15 s ({failed} could not connect)"


@case("1,100 idle connections")
def fds(port, pid):
    socks, failed = [], 0
    for _ in range(1100):
        try:
            socks.append(sock(port, 2))
        except OSError:
            failed += 1
    c0, t0 = cpu_s(pid), time.time()
    time.sleep(3)
    cpu = (cpu_s(pid) - c0) / (time.time() - t0) * 100
    try:
        s = sock(port, 10)
        s.sendall(get(b"/api/v1/health"))
        a = read_answer(s)
        answer = a[0] if a else "no answer in 10 s"
    except OSError as e:
        answer = repr(e)
    refused = 0
    for s in socks:
        s.setblocking(False)
        try:
            refused += b" 503 " in s.recv(65536)
        except OSError:
            pass
        s.close()
    return (f"{len(socks)} connected ({failed} failed), {refused} answered 503; server CPU "
            f"{cpu:.0f} % over 3 s; one more request: {answer}")


def main():
    binary = sys.argv[1]
    extra = sys.argv[2:]
    if extra:  # options the binary does not know are left out
        helptext = subprocess.run([binary, "--help"], capture_output=True, text=True).stdout
        known, i = [], 0
        while i < len(extra):
            takes = i + 1 < len(extra) and not extra[i + 1].startswith("--")
            if extra[i] in helptext:
                known += extra[i:i + 1 + takes]
            i += 1 + takes
        extra = known
    only = os.environ.get("PROBE_ONLY", "")
    directory = tempfile.mkdtemp(prefix="tl-hostile-")
    try:
        Server(binary, extra, directory).stop()  # seeds the demo world once
        print(f"server {binary} {' '.join(extra)}", flush=True)
        for name, f in CASES:
            if only and only not in name:
                continue
            srv = Server(binary, extra, directory)  # a fresh process for each case
            try:
                print(f"{name}: [RSS {rss_kb(srv.pid) // 1024} MiB at start] "
                      f"{f(srv.port, srv.pid)}", flush=True)
            except Exception as e:  # a case that breaks says so, the others go on
                print(f"{name}: probe failed ({e!r})", flush=True)
            finally:
                srv.stop()
    finally:
        shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    main()

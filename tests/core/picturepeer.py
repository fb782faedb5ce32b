#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Threadline authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""A hostile picture server in front of a real threadline-server: every request is passed on
to the server at UPSTREAM, except pictures (/api/v1/media/...), which are answered 200 with a
body that has no length and never ends (up to 1 GiB each), and the push stream, answered 404
(the client then polls). Prints its port, then one line per picture connection the client
closes: "closed ACTIVE SENT", ACTIVE being the picture connections still open and SENT what
that one was sent.

    picturepeer.py UPSTREAM_PORT
"""
import http.client
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

UPSTREAM = int(sys.argv[1])
CHUNK = b"\xff" * (64 * 1024)
LIMIT = 1 << 30
lock = threading.Lock()
active = 0


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def endless(self):
        global active
        with lock:
            active += 1
        self.close_connection = True
        sent = 0
        try:
            self.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\n"
                             b"Connection: close\r\n\r\n")
            while sent < LIMIT:
                self.wfile.write(CHUNK)
                sent += len(CHUNK)
        except OSError:
            pass
        with lock:
            active -= 1
            print("closed", active, sent, flush=True)

    def relay(self):
        if self.path.startswith("/api/v1/media/"):
            return self.endless()
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        if self.path.startswith("/api/v1/stream"):
            answer, status, headers = b'{"error":{"code":"not_found","message":"no"}}', 404, []
        else:
            up = http.client.HTTPConnection("127.0.0.1", UPSTREAM, timeout=30)
            fwd = {k: v for k, v in self.headers.items()
                   if k.lower() not in ("connection", "keep-alive", "accept-encoding")}
            up.request(self.command, self.path, body=body, headers=fwd)
            r = up.getresponse()
            answer, status = r.read(), r.status
            headers = [(k, v) for k, v in r.getheaders()
                       if k.lower() not in ("connection", "keep-alive", "transfer-encoding",
                                            "content-length")]
            up.close()
        self.send_response(status)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = relay


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()

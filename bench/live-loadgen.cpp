// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// live-loadgen: the push stream's load generator for bench/live-bench.sh (docs/performance.md,
// "The push stream"). One thread, epoll, HTTP/1.1 over plain TCP or TLS (OpenSSL); no Qt.
//
//   live-loadgen --stream-url URL [--stream-url URL…] --tokens FILE [--cafile cert.pem]
//                --streams N [--stream-users U] [--comments 3] [--opening 200]
//                [--rss-pid PID…] [--settle S]
//                [--write-url URL…] [--post ID[,ID…]] [--rate R] [--duration S | --count N]
//                [--writers 8] [--drain S] [--label NAME]
//
// 1. Opens N streams (GET /api/v1/stream?comments=C, `Authorization: Bearer` of the tokens in
//    turn — of the first U only with --stream-users —, the stream URLs in turn), at most --opening
//    of them waiting for their answer at once, and waits for every `hello`. Prints OPEN (how many
//    got 200 + hello, refusals by status, the time it took).
// 2. --rss-pid: VmRSS of those processes (/proc/PID/status) before the streams and --settle
//    seconds after the last hello: RSS lines (growth per stream).
// 3. With --rate: a probe comment on the first --post first (every stream must have it: they all
// listen),
//    then comments written open-loop at --rate per second for --duration seconds (or --count
//    comments) by --writers keep-alive connections on the write URLs in turn (tokens in turn,
//    the posts of --post in turn);
//    then up to --drain seconds for every stream to have every acknowledged comment.
//    Every stream checks its events as it reads them: each event id (a /sync cursor) strictly
//    after the one before it, across reconnects too (a stream that ends reconnects after 0.5 s
//    with its last id as Last-Event-ID, as a client does); each acknowledged comment exactly
//    once. Latency: from the comment's POST leaving this process to its record arriving on a
//    stream, for every (stream, comment). Prints WRITE and DELIVERY (records and events per
//    second, missing (not come by the end of --drain), duplicated, out-of-order ids,
//    reconnects, p50/p90/p99/max).
// Exit 0 when every stream opened and nothing was missing or duplicated, else 1; 2 on bad usage.
#include <openssl/err.h>
#include <openssl/ssl.h>

#include <algorithm>
#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fstream>
#include <map>
#include <memory>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <random>
#include <string>
#include <string_view>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>
#include <unordered_map>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double nowMs()
{
    return std::chrono::duration<double, std::milli>(Clock::now().time_since_epoch()).count();
}

[[noreturn]] void die(const std::string &why)
{
    std::fprintf(stderr, "live-loadgen: %s\n", why.c_str());
    std::exit(2);
}

struct Url
{
    bool tls = false;
    std::string host;
    int port = 0;
};

Url parseUrl(const std::string &u)
{
    Url url;
    std::string rest;
    if (u.rfind("https://", 0) == 0) {
        url.tls = true;
        rest = u.substr(8);
    } else if (u.rfind("http://", 0) == 0) {
        rest = u.substr(7);
    } else {
        die("a URL is http://HOST:PORT or https://HOST:PORT: " + u);
    }
    const size_t colon = rest.find(':');
    if (colon == std::string::npos)
        die("no port in " + u);
    url.host = rest.substr(0, colon);
    url.port = std::atoi(rest.c_str() + colon + 1);
    return url;
}

struct Options
{
    std::vector<Url> streamUrls, writeUrls;
    std::string cafile;
    std::vector<std::string> tokens;
    int streams = 0;
    int streamUsers = 0; // > 0: the streams use only the first N tokens
    int comments = 3;
    int opening = 200;
    std::vector<int> rssPids;
    double settleS = 3;
    std::vector<long long> posts; // --post: one id, or several separated by commas (in turn)
    double rate = 0;
    double durationS = 0;
    long count = 0;
    int writers = 8;
    double drainS = 30;
    double openTimeoutS = 180;
    std::string label = "run";
};

// Latencies in 0.1 ms buckets up to 60 s (the last bucket: longer).
class Histogram
{
public:
    Histogram()
        : m_buckets(600001, 0)
    {
    }
    void add(double ms)
    {
        const long b = std::clamp(long(ms * 10), 0L, long(m_buckets.size()) - 1);
        ++m_buckets[size_t(b)];
        ++m_count;
        m_max = std::max(m_max, ms);
    }
    [[nodiscard]] double percentile(double p) const
    {
        if (m_count == 0)
            return 0;
        const uint64_t want = uint64_t(std::ceil(p / 100.0 * double(m_count)));
        uint64_t seen = 0;
        for (size_t i = 0; i < m_buckets.size(); ++i) {
            seen += m_buckets[i];
            if (seen >= std::max<uint64_t>(want, 1))
                return double(i) / 10.0 + 0.05;
        }
        return m_max;
    }
    [[nodiscard]] uint64_t count() const { return m_count; }
    [[nodiscard]] double max() const { return m_max; }

private:
    std::vector<uint32_t> m_buckets;
    uint64_t m_count = 0;
    double m_max = 0;
};

// ---- a small JSON scanner: the few fields the generator needs, the rest skipped ----------

size_t skipString(std::string_view s, size_t p) // p at the opening quote; returns past the closing
{
    for (++p; p < s.size(); ++p) {
        if (s[p] == '\\')
            ++p;
        else if (s[p] == '"')
            return p + 1;
    }
    return s.size();
}

size_t skipValue(std::string_view s, size_t p)
{
    if (p >= s.size())
        return p;
    if (s[p] == '"')
        return skipString(s, p);
    if (s[p] == '{' || s[p] == '[') {
        int depth = 0;
        while (p < s.size()) {
            const char c = s[p];
            if (c == '"') {
                p = skipString(s, p);
                continue;
            }
            if (c == '{' || c == '[')
                ++depth;
            else if (c == '}' || c == ']') {
                if (--depth == 0)
                    return p + 1;
            }
            ++p;
        }
        return p;
    }
    while (p < s.size() && s[p] != ',' && s[p] != '}' && s[p] != ']')
        ++p;
    return p;
}

// The object at p ('{'): calls f(key, valueStart) for each member; returns past the '}'.
template<typename F> size_t members(std::string_view s, size_t p, F f)
{
    if (p >= s.size() || s[p] != '{')
        return s.size();
    ++p;
    while (p < s.size() && s[p] != '}') {
        if (s[p] == ',' || s[p] == ' ') {
            ++p;
            continue;
        }
        if (s[p] != '"')
            return s.size();
        const size_t keyEnd = skipString(s, p);
        const std::string_view key = s.substr(p + 1, keyEnd - p - 2);
        p = keyEnd;
        if (p < s.size() && s[p] == ':')
            ++p;
        p = f(key, p);
    }
    return p + 1;
}

long long parseInt(std::string_view s, size_t p)
{
    return std::strtoll(std::string(s.substr(p, 24)).c_str(), nullptr, 10);
}

// A /sync cursor's position: (tx, seq) on PostgreSQL, (0, seq) on SQLite; false when not one.
bool cursorPosition(const std::string &id, long long *tx, long long *seq)
{
    std::string b64 = id;
    for (char &c : b64) {
        if (c == '-')
            c = '+';
        else if (c == '_')
            c = '/';
    }
    while (b64.size() % 4)
        b64 += '=';
    std::vector<unsigned char> out(b64.size());
    const int n = EVP_DecodeBlock(out.data(), reinterpret_cast<const unsigned char *>(b64.data()),
                                  int(b64.size()));
    if (n <= 0)
        return false;
    std::string text(reinterpret_cast<char *>(out.data()), size_t(n));
    text.erase(std::find(text.begin(), text.end(), '\0'), text.end());
    std::vector<long long> parts;
    size_t start = 0;
    while (start <= text.size()) {
        const size_t colon = text.find(':', start);
        parts.push_back(std::atoll(text.substr(start, colon - start).c_str()));
        if (colon == std::string::npos)
            break;
        start = colon + 1;
    }
    if (parts.size() == 3) {
        *tx = parts[0];
        *seq = parts[1];
    } else if (parts.size() == 2) {
        *tx = 0;
        *seq = parts[0];
    } else {
        return false;
    }
    return true;
}

// ---- connections --------------------------------------------------------------------------

struct Stream;
struct Writer;

struct Conn
{
    int fd = -1;
    SSL *ssl = nullptr;
    const Url *url = nullptr;
    enum State { Connecting, Handshaking, Open, Dead } state = Connecting;
    uint32_t armed = 0;
    bool sslWantsWrite = false;
    std::string out;
    size_t outOff = 0;
    Stream *stream = nullptr;
    Writer *writer = nullptr;
};

struct Stream
{
    int index = 0;
    int token = 0;
    const Url *url = nullptr;
    Conn *conn = nullptr;
    // the answer being read
    bool headDone = false;
    int status = 0;
    bool chunked = false;
    long long chunkLeft = 0;
    std::string head, raw, body;
    // the stream as a client sees it
    bool hello = false;
    double openedAt = 0, helloAt = 0;
    std::string lastId;
    long long lastTx = -1, lastSeq = -1;
    long events = 0, orderViolations = 0, overflows = 0, expired = 0;
    int reconnects = 0;
    double reconnectAt = 0; // > 0: reconnect then
    bool failed = false;    // refused or broken before its hello: not reconnected
    long long maxComment = 0;
    std::vector<uint8_t> seen; // by comment id - base
    long distinct = 0;
};

struct Writer
{
    Conn *conn = nullptr;
    const Url *url = nullptr;
    bool busy = false;
    double sentAt = 0;
    std::string in;
};

class LiveLoadgen
{
public:
    explicit LiveLoadgen(Options o);
    int run();

private:
    Conn *connect(const Url &url);
    void close(Conn *c);
    void arm(Conn *c);
    void drive(Conn *c);
    bool flush(Conn *c);
    // Reads what is there: appends to *into; false when the connection ended.
    bool readSome(Conn *c, std::string *into);
    void openStream(Stream &s);
    void streamBytes(Stream &s, std::string &bytes);
    void streamEnded(Stream &s);
    void streamEvent(Stream &s, std::string_view block);
    void changes(Stream &s, std::string_view data);
    void comment(Stream &s, long long id);
    void writerBytes(Writer &w);
    void acked(long long id, double sentAt);
    void sendComment(Writer &w);
    void pump(double waitMs);
    long rssKiB(int pid) const;

    Options m_o;
    SSL_CTX *m_ctx = nullptr;
    SSL_SESSION *m_session = nullptr;
    int m_ep = -1;
    std::mt19937 m_rng{4242};
    std::deque<std::unique_ptr<Conn>> m_conns;
    std::vector<Stream> m_streams;
    std::vector<Writer> m_writers;
    size_t m_nextWriteUrl = 0;
    size_t m_nextWriteToken = 0;
    // comments
    long long m_base = 0; // ids from here on are the run's
    long m_seqNo = 0;
    std::deque<double> m_queue; // due times of comments not yet sent
    long m_sent = 0, m_acked = 0, m_writeFailed = 0;
    double m_maxLagMs = 0;
    std::vector<long long> m_ackedIds;
    std::unordered_map<long long, double> m_sentAt;            // acknowledged id → sent
    std::unordered_map<long long, std::vector<float>> m_early; // arrived before the ack
    long long m_probeId = 0;
    bool m_probing = false;
    Histogram m_latency;
    uint64_t m_records = 0, m_eventsWhileWriting = 0, m_recordsWhileWriting = 0;
    uint64_t m_anyRecordsWhileWriting = 0; // records of every kind (comment, post, notification…)
    bool m_writing = false;
};

LiveLoadgen::LiveLoadgen(Options o)
    : m_o(std::move(o))
{
    m_ctx = SSL_CTX_new(TLS_client_method());
    if (!m_ctx)
        die("SSL_CTX_new failed");
    SSL_CTX_set_min_proto_version(m_ctx, TLS1_2_VERSION);
    if (!m_o.cafile.empty()) {
        if (SSL_CTX_load_verify_locations(m_ctx, m_o.cafile.c_str(), nullptr) != 1)
            die("cannot load --cafile " + m_o.cafile);
        SSL_CTX_set_verify(m_ctx, SSL_VERIFY_PEER, nullptr);
    } else {
        SSL_CTX_set_verify(m_ctx, SSL_VERIFY_NONE, nullptr);
    }
    SSL_CTX_set_session_cache_mode(m_ctx, SSL_SESS_CACHE_CLIENT);
    SSL_CTX_set_mode(m_ctx, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
    m_ep = epoll_create1(EPOLL_CLOEXEC);
}

Conn *LiveLoadgen::connect(const Url &url)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0)
        die(std::string("socket: ") + std::strerror(errno) + " (descriptors: ulimit -n)");
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(uint16_t(url.port));
    inet_pton(AF_INET, url.host == "localhost" ? "127.0.0.1" : url.host.c_str(), &a.sin_addr);
    auto c = std::make_unique<Conn>();
    c->fd = fd;
    c->url = &url;
    if (::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) < 0 && errno != EINPROGRESS) {
        ::close(fd);
        c->fd = -1;
        c->state = Conn::Dead;
        m_conns.push_back(std::move(c));
        return m_conns.back().get();
    }
    if (url.tls) {
        c->ssl = SSL_new(m_ctx);
        SSL_set_fd(c->ssl, fd);
        SSL_set_tlsext_host_name(c->ssl, url.host.c_str());
        SSL_set1_host(c->ssl, url.host.c_str());
        if (m_session)
            SSL_set_session(c->ssl, m_session);
    }
    epoll_event ev{};
    ev.events = EPOLLOUT;
    ev.data.ptr = c.get();
    c->armed = EPOLLOUT;
    epoll_ctl(m_ep, EPOLL_CTL_ADD, fd, &ev);
    m_conns.push_back(std::move(c));
    return m_conns.back().get();
}

void LiveLoadgen::close(Conn *c)
{
    if (c->state == Conn::Dead)
        return;
    if (c->fd >= 0) {
        epoll_ctl(m_ep, EPOLL_CTL_DEL, c->fd, nullptr);
        ::close(c->fd);
    }
    if (c->ssl)
        SSL_free(c->ssl);
    c->ssl = nullptr;
    c->fd = -1;
    c->state = Conn::Dead;
}

void LiveLoadgen::arm(Conn *c)
{
    if (c->state == Conn::Dead)
        return;
    uint32_t want = EPOLLIN;
    if (c->state == Conn::Connecting || c->sslWantsWrite || c->outOff < c->out.size())
        want |= EPOLLOUT;
    if (c->state == Conn::Connecting)
        want = EPOLLOUT;
    if (want == c->armed)
        return;
    epoll_event ev{};
    ev.events = want;
    ev.data.ptr = c;
    epoll_ctl(m_ep, EPOLL_CTL_MOD, c->fd, &ev);
    c->armed = want;
}

bool LiveLoadgen::flush(Conn *c)
{
    c->sslWantsWrite = false;
    while (c->outOff < c->out.size()) {
        const char *p = c->out.data() + c->outOff;
        const size_t n = c->out.size() - c->outOff;
        if (c->ssl) {
            const int rc = SSL_write(c->ssl, p, int(n));
            if (rc > 0) {
                c->outOff += size_t(rc);
                continue;
            }
            const int e = SSL_get_error(c->ssl, rc);
            if (e == SSL_ERROR_WANT_WRITE) {
                c->sslWantsWrite = true;
                return true;
            }
            if (e == SSL_ERROR_WANT_READ)
                return true;
            return false;
        }
        const ssize_t rc = ::send(c->fd, p, n, MSG_NOSIGNAL);
        if (rc > 0) {
            c->outOff += size_t(rc);
            continue;
        }
        if (rc < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return true;
        return false;
    }
    c->out.clear();
    c->outOff = 0;
    return true;
}

bool LiveLoadgen::readSome(Conn *c, std::string *into)
{
    char buf[65536];
    for (;;) {
        if (c->ssl) {
            const int rc = SSL_read(c->ssl, buf, sizeof buf);
            if (rc > 0) {
                into->append(buf, size_t(rc));
                continue;
            }
            const int e = SSL_get_error(c->ssl, rc);
            if (e == SSL_ERROR_WANT_READ)
                return true;
            if (e == SSL_ERROR_WANT_WRITE) {
                c->sslWantsWrite = true;
                return true;
            }
            return false;
        }
        const ssize_t rc = ::read(c->fd, buf, sizeof buf);
        if (rc > 0) {
            into->append(buf, size_t(rc));
            continue;
        }
        if (rc < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return true;
        return false;
    }
}

void LiveLoadgen::drive(Conn *c)
{
    if (c->state == Conn::Connecting) {
        int err = 0;
        socklen_t len = sizeof err;
        getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &err, &len);
        if (err) {
            close(c);
        } else {
            c->state = c->ssl ? Conn::Handshaking : Conn::Open;
        }
    }
    if (c->state == Conn::Handshaking) {
        const int rc = SSL_connect(c->ssl);
        if (rc == 1) {
            if (!m_session)
                m_session = SSL_get1_session(c->ssl);
            c->state = Conn::Open;
        } else {
            const int e = SSL_get_error(c->ssl, rc);
            if (e == SSL_ERROR_WANT_READ || e == SSL_ERROR_WANT_WRITE) {
                c->sslWantsWrite = e == SSL_ERROR_WANT_WRITE;
                c->armed = 0; // re-arm below
                epoll_event ev{};
                ev.events = e == SSL_ERROR_WANT_WRITE ? EPOLLOUT : EPOLLIN;
                ev.data.ptr = c;
                epoll_ctl(m_ep, EPOLL_CTL_MOD, c->fd, &ev);
                c->armed = ev.events;
                return;
            }
            close(c);
        }
    }
    bool alive = c->state == Conn::Open;
    if (alive)
        alive = flush(c);
    if (alive && c->stream) {
        std::string bytes;
        alive = readSome(c, &bytes);
        if (!bytes.empty())
            streamBytes(*c->stream, bytes);
    } else if (alive && c->writer) {
        alive = readSome(c, &c->writer->in);
        if (!c->writer->in.empty())
            writerBytes(*c->writer);
    }
    if (c->state == Conn::Dead)
        alive = false;
    if (!alive) {
        close(c);
        if (c->stream && c->stream->conn == c)
            streamEnded(*c->stream);
        if (c->writer && c->writer->conn == c) {
            if (c->writer->busy) {
                ++m_writeFailed;
                c->writer->busy = false;
            }
            c->writer->conn = nullptr;
        }
        return;
    }
    arm(c);
}

// ---- streams --------------------------------------------------------------------------------

void LiveLoadgen::openStream(Stream &s)
{
    s.headDone = false;
    s.status = 0;
    s.chunked = false;
    s.chunkLeft = 0;
    s.head.clear();
    s.raw.clear();
    s.body.clear();
    s.reconnectAt = 0;
    s.openedAt = nowMs();
    Conn *c = connect(*s.url);
    c->stream = &s;
    s.conn = c;
    std::string req = "GET /api/v1/stream?comments=" + std::to_string(m_o.comments) +
                      " HTTP/1.1\r\nHost: " + s.url->host + ":" + std::to_string(s.url->port) +
                      "\r\nAuthorization: Bearer " + m_o.tokens[size_t(s.token)] +
                      "\r\nAccept: text/event-stream\r\n";
    if (!s.lastId.empty())
        req += "Last-Event-ID: " + s.lastId + "\r\n";
    req += "\r\n";
    c->out = std::move(req);
    if (c->state == Conn::Dead)
        streamEnded(s);
}

void LiveLoadgen::streamEnded(Stream &s)
{
    s.conn = nullptr;
    if (!s.hello) {
        s.failed = true;
        return;
    }
    // As a client does: again after a moment, from the last id.
    ++s.reconnects;
    s.reconnectAt = nowMs() + 500 + double(m_rng() % 500);
}

void LiveLoadgen::streamBytes(Stream &s, std::string &bytes)
{
    if (!s.headDone) {
        s.head += bytes;
        const size_t end = s.head.find("\r\n\r\n");
        if (end == std::string::npos)
            return;
        bytes = s.head.substr(end + 4);
        s.head.resize(end + 4);
        s.headDone = true;
        s.status = std::atoi(s.head.c_str() + 9);
        std::string lower(s.head);
        std::transform(lower.begin(), lower.end(), lower.begin(),
                       [](unsigned char ch) { return char(std::tolower(ch)); });
        s.chunked = lower.find("\r\ntransfer-encoding: chunked") != std::string::npos;
        if (s.status != 200) {
            if (s.conn) {
                Conn *c = s.conn;
                s.conn = nullptr;
                close(c);
            }
            s.failed = !s.hello;
            if (s.hello) // a refused reconnect: try again later
                streamEnded(s);
            return;
        }
    }
    if (s.chunked) {
        s.raw += bytes;
        size_t p = 0;
        while (p < s.raw.size()) {
            if (s.chunkLeft == 0) {
                const size_t eol = s.raw.find("\r\n", p);
                if (eol == std::string::npos)
                    break;
                if (eol == p) {
                    p += 2;
                    continue;
                }
                s.chunkLeft = std::strtoll(s.raw.c_str() + p, nullptr, 16);
                p = eol + 2;
                if (s.chunkLeft == 0) { // the last chunk: the answer ended
                    s.raw.clear();
                    if (s.conn) {
                        Conn *c = s.conn;
                        close(c);
                        streamEnded(s);
                    }
                    return;
                }
            }
            const size_t n = std::min(size_t(s.chunkLeft), s.raw.size() - p);
            s.body.append(s.raw, p, n);
            p += n;
            s.chunkLeft -= (long long)n;
        }
        s.raw.erase(0, p);
    } else {
        s.body += bytes;
    }
    size_t start = 0;
    for (;;) {
        const size_t end = s.body.find("\n\n", start);
        if (end == std::string::npos)
            break;
        streamEvent(s, std::string_view(s.body).substr(start, end - start));
        start = end + 2;
    }
    s.body.erase(0, start);
}

void LiveLoadgen::streamEvent(Stream &s, std::string_view block)
{
    std::string_view id, name, data;
    size_t p = 0;
    while (p <= block.size()) {
        size_t eol = block.find('\n', p);
        if (eol == std::string_view::npos)
            eol = block.size();
        const std::string_view line = block.substr(p, eol - p);
        p = eol + 1;
        if (line.empty() || line[0] == ':')
            continue;
        const size_t colon = line.find(':');
        const std::string_view field = line.substr(0, colon);
        std::string_view value =
            colon == std::string_view::npos ? std::string_view() : line.substr(colon + 1);
        if (!value.empty() && value[0] == ' ')
            value.remove_prefix(1);
        if (field == "id")
            id = value;
        else if (field == "event")
            name = value;
        else if (field == "data")
            data = value;
    }
    if (name.empty())
        return; // a ping
    ++s.events;
    if (m_writing)
        ++m_eventsWhileWriting;
    if (!id.empty()) {
        long long tx = 0, seq = 0;
        if (!cursorPosition(std::string(id), &tx, &seq)) {
            ++s.orderViolations;
        } else if (s.lastTx >= 0 &&
                   !(std::make_pair(tx, seq) > std::make_pair(s.lastTx, s.lastSeq)) &&
                   name != "hello") {
            ++s.orderViolations;
        }
        s.lastTx = tx;
        s.lastSeq = seq;
        s.lastId = std::string(id);
    }
    if (name == "hello") {
        if (!s.hello) {
            s.hello = true;
            s.helloAt = nowMs();
        }
    } else if (name == "changes") {
        changes(s, data);
    } else if (name == "overflow") {
        ++s.overflows;
    } else if (name == "expired") {
        ++s.expired;
        s.lastId.clear(); // a client refreshes and opens a stream without a cursor
    }
}

void LiveLoadgen::changes(Stream &s, std::string_view data)
{
    members(data, 0, [&](std::string_view key, size_t p) {
        if (key != "changes" || p >= data.size() || data[p] != '[')
            return skipValue(data, p);
        ++p;
        while (p < data.size() && data[p] != ']') {
            if (data[p] == ',') {
                ++p;
                continue;
            }
            long long id = 0;
            bool isComment = false;
            p = members(data, p, [&](std::string_view k, size_t q) {
                if (k == "id") {
                    id = parseInt(data, q);
                } else if (k == "kind") {
                    const size_t end = skipString(data, q);
                    isComment = data.substr(q, end - q) == "\"comment\"";
                    return end;
                }
                return skipValue(data, q);
            });
            if (m_writing)
                ++m_anyRecordsWhileWriting;
            if (isComment && id > 0)
                comment(s, id);
        }
        return p + 1;
    });
}

void LiveLoadgen::comment(Stream &s, long long id)
{
    s.maxComment = std::max(s.maxComment, id);
    if (m_base == 0 || id < m_base)
        return; // before the run (the probe, or older)
    ++m_records;
    if (m_writing)
        ++m_recordsWhileWriting;
    const size_t i = size_t(id - m_base);
    if (i >= s.seen.size())
        s.seen.resize(i + 1024, 0);
    if (s.seen[i] < 255)
        ++s.seen[i];
    if (s.seen[i] == 1)
        ++s.distinct;
    const double now = nowMs();
    const auto it = m_sentAt.find(id);
    if (it != m_sentAt.end())
        m_latency.add(now - it->second);
    else
        m_early[id].push_back(float(now));
}

// ---- writers --------------------------------------------------------------------------------

void LiveLoadgen::sendComment(Writer &w)
{
    if (!w.conn || w.conn->state == Conn::Dead) {
        w.conn = connect(*w.url);
        w.conn->writer = &w;
        if (w.conn->state == Conn::Dead) {
            w.conn = nullptr;
            ++m_writeFailed;
            return;
        }
    }
    const std::string body = "{\"content\":\"live bench " + std::to_string(++m_seqNo) + "\"}";
    const std::string &token = m_o.tokens[m_nextWriteToken++ % m_o.tokens.size()];
    w.conn->out +=
        "POST /api/v1/posts/" + std::to_string(m_o.posts[size_t(m_seqNo - 1) % m_o.posts.size()]) +
        "/comments HTTP/1.1\r\nHost: " + w.url->host + ":" + std::to_string(w.url->port) +
        "\r\nAuthorization: Bearer " + token +
        "\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
        "\r\n\r\n" + body;
    w.busy = true;
    w.in.clear();
    w.sentAt = nowMs();
    ++m_sent;
    if (w.conn->state == Conn::Open) {
        if (!flush(w.conn)) {
            drive(w.conn); // reports the failure
            return;
        }
        arm(w.conn);
    }
}

void LiveLoadgen::writerBytes(Writer &w)
{
    const size_t end = w.in.find("\r\n\r\n");
    if (end == std::string::npos)
        return;
    std::string lower = w.in.substr(0, end);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char ch) { return char(std::tolower(ch)); });
    const size_t cl = lower.find("\r\ncontent-length:");
    size_t bodyLen = 0;
    std::string body;
    if (cl != std::string::npos) {
        bodyLen = std::strtoul(lower.c_str() + cl + 17, nullptr, 10);
        if (w.in.size() < end + 4 + bodyLen)
            return;
        body = w.in.substr(end + 4, bodyLen);
        w.in.erase(0, end + 4 + bodyLen);
    } else if (lower.find("\r\ntransfer-encoding: chunked") != std::string::npos) {
        size_t p = end + 4;
        for (;;) {
            const size_t eol = w.in.find("\r\n", p);
            if (eol == std::string::npos)
                return;
            const size_t len = std::strtoul(w.in.c_str() + p, nullptr, 16);
            if (len == 0) {
                if (w.in.size() < eol + 4)
                    return;
                w.in.erase(0, eol + 4);
                break;
            }
            if (w.in.size() < eol + 2 + len + 2)
                return;
            body.append(w.in, eol + 2, len);
            p = eol + 2 + len + 2;
        }
    } else {
        return;
    }
    const int status = std::atoi(lower.c_str() + 9);
    w.busy = false;
    long long id = 0;
    if (status == 201)
        members(body, 0, [&](std::string_view key, size_t p) {
            if (key == "id")
                id = parseInt(body, p);
            return skipValue(body, p);
        });
    if (id > 0) {
        acked(id, w.sentAt);
    } else {
        ++m_writeFailed;
        std::fprintf(stderr, "live-loadgen: a comment was answered %d: %.200s\n", status,
                     body.c_str());
    }
}

void LiveLoadgen::acked(long long id, double sentAt)
{
    if (m_probing) {
        m_probeId = id;
        return;
    }
    ++m_acked;
    m_ackedIds.push_back(id);
    m_sentAt.emplace(id, sentAt);
    const auto it = m_early.find(id);
    if (it != m_early.end()) {
        for (float at : it->second)
            m_latency.add(std::max(0.0, double(at) - sentAt));
        m_early.erase(it);
    }
}

// ---- the run --------------------------------------------------------------------------------

void LiveLoadgen::pump(double waitMs)
{
    static std::vector<epoll_event> evs(4096);
    const int n = epoll_wait(m_ep, evs.data(), int(evs.size()), int(std::ceil(waitMs)));
    for (int i = 0; i < n; ++i) {
        Conn *c = static_cast<Conn *>(evs[size_t(i)].data.ptr);
        if (c->state != Conn::Dead)
            drive(c);
    }
    const double now = nowMs();
    for (Stream &s : m_streams)
        if (s.reconnectAt > 0 && now >= s.reconnectAt)
            openStream(s);
}

long LiveLoadgen::rssKiB(int pid) const
{
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    for (std::string line; std::getline(in, line);)
        if (line.rfind("VmRSS:", 0) == 0)
            return std::atol(line.c_str() + 6);
    return -1;
}

double cpuSeconds()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

int LiveLoadgen::run()
{
    const char *label = m_o.label.c_str();
    std::vector<long> rss0;
    for (int pid : m_o.rssPids)
        rss0.push_back(rssKiB(pid));

    // 1. The streams.
    m_streams.resize(size_t(m_o.streams));
    for (int i = 0; i < m_o.streams; ++i) {
        Stream &s = m_streams[size_t(i)];
        s.index = i;
        const int users = m_o.streamUsers > 0 ? std::min(m_o.streamUsers, int(m_o.tokens.size()))
                                              : int(m_o.tokens.size());
        s.token = i % users;
        s.url = &m_o.streamUrls[size_t(i) % m_o.streamUrls.size()];
    }
    const double openStart = nowMs();
    int started = 0;
    std::vector<double> helloMs;
    for (;;) {
        int waiting = 0, settled = 0;
        for (int i = 0; i < started; ++i) {
            const Stream &s = m_streams[size_t(i)];
            if (s.hello || s.failed)
                ++settled;
            else
                ++waiting;
        }
        if (settled == m_o.streams)
            break;
        if (nowMs() - openStart > m_o.openTimeoutS * 1000)
            break;
        while (started < m_o.streams && waiting < m_o.opening) {
            openStream(m_streams[size_t(started++)]);
            ++waiting;
        }
        pump(20);
    }
    const double openMs = nowMs() - openStart;
    int hellos = 0;
    std::map<int, int> refused;
    for (const Stream &s : m_streams) {
        if (s.hello) {
            ++hellos;
            helloMs.push_back(s.helloAt - s.openedAt);
        } else {
            ++refused[s.status];
        }
    }
    std::sort(helloMs.begin(), helloMs.end());
    std::string ref;
    for (auto &[st, n] : refused)
        ref += " status_" + std::to_string(st) + "=" + std::to_string(n);
    std::printf("OPEN label=%s streams=%d hello=%d not_opened=%d%s open_ms=%.0f "
                "hello_p50_ms=%.1f hello_p99_ms=%.1f\n",
                label, m_o.streams, hellos, m_o.streams - hellos, ref.c_str(), openMs,
                helloMs.empty() ? 0.0 : helloMs[helloMs.size() / 2],
                helloMs.empty() ? 0.0
                                : helloMs[std::min(helloMs.size() - 1, helloMs.size() * 99 / 100)]);
    std::fflush(stdout);

    // 2. Memory once the streams settled.
    if (!m_o.rssPids.empty()) {
        const double until = nowMs() + m_o.settleS * 1000;
        while (nowMs() < until)
            pump(50);
        for (size_t i = 0; i < m_o.rssPids.size(); ++i) {
            const long r = rssKiB(m_o.rssPids[i]);
            std::printf("RSS label=%s phase=open pid=%d before_kib=%ld after_kib=%ld "
                        "growth_kib=%ld growth_mb=%.1f per_stream_kib=%.2f\n",
                        label, m_o.rssPids[i], rss0[i], r, r - rss0[i],
                        double(r - rss0[i]) * 1024 / 1e6,
                        hellos ? double(r - rss0[i]) / hellos : 0.0);
        }
        std::fflush(stdout);
    }
    bool ok = hellos == m_o.streams;
    if (m_o.rate <= 0)
        return ok ? 0 : 1;

    // 3. The probe: every stream listens.
    if (m_o.writeUrls.empty() || m_o.posts.empty())
        die("writing needs --write-url and --post");
    m_writers.resize(size_t(std::max(1, m_o.writers)));
    for (size_t i = 0; i < m_writers.size(); ++i)
        m_writers[i].url = &m_o.writeUrls[i % m_o.writeUrls.size()];
    {
        const double start = nowMs();
        m_probing = true;
        sendComment(m_writers[0]);
        while (m_probeId == 0 && nowMs() - start < 30000)
            pump(10);
        m_probing = false;
        const auto all = [&] {
            for (const Stream &s : m_streams)
                if (s.hello && s.maxComment < m_probeId)
                    return false;
            return true;
        };
        while (m_probeId && !all() && nowMs() - start < 30000)
            pump(10);
        if (!m_probeId || !all())
            die("the probe comment did not reach every stream within 30 s");
        m_base = m_probeId + 1;
        std::printf("PROBE label=%s comment=%lld every_stream_ms=%.0f\n", label, m_probeId,
                    nowMs() - start);
        std::fflush(stdout);
    }

    // 4. The comments, open loop.
    const long total = m_o.count > 0 ? m_o.count : long(std::llround(m_o.rate * m_o.durationS));
    const double writeStart = nowMs();
    const double cpu0 = cpuSeconds();
    m_writing = true;
    long issued = 0;
    double lastProgress = writeStart;
    while (
        issued < total || !m_queue.empty() ||
        std::any_of(m_writers.begin(), m_writers.end(), [](const Writer &w) { return w.busy; })) {
        const double now = nowMs();
        while (issued < total && writeStart + double(issued) * 1000.0 / m_o.rate <= now) {
            m_queue.push_back(writeStart + double(issued) * 1000.0 / m_o.rate);
            ++issued;
        }
        for (Writer &w : m_writers) {
            if (m_queue.empty())
                break;
            if (w.busy)
                continue;
            m_maxLagMs = std::max(m_maxLagMs, now - m_queue.front());
            m_queue.pop_front();
            sendComment(w);
        }
        if (now - lastProgress >= 10000) {
            lastProgress = now;
            std::fprintf(stderr, "  %s t=%.0fs sent=%ld acked=%ld records=%llu queued=%zu\n", label,
                         (now - writeStart) / 1000, m_sent, m_acked, (unsigned long long)m_records,
                         m_queue.size());
        }
        if (now - writeStart > (m_o.durationS + 60) * 1000 + double(total) * 1000 / m_o.rate)
            break;
        const double next =
            issued < total ? writeStart + double(issued) * 1000.0 / m_o.rate - nowMs() : 5;
        pump(std::clamp(next, 0.0, 5.0));
    }
    const double writeMs = nowMs() - writeStart;
    const double writeCpu = cpuSeconds() - cpu0;
    m_writing = false;
    std::printf("WRITE label=%s due=%ld sent=%ld acked=%ld failed=%ld rate=%.1f lag_max_ms=%.1f "
                "seconds=%.1f\n",
                label, total, m_sent, m_acked, m_writeFailed, double(m_acked) / (writeMs / 1000),
                m_maxLagMs, writeMs / 1000);
    std::fflush(stdout);

    // 5. Drain: every acknowledged comment on every stream.
    const double drainStart = nowMs();
    const auto complete = [&] {
        for (const Stream &s : m_streams)
            if (s.hello && s.distinct < long(m_ackedIds.size()))
                return false;
        return true;
    };
    while (!complete() && nowMs() - drainStart < m_o.drainS * 1000)
        pump(20);
    const double drainMs = nowMs() - drainStart;
    long lost = 0, duplicated = 0, unexpected = 0, violations = 0, overflows = 0, expired = 0;
    int reconnects = 0, streamsLosing = 0;
    for (Stream &s : m_streams) {
        if (!s.hello)
            continue;
        long mine = 0;
        for (long long id : m_ackedIds) {
            const size_t i = size_t(id - m_base);
            const int n = i < s.seen.size() ? s.seen[i] : 0;
            if (n == 0)
                ++mine;
            else
                duplicated += n - 1;
            if (i < s.seen.size())
                s.seen[i] = 0;
        }
        for (uint8_t n : s.seen) // what is left: ids never acknowledged
            unexpected += n ? 1 : 0;
        lost += mine;
        streamsLosing += mine ? 1 : 0;
        violations += s.orderViolations;
        overflows += s.overflows;
        expired += s.expired;
        reconnects += s.reconnects;
    }
    const double secs = writeMs / 1000;
    std::printf(
        "DELIVERY label=%s streams=%d comments=%ld delivered_records=%llu "
        "records_per_s=%.0f events_per_s=%.0f missing=%ld streams_missing=%d duplicated=%ld "
        "unacknowledged_seen=%ld order_violations=%ld reconnects=%d overflows=%ld "
        "expired=%ld drained=%d drain_ms=%.0f p50_ms=%.1f p90_ms=%.1f p99_ms=%.1f "
        "max_ms=%.1f samples=%llu records_any_kind_per_stream_s=%.1f\n",
        label, hellos, long(m_ackedIds.size()), (unsigned long long)m_records,
        double(m_recordsWhileWriting) / secs, double(m_eventsWhileWriting) / secs, lost,
        streamsLosing, duplicated, unexpected, violations, reconnects, overflows, expired,
        complete() ? 1 : 0, drainMs, m_latency.percentile(50), m_latency.percentile(90),
        m_latency.percentile(99), m_latency.max(), (unsigned long long)m_latency.count(),
        hellos ? double(m_anyRecordsWhileWriting) / secs / hellos : 0.0);
    for (size_t i = 0; i < m_o.rssPids.size(); ++i) {
        const long r = rssKiB(m_o.rssPids[i]);
        std::printf("RSS label=%s phase=after pid=%d before_kib=%ld after_kib=%ld growth_kib=%ld\n",
                    label, m_o.rssPids[i], rss0[i], r, r - rss0[i]);
    }
    std::printf("GEN label=%s cpu_s=%.2f cpu_share=%.2f\n", label, writeCpu,
                writeCpu / (writeMs / 1000));
    std::fflush(stdout);
    ok = ok && lost == 0 && duplicated == 0 && violations == 0 && m_writeFailed == 0;
    return ok ? 0 : 1;
}

std::vector<std::string> readLines(const std::string &file)
{
    std::ifstream in(file);
    if (!in)
        die("cannot read " + file);
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);)
        if (!line.empty())
            out.push_back(line);
    return out;
}

} // namespace

int main(int argc, char **argv)
{
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto val = [&]() -> std::string {
            if (i + 1 >= argc)
                die(a + " wants a value");
            return argv[++i];
        };
        if (a == "--stream-url")
            o.streamUrls.push_back(parseUrl(val()));
        else if (a == "--write-url")
            o.writeUrls.push_back(parseUrl(val()));
        else if (a == "--cafile")
            o.cafile = val();
        else if (a == "--tokens")
            o.tokens = readLines(val());
        else if (a == "--streams")
            o.streams = std::atoi(val().c_str());
        else if (a == "--stream-users")
            o.streamUsers = std::atoi(val().c_str());
        else if (a == "--comments")
            o.comments = std::atoi(val().c_str());
        else if (a == "--opening")
            o.opening = std::max(1, std::atoi(val().c_str()));
        else if (a == "--rss-pid")
            o.rssPids.push_back(std::atoi(val().c_str()));
        else if (a == "--settle")
            o.settleS = std::atof(val().c_str());
        else if (a == "--post")
            for (std::string rest = val(); !rest.empty();) {
                const size_t comma = rest.find(',');
                o.posts.push_back(std::atoll(rest.substr(0, comma).c_str()));
                rest = comma == std::string::npos ? std::string() : rest.substr(comma + 1);
            }
        else if (a == "--rate")
            o.rate = std::atof(val().c_str());
        else if (a == "--duration")
            o.durationS = std::atof(val().c_str());
        else if (a == "--count")
            o.count = std::atol(val().c_str());
        else if (a == "--writers")
            o.writers = std::atoi(val().c_str());
        else if (a == "--drain")
            o.drainS = std::atof(val().c_str());
        else if (a == "--open-timeout")
            o.openTimeoutS = std::atof(val().c_str());
        else if (a == "--label")
            o.label = val();
        else
            die("unknown argument " + a +
                " (see the comment at the top of bench/live-loadgen.cpp)");
    }
    if (o.streamUrls.empty() || o.tokens.empty() || o.streams <= 0)
        die("--stream-url, --tokens and --streams N are needed");
    if (o.rate > 0 && o.count <= 0 && o.durationS <= 0)
        die("--rate wants --duration S or --count N");
    rlimit rl{};
    getrlimit(RLIMIT_NOFILE, &rl);
    rl.rlim_cur = rl.rlim_max;
    setrlimit(RLIMIT_NOFILE, &rl);
    signal(SIGPIPE, SIG_IGN);
    LiveLoadgen g(o);
    return g.run();
}

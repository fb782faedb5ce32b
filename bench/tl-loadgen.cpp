// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tl-loadgen: an open-loop HTTP/1.1 load generator over TLS (OpenSSL, epoll, one thread) for
// bench/deploy-bench.sh. Open loop: request i is due at start + i / rate whatever happened to
// the requests before it, and its latency counts from that due time (a stalled server cannot
// slow the generator down and hide its own queue: no coordinated omission).
//
//   tl-loadgen --url https://127.0.0.1:PORT --cafile cert.pem --tokens FILE --posts FILE
//              --busy ID --mix timeline:40,comments:30,likes:30 --rate 800 --duration 60
//   tl-loadgen ... --mix likes:100 --rate 2500 --duration 30
//   tl-loadgen ... --burst 2000          # 2,000 connections at once, one request each
//
// Requests (each with `Authorization: Bearer` of a token from --tokens, round robin):
//   timeline  GET /api/v1/timeline?scope=all
//   comments  GET /api/v1/posts/BUSY/comments?limit=50&after=F (F: 0, 50, 100 or 150)
//   likes     PUT or DELETE /api/v1/posts/P/like over (token, post) pairs, every one a real
//             write: a pair liked is unliked next and the other way round; a pair with a request
//             in flight is skipped. --likes-initial-liked: the pairs start liked.
// Keep-alive connections: --connections (default 256) opened before the run starts (and again
// as needed when one closes), reused.
// Prints one line per second with --progress, and at the end a summary:
//   RESULT kind=all sent=N answered=N errors=N status_2xx=N status_503=N ... p50_ms p90_ms
//   p99_ms max_ms rate_achieved gen_cpu_s max_lag_ms
// `errors` are requests without an HTTP answer (connection reset, closed, TLS failure,
// timeout); every HTTP answer counts as answered, whatever its status. gen_cpu_s is the
// generator's own CPU time (getrusage) and lag how late sends left against their due time —
// the figures that show the generator was not the bottleneck.
#include <openssl/err.h>
#include <openssl/ssl.h>

#include <algorithm>
#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fcntl.h>
#include <fstream>
#include <map>
#include <memory>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <random>
#include <string>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double nowMs()
{
    return std::chrono::duration<double, std::milli>(Clock::now().time_since_epoch()).count();
}

[[noreturn]] void die(const std::string &why)
{
    std::fprintf(stderr, "tl-loadgen: %s\n", why.c_str());
    std::exit(2);
}

enum class Kind { Timeline, Comments, Likes, Count };
const char *kindName(Kind k)
{
    switch (k) {
    case Kind::Timeline:
        return "timeline";
    case Kind::Comments:
        return "comments";
    case Kind::Likes:
        return "likes";
    default:
        return "?";
    }
}

struct Request
{
    Kind kind = Kind::Timeline;
    double dueMs = 0;
    int pair = -1; // likes: the (token, post) pair
    bool put = false;
    std::string wire;
};

struct Stats
{
    std::vector<float> latencies; // ms, answered requests
    long sent = 0, answered = 0, errors = 0;
    long expired = 0; // errors that were never sent: no connection free before the timeout
    std::map<int, long> statuses;
};

struct Options
{
    std::string host = "127.0.0.1";
    int port = 0;
    std::string cafile;
    bool insecure = false;
    std::vector<std::string> tokens;
    std::vector<long long> posts;
    long long busy = 0;
    double weights[int(Kind::Count)] = {0, 0, 0};
    double rate = 0;
    double duration = 10;
    int connections = 256;
    int burst = 0;
    double timeoutMs = 30000;
    bool progress = false;
    bool initialLiked = false;
    std::string label = "run";
};

struct Conn
{
    int fd = -1;
    SSL *ssl = nullptr;
    enum State { Connecting, Handshaking, Idle, Writing, Reading, Dead } state = Connecting;
    std::unique_ptr<Request> req;
    size_t written = 0;
    std::string in;
    double startedMs = 0; // the connection's opening (burst mode: for timeouts)
    unsigned events = 0;
    bool everAnswered = false;
};

class Loadgen
{
public:
    explicit Loadgen(Options o)
        : m_o(std::move(o))
        , m_rng(12345)
    {
        m_ctx = SSL_CTX_new(TLS_client_method());
        if (!m_ctx)
            die("SSL_CTX_new failed");
        SSL_CTX_set_min_proto_version(m_ctx, TLS1_2_VERSION);
        if (m_o.insecure) {
            SSL_CTX_set_verify(m_ctx, SSL_VERIFY_NONE, nullptr);
        } else {
            if (m_o.cafile.empty() ||
                SSL_CTX_load_verify_locations(m_ctx, m_o.cafile.c_str(), nullptr) != 1)
                die("cannot load --cafile " + m_o.cafile);
            SSL_CTX_set_verify(m_ctx, SSL_VERIFY_PEER, nullptr);
        }
        // Sessions resumed across this generator's connections, as a browser or Qt would.
        SSL_CTX_set_session_cache_mode(m_ctx, SSL_SESS_CACHE_CLIENT);
        m_ep = epoll_create1(0);
        const size_t pairs = m_o.tokens.size() * m_o.posts.size();
        m_liked.assign(pairs, m_o.initialLiked);
        m_busyPair.assign(pairs, false);
        double total = 0;
        for (double w : m_o.weights)
            total += w;
        double acc = 0;
        for (int i = 0; i < int(Kind::Count); ++i) {
            acc += m_o.weights[i] / total;
            m_cumulative[i] = acc;
        }
    }

    int runRate();
    int runBurst();

private:
    std::unique_ptr<Request> makeRequest(double due);
    void openConnection();
    void closeConn(Conn *c, bool error);
    void arm(Conn *c, unsigned events);
    void drive(Conn *c);
    void startRequest(Conn *c, std::unique_ptr<Request> r);
    bool parseAnswer(Conn *c, int *status);
    void finishRequest(Conn *c, int status);
    void failRequest(Conn *c);
    void dispatchQueued();
    void report(const char *kind, Stats &s, double elapsedMs);

    Options m_o;
    SSL_CTX *m_ctx = nullptr;
    SSL_SESSION *m_session = nullptr;
    int m_ep = -1;
    std::mt19937_64 m_rng;
    double m_cumulative[int(Kind::Count)] = {};
    std::vector<bool> m_liked, m_busyPair;
    size_t m_nextPair = 0, m_nextToken = 0;
    std::vector<std::unique_ptr<Conn>> m_conns;
    // Idle connections, the longest idle first: each request takes the one idle the longest, so
    // the load spreads over every connection as over many clients (a stack sent most requests
    // down a few connections, which then met nginx's keepalive_requests and were reconnected).
    std::deque<Conn *> m_idle;
    int m_opening = 0;
    int m_live = 0;     // connections not Dead
    int m_inFlight = 0; // connections with a request under way
    std::deque<std::unique_ptr<Request>> m_queue;
    Stats m_all, m_byKind[int(Kind::Count)];
    double m_maxLagMs = 0;
    std::vector<float> m_lags;
    long m_resets = 0, m_connectsFailed = 0;
};

std::unique_ptr<Request> Loadgen::makeRequest(double due)
{
    auto r = std::make_unique<Request>();
    r->dueMs = due;
    const double u = std::uniform_real_distribution<double>(0, 1)(m_rng);
    int k = 0;
    while (k < int(Kind::Count) - 1 && u > m_cumulative[k])
        ++k;
    r->kind = Kind(k);
    const std::string &token = m_o.tokens[m_nextToken++ % m_o.tokens.size()];
    std::string method = "GET", path;
    if (r->kind == Kind::Timeline) {
        path = "/api/v1/timeline?scope=all";
    } else if (r->kind == Kind::Comments) {
        const int after = 50 * int(m_rng() % 4);
        path = "/api/v1/posts/" + std::to_string(m_o.busy) +
               "/comments?limit=50&after=" + std::to_string(after);
    } else {
        // The next pair without a request in flight.
        const size_t n = m_liked.size();
        size_t p = m_nextPair;
        for (size_t tries = 0; tries < n && m_busyPair[p]; ++tries)
            p = (p + 1) % n;
        m_nextPair = (p + 1) % n;
        r->pair = int(p);
        m_busyPair[p] = true;
        r->put = !m_liked[p];
        method = r->put ? "PUT" : "DELETE";
        const size_t t = p / m_o.posts.size(), post = p % m_o.posts.size();
        path = "/api/v1/posts/" + std::to_string(m_o.posts[post]) + "/like";
        r->wire = method + " " + path + " HTTP/1.1\r\nHost: " + m_o.host + ":" +
                  std::to_string(m_o.port) + "\r\nAuthorization: Bearer " + m_o.tokens[t] +
                  "\r\nContent-Length: 0\r\n\r\n";
        return r;
    }
    r->wire = method + " " + path + " HTTP/1.1\r\nHost: " + m_o.host + ":" +
              std::to_string(m_o.port) + "\r\nAuthorization: Bearer " + token +
              "\r\nAccept: application/json\r\n\r\n";
    return r;
}

void Loadgen::arm(Conn *c, unsigned events)
{
    if (c->events == events)
        return;
    epoll_event ev{};
    ev.events = events;
    ev.data.ptr = c;
    epoll_ctl(m_ep, EPOLL_CTL_MOD, c->fd, &ev);
    c->events = events;
}

void Loadgen::openConnection()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0)
        die(std::string("socket: ") + std::strerror(errno));
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(uint16_t(m_o.port));
    inet_pton(AF_INET, m_o.host.c_str(), &a.sin_addr);
    auto c = std::make_unique<Conn>();
    c->fd = fd;
    c->startedMs = nowMs();
    const int rc = ::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a);
    if (rc < 0 && errno != EINPROGRESS) {
        ::close(fd);
        ++m_connectsFailed;
        return;
    }
    c->ssl = SSL_new(m_ctx);
    SSL_set_fd(c->ssl, fd);
    SSL_set_tlsext_host_name(c->ssl, m_o.host.c_str());
    SSL_set1_host(c->ssl, m_o.host.c_str());
    if (m_session)
        SSL_set_session(c->ssl, m_session);
    epoll_event ev{};
    ev.events = EPOLLOUT;
    ev.data.ptr = c.get();
    c->events = EPOLLOUT;
    epoll_ctl(m_ep, EPOLL_CTL_ADD, fd, &ev);
    ++m_opening;
    ++m_live;
    m_conns.push_back(std::move(c));
}

void Loadgen::closeConn(Conn *c, bool error)
{
    if (c->state == Conn::Dead)
        return;
    if (c->state == Conn::Connecting || c->state == Conn::Handshaking) {
        --m_opening;
        if (error)
            ++m_connectsFailed;
    }
    if (c->req)
        failRequest(c);
    epoll_ctl(m_ep, EPOLL_CTL_DEL, c->fd, nullptr);
    --m_live;
    SSL_free(c->ssl);
    ::close(c->fd);
    c->fd = -1;
    c->ssl = nullptr;
    c->state = Conn::Dead;
    m_idle.erase(std::remove(m_idle.begin(), m_idle.end(), c), m_idle.end());
}

void Loadgen::failRequest(Conn *c)
{
    auto &r = *c->req;
    ++m_all.errors;
    ++m_byKind[int(r.kind)].errors;
    if (r.pair >= 0)
        m_busyPair[size_t(r.pair)] = false; // unknown whether it was applied: state unchanged
    c->req.reset();
    --m_inFlight;
}

void Loadgen::startRequest(Conn *c, std::unique_ptr<Request> r)
{
    const double lag = nowMs() - r->dueMs;
    m_maxLagMs = std::max(m_maxLagMs, lag);
    m_lags.push_back(float(lag));
    c->req = std::move(r);
    ++m_inFlight;
    c->written = 0;
    c->in.clear();
    c->state = Conn::Writing;
    ++m_all.sent;
    ++m_byKind[int(c->req->kind)].sent;
    drive(c);
}

// True when c->in holds a whole answer; *status its status.
bool Loadgen::parseAnswer(Conn *c, int *status)
{
    const size_t end = c->in.find("\r\n\r\n");
    if (end == std::string::npos)
        return false;
    if (c->in.compare(0, 5, "HTTP/") != 0) {
        *status = -1;
        return true;
    }
    *status = std::atoi(c->in.c_str() + 9);
    const std::string head = c->in.substr(0, end);
    std::string lower(head.size(), ' ');
    std::transform(head.begin(), head.end(), lower.begin(),
                   [](unsigned char ch) { return char(std::tolower(ch)); });
    const size_t body = end + 4;
    const size_t cl = lower.find("\r\ncontent-length:");
    if (cl != std::string::npos) {
        const size_t len = std::strtoul(lower.c_str() + cl + 17, nullptr, 10);
        return c->in.size() >= body + len;
    }
    if (lower.find("\r\ntransfer-encoding: chunked") != std::string::npos) {
        size_t pos = body;
        while (true) {
            const size_t eol = c->in.find("\r\n", pos);
            if (eol == std::string::npos)
                return false;
            const size_t len = std::strtoul(c->in.c_str() + pos, nullptr, 16);
            if (len == 0)
                return c->in.find("\r\n\r\n", eol) != std::string::npos ||
                       c->in.compare(eol, 4, "\r\n\r\n") == 0;
            pos = eol + 2 + len + 2;
            if (pos > c->in.size())
                return false;
        }
    }
    return *status == 204 || *status == 304 || (*status >= 100 && *status < 200);
}

void Loadgen::finishRequest(Conn *c, int status)
{
    auto &r = *c->req;
    const double ms = nowMs() - r.dueMs;
    for (Stats *s : {&m_all, &m_byKind[int(r.kind)]}) {
        ++s->answered;
        ++s->statuses[status];
        s->latencies.push_back(float(ms));
    }
    if (r.pair >= 0) {
        m_busyPair[size_t(r.pair)] = false;
        if (status == 200)
            m_liked[size_t(r.pair)] = r.put;
    }
    c->req.reset();
    --m_inFlight;
    c->everAnswered = true;
    const bool close = c->in.find("\r\nConnection: close") != std::string::npos ||
                       c->in.find("\r\nconnection: close") != std::string::npos;
    c->in.clear();
    if (close || m_o.burst) {
        closeConn(c, false);
        return;
    }
    c->state = Conn::Idle;
    arm(c, EPOLLIN); // a close by the peer while idle is noticed
    m_idle.push_back(c);
}

void Loadgen::drive(Conn *c)
{
    for (;;) {
        switch (c->state) {
        case Conn::Connecting: {
            int err = 0;
            socklen_t len = sizeof err;
            getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &err, &len);
            if (err) {
                if (err == ECONNRESET || err == ECONNREFUSED)
                    ++m_resets;
                closeConn(c, true);
                return;
            }
            c->state = Conn::Handshaking;
            continue;
        }
        case Conn::Handshaking: {
            const int rc = SSL_connect(c->ssl);
            if (rc == 1) {
                --m_opening;
                if (!m_session)
                    m_session = SSL_get1_session(c->ssl);
                c->state = Conn::Idle;
                if (m_o.burst) {
                    startRequest(c, makeRequest(c->startedMs));
                    return;
                }
                m_idle.push_back(c);
                arm(c, EPOLLIN);
                return;
            }
            const int e = SSL_get_error(c->ssl, rc);
            if (e == SSL_ERROR_WANT_READ)
                return arm(c, EPOLLIN);
            if (e == SSL_ERROR_WANT_WRITE)
                return arm(c, EPOLLOUT);
            ++m_resets;
            closeConn(c, true);
            return;
        }
        case Conn::Writing: {
            const std::string &w = c->req->wire;
            const int rc = SSL_write(c->ssl, w.data() + c->written, int(w.size() - c->written));
            if (rc > 0) {
                c->written += size_t(rc);
                if (c->written == w.size()) {
                    c->state = Conn::Reading;
                    continue;
                }
                continue;
            }
            const int e = SSL_get_error(c->ssl, rc);
            if (e == SSL_ERROR_WANT_READ)
                return arm(c, EPOLLIN);
            if (e == SSL_ERROR_WANT_WRITE)
                return arm(c, EPOLLOUT);
            ++m_resets;
            closeConn(c, true);
            return;
        }
        case Conn::Reading:
        case Conn::Idle: {
            char buf[65536];
            const int rc = SSL_read(c->ssl, buf, sizeof buf);
            if (rc > 0) {
                if (c->state == Conn::Idle) // unexpected bytes while idle
                    continue;
                c->in.append(buf, size_t(rc));
                int status = 0;
                if (parseAnswer(c, &status)) {
                    finishRequest(c, status);
                    return;
                }
                continue;
            }
            const int e = SSL_get_error(c->ssl, rc);
            if (e == SSL_ERROR_WANT_READ)
                return arm(c, EPOLLIN);
            if (e == SSL_ERROR_WANT_WRITE)
                return arm(c, EPOLLOUT);
            // Closed by the peer (or reset). While idle that is a keep-alive connection ending;
            // with a request under way the request failed.
            if (c->state == Conn::Reading)
                ++m_resets;
            closeConn(c, c->state == Conn::Reading);
            return;
        }
        default:
            return;
        }
    }
}

void Loadgen::dispatchQueued()
{
    // A request still waiting for a connection past the timeout is not sent any more: it failed
    // (an open-loop generator keeps its schedule; sending it now would only add late load).
    const double now = nowMs();
    while (!m_queue.empty() && now - m_queue.front()->dueMs > m_o.timeoutMs) {
        const Request &r = *m_queue.front();
        ++m_all.errors;
        ++m_all.expired;
        ++m_byKind[int(r.kind)].errors;
        ++m_byKind[int(r.kind)].expired;
        if (r.pair >= 0)
            m_busyPair[size_t(r.pair)] = false;
        m_queue.pop_front();
    }
    while (!m_queue.empty() && !m_idle.empty()) {
        Conn *c = m_idle.front();
        m_idle.pop_front();
        startRequest(c, std::move(m_queue.front()));
        m_queue.pop_front();
    }
    const int live = m_live;
    int want = int(m_queue.size()) - m_opening;
    for (int i = 0; i < want && live + i < m_o.connections; ++i)
        openConnection();
}

float percentile(std::vector<float> &v, double p)
{
    if (v.empty())
        return 0;
    const size_t k =
        std::min(v.size() - 1, size_t(std::ceil(p / 100.0 * double(v.size()))) - (p > 0 ? 1 : 0));
    std::nth_element(v.begin(), v.begin() + long(k), v.end());
    return v[k];
}

double cpuSeconds()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

void Loadgen::report(const char *kind, Stats &s, double elapsedMs)
{
    if (s.sent == 0 && s.errors == 0)
        return;
    std::string st;
    for (auto &[code, n] : s.statuses)
        st += " status_" + std::to_string(code) + "=" + std::to_string(n);
    long ok2xx = 0;
    for (auto &[code, n] : s.statuses)
        if (code >= 200 && code < 300)
            ok2xx += n;
    const float mx =
        s.latencies.empty() ? 0 : *std::max_element(s.latencies.begin(), s.latencies.end());
    std::printf("RESULT label=%s kind=%s sent=%ld answered=%ld errors=%ld expired=%ld "
                "non2xx=%ld%s "
                "p50_ms=%.2f p90_ms=%.2f p99_ms=%.2f p999_ms=%.2f max_ms=%.2f rate=%.1f\n",
                m_o.label.c_str(), kind, s.sent, s.answered, s.errors, s.expired,
                s.answered - ok2xx, st.c_str(), percentile(s.latencies, 50),
                percentile(s.latencies, 90), percentile(s.latencies, 99),
                percentile(s.latencies, 99.9), mx, double(s.answered) / (elapsedMs / 1000.0));
}

int Loadgen::runRate()
{
    // Every connection opened (TCP and TLS) before the schedule starts, as the keep-alive
    // connections of clients that are already there: the run measures requests, not a burst of
    // handshakes (--burst measures those). Connections that fail here are opened again later.
    {
        for (int i = 0; i < m_o.connections; ++i)
            openConnection();
        std::vector<epoll_event> evs(1024);
        const double deadline = nowMs() + 30000;
        while (m_opening > 0 && nowMs() < deadline) {
            const int n = epoll_wait(m_ep, evs.data(), int(evs.size()), 50);
            for (int i = 0; i < n; ++i)
                drive(static_cast<Conn *>(evs[size_t(i)].data.ptr));
        }
    }
    const double start = nowMs();
    const double end = start + m_o.duration * 1000;
    const double cpu0 = cpuSeconds();
    long issued = 0;
    double nextProgress = start + 1000;
    double nextTimeoutScan = start + 100;
    long lastAnswered = 0;
    std::vector<epoll_event> evs(1024);
    for (;;) {
        const double now = nowMs();
        // Everything due by now joins the queue (open loop: at the schedule, not when the
        // server is ready).
        while (now < end || issued < long(m_o.rate * m_o.duration)) {
            const double due = start + double(issued) * 1000.0 / m_o.rate;
            if (due > now || due >= end)
                break;
            m_queue.push_back(makeRequest(due));
            ++issued;
        }
        dispatchQueued();
        // Requests in flight past the timeout fail (looked for every 100 ms: a scan of every
        // connection on each wake-up cost more CPU than the requests themselves).
        if (now >= nextTimeoutScan) {
            for (auto &c : m_conns)
                if (c->state != Conn::Dead && c->req && now - c->req->dueMs > m_o.timeoutMs)
                    closeConn(c.get(), true);
            nextTimeoutScan = now + 100;
        }
        const bool scheduleDone = now >= end;
        const bool inFlight = m_inFlight > 0;
        if (scheduleDone && m_queue.empty() && !inFlight)
            break;
        if (scheduleDone && now > end + m_o.timeoutMs + 1000)
            break;
        if (m_o.progress && now >= nextProgress) {
            // this second's answers: how many, and the slowest
            float slowest = 0;
            for (size_t i = size_t(lastAnswered); i < m_all.latencies.size(); ++i)
                slowest = std::max(slowest, m_all.latencies[i]);
            std::fprintf(stderr, "  %s t=%.0fs answered/s=%ld max_ms=%.1f queued=%zu conns=%zu\n",
                         m_o.label.c_str(), (now - start) / 1000, m_all.answered - lastAnswered,
                         double(slowest), m_queue.size(), m_conns.size());
            lastAnswered = m_all.answered;
            nextProgress += 1000;
        }
        // Wake for the next due time, to the microsecond (epoll_pwait2): a wait rounded down to
        // whole milliseconds was 0 between requests due less than 1 ms apart, i.e. a busy loop
        // that took most of a core away from the deployment being measured.
        const double nextDue = start + double(issued) * 1000.0 / m_o.rate;
        const double waitMs =
            scheduleDone ? 10.0 : std::max(0.0, std::min(10.0, nextDue - nowMs()));
        timespec ts{};
        ts.tv_sec = 0;
        ts.tv_nsec = long(waitMs * 1e6);
        const int n = epoll_pwait2(m_ep, evs.data(), int(evs.size()), &ts, nullptr);
        for (int i = 0; i < n; ++i)
            drive(static_cast<Conn *>(evs[size_t(i)].data.ptr));
        // Dead connections are dropped now and then.
        if (m_conns.size() > size_t(4 * m_o.connections))
            m_conns.erase(std::remove_if(m_conns.begin(), m_conns.end(),
                                         [](const auto &c) { return c->state == Conn::Dead; }),
                          m_conns.end());
    }
    const double elapsed = nowMs() - start;
    for (auto &r : m_queue) { // due within the run, never sent
        ++m_all.errors;
        ++m_all.expired;
        ++m_byKind[int(r->kind)].errors;
        ++m_byKind[int(r->kind)].expired;
    }
    report("all", m_all, elapsed);
    for (int k = 0; k < int(Kind::Count); ++k)
        report(kindName(Kind(k)), m_byKind[k], elapsed);
    std::printf("GEN label=%s due=%ld cpu_s=%.2f cpu_share=%.2f lag_p99_ms=%.2f lag_max_ms=%.2f "
                "connections_opened=%zu connect_failures=%ld resets=%ld\n",
                m_o.label.c_str(), issued, cpuSeconds() - cpu0,
                (cpuSeconds() - cpu0) / (elapsed / 1000), percentile(m_lags, 99), m_maxLagMs,
                m_conns.size(), m_connectsFailed, m_resets);
    return 0;
}

int Loadgen::runBurst()
{
    const double start = nowMs();
    for (int i = 0; i < m_o.burst; ++i)
        openConnection();
    std::vector<epoll_event> evs(4096);
    while (true) {
        const double now = nowMs();
        long open = 0;
        for (auto &c : m_conns) {
            if (c->state == Conn::Dead)
                continue;
            if (now - c->startedMs > m_o.timeoutMs) {
                if (c->req) {
                    closeConn(c.get(), true);
                } else {
                    // Never got to send its request: counts as not answered.
                    ++m_all.errors;
                    closeConn(c.get(), true);
                }
                continue;
            }
            ++open;
        }
        if (open == 0)
            break;
        const int n = epoll_wait(m_ep, evs.data(), int(evs.size()), 50);
        for (int i = 0; i < n; ++i)
            drive(static_cast<Conn *>(evs[size_t(i)].data.ptr));
    }
    const double elapsed = nowMs() - start;
    // Connections that failed before sending their request: not answered either.
    const long notSent = m_o.burst - m_all.sent;
    std::string st;
    for (auto &[code, n] : m_all.statuses)
        st += " status_" + std::to_string(code) + "=" + std::to_string(n);
    std::printf(
        "BURST label=%s connections=%d answered=%ld unanswered=%ld (sent_failed=%ld "
        "never_sent=%ld)%s p50_ms=%.1f p99_ms=%.1f max_ms=%.1f elapsed_ms=%.0f\n",
        m_o.label.c_str(), m_o.burst, m_all.answered, m_o.burst - m_all.answered, m_all.errors,
        notSent, st.c_str(), percentile(m_all.latencies, 50), percentile(m_all.latencies, 99),
        m_all.latencies.empty() ? 0.0f
                                : *std::max_element(m_all.latencies.begin(), m_all.latencies.end()),
        elapsed);
    return m_all.answered == m_o.burst ? 0 : 1;
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
        if (a == "--url") {
            std::string u = val();
            if (u.rfind("https://", 0) != 0)
                die("--url must be https://HOST:PORT");
            u = u.substr(8);
            const size_t colon = u.find(':');
            o.host = u.substr(0, colon);
            o.port = std::atoi(u.c_str() + colon + 1);
        } else if (a == "--cafile") {
            o.cafile = val();
        } else if (a == "--insecure") {
            o.insecure = true;
        } else if (a == "--tokens") {
            o.tokens = readLines(val());
        } else if (a == "--posts") {
            for (auto &l : readLines(val()))
                o.posts.push_back(std::atoll(l.c_str()));
        } else if (a == "--busy") {
            o.busy = std::atoll(val().c_str());
        } else if (a == "--mix") {
            std::string m = val() + ",";
            for (size_t p = 0, q; (q = m.find(',', p)) != std::string::npos; p = q + 1) {
                const std::string item = m.substr(p, q - p);
                const size_t c = item.find(':');
                const std::string name = item.substr(0, c);
                const double w = std::atof(item.c_str() + c + 1);
                if (name == "timeline")
                    o.weights[0] = w;
                else if (name == "comments")
                    o.weights[1] = w;
                else if (name == "likes")
                    o.weights[2] = w;
                else
                    die("--mix: unknown kind " + name);
            }
        } else if (a == "--rate") {
            o.rate = std::atof(val().c_str());
        } else if (a == "--duration") {
            o.duration = std::atof(val().c_str());
        } else if (a == "--connections") {
            o.connections = std::atoi(val().c_str());
        } else if (a == "--burst") {
            o.burst = std::atoi(val().c_str());
        } else if (a == "--timeout") {
            o.timeoutMs = std::atof(val().c_str()) * 1000;
        } else if (a == "--label") {
            o.label = val();
        } else if (a == "--progress") {
            o.progress = true;
        } else if (a == "--likes-initial-liked") {
            o.initialLiked = true;
        } else {
            die("unknown argument " + a + " (see the comment at the top of bench/tl-loadgen.cpp)");
        }
    }
    if (!o.port || o.tokens.empty())
        die("--url and --tokens are needed");
    if (o.weights[2] > 0 && o.posts.empty())
        die("likes need --posts");
    if (o.weights[1] > 0 && !o.busy)
        die("comments need --busy");
    if (o.weights[0] + o.weights[1] + o.weights[2] <= 0)
        o.weights[0] = 1;
    if (!o.burst && o.rate <= 0)
        die("--rate R (requests per second) or --burst N");
    rlimit rl{};
    getrlimit(RLIMIT_NOFILE, &rl);
    rl.rlim_cur = rl.rlim_max;
    setrlimit(RLIMIT_NOFILE, &rl);
    signal(SIGPIPE, SIG_IGN);
    Loadgen g(o);
    return o.burst ? g.runBurst() : g.runRate();
}

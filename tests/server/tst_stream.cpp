// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The push stream (docs/api.md "The push stream"), real HTTP against the real threadline-server:
// a raw socket reads the Server-Sent Events as they come.
//  - the caps: the process's (--max-streams: 503) and one user's (--max-streams-per-user: 429),
//    a bad token (401) and a cursor that is not ours (400), Last-Event-ID over `since`;
//  - a comment reaches an open stream within a second; a hidden comment is a remove for an
//    ordinary user and a `hidden` upsert for a moderator, exactly as /sync gives them;
//  - a reconnect with Last-Event-ID loses nothing and repeats nothing, and the stream's records
//    are those of /sync over the same cursors;
//  - the stream outlives the idle and body timeouts of ordinary requests (it pings);
//  - a cursor older than the change log: `expired`, then the end;
//  - a reader that never reads is dropped with `overflow` while the server's memory stays bounded
//    and other requests are answered;
//  - PostgreSQL: a comment written through one process reaches a stream on another one.

#include "testserver.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QSocketNotifier>
#include <QTcpSocket>
#include <QTest>
#include <QUrl>
#include <algorithm>
#include <arpa/inet.h>
#include <memory>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

using threadline::test::Client;
using threadline::test::HeaderList;
using threadline::test::HttpResult;
using threadline::test::TestServer;

namespace {

const QString kApi = QStringLiteral("/api/v1");
constexpr int kMaxStreams = 12; // --max-streams of the suite's server
constexpr int kPerUser = 8;     // the default --max-streams-per-user

struct SseEvent
{
    QByteArray id;
    QByteArray name;
    QByteArray data;
    qint64 atMs = 0; // when it arrived (the suite's clock)
    [[nodiscard]] QJsonObject json() const { return QJsonDocument::fromJson(data).object(); }
};

QElapsedTimer &suiteClock()
{
    static QElapsedTimer t = [] {
        QElapsedTimer c;
        c.start();
        return c;
    }();
    return t;
}

// One GET /stream on a socket of its own: the answer's head, then its events as they come.
class SseReader
{
public:
    SseReader(quint16 port, const QString &pathAndQuery, const QString &token,
              const HeaderList &headers = {})
    {
        QObject::connect(&m_socket, &QTcpSocket::readyRead, &m_socket, [this] { onRead(); });
        QObject::connect(&m_socket, &QTcpSocket::disconnected, &m_socket,
                         [this] { m_closed = true; });
        m_socket.connectToHost(QStringLiteral("127.0.0.1"), port);
        QByteArray req = "GET " + pathAndQuery.toUtf8() + " HTTP/1.1\r\nHost: 127.0.0.1\r\n";
        if (!token.isEmpty())
            req += "Authorization: Bearer " + token.toUtf8() + "\r\n";
        for (const auto &[name, value] : headers)
            req += name + ": " + value + "\r\n";
        req += "Accept: text/event-stream\r\n\r\n";
        m_socket.write(req);
    }

    [[nodiscard]] int status() const { return m_status; }
    [[nodiscard]] bool closed() const { return m_closed; }
    [[nodiscard]] int pings() const { return m_pings; }
    [[nodiscard]] const QList<SseEvent> &events() const { return m_events; }
    [[nodiscard]] QByteArray head() const { return m_head; }
    // The body of an answer other than 200 (once it is all in).
    [[nodiscard]] QJsonObject errorBody() const
    {
        return QJsonDocument::fromJson(m_buffer).object().value(QStringLiteral("error")).toObject();
    }
    [[nodiscard]] bool headerIs(const QByteArray &name, const QByteArray &value) const
    {
        return m_head.toLower().contains("\r\n" + name.toLower() + ": " + value.toLower() + "\r\n");
    }
    // The `changes` events' records so far.
    [[nodiscard]] QList<QJsonObject> records() const
    {
        QList<QJsonObject> out;
        for (const SseEvent &e : m_events)
            if (e.name == "changes")
                for (const QJsonValue &c : e.json().value(QStringLiteral("changes")).toArray())
                    out.append(c.toObject());
        return out;
    }
    // The first record (kind, id) at or after event index `from`, with the event's arrival.
    [[nodiscard]] std::optional<QPair<QJsonObject, qint64>> find(const QString &kind, qint64 id,
                                                                 qsizetype from = 0) const
    {
        for (qsizetype i = from; i < m_events.size(); ++i) {
            const SseEvent &e = m_events[i];
            if (e.name != "changes")
                continue;
            for (const QJsonValue &v : e.json().value(QStringLiteral("changes")).toArray()) {
                const QJsonObject c = v.toObject();
                if (c.value(QStringLiteral("kind")).toString() == kind &&
                    c.value(QStringLiteral("id")).toInteger() == id)
                    return qMakePair(c, e.atMs);
            }
        }
        return std::nullopt;
    }
    [[nodiscard]] QByteArray lastId() const
    {
        for (qsizetype i = m_events.size() - 1; i >= 0; --i)
            if (!m_events[i].id.isEmpty())
                return m_events[i].id;
        return {};
    }
    void close() { m_socket.abort(); }

private:
    void onRead()
    {
        m_buffer += m_socket.readAll();
        if (m_status == 0) {
            const qsizetype end = m_buffer.indexOf("\r\n\r\n");
            if (end < 0)
                return;
            m_head = m_buffer.left(end + 4);
            m_buffer.remove(0, end + 4);
            m_status = m_head.mid(9, 3).toInt();
        }
        if (m_status != 200)
            return; // the error body stays in m_buffer
        for (;;) {
            const qsizetype end = m_buffer.indexOf("\n\n");
            if (end < 0)
                return;
            const QByteArray block = m_buffer.left(end);
            m_buffer.remove(0, end + 2);
            SseEvent e;
            e.atMs = suiteClock().elapsed();
            bool any = false;
            for (const QByteArray &line : block.split('\n')) {
                if (line.startsWith(':')) {
                    ++m_pings;
                    continue;
                }
                const qsizetype colon = line.indexOf(':');
                const QByteArray field = line.left(colon);
                QByteArray value = colon < 0 ? QByteArray() : line.mid(colon + 1);
                if (value.startsWith(' '))
                    value.remove(0, 1);
                any = true;
                if (field == "id")
                    e.id = value;
                else if (field == "event")
                    e.name = value;
                else if (field == "data")
                    e.data += value;
            }
            if (any)
                m_events.append(e);
        }
    }

    QTcpSocket m_socket;
    QByteArray m_buffer;
    QByteArray m_head;
    int m_status = 0;
    int m_pings = 0;
    bool m_closed = false;
    QList<SseEvent> m_events;
};

qint64 rssKiB(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/status").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    return -1;
}

QString enc(const QString &s)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(s));
}

} // namespace

class TstStream : public QObject
{
    Q_OBJECT

private:
    TestServer m_server;
    QHash<QString, QString> m_tokens;
    qint64 m_post = 0;
    int m_counter = 0;

    std::unique_ptr<Client> as(const QString &user)
    {
        auto c = std::make_unique<Client>(m_server.baseUrl());
        c->setToken(m_tokens.value(user));
        return c;
    }
    std::unique_ptr<SseReader> stream(const QString &user, const QString &query = {},
                                      const HeaderList &headers = {},
                                      const TestServer *on = nullptr)
    {
        return std::make_unique<SseReader>((on ? on : &m_server)->port(),
                                           kApi + QStringLiteral("/stream") + query,
                                           m_tokens.value(user), headers);
    }
    qint64 comment(const QString &user, const QString &content, qint64 post = 0,
                   const TestServer *on = nullptr)
    {
        Client c((on ? on : &m_server)->baseUrl());
        c.setToken(m_tokens.value(user));
        const HttpResult r =
            c.post(kApi + QStringLiteral("/posts/%1/comments").arg(post ? post : m_post),
                   QJsonObject{{QStringLiteral("content"), content}});
        if (r.status != 201) {
            qWarning() << "comment failed:" << r.describe();
            return 0;
        }
        return r.obj().value(QStringLiteral("id")).toInteger();
    }
    QString unique(const QString &prefix)
    {
        return QStringLiteral("%1 #%2").arg(prefix).arg(++m_counter);
    }
    // The comment ids of /sync from `since` to its end, in order, and the final cursor.
    QList<qint64> syncComments(const QString &user, QString since)
    {
        QList<qint64> ids;
        for (int page = 0; page < 100; ++page) {
            const HttpResult r = as(user)->get(kApi + QStringLiteral("/sync?since=") + enc(since));
            if (r.status != 200) {
                qWarning() << r.describe();
                return {};
            }
            for (const QJsonValue &v : r.obj().value(QStringLiteral("changes")).toArray())
                if (v.toObject().value(QStringLiteral("kind")).toString() ==
                    QLatin1String("comment"))
                    ids.append(v.toObject().value(QStringLiteral("id")).toInteger());
            since = r.obj().value(QStringLiteral("next")).toString();
            if (!r.obj().value(QStringLiteral("hasMore")).toBool())
                break;
        }
        return ids;
    }

private Q_SLOTS:
    void initTestCase()
    {
        suiteClock();
        QVERIFY(m_server.start({QStringLiteral("--demo"), QStringLiteral("--stream-ping"),
                                QStringLiteral("0.5"), QStringLiteral("--max-streams"),
                                QString::number(kMaxStreams), QStringLiteral("--idle-timeout"),
                                QStringLiteral("2"), QStringLiteral("--body-timeout"),
                                QStringLiteral("2")}));
        for (const char *u : {"zhangsan", "lisi", "wangwu", "mazi", "moderator"}) {
            Client c(m_server.baseUrl());
            const QString token = c.login(QString::fromLatin1(u));
            QVERIFY2(!token.isEmpty(), u);
            m_tokens.insert(QString::fromLatin1(u), token);
        }
        const HttpResult p = as(QStringLiteral("wangwu"))
                                 ->post(kApi + QStringLiteral("/posts"),
                                        QJsonObject{{"category", "TEXT"},
                                                    {"content", "the stream's post"},
                                                    {"pictureUrls", QJsonArray{}}});
        QCOMPARE(p.status, 201);
        m_post = p.obj().value(QStringLiteral("id")).toInteger();
    }

    // First, while no other stream is open: the process's cap.
    void processCapIs503()
    {
        std::vector<std::unique_ptr<SseReader>> open;
        for (int i = 0; i < kMaxStreams; ++i) {
            open.push_back(
                stream(i < kMaxStreams / 2 ? QStringLiteral("zhangsan") : QStringLiteral("lisi")));
            QTRY_COMPARE(open.back()->status(), 200);
        }
        auto over = stream(QStringLiteral("wangwu"));
        QTRY_COMPARE(over->status(), 503);
        QTRY_COMPARE(over->errorBody().value(QStringLiteral("code")).toString(),
                     QStringLiteral("unavailable"));
        QVERIFY(over->head().contains("Retry-After:"));
        // A place freed is a place taken again (the server sees the close soon after).
        open.front()->close();
        open.erase(open.begin());
        bool reopened = false;
        QElapsedTimer waited;
        waited.start();
        // each try waits for the server's answer; none for a fixed time
        while (!reopened && waited.elapsed() < 5000) {
            auto again = stream(QStringLiteral("wangwu"));
            QVERIFY(QTest::qWaitFor([&] { return again->status() != 0; }, 5000));
            reopened = again->status() == 200;
        }
        QVERIFY(reopened);
    }

    void perUserCapIs429()
    {
        std::vector<std::unique_ptr<SseReader>> open;
        for (int i = 0; i < kPerUser; ++i) {
            open.push_back(stream(QStringLiteral("mazi")));
            QTRY_COMPARE_WITH_TIMEOUT(open.back()->status(), 200, 5000);
        }
        auto ninth = stream(QStringLiteral("mazi"));
        QTRY_COMPARE(ninth->status(), 429);
        QTRY_COMPARE(ninth->errorBody().value(QStringLiteral("code")).toString(),
                     QStringLiteral("rate_limited"));
        QVERIFY(ninth->headerIs("content-type", "application/json"));
        // Another user is not held back by it.
        auto other = stream(QStringLiteral("lisi"));
        QTRY_COMPARE(other->status(), 200);
    }

    void badTokenIs401()
    {
        SseReader none(m_server.port(), kApi + QStringLiteral("/stream"), QString());
        QTRY_COMPARE(none.status(), 401);
        QTRY_COMPARE(none.errorBody().value(QStringLiteral("code")).toString(),
                     QStringLiteral("unauthorized"));
        SseReader bad(m_server.port(), kApi + QStringLiteral("/stream"),
                      QStringLiteral("not-a-token"));
        QTRY_COMPARE(bad.status(), 401);
    }

    void foreignCursorIs400AndLastEventIdWins()
    {
        auto garbage = stream(QStringLiteral("zhangsan"), QStringLiteral("?since=bm90LW91cnM"));
        QTRY_COMPARE(garbage->status(), 400);
        QTRY_COMPARE(garbage->errorBody().value(QStringLiteral("code")).toString(),
                     QStringLiteral("bad_request"));
        auto badHeader = stream(QStringLiteral("zhangsan"), {}, {{"Last-Event-ID", "x:y"}});
        QTRY_COMPARE(badHeader->status(), 400);
        // A good Last-Event-ID wins over a bad since.
        const QString cursor = as(QStringLiteral("zhangsan"))
                                   ->get(kApi + QStringLiteral("/sync"))
                                   .obj()
                                   .value(QStringLiteral("next"))
                                   .toString();
        auto resumed = stream(QStringLiteral("zhangsan"), QStringLiteral("?since=bm90LW91cnM"),
                              {{"Last-Event-ID", cursor.toLatin1()}});
        QTRY_COMPARE(resumed->status(), 200);
        QVERIFY(resumed->headerIs("content-type", "text/event-stream"));
        QVERIFY(resumed->headerIs("cache-control", "no-cache"));
        QVERIFY(resumed->headerIs("x-accel-buffering", "no"));
        QVERIFY(!resumed->head().toLower().contains("content-length"));
    }

    void commentReachesStreamWithinASecond()
    {
        auto a = stream(QStringLiteral("zhangsan"));
        QTRY_COMPARE(a->events().size(), 1);
        QCOMPARE(a->events().first().name, QByteArray("hello"));
        QVERIFY(!a->events().first().id.isEmpty());
        QCOMPARE(a->events().first().json().value(QStringLiteral("next")).toString().toLatin1(),
                 a->events().first().id);
        QList<qint64> latencies;
        for (int i = 0; i < 5; ++i) {
            const qint64 before = suiteClock().elapsed();
            const qint64 id = comment(QStringLiteral("lisi"), unique(QStringLiteral("live")));
            QVERIFY(id);
            QTRY_VERIFY_WITH_TIMEOUT(a->find(QStringLiteral("comment"), id).has_value(), 1000);
            const auto [record, at] = *a->find(QStringLiteral("comment"), id);
            QCOMPARE(record.value(QStringLiteral("op")).toString(), QStringLiteral("upsert"));
            QCOMPARE(
                record.value(QStringLiteral("data")).toObject().value(QStringLiteral("content")),
                QJsonValue(QStringLiteral("live #%1").arg(m_counter)));
            latencies.append(at - before);
        }
        std::sort(latencies.begin(), latencies.end());
        qInfo("write → event (POST sent to event read): median %lld ms, max %lld ms",
              latencies[latencies.size() / 2], latencies.last());
        // Every changes event's id is its data's next.
        for (const SseEvent &e : a->events())
            if (e.name == "changes")
                QCOMPARE(e.json().value(QStringLiteral("next")).toString().toLatin1(), e.id);
    }

    void hiddenCommentIsRemoveOrHiddenUpsert()
    {
        auto ordinary = stream(QStringLiteral("zhangsan"));
        auto moderator = stream(QStringLiteral("moderator"));
        QTRY_COMPARE(ordinary->events().size(), 1);
        QTRY_COMPARE(moderator->events().size(), 1);
        const qint64 id = comment(QStringLiteral("lisi"), unique(QStringLiteral("to hide")));
        QVERIFY(id);
        QTRY_VERIFY(ordinary->find(QStringLiteral("comment"), id).has_value());
        QTRY_VERIFY(moderator->find(QStringLiteral("comment"), id).has_value());
        const qsizetype o0 = ordinary->events().size(), m0 = moderator->events().size();
        const HttpResult h =
            as(QStringLiteral("moderator"))
                ->post(kApi + QStringLiteral("/moderation/comments/%1/hide").arg(id),
                       QJsonObject{{"reason", "test"}});
        QVERIFY2(h.status == 200 || h.status == 204, h.describe().constData());
        QTRY_VERIFY(ordinary->find(QStringLiteral("comment"), id, o0).has_value());
        QTRY_VERIFY(moderator->find(QStringLiteral("comment"), id, m0).has_value());
        const QJsonObject forOrdinary = ordinary->find(QStringLiteral("comment"), id, o0)->first;
        const QJsonObject forModerator = moderator->find(QStringLiteral("comment"), id, m0)->first;
        QCOMPARE(forOrdinary.value(QStringLiteral("op")).toString(), QStringLiteral("remove"));
        QVERIFY(!forOrdinary.contains(QStringLiteral("data")));
        QCOMPARE(forModerator.value(QStringLiteral("op")).toString(), QStringLiteral("upsert"));
        QCOMPARE(forModerator.value(QStringLiteral("data"))
                     .toObject()
                     .value(QStringLiteral("status"))
                     .toString(),
                 QStringLiteral("hidden"));
    }

    void reconnectLosesNothingRepeatsNothing()
    {
        const QString start = as(QStringLiteral("zhangsan"))
                                  ->get(kApi + QStringLiteral("/sync"))
                                  .obj()
                                  .value(QStringLiteral("next"))
                                  .toString();
        QVERIFY(!start.isEmpty());
        auto first = stream(QStringLiteral("zhangsan"), QStringLiteral("?since=") + enc(start));
        QTRY_COMPARE(first->status(), 200);
        QList<qint64> written;
        for (int i = 0; i < 4; ++i) {
            written.append(comment(QStringLiteral("lisi"), unique(QStringLiteral("before"))));
            QVERIFY(written.last());
        }
        QTRY_VERIFY(first->find(QStringLiteral("comment"), written.last()).has_value());
        const QByteArray lastId = first->lastId();
        QList<qint64> seen;
        for (const QJsonObject &c : first->records())
            if (c.value(QStringLiteral("kind")).toString() == QLatin1String("comment"))
                seen.append(c.value(QStringLiteral("id")).toInteger());
        first->close();
        // Written while no stream is open: the reconnect must bring exactly these.
        for (int i = 0; i < 4; ++i) {
            written.append(comment(QStringLiteral("lisi"), unique(QStringLiteral("while away"))));
            QVERIFY(written.last());
        }
        // An EventSource reconnects to the same URL (the old since) with Last-Event-ID.
        auto second = stream(QStringLiteral("zhangsan"), QStringLiteral("?since=") + enc(start),
                             {{"Last-Event-ID", lastId}});
        QTRY_VERIFY(second->find(QStringLiteral("comment"), written.last()).has_value());
        written.append(comment(QStringLiteral("lisi"), unique(QStringLiteral("after"))));
        QTRY_VERIFY(second->find(QStringLiteral("comment"), written.last()).has_value());
        QVERIFY(second->events().first().name == "changes"); // no hello on a resume
        for (const QJsonObject &c : second->records())
            if (c.value(QStringLiteral("kind")).toString() == QLatin1String("comment"))
                seen.append(c.value(QStringLiteral("id")).toInteger());
        QCOMPARE(seen, written); // in order, none missing, none twice
        // And exactly what /sync gives over the same range.
        QCOMPARE(syncComments(QStringLiteral("zhangsan"), start), written);
        // The resumed stream's first event continues from the last id (its own range starts
        // there: /sync from lastId gives the same records as the second stream).
        QCOMPARE(syncComments(QStringLiteral("zhangsan"), QString::fromLatin1(lastId)),
                 written.mid(4));
    }

    void streamOutlivesRequestTimeouts()
    {
        // --idle-timeout 2 and --body-timeout 2: the stream lives on its pings (every 0.5 s).
        auto a = stream(QStringLiteral("wangwu"));
        QTRY_COMPARE(a->events().size(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(a->pings() >= 7, 10000);
        QVERIFY(!a->closed());
        const qint64 id = comment(QStringLiteral("lisi"), unique(QStringLiteral("still there")));
        QTRY_VERIFY_WITH_TIMEOUT(a->find(QStringLiteral("comment"), id).has_value(), 1000);
    }

    void oldCursorIsExpired()
    {
        const QString now = as(QStringLiteral("zhangsan"))
                                ->get(kApi + QStringLiteral("/sync"))
                                .obj()
                                .value(QStringLiteral("next"))
                                .toString();
        QList<QByteArray> parts =
            QByteArray::fromBase64(now.toLatin1(), QByteArray::Base64UrlEncoding).split(':');
        parts.last() = "1"; // given out in 1970
        const QString old = QString::fromLatin1(parts.join(':').toBase64(
            QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
        QCOMPARE(as(QStringLiteral("zhangsan"))
                     ->get(kApi + QStringLiteral("/sync?since=") + enc(old))
                     .status,
                 410);
        auto s = stream(QStringLiteral("zhangsan"), QStringLiteral("?since=") + enc(old));
        QTRY_COMPARE(s->events().size(), 1);
        QCOMPARE(s->events().first().name, QByteArray("expired"));
        QTRY_VERIFY(s->closed());
    }

    void stuckReaderIsDroppedWithBoundedMemory()
    {
        const qint64 pid = m_server.pid();
        QVERIFY(pid > 0);
        // A reader that never reads, with a small receive window.
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        QVERIFY(fd >= 0);
        const int small = 4096;
        ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
        sockaddr_in addr = {};
        addr.sin_family = AF_INET;
        addr.sin_port = htons(m_server.port());
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        QCOMPARE(::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr), 0);
        const QByteArray req = "GET /api/v1/stream?comments=5 HTTP/1.1\r\nHost: x\r\n"
                               "Authorization: Bearer " +
                               m_tokens.value(QStringLiteral("wangwu")).toUtf8() + "\r\n\r\n";
        QCOMPARE(::write(fd, req.constData(), size_t(req.size())), ssize_t(req.size()));
        auto watcher = stream(QStringLiteral("zhangsan")); // a reader that keeps up
        QTRY_COMPARE(watcher->events().size(), 1);
        const qint64 rssBefore = rssKiB(pid);
        const qsizetype logBefore = m_server.stderrLog().size();
        // 500 characters of 3 bytes: every event carries ~1.5 KiB six times (the comment and the
        // post's 5 inline comments).
        const QString big = QString(499, QChar(0x6d41));
        qint64 rssMax = rssBefore, healthMaxMs = 0;
        int writes = 0;
        bool dropped = false;
        for (; writes < 3000 && !dropped; ++writes) {
            QVERIFY(comment(QStringLiteral("lisi"), big + QChar(u'a' + writes % 26)));
            if (writes % 25 == 0) {
                rssMax = std::max(rssMax, rssKiB(pid));
                QElapsedTimer t;
                t.start();
                QCOMPARE(as(QStringLiteral("mazi"))->get(kApi + QStringLiteral("/health")).status,
                         200);
                healthMaxMs = std::max(healthMaxMs, t.elapsed());
            }
            QCoreApplication::processEvents();
            dropped = m_server.stderrLog().mid(logBefore).contains("dropped: too slow");
        }
        QVERIFY2(dropped, "the stuck reader was never dropped");
        rssMax = std::max(rssMax, rssKiB(pid));
        qInfo("stuck reader dropped after %d writes; server RSS %lld KiB before, at most %lld "
              "KiB during (+%lld KiB); slowest /health %lld ms",
              writes, rssBefore, rssMax, rssMax - rssBefore, healthMaxMs);
        QVERIFY2(rssMax - rssBefore < 48 * 1024, "the server's memory grew without bound");
        QVERIFY(healthMaxMs < 1000);
        // The reader that kept up is still served, and got every write.
        const qint64 id =
            comment(QStringLiteral("lisi"), unique(QStringLiteral("after the flood")));
        QTRY_VERIFY_WITH_TIMEOUT(watcher->find(QStringLiteral("comment"), id).has_value(), 2000);
        QVERIFY(!watcher->closed());
        // What the stuck reader finally reads ends with overflow, then the end.
        QByteArray got;
        char buf[65536];
        QElapsedTimer t;
        t.start();
        for (;;) {
            const ssize_t n = ::read(fd, buf, sizeof buf);
            if (n <= 0 || t.elapsed() > 20000)
                break;
            got.append(buf, qsizetype(n));
        }
        ::close(fd);
        QVERIFY2(got.endsWith(
                     "event: overflow\ndata: {\"catchUp\":\"/sync\",\"error\":\"too_slow\"}\n\n"),
                 got.right(200).constData());
    }

    void writeThroughOtherProcessReachesStream()
    {
        if (!m_server.isPostgres())
            QSKIP("two processes on one database: PostgreSQL only");
        TestServer second;
        QVERIFY(second.start({QStringLiteral("--db"), m_server.dbUrl()}));
        auto a = stream(QStringLiteral("zhangsan"), {}, {}, &second);
        QTRY_COMPARE(a->events().size(), 1);
        QList<qint64> latencies;
        for (int i = 0; i < 5; ++i) {
            const qint64 before = suiteClock().elapsed();
            const qint64 id = comment(QStringLiteral("lisi"), unique(QStringLiteral("across")));
            QVERIFY(id);
            QTRY_VERIFY_WITH_TIMEOUT(a->find(QStringLiteral("comment"), id).has_value(), 1000);
            latencies.append(a->find(QStringLiteral("comment"), id)->second - before);
        }
        std::sort(latencies.begin(), latencies.end());
        qInfo("write on process 1 → event on process 2: median %lld ms, max %lld ms",
              latencies[latencies.size() / 2], latencies.last());
        // And a like (one statement of a function, on a worker) through process 1.
        const HttpResult like =
            as(QStringLiteral("mazi"))->put(kApi + QStringLiteral("/posts/%1/like").arg(m_post));
        QCOMPARE(like.status, 200);
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                for (const QJsonObject &c : a->records())
                    if (c.value(QStringLiteral("kind")).toString() == QLatin1String("post") &&
                        c.value(QStringLiteral("id")).toInteger() == m_post &&
                        c.value(QStringLiteral("data"))
                                .toObject()
                                .value(QStringLiteral("likeCount"))
                                .toInt() >= 1)
                        return true;
                return false;
            }(),
            1000);
    }
};

QTEST_GUILESS_MAIN(TstStream)
#include "tst_stream.moc"

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tst_imagecache: the image cache against the real threadline-server's demo media and scripted
// HTTP peers on loopback — decoding, memory and disk caching (requests counted in the server's
// log), one fetch per URL, the origin rule (another origin untouched until loadAnyway(), then
// without Authorization), offline (no request at all), the disk cap, hostile bytes.
// Waits on signals only (a QEventLoop that ends on the awaited signal, with a time limit).

#include "images/imagecache.h"
#include "net/apiclient.h"
#include "testserver.h"

#include <QBuffer>
#include <QDir>
#include <QDirIterator>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QImage>
#include <QJsonArray>
#include <QJsonObject>
#include <QPointer>
#include <QSet>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTimer>
#include <QtEndian>
#include <QtTest>

#include <memory>

using threadline::core::ImageCache;
using threadline::test::Client;
using threadline::test::TestServer;

namespace {

QByteArray pngBytes(int w = 8, int h = 8, QColor color = Qt::red)
{
    QImage img(w, h, QImage::Format_RGB32);
    img.fill(color);
    QByteArray bytes;
    QBuffer buf(&bytes);
    buf.open(QIODevice::WriteOnly);
    img.save(&buf, "PNG");
    return bytes;
}

quint32 crc32(const QByteArray &data)
{
    quint32 crc = 0xffffffffu;
    for (char ch : data) {
        crc ^= quint8(ch);
        for (int k = 0; k < 8; ++k)
            crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

// A valid small PNG whose header claims width × height (a decompression bomb's header).
QByteArray pngClaiming(quint32 width, quint32 height)
{
    QByteArray png = pngBytes(1, 1);
    // 8-byte signature, then the IHDR chunk: length(4) "IHDR"(4) width(4) height(4) … crc(4).
    const int typeAt = 12;
    Q_ASSERT(png.mid(typeAt, 4) == "IHDR");
    qToBigEndian(width, png.data() + 16);
    qToBigEndian(height, png.data() + 20);
    const quint32 crc = crc32(png.mid(typeAt, 4 + 13));
    qToBigEndian(crc, png.data() + typeAt + 4 + 13);
    return png;
}

QByteArray httpResponse(int status, const QByteArray &contentType, const QByteArray &body,
                        const QByteArray &extraHeaders = {})
{
    QByteArray out = "HTTP/1.1 " + QByteArray::number(status) + " X\r\n";
    if (!contentType.isEmpty())
        out += "Content-Type: " + contentType + "\r\n";
    out += extraHeaders;
    out += "Content-Length: " + QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n";
    return out + body;
}

qint64 directorySize(const QString &dir)
{
    qint64 total = 0;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        it.next();
        total += it.fileInfo().size();
    }
    return total;
}

int fileCount(const QString &dir)
{
    int n = 0;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        it.next();
        ++n;
    }
    return n;
}

} // namespace

// A scripted HTTP peer on 127.0.0.1 (another origin than the server): counts connections, keeps
// every request's raw bytes, answers each with `response` — or never, when silent.
class FakeHttp : public QObject
{
    Q_OBJECT

public:
    bool start()
    {
        connect(&m_server, &QTcpServer::newConnection, this, &FakeHttp::onConnection);
        return m_server.listen(QHostAddress::LocalHost, 0);
    }
    [[nodiscard]] QUrl url(const QString &path) const
    {
        return QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(m_server.serverPort()).arg(path));
    }

    int connections = 0;
    QList<QByteArray> requests;
    QByteArray response;
    bool silent = false;

Q_SIGNALS:
    void requestReceived();

private:
    void onConnection()
    {
        while (QTcpSocket *socket = m_server.nextPendingConnection()) {
            ++connections;
            auto buffer = std::make_shared<QByteArray>();
            connect(socket, &QTcpSocket::readyRead, this, [this, socket, buffer] {
                *buffer += socket->readAll();
                if (!buffer->contains("\r\n\r\n"))
                    return;
                requests.append(*buffer);
                buffer->clear();
                Q_EMIT requestReceived();
                if (!silent) {
                    socket->write(response);
                    socket->disconnectFromHost();
                }
            });
            connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        }
    }

    QTcpServer m_server;
};

// Records what a cache reported, by URL; wait() runs the event loop until the URL is reported.
class Recorder : public QObject
{
    Q_OBJECT

public:
    explicit Recorder(ImageCache *cache)
    {
        connect(cache, &ImageCache::imageReady, this, [this](const QUrl &url, const QImage &img) {
            ready[url] += 1;
            images[url] = img;
            Q_EMIT reported(url);
        });
        connect(cache, &ImageCache::imageFailed, this,
                [this](const QUrl &url, const QString &reason) {
                    failed[url] += 1;
                    reasons[url] = reason;
                    Q_EMIT reported(url);
                });
    }

    // True once url is reported (now or within timeoutMs).
    bool wait(const QUrl &url, int timeoutMs = 30000)
    {
        if (ready.contains(url) || failed.contains(url))
            return true;
        QEventLoop loop;
        QTimer limit;
        limit.setSingleShot(true);
        connect(&limit, &QTimer::timeout, &loop, &QEventLoop::quit);
        connect(this, &Recorder::reported, &loop, [&](const QUrl &u) {
            if (u == url)
                loop.quit();
        });
        limit.start(timeoutMs);
        loop.exec();
        return ready.contains(url) || failed.contains(url);
    }

    QHash<QUrl, int> ready;
    QHash<QUrl, int> failed;
    QHash<QUrl, QImage> images;
    QHash<QUrl, QString> reasons;

Q_SIGNALS:
    void reported(const QUrl &url);
};

class TestImageCache : public QObject
{
    Q_OBJECT

private:
    TestServer m_server;
    std::unique_ptr<Client> m_client;
    QString m_token;
    QStringList m_media; // "/api/v1/media/<name>.png", distinct
    qint64 m_largestMedia = 0;
    qint64 m_mediaTotal = 0;
    QTemporaryDir m_dirs;
    int m_dirCount = 0;
    QString m_loadedDir; // loadDecodeAndCache's disk cache (holds m_media[0])

    QString freshDir() { return m_dirs.filePath(QStringLiteral("cache%1").arg(++m_dirCount)); }

    std::unique_ptr<ImageCache> newCache(const QString &dir)
    {
        auto cache = std::make_unique<ImageCache>();
        cache->setServer(m_server.baseUrl());
        cache->setToken(m_token);
        cache->setDiskCacheDirectory(dir);
        return cache;
    }

    // GET requests for path the server has logged so far. A request to /health first: the
    // server logs each request before its answer leaves, in order, so what this process sent
    // earlier is in the log by the time that answer is back.
    int requestsFor(const QString &path)
    {
        const auto health = m_client->get(QStringLiteral("/api/v1/health"));
        if (health.status != 200)
            return -1;
        const QByteArray needle = "GET " + path.toUtf8() + ' ';
        int n = 0;
        for (const QByteArray &line : m_server.stderrLog().split('\n')) {
            if (TestServer::logText(line).startsWith(needle))
                ++n;
        }
        return n;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dirs.isValid());
        QVERIFY(m_server.start());
        m_client = std::make_unique<Client>(m_server.baseUrl());
        m_token = m_client->login(QStringLiteral("zhangsan"));
        QVERIFY(!m_token.isEmpty());

        QSet<QString> seen;
        auto add = [&](const QString &url) {
            if (url.startsWith(QLatin1String("/api/v1/media/")) && !seen.contains(url)) {
                seen.insert(url);
                m_media.append(url);
            }
        };
        const auto sample = m_client->get(QStringLiteral("/api/v1/posts/90012"));
        QCOMPARE(sample.status, 200);
        for (const QJsonValue &v : sample.obj().value(QLatin1String("pictureUrls")).toArray())
            add(v.toString());
        const auto timeline = m_client->get(QStringLiteral("/api/v1/timeline?scope=all&limit=50"));
        QCOMPARE(timeline.status, 200);
        for (const QJsonValue &post : timeline.items()) {
            for (const QJsonValue &v :
                 post.toObject().value(QLatin1String("pictureUrls")).toArray())
                add(v.toString());
            add(post.toObject()
                    .value(QLatin1String("author"))
                    .toObject()
                    .value(QLatin1String("headImg"))
                    .toString());
        }
        QVERIFY2(m_media.size() >= 14, qPrintable(QString::number(m_media.size())));
        for (const QString &url : std::as_const(m_media)) {
            const QFileInfo file(QDir(m_server.mediaDir()).filePath(url.section(u'/', -1)));
            QVERIFY2(file.exists(), qPrintable(file.filePath()));
            m_largestMedia = std::max(m_largestMedia, file.size());
            m_mediaTotal += file.size();
        }
    }

    void resolveAndOrigin_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("resolved"); // "" = cannot be loaded; "SERVER" = base
        QTest::addColumn<bool>("own");

        QTest::newRow("media path") << "/api/v1/media/a.png"
                                    << "SERVER/api/v1/media/a.png" << true;
        QTest::newRow("absolute own") << "SERVER/api/v1/media/b.png"
                                      << "SERVER/api/v1/media/b.png" << true;
        QTest::newRow("other host") << "http://example.com/x.png"
                                    << "http://example.com/x.png" << false;
        QTest::newRow("other port") << "http://127.0.0.1:1/x.png"
                                    << "http://127.0.0.1:1/x.png" << false;
        QTest::newRow("https same host") << "https://127.0.0.1/x.png"
                                         << "https://127.0.0.1/x.png" << false;
        QTest::newRow("protocol-relative") << "//evil.example/x.png"
                                           << "http://evil.example/x.png" << false;
        QTest::newRow("fragment dropped") << "/api/v1/media/c.png#frag"
                                          << "SERVER/api/v1/media/c.png" << true;
        QTest::newRow("relative without slash") << "media/a.png"
                                                << "" << false;
        QTest::newRow("file") << "file:///etc/passwd"
                              << "" << false;
        QTest::newRow("data") << "data:image/png;base64,AAAA"
                              << "" << false;
        QTest::newRow("javascript") << "javascript:alert(1)"
                                    << "" << false;
        QTest::newRow("credentials in URL") << "http://user:pw@example.com/x.png"
                                            << "" << false;
        QTest::newRow("empty") << ""
                               << "" << false;
    }

    void resolveAndOrigin()
    {
        QFETCH(QString, input);
        QFETCH(QString, resolved);
        QFETCH(bool, own);
        const QString base = m_server.baseUrl().toString();
        input.replace(QLatin1String("SERVER"), base);
        resolved.replace(QLatin1String("SERVER"), base);

        auto cache = newCache(freshDir());
        const QUrl url = cache->resolve(input);
        QCOMPARE(url.toString(), resolved);
        QCOMPARE(cache->isOwnOrigin(url), own);
        if (resolved.isEmpty()) {
            QCOMPARE(cache->load(input), ImageCache::State::Failed);
            QCOMPARE(cache->loadAnyway(QUrl(input)), ImageCache::State::Failed);
            QCOMPARE(cache->pendingCount(), 0);
        } else if (!own) {
            QCOMPARE(cache->load(input), ImageCache::State::Blocked);
            QCOMPARE(cache->pendingCount(), 0);
        }
    }

    // Loads and decodes; the second load comes from memory, a new cache's from disk.
    void loadDecodeAndCache()
    {
        const QString dir = freshDir();
        m_loadedDir = dir;
        const QString path = m_media.at(0);
        auto cache = newCache(dir);
        Recorder rec(cache.get());
        const QUrl url = cache->resolve(path);
        QVERIFY(cache->isOwnOrigin(url));

        QCOMPARE(cache->load(path), ImageCache::State::Loading);
        QVERIFY(rec.wait(url));
        QVERIFY2(rec.ready.value(url) == 1, qPrintable(rec.reasons.value(url)));
        const QImage img = rec.images.value(url);
        QVERIFY(!img.isNull());
        QVERIFY(img.width() > 0 && img.height() > 0);
        QCOMPARE(requestsFor(path), 1);

        // Memory.
        QCOMPARE(cache->load(path), ImageCache::State::Ready);
        QCOMPARE(cache->image(path), img);
        QCOMPARE(cache->image(url), img);

        // Disk: a fresh cache (empty memory) on the same directory.
        auto second = newCache(dir);
        Recorder rec2(second.get());
        QCOMPARE(second->load(path), ImageCache::State::Loading);
        QVERIFY(rec2.wait(url));
        QCOMPARE(rec2.ready.value(url), 1);
        QCOMPARE(rec2.images.value(url), img);
        QCOMPARE(requestsFor(path), 1); // no second request
        QCOMPARE(second->load(path), ImageCache::State::Ready);
    }

    // Many asks for one URL while it loads: one request, one signal.
    void dedupeConcurrent()
    {
        const QString path = m_media.at(1);
        auto cache = newCache(freshDir());
        Recorder rec(cache.get());
        const QUrl url = cache->resolve(path);
        for (int i = 0; i < 5; ++i)
            QCOMPARE(cache->load(path), ImageCache::State::Loading);
        QCOMPARE(cache->load(url.toString()), ImageCache::State::Loading);
        QCOMPARE(cache->pendingCount(), 1);
        QVERIFY(rec.wait(url));
        QCOMPARE(rec.ready.value(url), 1);
        QCOMPARE(cache->pendingCount(), 0);
        QCOMPARE(requestsFor(path), 1);
    }

    // Another origin is not contacted until loadAnyway(), and then without Authorization.
    void otherOriginBlockedUntilLoadAnyway()
    {
        FakeHttp other;
        QVERIFY(other.start());
        other.response = httpResponse(200, "image/png", pngBytes(5, 7));

        auto cache = newCache(freshDir());
        Recorder rec(cache.get());
        const QUrl url = other.url(QStringLiteral("/pic.png"));
        QCOMPARE(cache->load(url), ImageCache::State::Blocked);
        QCOMPARE(cache->state(url), ImageCache::State::Blocked);
        QCOMPARE(cache->load(QStringLiteral("//127.0.0.1:%1/pic.png").arg(url.port())),
                 ImageCache::State::Blocked);
        QCOMPARE(cache->pendingCount(), 0);

        // Let the event loop run (an own-origin load to completion): still nobody called.
        const QString own = m_media.at(2);
        QCOMPARE(cache->load(own), ImageCache::State::Loading);
        QVERIFY(rec.wait(cache->resolve(own)));
        QCOMPARE(rec.ready.value(cache->resolve(own)), 1);
        QCOMPARE(other.connections, 0);
        QVERIFY(!rec.ready.contains(url) && !rec.failed.contains(url));

        // The user clicks.
        QCOMPARE(cache->loadAnyway(url), ImageCache::State::Loading);
        QVERIFY(rec.wait(url));
        QCOMPARE(rec.ready.value(url), 1);
        QCOMPARE(rec.images.value(url).size(), QSize(5, 7));
        QCOMPARE(other.connections, 1);
        QCOMPARE(other.requests.size(), 1);
        const QByteArray raw = other.requests.first();
        QVERIFY2(raw.startsWith("GET /pic.png HTTP/1.1\r\n"), raw.constData());
        QVERIFY2(!raw.toLower().contains("authorization"), raw.constData());
        QVERIFY2(!raw.contains(m_token.toUtf8()), raw.constData());
        QVERIFY2(!raw.toLower().contains("cookie"), raw.constData());

        // Allowed from now on: served from memory.
        QCOMPARE(cache->load(url), ImageCache::State::Ready);
        QCOMPARE(other.connections, 1);
    }

    // The token goes to the server's origin, and a redirect cannot carry it elsewhere.
    void tokenOnlyToOwnOrigin()
    {
        FakeHttp own;
        QVERIFY(own.start());
        FakeHttp other;
        QVERIFY(other.start());
        other.response = httpResponse(200, "image/png", pngBytes());

        auto cache = std::make_unique<ImageCache>();
        cache->setServer(own.url(QString()));
        cache->setToken(QStringLiteral("tok-123"));
        cache->setDiskCacheDirectory(freshDir());
        Recorder rec(cache.get());

        own.response = httpResponse(200, "image/png", pngBytes());
        const QUrl a = cache->resolve(QStringLiteral("/a.png"));
        QCOMPARE(cache->load(QStringLiteral("/a.png")), ImageCache::State::Loading);
        QVERIFY(rec.wait(a));
        QCOMPARE(rec.ready.value(a), 1);
        QCOMPARE(own.requests.size(), 1);
        QVERIFY2(own.requests.first().contains("\r\nAuthorization: Bearer tok-123\r\n"),
                 own.requests.first().constData());

        // A redirect from the server to another origin is not followed.
        own.response = httpResponse(
            302, {}, {}, "Location: " + other.url(QStringLiteral("/b.png")).toEncoded() + "\r\n");
        const QUrl r = cache->resolve(QStringLiteral("/redirect.png"));
        QCOMPARE(cache->load(r), ImageCache::State::Loading);
        QVERIFY(rec.wait(r));
        QCOMPARE(rec.failed.value(r), 1);
        QCOMPARE(other.connections, 0);
    }

    // Offline: not one request; the disk cache still serves; back online, loads again.
    void offline()
    {
        // m_media[3] was never loaded; m_media[0] is on disk in loadDecodeAndCache's directory.
        const QString uncached = m_media.at(3);
        auto cache = newCache(freshDir());
        Recorder rec(cache.get());
        cache->setOffline(true);
        const QUrl url = cache->resolve(uncached);
        QCOMPARE(cache->load(uncached), ImageCache::State::Loading);
        QVERIFY(rec.wait(url));
        QCOMPARE(rec.failed.value(url), 1);
        QVERIFY2(rec.reasons.value(url).contains(QLatin1String("ffline")),
                 qPrintable(rec.reasons.value(url)));
        QCOMPARE(requestsFor(uncached), 0);
        QCOMPARE(cache->load(uncached), ImageCache::State::Failed); // no retry on every paint

        // Not even a user's click reaches the network.
        FakeHttp other;
        QVERIFY(other.start());
        other.response = httpResponse(200, "image/png", pngBytes());
        const QUrl ext = other.url(QStringLiteral("/x.png"));
        QCOMPARE(cache->loadAnyway(ext), ImageCache::State::Loading);
        QVERIFY(rec.wait(ext));
        QCOMPARE(rec.failed.value(ext), 1);
        QCOMPARE(other.connections, 0);

        // From loadDecodeAndCache's disk cache, offline.
        const QString cachedPath = m_media.at(0);
        const int before = requestsFor(cachedPath);
        QVERIFY(!m_loadedDir.isEmpty());
        auto fromDisk = newCache(m_loadedDir);
        fromDisk->setOffline(true);
        Recorder rec2(fromDisk.get());
        const QUrl cachedUrl = fromDisk->resolve(cachedPath);
        QCOMPARE(fromDisk->load(cachedPath), ImageCache::State::Loading);
        QVERIFY(rec2.wait(cachedUrl));
        QVERIFY2(rec2.ready.value(cachedUrl) == 1, qPrintable(rec2.reasons.value(cachedUrl)));
        QCOMPARE(requestsFor(cachedPath), before);

        // Back online: the failure is forgotten and the picture loads.
        cache->setOffline(false);
        rec.failed.clear();
        QCOMPARE(cache->load(uncached), ImageCache::State::Loading);
        QVERIFY(rec.wait(url));
        QCOMPARE(rec.ready.value(url), 1);
        QCOMPARE(requestsFor(uncached), 1);
    }

    // Going offline cuts off a download in flight at once.
    void offlineAbortsInFlight()
    {
        FakeHttp other;
        QVERIFY(other.start());
        other.silent = true;
        auto cache = newCache(freshDir());
        Recorder rec(cache.get());
        const QUrl url = other.url(QStringLiteral("/slow.png"));
        QSignalSpy received(&other, &FakeHttp::requestReceived);
        QCOMPARE(cache->loadAnyway(url), ImageCache::State::Loading);
        QVERIFY(received.wait(30000));
        cache->setOffline(true);
        QCOMPARE(rec.failed.value(url), 1); // at once, from inside setOffline()
        QCOMPARE(cache->pendingCount(), 0);
    }

    // The disk cache stays within its cap (plus at most one item).
    void diskCapEnforced()
    {
        const QString dir = freshDir();
        auto cache = newCache(dir);
        const qint64 average = m_mediaTotal / m_media.size();
        const qint64 cap = average * 3;
        cache->setDiskCacheMaxBytes(cap);
        QCOMPARE(cache->diskCacheMaxBytes(), cap);
        Recorder rec(cache.get());
        const int n = std::min<int>(int(m_media.size()), 14);
        for (int i = 0; i < n; ++i)
            cache->load(m_media.at(i));
        for (int i = 0; i < n; ++i) {
            const QUrl url = cache->resolve(m_media.at(i));
            QVERIFY(rec.wait(url));
            QVERIFY2(rec.ready.value(url) == 1, qPrintable(rec.reasons.value(url)));
        }
        const qint64 size = directorySize(dir);
        QVERIFY2(size <= cap + m_largestMedia,
                 qPrintable(QStringLiteral("%1 > %2 + %3").arg(size).arg(cap).arg(m_largestMedia)));
        QVERIFY(size > 0);
        QVERIFY(fileCount(dir) < n);

        // The default cap.
        ImageCache fresh;
        QCOMPARE(fresh.diskCacheMaxBytes(), 200LL * 1024 * 1024);
        QCOMPARE(fresh.memoryCacheMaxBytes(), 8LL * 1024 * 1024); // a screen of fresh decodes
    }

    // The disk cache's use (Preferences: "Using 12.3 MB of 200 MB"), counted off the GUI thread
    // as the directory's files are; Clear empties it (files of another kind stay) and the use
    // is 0; the file of a URL holds the bytes as downloaded (Save image as… copies them).
    void diskUseAndClear()
    {
        const QString dir = freshDir();
        auto cache = newCache(dir);
        Recorder rec(cache.get());
        for (int i = 0; i < 3; ++i)
            cache->load(m_media.at(i));
        for (int i = 0; i < 3; ++i)
            QVERIFY(rec.wait(cache->resolve(m_media.at(i))));
        QSignalSpy use(cache.get(), &ImageCache::diskCacheUsage);
        cache->requestDiskCacheUsage();
        QVERIFY(use.wait(10000));
        QCOMPARE(use.at(0).at(0).toLongLong(), directorySize(dir));
        QVERIFY(directorySize(dir) > 0);

        const QString file = cache->diskCacheFile(m_media.at(0));
        QCOMPARE(QFileInfo(file).absolutePath(), QFileInfo(dir).absoluteFilePath());
        QFile cached(file);
        QVERIFY(cached.open(QIODevice::ReadOnly));
        QFile served(QDir(m_server.mediaDir()).filePath(m_media.at(0).section(u'/', -1)));
        QVERIFY(served.open(QIODevice::ReadOnly));
        QCOMPARE(cached.readAll(), served.readAll());
        QVERIFY(cache->diskCacheFile(QStringLiteral("javascript:alert(1)")).isEmpty());

        QFile other(QDir(dir).filePath(QStringLiteral("notes.txt")));
        QVERIFY(other.open(QIODevice::WriteOnly));
        other.write("not ours");
        other.close();
        use.clear();
        cache->clearDiskCache();
        QVERIFY(use.wait(10000));
        QCOMPARE(use.at(0).at(0).toLongLong(), 0);
        QCOMPARE(fileCount(dir), 1); // notes.txt only
        QVERIFY(other.exists());
        // what was in memory is still shown; a new load fetches the file again
        QCOMPARE(cache->state(m_media.at(0)), ImageCache::State::Ready);
        cache->clearMemoryCache();
        cache->load(m_media.at(0));
        rec.ready.clear();
        QVERIFY(rec.wait(cache->resolve(m_media.at(0))));
        QCOMPARE(rec.ready.value(cache->resolve(m_media.at(0))), 1);
        QTRY_COMPARE(fileCount(dir), 2);
    }

    // An image too big for the memory cache is still delivered, and held as the one such image
    // until the next: asking again is answered at once, never by decoding it again (before, it
    // was decoded from disk again on every paint: a core busy for ever, the tile grey).
    void memoryCap()
    {
        auto cache = newCache(freshDir());
        cache->setMemoryCacheMaxBytes(16);
        Recorder rec(cache.get());
        const QString path = m_media.at(4);
        const QUrl url = cache->resolve(path);
        const int before = requestsFor(path);
        QCOMPARE(cache->load(path), ImageCache::State::Loading);
        QVERIFY(rec.wait(url));
        QCOMPARE(rec.ready.value(url), 1);
        QVERIFY(!rec.images.value(url).isNull());
        QCOMPARE(cache->image(url), rec.images.value(url));
        for (int i = 0; i < 5; ++i) {
            QCOMPARE(cache->load(path), ImageCache::State::Ready);
            QCoreApplication::processEvents();
        }
        QCOMPARE(cache->decodeCount(), 1);
        QCOMPARE(rec.ready.value(url), 1);
        QCOMPARE(requestsFor(path), before + 1);

        // The next image that does not fit takes the place: the first is decoded again once.
        const QString other = m_media.at(5);
        QCOMPARE(cache->load(other), ImageCache::State::Loading);
        QVERIFY(rec.wait(cache->resolve(other)));
        QCOMPARE(cache->load(other), ImageCache::State::Ready);
        QCOMPARE(cache->load(path), ImageCache::State::Loading);
    }

    // A phone photo (5000 x 4000 JPEG) shown in tiles: decoded once per size shown, at that
    // size, and kept; the viewer's whole picture is at most kMaxFullSide on its longer side.
    void largePhotoDecodedAtTheSizeShown()
    {
        QImage photo(5000, 4000, QImage::Format_RGB32);
        for (int y = 0; y < photo.height(); ++y) {
            auto *line = reinterpret_cast<QRgb *>(photo.scanLine(y));
            for (int x = 0; x < photo.width(); ++x)
                line[x] = qRgb(x * 255 / 5000, y * 255 / 4000, (x ^ y) & 0x3f);
        }
        QByteArray jpeg;
        {
            QBuffer buf(&jpeg);
            buf.open(QIODevice::WriteOnly);
            QVERIFY(photo.save(&buf, "JPEG", 85));
        }
        photo = {};
        FakeHttp other;
        QVERIFY(other.start());
        other.response = httpResponse(200, "image/jpeg", jpeg);
        auto cache = newCache(freshDir()); // the default budget, 64 MB: the photo is 80 MB
        Recorder rec(cache.get());
        const QUrl url = other.url(QStringLiteral("/photo.jpg"));
        cache->allow(url);

        const QSize tile(300, 300);
        QCOMPARE(cache->load(url, tile), ImageCache::State::Loading);
        QCOMPARE(cache->load(url, QSize(296, 290)), ImageCache::State::Loading); // the same step
        QVERIFY(rec.wait(url));
        QVERIFY2(rec.ready.value(url) == 1, qPrintable(rec.reasons.value(url)));
        const QImage shown = cache->image(url, tile);
        QVERIFY(!shown.isNull());
        QVERIFY2(std::min(shown.width(), shown.height()) >= 300 && shown.width() <= 400,
                 qPrintable(QStringLiteral("%1x%2").arg(shown.width()).arg(shown.height())));
        QCOMPARE(shown.width() * 4 / 5, shown.height()); // the photo's proportions
        for (int i = 0; i < 5; ++i) {                    // repaints
            QCOMPARE(cache->load(url, tile), ImageCache::State::Ready);
            QCoreApplication::processEvents();
        }
        QCOMPARE(cache->decodeCount(), 1);
        QCOMPARE(other.connections, 1);

        // An avatar-sized copy from the disk's bytes, without another request.
        rec.ready.clear();
        QCOMPARE(cache->load(url, QSize(40, 40)), ImageCache::State::Loading);
        QVERIFY(rec.wait(url));
        QCOMPARE(std::min(cache->image(url, QSize(40, 40)).width(),
                          cache->image(url, QSize(40, 40)).height()),
                 64);
        QCOMPARE(other.connections, 1);

        // The viewer: the whole picture, bounded.
        rec.ready.clear();
        QCOMPARE(cache->load(url), ImageCache::State::Loading);
        QVERIFY(rec.wait(url));
        const QImage whole = cache->image(url);
        QCOMPARE(whole.size(), QSize(ImageCache::kMaxFullSide, 3277)); // 4000 × 4096 / 5000, up
        QCOMPARE(cache->load(url), ImageCache::State::Ready);
        QCOMPARE(cache->decodeCount(), 3);
        QVERIFY(!cache->image(url, tile).isNull()); // the tile is still in memory
    }

    // A body with no Content-Length is cut off at the cap as the bytes arrive, not after
    // (before: queued progress signals let it buffer 135–512 MB past a 20 MiB cap).
    void endlessBodyCutOffAsItArrives()
    {
        QTcpServer endless;
        QVERIFY(endless.listen(QHostAddress::LocalHost, 0));
        qint64 sent = 0;
        QPointer<QTcpSocket> peer;
        QByteArray chunk(64 * 1024, 'x');
        connect(&endless, &QTcpServer::newConnection, this, [&] {
            peer = endless.nextPendingConnection();
            connect(peer, &QTcpSocket::readyRead, peer, [&] {
                peer->readAll();
                peer->write("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n"
                            "Connection: close\r\n\r\n");
                peer->write(chunk);
                sent += chunk.size();
            });
            connect(peer, &QTcpSocket::bytesWritten, peer, [&] {
                if (peer->bytesToWrite() < 4 * chunk.size() && sent < 512LL * 1024 * 1024) {
                    peer->write(chunk);
                    sent += chunk.size();
                }
            });
        });
        auto cache = newCache(freshDir());
        cache->setMaxDownloadBytes(2 * 1024 * 1024);
        Recorder rec(cache.get());
        const QUrl url(QStringLiteral("http://127.0.0.1:%1/endless.png").arg(endless.serverPort()));
        QCOMPARE(cache->loadAnyway(url), ImageCache::State::Loading);
        QVERIFY(rec.wait(url));
        QCOMPARE(rec.failed.value(url), 1);
        QVERIFY2(rec.reasons.value(url).contains(QLatin1String("too large")),
                 qPrintable(rec.reasons.value(url)));
        // What the peer got out before the abort: the cap plus what sockets buffer, not more.
        QVERIFY2(sent < 2 * 1024 * 1024 + 30 * 1024 * 1024, qPrintable(QString::number(sent)));
    }

    // Ten pictures whose bodies have no length and never end, all at once: what the downloads
    // hold together stays under the total cap (the one holding most is stopped each time the
    // sum passes it), not ten times the per-picture cap; every one fails "too large"; the
    // process's peak RSS grows by far less than the 200 MB ten caps would allow.
    void tenEndlessPicturesShareOneCap()
    {
        const auto hwmKiB = [] {
            QFile f(QStringLiteral("/proc/self/status"));
            if (!f.open(QIODevice::ReadOnly))
                return qint64(-1);
            for (const QByteArray &line : f.readAll().split('\n'))
                if (line.startsWith("VmHWM:"))
                    return line.mid(6).trimmed().split(' ').value(0).toLongLong();
            return qint64(-1);
        };
        QTcpServer endless;
        QVERIFY(endless.listen(QHostAddress::LocalHost, 0));
        const QByteArray chunk(64 * 1024, 'x');
        qint64 sent = 0;
        connect(&endless, &QTcpServer::newConnection, this, [&] {
            while (QTcpSocket *peer = endless.nextPendingConnection()) {
                connect(peer, &QTcpSocket::readyRead, peer, [&, peer] {
                    peer->readAll();
                    peer->write("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n"
                                "Connection: close\r\n\r\n");
                    peer->write(chunk);
                });
                connect(peer, &QTcpSocket::bytesWritten, peer, [&, peer] {
                    if (peer->bytesToWrite() < 4 * chunk.size()) {
                        peer->write(chunk);
                        sent += chunk.size();
                    }
                });
                connect(peer, &QTcpSocket::disconnected, peer, &QObject::deleteLater);
            }
        });
        auto cache = newCache(freshDir());
        Recorder rec(cache.get());
        const qint64 before = hwmKiB();
        QList<QUrl> urls;
        for (int i = 0; i < 10; ++i) {
            urls.append(QUrl(QStringLiteral("http://127.0.0.1:%1/endless-%2.png")
                                 .arg(endless.serverPort())
                                 .arg(i)));
            QCOMPARE(cache->loadAnyway(urls.last()), ImageCache::State::Loading);
        }
        for (const QUrl &url : std::as_const(urls)) {
            QVERIFY(rec.wait(url));
            QCOMPARE(rec.failed.value(url), 1);
            QVERIFY2(rec.reasons.value(url).contains(QLatin1String("too large")),
                     qPrintable(rec.reasons.value(url)));
        }
        const qint64 growthKiB = hwmKiB() - before;
        qInfo("ten endless pictures: the downloads held at most %lld MiB together; peak RSS "
              "+%lld MiB; the peer sent %lld MiB",
              cache->peakInFlightBytes() / (1024 * 1024), growthKiB / 1024, sent / (1024 * 1024));
        // counted on the buffers' capacity: the cap, plus the last growth step of one buffer
        // (a quarter of it, at most of a 20 MiB picture) and a read chunk each
        QVERIFY2(cache->peakInFlightBytes() <= ImageCache::kDefaultMaxInFlightBytes +
                                                   ImageCache::kDefaultMaxDownloadBytes / 4 +
                                                   10 * 256 * 1024,
                 qPrintable(QString::number(cache->peakInFlightBytes())));
        QVERIFY2(growthKiB < 90 * 1024, qPrintable(QString::number(growthKiB / 1024)));
    }

    // Through the app's shared manager (ApiClient::network()), as the composition root wires it.
    void throughApiClientNetwork()
    {
        threadline::core::ApiClient api;
        api.setBaseUrl(m_server.baseUrl());
        api.setToken(m_token);
        ImageCache cache(api.network());
        QCOMPARE(cache.network(), api.network());
        cache.setServer(m_server.baseUrl());
        cache.setToken(m_token);
        cache.setDiskCacheDirectory(freshDir());
        Recorder rec(&cache);

        const QString path = m_media.at(6);
        const QUrl url = cache.resolve(path);
        QCOMPARE(cache.load(path), ImageCache::State::Loading);
        QVERIFY(rec.wait(url));
        QVERIFY2(rec.ready.value(url) == 1, qPrintable(rec.reasons.value(url)));

        FakeHttp other;
        QVERIFY(other.start());
        other.response = httpResponse(200, "image/png", pngBytes());
        const QUrl ext = other.url(QStringLiteral("/shared.png"));
        QCOMPARE(cache.load(ext), ImageCache::State::Blocked);
        QCOMPARE(cache.loadAnyway(ext), ImageCache::State::Loading);
        QVERIFY(rec.wait(ext));
        QCOMPARE(rec.ready.value(ext), 1);
        QCOMPARE(other.requests.size(), 1);
        QVERIFY2(!other.requests.first().toLower().contains("authorization"),
                 other.requests.first().constData());
    }

    // Undecodable, oversized, empty or missing: imageFailed, never a crash, nothing on disk.
    void hostile_data()
    {
        QTest::addColumn<QByteArray>("response");
        QTest::addColumn<qint64>("maxDownload");
        QTest::addColumn<qint64>("maxPixels");
        QTest::addColumn<QString>("reason"); // a part of the reason

        const qint64 dl = ImageCache::kDefaultMaxDownloadBytes;
        const qint64 px = ImageCache::kDefaultMaxPixels;
        QTest::newRow("not an image")
            << httpResponse(200, "image/png", "this is not a picture at all") << dl << px
            << "could not be read";
        QTest::newRow("truncated png") << httpResponse(200, "image/png", pngBytes(64, 64).left(40))
                                       << dl << px << "could not be read";
        QTest::newRow("empty body")
            << httpResponse(200, "image/png", {}) << dl << px << "could not be read";
        QTest::newRow("bomb header 100000x100000")
            << httpResponse(200, "image/png", pngClaiming(100000, 100000)) << dl << px
            << "too large";
        QTest::newRow("over maxPixels")
            << httpResponse(200, "image/png", pngBytes(64, 64)) << dl << qint64(100) << "too large";
        QTest::newRow("over maxDownload (Content-Length)")
            << httpResponse(200, "image/png", pngBytes(64, 64)) << qint64(50) << px << "too large";
        QTest::newRow("404") << httpResponse(404, "application/json", "{}") << dl << px << "404";
        QTest::newRow("500") << httpResponse(500, "text/html", "<h1>oops</h1>") << dl << px
                             << "500";
    }

    void hostile()
    {
        QFETCH(QByteArray, response);
        QFETCH(qint64, maxDownload);
        QFETCH(qint64, maxPixels);
        QFETCH(QString, reason);

        FakeHttp other;
        QVERIFY(other.start());
        other.response = response;
        const QString dir = freshDir();
        auto cache = newCache(dir);
        cache->setMaxDownloadBytes(maxDownload);
        cache->setMaxPixels(maxPixels);
        Recorder rec(cache.get());
        const QUrl url = other.url(QStringLiteral("/bad.png"));
        QCOMPARE(cache->loadAnyway(url), ImageCache::State::Loading);
        QVERIFY(rec.wait(url));
        QCOMPARE(rec.ready.value(url), 0);
        QCOMPARE(rec.failed.value(url), 1);
        QVERIFY2(rec.reasons.value(url).contains(reason), qPrintable(rec.reasons.value(url)));
        QCOMPARE(cache->state(url), ImageCache::State::Failed);
        QCOMPARE(cache->failureReason(url), rec.reasons.value(url));
        QCOMPARE(fileCount(dir), 0);
    }

    // A download limit applies to the server's own pictures too.
    void oversizedOwnPicture()
    {
        auto cache = newCache(freshDir());
        cache->setMaxDownloadBytes(64);
        Recorder rec(cache.get());
        const QString path = m_media.at(5);
        const QUrl url = cache->resolve(path);
        QCOMPARE(cache->load(path), ImageCache::State::Loading);
        QVERIFY(rec.wait(url));
        QCOMPARE(rec.failed.value(url), 1);
        QVERIFY(rec.reasons.value(url).contains(QLatin1String("too large")));
        // retry() with the limit lifted loads it.
        cache->setMaxDownloadBytes(ImageCache::kDefaultMaxDownloadBytes);
        rec.failed.clear();
        QCOMPARE(cache->retry(url), ImageCache::State::Loading);
        QVERIFY(rec.wait(url));
        QCOMPARE(rec.ready.value(url), 1);
    }
};

QTEST_MAIN(TestImageCache)
#include "tst_imagecache.moc"

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// bench_memory: what a whole timeline costs in memory (docs/performance.md "Memory: the
// post store and the budget"). A TimelineView shows 10,000 posts with pictures (0–9 each, about
// 45,000 picture URLs and 50 avatars) and is scrolled through from top to bottom, a viewport at a
// time, each step waiting until the pictures on screen are decoded and painted. The pictures are
// real JPEG files served by the real ImageCache: its disk cache directory is filled beforehand
// (a few dozen distinct photos-like JPEGs, hard-linked under every URL's file name, so that each
// URL is its own download-free entry) and the cache is offline, so every picture goes the real
// way — read on the pool, decoded with QImageReader::setScaledSize to its tile's size, held in
// the decoded-image cache, cropped into the delegate's tile pixmaps.
// It prints the peak RSS (VmHWM) and what each cache holds, in bytes: the decoded images, the
// tile pixmaps, the delegates' layout caches, the post store (its heap, measured with mallinfo2
// around filling it); and checks bytesOf(QTextLayout) against mallinfo2.
//
//   QT_QPA_PLATFORM=offscreen bench_memory [--posts 10000] [--size 900x800] [--distinct 48]
//                                          [--image-bytes N] [--dir DIR] [--strict]
//                                          [--endless-pictures 10]
// --image-bytes sets the decoded-image cache's budget (default: ImageCache's). Target: peak RSS
// ≤ 150 MB.
#include "allocatortuning.h"
#include "bench_coldstart_posts.h"
#include "common/layoutcache.h"
#include "common/tilepixmaps.h"
#include "images/imagecache.h"
#include "poststore.h"
#include "timeline/postdelegate.h"
#include "timeline/timelinemodel.h"
#include "timeline/timelineview.h"

#include <QApplication>
#include <QBuffer>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QImage>
#include <QNetworkAccessManager>
#include <QPainter>
#include <QRandomGenerator>
#include <QScrollBar>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTextLayout>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <malloc.h>
#include <memory>
#include <unistd.h>
#include <vector>

using namespace threadline;
using namespace Qt::StringLiterals;

namespace {

// VmRSS / VmHWM of this process, in KiB.
qint64 statusKiB(const char *field)
{
    QFile f(u"/proc/self/status"_s);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith(field))
            return line.mid(qsizetype(qstrlen(field))).trimmed().split(' ').value(0).toLongLong();
    return -1;
}

double mib(qint64 bytes)
{
    return bytes / 1048576.0;
}

// A photo-like picture: gradients, shapes and noise, so that it compresses like one.
QByteArray photo(int seed, QSize size)
{
    QImage image(size, QImage::Format_RGB32);
    QRandomGenerator random(quint32(seed) * 7919u + 1);
    QPainter p(&image);
    QLinearGradient sky(0, 0, 0, size.height());
    sky.setColorAt(0, QColor::fromHsv(int(random.bounded(360)), 90, 230));
    sky.setColorAt(1, QColor::fromHsv(int(random.bounded(360)), 160, 120));
    p.fillRect(image.rect(), sky);
    p.setRenderHint(QPainter::Antialiasing);
    for (int i = 0; i < 40; ++i) {
        p.setPen(Qt::NoPen);
        p.setBrush(QColor::fromHsv(int(random.bounded(360)), int(random.bounded(256)),
                                   int(random.bounded(256)), 160));
        p.drawEllipse(QPointF(random.bounded(size.width()), random.bounded(size.height())),
                      random.bounded(20, 200), random.bounded(20, 160));
    }
    p.end();
    for (int y = 0; y < size.height(); ++y) { // sensor noise
        auto *line = reinterpret_cast<QRgb *>(image.scanLine(y));
        for (int x = 0; x < size.width(); ++x) {
            const int n = int(random.bounded(24)) - 12;
            const QRgb c = line[x];
            line[x] = qRgb(std::clamp(qRed(c) + n, 0, 255), std::clamp(qGreen(c) + n, 0, 255),
                           std::clamp(qBlue(c) + n, 0, 255));
        }
    }
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "JPEG", 85);
    return bytes;
}

// Runs the event loop for up to `ms`.
void spin(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

} // namespace

int main(int argc, char **argv)
{
    threadline::core::tuneAllocator(); // as the app does (app/main.cpp)
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(u"Memory of a 10,000-post timeline scrolled through"_s);
    parser.addHelpOption();
    parser.addOption({u"posts"_s, u"Posts in the timeline."_s, u"n"_s, u"10000"_s});
    parser.addOption({u"size"_s, u"The view's size."_s, u"WxH"_s, u"900x800"_s});
    parser.addOption({u"distinct"_s, u"Distinct picture files."_s, u"n"_s, u"48"_s});
    parser.addOption({u"image-bytes"_s, u"The decoded-image cache's budget."_s, u"bytes"_s});
    parser.addOption({u"dir"_s, u"Directory for the pictures (default: temporary)."_s, u"dir"_s});
    parser.addOption({u"strict"_s, u"Exit 1 when the target is missed."_s});
    parser.addOption({u"endless-pictures"_s,
                      u"Then this many pictures whose bodies never end, all at once."_s, u"n"_s});
    parser.addOption({u"store-only"_s, u"Only fill the post store and say what it takes."_s});
    parser.addOption({u"shared-users"_s,
                      u"The posts' users share their strings (a store that interned them)."_s});
    parser.process(app);
    const int posts = std::max(100, parser.value(u"posts"_s).toInt());
    const QStringList wh = parser.value(u"size"_s).split(u'x');
    const QSize size(wh.value(0).toInt(), wh.value(1).toInt());
    const int distinct = std::max(1, parser.value(u"distinct"_s).toInt());
    QTemporaryDir tmp;
    const QString dir = parser.isSet(u"dir"_s) ? parser.value(u"dir"_s) : tmp.path();
    const qint64 rssAtStart = statusKiB("VmRSS:");
    bench::g_sharedUsers = parser.isSet(u"shared-users"_s);

    // The post store: its heap, measured around filling it — every block it holds once, however
    // many posts share it (interned users' strings, inline comments the comment table refers
    // to); each post is built afresh, as a decoded page would be, and freed after the upsert.
    malloc_trim(0);
    const size_t heapBefore = mallinfo2().uordblks;
    const qint64 rssBefore = statusKiB("VmRSS:");
    core::PostStore store;
    QList<qint64> ids;
    ids.reserve(posts);
    for (int id = 1; id <= posts; ++id) {
        store.upsertPost(bench::post(id));
        ids.append(id);
    }
    const qint64 storeHeap = qint64(mallinfo2().uordblks) - qint64(heapBefore);
    const qint64 storeRss = (statusKiB("VmRSS:") - rssBefore) * 1024;
    if (parser.isSet(u"store-only"_s)) {
        std::printf("post store, %d posts%s: heap %.1f MiB (%.2f KiB a post), RSS growth %.1f "
                    "MiB\n",
                    posts, bench::g_sharedUsers ? ", users' strings shared" : "", mib(storeHeap),
                    storeHeap / 1024.0 / posts, mib(storeRss));
        return 0;
    }

    // The pictures: distinct JPEGs on disk, hard-linked under every URL's cache file.
    core::ImageCache images(nullptr);
    images.setServer(QUrl(u"http://127.0.0.1:9"_s));
    images.setOffline(true); // not one request: the disk cache serves them all
    const QString disk = dir + u"/images"_s;
    QDir(disk).removeRecursively();
    QDir().mkpath(disk);
    images.setDiskCacheDirectory(disk); // for diskCacheFile(): the links' names
    if (parser.isSet(u"image-bytes"_s))
        images.setMemoryCacheMaxBytes(parser.value(u"image-bytes"_s).toLongLong());
    QElapsedTimer timer;
    timer.start();
    QStringList sources, avatars;
    qint64 sourceBytes = 0;
    for (int i = 0; i < distinct; ++i) {
        const QByteArray bytes = photo(i, i % 3 ? QSize(1024, 768) : QSize(768, 1024));
        sourceBytes += bytes.size();
        sources << dir + u"/photo-%1.jpg"_s.arg(i);
        QFile f(sources.last());
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            return 2;
    }
    for (int i = 0; i < 8; ++i) {
        avatars << dir + u"/avatar-%1.jpg"_s.arg(i);
        QFile f(avatars.last());
        const QByteArray bytes = photo(1000 + i, QSize(256, 256));
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            return 2;
    }
    int links = 0;
    const auto linkTo = [&](const QString &source, const QString &url) {
        const QString file = images.diskCacheFile(QUrl(url));
        if (::link(QFile::encodeName(source).constData(), QFile::encodeName(file).constData()) == 0)
            ++links;
    };
    for (qint64 uid = 10001; uid < 10051; ++uid)
        linkTo(avatars.at(uid % avatars.size()), bench::user(uid).headImg);
    for (int id = 1; id <= posts; ++id) {
        const QStringList urls = bench::post(id).pictureUrls;
        for (int k = 0; k < urls.size(); ++k)
            linkTo(sources.at((id * 7 + k) % sources.size()), urls.at(k));
    }
    // A store that indexes the directory with the links in it; every link counts its file's
    // bytes: a cap over all of them, so that none is evicted.
    images.setDiskCacheDirectory(disk);
    images.setDiskCacheMaxBytes(qint64(1) << 50);
    std::printf("bench_memory: %d posts, %d picture files linked (%d distinct JPEGs, %.1f MiB), "
                "set up in %.1f s\n",
                posts, links, distinct, mib(sourceBytes), timer.elapsed() / 1000.0);
    std::fflush(stdout);

    models::TimelineModel model(&store);
    model.setPosts(ids);
    ui::TimelineView view(&images);
    view.resize(size);
    view.setModel(&model);
    view.show();
    QCoreApplication::processEvents();
    ui::PostDelegate *delegate = view.postDelegate();

    qint64 peakImages = 0, peakTiles = 0, peakLayouts = 0, peakRss = 0;
    const auto sample = [&] {
        peakImages = std::max<qint64>(peakImages, images.memoryCacheBytes());
        peakTiles = std::max<qint64>(peakTiles, ui::TilePixmaps::allBytes());
        peakLayouts = std::max<qint64>(peakLayouts, ui::allLayoutCacheBytes());
        peakRss = std::max<qint64>(peakRss, statusKiB("VmRSS:"));
    };
    // A fling first: 200 screens down without waiting for a picture (a frame each), then what
    // was asked for settles. What the loads in flight hold is the figure.
    QScrollBar *bar = view.verticalScrollBar();
    qint64 flingPendingBytes = 0;
    int flingPending = 0;
    timer.restart();
    for (int step = 0; step < 200 && bar->value() < bar->maximum(); ++step) {
        bar->setValue(bar->value() + view.viewport()->height());
        view.viewport()->repaint();
        QCoreApplication::processEvents();
        flingPending = std::max(flingPending, images.pendingCount());
        flingPendingBytes = std::max(flingPendingBytes, images.pendingBytes());
        sample();
    }
    while (images.pendingCount() > 0 && timer.elapsed() < 300'000) {
        flingPendingBytes = std::max(flingPendingBytes, images.pendingBytes());
        spin(2);
    }
    std::printf("fling: 200 screens without waiting, then settled in %.1f s: at most %d loads "
                "pending, holding at most %.1f MiB of encoded bytes\n",
                timer.elapsed() / 1000.0, flingPending, mib(flingPendingBytes));
    bar->setValue(0);

    timer.restart();
    int steps = 0, waitedOut = 0;
    for (int value = 0;; value += view.viewport()->height()) {
        bar->setValue(std::min(value, bar->maximum()));
        view.viewport()->repaint();
        // the pictures on screen: read and decoded on the pool, then painted
        QElapsedTimer wait;
        wait.start();
        while (images.pendingCount() > 0 && wait.elapsed() < 5000)
            spin(2);
        if (images.pendingCount() > 0)
            ++waitedOut;
        QCoreApplication::processEvents();
        view.viewport()->repaint();
        sample();
        ++steps;
        if (value >= bar->maximum())
            break;
    }
    const double scrollSeconds = timer.elapsed() / 1000.0;
    sample();

    // bytesOf(QTextLayout) against the heap: 1,000 of the posts' texts laid out 600 px wide
    qint64 estimated = 0;
    malloc_trim(0);
    const size_t layoutHeapBefore = mallinfo2().uordblks;
    {
        std::vector<std::unique_ptr<QTextLayout>> layouts;
        for (int id = 1; id <= 1000; ++id) {
            auto layout = std::make_unique<QTextLayout>(bench::post(id).content, view.font());
            layout->setCacheEnabled(true);
            layout->beginLayout();
            for (QTextLine line = layout->createLine(); line.isValid(); line = layout->createLine())
                line.setLineWidth(600);
            layout->endLayout();
            estimated += qsizetype(sizeof(QTextLayout)) + ui::bytesOf(*layout);
            layouts.push_back(std::move(layout));
        }
        const qint64 measured = qint64(mallinfo2().uordblks) - qint64(layoutHeapBefore);
        std::printf("bytesOf(QTextLayout) check: 1,000 post texts laid out: estimated %.2f MiB, "
                    "heap %.2f MiB (%.2f×)\n",
                    mib(estimated), mib(measured), double(estimated) / double(measured));
    }

    // --endless-pictures N: then N pictures whose bodies have no length and never end, all at
    // once, from a peer in this process (its send buffers bounded at 256 KiB each), through an
    // image cache on a real network manager with the default caps; the peak RSS counts them.
    qint64 endlessHeld = -1, endlessSentMiB = 0;
    if (const int endless = parser.value(u"endless-pictures"_s).toInt(); endless > 0) {
        QTcpServer peer;
        peer.listen(QHostAddress::LocalHost, 0);
        const QByteArray chunk(64 * 1024, 'x');
        qint64 sent = 0;
        QObject::connect(&peer, &QTcpServer::newConnection, &peer, [&] {
            while (QTcpSocket *c = peer.nextPendingConnection()) {
                QObject::connect(c, &QTcpSocket::readyRead, c, [c, &chunk] {
                    c->readAll();
                    c->write("HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\n"
                             "Connection: close\r\n\r\n");
                    c->write(chunk);
                });
                QObject::connect(c, &QTcpSocket::bytesWritten, c, [c, &chunk, &sent] {
                    if (c->bytesToWrite() < 4 * chunk.size()) {
                        c->write(chunk);
                        sent += chunk.size();
                    }
                });
                QObject::connect(c, &QTcpSocket::disconnected, c, &QObject::deleteLater);
            }
        });
        QNetworkAccessManager net;
        core::ImageCache online(&net);
        online.setServer(QUrl(u"http://127.0.0.1:%1"_s.arg(peer.serverPort())));
        online.setDiskCacheDirectory(dir + u"/endless-images"_s);
        int left = endless;
        QEventLoop wait;
        QObject::connect(&online, &core::ImageCache::imageFailed, &wait, [&] {
            if (--left == 0)
                wait.quit();
        });
        for (int i = 0; i < endless; ++i)
            online.load(
                QUrl(u"http://127.0.0.1:%1/endless-%2.jpg"_s.arg(peer.serverPort()).arg(i)));
        QTimer::singleShot(120000, &wait, &QEventLoop::quit);
        wait.exec();
        endlessHeld = online.peakInFlightBytes();
        endlessSentMiB = sent / (1024 * 1024);
        std::printf("%d endless pictures: %d failed in words; the downloads held at most %.1f MiB "
                    "together; the peer sent %lld MiB\n",
                    endless, endless - left, mib(endlessHeld), endlessSentMiB);
    }

    const qint64 hwm = statusKiB("VmHWM:");
    const struct mallinfo2 heap = mallinfo2();
    std::printf("scrolled %d steps of %d px in %.1f s (%d steps waited out 5 s); %d decodes\n\n",
                steps, view.viewport()->height(), scrollSeconds, waitedOut, images.decodeCount());
    std::printf("| figure | at the end | peak while scrolling | bound |\n|---|---:|---:|---|\n");
    std::printf("| peak RSS (VmHWM) | %.1f MiB | | ≤ 150 MB — %s |\n", hwm / 1024.0,
                hwm * 1024 <= 150'000'000 ? "met" : "MISSED");
    std::printf("| RSS (VmRSS) | %.1f MiB | %.1f MiB | |\n", statusKiB("VmRSS:") / 1024.0,
                peakRss / 1024.0);
    std::printf("| RSS before the store (Qt, fonts, the binary) | %.1f MiB | | |\n",
                rssAtStart / 1024.0);
    std::printf("| post store, %d posts (heap; RSS growth)%s | %.1f MiB (%.2f KiB a post); %.1f "
                "MiB | | what is shown |\n",
                posts, bench::g_sharedUsers ? ", users' strings shared" : "", mib(storeHeap),
                storeHeap / 1024.0 / posts, mib(storeRss));
    std::printf("| decoded images (ImageCache memory) | %.1f MiB | %.1f MiB | %.0f MiB |\n",
                mib(images.memoryCacheBytes()), mib(peakImages), mib(images.memoryCacheMaxBytes()));
    std::printf("| tile pixmaps (every TilePixmaps) | %.1f MiB | %.1f MiB | per delegate |\n",
                mib(ui::TilePixmaps::allBytes()), mib(peakTiles));
    std::printf("| layout caches (every LayoutCache) | %.1f MiB | %.1f MiB | %.0f MiB each |\n",
                mib(ui::allLayoutCacheBytes()), mib(peakLayouts), mib(ui::kLayoutCacheBytes));
    std::printf("| post cards laid out (cached) | %lld | | %lld entries |\n",
                static_cast<long long>(delegate->cachedLayouts()),
                static_cast<long long>(ui::kLayoutCacheLimit));
    std::printf("| malloc heap in use / arena + mmap | %.1f MiB / %.1f MiB | | |\n",
                mib(qint64(heap.uordblks) + qint64(heap.hblkhd)),
                mib(qint64(heap.arena) + qint64(heap.hblkhd)));
    std::fflush(stdout);
    return (parser.isSet(u"strict"_s) && hwm * 1024 > 150'000'000) ? 1 : 0;
}

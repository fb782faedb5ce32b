// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "images/imagecache.h"
#include "images/imagediskstore.h"
#include "net/stucksockets.h"

#include <QBuffer>
#include <QDir>
#include <QImageReader>
#include <QMetaObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QStandardPaths>

#include <algorithm>
#include <climits>
#include <cmath>
#include <optional>
#include <utility>

namespace threadline::core {

namespace {

QString originOf(const QUrl &url)
{
    if (!url.isValid() || url.isRelative() || url.host().isEmpty())
        return {};
    const QString scheme = url.scheme().toLower();
    const int defaultPort = scheme == QLatin1String("https")  ? 443
                            : scheme == QLatin1String("http") ? 80
                                                              : -2;
    if (defaultPort == -2)
        return {};
    const int port = url.port(defaultPort);
    return scheme + QLatin1String("://") + url.host(QUrl::FullyEncoded) + QLatin1Char(':') +
           QString::number(port);
}

} // namespace

namespace {

// Runs on the pool. Checks the declared size before decoding, caps the allocation, decodes to
// the size asked for (side > 0: the shorter side covers `side`; 0: the whole picture, its longer
// side at most kMaxFullSide) and turns the result into a format that paints fast.
QImage decodeImage(const QByteArray &bytes, qint64 maxPixels, int side, QString *error)
{
    QBuffer buffer;
    buffer.setData(bytes);
    buffer.open(QIODevice::ReadOnly);
    QImageReader reader(&buffer);
    reader.setDecideFormatFromContent(true);
    const QSize size = reader.size();
    if (size.isValid() && qint64(size.width()) * size.height() > maxPixels) {
        *error = ImageCache::tr("The picture is too large");
        return {};
    }
    // The size wanted, from the declared one; JPEG decodes it directly (libjpeg scales while
    // decoding), other formats decode whole and scale.
    auto wanted = [side](QSize full) -> QSize {
        if (full.isEmpty())
            return {};
        double f = 1.0;
        if (side > 0)
            f = double(side) / std::min(full.width(), full.height());
        else
            f = double(ImageCache::kMaxFullSide) / std::max(full.width(), full.height());
        if (f >= 1.0)
            return {};
        return {std::max(1, int(std::ceil(full.width() * f))),
                std::max(1, int(std::ceil(full.height() * f)))};
    };
    const QSize scaledSize = size.isValid() ? wanted(size) : QSize();
    if (scaledSize.isValid())
        reader.setScaledSize(scaledSize);
    // In MiB; 4 bytes a pixel, and room for the reader's own buffers.
    const qint64 limitMiB = maxPixels * 4 / (1024 * 1024) + 8;
    reader.setAllocationLimit(int(std::min<qint64>(limitMiB, INT_MAX)));
    QImage image = reader.read();
    if (image.isNull()) {
        *error = ImageCache::tr("The picture could not be read");
        return {};
    }
    if (!scaledSize.isValid() && qint64(image.width()) * image.height() > maxPixels) {
        *error = ImageCache::tr("The picture is too large");
        return {};
    }
    if (const QSize after = wanted(image.size()); after.isValid() && !scaledSize.isValid())
        image = image.scaled(after, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
    const QImage::Format format =
        image.hasAlphaChannel() ? QImage::Format_ARGB32_Premultiplied : QImage::Format_RGB32;
    if (image.format() != format)
        image.convertTo(format);
    return image;
}

} // namespace

qint64 ImageCache::pendingBytes() const
{
    qint64 bytes = 0;
    for (const Pending &p : m_pending)
        bytes += p.bytes.size();
    return bytes;
}

ImageCache::ImageCache(QNetworkAccessManager *network, QObject *parent)
    : QObject(parent)
    , m_network(network)
{
    if (!m_network)
        m_network = new QNetworkAccessManager(this);
    m_memory.setMaxCost(kDefaultMemoryCacheBytes);
    m_pool.setMaxThreadCount(2);
    setDiskCacheDirectory(QStandardPaths::writableLocation(QStandardPaths::CacheLocation) +
                          QStringLiteral("/images"));
}

ImageCache::~ImageCache()
{
    for (const Pending &p : std::as_const(m_pending)) {
        if (QNetworkReply *reply = p.reply.data()) {
            reply->disconnect(this);
            reply->abort();
        }
    }
    m_pending.clear();
    m_pool.clear();
    m_pool.waitForDone(); // the tasks post to this object: none may outlive it
}

void ImageCache::setServer(const QUrl &server)
{
    m_server = server;
    m_origin = originOf(server);
}

void ImageCache::setOffline(bool offline)
{
    if (m_offline == offline)
        return;
    m_offline = offline;
    if (!offline) {
        m_failed.clear(); // what failed may well have failed for being offline: try again
        return;
    }
    // Cut off what is on the wire.
    QStringList cut;
    for (auto it = m_pending.begin(); it != m_pending.end(); ++it) {
        if (QNetworkReply *reply = it->reply.data()) {
            it->reply.clear();
            reply->disconnect(this);
            reply->abort();
            reply->deleteLater();
            cut.append(it.key());
        }
    }
    for (const QString &key : std::as_const(cut))
        fail(key, tr("Offline"));
}

void ImageCache::setDiskCacheDirectory(const QString &directory)
{
    m_diskDirectory = directory;
    // Tasks still running keep the old store alive until they end.
    m_disk = std::make_shared<ImageDiskStore>(directory, m_diskMaxBytes);
}

void ImageCache::setDiskCacheMaxBytes(qint64 bytes)
{
    m_diskMaxBytes = bytes;
    m_disk->setMaxBytes(bytes); // for every write from now on
    std::shared_ptr<ImageDiskStore> disk = m_disk;
    m_pool.start([disk] { disk->trim(); }); // the files: off the GUI thread
}

void ImageCache::requestDiskCacheUsage()
{
    std::shared_ptr<ImageDiskStore> disk = m_disk;
    m_pool.start([this, disk] {
        const qint64 used = disk->usedBytes();
        QMetaObject::invokeMethod(
            this, [this, used] { Q_EMIT diskCacheUsage(used); }, Qt::QueuedConnection);
    });
}

void ImageCache::clearDiskCache()
{
    std::shared_ptr<ImageDiskStore> disk = m_disk;
    m_pool.start([this, disk] {
        disk->clear();
        const qint64 used = disk->usedBytes();
        QMetaObject::invokeMethod(
            this, [this, used] { Q_EMIT diskCacheUsage(used); }, Qt::QueuedConnection);
    });
}

QString ImageCache::diskCacheFile(const QUrl &urlOrPath) const
{
    const QUrl url = resolve(urlOrPath);
    if (!url.isValid())
        return {};
    return QDir(m_diskDirectory).filePath(ImageDiskStore::nameFor(keyOf(url)));
}

void ImageCache::setMemoryCacheMaxBytes(qint64 bytes)
{
    m_memory.setMaxCost(qsizetype(std::max<qint64>(0, bytes)));
}

QUrl ImageCache::resolve(const QUrl &urlOrPath) const
{
    if (!urlOrPath.isValid() || urlOrPath.isEmpty())
        return {};
    QUrl url = urlOrPath;
    if (url.isRelative()) {
        // A path beginning with "/" (or "//host/…", which names another host and will be
        // blocked as such) resolves against the server's origin.
        if (m_origin.isEmpty() || !url.toString().startsWith(QLatin1Char('/')))
            return {};
        QUrl origin = m_server.adjusted(QUrl::RemovePath | QUrl::RemoveQuery |
                                        QUrl::RemoveFragment | QUrl::RemoveUserInfo);
        url = origin.resolved(url);
    }
    url = url.adjusted(QUrl::RemoveFragment);
    if (originOf(url).isEmpty() || !url.userInfo().isEmpty())
        return {}; // only http(s), with a host, without credentials in the URL
    return url;
}

bool ImageCache::isOwnOrigin(const QUrl &url) const
{
    return !m_origin.isEmpty() && originOf(url) == m_origin;
}

QString ImageCache::keyOf(const QUrl &resolved)
{
    return resolved.toString(QUrl::FullyEncoded);
}

int ImageCache::sideFor(QSize pixels)
{
    if (pixels.isEmpty())
        return 0;
    const int side = std::max(pixels.width(), pixels.height());
    // Steps of 32 px up to 256, of 64 up to 1024, then of 256: a window resized by a few
    // pixels asks for the same copy.
    const int step = side <= 256 ? 32 : side <= 1024 ? 64 : 256;
    return std::min((side + step - 1) / step * step, kMaxFullSide);
}

QString ImageCache::variantKey(const QString &key, int side)
{
    return key + QLatin1Char('#') + QString::number(side);
}

const QImage *ImageCache::held(const QString &key, int side) const
{
    const QString variant = variantKey(key, side);
    if (const QImage *image = m_memory.object(variant))
        return image;
    if (!m_oversize.isNull() && m_oversizeKey == variant)
        return &m_oversize;
    return nullptr;
}

ImageCache::State ImageCache::state(const QUrl &urlOrPath, QSize pixels) const
{
    const QUrl url = resolve(urlOrPath);
    if (!url.isValid())
        return State::Failed;
    const QString key = keyOf(url);
    if (held(key, sideFor(pixels)))
        return State::Ready;
    if (m_pending.contains(key))
        return State::Loading;
    if (m_failed.contains(key))
        return State::Failed;
    if (!isOwnOrigin(url) && !m_allowed.contains(key))
        return State::Blocked;
    return State::Loading; // what load() would start
}

QImage ImageCache::image(const QUrl &urlOrPath, QSize pixels) const
{
    const QUrl url = resolve(urlOrPath);
    if (!url.isValid())
        return {};
    if (const QImage *image = held(keyOf(url), sideFor(pixels)))
        return *image;
    return {};
}

QString ImageCache::failureReason(const QUrl &urlOrPath) const
{
    const QUrl url = resolve(urlOrPath);
    if (!url.isValid())
        return tr("Not a picture address that can be loaded");
    return m_failed.value(keyOf(url));
}

void ImageCache::clearMemoryCache()
{
    m_memory.clear();
    m_oversize = {};
    m_oversizeKey.clear();
}

ImageCache::State ImageCache::load(const QUrl &urlOrPath, QSize pixels)
{
    const State now = state(urlOrPath, pixels);
    if (now != State::Loading)
        return now;
    const QUrl url = resolve(urlOrPath);
    start(url, keyOf(url), sideFor(pixels), !isOwnOrigin(url)); // another origin: allowed
    return State::Loading;
}

ImageCache::State ImageCache::loadAnyway(const QUrl &urlOrPath, QSize pixels)
{
    const QUrl url = resolve(urlOrPath);
    if (!url.isValid())
        return State::Failed;
    const QString key = keyOf(url);
    m_failed.remove(key);
    if (!isOwnOrigin(url))
        m_allowed.insert(key);
    const int side = sideFor(pixels);
    if (held(key, side))
        return State::Ready;
    start(url, key, side, !isOwnOrigin(url));
    return State::Loading;
}

void ImageCache::allow(const QUrl &urlOrPath)
{
    const QUrl url = resolve(urlOrPath);
    if (!url.isValid())
        return;
    const QString key = keyOf(url);
    m_failed.remove(key);
    if (!isOwnOrigin(url))
        m_allowed.insert(key);
}

ImageCache::State ImageCache::retry(const QUrl &urlOrPath, QSize pixels)
{
    const QUrl url = resolve(urlOrPath);
    if (url.isValid())
        m_failed.remove(keyOf(url));
    return load(urlOrPath, pixels);
}

void ImageCache::start(const QUrl &url, const QString &key, int side, bool anyway)
{
    if (auto it = m_pending.find(key); it != m_pending.end()) {
        if (it->sides.contains(side))
            return; // asked for already: one decode per size
        it->sides.append(side);
        if (!it->bytes.isEmpty())
            decode(key, side); // the bytes are here: this size from the same bytes
        return;
    }
    Pending pending;
    pending.url = url;
    pending.anyway = anyway;
    pending.sides = {side};
    m_pending.insert(key, pending);

    // The disk first, on the pool; a miss comes back here for the network.
    std::shared_ptr<ImageDiskStore> disk = m_disk;
    // Read and decoded (at the size first asked for) in one task: the file's bytes are not
    // left waiting in a queue for their decode, which is what held tens of MiB when a fast
    // scroll asked for a thousand pictures (bench_memory's fling).
    const qint64 maxPixels = m_maxPixels;
    m_pool.start([this, disk, key, side, maxPixels] {
        if (std::optional<QByteArray> bytes = disk->read(ImageDiskStore::nameFor(key))) {
            QString error;
            QImage image = decodeImage(*bytes, maxPixels, side, &error);
            QMetaObject::invokeMethod(
                this,
                [this, key, b = *bytes, side, image, error] {
                    onDiskRead(key, b, side, image, error);
                },
                Qt::QueuedConnection);
            return;
        }
        QMetaObject::invokeMethod(
            this, [this, key] { onDiskMiss(key); }, Qt::QueuedConnection);
    });
}

void ImageCache::onDiskRead(const QString &key, const QByteArray &bytes, int side,
                            const QImage &image, const QString &error)
{
    auto it = m_pending.find(key);
    if (it == m_pending.end())
        return;
    it->bytes = bytes;
    it->fromDisk = true;
    const int generation = it->generation;
    onDecoded(key, side, generation, image, error); // may end the entry, or fetch anew
    it = m_pending.find(key);
    if (it == m_pending.end() || !it->fromDisk || it->generation != generation)
        return;
    // the sizes asked for while the file was read: from the same bytes
    const QList<int> sides = it->sides;
    for (const int other : sides)
        decode(key, other);
}

void ImageCache::onDiskMiss(const QString &key)
{
    if (!m_pending.contains(key))
        return;
    if (m_offline)
        return fail(key, tr("Offline"));
    fetch(key);
}

namespace {
// Reads what the reply has into `bytes`, up to `limit` bytes in all, straight into the buffer
// (no temporary array a chunk), growing it by a quarter (at least 256 KiB) at a time rather
// than doubling it: a body without a length holds little more than what it has sent.
void appendCapped(QByteArray &bytes, QNetworkReply *reply, qint64 limit)
{
    for (;;) {
        const qint64 want = std::min(reply->bytesAvailable(), limit - bytes.size());
        if (want <= 0)
            return;
        const qsizetype size = bytes.size();
        if (size + want > bytes.capacity())
            bytes.reserve(std::min<qsizetype>(
                limit, std::max<qsizetype>(size + want,
                                           size + std::max<qsizetype>(size / 4, 256 * 1024))));
        bytes.resize(size + want);
        const qint64 got = reply->read(bytes.data() + size, want);
        bytes.resize(size + std::max<qint64>(got, 0));
        if (got <= 0)
            return;
    }
}
} // namespace

void ImageCache::fetch(const QString &key)
{
    Pending &pending = m_pending[key];
    if (!m_network)
        return fail(key, tr("The picture could not be downloaded"));
    const QUrl url = pending.url;
    const bool own = isOwnOrigin(url);
    if (!own && !pending.anyway)
        return fail(key, tr("The picture is on another site")); // not reached: load() blocks

    QNetworkRequest request(url);
    request.setRawHeader("Accept", "image/png, image/jpeg, image/webp, image/*;q=0.8");
    request.setTransferTimeout(m_timeoutMs);
    // Our own disk cache only: never a cache of the shared manager.
    request.setAttribute(QNetworkRequest::CacheLoadControlAttribute,
                         QNetworkRequest::AlwaysNetwork);
    request.setAttribute(QNetworkRequest::CacheSaveControlAttribute, false);
    if (own) {
        // The token may go here, and a redirect may not take it anywhere else.
        request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                             QNetworkRequest::SameOriginRedirectPolicy);
        if (!m_token.isEmpty())
            request.setRawHeader("Authorization", "Bearer " + m_token.toUtf8());
    } else {
        request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                             QNetworkRequest::NoLessSafeRedirectPolicy);
    }

    QNetworkReply *reply = m_network->get(request);
    reply->setParent(this);
    // The body is read as it arrives, so the cap holds on the bytes themselves: a reply
    // without a Content-Length cannot buffer past it while progress signals are queued.
    reply->setReadBufferSize(256 * 1024);
    pending.reply = reply;
    pending.bytes.clear();
    ++pending.generation;

    const qint64 maxBytes = m_maxDownloadBytes;
    auto cutOff = [this, key, reply] {
        auto it = m_pending.find(key);
        if (it == m_pending.end() || it->reply != reply)
            return;
        it->tooLarge = true;
        it->bytes.clear();
        reply->abort(); // finished() follows
    };
    connect(reply, &QNetworkReply::metaDataChanged, this, [reply, maxBytes, cutOff] {
        const qint64 length = reply->header(QNetworkRequest::ContentLengthHeader).toLongLong();
        if (length > maxBytes)
            cutOff();
    });
    connect(reply, &QNetworkReply::readyRead, this, [this, key, reply, maxBytes, cutOff] {
        auto it = m_pending.find(key);
        if (it == m_pending.end() || it->reply != reply || it->tooLarge)
            return;
        appendCapped(it->bytes, reply, maxBytes + 1);
        if (it->bytes.size() > maxBytes)
            cutOff();
        else
            boundInFlight();
    });
    connect(reply, &QNetworkReply::finished, this, [this, key, reply] { onFetched(key, reply); });
}

void ImageCache::boundInFlight()
{
    qint64 total = 0;
    auto largest = m_pending.end();
    for (auto it = m_pending.begin(); it != m_pending.end(); ++it) {
        if (!it->reply || it->tooLarge)
            continue;
        // What the buffers hold, not what they have read: the allocator's bytes are the budget.
        total += it->bytes.capacity();
        if (largest == m_pending.end() || it->bytes.capacity() > largest->bytes.capacity())
            largest = it;
    }
    m_peakInFlight = std::max(m_peakInFlight, total);
    if (total <= m_maxInFlightBytes || largest == m_pending.end())
        return;
    largest->tooLarge = true;
    largest->bytes.clear();
    largest->bytes.squeeze();
    largest->reply->abort(); // finished() follows: "too large"
}

void ImageCache::onFetched(const QString &key, QNetworkReply *reply)
{
    reply->deleteLater();
    auto it = m_pending.find(key);
    if (it == m_pending.end() || it->reply != reply)
        return;
    it->reply.clear();
    if (it->tooLarge)
        return fail(key, tr("The picture is too large"));
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (reply->error() != QNetworkReply::NoError || status < 200 || status > 299) {
        if (status >= 300)
            return fail(key, tr("The picture could not be loaded (HTTP %1)").arg(status));
        if (reply->error() == QNetworkReply::OperationCanceledError ||
            reply->error() == QNetworkReply::TimeoutError) {
            if (status == 0) {
                // No header within the time: perhaps one that never ends (see stucksockets.h).
                shutDownSocketsTo(reply->url());
            }
            return fail(key, tr("The picture took too long to load"));
        }
        return fail(key, tr("The picture could not be downloaded"));
    }
    appendCapped(it->bytes, reply, m_maxDownloadBytes + 1);
    if (it->bytes.size() > m_maxDownloadBytes)
        return fail(key, tr("The picture is too large"));
    if (it->bytes.isEmpty())
        return fail(key, tr("The picture could not be read"));
    it->fromDisk = false;
    const QList<int> sides = it->sides;
    for (const int side : sides)
        decode(key, side);
}

void ImageCache::decode(const QString &key, int side)
{
    const auto it = m_pending.constFind(key);
    if (it == m_pending.cend())
        return;
    // Downloaded bytes go to disk once, with the first size that decodes.
    const bool store = !it->fromDisk && side == it->sides.constFirst();
    std::shared_ptr<ImageDiskStore> disk = m_disk;
    const qint64 maxPixels = m_maxPixels;
    const int generation = it->generation;
    // Decodes go before the disk reads queued: the bytes read are let go as soon as they can
    // be, so that scrolling fast past many pictures does not pile their files up in memory.
    m_pool.start(
        [this, disk, key, side, generation, bytes = it->bytes, store, maxPixels] {
            QString error;
            QImage image = decodeImage(bytes, maxPixels, side, &error);
            if (!image.isNull() && store)
                disk->write(ImageDiskStore::nameFor(key), bytes);
            QMetaObject::invokeMethod(
                this,
                [this, key, side, generation, image, error] {
                    onDecoded(key, side, generation, image, error);
                },
                Qt::QueuedConnection);
        },
        1);
}

void ImageCache::onDecoded(const QString &key, int side, int generation, const QImage &image,
                           const QString &error)
{
    auto it = m_pending.find(key);
    if (it == m_pending.end() || it->generation != generation || !it->sides.contains(side))
        return;
    ++m_decodes;
    if (image.isNull()) {
        if (it->fromDisk) {
            // Damaged on disk, or over today's limits: fetch it again (every size waits).
            m_disk->forget(ImageDiskStore::nameFor(key));
            it->bytes.clear();
            it->fromDisk = false;
            if (m_offline)
                return fail(key, tr("Offline"));
            return fetch(key);
        }
        return fail(key, error);
    }
    const QUrl url = it->url;
    it->sides.removeOne(side);
    if (it->sides.isEmpty())
        m_pending.erase(it);
    const QString variant = variantKey(key, side);
    const qsizetype cost = qsizetype(image.sizeInBytes());
    if (cost <= m_memory.maxCost()) {
        m_memory.insert(variant, new QImage(image), cost);
        if (m_oversizeKey == variant) {
            m_oversize = {};
            m_oversizeKey.clear();
        }
    } else {
        // Too big for the memory cache: held as the one such image, until the next, so that
        // the repaint its signal causes finds it instead of decoding it again.
        m_oversizeKey = variant;
        m_oversize = image;
    }
    Q_EMIT imageReady(url, image);
}

void ImageCache::fail(const QString &key, const QString &reason)
{
    auto it = m_pending.find(key);
    if (it == m_pending.end())
        return;
    const QUrl url = it->url;
    if (QNetworkReply *reply = it->reply.data()) {
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
    m_pending.erase(it);
    m_failed.insert(key, reason);
    Q_EMIT imageFailed(url, reason);
}

} // namespace threadline::core

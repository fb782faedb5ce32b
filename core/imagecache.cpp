#include "imagecache.h"

#include <QBuffer>
#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImageReader>
#include <QMetaObject>
#include <QMutex>
#include <QMutexLocker>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSaveFile>
#include <QStandardPaths>

#include <algorithm>
#include <climits>
#include <optional>
#include <utility>
#include <vector>

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

// The file name of a cached URL: not guessable back into the URL, safe on every file system.
QString diskName(const QString &key)
{
    return QString::fromLatin1(
               QCryptographicHash::hash(key.toUtf8(), QCryptographicHash::Sha256).toHex()) +
           QStringLiteral(".img");
}

} // namespace

// The disk cache: one file per URL holding the encoded bytes as downloaded. Thread-safe; used
// from the pool only. The index (name → size, last use) is built from the directory on first
// use; the last use is also the file's modification time, so LRU order survives restarts.
class ImageDiskStore
{
public:
    ImageDiskStore(QString directory, qint64 maxBytes)
        : m_dir(std::move(directory))
        , m_max(maxBytes)
    {
    }

    std::optional<QByteArray> read(const QString &name)
    {
        {
            QMutexLocker lock(&m_mutex);
            ensureIndexLocked();
            if (!m_entries.contains(name))
                return std::nullopt;
        }
        QFile file(QDir(m_dir).filePath(name));
        if (!file.open(QIODevice::ReadOnly)) {
            forget(name);
            return std::nullopt;
        }
        QByteArray bytes = file.readAll();
        const QDateTime now = QDateTime::currentDateTimeUtc();
        file.setFileTime(now, QFileDevice::FileModificationTime); // LRU across restarts
        file.close();
        QMutexLocker lock(&m_mutex);
        auto it = m_entries.find(name);
        if (it != m_entries.end())
            it->lastUse = now.toMSecsSinceEpoch();
        return bytes;
    }

    void write(const QString &name, const QByteArray &bytes)
    {
        QMutexLocker lock(&m_mutex);
        if (m_max <= 0 || bytes.size() > m_max)
            return; // what cannot fit is not stored
        ensureIndexLocked();
        if (!QDir().mkpath(m_dir))
            return;
        QSaveFile file(QDir(m_dir).filePath(name));
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
            return;
        auto it = m_entries.find(name);
        if (it != m_entries.end())
            m_total -= it->size;
        m_entries.insert(name, {bytes.size(), QDateTime::currentMSecsSinceEpoch()});
        m_total += bytes.size();
        evictLocked(name);
    }

    void forget(const QString &name)
    {
        QMutexLocker lock(&m_mutex);
        removeLocked(name);
    }

    void setMaxBytes(qint64 maxBytes)
    {
        QMutexLocker lock(&m_mutex);
        m_max = maxBytes;
    }

    // Evicts down to the cap now (after a lower cap).
    void trim()
    {
        QMutexLocker lock(&m_mutex);
        ensureIndexLocked();
        evictLocked({});
    }

private:
    struct Entry
    {
        qint64 size = 0;
        qint64 lastUse = 0; // ms since the epoch
    };

    void ensureIndexLocked()
    {
        if (m_indexed)
            return;
        m_indexed = true;
        const QFileInfoList files =
            QDir(m_dir).entryInfoList({QStringLiteral("*.img")}, QDir::Files | QDir::Hidden);
        for (const QFileInfo &info : files) {
            m_entries.insert(info.fileName(),
                             {info.size(), info.lastModified().toMSecsSinceEpoch()});
            m_total += info.size();
        }
        evictLocked({});
    }

    void removeLocked(const QString &name)
    {
        auto it = m_entries.find(name);
        if (it == m_entries.end())
            return;
        m_total -= it->size;
        m_entries.erase(it);
        QFile::remove(QDir(m_dir).filePath(name));
    }

    // Least recently used first, down to 90% of the cap (so that not every write evicts).
    void evictLocked(const QString &keep)
    {
        if (m_total <= m_max)
            return;
        std::vector<std::pair<qint64, QString>> order;
        order.reserve(size_t(m_entries.size()));
        for (auto it = m_entries.cbegin(); it != m_entries.cend(); ++it) {
            if (it.key() != keep)
                order.emplace_back(it->lastUse, it.key());
        }
        std::sort(order.begin(), order.end());
        const qint64 goal = m_max / 10 * 9;
        for (const auto &[lastUse, name] : order) {
            if (m_total <= goal)
                break;
            removeLocked(name);
        }
    }

    QMutex m_mutex;
    const QString m_dir;
    qint64 m_max;
    bool m_indexed = false;
    QHash<QString, Entry> m_entries;
    qint64 m_total = 0;
};

namespace {

// Runs on the pool. Checks the declared size before decoding, caps the allocation, and turns
// the result into a format that paints fast.
QImage decodeImage(const QByteArray &bytes, qint64 maxPixels, QString *error)
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
    // In MiB; 4 bytes a pixel, and room for the reader's own buffers.
    const qint64 limitMiB = maxPixels * 4 / (1024 * 1024) + 8;
    reader.setAllocationLimit(int(std::min<qint64>(limitMiB, INT_MAX)));
    QImage image = reader.read();
    if (image.isNull()) {
        *error = ImageCache::tr("The picture could not be read");
        return {};
    }
    if (qint64(image.width()) * image.height() > maxPixels) {
        *error = ImageCache::tr("The picture is too large");
        return {};
    }
    const QImage::Format format =
        image.hasAlphaChannel() ? QImage::Format_ARGB32_Premultiplied : QImage::Format_RGB32;
    if (image.format() != format)
        image.convertTo(format);
    return image;
}

} // namespace

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

ImageCache::State ImageCache::state(const QUrl &urlOrPath) const
{
    const QUrl url = resolve(urlOrPath);
    if (!url.isValid())
        return State::Failed;
    const QString key = keyOf(url);
    if (m_memory.contains(key))
        return State::Ready;
    if (m_pending.contains(key))
        return State::Loading;
    if (m_failed.contains(key))
        return State::Failed;
    if (!isOwnOrigin(url) && !m_allowed.contains(key))
        return State::Blocked;
    return State::Loading; // what load() would start
}

QImage ImageCache::image(const QUrl &urlOrPath) const
{
    const QUrl url = resolve(urlOrPath);
    if (!url.isValid())
        return {};
    if (const QImage *image = m_memory.object(keyOf(url)))
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
}

ImageCache::State ImageCache::load(const QUrl &urlOrPath)
{
    const State now = state(urlOrPath);
    if (now != State::Loading)
        return now;
    const QUrl url = resolve(urlOrPath);
    const QString key = keyOf(url);
    if (!m_pending.contains(key))
        start(url, key, !isOwnOrigin(url)); // another origin only when the user allowed it
    return State::Loading;
}

ImageCache::State ImageCache::loadAnyway(const QUrl &urlOrPath)
{
    const QUrl url = resolve(urlOrPath);
    if (!url.isValid())
        return State::Failed;
    const QString key = keyOf(url);
    m_failed.remove(key);
    if (!isOwnOrigin(url))
        m_allowed.insert(key);
    if (m_memory.contains(key))
        return State::Ready;
    if (!m_pending.contains(key))
        start(url, key, !isOwnOrigin(url));
    return State::Loading;
}

ImageCache::State ImageCache::retry(const QUrl &urlOrPath)
{
    const QUrl url = resolve(urlOrPath);
    if (url.isValid())
        m_failed.remove(keyOf(url));
    return load(urlOrPath);
}

void ImageCache::start(const QUrl &url, const QString &key, bool anyway)
{
    Pending pending;
    pending.url = url;
    pending.anyway = anyway;
    m_pending.insert(key, pending);

    // The disk first, on the pool; a miss comes back here for the network.
    std::shared_ptr<ImageDiskStore> disk = m_disk;
    const qint64 maxPixels = m_maxPixels;
    m_pool.start([this, disk, key, maxPixels] {
        const QString name = diskName(key);
        if (std::optional<QByteArray> bytes = disk->read(name)) {
            QString error;
            QImage image = decodeImage(*bytes, maxPixels, &error);
            if (!image.isNull()) {
                QMetaObject::invokeMethod(
                    this, [this, key, image] { onDecoded(key, image, {}); }, Qt::QueuedConnection);
                return;
            }
            disk->forget(name); // damaged, or over today's limits: fetch it again
        }
        QMetaObject::invokeMethod(
            this, [this, key] { onDiskMiss(key); }, Qt::QueuedConnection);
    });
}

void ImageCache::onDiskMiss(const QString &key)
{
    if (!m_pending.contains(key))
        return;
    if (m_offline)
        return fail(key, tr("Offline"));
    fetch(key);
}

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
    pending.reply = reply;

    const qint64 maxBytes = m_maxDownloadBytes;
    auto cutOff = [this, key, reply] {
        auto it = m_pending.find(key);
        if (it == m_pending.end() || it->reply != reply)
            return;
        it->tooLarge = true;
        reply->abort(); // finished() follows
    };
    connect(reply, &QNetworkReply::metaDataChanged, this, [reply, maxBytes, cutOff] {
        const qint64 length = reply->header(QNetworkRequest::ContentLengthHeader).toLongLong();
        if (length > maxBytes)
            cutOff();
    });
    connect(reply, &QNetworkReply::downloadProgress, this,
            [maxBytes, cutOff](qint64 received, qint64) {
                if (received > maxBytes)
                    cutOff();
            });
    connect(reply, &QNetworkReply::finished, this, [this, key, reply] { onFetched(key, reply); });
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
            reply->error() == QNetworkReply::TimeoutError)
            return fail(key, tr("The picture took too long to load"));
        return fail(key, tr("The picture could not be downloaded"));
    }
    const QByteArray bytes = reply->readAll();
    if (bytes.size() > m_maxDownloadBytes)
        return fail(key, tr("The picture is too large"));

    // Decode, and keep on disk only what decodes.
    std::shared_ptr<ImageDiskStore> disk = m_disk;
    const qint64 maxPixels = m_maxPixels;
    m_pool.start([this, disk, key, bytes, maxPixels] {
        QString error;
        QImage image = decodeImage(bytes, maxPixels, &error);
        if (!image.isNull())
            disk->write(diskName(key), bytes);
        QMetaObject::invokeMethod(
            this, [this, key, image, error] { onDecoded(key, image, error); },
            Qt::QueuedConnection);
    });
}

void ImageCache::onDecoded(const QString &key, const QImage &image, const QString &error)
{
    auto it = m_pending.find(key);
    if (it == m_pending.end())
        return;
    if (image.isNull())
        return fail(key, error);
    const QUrl url = it->url;
    m_pending.erase(it);
    // Too big for the memory cache: delivered all the same, just not kept.
    m_memory.insert(key, new QImage(image), qsizetype(image.sizeInBytes()));
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

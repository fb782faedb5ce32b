// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// ImageCache: avatars and pictures, from the server's own origin only, through a size-capped
// disk cache and a byte-capped memory cache of decoded images (docs/design.md, "How data flows"
// 8–9).
//
//   ImageCache images(api.network());
//   images.setServer(QUrl("http://127.0.0.1:8080"));
//   connect(&images, &ImageCache::imageReady, …);       // (url, image): repaint who shows url
//   connect(&images, &ImageCache::imageFailed, …);      // (url, reason)
//   switch (images.load(post.pictureUrls[0])) {         // "/api/v1/media/…" or absolute
//   case ImageCache::State::Ready:   paint(images.image(url)); break;  // no signal follows
//   case ImageCache::State::Loading: paintPlaceholder(); break;        // a signal follows
//   case ImageCache::State::Blocked: paintClickToLoad(); break;        // then loadAnyway(url)
//   case ImageCache::State::Failed:  paintBroken(); break;
//   }
//
// Rules:
// - Origin: a path beginning with "/" resolves against the server's origin; an absolute URL on
//   another origin (scheme, host, port) is never fetched by load(): it is Blocked until the user
//   asks for it with loadAnyway(url). Only http and https are fetched, ever.
// - Authorization: the token (setToken) goes only to the server's origin (redirects are followed
//   only within that origin); a loadAnyway() of another origin carries no Authorization.
// - Offline (setOffline(true)): no request at all. What is in the memory or disk cache is
//   served; anything else fails with "offline". Going offline aborts the downloads in flight.
// - Disk cache: the encoded bytes, one file per URL, least recently used evicted first so that
//   the directory stays within diskCacheMaxBytes() (default 200 MB). Disk reads and writes and
//   decoding run on a small thread pool, never on the GUI thread.
// - Sizes: a picture is decoded to the size it is shown at. load(url, pixels) asks for a copy
//   that covers `pixels` (device pixels: the tile's or avatar's size × the device pixel ratio),
//   decoded with QImageReader::setScaledSize — a 5000×4000 phone photo shown in a 300 px tile
//   costs a 384×307 image, not 80 MB. Sizes are rounded up to a few steps (sideFor()), so a
//   resize does not decode anew for every pixel. Without a size (the picture viewer), the
//   picture is decoded whole but at most kMaxFullSide on its longer side.
// - Memory: decoded images in a QCache costed in bytes (default 24 MiB). One image that does
//   not fit (a whole picture for the viewer, or any image when the budget is tiny) is held
//   outside it until the next such image: load() answers Ready for it, so a repaint never
//   decodes the same picture again, and no more than one such image is ever held.
// - Limits: a download over maxDownloadBytes() (default 20 MiB) is cut off, an image over
//   maxPixels() (default 50 megapixels) is not decoded: both fail, as do bytes that do not
//   decode. Nothing crashes on hostile input.
// - The same URL is fetched once however often it is asked for while it loads; a URL that
//   failed stays failed (no refetch on every repaint) until retry(), loadAnyway() or going
//   back online.
//
// HTTP goes through the QNetworkAccessManager given (ApiClient::network() in the app: offline
// refusal and origin-only Authorization hold there too), or an own one. The disk cache is ours,
// not a QNetworkDiskCache on that shared manager, so API answers never land in it and its
// I/O stays off the GUI thread; requests ask the manager for AlwaysNetwork and no cache save.
#pragma once

#include <QCache>
#include <QHash>
#include <QImage>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QString>
#include <QThreadPool>
#include <QUrl>

#include <memory>

namespace threadline::core {

class ImageDiskStore;

class ImageCache : public QObject
{
    Q_OBJECT

public:
    enum class State {
        Ready,   // in memory now: image(url)
        Loading, // imageReady or imageFailed follows
        Blocked, // another origin: shown as "click to load", see loadAnyway()
        Failed,  // failed before (failureReason(url)), or not a loadable URL
    };
    Q_ENUM(State)

    static constexpr qint64 kDefaultDiskCacheBytes = 200LL * 1024 * 1024;
    // The pictures being turned into tiles (a 192 px tile of a 4:3 photo is 192 KiB): the views
    // paint the tiles they keep without a decoded picture (ui/tilepixmaps.h), so this holds a
    // screen's worth of fresh decodes: docs/performance.md, "views that cost what is on screen".
    static constexpr qint64 kDefaultMemoryCacheBytes = 8LL * 1024 * 1024;
    static constexpr qint64 kDefaultMaxDownloadBytes = 20LL * 1024 * 1024;
    // What all the downloads under way may hold together: over it, the one holding most is
    // stopped ("too large"). Ten pictures whose bodies never end cost this, not ten caps.
    static constexpr qint64 kDefaultMaxInFlightBytes = 32LL * 1024 * 1024;
    static constexpr qint64 kDefaultMaxPixels = 50'000'000;
    static constexpr int kMaxFullSide = 4096; // a whole picture's longer side, at most

    // The side a request for `pixels` is decoded to cover: the larger of the two, rounded up
    // to a step (0 for an empty size: the whole picture).
    [[nodiscard]] static int sideFor(QSize pixels);

    // network: not owned (nullptr: the cache makes its own).
    explicit ImageCache(QNetworkAccessManager *network = nullptr, QObject *parent = nullptr);
    ~ImageCache() override; // aborts downloads, waits for the disk and decode tasks

    // The server whose origin images load from, e.g. http://127.0.0.1:8080.
    void setServer(const QUrl &server);
    [[nodiscard]] QUrl server() const { return m_server; }
    // Authorization: Bearer <token> on requests to the server's origin only ("" for none).
    void setToken(const QString &token) { m_token = token; }
    void setOffline(bool offline);
    [[nodiscard]] bool isOffline() const { return m_offline; }

    // Default: QStandardPaths::CacheLocation + "/images". Changing it starts from that
    // directory's contents (files are kept).
    void setDiskCacheDirectory(const QString &directory);
    [[nodiscard]] QString diskCacheDirectory() const { return m_diskDirectory; }
    void setDiskCacheMaxBytes(qint64 bytes);
    [[nodiscard]] qint64 diskCacheMaxBytes() const { return m_diskMaxBytes; }
    // The bytes the disk cache's files take, computed on the pool (the first time by reading
    // the directory, then a running total): answered by diskCacheUsage().
    void requestDiskCacheUsage();
    // Removes every file of the disk cache, on the pool; diskCacheUsage() follows. Images in
    // memory stay (what is on screen does not vanish).
    void clearDiskCache();
    // The file the disk cache keeps url's bytes as downloaded in (it may not exist, or vanish
    // at any time): "Save image as…" copies the original from there. "" for what cannot load.
    [[nodiscard]] QString diskCacheFile(const QUrl &urlOrPath) const;
    void setMemoryCacheMaxBytes(qint64 bytes);
    [[nodiscard]] qint64 memoryCacheMaxBytes() const { return m_memory.maxCost(); }
    // What the decoded images held in memory take now, in bytes (the cache's, and the one image
    // too big for it).
    [[nodiscard]] qint64 memoryCacheBytes() const
    {
        return m_memory.totalCost() + (m_oversize.isNull() ? 0 : m_oversize.sizeInBytes());
    }
    void setMaxDownloadBytes(qint64 bytes) { m_maxDownloadBytes = bytes; }
    void setMaxInFlightBytes(qint64 bytes) { m_maxInFlightBytes = bytes; }
    // The most the downloads under way held together so far (for tests and benchmarks).
    [[nodiscard]] qint64 peakInFlightBytes() const { return m_peakInFlight; }
    [[nodiscard]] qint64 maxDownloadBytes() const { return m_maxDownloadBytes; }
    void setMaxPixels(qint64 pixels) { m_maxPixels = pixels; }
    [[nodiscard]] qint64 maxPixels() const { return m_maxPixels; }
    void setTimeoutMs(int ms) { m_timeoutMs = ms; } // per download; default 30 s
    [[nodiscard]] int timeoutMs() const { return m_timeoutMs; }

    // The absolute URL an image URL or path stands for (the one the signals carry); invalid
    // for what cannot be loaded (not http(s), a relative path without a server, …).
    [[nodiscard]] QUrl resolve(const QUrl &urlOrPath) const;
    [[nodiscard]] QUrl resolve(const QString &urlOrPath) const { return resolve(QUrl(urlOrPath)); }
    // True when url (resolved) has the server's scheme, host and port.
    [[nodiscard]] bool isOwnOrigin(const QUrl &url) const;

    // Asks for an image covering `pixels` (device pixels; empty: the whole picture); see State
    // and "Sizes". Never emits from inside the call.
    State load(const QUrl &urlOrPath, QSize pixels = {});
    State load(const QString &urlOrPath, QSize pixels = {})
    {
        return load(QUrl(urlOrPath), pixels);
    }
    // The user asked for it: loads also from another origin (without Authorization), and
    // forgets an earlier failure. Offline, only the caches are used.
    State loadAnyway(const QUrl &urlOrPath, QSize pixels = {});
    // The user asked for it, without loading anything yet: forgets an earlier failure and lets
    // another origin be loaded; the next load() (a repaint, at the size shown) fetches it.
    void allow(const QUrl &urlOrPath);
    // Forgets an earlier failure and loads again (load()'s rules apply).
    State retry(const QUrl &urlOrPath, QSize pixels = {});

    // What load() would answer now, without starting anything.
    [[nodiscard]] State state(const QUrl &urlOrPath, QSize pixels = {}) const;
    // The decoded image for that size if it is in memory, else a null image. Its size covers
    // `pixels` unless the picture itself is smaller (pictures are never enlarged).
    [[nodiscard]] QImage image(const QUrl &urlOrPath, QSize pixels = {}) const;
    // Decodes done so far (for tests and the figures in docs/reliability.md).
    [[nodiscard]] int decodeCount() const { return m_decodes; }
    [[nodiscard]] QString failureReason(const QUrl &urlOrPath) const;

    void clearMemoryCache();
    // Downloads, disk lookups and decodes in progress.
    [[nodiscard]] int pendingCount() const { return int(m_pending.size()); }
    // The encoded bytes those hold, read or downloaded and not decoded yet (decodes run before
    // the disk reads queued, so this stays a few files however many are asked for).
    [[nodiscard]] qint64 pendingBytes() const;
    [[nodiscard]] QNetworkAccessManager *network() const { return m_network; }

Q_SIGNALS:
    void imageReady(const QUrl &url, const QImage &image);
    void imageFailed(const QUrl &url, const QString &reason);
    // The answer to requestDiskCacheUsage() and clearDiskCache(): the bytes on disk.
    void diskCacheUsage(qint64 bytes);

private:
    // One download (or disk read) per URL, keyed by keyOf(url); the sizes asked for meanwhile
    // are decoded from the same bytes.
    struct Pending
    {
        QUrl url;
        QPointer<QNetworkReply> reply; // while downloading
        bool anyway = false;           // another origin the user allowed (loadAnyway): no token
        bool tooLarge = false;
        QList<int> sides; // sideFor() of each size asked for and not decoded yet
        QByteArray bytes; // once read or downloaded, while sizes are being decoded
        bool fromDisk = false;
        int generation = 0; // a new download: results of decodes started before are dropped
    };
    [[nodiscard]] static QString keyOf(const QUrl &resolved);
    [[nodiscard]] static QString variantKey(const QString &key, int side);
    [[nodiscard]] const QImage *held(const QString &key, int side) const;
    void start(const QUrl &url, const QString &key, int side, bool anyway);
    // The file's bytes, and the image decoded from them at `side` (or why not).
    void onDiskRead(const QString &key, const QByteArray &bytes, int side, const QImage &image,
                    const QString &error);
    void onDiskMiss(const QString &key);
    void fetch(const QString &key);
    void onFetched(const QString &key, QNetworkReply *reply);
    void decode(const QString &key, int side); // from Pending::bytes, on the pool
    void onDecoded(const QString &key, int side, int generation, const QImage &image,
                   const QString &error);
    void fail(const QString &key, const QString &reason);

    QPointer<QNetworkAccessManager> m_network;
    QUrl m_server;
    QString m_origin;
    QString m_token;
    bool m_offline = false;
    qint64 m_maxDownloadBytes = kDefaultMaxDownloadBytes;
    qint64 m_maxInFlightBytes = kDefaultMaxInFlightBytes;
    qint64 m_peakInFlight = 0;
    // Over the bytes all downloads may hold: the largest download under way is stopped.
    void boundInFlight();
    qint64 m_maxPixels = kDefaultMaxPixels;
    int m_timeoutMs = 30000;

    QString m_diskDirectory;
    qint64 m_diskMaxBytes = kDefaultDiskCacheBytes;
    std::shared_ptr<ImageDiskStore> m_disk;

    QCache<QString, QImage> m_memory; // by variantKey()
    QString m_oversizeKey;            // the one image that did not fit m_memory (variantKey)
    QImage m_oversize;
    int m_decodes = 0;
    QHash<QString, Pending> m_pending; // by keyOf(url)
    QHash<QString, QString> m_failed;  // key → reason
    QSet<QString> m_allowed;           // keys the user chose to load from another origin
    QThreadPool m_pool;                // disk I/O and decoding; last member: waited for first
};

} // namespace threadline::core

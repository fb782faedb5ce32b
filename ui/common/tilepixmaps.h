// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Pictures cut to fill a tile — avatars, thumbnails, a card's picture tiles: decoded by the
// image cache at the tile's device pixels, scaled to cover it and cropped to its middle, kept in
// a cache bounded in KiB. One definition for the delegates that paint tiles; and the avatar tile
// itself (the picture clipped round, or the name's first character on a tint while it loads).
//
//   TilePixmaps tiles(16 * 1024);                       // at most 16 MiB of pixmaps
//   const QPixmap p = tiles.get(images, url, rect.size(), painter->device()->devicePixelRatioF());
//   paintAvatarTile(painter, option.palette, option.font, rect, p, name);
#pragma once

#include <QCache>
#include <QImage>
#include <QPixmap>
#include <QString>

class QFont;
class QPainter;
class QPalette;
class QRect;

namespace threadline::core {
class ImageCache;
}

namespace threadline::ui {

// The image scaled to cover `pixels` and cut to its middle (the tile is filled).
[[nodiscard]] QImage cropToFill(const QImage &image, QSize pixels);

class TilePixmaps
{
public:
    explicit TilePixmaps(int maxKiB)
        : m_cache(maxKiB)
    {
    }
    // The picture at url for a tile of `size` (device-independent pixels) at `dpr`, its device
    // pixel ratio set; null while the image cache does not hold it (or images is null).
    [[nodiscard]] QPixmap get(core::ImageCache *images, const QString &url, QSize size, qreal dpr);
    // The tile of url at size, if one is kept (null otherwise): painting it needs no decoded
    // picture, so the decoded pictures' budget holds only what is being turned into tiles.
    [[nodiscard]] QPixmap find(const QString &url, QSize size, qreal dpr);
    void clear() { m_cache.clear(); }
    // What this cache's tiles take, and what every TilePixmaps of the process holds, in bytes
    // (the benchmarks print them).
    [[nodiscard]] qsizetype bytes() const { return m_bytes; }
    [[nodiscard]] static qsizetype allBytes();

private:
    // A tile, counted while it is held (QCache deletes what it evicts).
    struct Tile
    {
        Tile(QPixmap pixmap, qsizetype *owner);
        ~Tile();
        Tile(const Tile &) = delete;
        Tile &operator=(const Tile &) = delete;
        QPixmap pixmap;
        qsizetype bytes = 0;
        qsizetype *owner;
    };
    QCache<QString, Tile> m_cache; // url + size + ratio → the tile, cost in KiB
    qsizetype m_bytes = 0;
};

// An avatar: the pixmap clipped to a rounded square, or (null pixmap) the placeholder: the
// name's first character on a tint of the palette.
void paintAvatarTile(QPainter *painter, const QPalette &palette, const QFont &font,
                     const QRect &rect, const QPixmap &pixmap, const QString &name);

} // namespace threadline::ui

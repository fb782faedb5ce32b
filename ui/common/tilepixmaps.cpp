// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/tilepixmaps.h"

#include "common/palettecolors.h"
#include "common/textmetrics.h"
#include "images/imagecache.h"

#include <QPainter>
#include <QPainterPath>
#include <QPalette>
#include <algorithm>
#include <atomic>
#include <utility>

namespace threadline::ui {

namespace {
std::atomic<qsizetype> g_tileBytes{0}; // every TilePixmaps' tiles
}

TilePixmaps::Tile::Tile(QPixmap p, qsizetype *owner)
    : pixmap(std::move(p))
    , bytes(qsizetype(pixmap.width()) * pixmap.height() * pixmap.depth() / 8)
    , owner(owner)
{
    *owner += bytes;
    g_tileBytes.fetch_add(bytes, std::memory_order_relaxed);
}

TilePixmaps::Tile::~Tile()
{
    *owner -= bytes;
    g_tileBytes.fetch_sub(bytes, std::memory_order_relaxed);
}

qsizetype TilePixmaps::allBytes()
{
    return g_tileBytes.load(std::memory_order_relaxed);
}

QImage cropToFill(const QImage &image, QSize pixels)
{
    if (image.isNull() || pixels.isEmpty())
        return {};
    const QImage fit =
        image.scaled(pixels, Qt::KeepAspectRatioByExpanding, Qt::SmoothTransformation);
    return fit.copy((fit.width() - pixels.width()) / 2, (fit.height() - pixels.height()) / 2,
                    pixels.width(), pixels.height());
}

namespace {
QString tileKey(const QString &url, QSize size, qreal dpr)
{
    return url + QLatin1Char('|') + QString::number(size.width()) + QLatin1Char('x') +
           QString::number(size.height()) + QLatin1Char('@') + QString::number(dpr);
}
} // namespace

QPixmap TilePixmaps::find(const QString &url, QSize size, qreal dpr)
{
    if (url.isEmpty() || size.isEmpty())
        return {};
    const Tile *hit = m_cache.object(tileKey(url, size, dpr));
    return hit ? hit->pixmap : QPixmap();
}

QPixmap TilePixmaps::get(core::ImageCache *images, const QString &url, QSize size, qreal dpr)
{
    if (!images || url.isEmpty() || size.isEmpty())
        return {};
    const QString key = tileKey(url, size, dpr);
    if (const Tile *hit = m_cache.object(key))
        return hit->pixmap;
    const QSize pixels = size * dpr;
    const QImage fit = cropToFill(images->image(url, pixels), pixels);
    if (fit.isNull())
        return {};
    QPixmap pixmap = QPixmap::fromImage(fit);
    pixmap.setDevicePixelRatio(dpr);
    m_cache.insert(key, new Tile(pixmap, &m_bytes),
                   std::max<qsizetype>(1, qsizetype(pixels.width()) * pixels.height() * 4 / 1024));
    return pixmap;
}

void paintAvatarTile(QPainter *painter, const QPalette &palette, const QFont &font,
                     const QRect &rect, const QPixmap &pixmap, const QString &name)
{
    QPainterPath clip;
    clip.addRoundedRect(QRectF(rect), 6, 6);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setClipPath(clip, Qt::IntersectClip);
    if (!pixmap.isNull()) {
        painter->drawPixmap(rect.topLeft(), pixmap);
    } else {
        painter->fillRect(
            rect, blend(palette.color(QPalette::Base), palette.color(QPalette::Text), 0.14));
        QFont f = boldFont(font);
        f.setPixelSize(rect.height() * 9 / 20);
        painter->setFont(f);
        painter->setPen(palette.color(QPalette::PlaceholderText));
        painter->drawText(rect, Qt::AlignCenter, firstCharacter(name));
    }
    painter->restore();
}

} // namespace threadline::ui

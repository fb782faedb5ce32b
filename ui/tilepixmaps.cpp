#include "tilepixmaps.h"

#include "imagecache.h"
#include "paintutil.h"

#include <QPainter>
#include <QPainterPath>
#include <QPalette>
#include <algorithm>

namespace threadline::ui {

QImage cropToFill(const QImage &image, QSize pixels)
{
    if (image.isNull() || pixels.isEmpty())
        return {};
    const QImage fit =
        image.scaled(pixels, Qt::KeepAspectRatioByExpanding, Qt::SmoothTransformation);
    return fit.copy((fit.width() - pixels.width()) / 2, (fit.height() - pixels.height()) / 2,
                    pixels.width(), pixels.height());
}

QPixmap TilePixmaps::get(core::ImageCache *images, const QString &url, QSize size, qreal dpr)
{
    if (!images || url.isEmpty() || size.isEmpty())
        return {};
    const QString key = url + QLatin1Char('|') + QString::number(size.width()) + QLatin1Char('x') +
                        QString::number(size.height()) + QLatin1Char('@') + QString::number(dpr);
    if (const QPixmap *hit = m_cache.object(key))
        return *hit;
    const QSize pixels = size * dpr;
    const QImage fit = cropToFill(images->image(url, pixels), pixels);
    if (fit.isNull())
        return {};
    QPixmap pixmap = QPixmap::fromImage(fit);
    pixmap.setDevicePixelRatio(dpr);
    m_cache.insert(key, new QPixmap(pixmap),
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

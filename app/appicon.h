// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The window's icon: the hicolor PNGs of resources/icons (the installed theme icon's sizes),
// compiled in. A file is decoded only when its size is first asked for: QIcon::addFile() would
// decode every one of them at start (Qt 6.4 reads each file to learn its size — the 256 and
// 512 px ones were a fifth of the client's start-up instructions). The window system is offered
// 16 to 128 px (xcb decodes each size it is offered into _NET_WM_ICON); a larger pixmap asked
// for (the About dialog) comes from the 256 or 512 px file.
#pragma once

#include <QHash>
#include <QIcon>
#include <QIconEngine>
#include <QImageReader>
#include <QPainter>
#include <QPixmap>
#include <QString>

#include <array>

namespace threadline::app {

class AppIconEngine : public QIconEngine
{
public:
    static constexpr std::array kFileSizes{16, 22, 24, 32, 48, 64, 128, 256, 512};

    void paint(QPainter *painter, const QRect &rect, QIcon::Mode mode, QIcon::State state) override
    {
        painter->drawPixmap(rect, pixmap(rect.size(), mode, state));
    }

    QPixmap pixmap(const QSize &size, QIcon::Mode, QIcon::State) override
    {
        if (size.isEmpty())
            return {};
        const int want = std::max(size.width(), size.height());
        int file = kFileSizes.back();
        for (const int s : kFileSizes) {
            if (s >= want) {
                file = s;
                break;
            }
        }
        QPixmap &cached = m_pixmaps[file];
        if (cached.isNull()) {
            QImageReader reader(
                QStringLiteral(":/icons/hicolor/%1x%1/apps/threadline.png").arg(file), "png");
            // Qt's own PNG reader: with detection on, the first image read in the process loads
            // every image-format plugin to ask whether it reads PNG.
            reader.setAutoDetectImageFormat(false);
            cached = QPixmap::fromImage(reader.read());
        }
        return file == want ? cached
                            : cached.scaled(size, Qt::KeepAspectRatio, Qt::SmoothTransformation);
    }

    QSize actualSize(const QSize &size, QIcon::Mode, QIcon::State) override
    {
        const int side = std::min({size.width(), size.height(), kFileSizes.back()});
        return QSize(side, side);
    }

    QList<QSize> availableSizes(QIcon::Mode, QIcon::State) override
    {
        return {QSize(16, 16), QSize(22, 22), QSize(24, 24),  QSize(32, 32),
                QSize(48, 48), QSize(64, 64), QSize(128, 128)};
    }

    QIconEngine *clone() const override { return new AppIconEngine(*this); }
    QString key() const override { return QStringLiteral("threadline-app"); }

private:
    QHash<int, QPixmap> m_pixmaps;
};

inline QIcon windowIcon()
{
    return QIcon(new AppIconEngine);
}

} // namespace threadline::app

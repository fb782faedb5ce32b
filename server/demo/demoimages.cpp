// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The demo world's images: avatars and landscape pictures drawn with QPainter on QImage from a
// seed (the same pixels every time), and the random names they are stored under.
#include "demo/demoimages.h"
#include "demo/demorng.h"

#include <QColor>
#include <QLinearGradient>
#include <QPainter>
#include <QPainterPath>
#include <QRadialGradient>

#include <cmath>

namespace threadline::server::demo {

QImage makeAvatar(int index)
{
    QImage img(96, 96, QImage::Format_RGB32);
    const double hue = std::fmod(index * 0.618033988749895, 1.0);
    const double sat = index % 2 ? 0.55 : 0.75;
    const double val = index % 3 == 0 ? 0.80 : 0.92;
    const QColor base = QColor::fromHsvF(float(hue), float(sat), float(val));
    QPainter p(&img);
    p.setRenderHint(QPainter::Antialiasing);
    QLinearGradient bg(0, 0, 96, 96);
    bg.setColorAt(0, base.lighter(125));
    bg.setColorAt(1, base.darker(125));
    p.fillRect(img.rect(), bg);
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(255, 255, 255, 200));
    p.drawEllipse(QPointF(48, 38), 18, 18); // head
    p.drawEllipse(QRectF(16, 62, 64, 64));  // shoulders
    p.setBrush(base.darker(160));
    p.drawEllipse(QPointF(41, 36), 2.5, 2.5); // eyes
    p.drawEllipse(QPointF(55, 36), 2.5, 2.5);
    return img;
}

namespace {

// hills, back to front
void drawHills(QPainter &p, Rng &rng, double hue, int w, int h)
{
    const int hills = rng.range(2, 4);
    for (int i = 0; i < hills; ++i) {
        const double base = h * (0.55 + 0.12 * i);
        QPainterPath path(QPointF(0, h));
        path.lineTo(0, base + rng.range(-30, 30));
        const int steps = rng.range(2, 4);
        for (int s = 1; s <= steps; ++s) {
            const double x = double(w) * s / steps;
            const double cx = x - double(w) / steps / 2;
            const double peak = base - rng.range(20, 110);
            const double end = base + rng.range(-30, 30);
            path.quadTo(cx, peak, x, end);
        }
        path.lineTo(w, h);
        path.closeSubpath();
        const QColor c = QColor::fromHsvF(float(std::fmod(hue + 0.35 + 0.05 * i, 1.0)),
                                          0.45f + 0.1f * float(i), 0.55f - 0.1f * float(i));
        QLinearGradient hg(0, base - 100, 0, h);
        hg.setColorAt(0, c.lighter(130));
        hg.setColorAt(1, c.darker(140));
        p.setBrush(hg);
        p.drawPath(path);
    }
}

} // namespace

QImage makePicture(quint32 seed)
{
    Rng rng(seed * 2654435761u + 17u);
    const int w = 480, h = 360;
    QImage img(w, h, QImage::Format_RGB32);
    QPainter p(&img);
    p.setRenderHint(QPainter::Antialiasing);
    const double hue = rng.real();
    const QColor sky1 = QColor::fromHsvF(float(hue), 0.55f, 0.95f);
    const QColor sky2 =
        QColor::fromHsvF(float(std::fmod(hue + 0.12 + rng.real() * 0.2, 1.0)), 0.7f, 0.75f);
    QLinearGradient bg(0, 0, rng.range(0, w), h);
    bg.setColorAt(0, sky1);
    bg.setColorAt(1, sky2);
    p.fillRect(img.rect(), bg);
    p.setPen(Qt::NoPen);

    // a sun or moon
    const int sunX = rng.range(60, w - 60);
    const int sunY = rng.range(40, 140);
    const QPointF sun(sunX, sunY);
    const double r = rng.range(25, 55);
    QRadialGradient glow(sun, r * 2.2);
    glow.setColorAt(0, QColor(255, 250, 220, 255));
    glow.setColorAt(0.45, QColor(255, 230, 160, 200));
    glow.setColorAt(1, QColor(255, 230, 160, 0));
    p.setBrush(glow);
    p.drawEllipse(sun, r * 2.2, r * 2.2);

    // floating shapes
    const int shapes = rng.range(4, 10);
    for (int i = 0; i < shapes; ++i) {
        const double ch = rng.real();
        const double cs = 0.3 + rng.real() * 0.6;
        const double cv = 0.6 + rng.real() * 0.4;
        QColor c = QColor::fromHsvF(float(ch), float(cs), float(cv));
        c.setAlpha(rng.range(70, 170));
        p.setBrush(c);
        const int x = rng.range(-40, w - 20);
        const int y = rng.range(-20, h / 2);
        const int bw = rng.range(30, 150);
        const int bh = rng.range(30, 120);
        const QRectF box(x, y, bw, bh);
        switch (rng.range(0, 2)) {
        case 0:
            p.drawEllipse(box);
            break;
        case 1:
            p.drawRoundedRect(box, 12, 12);
            break;
        default: {
            QPolygonF tri;
            tri << box.bottomLeft() << QPointF(box.center().x(), box.top()) << box.bottomRight();
            p.drawPolygon(tri);
        }
        }
    }

    drawHills(p, rng, hue, w, h);
    return img;
}

QString randomMediaName()
{
    quint32 words[4];
    QRandomGenerator::system()->fillRange(words);
    QByteArray raw(reinterpret_cast<const char *>(words), sizeof words);
    return QString::fromLatin1(raw.toHex()) + QStringLiteral(".png");
}

} // namespace threadline::server::demo

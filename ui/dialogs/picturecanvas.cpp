// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// PictureCanvas: fit, 1:1, zoom and pan of one picture (see picturecanvas.h).
#include "dialogs/picturecanvas.h"

#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace threadline::ui {

PictureCanvas::PictureCanvas(QWidget *parent)
    : QWidget(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    setBackgroundRole(QPalette::Window);
    setAutoFillBackground(true);
    setMinimumSize(160, 120);
}

void PictureCanvas::setImage(const QImage &image)
{
    m_image = image;
    m_fit = true;
    m_centre = QPointF(image.width() / 2.0, image.height() / 2.0);
    m_dragging = false;
    updateCursor();
    update();
    Q_EMIT scaleChanged(scale());
}

double PictureCanvas::fitScale() const
{
    if (m_image.isNull() || width() <= 0 || height() <= 0)
        return 1.0;
    const double sx = width() * dpr() / m_image.width();
    const double sy = height() * dpr() / m_image.height();
    return std::clamp(std::min({sx, sy, 1.0}), kMinScale, 1.0);
}

double PictureCanvas::scale() const
{
    return m_fit ? fitScale() : m_scale;
}

void PictureCanvas::fitToWindow()
{
    m_fit = true;
    m_centre = QPointF(m_image.width() / 2.0, m_image.height() / 2.0);
    updateCursor();
    update();
    Q_EMIT scaleChanged(scale());
}

void PictureCanvas::actualSize()
{
    setScale(1.0, {});
}

void PictureCanvas::zoomBy(double factor, QPointF anchor)
{
    setScale(scale() * factor, anchor);
}

void PictureCanvas::setScale(double s, QPointF anchor)
{
    if (m_image.isNull())
        return;
    s = std::clamp(s, kMinScale, kMaxScale);
    if (std::abs(s - 1.0) < 0.01)
        s = 1.0; // steps land on 1:1 exactly, so that it is crisp
    const QPointF mid(width() / 2.0, height() / 2.0);
    if (anchor.isNull())
        anchor = mid;
    // The picture point under the anchor stays under it.
    const double before = scale();
    const QPointF at = m_centre + (anchor - mid) * dpr() / before;
    m_fit = false;
    m_scale = s;
    m_centre = at - (anchor - mid) * dpr() / s;
    clampCentre();
    updateCursor();
    update();
    Q_EMIT scaleChanged(s);
}

bool PictureCanvas::canPan() const
{
    if (m_image.isNull())
        return false;
    const double s = scale();
    return m_image.width() * s > width() * dpr() + 0.5 ||
           m_image.height() * s > height() * dpr() + 0.5;
}

void PictureCanvas::clampCentre()
{
    const double s = scale();
    // Per axis: centred while the picture fits; else no empty margin beyond its edges.
    const auto clampAxis = [s, this](double c, double picture, double view) {
        const double half = view * dpr() / 2.0 / s; // picture pixels from centre to edge
        if (picture * s <= view * dpr())
            return picture / 2.0;
        return std::clamp(c, half, picture - half);
    };
    m_centre.setX(clampAxis(m_centre.x(), m_image.width(), width()));
    m_centre.setY(clampAxis(m_centre.y(), m_image.height(), height()));
}

QRectF PictureCanvas::pictureRect() const
{
    if (m_image.isNull())
        return {};
    const double s = scale();
    const double r = dpr();
    // In device pixels, the top left rounded to a whole pixel (crisp at 1:1).
    const QPointF midDevice(width() * r / 2.0, height() * r / 2.0);
    const QPointF topLeft(std::round(midDevice.x() - m_centre.x() * s),
                          std::round(midDevice.y() - m_centre.y() * s));
    return {topLeft / r, QSizeF(m_image.width() * s / r, m_image.height() * s / r)};
}

void PictureCanvas::paintEvent(QPaintEvent *event)
{
    if (m_image.isNull())
        return;
    QPainter p(this);
    const QRectF target = pictureRect();
    const QRectF visible = target.intersected(QRectF(event->rect()));
    if (visible.isEmpty())
        return;
    // Only the visible part: the source rectangle in picture pixels.
    const double k = m_image.width() / target.width();
    const QRectF source((visible.left() - target.left()) * k, (visible.top() - target.top()) * k,
                        visible.width() * k, visible.height() * k);
    p.setRenderHint(QPainter::SmoothPixmapTransform, std::abs(scale() - 1.0) > 1e-9);
    p.drawImage(visible, m_image, source);
}

void PictureCanvas::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    clampCentre();
    updateCursor();
    if (m_fit)
        Q_EMIT scaleChanged(scale());
}

void PictureCanvas::wheelEvent(QWheelEvent *event)
{
    const int delta = event->angleDelta().y();
    if (delta == 0 || m_image.isNull()) {
        event->ignore();
        return;
    }
    zoomBy(std::pow(kStep, delta / 120.0), event->position());
    event->accept();
}

void PictureCanvas::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton && canPan()) {
        m_dragging = true;
        m_dragFrom = event->position();
        setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    QWidget::mousePressEvent(event);
}

void PictureCanvas::mouseMoveEvent(QMouseEvent *event)
{
    if (!m_dragging) {
        QWidget::mouseMoveEvent(event);
        return;
    }
    const QPointF delta = event->position() - m_dragFrom;
    m_dragFrom = event->position();
    m_centre -= delta * dpr() / scale();
    clampCentre();
    update();
}

void PictureCanvas::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_dragging && event->button() == Qt::LeftButton) {
        m_dragging = false;
        updateCursor();
        return;
    }
    QWidget::mouseReleaseEvent(event);
}

void PictureCanvas::updateCursor()
{
    if (m_dragging)
        return;
    if (canPan())
        setCursor(Qt::OpenHandCursor);
    else
        unsetCursor();
}

} // namespace threadline::ui

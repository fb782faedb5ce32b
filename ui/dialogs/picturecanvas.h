// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// PictureCanvas: the picture viewer's drawing area (PictureViewer). One decoded picture, fit to
// the widget (shrunk only, never enlarged) or at a scale of its own: 1:1 is one picture pixel
// per device pixel, so that a picture is crisp at a device pixel ratio of 2. The wheel zooms
// around the pointer; a drag pans while the picture is larger than the widget. Only the visible
// part is drawn, from the QImage the ImageCache holds (no pixmap copy: memory stays one image).
#pragma once

#include <QImage>
#include <QPointF>
#include <QWidget>

namespace threadline::ui {

class PictureCanvas : public QWidget
{
    Q_OBJECT
public:
    static constexpr double kMinScale = 0.02;
    static constexpr double kMaxScale = 16.0;
    static constexpr double kStep = 1.25; // one zoom step (a wheel notch, Ctrl+= / Ctrl+−)

    explicit PictureCanvas(QWidget *parent = nullptr);

    // A null image: nothing to draw. A new image starts fit to the widget.
    void setImage(const QImage &image);
    [[nodiscard]] const QImage &image() const { return m_image; }

    // Device pixels per picture pixel: 1.0 is 1:1.
    [[nodiscard]] double scale() const;
    [[nodiscard]] bool isFit() const { return m_fit; }
    // The scale "fit" means now: the whole picture in the widget, at most 1:1.
    [[nodiscard]] double fitScale() const;
    void fitToWindow();
    void actualSize();
    // Multiplies the scale by factor, keeping the picture point under `anchor` (widget
    // coordinates; the centre when null) where it is.
    void zoomBy(double factor, QPointF anchor = {});
    void zoomIn() { zoomBy(kStep); }
    void zoomOut() { zoomBy(1.0 / kStep); }
    // True when the picture at this scale is larger than the widget (a drag pans).
    [[nodiscard]] bool canPan() const;
    // The picture point at the widget's centre (picture pixels).
    [[nodiscard]] QPointF centre() const { return m_centre; }
    // Where the picture lands (widget coordinates), as painted.
    [[nodiscard]] QRectF pictureRect() const;

Q_SIGNALS:
    void scaleChanged(double scale);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;

private:
    void setScale(double scale, QPointF anchor);
    void clampCentre();
    void updateCursor();
    [[nodiscard]] double dpr() const { return devicePixelRatioF(); }

    QImage m_image;
    bool m_fit = true;
    double m_scale = 1.0; // while not fit
    QPointF m_centre;     // picture pixels
    bool m_dragging = false;
    QPointF m_dragFrom;
};

} // namespace threadline::ui

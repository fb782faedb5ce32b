// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A small bar chart of one number per day (the moderators' statistics: people active each day),
// painted with QPainter. A day without a value (not loaded, or its request failed) is drawn as a
// hatched, empty slot, never as a bar of 0; a 0 is a thin line on the baseline.
//
//   chart->setDays(feed.chartDates(), feed.chartValues());
//   connect(chart, &ActivityChart::currentChanged, …);   // the hovered or selected bar
//
// Dates ("MM-dd") under the bars, as many as fit, the last always; a few value lines on the left.
// The current bar (hovered, clicked, or moved with Left / Right / Home / End) is highlighted, and
// its value is in currentText(), the tool tip and the accessible description. Return or a
// double-click asks for that day (dayActivated).
#pragma once

#include <QDate>
#include <QList>
#include <QWidget>

#include <optional>

namespace threadline::ui {

class ActivityChart : public QWidget
{
    Q_OBJECT
public:
    explicit ActivityChart(QWidget *parent = nullptr);

    // The days, oldest first, and their values (the same length; nullopt: no data). The current
    // bar stays where it was for the same days; for other days it is the last one.
    void setDays(const QList<QDate> &dates, const QList<std::optional<qint64>> &values);
    [[nodiscard]] QList<QDate> dates() const { return m_dates; }
    [[nodiscard]] QList<std::optional<qint64>> values() const { return m_values; }

    [[nodiscard]] int currentIndex() const { return m_current; }
    void setCurrentIndex(int index);
    // "2026-11-12: 5 active" / "2026-11-12: not loaded" for the current bar ("" with no days).
    [[nodiscard]] QString currentText() const;
    [[nodiscard]] QString textFor(int index) const;
    // Where bar `index` is drawn (its whole slot height), and which bar is at a point (-1: none).
    [[nodiscard]] QRect barRect(int index) const;
    [[nodiscard]] int indexAt(const QPoint &pos) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void currentChanged(int index);
    void dayActivated(const QDate &date);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool event(QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    [[nodiscard]] QRect plotRect() const;
    [[nodiscard]] qint64 scaleMax() const;
    void updateAccessibility();

    QList<QDate> m_dates;
    QList<std::optional<qint64>> m_values;
    int m_current = -1;
};

} // namespace threadline::ui

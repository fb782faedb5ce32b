// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "moderation/activitychart.h"

#include "common/palettecolors.h"
#include "common/plaintext.h"

#include <QAccessible>
#include <QEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace threadline::ui {

namespace {

QString shortDay(const QDate &d)
{
    return d.toString(QStringLiteral("MM-dd"));
}

// 1, 2, 5, 10, 20, 50, … : the smallest such number ≥ v (the chart's top line).
qint64 niceCeiling(qint64 v)
{
    if (v <= 1)
        return 1;
    qint64 step = 1;
    while (true) {
        for (const qint64 m : {1, 2, 5}) {
            if (m * step >= v)
                return m * step;
        }
        step *= 10;
    }
}

} // namespace

ActivityChart::ActivityChart(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("activityChart"));
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    updateAccessibility();
}

QSize ActivityChart::sizeHint() const
{
    return {560, 200};
}

QSize ActivityChart::minimumSizeHint() const
{
    return {240, 120};
}

void ActivityChart::setDays(const QList<QDate> &dates, const QList<std::optional<qint64>> &values)
{
    // Another window (another chosen day): the current bar is that day again.
    const bool sameWindow =
        !m_dates.isEmpty() && !dates.isEmpty() && m_dates.last() == dates.last();
    const QDate current = sameWindow && m_current >= 0 && m_current < m_dates.size()
                              ? m_dates.at(m_current)
                              : QDate();
    m_dates = dates;
    m_values = values;
    m_values.resize(m_dates.size());
    int index = int(m_dates.indexOf(current));
    if (index < 0)
        index = int(m_dates.size()) - 1;
    const bool moved = index != m_current;
    m_current = index;
    updateAccessibility();
    update();
    if (moved)
        Q_EMIT currentChanged(m_current);
}

void ActivityChart::setCurrentIndex(int index)
{
    if (m_dates.isEmpty())
        return;
    index = std::clamp(index, 0, int(m_dates.size()) - 1);
    if (index == m_current)
        return;
    m_current = index;
    updateAccessibility();
    update();
    if (hasFocus()) {
        QAccessibleEvent ev(this, QAccessible::DescriptionChanged);
        QAccessible::updateAccessibility(&ev);
    }
    Q_EMIT currentChanged(m_current);
}

QString ActivityChart::textFor(int index) const
{
    if (index < 0 || index >= m_dates.size())
        return {};
    const QString day = m_dates.at(index).toString(QStringLiteral("yyyy-MM-dd"));
    const std::optional<qint64> v = m_values.at(index);
    //: A bar of the statistics chart: "2026-11-12: 5 active"
    return v ? tr("%1: %2 active").arg(day).arg(*v) : tr("%1: not loaded").arg(day);
}

QString ActivityChart::currentText() const
{
    return textFor(m_current);
}

void ActivityChart::updateAccessibility()
{
    setAccessibleName(tr("People active per day"));
    QStringList parts;
    if (!m_dates.isEmpty())
        parts << tr("The %n days from %1 to %2.", nullptr, int(m_dates.size()))
                     .arg(m_dates.first().toString(QStringLiteral("yyyy-MM-dd")),
                          m_dates.last().toString(QStringLiteral("yyyy-MM-dd")));
    if (m_current >= 0)
        parts << tr("Selected: %1.").arg(currentText());
    setAccessibleDescription(parts.join(QLatin1Char(' ')));
}

qint64 ActivityChart::scaleMax() const
{
    qint64 top = 0;
    for (const std::optional<qint64> &v : m_values)
        if (v)
            top = std::max(top, *v);
    return niceCeiling(top);
}

QRect ActivityChart::plotRect() const
{
    const QFontMetrics fm(font());
    const int left = fm.horizontalAdvance(QString::number(scaleMax())) + 10;
    const int bottom = fm.height() + 8;
    const int top = fm.height() / 2 + 4;
    return rect().adjusted(left, top, -6, -bottom);
}

QRect ActivityChart::barRect(int index) const
{
    if (index < 0 || index >= m_dates.size())
        return {};
    const QRect plot = plotRect();
    const qreal slot = qreal(plot.width()) / qreal(m_dates.size());
    const int x0 = plot.left() + int(std::floor(slot * index));
    const int x1 = plot.left() + int(std::floor(slot * (index + 1)));
    return QRect(x0, plot.top(), std::max(1, x1 - x0), plot.height());
}

int ActivityChart::indexAt(const QPoint &pos) const
{
    const QRect plot = plotRect();
    if (m_dates.isEmpty() || pos.x() < plot.left() || pos.x() > plot.right() || pos.y() < 0 ||
        pos.y() > height())
        return -1;
    const qreal slot = qreal(plot.width()) / qreal(m_dates.size());
    return std::clamp(int((pos.x() - plot.left()) / slot), 0, int(m_dates.size()) - 1);
}

void ActivityChart::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, false);
    const QPalette &pal = palette();
    const QColor text = pal.color(QPalette::WindowText);
    const QColor muted = pal.color(QPalette::PlaceholderText);
    const QColor grid = blend(pal.color(QPalette::Window), text, 0.12);
    const QColor bar = blend(pal.color(QPalette::Window), pal.color(QPalette::Highlight), 0.55);
    const QColor current = pal.color(QPalette::Highlight);
    const QFontMetrics fm(font());
    const QRect plot = plotRect();
    const qint64 top = scaleMax();

    // value lines: 0, the middle (when a whole number) and the top
    p.setFont(font());
    QList<qint64> lines{0, top};
    if (top % 2 == 0 && top > 1)
        lines.insert(1, top / 2);
    for (const qint64 v : lines) {
        const int y =
            plot.bottom() - int(std::lround(qreal(plot.height()) * qreal(v) / qreal(top)));
        p.setPen(v == 0 ? blend(pal.color(QPalette::Window), text, 0.4) : grid);
        p.drawLine(plot.left(), y, plot.right(), y);
        p.setPen(muted);
        p.drawText(QRect(0, y - fm.height() / 2, plot.left() - 6, fm.height()),
                   Qt::AlignRight | Qt::AlignVCenter, QString::number(v));
    }

    if (m_dates.isEmpty())
        return;
    // the date labels: every k-th bar so that they do not touch, counted back from the last
    const qreal slot = qreal(plot.width()) / qreal(m_dates.size());
    const int labelWidth = fm.horizontalAdvance(QStringLiteral("00-00")) + 8;
    const int every = std::max(1, int(std::ceil(labelWidth / std::max(slot, 1.0))));
    const int last = int(m_dates.size()) - 1;

    for (int i = 0; i <= last; ++i) {
        const QRect slotRect = barRect(i);
        const int gap = std::max(1, slotRect.width() / 5);
        const QRect column = slotRect.adjusted(gap / 2 + gap % 2, 0, -gap / 2, 0);
        const std::optional<qint64> v = m_values.at(i);
        const bool isCurrent = i == m_current;
        if (isCurrent) // the whole slot, lightly, so that an empty day shows where it is
            p.fillRect(slotRect, blend(pal.color(QPalette::Window), current, 0.10));
        if (!v) {
            // no data: a hatched empty column, not a bar
            p.fillRect(column,
                       QBrush(blend(pal.color(QPalette::Window), muted, 0.35), Qt::BDiagPattern));
        } else if (*v == 0) {
            p.fillRect(QRect(column.left(), plot.bottom() - 1, column.width(), 2),
                       isCurrent ? current : bar);
        } else {
            const int h =
                std::max(2, int(std::lround(qreal(plot.height()) * qreal(*v) / qreal(top))));
            p.fillRect(QRect(column.left(), plot.bottom() - h + 1, column.width(), h),
                       isCurrent ? current : bar);
        }
        if ((last - i) % every == 0) {
            p.setPen(isCurrent ? text : muted);
            const QRect label(slotRect.center().x() - labelWidth / 2, plot.bottom() + 4, labelWidth,
                              fm.height());
            p.drawText(label, Qt::AlignHCenter | Qt::AlignTop, shortDay(m_dates.at(i)));
        }
    }
    if (hasFocus() && m_current >= 0) {
        p.setPen(QPen(current, 1, Qt::DotLine));
        p.setBrush(Qt::NoBrush);
        p.drawRect(barRect(m_current).adjusted(0, 0, -1, -1));
    }
}

void ActivityChart::mouseMoveEvent(QMouseEvent *event)
{
    const int i = indexAt(event->position().toPoint());
    if (i >= 0)
        setCurrentIndex(i);
    QWidget::mouseMoveEvent(event);
}

void ActivityChart::mousePressEvent(QMouseEvent *event)
{
    const int i = indexAt(event->position().toPoint());
    if (i >= 0)
        setCurrentIndex(i);
    setFocus(Qt::MouseFocusReason);
    QWidget::mousePressEvent(event);
}

void ActivityChart::mouseDoubleClickEvent(QMouseEvent *event)
{
    const int i = indexAt(event->position().toPoint());
    if (i >= 0)
        Q_EMIT dayActivated(m_dates.at(i));
}

void ActivityChart::keyPressEvent(QKeyEvent *event)
{
    switch (event->key()) {
    case Qt::Key_Left:
        setCurrentIndex(m_current - 1);
        return;
    case Qt::Key_Right:
        setCurrentIndex(m_current + 1);
        return;
    case Qt::Key_Home:
        setCurrentIndex(0);
        return;
    case Qt::Key_End:
        setCurrentIndex(int(m_dates.size()) - 1);
        return;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (m_current >= 0) {
            Q_EMIT dayActivated(m_dates.at(m_current));
            return;
        }
        break;
    default:
        break;
    }
    QWidget::keyPressEvent(event);
}

bool ActivityChart::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int i = indexAt(help->pos());
        if (i >= 0)
            QToolTip::showText(help->globalPos(), plainToolTip(textFor(i)), this, barRect(i));
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

void ActivityChart::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        updateAccessibility();
    QWidget::changeEvent(event);
}

} // namespace threadline::ui

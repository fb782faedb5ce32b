// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/palettecolors.h"

#include <QStyle>
#include <QStyleOptionViewItem>

namespace threadline::ui {

QColor blend(const QColor &a, const QColor &b, qreal t)
{
    return QColor::fromRgbF(float(a.redF() * (1 - t) + b.redF() * t),
                            float(a.greenF() * (1 - t) + b.greenF() * t),
                            float(a.blueF() * (1 - t) + b.blueF() * t));
}

QColor warningColor(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128 ? QColor(0xef, 0x6b, 0x6b)
                                                             : QColor(0xc6, 0x28, 0x28);
}

QString warningStyleSheet(const QPalette &palette, bool bold)
{
    return QStringLiteral("color: %1%2")
        .arg(warningColor(palette).name(),
             bold ? QStringLiteral("; font-weight: bold") : QString());
}

QPalette::ColorGroup colorGroup(const QStyleOptionViewItem &opt)
{
    if (!(opt.state & QStyle::State_Enabled))
        return QPalette::Disabled;
    return (opt.state & QStyle::State_Active) ? QPalette::Normal : QPalette::Inactive;
}

} // namespace threadline::ui

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/textmetrics.h"

#include <algorithm>
#include <cmath>

#include <QFontMetricsF>
#include <QTextBoundaryFinder>
#include <QTextLayout>

namespace threadline::ui {

QFont smallerFont(const QFont &base)
{
    QFont f = base;
    if (base.pointSizeF() > 0)
        f.setPointSizeF(std::max(7.0, base.pointSizeF() * 0.88));
    else if (base.pixelSize() > 0)
        f.setPixelSize(std::max(9, int(base.pixelSize() * 0.88)));
    return f;
}

QFont boldFont(QFont f)
{
    f.setBold(true);
    return f;
}

int advance(const QFont &font, const QString &text)
{
    return int(std::ceil(QFontMetricsF(font).horizontalAdvance(text))) + 1;
}

QStringList wrappedLines(const QString &content, const QFont &font, int width, int maxLines)
{
    QStringList lines;
    QString text = content.trimmed();
    text.replace(QLatin1Char('\n'), QChar::LineSeparator);
    QTextLayout layout(text, font);
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    layout.setTextOption(option);
    const QFontMetrics fm(font);
    layout.beginLayout();
    for (int n = 0; n < maxLines; ++n) {
        QTextLine line = layout.createLine();
        if (!line.isValid())
            break;
        line.setLineWidth(width);
        QString part = text.mid(line.textStart(), line.textLength());
        if (n == maxLines - 1 && line.textStart() + line.textLength() < text.size()) {
            QString rest = text.mid(line.textStart());
            rest.replace(QChar::LineSeparator, QLatin1Char(' '));
            part = fm.elidedText(rest, Qt::ElideRight, width);
        }
        part.remove(QChar::LineSeparator);
        lines.append(part);
    }
    layout.endLayout();
    return lines;
}

QString firstCharacter(const QString &name)
{
    // Leading invisible format characters (bidi controls, joiners) would make a blank tile.
    QString trimmed = name.trimmed();
    qsizetype skip = 0;
    while (skip < trimmed.size() && trimmed.at(skip).category() == QChar::Other_Format)
        ++skip;
    trimmed = trimmed.mid(skip).trimmed();
    if (trimmed.isEmpty())
        return QStringLiteral("?");
    QTextBoundaryFinder finder(QTextBoundaryFinder::Grapheme, trimmed);
    const qsizetype end = finder.toNextBoundary();
    return trimmed.left(end > 0 ? end : 1).toUpper();
}

} // namespace threadline::ui

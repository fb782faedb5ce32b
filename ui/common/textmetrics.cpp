#include "common/paintutil.h"

#include <algorithm>
#include <cmath>

#include <QAction>
#include <QFontMetricsF>
#include <QMenu>
#include <QStyle>
#include <QStyleOptionViewItem>
#include <QTextBoundaryFinder>
#include <QTextDocument>
#include <QTextLayout>

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

QString plainToolTip(const QString &text)
{
    return text.isEmpty() ? QString() : Qt::convertFromPlainText(text, Qt::WhiteSpaceNormal);
}

QAction *addMenuAction(QMenu *menu, const QString &name, const QString &text,
                       const QKeySequence &keys)
{
    QAction *a = menu->addAction(text);
    a->setObjectName(name);
    if (!keys.isEmpty()) {
        a->setShortcut(keys);
        a->setShortcutVisibleInContextMenu(true);
    }
    return a;
}

} // namespace threadline::ui

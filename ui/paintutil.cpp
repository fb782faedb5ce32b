#include "paintutil.h"

#include <algorithm>

#include <QAction>
#include <QMenu>
#include <QTextBoundaryFinder>
#include <QTextDocument>

namespace threadline::ui {

QColor blend(const QColor &a, const QColor &b, qreal t)
{
    return QColor::fromRgbF(float(a.redF() * (1 - t) + b.redF() * t),
                            float(a.greenF() * (1 - t) + b.greenF() * t),
                            float(a.blueF() * (1 - t) + b.blueF() * t));
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

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
    const QString trimmed = name.trimmed();
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

QString sanitizedText(const QString &text, int maxChars)
{
    const auto isBidiControl = [](char32_t c) {
        return (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) || c == 0x200E ||
               c == 0x200F || c == 0x061C;
    };
    QString out;
    out.reserve(std::min<qsizetype>(text.size(), qsizetype(maxChars) * 2) + 1);
    int n = 0;
    for (const char32_t c : text.toUcs4()) {
        if (n++ == maxChars) {
            out += QChar(0x2026);
            break;
        }
        if (isBidiControl(c))
            out += QChar(0xFFFD);
        else
            out += QString::fromUcs4(&c, 1);
    }
    return out;
}

QString isolated(const QString &text)
{
    return QChar(0x2068) + text + QChar(0x2069); // FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE
}

QString shownText(const QString &text, int maxChars)
{
    return isolated(sanitizedText(text, maxChars));
}

} // namespace threadline::ui

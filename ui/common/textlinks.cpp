// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Web links in user text as the views show them (textlinks.h).
#include "common/textlinks.h"

#include "common/menuactions.h"
#include "common/plaintext.h"

#include <QAction>
#include <QClipboard>
#include <QColor>
#include <QDesktopServices>
#include <QGuiApplication>
#include <QMenu>

#include <algorithm>
#include <cmath>

namespace threadline::ui {

TextLinks TextLinks::of(QStringView text, qsizetype shown)
{
    TextLinks links;
    const qsizetype end = shown < 0 ? text.size() : std::min(shown, text.size());
    for (const core::LinkMark &mark : core::linkMarks(text)) {
        if (mark.start >= end)
            break;
        links.ranges.append({int(mark.start), int(std::min(mark.length, end - mark.start))});
        links.urls.append(mark.url);
    }
    return links;
}

qsizetype TextLinks::bytesOfLinks(const QList<QPair<int, int>> &ranges, const QList<QUrl> &urls)
{
    qsizetype bytes = 0;
    if (ranges.capacity() > 0)
        bytes += 16 + ranges.capacity() * qsizetype(sizeof(QPair<int, int>));
    if (urls.capacity() > 0)
        bytes += 16 + urls.capacity() * qsizetype(sizeof(QUrl));
    // each URL's parts: about its text as written, and QUrl's own
    for (const auto &[start, length] : ranges)
        bytes += 96 + 2 * qsizetype(length);
    return bytes;
}

int rangeAt(const QTextLayout &layout, const QList<QPair<int, int>> &ranges, const QPointF &local)
{
    if (ranges.isEmpty())
        return -1;
    for (int i = 0; i < layout.lineCount(); ++i) {
        const QTextLine line = layout.lineAt(i);
        if (local.y() < line.y() || local.y() >= line.y() + line.height())
            continue;
        if (local.x() < line.x() || local.x() > line.x() + line.naturalTextWidth())
            return -1;
        const int at = line.xToCursor(local.x(), QTextLine::CursorOnCharacter);
        for (qsizetype r = 0; r < ranges.size(); ++r) {
            const auto &[start, size] = ranges.at(r);
            if (at >= start && at < start + size)
                return int(r);
        }
        return -1;
    }
    return -1;
}

QRect rangeRect(const QTextLayout &layout, const QPair<int, int> &range)
{
    const auto &[start, size] = range;
    const QTextLine line = layout.lineForTextPosition(start);
    if (!line.isValid() || size <= 0)
        return {};
    const int end = std::min(start + size, line.textStart() + line.textLength());
    const qreal x0 = line.cursorToX(start);
    const qreal x1 = line.cursorToX(end);
    return QRectF(std::min(x0, x1), line.y(), std::abs(x1 - x0), line.height()).toAlignedRect();
}

QList<QTextLayout::FormatRange> linkFormats(const QList<QPair<int, int>> &ranges,
                                            const QColor &colour)
{
    QList<QTextLayout::FormatRange> formats;
    formats.reserve(ranges.size());
    for (const auto &[start, size] : ranges) {
        QTextLayout::FormatRange range;
        range.start = start;
        range.length = size;
        range.format.setForeground(colour);
        range.format.setFontUnderline(true);
        formats.append(range);
    }
    return formats;
}

bool LinkActions::open(const QUrl &url)
{
    // Checked again right before the browser gets it: http and https, nothing else, ever.
    if (!core::isWebLink(url))
        return false;
    return QDesktopServices::openUrl(url);
}

QString LinkActions::toolTip(const QUrl &url)
{
    return plainToolTip(url.toString());
}

QString LinkActions::shortText(const QUrl &url)
{
    constexpr qsizetype kMax = 40;
    QString text = url.toString(QUrl::RemoveScheme | QUrl::RemoveUserInfo);
    if (text.startsWith(QLatin1String("//")))
        text.remove(0, 2);
    if (url.path() == QLatin1String("/") && !url.hasQuery() && !url.hasFragment())
        text.chop(1); // "example.org/" reads "example.org"
    if (text.size() > kMax) {
        qsizetype head = kMax * 2 / 3;
        qsizetype tail = kMax - head - 1;
        if (text.at(head - 1).isHighSurrogate()) // never half a character
            --head;
        if (text.at(text.size() - tail).isLowSurrogate())
            --tail;
        text = text.left(head) + QChar(0x2026) + text.right(tail);
    }
    return isolated(text);
}

QList<QUrl> LinkActions::menuLinks(const QString &shown)
{
    QList<QUrl> urls;
    for (const core::LinkMark &mark : core::linkMarks(shown)) {
        if (urls.size() >= kMenuLinks)
            break;
        if (!urls.contains(mark.url))
            urls.append(mark.url);
    }
    return urls;
}

void LinkActions::addMenuEntries(QMenu *menu, const QList<QUrl> &urls)
{
    for (const QUrl &url : urls) {
        if (!core::isWebLink(url))
            continue;
        QString shortened = shortText(url);
        shortened.replace(QLatin1Char('&'), QLatin1String("&&")); // no mnemonic from the URL
        QAction *open =
            addMenuAction(menu, QStringLiteral("openLink"), tr("Open link %1").arg(shortened));
        QObject::connect(open, &QAction::triggered, menu, [url] { LinkActions::open(url); });
        QAction *copy = addMenuAction(menu, QStringLiteral("copyLink"),
                                      urls.size() == 1 ? tr("Copy link address")
                                                       : tr("Copy link address %1").arg(shortened));
        QObject::connect(copy, &QAction::triggered, menu,
                         [url] { QGuiApplication::clipboard()->setText(url.toString()); });
    }
}

} // namespace threadline::ui

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Web links in user text as the views show them (core/wire/links.h; docs/design.md, "Links in
// posts and comments"): the http and https links of a laid-out text, drawn in the link colour
// (plain text, underlined), the one under the mouse, the whole URL as a plain tool tip, the
// entries of a context menu, and the browser opened on a click — only for http and https,
// checked again right before. Nothing here loads a URL: no previews, nothing prefetched.
//
//   TextLinks links = TextLinks::of(layout.text());
//   layout.draw(painter, topLeft, linkFormats(links.ranges, palette.color(QPalette::Link)));
//   if (const int i = rangeAt(layout, links.ranges, local); i >= 0)
//       LinkActions::open(links.urls.at(i));
#pragma once

#include "wire/links.h"

#include <QCoreApplication>
#include <QList>
#include <QPair>
#include <QRect>
#include <QStringView>
#include <QTextLayout>
#include <QUrl>

class QColor;
class QMenu;

namespace threadline::ui {

// The links of one laid-out text.
struct TextLinks
{
    QList<QPair<int, int>> ranges; // (start, length) in the layout's text
    QList<QUrl> urls;              // what each opens

    // The links of `text`; with `shown` >= 0 only those that start in its first `shown`
    // characters, their ranges cut there (an elided text: the URL stays whole).
    [[nodiscard]] static TextLinks of(QStringView text, qsizetype shown = -1);
    [[nodiscard]] bool isEmpty() const { return ranges.isEmpty(); }
    // About what the links take (a layout cache's byte budget).
    [[nodiscard]] qsizetype bytes() const { return bytesOfLinks(ranges, urls); }
    [[nodiscard]] static qsizetype bytesOfLinks(const QList<QPair<int, int>> &ranges,
                                                const QList<QUrl> &urls);
};

// The index of the range under `local` (the layout's coordinates) in a laid-out text, -1 when
// none is.
[[nodiscard]] int rangeAt(const QTextLayout &layout, const QList<QPair<int, int>> &ranges,
                          const QPointF &local);
// Where a range's first line is (the layout's coordinates), null when it is not laid out.
[[nodiscard]] QRect rangeRect(const QTextLayout &layout, const QPair<int, int> &range);
// The ranges drawn as links: in `colour`, underlined.
[[nodiscard]] QList<QTextLayout::FormatRange> linkFormats(const QList<QPair<int, int>> &ranges,
                                                          const QColor &colour);

// What the user does with a link.
class LinkActions
{
    Q_DECLARE_TR_FUNCTIONS(threadline::ui::LinkActions)
public:
    // The links one context menu offers (the first ones of the text).
    static constexpr int kMenuLinks = 3;

    // Hands an http or https URL to the browser (QDesktopServices::openUrl); anything else is
    // refused (false). Only ever called for a click or a menu entry the user chose.
    static bool open(const QUrl &url);
    // The link's tool tip: the whole URL, as plain text.
    [[nodiscard]] static QString toolTip(const QUrl &url);
    // The link shortened for a menu: its host, path and query without the scheme and any user
    // name, cut in the middle past 40 characters, isolated.
    [[nodiscard]] static QString shortText(const QUrl &url);
    // The distinct links of a shown text (shownText()), at most kMenuLinks.
    [[nodiscard]] static QList<QUrl> menuLinks(const QString &shown);
    // For each link: "Open link <short>" (object name "openLink") and "Copy link address"
    // ("copyLink"; with several links it says which one). Nothing when there are none.
    static void addMenuEntries(QMenu *menu, const QList<QUrl> &urls);
};

} // namespace threadline::ui

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Web links in a post's or a comment's text, as the views show them (docs/design.md, "Links in
// posts and comments"). Only http and https are links; everything else (ftp:, javascript:,
// file:, mailto:, data:, "www.x.com" without a scheme) stays plain text.
//
// A link starts at "http://" or "https://" (the scheme in any case), not right after a letter,
// a digit, '+', '-' or '.' (those would make it another scheme: "xhttp://"). It ends before the
// first white space, Unicode control or format character (Cc, Cf: the U+2068 … U+2069 that
// isolate a shown text, a zero-width joiner), U+FFFD (what shownText() makes of a bidi
// control), '<', '>', '"', '…' (U+2026), CJK punctuation (U+3000…U+303F: "、。「」《》…") or a
// full-width form (U+FF00…U+FFEF: "，！？：（）…"). Then trailing ". , ; : ! ? '" and closing
// ")", "]", "}" that do not close an opening one inside it are left out, so that
// "(see https://example.org/a_(b))." links "https://example.org/a_(b)". What is left must parse
// as a URL in QUrl::StrictMode with a host, and have at most kLinkMaxChars characters as written
// (a longer one is no link at all). The text itself is never changed, and nothing is fetched:
// a link is opened in the browser on a click only.
#pragma once

#include <QList>
#include <QStringView>
#include <QUrl>

namespace threadline::core {

// The longest link, as written (UTF-16 units).
inline constexpr int kLinkMaxChars = 2048;
// Links found in one text, so that a hostile text costs bounded time.
inline constexpr int kLinksScanned = 64;

struct LinkMark
{
    qsizetype start = 0;  // index of the scheme's first letter in the text (UTF-16 units)
    qsizetype length = 0; // the link as written
    QUrl url;             // what a click opens
};

// Every link of a text, in order, at most kLinksScanned.
[[nodiscard]] QList<LinkMark> linkMarks(QStringView text);
// True for a URL that may be opened as a link: valid, http or https, with a host. Checked again
// right before one is handed to the browser.
[[nodiscard]] bool isWebLink(const QUrl &url);

} // namespace threadline::core

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Web links in a text (links.h).
#include "wire/links.h"

#include <QString>

namespace threadline::core {

namespace {

// A character of a scheme: what may not stand right before "http" for it to start a link.
bool schemeCharacter(QChar c)
{
    return (c.unicode() < 0x80 && c.isLetterOrNumber()) || c == u'+' || c == u'-' || c == u'.';
}

// Where a link ends, whatever it is followed by.
bool endsLink(char32_t c)
{
    if (QChar::isSpace(c))
        return true;
    switch (c) {
    case U'<':
    case U'>':
    case U'"':
    case U'\uFFFD':
    case U'\u2026':
        return true;
    default:
        break;
    }
    if ((c >= 0x3000 && c <= 0x303F) || (c >= 0xFF00 && c <= 0xFFEF))
        return true; // CJK symbols and punctuation, half- and full-width forms
    const QChar::Category category = QChar::category(c);
    return category == QChar::Other_Control || category == QChar::Other_Format;
}

bool trailingPunctuation(QChar c)
{
    switch (c.unicode()) {
    case u'.':
    case u',':
    case u';':
    case u':':
    case u'!':
    case u'?':
    case u'\'':
        return true;
    default:
        return false;
    }
}

// The index just past the link's run of characters that starts at `from`.
qsizetype runEnd(QStringView text, qsizetype from)
{
    qsizetype i = from;
    while (i < text.size()) {
        char32_t c = text.at(i).unicode();
        qsizetype width = 1;
        if (QChar::isHighSurrogate(c) && i + 1 < text.size() && text.at(i + 1).isLowSurrogate()) {
            c = QChar::surrogateToUcs4(text.at(i), text.at(i + 1));
            width = 2;
        }
        if (endsLink(c))
            break;
        i += width;
    }
    return i;
}

// The run [start, end) without its trailing punctuation and unbalanced closing brackets.
qsizetype trimmedEnd(QStringView text, qsizetype start, qsizetype end)
{
    // how many of each bracket are still open at the end of the run (negative: closed too often)
    int round = 0, square = 0, curly = 0;
    for (qsizetype i = start; i < end; ++i) {
        switch (text.at(i).unicode()) {
        case u'(':
            ++round;
            break;
        case u')':
            --round;
            break;
        case u'[':
            ++square;
            break;
        case u']':
            --square;
            break;
        case u'{':
            ++curly;
            break;
        case u'}':
            --curly;
            break;
        default:
            break;
        }
    }
    while (end > start) {
        const QChar last = text.at(end - 1);
        if (trailingPunctuation(last)) {
            --end;
        } else if (last == u')' && round < 0) {
            ++round;
            --end;
        } else if (last == u']' && square < 0) {
            ++square;
            --end;
        } else if (last == u'}' && curly < 0) {
            ++curly;
            --end;
        } else {
            break;
        }
    }
    return end;
}

} // namespace

bool isWebLink(const QUrl &url)
{
    if (!url.isValid() || url.host().isEmpty())
        return false;
    const QString scheme = url.scheme();
    return scheme == QLatin1String("http") || scheme == QLatin1String("https");
}

QList<LinkMark> linkMarks(QStringView text)
{
    QList<LinkMark> marks;
    qsizetype from = 0;
    while (marks.size() < kLinksScanned) {
        const qsizetype start = text.indexOf(u"http", from, Qt::CaseInsensitive);
        if (start < 0)
            break;
        from = start + 4;
        if (start > 0 && schemeCharacter(text.at(start - 1)))
            continue;
        qsizetype rest = start + 4;
        if (rest < text.size() && (text.at(rest) == u's' || text.at(rest) == u'S'))
            ++rest;
        if (!text.mid(rest).startsWith(u"://"))
            continue;
        // The whole run is passed over, link or not: every character is looked at a few times
        // at most, however hostile the text.
        const qsizetype run = runEnd(text, rest + 3);
        from = run;
        if (run - start > kLinkMaxChars)
            continue;
        const qsizetype end = trimmedEnd(text, start, run);
        const QUrl url(text.sliced(start, end - start).toString(), QUrl::StrictMode);
        if (!isWebLink(url))
            continue;
        marks.append(LinkMark{start, end - start, url});
    }
    return marks;
}

} // namespace threadline::core

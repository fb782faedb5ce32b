// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "wire/usertext.h"

#include <algorithm>

namespace threadline::core {

QString sanitizedText(const QString &text, int maxChars)
{
    const auto isBidiControl = [](char32_t c) {
        return (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) || c == 0x200E ||
               c == 0x200F || c == 0x061C;
    };
    QString out;
    out.reserve(std::min<qsizetype>(text.size(), qsizetype(maxChars) * 2) + 1);
    int n = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (n++ == maxChars) {
            out += QChar(0x2026);
            break;
        }
        const QChar c = text.at(i);
        if (c.isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate()) {
            out += c;
            out += text.at(++i);
        } else if (isBidiControl(c.unicode())) {
            out += QChar(0xFFFD);
        } else {
            out += c;
        }
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

QString shownName(const QString &name)
{
    return shownText(name, kMaxShownNameChars);
}

QStringList shownNames(const QStringList &names)
{
    QStringList out;
    out.reserve(names.size());
    for (const QString &n : names)
        out.append(shownName(n));
    return out;
}

} // namespace threadline::core

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The topics' grammar (topics.h), the client's and the server's.
#include "wire/topics.h"

namespace threadline::core {

namespace {

bool nameCharacter(char32_t c)
{
    if (c == U'_' || c == U'-' || c == U'\u00B7')
        return true;
    switch (QChar::category(c)) {
    case QChar::Letter_Uppercase:
    case QChar::Letter_Lowercase:
    case QChar::Letter_Titlecase:
    case QChar::Letter_Modifier:
    case QChar::Letter_Other:
    case QChar::Number_DecimalDigit:
    case QChar::Number_Letter:
    case QChar::Number_Other:
    case QChar::Mark_NonSpacing:
    case QChar::Mark_SpacingCombining:
    case QChar::Mark_Enclosing:
        return true;
    default:
        return false;
    }
}

} // namespace

QString topicKey(const QString &name)
{
    const QList<uint> chars = name.toUcs4();
    if (chars.isEmpty() || chars.size() > kTopicMaxChars)
        return {};
    for (const uint c : chars)
        if (!nameCharacter(char32_t(c)))
            return {};
    return name.normalized(QString::NormalizationForm_C).toCaseFolded();
}

QList<TopicMark> topicMarks(const QString &text)
{
    QList<TopicMark> marks;
    qsizetype open = text.indexOf(QLatin1Char('#'));
    while (open >= 0 && marks.size() < kTopicMarksScanned) {
        const qsizetype close = text.indexOf(QLatin1Char('#'), open + 1);
        if (close < 0)
            break;
        // A name has at most 20 code points (40 UTF-16 units): a longer span is not one.
        const QString name = close - open - 1 <= 2 * kTopicMaxChars
                                 ? text.mid(open + 1, close - open - 1)
                                 : QString();
        const QString key = name.isEmpty() ? QString() : topicKey(name);
        if (key.isEmpty()) {
            open = close; // the closing '#' may open the next topic
            continue;
        }
        marks.append(TopicMark{open, close - open + 1, name, key});
        open = text.indexOf(QLatin1Char('#'), close + 1);
    }
    return marks;
}

QStringList topicsOf(const QString &text)
{
    QStringList keys;
    for (const TopicMark &m : topicMarks(text)) {
        if (keys.size() >= kTopicsPerPost)
            break;
        if (!keys.contains(m.key))
            keys.append(m.key);
    }
    return keys;
}

} // namespace threadline::core

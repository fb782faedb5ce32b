// The topics' grammar (topics.h).
#include "api/topics.h"

namespace threadline::server {

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

QStringList topicsOf(const QString &text)
{
    QStringList keys;
    qsizetype open = text.indexOf(QLatin1Char('#'));
    while (open >= 0 && keys.size() < kTopicsPerPost) {
        const qsizetype close = text.indexOf(QLatin1Char('#'), open + 1);
        if (close < 0)
            break;
        // A name has at most 20 code points (40 UTF-16 units): a longer span is not one.
        const QString key = close - open - 1 <= 2 * kTopicMaxChars
                                ? topicKey(text.mid(open + 1, close - open - 1))
                                : QString();
        if (key.isEmpty()) {
            open = close; // the closing '#' may open the next topic
            continue;
        }
        if (!keys.contains(key))
            keys.append(key);
        open = text.indexOf(QLatin1Char('#'), close + 1);
    }
    return keys;
}

} // namespace threadline::server

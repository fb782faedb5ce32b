// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Topics in a post's text (docs/api.md, "Topics that people follow"), for the client and the
// server alike (the threadline_topics library; the server records exactly what a card links).
//
// `#name#` marks the topic `name`, a name
// is 1 to 20 code points, each a letter, a digit, a combining mark, '_', '-' or '·' (U+00B7).
// A '#' opens, the next '#' closes; when what lies between is a name the mark is a topic and
// scanning goes on after the closing '#', otherwise the closing '#' opens the next attempt.
// Keys are NFC-normalised and case-folded. The text itself is never changed: the card draws each
// mark's span (both '#' included) as a link, in plain text.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace threadline::core {

inline constexpr int kTopicMaxChars = 20;
inline constexpr int kTopicsPerPost = 10;
// Marks looked for in one text, so that a hostile text costs bounded time.
inline constexpr int kTopicMarksScanned = 64;

struct TopicMark
{
    qsizetype start = 0;  // index of the opening '#' in the text (UTF-16 units)
    qsizetype length = 0; // both '#' included
    QString name;         // as written, without the '#'s
    QString key;          // case-folded: what the server calls the topic
};

// Every mark of a text, in order (a topic written twice is marked twice), at most
// kTopicMarksScanned.
[[nodiscard]] QList<TopicMark> topicMarks(const QString &text);
// The topics' keys of a text, in order of first appearance, at most kTopicsPerPost — what the
// server records for the post.
[[nodiscard]] QStringList topicsOf(const QString &text);
// The key of `name` (without '#') when it is a topic name, "" when not.
[[nodiscard]] QString topicKey(const QString &name);

} // namespace threadline::core

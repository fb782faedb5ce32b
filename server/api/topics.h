// Topics in a post's text (docs/api.md, "Topics that people follow"): `#name#` marks a topic.
//
// The grammar: a name is 1 to 20 characters (code points), each a letter, a digit, a combining
// mark, '_', '-' or '·' (U+00B7) — so no white space, no punctuation, no '#'. Scanning goes left
// to right: a '#' opens, the next '#' closes; when what lies between is a name, that is a topic
// and scanning goes on after the closing '#'; otherwise the closing '#' opens the next attempt.
// Names are compared case-folded (NFC first): "#Qt#" and "#qt#" are one topic, whose key is the
// folded form. A post counts its first 10 distinct topics.
#pragma once

#include <QString>
#include <QStringList>

namespace threadline::server {

inline constexpr int kTopicMaxChars = 20;
inline constexpr int kTopicsPerPost = 10;

// The topics' keys of a text, in order of first appearance, at most kTopicsPerPost.
[[nodiscard]] QStringList topicsOf(const QString &text);
// Whether `name` (without #s) is a topic name; its key when it is, "" when not.
[[nodiscard]] QString topicKey(const QString &name);

} // namespace threadline::server

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What the cache's facade (cache.h) and its worker (cachestore.h) both speak: the pages a read
// answers with and the limits of what is kept. Apart from both so that neither needs the other's
// header.
#pragma once

#include "wire/wiretypes.h"

#include <QList>
#include <QString>
#include <QtGlobal>

#include <optional>

namespace threadline::core {

namespace cachelimits {
inline constexpr int kDefaultCommentLimit = 5000; // newest comments kept per post
inline constexpr int kHistoryLimit = 60;          // recently viewed posts kept
inline constexpr qint64 kHistoryMaxAgeMs = qint64(30) * 24 * 60 * 60 * 1000;
inline constexpr int kMaxPages = 200;                  // saved first pages of other lists
inline constexpr qsizetype kMaxPageBytes = 512 * 1024; // a bigger page is not saved
// Search (Cache::search): a query of 1 or 2 characters, too short for the trigram index, looks
// through the newest this many posts (or comments) only; a page checks at most so many of the
// index's candidates before it ends with a cursor to go on from.
inline constexpr int kSearchShortWindow = 2000;
inline constexpr int kSearchMaxCandidates = 5000;
inline constexpr int kSearchIndexedLength = 3; // characters the index needs at least
// The search index is written when the cache has been idle this long after a write, or at once
// when this many rows' changes are waiting (CacheStore::scheduleFlush), and before each search.
inline constexpr int kSearchFlushDelayMs = 250;
inline constexpr int kSearchFlushRows = 20000;
} // namespace cachelimits

// A stored timeline: a page of the posts of one scope, in the server's order.
struct TimelinePage
{
    QString scope;
    QList<Post> posts;
    // The server's cursor after the last page stored for this scope (pass it as `before` to
    // fetch more from the server); absent when the stored pages reach the end of the list or
    // when nothing is stored.
    std::optional<QString> next;
    qint64 offset = 0;      // where this page starts among the scope's stored posts
    qint64 storedCount = 0; // how many posts the scope holds in the cache
    bool known = false;     // whether a page of this scope was ever stored

    friend bool operator==(const TimelinePage &, const TimelinePage &) = default;
};

// The first page of a list that is not a timeline, as the server sent it (Cache::savePage()).
struct SavedPage
{
    QString key;
    std::optional<QByteArray> body; // absent: never saved (or dropped)
    qint64 savedAt = 0;             // ms since the epoch, UTC
};

// A recently viewed post.
struct HistoryEntry
{
    qint64 postId = 0;
    qint64 viewedAt = 0;      // ms since the epoch, UTC
    std::optional<Post> post; // absent when the post is not (or no longer) in the cache

    friend bool operator==(const HistoryEntry &, const HistoryEntry &) = default;
};

} // namespace threadline::core

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A server process's cache of rendered read pages (on PostgreSQL): posts as the timeline shows
// them and pages of a post's floors, rendered once for nobody in particular (every "liked" and
// "opposed" false) and kept until the change log says one of their objects changed. A request
// then costs a look at the change log, its page's ids and the caller's own likes and votes
// (laid over the cached text), instead of every count, liker and reply of the page again.
//
// Always exact, across every process on the database: before each cached read the caller's
// thread brings the cache up to date with the change log (refresh(), one statement), so a read
// sees every change committed before it began, wherever it was written — the same log /sync
// reads, in the same way (PostgreSQL's transaction ids below the oldest running transaction
// are final; the few rows above it are read again on every refresh until they are below).
// Moderators are never answered from it (they see hidden objects and moderation fields). The
// device table, whose changes write no change rows, is watched by its log entries' count.
//
// Shared by the HTTP thread's Api and the workers' (workers.h): every member locks.
#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QSet>
#include <memory>
#include <mutex>
#include <vector>

namespace threadline::server {

class Database;

class ReadCache
{
public:
    // Where a viewer's own state goes in a cached text: the offset of a `false` written for
    // nobody, and whose state it is.
    struct Slot
    {
        enum Kind : quint8 { PostLiked, CommentLiked, CommentOpposed };
        qsizetype offset;
        Kind kind;
        qint64 id;
    };
    struct Entry
    {
        QByteArray body;
        std::vector<Slot> slots;
        qint64 extra = 0; // what else the page needs (a comments page: its floors' count)
    };
    // What a cached text depends on: a post, and whether only through its comments.
    enum class Depends { Post, Comments };

    explicit ReadCache(qsizetype maxBytes = 64 * 1024 * 1024);

    // Reads the change log since the last refresh and forgets what changed. Returns the epoch
    // to give put() for what is rendered after it. Throws DbError as a statement does.
    quint64 refresh(Database &db);

    [[nodiscard]] std::shared_ptr<const Entry> get(const QByteArray &key) const;
    // Keeps `entry` unless its post changed since `epoch` (then it may be older than the change).
    void put(const QByteArray &key, std::shared_ptr<const Entry> entry, qint64 postId,
             Depends depends, quint64 epoch);

    // The slots of a text rendered for nobody: every "liked":false and "opposed":false, with the
    // id of the object it belongs to (a post's when "likes" follows, else a comment's).
    static std::vector<Slot> findSlots(const QByteArray &body);
    // `body` with the viewer's own likes and votes laid over it.
    static QByteArray personalise(const QByteArray &body, const std::vector<Slot> &slots,
                                  const QSet<qint64> &likedPosts,
                                  const QHash<qint64, int> &commentVotes);

    // For tests and the bench.
    struct Stats
    {
        quint64 hits = 0, misses = 0, invalidations = 0, refreshes = 0;
        qsizetype entries = 0, bytes = 0;
    };
    [[nodiscard]] Stats stats() const;
    void countHit(bool hit);

private:
    void invalidateLocked(qint64 postId, bool commentsToo);
    void clearLocked();

    mutable std::mutex m_mutex;
    const qsizetype m_maxBytes;
    qint64 m_cursor = -1;  // change-log rows of transactions below this were applied
    qint64 m_devices = -1; // device log entries seen
    quint64 m_epoch = 0;
    quint64 m_floor = 0; // puts rendered before this epoch are refused (after a clear)
    struct Stored
    {
        std::shared_ptr<const Entry> entry;
        qint64 postId;
        Depends depends;
    };
    QHash<QByteArray, Stored> m_entries;
    QHash<qint64, QList<QByteArray>> m_keysByPost;
    QHash<qint64, quint64> m_changedAt; // post → epoch of its last invalidation
    qsizetype m_bytes = 0;
    Stats m_stats;
};

} // namespace threadline::server

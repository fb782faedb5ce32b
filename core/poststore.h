// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The post store: every post and comment once, shared by every model (design point 2), with
// the pending outbox actions laid over what the server or the cache said (design point 4).
#pragma once

#include "wire/wiretypes.h"

#include <QFlags>
#include <QHash>
#include <QObject>
#include <QSet>
#include <optional>

namespace threadline::core {

class PostStore : public QObject
{
    Q_OBJECT
public:
    // What changed on an object, so that a view repaints only that part.
    enum class Field : quint32 {
        Content = 0x1,  // content, pictures, device, geo, author, category
        Likes = 0x2,    // liked, likeCount, likes (and opposes, score on comments)
        Comments = 0x4, // commentCount, inline comments (replyCount on comments)
        Hidden = 0x8,   // hidden / status, moderation
        Pending = 0x10, // the pending or failed state of my queued actions
    };
    Q_DECLARE_FLAGS(Fields, Field)
    Q_FLAG(Fields)

    // The state of my own queued actions on an object.
    enum class Pending { None, Sending, Failed };
    Q_ENUM(Pending)

    explicit PostStore(QObject *parent = nullptr);

    // Who I am: my pending like puts me first in a post's likers, a pending unlike takes me out.
    void setMe(const UserBrief &me) { m_me = me; }

    // --- what the server (or the cache) says ---
    void upsertPost(const Post &post);
    void upsertPosts(const QList<Post> &posts);
    void upsertComment(const Comment &comment);
    void upsertComments(const QList<Comment> &comments);
    // A post leaves with its comments; a root comment with its whole floor.
    void removePost(qint64 postId);
    void removeComment(qint64 commentId);
    void clear();

    // --- what the views read: the server's values with my pending actions on top ---
    [[nodiscard]] bool containsPost(qint64 postId) const { return m_posts.contains(postId); }
    [[nodiscard]] bool containsComment(qint64 id) const
    {
        return m_comments.contains(id) || m_inline.contains(id);
    }
    [[nodiscard]] int postCount() const { return int(m_posts.size()); }
    [[nodiscard]] int commentCount() const { return int(m_comments.size() + m_inline.size()); }
    [[nodiscard]] std::optional<Post> post(qint64 postId) const;
    [[nodiscard]] std::optional<Comment> comment(qint64 commentId) const;
    // As the server (or the cache) last said, without my pending actions.
    [[nodiscard]] std::optional<Post> serverPost(qint64 postId) const;
    [[nodiscard]] std::optional<Comment> serverComment(qint64 commentId) const;
    // The comments of a post the store holds (server's and my pending ones), in no particular
    // order.
    [[nodiscard]] QList<qint64> commentIds(qint64 postId) const;
    [[nodiscard]] Pending pendingState(qint64 postId) const { return m_postPending.value(postId); }
    [[nodiscard]] Pending commentPendingState(qint64 id) const
    {
        return m_commentPending.value(id);
    }

    // --- overlays from the outbox ---
    void setPendingPostLike(qint64 postId, bool desired);
    void clearPendingPostLike(qint64 postId);
    // vote: 1 like, -1 oppose, 0 none
    void setPendingCommentVote(qint64 commentId, int vote);
    void clearPendingCommentVote(qint64 commentId);
    // The server's answer to a like: from now on its counts win.
    void applyPostLikeAnswer(qint64 postId, bool liked, qint64 likeCount);
    void applyCommentVoteAnswer(qint64 commentId, bool liked, qint64 likeCount, bool opposed,
                                qint64 opposeCount, qint64 score);
    // What an action of mine did to the server's counts, which its answer implies without
    // carrying them (a comment created, deleted, hidden or shown again): `delta` more comments
    // on the post, `delta` more replies under each of `above` (the floor's root, the comment
    // answered). Never below 0.
    void addToCommentCounts(qint64 postId, qint64 delta, const QList<qint64> &above = {});
    // A comment I wrote that the server has not confirmed: a negative local id.
    void addPendingComment(const Comment &local);
    // The server created it: the local id becomes the server's, without a remove/add.
    void resolvePendingComment(qint64 localId, const Comment &server);
    // A post I published that the server has not confirmed: a negative local id, Sending.
    void addPendingPost(const Post &local);
    // The server created it: postIdChanged(localId, server.id), then it is the server's post
    // (with my pending comments and likes on it moved along).
    void resolvePendingPost(qint64 localId, const Post &server);
    void setPostPending(qint64 postId, Pending state);
    void setCommentPending(qint64 commentId, Pending state);

Q_SIGNALS:
    void postAdded(qint64 postId);
    void postChanged(qint64 postId, threadline::core::PostStore::Fields fields);
    void postRemoved(qint64 postId);
    void commentAdded(qint64 postId, qint64 commentId);
    void commentChanged(qint64 commentId, threadline::core::PostStore::Fields fields);
    void commentRemoved(qint64 postId, qint64 commentId);
    void commentIdChanged(qint64 localId, qint64 serverId);
    // My pending post (localId < 0) is the server's post serverId now; no postRemoved for it.
    void postIdChanged(qint64 localId, qint64 serverId);

private:
    [[nodiscard]] Post overlaid(const Post &server) const;
    [[nodiscard]] Comment overlaid(const Comment &server) const;
    static Fields diff(const Post &a, const Post &b);
    static Fields diff(const Comment &a, const Comment &b);
    // Runs `change` and emits what it changed on the post (and its counts).
    template<class F> void changePost(qint64 postId, F &&change);
    template<class F> void changeComment(qint64 commentId, F &&change);
    // The likers' line follows my heart: me first while liked, gone while not (the overlay of a
    // pending like and the answer to one).
    void showMyLike(Post &post, bool liked) const;
    [[nodiscard]] bool isMine(const Like &like) const;
    [[nodiscard]] int pendingCommentsOn(qint64 postId) const;
    [[nodiscard]] int pendingRepliesIn(qint64 rootId) const;
    void countPending(const Comment &comment, int delta); // my comments (id < 0) by post, root
    // Memory (bounded by what is kept): what is stored shares one copy of every string that repeats
    // across posts and comments — a user's name and avatar (likers, commenters and authors are the
    // same few people), the device names — and its lists hold no spare capacity. Only equal
    // strings are shared, so what the views read is exactly what was given.
    void intern(UserBrief &user);
    void intern(QString &text);
    void compact(Post &post);
    void compact(Comment &comment);
    // A comment as the table holds it: its own value, or the element of a post's inline
    // comments it equals (nullptr: not held).
    [[nodiscard]] const Comment *findComment(qint64 id) const;
    [[nodiscard]] Comment commentValue(qint64 id) const;
    // The table's own copy, to change it (taken from the post's inline comments if shared).
    Comment *ownComment(qint64 id);
    void eraseComment(qint64 id);
    // The table's values equal to the post's inline comments become references to them, and
    // back to copies of their own before those inline comments change or go.
    void shareInline(qint64 postId);
    void unshareInline(qint64 postId);

    UserBrief m_me;
    QHash<qint64, Post> m_posts;       // as the server said, plus my pending ones (id < 0)
    QHash<qint64, Comment> m_comments; // as the server said, plus my pending ones (id < 0)
    // The comments the table holds as the element of a post's inline comments that they equal
    // (comment id → the post, whose `comments` holds it: the last element with that id), not
    // in m_comments: a timeline's inline comments are stored once, not twice.
    QHash<qint64, qint64> m_inline;
    // The comments of each post, in the order they came (a list: a set of 3 is 20 times the
    // bytes; an id is added only when the table did not hold it).
    QHash<qint64, QList<qint64>> m_commentsByPost;
    QHash<qint64, int> m_pendingByPost;      // my pending comments on each post
    QHash<qint64, int> m_pendingByRoot;      // my pending replies in each floor
    QHash<qint64, bool> m_pendingPostLike;   // post id → desired liked
    QHash<qint64, int> m_pendingCommentVote; // comment id → desired vote
    QHash<qint64, Pending> m_postPending;
    QHash<qint64, Pending> m_commentPending;
    QHash<qint64, UserBrief> m_users; // uid → the strings last seen for it, shared
    QSet<QString> m_strings;          // device names and other short repeated strings
};

} // namespace threadline::core

Q_DECLARE_OPERATORS_FOR_FLAGS(threadline::core::PostStore::Fields)

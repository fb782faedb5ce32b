// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "poststore.h"

#include <algorithm>

namespace threadline::core {

PostStore::PostStore(QObject *parent)
    : QObject(parent)
{
}

// --- memory ---------------------------------------------------------------------------------

namespace {
// No spare capacity (a list appended to while decoding has some); a copy only when there is.
template<class T> void fit(T &value)
{
    if (value.capacity() > value.size())
        value.squeeze();
}

// `given` shares `kept`'s copy when they are equal; otherwise `kept` becomes `given`.
// Empty strings are left alone: nothing to save, and a null one stays null.
void share(QString &kept, QString &given)
{
    if (given.isEmpty())
        return;
    if (kept == given) {
        given = kept;
    } else {
        fit(given);
        kept = given;
    }
}
} // namespace

namespace {
void appendOnce(QList<qint64> &ids, qint64 id)
{
    if (!ids.contains(id))
        ids.append(id);
}
} // namespace

void PostStore::intern(UserBrief &user)
{
    if (user.nickName.isEmpty() && user.headImg.isEmpty())
        return;
    const auto it = m_users.find(user.uid);
    if (it == m_users.end()) {
        fit(user.nickName);
        fit(user.headImg);
        m_users.insert(user.uid, user);
        return;
    }
    share(it->nickName, user.nickName);
    share(it->headImg, user.headImg);
}

void PostStore::intern(QString &text)
{
    if (text.isEmpty())
        return;
    if (const auto it = m_strings.constFind(text); it != m_strings.constEnd()) {
        text = *it;
    } else {
        fit(text);
        m_strings.insert(text);
    }
}

void PostStore::compact(Comment &c)
{
    intern(c.author);
    if (c.replyTo)
        intern(*c.replyTo);
    if (c.moderation)
        intern(c.moderation->by);
    fit(c.content);
}

void PostStore::compact(Post &p)
{
    intern(p.author);
    intern(p.device);
    if (p.moderation)
        intern(p.moderation->by);
    fit(p.content);
    if (!p.pictureUrls.isEmpty()) {
        for (QString &url : p.pictureUrls)
            fit(url);
        fit(p.pictureUrls);
    }
    if (!p.likes.isEmpty()) {
        for (Like &l : p.likes)
            intern(l.user);
        fit(p.likes);
    }
    if (!p.comments.isEmpty()) {
        for (Comment &c : p.comments)
            compact(c);
        fit(p.comments);
    }
}

const Comment *PostStore::findComment(qint64 id) const
{
    if (const auto it = m_comments.constFind(id); it != m_comments.constEnd())
        return &*it;
    const auto ref = m_inline.constFind(id);
    if (ref == m_inline.constEnd())
        return nullptr;
    const auto post = m_posts.constFind(*ref);
    if (post == m_posts.constEnd())
        return nullptr;
    const QList<Comment> &inlined = post->comments;
    for (auto c = inlined.crbegin(); c != inlined.crend(); ++c)
        if (c->id == id)
            return &*c;
    return nullptr;
}

Comment PostStore::commentValue(qint64 id) const
{
    const Comment *c = findComment(id);
    return c ? *c : Comment();
}

Comment *PostStore::ownComment(qint64 id)
{
    if (const auto it = m_comments.find(id); it != m_comments.end())
        return &*it;
    if (!m_inline.contains(id))
        return nullptr;
    const Comment *shared = findComment(id);
    const Comment copy = shared ? *shared : Comment();
    m_inline.remove(id);
    return &*m_comments.insert(id, copy);
}

void PostStore::eraseComment(qint64 id)
{
    if (!m_comments.remove(id))
        m_inline.remove(id);
}

void PostStore::shareInline(qint64 postId)
{
    const auto post = m_posts.constFind(postId);
    if (post == m_posts.constEnd())
        return;
    const QList<Comment> &inlined = post->comments;
    for (auto c = inlined.crbegin(); c != inlined.crend(); ++c) { // the last of an id is the one
        if (c->id <= 0)
            continue;
        const auto own = m_comments.constFind(c->id);
        if (own != m_comments.constEnd() && *own == *c) {
            m_comments.erase(own);
            m_inline.insert(c->id, postId);
        }
    }
}

void PostStore::unshareInline(qint64 postId)
{
    const auto post = m_posts.constFind(postId);
    if (post == m_posts.constEnd() || m_inline.isEmpty())
        return;
    const QList<Comment> &inlined = post->comments;
    for (auto c = inlined.crbegin(); c != inlined.crend(); ++c)
        if (const auto ref = m_inline.constFind(c->id);
            ref != m_inline.constEnd() && *ref == postId) {
            m_inline.erase(ref);
            m_comments.insert(c->id, *c);
        }
}

// --- overlays -------------------------------------------------------------------------------

int PostStore::pendingCommentsOn(qint64 postId) const
{
    return m_pendingByPost.value(postId);
}

int PostStore::pendingRepliesIn(qint64 rootId) const
{
    return m_pendingByRoot.value(rootId);
}

void PostStore::countPending(const Comment &c, int delta)
{
    if (c.id >= 0)
        return;
    const auto bump = [delta](QHash<qint64, int> &counts, qint64 key) {
        const int n = counts.value(key) + delta;
        if (n > 0)
            counts.insert(key, n);
        else
            counts.remove(key);
    };
    bump(m_pendingByPost, c.postId);
    if (c.rootId != 0)
        bump(m_pendingByRoot, c.rootId);
}

bool PostStore::isMine(const Like &like) const
{
    return m_me.uid != 0 && like.user.uid == m_me.uid;
}

void PostStore::showMyLike(Post &post, bool liked) const
{
    if (m_me.uid == 0)
        return;
    post.likes.removeIf([this](const Like &l) { return isMine(l); });
    if (liked) {
        Like mine;
        mine.postId = post.id;
        mine.user = m_me;
        post.likes.prepend(mine);
    }
}

Post PostStore::overlaid(const Post &server) const
{
    Post p = server;
    if (const auto it = m_pendingPostLike.constFind(server.id);
        it != m_pendingPostLike.constEnd()) {
        const bool desired = *it;
        if (desired != server.liked)
            p.likeCount = std::max<qint64>(0, server.likeCount + (desired ? 1 : -1));
        p.liked = desired;
        if (desired != server.liked)
            showMyLike(p, desired);
    }
    p.commentCount += pendingCommentsOn(server.id);
    return p;
}

Comment PostStore::overlaid(const Comment &server) const
{
    Comment c = server;
    if (const auto it = m_pendingCommentVote.constFind(server.id);
        it != m_pendingCommentVote.constEnd()) {
        const int was = server.liked ? 1 : server.opposed ? -1 : 0;
        const int want = *it;
        c.likeCount = std::max<qint64>(0, c.likeCount - (was == 1) + (want == 1));
        c.opposeCount = std::max<qint64>(0, c.opposeCount - (was == -1) + (want == -1));
        c.liked = want == 1;
        c.opposed = want == -1;
        c.score = 2 * c.likeCount - c.opposeCount;
    }
    if (c.isRoot() && c.id > 0)
        c.replyCount += pendingRepliesIn(c.id);
    return c;
}

PostStore::Fields PostStore::diff(const Post &a, const Post &b)
{
    Fields f;
    if (a.content != b.content || a.pictureUrls != b.pictureUrls || a.device != b.device ||
        a.geo != b.geo || a.author != b.author || a.category != b.category ||
        a.createtime != b.createtime)
        f |= Field::Content;
    if (a.liked != b.liked || a.likeCount != b.likeCount || a.likes != b.likes)
        f |= Field::Likes;
    if (a.commentCount != b.commentCount || a.comments != b.comments)
        f |= Field::Comments;
    if (a.hidden != b.hidden || a.moderation != b.moderation)
        f |= Field::Hidden;
    return f;
}

PostStore::Fields PostStore::diff(const Comment &a, const Comment &b)
{
    Fields f;
    if (a.content != b.content || a.author != b.author || a.replyTo != b.replyTo ||
        a.floor != b.floor || a.seq != b.seq || a.createtime != b.createtime)
        f |= Field::Content;
    if (a.liked != b.liked || a.likeCount != b.likeCount || a.opposed != b.opposed ||
        a.opposeCount != b.opposeCount || a.score != b.score)
        f |= Field::Likes;
    if (a.replyCount != b.replyCount)
        f |= Field::Comments;
    if (a.status != b.status || a.moderation != b.moderation)
        f |= Field::Hidden;
    return f;
}

template<class F> void PostStore::changePost(qint64 postId, F &&change)
{
    const auto before = post(postId);
    change();
    const auto after = post(postId);
    if (before && after) {
        if (const Fields f = diff(*before, *after))
            Q_EMIT postChanged(postId, f);
    }
}

template<class F> void PostStore::changeComment(qint64 commentId, F &&change)
{
    const auto before = comment(commentId);
    change();
    const auto after = comment(commentId);
    if (before && after) {
        if (const Fields f = diff(*before, *after))
            Q_EMIT commentChanged(commentId, f);
    }
}

// --- server data ----------------------------------------------------------------------------

void PostStore::upsertPost(const Post &given)
{
    if (given.id <= 0)
        return;
    Post p = given;
    compact(p);
    if (!m_posts.contains(p.id)) {
        m_posts.insert(p.id, p);
        Q_EMIT postAdded(p.id);
    } else {
        changePost(p.id, [&] {
            unshareInline(p.id); // the table keeps what it had, whatever the post says now
            Post &kept = m_posts[p.id];
            // Only /hot tells a post's views: a page that does not (a timeline, /sync) keeps them.
            const std::optional<qint64> views = p.viewCount ? p.viewCount : kept.viewCount;
            kept = p;
            kept.viewCount = views;
        });
    }
    // Inline comments are comments too: the thread view finds them in the store (the post's
    // copy, as long as the two are equal).
    for (const Comment &c : p.comments)
        upsertComment(c);
    shareInline(p.id);
}

void PostStore::upsertPosts(const QList<Post> &posts)
{
    for (const Post &p : posts)
        upsertPost(p);
}

void PostStore::upsertComment(const Comment &given)
{
    if (given.id <= 0)
        return;
    Comment c = given;
    compact(c);
    if (!containsComment(c.id)) {
        m_comments.insert(c.id, c);
        m_commentsByPost[c.postId].append(c.id);
        Q_EMIT commentAdded(c.postId, c.id);
    } else {
        changeComment(c.id, [&] { *ownComment(c.id) = c; });
    }
}

void PostStore::upsertComments(const QList<Comment> &comments)
{
    for (const Comment &c : comments)
        upsertComment(c);
}

void PostStore::removeComment(qint64 commentId)
{
    const Comment *found = findComment(commentId);
    if (!found)
        return;
    const Comment c = *found;
    QList<qint64> gone{commentId};
    if (c.isRoot()) // the whole floor goes with its root
        for (qint64 id : m_commentsByPost.value(c.postId))
            if (const Comment *reply = findComment(id); reply && reply->rootId == commentId)
                gone.append(id);
    // Counts that include my pending comments change with them.
    const auto change = [&] {
        for (qint64 id : gone) {
            countPending(commentValue(id), -1);
            eraseComment(id);
            m_pendingCommentVote.remove(id);
            m_commentPending.remove(id);
        }
        QList<qint64> &ids = m_commentsByPost[c.postId];
        if (gone.size() == 1) {
            ids.removeOne(commentId);
        } else {
            const QSet<qint64> goneSet(gone.cbegin(), gone.cend());
            ids.removeIf([&](qint64 id) { return goneSet.contains(id); });
        }
    };
    if (!c.isRoot() && containsComment(c.rootId))
        changeComment(c.rootId, [&] { changePost(c.postId, change); });
    else
        changePost(c.postId, change);
    for (qint64 id : gone)
        Q_EMIT commentRemoved(c.postId, id);
}

void PostStore::removePost(qint64 postId)
{
    if (!m_posts.contains(postId))
        return;
    const QList<qint64> ids = m_commentsByPost.take(postId);
    for (qint64 id : ids) {
        countPending(commentValue(id), -1);
        eraseComment(id);
        m_pendingCommentVote.remove(id);
        m_commentPending.remove(id);
    }
    unshareInline(postId); // another post's comments it held, if any
    m_posts.remove(postId);
    m_pendingPostLike.remove(postId);
    m_postPending.remove(postId);
    Q_EMIT postRemoved(postId);
}

void PostStore::clear()
{
    const QList<qint64> ids = m_posts.keys();
    for (qint64 id : ids)
        removePost(id);
    m_comments.clear();
    m_inline.clear();
    m_commentsByPost.clear();
    m_pendingByPost.clear();
    m_pendingByRoot.clear();
    m_users.clear();
    m_strings.clear();
}

std::optional<Post> PostStore::post(qint64 postId) const
{
    const auto it = m_posts.constFind(postId);
    if (it == m_posts.constEnd())
        return std::nullopt;
    return overlaid(*it);
}

std::optional<Comment> PostStore::comment(qint64 commentId) const
{
    const Comment *c = findComment(commentId);
    if (!c)
        return std::nullopt;
    return overlaid(*c);
}

std::optional<Post> PostStore::serverPost(qint64 postId) const
{
    const auto it = m_posts.constFind(postId);
    return it == m_posts.constEnd() ? std::nullopt : std::optional<Post>(*it);
}

std::optional<Comment> PostStore::serverComment(qint64 commentId) const
{
    const Comment *c = findComment(commentId);
    return c ? std::optional<Comment>(*c) : std::nullopt;
}

QList<qint64> PostStore::commentIds(qint64 postId) const
{
    return m_commentsByPost.value(postId);
}

// --- overlays from the outbox ---------------------------------------------------------------

void PostStore::setPendingPostLike(qint64 postId, bool desired)
{
    changePost(postId, [&] { m_pendingPostLike.insert(postId, desired); });
}

void PostStore::clearPendingPostLike(qint64 postId)
{
    changePost(postId, [&] { m_pendingPostLike.remove(postId); });
}

void PostStore::setPendingCommentVote(qint64 commentId, int vote)
{
    changeComment(commentId,
                  [&] { m_pendingCommentVote.insert(commentId, std::clamp(vote, -1, 1)); });
}

void PostStore::clearPendingCommentVote(qint64 commentId)
{
    changeComment(commentId, [&] { m_pendingCommentVote.remove(commentId); });
}

void PostStore::applyPostLikeAnswer(qint64 postId, bool liked, qint64 likeCount)
{
    changePost(postId, [&] {
        m_pendingPostLike.remove(postId);
        if (auto it = m_posts.find(postId); it != m_posts.end()) {
            it->liked = liked;
            it->likeCount = likeCount;
            // the likers' line as the server has it now (where it already agrees, as it was)
            const bool listed = std::any_of(it->likes.cbegin(), it->likes.cend(),
                                            [this](const Like &l) { return isMine(l); });
            if (listed != liked)
                showMyLike(*it, liked);
        }
    });
}

void PostStore::applyCommentVoteAnswer(qint64 commentId, bool liked, qint64 likeCount, bool opposed,
                                       qint64 opposeCount, qint64 score)
{
    changeComment(commentId, [&] {
        m_pendingCommentVote.remove(commentId);
        if (Comment *it = ownComment(commentId)) {
            it->liked = liked;
            it->likeCount = likeCount;
            it->opposed = opposed;
            it->opposeCount = opposeCount;
            it->score = score;
        }
    });
}

void PostStore::addToCommentCounts(qint64 postId, qint64 delta, const QList<qint64> &above)
{
    if (delta == 0)
        return;
    changePost(postId, [&] {
        if (auto it = m_posts.find(postId); it != m_posts.end())
            it->commentCount = std::max<qint64>(0, it->commentCount + delta);
    });
    for (const qint64 id : above) {
        if (id > 0 && containsComment(id))
            changeComment(id, [&] {
                if (Comment *c = ownComment(id))
                    c->replyCount = std::max<qint64>(0, c->replyCount + delta);
            });
    }
}

void PostStore::addPendingComment(const Comment &given)
{
    if (given.id >= 0 || containsComment(given.id))
        return;
    Comment local = given;
    compact(local);
    const qint64 rootId = local.rootId;
    const auto change = [&] {
        m_comments.insert(local.id, local);
        m_commentsByPost[local.postId].append(local.id);
        countPending(local, +1);
        m_commentPending.insert(local.id, Pending::Sending);
    };
    if (rootId > 0)
        changeComment(rootId, [&] { changePost(local.postId, change); });
    else
        changePost(local.postId, change);
    Q_EMIT commentAdded(local.postId, local.id);
}

void PostStore::resolvePendingComment(qint64 localId, const Comment &given)
{
    Comment server = given;
    compact(server);
    const Comment *local = findComment(localId);
    if (!local) {
        upsertComment(server);
        return;
    }
    const qint64 postId = local->postId;
    const qint64 rootId = server.rootId;
    const auto change = [&] {
        countPending(commentValue(localId), -1);
        eraseComment(localId);
        m_commentsByPost[postId].removeOne(localId);
        // my pending replies to my floor now wait under the server's id
        if (const int n = m_pendingByRoot.take(localId))
            m_pendingByRoot.insert(server.id, n);
        m_commentPending.remove(localId);
        m_inline.remove(server.id); // a refresh brought it first, as a post's inline comment
        m_comments.insert(server.id, server);
        appendOnce(m_commentsByPost[server.postId], server.id);
        // what waited on the local id (a like on it, say) now waits on the server's id
        if (m_pendingCommentVote.contains(localId))
            m_pendingCommentVote.insert(server.id, m_pendingCommentVote.take(localId));
        for (qint64 id : m_commentsByPost.value(postId)) {
            const Comment *c = findComment(id);
            if (!c || (c->rootId != localId && c->parentId != localId))
                continue;
            Comment *mine = ownComment(id);
            if (mine->rootId == localId)
                mine->rootId = server.id;
            if (mine->parentId == localId)
                mine->parentId = server.id;
        }
    };
    if (rootId > 0 && containsComment(rootId))
        changeComment(rootId, [&] { changePost(postId, change); });
    else
        changePost(postId, change);
    Q_EMIT commentIdChanged(localId, server.id);
}

void PostStore::addPendingPost(const Post &given)
{
    if (given.id >= 0 || m_posts.contains(given.id))
        return;
    Post local = given;
    compact(local);
    m_posts.insert(local.id, local);
    m_postPending.insert(local.id, Pending::Sending);
    Q_EMIT postAdded(local.id);
}

void PostStore::resolvePendingPost(qint64 localId, const Post &given)
{
    Post server = given;
    compact(server);
    if (!m_posts.contains(localId) || server.id <= 0) {
        upsertPost(server);
        return;
    }
    unshareInline(localId);
    m_posts.remove(localId);
    m_postPending.remove(localId);
    // what waited on the local id (my comments on it, a like) now waits on the server's id
    if (m_pendingPostLike.contains(localId))
        m_pendingPostLike.insert(server.id, m_pendingPostLike.take(localId));
    const QList<qint64> comments = m_commentsByPost.take(localId);
    if (const int n = m_pendingByPost.take(localId))
        m_pendingByPost.insert(server.id, m_pendingByPost.value(server.id) + n);
    for (qint64 id : comments) {
        if (Comment *c = ownComment(id))
            c->postId = server.id;
        appendOnce(m_commentsByPost[server.id], id);
    }
    const bool known = m_posts.contains(server.id); // a refresh brought it first
    if (!known)
        m_posts.insert(server.id, server);
    Q_EMIT postIdChanged(localId, server.id);
    if (known)
        upsertPost(server);
    else {
        for (const Comment &c : server.comments)
            upsertComment(c);
        shareInline(server.id);
    }
}

void PostStore::setPostPending(qint64 postId, Pending state)
{
    if (m_postPending.value(postId) == state)
        return;
    if (state == Pending::None)
        m_postPending.remove(postId);
    else
        m_postPending.insert(postId, state);
    if (m_posts.contains(postId))
        Q_EMIT postChanged(postId, Field::Pending);
}

void PostStore::setCommentPending(qint64 commentId, Pending state)
{
    if (m_commentPending.value(commentId) == state)
        return;
    if (state == Pending::None)
        m_commentPending.remove(commentId);
    else
        m_commentPending.insert(commentId, state);
    if (containsComment(commentId))
        Q_EMIT commentChanged(commentId, Field::Pending);
}

} // namespace threadline::core

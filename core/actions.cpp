// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "actions.h"

#include "outbox/outbox.h"
#include "poststore.h"

#include <QCoreApplication>
#include <QDateTime>

#include <algorithm>

namespace threadline::core {

namespace {

// My new comment is the newest of its post: first among the comments the post lists (the
// card's inline lines; the server lists its 3 newest unless asked for more).
void listInline(PostStore &store, const Comment &mine)
{
    auto p = store.serverPost(mine.postId);
    if (!p || std::any_of(p->comments.cbegin(), p->comments.cend(),
                          [&](const Comment &c) { return c.id == mine.id; }))
        return;
    const qsizetype keep = p->comments.size() < 3 ? p->comments.size() + 1 : p->comments.size();
    p->comments.prepend(mine);
    p->comments.resize(keep);
    store.upsertPost(*p);
}

// A deleted comment (with its floor, for a root) is no more among the comments its post lists.
void unlistInline(PostStore &store, qint64 postId, qint64 commentId)
{
    auto p = store.serverPost(postId);
    if (p && p->comments.removeIf(
                 [&](const Comment &c) { return c.id == commentId || c.rootId == commentId; }) > 0)
        store.upsertPost(*p);
}

} // namespace

Actions::Actions(Outbox *outbox, PostStore *store, QObject *parent)
    : QObject(parent)
    , m_outbox(outbox)
    , m_store(store)
{
    connect(m_outbox, &Outbox::completed, this, &Actions::onCompleted);
    connect(m_outbox, &Outbox::failed, this, &Actions::onFailed);
    connect(m_outbox, &Outbox::discarded, this, [this](const OutboxEntry &entry) {
        if (!entry.isFailed()) // a failed one was rolled back when it failed
            rollBack(entry);
    });
    connect(m_outbox, &Outbox::requeued, this, &Actions::reapply);
    connect(m_outbox, &Outbox::summaryReady, this, [this](const QStringList &failures) {
        if (!failures.isEmpty())
            Q_EMIT offlineSummary(failures);
    });
    // After a restart the queued toggles are laid over whatever the cache or the server shows.
    connect(m_outbox, &Outbox::opened, this, [this](bool ok) {
        if (ok)
            layPendingOver(m_outbox->entries());
    });
    connect(m_store, &PostStore::postAdded, this, [this](qint64 postId) {
        if (const auto e = m_outbox->pendingToggle(OutboxEntry::Kind::PostLike, postId))
            m_store->setPendingPostLike(postId, e->desired == 1);
    });
    connect(m_store, &PostStore::commentAdded, this, [this](qint64, qint64 commentId) {
        if (const auto e = m_outbox->pendingToggle(OutboxEntry::Kind::CommentVote, commentId))
            m_store->setPendingCommentVote(commentId, e->desired);
    });
    if (m_outbox->isOpen())
        layPendingOver(m_outbox->entries());
}

void Actions::setMe(const UserBrief &me)
{
    m_me = me;
    m_store->setMe(me);
}

void Actions::layPendingOver(const QList<OutboxEntry> &entries)
{
    for (const OutboxEntry &e : entries) {
        if (e.kind == OutboxEntry::Kind::CreatePost && !e.isFailed())
            m_store->addPendingPost(pendingPost(e));
        else if (e.kind == OutboxEntry::Kind::CreateComment && !e.isFailed())
            m_store->addPendingComment(
                pendingComment(e.createdLocalId(), e.postId, e.parentId,
                               e.payload.value(QLatin1String("content")).toString(), e.createdAt));
        else if (e.kind == OutboxEntry::Kind::PostLike)
            m_store->setPendingPostLike(e.targetId, e.desired == 1);
        else if (e.kind == OutboxEntry::Kind::CommentVote)
            m_store->setPendingCommentVote(e.targetId, e.desired);
    }
}

QString Actions::describePost(qint64 postId) const
{
    const auto p = m_store->post(postId);
    if (!p || p->author.nickName.isEmpty())
        return QCoreApplication::translate("Actions", "a post");
    if (p->author.uid == m_me.uid)
        return QCoreApplication::translate("Actions", "your post");
    return QCoreApplication::translate("Actions", "%1's post").arg(p->author.nickName);
}

QString Actions::describeComment(qint64 commentId) const
{
    const auto c = m_store->comment(commentId);
    if (!c || c->author.nickName.isEmpty())
        return QCoreApplication::translate("Actions", "a comment");
    if (c->author.uid == m_me.uid)
        return QCoreApplication::translate("Actions", "your comment");
    return QCoreApplication::translate("Actions", "%1's comment").arg(c->author.nickName);
}

void Actions::togglePostLike(qint64 postId)
{
    if (postId < 0) // my post on its way: liked once it is published
        return;
    const auto shown = m_store->post(postId);
    const auto server = m_store->serverPost(postId);
    if (!shown || !server)
        return;
    const bool desired = !shown->liked;
    m_outbox->togglePostLike(postId, server->liked, desired, describePost(postId));
    if (desired == server->liked)
        m_store->clearPendingPostLike(postId); // back to what the server has: nothing is sent
    else
        m_store->setPendingPostLike(postId, desired);
}

void Actions::voteComment(qint64 commentId, int vote)
{
    const auto shown = m_store->comment(commentId);
    const auto server = m_store->serverComment(commentId);
    if (!shown || !server)
        return;
    const int current = shown->liked ? 1 : shown->opposed ? -1 : 0;
    const int desired = current == vote ? 0 : vote;
    const int baseline = server->liked ? 1 : server->opposed ? -1 : 0;
    m_outbox->setCommentVote(commentId, baseline, desired, describeComment(commentId));
    if (desired == baseline)
        m_store->clearPendingCommentVote(commentId);
    else
        m_store->setPendingCommentVote(commentId, desired);
}

qint64 Actions::comment(qint64 postId, qint64 parentId, const QString &content)
{
    const QString text = content.trimmed();
    if (text.isEmpty())
        return 0;
    const qint64 local = m_outbox->createComment(postId, text, parentId, describePost(postId));
    const Comment mine =
        pendingComment(local, postId, parentId, text, QDateTime::currentMSecsSinceEpoch());
    expectCountChange(-local, mine, +1, 0);
    m_store->addPendingComment(mine);
    return local;
}

Comment Actions::pendingComment(qint64 localId, qint64 postId, qint64 parentId, const QString &text,
                                qint64 createtime) const
{
    Comment c;
    c.id = localId;
    c.postId = postId;
    c.author = m_me;
    c.content = text;
    c.createtime = createtime;
    if (parentId != 0) {
        if (const auto parent = m_store->comment(parentId)) {
            c.rootId = parent->isRoot() ? parent->id : parent->rootId;
            c.parentId = parentId;
            c.floor = parent->floor;
            c.replyTo = parent->author;
        }
    }
    return c;
}

void Actions::deleteComment(qint64 commentId)
{
    const qint64 entry = m_outbox->deleteComment(commentId, describeComment(commentId));
    // (a hidden one was not counted: no change, but its post is known at the answer)
    if (const auto c = m_store->serverComment(commentId))
        expectCountChange(entry, *c, c->status == Comment::Status::Visible ? -1 : 0);
    m_store->removeComment(commentId);
}

void Actions::expectCountChange(qint64 entryId, const Comment &comment, int sign, qint64 floor)
{
    CountChange change;
    change.postId = comment.postId;
    if (comment.isRoot()) {
        change.delta = sign * (1 + (floor >= 0 ? floor : comment.replyCount));
    } else {
        change.delta = sign;
        change.above.append(comment.rootId);
        if (comment.parentId != comment.rootId)
            change.above.append(comment.parentId);
    }
    change.before = serverCounts(change.postId, change.above);
    m_countChanges.insert(entryId, change);
}

QList<qint64> Actions::serverCounts(qint64 postId, const QList<qint64> &above) const
{
    QList<qint64> counts;
    const auto post = m_store->serverPost(postId);
    counts.append(post ? post->commentCount : -1);
    for (const qint64 id : above) {
        const auto c = m_store->serverComment(id);
        counts.append(c ? c->replyCount : -1);
    }
    return counts;
}

void Actions::applyCountChange(qint64 entryId)
{
    const auto it = m_countChanges.constFind(entryId);
    if (it == m_countChanges.cend())
        return;
    const CountChange change = *it;
    m_countChanges.erase(it);
    if (serverCounts(change.postId, change.above) == change.before)
        m_store->addToCommentCounts(change.postId, change.delta, change.above);
}

qint64 Actions::publishPost(const QString &content, const QStringList &localPictures,
                            const QString &device, QString *error)
{
    NewPost post;
    post.content = content.trimmed();
    post.device = device;
    const qint64 local = m_outbox->createPostWithPictures(
        post, localPictures, QCoreApplication::translate("Actions", "your post"), error);
    if (local < 0)
        m_store->addPendingPost(
            pendingPost(local, post.content, QDateTime::currentMSecsSinceEpoch()));
    return local;
}

Post Actions::pendingPost(qint64 localId, const QString &content, qint64 createtime) const
{
    Post p;
    p.id = localId;
    p.author = m_me;
    p.content = content;
    p.createtime = createtime;
    return p;
}

Post Actions::pendingPost(const OutboxEntry &entry) const
{
    return pendingPost(entry.createdLocalId(),
                       entry.payload.value(QLatin1String("content")).toString(), entry.createdAt);
}

void Actions::deletePost(qint64 postId)
{
    m_outbox->deletePost(postId, describePost(postId));
    m_store->removePost(postId);
}

qint64 Actions::report(TargetType type, qint64 targetId, Report::Reason reason, const QString &note)
{
    NewReport r;
    r.targetType = type;
    r.targetId = targetId;
    r.reason = reason;
    if (const QString text = note.trimmed(); !text.isEmpty())
        r.note = text;
    QString target;
    switch (type) {
    case TargetType::Comment:
        target = describeComment(targetId);
        break;
    case TargetType::Message: // messages are not in the post store
        target = QCoreApplication::translate("Actions", "a message");
        break;
    case TargetType::Post:
    case TargetType::Device:
        target = describePost(targetId);
        break;
    }
    return m_outbox->report(r, target);
}

qint64 Actions::leaveMessage(qint64 uid, const QString &name, const QString &content)
{
    const QString board = uid == m_me.uid
                              ? QCoreApplication::translate("Actions", "your board")
                              : QCoreApplication::translate("Actions", "%1's board").arg(name);
    return m_outbox->leaveMessage(uid, content.trimmed(), board);
}

static QString messageOf(const QString &name)
{
    return QCoreApplication::translate("Actions", "%1's message").arg(name);
}

qint64 Actions::deleteMessage(qint64 messageId, const QString &name)
{
    return m_outbox->deleteMessage(messageId, messageOf(name));
}

qint64 Actions::likeMessage(qint64 messageId, bool liked, const QString &name)
{
    return m_outbox->setMessageLike(messageId, liked, messageOf(name));
}

qint64 Actions::moderateMessage(qint64 messageId, bool hide, const QString &reason,
                                const QString &name)
{
    const QString why = reason.trimmed();
    if (hide && why.isEmpty())
        return 0;
    return hide ? m_outbox->hideMessage(messageId, why, messageOf(name))
                : m_outbox->unhideMessage(messageId, why, messageOf(name));
}

qint64 Actions::reportMessage(qint64 messageId, Report::Reason reason, const QString &note,
                              const QString &name)
{
    const QString text = note.trimmed();
    return m_outbox->reportMessage(messageId, reason,
                                   text.isEmpty() ? std::nullopt : std::optional<QString>(text),
                                   messageOf(name));
}

void Actions::setTopicFollow(const QString &topic, bool serverFollowing, bool desired)
{
    Q_UNUSED(serverFollowing) // PUT and DELETE are idempotent: the last one sent wins
    m_outbox->setTopicFollow(topic, desired, QLatin1Char('#') + topic + QLatin1Char('#'));
}

void Actions::setFollow(qint64 uid, bool serverFollowing, bool desired, const QString &name)
{
    m_outbox->setFollow(uid, serverFollowing, desired, name);
}

std::optional<Actions::ModerationBefore> Actions::moderationBefore(TargetType type, qint64 targetId,
                                                                   bool hide) const
{
    ModerationBefore before;
    before.type = type;
    before.targetId = targetId;
    if (type == TargetType::Post) {
        const auto server = m_store->serverPost(targetId);
        if (!server || server->hidden == hide)
            return std::nullopt;
        before.hidden = server->hidden;
        before.moderation = server->moderation;
        return before;
    }
    if (type != TargetType::Comment)
        return std::nullopt;
    const auto server = m_store->serverComment(targetId);
    if (!server || (server->status == Comment::Status::Hidden) == hide)
        return std::nullopt;
    before.hidden = server->status == Comment::Status::Hidden;
    before.moderation = server->moderation;
    if (server->isRoot()) { // its floor goes (and comes back) with it
        for (const qint64 id : m_store->commentIds(server->postId)) {
            const auto c = m_store->serverComment(id);
            if (c && c->rootId == targetId &&
                (c->status == Comment::Status::Hidden) == before.hidden)
                before.floor.append(id);
        }
    }
    return before;
}

void Actions::showModeration(qint64 entryId, const ModerationBefore &before, bool hide,
                             const QString &reason)
{
    std::optional<Moderation> mark;
    if (hide)
        mark = Moderation{m_me, reason, QDateTime::currentMSecsSinceEpoch()};
    if (before.type == TargetType::Comment) {
        if (const auto c = m_store->serverComment(before.targetId))
            expectCountChange(entryId, *c, hide ? -1 : +1, hide ? -1 : qint64(before.floor.size()));
    }
    markHidden(before.type, before.targetId, before.floor, hide, mark);
    m_moderationBefore.insert(entryId, before);
}

qint64 Actions::moderate(TargetType type, qint64 targetId, bool hide, const QString &reason)
{
    const QString why = reason.trimmed();
    if (targetId <= 0 || (hide && why.isEmpty()))
        return 0;
    if (type == TargetType::Message) // not in the post store: nothing to mark or roll back
        return hide ? m_outbox->hideMessage(targetId, why,
                                            QCoreApplication::translate("Actions", "a message"))
                    : m_outbox->unhideMessage(targetId, why,
                                              QCoreApplication::translate("Actions", "a message"));
    const auto before = moderationBefore(type, targetId, hide);
    if (!before)
        return 0;
    qint64 entry = 0;
    if (type == TargetType::Post) {
        const QString what = describePost(targetId);
        entry = hide ? m_outbox->hidePost(targetId, why, what)
                     : m_outbox->unhidePost(targetId, why, what);
    } else {
        const QString what = describeComment(targetId);
        entry = hide ? m_outbox->hideComment(targetId, why, what)
                     : m_outbox->unhideComment(targetId, why, what);
    }
    if (entry != 0)
        showModeration(entry, *before, hide, why);
    return entry;
}

qint64 Actions::decideQueueItem(QueueDecision decision, TargetType type, qint64 id,
                                const QString &reason, const QString &target)
{
    const bool post = type == TargetType::Post;
    const bool message = type == TargetType::Message;
    switch (decision) {
    case QueueDecision::Hide:
        return post      ? m_outbox->hidePost(id, reason, target)
               : message ? m_outbox->hideMessage(id, reason, target)
                         : m_outbox->hideComment(id, reason, target);
    case QueueDecision::Unhide:
        return post      ? m_outbox->unhidePost(id, reason, target)
               : message ? m_outbox->unhideMessage(id, reason, target)
                         : m_outbox->unhideComment(id, reason, target);
    case QueueDecision::Dismiss:
        return m_outbox->dismissReport(id, reason, target);
    }
    return 0;
}

void Actions::markHidden(TargetType type, qint64 targetId, const QList<qint64> &floor, bool hidden,
                         const std::optional<Moderation> &moderation)
{
    if (type == TargetType::Post) {
        if (auto p = m_store->serverPost(targetId)) {
            p->hidden = hidden;
            p->moderation = hidden ? moderation : std::nullopt;
            m_store->upsertPost(*p);
        }
        return;
    }
    QList<Comment> changed;
    for (const qint64 id : QList<qint64>{targetId} + floor) {
        if (auto c = m_store->serverComment(id)) {
            c->status = hidden ? Comment::Status::Hidden : Comment::Status::Visible;
            c->moderation = hidden ? moderation : std::nullopt;
            changed.append(*c);
        }
    }
    m_store->upsertComments(changed);
}

void Actions::onCompleted(const OutboxEntry &entry, const OutboxAnswer &answer)
{
    m_moderationBefore.remove(entry.id);
    switch (entry.kind) {
    case OutboxEntry::Kind::Report:
        Q_EMIT notice(
            answer.alreadyReported
                ? QCoreApplication::translate("Actions", "You had already reported %1: the "
                                                         "moderators have your first report.")
                      .arg(entry.description)
                : QCoreApplication::translate("Actions", "Thank you: your report on %1 is with "
                                                         "the moderators.")
                      .arg(entry.description));
        break;
    case OutboxEntry::Kind::HidePost:
    case OutboxEntry::Kind::UnhidePost:
        // the post as the moderator sees it now (also for hides queued from the queue page)
        if (answer.post && m_store->containsPost(answer.post->id))
            m_store->upsertPost(*answer.post);
        break;
    case OutboxEntry::Kind::HideComment:
    case OutboxEntry::Kind::UnhideComment:
        if (answer.comment && m_store->containsPost(answer.comment->postId))
            m_store->upsertComment(*answer.comment);
        applyCountChange(entry.id); // the post counts it (and its floor) again, or no more
        break;
    case OutboxEntry::Kind::PostLike:
        if (answer.like)
            m_store->applyPostLikeAnswer(entry.targetId, answer.like->liked,
                                         answer.like->likeCount);
        break;
    case OutboxEntry::Kind::CommentVote:
        if (const auto &s = answer.vote)
            m_store->applyCommentVoteAnswer(entry.targetId, s->liked, s->likeCount, s->opposed,
                                            s->opposeCount, s->score);
        break;
    case OutboxEntry::Kind::CreateComment:
        if (answer.comment) {
            m_store->resolvePendingComment(entry.createdLocalId(), *answer.comment);
            listInline(*m_store, *answer.comment);
        }
        applyCountChange(entry.id); // counted by the server now, no more as mine pending
        break;
    case OutboxEntry::Kind::DeleteComment:
        // 204: the optimistic removal is what the server did; the counts and the post's inline
        // comments follow
        if (const auto change = m_countChanges.constFind(entry.id); change != m_countChanges.cend())
            unlistInline(*m_store, change->postId, entry.targetId);
        applyCountChange(entry.id);
        break;
    case OutboxEntry::Kind::CreatePost:
        if (answer.post)
            m_store->resolvePendingPost(entry.createdLocalId(), *answer.post);
        else // published, but its answer unreadable: the next refresh brings it
            m_store->removePost(entry.createdLocalId());
        Q_EMIT notice(QCoreApplication::translate("Actions", "Your post is published."));
        break;
    default:
        // DeletePost (204): the optimistic removal is what the server did. Follow: the post
        // store holds no follow state (the profile header applies the answer). DismissReport:
        // the moderation queue's feed applies it.
        break;
    }
}

void Actions::onFailed(const OutboxEntry &entry, const QString &message)
{
    rollBack(entry);
    Q_EMIT actionFailed(message);
}

void Actions::reapply(const OutboxEntry &entry)
{
    switch (entry.kind) {
    case OutboxEntry::Kind::PostLike:
        if (const auto server = m_store->serverPost(entry.targetId);
            server && server->liked == (entry.desired == 1))
            m_store->clearPendingPostLike(entry.targetId);
        else
            m_store->setPendingPostLike(entry.targetId, entry.desired == 1);
        break;
    case OutboxEntry::Kind::CommentVote:
        m_store->setPendingCommentVote(entry.targetId, entry.desired);
        break;
    case OutboxEntry::Kind::HidePost:
    case OutboxEntry::Kind::UnhidePost:
    case OutboxEntry::Kind::HideComment:
    case OutboxEntry::Kind::UnhideComment: {
        const bool hide = entry.kind == OutboxEntry::Kind::HidePost ||
                          entry.kind == OutboxEntry::Kind::HideComment;
        const TargetType type =
            entry.kind == OutboxEntry::Kind::HidePost || entry.kind == OutboxEntry::Kind::UnhidePost
                ? TargetType::Post
                : TargetType::Comment;
        if (const auto before = moderationBefore(type, entry.targetId, hide))
            showModeration(entry.id, *before, hide,
                           entry.payload.value(QLatin1String("reason")).toString());
        break;
    }
    case OutboxEntry::Kind::CreatePost:
        m_store->addPendingPost(pendingPost(entry));
        break;
    case OutboxEntry::Kind::CreateComment:
        if (!m_store->comment(entry.createdLocalId()))
            m_store->addPendingComment(pendingComment(
                entry.createdLocalId(), entry.postId, entry.parentId,
                entry.payload.value(QLatin1String("content")).toString(), entry.createdAt));
        break;
    default:
        break;
    }
}

void Actions::rollBack(const OutboxEntry &entry)
{
    m_countChanges.remove(entry.id);
    // The store shows the server's values again.
    if (const auto before = m_moderationBefore.take(entry.id); before.targetId != 0)
        markHidden(before.type, before.targetId, before.floor, before.hidden, before.moderation);
    switch (entry.kind) {
    case OutboxEntry::Kind::PostLike:
        m_store->clearPendingPostLike(entry.targetId);
        break;
    case OutboxEntry::Kind::CommentVote:
        m_store->clearPendingCommentVote(entry.targetId);
        break;
    case OutboxEntry::Kind::CreateComment:
        m_store->removeComment(entry.createdLocalId());
        break;
    case OutboxEntry::Kind::CreatePost:
        m_store->removePost(entry.createdLocalId());
        break;
    default:
        break;
    }
}

} // namespace threadline::core

#include "actions.h"

#include "wire/jsoncodec.h"
#include "outbox/outbox.h"
#include "poststore.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonDocument>

namespace threadline::core {

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
    m_store->addPendingComment(
        pendingComment(local, postId, parentId, text, QDateTime::currentMSecsSinceEpoch()));
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
    m_outbox->deleteComment(commentId, describeComment(commentId));
    m_store->removeComment(commentId);
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
    const QString target =
        type == TargetType::Comment ? describeComment(targetId) : describePost(targetId);
    return m_outbox->report(r, target);
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
    markHidden(before.type, before.targetId, before.floor, hide, mark);
    m_moderationBefore.insert(entryId, before);
}

qint64 Actions::moderate(TargetType type, qint64 targetId, bool hide, const QString &reason)
{
    const QString why = reason.trimmed();
    if (targetId <= 0 || (hide && why.isEmpty()))
        return 0;
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
    switch (decision) {
    case QueueDecision::Hide:
        return post ? m_outbox->hidePost(id, reason, target)
                    : m_outbox->hideComment(id, reason, target);
    case QueueDecision::Unhide:
        return post ? m_outbox->unhidePost(id, reason, target)
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

void Actions::onCompleted(const OutboxEntry &entry, const QJsonObject &answer)
{
    m_moderationBefore.remove(entry.id);
    switch (entry.kind) {
    case OutboxEntry::Kind::Report:
        Q_EMIT notice(
            answer.value(QLatin1String("alreadyReported")).toBool()
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
        if (const auto p = decodePost(QJsonValue(answer));
            p.ok() && m_store->containsPost(p.value().id))
            m_store->upsertPost(p.value());
        break;
    case OutboxEntry::Kind::HideComment:
    case OutboxEntry::Kind::UnhideComment:
        if (const auto c = decodeComment(QJsonValue(answer));
            c.ok() && m_store->containsPost(c.value().postId))
            m_store->upsertComment(c.value());
        break;
    case OutboxEntry::Kind::PostLike:
        if (const auto s = decodeLikeState(QJsonDocument(answer).toJson(QJsonDocument::Compact));
            s.ok())
            m_store->applyPostLikeAnswer(entry.targetId, s.value().liked, s.value().likeCount);
        break;
    case OutboxEntry::Kind::CommentVote:
        if (const auto s =
                decodeCommentLikeState(QJsonDocument(answer).toJson(QJsonDocument::Compact));
            s.ok())
            m_store->applyCommentVoteAnswer(entry.targetId, s.value().liked, s.value().likeCount,
                                            s.value().opposed, s.value().opposeCount,
                                            s.value().score);
        break;
    case OutboxEntry::Kind::CreateComment:
        if (const auto c = decodeComment(QJsonValue(answer)); c.ok())
            m_store->resolvePendingComment(entry.createdLocalId(), c.value());
        break;
    case OutboxEntry::Kind::CreatePost:
        if (const auto p = decodePost(QJsonValue(answer)); p.ok())
            m_store->resolvePendingPost(entry.createdLocalId(), p.value());
        else // published, but its answer unreadable: the next refresh brings it
            m_store->removePost(entry.createdLocalId());
        Q_EMIT notice(QCoreApplication::translate("Actions", "Your post is published."));
        break;
    default:
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

#include "actions.h"

#include "jsoncodec.h"
#include "outbox.h"
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

void Actions::layPendingOver(const QList<OutboxEntry> &entries)
{
    for (const OutboxEntry &e : entries) {
        if (e.kind == OutboxEntry::Kind::PostLike)
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
    return m_outbox->createPostWithPictures(
        post, localPictures, QCoreApplication::translate("Actions", "your post"), error);
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

void Actions::onCompleted(const OutboxEntry &entry, const QJsonObject &answer)
{
    switch (entry.kind) {
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
    default:
        break;
    }
}

} // namespace threadline::core

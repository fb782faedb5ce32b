// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What the user does, in one place: every action goes to the outbox (durable first) and is
// shown at once in the post store (optimistic); the server's answer replaces the optimistic
// values, a permanent failure rolls them back and says so in words (design points 3–7). An
// entry the user discards is rolled back too; one retried after it failed is shown again.
#pragma once

#include "outbox/outboxstore.h"
#include "wire/wiretypes.h"

#include <QObject>

namespace threadline::core {

class Outbox;
class PostStore;
struct OutboxAnswer;

class Actions : public QObject
{
    Q_OBJECT
public:
    Actions(Outbox *outbox, PostStore *store, QObject *parent = nullptr);

    // Who I am: my own comments carry me as their author until the server has them.
    void setMe(const UserBrief &me);

    void togglePostLike(qint64 postId);
    // vote: 1 like (赞), -1 oppose (踩); choosing the same again takes it back.
    void voteComment(qint64 commentId, int vote);
    // A comment on the post (parentId 0) or a reply; returns the local id shown at once.
    qint64 comment(qint64 postId, qint64 parentId, const QString &content);
    void deleteComment(qint64 commentId);
    // A new post; its pictures (local files) are copied into the outbox and uploaded first.
    // Returns the local id (< 0), or 0 with *error saying why the post cannot be queued.
    qint64 publishPost(const QString &content, const QStringList &localPictures,
                       const QString &device, QString *error = nullptr);
    void deletePost(qint64 postId);
    // Reports a post, a comment or a message (type Post, Comment or Message; a message is named
    // "a message": reportMessage() names its author) to the moderators, with an optional
    // note (trimmed; empty: none). Returns the outbox entry's id. A second report of the same
    // target by the same user changes nothing on the server (it answers with the first).
    qint64 report(TargetType type, qint64 targetId, Report::Reason reason, const QString &note);
    // Follows (desired true) or unfollows a person; coalesced per person in the outbox (a
    // follow taken back before it was sent sends nothing). serverFollowing: what the caller
    // believes the server has; name: the person's nickname (for the failure sentence).
    void setFollow(qint64 uid, bool serverFollowing, bool desired, const QString &name);
    // Follows (desired true) or unfollows a topic (its key) through the outbox.
    void setTopicFollow(const QString &topic, bool serverFollowing, bool desired);
    // Moderators: hides a post (with its comments) or a comment (a root with its floor) from
    // everyone else, or unhides it, with a reason (required to hide). Shown at once: the store
    // marks it hidden by me with that reason (or visible again); a refusal puts back what the
    // server had and says why (actionFailed). Returns the outbox entry's id; 0 when there is
    // nothing to do (already so, unknown, not on the server yet, or no reason for a hide).
    // A message (type Message) is not in the post store: it is only queued (hide_message,
    // unhide_message), as moderateMessage() does.
    qint64 moderate(TargetType type, qint64 targetId, bool hide, const QString &reason);
    // Moderators, from the report queue: hides or unhides a queue item's target (`id` is the
    // target's: a post, a comment or a message), or dismisses the item's reports (`id` is the
    // item's), named in the outbox's sentences as the queue names it (`target`: "王五's post").
    // Unlike moderate(), the target need not be in the post store and nothing in it is marked:
    // the queue shows its row pending until the server has answered. Returns the outbox entry's id
    // (0: nothing was queued).
    enum class QueueDecision { Hide, Unhide, Dismiss };
    qint64 decideQueueItem(QueueDecision decision, TargetType type, qint64 id,
                           const QString &reason, const QString &target);

    // Messages on a person's board: through the outbox like every action; the board's model
    // (models::MessageBoardModel) shows them at once from the outbox and takes the server's
    // answers (messages are not in the post store). name: the board's owner (leaveMessage) or
    // the message's author, for the outbox's sentences. Each returns the outbox entry's id.
    qint64 leaveMessage(qint64 uid, const QString &name, const QString &content);
    qint64 deleteMessage(qint64 messageId, const QString &name);
    qint64 likeMessage(qint64 messageId, bool liked, const QString &name);
    qint64 moderateMessage(qint64 messageId, bool hide, const QString &reason, const QString &name);
    qint64 reportMessage(qint64 messageId, Report::Reason reason, const QString &note,
                         const QString &name);

Q_SIGNALS:
    // A permanent failure, in words ("Your like on 王五's post could not be saved: …").
    void actionFailed(const QString &message);
    // What came of an action that has no place on screen, in words (a report reached the
    // moderators; it had been reported by me before).
    void notice(const QString &message);
    // After an offline period: what could not be applied.
    void offlineSummary(const QStringList &failures);

private:
    QString describePost(qint64 postId) const;
    QString describeComment(qint64 commentId) const;
    void layPendingOver(const QList<OutboxEntry> &entries);
    void onCompleted(const OutboxEntry &entry, const OutboxAnswer &answer);
    void onFailed(const OutboxEntry &entry, const QString &message);
    // The optimistic change of an entry taken back (failed, discarded) or shown again (retried).
    void rollBack(const OutboxEntry &entry);
    void reapply(const OutboxEntry &entry);
    // My post as shown before the server has it (top of All, Following and My posts).
    Post pendingPost(qint64 localId, const QString &content, qint64 createtime) const;
    Post pendingPost(const OutboxEntry &entry) const; // a queued creation's
    // My comment as shown before the server has it.
    Comment pendingComment(qint64 localId, qint64 postId, qint64 parentId, const QString &text,
                           qint64 createtime) const;

    // The hidden state of a target as the server had it before my hide or unhide (its
    // rollback), by outbox entry.
    struct ModerationBefore
    {
        TargetType type = TargetType::Post;
        qint64 targetId = 0;
        QList<qint64> floor; // a root's replies marked with it
        bool hidden = false;
        std::optional<Moderation> moderation;
    };
    [[nodiscard]] std::optional<ModerationBefore> moderationBefore(TargetType type, qint64 targetId,
                                                                   bool hide) const;
    void showModeration(qint64 entryId, const ModerationBefore &before, bool hide,
                        const QString &reason);
    void markHidden(TargetType type, qint64 targetId, const QList<qint64> &floor, bool hidden,
                    const std::optional<Moderation> &moderation);

    // What an action will do to the server's comment counts, which its answer does not carry
    // (a comment created, deleted, hidden or shown again): `delta` on the post and on each of
    // `above` (the floor's root, the comment answered), and those counts as the server had them
    // when the action was made. Its completion adds the change, unless newer server data came
    // meanwhile (it holds the change already).
    struct CountChange
    {
        qint64 postId = 0;
        qint64 delta = 0;
        QList<qint64> above;
        QList<qint64> before;
    };
    // The change `sign` (+1 shown, -1 gone) of a visible comment (with its floor for a root,
    // `floor` replies besides when given).
    void expectCountChange(qint64 entryId, const Comment &comment, int sign, qint64 floor = -1);
    [[nodiscard]] QList<qint64> serverCounts(qint64 postId, const QList<qint64> &above) const;
    void applyCountChange(qint64 entryId);

    Outbox *m_outbox;
    PostStore *m_store;
    UserBrief m_me;
    QHash<qint64, ModerationBefore> m_moderationBefore;
    QHash<qint64, CountChange> m_countChanges; // by outbox entry
};

} // namespace threadline::core

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Notifications (docs/api.md "Notifications"): what others did to a user or their content.
// The routes that act call this in their own transaction: it writes the notification (or groups
// a like into the unread one of its target), keeps each user's newest 500, withdraws what
// pointed at content that was deleted or hidden, and records every change as a `notification`
// change record for its recipient alone (ChangeLog's owner). It also renders notifications (the
// list, /sync) and counts a user's unread ones.
//
// On PostgreSQL a like of a post or a comment is one statement of its own (tl_post_like,
// tl_comment_vote): those functions create the like's notification themselves with
// tl_notify_like (schema.h), which a message's like calls too, so that every like on
// PostgreSQL groups by one piece of code; on SQLite likeOf() does the same in C++.
#pragma once

#include "db/database.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <vector>

namespace threadline::server {

class ChangeLog;
class Renderer;

class Notifications
{
public:
    Notifications(Database &db, Renderer &renderer, ChangeLog &changes);
    Notifications(const Notifications &) = delete;
    Notifications &operator=(const Notifications &) = delete;

    // --- made by actions (none for one's own action) ---
    // A new comment `commentId` by `actor` on `postId` (of `postAuthor`); parentId 0 for a floor's
    // root, else the comment it answers (of `parentAuthor`): a `reply` for the parent's author,
    // a `comment` for the post's author unless they have the reply.
    void commented(qint64 actor, qint64 postId, qint64 postAuthor, qint64 commentId,
                   qint64 parentId, qint64 parentAuthor, const QString &content);
    // A message left on `board`'s board.
    void messageLeft(qint64 actor, qint64 board, qint64 messageId, const QString &content);
    // `actor` followed `followee`: at most one notification per follower and day (UTC+8).
    void followed(qint64 actor, qint64 followee);
    // SQLite only (PostgreSQL's functions do it): a new like of a visible post or comment.
    void likedPost(qint64 actor, qint64 postId);
    void likedComment(qint64 actor, qint64 commentId);
    // Both databases: a new like of a visible message.
    void likedMessage(qint64 actor, qint64 messageId);
    // A moderator hid, unhid or deleted (`action`) a post, comment or message: a `moderation`
    // notification for its author, without the moderator's name.
    void moderated(qint64 moderator, const QString &action, const QString &targetType,
                   qint64 targetId, const QString &reason);

    // --- withdrawn with their content (reply, comment, message and like notifications) ---
    // A post and everything on it.
    void withdrawPost(qint64 postId);
    // Comments (a floor: its root and its replies).
    void withdrawComments(const QList<qint64> &commentIds);
    void withdrawMessage(qint64 messageId);

    // --- reading ---
    // The columns render() reads, on alias n.
    static QString columns();
    // Rows selected with columns(), in order, as the contract's objects.
    QJsonArray render(const std::vector<Row> &rows);
    // The notifications of `ids` that belong to `uid`, by id.
    QHash<qint64, QJsonObject> renderOwned(const QList<qint64> &ids, qint64 uid);
    qint64 unread(qint64 uid);

    // A text's summary: runs of white space as one space, trimmed, at most 80 code points
    // (tl_summary in schema.h is the same rule); empty is null.
    static QString summaryOf(const QString &text);

private:
    struct Fields
    {
        qint64 uid = 0;
        QString kind;
        qint64 postId = 0, commentId = 0, parentId = 0, messageId = 0;
        QString targetType;
        qint64 targetId = 0;
        QString summary, action, reason;
        bool hasReason = false;
        qint64 actor = 0; // 0: none (moderation)
    };
    void insert(const Fields &f);
    void likeOf(qint64 owner, qint64 actor, const QString &type, qint64 target, qint64 postId,
                const QString &text);
    // Keeps the newest kNotificationsKept of `uid`.
    void cap(qint64 uid);
    // DELETE … RETURNING id, uid (of reply, comment, message and like notifications matching
    // `where`), then their actors, each with a remove record.
    void withdraw(const QString &where, const QVariantList &binds);
    void forget(const std::vector<Row> &idAndUid);

    Database &m_db;
    Renderer &m_renderer;
    ChangeLog &m_changes;
};

} // namespace threadline::server

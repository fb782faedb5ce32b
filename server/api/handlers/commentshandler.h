// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Comments: floors (roots) and their replies, paging (from the read cache when it may),
// creation with database-given floor and seq numbers, cascade delete of a floor, likes and
// opposes on comments.
#pragma once

#include "api/routetable.h"

#include <QJsonObject>

namespace threadline::server {

class CachedReader;
class ChangeLog;
class Database;
class ModerationRecords;
class Notifications;
class Renderer;
class Visibility;

class CommentsHandler
{
public:
    CommentsHandler(Database &db, Renderer &renderer, CachedReader &reads, Visibility &visibility,
                    ChangeLog &changes, ModerationRecords &moderation,
                    Notifications &notifications);
    void addRoutes(RouteTable &table);

private:
    Response listComments(Request &req);
    Response listCommentsUncached(Request &req);
    Response listReplies(Request &req);
    Response createComment(Request &req);
    Response deleteComment(Request &req);
    Response likeComment(Request &req);
    Response unlikeComment(Request &req);
    Response opposeComment(Request &req);
    Response unopposeComment(Request &req);
    Response setCommentVote(Request &req, int vote, bool on);
    QJsonObject commentVoteState(qint64 commentId, qint64 uid);
    static QJsonObject voteState(qint64 likes, qint64 opposes, int mine);

    Database &m_db;
    Renderer &m_renderer;
    CachedReader &m_reads;
    Visibility &m_visibility;
    ChangeLog &m_changes;
    ModerationRecords &m_moderation;
    Notifications &m_notifications;
};

} // namespace threadline::server

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Messages on a person's board (留言, the original spec's LeaveWord {touid, touname, summary}):
// GET/POST /users/{id}/messages, DELETE /messages/{id}, PUT/DELETE /messages/{id}/like, and the
// moderators' POST /moderation/messages/{id}/hide|unhide. Reports on a message go through
// POST /reports (targetType "message", moderationhandler.cpp), which asks this handler whether the
// caller may see it and how a queue item shows it.
#pragma once

#include "api/routetable.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QVariantList>
#include <optional>
#include <vector>

namespace threadline::server {

class Database;
class ModerationRecords;
class Notifications;
class Renderer;

class MessagesHandler
{
public:
    MessagesHandler(Database &db, Renderer &renderer, ModerationRecords &moderation,
                    Notifications &notifications);
    void addRoutes(RouteTable &table);

    struct MessageRow
    {
        qint64 id = 0, board = 0, author = 0;
        bool hidden = false, deleted = false;
    };
    // The message whatever its state, or nullopt when there is no such id.
    std::optional<MessageRow> messageRow(qint64 id);
    // The message as the viewer may see it (deleted: nobody; hidden: moderators), or 404.
    MessageRow requireVisibleMessage(qint64 id, const Viewer &v);
    // The message as the contract's object for this viewer, or nullopt when it is not there for
    // them.
    std::optional<QJsonObject> renderMessage(qint64 id, const Viewer &v);

private:
    Response board(Request &req);
    Response leave(Request &req);
    Response remove(Request &req);
    Response like(Request &req);
    Response unlike(Request &req);
    Response setLiked(Request &req, bool on);
    Response hide(Request &req);
    Response unhide(Request &req);
    Response setHidden(Request &req, bool hide);
    // Rows of SELECT messageColumns() into the contract's objects, in order.
    QJsonArray render(const std::vector<QVariantList> &rows, const Viewer &v);

    Database &m_db;
    Renderer &m_renderer;
    ModerationRecords &m_moderation;
    Notifications &m_notifications;
};

} // namespace threadline::server

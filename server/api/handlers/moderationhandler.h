// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Reports and the moderators' work: the queue, hide and unhide (a floor at a time when it is a
// root), dismiss, and the moderation log.
#pragma once

#include "api/routetable.h"
#include "db/database.h"

#include <QJsonObject>

namespace threadline::server {

class ChangeLog;
class Database;
class MessagesHandler;
class ModerationRecords;
class Notifications;
class Renderer;
class Visibility;
struct ServerConfig;

class ModerationHandler
{
public:
    ModerationHandler(Database &db, const ServerConfig &config, Renderer &renderer,
                      Visibility &visibility, ChangeLog &changes, ModerationRecords &moderation,
                      Notifications &notifications);
    void addRoutes(RouteTable &table);
    // Messages on people's boards: reports on them (targetType "message") and their queue items.
    void setMessages(MessagesHandler *messages) { m_messages = messages; }

    static constexpr int kReportsPerHour = 30; // new reports per user (with --rate-limits on)

private:
    Response createReport(Request &req);
    Response modQueue(Request &req);
    Response hideComment(Request &req);
    Response unhideComment(Request &req);
    Response hidePost(Request &req);
    Response unhidePost(Request &req);
    Response dismissItem(Request &req);
    Response modLog(Request &req);
    Response setCommentHidden(Request &req, bool hide);
    Response setPostHidden(Request &req, bool hide);
    QJsonObject queueItem(const Row &itemRow);
    QJsonObject reportObject(const Row &r);

    Database &m_db;
    const ServerConfig &m_config;
    Renderer &m_renderer;
    Visibility &m_visibility;
    ChangeLog &m_changes;
    ModerationRecords &m_moderation;
    Notifications &m_notifications;
    MessagesHandler *m_messages = nullptr;
};

} // namespace threadline::server

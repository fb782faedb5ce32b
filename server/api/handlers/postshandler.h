// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Posts: the timeline, one post, creating and deleting, likes and their likers, views, and what
// is hot.
#pragma once

#include "api/routetable.h"

namespace threadline::server {

class CachedReader;
class ChangeLog;
class Database;
class ModerationRecords;
class Notifications;
class Renderer;
class Visibility;

class PostsHandler
{
public:
    PostsHandler(Database &db, Renderer &renderer, CachedReader &reads, Visibility &visibility,
                 ChangeLog &changes, ModerationRecords &moderation, Notifications &notifications);
    void addRoutes(RouteTable &table);

private:
    Response timeline(Request &req);
    Response getPost(Request &req);
    Response createPost(Request &req);
    Response deletePost(Request &req);
    Response likePost(Request &req);
    Response unlikePost(Request &req);
    Response viewPost(Request &req);
    Response postLikes(Request &req);
    Response hot(Request &req);
    Response recentViews(Request &req); // recentviews.cpp
    Response clearRecentViews(Request &req);

    Database &m_db;
    Renderer &m_renderer;
    CachedReader &m_reads;
    Visibility &m_visibility;
    ChangeLog &m_changes;
    ModerationRecords &m_moderation;
    Notifications &m_notifications;
};

} // namespace threadline::server

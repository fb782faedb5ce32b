// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Whether a post or a comment is there for a viewer: the row as the routes need it, or 404 —
// deleted content is gone for everyone, hidden content for everyone but moderators.
#pragma once

#include "api/request.h"

#include <optional>

namespace threadline::server {

class Database;

class Visibility
{
public:
    explicit Visibility(Database &db);
    Visibility(const Visibility &) = delete;
    Visibility &operator=(const Visibility &) = delete;

    struct PostRow
    {
        qint64 id = 0, author = 0;
        bool hidden = false, deleted = false;
    };
    // The post as the viewer may see it, or 404.
    PostRow requireVisiblePost(qint64 id, const Viewer &v);

    struct CommentRow
    {
        qint64 id = 0, postId = 0, rootId = 0, parentId = 0, floor = 0, author = 0;
        bool hidden = false, floorHidden = false, deleted = false;
        bool visible() const { return !hidden && !floorHidden && !deleted; }
    };
    // The comment whatever its state, or nullopt when there is no such id.
    std::optional<CommentRow> commentRow(qint64 id);
    // The comment (on a post) as the viewer may see it, or 404.
    CommentRow requireVisibleComment(qint64 id, const Viewer &v);

private:
    Database &m_db;
};

} // namespace threadline::server

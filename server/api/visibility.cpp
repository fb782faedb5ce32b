// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "api/visibility.h"

#include "api/response.h"
#include "db/database.h"

namespace threadline::server {

Visibility::Visibility(Database &db)
    : m_db(db)
{
}

Visibility::PostRow Visibility::requireVisiblePost(qint64 id, const Viewer &v)
{
    const auto row = m_db.one(
        QStringLiteral("SELECT id, author, hidden, deleted FROM posts WHERE id = ?"), {id});
    if (!row || row->at(3).toInt() != 0 || (row->at(2).toInt() != 0 && !v.moderator))
        fail(404, QStringLiteral("no such post"));
    return PostRow{id, row->at(1).toLongLong(), row->at(2).toInt() != 0, false};
}

std::optional<Visibility::CommentRow> Visibility::commentRow(qint64 id)
{
    const auto r =
        m_db.one(QStringLiteral("SELECT id, post_id, root_id, parent_id, floor, author, hidden,"
                                " floor_hidden, deleted FROM comments WHERE id = ?"),
                 {id});
    if (!r)
        return std::nullopt;
    CommentRow c;
    c.id = id;
    c.postId = r->at(1).toLongLong();
    c.rootId = r->at(2).toLongLong();
    c.parentId = r->at(3).toLongLong();
    c.floor = r->at(4).toLongLong();
    c.author = r->at(5).toLongLong();
    c.hidden = r->at(6).toInt() != 0;
    c.floorHidden = r->at(7).toInt() != 0;
    c.deleted = r->at(8).toInt() != 0;
    return c;
}

Visibility::CommentRow Visibility::requireVisibleComment(qint64 id, const Viewer &v)
{
    const auto c = commentRow(id);
    if (!c || c->deleted || ((c->hidden || c->floorHidden) && !v.moderator))
        fail(404, QStringLiteral("no such comment"));
    const auto p =
        m_db.one(QStringLiteral("SELECT hidden, deleted FROM posts WHERE id = ?"), {c->postId});
    if (!p || p->at(1).toInt() != 0 || (p->at(0).toInt() != 0 && !v.moderator))
        fail(404, QStringLiteral("no such comment"));
    return *c;
}

} // namespace threadline::server

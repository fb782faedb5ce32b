// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "moderation/moderationcontext.h"

#include "net/apiclient.h"
#include "net/endpoints.h"
#include "wire/jsoncodec.h"

#include <algorithm>

namespace threadline::models {

using core::ApiError;
using core::Comment;
using core::Post;
using core::QueueItem;
using core::TargetType;

namespace {

bool bySeq(const ModerationContext::Line &a, const ModerationContext::Line &b)
{
    return a.seq != b.seq ? a.seq < b.seq : a.id < b.id;
}

// A 2xx answer that does not decode is the client's Decode error.
template<class T> ApiError decodeError(const core::Result<T> &decoded)
{
    return ApiError::decode(decoded.error().toString());
}

} // namespace

ModerationContext::ModerationContext(core::ApiClient *api, QObject *parent)
    : QObject(parent)
    , m_api(api)
{
}

ModerationContext::Line ModerationContext::lineOf(const Comment &comment, bool target)
{
    Line l;
    l.kind = comment.isRoot() ? Kind::Root : Kind::Reply;
    l.id = comment.id;
    l.floor = comment.floor;
    l.seq = comment.seq;
    l.author = comment.author.nickName;
    l.replyTo = comment.replyTo ? comment.replyTo->nickName : QString();
    l.text = comment.content;
    l.createtime = comment.createtime;
    l.target = target;
    l.hidden = comment.status == Comment::Status::Hidden;
    l.count = comment.isRoot() ? comment.replyCount : 0;
    return l;
}

ModerationContext::Line ModerationContext::lineOf(const Post &post, bool target)
{
    Line l;
    l.kind = Kind::Post;
    l.id = post.id;
    l.author = post.author.nickName;
    l.text = post.content;
    l.createtime = post.createtime;
    l.target = target;
    l.hidden = post.hidden;
    l.count = post.commentCount;
    return l;
}

ModerationContext::Line ModerationContext::lineOf(const core::Message &message, bool target)
{
    Line l;
    l.kind = Kind::Message;
    l.id = message.id;
    l.author = message.author.nickName;
    l.text = message.content;
    l.createtime = message.createtime;
    l.target = target;
    l.hidden = message.hidden;
    l.board = message.board.nickName;
    return l;
}

core::TargetType ModerationContext::targetType() const
{
    return m_item ? m_item->targetType : TargetType::Post;
}

void ModerationContext::show(const QueueItem &item)
{
    if (m_item && m_item->id == item.id && m_item->target == item.target &&
        m_item->post == item.post && m_state != State::Failed) {
        m_item = item; // reports may have changed: nothing the context shows
        return;
    }
    m_item = item;
    if (const Post *p = item.targetPost())
        m_post = lineOf(*p, true);
    else if (item.post)
        m_post = lineOf(*item.post, false);
    else
        m_post.reset();
    load();
}

void ModerationContext::clear()
{
    ++m_generation;
    abortRequests();
    const bool was = m_state != State::Empty;
    m_item.reset();
    m_post.reset();
    m_lines.clear();
    m_moreBefore = m_moreAfter = 0;
    m_error = {};
    m_state = State::Empty;
    if (was)
        Q_EMIT changed();
}

void ModerationContext::reload()
{
    if (m_item)
        load();
}

void ModerationContext::abortRequests()
{
    for (QPointer<core::ApiReply> *r : {&m_rootReply, &m_windowReply}) {
        if (core::ApiReply *reply = r->data()) {
            *r = nullptr;
            reply->disconnect(this);
            reply->abort();
        }
    }
}

void ModerationContext::load()
{
    const quint64 generation = ++m_generation;
    abortRequests();
    m_lines.clear();
    m_head.reset();
    m_window.reset();
    m_moreBefore = m_moreAfter = 0;
    m_windowBefore = m_windowAfter = 0;
    m_error = {};

    const Comment *comment = m_item->targetComment();
    if (!m_item->target) { // deleted: there is nothing to place it in
        m_state = State::Ready;
        Q_EMIT changed();
        return;
    }
    if (const core::Message *message = m_item->targetMessage()) { // on a board: no floor
        m_lines = {lineOf(*message, true)};
        m_state = State::Ready;
        Q_EMIT changed();
        return;
    }
    m_state = State::Loading;

    core::endpoint::FloorsQuery floors;
    qint64 postId = m_item->targetId;
    if (m_item->targetType == TargetType::Post) {
        floors.limit = kPostFloors;
        floors.replies = 0;
    } else {
        // the floor's root (a root target: with its first replies)
        postId = comment->postId;
        floors.after = std::max<qint64>(comment->floor - 1, 0);
        floors.limit = 1;
        floors.replies = comment->isRoot() ? kRootReplies : 0;
    }
    core::ApiReply *root = m_api->send(core::endpoint::floors(postId, floors), this);
    m_rootReply = root;
    connect(root, &core::ApiReply::finished, this,
            [this, root, generation] { onRootPage(root, generation); });

    if (comment && !comment->isRoot()) {
        // a window of the floor around the reply: kWindowBack seq numbers before it (room for
        // gaps), the reply, then one more than the neighbours shown (to know of later ones)
        const qint64 after = std::max<qint64>(comment->seq - 1 - kWindowBack, 0);
        const int limit = int(comment->seq - 1 - after) + 1 + kNeighbours + 1;
        core::ApiReply *window =
            m_api->send(core::endpoint::replies(comment->rootId, limit, after), this);
        m_windowReply = window;
        m_windowBefore = after;
        connect(window, &core::ApiReply::finished, this,
                [this, window, generation] { onReplyWindow(window, generation); });
    } else {
        m_window = QList<Line>(); // nothing more to ask
    }
    Q_EMIT changed();
}

void ModerationContext::onRootPage(core::ApiReply *reply, quint64 generation)
{
    if (generation != m_generation || reply != m_rootReply)
        return; // an answer about an item no longer shown
    m_rootReply = nullptr;
    if (!reply->ok())
        return fail(reply->error());
    auto decoded = core::decodeFloorPage(reply->body());
    if (!decoded.ok())
        return fail(decodeError(decoded));
    const core::FloorPage &page = decoded.value();
    QList<Line> head;
    if (m_item->targetType == TargetType::Post) {
        for (const Comment &c : page.roots)
            head.append(lineOf(c, false));
        m_moreAfter = std::max<qint64>(page.totalRoots - qint64(page.roots.size()), 0);
    } else {
        const Comment &target = *m_item->targetComment();
        const qint64 rootId = target.isRoot() ? target.id : target.rootId;
        const auto it = std::find_if(page.roots.cbegin(), page.roots.cend(),
                                     [rootId](const Comment &c) { return c.id == rootId; });
        if (it != page.roots.cend())
            head.append(lineOf(*it, target.isRoot()));
        else if (target.isRoot())
            head.append(lineOf(target, true)); // the server no longer lists it: as the item has it
        // else: the floor's root is gone; its replies still stand
        if (target.isRoot()) {
            QList<Line> replies;
            qint64 visible = 0;
            for (const Comment &c : page.replies) {
                if (c.rootId != rootId)
                    continue;
                replies.append(lineOf(c, false));
                visible += c.status == Comment::Status::Visible ? 1 : 0;
            }
            std::sort(replies.begin(), replies.end(), bySeq);
            head += replies;
            const qint64 total = head.isEmpty() ? 0 : head.first().count;
            m_moreAfter = std::max<qint64>(total - visible, 0);
        }
    }
    m_head = head;
    finishIfComplete();
}

void ModerationContext::onReplyWindow(core::ApiReply *reply, quint64 generation)
{
    if (generation != m_generation || reply != m_windowReply)
        return;
    m_windowReply = nullptr;
    const Comment &target = *m_item->targetComment();
    QList<Line> items;
    if (!reply->ok()) {
        const ApiError e = reply->error();
        if (e.kind != ApiError::Kind::Http || e.status != 404)
            return fail(e);
        // 404: the floor's root is gone; the reply is shown alone
    } else {
        auto decoded = core::decodeReplyPage(reply->body());
        if (!decoded.ok())
            return fail(decodeError(decoded));
        for (const Comment &c : decoded.value().items)
            items.append(lineOf(c, c.id == target.id));
        std::sort(items.begin(), items.end(), bySeq);
    }
    qsizetype t = -1;
    for (qsizetype i = 0; i < items.size(); ++i)
        if (items.at(i).target)
            t = i;
    if (t < 0) { // not listed (deleted meanwhile): in its place, as the item has it
        const Line line = lineOf(target, true);
        const auto at = std::lower_bound(items.begin(), items.end(), line, bySeq);
        t = at - items.begin();
        items.insert(t, line);
    }
    const qsizetype first = std::max<qsizetype>(t - kNeighbours, 0);
    const qsizetype last = std::min<qsizetype>(t + kNeighbours, items.size() - 1);
    m_moreBefore = (first > 0 || m_windowBefore > 0) ? 1 : 0;
    // the window asks for one more than is shown after the reply: a later one is there or not
    m_moreAfter = last < items.size() - 1 ? 1 : 0;
    m_window = items.mid(first, last - first + 1);
    finishIfComplete();
}

void ModerationContext::fail(const ApiError &error)
{
    ++m_generation; // the other answer, if any, is of no use now
    abortRequests();
    m_error = error;
    m_state = State::Failed;
    m_lines.clear();
    Q_EMIT changed();
}

void ModerationContext::finishIfComplete()
{
    if (!m_head || !m_window)
        return;
    m_lines = *m_head + *m_window;
    m_head.reset();
    m_window.reset();
    m_state = State::Ready;
    Q_EMIT changed();
}

} // namespace threadline::models

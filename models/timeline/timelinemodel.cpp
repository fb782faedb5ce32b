// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "timeline/timelinemodel.h"

#include "common/rolenames.h"

#include "common/timeticker.h"
#include "wire/usertext.h"

#include <QCoreApplication>
#include <QMetaEnum>
#include <QSet>
#include <algorithm>
#include <climits>
#include <utility>

namespace threadline::models {

using core::Post;
using core::PostStore;

TimelineModel::TimelineModel(PostStore *store, QObject *parent)
    : QAbstractListModel(parent)
    , m_store(store)
{
    connect(m_store, &PostStore::postChanged, this, &TimelineModel::onPostChanged);
    connect(m_store, &PostStore::postRemoved, this, &TimelineModel::onPostRemoved);
    connect(m_store, &PostStore::postAdded, this, &TimelineModel::onPostAdded);
    connect(m_store, &PostStore::postIdChanged, this, &TimelineModel::onPostIdChanged);
}

void TimelineModel::setShowsMyPendingPosts(bool show)
{
    m_showPending = show;
}

int TimelineModel::pendingRows() const
{
    int n = 0;
    while (n < m_ids.size() && m_ids.at(n) < 0)
        ++n;
    return n;
}

void TimelineModel::onPostAdded(qint64 postId)
{
    if (m_showPending && postId < 0) // my new post: on top at once, marked sending
        insertAt(0, {postId});
}

void TimelineModel::onPostIdChanged(qint64 localId, qint64 serverId)
{
    const int row = rowOf(localId);
    if (row < 0)
        return;
    m_rowOf.remove(localId);
    if (m_rowOf.contains(serverId)) { // a refresh brought the server's post first
        beginRemoveRows({}, row, row);
        m_ids.removeAt(row);
        endRemoveRows();
        reindexFrom(row);
        return;
    }
    m_ids[row] = serverId;
    m_rowOf.insert(serverId, row);
    Q_EMIT dataChanged(index(row), index(row)); // confirmed: every role may have changed
}

void TimelineModel::setInlineCommentCount(int n)
{
    n = std::clamp(n, 3, 5);
    if (n == m_inline)
        return;
    m_inline = n;
    if (!m_ids.isEmpty())
        Q_EMIT dataChanged(index(0), index(int(m_ids.size()) - 1), {InlineCommentsRole});
}

void TimelineModel::setHighlight(const QString &text)
{
    if (text == m_highlight)
        return;
    m_highlight = text;
    if (!m_ids.isEmpty())
        Q_EMIT dataChanged(index(0), index(int(m_ids.size()) - 1),
                           {HighlightRole, InlineCommentsRole});
}

void TimelineModel::addMatchedComments(qint64 postId, const QList<core::Comment> &comments)
{
    QList<core::Comment> &matched = m_matched[postId];
    bool added = false;
    for (const core::Comment &c : comments) {
        const bool known = std::any_of(matched.cbegin(), matched.cend(),
                                       [&c](const core::Comment &m) { return m.id == c.id; });
        if (!known) {
            matched.append(c);
            added = true;
        }
    }
    if (const int row = rowOf(postId); added && row >= 0)
        Q_EMIT dataChanged(index(row), index(row), {InlineCommentsRole, MatchedCommentRole});
}

void TimelineModel::clearMatchedComments()
{
    const QHash<qint64, QList<core::Comment>> before = std::exchange(m_matched, {});
    for (auto it = before.cbegin(); it != before.cend(); ++it)
        if (const int row = rowOf(it.key()); row >= 0)
            Q_EMIT dataChanged(index(row), index(row), {InlineCommentsRole, MatchedCommentRole});
}

void TimelineModel::setRanking(Ranking ranking)
{
    if (ranking == m_ranking)
        return;
    m_ranking = ranking;
    if (!m_ids.isEmpty())
        Q_EMIT dataChanged(index(0), index(int(m_ids.size()) - 1),
                           {RankRole, HotCountRole, RankFigureRole});
}

void TimelineModel::setHotCounts(const QHash<qint64, qint64> &counts)
{
    const QHash<qint64, qint64> before = std::exchange(m_hotCounts, counts);
    for (int row = 0; row < int(m_ids.size()); ++row) {
        const qint64 id = m_ids.at(row);
        if (before.value(id, -1) != m_hotCounts.value(id, -1))
            Q_EMIT dataChanged(index(row), index(row), {HotCountRole, RankFigureRole});
    }
}

QString TimelineModel::rankFigure(qint64 count) const
{
    if (count < 0)
        return {};
    const int n = int(std::min<qint64>(count, INT_MAX));
    switch (m_ranking) {
    case Ranking::None:
        return {};
    case Ranking::LikesToday:
        return QCoreApplication::translate("TimelineModel", "%Ln like(s) today", nullptr, n);
    case Ranking::LikesThisWeek:
        return QCoreApplication::translate("TimelineModel", "%Ln like(s) this week", nullptr, n);
    case Ranking::ViewsToday:
        return QCoreApplication::translate("TimelineModel", "%Ln view(s) today", nullptr, n);
    case Ranking::ViewsThisWeek:
        return QCoreApplication::translate("TimelineModel", "%Ln view(s) this week", nullptr, n);
    }
    return {};
}

qint64 TimelineModel::postIdAt(int row) const
{
    return row >= 0 && row < m_ids.size() ? m_ids.at(row) : 0;
}

void TimelineModel::reindexFrom(int row)
{
    for (int i = row; i < int(m_ids.size()); ++i)
        m_rowOf.insert(m_ids.at(i), i);
}

void TimelineModel::setPosts(const QList<qint64> &ids)
{
    beginResetModel();
    const QList<qint64> pending = m_ids.mid(0, pendingRows());
    m_ids.clear();
    m_rowOf.clear();
    for (qint64 id : pending + ids)
        if (!m_rowOf.contains(id) && m_store->containsPost(id)) {
            m_rowOf.insert(id, int(m_ids.size()));
            m_ids.append(id);
        }
    m_fetching = false;
    endResetModel();
}

void TimelineModel::insertAt(int row, const QList<qint64> &ids)
{
    QList<qint64> fresh;
    QSet<qint64> seen;
    for (qint64 id : ids)
        if (!m_rowOf.contains(id) && !seen.contains(id) && m_store->containsPost(id)) {
            fresh.append(id);
            seen.insert(id);
        }
    if (fresh.isEmpty()) // rows are inserted only for a non-empty batch
        return;
    beginInsertRows({}, row, row + int(fresh.size()) - 1);
    m_ids.insert(row, fresh.size(), 0);
    std::copy(fresh.cbegin(), fresh.cend(), m_ids.begin() + row);
    endInsertRows();
    reindexFrom(row);
}

void TimelineModel::appendPosts(const QList<qint64> &ids)
{
    m_fetching = false;
    insertAt(int(m_ids.size()), ids);
}

void TimelineModel::prependPosts(const QList<qint64> &ids)
{
    insertAt(pendingRows(), ids);
}

int TimelineModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_ids.size());
}

bool TimelineModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && m_hasMore && !m_fetching;
}

void TimelineModel::fetchMore(const QModelIndex &parent)
{
    if (!canFetchMore(parent))
        return;
    m_fetching = true;
    Q_EMIT moreRequested();
}

namespace {
QString countOr(qint64 n, const char *placeholder)
{
    return n > 0 ? QString::number(n) : QCoreApplication::translate("TimelineModel", placeholder);
}

QStringList distinctLikers(const Post &p)
{
    QStringList names;
    QSet<qint64> seen;
    for (const core::Like &l : p.likes) {
        if (seen.contains(l.user.uid))
            continue;
        seen.insert(l.user.uid);
        names.append(l.user.nickName);
    }
    return names;
}

QVariantList inlineComments(const Post &p, int n, const QList<core::Comment> &matched)
{
    QList<core::Comment> comments = matched.isEmpty() ? p.comments : matched;
    core::sortNewestFirst(comments);
    if (comments.size() > n)
        comments.resize(n);
    QVariantList out;
    for (auto it = comments.crbegin(); it != comments.crend(); ++it) // shown in time order
        out.append(QVariantMap{
            {QStringLiteral("id"), it->id},
            {QStringLiteral("author"), it->author.nickName},
            {QStringLiteral("replyTo"), it->replyTo ? it->replyTo->nickName : QString()},
            {QStringLiteral("content"), it->content},
            {QStringLiteral("createtime"), it->createtime},
            {QStringLiteral("matched"), !matched.isEmpty()}});
    return out;
}
} // namespace

QVariant TimelineModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto p = m_store->post(m_ids.at(index.row()));
    if (!p)
        return {};
    switch (role) {
    case Qt::DisplayRole:
    case ContentRole:
        return p->content;
    case UnsupportedRole:
        if (p->category != core::Post::Category::Unknown)
            return QString();
        //: A post of a kind from a newer server: its kind as the server names it (VIDEO)
        return QCoreApplication::translate("TimelineModel",
                                           "This kind of post (%1) is not supported yet.")
            .arg(p->categoryWord);
    case Qt::AccessibleTextRole: // what a screen reader says of the card
        return QCoreApplication::translate("TimelineModel", "%1: %2. %3 · %4 · %5")
            .arg(p->author.nickName,
                 p->content.isEmpty() ? QCoreApplication::translate("TimelineModel", "Pictures")
                                      : p->content,
                 QCoreApplication::translate("TimelineModel", "%n like(s)", nullptr,
                                             int(p->likeCount)),
                 QCoreApplication::translate("TimelineModel", "%n comment(s)", nullptr,
                                             int(p->commentCount)),
                 m_labels.text(p->id, p->createtime));
    case IdRole:
        return p->id;
    case AuthorIdRole:
        return p->author.uid;
    case AuthorNameRole:
        return p->author.nickName;
    case AvatarUrlRole:
        return p->author.headImg;
    case PictureUrlsRole:
        return QStringList(p->pictureUrls.mid(0, 9));
    case ExtraPicturesRole:
        return std::max(0, int(p->pictureUrls.size()) - 9);
    case DeviceRole:
        return p->device;
    case CreatedTimeRole:
        return p->createtime;
    case LikedRole:
        return p->liked;
    case LikeCountRole:
        return p->likeCount;
    case LikeTextRole:
        return countOr(p->likeCount, QT_TRANSLATE_NOOP("TimelineModel", "Like"));
    case LikerNamesRole:
        return distinctLikers(*p);
    case CommentCountRole:
        return p->commentCount;
    case CommentTextRole:
        return countOr(p->commentCount, QT_TRANSLATE_NOOP("TimelineModel", "Reply"));
    case InlineCommentsRole:
        return inlineComments(*p, m_inline, m_matched.value(p->id));
    case HighlightRole:
        return m_highlight;
    case MatchedCommentRole: {
        QList<core::Comment> matched = m_matched.value(p->id);
        core::sortNewestFirst(matched);
        return matched.isEmpty() ? qint64(0) : matched.constFirst().id;
    }
    case PendingRole:
        return int(m_store->pendingState(p->id));
    case HiddenRole:
        return p->hidden;
    case ModerationReasonRole:
        return p->hidden && p->moderation ? core::sanitizedText(p->moderation->reason) : QString();
    case RelativeTimeRole: {
        return m_labels.text(p->id, p->createtime);
    }
    case RankRole:
        return m_ranking == Ranking::None ? 0 : index.row() + 1;
    case HotCountRole:
        return m_ranking == Ranking::None ? qint64(-1) : m_hotCounts.value(p->id, -1);
    case RankFigureRole:
        return m_ranking == Ranking::None ? QString() : rankFigure(m_hotCounts.value(p->id, -1));
    }
    return {};
}

QHash<int, QByteArray> TimelineModel::roleNames() const
{
    return roleNamesOf<Role>(QAbstractListModel::roleNames(), RoleSpelling::EnumKey);
}

void TimelineModel::setTicker(TimeTicker *ticker, const RelativeTime &format)
{
    TimeTicker *previous = m_labels.ticker();
    m_labels.set(ticker, format);
    hookUpTicker(this, previous, ticker, [this](qint64 nowMs) { onTick(nowMs); });
}

void TimelineModel::onTick(qint64 nowMs)
{
    qint64 nextDue = -1;
    m_labels.tick(
        int(m_ids.size()), nowMs,
        [this](int row) -> std::optional<std::pair<qint64, qint64>> {
            const auto p = m_store->post(m_ids.at(row));
            return p ? std::optional(std::pair(p->id, p->createtime)) : std::nullopt;
        },
        [this](int first, int last) {
            Q_EMIT dataChanged(index(first), index(last), {RelativeTimeRole});
        },
        nextDue);
    m_labels.arm(nextDue);
}

QList<int> TimelineModel::rolesFor(PostStore::Fields fields)
{
    QList<int> roles;
    if (fields & PostStore::Field::Content)
        roles << Qt::DisplayRole << ContentRole << AuthorIdRole << AuthorNameRole << AvatarUrlRole
              << PictureUrlsRole << ExtraPicturesRole << DeviceRole << CreatedTimeRole;
    if (fields & PostStore::Field::Likes)
        roles << LikedRole << LikeCountRole << LikeTextRole << LikerNamesRole;
    if (fields & PostStore::Field::Comments)
        roles << CommentCountRole << CommentTextRole << InlineCommentsRole;
    if (fields & PostStore::Field::Hidden)
        roles << HiddenRole << ModerationReasonRole;
    if (fields & PostStore::Field::Pending)
        roles << PendingRole;
    return roles;
}

void TimelineModel::onPostChanged(qint64 postId, PostStore::Fields fields)
{
    const int row = rowOf(postId);
    if (row < 0)
        return;
    const QModelIndex i = index(row);
    Q_EMIT dataChanged(i, i, rolesFor(fields));
}

void TimelineModel::onPostRemoved(qint64 postId)
{
    const int row = rowOf(postId);
    if (row < 0)
        return;
    beginRemoveRows({}, row, row);
    m_ids.removeAt(row);
    m_rowOf.remove(postId);
    endRemoveRows();
    reindexFrom(row);
    if (m_ranking != Ranking::None && row < int(m_ids.size())) // the rows below move up a rank
        Q_EMIT dataChanged(index(row), index(int(m_ids.size()) - 1), {RankRole});
}

} // namespace threadline::models

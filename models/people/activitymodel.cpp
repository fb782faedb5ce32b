// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "people/activitymodel.h"

#include "common/rolenames.h"
#include "wire/usertext.h"

#include "net/apiclient.h"
#include "net/endpoints.h"
#include "wire/jsoncodec.h"

#include <QMetaEnum>

namespace threadline::models {

using core::Activity;
using core::ApiReply;

ActivityModel::ActivityModel(QObject *parent)
    : PagedListModel(parent)
{
}

QString ActivityModel::text(const Activity &a)
{
    const QString actor = core::shownName(a.actor.nickName);
    const bool ownPost = a.postAuthor && a.postAuthor->uid == a.actor.uid;
    const QString author = a.postAuthor ? core::shownName(a.postAuthor->nickName) : QString();
    switch (a.type) {
    case Activity::Type::Post:
        return tr("%1 posted").arg(actor);
    case Activity::Type::Comment:
        if (ownPost)
            return tr("%1 commented on their own post").arg(actor);
        return a.postAuthor ? tr("%1 commented on %2's post").arg(actor, author)
                            : tr("%1 commented on a post").arg(actor);
    case Activity::Type::Like:
        if (ownPost)
            return tr("%1 liked their own post").arg(actor);
        return a.postAuthor ? tr("%1 liked %2's post").arg(actor, author)
                            : tr("%1 liked a post").arg(actor);
    case Activity::Type::Follow:
        return a.targetUser
                   ? tr("%1 followed %2").arg(actor, core::shownName(a.targetUser->nickName))
                   : tr("%1 followed someone").arg(actor);
    case Activity::Type::Reply:
        if (ownPost)
            return tr("%1 replied to a comment on their own post").arg(actor);
        return a.postAuthor ? tr("%1 replied to a comment on %2's post").arg(actor, author)
                            : tr("%1 replied to a comment").arg(actor);
    case Activity::Type::Message:
        return a.targetUser ? tr("%1 left a message for %2")
                                  .arg(actor, core::shownName(a.targetUser->nickName))
                            : tr("%1 left a message").arg(actor);
    case Activity::Type::Topic:
        return a.topic.isEmpty()
                   ? tr("%1 posted in a topic").arg(actor)
                   : tr("%1 posted in #%2").arg(actor, core::shownName(a.topic.left(40)));
    case Activity::Type::Unknown:
        break;
    }
    // A kind this version does not know: who, and that it cannot be shown yet.
    return tr("%1 did something of a kind this version does not support yet (\"%2\")")
        .arg(actor, core::shownName(a.typeName.left(40)));
}

void ActivityModel::prependEntries(const QList<Activity> &entries)
{
    insertItems(0, entries);
}

qint64 ActivityModel::idAt(int row) const
{
    return row >= 0 && row < rowCount() ? at(row).id : 0;
}

QVariant ActivityModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Activity &a = at(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case TextRole:
        return text(a);
    case Qt::AccessibleTextRole: { // what a screen reader says: the sentence, its quote, when
        const QString summary = data(index, SummaryRole).toString();
        //: An activity row for a screen reader: "李四 liked 王五's post: “the text”. 5 minutes ago"
        return summary.isEmpty()
                   ? tr("%1. %2").arg(text(a), data(index, RelativeTimeRole).toString())
                   : tr("%1: “%2”. %3")
                         .arg(text(a), summary, data(index, RelativeTimeRole).toString());
    }
    case IdRole:
        return a.id;
    case TypeRole:
        switch (a.type) {
        case Activity::Type::Post:
            return QStringLiteral("post");
        case Activity::Type::Comment:
            return QStringLiteral("comment");
        case Activity::Type::Like:
            return QStringLiteral("like");
        case Activity::Type::Follow:
            return QStringLiteral("follow");
        case Activity::Type::Reply:
            return QStringLiteral("reply");
        case Activity::Type::Message:
            return QStringLiteral("message");
        case Activity::Type::Topic:
            return QStringLiteral("topic");
        case Activity::Type::Unknown:
            return a.typeName;
        }
        return {};
    case ChannelRole:
        return a.channel;
    case SupportedRole:
        return a.type != Activity::Type::Unknown;
    case TopicRole:
        return a.topic;
    case ActorIdRole:
        return a.actor.uid;
    case ActorNameRole:
        return a.actor.nickName;
    case ActorAvatarRole:
        return a.actor.headImg;
    case PostIdRole:
        return a.postId.value_or(0);
    case CommentIdRole:
        return a.commentId.value_or(0);
    case TargetUserIdRole:
        return a.targetUser ? a.targetUser->uid : qint64(0);
    case TargetUserNameRole:
        return a.targetUser ? a.targetUser->nickName : QString();
    case CreatedTimeRole:
        return a.createtime;
    case PostAuthorIdRole:
        return a.postAuthor ? a.postAuthor->uid : qint64(0);
    case PostAuthorNameRole:
        return a.postAuthor ? a.postAuthor->nickName : QString();
    case SummaryRole:
        return core::sanitizedText(a.summary);
    case ThumbnailRole:
        return a.thumbnail;
    case RelativeTimeRole:
        return m_labels.text(a.id, a.createtime);
    case OpenTargetRole:
        if (a.type == Activity::Type::Follow || a.type == Activity::Type::Message)
            return a.targetUser ? QStringLiteral("profile") : QString();
        if (a.type == Activity::Type::Topic && !a.postId && !a.topic.isEmpty())
            return QStringLiteral("topic");
        return a.postId ? QStringLiteral("post") : QString();
    }
    return {};
}

void ActivityModel::setTicker(TimeTicker *ticker, const RelativeTime &format)
{
    TimeTicker *previous = m_labels.ticker();
    m_labels.set(ticker, format);
    hookUpTicker(this, previous, ticker, [this](qint64 nowMs) { onTick(nowMs); });
}

void ActivityModel::onTick(qint64 nowMs)
{
    qint64 nextDue = -1;
    m_labels.tick(
        rowCount(), nowMs,
        [this](int row) -> std::optional<std::pair<qint64, qint64>> {
            const Activity &a = at(row);
            return std::pair(a.id, a.createtime);
        },
        [this](int first, int last) {
            Q_EMIT dataChanged(index(first), index(last), {RelativeTimeRole});
        },
        nextDue);
    m_labels.arm(nextDue);
}

QHash<int, QByteArray> ActivityModel::roleNames() const
{
    return roleNamesOf<Role>(QAbstractListModel::roleNames(), RoleSpelling::EnumKey);
}

// ---- ActivityFeed ----------------------------------------------------------------------------

ActivityFeed::ActivityFeed(core::ApiClient *api, ActivityModel *model, QObject *parent)
    : PagedFeed(model, std::bind_front(&ActivityFeed::activityPage, this),
                qOverload<const QByteArray &>(&core::decodeActivityPage), kDefaultPageSize, parent)
    , m_api(api)
{
    setMergesRefresh(true);
    connect(this, &PagedFeedBase::loadingChanged, this, &ActivityFeed::busyChanged);
    connect(this, &PagedFeedBase::loaded, this, [this](bool first, int added) {
        if (first)
            Q_EMIT refreshed(added);
        else
            Q_EMIT pageLoaded(added);
    });
    connect(this, &PagedFeedBase::loadFailed, this, [this](const QString &message) {
        using Scope = core::endpoint::ActivityQuery::Scope;
        QString text;
        switch (m_query.scope) {
        case Scope::Following:
            text = tr("Could not load the activity of people you follow: %1").arg(message);
            break;
        case Scope::All:
            text = tr("Could not load everyone's activity: %1").arg(message);
            break;
        case Scope::User:
            text = tr("Could not load this person's activity: %1").arg(message);
            break;
        case Scope::Mine:
            text = tr("Could not load your activity: %1").arg(message);
            break;
        }
        Q_EMIT error(describeFailure(text, message));
    });
}

void ActivityFeed::setQuery(const core::endpoint::ActivityQuery &query)
{
    if (query == m_query)
        return;
    m_query = query;
    // Start over: nothing of the old scope's answers may land in the new list.
    model()->clear();
    setMergesRefresh(false);
    refresh(); // drops the first page and a further page in flight
    setMergesRefresh(true);
}

ApiReply *ActivityFeed::activityPage(const std::optional<QString> &cursor, QObject *owner) const
{
    return m_api->send(core::endpoint::activity(m_query, pageSize(), cursor), owner);
}

int ActivityFeed::takeFirstPage(const QList<Activity> &items, const std::optional<QString> &next)
{
    // New entries on top: those before the first one already listed. When none is listed
    // (a first load, or a gap) the page replaces everything.
    qsizetype known = 0;
    while (known < items.size() && !model()->contains(items.at(known).id))
        ++known;
    if (model()->rowCount() == 0) {
        model()->appendPage(items, next); // inserted, no reset needed
        return int(items.size());
    }
    if (known == items.size()) {
        abandonPage(); // a page after the old list: no longer wanted
        model()->replaceAll(items, next);
        return int(items.size());
    }
    model()->prependEntries(items.mid(0, known));
    return int(known);
}

} // namespace threadline::models

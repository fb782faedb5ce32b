// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "feeds.h"

#include "cache/cache.h"
#include "common/timeticker.h"
#include "faultcontrol.h"
#include "moderation/devicetablemodel.h"
#include "moderation/moderationcontext.h"
#include "moderation/moderationlogmodel.h"
#include "moderation/moderationqueuemodel.h"
#include "notifications/notificationsmodel.h"
#include "outboxmodel.h"
#include "people/activitymodel.h"
#include "people/activitystatsfeed.h"
#include "people/messageboardmodel.h"
#include "people/pendingfollows.h"
#include "people/profileloader.h"
#include "people/statspeoplemodel.h"
#include "rankings/rankingfeed.h"
#include "search/searchfeed.h"
#include "search/searchpeoplemodel.h"
#include "thread/threadloader.h"
#include "timeline/historymodel.h"
#include "timeline/likersmodel.h"
#include "timeline/timelinefeed.h"
#include "timeline/timelinemodel.h"
#include "topics/topicloader.h"

namespace threadline::models {

Feeds::Feeds(const Parts &parts, QObject *parent)
    : QObject(parent)
    , m_parts(parts)
    , m_ticker(new TimeTicker(this))
    , m_faults(new FaultControl(parts.api, this))
{
}

Feeds::~Feeds() = default;

TimelineModel *Feeds::timelineModel(QObject *parent) const
{
    return new TimelineModel(m_parts.store, parent);
}

TimelineFeed *Feeds::timelineFeed(TimelineModel *model, QObject *parent) const
{
    return new TimelineFeed(m_parts.api, m_parts.cache, m_parts.store, model, parent);
}

HistoryModel *Feeds::history(QObject *parent) const
{
    return new HistoryModel(m_parts.api, m_parts.cache, m_parts.store, parent);
}

ThreadLoader *Feeds::threadLoader(CommentTreeModel *model, QObject *parent) const
{
    return new ThreadLoader(m_parts.api, m_parts.cache, m_parts.store, model, parent);
}

LikersFeed *Feeds::likers(LikersModel *model, qint64 postId, QObject *parent) const
{
    return new LikersFeed(m_parts.api, model, postId, parent);
}

LikersFeed *Feeds::follows(LikersModel *model, qint64 uid, bool followers, QObject *parent) const
{
    auto *feed = new LikersFeed(
        m_parts.api, model,
        followers ? LikersFeed::Source::Followers : LikersFeed::Source::Following, uid, parent);
    const QString key =
        (followers ? QStringLiteral("followers:%1") : QStringLiteral("following:%1")).arg(uid);
    feed->setSavedCopy(m_parts.cache, [key] { return key; });
    return feed;
}

ActivityFeed *Feeds::activity(ActivityModel *model, QObject *parent) const
{
    auto *feed = new ActivityFeed(m_parts.api, model, parent);
    feed->setSavedCopy(m_parts.cache, [feed] {
        const ActivityQuery &q = feed->query();
        return QStringLiteral("activity:%1:%2:%3")
            .arg(int(q.scope))
            .arg(q.uid)
            .arg(q.types.join(QLatin1Char(',')));
    });
    return feed;
}

ProfileLoader *Feeds::profileLoader(QObject *parent) const
{
    return new ProfileLoader(m_parts.api, parent);
}

TopicLoader *Feeds::topicLoader(QObject *parent) const
{
    return new TopicLoader(m_parts.api, m_parts.outbox, parent);
}

PendingFollows *Feeds::pendingFollows(QObject *parent) const
{
    return new PendingFollows(m_parts.outbox, parent);
}

MessageBoardModel *Feeds::messageBoardModel(QObject *parent) const
{
    return new MessageBoardModel(m_parts.outbox, parent);
}

MessageBoardFeed *Feeds::messageBoard(MessageBoardModel *model, QObject *parent) const
{
    auto *feed = new MessageBoardFeed(m_parts.api, model, parent);
    feed->setSavedCopy(m_parts.cache, [model] {
        return model->board() > 0 ? QStringLiteral("board:%1").arg(model->board()) : QString();
    });
    return feed;
}

UserActivityFeed *Feeds::userActivity(QObject *parent) const
{
    return new UserActivityFeed(m_parts.api, parent);
}

ModerationQueueFeed *Feeds::moderationQueue(ModerationQueueModel *model, QObject *parent) const
{
    return new ModerationQueueFeed(m_parts.api, m_parts.outbox, m_parts.actions, model, parent);
}

ModerationLogFeed *Feeds::moderationLog(ModerationLogModel *model, QObject *parent) const
{
    return new ModerationLogFeed(m_parts.api, model, parent);
}

ModerationContext *Feeds::moderationContext(QObject *parent) const
{
    return new ModerationContext(m_parts.api, parent);
}

ActivityStatsFeed *Feeds::activityStats(QObject *parent) const
{
    return new ActivityStatsFeed(m_parts.api, parent);
}

StatsPeopleFeed *Feeds::statsPeople(StatsPeopleModel *model, QObject *parent) const
{
    return new StatsPeopleFeed(m_parts.api, model, parent);
}

DeviceTableFeed *Feeds::deviceTable(DeviceTableModel *model, QObject *parent) const
{
    return new DeviceTableFeed(m_parts.api, model, parent);
}

RankingFeed *Feeds::ranking(RankingModel *model, QObject *parent) const
{
    return new RankingFeed(m_parts.api, m_parts.cache, model, parent);
}

NotificationsModel *Feeds::notificationsModel(QObject *parent) const
{
    return new NotificationsModel(m_parts.api, m_parts.cache, m_parts.outbox, parent);
}

OutboxModel *Feeds::outboxModel(QObject *parent) const
{
    return new OutboxModel(m_parts.outbox, m_parts.store, parent);
}

void Feeds::clearCachedPosts() const
{
    if (m_parts.cache)
        m_parts.cache->clear();
}

SearchPeopleModel *Feeds::searchPeopleModel(QObject *parent) const
{
    return new SearchPeopleModel(parent);
}

SearchFeed *Feeds::search(TimelineModel *results, SearchPeopleModel *people, QObject *parent) const
{
    return new SearchFeed(m_parts.api, m_parts.cache, m_parts.store, results, people, parent);
}

} // namespace threadline::models

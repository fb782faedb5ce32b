// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What a widget needs from the core, made in one place: every feed, loader and model that
// talks to the server, the cache or the outbox. app/ builds one Feeds from the core's parts and
// hands it to the main window, which hands it (or what it made) to each widget; no widget names
// the API client, the cache or the outbox's sending.
//
//   models::Feeds feeds({core.api(), core.cache(), core.store(), core.outbox(), core.actions()});
//   ui::MainWindow window(&core, &feeds);
//   auto *feed = feeds.timelineFeed(model, this);   // parented like any QObject
//
// Each maker returns a new object owned by `parent`. Any part may be null where a test or a
// benchmark does without it (the object made then behaves as with that part absent).
#pragma once

#include <QObject>

namespace threadline::core {
class Actions;
class ApiClient;
class Cache;
class Outbox;
class PostStore;
} // namespace threadline::core

namespace threadline::models {

class ActivityFeed;
class ActivityModel;
class ActivityStatsFeed;
class StatsPeopleFeed;
class StatsPeopleModel;
class CommentTreeModel;
class DeviceTableFeed;
class DeviceTableModel;
class FaultControl;
class HistoryModel;
class LikersFeed;
class MessageBoardFeed;
class MessageBoardModel;
class LikersModel;
class ModerationContext;
class ModerationLogFeed;
class ModerationLogModel;
class ModerationQueueFeed;
class ModerationQueueModel;
class NotificationsModel;
class OutboxModel;
class PendingFollows;
class ProfileLoader;
class TopicLoader;
class RankingFeed;
class RankingModel;
class SearchFeed;
class SearchPeopleModel;
class ThreadLoader;
class TimeTicker;
class TimelineFeed;
class TimelineModel;
class UserActivityFeed;

class Feeds : public QObject
{
    Q_OBJECT
public:
    struct Parts
    {
        core::ApiClient *api = nullptr;
        core::Cache *cache = nullptr;
        core::PostStore *store = nullptr;
        core::Outbox *outbox = nullptr;
        core::Actions *actions = nullptr;
    };

    explicit Feeds(const Parts &parts, QObject *parent = nullptr);
    ~Feeds() override;

    // What the widgets share: the post store the rows point into, the user's actions (the one
    // path of every action), the app-wide ticker of relative times and QA's fault switches.
    [[nodiscard]] core::PostStore *store() const { return m_parts.store; }
    [[nodiscard]] core::Actions *actions() const { return m_parts.actions; }
    [[nodiscard]] core::Outbox *outbox() const { return m_parts.outbox; }
    [[nodiscard]] TimeTicker *ticker() const { return m_ticker; }
    [[nodiscard]] FaultControl *faults() const { return m_faults; }

    // Timelines and the posts I viewed or liked.
    TimelineModel *timelineModel(QObject *parent) const;
    TimelineFeed *timelineFeed(TimelineModel *model, QObject *parent) const;
    HistoryModel *history(QObject *parent) const;
    // A post's thread; who liked a post.
    ThreadLoader *threadLoader(CommentTreeModel *model, QObject *parent) const;
    LikersFeed *likers(LikersModel *model, qint64 postId, QObject *parent) const;
    // A person's followers (followers true) or the people they follow, as a list of people.
    LikersFeed *follows(LikersModel *model, qint64 uid, bool followers, QObject *parent) const;
    // People: the activity pages, a person's profile, a person's active days (moderators).
    ActivityFeed *activity(ActivityModel *model, QObject *parent) const;
    ProfileLoader *profileLoader(QObject *parent) const;
    // The follows queued in the outbox and what became of them (a person's page).
    PendingFollows *pendingFollows(QObject *parent) const;
    // The messages on a person's board (my pending ones from the outbox) and their feed.
    MessageBoardModel *messageBoardModel(QObject *parent) const;
    MessageBoardFeed *messageBoard(MessageBoardModel *model, QObject *parent) const;
    UserActivityFeed *userActivity(QObject *parent) const;
    // Moderators: the queue, the log, an item's context, the statistics, the device names.
    ModerationQueueFeed *moderationQueue(ModerationQueueModel *model, QObject *parent) const;
    ModerationLogFeed *moderationLog(ModerationLogModel *model, QObject *parent) const;
    ModerationContext *moderationContext(QObject *parent) const;
    ActivityStatsFeed *activityStats(QObject *parent) const;
    StatsPeopleFeed *statsPeople(StatsPeopleModel *model, QObject *parent) const;
    DeviceTableFeed *deviceTable(DeviceTableModel *model, QObject *parent) const;
    // Points: today's and this week's boards of people (saved in the cache).
    RankingFeed *ranking(RankingModel *model, QObject *parent) const;
    // My notifications (kept in the cache; the sync engine's records keep them live).
    NotificationsModel *notificationsModel(QObject *parent) const;
    // Every action in the outbox, in words, with its state.
    OutboxModel *outboxModel(QObject *parent) const;
    // Topics: a topic's header (its posts: timelineFeed with TimelineFeed::Scope::ofTopic).
    TopicLoader *topicLoader(QObject *parent) const;

    // Search (Ctrl+F): its results — posts and comments in a timeline model (timelineModel()),
    // people in their own model — and the feed that asks the server or, offline, the cache.
    SearchPeopleModel *searchPeopleModel(QObject *parent) const;
    SearchFeed *search(TimelineModel *results, SearchPeopleModel *people, QObject *parent) const;

    // Empties the cache's posts (never the outbox); no-op without a cache.
    void clearCachedPosts() const;

private:
    Parts m_parts;
    TimeTicker *m_ticker;
    FaultControl *m_faults;
};

} // namespace threadline::models

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Feeds one TimelineModel for one scope (all / following / one user / mine / hot): paints from
// the cache first, then the server's first page; new posts go on top without a reset where the
// page overlaps what is shown, a reset only for a gap or a new hot ranking; further pages on
// fetchMore (from the server with `before`, or from the cache by offset while offline).
#pragma once

#include "net/apiclient.h"
#include "net/apierror.h"
#include "net/endpoints.h"
#include "wire/wiretypes.h"

#include <QList>
#include <QMetaType>
#include <QObject>
#include <QPointer>
#include <QString>

#include <optional>

namespace threadline::core {
class Cache;
class PostStore;
class SyncEngine;
struct TimelinePage;
} // namespace threadline::core

namespace threadline::models {

class TimelineModel;

class TimelineFeed : public QObject
{
    Q_OBJECT
public:
    // Which posts a feed shows. A value type: build it with the named constructors.
    struct Scope
    {
        enum class Kind { All, Following, User, Mine, Hot, Liked, Topic };
        enum class Window { Day, Week };  // hot: the last 24 hours or 7 days
        enum class Rank { Likes, Views }; // hot: by likes received or views counted

        Kind kind = Kind::All;
        qint64 uid = 0; // User and Mine
        Window window = Window::Day;
        Rank by = Rank::Likes;
        QString topic; // Topic: the topic's key (case-folded name)

        [[nodiscard]] static Scope all() { return {}; }
        [[nodiscard]] static Scope following() { return {Kind::Following}; }
        [[nodiscard]] static Scope user(qint64 uid) { return {Kind::User, uid}; }
        // The signed-in user's own posts; the owner knows the uid (the session's user).
        [[nodiscard]] static Scope mine(qint64 myUid) { return {Kind::Mine, myUid}; }
        [[nodiscard]] static Scope hot(Window window, Rank by)
        {
            return {Kind::Hot, 0, window, by};
        }

        // The posts I liked, newest like first (GET /me/likes): an unlike takes the post out,
        // a like puts it on top.
        [[nodiscard]] static Scope liked() { return {Kind::Liked}; }
        // One topic's posts (GET /timeline?scope=topic), cached as "topic:<key>".
        [[nodiscard]] static Scope ofTopic(const QString &key)
        {
            Scope s{Kind::Topic};
            s.topic = key;
            return s;
        }

        [[nodiscard]] bool isHot() const { return kind == Kind::Hot; }
        // All, Following and My posts show my posts on their way on top.
        [[nodiscard]] bool showsMyPendingPosts() const
        {
            return kind == Kind::All || kind == Kind::Following || kind == Kind::Mine;
        }
        // The cache's scope key: "all" (the sync engine's), "following", "user:10003" (Mine
        // too: the same list), "hot:day:likes", "hot:week:views", "liked", …
        [[nodiscard]] QString key() const;
        // The call of a page: GET /timeline or, for hot, GET /hot (no pages; limit at most 50).
        [[nodiscard]] core::Call call(int limit, const std::optional<QString> &before = {}) const;

        friend bool operator==(const Scope &, const Scope &) = default;
    };

    TimelineFeed(core::ApiClient *api, core::Cache *cache, core::PostStore *store,
                 TimelineModel *model, QObject *parent = nullptr);
    ~TimelineFeed() override;

    // Changing the scope of a started feed starts it over (the model is emptied first).
    void setScope(const Scope &scope);
    [[nodiscard]] Scope scope() const { return m_scope; }
    // Posts per page (the `limit`), 1..50; default 20.
    void setPageSize(int size);
    [[nodiscard]] int pageSize() const { return m_pageSize; }

    // Paints the cached posts of the scope, then (online) asks the server for the first page.
    void start();
    // The user's "refresh": the server's first page again (new posts on top). Offline it only
    // says so in the status line.
    void refresh();

    // Live news (a post arrived with /sync or the stream): asks the server for the first page
    // without showing it, and says how many posts lie above the first one shown
    // (newerAvailable); what is shown does not move. One at a time, online, once the server's
    // first page is shown; refresh() then puts them on top.
    void peekNewer();
    // Peeks (peekNewer) whenever the sync engine's records (a /sync page, a stream event) bring
    // a post newer than the first one shown that is not shown.
    void followLive(core::SyncEngine *sync);

    [[nodiscard]] bool isBusy() const;
    // One line for a status bar: "Loading…", "Offline — showing saved posts", "Up to date", …
    [[nodiscard]] QString status() const { return m_status; }
    // Whether what is shown came from the server in this session (false: the cache only).
    [[nodiscard]] bool isUpToDate() const { return m_serverKnown; }

Q_SIGNALS:
    void busyChanged(bool busy);
    // A load failed: a sentence for the user (the model keeps its rows).
    void error(const QString &message);
    void statusChanged(const QString &status);
    // The cached posts are shown (before any server answer).
    void cachePainted(int rows);
    // The server's first page is shown; `newPosts` of it went on top (all of them after a reset).
    void refreshed(int newPosts);
    // A refresh put `count` new posts above the ones already shown (not said for the first
    // page into an empty list, nor for a ranking).
    void newOnTop(int count);
    // A further page (server or cache) added `rows` rows at the bottom.
    void pageLoaded(int rows);
    // peekNewer(): `count` posts are newer than the first one shown (at least: a whole page of
    // them says so; 0 when none).
    void newerAvailable(int count);

private:
    // The model's ranking follows the scope (hot: its rank and figure per row).
    void applyRanking();
    void requestFirstPage();
    void onCachePaint(const core::TimelinePage &page);
    void onFirstPage(core::ApiReply *reply);
    void applyFirstPage(const QList<core::Post> &posts, const std::optional<QString> &next);
    void onMoreRequested();
    void loadMore();
    void onCachePage(const core::TimelinePage &page);
    void onServerPage(core::ApiReply *reply);
    // Ends a page: rows to append (maybe none); loads on by itself when none of them was new.
    void finishPage(const QList<qint64> &ids);
    void cancelPage();
    void cancelAll();
    void upsertMissing(const QList<core::Post> &posts);
    void updateHasMore();
    void updateBusy();
    // The Liked scope: a post's like taken back leaves the list (and the cached list), my like
    // given elsewhere (pending) puts it on top.
    void onPostLikesChanged(qint64 postId);
    void setStatus(const QString &status);
    void fail(const core::ApiError &error, bool firstPage);
    [[nodiscard]] bool hasMore() const;

    core::ApiClient *m_api;
    core::Cache *m_cache;
    core::PostStore *m_store;
    TimelineModel *m_model;
    Scope m_scope;
    int m_pageSize = 20;
    bool m_started = false;

    QPointer<core::ApiReply> m_firstReply; // the server's first page in flight
    QPointer<core::ApiReply> m_pageReply;  // a further server page in flight
    quint64 m_cachePaintRequest = 0;       // the cached first page
    quint64 m_cachePageRequest = 0;        // a further cached page (by offset)
    bool m_morePending = false;            // fetchMore while the first page was on its way
    int m_emptyPages = 0;                  // pages in a row that added nothing new

    QPointer<core::ApiReply> m_peekReply; // peekNewer()'s request
    bool m_peekAgain = false;             // news came while it was on its way
    bool m_serverKnown = false;           // a first page came from the server since start()
    std::optional<QString> m_next;        // the cursor after what the model covers
    qint64 m_cacheOffset = 0;             // the scope's cached posts the model covers
    qint64 m_cacheStored = 0;             // the scope's cached posts
    bool m_busy = false;
    QString m_status;
};

} // namespace threadline::models

Q_DECLARE_METATYPE(threadline::models::TimelineFeed::Scope)

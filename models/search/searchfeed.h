// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Search (Ctrl+F): asks the server (GET /search) while online and the cache (Cache::search)
// while offline, or when the server cannot be reached or cannot search, and says which it did.
// Posts and comments go into a TimelineModel (the posts into the shared store; a comment as its
// post with the comment shown inline; the text searched for marked: HighlightRole), people into
// a SearchPeopleModel. Further pages come from the source of the first one, when the view
// scrolls (the models' fetchMore()).
//
//   SearchFeed feed(api, cache, store, &results, &people);
//   feed.search(u"天气"_s, SearchFeed::Kind::Posts);  // the rows go at once; finished() after
//   feed.status();  // "12 posts found on the server", "Offline: found in the saved posts"…
#pragma once

#include "wire/wiretypes.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <optional>

namespace threadline::core {
class ApiClient;
class ApiReply;
class Cache;
class PostStore;
struct ApiError;
} // namespace threadline::core

namespace threadline::models {

class SearchPeopleModel;
class TimelineModel;

class SearchFeed : public QObject
{
    Q_OBJECT
public:
    using Kind = core::SearchPage::Kind;
    // Where the shown results come from, and why the cache answered.
    enum class Source {
        None,        // nothing searched yet (or cleared)
        Server,      // GET /search
        Offline,     // the cache: offline (the switch, --offline)
        Unreachable, // the cache: the server did not answer (no connection, a timeout, 5xx, 429)
        Unsupported, // the cache: the server has no search (an older server: 404, 405, 501)
    };
    Q_ENUM(Source)
    static constexpr int kPageSize = 20;
    // A search waits this long for the server before it searches the cache instead.
    static constexpr int kServerTimeoutMs = 8000;

    // results: the posts and comments found (a TimelineModel of the store); people: the people.
    SearchFeed(core::ApiClient *api, core::Cache *cache, core::PostStore *store,
               TimelineModel *results, SearchPeopleModel *people, QObject *parent = nullptr);
    ~SearchFeed() override;

    // Starts a search: the rows of both models go at once, the first page follows (finished()).
    // Text is trimmed; an empty one only clears.
    void search(const QString &text, Kind kind);
    // Forgets the search and its rows.
    void clear();

    [[nodiscard]] QString text() const { return m_text; }
    [[nodiscard]] Kind kind() const { return m_kind; }
    [[nodiscard]] Source source() const { return m_source; }
    // > 0: the query was too short for an index and only the newest `window` posts or comments
    // were looked through (by the source that answered).
    [[nodiscard]] int window() const { return m_window; }
    [[nodiscard]] bool isBusy() const;
    // The rows shown (posts or people).
    [[nodiscard]] int resultCount() const;
    // One line saying what was searched where and what came of it ("Searching…" while busy).
    [[nodiscard]] QString status() const { return m_status; }

Q_SIGNALS:
    void busyChanged(bool busy);
    void statusChanged(const QString &status);
    // The first page of a search is shown (or it failed: status() says why).
    void finished();

private:
    void askServer(const std::optional<QString> &before);
    void askCache(const std::optional<QString> &before);
    void onServerPage(core::ApiReply *reply, bool first);
    void apply(const core::SearchPage &page, bool first);
    void loadMore();
    void cancel();
    void updateStatus();
    void setBusy(bool busy);
    // Whether the cache should answer instead after this failure of the server, and why.
    [[nodiscard]] static std::optional<Source> fallbackFor(const core::ApiError &error);

    core::ApiClient *m_api;
    core::Cache *m_cache;
    core::PostStore *m_store;
    TimelineModel *m_results;
    SearchPeopleModel *m_people;

    QString m_text;
    Kind m_kind = Kind::Posts;
    Source m_source = Source::None;
    QString m_failure; // why the server could not be asked, in words ("" none)
    QString m_error;   // a search that failed, in words
    int m_window = 0;
    std::optional<QString> m_next; // the cursor of the source that answered
    QPointer<core::ApiReply> m_reply;
    quint64 m_cacheRequest = 0;
    bool m_cacheFirst = false; // the cache's request in flight is a first page
    bool m_busy = false;
    bool m_searched = false; // a first page came (the status may say "nothing found")
    int m_emptyPages = 0;    // pages in a row that added nothing
    QString m_status;
};

} // namespace threadline::models

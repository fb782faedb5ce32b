// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/searchfeed.h"

#include "cache/cache.h"
#include "net/apiclient.h"
#include "net/endpoints.h"
#include "poststore.h"
#include "search/searchpeoplemodel.h"
#include "timeline/timelinemodel.h"
#include "wire/jsoncodec.h"

#include <QSet>

namespace threadline::models {

using core::ApiError;
using core::ApiReply;
using core::SearchPage;

namespace {
// Pages in a row that may add nothing (the cache's page ends at its bound of candidates with
// nothing found yet) before the feed stops going on by itself.
constexpr int kMaxEmptyPages = 10;
} // namespace

SearchFeed::SearchFeed(core::ApiClient *api, core::Cache *cache, core::PostStore *store,
                       TimelineModel *results, SearchPeopleModel *people, QObject *parent)
    : QObject(parent)
    , m_api(api)
    , m_cache(cache)
    , m_store(store)
    , m_results(results)
    , m_people(people)
{
    connect(m_results, &TimelineModel::moreRequested, this, &SearchFeed::loadMore);
    connect(m_people, &SearchPeopleModel::moreRequested, this, &SearchFeed::loadMore);
    connect(m_cache, &core::Cache::searchLoaded, this, [this](quint64 id, const SearchPage &page) {
        if (id == 0 || id != m_cacheRequest)
            return;
        m_cacheRequest = 0;
        apply(page, m_cacheFirst);
    });
    connect(m_cache, &core::Cache::failed, this, [this](quint64 id, const QString &error) {
        if (id == 0 || id != m_cacheRequest)
            return;
        m_cacheRequest = 0;
        m_error = tr("Could not search what is saved on this computer: %1").arg(error);
        m_results->appendPosts({}); // a page asked for by the view is over
        m_people->pageFailed();
        setBusy(false);
        updateStatus();
        if (m_cacheFirst)
            Q_EMIT finished();
    });
}

SearchFeed::~SearchFeed() = default;

bool SearchFeed::isBusy() const
{
    return m_reply || m_cacheRequest != 0;
}

int SearchFeed::resultCount() const
{
    return m_kind == Kind::People ? m_people->rowCount() : m_results->rowCount();
}

void SearchFeed::cancel()
{
    m_cacheRequest = 0; // its answer is dropped
    if (ApiReply *r = m_reply) {
        m_reply = nullptr;
        r->abort();
    }
}

void SearchFeed::clear()
{
    search(QString(), m_kind);
}

void SearchFeed::search(const QString &text, Kind kind)
{
    cancel();
    m_text = text.trimmed();
    m_kind = kind;
    m_source = Source::None;
    m_failure.clear();
    m_error.clear();
    m_window = 0;
    m_next.reset();
    m_searched = false;
    m_emptyPages = 0;
    m_results->setHasMore(false);
    m_results->setPosts({});
    m_results->clearMatchedComments();
    m_results->setHighlight(m_text);
    m_people->clear();
    m_people->setHighlight(m_text);
    if (m_text.isEmpty()) {
        setBusy(false);
        updateStatus();
        return;
    }
    if (m_api->isOffline()) {
        m_source = Source::Offline;
        askCache(std::nullopt);
    } else {
        askServer(std::nullopt);
    }
    setBusy(true);
    updateStatus();
}

void SearchFeed::askServer(const std::optional<QString> &before)
{
    core::RequestOptions options;
    options.retry = false; // the cache answers at once instead
    options.timeoutMs = kServerTimeoutMs;
    ApiReply *reply =
        m_api->send(core::endpoint::search(m_kind, m_text, kPageSize, before), this, options);
    m_reply = reply;
    const bool first = !before;
    connect(reply, &ApiReply::finished, this, [this, reply, first] { onServerPage(reply, first); });
}

void SearchFeed::askCache(const std::optional<QString> &before)
{
    m_cacheFirst = !before;
    m_cacheRequest = m_cache->search(m_kind, m_text, before, kPageSize);
}

std::optional<SearchFeed::Source> SearchFeed::fallbackFor(const ApiError &error)
{
    switch (error.kind) {
    case ApiError::Kind::Offline:
        return Source::Offline;
    case ApiError::Kind::Network:
    case ApiError::Kind::Timeout:
    case ApiError::Kind::Tls:
        return Source::Unreachable;
    case ApiError::Kind::Http:
        if (error.status == 404 || error.status == 405 || error.status == 501)
            return Source::Unsupported;
        if (error.status >= 500 || error.status == 429)
            return Source::Unreachable;
        return std::nullopt;
    default:
        return std::nullopt;
    }
}

void SearchFeed::onServerPage(ApiReply *reply, bool first)
{
    if (reply != m_reply || reply->error().kind == ApiError::Kind::Cancelled)
        return;
    m_reply = nullptr;
    ApiError error = reply->error();
    std::optional<SearchPage> page;
    if (reply->ok()) {
        if (auto decoded = core::decodeSearchPage(reply->body(), m_kind); decoded.ok())
            page = std::move(decoded.value());
        else
            error = ApiError::decode(decoded.error().toString());
    }
    if (page) {
        m_source = Source::Server;
        apply(*page, first);
        return;
    }
    if (const auto fallback = fallbackFor(error); first && fallback) {
        m_source = *fallback;
        m_failure = error.describe();
        askCache(std::nullopt);
        updateStatus();
        return;
    }
    m_error = first ? tr("Could not search: %1").arg(error.describe())
                    : tr("Could not load more results: %1").arg(error.describe());
    m_results->appendPosts({}); // the page the view asked for is over; it may ask again
    m_people->pageFailed();
    setBusy(false);
    updateStatus();
    if (first)
        Q_EMIT finished();
}

void SearchFeed::apply(const SearchPage &page, bool first)
{
    m_window = page.window;
    m_next = page.next;
    m_error.clear();
    // The server's posts are the newest word; saved ones never override what is shown.
    QList<core::Post> posts;
    for (const core::Post &p : page.posts)
        if (m_source == Source::Server || !m_store->containsPost(p.id))
            posts.append(p);
    if (!posts.isEmpty())
        m_store->upsertPosts(posts);

    int added = 0;
    if (m_kind == Kind::People) {
        const int before = m_people->rowCount();
        if (first)
            m_people->replaceAll(page.people, page.next);
        else
            m_people->appendPage(page.people, page.next);
        added = m_people->rowCount() - before;
    } else {
        QList<qint64> ids;
        QSet<qint64> seen;
        const auto take = [&](qint64 postId) {
            if (!seen.contains(postId)) {
                seen.insert(postId);
                ids.append(postId);
            }
        };
        if (m_kind == Kind::Posts) {
            for (const core::Post &p : page.posts)
                take(p.id);
        } else {
            // the comments first, so that each card shows its comments when it comes
            for (const core::Comment &c : page.comments) {
                if (!m_store->containsPost(c.postId))
                    continue; // its post did not come (hidden since, or malformed)
                m_results->addMatchedComments(c.postId, {c});
                take(c.postId);
            }
        }
        const int before = m_results->rowCount();
        m_results->setHasMore(m_next.has_value());
        if (first)
            m_results->setPosts(ids);
        else
            m_results->appendPosts(ids);
        added = m_results->rowCount() - before;
    }
    m_searched = true;
    // A page that added nothing but has a next one (the cache's bound of candidates): on by
    // itself, a few times.
    if (added == 0 && m_next && ++m_emptyPages <= kMaxEmptyPages) {
        loadMore();
        return;
    }
    if (added > 0)
        m_emptyPages = 0;
    setBusy(false);
    updateStatus();
    if (first)
        Q_EMIT finished();
}

void SearchFeed::loadMore()
{
    if (isBusy() || !m_next || m_text.isEmpty()) {
        if (!isBusy())
            m_results->appendPosts({}); // nothing to ask: the view's request is over
        return;
    }
    if (m_source == Source::Server)
        askServer(m_next);
    else
        askCache(m_next);
    setBusy(true);
}

void SearchFeed::setBusy(bool busy)
{
    busy = busy || isBusy();
    if (busy == m_busy)
        return;
    m_busy = busy;
    Q_EMIT busyChanged(busy);
}

void SearchFeed::updateStatus()
{
    QStringList parts;
    if (m_text.isEmpty()) {
        // nothing searched: no words
    } else if (!m_error.isEmpty()) {
        parts << m_error;
    } else if (!m_searched) {
        parts << (m_source == Source::None ? tr("Searching…")
                                           : tr("Searching what is saved on this computer…"));
    } else {
        switch (m_source) {
        case Source::Server:
            parts << tr("Searched the server.");
            break;
        case Source::Offline:
            parts << tr("Offline: searched what is saved on this computer.");
            break;
        case Source::Unreachable:
            //: %1: why the server could not be reached
            parts << tr("The server could not be reached (%1), so this searched what is saved on "
                        "this computer.")
                         .arg(m_failure);
            break;
        case Source::Unsupported:
            parts << tr("This server cannot search, so this searched what is saved on this "
                        "computer.");
            break;
        case Source::None:
            break;
        }
        if (resultCount() == 0)
            //: %1: the text searched for
            parts << tr("Nothing matches “%1”.").arg(m_text);
        if (m_window > 0)
            parts << (m_kind == Kind::Comments
                          ? tr("Only the newest %n comment(s) were looked through: type 3 or "
                               "more characters to search them all.",
                               nullptr, m_window)
                          : tr("Only the newest %n post(s) were looked through: type 3 or more "
                               "characters to search them all.",
                               nullptr, m_window));
    }
    const QString status = parts.join(u' ');
    if (status == m_status)
        return;
    m_status = status;
    Q_EMIT statusChanged(status);
}

} // namespace threadline::models

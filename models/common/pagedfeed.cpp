// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/pagedfeed.h"

#include "cache/cache.h"
#include "net/apiclient.h"

#include <QDateTime>

namespace threadline::models {

PagedFeedBase::PagedFeedBase(PagedListModelBase *model, Request request, int pageSize,
                             QObject *parent)
    : QObject(parent)
    , m_list(model)
    , m_request(std::move(request))
    , m_limit(qBound(1, pageSize, kMaxPageSize))
{
    connect(m_list, &PagedListModelBase::moreRequested, this, [this](const QString &cursor) {
        if (m_page || (m_first && !m_merges)) {
            // A refresh in flight replaces everything anyway: not asked now, a later scroll
            // may ask again.
            m_list->pageFailed();
            return;
        }
        start(cursor);
    });
}

bool PagedFeedBase::isLoading() const
{
    return m_first || m_page;
}

bool PagedFeedBase::isRefreshing() const
{
    return !m_first.isNull();
}

void PagedFeedBase::setPageSize(int limit)
{
    m_limit = qBound(1, limit, kMaxPageSize);
}

void PagedFeedBase::setSavedCopy(core::Cache *cache, std::function<QString()> key)
{
    if (m_cache)
        m_cache->disconnect(this);
    m_cache = cache;
    m_savedKey = std::move(key);
    if (m_cache)
        connect(m_cache, &core::Cache::pageLoaded, this, &PagedFeedBase::onSavedCopy);
}

void PagedFeedBase::onSavedCopy(quint64 request, const core::SavedPage &page)
{
    if (request != m_savedRequest)
        return;
    m_savedRequest = 0;
    const core::ApiError why = m_savedFor;
    // Still wanted: the same list, nothing shown meanwhile (a refresh abandons the read).
    if (page.key != (m_savedKey ? m_savedKey() : QString()) || !showsNothingFromServer() ||
        !page.body) {
        Q_EMIT loadFailed(why.describe(), why);
        return;
    }
    int added = 0;
    if (!take(*page.body, true, added)) {
        m_savedAt = page.savedAt;
        Q_EMIT loaded(true, added);
        Q_EMIT savedCopyShown(page.savedAt);
    }
    Q_EMIT loadFailed(why.describe(), why);
}

QString PagedFeedBase::describeFailure(const QString &failure, const QString &why) const
{
    if (!m_savedAt)
        return failure;
    // Digits only, the same in every language (the rows' own times read "11-11 06:12").
    const QString when = QDateTime::fromMSecsSinceEpoch(*m_savedAt)
                             .toLocalTime()
                             .toString(QStringLiteral("yyyy-MM-dd HH:mm"));
    return tr("Showing what was saved on %1. It could not be brought up to date: %2")
        .arg(when, why);
}

bool PagedFeedBase::showsNothingFromServer() const
{
    return m_list->rowCount() == 0;
}

void PagedFeedBase::refresh()
{
    m_savedRequest = 0; // a saved copy being read is not shown, nor its failure told
    if (m_first) {
        if (m_merges)
            return; // the refresh in flight answers
        core::ApiReply *old = m_first;
        m_first = nullptr;
        old->disconnect(this);
        old->abort();
    }
    if (!m_merges)
        abandonPage();
    if (m_held) { // a page that failed: the next list may be asked for as usual
        m_held = false;
        m_list->pageFailed();
    }
    start(std::nullopt);
}

void PagedFeedBase::abandonPage()
{
    if (!m_page)
        return;
    core::ApiReply *old = m_page;
    m_page = nullptr;
    old->disconnect(this);
    old->abort();
    m_list->pageFailed(); // the page it was may be asked for again
}

void PagedFeedBase::retryPage()
{
    if (!m_held)
        return;
    m_held = false;
    m_list->pageFailed();
    m_list->fetchMore({});
}

void PagedFeedBase::start(const std::optional<QString> &cursor)
{
    core::ApiReply *reply = m_request(cursor, this);
    (cursor ? m_page : m_first) = reply;
    connect(reply, &core::ApiReply::finished, this, [this, reply] { onFinished(reply); });
    updateLoading();
}

void PagedFeedBase::onFinished(core::ApiReply *reply)
{
    const bool first = reply == m_first;
    if (!first && reply != m_page)
        return; // abandoned: stale
    (first ? m_first : m_page) = nullptr;
    core::ApiError error = reply->error();
    if (error.kind == core::ApiError::Kind::Cancelled) { // not ours to tell
        if (!first)
            m_list->pageFailed();
        updateLoading();
        return;
    }
    int added = 0;
    if (error.ok()) {
        if (const auto unreadable = take(reply->body(), first, added))
            error = *unreadable;
        else if (first) {
            m_savedAt.reset();
            const QString key = m_savedKey ? m_savedKey() : QString();
            if (m_cache && !key.isEmpty())
                m_cache->savePage(key, reply->body());
        }
    }
    const bool noConnection = error.kind == core::ApiError::Kind::Offline || error.isTransient();
    if (first && noConnection && m_cache && m_savedKey && showsNothingFromServer()) {
        const QString key = m_savedKey();
        if (!key.isEmpty()) { // the saved copy first; loadFailed() once it is read
            m_savedFor = error;
            m_savedRequest = m_cache->loadPage(key);
            updateLoading();
            return;
        }
    }
    if (!error.ok()) {
        if (!first && m_retryByHand)
            m_held = true;
        else if (!first)
            m_list->pageFailed(); // scrolling down may ask again
        updateLoading();          // a view may have asked for the next page already
        Q_EMIT loadFailed(error.describe(), error);
        return;
    }
    updateLoading(); // a view may have asked for the next page already
    Q_EMIT loaded(first, added);
}

void PagedFeedBase::updateLoading()
{
    if (m_loading == isLoading())
        return;
    m_loading = isLoading();
    Q_EMIT loadingChanged(m_loading);
}

} // namespace threadline::models

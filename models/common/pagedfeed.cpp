#include "common/pagedfeed.h"

#include "net/apiclient.h"

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

void PagedFeedBase::refresh()
{
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

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "rankings/rankingfeed.h"

#include "cache/cache.h"
#include "net/apiclient.h"
#include "net/endpoints.h"
#include "rankings/rankingmodel.h"
#include "wire/jsoncodec.h"

namespace threadline::models {

RankingFeed::RankingFeed(core::ApiClient *api, core::Cache *cache, RankingModel *model,
                         QObject *parent)
    : QObject(parent)
    , m_api(api)
    , m_cache(cache)
    , m_model(model)
{
    if (m_cache)
        connect(m_cache, &core::Cache::metaLoaded, this, &RankingFeed::onSaved);
}

RankingFeed::~RankingFeed()
{
    if (m_reply)
        m_reply->abort();
}

QString RankingFeed::cacheKey(core::Ranking::Window window)
{
    return window == core::Ranking::Window::Day ? QStringLiteral("rankings/day")
                                                : QStringLiteral("rankings/week");
}

void RankingFeed::load(core::Ranking::Window window)
{
    const bool was = isLoading();
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
    }
    if (window != m_window || !m_model->hasRanking()) {
        m_window = window;
        m_fresh = false;
        m_model->clear();
        m_showsSaved = false;
        if (m_cache)
            m_savedRequest = m_cache->loadMeta(cacheKey(window));
        Q_EMIT shown();
    }
    if (!m_api) {
        if (was)
            Q_EMIT loadingChanged(false);
        return;
    }
    core::ApiReply *reply = m_api->send(core::endpoint::rankings(window, kTop), this);
    m_reply = reply;
    connect(reply, &core::ApiReply::finished, this,
            [this, reply, window] { onAnswer(reply, window); });
    if (!was)
        Q_EMIT loadingChanged(true);
}

bool RankingFeed::show(const QByteArray &json, core::Ranking::Window window)
{
    auto ranking = core::decodeRanking(json);
    if (!ranking.ok() || ranking.value().window != window)
        return false;
    m_model->setRanking(std::move(ranking).value(), m_me);
    return true;
}

void RankingFeed::onSaved(quint64 request, const QString &key, const std::optional<QString> &value)
{
    if (request != m_savedRequest || key != cacheKey(m_window) || m_fresh || !value)
        return;
    if (show(value->toUtf8(), m_window)) {
        m_showsSaved = true;
        Q_EMIT shown();
    }
}

void RankingFeed::onAnswer(core::ApiReply *reply, core::Ranking::Window window)
{
    reply->deleteLater();
    if (reply != m_reply || window != m_window)
        return;
    m_reply = nullptr;
    Q_EMIT loadingChanged(false);
    core::ApiError error = reply->error();
    if (error.ok()) {
        const QByteArray body = reply->body();
        if (show(body, window)) {
            m_fresh = true;
            m_showsSaved = false;
            if (m_cache)
                m_cache->saveMeta(cacheKey(window), QString::fromUtf8(body));
            Q_EMIT shown();
            return;
        }
        const auto decoded = core::decodeRanking(body);
        error =
            core::ApiError::decode(decoded.ok() ? QStringLiteral("the answer is for another board")
                                                : decoded.error().toString());
    }
    Q_EMIT loadFailed(tr("Could not load the ranking: %1").arg(error.describe()));
}

} // namespace threadline::models

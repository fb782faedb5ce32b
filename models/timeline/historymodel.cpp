// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "timeline/historymodel.h"

#include "common/rolenames.h"

#include "cache/cache.h"
#include "net/apiclient.h"
#include "net/endpoints.h"
#include "poststore.h"
#include "wire/jsoncodec.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMetaEnum>
#include <algorithm>

namespace threadline::models {

using core::ApiError;
using core::ApiReply;
using core::Cache;

HistoryModel::HistoryModel(core::ApiClient *api, core::Cache *cache, core::PostStore *store,
                           QObject *parent)
    : QAbstractListModel(parent)
    , m_api(api)
    , m_cache(cache)
    , m_store(store)
    , m_cards(store)
    , m_clock([] { return QDateTime::currentMSecsSinceEpoch(); })
{
    connect(&m_cards, &QAbstractItemModel::dataChanged, this, &HistoryModel::onCardsChanged);
    connect(m_store, &core::PostStore::postRemoved, this, [this](qint64 postId) {
        m_fetching.remove(postId);
        if (const int row = rowOf(postId); row >= 0)
            removeRow(row);
    });
    connect(m_cache, &Cache::historyLoaded, this,
            [this](quint64 id, const QList<core::HistoryEntry> &entries) {
                if (id != 0 && id == m_loadRequest)
                    onHistoryLoaded(entries);
            });
    connect(m_cache, &Cache::failed, this, [this](quint64 id, const QString &) {
        if (id != 0 && id == m_loadRequest)
            onHistoryLoaded({});
    });
}

void HistoryModel::setClock(Clock clock)
{
    m_clock = clock ? std::move(clock) : Clock([] { return QDateTime::currentMSecsSinceEpoch(); });
}

qint64 HistoryModel::postIdAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows.at(row).postId : 0;
}

int HistoryModel::rowOf(qint64 postId) const
{
    for (int row = 0; row < int(m_rows.size()); ++row) // at most 60 rows
        if (m_rows.at(row).postId == postId)
            return row;
    return -1;
}

void HistoryModel::load()
{
    m_loadRequest = m_cache->loadHistory();
    fetchServerList();
}

void HistoryModel::fetchServerList()
{
    if (m_api->isOffline() || m_serverFetching)
        return;
    m_serverFetching = true;
    ApiReply *reply = m_api->send(core::endpoint::recentViews(Cache::kHistoryLimit), this);
    connect(reply, &ApiReply::finished, this, [this, reply] {
        m_serverFetching = false;
        if (reply->ok()) // failures (an older server without the list, offline) change nothing
            onServerList(reply->body());
    });
}

void HistoryModel::onServerList(const QByteArray &body)
{
    const QJsonObject page = QJsonDocument::fromJson(body).object();
    const QJsonArray items = page.value(QLatin1String("items")).toArray();
    const qint64 oldest = m_clock() - Cache::kHistoryMaxAgeMs;
    int seen = 0;
    for (const QJsonValue &item : items) {
        if (++seen > Cache::kHistoryLimit) // a page larger than asked for: the rest is ignored
            break;
        const qint64 viewedAt = item.toObject().value(QLatin1String("viewedAt")).toInteger(0);
        const auto post = core::decodePost(item);
        if (!post.ok() || post.value().id <= 0 || viewedAt < oldest)
            continue; // a malformed or expired entry is left out, the rest kept
        const qint64 postId = post.value().id;
        m_store->upsertPost(post.value());
        m_cache->savePost(post.value());
        m_cache->markViewed(postId, viewedAt); // the cache keeps the newer of the two times
        if (const int row = rowOf(postId); row >= 0 && m_rows.at(row).viewedAt >= viewedAt)
            continue; // my own later view wins
        m_fetching.remove(postId);
        place(postId, viewedAt);
    }
}

void HistoryModel::onHistoryLoaded(const QList<core::HistoryEntry> &entries)
{
    m_loadRequest = 0;
    // What the cache says, merged with views made while it was loading (newest view wins).
    QHash<qint64, qint64> latest;
    for (const Entry &e : std::as_const(m_rows))
        latest.insert(e.postId, e.viewedAt);
    QList<core::Post> missing;
    for (const core::HistoryEntry &e : entries) {
        if (e.post && !m_store->containsPost(e.postId))
            missing.append(*e.post); // the cache never overrides what the server said
        if (latest.value(e.postId, -1) < e.viewedAt)
            latest.insert(e.postId, e.viewedAt);
    }
    if (!missing.isEmpty())
        m_store->upsertPosts(missing);

    QList<Entry> rows;
    for (auto it = latest.cbegin(); it != latest.cend(); ++it) {
        if (m_store->containsPost(it.key()))
            rows.append({it.key(), it.value()});
        else if (!m_api->isOffline())
            fetchPost(it.key(), it.value()); // shown when it arrives
        // offline and not cached: skipped
    }
    std::sort(rows.begin(), rows.end(), [](const Entry &a, const Entry &b) {
        return a.viewedAt != b.viewedAt ? a.viewedAt > b.viewedAt : a.postId > b.postId;
    });
    const qint64 oldest = m_clock() - Cache::kHistoryMaxAgeMs;
    while (!rows.isEmpty() &&
           (rows.size() > Cache::kHistoryLimit || rows.constLast().viewedAt < oldest))
        rows.removeLast();

    beginResetModel();
    m_rows = rows;
    syncCards(); // the cards are ready when the views hear of the reset
    endResetModel();
    Q_EMIT loaded(int(m_rows.size()));
}

void HistoryModel::markViewed(qint64 postId)
{
    if (postId <= 0)
        return;
    qint64 now = m_clock();
    // Strictly newer than the top row, so that the cache's order (by time) is the one shown
    // even for two views within one millisecond.
    if (!m_rows.isEmpty())
        now = std::max(now, m_rows.constFirst().viewedAt +
                                (m_rows.constFirst().postId == postId ? 0 : 1));
    m_cache->markViewed(postId, now);
    // The cache keeps the post with its entry, so that the history paints offline too.
    if (const auto post = m_store->serverPost(postId))
        m_cache->savePost(*post);
    if (!m_api->isOffline()) {
        m_viewsToReport.append(postId);
        reportNextView();
    }
    if (m_store->containsPost(postId) || rowOf(postId) >= 0)
        place(postId, now);
    else if (!m_api->isOffline())
        fetchPost(postId, now);
}

void HistoryModel::reportNextView()
{
    // One at a time and in order: two requests at once may arrive the other way round, and the
    // server's list would then put the earlier view on top.
    if (m_reportingView || m_viewsToReport.isEmpty())
        return;
    const qint64 postId = m_viewsToReport.takeFirst();
    m_reportingView = true;
    // Counted at most once per user, post and day by the server: safe to repeat.
    ApiReply *reply = m_api->send(core::endpoint::countView(postId), this);
    connect(reply, &ApiReply::finished, this, [this, reply, postId] {
        m_reportingView = false;
        if (reply->error().kind != ApiError::Kind::Cancelled)
            Q_EMIT viewReported(postId, reply->ok());
        reportNextView();
    });
}

void HistoryModel::place(qint64 postId, qint64 viewedAt)
{
    const int from = rowOf(postId);
    // Newest view first: the row goes before the first one viewed earlier (for a view just
    // made, the top).
    int to = 0;
    while (to < int(m_rows.size()) &&
           (m_rows.at(to).postId == postId || m_rows.at(to).viewedAt >= viewedAt))
        ++to;
    if (from >= 0) {
        // `to` counts rows above the target slot, the moved row itself excluded.
        int dest = 0;
        for (int row = 0; row < to; ++row)
            if (m_rows.at(row).postId != postId)
                ++dest;
        if (dest != from) {
            beginMoveRows({}, from, from, {}, dest > from ? dest + 1 : dest);
            m_rows.move(from, dest);
            endMoveRows();
        }
        m_rows[dest].viewedAt = viewedAt;
        Q_EMIT dataChanged(index(dest), index(dest), {ViewedAtRole});
    } else {
        m_cards.appendPosts({postId}); // its card first: rowsInserted may read it
        beginInsertRows({}, to, to);
        m_rows.insert(to, {postId, viewedAt});
        endInsertRows();
    }
    trim();
}

void HistoryModel::fetchPost(qint64 postId, qint64 viewedAt)
{
    const bool running = m_fetching.contains(postId);
    m_fetching.insert(postId, std::max(viewedAt, m_fetching.value(postId, 0)));
    if (running)
        return;
    ApiReply *reply = m_api->send(core::endpoint::post(postId), this);
    connect(reply, &ApiReply::finished, this, [this, reply, postId] {
        if (!m_fetching.contains(postId))
            return;
        const qint64 viewedAt = m_fetching.take(postId);
        if (!reply->ok()) {
            if (reply->error().kind == ApiError::Kind::Http && reply->status() == 404)
                m_cache->removePost(postId); // gone: its history entry goes with it
            return;
        }
        const auto post = core::decodePost(reply->body());
        if (!post.ok() || post.value().id != postId)
            return;
        m_store->upsertPost(post.value());
        m_cache->savePost(post.value());
        place(postId, viewedAt);
    });
}

void HistoryModel::removeRow(int row)
{
    beginRemoveRows({}, row, row);
    m_rows.removeAt(row);
    endRemoveRows();
}

void HistoryModel::trim()
{
    const qint64 oldest = m_clock() - Cache::kHistoryMaxAgeMs;
    const int before = int(m_rows.size());
    int keep = std::min(before, Cache::kHistoryLimit);
    while (keep > 0 && m_rows.at(keep - 1).viewedAt < oldest)
        --keep;
    if (keep == before)
        return;
    beginRemoveRows({}, keep, before - 1);
    m_rows.resize(keep);
    endRemoveRows();
    syncCards();
}

void HistoryModel::syncCards()
{
    // The hidden card model holds exactly the posts shown (its order does not matter).
    QList<qint64> ids;
    ids.reserve(m_rows.size());
    for (const Entry &e : std::as_const(m_rows))
        ids.append(e.postId);
    m_cards.setPosts(ids);
}

void HistoryModel::onCardsChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight,
                                  const QList<int> &roles)
{
    for (int card = topLeft.row(); card <= bottomRight.row(); ++card) {
        const int row = rowOf(m_cards.postIdAt(card));
        if (row >= 0)
            Q_EMIT dataChanged(index(row), index(row), roles);
    }
}

int HistoryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant HistoryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Entry &e = m_rows.at(index.row());
    switch (role) {
    case ViewedAtRole:
        return e.viewedAt;
    default: { // a card role: as the timeline shows the post
        const int card = m_cards.rowOf(e.postId);
        return card < 0 ? QVariant() : m_cards.data(m_cards.index(card), role);
    }
    }
    return {};
}

QHash<int, QByteArray> HistoryModel::roleNames() const
{
    return roleNamesOf<Role>(m_cards.roleNames(), RoleSpelling::EnumKey);
}

} // namespace threadline::models

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Recently viewed posts (Cache::loadHistory / markViewed): the newest 60, one row per post, none
// older than 30 days, newest view first. Rows point into the post store like the timeline's and
// carry the same card roles (TimelineModel::Role), plus when I last viewed the post.
#pragma once

#include "common/relativetime.h"
#include "timeline/timelinemodel.h"
#include "wire/wiretypes.h"

#include <QAbstractListModel>
#include <QHash>
#include <QList>

#include <functional>

namespace threadline::core {
class ApiClient;
class Cache;
class PostStore;
struct HistoryEntry;
} // namespace threadline::core

namespace threadline::models {

class TimeTicker;

class HistoryModel : public QAbstractListModel
{
    Q_OBJECT
public:
    // The card roles are TimelineModel::Role (IdRole … RelativeTimeRole); these follow them.
    enum Role {
        ViewedAtRole = TimelineModel::RelativeTimeRole + 1, // qint64: my last view, ms, UTC
    };
    Q_ENUM(Role)

    using Clock = std::function<qint64()>; // ms since the epoch, UTC

    HistoryModel(core::ApiClient *api, core::Cache *cache, core::PostStore *store,
                 QObject *parent = nullptr);

    // The time of a view (default: the system clock).
    void setClock(Clock clock);
    // The cached history: replaces the rows (a reset), keeping views made since. Online, the
    // account's list on the server (GET /me/recent) is merged in as well: by post, the newest
    // view wins, the newest 60 of the last 30 days are kept, and the cache records the result.
    void load();
    // I opened the post: its row goes to the top (moved, or inserted), the cache records the
    // view and the server counts it (POST /posts/{id}/views; not when offline; failures are
    // ignored). A post the store does not hold is fetched (GET /posts/{id}) when online and
    // shown when it arrives; offline it is only recorded.
    void markViewed(qint64 postId);

    void setInlineCommentCount(int n) { m_cards.setInlineCommentCount(n); }
    void setTicker(TimeTicker *ticker, const RelativeTime &format)
    {
        m_cards.setTicker(ticker, format);
    }
    [[nodiscard]] qint64 postIdAt(int row) const;
    [[nodiscard]] int rowOf(qint64 postId) const;

    [[nodiscard]] int rowCount(const QModelIndex &parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex &index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;

Q_SIGNALS:
    // load() finished: `rows` rows are shown.
    void loaded(int rows);
    // The server answered a view (ok: it was counted, at most once per day by the server).
    void viewReported(qint64 postId, bool ok);

private:
    struct Entry
    {
        qint64 postId = 0;
        qint64 viewedAt = 0;
    };

    void onHistoryLoaded(const QList<core::HistoryEntry> &entries);
    void fetchServerList();
    void onServerList(const QByteArray &body);
    // Puts the entry where its time belongs (newest first): moved or inserted, never a reset.
    void place(qint64 postId, qint64 viewedAt);
    void fetchPost(qint64 postId, qint64 viewedAt);
    void reportNextView();
    void removeRow(int row);
    // Drops rows over the limit and older than the age limit, from the bottom.
    void trim();
    void syncCards();
    void onCardsChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight,
                        const QList<int> &roles);

    core::ApiClient *m_api;
    core::Cache *m_cache;
    core::PostStore *m_store;
    TimelineModel m_cards; // renders the card roles of every post shown (row order irrelevant)
    Clock m_clock;
    QList<Entry> m_rows;
    QHash<qint64, qint64> m_fetching; // post id → view time, while GET /posts/{id} runs
    // Views to tell the server, one request at a time: the server orders them as they arrive.
    QList<qint64> m_viewsToReport;
    bool m_reportingView = false;
    quint64 m_loadRequest = 0;
    bool m_serverFetching = false; // GET /me/recent runs
};

} // namespace threadline::models

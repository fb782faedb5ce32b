// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The Ranking page's loader: one board (today's, or the last 7 days') from GET /rankings into a
// RankingModel, the last answer of each board kept in the cache (a meta value), so the page
// shows the saved board at once and offline, then the server's.
//
//   RankingFeed feed(api, cache, &model);
//   feed.setMe(me.uid);                       // whose row is "me"
//   feed.load(core::Ranking::Window::Week);   // the saved board, then the server's
#pragma once

#include "net/apierror.h"
#include "net/apifwd.h"
#include "wire/wiretypes.h"

#include <QObject>
#include <QPointer>

namespace threadline::core {
class Cache;
}

namespace threadline::models {

class RankingModel;

class RankingFeed : public QObject
{
    Q_OBJECT
public:
    static constexpr int kTop = 10; // the board's length

    RankingFeed(core::ApiClient *api, core::Cache *cache, RankingModel *model,
                QObject *parent = nullptr);
    ~RankingFeed() override;

    void setMe(qint64 uid) { m_me = uid; }
    // Shows `window`'s board: the saved one first (when there is one), then the server's.
    void load(core::Ranking::Window window);
    void reload() { load(m_window); }
    [[nodiscard]] core::Ranking::Window window() const { return m_window; }
    [[nodiscard]] bool isLoading() const { return !m_reply.isNull(); }
    // What the model shows is the saved board (the server has not answered, or failed).
    [[nodiscard]] bool showsSaved() const { return m_showsSaved; }

    // The cache's key of a board.
    [[nodiscard]] static QString cacheKey(core::Ranking::Window window);

Q_SIGNALS:
    void loadingChanged(bool loading);
    // The model changed (saved or fresh).
    void shown();
    // The server's board could not be had ("Could not load the ranking: …").
    void loadFailed(const QString &message);

private:
    void onAnswer(core::ApiReply *reply, core::Ranking::Window window);
    void onSaved(quint64 request, const QString &key, const std::optional<QString> &value);
    [[nodiscard]] bool show(const QByteArray &json, core::Ranking::Window window);

    QPointer<core::ApiClient> m_api;
    QPointer<core::Cache> m_cache;
    RankingModel *m_model;
    core::Ranking::Window m_window = core::Ranking::Window::Day;
    QPointer<core::ApiReply> m_reply;
    quint64 m_savedRequest = 0;
    qint64 m_me = 0;
    bool m_showsSaved = false;
    bool m_fresh = false; // the server's answer for m_window is shown
};

} // namespace threadline::models

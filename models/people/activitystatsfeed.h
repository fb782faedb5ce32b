// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The moderators' activity statistics, loaded through core::ApiClient (api.md, "Moderation"):
//
//   ActivityStatsFeed — one day's figures (GET /moderation/stats?date=YYYY-MM-DD) and the 30
//   days ending at it in one request (GET /moderation/stats/days?to=…&days=30): two requests,
//   and none for what is known. From a server without /stats/days (404) the chart's days are
//   asked day by day instead, at most kMaxInFlight at a time, the chosen day first.
//
//     ActivityStatsFeed feed(&api);
//     connect(&feed, &ActivityStatsFeed::changed, view, &View::update);
//     feed.load(ActivityStatsFeed::serverToday());   // figures(), value(date) as they arrive
//
//   UserActivityFeed — one person's active days of one month
//   (GET /moderation/stats/users/{uid}?month=YYYY-MM).
//
// A day that is not loaded (yet, or its request failed) is std::nullopt, never 0, so that a view
// can tell "no data" from "nobody". Choosing another day keeps what is known and the requests
// still wanted; answers for days outside the new window are dropped (and their requests
// aborted). reload() forgets everything and asks again. The server's day is UTC+8.
#pragma once

#include "net/apierror.h"
#include "net/apifwd.h"
#include "wire/wiretypes.h"

#include <QDate>
#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

#include <optional>

namespace threadline::models {

class ActivityStatsFeed : public QObject
{
    Q_OBJECT
public:
    static constexpr int kChartDays = 30;  // the chart: this many days ending at the chosen one
    static constexpr int kMaxInFlight = 4; // requests at a time

    explicit ActivityStatsFeed(core::ApiClient *api, QObject *parent = nullptr);
    ~ActivityStatsFeed() override;

    // Today where the server counts days (UTC+8).
    [[nodiscard]] static QDate serverToday();

    // Shows `date`: its figures and the kChartDays days ending at it. Days already known are
    // not asked again (except the server's today, which still changes).
    void load(const QDate &date);
    // Everything asked again for the current date (F5).
    void reload();
    [[nodiscard]] QDate date() const { return m_date; }

    // The chosen day's figures; nullopt until they are loaded.
    [[nodiscard]] std::optional<core::ModerationStats> figures() const;
    // The chart's days, oldest first (kChartDays of them; none before load()).
    [[nodiscard]] QList<QDate> chartDates() const;
    // activeToday of a day of the chart; nullopt while not loaded (or when it failed).
    [[nodiscard]] std::optional<qint64> value(const QDate &date) const;
    [[nodiscard]] QList<std::optional<qint64>> chartValues() const;

    [[nodiscard]] bool isLoading() const
    {
        return !m_inFlight.isEmpty() || !m_queue.isEmpty() || !m_chart.isNull();
    }
    // The server answered 403: the signed-in user is no moderator.
    [[nodiscard]] bool isForbidden() const { return m_forbidden; }
    // Requests sent since construction (tests count them).
    [[nodiscard]] int requestsSent() const { return m_sent; }

Q_SIGNALS:
    void loadingChanged(bool loading);
    // Something shown changed: a day arrived, the date changed, everything was dropped.
    void changed();
    // The chosen day's figures arrived.
    void figuresLoaded(const threadline::core::ModerationStats &stats);
    // Every day of the window was asked and has answered (some may have failed).
    void finished();
    // A day could not be loaded (403, the server down, a malformed body): the reason in words
    // ("Could not load the statistics: …", or for 403 "Only moderators can see the
    // statistics."). Once per load()/reload() and reason.
    void loadFailed(const QString &message, const threadline::core::ApiError &error);

private:
    void pump();
    void onAnswer(core::ApiReply *reply, const QDate &day);
    void askChart();
    void onChart(core::ApiReply *reply);
    void queueMissingDays();
    void settle(); // after an answer: the next requests, the loading state, finished()
    void abortAll();
    [[nodiscard]] bool inWindow(const QDate &day) const;
    void setLoading();

    QPointer<core::ApiClient> m_api;
    QDate m_date;
    QHash<QDate, core::ModerationStats> m_known; // figures of days (each an activeToday too)
    QHash<QDate, qint64> m_active;               // the chart's days from /stats/days
    QPointer<core::ApiReply> m_chart;            // /stats/days in flight
    bool m_dayByDay = false; // the server has no /stats/days: each day's figures instead
    QHash<QDate, QPointer<core::ApiReply>> m_inFlight;
    QList<QDate> m_queue; // asked next, in this order
    bool m_forbidden = false;
    bool m_loading = false;
    bool m_failedSaid = false; // loadFailed was emitted since the last load()
    int m_sent = 0;
};

class UserActivityFeed : public QObject
{
    Q_OBJECT
public:
    explicit UserActivityFeed(core::ApiClient *api, QObject *parent = nullptr);
    ~UserActivityFeed() override;

    // Loads uid's active days of the month that `month` is in (its day is ignored). What was
    // shown for another person or month is dropped at once; a request in flight is abandoned.
    void load(qint64 uid, const QDate &month);
    void reload() { load(m_uid, m_month); }
    void clear(); // nothing shown, nothing in flight
    [[nodiscard]] qint64 uid() const { return m_uid; }
    [[nodiscard]] QDate month() const { return m_month; } // the first of the month
    // The answer for uid() and month(); nullopt while not loaded.
    [[nodiscard]] std::optional<core::UserActivityStats> stats() const { return m_stats; }
    [[nodiscard]] bool isLoading() const { return !m_reply.isNull(); }
    [[nodiscard]] bool isForbidden() const { return m_forbidden; }

    // "YYYY-MM" of a date.
    [[nodiscard]] static QString monthCode(const QDate &month);

Q_SIGNALS:
    void loadingChanged(bool loading);
    void loaded(const threadline::core::UserActivityStats &stats);
    void loadFailed(const QString &message, const threadline::core::ApiError &error);

private:
    void onAnswer(core::ApiReply *reply, qint64 uid, const QDate &month);
    void cancel();

    QPointer<core::ApiClient> m_api;
    qint64 m_uid = 0;
    QDate m_month;
    std::optional<core::UserActivityStats> m_stats;
    QPointer<core::ApiReply> m_reply;
    bool m_forbidden = false;
};

} // namespace threadline::models

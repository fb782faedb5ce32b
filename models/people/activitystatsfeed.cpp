// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "people/activitystatsfeed.h"

#include "net/apiclient.h"
#include "net/endpoints.h"
#include "wire/jsoncodec.h"

#include <QDateTime>

namespace threadline::models {

namespace {

QString dayCode(const QDate &day)
{
    return day.toString(QStringLiteral("yyyy-MM-dd"));
}

// The words a page shows for a failed statistics request.
QString failureText(const core::ApiError &error)
{
    if (error.kind == core::ApiError::Kind::Http && error.status == 403)
        return ActivityStatsFeed::tr("Only moderators can see the statistics.");
    return ActivityStatsFeed::tr("Could not load the statistics: %1").arg(error.describe());
}

// Takes the reply's body as T, or says why not in `error`.
template<typename T, typename Decode>
std::optional<T> decoded(core::ApiReply *reply, Decode decode, core::ApiError *error)
{
    *error = reply->error();
    if (!error->ok())
        return std::nullopt;
    auto result = decode(reply->body());
    if (!result.ok()) {
        *error = core::ApiError::decode(result.error().toString());
        return std::nullopt;
    }
    return std::move(result).value();
}

} // namespace

// --- ActivityStatsFeed ------------------------------------------------------------------------

ActivityStatsFeed::ActivityStatsFeed(core::ApiClient *api, QObject *parent)
    : QObject(parent)
    , m_api(api)
{
}

ActivityStatsFeed::~ActivityStatsFeed()
{
    abortAll();
}

QDate ActivityStatsFeed::serverToday()
{
    return QDateTime::currentDateTimeUtc().addSecs(8 * 3600).date();
}

bool ActivityStatsFeed::inWindow(const QDate &day) const
{
    return m_date.isValid() && day <= m_date && day > m_date.addDays(-kChartDays);
}

QList<QDate> ActivityStatsFeed::chartDates() const
{
    QList<QDate> days;
    if (!m_date.isValid())
        return days;
    days.reserve(kChartDays);
    for (int i = kChartDays - 1; i >= 0; --i)
        days.append(m_date.addDays(-i));
    return days;
}

std::optional<core::ModerationStats> ActivityStatsFeed::figures() const
{
    const auto it = m_known.constFind(m_date);
    return it == m_known.cend() ? std::nullopt : std::optional<core::ModerationStats>(*it);
}

std::optional<qint64> ActivityStatsFeed::value(const QDate &date) const
{
    if (!inWindow(date))
        return std::nullopt;
    if (const auto it = m_known.constFind(date); it != m_known.cend())
        return it->activeToday;
    if (const auto it = m_active.constFind(date); it != m_active.cend())
        return *it;
    return std::nullopt;
}

QList<std::optional<qint64>> ActivityStatsFeed::chartValues() const
{
    QList<std::optional<qint64>> values;
    for (const QDate &d : chartDates())
        values.append(value(d));
    return values;
}

void ActivityStatsFeed::abortAll()
{
    const auto replies = m_inFlight;
    m_inFlight.clear();
    for (const QPointer<core::ApiReply> &r : replies) {
        if (r) {
            r->disconnect(this);
            r->abort();
        }
    }
    m_queue.clear();
    if (core::ApiReply *r = m_chart) {
        m_chart = nullptr;
        r->disconnect(this);
        r->abort();
    }
}

void ActivityStatsFeed::load(const QDate &date)
{
    if (!date.isValid() || !m_api)
        return;
    m_date = date;
    m_failedSaid = false;
    m_forbidden = false;
    // Requests for days that left the window are abandoned; their answers would be stale.
    for (auto it = m_inFlight.begin(); it != m_inFlight.end();) {
        if (inWindow(it.key())) {
            ++it;
            continue;
        }
        if (core::ApiReply *r = it.value()) {
            r->disconnect(this);
            r->abort();
        }
        it = m_inFlight.erase(it);
    }
    // Known days outside the window are kept (a step back and forth asks nothing), but the
    // server's today still changes: asked again whenever it is in the window.
    m_known.remove(serverToday());
    m_active.remove(serverToday());
    // The chosen day's figures first; the chart's days in one request (or, from a server
    // without /stats/days, day by day back in time).
    m_queue.clear();
    if (!m_known.contains(date) && !m_inFlight.contains(date))
        m_queue.append(date);
    if (m_dayByDay)
        queueMissingDays();
    else
        askChart();
    Q_EMIT changed();
    if (const auto f = figures())
        Q_EMIT figuresLoaded(*f);
    settle();
}

void ActivityStatsFeed::queueMissingDays()
{
    for (int i = 0; i < kChartDays; ++i) {
        const QDate d = m_date.addDays(-i);
        if (!m_known.contains(d) && !m_inFlight.contains(d) && !m_queue.contains(d))
            m_queue.append(d);
    }
}

void ActivityStatsFeed::askChart()
{
    if (core::ApiReply *old = m_chart) {
        m_chart = nullptr;
        old->disconnect(this);
        old->abort();
    }
    bool missing = false;
    for (const QDate &d : chartDates())
        missing = missing || !value(d);
    if (!missing)
        return;
    core::ApiReply *reply = m_api->send(core::endpoint::activeDays(m_date, kChartDays), this);
    ++m_sent;
    m_chart = reply;
    connect(reply, &core::ApiReply::finished, this, [this, reply] { onChart(reply); });
}

void ActivityStatsFeed::onChart(core::ApiReply *reply)
{
    if (reply != m_chart)
        return; // abandoned
    m_chart = nullptr;
    core::ApiError error;
    const auto days = decoded<core::ActiveDays>(reply, core::decodeActiveDays, &error);
    if (!days && error.kind == core::ApiError::Kind::Http && error.status == 404) {
        m_dayByDay = true; // an older server: its figures day by day
        queueMissingDays();
    } else if (!days) {
        if (error.kind == core::ApiError::Kind::Http && error.status == 403)
            m_forbidden = true;
        if (!m_failedSaid && error.kind != core::ApiError::Kind::Cancelled) {
            m_failedSaid = true;
            Q_EMIT loadFailed(failureText(error), error);
        }
    } else {
        for (const core::ActiveDays::Day &d : days->days) {
            const QDate day = QDate::fromString(d.date, QStringLiteral("yyyy-MM-dd"));
            if (day.isValid() && inWindow(day))
                m_active.insert(day, d.active);
        }
        Q_EMIT changed();
    }
    settle();
}

void ActivityStatsFeed::settle()
{
    pump();
    setLoading();
    if (!isLoading())
        Q_EMIT finished();
}

void ActivityStatsFeed::reload()
{
    abortAll();
    m_known.clear();
    m_active.clear();
    load(m_date);
}

void ActivityStatsFeed::pump()
{
    while (m_api && !m_queue.isEmpty() && m_inFlight.size() < kMaxInFlight) {
        const QDate day = m_queue.takeFirst();
        core::ApiReply *reply = m_api->send(core::endpoint::dayStats(day), this);
        ++m_sent;
        m_inFlight.insert(day, reply);
        connect(reply, &core::ApiReply::finished, this,
                [this, reply, day] { onAnswer(reply, day); });
    }
}

void ActivityStatsFeed::onAnswer(core::ApiReply *reply, const QDate &day)
{
    const auto it = m_inFlight.constFind(day);
    if (it == m_inFlight.cend() || it.value() != reply)
        return; // abandoned: another date was chosen, or everything was asked again
    m_inFlight.remove(day);
    core::ApiError error;
    auto stats = decoded<core::ModerationStats>(reply, core::decodeModerationStats, &error);
    if (stats && stats->date != dayCode(day)) {
        error = core::ApiError::decode(
            QStringLiteral("asked for %1, the answer is for %2").arg(dayCode(day), stats->date));
        stats.reset();
    }
    if (!stats) {
        if (error.kind == core::ApiError::Kind::Http && error.status == 403) {
            m_forbidden = true; // nothing else will answer otherwise: nothing more is asked
            m_queue.clear();
        }
        if (!m_failedSaid && error.kind != core::ApiError::Kind::Cancelled) {
            m_failedSaid = true;
            Q_EMIT loadFailed(failureText(error), error);
        }
    } else {
        m_known.insert(day, *stats);
        Q_EMIT changed();
        if (day == m_date)
            Q_EMIT figuresLoaded(*stats);
    }
    settle();
}

void ActivityStatsFeed::setLoading()
{
    if (m_loading == isLoading())
        return;
    m_loading = isLoading();
    Q_EMIT loadingChanged(m_loading);
}

// --- UserActivityFeed -------------------------------------------------------------------------

UserActivityFeed::UserActivityFeed(core::ApiClient *api, QObject *parent)
    : QObject(parent)
    , m_api(api)
{
}

UserActivityFeed::~UserActivityFeed()
{
    cancel();
}

QString UserActivityFeed::monthCode(const QDate &month)
{
    return month.toString(QStringLiteral("yyyy-MM"));
}

void UserActivityFeed::cancel()
{
    if (core::ApiReply *old = m_reply.data()) {
        m_reply = nullptr;
        old->disconnect(this);
        old->abort();
    }
}

void UserActivityFeed::clear()
{
    const bool was = isLoading();
    cancel();
    m_uid = 0;
    m_month = {};
    m_stats.reset();
    m_forbidden = false;
    if (was)
        Q_EMIT loadingChanged(false);
}

void UserActivityFeed::load(qint64 uid, const QDate &month)
{
    if (!m_api || uid <= 0 || !month.isValid())
        return;
    const QDate first(month.year(), month.month(), 1);
    const bool was = isLoading();
    cancel();
    if (uid != m_uid || first != m_month)
        m_stats.reset();
    m_uid = uid;
    m_month = first;
    m_forbidden = false;
    core::ApiReply *reply = m_api->send(core::endpoint::userStats(uid, first), this);
    m_reply = reply;
    connect(reply, &core::ApiReply::finished, this,
            [this, reply, uid, first] { onAnswer(reply, uid, first); });
    if (!was)
        Q_EMIT loadingChanged(true);
}

void UserActivityFeed::onAnswer(core::ApiReply *reply, qint64 uid, const QDate &month)
{
    if (reply != m_reply || uid != m_uid || month != m_month)
        return; // stale: another person or month was asked for since
    m_reply = nullptr;
    core::ApiError error;
    auto stats = decoded<core::UserActivityStats>(reply, core::decodeUserActivityStats, &error);
    if (stats && (stats->uid != uid || stats->month != monthCode(month))) {
        error = core::ApiError::decode(QStringLiteral("the answer is for another person or month"));
        stats.reset();
    }
    Q_EMIT loadingChanged(false);
    if (!stats) {
        m_forbidden = error.kind == core::ApiError::Kind::Http && error.status == 403;
        Q_EMIT loadFailed(failureText(error), error);
        return;
    }
    m_stats = stats;
    Q_EMIT loaded(*stats);
}

} // namespace threadline::models

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The moderators' statistics page: for a chosen day (the server's day, UTC+8; today
// by default) four figures as large numbers with their words — "Active today", "Active on each
// of the last 3 days", "Active on any of the last 7 days", "Inactive for 7 days" — and the 30 days
// ending at that day as a bar chart of the people active each day (ActivityChart), the hovered or
// selected bar's figure under it.
//
//   keys:    the date edit (Up / Down change the part under the cursor, the calendar pops up),
//            Ctrl+Left / Ctrl+Right the day before / after, Ctrl+Home today, F5 reloads;
//            on the chart Left / Right / Home / End, Return shows that day
//   states:  "…" while a figure loads, "—" when it could not be; a busy bar while anything loads;
//            what went wrong in words ("Could not load the statistics: …"; for an ordinary user
//            "Only moderators can see the statistics.")
// Beside the chart, the people behind a figure (Active today, each of the last 3 days, this week
// but not today, new this week — a click on the figure or Return on it chooses), paged as the
// list scrolls (models::StatsPeopleFeed); a click or Return on a person opens their page
// (personActivated).
// Everything comes through models::ActivityStatsFeed (the server's statistics, one per day).
#pragma once

#include <QDate>
#include <QWidget>

class QDateEdit;
class QLabel;
class QListView;
class QProgressBar;
class QShortcut;
class QTimer;
class QToolButton;

namespace threadline::models {
class ActivityStatsFeed;
class Feeds;
class StatsPeopleFeed;
class StatsPeopleModel;
} // namespace threadline::models

namespace threadline::ui {

class ActivityChart;
class MessageBar;

class StatsView : public QWidget
{
    Q_OBJECT
public:
    enum class Figure {
        ActiveToday,      // activeToday
        ActiveAllOf3Days, // activeAllOfLast3Days
        ActiveAnyOf7Days, // activeAnyOfLast7Days
        InactiveFor7Days, // inactiveLast7Days
        ThisWeekNotToday, // activeThisWeekNotToday
        NewThisWeek,      // newThisWeek
    };
    static constexpr int kFigures = 6;
    Q_ENUM(Figure)

    explicit StatsView(models::Feeds *feeds, QWidget *parent = nullptr);
    ~StatsView() override;

    // The first load: the date shown (today, the server's day, unless setDate() chose another).
    void start();
    // Everything asked again for the date shown (F5).
    void reload();
    // Shows that day (at once; the date edit's own changes wait a moment for the typing to end).
    void setDate(const QDate &date);
    [[nodiscard]] QDate date() const;
    // F5 reloads the page (default on); off where a window's own F5 already does that.
    void setRefreshKeyEnabled(bool enabled);

    // What a figure shows: the number, "…" while loading, "—" when not loaded.
    [[nodiscard]] QString figureText(Figure figure) const;
    [[nodiscard]] QString figureCaption(Figure figure) const;
    // The status line's words ("" when hidden) and the busy bar.
    [[nodiscard]] QString statusText() const;
    [[nodiscard]] bool isBusy() const;
    // The line under the chart: the current bar's day and figure.
    [[nodiscard]] QString chartCaption() const;

    [[nodiscard]] QDateEdit *dateEdit() const { return m_dateEdit; }
    [[nodiscard]] ActivityChart *chart() const { return m_chart; }
    [[nodiscard]] models::ActivityStatsFeed *feed() const { return m_feed; }

    // The people list: which figure it shows (ActiveToday, ActiveAllOf3Days, ThisWeekNotToday
    // or NewThisWeek; another is ignored), its title, the list itself.
    void showPeople(Figure figure);
    [[nodiscard]] Figure peopleFigure() const { return m_peopleFigure; }
    [[nodiscard]] QString peopleTitle() const;
    [[nodiscard]] QListView *peopleView() const { return m_people; }
    [[nodiscard]] models::StatsPeopleFeed *peopleFeed() const { return m_peopleFeed; }
    [[nodiscard]] QWidget *figureTile(Figure figure) const;

Q_SIGNALS:
    // A person of the list was clicked (or Return on them): open their page.
    void personActivated(qint64 uid);

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct Tile
    {
        QLabel *number = nullptr;
        QLabel *caption = nullptr;
    };

    void retranslate();
    void render();
    void step(int days);
    void loadPeople();
    [[nodiscard]] static bool hasPeople(Figure figure);

    models::ActivityStatsFeed *m_feed;
    QLabel *m_title;
    QLabel *m_dayLabel;
    QDateEdit *m_dateEdit;
    QToolButton *m_previous;
    QToolButton *m_next;
    QToolButton *m_today;
    QToolButton *m_refresh;
    MessageBar *m_status;
    QProgressBar *m_busy;
    Tile m_tiles[kFigures];
    QLabel *m_chartTitle;
    ActivityChart *m_chart;
    QLabel *m_chartCaption;
    models::StatsPeopleModel *m_peopleModel;
    models::StatsPeopleFeed *m_peopleFeed;
    QLabel *m_peopleTitle;
    QListView *m_people;
    Figure m_peopleFigure = Figure::ActiveAllOf3Days;
    QShortcut *m_f5;
    QTimer *m_typing; // the date edit's changes, once the typing pauses
    bool m_started = false;
};

} // namespace threadline::ui

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// One person's active days of a month, for moderators (on a person's page, ProfileHeader): a
// 7-column month grid painted with QPainter, the active days filled, the month's title between
// ‹ and › buttons, and a line of words: "12 active days in November 2026".
//
//   auto *calendar = new ActivityCalendar(feeds, parent);
//   calendar->setUser(10003);          // the server's current month of that person
//   calendar->showPreviousMonth();     // PgUp; PgDown (or ›) the next, up to this month
//
// The grid shows nothing as active until the answer is there ("Loading…"), so that a month not
// loaded never reads as a month without activity; a failure says why in words.
#pragma once

#include <QDate>
#include <QList>
#include <QWidget>

class QLabel;
class QToolButton;

namespace threadline::models {
class Feeds;
class UserActivityFeed;
} // namespace threadline::models

namespace threadline::ui {

class MonthGrid;

class ActivityCalendar : public QWidget
{
    Q_OBJECT
public:
    explicit ActivityCalendar(models::Feeds *feeds, QWidget *parent = nullptr);
    ~ActivityCalendar() override;

    // Shows person `uid`'s current month (the server's, UTC+8) and loads it. 0: nobody, nothing
    // is asked.
    void setUser(qint64 uid);
    [[nodiscard]] qint64 uid() const { return m_uid; }
    // Shows and loads the month `month` is in (no later than the server's current month).
    void setMonth(const QDate &month);
    [[nodiscard]] QDate month() const { return m_month; } // the first of the month
    void showPreviousMonth();
    void showNextMonth();
    void reload();

    // The active days shown (empty until loaded), and whether the month shown is loaded.
    [[nodiscard]] QList<int> activeDays() const;
    [[nodiscard]] bool isLoaded() const;
    // The line of words under the grid.
    [[nodiscard]] QString summaryText() const;
    // The month's title as shown ("November 2026" / "2026年11月").
    [[nodiscard]] QString monthTitle() const;
    [[nodiscard]] QToolButton *previousButton() const { return m_previous; }
    [[nodiscard]] QToolButton *nextButton() const { return m_next; }
    [[nodiscard]] models::UserActivityFeed *feed() const { return m_feed; }

Q_SIGNALS:
    // The month shown was loaded, or could not be.
    void loaded();
    void loadFailed(const QString &message);

protected:
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void render();

    models::UserActivityFeed *m_feed;
    QToolButton *m_previous;
    QLabel *m_title;
    QToolButton *m_next;
    MonthGrid *m_grid;
    QLabel *m_summary;
    qint64 m_uid = 0;
    QDate m_month;
    QString m_error;
};

} // namespace threadline::ui

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// RankingView: the Ranking page. A switch Today / This week (a tab bar, keyboard reachable: Tab
// to it, arrows to switch), my own place on the chosen board in a line above the list ("You:
// 12th of 345 people, 34 points"), the rules in a line below it, and the top 10 as a list drawn
// by RankingDelegate (model/view, no widget per row). A click or Return on a row opens that
// person's page (personRequested). What the list cannot show is said in words: loading, nobody
// has points yet, a failed load, the saved board while offline.
#pragma once

#include <QWidget>

class QLabel;
class QTabBar;

namespace threadline::models {
class Feeds;
class RankingFeed;
class RankingModel;
} // namespace threadline::models

namespace threadline::ui {

class PlaceholderList;

class RankingView : public QWidget
{
    Q_OBJECT
public:
    enum class Board { Today, ThisWeek }; // the tabs, in this order
    Q_ENUM(Board)

    RankingView(models::Feeds *feeds, qint64 myUid, QWidget *parent = nullptr);

    void setBoard(Board board);
    [[nodiscard]] Board board() const;
    // The first load, once (the page is shown); reload() asks again (F5).
    void start();
    void reload();
    [[nodiscard]] bool isStarted() const { return m_started; }

    [[nodiscard]] models::RankingModel *model() const { return m_model; }
    [[nodiscard]] models::RankingFeed *feed() const { return m_feed; }
    [[nodiscard]] PlaceholderList *list() const { return m_list; }
    [[nodiscard]] QTabBar *tabs() const { return m_tabs; }
    // The line about my own place ("You: …").
    [[nodiscard]] QString myLine() const;

Q_SIGNALS:
    void personRequested(qint64 uid);

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void retranslate();
    void updateTexts();
    void load();

    models::RankingModel *m_model;
    models::RankingFeed *m_feed;
    QTabBar *m_tabs;
    QLabel *m_me;
    QLabel *m_rules;
    PlaceholderList *m_list;
    QString m_error;
    bool m_started = false;
};

} // namespace threadline::ui

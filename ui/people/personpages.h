// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// PersonPages: what a person's page shows below their header (Profile and My posts): a switch
// "Posts | Activity | Messages" (a tab bar, keyboard reachable) over their posts (the page's
// TimelineView), their activity (an ActivityView on scope=user) or their board of messages (a
// MessageBoardView, read again each time it is shown). The activity loads when its tab is first
// chosen; another person starts it over.
#pragma once

#include <QWidget>

class QStackedWidget;
class QTabBar;

namespace threadline::ui {

class ActivityView;
class MessageBoardView;

class PersonPages : public QWidget
{
    Q_OBJECT
public:
    // posts: the person's timeline view (reparented); activity: theirs (reparented).
    PersonPages(QWidget *posts, ActivityView *activity, QWidget *parent = nullptr);

    // Whose page it is: their activity from now on (loaded when shown).
    void setPerson(qint64 uid);
    // The Activity tab (true) or the Posts tab.
    void showActivity(bool activity);
    [[nodiscard]] bool isShowingActivity() const;

    [[nodiscard]] QTabBar *tabs() const { return m_tabs; }
    [[nodiscard]] ActivityView *activity() const { return m_activity; }
    [[nodiscard]] QWidget *posts() const { return m_posts; }

    // The board of messages: a third tab "Messages" (reparented). Whose board and their name
    // (for its words); the board is read again each time its tab is shown.
    void setBoard(MessageBoardView *board);
    void setBoardPerson(qint64 uid, const QString &name);
    void showMessages();
    [[nodiscard]] bool isShowingMessages() const;
    [[nodiscard]] MessageBoardView *board() const { return m_board; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    QTabBar *m_tabs;
    QStackedWidget *m_stack;
    QWidget *m_posts;
    ActivityView *m_activity;
    MessageBoardView *m_board = nullptr;
    qint64 m_boardUid = 0;
    QString m_boardName;
};

} // namespace threadline::ui

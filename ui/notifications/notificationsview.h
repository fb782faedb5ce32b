// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// NotificationsView: the Notifications page — what others did to me and mine, newest first
// (NotificationsModel), each row drawn by NotificationDelegate, the unread ones marked. A line
// above the list says what it shows when that is not simply the server's list now (loading, the
// copy kept from an earlier run offline, a failure), and "Mark all as read" is beside it. A click
// or Return on a row marks it read and asks to open what it is about (the thread at the comment,
// the person, my board); M marks the current row read without opening it. Older ones load as
// the list scrolls.
#pragma once

#include "wire/wiretypes.h"

#include <QWidget>

class QLabel;
class QModelIndex;
class QPushButton;

namespace threadline::models {
class NotificationsModel;
class RelativeTime;
class TimeTicker;
} // namespace threadline::models

namespace threadline::ui {

class NotificationDelegate;
class PlaceholderList;

class NotificationsView : public QWidget
{
    Q_OBJECT
public:
    explicit NotificationsView(models::NotificationsModel *model, QWidget *parent = nullptr);

    void setTicker(models::TimeTicker *ticker, const models::RelativeTime &format);
    [[nodiscard]] PlaceholderList *list() const { return m_list; }
    [[nodiscard]] QPushButton *markAllButton() const { return m_markAll; }
    // What the line above the list says ("" when nothing).
    [[nodiscard]] QString stateText() const;
    // Opens the row (as a click does): marks it read, openRequested().
    void activate(const QModelIndex &index);

Q_SIGNALS:
    void openRequested(const threadline::core::Notification &notification);

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void retranslate();
    void updateState();

    models::NotificationsModel *m_model;
    QLabel *m_title;
    QLabel *m_state;
    QPushButton *m_markAll;
    PlaceholderList *m_list;
    NotificationDelegate *m_delegate;
};

} // namespace threadline::ui

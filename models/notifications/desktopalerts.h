// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The desktop's bubbles for what arrives in the notifications: replies, comments, messages and
// followers (likes and moderation stay in the app), grouped — one bubble per post for its
// replies and comments, one for the board's messages, one for new followers — each updated in
// place as more arrive ("3 new replies and comments on your post"), taken down once all it told
// of are read. None while Do not disturb is on, none while the window is in front (the page and
// its badge say it there). A click on a bubble asks to open what it is about.
//
//   DesktopAlerts alerts(&model, &notifier);
//   alerts.setDoNotDisturb(settings.value("notifications/doNotDisturb").toBool());
//   connect(&alerts, &DesktopAlerts::openRequested, window, …);  // raise, open the thread
#pragma once

#include "wire/wiretypes.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSet>

namespace threadline::core {
class DesktopNotifier;
}

namespace threadline::models {

class NotificationsModel;

class DesktopAlerts : public QObject
{
    Q_OBJECT
public:
    DesktopAlerts(NotificationsModel *model, core::DesktopNotifier *notifier,
                  QObject *parent = nullptr);

    void setDoNotDisturb(bool on);
    [[nodiscard]] bool doNotDisturb() const { return m_dnd; }
    // While the window is the active one, nothing goes to the desktop.
    void setWindowActive(bool active) { m_windowActive = active; }

    // The bubble's group of a notification ("" for kinds that get none).
    [[nodiscard]] static QString groupOf(const core::Notification &n);

Q_SIGNALS:
    // A bubble was clicked: the newest notification it told of.
    void openRequested(const threadline::core::Notification &notification);

private:
    struct Group
    {
        QSet<qint64> ids; // unread, told of by the bubble
        core::Notification latest;
    };
    void onArrived(const core::Notification &n);
    void onRead(qint64 id);
    void onActivated(const QString &key);

    QPointer<NotificationsModel> m_model;
    QPointer<core::DesktopNotifier> m_notifier;
    QHash<QString, Group> m_groups;
    bool m_dnd = false;
    bool m_windowActive = false;
};

} // namespace threadline::models

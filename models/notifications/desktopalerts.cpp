// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "notifications/desktopalerts.h"

#include "notifications/notificationsmodel.h"
#include "notifications/notificationtext.h"
#include "notify/desktopnotifier.h"

namespace threadline::models {

namespace {

using Kind = core::Notification::Kind;

// The bubble's title for a group of `count`.
QString groupTitle(const core::Notification &latest, int count)
{
    switch (latest.kind) {
    case Kind::Reply:
    case Kind::Comment:
        return NotificationText::tr("%n new reply(s) and comment(s) on a post", nullptr, count);
    case Kind::Message:
        return NotificationText::tr("%n new message(s) on your board", nullptr, count);
    case Kind::Follow:
        return NotificationText::tr("%n new follower(s)", nullptr, count);
    default:
        return NotificationText::tr("%n new notification(s)", nullptr, count);
    }
}

} // namespace

DesktopAlerts::DesktopAlerts(NotificationsModel *model, core::DesktopNotifier *notifier,
                             QObject *parent)
    : QObject(parent)
    , m_model(model)
    , m_notifier(notifier)
{
    connect(model, &NotificationsModel::arrived, this, &DesktopAlerts::onArrived);
    connect(model, &NotificationsModel::markedRead, this, &DesktopAlerts::onRead);
    if (notifier)
        connect(notifier, &core::DesktopNotifier::activated, this, &DesktopAlerts::onActivated);
}

QString DesktopAlerts::groupOf(const core::Notification &n)
{
    switch (n.kind) {
    case Kind::Reply:
    case Kind::Comment:
        return n.postId ? QStringLiteral("post:%1").arg(*n.postId) : QString();
    case Kind::Message:
        return QStringLiteral("board");
    case Kind::Follow:
        return QStringLiteral("followers");
    default:
        return {};
    }
}

void DesktopAlerts::setDoNotDisturb(bool on)
{
    m_dnd = on;
    if (!on || !m_notifier)
        return;
    for (auto it = m_groups.cbegin(); it != m_groups.cend(); ++it)
        m_notifier->close(it.key());
    m_groups.clear();
}

void DesktopAlerts::onArrived(const core::Notification &n)
{
    const QString key = groupOf(n);
    if (key.isEmpty() || m_dnd || m_windowActive || !m_notifier)
        return;
    Group &g = m_groups[key];
    g.ids.insert(n.id);
    g.latest = n;
    const int count = int(g.ids.size());
    const QString sentence = NotificationText::sentence(n);
    const QString detail = NotificationText::detail(n);
    const QString title = count == 1 ? sentence : groupTitle(n, count);
    const QString body = count == 1         ? detail
                         : detail.isEmpty() ? sentence
                                            : sentence + QLatin1Char('\n') + detail;
    m_notifier->show(key, title, body, NotificationText::tr("Open"));
}

void DesktopAlerts::onRead(qint64 id)
{
    for (auto it = m_groups.begin(); it != m_groups.end();) {
        it->ids.remove(id);
        if (it->ids.isEmpty()) {
            if (m_notifier)
                m_notifier->close(it.key());
            it = m_groups.erase(it);
        } else {
            ++it;
        }
    }
}

void DesktopAlerts::onActivated(const QString &key)
{
    const auto it = m_groups.constFind(key);
    if (it == m_groups.cend())
        return;
    const core::Notification latest = it->latest;
    m_groups.erase(it);
    Q_EMIT openRequested(latest);
}

} // namespace threadline::models

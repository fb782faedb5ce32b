// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "notify/desktopnotifier.h"

#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QDBusReply>
#include <QLoggingCategory>
#include <QVariantMap>

Q_LOGGING_CATEGORY(lcDesktop, "threadline.desktop")

namespace threadline::core {

namespace {

constexpr int kTimeoutMs = 3000; // a service that does not answer does not hold anything up

QString latin(const char *s)
{
    return QString::fromLatin1(s);
}

} // namespace

DesktopNotifier::DesktopNotifier(QObject *parent)
    : DesktopNotifier(QDBusConnection::sessionBus(), parent)
{
}

DesktopNotifier::DesktopNotifier(const QDBusConnection &bus, QObject *parent)
    : QObject(parent)
    , m_bus(bus)
{
    if (!m_bus.isConnected())
        return;
    m_bus.connect(latin(kService), latin(kPath), latin(kInterface), QStringLiteral("ActionInvoked"),
                  this, SLOT(onActionInvoked(uint, QString)));
    m_bus.connect(latin(kService), latin(kPath), latin(kInterface),
                  QStringLiteral("NotificationClosed"), this, SLOT(onClosed(uint, uint)));
}

void DesktopNotifier::show(const QString &key, const QString &title, const QString &body,
                           const QString &openLabel)
{
    if (!m_bus.isConnected()) {
        if (!m_toldUnavailable) {
            m_toldUnavailable = true;
            Q_EMIT unavailable(QStringLiteral("no session bus"));
        }
        return;
    }
    if (!m_markup) {
        // Asked once, before the first bubble: whether the body is read as markup.
        QDBusMessage ask = QDBusMessage::createMethodCall(
            latin(kService), latin(kPath), latin(kInterface), QStringLiteral("GetCapabilities"));
        auto *watcher = new QDBusPendingCallWatcher(m_bus.asyncCall(ask, kTimeoutMs), this);
        m_markup = true; // escaped until the service says otherwise: never markup by mistake
        connect(watcher, &QDBusPendingCallWatcher::finished, this,
                [this, watcher, key, title, body, openLabel] {
                    watcher->deleteLater();
                    QDBusPendingReply<QStringList> reply = *watcher;
                    if (!reply.isError())
                        m_markup = reply.value().contains(QStringLiteral("body-markup"));
                    send(key, title, body, openLabel);
                });
        return;
    }
    send(key, title, body, openLabel);
}

void DesktopNotifier::send(const QString &key, const QString &title, const QString &body,
                           const QString &openLabel)
{
    QDBusMessage call = QDBusMessage::createMethodCall(latin(kService), latin(kPath),
                                                       latin(kInterface), QStringLiteral("Notify"));
    QVariantMap hints;
    hints.insert(QStringLiteral("desktop-entry"), m_desktopEntry);
    hints.insert(QStringLiteral("category"), QStringLiteral("im.received"));
    hints.insert(QStringLiteral("urgency"), QVariant::fromValue(uchar(1)));
    // The summary is plain text by the specification; the body is escaped where it is markup.
    call << m_appName << uint(m_ids.value(key, 0)) << QString() << title
         << (m_markup.value_or(true) ? body.toHtmlEscaped() : body)
         << QStringList{QStringLiteral("default"), openLabel} << hints << int(-1);
    ++m_sent;
    auto *watcher = new QDBusPendingCallWatcher(m_bus.asyncCall(call, kTimeoutMs), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this, watcher, key] {
        watcher->deleteLater();
        QDBusPendingReply<uint> reply = *watcher;
        if (reply.isError()) {
            qCInfo(lcDesktop).noquote()
                << "no desktop notification:" << reply.error().name() << reply.error().message();
            if (!m_toldUnavailable) {
                m_toldUnavailable = true;
                Q_EMIT unavailable(reply.error().message());
            }
            return;
        }
        m_ids.insert(key, reply.value());
    });
}

void DesktopNotifier::close(const QString &key)
{
    const uint id = m_ids.take(key);
    if (id == 0 || !m_bus.isConnected())
        return;
    QDBusMessage call = QDBusMessage::createMethodCall(
        latin(kService), latin(kPath), latin(kInterface), QStringLiteral("CloseNotification"));
    call << id;
    m_bus.asyncCall(call, kTimeoutMs);
}

void DesktopNotifier::onActionInvoked(uint id, const QString &action)
{
    Q_UNUSED(action); // "default" (a click) or our one action: both open it
    const QString key = m_ids.key(id);
    if (!key.isEmpty())
        Q_EMIT activated(key);
}

void DesktopNotifier::onClosed(uint id, uint reason)
{
    Q_UNUSED(reason);
    const QString key = m_ids.key(id);
    if (!key.isEmpty())
        m_ids.remove(key);
}

} // namespace threadline::core

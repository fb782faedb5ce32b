// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Bubbles on the desktop through the freedesktop Notifications service
// (org.freedesktop.Notifications on the session bus, the Desktop Notifications Specification
// 1.2): show() puts up a bubble for a key, or replaces the one that key has up; a click on it
// is activated() with the key. The text is plain: where the service reads markup in the body
// (capability "body-markup"), it is escaped. Without a session bus or a service, nothing is
// shown and nothing fails.
//
//   DesktopNotifier notifier;                        // the session bus
//   notifier.show(u"post:90012"_s, title, body);     // a second show() with the key replaces it
//   connect(&notifier, &DesktopNotifier::activated, …); // the user clicked it
#pragma once

#include <QDBusConnection>
#include <QHash>
#include <QObject>
#include <QString>

#include <optional>

namespace threadline::core {

class DesktopNotifier : public QObject
{
    Q_OBJECT
public:
    static constexpr auto kService = "org.freedesktop.Notifications";
    static constexpr auto kPath = "/org/freedesktop/Notifications";
    static constexpr auto kInterface = "org.freedesktop.Notifications";

    explicit DesktopNotifier(QObject *parent = nullptr);
    DesktopNotifier(const QDBusConnection &bus, QObject *parent);

    // The desktop entry the bubbles name (the service shows its icon and name).
    void setDesktopEntry(const QString &entry) { m_desktopEntry = entry; }
    void setAppName(const QString &name) { m_appName = name; }
    // Up for `key`: a new bubble, or the one that key has up replaced. `openLabel`: the words of
    // its default action (a click on the bubble).
    void show(const QString &key, const QString &title, const QString &body,
              const QString &openLabel);
    // Takes the key's bubble down (nothing when it has none).
    void close(const QString &key);
    // Bubbles sent so far (a count; for tests and the log).
    [[nodiscard]] int sentCount() const { return m_sent; }

Q_SIGNALS:
    // The user clicked the bubble of `key`.
    void activated(const QString &key);
    // show() could not reach the service (no bus, no service, an error): said once per run.
    void unavailable(const QString &why);

private Q_SLOTS:
    void onActionInvoked(uint id, const QString &action);
    void onClosed(uint id, uint reason);

private:
    void send(const QString &key, const QString &title, const QString &body,
              const QString &openLabel);

    QDBusConnection m_bus;
    QString m_appName = QStringLiteral("Threadline");
    QString m_desktopEntry = QStringLiteral("io.github.threadline.Threadline");
    std::optional<bool> m_markup; // the service reads markup in the body (asked once)
    QHash<QString, uint> m_ids;   // key → the service's id of its bubble
    bool m_toldUnavailable = false;
    int m_sent = 0;
};

} // namespace threadline::core

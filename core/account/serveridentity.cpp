// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "account/serveridentity.h"

#include <QSettings>
#include <QUuid>

namespace threadline::core {

QString ServerIdentity::settingsKey(const QUrl &server)
{
    const QString scheme = server.scheme().toLower();
    const int port = server.port(scheme == QLatin1String("https") ? 443 : 80);
    const QString origin =
        QStringLiteral("%1://%2:%3").arg(scheme, server.host().toLower()).arg(port);
    return QStringLiteral("serverInstances/") +
           QString::fromLatin1(QUrl::toPercentEncoding(origin));
}

QString ServerIdentity::normalised(const QString &instance)
{
    if (instance.size() > 64)
        return {};
    const QUuid id = QUuid::fromString(instance);
    return id.isNull() ? QString() : id.toString(QUuid::WithoutBraces).toLower();
}

QString ServerIdentity::remembered(const QUrl &server)
{
    return normalised(QSettings().value(settingsKey(server)).toString());
}

void ServerIdentity::remember(const QUrl &server, const QString &instance)
{
    const QString id = normalised(instance);
    if (id.isEmpty())
        return;
    QSettings settings;
    if (settings.value(settingsKey(server)).toString() != id)
        settings.setValue(settingsKey(server), id);
}

QString ServerIdentity::folderName(const QString &instance, const QString &fallback)
{
    const QString id = normalised(instance);
    return id.isEmpty() ? fallback : QStringLiteral("id-") + id;
}

} // namespace threadline::core

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/stucksockets.h"

#include <QDir>
#include <QHostAddress>
#include <QHostInfo>
#include <QList>
#include <QLoggingCategory>

#include <QtGlobal>

#if defined(Q_OS_UNIX)
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#endif

namespace threadline::core {

namespace {

Q_LOGGING_CATEGORY(lcStuck, "threadline.api")

#if defined(Q_OS_UNIX)
int shutDown(const QList<QHostAddress> &addresses, quint16 port)
{
    QList<int> fds;
    const QStringList names =
        QDir(QStringLiteral("/proc/self/fd")).entryList(QDir::Files | QDir::System);
    for (const QString &name : names) {
        bool ok = false;
        const int fd = name.toInt(&ok);
        if (ok)
            fds.append(fd);
    }
    if (fds.isEmpty()) {
        for (int fd = 3; fd < 1024; ++fd)
            fds.append(fd);
    }
    int done = 0;
    for (const int fd : std::as_const(fds)) {
        int type = 0;
        socklen_t typeLength = sizeof type;
        if (::getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &typeLength) != 0 || type != SOCK_STREAM)
            continue;
        sockaddr_storage peer{};
        socklen_t length = sizeof peer;
        if (::getpeername(fd, reinterpret_cast<sockaddr *>(&peer), &length) != 0)
            continue;
        if (peer.ss_family != AF_INET && peer.ss_family != AF_INET6)
            continue;
        QHostAddress address(reinterpret_cast<const sockaddr *>(&peer));
        const quint16 peerPort =
            peer.ss_family == AF_INET
                ? ntohs(reinterpret_cast<const sockaddr_in *>(&peer)->sin_port)
                : ntohs(reinterpret_cast<const sockaddr_in6 *>(&peer)->sin6_port);
        if (peerPort != port)
            continue;
        bool match = false;
        for (const QHostAddress &a : addresses)
            match = match || a.isEqual(address, QHostAddress::TolerantConversion);
        if (!match)
            continue;
        if (::shutdown(fd, SHUT_RDWR) == 0)
            ++done;
    }
    if (done > 0)
        qCInfo(lcStuck, "ended %d connection(s) to port %u whose answer would not end", done,
               unsigned(port));
    return done;
}
#endif

} // namespace

int shutDownSocketsTo(const QString &host, quint16 port)
{
#if defined(Q_OS_UNIX) && QT_VERSION < QT_VERSION_CHECK(6, 5, 0)
    QHostAddress literal;
    QString bare = host;
    if (bare.startsWith(QLatin1Char('[')) && bare.endsWith(QLatin1Char(']')))
        bare = bare.mid(1, bare.size() - 2);
    if (literal.setAddress(bare))
        return shutDown({literal}, port);
    QHostInfo::lookupHost(bare, [port](const QHostInfo &info) {
        if (!info.addresses().isEmpty())
            shutDown(info.addresses(), port);
    });
    return 0;
#else
    Q_UNUSED(host)
    Q_UNUSED(port)
    return 0;
#endif
}

int shutDownSocketsTo(const QUrl &url)
{
    return shutDownSocketsTo(url.host(),
                             quint16(url.port(url.scheme() == QLatin1String("https") ? 443 : 80)));
}

} // namespace threadline::core

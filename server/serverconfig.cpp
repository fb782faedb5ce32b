// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "serverconfig.h"

#include <QThread>
#include <algorithm>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QUrl>

namespace threadline::server {

// IPv4 addresses mapped into IPv6 (::ffff:a.b.c.d, what a dual-stack socket reports) as IPv4.
QHostAddress plainAddress(const QHostAddress &a)
{
    bool v4 = false;
    const quint32 ip = a.toIPv4Address(&v4);
    return v4 && a.protocol() == QAbstractSocket::IPv6Protocol ? QHostAddress(ip) : a;
}

std::optional<QPair<QHostAddress, int>> parseSubnet(const QString &text)
{
    if (text.isEmpty())
        return std::nullopt;
    if (text.contains(QLatin1Char('/'))) {
        const auto s = QHostAddress::parseSubnet(text);
        if (s.first.isNull() || s.second < 0)
            return std::nullopt;
        return qMakePair(plainAddress(s.first),
                         s.first.protocol() == QAbstractSocket::IPv6Protocol &&
                                 plainAddress(s.first).protocol() == QAbstractSocket::IPv4Protocol
                             ? std::max(0, s.second - 96)
                             : s.second);
    }
    const QHostAddress a = plainAddress(QHostAddress(text));
    if (a.isNull())
        return std::nullopt;
    return qMakePair(a, a.protocol() == QAbstractSocket::IPv4Protocol ? 32 : 128);
}

bool ServerConfig::isTrustedProxy(const QHostAddress &address) const
{
    const QHostAddress a = plainAddress(address);
    for (const auto &[net, bits] : trustedProxies)
        if (a.isInSubnet(net, bits))
            return true;
    return false;
}

QString ServerConfig::clientAddress(const QString &peer, const QByteArray &forwardedFor) const
{
    if (trustedProxies.isEmpty())
        return peer; // the header is not looked at (nor parsed)
    const QHostAddress peerAddress = plainAddress(QHostAddress(peer));
    if (forwardedFor.isEmpty() || !isTrustedProxy(peerAddress))
        return peerAddress.isNull() ? peer : peerAddress.toString();
    // From the right: the hops our trusted proxies added. The first one that is not itself a
    // trusted proxy is the client; an entry that is not an address ends the walk (what lies
    // left of it was written by nobody we trust), and the last trusted hop is the answer.
    QHostAddress client = peerAddress;
    const QList<QByteArray> hops = forwardedFor.split(',');
    for (qsizetype i = hops.size() - 1; i >= 0; --i) {
        QByteArray hop = hops[i].trimmed();
        // "[v6]:port" and "v4:port" forms are not what nginx writes, but are read kindly.
        if (hop.startsWith('[') && hop.contains(']'))
            hop = hop.mid(1, hop.indexOf(']') - 1);
        else if (hop.count(':') == 1)
            hop = hop.left(hop.indexOf(':'));
        const QHostAddress a = plainAddress(QHostAddress(QString::fromLatin1(hop)));
        if (a.isNull())
            break;
        client = a;
        if (!isTrustedProxy(a))
            break;
    }
    return client.toString();
}

std::optional<QString> ServerConfig::parse(const QStringList &arguments, ServerConfig *out)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Threadline reference server (REST API v1)"));
    p.addHelpOption();
    p.addVersionOption();
    const QCommandLineOption listen(
        QStringLiteral("listen"),
        QStringLiteral("Address and port, e.g. 127.0.0.1:8080 (port 0 picks a free one)."),
        QStringLiteral("host:port"), QStringLiteral("127.0.0.1:8080"));
    const QCommandLineOption db(
        QStringLiteral("db"),
        QStringLiteral("sqlite:/path/file.db or postgresql://user:pass@host:port/dbname"),
        QStringLiteral("url"));
    const QCommandLineOption passwordFile(
        QStringLiteral("db-password-file"),
        QStringLiteral("PostgreSQL: read the database password from the first line of this file, "
                       "so that it is not on the command line. Without it, the systemd "
                       "credential db-password ($CREDENTIALS_DIRECTORY/db-password) is read "
                       "when there is one."),
        QStringLiteral("file"));
    const QCommandLineOption demo(QStringLiteral("demo"),
                                  QStringLiteral("Fill an empty database with the demo world."));
    const QCommandLineOption media(QStringLiteral("media-dir"),
                                   QStringLiteral("Directory for media files."),
                                   QStringLiteral("dir"));
    const QCommandLineOption words(
        QStringLiteral("wordlist"),
        QStringLiteral("Auto-flag word list, one word or phrase a line (UTF-8)."),
        QStringLiteral("file"));
    const QCommandLineOption days(QStringLiteral("changelog-days"),
                                  QStringLiteral("Days the /sync change log is kept (default 30)."),
                                  QStringLiteral("n"), QStringLiteral("30"));
    const QCommandLineOption rate(QStringLiteral("rate-limits"), QStringLiteral("off or default."),
                                  QStringLiteral("mode"), QStringLiteral("default"));
    const QCommandLineOption rateKeys(
        QStringLiteral("rate-limit-keys"),
        QStringLiteral("Rate-limit buckets kept at most (default 100000): the least recently used "
                       "go first, and only once refilled."),
        QStringLiteral("n"), QStringLiteral("100000"));
    const QCommandLineOption tokenTtl(
        QStringLiteral("token-ttl"),
        QStringLiteral("Seconds a token is valid after the sign-in (default 2592000, 30 days)."),
        QStringLiteral("s"), QStringLiteral("2592000"));
    const QCommandLineOption idle(
        QStringLiteral("idle-timeout"),
        QStringLiteral("Seconds a keep-alive connection may wait for its next request "
                       "(default 60)."),
        QStringLiteral("s"), QStringLiteral("60"));
    const QCommandLineOption header(
        QStringLiteral("header-timeout"),
        QStringLiteral("Seconds from a request's first byte to the end of its headers "
                       "(default 10)."),
        QStringLiteral("s"), QStringLiteral("10"));
    const QCommandLineOption body(
        QStringLiteral("body-timeout"),
        QStringLiteral("Seconds a request body may pause, or a peer may leave an answer "
                       "unread (default 30)."),
        QStringLiteral("s"), QStringLiteral("30"));
    const QCommandLineOption maxConn(
        QStringLiteral("max-connections"),
        QStringLiteral("Connections open at once; more are answered 503 (default 4096)."),
        QStringLiteral("n"), QStringLiteral("4096"));
    const QCommandLineOption maxPeer(
        QStringLiteral("max-connections-per-peer"),
        QStringLiteral("Connections open at once from one address (default 256)."),
        QStringLiteral("n"), QStringLiteral("256"));
    const QCommandLineOption tlsCert(
        QStringLiteral("tls-cert"),
        QStringLiteral("Speak HTTPS with this certificate (PEM; a chain may follow it). Needs "
                       "--tls-key."),
        QStringLiteral("file"));
    const QCommandLineOption tlsKey(
        QStringLiteral("tls-key"),
        QStringLiteral("The certificate's private key (PEM, RSA or EC, not encrypted)."),
        QStringLiteral("file"));
    const QCommandLineOption trustedProxy(
        QStringLiteral("trusted-proxy"),
        QStringLiteral("Reverse proxies whose X-Forwarded-For is believed: IP addresses or CIDR "
                       "ranges, comma-separated (may repeat; default none: the header is "
                       "ignored). The client address (for per-address limits and the log) is "
                       "then the right-most X-Forwarded-For entry that is not itself trusted."),
        QStringLiteral("addr[,addr…]"));
    const QCommandLineOption tokenCache(
        QStringLiteral("token-cache"),
        QStringLiteral("PostgreSQL: seconds a token check is reused before the database is asked "
                       "again, so a sign-out in another process is seen within this time "
                       "(default 2; 0: ask on every request). SQLite always caches (one "
                       "process)."),
        QStringLiteral("s"), QStringLiteral("2"));
    const QCommandLineOption workers(
        QStringLiteral("workers"),
        QStringLiteral("PostgreSQL: threads that answer reads and likes, each with a database "
                       "connection of its own, so that a process has several requests in flight "
                       "(default: the number of cores, at least 2; 0: every request on the HTTP "
                       "thread). SQLite: always 0 (one writer)."),
        QStringLiteral("n"), QString::number(std::max(2, QThread::idealThreadCount())));
    const QCommandLineOption readCache(
        QStringLiteral("read-cache"),
        QStringLiteral("PostgreSQL: on (default) or off. Keeps rendered posts and pages of floors "
                       "in memory until the change log says they changed (exact across every "
                       "process on the database); each read still sees every change committed "
                       "before it."),
        QStringLiteral("mode"), QStringLiteral("on"));
    const QCommandLineOption maxStreams(
        QStringLiteral("max-streams"),
        QStringLiteral("Push streams (GET /api/v1/stream) open at once in this process; one more "
                       "is answered 503 (default 10000). Each is also a connection."),
        QStringLiteral("n"), QStringLiteral("10000"));
    const QCommandLineOption maxStreamsPerUser(
        QStringLiteral("max-streams-per-user"),
        QStringLiteral("Push streams open at once for one user in this process; one more is "
                       "answered 429 (default 8)."),
        QStringLiteral("n"), QStringLiteral("8"));
    const QCommandLineOption streamPing(
        QStringLiteral("stream-ping"),
        QStringLiteral("Seconds between the ping comments of a push stream, which keep idle "
                       "proxies from closing it (default 15)."),
        QStringLiteral("s"), QStringLiteral("15"));
    const QCommandLineOption streamBuffer(
        QStringLiteral("stream-buffer"),
        QStringLiteral("KiB a push stream's reader may leave unread before it is told it is too "
                       "slow (event overflow) and closed (default 256)."),
        QStringLiteral("KiB"), QStringLiteral("256"));
    const QCommandLineOption drain(
        QStringLiteral("drain-seconds"),
        QStringLiteral("After SIGTERM or SIGINT: stop accepting, close idle connections, tell "
                       "push streams to reconnect, and give the requests in flight this long to "
                       "finish before exiting (default 10; a second signal exits at once)."),
        QStringLiteral("s"), QStringLiteral("10"));
    const QCommandLineOption logFormat(
        QStringLiteral("log-format"),
        QStringLiteral("text (an ISO-8601 time first), journal (a <N> level prefix, no time: "
                       "journald adds its own) or auto (default: journal when $JOURNAL_STREAM "
                       "says stderr is the journal)."),
        QStringLiteral("format"), QStringLiteral("auto"));
    const QCommandLineOption metricsFrom(
        QStringLiteral("metrics-from"),
        QStringLiteral("Peers besides loopback that may read GET /metrics: IP addresses or CIDR "
                       "ranges, comma-separated (may repeat). A request forwarded by a proxy "
                       "(with X-Forwarded-For) never gets them."),
        QStringLiteral("addr[,addr…]"));
    p.addOptions({listen,
                  db,
                  passwordFile,
                  demo,
                  media,
                  words,
                  days,
                  rate,
                  rateKeys,
                  tokenTtl,
                  idle,
                  header,
                  body,
                  maxConn,
                  maxPeer,
                  tlsCert,
                  tlsKey,
                  trustedProxy,
                  tokenCache,
                  workers,
                  readCache,
                  maxStreams,
                  maxStreamsPerUser,
                  streamPing,
                  streamBuffer,
                  drain,
                  logFormat,
                  metricsFrom});
    if (!p.parse(arguments))
        return p.errorText();
    if (p.isSet(QStringLiteral("help")))
        return p.helpText();
    if (p.isSet(QStringLiteral("version")))
        return QCoreApplication::applicationName() + QLatin1Char(' ') +
               QCoreApplication::applicationVersion();

    ServerConfig c;
    const QString l = p.value(listen);
    const qsizetype colon = l.lastIndexOf(QLatin1Char(':'));
    if (colon <= 0)
        return QStringLiteral("--listen wants host:port");
    QString host = l.left(colon);
    if (host.startsWith(QLatin1Char('[')) && host.endsWith(QLatin1Char(']')))
        host = host.mid(1, host.size() - 2);
    bool ok = false;
    const uint port = l.mid(colon + 1).toUInt(&ok);
    if (!ok || port > 65535)
        return QStringLiteral("--listen: bad port");
    if (host == QLatin1String("localhost"))
        host = QStringLiteral("127.0.0.1");
    if (!c.address.setAddress(host))
        return QStringLiteral("--listen: bad address %1").arg(host);
    c.port = quint16(port);

    const QString dataDir = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
                            QStringLiteral("/threadline-server");
    c.dbUrl = p.isSet(db) ? p.value(db)
                          : QStringLiteral("sqlite:") + dataDir + QStringLiteral("/threadline.db");
    // The password's file: --db-password-file, or else systemd's credential "db-password"
    // (LoadCredential=db-password:/etc/threadline/db-password puts it in $CREDENTIALS_DIRECTORY).
    QString secretPath = p.value(passwordFile);
    if (secretPath.isEmpty() && c.dbUrl.startsWith(QLatin1String("postgresql://"))) {
        const QString credentials = qEnvironmentVariable("CREDENTIALS_DIRECTORY");
        const QString credential = credentials + QStringLiteral("/db-password");
        if (!credentials.isEmpty() && QFileInfo::exists(credential))
            secretPath = credential;
    }
    if (!secretPath.isEmpty()) {
        if (!c.dbUrl.startsWith(QLatin1String("postgresql://")))
            return QStringLiteral("--db-password-file is for a postgresql:// --db");
        QFile f(secretPath);
        if (!f.open(QIODevice::ReadOnly))
            return QStringLiteral("--db-password-file: cannot read %1: %2")
                .arg(f.fileName(), f.errorString());
        const QByteArray line = f.readLine(4096);
        QByteArray secret = line;
        while (secret.endsWith('\n') || secret.endsWith('\r'))
            secret.chop(1);
        if (secret.isEmpty())
            return QStringLiteral("--db-password-file: %1 holds no password").arg(f.fileName());
        QUrl url(c.dbUrl);
        url.setPassword(QString::fromUtf8(secret), QUrl::DecodedMode);
        c.dbUrl = url.toString(QUrl::FullyEncoded);
    }
    if (c.dbUrl.startsWith(QLatin1String("sqlite:"))) {
        const QString path = c.dbUrl.mid(7);
        if (path.isEmpty())
            return QStringLiteral("--db sqlite: needs a path");
        QDir().mkpath(QFileInfo(path).absolutePath());
        c.mediaDir = QFileInfo(path).absolutePath() + QStringLiteral("/media");
    } else {
        c.mediaDir = dataDir + QStringLiteral("/media");
    }
    if (p.isSet(media))
        c.mediaDir = p.value(media);
    c.demo = p.isSet(demo);
    c.wordlistFile = p.value(words);
    c.changelogDays = p.value(days).toInt(&ok);
    if (!ok || c.changelogDays < 0)
        return QStringLiteral("--changelog-days wants a whole number ≥ 0");
    const QString r = p.value(rate);
    if (r == QLatin1String("off"))
        c.rateLimits = false;
    else if (r == QLatin1String("default") || r == QLatin1String("on"))
        c.rateLimits = true;
    else
        return QStringLiteral("--rate-limits wants off or default");
    c.rateLimitKeys = p.value(rateKeys).toInt(&ok);
    if (!ok || c.rateLimitKeys < 1)
        return QStringLiteral("--rate-limit-keys wants a whole number ≥ 1");
    c.tokenTtlSeconds = p.value(tokenTtl).toLongLong(&ok);
    if (!ok || c.tokenTtlSeconds <= 0)
        return QStringLiteral("--token-ttl wants a whole number of seconds > 0");
    // Timeouts in seconds, fractions allowed (tests use short ones): 0.001 to 86400.
    const auto seconds = [&p](const QCommandLineOption &o, int *ms) -> std::optional<QString> {
        bool good = false;
        const double s = p.value(o).toDouble(&good);
        if (!good || !(s >= 0.001 && s <= 86400))
            return QStringLiteral("--%1 wants seconds between 0.001 and 86400")
                .arg(o.names().constFirst());
        *ms = std::max(1, int(s * 1000 + 0.5));
        return std::nullopt;
    };
    if (auto e = seconds(idle, &c.idleTimeoutMs))
        return e;
    if (auto e = seconds(header, &c.headerTimeoutMs))
        return e;
    if (auto e = seconds(body, &c.bodyTimeoutMs))
        return e;
    if (auto e = seconds(streamPing, &c.streamPingMs))
        return e;
    c.maxStreams = p.value(maxStreams).toInt(&ok);
    if (!ok || c.maxStreams < 0)
        return QStringLiteral("--max-streams wants a whole number ≥ 0");
    c.maxStreamsPerUser = p.value(maxStreamsPerUser).toInt(&ok);
    if (!ok || c.maxStreamsPerUser < 0)
        return QStringLiteral("--max-streams-per-user wants a whole number ≥ 0");
    const int bufferKiB = p.value(streamBuffer).toInt(&ok);
    if (!ok || bufferKiB < 1 || bufferKiB > 1024 * 1024)
        return QStringLiteral("--stream-buffer wants KiB from 1 to 1048576");
    c.streamBufferBytes = qint64(bufferKiB) * 1024;
    c.maxConnections = p.value(maxConn).toInt(&ok);
    if (!ok || c.maxConnections < 1)
        return QStringLiteral("--max-connections wants a whole number > 0");
    c.maxConnectionsPerPeer = p.value(maxPeer).toInt(&ok);
    if (!ok || c.maxConnectionsPerPeer < 1)
        return QStringLiteral("--max-connections-per-peer wants a whole number > 0");
    c.tlsCertFile = p.value(tlsCert);
    c.tlsKeyFile = p.value(tlsKey);
    if (c.tlsCertFile.isEmpty() != c.tlsKeyFile.isEmpty())
        return QStringLiteral("--tls-cert and --tls-key go together");
    for (const QString &list : p.values(trustedProxy)) {
        for (const QString &item : list.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const auto subnet = parseSubnet(item.trimmed());
            if (!subnet)
                return QStringLiteral("--trusted-proxy: %1 is not an IP address or a CIDR range")
                    .arg(item.trimmed());
            c.trustedProxies.append(*subnet);
        }
    }
    const double cacheSeconds = p.value(tokenCache).toDouble(&ok);
    if (!ok || !(cacheSeconds >= 0 && cacheSeconds <= 3600))
        return QStringLiteral("--token-cache wants seconds between 0 and 3600");
    c.tokenCacheMs = qint64(cacheSeconds * 1000 + 0.5);
    const QString cacheMode = p.value(readCache);
    if (cacheMode != QLatin1String("on") && cacheMode != QLatin1String("off"))
        return QStringLiteral("--read-cache wants on or off");
    c.readCache = cacheMode == QLatin1String("on");
    c.workers = p.value(workers).toInt(&ok);
    if (!ok || c.workers < 0 || c.workers > 64)
        return QStringLiteral("--workers wants a whole number from 0 to 64");
    const double drainSeconds = p.value(drain).toDouble(&ok);
    if (!ok || !(drainSeconds >= 0 && drainSeconds <= 3600))
        return QStringLiteral("--drain-seconds wants seconds between 0 and 3600");
    c.drainMs = int(drainSeconds * 1000 + 0.5);
    const QString format = p.value(logFormat);
    if (format == QLatin1String("auto"))
        c.logFormat = LogFormat::Auto;
    else if (format == QLatin1String("text"))
        c.logFormat = LogFormat::Text;
    else if (format == QLatin1String("journal"))
        c.logFormat = LogFormat::Journal;
    else
        return QStringLiteral("--log-format wants text, journal or auto");
    for (const QString &list : p.values(metricsFrom)) {
        for (const QString &item : list.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const auto subnet = parseSubnet(item.trimmed());
            if (!subnet)
                return QStringLiteral("--metrics-from: %1 is not an IP address or a CIDR range")
                    .arg(item.trimmed());
            c.metricsFrom.append(*subnet);
        }
    }
    *out = c;
    return std::nullopt;
}

bool ServerConfig::mayReadMetrics(const QHostAddress &peer) const
{
    const QHostAddress a = plainAddress(peer);
    if (a.isLoopback())
        return true;
    for (const auto &[net, bits] : metricsFrom)
        if (a.isInSubnet(net, bits))
            return true;
    return false;
}

} // namespace threadline::server

#include "serverconfig.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QStandardPaths>

namespace threadline::server {

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
    p.addOptions({listen, db, demo, media, words, days, rate, tokenTtl, idle, header, body, maxConn,
                  maxPeer, tlsCert, tlsKey});
    if (!p.parse(arguments))
        return p.errorText();
    if (p.isSet(QStringLiteral("help")))
        return p.helpText();
    if (p.isSet(QStringLiteral("version")))
        return QCoreApplication::applicationVersion();

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
    *out = c;
    return std::nullopt;
}

} // namespace threadline::server

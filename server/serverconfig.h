#pragma once

#include <QHostAddress>
#include <QString>
#include <QStringList>
#include <optional>

namespace threadline::server {

struct ServerConfig
{
    QHostAddress address = QHostAddress::LocalHost;
    quint16 port = 8080;
    QString dbUrl; // sqlite:PATH or postgresql://…
    bool demo = false;
    QString mediaDir;       // where uploaded and demo images live
    QString wordlistFile;   // auto-flag words, one a line; empty: the built-in list
    int changelogDays = 30; // how long /sync cursors stay valid
    bool rateLimits = true;
    qint64 tokenTtlSeconds = 30LL * 24 * 3600; // a token expires this long after the sign-in

    // The HTTP front (httpserver.h): timeouts in milliseconds, connection caps.
    int idleTimeoutMs = 60'000;      // a keep-alive connection with no request under way
    int headerTimeoutMs = 10'000;    // from a request's first byte to the end of its headers
    int bodyTimeoutMs = 30'000;      // the longest wait for the next bytes of a body, or for the
                                     // peer to take the next bytes of an answer
    int maxConnections = 4096;       // open at once; one more is answered 503 and closed
    int maxConnectionsPerPeer = 256; // from one address

    // HTTPS: both set, or neither (plain HTTP). PEM files.
    QString tlsCertFile;
    QString tlsKeyFile;

    // Parses the command line (argv without the program name handled by QCommandLineParser).
    // Returns an error message, or nothing when the configuration is usable.
    static std::optional<QString> parse(const QStringList &arguments, ServerConfig *out);
};

} // namespace threadline::server

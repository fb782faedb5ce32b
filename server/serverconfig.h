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

    // Parses the command line (argv without the program name handled by QCommandLineParser).
    // Returns an error message, or nothing when the configuration is usable.
    static std::optional<QString> parse(const QStringList &arguments, ServerConfig *out);
};

} // namespace threadline::server

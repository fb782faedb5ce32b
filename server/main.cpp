// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// threadline-server: the reference backend of Threadline (REST API v1).
#include "api/api.h"
#include "db/database.h"
#include "demo/demostartup.h"
#include "http/httpserver.h"
#include "ops/serverlog.h"
#include "serverconfig.h"

#include <QCoreApplication>
#include <QSocketNotifier>
#include <QTimer>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace threadline::server;

static int g_signalFd[2] = {-1, -1};
static std::atomic_int g_signals{0}; // lock-free: safe in a signal handler

static void onSignal(int)
{
    // The second SIGTERM or SIGINT ends the process at once, even when its event loop is stuck.
    if (g_signals.fetch_add(1) > 0)
        ::_exit(1);
    const char c = 1;
    [[maybe_unused]] auto n = ::write(g_signalFd[0], &c, 1);
}

int main(int argc, char *argv[])
{
    // Qt's own event loop, not GLib's: with GLib every socket notifier switched on or off (a
    // write notifier per answer) wakes the loop through its eventfd, two extra system calls
    // and a loop pass per request (measured: 2.1 eventfd writes per like on the HTTP thread).
    // An empty QT_NO_GLIB= in the environment keeps GLib's.
    if (!qEnvironmentVariableIsSet("QT_NO_GLIB"))
        qputenv("QT_NO_GLIB", "1");
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("threadline-server"));
    QCoreApplication::setApplicationVersion(QStringLiteral(THREADLINE_SERVER_VERSION));

    ServerConfig config;
    if (const auto message = ServerConfig::parse(app.arguments(), &config)) {
        const bool info = app.arguments().contains(QStringLiteral("--help")) ||
                          app.arguments().contains(QStringLiteral("-h")) ||
                          app.arguments().contains(QStringLiteral("--version")) ||
                          app.arguments().contains(QStringLiteral("-v"));
        fprintf(info ? stdout : stderr, "%s\n", qPrintable(*message));
        return info ? 0 : 2;
    }

    // Descriptors: the soft limit up to the hard one (often 1,024 of 524,288), so that the
    // connection cap (--max-connections), not the default limit, is what refuses peers.
    struct rlimit rl = {};
    if (::getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        ::setrlimit(RLIMIT_NOFILE, &rl);
    }

    serverlog::configure(config.logFormat);

    Database db;
    QString error;
    if (!db.open(config.dbUrl, &error) || !db.migrate(&error)) {
        serverlog::line(serverlog::Level::Error, "cannot open the database: " + error.toUtf8());
        return 1;
    }
    // The demo world (--demo), a start-up step of its own: written before the Api serves.
    if (config.demo && !seedDemoAtStart(db, config, &error)) {
        serverlog::line(serverlog::Level::Error, error.toUtf8());
        return 1;
    }
    Api api(db, config);
    if (db.isPostgres() && config.readCache)
        api.setReadCache(std::make_shared<ReadCache>());
    api.init();
    api.pruneLogs();

    HttpServer server(api, config);
    if (!config.tlsCertFile.isEmpty() &&
        !server.configureTls(config.tlsCertFile, config.tlsKeyFile, &error)) {
        serverlog::line(serverlog::Level::Error, error.toUtf8());
        return 1;
    }
    const quint16 port = server.listen(config.address, config.port);
    if (!port) {
        serverlog::line(serverlog::Level::Error, "cannot listen on " +
                                                     config.address.toString().toUtf8() + ':' +
                                                     QByteArray::number(config.port));
        return 1;
    }
    const QString host = config.address.protocol() == QAbstractSocket::IPv6Protocol
                             ? QStringLiteral("[%1]").arg(config.address.toString())
                             : config.address.toString();
    printf("listening on %s://%s:%u\n", server.isTls() ? "https" : "http", qPrintable(host),
           unsigned(port));
    fflush(stdout);

    // A graceful stop on SIGINT/SIGTERM (HttpServer::drain()): the handler only writes to a
    // socket pair; the server stops accepting and finishes what is in flight (at most
    // --drain-seconds), the event loop quits with 0, and the database closes in order.
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, g_signalFd) == 0) {
        auto *notifier = new QSocketNotifier(g_signalFd[1], QSocketNotifier::Read, &app);
        QObject::connect(notifier, &QSocketNotifier::activated, &app, [&server] {
            char c;
            [[maybe_unused]] auto n = ::read(g_signalFd[1], &c, 1);
            server.drain([] { QCoreApplication::exit(0); });
        });
        struct sigaction sa = {};
        sa.sa_handler = onSignal;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_RESTART;
        sigaction(SIGINT, &sa, nullptr);
        sigaction(SIGTERM, &sa, nullptr);
    }
    signal(SIGPIPE, SIG_IGN);

    QTimer prune;
    QObject::connect(&prune, &QTimer::timeout, &app, [&api] {
        try {
            api.pruneLogs();
        } catch (const std::exception &e) {
            serverlog::line(serverlog::Level::Error,
                            QByteArray("pruning the logs failed: ") + e.what());
        }
    });
    prune.start(3600 * 1000);

    const int rc = app.exec();
    serverlog::line(serverlog::Level::Info, "stopped");
    return rc;
}

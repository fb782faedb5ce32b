// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The core's part of the command line, shared by the app and the QA tools:
//   --server URL   the server (default: the last one signed in to)
//   --offline      start offline: not one request leaves the process
//   --faults SPEC  QA fault injection, e.g. "latency=300,error=0.1,drop=0.05"
//   --like-delay MS  the quiet time before a like is sent (default 3000)
//   --ca-cert FILE  trust the certificate(s) in FILE (PEM) as authorities besides the system's,
//                   e.g. a deployment's self-signed certificate (scripts/deploy-local.sh)
#pragma once

#include "net/faultinjection.h"

#include <QCommandLineParser>
#include <QList>
#include <QSslCertificate>
#include <QUrl>
#include <optional>

namespace threadline::core {

class AppCore;

struct CoreOptions
{
    QUrl server;
    bool offline = false;
    FaultConfig faults;
    int likeDelayMs = 3000;
    QList<QSslCertificate> caCertificates; // --ca-cert: ApiClient::setCaCertificates

    // Adds the options to a parser (before parse()); the testing ones hidden from --help.
    static void addTo(QCommandLineParser &parser);
    // The options for testing (faults, the like delay): for --help-qa.
    static QList<QCommandLineOption> testingOptions();
    // Reads them after parse(); an error sentence when a value is malformed.
    static std::optional<QString> read(const QCommandLineParser &parser, CoreOptions *out);
    // Applies server, offline, faults and the trusted certificates to an assembled core.
    void applyTo(AppCore &core) const;
};

} // namespace threadline::core

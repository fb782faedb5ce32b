// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "coreoptions.h"

#include "appcore.h"
#include "net/apiclient.h"

#include <QCoreApplication>

namespace threadline::core {

void CoreOptions::addTo(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("server"),
                      QCoreApplication::translate(
                          "CoreOptions", "The Threadline server, e.g. http://127.0.0.1:8080."),
                      QStringLiteral("url")});
    parser.addOption({QStringLiteral("offline"),
                      QCoreApplication::translate(
                          "CoreOptions", "Start offline: no request leaves the program.")});
    for (QCommandLineOption &o : testingOptions()) {
        o.setFlags(QCommandLineOption::HiddenFromHelp); // --help-qa lists them
        parser.addOption(o);
    }
    parser.addOption({QStringLiteral("ca-cert"),
                      QCoreApplication::translate(
                          "CoreOptions", "Trust the certificate(s) in FILE (PEM), e.g. a local "
                                         "deployment's self-signed one, besides the system's."),
                      QStringLiteral("file")});
}

QList<QCommandLineOption> CoreOptions::testingOptions()
{
    return {
        {QStringLiteral("faults"),
         QCoreApplication::translate(
             "CoreOptions", "Inject faults for testing, e.g. latency=300,error=0.1,drop=0.05."),
         QStringLiteral("spec")},
        {QStringLiteral("like-delay"),
         QCoreApplication::translate("CoreOptions", "Milliseconds of quiet before a like is sent."),
         QStringLiteral("ms"), QStringLiteral("3000")},
    };
}

std::optional<QString> CoreOptions::read(const QCommandLineParser &parser, CoreOptions *out)
{
    CoreOptions o;
    if (parser.isSet(QStringLiteral("server"))) {
        o.server = QUrl(parser.value(QStringLiteral("server")), QUrl::StrictMode);
        if (!o.server.isValid() ||
            (o.server.scheme() != QLatin1String("http") &&
             o.server.scheme() != QLatin1String("https")) ||
            o.server.host().isEmpty())
            return QCoreApplication::translate(
                "CoreOptions",
                "--server needs an http or https URL, such as http://127.0.0.1:8080");
    }
    o.offline = parser.isSet(QStringLiteral("offline"));
    if (parser.isSet(QStringLiteral("faults"))) {
        const auto f = FaultConfig::parse(parser.value(QStringLiteral("faults")));
        if (!f)
            return QCoreApplication::translate(
                "CoreOptions",
                "--faults takes latency=MS,error=RATE,drop=RATE with rates from 0 to 1");
        o.faults = *f;
    }
    bool ok = false;
    o.likeDelayMs = parser.value(QStringLiteral("like-delay")).toInt(&ok);
    if (!ok || o.likeDelayMs < 0 || o.likeDelayMs > 600000)
        return QCoreApplication::translate("CoreOptions",
                                           "--like-delay takes milliseconds from 0 to 600000");
    if (parser.isSet(QStringLiteral("ca-cert"))) {
        const QString file = parser.value(QStringLiteral("ca-cert"));
        o.caCertificates = QSslCertificate::fromPath(file, QSsl::Pem);
        if (o.caCertificates.isEmpty())
            return QCoreApplication::translate("CoreOptions",
                                               "--ca-cert: no PEM certificate in \"%1\"")
                .arg(file);
    }
    *out = o;
    return std::nullopt;
}

void CoreOptions::applyTo(AppCore &core) const
{
    if (server.isValid())
        core.setServer(server);
    core.api()->setFaultConfig(faults);
    if (!caCertificates.isEmpty())
        core.api()->setCaCertificates(caCertificates);
    core.setOffline(offline);
}

} // namespace threadline::core

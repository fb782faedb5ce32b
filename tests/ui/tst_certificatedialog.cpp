// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The dialog shown when a server's certificate is not trusted (TLS), against the real
// threadline-server with a throwaway self-signed certificate: the words (plain text) say why and
// show the fingerprint; Escape cancels and pins nothing; "Trust this certificate" pins it and the
// request then goes through; the sign-in dialog retries the last sign-in.
#include "net/apiclient.h"
#include "dialogs/certificatedialog.h"
#include "dialogs/logindialog.h"
#include "testserver.h"
#include "net/tlspins.h"

#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace threadline;

class TstCertificateDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void escapeCancels();
    void trustPinsAndRetries();
    void loginDialogRetries();

private:
    core::CertificateProblem refused(); // GET /health: the problem it reports

    QTemporaryDir m_dir;
    test::TestServer m_server;
    QString m_cert;
};

void TstCertificateDialog::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QCoreApplication::setOrganizationName(QStringLiteral("ThreadlineTlsTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_certificatedialog"));
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope,
                       m_dir.filePath(QStringLiteral("settings")));
    QSettings().remove(QStringLiteral("tlsPins"));
    m_cert = m_dir.filePath(QStringLiteral("cert.pem"));
    const QString key = m_dir.filePath(QStringLiteral("key.pem"));
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(QStringLiteral("/usr/bin/openssl"),
            {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"),
             QStringLiteral("ec"), QStringLiteral("-pkeyopt"),
             QStringLiteral("ec_paramgen_curve:prime256v1"), QStringLiteral("-nodes"),
             QStringLiteral("-keyout"), key, QStringLiteral("-out"), m_cert,
             QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-subj"),
             QStringLiteral("/CN=127.0.0.1"), QStringLiteral("-addext"),
             QStringLiteral("subjectAltName=IP:127.0.0.1")});
    QVERIFY2(p.waitForFinished(60000) && p.exitCode() == 0, p.readAll().constData());
    QVERIFY(m_server.start({QStringLiteral("--demo"), QStringLiteral("--tls-cert"), m_cert,
                            QStringLiteral("--tls-key"), key}));
}

core::CertificateProblem TstCertificateDialog::refused()
{
    core::ApiClient api;
    api.setBaseUrl(m_server.baseUrl());
    QSignalSpy untrusted(&api, &core::ApiClient::untrustedCertificate);
    core::ApiReply *r = api.get(QStringLiteral("/api/v1/health"), this);
    QSignalSpy done(r, &core::ApiReply::finished);
    if (!done.wait(20000))
        return core::CertificateProblem();
    if (untrusted.isEmpty() && !untrusted.wait(5000))
        return core::CertificateProblem();
    return untrusted.at(0).at(0).value<core::CertificateProblem>();
}

void TstCertificateDialog::escapeCancels()
{
    const core::CertificateProblem problem = refused();
    QVERIFY(!problem.isNull());
    ui::CertificateDialog dialog(problem);
    QSignalSpy trusted(&dialog, &ui::CertificateDialog::trusted);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    const QString server = QStringLiteral("127.0.0.1:%1").arg(m_server.port());
    QVERIFY2(dialog.message().startsWith(
                 QStringLiteral("The certificate of %1 is not trusted: ").arg(server)),
             qPrintable(dialog.message()));
    QVERIFY(dialog.message().contains(QStringLiteral("self-signed")));
    bool fingerprintShown = false;
    for (QLabel *label : dialog.findChildren<QLabel *>()) {
        if (label->text().isEmpty())
            continue;
        QCOMPARE(label->textFormat(), Qt::PlainText);
        fingerprintShown =
            fingerprintShown || label->text().contains(QStringLiteral("Fingerprint (SHA-256): ") +
                                                       problem.fingerprint());
    }
    QVERIFY(fingerprintShown);
    QVERIFY(dialog.cancelButton()->isDefault()); // Enter does not trust
    QTest::keyClick(&dialog, Qt::Key_Escape);
    QTRY_VERIFY(!dialog.isVisible());
    QCOMPARE(dialog.result(), int(QDialog::Rejected));
    QVERIFY(trusted.isEmpty());
    QVERIFY(core::TlsPins::pinFor(problem.origin).isEmpty());
}

void TstCertificateDialog::trustPinsAndRetries()
{
    const core::CertificateProblem problem = refused();
    QVERIFY(!problem.isNull());
    ui::CertificateDialog dialog(problem);
    QSignalSpy trusted(&dialog, &ui::CertificateDialog::trusted);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QTest::mouseClick(dialog.trustButton(), Qt::LeftButton);
    QCOMPARE(trusted.size(), 1);
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QVERIFY(core::TlsPins::matches(problem.origin, problem.certificate));

    core::ApiClient api;
    api.setBaseUrl(m_server.baseUrl());
    core::ApiReply *r = api.get(QStringLiteral("/api/v1/health"), this);
    QSignalSpy done(r, &core::ApiReply::finished);
    QVERIFY(done.wait(20000));
    QVERIFY2(r->ok(), qPrintable(r->error().toLogString()));
    core::TlsPins::unpin(problem.origin);
}

void TstCertificateDialog::loginDialogRetries()
{
    ui::LoginDialog login;
    QSignalSpy requested(&login, &ui::LoginDialog::loginRequested);
    QVERIFY(!login.retry()); // nothing submitted yet
    login.setServer(m_server.baseUrl());
    login.setUsername(QStringLiteral("zhangsan"));
    login.findChildren<QLineEdit *>().at(2)->setText(QStringLiteral("demo"));
    login.show();
    QVERIFY(QTest::qWaitForWindowExposed(&login));
    QTest::keyClick(login.findChildren<QLineEdit *>().at(2), Qt::Key_Return);
    QCOMPARE(requested.size(), 1);
    login.showError(QStringLiteral("The certificate of … is not trusted"));
    QVERIFY(login.retry());
    QCOMPARE(requested.size(), 2);
    QCOMPARE(requested.at(1).at(2).toString(), QStringLiteral("demo"));
}

QTEST_MAIN(TstCertificateDialog)
#include "tst_certificatedialog.moc"

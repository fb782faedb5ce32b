// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// TLS between the client and the real threadline-server: a certificate the client
// trusts works; an untrusted or mismatched one is refused in words before anything is sent,
// unless the user pinned exactly that certificate for that origin; a pinned certificate that
// changes is refused as changed. And the server's TLS front: plain HTTP to it and a stalled
// handshake are closed without a spin.
//
// The certificates are made for each run with /usr/bin/openssl in the suite's own temporary
// directory (a throwaway CA, certificates it signed, self-signed ones); QSettings (where pins
// live) points into that directory too.
#include "net/apiclient.h"
#include "images/imagecache.h"
#include "account/keychain.h"
#include "account/session.h"
#include "testserver.h"
#include "net/tlspins.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QSslCertificate>
#include <QSslSocket>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace threadline;
using core::ApiClient;
using core::ApiError;
using core::ApiReply;
using core::CertificateProblem;
using core::TlsPins;

namespace {

struct CertFiles
{
    QString cert;
    QString key;
};

} // namespace

class TstTls : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void trustedAuthority();
    void selfSignedRefused();
    void signInNeverSendsThePassword();
    void nameMismatchRefused();
    void pinnedAccepted();
    void pinnedCertificateChanged();
    void plainHttpToTlsPortClosed();
    void stalledHandshakeClosed();
    void closingAnswersArriveWhole();

private:
    bool openssl(const QStringList &args);
    CertFiles selfSigned(const QString &name, const QString &subjectAltName);
    CertFiles signedByCa(const QString &name, const QString &commonName,
                         const QString &subjectAltName);
    std::unique_ptr<test::TestServer> startTls(const CertFiles &files,
                                               const QStringList &more = {});
    static QSslCertificate certificateOf(const QString &file);
    // GET /api/v1/health through a fresh client; the reply's outcome.
    struct Outcome
    {
        ApiError error;
        std::optional<CertificateProblem> problem;
        QList<CertificateProblem> signalled;
        int status = 0;
    };
    Outcome health(const QUrl &base, const QList<QSslCertificate> &cas = {});
    // The request lines the server logged since `mark` (its TLS handshake lines left out).
    static QList<QByteArray> requestsSince(test::TestServer &server, qsizetype mark);

    QTemporaryDir m_dir;
    QString m_caCert, m_caKey;
};

bool TstTls::openssl(const QStringList &args)
{
    QProcess p;
    p.setWorkingDirectory(m_dir.path());
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(QStringLiteral("/usr/bin/openssl"), args);
    if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        qWarning("openssl %s failed: %s", qPrintable(args.join(QLatin1Char(' '))),
                 p.readAll().constData());
        return false;
    }
    return true;
}

CertFiles TstTls::selfSigned(const QString &name, const QString &subjectAltName)
{
    CertFiles f{m_dir.filePath(name + QStringLiteral(".pem")),
                m_dir.filePath(name + QStringLiteral(".key"))};
    const bool ok = openssl(
        {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"),
         QStringLiteral("ec"), QStringLiteral("-pkeyopt"),
         QStringLiteral("ec_paramgen_curve:prime256v1"), QStringLiteral("-nodes"),
         QStringLiteral("-keyout"), f.key, QStringLiteral("-out"), f.cert, QStringLiteral("-days"),
         QStringLiteral("2"), QStringLiteral("-subj"), QStringLiteral("/CN=127.0.0.1"),
         QStringLiteral("-addext"), QStringLiteral("subjectAltName=") + subjectAltName});
    return ok ? f : CertFiles{};
}

CertFiles TstTls::signedByCa(const QString &name, const QString &commonName,
                             const QString &subjectAltName)
{
    CertFiles f{m_dir.filePath(name + QStringLiteral(".pem")),
                m_dir.filePath(name + QStringLiteral(".key"))};
    const QString csr = m_dir.filePath(name + QStringLiteral(".csr"));
    const QString ext = m_dir.filePath(name + QStringLiteral(".ext"));
    QFile e(ext);
    if (!e.open(QIODevice::WriteOnly))
        return {};
    e.write("subjectAltName=" + subjectAltName.toLatin1() +
            "\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n");
    e.close();
    const bool ok =
        openssl({QStringLiteral("req"), QStringLiteral("-newkey"), QStringLiteral("ec"),
                 QStringLiteral("-pkeyopt"), QStringLiteral("ec_paramgen_curve:prime256v1"),
                 QStringLiteral("-nodes"), QStringLiteral("-keyout"), f.key, QStringLiteral("-out"),
                 csr, QStringLiteral("-subj"), QStringLiteral("/CN=") + commonName}) &&
        openssl({QStringLiteral("x509"), QStringLiteral("-req"), QStringLiteral("-in"), csr,
                 QStringLiteral("-CA"), m_caCert, QStringLiteral("-CAkey"), m_caKey,
                 QStringLiteral("-CAcreateserial"), QStringLiteral("-out"), f.cert,
                 QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-extfile"), ext});
    return ok ? f : CertFiles{};
}

QSslCertificate TstTls::certificateOf(const QString &file)
{
    const auto list = QSslCertificate::fromPath(file, QSsl::Pem);
    return list.isEmpty() ? QSslCertificate() : list.constFirst();
}

std::unique_ptr<test::TestServer> TstTls::startTls(const CertFiles &files, const QStringList &more)
{
    auto server = std::make_unique<test::TestServer>();
    QStringList args{QStringLiteral("--tls-cert"), files.cert, QStringLiteral("--tls-key"),
                     files.key};
    args += more;
    if (!server->start(args))
        return nullptr;
    return server;
}

TstTls::Outcome TstTls::health(const QUrl &base, const QList<QSslCertificate> &cas)
{
    Outcome out;
    ApiClient api;
    api.setBaseUrl(base);
    api.setRetryPolicy({1, 0, 0});
    api.setCaCertificates(cas);
    connect(&api, &ApiClient::untrustedCertificate, this,
            [&out](const CertificateProblem &p) { out.signalled << p; });
    ApiReply *r = api.get(QStringLiteral("/api/v1/health"), this);
    QSignalSpy done(r, &ApiReply::finished);
    if (!done.wait(20000))
        return out;
    out.error = r->error();
    out.problem = r->certificateProblem();
    out.status = r->status();
    if (!out.error.ok())
        (void)QTest::qWaitFor([&out] { return !out.signalled.isEmpty(); }, 5000);
    return out;
}

QList<QByteArray> TstTls::requestsSince(test::TestServer &server, qsizetype mark)
{
    QList<QByteArray> out;
    for (const QByteArray &line : server.requestsSince(mark))
        if (!line.startsWith("TLS handshake with "))
            out << line;
    return out;
}

void TstTls::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(QSslSocket::supportsSsl(), "Qt has no TLS backend");
    QCoreApplication::setOrganizationName(QStringLiteral("ThreadlineTlsTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_tls"));
    // The pins (QSettings) go to this run's directory, never to the user's settings.
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope,
                       m_dir.filePath(QStringLiteral("settings")));
    m_caCert = m_dir.filePath(QStringLiteral("ca.pem"));
    m_caKey = m_dir.filePath(QStringLiteral("ca.key"));
    QVERIFY(openssl({QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"),
                     QStringLiteral("ec"), QStringLiteral("-pkeyopt"),
                     QStringLiteral("ec_paramgen_curve:prime256v1"), QStringLiteral("-nodes"),
                     QStringLiteral("-keyout"), m_caKey, QStringLiteral("-out"), m_caCert,
                     QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-subj"),
                     QStringLiteral("/CN=Threadline Test CA"), QStringLiteral("-addext"),
                     QStringLiteral("basicConstraints=critical,CA:TRUE"), QStringLiteral("-addext"),
                     QStringLiteral("keyUsage=critical,keyCertSign,cRLSign")}));
}

void TstTls::init()
{
    QSettings().remove(QStringLiteral("tlsPins"));
}

// (a) A certificate signed by an authority the client trusts: HTTPS works, no pin needed.
// Without that authority, the same certificate is refused and the words name its issuer.
void TstTls::trustedAuthority()
{
    const CertFiles files = signedByCa(QStringLiteral("good"), QStringLiteral("127.0.0.1"),
                                       QStringLiteral("IP:127.0.0.1"));
    QVERIFY(!files.cert.isEmpty());
    auto server = startTls(files);
    QVERIFY(server);
    QCOMPARE(server->baseUrl().scheme(), QStringLiteral("https"));

    const Outcome ok = health(server->baseUrl(), {certificateOf(m_caCert)});
    QVERIFY2(ok.error.ok(), qPrintable(ok.error.toLogString()));
    QCOMPARE(ok.status, 200);
    QVERIFY(ok.signalled.isEmpty());
    QVERIFY(TlsPins::pinFor(TlsPins::originOf(server->baseUrl())).isEmpty());

    const Outcome refused = health(server->baseUrl());
    QCOMPARE(refused.error.kind, ApiError::Kind::Tls);
    QVERIFY(refused.problem);
    QVERIFY2(refused.error.describe().contains(QStringLiteral("not trusted")),
             qPrintable(refused.error.describe()));
    QVERIFY2(refused.error.describe().contains(QStringLiteral("Threadline Test CA")),
             qPrintable(refused.error.describe()));
}

// (b) Self-signed and not pinned: Kind::Tls in words, with what the UI needs to offer trust;
// nothing beyond the handshake reached the server.
void TstTls::selfSignedRefused()
{
    const CertFiles files = selfSigned(QStringLiteral("self"), QStringLiteral("IP:127.0.0.1"));
    QVERIFY(!files.cert.isEmpty());
    auto server = startTls(files);
    QVERIFY(server);
    const qsizetype mark = server->settle();
    QVERIFY(mark >= 0);

    const Outcome o = health(server->baseUrl());
    QCOMPARE(o.error.kind, ApiError::Kind::Tls);
    QCOMPARE(o.error.code, QStringLiteral("untrusted_certificate"));
    const QString words = o.error.describe();
    QVERIFY2(words.contains(QStringLiteral("is not trusted")), qPrintable(words));
    QVERIFY2(words.contains(QStringLiteral("self-signed")), qPrintable(words));
    const QSslCertificate cert = certificateOf(files.cert);
    const QString fp = TlsPins::formatFingerprint(TlsPins::fingerprint(cert));
    QCOMPARE(fp.size(), 32 * 3 - 1); // AB:CD:… 32 bytes
    QVERIFY2(words.contains(fp), qPrintable(words));
    QVERIFY(o.problem);
    QCOMPARE(o.problem->origin, TlsPins::originOf(server->baseUrl()));
    QCOMPARE(o.problem->certificate, cert);
    QCOMPARE(o.problem->fingerprint(), fp);
    QCOMPARE(o.problem->subject(), QStringLiteral("127.0.0.1"));
    QVERIFY(o.problem->validUntil() > QDateTime::currentDateTimeUtc());
    QVERIFY(!o.problem->changed());
    QCOMPARE(o.signalled.size(), 1);
    QCOMPARE(o.signalled.constFirst().fingerprint(), fp);

    QCOMPARE(requestsSince(*server, mark), QList<QByteArray>{});
    QVERIFY2(server->stderrLog().contains("TLS handshake with 127.0.0.1 failed"),
             server->stderrLog().right(2000).constData());
}

// (b) A sign-in to a server whose certificate is not trusted fails in words and the password
// never leaves: the server logs no request at all.
void TstTls::signInNeverSendsThePassword()
{
    const CertFiles files = selfSigned(QStringLiteral("signin"), QStringLiteral("IP:127.0.0.1"));
    auto server = startTls(files, {QStringLiteral("--demo")});
    QVERIFY(server);
    const qsizetype mark = server->settle();
    QVERIFY(mark >= 0);

    ApiClient api;
    core::Keychain keychain;
    core::Session session(&api, &keychain);
    QSignalSpy failed(&session, &core::Session::loginFailed);
    QSignalSpy untrusted(&api, &ApiClient::untrustedCertificate);
    session.login(server->baseUrl(), QStringLiteral("zhangsan"), QStringLiteral("demo"));
    QVERIFY(failed.wait(20000));
    const QString words = failed.at(0).at(0).toString();
    QVERIFY2(words.contains(QStringLiteral("not trusted")), qPrintable(words));
    QTRY_COMPARE(untrusted.size(), 1);
    QCOMPARE(requestsSince(*server, mark), QList<QByteArray>{});
    QVERIFY(!server->stderrLog().contains("/auth/login"));

    // Trusted (pinned) now: the same sign-in goes through.
    const auto problem = untrusted.at(0).at(0).value<CertificateProblem>();
    TlsPins::pin(problem.origin, problem.certificate);
    QSignalSpy in(&session, &core::Session::signedIn);
    session.login(server->baseUrl(), QStringLiteral("zhangsan"), QStringLiteral("demo"));
    QVERIFY(in.wait(20000));
    QCOMPARE(session.state(), core::Session::State::SignedIn);
}

// (c) A certificate for another name (example.com) at 127.0.0.1, from an authority the client
// trusts: refused, and the words say which name it is for.
void TstTls::nameMismatchRefused()
{
    const CertFiles files = signedByCa(QStringLiteral("other"), QStringLiteral("example.com"),
                                       QStringLiteral("DNS:example.com"));
    auto server = startTls(files);
    QVERIFY(server);
    const qsizetype mark = server->settle();
    const Outcome o = health(server->baseUrl(), {certificateOf(m_caCert)});
    QCOMPARE(o.error.kind, ApiError::Kind::Tls);
    const QString words = o.error.describe();
    QVERIFY2(words.contains(QStringLiteral("not trusted")), qPrintable(words));
    QVERIFY2(words.contains(QStringLiteral("it is for example.com, not for 127.0.0.1")),
             qPrintable(words));
    QVERIFY(o.problem);
    QCOMPARE(o.problem->errors.size(), 1);
    QCOMPARE(o.problem->errors.constFirst().error(), QSslError::HostNameMismatch);
    QCOMPARE(requestsSince(*server, mark), QList<QByteArray>{});
}

// (d) Pinned: the API and the images (through the same manager) load from a self-signed server.
void TstTls::pinnedAccepted()
{
    const CertFiles files = selfSigned(QStringLiteral("pinned"), QStringLiteral("IP:127.0.0.1"));
    auto server = startTls(files, {QStringLiteral("--demo")});
    QVERIFY(server);
    const QString origin = TlsPins::originOf(server->baseUrl());
    QCOMPARE(origin, QStringLiteral("https://127.0.0.1:%1").arg(server->port()));
    TlsPins::pin(origin, certificateOf(files.cert));
    QVERIFY(TlsPins::matches(origin, certificateOf(files.cert)));
    // Remembered: in the settings file, as hex, under tlsPins.
    QSettings().sync();

    test::Client harness(server->baseUrl());
    const QString token = harness.login(QStringLiteral("zhangsan"));
    QVERIFY(!token.isEmpty());
    ApiClient api;
    api.setBaseUrl(server->baseUrl());
    api.setToken(token);
    QSignalSpy untrusted(&api, &ApiClient::untrustedCertificate);
    ApiReply *r = api.get(QStringLiteral("/api/v1/posts/90012"), this);
    QSignalSpy done(r, &ApiReply::finished);
    QVERIFY(done.wait(20000));
    QVERIFY2(r->ok(), qPrintable(r->error().toLogString()));
    const QJsonArray pictures = r->json().object().value(QStringLiteral("pictureUrls")).toArray();
    QVERIFY(!pictures.isEmpty());
    const QString picture = pictures.at(0).toString();

    core::ImageCache images(api.network());
    images.setServer(server->baseUrl());
    images.setDiskCacheDirectory(m_dir.filePath(QStringLiteral("images")));
    QSignalSpy ready(&images, &core::ImageCache::imageReady);
    QSignalSpy imageFailed(&images, &core::ImageCache::imageFailed);
    QCOMPARE(images.load(picture, QSize(64, 64)), core::ImageCache::State::Loading);
    QTRY_VERIFY_WITH_TIMEOUT(!ready.isEmpty() || !imageFailed.isEmpty(), 20000);
    QVERIFY2(imageFailed.isEmpty(),
             qPrintable(imageFailed.isEmpty() ? QString() : imageFailed.at(0).at(1).toString()));
    QVERIFY(untrusted.isEmpty());

    // Another origin (the same server under "localhost") has no pin: refused.
    QUrl other = server->baseUrl();
    other.setHost(QStringLiteral("localhost"));
    const Outcome o = health(other);
    QCOMPARE(o.error.kind, ApiError::Kind::Tls);
}

// (e) The pin of one certificate, another certificate at the same origin: refused as changed.
void TstTls::pinnedCertificateChanged()
{
    const CertFiles first = selfSigned(QStringLiteral("first"), QStringLiteral("IP:127.0.0.1"));
    const CertFiles second = selfSigned(QStringLiteral("second"), QStringLiteral("IP:127.0.0.1"));
    QVERIFY(certificateOf(first.cert) != certificateOf(second.cert));
    auto server = startTls(second);
    QVERIFY(server);
    const QString origin = TlsPins::originOf(server->baseUrl());
    TlsPins::pin(origin, certificateOf(first.cert));
    const qsizetype mark = server->settle();

    const Outcome o = health(server->baseUrl());
    QCOMPARE(o.error.kind, ApiError::Kind::Tls);
    QCOMPARE(o.error.code, QStringLiteral("certificate_changed"));
    const QString words = o.error.describe();
    QVERIFY2(words.contains(QStringLiteral("the certificate changed")), qPrintable(words));
    QVERIFY2(
        words.contains(TlsPins::formatFingerprint(TlsPins::fingerprint(certificateOf(first.cert)))),
        qPrintable(words));
    QVERIFY(o.problem && o.problem->changed());
    QCOMPARE(o.problem->certificate, certificateOf(second.cert));
    QCOMPARE(requestsSince(*server, mark), QList<QByteArray>{});
    // The old pin is left as it was until the user decides.
    QVERIFY(TlsPins::matches(origin, certificateOf(first.cert)));
}

namespace {

// CPU seconds (user + system) the process has used, from /proc.
double cpuSeconds(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray stat = f.readAll();
    const QList<QByteArray> fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
    // after the name: state(3) … utime is field 14, stime 15 (1-based in proc(5))
    return (fields.value(11).toDouble() + fields.value(12).toDouble()) / 100.0;
}

} // namespace

// (f) Plain HTTP to the TLS port: closed at once, one log line, no spinning; the server goes
// on answering.
void TstTls::plainHttpToTlsPortClosed()
{
    const CertFiles files = selfSigned(QStringLiteral("plain"), QStringLiteral("IP:127.0.0.1"));
    auto server = startTls(files);
    QVERIFY(server);
    QTcpSocket s;
    QSignalSpy closed(&s, &QTcpSocket::disconnected);
    s.connectToHost(QHostAddress::LocalHost, server->port());
    QVERIFY(s.waitForConnected(5000));
    const double before = cpuSeconds(server->pid());
    s.write("GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    QVERIFY(closed.wait(5000));
    // A spin would burn a core: over a second of measurement, a tenth of it at most.
    QElapsedTimer t;
    t.start();
    QTest::qWait(1000); // a measurement window, not synchronisation
    const double used = cpuSeconds(server->pid()) - before;
    QVERIFY2(used < 0.1 * (1 + t.elapsed() / 1000.0),
             qPrintable(QStringLiteral("%1 s of CPU").arg(used)));
    QTRY_VERIFY_WITH_TIMEOUT(server->stderrLog().contains("http request"), 5000);
    QCOMPARE(server->stderrLog().count("TLS handshake with"), 1);
    // Still answering (the harness's client does not verify the certificate).
    test::Client c(server->baseUrl());
    QCOMPARE(c.get(QStringLiteral("/api/v1/health")).status, 200);
}

// (f) A handshake that stalls (a TCP connection that never sends its ClientHello, or half of it)
// is closed at the header timeout, with one log line.
void TstTls::stalledHandshakeClosed()
{
    const CertFiles files = selfSigned(QStringLiteral("stall"), QStringLiteral("IP:127.0.0.1"));
    auto server = startTls(files, {QStringLiteral("--header-timeout"), QStringLiteral("0.5")});
    QVERIFY(server);
    QTcpSocket quiet, half;
    QSignalSpy quietClosed(&quiet, &QTcpSocket::disconnected);
    QSignalSpy halfClosed(&half, &QTcpSocket::disconnected);
    QElapsedTimer t;
    t.start();
    quiet.connectToHost(QHostAddress::LocalHost, server->port());
    half.connectToHost(QHostAddress::LocalHost, server->port());
    QVERIFY(quiet.waitForConnected(5000));
    QVERIFY(half.waitForConnected(5000));
    half.write(QByteArray::fromHex("160301")); // the start of a TLS record, then nothing
    QTRY_VERIFY_WITH_TIMEOUT(quietClosed.size() == 1 && halfClosed.size() == 1, 10000);
    QVERIFY2(t.elapsed() >= 400, qPrintable(QString::number(t.elapsed())));
    QTRY_COMPARE_WITH_TIMEOUT(server->stderrLog().count("not complete within the header timeout"),
                              qsizetype(2), 5000);
}

// (f) An answer after which the server closes (Connection: close, HTTP/1.0, a 431 refusal)
// arrives whole over TLS before the close: Qt says "written" before the bytes leave OpenSSL,
// and a shutdown then had cut the answer off (curl: "empty reply").
void TstTls::closingAnswersArriveWhole()
{
    const CertFiles files = selfSigned(QStringLiteral("closing"), QStringLiteral("IP:127.0.0.1"));
    auto server = startTls(files);
    QVERIFY(server);
    const QList<QPair<QByteArray, QByteArray>> cases = {
        {"GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
         "HTTP/1.1 200 OK"},
        {"GET /api/v1/health HTTP/1.0\r\n\r\n", "HTTP/1.1 200 OK"},
        {"GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + QByteArray(70 * 1024, 'a') +
             "\r\n\r\n",
         "HTTP/1.1 431 "},
    };
    for (const auto &[request, statusLine] : cases) {
        QSslSocket s;
        s.setPeerVerifyMode(QSslSocket::VerifyNone);
        QByteArray got;
        connect(&s, &QSslSocket::readyRead, &s, [&] { got += s.readAll(); });
        QSignalSpy closed(&s, &QSslSocket::disconnected);
        s.connectToHostEncrypted(QStringLiteral("127.0.0.1"), server->port());
        QVERIFY(s.waitForEncrypted(10000));
        s.write(request);
        QVERIFY(closed.wait(10000));
        got += s.readAll();
        QVERIFY2(got.startsWith(statusLine), got.left(200).constData());
        const qsizetype headEnd = got.indexOf("\r\n\r\n");
        QVERIFY(headEnd > 0);
        const QByteArray head = got.left(headEnd).toLower();
        const qsizetype cl = head.indexOf("content-length: ");
        QVERIFY(cl > 0);
        const qint64 length = head.mid(cl + 16, head.indexOf('\r', cl) - cl - 16).toLongLong();
        QCOMPARE(got.size() - headEnd - 4, length);
    }
}

QTEST_GUILESS_MAIN(TstTls)
#include "tst_tls.moc"

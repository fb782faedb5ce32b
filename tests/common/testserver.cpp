// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "testserver.h"

#include "openapicheck.h"

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSslConfiguration>
#include <QSslSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUuid>
#include <QtDebug>

#ifndef THREADLINE_SERVER_BIN
#define THREADLINE_SERVER_BIN ""
#endif

namespace threadline::test {

namespace {

constexpr int kStartTimeoutMs = 60'000;
constexpr int kStopTimeoutMs = 5'000;
constexpr int kRequestTimeoutMs = 30'000;

// The value of `--name VALUE` or `--name=VALUE` in args, if present.
bool findArg(const QStringList &args, const QString &name, QString *value = nullptr)
{
    for (qsizetype i = 0; i < args.size(); ++i) {
        if (args.at(i) == name) {
            if (value)
                *value = i + 1 < args.size() ? args.at(i + 1) : QString();
            return true;
        }
        if (args.at(i).startsWith(name + QLatin1Char('='))) {
            if (value)
                *value = args.at(i).mid(name.size() + 1);
            return true;
        }
    }
    return false;
}

// Runs fn with an open QPSQL connection to the maintenance database of the cluster at base.
template<typename Fn> bool withMaintenanceConnection(const QString &base, QString *error, Fn fn)
{
    const QUrl url(base);
    if (!url.isValid() || url.host().isEmpty()) {
        if (error)
            *error = QStringLiteral("not a PostgreSQL URL: %1").arg(base);
        return false;
    }
    static int counter = 0;
    const QString connection = QStringLiteral("threadline-test-admin-%1").arg(++counter);
    bool ok = false;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), connection);
        if (!db.isValid()) {
            if (error)
                *error = QStringLiteral("the QPSQL driver is not available");
        } else {
            db.setHostName(url.host());
            db.setPort(url.port(5432));
            if (!url.userName().isEmpty())
                db.setUserName(url.userName());
            if (!url.password().isEmpty())
                db.setPassword(url.password());
            db.setDatabaseName(QStringLiteral("postgres"));
            if (!db.open()) {
                if (error)
                    *error = QStringLiteral("cannot connect to %1: %2")
                                 .arg(url.toString(QUrl::RemovePassword), db.lastError().text());
            } else {
                QSqlQuery q(db);
                ok = fn(q, error);
                q.finish();
                db.close();
            }
        }
    }
    QSqlDatabase::removeDatabase(connection);
    return ok;
}

} // namespace

// ---------------------------------------------------------------------------------------------
// HttpResult

QByteArray HttpResult::header(const QByteArray &name) const
{
    for (const auto &h : headers) {
        if (h.first.compare(name, Qt::CaseInsensitive) == 0)
            return h.second;
    }
    return {};
}

bool HttpResult::hasHeader(const QByteArray &name) const
{
    for (const auto &h : headers) {
        if (h.first.compare(name, Qt::CaseInsensitive) == 0)
            return true;
    }
    return false;
}

QJsonObject HttpResult::obj() const
{
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    return doc.isObject() ? doc.object() : QJsonObject();
}

QJsonArray HttpResult::items() const
{
    return obj().value(QLatin1String("items")).toArray();
}

QString HttpResult::errorCode() const
{
    return obj().value(QLatin1String("error")).toObject().value(QLatin1String("code")).toString();
}

QString HttpResult::errorMessage() const
{
    return obj()
        .value(QLatin1String("error"))
        .toObject()
        .value(QLatin1String("message"))
        .toString();
}

bool HttpResult::isJson() const
{
    QJsonParseError err{};
    // Wrap so that scalars parse too (QJsonDocument only takes objects and arrays).
    QJsonDocument::fromJson(QByteArray("[") + body + QByteArray("]"), &err);
    return err.error == QJsonParseError::NoError && !body.trimmed().isEmpty();
}

QByteArray HttpResult::describe() const
{
    QByteArray text = method + ' ' + path.toUtf8() + " -> " + QByteArray::number(status);
    if (status == 0 && !networkError.isEmpty())
        text += " (" + networkError.toUtf8() + ')';
    if (!body.isEmpty()) {
        text += ' ';
        text += body.size() > 300 ? body.left(300) + "…" : body;
    }
    return text;
}

// ---------------------------------------------------------------------------------------------
// TestServer

TestServer::TestServer() = default;

TestServer::~TestServer()
{
    stop();
    dropPostgresDatabase();
}

QString TestServer::serverBinary()
{
    const QString env = qEnvironmentVariable("THREADLINE_SERVER_BIN");
    if (!env.isEmpty())
        return env;
    return QString::fromUtf8(THREADLINE_SERVER_BIN);
}

QString TestServer::postgresBaseUrl()
{
    QString url = qEnvironmentVariable("THREADLINE_TEST_PG").trimmed();
    if (url.isEmpty()) {
        const QString file = qEnvironmentVariable("THREADLINE_TEST_PG_FILE");
        if (!file.isEmpty()) {
            QFile f(file);
            if (f.open(QIODevice::ReadOnly))
                url = QString::fromUtf8(f.readAll()).section(QLatin1Char('\n'), 0, 0).trimmed();
        }
    }
    while (url.endsWith(QLatin1Char('/')))
        url.chop(1);
    return url;
}

bool TestServer::start(const QStringList &extraArgs)
{
    stop();
    m_exitCode = -1;
    m_crashed = false;
    if (!m_dir) {
        m_dir = std::make_unique<QTemporaryDir>(QDir::tempPath() +
                                                QStringLiteral("/threadline-test-XXXXXX"));
        // THREADLINE_TEST_KEEP_TMP=1 keeps the directory (database, media, server.stderr.log).
        if (!qEnvironmentVariableIsEmpty("THREADLINE_TEST_KEEP_TMP")) {
            m_dir->setAutoRemove(false);
            qInfo("TestServer: keeping %s", qPrintable(m_dir->path()));
        }
        if (!m_dir->isValid()) {
            qWarning("TestServer: cannot create a temporary directory: %s",
                     qPrintable(m_dir->errorString()));
            return false;
        }
    }
    static int runCounter = 0;
    ++runCounter;

    QStringList args;
    QString value;
    if (findArg(extraArgs, QStringLiteral("--db"), &value)) {
        m_dbUrl = value;
    } else {
        const bool pgRequested = !qEnvironmentVariableIsEmpty("THREADLINE_TEST_PG") ||
                                 !qEnvironmentVariableIsEmpty("THREADLINE_TEST_PG_FILE");
        m_pgBase = postgresBaseUrl();
        if (pgRequested && m_pgBase.isEmpty()) {
            qWarning("TestServer: THREADLINE_TEST_PG(_FILE) is set but names no PostgreSQL URL "
                     "(THREADLINE_TEST_PG_FILE=%s); is the pg fixture (scripts/pg-cluster.sh) up?",
                     qPrintable(qEnvironmentVariable("THREADLINE_TEST_PG_FILE")));
            return false;
        }
        if (!m_pgBase.isEmpty()) {
            QString error;
            if (!createPostgresDatabase(&error)) {
                qWarning("TestServer: %s", qPrintable(error));
                return false;
            }
        } else {
            m_dbUrl =
                QStringLiteral("sqlite:%1/threadline-%2.db").arg(m_dir->path()).arg(runCounter);
        }
        args << QStringLiteral("--db") << m_dbUrl;
    }
    if (findArg(extraArgs, QStringLiteral("--media-dir"), &value)) {
        m_mediaDir = value;
    } else {
        m_mediaDir = QStringLiteral("%1/media-%2").arg(m_dir->path()).arg(runCounter);
        QDir().mkpath(m_mediaDir);
        args << QStringLiteral("--media-dir") << m_mediaDir;
    }
    if (!findArg(extraArgs, QStringLiteral("--rate-limits")))
        args << QStringLiteral("--rate-limits") << QStringLiteral("off");
    args << extraArgs;
    m_args = args;

    QString error;
    if (!launch(&error)) {
        qWarning("TestServer: %s\n--- server stderr ---\n%s", qPrintable(error),
                 stderrLog().right(8000).constData());
        stop();
        return false;
    }
    return true;
}

bool TestServer::restart()
{
    if (m_args.isEmpty()) {
        qWarning("TestServer::restart: never started");
        return false;
    }
    stop();
    m_exitCode = -1;
    m_crashed = false;
    QString error;
    if (!launch(&error)) {
        qWarning("TestServer: %s\n--- server stderr ---\n%s", qPrintable(error),
                 stderrLog().right(8000).constData());
        stop();
        return false;
    }
    return true;
}

bool TestServer::launch(QString *error)
{
    const QString binary = serverBinary();
    if (binary.isEmpty() || !QFile::exists(binary)) {
        *error = QStringLiteral("no server binary at '%1' (THREADLINE_SERVER_BIN)").arg(binary);
        return false;
    }
    m_stdout.clear();
    m_baseUrl = QUrl();
    m_stopping = false;

    m_proc = std::make_unique<QProcess>();
    QProcess *proc = m_proc.get();
    proc->setProgram(binary);
    proc->setArguments(QStringList{QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0")} +
                       m_args);
    proc->setProcessChannelMode(QProcess::SeparateChannels);
    // The log goes straight to a file: never a full pipe that blocks the server, and
    // stderrLog() is always up to date without an event loop.
    proc->setStandardErrorFile(m_dir->filePath(QStringLiteral("server.stderr.log")),
                               QIODevice::Append);
    proc->setStandardInputFile(QProcess::nullDevice());
    QObject::connect(proc, &QProcess::readyReadStandardOutput, proc,
                     [this, proc] { m_stdout += proc->readAllStandardOutput(); });
    QObject::connect(proc, &QProcess::finished, proc,
                     [this](int code, QProcess::ExitStatus status) {
                         m_exitCode = code;
                         m_crashed = status == QProcess::CrashExit && !m_stopping;
                     });

    QEventLoop loop;
    QTimer timer;
    timer.setSingleShot(true);
    QObject::connect(&timer, &QTimer::timeout, &loop, &QEventLoop::quit);
    QObject::connect(proc, &QProcess::readyReadStandardOutput, &loop, [this, &loop] {
        if (m_stdout.contains('\n'))
            loop.quit();
    });
    QObject::connect(proc, &QProcess::finished, &loop, &QEventLoop::quit);
    QObject::connect(proc, &QProcess::errorOccurred, &loop, [&loop](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            loop.quit();
    });
    proc->start();
    timer.start(kStartTimeoutMs);
    if (!m_stdout.contains('\n') && proc->state() != QProcess::NotRunning)
        loop.exec();
    m_stdout += proc->readAllStandardOutput();

    if (!m_stdout.contains('\n')) {
        if (proc->error() == QProcess::FailedToStart)
            *error = QStringLiteral("cannot run %1: %2").arg(binary, proc->errorString());
        else if (proc->state() == QProcess::NotRunning)
            *error = QStringLiteral("the server exited (code %1) before printing its address")
                         .arg(proc->exitCode());
        else
            *error =
                QStringLiteral("no 'listening on' line within %1 s").arg(kStartTimeoutMs / 1000);
        return false;
    }
    const QByteArray first = m_stdout.left(m_stdout.indexOf('\n')).trimmed();
    static const QRegularExpression re(QStringLiteral("^listening on (https?://[^\\s/]+)"));
    const QRegularExpressionMatch m = re.match(QString::fromUtf8(first));
    if (!m.hasMatch()) {
        *error = QStringLiteral("unexpected first stdout line: '%1'").arg(QString::fromUtf8(first));
        return false;
    }
    m_baseUrl = QUrl(m.captured(1));
    if (!m_baseUrl.isValid() || m_baseUrl.port() <= 0) {
        *error = QStringLiteral("no port in '%1'").arg(QString::fromUtf8(first));
        return false;
    }
    return true;
}

void TestServer::stop()
{
    if (!m_proc)
        return;
    QProcess *proc = m_proc.get();
    if (proc->state() != QProcess::NotRunning) {
        m_stopping = true;
        proc->terminate();
        if (!proc->waitForFinished(kStopTimeoutMs)) {
            qWarning("TestServer: the server did not exit within 5 s of SIGTERM; killing it");
            proc->kill();
            proc->waitForFinished(kStopTimeoutMs);
        }
    }
    m_stdout += proc->readAllStandardOutput();
    if (m_exitCode < 0 && proc->state() == QProcess::NotRunning)
        m_exitCode = proc->exitCode();
    m_proc.reset();
}

QUrl TestServer::baseUrl() const
{
    return m_baseUrl;
}

quint16 TestServer::port() const
{
    return m_baseUrl.port() > 0 ? quint16(m_baseUrl.port()) : quint16(0);
}

QString TestServer::dbUrl() const
{
    return m_dbUrl;
}

QString TestServer::mediaDir() const
{
    return m_mediaDir;
}

QByteArray TestServer::stderrLog() const
{
    if (!m_dir)
        return {};
    QFile f(m_dir->filePath(QStringLiteral("server.stderr.log")));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

qsizetype TestServer::settle()
{
    static int counter = 0;
    const QByteArray path = "/api/v1/_settle/" + QByteArray::number(++counter);
    Client marker(m_baseUrl);
    const HttpResult r = marker.get(QString::fromLatin1(path));
    const QByteArray log = stderrLog();
    const QByteArray line = "GET " + path + ' ';
    const qsizetype at = log.lastIndexOf(line);
    if (r.status == 0 || at < 0) {
        qWarning("TestServer::settle: the marker %s was not logged (%s)", path.constData(),
                 r.describe().constData());
        return -1;
    }
    const qsizetype end = log.indexOf('\n', at);
    return end < 0 ? log.size() : end + 1;
}

QList<QByteArray> TestServer::requestsSince(qsizetype mark)
{
    const qsizetype end = settle();
    QList<QByteArray> lines;
    if (mark < 0 || end < 0)
        return {QByteArrayLiteral("(TestServer::settle failed)")};
    const QByteArray log = stderrLog().mid(mark, end - mark);
    for (const QByteArray &line : log.split('\n')) {
        const QByteArray text = logText(line);
        if (!text.isEmpty() && !text.startsWith("GET /api/v1/_settle/"))
            lines.append(text);
    }
    return lines;
}

QByteArray TestServer::logText(const QByteArray &line)
{
    // "TIME LEVEL text" (the text format, docs/deploy.md "Logs"); an access line's text is
    // "ID METHOD PATH STATUS 1.23ms PEER ROUTE".
    QList<QByteArray> parts = line.split(' ');
    if (parts.size() < 3 || !parts.at(0).contains('T') || parts.at(0).size() < 20)
        return line;
    parts.remove(0, 2);
    if (parts.size() >= 7 && parts.at(4).endsWith("ms") && parts.at(3).toInt() > 0)
        parts.removeFirst();
    return parts.join(' ');
}

QByteArray TestServer::stdoutLog() const
{
    return m_stdout;
}

qint64 TestServer::pid() const
{
    return m_proc && m_proc->state() == QProcess::Running ? m_proc->processId() : 0;
}

bool TestServer::isPostgres() const
{
    return m_dbUrl.startsWith(QLatin1String("postgres"));
}

bool TestServer::isRunning() const
{
    return m_proc && m_proc->state() == QProcess::Running;
}

int TestServer::exitCode() const
{
    return isRunning() ? -1 : m_exitCode;
}

bool TestServer::crashed() const
{
    return m_crashed;
}

QStringList TestServer::arguments() const
{
    return QStringList{serverBinary(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0")} +
           m_args;
}

bool TestServer::createPostgresDatabase(QString *error)
{
    const QString name = QStringLiteral("tl_%1").arg(
        QString::number(QRandomGenerator::global()->generate64(), 16).rightJustified(16, u'0'));
    const bool ok = withMaintenanceConnection(m_pgBase, error, [&](QSqlQuery &q, QString *err) {
        if (!q.exec(QStringLiteral("CREATE DATABASE %1").arg(name))) {
            if (err)
                *err =
                    QStringLiteral("CREATE DATABASE %1 failed: %2").arg(name, q.lastError().text());
            return false;
        }
        return true;
    });
    if (!ok)
        return false;
    m_pgCreated = name;
    QUrl url(m_pgBase);
    url.setPath(QLatin1Char('/') + name);
    m_dbUrl = url.toString(QUrl::FullyEncoded);
    return true;
}

void TestServer::dropPostgresDatabase()
{
    if (m_pgCreated.isEmpty() || m_pgBase.isEmpty())
        return;
    const QString name = m_pgCreated;
    m_pgCreated.clear();
    if (!qEnvironmentVariableIsEmpty("THREADLINE_TEST_KEEP_DB"))
        return;
    QString error;
    withMaintenanceConnection(m_pgBase, &error, [&](QSqlQuery &q, QString *) {
        // FORCE (PostgreSQL 13+) ends sessions another process may still hold.
        if (!q.exec(QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(name)))
            q.exec(QStringLiteral("DROP DATABASE IF EXISTS %1").arg(name));
        return true;
    });
}

// ---------------------------------------------------------------------------------------------
// Client

Client::Client(const QUrl &base)
    : m_base(base)
    , m_nam(std::make_unique<QNetworkAccessManager>())
{
    m_nam->setProxy(QNetworkProxy::NoProxy);
    m_nam->setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
}

Client::~Client() = default;

void Client::setBaseUrl(const QUrl &base)
{
    m_base = base;
}

void Client::setToken(const QString &token)
{
    m_token = token;
}

qint64 Client::uid() const
{
    return m_user.value(QLatin1String("uid")).toInteger();
}

QByteArray Client::toJson(const QJsonValue &json)
{
    if (json.isObject())
        return QJsonDocument(json.toObject()).toJson(QJsonDocument::Compact);
    if (json.isArray())
        return QJsonDocument(json.toArray()).toJson(QJsonDocument::Compact);
    if (json.isNull() || json.isUndefined())
        return QByteArrayLiteral("null");
    // A scalar: serialise it inside an array and take the brackets off.
    QByteArray text = QJsonDocument(QJsonArray{json}).toJson(QJsonDocument::Compact);
    return text.mid(1, text.size() - 2);
}

QByteArray Client::newIdempotencyKey()
{
    return QUuid::createUuid().toByteArray(QUuid::WithoutBraces);
}

HttpResult Client::get(const QString &path)
{
    return send("GET", path, {}, {});
}

HttpResult Client::post(const QString &path, const QJsonValue &json, const HeaderList &headers)
{
    if (json.isNull() || json.isUndefined())
        return send("POST", path, {}, headers);
    HeaderList all = headers;
    bool hasType = false;
    for (const auto &h : headers)
        hasType = hasType || h.first.compare("content-type", Qt::CaseInsensitive) == 0;
    if (!hasType)
        all.append({QByteArrayLiteral("Content-Type"), QByteArrayLiteral("application/json")});
    return send("POST", path, toJson(json), all);
}

HttpResult Client::put(const QString &path, const QJsonValue &json)
{
    if (json.isNull() || json.isUndefined())
        return send("PUT", path, {}, {});
    return send("PUT", path, toJson(json),
                {{QByteArrayLiteral("Content-Type"), QByteArrayLiteral("application/json")}});
}

HttpResult Client::del(const QString &path)
{
    return send("DELETE", path, {}, {});
}

HttpResult Client::raw(const QByteArray &method, const QString &path, const QByteArray &body,
                       const HeaderList &headers)
{
    return send(method, path, body, headers);
}

QString Client::login(const QString &username, const QString &password)
{
    m_token.clear();
    m_user = {};
    const HttpResult r = post(QStringLiteral("/api/v1/auth/login"),
                              QJsonObject{{QStringLiteral("username"), username},
                                          {QStringLiteral("password"), password}});
    const QString token = r.obj().value(QLatin1String("token")).toString();
    if (r.status != 200 || token.isEmpty())
        return {};
    m_token = token;
    m_user = r.obj().value(QLatin1String("user")).toObject();
    return token;
}

HttpResult Client::send(const QByteArray &method, const QString &path, const QByteArray &body,
                        const HeaderList &headers)
{
    HttpResult result;
    result.method = method;
    result.path = path;

    // Built as text so that the path reaches the server as written (no dot-segment clean-up).
    const QString origin = m_base.toString(QUrl::RemovePath | QUrl::RemoveQuery |
                                           QUrl::RemoveFragment | QUrl::StripTrailingSlash);
    const QUrl url(origin + path, QUrl::TolerantMode);
    QNetworkRequest request(url);
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         QNetworkRequest::ManualRedirectPolicy);
    request.setAttribute(QNetworkRequest::CacheLoadControlAttribute,
                         QNetworkRequest::AlwaysNetwork);
    request.setAttribute(QNetworkRequest::CookieLoadControlAttribute, QNetworkRequest::Manual);
    request.setAttribute(QNetworkRequest::CookieSaveControlAttribute, QNetworkRequest::Manual);
    if (url.scheme() == QLatin1String("https")) {
        // The harness's own client talks to the server it started on loopback (the markers of
        // settle(), a suite's set-up): it does not check the throwaway certificate. What the
        // product's client checks is tested with the product's client (tst_tls).
        QSslConfiguration tls = request.sslConfiguration();
        tls.setPeerVerifyMode(QSslSocket::VerifyNone);
        request.setSslConfiguration(tls);
    }
    bool hasAuth = false;
    for (const auto &h : headers) {
        request.setRawHeader(h.first, h.second);
        hasAuth = hasAuth || h.first.compare("authorization", Qt::CaseInsensitive) == 0;
    }
    if (!hasAuth && !m_token.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + m_token.toUtf8());

    QNetworkReply *reply = nullptr;
    if (method == "GET" && body.isEmpty())
        reply = m_nam->get(request);
    else if (method == "DELETE" && body.isEmpty())
        reply = m_nam->deleteResource(request);
    else if (method == "HEAD")
        reply = m_nam->head(request);
    else if (method == "POST")
        reply = m_nam->post(request, body);
    else if (method == "PUT")
        reply = m_nam->put(request, body);
    else
        reply = m_nam->sendCustomRequest(request, method, body);
    std::unique_ptr<QNetworkReply> owner(reply);

    if (!reply->isFinished()) {
        QEventLoop loop;
        QTimer timer;
        timer.setSingleShot(true);
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        QObject::connect(&timer, &QTimer::timeout, &loop, [&] {
            result.networkError =
                QStringLiteral("timeout after %1 s").arg(kRequestTimeoutMs / 1000);
            reply->abort();
            loop.quit();
        });
        timer.start(kRequestTimeoutMs);
        if (!reply->isFinished())
            loop.exec();
    }

    const QVariant status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    result.status = status.isValid() && result.networkError.isEmpty() ? status.toInt() : 0;
    if (result.status == 0 && result.networkError.isEmpty())
        result.networkError = reply->errorString();
    result.body = reply->readAll();
    result.headers = reply->rawHeaderPairs();
    // The answer against the API's description (openapicheck.h): a mismatch fails the test.
    if (m_contractCheck) {
        const QString mismatch =
            OpenApiCheck::built().check(method, path, result.status, result.headers, result.body);
        if (!mismatch.isEmpty())
            QTest::qFail(qPrintable(QStringLiteral("docs/openapi.yaml: ") + mismatch), __FILE__,
                         __LINE__);
    }
    return result;
}

QSqlDatabase TestServer::openDatabase(const QString &connection, const QString &otherDatabase) const
{
    const QString url = dbUrl();
    QSqlDatabase db;
    if (isPostgres()) {
        const QUrl u(url);
        db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), connection);
        db.setHostName(u.host());
        db.setPort(u.port(5432));
        db.setUserName(u.userName());
        db.setPassword(u.password());
        db.setDatabaseName(otherDatabase.isEmpty() ? u.path().mid(1) : otherDatabase);
    } else {
        db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
        db.setDatabaseName(url.mid(url.indexOf(QLatin1Char(':')) + 1));
    }
    if (!db.open())
        qWarning("openDatabase: %s", qPrintable(db.lastError().text()));
    return db;
}

} // namespace threadline::test

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Test support for suites that talk HTTP to the real `threadline-server` on loopback.
//
//   threadline::test::TestServer server;
//   QVERIFY(server.start());                    // --demo, fresh database, --rate-limits off
//   threadline::test::Client c(server.baseUrl());
//   QVERIFY(!c.login("zhangsan").isEmpty());
//   auto r = c.get("/api/v1/timeline?scope=all");
//   QCOMPARE(r.status, 200);
//
// The database is a fresh SQLite file in a temporary directory, or — when the environment names
// a PostgreSQL cluster (THREADLINE_TEST_PG, or THREADLINE_TEST_PG_FILE pointing at a file that
// holds the URL, as scripts/pg-cluster.sh writes it) — a fresh database on that cluster.
// THREADLINE_TEST_KEEP_TMP=1 keeps the temporary directory (SQLite file, media, the server's
// stderr in server.stderr.log) and THREADLINE_TEST_KEEP_DB=1 the PostgreSQL database, for
// looking at a failure afterwards.

#include <QByteArray>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>
#include <QThread>
#include <QUrl>
#include <memory>

class QNetworkAccessManager;
class QSqlDatabase;
class QProcess;
class QTemporaryDir;

namespace threadline::test {

using HeaderList = QList<QPair<QByteArray, QByteArray>>;

// One HTTP exchange as the client saw it.
struct HttpResult
{
    int status = 0; // 0 = no HTTP answer (connection error, timeout)
    QByteArray body;
    HeaderList headers;
    QString networkError; // Qt's text when status is 0

    // The first header of that name, compared case-insensitively; empty when absent.
    [[nodiscard]] QByteArray header(const QByteArray &name) const;
    [[nodiscard]] bool hasHeader(const QByteArray &name) const;
    // The body parsed as a JSON object ({} when it is not one).
    [[nodiscard]] QJsonObject obj() const;
    // obj()["items"].toArray()
    [[nodiscard]] QJsonArray items() const;
    // obj()["error"]["code"].toString()
    [[nodiscard]] QString errorCode() const;
    // obj()["error"]["message"].toString()
    [[nodiscard]] QString errorMessage() const;
    // True when the body is well-formed JSON (any top-level value).
    [[nodiscard]] bool isJson() const;
    // "METHOD path -> status body" (body cut to 300 bytes), for failure messages.
    [[nodiscard]] QByteArray describe() const;

    QByteArray method; // as sent, for describe()
    QString path;      // as sent, for describe()
};

// The real server binary, started on 127.0.0.1:0 in a process of its own.
class TestServer
{
public:
    TestServer();
    ~TestServer(); // stops the process and drops a PostgreSQL database it created
    TestServer(const TestServer &) = delete;
    TestServer &operator=(const TestServer &) = delete;

    // Starts the server on 127.0.0.1:0 with a fresh database and `--rate-limits off` plus
    // extraArgs. When extraArgs hold `--db URL` that database is used instead of a fresh one
    // (e.g. a second process on the database of the first: `{"--db", first.dbUrl()}`); when they
    // hold `--media-dir` or `--rate-limits`, those replace the defaults (a media directory in the
    // temporary directory; off). Waits for the first stdout line ("listening on http://…") for at
    // most 60 s. Returns false (with a qWarning saying why, and the server's log) on failure.
    [[nodiscard]] bool start(const QStringList &extraArgs = {QStringLiteral("--demo")});
    // The same arguments, database and media directory again (a new port).
    [[nodiscard]] bool restart();
    // SIGTERM, then waits for the exit; SIGKILL after 5 s. Safe to call twice.
    void stop();

    // http://127.0.0.1:PORT, or https://127.0.0.1:PORT when started with --tls-cert/--tls-key
    // (the harness's Client does not verify that certificate: a test's own client does).
    [[nodiscard]] QUrl baseUrl() const;
    [[nodiscard]] quint16 port() const;
    [[nodiscard]] QString dbUrl() const; // the --db value used
    // A connection of the test's own to the server's database, added as `connection` and open
    // (check isOpen()); QSqlDatabase::removeDatabase(connection) once every copy is gone.
    // On PostgreSQL, `otherDatabase` opens another database of the same cluster instead (e.g.
    // "postgres", to drop the server's own); on SQLite it is ignored.
    [[nodiscard]] QSqlDatabase openDatabase(const QString &connection,
                                            const QString &otherDatabase = {}) const;
    [[nodiscard]] QString mediaDir() const;
    [[nodiscard]] QByteArray stderrLog() const; // what the server logged so far

    // Counting requests without a race. The server logs a request (one line on stderr) before
    // its answer leaves, on its one request thread, so a marker request whose answer has come
    // back proves that every request the server received before it is in the log. settle()
    // sends such a marker (GET /api/v1/_settle/N, answered 404) and returns the log offset just
    // past its line: a baseline that no earlier request can still move. Earlier work of the
    // test's own client objects must be over first (their replies finished, or the objects,
    // and so their network managers, gone): what was never sent cannot be waited for.
    // Returns -1 (with a qWarning) when the marker's line does not appear.
    [[nodiscard]] qsizetype settle();
    // The request lines logged after the offset `mark` (from settle()), once the server has
    // settled again: everything received until now, the markers left out, each as logText().
    [[nodiscard]] QList<QByteArray> requestsSince(qsizetype mark);
    // A line of the log without its time and level, and an access line without its request id
    // too: "GET /api/v1/timeline 200 1.23ms 127.0.0.1 /api/v1/timeline".
    [[nodiscard]] static QByteArray logText(const QByteArray &line);
    [[nodiscard]] QByteArray stdoutLog() const; // all of stdout so far (first line included)
    [[nodiscard]] bool isPostgres() const;
    [[nodiscard]] bool isRunning() const;
    // The server's process id (0 when not running): for a test that stops it (SIGSTOP).
    [[nodiscard]] qint64 pid() const;
    // The exit code after stop() (or a crash); -1 while running or never started.
    [[nodiscard]] int exitCode() const;
    [[nodiscard]] bool crashed() const; // exited by a signal other than our SIGTERM/SIGKILL
    [[nodiscard]] QStringList arguments() const; // the full command line used

    // The binary: env THREADLINE_SERVER_BIN, else the compile-time THREADLINE_SERVER_BIN.
    [[nodiscard]] static QString serverBinary();
    // The PostgreSQL base URL from the environment, or "" for SQLite.
    [[nodiscard]] static QString postgresBaseUrl();

private:
    bool createPostgresDatabase(QString *error);
    void dropPostgresDatabase();
    bool launch(QString *error);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QProcess> m_proc;
    QStringList m_args; // without --listen
    QString m_dbUrl;
    QString m_mediaDir;
    QString m_pgBase;    // base URL of the cluster
    QString m_pgCreated; // database name we created (dropped in the destructor)
    QByteArray m_stdout;
    QUrl m_baseUrl;
    bool m_stopping = false;
    int m_exitCode = -1;
    bool m_crashed = false;
};

// A synchronous HTTP client: every call blocks (in a local event loop, 30 s timeout) until the
// answer is complete. HTTP/1.1 only, no proxy, no redirects followed, no cookies.
class Client
{
public:
    explicit Client(const QUrl &base);
    ~Client();
    Client(const Client &) = delete;
    Client &operator=(const Client &) = delete;

    void setBaseUrl(const QUrl &base);
    [[nodiscard]] QUrl baseUrl() const { return m_base; }
    // Sends `Authorization: Bearer <token>` on every call from now on ("" sends none).
    void setToken(const QString &token);
    [[nodiscard]] QString token() const { return m_token; }
    // The user object of the last successful login() ({} before).
    [[nodiscard]] QJsonObject user() const { return m_user; }
    [[nodiscard]] qint64 uid() const;

    // path: "/api/v1/…" with its query string, already percent-encoded where needed.
    HttpResult get(const QString &path);
    // A null or undefined json sends no body (use raw() to send a literal `null`). An object or
    // array is sent as compact JSON, a scalar as its JSON text; Content-Type application/json.
    HttpResult post(const QString &path, const QJsonValue &json = QJsonValue(QJsonValue::Undefined),
                    const HeaderList &headers = {});
    HttpResult put(const QString &path, const QJsonValue &json = QJsonValue(QJsonValue::Undefined));
    HttpResult del(const QString &path);
    // Exactly this method, body and headers (plus Authorization unless headers hold one).
    HttpResult raw(const QByteArray &method, const QString &path, const QByteArray &body,
                   const HeaderList &headers = {});
    // POST /api/v1/auth/login; sets and returns the token, "" on failure (the token is cleared).
    QString login(const QString &username, const QString &password = QStringLiteral("demo"));

    // Whether answers are checked against docs/openapi.yaml (on by default: a mismatch fails
    // the running test). Off only for a test that sends what the description cannot name.
    void setContractCheck(bool on) { m_contractCheck = on; }

    // A fresh Idempotency-Key value (a UUID without braces).
    [[nodiscard]] static QByteArray newIdempotencyKey();
    // The JSON text of any value ("null" for null/undefined).
    [[nodiscard]] static QByteArray toJson(const QJsonValue &json);

private:
    HttpResult send(const QByteArray &method, const QString &path, const QByteArray &body,
                    const HeaderList &headers);

    QUrl m_base;
    QString m_token;
    QJsonObject m_user;
    std::unique_ptr<QNetworkAccessManager> m_nam;
    bool m_contractCheck = true;
};

// Returns once the wall clock reads a later millisecond than when it was called, so that the
// server gives the next write a later time than the last one: for lists ordered by time whose
// ties break on something other than the order of writing (followers break on the uid).
inline void waitForNextMillisecond()
{
    const qint64 start = QDateTime::currentMSecsSinceEpoch();
    while (QDateTime::currentMSecsSinceEpoch() <= start)
        QThread::yieldCurrentThread();
}

} // namespace threadline::test

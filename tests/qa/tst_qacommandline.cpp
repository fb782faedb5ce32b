// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// QA's command line, driven as QA drives it: the real `threadline` program in a process of its
// own (offscreen), a home of its own per test (settings, cache, outbox), against the real server.
//   threadline --offline [--cache FILE] [--import FILE.json]… [--screenshot FILE.png]
//              [--lang zh_CN|en] [--size WxH]
// Offline starts with no keychain reachable; --cache with no account; --import of the sample, an
// array and a page, shown again from the cache after a restart; every malformed kind is exit 2,
// one sentence naming the file and the field, nothing imported; offline, not one request reaches
// the server (pictures included); a second run paints its cache before the server answers.
#include "artifacts.h"
#include "testserver.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>

using threadline::test::Client;
using threadline::test::TestServer;

namespace {

constexpr int kRunMs = 60000;

QString sampleFile()
{
    return QStringLiteral(THREADLINE_REPO_FIXTURES_DIR "/seed-post-90012.json");
}

QJsonObject sample()
{
    QFile f(sampleFile());
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

// The sample again under another id, content and time (a post the server does not know).
QJsonObject variant(qint64 id, const QString &content, qint64 createtime)
{
    QJsonObject o = sample();
    o.insert(QStringLiteral("id"), id);
    o.insert(QStringLiteral("content"), content);
    o.insert(QStringLiteral("createtime"), createtime);
    return o;
}

struct Run
{
    int exitCode = -1;
    bool finished = false;
    QByteArray out;
    QByteArray err;

    // "first paint: T ms after start, N posts from the cache" → N (or -1).
    [[nodiscard]] int paintedFrom(const QByteArray &from) const
    {
        static const QRegularExpression re(
            QStringLiteral("first paint: \\d+ ms after start, (\\d+) posts from the (\\w+)"));
        const auto m = re.match(QString::fromUtf8(out));
        return m.hasMatch() && m.captured(2).toUtf8() == from ? m.captured(1).toInt() : -1;
    }
    [[nodiscard]] QByteArray describe() const
    {
        return "exit " + QByteArray::number(exitCode) + "\n--- stdout\n" + out + "\n--- stderr\n" +
               err.right(3000);
    }
};

} // namespace

class TestQaCommandLine : public QObject
{
    Q_OBJECT

private:
    TestServer m_server;
    std::unique_ptr<QTemporaryDir> m_home; // one per test: settings, cache and outbox of its own

    [[nodiscard]] QString home(const QString &name) const { return m_home->filePath(name); }

    QProcessEnvironment environment(bool keychain) const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("HOME"), m_home->path());
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home(QStringLiteral("config")));
        env.insert(QStringLiteral("XDG_DATA_HOME"), home(QStringLiteral("data")));
        env.insert(QStringLiteral("XDG_CACHE_HOME"), home(QStringLiteral("cache")));
        if (!keychain) { // no secret service reachable: no session bus at all
            env.remove(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"));
            env.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"),
                       QStringLiteral("unix:path=") + home(QStringLiteral("no-bus")));
        }
        return env;
    }

    Run run(const QStringList &args, bool keychain = true)
    {
        QProcess p;
        p.setProcessEnvironment(environment(keychain));
        p.start(QStringLiteral(THREADLINE_APP_BIN), args);
        Run r;
        if (!p.waitForStarted(10000))
            return r;
        r.finished = p.waitForFinished(kRunMs);
        if (!r.finished) {
            p.kill();
            p.waitForFinished(5000);
        }
        r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
        r.out = p.readAllStandardOutput();
        r.err = p.readAllStandardError();
        return r;
    }

    QString writeJson(const QString &name, const QJsonValue &v)
    {
        const QString path = m_home->filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            return {};
        f.write(v.isArray() ? QJsonDocument(v.toArray()).toJson()
                            : QJsonDocument(v.toObject()).toJson());
        return path;
    }
    QString writeBytes(const QString &name, const QByteArray &bytes)
    {
        const QString path = m_home->filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            return {};
        f.write(bytes);
        return path;
    }

    // Post ids in the cache file's All timeline, in its order (empty when there is no file).
    static QList<qint64> cachedAll(const QString &file)
    {
        QList<qint64> ids;
        if (!QFile::exists(file))
            return ids;
        {
            QSqlDatabase db =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("look"));
            db.setDatabaseName(file);
            db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
            if (db.open()) {
                QSqlQuery q(db);
                q.exec(QStringLiteral("SELECT post_id FROM timeline WHERE scope = 'all'"
                                      " ORDER BY pos"));
                while (q.next())
                    ids.append(q.value(0).toLongLong());
            }
        }
        QSqlDatabase::removeDatabase(QStringLiteral("look"));
        return ids;
    }

    static QString deadServer() { return QStringLiteral("http://127.0.0.1:9"); } // discard port

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(m_server.start(), m_server.stderrLog().right(2000).constData());
    }

    void init()
    {
        m_home = std::make_unique<QTemporaryDir>();
        QVERIFY(m_home->isValid());
    }

    void offlineStartsWithoutKeychainOrNetwork()
    {
        // An earlier run signed in, online, with the keychain: its cache and outbox remain.
        const Run first = run({QStringLiteral("--server"), m_server.baseUrl().toString(),
                               QStringLiteral("--user"), QStringLiteral("zhangsan"),
                               QStringLiteral("--password"), QStringLiteral("demo"),
                               QStringLiteral("--screenshot"), home(QStringLiteral("a.png"))});
        QVERIFY2(first.exitCode == 0, first.describe());

        // Offline, no secret service reachable, no --server: the last account's cache, no
        // sign-in, not one request.
        const qsizetype mark = m_server.settle();
        const QString png = home(QStringLiteral("offline.png"));
        const Run offline =
            run({QStringLiteral("--offline"), QStringLiteral("--screenshot"), png}, false);
        QVERIFY2(offline.exitCode == 0, offline.describe());
        QVERIFY2(offline.paintedFrom("cache") >= 20, offline.describe());
        QVERIFY(!QImage(png).isNull());
        QCOMPARE(m_server.requestsSince(mark), QList<QByteArray>());
    }

    void offlineWithNoAccountAtAll()
    {
        // A machine that never signed in: still a window, from an empty cache, exit 0.
        const QString png = home(QStringLiteral("nobody.png"));
        const Run r = run({QStringLiteral("--offline"), QStringLiteral("--import"), sampleFile(),
                           QStringLiteral("--screenshot"), png, QStringLiteral("--size"),
                           QStringLiteral("1024x700")},
                          false);
        QVERIFY2(r.exitCode == 0, r.describe());
        QVERIFY2(r.paintedFrom("cache") == 1, r.describe());
        QCOMPARE(QImage(png).size(), QSize(1024, 700));
    }

    void importKinds_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QList<qint64>>("expected"); // the All timeline, newest first
        QTest::newRow("the spec's sample") << QStringLiteral("sample") << QList<qint64>{90012};
        QTest::newRow("an array") << QStringLiteral("array") << QList<qint64>{700002, 700001};
        QTest::newRow("a page") << QStringLiteral("page") << QList<qint64>{700003, 90012};
    }
    void importKinds()
    {
        QFETCH(QString, kind);
        QFETCH(QList<qint64>, expected);
        QString file = sampleFile();
        const qint64 t = sample().value(QStringLiteral("createtime")).toInteger();
        if (kind == QLatin1String("array"))
            file = writeJson(QStringLiteral("array.json"),
                             QJsonArray{variant(700001, QStringLiteral("older"), t + 1000),
                                        variant(700002, QStringLiteral("newer 🎉"), t + 2000)});
        else if (kind == QLatin1String("page"))
            file = writeJson(
                QStringLiteral("page.json"),
                QJsonObject{{QStringLiteral("items"),
                             QJsonArray{sample(), variant(700003, QStringLiteral("p"), t + 5000)}},
                            {QStringLiteral("next"), QJsonValue::Null}});
        const QString cache = home(QStringLiteral("qa.sqlite"));
        const Run r = run({QStringLiteral("--cache"), cache, QStringLiteral("--server"),
                           deadServer(), QStringLiteral("--import"), file,
                           QStringLiteral("--screenshot"), home(QStringLiteral("import.png"))},
                          false);
        QVERIFY2(r.exitCode == 0, r.describe());
        QCOMPARE(cachedAll(cache), expected);
        QVERIFY2(r.paintedFrom("cache") == expected.size(), r.describe());

        // Again without --import: the posts come from the cache file.
        const Run again =
            run({QStringLiteral("--cache"), cache, QStringLiteral("--server"), deadServer(),
                 QStringLiteral("--screenshot"), home(QStringLiteral("again.png"))},
                false);
        QVERIFY2(again.exitCode == 0, again.describe());
        QVERIFY2(again.paintedFrom("cache") == expected.size(), again.describe());
        QVERIFY(QFile::exists(cache + QStringLiteral(".outbox"))); // the cache's own outbox
    }

    void malformedImports_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("where"); // what the sentence must name besides the file
        const QByteArray good = QJsonDocument(sample()).toJson(QJsonDocument::Compact);
        QTest::newRow("not JSON") << QByteArray("this is not json") << QString();
        QTest::newRow("truncated") << good.left(good.size() / 2) << QString();
        QTest::newRow("empty file") << QByteArray() << QString();
        QTest::newRow("a wrong type")
            << QByteArray(good).replace("\"id\":90012", "\"id\":\"90012\"") << QStringLiteral("id");
        QTest::newRow("an id of 2^63")
            << QByteArray(good).replace("\"id\":90012", "\"id\":9223372036854775807")
            << QStringLiteral("id");
        QTest::newRow("a lone surrogate")
            << QByteArray(good).replace("\"content\":\"", "\"content\":\"\\ud83d") << QString();
        QTest::newRow("an empty array") << QByteArray("[]") << QString();
        QTest::newRow("a number") << QByteArray("42") << QString();
        QTest::newRow("deep nesting") << QByteArray(100000, '[') << QString();
    }
    void malformedImports()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, where);
        const QString cache = home(QStringLiteral("bad.sqlite"));
        // a good file first: the bad one after it makes the whole run import nothing
        const QString bad = writeBytes(QStringLiteral("bad-fixture.json"), bytes);
        const Run r =
            run({QStringLiteral("--cache"), cache, QStringLiteral("--server"), deadServer(),
                 QStringLiteral("--import"), sampleFile(), QStringLiteral("--import"), bad,
                 QStringLiteral("--screenshot"), home(QStringLiteral("never.png"))},
                false);
        QCOMPARE(r.exitCode, 2);
        const QString err = QString::fromUtf8(r.err).trimmed();
        QVERIFY2(!err.contains(QLatin1Char('\n')), qPrintable(err)); // one sentence
        QVERIFY2(err.contains(QStringLiteral("bad-fixture.json")), qPrintable(err));
        if (!where.isEmpty())
            QVERIFY2(err.contains(where), qPrintable(err));
        QVERIFY2(err.contains(QStringLiteral("nothing was imported")), qPrintable(err));
        QVERIFY(!QFile::exists(cache)); // nothing of it, nor of the good file, was written
        QVERIFY(!QFile::exists(home(QStringLiteral("never.png"))));
    }

    // A file with some posts that cannot be read, and one of a kind from a newer server (VIDEO):
    // every post that can be read is imported (the VIDEO one too), each left out is said on stderr
    // with its place and why, and the screenshot is still written.
    void importKeepsWhatItCanRead_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("where"); // the place the sentence names
        QTest::addColumn<QList<qint64>>("expected");
        const qint64 t = sample().value(QStringLiteral("createtime")).toInteger();
        QJsonObject video = variant(700020, QStringLiteral("a video"), t + 3000);
        video.insert(QStringLiteral("category"), QStringLiteral("VIDEO"));
        const QByteArray good = QJsonDocument(sample()).toJson(QJsonDocument::Compact);
        const QByteArray v = QJsonDocument(video).toJson(QJsonDocument::Compact);
        QTest::newRow("one bad post in an array")
            << QByteArray("[" + good + "," + QByteArray(good).replace("\"id\":90012", "\"id\":-4") +
                          "," + v + "]")
            << QStringLiteral("[1].id") << QList<qint64>{700020, 90012};
        QTest::newRow("one bad post in a page")
            << QByteArray("{\"items\":[" + good + ",{\"id\":5}," + v + "],\"next\":null}")
            << QStringLiteral("items[1]") << QList<qint64>{700020, 90012};
    }
    void importKeepsWhatItCanRead()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, where);
        QFETCH(QList<qint64>, expected);
        const QString cache = home(QStringLiteral("partly.sqlite"));
        const QString file = writeBytes(QStringLiteral("partly.json"), bytes);
        const QString png = home(QStringLiteral("partly.png"));
        const Run r =
            run({QStringLiteral("--cache"), cache, QStringLiteral("--server"), deadServer(),
                 QStringLiteral("--import"), file, QStringLiteral("--screenshot"), png},
                false);
        QVERIFY2(r.exitCode == 0, r.describe());
        const QString err = QString::fromUtf8(r.err);
        QVERIFY2(err.contains(QStringLiteral("partly.json")) && err.contains(where), r.describe());
        QCOMPARE(cachedAll(cache), expected);
        QVERIFY2(r.paintedFrom("cache") == expected.size(), r.describe());
        QVERIFY(QFile::exists(png));
        QVERIFY(!QImage(png).isNull());
    }

    void missingImportFile()
    {
        const Run r = run({QStringLiteral("--offline"), QStringLiteral("--import"),
                           home(QStringLiteral("no-such.json"))},
                          false);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("no-such.json"), r.describe());
    }

    void offlineSendsNothingPicturesIncluded()
    {
        // A post whose pictures and avatar are on the server itself: offline, none is asked.
        QJsonObject post = variant(700010, QStringLiteral("pictures here"), 1543374370935);
        QJsonArray pictures;
        for (int i = 0; i < 3; ++i)
            pictures.append(QStringLiteral("/api/v1/media/qa-%1.png").arg(i));
        post.insert(QStringLiteral("pictureUrls"), pictures);
        QJsonObject author = post.value(QStringLiteral("author")).toObject();
        author.insert(QStringLiteral("headImg"), QStringLiteral("/api/v1/media/qa-avatar.png"));
        post.insert(QStringLiteral("author"), author);
        const QString file = writeJson(QStringLiteral("pictures.json"), post);
        const qsizetype mark = m_server.settle();
        const Run r = run({QStringLiteral("--offline"), QStringLiteral("--server"),
                           m_server.baseUrl().toString(), QStringLiteral("--cache"),
                           home(QStringLiteral("pictures.sqlite")), QStringLiteral("--import"),
                           file, QStringLiteral("--screenshot"), home(QStringLiteral("p.png"))},
                          false);
        QVERIFY2(r.exitCode == 0, r.describe());
        QCOMPARE(m_server.requestsSince(mark), QList<QByteArray>());
    }

    void secondRunPaintsItsCacheBeforeTheServerAnswers()
    {
        const QStringList args{QStringLiteral("--server"),    m_server.baseUrl().toString(),
                               QStringLiteral("--user"),      QStringLiteral("lisi"),
                               QStringLiteral("--password"),  QStringLiteral("demo"),
                               QStringLiteral("--screenshot")};
        const Run first = run(args + QStringList{home(QStringLiteral("first.png"))});
        QVERIFY2(first.exitCode == 0, first.describe());
        QVERIFY2(first.paintedFrom("server") > 0, first.describe());

        // The server stops answering (SIGSTOP): the second run paints from its cache anyway.
        QProcess p;
        p.setProcessEnvironment(environment(true));
        QVERIFY(::kill(pid_t(m_server.pid()), SIGSTOP) == 0);
        struct Resume // whatever happens below, the server answers again afterwards
        {
            qint64 pid;
            ~Resume() { ::kill(pid_t(pid), SIGCONT); }
        } resume{m_server.pid()};
        p.start(QStringLiteral(THREADLINE_APP_BIN),
                args + QStringList{home(QStringLiteral("second.png"))});
        QByteArray out;
        QTRY_VERIFY_WITH_TIMEOUT((out += p.readAllStandardOutput()).contains("first paint:"),
                                 20000);
        QVERIFY(::kill(pid_t(m_server.pid()), SIGCONT) == 0);
        Run second;
        second.out = out;
        QVERIFY2(second.paintedFrom("cache") >= 20, out.constData());
        QVERIFY(p.waitForFinished(kRunMs));
        QCOMPARE(p.exitCode(), 0);
    }
};

QTEST_GUILESS_MAIN(TestQaCommandLine)
#include "tst_qacommandline.moc"

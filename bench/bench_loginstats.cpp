// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The moderators' statistics at scale (docs/performance.md, "Moderators' statistics"):
// 10,000,000 simulated users, 30 days of login bitmaps, the real threadline-server answering
// over HTTP on 127.0.0.1.
//
//   build/bench/bench_loginstats --db sqlite:/tmp/stats.db [--users N] [--runs 7]
//   build/bench/bench_loginstats --db postgresql://postgres@127.0.0.1:PORT/db
//
// It migrates the database by starting the server once, fills it (users with a week's new ones,
// each day's bitmap: a fifth of the users come on 90 % of days, the rest on 5 %), then times,
// each run for another day and after 1,000 new marks on that day (so every run folds marks into
// a bitmap, as a live server does):
//   figures   GET /moderation/stats?date=D                                     (target ≤ 50 ms)
//   chart     GET /moderation/stats/days?to=D&days=30                           (target ≤ 500 ms)
//   all of 3  GET /moderation/stats/people?set=activeAllOfLast3Days&date=D&limit=50 (≤ 100 ms)
// and prints the first (cold: the process has no bitmap yet) and the median of the runs; then
// today's figures asked again as people keep coming (the common case: a fold of 1,000 marks, the
// bitmaps cached), and a fold of 200,000 newcomers at once checked against the expected count.
#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDate>
#include <QDateTime>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTimer>
#include <QUrl>
#include <QVariant>

#include <roaring/roaring.h>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace {

[[noreturn]] void die(const QString &why)
{
    std::fprintf(stderr, "bench_loginstats: %s\n", qPrintable(why));
    std::exit(1);
}

void exec(QSqlDatabase &db, const QString &sql, const QVariantList &binds = {})
{
    QSqlQuery q(db);
    if (!q.prepare(sql))
        die(q.lastError().text() + QStringLiteral(" in ") + sql);
    for (const QVariant &b : binds)
        q.addBindValue(b);
    if (!q.exec())
        die(q.lastError().text() + QStringLiteral(" in ") + sql);
}

// Starts the server on a free port; returns its base URL.
QString startServer(QProcess &p, const QString &bin, const QString &db, const QString &media)
{
    p.setProgram(bin);
    p.setArguments({QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
                    QStringLiteral("--db"), db, QStringLiteral("--media-dir"), media,
                    QStringLiteral("--rate-limits"), QStringLiteral("off")});
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start();
    static const QRegularExpression re(QStringLiteral("listening on (http://[0-9.:]+)"));
    QByteArray out;
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < 600000) {
        if (!p.waitForReadyRead(1000) && p.state() != QProcess::Running)
            die(QStringLiteral("the server stopped: ") + QString::fromUtf8(out));
        out += p.readAll();
        const auto m = re.match(QString::fromUtf8(out));
        if (m.hasMatch())
            return m.captured(1) + QStringLiteral("/api/v1");
    }
    die(QStringLiteral("the server did not start"));
}

void stopServer(QProcess &p)
{
    p.terminate();
    if (!p.waitForFinished(30000))
        p.kill();
    p.waitForFinished(5000);
}

double timedGet(QNetworkAccessManager &nam, const QString &url, const QByteArray &token,
                QByteArray *body)
{
    QNetworkRequest req{QUrl(url)};
    req.setRawHeader("Authorization", "Bearer " + token);
    QElapsedTimer t;
    t.start();
    QNetworkReply *r = nam.get(req);
    QEventLoop loop;
    QObject::connect(r, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    const double ms = double(t.nsecsElapsed()) / 1e6;
    *body = r->readAll();
    if (r->error() != QNetworkReply::NoError)
        die(url + QStringLiteral(": ") + r->errorString() + QString::fromUtf8(*body));
    r->deleteLater();
    return ms;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QString dbUrl;
    qint64 users = 10'000'000;
    int runs = 7;
    QString bin = QStringLiteral(THREADLINE_SERVER_BIN);
    const QStringList args = app.arguments();
    for (int i = 1; i + 1 < args.size(); i += 2) {
        if (args[i] == QLatin1String("--db"))
            dbUrl = args[i + 1];
        else if (args[i] == QLatin1String("--users"))
            users = args[i + 1].toLongLong();
        else if (args[i] == QLatin1String("--runs"))
            runs = args[i + 1].toInt();
        else if (args[i] == QLatin1String("--server"))
            bin = args[i + 1];
    }
    if (dbUrl.isEmpty() || users < 1000 || runs < 1)
        die(QStringLiteral("usage: bench_loginstats --db URL [--users N] [--runs N]"));
    QTemporaryDir media;

    // 1. The schema, by the server itself.
    {
        QProcess p;
        startServer(p, bin, dbUrl, media.path());
        stopServer(p);
    }

    // 2. The data.
    QSqlDatabase db;
    const bool pg = dbUrl.startsWith(QLatin1String("postgresql:"));
    if (pg) {
        const QUrl u(dbUrl);
        db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"));
        db.setHostName(u.host());
        db.setPort(u.port(5432));
        db.setUserName(u.userName());
        db.setPassword(u.password());
        db.setDatabaseName(u.path().mid(1));
    } else {
        db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"));
        db.setDatabaseName(dbUrl.mid(7));
    }
    if (!db.open())
        die(db.lastError().text());
    const qint64 nowMs = QDateTime::currentMSecsSinceEpoch();
    const QDate today = QDateTime::currentDateTimeUtc().addSecs(8 * 3600).date();
    const int todayNo = int(QDate(1970, 1, 1).daysTo(today));
    const qint64 weekAgo = nowMs - 6LL * 86400000;
    const qint64 fresh = users / 150; // new this week
    QElapsedTimer fill;
    fill.start();
    exec(db, QStringLiteral("DELETE FROM login_days"));
    exec(db, QStringLiteral("DELETE FROM login_marks"));
    const qint64 have = [&] {
        QSqlQuery q(db);
        q.exec(QStringLiteral("SELECT COUNT(*) FROM users"));
        return q.next() ? q.value(0).toLongLong() : 0;
    }();
    if (have < users) {
        // ids 1 … users; the last `fresh` of them joined this week.
        const QString series =
            pg ? QStringLiteral("SELECT g FROM generate_series(%1, %2) AS g")
                     .arg(have + 1)
                     .arg(users)
               : QStringLiteral("WITH RECURSIVE s(g) AS (SELECT %1 UNION ALL SELECT g + 1 FROM s"
                                " WHERE g < %2) SELECT g FROM s")
                     .arg(have + 1)
                     .arg(users);
        exec(db, QStringLiteral("INSERT INTO users(id, username, nick, pw_hash, created, role)"
                                " SELECT g, 'sim' || g, 'sim' || g, 'x',"
                                " CASE WHEN g > %1 THEN %2 ELSE %3 END,"
                                " CASE WHEN g = 1 THEN 'moderator' ELSE 'user' END FROM (%4) AS t")
                     .arg(users - fresh)
                     .arg(weekAgo + 3600000)
                     .arg(nowMs - 400LL * 86400000)
                     .arg(series));
        if (pg)
            exec(db, QStringLiteral("SELECT setval(pg_get_serial_sequence('users', 'id'),"
                                    " (SELECT MAX(id) FROM users))"));
    }
    const QByteArray token = "bench-loginstats-token";
    exec(
        db, QStringLiteral("DELETE FROM tokens WHERE hash = ?"),
        {QString::fromLatin1(QCryptographicHash::hash(token, QCryptographicHash::Sha256).toHex())});
    exec(db, QStringLiteral("INSERT INTO tokens(hash, uid, created) VALUES(?, 1, ?)"),
         {QString::fromLatin1(QCryptographicHash::hash(token, QCryptographicHash::Sha256).toHex()),
          nowMs});
    const double usersMs = double(fill.elapsed());
    // 40 days of bitmaps ending today.
    QRandomGenerator rng(7);
    qint64 bytes = 0;
    roaring_bitmap_t *todayBits = nullptr; // what today should count, kept to check the server
    for (int back = 39; back >= 0; --back) {
        roaring_bitmap_t *b = roaring_bitmap_create();
        for (uint32_t uid = 1; uid <= uint32_t(users); ++uid) {
            const bool regular = (uid * 2654435761u) % 5 == 0;
            if (rng.bounded(100u) < (regular ? 90u : 5u))
                roaring_bitmap_add(b, uid);
        }
        roaring_bitmap_run_optimize(b);
        if (back == 0) {
            todayBits = roaring_bitmap_copy(b);
            roaring_bitmap_add(todayBits, 1); // the bench's moderator, marked by its calls
        }
        QByteArray bits(qsizetype(roaring_bitmap_portable_size_in_bytes(b)), Qt::Uninitialized);
        roaring_bitmap_portable_serialize(b, bits.data());
        bytes += bits.size();
        exec(db,
             QStringLiteral("INSERT INTO login_days(day, bits, members, version)"
                            " VALUES(?, ?, ?, 1)"),
             {todayNo - back, bits, qint64(roaring_bitmap_get_cardinality(b))});
        roaring_bitmap_free(b);
    }
    if (pg) {
        QSqlQuery vacuum(db); // not a statement that can be prepared
        if (!vacuum.exec(QStringLiteral("VACUUM ANALYZE")))
            die(vacuum.lastError().text());
    }
    std::printf("filled: %lld users (%.1f s), 40 days of bitmaps, %.1f MB each, in %.1f s\n",
                (long long)users, usersMs / 1000, double(bytes) / 40 / 1e6,
                double(fill.elapsed()) / 1000);

    // 3. The server, and the timed calls.
    QProcess server;
    const QString base = startServer(server, bin, dbUrl, media.path());
    QNetworkAccessManager nam;
    std::vector<double> figures, chart, people;
    QByteArray body;
    for (int run = 0; run < runs; ++run) {
        const QDate d = today.addDays(-run);
        const QString date = d.toString(QStringLiteral("yyyy-MM-dd"));
        const int dayNo = int(QDate(1970, 1, 1).daysTo(d));
        // 1,000 people come on that day since the last look (folded by the next read).
        db.transaction();
        for (int i = 0; i < 1000; ++i) {
            const quint32 uid = rng.bounded(quint32(users)) + 1;
            exec(db,
                 QStringLiteral("INSERT INTO login_marks(day, uid) VALUES(?, ?)"
                                " ON CONFLICT DO NOTHING"),
                 {dayNo, qint64(uid)});
            if (run == 0)
                roaring_bitmap_add(todayBits, uid);
        }
        db.commit();
        figures.push_back(
            timedGet(nam, base + QStringLiteral("/moderation/stats?date=") + date, token, &body));
        if (run == 0)
            std::printf("figures: %s\n", body.constData());
        chart.push_back(timedGet(
            nam, base + QStringLiteral("/moderation/stats/days?days=30&to=") + date, token, &body));
        people.push_back(timedGet(nam,
                                  base +
                                      QStringLiteral("/moderation/stats/people?limit=50&set="
                                                     "activeAllOfLast3Days&date=") +
                                      date,
                                  token, &body));
        if (run == 0)
            std::printf("all of 3, first page: %d bytes, total %lld\n", int(body.size()),
                        QJsonDocument::fromJson(body).object().value("total").toInteger());
    }
    // The common case: today's figures again as people keep coming (1,000 new marks each time).
    std::vector<double> todayAgain;
    for (int run = 0; run < runs; ++run) {
        const int dayNo = int(QDate(1970, 1, 1).daysTo(today));
        db.transaction();
        for (int i = 0; i < 1000; ++i) {
            const quint32 uid = rng.bounded(quint32(users)) + 1;
            exec(db,
                 QStringLiteral("INSERT INTO login_marks(day, uid) VALUES(?, ?)"
                                " ON CONFLICT DO NOTHING"),
                 {dayNo, qint64(uid)});
            roaring_bitmap_add(todayBits, uid);
        }
        db.commit();
        todayAgain.push_back(timedGet(nam,
                                      base + QStringLiteral("/moderation/stats?date=") +
                                          today.toString(QStringLiteral("yyyy-MM-dd")),
                                      token, &body));
    }

    // 200,000 newcomers today at once: the fold merges them into the day's big bitmap; the
    // figure must be exactly today's bitmap with them.
    {
        const int dayNo = int(QDate(1970, 1, 1).daysTo(today));
        const quint32 from = rng.bounded(quint32(users - 200000));
        exec(db,
             pg ? QStringLiteral("INSERT INTO login_marks(day, uid) SELECT %1, g FROM"
                                 " generate_series(%2, %3) AS g ON CONFLICT DO NOTHING")
                      .arg(dayNo)
                      .arg(from + 1)
                      .arg(from + 200000)
                : QStringLiteral("WITH RECURSIVE s(g) AS (SELECT %2 UNION ALL SELECT g + 1 FROM s"
                                 " WHERE g < %3) INSERT OR IGNORE INTO login_marks(day, uid)"
                                 " SELECT %1, g FROM s")
                      .arg(dayNo)
                      .arg(from + 1)
                      .arg(from + 200000));
        roaring_bitmap_add_range(todayBits, uint64_t(from) + 1, uint64_t(from) + 200001);
        const double ms = timedGet(nam,
                                   base + QStringLiteral("/moderation/stats?date=") +
                                       today.toString(QStringLiteral("yyyy-MM-dd")),
                                   token, &body);
        const qint64 got = QJsonDocument::fromJson(body).object().value("activeToday").toInteger();
        const qint64 want = qint64(roaring_bitmap_get_cardinality(todayBits));
        std::printf("200,000 newcomers folded and merged: %.1f ms; activeToday %lld, expected "
                    "%lld: %s\n",
                    ms, (long long)got, (long long)want, got == want ? "ok" : "WRONG");
        if (got != want) {
            stopServer(server);
            return 1;
        }
    }
    roaring_bitmap_free(todayBits);
    stopServer(server);
    std::printf("%s, %lld users, %d runs (first run: cold process)\n", pg ? "PostgreSQL" : "SQLite",
                (long long)users, runs);
    std::printf("  day's figures     first %7.1f ms  median %7.1f ms  (target 50)\n", figures[0],
                median(figures));
    std::printf("  30-day chart      first %7.1f ms  median %7.1f ms  (target 500)\n", chart[0],
                median(chart));
    std::printf("  3-day AND, page 1 first %7.1f ms  median %7.1f ms  (target 100)\n", people[0],
                median(people));
    std::printf("  today's figures again, 1,000 newcomers since: median %7.1f ms\n",
                median(todayAgain));
    return 0;
}

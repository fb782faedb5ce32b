// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// seedDemo() (demodata.h): the demo world built in memory by the steps of demoworld.h, while a
// pool hashes the passwords and draws the images, then written in one transaction.
#include "demo/demodata.h"

#include "api/passwords.h"
#include "demo/demobusythread.h"
#include "demo/demoimages.h"
#include "demo/demopeople.h"
#include "demo/demoposts.h"
#include "demo/demowrite.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QThread>
#include <QThreadPool>

namespace threadline::server {

using namespace demo;

namespace {

// Slow parts in parallel, outside the transaction: the password hash and
// images (rendered and written to mediaDir). The rows must not move until the pool is done.
void startSlowWork(QThreadPool &workers, World &w, const QDir &dir)
{
    // Every demo account's password is the public "demo": one Argon2id hash (19 MiB, tens of
    // milliseconds) serves them all, so that a demo server starts as fast as before.
    workers.start([&w] {
        const QString hash = hashPassword(QStringLiteral("demo"));
        for (UserRow &u : w.users)
            u.hash = hash;
    });
    for (MediaRow &m : w.media) {
        workers.start([&m, &dir] {
            const QImage img = m.avatar ? makeAvatar(m.param) : makePicture(quint32(m.param));
            QByteArray bytes;
            QBuffer buf(&bytes);
            buf.open(QIODevice::WriteOnly);
            QFile f(dir.filePath(m.name));
            // quality 50: zlib level 5, a third faster to encode than the default, ~20% larger
            if (!img.save(&buf, "PNG", 50) || !f.open(QIODevice::WriteOnly) ||
                f.write(bytes) != bytes.size()) {
                m.failed = true;
                return;
            }
            m.size = bytes.size();
        });
    }
}

// Posts, comments, likes, votes, views, ids, follows and activity. The steps draw from one
// generator: this order is the world's (another order is another world).
void buildWorld(World &w)
{
    addPosts(w);
    addOrdinaryReactions(w);
    addBusyThread(w);
    addOrdinaryVotes(w);
    addHotReactions(w);
    assignIds(w);
    addFollows(w);
    addActivity(w);
}

void removeFiles(const World &w, const QDir &dir)
{
    for (const MediaRow &m : w.media)
        QFile::remove(dir.filePath(m.name));
}

} // namespace

DemoResult seedDemo(Database &db, const QString &mediaDir, qint64 nowMs)
{
    if (db.scalar(QStringLiteral("SELECT COUNT(*) FROM users"), {}, 0).toLongLong() > 0)
        return {};

    World w(nowMs);
    addUsers(w);
    addMedia(w);
    const QDir dir(mediaDir);
    if (!QDir().mkpath(mediaDir))
        throw DbError(
            QStringLiteral("cannot create media directory %1").arg(mediaDir).toStdString());
    QThreadPool workers;
    workers.setMaxThreadCount(std::max(2, QThread::idealThreadCount()));
    startSlowWork(workers, w, dir);
    buildWorld(w); // while the workers run

    workers.waitForDone();
    for (const MediaRow &m : w.media) {
        if (m.failed) {
            removeFiles(w, dir);
            throw DbError(QStringLiteral("cannot write demo image %1")
                              .arg(dir.filePath(m.name))
                              .toStdString());
        }
    }

    try {
        Transaction tx(db);
        if (db.isPostgres())
            db.scalar(
                QStringLiteral("SELECT pg_advisory_xact_lock(7317002)")); // one seeder at a time
        if (db.scalar(QStringLiteral("SELECT COUNT(*) FROM users"), {}, 0).toLongLong() > 0) {
            removeFiles(w, dir); // another process seeded meanwhile
            return {};
        }
        const DemoResult result = writeWorld(db, w);
        tx.commit();
        return result;
    } catch (...) {
        removeFiles(w, dir);
        throw;
    }
}

} // namespace threadline::server

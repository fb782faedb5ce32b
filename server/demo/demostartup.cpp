// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "demo/demostartup.h"

#include "api/api.h"
#include "api/clock.h"
#include "db/database.h"
#include "demo/demodata.h"
#include "demo/demomoderation.h"
#include "serverconfig.h"

#include <QDir>

namespace threadline::server {

bool seedDemoAtStart(Database &db, const ServerConfig &config, QString *error)
{
    QDir().mkpath(config.mediaDir);
    try {
        if (seedDemo(db, config.mediaDir, nowMs()).users > 0) {
            // The story's calls go through the routes as the demo's people would make them; the
            // word list flags what it should. The serving Api starts afresh after it: none of
            // the story's tokens in its cache, and who is active today read from the table.
            Api story(db, config);
            story.initWorker();
            seedModerationDemo(story, db);
        }
    } catch (const DbError &e) {
        *error = QStringLiteral("demo data: %1").arg(QString::fromUtf8(e.what()));
        return false;
    }
    return true;
}

} // namespace threadline::server

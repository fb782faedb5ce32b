// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The live suites' signed-in client: an assembled core (AppCore) pointed at the test server with
// a token, reconnecting quickly (so that a test does not wait for seconds), polling as slowly as
// asked (ten minutes by default: whatever reaches it came by the stream), its cache and outbox in
// `dir`. And the small things those suites share: the uid of a signed-in HTTP client, the lines
// of a request log naming a path.
//
//   core::AppCore core;
//   test::startLiveCore(core, server.baseUrl(), token, uid, dir);
//   QTRY_VERIFY_WITH_TIMEOUT(core.live()->isLive(), 15000);
#pragma once

#include "appcore.h"
#include "livesync.h"
#include "net/apiclient.h"
#include "signedin.h"
#include "testserver.h"

#include <QByteArray>
#include <QList>

#include <algorithm>

namespace threadline::test {

inline constexpr int kHugePollMs = 10 * 60 * 1000; // nothing arrives by polling during a test

struct LiveCoreOptions
{
    bool offline = false;
    int pollMs = kHugePollMs;
    int silenceMs = 37500;
    QString name = QStringLiteral("A");
};

inline void startLiveCore(core::AppCore &core, const QUrl &server, const QString &token, qint64 uid,
                          const QString &dir, const LiveCoreOptions &options = {})
{
    core.setServer(server);
    core.api()->setToken(token);
    core.api()->setRetryPolicy(core::RetryPolicy{1, 10, 10});
    core.setOffline(options.offline);
    core::LiveSync::Timing t;
    t.backoffBaseMs = 200;
    t.backoffMaxMs = 1000;
    t.fallbackRetryMs = 1000;
    t.silenceMs = options.silenceMs;
    core.live()->setTiming(t);
    core::UserProfile me;
    me.brief = core::UserBrief{uid, options.name, QString()};
    core::AppCore::AccountOptions o;
    o.cachePath = dir + QStringLiteral("/a-cache.sqlite");
    o.outboxPath = dir + QStringLiteral("/a-outbox.sqlite");
    o.pollIntervalMs = options.pollMs;
    core.startAccount(me, o);
}

// GET /me's uid.
inline qint64 uidOf(Client &c)
{
    return c.get(api(QStringLiteral("/me"))).obj().value(QStringLiteral("uid")).toInteger();
}

// How many lines of a request log contain `what`.
inline int countLines(const QList<QByteArray> &lines, const QByteArray &what)
{
    return int(std::count_if(lines.cbegin(), lines.cend(),
                             [&](const QByteArray &l) { return l.contains(what); }));
}

} // namespace threadline::test

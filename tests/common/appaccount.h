// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Signing a whole client (core::AppCore) in against the test server, and its account's files
// under a directory of the test's own: for the suites that drive the real window.

#include "appcore.h"
#include "account/session.h"

#include <QDir>
#include <QSignalSpy>
#include <QUrl>
#include <optional>

namespace threadline::test {

// Signs in through the core's session (the real keychain); the profile, or nothing after 20 s.
inline std::optional<core::UserProfile> signIn(core::AppCore &core, const QUrl &base,
                                               const QString &user)
{
    core.setServer(base);
    QSignalSpy in(core.session(), &core::Session::signedIn);
    core.session()->login(base, user, QStringLiteral("demo"));
    if (!in.wait(20000))
        return std::nullopt;
    return in.at(0).at(0).value<core::UserProfile>();
}

// The account's cache and outbox in `dir`, a short like delay, no polling (tests sync when
// they say so).
inline core::AppCore::AccountOptions accountIn(const QDir &dir, const QString &name)
{
    core::AppCore::AccountOptions o;
    o.cachePath = dir.filePath(name + QStringLiteral(".cache.sqlite"));
    o.outboxPath = dir.filePath(name + QStringLiteral(".outbox.sqlite"));
    o.likeDelayMs = 100;
    o.pollIntervalMs = 0;
    return o;
}

} // namespace threadline::test

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Which server a cache file and an outbox file belong to.
//
// A server's address changes (the demo's port, a move behind a proxy); its database does not.
// GET /health reports the database's identity ("instance", a UUID made when the database was
// created, docs/api.md), and the client keys its files by it: the same server answering at
// another address finds its cache and, above all, its queued actions again. The instance seen at
// each origin is remembered (QSettings, group "serverInstances"), so that the files open at
// start before the server has answered; an origin never seen is asked first.
#pragma once

#include <QString>
#include <QUrl>

namespace threadline::core {

class ServerIdentity
{
public:
    // The instance reported at this origin last time; "" when none was seen.
    [[nodiscard]] static QString remembered(const QUrl &server);
    // Remembers a (normalised) instance for this origin; an invalid one is ignored.
    static void remember(const QUrl &server, const QString &instance);
    // A UUID in the form GET /health gives it: lower case, no braces; "" when it is none (a
    // hostile or older server's value never names a file).
    [[nodiscard]] static QString normalised(const QString &instance);
    // The folder name of one server's files: "id-<uuid>" for a known instance, otherwise
    // `fallback` (the address-based name of older versions).
    [[nodiscard]] static QString folderName(const QString &instance, const QString &fallback);

private:
    [[nodiscard]] static QString settingsKey(const QUrl &server);
};

} // namespace threadline::core

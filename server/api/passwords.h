// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

namespace threadline::server {

// Passwords are stored as Argon2id in the PHC string format
// ("$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>", libargon2), with the parameters of OWASP's
// Password Storage Cheat Sheet: 19 MiB of memory, 2 passes, 1 lane, a 16-byte random salt, a
// 32-byte hash (docs/deploy.md, "Passwords"). Older PBKDF2-SHA256 hashes
// ("pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>") still verify, and needsRehash() says to
// store the password again, as the sign-in does once it has checked it.
// Both calls take tens of milliseconds and 19 MiB: call them off the request threads.
[[nodiscard]] QString hashPassword(const QString &password);
[[nodiscard]] bool verifyPassword(const QString &password, const QString &stored);
// True when `stored` is not an Argon2id hash with today's parameters.
[[nodiscard]] bool needsRehash(const QString &stored);
// The older form, for tests of the upgrade and for reading old databases.
[[nodiscard]] QString hashPasswordPbkdf2(const QString &password, int iterations = 20000);

// A new random bearer token (URL-safe), and the hash under which it is stored.
[[nodiscard]] QString newToken();
[[nodiscard]] QString tokenHash(const QString &token);

} // namespace threadline::server

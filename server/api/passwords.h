// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

namespace threadline::server {

// Salted PBKDF2-SHA256 (QPasswordDigestor). Stored form: "pbkdf2-sha256$<iterations>$<salt
// b64>$<hash b64>".
[[nodiscard]] QString hashPassword(const QString &password);
[[nodiscard]] bool verifyPassword(const QString &password, const QString &stored);

// A new random bearer token (URL-safe), and the hash under which it is stored.
[[nodiscard]] QString newToken();
[[nodiscard]] QString tokenHash(const QString &token);

} // namespace threadline::server

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "api/authenticator.h"

#include "api/clock.h"
#include "api/handlers/logindays.h"
#include "api/passwords.h"
#include "api/response.h"
#include "db/database.h"
#include "serverconfig.h"

#include <QDate>

namespace threadline::server {

Authenticator::Authenticator(Database &db, const ServerConfig &config)
    : m_db(db)
    , m_config(config)
{
}

void Authenticator::authenticate(Request &req)
{
    const QByteArray auth = req.header("authorization");
    // The scheme is case-insensitive (RFC 7235): "Bearer", "bearer", …
    if (auth.size() < 10 || auth.left(7).toLower() != "bearer ")
        fail(401, QStringLiteral("sign in first: no bearer token"));
    const QString token = QString::fromLatin1(auth.mid(7).trimmed());
    const QString hash = tokenHash(token);
    // Tokens expire --token-ttl seconds after the sign-in (30 days by default).
    const qint64 oldest = nowMs() - m_config.tokenTtlSeconds * 1000;
    const qint64 now = nowMs();
    if (const auto it = m_tokenCache.constFind(hash); it != m_tokenCache.constEnd()) {
        if (it->created <= oldest) {
            m_tokenCache.erase(it);
            fail(401, QStringLiteral("the token is unknown, expired or revoked"));
        }
        // SQLite: one process owns the database, so a sign-out is always seen here. PostgreSQL:
        // another process may revoke the token; the check is reused for --token-cache only.
        if (!m_db.isPostgres() || now - it->checkedAt < m_config.tokenCacheMs) {
            req.viewer = it->viewer;
            return;
        }
    }
    const auto row = m_db.one(
        QStringLiteral("SELECT t.uid, u.role, t.created FROM tokens t JOIN users u ON u.id = t.uid"
                       " WHERE t.hash = ? AND t.revoked = 0 AND t.created > ?"),
        {hash, oldest});
    if (!row) {
        m_tokenCache.remove(hash);
        fail(401, QStringLiteral("the token is unknown, expired or revoked"));
    }
    req.viewer.uid = row->at(0).toLongLong();
    req.viewer.moderator = row->at(1).toString() == QLatin1String("moderator");
    if (m_db.isPostgres() && m_config.tokenCacheMs <= 0)
        return;
    if (m_tokenCache.size() > 100000)
        m_tokenCache.clear();
    m_tokenCache.insert(hash, CachedToken{req.viewer, row->at(2).toLongLong(), now});
}

void Authenticator::markActive(qint64 uid)
{
    const qint64 now = nowMs();
    const qint64 day = dayNumberUtc8(now);
    if (m_activeMarked.contains({uid, day}))
        return;
    if (m_activeMarked.size() > 200000)
        m_activeMarked.clear();
    const QDate date = QDate(1970, 1, 1).addDays(day);
    const QString month = date.toString(QStringLiteral("yyyy-MM"));
    m_db.exec(QStringLiteral(
                  "INSERT INTO user_days(uid, month, bits) VALUES(?, ?, ?)"
                  " ON CONFLICT(uid, month) DO UPDATE SET bits = user_days.bits | excluded.bits"),
              {uid, month, qint64(1) << (date.day() - 1)});
    // The day's login bitmap: a mark appended, folded in by a reader (logindays.h) or here
    // every kFoldEvery marks, so that the marks of a day nobody looks at stay few.
    m_db.exec(QStringLiteral("INSERT INTO login_marks(day, uid) VALUES(?, ?)"
                             " ON CONFLICT(day, uid) DO NOTHING"),
              {int(day), uid});
    m_activeMarked.insert({uid, day});
    if (++m_marksSinceFold >= kFoldEvery) {
        m_marksSinceFold = 0;
        LoginDays(m_db).fold(int(day));
    }
}

} // namespace threadline::server

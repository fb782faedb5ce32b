// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Sign-in and sign-out (authhandler.h).
#include "api/handlers/authhandler.h"

#include "api/authenticator.h"
#include "api/clock.h"
#include "api/passwords.h"
#include "api/ratelimiter.h"
#include "api/renderer.h"
#include "db/database.h"
#include "serverconfig.h"

namespace threadline::server {

AuthHandler::AuthHandler(Database &db, const ServerConfig &config, RateLimiter &limiter,
                         Authenticator &authenticator, Renderer &renderer,
                         std::shared_ptr<Deferred> &deferred)
    : m_db(db)
    , m_config(config)
    , m_limiter(limiter)
    , m_authenticator(authenticator)
    , m_renderer(renderer)
    , m_deferred(deferred)
{
}

void AuthHandler::addRoutes(RouteTable &t)
{
    // Not Write: no caller, no idempotency key; its one insert has a transaction of its own,
    // after the password check (which runs on a worker thread).
    t.add("POST", "auth/login", Public | JsonBody, this, &AuthHandler::login);
    t.add("POST", "auth/logout", Write, this, &AuthHandler::logout);
}

void AuthHandler::prepare()
{
    // Checked instead of a stored hash when the user name is unknown: the same cost, so the
    // time of a refusal does not tell which user names exist.
    m_dummyHash = hashPassword(newToken());
}

Response AuthHandler::login(Request &req)
{
    const QString username = stringField(req.json, "username", true).value();
    const QString password = stringField(req.json, "password", true).value();
    // Failed sign-ins are limited twice (docs/api.md, "Failed sign-ins"): tightly per account
    // and address, so that guessing one account's password is slow without keeping the others
    // behind the same address (an office, a school, a carrier's NAT) out; and loosely per
    // address, against spraying one password across many accounts.
    const QStringList limitKeys{
        QStringLiteral("login:%1/%2").arg(req.peer, username.toCaseFolded().left(64)),
        QStringLiteral("login:") + req.peer};
    const QList<RateLimiter::Limit> limits{kAccountLoginLimit, kAddressLoginLimit};
    if (m_config.rateLimits) {
        showQuota(req, limitKeys, limits);
        for (qsizetype i = 0; i < limitKeys.size(); ++i) {
            const int wait = m_limiter.peek(limitKeys.at(i), limits.at(i), nowMs());
            if (wait)
                throw ContractError{
                    429, QStringLiteral("rate_limited"),
                    i == 0 ? QStringLiteral("too many failed sign-ins for this account; retry in "
                                            "%1 s")
                                 .arg(wait)
                           : QStringLiteral("too many failed sign-ins from this address; retry "
                                            "in %1 s")
                                 .arg(wait),
                    wait};
        }
    }
    const auto row =
        m_db.one(QStringLiteral("SELECT id, pw_hash FROM users WHERE username = ?"), {username});
    // The password check (Argon2id, tens of milliseconds) runs on a worker thread; the request
    // thread goes on answering. An unknown user name is checked against a dummy hash of the same
    // cost: a refusal takes as long either way.
    const qint64 uid = row ? row->at(0).toLongLong() : 0;
    const QString stored = row ? row->at(1).toString() : m_dummyHash;
    auto deferred = std::make_shared<Deferred>();
    // On the worker: the check, and for a right password under an older hash (PBKDF2, or
    // Argon2id with other parameters) the password hashed anew, stored by the step below.
    deferred->work = [password, stored, uid] {
        const bool ok = verifyPassword(password, stored);
        const QString upgraded =
            ok && uid && needsRehash(stored) ? hashPassword(password) : QString();
        return QVariant(QVariantList{ok, upgraded});
    };
    deferred->finish = [this, uid, stored, limitKeys, limits](Request &r, const QVariant &result) {
        const QVariantList out = result.toList();
        const bool ok = out.value(0).toBool();
        const QString upgraded = out.value(1).toString();
        if (!uid || !ok) {
            if (m_config.rateLimits) {
                for (qsizetype i = 0; i < limitKeys.size(); ++i)
                    m_limiter.take(limitKeys.at(i), limits.at(i), nowMs());
                showQuota(r, limitKeys, limits);
            }
            fail(401, QStringLiteral("wrong username or password"));
        }
        Transaction tx(m_db);
        if (!upgraded.isEmpty()) // unless another sign-in or a new password came first
            m_db.exec(QStringLiteral("UPDATE users SET pw_hash = ? WHERE id = ? AND pw_hash = ?"),
                      {upgraded, uid, stored});
        const QString token = newToken();
        m_db.exec(QStringLiteral("INSERT INTO tokens(hash, uid, created) VALUES(?, ?, ?)"),
                  {tokenHash(token), uid, nowMs()});
        QJsonObject u = m_renderer.userBrief(uid);
        u.insert(QStringLiteral("role"), m_renderer.user(uid)->role);
        m_authenticator.markActive(uid);
        tx.commit();
        return Response::json({{QStringLiteral("token"), token}, {QStringLiteral("user"), u}});
    };
    m_deferred = std::move(deferred);
    return Response(); // answered by the deferred step
}

void AuthHandler::showQuota(Request &req, const QStringList &keys,
                            const QList<RateLimiter::Limit> &limits) const
{
    // The limit closest to refusing: the one the caller hits first.
    req.rateLimit = 0;
    const qint64 now = nowMs();
    for (qsizetype i = 0; i < keys.size(); ++i) {
        const RateLimiter::Quota q = m_limiter.quota(keys.at(i), limits.at(i), now);
        if (req.rateLimit == 0 || q.remaining < req.rateRemaining) {
            req.rateLimit = int(limits.at(i).burst);
            req.rateRemaining = q.remaining;
            req.rateReset = q.resetSeconds;
        }
    }
}

Response AuthHandler::logout(Request &req)
{
    const QString token = QString::fromLatin1(req.header("authorization").mid(7).trimmed());
    m_db.exec(QStringLiteral("UPDATE tokens SET revoked = 1 WHERE hash = ?"), {tokenHash(token)});
    m_authenticator.forget(tokenHash(token));
    return Response::noContent();
}

} // namespace threadline::server

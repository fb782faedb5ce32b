// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "api/passwords.h"

#include <QCryptographicHash>
#include <QPasswordDigestor>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QStringList>

#include <argon2.h>

namespace threadline::server {

namespace {
// OWASP Password Storage Cheat Sheet (Argon2id): m = 19 MiB, t = 2, p = 1.
constexpr uint32_t kMemoryKiB = 19 * 1024;
constexpr uint32_t kPasses = 2;
constexpr uint32_t kLanes = 1;
constexpr size_t kSaltBytes = 16;
constexpr size_t kHashBytes = 32;
// What a stored hash may ask for at most: a damaged or hostile row costs bounded memory and time.
constexpr qint64 kMaxMemoryKiB = 1024 * 1024;
constexpr qint64 kMaxPasses = 64;

struct Argon2Params
{
    qint64 memoryKiB = 0, passes = 0, lanes = 0;
};

// The parameters of a "$argon2id$v=19$m=…,t=…,p=…$…$…" string; all zero when it is not one.
Argon2Params argon2Params(const QString &stored)
{
    static const QRegularExpression form(QStringLiteral(
        R"(^\$argon2id\$v=19\$m=(\d{1,10}),t=(\d{1,10}),p=(\d{1,3})\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$)"));
    const QRegularExpressionMatch m = form.match(stored);
    if (!m.hasMatch())
        return {};
    return {m.captured(1).toLongLong(), m.captured(2).toLongLong(), m.captured(3).toLongLong()};
}

QByteArray randomBytes(int n)
{
    QByteArray b(n, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(b.data()), n / 4);
    return b;
}
} // namespace

QString hashPassword(const QString &password)
{
    const QByteArray salt = randomBytes(kSaltBytes);
    const QByteArray pwd = password.toUtf8();
    const size_t length =
        argon2_encodedlen(kPasses, kMemoryKiB, kLanes, kSaltBytes, kHashBytes, Argon2_id);
    QByteArray encoded(qsizetype(length), '\0');
    const int rc = argon2id_hash_encoded(kPasses, kMemoryKiB, kLanes, pwd.constData(),
                                         size_t(pwd.size()), salt.constData(), size_t(salt.size()),
                                         kHashBytes, encoded.data(), length);
    if (rc != ARGON2_OK)
        qFatal("argon2id_hash_encoded: %s", argon2_error_message(rc)); // out of memory only
    return QString::fromLatin1(encoded.constData());                   // up to the terminating NUL
}

QString hashPasswordPbkdf2(const QString &password, int iterations)
{
    const QByteArray salt = randomBytes(16);
    const QByteArray key = QPasswordDigestor::deriveKeyPbkdf2(
        QCryptographicHash::Sha256, password.toUtf8(), salt, iterations, 32);
    return QStringLiteral("pbkdf2-sha256$%1$%2$%3")
        .arg(iterations)
        .arg(QString::fromLatin1(salt.toBase64()), QString::fromLatin1(key.toBase64()));
}

bool needsRehash(const QString &stored)
{
    const Argon2Params p = argon2Params(stored);
    return p.memoryKiB != kMemoryKiB || p.passes != kPasses || p.lanes != kLanes;
}

bool verifyPassword(const QString &password, const QString &stored)
{
    if (stored.startsWith(QLatin1String("$argon2id$"))) {
        const Argon2Params p = argon2Params(stored);
        if (p.memoryKiB < 8 || p.memoryKiB > kMaxMemoryKiB || p.passes < 1 ||
            p.passes > kMaxPasses || p.lanes < 1 || p.lanes > 16)
            return false;
        const QByteArray encoded = stored.toLatin1();
        const QByteArray pwd = password.toUtf8();
        return argon2id_verify(encoded.constData(), pwd.constData(), size_t(pwd.size())) ==
               ARGON2_OK;
    }
    const QStringList parts = stored.split(QLatin1Char('$'));
    if (parts.size() != 4 || parts[0] != QLatin1String("pbkdf2-sha256"))
        return false;
    bool ok = false;
    const int iterations = parts[1].toInt(&ok);
    if (!ok || iterations <= 0 || iterations > 10'000'000)
        return false;
    const QByteArray salt = QByteArray::fromBase64(parts[2].toLatin1());
    const QByteArray expected = QByteArray::fromBase64(parts[3].toLatin1());
    const QByteArray key = QPasswordDigestor::deriveKeyPbkdf2(
        QCryptographicHash::Sha256, password.toUtf8(), salt, iterations, expected.size());
    // constant-time compare
    if (key.size() != expected.size())
        return false;
    unsigned char diff = 0;
    for (qsizetype i = 0; i < key.size(); ++i)
        diff |= static_cast<unsigned char>(key[i] ^ expected[i]);
    return diff == 0;
}

QString newToken()
{
    return QString::fromLatin1(
        randomBytes(32).toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

QString tokenHash(const QString &token)
{
    return QString::fromLatin1(
        QCryptographicHash::hash(token.toUtf8(), QCryptographicHash::Sha256).toHex());
}

} // namespace threadline::server

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "account/keychain.h"

#include <qt6keychain/keychain.h>

#include <QTimer>

#include <memory>

namespace threadline::core {

Keychain::Keychain(QObject *parent)
    : QObject(parent)
{
}

Keychain::~Keychain() = default;

QString Keychain::serviceName()
{
    return QStringLiteral("threadline");
}

QString Keychain::originOf(const QUrl &server)
{
    if (!server.isValid() || server.isRelative() || server.host().isEmpty())
        return {};
    const QString scheme = server.scheme().toLower();
    const int defaultPort = scheme == QLatin1String("https")  ? 443
                            : scheme == QLatin1String("http") ? 80
                                                              : -2;
    if (defaultPort == -2)
        return {};
    QUrl origin;
    origin.setScheme(scheme);
    origin.setHost(server.host());
    const int port = server.port();
    origin.setPort(port == defaultPort ? -1 : port);
    return origin.toString(QUrl::FullyEncoded);
}

QString Keychain::keyFor(const QUrl &server, const QString &username)
{
    const QString origin = originOf(server);
    if (origin.isEmpty() || username.isEmpty())
        return {};
    return origin + QLatin1Char('/') + username;
}

void Keychain::write(const QString &key, const QString &secret)
{
    start(Op::Write, key, secret);
}

void Keychain::read(const QString &key)
{
    start(Op::Read, key, {});
}

void Keychain::remove(const QString &key)
{
    start(Op::Remove, key, {});
}

void Keychain::start(Op op, const QString &key, const QString &secret)
{
    QKeychain::Job *job = nullptr;
    switch (op) {
    case Op::Write: {
        auto *write = new QKeychain::WritePasswordJob(serviceName());
        write->setTextData(secret);
        job = write;
        break;
    }
    case Op::Read:
        job = new QKeychain::ReadPasswordJob(serviceName());
        break;
    case Op::Remove:
        job = new QKeychain::DeletePasswordJob(serviceName());
        break;
    }
    // No parent: a job must outlive us while the store works on it (QtKeychain's callbacks hold
    // raw pointers to it); it deletes itself when it has finished.
    job->setAutoDelete(true);
    job->setInsecureFallback(false); // never a plain-text file instead of the keychain
    job->setKey(key);

    auto done = std::make_shared<bool>(false);
    auto *timer = new QTimer(this);
    timer->setSingleShot(true);

    // Answers once: from the job, or from the timer when the job takes too long.
    auto finish = [this, op, key, done, timer](Status status, const QString &value,
                                               const QString &message) {
        if (*done)
            return;
        *done = true;
        timer->stop();
        timer->deleteLater();
        if (status == Status::Unavailable)
            Q_EMIT unavailable(message);
        switch (op) {
        case Op::Write:
            Q_EMIT writeFinished(key, status, message);
            break;
        case Op::Read:
            Q_EMIT readFinished(key, status, value, message);
            break;
        case Op::Remove:
            Q_EMIT removeFinished(key, status, message);
            break;
        }
    };

    connect(timer, &QTimer::timeout, this, [finish] {
        finish(Status::Unavailable, {}, Keychain::tr("The keychain did not answer in time"));
    });
    connect(job, &QKeychain::Job::finished, this, [finish, op](QKeychain::Job *j) {
        Status status = Status::Unavailable;
        QString value;
        switch (j->error()) {
        case QKeychain::NoError:
            status = Status::Ok;
            if (op == Op::Read)
                value = static_cast<QKeychain::ReadPasswordJob *>(j)->textData();
            break;
        case QKeychain::EntryNotFound:
            status = Status::NotFound;
            break;
        case QKeychain::CouldNotDeleteEntry:
        case QKeychain::AccessDeniedByUser:
        case QKeychain::AccessDenied:
        case QKeychain::NoBackendAvailable:
        case QKeychain::NotImplemented:
        case QKeychain::OtherError:
            status = Status::Unavailable;
            break;
        }
        QString message;
        if (status != Status::Ok) {
            message = j->errorString();
            if (message.isEmpty())
                message = Keychain::tr("The keychain reported an error");
        }
        finish(status, value, message);
    });
    timer->start(m_timeout);
    job->start();
}

} // namespace threadline::core

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Keychain: an asynchronous wrapper over QtKeychain (the system's secret store: the Secret
// Service on Linux, the Keychain on macOS, the Credential Manager on Windows).
//
//   Keychain kc;
//   connect(&kc, &Keychain::readFinished, …);
//   kc.read(Keychain::keyFor(QUrl("http://127.0.0.1:8080"), "zhangsan"));
//
// Every call answers exactly once, later (never from inside the call), with the signal of its
// kind. A keychain that cannot be used — no secret service on the bus, no bus at all, access
// denied, a locked store whose prompt failed, or no answer within timeout() — is reported as
// Keychain::Status::Unavailable and, in addition, by unavailable(reason). Secrets never reach a
// log: this class writes none, and its messages never contain one.
//
// The operations are virtual so that a test can put a failing store in place of the real one
// (tst_keychain uses the real one, and a child process without a bus for the failure).
#pragma once

#include <QObject>
#include <QString>
#include <QUrl>

#include <chrono>

namespace threadline::core {

class Keychain : public QObject
{
    Q_OBJECT

public:
    // How one keychain operation ended.
    enum class Status {
        Ok,          // done (read: the secret is in the signal)
        NotFound,    // read or remove: no entry under that key
        Unavailable, // the keychain cannot be used; the message says why
    };
    Q_ENUM(Status)

    explicit Keychain(QObject *parent = nullptr);
    ~Keychain() override;

    // The QtKeychain service name every entry is stored under: "threadline".
    [[nodiscard]] static QString serviceName();
    // The server's origin: "scheme://host[:port]" (host lower-cased, no path, no trailing
    // slash, no user info); empty for a URL that is not absolute http(s).
    [[nodiscard]] static QString originOf(const QUrl &server);
    // The key of an account: origin + "/" + username, e.g. "http://127.0.0.1:8080/zhangsan".
    [[nodiscard]] static QString keyFor(const QUrl &server, const QString &username);

    // An operation that gets no answer within this time ends as Unavailable (default 15 s: a
    // secret service that hangs, e.g. on an unlock prompt nobody can see).
    void setTimeout(std::chrono::milliseconds timeout) { m_timeout = timeout; }
    [[nodiscard]] std::chrono::milliseconds timeout() const { return m_timeout; }

    // Stores (or replaces) the secret under key. Answers writeFinished.
    virtual void write(const QString &key, const QString &secret);
    // Reads the secret under key. Answers readFinished.
    virtual void read(const QString &key);
    // Deletes the entry under key. Answers removeFinished (NotFound when there was none, for
    // the stores that tell).
    virtual void remove(const QString &key);

Q_SIGNALS:
    void writeFinished(const QString &key, threadline::core::Keychain::Status status,
                       const QString &message);
    // secret is empty unless status is Ok.
    void readFinished(const QString &key, threadline::core::Keychain::Status status,
                      const QString &secret, const QString &message);
    void removeFinished(const QString &key, threadline::core::Keychain::Status status,
                        const QString &message);
    // Emitted (before the operation's own signal) whenever an operation ends as Unavailable.
    // reason is the store's own technical text, or ours for a timeout.
    void unavailable(const QString &reason);

private:
    enum class Op { Write, Read, Remove };
    void start(Op op, const QString &key, const QString &secret);

    std::chrono::milliseconds m_timeout{15000};
};

} // namespace threadline::core

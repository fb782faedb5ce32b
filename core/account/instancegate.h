// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// One Threadline per account. The run that has an account's outbox open listens on a local
// socket named after that file; a second run for the same files hands its arguments over to it
// (which raises its window and opens what was asked for) and ends, instead of opening the cache
// and the outbox a second time. Different accounts, or different --cache files, have different
// sockets and run side by side.
//
//   core::InstanceGate gate;
//   if (gate.handOver(expectedOutboxPath, arguments)) // the running one took them
//       return 0;
//   …                                     // once this run's outbox is open (and locked):
//   gate.listen(core.outboxPath());
//   connect(&gate, &InstanceGate::argumentsReceived, …);
//
// The outbox's own lock (Outbox::open) is what makes two runs on one outbox impossible; the gate
// is the courtesy before it. What comes in on the socket is bounded: one line of at most 64 KiB
// holding a JSON array of at most 64 strings, within 2 s, at most 8 connections at a time; the
// socket is the user's alone (UserAccessOption).
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

class QLocalServer;
class QLocalSocket;

namespace threadline::core {

class InstanceGate : public QObject
{
    Q_OBJECT
public:
    static constexpr qint64 kMaxMessageBytes = 64 * 1024;
    static constexpr int kMaxArguments = 64;
    static constexpr int kMaxConnections = 8;
    static constexpr int kReadTimeoutMs = 2000;

    explicit InstanceGate(QObject *parent = nullptr);
    ~InstanceGate() override;

    // The socket for the account whose outbox is `outboxPath`: in the user's runtime folder
    // ($XDG_RUNTIME_DIR), named after a hash of the file's absolute path.
    [[nodiscard]] static QString socketName(const QString &outboxPath);

    // Before this run opens anything: a run listening for `outboxPath` takes `arguments` (the
    // command line without the program). True once it has said it took them (within
    // `timeoutMs`); false when nobody listens or answers — this run goes on by itself. Blocks.
    bool handOver(const QString &outboxPath, const QStringList &arguments, int timeoutMs = 2000);

    // This run has the outbox open: it listens for later runs. A socket left by a run that died
    // is replaced (the outbox's lock says this run is the only one). False, with a warning, when
    // the socket cannot be made: later runs then stop at the outbox's lock.
    bool listen(const QString &outboxPath);
    [[nodiscard]] bool isListening() const;

Q_SIGNALS:
    // A later run's arguments (its command line without the program).
    void argumentsReceived(const QStringList &arguments);

private:
    void onNewConnection();
    void readFrom(QLocalSocket *socket);

    QLocalServer *m_server = nullptr;
    int m_connections = 0;
};

} // namespace threadline::core

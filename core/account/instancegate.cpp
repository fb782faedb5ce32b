// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "account/instancegate.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocalServer>
#include <QLocalSocket>
#include <QStandardPaths>
#include <QTimer>

namespace threadline::core {

namespace {

const QByteArray kTaken = QByteArrayLiteral("ok\n");

} // namespace

InstanceGate::InstanceGate(QObject *parent)
    : QObject(parent)
{
}

InstanceGate::~InstanceGate() = default;

QString InstanceGate::socketName(const QString &outboxPath)
{
    const QByteArray key = QFileInfo(outboxPath).absoluteFilePath().toUtf8();
    const QString hash = QString::fromLatin1(
        QCryptographicHash::hash(key, QCryptographicHash::Sha256).toHex().left(24));
    QString dir = QStandardPaths::writableLocation(QStandardPaths::RuntimeLocation);
    if (dir.isEmpty())
        dir = QDir::tempPath();
    return QDir(dir).filePath(QStringLiteral("threadline-%1.socket").arg(hash));
}

bool InstanceGate::handOver(const QString &outboxPath, const QStringList &arguments, int timeoutMs)
{
    QLocalSocket socket;
    socket.connectToServer(socketName(outboxPath));
    if (!socket.waitForConnected(timeoutMs))
        return false; // nobody listens (or a socket left by a run that died)
    QJsonArray list;
    for (const QString &a : arguments.mid(0, kMaxArguments))
        list.append(a);
    QByteArray line = QJsonDocument(list).toJson(QJsonDocument::Compact) + '\n';
    if (line.size() > kMaxMessageBytes)
        line = QByteArrayLiteral("[]\n"); // too long to be a command line: just raise the window
    socket.write(line);
    if (!socket.waitForBytesWritten(timeoutMs))
        return false;
    QByteArray answer;
    while (answer.size() < kTaken.size() && socket.waitForReadyRead(timeoutMs))
        answer += socket.read(kTaken.size() - answer.size());
    return answer == kTaken;
}

bool InstanceGate::listen(const QString &outboxPath)
{
    if (m_server)
        return m_server->isListening();
    m_server = new QLocalServer(this);
    m_server->setSocketOptions(QLocalServer::UserAccessOption);
    m_server->setMaxPendingConnections(kMaxConnections);
    connect(m_server, &QLocalServer::newConnection, this, &InstanceGate::onNewConnection);
    const QString name = socketName(outboxPath);
    if (!m_server->listen(name)) {
        // A socket file left by a run that died: this run holds the outbox's lock, so nobody
        // else can be listening for it.
        QLocalServer::removeServer(name);
        if (!m_server->listen(name)) {
            qWarning("threadline: cannot listen on %s: %s", qPrintable(name),
                     qPrintable(m_server->errorString()));
            return false;
        }
    }
    return true;
}

bool InstanceGate::isListening() const
{
    return m_server && m_server->isListening();
}

void InstanceGate::onNewConnection()
{
    while (QLocalSocket *socket = m_server->nextPendingConnection()) {
        if (m_connections >= kMaxConnections) {
            socket->abort();
            socket->deleteLater();
            continue;
        }
        ++m_connections;
        connect(socket, &QObject::destroyed, this, [this] { --m_connections; });
        // a peer that says nothing, or too little, is dropped after the timeout
        QTimer::singleShot(kReadTimeoutMs, socket, [socket] {
            socket->abort();
            socket->deleteLater();
        });
        connect(socket, &QLocalSocket::readyRead, this, [this, socket] { readFrom(socket); });
        connect(socket, &QLocalSocket::disconnected, socket, &QObject::deleteLater);
        readFrom(socket);
    }
}

void InstanceGate::readFrom(QLocalSocket *socket)
{
    if (!socket->canReadLine()) {
        if (socket->bytesAvailable() > kMaxMessageBytes) {
            socket->abort(); // a line longer than any command line
            socket->deleteLater();
        }
        return;
    }
    const QByteArray line = socket->readLine(kMaxMessageBytes + 1);
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(line.trimmed(), &error);
    QStringList arguments;
    bool ok = error.error == QJsonParseError::NoError && doc.isArray() &&
              doc.array().size() <= kMaxArguments;
    if (ok) {
        for (const QJsonValue &v : doc.array()) {
            if (!v.isString()) {
                ok = false;
                break;
            }
            arguments.append(v.toString());
        }
    }
    if (!ok) {
        socket->abort();
        socket->deleteLater();
        return;
    }
    socket->write(kTaken);
    socket->flush();
    socket->disconnectFromServer();
    Q_EMIT argumentsReceived(arguments);
}

} // namespace threadline::core

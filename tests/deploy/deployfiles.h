// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the suites of the local deployment share: its script run as a command, and the files
// it keeps under its folder (run/NAME.pid, run/server-N.port, logs/server-N.log).

#include <QByteArray>
#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace threadline::test::deploy {

// The whole of a file, trimmed (what run/ holds is one line); empty when it is missing.
inline QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll().trimmed() : QByteArray();
}

// The process id in DIR/run/NAME.pid (0 when there is none).
inline qint64 pidOf(const QString &dir, const QString &name)
{
    return readFile(dir + QStringLiteral("/run/") + name + QStringLiteral(".pid")).toLongLong();
}

// The loopback port of server process N (1 or 2).
inline quint16 portOf(const QString &dir, int server)
{
    return quint16(readFile(dir + QStringLiteral("/run/server-%1.port").arg(server)).toUInt());
}

// What server process N has logged so far, as it is (every line ends with a line break).
inline QByteArray serverLog(const QString &dir, int server)
{
    QFile f(dir + QStringLiteral("/logs/server-%1.log").arg(server));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// `bash SCRIPT CMD --dir DIR ARGS…`: its exit code (-1 when it crashed or ran past the
// timeout), *output its stdout and stderr.
inline int runScript(const QString &script, const QString &dir, const QString &cmd,
                     const QStringList &args = {}, QByteArray *output = nullptr,
                     int timeoutMs = 180000)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(QStringLiteral("bash"), QStringList{script, cmd, QStringLiteral("--dir"), dir} + args);
    const bool finished = p.waitForFinished(timeoutMs);
    if (!finished) {
        p.kill();
        p.waitForFinished();
    }
    if (output)
        *output = p.readAll();
    return finished && p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
}

} // namespace threadline::test::deploy

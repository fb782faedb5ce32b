// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Where a test saves what it makes for people to look at (screenshots, rendered cards).
//
// A test owns its files: by default they go to a temporary directory of the test process's own,
// removed when it exits, so that a fresh machine with an empty /tmp and two runs side by side
// both work. THREADLINE_TEST_ARTIFACTS=DIR keeps them: each suite writes into DIR/<name>.

#include <QDir>
#include <QString>
#include <QTemporaryDir>

namespace threadline::test {

// A directory for the files called `name` (e.g. "postdelegate"); created on first use. Empty
// only when not even a temporary directory can be made (the caller's save then fails visibly).
inline QString artifactDir(const QString &name)
{
    const QString kept = qEnvironmentVariable("THREADLINE_TEST_ARTIFACTS");
    if (!kept.isEmpty()) {
        const QString path = QDir(kept).filePath(name);
        return QDir().mkpath(path) ? path : QString();
    }
    static QTemporaryDir dir(QDir::tempPath() + QStringLiteral("/threadline-artifacts-XXXXXX"));
    if (!dir.isValid())
        return {};
    const QString path = dir.filePath(name);
    return QDir().mkpath(path) ? path : QString();
}

} // namespace threadline::test

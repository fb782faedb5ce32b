// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "wire/importfile.h"

#include "wire/jsoncodec.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

namespace threadline::core {

// The messages keep the "main" context they had in app/main.cpp: same catalogue entries.

std::optional<QList<Post>> ImportFile::read(const QString &path, QString *error,
                                            QStringList *skipped)
{
    const QString name = QDir::toNativeSeparators(path);
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QCoreApplication::translate("main", "Cannot import %1: %2; nothing was imported.")
                     .arg(name, f.errorString());
        return std::nullopt;
    }
    if (f.size() > kMaxBytes) {
        *error = QCoreApplication::translate(
                     "main", "Cannot import %1: it is larger than 16 MiB; nothing was imported.")
                     .arg(name);
        return std::nullopt;
    }
    return decode(f.read(kMaxBytes + 1), name, error, skipped);
}

std::optional<QList<Post>> ImportFile::decode(const QByteArray &bytes, const QString &name,
                                              QString *error, QStringList *skipped)
{
    if (bytes.size() > kMaxBytes) { // a file that grew while read, or one without a size
        *error = QCoreApplication::translate(
                     "main", "Cannot import %1: it is larger than 16 MiB; nothing was imported.")
                     .arg(name);
        return std::nullopt;
    }
    QStringList left;
    auto posts = decodePostList(bytes, &left);
    if (!posts) {
        const DecodeError &e = posts.error();
        *error = QCoreApplication::translate("main",
                                             "Cannot import %1: %2 (at %3); nothing was imported.")
                     .arg(name, e.message,
                          e.path.isEmpty() ? QCoreApplication::translate("main", "the top level")
                                           : e.path);
        return std::nullopt;
    }
    if (skipped) {
        for (const QString &why : left)
            skipped->append(QCoreApplication::translate(
                                "main", "%1: left out %2 (the other posts are imported)")
                                .arg(name, why));
    }
    return std::move(posts).value();
}

} // namespace threadline::core

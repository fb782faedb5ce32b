// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// QA's --import FILE.json: the posts of a fixture file — one post (the sample's shape), an array
// of posts, or a page {"items":[…]} — read by the same strict codec as the server's answers
// (decodePostList), with the codec's 16 MiB document limit. The app calls readImportFile() for
// every --import before it writes anything; tests/fuzz/fuzz_import.cpp calls decodeImport(),
// the same path after the file has been read.
#pragma once

#include "wire/wiretypes.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

namespace threadline::core {

struct ImportFile
{
    static constexpr qint64 kMaxBytes = 16 * 1024 * 1024; // the codec's document limit

    // The posts of the file at `path`, or nullopt with `*error` set to one translated sentence
    // naming the file ("Cannot import F: …; nothing was imported.").
    // A post that cannot be read (a wrong type, a missing field) is left out and said in
    // `*skipped`, one translated sentence each ("F: left out items[3]: …"); the others are
    // imported. Only a file with no readable post imports nothing.
    [[nodiscard]] static std::optional<QList<Post>> read(const QString &path, QString *error,
                                                         QStringList *skipped = nullptr);
    // The posts of a file's bytes; `name` is what the error sentence calls the file.
    [[nodiscard]] static std::optional<QList<Post>> decode(const QByteArray &bytes,
                                                           const QString &name, QString *error,
                                                           QStringList *skipped = nullptr);
};

} // namespace threadline::core

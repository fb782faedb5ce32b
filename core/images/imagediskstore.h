// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// ImageDiskStore: ImageCache's disk cache — one file per URL holding the encoded bytes as
// downloaded ("<sha256 of the URL>.img"), least recently used evicted first so that the
// directory stays within a byte cap. Thread-safe; ImageCache uses it from its thread pool only
// (never the GUI thread). The index (name → size, last use) is built from the directory on
// first use and then kept as a running total; the last use is also the file's modification
// time, so the LRU order survives restarts.
#pragma once

#include <QByteArray>
#include <QHash>
#include <QMutex>
#include <QString>

#include <optional>

namespace threadline::core {

class ImageDiskStore
{
public:
    ImageDiskStore(QString directory, qint64 maxBytes);

    // The file name of a cached URL key: not guessable back into the URL, safe on every file
    // system.
    [[nodiscard]] static QString nameFor(const QString &key);

    std::optional<QByteArray> read(const QString &name);
    void write(const QString &name, const QByteArray &bytes);
    void forget(const QString &name);
    void setMaxBytes(qint64 maxBytes);
    // Evicts down to the cap now (after a lower cap) when the directory is indexed; else its
    // indexing, on first use, does.
    void trim();
    // The bytes the files take (indexing the directory first if needed).
    [[nodiscard]] qint64 usedBytes();
    // Removes every cached file (*.img) of the directory; other files are left alone.
    void clear();

private:
    struct Entry
    {
        qint64 size = 0;
        qint64 lastUse = 0; // ms since the epoch
    };

    void ensureIndexLocked();
    void removeLocked(const QString &name);
    void evictLocked(const QString &keep);

    QMutex m_mutex;
    const QString m_dir;
    qint64 m_max;
    bool m_indexed = false;
    QHash<QString, Entry> m_entries;
    qint64 m_total = 0;
};

} // namespace threadline::core

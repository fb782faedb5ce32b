// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// ImageDiskStore: the disk cache of ImageCache (see imagediskstore.h).
#include "images/imagediskstore.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMutexLocker>
#include <QSaveFile>

#include <algorithm>
#include <utility>
#include <vector>

namespace threadline::core {

ImageDiskStore::ImageDiskStore(QString directory, qint64 maxBytes)
    : m_dir(std::move(directory))
    , m_max(maxBytes)
{
}

QString ImageDiskStore::nameFor(const QString &key)
{
    return QString::fromLatin1(
               QCryptographicHash::hash(key.toUtf8(), QCryptographicHash::Sha256).toHex()) +
           QStringLiteral(".img");
}

std::optional<QByteArray> ImageDiskStore::read(const QString &name)
{
    {
        QMutexLocker lock(&m_mutex);
        ensureIndexLocked();
        if (!m_entries.contains(name))
            return std::nullopt;
    }
    QFile file(QDir(m_dir).filePath(name));
    if (!file.open(QIODevice::ReadOnly)) {
        forget(name);
        return std::nullopt;
    }
    QByteArray bytes = file.readAll();
    const QDateTime now = QDateTime::currentDateTimeUtc();
    file.setFileTime(now, QFileDevice::FileModificationTime); // LRU across restarts
    file.close();
    QMutexLocker lock(&m_mutex);
    auto it = m_entries.find(name);
    if (it != m_entries.end())
        it->lastUse = now.toMSecsSinceEpoch();
    return bytes;
}

void ImageDiskStore::write(const QString &name, const QByteArray &bytes)
{
    QMutexLocker lock(&m_mutex);
    if (m_max <= 0 || bytes.size() > m_max)
        return; // what cannot fit is not stored
    ensureIndexLocked();
    if (!QDir().mkpath(m_dir))
        return;
    QSaveFile file(QDir(m_dir).filePath(name));
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return;
    auto it = m_entries.find(name);
    if (it != m_entries.end())
        m_total -= it->size;
    m_entries.insert(name, {bytes.size(), QDateTime::currentMSecsSinceEpoch()});
    m_total += bytes.size();
    evictLocked(name);
}

void ImageDiskStore::forget(const QString &name)
{
    QMutexLocker lock(&m_mutex);
    removeLocked(name);
}

void ImageDiskStore::setMaxBytes(qint64 maxBytes)
{
    QMutexLocker lock(&m_mutex);
    m_max = maxBytes;
}

void ImageDiskStore::trim()
{
    QMutexLocker lock(&m_mutex);
    // Not indexed yet: the index, built on first use, evicts down to the cap by itself — a
    // new cap at start-up (Preferences) does not read the whole directory while the window
    // comes up.
    if (m_indexed)
        evictLocked({});
}

qint64 ImageDiskStore::usedBytes()
{
    QMutexLocker lock(&m_mutex);
    ensureIndexLocked();
    return m_total;
}

void ImageDiskStore::clear()
{
    QMutexLocker lock(&m_mutex);
    ensureIndexLocked();
    // Every *.img file there, also one the index does not know (written by another process).
    const QFileInfoList files =
        QDir(m_dir).entryInfoList({QStringLiteral("*.img")}, QDir::Files | QDir::Hidden);
    for (const QFileInfo &info : files)
        QFile::remove(info.absoluteFilePath());
    m_entries.clear();
    m_total = 0;
}

void ImageDiskStore::ensureIndexLocked()
{
    if (m_indexed)
        return;
    m_indexed = true;
    const QFileInfoList files =
        QDir(m_dir).entryInfoList({QStringLiteral("*.img")}, QDir::Files | QDir::Hidden);
    for (const QFileInfo &info : files) {
        m_entries.insert(info.fileName(), {info.size(), info.lastModified().toMSecsSinceEpoch()});
        m_total += info.size();
    }
    evictLocked({});
}

void ImageDiskStore::removeLocked(const QString &name)
{
    auto it = m_entries.find(name);
    if (it == m_entries.end())
        return;
    m_total -= it->size;
    m_entries.erase(it);
    QFile::remove(QDir(m_dir).filePath(name));
}

// Least recently used first, down to 90% of the cap (so that not every write evicts).
void ImageDiskStore::evictLocked(const QString &keep)
{
    if (m_total <= m_max)
        return;
    std::vector<std::pair<qint64, QString>> order;
    order.reserve(size_t(m_entries.size()));
    for (auto it = m_entries.cbegin(); it != m_entries.cend(); ++it) {
        if (it.key() != keep)
            order.emplace_back(it->lastUse, it.key());
    }
    std::sort(order.begin(), order.end());
    const qint64 goal = m_max / 10 * 9;
    for (const auto &[lastUse, name] : order) {
        if (m_total <= goal)
            break;
        removeLocked(name);
    }
}

} // namespace threadline::core

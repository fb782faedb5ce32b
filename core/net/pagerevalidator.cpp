// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/pagerevalidator.h"

#include <QCryptographicHash>

namespace threadline::core {

QString PageRevalidator::keyOf(const QString &url, const QString &token)
{
    // The token itself is not kept as a key: a hash of it tells viewers apart.
    const QByteArray who =
        QCryptographicHash::hash(token.toUtf8(), QCryptographicHash::Sha256).toHex().left(16);
    return QString::fromLatin1(who) + QLatin1Char(' ') + url;
}

QByteArray PageRevalidator::etagFor(const QString &key) const
{
    const auto it = m_pages.constFind(key);
    return it == m_pages.constEnd() ? QByteArray() : it->etag;
}

void PageRevalidator::remember(const QString &key, Page page)
{
    if (page.etag.isEmpty() || page.body.size() > kMaxBytes / 4)
        return;
    if (const auto it = m_pages.constFind(key); it != m_pages.constEnd()) {
        m_bytes -= it->body.size();
        m_order.removeOne(key);
    }
    m_bytes += page.body.size();
    m_pages.insert(key, std::move(page));
    m_order.append(key);
    while (!m_order.isEmpty() && (m_pages.size() > kMaxPages || m_bytes > kMaxBytes)) {
        const QString oldest = m_order.takeFirst();
        m_bytes -= m_pages.value(oldest).body.size();
        m_pages.remove(oldest);
    }
}

std::optional<PageRevalidator::Page> PageRevalidator::notModified(const QString &key)
{
    const auto it = m_pages.constFind(key);
    if (it == m_pages.constEnd())
        return std::nullopt;
    ++m_counts.notModified;
    m_counts.bytesSaved += it->body.size();
    touch(key);
    return *it;
}

void PageRevalidator::touch(const QString &key)
{
    m_order.removeOne(key);
    m_order.append(key);
}

void PageRevalidator::clear()
{
    m_pages.clear();
    m_order.clear();
    m_bytes = 0;
}

} // namespace threadline::core

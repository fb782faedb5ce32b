// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The API client's memory of the read pages it fetched (the timeline, a post, its floors and
// replies, a person): the last answer with an ETag per URL and token. The next GET of that URL
// sends If-None-Match; a 304 is answered to the caller as the 200 it stands for (the same
// status, body and headers), so models cannot tell the two apart. Bounded by entries and bytes,
// the least recently used page going first. It counts the 304s and the page bytes they saved.
#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QPair>
#include <QString>
#include <optional>

namespace threadline::core {

class PageRevalidator
{
public:
    using Headers = QList<QPair<QByteArray, QByteArray>>;
    struct Page
    {
        QByteArray etag;
        QByteArray body;
        Headers headers;
    };
    struct Counts
    {
        qint64 notModified = 0; // 304s answered from memory
        // The body bytes those 304s did not send again, as the caller gets them. Over the wire
        // the 200 would have been gzipped (Qt inflates it and keeps no compressed length), so
        // the bytes saved there are about a tenth of this (docs/performance.md).
        qint64 bytesSaved = 0;
    };

    static constexpr int kMaxPages = 64;
    static constexpr qint64 kMaxBytes = 8 * 1024 * 1024;

    // The key of a GET: its URL and the token it carries (pages are per viewer).
    [[nodiscard]] static QString keyOf(const QString &url, const QString &token);
    // The tag to send as If-None-Match ("" when the page is not kept).
    [[nodiscard]] QByteArray etagFor(const QString &key) const;
    // A 200 with an ETag: kept (replacing the one before). A body larger than a quarter of the
    // bound is not kept.
    void remember(const QString &key, Page page);
    // A 304 to a request that sent the page's tag: the page (counted), or nullopt when it is no
    // longer kept (the caller then has nothing to show: an error).
    [[nodiscard]] std::optional<Page> notModified(const QString &key);
    void clear();

    [[nodiscard]] Counts counts() const { return m_counts; }
    [[nodiscard]] int size() const { return int(m_pages.size()); }

private:
    void touch(const QString &key);

    QHash<QString, Page> m_pages;
    QList<QString> m_order; // least recently used first
    qint64 m_bytes = 0;
    Counts m_counts;
};

} // namespace threadline::core

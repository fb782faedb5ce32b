// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The pictures of a new post, before it is queued (Outbox::createPostWithPictures): each local
// file is read and checked on the caller's thread — it exists, holds at most
// kMaxPictureBytes and is PNG, JPEG or WebP by its bytes, kMaxPictures in all —
// and its bytes become a copy for the outbox's media directory ("<entry id>-<n>.<ext>") with
// the entry's record of it (file, type, its own upload key). The copies are written durably with
// the entry by OutboxStore; their upload is the sender's work (outboxsender.cpp).
#pragma once

#include "outbox/outboxstore.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace threadline::core::outboxpictures {

// The contract's limits for a new post's pictures (POST /media: 413 above 5 MiB); the outbox
// names them Outbox::kMaxPictureBytes and Outbox::kMaxPictures.
inline constexpr qint64 kMaxPictureBytes = 5 * 1024 * 1024;
inline constexpr int kMaxPictures = 9;

// A picture file as checked and read at creation.
struct PictureFile
{
    QByteArray data;
    QString mime;
    QString extension;
};

// Reads and checks the pictures of a post that already has `urlsGiven` picture URLs. On
// success their bytes, in order; otherwise nothing, and *error says in words which picture was
// refused and why (the first one refused).
[[nodiscard]] std::optional<QList<PictureFile>>
readPictures(qsizetype urlsGiven, const QStringList &localPaths, QString *error);

// The copies of the pictures of entry `entryId`, and the entry's record of each (its
// OutboxEntry::localPictures(), not uploaded yet).
struct PictureCopies
{
    QList<OutboxEntry::LocalPicture> pictures;
    QList<OutboxFile> files;
};
[[nodiscard]] PictureCopies copiesFor(qint64 entryId, const QList<PictureFile> &pictures);

} // namespace threadline::core::outboxpictures

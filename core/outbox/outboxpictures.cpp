// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "outbox/outboxpictures.h"

#include "outbox/outboxphrases.h"

#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QImageReader>
#include <QUuid>

namespace threadline::core::outboxpictures {

namespace {

// Reads and checks one local picture: it exists, holds at most kMaxPictureBytes and is PNG,
// JPEG or WebP by its bytes. Sets *error (a sentence naming picture `number`) when it is not.
std::optional<PictureFile> readPicture(const QString &path, int number, QString *error)
{
    const QString name = QFileInfo(path).fileName();
    QFile f(path);
    if (path.isEmpty() || !f.exists()) {
        *error = outboxphrases::pictureMissing(number, name.isEmpty() ? path : name);
        return std::nullopt;
    }
    if (!f.open(QIODevice::ReadOnly)) {
        *error = outboxphrases::pictureUnreadable(number, name, f.errorString());
        return std::nullopt;
    }
    const QString tooLarge = outboxphrases::pictureTooLarge(number, name);
    if (f.size() > kMaxPictureBytes) {
        *error = tooLarge;
        return std::nullopt;
    }
    PictureFile picture;
    picture.data = f.read(kMaxPictureBytes + 1); // the file may have grown meanwhile
    if (f.error() != QFileDevice::NoError) {
        *error = outboxphrases::pictureUnreadable(number, name, f.errorString());
        return std::nullopt;
    }
    if (picture.data.size() > kMaxPictureBytes) {
        *error = tooLarge;
        return std::nullopt;
    }
    // The type by the bytes, never by the file's name.
    QBuffer buffer(&picture.data);
    buffer.open(QIODevice::ReadOnly);
    const QByteArray format = QImageReader::imageFormat(&buffer).toLower();
    const bool webpBytes = picture.data.size() >= 12 && picture.data.startsWith("RIFF") &&
                           picture.data.mid(8, 4) == "WEBP";
    if (format == "png") {
        picture.mime = QStringLiteral("image/png");
        picture.extension = QStringLiteral("png");
    } else if (format == "jpeg" || format == "jpg") {
        picture.mime = QStringLiteral("image/jpeg");
        picture.extension = QStringLiteral("jpg");
    } else if (format == "webp" || (format.isEmpty() && webpBytes)) {
        picture.mime = QStringLiteral("image/webp");
        picture.extension = QStringLiteral("webp");
    } else {
        *error = outboxphrases::pictureNotAnImage(number, name);
        return std::nullopt;
    }
    return picture;
}

} // namespace

std::optional<QList<PictureFile>> readPictures(qsizetype urlsGiven, const QStringList &localPaths,
                                               QString *error)
{
    QString why;
    if (urlsGiven + localPaths.size() > kMaxPictures)
        why = outboxphrases::tooManyPictures(kMaxPictures);
    QList<PictureFile> pictures;
    for (qsizetype i = 0; why.isEmpty() && i < localPaths.size(); ++i) {
        const int number = int(urlsGiven + i + 1);
        if (auto picture = readPicture(localPaths.at(i), number, &why))
            pictures.append(std::move(*picture));
    }
    if (!why.isEmpty()) {
        *error = why;
        return std::nullopt;
    }
    return pictures;
}

PictureCopies copiesFor(qint64 entryId, const QList<PictureFile> &pictures)
{
    PictureCopies copies;
    for (qsizetype i = 0; i < pictures.size(); ++i) {
        const PictureFile &p = pictures.at(i);
        const QString file = QStringLiteral("%1-%2.%3").arg(entryId).arg(i + 1).arg(p.extension);
        copies.pictures.append(
            {file, p.mime, QUuid::createUuid().toString(QUuid::WithoutBraces), {}});
        copies.files.append({file, p.data});
    }
    return copies;
}

} // namespace threadline::core::outboxpictures

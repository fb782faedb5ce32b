// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Media (mediahandler.h): uploads and the files they made.
#include "api/handlers/mediahandler.h"

#include "api/clock.h"
#include "db/database.h"
#include "serverconfig.h"

#include <QBuffer>
#include <QFile>
#include <QImageReader>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSaveFile>

namespace threadline::server {

MediaHandler::MediaHandler(Database &db, const ServerConfig &config)
    : m_db(db)
    , m_config(config)
{
}

void MediaHandler::addRoutes(RouteTable &t)
{
    t.add("POST", "media", Write | RawBody, this, &MediaHandler::uploadMedia);
    t.add("GET", "media/{name}", Public, this, &MediaHandler::getMedia);
}

Response MediaHandler::uploadMedia(Request &req)
{
    const QByteArray type = req.header("content-type").split(';').first().trimmed().toLower();
    QByteArray format, ext;
    if (type == "image/png") {
        format = "png";
        ext = "png";
    } else if (type == "image/jpeg") {
        format = "jpeg";
        ext = "jpg";
    } else if (type == "image/webp") {
        format = "webp";
        ext = "webp";
    } else {
        fail(422, QStringLiteral("Content-Type: must be image/png, image/jpeg or image/webp"));
    }
    if (req.body.isEmpty())
        fail(422, QStringLiteral("body: the image is empty"));
    QBuffer buf(&req.body);
    buf.open(QIODevice::ReadOnly);
    QImageReader reader(&buf, format);
    reader.setAutoDetectImageFormat(false);
    const QSize size = reader.size();
    if (size.isValid() && qint64(size.width()) * size.height() > 50'000'000)
        fail(422, QStringLiteral("body: the image is over 50 megapixels"));
    if (!reader.canRead() || reader.read().isNull())
        fail(422, QStringLiteral("body: the bytes are not a valid %1 image")
                      .arg(QString::fromLatin1(type)));
    QByteArray rnd(16, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(rnd.data()), 4);
    const QString name = QString::fromLatin1(rnd.toHex() + '.' + ext);
    QSaveFile f(m_config.mediaDir + QLatin1Char('/') + name);
    if (!f.open(QIODevice::WriteOnly) || f.write(req.body) != req.body.size() || !f.commit())
        throw DbError("cannot write the media file into the media directory");
    m_db.exec(
        QStringLiteral(
            "INSERT INTO media(name, mime, size, uploader, createtime) VALUES(?, ?, ?, ?, ?)"),
        {name, QString::fromLatin1(type), req.body.size(), req.viewer.uid, nowMs()});
    return Response::json({{QStringLiteral("url"), QStringLiteral("/api/v1/media/") + name}}, 201);
}

Response MediaHandler::getMedia(Request &req)
{
    static const QRegularExpression valid(QStringLiteral("^[0-9a-f]{32}\\.(png|jpg|webp)$"));
    const auto m = valid.match(req.name);
    if (!m.hasMatch())
        fail(404, QStringLiteral("no such media"));
    QFile f(m_config.mediaDir + QLatin1Char('/') + req.name);
    if (!f.open(QIODevice::ReadOnly))
        fail(404, QStringLiteral("no such media"));
    Response r;
    r.body = f.readAll();
    const QString ext = m.captured(1);
    r.contentType = ext == QLatin1String("png")   ? "image/png"
                    : ext == QLatin1String("jpg") ? "image/jpeg"
                                                  : "image/webp";
    r.headers.append(
        qMakePair(QByteArray("Cache-Control"), QByteArray("public, max-age=31536000, immutable")));
    return r;
}

} // namespace threadline::server

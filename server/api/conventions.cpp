// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "api/conventions.h"

#include <QCryptographicHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <zlib.h>

namespace threadline::server {

namespace {

void setHeader(Response &r, const QByteArray &name, const QByteArray &value)
{
    for (auto &h : r.headers) {
        if (h.first.compare(name, Qt::CaseInsensitive) == 0) {
            h.second = value;
            return;
        }
    }
    r.headers.append(qMakePair(name, value));
}

bool hasHeader(const Response &r, const QByteArray &name)
{
    for (const auto &h : r.headers)
        if (h.first.compare(name, Qt::CaseInsensitive) == 0)
            return true;
    return false;
}

// RFC 6750 3: a request without credentials gets the scheme and realm only; one whose token
// was refused also gets error="invalid_token".
QByteArray wwwAuthenticate(const Request &req)
{
    QByteArray v = "Bearer realm=\"threadline\"";
    const QByteArray auth = req.header("authorization");
    if (auth.size() > 7 && auth.left(7).toLower() == "bearer " && !req.path.endsWith(u"/login"))
        v += ", error=\"invalid_token\", error_description=\"the token is unknown, expired or "
             "revoked\"";
    return v;
}

// The created object's own path: the route's last literal segment and the object's id
// (posts/{id}, comments/{id}, messages/{id}, reports/{id}), or its url (media).
QByteArray location(const Response &r, const QStringList &pattern)
{
    const QJsonObject o = QJsonDocument::fromJson(r.body).object();
    const QString url = o.value(QLatin1String("url")).toString();
    if (url.startsWith(QLatin1String("/api/v1/")))
        return url.toUtf8();
    const qint64 id = o.value(QLatin1String("id")).toInteger();
    if (id <= 0)
        return {};
    for (qsizetype i = pattern.size() - 1; i >= 0; --i)
        if (!pattern[i].startsWith(QLatin1Char('{')))
            return "/api/v1/" + pattern[i].toUtf8() + '/' + QByteArray::number(id);
    return {};
}

QByteArrayView trimmed(QByteArrayView v)
{
    return v.trimmed();
}

} // namespace

QByteArray entityTag(QByteArrayView body)
{
    const QByteArray hash = QCryptographicHash::hash(body, QCryptographicHash::Sha256);
    return "W/\"" + hash.left(16).toHex() + '"';
}

bool noneMatchHits(const QByteArray &ifNoneMatch, QByteArrayView tag)
{
    const auto opaque = [](QByteArrayView t) {
        t = trimmed(t);
        if (t.startsWith("W/"))
            t = t.sliced(2);
        return t;
    };
    const QByteArrayView want = opaque(tag);
    for (const QByteArrayView part : ifNoneMatch.split(',')) {
        const QByteArrayView t = trimmed(part);
        if (t == "*" || (!t.isEmpty() && opaque(t) == want))
            return true;
    }
    return false;
}

bool acceptsGzip(const QByteArray &acceptEncoding)
{
    bool star = false;
    for (const QByteArray &item : acceptEncoding.split(',')) {
        const QList<QByteArray> params = item.split(';');
        const QByteArray coding = params.value(0).trimmed().toLower();
        bool refused = false;
        for (qsizetype i = 1; i < params.size(); ++i) {
            const QByteArray p = params[i].trimmed().toLower();
            if (p.startsWith("q=")) {
                bool ok = false;
                const double q = p.mid(2).toDouble(&ok);
                refused = !ok || q <= 0.0;
            }
        }
        if (coding == "gzip" || coding == "x-gzip")
            return !refused;
        if (coding == "*")
            star = !refused;
    }
    return star;
}

QByteArray gzip(QByteArrayView data, int level)
{
    z_stream zs{};
    // 15 bits of window, +16: a gzip header and trailer instead of zlib's
    if (deflateInit2(&zs, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return {};
    QByteArray out(qsizetype(deflateBound(&zs, uLong(data.size()))) + 32, Qt::Uninitialized);
    zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.data()));
    zs.avail_in = uInt(data.size());
    zs.next_out = reinterpret_cast<Bytef *>(out.data());
    zs.avail_out = uInt(out.size());
    const int rc = deflate(&zs, Z_FINISH);
    const qsizetype n = qsizetype(zs.total_out);
    deflateEnd(&zs);
    if (rc != Z_STREAM_END)
        return {};
    out.truncate(n);
    return out;
}

void applyConventions(const Request &req, Response &r, bool tagged, const QStringList &pattern)
{
    if (r.status == 401 && !hasHeader(r, "WWW-Authenticate"))
        setHeader(r, "WWW-Authenticate", wwwAuthenticate(req));
    if (r.status == 201 && !hasHeader(r, "Location")) {
        const QByteArray where = location(r, pattern);
        if (!where.isEmpty())
            setHeader(r, "Location", where);
    }
    if (req.rateLimit > 0) {
        setHeader(r, "RateLimit-Limit", QByteArray::number(req.rateLimit));
        setHeader(r, "RateLimit-Remaining", QByteArray::number(std::max(0, req.rateRemaining)));
        setHeader(r, "RateLimit-Reset", QByteArray::number(std::max(0, req.rateReset)));
    }
    const bool read = req.method == "GET" || req.method == "HEAD";
    if (tagged && read && r.status == 200) {
        const QByteArray tag = entityTag(r.body);
        setHeader(r, "ETag", tag);
        // The answer depends on the token: no shared cache keeps it, and a private one asks
        // again every time (with If-None-Match).
        setHeader(r, "Cache-Control", "private, no-cache");
        const QByteArray ifNoneMatch = req.header("if-none-match");
        if (!ifNoneMatch.isEmpty() && noneMatchHits(ifNoneMatch, tag)) {
            // A 304 repeats the Vary the 200 would have carried (RFC 9110, 15.4.5).
            const bool varies =
                r.contentType == "application/json" && r.body.size() >= kGzipMinBytes;
            r.status = 304;
            r.body.clear();
            r.contentType.clear();
            if (varies)
                setHeader(r, "Vary", "Accept-Encoding");
            return;
        }
    }
    if (r.contentType == "application/json" && r.body.size() >= kGzipMinBytes) {
        setHeader(r, "Vary", "Accept-Encoding");
        if (acceptsGzip(req.header("accept-encoding"))) {
            const QByteArray packed = gzip(r.body);
            if (!packed.isEmpty() && packed.size() < r.body.size()) {
                r.body = packed;
                setHeader(r, "Content-Encoding", "gzip");
            }
        }
    }
}

} // namespace threadline::server

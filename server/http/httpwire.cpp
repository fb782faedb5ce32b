// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// HTTP/1.1 on the wire (httpwire.h): parsing request heads and chunk-size lines, serialising
// answers.
#include "http/httpwire.h"

#include <QHash>
#include <QUrl>

#include <cctype>

namespace threadline::server {

namespace {

constexpr qsizetype kMaxLoggedPath = 512; // bytes of a path in the log line

const QHash<int, QByteArray> &reasons()
{
    static const QHash<int, QByteArray> r = {{100, "Continue"},
                                             {200, "OK"},
                                             {201, "Created"},
                                             {204, "No Content"},
                                             {304, "Not Modified"},
                                             {400, "Bad Request"},
                                             {401, "Unauthorized"},
                                             {403, "Forbidden"},
                                             {404, "Not Found"},
                                             {405, "Method Not Allowed"},
                                             {408, "Request Timeout"},
                                             {409, "Conflict"},
                                             {410, "Gone"},
                                             {413, "Payload Too Large"},
                                             {414, "URI Too Long"},
                                             {422, "Unprocessable Entity"},
                                             {429, "Too Many Requests"},
                                             {431, "Request Header Fields Too Large"},
                                             {500, "Internal Server Error"},
                                             {501, "Not Implemented"},
                                             {503, "Service Unavailable"},
                                             {505, "HTTP Version Not Supported"}};
    return r;
}

QList<QByteArrayView> lines(QByteArrayView head)
{
    QList<QByteArrayView> out;
    qsizetype pos = 0;
    while (pos < head.size()) {
        qsizetype nl = head.indexOf('\n', pos);
        if (nl < 0)
            nl = head.size();
        qsizetype e = nl;
        if (e > pos && head[e - 1] == '\r')
            --e;
        out.append(head.sliced(pos, e - pos));
        pos = nl + 1;
    }
    return out;
}

} // namespace

// tchar of RFC 9110 (method and header names)
bool isTchar(char c)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
        return true;
    switch (c) {
    case '!':
    case '#':
    case '$':
    case '%':
    case '&':
    case '\'':
    case '*':
    case '+':
    case '-':
    case '.':
    case '^':
    case '_':
    case '`':
    case '|':
    case '~':
        return true;
    default:
        return false;
    }
}

bool isToken(QByteArrayView s)
{
    if (s.isEmpty())
        return false;
    for (char c : s)
        if (!isTchar(c))
            return false;
    return true;
}

// Field values: visible ASCII, SP, HTAB and obs-text; no other control character.
bool isFieldValue(QByteArrayView s)
{
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if ((c < 0x20 && c != '\t') || c == 0x7f)
            return false;
    }
    return true;
}

QByteArray trimOws(QByteArrayView s)
{
    qsizetype b = 0, e = s.size();
    while (b < e && (s[b] == ' ' || s[b] == '\t'))
        ++b;
    while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t'))
        --e;
    return s.sliced(b, e - b).toByteArray();
}

// The bytes of an answer, as the server has always written them: status line, Content-Type,
// the response's headers, Content-Length, the body — one buffer, one write.
QByteArray serialize(const Response &r, bool withBody, const QList<QByteArray> &extra)
{
    QByteArray out;
    out.reserve(r.body.size() + 256);
    out += "HTTP/1.1 " + QByteArray::number(r.status) + ' ' + reasons().value(r.status, "Status") +
           "\r\n";
    if (!r.contentType.isEmpty()) {
        out += "Content-Type: ";
        out += r.contentType; // JSON is UTF-8 by definition (RFC 8259): no charset parameter
        out += "\r\n";
    }
    for (const auto &h : r.headers)
        out += h.first + ": " + h.second + "\r\n";
    for (const QByteArray &h : extra)
        out += h + "\r\n";
    // A 304 has no body and says nothing of the length of the one it stands for (RFC 9110 8.6).
    if (r.status != 304)
        out +=
            "Content-Length: " + QByteArray::number(r.status == 204 ? 0 : r.body.size()) + "\r\n";
    out += "\r\n";
    if (withBody && r.status != 204 && r.status != 304)
        out += r.body;
    return out;
}

Response httpError(int status, const char *code, const QString &message)
{
    return Response::error(status, QString::fromLatin1(code), message);
}

HeadExtent headExtent(const QByteArray &in)
{
    HeadExtent x;
    x.requestLineEnd = in.indexOf('\n');
    if (x.requestLineEnd < 0)
        return x;
    // The end of the head: the first empty line after the request line.
    qsizetype pos = x.requestLineEnd + 1;
    while (pos < in.size()) {
        const qsizetype nl = in.indexOf('\n', pos);
        if (nl < 0)
            break;
        const qsizetype len = nl - pos - (nl > pos && in[nl - 1] == '\r' ? 1 : 0);
        if (len == 0) {
            x.end = nl + 1;
            break;
        }
        pos = nl + 1;
    }
    x.headerBytes = (x.end >= 0 ? x.end : in.size()) - (x.requestLineEnd + 1);
    return x;
}

namespace {

HeadRefusal badRequest(const QString &message)
{
    return {400, "bad_request", message};
}

// Request line: method SP request-target SP HTTP-version, nothing else. Sets out.method,
// out.http10 and the target (origin-form; absolute-form is accepted as RFC 9112 asks).
std::optional<HeadRefusal> parseRequestLine(QByteArrayView line, RequestHead &out,
                                            QByteArrayView &target)
{
    const qsizetype sp1 = line.indexOf(' ');
    const qsizetype sp2 = sp1 < 0 ? -1 : line.indexOf(' ', sp1 + 1);
    if (sp1 <= 0 || sp2 < 0 || line.indexOf(' ', sp2 + 1) >= 0)
        return badRequest(QStringLiteral("malformed request line"));
    const QByteArrayView method = line.first(sp1);
    target = line.sliced(sp1 + 1, sp2 - sp1 - 1);
    const QByteArrayView version = line.sliced(sp2 + 1);
    if (!isToken(method))
        return badRequest(QStringLiteral("malformed request line"));
    out.method = method.toByteArray();
    if (version.size() != 8 || !version.startsWith("HTTP/") || version[6] != '.' ||
        !std::isdigit(static_cast<unsigned char>(version[5])) ||
        !std::isdigit(static_cast<unsigned char>(version[7])))
        return badRequest(QStringLiteral("malformed HTTP version"));
    if (version[5] != '1')
        return HeadRefusal{505, "http_version",
                           QStringLiteral("only HTTP/1.0 and HTTP/1.1 are supported")};
    out.http10 = version[7] == '0';
    for (char ch : target) {
        const auto c = static_cast<unsigned char>(ch);
        if (c <= 0x20 || c >= 0x7f)
            return badRequest(QStringLiteral("malformed request target"));
    }
    if (target.startsWith("http://") || target.startsWith("https://")) {
        const qsizetype authority = target.indexOf("//") + 2;
        const qsizetype slash = target.indexOf('/', authority);
        target = slash < 0 ? QByteArrayView("/") : target.sliced(slash);
    }
    if (!target.startsWith('/'))
        return badRequest(QStringLiteral("malformed request target"));
    return std::nullopt;
}

// Header fields (the lines after the request line): into out.request.headers, with the
// framing (Host, Content-Length, Transfer-Encoding) checked.
std::optional<HeadRefusal> parseFields(const QList<QByteArrayView> &ls, RequestHead &out)
{
    QHash<QByteArray, QByteArray> &headers = out.request.headers;
    int hosts = 0;
    std::optional<qint64> contentLength;
    QByteArray transferEncoding;
    bool hasTransferEncoding = false;
    for (qsizetype i = 1; i < ls.size(); ++i) {
        const QByteArrayView l = ls[i];
        if (l.isEmpty())
            continue;
        if (l[0] == ' ' || l[0] == '\t')
            return badRequest(QStringLiteral("obsolete line folding in the headers"));
        const qsizetype colon = l.indexOf(':');
        if (colon <= 0 || !isToken(l.first(colon)))
            return badRequest(QStringLiteral("malformed header name"));
        const QByteArray name = l.first(colon).toByteArray().toLower();
        const QByteArrayView rawValue = l.sliced(colon + 1);
        if (!isFieldValue(rawValue))
            return badRequest(QStringLiteral("a control character in a header value"));
        const QByteArray value = trimOws(rawValue);
        if (name == "host") {
            ++hosts;
        } else if (name == "content-length") {
            if (value.isEmpty() || value.size() > 15)
                return badRequest(QStringLiteral("malformed Content-Length"));
            for (char c : value)
                if (c < '0' || c > '9')
                    return badRequest(QStringLiteral("malformed Content-Length"));
            const qint64 n = value.toLongLong();
            if (contentLength && *contentLength != n)
                return badRequest(QStringLiteral("two different Content-Length values"));
            contentLength = n;
        } else if (name == "transfer-encoding") {
            hasTransferEncoding = true;
            if (!transferEncoding.isEmpty())
                transferEncoding += ',';
            transferEncoding += value;
        } else if (name == "x-forwarded-for") {
            // Several fields are one list, in order (RFC 9110 5.3): the right-most hop last.
            const auto it = headers.find(name);
            if (it != headers.end()) {
                *it += ", " + value;
                continue;
            }
        }
        headers.insert(name, value);
    }
    const bool http10 = out.http10;
    if (!http10 && hosts != 1)
        return badRequest(hosts ? QStringLiteral("more than one Host header")
                                : QStringLiteral("no Host header"));
    if (http10 && hosts > 1)
        return badRequest(QStringLiteral("more than one Host header"));
    if (hasTransferEncoding) {
        if (contentLength)
            return badRequest(QStringLiteral("both Content-Length and Transfer-Encoding"));
        if (http10)
            return badRequest(QStringLiteral("Transfer-Encoding in an HTTP/1.0 request"));
        if (transferEncoding.trimmed().toLower() != "chunked")
            return HeadRefusal{501, "not_implemented",
                               QStringLiteral("only the chunked transfer coding is supported")};
        out.chunked = true;
    }
    out.contentLength = contentLength.value_or(0);
    return std::nullopt;
}

} // namespace

std::optional<HeadRefusal> checkRequestLine(QByteArrayView line, QByteArray *method)
{
    if (line.endsWith('\r'))
        line.chop(1);
    RequestHead out;
    QByteArrayView target;
    std::optional<HeadRefusal> refusal = parseRequestLine(line, out, target);
    if (method)
        *method = out.method;
    return refusal;
}

RequestHead parseRequestHead(QByteArrayView head)
{
    RequestHead out;
    const QList<QByteArrayView> ls = lines(head);
    QByteArrayView target;
    out.refusal = parseRequestLine(ls.value(0), out, target);
    if (!out.refusal)
        out.refusal = parseFields(ls, out);
    if (out.refusal)
        return out;
    bool close = false, keepAlive = false;
    for (const QByteArray &t : out.request.headers.value("connection").split(',')) {
        const QByteArray token = t.trimmed().toLower();
        close = close || token == "close";
        keepAlive = keepAlive || token == "keep-alive";
    }
    out.keepAlive = !close && (!out.http10 || keepAlive);

    Request &req = out.request;
    req.method = out.method;
    QByteArrayView pathPart = target;
    QByteArrayView queryPart;
    if (const qsizetype hash = pathPart.indexOf('#'); hash >= 0)
        pathPart = pathPart.first(hash);
    if (const qsizetype q = pathPart.indexOf('?'); q >= 0) {
        queryPart = pathPart.sliced(q + 1);
        pathPart = pathPart.first(q);
    }
    QUrl url;
    url.setPath(QString::fromLatin1(pathPart), QUrl::TolerantMode);
    url.setQuery(QString::fromLatin1(queryPart));
    req.path = url.path(QUrl::FullyDecoded);
    req.query = QUrlQuery(url.query(QUrl::FullyEncoded));
    req.declaredLength = out.chunked ? -1 : out.contentLength;
    return out;
}

std::optional<qint64> chunkSize(QByteArrayView line)
{
    QByteArrayView l = line;
    if (l.endsWith('\r'))
        l.chop(1);
    if (const qsizetype semi = l.indexOf(';'); semi >= 0)
        l = l.first(semi);
    const QByteArray digits = trimOws(l);
    bool ok = !digits.isEmpty() && digits.size() <= 15;
    const qint64 size = ok ? digits.toLongLong(&ok, 16) : 0;
    if (!ok || size < 0)
        return std::nullopt;
    return size;
}

} // namespace threadline::server

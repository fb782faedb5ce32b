// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// HTTP/1.1 on the wire, without sockets or state (RFC 9110, RFC 9112): the token and field-value
// rules, the extent and the strict parse of a request head, a chunk-size line, and answers
// serialised to the bytes the server writes. The connection (httpconnection.h) drives them.
#pragma once

#include "api/request.h"
#include "api/response.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QString>

#include <optional>

namespace threadline::server {

// tchar of RFC 9110 (method and header names)
bool isTchar(char c);
bool isToken(QByteArrayView s);
// Field values: visible ASCII, SP, HTAB and obs-text; no other control character.
bool isFieldValue(QByteArrayView s);
// s without the optional white space (SP, HTAB) around it
QByteArray trimOws(QByteArrayView s);

// The bytes of an answer, as the server has always written them: status line, Content-Type,
// the response's headers, the extra header lines, Content-Length, the body — one buffer, one
// write.
QByteArray serialize(const Response &r, bool withBody, const QList<QByteArray> &extra = {});
Response httpError(int status, const char *code, const QString &message);

// How much of a request head has arrived at the start of `in` (empty lines before it already
// dropped): the request line's end ('\n', -1 while it has not come), and once it has, the bytes
// of header fields so far and the head's end (just past its empty line; -1 while it has not come).
struct HeadExtent
{
    qsizetype requestLineEnd = -1;
    qsizetype headerBytes = 0;
    qsizetype end = -1;
};
HeadExtent headExtent(const QByteArray &in);

// Why a request is answered without going to the Api (then the connection closes).
struct HeadRefusal
{
    int status;
    const char *code;
    QString message;
};

// A whole request head, parsed strictly (lenient HTTP is refused as nginx does).
struct RequestHead
{
    QByteArray method; // as soon as it is a token, also when the rest is refused (the log line)
    std::optional<HeadRefusal> refusal;
    // The rest only without a refusal. The request for the Api (method, path, query, headers,
    // declaredLength), as the Qt HttpServer front built it:
    Request request;
    bool keepAlive = false;   // HTTP/1.1 unless "close"; HTTP/1.0 only with "keep-alive"
    bool http10 = false;      // an HTTP/1.0 request
    bool chunked = false;     // Transfer-Encoding: chunked
    qint64 contentLength = 0; // declared (0 without Content-Length or when chunked)
};
RequestHead parseRequestHead(QByteArrayView head);
// The request line alone (without its '\n'), as soon as it has come: a refusal then is answered
// at once, without waiting for a head that may never end (an HTTP/0.9 "GET /path" line has no
// version and its client sends no header). `method`: the method, when it is a token.
std::optional<HeadRefusal> checkRequestLine(QByteArrayView line, QByteArray *method = nullptr);

// The size in a chunk-size line (without its '\n'; a CR and chunk extensions are allowed);
// nothing when it is malformed.
std::optional<qint64> chunkSize(QByteArrayView line);

} // namespace threadline::server

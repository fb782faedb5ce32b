// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: the server's HTTP/1.1 request parser (server/http/httpwire.h), driven over the
// input as the connection drives it over what a peer sent: empty lines before a request
// dropped, the head's extent found, the request line checked as soon as it has come, the whole
// head parsed strictly, then a chunked body's size lines read — and again for the next
// pipelined request. A crash, a sanitizer report or a broken invariant (abort) is a finding.
#include "http/httpwire.h"

#include <QByteArray>

#include <cstdint>
#include <cstdlib>

using namespace threadline::server;

namespace {

void check(bool ok)
{
    if (!ok)
        std::abort(); // invariant broken
}

// One chunked body from `in` (its size lines and data); how many bytes it took, -1 when it is
// refused or has not all come.
qsizetype chunkedBody(const QByteArray &in)
{
    qsizetype at = 0;
    for (int chunks = 0; chunks < 10000; ++chunks) {
        const qsizetype nl = in.indexOf('\n', at);
        if (nl < 0)
            return -1;
        const std::optional<qint64> size = chunkSize(QByteArrayView(in).sliced(at, nl - at));
        if (!size)
            return -1;
        check(*size >= 0);
        at = nl + 1;
        if (*size == 0) {
            // trailers up to the empty line
            for (;;) {
                const qsizetype end = in.indexOf('\n', at);
                if (end < 0)
                    return -1;
                const QByteArrayView line = QByteArrayView(in).sliced(at, end - at);
                at = end + 1;
                if (line.isEmpty() || line == "\r")
                    return at;
            }
        }
        if (*size > in.size() - at)
            return -1;
        at += *size;
        if (in.mid(at, 2) == "\r\n")
            at += 2;
        else if (in.mid(at, 1) == "\n")
            at += 1;
        else
            return -1;
    }
    return -1;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    QByteArray in(reinterpret_cast<const char *>(data), qsizetype(size));
    for (int requests = 0; requests < 64 && !in.isEmpty(); ++requests) {
        while (in.startsWith("\r\n") || in.startsWith('\n'))
            in.remove(0, in.startsWith('\n') ? 1 : 2);
        const HeadExtent extent = headExtent(in);
        check(extent.requestLineEnd >= -1 && extent.requestLineEnd < in.size());
        check(extent.headerBytes >= 0 && extent.headerBytes <= in.size());
        check(extent.end >= -1 && extent.end <= in.size());
        if (extent.requestLineEnd < 0)
            return 0;
        QByteArray method;
        const std::optional<HeadRefusal> early =
            checkRequestLine(QByteArrayView(in).first(extent.requestLineEnd), &method);
        if (early) {
            check(early->status >= 400 && early->status < 600);
            check(!early->message.isEmpty());
            // the refusal as the server writes it
            check(
                !serialize(httpError(early->status, early->code, early->message), true).isEmpty());
            return 0;
        }
        check(isToken(method));
        if (extent.end < 0)
            return 0;
        check(extent.end > extent.requestLineEnd);
        const RequestHead head = parseRequestHead(QByteArrayView(in).first(extent.end));
        if (head.refusal) {
            check(head.refusal->status >= 400 && head.refusal->status < 600);
            return 0;
        }
        check(isToken(head.request.method));
        check(head.request.path.startsWith(QLatin1Char('/')));
        check(head.contentLength >= 0);
        check(!(head.chunked && head.contentLength > 0));
        for (auto it = head.request.headers.cbegin(); it != head.request.headers.cend(); ++it) {
            check(isToken(it.key()));
            check(it.key() == it.key().toLower());
            check(isFieldValue(it.value()));
        }
        in.remove(0, extent.end);
        if (head.chunked) {
            const qsizetype used = chunkedBody(in);
            if (used < 0)
                return 0;
            in.remove(0, used);
        } else {
            if (head.contentLength > in.size())
                return 0;
            in.remove(0, qsizetype(head.contentLength));
        }
        if (!head.keepAlive)
            return 0;
    }
    return 0;
}

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The server's log (docs/deploy.md "Logs"): one line per answered request and one per event
// worth an operator's eye, on stderr. Two formats:
// - text: `2026-12-05T18:40:01.123+00:00 info …` — an ISO-8601 time with milliseconds and the
//   zone's offset, then the level;
// - journal: `<6>…` — the sd-daemon level prefix journald reads from a stream (3 error,
//   4 warning, 6 info), and no time: the journal stamps every line itself.
// Auto (the default) is journal when $JOURNAL_STREAM names the device and inode of stderr (what
// systemd sets for a service whose stderr is the journal), else text.
#pragma once

#include "serverconfig.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>
#include <cstdint>

namespace threadline::server::serverlog {

enum class Level { Error = 3, Warning = 4, Info = 6 };

// Once at start, before any line (the default until then: text). Also routes Qt's messages
// (qWarning …) through this log.
void configure(ServerConfig::LogFormat format);
[[nodiscard]] bool journal();

// One line: `text` must hold no line break (one is replaced by a space).
void line(Level level, QByteArrayView text);

// The request id of an answer: the request's X-Request-Id when it is sane (1 to 64 characters,
// each a token character of RFC 9110 tchar or one of "/+=:@"), else 16 hex digits made here.
[[nodiscard]] QByteArray requestId(const QByteArray &offered);
[[nodiscard]] bool isSaneRequestId(QByteArrayView id);

// The access line: `ID METHOD PATH STATUS 1.23ms PEER ROUTE` at info (error for a 5xx), with the
// time and level before it. PATH is the path without the query (at most 512 bytes; a query may
// hold what someone searched for), ROUTE the pattern of the route it matched
// ("/api/v1/posts/{id}"), `-` when none: the path to follow one request, the route to group.
struct Access
{
    QByteArrayView requestId;
    QByteArrayView method;
    QByteArrayView path;
    QByteArrayView route;
    int status = 0;
    std::int64_t ns = 0;
    QString peer;
};
void request(const Access &a);

} // namespace threadline::server::serverlog

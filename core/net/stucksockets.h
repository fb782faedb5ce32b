// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// stucksockets: ends the connections of this process to one HTTP peer from outside the network
// thread — the way out of a Qt 6.4 defect.
//
// Qt 6.4's HTTP reader (QHttpNetworkReplyPrivate::readHeader) reads a response header a byte at a
// time for as long as bytes keep arriving, with no size limit, on the network manager's one
// thread. A peer that sends a header line that never ends keeps that thread in the loop for ever:
// abort() is an event it never gets to, every other request of the manager waits, a core is
// busy and the header grows in memory. Shutting the socket down makes the next read return end
// of file, the loop ends with an error, and the thread carries on with the abort and the other
// requests. (Qt 6.5 caps headers in QHttpHeaderParser; this is compiled for older versions only.)
//
// Unix only (the descriptors of /proc/self/fd, or 0…1023 elsewhere, and getpeername()); a no-op
// on other systems. Only TCP sockets whose peer is `host` (an address literal, or the addresses it
// resolves to, looked up without blocking) and `port` are touched.
#pragma once

#include <QString>
#include <QUrl>

namespace threadline::core {

// Shuts down (SHUT_RDWR) every TCP socket of this process connected to host:port. Returns how
// many it shut down now (a host name is resolved asynchronously: 0, and the work is done once the
// lookup answers).
int shutDownSocketsTo(const QString &host, quint16 port);
// The same for the host and port of an http(s) URL (the scheme's port when it names none).
int shutDownSocketsTo(const QUrl &url);

} // namespace threadline::core

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Page cursors: opaque to clients, a few numbers inside (base64url of "a:b:c").
#pragma once

#include <QJsonValue>
#include <QList>
#include <QString>
#include <optional>

namespace threadline::server {

QString encodeCursor(const QList<qint64> &parts);
// The numbers of a cursor this server gave out with `parts` of them, or nullopt.
std::optional<QList<qint64>> decodeCursor(const QString &cursor, int parts);
// The `next` of a newest-first page: the cursor after its last row, or null on the last page.
QJsonValue nextCursor(bool more, qint64 lastTime, qint64 lastId);

} // namespace threadline::server

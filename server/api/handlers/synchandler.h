// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// GET /sync: the change log rendered for one caller.
#pragma once

#include "api/routetable.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <optional>
#include <vector>

namespace threadline::server {

class Database;
class Notifications;
class Renderer;
struct ServerConfig;

// The same reads serve GET /sync and the push stream (GET /stream, http/eventstream.h): one
// place decides which records a caller gets and how they are rendered.
class SyncHandler
{
public:
    SyncHandler(Database &db, const ServerConfig &config, Renderer &renderer,
                Notifications &notifications);
    void addRoutes(RouteTable &table);

    // A position in the change log: (txid, seq) on PostgreSQL, (0, seq) on SQLite.
    struct Position
    {
        qint64 tx = 0;
        qint64 seq = 0;
        friend bool operator==(const Position &, const Position &) = default;
    };
    struct Page
    {
        QByteArray changes; // the records, a JSON array as compact text
        int count = 0;      // how many records it holds
        Position next;
        QString nextCursor;
        bool hasMore = false;
        // The viewer's unread notifications when the page was read; -1 when not counted (a
        // page without records: read() counts only for pages that carry some).
        qint64 unread = -1;
    };
    // A `since` cursor: its position, or nothing when it is older than the change log keeps
    // (410). Throws 400 when it is not a cursor this server (this database kind) gave out.
    std::optional<Position> parseSince(const QString &text) const;
    // Where a reader without `since` starts: everything before it is the past.
    Position start();
    QString cursor(const Position &p) const;
    // The records after `from` as `viewer` may see them (at most `limit`; hasMore when more
    // are there), each post upsert with its `inlineComments` newest visible comments. A
    // `notification` record is the viewer's own or left out entirely (so a page may hold fewer
    // than `limit` records while hasMore is true).
    Page read(const Viewer &viewer, const Position &from, int limit, int inlineComments);

    // read() in two steps, so that many viewers at one position cost one render: the records
    // rendered once for every viewer of a kind (ordinary or moderator) without anyone's own
    // fields, then, per viewer, those fields laid over it from one query (`liked` and `opposed`,
    // the unread count) and the viewer's own records (notifications, profiles) added.
    struct SharedPage
    {
        struct Entry
        {
            QString kind;
            qint64 id = 0;
            qint64 owner = 0;      // a notification's user (its record is for nobody else)
            bool present = false;  // an upsert of `data` (else a remove)
            QJsonObject data;      // posts and comments: as seen by nobody in particular
            QByteArray json;       // the record as compact JSON text (posts, comments, removes)
            QList<qint64> votable; // the comments whose `liked`/`opposed` the record shows
        };
        std::vector<Entry> entries;
        // The records as a viewer gets them who has no record of their own on the page and no
        // like or vote on what it shows (most viewers): one text for all of them. Empty when
        // the page holds a profile (those are rendered per viewer).
        QByteArray common;
        int commonCount = 0;
        bool moderator = false;
        Position next;
        QString nextCursor;
        bool hasMore = false;
    };
    SharedPage readShared(bool moderator, const Position &from, int limit, int inlineComments);
    Page personal(const SharedPage &page, const Viewer &viewer);
    // The viewer's unread notifications (the `unread` of /sync and of the stream's events).
    qint64 unread(const Viewer &viewer);

private:
    Response sync(Request &req);
    Response stream(Request &req);
    qint64 horizon();

    Database &m_db;
    const ServerConfig &m_config;
    Renderer &m_renderer;
    Notifications &m_notifications;
};

} // namespace threadline::server

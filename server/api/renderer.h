// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Rendering of contract objects (posts, comments, users) for one viewer, in batches: a page of
// N objects costs a fixed handful of queries, never one per field. One per Api (its connection);
// it keeps the users' briefs, which no route changes.
#pragma once

#include "api/request.h"
#include "db/database.h"

#include <QByteArray>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QSet>
#include <QString>
#include <QVariant>
#include <optional>
#include <vector>

namespace threadline::server {

class Renderer
{
public:
    explicit Renderer(Database &db);
    Renderer(const Renderer &) = delete;
    Renderer &operator=(const Renderer &) = delete;

    // Renders posts by id, in the order given, leaving out what the viewer may not see.
    QJsonArray renderPosts(const QList<qint64> &ids, const Viewer &v, int inlineComments = 3);
    std::optional<QJsonObject> renderPost(qint64 id, const Viewer &v, int inlineComments = 3);
    // Renders comment rows (selected with commentColumns()), in order.
    QJsonArray renderComments(const std::vector<Row> &rows, const Viewer &v);
    // The same as compact JSON text (what QJsonDocument writes for them, byte for byte): the
    // read pages write these into their response without building QJsonObjects.
    QByteArray postsJson(const QList<qint64> &ids, const Viewer &v, int inlineComments = 3);
    // Each visible post of `ids` as its JSON object (the ones this viewer may not see left out).
    QHash<qint64, QByteArray> postParts(const QList<qint64> &ids, const Viewer &v,
                                        int inlineComments = 3);
    std::vector<QByteArray> commentItems(const std::vector<Row> &rows, const Viewer &v);
    std::optional<QJsonObject> renderComment(qint64 id, const Viewer &v);
    QJsonObject userBrief(qint64 uid);
    QJsonObject userProfile(qint64 uid, const Viewer &v); // 404 for an unknown user
    static QString commentColumns();
    // SQL condition (on alias c) for comments the viewer may see
    static QString commentVisible(const Viewer &v);
    static QString postVisible(const Viewer &v, const QString &alias = QStringLiteral("p"));

    struct UserInfo
    {
        QJsonObject brief;
        QByteArray briefJson; // brief as compact JSON text
        QString role;
    };
    // The user's brief and role (kept after the first read), or null for an unknown user.
    const UserInfo *user(qint64 uid);
    // 404 for an unknown user.
    void requireUser(qint64 uid);

private:
    void writeUserBrief(QByteArray &out, qint64 uid);
    QHash<QString, QString> deviceNames(const QSet<QString> &rawLower);
    QJsonObject moderationObject(const QVariant &by, const QVariant &reason, const QVariant &time);

    Database &m_db;
    QHash<qint64, UserInfo> m_users;
};

} // namespace threadline::server

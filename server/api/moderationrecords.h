// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What moderation keeps besides the content: the moderation log, and the queue's items — opened
// when a post or comment holds a word of the word list (auto-flag), closed when its target is
// hidden or deleted. Written by the routes that moderate, post and comment.
#pragma once

#include <QString>
#include <QStringList>

namespace threadline::server {

class Database;
struct ServerConfig;

class ModerationRecords
{
public:
    ModerationRecords(Database &db, const ServerConfig &config);
    ModerationRecords(const ModerationRecords &) = delete;
    ModerationRecords &operator=(const ModerationRecords &) = delete;

    // The word list: --wordlist, or a small built-in one.
    void loadWordlist();
    void log(qint64 moderator, const QString &action, const QString &targetType, qint64 targetId,
             const QString &reason);
    // Opens a queue item for the target when its text holds a listed word.
    void autoFlag(const QString &targetType, qint64 targetId, const QString &text);
    void closeItem(const QString &targetType, qint64 targetId);

private:
    Database &m_db;
    const ServerConfig &m_config;
    QStringList m_words; // lower-cased
};

} // namespace threadline::server

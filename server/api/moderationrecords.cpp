// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "api/moderationrecords.h"

#include "api/clock.h"
#include "db/database.h"
#include "serverconfig.h"

#include <QFile>

namespace threadline::server {

ModerationRecords::ModerationRecords(Database &db, const ServerConfig &config)
    : m_db(db)
    , m_config(config)
{
}

void ModerationRecords::loadWordlist()
{
    m_words.clear();
    if (m_config.wordlistFile.isEmpty()) {
        // A small built-in list (the deployment brings its own with --wordlist).
        m_words = {QStringLiteral("spam-link"), QStringLiteral("buy followers"),
                   QStringLiteral("刷粉"),      QStringLiteral("代开发票"),
                   QStringLiteral("赌博"),      QStringLiteral("casino bonus")};
        return;
    }
    QFile f(m_config.wordlistFile);
    if (!f.open(QIODevice::ReadOnly))
        return;
    const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        const QString w = line.trimmed().toLower();
        if (!w.isEmpty() && !w.startsWith(QLatin1Char('#')))
            m_words.append(w);
    }
}

void ModerationRecords::log(qint64 moderator, const QString &action, const QString &targetType,
                            qint64 targetId, const QString &reason)
{
    m_db.exec(
        QStringLiteral(
            "INSERT INTO mod_log(moderator, action, target_type, target_id, reason, createtime)"
            " VALUES(?, ?, ?, ?, ?, ?)"),
        {moderator, action, targetType, targetId, reason, nowMs()});
}

void ModerationRecords::autoFlag(const QString &targetType, qint64 targetId, const QString &text)
{
    const QString lower = text.toLower();
    for (const QString &w : std::as_const(m_words)) {
        if (!lower.contains(w))
            continue;
        m_db.exec(QStringLiteral(
                      "INSERT INTO mod_items(target_type, target_id, auto_word, status, createtime)"
                      " VALUES(?, ?, ?, 'open', ?) ON CONFLICT(target_type, target_id) DO UPDATE"
                      " SET auto_word = excluded.auto_word, status = 'open'"),
                  {targetType, targetId, w, nowMs()});
        return;
    }
}

void ModerationRecords::closeItem(const QString &targetType, qint64 targetId)
{
    m_db.exec(QStringLiteral(
                  "UPDATE mod_items SET status = 'closed' WHERE target_type = ? AND target_id = ?"),
              {targetType, targetId});
}

} // namespace threadline::server

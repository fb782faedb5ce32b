#pragma once

#include <QString>
#include <QStringList>

namespace threadline::server {

// The portable schema, version by version. "%PK%" becomes the dialect's auto-increment
// primary key ("INTEGER PRIMARY KEY AUTOINCREMENT" on SQLite, "BIGSERIAL PRIMARY KEY" on
// PostgreSQL). Every table holds live data only through flags (deleted, hidden) so that
// counts are computed from rows, never stored.
//
// Visibility of a comment: deleted = 0 AND hidden = 0 AND floor_hidden = 0.
//   hidden       — hidden by a moderator on its own (mod_by/mod_reason/mod_time say who/why)
//   floor_hidden — its floor's root was hidden; cleared again when the root is unhidden, so a
//                  reply hidden on its own before stays hidden ("restores the floor as it was").
// Floors and seqs: posts.floor_counter and comments.seq_counter (on a root) are bumped with
// UPDATE … RETURNING inside the inserting transaction, so numbers are given out by the database.
inline QStringList schemaV1()
{
    return {
        QStringLiteral(
            "CREATE TABLE users(id %PK%, username TEXT NOT NULL UNIQUE, nick TEXT NOT NULL,"
            " head_img TEXT NOT NULL DEFAULT '', role TEXT NOT NULL DEFAULT 'user',"
            " pw_hash TEXT NOT NULL, created BIGINT NOT NULL)"),
        QStringLiteral("CREATE TABLE tokens(hash TEXT PRIMARY KEY, uid BIGINT NOT NULL,"
                       " created BIGINT NOT NULL, revoked INTEGER NOT NULL DEFAULT 0)"),
        QStringLiteral("CREATE TABLE posts(id %PK%, author BIGINT NOT NULL, category TEXT NOT NULL,"
                       " content TEXT NOT NULL, device TEXT NOT NULL DEFAULT '', geo TEXT,"
                       " pictures TEXT NOT NULL DEFAULT '[]', createtime BIGINT NOT NULL,"
                       " hidden INTEGER NOT NULL DEFAULT 0, deleted INTEGER NOT NULL DEFAULT 0,"
                       " mod_by BIGINT, mod_reason TEXT, mod_time BIGINT,"
                       " floor_counter BIGINT NOT NULL DEFAULT 0)"),
        QStringLiteral("CREATE INDEX posts_time ON posts(createtime, id)"),
        QStringLiteral("CREATE INDEX posts_author ON posts(author, createtime, id)"),
        QStringLiteral(
            "CREATE TABLE comments(id %PK%, post_id BIGINT NOT NULL, root_id BIGINT NOT NULL,"
            " parent_id BIGINT NOT NULL, floor BIGINT NOT NULL, seq BIGINT NOT NULL,"
            " author BIGINT NOT NULL, reply_to BIGINT, content TEXT NOT NULL,"
            " createtime BIGINT NOT NULL, hidden INTEGER NOT NULL DEFAULT 0,"
            " floor_hidden INTEGER NOT NULL DEFAULT 0, deleted INTEGER NOT NULL DEFAULT 0,"
            " mod_by BIGINT, mod_reason TEXT, mod_time BIGINT,"
            " seq_counter BIGINT NOT NULL DEFAULT 0)"),
        QStringLiteral("CREATE INDEX comments_post_floor ON comments(post_id, root_id, floor)"),
        QStringLiteral("CREATE INDEX comments_root_seq ON comments(root_id, seq)"),
        QStringLiteral("CREATE INDEX comments_parent ON comments(parent_id)"),
        QStringLiteral("CREATE INDEX comments_post_time ON comments(post_id, createtime, id)"),
        QStringLiteral(
            "CREATE TABLE post_likes(id %PK%, post_id BIGINT NOT NULL, uid BIGINT NOT NULL,"
            " createtime BIGINT NOT NULL, UNIQUE(post_id, uid))"),
        QStringLiteral("CREATE INDEX post_likes_time ON post_likes(post_id, createtime, id)"),
        QStringLiteral("CREATE INDEX post_likes_recent ON post_likes(createtime)"),
        QStringLiteral("CREATE INDEX post_likes_user ON post_likes(uid, post_id)"),
        // vote: 1 = like (赞), -1 = oppose (踩); one row per user and comment, so they exclude
        // each other by construction.
        QStringLiteral("CREATE TABLE comment_votes(comment_id BIGINT NOT NULL, uid BIGINT NOT NULL,"
                       " vote INTEGER NOT NULL, createtime BIGINT NOT NULL,"
                       " PRIMARY KEY(comment_id, uid))"),
        QStringLiteral("CREATE INDEX comment_votes_user ON comment_votes(uid, comment_id)"),
        // day: days since the epoch in UTC+8
        QStringLiteral("CREATE TABLE views(post_id BIGINT NOT NULL, uid BIGINT NOT NULL,"
                       " day INTEGER NOT NULL, createtime BIGINT NOT NULL,"
                       " PRIMARY KEY(post_id, uid, day))"),
        QStringLiteral("CREATE INDEX views_time ON views(createtime)"),
        QStringLiteral("CREATE TABLE follows(follower BIGINT NOT NULL, followee BIGINT NOT NULL,"
                       " createtime BIGINT NOT NULL, PRIMARY KEY(follower, followee))"),
        QStringLiteral("CREATE INDEX follows_followee ON follows(followee, follower)"),
        // type: post | comment | like | follow
        QStringLiteral("CREATE TABLE activity(id %PK%, type TEXT NOT NULL, actor BIGINT NOT NULL,"
                       " post_id BIGINT, comment_id BIGINT, target_uid BIGINT,"
                       " createtime BIGINT NOT NULL)"),
        QStringLiteral("CREATE INDEX activity_actor ON activity(actor, createtime, id)"),
        QStringLiteral("CREATE TABLE media(name TEXT PRIMARY KEY, mime TEXT NOT NULL,"
                       " size BIGINT NOT NULL, uploader BIGINT, createtime BIGINT NOT NULL)"),
        QStringLiteral("CREATE TABLE reports(id %PK%, target_type TEXT NOT NULL,"
                       " target_id BIGINT NOT NULL, reason TEXT NOT NULL,"
                       " note TEXT NOT NULL DEFAULT '', reporter BIGINT NOT NULL,"
                       " createtime BIGINT NOT NULL, UNIQUE(reporter, target_type, target_id))"),
        QStringLiteral("CREATE INDEX reports_target ON reports(target_type, target_id)"),
        // one item per target; auto_word set when the word list flagged it
        QStringLiteral("CREATE TABLE mod_items(id %PK%, target_type TEXT NOT NULL,"
                       " target_id BIGINT NOT NULL, auto_word TEXT,"
                       " status TEXT NOT NULL DEFAULT 'open', createtime BIGINT NOT NULL,"
                       " UNIQUE(target_type, target_id))"),
        QStringLiteral("CREATE INDEX mod_items_status ON mod_items(status, createtime, id)"),
        QStringLiteral(
            "CREATE TABLE mod_log(id %PK%, moderator BIGINT NOT NULL, action TEXT NOT NULL,"
            " target_type TEXT NOT NULL, target_id BIGINT NOT NULL,"
            " reason TEXT NOT NULL DEFAULT '', createtime BIGINT NOT NULL)"),
        QStringLiteral("CREATE INDEX mod_log_time ON mod_log(createtime, id)"),
        // raw: the lower-cased model string the client reported
        QStringLiteral("CREATE TABLE devices(raw TEXT PRIMARY KEY, display TEXT NOT NULL)"),
        // the /sync change log; op is upsert or remove, rendered per caller at read time
        QStringLiteral("CREATE TABLE changes(seq %PK%, kind TEXT NOT NULL, obj_id BIGINT NOT NULL,"
                       " op TEXT NOT NULL, createtime BIGINT NOT NULL)"),
        QStringLiteral("CREATE INDEX changes_time ON changes(createtime)"),
        QStringLiteral("CREATE TABLE idempotency(uid BIGINT NOT NULL, ikey TEXT NOT NULL,"
                       " fingerprint TEXT NOT NULL, status INTEGER NOT NULL, body TEXT NOT NULL,"
                       " createtime BIGINT NOT NULL, PRIMARY KEY(uid, ikey))"),
        // daily activity bitmaps: bit (day-1) of month 'YYYY-MM' (UTC+8) set when the user made
        // an authenticated call that day
        QStringLiteral("CREATE TABLE user_days(uid BIGINT NOT NULL, month TEXT NOT NULL,"
                       " bits BIGINT NOT NULL, PRIMARY KEY(uid, month))"),
    };
}

// Version 2: server_meta, one row per key; 'instance' is the database's identity (a UUID
// made when the database is created; GET /health reports it).
inline QStringList schemaV2()
{
    return {
        QStringLiteral("CREATE TABLE server_meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)"),
    };
}

// Version 3 (issue 13): GET /activity?scope=all reads everyone's entries newest first.
inline QStringList schemaV3()
{
    return {
        QStringLiteral("CREATE INDEX activity_time ON activity(createtime, id)"),
    };
}

} // namespace threadline::server

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
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

// Version 3: GET /activity?scope=all reads everyone's entries newest first.
inline QStringList schemaV3()
{
    return {
        QStringLiteral("CREATE INDEX activity_time ON activity(createtime, id)"),
    };
}

// Version 4: the PostgreSQL write path without a global lock.
//
// - Every change-log row carries the id of the transaction that wrote it (txid, from
//   pg_current_xact_id(), the column's default). /sync on PostgreSQL reads in (txid, seq) order
//   and only rows of transactions below the oldest one still running (the xmin of its snapshot):
//   those have all ended, so no row can still appear before a position a reader has passed, and
//   writers need no lock to keep the log gap-free. Rows written before version 4 get txid 0
//   (all of them committed long ago; they come first, in seq order).
// - A like, an unlike and a comment vote are one function call (one statement, one round trip,
//   one transaction): visibility check, the set change, the activity row, the change row and the
//   computed counts.
// SQLite keeps its single-writer scheme (one process owns the file; seq order is commit order).
inline QStringList schemaV4(bool postgres)
{
    if (!postgres)
        return {};
    return {
        QStringLiteral("ALTER TABLE changes ADD COLUMN txid BIGINT NOT NULL DEFAULT 0"),
        QStringLiteral("ALTER TABLE changes ALTER COLUMN txid"
                       " SET DEFAULT (pg_current_xact_id()::text::bigint)"),
        QStringLiteral("CREATE INDEX changes_txid ON changes(txid, seq)"),
        // The count when the post is one the caller may see, else -1 (404). p_on: like (true)
        // or unlike. Only a real change writes activity and a change row.
        QStringLiteral(R"SQL(
CREATE OR REPLACE FUNCTION tl_post_like(p_post BIGINT, p_uid BIGINT, p_on BOOLEAN,
                                        p_now BIGINT, p_mod BOOLEAN) RETURNS BIGINT
LANGUAGE plpgsql AS $fn$
DECLARE
    n BIGINT;
BEGIN
    PERFORM 1 FROM posts WHERE id = p_post AND deleted = 0 AND (hidden = 0 OR p_mod);
    IF NOT FOUND THEN
        RETURN -1;
    END IF;
    IF p_on THEN
        INSERT INTO post_likes(post_id, uid, createtime) VALUES (p_post, p_uid, p_now)
            ON CONFLICT (post_id, uid) DO NOTHING;
        GET DIAGNOSTICS n = ROW_COUNT;
        IF n > 0 THEN
            INSERT INTO activity(type, actor, post_id, createtime)
                VALUES ('like', p_uid, p_post, p_now);
        END IF;
    ELSE
        DELETE FROM post_likes WHERE post_id = p_post AND uid = p_uid;
        GET DIAGNOSTICS n = ROW_COUNT;
        IF n > 0 THEN
            DELETE FROM activity WHERE type = 'like' AND actor = p_uid AND post_id = p_post;
        END IF;
    END IF;
    IF n > 0 THEN
        INSERT INTO changes(kind, obj_id, op, createtime) VALUES ('post', p_post, 'upsert', p_now);
    END IF;
    RETURN (SELECT COUNT(*) FROM post_likes WHERE post_id = p_post);
END
$fn$)SQL"),
        // A comment's like (p_vote 1) or oppose (-1) set (p_on) or cleared; likes -1 when the
        // comment is not one the caller may see (404). mine: the caller's vote after it.
        QStringLiteral(R"SQL(
CREATE OR REPLACE FUNCTION tl_comment_vote(p_comment BIGINT, p_uid BIGINT, p_vote INTEGER,
                                           p_on BOOLEAN, p_now BIGINT, p_mod BOOLEAN,
                                           OUT likes BIGINT, OUT opposes BIGINT, OUT mine INTEGER)
LANGUAGE plpgsql AS $fn$
DECLARE
    n BIGINT;
BEGIN
    PERFORM 1 FROM comments c JOIN posts p ON p.id = c.post_id
        WHERE c.id = p_comment AND c.deleted = 0 AND p.deleted = 0
          AND (p_mod OR (c.hidden = 0 AND c.floor_hidden = 0 AND p.hidden = 0));
    IF NOT FOUND THEN
        likes := -1;
        opposes := -1;
        mine := 0;
        RETURN;
    END IF;
    IF p_on THEN
        INSERT INTO comment_votes(comment_id, uid, vote, createtime)
            VALUES (p_comment, p_uid, p_vote, p_now)
            ON CONFLICT (comment_id, uid) DO UPDATE
                SET vote = excluded.vote, createtime = excluded.createtime
                WHERE comment_votes.vote <> excluded.vote;
    ELSE
        DELETE FROM comment_votes WHERE comment_id = p_comment AND uid = p_uid AND vote = p_vote;
    END IF;
    GET DIAGNOSTICS n = ROW_COUNT;
    IF n > 0 THEN
        INSERT INTO changes(kind, obj_id, op, createtime)
            VALUES ('comment', p_comment, 'upsert', p_now);
    END IF;
    SELECT COALESCE(SUM(CASE WHEN vote = 1 THEN 1 ELSE 0 END), 0),
           COALESCE(SUM(CASE WHEN vote = -1 THEN 1 ELSE 0 END), 0),
           COALESCE(SUM(CASE WHEN uid = p_uid THEN vote ELSE 0 END), 0)
        INTO likes, opposes, mine
        FROM comment_votes WHERE comment_id = p_comment;
END
$fn$)SQL"),
    };
}

// Version 5: an unlike deletes its activity row by (actor, post_id) among likes. With
// only activity_actor that is a scan of all the actor's entries, and under sustained like/unlike
// churn on PostgreSQL the dead ones too until a vacuum (5,600 entries, 1.3 ms for one unlike after
// a bench run); this partial index goes straight to the pair (and its index scans mark dead
// entries as such).
inline QStringList schemaV5()
{
    return {
        QStringLiteral(
            "CREATE INDEX activity_likes ON activity(actor, post_id) WHERE type = 'like'"),
    };
}

// Version 6: the read cache (readcache.h) counts the device log's entries before
// every cached read (a device's new display name is in every post; device changes write no
// change rows): an index-only count of the few `device` entries, not a scan of the whole log.
// And the likes that arrive together at one server process written in one statement and one
// commit (workers.h): tl_post_like for each, in (post, user) order so that two batches lock
// what they share in the same order (arrival order kept for the same pair); one row (i, count)
// per like, i its 1-based place in the arrays.
inline QStringList schemaV6(bool postgres)
{
    // post_likes_user (uid, post_id) answered nothing the unique (post_id, uid) does not (a
    // caller's likes among a page's posts), and every like and unlike maintained it.
    QStringList steps{QStringLiteral("CREATE INDEX mod_log_action ON mod_log(action, id)"),
                      QStringLiteral("DROP INDEX post_likes_user")};
    if (postgres)
        steps << QStringLiteral(R"SQL(
CREATE OR REPLACE FUNCTION tl_post_likes(p_posts BIGINT[], p_uids BIGINT[], p_ons BOOLEAN[],
                                         p_now BIGINT, p_mods BOOLEAN[])
RETURNS TABLE(i INTEGER, n BIGINT)
LANGUAGE plpgsql AS $fn$
DECLARE
    k BIGINT;
BEGIN
    FOR k IN SELECT t.o FROM unnest(p_posts, p_uids) WITH ORDINALITY AS t(post, uid, o)
             ORDER BY t.post, t.uid, t.o LOOP
        i := k;
        n := tl_post_like(p_posts[k], p_uids[k], p_ons[k], p_now, p_mods[k]);
        RETURN NEXT;
    END LOOP;
END
$fn$)SQL");
    return steps;
}

// Newest first (GET /posts/{id}/comments?order=newest): each post's newest 5,000 floors in a
// bounded table, the "hot" list a hot post's newest comments are served from (docs/api.md,
// "Newest comments first"). A trigger keeps it at write time, in the inserting transaction:
// a new floor goes in, and the floors 5,000 or more below it go out — so hot_floors holds every
// floor of a post above (its highest floor − 5,000) and nothing else (deleted and hidden floors
// stay in it; readers filter them as they filter the table). Older floors are read from
// comments. The table is filled for the comments already there.
inline constexpr int kHotFloors = 5000;
inline QStringList schemaHotFloors(bool postgres)
{
    QStringList steps{
        QStringLiteral("CREATE TABLE hot_floors(post_id BIGINT NOT NULL, floor BIGINT NOT NULL,"
                       " comment_id BIGINT NOT NULL, PRIMARY KEY(post_id, floor))"),
        QStringLiteral("INSERT INTO hot_floors(post_id, floor, comment_id)"
                       " SELECT c.post_id, c.floor, MIN(c.id) FROM comments c"
                       " JOIN (SELECT post_id, MAX(floor) AS top FROM comments WHERE root_id = 0"
                       " GROUP BY post_id) m ON m.post_id = c.post_id"
                       " WHERE c.root_id = 0 AND c.floor > m.top - %1"
                       " GROUP BY c.post_id, c.floor")
            .arg(kHotFloors)};
    if (postgres) {
        steps << QStringLiteral(R"SQL(
CREATE OR REPLACE FUNCTION tl_hot_floor() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
    INSERT INTO hot_floors(post_id, floor, comment_id) VALUES (NEW.post_id, NEW.floor, NEW.id)
        ON CONFLICT DO NOTHING;
    DELETE FROM hot_floors WHERE post_id = NEW.post_id AND floor <= NEW.floor - %1;
    RETURN NULL;
END
$fn$)SQL")
                     .arg(kHotFloors)
              << QStringLiteral("CREATE TRIGGER comments_hot_floor AFTER INSERT ON comments"
                                " FOR EACH ROW WHEN (NEW.root_id = 0)"
                                " EXECUTE FUNCTION tl_hot_floor()");
    } else {
        steps << QStringLiteral("CREATE TRIGGER comments_hot_floor AFTER INSERT ON comments"
                                " WHEN NEW.root_id = 0 BEGIN"
                                " INSERT OR IGNORE INTO hot_floors(post_id, floor, comment_id)"
                                " VALUES (NEW.post_id, NEW.floor, NEW.id);"
                                " DELETE FROM hot_floors WHERE post_id = NEW.post_id"
                                " AND floor <= NEW.floor - %1; END")
                     .arg(kHotFloors);
    }
    return steps;
}

// Login statistics at scale: one compressed (roaring) bitmap per day of who made an
// authenticated call (UTC+8 day number since 1970-01-01; bit = uid), so a day's figures cost the
// size of a few bitmaps, not a read of every user's row. Writers never rewrite a bitmap: a user's
// first call of the day appends a row to login_marks; a reader folds a day's marks into its
// bitmap under the bitmap row's lock (DELETE … RETURNING claims exactly the marks it folds, so
// several processes on one PostgreSQL never lose a mark). `members` is the bitmap's
// cardinality (of bits and recent together) and `version` grows with every fold (processes cache
// bitmaps by it). A fold writes only `recent`, the day's newcomers not yet in `bits` (small);
// once it grows past 256 KiB it is merged into `bits` and `base_version` grows, so the big blob
// is rewritten seldom. The counters come before the blobs, so that SQLite reads them without
// walking the blobs' overflow pages.
// user_totals counts the users (kept by triggers) so "inactive" needs no COUNT(*) over users;
// users(created, id) answers "new this week". The existing user_days months are folded in.
inline QStringList schemaLoginDays(bool postgres)
{
    QStringList steps{
        QStringLiteral("CREATE TABLE login_days(day INTEGER PRIMARY KEY,"
                       " members BIGINT NOT NULL DEFAULT 0, version BIGINT NOT NULL DEFAULT 0,"
                       " base_version BIGINT NOT NULL DEFAULT 0, recent %1, bits %1 NOT NULL)")
            .arg(postgres ? QStringLiteral("BYTEA") : QStringLiteral("BLOB")),
        QStringLiteral("CREATE TABLE login_marks(day INTEGER NOT NULL, uid BIGINT NOT NULL,"
                       " PRIMARY KEY(day, uid))"),
        QStringLiteral("CREATE TABLE user_totals(id INTEGER PRIMARY KEY, users BIGINT NOT NULL)"),
        QStringLiteral("INSERT INTO user_totals(id, users) SELECT 1, COUNT(*) FROM users"),
        QStringLiteral("CREATE INDEX users_created ON users(created, id)"),
    };
    if (postgres) {
        // A day's bitmap is dense random bits: not worth pglz's time on every merge.
        steps << QStringLiteral("ALTER TABLE login_days ALTER COLUMN bits SET STORAGE EXTERNAL")
              << QStringLiteral("ALTER TABLE login_days ALTER COLUMN recent SET STORAGE EXTERNAL");
        steps << QStringLiteral(R"SQL(
CREATE OR REPLACE FUNCTION tl_count_users() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
    IF TG_OP = 'INSERT' THEN
        UPDATE user_totals SET users = users + (SELECT COUNT(*) FROM new_rows) WHERE id = 1;
    ELSE
        UPDATE user_totals SET users = users - (SELECT COUNT(*) FROM old_rows) WHERE id = 1;
    END IF;
    RETURN NULL;
END
$fn$)SQL")
              << QStringLiteral("CREATE TRIGGER users_counted_in AFTER INSERT ON users"
                                " REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT"
                                " EXECUTE FUNCTION tl_count_users()")
              << QStringLiteral("CREATE TRIGGER users_counted_out AFTER DELETE ON users"
                                " REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT"
                                " EXECUTE FUNCTION tl_count_users()")
              << QStringLiteral(
                     "INSERT INTO login_marks(day, uid)"
                     " SELECT (to_date(u.month || '-01', 'YYYY-MM-DD') - DATE '1970-01-01')"
                     " + d.n - 1, u.uid FROM user_days u CROSS JOIN generate_series(1, 31) AS d(n)"
                     " WHERE (u.bits >> (d.n - 1)) & 1 = 1 ON CONFLICT DO NOTHING");
    } else {
        steps << QStringLiteral("CREATE TRIGGER users_counted_in AFTER INSERT ON users BEGIN"
                                " UPDATE user_totals SET users = users + 1 WHERE id = 1; END")
              << QStringLiteral("CREATE TRIGGER users_counted_out AFTER DELETE ON users BEGIN"
                                " UPDATE user_totals SET users = users - 1 WHERE id = 1; END")
              << QStringLiteral(
                     "WITH RECURSIVE d(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM d WHERE n < 31)"
                     " INSERT OR IGNORE INTO login_marks(day, uid)"
                     " SELECT CAST(julianday(u.month || '-01') - 2440587.5 AS INTEGER) + d.n - 1,"
                     " u.uid FROM user_days u, d WHERE (u.bits >> (d.n - 1)) & 1 = 1");
    }
    return steps;
}

// Rankings (docs/api.md, "Points and rankings"): a daily and a weekly board of people by points,
// kept at write time so that reading one never scans all users.
//
// - Every change that earns or takes back points is recorded by a trigger as one row of
//   rank_events (the UTC+8 day it counts on, whose points, and +1/-1 of posts, comments or likes
//   received): a post or comment that becomes readable (created, unhidden) or stops being
//   readable (deleted, hidden), a like given to someone else's post or taken back. The writers
//   only append: no row is shared between writers, so nothing waits and nothing deadlocks.
// - The events are folded into the boards by one writer at a time (RankBoard, before a board is
//   read): rank_days holds each person's counts and points of a day; rank_weeks holds, for the
//   7-day window ending on each day, the sum of that person's daily points (a change on day D is
//   added to the windows ending on D … D+6); rank_hist counts the people on each board
//   (0 day, 1 week) with each number of points, so "my rank" is one plus a sum over at most a
//   few hundred histogram rows, never a count over a million people.
// - (day, points DESC, uid) indexes answer the top 10 as an index range.
inline QStringList schemaRankings(bool postgres)
{
    QStringList steps{
        QStringLiteral("CREATE TABLE rank_events(id %PK%, day BIGINT NOT NULL, uid BIGINT NOT NULL,"
                       " posts INTEGER NOT NULL, comments INTEGER NOT NULL,"
                       " likes INTEGER NOT NULL)"),
        QStringLiteral("CREATE TABLE rank_days(day BIGINT NOT NULL, uid BIGINT NOT NULL,"
                       " posts INTEGER NOT NULL, comments INTEGER NOT NULL,"
                       " likes INTEGER NOT NULL, points INTEGER NOT NULL,"
                       " PRIMARY KEY(day, uid))"),
        QStringLiteral("CREATE INDEX rank_days_board ON rank_days(day, points DESC, uid)"),
        QStringLiteral("CREATE TABLE rank_weeks(day BIGINT NOT NULL, uid BIGINT NOT NULL,"
                       " points INTEGER NOT NULL, PRIMARY KEY(day, uid))"),
        QStringLiteral("CREATE INDEX rank_weeks_board ON rank_weeks(day, points DESC, uid)"),
        QStringLiteral("CREATE TABLE rank_hist(board INTEGER NOT NULL, day BIGINT NOT NULL,"
                       " points INTEGER NOT NULL, people BIGINT NOT NULL,"
                       " PRIMARY KEY(board, day, points))"),
    };
    if (postgres) {
        steps << QStringLiteral(R"SQL(
CREATE OR REPLACE FUNCTION tl_rank_event() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
    was BOOLEAN := false;
    now_seen BOOLEAN;
BEGIN
    IF TG_TABLE_NAME = 'post_likes' THEN
        IF TG_OP = 'INSERT' THEN
            INSERT INTO rank_events(day, uid, posts, comments, likes)
                SELECT (NEW.createtime + 28800000) / 86400000, p.author, 0, 0, 1
                FROM posts p WHERE p.id = NEW.post_id AND p.author <> NEW.uid;
        ELSE
            INSERT INTO rank_events(day, uid, posts, comments, likes)
                SELECT (OLD.createtime + 28800000) / 86400000, p.author, 0, 0, -1
                FROM posts p WHERE p.id = OLD.post_id AND p.author <> OLD.uid;
        END IF;
    ELSIF TG_TABLE_NAME = 'posts' THEN
        now_seen := NEW.deleted = 0 AND NEW.hidden = 0;
        IF TG_OP = 'UPDATE' THEN
            was := OLD.deleted = 0 AND OLD.hidden = 0;
        END IF;
        IF was <> now_seen THEN
            INSERT INTO rank_events(day, uid, posts, comments, likes)
                VALUES ((NEW.createtime + 28800000) / 86400000, NEW.author,
                        CASE WHEN now_seen THEN 1 ELSE -1 END, 0, 0);
        END IF;
    ELSE
        now_seen := NEW.deleted = 0 AND NEW.hidden = 0 AND NEW.floor_hidden = 0;
        IF TG_OP = 'UPDATE' THEN
            was := OLD.deleted = 0 AND OLD.hidden = 0 AND OLD.floor_hidden = 0;
        END IF;
        IF was <> now_seen THEN
            INSERT INTO rank_events(day, uid, posts, comments, likes)
                VALUES ((NEW.createtime + 28800000) / 86400000, NEW.author, 0,
                        CASE WHEN now_seen THEN 1 ELSE -1 END, 0);
        END IF;
    END IF;
    RETURN NULL;
END
$fn$)SQL")
              << QStringLiteral(
                     "CREATE TRIGGER rank_posts AFTER INSERT OR UPDATE OF deleted, hidden"
                     " ON posts FOR EACH ROW EXECUTE FUNCTION tl_rank_event()")
              << QStringLiteral("CREATE TRIGGER rank_comments AFTER INSERT OR UPDATE OF deleted,"
                                " hidden, floor_hidden ON comments"
                                " FOR EACH ROW EXECUTE FUNCTION tl_rank_event()")
              << QStringLiteral("CREATE TRIGGER rank_likes AFTER INSERT OR DELETE ON post_likes"
                                " FOR EACH ROW EXECUTE FUNCTION tl_rank_event()");
        return steps;
    }
    steps
        << QStringLiteral(
               "CREATE TRIGGER rank_post_new AFTER INSERT ON posts"
               " WHEN NEW.deleted = 0 AND NEW.hidden = 0 BEGIN"
               " INSERT INTO rank_events(day, uid, posts, comments, likes)"
               " VALUES((NEW.createtime + 28800000) / 86400000, NEW.author, 1, 0, 0); END")
        << QStringLiteral(
               "CREATE TRIGGER rank_post_seen AFTER UPDATE OF deleted, hidden ON posts"
               " WHEN (OLD.deleted = 0 AND OLD.hidden = 0) <> (NEW.deleted = 0 AND NEW.hidden = 0)"
               " BEGIN INSERT INTO rank_events(day, uid, posts, comments, likes)"
               " VALUES((NEW.createtime + 28800000) / 86400000, NEW.author,"
               " CASE WHEN NEW.deleted = 0 AND NEW.hidden = 0 THEN 1 ELSE -1 END, 0, 0); END")
        << QStringLiteral(
               "CREATE TRIGGER rank_comment_new AFTER INSERT ON comments"
               " WHEN NEW.deleted = 0 AND NEW.hidden = 0 AND NEW.floor_hidden = 0 BEGIN"
               " INSERT INTO rank_events(day, uid, posts, comments, likes)"
               " VALUES((NEW.createtime + 28800000) / 86400000, NEW.author, 0, 1, 0); END")
        << QStringLiteral(
               "CREATE TRIGGER rank_comment_seen AFTER UPDATE OF deleted, hidden, floor_hidden"
               " ON comments WHEN (OLD.deleted = 0 AND OLD.hidden = 0 AND OLD.floor_hidden = 0)"
               " <> (NEW.deleted = 0 AND NEW.hidden = 0 AND NEW.floor_hidden = 0)"
               " BEGIN INSERT INTO rank_events(day, uid, posts, comments, likes)"
               " VALUES((NEW.createtime + 28800000) / 86400000, NEW.author, 0,"
               " CASE WHEN NEW.deleted = 0 AND NEW.hidden = 0 AND NEW.floor_hidden = 0"
               " THEN 1 ELSE -1 END, 0); END")
        << QStringLiteral("CREATE TRIGGER rank_like_new AFTER INSERT ON post_likes BEGIN"
                          " INSERT INTO rank_events(day, uid, posts, comments, likes)"
                          " SELECT (NEW.createtime + 28800000) / 86400000, p.author, 0, 0, 1"
                          " FROM posts p WHERE p.id = NEW.post_id AND p.author <> NEW.uid; END")
        << QStringLiteral("CREATE TRIGGER rank_like_gone AFTER DELETE ON post_likes BEGIN"
                          " INSERT INTO rank_events(day, uid, posts, comments, likes)"
                          " SELECT (OLD.createtime + 28800000) / 86400000, p.author, 0, 0, -1"
                          " FROM posts p WHERE p.id = OLD.post_id AND p.author <> OLD.uid; END");
    return steps;
}

// Activity by type and channel (docs/api.md): GET /activity?type=… of everyone reads one or a
// few types newest first. A comment that answers another is recorded as `reply` from now on.
inline QStringList schemaActivityTypes()
{
    return {
        QStringLiteral("CREATE INDEX activity_type_time ON activity(type, createtime, id)"),
    };
}

// Topics that people follow (docs/api.md): the posts that mark each topic (by its case-folded
// key, newest first), who follows which topic, and the topic of an activity item
// ("A posted in #topic").
inline QStringList schemaTopics()
{
    return {
        QStringLiteral("CREATE TABLE topic_posts(topic TEXT NOT NULL, post_id BIGINT NOT NULL,"
                       " createtime BIGINT NOT NULL, PRIMARY KEY(topic, post_id))"),
        QStringLiteral("CREATE INDEX topic_posts_time ON topic_posts(topic, createtime, post_id)"),
        QStringLiteral("CREATE INDEX topic_posts_post ON topic_posts(post_id)"),
        QStringLiteral("CREATE TABLE topic_follows(uid BIGINT NOT NULL, topic TEXT NOT NULL,"
                       " createtime BIGINT NOT NULL, PRIMARY KEY(uid, topic))"),
        QStringLiteral("CREATE INDEX topic_follows_topic ON topic_follows(topic, uid)"),
        QStringLiteral("ALTER TABLE activity ADD COLUMN topic TEXT"),
    };
}

// Version 7, people's lists and boards: the posts a user liked, newest like first (GET /me/likes
// reads post_likes by (uid, createtime, id): the like log's per-user index of the original
// spec); a person's followers and the people they follow, newest follow first (GET
// /users/{id}/followers and /following). Messages on a person's board (留言): `board` is the
// person whose board it is, hidden and deleted as comments are; their likes a set per user;
// an activity row of type 'message' names the message (activity.message_id) and the board's
// owner (target_uid).
inline QStringList schemaPeople()
{
    return {
        QStringLiteral("CREATE TABLE messages(id %PK%, board BIGINT NOT NULL,"
                       " author BIGINT NOT NULL, content TEXT NOT NULL,"
                       " createtime BIGINT NOT NULL, hidden INTEGER NOT NULL DEFAULT 0,"
                       " deleted INTEGER NOT NULL DEFAULT 0, mod_by BIGINT, mod_reason TEXT,"
                       " mod_time BIGINT)"),
        QStringLiteral("CREATE INDEX messages_board ON messages(board, createtime, id)"),
        QStringLiteral("CREATE TABLE message_likes(message_id BIGINT NOT NULL,"
                       " uid BIGINT NOT NULL, createtime BIGINT NOT NULL,"
                       " PRIMARY KEY(message_id, uid))"),
        QStringLiteral("ALTER TABLE activity ADD COLUMN message_id BIGINT"),
        QStringLiteral("CREATE INDEX post_likes_by_user ON post_likes(uid, createtime, id)"),
        QStringLiteral(
            "CREATE INDEX follows_followee_time ON follows(followee, createtime, follower)"),
        QStringLiteral(
            "CREATE INDEX follows_follower_time ON follows(follower, createtime, followee)"),
    };
}

// Recently viewed (docs/api.md "Recently viewed follows the account"): one row per user and post,
// the latest view's time; POST /posts/{id}/views upserts it and keeps a user's newest 60 (and
// none older than 30 days). The index answers a user's page newest first.
inline QStringList schemaRecentViews()
{
    return {
        QStringLiteral("CREATE TABLE recent_views(uid BIGINT NOT NULL, post_id BIGINT NOT NULL,"
                       " viewed_at BIGINT NOT NULL, PRIMARY KEY(uid, post_id))"),
        QStringLiteral("CREATE INDEX recent_views_uid_time ON recent_views(uid, viewed_at)"),
    };
}

// The push stream (docs/api.md "The push stream"): on PostgreSQL every statement that writes
// change-log rows NOTIFYs `threadline_changes` (payload: the highest seq it wrote) in its own
// transaction, so every server process on the database — the writer's included — hears of a
// commit that wrote records, whoever wrote them (the router, a like's function, a batch of likes).
// The notification is delivered at commit and never for a rollback; it carries no data the
// listeners need: they read the log from their cursors. SQLite: one process, told in-process.
inline QStringList schemaChangesNotify(bool postgres)
{
    if (!postgres)
        return {};
    return {
        QStringLiteral(R"SQL(
CREATE OR REPLACE FUNCTION tl_changes_notify() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
    PERFORM pg_notify('threadline_changes', (SELECT MAX(seq) FROM new_rows)::text);
    RETURN NULL;
END
$fn$)SQL"),
        QStringLiteral("CREATE TRIGGER changes_notify AFTER INSERT ON changes"
                       " REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT"
                       " EXECUTE FUNCTION tl_changes_notify()"),
    };
}

// Notifications (docs/api.md "Notifications"): what others did to a user or their content, one
// row per notification (`uid` the recipient), written in the transaction of the action.
// - notification_actors: who did it (one row per person; a grouped like has one per liker; a
//   moderation notification none). An actor's time is strictly increasing within a notification
//   (at least 1 ms after the one before), so "newest first" never ties.
// - notifications_like_group: at most one unread `like` notification per recipient and target,
//   so that the likes of one target group into it (an upsert on this index) even when two
//   processes write at once; once it is read it leaves the index and the next like starts anew.
// - notifications_list / notifications_unread: a user's page, newest first (all, or the unread
//   ones; the unread count reads the partial index).
// - post_id, comment_id, message_id and (target_type, target_id): what is withdrawn with
//   deleted or hidden content.
// - changes.uid: the recipient of a `notification` change record, so that /sync renders it to
//   its owner only, and renders a `remove` (the row is gone) to nobody else.
// On PostgreSQL the like and comment-vote functions (v4) create the like notification
// themselves (tl_notify_like), as they are one statement of their own; tl_summary is the
// summary's rule (notifications.cpp has the same for the other kinds and SQLite).
inline constexpr int kNotificationsKept = 500;
inline QStringList schemaNotifications(bool postgres)
{
    QStringList steps{
        QStringLiteral(
            "CREATE TABLE notifications(id %PK%, uid BIGINT NOT NULL, kind TEXT NOT NULL,"
            " post_id BIGINT, comment_id BIGINT, parent_id BIGINT, message_id BIGINT,"
            " target_type TEXT, target_id BIGINT, summary TEXT, action TEXT, reason TEXT,"
            " createtime BIGINT NOT NULL, is_read INTEGER NOT NULL DEFAULT 0,"
            " actor_count BIGINT NOT NULL DEFAULT 0)"),
        QStringLiteral(
            "CREATE INDEX notifications_list ON notifications(uid, createtime DESC, id DESC)"),
        QStringLiteral("CREATE INDEX notifications_unread ON notifications(uid, createtime DESC,"
                       " id DESC) WHERE is_read = 0"),
        QStringLiteral("CREATE UNIQUE INDEX notifications_like_group ON notifications(uid,"
                       " target_type, target_id) WHERE kind = 'like' AND is_read = 0"),
        QStringLiteral("CREATE INDEX notifications_post ON notifications(post_id)"),
        QStringLiteral("CREATE INDEX notifications_comment ON notifications(comment_id)"),
        QStringLiteral("CREATE INDEX notifications_message ON notifications(message_id)"),
        QStringLiteral(
            "CREATE INDEX notifications_target ON notifications(target_type, target_id)"),
        QStringLiteral("CREATE TABLE notification_actors(notification_id BIGINT NOT NULL,"
                       " actor_uid BIGINT NOT NULL, createtime BIGINT NOT NULL,"
                       " PRIMARY KEY(notification_id, actor_uid))"),
        QStringLiteral("CREATE INDEX notification_actors_time ON notification_actors("
                       "notification_id, createtime, actor_uid)"),
        QStringLiteral("ALTER TABLE changes ADD COLUMN uid BIGINT"),
    };
    if (!postgres)
        return steps;
    steps << QStringLiteral(R"SQL(
CREATE OR REPLACE FUNCTION tl_summary(p_text TEXT) RETURNS TEXT
LANGUAGE sql IMMUTABLE AS $fn$
    SELECT NULLIF(left(btrim(regexp_replace(COALESCE(p_text, ''), '[ \t\n\r\f\v]+', ' ', 'g'),
                             ' '), 80), '')
$fn$)SQL")
          // The user's newest kNotificationsKept are kept; the rest go, each with a remove record.
          // A row another transaction holds (a like grouping into it, a read) is left for the
          // next cap rather than waited for: waiting would order this user's rows against the
          // other writer's and could deadlock.
          << QStringLiteral(R"SQL(
CREATE OR REPLACE FUNCTION tl_notify_cap(p_uid BIGINT, p_now BIGINT) RETURNS void
LANGUAGE plpgsql AS $fn$
DECLARE
    t BIGINT;
    i BIGINT;
    gone BIGINT[];
BEGIN
    SELECT createtime, id INTO t, i FROM notifications WHERE uid = p_uid
        ORDER BY createtime DESC, id DESC LIMIT 1 OFFSET %1;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    WITH d AS (DELETE FROM notifications WHERE id IN (SELECT id FROM notifications
                   WHERE uid = p_uid AND (createtime < t OR (createtime = t AND id < i))
                   FOR UPDATE SKIP LOCKED) RETURNING id)
        SELECT array_agg(id) INTO gone FROM d;
    IF gone IS NULL THEN
        RETURN;
    END IF;
    DELETE FROM notification_actors WHERE notification_id = ANY(gone);
    INSERT INTO changes(kind, obj_id, op, createtime, uid)
        SELECT 'notification', g, 'remove', p_now, p_uid FROM unnest(gone) AS g;
END
$fn$)SQL")
                 .arg(kNotificationsKept - 1)
          // A like of p_owner's post, comment or message by p_actor: grouped into the unread
          // notification of that target (taken with FOR UPDATE: a read or another liker waits
          // for this one), or a new one; a person counts once. When the unread one was read or
          // withdrawn between the insert that met it and the lock, the insert is tried again.
          << QStringLiteral(R"SQL(
CREATE OR REPLACE FUNCTION tl_notify_like(p_owner BIGINT, p_actor BIGINT, p_type TEXT,
                                          p_target BIGINT, p_post BIGINT, p_text TEXT,
                                          p_now BIGINT) RETURNS void
LANGUAGE plpgsql AS $fn$
DECLARE
    nid BIGINT;
    cnt BIGINT := 0;
    t BIGINT;
    n BIGINT;
    attempt INTEGER := 0;
BEGIN
    IF p_owner IS NULL OR p_owner = p_actor THEN
        RETURN;
    END IF;
    LOOP
        attempt := attempt + 1;
        cnt := 0;
        INSERT INTO notifications(uid, kind, post_id, target_type, target_id, summary,
                                  createtime, is_read, actor_count)
            VALUES (p_owner, 'like', p_post, p_type, p_target, tl_summary(p_text), p_now, 0, 0)
            ON CONFLICT (uid, target_type, target_id) WHERE kind = 'like' AND is_read = 0
            DO NOTHING
            RETURNING id, createtime INTO nid, t;
        EXIT WHEN FOUND;
        SELECT id, actor_count, GREATEST(p_now, createtime + 1) INTO nid, cnt, t
            FROM notifications
            WHERE uid = p_owner AND target_type = p_type AND target_id = p_target
              AND kind = 'like' AND is_read = 0
            FOR UPDATE;
        EXIT WHEN FOUND;
        IF attempt >= 3 THEN
            RETURN; -- read and liked again, three times over in these microseconds: give up
        END IF;
    END LOOP;
    INSERT INTO notification_actors(notification_id, actor_uid, createtime)
        VALUES (nid, p_actor, t) ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS n = ROW_COUNT;
    IF n = 0 THEN
        RETURN;
    END IF;
    UPDATE notifications SET actor_count = actor_count + 1, createtime = t WHERE id = nid;
    INSERT INTO changes(kind, obj_id, op, createtime, uid)
        VALUES ('notification', nid, 'upsert', p_now, p_owner);
    IF cnt = 0 THEN
        PERFORM tl_notify_cap(p_owner, p_now);
    END IF;
END
$fn$)SQL")
          // tl_post_like (v4) again, with the like's notification.
          << QStringLiteral(R"SQL(
CREATE OR REPLACE FUNCTION tl_post_like(p_post BIGINT, p_uid BIGINT, p_on BOOLEAN,
                                        p_now BIGINT, p_mod BOOLEAN) RETURNS BIGINT
LANGUAGE plpgsql AS $fn$
DECLARE
    n BIGINT;
    v_owner BIGINT;
    v_text TEXT;
    v_hidden INTEGER;
BEGIN
    SELECT author, content, hidden INTO v_owner, v_text, v_hidden FROM posts
        WHERE id = p_post AND deleted = 0 AND (hidden = 0 OR p_mod);
    IF NOT FOUND THEN
        RETURN -1;
    END IF;
    IF p_on THEN
        INSERT INTO post_likes(post_id, uid, createtime) VALUES (p_post, p_uid, p_now)
            ON CONFLICT (post_id, uid) DO NOTHING;
        GET DIAGNOSTICS n = ROW_COUNT;
        IF n > 0 THEN
            INSERT INTO activity(type, actor, post_id, createtime)
                VALUES ('like', p_uid, p_post, p_now);
            IF v_hidden = 0 THEN
                PERFORM tl_notify_like(v_owner, p_uid, 'post', p_post, p_post, v_text, p_now);
            END IF;
        END IF;
    ELSE
        DELETE FROM post_likes WHERE post_id = p_post AND uid = p_uid;
        GET DIAGNOSTICS n = ROW_COUNT;
        IF n > 0 THEN
            DELETE FROM activity WHERE type = 'like' AND actor = p_uid AND post_id = p_post;
        END IF;
    END IF;
    IF n > 0 THEN
        INSERT INTO changes(kind, obj_id, op, createtime) VALUES ('post', p_post, 'upsert', p_now);
    END IF;
    RETURN (SELECT COUNT(*) FROM post_likes WHERE post_id = p_post);
END
$fn$)SQL")
          // tl_comment_vote (v4) again, with a like's notification.
          << QStringLiteral(R"SQL(
CREATE OR REPLACE FUNCTION tl_comment_vote(p_comment BIGINT, p_uid BIGINT, p_vote INTEGER,
                                           p_on BOOLEAN, p_now BIGINT, p_mod BOOLEAN,
                                           OUT likes BIGINT, OUT opposes BIGINT, OUT mine INTEGER)
LANGUAGE plpgsql AS $fn$
DECLARE
    n BIGINT;
    v_owner BIGINT;
    v_text TEXT;
    v_post BIGINT;
    v_seen BOOLEAN;
BEGIN
    SELECT c.author, c.content, c.post_id,
           c.hidden = 0 AND c.floor_hidden = 0 AND p.hidden = 0
        INTO v_owner, v_text, v_post, v_seen
        FROM comments c JOIN posts p ON p.id = c.post_id
        WHERE c.id = p_comment AND c.deleted = 0 AND p.deleted = 0
          AND (p_mod OR (c.hidden = 0 AND c.floor_hidden = 0 AND p.hidden = 0));
    IF NOT FOUND THEN
        likes := -1;
        opposes := -1;
        mine := 0;
        RETURN;
    END IF;
    IF p_on THEN
        INSERT INTO comment_votes(comment_id, uid, vote, createtime)
            VALUES (p_comment, p_uid, p_vote, p_now)
            ON CONFLICT (comment_id, uid) DO UPDATE
                SET vote = excluded.vote, createtime = excluded.createtime
                WHERE comment_votes.vote <> excluded.vote;
    ELSE
        DELETE FROM comment_votes WHERE comment_id = p_comment AND uid = p_uid AND vote = p_vote;
    END IF;
    GET DIAGNOSTICS n = ROW_COUNT;
    IF n > 0 THEN
        INSERT INTO changes(kind, obj_id, op, createtime)
            VALUES ('comment', p_comment, 'upsert', p_now);
        IF p_on AND p_vote = 1 AND v_seen THEN
            PERFORM tl_notify_like(v_owner, p_uid, 'comment', p_comment, v_post, v_text, p_now);
        END IF;
    END IF;
    SELECT COALESCE(SUM(CASE WHEN vote = 1 THEN 1 ELSE 0 END), 0),
           COALESCE(SUM(CASE WHEN vote = -1 THEN 1 ELSE 0 END), 0),
           COALESCE(SUM(CASE WHEN uid = p_uid THEN vote ELSE 0 END), 0)
        INTO likes, opposes, mine
        FROM comment_votes WHERE comment_id = p_comment;
END
$fn$)SQL");
    return steps;
}

// Search (docs/api.md "Search"): any substring of a post's or a comment's content, so that
// Chinese text, written without spaces, is found by any 3 or more of its characters.
// - SQLite: FTS5 tables with the trigram tokenizer over posts.content and comments.content,
//   external content (the text is not stored twice), kept by triggers on every insert, delete
//   and change of the content, whichever code path writes (the router, the demo, a bulk load).
//   Hiding and deleting only flag rows: what a viewer may see is decided by the query's join,
//   never by the index. The content at migration time is indexed by 'rebuild'.
// - PostgreSQL: pg_trgm (a trusted extension since PostgreSQL 13, part of Debian's
//   postgresql-15) and GIN trigram indexes on the same columns, which PostgreSQL keeps itself;
//   searches are ILIKE '%q%', which the index answers for 3 or more characters.
inline QStringList schemaSearch(bool postgres)
{
    if (postgres)
        return {
            QStringLiteral("CREATE EXTENSION IF NOT EXISTS pg_trgm"),
            QStringLiteral(
                "CREATE INDEX posts_content_trgm ON posts USING gin (content gin_trgm_ops)"),
            QStringLiteral(
                "CREATE INDEX comments_content_trgm ON comments USING gin (content gin_trgm_ops)"),
        };
    QStringList steps;
    for (const QString &table : {QStringLiteral("posts"), QStringLiteral("comments")}) {
        steps << QStringLiteral("CREATE VIRTUAL TABLE %1_search USING fts5(content,"
                                " content='%1', content_rowid='id', tokenize='trigram')")
                     .arg(table)
              << QStringLiteral(
                     "CREATE TRIGGER %1_search_insert AFTER INSERT ON %1 BEGIN"
                     " INSERT INTO %1_search(rowid, content) VALUES (new.id, new.content);"
                     " END")
                     .arg(table)
              << QStringLiteral("CREATE TRIGGER %1_search_delete AFTER DELETE ON %1 BEGIN"
                                " INSERT INTO %1_search(%1_search, rowid, content)"
                                " VALUES ('delete', old.id, old.content); END")
                     .arg(table)
              << QStringLiteral(
                     "CREATE TRIGGER %1_search_update AFTER UPDATE OF content ON %1"
                     " BEGIN INSERT INTO %1_search(%1_search, rowid, content)"
                     " VALUES ('delete', old.id, old.content);"
                     " INSERT INTO %1_search(rowid, content) VALUES (new.id, new.content);"
                     " END")
                     .arg(table)
              << QStringLiteral("INSERT INTO %1_search(%1_search) VALUES ('rebuild')").arg(table);
    }
    return steps;
}

} // namespace threadline::server

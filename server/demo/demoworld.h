// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The demo world under construction (demodata.h is its interface): its constants, the rows built
// in memory, and the World that holds them with the one generator every step draws from. The
// steps that build it, one file each: demotexts.h (the words), demoimages.h (the pictures),
// demopeople.h (users, avatars, follows, activity), demoposts.h (posts and their likes,
// comments, views), demobusythread.h (the 1,800-comment post), demowrite.h (the one
// transaction).
#pragma once

#include "demo/demodata.h"
#include "demo/demorng.h"

#include <QString>
#include <QVariant>

#include <vector>

namespace threadline::server::demo {

inline constexpr qint64 kMinute = 60'000;
inline constexpr qint64 kHour = 60 * kMinute;
inline constexpr qint64 kDay = 24 * kHour;

inline constexpr int kOrdinaryPosts = 300;
inline constexpr int kBusyFloors = 200;
inline constexpr int kBusyReplies = 1600;
inline constexpr int kExtraUsers = 40;    // uid 10100 … 10139
inline constexpr int kPicturePool = 12;   // shared by the ordinary, busy and hot posts
inline constexpr int kSamplePictures = 9; // distinct, only on post 90012
inline constexpr qint64 kSamplePostTime = 1543374370935;
inline constexpr qint64 kFirstPostId = 90101;
inline constexpr qint64 kFirstCommentId = 500101;
inline constexpr qint64 kFirstLikeId = 882301;
inline constexpr qint64 kModeratorId = 10009;

inline qint64 dayUtc8(qint64 ms)
{
    return (ms + 8 * kHour) / kDay;
}

inline bool isSeven(qint64 uid)
{
    return uid >= 10001 && uid <= 10007;
}

// ---------------------------------------------------------------------------------------------
// Rows of the world, built in memory first, then inserted in batches.

struct UserRow
{
    qint64 id;
    QString username, nick, role;
    qint64 created;
    int avatar = -1; // index into media
    QString hash = {};
};

struct MediaRow
{
    QString name;
    qint64 uploader = 0; // 0 = NULL
    qint64 createtime = 0;
    bool avatar = false;
    int param = 0; // avatar index or picture seed
    qint64 size = 0;
    bool failed = false;
};

struct PostRow
{
    qint64 id = 0;
    qint64 author = 0;
    QString content, device;
    QVariant geo;              // null or JSON text
    std::vector<int> pictures; // media indexes
    qint64 createtime = 0;
    qint64 floorCounter = 0;
};

struct CommentRow
{
    qint64 id = 0;   // 0 until ids are handed out
    int post = -1;   // index into posts
    int root = -1;   // index into comments; -1 for a root
    int parent = -1; // index into comments; -1 for a root
    qint64 floor = 0;
    qint64 seq = 0;
    qint64 author = 0;
    qint64 replyTo = 0; // 0 = NULL
    QString content;
    qint64 createtime = 0;
    qint64 seqCounter = 0;
    bool busy = false;
};

struct LikeRow
{
    qint64 id = 0;
    int post = -1;
    qint64 uid = 0;
    qint64 createtime = 0;
};

struct VoteRow
{
    int comment = -1;
    qint64 uid = 0;
    int vote = 1;
    qint64 createtime = 0;
};

struct ViewRow
{
    int post = -1;
    qint64 uid = 0;
    qint64 createtime = 0;
};

struct FollowRow
{
    qint64 follower, followee, createtime;
};

struct ActivityRow
{
    qint64 createtime;
    const char *type;
    qint64 actor;
    int post = -1;    // index
    int comment = -1; // index
    qint64 target = 0;
};

// The whole world under construction, and the one generator every step draws from.
struct World
{
    explicit World(qint64 now)
        : nowMs(now)
    {
    }

    qint64 nowMs;
    Rng rng{20181128u};

    // who is who (filled by addUsers)
    std::vector<qint64> seven;      // 10001 … 10007
    std::vector<qint64> mainEight;  // the seven and the moderator
    std::vector<qint64> extras;     // the readers, 10100 … 10139
    std::vector<qint64> everyone;   // mainEight, then extras
    std::vector<qint64> commenters; // busy-post commenters: seven and extras, no moderator

    std::vector<int> samplePics, pool; // media indexes (filled by addMedia)
    int busyIdx = -1, hotIdx = -1;     // post indexes (filled by addPosts)

    std::vector<UserRow> users;
    std::vector<MediaRow> media;
    std::vector<PostRow> posts;
    std::vector<CommentRow> comments;
    std::vector<LikeRow> likes;
    std::vector<VoteRow> votes;
    std::vector<ViewRow> views;
    std::vector<FollowRow> follows;
    std::vector<ActivityRow> activity;
};

} // namespace threadline::server::demo

// The demo world's insides (demodata.h is its interface): the constants, the seeded random
// generator, the rows built in memory, and the steps that build and write them, one file each:
// demotexts.cpp (the words), demoimages.cpp (the pictures), demopeople.cpp (users, avatars,
// follows, activity), demoposts.cpp (posts and their likes, comments, views),
// demobusythread.cpp (the 1,800-comment post), demowrite.cpp (the one transaction).
#pragma once

#include "db/database.h"
#include "demo/demodata.h"

#include <QImage>
#include <QRandomGenerator>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <algorithm>
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
// Deterministic pseudo-random helpers (fixed seed: the same world every time, relative to now).
// Random draws are sequenced (own statements or braced lists), never unsequenced function
// arguments, so that every compiler builds the same world. The steps below draw in the order
// seedDemo() calls them: reordering them changes the world.

class Rng
{
public:
    explicit Rng(quint32 seed)
        : m_gen(seed)
    {
    }
    int range(int lo, int hiInclusive) { return int(m_gen.bounded(lo, hiInclusive + 1)); }
    qint64 range64(qint64 lo, qint64 hiInclusive)
    {
        return hiInclusive <= lo ? lo : m_gen.bounded(lo, hiInclusive + 1);
    }
    double real() { return m_gen.generateDouble(); }
    bool chance(double p) { return real() < p; }
    template<typename T> const T &pick(const std::vector<T> &v)
    {
        return v[size_t(m_gen.bounded(int(v.size())))];
    }
    // one element of a text list
    const QString &pick(const QStringList &list) { return list[range(0, int(list.size()) - 1)]; }
    // k distinct elements of v (partial Fisher–Yates on a copy)
    template<typename T> std::vector<T> sample(std::vector<T> v, int k)
    {
        k = std::min<int>(k, int(v.size()));
        for (int i = 0; i < k; ++i)
            std::swap(v[size_t(i)], v[size_t(range(i, int(v.size()) - 1))]);
        v.resize(size_t(k));
        return v;
    }

private:
    QRandomGenerator m_gen;
};

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

// demotexts.cpp: the words of the world.
const QStringList &postTexts();
const QStringList &extraSentences();
const QStringList &emojis();
const QStringList &commentTexts();
const QStringList &busyRootTexts();
const QStringList &busyRootSuffixes();
const QStringList &busyReplyTexts();
const QStringList &rawDevices(); // as clients report them; "" = no device
struct Geo
{
    const char *name;
    double lat, lng;
};
const std::vector<Geo> &geos(); // places a post may be tagged with

// demoimages.cpp: shapes, gradients and colours only (no fonts: there is no QGuiApplication).
QImage makeAvatar(int index);
QImage makePicture(quint32 seed);
QString randomMediaName();

// demopeople.cpp
void addUsers(World &w);    // the eight of api-v1.md and the 40 readers
void addMedia(World &w);    // an avatar each, the sample post's pictures, the shared pool
void addFollows(World &w);  // who follows whom
void addActivity(World &w); // the seven's posts, comments, likes and follows, oldest first

// demoposts.cpp
void addPosts(World &w);             // the sample post, the ordinary posts, busy, hot
void addOrdinaryReactions(World &w); // likes, comments and views of the ordinary posts
void addOrdinaryVotes(World &w);     // a few votes on ordinary comments
void addHotReactions(World &w);      // the hot post's 45 likes and its views
void assignIds(World &w);            // comments and likes numbered in creation order

// demobusythread.cpp
void addBusyThread(World &w); // the busy post's 200 floors and 1,600 replies, votes, likes, views

// demowrite.cpp: every row in the database, in the current transaction; the counts.
DemoResult writeWorld(Database &db, const World &w);

} // namespace threadline::server::demo

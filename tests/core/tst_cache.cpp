// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tst_cache: the client's SQLite cache (core/cache/cache.h) on real files in a QTemporaryDir:
// round trips, the seed sample, trimming, history, threads, corrupt files and migrations.
#include "cache/cache.h"
#include "cache/cachefunctions.h"
#include "cache/cacheschema.h"
#include "wire/jsoncodec.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMutex>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <algorithm>

using namespace threadline::core;
using namespace Qt::StringLiterals;

namespace {

constexpr int kTimeoutMs = 60000;
constexpr qint64 kDay = qint64(24) * 60 * 60 * 1000;
const QString kSeedName = u"seed-post-90012.json"_s;

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QByteArray readSeed()
{
    for (const char *dir : {THREADLINE_REPO_FIXTURES_DIR, THREADLINE_FIXTURES_DIR}) {
        const QByteArray bytes = readFile(QString::fromUtf8(dir) + u'/' + kSeedName);
        if (!bytes.isEmpty())
            return bytes;
    }
    return {};
}

UserBrief user(qint64 uid)
{
    return {uid, u"用户%1"_s.arg(uid), u"/api/v1/media/avatar-%1.png"_s.arg(uid)};
}

Post makePost(qint64 id, qint64 createtime, qint64 uid = 10003)
{
    Post p;
    p.id = id;
    p.createtime = createtime;
    p.author = user(uid);
    p.content = u"动态 %1 😀 with emoji"_s.arg(id);
    p.device = u"红米 6"_s;
    p.likeCount = id % 7;
    p.commentCount = id % 5;
    if (id % 2) {
        p.category = Post::Category::Picture;
        for (int i = 0; i < int(id % 10) + 1; ++i)
            p.pictureUrls.append(u"/api/v1/media/p%1-%2.jpg"_s.arg(id).arg(i));
    }
    return p;
}

Comment makeComment(qint64 postId, qint64 id, qint64 rootId, qint64 parentId, qint64 floor,
                    qint64 seq, qint64 createtime)
{
    Comment c;
    c.id = id;
    c.postId = postId;
    c.rootId = rootId;
    c.parentId = parentId;
    c.floor = floor;
    c.seq = seq;
    c.author = user(10001 + id % 5);
    if (rootId != 0)
        c.replyTo = user(10001 + parentId % 5);
    c.content = u"评论 %1"_s.arg(id);
    c.createtime = createtime;
    c.likeCount = id % 3;
    c.score = 2 * c.likeCount;
    return c;
}

// Records every answer of a Cache by request id, and the thread each arrived on.
class Recorder
{
public:
    explicit Recorder(Cache &cache)
    {
        auto note = [this](quint64 id) {
            ids.insert(id);
            answerThreads.append(QThread::currentThread());
        };
        QObject::connect(&cache, &Cache::done, &m_ctx, note);
        QObject::connect(&cache, &Cache::failed, &m_ctx, [this, note](quint64 id, QString e) {
            failures.insert(id, e);
            note(id);
        });
        QObject::connect(&cache, &Cache::timelineLoaded, &m_ctx,
                         [this, note](quint64 id, const TimelinePage &p) {
                             timelines.insert(id, p);
                             note(id);
                         });
        QObject::connect(&cache, &Cache::postLoaded, &m_ctx,
                         [this, note](quint64 id, qint64, const std::optional<Post> &p) {
                             posts.insert(id, p);
                             note(id);
                         });
        QObject::connect(&cache, &Cache::usersLoaded, &m_ctx,
                         [this, note](quint64 id, const QList<UserBrief> &u) {
                             users.insert(id, u);
                             note(id);
                         });
        QObject::connect(&cache, &Cache::floorsLoaded, &m_ctx,
                         [this, note](quint64 id, qint64, const FloorPage &p) {
                             floors.insert(id, p);
                             note(id);
                         });
        QObject::connect(&cache, &Cache::repliesLoaded, &m_ctx,
                         [this, note](quint64 id, qint64, const ReplyPage &p) {
                             replies.insert(id, p);
                             note(id);
                         });
        QObject::connect(&cache, &Cache::likesLoaded, &m_ctx,
                         [this, note](quint64 id, qint64, const QList<Like> &l) {
                             likes.insert(id, l);
                             note(id);
                         });
        QObject::connect(
            &cache, &Cache::metaLoaded, &m_ctx,
            [this, note](quint64 id, const QString &, const std::optional<QString> &v) {
                metas.insert(id, v);
                note(id);
            });
        QObject::connect(&cache, &Cache::historyLoaded, &m_ctx,
                         [this, note](quint64 id, const QList<HistoryEntry> &h) {
                             histories.insert(id, h);
                             note(id);
                         });
    }

    [[nodiscard]] bool finished(quint64 id) const { return ids.contains(id); }

    QSet<quint64> ids;
    QHash<quint64, QString> failures;
    QHash<quint64, TimelinePage> timelines;
    QHash<quint64, std::optional<Post>> posts;
    QHash<quint64, QList<UserBrief>> users;
    QHash<quint64, FloorPage> floors;
    QHash<quint64, ReplyPage> replies;
    QHash<quint64, QList<Like>> likes;
    QHash<quint64, std::optional<QString>> metas;
    QHash<quint64, QList<HistoryEntry>> histories;
    QList<QThread *> answerThreads;

private:
    QObject m_ctx;
};

// Waits for the answer to one request (never sleeps: QTRY spins the event loop) and fails the
// test if it was `failed`.
#define AWAIT(rec, request)                                                                        \
    do {                                                                                           \
        const quint64 id_ = (request);                                                             \
        QTRY_VERIFY_WITH_TIMEOUT((rec).finished(id_), kTimeoutMs);                                 \
        QVERIFY2(!(rec).failures.contains(id_), qPrintable((rec).failures.value(id_)));            \
    } while (false)

struct OpenResult
{
    bool ok = false;
    QString error;
    bool recovered = false;
    QString movedAside;
};

void openCache(Cache &cache, const QString &path, OpenResult &out)
{
    QSignalSpy spy(&cache, &Cache::opened);
    cache.open(path);
    QVERIFY(spy.wait(kTimeoutMs));
    QCOMPARE(spy.size(), 1);
    const QList<QVariant> args = spy.takeFirst();
    out = {args.at(0).toBool(), args.at(1).toString(), args.at(2).toBool(), args.at(3).toString()};
}

#define OPEN_OK(cache, path)                                                                       \
    do {                                                                                           \
        OpenResult r_;                                                                             \
        openCache((cache), (path), r_);                                                            \
        if (QTest::currentTestFailed())                                                            \
            return;                                                                                \
        QVERIFY2(r_.ok, qPrintable(r_.error));                                                     \
        QVERIFY2(!r_.recovered, qPrintable(r_.error));                                             \
    } while (false)

// A connection of the test's own (on the test thread) to look into or prepare a file.
class Peek
{
public:
    explicit Peek(const QString &path)
        : m_name(u"peek-%1"_s.arg(++s_counter))
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, m_name);
        db.setDatabaseName(path);
        m_ok = db.open();
        // the functions the cache's search triggers call, for the writes below (cachefunctions.h)
        const QVariant handle = db.driver()->handle();
        if (m_ok && qstrcmp(handle.typeName(), "sqlite3*") == 0)
            m_ok = registerCacheFunctions(*static_cast<sqlite3 *const *>(handle.constData())) ==
                   SQLITE_OK;
    }
    ~Peek()
    {
        {
            QSqlDatabase db = QSqlDatabase::database(m_name, false);
            db.close();
        }
        QSqlDatabase::removeDatabase(m_name);
    }
    [[nodiscard]] bool ok() const { return m_ok; }
    QVariant value(const QString &sql)
    {
        QSqlQuery q(QSqlDatabase::database(m_name));
        if (!q.exec(sql) || !q.next())
            return {};
        return q.value(0);
    }
    bool exec(const QString &sql)
    {
        QSqlQuery q(QSqlDatabase::database(m_name));
        const bool ok = q.exec(sql);
        if (!ok)
            qWarning() << sql << q.lastError().text();
        return ok;
    }
    bool execBlob(const QString &sql, const QByteArray &blob)
    {
        QSqlQuery q(QSqlDatabase::database(m_name));
        q.prepare(sql);
        q.addBindValue(blob);
        const bool ok = q.exec();
        if (!ok)
            qWarning() << sql << q.lastError().text();
        return ok;
    }
    QList<qint64> ids(const QString &sql)
    {
        QList<qint64> out;
        QSqlQuery q(QSqlDatabase::database(m_name));
        if (q.exec(sql))
            while (q.next())
                out.append(q.value(0).toLongLong());
        return out;
    }

private:
    static inline int s_counter = 0;
    QString m_name;
    bool m_ok = false;
};

QList<qint64> idsOf(const QList<Post> &posts)
{
    QList<qint64> ids;
    for (const Post &p : posts)
        ids.append(p.id);
    return ids;
}

QList<qint64> idsOf(const QList<Comment> &comments)
{
    QList<qint64> ids;
    for (const Comment &c : comments)
        ids.append(c.id);
    return ids;
}

QList<qint64> range(qint64 from, qint64 to) // inclusive, either direction
{
    QList<qint64> out;
    for (qint64 i = from; from <= to ? i <= to : i >= to; i += from <= to ? 1 : -1)
        out.append(i);
    return out;
}

} // namespace

class TestCache : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();

    void pathFor();
    void openCreatesCurrentSchema();
    void requestsFailWhenNotOpen();
    void blobRoundTrip();
    void malformedBlobsNeverCrash();
    void postsAndTimelinePages();
    void removePostDropsItsRows();
    void seedFixtureRoundTrip();
    void floorsAndReplies();
    void removeCommentTakesItsFloor();
    void trimKeepsNewest_data();
    void trimKeepsNewest();
    void likesAreASetPerUser();
    void metaRoundTrip();
    void historyDeduplicatesCapsAndExpires();
    void clearEmptiesEverything();
    void reopenKeepsData();
    void allWorkOffTheCallingThread();
    void malformedRowsAreSkippedAndDeleted();
    void corruptFileIsMovedAside_data();
    void corruptFileIsMovedAside();
    void migratesFromVersion0();
    void migratesStepwiseFromVersion1();

private:
    QString freshPath(const QString &name = u"cache.sqlite"_s);
    void writeRealCache(const QString &path, int posts);

    std::unique_ptr<QTemporaryDir> m_dir;
    int m_counter = 0;
};

void TestCache::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestCache::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

QString TestCache::freshPath(const QString &name)
{
    const QString dir = m_dir->filePath(u"case%1"_s.arg(++m_counter));
    QDir().mkpath(dir);
    return dir + u'/' + name;
}

void TestCache::writeRealCache(const QString &path, int posts)
{
    Cache cache;
    Recorder rec(cache);
    OPEN_OK(cache, path);
    QList<Post> page;
    for (int i = 1; i <= posts; ++i)
        page.append(makePost(i, 1'700'000'000'000 - i * 1000));
    AWAIT(rec, cache.savePosts(page, u"all"_s, true, u"cursor"_s));
    QList<Comment> comments;
    for (int i = 1; i <= posts; ++i)
        comments.append(makeComment(1, 1000 + i, 0, 0, i, 0, 1'700'000'000'000 + i));
    AWAIT(rec, cache.saveComments(1, comments));
    AWAIT(rec, cache.close());
}

// ---------------------------------------------------------------------------------------------

void TestCache::pathFor()
{
    const QString base =
        QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + u"/cache/"_s;
    QCOMPARE(Cache::pathFor(QUrl(u"http://127.0.0.1:8080"_s), u"zhangsan"_s),
             base + u"127.0.0.1_8080/zhangsan.sqlite"_s);
    // Default ports, host case folded by QUrl, upper case escaped (case-insensitive file systems).
    QCOMPARE(Cache::pathFor(QUrl(u"https://Example.COM/api"_s), u"Alice"_s),
             base + u"example.com_443/_41lice.sqlite"_s);
    QCOMPARE(Cache::pathFor(QUrl(u"http://h"_s), u"u"_s), base + u"h_80/u.sqlite"_s);
    QCOMPARE(Cache::pathFor(QUrl(u"http://[::1]:9000"_s), u"u"_s),
             base + u"_3a_3a1_9000/u.sqlite"_s);
    // Nothing escapes the directory, nothing is hidden, different names stay different.
    const QString evil = Cache::pathFor(QUrl(u"http://h:1"_s), u"../x/.."_s);
    QCOMPARE(QFileInfo(evil).absolutePath(), base + u"h_1"_s);
    QVERIFY(!QFileInfo(evil).fileName().startsWith(u'.'));
    QVERIFY(Cache::pathFor(QUrl(u"http://h:1"_s), u"a_b"_s) !=
            Cache::pathFor(QUrl(u"http://h:1"_s), u"a/b"_s));
    QVERIFY(Cache::pathFor(QUrl(u"http://h:1"_s), u"王五"_s) !=
            Cache::pathFor(QUrl(u"http://h:1"_s), u"王六"_s));
    QCOMPARE(QFileInfo(Cache::pathFor(QUrl(u"http://h:1"_s), {})).fileName(), u"_.sqlite"_s);
}

void TestCache::openCreatesCurrentSchema()
{
    // A directory that does not exist yet is created.
    const QString path = m_dir->filePath(u"a/b/c/cache.sqlite"_s);
    {
        Cache cache;
        OPEN_OK(cache, path);
        QVERIFY(cache.waitForIdle());
    }
    QVERIFY(QFileInfo::exists(path));
    Peek peek(path);
    QVERIFY(peek.ok());
    QCOMPARE(peek.value(u"PRAGMA user_version"_s).toInt(), cacheschema::kVersion);
    QCOMPARE(peek.value(u"PRAGMA application_id"_s).toInt(), cacheschema::kApplicationId);
    QCOMPARE(peek.value(u"PRAGMA journal_mode"_s).toString(), u"wal"_s);
    QCOMPARE(peek.value(u"SELECT count(*) FROM sqlite_master WHERE name = 'history'"_s).toInt(), 1);
}

void TestCache::requestsFailWhenNotOpen()
{
    Cache cache;
    QSignalSpy failed(&cache, &Cache::failed);
    const quint64 id = cache.loadPost(1);
    QVERIFY(failed.wait(kTimeoutMs));
    QCOMPARE(failed.first().at(0).toULongLong(), id);
    QVERIFY(!failed.first().at(1).toString().isEmpty());
    // Ids are distinct and increasing.
    QVERIFY(cache.loadMeta(u"x"_s) > id);
}

void TestCache::blobRoundTrip()
{
    Post p = makePost(90012, 1543374370935);
    p.category = Post::Category::Picture;
    p.content = u"这是一个带9张图片的动态 👨‍👩‍👧 \u0000 end"_s;
    p.geo = Geo{u"北京"_s, 39.9042, -116.4074};
    p.liked = true;
    p.hidden = true;
    p.moderation = Moderation{user(10009), u"spam"_s, -5};
    p.viewCount = 12345;
    p.pictureUrls.clear();
    for (int i = 0; i < 10; ++i)
        p.pictureUrls.append(u"http://cdnhost/pic/%1.jpg"_s.arg(i));
    p.likes.append(Like{882211, 90012, 1543375480935, user(10002)});
    p.likes.append(Like{882212, 90012, 1543375480936, user(10002)}); // the same user twice
    Comment reply = makeComment(90012, 500013, 500011, 500012, 3, 7, 1543374600935);
    reply.opposeCount = 9;
    reply.opposed = true;
    reply.score = -9; // negative
    reply.status = Comment::Status::Hidden;
    reply.moderation = Moderation{user(10009), u"abuse"_s, 1};
    p.comments = {reply, makeComment(90012, 500011, 0, 0, 3, 0, 1543374500935)};
    p.commentCount = std::numeric_limits<qint64>::max();

    const QByteArray blob = CacheBlob::encode(p);
    const std::optional<Post> back = CacheBlob::decodePost(blob);
    QVERIFY(back.has_value());
    QCOMPARE(*back, p);

    const std::optional<Comment> c = CacheBlob::decodeComment(CacheBlob::encode(reply));
    QVERIFY(c.has_value());
    QCOMPARE(*c, reply);

    QByteArray likeBlob;
    CacheBlob::encode(p.likes.first(), likeBlob);
    QCOMPARE(CacheBlob::decodeLike(likeBlob), std::optional<Like>(p.likes.first()));
    QByteArray userBlob;
    CacheBlob::encode(user(7), userBlob);
    QCOMPARE(CacheBlob::decodeUser(userBlob), std::optional<UserBrief>(user(7)));

    // A default (empty) post round-trips too, and a blob of one kind is not another.
    QCOMPARE(CacheBlob::decodePost(CacheBlob::encode(Post{})), std::optional<Post>(Post{}));
    QVERIFY(!CacheBlob::decodeComment(blob).has_value());
    QVERIFY(!CacheBlob::decodePost(CacheBlob::encode(reply)).has_value());
}

void TestCache::malformedBlobsNeverCrash()
{
    Post p = makePost(7, 1000);
    p.comments = {makeComment(7, 1, 0, 0, 1, 0, 5)};
    p.likes = {Like{1, 7, 2, user(3)}};
    p.geo = Geo{u"x"_s, 1, 2};
    const QByteArray blob = CacheBlob::encode(p);
    // Every truncation, and a trailing byte, is rejected.
    for (qsizetype n = 0; n < blob.size(); ++n)
        QVERIFY2(!CacheBlob::decodePost(blob.left(n)).has_value(), qPrintable(QString::number(n)));
    QVERIFY(!CacheBlob::decodePost(blob + 'x').has_value());
    QVERIFY(!CacheBlob::decodePost(QByteArray()).has_value());
    // A wrong version.
    QByteArray wrongVersion = blob;
    wrongVersion[1] = char(99);
    QVERIFY(!CacheBlob::decodePost(wrongVersion).has_value());
    // Random bytes and random flips: whatever comes out, nothing crashes.
    QRandomGenerator rng(42);
    for (int i = 0; i < 2000; ++i) {
        QByteArray junk(rng.bounded(1, 200), Qt::Uninitialized);
        for (char &ch : junk)
            ch = char(rng.bounded(256));
        if (i % 2)
            junk[0] = 'P', junk[1] = char(1);
        (void)CacheBlob::decodePost(junk);
        (void)CacheBlob::decodeComment(junk);
        QByteArray flipped = blob;
        flipped[rng.bounded(int(flipped.size()))] = char(rng.bounded(256));
        (void)CacheBlob::decodePost(flipped);
    }
    // A huge declared list length is rejected without allocating it.
    QByteArray huge("P\x01", 2);
    huge.append(char(2)); // id 1
    huge.append(char(0)); // category
    huge.append(QByteArray(9, char(0xff)) + char(0x01));
    QVERIFY(!CacheBlob::decodePost(huge).has_value());
}

void TestCache::postsAndTimelinePages()
{
    Cache cache;
    Recorder rec(cache);
    OPEN_OK(cache, freshPath());

    QList<Post> page1, page2;
    for (int i = 1; i <= 20; ++i)
        page1.append(makePost(i, 1'700'000'000'000 - i));
    for (int i = 21; i <= 40; ++i)
        page2.append(makePost(i, 1'700'000'000'000 - i, 10001));

    AWAIT(rec, cache.savePosts(page1, u"all"_s, true, u"c1"_s));
    quint64 id = cache.loadTimeline(u"all"_s, 20);
    AWAIT(rec, id);
    TimelinePage t = rec.timelines.value(id);
    QCOMPARE(t.scope, u"all"_s);
    QCOMPARE(t.posts, page1);
    QCOMPARE(t.next, std::optional<QString>(u"c1"_s));
    QCOMPARE(t.storedCount, 20);
    QVERIFY(t.known);

    // The next page appends; the last page has no cursor.
    AWAIT(rec, cache.savePosts(page2, u"all"_s, false, std::nullopt));
    id = cache.loadTimeline(u"all"_s, 100);
    AWAIT(rec, id);
    t = rec.timelines.value(id);
    QCOMPARE(t.posts, page1 + page2);
    QCOMPARE(t.next, std::nullopt);
    QCOMPARE(t.storedCount, 40);

    // A page with a post already in the scope: it keeps its place, its data is updated.
    Post changed = page1.at(4);
    changed.content = u"edited ✏️"_s;
    changed.likeCount = 99;
    AWAIT(rec, cache.savePosts({changed, makePost(41, 1)}, u"all"_s, false, u"c3"_s));
    id = cache.loadTimeline(u"all"_s, 10, 0);
    const quint64 tail = cache.loadTimeline(u"all"_s, 10, 35);
    AWAIT(rec, id);
    AWAIT(rec, tail);
    QCOMPARE(rec.timelines.value(id).posts.at(4), changed);
    QCOMPARE(idsOf(rec.timelines.value(tail).posts), QList<qint64>({36, 37, 38, 39, 40, 41}));
    QCOMPARE(rec.timelines.value(tail).offset, 35);
    QCOMPARE(rec.timelines.value(tail).next, std::optional<QString>(u"c3"_s));

    // Another scope shares the posts; replacing one scope leaves the other alone.
    AWAIT(rec, cache.savePosts(page2.mid(0, 3), u"user:10001"_s, true, u"u1"_s));
    AWAIT(rec, cache.savePosts({makePost(41, 1), page1.at(0)}, u"all"_s, true, u"c9"_s));
    id = cache.loadTimeline(u"all"_s, 20);
    const quint64 user = cache.loadTimeline(u"user:10001"_s, 20);
    const quint64 unknown = cache.loadTimeline(u"hot:day:likes"_s, 20);
    AWAIT(rec, id);
    AWAIT(rec, user);
    AWAIT(rec, unknown);
    QCOMPARE(idsOf(rec.timelines.value(id).posts), QList<qint64>({41, 1}));
    QCOMPARE(rec.timelines.value(id).next, std::optional<QString>(u"c9"_s));
    QCOMPARE(idsOf(rec.timelines.value(user).posts), QList<qint64>({21, 22, 23}));
    QVERIFY(!rec.timelines.value(unknown).known);
    QVERIFY(rec.timelines.value(unknown).posts.isEmpty());

    // Single posts and users.
    const quint64 one = cache.loadPost(5);
    const quint64 none = cache.loadPost(999);
    const quint64 users = cache.loadUsers({10003, 424242, 10001});
    AWAIT(rec, one);
    AWAIT(rec, none);
    AWAIT(rec, users);
    QCOMPARE(rec.posts.value(one), std::optional<Post>(changed));
    QCOMPARE(rec.posts.value(none), std::nullopt);
    QCOMPARE(rec.users.value(users), QList<UserBrief>({::user(10003), ::user(10001)}));

    Post single = makePost(500, 5);
    AWAIT(rec, cache.savePost(single));
    AWAIT(rec, cache.saveUsers({UserBrief{77, u"七七"_s, {}}}));
    const quint64 s = cache.loadPost(500);
    const quint64 u = cache.loadUsers({77});
    AWAIT(rec, s);
    AWAIT(rec, u);
    QCOMPARE(rec.posts.value(s), std::optional<Post>(single));
    QCOMPARE(rec.users.value(u), QList<UserBrief>({UserBrief{77, u"七七"_s, {}}}));
}

void TestCache::removePostDropsItsRows()
{
    const QString path = freshPath();
    Cache cache;
    Recorder rec(cache);
    OPEN_OK(cache, path);
    AWAIT(rec, cache.savePosts({makePost(1, 10), makePost(2, 9)}, u"all"_s, true, {}));
    AWAIT(rec, cache.saveComments(
                   1, {makeComment(1, 11, 0, 0, 1, 0, 1), makeComment(1, 12, 11, 11, 1, 1, 2)}));
    AWAIT(rec, cache.saveComments(2, {makeComment(2, 21, 0, 0, 1, 0, 1)}));
    AWAIT(rec, cache.saveLikes(1, {Like{5, 1, 3, user(10002)}}));
    AWAIT(rec, cache.markViewed(1, 100));
    AWAIT(rec, cache.removePost(1));

    const quint64 post = cache.loadPost(1);
    const quint64 timeline = cache.loadTimeline(u"all"_s, 10);
    const quint64 floors = cache.loadFloors(1, 0, 10);
    const quint64 others = cache.loadFloors(2, 0, 10);
    const quint64 likes = cache.loadLikes(1);
    AWAIT(rec, post);
    AWAIT(rec, timeline);
    AWAIT(rec, floors);
    AWAIT(rec, others);
    AWAIT(rec, likes);
    QCOMPARE(rec.posts.value(post), std::nullopt);
    QCOMPARE(idsOf(rec.timelines.value(timeline).posts), QList<qint64>({2}));
    QCOMPARE(rec.floors.value(floors).totalRoots, 0);
    QVERIFY(rec.floors.value(floors).replies.isEmpty());
    QCOMPARE(idsOf(rec.floors.value(others).roots), QList<qint64>({21}));
    QVERIFY(rec.likes.value(likes).isEmpty());
    QVERIFY(cache.waitForIdle());
    Peek peek(path);
    QCOMPARE(peek.value(u"SELECT count(*) FROM comments WHERE post_id = 1"_s).toInt(), 0);
    QCOMPARE(peek.value(u"SELECT count(*) FROM history"_s).toInt(), 0);
}

void TestCache::seedFixtureRoundTrip()
{
    const QByteArray json = readSeed();
    QVERIFY2(!json.isEmpty(), "tests/fixtures/seed-post-90012.json is missing");
    const Result<Post> decoded = decodePost(json);
    QVERIFY2(decoded.ok(), qPrintable(decoded.ok() ? QString() : decoded.error().toString()));
    const Post &seed = decoded.value();
    QCOMPARE(seed.id, 90012);
    QCOMPARE(seed.pictureUrls.size(), 10);

    Cache cache;
    Recorder rec(cache);
    OPEN_OK(cache, freshPath());
    AWAIT(rec, cache.savePosts({seed}, u"all"_s, true, std::nullopt));
    AWAIT(rec, cache.saveComments(seed.id, seed.comments));
    AWAIT(rec, cache.saveLikes(seed.id, seed.likes));

    const quint64 post = cache.loadPost(seed.id);
    const quint64 timeline = cache.loadTimeline(u"all"_s, 20);
    const quint64 floors = cache.loadFloors(seed.id, 0, 20);
    const quint64 likes = cache.loadLikes(seed.id);
    AWAIT(rec, post);
    AWAIT(rec, timeline);
    AWAIT(rec, floors);
    AWAIT(rec, likes);
    QCOMPARE(rec.posts.value(post), std::optional<Post>(seed));
    QCOMPARE(rec.timelines.value(timeline).posts, QList<Post>({seed}));

    // The sample's comments are all floors (no rootId); they come back as floors, by id here
    // (they carry no floor number).
    QList<Comment> expected = seed.comments;
    std::sort(expected.begin(), expected.end(),
              [](const Comment &a, const Comment &b) { return a.id < b.id; });
    QCOMPARE(rec.floors.value(floors).roots, expected);
    QCOMPARE(rec.floors.value(floors).totalRoots, seed.comments.size());

    // Likers: one per user, newest first.
    QSet<qint64> likers;
    for (const Like &l : seed.likes)
        likers.insert(l.user.uid);
    const QList<Like> stored = rec.likes.value(likes);
    QCOMPARE(stored.size(), likers.size());
    for (qsizetype i = 1; i < stored.size(); ++i)
        QVERIFY(stored.at(i - 1).createtime >= stored.at(i).createtime);
}

void TestCache::floorsAndReplies()
{
    Cache cache;
    Recorder rec(cache);
    OPEN_OK(cache, freshPath());
    // 30 floors, 5 replies each (replies answer the root or the previous reply).
    QList<Comment> all;
    qint64 nextId = 1000;
    QHash<qint64, qint64> rootOfFloor;
    for (int floor = 1; floor <= 30; ++floor) {
        const qint64 root = nextId++;
        rootOfFloor.insert(floor, root);
        all.append(makeComment(7, root, 0, 0, floor, 0, floor * 100));
        qint64 parent = root;
        for (int seq = 1; seq <= 5; ++seq) {
            const qint64 id = nextId++;
            all.append(makeComment(7, id, root, parent, floor, seq, floor * 100 + seq));
            parent = seq % 2 ? id : root;
        }
    }
    std::reverse(all.begin(), all.end()); // any order in, the cache orders
    // A comment of another post is not stored under this one.
    all.append(makeComment(8, 99999, 0, 0, 1, 0, 1));
    AWAIT(rec, cache.saveComments(7, all));

    const quint64 first = cache.loadFloors(7, 0, 10);
    const quint64 second = cache.loadFloors(7, 10, 10, 3);
    const quint64 last = cache.loadFloors(7, 20, 10, 0);
    const quint64 other = cache.loadFloors(8, 0, 10);
    AWAIT(rec, first);
    AWAIT(rec, second);
    AWAIT(rec, last);
    AWAIT(rec, other);

    const FloorPage p1 = rec.floors.value(first);
    QCOMPARE(p1.roots.size(), 10);
    for (int i = 0; i < 10; ++i)
        QCOMPARE(p1.roots.at(i).floor, i + 1);
    QCOMPARE(p1.replies.size(), 50);
    QCOMPARE(p1.next, std::optional<qint64>(10));
    QCOMPARE(p1.totalRoots, 30);
    // Replies grouped by root in seq order.
    for (int i = 0; i < 50; ++i) {
        QCOMPARE(p1.replies.at(i).rootId, rootOfFloor.value(i / 5 + 1));
        QCOMPARE(p1.replies.at(i).seq, i % 5 + 1);
    }
    const Comment sample = *std::find_if(
        all.begin(), all.end(), [&](const Comment &c) { return c.id == p1.replies.at(7).id; });
    QCOMPARE(p1.replies.at(7), sample);

    const FloorPage p2 = rec.floors.value(second);
    QCOMPARE(p2.roots.first().floor, 11);
    QCOMPARE(p2.replies.size(), 30); // 3 per floor
    QCOMPARE(p2.next, std::optional<qint64>(20));
    const FloorPage p3 = rec.floors.value(last);
    QCOMPARE(p3.roots.size(), 10);
    QVERIFY(p3.replies.isEmpty());
    QCOMPARE(p3.next, std::nullopt);
    QCOMPARE(rec.floors.value(other).totalRoots, 0);

    // Replies of one floor, paged by seq.
    const qint64 root1 = rootOfFloor.value(1);
    const quint64 r1 = cache.loadReplies(root1, 0, 2);
    const quint64 r2 = cache.loadReplies(root1, 2, 10);
    AWAIT(rec, r1);
    AWAIT(rec, r2);
    QCOMPARE(rec.replies.value(r1).items.size(), 2);
    QCOMPARE(rec.replies.value(r1).next, std::optional<qint64>(2));
    QCOMPARE(rec.replies.value(r2).items.size(), 3);
    QCOMPARE(rec.replies.value(r2).items.first().seq, 3);
    QCOMPARE(rec.replies.value(r2).next, std::nullopt);

    // Upsert: a changed reply replaces the stored one.
    Comment edited = rec.replies.value(r2).items.first();
    edited.likeCount = 42;
    edited.liked = true;
    edited.replyCount = 3;
    AWAIT(rec, cache.saveComments(7, {edited}));
    const quint64 r3 = cache.loadReplies(root1, 2, 1);
    const quint64 count = cache.loadFloors(7, 0, 1);
    AWAIT(rec, r3);
    AWAIT(rec, count);
    QCOMPARE(rec.replies.value(r3).items, QList<Comment>({edited}));
    QCOMPARE(rec.floors.value(count).totalRoots, 30);
}

void TestCache::removeCommentTakesItsFloor()
{
    Cache cache;
    Recorder rec(cache);
    OPEN_OK(cache, freshPath());
    AWAIT(rec, cache.saveComments(
                   3, {makeComment(3, 10, 0, 0, 1, 0, 1), makeComment(3, 11, 10, 10, 1, 1, 2),
                       makeComment(3, 12, 10, 11, 1, 2, 3), makeComment(3, 20, 0, 0, 2, 0, 4),
                       makeComment(3, 21, 20, 20, 2, 1, 5)}));
    AWAIT(rec, cache.removeComment(11)); // a reply: only itself
    quint64 id = cache.loadFloors(3, 0, 10);
    AWAIT(rec, id);
    QCOMPARE(idsOf(rec.floors.value(id).roots), QList<qint64>({10, 20}));
    QCOMPARE(idsOf(rec.floors.value(id).replies), QList<qint64>({12, 21}));

    AWAIT(rec, cache.removeComment(10)); // a root: its whole floor
    id = cache.loadFloors(3, 0, 10);
    const quint64 orphans = cache.loadReplies(10, 0, 10);
    AWAIT(rec, id);
    AWAIT(rec, orphans);
    QCOMPARE(idsOf(rec.floors.value(id).roots), QList<qint64>({20}));
    QCOMPARE(idsOf(rec.floors.value(id).replies), QList<qint64>({21}));
    QVERIFY(rec.replies.value(orphans).items.isEmpty());
}

void TestCache::trimKeepsNewest_data()
{
    QTest::addColumn<bool>("automatic");
    QTest::newRow("explicit trimComments") << false;
    QTest::newRow("after saveComments") << true;
}

void TestCache::trimKeepsNewest()
{
    QFETCH(bool, automatic);
    const QString path = freshPath();
    Cache cache;
    Recorder rec(cache);
    OPEN_OK(cache, path);
    if (!automatic)
        cache.setCommentLimit(1'000'000);

    // 5,100 comments over 200 floors; times collide in pairs so that the id breaks ties.
    QList<Comment> comments;
    QRandomGenerator rng(7);
    for (int i = 0; i < 5100; ++i) {
        const qint64 id = 100000 + i;
        const int floor = i % 200 + 1;
        const qint64 time = 1'000'000 + qint64(rng.bounded(2550)) * 2;
        comments.append(i < 200 ? makeComment(9, id, 0, 0, floor, 0, time)
                                : makeComment(9, id, 100000 + floor - 1, 100000 + floor - 1, floor,
                                              i / 200, time));
    }
    AWAIT(rec, cache.saveComments(9, comments));
    AWAIT(rec, cache.saveComments(10, {makeComment(10, 1, 0, 0, 1, 0, 0)})); // another post
    if (!automatic) {
        QVERIFY(cache.waitForIdle());
        QCOMPARE(Peek(path).value(u"SELECT count(*) FROM comments WHERE post_id = 9"_s).toInt(),
                 5100);
        AWAIT(rec, cache.trimComments(9)); // default: 5,000
    }
    QVERIFY(cache.waitForIdle());

    sortNewestFirst(comments);
    QList<qint64> expected = idsOf(comments.mid(0, 5000));
    std::sort(expected.begin(), expected.end());
    Peek peek(path);
    const QList<qint64> kept = peek.ids(u"SELECT id FROM comments WHERE post_id = 9 ORDER BY id"_s);
    QCOMPARE(kept.size(), 5000);
    QCOMPARE(kept, expected);
    QCOMPARE(peek.value(u"SELECT count(*) FROM comments WHERE post_id = 10"_s).toInt(), 1);

    // A smaller explicit limit.
    AWAIT(rec, cache.trimComments(9, 10));
    QVERIFY(cache.waitForIdle());
    expected = idsOf(comments.mid(0, 10));
    std::sort(expected.begin(), expected.end());
    QCOMPARE(peek.ids(u"SELECT id FROM comments WHERE post_id = 9 ORDER BY id"_s), expected);
}

void TestCache::likesAreASetPerUser()
{
    Cache cache;
    Recorder rec(cache);
    OPEN_OK(cache, freshPath());
    const Like a{1, 5, 100, user(10001)};
    const Like b{2, 5, 200, user(10002)};
    const Like aAgain{3, 5, 300, user(10001)}; // the same user liked again later
    const Like aOld{0, 5, 50, user(10001)};    // an older like of the same user loses
    AWAIT(rec, cache.saveLikes(5, {a, b, aAgain, aOld, Like{9, 6, 1, user(10003)}}));
    quint64 id = cache.loadLikes(5);
    const quint64 limited = cache.loadLikes(5, 1);
    AWAIT(rec, id);
    AWAIT(rec, limited);
    QCOMPARE(rec.likes.value(id), QList<Like>({aAgain, b}));
    QCOMPARE(rec.likes.value(limited), QList<Like>({aAgain}));

    const Like c{4, 5, 400, user(10004)};
    AWAIT(rec, cache.saveLikes(5, {c}, true));
    id = cache.loadLikes(5);
    AWAIT(rec, id);
    QCOMPARE(rec.likes.value(id), QList<Like>({c}));
}

void TestCache::metaRoundTrip()
{
    Cache cache;
    Recorder rec(cache);
    OPEN_OK(cache, freshPath());
    const quint64 missing = cache.loadMeta(u"sync.cursor"_s);
    AWAIT(rec, missing);
    QCOMPARE(rec.metas.value(missing), std::nullopt);

    AWAIT(rec, cache.saveMeta(Cache::kSyncCursorKey, u"abc"_s));
    AWAIT(rec, cache.saveMeta(u"sync.cursor"_s, u"def"_s));
    AWAIT(rec, cache.saveMeta(u"empty"_s, QString()));
    const quint64 cursor = cache.loadMeta(u"sync.cursor"_s);
    const quint64 empty = cache.loadMeta(u"empty"_s);
    AWAIT(rec, cursor);
    AWAIT(rec, empty);
    QCOMPARE(rec.metas.value(cursor), std::optional<QString>(u"def"_s));
    QCOMPARE(rec.metas.value(empty), std::optional<QString>(u""_s));

    AWAIT(rec, cache.removeMeta(u"sync.cursor"_s));
    const quint64 removed = cache.loadMeta(u"sync.cursor"_s);
    AWAIT(rec, removed);
    QCOMPARE(rec.metas.value(removed), std::nullopt);
}

void TestCache::historyDeduplicatesCapsAndExpires()
{
    const QString path = freshPath();
    qint64 now = 1'700'000'000'000;
    Cache cache;
    Recorder rec(cache);
    cache.setClock([&now] { return now; });
    OPEN_OK(cache, path);
    QList<Post> posts;
    for (int i = 1; i <= 70; ++i)
        posts.append(makePost(i, i));
    AWAIT(rec, cache.savePosts(posts));

    // De-duplicated: one entry per post, at its latest view; an older view does not move it.
    AWAIT(rec, cache.markViewed(1, now - 1000));
    AWAIT(rec, cache.markViewed(2, now - 500));
    AWAIT(rec, cache.markViewed(1)); // now, by the clock
    AWAIT(rec, cache.markViewed(2, now - 5000));
    quint64 id = cache.loadHistory();
    AWAIT(rec, id);
    QList<HistoryEntry> h = rec.histories.value(id);
    QCOMPARE(h.size(), 2);
    QCOMPARE(h.at(0).postId, 1);
    QCOMPARE(h.at(0).viewedAt, now);
    QCOMPARE(h.at(0).post, std::optional<Post>(posts.at(0)));
    QCOMPARE(h.at(1).postId, 2);
    QCOMPARE(h.at(1).viewedAt, now - 500);

    // Capped at the newest 60.
    for (int i = 3; i <= 70; ++i)
        AWAIT(rec, cache.markViewed(i, now + i));
    id = cache.loadHistory();
    AWAIT(rec, id);
    h = rec.histories.value(id);
    QCOMPARE(h.size(), Cache::kHistoryLimit);
    QList<qint64> ids;
    for (const HistoryEntry &e : h)
        ids.append(e.postId);
    QCOMPARE(ids, range(70, 11));
    QVERIFY(cache.waitForIdle());
    QCOMPARE(Peek(path).value(u"SELECT count(*) FROM history"_s).toInt(), Cache::kHistoryLimit);

    // A post that is not cached is listed without its data.
    AWAIT(rec, cache.markViewed(12345, now + 100));
    id = cache.loadHistory();
    AWAIT(rec, id);
    QCOMPARE(rec.histories.value(id).first().postId, 12345);
    QCOMPARE(rec.histories.value(id).first().post, std::nullopt);

    // 30 days: a view older than that is gone at once; others expire as the clock moves.
    AWAIT(rec, cache.clear());
    AWAIT(rec, cache.savePosts(posts));
    AWAIT(rec, cache.markViewed(1, now - 31 * kDay));
    AWAIT(rec, cache.markViewed(2, now - 29 * kDay));
    AWAIT(rec, cache.markViewed(3, now - 30 * kDay)); // exactly 30 days: still kept
    AWAIT(rec, cache.markViewed(4, now));
    id = cache.loadHistory();
    AWAIT(rec, id);
    ids.clear();
    for (const HistoryEntry &e : rec.histories.value(id))
        ids.append(e.postId);
    QCOMPARE(ids, QList<qint64>({4, 2, 3}));
    now += 2 * kDay;
    id = cache.loadHistory();
    AWAIT(rec, id);
    ids.clear();
    for (const HistoryEntry &e : rec.histories.value(id))
        ids.append(e.postId);
    QCOMPARE(ids, QList<qint64>({4}));
}

void TestCache::clearEmptiesEverything()
{
    Cache cache;
    Recorder rec(cache);
    OPEN_OK(cache, freshPath());
    AWAIT(rec, cache.savePosts({makePost(1, 1)}, u"all"_s, true, u"c"_s));
    AWAIT(rec, cache.saveComments(1, {makeComment(1, 2, 0, 0, 1, 0, 1)}));
    AWAIT(rec, cache.saveMeta(u"sync.cursor"_s, u"x"_s));
    AWAIT(rec, cache.markViewed(1));
    AWAIT(rec, cache.clear());
    const quint64 t = cache.loadTimeline(u"all"_s, 10);
    const quint64 f = cache.loadFloors(1, 0, 10);
    const quint64 m = cache.loadMeta(u"sync.cursor"_s);
    const quint64 h = cache.loadHistory();
    const quint64 u = cache.loadUsers({10003});
    AWAIT(rec, t);
    AWAIT(rec, f);
    AWAIT(rec, m);
    AWAIT(rec, h);
    AWAIT(rec, u);
    QVERIFY(!rec.timelines.value(t).known);
    QVERIFY(rec.floors.value(f).roots.isEmpty());
    QCOMPARE(rec.metas.value(m), std::nullopt);
    QVERIFY(rec.histories.value(h).isEmpty());
    QVERIFY(rec.users.value(u).isEmpty());
}

void TestCache::reopenKeepsData()
{
    const QString path = freshPath();
    const Post p = makePost(3, 3);
    {
        Cache cache;
        Recorder rec(cache);
        OPEN_OK(cache, path);
        AWAIT(rec, cache.savePosts({p}, u"all"_s, true, u"n"_s));
        AWAIT(rec, cache.saveMeta(u"sync.cursor"_s, u"cur"_s));
        // No close(): the destructor finishes the queue and closes.
    }
    QStringList requests;
    Cache cache;
    Recorder rec(cache);
    cache.setRequestObserver([&requests](const char *r) { requests.append(QLatin1StringView(r)); });
    QSignalSpy opened(&cache, &Cache::opened);
    OPEN_OK(cache, path);
    const quint64 t = cache.loadTimeline(u"all"_s, 10);
    const quint64 m = cache.loadMeta(u"sync.cursor"_s);
    AWAIT(rec, t);
    AWAIT(rec, m);
    // The integrity check of an existing file ran (after open) and found nothing.
    QVERIFY(cache.waitForIdle());
    QVERIFY(requests.contains(u"integrityCheck"_s));
    QCOMPARE(opened.size(), 1);
    QCOMPARE(rec.timelines.value(t).posts, QList<Post>({p}));
    QCOMPARE(rec.timelines.value(t).next, std::optional<QString>(u"n"_s));
    QCOMPARE(rec.metas.value(m), std::optional<QString>(u"cur"_s));
    // A second open of the same object reopens cleanly.
    OPEN_OK(cache, path);
}

void TestCache::allWorkOffTheCallingThread()
{
    QMutex mutex;
    QList<QThread *> workThreads;
    QStringList requests;
    Cache cache;
    Recorder rec(cache);
    cache.setRequestObserver([&](const char *request) {
        QMutexLocker lock(&mutex);
        workThreads.append(QThread::currentThread());
        requests.append(QString::fromLatin1(request));
    });
    QVERIFY(cache.workerThread());
    QVERIFY(cache.workerThread() != QThread::currentThread());
    QVERIFY(cache.workerThread()->isRunning());

    OPEN_OK(cache, freshPath());
    AWAIT(rec, cache.savePosts({makePost(1, 1)}, u"all"_s, true, {}));
    AWAIT(rec, cache.loadTimeline(u"all"_s, 10));
    AWAIT(rec, cache.saveComments(1, {makeComment(1, 2, 0, 0, 1, 0, 1)}));
    AWAIT(rec, cache.loadFloors(1, 0, 10));
    AWAIT(rec, cache.markViewed(1));
    AWAIT(rec, cache.loadHistory());
    AWAIT(rec, cache.saveMeta(u"k"_s, u"v"_s));
    AWAIT(rec, cache.loadMeta(u"k"_s));
    AWAIT(rec, cache.close());

    QMutexLocker lock(&mutex);
    QCOMPARE(requests.size(), 10);
    QCOMPARE(requests.first(), u"open"_s);
    for (QThread *t : std::as_const(workThreads))
        QCOMPARE(t, cache.workerThread());
    // Answers come back on the caller's thread.
    QVERIFY(!rec.answerThreads.isEmpty());
    for (QThread *t : std::as_const(rec.answerThreads))
        QCOMPARE(t, QThread::currentThread());
}

void TestCache::malformedRowsAreSkippedAndDeleted()
{
    const QString path = freshPath();
    Cache cache;
    Recorder rec(cache);
    OPEN_OK(cache, path);
    AWAIT(rec,
          cache.savePosts({makePost(1, 3), makePost(2, 2), makePost(3, 1)}, u"all"_s, true, {}));
    AWAIT(rec, cache.saveComments(1, {makeComment(1, 10, 0, 0, 1, 0, 1),
                                      makeComment(1, 11, 0, 0, 2, 0, 2),
                                      makeComment(1, 12, 11, 11, 2, 1, 3)}));
    AWAIT(rec, cache.saveLikes(1, {Like{1, 1, 1, user(10001)}, Like{2, 1, 2, user(10002)}}));
    AWAIT(rec, cache.markViewed(3));
    QVERIFY(cache.waitForIdle());
    {
        // Damage rows behind the cache's back (WAL lets a second connection write).
        Peek peek(path);
        QVERIFY(peek.execBlob(u"UPDATE posts SET data = ? WHERE id = 2"_s, "\xde\xad\xbe\xef"));
        // A well-formed blob of another post in the wrong row.
        QVERIFY(peek.execBlob(u"UPDATE posts SET data = ? WHERE id = 3"_s,
                              CacheBlob::encode(makePost(1, 3))));
        QVERIFY(peek.execBlob(u"UPDATE comments SET data = ? WHERE id = 12"_s, "C"));
        QVERIFY(peek.execBlob(u"UPDATE likes SET data = ? WHERE uid = 10002"_s, "L"));
        QVERIFY(peek.execBlob(u"UPDATE users SET data = ? WHERE uid = 10003"_s, "U\x01\x80"));
    }
    const quint64 t = cache.loadTimeline(u"all"_s, 10);
    const quint64 p = cache.loadPost(2);
    const quint64 f = cache.loadFloors(1, 0, 10);
    const quint64 l = cache.loadLikes(1);
    const quint64 u = cache.loadUsers({10003});
    const quint64 h = cache.loadHistory();
    AWAIT(rec, t);
    AWAIT(rec, p);
    AWAIT(rec, f);
    AWAIT(rec, l);
    AWAIT(rec, u);
    AWAIT(rec, h);
    QCOMPARE(idsOf(rec.timelines.value(t).posts), QList<qint64>({1}));
    QCOMPARE(rec.posts.value(p), std::nullopt);
    QCOMPARE(idsOf(rec.floors.value(f).roots), QList<qint64>({10, 11}));
    QVERIFY(rec.floors.value(f).replies.isEmpty());
    QCOMPARE(rec.likes.value(l).size(), 1);
    QVERIFY(rec.users.value(u).isEmpty());
    // Post 3's row was dropped: its entry stays, without the post.
    QCOMPARE(rec.histories.value(h).size(), 1);
    QCOMPARE(rec.histories.value(h).first().postId, 3);
    QCOMPARE(rec.histories.value(h).first().post, std::nullopt);
    QVERIFY(cache.waitForIdle());

    Peek peek(path);
    QCOMPARE(peek.ids(u"SELECT id FROM posts ORDER BY id"_s), QList<qint64>({1}));
    QCOMPARE(peek.ids(u"SELECT id FROM comments ORDER BY id"_s), QList<qint64>({10, 11}));
    QCOMPARE(peek.value(u"SELECT count(*) FROM likes"_s).toInt(), 1);
    QCOMPARE(peek.value(u"SELECT count(*) FROM users"_s).toInt(), 0);
    QCOMPARE(peek.value(u"SELECT count(*) FROM timeline"_s).toInt(), 1);
}

void TestCache::corruptFileIsMovedAside_data()
{
    QTest::addColumn<QString>("kind");
    QTest::newRow("random bytes") << u"random"_s;
    QTest::newRow("truncated real cache") << u"truncated"_s;
    QTest::newRow("zero-length") << u"empty"_s;
    QTest::newRow("directory") << u"directory"_s;
    QTest::newRow("damaged pages (quick_check)") << u"damaged"_s;
    QTest::newRow("foreign SQLite database") << u"foreign"_s;
    QTest::newRow("newer schema version") << u"newer"_s;
    QTest::newRow("stale WAL without its file") << u"stalewal"_s;
}

void TestCache::corruptFileIsMovedAside()
{
    QFETCH(QString, kind);
    const QString path = freshPath();
    const QDir dir = QFileInfo(path).absoluteDir();

    // The outbox lives beside the cache: it must come through untouched.
    const QString outbox = dir.filePath(u"outbox.sqlite"_s);
    {
        Peek peek(outbox);
        QVERIFY(peek.exec(u"CREATE TABLE actions (id INTEGER PRIMARY KEY, body TEXT)"_s));
        QVERIFY(peek.exec(u"INSERT INTO actions (body) VALUES ('like 90012')"_s));
    }
    const QByteArray outboxBytes = readFile(outbox);
    const QDateTime outboxTime = QFileInfo(outbox).lastModified();
    QVERIFY(!outboxBytes.isEmpty());

    QRandomGenerator rng(1234);
    if (kind == u"random"_s) {
        QByteArray junk(64 * 1024, Qt::Uninitialized);
        for (char &ch : junk)
            ch = char(rng.bounded(256));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(junk);
    } else if (kind == u"truncated"_s) {
        writeRealCache(path, 400);
        if (QTest::currentTestFailed())
            return;
        QFile f(path);
        QVERIFY(f.size() > 64 * 1024);
        QVERIFY(f.resize(f.size() / 2 + 100));
    } else if (kind == u"empty"_s) {
        // Nothing leaves a zero-length cache but an interrupted creation: treated as damaged.
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
    } else if (kind == u"directory"_s) {
        QVERIFY(QDir().mkpath(path));
        QFile inside(path + u"/keep.txt"_s);
        QVERIFY(inside.open(QIODevice::WriteOnly));
        inside.write("mine");
    } else if (kind == u"damaged"_s) {
        writeRealCache(path, 400);
        if (QTest::currentTestFailed())
            return;
        // The schema's own pages (sqlite_master's, wherever a growing schema put them).
        QList<qint64> schemaPages;
        {
            Peek peek(path);
            schemaPages = peek.ids(
                u"SELECT pageno - 1 FROM dbstat WHERE name IN ('sqlite_master', 'sqlite_schema')"_s);
        }
        QVERIFY(!schemaPages.isEmpty());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadWrite));
        const qint64 pages = f.size() / 4096;
        QVERIFY(pages > 20);
        // Overwrite the middle of every third page after the first few (the header and the
        // schema stay readable, so only quick_check can tell).
        for (qint64 page = 4; page < pages - 1; page += 3) {
            if (schemaPages.contains(page))
                continue;
            QVERIFY(f.seek(page * 4096 + 100));
            f.write(QByteArray(2000, char(0x5a)));
        }
    } else if (kind == u"foreign"_s) {
        Peek peek(path);
        QVERIFY(peek.exec(u"CREATE TABLE notes (t TEXT)"_s));
        QVERIFY(peek.exec(u"INSERT INTO notes VALUES ('not a cache')"_s));
    } else if (kind == u"newer"_s) {
        writeRealCache(path, 10);
        if (QTest::currentTestFailed())
            return;
        Peek peek(path);
        QVERIFY(peek.exec(u"PRAGMA user_version = %1"_s.arg(cacheschema::kVersion + 1)));
    } else if (kind == u"stalewal"_s) {
        QFile f(path + u"-wal"_s);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(4096, char(7)));
    }
    const QByteArray before = QFileInfo(path).isFile() ? readFile(path) : QByteArray();

    Cache cache;
    Recorder rec(cache);
    QSignalSpy spy(&cache, &Cache::opened);
    cache.open(path);
    auto recoveredAt = [&spy]() -> qsizetype {
        for (qsizetype i = 0; i < spy.size(); ++i)
            if (spy.at(i).at(2).toBool())
                return i;
        return -1;
    };
    QTRY_VERIFY_WITH_TIMEOUT(recoveredAt() >= 0, kTimeoutMs);
    const QList<QVariant> args = spy.at(recoveredAt());
    const OpenResult r{args.at(0).toBool(), args.at(1).toString(), args.at(2).toBool(),
                       args.at(3).toString()};
    if (kind == u"damaged"_s) {
        // Only reading every page tells: the background quick_check after a plain open.
        QCOMPARE(spy.size(), 2);
        QVERIFY(spy.at(0).at(0).toBool());
        QVERIFY(!spy.at(0).at(2).toBool());
    } else {
        QCOMPARE(spy.size(), 1);
    }
    QVERIFY2(r.ok, qPrintable(r.error));
    QVERIFY(r.recovered);
    QVERIFY(!r.error.isEmpty()); // the reason, for the UI to tell
    qInfo() << kind << "->" << r.error;

    // Moved aside under a .corrupt-* name in the same directory, with its content.
    const QStringList aside =
        dir.entryList({QFileInfo(path).fileName() + u".corrupt-*"_s},
                      QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden);
    QVERIFY2(!aside.isEmpty(), qPrintable(dir.entryList().join(u", "_s)));
    QVERIFY(QFileInfo::exists(r.movedAside));
    QCOMPARE(QFileInfo(r.movedAside).absolutePath(), dir.absolutePath());
    if (kind == u"directory"_s) {
        QCOMPARE(readFile(r.movedAside + u"/keep.txt"_s), QByteArray("mine"));
    } else if (kind != u"stalewal"_s) {
        QCOMPARE(readFile(r.movedAside), before);
    }

    // The sibling outbox is untouched.
    QCOMPARE(readFile(outbox), outboxBytes);
    QCOMPARE(QFileInfo(outbox).lastModified(), outboxTime);
    QVERIFY(!QFileInfo::exists(outbox + u"-wal"_s));

    // A fresh, working cache is in its place.
    QVERIFY(QFileInfo(path).isFile());
    AWAIT(rec, cache.savePosts({makePost(1, 1)}, u"all"_s, true, {}));
    const quint64 t = cache.loadTimeline(u"all"_s, 10);
    AWAIT(rec, t);
    QCOMPARE(rec.timelines.value(t).posts.size(), 1);
    AWAIT(rec, cache.close());
    Peek peek(path);
    QCOMPARE(peek.value(u"PRAGMA user_version"_s).toInt(), cacheschema::kVersion);
    QCOMPARE(peek.value(u"PRAGMA quick_check"_s).toString(), u"ok"_s);
}

void TestCache::migratesFromVersion0()
{
    // An empty SQLite database (a header, no tables, user_version 0) is version 0: migrated,
    // not treated as damaged.
    const QString path = freshPath();
    {
        Peek peek(path);
        QVERIFY(peek.exec(u"CREATE TABLE t (x)"_s));
        QVERIFY(peek.exec(u"DROP TABLE t"_s));
        QCOMPARE(peek.value(u"PRAGMA user_version"_s).toInt(), 0);
    }
    QVERIFY(QFileInfo(path).size() > 0);

    Cache cache;
    Recorder rec(cache);
    OPEN_OK(cache, path);
    AWAIT(rec, cache.savePosts({makePost(1, 1)}, u"all"_s, true, {}));
    AWAIT(rec, cache.markViewed(1));
    QVERIFY(cache.waitForIdle());
    Peek peek(path);
    QCOMPARE(peek.value(u"PRAGMA user_version"_s).toInt(), cacheschema::kVersion);
    QCOMPARE(peek.value(u"SELECT count(*) FROM posts"_s).toInt(), 1);
    QCOMPARE(peek.value(u"SELECT count(*) FROM history"_s).toInt(), 1);
}

void TestCache::migratesStepwiseFromVersion1()
{
    // A file a version-1 client wrote, with a post in it: opening runs step 2 only.
    const QString path = freshPath();
    const Post p = makePost(31, 31);
    {
        Peek peek(path);
        for (const char *sql : cacheschema::kMigrations[0])
            QVERIFY(peek.exec(QString::fromLatin1(sql)));
        QVERIFY(peek.exec(u"PRAGMA user_version = 1"_s));
        QVERIFY(peek.execBlob(u"INSERT INTO posts (id, author_uid, createtime, hidden, data) "
                              u"VALUES (31, 10003, 31, 0, ?)"_s,
                              CacheBlob::encode(p)));
        QCOMPARE(peek.value(u"SELECT count(*) FROM sqlite_master WHERE name = 'history'"_s).toInt(),
                 0);
    }
    Cache cache;
    Recorder rec(cache);
    OPEN_OK(cache, path);
    const quint64 loaded = cache.loadPost(31);
    AWAIT(rec, loaded);
    QCOMPARE(rec.posts.value(loaded), std::optional<Post>(p));
    AWAIT(rec, cache.markViewed(31));
    const quint64 h = cache.loadHistory();
    AWAIT(rec, h);
    QCOMPARE(rec.histories.value(h).size(), 1);
    QVERIFY(cache.waitForIdle());
    QCOMPARE(Peek(path).value(u"PRAGMA user_version"_s).toInt(), cacheschema::kVersion);
}

QTEST_GUILESS_MAIN(TestCache)
#include "tst_cache.moc"

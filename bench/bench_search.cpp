// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// bench_search: offline search in the client cache (Cache::search, docs/performance.md, "Offline
// search") at the size of a heavy user's cache: 100,000 posts and 500,000 comments of generated
// Chinese and English text (words drawn with a skewed frequency from a vocabulary, in sentences
// of a few patterns, emoji now and then).
//   1. The first page (20) of each query, posts and comments, from the call to `searchLoaded`,
//      median of --runs: a 3-character Chinese word, a longer Chinese phrase, an English word, a
//      query whose trigrams are nowhere and one whose trigrams are all there but never in a row;
//      and, for the record, a 2-character query (the newest 2,000 only). Target ≤ 50 ms each.
//   2. The index's share of the cache file (SQLite's dbstat: the pages of posts_search* and
//      comments_search* over the file's pages, after a checkpoint). Target ≤ 40 %. For
//      comparison the same text indexed with detail='column' and detail='full' in a copy.
//   3. The first start after the upgrade: a version 3 cache of this size (the index dropped)
//      opened, its migration indexing every row before `opened`.
// The file is written once through the Cache itself (savePosts, saveComments: the index as the
// client's own writes leave it; --raw: a plain sqlite3 loop, indexed at the end — faster) and kept
// with --keep for another run
// (--reuse).
//
//   bench_search [--runs N] [--posts N] [--comments N] [--dir DIR] [--keep] [--reuse] [--raw]
//                [--strict]
// --strict exits 1 when a target is missed.
#include "cache/cache.h"
#include "cache/cacheblob.h"
#include "cache/cachefunctions.h"
#include "cache/cacheschema.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>

#include <sqlite3.h>

#include <algorithm>
#include <cstdio>
#include <random>

using namespace threadline::core;
using namespace Qt::StringLiterals;

namespace {

constexpr qint64 kBaseTime = 1'700'000'000'000;

// The vocabulary: everyday Chinese words (of 2 to 4 characters) and English words; a text is a
// few sentences of them. Earlier words are drawn more often (a skewed, Zipf-like frequency), as
// in real text.
const QStringList kZh =
    QStringLiteral(
        "今天 我们 朋友 周末 一起 时候 觉得 非常 喜欢 天气 公园 咖啡 咖啡馆 工作 下班 晚饭 "
        "早上 晚上 孩子 妈妈 爸爸 老师 同学 学校 城市 地铁 公交 出租车 自行车 旅行 照片 风景 "
        "日出 日落 海边 山顶 爬山 跑步 健身 瑜伽 音乐 电影 小说 游戏 手机 电脑 编程 代码 "
        "项目 会议 老板 同事 加班 假期 春节 中秋 火锅 烧烤 奶茶 蛋糕 面包 米饭 饺子 包子 "
        "红烧肉 小龙虾 西瓜 草莓 苹果 橘子 猫咪 小狗 鹦鹉 金鱼 花园 阳台 厨房 卧室 书房 "
        "图书馆 博物馆 美术馆 动物园 游乐园 电影院 超市 菜市场 医院 银行 机场 火车站 高铁 "
        "飞机 航班 酒店 民宿 雪山 草原 沙漠 森林 湖边 河边 下雨 下雪 刮风 晴天 阴天 彩虹 "
        "开心 难过 紧张 激动 感动 无聊 疲惫 放松 满意 失望 推荐 分享 记录 打卡 收藏 点赞 "
        "评论 转发 关注 新闻 消息 通知 生日 礼物 蛋挞 拿铁 美式 摩卡 抹茶 红茶 绿茶 乌龙 "
        "篮球 足球 羽毛球 乒乓球 网球 游泳 滑雪 露营 钓鱼 摄影 绘画 书法 钢琴 吉他 唱歌 "
        "跳舞 做饭 烘焙 种花 养鱼 装修 搬家 租房 买房 考试 毕业 面试 入职 辞职 创业 投资")
        .split(u' ', Qt::SkipEmptyParts);
const QStringList kEn =
    QStringLiteral(
        "the a and to of in is it for on with my at this that was so today we coffee weekend "
        "friends morning evening work home city train bus walk run park lake river mountain "
        "sunrise sunset photo music movie book game phone code project meeting boss team holiday "
        "dinner lunch breakfast cake tea noodles dumplings hotpot cat dog garden kitchen library "
        "museum airport hotel rain snow wind sunny cloudy rainbow happy tired relaxed great "
        "amazing nice finally again really just new old first last best favourite recommend "
        "share love like think feel see saw went go going back bike ride trip travel beach")
        .split(u' ', Qt::SkipEmptyParts);
const QStringList kEmoji = {u"😀"_s, u"😂"_s, u"👍"_s, u"🌅"_s, u"🍰"_s, u"☕"_s, u"🐱"_s, u"🎉"_s};

class Text
{
public:
    explicit Text(quint32 seed)
        : m_rng(seed)
    {
    }
    // A word of the vocabulary, earlier ones more often.
    QString word(const QStringList &words)
    {
        const double u = std::uniform_real_distribution<double>(0, 1)(m_rng);
        return words.at(std::min<qsizetype>(words.size() - 1, qsizetype(u * u * words.size())));
    }
    int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(m_rng); }
    // A Chinese sentence: one of a few patterns, filled with words.
    QString zh()
    {
        switch (pick(5)) {
        case 0:
            return u"今天和"_s + word(kZh) + u"一起去"_s + word(kZh) + u"，"_s + word(kZh) +
                   u"真的很"_s + word(kZh) + u"。"_s;
        case 1:
            return u"周末和朋友一起去"_s + word(kZh) + u"，"_s + word(kZh) + word(kZh) + u"！"_s;
        case 2:
            return word(kZh) + word(kZh) + u"的"_s + word(kZh) + u"，推荐大家去"_s + word(kZh) +
                   u"看看。"_s;
        case 3:
            return u"有没有人知道"_s + word(kZh) + u"哪里的"_s + word(kZh) + u"比较好？"_s;
        default: {
            QString s;
            for (int i = 0, n = 3 + pick(6); i < n; ++i)
                s += word(kZh);
            return s + u"。"_s;
        }
        }
    }
    QString en()
    {
        QString s;
        for (int i = 0, n = 5 + pick(10); i < n; ++i) {
            if (i)
                s += u' ';
            QString w = word(kEn);
            if (i == 0)
                w[0] = w.at(0).toUpper();
            s += w;
        }
        return s + (pick(3) ? u"."_s : u"!"_s);
    }
    // A post (sentences, 1 in 3 English, emoji now and then) or a shorter comment.
    QString text(int sentences)
    {
        QString s;
        for (int i = 0; i < sentences; ++i) {
            if (i)
                s += u' ';
            s += pick(3) ? zh() : en();
        }
        if (pick(4) == 0)
            s += u' ' + kEmoji.at(pick(int(kEmoji.size())));
        return s;
    }

private:
    std::mt19937 m_rng;
};

UserBrief user(qint64 uid)
{
    return {uid, u"用户%1"_s.arg(uid), u"/api/v1/media/avatar-%1.jpg"_s.arg(uid)};
}

void check(int rc, sqlite3 *db, const char *what)
{
    if (rc == SQLITE_OK || rc == SQLITE_DONE || rc == SQLITE_ROW)
        return;
    std::fprintf(stderr, "%s: %s\n", what, db ? sqlite3_errmsg(db) : "?");
    std::exit(2);
}

// The generated cache: post i (1-based) and its share of the comments, floors and replies.
class World
{
public:
    World(int posts, int comments)
        : m_perPost(double(comments) / posts)
    {
    }
    Post post(qint64 i, QList<Comment> *comments)
    {
        Post p;
        p.id = i;
        p.createtime = kBaseTime + i * 60'000;
        p.author = user(10001 + i % 500);
        p.content = m_text.text(1 + m_text.pick(4));
        p.device = u"红米 6"_s;
        p.likeCount = i % 17;
        p.commentCount = i % 9;
        comments->clear();
        const qint64 until = qint64(m_perPost * double(i));
        qint64 root = 0;
        for (int k = 0; m_written < until; ++k, ++m_written) {
            Comment c;
            c.id = m_commentId++;
            c.postId = i;
            const bool reply = root != 0 && m_text.pick(3) == 0;
            c.rootId = reply ? root : 0;
            c.parentId = c.rootId;
            c.floor = k + 1;
            c.seq = reply ? k : 0;
            c.author = user(10001 + c.id % 500);
            if (reply)
                c.replyTo = user(10001 + root % 500);
            c.content = m_text.pick(4) ? m_text.zh() : m_text.en();
            c.createtime = p.createtime + k * 1000;
            if (!reply)
                root = c.id;
            comments->append(c);
        }
        return p;
    }
    [[nodiscard]] qint64 written() const { return m_written; }

private:
    Text m_text{20260501};
    double m_perPost;
    qint64 m_commentId = 1'000'000;
    qint64 m_written = 0;
};

// Waits (running the event loop) for the answer to request `id` of the cache.
bool await(Cache &cache, quint64 id)
{
    QEventLoop loop;
    bool ok = false;
    QObject ctx;
    QObject::connect(&cache, &Cache::done, &ctx, [&](quint64 got) {
        if (got == id) {
            ok = true;
            loop.quit();
        }
    });
    QObject::connect(&cache, &Cache::failed, &ctx, [&](quint64 got, const QString &error) {
        if (got == id) {
            std::fprintf(stderr, "request failed: %s\n", qPrintable(error));
            loop.quit();
        }
    });
    loop.exec();
    return ok;
}

bool openCache(Cache &cache, const QString &path);

// The cache file as the client writes it: through the Cache, pages of 500 posts (savePosts) and
// each post's comments (saveComments), the index kept by the cache's own queue as it goes.
void buildThroughCache(const QString &path, int posts, int comments)
{
    Cache cache;
    if (!openCache(cache, path))
        std::exit(2);
    World world(posts, comments);
    QList<Post> page;
    QList<Comment> theirs;
    quint64 last = 0;
    for (qint64 i = 1; i <= posts; ++i) {
        page.append(world.post(i, &theirs));
        if (!theirs.isEmpty())
            last = cache.saveComments(i, theirs);
        if (page.size() == 500 || i == posts) {
            last = cache.savePosts(page);
            page.clear();
            if (!await(cache, last)) // a page at a time: the requests' memory stays small
                std::exit(2);
            std::fprintf(stderr, "\rwriting: %lld posts, %lld comments", i, world.written());
        }
    }
    std::fprintf(stderr, "\n");
    Q_UNUSED(last);
}

// The same file written by a plain sqlite3 loop with the cache's schema, in transactions of
// 10,000 posts, and indexed at the end as the migration indexes a cache (faster to make).
void buildRaw(const QString &path, int posts, int comments)
{
    sqlite3 *db = nullptr;
    check(sqlite3_open(path.toUtf8().constData(), &db), db, "open");
    check(registerCacheFunctions(db), db, "functions");
    check(sqlite3_exec(db, "PRAGMA journal_mode = WAL", nullptr, nullptr, nullptr), db, "wal");
    check(sqlite3_exec(db, "PRAGMA synchronous = NORMAL", nullptr, nullptr, nullptr), db, "sync");
    for (const auto &step : cacheschema::kMigrations)
        for (const char *sql : step)
            check(sqlite3_exec(db, sql, nullptr, nullptr, nullptr), db, "schema");
    check(sqlite3_exec(
              db,
              QByteArray("PRAGMA user_version = " + QByteArray::number(cacheschema::kVersion))
                  .constData(),
              nullptr, nullptr, nullptr),
          db, "version");
    sqlite3_stmt *post = nullptr;
    sqlite3_stmt *comment = nullptr;
    check(sqlite3_prepare_v2(db,
                             "INSERT INTO posts (id, author_uid, createtime, hidden, data)"
                             " VALUES (?1, ?2, ?3, 0, ?4)",
                             -1, &post, nullptr),
          db, "prepare");
    check(sqlite3_prepare_v2(db,
                             "INSERT INTO comments (id, post_id, root_id, parent_id, floor, seq,"
                             " createtime, data) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                             -1, &comment, nullptr),
          db, "prepare");
    World world(posts, comments);
    QList<Comment> theirs;
    QByteArray blob;
    check(sqlite3_exec(db, "BEGIN", nullptr, nullptr, nullptr), db, "begin");
    for (qint64 i = 1; i <= posts; ++i) {
        const Post p = world.post(i, &theirs);
        blob.resize(0);
        CacheBlob::encode(p, blob);
        sqlite3_bind_int64(post, 1, p.id);
        sqlite3_bind_int64(post, 2, p.author.uid);
        sqlite3_bind_int64(post, 3, p.createtime);
        sqlite3_bind_blob(post, 4, blob.constData(), int(blob.size()), SQLITE_STATIC);
        check(sqlite3_step(post), db, "post");
        sqlite3_reset(post);
        for (const Comment &c : std::as_const(theirs)) {
            blob.resize(0);
            CacheBlob::encode(c, blob);
            sqlite3_bind_int64(comment, 1, c.id);
            sqlite3_bind_int64(comment, 2, c.postId);
            sqlite3_bind_int64(comment, 3, c.rootId);
            sqlite3_bind_int64(comment, 4, c.parentId);
            sqlite3_bind_int64(comment, 5, c.floor);
            sqlite3_bind_int64(comment, 6, c.seq);
            sqlite3_bind_int64(comment, 7, c.createtime);
            sqlite3_bind_blob(comment, 8, blob.constData(), int(blob.size()), SQLITE_STATIC);
            check(sqlite3_step(comment), db, "comment");
            sqlite3_reset(comment);
        }
        if (i % 10'000 == 0) {
            check(sqlite3_exec(db, "COMMIT; BEGIN", nullptr, nullptr, nullptr), db, "commit");
            std::fprintf(stderr, "\rwriting: %lld posts, %lld comments", i, world.written());
        }
    }
    check(sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr), db, "commit");
    std::fprintf(stderr, "\n");
    sqlite3_finalize(post);
    sqlite3_finalize(comment);
    check(sqlite3_exec(db,
                       "INSERT INTO posts_search (rowid, body)"
                       " SELECT id, threadline_post_text(data) FROM posts;"
                       "INSERT INTO comments_search (rowid, body)"
                       " SELECT id, threadline_comment_text(data) FROM comments;"
                       "PRAGMA wal_checkpoint(TRUNCATE)",
                       nullptr, nullptr, nullptr),
          db, "index");
    sqlite3_close(db);
}

// Bytes of the objects whose names start with one of the prefixes, and of the whole file.
struct Sizes
{
    qint64 index = 0;
    qint64 file = 0;
};
Sizes sizes(const QString &path, const QList<QByteArray> &prefixes)
{
    sqlite3 *db = nullptr;
    check(sqlite3_open(path.toUtf8().constData(), &db), db, "open");
    check(sqlite3_exec(db, "PRAGMA wal_checkpoint(TRUNCATE)", nullptr, nullptr, nullptr), db,
          "checkpoint");
    Sizes s;
    sqlite3_stmt *q = nullptr;
    check(sqlite3_prepare_v2(db, "SELECT name, sum(pgsize) FROM dbstat GROUP BY name", -1, &q,
                             nullptr),
          db, "dbstat (SQLITE_ENABLE_DBSTAT_VTAB)");
    while (sqlite3_step(q) == SQLITE_ROW) {
        const QByteArray name(reinterpret_cast<const char *>(sqlite3_column_text(q, 0)));
        const qint64 bytes = sqlite3_column_int64(q, 1);
        s.file += bytes;
        for (const QByteArray &p : prefixes)
            if (name.startsWith(p))
                s.index += bytes;
    }
    sqlite3_finalize(q);
    sqlite3_close(db);
    return s;
}

// The same text indexed with another detail= in a copy of the file: the bytes of that index.
qint64 alternative(const QString &path, const char *detail)
{
    const QString copy = path + u".alt"_s;
    QFile::remove(copy);
    if (!QFile::copy(path, copy))
        std::exit(2);
    sqlite3 *db = nullptr;
    check(sqlite3_open(copy.toUtf8().constData(), &db), db, "open");
    check(registerCacheFunctions(db), db, "functions");
    const QByteArray sql =
        QByteArray("CREATE VIRTUAL TABLE alt_posts USING fts5(body, content='',"
                   " tokenize='trigram', detail='") +
        detail +
        "', columnsize=0);"
        "CREATE VIRTUAL TABLE alt_comments USING fts5(body, content='', tokenize='trigram',"
        " detail='" +
        detail +
        "', columnsize=0);"
        "INSERT INTO alt_posts (rowid, body) SELECT id, threadline_post_text(data) FROM posts;"
        "INSERT INTO alt_comments (rowid, body) SELECT id, threadline_comment_text(data)"
        " FROM comments;"
        "INSERT INTO alt_posts (alt_posts) VALUES ('optimize');"
        "INSERT INTO alt_comments (alt_comments) VALUES ('optimize');";
    check(sqlite3_exec(db, sql.constData(), nullptr, nullptr, nullptr), db, "alternative");
    sqlite3_close(db);
    const qint64 bytes = sizes(copy, {"alt_"}).index;
    for (const char *suffix : {"", "-wal", "-shm"})
        QFile::remove(copy + QLatin1StringView(suffix));
    return bytes;
}

// A copy of the file as a client before search left it (schema version 3): the index, its
// queue and triggers dropped.
QString versionThreeCopy(const QString &path)
{
    const QString copy = path + u".v3"_s;
    for (const char *suffix : {"", "-wal", "-shm"})
        QFile::remove(copy + QLatin1StringView(suffix));
    if (!QFile::copy(path, copy))
        std::exit(2);
    sqlite3 *db = nullptr;
    check(sqlite3_open(copy.toUtf8().constData(), &db), db, "open");
    for (const auto &[name, sql] : cacheschema::kSearchTriggers)
        check(sqlite3_exec(db, QByteArray("DROP TRIGGER ").append(name).constData(), nullptr,
                           nullptr, nullptr),
              db, "drop");
    check(sqlite3_exec(db,
                       "DROP TABLE posts_search; DROP TABLE comments_search;"
                       " DROP TABLE search_queue; PRAGMA user_version = 3; VACUUM",
                       nullptr, nullptr, nullptr),
          db, "v3");
    sqlite3_close(db);
    return copy;
}

bool openCache(Cache &cache, const QString &path)
{
    QEventLoop loop;
    bool ok = false;
    QObject ctx;
    QObject::connect(&cache, &Cache::opened, &ctx, [&](bool success, const QString &error) {
        ok = success;
        if (!success)
            std::fprintf(stderr, "open failed: %s\n", qPrintable(error));
        loop.quit();
    });
    cache.open(path);
    loop.exec();
    return ok;
}

// One search, from the call to its answer: the time in ms and the page.
double timedSearch(Cache &cache, SearchPage::Kind kind, const QString &text, SearchPage *page)
{
    QEventLoop loop;
    QObject ctx;
    quint64 id = 0;
    QElapsedTimer timer;
    double ms = -1;
    QObject::connect(&cache, &Cache::searchLoaded, &ctx,
                     [&](quint64 got, const SearchPage &answer) {
                         if (got != id)
                             return;
                         ms = timer.nsecsElapsed() / 1e6;
                         *page = answer;
                         loop.quit();
                     });
    QObject::connect(&cache, &Cache::failed, &ctx, [&](quint64 got, const QString &error) {
        if (got == id) {
            std::fprintf(stderr, "search failed: %s\n", qPrintable(error));
            std::exit(2);
        }
    });
    timer.start();
    id = cache.search(kind, text, std::nullopt, 20);
    loop.exec();
    return ms;
}

double median(QList<double> v)
{
    std::sort(v.begin(), v.end());
    const qsizetype n = v.size();
    return n % 2 ? v.at(n / 2) : (v.at(n / 2 - 1) + v.at(n / 2)) / 2;
}

QString loadAverage()
{
    QFile f(u"/proc/loadavg"_s);
    if (!f.open(QIODevice::ReadOnly))
        return u"n/a"_s;
    return QString::fromLatin1(f.readAll()).section(u' ', 0, 2);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QLoggingCategory::setFilterRules(u"threadline.cache.debug=false"_s);
    QCommandLineParser parser;
    parser.setApplicationDescription(u"Offline search benchmark"_s);
    parser.addHelpOption();
    parser.addOption({u"runs"_s, u"Runs per query (at least 5)."_s, u"n"_s, u"9"_s});
    parser.addOption({u"posts"_s, u"Cached posts."_s, u"n"_s, u"100000"_s});
    parser.addOption({u"comments"_s, u"Cached comments."_s, u"n"_s, u"500000"_s});
    parser.addOption(
        {u"dir"_s, u"Directory for the cache file (default: a temporary one)."_s, u"dir"_s});
    parser.addOption({u"keep"_s, u"Keep the cache file (search.sqlite in --dir)."_s});
    parser.addOption({u"reuse"_s, u"Use search.sqlite in --dir as it is, when there."_s});
    parser.addOption({u"raw"_s, u"Write the file with a plain sqlite3 loop (faster)."_s});
    parser.addOption({u"strict"_s, u"Exit 1 when a target is missed."_s});
    parser.process(app);
    const int runs = std::max(5, parser.value(u"runs"_s).toInt());
    const int posts = std::max(1000, parser.value(u"posts"_s).toInt());
    const int comments = std::max(0, parser.value(u"comments"_s).toInt());
    QTemporaryDir tmp;
    tmp.setAutoRemove(!parser.isSet(u"keep"_s));
    const QString dir = parser.isSet(u"dir"_s) ? parser.value(u"dir"_s) : tmp.path();
    const QString path = dir + u"/search.sqlite"_s;

    std::printf("bench_search: %d posts, %d comments; %d runs per query, medians; SQLite %s; "
                "Qt %s; %d cores\n",
                posts, comments, runs, sqlite3_libversion(), qVersion(),
                QThread::idealThreadCount());
    std::printf("load average (1/5/15 min) at start: %s\n", qPrintable(loadAverage()));
    std::fflush(stdout);
    if (!(parser.isSet(u"reuse"_s) && QFileInfo::exists(path))) {
        for (const char *suffix : {"", "-wal", "-shm"})
            QFile::remove(path + QLatin1StringView(suffix));
        QElapsedTimer t;
        t.start();
        if (parser.isSet(u"raw"_s))
            buildRaw(path, posts, comments);
        else
            buildThroughCache(path, posts, comments);
        std::printf("cache file written %s in %.1f s\n",
                    parser.isSet(u"raw"_s) ? "by a plain sqlite3 loop, indexed at the end"
                                           : "through the Cache (savePosts, saveComments)",
                    t.nsecsElapsed() / 1e9);
    }

    bool met = true;
    // 2. The index's share of the file.
    const Sizes s = sizes(path, {"posts_search", "comments_search"});
    const double share = 100.0 * double(s.index) / double(s.file);
    met = met && share <= 40.0;
    std::printf("\ncache file %.1f MiB, search index %.1f MiB: %.1f %% of the file "
                "(target ≤ 40 %%)\n",
                s.file / 1048576.0, s.index / 1048576.0, share);
    for (const char *detail : {"column", "full"}) {
        const qint64 alt = alternative(path, detail);
        std::printf("  for comparison, detail='%s': %.1f MiB, %.1f %% of a file that size\n",
                    detail, alt / 1048576.0, 100.0 * double(alt) / double(s.file - s.index + alt));
    }
    std::fflush(stdout);

    // 3. The first start after the upgrade: a version 3 cache of this size migrated, the
    // migration indexing every post and comment before `opened`.
    {
        const QString copy = versionThreeCopy(path);
        QElapsedTimer t;
        t.start();
        {
            Cache migrated;
            if (!openCache(migrated, copy))
                return 2;
            std::printf("\nopening a version 3 cache of this size (the migration indexes it): "
                        "%.1f s until opened\n",
                        t.nsecsElapsed() / 1e9);
        }
        for (const char *suffix : {"", "-wal", "-shm"})
            QFile::remove(copy + QLatin1StringView(suffix));
    }

    // 1. First pages.
    Cache cache;
    if (!openCache(cache, path))
        return 2;
    struct Query
    {
        const char *what;
        QString text;
    };
    const QList<Query> queries = {
        {"3-character Chinese word", u"咖啡馆"_s},
        {"longer Chinese phrase", u"周末和朋友一起去爬山"_s},
        {"English word", u"weekend"_s},
        {"no hit: a trigram nowhere", u"量子纠缠"_s},
        {"no hit: trigrams apart", u"的咖啡馆哪里的"_s},
        {"2 characters (newest 2,000)", u"周末"_s},
    };
    std::printf("\nfirst page (20) from Cache::search to searchLoaded, median of %d (min–max):\n",
                runs);
    std::printf("  %-30s %-12s %8s %16s %6s %s\n", "query", "kind", "median", "min–max", "hits",
                "");
    for (const Query &q : queries) {
        for (const auto kind : {SearchPage::Kind::Posts, SearchPage::Kind::Comments}) {
            QList<double> samples;
            SearchPage page;
            for (int r = 0; r < runs; ++r)
                samples.append(timedSearch(cache, kind, q.text, &page));
            const double m = median(samples);
            const bool counted = page.window == 0;
            if (counted)
                met = met && m <= 50.0;
            std::printf(
                "  %-30s %-12s %6.2f ms %7.2f–%-7.2f %4lld%s %s\n", q.what,
                kind == SearchPage::Kind::Posts ? "posts" : "comments", m,
                *std::min_element(samples.cbegin(), samples.cend()),
                *std::max_element(samples.cbegin(), samples.cend()),
                qint64(kind == SearchPage::Kind::Posts ? page.posts.size() : page.comments.size()),
                page.next ? "+" : " ", counted ? (m <= 50.0 ? "ok" : "MISSED") : "");
            std::fflush(stdout);
        }
    }
    std::printf("\nload average (1/5/15 min) at the end: %s\n", qPrintable(loadAverage()));
    std::printf("%s\n", met ? "all targets met" : "a target was missed");
    return parser.isSet(u"strict"_s) && !met ? 1 : 0;
}

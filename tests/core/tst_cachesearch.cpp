// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tst_cachesearch: offline search in the client's cache (Cache::search, docs/api.md "Search") on
// real SQLite files in a QTemporaryDir: any 3 or more characters of Chinese text without spaces,
// English words in any case, trigrams all there but not in a row not found, comments with their
// posts, the index kept in step by every write (upserts that change the text, removals, trims,
// a floor removed, a cleared cache), 1- and 2-character queries over the newest posts only,
// paging newest first by id, people by nickname, and a cache of schema version 3 indexed when
// it is migrated.
#include "cache/cache.h"
#include "cache/cacheblob.h"
#include "cache/cacheschema.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

using namespace threadline::core;
using namespace Qt::StringLiterals;
using Kind = SearchPage::Kind;

namespace {

constexpr int kTimeoutMs = 60000;

UserBrief user(qint64 uid, const QString &name = {})
{
    return {uid, name.isEmpty() ? u"用户%1"_s.arg(uid) : name, u"/api/v1/media/a%1.png"_s.arg(uid)};
}

Post post(qint64 id, const QString &content, qint64 uid = 10003)
{
    Post p;
    p.id = id;
    p.createtime = 1'700'000'000'000 + id;
    p.author = user(uid);
    p.content = content;
    return p;
}

Comment comment(qint64 postId, qint64 id, const QString &content, qint64 rootId = 0)
{
    Comment c;
    c.id = id;
    c.postId = postId;
    c.rootId = rootId;
    c.parentId = rootId;
    c.floor = rootId == 0 ? id : rootId;
    c.seq = rootId == 0 ? 0 : id;
    c.author = user(10001);
    c.content = content;
    c.createtime = 1'700'000'000'000 + id;
    return c;
}

QList<qint64> postIds(const SearchPage &page)
{
    QList<qint64> ids;
    for (const Post &p : page.posts)
        ids.append(p.id);
    return ids;
}

QList<qint64> commentIds(const SearchPage &page)
{
    QList<qint64> ids;
    for (const Comment &c : page.comments)
        ids.append(c.id);
    return ids;
}

} // namespace

class TestCacheSearch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void chineseByAnyThreeCharacters();
    void englishWordsInAnyCase();
    void commentsComeWithTheirPosts();
    void theIndexFollowsEveryWrite();
    void clearingEmptiesTheIndex();
    void shortQueriesReadTheNewestOnly();
    void pagesNewestFirstById();
    void peopleByNickname();
    void aVersion3CacheIsIndexedWhenMigrated();

private:
    // Waits for the cache's answer to a search (never sleeps: the spy waits on the event loop).
    SearchPage search(Kind kind, const QString &text, const std::optional<QString> &before = {},
                      int limit = 20);
    void await(quint64 request);
    void openAt(const QString &path);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Cache> m_cache;
};

void TestCacheSearch::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    openAt(m_dir->filePath(u"cache.sqlite"_s));
}

void TestCacheSearch::cleanup()
{
    m_cache.reset();
    m_dir.reset();
}

void TestCacheSearch::openAt(const QString &path)
{
    m_cache = std::make_unique<Cache>();
    QSignalSpy opened(m_cache.get(), &Cache::opened);
    m_cache->open(path);
    QVERIFY(opened.wait(kTimeoutMs));
    QVERIFY2(opened.first().at(0).toBool(), qPrintable(opened.first().at(1).toString()));
    QCOMPARE(opened.first().at(2).toBool(), false); // not rebuilt
}

void TestCacheSearch::await(quint64 request)
{
    QSignalSpy done(m_cache.get(), &Cache::done);
    QSignalSpy failed(m_cache.get(), &Cache::failed);
    QTRY_VERIFY_WITH_TIMEOUT(std::any_of(done.cbegin(), done.cend(),
                                         [request](const QList<QVariant> &a) {
                                             return a.at(0).toULongLong() == request;
                                         }) ||
                                 !failed.isEmpty(),
                             kTimeoutMs);
    QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(1).toString()));
}

SearchPage TestCacheSearch::search(Kind kind, const QString &text,
                                   const std::optional<QString> &before, int limit)
{
    SearchPage result;
    bool answered = false;
    const quint64 id = m_cache->search(kind, text, before, limit);
    const QMetaObject::Connection c = connect(m_cache.get(), &Cache::searchLoaded, this,
                                              [&](quint64 request, const SearchPage &page) {
                                                  if (request == id) {
                                                      result = page;
                                                      answered = true;
                                                  }
                                              });
    [&] { QTRY_VERIFY_WITH_TIMEOUT(answered, kTimeoutMs); }();
    disconnect(c);
    return result;
}

void TestCacheSearch::chineseByAnyThreeCharacters()
{
    await(m_cache->savePosts({post(1, u"翡翠湾里的企鹅跳起了踢踏舞，围观的海鸥都看呆了"_s),
                              post(2, u"企鹅在冰上散步，踢踏声很轻"_s),
                              post(3, u"今天天气很好，我们去公园"_s)},
                             u"all"_s));
    for (const QString &q :
         {u"企鹅跳"_s, u"踢踏舞"_s, u"海鸥都看呆了"_s, u"湾里的企鹅跳起了踢"_s}) {
        const SearchPage page = search(Kind::Posts, q);
        QVERIFY2(postIds(page) == QList<qint64>{1}, qPrintable(q));
        QCOMPARE(page.window, 0); // the index: everything
        QVERIFY(!page.next);
    }
    QCOMPARE(postIds(search(Kind::Posts, u"企鹅在冰"_s)), QList<qint64>{2});
    QCOMPARE(postIds(search(Kind::Posts, u"天气很好，我们"_s)), QList<qint64>{3});
    // every trigram of it is in post 4 (天气很, 气很好, 很好玩), but never these characters in a
    // row: the index's candidates' own text is checked
    await(m_cache->savePosts({post(4, u"天气很好，很好玩的公园"_s)}));
    QCOMPARE(postIds(search(Kind::Posts, u"天气很好玩"_s)), QList<qint64>{});
    QCOMPARE(postIds(search(Kind::Posts, u"很好玩"_s)), QList<qint64>{4});
    QCOMPARE(postIds(search(Kind::Posts, u"企鹅跳踢踏舞"_s)), QList<qint64>{});
    QCOMPARE(postIds(search(Kind::Posts, u"不存在的句子"_s)), QList<qint64>{});
    // the whole post comes back, as saved
    const SearchPage page = search(Kind::Posts, u"企鹅跳"_s);
    QCOMPARE(page.posts.first().content, u"翡翠湾里的企鹅跳起了踢踏舞，围观的海鸥都看呆了"_s);
    QCOMPARE(page.posts.first().author.uid, 10003);
}

void TestCacheSearch::englishWordsInAnyCase()
{
    await(m_cache->savePosts({post(1, u"A marmalade Zeppelin drifted over the harbour"_s),
                              post(2, u"zeppelins and \"quoted\" 100% *stars*"_s)}));
    QCOMPARE(postIds(search(Kind::Posts, u"zeppelin"_s)), (QList<qint64>{2, 1}));
    QCOMPARE(postIds(search(Kind::Posts, u"ZEPPELIN DRIFT"_s)), QList<qint64>{1});
    QCOMPARE(postIds(search(Kind::Posts, u"Harbour"_s)), QList<qint64>{1});
    QCOMPARE(postIds(search(Kind::Posts, u"zeppelin marmalade"_s)), QList<qint64>{});
    // the query is text: quotes, % and * are characters like any other
    QCOMPARE(postIds(search(Kind::Posts, u"\"quoted\""_s)), QList<qint64>{2});
    QCOMPARE(postIds(search(Kind::Posts, u"100% *st"_s)), QList<qint64>{2});
    // emoji are characters too (one code point each, as the tokenizer counts)
    await(m_cache->savePosts({post(3, u"日出🌅真美🌄啊"_s)}));
    QCOMPARE(postIds(search(Kind::Posts, u"🌅真美"_s)), QList<qint64>{3});
}

void TestCacheSearch::commentsComeWithTheirPosts()
{
    await(m_cache->savePosts({post(10, u"周末去哪儿"_s), post(11, u"另一个帖子"_s)}));
    await(m_cache->saveComments(10, {comment(10, 100, u"去看那只会弹琵琶的熊猫吧"_s),
                                     comment(10, 101, u"弹琵琶的熊猫？真的假的"_s, 100),
                                     comment(10, 102, u"不去"_s)}));
    await(m_cache->saveComments(11, {comment(11, 110, u"熊猫也会弹琵琶吗"_s)}));
    const SearchPage page = search(Kind::Comments, u"弹琵琶的熊猫"_s);
    QCOMPARE(commentIds(page), (QList<qint64>{101, 100})); // newest first
    QCOMPARE(postIds(page), QList<qint64>{10});            // each comment's post, once
    QCOMPARE(page.comments.first().postId, 10);
    QCOMPARE(page.comments.first().rootId, 100);
    QCOMPARE(commentIds(search(Kind::Comments, u"会弹琵琶"_s)), (QList<qint64>{110, 100}));
    QCOMPARE(postIds(search(Kind::Comments, u"会弹琵琶"_s)), (QList<qint64>{11, 10}));
    // comments are not posts, posts not comments
    QCOMPARE(postIds(search(Kind::Posts, u"弹琵琶的熊猫"_s)), QList<qint64>{});
    QCOMPARE(commentIds(search(Kind::Comments, u"周末去哪儿"_s)), QList<qint64>{});
}

void TestCacheSearch::theIndexFollowsEveryWrite()
{
    await(m_cache->savePosts({post(1, u"第一版的内容写错了"_s), post(2, u"会被删掉的帖子"_s)},
                             u"all"_s));
    await(m_cache->saveComments(2, {comment(2, 20, u"删帖也删评论"_s)}));
    await(m_cache->saveComments(1, {comment(1, 10, u"楼主的第一层楼"_s),
                                    comment(1, 11, u"楼中楼的回复"_s, 10),
                                    comment(1, 12, u"另一层楼的话"_s)}));
    QCOMPARE(postIds(search(Kind::Posts, u"写错了"_s)), QList<qint64>{1});

    // an upsert with other text: the old text is forgotten, the new one found
    await(m_cache->savePosts({post(1, u"第二版的内容改好了"_s)}));
    QCOMPARE(postIds(search(Kind::Posts, u"写错了"_s)), QList<qint64>{});
    QCOMPARE(postIds(search(Kind::Posts, u"改好了"_s)), QList<qint64>{1});
    // an upsert with the same text (a like count changed): still found once
    Post liked = post(1, u"第二版的内容改好了"_s);
    liked.likeCount = 7;
    await(m_cache->savePosts({liked}));
    const SearchPage again = search(Kind::Posts, u"改好了"_s);
    QCOMPARE(postIds(again), QList<qint64>{1});
    QCOMPARE(again.posts.first().likeCount, 7);

    // a post removed takes its comments with it
    await(m_cache->removePost(2));
    QCOMPARE(postIds(search(Kind::Posts, u"会被删掉"_s)), QList<qint64>{});
    QCOMPARE(commentIds(search(Kind::Comments, u"删帖也删"_s)), QList<qint64>{});

    // a floor removed takes its replies
    QCOMPARE(commentIds(search(Kind::Comments, u"楼中楼"_s)), QList<qint64>{11});
    await(m_cache->removeComment(10));
    QCOMPARE(commentIds(search(Kind::Comments, u"楼中楼"_s)), QList<qint64>{});
    QCOMPARE(commentIds(search(Kind::Comments, u"第一层楼"_s)), QList<qint64>{});
    QCOMPARE(commentIds(search(Kind::Comments, u"另一层楼"_s)), QList<qint64>{12});

    // trimmed to the newest comment: the older ones leave the index
    await(m_cache->saveComments(1, {comment(1, 13, u"最新的一条评论"_s)}));
    await(m_cache->trimComments(1, 1));
    QCOMPARE(commentIds(search(Kind::Comments, u"另一层楼"_s)), QList<qint64>{});
    QCOMPARE(commentIds(search(Kind::Comments, u"最新的一条"_s)), QList<qint64>{13});
}

void TestCacheSearch::clearingEmptiesTheIndex()
{
    await(m_cache->savePosts({post(1, u"清空之前的帖子"_s)}));
    await(m_cache->saveComments(1, {comment(1, 10, u"清空之前的评论"_s)}));
    await(m_cache->clear());
    QCOMPARE(postIds(search(Kind::Posts, u"清空之前"_s)), QList<qint64>{});
    QCOMPARE(commentIds(search(Kind::Comments, u"清空之前"_s)), QList<qint64>{});
    // the triggers are back: what comes after is found, and forgotten again
    await(m_cache->savePosts({post(2, u"清空之后的帖子"_s)}));
    QCOMPARE(postIds(search(Kind::Posts, u"清空之"_s)), QList<qint64>{2});
    await(m_cache->removePost(2));
    QCOMPARE(postIds(search(Kind::Posts, u"清空之"_s)), QList<qint64>{});
}

void TestCacheSearch::shortQueriesReadTheNewestOnly()
{
    const int window = cachelimits::kSearchShortWindow;
    QList<Post> posts;
    for (int i = 1; i <= window + 50; ++i)
        posts.append(post(i, i <= 10 ? u"鲲鹏 old %1"_s.arg(i) : u"帖子 %1 qx"_s.arg(i)));
    posts.append(post(window + 51, u"鲲鹏展翅"_s));
    await(m_cache->savePosts(posts));
    // 鲲 is in posts 1…10 (too old for the window) and in the newest one
    for (const QString &q : {u"鲲"_s, u"鲲鹏"_s}) {
        const SearchPage page = search(Kind::Posts, q);
        QVERIFY2(postIds(page) == QList<qint64>{window + 51}, qPrintable(q));
        QCOMPARE(page.window, window);
    }
    // the same with three characters: the index, all of them
    const SearchPage all = search(Kind::Posts, u"鲲鹏 "_s.trimmed() + u" o"_s);
    QCOMPARE(all.window, 0);
    QCOMPARE(all.posts.size(), 10);
    // a two-letter word, in any case, paged within the window
    const SearchPage qx = search(Kind::Posts, u"QX"_s, std::nullopt, 30);
    QCOMPARE(qx.posts.size(), 30);
    QCOMPARE(qx.posts.first().id, window + 50);
    QVERIFY(qx.next);
    QCOMPARE(postIds(search(Kind::Posts, u"QX"_s, qx.next, 1)), QList<qint64>{window + 50 - 30});
    // comments: the newest of them likewise
    await(m_cache->saveComments(1, {comment(1, 5, u"短"_s)}));
    const SearchPage c = search(Kind::Comments, u"短"_s);
    QCOMPARE(commentIds(c), QList<qint64>{5});
    QCOMPARE(c.window, window);
}

void TestCacheSearch::pagesNewestFirstById()
{
    QList<Post> posts;
    QList<qint64> expected;
    for (int i = 1; i <= 23; ++i) {
        posts.append(post(i * 3, u"第%1只橘猫在晒太阳"_s.arg(i)));
        expected.prepend(i * 3);
    }
    posts.append(post(1000, u"没有猫"_s));
    await(m_cache->savePosts(posts));
    QList<qint64> all;
    std::optional<QString> cursor;
    for (int page = 0; page < 10; ++page) {
        const SearchPage p = search(Kind::Posts, u"橘猫在晒"_s, cursor, 5);
        QVERIFY(p.posts.size() <= 5);
        all += postIds(p);
        if (!p.next)
            break;
        cursor = p.next;
    }
    QCOMPARE(all, expected);
}

void TestCacheSearch::peopleByNickname()
{
    await(m_cache->saveUsers({user(10001, u"张三"_s), user(10004, u"麻子"_s),
                              user(10007, u"麻六"_s), user(10010, u"Alice Zhang"_s)}));
    const auto uids = [this](const QString &q) {
        QList<qint64> out;
        for (const UserBrief &u : search(Kind::People, q).people)
            out.append(u.uid);
        return out;
    };
    QCOMPARE(uids(u"张三"_s), QList<qint64>{10001});
    QCOMPARE(uids(u"三"_s), QList<qint64>{10001});
    QCOMPARE(uids(u"麻"_s), (QList<qint64>{10007, 10004}));
    QCOMPARE(uids(u"zhang"_s), QList<qint64>{10010});
    QCOMPARE(uids(u"Bob"_s), QList<qint64>{});
    // a post's author is a cached user too
    await(m_cache->savePosts({post(1, u"作者也能搜到"_s, 10020)}));
    QCOMPARE(uids(u"用户10020"_s), QList<qint64>{10020});
}

void TestCacheSearch::aVersion3CacheIsIndexedWhenMigrated()
{
    // A cache file as a client before search wrote it: version 3, posts and comments in it.
    const QString path = m_dir->filePath(u"v3.sqlite"_s);
    {
        sqlite3 *db = nullptr;
        QCOMPARE(sqlite3_open(path.toUtf8().constData(), &db), SQLITE_OK);
        const auto exec = [db](const char *sql) {
            char *error = nullptr;
            const int rc = sqlite3_exec(db, sql, nullptr, nullptr, &error);
            if (rc != SQLITE_OK)
                qWarning("%s: %s", sql, error);
            sqlite3_free(error);
            return rc == SQLITE_OK;
        };
        for (qsizetype v = 0; v < 3; ++v)
            for (const char *sql : cacheschema::kMigrations[size_t(v)])
                QVERIFY(exec(sql));
        QVERIFY(exec("PRAGMA user_version = 3"));
        const auto insert = [db](const char *sql, qint64 id, const QByteArray &blob) {
            sqlite3_stmt *s = nullptr;
            if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) != SQLITE_OK)
                return false;
            sqlite3_bind_int64(s, 1, id);
            sqlite3_bind_blob(s, 2, blob.constData(), int(blob.size()), SQLITE_TRANSIENT);
            const bool ok = sqlite3_step(s) == SQLITE_DONE;
            sqlite3_finalize(s);
            return ok;
        };
        QVERIFY(insert("INSERT INTO posts (id, author_uid, createtime, data) VALUES (?1, 1, 1, ?2)",
                       7, CacheBlob::encode(post(7, u"升级之前就在的帖子"_s))));
        QVERIFY(insert("INSERT INTO comments (id, post_id, root_id, parent_id, floor, seq,"
                       " createtime, data) VALUES (?1, 7, 0, 0, 1, 0, 1, ?2)",
                       70, CacheBlob::encode(comment(7, 70, u"升级之前就在的评论"_s))));
        QCOMPARE(sqlite3_close(db), SQLITE_OK);
    }
    openAt(path);
    QCOMPARE(postIds(search(Kind::Posts, u"升级之前"_s)), QList<qint64>{7});
    QCOMPARE(commentIds(search(Kind::Comments, u"就在的评论"_s)), QList<qint64>{70});
    // and kept in step from then on
    await(m_cache->savePosts({post(8, u"升级之后的帖子"_s)}));
    QCOMPARE(postIds(search(Kind::Posts, u"升级之"_s)), (QList<qint64>{8, 7}));
}

QTEST_GUILESS_MAIN(TestCacheSearch)
#include "tst_cachesearch.moc"

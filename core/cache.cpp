#include "cache.h"
#include "serveridentity.h"

#include "cacheschema.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QLoggingCategory>
#include <QSemaphore>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QThread>
#include <QVariant>
#include <QtEndian>

#include <sqlite3.h>

#include <algorithm>
#include <cstring>
#include <exception>
#include <limits>

namespace threadline::core {

using namespace Qt::StringLiterals;

namespace {

Q_LOGGING_CATEGORY(lcCache, "threadline.cache")

// ---------------------------------------------------------------------------------------------
// Blobs: a tag byte and a version byte, then the fields in a fixed order. Integers are zigzag
// varints, strings a varint byte length and UTF-8, doubles 8 bytes little-endian, optional
// parts a 0/1 flag byte, lists a varint count.

constexpr quint8 kPostTag = 'P';
constexpr quint8 kCommentTag = 'C';
constexpr quint8 kLikeTag = 'L';
constexpr quint8 kUserTag = 'U';
constexpr quint8 kBlobVersion = 1;

class Writer
{
public:
    explicit Writer(QByteArray &out)
        : m_out(out)
    {
    }

    void byte(quint8 b) { m_out.append(char(b)); }
    void flag(bool b) { byte(b ? 1 : 0); }
    void uvar(quint64 v)
    {
        char buf[10];
        int n = 0;
        while (v >= 0x80) {
            buf[n++] = char(v | 0x80);
            v >>= 7;
        }
        buf[n++] = char(v);
        m_out.append(buf, n);
    }
    void svar(qint64 v) { uvar((quint64(v) << 1) ^ quint64(v >> 63)); }
    void f64(double d)
    {
        quint64 bits = 0;
        std::memcpy(&bits, &d, sizeof bits);
        bits = qToLittleEndian(bits);
        m_out.append(reinterpret_cast<const char *>(&bits), sizeof bits);
    }
    void str(const QString &s)
    {
        if (s.isEmpty()) {
            uvar(0);
            return;
        }
        const QByteArray utf8 = s.toUtf8();
        uvar(quint64(utf8.size()));
        m_out.append(utf8);
    }

    void user(const UserBrief &u)
    {
        svar(u.uid);
        str(u.nickName);
        str(u.headImg);
    }
    void moderation(const std::optional<Moderation> &m)
    {
        flag(m.has_value());
        if (!m)
            return;
        user(m->by);
        str(m->reason);
        svar(m->createtime);
    }
    void like(const Like &l)
    {
        svar(l.id);
        svar(l.postId);
        svar(l.createtime);
        user(l.user);
    }
    void comment(const Comment &c)
    {
        svar(c.id);
        svar(c.postId);
        svar(c.rootId);
        svar(c.parentId);
        svar(c.floor);
        svar(c.seq);
        user(c.author);
        flag(c.replyTo.has_value());
        if (c.replyTo)
            user(*c.replyTo);
        str(c.content);
        svar(c.createtime);
        svar(c.likeCount);
        flag(c.liked);
        svar(c.opposeCount);
        flag(c.opposed);
        svar(c.score);
        svar(c.replyCount);
        byte(c.status == Comment::Status::Hidden ? 1 : 0);
        moderation(c.moderation);
    }
    void post(const Post &p)
    {
        svar(p.id);
        byte(p.category == Post::Category::Picture ? 1 : 0);
        str(p.content);
        svar(p.createtime);
        str(p.device);
        flag(p.geo.has_value());
        if (p.geo) {
            str(p.geo->name);
            f64(p.geo->lat);
            f64(p.geo->lng);
        }
        user(p.author);
        uvar(quint64(p.pictureUrls.size()));
        for (const QString &url : p.pictureUrls)
            str(url);
        svar(p.likeCount);
        svar(p.commentCount);
        flag(p.liked);
        uvar(quint64(p.likes.size()));
        for (const Like &l : p.likes)
            like(l);
        uvar(quint64(p.comments.size()));
        for (const Comment &c : p.comments)
            comment(c);
        flag(p.hidden);
        moderation(p.moderation);
        flag(p.viewCount.has_value());
        if (p.viewCount)
            svar(*p.viewCount);
    }

private:
    QByteArray &m_out;
};

// Reads what Writer wrote. Every read is bounds-checked; the first problem makes ok() false and
// every later read return a default, so a decode runs to its end and is checked once.
class Reader
{
public:
    explicit Reader(QByteArrayView blob)
        : m_p(blob.data())
        , m_end(blob.data() + blob.size())
    {
    }

    [[nodiscard]] bool ok() const { return m_ok; }
    [[nodiscard]] bool finished() const { return m_ok && m_p == m_end; }

    quint8 byte()
    {
        if (!m_ok || m_p == m_end)
            return fail<quint8>();
        return quint8(*m_p++);
    }
    bool flag()
    {
        const quint8 b = byte();
        if (b > 1)
            return fail<bool>();
        return b == 1;
    }
    quint64 uvar()
    {
        quint64 v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (!m_ok || m_p == m_end)
                return fail<quint64>();
            const quint8 b = quint8(*m_p++);
            v |= quint64(b & 0x7f) << shift;
            if (!(b & 0x80))
                return v;
        }
        return fail<quint64>();
    }
    qint64 svar()
    {
        const quint64 u = uvar();
        return qint64(u >> 1) ^ -qint64(u & 1);
    }
    double f64()
    {
        if (!m_ok || m_end - m_p < 8)
            return fail<double>();
        quint64 bits = 0;
        std::memcpy(&bits, m_p, sizeof bits);
        m_p += 8;
        bits = qFromLittleEndian(bits);
        double d = 0;
        std::memcpy(&d, &bits, sizeof d);
        return d;
    }
    QString str()
    {
        const quint64 n = uvar();
        if (!m_ok || n > quint64(m_end - m_p))
            return fail<QString>();
        const char *start = m_p;
        m_p += n;
        return n == 0 ? QString() : QString::fromUtf8(start, qsizetype(n));
    }
    // A list length: every element takes at least one byte, so a count beyond the remaining
    // bytes is malformed (and never reserves absurd memory).
    qsizetype count()
    {
        const quint64 n = uvar();
        if (!m_ok || n > quint64(m_end - m_p))
            return fail<qsizetype>();
        return qsizetype(n);
    }
    bool header(quint8 tag) { return byte() == tag && byte() == kBlobVersion && m_ok; }

    UserBrief user()
    {
        UserBrief u;
        u.uid = svar();
        u.nickName = str();
        u.headImg = str();
        return u;
    }
    std::optional<Moderation> moderation()
    {
        if (!flag())
            return std::nullopt;
        Moderation m;
        m.by = user();
        m.reason = str();
        m.createtime = svar();
        return m;
    }
    Like like()
    {
        Like l;
        l.id = svar();
        l.postId = svar();
        l.createtime = svar();
        l.user = user();
        return l;
    }
    Comment comment()
    {
        Comment c;
        c.id = svar();
        c.postId = svar();
        c.rootId = svar();
        c.parentId = svar();
        c.floor = svar();
        c.seq = svar();
        c.author = user();
        if (flag())
            c.replyTo = user();
        c.content = str();
        c.createtime = svar();
        c.likeCount = svar();
        c.liked = flag();
        c.opposeCount = svar();
        c.opposed = flag();
        c.score = svar();
        c.replyCount = svar();
        const quint8 status = byte();
        if (status > 1)
            fail<int>();
        c.status = status == 1 ? Comment::Status::Hidden : Comment::Status::Visible;
        c.moderation = moderation();
        return c;
    }
    Post post()
    {
        Post p;
        p.id = svar();
        const quint8 category = byte();
        if (category > 1)
            fail<int>();
        p.category = category == 1 ? Post::Category::Picture : Post::Category::Text;
        p.content = str();
        p.createtime = svar();
        p.device = str();
        if (flag()) {
            Geo g;
            g.name = str();
            g.lat = f64();
            g.lng = f64();
            p.geo = g;
        }
        p.author = user();
        const qsizetype pictures = count();
        p.pictureUrls.reserve(pictures);
        for (qsizetype i = 0; i < pictures && m_ok; ++i)
            p.pictureUrls.append(str());
        p.likeCount = svar();
        p.commentCount = svar();
        p.liked = flag();
        const qsizetype likes = count();
        p.likes.reserve(likes);
        for (qsizetype i = 0; i < likes && m_ok; ++i)
            p.likes.append(like());
        const qsizetype comments = count();
        p.comments.reserve(comments);
        for (qsizetype i = 0; i < comments && m_ok; ++i)
            p.comments.append(comment());
        p.hidden = flag();
        p.moderation = moderation();
        if (flag())
            p.viewCount = svar();
        return p;
    }

private:
    template<class T> T fail()
    {
        m_ok = false;
        return T{};
    }

    const char *m_p;
    const char *m_end;
    bool m_ok = true;
};

template<class T, class Read>
std::optional<T> decodeBlob(QByteArrayView blob, quint8 tag, Read read)
{
    Reader r(blob);
    if (!r.header(tag))
        return std::nullopt;
    T value = read(r);
    if (!r.finished())
        return std::nullopt;
    return value;
}

void header(QByteArray &out, quint8 tag)
{
    out.append(char(tag));
    out.append(char(kBlobVersion));
}

// ---------------------------------------------------------------------------------------------
// File names.

// Keeps [a-z0-9.-]; every other UTF-8 byte (upper case too, for case-insensitive file
// systems, and '_' itself) becomes "_hh", so different inputs never share a name.
QString sanitise(const QString &s)
{
    static constexpr char kHex[] = "0123456789abcdef";
    QString out;
    const QByteArray utf8 = s.toUtf8();
    out.reserve(utf8.size());
    for (qsizetype i = 0; i < utf8.size(); ++i) {
        const auto c = uchar(utf8[i]);
        const bool keep = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
                          (c == '.' && i > 0); // no leading dot: no ".", "..", hidden names
        if (keep) {
            out += QLatin1Char(char(c));
        } else {
            out += u'_';
            out += QLatin1Char(kHex[c >> 4]);
            out += QLatin1Char(kHex[c & 0xf]);
        }
    }
    return out.isEmpty() ? u"_"_s : out;
}

const char *const kSidecars[] = {"-wal", "-shm", "-journal"};

} // namespace

// ---------------------------------------------------------------------------------------------
// CacheBlob

void CacheBlob::encode(const Post &post, QByteArray &out)
{
    header(out, kPostTag);
    Writer(out).post(post);
}

void CacheBlob::encode(const Comment &comment, QByteArray &out)
{
    header(out, kCommentTag);
    Writer(out).comment(comment);
}

void CacheBlob::encode(const Like &like, QByteArray &out)
{
    header(out, kLikeTag);
    Writer(out).like(like);
}

void CacheBlob::encode(const UserBrief &user, QByteArray &out)
{
    header(out, kUserTag);
    Writer(out).user(user);
}

QByteArray CacheBlob::encode(const Post &post)
{
    QByteArray out;
    encode(post, out);
    return out;
}

QByteArray CacheBlob::encode(const Comment &comment)
{
    QByteArray out;
    encode(comment, out);
    return out;
}

std::optional<Post> CacheBlob::decodePost(QByteArrayView blob)
{
    return decodeBlob<Post>(blob, kPostTag, [](Reader &r) { return r.post(); });
}

std::optional<Comment> CacheBlob::decodeComment(QByteArrayView blob)
{
    return decodeBlob<Comment>(blob, kCommentTag, [](Reader &r) { return r.comment(); });
}

std::optional<Like> CacheBlob::decodeLike(QByteArrayView blob)
{
    return decodeBlob<Like>(blob, kLikeTag, [](Reader &r) { return r.like(); });
}

std::optional<UserBrief> CacheBlob::decodeUser(QByteArrayView blob)
{
    return decodeBlob<UserBrief>(blob, kUserTag, [](Reader &r) { return r.user(); });
}

// ---------------------------------------------------------------------------------------------
// The worker side: everything below runs on the cache's thread only.

namespace detail {

namespace {

// SQL of the prepared statements, kept by address in CacheStore's statement cache.
constexpr char kUpsertPost[] =
    "INSERT INTO posts (id, author_uid, createtime, hidden, data) VALUES (?1, ?2, ?3, ?4, ?5)"
    " ON CONFLICT (id) DO UPDATE SET author_uid = excluded.author_uid,"
    " createtime = excluded.createtime, hidden = excluded.hidden, data = excluded.data";
constexpr char kUpsertUser[] = "INSERT INTO users (uid, data) VALUES (?1, ?2)"
                               " ON CONFLICT (uid) DO UPDATE SET data = excluded.data";
constexpr char kSelectUser[] = "SELECT data FROM users WHERE uid = ?1";
constexpr char kDeleteUser[] = "DELETE FROM users WHERE uid = ?1";
constexpr char kDeleteScopePlaces[] = "DELETE FROM timeline WHERE scope = ?1";
constexpr char kMaxScopePos[] = "SELECT max(pos) FROM timeline WHERE scope = ?1";
constexpr char kInsertPlace[] =
    "INSERT OR IGNORE INTO timeline (scope, pos, post_id) VALUES (?1, ?2, ?3)";
constexpr char kUpsertScope[] =
    "INSERT INTO scopes (scope, next, updated) VALUES (?1, ?2, ?3)"
    " ON CONFLICT (scope) DO UPDATE SET next = excluded.next, updated = excluded.updated";
constexpr char kSelectScope[] = "SELECT next FROM scopes WHERE scope = ?1";
// Re-numbering a scope newest first (createtime, then id, descending: the contract's order), for
// posts placed into it from outside the server's pages (an import).
constexpr char kScopeByTime[] =
    "SELECT t.post_id FROM timeline t JOIN posts p ON p.id = t.post_id WHERE t.scope = ?1"
    " ORDER BY p.createtime DESC, p.id DESC";
constexpr char kInsertScopeIfMissing[] =
    "INSERT OR IGNORE INTO scopes (scope, next, updated) VALUES (?1, NULL, ?2)";
constexpr char kCountScope[] = "SELECT count(*) FROM timeline WHERE scope = ?1";
constexpr char kSelectTimeline[] =
    "SELECT p.id, p.data FROM timeline t JOIN posts p ON p.id = t.post_id"
    " WHERE t.scope = ?1 ORDER BY t.pos LIMIT ?2 OFFSET ?3";
constexpr char kSelectPost[] = "SELECT id, data FROM posts WHERE id = ?1";
constexpr char kDeletePost[] = "DELETE FROM posts WHERE id = ?1";
constexpr char kDeletePostComments[] = "DELETE FROM comments WHERE post_id = ?1";
constexpr char kDeletePostLikes[] = "DELETE FROM likes WHERE post_id = ?1";
constexpr char kDeletePostPlaces[] = "DELETE FROM timeline WHERE post_id = ?1";
constexpr char kDeletePostHistory[] = "DELETE FROM history WHERE post_id = ?1";
constexpr char kUpsertComment[] =
    "INSERT INTO comments (id, post_id, root_id, parent_id, floor, seq, createtime, data)"
    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"
    " ON CONFLICT (id) DO UPDATE SET post_id = excluded.post_id, root_id = excluded.root_id,"
    " parent_id = excluded.parent_id, floor = excluded.floor, seq = excluded.seq,"
    " createtime = excluded.createtime, data = excluded.data";
constexpr char kCountComments[] = "SELECT count(*) FROM comments WHERE post_id = ?1";
constexpr char kTrimComments[] =
    "DELETE FROM comments WHERE id IN (SELECT id FROM comments WHERE post_id = ?1"
    " ORDER BY createtime DESC, id DESC LIMIT -1 OFFSET ?2)";
constexpr char kSelectFloors[] =
    "SELECT id, data FROM comments WHERE post_id = ?1 AND root_id = 0 AND floor > ?2"
    " ORDER BY floor, id LIMIT ?3";
constexpr char kCountFloors[] = "SELECT count(*) FROM comments WHERE post_id = ?1 AND root_id = 0";
constexpr char kSelectReplies[] =
    "SELECT id, data FROM comments WHERE root_id = ?1 AND seq > ?2 ORDER BY seq, id LIMIT ?3";
constexpr char kDeleteComment[] = "DELETE FROM comments WHERE id = ?1 OR root_id = ?1";
constexpr char kDeleteOneComment[] = "DELETE FROM comments WHERE id = ?1";
constexpr char kDeletePostLikers[] = "DELETE FROM likes WHERE post_id = ?1";
constexpr char kUpsertLike[] =
    "INSERT INTO likes (post_id, uid, id, createtime, data) VALUES (?1, ?2, ?3, ?4, ?5)"
    " ON CONFLICT (post_id, uid) DO UPDATE SET id = excluded.id,"
    " createtime = excluded.createtime, data = excluded.data"
    " WHERE excluded.createtime > likes.createtime"
    " OR (excluded.createtime = likes.createtime AND excluded.id >= likes.id)";
constexpr char kSelectLikes[] = "SELECT post_id, uid, data FROM likes WHERE post_id = ?1"
                                " ORDER BY createtime DESC, id DESC LIMIT ?2";
constexpr char kDeleteLike[] = "DELETE FROM likes WHERE post_id = ?1 AND uid = ?2";
constexpr char kUpsertMeta[] = "INSERT INTO meta (key, value) VALUES (?1, ?2)"
                               " ON CONFLICT (key) DO UPDATE SET value = excluded.value";
constexpr char kDeleteMeta[] = "DELETE FROM meta WHERE key = ?1";
constexpr char kSelectMeta[] = "SELECT value FROM meta WHERE key = ?1";
constexpr char kUpsertView[] =
    "INSERT INTO history (post_id, viewed_at) VALUES (?1, ?2)"
    " ON CONFLICT (post_id) DO UPDATE SET viewed_at = max(viewed_at, excluded.viewed_at)";
constexpr char kExpireHistory[] = "DELETE FROM history WHERE viewed_at < ?1";
constexpr char kCapHistory[] =
    "DELETE FROM history WHERE post_id NOT IN"
    " (SELECT post_id FROM history ORDER BY viewed_at DESC, post_id DESC LIMIT ?1)";
constexpr char kSelectHistory[] =
    "SELECT h.post_id, h.viewed_at, p.data FROM history h LEFT JOIN posts p ON p.id = h.post_id"
    " ORDER BY h.viewed_at DESC, h.post_id DESC LIMIT ?1";

constexpr const char *kClearTables[] = {
    "DELETE FROM posts",  "DELETE FROM users",    "DELETE FROM comments", "DELETE FROM likes",
    "DELETE FROM scopes", "DELETE FROM timeline", "DELETE FROM meta",     "DELETE FROM history"};

std::atomic<quint64> g_connectionCounter{0};

// A failed SQLite call: the primary result code and SQLite's message.
struct SqlError : std::exception
{
    int code = SQLITE_ERROR;
    QString message;

    SqlError(int c, QString m)
        : code(c)
        , message(std::move(m))
    {
    }
    [[nodiscard]] const char *what() const noexcept override { return "sqlite error"; }
    // Corruption SQLite itself has detected: the file is moved aside and rebuilt.
    [[nodiscard]] bool corrupt() const
    {
        const int primary = code & 0xff;
        return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB;
    }
    // Errors that say nothing about the file itself (a lock held by another process, memory,
    // a full disk): never a reason to move the file aside.
    [[nodiscard]] bool transient() const
    {
        const int primary = code & 0xff;
        return primary == SQLITE_BUSY || primary == SQLITE_LOCKED || primary == SQLITE_NOMEM ||
               primary == SQLITE_FULL || primary == SQLITE_INTERRUPT;
    }
};

[[noreturn]] void throwSql(sqlite3 *db, int rc)
{
    const char *msg = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    throw SqlError(rc, QString::fromUtf8(msg ? msg : sqlite3_errstr(rc)));
}

// A borrowed statement from the cache: bound, stepped, and reset (with its bindings cleared)
// when it goes out of scope, so the next use starts clean.
class Stmt
{
public:
    Stmt(sqlite3 *db, sqlite3_stmt *stmt)
        : m_db(db)
        , m_stmt(stmt)
    {
    }
    Stmt(const Stmt &) = delete;
    Stmt &operator=(const Stmt &) = delete;
    ~Stmt()
    {
        sqlite3_reset(m_stmt);
        sqlite3_clear_bindings(m_stmt);
    }

    Stmt &bind(int i, qint64 v)
    {
        check(sqlite3_bind_int64(m_stmt, i, v));
        return *this;
    }
    Stmt &bind(int i, const QString &v)
    {
        static const char16_t kEmpty[] = u"";
        const void *data = v.isNull() ? static_cast<const void *>(kEmpty) : v.utf16();
        check(sqlite3_bind_text16(m_stmt, i, data, int(v.size() * 2), SQLITE_TRANSIENT));
        return *this;
    }
    Stmt &bind(int i, const std::optional<QString> &v)
    {
        if (!v)
            check(sqlite3_bind_null(m_stmt, i));
        else
            bind(i, *v);
        return *this;
    }
    // The bytes must stay alive until the statement has been stepped.
    Stmt &bindBlob(int i, const QByteArray &v)
    {
        check(sqlite3_bind_blob(m_stmt, i, v.constData(), int(v.size()), SQLITE_STATIC));
        return *this;
    }

    // Steps once: true for a row, false when done.
    bool next()
    {
        const int rc = sqlite3_step(m_stmt);
        if (rc == SQLITE_ROW)
            return true;
        if (rc == SQLITE_DONE)
            return false;
        throwSql(m_db, rc);
    }
    // Runs to completion and resets (bindings stay, to be overwritten).
    void run()
    {
        while (next()) {
        }
        sqlite3_reset(m_stmt);
    }
    void reset() { sqlite3_reset(m_stmt); }

    [[nodiscard]] bool isNull(int c) const { return sqlite3_column_type(m_stmt, c) == SQLITE_NULL; }
    [[nodiscard]] qint64 int64(int c) const { return sqlite3_column_int64(m_stmt, c); }
    [[nodiscard]] QString text(int c) const
    {
        const auto *p = static_cast<const QChar *>(sqlite3_column_text16(m_stmt, c));
        const int bytes = sqlite3_column_bytes16(m_stmt, c);
        return p ? QString(p, bytes / 2) : QString();
    }
    [[nodiscard]] QByteArrayView blob(int c) const
    {
        const auto *p = static_cast<const char *>(sqlite3_column_blob(m_stmt, c));
        const int bytes = sqlite3_column_bytes(m_stmt, c);
        return p ? QByteArrayView(p, bytes) : QByteArrayView();
    }

private:
    void check(int rc) const
    {
        if (rc != SQLITE_OK)
            throwSql(m_db, rc);
    }

    sqlite3 *m_db;
    sqlite3_stmt *m_stmt;
};

} // namespace

class CacheStore
{
public:
    CacheStore(Cache *owner, QObject *worker)
        : m_owner(owner)
        , m_worker(worker)
    {
    }
    ~CacheStore() { closeDb(); }

    // Runs one request: observer, the not-open check, errors to `failed`, corruption to a
    // rebuild.
    template<class Job> void run(const char *name, quint64 id, bool needsOpen, Job &job)
    {
        if (m_observer)
            m_observer(name);
        if (needsOpen && !m_sql) {
            fail(id, u"the cache is not open"_s);
            return;
        }
        try {
            job(*this, id);
        } catch (const SqlError &e) {
            qCWarning(lcCache) << name << "failed:" << e.message;
            fail(id, e.message);
            if (e.corrupt())
                recover(e.message);
        } catch (const std::exception &e) {
            qCWarning(lcCache) << name << "failed:" << e.what();
            fail(id, QString::fromLocal8Bit(e.what()));
        }
    }

    // Answers on the owner's thread. The Cache outlives every answer it can receive: its
    // destructor stops this thread first, and Qt drops events posted to a deleted object.
    template<class F> void reply(F &&f)
    {
        Cache *owner = m_owner;
        QMetaObject::invokeMethod(
            owner, [owner, f = std::forward<F>(f)]() { f(owner); }, Qt::QueuedConnection);
    }
    void done(quint64 id)
    {
        reply([id](Cache *c) { emit c->done(id); });
    }
    void fail(quint64 id, const QString &error)
    {
        reply([id, error](Cache *c) { emit c->failed(id, error); });
    }

    // ---- opening

    void open(const QString &path)
    {
        closeDb();
        m_path = path;
        QString why;
        Verdict verdict = attempt(path, why);
        QString movedAside;
        bool recovered = false;
        if (verdict == Verdict::Corrupt) {
            qCWarning(lcCache) << "cache" << path << "is unusable:" << why;
            QString moveError;
            movedAside = moveAside(path, moveError);
            if (movedAside.isEmpty()) {
                const QString error = u"the cache file is unusable (%1) and could not be moved "
                                      u"aside: %2"_s.arg(why, moveError);
                reply([error](Cache *c) { emit c->opened(false, error, false, {}); });
                return;
            }
            recovered = true;
            QString again;
            verdict = attempt(path, again);
            if (verdict != Verdict::Ok)
                why = again;
        }
        const bool ok = verdict == Verdict::Ok;
        if (ok && !recovered)
            why.clear();
        reply([ok, why, recovered, movedAside](Cache *c) {
            emit c->opened(ok, why, recovered, movedAside);
        });
        if (ok && !recovered && m_existed)
            scheduleIntegrityCheck();
    }

    // `PRAGMA quick_check` reads the whole file (20–60 ms for 30 MiB on the shared 2-core
    // machine, docs/performance.md), too slow for the first paint. It runs as the next job after
    // open(), that is after the requests already queued behind open() — the first timeline page —
    // and before any later one. A failure rebuilds the cache like corruption found by a request.
    void scheduleIntegrityCheck()
    {
        const quint64 generation = m_generation;
        QMetaObject::invokeMethod(
            m_worker, [this, generation] { integrityCheck(generation); }, Qt::QueuedConnection);
    }

    void integrityCheck(quint64 generation)
    {
        if (generation != m_generation || !m_sql || m_closing.load())
            return; // closed, reopened or shutting down since
        if (m_observer)
            m_observer("integrityCheck");
        QString problem;
        try {
            const QString check = text("PRAGMA quick_check(1)");
            if (check != u"ok"_s)
                problem = u"quick_check: "_s + check;
        } catch (const SqlError &e) {
            if (!e.transient())
                problem = u"quick_check: "_s + e.message;
        }
        if (!problem.isEmpty()) {
            qCWarning(lcCache) << "cache" << m_path << "failed its integrity check:" << problem;
            recover(problem);
        }
    }

    // SQLite reported corruption during a request: move the file aside and start afresh.
    void recover(const QString &why)
    {
        closeDb();
        QString moveError;
        const QString moved = moveAside(m_path, moveError);
        if (moved.isEmpty()) {
            const QString error = why + u"; could not move the cache aside: "_s + moveError;
            reply([error](Cache *c) { emit c->opened(false, error, false, {}); });
            return;
        }
        QString again;
        const bool ok = attempt(m_path, again) == Verdict::Ok;
        const QString error = ok ? why : again;
        reply([ok, error, moved](Cache *c) { emit c->opened(ok, error, true, moved); });
    }

    void close()
    {
        if (m_sql)
            sqlite3_exec(m_sql, "PRAGMA optimize", nullptr, nullptr, nullptr);
        closeDb();
    }

    void closeDb()
    {
        ++m_generation;
        for (sqlite3_stmt *s : std::as_const(m_stmts))
            sqlite3_finalize(s);
        m_stmts.clear();
        m_sql = nullptr;
        if (m_db.isValid())
            m_db.close();
        m_db = QSqlDatabase();
        if (!m_connection.isEmpty()) {
            QSqlDatabase::removeDatabase(m_connection);
            m_connection.clear();
        }
    }

    // ---- statements

    Stmt stmt(const char *sql)
    {
        sqlite3_stmt *&s = m_stmts[sql];
        if (!s) {
            const int rc =
                sqlite3_prepare_v3(m_sql, sql, -1, SQLITE_PREPARE_PERSISTENT, &s, nullptr);
            if (rc != SQLITE_OK) {
                m_stmts.remove(sql);
                throwSql(m_sql, rc);
            }
        }
        return Stmt(m_sql, s);
    }
    void exec(const char *sql)
    {
        const int rc = sqlite3_exec(m_sql, sql, nullptr, nullptr, nullptr);
        if (rc != SQLITE_OK)
            throwSql(m_sql, rc);
    }
    qint64 scalar(const char *sql)
    {
        sqlite3_stmt *s = nullptr;
        int rc = sqlite3_prepare_v2(m_sql, sql, -1, &s, nullptr);
        if (rc != SQLITE_OK)
            throwSql(m_sql, rc);
        rc = sqlite3_step(s);
        const qint64 v = rc == SQLITE_ROW ? sqlite3_column_int64(s, 0) : 0;
        sqlite3_finalize(s);
        if (rc != SQLITE_ROW && rc != SQLITE_DONE)
            throwSql(m_sql, rc);
        return v;
    }
    QString text(const char *sql)
    {
        sqlite3_stmt *s = nullptr;
        int rc = sqlite3_prepare_v2(m_sql, sql, -1, &s, nullptr);
        if (rc != SQLITE_OK)
            throwSql(m_sql, rc);
        rc = sqlite3_step(s);
        QString v;
        if (rc == SQLITE_ROW)
            v = QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(s, 0)));
        sqlite3_finalize(s);
        if (rc != SQLITE_ROW && rc != SQLITE_DONE)
            throwSql(m_sql, rc);
        return v;
    }

    // A write transaction (BEGIN IMMEDIATE), or a read one that SQLite upgrades when a row
    // has to be dropped; rolled back unless committed.
    class Txn
    {
    public:
        explicit Txn(CacheStore &s, bool write = true)
            : m_s(s)
        {
            m_s.exec(write ? "BEGIN IMMEDIATE" : "BEGIN");
        }
        Txn(const Txn &) = delete;
        Txn &operator=(const Txn &) = delete;
        ~Txn()
        {
            if (!m_committed && m_s.m_sql)
                sqlite3_exec(m_s.m_sql, "ROLLBACK", nullptr, nullptr, nullptr);
        }
        void commit()
        {
            m_s.exec("COMMIT");
            m_committed = true;
        }

    private:
        CacheStore &m_s;
        bool m_committed = false;
    };

    // ---- requests

    void savePosts(const QList<Post> &posts, const QString &scope, bool replace,
                   const std::optional<QString> &next, qint64 now)
    {
        Txn txn(*this);
        upsertPosts(posts);
        if (!scope.isEmpty()) {
            if (replace)
                stmt(kDeleteScopePlaces).bind(1, scope).run();
            appendPlaces(posts, scope);
            stmt(kUpsertScope).bind(1, scope).bind(2, next).bind(3, now).run();
        }
        txn.commit();
    }

    // The posts not in the scope yet, after the ones that are (in the posts' order).
    void appendPlaces(const QList<Post> &posts, const QString &scope)
    {
        qint64 pos = 0;
        {
            Stmt q = stmt(kMaxScopePos);
            q.bind(1, scope);
            if (q.next() && !q.isNull(0))
                pos = q.int64(0) + 1;
        }
        Stmt place = stmt(kInsertPlace);
        place.bind(1, scope);
        for (const Post &p : posts) {
            if (p.id <= 0)
                continue;
            place.bind(2, pos).bind(3, p.id).run();
            if (sqlite3_changes(m_sql) > 0)
                ++pos;
        }
    }

    // Posts from outside the server's pages (QA's --import): upserted, and placed into `scope`
    // among the posts already there, newest first; the scope's cursor is kept.
    void placePostsByTime(const QList<Post> &posts, const QString &scope, qint64 now)
    {
        Txn txn(*this);
        upsertPosts(posts);
        appendPlaces(posts, scope);
        QList<qint64> order;
        {
            Stmt q = stmt(kScopeByTime);
            q.bind(1, scope);
            while (q.next())
                order.append(q.int64(0));
        }
        stmt(kDeleteScopePlaces).bind(1, scope).run();
        {
            Stmt place = stmt(kInsertPlace);
            place.bind(1, scope);
            for (qsizetype i = 0; i < order.size(); ++i)
                place.bind(2, qint64(i)).bind(3, order.at(i)).run();
        }
        stmt(kInsertScopeIfMissing).bind(1, scope).bind(2, now).run();
        txn.commit();
    }

    void upsertPosts(const QList<Post> &posts)
    {
        Stmt up = stmt(kUpsertPost);
        Stmt user = stmt(kUpsertUser);
        QByteArray blob;
        QByteArray userBlob;
        for (const Post &p : posts) {
            if (p.id <= 0)
                continue;
            blob.resize(0);
            CacheBlob::encode(p, blob);
            up.bind(1, p.id)
                .bind(2, p.author.uid)
                .bind(3, p.createtime)
                .bind(4, p.hidden ? 1 : 0)
                .bindBlob(5, blob)
                .run();
            if (p.author.uid > 0) {
                userBlob.resize(0);
                CacheBlob::encode(p.author, userBlob);
                user.bind(1, p.author.uid).bindBlob(2, userBlob).run();
            }
        }
    }

    TimelinePage loadTimeline(const QString &scope, int limit, int offset)
    {
        TimelinePage page;
        page.scope = scope;
        page.offset = offset;
        QList<qint64> bad;
        Txn txn(*this, false);
        {
            Stmt q = stmt(kSelectScope);
            q.bind(1, scope);
            if (q.next()) {
                page.known = true;
                if (!q.isNull(0))
                    page.next = q.text(0);
            }
        }
        {
            Stmt q = stmt(kCountScope);
            q.bind(1, scope);
            if (q.next())
                page.storedCount = q.int64(0);
        }
        {
            Stmt q = stmt(kSelectTimeline);
            q.bind(1, scope).bind(2, qint64(limit)).bind(3, qint64(offset));
            page.posts.reserve(std::min(limit, 200));
            while (q.next()) {
                const qint64 id = q.int64(0);
                std::optional<Post> post = CacheBlob::decodePost(q.blob(1));
                if (post && post->id == id)
                    page.posts.append(std::move(*post));
                else
                    bad.append(id);
            }
        }
        dropPosts(bad);
        txn.commit();
        return page;
    }

    std::optional<Post> loadPost(qint64 id)
    {
        Txn txn(*this, false);
        std::optional<Post> post;
        bool malformed = false;
        {
            Stmt q = stmt(kSelectPost);
            q.bind(1, id);
            if (q.next()) {
                post = CacheBlob::decodePost(q.blob(1));
                if (!post || post->id != id) {
                    post.reset();
                    malformed = true;
                }
            }
        }
        if (malformed)
            dropPosts({id});
        txn.commit();
        return post;
    }

    // Rows whose blob does not decode: logged and deleted, with their timeline places.
    void dropPosts(const QList<qint64> &ids)
    {
        for (qint64 id : ids) {
            qCWarning(lcCache) << "dropping post" << id << "with a malformed cache row";
            stmt(kDeletePost).bind(1, id).run();
            stmt(kDeletePostPlaces).bind(1, id).run();
        }
    }
    void dropComments(const QList<qint64> &ids)
    {
        for (qint64 id : ids) {
            qCWarning(lcCache) << "dropping comment" << id << "with a malformed cache row";
            stmt(kDeleteOneComment).bind(1, id).run();
        }
    }

    void removePost(qint64 id)
    {
        Txn txn(*this);
        for (const char *sql : {kDeletePost, kDeletePostComments, kDeletePostLikes,
                                kDeletePostPlaces, kDeletePostHistory})
            stmt(sql).bind(1, id).run();
        txn.commit();
    }

    void saveUsers(const QList<UserBrief> &users)
    {
        Txn txn(*this);
        Stmt up = stmt(kUpsertUser);
        QByteArray blob;
        for (const UserBrief &u : users) {
            if (u.uid <= 0)
                continue;
            blob.resize(0);
            CacheBlob::encode(u, blob);
            up.bind(1, u.uid).bindBlob(2, blob).run();
        }
        txn.commit();
    }

    QList<UserBrief> loadUsers(const QList<qint64> &uids)
    {
        QList<UserBrief> users;
        QList<qint64> bad;
        Txn txn(*this, false);
        {
            Stmt q = stmt(kSelectUser);
            for (qint64 uid : uids) {
                q.bind(1, uid);
                if (q.next()) {
                    std::optional<UserBrief> u = CacheBlob::decodeUser(q.blob(0));
                    if (u && u->uid == uid)
                        users.append(*u);
                    else
                        bad.append(uid);
                }
                q.reset();
            }
        }
        for (qint64 uid : bad) {
            qCWarning(lcCache) << "dropping user" << uid << "with a malformed cache row";
            stmt(kDeleteUser).bind(1, uid).run();
        }
        txn.commit();
        return users;
    }

    void saveComments(qint64 postId, const QList<Comment> &comments)
    {
        Txn txn(*this);
        {
            Stmt up = stmt(kUpsertComment);
            QByteArray blob;
            blob.reserve(512);
            for (const Comment &c : comments) {
                if (c.id <= 0 || (c.postId != 0 && c.postId != postId))
                    continue; // not a comment of this post
                blob.resize(0);
                if (c.postId == postId) {
                    CacheBlob::encode(c, blob);
                } else {
                    Comment withPost = c;
                    withPost.postId = postId;
                    CacheBlob::encode(withPost, blob);
                }
                up.bind(1, c.id)
                    .bind(2, postId)
                    .bind(3, c.rootId)
                    .bind(4, c.parentId)
                    .bind(5, c.floor)
                    .bind(6, c.seq)
                    .bind(7, c.createtime)
                    .bindBlob(8, blob)
                    .run();
            }
        }
        trim(postId, m_commentLimit);
        txn.commit();
    }

    void trim(qint64 postId, int keep)
    {
        keep = std::max(keep, 0);
        qint64 count = 0;
        {
            Stmt q = stmt(kCountComments);
            q.bind(1, postId);
            if (q.next())
                count = q.int64(0);
        }
        if (count > keep)
            stmt(kTrimComments).bind(1, postId).bind(2, qint64(keep)).run();
    }

    // Reads comment rows of a statement (id, data) into `out`, collecting malformed ones.
    static void readComments(Stmt &q, QList<Comment> &out, QList<qint64> &bad)
    {
        while (q.next()) {
            const qint64 id = q.int64(0);
            std::optional<Comment> c = CacheBlob::decodeComment(q.blob(1));
            if (c && c->id == id)
                out.append(std::move(*c));
            else
                bad.append(id);
        }
    }

    FloorPage loadFloors(qint64 postId, qint64 afterFloor, int limit, int repliesPerRoot)
    {
        FloorPage page;
        QList<qint64> bad;
        limit = std::max(limit, 0);
        Txn txn(*this, false);
        {
            Stmt q = stmt(kSelectFloors);
            // From the start for afterFloor <= 0 (the sample's comments carry no floor: 0).
            q.bind(1, postId)
                .bind(2, afterFloor > 0 ? afterFloor : std::numeric_limits<qint64>::min())
                .bind(3, qint64(limit) + 1);
            readComments(q, page.roots, bad);
        }
        if (page.roots.size() > limit) {
            page.roots.resize(limit);
            if (!page.roots.isEmpty())
                page.next = page.roots.constLast().floor;
        }
        {
            Stmt q = stmt(kCountFloors);
            q.bind(1, postId);
            if (q.next())
                page.totalRoots = q.int64(0);
        }
        if (repliesPerRoot != 0) {
            Stmt q = stmt(kSelectReplies);
            q.bind(2, std::numeric_limits<qint64>::min())
                .bind(3, qint64(repliesPerRoot < 0 ? -1 : repliesPerRoot));
            for (const Comment &root : std::as_const(page.roots)) {
                q.bind(1, root.id);
                readComments(q, page.replies, bad);
                q.reset();
            }
        }
        dropComments(bad);
        txn.commit();
        return page;
    }

    ReplyPage loadReplies(qint64 rootId, qint64 afterSeq, int limit)
    {
        ReplyPage page;
        if (rootId <= 0)
            return page; // root_id 0 marks the floors themselves
        QList<qint64> bad;
        limit = std::max(limit, 0);
        Txn txn(*this, false);
        {
            Stmt q = stmt(kSelectReplies);
            q.bind(1, rootId)
                .bind(2, afterSeq > 0 ? afterSeq : std::numeric_limits<qint64>::min())
                .bind(3, qint64(limit) + 1);
            readComments(q, page.items, bad);
        }
        if (page.items.size() > limit) {
            page.items.resize(limit);
            if (!page.items.isEmpty())
                page.next = page.items.constLast().seq;
        }
        dropComments(bad);
        txn.commit();
        return page;
    }

    void removeComment(qint64 id)
    {
        Txn txn(*this);
        stmt(kDeleteComment).bind(1, id).run();
        txn.commit();
    }

    void trimComments(qint64 postId, int keep)
    {
        Txn txn(*this);
        trim(postId, keep);
        txn.commit();
    }

    void saveLikes(qint64 postId, const QList<Like> &likes, bool replace)
    {
        Txn txn(*this);
        if (replace)
            stmt(kDeletePostLikers).bind(1, postId).run();
        Stmt up = stmt(kUpsertLike);
        QByteArray blob;
        for (const Like &l : likes) {
            if (l.user.uid <= 0 || (l.postId != 0 && l.postId != postId))
                continue;
            blob.resize(0);
            if (l.postId == postId) {
                CacheBlob::encode(l, blob);
            } else {
                Like withPost = l;
                withPost.postId = postId;
                CacheBlob::encode(withPost, blob);
            }
            up.bind(1, postId)
                .bind(2, l.user.uid)
                .bind(3, l.id)
                .bind(4, l.createtime)
                .bindBlob(5, blob)
                .run();
        }
        txn.commit();
    }

    QList<Like> loadLikes(qint64 postId, int limit)
    {
        QList<Like> likes;
        QList<qint64> bad;
        Txn txn(*this, false);
        {
            Stmt q = stmt(kSelectLikes);
            q.bind(1, postId).bind(2, qint64(std::max(limit, 0)));
            while (q.next()) {
                std::optional<Like> l = CacheBlob::decodeLike(q.blob(2));
                if (l && l->postId == postId && l->user.uid == q.int64(1))
                    likes.append(*l);
                else
                    bad.append(q.int64(1));
            }
        }
        for (qint64 uid : bad) {
            qCWarning(lcCache) << "dropping a like of post" << postId << "with a malformed row";
            stmt(kDeleteLike).bind(1, postId).bind(2, uid).run();
        }
        txn.commit();
        return likes;
    }

    void saveMeta(const QString &key, const QString &value)
    {
        stmt(kUpsertMeta).bind(1, key).bind(2, value).run();
    }
    void removeMeta(const QString &key) { stmt(kDeleteMeta).bind(1, key).run(); }
    std::optional<QString> loadMeta(const QString &key)
    {
        Stmt q = stmt(kSelectMeta);
        q.bind(1, key);
        if (q.next())
            return q.text(0);
        return std::nullopt;
    }

    void markViewed(qint64 postId, qint64 when, qint64 now)
    {
        Txn txn(*this);
        stmt(kUpsertView).bind(1, postId).bind(2, when).run();
        pruneHistory(now);
        txn.commit();
    }

    void pruneHistory(qint64 now)
    {
        stmt(kExpireHistory).bind(1, now - Cache::kHistoryMaxAgeMs).run();
        stmt(kCapHistory).bind(1, qint64(Cache::kHistoryLimit)).run();
    }

    QList<HistoryEntry> loadHistory(qint64 now)
    {
        QList<HistoryEntry> entries;
        QList<qint64> bad;
        Txn txn(*this);
        pruneHistory(now);
        {
            Stmt q = stmt(kSelectHistory);
            q.bind(1, qint64(Cache::kHistoryLimit));
            while (q.next()) {
                HistoryEntry e;
                e.postId = q.int64(0);
                e.viewedAt = q.int64(1);
                if (!q.isNull(2)) {
                    e.post = CacheBlob::decodePost(q.blob(2));
                    if (!e.post || e.post->id != e.postId) {
                        e.post.reset();
                        bad.append(e.postId);
                    }
                }
                entries.append(std::move(e));
            }
        }
        dropPosts(bad);
        txn.commit();
        return entries;
    }

    void clear()
    {
        Txn txn(*this);
        for (const char *sql : kClearTables)
            exec(sql);
        txn.commit();
    }

    int m_commentLimit = Cache::kDefaultCommentLimit;
    std::atomic<bool> m_closing{false}; // set by ~Cache: skip the integrity check
    std::function<void(const char *)> m_observer;

private:
    enum class Verdict { Ok, Corrupt, Failed };

    // Opens `path` and makes it a current cache; Corrupt when the file is there but unusable.
    Verdict attempt(const QString &path, QString &why)
    {
        const QFileInfo info(path);
        const bool existed = info.exists() || info.isSymLink();
        m_existed = existed;
        if (existed) {
            if (info.isDir()) {
                why = u"a directory is in the cache file's place"_s;
                return Verdict::Corrupt;
            }
            if (!info.isFile()) {
                why = u"the cache path is not a regular file"_s;
                return Verdict::Corrupt;
            }
            if (info.size() == 0) {
                why = u"the cache file is empty (zero length)"_s;
                return Verdict::Corrupt;
            }
            if (!info.isReadable()) {
                why = u"the cache file is not readable"_s;
                return Verdict::Corrupt;
            }
        }
        if (!existed) {
            // Journal files without their database would be replayed into a fresh one.
            for (const char *suffix : kSidecars) {
                if (QFileInfo::exists(path + QLatin1StringView(suffix))) {
                    why = u"journal files of a missing cache file are left over"_s;
                    return Verdict::Corrupt;
                }
            }
        }
        if (!QDir().mkpath(info.absolutePath())) {
            why = u"cannot create the directory %1"_s.arg(info.absolutePath());
            return Verdict::Failed;
        }

        m_connection = u"threadline-cache-%1"_s.arg(++g_connectionCounter);
        m_db = QSqlDatabase::addDatabase(u"QSQLITE"_s, m_connection);
        if (!m_db.isValid()) {
            why = u"the Qt SQLite driver (QSQLITE) is not available"_s;
            closeDb();
            return Verdict::Failed;
        }
        m_db.setDatabaseName(path);
        if (!m_db.open()) {
            why = m_db.lastError().text();
            closeDb();
            return existed ? Verdict::Corrupt : Verdict::Failed;
        }
        if (!bindHandle(why)) {
            closeDb();
            return Verdict::Failed;
        }

        try {
            // Reading the header and the schema: random bytes fail here (SQLITE_NOTADB).
            const qint64 appId = scalar("PRAGMA application_id");
            const qint64 version = scalar("PRAGMA user_version");
            const qint64 objects = scalar("SELECT count(*) FROM sqlite_master");
            if (version > cacheschema::kVersion) {
                // Written by a newer client: this build cannot know its schema. The cache is a
                // projection, so it is moved aside and rebuilt (docs/performance.md, cache.h).
                why = u"the cache's schema version %1 is newer than this client's %2"_s.arg(version)
                          .arg(cacheschema::kVersion);
                closeDb();
                return Verdict::Corrupt;
            }
            // user_version is a signed 32-bit field: a damaged header can make it negative, and
            // migrate() indexes the migrations by it.
            if (version < 0) {
                why = u"the cache's schema version %1 is not valid"_s.arg(version);
                closeDb();
                return Verdict::Corrupt;
            }
            if ((appId != 0 && appId != cacheschema::kApplicationId) ||
                (appId == 0 && (version != 0 || objects != 0))) {
                why = u"the file is not a Threadline cache"_s;
                closeDb();
                return Verdict::Corrupt;
            }
            // Only readable — its permissions, or a header whose write version this SQLite does
            // not know (byte 18 > 2): every write would fail for as long as the file is used.
            if (sqlite3_db_readonly(m_sql, "main") == 1) {
                why = u"the cache file can only be read, not written"_s;
                closeDb();
                return existed ? Verdict::Corrupt : Verdict::Failed;
            }
            // Truncated: fewer bytes than the header's page count (checked only without a WAL,
            // which may hold pages beyond the end of the file).
            if (existed && !QFileInfo::exists(path + u"-wal"_s)) {
                const qint64 expected = scalar("PRAGMA page_count") * scalar("PRAGMA page_size");
                if (QFileInfo(path).size() < expected) {
                    why = u"the cache file is truncated"_s;
                    closeDb();
                    return Verdict::Corrupt;
                }
            }
            if (text("PRAGMA journal_mode = WAL").compare(u"wal"_s, Qt::CaseInsensitive) != 0) {
                why = u"cannot switch the cache to WAL"_s;
                closeDb();
                return existed ? Verdict::Corrupt : Verdict::Failed;
            }
            exec("PRAGMA synchronous = NORMAL");
            exec("PRAGMA temp_store = MEMORY");
            exec("PRAGMA foreign_keys = OFF");
            migrate(int(version));
            // The schema exactly as the migrations wrote it: a damaged byte in sqlite_master can
            // leave valid SQL naming another column ("datx" for "data") or table, which no
            // check above sees and on which every write then fails.
            if (const QString wrong = schemaMismatch(); !wrong.isEmpty()) {
                why = u"the cache's schema is not the one this client wrote (%1)"_s.arg(wrong);
                closeDb();
                return existed ? Verdict::Corrupt : Verdict::Failed;
            }
        } catch (const SqlError &e) {
            why = e.message;
            closeDb();
            if (e.transient())
                return Verdict::Failed;
            return existed ? Verdict::Corrupt : Verdict::Failed;
        }
        return Verdict::Ok;
    }

    // The sqlite3* of the Qt connection, used directly for the hot paths. It is only valid in
    // this library if the driver uses the same SQLite library as this build (on Debian QSQLITE
    // links the system libsqlite3); a version mismatch means a bundled copy: refuse.
    bool bindHandle(QString &why)
    {
        const QVariant handle = m_db.driver()->handle();
        if (!handle.isValid() || qstrcmp(handle.typeName(), "sqlite3*") != 0) {
            why = u"the Qt SQLite driver gives no sqlite3 handle"_s;
            return false;
        }
        sqlite3 *db = *static_cast<sqlite3 *const *>(handle.constData());
        if (!db) {
            why = u"the Qt SQLite driver gives no sqlite3 handle"_s;
            return false;
        }
        // Ask the driver's library (through Qt) which SQLite it is.
        QString driverVersion;
        {
            QSqlQuery q(m_db);
            if (q.exec(u"SELECT sqlite_version()"_s) && q.next())
                driverVersion = q.value(0).toString();
        }
        const QString ours = QString::fromLatin1(sqlite3_libversion());
        if (driverVersion != ours) {
            why = u"the Qt SQLite driver uses SQLite %1, this build links %2"_s.arg(driverVersion,
                                                                                    ours);
            return false;
        }
        m_sql = db;
        return true;
    }

    // Compares the tables and indexes in sqlite_master with the CREATE statements of the
    // migrations (SQLite keeps the statement's text as written; released steps never change),
    // SQLite's own tables (sqlite_stat1 of PRAGMA optimize) aside. Empty when they match, else
    // what differs first; an SQLite error is thrown as SqlError.
    QString schemaMismatch()
    {
        QHash<QString, QString> expected; // name -> CREATE statement
        for (const auto &step : cacheschema::kMigrations) {
            for (const char *sql : step) {
                const QString text = QString::fromLatin1(sql);
                const QStringList words = text.split(u' ', Qt::SkipEmptyParts);
                if (words.size() > 2 && words.at(0) == u"CREATE"_s) // CREATE TABLE|INDEX name …
                    expected.insert(words.at(2), text);
            }
        }
        sqlite3_stmt *q = nullptr;
        const int prepared =
            sqlite3_prepare_v2(m_sql,
                               "SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL AND "
                               "substr(name, 1, 7) <> 'sqlite_'",
                               -1, &q, nullptr);
        if (prepared != SQLITE_OK) // corrupt or transient, as attempt() tells them apart
            throw SqlError(prepared, QString::fromUtf8(sqlite3_errmsg(m_sql)));
        QString wrong;
        qsizetype seen = 0;
        int rc = SQLITE_ROW;
        while (wrong.isEmpty() && (rc = sqlite3_step(q)) == SQLITE_ROW) {
            const auto column = [q](int c) {
                return QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(q, c)),
                                         sqlite3_column_bytes(q, c));
            };
            const QString name = column(0);
            const auto it = expected.constFind(name);
            if (it == expected.constEnd())
                wrong = u"an unknown object \"%1\""_s.arg(name.left(64));
            else if (column(1) != *it)
                wrong = u"\"%1\" is defined differently"_s.arg(name);
            else
                ++seen;
        }
        if (wrong.isEmpty() && rc != SQLITE_DONE) {
            SqlError error(rc, QString::fromUtf8(sqlite3_errmsg(m_sql)));
            sqlite3_finalize(q);
            throw error;
        }
        sqlite3_finalize(q);
        if (wrong.isEmpty() && seen != expected.size())
            wrong = u"%1 of its %2 tables and indexes are missing"_s.arg(expected.size() - seen)
                        .arg(expected.size());
        return wrong;
    }

    void migrate(int from)
    {
        for (int v = from; v < cacheschema::kVersion; ++v) {
            Txn txn(*this);
            for (const char *sql : cacheschema::kMigrations[size_t(v)])
                exec(sql);
            exec(QByteArray("PRAGMA user_version = " + QByteArray::number(v + 1)).constData());
            txn.commit();
            qCDebug(lcCache) << "cache schema migrated to version" << v + 1;
        }
    }

    // Renames the file (and its sidecars) to `<path>.corrupt-<stamp>[-n]`; deletes nothing.
    // Returns the new name of the main file, or empty with `error` set.
    static QString moveAside(const QString &path, QString &error)
    {
        const QString base = path + u".corrupt-"_s +
                             QDateTime::currentDateTimeUtc().toString(u"yyyyMMdd-HHmmss-zzz"_s);
        auto taken = [](const QString &name) {
            if (QFileInfo(name).exists() || QFileInfo(name).isSymLink())
                return true;
            for (const char *suffix : kSidecars)
                if (QFileInfo::exists(name + QLatin1StringView(suffix)))
                    return true;
            return false;
        };
        QString target = base;
        for (int n = 2; taken(target); ++n)
            target = base + u'-' + QString::number(n);

        QDir dir;
        const QFileInfo main(path);
        const bool mainThere = main.exists() || main.isSymLink();
        if (mainThere && !dir.rename(path, target)) {
            error = u"cannot rename %1"_s.arg(path);
            return {};
        }
        // The journal files belong to the file moved: a stale WAL must never meet a fresh file.
        for (const char *suffix : kSidecars) {
            const QString from = path + QLatin1StringView(suffix);
            if (QFileInfo::exists(from) && !dir.rename(from, target + QLatin1StringView(suffix))) {
                error = u"cannot rename %1"_s.arg(from);
                return {};
            }
        }
        qCWarning(lcCache) << "moved the unusable cache aside to" << target;
        return mainThere ? target : target + u"-wal"_s;
    }

    Cache *m_owner;
    QObject *m_worker; // lives on this thread: the target of queued jobs
    QString m_path;
    bool m_existed = false;   // the file was there before the last attempt
    quint64 m_generation = 0; // bumped by every close: stale queued checks do nothing
    QString m_connection;
    QSqlDatabase m_db;
    sqlite3 *m_sql = nullptr;
    QHash<const void *, sqlite3_stmt *> m_stmts;
};

} // namespace detail

// ---------------------------------------------------------------------------------------------
// Cache: the caller's side. Each method captures its arguments by value and queues a job.

using detail::CacheStore;

Cache::Cache(QObject *parent)
    : QObject(parent)
    , m_thread(new QThread)
    , m_worker(new QObject)
    , m_store(std::make_shared<CacheStore>(this, m_worker))
{
    m_thread->setObjectName(u"threadline-cache"_s);
    m_worker->moveToThread(m_thread);
    m_thread->start();
}

Cache::~Cache()
{
    // Runs after every request already queued: closes the connection on its own thread.
    std::shared_ptr<CacheStore> store = m_store;
    QThread *thread = m_thread;
    store->m_closing = true;
    QMetaObject::invokeMethod(
        m_worker,
        [store, thread] {
            store->close();
            thread->quit();
        },
        Qt::QueuedConnection);
    m_thread->wait();
    delete m_worker;
    delete m_thread;
}

template<class Job> quint64 Cache::enqueue(const char *name, Job &&job)
{
    const quint64 id = m_nextId.fetch_add(1);
    const bool needsOpen = qstrcmp(name, "open") != 0 && qstrcmp(name, "close") != 0;
    QMetaObject::invokeMethod(
        m_worker,
        [store = m_store, name, id, needsOpen, job = std::forward<Job>(job)]() mutable {
            store->run(name, id, needsOpen, job);
        },
        Qt::QueuedConnection);
    return id;
}

qint64 Cache::now() const
{
    return m_clock ? m_clock() : QDateTime::currentMSecsSinceEpoch();
}

QString Cache::pathFor(const QUrl &server, const QString &username, const QString &instance)
{
    const QString scheme = server.scheme().toLower();
    const int port = server.port(scheme == u"https"_s ? 443 : scheme == u"http"_s ? 80 : 0);
    const QString byAddress = sanitise(server.host().toLower()) + u'_' + QString::number(port);
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
                        u"/cache/"_s + ServerIdentity::folderName(instance, byAddress);
    return dir + u'/' + sanitise(username) + u".sqlite"_s;
}

void Cache::setClock(Clock clock)
{
    m_clock = std::move(clock);
}

void Cache::setCommentLimit(int keep)
{
    QMetaObject::invokeMethod(
        m_worker, [store = m_store, keep] { store->m_commentLimit = std::max(keep, 0); },
        Qt::QueuedConnection);
}

void Cache::setRequestObserver(std::function<void(const char *)> observer)
{
    QMetaObject::invokeMethod(
        m_worker, [store = m_store, observer] { store->m_observer = observer; },
        Qt::QueuedConnection);
}

QThread *Cache::workerThread() const
{
    return m_thread;
}

quint64 Cache::open(const QString &path)
{
    return enqueue("open", [path](CacheStore &s, quint64) { s.open(path); });
}

quint64 Cache::close()
{
    return enqueue("close", [](CacheStore &s, quint64 id) {
        s.close();
        s.done(id);
    });
}

quint64 Cache::savePosts(const QList<Post> &posts, const QString &scopeKey, bool replaceScope,
                         const std::optional<QString> &next)
{
    return enqueue("savePosts",
                   [posts, scopeKey, replaceScope, next, now = now()](CacheStore &s, quint64 id) {
                       s.savePosts(posts, scopeKey, replaceScope, next, now);
                       s.done(id);
                   });
}

quint64 Cache::importPosts(const QList<Post> &posts, const QString &scopeKey)
{
    const quint64 id =
        enqueue("importPosts", [posts, scopeKey, now = now()](CacheStore &s, quint64 id) {
            s.placePostsByTime(posts, scopeKey, now);
            s.done(id);
        });
    for (const Post &p : posts) {
        if (p.id <= 0)
            continue;
        if (!p.comments.isEmpty())
            saveComments(p.id, p.comments);
        if (!p.likes.isEmpty())
            saveLikes(p.id, p.likes);
    }
    return id;
}

quint64 Cache::savePost(const Post &post)
{
    return savePosts({post});
}

quint64 Cache::loadTimeline(const QString &scopeKey, int limit, int offset)
{
    return enqueue("loadTimeline", [scopeKey, limit = std::max(limit, 0),
                                    offset = std::max(offset, 0)](CacheStore &s, quint64 id) {
        TimelinePage page = s.loadTimeline(scopeKey, limit, offset);
        s.reply([id, page = std::move(page)](Cache *c) { emit c->timelineLoaded(id, page); });
    });
}

quint64 Cache::loadPost(qint64 postId)
{
    return enqueue("loadPost", [postId](CacheStore &s, quint64 id) {
        std::optional<Post> post = s.loadPost(postId);
        s.reply([id, postId, post = std::move(post)](Cache *c) {
            emit c->postLoaded(id, postId, post);
        });
    });
}

quint64 Cache::removePost(qint64 postId)
{
    return enqueue("removePost", [postId](CacheStore &s, quint64 id) {
        s.removePost(postId);
        s.done(id);
    });
}

quint64 Cache::saveUsers(const QList<UserBrief> &users)
{
    return enqueue("saveUsers", [users](CacheStore &s, quint64 id) {
        s.saveUsers(users);
        s.done(id);
    });
}

quint64 Cache::loadUsers(const QList<qint64> &uids)
{
    return enqueue("loadUsers", [uids](CacheStore &s, quint64 id) {
        QList<UserBrief> users = s.loadUsers(uids);
        s.reply([id, users = std::move(users)](Cache *c) { emit c->usersLoaded(id, users); });
    });
}

quint64 Cache::saveComments(qint64 postId, const QList<Comment> &comments)
{
    return enqueue("saveComments", [postId, comments](CacheStore &s, quint64 id) {
        s.saveComments(postId, comments);
        s.done(id);
    });
}

quint64 Cache::loadFloors(qint64 postId, qint64 afterFloor, int limit, int repliesPerRoot)
{
    return enqueue("loadFloors",
                   [postId, afterFloor, limit, repliesPerRoot](CacheStore &s, quint64 id) {
                       FloorPage page = s.loadFloors(postId, afterFloor, limit, repliesPerRoot);
                       s.reply([id, postId, page = std::move(page)](Cache *c) {
                           emit c->floorsLoaded(id, postId, page);
                       });
                   });
}

quint64 Cache::loadReplies(qint64 rootId, qint64 afterSeq, int limit)
{
    return enqueue("loadReplies", [rootId, afterSeq, limit](CacheStore &s, quint64 id) {
        ReplyPage page = s.loadReplies(rootId, afterSeq, limit);
        s.reply([id, rootId, page = std::move(page)](Cache *c) {
            emit c->repliesLoaded(id, rootId, page);
        });
    });
}

quint64 Cache::removeComment(qint64 commentId)
{
    return enqueue("removeComment", [commentId](CacheStore &s, quint64 id) {
        s.removeComment(commentId);
        s.done(id);
    });
}

quint64 Cache::trimComments(qint64 postId, int keep)
{
    return enqueue("trimComments", [postId, keep](CacheStore &s, quint64 id) {
        s.trimComments(postId, keep);
        s.done(id);
    });
}

quint64 Cache::saveLikes(qint64 postId, const QList<Like> &likes, bool replace)
{
    return enqueue("saveLikes", [postId, likes, replace](CacheStore &s, quint64 id) {
        s.saveLikes(postId, likes, replace);
        s.done(id);
    });
}

quint64 Cache::loadLikes(qint64 postId, int limit)
{
    return enqueue("loadLikes", [postId, limit](CacheStore &s, quint64 id) {
        QList<Like> likes = s.loadLikes(postId, limit);
        s.reply([id, postId, likes = std::move(likes)](Cache *c) {
            emit c->likesLoaded(id, postId, likes);
        });
    });
}

quint64 Cache::saveMeta(const QString &key, const QString &value)
{
    return enqueue("saveMeta", [key, value](CacheStore &s, quint64 id) {
        s.saveMeta(key, value);
        s.done(id);
    });
}

quint64 Cache::removeMeta(const QString &key)
{
    return enqueue("removeMeta", [key](CacheStore &s, quint64 id) {
        s.removeMeta(key);
        s.done(id);
    });
}

quint64 Cache::loadMeta(const QString &key)
{
    return enqueue("loadMeta", [key](CacheStore &s, quint64 id) {
        std::optional<QString> value = s.loadMeta(key);
        s.reply(
            [id, key, value = std::move(value)](Cache *c) { emit c->metaLoaded(id, key, value); });
    });
}

quint64 Cache::markViewed(qint64 postId, std::optional<qint64> whenMs)
{
    const qint64 now = this->now();
    return enqueue("markViewed",
                   [postId, when = whenMs.value_or(now), now](CacheStore &s, quint64 id) {
                       s.markViewed(postId, when, now);
                       s.done(id);
                   });
}

quint64 Cache::loadHistory()
{
    return enqueue("loadHistory", [now = now()](CacheStore &s, quint64 id) {
        QList<HistoryEntry> entries = s.loadHistory(now);
        s.reply(
            [id, entries = std::move(entries)](Cache *c) { emit c->historyLoaded(id, entries); });
    });
}

quint64 Cache::clear()
{
    return enqueue("clear", [](CacheStore &s, quint64 id) {
        s.clear();
        s.done(id);
    });
}

bool Cache::waitForIdle(int timeoutMs)
{
    auto idle = std::make_shared<QSemaphore>();
    QMetaObject::invokeMethod(
        m_worker, [idle] { idle->release(); }, Qt::QueuedConnection);
    if (!idle->tryAcquire(1, timeoutMs))
        return false;
    // Deliver the answers the worker has queued for this object.
    QCoreApplication::sendPostedEvents(this, QEvent::MetaCall);
    return true;
}

} // namespace threadline::core

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// CacheBlob (cacheblob.h): the writer and the bounds-checked reader of the cache's blob format.
#include "cache/cacheblob.h"

#include <QtEndian>

#include <cstring>

namespace threadline::core {

namespace {

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
        // 2: a newer server's category, its word after it (blobs before it have 0 or 1 only)
        byte(p.category == Post::Category::Picture   ? 1
             : p.category == Post::Category::Unknown ? 2
                                                     : 0);
        if (p.category == Post::Category::Unknown)
            str(p.categoryWord);
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
    // A string's UTF-8 bytes where they are, not copied.
    QByteArrayView strView()
    {
        const quint64 n = uvar();
        if (!m_ok || n > quint64(m_end - m_p))
            return fail<QByteArrayView>();
        const char *start = m_p;
        m_p += n;
        return QByteArrayView(start, qsizetype(n));
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
    // The fields before a post's content, then the content (postText()).
    QByteArrayView postContent()
    {
        svar(); // id
        if (byte() == 2)
            strView(); // a newer server's category word
        return strView();
    }
    // The fields before a comment's content, then the content (commentText()).
    QByteArrayView commentContent()
    {
        for (int i = 0; i < 6; ++i) // id, postId, rootId, parentId, floor, seq
            svar();
        svar(); // author: uid, nickname, avatar
        strView();
        strView();
        if (flag()) { // replyTo
            svar();
            strView();
            strView();
        }
        return strView();
    }
    Post post()
    {
        Post p;
        p.id = svar();
        const quint8 category = byte();
        if (category > 2)
            fail<int>();
        p.category = category == 2   ? Post::Category::Unknown
                     : category == 1 ? Post::Category::Picture
                                     : Post::Category::Text;
        if (p.category == Post::Category::Unknown)
            p.categoryWord = str().left(40);
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

std::optional<QByteArrayView> CacheBlob::postText(QByteArrayView blob)
{
    Reader r(blob);
    if (!r.header(kPostTag))
        return std::nullopt;
    const QByteArrayView text = r.postContent();
    return r.ok() ? std::optional(text) : std::nullopt;
}

std::optional<QByteArrayView> CacheBlob::commentText(QByteArrayView blob)
{
    Reader r(blob);
    if (!r.header(kCommentTag))
        return std::nullopt;
    const QByteArrayView text = r.commentContent();
    return r.ok() ? std::optional(text) : std::nullopt;
}

std::optional<Like> CacheBlob::decodeLike(QByteArrayView blob)
{
    return decodeBlob<Like>(blob, kLikeTag, [](Reader &r) { return r.like(); });
}

std::optional<UserBrief> CacheBlob::decodeUser(QByteArrayView blob)
{
    return decodeBlob<UserBrief>(blob, kUserTag, [](Reader &r) { return r.user(); });
}

} // namespace threadline::core

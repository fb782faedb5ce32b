// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Writes the seed corpus of fuzz_cacheblob with the real encoder (CacheBlob::encode): every
// post, comment, like and author of the given JSON files (import files: one post, an array,
// a page), plus values that use each optional part of the format (geo, moderation, a hidden
// comment, a reply's replyTo, viewCount, empty strings, extreme integers).
//   fuzz_blobseeds OUT_DIR FILE.json…      (see capture-corpus.sh for the JSON)
#include "cache/cache.h"
#include "wire/jsoncodec.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cstdio>
#include <limits>

using namespace threadline::core;
using namespace Qt::StringLiterals;

namespace {

int written = 0;

void save(const QString &dir, const QString &name, const QByteArray &blob)
{
    QFile f(dir + u'/' + name);
    if (f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(blob) == blob.size())
        ++written;
}

template<class T> QByteArray blobOf(const T &value)
{
    QByteArray out;
    CacheBlob::encode(value, out);
    return out;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s OUT_DIR [FILE.json…]\n", argv[0]);
        return 2;
    }
    const QString out = QString::fromLocal8Bit(argv[1]);
    QDir().mkpath(out);
    for (int i = 2; i < argc; ++i) {
        QFile f(QString::fromLocal8Bit(argv[i]));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const auto posts = decodePostList(f.readAll());
        if (!posts)
            continue;
        const QString stem = QFileInfo(f.fileName()).completeBaseName();
        for (qsizetype k = 0; k < posts->size() && k < 6; ++k) {
            const Post &p = posts->at(k);
            save(out, u"post-%1-%2"_s.arg(stem).arg(k), blobOf(p));
            save(out, u"user-%1-%2"_s.arg(stem).arg(k), blobOf(p.author));
            if (!p.comments.isEmpty())
                save(out, u"comment-%1-%2"_s.arg(stem).arg(k), blobOf(p.comments.first()));
            if (!p.likes.isEmpty())
                save(out, u"like-%1-%2"_s.arg(stem).arg(k), blobOf(p.likes.first()));
        }
    }

    const UserBrief mod{10009, u"管理员"_s, u"/api/v1/media/m.png"_s};
    Post full;
    full.id = CodecLimits::kMaxId;
    full.category = Post::Category::Picture;
    full.content = u"全部 😀 \u202Eevil.exe"_s;
    full.createtime = std::numeric_limits<qint64>::max();
    full.device = u"红米 6"_s;
    full.geo = Geo{u"北京"_s, -90.0, 180.0};
    full.author = {10003, u"王五"_s, u"/api/v1/media/a.png"_s};
    full.pictureUrls = {u"/a.png"_s, u""_s, u"/c.webp"_s};
    full.likeCount = 3;
    full.commentCount = 2;
    full.liked = true;
    full.likes = {Like{1, full.id, 5, mod}};
    Comment reply;
    reply.id = 7;
    reply.postId = full.id;
    reply.rootId = 6;
    reply.parentId = 6;
    reply.floor = 1;
    reply.seq = 1;
    reply.author = mod;
    reply.replyTo = full.author;
    reply.content = u"回复"_s;
    reply.createtime = 9;
    reply.score = -3;
    reply.status = Comment::Status::Hidden;
    reply.moderation = Moderation{mod, u"spam"_s, 10};
    full.comments = {reply};
    full.hidden = true;
    full.moderation = Moderation{mod, u""_s, std::numeric_limits<qint64>::min()};
    full.viewCount = 12345;
    save(out, u"post-every-part"_s, blobOf(full));
    save(out, u"comment-hidden-reply"_s, blobOf(reply));
    save(out, u"post-empty"_s, blobOf(Post{}));
    save(out, u"comment-empty"_s, blobOf(Comment{}));
    save(out, u"like-empty"_s, blobOf(Like{}));
    save(out, u"user-empty"_s, blobOf(UserBrief{}));
    std::printf("%d blobs written to %s\n", written, argv[1]);
    return 0;
}

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// fuzz_jsoncodec: every public decoder of core/wire/jsoncodec.h. The first byte picks the decoder
// (the letters below; any other byte: that byte modulo the table's size), the rest is the body.
// Seeds: corpus/jsoncodec/, real answers of threadline-server (capture-corpus.sh) and the
// contract's sample. Invariants checked besides "no sanitizer report": a decoder either gives
// a value or a DecodeError with a message, and a decoded post keeps the contract's limits.
#include "wire/jsoncodec.h"

#include <QJsonArray>
#include <QJsonObject>

#include <cstdint>
#include <cstdlib>
#include <cstring>

using namespace threadline::core;

namespace {

[[noreturn]] void broken(const char *what)
{
    std::fprintf(stderr, "fuzz_jsoncodec: invariant broken: %s\n", what);
    std::abort();
}

template<class T> void check(const Result<T> &r)
{
    if (!r.ok() && r.error().message.isEmpty())
        broken("a DecodeError without a message");
    if (!r.ok())
        (void)r.error().toString();
}

void checkPost(const Post &p)
{
    if (p.id < 1 || p.id > CodecLimits::kMaxId)
        broken("post id out of range");
    if (p.pictureUrls.size() > CodecLimits::kMaxArrayItems)
        broken("more pictures than the array limit");
    if (!p.content.isValidUtf16() || !p.author.nickName.isValidUtf16())
        broken("a decoded string with an unpaired surrogate");
    if (p.geo &&
        (!(p.geo->lat >= -90 && p.geo->lat <= 90) || !(p.geo->lng >= -180 && p.geo->lng <= 180)))
        broken("geo out of range");
    for (const Comment &c : p.comments)
        if ((c.rootId == 0) != (c.parentId == 0))
            broken("a comment that is neither a root nor a reply");
}

// What parseDocument accepted keeps the limits its byte scanner promised, checked on the value
// Qt's parser built (a disagreement between the two — a nesting or an item the scanner did not
// see — would let a hostile answer past the limits).
void checkLimits(const QJsonValue &v, int depth)
{
    if (v.isArray() || v.isObject()) {
        if (depth >= CodecLimits::kMaxDepth)
            broken("a document nested deeper than kMaxDepth was accepted");
    }
    if (v.isArray()) {
        const QJsonArray a = v.toArray();
        if (a.size() > CodecLimits::kMaxArrayItems)
            broken("an array longer than kMaxArrayItems was accepted");
        for (const QJsonValue &item : a)
            checkLimits(item, depth + 1);
    } else if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (it.key().toUtf8().size() > CodecLimits::kMaxStringBytes)
                broken("a key longer than kMaxStringBytes was accepted");
            checkLimits(it.value(), depth + 1);
        }
    } else if (v.isString() && v.toString().toUtf8().size() > CodecLimits::kMaxStringBytes) {
        broken("a string longer than kMaxStringBytes was accepted");
    }
}

// Every decoder of a parsed value, on the value and on each member or item one level down.
void decodeValues(const QJsonValue &v)
{
    check(decodeUserBrief(v));
    check(decodeUserProfile(v));
    const Result<Post> post = decodePost(v);
    check(post);
    if (post)
        checkPost(*post);
    check(decodeComment(v));
    check(decodeLike(v));
    check(decodeReport(v));
    check(decodeQueueItem(v));
    check(decodeLogEntry(v));
    check(decodeActivity(v));
    check(decodeChange(v));
    check(decodeDeviceName(v));
}

using Decode = void (*)(const QByteArray &);

template<auto F> void run(const QByteArray &body)
{
    check(F(body));
}

void runPostPage(const QByteArray &body)
{
    const Result<PostPage> page = decodePostPage(body);
    check(page);
    if (page)
        for (const Post &p : page->items)
            checkPost(p);
}

void runPostList(const QByteArray &body)
{
    const Result<QList<Post>> posts = decodePostList(body);
    check(posts);
    if (posts) {
        if (posts->isEmpty())
            broken("decodePostList succeeded with no post");
        for (const Post &p : *posts)
            checkPost(p);
    }
}

void runValues(const QByteArray &body)
{
    const Result<QJsonValue> doc = parseDocument(body);
    check(doc);
    if (!doc)
        return;
    decodeValues(*doc);
    if (doc->isArray()) {
        for (const QJsonValue &item : doc->toArray())
            decodeValues(item);
    } else {
        const QJsonObject o = doc->toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            decodeValues(it.value());
            if (it.value().isArray())
                for (const QJsonValue &item : it.value().toArray())
                    decodeValues(item);
        }
    }
}

struct Entry
{
    char selector;
    Decode decode;
};

// Overloaded decoders are named through a cast to their QByteArray form.
template<class T> using FromBytes = Result<T> (*)(const QByteArray &);

const Entry kDecoders[] = {
    {'u', run<FromBytes<UserProfile>(decodeUserProfile)>},
    {'p', run<FromBytes<Post>(decodePost)>},
    {'c', run<FromBytes<Comment>(decodeComment)>},
    {'r', run<FromBytes<Report>(decodeReport)>},
    {'q', run<FromBytes<QueueItem>(decodeQueueItem)>},
    {'d', run<FromBytes<DeviceName>(decodeDeviceName)>},
    {'T', runPostPage},
    {'I', runPostList},
    {'F', run<decodeFloorPage>},
    {'R', run<decodeReplyPage>},
    {'L', run<decodeLikePage>},
    {'A', run<decodeActivityPage>},
    {'Q', run<decodeQueuePage>},
    {'G', run<decodeLogPage>},
    {'D', run<decodeDevicePage>},
    {'S', run<decodeSyncPage>},
    {'e', run<decodeApiError>},
    {'l', run<decodeLoginResult>},
    {'k', run<decodeLikeState>},
    {'K', run<decodeCommentLikeState>},
    {'f', run<decodeFollowState>},
    {'m', run<decodeMediaUpload>},
    {'h', run<decodeHealth>},
    {'s', run<decodeModerationStats>},
    {'a', run<decodeUserActivityStats>},
    {'v', runValues},
};
constexpr std::size_t kCount = sizeof kDecoders / sizeof kDecoders[0];

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    const Entry *entry = &kDecoders[data[0] % kCount];
    for (const Entry &e : kDecoders)
        if (e.selector == char(data[0]))
            entry = &e;
    // A copy, not fromRawData: a read past the end is then a heap overflow ASan sees.
    const QByteArray body(reinterpret_cast<const char *>(data) + 1, qsizetype(size - 1));
    if (const Result<QJsonValue> doc = parseDocument(body))
        checkLimits(*doc, 0);
    entry->decode(body);
    return 0;
}

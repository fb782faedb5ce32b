// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// fuzz_cacheblob: the cache's binary blob decoder (core/cache/cacheblob.h), which reads every
// row of the cache file — a file the cache corruption soak shows can hold any bytes. Each input
// goes through all four decoders (only the one whose tag byte matches gets past the header).
// Invariant besides "no sanitizer report": what decodes re-encodes to a blob that decodes again
// and re-encodes to the same bytes (the encoder and the decoder agree on the format); the search
// index's text readers (postText, commentText) stay within the blob and read what a whole decode
// reads.
// Seeds: corpus/cacheblob/, written by the real encoder (fuzz_blobseeds).
#include "cache/cache.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

using namespace threadline::core;

namespace {

[[noreturn]] void broken(const char *what)
{
    std::fprintf(stderr, "fuzz_cacheblob: invariant broken: %s\n", what);
    std::abort();
}

template<class T, class Decode> void roundTrip(const std::optional<T> &value, Decode decode)
{
    if (!value)
        return;
    QByteArray once;
    CacheBlob::encode(*value, once);
    const std::optional<T> again = decode(once);
    if (!again)
        broken("a decoded value re-encodes to a blob that does not decode");
    QByteArray twice;
    CacheBlob::encode(*again, twice);
    if (twice != once)
        broken("encode(decode(encode(v))) differs from encode(v)");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    // A copy on the heap, exactly `size` bytes seen by the decoder: reads past the end are
    // heap overflows that ASan reports.
    const QByteArray copy(reinterpret_cast<const char *>(data), qsizetype(size));
    const QByteArrayView blob(copy.constData(), copy.size());
    roundTrip(CacheBlob::decodePost(blob), CacheBlob::decodePost);
    roundTrip(CacheBlob::decodeComment(blob), CacheBlob::decodeComment);
    roundTrip(CacheBlob::decodeLike(blob), CacheBlob::decodeLike);
    roundTrip(CacheBlob::decodeUser(blob), CacheBlob::decodeUser);
    // The search index's text reader (a view into the blob): within it, and what a whole
    // decode finds when that succeeds.
    const auto within = [&blob](const std::optional<QByteArrayView> &text) {
        if (text &&
            (text->data() < blob.data() || text->data() + text->size() > blob.data() + blob.size()))
            broken("a row's text is not within its blob");
    };
    const std::optional<QByteArrayView> postText = CacheBlob::postText(blob);
    within(postText);
    if (const auto post = CacheBlob::decodePost(blob);
        post && (!postText || QString::fromUtf8(*postText) != post->content))
        broken("postText differs from the decoded post's content");
    const std::optional<QByteArrayView> commentText = CacheBlob::commentText(blob);
    within(commentText);
    if (const auto comment = CacheBlob::decodeComment(blob);
        comment && (!commentText || QString::fromUtf8(*commentText) != comment->content))
        broken("commentText differs from the decoded comment's content");
    return 0;
}

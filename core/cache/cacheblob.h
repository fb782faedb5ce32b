// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The cache's blob format: a compact, versioned binary encoding of the wire types that the
// cache stores whole in its rows (core/cachestore.cpp), next to the columns searched on.
// Decoding is total: malformed input — a damaged or foreign row — gives std::nullopt, never a
// crash (fuzzed by tests/fuzz/fuzz_cacheblob.cpp). Declared here, included by cache.h.
#pragma once

#include "wire/wiretypes.h"

#include <QByteArray>
#include <QByteArrayView>

#include <optional>

namespace threadline::core {

// The blob format of the cache's rows: a compact, versioned binary encoding of the wire types
// (varints, UTF-8 strings). Decoding is total: malformed input gives std::nullopt.
struct CacheBlob
{
    static void encode(const Post &post, QByteArray &out); // appends to out
    static void encode(const Comment &comment, QByteArray &out);
    static void encode(const Like &like, QByteArray &out);
    static void encode(const UserBrief &user, QByteArray &out);
    [[nodiscard]] static QByteArray encode(const Post &post);
    [[nodiscard]] static QByteArray encode(const Comment &comment);

    [[nodiscard]] static std::optional<Post> decodePost(QByteArrayView blob);
    [[nodiscard]] static std::optional<Comment> decodeComment(QByteArrayView blob);
    [[nodiscard]] static std::optional<Like> decodeLike(QByteArrayView blob);
    // The content of a post's or a comment's blob as its UTF-8 bytes (a view into `blob`),
    // read without decoding the rest (the search index's text); nullopt when the blob is not
    // one, or is cut short before the end of the content.
    [[nodiscard]] static std::optional<QByteArrayView> postText(QByteArrayView blob);
    [[nodiscard]] static std::optional<QByteArrayView> commentText(QByteArrayView blob);
    [[nodiscard]] static std::optional<UserBrief> decodeUser(QByteArrayView blob);
};

} // namespace threadline::core

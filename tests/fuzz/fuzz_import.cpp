// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// fuzz_import: the path behind the app's --import FILE.json — ImportFile::decode (core/
// importfile.h: the size limit, decodePostList with the codec's limits, the error sentence)
// and then what the cache does with the posts it returns: each is stored as a blob
// (CacheBlob::encode) and read back. Invariants besides "no sanitizer report": a failure is
// one non-empty sentence, a success at least one post, and every imported post comes back from
// its blob equal to what was imported.
// Seeds: corpus/import/, the contract's sample and real answers of threadline-server in the
// three shapes the option accepts (one post, an array, a page).
#include "cache/cache.h"
#include "wire/importfile.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

using namespace threadline::core;

namespace {

[[noreturn]] void broken(const char *what)
{
    std::fprintf(stderr, "fuzz_import: invariant broken: %s\n", what);
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    QString error;
    const std::optional<QList<Post>> posts =
        ImportFile::decode(bytes, QStringLiteral("fuzz.json"), &error);
    if (!posts) {
        if (error.isEmpty())
            broken("an import that fails without a sentence");
        return 0;
    }
    if (posts->isEmpty())
        broken("an import that succeeds with no post");
    QByteArray blob;
    for (const Post &p : *posts) {
        blob.resize(0);
        CacheBlob::encode(p, blob);
        const std::optional<Post> back = CacheBlob::decodePost(blob);
        if (!back)
            broken("an imported post whose cache blob does not decode");
        if (!(*back == p))
            broken("an imported post that comes back from the cache different");
    }
    return 0;
}

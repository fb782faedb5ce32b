// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cache/cachefunctions.h"

#include "cache/cacheblob.h"

namespace threadline::core {

namespace {

template<std::optional<QByteArrayView> (*Text)(QByteArrayView)>
void rowText(sqlite3_context *context, int argc, sqlite3_value **argv)
{
    if (argc != 1 || sqlite3_value_type(argv[0]) != SQLITE_BLOB) {
        sqlite3_result_null(context);
        return;
    }
    const auto *data = static_cast<const char *>(sqlite3_value_blob(argv[0]));
    const std::optional<QByteArrayView> text =
        Text(QByteArrayView(data, sqlite3_value_bytes(argv[0])));
    if (!text)
        sqlite3_result_null(context);
    else
        sqlite3_result_text(context, text->data(), int(text->size()), SQLITE_TRANSIENT);
}

} // namespace

int registerCacheFunctions(sqlite3 *db)
{
    // Deterministic (the same blob, the same text: the index forgets a row by it) and
    // innocuous (it reads its argument only), so that triggers may call it.
    constexpr int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS;
    int rc = sqlite3_create_function_v2(db, "threadline_post_text", 1, flags, nullptr,
                                        &rowText<&CacheBlob::postText>, nullptr, nullptr, nullptr);
    if (rc == SQLITE_OK)
        rc = sqlite3_create_function_v2(db, "threadline_comment_text", 1, flags, nullptr,
                                        &rowText<&CacheBlob::commentText>, nullptr, nullptr,
                                        nullptr);
    return rc;
}

} // namespace threadline::core

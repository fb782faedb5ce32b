#pragma once

// The parts of a client that the model suites put together by hand against the test server:
// an API client pointed at it with a token, and a cache opened on a file of the test's own.

#include "cache/cache.h"
#include "net/apiclient.h"

#include <QSignalSpy>
#include <QUrl>

namespace threadline::test {

// The server's base URL and a token; one quick retry, so that a failure is told at once.
inline void pointAt(core::ApiClient &api, const QUrl &base, const QString &token)
{
    api.setBaseUrl(base);
    api.setToken(token);
    api.setRetryPolicy(core::RetryPolicy{1, 10, 10});
}

// Opens (creating) the cache at `path`; false when it did not open within 10 s.
inline bool openCache(core::Cache &cache, const QString &path)
{
    QSignalSpy opened(&cache, &core::Cache::opened);
    cache.open(path);
    return opened.wait(10000) && opened.at(0).at(0).toBool();
}

} // namespace threadline::test

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The parts of a client that the model suites put together by hand against the test server:
// an API client pointed at it with a token, a cache and an outbox opened on files of the
// test's own, and a feed loaded whole.

#include "cache/cache.h"
#include "net/apiclient.h"
#include "outbox/outbox.h"

#include <QSignalSpy>
#include <QTest>
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

// Opens (creating) an outbox at `path` with quick retries (50–400 ms, 5 s per request); false
// when it did not open within 20 s.
inline bool openOutbox(core::Outbox &outbox, const QString &path)
{
    outbox.setBackoff(50, 400);
    outbox.setRequestTimeoutMs(5000);
    QSignalSpy opened(&outbox, &core::Outbox::opened);
    outbox.open(path);
    return opened.wait(20000) && opened.at(0).at(0).toBool();
}

// A paged feed's every page into its model: its first page, then the ones the model asks for
// (a QAbstractItemModelTester on it asks as a view scrolled down would); false, with the
// failure as a warning, when a page fails or it takes over 20 s.
template<class Feed, class Model> bool loadAllPages(Feed &feed, Model &model)
{
    QSignalSpy loaded(&feed, &Feed::loaded);
    QSignalSpy failed(&feed, &Feed::loadFailed);
    feed.refresh();
    if (!QTest::qWaitFor([&] { return !loaded.isEmpty() || !failed.isEmpty(); }, 20000))
        return false;
    if (!failed.isEmpty()) {
        qWarning("%s", qPrintable(failed.at(0).at(0).toString()));
        return false;
    }
    return QTest::qWaitFor([&] { return !feed.isLoading() && !model.nextCursor(); }, 20000);
}

} // namespace threadline::test

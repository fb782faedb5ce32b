// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The thread pane as the app gives it to someone offline: an API client that reaches nothing,
// a cache and an outbox on files in the test's own folder, pictures not fetched, and the
// ThreadView over the feeds made from them (700×600).

#include "actions.h"
#include "cache/cache.h"
#include "feeds.h"
#include "images/imagecache.h"
#include "net/apiclient.h"
#include "outbox/outbox.h"
#include "poststore.h"
#include "thread/threadview.h"

#include <QDir>
#include <QSignalSpy>
#include <QUrl>
#include <memory>

namespace threadline::test {

struct OfflineThreadPane
{
    core::ApiClient api;
    core::Cache cache;
    core::PostStore store;
    core::Outbox outbox{&api};
    core::Actions actions{&outbox, &store};
    core::ImageCache images{api.network()};
    std::unique_ptr<models::Feeds> feeds;
    std::unique_ptr<ui::ThreadView> view;

    explicit OfflineThreadPane(const QString &dir)
    {
        api.setBaseUrl(QUrl(QStringLiteral("http://127.0.0.1:9"))); // the discard port
        api.setOffline(true);
        images.setOffline(true);
        images.setDiskCacheDirectory(QDir(dir).filePath(QStringLiteral("images")));
        QSignalSpy cacheOpened(&cache, &core::Cache::opened);
        cache.open(QDir(dir).filePath(QStringLiteral("cache.sqlite")));
        if (!cacheOpened.wait(10000))
            qFatal("the cache did not open");
        QSignalSpy opened(&outbox, &core::Outbox::opened);
        outbox.open(QDir(dir).filePath(QStringLiteral("outbox.sqlite")));
        if (!opened.wait(10000))
            qFatal("the outbox did not open");
        feeds = std::make_unique<models::Feeds>(
            models::Feeds::Parts{&api, &cache, &store, nullptr, &actions});
        view = std::make_unique<ui::ThreadView>(feeds.get(), &images);
        view->resize(700, 600);
    }
};

} // namespace threadline::test

// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "appcore.h"

#include "account/keychain.h"
#include "account/serveridentity.h"
#include "account/session.h"
#include "actions.h"
#include "cache/cache.h"
#include "images/imagecache.h"
#include "livesync.h"
#include "net/apiclient.h"
#include "net/endpoints.h"
#include "outbox/outbox.h"
#include "poststore.h"
#include "syncengine.h"

#include <QJsonObject>

namespace threadline::core {

AppCore::AppCore(QObject *parent)
    : QObject(parent)
    , m_api(std::make_unique<ApiClient>())
    , m_keychain(std::make_unique<Keychain>())
    , m_session(std::make_unique<Session>(m_api.get(), m_keychain.get()))
    , m_images(std::make_unique<ImageCache>(m_api->network()))
    , m_store(std::make_unique<PostStore>())
    , m_cache(std::make_unique<Cache>())
    , m_outbox(std::make_unique<Outbox>(m_api.get()))
    , m_actions(std::make_unique<Actions>(m_outbox.get(), m_store.get()))
    , m_sync(std::make_unique<SyncEngine>(m_api.get(), m_cache.get(), m_store.get()))
    , m_live(std::make_unique<LiveSync>(m_api.get(), m_sync.get()))
{
    connect(m_session.get(), &Session::tokenChanged, this, [this](const QString &token) {
        m_api->setToken(token);
        m_images->setToken(token);
        m_live->tokenChanged();
    });
    connect(m_live.get(), &LiveSync::fallbackChanged, this, &AppCore::updateStatus);
    connect(m_session.get(), &Session::signedIn, this, [this] { m_outbox->resume(); });
    connect(m_session.get(), &Session::keychainUnavailable, this, &AppCore::userMessage);
    connect(m_api.get(), &ApiClient::unauthorized, this, &AppCore::signInRequired);
    connect(m_api.get(), &ApiClient::offlineChanged, this, [this](bool offline) {
        m_images->setOffline(offline);
        if (!offline && m_accountStarted && !m_anonymous) {
            m_outbox->retryNow();
            if (!m_sync->isStreaming()) // a stream opened again resumes from the cursor
                m_sync->syncNow();
        }
        updateStatus();
    });
    connect(m_actions.get(), &Actions::actionFailed, this, &AppCore::userMessage);
    connect(m_actions.get(), &Actions::notice, this, &AppCore::userMessage);
    // After an offline period, once the queue has drained: "12 changes saved; 2 could not be: …".
    connect(m_outbox.get(), &Outbox::replayFinished, this,
            [this](int saved, const QStringList &failures) {
                if (saved > 0 || !failures.isEmpty())
                    Q_EMIT replayReport(Outbox::replayReport(saved, failures));
            });
    connect(this, &AppCore::replayReport, this, &AppCore::userMessage);
    connect(m_outbox.get(), &Outbox::pendingCountChanged, this, &AppCore::updateStatus);
    connect(m_outbox.get(), &Outbox::failedCountChanged, this, &AppCore::updateStatus);
    connect(m_outbox.get(), &Outbox::authRequired, this, &AppCore::signInRequired);
    connect(m_outbox.get(), &Outbox::inUseElsewhere, this,
            [this](qint64, const QString &sentence) { Q_EMIT accountInUse(sentence); });
    connect(m_cache.get(), &Cache::opened, this,
            [this](bool ok, const QString &error, bool recovered, const QString &) {
                if (!ok)
                    Q_EMIT userMessage(tr("The local cache cannot be used (%1); Threadline works "
                                          "from the server only.")
                                           .arg(error));
                else if (recovered)
                    Q_EMIT userMessage(
                        tr("The local cache was damaged and has been rebuilt from the "
                           "server. Your unsent changes are safe."));
                m_cacheOpen = true;
                if (m_accountStarted && !m_anonymous) {
                    if (m_syncHeld) { // the first frame with posts comes first
                        m_syncWaiting = true;
                        return;
                    }
                    m_sync->start();
                    m_live->setEnabled(true); // opens once the first round has a cursor
                }
            });
}

void AppCore::holdStartupWork()
{
    m_syncHeld = true;
    m_cache->holdIntegrityCheck();
}

void AppCore::releaseStartupWork()
{
    m_cache->releaseIntegrityCheck();
    if (!m_syncHeld)
        return;
    m_syncHeld = false;
    if (m_syncWaiting) {
        m_syncWaiting = false;
        if (m_accountStarted && !m_anonymous) {
            m_sync->start();
            m_live->setEnabled(true);
        }
    }
}

AppCore::~AppCore()
{
    // The stream, sync engine and actions refer to the others: they go first.
    m_live.reset();
    m_sync.reset();
    m_actions.reset();
}

void AppCore::setServer(const QUrl &server)
{
    m_server = server;
    m_api->setBaseUrl(server);
    m_images->setServer(server);
}

bool AppCore::needsIdentity() const
{
    return !isOffline() && !m_server.isEmpty() && ServerIdentity::remembered(m_server).isEmpty();
}

void AppCore::identify()
{
    RequestOptions ask;
    ask.timeoutMs = 5000;
    ask.retry = false;
    ApiReply *reply = m_api->send(endpoint::health(), this, ask);
    connect(reply, &ApiReply::finished, this, [this, reply] {
        if (reply->ok())
            ServerIdentity::remember(
                m_server, reply->json().object().value(QLatin1String("instance")).toString());
        Q_EMIT identified();
    });
}

void AppCore::startAccount(const UserProfile &me, const AccountOptions &options)
{
    m_accountStarted = true;
    m_accountUid = me.brief.uid;
    m_anonymous = me.brief.uid <= 0;
    if (m_anonymous)
        m_api->setHoldWithoutToken(true);
    m_actions->setMe(me.brief);
    m_outbox->setLikeDelayMs(options.likeDelayMs);
    m_sync->setPollIntervalMs(options.pollIntervalMs);
    const QString instance = ServerIdentity::remembered(m_server);
    openAccountFiles(QString::number(me.brief.uid), options, instance);
    if (!instance.isEmpty() && (options.cachePath.isEmpty() || options.outboxPath.isEmpty()))
        checkIdentity(instance);
    if (!options.imports.isEmpty())
        m_cache->importPosts(options.imports, QStringLiteral("all"));
    updateStatus();
}

void AppCore::openAccountFiles(const QString &username, const AccountOptions &options,
                               const QString &instance)
{
    m_outboxPath = options.outboxPath.isEmpty() ? Outbox::defaultPath(m_server, username, instance)
                                                : options.outboxPath;
    m_cachePath = options.cachePath.isEmpty() ? Cache::pathFor(m_server, username, instance)
                                              : options.cachePath;
    // The cache first: its first page is what the window paints; the outbox is not needed for
    // that. Each opens on its own thread. The sync engine starts once the cache has answered
    // (see the opened handler).
    m_cache->open(m_cachePath);
    m_outbox->open(m_outboxPath);
}

void AppCore::checkIdentity(const QString &opened)
{
    if (isOffline() || m_server.isEmpty())
        return;
    RequestOptions ask;
    ask.retry = false;
    ApiReply *reply = m_api->send(endpoint::health(), this, ask);
    connect(reply, &ApiReply::finished, this, [this, reply, opened] {
        if (!reply->ok())
            return;
        const QString instance = ServerIdentity::normalised(
            reply->json().object().value(QLatin1String("instance")).toString());
        if (instance.isEmpty() || instance == opened)
            return;
        ServerIdentity::remember(m_server, instance);
        Q_EMIT userMessage(tr("Another server now answers at %1 (its data was replaced). "
                              "Restart Threadline to see its posts; what you queued for the "
                              "old one stays in its own file.")
                               .arg(m_server.toDisplayString()));
    });
}

void AppCore::adoptAccount(const UserProfile &me)
{
    if (!m_anonymous)
        return;
    m_anonymous = false;
    m_accountUid = me.brief.uid;
    m_actions->setMe(me.brief);
    m_api->setHoldWithoutToken(false);
    if (m_cacheOpen) {
        m_sync->start();
        m_live->setEnabled(true);
    }
    m_outbox->resume();
    updateStatus();
}

void AppCore::windowActivated()
{
    if (m_accountStarted && !m_live->isLive()) // a live stream has told us everything
        m_sync->syncNow();
}

void AppCore::setOffline(bool offline)
{
    m_api->setOffline(offline);
}

bool AppCore::isOffline() const
{
    return m_api->isOffline();
}

int AppCore::pendingCount() const
{
    return m_outbox->pendingCount();
}

int AppCore::failedCount() const
{
    return m_outbox->failedCount();
}

QString AppCore::statusText() const
{
    const int n = pendingCount();
    QString text;
    if (isOffline())
        text = n == 0 ? tr("Offline") : tr("Offline — %n change(s) waiting", nullptr, n);
    else if (m_anonymous)
        text = n == 0 ? tr("Not signed in — reading the cache")
                      : tr("Not signed in — %n change(s) waiting until you sign in", nullptr, n);
    else if (n > 0)
        text = tr("Sending %n change(s)…", nullptr, n);
    // Polling instead of streaming for minutes: updates come up to an interval late.
    if (!isOffline() && !m_anonymous && m_live->isFallingBack() && m_sync->pollIntervalMs() > 0) {
        const QString pollText = tr("Live updates unavailable; checking every %1 s")
                                     .arg(std::max(1, m_sync->pollIntervalMs() / 1000));
        text = text.isEmpty() ? pollText : tr("%1 · %2").arg(text, pollText);
    }
    // Failed ones are said apart: they are not sent again unless the user retries them.
    if (const int failed = failedCount(); failed > 0) {
        const QString failedText = tr("%n change(s) failed", nullptr, failed);
        text = text.isEmpty() ? failedText : tr("%1 · %2").arg(text, failedText);
    }
    return text;
}

void AppCore::updateStatus()
{
    const QString s = statusText();
    if (s == m_lastStatus)
        return;
    m_lastStatus = s;
    Q_EMIT statusChanged(s);
}

} // namespace threadline::core

#include "appcore.h"

#include "actions.h"
#include "apiclient.h"
#include "cache.h"
#include "imagecache.h"
#include "keychain.h"
#include "outbox.h"
#include "poststore.h"
#include "session.h"
#include "syncengine.h"

namespace threadline::core {

AppCore::AppCore(QObject *parent)
    : QObject(parent)
    , m_api(std::make_unique<ApiClient>())
    , m_keychain(std::make_unique<Keychain>())
    , m_session(std::make_unique<Session>(m_api->network(), m_keychain.get()))
    , m_images(std::make_unique<ImageCache>(m_api->network()))
    , m_store(std::make_unique<PostStore>())
    , m_cache(std::make_unique<Cache>())
    , m_outbox(std::make_unique<Outbox>(m_api.get()))
    , m_actions(std::make_unique<Actions>(m_outbox.get(), m_store.get()))
    , m_sync(std::make_unique<SyncEngine>(m_api.get(), m_cache.get(), m_store.get()))
{
    connect(m_session.get(), &Session::tokenChanged, this, [this](const QString &token) {
        m_api->setToken(token);
        m_images->setToken(token);
    });
    connect(m_session.get(), &Session::signedIn, this, [this] { m_outbox->resume(); });
    connect(m_session.get(), &Session::keychainUnavailable, this, &AppCore::userMessage);
    connect(m_api.get(), &ApiClient::unauthorized, this, &AppCore::signInRequired);
    connect(m_api.get(), &ApiClient::offlineChanged, this, [this](bool offline) {
        m_session->setOffline(offline);
        m_images->setOffline(offline);
        if (!offline && m_accountStarted) {
            m_outbox->retryNow();
            m_sync->syncNow();
        }
        updateStatus();
    });
    connect(m_actions.get(), &Actions::actionFailed, this, &AppCore::userMessage);
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
    // A completed action changed counts on the server: a sync brings the exact numbers.
    connect(m_outbox.get(), &Outbox::completed, m_sync.get(), &SyncEngine::syncNow);
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
                if (m_accountStarted)
                    m_sync->start();
            });
}

AppCore::~AppCore()
{
    // The sync engine and actions refer to the others: they go first.
    m_sync.reset();
    m_actions.reset();
}

void AppCore::setServer(const QUrl &server)
{
    m_server = server;
    m_api->setBaseUrl(server);
    m_images->setServer(server);
}

void AppCore::startAccount(const UserProfile &me, const AccountOptions &options)
{
    m_accountStarted = true;
    m_accountUid = me.brief.uid;
    m_actions->setMe(me.brief);
    m_outbox->setLikeDelayMs(options.likeDelayMs);
    m_sync->setPollIntervalMs(options.pollIntervalMs);
    const QString username = QString::number(me.brief.uid);
    m_outbox->open(options.outboxPath.isEmpty() ? Outbox::defaultPath(m_server, username)
                                                : options.outboxPath);
    // The sync engine starts once the cache has answered (see the opened handler).
    m_cache->open(options.cachePath.isEmpty() ? Cache::pathFor(m_server, username)
                                              : options.cachePath);
    updateStatus();
}

void AppCore::windowActivated()
{
    if (m_accountStarted)
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
    else if (n > 0)
        text = tr("Sending %n change(s)…", nullptr, n);
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

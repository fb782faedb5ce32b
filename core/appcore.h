// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The core, assembled: one object that owns the API client, session, image cache, post store,
// cache, outbox, actions and sync engine, wires them together, and keeps the offline switch
// and the "Offline — N changes waiting" state that the UI shows.
#pragma once

#include "wire/wiretypes.h"

#include <QObject>
#include <QUrl>
#include <memory>

namespace threadline::core {

class Actions;
class ApiClient;
class Cache;
class ImageCache;
class Keychain;
class LiveSync;
class Outbox;
class PostStore;
class Session;
class SyncEngine;

class AppCore : public QObject
{
    Q_OBJECT
public:
    struct AccountOptions
    {
        QString cachePath;  // default: Cache::pathFor(server, username)
        QString outboxPath; // default: Outbox::defaultPath(server, username)
        int likeDelayMs = 3000;
        int pollIntervalMs = 30000;
        QList<Post> imports; // QA's --import: written into the cache (Cache::importPosts)
    };

    explicit AppCore(QObject *parent = nullptr);
    ~AppCore() override;

    void setServer(const QUrl &server);
    // True when online and this server's identity is not known yet: identify() before
    // startAccount(), so that the account's files are the ones of the server that answers.
    [[nodiscard]] bool needsIdentity() const;
    // GET /health (5 s at most), remembers the instance it names; then identified() (also when
    // the server could not say: the files by address are used).
    void identify();
    [[nodiscard]] QUrl server() const { return m_server; }

    // The per-account parts (cache, outbox, sync) for a signed-in user; paints from the cache
    // first, then syncs. Call again after signing in as someone else.
    // The files are keyed by the server's identity (ServerIdentity: GET /health "instance")
    // as remembered for this origin (identify() first when needsIdentity()); unknown, they are
    // the files by address. A remembered identity is checked in the background.
    // `options.imports` go into the cache's All timeline right after it opens.
    // me.brief.uid 0 is nobody (QA's `--cache FILE` with no account): reading works from the
    // cache, actions queue in its outbox, nothing that needs a token is sent and no sync runs
    // until adoptAccount().
    void startAccount(const UserProfile &me, const AccountOptions &options);
    void startAccount(const UserProfile &me) { startAccount(me, AccountOptions()); }
    // Start-up work that the first frame with posts does not need waits for it: the cache's
    // integrity check and the first /sync round (with the push stream after it) are held from
    // holdStartupWork() until releaseStartupWork() (the app: that frame is painted, or a few
    // seconds passed). Without a hold they start as soon as the cache is open.
    void holdStartupWork();
    void releaseStartupWork();
    [[nodiscard]] bool hasAccount() const { return m_accountStarted; }
    // Someone signed in while nobody's files were open (startAccount with uid 0): the queue is
    // theirs from now on, it is sent and the sync starts.
    void adoptAccount(const UserProfile &me);
    // True while the files open are nobody's (see startAccount).
    [[nodiscard]] bool isAnonymous() const { return m_anonymous; }
    // The cache and outbox files in use ("" before they are open or chosen).
    [[nodiscard]] QString cachePath() const { return m_cachePath; }
    [[nodiscard]] QString outboxPath() const { return m_outboxPath; }
    // Whose cache and outbox are open (0 before startAccount). Another person's account needs
    // a new AppCore (the app starts again for them): the outbox is one file per account.
    [[nodiscard]] qint64 accountUid() const { return m_accountUid; }

    // Offline: not one request leaves the process (images included); reads come from the cache,
    // actions queue. Back online, the queue replays and a sync runs.
    void setOffline(bool offline);
    [[nodiscard]] bool isOffline() const;
    // Actions still to be sent (the outbox's pendingCount()).
    [[nodiscard]] int pendingCount() const;
    // Actions that failed for good and are kept for the user to retry or discard.
    [[nodiscard]] int failedCount() const;
    // "Offline — 3 changes waiting", "Sending 2 changes…", either with " · 1 change failed", or
    // "" when there is nothing to say. While the push stream is unavailable for a long time
    // (LiveSync::isFallingBack), "Live updates unavailable; checking every 30 s" is added.
    [[nodiscard]] QString statusText() const;

    // The window came to the front: a sync round now (design: poll every 30 s and on
    // activation), unless the push stream is live.
    void windowActivated();

    [[nodiscard]] ApiClient *api() const { return m_api.get(); }
    [[nodiscard]] Session *session() const { return m_session.get(); }
    [[nodiscard]] ImageCache *images() const { return m_images.get(); }
    [[nodiscard]] PostStore *store() const { return m_store.get(); }
    [[nodiscard]] Cache *cache() const { return m_cache.get(); }
    [[nodiscard]] Outbox *outbox() const { return m_outbox.get(); }
    [[nodiscard]] Actions *actions() const { return m_actions.get(); }
    [[nodiscard]] SyncEngine *sync() const { return m_sync.get(); }
    [[nodiscard]] LiveSync *live() const { return m_live.get(); }

Q_SIGNALS:
    void statusChanged(const QString &status);
    void identified();
    // A sentence for the user: a rebuilt cache, an action that failed for good, the summary
    // after an offline period, an unavailable keychain.
    void userMessage(const QString &message);
    // After an offline period, once the queue has drained: "12 changes saved; 2 could not be:"
    // and each failure's sentence (Outbox::replayReport()); also given as a userMessage().
    void replayReport(const QString &report);
    // A 401: the user must sign in again; the queue waits, nothing is rolled back.
    void signInRequired();
    // Another process has this account's outbox open (Outbox::inUseElsewhere): this one must
    // not go on with it. `sentence` says so.
    void accountInUse(const QString &sentence);

private:
    void updateStatus();
    void openAccountFiles(const QString &username, const AccountOptions &options,
                          const QString &instance);
    void checkIdentity(const QString &opened);

    QUrl m_server;
    bool m_accountStarted = false;
    bool m_anonymous = false;
    bool m_cacheOpen = false;
    bool m_syncHeld = false;    // holdStartupWork() until released
    bool m_syncWaiting = false; // the cache opened while held: the sync starts on release
    QString m_cachePath;
    QString m_outboxPath;
    qint64 m_accountUid = 0;
    QString m_lastStatus;
    std::unique_ptr<ApiClient> m_api;
    std::unique_ptr<Keychain> m_keychain;
    std::unique_ptr<Session> m_session;
    std::unique_ptr<ImageCache> m_images;
    std::unique_ptr<PostStore> m_store;
    std::unique_ptr<Cache> m_cache;
    std::unique_ptr<Outbox> m_outbox;
    std::unique_ptr<Actions> m_actions;
    std::unique_ptr<SyncEngine> m_sync;
    std::unique_ptr<LiveSync> m_live; // the push stream, while online and signed in
};

} // namespace threadline::core

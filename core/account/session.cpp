// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "account/session.h"

#include "net/apiclient.h"
#include "net/endpoints.h"
#include "wire/jsoncodec.h"

#include <QMetaObject>
#include <QSettings>

#include <algorithm>

namespace threadline::core {

namespace {

// QSettings keys: no secrets here, ever.
const QString kServerKey = QStringLiteral("session/server");
const QString kUsernameKey = QStringLiteral("session/username");
const QString kUidKey = QStringLiteral("session/uid");
const QString kNickNameKey = QStringLiteral("session/nickName");
const QString kHeadImgKey = QStringLiteral("session/headImg");
const QString kRoleKey = QStringLiteral("session/role");

} // namespace

Session::Session(ApiClient *api, Keychain *keychain, QObject *parent)
    : QObject(parent)
    , m_api(api)
    , m_keychain(keychain)
{
    Q_ASSERT(api);
    Q_ASSERT(keychain);
    connect(keychain, &Keychain::writeFinished, this, &Session::onWriteFinished);
    connect(keychain, &Keychain::readFinished, this, &Session::onReadFinished);
    connect(keychain, &Keychain::removeFinished, this, &Session::onRemoveFinished);
}

Session::~Session()
{
    abortCurrent();
}

QUrl Session::rememberedServer()
{
    return QUrl(QSettings().value(kServerKey).toString());
}

QString Session::rememberedUsername()
{
    return QSettings().value(kUsernameKey).toString();
}

QString Session::currentKey() const
{
    return Keychain::keyFor(m_server, m_username);
}

ApiReply *Session::send(const Call &call, const QString &token)
{
    // The server this session names, with the token it holds: one attempt (a sign-in is not
    // repeated behind the user's back), the session's timeout; the client's overall deadline
    // cuts off an answer that trickles in, so "Signing in…" never lasts for ever.
    RequestOptions options;
    options.server = m_server;
    options.token = token;
    options.timeoutMs = m_timeoutMs;
    options.deadlineMs = 4 * m_timeoutMs; // 60 s by default
    options.retry = false;
    options.injectFaults = false;
    return m_api->send(call, this, options);
}

void Session::ask(const Call &call, const QString &token, quint64 generation,
                  void (Session::*onAnswer)(ApiReply *, quint64))
{
    ApiReply *reply = send(call, token);
    m_current = reply;
    connect(reply, &ApiReply::finished, this, [this, reply, generation, onAnswer] {
        if (m_current == reply)
            m_current.clear();
        if (generation == m_generation) // else a newer login/restore/logout answers
            (this->*onAnswer)(reply, generation);
    });
}

void Session::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

void Session::abortCurrent()
{
    if (ApiReply *reply = m_current.data()) {
        m_current.clear();
        reply->disconnect(this);
        reply->abort();
    }
}

void Session::setToken(const QString &token)
{
    if (m_token == token)
        return;
    m_token = token;
    Q_EMIT tokenChanged(m_token);
}

void Session::failLogin(quint64 generation, const QString &message)
{
    // Later, never from inside login().
    QMetaObject::invokeMethod(
        this,
        [this, generation, message] {
            if (generation != m_generation)
                return;
            setState(State::SignedOut);
            Q_EMIT loginFailed(message);
        },
        Qt::QueuedConnection);
}

void Session::finishSignedOut(quint64 generation)
{
    QMetaObject::invokeMethod(
        this,
        [this, generation] {
            if (generation != m_generation)
                return;
            setState(State::SignedOut);
            Q_EMIT signedOut();
        },
        Qt::QueuedConnection);
}

void Session::finishSignedIn(quint64 generation)
{
    if (generation != m_generation)
        return;
    setState(State::SignedIn);
    Q_EMIT signedIn(m_user);
}

void Session::keychainOp(KeychainOp op, const QString &key, quint64 generation,
                         const QString &secret)
{
    if (!m_keychain)
        return;
    m_pendingKeychain.append({op, key, generation});
    switch (op) {
    case KeychainOp::Write:
        m_keychain->write(key, secret);
        break;
    case KeychainOp::Read:
        m_keychain->read(key);
        break;
    case KeychainOp::Remove:
        m_keychain->remove(key);
        break;
    }
}

bool Session::takePending(KeychainOp op, const QString &key, quint64 *generation)
{
    // The keychain answers in order; the first operation of this kind and key is this answer.
    // Answers to operations of other sessions sharing the keychain match nothing here.
    for (qsizetype i = 0; i < m_pendingKeychain.size(); ++i) {
        const PendingKeychainOp &p = m_pendingKeychain.at(i);
        if (p.op == op && p.key == key) {
            *generation = p.generation;
            m_pendingKeychain.removeAt(i);
            return true;
        }
    }
    return false;
}

// ---- login -----------------------------------------------------------------------------------

void Session::login(const QUrl &server, const QString &username, const QString &password)
{
    abortCurrent();
    const quint64 generation = ++m_generation;
    setToken({});
    m_user = {};
    m_verified = false;
    m_tokenStored = false;
    m_server = server;
    m_username = username.trimmed();
    setState(State::SigningIn);

    if (Keychain::originOf(server).isEmpty())
        return failLogin(generation, tr("The server address is not valid"));
    if (m_username.isEmpty() || password.isEmpty())
        return failLogin(generation, tr("Enter your username and password"));
    if (m_api->isOffline())
        return failLogin(generation,
                         ApiError{ApiError::Kind::Offline}.describe(ApiError::Context::SignIn));

    ask(endpoint::login(LoginRequest{m_username, password}), {}, generation,
        &Session::onLoginReply);
}

void Session::onLoginReply(ApiReply *reply, quint64 generation)
{
    if (!reply->ok())
        return failLogin(generation, reply->error().describe(ApiError::Context::SignIn));

    Result<LoginResult> result = decodeLoginResult(reply->body());
    if (!result || result->token.isEmpty())
        return failLogin(
            generation,
            ApiError::decode(QStringLiteral("login")).describe(ApiError::Context::SignIn));

    m_user = result->user;
    m_verified = true;
    setToken(result->token);
    rememberAccount();
    // signedIn once the keychain has answered (stored, or unavailable: then this run only).
    keychainOp(KeychainOp::Write, currentKey(), generation, m_token);
}

void Session::onWriteFinished(const QString &key, Keychain::Status status, const QString &message)
{
    quint64 generation = 0;
    if (!takePending(KeychainOp::Write, key, &generation) || generation != m_generation)
        return;
    m_tokenStored = status == Keychain::Status::Ok;
    if (!m_tokenStored) {
        Q_EMIT keychainUnavailable(
            tr("Your sign-in cannot be saved because the system keychain is not available (%1). "
               "You stay signed in until you quit; next time you will have to sign in again.")
                .arg(message));
    }
    finishSignedIn(generation);
}

// ---- restore ---------------------------------------------------------------------------------

bool Session::restoreRemembered()
{
    const QUrl server = rememberedServer();
    const QString username = rememberedUsername();
    if (Keychain::keyFor(server, username).isEmpty())
        return false;
    restore(server, username);
    return true;
}

void Session::restore(const QUrl &server, const QString &username)
{
    abortCurrent();
    const quint64 generation = ++m_generation;
    setToken({});
    m_user = {};
    m_verified = false;
    m_tokenStored = false;
    m_server = server;
    m_username = username.trimmed();
    setState(State::SigningIn);

    const QString key = currentKey();
    if (key.isEmpty())
        return finishSignedOut(generation);
    keychainOp(KeychainOp::Read, key, generation);
}

void Session::onReadFinished(const QString &key, Keychain::Status status, const QString &secret,
                             const QString &message)
{
    quint64 generation = 0;
    if (!takePending(KeychainOp::Read, key, &generation) || generation != m_generation)
        return;

    if (status == Keychain::Status::Unavailable) {
        Q_EMIT keychainUnavailable(
            tr("Your saved sign-in cannot be read because the system keychain is not available "
               "(%1). Please sign in.")
                .arg(message));
        return finishSignedOut(generation);
    }
    if (status != Keychain::Status::Ok || secret.isEmpty())
        return finishSignedOut(generation);

    m_tokenStored = true;
    setToken(secret);
    if (m_api->isOffline()) {
        // Nothing may leave the process: trust the token until the server says otherwise.
        m_user = rememberedProfile();
        return finishSignedIn(generation);
    }
    ask(endpoint::me(), m_token, generation, &Session::onMeReply);
}

void Session::onMeReply(ApiReply *reply, quint64 generation)
{

    if (reply->error().isAuth()) {
        // The stored token is dead (revoked or expired): forget it everywhere.
        const QString key = currentKey();
        m_tokenStored = false;
        setToken({});
        keychainOp(KeychainOp::Remove, key, 0);
        return finishSignedOut(generation);
    }
    if (reply->ok()) {
        Result<UserProfile> profile = decodeUserProfile(reply->body());
        if (profile) {
            m_user = *profile;
            m_verified = true;
            rememberAccount();
            return finishSignedIn(generation);
        }
    }
    // Unreachable, a server error or an answer we cannot read: keep the token (the app works
    // from its cache; a later 401 from any call signs the user out).
    m_user = rememberedProfile();
    finishSignedIn(generation);
}

// ---- logout ----------------------------------------------------------------------------------

void Session::logout()
{
    abortCurrent();
    const quint64 generation = ++m_generation;
    const QString token = m_token;
    const QString key = currentKey();

    setToken({});
    m_user = {};
    m_verified = false;
    m_tokenStored = false;
    setState(State::SignedOut);
    QSettings settings;
    for (const QString &k : {kUidKey, kNickNameKey, kHeadImgKey, kRoleKey})
        settings.remove(k);

    m_logoutGeneration = generation;
    m_logoutServerDone = token.isEmpty() || m_api->isOffline();
    m_logoutKeychainDone = key.isEmpty() || !m_keychain;
    if (!m_logoutServerDone) {
        // Not m_current: a login() right after must not cancel the revocation.
        ApiReply *reply = send(endpoint::logout(), token);
        connect(reply, &ApiReply::finished, this, [this, generation] {
            if (generation != m_logoutGeneration)
                return;
            m_logoutServerDone = true;
            maybeFinishLogout();
        });
    }
    if (!m_logoutKeychainDone)
        keychainOp(KeychainOp::Remove, key, generation);
    if (m_logoutServerDone && m_logoutKeychainDone) {
        QMetaObject::invokeMethod(
            this, [this] { maybeFinishLogout(); }, Qt::QueuedConnection);
    }
}

void Session::onRemoveFinished(const QString &key, Keychain::Status status, const QString &message)
{
    quint64 generation = 0;
    if (!takePending(KeychainOp::Remove, key, &generation) || generation == 0 ||
        generation != m_logoutGeneration)
        return;
    if (status == Keychain::Status::Unavailable) {
        Q_EMIT keychainUnavailable(
            tr("Your saved sign-in could not be removed because the system keychain is not "
               "available (%1).")
                .arg(message));
    }
    m_logoutKeychainDone = true;
    maybeFinishLogout();
}

void Session::maybeFinishLogout()
{
    if (!m_logoutServerDone || !m_logoutKeychainDone || m_logoutGeneration != m_generation)
        return;
    m_logoutGeneration = 0;
    Q_EMIT signedOut();
}

// ---- QSettings: the account, never the token -------------------------------------------------

void Session::rememberAccount() const
{
    QSettings settings;
    settings.setValue(kServerKey,
                      Keychain::originOf(m_server).isEmpty()
                          ? QString()
                          : m_server
                                .adjusted(QUrl::RemoveUserInfo | QUrl::RemoveQuery |
                                          QUrl::RemoveFragment | QUrl::StripTrailingSlash)
                                .toString());
    settings.setValue(kUsernameKey, m_username);
    settings.setValue(kUidKey, m_user.brief.uid);
    settings.setValue(kNickNameKey, m_user.brief.nickName);
    settings.setValue(kHeadImgKey, m_user.brief.headImg);
    settings.setValue(kRoleKey, m_user.role == UserProfile::Role::Moderator
                                    ? QStringLiteral("moderator")
                                    : QStringLiteral("user"));
}

UserProfile Session::rememberedProfile() const
{
    return rememberedProfile(m_server, m_username);
}

UserProfile Session::rememberedProfile(const QUrl &server, const QString &username)
{
    QSettings settings;
    UserProfile profile;
    if (settings.value(kUsernameKey).toString() != username ||
        Keychain::originOf(QUrl(settings.value(kServerKey).toString())) !=
            Keychain::originOf(server))
        return profile;
    profile.brief.uid = settings.value(kUidKey).toLongLong();
    profile.brief.nickName = settings.value(kNickNameKey).toString();
    profile.brief.headImg = settings.value(kHeadImgKey).toString();
    profile.role = settings.value(kRoleKey).toString() == QLatin1String("moderator")
                       ? UserProfile::Role::Moderator
                       : UserProfile::Role::User;
    return profile;
}

} // namespace threadline::core

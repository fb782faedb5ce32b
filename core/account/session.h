// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Session: who is signed in, with which token, and where that token is kept.
//
//   Session session(&api, &keychain);
//   connect(&session, &Session::tokenChanged, &api, &ApiClient::setToken);
//   connect(&session, &Session::signedIn, …);       // the user's profile
//   connect(&session, &Session::loginFailed, …);    // human words for the login form
//   connect(&session, &Session::keychainUnavailable, …); // tell the user; the run goes on
//   if (!session.restoreRemembered())  // the last account, from the keychain
//       showLoginForm(Session::rememberedServer(), Session::rememberedUsername());
//
// The token lives in memory and in the system keychain (Keychain, key = server origin + "/" +
// username) — nowhere else: never in QSettings, SQLite, a log or qDebug. QSettings holds only the
// last server and username (to fill the login form) and the last profile (uid, nickname, avatar,
// role: to show who is signed in while offline). When the keychain cannot be used,
// keychainUnavailable(reason) tells the user so and the token is kept for this run only.
//
// States: SignedOut → login()/restore() → SigningIn → SignedIn (signedIn) or SignedOut
// (loginFailed for login(), signedOut for restore()). logout() is SignedOut at once (the token
// is dropped: tokenChanged("")); signedOut() follows when the server has revoked the token and
// the keychain entry is gone. Results always come later, never from inside the call.
//
// HTTP goes through the API client given (endpoint::login, me and logout), to the server the
// session names and with the token it holds (RequestOptions::server and token), one attempt
// each. While the client is offline no request is made: login fails with "You are offline",
// restore() trusts the stored token without checking it, logout() forgets the token locally
// only. Failures are worded by ApiError::describe(ApiError::Context::SignIn).
#pragma once

#include "account/keychain.h"
#include "wire/wiretypes.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QUrl>

namespace threadline::core {

class ApiClient;
class ApiReply;
struct Call;

class Session : public QObject
{
    Q_OBJECT

public:
    enum class State { SignedOut, SigningIn, SignedIn };
    Q_ENUM(State)

    // Neither is owned; both must outlive the session.
    Session(ApiClient *api, Keychain *keychain, QObject *parent = nullptr);
    ~Session() override;

    // POST /auth/login; on success the token goes to the keychain (and tokenChanged), then
    // signedIn. On failure loginFailed(human words) and SignedOut. server: e.g.
    // http://127.0.0.1:8080 (a path, if any, prefixes /api/v1).
    void login(const QUrl &server, const QString &username, const QString &password);
    // Reads the token of that account from the keychain and checks it with GET /me. Valid:
    // signedIn. No token, keychain unavailable, or 401 (the stored token is then deleted):
    // signedOut. The server unreachable (or offline): signedIn with the last known profile and
    // isVerified() false — the token is kept, the app works from its cache.
    void restore(const QUrl &server, const QString &username);
    // restore() of the remembered server and username; false (nothing started) when there is
    // none.
    bool restoreRemembered();
    // POST /auth/logout (the server revokes the token), then deletes the keychain entry.
    void logout();

    // Per request; default 15 s.
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }
    [[nodiscard]] int timeoutMs() const { return m_timeoutMs; }

    [[nodiscard]] State state() const { return m_state; }
    [[nodiscard]] QUrl server() const { return m_server; }
    [[nodiscard]] QString username() const { return m_username; }
    // The current token ("" when signed out). For ApiClient::setToken; never log it.
    [[nodiscard]] QString token() const { return m_token; }
    [[nodiscard]] UserProfile user() const { return m_user; }
    // True when the keychain holds the current token (false: this run only).
    [[nodiscard]] bool isTokenStored() const { return m_tokenStored; }
    // True when the server confirmed the token in this run (login, or restore with GET /me).
    [[nodiscard]] bool isVerified() const { return m_verified; }

    // From QSettings (the application's default QSettings): the last account signed in.
    [[nodiscard]] static QUrl rememberedServer();
    [[nodiscard]] static QString rememberedUsername();
    // The last profile seen for that account (uid, nickname, avatar, role), from QSettings: what
    // the app shows while offline or before the server has answered. uid 0 when that account
    // is not the one remembered.
    [[nodiscard]] static UserProfile rememberedProfile(const QUrl &server, const QString &username);

Q_SIGNALS:
    void stateChanged(threadline::core::Session::State state);
    void signedIn(const threadline::core::UserProfile &user);
    void signedOut();
    // Human words: "Wrong username or password", "The server could not be reached", …
    void loginFailed(const QString &message);
    // The token to send from now on ("" for none).
    void tokenChanged(const QString &token);
    // The keychain cannot be used; reason is a sentence for the user.
    void keychainUnavailable(const QString &reason);

private:
    enum class KeychainOp { Write, Read, Remove };
    struct PendingKeychainOp
    {
        KeychainOp op;
        QString key;
        quint64 generation; // 0: nobody waits for the answer
    };

    [[nodiscard]] QString currentKey() const;
    ApiReply *send(const Call &call, const QString &token);
    // send() as the request in flight (m_current), answered to onAnswer if nothing newer started.
    void ask(const Call &call, const QString &token, quint64 generation,
             void (Session::*onAnswer)(ApiReply *, quint64));
    void setState(State state);
    void abortCurrent(); // the login or /me request in flight, if any
    void setToken(const QString &token);
    void failLogin(quint64 generation, const QString &message);
    void finishSignedOut(quint64 generation);
    void finishSignedIn(quint64 generation);
    void keychainOp(KeychainOp op, const QString &key, quint64 generation,
                    const QString &secret = {});
    [[nodiscard]] bool takePending(KeychainOp op, const QString &key, quint64 *generation);

    void onLoginReply(ApiReply *reply, quint64 generation);
    void onMeReply(ApiReply *reply, quint64 generation);
    void onWriteFinished(const QString &key, Keychain::Status status, const QString &message);
    void onReadFinished(const QString &key, Keychain::Status status, const QString &secret,
                        const QString &message);
    void onRemoveFinished(const QString &key, Keychain::Status status, const QString &message);
    void maybeFinishLogout();

    void rememberAccount() const;
    [[nodiscard]] UserProfile rememberedProfile() const;

    ApiClient *m_api;
    QPointer<Keychain> m_keychain;
    State m_state = State::SignedOut;
    QUrl m_server;
    QString m_username;
    QString m_token;
    UserProfile m_user;
    bool m_tokenStored = false;
    bool m_verified = false;
    int m_timeoutMs = 15000;

    quint64 m_generation = 0; // bumped by login/restore/logout: older answers are ignored
    QPointer<ApiReply> m_current;
    QList<PendingKeychainOp> m_pendingKeychain;

    // logout(): signedOut once both are done, if nothing newer started.
    quint64 m_logoutGeneration = 0;
    bool m_logoutServerDone = true;
    bool m_logoutKeychainDone = true;
};

} // namespace threadline::core

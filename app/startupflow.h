// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The start-up and sign-in sequence of the desktop client, from the command line to the first
// page on screen, and the sign-ins after it (a session that ended, File → Sign in…):
//
//   app::StartupFlow flow(&core, options, &trace);
//   flow.prepare();                      // before the window: the account's files may open now
//   ui::MainWindow window(&core);
//   …
//   flow.start(&window, &paint, &screenshot); // the sign-in, then the account's pages
//
// Which account opens:
// - --cache FILE: that cache (and FILE.outbox) with no account, at once; no sign-in is asked for.
//   Someone who signs in (--user, or later File → Sign in…) adopts its queue.
// - offline (--offline, or Preferences) without --password: the last account's cache and outbox
//   (or, with none, a cache of nobody's); no network, no token, no keychain, no sign-in dialog.
//   Back online, the saved sign-in is read from the keychain.
// - otherwise the saved sign-in from the keychain (of --user, or of the account last used): its
//   cache opens as soon as the token is read, before the server has answered. --user with
//   --password: the saved sign-in first, the password only when that does not work (once).
//   Nothing saved, or it fails: the sign-in dialog (with --screenshot, exit 1 instead: no one
//   to type a password).
// Once an account has started, its page shows (--page), the imported posts go on top of All
// (online), the thread of --open-post opens, and then --screenshot is taken. A server whose
// certificate is not trusted is asked about (CertificateDialog), one dialog at a time.
#pragma once

#include "appcore.h"
#include "commandline.h"
#include "wire/wiretypes.h"

#include <QByteArray>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <optional>

namespace threadline::core {
class Session;
struct CertificateProblem;
} // namespace threadline::core
namespace threadline::ui {
class CertificateDialog;
class LoginDialog;
class MainWindow;
} // namespace threadline::ui

namespace threadline::app {

class PaintReport;
class Screenshot;
class StartupTrace;

class StartupFlow : public QObject
{
    Q_OBJECT
public:
    StartupFlow(core::AppCore *core, CommandLine options, const StartupTrace *trace,
                QObject *parent = nullptr);

    // Before the window is built: the command line and Preferences go to the core (the server,
    // offline, faults, the image cache's limit), and the files whose owner needs no server to
    // name them (a --cache file, or offline) open now. The cache's worker then opens the file
    // while this thread makes the widgets (its integrity check waits for the first frame with
    // posts: docs/performance.md, the cold start); the window's startAccount() finds them open.
    void prepare();
    // The window is shown: the sign-in is wired to it, and begins (at once, or once a server
    // never seen has said who it is).
    void start(ui::MainWindow *window, PaintReport *paint, Screenshot *screenshot);

    // The outbox this run will open, as far as can be told before anything opens: a --cache
    // file's, the offline account's, or the remembered account's of the server (its uid is
    // remembered from an earlier sign-in). Empty when it is not known yet (nobody has signed in
    // here): the outbox's lock still keeps a second run off it later.
    [[nodiscard]] QString expectedOutboxPath() const;
    // A later run for this account handed its command line over (core::InstanceGate): the
    // window comes up, and opens the thread of its --open-post or threadline://post/ID, or its
    // --page. Anything else on it is ignored: this run's account, server and files stay.
    void takeOver(const QStringList &arguments);

Q_SIGNALS:
    // The account's pages are made and its first page asked for (each sign-in).
    void accountStarted();

private:
    static core::UserProfile nobody();
    [[nodiscard]] QString accountName() const;
    core::UserProfile offlineAccount();
    void begin();
    bool signIn();
    void started(const core::UserProfile &me);
    void relaunchFor(const QString &username);
    void showFirstPage();
    void askToSignIn(const QString &error);
    void askAboutCertificate(const core::CertificateProblem &problem);
    void onSignedOut();
    void onTokenChanged(const QString &token);
    void stopForAccountInUse(const QString &sentence);

    core::AppCore *m_core;
    core::Session *m_session;
    const CommandLine m_options;
    const StartupTrace *m_trace;
    ui::MainWindow *m_window = nullptr;
    PaintReport *m_paint = nullptr;
    Screenshot *m_screenshot = nullptr;
    core::AppCore::AccountOptions m_account;
    std::optional<core::UserProfile> m_openedEarly; // by prepare()
    QString m_offlineName;                          // whose cache offlineAccount() opened
    qint64 m_openPost = 0; // the thread to open once All's first page is in (--open-post)
    // --user with --password: the password is still to be tried, when the saved sign-in fails
    bool m_passwordLeft = false;
    QPointer<ui::LoginDialog> m_login;
    QPointer<ui::CertificateDialog> m_certificateDialog;
    QSet<QByteArray> m_declined; // "origin fingerprint" of the certificates turned down
};

} // namespace threadline::app

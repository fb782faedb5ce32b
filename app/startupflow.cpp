// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "startupflow.h"

#include "account/serveridentity.h"
#include "account/session.h"
#include "common/preferences.h"
#include "dialogs/certificatedialog.h"
#include "dialogs/logindialog.h"
#include "net/apiclient.h"
#include "net/tlspins.h"
#include "outbox/outbox.h"
#include "paintreport.h"
#include "say.h"
#include "screenshot.h"
#include "search/searchfeed.h"
#include "search/searchview.h"
#include "startuptrace.h"
#include "thread/threadview.h"
#include "timeline/timelinefeed.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QProcess>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTimer>
#include <algorithm>
#include <memory>
#include <utility>

namespace threadline::app {

using ui::MainWindow;

StartupFlow::StartupFlow(core::AppCore *core, CommandLine options, const StartupTrace *trace,
                         QObject *parent)
    : QObject(parent)
    , m_core(core)
    , m_session(core->session())
    , m_options(std::move(options))
    , m_trace(trace)
    , m_openPost(m_options.openPost)
    , m_passwordLeft(m_options.password.has_value() && !m_options.user.isEmpty())
{
}

namespace {

// The server to use: --server, else the one remembered, else the bundled server's address.
QUrl serverOf(const core::CoreOptions &options)
{
    if (!options.server.isEmpty())
        return options.server;
    const QUrl remembered = core::Session::rememberedServer();
    return remembered.isEmpty() ? QUrl(QStringLiteral("http://127.0.0.1:8080")) : remembered;
}

QString offlineCachePath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
           QStringLiteral("/offline/cache.sqlite");
}

} // namespace

// --user, else the account last used.
QString StartupFlow::accountName() const
{
    return m_options.user.isEmpty() ? core::Session::rememberedUsername() : m_options.user;
}

QString StartupFlow::expectedOutboxPath() const
{
    if (!m_options.cacheFile.isEmpty())
        return QFileInfo(m_options.cacheFile).absoluteFilePath() + QStringLiteral(".outbox");
    const QUrl server = serverOf(m_options.core);
    const core::UserProfile me = core::Session::rememberedProfile(server, accountName());
    if (me.brief.uid > 0)
        return core::Outbox::defaultPath(server, QString::number(me.brief.uid),
                                         core::ServerIdentity::remembered(server));
    const bool offline = m_options.core.offline || ui::preferences::startOffline();
    if (offline && !m_options.password)
        return offlineCachePath() + QStringLiteral(".outbox");
    return {};
}

void StartupFlow::prepare()
{
    core::CoreOptions options = m_options.core;
    options.server = serverOf(options);
    options.offline = options.offline || ui::preferences::startOffline(); // Preferences
    options.applyTo(*m_core);
    ui::preferences::applyImageCacheLimit(m_core->images());
    m_account.likeDelayMs = options.likeDelayMs;
    m_account.imports = m_options.imported;
    if (!m_options.cacheFile.isEmpty()) {
        m_account.cachePath = QFileInfo(m_options.cacheFile).absoluteFilePath();
        m_account.outboxPath = m_account.cachePath + QStringLiteral(".outbox");
    }
    if (m_core->needsIdentity())
        return; // an address never seen: who answers there decides which files are theirs
    if (!m_options.cacheFile.isEmpty())
        m_openedEarly = nobody();
    else if (m_core->isOffline() && !m_options.password)
        m_openedEarly = offlineAccount();
    if (m_openedEarly)
        m_core->startAccount(*m_openedEarly, m_account);
}

void StartupFlow::start(MainWindow *window, PaintReport *paint, Screenshot *screenshot)
{
    m_window = window;
    m_paint = paint;
    m_screenshot = screenshot;
    connect(m_core->api(), &core::ApiClient::untrustedCertificate, this,
            &StartupFlow::askAboutCertificate);
    connect(m_session, &core::Session::signedIn, this, [this](const core::UserProfile &me) {
        m_passwordLeft = false;
        started(me);
    });
    connect(m_session, &core::Session::loginFailed, this, &StartupFlow::askToSignIn);
    connect(m_session, &core::Session::signedOut, this, &StartupFlow::onSignedOut);
    connect(m_session, &core::Session::keychainUnavailable, this,
            [this](const QString &reason) { m_window->statusBar()->showMessage(reason, 15000); });
    connect(m_core, &core::AppCore::signInRequired, this, [this] {
        askToSignIn(QCoreApplication::translate("main", "Your session has ended: sign in again."));
    });
    connect(m_window, &MainWindow::signOutRequested, this, [this] { askToSignIn({}); });
    connect(m_session, &core::Session::tokenChanged, this, &StartupFlow::onTokenChanged);
    connect(m_core, &core::AppCore::accountInUse, this, &StartupFlow::stopForAccountInUse);
    // An address never seen: who answers there decides which files are theirs (5 s at most).
    if (m_core->needsIdentity()) {
        connect(m_core, &core::AppCore::identified, this, &StartupFlow::begin,
                Qt::SingleShotConnection);
        m_core->identify();
    } else {
        begin();
    }
}

core::UserProfile StartupFlow::nobody()
{
    core::UserProfile me;
    me.brief.nickName = QCoreApplication::translate("main", "You");
    return me;
}

// Offline without a password: the last account's cache and outbox (or, with none, a cache of
// nobody's); no network, no token, no keychain.
core::UserProfile StartupFlow::offlineAccount()
{
    m_offlineName = accountName();
    const core::UserProfile me = core::Session::rememberedProfile(m_core->server(), m_offlineName);
    if (me.brief.uid > 0)
        return me;
    m_account.cachePath = offlineCachePath();
    m_account.outboxPath = m_account.cachePath + QStringLiteral(".outbox");
    return nobody();
}

void StartupFlow::begin()
{
    if (!m_options.cacheFile.isEmpty()) {
        // A cache with no account: read at once; sent once someone signs in (here, with
        // --user, or later with File → Sign in…). No sign-in is asked for.
        started(nobody());
        if (!m_options.user.isEmpty())
            signIn();
        return;
    }
    if (m_core->isOffline() && !m_options.password) {
        // No network, no token, no keychain: the last account's cache and outbox (or, with
        // none, a cache of nobody's), and no sign-in dialog.
        const core::UserProfile me = m_openedEarly ? *m_openedEarly : offlineAccount();
        const QString name = m_offlineName;
        started(me);
        // Back online: the token from the keychain, then the queue goes.
        connect(m_core->api(), &core::ApiClient::offlineChanged, this, [this, name](bool offline) {
            if (!offline && m_session->state() == core::Session::State::SignedOut &&
                !name.isEmpty())
                m_session->restore(m_core->server(), name);
        });
        return;
    }
    if (!signIn()) // once the loop runs: it may end the program
        QTimer::singleShot(0, this, [this] { askToSignIn({}); });
}

// --user with --password: a saved sign-in of that account is tried first (no round trip before
// the cache paints), the password only when there is none. False when there is nothing to try.
bool StartupFlow::signIn()
{
    const QString &user = m_options.user;
    if (!user.isEmpty() && m_passwordLeft &&
        core::Session::rememberedProfile(m_core->server(), user).brief.uid <= 0) {
        m_passwordLeft = false;
        m_session->login(m_core->server(), user, m_options.password.value_or(QString()));
    } else if (!user.isEmpty()) {
        m_session->restore(m_core->server(), user);
    } else {
        return m_session->restoreRemembered();
    }
    return true;
}

// The saved sign-in did not work: the password of the command line (once), else the dialog.
void StartupFlow::onSignedOut()
{
    if (!m_passwordLeft)
        return askToSignIn({});
    m_passwordLeft = false;
    m_session->login(m_core->server(), m_options.user, m_options.password.value_or(QString()));
}

// The account remembered for this server opens at once, before the server has answered: as soon
// as its token is read from the keychain (nothing leaves without it), not after GET /me. The
// server's answer follows (signedIn: the same person, the window goes on).
void StartupFlow::onTokenChanged(const QString &token)
{
    if (token.isEmpty() || m_window->hasAccount())
        return;
    const core::UserProfile known =
        core::Session::rememberedProfile(m_session->server(), m_session->username());
    if (known.brief.uid > 0)
        started(known);
}

void StartupFlow::started(const core::UserProfile &me)
{
    if (m_login)
        m_login->accept();
    const bool rebuild = m_core->hasAccount() && m_core->isAnonymous() && me.brief.uid > 0;
    if (rebuild) {
        // Someone signed in over a cache opened with no account: its queue is theirs now, it is
        // sent and the sync starts; the pages are made again for that person.
        m_core->adoptAccount(me);
    } else if (m_core->hasAccount() && m_core->accountUid() != me.brief.uid) {
        relaunchFor(m_session->username());
        return;
    }
    if (m_window->hasAccount() && !rebuild)
        return; // the same person signed in again (after a 401): the window goes on
    if (QWidget *modal = QApplication::activeModalWidget()) {
        // a dialog of the window is open (a report, say): closed first, the pages rebuilt once
        // it has returned — never under its feet
        if (auto *dialog = qobject_cast<QDialog *>(modal))
            dialog->reject();
        else
            modal->close();
        QTimer::singleShot(0, this, [this, me] { started(me); });
        return;
    }
    m_trace->step("startAccount…");
    m_window->startAccount(me, m_account);
    m_trace->step("startAccount");
    m_window->showPage(m_options.page);
    auto *first = m_window->feed(MainWindow::Page::All);
    const auto once = std::make_shared<bool>(false);
    const auto firstPage = [this, once] {
        if (*once)
            return;
        *once = true;
        showFirstPage();
    };
    connect(first, &models::TimelineFeed::refreshed, this, firstPage);
    connect(first, &models::TimelineFeed::error, this, firstPage);
    if (m_core->isOffline() || m_core->isAnonymous())
        connect(first, &models::TimelineFeed::cachePainted, this, firstPage);
    m_paint->watch(first); // one line when the first posts are on screen
    Q_EMIT accountStarted();
}

// Another person signed in: their own outbox, cache and sync. Threadline starts again for them
// (the token is in the keychain: no password asked), this run ends.
void StartupFlow::relaunchFor(const QString &username)
{
    QStringList args{QStringLiteral("--server"), m_core->server().toString(),
                     QStringLiteral("--user"), username};
    if (m_options.lang)
        args << QStringLiteral("--lang") << *m_options.lang;
    QProcess::startDetached(QCoreApplication::applicationFilePath(), args);
    QCoreApplication::quit();
}

// All's first page has loaded (or said why not): the imported posts, the thread to open, then
// the screenshot.
void StartupFlow::showFirstPage()
{
    // Imported posts are in the cache's All; online the server's page replaced it, so they go
    // on top of this run's list too (the newest 200 at most: bounded).
    if (!m_options.imported.isEmpty() && !m_core->isOffline() && !m_core->isAnonymous()) {
        QList<core::Post> onTop = m_options.imported;
        std::sort(onTop.begin(), onTop.end(), [](const core::Post &a, const core::Post &b) {
            return a.createtime != b.createtime ? a.createtime > b.createtime : a.id > b.id;
        });
        m_window->addPostsOnTop(onTop.mid(0, 200));
    }
    if (!m_options.search.isEmpty()) {
        // --search: the Search page with the text searched; the screenshot once it answered
        m_window->showSearch();
        ui::SearchView *search = m_window->searchView();
        if (search && m_screenshot->wanted() && m_openPost <= 0)
            connect(
                search->feed(), &models::SearchFeed::finished, m_screenshot,
                [this] { m_screenshot->take(); }, Qt::SingleShotConnection);
        if (search)
            search->search(m_options.search, m_options.searchKind);
        if (search && m_screenshot->wanted() && m_openPost <= 0)
            return;
    }
    if (m_openPost > 0) {
        m_window->openThread(std::exchange(m_openPost, 0));
        if (m_screenshot->wanted()) {
            m_screenshot->takeWhenLoaded(m_window->threadView()->loader());
            return;
        }
    }
    m_screenshot->take(); // when wanted
}

void StartupFlow::takeOver(const QStringList &arguments)
{
    if (!m_window)
        return;
    m_window->setWindowState(m_window->windowState() & ~Qt::WindowMinimized);
    m_window->show();
    m_window->raise();
    m_window->activateWindow();
    QCommandLineParser parser;
    addOptions(parser);
    if (!parser.parse(QStringList{QCoreApplication::applicationFilePath()} + arguments))
        return; // not ours to judge: the window is up, nothing else is done
    qint64 post = 0;
    QString pageError;
    const auto page = readPage(parser, &pageError);
    if (readPostToOpen(parser, &post))
        post = 0;
    m_trace->step(qPrintable(QStringLiteral("handed over: post %1").arg(post)));
    if (!m_window->hasAccount()) {
        if (post > 0)
            m_openPost = post; // once All's first page is in
        return;
    }
    if (page)
        m_window->showPage(*page);
    if (post > 0)
        m_window->openThread(post);
}

// Another run has this account's outbox (the gate did not stop it: the two started at the same
// moment, or the socket could not be reached): this run ends, having sent nothing.
void StartupFlow::stopForAccountInUse(const QString &sentence)
{
    say(sentence, stderr);
    if (m_screenshot->wanted() || !m_window) {
        QCoreApplication::exit(1);
        return;
    }
    auto *box = new QMessageBox(QMessageBox::Critical,
                                QCoreApplication::translate("main", "Threadline is already open"),
                                sentence, QMessageBox::Close, m_window);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QDialog::finished, this, [] { QCoreApplication::exit(1); });
    box->open();
}

void StartupFlow::askToSignIn(const QString &error)
{
    if (m_screenshot->wanted()) { // no one to type a password
        say(QStringLiteral("cannot sign in: %1")
                .arg(error.isEmpty() ? QStringLiteral("no account") : error),
            stderr);
        QCoreApplication::exit(1);
        return;
    }
    if (!m_login) {
        m_login = new ui::LoginDialog(m_window);
        m_login->setAttribute(Qt::WA_DeleteOnClose);
        m_login->setServer(m_core->server());
        m_login->setUsername(accountName());
        connect(m_login, &ui::LoginDialog::loginRequested, this,
                [this](const QUrl &server, const QString &name, const QString &password) {
                    m_core->setServer(server);
                    m_session->login(server, name, password);
                });
        connect(m_login, &QDialog::rejected, this, [this] {
            if (!m_window->hasAccount())
                m_window->statusBar()->showMessage(
                    QCoreApplication::translate("main", "Not signed in: choose File → Sign in…"));
        });
        m_login->open();
    }
    if (!error.isEmpty())
        m_login->showError(error);
}

// A server whose certificate is not trusted (ApiClient::untrustedCertificate, for any of its
// requests: the sign-in, GET /me at start with a remembered account, a page, an image): one
// dialog at a time says why; "Trust this certificate" pins it and what failed is tried again
// (the sign-in, or the page and the sync). A certificate the user turned down is not asked about
// again in this run: its requests go on failing in words.
void StartupFlow::askAboutCertificate(const core::CertificateProblem &problem)
{
    if (m_screenshot->wanted())
        return; // nobody to ask: the failure is said in words (stderr, exit 1)
    const QByteArray id =
        problem.origin.toUtf8() + ' ' + core::TlsPins::fingerprint(problem.certificate);
    if (m_certificateDialog || m_declined.contains(id) ||
        core::TlsPins::matches(problem.origin, problem.certificate))
        return;
    QWidget *parent = m_login ? static_cast<QWidget *>(m_login.data()) : m_window;
    m_certificateDialog = new ui::CertificateDialog(problem, parent);
    m_certificateDialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_certificateDialog, &QDialog::rejected, this, [this, id] { m_declined.insert(id); });
    connect(m_certificateDialog, &ui::CertificateDialog::trusted, this, [this] {
        if (m_login && m_login->retry())
            return;
        if (m_window->hasAccount())
            m_window->reload();
    });
    m_certificateDialog->open();
}

} // namespace threadline::app

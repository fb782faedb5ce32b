// threadline: the desktop client. The composition root: the command line, the core, the main
// window and the sign-in flow.
//   threadline [--server URL] [--user NAME [--password PW]] [--offline] [--cache FILE]
//              [--import FILE]… [--lang zh_CN|en] [--faults SPEC] [--like-delay MS]
//              [--page NAME] [--open-post ID] [--screenshot PATH] [--size WxH] [--qa]
//              [--theme system|light|dark] [--first-paint [--quit-after-first-paint]]
// --screenshot saves the window as a PNG once the first page (and an opened thread) has loaded,
// then exits: 0 when saved, 1 otherwise. --offline needs no network, token or keychain: it
// opens the last account's cache and outbox. --cache FILE opens that cache (and its outbox,
// FILE.outbox) with no account; what is queued there is sent once someone signs in. --import
// FILE (one post, an array of posts or a page {"items":[…]}) writes the posts into the cache
// opened, shown in All; a file that cannot be read is one sentence on stderr and exit 2, with
// nothing imported. --qa shows the QA panel: faults (the --faults grammar) and the offline
// switch while the app runs. Preferences (ui/preferences.h) are read here too: the language
// (--lang wins), start offline (as --offline) and the image cache's limit. --theme chooses the
// colours for this run (View → Theme remembers a choice). --first-paint prints the first
// frame's time and that of the first frame with posts from the cache (app/firstpaint.h; also
// THREADLINE_FIRST_PAINT=1), --quit-after-first-paint then ends the run: the cold-start benchmark
// (bench/bench_coldstart.cpp). app/README.md and docs/qa.md say more.
#include "allocatortuning.h"
#include "net/apiclient.h"
#include "appcore.h"
#include "dialogs/certificatedialog.h"
#include "coreoptions.h"
#include "firstpaint.h"
#include "i18n.h"
#include "wire/importfile.h"
#include "wire/jsoncodec.h"
#include "dialogs/logindialog.h"
#include "feeds.h"
#include "window/mainwindow.h"
#include "common/preferences.h"
#include "account/session.h"
#include "common/theme.h"
#include "thread/threadloader.h"
#include "thread/threadview.h"
#include "timeline/timelinefeed.h"
#include "net/tlspins.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDialog>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QMetaEnum>
#include <QPointer>
#include <QProcess>
#include <QSet>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>

using namespace threadline;
using ui::MainWindow;

namespace {

void say(const QString &line, FILE *to = stdout)
{
    std::fprintf(to, "%s\n", line.toLocal8Bit().constData());
    std::fflush(to);
}

std::optional<MainWindow::Page> pageNamed(const QString &name)
{
    const QMetaEnum e = QMetaEnum::fromType<MainWindow::Page>();
    for (int i = 0; i < e.keyCount(); ++i)
        if (name.compare(QLatin1String(e.key(i)), Qt::CaseInsensitive) == 0)
            return MainWindow::Page(e.value(i));
    return std::nullopt;
}

} // namespace

int main(int argc, char **argv)
{
    core::tuneAllocator();    // one malloc arena: the decoders' memory is reused by every thread
    QElapsedTimer sinceStart; // monotonic: the first-paint line below
    sinceStart.start();
    // THREADLINE_STARTUP_TRACE=1: the start-up's steps on stderr, ms since main()
    const bool trace = qEnvironmentVariableIntValue("THREADLINE_STARTUP_TRACE") == 1;
    const auto step = [&](const char *what) {
        if (trace)
            std::fprintf(stderr, "startup %7.1f ms  %s\n", sinceStart.nsecsElapsed() / 1e6, what);
    };
    QApplication app(argc, argv);
    step("QApplication");
    QApplication::setOrganizationName(QStringLiteral("Threadline"));
    QApplication::setApplicationName(QStringLiteral("threadline"));
    QApplication::setApplicationDisplayName(QStringLiteral("Threadline"));
    QApplication::setApplicationVersion(QStringLiteral(THREADLINE_VERSION_STRING));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Threadline desktop client"));
    parser.addHelpOption();
    parser.addVersionOption();
    core::CoreOptions::addTo(parser);
    const QCommandLineOption userOpt(QStringLiteral("user"),
                                     QStringLiteral("Sign in as NAME (or open NAME's cache)."),
                                     QStringLiteral("NAME"));
    const QCommandLineOption passwordOpt(
        QStringLiteral("password"),
        QStringLiteral("The password for --user (for scripts and QA; visible to other local "
                       "users in the process list)."),
        QStringLiteral("PW"));
    const QCommandLineOption langOpt(QStringLiteral("lang"),
                                     QStringLiteral("The language: zh_CN or en (default: the "
                                                    "system's)."),
                                     QStringLiteral("LOCALE"));
    const QCommandLineOption pageOpt(
        QStringLiteral("page"),
        QStringLiteral("The page to show: all, following, mine, hotday, hotweek, hotviews, "
                       "history, activity."),
        QStringLiteral("NAME"));
    const QCommandLineOption openOpt(QStringLiteral("open-post"),
                                     QStringLiteral("Open the thread of post ID."),
                                     QStringLiteral("ID"));
    const QCommandLineOption importOpt(
        QStringList{QStringLiteral("import"), QStringLiteral("fixture")},
        QStringLiteral("Import the posts of FILE (one post, an array of posts or a page "
                       "{\"items\":[…]}) into the cache; shown in All. May repeat."),
        QStringLiteral("FILE"));
    const QCommandLineOption cacheOpt(
        QStringLiteral("cache"),
        QStringLiteral("Open the cache FILE (created when missing) with no account; actions "
                       "queue in FILE.outbox and are sent once someone signs in."),
        QStringLiteral("FILE"));
    const QCommandLineOption shotOpt(
        QStringLiteral("screenshot"),
        QStringLiteral("Save the window as a PNG when loaded, then exit."), QStringLiteral("PATH"));
    const QCommandLineOption sizeOpt(
        QStringLiteral("size"),
        QStringLiteral("The window size, e.g. 1280x800 (default: as last time)."),
        QStringLiteral("WxH"));
    const QCommandLineOption qaOpt(
        QStringLiteral("qa"),
        QStringLiteral("Show the QA panel: faults and the offline switch while the app runs."));
    const QCommandLineOption firstPaintOpt(
        QStringLiteral("first-paint"),
        QStringLiteral("Print \"first-paint <ms since start> monotonic <ms>\" once the window's "
                       "first frame is out, and \"first-posts …\" once the cache's posts are."));
    const QCommandLineOption quitAfterPaintOpt(
        QStringLiteral("quit-after-first-paint"),
        QStringLiteral("With --first-paint: quit once the cache's posts are painted."));
    const QCommandLineOption themeOpt(
        QStringLiteral("theme"),
        QStringLiteral("The colours: system, light or dark (default: as chosen in View → Theme)."),
        QStringLiteral("THEME"));
    parser.addOptions({userOpt, passwordOpt, langOpt, pageOpt, openOpt, importOpt, cacheOpt,
                       shotOpt, sizeOpt, qaOpt, themeOpt, firstPaintOpt, quitAfterPaintOpt});
    parser.process(app);
    step("command line");

    // --lang wins over the language chosen in Preferences (the system's when none)
    installTranslations(app, parser.isSet(langOpt)
                                 ? QLocale(parser.value(langOpt))
                                 : ui::preferences::localeFor(ui::preferences::language()));

    core::CoreOptions options;
    if (const auto error = core::CoreOptions::read(parser, &options)) {
        say(*error, stderr);
        return 2;
    }
    std::optional<MainWindow::Page> page = MainWindow::Page::All;
    if (parser.isSet(pageOpt) && !(page = pageNamed(parser.value(pageOpt)))) {
        say(QStringLiteral("--page: unknown page \"%1\"").arg(parser.value(pageOpt)), stderr);
        return 2;
    }
    bool idOk = true;
    const qint64 openPost = parser.isSet(openOpt) ? parser.value(openOpt).toLongLong(&idOk) : 0;
    if (!idOk || openPost < 0) {
        say(QStringLiteral("--open-post: not a post id: %1").arg(parser.value(openOpt)), stderr);
        return 2;
    }
    // Every file is read before anything is written: one that cannot be read imports nothing.
    QList<core::Post> imported;
    for (const QString &file : parser.values(importOpt)) {
        QString error;
        const auto posts = core::ImportFile::read(file, &error);
        if (!posts) {
            say(error, stderr);
            return 2;
        }
        imported += *posts;
    }
    const QString cacheFile = parser.value(cacheOpt);
    if (parser.isSet(cacheOpt) && cacheFile.isEmpty()) {
        say(QStringLiteral("--cache: expected a file name"), stderr);
        return 2;
    }
    const auto theme = parser.isSet(themeOpt) ? ui::themeFromName(parser.value(themeOpt))
                                              : std::optional(ui::savedTheme());
    if (!theme) {
        say(QStringLiteral("--theme: expected system, light or dark, not \"%1\"")
                .arg(parser.value(themeOpt)),
            stderr);
        return 2;
    }
    if (*theme != ui::Theme::System)
        ui::applyTheme(*theme);
    const QStringList size = parser.value(sizeOpt).split(QLatin1Char('x'));
    const int width = size.value(0).toInt(), height = size.value(1).toInt();
    if (parser.isSet(sizeOpt) && (size.size() != 2 || width < 320 || height < 240)) {
        say(QStringLiteral("--size: expected WxH of at least 320x240, e.g. 1280x800"), stderr);
        return 2;
    }

    step("translations, theme");
    core::AppCore core;
    step("AppCore");
    if (options.server.isEmpty())
        options.server = core::Session::rememberedServer();
    if (options.server.isEmpty())
        options.server = QUrl(QStringLiteral("http://127.0.0.1:8080"));
    options.offline = options.offline || ui::preferences::startOffline(); // Preferences
    options.applyTo(core);
    ui::preferences::applyImageCacheLimit(core.images());
    core::AppCore::AccountOptions account;
    account.likeDelayMs = options.likeDelayMs;
    account.imports = imported;
    if (!cacheFile.isEmpty()) {
        account.cachePath = QFileInfo(cacheFile).absoluteFilePath();
        account.outboxPath = account.cachePath + QStringLiteral(".outbox");
    }
    const QString user = parser.value(userOpt);
    const auto nobody = [] {
        core::UserProfile me;
        me.brief.nickName = QCoreApplication::translate("main", "You");
        return me;
    };
    // Offline without a password: the last account's cache and outbox (or, with none, a cache
    // of nobody's); no network, no token, no keychain.
    QString offlineName;
    const auto offlineAccount = [&] {
        offlineName = user.isEmpty() ? core::Session::rememberedUsername() : user;
        const core::UserProfile me = core::Session::rememberedProfile(core.server(), offlineName);
        if (me.brief.uid > 0)
            return me;
        const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
        account.cachePath = dir + QStringLiteral("/offline/cache.sqlite");
        account.outboxPath = account.cachePath + QStringLiteral(".outbox");
        return nobody();
    };
    // Files whose owner needs no server to name them (a --cache file, or offline) open now,
    // before the window is built: the cache's worker opens the file and runs its integrity check
    // while this thread makes the widgets, so the first page is not queued behind the check
    // (docs/performance.md, "Issue 14"). The window's startAccount() finds them open.
    std::optional<core::UserProfile> openedEarly;
    if (!core.needsIdentity()) {
        if (!cacheFile.isEmpty())
            openedEarly = nobody();
        else if (core.isOffline() && !parser.isSet(passwordOpt))
            openedEarly = offlineAccount();
        if (openedEarly)
            core.startAccount(*openedEarly, account);
    }

    step("AppCore options, the account's files opening");
    // every feed, loader and model the widgets need, made from the core's parts
    models::Feeds feeds({core.api(), core.cache(), core.store(), core.outbox(), core.actions()});
    MainWindow window(&core, &feeds); // where it was last time, or 1200×800
    step("MainWindow");
    if (parser.isSet(sizeOpt))
        window.resize(width, height);
    if (parser.isSet(qaOpt))
        window.setQaPanelVisible(true);
    // --first-paint: the first frame, then the first one with the cache's posts (bench_coldstart)
    const bool reportPaint =
        parser.isSet(firstPaintOpt) || qEnvironmentVariableIntValue("THREADLINE_FIRST_PAINT") == 1;
    const bool quitAfterPaint = reportPaint && parser.isSet(quitAfterPaintOpt);
    std::unique_ptr<firstpaint::FirstPaintProbe> firstFrame, firstPosts;
    if (reportPaint)
        firstFrame = std::make_unique<firstpaint::FirstPaintProbe>(&window, "first-paint");
    if (quitAfterPaint) // no posts to paint (an empty cache): not forever
        QTimer::singleShot(20000, &app, [&] { app.exit(1); });
    window.show();
    step("show");

    const QString shotPath = parser.value(shotOpt);
    core::Session *session = core.session();
    QPointer<ui::LoginDialog> login;
    // --user with --password: a saved sign-in of that account is tried first (no round trip
    // before the cache paints), the password only when that does not work (once).
    bool passwordLeft = parser.isSet(passwordOpt) && !user.isEmpty();

    // --screenshot: once the first page has loaded (or said why not) and an opened thread too;
    // images get a moment to arrive. Never more than 30 s in all.
    bool shotTaken = false;
    const auto takeShot = [&] {
        if (shotTaken)
            return;
        shotTaken = true;
        QTimer::singleShot(1500, &app, [&] {
            const bool saved = window.grab().save(shotPath, "PNG");
            say(saved ? QStringLiteral("screenshot saved: %1").arg(shotPath)
                      : QStringLiteral("screenshot not saved: %1").arg(shotPath),
                saved ? stdout : stderr);
            app.exit(saved ? 0 : 1);
        });
    };
    if (!shotPath.isEmpty())
        QTimer::singleShot(30000, &app, takeShot);

    std::function<void(const core::UserProfile &)> started;
    started = [&](const core::UserProfile &me) {
        if (login)
            login->accept();
        const bool rebuild = core.hasAccount() && core.isAnonymous() && me.brief.uid > 0;
        if (rebuild) {
            // Someone signed in over a cache opened with no account: its queue is theirs now,
            // it is sent and the sync starts; the pages are made again for that person.
            core.adoptAccount(me);
        } else if (core.hasAccount() && core.accountUid() != me.brief.uid) {
            // Another person: their own outbox, cache and sync. Threadline starts again for them
            // (the token is in the keychain: no password asked), this run ends.
            QStringList args{QStringLiteral("--server"), core.server().toString(),
                             QStringLiteral("--user"), session->username()};
            if (parser.isSet(langOpt))
                args << QStringLiteral("--lang") << parser.value(langOpt);
            QProcess::startDetached(QCoreApplication::applicationFilePath(), args);
            app.quit();
            return;
        }
        if (window.hasAccount() && !rebuild)
            return; // the same person signed in again (after a 401): the window goes on
        if (QWidget *modal = QApplication::activeModalWidget()) {
            // a dialog of the window is open (a report, say): closed first, the pages rebuilt
            // once it has returned — never under its feet
            if (auto *dialog = qobject_cast<QDialog *>(modal))
                dialog->reject();
            else
                modal->close();
            QTimer::singleShot(0, &app, [&, me] { started(me); });
            return;
        }
        step("startAccount…");
        window.startAccount(me, account);
        step("startAccount");
        window.showPage(*page);
        auto *first = window.feed(MainWindow::Page::All);
        const auto once = std::make_shared<bool>(false);
        const auto firstPage = [&, once] {
            if (*once)
                return;
            *once = true;
            // Imported posts are in the cache's All; online the server's page replaced it, so
            // they go on top of this run's list too (the newest 200 at most: bounded).
            if (!imported.isEmpty() && !core.isOffline() && !core.isAnonymous()) {
                QList<core::Post> onTop = imported;
                std::sort(onTop.begin(), onTop.end(), [](const core::Post &a, const core::Post &b) {
                    return a.createtime != b.createtime ? a.createtime > b.createtime : a.id > b.id;
                });
                window.addPostsOnTop(onTop.mid(0, 200));
            }
            if (openPost > 0) {
                window.openThread(openPost);
                if (!shotPath.isEmpty()) {
                    auto *loader = window.threadView()->loader();
                    QObject::connect(loader, &models::ThreadLoader::busyChanged, &app,
                                     [&](bool busy) {
                                         if (!busy)
                                             takeShot();
                                     });
                    QTimer::singleShot(8000, &app, takeShot);
                    return;
                }
            }
            if (!shotPath.isEmpty())
                takeShot();
        };
        QObject::connect(first, &models::TimelineFeed::refreshed, &app, firstPage);
        QObject::connect(first, &models::TimelineFeed::error, &app, firstPage);
        if (core.isOffline() || core.isAnonymous())
            QObject::connect(first, &models::TimelineFeed::cachePainted, &app, firstPage);
        // One line when the first posts are on screen, for QA and the start-up benchmark.
        const auto painted = std::make_shared<bool>(false);
        const auto firstPaint = [&, painted](int rows, const char *from) {
            if (*painted || rows <= 0)
                return;
            *painted = true;
            step("the cache's first page in the model");
            if (reportPaint) // the frame that shows them
                firstPosts =
                    std::make_unique<firstpaint::FirstPaintProbe>(&window, "first-posts", [&] {
                        // (a turn later: when the window's first frame already shows
                        // the posts, as under xcb when the cache answers before the
                        // window is exposed, its line comes out first)
                        if (quitAfterPaint)
                            QTimer::singleShot(0, &app, &QCoreApplication::quit);
                    });
            say(QStringLiteral("first paint: %1 ms after start, %2 posts from the %3")
                    .arg(sinceStart.elapsed())
                    .arg(rows)
                    .arg(QLatin1String(from)));
        };
        QObject::connect(first, &models::TimelineFeed::cachePainted, &app,
                         [firstPaint](int rows) { firstPaint(rows, "cache"); });
        QObject::connect(first, &models::TimelineFeed::refreshed, &app,
                         [firstPaint](int rows) { firstPaint(rows, "server"); });
    };

    const auto askToSignIn = [&](const QString &error) {
        if (!shotPath.isEmpty()) { // no one to type a password
            say(QStringLiteral("cannot sign in: %1")
                    .arg(error.isEmpty() ? QStringLiteral("no account") : error),
                stderr);
            app.exit(1);
            return;
        }
        if (!login) {
            login = new ui::LoginDialog(&window);
            login->setAttribute(Qt::WA_DeleteOnClose);
            login->setServer(core.server());
            login->setUsername(user.isEmpty() ? core::Session::rememberedUsername() : user);
            QObject::connect(login, &ui::LoginDialog::loginRequested, session,
                             [&](const QUrl &server, const QString &name, const QString &pw) {
                                 core.setServer(server);
                                 session->login(server, name, pw);
                             });
            QObject::connect(login, &QDialog::rejected, &app, [&] {
                if (!window.hasAccount())
                    window.statusBar()->showMessage(QCoreApplication::translate(
                        "main", "Not signed in: choose File → Sign in…"));
            });
            login->open();
        }
        if (!error.isEmpty())
            login->showError(error);
    };

    // A server whose certificate is not trusted (ApiClient::untrustedCertificate, for any of its
    // requests: the sign-in, GET /me at start with a remembered account, a page, an image): one
    // dialog at a time says why; "Trust this certificate" pins it and what failed is tried again
    // (the sign-in, or the page and the sync). A certificate the user turned down is not asked
    // about again in this run: its requests go on failing in words.
    QPointer<ui::CertificateDialog> certificateDialog;
    QSet<QByteArray> declined;
    QObject::connect(core.api(), &core::ApiClient::untrustedCertificate, &app,
                     [&](const core::CertificateProblem &problem) {
                         if (!shotPath.isEmpty())
                             return; // nobody to ask: the failure is said in words (stderr, exit 1)
                         const QByteArray id = problem.origin.toUtf8() + ' ' +
                                               core::TlsPins::fingerprint(problem.certificate);
                         if (certificateDialog || declined.contains(id) ||
                             core::TlsPins::matches(problem.origin, problem.certificate))
                             return;
                         QWidget *parent = login ? static_cast<QWidget *>(login.data()) : &window;
                         certificateDialog = new ui::CertificateDialog(problem, parent);
                         certificateDialog->setAttribute(Qt::WA_DeleteOnClose);
                         QObject::connect(certificateDialog, &QDialog::rejected, &app,
                                          [&declined, id] { declined.insert(id); });
                         QObject::connect(certificateDialog, &ui::CertificateDialog::trusted, &app,
                                          [&] {
                                              if (login && login->retry())
                                                  return;
                                              if (window.hasAccount())
                                                  window.reload();
                                          });
                         certificateDialog->open();
                     });

    QObject::connect(session, &core::Session::signedIn, &app, [&](const core::UserProfile &me) {
        passwordLeft = false;
        started(me);
    });
    QObject::connect(session, &core::Session::loginFailed, &app, askToSignIn);
    QObject::connect(session, &core::Session::signedOut, &app, [&] {
        if (!passwordLeft)
            return askToSignIn({});
        passwordLeft = false;
        session->login(core.server(), user, parser.value(passwordOpt));
    });
    QObject::connect(
        session, &core::Session::keychainUnavailable, &app,
        [&](const QString &reason) { window.statusBar()->showMessage(reason, 15000); });
    QObject::connect(&core, &core::AppCore::signInRequired, &app, [&] {
        askToSignIn(QCoreApplication::translate("main", "Your session has ended: sign in again."));
    });
    QObject::connect(&window, &MainWindow::signOutRequested, &app, [&] { askToSignIn({}); });

    // The account remembered for this server opens at once, before the server has answered:
    // as soon as its token is read from the keychain (nothing leaves without it), not after
    // GET /me. The server's answer follows (signedIn: the same person, the window goes on).
    QObject::connect(session, &core::Session::tokenChanged, &app, [&](const QString &token) {
        if (token.isEmpty() || window.hasAccount())
            return;
        const core::UserProfile known =
            core::Session::rememberedProfile(session->server(), session->username());
        if (known.brief.uid > 0)
            started(known);
    });
    const auto signIn = [&] {
        if (!user.isEmpty() && passwordLeft &&
            core::Session::rememberedProfile(core.server(), user).brief.uid <= 0) {
            passwordLeft = false;
            session->login(core.server(), user, parser.value(passwordOpt));
        } else if (!user.isEmpty())
            session->restore(core.server(), user);
        else
            return session->restoreRemembered();
        return true;
    };
    const auto begin = [&] {
        if (!cacheFile.isEmpty()) {
            // A cache with no account: read at once; sent once someone signs in (here, with
            // --user, or later with File → Sign in…). No sign-in is asked for.
            started(nobody());
            if (!user.isEmpty())
                signIn();
            return;
        }
        if (core.isOffline() && !parser.isSet(passwordOpt)) {
            // No network, no token, no keychain: the last account's cache and outbox (or, with
            // none, a cache of nobody's), and no sign-in dialog.
            const core::UserProfile me = openedEarly ? *openedEarly : offlineAccount();
            const QString name = offlineName;
            started(me);
            // Back online: the token from the keychain, then the queue goes.
            QObject::connect(
                core.api(), &core::ApiClient::offlineChanged, &app, [&, name](bool offline) {
                    if (!offline && session->state() == core::Session::State::SignedOut &&
                        !name.isEmpty())
                        session->restore(core.server(), name);
                });
            return;
        }
        if (!signIn()) // once the loop runs: it may end the program
            QTimer::singleShot(0, &app, [&] { askToSignIn({}); });
    };
    // An address never seen: who answers there decides which files are theirs (5 s at most).
    if (core.needsIdentity()) {
        QObject::connect(&core, &core::AppCore::identified, &app, begin, Qt::SingleShotConnection);
        core.identify();
    } else {
        begin();
    }

    step("event loop");
    return app.exec();
}
